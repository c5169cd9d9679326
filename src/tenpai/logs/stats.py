"""Counts over a corpus of logs, as the logs claim them: yaku frequencies, the han and fu
distributions and the average points of wins, by room or rule."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from .model import Game

__all__ = ["Stats"]


class Stats:
    """Adds up games (:meth:`add`); :meth:`as_dict` gives, for all and per room, the
    number of games, rounds and wins, each yaku's count, the han and fu counts, and the
    average points of a win (the log's own values)."""

    def __init__(self) -> None:
        self.groups: dict[str, dict[str, Any]] = {}
        self.files = 0
        self.unreadable: Counter[str] = Counter()

    def add_unreadable(self, reason: str) -> None:
        """Counts a log that could not be read, by *reason*."""
        self.unreadable[reason] += 1

    def _group(self, name: str) -> dict[str, Any]:
        return self.groups.setdefault(
            name,
            {
                "games": 0,
                "rounds": 0,
                "wins": 0,
                "points": 0,
                "priced": 0,
                "yaku": Counter(),
                "han": Counter(),
                "fu": Counter(),
                "draws": Counter(),
            },
        )

    def add(self, games: Iterable[Game]) -> None:
        """Counts *games*."""
        for g in games:
            for name in ("all", f"{g.format}: {g.room or '?'}"):
                grp = self._group(name)
                grp["games"] += 1
                grp["rounds"] += len(g.rounds)
                for r in g.rounds:
                    if r.draw is not None:
                        grp["draws"][r.draw.kind] += 1
                    for w in r.wins:
                        c = w.claim
                        grp["wins"] += 1
                        if c.points is not None:
                            grp["points"] += c.points
                            grp["priced"] += 1
                        for y, _h in c.yaku or ():
                            grp["yaku"][y] += 1
                        for y in c.yakuman or ():
                            grp["yaku"][y] += 1
                        if c.han is not None:
                            grp["han"][str(c.han)] += 1
                        if c.fu is not None:
                            grp["fu"][str(c.fu)] += 1

    def as_dict(self) -> dict[str, Any]:
        """Gets the counts as a JSON object, groups sorted by name (``all`` first, always
        there, with the number of log *files* named and the *unreadable* ones by reason)."""
        out: dict[str, Any] = {}
        self._group("all")
        for name in sorted(self.groups, key=lambda n: (n != "all", n)):
            g = self.groups[name]
            out[name] = {
                "games": g["games"],
                "rounds": g["rounds"],
                "wins": g["wins"],
                "average_points": round(g["points"] / g["priced"]) if g["priced"] else None,
                "yaku": dict(g["yaku"].most_common()),
                "han": dict(sorted(g["han"].items(), key=lambda kv: int(kv[0]))),
                "fu": dict(sorted(g["fu"].items(), key=lambda kv: int(kv[0]))),
                "draws": dict(sorted(g["draws"].items())),
            }
        out["all"] = {
            "files": self.files,
            "unreadable": sum(self.unreadable.values()),
            "unreadable_by_reason": dict(sorted(self.unreadable.items())),
            **out["all"],
        }
        return out
