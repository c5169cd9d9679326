"""The terminal drill (``tenpai train``) and the progress report (``tenpai stats``).

Keyboard first: each question is one line (Enter submits); after the grading and the
explanation, Enter deals the next hand and ``q`` (or end of input) stops with a summary. A
malformed answer gets a one-line message and the question again; every graded answer is in
the store as soon as it is graded. Concepts that are due again (spaced repetition) choose
the focus of the next hands unless the player chose one.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TextIO

from ..i18n import decimal, has, ljust, ntr, rjust, text_width, tr
from ..variants import find_trainer
from .answers import AnswerError, Graded, QuizOptions
from .dealing import DealError
from .progress import concept_label
from .store import TERMINAL, AnswerRow, ConceptStat, Store
from .variant import Variant

__all__ = [
    "SessionConfig",
    "Summary",
    "answer_part",
    "next_deal",
    "render_stats",
    "run_session",
]


def _w(key: str, lang: str, **params: object) -> str:
    return tr(f"ui.train.{key}", lang, **params)


@dataclass(frozen=True, slots=True)
class SessionConfig:
    """What to drill: rules, level, focus, the first seed (None: a random one), one hand id
    to replay, how many hands (None: until ``q``), the profile (*owner*'s: the terminal's
    by default, a browser's on the web) and the language."""

    rules: str = "bareme"
    level: str = "intermediaire"
    focus: str = "any"
    seed: int | None = None
    hand: str | None = None
    count: int | None = None
    profile: str = "default"
    lang: str = "en"
    options: QuizOptions = field(default_factory=QuizOptions)
    variant: str = "riichi"
    review: bool = True
    owner: str = TERMINAL


@dataclass(frozen=True, slots=True)
class Summary:
    """What a session did: hands dealt, and per part (right, asked), and the seconds spent."""

    hands: int
    parts: tuple[tuple[str, int, int], ...]
    seconds: float

    @property
    def right(self) -> int:
        """Gets the number of right parts."""
        return sum(r for _, r, _ in self.parts)

    @property
    def asked(self) -> int:
        """Gets the number of graded parts."""
        return sum(n for _, _, n in self.parts)

    def render(self, lang: str = "en") -> str:
        """Writes the summary on one line."""
        if not self.asked:
            return _w("summary_none", lang)
        parts = " · ".join(
            f"{_w('part.' + p, lang) if has('ui.train.part.' + p, 'en') else p} {r}/{n}"
            for p, r, n in self.parts
            if n
        )
        return _w(
            "summary",
            lang,
            hands=ntr("ui.train.hands", self.hands, lang, n=self.hands),
            parts=parts,
            pct=round(100 * self.right / self.asked),
            per=decimal(self.seconds / self.asked, lang),
        )


class _Quit(Exception):
    """The player stopped (``q``, end of input or Ctrl-C)."""


def next_deal(
    cfg: SessionConfig, store: Store | None, seed: int, now: datetime
) -> tuple[Any, str | None]:
    """Deals the hand of *seed* for a drill: unless *cfg* chose a focus, the concept of
    *cfg.profile* due first in *store* (spaced repetition) picks it. Returns the hand and
    that concept (None when no review chose the focus).

    :raises DealError: on an unknown level or focus; :raises RulesError: on unknown rules.

    >>> d, why = next_deal(SessionConfig(), None, 3, datetime(2026, 1, 1, tzinfo=UTC))
    >>> d.id, why
    ('riichi2:bareme:intermediaire:any:3', None)
    """
    v = find_trainer(cfg.variant)
    focus, why = cfg.focus, None
    if store is not None and cfg.review and cfg.focus in ("any", ""):
        for concept in store.due_concepts(cfg.profile, now, cfg.owner):
            f = v.concept_focus(concept)
            if f != "any":
                focus, why = f, concept
                break
    try:
        return v.deal(seed, cfg.level, focus, cfg.rules), why
    except DealError:
        return v.deal(seed, cfg.level, cfg.focus, cfg.rules), None


def answer_part(
    cfg: SessionConfig,
    store: Store | None,
    d: Any,
    index: int,
    text: str,
    *,
    seconds: float | None,
    now: datetime,
) -> Graded:
    """Grades the answer *text* to the question number *index* on *d* (the questions that
    *cfg.options* ask) and records it for *cfg.profile* in *store*, as ``tenpai train`` does.

    :raises AnswerError: when *text* cannot be read (nothing is recorded);
    :raises IndexError: when *d* has no question *index*.
    """
    v = find_trainer(cfg.variant)
    q = v.questions(d, cfg.options)[index]
    g = v.grade(q, text, seconds=seconds, timer=cfg.options.timer, lang=cfg.lang)
    if store is not None:
        store.record(cfg.profile, d.id, g, seconds=seconds, now=now, owner=cfg.owner)
    return g


def _deals(
    cfg: SessionConfig, v: Variant[Any], store: Store | None, now: Callable[[], datetime]
) -> Iterator[tuple[Any, str | None]]:
    if cfg.hand:
        yield v.replay(cfg.hand), None
        return
    base = cfg.seed if cfg.seed is not None else secrets.randbelow(10**9)
    i = 0
    while cfg.count is None or i < cfg.count:
        yield next_deal(cfg, store, base + i, now())
        i += 1


def _ask(inp: TextIO, out: TextIO, prompt: str) -> str:
    out.write(prompt + " ")
    out.flush()
    line = inp.readline()
    if not line:
        raise _Quit
    text = line.strip()
    if text.lower() in ("q", "quit", "exit", "quitter"):
        raise _Quit
    return text


def run_session(
    cfg: SessionConfig,
    store: Store | None,
    inp: TextIO,
    out: TextIO,
    *,
    clock: Callable[[], float] = time.monotonic,
    now: Callable[[], datetime] = lambda: datetime.now(UTC),
) -> Summary:
    """Drills hands on *inp*/*out* until the count is reached, ``q`` or end of input; records
    every graded part in *store* (if any) as soon as it is graded; returns the summary,
    which is also printed."""
    v = find_trainer(cfg.variant)
    lang = cfg.lang
    tally: dict[str, list[int]] = {p: [0, 0] for p in v.parts}
    hands = 0
    spent = 0.0

    limit = f" [{decimal(cfg.options.timer, lang, None)} s]" if cfg.options.timer else ""

    def say(text: str = "") -> None:
        out.write(text + "\n")
        out.flush()

    try:
        for n, (d, why) in enumerate(_deals(cfg, v, store, now), 1):
            hands = n
            tag = f"  ({_w('review', lang, why=concept_label(why, lang))})" if why else ""
            say(f"── {_w('hand', lang, n=n)} · {d.id}{tag}")
            for line in v.describe(d, lang):
                say(f"  {line}")
            for q in v.questions(d, cfg.options):
                while True:
                    t0 = clock()
                    text = _ask(inp, out, q.prompt(lang) + limit)
                    took = clock() - t0
                    try:
                        g: Graded = v.grade(
                            q, text, seconds=took, timer=cfg.options.timer, lang=lang
                        )
                    except AnswerError as e:
                        say(f"  ? {e.text(lang)}")
                        continue
                    break
                if store is not None:
                    store.record(cfg.profile, d.id, g, seconds=took, now=now(), owner=cfg.owner)
                tally[g.part][1] += 1
                tally[g.part][0] += g.ok
                spent += took
                if g.ok:
                    say(f"  ✓ {_w('right', lang)}")
                else:
                    note = _w("note", lang, note=g.note) if g.note else ""
                    say(f"  ✗ {_w('wrong', lang, answer=g.answer)}{note}")
            say("")
            for line in v.explain(d, cfg.options, lang):
                say(f"  {line}")
            if (cfg.count is not None and n >= cfg.count) or cfg.hand:
                break
            _ask(inp, out, _w("next", lang))
    except (_Quit, KeyboardInterrupt):
        say("")
    summary = Summary(hands, tuple((p, r, a) for p, (r, a) in tally.items()), spent)
    say(summary.render(lang))
    return summary


# ---- the progress report -------------------------------------------------------------------

_BLOCKS = "▁▂▃▄▅▆▇█"


def _bar(share: float, lang: str, columns: int = 20) -> str:
    """Draws *share* as a bar of *columns* terminal columns for the readers of *lang*
    (:func:`~tenpai.i18n.text_width`): ``█`` is ambiguous in width (two columns in a Japanese
    or Chinese terminal), so the bar is counted in columns, and its empty part is ``░`` where
    that takes the columns of ``█``, else ``▒``, ambiguous too: every bar then holds as many
    characters of each width, and the rows line up whatever a terminal makes of them.

    >>> _bar(0.5, "en", 10), _bar(0.5, "ja", 10), _bar(1.0, "ja", 10)
    ('█████░░░░░', '██▒▒▒', '█████')
    """
    full = text_width("█", lang)
    empty = next(c for c in "░▒" if text_width(c, lang) == full)
    cells = columns // full
    filled = round(share * cells)
    return "█" * filled + empty * (cells - filled)


def _when(due: float | None, now: float, lang: str) -> str:
    if due is None:
        return "-"
    left = due - now
    if left <= 0:
        return tr("ui.stats.now", lang)
    for size, unit in ((86400, "days"), (3600, "hours"), (60, "minutes")):
        if left >= size:
            return tr(f"ui.stats.in_{unit}", lang, n=f"{left / size:.0f}")
    return tr("ui.stats.in_seconds", lang, n=f"{left:.0f}")


def render_stats(
    profile: str,
    stats: list[ConceptStat],
    answers: list[AnswerRow],
    *,
    now: datetime,
    lang: str = "en",
) -> str:
    """Writes a profile's progress: totals, the accuracy trend per 10 answers as a small
    chart, and each concept's accuracy bar, answers, speed, trend and next review."""
    if not answers:
        return tr("ui.stats.none", lang, profile=profile)
    right = sum(a.ok for a in answers)
    secs = [a.seconds for a in answers if a.seconds is not None]
    total = len(answers)
    lines = [
        ntr("ui.stats.head", total, lang, profile=profile, n=total, pct=round(100 * right / total))
        + (tr("ui.stats.mean", lang, s=decimal(sum(secs) / len(secs), lang)) if secs else "")
    ]
    buckets = [answers[i : i + 10] for i in range(0, len(answers), 10)]
    spark = "".join(_BLOCKS[min(7, int(8 * sum(a.ok for a in b) / len(b)))] for b in buckets[-40:])
    lines.append(f"{tr('ui.stats.trend', lang)} {spark}")
    lines.append("")
    head = tuple(
        "n" if c == "n" else tr(f"ui.stats.col.{c}", lang)
        for c in ("concept", "n", "accuracy", "seconds", "trend", "review")
    )
    names = {s.concept: concept_label(s.concept, lang) for s in stats}
    # Columns line up by display width: a kanji takes two columns of a terminal, and an
    # ambiguous character (█ · →) two in Japanese and Chinese ones.
    wide = max([28, *(text_width(n, lang) for n in names.values())])
    # the accuracy column: a bar of 20 columns, a space and a percentage of 4 (``100%``)
    lines.append(
        f"{ljust(head[0], wide, lang)} {rjust(head[1], 4, lang)}  {ljust(head[2], 25, lang)} "
        f"{rjust(head[3], 5, lang)}  {ljust(head[4], 5, lang)} {head[5]}"
    )
    t = now.timestamp()
    for s in stats:
        trend = "·"
        if s.earlier is not None:
            trend = (
                "↑" if s.recent > s.earlier + 0.05 else "↓" if s.recent < s.earlier - 0.05 else "→"
            )
        sec = decimal(s.mean_seconds, lang) if s.mean_seconds is not None else "-"
        pct = f"{round(100 * s.accuracy):>3}%"
        lines.append(
            f"{ljust(names[s.concept], wide, lang)} {s.answered:>4}  {_bar(s.accuracy, lang)} "
            f"{pct} {rjust(sec, 5, lang)}  {ljust(trend, 5, lang)} {_when(s.due, t, lang)}"
        )
    return "\n".join(lines)
