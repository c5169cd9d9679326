"""The situation of a riichi win: everything the tiles alone cannot tell (docs/records.md).

The local yaku read more inputs (their ``flags``); they travel in :attr:`Situation.flags`
and :meth:`Situation.local_inputs` checks them into a :class:`LocalInputs` value.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial

from ..errors import InvalidSituation, Localized, NotationError, error_text, msg
from ..flag_names import FLAG_NAMES, WIN_FLAGS
from ..tiles import EAST, Tile, kind, parse_tile, parse_tiles

TYPE_CHECKING = False  # not typing's: importing typing costs a command about 2 ms of start-up
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "FLAG_NAMES",
    "LOCAL_FLAGS",
    "NO_INPUTS",
    "WIND_NAMES",
    "WIN_FLAGS",
    "LocalInputs",
    "Situation",
    "imitated_turns",
    "parse_discards",
    "parse_relative_seat",
    "parse_wind",
]

WIND_NAMES = {"E": 27, "S": 28, "W": 29, "N": 30}
_SEATS = (None, 1, 2, 3)  # the discarder or liable player: unknown, or a seat from the winner


def parse_wind(value: str | int) -> int:
    """Reads a wind as ``E``/``S``/``W``/``N``, ``east``..., ``1z``-``4z`` or its kind 27-30.

    :raises InvalidSituation: for anything else.
    """
    if isinstance(value, int) and 27 <= value <= 30:
        return value
    text = str(value).strip().upper()
    if text in WIND_NAMES:
        return WIND_NAMES[text]
    words = {
        "EAST": 27,
        "SOUTH": 28,
        "WEST": 29,
        "NORTH": 30,
        "EST": 27,
        "SUD": 28,
        "OUEST": 29,
        "NORD": 30,
        "1Z": 27,
        "2Z": 28,
        "3Z": 29,
        "4Z": 30,
    }
    if text in words:
        return words[text]
    raise InvalidSituation.of(msg("errors.situation.wind", value=value))


_RELATIVE_WORDS = {
    "right": 1,
    "across": 2,
    "left": 3,
    "droite": 1,
    "face": 2,
    "gauche": 3,
    "shimocha": 1,
    "toimen": 2,
    "kamicha": 3,
}


def parse_relative_seat(field: str, value: Any) -> int:
    """Reads a seat relative to the winner: 1-3, or ``right``/``across``/``left``.

    :raises InvalidSituation: naming *field* for anything else.

    >>> parse_relative_seat("discarder", "left"), parse_relative_seat("pao", 2)
    (3, 2)
    """
    if type(value) is int and 1 <= value <= 3:
        return value
    if isinstance(value, str) and value.strip().lower() in _RELATIVE_WORDS:
        return _RELATIVE_WORDS[value.strip().lower()]
    raise InvalidSituation.of(msg("errors.situation.relative_seat", field=field, value=value))


@dataclass(frozen=True, slots=True)
class Situation:
    """Where and how a riichi hand was won.

    Winds are kinds 27-30 (names are read too: ``Situation(seat_wind="S")``, see
    :func:`parse_wind`). Seats are relative to the winner (``"right"``, ``"across"``,
    ``"left"`` are read too): 1 = next player (right),
    2 = across, 3 = previous player (left). *discarder* is who dealt in on a ron (None if
    unknown), *pao* the liable player (EMA §3.3.6), *chankan_ankan* that the robbed kan was
    a concealed one (thirteen orphans only, option ``kokushi_chankan_ankan``), *flags* extra
    booleans and values for local yaku.
    """

    seat_wind: int = EAST
    round_wind: int = EAST
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    nagashi_mangan: bool = False
    chankan_ankan: bool = False
    dora_indicators: tuple[Tile, ...] = ()
    ura_indicators: tuple[Tile, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0
    discarder: int | None = None
    pao: int | None = None
    flags: tuple[tuple[str, Any], ...] = field(default=())

    def __post_init__(self) -> None:
        # names are accepted where a kind or a seat is stored: Situation(seat_wind="S"),
        # discarder="left" (kinds 27-30 and seats 1-3 pass through unchanged)
        for name in ("seat_wind", "round_wind"):
            value = getattr(self, name)
            if not (type(value) is int and 27 <= value <= 30):
                object.__setattr__(self, name, parse_wind(value))
        for name in ("discarder", "pao"):
            value = getattr(self, name)
            if value is not None and not (type(value) is int and 1 <= value <= 3):
                object.__setattr__(self, name, parse_relative_seat(name, value))

    @property
    def is_dealer(self) -> bool:
        """Tells whether the winner is the dealer (East seat)."""
        return self.seat_wind == EAST

    def seat_of(self, rel: int) -> int:
        """Gets the seat wind (27-30) of the player *rel* seats after the winner."""
        return 27 + (self.seat_wind - 27 + rel) % 4

    @property
    def dealer_rel(self) -> int:
        """Gets the dealer's seat relative to the winner (0 when the winner deals)."""
        return (27 - self.seat_wind) % 4

    def local_inputs(self, *, tsumo: bool = False, meld_types: Sequence[str] = ()) -> LocalInputs:
        """Checks the local-yaku inputs of *flags* into a value.

        *tsumo* and *meld_types* (the hand's melds: ``chi``, ``pon``, ``daiminkan``,
        ``shouminkan``, ``ankan``) are checked against the flags. Names that are not local-yaku
        inputs are left alone (records carry more flags than the scorer reads).

        :raises InvalidSituation: naming the flag whose value is wrong or contradicts the win.

        >>> Situation(flags=(("open_riichi", "maybe"),)).local_inputs()
        Traceback (most recent call last):
        ...
        tenpai.errors.InvalidSituation: flag 'open_riichi' is true or false, not 'maybe'
        """
        for k, _ in self.flags:
            if k in LOCAL_FLAGS:
                break
        else:  # no local-yaku input (the usual case)
            return NO_INPUTS
        given = {k: v for k, v in self.flags if k in LOCAL_FLAGS}
        vals: dict[str, Any] = {}
        for name, value in given.items():
            vals[name] = _FLAG_READERS[LOCAL_FLAGS[name]](name, value)
        counters = vals.pop("paarenchan_counter", None)
        if isinstance(counters, dict):
            vals["paarenchan_counter"] = counters.get(self.seat_wind, 0)
            vals["dealer_paarenchan_counter"] = counters.get(EAST, 0)
        elif counters is not None:
            vals["paarenchan_counter"] = counters
            vals["dealer_paarenchan_counter"] = counters if self.is_dealer else 0
        discards = vals.pop("discards", None)
        if discards is not None:
            mine = discards.get(self.seat_wind, ())
            vals["imitations"] = tuple(
                ((w - self.seat_wind) % 4, imitated_turns(mine, theirs))
                for w, theirs in sorted(discards.items())
                if w < self.seat_wind
            )
        inputs = LocalInputs(**vals)
        kans = sum(1 for m in meld_types if m in ("daiminkan", "shouminkan", "ankan"))
        ron_only = (
            "discard_was_riichi_declaration",
            "discarder_just_declared_kan",
            "discarder_in_riichi",
            "discarder_riichi_before_open_riichi",
        )
        n_kans = inputs.consecutive_kans_before_win
        first_kan = {"ankan": "ankan", "minkan": "daiminkan", "kakan": "shouminkan"}
        # (flag, what it needs: errors.local_flag.<why> and its parameters, contradicted?)
        broken: tuple[tuple[str, str, dict[str, object], bool], ...] = (
            *((n, "ron", {}, bool(getattr(inputs, n)) and tsumo) for n in ron_only),
            *((n, "chankan", {}, getattr(inputs, n) and self.chankan) for n in ron_only[:2]),
            (
                "open_riichi",
                "riichi",
                {},
                inputs.open_riichi and not (self.riichi or self.double_riichi),
            ),
            (
                "open_double_riichi",
                "double_riichi",
                {},
                inputs.open_double_riichi and not self.double_riichi,
            ),
            (
                "discarder_riichi_before_open_riichi",
                "needs_flag",
                {"other": "discarder_in_riichi"},
                inputs.discarder_riichi_before_open_riichi and not inputs.discarder_in_riichi,
            ),
            (
                "consecutive_kans_before_win",
                "kans",
                {"n": n_kans},
                n_kans >= 2 and not (self.rinshan and tsumo and kans >= n_kans),
            ),
            (
                "kan_in_first_turn",
                "kan",
                {"kan": inputs.kan_in_first_turn},
                inputs.kan_in_first_turn != "none"
                and first_kan[inputs.kan_in_first_turn] not in meld_types,
            ),
        )
        for name, why, params, wrong in broken:
            if wrong:
                raise InvalidSituation.of(msg(f"errors.local_flag.{why}", name=name, **params))
        return inputs

    def flag(self, name: str, default: Any = False) -> Any:
        """Gets the local-yaku input *name* from *flags*."""
        for k, v in self.flags:
            if k == name:
                return v
        return default

    def check(self, *, tsumo: bool, closed: bool, has_kan: bool, has_melds: bool) -> None:
        """Checks the situation against itself and the hand (the EMA yaku's conditions).

        :raises InvalidSituation: naming the contradiction.
        """
        if (  # the usual win, with nothing to contradict: no need to look further
            not (
                self.ippatsu
                or self.double_riichi
                or self.haitei
                or self.houtei
                or self.rinshan
                or self.chankan
                or self.chankan_ankan
                or self.tenhou
                or self.chiihou
                or self.renhou
            )
            and (closed or not self.riichi)
            and self.honba >= 0
            and self.riichi_sticks >= 0
            and self.discarder in _SEATS
            and self.pao in _SEATS
        ):
            return
        rules = (
            (
                self.ippatsu and not (self.riichi or self.double_riichi),
                "errors.situation.ippatsu",
            ),
            (self.double_riichi and not closed, "errors.situation.double_riichi_closed"),
            (
                (self.riichi or self.double_riichi) and not closed,
                "errors.situation.riichi_closed",
            ),
            (self.haitei and not tsumo, "errors.situation.haitei_tsumo"),
            (
                self.haitei and self.rinshan,
                "errors.situation.haitei_rinshan",
            ),
            (self.houtei and tsumo, "errors.situation.houtei_ron"),
            (self.houtei and self.chankan, "errors.situation.houtei_chankan"),
            (self.rinshan and not tsumo, "errors.situation.rinshan_tsumo"),
            (self.rinshan and not has_kan, "errors.situation.rinshan_kan"),
            (self.chankan and tsumo, "errors.situation.chankan_ron"),
            (
                self.chankan_ankan and not self.chankan,
                "errors.situation.chankan_ankan",
            ),
            (
                self.tenhou and not (self.is_dealer and tsumo and not has_melds),
                "errors.situation.tenhou",
            ),
            (
                self.chiihou and not (not self.is_dealer and tsumo and not has_melds),
                "errors.situation.chiihou",
            ),
            (
                self.renhou and not (not self.is_dealer and not tsumo and not has_melds),
                "errors.situation.renhou",
            ),
            (
                self.honba < 0 or self.riichi_sticks < 0,
                "errors.situation.negative",
            ),
            (
                self.discarder is not None and self.discarder not in (1, 2, 3),
                "errors.situation.discarder",
            ),
            (
                self.pao is not None and self.pao not in (1, 2, 3),
                "errors.situation.liable",
            ),
        )
        for broken, why in rules:  # why: the catalogue id of the message
            if broken:
                raise InvalidSituation.of(msg(why))


# ---- local-yaku inputs ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LocalInputs:
    """The local-yaku inputs of a win, checked (see :meth:`Situation.local_inputs`).

    *imitations* lists, for each opponent who discards before the winner in a go-around, his
    seat relative to the winner and how many of his first discards the winner copied turn
    by turn, none of them called (maneman). *paarenchan_counter* counts the winner's
    qualifying events before this hand, *dealer_paarenchan_counter* the dealer's.
    """

    discard_was_riichi_declaration: bool = False
    discarder_just_declared_kan: bool = False
    open_riichi: bool = False
    open_double_riichi: bool = False
    discarder_in_riichi: bool = False
    discarder_riichi_before_open_riichi: bool = False
    consecutive_kans_before_win: int = 0
    first_turn_uninterrupted: bool = False
    kan_in_first_turn: str = "none"
    imitations: tuple[tuple[int, int], ...] = ()
    paarenchan_counter: int = 0
    dealer_paarenchan_counter: int = 0


NO_INPUTS = LocalInputs()
"""The inputs of a win without any local-yaku flag."""

LOCAL_FLAGS: dict[str, str] = {
    "discard_was_riichi_declaration": "bool",
    "discarder_just_declared_kan": "bool",
    "open_riichi": "bool",
    "open_double_riichi": "bool",
    "discarder_in_riichi": "bool",
    "discarder_riichi_before_open_riichi": "bool",
    "consecutive_kans_before_win": "kans",
    "first_turn_uninterrupted": "bool",
    "kan_in_first_turn": "kan",
    "discards": "discards",
    "paarenchan_counter": "counter",
}
"""Every local-yaku input of ``flags`` and the kind of value it takes."""

_TRUE = ("true", "yes", "on", "1", "oui")
_FALSE = ("false", "no", "off", "0", "non")


def _read_bool(name: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in _TRUE + _FALSE:
        return value.strip().lower() in _TRUE
    raise InvalidSituation.of(msg("errors.situation.flag_bool", name=name, value=value))


def _read_int(name: str, value: Any, top: int) -> int:
    try:
        n = int(value)
    except (TypeError, ValueError):
        n = -1
    if isinstance(value, bool) or not 0 <= n <= top or str(n) != str(value).strip():
        raise InvalidSituation.of(msg("errors.situation.flag_int", name=name, top=top, value=value))
    return n


def _read_kans(name: str, value: Any) -> int:
    return _read_int(name, value, 4)


def _read_kan(name: str, value: Any) -> str:
    words = {
        "none": "none",
        "no": "none",
        "false": "none",
        "ankan": "ankan",
        "minkan": "minkan",
        "daiminkan": "minkan",
        "kakan": "kakan",
        "shouminkan": "kakan",
    }
    got = words.get(str(value).strip().lower())
    if got is None or value is True:
        raise InvalidSituation.of(msg("errors.situation.flag_kan", name=name, value=value))
    return got


def _read_counter(name: str, value: Any) -> int | dict[int, int]:
    if isinstance(value, Mapping):
        return {_flag_wind(name, w): _read_int(name, n, 1000) for w, n in value.items()}
    return _read_int(name, value, 1000)


def _flag_wind(name: str, w: Any) -> int:
    try:
        return parse_wind(w)
    except InvalidSituation:
        raise InvalidSituation.of(msg("errors.situation.flag_wind", name=name, wind=w)) from None


def _read_discards(name: str, value: Any) -> dict[int, tuple[tuple[int, bool], ...]]:
    if not isinstance(value, Mapping):
        raise InvalidSituation.of(msg("errors.local_flag.discards", name=name))
    try:
        return {_flag_wind(name, w): parse_discards(d) for w, d in value.items()}
    except (NotationError, TypeError, ValueError) as e:
        said = Localized(partial(error_text, e))
        raise InvalidSituation.of(
            msg("errors.local_flag.in", name=name), msg("errors.plain", text=said)
        ) from None


_FLAG_READERS: dict[str, Any] = {
    "bool": _read_bool,
    "kans": _read_kans,
    "kan": _read_kan,
    "counter": _read_counter,
    "discards": _read_discards,
}


def parse_discards(value: Any) -> tuple[tuple[int, bool], ...]:
    """Reads one player's discards: MPSZ tiles (``"19m7z"``, none called), or a list of tiles
    and ``{"tile": "9m", "called": true}`` objects. Gets ``(kind, called)`` pairs in order.

    :raises NotationError: on a tile that cannot be read; :raises InvalidSituation: on an
        entry that is neither, or a value that is no text nor list.

    >>> parse_discards(["1z", {"tile": "0m", "called": True}])
    ((27, False), (4, True))
    """
    if isinstance(value, str):
        return tuple((kind(t), False) for t in parse_tiles(value))
    if not isinstance(value, (list, tuple)):
        raise InvalidSituation.of(msg("errors.local_flag.discard_list", value=value))
    out: list[tuple[int, bool]] = []
    for item in value:
        if isinstance(item, str):
            out.append((kind(parse_tile(item)), False))
        elif isinstance(item, Mapping) and "tile" in item:
            out.append(
                (
                    kind(parse_tile(str(item["tile"]))),
                    _read_bool("called", item.get("called", False)),
                )
            )
        else:
            raise InvalidSituation.of(msg("errors.local_flag.discard", item=item))
    return tuple(out)


def imitated_turns(mine: Sequence[tuple[int, bool]], theirs: Sequence[tuple[int, bool]]) -> int:
    """Counts how many first discards of *mine* copy *theirs* turn by turn, none called.

    >>> imitated_turns(parse_discards("19m7z1p4z"), parse_discards("19m7z1p3z"))
    4
    """
    n = 0
    for (a, a_called), (b, b_called) in zip(mine, theirs, strict=False):
        if a != b or a_called or b_called:
            break
        n += 1
    return n
