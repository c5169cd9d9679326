"""What every variant's quiz shares: the question, the graded answer, the quiz options, the
error of an answer that cannot be read (with what to type, in the reader's language), and the
readers of words and counts that both quizzes use (:func:`match_phrases`, :func:`parse_count`).

The questions themselves and the readers of a variant's own answers are in its wing
(``riichi/quiz.py``, ``hk/quiz.py``).

>>> parse_count("3 han", "han")
3
>>> answer_error("waits").text("fr")
'tapez les tuiles attendues, par exemple 47s'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from functools import cache

from ..errors import TenpaiError
from ..i18n import forms, tr

__all__ = [
    "AnswerError",
    "Graded",
    "Question",
    "QuizOptions",
    "add_form",
    "answer_error",
    "join_notes",
    "match_phrases",
    "mismatch_note",
    "normalise",
    "note_words",
    "parse_count",
    "says_none",
]


class AnswerError(TenpaiError):
    """Raised when an answer cannot be read; the message says what to type, in English
    (``str``) and in the reader's language (:meth:`text`): the catalogue entry *key* with its
    *values* (a ``{help}`` placeholder filled with the entry *help* in the same language)."""

    def __init__(self, key: str, values: dict[str, object], help: str | None = None) -> None:
        self.key = key
        self.values = dict(values)
        self.help = help
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        """Gets the message in *lang*."""
        values = dict(self.values)
        if self.help is not None:
            values["help"] = tr(self.help, lang)
        return tr(self.key, lang, **values)


def answer_error(key: str, **values: object) -> AnswerError:
    """Makes the :class:`AnswerError` of hint *key*: catalogue entry
    ``riichi.quiz.hint.<key>``, or ``hk.quiz.hint.<name>`` for a key ``hk_<name>`` (whose
    ``{help}`` is the entry ``hk.quiz.hint.help``).

    >>> e = answer_error("points", given="beaucoup")
    >>> e.text("fr")[:34]
    "points illisibles 'beaucoup' : tap"
    >>> answer_error("waits").text("ja")
    '待ち牌を入力してください（例：47s）'
    >>> answer_error("hk_both").text("zh-Hant")[:7]
    '每家一份或總數'
    """
    if key.startswith("hk_"):
        mid = f"hk.quiz.hint.{key.removeprefix('hk_')}"
        return AnswerError(mid, values, help="hk.quiz.hint.help")
    return AnswerError(f"riichi.quiz.hint.{key}", values)


@dataclass(frozen=True, slots=True)
class QuizOptions:
    """What to ask and how: *ask* (parts), *fu_above_4* (also ask the fu of hands of 5 han and
    more, where fu no longer count), *kiriage* (None: as the rules say), *extras* (honba and
    riichi sticks in the points), *timer* (seconds per part; a late answer counts wrong)."""

    ask: tuple[str, ...] = ("yaku", "han", "fu", "points")
    fu_above_4: bool = False
    kiriage: bool | None = None
    extras: bool = True
    timer: float | None = None


@dataclass(frozen=True, slots=True)
class Question:
    """One part to answer: the *part*, its *expected* value, the text of the right answer,
    the *concepts* it exercises, the *accepted* alternatives (a total for points), the
    catalogue id of its prompt *words* (default: the riichi prompt of *part*,
    ``riichi.quiz.prompt.<part>``), and what writes the right answer in a reader's language,
    *said* (default: *answer_text*, in every language)."""

    part: str
    expected: object
    answer_text: str
    concepts: tuple[str, ...]
    accepted: tuple[object, ...] = ()
    words: str | None = None
    said: Callable[[str], str] | None = None

    def prompt(self, lang: str = "en") -> str:
        """Gets the question's words in *lang*."""
        return tr(self.words or f"riichi.quiz.prompt.{self.part}", lang)

    def answer(self, lang: str = "en") -> str:
        """Gets the right answer in *lang*."""
        return self.answer_text if self.said is None else self.said(lang)


@dataclass(frozen=True, slots=True)
class Graded:
    """A graded part: was it *ok*, what was *given* and the right *answer*, a *note* (what was
    missing or extra), and each concept with its own verdict."""

    part: str
    ok: bool
    given: str
    answer: str
    note: str
    concepts: tuple[tuple[str, bool], ...]


def normalise(text: str) -> str:
    """Folds *text* for matching: lower case, no accents, words of letters and digits only.

    >>> normalise("Tout  Simplés!")
    'tout simples'
    """
    t = unicodedata.normalize("NFKD", text.lower())
    t = "".join(ch for ch in t if not unicodedata.combining(ch))
    t = re.sub(r"[^a-z0-9]+", " ", t)
    return " ".join(t.split())


def add_form(names: dict[str, tuple[str, ...]], form: str, name_id: str) -> None:
    """Adds *name_id* to the ids that *form* names in *names* (a form that two yaku or two fan
    items share names both: ダブ東).

    >>> names = {"dabu ton": ("yakuhai_seat_wind",)}
    >>> add_form(names, "dabu ton", "yakuhai_round_wind"); names["dabu ton"]
    ('yakuhai_seat_wind', 'yakuhai_round_wind')
    """
    got = names.get(form, ())
    if name_id not in got:
        names[form] = (*got, name_id)


@cache
def _none_words(key: str) -> frozenset[str]:
    words = ("-", "0", *forms(key))  # a dash and a zero: notation, in every language
    return frozenset(unicodedata.normalize("NFKC", w).lower() for w in words)


def says_none(text: str, key: str) -> bool:
    """Tells whether the whole answer *text* says "none": ``-``, ``0`` or a form of the
    catalogue entry *key* in any language (``aucun``, ``なし``), in any case, full-width too.

    >>> says_none(" Aucun ", "hk.quiz.reads.none"), says_none("riichi", "hk.quiz.reads.none")
    (True, False)
    """
    return unicodedata.normalize("NFKC", text).strip().lower() in _none_words(key)


def match_phrases(
    words: list[str],
    match: Callable[[str, float], tuple[str, ...] | None],
    ignored: Collection[str],
    *,
    longest: int,
    cutoffs: tuple[float, float],
) -> tuple[set[str], list[str]]:
    """Reads *words* greedily: at each place the longest phrase (up to *longest* words) that
    is *ignored* or that *match* names, with the difflib cutoff ``cutoffs[0]`` for several
    words and ``cutoffs[1]`` for one. Returns the ids named and the words left unknown.

    >>> match_phrases(["menzen", "tsumo", "zzz"], lambda p, c: ("t",) if p == "menzen tsumo"
    ...               else None, (), longest=3, cutoffs=(0.9, 0.9))
    ({'t'}, ['zzz'])
    """
    out: set[str] = set()
    unknown: list[str] = []
    i = 0
    while i < len(words):
        for n in range(min(longest, len(words) - i), 0, -1):
            phrase = " ".join(words[i : i + n])
            if phrase in ignored:
                i += n
                break
            got = match(phrase, cutoffs[0] if n > 1 else cutoffs[1])
            if got is not None:
                out.update(got)
                i += n
                break
        else:
            unknown.append(words[i])
            i += 1
    return out, unknown


_KANJI_DIGITS = {c: i for i, c in enumerate("〇一二三四五六七八九")}
_KANJI_NUMBER = re.compile(r"[〇一二三四五六七八九十百]+")


def _kanji_value(m: re.Match[str]) -> str:
    """Writes a number written in kanji (三, 十三, 三十, 百十) in digits."""
    total, digit = 0, 0
    for c in m.group(0):
        if c == "百":
            total += (digit or 1) * 100
            digit = 0
        elif c == "十":
            total += (digit or 1) * 10
            digit = 0
        else:
            digit = digit * 10 + _KANJI_DIGITS[c]
    return f" {total + digit} "


def parse_count(text: str, unit: str) -> int:
    """Reads a number of han or fu: ``3``, ``3 han``, ``30fu``.

    :raises AnswerError: if there is not exactly one number.

    >>> parse_count(" 30 fu", "fu"), parse_count("三翻", "han"), parse_count("４０符", "fu")
    (30, 3, 40)
    """
    rest = normalise(_KANJI_NUMBER.sub(_kanji_value, text)).replace(unit, " ").split()
    if len(rest) != 1 or not rest[0].isdigit():
        raise answer_error(f"count_{unit}" if unit in ("han", "fu") else f"hk_count_{unit}")
    return int(rest[0])


def note_words(key: str, lang: str, **values: object) -> str:
    """Gets the words of a grading note (``passed``, ``missing``, ``extra``, ``late``) in
    *lang* (catalogue ``riichi.quiz.note.<key>``).

    >>> note_words("late", "fr", s=30), note_words("late", "ja", s=30)
    ('trop tard (plus de 30 s)', '時間切れ（30秒超過）')
    """
    return tr(f"riichi.quiz.note.{key}", lang, **values)


def join_notes(notes: Sequence[str], lang: str) -> str:
    """Joins the notes of one graded answer in *lang* (``; ``, ``；`` in Japanese and Chinese),
    the empty ones left out.

    >>> join_notes(["missing Tanyao", "", "too late (over 30 s)"], "en")
    'missing Tanyao; too late (over 30 s)'
    """
    return tr("riichi.quiz.note.sep", lang).join(n for n in notes if n)


def mismatch_note(missing: str, extra: str, lang: str) -> str:
    """Writes the note of a list answer: the names it lacks (*missing*) and those it named
    wrongly (*extra*), each already joined, in *lang*.

    >>> mismatch_note("断幺九", "平和、立直", "ja"), mismatch_note("", "Pinfu", "fr")
    ('不足：断幺九；余分：平和、立直', 'en trop Pinfu')
    """
    return join_notes(
        [
            tr("riichi.quiz.note.named", lang, what=note_words(key, lang), names=names)
            for key, names in (("missing", missing), ("extra", extra))
            if names
        ],
        lang,
    )
