"""The catalogues kept beside the bytecode (:mod:`tenpai.i18n`, :mod:`tenpai._pycache`): the
same messages as the standard library's reading of each ``.mo``, taken again only while that
``.mo`` is the one they were read from, and never a wrong word from a kept copy that is stale,
damaged, or that could not be written."""

from __future__ import annotations

import gettext
import io
import marshal
import os
import struct
import sys
import time
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from tenpai import _pycache, i18n

SHIPPED = Path(i18n.__file__).parent / "locale"


def _mo(words: dict[str, str]) -> bytes:
    """Compiles a catalogue of *words* with Babel (French headers: two plural forms, ``n > 1``)
    and a plural message ``demo.count``."""
    cat = Catalog(locale="fr")
    for key, text in words.items():
        cat.add(key, text)
    cat.add(("demo.count", "demo.count"), ("{n} mot", "{n} mots"))
    out = io.BytesIO()
    write_mo(out, cat)
    return out.getvalue()


def _raw_mo(entries: dict[bytes, bytes]) -> bytes:
    """Writes a ``.mo`` file of *entries* as the GNU gettext manual lays it out ("The Format
    of GNU MO Files"): the header, the tables of the originals and of the translations
    (length and offset of each), then the strings, each ended by a NUL."""
    keys = sorted(entries)
    n = len(keys)
    start = 28 + 16 * n
    strings = b""
    tables: list[list[int]] = [[], []]
    for side, texts in enumerate((keys, [entries[k] for k in keys])):
        for text in texts:
            tables[side] += [len(text), start + len(strings)]
            strings += text + b"\0"
    header = struct.pack("<7I", 0x950412DE, 0, n, 28, 28 + 8 * n, 0, 0)
    return header + struct.pack(f"<{4 * n}I", *tables[0], *tables[1]) + strings


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A package folder of its own: ``locale/fr/LC_MESSAGES/demo.mo`` (and an English one)
    read by :mod:`tenpai.i18n`, its copies kept in ``__pycache__`` as bytecode is."""
    for lang, word in (("fr", "bonjour"), ("en", "hello")):
        folder = tmp_path / "locale" / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        (folder / "demo.mo").write_bytes(_mo({"demo.hello": word, "demo.other": "x"}))
    monkeypatch.setattr(i18n, "_LOCALE", str(tmp_path / "locale"))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.setattr(sys, "pycache_prefix", None)
    _fresh()
    yield tmp_path
    _fresh()


def _fresh() -> None:
    """Forgets what this process read (as the next process starts)."""
    i18n._catalogue.cache_clear()
    i18n._text.cache_clear()


def _later(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    now = time.time_ns()
    monkeypatch.setattr(_pycache, "now_ns", lambda: now + int(seconds * 1e9))


def _kept_files(package: Path) -> list[str]:
    folder = package / "__pycache__"
    return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []


def _parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Counts the readings of a ``.mo`` by the standard library."""
    seen: list[str] = []
    real = gettext.GNUTranslations._parse

    def counted(self: gettext.GNUTranslations, fp: io.BufferedReader) -> None:
        seen.append(os.path.basename(fp.name))
        real(self, fp)

    monkeypatch.setattr(gettext.GNUTranslations, "_parse", counted)
    return seen


def _kept_name(lang: str) -> str:
    return f"tenpai-catalogue.{lang}.demo.{sys.implementation.cache_tag}.marshal"


@pytest.mark.parametrize("lang", ["fr", "en", "ja", "zh_Hant"])
def test_every_shipped_catalogue_reads_as_the_standard_library_reads_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    # the shipped .mo files, copied, read twice: from the .mo, then from the kept copy
    folder = tmp_path / "locale" / lang / "LC_MESSAGES"
    folder.mkdir(parents=True)
    for mo in sorted((SHIPPED / lang / "LC_MESSAGES").glob("*.mo")):
        (folder / mo.name).write_bytes(mo.read_bytes())
    monkeypatch.setattr(i18n, "_LOCALE", str(tmp_path / "locale"))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.setattr(sys, "pycache_prefix", None)
    _later(monkeypatch, 60)
    parses = _parses(monkeypatch)
    for mo in sorted(folder.glob("*.mo")):
        with open(mo, "rb") as fh:
            theirs = gettext.GNUTranslations(fh)
        for _ in range(2):
            with open(mo, "rb") as fh:
                ours = i18n._Catalogue(fh)
            assert ours._catalog == theirs._catalog  # type: ignore[attr-defined]
            assert ours._info == theirs._info  # type: ignore[attr-defined]
            assert ours._charset == theirs._charset  # type: ignore[attr-defined]
            plural = [theirs.plural(n) for n in range(30)]  # type: ignore[attr-defined]
            assert [ours.plural(n) for n in range(30)] == plural
    # each .mo read twice by the standard library (ours the first time, theirs), once kept
    assert sorted(parses) == sorted(2 * [p.name for p in folder.glob("*.mo")])
    assert len(_kept_files(tmp_path)) == len(list(folder.glob("*.mo")))


def test_a_settled_catalogue_is_kept_for_the_next_processes(
    package: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _later(monkeypatch, 60)  # the .mo files were written a minute ago
    assert i18n.tr("demo.hello", "fr") == "bonjour"
    assert _kept_files(package) == [_kept_name("en"), _kept_name("fr")]
    _fresh()
    parses = _parses(monkeypatch)
    assert i18n.tr("demo.hello", "fr") == "bonjour"
    assert i18n.tr("demo.missing", "fr") == "demo.missing"
    assert i18n.ntr("demo.count", 1, "fr", n=1) == "1 mot"
    assert i18n.ntr("demo.count", 2, "fr", n=2) == "2 mots"
    assert i18n.has("demo.other", "fr")
    assert parses == []  # read from the kept copies


@pytest.mark.parametrize("change", ["same size", "longer", "replaced"])
def test_a_changed_catalogue_is_read_again(
    package: Path, monkeypatch: pytest.MonkeyPatch, change: str
) -> None:
    mo = package / "locale" / "fr" / "LC_MESSAGES" / "demo.mo"
    _later(monkeypatch, 60)
    assert i18n.tr("demo.hello", "fr") == "bonjour"
    before = mo.stat()
    time.sleep(0.05)  # a later clock tick of the file system, as for any later edit
    word = {"same size": "bonsoir", "longer": "bonjour à tous", "replaced": "salut"}[change]
    new = _mo({"demo.hello": word, "demo.other": "x"})
    if change == "same size":
        assert len(new) == before.st_size
    if change == "replaced":  # another file moved over it (a checkout, make catalogues)
        (mo.parent / "new.mo").write_bytes(new)
        os.replace(mo.parent / "new.mo", mo)
    else:
        mo.write_bytes(new)
    # even with its modification time set back as it was, its change time tells
    os.utime(mo, ns=(before.st_atime_ns, before.st_mtime_ns))
    _fresh()
    _later(monkeypatch, 120)
    assert i18n.tr("demo.hello", "fr") == word
    _fresh()  # and the copy kept now is the new one
    assert i18n.tr("demo.hello", "fr") == word


def test_a_catalogue_changed_just_now_is_not_kept(
    package: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # within the file system's clock tick, a second write may leave its times unchanged
    assert i18n.tr("demo.hello", "fr") == "bonjour"
    assert _kept_files(package) == []


def _damaged(kept: bytes) -> dict[str, bytes]:
    check_at = kept.index(b"\n") - 8
    word_at = kept.index(b"bonjour")
    body = kept[kept.index(b"\n") + 1 :]
    other_shape = marshal.dumps(["bonjour"])
    return {
        "empty": b"",
        "garbage": b"\x00\xff garbage \n\n",
        "truncated": kept[: len(kept) // 2],
        "one byte less": kept[:-1],
        "a letter of a word changed": kept[:word_at] + b"B" + kept[word_at + 1 :],
        "the checksum changed": kept[:check_at] + b"00000000" + kept[check_at + 8 :],
        "the header only": kept[: kept.index(b"\n") + 1],
        "no checksum": kept[:check_at] + body,
        "another shape, its checksum right": kept[:check_at]
        + f"{zlib.crc32(other_shape):08x}\n".encode()
        + other_shape,
        "another format": kept.replace(b"tenpai-catalogue 1", b"tenpai-catalogue 2", 1),
        "another marshal version": kept.replace(
            f"tenpai-catalogue 1 {marshal.version} ".encode(), b"tenpai-catalogue 1 999 ", 1
        ),
    }


@pytest.mark.parametrize(
    "damage",
    [
        "empty",
        "garbage",
        "truncated",
        "one byte less",
        "a letter of a word changed",
        "the checksum changed",
        "the header only",
        "no checksum",
        "another shape, its checksum right",
        "another format",
        "another marshal version",
    ],
)
def test_a_damaged_copy_is_never_read(
    package: Path, monkeypatch: pytest.MonkeyPatch, damage: str
) -> None:
    _later(monkeypatch, 60)
    assert i18n.tr("demo.hello", "fr") == "bonjour"
    kept = package / "__pycache__" / _kept_name("fr")
    kept.write_bytes(_damaged(kept.read_bytes())[damage])
    _fresh()
    parses = _parses(monkeypatch)
    assert i18n.tr("demo.hello", "fr") == "bonjour"
    assert i18n.ntr("demo.count", 2, "fr", n=2) == "2 mots"
    assert parses == ["demo.mo"]  # the .mo read again (the English copy still good)
    _fresh()
    assert i18n.tr("demo.hello", "fr") == "bonjour"  # and kept again, right


def test_nothing_is_kept_without_bytecode_or_where_it_cannot_be(
    package: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _later(monkeypatch, 60)
    monkeypatch.setattr(sys, "dont_write_bytecode", True)  # PYTHONDONTWRITEBYTECODE
    assert i18n.tr("demo.hello", "fr") == "bonjour"
    assert not (package / "__pycache__").exists()
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    (package / "__pycache__").write_text("a file where the folder would be")
    _fresh()
    assert i18n.tr("demo.hello", "fr") == "bonjour"
    assert (package / "__pycache__").read_text() == "a file where the folder would be"
    (package / "__pycache__").unlink()
    (package / "__pycache__").mkdir()
    (package / "__pycache__").chmod(0o500)  # read-only (as a system install)
    try:
        _fresh()
        assert i18n.tr("demo.hello", "fr") == "bonjour"
        if os.geteuid() != 0:  # root writes anyway
            assert _kept_files(package) == []
    finally:
        (package / "__pycache__").chmod(0o700)
    assert all(".marshal." not in name for name in _kept_files(package))  # no temporary left


def test_the_copies_follow_pythons_bytecode_prefix(
    package: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    prefix = tmp_path / "bytecode"
    monkeypatch.setattr(sys, "pycache_prefix", str(prefix))  # PYTHONPYCACHEPREFIX
    _later(monkeypatch, 60)
    assert i18n.tr("demo.hello", "fr") == "bonjour"
    assert _kept_files(package) == []
    where = prefix / str(package).lstrip(os.sep)
    assert sorted(p.name for p in where.iterdir()) == [_kept_name("en"), _kept_name("fr")]
    _fresh()
    parses = _parses(monkeypatch)
    assert i18n.tr("demo.hello", "fr") == "bonjour"
    assert parses == []


def test_a_plural_forms_header_on_two_lines_is_read_as_the_standard_library_reads_it(
    package: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # gettext takes the plural rule from the header's first line, its info keeps both lines
    # (the second would make the rule unreadable): such a catalogue is read from its .mo
    headers = (
        b"Content-Type: text/plain; charset=UTF-8\n"
        b"Plural-Forms: nplurals=2; plural=(n != 1)\n"
        b"  || n == 0;\n"
    )
    mo = package / "locale" / "fr" / "LC_MESSAGES" / "demo.mo"
    mo.write_bytes(_raw_mo({b"": headers, b"demo.count\0demo.count": b"{n} mot\0{n} mots"}))
    _later(monkeypatch, 60)
    for _ in range(2):
        _fresh()
        words = [i18n.ntr("demo.count", n, "fr", n=n) for n in (0, 1, 2)]
        assert words == ["0 mots", "1 mot", "2 mots"]
    assert _kept_files(package) == [_kept_name("en")]
