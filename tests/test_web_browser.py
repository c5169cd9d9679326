"""End-to-end tests in a real browser: Debian's chromium driven by Playwright (never
``playwright install``), against ``tenpai serve`` started here on a free loopback port with a
temporary store. Each test saves screenshots under a temporary folder, and also under
``$TENPAI_SCREENSHOTS`` when set (``make screenshots`` sets it to docs/screenshots)."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tenpai.calculator import edit, read_query
from tenpai.riichi.deal import replay
from tenpai.riichi.quiz import questions
from tenpai.trainer.answers import QuizOptions

CHROMIUM = "/usr/bin/chromium"
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed"),
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


@pytest.fixture(scope="session")
def browser_type_launch_args() -> dict[str, Any]:
    """Launches Debian's chromium, quietly (the pytest-playwright fixture, overridden)."""
    return {
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


class Server:
    """``tenpai serve`` in a subprocess on a free loopback port."""

    def __init__(self, store: Path) -> None:
        self.store = store
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        cmd = [sys.executable, "-m", "tenpai.cli", "serve", "--port", str(self.port)]
        cmd += ["--store", str(self.store), "--log-level", "warning"]
        self.proc = subprocess.Popen(cmd)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url + "/api/health", timeout=1) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
            self.proc = None


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "store" / "progress.sqlite3")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("screenshots")


def snap(page: Any, shots: Path, name: str) -> None:
    """Screenshots the whole page into *shots* (and $TENPAI_SCREENSHOTS, if set)."""
    path = shots / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    extra = os.environ.get("TENPAI_SCREENSHOTS")
    if extra:
        Path(extra).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(extra) / path.name)


def watch(page: Any) -> dict[str, list[str]]:
    """Collects dialogs (an injected script would open one) and CSP reports."""
    seen: dict[str, list[str]] = {"dialogs": [], "csp": []}
    page.on("dialog", lambda d: (seen["dialogs"].append(d.message), d.dismiss()))
    page.on(
        "console",
        lambda m: (
            seen["csp"].append(f"{page.url}: {m.text} {m.location}")
            if "Content Security Policy" in m.text
            else None
        ),
    )
    return seen


def settle(page: Any) -> None:
    """Waits for htmx to finish its requests and swaps."""
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
    )


def test_a_hand_clicked_tile_by_tile_scores_as_the_command_line(
    browser: Any, server: Server, shots: Path
) -> None:
    ctx = browser.new_context(viewport=DESKTOP, locale="en-GB")
    page = ctx.new_page()
    seen = watch(page)
    page.goto(server.url + "/")
    q = read_query({})
    for tile in ("2m", "3m", "4m", "6p", "7p", "8p", "4s", "5s", "6s", "6s", "7s", "8s", "8s"):
        page.click(f'.tile-row button[value="{tile}"]')
        q = edit(q, add=tile, to="hand")
        page.wait_for_function(
            "t => document.querySelector('#hand').value === t", arg=q.hand, timeout=10000
        )
        settle(page)
    page.check('input[name="to"][value="ron"]')
    settle(page)
    page.click('.tile-row button[value="5s"]')
    page.wait_for_function(
        "() => document.querySelector('#hand').value.endsWith('ron 5s')", timeout=10000
    )
    settle(page)
    page.select_option('select[name="seat"]', "S")
    settle(page)
    page.check('input[name="flag"][value="riichi"]')
    settle(page)
    headline = page.inner_text("#headline")

    args = ["score", "234m678p45667s88s ron 5s", "--riichi", "--seat", "S", "--json"]
    cli = subprocess.run(
        [sys.executable, "-m", "tenpai.cli", *args, "--lang", "en"],
        capture_output=True,
        text=True,
        check=True,
    )
    expected = json.loads(cli.stdout)
    assert expected["points"] == 3900
    assert headline.startswith("3 900 points") and "3 han 30 fu" in headline
    lines = page.inner_text(".breakdown")
    for line in expected["explanation"]:
        assert " ".join(line["text"].split()) in " ".join(lines.split())
    # the thirteen tiles one by one (so that a phone wraps them), then the winning tile
    assert page.locator(".result-hand svg.tiles").count() == 14
    assert "hand=234m678p4566788s+ron+5s" in page.url  # the permalink is the address

    # markup typed into the hand is shown as text, never run
    page.fill("#hand", "<img src=x onerror=alert(1)><script>alert(2)</script>")
    page.wait_for_selector("#hand-error")
    settle(page)
    assert "<img src=x" in page.inner_text("#hand-error")
    assert page.locator("#live img").count() == 0
    assert seen["dialogs"] == [] and seen["csp"] == []

    page.set_viewport_size(PHONE)
    page.goto(
        server.url + "/?variant=hk&hand=333m55m111z55z+pon+111m%3Aleft+ron+5m&from=left&flowers=s3"
    )
    assert "8" in page.inner_text("#headline")
    ctx.close()


def _answer_current_hand(page: Any, right: bool) -> int:
    """Answers each question of the hand shown (the right answer, or a pass); returns how many."""
    hid = page.inner_text("code.hand-id")
    qs = questions(replay(hid), QuizOptions())
    for q in qs:
        page.fill("#answer", q.answer_text.split(" (")[0] if right else "")
        page.press("#answer", "Enter")
        settle(page)
    page.wait_for_selector("#explanation")
    return len(qs)


def test_trainer_progress_survives_a_restart(browser: Any, server: Server, shots: Path) -> None:
    ctx = browser.new_context(viewport=DESKTOP, locale="fr-FR")
    page = ctx.new_page()
    seen = watch(page)
    page.goto(server.url + "/train")
    assert page.locator("#answer").evaluate("e => e === document.activeElement")  # keyboard first
    answered = 0
    for i in range(6):
        answered += _answer_current_hand(page, right=i % 3 != 2)
        if i == 0:
            assert page.locator("ol.graded li.right").count() >= 1
        page.keyboard.press("Enter")  # the next-hand button has the focus
        page.wait_for_selector("#answer")
        settle(page)

    server.stop()
    server.start()
    page.goto(server.url + "/progress")
    summary = page.inner_text("#summary")
    assert re.match(rf"{answered} réponses", summary), summary
    assert page.locator("svg.chart").count() == 3
    assert page.locator("svg.chart polyline").count() == 2  # accuracy and speed over time
    assert seen["dialogs"] == [] and seen["csp"] == []
    ctx.close()


def test_language_switch_card_pdf_and_the_other_pages(
    browser: Any, server: Server, shots: Path
) -> None:
    ctx = browser.new_context(viewport=DESKTOP, locale="fr-FR", accept_downloads=True)
    page = ctx.new_page()
    seen = watch(page)
    page.goto(server.url + "/card")
    assert page.locator("html").get_attribute("lang") == "fr"
    assert page.inner_text("nav").startswith("Calculer")
    page.click("#lang-en")
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.inner_text("nav").startswith("Calculate")
    assert page.locator(".document svg.tiles").count() >= 3
    with page.expect_download() as dl:
        page.click("#pdf-link")
    data = Path(dl.value.path()).read_bytes()
    assert data.startswith(b"%PDF") and len(data) > 10_000

    page.goto(server.url + "/rules")
    page.check('input[name="local"][value="sanrenkou"]')
    page.click("#save-rules")
    page.wait_for_selector("#saved")
    page.goto(server.url + "/?hand=111m222m333m456p55s+ron+5s")
    assert 'value="sanrenkou"' in page.content()
    assert seen["dialogs"] == [] and seen["csp"] == []
    ctx.close()


def _answer_first_question(page: Any) -> str:
    """Answers the first question of the drill's hand right (the trainer's own answer for the
    variant and ruleset of its id); returns the hand id."""
    from tenpai.variants import find_trainer

    hid = page.inner_text("code.hand-id")
    v = find_trainer("hk" if hid.startswith("hk") else "riichi")
    q = v.questions(v.replay(hid), QuizOptions(ask=v.default_ask))[0]
    assert page.get_attribute("#answer", "data-part") == q.part
    page.fill("#answer", q.answer_text)
    page.press("#answer", "Enter")
    settle(page)
    page.wait_for_selector("ol.graded li")
    assert page.locator("ol.graded li.right").count() == 1, page.inner_text("ol.graded")
    return hid


def test_the_drill_deals_hong_kong_and_a_custom_ruleset(
    browser: Any, server: Server, shots: Path
) -> None:
    ctx = browser.new_context(viewport=DESKTOP, locale="en-GB")
    page = ctx.new_page()
    seen = watch(page)
    page.goto(server.url + "/train?variant=hk")
    assert page.inner_text("#drill-variant") == "Hong Kong"
    hid = _answer_first_question(page)
    assert hid.startswith("hk1:hk:")
    snap(page, shots, "train-hk")

    page.goto(server.url + "/rules")
    page.check('input[name="local"][value="sanrenkou"]')
    page.check('input[name="local"][value="isshoku_sanjun"]')
    page.click("#save-rules")
    page.wait_for_selector("#saved")
    page.goto(server.url + "/train?variant=riichi")  # a new hand: the variant changed
    page.wait_for_selector("#answer")
    hid = _answer_first_question(page)
    assert hid.startswith("riichi2:bareme+local_yaku=isshoku_sanjun,sanrenkou:"), hid
    assert "local_yaku=isshoku_sanjun,sanrenkou" in page.inner_text("#drill-rules")
    assert replay(hid).rules.local_yaku == {"isshoku_sanjun", "sanrenkou"}
    snap(page, shots, "train-custom-rules")

    page.goto(server.url + "/progress")
    assert re.match(r"2 answers", page.inner_text("#summary")), page.inner_text("#summary")
    assert seen["dialogs"] == [] and seen["csp"] == []
    ctx.close()


# Every page and variant, by address: (name, path). The calculator's hands have 13 tiles
# before the winning one (the widest result); the trainer and progress come after answering.
PAGES = (
    (
        "calc-riichi",
        "/?hand=234m678p45667s88s+ron+5s&seat=S&flag=riichi&dora=3s&ura=7p&honba=1&sticks=1",
    ),
    ("calc-riichi-called", "/?hand=55z123m99p+chi+406p+pon+999s%3Aacross+tsumo+5z"),
    ("calc-hk", "/?variant=hk&hand=19m19p19s1234567z+tsumo+1m&flowers=f1s3"),
    (
        "calc-hk-called",
        "/?variant=hk&hand=333m55m111z55z+pon+111m%3Aleft+ron+5m&from=left&flowers=s3",
    ),
    ("rules", "/rules"),
    ("card", "/card"),
    ("hk-fan", "/hk/fan"),
    ("hk-payments", "/hk/payments"),
    ("api", "/api"),
    ("sheet", "/sheet"),
    ("logs", "/logs"),
)

_WIDER = """() => [...document.querySelectorAll('body *')]
  .filter(e => e.getBoundingClientRect().right > innerWidth + 1)
  .slice(0, 5).map(e => e.tagName + '.' + (e.getAttribute('class') || ''))"""

# What a finger presses: buttons, fields, menus, the menu's links, the labels of check boxes
# and radio buttons (links inside a sentence are left out, as WCAG 2.5.8 does).
_SMALL_TARGETS = """() => {
  const seen = [...document.querySelectorAll(
    'button, .button, select, input:not([type=hidden]):not([type=checkbox]):not([type=radio]),'
    + ' header a, .tabs a, summary,'
    + ' label:has(> input[type=checkbox]), label:has(> input[type=radio])')];
  return seen.filter(e => { const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && (r.width < 40 || r.height < 40); })
    .slice(0, 5).map(e => { const r = e.getBoundingClientRect();
      return e.tagName + '.' + (e.getAttribute('class') || '') + ' '
        + (e.textContent || '').trim().slice(0, 20)
        + ' ' + Math.round(r.width) + 'x' + Math.round(r.height); });
}"""


def _check_fits(page: Any, name: str, phone: bool) -> None:
    """Asserts the page is no wider than the screen, and on a phone that every touch target
    is at least 40 px each way."""
    width = page.evaluate("document.documentElement.scrollWidth")
    inner = page.evaluate("innerWidth")
    assert width <= inner, (name, width, inner, page.evaluate(_WIDER))
    if phone:
        assert page.evaluate(_SMALL_TARGETS) == [], name


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_every_page_fits_the_screen(browser: Any, server: Server, shots: Path, size: str) -> None:
    phone = size == "phone"
    ctx = browser.new_context(viewport=PHONE if phone else DESKTOP, locale="fr-FR")
    page = ctx.new_page()
    seen = watch(page)
    for name, path in PAGES:
        page.goto(server.url + path)
        if name.startswith("calc"):
            assert page.locator("#result").count() == 1, name
        _check_fits(page, name, phone)
        snap(page, shots, f"{name}-{size}")

    page.goto(server.url + "/progress")
    assert page.locator("#no-answers").count() == 1
    _check_fits(page, "progress-empty", phone)
    page.goto(server.url + "/train")
    _check_fits(page, "train-question", phone)
    snap(page, shots, f"train-question-{size}")
    for i in range(3):
        _answer_current_hand(page, right=i != 1)
        _check_fits(page, "train-explanation", phone)
        if i == 0:
            snap(page, shots, f"train-explanation-{size}")
        page.click("#next")
        page.wait_for_selector("#answer")
        settle(page)
    page.goto(server.url + "/progress")
    assert page.locator("svg.chart").count() == 3
    _check_fits(page, "progress", phone)
    snap(page, shots, f"progress-{size}")
    assert seen["dialogs"] == [] and seen["csp"] == []
    ctx.close()
