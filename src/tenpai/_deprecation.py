"""The public names on their way out: each one still works, warns (``DeprecationWarning``)
for one release, then goes (the deprecation policy: ``docs/api/deprecations.rst``).

:data:`DEPRECATED` is the one list of them: the shims call :func:`warn` with their name,
the policy page lists them, and a test fails once the version reaches a name's
``removed_in`` while its shim is still there.

>>> DEPRECATED["tenpai.errors.TenpaiError.kind"].instead
'type(error).__name__'
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

__all__ = ["DEPRECATED", "Deprecation", "message", "warn"]


@dataclass(frozen=True, slots=True)
class Deprecation:
    """A public *name* (as a user writes it) that warns from release *since* and is gone
    from release *removed_in*; *instead* is what to write in its place."""

    name: str
    since: str
    removed_in: str
    instead: str


_RECORDS = "tenpai.records"  # the interchange records of riichi, before the wings (0.1.0)
_MOVED_FROM_RECORDS = {
    "RIICHI_FIELDS": "tenpai.riichi.records.FIELDS",
    "error_result": "tenpai.batch.error_result",
    "nagashi_result": "tenpai.riichi.records.nagashi_result",
    "read_riichi_record": "tenpai.riichi.records.read_record",
    "riichi_result": "tenpai.riichi.records.result_dict",
    "rules_of_record": "tenpai.riichi.records.rules_of_record",
    "score_many": "tenpai.interchange.score_many",
    "score_record": "tenpai.interchange.score_record",
    "score_riichi_record": "tenpai.riichi.records.score_record",
}

DEPRECATED: dict[str, Deprecation] = {
    d.name: d
    for d in (
        Deprecation(
            "tenpai.riichi.fu.FuPart.detail",
            "0.1.0",
            "0.2.0",
            "tenpai.riichi.fu.fu_detail(part), or the part's rule and tiles",
        ),
        Deprecation("tenpai.errors.TenpaiError.kind", "0.1.0", "0.2.0", "type(error).__name__"),
        Deprecation(_RECORDS, "0.1.0", "0.2.0", "tenpai.interchange and tenpai.riichi.records"),
        *(
            Deprecation(f"{_RECORDS}.{old}", "0.1.0", "0.2.0", new)
            for old, new in _MOVED_FROM_RECORDS.items()
        ),
    )
}
"""Every deprecated public name, by name."""


def message(name: str) -> str:
    """Gets the warning's text for the deprecated *name* (the ``errors`` catalogue's words,
    in English as every warning Python gives).

    >>> text = message("tenpai.records.score_many")
    >>> text.split(" and ")[0]
    'tenpai.records.score_many is deprecated since Tenpai 0.1.0'
    >>> text.split(" and ")[1]
    'goes in 0.2.0: use tenpai.interchange.score_many'
    """
    from .i18n import tr  # only when a deprecated name is used

    d = DEPRECATED[name]
    return tr(
        "errors.deprecated",
        "en",
        name=d.name,
        since=d.since,
        removed=d.removed_in,
        instead=d.instead,
    )


def warn(name: str, stacklevel: int = 2) -> None:
    """Warns that the deprecated *name* was used, pointing at the code *stacklevel* frames up
    (2: the caller of the function that calls this; from a module's body, the code importing
    it, as Python skips the frames of the import system)."""
    warnings.warn(message(name), DeprecationWarning, stacklevel=stacklevel + 1)
