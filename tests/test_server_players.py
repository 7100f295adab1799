"""Ratings, profiles and the leaderboard against a real ``schafkopf serve`` over loopback: a
game of two logged-in people is rated exactly as openskill computes it (the bots at their
anchored ratings), once, also across a restart; a table with one person is rated only when
its creator marked it so; a profile's figures are those computed from its games' records;
a private profile is its owner's alone."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from schafkopf.ratings import Rating, rate
from schafkopf.server.ratings import level_key, load_anchors
from schafkopf.stats import compute_stats
from test_server_accounts import PASSWORD, SETTINGS, Browser
from test_server_process import ServerProcess, _play_as

TWO = ["human", "human", "heuristic", "heuristic"]


def _play(server: ServerProcess, seats: list[tuple[str, str]]) -> None:
    """Play a table to its end, each (table, token) seat in its own thread."""
    errors: list[BaseException] = []

    def one(table: str, token: str) -> None:
        try:
            with connect(f"ws://127.0.0.1:{server.port}/ws/{table}?token={token}") as ws:
                _play_as(ws, moves=None)
        except BaseException as e:
            errors.append(e)

    threads = [threading.Thread(target=one, args=seat) for seat in seats]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors, errors


def test_rated_games_profiles_and_the_leaderboard(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'players.db'}"
    settings = [*SETTINGS, "leaderboard_min_games=1", "analysis_worlds=3", "analysis_bid_worlds=2"]
    server = ServerProcess(db, settings=settings).start()
    try:
        anna, bert = Browser(server), Browser(server)
        anna.ok("POST", "/api/accounts", {"name": "Anna", "password": PASSWORD})
        bert.ok("POST", "/api/accounts", {"name": "Bert", "password": PASSWORD})
        anchors = load_anchors()
        bots = anchors.get(level_key("heuristic"), Rating())
        played: list[dict[str, Any]] = []
        for _try in range(6):  # until a game where money changed hands (not all passed)
            made = anna.ok("POST", "/api/tables", {"games": 1, "player": "Anna", "seats": TWO})
            joined = bert.ok(
                "POST", f"/api/tables/{made['table']}/join", {"invite": made["invite"], "name": "x"}
            )
            _play(server, [(made["table"], made["token"]), (made["table"], joined["token"])])
            record = anna.ok("GET", f"/api/tables/{made['table']}/games/1")
            assert record["players"][:2] == ["Anna", "Bert"]
            played.append(record)
            expected = rate([Rating(), Rating(), bots, bots], record, fixed=[2, 3])
            mine = anna.ok("GET", "/api/players/Anna")
            if expected is not None:
                break
            assert mine["rating"]["games"] == 0  # all passed: nobody rated
        assert expected is not None
        assert mine["own"] is True and mine["rating"]["games"] == 1
        assert mine["rating"]["mu"] == round(expected[0].mu, 4)
        assert mine["rating"]["sigma"] == round(expected[0].sigma, 4)
        assert [h["game"] for h in mine["history"]] == [1]
        assert mine["history"][0]["before"] == Rating().to_json()
        stats = compute_stats(played).player("Anna")
        assert stats is not None and mine["stats"] == stats.to_json()
        assert mine["recent"][0]["payout"] == record["result"]["payouts"][0]
        assert mine["recent"][0]["unit"] == "points"  # the standard preset's
        assert mine["analysed"] == {"games": 0, "accuracy": None, "luck": {}}
        # the game analysed: its seat's accuracy, and its luck in the table's unit
        path = f"/api/tables/{made['table']}/games/1/analysis"
        anna.ok("POST", path)
        deadline = time.monotonic() + 240
        while (done := anna.ok("GET", path))["status"] != "done":
            assert time.monotonic() < deadline, "the analysis did not finish"
            time.sleep(0.2)
        figures = next(x for x in done["analysis"]["seats"] if x["seat"] == 0)
        assert anna.ok("GET", "/api/players/Anna")["analysed"] == {
            "games": 1, "accuracy": round(figures["accuracy"], 1),
            "luck": {"points": figures["luck"]},
        }  # fmt: skip
        # played on from her game: under her name, among her tables (on any device), and
        # outside her figures (its first steps were another's)
        before = anna.ok("GET", "/api/players/Anna")
        on = anna.ok("POST", f"/api/tables/{made['table']}/games/1/what-if",
                     {"step": 1, "seat": 0, "player": "Someone"})  # fmt: skip
        assert on["seat"] == 0
        assert on["table"] in {x["table"] for x in anna.ok("GET", "/api/me")["seats"]}
        assert anna.ok("GET", f"/api/tables/{on['table']}")["state"]["names"][0] == "Anna"
        _play(server, [(on["table"], on["token"])])
        assert anna.ok("GET", f"/api/tables/{on['table']}")["state"]["over"]
        after = anna.ok("GET", "/api/players/Anna")
        assert (after["stats"], after["recent"]) == (before["stats"], before["recent"])
        bert.refused("GET", "/api/players/Anna", None, 403, "private_profile")
        anna.ok("POST", "/api/me/profile", {"public": True})
        seen = bert.ok("GET", "/api/players/anna")
        assert seen["own"] is False and seen["rating"] == mine["rating"]
        board = Browser(server).ok("GET", "/api/leaderboard")
        names = {row["name"] for row in board["players"]}
        assert names == {"Anna", None}  # Bert's profile is private: he stands without a name
        own = bert.ok("GET", "/api/leaderboard")["players"]
        assert {row["name"] for row in own} == {"Anna", "Bert"}  # but not to himself
        ordinals = [row["rating"]["ordinal"] for row in board["players"]]
        assert ordinals == sorted(ordinals, reverse=True)
        # one person: rated only when the creator marks the table so
        solo = anna.ok("POST", "/api/tables", {"games": 1, "player": "Anna"})
        _play(server, [(solo["table"], solo["token"])])
        marked = anna.ok("POST", "/api/tables", {"games": 1, "player": "Anna", "rated": True})
        # the state says which count (two people, or marked), and a marked table has no tips
        assert anna.ok("GET", f"/api/tables/{made['table']}")["state"]["rated"] is True
        assert anna.ok("GET", f"/api/tables/{solo['table']}")["state"]["rated"] is False
        assert anna.ok("GET", f"/api/tables/{marked['table']}")["state"]["rated"] is True
        anna.refused("POST", f"/api/tables/{marked['table']}/tip", {"token": marked["token"]},
                     403, "tips_rated")  # fmt: skip
        _play(server, [(marked["table"], marked["token"])])
        tables = {h["table"] for h in anna.ok("GET", "/api/players/Anna")["history"]}
        assert solo["table"] not in tables
        marked_record = anna.ok("GET", f"/api/tables/{marked['table']}/games/1")
        assert (marked["table"] in tables) == any(marked_record["result"]["payouts"])
        before_restart = anna.ok("GET", "/api/players/Anna")
    finally:
        server.stop()
    restarted = ServerProcess(db, settings=settings).start()
    try:
        again = Browser(restarted).ok("GET", "/api/players/Anna")
        assert again["rating"] == before_restart["rating"]  # nothing is rated twice
        assert again["history"] == before_restart["history"]
        Browser(restarted).refused("GET", "/api/players/Nobody", None, 404, "no_player")
    finally:
        restarted.stop()


def test_which_tables_are_rated_and_which_give_tips() -> None:
    """Marked rated: no tips; tips for everyone: unrated, and tips (both marked: tips win);
    two people: rated; a game played on or a challenge's deal: never rated."""
    import dataclasses

    from schafkopf.cards import card_token
    from schafkopf.server.table import PERSON, Table, TableConfig, is_rated, tips_allowed

    alone = ["human", "heuristic", "heuristic", "heuristic"]

    def table(**kw: Any) -> Table:
        return Table("t", TableConfig.build(seats=kw.pop("seats", alone), seed=1, **kw))

    for kw, rated, tips in (
        ({}, False, True),
        ({"rated": True}, True, False),
        ({"tips": True}, False, True),
        ({"rated": True, "tips": True}, False, True),
    ):
        t = table(**kw)
        assert (is_rated(t), tips_allowed(t.config, t.seat_status, 0)) == (rated, tips), kw
    two = table(seats=["human", "human", "heuristic", "heuristic"])
    two.seat_status[1] = PERSON
    assert is_rated(two) and not tips_allowed(two.config, two.seat_status, 0)
    marked = table(rated=True)
    assert marked.game is not None
    hands = tuple(" ".join(card_token(c) for c in hand) for hand in marked.game.deal)
    assert not is_rated(Table("p", dataclasses.replace(marked.config, deal=hands)))
    day = dataclasses.replace(marked.config, deal=hands, challenge="2026-01-01")
    assert not is_rated(Table("c", day)) and not day.played_on
