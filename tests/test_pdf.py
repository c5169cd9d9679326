"""The PDF card: WeasyPrint renders it, pypdf and poppler read it back, pages become PNG."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tenpai.cli import main
from tenpai.render.documents import card_document
from tenpai.render.pdf import render_pdf

# WeasyPrint takes seconds a document: out of `make check`, in `make test`.
pytestmark = pytest.mark.slow


def _renderer_or_skip() -> None:
    try:
        import weasyprint  # noqa: F401
    except (ImportError, OSError) as e:  # OSError: the Pango library is missing
        pytest.skip(f"WeasyPrint cannot run here ({e}); install tenpai[pdf] and Pango")


@pytest.fixture(scope="module")
def card_pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    _renderer_or_skip()
    path = tmp_path_factory.mktemp("pdf") / "bareme.fr.pdf"
    assert main(["card", "--lang", "fr", "--format", "pdf", "-o", str(path)]) == 0
    return path


def test_the_card_prints_on_one_sheet_recto_verso(card_pdf: Path) -> None:
    """A table card is one A4 sheet: the yaku, dora and fu on the front, the four payment
    tables and their limits on the back (the seed's Barème)."""
    from pypdf import PdfReader

    reader = PdfReader(card_pdf)
    assert len(reader.pages) == 2
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)  # A4 in points
    front, back = (" ".join(p.extract_text().split()) for p in reader.pages)
    for words in ("Barème", "Yaku, main fermée", "Main fermée seulement", "Dora", "Yakuman"):
        assert words in front
    for words in ("Les fu", "Les cas qui ne se comptent pas"):
        assert words in front
    for words in ("Ron d’un non-donneur", "Tsumo d’un non-donneur", "Ron du donneur"):
        assert words in back
    for words in ("Tsumo du donneur", "Mangan 8 000", "Yakuman compté 48 000", "Le calcul"):
        assert words in back
    assert "Mangan 8 000" not in front


def test_each_page_of_the_card_is_mostly_ink(card_pdf: Path, tmp_path: Path) -> None:
    """Renders each page to PNG: neither side is half empty (most pixel rows carry ink)."""
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm is missing (tools/apt-deps.sh installs poppler-utils)")
    from PIL import Image

    subprocess.run(["pdftoppm", "-r", "50", "-png", str(card_pdf), str(tmp_path / "p")], check=True)
    images = sorted(tmp_path.glob("p-*.png"))
    assert len(images) == 2
    for png in images:
        with Image.open(png) as im:
            gray = im.convert("L")
            w, h = gray.size
            px = gray.load()
            body = int(h * 0.95)  # the page number below
            rows = [y for y in range(body) if any(px[x, y] < 160 for x in range(0, w, 2))]
            # the content runs down most of the page, and most of its lines carry ink (the
            # five pages this card used to take had 0.41-0.79 and 0.29-0.46)
            assert (rows[-1] - rows[0]) / h > 0.7, png.name
            assert len(rows) / h > 0.5, png.name


def test_pdfinfo_agrees_on_the_page_count(card_pdf: Path) -> None:
    if shutil.which("pdfinfo") is None:
        pytest.skip("pdfinfo is missing (tools/apt-deps.sh installs poppler-utils)")
    from pypdf import PdfReader

    out = subprocess.run(["pdfinfo", str(card_pdf)], capture_output=True, text=True, check=True)
    pages = next(int(ln.split()[-1]) for ln in out.stdout.splitlines() if ln.startswith("Pages:"))
    assert pages == len(PdfReader(card_pdf).pages)


def test_the_pages_turn_into_images(card_pdf: Path, tmp_path: Path) -> None:
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm is missing (tools/apt-deps.sh installs poppler-utils)")
    from PIL import Image

    subprocess.run(["pdftoppm", "-r", "40", "-png", str(card_pdf), str(tmp_path / "p")], check=True)
    images = sorted(tmp_path.glob("p-*.png"))
    assert images
    for png in images:
        with Image.open(png) as im:
            gray = im.convert("L")
            lo, hi = gray.getextrema()
            assert hi > 200 and lo < 100  # paper and ink
            assert im.width < im.height  # portrait


def test_render_pdf_returns_a_pdf() -> None:
    _renderer_or_skip()
    data = render_pdf(card_document(variant="hk", page="fan", lang="en"))
    assert data.startswith(b"%PDF-")
