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


# fmt: off
_HEADS: dict[str, tuple[str, str]] = {
    # concept head: (fr, en)
    "fu": ("Fu", "Fu"),
    "cell": ("Case du barème", "Table cell"),
    "pay": ("Paiement", "Payment"),
    "han": ("Han", "Han"),
    "dora": ("Dora", "Dora"),
    "extra": ("En plus", "Extras"),
    "wait": ("Attente", "Wait"),
    "waits": ("Attentes", "Waits"),
    "hk_fan": ("Fan", "Fan"),
    "hk_pay": ("Paiement", "Payment"),
}
_WORDS: dict[str, tuple[str, str]] = {
    "count": ("compte des han", "counting"),
    "chiitoitsu": ("chiitoitsu (25 fu)", "seven pairs (25 fu)"),
    "pinfu_tsumo": ("pinfu tsumo (20 fu)", "pinfu tsumo (20 fu)"),
    "closed_ron": ("ron main fermée", "closed ron"),
    "tsumo": ("tsumo", "tsumo"),
    "open_pinfu": ("main ouverte à 20 fu", "open hand at 20 fu"),
    "base": ("base", "base"),
    "pair_double_wind": ("paire du double vent", "double wind pair"),
    "pair_value": ("paire de valeur", "value pair"),
    "dealer_ron": ("donneur, ron", "dealer ron"),
    "dealer_tsumo": ("donneur, tsumo", "dealer tsumo"),
    "non_dealer_ron": ("non-donneur, ron", "non-dealer ron"),
    "non_dealer_tsumo": ("non-donneur, tsumo", "non-dealer tsumo"),
    "honba": ("honba", "honba"),
    "sticks": ("bâtons de riichi", "riichi sticks"),
    "one": ("une tuile", "one tile"),
    "two": ("deux tuiles", "two tiles"),
    "many": ("trois tuiles ou plus", "three tiles or more"),
    "aka_dora": ("aka-dora", "red fives"),
    "ura_dora": ("ura-dora", "ura dora"),
    "kita": ("kita (nord mis de côté)", "kita (north set aside)"),
    "cap": ("plafond", "cap"),
    "self_draw": ("sur pioche (自摸)", "self-draw"),
    "discard": ("sur défausse", "on a discard"),
    "dealer": ("donneur", "dealer"),
    "liable": ("un responsable paie", "a liable player pays"),
    "robbed_kong": ("kong volé", "robbed kong"),
    "discard_half": ("sur défausse, demi-responsabilité", "on a discard, half responsibility"),
}
_SHAPES: dict[str, tuple[str, str]] = {
    "triplet": ("brelan", "triplet"), "kan": ("carré", "quad"),
    "closed": ("fermé", "closed"), "open": ("ouvert", "open"),
    "simple": ("de simples", "of simples"),
    "yaochuu": ("de terminales ou d’honneurs", "of terminals or honours"),
}
_FOCI: dict[str, tuple[str, str]] = {
    # a dealer focus that is no yaku or fan item: (fr, en)
    "any": ("toutes les mains", "any hand"),
    "fu": ("le compte des fu", "counting the fu"),
    "open": ("main ouverte", "open hand"),
    "closed": ("main fermée", "closed hand"),
    "discard": ("victoire sur défausse", "win on a discard"),
}
# fmt: on


def _word(key: str, lang: str) -> str:
    fr, en = _WORDS.get(key, (key.replace("_", " "), key.replace("_", " ")))
    return fr if lang == "fr" else en


def concept_label(concept: str, lang: str = "en") -> str:
    """Gets the name of a concept (``yaku:pinfu``, ``fu:wait_kanchan``, ``cell:3han30fu``...)
    in *lang*, for the progress page."""
    from ..riichi.explain import t, yaku_name

    head, _, rest = concept.partition(":")
    i = 0 if lang == "fr" else 1
    if head == "yaku":
        return yaku_name(rest, lang)
    if head == "fan":
        from ..hk.fan import row

        try:
            r = row(rest)
        except KeyError:
            return rest.replace("_", " ")
        return r.fr if lang == "fr" else r.en
    label = _HEADS.get(head, (head, head))[i]
    if head == "fu" and rest.startswith("wait_"):
        w = rest.removeprefix("wait_")
        return f"{label} : attente {w}" if lang == "fr" else f"{label}: {w} wait"
    if head == "fu" and rest.count("_") == 2:
        size, state, family = (_SHAPES.get(p, (p, p))[i] for p in rest.split("_"))
        if lang == "fr":  # "brelan ouvert de simples"
            return f"{label} : {size} {state} {family}"
        return f"{label}: {state} {size} {family}"  # "open triplet of simples"
    if head == "cell":
        cell = re.fullmatch(r"(\d+)han(\d+)fu", rest)
        if cell:
            sep = " : " if lang == "fr" else ": "
            return f"{label}{sep}{cell.group(1)} han {cell.group(2)} fu"
        return f"{label} : {t(rest, lang)}" if lang == "fr" else f"{label}: {t(rest, lang)}"
    if head == "hk_fan" and rest.isdigit():
        return f"{label} : {rest} fan" if lang == "fr" else f"{label}: {rest} fan"
    if head == "hk_fan" and rest == "count":
        return "Fan : le compte" if lang == "fr" else "Fan: the count"
    sep = " : " if lang == "fr" else ": "
    return f"{label}{sep}{_word(rest, lang)}" if rest else label


def focus_label(focus: str, lang: str = "en") -> str:
    """Names a dealer focus (``any``, ``menzen_tsumo``, ``half_flush``...) in *lang*: the
    yaku's or the fan item's name, for the drill's focus list.

    >>> focus_label("yakuhai_haku", "fr"), focus_label("half_flush", "fr"), focus_label("any")
    ('Haku', 'Couleur mêlée', 'any hand')
    """
    from ..hk.fan import row
    from ..riichi.explain import yaku_name
    from ..riichi.yaku import YAKU_BY_ID

    if focus in _FOCI:
        return _FOCI[focus][0 if lang == "fr" else 1]
    if focus in YAKU_BY_ID:
        return yaku_name(focus, lang)
    try:
        r = row(focus)
    except KeyError:
        return focus.replace("_", " ")
    return r.fr if lang == "fr" else r.en
