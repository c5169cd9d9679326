"""The text of ``tenpai logs verify`` and ``tenpai logs stats``, in the reader's language.

Every word comes from the ``ui`` catalogue (``ui.cli.logs.*``, docs/translating.md); the
reasons of a summary are :class:`tenpai.logs.source.Said` texts, said in the reader's
language too (a reason from elsewhere, an operating system's message, stays as it is).
The ``--json`` outputs are data: their keys and reasons stay English.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..i18n import has, ntr, tr
from .source import said_in

__all__ = ["field_word", "stats_lines", "value_text", "values_text", "verify_lines"]


def field_word(name: str, lang: str) -> str:
    """Gets the word of a compared field (``points``, ``deltas``, ``final_scores``...) in
    *lang*; a field without a word stays its name.

    >>> field_word("deltas", "en"), field_word("placement", "ja")
    ('score changes', '順位点')
    """
    key = f"ui.cli.logs.field.{name}"
    return tr(key, lang) if has(key, "en") else name


def _count(key: str, n: int, lang: str) -> str:
    return ntr(f"ui.cli.logs.{key}", n, lang, n=n)


def _points_word(x: Any, lang: str) -> str:
    from fractions import Fraction

    from ..game.placement import points_text

    return points_text(Fraction(str(x)).limit_denominator(1000), lang)


def value_text(name: str, value: Any, lang: str) -> str:
    """Writes the value of the compared field *name* as the rest of the output writes
    numbers and names, in *lang*: one value per seat separated by ``/`` (score changes with
    their sign, placement points with the reader's decimal mark), yaku and limits by their
    names, the seats found tenpai, ``-`` for no value.

    >>> value_text("deltas", [-2900, 2900, 0, 0], "en")
    '-2900 / +2900 / 0 / 0'
    >>> value_text("placement", [-38.5, 48.5], "fr")
    '-38,5 / +48,5'
    >>> value_text("yaku", [["pinfu", 1], ["tanyao", 1]], "ja"), value_text("limit", "mangan", "ja")
    ('平和 1 + 断幺九 1', '満貫')
    """
    from ..riichi.words import limit_word

    sep = tr("ui.cli.logs.seat_sep", lang)
    if value is None:
        return tr("ui.cli.logs.no_value", lang)
    if name == "yaku" and isinstance(value, (list, tuple)):
        return tr("ui.cli.logs.yaku_sep", lang).join(
            f"{_yaku_word(str(y), lang)} {h}" for y, h in value
        ) or tr("ui.cli.logs.no_value", lang)
    if name == "yakuman" and isinstance(value, (list, tuple)):
        return tr("ui.cli.logs.yaku_sep", lang).join(_yaku_word(str(y), lang) for y in value) or tr(
            "ui.cli.logs.no_value", lang
        )
    if name == "limit" and isinstance(value, str):
        return limit_word(value, lang)
    if name == "tenpai" and isinstance(value, (list, tuple)):
        return sep.join(str(x) for x in value) or tr("ui.cli.logs.nobody", lang)
    if isinstance(value, (list, tuple)):
        if name == "deltas":
            return sep.join(f"{x:+d}" if x else "0" for x in value)
        if name == "placement":
            return sep.join(_points_word(x, lang) for x in value)
        return sep.join(str(x) for x in value)
    return str(value)


def values_text(values: Mapping[str, Any], lang: str) -> str:
    """Gets the values of the fields of a check in *lang*: ``points 2000, fu 30``.

    >>> values_text({"deltas": [-1500, 1500]}, "fr")
    'variations de score -1500 / +1500'
    """
    return tr("ui.cli.logs.list_sep", lang).join(
        tr("ui.cli.logs.field_value", lang, field=field_word(k, lang), value=value_text(k, v, lang))
        for k, v in values.items()
    )


def verify_lines(d: Mapping[str, Any], shown: Iterable[Mapping[str, Any]], lang: str) -> list[str]:
    """Gets the lines of a verification's summary *d* (:meth:`Summary.as_dict`) and of the
    disagreements *shown* (their records), in *lang*."""
    out = [
        tr(
            "ui.cli.logs.summary",
            lang,
            files=_count("files", d["files"], lang),
            games=_count("games", d["games"], lang),
            rounds=_count("rounds", d["rounds"], lang),
            wins=_count("wins", d["wins"], lang),
            draws=_count("draws", d["draws"], lang),
        ),
        tr(
            "ui.cli.logs.outcomes",
            lang,
            agree=d["agree"],
            disagree=d["disagree"],
            unsupported=d["unsupported"],
        ),
    ]
    for name, n in d["disagree_by_field"].items():
        out.append(tr("ui.cli.logs.by_field", lang, n=n, field=field_word(name, lang)))
    for key, line in (
        ("unsupported_by_reason", "unsupported"),
        ("unreadable_by_reason", "unreadable"),
        ("round_errors_by_reason", "not_read"),
    ):
        for reason, n in d[key].items():
            out.append(tr(f"ui.cli.logs.{line}", lang, n=n, reason=said_in(reason, lang)))
    for kind in ("final_scores", "placement"):
        r = d[kind]
        out.append(
            tr(
                "ui.cli.logs.result",
                lang,
                title=field_word(kind, lang),
                agree=r["agree"],
                disagree=r["disagree"],
                unsupported=r["unsupported"],
            )
        )
        for reason, n in r["unsupported_by_reason"].items():
            out.append(
                tr("ui.cli.logs.result_unsupported", lang, n=n, reason=said_in(reason, lang))
            )
    for rec in shown:
        c = rec["check"]
        out.append(
            tr(
                "ui.cli.logs.differs",
                lang,
                where=said_in(c["where"], lang),
                fields=tr("ui.cli.logs.list_sep", lang).join(
                    field_word(f, lang) for f in c["fields"]
                ),
                log=values_text(c["log"], lang),
                tenpai=values_text(c["tenpai"], lang),
            )
        )
    return out


def _yaku_word(yaku_id: str, lang: str) -> str:
    key = f"yaku.{yaku_id}.name"
    return tr(key, lang) if has(key, "en") else yaku_id


def stats_lines(d: Mapping[str, Any], lang: str) -> list[str]:
    """Gets the lines of a corpus's counts *d* (:meth:`Stats.as_dict`) in *lang*: per
    group (all the games, then each format and room), the games, rounds, wins and average
    points, the most frequent yaku (by name), the han and the fu counts (each line only when
    the logs give them)."""
    out: list[str] = []
    sep = tr("ui.cli.logs.list_sep", lang)
    for name, g in d.items():
        counts = {
            "name": tr("ui.cli.logs.all", lang) if name == "all" else name,
            "games": _count("games", g["games"], lang),
            "rounds": _count("rounds", g["rounds"], lang),
            "wins": _count("wins", g["wins"], lang),
        }
        if g["average_points"] is None:
            out.append(tr("ui.cli.logs.group", lang, **counts))
        else:
            out.append(tr("ui.cli.logs.group_points", lang, points=g["average_points"], **counts))
        top = sep.join(
            tr("ui.cli.logs.field_value", lang, field=_yaku_word(y, lang), value=n)
            for y, n in list(g["yaku"].items())[:12]
        )
        if top:
            out.append(tr("ui.cli.logs.yaku", lang, counts=top))
        for key in ("han", "fu"):
            counts_ = sep.join(f"{k}:{n}" for k, n in g[key].items())
            if counts_:
                out.append(tr(f"ui.cli.logs.{key}", lang, counts=counts_))
    every = d.get("all", {})
    if "files" in every:
        files = _count("files", every["files"], lang)
        out.append(tr("ui.cli.logs.read_files", lang, files=files, n=every["unreadable"]))
        for reason, n in every["unreadable_by_reason"].items():
            out.append(tr("ui.cli.logs.unreadable", lang, n=n, reason=said_in(reason, lang)))
    return out
