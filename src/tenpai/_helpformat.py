"""The help formatters of the command line: argparse's ``RawDescriptionHelpFormatter`` and
``HelpFormatter`` with the terminal's width read without importing ``shutil``.

argparse makes a formatter for every ``add_argument`` (to check the metavar), and its
formatter imports ``shutil`` (with ``fnmatch``, ``bz2``, ``lzma``...) to call
``shutil.get_terminal_size``: about 2 ms of every command's start-up (docs/benchmarks.md,
"The riichi record path in C"). :func:`columns` reads the width as
``shutil.get_terminal_size`` does (Python's ``shutil`` documentation): ``COLUMNS`` when it is
a positive whole number, else the width of the terminal on ``sys.__stdout__``, else 80.
"""

from __future__ import annotations

import argparse
import os
import sys

__all__ = ["HelpFormatter", "WrappingHelpFormatter", "columns"]


def columns() -> int:
    """Gets the terminal's width in columns, as ``shutil.get_terminal_size().columns``."""
    try:
        width = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        width = 0
    if width <= 0:
        try:
            width = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            width = 0
    return width or 80


class WrappingHelpFormatter(argparse.HelpFormatter):
    """argparse's ``HelpFormatter`` (descriptions filled to the width), its width (when not
    given) the terminal's less 2, as argparse's own formatter takes it."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        super().__init__(
            prog, indent_increment, max_help_position, columns() - 2 if width is None else width
        )


class HelpFormatter(argparse.RawDescriptionHelpFormatter, WrappingHelpFormatter):
    """argparse's ``RawDescriptionHelpFormatter`` (descriptions and epilogs as written), its
    width that of :class:`WrappingHelpFormatter`."""
