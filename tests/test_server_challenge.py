"""The duplicate challenge against a real ``schafkopf serve`` over loopback: two people who
play the same line get the same bot replies and results; nobody gets a later deal's cards
before playing it (probed through every answer they got); the games open once a person has
played them all; the leaderboard sums each deal's payout against its mean; no tips; an
earlier day's challenge plays unranked, a later one does not exist."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from schafkopf.server.challenge import DEALS, Challenges, today
from schafkopf.server.store import Store
from server_helpers import my_move
from test_server_accounts import PASSWORD, SETTINGS, Browser
from test_server_process import ServerProcess


def _play_deal(server: ServerProcess, grant: dict[str, Any], last: bool, seen: list[str]) -> None:
    """Play one deal's table to its end: the first legal action (or the last, ``last``);
    every message received goes to ``seen``."""
    url = f"ws://127.0.0.1:{server.port}/ws/{grant['table']}?token={grant['token']}"
    with connect(url) as ws:
        msg = json.loads(ws.recv(timeout=30))
        seen.append(json.dumps(msg))
        while not msg["state"]["over"]:
            st = msg["state"]
            action = my_move(st)
            if action is not None and last and action != "gut":
                action = int(st["view"]["legal"][-1]["id"])
            if action is not None:
                ws.send(json.dumps({"type": "act", "action": action, "version": msg["version"]}))
            while True:
                msg = json.loads(ws.recv(timeout=30))
                seen.append(json.dumps(msg))
                if msg["type"] == "error":
                    assert msg["code"] == "stale_version", msg
                if "state" in msg:
                    break


def _card_lists(data: Any) -> list[set[str]]:
    """Every list of card tokens (a hand, a trick, the legal cards) anywhere in ``data``."""
    found: list[set[str]] = []
    if isinstance(data, dict):
        for v in data.values():
            found += _card_lists(v)
    elif isinstance(data, list):
        if data and all(isinstance(x, str) and len(x) == 2 for x in data):
            found.append(set(data))
        for v in data:
            found += _card_lists(v)
    return found


def _player(server: ServerProcess, name: str) -> Browser:
    b = Browser(server)
    b.ok("POST", "/api/accounts", {"name": name, "password": PASSWORD})
    return b


def _strip(record: dict[str, Any]) -> dict[str, Any]:
    """A record without what differs between two people's tables (names, table ids)."""
    return {k: v for k, v in record.items() if k not in ("players", "table", "game")}


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'challenge.db'}"


def test_the_daily_challenge(db: str) -> None:
    server = ServerProcess(db, settings=SETTINGS).start()
    try:
        _challenge(server, db)
    finally:
        server.stop()


def _challenge(server: ServerProcess, db: str) -> None:
    day = today()
    anna, bert, cilli = _player(server, "Anna"), _player(server, "Bert"), _player(server, "Cilli")
    Browser(server).refused("POST", f"/api/challenges/{day}/play", None, 401, "not_logged_in")
    store = Store(db)
    deals = [Challenges(store.engine).deal(day, k)[0] for k in range(DEALS)]
    store.close()
    records: dict[str, list[dict[str, Any]]] = {"Anna": [], "Bert": [], "Cilli": []}
    tables: dict[str, list[str]] = {"Anna": [], "Bert": [], "Cilli": []}
    for name, b, last in (("Anna", anna, False), ("Bert", bert, False), ("Cilli", cilli, True)):
        seen: list[str] = []
        for k in range(DEALS if name != "Cilli" else 3):
            state = b.ok("GET", f"/api/challenges/{day}")
            assert state["next"] == k and state["done"] is False and state["ranked"] is True
            seen.append(json.dumps(state))
            # nothing said so far holds a hand of this deal or a later one
            coming = [set(hand.split()) for later in deals[k:] for hand in later]
            for text in seen:
                for cards in _card_lists(json.loads(text)):
                    assert cards not in coming, (name, k, sorted(cards))
                assert not any(hand in text for later in deals[k:] for hand in later)
            grant = b.ok("POST", f"/api/challenges/{day}/play")
            assert grant["deal"] == k and grant["seat"] == 0
            again = b.ok("POST", f"/api/challenges/{day}/play")  # the deal under way again
            assert (again["table"], again["token"]) == (grant["table"], grant["token"])
            if k == 0:
                b.refused("POST", f"/api/tables/{grant['table']}/tip", {"token": grant["token"]},
                          403, "tips_off")  # fmt: skip
                b.refused("POST", f"/api/tables/{grant['table']}/leave",
                          {"token": grant["token"]}, 403, "challenge_running")  # fmt: skip
            _play_deal(server, grant, last, seen)
            mine = set(deals[k][0].split())  # the probe sees a hand where there is one
            lists = [cards for text in seen for cards in _card_lists(json.loads(text))]
            assert any(mine == cards for cards in lists), (name, k, sorted(mine), seen[-3:])
            tables[name].append(grant["table"])
            shown = b.ok("GET", f"/api/tables/{grant['table']}")["state"]
            assert shown["over"] and shown["last_result"]["hands"] == []  # with the replay
            assert shown["played_on"] is False  # dealt its hands, but no game played on
            if k < DEALS - 1:
                b.refused("GET", f"/api/tables/{grant['table']}/games/1", None, 403,
                          "challenge_running")  # fmt: skip
                b.refused("GET", f"/api/tables/{grant['table']}/games/1/replay", None, 403,
                          "challenge_running")  # fmt: skip
        if name != "Cilli":
            assert b.ok("GET", f"/api/challenges/{day}")["done"] is True
            b.refused("POST", f"/api/challenges/{day}/play", None, 409, "challenge_done")
            for t in tables[name]:
                records[name].append(b.ok("GET", f"/api/tables/{t}/games/1"))
    # the same line, the same bot replies and results
    assert [_strip(r) for r in records["Anna"]] == [_strip(r) for r in records["Bert"]]
    for r, d in zip(records["Anna"], deals, strict=True):  # the deals are the day's
        assert [set(h.split()) for h in r["hands"]] == [set(h.split()) for h in d]
    # who has not finished sees no game of the challenge; nobody anonymous does either
    cilli.refused("GET", f"/api/tables/{tables['Anna'][0]}/games/1", None, 403,
                  "challenge_running")  # fmt: skip
    Browser(server).refused("GET", f"/api/tables/{tables['Anna'][0]}/games/1", None, 403,
                            "challenge_running")  # fmt: skip
    # the leaderboard: each deal's payout against the mean of everyone's on it, summed
    state = anna.ok("GET", f"/api/challenges/{day}")
    payouts: dict[str, dict[int, int]] = {}
    for k, results in enumerate(state["results"]):
        for row in results:
            payouts.setdefault(row["name"], {})[k] = row["payout"]
    assert sorted(payouts) == ["Anna", "Bert", "Cilli"] and len(payouts["Cilli"]) == 3
    expected: dict[str, float] = {}
    for k in range(DEALS):
        here = {n: p[k] for n, p in payouts.items() if k in p}
        mean = sum(here.values()) / len(here)
        for n, p in here.items():
            expected[n] = expected.get(n, 0.0) + p - mean
    board = {row["name"]: row["score"] for row in state["leaderboard"]}
    assert board == pytest.approx(expected, abs=0.02)
    scores = [row["score"] for row in state["leaderboard"]]
    assert scores == sorted(scores, reverse=True)
    assert "results" not in cilli.ok("GET", f"/api/challenges/{day}")
    # an earlier day: playable, unranked, its results open; a later one does not exist
    past = anna.ok("POST", "/api/challenges/2026-01-01/play")
    assert past["deal"] == 0
    # played, a past day's deal counts among her games (today's only once the day is over)
    _play_deal(server, past, False, [])
    recent = {g["table"] for g in anna.ok("GET", "/api/players/Anna")["recent"]}
    assert past["table"] in recent and not recent & set(tables["Anna"])
    old = anna.ok("GET", "/api/challenges/2026-01-01")
    assert old["ranked"] is False and "results" in old and old["leaderboard"] == []
    anna.refused("GET", "/api/challenges/2999-01-01", None, 400, "bad_day")
    anna.refused("GET", "/api/challenges/yesterday", None, 400, "bad_day")
