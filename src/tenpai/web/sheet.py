"""Feuille de score: a session recorded at the table — each hand typed as a payment (han and
fu, points) or scored from its tiles by the calculator, the running scores, the standings
with uma and oka when a game ends, the games of an evening and their totals, a CSV export.

Games live in the progress store (:mod:`tenpai.trainer.sheet_store`) as the JSON-lines
events of ``tenpai game sheet``; every page replays them (:func:`tenpai.game.sheet.read_sheet`).
An event is stored only once it replays: a refused one changes nothing and says why.
"""

from __future__ import annotations

import dataclasses
import io
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ..csv_cells import writer as csv_writer
from ..errors import Localized, TenpaiError, error_text
from ..game.placement import points_text
from ..game.rules import GAME_PRESETS, game_preset_names
from ..game.sheet import Sheet, describe, read_sheet, render_csv, word
from ..i18n import tr
from ..trainer.sheet_store import SheetStore, StoredGame
from .common import browser_id, lang_of, open_store, template_context
from .i18n import words
from .pages import _render

__all__ = ["router"]

router = APIRouter()

_WINDS = "ESWN"
_SOURCES = {1: "right", 2: "across", 3: "left"}  # the discarder, seen from the winner
_HAN = tuple(range(1, 14))
_FU = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)


def _owner(request: Request) -> str:
    """Gets this browser's id (:func:`tenpai.web.common.browser_id`): an evening's sheets
    belong to the browser that keeps them, whatever profile it drills with."""
    return browser_id(request)


@contextmanager
def _sheets(request: Request) -> Iterator[SheetStore]:
    with open_store(request) as store:
        yield SheetStore(store)


def _current(sheets: SheetStore, owner: str) -> tuple[Any, list[StoredGame]]:
    evenings = sheets.evenings(owner)
    if not evenings:
        return None, []
    return evenings[0], sheets.games(evenings[0].id)


def _replay(game: StoredGame) -> Sheet:
    return read_sheet(game.lines())


def _totals(sheets: list[Sheet], lang: str = "en") -> list[tuple[str, str, int]]:
    """Adds the placement points of the ended games by player name: (name, points, games),
    the points written for a reader of *lang* (the CSV's, data, with the point)."""
    total: dict[str, Any] = {}
    count: dict[str, int] = {}
    for s in sheets:
        if not s.table.ended:
            continue
        for r in s.table.standings():
            name = s.names[r.seat]
            total[name] = total.get(name, 0) + r.points
            count[name] = count.get(name, 0) + 1
    ranked = sorted(total, key=lambda n: -total[n])
    return [(n, points_text(total[n], lang), count[n]) for n in ranked]


def _context(request: Request, error: str | None = None, **extra: Any) -> dict[str, Any]:
    lang = lang_of(request)
    with _sheets(request) as sheets:
        evening, games = _current(sheets, _owner(request))
    replayed = [_replay(g) for g in games]
    sheet = replayed[-1] if replayed else None
    view: dict[str, Any] = {}
    if sheet is not None:
        t = sheet.table
        standings = sorted(t.standings(), key=lambda r: (r.rank, -r.score, r.seat))
        view = {
            "at": _position(games[-1]),
            "names": sheet.names,
            "table": t,
            "scores": list(zip(sheet.names, t.scores, strict=True)),
            "rows": [(r, describe(r, sheet.names, lang, grouped=True)) for r in t.rows],
            "end": word("end_" + t.ended, lang) if t.ended else "",
            "standings": [
                (
                    r.rank,
                    sheet.names[r.seat],
                    r.score,
                    points_text(r.points, lang),
                    " ".join(
                        f"{word('part_' + p.id, lang)} {points_text(p.value, lang)}"
                        for p in r.parts
                    ),
                )
                for r in standings
            ],
        }
    return template_context(
        request,
        "sheet",
        error=error,
        evening=evening,
        game_count=len(games),
        sheet=sheet,
        view=view,
        totals=_totals(replayed, lang),
        presets=[(n, word(f"preset.{n}", lang)) for n, _, _ in game_preset_names()],
        han_values=_HAN,
        fu_values=_FU,
        last_names=list(sheet.names) if sheet else [],
        **extra,
    )


@router.get("/sheet", response_class=HTMLResponse, summary="Feuille de score: a session")
def sheet_page(request: Request) -> Response:
    """Shows the current game of the evening, its forms, the standings and the totals; a
    hand sent by the calculator (``hand``, ``dora``, ``seat``, ``from``) fills the win form,
    its winner and discarder found from the seat winds of the hand being played."""
    ctx = _context(request)
    params = request.query_params
    ctx["prefill"] = {"hand": params.get("hand", "")[:200], "dora": params.get("dora", "")[:40]}
    sheet = ctx["sheet"]
    seat, source = params.get("seat", ""), params.get("from", "")
    if sheet is not None and seat in _WINDS and ctx["prefill"]["hand"]:
        n, t = sheet.table.rules.players, sheet.table
        if _WINDS.index(seat) < n:
            winner = (t.dealer + _WINDS.index(seat)) % n
            ctx["prefill"]["winner"] = sheet.names[winner]
            rel = {v: k for k, v in _SOURCES.items()}.get(source)
            tsumo = " tsumo " in f" {ctx['prefill']['hand']} "
            if rel is not None and rel < n and not tsumo:
                ctx["prefill"]["from"] = sheet.names[(winner + rel) % n]
    return _render(request, "sheet.html", ctx)


@router.post("/sheet/new", response_class=HTMLResponse)
async def sheet_new(request: Request) -> Response:
    """Starts a game (and an evening, when asked or when there is none)."""
    form = await request.form()
    preset = str(form.get("rules", "tenhou"))
    rules = GAME_PRESETS.get(preset)
    if rules is None:
        message = tr("ui.web.sheet_unknown_rules", lang_of(request), name=repr(preset))
        return _render(request, "sheet.html", _context(request, message), 422)
    names = [" ".join(str(form.get(f"player{i}", "")).split())[:30] for i in range(4)]
    names = [n for n in names if n][: rules.players] or [_WINDS[i] for i in range(rules.players)]
    start = {"event": "start", "rules": preset, "players": names}
    try:
        read_sheet([_json(start)])
    except TenpaiError as e:
        message = _refusal(e, lang_of(request))
        return _render(request, "sheet.html", _context(request, message), 422)
    owner = _owner(request)
    with _sheets(request) as sheets:
        evening, _ = _current(sheets, owner)
        if evening is None or form.get("evening") == "new":
            name = " ".join(str(form.get("evening_name", "")).split())[:40]
            evening_id = sheets.new_evening(owner, name or time.strftime("%Y-%m-%d"))
        else:
            evening_id = evening.id
        sheets.new_game(evening_id, start)
    return RedirectResponse("/sheet", status_code=303)


def _json(data: dict[str, Any]) -> str:
    import json

    return json.dumps(data, ensure_ascii=False)


def _refusal(e: TenpaiError, lang: str) -> str:
    """Says in *lang* why an event was refused: the replay's error without its "line N" (the
    page adds one event, not a file's line)."""
    if e.msgid == "errors.game.sheet.line":
        inner = e.parts[0][1].get("error")
        if isinstance(inner, Localized):
            return inner.words(lang)
    return error_text(e, lang)


def _win_from_hand(
    sheet: Sheet, form: Any, winner: int, discarder: int | None, suffix: str = "", lang: str = "en"
) -> dict[str, Any]:
    """Scores the typed tiles with the calculator, winds and riichi from the table; the
    tiles' ``ron`` or ``tsumo`` must say what the form's discarder says.

    :raises TenpaiError: naming the field that is wrong (the tiles, the dora, the discarder).
    """
    from ..calculator import calculate, read_query

    t = sheet.table
    n = t.rules.players
    if n != 4:
        raise TenpaiError(tr("ui.web.sheet_calc_four", lang))
    q = dataclasses.replace(
        read_query(
            [
                ("hand", str(form.get("hand" + suffix, ""))[:200]),
                ("dora", str(form.get("dora", ""))[:40]),
            ]
        ),
        seat=_WINDS[(winner - t.dealer) % n],
        round=_WINDS[(t.hand // n) % 4],
        flags=("riichi",) if winner in t.riichi else (),
        source="" if discarder is None else _SOURCES[(discarder - winner) % n],
        rules=sheet.hand_rules.name,
    )
    calc = calculate(q)
    if calc.hand.tsumo != (discarder is None):
        key = "ui.web.sheet_tiles_say_ron" if discarder is None else "ui.web.sheet_tiles_say_tsumo"
        raise TenpaiError(tr(key, lang, field=words(lang)["sheet_from"]))
    s = calc.score
    if discarder is not None:
        return {"points": s.points}
    parts = {p.reason: p.amount for p in s.payments}
    if winner == t.dealer:
        return {"points": f"{parts['tsumo_non_dealer']}all"}
    return {"points": f"{parts['tsumo_non_dealer']}/{parts['tsumo_dealer']}"}


def _event_of(sheet: Sheet, form: Any, lang: str = "en") -> dict[str, Any]:
    """Reads the hand form into an event record (player names, as the CLI's files)."""
    names = sheet.names
    kind = str(form.get("kind", ""))
    w = words(lang)
    labels = {"winner": "sheet_winner", "winner2": "sheet_winner", "from": "sheet_from"}

    def name(field: str) -> str:
        value = str(form.get(field, ""))
        if value not in names:
            label = w[labels.get(field, "sheet_player")]
            raise TenpaiError(tr("ui.web.sheet_choose_player", lang, field=label))
        return value

    if kind in ("riichi", "chombo"):
        return {"event": kind, "seat": name("seat")}
    if kind == "abort":
        return {"event": "abort"}
    if kind == "draw":
        return {"event": "draw", "tenpai": [n for n in form.getlist("tenpai") if n in names]}
    if kind != "win":
        raise TenpaiError(tr("ui.web.sheet_unknown_kind", lang, kind=repr(kind)))
    source = str(form.get("from", ""))
    event: dict[str, Any] = {"event": "win"}
    if source:
        event["from"] = name("from")
    else:
        event["tsumo"] = True
    first = _one_win(sheet, form, name("winner"), source, "", lang)
    if not str(form.get("winner2", "")).strip():
        return {**event, **first}
    if not source:
        raise TenpaiError(tr("ui.web.sheet_second_needs_discard", lang))
    second = _one_win(sheet, form, name("winner2"), source, "2", lang)
    return {**event, "wins": [first, second]}


def _one_win(
    sheet: Sheet, form: Any, winner: str, source: str, suffix: str, lang: str = "en"
) -> dict[str, Any]:
    """Reads one winner's value: the tiles, the points, yakuman, or han and fu."""
    names = sheet.names
    win: dict[str, Any] = {"winner": winner}
    w, d = names.index(winner), (names.index(source) if source else None)
    tiles = str(form.get("hand" + suffix, "")).strip()
    points = str(form.get("points" + suffix, "")).strip()
    han = str(form.get("han" + suffix, "")).strip()
    if tiles:
        win.update(_win_from_hand(sheet, form, w, d, suffix, lang), hand=tiles[:200])
    elif points:
        win["points"] = points[:20]
    elif han == "yakuman":
        win["yakuman"] = 1
    else:
        win["han"] = han
        fu = str(form.get("fu" + suffix, "")).strip()
        if fu:
            win["fu"] = fu
    return win


@router.post("/sheet/event", response_class=HTMLResponse)
async def sheet_event(request: Request) -> Response:
    """Adds one event to the current game, once it replays."""
    form = await request.form()
    with _sheets(request) as sheets:
        _, games = _current(sheets, _owner(request))
        lang = lang_of(request)
        if not games:
            message = tr("ui.web.sheet_start_first", lang)
            return _render(request, "sheet.html", _context(request, message), 422)
        game = games[-1]
        if _stale(form, game):
            message = tr("ui.web.sheet_changed", lang)
            return _render(request, "sheet.html", _context(request, message), 409)
        try:
            sheet = _replay(game)
            event = _event_of(sheet, form, lang)
            read_sheet([*game.lines(), _json(event)])
        except TenpaiError as e:
            return _render(request, "sheet.html", _context(request, _refusal(e, lang)), 422)
        sheets.add_event(game.id, event)
    return RedirectResponse("/sheet", status_code=303)


def _position(game: StoredGame) -> str:
    """Writes where a game stands (its id and how many events it holds): the forms of the
    page carry it, so that a form shown before another tab (or another player's phone)
    changed the game is refused rather than recorded onto the next hand."""
    return f"{game.id}:{len(game.events)}"


def _stale(form: Any, game: StoredGame) -> bool:
    at = form.get("at")
    return at is not None and str(at) != _position(game)


@router.post("/sheet/undo", response_class=HTMLResponse)
async def sheet_undo(request: Request) -> Response:
    """Takes back the current game's last event (or the empty game itself), if the page
    that asked showed that event."""
    form = await request.form()
    with _sheets(request) as sheets:
        _, games = _current(sheets, _owner(request))
        if games and _stale(form, games[-1]):
            message = tr("ui.web.sheet_changed", lang_of(request))
            return _render(request, "sheet.html", _context(request, message), 409)
        if games:
            sheets.undo(games[-1].id)
    return RedirectResponse("/sheet", status_code=303)


@router.get("/sheet/export.csv", summary="The evening's games as CSV")
def sheet_export(request: Request) -> Response:
    """Writes every game of the evening (its sheet, then its standings) and the totals."""
    lang = template_context(request, "sheet")["lang"]
    with _sheets(request) as sheets:
        evening, games = _current(sheets, _owner(request))
    replayed = [_replay(g) for g in games]
    out = io.StringIO()
    w = csv_writer(out, lineterminator="\n")
    for i, s in enumerate(replayed, 1):
        w.writerow([f"{word('game', lang)} {i}", s.table.rules.name, s.table.ended])
        out.write(render_csv(s, lang=lang))
        w.writerow([])
    w.writerow([word("totals", lang)])
    for name, points, count in _totals(replayed):
        w.writerow([name, points, count])
    stem = re.sub(r"[^\w.-]+", "_", evening.name if evening else "sheet", flags=re.ASCII)
    filename = f"tenpai-{stem}.csv"
    return Response(
        out.getvalue(),
        media_type="text/csv; charset=utf-8",
        headers={"content-disposition": f'attachment; filename="{filename}"'},
    )
