"""The web app as players meet it, in Debian's chromium (see tests/test_web_browser.py): the
calculator with the keyboard alone on a 375 px phone in Japanese (what is typed while a
request is under way is kept, a wrong field is said and keeps the hand and the focus), and
the pages that hold forms in every language at that width (and a verified log), every
control labelled."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from test_web_browser import (  # noqa: F401 - the fixtures and helpers of the browser tests
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
SMALL_PHONE = {"width": 375, "height": 740}
HAND = "234m678p45667s88s ron 5s"
LOG = Path(__file__).parent / "data" / "logs" / "pinfu-ron.mjlog"


def _focused(page: Any) -> str:
    return str(page.evaluate("document.activeElement.id"))


def test_the_calculator_by_keyboard_on_a_phone_keeps_what_is_typed(
    browser: Any,
    server: Server,  # noqa: F811
    shots: Path,  # noqa: F811
) -> None:
    ctx = browser.new_context(viewport=SMALL_PHONE, locale="ja-JP")
    page = ctx.new_page()
    seen = watch(page)
    page.goto(server.url + "/")
    # tiles added from the palette with the keyboard: the focus stays on the tile pressed
    page.focus("#add-2m")
    for _ in range(2):
        page.keyboard.press("Enter")
        settle(page)
    assert page.input_value("#hand") == "22m" and _focused(page) == "add-2m"
    page.goto(server.url + "/")
    for _ in range(40):  # from the top of the page to the hand, with Tab only
        page.keyboard.press("Tab")
        if _focused(page) == "hand":
            break
    assert _focused(page) == "hand"
    page.keyboard.type(HAND)
    page.wait_for_selector("#headline")
    settle(page)
    # the dealer's pinfu tanyao, 2 han 30 fu: 2900, as Tenhou writes it
    assert page.inner_text("#headline").startswith("2900点")

    # dora typed while the form's request (sent when the hand was left) is under way
    held: list[Any] = []

    def hold(route: Any) -> None:  # answered once the dora is typed
        held.append(route)

    page.route("**/?*", hold)
    page.focus("#calc-dora")
    page.wait_for_function("() => document.querySelector('.htmx-request')")
    page.keyboard.type("7s")
    for route in held:
        route.continue_()
    page.unroute("**/?*")
    settle(page)
    assert page.input_value("#calc-dora") == "7s"  # kept through the swap
    assert _focused(page) == "calc-dora"
    page.keyboard.press("Tab")  # sent when the field is left
    page.wait_for_function(
        "() => document.querySelector('#headline').innerText.startsWith('11600')"
    )
    settle(page)
    assert "dora=7s" in page.url

    # a wrong field: said, marked, the hand and the focus kept
    page.focus("#calc-honba")
    page.keyboard.press("Control+a")
    page.keyboard.type("150")
    page.keyboard.press("Tab")
    page.wait_for_selector("#query-error")
    settle(page)
    assert "本場：0から99までの整数で、'150'ではない" in page.inner_text("#query-error")
    assert page.input_value("#hand") == HAND and page.input_value("#calc-honba") == "150"
    assert page.get_attribute("#calc-honba", "aria-invalid") == "true"
    assert _focused(page) == "calc-sticks"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SMALL_PHONE["width"], width
    snap(page, shots, "calc-error-ja-375")
    assert seen["dialogs"] == [] and seen["csp"] == []
    ctx.close()


# every control named: a label around it or for it, an aria-label or labelledby, or a title
_UNLABELLED = """() => [...document.querySelectorAll(
    'input:not([type=hidden]), select, textarea, button')].filter(e =>
  !((e.labels && e.labels.length) || e.getAttribute('aria-label')
    || e.getAttribute('aria-labelledby') || e.title
    || (e.tagName === 'BUTTON' && e.textContent.trim())))
  .map(e => e.outerHTML.slice(0, 80))"""


@pytest.mark.parametrize("lang", ["fr", "en", "ja", "zh-Hant"])
def test_the_forms_fit_a_375_px_phone_and_are_labelled(
    browser: Any,
    server: Server,  # noqa: F811
    shots: Path,  # noqa: F811
    lang: str,
) -> None:
    ctx = browser.new_context(viewport=SMALL_PHONE, locale=lang)
    page = ctx.new_page()
    seen = watch(page)
    page.goto(f"{server.url}/?lang={lang}")
    for path in ("/?variant=hk", "/", "/rules", "/train", "/sheet", "/logs"):
        page.goto(server.url + path)
        assert page.locator("html").get_attribute("lang") == lang
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= SMALL_PHONE["width"], (path, width)
        assert page.evaluate(_UNLABELLED) == [], path
    # a verified log: its table of rounds within the screen too
    page.set_input_files("#log-file", str(LOG))
    with page.expect_navigation():
        page.click("form.logs button[type=submit]")
    assert page.locator("#log-summary").count() == 1
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SMALL_PHONE["width"], ("verified log", width)
    snap(page, shots, f"logs-{lang}-375")
    assert seen["dialogs"] == [] and seen["csp"] == []
    ctx.close()
