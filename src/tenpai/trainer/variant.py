"""What the trainer needs from a rule variant: deal, questions, explanation.

The session, the store and the scheduler only talk to a :class:`Variant`; riichi is the first
one (:data:`RIICHI`). A Hong Kong variant plugs in by giving the same four functions over its
own dealt hands (its ``deal`` returns a value with ``id``, ``hand`` and ``situation``).

>>> d = RIICHI.deal(5, "intermediaire", "any", "bareme")
>>> RIICHI.replay(d.id) == d
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from .deal import Deal, deal, replay
from .quiz import Question, QuizOptions, questions, quiz_score

__all__ = ["RIICHI", "VARIANTS", "Riichi", "Variant", "find_variant"]


class Variant(Protocol):
    """A variant the trainer can drill."""

    @property
    def name(self) -> str:
        """Gets the variant's name (the ``variant`` of its records)."""
        ...

    @property
    def default_rules(self) -> str:
        """Gets the rules preset dealt by default."""
        ...

    def deal(self, seed: int, level: str, focus: str | None, rules: str) -> Deal:
        """Deals the hand of *seed*."""
        ...

    def replay(self, hand_id: str) -> Deal:
        """Deals again the hand of *hand_id*."""
        ...

    def questions(self, d: Deal, options: QuizOptions) -> tuple[Question, ...]:
        """Lists the questions on *d*."""
        ...

    def explain(self, d: Deal, options: QuizOptions, lang: str) -> list[str]:
        """Explains the right answer in the card's order, one line per reason."""
        ...


@dataclass(frozen=True, slots=True)
class Riichi:
    """Japanese riichi: :mod:`tenpai.trainer.deal`, :mod:`tenpai.trainer.quiz` and
    :func:`tenpai.explain.explain`."""

    name: str = "riichi"
    default_rules: str = "bareme"

    def deal(self, seed: int, level: str, focus: str | None, rules: str) -> Deal:
        """Deals the riichi hand of *seed*."""
        return deal(seed, level, focus, rules)

    def replay(self, hand_id: str) -> Deal:
        """Deals again the riichi hand of *hand_id*."""
        return replay(hand_id)

    def questions(self, d: Deal, options: QuizOptions) -> tuple[Question, ...]:
        """Lists the questions on the riichi hand *d*."""
        return questions(d, options)

    def explain(self, d: Deal, options: QuizOptions, lang: str) -> list[str]:
        """Explains the hand with :func:`tenpai.explain.explain` (the card's order)."""
        from ..explain import explain

        return [line.text for line in explain(quiz_score(d, options), lang)]


RIICHI = Riichi()
VARIANTS: dict[str, Variant] = {"riichi": RIICHI}


def find_variant(name: str) -> Variant:
    """Gets the variant called *name*.

    :raises DealError: for a variant the trainer does not drill yet.
    """
    from .deal import DealError

    v = VARIANTS.get(name.strip().lower())
    if v is None:
        raise DealError(f"the trainer drills {', '.join(VARIANTS)} (not {name!r} yet)")
    return v
