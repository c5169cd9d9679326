"""The few exceptions Tenpai raises, all :class:`ValueError` subclasses.

Each message quotes the user's own text and, when it can, points at the
offending part, so that the command line can print it on one line.

A message is a catalogue entry (domain ``errors``, ``docs/translating.md``) with named
parameters, the user's notation among them: an error made with :meth:`TenpaiError.of` keeps
its parts, ``str(error)`` is the English message, and :meth:`TenpaiError.message_in` (or
:func:`error_text` for any exception) gives it in another language.

>>> e = NotationError.at(msg("errors.tiles.unknown_char", ch="x"), text="123x", start=3)
>>> str(e)
"unknown character 'x' at 4 in '123x'"
>>> e.message_in("fr")
"caractère inconnu 'x' à la position 4 dans '123x'"
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from .i18n import tr

TYPE_CHECKING = False  # not typing's: importing typing costs a command 2 to 3 ms of start-up
if TYPE_CHECKING:
    from typing import Self

__all__ = [
    "ECHO_CAP",
    "InternalError",
    "InvalidHand",
    "InvalidRecord",
    "InvalidSituation",
    "Localized",
    "NoYaku",
    "NotAWinningHand",
    "NotationError",
    "RulesError",
    "TenpaiError",
    "cut",
    "error_text",
    "localized",
    "msg",
]

Msg = tuple[str, Mapping[str, object]]
"""A part of a message: its catalogue id and its named parameters."""


def msg(key: str, /, **params: object) -> Msg:
    """Makes a message part: catalogue id *key* (``errors.…``) and its parameters."""
    return (key, params)


@dataclass(frozen=True, slots=True)
class Localized:
    """A message parameter whose words depend on the language (names of fan items...):
    *words* gives them in a language."""

    words: Callable[[str], str]


def localized(key: str, /, **params: object) -> Localized:
    """Makes a parameter of the catalogue message *key* (``errors.…``) with *params*: the
    words of a part of a message, said in the language of the whole.

    >>> localized("errors.pao.who.2").words("fr")
    'le joueur d’en face'
    """
    return Localized(lambda lang: tr(key, lang, **params))


def _say(parts: tuple[Msg, ...], lang: str) -> str:
    return "".join(
        tr(key, lang, **{k: v.words(lang) if isinstance(v, Localized) else v for k, v in p.items()})
        for key, p in parts
    )


def error_text(exc: BaseException, lang: str) -> str:
    """Gets the message of *exc* in *lang*: a Tenpai error in that language when its message
    is in the catalogue, otherwise its English text (``str(exc)``).

    >>> error_text(InvalidHand.of(msg("errors.hand.meld_type", type="bam")), "ja")
    "不明な副露の種類'bam'"
    >>> error_text(ValueError("boom"), "fr")
    'boom'
    """
    if isinstance(exc, TenpaiError):
        return exc.message_in(lang)
    return str(exc)


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


class _DeprecatedKind:
    """``TenpaiError.kind``, deprecated since 0.1.0 and gone in 0.2.0: the error's class name
    (of the class or of an error), with a ``DeprecationWarning`` (docs/api/deprecations.rst)."""

    def __get__(self, error: object, cls: type) -> str:
        from ._deprecation import warn

        warn("tenpai.errors.TenpaiError.kind")
        return cls.__name__


class TenpaiError(ValueError):
    """Base class of every error Tenpai raises on bad input.

    An error's type is its class's name (``type(e).__name__``), the ``type`` of the
    interchange error object: ``{"type": "NotationError", "message": ...}``. *parts* are the
    catalogue messages it is made of (empty for an error made from a plain text).
    """

    parts: tuple[Msg, ...] = ()
    kind = _DeprecatedKind()

    @classmethod
    def of(cls, *parts: Msg) -> Self:
        """Makes the error of message *parts* (joined); its text is their English words."""
        error = cls(_say(parts, "en"))
        error.parts = parts
        return error

    @property
    def msgid(self) -> str:
        """Gets the catalogue id of the message (of its first part; empty when none)."""
        return self.parts[0][0] if self.parts else ""

    def message_in(self, lang: str) -> str:
        """Gets the message in *lang* (English when it has no catalogue parts)."""
        return _say(self.parts, lang) if self.parts else str(self)


class NotationError(TenpaiError):
    """Raised when a text cannot be read as tiles, a meld or a hand.

    *text* is the whole input, *start*/*end* the span of the offending part.

    >>> str(NotationError("unknown tile '8z'", "123m8z", 3, 5))
    "unknown tile '8z' at 4 in '123m8z'"
    """

    problem_parts: tuple[Msg, ...] = ()

    def __init__(self, problem: str, text: str = "", start: int = -1, end: int = -1) -> None:
        self.problem = problem
        self.text = text
        self.start = start
        self.end = end if end >= 0 else start + 1
        super().__init__(self._message())

    @classmethod
    def at(cls, *problem: Msg, text: str = "", start: int = -1, end: int = -1) -> Self:
        """Makes the error of the *problem* messages in *text* (the user's input), at
        *start*-*end*; its message says where, in every language."""
        error = cls(_say(problem, "en"), text, start, end)
        error.problem_parts = problem
        where: tuple[Msg, ...]
        if start >= 0:
            where = (msg("errors.notation.at", pos=start + 1, text=quoted(text, start)),)
        elif text:
            where = (msg("errors.notation.in", text=quoted(text)),)
        else:
            where = ()
        error.parts = problem + where
        return error

    def _message(self) -> str:
        if self.start < 0:
            return f"{self.problem} in {quoted(self.text)}" if self.text else self.problem
        return f"{self.problem} at {self.start + 1} in {quoted(self.text, self.start)}"

    def problem_msgs(self) -> tuple[Msg, ...]:
        """Gets the problem as message parts (a plain-text problem as it stands), to make
        another error around it (:meth:`at`)."""
        return self.problem_parts or (msg("errors.plain", text=self.problem),)

    def problem_text(self, lang: str) -> str:
        """Gets the problem alone (no position) in *lang*."""
        return _say(self.problem_parts, lang) if self.problem_parts else self.problem

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
