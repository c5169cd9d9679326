"""The score sheet in a real browser, on a phone: a short east-only game recorded hand by
hand (riichi, a draw, a ron, a tsumo yakuman, a last draw), its standings with uma and oka,
no horizontal scroll at 390 px and touch targets of 40 px or more.

Expected values worked by hand from the rules: noten payments 3,000; 3 han 30 fu = 3,900 plus
300 a honba and the riichi stick; a non-dealer yakuman tsumo 16,000 / 8,000; Tenhou's
placement round(score / 1000) - 30 + uma (+20/+10/-10/-20), the top taking the rest.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tenpai.i18n import grouped
from test_web_browser import (  # noqa: F401 - the fixtures and helpers of the browser tests
    PHONE,
    Server,
    browser_type_launch_args,
    server,
    shots,
    snap,
    watch,
)

CHROMIUM = "/usr/bin/chromium"
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed"),
]


def _submit(page: Any, selector: str) -> None:
    with page.expect_navigation():
        page.click(selector)


def _scores(page: Any) -> dict[str, int]:
    return {
        el.get_attribute("data-player"): int(el.get_attribute("data-points"))
        for el in page.query_selector_all("#scores .pts")
    }


def _check_phone_layout(page: Any) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"horizontal scroll: {width} px"
    small = page.evaluate(
        """() => [...document.querySelectorAll(
              'main button, main select, main input:not([type=hidden]):not([type=checkbox]),'
              + ' main summary, main a.button, main label.check')]
            .filter(e => e.offsetParent !== null)
            .map(e => [e.id || e.name || e.textContent.trim().slice(0, 20),
                       e.getBoundingClientRect().height])
            .filter(([, h]) => h < 40)"""
    )
    assert small == []


def test_a_short_game_recorded_on_a_phone(browser: Any, server: Server, shots: Path) -> None:  # noqa: F811
    ctx = browser.new_context(viewport=PHONE, locale="en-GB", has_touch=True, is_mobile=True)
    page = ctx.new_page()
    seen = watch(page)
    page.goto(server.url + "/sheet")
    _check_phone_layout(page)
    page.select_option("#game-rules", "tenhou-tonpuu")
    for i, name in enumerate(("Ann", "Bea", "Cyd", "Dan")):
        page.fill(f"#player{i}", name)
    _submit(page, "#start-game")
    assert _scores(page) == {"Ann": 25000, "Bea": 25000, "Cyd": 25000, "Dan": 25000}
    _check_phone_layout(page)
    snap(page, shots, "sheet-phone-start")

    _submit(page, '#riichi-form button[value="Bea"]')
    page.click("details:has(#draw-form) summary")
    page.check('#draw-form input[value="Bea"]')
    _submit(page, "#record-draw")  # Bea alone tenpai: +3,000; the dealer passes
    assert _scores(page) == {"Ann": 24000, "Bea": 27000, "Cyd": 24000, "Dan": 24000}
    assert page.inner_text("#round").startswith("E2 · 1 honba · 1 riichi stick")

    page.select_option("#winner", "Dan")
    page.select_option("#from", "Cyd")
    page.select_option("#han", "3")
    page.select_option("#fu", "30")
    _submit(page, "#record-win")  # 3,900 + 300 + the stick
    assert _scores(page) == {"Ann": 24000, "Bea": 27000, "Cyd": 19800, "Dan": 29200}

    page.select_option("#winner", "Ann")
    page.select_option("#from", "")
    page.select_option("#han", "yakuman")
    _submit(page, "#record-win")  # Cyd deals: 16,000, the others 8,000
    assert _scores(page) == {"Ann": 56000, "Bea": 19000, "Cyd": 3800, "Dan": 21200}
    assert page.inner_text("#round").startswith("E4")

    page.click("details:has(#draw-form) summary")
    _submit(page, "#record-draw")  # nobody tenpai: the last hand is over
    assert page.is_visible("#game-over")
    rows = [
        [c.inner_text().split("\n")[0] for c in tr.query_selector_all("td, th")]
        for tr in page.query_selector_all("#standings tbody tr")
    ]
    assert rows == [  # the scores written as English writes points (grouped)
        ["1", "Ann", grouped(56000, "en"), "+66"],
        ["2", "Dan", grouped(21200, "en"), "+1"],
        ["3", "Bea", grouped(19000, "en"), "-21"],
        ["4", "Cyd", grouped(3800, "en"), "-46"],
    ]
    assert "oka +20" in page.inner_text("#standings")
    assert page.inner_text("#totals").split()[:2] == ["Ann", "+66"]
    _check_phone_layout(page)
    snap(page, shots, "sheet-phone-standings")

    with page.expect_download() as dl:
        page.click("#export")
    text = Path(dl.value.path()).read_text(encoding="utf-8")
    assert "1,Ann,56000,+66,score +26 uma +20 oka +20" in text
    assert seen["dialogs"] == [] and seen["csp"] == []
    ctx.close()
