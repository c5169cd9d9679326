"""tenhou.net/6 JSON (Tenhou's viewer format; Mahjong Soul exports use it too).

A game is ``{"title", "name", "rule": {"disp", "aka"...}, "log": [round, ...], "sc"?}``;
each round is ``[[kyoku, honba, sticks], scores, dora, ura]``, then per seat its haipai,
takes and discards, then the result: ``["和了", deltas, [who, from, liable, "符飜点",
"yaku(n飜)", ...], ...]`` (one deltas/detail pair per winner), ``["流局", deltas]`` or the
name of an abortive draw. Tiles are 11-19 (m), 21-29 (p), 31-39 (s), 41-47 (honours), 51-53
(red fives); a take or discard that is a string is a call: ``c`` chi, ``p`` pon, ``m`` open
kan (its letter's place tells from whom), ``k`` added kan, ``a`` closed kan, ``f`` kita,
``r`` riichi; 60 a discard of the tile just drawn, 0 the discard slot of an open kan.
Hands are followed through the round to rebuild each winner's tiles. The format does not
say which discard a call took: when two players could call a discard, or a player could
call it now or a later copy of it, the readings are tried in turn (a pon or kan before a
chi, a call before a pass) until one follows the whole round and ends with the act the
result names.
"""

from __future__ import annotations

import re
from typing import Any

from ..errors import Msg
from ..errors import msg as error_msg
from ..game.table import ABORT_NAMES
from ..tiles import Tile, format_tiles, is_yaochuu, kind
from .build import deal, flags_of, make_record, per_seat, seat, shown, whole
from .model import WINDS, Claim, Draw, Event, Game, Origin, Round, Win, round_name
from .names import yaku_of_name
from .source import LogError, Said, problem

__all__ = ["read_tenhou6", "tile6"]

_LIMITS = {
    "満貫": "mangan",
    "跳満": "haneman",
    "倍満": "baiman",
    "三倍満": "sanbaiman",
    "役満": "yakuman",
    "数え役満": "yakuman",
}
_DRAWS = {
    "流局": "exhaustive",
    "全員聴牌": "exhaustive",
    "全員不聴": "exhaustive",
    "流し満貫": "nagashi_mangan",
    **ABORT_NAMES["tenhou6"],
}
_YAKU = re.compile(r"^(.*?)\((\d+)飜\)$")
_VALUE = re.compile(
    r"^(?:(\d+)符)?(?:(\d+)飜)?(満貫|跳満|倍満|三倍満|数え役満|役満)?(\d+)(?:-(\d+))?点(∀)?$"
)


def tile6(code: Any) -> Tile:
    """Gets the tile of a tenhou.net/6 code (11-47, red fives 51-53).

    >>> tile6(15), tile6(51), tile6(47)
    (4, 34, 33)
    """
    c = whole(code, "tile")
    if c in (51, 52, 53):
        return 34 + c - 51
    s, n = divmod(c, 10)
    if not (1 <= s <= 4 and 1 <= n <= (7 if s == 4 else 9)):
        raise LogError.said(error_msg("errors.logs.tenhou6.tile_code", code=c))
    return (s - 1) * 9 + n - 1


def _codes(text: Any) -> tuple[list[int], str, int]:
    """Splits a call string into its tile codes, its letter and the letter's place."""
    if not isinstance(text, str) or not text.isascii():
        raise LogError.said(error_msg("errors.logs.tenhou6.take", value=repr(text)))
    letter = next(c for c in text if c.isalpha())
    at = text.index(letter)
    # the letter takes one character: the codes after it start one later
    before = [int(text[i : i + 2]) for i in range(0, at, 2)]
    after = [int(text[i : i + 2]) for i in range(at + 1, len(text), 2)]
    codes = before + after
    return codes, letter, len(before)


_FROM = {"c": {0: 3}, "p": {0: 3, 1: 2, 2: 1}, "m": {0: 3, 1: 2, 3: 1}, "k": {0: 3, 1: 2, 2: 1}}
_MELD = {"c": "chi", "p": "pon", "m": "daiminkan", "k": "shouminkan", "a": "ankan"}


def _ruleset(game: dict[str, Any], players: int) -> tuple[dict[str, Any], str]:
    rule = game.get("rule") or {}
    if not isinstance(rule, dict):
        raise LogError.said(error_msg("errors.logs.tenhou6.rule", field=shown("rule", rule)))
    disp = rule.get("disp", "")
    if not isinstance(disp, str):
        raise LogError.said(error_msg("errors.logs.tenhou6.rule", field=shown("rule.disp", disp)))
    if "aka" in rule:
        aka = whole(rule["aka"], "rule.aka")
        if not 0 <= aka <= 4:
            raise LogError.said(error_msg("errors.logs.tenhou6.rule", field=shown("rule.aka", aka)))
        aka = aka * 3 if aka in (0, 1) else aka
    else:
        counts = {k: whole(rule.get(k, 0), f"rule.{k}") for k in ("aka51", "aka52", "aka53")}
        for k, v in counts.items():
            if not 0 <= v <= 2:
                raise LogError.said(
                    error_msg("errors.logs.tenhou6.rule", field=shown(f"rule.{k}", v))
                )
        aka = sum(counts.values())
    majsoul = "の間" in disp or "room" in disp.casefold()
    out: dict[str, Any] = {"players": players, "aka": aka > 0, "kuitan": True, "label": disp}
    if majsoul:
        # Mahjong Soul's three-player rooms: majsoul3, red fives as the room has them (two)
        preset = "majsoul3" if players == 3 else "majsoul"
        out["rules"] = {"preset": preset, "aka": aka, "players": players}
    else:
        out["kuitan"] = "喰" in disp or not disp
        out["standard_rules"] = True
    return out, disp


def read_tenhou6(game: Any, file: str = "", where: Msg | None = None) -> Game:
    """Reads one tenhou.net/6 game object into a :class:`Game`; *where* is its place in
    *file* (:func:`tenpai.logs.source.at_game`...).

    :raises LogError: when *game* is not a tenhou.net/6 game.
    """
    if not isinstance(game, dict) or not isinstance(game.get("log"), list):
        raise LogError.said(error_msg("errors.logs.not_tenhou6"), file, where)
    log = game["log"]
    players = 4
    if log and isinstance(log[0], list) and len(log[0]) > 13 and log[0][13] == []:
        players = 3
    try:
        ruleset, disp = _ruleset(game, players)
    except LogError as e:
        raise LogError.said(e.parts[0], file, where) from None
    ref = game.get("ref")
    log_id = str(ref) if isinstance(ref, (str, int)) and not isinstance(ref, bool) and ref else None
    rounds: list[Round] = []
    errors: list[str] = []
    n_win = 0
    for i, r in enumerate(log):
        try:
            rnd = _round(r, i, file, log_id, ruleset, players, n_win)
        except (KeyError, ValueError, IndexError, TypeError, AttributeError, StopIteration) as e:
            name = _round_label(r)
            why = Said.of(
                error_msg("errors.logs.round_unread", index=i, name=name, error=problem(e))
            )
            errors.append(why)
            rnd = Round(i, name, WINDS[0], 0, 0, 0, 0, (), error=why)
        n_win += len(rnd.wins)
        rounds.append(rnd)
    sc = game.get("sc")
    final = points = None
    try:
        if sc is not None:
            final, points = _final(sc, players)
    except LogError as e:
        errors.append(Said.of(error_msg("errors.logs.tenhou6.sc", error=problem(e))))
    if final is not None:
        # converters write the final scores in points; a writer that copies the mjlog's
        # owari keeps its hundreds: those add up to a hundredth of the table's points
        # (the first round read: a round that could not be read has no scores)
        table = next((sum(r.scores) for r in rounds if r.scores), 0)
        if table and sum(final) * 100 == table:
            final = tuple(100 * x for x in final)
    names_ = game.get("name") or []
    if not isinstance(names_, list):
        errors.append(Said.of(error_msg("errors.logs.names", field=shown("name", names_))))
        names_ = []
    names = tuple(str(x) for x in names_[:players])
    return Game(
        file=file,
        format="tenhou6",
        log_id=log_id,
        players=players,
        ruleset=ruleset,
        rounds=tuple(rounds),
        names=names,
        final_scores=final,
        final_points=points,
        room=disp,
        errors=tuple(errors),
        complete=final is not None,
    )


def _round_label(r: Any) -> str:
    """Gets the name of a round that could not be read (``E3``), or ``?``."""
    try:
        head = r[0]
        ridx = whole(head[0], "kyoku")
        return round_name(ridx // 4, ridx % 4 + 1)
    except (LogError, TypeError, IndexError, KeyError):
        return "?"


def _final(sc: Any, players: int) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """Reads the final scores and points of ``sc`` (score, points, per seat)."""
    if not isinstance(sc, list):
        raise LogError.said(
            error_msg("errors.logs.per_seat_list", field=shown("sc", sc), n=players)
        )
    if len(sc) != 8:  # a score and points for each of the four slots
        raise LogError.said(error_msg("errors.logs.per_seat_count", what="sc", given=len(sc), n=8))
    final = tuple(whole(sc[2 * k], "sc") for k in range(players))
    points = []
    for k in range(players):
        p = sc[2 * k + 1]
        if isinstance(p, bool) or not isinstance(p, (int, float, str)):
            raise LogError.said(error_msg("errors.logs.points", field=shown("sc", p)))
        try:
            points.append(float(p))
        except ValueError:
            raise LogError.said(error_msg("errors.logs.points", field=shown("sc", p))) from None
    return final, tuple(points)


def _round(
    r: list[Any],
    index: int,
    file: str,
    log_id: str | None,
    ruleset: dict[str, Any],
    players: int,
    n_win: int,
) -> Round:
    if not isinstance(r, list) or len(r) != 17:
        given = len(r) if isinstance(r, list) else r
        raise LogError.said(error_msg("errors.logs.tenhou6.round_shape", given=given))
    head = r[0]
    if not isinstance(head, list) or len(head) != 3:
        raise LogError.said(error_msg("errors.logs.tenhou6.head", field=shown("log[0]", head)))
    ridx, honba, sticks0 = (whole(head[i], "kyoku, honba, kyotaku") for i in range(3))
    if not 0 <= ridx < 16 or ridx % 4 >= players or honba < 0 or sticks0 < 0:
        raise LogError.said(error_msg("errors.logs.tenhou6.head", field=shown("log[0]", head)))
    wind, kyoku = ridx // 4, ridx % 4 + 1
    dealer = ridx % 4
    name = round_name(wind, kyoku)
    scores = per_seat(r[1], players, "scores", slots=4)
    for i, what in (
        (2, "dora"),
        (3, "ura"),
        *((4 + k, "haipai, takes, discards") for k in range(12)),
    ):
        if not isinstance(r[i], list):
            raise LogError.said(error_msg("errors.logs.tenhou6.list", field=shown(what, r[i])))
    if not r[2]:
        raise LogError.said(error_msg("errors.logs.tenhou6.no_dora"))
    dora = [tile6(x) for x in r[2]]
    ura = [tile6(x) for x in r[3]]
    for s in range(4):
        if s < players:
            deal(r[4 + 3 * s], "haipai")
        elif r[4 + 3 * s] or r[5 + 3 * s] or r[6 + 3 * s]:
            raise LogError.said(error_msg("errors.logs.tenhou6.empty_seat", seat=s))
    takes = [list(r[5 + 3 * s]) for s in range(players)]
    discards = [list(r[6 + 3 * s]) for s in range(players)]
    result = r[4 + 3 * 4]
    if not isinstance(result, list):
        raise LogError.said(error_msg("errors.logs.tenhou6.list", field=shown("result", result)))
    ending = (
        (seat(result[2][0], players, "who"), seat(result[2][1], players, "from"))
        if result and result[0] == "和了"
        else None
    )

    def play(decisions: list[int], options: list[int]) -> tuple[Any, ...]:
        """Follows the round; at each discard that more than one reading fits, takes
        the reading *decisions* says (the first one past its end) and notes how many
        there were in *options*."""
        hands = [[tile6(x) for x in r[4 + 3 * s]] for s in range(players)]
        melds: list[list[dict[str, Any]]] = [[] for _ in range(players)]
        river: list[list[Tile]] = [[] for _ in range(players)]
        called_from = [False] * 4
        riichi = [False] * 4
        events: list[Event] = []
        pt = [0] * players
        pd = [0] * players
        actor = dealer
        sticks = sticks0
        last_draw: Tile | None = None
        last_discard: Tile | None = None
        last_kakan: Tile | None = None
        pending_riichi: int | None = None
        discarder = -1  # who made the last discard (or added kan); -1 after a draw

        def nxt(seat: int) -> Any:
            return takes[seat][pt[seat]] if pt[seat] < len(takes[seat]) else None

        while True:
            # the actor takes: a draw, or a call of the last discard
            t = nxt(actor)
            if t is None:
                break
            pt[actor] += 1
            if pending_riichi is not None:
                riichi[pending_riichi] = True
                sticks += 1
                pending_riichi = None
            if isinstance(t, (int, float)) and not isinstance(t, bool):
                last_draw = tile6(t)
                discarder = -1
                hands[actor].append(last_draw)
                events.append(Event("draw", actor, format_tiles([last_draw])))
            else:
                codes, letter, at = _codes(t)
                tiles = [tile6(c) for c in codes]
                called = tiles[at]
                own = tiles[:at] + tiles[at + 1 :]
                for x in own:
                    hands[actor].remove(x)
                rel = _FROM[letter].get(at, 3)
                called_from[_from_seat(actor, rel, players)] = True
                melds[actor].append(
                    {
                        "type": _MELD[letter],
                        "tiles": format_tiles(tiles),
                        "called_tile": format_tiles([called]),
                        "from_rel": rel,
                    }
                )
                events.append(Event("call", actor, format_tiles(tiles), _MELD[letter]))
                last_draw = None
                if letter == "m":
                    pd[actor] += 1  # the open kan's discard slot (0); the replacement draw follows
                    continue
            # the actor discards (or calls a kan / kita and draws again)
            if pd[actor] >= len(discards[actor]):
                break
            d = discards[actor][pd[actor]]
            pd[actor] += 1
            last_kakan = None
            if isinstance(d, str) and d[0] == "r":
                code = whole(d[1:], "riichi discard")
                tile = last_draw if code == 60 and last_draw is not None else tile6(code)
                pending_riichi = actor
                events.append(Event("riichi", actor))
            elif isinstance(d, str):
                codes, letter, at = _codes(d)
                tiles = [tile6(c) for c in codes]
                if letter == "f":
                    hands[actor].remove(tiles[0])
                    melds[actor].append(
                        {"type": "kita", "tiles": "4z", "called_tile": None, "from_rel": 0}
                    )
                    last_kakan = tiles[0]  # a kita can be robbed (kokushi)
                    discarder = actor
                    events.append(Event("kita", actor, "4z"))
                elif letter == "a":
                    for x in tiles:
                        hands[actor].remove(x)
                    melds[actor].append(
                        {
                            "type": "ankan",
                            "tiles": format_tiles(tiles),
                            "called_tile": None,
                            "from_rel": 0,
                        }
                    )
                    last_kakan = tiles[0]  # a closed kan can be robbed by kokushi
                    discarder = actor
                    events.append(Event("call", actor, format_tiles(tiles), "ankan"))
                else:  # added kan: the one tile of its kind still in the hand is the one added
                    added = next(x for x in hands[actor] if kind(x) == kind(tiles[0]))
                    hands[actor].remove(added)
                    pon = next(
                        m
                        for m in melds[actor]
                        if m["type"] == "pon" and kind(_first(m["tiles"])) == kind(added)
                    )
                    pon["type"] = "shouminkan"
                    pon["tiles"] = format_tiles(tiles)
                    last_kakan = added
                    discarder = actor
                    last_discard = added
                    events.append(Event("call", actor, format_tiles(tiles), "shouminkan"))
                last_draw = None
                continue  # the replacement draw
            else:
                code = whole(d, "discard")
                tile = last_draw if code == 60 and last_draw is not None else tile6(code)
            hands[actor].remove(tile)
            river[actor].append(tile)
            last_discard = tile
            discarder = actor
            events.append(Event("discard", actor, format_tiles([tile])))
            # who takes next: a call of this discard, else the next seat draws
            callers = []
            for s in range(players):
                t2 = nxt(s) if s != actor else None
                if isinstance(t2, str):
                    c2, letter, at = _codes(t2)
                    if (
                        tile6(c2[at]) == tile
                        and _from_seat(s, _FROM[letter].get(at, 3), players) == actor
                    ):
                        callers.append((letter == "c", s))
            nxt_actor = (actor + 1) % players
            if callers:
                # a pon or kan comes before a chi; passing is the last reading
                choices = [s for _chi, s in sorted(callers)] + [nxt_actor]
                k = len(options)
                options.append(len(choices))
                nxt_actor = choices[decisions[k] if k < len(decisions) else 0]
            actor = nxt_actor
        for s in range(players):
            if pt[s] != len(takes[s]) or pd[s] != len(discards[s]):
                raise LogError.said(error_msg("errors.logs.tenhou6.takes_discards", seat=s))
        if ending is not None:  # the last act must be the one the result names
            who, from_who = ending
            if who == from_who and discarder != -1:
                raise LogError.said(error_msg("errors.logs.tenhou6.no_draw"))
            if from_who not in (who, discarder):
                raise LogError.said(error_msg("errors.logs.tenhou6.not_won_on"))
        return (
            hands,
            melds,
            river,
            called_from,
            riichi,
            events,
            sticks,
            last_draw,
            last_discard,
            last_kakan,
        )

    decisions: list[int] = []
    for _attempt in range(256):
        options: list[int] = []
        try:
            state = play(decisions, options)
            break
        except (ValueError, StopIteration) as e:
            failure = e
            # the next reading: advance the last decision that has one left
            decisions = decisions + [0] * (len(options) - len(decisions))
            while decisions and decisions[-1] + 1 >= options[len(decisions) - 1]:
                decisions.pop()
            if not decisions:
                raise failure from None
            decisions[-1] += 1
    else:
        raise LogError.said(error_msg("errors.logs.tenhou6.no_reading"))
    (
        hands,
        melds,
        river,
        called_from,
        riichi,
        events,
        sticks,
        last_draw,
        last_discard,
        last_kakan,
    ) = state
    origin = Origin(file, log_id, index, name, honba)
    wins: list[Win] = []
    draw: Draw | None = None
    kind_ = str(result[0]) if result else ""
    if kind_ == "和了":
        for k in range(1, len(result), 2):
            deltas = per_seat(result[k], players, "和了 deltas", slots=4)
            detail = result[k + 1]
            who, from_who = seat(detail[0], players, "who"), seat(detail[1], players, "from")
            liable = seat(detail[2], players, "pao")
            if deltas[who] <= 0:
                raise LogError.said(
                    error_msg("errors.logs.tenhou6.winner_unpaid", seat=who, delta=deltas[who])
                )
            tsumo = who == from_who
            closed = list(hands[who])
            if tsumo:
                win = last_draw if last_draw is not None else closed[-1]
            else:
                win = last_kakan if last_kakan is not None else last_discard
                assert win is not None
                closed.append(win)
            yaku, yakuman, names = _yaku(detail[4:])
            if len(detail) > 3:
                han, fu, points, limit = _value(str(detail[3]), bool(yakuman), yaku, players)
            else:  # a result that gives only the score changes
                han = fu = points = None
                limit = None
            o = Origin(file, log_id, index, name, honba, n_win + len(wins))
            flags = flags_of([y for y, _ in yaku] + yakuman, riichi=riichi[who])
            if not tsumo and last_kakan is not None and events and events[-1].kind == "kita":
                flags["robbed_kita"] = True  # a ron on the kita just laid down
            rec = make_record(
                rec_id=f"{log_id or file}#{n_win + len(wins)}",
                origin=o,
                fmt="tenhou6",
                ruleset=ruleset,
                round_wind=wind,
                kyoku=kyoku,
                honba=honba,
                riichi_sticks=sticks,
                dealer=dealer,
                winner=who,
                from_who=from_who,
                closed=closed,
                win_tile=win,
                melds=[dict(m) for m in melds[who] if m["type"] != "kita"]
                + [dict(m) for m in melds[who] if m["type"] == "kita"],
                dora=dora,
                ura=ura if flags["riichi"] else [],
                flags=flags,
                players=players,
                multi_ron_index=len(wins) if not tsumo else 0,
                pao_who=liable if liable != who else None,
            )
            claim = Claim(
                han=han,
                fu=fu,
                points=points,
                limit=limit,
                yaku=tuple(sorted((y, h) for y, h in yaku if h > 0)) if len(detail) > 3 else None,
                yakuman=tuple(sorted(yakuman)) if len(detail) > 3 else None,
                deltas=deltas,
                names=names,
                kita_as_dora="rules" not in ruleset,  # Mahjong Soul lists 抜きドラ apart
            )
            wins.append(Win(rec, claim, o))
    elif kind_ in _DRAWS:
        dk = _DRAWS[kind_]
        paid = per_seat(result[1], players, f"{kind_} deltas", slots=4) if len(result) > 1 else None
        tenpai: tuple[int, ...] | None = None
        if dk == "exhaustive" and paid is not None and any(paid):
            tenpai = tuple(s for s in range(players) if paid[s] > 0)
        elif kind_ == "全員聴牌":
            tenpai = tuple(range(players))
        elif kind_ == "全員不聴":
            tenpai = ()
        nagashi = (
            tuple(
                s
                for s in range(players)
                if river[s] and not called_from[s] and all(is_yaochuu(kind(x)) for x in river[s])
            )
            if dk == "nagashi_mangan"
            else ()
        )
        draw = Draw(
            kind=dk,
            origin=origin,
            tenpai=tenpai,
            hands=tuple(format_tiles(h) for h in hands),
            melds=tuple(sum(1 for m in ms if m["type"] != "kita") for ms in melds),
            nagashi=nagashi,
            deltas=paid if paid is not None else (0,) * players,
            honba=honba,
            riichi_sticks=sticks,
        )
    else:
        raise LogError.said(error_msg("errors.logs.tenhou6.result", result=repr(kind_)))
    return Round(
        index,
        name,
        WINDS[wind % 4],
        kyoku,
        honba,
        sticks0,
        dealer,
        scores,
        tuple(events),
        tuple(wins),
        draw,
        riichi=tuple(i for i in range(players) if riichi[i]),
    )


def _first(tiles: str) -> Tile:
    from ..tiles import parse_tiles

    return parse_tiles(tiles)[0]


def _from_seat(seat: int, rel: int, players: int) -> int:
    if players == 3:
        return (seat + (2 if rel == 3 else 1)) % 3
    return (seat + rel) % 4


def _yaku(items: list[Any]) -> tuple[list[tuple[str, int]], list[str], tuple[str, ...]]:
    yaku: list[tuple[str, int]] = []
    yakuman: list[str] = []
    names: list[str] = []
    for it in items:
        text = str(it)
        names.append(text)
        if text.endswith("(役満)"):
            base = text[: -len("(役満)")]
            yid = yaku_of_name(base)
            if yid is None:
                raise LogError.said(error_msg("errors.logs.tenhou6.yakuman", name=repr(base)))
            yakuman.append(yid)
            continue
        m = _YAKU.match(text)
        if not m:
            raise LogError.said(error_msg("errors.logs.tenhou6.yaku_text", text=repr(text)))
        yid = yaku_of_name(m.group(1))
        if yid is None:
            raise LogError.said(error_msg("errors.logs.tenhou6.yaku", name=repr(m.group(1))))
        yaku.append((yid, int(m.group(2))))
    return yaku, yakuman, tuple(names)


def _value(
    text: str, yakuman: bool, yaku: list[tuple[str, int]], players: int = 4
) -> tuple[int | None, int | None, int, str | None]:
    """Reads a result's value text (``30符2飜500-1000点``, ``3900点∀``, ``満貫12000点``) into
    han, fu, the points the payers pay (honba apart) and the limit. A tsumo is paid by the
    *players* − 1 others: at three players one non-dealer fewer (tsumo loss).

    >>> _value("30符2飜500-1000点", False, [], 3)[2], _value("30符2飜500-1000点", False, [])[2]
    (1500, 2000)
    >>> _value("30符4飜3900点∀", False, [], 3)[2]
    7800
    """
    m = _VALUE.match(text)
    if not m:
        raise LogError.said(error_msg("errors.logs.tenhou6.value", text=repr(text)))
    fu = int(m.group(1)) if m.group(1) else None
    han = int(m.group(2)) if m.group(2) else (None if yakuman else sum(h for _, h in yaku))
    limit = _LIMITS.get(m.group(3) or "")
    a = int(m.group(4))
    if m.group(5):
        # a non-dealer's tsumo: the dealer pays the second, the other non-dealers the first
        points = (players - 2) * a + int(m.group(5))
    elif m.group(6):
        points = (players - 1) * a  # a dealer's tsumo: each pays a
    else:
        points = a
    return (None if yakuman else han), (None if yakuman else fu), points, limit
