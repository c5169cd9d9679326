"""The few exceptions Tenpai raises, all :class:`ValueError` subclasses.

Each message quotes the user's own text and, when it can, points at the
offending part, so that the command line can print it on one line.
"""

from __future__ import annotations

__all__ = [
    "ECHO_CAP",
    "InternalError",
    "InvalidHand",
    "InvalidRecord",
    "InvalidSituation",
    "NoYaku",
    "NotAWinningHand",
    "NotationError",
    "RulesError",
    "TenpaiError",
    "cut",
]

ECHO_CAP = 60
"""The most characters of the user's input an error message quotes."""


def cut(text: str, at: int = 0, cap: int = ECHO_CAP) -> str:
    """Cuts *text* to about *cap* characters around position *at*, marking each cut with
    ``…``, so that an error on a huge input stays one short line.

    >>> cut("123m" * 30, 70)
    '…123m123m123m123m123m123m123m123m123m123m123m123m123m123m123m…'
    >>> cut("123m")
    '123m'
    """
    if len(text) <= cap:
        return text
    start = max(0, min(at - cap // 2, len(text) - cap))
    end = start + cap
    return ("…" if start else "") + text[start:end] + ("…" if end < len(text) else "")


def quoted(text: str, at: int = 0) -> str:
    """Quotes *text* (``repr``) cut by :func:`cut` around *at*."""
    return repr(cut(text, at))


class TenpaiError(ValueError):
    """Base class of every error Tenpai raises on bad input.

    An error's type is its class's name (``type(e).__name__``), the ``type`` of the
    interchange error object: ``{"type": "NotationError", "message": ...}``.
    """


class NotationError(TenpaiError):
    """Raised when a text cannot be read as tiles, a meld or a hand.

    *text* is the whole input, *start*/*end* the span of the offending part.

    >>> str(NotationError("unknown tile '8z'", "123m8z", 3, 5))
    "unknown tile '8z' at 4 in '123m8z'"
    """

    def __init__(self, problem: str, text: str = "", start: int = -1, end: int = -1) -> None:
        self.problem = problem
        self.text = text
        self.start = start
        self.end = end if end >= 0 else start + 1
        super().__init__(self._message())

    def _message(self) -> str:
        if self.start < 0:
            return f"{self.problem} in {quoted(self.text)}" if self.text else self.problem
        return f"{self.problem} at {self.start + 1} in {quoted(self.text, self.start)}"

    def pointer(self) -> str:
        """Returns the input and a caret line under the offending part (for terminals)."""
        if self.start < 0:
            return self.text
        width = max(1, self.end - self.start)
        return f"{self.text}\n{' ' * self.start}{'^' * width}"


class InvalidHand(TenpaiError):
    """Raised when tiles read well but cannot form the hand described.

    Examples: a fifth copy of a tile, two red 5m, 12 tiles for a win, a chi of honours.
    """


class InvalidSituation(TenpaiError):
    """Raised when the situation of a win contradicts itself (ippatsu without riichi, ...)."""


class NotAWinningHand(TenpaiError):
    """Raised when the tiles do not form a complete hand."""


class NoYaku(TenpaiError):
    """Raised when a complete hand has no yaku (riichi) or too few fan (Hong Kong)."""


class RulesError(TenpaiError):
    """Raised for an unknown ruleset, option or option value."""


class InvalidRecord(TenpaiError):
    """Raised when a record or a batch line cannot be read: not UTF-8, not JSON, too long
    or too deep, a field of the wrong type or out of its range (the message names it)."""


class InternalError(TenpaiError):
    """A bug of ours met on one record of a batch, reported as that record's error so that
    the batch goes on (never raised on bad input: please report it)."""
