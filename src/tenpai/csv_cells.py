"""CSV that a spreadsheet opens as data: every CSV Tenpai writes (``tenpai game sheet
--format csv``, the web score sheet's export) goes through :func:`writer`.

A spreadsheet (Excel, LibreOffice Calc, Google Sheets) reads a cell that begins with ``=``,
``+``, ``-``, ``@``, a tab or a carriage return as a formula: a player named
``=HYPERLINK("http://…")`` would become a live link, or worse, in the file of whoever opens
the export. OWASP's "CSV Injection" page gives the defence used here: such a cell is written
with a leading single quote (``'=HYPERLINK(…)``), which the spreadsheet shows as text, and
the CSV quoting of RFC 4180 (``csv.writer``) escapes the cell's own quotes and separators.
A cell that is a plain number (``-8000``, ``+15.5``, ``-28,5``) is data a spreadsheet reads as
a number, not a formula: it is kept as it is.

>>> import io
>>> out = io.StringIO()
>>> writer(out, lineterminator="\\n").writerow(['=HYPERLINK("http://x","y")', "-8000", -3, "@x"])
>>> out.getvalue()
'"\\'=HYPERLINK(""http://x"",""y"")",-8000,-3,\\'@x\\n'
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from typing import Any

__all__ = ["FORMULA_LEADS", "Writer", "cell", "writer"]

FORMULA_LEADS = ("=", "+", "-", "@", "\t", "\r")
"""The first characters that make a spreadsheet read a cell as a formula (OWASP, "CSV
Injection")."""
_NUMBER = re.compile(r"[+-]?[0-9]+(?:[.,][0-9]+)?")


def cell(value: Any) -> Any:
    """Gets *value* as a CSV cell a spreadsheet reads as data: a text that would read as a
    formula gets a leading ``'``; a number, or a text that is a plain number, is kept.

    >>> cell("=1+2"), cell("-1+2"), cell("-19"), cell("+51,3"), cell("Ann"), cell(-5)
    ("'=1+2", "'-1+2", '-19', '+51,3', 'Ann', -5)
    """
    if isinstance(value, str) and value.startswith(FORMULA_LEADS) and not _NUMBER.fullmatch(value):
        return "'" + value
    return value


class Writer:
    """A ``csv.writer`` whose every cell goes through :func:`cell`."""

    def __init__(self, out: Any, **fmt: Any) -> None:
        self._w = csv.writer(out, **fmt)

    def writerow(self, row: Iterable[Any]) -> None:
        """Writes one row, its cells made safe."""
        self._w.writerow([cell(v) for v in row])

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        """Writes every row of *rows*."""
        for row in rows:
            self.writerow(row)


def writer(out: Any, **fmt: Any) -> Writer:
    """Gets a CSV writer of *out* (the options of ``csv.writer``: ``delimiter``,
    ``lineterminator``...) that writes each cell as :func:`cell` does."""
    return Writer(out, **fmt)
