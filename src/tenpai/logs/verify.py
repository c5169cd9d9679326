"""Every win and draw of a log recomputed by Tenpai and compared with what the log paid.

:func:`check_win` scores a win's record and compares it field by field with the log's
claim (only the fields the log gives: han, fu, points, limit, yaku, yakuman, deltas);
:func:`check_draw` recomputes a draw (who was tenpai from the hands, the noten payments,
nagashi mangan, an abortive draw pays nothing). :class:`Summary` counts the outcomes; it
adds up across files, processes and machines (:meth:`Summary.merge`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..errors import Msg, RulesError, TenpaiError, msg
from ..game import GameRules, placement, tenhou_rules
from ..game.rules import find_game_rules
from ..interchange import score_record
from ..riichi.payment import noten_payments
from ..riichi.records import nagashi_result
from ..tiles import parse_tiles
from .build import is_tenpai
from .model import WINDS, Claim, Draw, Game, Win
from .source import Said, words, words_of

__all__ = ["Check", "Summary", "check_draw", "check_game", "check_win", "game_report"]

WIN_FIELDS = ("han", "fu", "points", "limit", "yaku", "yakuman", "deltas")
# Errors of the scorer that say a rule is not supported (the others say the hand is wrong).
_UNSUPPORTED = {RulesError.__name__}
_DRAGONS = {"yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun"}


@dataclass(frozen=True, slots=True)
class Check:
    """The outcome of one win or draw: *status* ``agree``, ``disagree`` or ``unsupported``;
    the *fields* that differ; the log's values (*claimed*) and Tenpai's (*computed*) for
    those fields; *reason* (why it is unsupported, or the scorer's error); and a *record*
    that reproduces it with ``tenpai score --jsonl``."""

    kind: str
    status: str
    label: str
    fmt: str
    fields: tuple[str, ...] = ()
    claimed: dict[str, Any] = field(default_factory=dict)
    computed: dict[str, Any] = field(default_factory=dict)
    reason: str | None = None
    record: dict[str, Any] | None = None

    def as_dict(self) -> dict[str, Any]:
        """Gets the check as a JSON object: the record that reproduces it, with the log's
        claim and the fields that differ."""
        out: dict[str, Any] = dict(self.record or {})
        out["check"] = {
            "kind": self.kind,
            "status": self.status,
            "where": self.label,
            "fields": list(self.fields),
            "log": self.claimed,
            "tenpai": self.computed,
            "reason": self.reason,
        }
        return out


def _limit(name: Any) -> Any:
    if isinstance(name, str) and "yakuman" in name:
        return "yakuman"
    return name


def _absolute(rel: list[int] | None, winner: int, players: int) -> tuple[int, ...] | None:
    if rel is None:
        return None
    out = [0] * players
    for i, d in enumerate(rel[:players]):
        out[(winner + i) % players] = d
    return tuple(out)


def _computed(res: dict[str, Any], claim: Claim, winner: int, players: int) -> dict[str, Any]:
    yaku = [(y["id"], y["han"]) for y in res.get("yaku", []) if y["han"] > 0]
    if claim.yaku is not None and any(i == "yakuhai_dragon" for i, _ in claim.yaku):
        yaku = [("yakuhai_dragon" if i in _DRAGONS else i, h) for i, h in yaku]
    if claim.kita_as_dora and any(i == "kita" for i, _ in yaku):
        dora = sum(h for i, h in yaku if i in ("dora", "kita"))
        yaku = [(i, h) for i, h in yaku if i not in ("dora", "kita")] + [("dora", dora)]
    if claim.dora_with_ura:
        dora = sum(h for i, h in yaku if i in ("dora", "ura_dora"))
        yaku = [(i, h) for i, h in yaku if i not in ("dora", "ura_dora")]
        yaku += [("dora", dora)] if dora else []
    return {
        "han": res.get("han"),
        "fu": res.get("fu"),
        "points": res.get("points"),
        "limit": _limit(res.get("limit")),
        "yaku": sorted(yaku),
        "yakuman": sorted(y["id"] for y in res.get("yakuman", [])),
        "deltas": _absolute(res.get("deltas"), winner, players),
    }


def _claimed(claim: Claim) -> dict[str, Any]:
    return {
        "han": claim.han,
        "fu": claim.fu,
        "points": claim.points,
        "limit": _limit(claim.limit),
        "yaku": None if claim.yaku is None else sorted(claim.yaku),
        "yakuman": None if claim.yakuman is None else sorted(claim.yakuman),
        "deltas": claim.deltas,
    }


def check_win(win: Win, fmt: str, players: int) -> Check:
    """Scores *win* and compares it with its claim, field by field."""
    label = win.origin.text()
    if win.problem:
        return Check(
            "win", "disagree", label, fmt, ("hand",), reason=win.problem, record=win.record
        )
    res = score_record(win.record)
    err = res.get("error")
    if err:
        status = "unsupported" if err["type"] in _UNSUPPORTED else "disagree"
        return Check(
            "win",
            status,
            label,
            fmt,
            () if status == "unsupported" else ("hand",),
            claimed=win.claim.as_dict(),
            reason=_scorer_reason(win.record, err),
            record=win.record,
        )
    got = _computed(res, win.claim, int(win.record["winner"]), players)
    exp = _claimed(win.claim)
    bad = tuple(f for f in WIN_FIELDS if exp[f] is not None and exp[f] != got[f])
    if not bad:
        return Check("win", "agree", label, fmt)
    sticks = (
        int(win.record["round"]["riichi_sticks"]) if not win.record.get("multi_ron_index") else 0
    )
    if bad == ("deltas",) and exp["deltas"] is not None and sum(exp["deltas"]) != 1000 * sticks:
        # the log contradicts itself: its changes do not hand the sticks on the table over
        return Check(
            "win",
            "unsupported",
            label,
            fmt,
            reason=Said.of(msg("errors.logs.verify.sticks")),
        )
    if bad == ("deltas",) and win.claim.chips and any(win.claim.chips):
        # a rule difference, not an error: some chip tables pay their chips in points too
        return Check(
            "win",
            "unsupported",
            label,
            fmt,
            reason=Said.of(msg("errors.logs.verify.chips")),
        )
    return Check(
        "win",
        "disagree",
        label,
        fmt,
        bad,
        claimed={f: exp[f] for f in bad},
        computed={f: got[f] for f in bad},
        record=win.record,
    )


def _error_reason(e: Exception) -> str:
    """Gets the scorer's error *e* as a reason: ``RulesError: ...``, in every language when
    its message is a catalogue one."""
    if isinstance(e, TenpaiError) and e.parts:
        return Said.of(
            msg("errors.logs.verify.scorer", kind=type(e).__name__, error=words(*e.parts))
        )
    return f"{type(e).__name__}: {e}"


def _scorer_reason(rec: dict[str, Any], err: dict[str, Any]) -> str:
    """Gets the reason of the scorer's error result *err* for the win record *rec*: the
    record is read again (only on this path, an error's) to get the error's catalogue parts,
    so that the reason speaks every language."""
    from ..riichi.records import read_record
    from ..riichi.score import score

    try:
        score(*read_record(rec))
    except TenpaiError as e:
        if type(e).__name__ == err["type"] and str(e) == err["message"]:
            return _error_reason(e)
    except Exception:  # a bug of ours: the result's own words are the reason
        pass
    return f"{err['type']}: {err['message']}"


def _round_reason(name: str, why: Msg) -> Msg:
    """Gets *why* said of round *name* (``round E3: ...``)."""
    return msg("errors.logs.verify.in_round", name=name, why=words(why))


def _key(reason: str | None) -> str:
    """Gets a reason as a key of the counts (a :class:`Said` kept as it is, with its
    parts)."""
    return reason if reason is not None else "None"


def _draw_deltas(draw: Draw, tenpai: tuple[int, ...], game: Game) -> tuple[int, ...] | str:
    """Gets what a draw pays each seat, or the scorer's reason when it cannot say."""
    n = game.players
    if draw.kind == "exhaustive":
        return noten_payments([i in tenpai for i in range(n)])
    if draw.kind == "nagashi_mangan":
        out = [0] * n
        dealer = _dealer(draw, game)
        for seat in draw.nagashi:
            rec = {
                "ruleset": game.ruleset,
                "seat_wind": WINDS[(seat - dealer) % n],
                "round": {"honba": draw.honba, "riichi_sticks": 0},
            }
            if "rules" in game.ruleset:
                rec["rules"] = game.ruleset["rules"]
            try:
                res = nagashi_result(rec)
            except Exception as e:  # the scorer's refusal is the reason
                return _error_reason(e)
            for i, d in enumerate(res["deltas"][:n]):
                out[(seat + i) % n] += d
        return tuple(out)
    return (0,) * n


def _dealer(draw: Draw, game: Game) -> int:
    return game.rounds[draw.origin.round].dealer if draw.origin.round < len(game.rounds) else 0


def check_draw(draw: Draw, game: Game) -> Check:
    """Recomputes a draw: who was tenpai (from the hands when the log lets us follow them)
    and what each seat pays, and compares them with the log."""
    label = draw.origin.text()
    claimed: dict[str, Any] = {}
    computed: dict[str, Any] = {}
    tenpai = draw.tenpai or ()
    if draw.kind == "exhaustive" and draw.hands is not None and draw.melds is not None:
        mine = tuple(
            i
            for i, (h, m) in enumerate(zip(draw.hands, draw.melds, strict=True))
            if is_tenpai(parse_tiles(h), m)
        )
        if draw.tenpai is not None and mine != draw.tenpai:
            claimed["tenpai"], computed["tenpai"] = list(draw.tenpai), list(mine)
        tenpai = mine if draw.tenpai is None else draw.tenpai
    pay = _draw_deltas(draw, tenpai, game)
    if isinstance(pay, str):
        return Check("draw", "unsupported", label, game.format, reason=pay)
    if draw.deltas is not None and tuple(draw.deltas) != pay:
        claimed["deltas"], computed["deltas"] = list(draw.deltas), list(pay)
    if not claimed:
        return Check("draw", "agree", label, game.format)
    record = {
        "id": label,
        "draw": draw.kind,
        "hands": list(draw.hands or ()),
        "melds": list(draw.melds or ()),
    }
    return Check(
        "draw", "disagree", label, game.format, tuple(claimed), claimed, computed, record=record
    )


def check_game(game: Game) -> Iterator[Check]:
    """Checks every win and draw of *game* in order, then its final scores and placement
    points (:func:`check_result`)."""
    for r in game.rounds:
        for w in r.wins:
            yield check_win(w, game.format, game.players)
        if r.draw is not None:
            yield check_draw(r.draw, game)
    yield from check_result(game)


RESULT_KINDS = ("final_scores", "placement")
# Tenhou's rooms as its table names write them (般 ippan, 上 joukyuu, 特 tokujou, 鳳 houou)
_TENHOU_ROOMS = {"般": "ippan", "上": "joukyuu", "特": "tokujou", "鳳": "houou"}
_DATED = re.compile(r"(20\d\d)(\d\d)\d{4}gm-")


def game_rules_of(game: Game) -> GameRules | str:
    """Gets the game rules of *game*'s table (the preset of its room and length, and the
    precision of its placement points), or the reason they are not known.

    Tenhou (mjlog ``GO type``; a tenhou.net/6 table name such as ``三鳳南喰赤``): four or
    three players, hanchan or east only, the room and 速 (fast) pick the preset
    (:func:`tenpai.game.tenhou_rules`). Tenhou's points keep the tenths of the final
    scores from 2022 (every dated game of June 2022 on) and round them to the thousand
    before (every dated game up to July 2021); the changeover between those dates is not
    known, and an undated log is read with the precision its own points show.
    """
    rs = game.ruleset
    points = game.final_points
    if "rules" in rs:  # a Mahjong Soul room
        rules = find_game_rules("majsoul-sanma" if game.players == 3 else "majsoul")
    elif game.format == "mjlog":
        if not rs.get("standard_rules", True):
            return Said.of(msg("errors.logs.verify.special_lobby"))
        rules = tenhou_rules(
            players=game.players,
            hanchan=bool(rs.get("hanchan")),
            room=str(rs.get("room", "ippan")),
            fast=bool(rs.get("soku")),
        )
    elif game.format == "tenhou6" and game.room:
        label = game.room
        rules = tenhou_rules(
            players=game.players,
            hanchan="南" in label,
            room=next((v for k, v in _TENHOU_ROOMS.items() if k in label), "ippan"),
            fast="速" in label,
        )
    else:
        return Said.of(msg("errors.logs.verify.no_table_rules", format=game.format))
    dated = _DATED.search(game.log_id or game.file)
    if dated and "rules" not in rs:
        month = dated.group(1) + dated.group(2)
        if "202107" < month < "202206":
            return Said.of(msg("errors.logs.verify.tenths_unknown"))
        tenths = month >= "202206"
    else:
        tenths = points is not None and any(p != round(p) for p in points)
    return rules.with_options(rounding="exact") if tenths else rules


def check_result(game: Game) -> tuple[Check, ...]:
    """Checks the final result of a complete game against the log's own: its final scores
    (:func:`final_scores`) and its placement points (:func:`tenpai.game.placement` of the
    log's final scores under the rules of :func:`game_rules_of`). A game without a final
    result (cut short, or a format that gives none) has no check."""
    if not game.complete or game.final_scores is None or not game.rounds:
        return ()
    where = f"{game.file} ({game.log_id})" if game.log_id else game.file
    label = Said.of(msg("errors.logs.verify.final_result", where=where))
    rules = game_rules_of(game)
    deposit = rules.riichi_deposit if isinstance(rules, GameRules) else 1000
    to_top = not isinstance(rules, GameRules) or rules.leftover_sticks == "top"
    want = list(game.final_scores)
    got = final_scores(game, deposit, to_top)
    if isinstance(got, str):
        scores = Check("final_scores", "unsupported", label, game.format, reason=got)
    elif got == want:
        scores = Check("final_scores", "agree", label, game.format)
    else:
        # a round that starts from other scores than the results before it give, or the end
        claimed: dict[str, Any] = {"final_scores": want}
        computed: dict[str, Any] = {"final_scores": got}
        if isinstance(got, tuple):
            name, start, followed = got
            claimed = {"round": name, "scores": list(start)}
            computed = {"round": name, "scores": followed}
        scores = Check(
            "final_scores", "disagree", label, game.format, ("final_scores",), claimed, computed
        )
    if isinstance(rules, str) or game.final_points is None:
        why = (
            rules
            if isinstance(rules, str) and game.final_points is not None
            else Said.of(msg("errors.logs.verify.no_points"))
        )
        return scores, Check("placement", "unsupported", label, game.format, reason=why)
    points = [r.points for r in placement(want, rules, game.rounds[0].dealer)]
    logged = list(game.final_points)
    # the log writes its points as decimals (tenths at most): equal to the hundredth
    if all(abs(c - float(g)) < 0.005 for c, g in zip(logged, points, strict=True)):
        return scores, Check("placement", "agree", label, game.format)
    return scores, Check(
        "placement",
        "disagree",
        label,
        game.format,
        ("placement",),
        {"placement": logged},
        {"placement": [float(x) for x in points], "rules": rules.name},
    )


def final_scores(
    game: Game, deposit: int = 1000, to_top: bool = True
) -> list[int] | tuple[str, tuple[int, ...], list[int]] | str:
    """Follows *game*'s scores from its first round to its end: each round's results' score
    changes (honba and sticks included, as each result was checked), less a *deposit* for
    each riichi accepted, and at the end the sticks left on the table to the top (*to_top*;
    equal scores by seat from the first dealer). Gets the final scores; or (the round, the
    scores the log starts it from, the scores followed) when a round starts from other
    scores than the results before it give; or the reason the scores cannot be followed."""
    n = game.players
    bad = [r.name for r in game.rounds if r.error]
    if bad:
        return Said.of(msg("errors.logs.verify.round_unread", name=bad[0]))
    if any(not r.scores for r in game.rounds):
        return Said.of(msg("errors.logs.verify.no_start_scores"))
    scores = list(game.rounds[0].scores)
    sticks = 0
    for r in game.rounds:
        if tuple(scores) != r.scores:
            return r.name, r.scores, scores
        changes = [w.claim.deltas for w in r.wins]
        if r.draw is not None:
            paid = r.draw.deltas
            if paid is None and r.draw.kind not in ("exhaustive", "nagashi_mangan"):
                paid = (0,) * n  # an abortive draw pays nothing (a log may leave it unsaid)
            changes.append(paid)
        if any(c is None for c in changes):
            return Said.of(_round_reason(r.name, msg("errors.logs.verify.no_changes")))
        total = sum(sum(c) for c in changes if c)
        if r.wins and total != deposit * (r.riichi_sticks + len(r.riichi)):
            return Said.of(_round_reason(r.name, msg("errors.logs.verify.sticks")))
        for c in changes:
            assert c is not None
            scores = [a + b for a, b in zip(scores, c, strict=True)]
        for seat in r.riichi:
            scores[seat] -= deposit
        sticks = 0 if r.wins else r.riichi_sticks + len(r.riichi)
    if sticks and to_top:
        first = game.rounds[0].dealer
        top = min(range(n), key=lambda s: (-scores[s], (s - first) % n))
        scores[top] += deposit * sticks
    return scores


class Summary:
    """Counts of a verification run, by outcome and by format; adds up with :meth:`merge`.

    Keys: ``files``, ``games``, ``rounds``, ``wins``, ``draws``, ``agree``, ``disagree``
    (checks that differ), ``fields`` (how often each field differs), ``unsupported`` and
    ``unreadable`` (by reason), ``round_errors`` (rounds that could not be read); and,
    apart from the wins and draws, ``final_scores`` and ``placement``: the outcomes of the
    complete games' final results (``agree``, ``disagree``, ``unsupported`` by reason)."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.fields: Counter[str] = Counter()
        self.unsupported: Counter[str] = Counter()
        self.unreadable: Counter[str] = Counter()
        self.round_errors: Counter[str] = Counter()
        self.by_format: dict[str, Counter[str]] = {}
        self.results: dict[str, Counter[str]] = {k: Counter() for k in RESULT_KINDS}
        self.result_reasons: dict[str, Counter[str]] = {k: Counter() for k in RESULT_KINDS}

    def add_game(self, game: Game, checks: Iterable[Check]) -> None:
        """Counts *game* and its *checks*."""
        f = self.by_format.setdefault(game.format, Counter())
        for c in (self.counts, f):
            c["games"] += 1
            c["rounds"] += len(game.rounds)
            c["round_errors"] += sum(1 for r in game.rounds if r.error)
        for e in game.errors:
            self.round_errors[
                Said.of(msg("errors.logs.located", head=game.file, message=words_of(e)))
            ] += 1
        for ch in checks:
            if ch.kind in self.results:
                self.results[ch.kind][ch.status] += 1
                if ch.status == "unsupported":
                    self.result_reasons[ch.kind][_key(ch.reason)] += 1
                continue
            for c in (self.counts, f):
                c[ch.kind + "s"] += 1
                c[ch.status] += 1
            for fld in ch.fields:
                self.fields[fld] += 1
            if ch.status == "unsupported":
                self.unsupported[_key(ch.reason)] += 1

    def add_unreadable(self, reason: str, fmt: str = "") -> None:
        """Counts a file (or log) that could not be read at all, by *reason*."""
        self.counts["unreadable"] += 1
        self.unreadable[reason] += 1

    def merge(self, other: Summary) -> None:
        """Adds *other*'s counts to these."""
        self.counts.update(other.counts)
        self.fields.update(other.fields)
        self.unsupported.update(other.unsupported)
        self.unreadable.update(other.unreadable)
        self.round_errors.update(other.round_errors)
        for k, v in other.by_format.items():
            self.by_format.setdefault(k, Counter()).update(v)
        for k in RESULT_KINDS:
            self.results[k].update(other.results[k])
            self.result_reasons[k].update(other.result_reasons[k])

    def as_dict(self) -> dict[str, Any]:
        """Gets the summary as a JSON object (keys sorted, so that two runs compare)."""
        keys = (
            "files",
            "games",
            "rounds",
            "wins",
            "draws",
            "agree",
            "disagree",
            "unsupported",
            "unreadable",
            "round_errors",
        )
        return {
            **{k: self.counts[k] for k in keys},
            "disagree_by_field": dict(sorted(self.fields.items())),
            "unsupported_by_reason": dict(sorted(self.unsupported.items())),
            "unreadable_by_reason": dict(sorted(self.unreadable.items())),
            "round_errors_by_reason": dict(sorted(self.round_errors.items())),
            "by_format": {
                fmt: {k: c[k] for k in keys if k != "files"}
                for fmt, c in sorted(self.by_format.items())
            },
            **{
                kind: {
                    **{k: self.results[kind][k] for k in ("agree", "disagree", "unsupported")},
                    "unsupported_by_reason": dict(sorted(self.result_reasons[kind].items())),
                }
                for kind in RESULT_KINDS
            },
        }

    @property
    def any_disagreement(self) -> bool:
        """Tells whether any win, draw or final result disagrees."""
        return bool(self.counts["disagree"]) or any(
            self.results[k]["disagree"] for k in RESULT_KINDS
        )

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Summary:
        """Rebuilds a summary from :meth:`as_dict` (to add up summaries sent between
        processes or machines)."""
        s = cls()
        for k, v in d.items():
            if isinstance(v, int):
                s.counts[k] = v
        s.fields.update(d.get("disagree_by_field", {}))
        s.unsupported.update(d.get("unsupported_by_reason", {}))
        s.unreadable.update(d.get("unreadable_by_reason", {}))
        s.round_errors.update(d.get("round_errors_by_reason", {}))
        for fmt, c in d.get("by_format", {}).items():
            s.by_format[fmt] = Counter(c)
        for kind in RESULT_KINDS:
            r = d.get(kind) or {}
            s.results[kind].update({k: v for k, v in r.items() if isinstance(v, int)})
            s.result_reasons[kind].update(r.get("unsupported_by_reason", {}))
        return s


def game_report(game: Game) -> dict[str, Any]:
    """Gets one game verified round by round, as a JSON object: each round's wins (the
    record, the log's claim, Tenpai's result and the fields that differ) and draw, and the
    game's summary."""
    from ..interchange import score_record as _score

    summary = Summary()
    rounds: list[dict[str, Any]] = []
    all_checks: list[Check] = []
    for r in game.rounds:
        wins = []
        for w in r.wins:
            c = check_win(w, game.format, game.players)
            all_checks.append(c)
            wins.append(
                {
                    "where": c.label,
                    "status": c.status,
                    "fields": list(c.fields),
                    "reason": c.reason,
                    "record": w.record,
                    "log": w.claim.as_dict(),
                    "tenpai": _score(w.record),
                }
            )
        draw = None
        if r.draw is not None:
            c = check_draw(r.draw, game)
            all_checks.append(c)
            draw = {
                "kind": r.draw.kind,
                "status": c.status,
                "fields": list(c.fields),
                "log": c.claimed or {"deltas": list(r.draw.deltas or ())},
                "tenpai": c.computed,
                "reason": c.reason,
            }
        rounds.append(
            {"name": r.name, "honba": r.honba, "error": r.error, "wins": wins, "draw": draw}
        )
    result = check_result(game)
    summary.add_game(game, [*all_checks, *result])
    return {
        "file": game.file,
        "format": game.format,
        "log_id": game.log_id,
        "players": game.players,
        "room": game.room,
        "final_scores": list(game.final_scores) if game.final_scores else None,
        "final_points": list(game.final_points) if game.final_points else None,
        "result": [
            {
                "kind": c.kind,
                "status": c.status,
                "fields": list(c.fields),
                "reason": c.reason,
                "log": c.claimed,
                "tenpai": c.computed,
            }
            for c in result
        ],
        "rounds": rounds,
        "summary": summary.as_dict(),
    }
