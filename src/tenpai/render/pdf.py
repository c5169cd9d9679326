"""PDF rendering through WeasyPrint (the optional ``pdf`` extra), imported only when used.

The PDF is the HTML rendering printed on A4 with its print style sheet.
"""

from __future__ import annotations

from ..errors import InternalError, TenpaiError, msg
from .doc import Document
from .html import render_html

__all__ = ["render_pdf"]


def render_pdf(doc: Document) -> bytes:
    """Renders *doc* as a PDF document (A4).

    :raises TenpaiError: when WeasyPrint or the Pango library it needs is missing, saying
        how to install them.
    """
    html = render_html(doc)
    try:
        import weasyprint
    except (ImportError, OSError) as e:  # OSError: WeasyPrint is there but Pango is not
        raise TenpaiError.of(msg("errors.render.pdf_missing", error=e)) from None
    pdf = weasyprint.HTML(string=html).write_pdf()
    if not isinstance(pdf, bytes):  # pragma: no cover - write_pdf() without a target
        # returns the bytes: no input reaches this, only a WeasyPrint that broke its contract
        raise InternalError("WeasyPrint returned no PDF")
    return pdf
