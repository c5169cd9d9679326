"""Deprecated since 0.1.0, gone in 0.2.0: the riichi records module of before the wings.

Its names moved (docs/api/deprecations.rst): the records of any variant are scored by
:mod:`tenpai.interchange` (``score_record``, ``score_many``), a riichi record is read and
written by :mod:`tenpai.riichi.records`. Importing this module warns; each of its old names
still gives the new function, with a warning naming where it lives now.
"""

from __future__ import annotations

import importlib

from ._deprecation import DEPRECATED, warn

TYPE_CHECKING = False  # not typing's: importing typing costs a command 2 to 3 ms of start-up
if TYPE_CHECKING:  # the old names, as type checkers see them
    from typing import Any

    from .batch import error_result
    from .interchange import score_many, score_record
    from .riichi.records import FIELDS as RIICHI_FIELDS
    from .riichi.records import nagashi_result, rules_of_record
    from .riichi.records import read_record as read_riichi_record
    from .riichi.records import result_dict as riichi_result
    from .riichi.records import score_record as score_riichi_record

__all__ = [
    "RIICHI_FIELDS",
    "error_result",
    "nagashi_result",
    "read_riichi_record",
    "riichi_result",
    "rules_of_record",
    "score_many",
    "score_record",
    "score_riichi_record",
]

warn(__name__)


def __getattr__(name: str) -> Any:
    deprecation = DEPRECATED.get(f"{__name__}.{name}")
    if deprecation is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warn(deprecation.name)
    module, _, attr = deprecation.instead.rpartition(".")
    return getattr(importlib.import_module(module), attr)


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
