"""The message catalogues (src/tenpai/locale): compile, check, start a domain.

    python tools/catalogues.py compile        # every .po to its .mo (Babel), what changed
    python tools/catalogues.py check          # what is missing, stale or inconsistent; exit 1
    python tools/catalogues.py new DOMAIN     # empty catalogues of a new domain, every language

The English catalogue of a domain is its reference: every other language has the same ids,
each translated (not empty, not fuzzy), with no placeholder English lacks, and every id that
the code names literally (``tr("ui.x", ...)``, ``ntr(...)``) is in English. docs/translating.md
tells a translator how to work with them.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "tenpai"
LOCALE = SRC / "locale"
# Shipped languages and their catalogue folders (tenpai.i18n.LANGS).
LANGS = {
    "fr": "fr",
    "en": "en",
    "ja": "ja",
    "zh-Hant": "zh_Hant",
    "zh-Hans": "zh_Hans",
    "ko": "ko",
}

_PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}")


def po_files() -> Iterator[tuple[str, str, Path]]:
    """Yields (language, domain, path) for every catalogue source."""
    for lang, folder in LANGS.items():
        for po in sorted((LOCALE / folder / "LC_MESSAGES").glob("*.po")):
            yield lang, po.stem, po


_EPOCH = datetime(2026, 1, 1, tzinfo=UTC)


def read(path: Path, lang: str) -> Catalog:
    """Reads a catalogue source. A header without its dates gets a fixed one, not the time of
    reading (Babel's default), so that compiling twice gives the same bytes."""
    raw = path.read_bytes()
    cat = read_po(io.BytesIO(raw), locale=LANGS[lang], domain=path.stem)
    if b"POT-Creation-Date:" not in raw:
        cat.creation_date = _EPOCH
    if b"PO-Revision-Date:" not in raw:
        cat.revision_date = _EPOCH
    return cat


def mo_bytes(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def compile_all() -> list[Path]:
    """Writes each .mo whose bytes differ from its .po's; returns those written."""
    written = []
    for lang, _domain, po in po_files():
        data = mo_bytes(read(po, lang))
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != data:
            mo.write_bytes(data)
            written.append(mo)
    return written


def _texts(message: object) -> list[str]:
    s = message.string  # type: ignore[attr-defined]
    return [t for t in (s if isinstance(s, tuple) else (s,))]


def placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text))


def code_ids() -> dict[str, str]:
    """Every message id the code names literally, with where (``path:line``)."""
    found: dict[str, str] = {}
    keywords = {"tr": (1,), "ntr": (1,)}
    for filename, lineno, message, _comments, _ctx in extract_from_dir(
        str(SRC), method_map=[("**.py", "python")], keywords=keywords, comment_tags=()
    ):
        if isinstance(message, str) and "." in message:
            found.setdefault(message, f"{filename}:{lineno}")
    return found


def problems() -> list[str]:
    """Everything wrong with the catalogues, one line each (empty when all is well)."""
    out: list[str] = []
    catalogs: dict[tuple[str, str], Catalog] = {}
    for lang, domain, po in po_files():
        cat = read(po, lang)
        catalogs[lang, domain] = cat
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != mo_bytes(cat):
            out.append(f"{mo.relative_to(ROOT)} is stale: run `make catalogues`")
    english = {d: c for (lang, d), c in catalogs.items() if lang == "en"}
    for (lang, domain), cat in sorted(catalogs.items()):
        ref = english.get(domain)
        if ref is None:
            out.append(f"{lang}/{domain}.po has no English catalogue")
            continue
        for msg in ref:
            if not msg.id:
                continue
            mid = msg.id if isinstance(msg.id, str) else msg.id[0]
            if not mid.startswith(domain + "."):
                out.append(f"en/{domain}.po: id {mid!r} does not start with '{domain}.'")
            got = cat.get(msg.id)
            if got is None or not all(_texts(got)):
                out.append(f"{lang}/{domain}.po: {mid!r} has no translation")
                continue
            if got.fuzzy:
                out.append(f"{lang}/{domain}.po: {mid!r} is marked fuzzy")
            want = set().union(*(placeholders(t) for t in _texts(msg)))
            # A translation may leave out a placeholder its language does not need (a Chinese
            # text need not repeat a term in parentheses); it never takes one English lacks.
            for text in _texts(got):
                if not placeholders(text) <= want:
                    out.append(
                        f"{lang}/{domain}.po: {mid!r} takes {sorted(placeholders(text))}, "
                        f"English takes {sorted(want)}"
                    )
        extra = {m.id for m in cat if m.id} - {m.id for m in ref if m.id}
        out.extend(f"{lang}/{domain}.po: {e!r} is not in English" for e in sorted(map(str, extra)))
    known = {str(m.id if isinstance(m.id, str) else m.id[0]) for c in english.values() for m in c}
    for mid, where in sorted(code_ids().items()):
        if mid.split(".")[0] in english and mid not in known:
            out.append(f"{where}: {mid!r} is in no English catalogue")
    return out


def new_domain(domain: str) -> None:
    for folder in LANGS.values():
        po = LOCALE / folder / "LC_MESSAGES" / f"{domain}.po"
        if po.exists():
            continue
        po.parent.mkdir(parents=True, exist_ok=True)
        cat = Catalog(locale=folder, domain=domain, project="Tenpai", fuzzy=False)
        buf = io.BytesIO()
        write_po(buf, cat, omit_header=False, width=100)
        po.write_bytes(buf.getvalue())


def main(argv: list[str]) -> int:
    if argv[:1] == ["compile"]:
        for mo in compile_all():
            print(f"wrote {mo.relative_to(ROOT)}")
        return 0
    if argv[:1] == ["check"]:
        found = problems()
        for line in found:
            print(line)
        print(f"{len(found)} problem(s)" if found else "catalogues complete")
        return 1 if found else 0
    if len(argv) == 2 and argv[0] == "new":
        new_domain(argv[1])
        return 0
    print(__doc__.strip(), file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
