"""A game's score sheet: its events read from JSON lines (the format of README's "Score
sheets"), replayed on a :class:`~tenpai.game.table.Table`, and written as text, JSON or CSV.

Renderers are pure functions returning ``str``; their words are the ``ui.sheet.*`` entries of
the message catalogue (:mod:`tenpai.i18n`).

>>> lines = ['{"event": "start", "rules": "tenhou", "players": ["Ann", "Bea", "Cyd", "Dan"]}',
...          '{"event": "win", "winner": "Bea", "from": "Dan", "han": 3, "fu": 30}']
>>> sheet = read_sheet(lines)
>>> sheet.table.scores, sheet.table.label
((25000, 28900, 25000, 21100), 'E2')
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from ..csv_cells import writer as csv_writer
from ..errors import InvalidSituation, Localized, RulesError, TenpaiError, msg
from ..i18n import grouped as group_points
from ..i18n import ljust, rjust, text_width, tr
from ..riichi.rules import PRESETS, Ruleset, find_rules
from .placement import SeatResult, points_text
from .rules import GameRules, find_game_rules, game_rules_from_mapping
from .table import (
    ABORT_KINDS,
    ABORT_NAMES,
    Abort,
    Chombo,
    Draw,
    Event,
    Riichi,
    Row,
    Table,
    Win,
    Wins,
    win_from_value,
)

__all__ = [
    "Sheet",
    "SheetError",
    "event_from_json",
    "read_sheet",
    "render_csv",
    "render_json",
    "render_text",
    "sheet_dict",
]

SEAT_LETTERS = "ESWN"
# The abortive draws by their ids, and by their names in the logs (yao9, 九種九牌,
# kyushukyuhai...), with the other ways the usual books write them.
_ABORT_NAMES = {
    **{k: k for k in ABORT_KINDS},
    **{name: kind for names in ABORT_NAMES.values() for name, kind in names.items()},
    "四開槓": "suukan",
    "三家和": "sanchahou",
}
# The fu a hand can count: 20 (pinfu tsumo), 25 (seven pairs), then tens up to 110.
_FU = frozenset({20, 25, *range(30, 111, 10)})


def word(key: str, lang: str, **params: object) -> str:
    """Gets the words for *key* in *lang*: the ``ui.sheet.KEY`` entry of the catalogue."""
    return tr(f"ui.sheet.{key}", lang, **params)


class SheetError(TenpaiError):
    """Raised when a line of a game's events cannot be read: the message names the line."""

    kind = "SheetError"


@dataclass(frozen=True, slots=True)
class Sheet:
    """A replayed game: the player *names* (seats from the first dealer), the *hand_rules*
    that price han and fu, and the *table* after every event."""

    names: tuple[str, ...]
    hand_rules: Ruleset
    table: Table


def _hand_rules_for(rules: GameRules, name: Any) -> Ruleset:
    if name is not None:
        return find_rules(str(name))
    base = rules.name.split("+")[0].split("-")[0]
    return PRESETS.get(base, PRESETS["bareme"])


def start_sheet(data: Mapping[str, Any]) -> Sheet:
    """Gets an empty sheet from a ``start`` record: ``rules`` (a preset), ``set`` (options),
    ``players`` (names), ``hand_rules`` (the riichi preset pricing han and fu).

    :raises RulesError: on unknown rules or options; :raises SheetError: on bad names.
    """
    rules = find_game_rules(str(data.get("rules", "tenhou")))
    changes = data.get("set") or {}
    if not isinstance(changes, Mapping):
        raise SheetError.of(msg("errors.game.sheet.set_object"))
    if changes:
        rules = game_rules_from_mapping({"preset": rules.name, **changes})
    n = rules.players
    names = data.get("players") or [SEAT_LETTERS[i] for i in range(n)]
    if (
        not isinstance(names, list)
        or len(names) != n
        or not all(isinstance(x, str) and x.strip() for x in names)
    ):
        raise SheetError.of(msg("errors.game.sheet.players", n=n, rules=rules.name, names=names))
    if len({x.strip().lower() for x in names}) != n:
        raise SheetError.of(msg("errors.game.sheet.same_name", names=names))
    return Sheet(
        tuple(x.strip() for x in names),
        _hand_rules_for(rules, data.get("hand_rules")),
        Table.start(rules),
    )


def _seat(value: Any, names: Sequence[str], role: str) -> int:
    """Reads the seat of the player in the *role* of an event (``winner``, ``from``, ``riichi``,
    ``chombo``, ``tenpai``, ``nagashi``), whom an error names in the reader's language
    (``errors.game.sheet.who.*``; English names the record's field: ``winner``, ``seat``...)."""
    n = len(names)
    what = Localized(partial(tr, f"errors.game.sheet.who.{role}"))
    if isinstance(value, bool):
        raise SheetError.of(msg("errors.game.sheet.seat_type", what=what, value=value))
    if isinstance(value, int):
        if 0 <= value < n:
            return value
        raise SheetError.of(msg("errors.game.sheet.seat_range", what=what, value=value, last=n - 1))
    if isinstance(value, str):
        key = value.strip().lower()
        for i, name in enumerate(names):
            if name.lower() == key:
                return i
        if len(key) == 1 and key.upper() in SEAT_LETTERS[:n]:
            return SEAT_LETTERS.index(key.upper())
        if key.isdigit() and int(key) < n:
            return int(key)
    raise SheetError.of(
        msg("errors.game.sheet.seat_unknown", what=what, value=value, names=", ".join(names))
    )


def _whole(value: Any, name: str) -> int:
    """Reads the whole number of field *name* of an event: a JSON integer (``3``) or its
    digits (``"3"``, as a form sends them), never a rounded ``1.5`` nor ``true``.

    :raises SheetError: when *value* is not one.
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value)  # a form's text ("3"): its digits, never rounded
    raise SheetError.of(msg("errors.game.sheet.whole", field=name, value=value))


def _numeric(value: Any) -> bool:
    """Tells whether *value* is a number or its digits (not a word, not ``true``)."""
    if isinstance(value, str):
        return value.strip().lstrip("-").isdigit()
    return value is None or (isinstance(value, (int, float)) and not isinstance(value, bool))


def _abort_kind(value: Any) -> str:
    """Reads the kind of an abortive draw: an id of :data:`ABORT_KINDS`, or its name as a
    log writes it (``yao9``, ``九種九牌``, ``kyushukyuhai``); ``abort`` when unsaid.

    :raises SheetError: on another kind.
    """
    if value == "abort":
        return "abort"
    found = _ABORT_NAMES.get(value.strip().lower()) if isinstance(value, str) else None
    if found is None:
        known = ", ".join(ABORT_KINDS)
        raise SheetError.of(msg("errors.game.sheet.abort_kind", value=value, known=known))
    return found


def _points(value: Any, tsumo: bool) -> dict[str, Any]:
    """Reads a typed value: ``8000`` (a ron), ``"1300/2600"`` (a tsumo: each non-dealer /
    the dealer) or ``"4000all"`` (the dealer's tsumo)."""
    text = str(value).strip().lower().replace(" ", "")
    try:
        if not tsumo:
            return {"ron": int(text)}
        for suffix in ("all", "tous"):  # the dealer's tsumo: "4000all", "4000 tous"
            if text.endswith(suffix):
                each = int(text.removesuffix(suffix).rstrip("-"))
                return {"tsumo": (each, each)}
        others, dealer = text.replace("-", "/").split("/")
        return {"tsumo": (int(dealer), int(others))}
    except ValueError:
        key = "errors.game.sheet.points_tsumo" if tsumo else "errors.game.sheet.points_ron"
        raise SheetError.of(msg(key, value=value)) from None


def _win(data: Mapping[str, Any], discarder: int | None, sheet: Sheet) -> Win:
    names, table = sheet.names, sheet.table
    winner = _seat(data.get("winner"), names, "winner")
    if winner == discarder:
        raise SheetError.of(msg("errors.game.sheet.win_and_deal", name=names[winner]))
    value: dict[str, Any] = {}
    if "points" in data:
        if isinstance(data["points"], (bool, float)):
            key = (
                "errors.game.sheet.points_tsumo"
                if discarder is None
                else "errors.game.sheet.points_ron"
            )
            raise SheetError.of(msg(key, value=data["points"]))
        value = _points(data["points"], discarder is None)
    elif "yakuman" in data:
        times = _whole(data["yakuman"], "yakuman")
        if times < 1:
            raise SheetError.of(msg("errors.game.sheet.yakuman", value=data["yakuman"]))
        value = {"yakuman": times}
    elif "han" in data:
        if not all(_numeric(data.get(k)) for k in ("han", "fu") if k != "fu" or "fu" in data):
            raise SheetError.of(
                msg("errors.game.sheet.han_fu", han=data.get("han"), fu=data.get("fu"))
            )
        fu = _whole(data["fu"], "fu") if data.get("fu") is not None else None
        if fu is not None and fu not in _FU:
            raise SheetError.of(msg("errors.game.sheet.fu", fu=data["fu"]))
        value = {"han": _whole(data["han"], "han"), "fu": fu}
    return win_from_value(
        winner,
        discarder,
        table.dealer,
        table.rules.players,
        rules=sheet.hand_rules,
        **value,
    )


def event_from_json(data: Mapping[str, Any], sheet: Sheet) -> Event:
    """Reads one event record (``win``, ``draw``, ``abort``, ``chombo``, ``riichi``) against
    the players of *sheet*.

    :raises SheetError: on an unknown event or a field that cannot be read;
        :raises InvalidSituation: on a value that is not possible.
    """
    names = sheet.names
    kind = data.get("event")
    if kind == "riichi":
        return Riichi(_seat(data.get("seat"), names, "riichi"))
    if kind == "chombo":
        return Chombo(_seat(data.get("seat"), names, "chombo"))
    if kind == "abort":
        return Abort(_abort_kind(data.get("kind", "abort")))
    if kind == "draw":
        tenpai = data.get("tenpai", [])
        nagashi = data.get("nagashi", [])
        if not isinstance(tenpai, list) or not isinstance(nagashi, list):
            raise SheetError.of(msg("errors.game.sheet.draw_lists"))
        return Draw(
            frozenset(_seat(x, names, "tenpai") for x in tenpai),
            tuple(_seat(x, names, "nagashi") for x in nagashi),
        )
    if kind == "win":
        tsumo = data.get("tsumo", False)
        if not isinstance(tsumo, bool):
            raise SheetError.of(msg("errors.game.sheet.tsumo", value=tsumo))
        if tsumo == ("from" in data):
            raise SheetError.of(msg("errors.game.sheet.win_kind"))
        discarder = None if tsumo else _seat(data["from"], names, "from")
        many = data.get("wins")
        if many is None:
            return Wins((_win(data, discarder, sheet),))
        if not isinstance(many, list) or not many or not all(isinstance(w, dict) for w in many):
            raise SheetError.of(msg("errors.game.sheet.wins_list"))
        return Wins(tuple(_win(w, discarder, sheet) for w in many))
    raise SheetError.of(msg("errors.game.sheet.unknown_event", kind=kind))


def read_sheet(lines: Iterable[str]) -> Sheet:
    """Replays a game from its JSON lines: an optional ``start`` record first, then one
    event per line (blank lines and lines starting with ``#`` are skipped).

    :raises SheetError: naming the line that cannot be read or applied.
    """
    sheet: Sheet | None = None
    for number, line in enumerate(lines, 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            data = json.loads(text)
            if not isinstance(data, dict):
                raise SheetError.of(msg("errors.game.sheet.json_object"))
            if data.get("event") == "start":
                if sheet is not None:
                    raise SheetError.of(msg("errors.game.sheet.start_once"))
                sheet = start_sheet(data)
                continue
            if sheet is None:
                sheet = start_sheet({})
            event = event_from_json(data, sheet)
            sheet = Sheet(sheet.names, sheet.hand_rules, sheet.table.apply(event))
        except json.JSONDecodeError as e:
            raise SheetError.of(
                msg("errors.game.sheet.not_json", number=number, error=e.msg)
            ) from None
        except (SheetError, InvalidSituation, RulesError) as e:
            error = Localized(e.message_in)
            raise SheetError.of(msg("errors.game.sheet.line", number=number, error=error)) from None
    return sheet if sheet is not None else start_sheet({})


# ---- renderers ---------------------------------------------------------------------------


def describe(row: Row, names: Sequence[str], lang: str, *, grouped: bool = False) -> str:
    """Writes what happened on one sheet line (``Bea ron from Dan 3900``); *grouped* writes
    the points as a reader of *lang* reads them (« 3 900 », for a page; the CSV and the
    terminal's columns keep the digits alone)."""
    e = row.event
    if e is None:
        return word("leftover", lang)
    if isinstance(e, Riichi):
        return word("called", lang, name=names[e.seat])
    if isinstance(e, Chombo):
        return word("penalty", lang, name=names[e.seat])
    if isinstance(e, Abort):
        if e.kind in ABORT_KINDS:
            return word(
                "abort_kind", lang, abort=word("abort", lang), kind=word(f"abort.{e.kind}", lang)
            )
        return word("abort", lang) + ("" if e.kind == "abort" else f" ({e.kind})")
    if isinstance(e, Draw):
        if e.nagashi:
            who = ", ".join(names[s] for s in e.nagashi)
            what = f"{word('draw', lang)}, {word('nagashi', lang)}"
            return word("who", lang, what=what, who=who)
        if not e.tenpai:
            return f"{word('draw', lang)}, {word('nobody_tenpai', lang)}"
        who = ", ".join(names[s] for s in sorted(e.tenpai))
        return word("who", lang, what=f"{word('draw', lang)}, {word('tenpai', lang)}", who=who)
    parts = []
    for w in e.wins:
        value = group_points(w.value, lang) if grouped else w.value
        if w.discarder is None:
            parts.append(word("win_tsumo", lang, winner=names[w.winner], value=value))
        else:
            parts.append(
                word(
                    "win_ron",
                    lang,
                    winner=names[w.winner],
                    loser=names[w.discarder],
                    value=value,
                )
            )
    return "; ".join(parts)


def _part_text(result: SeatResult, lang: str, numbers: str) -> str:
    # *numbers*: the language whose decimal mark the points take (the CSV keeps the point)
    return " ".join(
        f"{word('part_' + p.id, lang)} {points_text(p.value, numbers)}" for p in result.parts
    )


def sheet_dict(sheet: Sheet, lang: str = "en") -> dict[str, Any]:
    """Gets the sheet as plain data: rules, players, rows, the standings (the JSON form)."""
    t = sheet.table
    rows = [
        {
            "hand": r.label,
            "honba": r.honba,
            "sticks": r.sticks,
            "event": describe(r, sheet.names, lang),
            "deltas": list(r.deltas),
            "scores": list(r.scores),
            **({"end": r.end} if r.end else {}),
        }
        for r in t.rows
    ]
    standings = t.standings()
    return {
        "rules": t.rules.name,
        "players": list(sheet.names),
        "rows": rows,
        "ended": t.ended,
        "scores": list(t.scores),
        "points": [_number(r.points) for r in standings],
        "standings": [
            {
                "seat": r.seat,
                "player": sheet.names[r.seat],
                "rank": r.rank,
                "score": r.score,
                "points": _number(r.points),
                "tie": r.tie,
                "parts": [{"id": p.id, "value": _number(p.value), "note": p.note} for p in r.parts],
            }
            for r in sorted(standings, key=lambda r: (r.rank, -r.score, r.seat))
        ],
    }


def _number(x: Any) -> int | float:
    return int(x) if x.denominator == 1 else round(float(x), 3)


def render_json(sheet: Sheet, *, lang: str = "en") -> str:
    """Writes the sheet as one JSON object."""
    return json.dumps(sheet_dict(sheet, lang), ensure_ascii=False)


def render_csv(sheet: Sheet, *, lang: str = "en", decimal_comma: bool = False) -> str:
    """Writes the sheet as CSV: one line per event (hand, honba, sticks, event, each
    player's change and score), then the standings (rank, player, score, points).

    The numbers are data: their decimal mark is the point in every language, and the fields
    are separated by commas. *decimal_comma* writes them for a spreadsheet that reads a
    decimal comma (set to French, German...): ``-28,5``, the fields separated by semicolons,
    as such a spreadsheet expects them. A text cell that a spreadsheet would read as a
    formula (a player named ``=HYPERLINK(…)``) is written as text (:mod:`tenpai.csv_cells`).
    """
    out = io.StringIO()
    w = csv_writer(out, delimiter=";" if decimal_comma else ",", lineterminator="\n")

    def number(text: str) -> str:
        return text.replace(".", ",") if decimal_comma else text

    names = list(sheet.names)
    w.writerow(
        [
            word("hand", lang),
            word("honba", lang),
            word("sticks", lang),
            word("event", lang),
            *(f"{n} +/-" for n in names),
            *names,
        ]
    )
    for r in sheet.table.rows:
        w.writerow([r.label, r.honba, r.sticks, describe(r, names, lang), *r.deltas, *r.scores])
    w.writerow([])
    w.writerow(
        [
            word("rank", lang),
            word("player", lang),
            word("score", lang),
            word("points", lang),
            word("parts", lang),
        ]
    )
    for res in sorted(sheet.table.standings(), key=lambda r: (r.rank, -r.score, r.seat)):
        w.writerow(
            # the numbers of the CSV are data: their decimal mark is the point in every language
            [
                res.rank,
                names[res.seat],
                res.score,
                number(points_text(res.points)),
                number(_part_text(res, lang, "en")),
            ]
        )
    return out.getvalue()


def render_text(sheet: Sheet, *, lang: str = "en") -> str:
    """Writes the sheet for a terminal: the rows with running scores, then the standings
    with each player's parts."""
    names = list(sheet.names)
    t = sheet.table
    # Columns line up by display width: each kanji of a name or a word takes two columns.
    width = max(8, *(text_width(n) for n in names))
    hand = ljust(word("hand", lang), 6)
    head = f"{hand}{'':>3}  " + "".join(rjust(n, width) for n in names)
    lines = [
        f"{t.rules.name}",
        head,
        f"{ljust(word('start', lang), 6)}{'':>3}  "
        + "".join(f"{t.rules.start_points:>{width}}" for _ in names),
    ]
    for r in t.rows:
        label = f"{r.label:<6}{r.honba:>3}  "
        lines.append(
            label + "".join(f"{s:>{width}}" for s in r.scores) + f"  {describe(r, names, lang)}"
        )
        if r.end:
            lines.append(f"  {word('end_' + r.end, lang)}")
    lines.append("")
    lines.append(word("standings", lang) + ("" if t.ended else f" ({word('in_progress', lang)})"))
    for res in sorted(t.standings(), key=lambda r: (r.rank, -r.score, r.seat)):
        tie = f"  ({word('tie_' + res.tie, lang)})" if res.tie else ""
        lines.append(
            f"  {res.rank}. {ljust(names[res.seat], width)} {res.score:>7} "
            f"{rjust(points_text(res.points, lang), 7)}   {_part_text(res, lang, lang)}{tie}"
        )
    return "\n".join(lines) + "\n"
