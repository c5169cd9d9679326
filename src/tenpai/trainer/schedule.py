"""Spaced repetition of concepts: a concept the player misses comes back sooner.

Each concept (``yaku:pinfu``, ``fu:wait_kanchan``, ``cell:3han30fu``...) has a scheduling
state kept as text in the store. Two schedulers share one small protocol:

* :class:`FsrsScheduler`, the FSRS algorithm of the optional ``fsrs`` package (the ``trainer``
  extra): a miss is rated *Again* (back after its relearning step, minutes), a right answer
  *Good*, a right but slow answer *Hard*. Fuzzing is off, so schedules are reproducible.
* :class:`SimpleScheduler`, used when ``fsrs`` is not installed: Leitner boxes. A right
  answer moves the concept one box up (intervals 10 min, 1 h, 1 day, 3 days, 1 week, 3 weeks,
  2 months), a miss sends it back to the first box (1 min).

>>> from datetime import datetime, timezone
>>> now = datetime(2026, 1, 1, tzinfo=timezone.utc)
>>> s = SimpleScheduler()
>>> _, wrong = s.review(None, ok=False, seconds=5.0, now=now)
>>> _, right = s.review(None, ok=True, seconds=5.0, now=now)
>>> wrong < right
True
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Protocol

__all__ = ["FsrsScheduler", "Scheduler", "SimpleScheduler", "default_scheduler", "readable"]

SLOW_SECONDS = 45.0
"""A right answer slower than this is rated *Hard* by FSRS."""


class Scheduler(Protocol):
    """Turns a concept's state and one answer into its next state and due time."""

    name: str

    def review(
        self, state: str | None, *, ok: bool, seconds: float | None, now: datetime
    ) -> tuple[str, datetime]:
        """Gets the new state (text) and the next due time after an answer."""
        ...


class SimpleScheduler:
    """Leitner boxes: up one box when right, back to the first when wrong."""

    name = "leitner"
    intervals = (
        timedelta(minutes=1),
        timedelta(minutes=10),
        timedelta(hours=1),
        timedelta(days=1),
        timedelta(days=3),
        timedelta(days=7),
        timedelta(days=21),
        timedelta(days=60),
    )

    def review(
        self, state: str | None, *, ok: bool, seconds: float | None, now: datetime
    ) -> tuple[str, datetime]:
        """Moves the concept's box and gets its next due time."""
        box = int(json.loads(state)["box"]) if state else 0
        box = min(box + 1, len(self.intervals) - 1) if ok else 0
        return json.dumps({"box": box}), now + self.intervals[box]


class FsrsScheduler:
    """FSRS (the ``fsrs`` package), without fuzzing."""

    name = "fsrs"

    def __init__(self) -> None:
        import fsrs

        self._fsrs = fsrs
        self._scheduler = fsrs.Scheduler(enable_fuzzing=False)

    def review(
        self, state: str | None, *, ok: bool, seconds: float | None, now: datetime
    ) -> tuple[str, datetime]:
        """Rates the answer (Again, Hard or Good) and gets FSRS's next state and due time."""
        f = self._fsrs
        card = f.Card.from_json(state) if state else f.Card(card_id=1, due=now)
        if not ok:
            rating = f.Rating.Again
        elif seconds is not None and seconds > SLOW_SECONDS:
            rating = f.Rating.Hard
        else:
            rating = f.Rating.Good
        card, _ = self._scheduler.review_card(card, rating, review_datetime=now)
        return card.to_json(), card.due


def default_scheduler() -> Scheduler:
    """Gets FSRS when the ``fsrs`` package is installed, else the simple scheduler."""
    try:
        return FsrsScheduler()
    except ImportError:
        return SimpleScheduler()


def readable(scheduler: str, state: str) -> bool:
    """Tells whether the scheduler named *scheduler* can review a concept in *state* (an
    import's schedule row: a state it cannot read would fail the next answer to the concept).
    A scheduler this installation lacks (``fsrs`` without its package) or does not know is
    never asked: the store keeps its rows and starts such concepts afresh.

    >>> readable("leitner", '{"box": 2}'), readable("leitner", "{box: 2}")
    (True, False)
    """
    try:
        sched: Scheduler = FsrsScheduler() if scheduler == "fsrs" else SimpleScheduler()
    except ImportError:
        return True
    if scheduler != sched.name:
        return True
    try:
        sched.review(state, ok=True, seconds=None, now=datetime.now(UTC))
    except Exception:  # whatever the state's reader raises: json, KeyError, the package's own
        return False
    return True
