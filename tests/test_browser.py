"""Browser tests: Playwright drives Debian's chromium against a real server process.

A person creates a table with three bots and plays a whole game by clicking, at desktop size
and at three phone sizes (no horizontal scrolling, the hand on screen, each finished trick
shown with its winner before it is collected), sees the result and the ledger and steps
through the replay; two people play at one table in two browser contexts, one of them going
on from a third context through the seat link; the page reconnects after a server restart.
With ``SCHAFKOPF_SCREENSHOTS=DIR`` each screen is saved there (the README's pictures).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from schafkopf.cards import TOKENS
from server_helpers import start_test_services
from test_server_process import ServerProcess

CHROMIUM = "/usr/bin/chromium"
SHOTS = os.environ.get("SCHAFKOPF_SCREENSHOTS")
ROOT = Path(__file__).resolve().parents[1]
DESKTOP = {"width": 1366, "height": 800}
PHONES = [
    {"width": 360, "height": 740},
    {"width": 390, "height": 844},
    {"width": 430, "height": 932},
]
LANDSCAPE = {"width": 844, "height": 390}


def _chromium() -> str:
    """Debian's chromium, installed first if missing (as make test does)."""
    found = shutil.which("chromium")
    if found is None:
        start_test_services()
        found = shutil.which("chromium") or CHROMIUM
    return found


def _built_page() -> None:
    from test_page_words import built_page

    built_page()


def _shot(page: Any, name: str) -> None:
    """With ``SCHAFKOPF_SCREENSHOTS``, the screen as it rests (cards in flight at their place)."""
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.emulate_media(reduced_motion="reduce")
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))
        page.emulate_media(reduced_motion="no-preference")


def page_server(
    tmp_path_factory: pytest.TempPathFactory, name: str, settings: list[str]
) -> Iterator[ServerProcess]:
    """A server of the built page on a database of its own, for a module's browser tests."""
    _built_page()
    db = f"sqlite:///{tmp_path_factory.mktemp(name) / 'ui.db'}"
    s = ServerProcess(db, bot_delay=0.02, settings=settings).start()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    quick_analysis = ["analysis_worlds=3", "analysis_bid_worlds=2"]
    # one browser makes every table of this module (games played on, again) within minutes:
    # the per-address limit of new tables is another test's (test_server_limits.py)
    many_tables = ["tables_per_minute=1000"]
    yield from page_server(tmp_path_factory, "browser", quick_analysis + many_tables)


def _new_page(
    browser: Any, errors: list[str], lang: str = "de-DE", viewport: dict[str, int] | None = None
) -> Any:
    context = browser.new_context(viewport=viewport or DESKTOP, locale=lang)
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
    """Click one playable card, else a choice: ``spiel`` while bidding (so that the game is
    played, not passed), ``gut`` before Kontra (a doubling is optional), else the first one;
    False when there is nothing to do."""
    cards = page.locator("#hand .card-wrap.legal:not(.locked)")
    if cards.count():
        cards.first.click(timeout=1000)
        return True
    for preferred in ("spiel", "gut"):
        button = page.locator(f"#actions button[data-action='{preferred}']")
        if button.count():
            button.first.click(timeout=1000)
            return True
    buttons = page.locator("#actions button.action:not(.double)")
    if buttons.count():
        buttons.first.click(timeout=1000)
        return True
    return False


def _act_preferring(page: Any, choices: list[str]) -> None:
    """Click the first of ``choices`` (selectors) the page shows, else act as _act_once does."""
    for choice in choices:
        button = page.locator(choice)
        if button.count():
            button.first.click(timeout=1000)
            return
    _act_once(page)


def _act_until(page: Any, done: Any, limit_s: float, prefer: list[str] | None = None) -> None:
    """Act (preferring the ``prefer`` selectors) until ``done()``; at most ``limit_s``."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline and not done():
        with contextlib.suppress(Exception):  # the page redrew under the click: again
            _act_preferring(page, prefer or [])
        time.sleep(0.05)


def _play_until_over(pages: list[Any], limit_s: float = 180, each: Any = None) -> None:
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if all(p.locator("#over").count() for p in pages):
            return
        acted = False
        for p in pages:
            if each is not None:
                each(p)
            with contextlib.suppress(Exception):  # the page redrew under the click: again
                acted = _act_once(p) or acted
        time.sleep(0.05 if acted else 0.1)
    raise AssertionError("the game did not end in time")


def _no_overflow(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    inner = page.evaluate("window.innerWidth")
    assert width <= inner, f"the page is {width} px wide in a {inner} px window"


def _hand_on_screen(page: Any) -> None:
    box = page.locator("#hand").bounding_box()
    height = page.evaluate("window.innerHeight")
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height + 1, box


def _tap_targets(page: Any) -> None:
    """Every card of the hand and every choice is at least 44 px in both directions."""
    small = page.evaluate(
        """() => [...document.querySelectorAll('#hand .card-wrap, #actions button')]
            .map((e) => e.getBoundingClientRect())
            .filter((r) => r.width < 44 || r.height < 44)
            .map((r) => [Math.round(r.width), Math.round(r.height)])"""
    )
    assert not small, f"tap targets under 44 px: {small}"


class _TrickWatch:
    """Notes each finished trick the page shows: four cards with the winner named."""

    def __init__(self) -> None:
        self.seen = 0

    def __call__(self, page: Any) -> None:
        with contextlib.suppress(Exception):
            if page.locator("#won-by").count() and page.locator("#trick .played").count() == 4:
                self.seen += 1


def _play_a_game(page: Any, name: str, phone: bool) -> None:
    page.click("#create-form button[type=submit]")
    page.wait_for_selector("#hand .card-wrap")
    assert page.locator("#hand .card-wrap").count() == 8
    assert "Anna" in page.inner_text(".seat.south")
    _no_overflow(page)
    _hand_on_screen(page)
    if phone:
        _tap_targets(page)
    _shot(page, f"{name}-bidding")
    watch = _TrickWatch()

    def check(p: Any) -> None:
        watch(p)
        if phone:
            _no_overflow(p)

    # The first finished trick stays on the table with its winner before it is collected.
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and not page.locator("#won-by").count():
        if page.locator("#over").count():
            break
        with contextlib.suppress(Exception):
            _act_once(page)
        time.sleep(0.05)
    if page.locator("#won-by").count():
        assert page.locator("#trick .played").count() == 4
        winner = page.inner_text("#won-by")
        assert re.match(r"Stich für \S+", winner), winner
        time.sleep(0.3)  # the last card has arrived (its flight takes 0.25 s)
        _shot(page, f"{name}-trick")
        _no_overflow(page)
        _hand_on_screen(page)
        _look_back_at_the_last_trick(page)
    _play_until_over([page], each=check)
    page.wait_for_selector("#result")
    _no_overflow(page)
    result = page.inner_text("#result")
    assert "Ergebnis" in result and "Anna" in result
    assert page.locator("#ledger tr").count() == 2  # the header and game 1
    assert "Stand nach jedem Spiel" in page.inner_text("#ledger")  # balances, not payouts
    standing = page.inner_text("#my-standing")
    assert re.fullmatch(r"Du: [+−]?\d+ P\. · (geteilter )?Platz [1-4] von 4", standing), standing
    if not phone:
        assert not page.locator("#result-line").is_visible()  # the side column shows it whole
    elif page.viewport_size["width"] < 900:
        # the result in a line above the board, with the person's payout; it leads down to the whole
        line = page.locator("#result-line")
        assert line.is_visible() and "Spiel 1: " in line.inner_text()
        assert re.search(r"Du: [+−]?\d+ P\.", line.inner_text())
        box = page.locator("#to-result").bounding_box()
        assert box is not None and box["height"] >= 44, box  # a thumb's size
        page.click("#to-result")
        page.wait_for_function(
            "() => { const r = document.getElementById('result').getBoundingClientRect();"
            " return r.top >= -1 && r.top < window.innerHeight / 2; }"
        )
    _shot(page, f"{name}-result")


def _look_back_at_the_last_trick(page: Any) -> None:
    """At the person's turn after a trick, "Letzter Stich" shows it framed and named as the
    last one (never passing for the trick in play); the next card shows the table again."""
    mine = "#hand .card-wrap.legal:not(.locked)"
    deadline = time.monotonic() + 60
    while not (page.locator("#last-trick").count() and page.locator(mine).count()):
        assert time.monotonic() < deadline, "no turn of the person after a trick"
        if page.locator("#over").count():
            return
        time.sleep(0.05)
    page.click("#last-trick")
    page.wait_for_selector("#trick.past")
    assert page.locator("#trick.past .played").count() == 4
    assert re.fullmatch(r"Letzter Stich – für \S+", page.inner_text("#won-by"))
    page.locator(mine).first.click()
    page.wait_for_selector("#trick.past", state="detached")


def test_a_person_plays_a_game_against_three_bots(server: ServerProcess, browser: Any) -> None:
    errors: list[str] = []
    page = _new_page(browser, errors)
    _lobby(page, server)
    _shot(page, "lobby")
    _play_a_game(page, "desktop", phone=False)
    # The result as the page shows it is the engine's: payouts, value, both sides' Augen.
    table = page.url.split("table=")[1]
    record = server.get(f"/api/tables/{table}/games/1")
    result = record["result"]
    shown = [int(x) for x in page.locator("#result [data-payout]").evaluate_all(
        "cells => cells.map((c) => c.dataset.payout)")]  # fmt: skip
    assert shown == result["payouts"]
    text = page.inner_text("#result")
    if record.get("contract") and record["contract"]["kind"] != "ramsch":
        declarers = sum(result["points"][s] for s in result["declarers"])
        rows = page.locator("#breakdown tr[data-side]")
        assert rows.count() == 2
        assert rows.first.inner_text().split("\t")[1].strip() == str(declarers)
        assert f"{result['value']} P." in text
    page.click("#result .replay-btn")
    page.wait_for_selector("#replay")
    assert page.locator(".replay-hand").count() == 4
    total = int(page.inner_text("#replay-step").split("/")[1])
    if total >= 5:
        for _ in range(5):
            page.click("#replay-next")
        assert page.inner_text("#replay-step") == f"5/{total}"
        assert page.locator("#replay-trick figure").count() == 1  # trick 2, its first card
        assert page.locator(".replay-hand .card-wrap.gone").count() == 5
        page.click("#replay-last")
        assert "Stich für" in page.inner_text("#replay-trick")
        said = page.inner_text("#replay-said")
        assert re.search(r"Anna: (Ich spiel|Weiter)", said), said  # the bids, by seat
    else:  # everybody passed: a game without tricks
        assert page.is_disabled("#replay-next")
    assert page.locator("#download").get_attribute("download", timeout=5000)
    _shot(page, "replay")
    _analyse_in_the_replay(page, server, table)
    page.click("#replay-close")
    page.wait_for_selector("#result")
    _the_rounds_figures(page, server, table)
    page.click("#to-lobby")
    page.wait_for_selector("#create-form")
    _play_on_from_the_replay(page, server, table, total)
    assert not errors, errors


def _new_table_from_the_replay(
    page: Any, server: ServerProcess, table: str, button: str
) -> tuple[dict[str, Any], dict[str, Any], list[int]]:
    """Press ``button`` of the replay of ``table``'s game 1 and go to the new table: its
    state, the old game's replay, and where in its history each card was played."""
    page.click(button)
    page.wait_for_url(lambda url: "table=" in url and table not in url, timeout=10000)
    new = page.url.split("table=")[1]
    state = server.get(f"/api/tables/{new}")["state"]
    old = server.get(f"/api/tables/{table}/games/1/replay")
    # the cards' places ("re" is two letters too: a card is a suit and a rank)
    cards = [i for i, h in enumerate(old["history"]) if h["action"] in TOKENS]
    return state, old, cards


def _play_on_from_the_replay(page: Any, server: ServerProcess, table: str, total: int) -> None:
    """From the replay's third card, a new table plays the game on: the same cards, the
    steps before as they were, Anna in her own seat (the bots play on to her turn)."""
    if total < 4:
        return  # a game without enough cards
    page.goto(f"{server.url}/?table={table}")
    page.click("#ledger .replay-btn, #result .replay-btn")
    page.wait_for_selector("#replay")
    for _ in range(2):
        page.click("#replay-next")
    step = int(page.inner_text("#replay-step").split("/")[0])  # cards played at this step
    state, old, cards = _new_table_from_the_replay(page, server, table, "#replay-play-on")
    page.wait_for_selector("#hand .card-wrap")
    # the steps before as they were (a bot may have said Kontra since: it may before a card)
    history = state["view"]["history"]
    assert history[: cards[step]] == old["history"][: cards[step]], step
    assert page.inner_text("#played-on-tag") == "Weitergespielt"
    assert state["names"][0] == "Anna" and state["kinds"][0] == "human"  # her own seat
    assert all(k != "human" for k in state["kinds"][1:])
    assert "Anna" in page.inner_text(".seat.south")
    _the_end_says_how_the_game_itself_went(page, table, 0, old, step)


def test_a_tip_at_a_table_of_bots(server: ServerProcess, browser: Any) -> None:
    """At a table where the others are bots the page offers a tip when it is your turn: the
    best option in words, and a card tip marks the card; with a second person it offers none."""
    errors: list[str] = []
    page = _new_page(browser, errors)
    _lobby(page, server)
    page.click("#create-form button[type=submit]")
    page.wait_for_selector("#hand .card-wrap")
    deadline = time.monotonic() + 60
    tipped_a_card = False
    while time.monotonic() < deadline and not page.locator("#over").count():
        if page.locator("#hand .card-wrap.legal:not(.locked)").count() > 1:
            page.click("#tip-button")  # a card to choose: ask for a tip
            page.wait_for_selector("#tip, #notice", timeout=60000)
            if page.locator("#tip").count():
                assert page.inner_text("#tip").startswith("Tipp: ")
                if page.locator("#hand .card-wrap.tipped").count():
                    tipped_a_card = True
                    _shot(page, "tip")
                    break
        with contextlib.suppress(Exception):
            _act_once(page)
        time.sleep(0.1)
    assert tipped_a_card, "no card tip came up"
    other, _invite = _table_for_two(browser, server, errors)
    assert other.locator("#tip-button").count() == 0
    assert not errors, errors


def _analyse_in_the_replay(page: Any, server: ServerProcess, table: str) -> None:
    """Analyse the game from the replay: progress, then each seat's figures as the server
    computed them, the costliest decisions, and a click on one shows its card."""
    page.click("#replay-analyse")
    page.wait_for_selector("#analysis-seats", timeout=120000)
    status = server.get(f"/api/tables/{table}/games/1/analysis")
    assert status["status"] == "done"
    analysis = status["analysis"]
    rows = page.locator("#analysis-seats tbody tr")
    assert rows.count() == 4
    for seat in analysis["seats"]:
        row = page.locator(f"#analysis-seats tr[data-seat='{seat['seat']}']").inner_text()
        assert f"{seat['inaccuracies']} / {seat['mistakes']} / {seat['blunders']}" in row
    judged = [d for d in analysis["decisions"] if d["verdict"]]
    if not judged:
        assert page.locator("#analysis-clean").count() == 1
        return
    assert page.locator("#analysis-list li").count() == min(8, len(judged))
    # all listed, one with the open cards' cost: a line says what that cost means
    if len(judged) <= 8 and any(d["open_loss"] is not None for d in judged):
        assert "Gewertet wird nach dem, was der Platz wissen konnte" in page.inner_text(
            "#open-legend"
        )
    # a judged bid or doubling: the game as it stood then (its cards played), the words marked
    said = page.locator("#analysis-list button[data-index]")
    if said.count():
        index = int(said.first.get_attribute("data-index"))
        history = server.get(f"/api/tables/{table}/games/1/replay")["history"]
        before = sum(1 for h in history[:index] if h["action"] in TOKENS)
        said.first.click()
        assert page.inner_text("#replay-step").split("/")[0] == str(before)
        decision = next(d for d in judged if d["index"] == index and d["phase"] != "play")
        if decision["action"] not in ("gut", "nicht klopfen"):  # these stand in no line
            focus = page.locator("#replay-said li.focus")
            assert focus.count() == 1 and focus.locator(".verdict").count() == 1
            focus.scroll_into_view_if_needed()
            _shot(page, "analysis-bid")
    cards = page.locator("#analysis-list button[data-step]")
    if cards.count():
        step = int(cards.first.get_attribute("data-step"))
        cards.first.click()
        total = page.inner_text("#replay-step").split("/")[1]
        assert page.inner_text("#replay-step") == f"{step}/{total}"
        assert page.locator("#replay-trick figure.judged").count() >= 1
        if page.locator("#analysis-chart").count():  # the chart marks the step shown
            assert page.locator("#analysis-now").count() == 1
            # a dot a judged card, coloured by whose view it is
            dots = page.locator("#analysis-chart circle.seen")
            assert dots.count() >= 2
            sides = {dots.nth(i).get_attribute("class") for i in range(dots.count())}
            assert sides <= {"seen declarer", "seen defender"}, sides
            # a tap anywhere over the chart shows the nearest card (the first one at its left)
            page.locator("#analysis-pick").click(position={"x": 2, "y": 40})
            assert page.inner_text("#replay-step") == f"1/{total}"
            cards.first.click()
    _shot(page, "analysis")
    if cards.count():
        _play_a_judged_card_again(page, server, table, step)


def _play_a_judged_card_again(page: Any, server: ServerProcess, table: str, step: int) -> None:
    """Another tab of the same browser: the replay at a judged card offers to play that card
    again: a new table from just before it, the person in the seat that played it."""
    other = page.context.new_page()
    other.goto(f"{server.url}/?table={table}")
    other.click("#ledger .replay-btn, #result .replay-btn")
    other.wait_for_selector("#analysis-list button[data-step]", timeout=30000)  # kept
    other.locator(f"#analysis-list button[data-step='{step}']").first.click()
    assert other.inner_text("#replay-step").startswith(f"{step}/")
    state, old, cards = _new_table_from_the_replay(other, server, table, "#replay-retry")
    other.wait_for_selector("#played-on-tag")
    judged_at = cards[step - 1]  # the judged card's place in the history
    assert state["view"]["history"][:judged_at] == old["history"][:judged_at]
    seat = old["history"][judged_at]["seat"]
    assert state["kinds"][seat] == "human"  # the person plays that seat, bots the others
    assert sum(k == "human" for k in state["kinds"]) == 1
    # as the player of that seat: every seat keeps the game's name ("Hias (Du)")
    assert state["names"] == old["names"]
    other.wait_for_selector("#hand .card-wrap")
    assert other.inner_text(".seat.south .name") == f"{old['names'][seat]} (Du)"
    other.close()


def _the_end_says_how_the_game_itself_went(
    page: Any, table: str, seat: int, old: dict[str, Any], cards: int
) -> None:
    """A game played on, played to its end, says how the game itself went for the seat and
    leads back to its replay, at the card where it branched off (``cards`` shown), from
    where it may be played on again."""
    _play_until_over([page], limit_s=120)
    _wait_text(page, "#played-from", "Gespielt wurde")
    real = old["record"]["result"]["payouts"][seat]  # points: the standard preset
    sign = "+" if real > 0 else "−" if real < 0 else ""
    assert f"Du: {sign}{abs(real):g} P." in page.inner_text("#played-from")
    _shot(page, "played-from")
    page.click("#played-from-open")
    page.wait_for_selector("#replay")
    assert table in page.url and "replay=1" in page.url
    assert page.inner_text("#replay-step").startswith(f"{cards}/")
    assert page.locator("#replay-play-on").count() == 1


def _the_rounds_figures(page: Any, server: ServerProcess, table: str) -> None:
    """Under the ledger: the round's statistics per player, and every game analysed."""
    page.click("#session-stats")
    page.wait_for_selector("#stats-table")
    stats = server.get(f"/api/tables/{table}/stats")
    rows = page.locator("#stats-table tbody tr")
    assert rows.count() == len(stats["players"]) == 4
    anna = next(p for p in stats["players"] if p["name"] == "Anna")
    assert page.inner_text("#stats-table tr[data-player='Anna']").split("\t")[1] == str(
        anna["games"]
    )
    page.click("#session-analyse")
    page.wait_for_selector("#session-analysis-seats", timeout=120000)
    assert page.locator("#session-analysis-seats tbody tr").count() == 4


@pytest.mark.parametrize("size", [*PHONES, LANDSCAPE], ids=lambda s: f"{s['width']}x{s['height']}")
def test_a_whole_game_at_phone_size(
    server: ServerProcess, browser: Any, size: dict[str, int]
) -> None:
    errors: list[str] = []
    page = _new_page(browser, errors, viewport=size)
    _lobby(page, server)
    _no_overflow(page)
    page.click("#create-form details summary")  # the house rules, open
    _no_overflow(page)
    page.click("#create-form details summary")
    _play_a_game(page, f"phone-{size['width']}", phone=True)
    assert not errors, errors


def test_kontra_by_a_person_before_the_first_card(server: ServerProcess, browser: Any) -> None:
    """Under the sauspiel preset (Kontra until the first card) the table waits for the
    person's Kontra or "gut" before any card is played: the person says Kontra in time."""
    errors: list[str] = []
    page = _new_page(browser, errors)
    _lobby(page, server, games=8)
    page.select_option("select[name=preset]", "sauspiel")
    page.click("#create-form button[type=submit]")
    page.wait_for_selector("#hand .card-wrap")
    deadline = time.monotonic() + 150
    said = False
    while time.monotonic() < deadline and not said:
        with contextlib.suppress(Exception):
            kontra = page.locator("#actions button[data-action=kontra]")
            if kontra.count() and page.locator("#actions button[data-action=gut]").count():
                assert page.locator("#trick .played").count() == 0  # before the first card
                assert "Kontra" in page.inner_text("#actions")
                _shot(page, "kontra")
                kontra.first.click(timeout=1000)
                page.wait_for_selector("#info .doublings", timeout=5000)
                assert "Kontra (Anna)" in page.inner_text("#info")
                said = True
                break
            _act_preferring(page, ["#actions button[data-action='weiter']",
                                   "#actions button[data-action='nicht klopfen']"])  # fmt: skip
        time.sleep(0.05)
    assert said, "no chance for Kontra came in eight games"
    assert not errors, errors


def test_a_lost_tout_says_so_at_once(server: ServerProcess, browser: Any) -> None:
    """A person who names a Wenz Tout and loses a trick is told at once that the game is lost
    (the cards left change nothing), not only at the result; the tag goes with the game."""
    errors: list[str] = []
    page = _new_page(browser, errors)
    _lobby(page, server, games=8)
    page.click("#create-form button[type=submit]")
    page.wait_for_selector("#hand .card-wrap")
    wenz_tout = ["#actions button[data-action='wenz tout']", "#actions button[data-kind='wenz']"]
    _act_until(page, lambda: page.locator("#lost-already").count() > 0, 240, wenz_tout)
    tag = page.locator("#lost-already")
    assert tag.count(), "no Wenz Tout was lost in eight games"
    assert "Wenz Tout" in page.inner_text("#info .contract")
    assert tag.inner_text() == "Tout verloren: die übrigen Karten ändern nichts mehr"
    _shot(page, "tout-lost")
    _no_overflow(page)
    # played out: the tag goes with the game, whose result says lost
    _act_until(page, lambda: page.locator("#lost-already").count() == 0, 90)
    assert not page.locator("#lost-already").count()
    result = page.inner_text("#result")
    assert "Wenz Tout" in result and "verloren" in result, result
    assert not errors, errors


def test_a_replay_during_the_round_says_when_it_is_your_turn(
    server: ServerProcess, browser: Any
) -> None:
    """The replay of a finished game, opened while the round goes on, does not hide the
    table's turn: a banner says it and leads back to the table."""
    errors: list[str] = []
    page = _new_page(browser, errors)
    _lobby(page, server, games=3)
    page.click("#create-form button[type=submit]")
    page.wait_for_selector("#hand .card-wrap")
    _act_until(page, lambda: page.locator("#result .replay-btn").count() > 0, 120)
    page.click("#result .replay-btn")
    page.wait_for_selector("#replay")
    banner = page.locator("#turn-banner")
    banner.wait_for(timeout=30000)  # the next game comes to Anna while she looks back
    assert "Du bist dran" in banner.inner_text()
    _shot(page, "replay-turn-banner")
    banner.locator("button").click()
    page.wait_for_selector("#hand .card-wrap")
    assert not page.locator("#replay").count()
    assert not errors, errors


def _table_for_two(browser: Any, server: ServerProcess, errors: list[str]) -> tuple[Any, str]:
    """Anna's new table with a second seat for a person; her page and the invitation."""
    anna = _new_page(browser, errors)
    _lobby(anna, server)
    anna.select_option("select[name=seat1]", "human")
    anna.click("#create-form button[type=submit]")
    anna.wait_for_selector("#hand .card-wrap")
    anna.wait_for_selector("details.invite[open] #invite-url")  # open while a seat is free
    return anna, anna.input_value("#invite-url")


def _join(browser: Any, errors: list[str], invite: str, name: str, lang: str = "de-DE") -> Any:
    """A person who opens the invitation and takes a seat; their page, seated."""
    page = _new_page(browser, errors, lang=lang)
    page.goto(invite)
    # the invitation says who invites, the rules and the games, and who sits where
    page.wait_for_selector("#join-seats li")
    if lang == "de-DE":
        assert page.inner_text("#join-host") == "Anna lädt dich ein."
        assert re.search(r"· (1 Spiel|\d+ Spiele|Spiel \d+/\d+)$", page.inner_text("#join-rules"))
    seats = page.locator("#join-seats li")
    assert seats.count() == 4 and "Anna" in seats.nth(0).inner_text()
    page.fill("#join-form input[name=name]", name)
    page.click("#join-form button[type=submit]")
    page.wait_for_selector("#hand .card-wrap")
    return page


def test_two_people_at_one_table_and_a_seat_link(server: ServerProcess, browser: Any) -> None:
    errors: list[str] = []
    anna, invite = _table_for_two(browser, server, errors)
    assert "invite=" in invite
    bert = _join(browser, errors, invite, "Bert", lang="en-US")
    assert "Bert" in bert.inner_text(".seat.south")
    deadline = time.monotonic() + 10
    while "Bert" not in anna.inner_text(".board") and time.monotonic() < deadline:
        time.sleep(0.1)
    assert "Bert" in anna.inner_text(".board")
    # Bert goes on from another device: his seat link opens his seat there.
    bert.click(".seat-link summary")
    link = bert.input_value("#seat-link")
    assert "#seat=" in link and "token=" in link
    bert_phone = _new_page(browser, errors, lang="en-US", viewport=PHONES[1])
    bert_phone.goto(link)
    bert_phone.wait_for_selector("#hand .card-wrap")
    assert "Bert" in bert_phone.inner_text(".seat.south")
    assert "#" not in bert_phone.url  # the token does not stay in the address bar
    _play_until_over([anna, bert_phone])
    for p in (anna, bert_phone):
        p.wait_for_selector("#ledger")
    assert "Result" in bert_phone.inner_text("#result")  # Bert's browser speaks English
    # Another round with the same players: Anna asks; Bert's page says so and keeps the
    # final standing on show until he follows to his own seat.
    old = anna.url.split("table=")[1]
    _shot(bert_phone, "phone-390-over")
    assert bert_phone.inner_text("#again") == "Another round with the same players"
    anna.click("#again")
    _wait_text(bert_phone, "#next-round-note", "The next round has begun")
    assert bert_phone.inner_text("#again") == "To the next round"
    assert old in bert_phone.url and bert_phone.locator("#final-order li").count() == 4
    bert_phone.click("#again")
    for p in (anna, bert_phone):
        p.wait_for_url(lambda url: "table=" in url and not url.endswith(old), timeout=10000)
        p.wait_for_selector("#hand .card-wrap")
    assert anna.url == bert_phone.url
    assert "Bert" in bert_phone.inner_text(".seat.south")
    assert "Anna" in anna.inner_text(".seat.south")
    new = anna.url.split("table=")[1]
    assert server.get(f"/api/tables/{new}")["state"]["names"][:2] == ["Anna", "Bert"]
    assert not errors, errors


def _wait_text(page: Any, selector: str, words: str, timeout_s: float = 15) -> str:
    """Wait until ``selector`` shows ``words``; returns its text."""
    deadline = time.monotonic() + timeout_s
    while True:
        found = page.locator(selector)
        text = found.first.inner_text() if found.count() else ""
        if words in text:
            return str(text)
        assert time.monotonic() < deadline, f"{words!r} not in {selector}: {text!r}"
        time.sleep(0.1)


def test_a_closed_page_is_marked_at_its_seat(server: ServerProcess, browser: Any) -> None:
    """Bert closes his page: Anna's shows his seat "nicht verbunden" (the table would wait
    at his turn) and lets a bot step in; his page opened again gives him the seat back."""
    errors: list[str] = []
    anna, invite = _table_for_two(browser, server, errors)
    bert = _join(browser, errors, invite, "Bert")
    table = bert.url.split("table=")[1].split("&")[0]
    bert_seat = anna.locator(".seat[data-seat='1']")
    _wait_text(anna, ".seat[data-seat='1'] .name", "Bert")
    assert bert_seat.locator("[data-status=offline]").count() == 0
    context = bert.context
    bert.close()
    _wait_text(anna, ".seat[data-seat='1'] [data-status=offline]", "nicht verbunden")
    _shot(anna, "seat-offline")
    # the table need not wait: a bot steps in until his page is back
    anna.click(".seat[data-seat='1'] button[data-seat-away='1']")
    _wait_text(anna, ".seat[data-seat='1'] [data-status=away]", "ein Bot spielt")
    assert "(Bot für Bert)" in anna.inner_text(".seat[data-seat='1'] .name")
    again = context.new_page()
    again.goto(f"{server.url}/?table={table}")  # his seat is kept in this browser
    again.wait_for_selector("#hand .card-wrap")
    _wait_text(anna, ".seat[data-seat='1'] .name", "Bert")
    anna.wait_for_selector(".seat[data-seat='1'] [data-status=away]", state="detached")
    anna.wait_for_selector(".seat[data-seat='1'] [data-status=offline]", state="detached")
    assert anna.inner_text(".seat[data-seat='1'] .name") == "Bert"
    assert not errors, errors


def test_a_person_leaves_a_bot_plays_on_and_they_come_back(
    server: ServerProcess, browser: Any
) -> None:
    errors: list[str] = []
    anna, invite = _table_for_two(browser, server, errors)
    bert = _join(browser, errors, invite, "Bert")
    table = bert.url.split("table=")[1]
    _wait_text(anna, ".seat[data-seat='1']", "Bert")
    bert.click("#leave")
    assert "Ein Bot spielt für dich weiter" in bert.inner_text("#leave-confirm")
    _shot(bert, "leave-confirm")
    bert.click("#leave-yes")
    bert.wait_for_selector("#come-back")
    assert "Du hast deinen Platz verlassen" in bert.inner_text("#left-note")
    assert bert.locator("#hand .card-wrap").count() == 0
    assert "Du schaust zu" in bert.inner_text("#info")
    _wait_text(anna, "#news", "Bert ist gegangen")
    seat = _wait_text(anna, ".seat[data-seat='1']", "gegangen – ein Bot spielt")
    assert "(Bot für Bert)" in seat
    _shot(anna, "seat-left")
    _shot(bert, "left")
    # the game goes on: the bot plays Bert's seat while Anna plays hers
    since = len(server.get(f"/api/tables/{table}")["state"]["view"]["history"])
    deadline = time.monotonic() + 60
    while not any(
        h["seat"] == 1
        for h in server.get(f"/api/tables/{table}")["state"]["view"]["history"][since:]
    ):
        assert time.monotonic() < deadline, "the bot did not play the seat Bert left"
        with contextlib.suppress(Exception):
            _act_once(anna)
        time.sleep(0.1)
    # Bert comes back to his own seat with the invitation his browser kept
    bert.click("#come-back")
    bert.wait_for_selector("#hand .card-wrap")
    assert "Bert" in bert.inner_text(".seat.south") and "Bot" not in bert.inner_text(".seat.south")
    assert bert.locator("#left-note").count() == 0
    _wait_text(anna, "#news", "Bert übernimmt den Platz")
    _play_until_over([anna, bert])
    assert not errors, errors


def test_the_creator_seats_a_bot_in_a_free_seat(server: ServerProcess, browser: Any) -> None:
    errors: list[str] = []
    anna, _invite = _table_for_two(browser, server, errors)
    seat = anna.locator(".seat[data-seat='1']")
    assert "Platz frei" in seat.inner_text()
    assert seat.locator("[data-seat-bot='1']").inner_text() == "Bot hinsetzen"
    _shot(anna, "seat-free")
    anna.click("[data-seat-bot='1']")
    text = _wait_text(anna, ".seat[data-seat='1']", "Bot auf dem freien Platz")
    assert "(Bot)" in text
    assert anna.locator("[data-seat-bot]").count() == 0
    _wait_text(anna, "#news", "spielt auf dem freien Platz")
    _play_until_over([anna])
    assert not errors, errors


def test_the_page_says_when_a_bot_played_for_a_person_out_of_time(
    server: ServerProcess, browser: Any
) -> None:
    errors: list[str] = []
    anna = _new_page(browser, errors)
    _lobby(anna, server)
    anna.click("#create-form details summary")
    anna.fill("input[name=turn_seconds]", "5")
    anna.click("#create-form button[type=submit]")
    anna.wait_for_selector("#hand .card-wrap")
    anna.wait_for_selector("#timed-out", timeout=40000)  # Anna does nothing
    assert "Deine Zeit war um: ein Bot hat für dich" in anna.inner_text("#timed-out")
    _shot(anna, "timed-out")
    assert not errors, errors


def test_a_third_person_with_the_invitation_may_watch(server: ServerProcess, browser: Any) -> None:
    errors: list[str] = []
    _anna, invite = _table_for_two(browser, server, errors)
    _join(browser, errors, invite, "Bert")  # the last free seat
    cora = _new_page(browser, errors)
    cora.goto(invite)
    cora.fill("#join-form input[name=name]", "Cora")
    cora.click("#join-form button[type=submit]")
    cora.wait_for_selector("#join-full")
    assert "Alle Plätze sind vergeben" in cora.inner_text("#join-form")
    cora.click("#watch")
    cora.wait_for_selector(".board")
    assert "Du schaust zu" in cora.inner_text("#info")
    assert cora.locator("#hand .card-wrap").count() == 0
    assert not errors, errors


def test_the_page_reconnects_after_a_restart(tmp_path: Path, browser: Any) -> None:
    """The server goes down (SIGKILL) and comes back on the same port: the page says so,
    locks its moves, reconnects, resumes from the last version it saw and the game goes on."""
    _built_page()
    db = f"sqlite:///{tmp_path / 'restart.db'}"
    server = ServerProcess(db, bot_delay=0.02).start()
    errors: list[str] = []
    try:
        page = _new_page(browser, errors)
        _lobby(page, server)
        page.click("#create-form button[type=submit]")
        page.wait_for_selector("#hand .card-wrap")
        for _ in range(3):
            with contextlib.suppress(Exception):
                _act_once(page)
            time.sleep(0.3)
        server.kill()
        page.wait_for_selector("#connection", timeout=10000)
        assert "Verbindung" in page.inner_text("#connection")
        assert page.locator("#hand .card-wrap.legal:not(.locked)").count() == 0
        # every move is locked ("back" out of the suit step is no move and stays)
        assert page.locator("#actions button.action:not([disabled])").count() == 0
        server = ServerProcess(db, bot_delay=0.02, port=server.port).start()
        page.wait_for_selector("#connection", state="detached", timeout=20000)
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
    page.click("#create-form details summary")
    # another preset gives its own values; the panel stays open, the move time as typed
    page.fill("input[name=turn_seconds]", "30")
    page.select_option("select[name=preset]", "bsv")
    assert page.input_value("input[name='tarif.rufspiel']") == "10"
    assert page.input_value("input[name=turn_seconds]") == "30"
    assert page.locator("#create-form > details[open]").count() == 1
    page.select_option("select[name=preset]", "sauspiel")
    page.fill("input[name=turn_seconds]", "0")
    assert page.is_checked("input[name=contract][value=farbwenz]")  # the preset's contracts
    assert not page.is_checked("input[name=contract][value=bettel]")
    assert page.is_checked("input[name=klopfen]")
    assert page.input_value("input[name='tarif.rufspiel']") == "20"  # the preset's tariff
    # the games a newcomer may not know are explained beside the choice (a phone's width too)
    page.click("#kinds-help summary")
    explained = page.inner_text("#kinds-help")
    assert "Trumpf: die vier Unter und eine Farbe" in explained  # Farbwenz
    assert "alle vier Ober und alle vier Unter" in explained  # Sie
    page.set_viewport_size(PHONES[1])
    _no_overflow(page)
    page.locator("#kinds-help").scroll_into_view_if_needed()
    _shot(page, "phone-house-rules")
    page.set_viewport_size(DESKTOP)
    page.uncheck("input[name=contract][value=farbwenz]")
    page.check("input[name=contract][value=bettel]")
    page.check("input[name=short]")
    page.fill("input[name='tarif.solo']", "70")
    page.select_option("select[name=kontra_deadline]", "before_second_trick")
    page.select_option("select[name=all_pass]", "stock")
    assert "vor dem zweiten Stich" in page.inner_text("select[name=kontra_deadline]")
    # a refused value is named at its field, and the page moves there
    page.fill("input[name=turn_seconds]", "2")
    page.click("#create-form button[type=submit]")
    _wait_text(page, "#error-turn_seconds", "Zeit pro Zug: 0 (ohne Uhr) oder mindestens")
    assert page.evaluate("document.activeElement.name") == "turn_seconds"
    assert page.get_attribute("input[name=turn_seconds]", "aria-invalid") == "true"
    assert page.inner_text("#create-error") == ""
    _shot(page, "form-error")
    page.fill("input[name=turn_seconds]", "0")
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


def test_the_page_speaks_english_without_german_words(server: ServerProcess, browser: Any) -> None:
    errors: list[str] = []
    page = _new_page(browser, errors, lang="en-US")
    _lobby(page, server)
    page.click("#create-form details summary")
    lobby = page.inner_text("#create-form")
    for german in ("Spiele", "Regeln", "Tisch", "Hausregeln", "Platz", "Zeit"):
        assert german not in lobby, german
    page.click("#create-form button[type=submit]")
    page.wait_for_selector("#hand .card-wrap")
    text = page.inner_text("#screen")
    for german in ("Karten", "Augen", "Spiel ", "Du bist", "Geber", "Weiter", "Am Zug"):
        assert german not in text, german
    assert not errors, errors


def test_the_lobby_lists_a_public_table_to_join(server: ServerProcess, browser: Any) -> None:
    errors: list[str] = []
    anna = _new_page(browser, errors)
    _lobby(anna, server)
    anna.select_option("select[name=seat1]", "human")
    anna.check("input[name=public]")
    anna.click("#create-form button[type=submit]")
    anna.wait_for_selector("#hand .card-wrap")
    table = anna.url.split("table=")[1]
    bert = _new_page(browser, errors)
    bert.goto(server.url + "/")
    row = bert.locator(f"#tables .table-row[data-table='{table}']")
    row.wait_for(timeout=10000)
    assert "Anna" in row.inner_text() and "frei" in row.inner_text()
    row.locator("a.button").click()
    bert.fill("#join-form input[name=name]", "Bert")
    bert.click("#join-form button[type=submit]")
    bert.wait_for_selector("#hand .card-wrap")
    assert "Bert" in bert.inner_text(".seat.south")
    assert not errors, errors
