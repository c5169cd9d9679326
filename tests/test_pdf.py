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


def test_the_card_prints_on_a_few_a4_pages(card_pdf: Path) -> None:
    from pypdf import PdfReader

    reader = PdfReader(card_pdf)
    assert 3 <= len(reader.pages) <= 6
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)  # A4 in points
    text = "".join(page.extract_text() for page in reader.pages)
    for words in ("Barème", "Mangan", "Main fermée seulement", "Les cas qui ne se comptent pas"):
        assert words in text


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
