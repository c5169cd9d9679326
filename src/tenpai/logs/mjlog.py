"""Tenhou's mjlog XML (``<mjloggm ver="2.3">``): games, rounds, events, wins and draws.

The format, as Tenhou writes it: ``GO type`` is a bit field (0x01 human table, 0x02 no red
fives, 0x04 no open tanyao, 0x08 south round, 0x10 three players, 0x40 fast, 0x20|0x80 the
room; bits above 0xFF: special tables); ``INIT`` opens a round (``seed`` = round, honba,
sticks, dice, dice, first dora indicator); ``T/U/V/W n`` are the draws and ``D/E/F/G n`` the
discards of seats 0-3 (``n`` a tile of 0-135, kind ``n // 4``; 16, 52, 88 the red fives);
``N m`` a call (``m`` encodes the meld: chi bit 0x04, pon 0x08, added kan 0x10, kita 0x20,
else a closed or open kan); ``AGARI`` a win (``hai`` the concealed tiles with the winning
tile, ``machi`` the winning tile, ``ten`` fu, points, limit, ``yaku`` pairs of yaku number
and han, ``yakuman``, ``sc`` score and change ×100 per seat, ``ba`` honba and sticks,
``paoWho``); ``RYUUKYOKU`` a draw (``type`` for an abortive draw or ``nm`` nagashi mangan,
``hai0``-``hai3`` the hands shown tenpai); ``owari`` the final scores and points.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, overload
from urllib.parse import unquote

from ..errors import msg as error_msg
from ..game.table import ABORT_NAMES
from ..tiles import Tile, format_tiles, is_yaochuu
from .build import flags_of, make_record, seat
from .model import WINDS, Claim, Draw, Event, Game, Origin, Round, Win, round_msg, round_name
from .names import TENHOU_YAKU
from .source import LogError, Said, at_byte, at_line, check_xml, problem, words, words_of

__all__ = ["decode_meld", "read_mjlog", "ruleset_of_go"]

LOG_ID = re.compile(r"\d{10}gm-[0-9a-f]{4}-\d{4,5}-[0-9a-f]{8}")
_LIMITS = (None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
_ROOMS = {
    0x00: ("ippan", "般"),
    0x80: ("joukyuu", "上"),
    0x20: ("tokujou", "特"),
    0xA0: ("houou", "鳳"),
}
_DRAW_KINDS = {"": "exhaustive", "nm": "nagashi_mangan", **ABORT_NAMES["mjlog"]}
_RED136 = {16: 34, 52: 35, 88: 36}


def ruleset_of_go(go_type: int) -> dict[str, Any]:
    """Gets the ruleset object of a ``GO type``: players, red fives, open tanyao, length,
    room, and whether the table plays the standard rules (no bits above 0xFF: chip and
    ratio tables count differently, with kiriage mangan)."""
    room, room_ja = _ROOMS[go_type & 0xA0]
    return {
        "go_type": go_type,
        "players": 3 if go_type & 0x10 else 4,
        "aka": not go_type & 0x02,
        "kuitan": not go_type & 0x04,
        "hanchan": bool(go_type & 0x08),
        "room": room,
        "soku": bool(go_type & 0x40),
        "vs_human": bool(go_type & 0x01),
        "standard_rules": go_type <= 0xFF,
        "label": ("三" if go_type & 0x10 else "四")
        + room_ja
        + ("南" if go_type & 0x08 else "東")
        + ("" if go_type & 0x04 else "喰")
        + ("" if go_type & 0x02 else "赤")
        + ("速" if go_type & 0x40 else ""),
    }


def _tile(t: int, aka: bool) -> Tile:
    if not 0 <= t < 136:
        raise LogError.said(error_msg("errors.logs.mjlog.tile_id", value=t))
    return _RED136[t] if aka and t in _RED136 else t // 4


# the MPSZ name of each 0-135 tile, without and with red fives
_NAMES = tuple(tuple(format_tiles([_tile(t, aka)]) for t in range(136)) for aka in (False, True))


def _name(t: int, aka: bool) -> str:
    """Gets the MPSZ name of the 0-135 tile *t* (another number is an error, never a tile
    picked by a negative index)."""
    if not 0 <= t < 136:
        raise LogError.said(error_msg("errors.logs.mjlog.tile_id", value=t))
    return _NAMES[aka][t]


def _player_name(text: str) -> str:
    """Gets a player's name from its ``UN`` attribute: percent-escaped UTF-8 as Tenhou
    writes it; escaped Shift-JIS (cp932, the Japanese Windows encoding) when it is not UTF-8;
    else the attribute as it is written (never a name with its characters replaced)."""
    for encoding in ("utf-8", "cp932"):
        try:
            name = unquote(text, encoding=encoding, errors="strict")
        except UnicodeDecodeError:
            continue
        # (cp932 maps some bytes to the private use area: no name of a player is there)
        if not any("\ue000" <= c <= "\uf8ff" for c in name):
            return name
    return text


def decode_meld(m: int) -> tuple[str, list[int], int | None, int, int | None]:
    """Decodes an mjlog meld code into ``(type, tiles, called, from_rel, added)``: tiles
    and called tile as 0-135 ids, *from_rel* 1 right, 2 across, 3 left, 0 own; *added* the
    tile of an added kan.

    >>> decode_meld(35183)[:2]
    ('chi', [53, 59, 62])
    """
    rel = m & 3
    if m & 0x04:  # chi: base sequence and which of the three was called
        t = m >> 10
        r = t % 3
        t //= 3
        base = (t // 7) * 9 + t % 7
        tiles = [(base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
        return "chi", tiles, tiles[r], rel, None
    if m & 0x18:  # pon or added kan
        t = m >> 9
        r = t % 3
        k = t // 3
        unused = (m >> 5) & 3
        tiles = [k * 4 + i for i in range(4) if i != unused]
        called = tiles[r]
        if m & 0x08:
            return "pon", tiles, called, rel, None
        return "shouminkan", sorted([*tiles, k * 4 + unused]), called, rel, k * 4 + unused
    if m & 0x20:  # kita (three players)
        return "kita", [m >> 8], None, 0, None
    hai0 = m >> 8
    tiles = [hai0 // 4 * 4 + i for i in range(4)]
    if rel == 0:
        return "ankan", tiles, None, 0, None
    return "daiminkan", tiles, hai0, rel, None


def _meld_record(m: int, aka: bool) -> dict[str, Any]:
    mtype, tiles, called, rel, _added = decode_meld(m)
    return {
        "type": mtype,
        "tiles": format_tiles(_tile(t, aka) for t in tiles),
        "called_tile": None if called is None else format_tiles([_tile(called, aka)]),
        "from_rel": rel,
    }


def _ints(text: str | None) -> list[int]:
    try:
        return [int(x) for x in text.split(",")] if text else []
    except ValueError:
        raise LogError.said(error_msg("errors.logs.mjlog.numbers", text=repr(text))) from None


_EAGER = re.compile(r"<(GO|SHUFFLE|UN|INIT|REACH|DORA|AGARI|RYUUKYOKU)\b([^>]*)>")
_ANY = re.compile(r"<([A-Za-z]+[0-9]*)([^>]*)>")
_ATTR = re.compile(r'([A-Za-z0-9_]+)="([^"]*)"')
_HIDDEN = re.compile(r"<!--.*?-->|<!\[CDATA\[.*?\]\]>|<\?.*?\?>", re.S)


def _attrs(text: str) -> dict[str, str]:
    out = dict(_ATTR.findall(text))
    if "&" in text:
        out = {k: html.unescape(v) for k, v in out.items()}
    return out


class _State:
    """The round being read: its start, its results, and (followed only when needed: at an
    exhaustive draw, or when its events are asked for) the hands, calls and discards."""

    def __init__(self, attrs: dict[str, str], players: int, aka: bool, text: str) -> None:
        seed = _ints(attrs["seed"])
        if len(seed) < 6:
            raise LogError.said(
                error_msg("errors.logs.mjlog.seed", field=f'seed="{attrs["seed"]}"')
            )
        self.attrs = attrs
        self.players = players
        self.aka = aka
        self.text = text  # the round's elements after INIT
        self.index = seed[0]
        if not 0 <= seed[0] < 16 or seed[1] < 0 or seed[2] < 0:
            raise LogError.said(
                error_msg("errors.logs.mjlog.seed", field=f'seed="{attrs["seed"]}"')
            )
        self.honba = seed[1]
        self.sticks = seed[2]
        self.dealer = seat(attrs["oya"], players, "oya=")
        ten = _ints(attrs.get("ten"))
        if ten and len(ten) < players:
            raise LogError.said(
                error_msg("errors.logs.per_seat_count", what="ten=", given=len(ten), n=players)
            )
        self.scores = tuple(x * 100 for x in ten[:players])
        self.deal: list[list[int]] = []
        for i in range(4):  # each seat's 13 tiles, of the 136, each dealt once
            hand = _ints(attrs.get(f"hai{i}"))
            if (len(hand) != 13 if i < players else bool(hand)) or (
                hand and (min(hand) < 0 or max(hand) > 135)
            ):
                field = f'hai{i}="{attrs.get(f"hai{i}", "")}"'
                raise LogError.said(error_msg("errors.logs.deal", field=field))
            self.deal.append(hand)
        if len({t for h in self.deal for t in h}) != 13 * players:
            raise LogError.said(error_msg("errors.logs.mjlog.dealt_twice"))
        self.riichi = [False, False, False, False]
        self.wins: list[Win] = []
        self.draw: Draw | None = None
        self._play: dict[bool, _Play] = {}

    def play(self, events: bool = False) -> _Play:
        """Follows the round's draws, discards and calls (once), with its *events* or not."""
        if events not in self._play:
            self._play[events] = _Play(self, events)
        return self._play[events]


class _Play:
    """The hands, calls, discards and events of a round, followed from its elements; *error*
    says where they stopped making sense."""

    def __init__(self, st: _State, with_events: bool) -> None:
        self.hands = [list(h) for h in st.deal]
        self.melds = [0, 0, 0, 0]
        self.discards: list[list[int]] = [[], [], [], []]
        self.called_from = [False, False, False, False]  # a discard of this seat was called
        self.events: list[Event] = []
        self.error: Said | None = None
        if not with_events:
            _final_hands(self, st)
            return
        add = self.events.append if with_events else _skip
        for m in _ANY.finditer(st.text):
            tag = m.group(1)
            try:
                c = tag[0]
                if c in "TUVW" and tag[1:].isdigit():
                    who = "TUVW".index(c)
                    t = int(tag[1:])
                    name = _name(t, st.aka)
                    self.hands[who].append(t)
                    add(Event("draw", who, name))
                elif c in "DEFG" and tag[1:].isdigit():
                    who = "DEFG".index(c)
                    t = int(tag[1:])
                    name = _name(t, st.aka)
                    self.hands[who].remove(t)
                    self.discards[who].append(t)
                    add(Event("discard", who, name))
                elif tag == "N":
                    a = _attrs(m.group(2))
                    _call(self, seat(a["who"], st.players, "who="), int(a["m"]), st.aka, add)
                elif tag == "REACH":
                    a = _attrs(m.group(2))
                    if a.get("step") == "2":
                        add(Event("riichi", seat(a["who"], st.players, "who=")))
                elif tag == "DORA" and with_events:
                    add(Event("dora", -1, _name(int(_attrs(m.group(2))["hai"]), st.aka)))
            except (KeyError, ValueError, IndexError) as e:
                line = st.text.count("\n", 0, m.start())
                element = f"<{tag}{m.group(2)}>"
                self.error = Said.of(
                    error_msg("errors.logs.mjlog.cannot_follow", element=element, error=problem(e)),
                    *((error_msg("errors.logs.mjlog.line_after", line=line),) if line else ()),
                )
                break


class _Events(Sequence[Event]):
    """A round's events, followed from its elements when first asked for."""

    def __init__(self, st: _State) -> None:
        self._st = st

    def _all(self) -> list[Event]:
        return self._st.play(events=True).events

    @overload
    def __getitem__(self, i: int) -> Event: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Event]: ...
    def __getitem__(self, i: int | slice) -> Event | Sequence[Event]:
        return self._all()[i]

    def __len__(self) -> int:
        return len(self._all())

    def __repr__(self) -> str:
        return f"<{len(self)} events>"


def read_mjlog(data: bytes, file: str = "", log_id: str | None = None) -> Game:
    """Reads one mjlog document into a :class:`Game`.

    The document is checked whole by the hardened XML parser first; its elements are then
    read round by round, the draws and discards of a round only when they are needed (an
    exhaustive draw, or the round's events asked for). A round that cannot be read is kept
    with its *error*, and the next round is read.

    :raises LogError: when *data* is not mjlog XML at all.
    """
    cut: Said | None = None
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as e:
        if e.end < len(data):  # (a multi-byte character cut at the end is a log cut short)
            raise LogError.said(error_msg("errors.logs.not_utf8"), file, at_byte(e.start)) from None
    try:
        check_xml(data, file)
    except LogError as e:
        # a log cut short (a broken download): its complete rounds are still read
        head = data[: data.rfind(b">") + 1]
        if e.msgid != "errors.logs.malformed_xml" or b"<INIT" not in head:
            raise
        try:
            check_xml(head + b"</mjloggm>", file)
        except LogError:
            raise e from None
        data = head
        cut = Said.of(
            error_msg(
                "errors.logs.mjlog.cut_short",
                place=words(*e.place_parts) if e.place_parts else e.place,
                error=words(*e.parts),
            )
        )
    text = data.decode("utf-8", errors="replace")  # (checked above: nothing is replaced)
    if "<!" in text or "<?" in text:
        text = _HIDDEN.sub("", text)
    if not re.match(r"\s*<mjloggm\b", text):
        raise LogError.said(error_msg("errors.logs.not_mjlog"), file, at_line(1))
    if log_id is None:
        found = LOG_ID.search(file)
        log_id = found.group(0) if found else None
    ruleset: dict[str, Any] = ruleset_of_go(0)
    players = 4
    aka = True
    names: tuple[str, ...] = ()
    rounds: list[Round] = []
    errors: list[str] = []
    final: tuple[int, ...] | None = None
    points: tuple[float, ...] | None = None
    n_win = 0
    complete = False
    simulated = False
    eager = list(_EAGER.finditer(text))
    inits = [i for i, m in enumerate(eager) if m.group(1) == "INIT"]
    # the elements before the first round: the table
    for m in eager[: inits[0] if inits else len(eager)]:
        tag, attrs = m.group(1), _attrs(m.group(2))
        if tag == "GO":
            try:
                go_type = int(attrs.get("type", "0"))
                if go_type < 0:
                    raise ValueError(attrs["type"])
                ruleset = ruleset_of_go(go_type)
            except (KeyError, ValueError) as e:
                raise LogError.said(error_msg("errors.logs.go_type", error=e), file) from None
            players = ruleset["players"]
            aka = ruleset["aka"]
        elif tag == "SHUFFLE":
            # the server's seed; a simulator writes another and counts ura dora as dora
            simulated = not attrs.get("seed", "").startswith("mt19937ar")
        elif tag == "UN" and not names:
            names = tuple(_player_name(attrs.get(f"n{i}", "")) for i in range(players))
    for k, start in enumerate(inits):
        stop = inits[k + 1] if k + 1 < len(inits) else len(eager)
        m0 = eager[start]
        end = eager[stop].start() if stop < len(eager) else len(text)
        bad: Said | None = None
        try:
            st = _State(_attrs(m0.group(2)), players, aka, text[m0.end() : end])
        except (KeyError, ValueError, IndexError) as e:
            why = Said.of(error_msg("errors.logs.mjlog.init", index=len(rounds), error=problem(e)))
            errors.append(why)
            rounds.append(Round(len(rounds), "?", "E", 0, 0, 0, 0, (), error=why))
            continue
        for m in eager[start + 1 : stop]:
            tag, attrs = m.group(1), _attrs(m.group(2))
            try:
                if tag == "REACH" and attrs.get("step") == "2":
                    st.riichi[seat(attrs["who"], players, "who=")] = True
                elif tag == "AGARI":
                    if st.draw is not None:
                        raise LogError.said(error_msg("errors.logs.second_result"))
                    win = _win(st, attrs, file, log_id, ruleset, players, aka, n_win, len(rounds))
                    before = text[max(0, m.start() - 200) : m.start()]
                    if players == 3 and _robs_kita(before, attrs):
                        flags = {**win.record["flags"], "robbed_kita": True}
                        win = replace(win, record={**win.record, "flags": flags})
                    if simulated:
                        win = replace(win, claim=replace(win.claim, dora_with_ura=True))
                    st.wins.append(win)
                    n_win += 1
                elif tag == "RYUUKYOKU":
                    if st.draw is not None or st.wins:
                        raise LogError.said(error_msg("errors.logs.second_result"))
                    st.draw = _draw(st, attrs, file, log_id, players, aka, len(rounds))
                if tag in ("AGARI", "RYUUKYOKU") and "owari" in attrs:
                    complete = True
                    if attrs["owari"]:
                        final, points = _owari(attrs["owari"], players)
            except (KeyError, ValueError, IndexError) as e:
                line = text.count("\n", 0, m.start()) + 1
                col = m.start() - text.rfind("\n", 0, m.start())
                bad = Said.of(
                    error_msg(
                        "errors.logs.mjlog.element",
                        element=f"<{tag}>",
                        line=line,
                        column=col,
                        error=problem(e),
                    )
                )
                break
        name = round_name(st.index // 4, st.index % 4 + 1)
        rounds.append(
            Round(
                index=len(rounds),
                name=name,
                round_wind=WINDS[st.index // 4 % 4],
                kyoku=st.index % 4 + 1,
                honba=st.honba,
                riichi_sticks=st.sticks,
                dealer=st.dealer,
                scores=st.scores,
                events=_Events(st),
                wins=tuple(st.wins),
                draw=st.draw,
                error=bad,
                riichi=tuple(i for i in range(players) if st.riichi[i]),
            )
        )
        if bad:
            errors.append(Said.of(round_msg(name, st.honba, bad)))
    if cut is not None:
        last = rounds[-1] if rounds else None
        if last is not None and not last.wins and last.draw is None and last.error is None:
            why = Said.of(error_msg("errors.logs.mjlog.no_result", cut=words_of(cut)))
            rounds[-1] = replace(last, error=why)
            errors.append(Said.of(round_msg(last.name, last.honba, why)))
        else:
            errors.append(cut)
    return Game(
        file=file,
        format="mjlog",
        log_id=log_id,
        players=players,
        ruleset=ruleset,
        rounds=tuple(rounds),
        names=names,
        final_scores=final,
        final_points=points,
        room=ruleset["label"],
        errors=tuple(errors),
        complete=complete,
    )


_DRAW_TAGS = tuple(re.compile(f"<{c}([0-9]+)\\s*/>") for c in "TUVW")
_DISCARD_TAGS = tuple(re.compile(f"<{c}([0-9]+)\\s*/>") for c in "DEFG")
_N_TAG = re.compile(r"<N\b([^>]*)>")


def _final_hands(self: _Play, st: _State) -> None:
    """Gets the hands at the end of the round without following it in order: the 136 tiles
    are all different, so a hand is its deal, plus its draws, less its discards and the
    tiles it laid down in calls."""
    hands = [set(h) for h in self.hands]
    drawn = [t for h in self.hands for t in h]
    thrown: list[int] = []
    for s in range(4):
        draws = [int(x) for x in _DRAW_TAGS[s].findall(st.text)]
        drawn += draws
        discards = [int(x) for x in _DISCARD_TAGS[s].findall(st.text)]
        hands[s].update(draws)
        self.discards[s] = discards
        thrown += discards
    if len(set(drawn)) != len(drawn) or len(set(thrown)) != len(thrown):
        # each of the 136 tiles is dealt or drawn once, and discarded once at most
        self.error = Said.of(error_msg("errors.logs.mjlog.drawn_twice"))
    laid: list[set[int]] = [set(), set(), set(), set()]
    for m in _N_TAG.finditer(st.text):
        a = _attrs(m.group(1))
        who = seat(a["who"], st.players, "who=")
        mtype, tiles, called, rel, added = decode_meld(int(a["m"]))
        if mtype in ("chi", "pon", "daiminkan") and called is not None:
            laid[who].update(t for t in tiles if t != called)
            hands[who].add(called)  # the called discard joins the meld, not the hand
            laid[who].add(called)
            self.called_from[(who + rel) % 4] = True
            self.melds[who] += 1
        elif mtype == "shouminkan":
            laid[who].add(added if added is not None else tiles[0])
        elif mtype == "ankan":
            laid[who].update(tiles)
            self.melds[who] += 1
        else:
            laid[who].add(tiles[0])
    for s in range(4):
        gone = set(self.discards[s]) | laid[s]
        if not gone <= hands[s]:
            self.error = Said.of(
                error_msg("errors.logs.mjlog.never_held", seat=s, tiles=sorted(gone - hands[s]))
            )
        # a called discard left its owner's hand: it is among his discards
        self.hands[s] = sorted(hands[s] - gone)


def _skip(_event: Event) -> None:
    pass


def _call(st: _Play, who: int, m: int, aka: bool, add: Callable[[Event], None]) -> None:
    mtype, tiles, called, rel, added = decode_meld(m)
    hand = st.hands[who]
    if mtype in ("chi", "pon", "daiminkan"):
        for t in tiles:
            if t != called:
                hand.remove(t)
        st.called_from[(who + rel) % 4] = True
        st.melds[who] += 1
    elif mtype == "shouminkan":
        assert added is not None
        hand.remove(added)
    elif mtype == "ankan":
        for t in tiles:
            hand.remove(t)
        st.melds[who] += 1
    else:  # kita
        hand.remove(tiles[0])
    add(
        Event(
            "kita" if mtype == "kita" else "call",
            who,
            format_tiles(_tile(t, aka) for t in tiles),
            mtype,
        )
    )


def _ba(a: dict[str, str], st: _State) -> tuple[int, int]:
    """Reads ``ba=`` of a result: honba and riichi sticks (those of the round when unsaid)."""
    if "ba" not in a:
        return st.honba, st.sticks
    ba = _ints(a["ba"])
    if len(ba) != 2 or min(ba) < 0:
        raise LogError.said(error_msg("errors.logs.mjlog.ba", field=f'ba="{a["ba"]}"'))
    return ba[0], ba[1]


def _sc(a: dict[str, str]) -> list[int]:
    """Reads the ``sc=`` of a result: a score and a change per seat of the table's four
    slots (a chip table adds four pairs)."""
    sc = _ints(a.get("sc"))
    if sc and len(sc) not in (8, 16):
        raise LogError.said(error_msg("errors.logs.mjlog.sc", given=len(sc)))
    return sc


def _owari(text: str, players: int) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """Reads ``owari=``: the final score (in hundreds) and the points of each seat."""
    parts = text.split(",")
    if len(parts) < 2 * players:
        n = 2 * players
        raise LogError.said(
            error_msg("errors.logs.per_seat_count", what="owari=", given=len(parts), n=n)
        )
    try:
        final = tuple(int(parts[2 * i]) * 100 for i in range(players))
        points = tuple(float(parts[2 * i + 1]) for i in range(players))
    except ValueError:
        raise LogError.said(error_msg("errors.logs.mjlog.numbers", text=repr(text))) from None
    return final, points


def _origin(st: _State, file: str, log_id: str | None, n_round: int, index: int | None) -> Origin:
    return Origin(
        file, log_id, n_round, round_name(st.index // 4, st.index % 4 + 1), st.honba, index
    )


def _is_kita(code: int) -> bool:
    """Tells whether a meld code is a kita (bit 0x20, no chi, pon nor kan bit)."""
    return bool(code & 0x20) and not code & 0x1C


def _robs_kita(before: str, a: dict[str, str]) -> bool:
    """Tells whether a ron (*a*, an AGARI's attributes) robs the kita its discarder has just
    laid down: the last call before it (*before*: the text just before the AGARI), DORA,
    UN and BYE apart, is that seat's kita."""
    if a.get("who") == a.get("fromWho"):
        return False
    for tag, attrs in reversed(_ANY.findall(before)):
        if tag in ("DORA", "UN", "BYE"):
            continue
        if tag != "N":
            return False
        at = _attrs(attrs)
        return at.get("who") == a.get("fromWho") and _is_kita(int(at.get("m", "0")))
    return False


def _win(
    st: _State,
    a: dict[str, str],
    file: str,
    log_id: str | None,
    ruleset: dict[str, Any],
    players: int,
    aka: bool,
    n_win: int,
    n_round: int,
) -> Win:
    who = seat(a["who"], players, "who=")
    from_who = seat(a["fromWho"], players, "fromWho=")
    honba, sticks = _ba(a, st)
    hai = _ints(a["hai"])
    machi = int(a["machi"])
    codes = _ints(a.get("m"))
    if machi not in hai and len(hai) + 3 * sum(1 for c in codes if c & 0x3C != 0x20) == 13:
        # logs written by a simulator (tenhou-python-bot's; its SHUFFLE seed is not Tenhou's)
        # leave the winning tile out of hai=: it is put back
        hai.append(machi)
    ten = _ints(a["ten"])
    yaku_pairs = _ints(a.get("yaku"))
    yaku = [(TENHOU_YAKU[yaku_pairs[i]], yaku_pairs[i + 1]) for i in range(0, len(yaku_pairs), 2)]
    yakuman = [TENHOU_YAKU[y] for y in _ints(a.get("yakuman"))]
    sc = _sc(a)
    deltas = tuple(sc[2 * i + 1] * 100 for i in range(players)) if sc else None
    # chip tables append each seat's chips to sc= (four more pairs)
    chips = tuple(sc[8 + 2 * i + 1] for i in range(players)) if len(sc) >= 16 else None
    origin = _origin(st, file, log_id, n_round, n_win)
    # the second winner of a double ron (Tenhou lists the first winner, who takes the honba
    # and the sticks, first)
    multi = sum(1 for w in st.wins if w.record["from_who"] == from_who != w.record["winner"])
    rec = make_record(
        rec_id=f"{log_id or file}#{n_win}",
        origin=origin,
        fmt="mjlog",
        ruleset=ruleset,
        round_wind=st.index // 4,
        kyoku=st.index % 4 + 1,
        honba=honba,
        riichi_sticks=sticks,
        dealer=st.dealer,
        winner=who,
        from_who=from_who,
        closed=[_tile(t, aka) for t in hai],
        win_tile=_tile(machi, aka),
        melds=[_meld_record(m, aka) for m in codes],
        dora=[_tile(t, aka) for t in _ints(a.get("doraHai"))],
        ura=[_tile(t, aka) for t in _ints(a.get("doraHaiUra"))],
        flags=flags_of([y for y, _ in yaku] + yakuman, riichi=st.riichi[who]),
        players=players,
        multi_ron_index=multi if from_who != who else 0,
        pao_who=seat(a["paoWho"], players, "paoWho=") if "paoWho" in a else None,
    )
    claim = Claim(
        han=None if yakuman else sum(h for _, h in yaku),
        fu=None if yakuman else ten[0],
        points=ten[1],
        limit=_LIMITS[ten[2]] if len(ten) > 2 and 0 <= ten[2] < len(_LIMITS) else None,
        yaku=tuple(sorted((y, h) for y, h in yaku if h > 0)),
        yakuman=tuple(sorted(yakuman)),
        deltas=deltas,
        names=tuple(str(x) for x in yaku_pairs[::2]),
        chips=chips,
    )
    return Win(rec, claim, origin)


def _draw(
    st: _State,
    a: dict[str, str],
    file: str,
    log_id: str | None,
    players: int,
    aka: bool,
    n_round: int,
) -> Draw:
    kind_ = _DRAW_KINDS.get(a.get("type", ""))
    if kind_ is None:  # never read as another draw
        raise LogError.said(error_msg("errors.logs.draw_kind", field=f'type="{a["type"]}"'))
    sc = _sc(a)
    if not sc:
        raise LogError.said(error_msg("errors.logs.mjlog.draw_no_sc"))
    deltas = tuple(sc[2 * i + 1] * 100 for i in range(players))
    shown = tuple(i for i in range(players) if f"hai{i}" in a)
    hands: tuple[str, ...] | None = None
    melds: tuple[int, ...] | None = None
    nagashi: tuple[int, ...] = ()
    if kind_ in ("exhaustive", "nagashi_mangan"):
        play = st.play()
        if play.error:
            raise LogError.of(*play.error.parts)
        hands = tuple(format_tiles(_tile(t, aka) for t in play.hands[i]) for i in range(players))
        for i in shown:  # a hand shown tenpai is the hand followed through the round
            if sorted(_ints(a[f"hai{i}"])) != sorted(play.hands[i]):
                raise LogError.said(
                    error_msg("errors.logs.mjlog.shown", field=f'hai{i}="{a[f"hai{i}"]}"', seat=i)
                )
        melds = tuple(play.melds[:players])
        if kind_ == "nagashi_mangan":
            nagashi = tuple(
                i
                for i in range(players)
                if play.discards[i]
                and not play.called_from[i]
                and all(is_yaochuu(t // 4) for t in play.discards[i])
            )
    honba, sticks = _ba(a, st)
    return Draw(
        kind=kind_,
        origin=_origin(st, file, log_id, n_round, None),
        tenpai=shown if kind_ in ("exhaustive", "nagashi_mangan") else None,
        hands=hands,
        melds=melds,
        nagashi=nagashi,
        deltas=deltas,
        honba=honba,
        riichi_sticks=sticks,
    )
