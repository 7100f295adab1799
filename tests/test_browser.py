"""Browser tests: Playwright drives Debian's chromium against a real server process.

A person creates a table with three bots, plays a whole game by clicking, sees the result and
the ledger and opens the replay; two people in two browser contexts play at one table. With
``SCHAFKOPF_SCREENSHOTS=DIR`` each screen is saved there (the README's pictures).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server_helpers import start_test_services
from test_server_process import ServerProcess

CHROMIUM = "/usr/bin/chromium"
SHOTS = os.environ.get("SCHAFKOPF_SCREENSHOTS")


def _chromium() -> str:
    """Debian's chromium, installed first if missing (as make test does)."""
    found = shutil.which("chromium")
    if found is None:
        start_test_services()
        found = shutil.which("chromium") or CHROMIUM
    return found


def _shot(page: Any, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = f"sqlite:///{tmp_path_factory.mktemp('browser') / 'ui.db'}"
    s = ServerProcess(db, bot_delay=0.02).start()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=_chromium(), args=["--no-sandbox"])
        yield b
        b.close()


def _new_page(browser: Any, errors: list[str], lang: str = "de-DE") -> Any:
    context = browser.new_context(viewport={"width": 1100, "height": 820}, locale=lang)
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page


def _lobby(page: Any, server: ServerProcess, name: str = "Anna", games: int | None = 1) -> None:
    """Open the lobby and fill in the creator's name (and the number of games)."""
    page.goto(server.url + "/")
    page.fill("input[name=player]", name)
    if games is not None:
        page.fill("input[name=games]", str(games))


def _act_once(page: Any) -> bool:
    """Click one legal card, else the first action button; False when there is nothing."""
    cards = page.locator("#hand .card-wrap.legal")
    if cards.count():
        cards.first.click()
        return True
    buttons = page.locator("#actions button")
    if buttons.count():
        name = buttons.first.get_attribute("data-action") or ""
        if name in ("kontra", "re") and buttons.count() == 1:
            return False  # a doubling is optional: wait for the card decision
        buttons.first.click()
        return True
    return False


def _play_until_over(pages: list[Any], limit_s: float = 120) -> None:
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if all(p.locator(".over").count() for p in pages):
            return
        acted = False
        for p in pages:
            with contextlib.suppress(Exception):  # the page redrew under the click: again
                acted = _act_once(p) or acted
        time.sleep(0.05 if acted else 0.1)
    raise AssertionError("the game did not end in time")


def test_a_person_plays_a_game_against_three_bots(server: ServerProcess, browser: Any) -> None:
    errors: list[str] = []
    page = _new_page(browser, errors)
    _lobby(page, server)
    _shot(page, "lobby")
    page.click("#create-form button[type=submit]")
    page.wait_for_selector("#hand .card-wrap")
    assert page.locator("#hand .card-wrap").count() == 8
    assert "Anna" in page.inner_text(".seat.south")
    _shot(page, "bidding")
    # Play until the first trick is on the table, for the picture of the game.
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not (
        page.locator("#trick .played").count() or page.locator(".over").count()
    ):
        _act_once(page)
        time.sleep(0.05)
    _shot(page, "table")
    _play_until_over([page])
    page.wait_for_selector("#result")
    result = page.inner_text("#result")
    assert "Ergebnis" in result and "Anna" in result
    assert page.locator("#ledger tr").count() == 2  # the header and game 1
    _shot(page, "result")
    page.click("#result .replay-btn")
    page.wait_for_selector("#replay")
    assert page.locator(".replay-hand").count() == 4
    tricks = int(page.inner_text("#replay-step").split("/")[1])
    if tricks >= 2:
        page.click("#replay-next")
        page.click("#replay-next")
        assert page.inner_text("#replay-step") == f"2/{tricks}"
    else:  # everybody passed: a game without tricks
        assert page.is_disabled("#replay-next")
    assert page.locator("#download").get_attribute("download", timeout=5000)
    _shot(page, "replay")
    page.click("#replay-close")
    page.wait_for_selector("#result")
    assert not errors, errors


def test_two_people_at_one_table(server: ServerProcess, browser: Any) -> None:
    errors: list[str] = []
    anna = _new_page(browser, errors)
    _lobby(anna, server)
    anna.select_option("select[name=seat1]", "human")
    anna.click("#create-form button[type=submit]")
    anna.wait_for_selector("#hand .card-wrap")
    anna.click(".invite summary")
    invite = anna.input_value("#invite-url")
    assert "invite=" in invite
    bert = _new_page(browser, errors, lang="en-US")
    bert.goto(invite)
    bert.fill("#join-form input[name=name]", "Bert")
    bert.click("#join-form button[type=submit]")
    bert.wait_for_selector("#hand .card-wrap")
    assert "Bert" in bert.inner_text(".seat.south")
    deadline = time.monotonic() + 10
    while "Bert" not in anna.inner_text(".board") and time.monotonic() < deadline:
        time.sleep(0.1)
    assert "Bert" in anna.inner_text(".board")
    _play_until_over([anna, bert])
    for p in (anna, bert):
        p.wait_for_selector("#ledger")
    assert "Result" in bert.inner_text("#result")  # Bert's browser speaks English
    assert not errors, errors


def test_the_page_reconnects_after_a_restart(tmp_path: Path, browser: Any) -> None:
    """The server goes down (SIGKILL) and comes back on the same port: the page reconnects,
    resumes from the last version it saw and the game goes on."""
    db = f"sqlite:///{tmp_path / 'restart.db'}"
    server = ServerProcess(db, bot_delay=0.02).start()
    errors: list[str] = []
    try:
        page = _new_page(browser, errors)
        _lobby(page, server)
        page.click("#create-form button[type=submit]")
        page.wait_for_selector("#hand .card-wrap")
        for _ in range(3):
            _act_once(page)
            time.sleep(0.3)
        server.kill()
        server = ServerProcess(db, bot_delay=0.02, port=server.port).start()
        _play_until_over([page])
        assert page.locator("#ledger tr").count() == 2
    finally:
        server.stop()
    assert not errors, errors


def test_house_rules_from_the_form_reach_the_table(server: ServerProcess, browser: Any) -> None:
    errors: list[str] = []
    page = _new_page(browser, errors)
    _lobby(page, server, games=None)
    page.select_option("select[name=preset]", "sauspiel")
    page.click("details summary")
    assert page.is_checked("input[name=contract][value=farbwenz]")  # the preset's contracts
    assert not page.is_checked("input[name=contract][value=bettel]")
    assert page.is_checked("input[name=klopfen]")
    page.uncheck("input[name=contract][value=farbwenz]")
    page.check("input[name=contract][value=bettel]")
    page.check("input[name=short]")
    page.fill("input[name='tarif.solo']", "70")
    page.select_option("select[name=kontra_deadline]", "before_second_trick")
    page.select_option("select[name=all_pass]", "stock")
    page.click("#create-form button[type=submit]")
    page.wait_for_selector("#hand .card-wrap")
    table = page.url.split("table=")[1]
    rules = server.get(f"/api/tables/{table}")["state"]["rules"]
    assert rules["preset"] == "sauspiel" and rules["deck"] == "short"
    assert "bettel" in rules["contracts"] and "farbwenz" not in rules["contracts"]
    assert rules["tarif"]["solo"] == 70 and rules["kontra_deadline"] == "before_second_trick"
    assert rules["stock"] is True  # all pass: redeal, and everyone pays into the Stock
    assert rules.get("all_pass", "redeal") == "redeal"
    # the short deck deals 6 cards each; with Klopfen the first packet (3) is shown first
    assert page.locator("#hand .card-wrap").count() == 3
    assert not errors, errors
