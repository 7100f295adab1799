"""Browser tests of accounts: Playwright drives Debian's chromium against a real server.

A guest takes a seat, signs up (the seat goes with the account), creates a rated table and
plays its game to the end, then finds the rated game and the chart on the profile, and
themself on the leaderboard (this server lists players from one rated game on); the account
screen makes the profile private and public again; on another device (a second browser
context) the person logs in and finds their seats again. The profile, the leaderboard and
the account screen fit a phone (390x844) without scrolling sideways, and an account is
deleted after the password was asked for. With ``SCHAFKOPF_SCREENSHOTS=DIR`` each screen is
saved there.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from test_browser import (
    PHONES,
    _new_page,
    _no_overflow,
    _play_until_over,
    _shot,
    _wait_text,
    page_server,
)
from test_server_process import ServerProcess

PASSWORD = "geheim-und-lang"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from page_server(
        tmp_path_factory,
        "accounts",
        ["leaderboard_min_games=1", "logins_per_minute=60", "logins_per_name=100"],
    )


def _status(server: ServerProcess, path: str) -> tuple[int, dict[str, Any]]:
    """A guest's GET (no cookie): the HTTP status and the JSON answer."""
    try:
        with urllib.request.urlopen(server.url + path, timeout=10) as r:
            return r.status, dict(json.loads(r.read()))
    except urllib.error.HTTPError as e:
        return e.code, dict(json.loads(e.read()))


def _table_of(page: Any) -> str:
    return str(page.url.split("table=")[1])


def _account_form(page: Any, tab: str, name: str, password: str) -> None:
    """Fill in and send the login (``tab`` "login") or the sign-up form ("signup")."""
    page.click(f"#tab-{tab}")
    form = f"#{tab}-form"
    page.fill(f"{form} input[name=name]", name)
    page.fill(f"{form} input[name=password]", password)
    page.click(f"{form} button[type=submit]")


def _sign_up(page: Any, name: str, password: str = PASSWORD) -> None:
    page.click("#nav-login")
    page.wait_for_selector("#signup-form, #login-form")
    _account_form(page, "signup", name, password)
    page.wait_for_selector("#nav-me")
    assert page.inner_text("#nav-me") == name


def test_a_person_signs_up_plays_rated_and_finds_their_seats_on_another_device(
    server: ServerProcess, browser: Any
) -> None:
    errors: list[str] = []
    page = _new_page(browser, errors)
    # As a guest: a seat at a table (its game just begun).
    page.goto(server.url + "/")
    page.wait_for_selector("#nav-login")
    assert page.inner_text("#nav-login") == "Anmelden"
    page.fill("input[name=player]", "Anna")
    page.fill("input[name=games]", "3")
    page.click("#create-form button[type=submit]")
    page.wait_for_selector("#hand .card-wrap")
    guest_table = _table_of(page)
    # The start page leads a guest back to the table (the seat is kept in this browser).
    page.click("header a.home")
    back = page.locator(f"#my-tables .table-row[data-table='{guest_table}']")
    back.wait_for()
    back.locator("button").click()
    page.wait_for_selector("#hand .card-wrap")
    assert _table_of(page) == guest_table
    # Sign up: the guest seat goes with the account.
    _sign_up(page, "Anna")
    page.wait_for_selector(f"#my-tables .table-row[data-table='{guest_table}']")
    assert page.input_value("input[name=player]") == "Anna"
    assert "Anna" in page.inner_text("#playing-as")
    _shot(page, "lobby-logged-in")
    # A rated table, alone with three bots, played to its end.
    assert "Gewertet" in page.inner_text("#create-form")
    page.fill("input[name=games]", "1")
    page.check("input[name=rated]")
    # all pass: Ramsch, so that the one game moves money and is rated (a redeal rates nobody)
    page.eval_on_selector("#create-form details", "d => { d.open = true; }")
    page.select_option("select[name=all_pass]", "ramsch")
    page.click("#create-form button[type=submit]")
    page.wait_for_selector("#hand .card-wrap")
    rated_table = _table_of(page)
    made = server.get(f"/api/tables/{rated_table}")["state"]
    assert made["names"][0] == "Anna" and made["rules"]["all_pass"] == "ramsch"
    assert page.inner_text("#rated-tag") == "Gewertet"
    page.wait_for_selector("#actions button.action:not([disabled])")  # her turn: no tips
    assert page.locator("#tip-button").count() == 0
    _play_until_over([page])
    page.wait_for_selector("#ledger")
    # the end says how the rated game moved her rating (from the start's 25,0)
    page.wait_for_selector("#rating-change")
    assert page.inner_text("#rating-change").startswith("Deine Spielstärke: 25,0 → ")
    _shot(page, "rated-over")
    # The profile: one rated game, the chart from the start to it, the figures, the game.
    page.click("#nav-me")
    page.wait_for_selector("#rating-chart svg")
    assert page.inner_text("#profile-name") == "Anna"
    assert page.inner_text("#rated-games") == "1 gewertetes Spiel"
    assert " ± " in page.inner_text("#rating-value")
    assert page.inner_text("#provisional") == "vorläufig"  # one game: far from settled
    assert float(page.inner_text("#rating-ordinal").replace(",", ".").replace("−", "-")) < 25
    assert page.locator("#rating-chart circle").count() == 2  # the start and game 1
    assert page.locator("#rating-chart path").count() == 2  # the band and the line
    assert page.inner_text("#fig-games") == "1"
    assert "Als Spieler" in page.inner_text("#fig-roles")
    recent = page.locator(f"#recent .recent-game[data-table='{rated_table}']")
    assert recent.count() == 1
    assert "Dein Profil ist privat" in page.inner_text("#own-note")  # until she says else
    _no_overflow(page)
    _shot(page, "profile")
    # The leaderboard: Anna, first, with her one game; the minimum said.
    page.click("#nav-leaderboard")
    page.wait_for_selector("#leaderboard-table")
    row = page.locator("#leaderboard-table tr[data-player='Anna']")
    cells = row.locator("td").all_inner_texts()
    assert cells[0] == "1" and cells[1] == "Anna" and cells[4] == "1", cells
    assert " ± " in cells[3]
    assert "mindestens ein gewertetes Spiel" in page.inner_text("#min-games")
    # The bots to compare with: the ladder from the strongest, however close their ratings.
    levels = page.locator("#bot-levels tr[data-level]")
    assert [levels.nth(i).get_attribute("data-level") for i in range(levels.count())] == [
        f"level:{n}" for n in (5, 4, 3, 2, 1)
    ]
    assert levels.nth(0).locator("td").first.inner_text() == "Stufe 5 · Meister"
    assert "gewonnenen und verlorenen Spielen" in page.inner_text("#bots-rated")
    _no_overflow(page)
    _shot(page, "leaderboard")
    # The recent game leads back to its table, where the person still holds the seat.
    row.locator("a").click()
    page.wait_for_selector(f"#recent .recent-game[data-table='{rated_table}'] a")
    page.click(f"#recent .recent-game[data-table='{rated_table}'] a")
    page.wait_for_selector("#ledger")
    assert _table_of(page) == rated_table
    assert "Du schaust zu" not in page.inner_text("#info")
    # The account screen, after a reload (the login cookie stays): private, public again.
    page.goto(server.url + "/?view=account")
    page.wait_for_selector("#logged-in-as")
    assert "Anna" in page.inner_text("#logged-in-as")
    assert not page.is_checked("#profile-public")
    assert _status(server, "/api/players/Anna")[1]["code"] == "private_profile"
    page.check("#profile-public")
    _wait_text(page, "#account-note", "Gespeichert")
    status, profile = _status(server, "/api/players/Anna")
    assert status == 200 and profile["rating"]["games"] == 1 and not profile["own"]
    page.uncheck("#profile-public")
    _wait_text(page, "#account-note", "Gespeichert")
    assert _status(server, "/api/players/Anna")[1]["code"] == "private_profile"
    page.check("#profile-public")
    _wait_text(page, "#account-note", "Gespeichert")
    assert page.get_attribute("#export", "href") == "/api/me/export"
    _no_overflow(page)
    _shot(page, "account")
    # Another device: a wrong password is refused in words; the right one brings the seats.
    phone = _new_page(browser, errors, viewport=PHONES[1])
    phone.goto(server.url + "/?view=account")
    phone.wait_for_selector("#login-form")
    _no_overflow(phone)
    _shot(phone, "phone-login")
    _account_form(phone, "login", "Anna", "nicht-das-passwort")
    _wait_text(phone, "#account-error", "Name oder Passwort stimmt nicht")
    _account_form(phone, "signup", "anna", PASSWORD)
    _wait_text(phone, "#account-error", "Diesen Namen hat schon jemand")
    _account_form(phone, "login", "Anna", PASSWORD)
    phone.wait_for_selector("#nav-me")
    held = json.loads(phone.evaluate("localStorage.getItem('sk.seats')"))
    assert {guest_table, rated_table} <= set(held), held
    mine = phone.locator(f"#my-tables .table-row[data-table='{guest_table}']")
    mine.wait_for()
    assert phone.locator(f"#my-tables .table-row[data-table='{rated_table}']").count() == 0
    mine.locator("button").click()
    phone.wait_for_selector("#hand .card-wrap")
    assert _table_of(phone) == guest_table
    assert "Anna" in phone.inner_text(".seat.south")
    _no_overflow(phone)
    # The phone shows the profile and the leaderboard without sideways scrolling.
    phone.click("#nav-me")
    phone.wait_for_selector("#rating-chart svg")
    _no_overflow(phone)
    small = phone.evaluate(
        """() => [...document.querySelectorAll('#profile a, #profile button')]
            .filter((e) => e.getBoundingClientRect().height < 40)
            .map((e) => e.id || e.textContent)"""
    )
    assert not small, f"links or buttons under 40 px high on the phone's profile: {small}"
    _shot(phone, "phone-profile")
    phone.click("#nav-leaderboard")
    phone.wait_for_selector("#leaderboard-table")
    _no_overflow(phone)
    _shot(phone, "phone-leaderboard")
    phone.goto(server.url + "/?view=account")
    phone.wait_for_selector("#logged-in-as")
    _no_overflow(phone)
    _shot(phone, "phone-account")
    # Logging out here takes the account's seats from this browser and leaves the first
    # device logged in.
    phone.click("#logout")
    _wait_text(phone, "#account-said", "Du bist abgemeldet")
    phone.wait_for_selector("#nav-login")
    held = json.loads(phone.evaluate("localStorage.getItem('sk.seats')"))
    assert not {guest_table, rated_table} & set(held), held  # the seats went with the login
    page.reload()
    page.wait_for_selector("#logged-in-as")
    assert not errors, errors


def test_a_private_profile_says_so_and_an_account_is_deleted(
    server: ServerProcess, browser: Any
) -> None:
    errors: list[str] = []
    page = _new_page(browser, errors, lang="en-US")
    page.goto(server.url + "/")
    page.wait_for_selector("#nav-login")
    assert page.inner_text("#nav-login") == "Log in"
    _sign_up(page, "Zenzi")
    # Her own profile is private (as every new one): it shows to her, saying so.
    page.click("#nav-me")
    page.wait_for_selector("#own-note")
    assert "Your profile is private" in page.inner_text("#own-note")
    assert "No finished game yet" in page.inner_text("#profile")
    # Somebody else is told that it is private, in words.
    other = _new_page(browser, errors, lang="en-US", viewport=PHONES[1])
    other.goto(server.url + "/?player=Zenzi")
    _wait_text(other, "#profile-error", "That profile is private")
    other.goto(server.url + "/?player=Nobody%20here")
    _wait_text(other, "#profile-error", "There is no such player")
    _no_overflow(other)
    # Deleting asks for the password and says what it does; a wrong one is refused.
    page.goto(server.url + "/?view=account")
    page.click("#delete-account")
    assert "cannot be undone" in page.inner_text("#delete-form")
    page.fill("#delete-form input[name=password]", "wrong password")
    page.click("#delete-yes")
    _wait_text(page, "#delete-form .error", "Wrong name or password")
    page.fill("#delete-form input[name=password]", PASSWORD)
    page.click("#delete-yes")
    _wait_text(page, "#account-said", "Your account is deleted")
    page.wait_for_selector("#nav-login")
    assert _status(server, "/api/players/Zenzi")[1]["code"] == "no_player"
    assert not errors, errors
