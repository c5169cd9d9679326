"""What a game log holds, format-independent: games, rounds, events, wins and draws.

A :class:`Win` carries the interchange record of the hand (what ``tenpai score --jsonl``
scores), the log's :class:`Claim` (what the platform paid) and its :class:`Origin`. A
:class:`Draw` carries the kind of draw, who was tenpai and the score changes. Records are
plain JSON-ready dicts: treat them as read-only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import Msg, msg
from .source import Said, words_of

__all__ = ["Claim", "Draw", "Event", "Game", "Origin", "Round", "Win"]

WINDS = "ESWN"


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a win or a draw comes from: the *file*, the game's *log_id*, the *round*
    (its index in the game and its name, e.g. ``E2``), *honba* and the *index* of the win in
    the file (the n-th win, counting from 0; None for a draw)."""

    file: str
    log_id: str | None
    round: int
    name: str
    honba: int
    index: int | None = None

    def text(self) -> str:
        """Gets a short label: ``file (log id) round E2-1`` (a
        :class:`tenpai.logs.source.Said`: English as a string, in every language)."""
        place = msg("errors.logs.origin", file=self.file, name=self.name, honba=self.honba)
        if self.log_id:
            place = msg(
                "errors.logs.origin_log",
                file=self.file,
                log_id=self.log_id,
                name=self.name,
                honba=self.honba,
            )
        if self.index is None:
            return Said.of(place)
        return Said.of(place, msg("errors.logs.origin_win", index=self.index))

    def as_dict(self) -> dict[str, Any]:
        """Gets the origin as a JSON object."""
        return {
            "file": self.file,
            "log_id": self.log_id,
            "round": self.round,
            "round_name": self.name,
            "honba": self.honba,
            "index": self.index,
        }


@dataclass(frozen=True, slots=True)
class Claim:
    """What a log says a win was worth; None where the format does not say.

    *yaku* lists ``(id, han)`` in Tenpai's ids, dora included (ura dora with 0 han left
    out); *names* keeps the log's own yaku names; *deltas* are per absolute seat, honba and
    sticks included; *limit* is a Tenpai limit name (``mangan`` ... ``yakuman``) or None;
    *chips* the chips (祝儀) a chip table awarded per seat, when it says; *dora_with_ura*
    tells that the log counts ura dora under dora (a simulator's log, not the server's);
    *kita_as_dora* that it counts the kita of a three-player hand under dora (Tenhou's yaku
    52 ドラ, which mjai's converters keep), where Mahjong Soul lists them apart (抜きドラ).
    """

    han: int | None = None
    fu: int | None = None
    points: int | None = None
    limit: str | None = None
    yaku: tuple[tuple[str, int], ...] | None = None
    yakuman: tuple[str, ...] | None = None
    deltas: tuple[int, ...] | None = None
    names: tuple[str, ...] = ()
    chips: tuple[int, ...] | None = None
    dora_with_ura: bool = False
    kita_as_dora: bool = True

    def as_dict(self) -> dict[str, Any]:
        """Gets the claim as a JSON object (only what the log says)."""
        out: dict[str, Any] = {}
        for key in ("han", "fu", "points", "limit"):
            v = getattr(self, key)
            if v is not None:
                out[key] = v
        if self.yaku is not None:
            out["yaku"] = [{"id": i, "han": h} for i, h in self.yaku]
        if self.yakuman is not None:
            out["yakuman"] = list(self.yakuman)
        if self.deltas is not None:
            out["deltas"] = list(self.deltas)
        if self.names:
            out["names"] = list(self.names)
        return out


@dataclass(frozen=True, slots=True)
class Win:
    """One win: the interchange *record* of the hand, the log's *claim*, its *origin*.

    *problem* says why the hand could not be rebuilt (then *record* holds what is known)."""

    record: dict[str, Any]
    claim: Claim
    origin: Origin
    problem: str | None = None


@dataclass(frozen=True, slots=True)
class Draw:
    """A round without a win.

    *kind* is ``exhaustive``, ``nagashi_mangan`` or an abortive draw (``kyuushu``,
    ``suufon``, ``suucha_riichi``, ``suukan``, ``sanchahou``); *tenpai* the seats the log
    says were tenpai (None when it does not say); *hands* the concealed tiles of each seat
    at the end when the log let us follow them (MPSZ, melds apart) and *melds* how many sets
    each had called; *nagashi* the seats paid a nagashi mangan; *deltas* the score changes
    per absolute seat (None when the log does not give them)."""

    kind: str
    origin: Origin
    tenpai: tuple[int, ...] | None = None
    hands: tuple[str, ...] | None = None
    melds: tuple[int, ...] | None = None
    nagashi: tuple[int, ...] = ()
    deltas: tuple[int, ...] | None = None
    honba: int = 0
    riichi_sticks: int = 0


@dataclass(frozen=True, slots=True)
class Event:
    """One event of a round: *kind* (``draw``, ``discard``, ``call``, ``riichi``, ``dora``,
    ``kita``), the *seat* that acted and *tiles* (MPSZ; a call's tiles with its type in
    *detail*)."""

    kind: str
    seat: int
    tiles: str = ""
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Round:
    """One round (kyoku): its place, the scores at its start (empty when the log does not
    give them), its events and its results.

    *events* is a sequence (a reader may follow them only when they are first asked for).

    *error* says why the round could not be read (its results are then those read before
    the problem, often none; a :class:`tenpai.logs.source.Said`: English as a string, in
    every language with ``said_in``); the rest of the game is still read. *riichi* lists the seats
    whose riichi was accepted in the round (each put a 1,000-point stick on the table)."""

    index: int
    name: str
    round_wind: str
    kyoku: int
    honba: int
    riichi_sticks: int
    dealer: int
    scores: tuple[int, ...]
    events: Sequence[Event] = ()
    wins: tuple[Win, ...] = ()
    draw: Draw | None = None
    error: str | None = None
    riichi: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Game:
    """One game: its *file*, *format* (``mjlog``, ``tenhou6``, ``mjai``), *log_id*, the
    number of *players*, the *ruleset* object its records carry, its *rounds*, the players'
    *names*, the final scores and placement points as the log gives them (None where it does
    not), *room* (a label for statistics, e.g. ``四鳳南喰赤``), the *errors* of rounds that
    could not be read (:class:`tenpai.logs.source.Said` texts), and whether the log is
    *complete* (it reaches the game's end)."""

    file: str
    format: str
    log_id: str | None
    players: int
    ruleset: dict[str, Any]
    rounds: tuple[Round, ...]
    names: tuple[str, ...] = ()
    final_scores: tuple[int, ...] | None = None
    final_points: tuple[float, ...] | None = None
    room: str = ""
    errors: tuple[str, ...] = field(default=())
    complete: bool = False

    def wins(self) -> list[Win]:
        """Gets every win of the game in order."""
        return [w for r in self.rounds for w in r.wins]


def round_msg(name: str, honba: int, error: str) -> Msg:
    """Gets the error of a round named in a game's errors (``round E2-1: ...``) as a message
    part (*error* in every language when it is a :class:`tenpai.logs.source.Said`)."""
    return msg("errors.logs.round_error", name=name, honba=honba, error=words_of(error))


def round_name(round_wind_index: int, kyoku: int) -> str:
    """Gets the name of a round, ``E1`` ... ``N4``."""
    return f"{WINDS[round_wind_index % 4]}{kyoku}"
