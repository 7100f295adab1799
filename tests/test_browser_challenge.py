"""Browser tests of the daily challenge, the table chat and the friends' duplicate table:
Playwright drives Debian's chromium against a real server process.

A guest is asked to log in on the challenge screen; logged in, the person plays the first
deal of today's challenge (no tip offered), goes on to the second from the finished table,
and finds their payout and themself on the day's ranking; an earlier day's deal, played
unranked, shows everyone's results with a link to the table's replay. Two people at one
table chat: one writes a text (shown as text, not markup) and a quick phrase, the other (on
a phone, the chat closed and counting) sees both in their language, mutes the first and no
longer sees their lines. After a table's last game the same cards are played again (the
other person's page offers the copy and they follow, each hand one seat on) and the
comparison shows. With ``SCHAFKOPF_SCREENSHOTS=DIR`` each screen is saved there.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

from test_browser import (
    DESKTOP,
    PHONES,
    _hand_on_screen,
    _new_page,
    _no_overflow,
    _play_until_over,
    _shot,
    _table_for_two,
    page_server,
)
from test_browser_accounts import _sign_up, _table_of, _wait_text
from test_server_process import ServerProcess

PAST_DAY = "2024-05-01"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from page_server(
        tmp_path_factory,
        "challenge",
        ["logins_per_minute=60", "logins_per_name=100", "chat_lines_per_minute=60"],
    )


def _phone_shot(page: Any, name: str) -> None:
    """The screen at phone size too (the same page, narrower), then back to the desktop."""
    page.set_viewport_size(PHONES[1])
    time.sleep(0.2)
    _no_overflow(page)
    _shot(page, name)
    page.set_viewport_size(DESKTOP)


def test_a_person_plays_the_first_deal_of_the_challenge_and_goes_on(
    server: ServerProcess, browser: Any
) -> None:
    errors: list[str] = []
    page = _new_page(browser, errors)
    # A guest: what the challenge is, and the hint to log in (no play button).
    page.goto(server.url + "/")
    assert page.get_attribute("#lobby-challenge-link", "href") == "/?view=challenge"
    page.click("#nav-challenge")
    page.wait_for_selector("#challenge-login")
    assert page.inner_text("#nav-challenge") == "Tagesrunde"
    assert "12 Spiele mit denselben Karten" in page.inner_text("#challenge")
    assert page.locator("#challenge-play").count() == 0
    assert "Noch hat niemand" in page.inner_text("#challenge-board")
    _no_overflow(page)
    _shot(page, "challenge-guest")
    # Logged in: play the first deal.
    _sign_up(page, "Resi")
    page.click("#nav-challenge")
    page.wait_for_selector("#challenge-play")
    assert "0 von 12 Spielen gespielt" in page.inner_text("#challenge-progress")
    assert page.locator("#challenge-deals .deal").count() == 12
    page.click("#challenge-play")
    page.wait_for_selector("#hand .card-wrap")
    first = _table_of(page).split("&")[0]
    assert "challenge=" in page.url
    assert page.inner_text("#challenge-tag") == "Tagesrunde · Spiel 1 von 12"
    assert "Resi" in page.inner_text(".seat.south")
    tips: list[int] = []  # no tips at a challenge's table: the button never shows
    _play_until_over([page], each=lambda p: tips.append(p.locator("#tip-button").count()))
    assert tips and not any(tips)
    _wait_text(page, "#over", "Dieses Spiel:")
    _wait_text(page, "#challenge-standing", "1 von 12 Spielen gespielt")
    assert page.locator("#again").count() == 0 and page.locator("#duplicate").count() == 0
    assert page.locator("#chat").count() == 0  # nobody to chat with
    # its game opens once all twelve are played: no replay, no figures before
    page.wait_for_selector("#challenge-next")
    assert page.locator("#result .replay-btn, #ledger button.link, #session-stats").count() == 0
    assert page.inner_text("#challenge-next") == "Weiter zu Spiel 2"
    _shot(page, "challenge-over")
    # On to the second deal: a new table, the day in the address.
    page.click("#challenge-next")
    page.wait_for_function(f"!location.search.includes('{first}')")
    page.wait_for_selector("#hand .card-wrap")
    assert "challenge=" in page.url
    assert page.inner_text("#challenge-tag") == "Tagesrunde · Spiel 2 von 12"
    # The challenge screen: one deal played with its payout, the second under way, Resi
    # on the day's ranking.
    page.click("#nav-challenge")
    page.wait_for_selector("#challenge-deals")
    assert "1 von 12 Spielen gespielt" in page.inner_text("#challenge-progress")
    assert page.get_attribute("#challenge-deals .deal[data-deal='0']", "class") == "deal played"
    assert "running" in str(page.get_attribute("#challenge-deals .deal[data-deal='1']", "class"))
    assert page.inner_text("#challenge-play") == "Weiterspielen"
    row = page.locator("#challenge-ranks tr[data-player='Resi']").locator("td").all_inner_texts()
    assert row[0] == "1" and row[1] == "Resi" and row[3] == "1", row
    if page.locator("#challenge-ranks tbody tr").count() == 1:  # alone: the 0 is explained
        assert "allein ist man der Schnitt" in page.inner_text("#challenge-alone")
    assert page.locator("#challenge-results").count() == 0  # not before all twelve
    _no_overflow(page)
    _shot(page, "challenge")
    _phone_shot(page, "phone-challenge")
    # Back to the deal under way.
    page.click("#challenge-play")
    page.wait_for_selector("#hand .card-wrap")
    assert page.inner_text("#challenge-tag") == "Tagesrunde · Spiel 2 von 12"
    # An earlier day: unranked, and once its deal is played everyone's results show, with
    # the replay of each table.
    page.goto(server.url + f"/?view=challenge&day={PAST_DAY}")
    page.wait_for_selector("#challenge-unranked")
    page.click("#challenge-play")
    page.wait_for_selector("#hand .card-wrap")
    assert page.inner_text("#challenge-tag") == "Tagesrunde · Spiel 1 von 12"
    _play_until_over([page])
    page.wait_for_selector("#challenge-next")
    page.wait_for_selector("#result .replay-btn")  # an earlier day's games are open
    page.click("#to-challenge")
    page.wait_for_selector("#challenge-results")
    result = page.locator("#challenge-results .deal-result[data-deal='0'] tr[data-player='Resi']")
    cells = result.locator("td").all_inner_texts()
    assert cells[0] == "Resi" and cells[2] == "–", cells  # unranked: no score
    _no_overflow(page)
    _shot(page, "challenge-results")
    _phone_shot(page, "phone-challenge-results")
    result.locator("a.replay-link").click()
    page.wait_for_selector("#replay #replay-step")
    assert "Resi" in page.inner_text("#replay")
    page.click("#replay-close")
    page.wait_for_selector("#challenge-results")
    assert not errors, errors


def _join_phone(browser: Any, errors: list[str], invite: str, name: str) -> Any:
    """A person who opens the invitation on a phone (in English) and takes a seat."""
    page = _new_page(browser, errors, lang="en-US", viewport=PHONES[1])
    page.goto(invite)
    page.fill("#join-form input[name=name]", name)
    page.click("#join-form button[type=submit]")
    page.wait_for_selector("#hand .card-wrap")
    return page


def _lines(page: Any) -> str:
    return str(page.inner_text("#chat-lines"))


def test_two_people_chat_and_one_mutes_the_other(server: ServerProcess, browser: Any) -> None:
    errors: list[str] = []
    anna, invite = _table_for_two(browser, server, errors)
    bert = _join_phone(browser, errors, invite, "Bert")
    # Anna's chat is open at desktop size; she writes a text and a quick phrase.
    anna.wait_for_selector("#chat[open] #chat-input")
    assert "Noch hat niemand etwas geschrieben" in _lines(anna)
    assert anna.is_disabled("#chat-send")  # nothing to send yet
    anna.fill("#chat-input", "Servus Bert <b>fett</b>")
    anna.click("#chat-send")
    _wait_text(anna, "#chat-lines", "Servus Bert <b>fett</b>")
    assert anna.input_value("#chat-input") == ""
    anna.click("#chat-phrases button[data-phrase='well_played']")
    _wait_text(anna, "#chat-lines", "Gut gespielt!")
    # Bert's phone: the chat is closed and counts the two lines; open, both show, the text
    # as text and the phrase in his language.
    bert.wait_for_selector("#chat:not([open])")
    _wait_text(bert, "#chat-unseen", "2")
    _wait_text(bert, "#chat-jump .badge", "2")  # the table's header says so too
    # the newest line shows by the board for a moment, in his language (Anna's desktop: not)
    _wait_text(bert, "#chat-peek", "Anna: Well played!")
    assert not anna.locator("#chat-peek").is_visible()
    _no_overflow(bert)
    _hand_on_screen(bert)
    _shot(bert, "phone-chat-closed")
    bert.click("#chat-jump")
    bert.wait_for_selector("#chat[open]")
    _wait_text(bert, "#chat-lines", "Well played!")
    assert bert.locator("#chat-jump").count() == 0
    assert "Servus Bert <b>fett</b>" in _lines(bert)
    assert bert.locator("#chat-lines b").count() == 0
    assert bert.locator("#chat-unseen").count() == 0
    bert.click("#chat-phrases button[data-phrase='hello']")
    _wait_text(anna, "#chat-lines", "Servus!")
    _wait_text(bert, "#chat-lines", "Hello!")
    _no_overflow(bert)
    _hand_on_screen(bert)
    bert.locator("#chat").scroll_into_view_if_needed()
    _shot(bert, "phone-chat")
    _shot(anna, "chat")
    # Bert mutes Anna: her lines go (the earlier ones too), his stay; kept in his browser.
    bert.click("#chat-mutes button[data-mute='Anna']")
    bert.wait_for_selector("#chat-hidden")
    assert "Servus Bert" not in _lines(bert) and "Hello!" in _lines(bert)
    assert bert.get_attribute("#chat-mutes button[data-mute='Anna']", "aria-pressed") == "true"
    assert json.loads(bert.evaluate("localStorage.getItem('sk.muted')")) == ["anna"]
    anna.fill("#chat-input", "Bist du noch da?")
    anna.press("#chat-input", "Enter")
    _wait_text(anna, "#chat-lines", "Bist du noch da?")
    bert.fill("#chat-input", "Ja")
    bert.click("#chat-send")
    _wait_text(anna, "#chat-lines", "Ja")
    _wait_text(bert, "#chat-lines", "Ja")  # his line came after hers: hers is hidden
    assert "Bist du noch da?" not in _lines(bert)
    _shot(bert, "phone-chat-muted")
    # After a reload the lines come again from the server, and Anna stays muted.
    bert.reload()
    bert.wait_for_selector("#hand .card-wrap")
    bert.click("#chat summary")
    _wait_text(bert, "#chat-lines", "Ja")
    assert "Bist du noch da?" not in _lines(bert)
    bert.click("#chat-mutes button[data-mute='Anna']")
    _wait_text(bert, "#chat-lines", "Bist du noch da?")
    assert not errors, errors


def _hand_cards(page: Any) -> set[str]:
    cards = page.eval_on_selector_all("#hand .card-wrap", "e => e.map(x => x.dataset.card)")
    return {str(c) for c in cards}


def _tokens(hand: Any) -> set[str]:
    return set(hand.split() if isinstance(hand, str) else hand)


def test_the_same_cards_again_and_the_comparison(server: ServerProcess, browser: Any) -> None:
    errors: list[str] = []
    anna, invite = _table_for_two(browser, server, errors)
    bert = _join_phone(browser, errors, invite, "Bert")
    original = _table_of(anna)
    _play_until_over([anna, bert])
    anna.wait_for_selector("#duplicate")
    assert anna.inner_text("#duplicate") == "Dieselben Karten noch einmal (Duplikat)"
    assert bert.inner_text("#duplicate") == "The same cards again (duplicate)"
    assert anna.locator("#comparison").count() == 0  # an original: nothing to compare
    hands = server.get(f"/api/tables/{original}")["state"]["last_result"]["hands"]
    _shot(anna, "duplicate-offer")
    # Anna asks; Bert's page offers him his seat at the copy, and he follows.
    anna.click("#duplicate")
    bert.wait_for_selector("#next-round-note")
    assert bert.inner_text("#again") == "To the next round"
    assert bert.locator("#duplicate").count() == 0  # the copy is made: no second offer
    bert.click("#again")
    for p in (anna, bert):
        p.wait_for_function(f"!location.search.includes('{original}')")
        p.wait_for_selector("#hand .card-wrap")
    copy = _table_of(anna)
    assert _table_of(bert) == copy
    # each hand one seat on: Bert (seat 1) holds what Anna (seat 0) held
    assert _hand_cards(bert) == _tokens(hands[0])
    assert _hand_cards(anna) == _tokens(hands[3])
    anna.wait_for_selector("#comparison")
    assert "Noch ist kein Spiel" in anna.inner_text("#comparison")
    assert anna.inner_text("#duplicate-tag") == "Duplikat"
    _play_until_over([anna, bert])
    _wait_text(anna, "#comparison-totals", "Anna")
    _wait_text(bert, "#comparison-totals", "Bert")
    rows = anna.locator("#comparison-table tbody tr")
    assert rows.count() == 4
    answer = server.get(f"/api/tables/{copy}/comparison")
    totals = {t["name"]: t["difference"] for t in answer["totals"]}
    cell = "#comparison-totals tr[data-name='Anna'] td[data-difference]"
    shown = anna.get_attribute(cell, "data-difference")
    assert float(str(shown)) == totals["Anna"]
    anna.locator("#comparison").scroll_into_view_if_needed()
    _no_overflow(anna)
    _shot(anna, "duplicate")
    bert.locator("#comparison").scroll_into_view_if_needed()
    _no_overflow(bert)
    _shot(bert, "phone-duplicate")
    assert not errors, errors
