"""Browser tests of the page's layout where it is narrow: Playwright drives Debian's chromium
against a real server process.

After a round against three bots the result, the ledger, the round's statistics and the
analysis of every game fit the side column of a desktop window and a phone's width, in
German and in English: no table scrolls sideways, every figure and button lies inside its
panel, and a long name is cut with its whole in the tooltip. A card flying off to the
right-hand seat stays on the board (the page does not widen while it flies). A table that
does not exist says so and leads back to the start page. With ``SCHAFKOPF_SCREENSHOTS=DIR``
each screen is saved there.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from test_browser import (
    DESKTOP,
    _lobby,
    _new_page,
    _no_overflow,
    _play_until_over,
    _shot,
    page_server,
)
from test_server_process import ServerProcess

PHONE = {"width": 390, "height": 844}
LONG_NAME = "Maximilian Obermeierhuber"

# Tables that scroll sideways, and cells or buttons that stick out of their panel.
OUT_OF_PLACE = """(root) => {
  const found = [];
  for (const e of document.querySelectorAll(`${root} table, ${root} .scroll`)) {
    if (e.scrollWidth > e.clientWidth) {
      const what = e.id || e.className || e.tagName;
      found.push(`${what} scrolls: ${e.scrollWidth} > ${e.clientWidth}`);
    }
  }
  for (const e of document.querySelectorAll(`${root} th, ${root} td, ${root} button`)) {
    const panel = e.closest('.panel, .replay');
    const r = e.getBoundingClientRect();
    if (!panel || !r.width) continue;
    const p = panel.getBoundingClientRect();
    if (r.left < p.left - 0.5 || r.right > p.right + 0.5) {
      const what = `${e.tagName} "${e.textContent.trim().slice(0, 24)}"`;
      found.push(`${what} at ${r.left | 0}-${r.right | 0} in ${p.left | 0}-${p.right | 0}`);
    }
  }
  return found;
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    quick_analysis = ["analysis_worlds=3", "analysis_bid_worlds=2"]
    yield from page_server(tmp_path_factory, "layout", quick_analysis)


@pytest.fixture(scope="module")
def finished_table(server: ServerProcess, browser: Any) -> str:
    """A round of one game by a person with a long name against three bots, played out."""
    errors: list[str] = []
    page = _new_page(browser, errors)
    _lobby(page, server, name=LONG_NAME)
    for seat in (1, 2, 3):
        page.select_option(f"select[name=seat{seat}]", "level:1")
    page.click("#create-form button[type=submit]")
    page.wait_for_selector("#hand .card-wrap")
    table: str = page.url.split("table=")[1]
    _play_until_over([page])
    page.wait_for_selector("#ledger")
    page.context.close()
    assert not errors, errors
    return table


def _fits(page: Any, root: str) -> None:
    _no_overflow(page)
    found = page.evaluate(OUT_OF_PLACE, root)
    assert not found, found


@pytest.mark.parametrize("lang", ["de-DE", "en-US"])
@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=lambda s: f"{s['width']}x{s['height']}")
def test_the_rounds_panels_fit_without_sideways_scrolling(
    server: ServerProcess, browser: Any, finished_table: str, lang: str, size: dict[str, int]
) -> None:
    errors: list[str] = []
    page = _new_page(browser, errors, lang=lang, viewport=size)
    page.goto(f"{server.url}/?table={finished_table}")
    page.wait_for_selector("#ledger")
    name = f"layout-{lang[:2]}-{size['width']}"
    _fits(page, ".side")
    # the long name is cut, whole in its tooltip; the game's line opens the replay
    cut = page.locator(f"#ledger .cut[title='{LONG_NAME}']")
    assert cut.count() == 1
    assert cut.evaluate("(e) => e.scrollWidth > e.clientWidth")
    assert page.locator("#ledger button.what-link").count() == 1
    page.click("#session-stats")
    page.wait_for_selector("#stats-table")
    page.click("#session-analyse")
    page.wait_for_selector("#session-analysis-seats", timeout=120000)
    assert page.locator("#session-analysis-seats tbody tr").count() == 4
    _fits(page, ".side")
    verdicts = page.locator("#session-analysis-seats abbr")
    full = (
        "Ungenauigkeiten / Fehler / Patzer"
        if lang == "de-DE"
        else "Inaccuracies / mistakes / blunders"
    )
    assert verdicts.get_attribute("title") == full
    _shot(page, f"{name}-round")
    page.click("#ledger button.what-link")
    page.wait_for_selector("#replay")
    page.wait_for_selector("#analysis-seats", timeout=120000)
    _fits(page, "#replay")
    _shot(page, f"{name}-replay")
    assert not errors, errors


def test_a_card_flying_to_the_right_hand_seat_stays_on_the_board(
    server: ServerProcess, browser: Any, finished_table: str
) -> None:
    """A phone's page keeps its width while a card flies to or from the right-hand seat,
    and a card lying in the trick is whole on the board."""
    errors: list[str] = []
    page = _new_page(browser, errors, viewport=PHONE)
    page.goto(f"{server.url}/?table={finished_table}")
    page.wait_for_selector("#trick")
    for motion in ("from-east", "collect-east", ""):
        # the card as it stands at the farthest point of its flight (the motion held still)
        found = page.evaluate(
            """(motion) => {
              const trick = document.querySelector('#trick');
              const card = document.createElement('span');
              card.className = `card-wrap played east ${motion}`;
              card.style.transition = 'none';
              card.style.animationPlayState = 'paused';
              card.innerHTML = '<svg viewBox="0 0 60 90"><rect width="60" height="90"/></svg>';
              trick.appendChild(card);
              const board = document.querySelector('.board').getBoundingClientRect();
              const r = card.getBoundingClientRect();
              const out = {width: document.documentElement.scrollWidth, window: innerWidth,
                           inside: r.left >= board.left && r.right <= board.right};
              card.remove();
              return out;
            }""",
            motion,
        )
        assert found["width"] <= found["window"], (motion, found)
        if not motion:
            assert found["inside"], found
    assert not errors, errors


@pytest.mark.parametrize(
    ("lang", "words", "back"),
    [
        ("de-DE", "Diesen Tisch gibt es nicht", "Zur Übersicht"),
        ("en-US", "No such table", "To the tables"),
    ],
)
def test_a_missing_table_leads_back_to_the_start(
    server: ServerProcess, browser: Any, lang: str, words: str, back: str
) -> None:
    errors: list[str] = []
    page = _new_page(browser, errors, lang=lang, viewport=PHONE)
    page.goto(f"{server.url}/?table=doesnotexist")
    page.wait_for_selector("#status-lobby")
    assert page.inner_text("#status") == words
    assert page.inner_text("#status-lobby") == back
    _shot(page, f"missing-table-{lang[:2]}")
    page.click("#status-lobby")
    page.wait_for_selector("#create-form")
    assert page.url.rstrip("/") == server.url.rstrip("/")
    assert not errors, errors


def test_the_header_s_controls_are_big_enough_to_tap_on_a_phone(
    server: ServerProcess, browser: Any
) -> None:
    """The settings button (only ⚙ on a phone), the home link and the header's links are at
    least 44 px in each direction where a thumb taps them (the size the platforms' guides
    ask for)."""
    errors: list[str] = []
    page = _new_page(browser, errors, viewport=PHONE)
    page.goto(server.url)
    page.wait_for_selector("header.top details.menu summary")
    for selector in ("header.top details.menu summary", "header.top a.home", "#nav-leaderboard"):
        box = page.locator(selector).bounding_box()
        assert box is not None, selector
        assert box["width"] >= 44 and box["height"] >= 44, (selector, box)
    _shot(page, "phone-header")
    # the menu: its settings labelled in words; a page chosen from it closes it
    page.click("header.top details.menu summary")
    labels = page.locator("details.menu .setting-label").all_inner_texts()
    assert labels == ["Sprache", "Stich liegen lassen"], labels
    for i in range(page.locator("details.menu .setting select").count()):  # thumb-sized too
        box = page.locator("details.menu .setting select").nth(i).bounding_box()
        assert box is not None and box["height"] >= 40, box
    page.click("#menu-challenge")
    page.wait_for_selector("header.top details.menu:not([open])")
    assert not errors, errors
