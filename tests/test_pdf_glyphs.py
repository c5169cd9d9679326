"""Every character of every generated PDF, in every language, is drawn with a glyph of the
font that draws it (no empty box), and each language's characters in the face made for them.

The documents are those a user downloads as PDF (``tenpai card --format pdf``, the web app's
"Download the PDF"): the riichi card and the two Hong Kong pages, in each shipped language,
drawn with the fonts tools/apt-deps.sh installs (Noto Sans CJK, docs/translating.md, "Fonts").
The check reads the PDF's own fonts (tests/pdf_glyphs.py): a code whose CID is 0 is the
``.notdef`` glyph.
"""

from __future__ import annotations

import shutil
import subprocess
import unicodedata
from functools import cache

import pytest

from pdf_glyphs import Shown, missing_glyphs, shown
from tenpai.i18n import LANGS
from tenpai.render.documents import card_document
from tenpai.render.pdf import render_pdf

# WeasyPrint takes seconds a document: out of `make check`, in `make test`.
pytestmark = pytest.mark.slow

DOCUMENTS = (("riichi", None), ("hk", "fan"), ("hk", "payments"))

# The face of Noto Sans CJK made for each language's readers (its PostScript name as the PDF
# embeds it): Japanese forms, Hong Kong and Taiwan forms, mainland forms, Korean.
FACES = {
    "ja": ("CJK-JP",),
    "zh-Hant": ("CJK-HK", "CJK-TC"),
    "zh-Hans": ("CJK-SC",),
    "ko": ("CJK-KR",),
}


# The characters the tiles draw (src/tenpai/render/svg.py: 萬 over the characters' numeral,
# 發, the flowers and seasons), in the tiles' own font list, whatever the language.
TILE_GLYPHS = frozenset("萬發梅蘭菊竹春夏秋冬")


def _is_tile(s: Shown) -> bool:
    return s.char in TILE_GLYPHS and "CJK" not in s.font


def _renderer_or_skip() -> None:
    try:
        import weasyprint  # noqa: F401
    except (ImportError, OSError) as e:  # OSError: the Pango library is missing
        pytest.skip(f"WeasyPrint cannot run here ({e}); install tenpai[pdf] and Pango")
    if shutil.which("fc-list") is None:
        pytest.skip("fc-list is missing: the fonts cannot be listed (fontconfig)")
    fc_list = ["fc-list", ":", "family"]
    listed = subprocess.run(fc_list, capture_output=True, text=True, check=False).stdout
    if "Noto Sans CJK" not in listed:
        pytest.skip("Noto Sans CJK is not installed: run tools/apt-deps.sh (fonts-noto-cjk)")


@cache
def _pdf(variant: str, page: str | None, lang: str) -> bytes:
    return render_pdf(card_document(variant=variant, page=page, lang=lang))


def _is_cjk(ch: str) -> bool:
    """A Chinese character, kana or hangul (what only a CJK face draws); a ligature's glyph
    reads as several letters (fl)."""
    if len(ch) != 1:
        return False
    name = unicodedata.name(ch, "")
    return name.startswith(("CJK UNIFIED", "HIRAGANA", "KATAKANA", "HANGUL SYLLABLE"))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("variant", "page"), DOCUMENTS)
def test_every_character_has_a_glyph(variant: str, page: str | None, lang: str) -> None:
    _renderer_or_skip()
    pdf = _pdf(variant, page, lang)
    drawn = shown(pdf)
    assert len(drawn) > 500  # the document's text was read
    missing = missing_glyphs(pdf)
    assert missing == [], "".join(sorted({m.char for m in missing}))


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang in FACES])
@pytest.mark.parametrize(("variant", "page"), DOCUMENTS)
def test_each_language_is_set_in_its_own_face(variant: str, page: str | None, lang: str) -> None:
    _renderer_or_skip()
    cjk = [s for s in shown(_pdf(variant, page, lang)) if _is_cjk(s.char)]
    assert len(cjk) > 100
    # the Hong Kong pages quote the rulebook's Traditional terms in every language (their
    # spans say lang="zh-Hant"): the language's own words are the rest
    quoted = FACES["zh-Hant"] if lang != "zh-Hant" else ()
    own = [s for s in cjk if not _is_tile(s) and not any(face in s.font for face in quoted)]
    wrong = {s.font for s in own if not any(face in s.font for face in FACES[lang])}
    assert wrong == set(), wrong


def test_the_hong_kong_terms_are_set_in_a_traditional_face() -> None:
    """The French page quotes the rulebook's terms (詐糊, 出銃, 全銃, 雞糊...) in a Hong Kong
    face, not in a Japanese one (which draws some characters with Japanese forms and lacks
    嘅 冇 咗)."""
    _renderer_or_skip()
    quoted = [s for s in shown(_pdf("hk", "payments", "fr")) if s.char in "詐糊銃"]
    assert {s.char for s in quoted} == set("詐糊銃")
    assert {s.font for s in quoted if not any(f in s.font for f in FACES["zh-Hant"])} == set()


def test_the_check_finds_a_character_no_font_has() -> None:
    """The check itself: two characters of the private use area, which no installed font
    draws, are reported (drawn as the notdef glyph), and the letters around them are not."""
    _renderer_or_skip()
    import weasyprint

    html = '<html lang="zh-Hant"><body><p>Tenpai \ue000 嘅 \ue001 한</p></body></html>'
    pdf = weasyprint.HTML(string=html).write_pdf()
    assert isinstance(pdf, bytes)
    assert [m.char for m in missing_glyphs(pdf)] == ["\ue000", "\ue001"]
    drawn = {s.char for s in shown(pdf) if s.cid != 0}
    assert {"T", "嘅", "한"} <= drawn
