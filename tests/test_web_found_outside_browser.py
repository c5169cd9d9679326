"""What issue 27 found on screen (item 12, the web's part), checked in Debian's chromium (see
tests/test_web_browser.py) on a 390 px phone and a desktop, in the four languages: the
standings' headings never cut within a word, the sheet's points grouped and its counts in
their plural forms, the bars' labels of the progress page at a readable size, the rules
select saying the rules in use, the Hong Kong calculator naming its own field, the API
page's examples calling the server they were read from, one ``main`` per page."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tenpai.i18n import LANGS, grouped, ntr, tr
from test_web_browser import (  # noqa: F401 - the fixtures and helpers of the browser tests
    DESKTOP,
    PHONE,
    Server,
    browser_type_launch_args,
    server,
    settle,
    shots,
    snap,
    watch,
)

CHROMIUM = "/usr/bin/chromium"
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed"),
]
NAMES = ("Ann", "Bea", "Cyd", "Dan")
SMALLEST_TEXT = 11.0
"""The smallest text a page shows, in CSS pixels (the labels of the bars were 7 px)."""

# the words of the headings, each on one line (a word cut in two spans two lines)
ONE_LINE = """(sel) => [...document.querySelectorAll(sel)].filter(e => {
    const r = document.createRange(); r.selectNodeContents(e);
    const tops = new Set([...r.getClientRects()].map(x => Math.round(x.top)));
    return tops.size > 1; }).map(e => e.textContent)"""
# the size each text of an SVG drawing is shown at: its font size times the drawing's scale
SHOWN_SIZES = """(sel) => [...document.querySelectorAll(sel)].map(t =>
    parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)"""


def _fits(page: Any, viewport: dict[str, int]) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= viewport["width"], f"{page.url}: horizontal scroll ({width} px)"


def _post(ctx: Any, srv: Server, path: str, form: dict[str, Any]) -> None:
    """Sends a form as the page's own would, with the browser's cookies."""
    r = ctx.request.post(srv.url + path, form=form, headers={"origin": srv.url})
    assert r.status < 400, (path, r.status)


def _sheet(ctx: Any, srv: Server) -> None:
    players = {f"player{i}": n for i, n in enumerate(NAMES)}
    _post(ctx, srv, "/sheet/new", {"rules": "tenhou", **players})
    win = {"kind": "win", "winner": "Bea", "from": "Dan", "han": "yakuman", "fu": "30"}
    _post(ctx, srv, "/sheet/event", win)  # Dan below zero: the game ends, the totals count it
    _post(ctx, srv, "/sheet/new", {"rules": "tenhou", **players})
    _post(ctx, srv, "/sheet/event", {"kind": "riichi", "seat": "Ann"})


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_pages_issue_27_found_wrong(
    browser: Any,
    server: Server,  # noqa: F811
    shots: Path,  # noqa: F811
    lang: str,
    size: str,
) -> None:
    viewport = PHONE if size == "phone" else DESKTOP
    ctx = browser.new_context(viewport=viewport, locale="en-GB")
    page = ctx.new_page()
    seen = watch(page)
    page.goto(f"{server.url}/?lang={lang}")  # the session's language from now on

    # the score sheet: an ended game (the totals), then one with a riichi stick on the table
    _sheet(ctx, server)
    page.goto(server.url + "/sheet")
    _fits(page, viewport)
    assert page.evaluate(ONE_LINE, "#standings thead th") == []
    shown = {
        el.get_attribute("data-player"): el.inner_text()
        for el in page.query_selector_all("#scores .pts")
    }
    assert shown == {"Ann": grouped(24000, lang), **{n: grouped(25000, lang) for n in NAMES[1:]}}
    sticks = ntr("ui.web.sheet_sticks_count", 1, lang, n="1")
    assert sticks in page.inner_text("#round") and "(s)" not in page.inner_text("main")
    games = ntr("ui.web.sheet_games_count", 1, lang, n="1")
    assert games in page.inner_text("#totals")
    snap(page, shots, f"found-sheet-{size}-{lang}")

    # the progress page's bars, after one answer
    page.goto(server.url + "/train")
    page.fill("#answer", "tanyao")  # an answer that reads (right or wrong)
    page.press("#answer", "Enter")
    settle(page)
    page.goto(server.url + "/progress")
    _fits(page, viewport)
    sizes = page.evaluate(SHOWN_SIZES, "svg.chart.bars text")
    assert sizes and min(sizes) >= SMALLEST_TEXT, sizes
    snap(page, shots, f"found-progress-{size}-{lang}")

    # the rules select after a custom choice, before and after a hand is typed
    _post(ctx, server, "/rules", {"preset": "bareme", "kiriage": "true"})
    page.goto(server.url + "/")
    custom = tr("ui.web.rules_custom", lang)
    selected = page.eval_on_selector("#calc-rules", "s => s.options[s.selectedIndex].text")
    assert selected == f"bareme + {custom}"
    page.fill("#hand", "234m567p234s55s67s ron 8s")
    page.click("#compute")
    settle(page)
    selected = page.eval_on_selector("#calc-rules", "s => s.options[s.selectedIndex].text")
    assert selected == f"bareme + {custom}"
    _fits(page, viewport)

    # the Hong Kong calculator names its own field, not the command line's option
    page.goto(server.url + "/?variant=hk&hand=123m456p789s1122z+ron+2z&seat=S")
    error = page.inner_text("#calc-error")
    assert "--from" not in error and tr("errors.calc.name.from", lang) in error

    # one main on every page; the documents are articles inside it
    for path in ("/card", "/hk/fan", "/hk/payments", "/api", "/sheet", "/progress"):
        page.goto(server.url + path)
        assert page.evaluate("() => document.querySelectorAll('main').length") == 1, path
        _fits(page, viewport)
    # the API page calls the server it was read from
    page.goto(server.url + "/api")
    examples = page.inner_text("pre")
    assert examples.count(f"curl -s {server.url}/api/") == 5 and ":8000" not in examples
    assert seen["dialogs"] == [] and seen["csp"] == []
    ctx.close()


def test_the_api_quotes_a_short_hand_as_typed(browser: Any, server: Server) -> None:  # noqa: F811
    ctx = browser.new_context(viewport=DESKTOP)
    r = ctx.request.post(
        server.url + "/api/score",
        data={"closed_tiles": "9m1m234p567s11z22z", "win_tile": "9m"},
    )
    message = r.json()["error"]["message"]
    assert re.search(r"this one has 12 in '9m1m234p567s11z22z'$", message)
    ctx.close()
