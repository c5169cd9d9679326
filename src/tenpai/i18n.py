"""Every word a player reads, from gettext catalogues: the language of a reader and the lookup.

The catalogues are standard gettext files under ``src/tenpai/locale/<lang>/LC_MESSAGES/``:
``<domain>.po`` is the source a translator edits, ``<domain>.mo`` its compiled form, which the
standard library's :mod:`gettext` reads at run time (``make catalogues`` compiles them with
Babel; a test fails when a committed ``.mo`` is stale), each read once and kept beside the
bytecode for the next commands (:class:`_Catalogue`). See ``docs/translating.md``.

A message id is a dotted key whose first part names its domain (``ui.nav.calc`` lives in
``ui.po``); the English catalogue holds the English words, like every other language. Texts
take named placeholders (``{points}``), filled with :meth:`str.format_map`; plural forms follow
each catalogue's ``Plural-Forms`` header.

>>> find_lang("zh-TW"), find_lang("zh-CN"), find_lang("ko-KR"), find_lang("de"), find_lang(None)
('zh-Hant', 'zh-Hans', 'ko', 'en', 'en')
>>> negotiate("de-DE,de;q=0.9,ja;q=0.8,en;q=0.7")
'ja'
>>> tr("core.lang.fr", "ja")
'フランス語'
>>> ntr("core.languages", 4, "fr", n=4)
'4 langues'

Numbers read in prose take the reader's decimal mark (:func:`decimal`: « 2,5 s » in French,
``2.5 s`` in English, Japanese, Chinese and Korean); the machine formats (``--json``, ``--jsonl``,
``/api/*``) keep the point. Terminal columns line up by display width (:func:`text_width`,
:func:`ljust`, :func:`rjust`): a Japanese, Chinese or Korean character takes two columns.
"""

from __future__ import annotations

import gettext
import marshal
import os
import sys
from functools import cache, lru_cache

from . import _pycache

TYPE_CHECKING = False  # not typing's: importing typing costs a command 2 to 3 ms of start-up
if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path
    from typing import Any

    LOCALE_DIR: Path  # made by __getattr__

__all__ = [
    "LANGS",
    "LOCALE_DIR",
    "catalogue_dir",
    "decimal",
    "domains",
    "find_lang",
    "forms",
    "grouped",
    "has",
    "ljust",
    "negotiate",
    "ntr",
    "rjust",
    "text_width",
    "tr",
]

#: The languages Tenpai ships, in the order the language switch lists them (BCP 47 tags).
LANGS: tuple[str, ...] = ("fr", "en", "ja", "zh-Hant", "zh-Hans", "ko")

# The catalogues' folder, read with os.path: pathlib costs a command about 3 ms of imports
# (LOCALE_DIR, the same folder as a Path, is made on first use).
_LOCALE = os.path.join(os.path.dirname(__file__), "locale")


def __getattr__(name: str) -> Path:
    if name == "LOCALE_DIR":
        from pathlib import Path

        return Path(_LOCALE)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# Tags (lower case, ``_`` read as ``-``) that name a shipped language other than by its own tag:
# the Chinese of Taiwan, Hong Kong and Macau is written in Traditional characters, that of the
# mainland, Singapore and Malaysia in Simplified ones (``zh`` alone: the larger readership).
_ALIASES = {
    "zh": "zh-Hans",
    "zh-hans": "zh-Hans",
    "zh-cn": "zh-Hans",
    "zh-sg": "zh-Hans",
    "zh-my": "zh-Hans",
    "zh-hans-cn": "zh-Hans",
    "zh-hans-sg": "zh-Hans",
    "zh-hant": "zh-Hant",
    "zh-hk": "zh-Hant",
    "zh-tw": "zh-Hant",
    "zh-mo": "zh-Hant",
    "zh-hant-hk": "zh-Hant",
    "zh-hant-tw": "zh-Hant",
}


@lru_cache(maxsize=256)
def find_lang(value: str | None) -> str:
    """Gets the shipped language a tag asks for (``fr-CA`` → ``fr``, ``zh-HK`` → ``zh-Hant``,
    ``zh-CN`` → ``zh-Hans``, ``ko-KR`` → ``ko``); English for anything else, with no error (an
    unknown language is not a mistake to report)."""
    if not value:
        return "en"
    tag = value.strip().replace("_", "-").lower()
    if tag in _ALIASES:
        return _ALIASES[tag]
    for lang in LANGS:
        if tag == lang.lower():
            return lang
    primary = tag.split("-")[0]
    if primary in ("fr", "en", "ja", "ko"):
        return primary
    # zh-Hant-xx, zh-Hans-xx, and any other Chinese (zh-xx): its script when it names one,
    # else Simplified, as plain zh reads
    if primary == "zh":
        return "zh-Hant" if "-hant" in tag else "zh-Hans"
    return "en"


def negotiate(accept_language: str) -> str:
    """Gets the shipped language an ``Accept-Language`` header prefers: the first shipped one
    in the reader's order of preference (``q`` weights, then order), English when none is."""
    ranked: list[tuple[float, int, str]] = []
    for i, item in enumerate(accept_language.split(",")[:20]):
        tag, _, params = item.strip().partition(";")
        q = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                q = float(params[2:])
            except ValueError:
                q = 0.0
        tag = tag.strip()
        if not tag or tag == "*" or q <= 0:
            continue
        lang = find_lang(tag)
        if lang != "en" or tag.lower().split("-")[0] == "en":
            ranked.append((-q, i, lang))
    return min(ranked)[2] if ranked else "en"


def catalogue_dir(lang: str) -> str:
    """Gets the folder name of a language's catalogues (``zh-Hant`` → ``zh_Hant``)."""
    return lang.replace("-", "_")


@cache
def domains() -> tuple[str, ...]:
    """Lists the domains of the English catalogues (every domain has one)."""
    folder = os.path.join(_LOCALE, "en", "LC_MESSAGES")
    return tuple(sorted(f.removesuffix(".mo") for f in os.listdir(folder) if f.endswith(".mo")))


class _Empty(gettext.NullTranslations):
    """A missing catalogue: every lookup misses, so the fallback answers."""


class _Plural:
    """A catalogue's plural function (its ``Plural-Forms``), compiled by the standard
    :func:`gettext.c2py` when first called: a command that says no plural spares it."""

    __slots__ = ("_expression", "_function")

    def __init__(self, expression: str) -> None:
        self._expression = expression
        self._function: Callable[[int], int] | None = None

    def __call__(self, n: int) -> int:
        if self._function is None:
            self._function = gettext.c2py(self._expression)
        return self._function(n)


_KEPT_FORMAT = "tenpai-catalogue 1"
"""The first words of a kept catalogue's header (another format: the ``.mo`` is read)."""


class _Catalogue(gettext.GNUTranslations):
    """A catalogue as :class:`gettext.GNUTranslations` reads it from its ``.mo`` file, or as an
    earlier process kept it beside the bytecode (:mod:`tenpai._pycache`): a ``marshal`` copy
    of what the reading gave, taken again while the ``.mo`` has the stamp it had then and its
    checksum holds (the whole ``ui`` catalogue read in about a sixth of the time: reading a
    ``.mo`` cost every command 1 to 2 ms, docs/benchmarks.md). Anything else (none kept yet,
    another ``.mo``, another Python, a damaged copy) reads the ``.mo``."""

    def _parse(self, fp: Any) -> None:
        st = os.fstat(fp.fileno())
        name = f"tenpai-catalogue.{_kept_name(fp.name)}.{sys.implementation.cache_tag}.marshal"
        head = f"{_KEPT_FORMAT} {marshal.version} {_pycache.stamp(st)} "
        kept = _pycache.read(os.path.dirname(_LOCALE), name)
        if kept is not None and kept.startswith(head.encode()):
            got = _read_kept(kept[len(head) :])
            if got is not None:
                self._info, self._charset, self._catalog = got
                forms = self._info.get("plural-forms")  # as GNUTranslations reads it
                if forms is not None:
                    self.plural = _Plural(forms.split(";")[1].split("plural=")[1])
                return
        super()._parse(fp)
        # a Plural-Forms header over two lines is read from its first: not kept
        if _pycache.settled(st) and "\n" not in self._info.get("plural-forms", ""):
            _pycache.write(os.path.dirname(_LOCALE), name, lambda: head.encode() + self._as_kept())

    def _as_kept(self) -> bytes:
        """Writes what the reading gave as it is kept, after the header's stamp: its CRC-32
        on a line, then the marshalled info, charset and messages."""
        import zlib  # (here and in _read_kept: a command that keeps nothing needs none)

        data = marshal.dumps((self._info, self._charset, self._catalog))
        return f"{zlib.crc32(data):08x}\n".encode() + data


def _kept_name(path: str) -> str:
    """Names the kept copy of the catalogue at *path* by its language and domain."""
    folder, mo = os.path.split(path)
    return f"{os.path.basename(os.path.dirname(folder))}.{mo.removesuffix('.mo')}"


def _read_kept(data: bytes) -> tuple[dict[str, str], str | None, dict[Any, str]] | None:
    """Reads a kept catalogue after its header's stamp (``CRC32\\n`` then the marshalled
    info, charset and messages), or None when its checksum or its shape is not right."""
    import zlib

    check, newline, body = data.partition(b"\n")
    try:
        if not newline or int(check, 16) != zlib.crc32(body):
            return None
        got = marshal.loads(body)
    except (ValueError, EOFError, TypeError):
        return None
    if (
        type(got) is tuple
        and len(got) == 3
        and type(got[0]) is dict
        and (got[1] is None or type(got[1]) is str)
        and type(got[2]) is dict
    ):
        return got
    return None


@cache
def _catalogue(domain: str, lang: str) -> gettext.NullTranslations:
    path = os.path.join(_LOCALE, catalogue_dir(lang), "LC_MESSAGES", f"{domain}.mo")
    found: gettext.NullTranslations
    try:
        with open(path, "rb") as f:
            found = _Catalogue(f)
    except FileNotFoundError:
        found = _Empty()
    if lang != "en":
        found.add_fallback(_catalogue(domain, "en"))
    return found


def _domain(key: str) -> str:
    domain, dot, _ = key.partition(".")
    if not dot:
        raise ValueError(f"message id {key!r} has no domain (expected 'domain.name')")
    return domain


def _fill(text: str, params: dict[str, object]) -> str:
    # A text is formatted only when it takes placeholders: one without them may hold braces.
    # Every language's text takes the same placeholders as the English one (a test checks).
    return text.format_map(params) if params else text


def has(key: str, lang: str) -> bool:
    """Tells whether *lang*'s own catalogue (not the English fallback) has *key*."""
    cat = _catalogue(_domain(key), find_lang(lang))
    if isinstance(cat, _Empty):
        return False
    return key in cat._catalog  # type: ignore[attr-defined]


@lru_cache(maxsize=16384)
def _text(key: str, lang: str) -> str:
    return _catalogue(_domain(key), lang).gettext(key)


def tr(key: str, lang: str, /, **params: object) -> str:
    """Gets the words of message *key* in *lang* (English when that language lacks it, the key
    itself when no catalogue has it), its named placeholders filled from *params*."""
    return _fill(_text(key, find_lang(lang)), params)


def forms(key: str, lang: str | None = None) -> tuple[str, ...]:
    """Lists the forms of message *key*, a list of words separated by ``|`` (the answers a
    player may type: ``なし | 無``), in *lang*, or in every shipped language one after the
    other without repeats when *lang* is None (nothing when no catalogue has *key*).

    >>> forms("riichi.quiz.reads.none", "ja"), forms("riichi.quiz.reads.and")
    (('なし', '無し', '無'), ('et', 'and', '및'))
    """
    if not has(key, "en"):
        return ()
    out: list[str] = []
    for one in LANGS if lang is None else (lang,):
        out += (form.strip() for form in tr(key, one).split("|") if form.strip())
    return tuple(dict.fromkeys(out))


def ntr(key: str, n: int, lang: str, /, **params: object) -> str:
    """Gets the plural form of message *key* for the count *n* in *lang* (the catalogue's
    ``Plural-Forms``), its placeholders filled from *params*."""
    return _fill(_catalogue(_domain(key), find_lang(lang)).ngettext(key, key, n), params)


def decimal(x: float, lang: str, /, places: int | None = 1, *, sign: bool = False) -> str:
    """Writes the number *x* with *places* decimals (rounded as :func:`format` rounds; None:
    as few as it needs, ``7.5`` and ``8``, :func:`format`'s ``g``) for a reader of *lang*:
    with the decimal mark of that language's ``core`` catalogue (``core.number.decimal_mark``:
    a comma in French, a point in English, Japanese, Chinese and Korean); *sign* writes ``+``
    before a positive number. For words, not data: the machine formats write the point.

    >>> decimal(2.45, "fr", 2), decimal(2.5, "en"), decimal(2.5, "ja"), decimal(-19.5, "fr")
    ('2,45', '2.5', '2.5', '-19,5')
    >>> decimal(51.3, "zh-Hant", sign=True), decimal(51.3, "fr", sign=True), decimal(3, "fr", 0)
    ('+51.3', '+51,3', '3')
    >>> decimal(7.5, "fr", None), decimal(8.0, "fr", None)
    ('7,5', '8')
    """
    form = "g" if places is None else f".{places}f"
    text = format(x, ("+" if sign else "") + form)
    mark = _text("core.number.decimal_mark", find_lang(lang))
    return text if mark == "." else text.replace(".", mark)


def grouped(n: int, lang: str, /, entry: str = "core.number.grouping") -> str:
    """Writes the whole number *n* with the thousands separator of *lang*'s readers: what the
    catalogue's *entry* writes between ``12`` and ``345`` (``core.number.grouping``: a space
    in French and English, as the scoring card writes points; none in Japanese and Chinese, as
    Tenhou writes ``8000点``; a comma in Korean, ``12,000점``; a wing may keep its own, as Hong
    Kong's amounts); a space when the entry is not of that form.

    >>> grouped(48000, "fr"), grouped(48000, "ja"), grouped(-1300, "zh-Hant"), grouped(800, "en")
    ('48 000', '48000', '-1300', '800')
    >>> grouped(48000, "ko"), grouped(48000, "zh-Hans")
    ('48,000', '48000')
    """
    return f"{n:,}".replace(",", _group_mark(entry, find_lang(lang)))


@cache
def _group_mark(entry: str, lang: str) -> str:
    sample = _text(entry, lang)
    if sample.startswith("12") and sample.endswith("345") and len(sample) <= 8:
        return sample[2:-3]
    return " "


def text_width(text: str, lang: str | None = None) -> int:
    """Counts the terminal columns *text* takes: two for a wide or full-width character (East
    Asian Width ``W`` or ``F``: kanji, kana, hangul, full-width forms), none for a combining
    mark (``Mn``, ``Me``), one for any other; an ambiguous character (``A``: ``█``, ``·``,
    arrows, ``×``...) takes the columns the terminals of *lang*'s readers give it (Unicode
    Standard Annex #11: wide in an East Asian context), the catalogue's
    ``core.text.ambiguous_width`` (two in Japanese, Chinese and Korean), one when *lang* is
    None.

    >>> text_width("tanyao"), text_width("和了"), text_width("ｒｏｎ"), text_width("e\u0301")
    (6, 4, 6, 1)
    >>> text_width("█·→", "fr"), text_width("█·→", "ja"), text_width("░", "ja")
    (3, 6, 1)
    """
    if text.isascii():
        return len(text)
    from unicodedata import category, east_asian_width

    ambiguous = 1 if lang is None else int(_text("core.text.ambiguous_width", find_lang(lang)))
    widths = {"W": 2, "F": 2, "A": ambiguous}
    return sum(
        0 if category(ch) in ("Mn", "Me") else widths.get(east_asian_width(ch), 1) for ch in text
    )


def ljust(text: str, width: int, lang: str | None = None) -> str:
    """Pads *text* with spaces on the right to *width* terminal columns (:func:`text_width`,
    for the readers of *lang*); a longer text stays whole, as :meth:`str.ljust` leaves it.

    >>> ljust("和了", 6) + "|", ljust("ron", 6) + "|", ljust("→", 3, "ja") + "|"
    ('和了  |', 'ron   |', '→ |')
    """
    return text + " " * (width - text_width(text, lang))


def rjust(text: str, width: int, lang: str | None = None) -> str:
    """Pads *text* with spaces on the left to *width* terminal columns (:func:`text_width`,
    for the readers of *lang*).

    >>> "|" + rjust("秒", 5), "|" + rjust("s", 5)
    ('|   秒', '|    s')
    """
    return " " * (width - text_width(text, lang)) + text
