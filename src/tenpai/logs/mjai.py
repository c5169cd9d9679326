"""mjai event logs (one JSON event per line: ``start_game``, ``start_kyoku``, ``tsumo``,
``dahai``, ``chi``/``pon``/``daiminkan``/``kakan``/``ankan``, ``nukidora``, ``dora``,
``reach``/``reach_accepted``, ``hora``, ``ryukyoku``, ``end_kyoku``, ``end_game``).

mjai names no yaku, so the win flags come from the events: riichi and double riichi (a
declaration on one's first discard before any call), ippatsu (no discard of the winner and
no call since the riichi was accepted), rinshan (the draw after one's kan), chankan (a ron
on an added kan), haitei and houtei (the last draw of the live wall, counted: 70 draws at
four players, 55 at three), tenhou and chiihou (a win on one's first draw with no call
before). Dialects add ``deltas`` and ``ura_markers`` (Mortal), or ``yakus``, ``fu``,
``fan``, ``hora_points`` and ``uradora_markers`` (mjai-manue); what a log gives is claimed.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..errors import msg
from ..game.table import ABORT_NAMES
from ..tiles import Tile, format_tiles, is_yaochuu, kind, parse_tiles
from .build import deal, make_record, per_seat, seat, shown, whole
from .model import WINDS, Claim, Draw, Event, Game, Origin, Round, Win, round_msg, round_name
from .names import MJAI_NAMES
from .source import LogError, Said, problem

__all__ = ["mjai_tile", "read_mjai"]

_HONOURS = {"E": 27, "S": 28, "W": 29, "N": 30, "P": 31, "F": 32, "C": 33}
_RED = {"5mr": 34, "5pr": 35, "5sr": 36}
_LIVE_DRAWS = {4: 70, 3: 55}
# the events made by a player (their "actor" is a seat of the game)
_ACTS = frozenset(
    {"tsumo", "dahai", "chi", "pon", "daiminkan", "kakan", "ankan", "nukidora", "reach"}
    | {"reach_accepted", "hora"}
)
_DRAWS = {
    "fanpai": "exhaustive",
    "ryukyoku": "exhaustive",
    "nagashimangan": "nagashi_mangan",
    **ABORT_NAMES["mjai"],
}
_YAKUMAN_NAMES = frozenset(
    {
        "kokushimuso",
        "suanko",
        "daisangen",
        "ryuiso",
        "tsuiso",
        "chinroto",
        "churenpoton",
        "sukantsu",
        "daisushi",
        "shosushi",
        "tenho",
        "chiho",
    }
)


def mjai_tile(name: str) -> Tile:
    """Gets the tile of an mjai tile name (``5m``, ``5mr`` red, ``E``... ``C``).

    >>> mjai_tile("5pr"), mjai_tile("P"), mjai_tile("9s")
    (35, 31, 26)
    """
    if not isinstance(name, str):
        raise LogError.said(msg("errors.logs.mjai.tile", name=repr(name)))
    if name in _RED:
        return _RED[name]
    if name in _HONOURS:
        return _HONOURS[name]
    if len(name) == 2 and name[0] in "123456789" and name[1] in "mps":
        return "mps".index(name[1]) * 9 + int(name[0]) - 1
    raise LogError.said(msg("errors.logs.mjai.tile", name=repr(name)))


def _tiles(names: Iterable[str]) -> list[Tile]:
    return [mjai_tile(n) for n in names]


class _Kyoku:
    def __init__(self, e: dict[str, Any], players: int) -> None:
        wind = e["bakaze"]
        if not isinstance(wind, str) or len(wind) != 1 or wind not in WINDS:
            raise LogError.said(msg("errors.logs.mjai.bakaze", field=shown("bakaze", wind)))
        self.wind = WINDS.index(wind)
        self.kyoku = whole(e["kyoku"], "kyoku")
        if not 1 <= self.kyoku <= 4:
            raise LogError.said(msg("errors.logs.mjai.kyoku", field=shown("kyoku", e["kyoku"])))
        self.honba = whole(e.get("honba", 0), "honba")
        self.sticks0 = whole(e.get("kyotaku", 0), "kyotaku")
        if self.honba < 0 or self.sticks0 < 0:
            what = "honba" if self.honba < 0 else "kyotaku"
            raise LogError.said(msg("errors.logs.negative", field=shown(what, e[what])))
        self.sticks = self.sticks0
        self.dealer = seat(e["oya"], players, "oya")
        # some writers (mjai-manue's) give no scores: none are made up
        self.scores = per_seat(e["scores"], players, "scores") if "scores" in e else ()
        self.dora = [mjai_tile(e["dora_marker"])]
        tehais = e["tehais"]
        if not isinstance(tehais, list) or len(tehais) < players:
            raise LogError.said(
                msg("errors.logs.mjai.tehais", field=shown("tehais", tehais), n=players)
            )
        if len(tehais) != players:
            raise LogError.said(
                msg("errors.logs.mjai.tehais", field=shown("tehais", tehais), n=players)
            )
        self.hands = [_tiles(deal(h, "tehais")) for h in tehais]
        self.melds: list[list[dict[str, Any]]] = [[] for _ in range(players)]
        self.river: list[list[Tile]] = [[] for _ in range(players)]
        self.called_from = [False] * players
        self.riichi = [False] * players
        self.double = [False] * players
        self.ippatsu = [False] * players
        self.discarded = [False] * players
        self.drawn = [0] * players
        self.any_call = False
        self.draws = 0
        self.after_kan = [False] * players
        self.last: dict[str, Any] = {}
        self.last_tile: Tile | None = None
        self.events: list[Event] = []
        self.wins: list[Win] = []
        self.draw: Draw | None = None
        self.error: str | None = None
        self.pending_reach: int | None = None


def _kyoku_label(e: dict[str, Any]) -> str:
    """Gets the name of a ``start_kyoku`` that cannot be read (``E3``), or ``?``."""
    wind, kyoku = e.get("bakaze"), e.get("kyoku")
    if wind in tuple(WINDS) and isinstance(kyoku, int) and 1 <= kyoku <= 4:
        return round_name(WINDS.index(wind), kyoku)
    return "?"


def read_mjai(events: list[tuple[int, Any]], file: str = "") -> Game:
    """Reads one game of mjai events ``(line number, event)`` into a :class:`Game`.

    :raises LogError: when the events are not an mjai game.
    """
    if not events or not isinstance(events[0][1], dict) or events[0][1].get("type") != "start_game":
        raise LogError.said(msg("errors.logs.not_mjai"), file)
    start = events[0][1]
    errors: list[str] = []
    names_ = start.get("names", [])
    if not isinstance(names_, list):
        errors.append(Said.of(msg("errors.logs.names", field=shown("names", names_))))
        names_ = []
    names = tuple(str(x) for x in names_)
    players = (
        3
        if len(names) == 3
        or any(isinstance(e, dict) and e.get("type") == "nukidora" for _, e in events)
        else 4
    )
    ruleset: dict[str, Any] = {
        "players": players,
        "aka": True,
        "kuitan": True,
        "standard_rules": True,
        "label": "mjai",
    }
    uri = str(start.get("uri", ""))
    log_id = uri.split("log=")[1].split("&", maxsplit=1)[0] if "log=" in uri else None
    rounds: list[Round] = []
    k: _Kyoku | None = None
    final: tuple[int, ...] | None = None
    complete = False
    n_win = 0

    def close() -> None:
        nonlocal k
        if k is None:
            return
        name = round_name(k.wind, k.kyoku)
        rounds.append(
            Round(
                len(rounds),
                name,
                WINDS[k.wind],
                k.kyoku,
                k.honba,
                k.sticks0,
                k.dealer,
                k.scores,
                tuple(k.events),
                tuple(k.wins),
                k.draw,
                k.error,
                tuple(i for i in range(players) if k.riichi[i]),
            )
        )
        if k.error:
            errors.append(Said.of(round_msg(name, k.honba, k.error)))
        k = None

    for line, e in events[1:]:
        if not isinstance(e, dict):
            if k is not None and k.error is None:
                k.error = Said.of(msg("errors.logs.mjai.not_object", line=line))
            continue
        t = e.get("type")
        if t == "start_kyoku":
            close()
            try:
                k = _Kyoku(e, players)
            except (KeyError, ValueError, TypeError, IndexError) as ex:
                # the round cannot be read: it is kept with its error, its events are passed
                # over, and the next round is read
                unread = Said.of(msg("errors.logs.mjai.start_kyoku", line=line, error=problem(ex)))
                name = _kyoku_label(e)
                rounds.append(Round(len(rounds), name, WINDS[0], 0, 0, 0, 0, (), error=unread))
                errors.append(Said.of(round_msg(name, 0, unread)))
            continue
        if t == "end_game":
            close()
            if complete:
                errors.append(Said.of(msg("errors.logs.mjai.end_twice", line=line)))
                continue
            complete = True
            if "scores" in e:
                try:
                    final = per_seat(e["scores"], players, "scores")
                except LogError as ex:
                    errors.append(
                        Said.of(msg("errors.logs.mjai.end_game", line=line, error=problem(ex)))
                    )
            continue
        if t == "error":
            if k is not None and k.error is None:
                why = str(e.get("message", ""))[:80]
                k.error = Said.of(msg("errors.logs.mjai.error_event", line=line, why=why))
            continue
        if k is None or k.error is not None or t in ("end_kyoku", "start_game"):
            continue
        try:
            n_win += _event(k, e, t, line, file, log_id, ruleset, players, n_win, len(rounds))
        except (KeyError, ValueError, TypeError, IndexError) as ex:
            k.error = Said.of(msg("errors.logs.mjai.event", line=line, event=t, error=problem(ex)))
    close()
    return Game(
        file=file,
        format="mjai",
        log_id=log_id,
        players=players,
        ruleset=ruleset,
        rounds=tuple(rounds),
        names=names,
        final_scores=final,
        room="mjai",
        errors=tuple(errors),
        complete=complete,
    )


def _event(
    k: _Kyoku,
    e: dict[str, Any],
    t: Any,
    line: int,
    file: str,
    log_id: str | None,
    ruleset: dict[str, Any],
    players: int,
    n_win: int,
    n_round: int,
) -> int:
    """Applies one event to the round; returns the number of wins it added."""
    actor = seat(e.get("actor"), players, "actor") if t in _ACTS else -1
    if t not in ("hora", "dahai", "reach", "reach_accepted") and k.pending_reach is not None:
        k.pending_reach = None
    if t == "tsumo":
        tile = mjai_tile(e["pai"]) if e["pai"] != "?" else -1
        if tile >= 0:
            k.hands[actor].append(tile)
        k.draws += 1
        k.drawn[actor] += 1
        k.last_tile = tile
        k.events.append(Event("draw", actor, format_tiles([tile]) if tile >= 0 else "?"))
        k.last = {"type": "tsumo", "actor": actor, "rinshan": k.after_kan[actor]}
        k.after_kan[actor] = False
        return 0
    if t == "dahai":
        tile = mjai_tile(e["pai"])
        k.hands[actor].remove(tile)
        k.river[actor].append(tile)
        if k.ippatsu[actor] and k.riichi[actor] and k.last.get("type") != "reach":
            k.ippatsu[actor] = False
        k.discarded[actor] = True
        k.last_tile = tile
        k.events.append(Event("discard", actor, format_tiles([tile])))
        k.last = {
            "type": "dahai",
            "actor": actor,
            "after_last_draw": k.draws >= _LIVE_DRAWS[players],
        }
        return 0
    if t in ("chi", "pon", "daiminkan"):
        tile = mjai_tile(e["pai"])
        own = _tiles(e["consumed"])
        for x in own:
            k.hands[actor].remove(x)
        target = seat(e["target"], players, "target")
        k.called_from[target] = True
        k.melds[actor].append(
            {
                "type": t,
                "tiles": format_tiles([*own, tile]),
                "called_tile": format_tiles([tile]),
                "from_rel": (target - actor) % players
                if players == 4
                else (3 if (target - actor) % 3 == 2 else 1),
            }
        )
        _call(k, actor, t == "daiminkan")
        k.events.append(Event("call", actor, format_tiles([*own, tile]), t))
        return 0
    if t == "kakan":
        tile = mjai_tile(e["pai"])
        k.hands[actor].remove(tile)
        for m in k.melds[actor]:
            if m["type"] == "pon" and kind(parse_tiles(m["tiles"])[0]) == kind(tile):
                m["type"] = "shouminkan"
                m["tiles"] = format_tiles([*parse_tiles(m["tiles"]), tile])
                break
        else:
            raise LogError.said(msg("errors.logs.mjai.kakan"))
        _call(k, actor, True)
        k.last = {"type": "kakan", "actor": actor, "tile": tile}
        k.events.append(Event("call", actor, format_tiles([tile]), "shouminkan"))
        return 0
    if t == "ankan":
        own = _tiles(e["consumed"])
        for x in own:
            k.hands[actor].remove(x)
        k.melds[actor].append(
            {"type": "ankan", "tiles": format_tiles(own), "called_tile": None, "from_rel": 0}
        )
        _call(k, actor, True)
        k.last = {"type": "ankan", "actor": actor, "tile": own[0]}
        k.events.append(Event("call", actor, format_tiles(own), "ankan"))
        return 0
    if t == "nukidora":
        tile = mjai_tile(e.get("pai", "N"))
        k.hands[actor].remove(tile)
        k.melds[actor].append({"type": "kita", "tiles": "4z", "called_tile": None, "from_rel": 0})
        k.after_kan[actor] = True
        k.last = {"type": "nukidora", "actor": actor, "tile": tile}
        k.events.append(Event("kita", actor, "4z"))
        return 0
    if t == "dora":
        k.dora.append(mjai_tile(e["dora_marker"]))
        k.events.append(Event("dora", -1, format_tiles([k.dora[-1]])))
        return 0
    if t == "reach":
        k.double[actor] = not k.discarded[actor] and not k.any_call
        k.last = {"type": "reach", "actor": actor}
        return 0
    if t == "reach_accepted":
        k.riichi[actor] = True
        k.ippatsu[actor] = True
        k.sticks += 1
        k.events.append(Event("riichi", actor))
        return 0
    if t in ("hora", "ryukyoku") and k.draw is not None:
        raise LogError.said(msg("errors.logs.second_result"))
    if t == "hora":
        k.wins.append(
            _hora(k, e, actor, file, log_id, ruleset, players, n_win + len(k.wins), n_round)
        )
        return 1
    if t == "ryukyoku":
        if k.wins:
            raise LogError.said(msg("errors.logs.second_result"))
        reason = e.get("reason", "fanpai")
        dk = _DRAWS.get(reason) if isinstance(reason, str) else None
        if dk is None:  # never read as another draw
            raise LogError.said(msg("errors.logs.draw_kind", field=shown("reason", reason)))
        deltas = per_seat(e["deltas"], players, "deltas") if "deltas" in e else None
        tenpai = None
        if isinstance(e.get("tenpais"), list):
            tenpai = tuple(i for i, x in enumerate(e["tenpais"][:players]) if x)
        elif deltas is not None and any(deltas) and dk == "exhaustive":
            tenpai = tuple(i for i in range(players) if deltas[i] > 0)
        nagashi = (
            tuple(
                s
                for s in range(players)
                if k.river[s]
                and not k.called_from[s]
                and all(is_yaochuu(kind(x)) for x in k.river[s])
            )
            if dk == "nagashi_mangan"
            else ()
        )
        k.draw = Draw(
            kind=dk,
            origin=Origin(file, log_id, n_round, round_name(k.wind, k.kyoku), k.honba),
            tenpai=tenpai,
            hands=tuple(format_tiles(h) for h in k.hands),
            melds=tuple(sum(1 for m in ms if m["type"] != "kita") for ms in k.melds),
            nagashi=nagashi,
            deltas=deltas,
            honba=k.honba,
            riichi_sticks=k.sticks,
        )
        return 0
    return 0


def _call(k: _Kyoku, actor: int, kan: bool) -> None:
    k.any_call = True
    k.ippatsu = [False] * len(k.ippatsu)
    if kan:
        k.after_kan[actor] = True
    k.last = {"type": "call", "actor": actor}


def _hora(
    k: _Kyoku,
    e: dict[str, Any],
    actor: int,
    file: str,
    log_id: str | None,
    ruleset: dict[str, Any],
    players: int,
    index: int,
    n_round: int,
) -> Win:
    target = seat(e.get("target", actor), players, "target")
    tsumo = target == actor
    last = k.last
    if e.get("pai"):
        win = mjai_tile(e["pai"])
    elif last.get("type") in ("kakan", "ankan", "nukidora"):
        win = last["tile"]
    else:
        assert k.last_tile is not None
        win = k.last_tile
    closed = list(k.hands[actor])
    if not tsumo:
        closed.append(win)
    chankan = not tsumo and last.get("type") in ("kakan", "ankan")
    first_go = not k.any_call and k.drawn[actor] == 1 and not k.discarded[actor]
    flags = {
        "riichi": k.riichi[actor],
        "double_riichi": k.riichi[actor] and k.double[actor],
        "ippatsu": k.riichi[actor] and k.ippatsu[actor],
        "rinshan": tsumo and bool(last.get("rinshan")),
        "chankan": chankan,
        "haitei": tsumo and not last.get("rinshan") and k.draws >= _LIVE_DRAWS[players],
        "houtei": not tsumo and not chankan and bool(last.get("after_last_draw")),
        "tenhou": tsumo and first_go and actor == k.dealer,
        "chiihou": tsumo and first_go and actor != k.dealer,
        "renhou": False,
    }
    if not tsumo and last.get("type") == "nukidora":
        flags["robbed_kita"] = True  # a ron on the kita just laid down
    ura_names = e.get("ura_markers", e.get("uradora_markers")) or []
    multi = sum(1 for w in k.wins if w.record["from_who"] == target)
    origin = Origin(file, log_id, n_round, round_name(k.wind, k.kyoku), k.honba, index)
    rec = make_record(
        rec_id=f"{log_id or file}#{index}",
        origin=origin,
        fmt="mjai",
        ruleset=ruleset,
        round_wind=k.wind,
        kyoku=k.kyoku,
        honba=k.honba,
        riichi_sticks=k.sticks,
        dealer=k.dealer,
        winner=actor,
        from_who=target,
        closed=closed,
        win_tile=win,
        melds=[dict(m) for m in k.melds[actor]],
        dora=k.dora,
        ura=_tiles(ura_names) if k.riichi[actor] else [],
        flags=flags,
        players=players,
        multi_ron_index=multi if not tsumo else 0,
    )
    yakus = e.get("yakus")
    yaku = yakuman = None
    if isinstance(yakus, list):
        yaku = tuple(
            sorted(
                (MJAI_NAMES.get(str(n), str(n)), whole(h, "yakus"))
                for n, h in yakus
                if str(n) not in _YAKUMAN_NAMES and whole(h, "yakus") > 0
            )
        )
        yakuman = tuple(sorted(MJAI_NAMES[str(n)] for n, _h in yakus if str(n) in _YAKUMAN_NAMES))
    claim = Claim(
        han=whole(e["fan"], "fan") if "fan" in e and not yakuman else None,
        fu=whole(e["fu"], "fu") if "fu" in e and not yakuman else None,
        points=whole(e["hora_points"], "hora_points") if "hora_points" in e else None,
        yaku=yaku,
        yakuman=yakuman,
        deltas=per_seat(e["deltas"], players, "deltas") if "deltas" in e else None,
        names=tuple(str(n) for n, _h in yakus) if isinstance(yakus, list) else (),
    )
    return Win(rec, claim, origin)
