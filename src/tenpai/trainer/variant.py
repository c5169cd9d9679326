"""What the trainer needs from a rule variant: deal, show, ask, grade, explain, record.

The session, the store and the scheduler only talk to a :class:`Variant`; riichi
(:data:`RIICHI`) and Hong Kong old style (:data:`HONG_KONG`) give the same functions over their
own dealt hands (each dealt value has an ``id`` that replays it).

>>> d = RIICHI.deal(5, "intermediaire", "any", "bareme")
>>> RIICHI.replay(d.id) == d
True
>>> h = HONG_KONG.deal(5, "intermediaire", "any", "hk")
>>> h.id, HONG_KONG.replay(h.id) == h
('hk1:hk:intermediaire:any:5', True)

The front ends find these through the variant registry (:func:`tenpai.variants.find_trainer`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from ..hk.deal import FOCI as HK_FOCI
from ..hk.deal import HKDeal
from ..hk.deal import deal as deal_hk
from ..hk.deal import deal_record as deal_hk_record
from ..hk.deal import replay as replay_hk
from ..riichi.deal import FOCI, Deal, deal, deal_record, replay
from ..riichi.quiz import PARTS, concept_focus, grade, questions, quiz_score
from ..riichi.rules import load_rules, rules_spec
from ..tiles import Tile
from .answers import Graded, Question, QuizOptions
from .display import hand_lines, hk_situation_line, situation_line

__all__ = ["HONG_KONG", "RIICHI", "HongKong", "Riichi", "Variant"]


class _Dealt(Protocol):
    @property
    def id(self) -> str: ...


D = TypeVar("D", bound=_Dealt)


class Variant(Protocol[D]):
    """A variant the trainer can drill, over its dealt hands of type *D*."""

    @property
    def name(self) -> str:
        """Gets the variant's name (the ``variant`` of its records)."""
        ...

    @property
    def default_rules(self) -> str:
        """Gets the rules preset dealt by default."""
        ...

    @property
    def parts(self) -> tuple[str, ...]:
        """Gets the parts a player may be asked, in order."""
        ...

    @property
    def default_ask(self) -> tuple[str, ...]:
        """Gets the parts asked by default."""
        ...

    @property
    def foci(self) -> tuple[str, ...]:
        """Gets what a deal may focus on (``any`` first)."""
        ...

    def deal(self, seed: int, level: str, focus: str | None, rules: str) -> D:
        """Deals the hand of *seed*."""
        ...

    def replay(self, hand_id: str) -> D:
        """Deals again the hand of *hand_id*."""
        ...

    def describe(self, d: D, lang: str) -> list[str]:
        """Shows the hand and its situation, one line each."""
        ...

    def side_tiles(self, d: D) -> tuple[Tile, ...]:
        """Gets the tiles shown beside the hand (dora indicators; bonus tiles)."""
        ...

    def questions(self, d: D, options: QuizOptions) -> tuple[Question, ...]:
        """Lists the questions on *d*."""
        ...

    def grade(
        self,
        q: Question,
        text: str,
        *,
        seconds: float | None = None,
        timer: float | None = None,
        lang: str = "en",
    ) -> Graded:
        """Grades the answer *text* to *q*, its note in *lang*."""
        ...

    def explain(self, d: D, options: QuizOptions, lang: str) -> list[str]:
        """Explains the right answer in the card's order, one line per reason."""
        ...

    def concept_focus(self, concept: str) -> str:
        """Gets the dealer focus that exercises *concept* (``any`` when none does)."""
        ...

    def record(self, d: D, *, expected: bool = True) -> dict[str, Any]:
        """Writes *d* as an interchange record with (when *expected*) its result."""
        ...

    def ask_part(self, name: str) -> str:
        """Gets the part a player's word for it names (Hong Kong also reads riichi's)."""
        ...

    def rules_line(self, spec: str) -> str:
        """Gets the rules line dealt for *spec* (a preset name, or a riichi TOML file as its
        one-line form)."""
        ...


@dataclass(frozen=True, slots=True)
class Riichi:
    """Japanese riichi: :mod:`tenpai.riichi.deal`, :mod:`tenpai.riichi.quiz` and
    :func:`tenpai.riichi.explain.explain`."""

    name: str = "riichi"
    default_rules: str = "bareme"
    parts: tuple[str, ...] = PARTS
    default_ask: tuple[str, ...] = ("yaku", "han", "fu", "points")
    foci: tuple[str, ...] = FOCI

    def deal(self, seed: int, level: str, focus: str | None, rules: str) -> Deal:
        """Deals the riichi hand of *seed*."""
        return deal(seed, level, focus, rules)

    def ask_part(self, name: str) -> str:
        """Gets the part called *name* (riichi's parts have one name each)."""
        return name

    def rules_line(self, spec: str) -> str:
        """Gets the one-line form of the preset or TOML file *spec* (the hand id carries it)."""
        return rules_spec(load_rules(spec))

    def replay(self, hand_id: str) -> Deal:
        """Deals again the riichi hand of *hand_id*."""
        return replay(hand_id)

    def describe(self, d: Deal, lang: str) -> list[str]:
        """Shows the tiles (Unicode and MPSZ) and the situation line."""
        uni, mpsz = hand_lines(d.hand)
        return [uni, mpsz, situation_line(d.situation, d.hand.tsumo, lang)]

    def side_tiles(self, d: Deal) -> tuple[Tile, ...]:
        """Gets the dora indicators."""
        return d.situation.dora_indicators

    def questions(self, d: Deal, options: QuizOptions) -> tuple[Question, ...]:
        """Lists the questions on the riichi hand *d*."""
        return questions(d, options)

    def grade(
        self,
        q: Question,
        text: str,
        *,
        seconds: float | None = None,
        timer: float | None = None,
        lang: str = "en",
    ) -> Graded:
        """Grades a riichi answer with :func:`tenpai.riichi.quiz.grade`."""
        return grade(q, text, seconds=seconds, timer=timer, lang=lang)

    def explain(self, d: Deal, options: QuizOptions, lang: str) -> list[str]:
        """Explains the hand with :func:`tenpai.riichi.explain.explain` (the card's order)."""
        from ..riichi.explain import explain

        return [line.text for line in explain(quiz_score(d, options), lang)]

    def concept_focus(self, concept: str) -> str:
        """Gets the riichi focus of *concept* (:func:`tenpai.riichi.quiz.concept_focus`)."""
        return concept_focus(concept)

    def record(self, d: Deal, *, expected: bool = True) -> dict[str, Any]:
        """Writes the riichi record of *d* (:func:`tenpai.riichi.deal.deal_record`)."""
        return deal_record(d, expected=expected)


@dataclass(frozen=True, slots=True)
class HongKong:
    """Hong Kong old style: :mod:`tenpai.hk.deal`, :mod:`tenpai.hk.quiz` and
    :func:`tenpai.hk.explain.explain`."""

    name: str = "hk"
    default_rules: str = "hk"
    parts: tuple[str, ...] = ("items", "fan", "payments")
    default_ask: tuple[str, ...] = ("items", "fan", "payments")
    foci: tuple[str, ...] = HK_FOCI

    def deal(self, seed: int, level: str, focus: str | None, rules: str) -> HKDeal:
        """Deals the Hong Kong hand of *seed* (*rules*: a Hong Kong profile)."""
        return deal_hk(seed, level, focus, rules)

    def ask_part(self, name: str) -> str:
        """Gets the part called *name*, the riichi names of the parts understood."""
        from ..hk.quiz import PART_ALIASES

        return PART_ALIASES.get(name, name)

    def rules_line(self, spec: str) -> str:
        """Gets *spec* itself: a Hong Kong profile's name is its rules line."""
        return spec

    def replay(self, hand_id: str) -> HKDeal:
        """Deals again the Hong Kong hand of *hand_id*."""
        return replay_hk(hand_id)

    def describe(self, d: HKDeal, lang: str) -> list[str]:
        """Shows the tiles (Unicode and MPSZ, bonus tiles after) and the situation line."""
        uni, mpsz = hand_lines(d.hand, d.situation.flowers)
        return [uni, mpsz, hk_situation_line(d.situation, d.score.self_drawn, lang)]

    def side_tiles(self, d: HKDeal) -> tuple[Tile, ...]:
        """Gets the flowers and seasons."""
        return d.situation.flowers

    def questions(self, d: HKDeal, options: QuizOptions) -> tuple[Question, ...]:
        """Lists the questions on the Hong Kong hand *d*."""
        from ..hk.quiz import questions as hk_questions

        return hk_questions(d, options)

    def grade(
        self,
        q: Question,
        text: str,
        *,
        seconds: float | None = None,
        timer: float | None = None,
        lang: str = "en",
    ) -> Graded:
        """Grades a Hong Kong answer with :func:`tenpai.hk.quiz.grade`."""
        from ..hk.quiz import grade as grade_hk

        return grade_hk(q, text, seconds=seconds, timer=timer, lang=lang)

    def explain(self, d: HKDeal, options: QuizOptions, lang: str) -> list[str]:
        """Explains the hand with :func:`tenpai.hk.explain.explain`."""
        from ..hk.explain import explain as explain_hk

        return [line.text for line in explain_hk(d.score, lang)]

    def concept_focus(self, concept: str) -> str:
        """Gets the Hong Kong focus of *concept*
        (:func:`tenpai.hk.quiz.concept_focus`)."""
        from ..hk.quiz import concept_focus as hk_concept_focus

        return hk_concept_focus(concept)

    def record(self, d: HKDeal, *, expected: bool = True) -> dict[str, Any]:
        """Writes the Hong Kong record of *d* (:func:`tenpai.hk.deal.deal_record`)."""
        return deal_hk_record(d, expected=expected)


RIICHI = Riichi()
HONG_KONG = HongKong()
