"""A profile's progress over time, and the names of the concepts it exercised, for charts.

>>> rows = [AnswerRow("h", "han", i % 3 != 0, "", "", "", 4.0 + i, 1000.0 * i, ())
...         for i in range(25)]
>>> [(p.answered, round(p.accuracy, 2)) for p in progress_points(rows, size=10)]
[(10, 0.6), (10, 0.7), (5, 0.6)]
>>> concept_label("yaku:pinfu", "fr"), concept_label("fu:wait_kanchan", "en")
('Pinfu', 'Fu: kanchan wait')
>>> concept_label("cell:3han30fu", "en"), concept_label("cell:haneman", "fr")
('Table cell: 3 han 30 fu', 'Case du barème : Haneman')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..i18n import has, tr
from .store import AnswerRow

__all__ = ["ProgressPoint", "axis_labels", "concept_label", "focus_label", "progress_points"]

# The formats of the time axis, coarsest first: the first that tells the ends apart is used.
_AXIS_FORMATS = ("%d/%m %H:%M", "%d/%m %H:%M:%S", "%H:%M:%S.%f")


@dataclass(frozen=True, slots=True)
class ProgressPoint:
    """A group of consecutive answers: when the last one was given (*at*, epoch seconds),
    how many (*answered*), the share right (*accuracy*) and the mean seconds per answer
    (*seconds*, None when none was timed)."""

    at: float
    answered: int
    accuracy: float
    seconds: float | None


def progress_points(answers: Sequence[AnswerRow], *, size: int = 10) -> list[ProgressPoint]:
    """Groups *answers* (oldest first) by *size* consecutive answers, the last group possibly
    smaller, into the points of the accuracy and speed charts."""
    out: list[ProgressPoint] = []
    for i in range(0, len(answers), max(1, size)):
        group = answers[i : i + max(1, size)]
        secs = [a.seconds for a in group if a.seconds is not None]
        out.append(
            ProgressPoint(
                at=group[-1].at,
                answered=len(group),
                accuracy=sum(a.ok for a in group) / len(group),
                seconds=sum(secs) / len(secs) if secs else None,
            )
        )
    return out


def axis_labels(stamps: Sequence[float]) -> list[str]:
    """Writes the times *stamps* (epoch seconds, UTC) as the time axis' labels, to the
    minute, or finer when the first and the last would read the same (answers given within
    a minute), so that the two ends of the axis never show the same time.

    >>> axis_labels([0.0, 3600.0])
    ['01/01 00:00', '01/01 01:00']
    >>> axis_labels([0.0, 12.0]), axis_labels([0.0, 0.25])
    (['01/01 00:00:00', '01/01 00:00:12'], ['00:00:00.000', '00:00:00.250'])
    """
    from datetime import UTC, datetime

    times = [datetime.fromtimestamp(x, UTC) for x in stamps]
    for fmt in _AXIS_FORMATS:
        labels = [t.strftime(fmt) for t in times]
        if fmt.endswith("%f"):
            labels = [x[:-3] for x in labels]  # milliseconds
        if len(labels) < 2 or labels[0] != labels[-1]:
            return labels
    return labels


def _ui(key: str, lang: str, **params: object) -> str:
    return tr(f"ui.{key}", lang, **params)


def _known(key: str) -> bool:
    return has(f"ui.{key}", "en")


def _word(key: str, lang: str) -> str:
    return (
        _ui(f"concept.word.{key}", lang) if _known(f"concept.word.{key}") else key.replace("_", " ")
    )


def concept_label(concept: str, lang: str = "en") -> str:
    """Gets the name of a concept (``yaku:pinfu``, ``fu:wait_kanchan``, ``cell:3han30fu``...)
    in *lang*, for the progress page (the ``ui.concept.*`` entries of the catalogue)."""
    from ..riichi.explain import t, yaku_name

    head, _, rest = concept.partition(":")
    if head == "yaku":
        return yaku_name(rest, lang)
    if head == "fan":
        from ..hk.fan import row

        try:
            r = row(rest)
        except KeyError:
            return rest.replace("_", " ")
        return r.name(lang)
    label = _ui(f"concept.head.{head}", lang) if _known(f"concept.head.{head}") else head
    if head == "fu" and rest.startswith("wait_"):
        w = rest.removeprefix("wait_")
        wait = _ui(f"concept.wait.{w}", lang) if _known(f"concept.wait.{w}") else w
        return _ui("concept.wait_fmt", lang, head=label, wait=wait)
    if head == "wait" and _known(f"concept.wait.{rest}"):
        return _ui("concept.fmt", lang, head=label, name=_ui(f"concept.wait.{rest}", lang))
    if head == "fu" and rest.count("_") == 2 and not _known(f"concept.word.{rest}"):
        size, state, family = (
            _ui(f"concept.shape.{p}", lang) if _known(f"concept.shape.{p}") else p
            for p in rest.split("_")
        )
        return _ui("concept.shape_fmt", lang, head=label, size=size, state=state, family=family)
    if head == "cell":
        cell = re.fullmatch(r"(\d+)han(\d+)fu", rest)
        if cell:
            return _ui("concept.cell_fmt", lang, head=label, han=cell.group(1), fu=cell.group(2))
        return _ui("concept.fmt", lang, head=label, name=t(rest, lang))
    if head == "hk_fan" and rest.isdigit():
        return _ui("concept.fan_fmt", lang, head=label, n=rest)
    if head == "hk_fan" and rest == "count":
        return _ui("concept.fan_count", lang)
    return _ui("concept.fmt", lang, head=label, name=_word(rest, lang)) if rest else label


def focus_label(focus: str, lang: str = "en") -> str:
    """Names a dealer focus (``any``, ``menzen_tsumo``, ``half_flush``...) in *lang*: the
    yaku's or the fan item's name, for the drill's focus list.

    >>> focus_label("yakuhai_haku", "fr"), focus_label("half_flush", "fr"), focus_label("any")
    ('Haku', 'Couleur mêlée', 'any hand')
    """
    from ..hk.fan import row
    from ..riichi.explain import yaku_name
    from ..riichi.yaku import YAKU_BY_ID

    if _known(f"focus.{focus}"):
        return _ui(f"focus.{focus}", lang)
    if focus in YAKU_BY_ID:
        return yaku_name(focus, lang)
    try:
        r = row(focus)
    except KeyError:
        return focus.replace("_", " ")
    return r.name(lang)
