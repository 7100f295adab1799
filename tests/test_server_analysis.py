"""The page's analysis of finished games, against a real ``schafkopf serve``: it runs in a
worker process with progress, gives exactly what ``schafkopf.analysis.analyze`` gives for
the game's record, is stored once and served from the store after a restart (never computed
twice), and is refused for games that are not finished."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from schafkopf.analysis import analyze
from schafkopf.cards import TOKENS
from test_server_process import ServerProcess

SETTINGS = [
    "allow_bot_tables=true",
    "analysis_worlds=3",
    "analysis_bid_worlds=2",
    "tables_per_minute=1000",
    "requests_per_second=1000",
]


def _call(server: ServerProcess, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        server.url + path, data, {"content-type": "application/json"}, method=method
    )
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def _finished_table(server: ServerProcess) -> str:
    """A table of four rule-based bots whose one game is played to the end."""
    status, made = _call(server, "POST", "/api/tables", {
        "preset": "sauspiel", "games": 1, "seats": ["heuristic"] * 4, "player": "x",
    })  # fmt: skip
    assert status == 200, made
    table = str(made["table"])
    deadline = time.monotonic() + 60
    while not _call(server, "GET", f"/api/tables/{table}")[1]["state"]["over"]:
        assert time.monotonic() < deadline, "the bots did not finish their game"
        time.sleep(0.1)
    return table


def test_the_analysis_of_a_finished_game(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'analysis.db'}"
    server = ServerProcess(db, bot_delay=0, settings=SETTINGS).start()
    try:
        table = _finished_table(server)
        path = f"/api/tables/{table}/games/1/analysis"
        assert _call(server, "GET", path) == (200, {"status": "none"})
        status, started = _call(server, "POST", path)
        assert status == 200 and started["status"] in ("running", "done")
        seen = []
        deadline = time.monotonic() + 240
        while True:
            status, now = _call(server, "GET", path)
            assert status == 200
            if now["status"] == "done":
                break
            assert now["status"] == "running", now
            assert 0 <= now["done"] <= now["total"]
            seen.append(now["done"])
            again = _call(server, "POST", path)[1]  # asking again starts nothing new
            assert again["status"] in ("running", "done")
            assert time.monotonic() < deadline, "the analysis did not finish"
            time.sleep(0.2)
        assert seen == sorted(seen)
        served = now["analysis"]
        _status, record = _call(server, "GET", f"/api/tables/{table}/games/1")
        expected = analyze(record, worlds=3, bid_worlds=2).detailed_json()
        assert served == json.loads(json.dumps(expected))
        # the table's statistics are schafkopf stats' of its records
        from schafkopf.stats import compute_stats

        assert _call(server, "GET", f"/api/tables/{table}/stats") == (
            200, json.loads(json.dumps(compute_stats([record]).to_json())),
        )  # fmt: skip
        for bad in ("/api/tables/{t}/games/2/analysis", "/api/tables/{t}/games/0/analysis"):
            code, err = _call(server, "POST", bad.format(t=table))
            assert (code, err["code"]) == (404, "no_game"), err
        code, err = _call(server, "POST", "/api/tables/nope/games/1/analysis")
        assert (code, err["code"]) == (404, "no_table")
        out = server.output()
    finally:
        server.stop()
    assert "Traceback" not in out
    # after a restart the stored analysis is served at once, and starting again is a no-op
    server = ServerProcess(db, bot_delay=0, settings=SETTINGS).start()
    try:
        assert _call(server, "GET", path) == (200, {"status": "done", "analysis": served})
        assert _call(server, "POST", path) == (200, {"status": "done", "analysis": served})
    finally:
        server.stop()


def test_a_tip_for_the_seat_to_move_where_the_others_are_bots(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tips.db'}"
    server = ServerProcess(db, bot_delay=0, settings=SETTINGS).start()
    try:
        status, made = _call(server, "POST", "/api/tables", {
            "preset": "sauspiel", "games": 1, "player": "Anna",
            "seats": ["human", "heuristic", "heuristic", "heuristic"],
        })  # fmt: skip
        assert status == 200
        table, token = made["table"], made["token"]
        deadline = time.monotonic() + 30
        while _call(server, "GET", f"/api/tables/{table}")[1]["state"]["view"]["to_move"] != 0:
            assert time.monotonic() < deadline, "Anna's turn did not come"
            time.sleep(0.05)
        status, tip = _call(server, "POST", f"/api/tables/{table}/tip", {"token": token})
        assert status == 200, tip
        assert tip["seat"] == 0 and tip["unit"] == "ct" and len(tip["options"]) >= 2
        assert tip["best"] in tip["options"] and tip["second"] in tip["options"]
        assert tip["value"] == max(tip["options"].values())
        # asked again at the same version: the same tip, not judged anew
        assert _call(server, "POST", f"/api/tables/{table}/tip", {"token": token})[1] == tip
        code, err = _call(server, "POST", f"/api/tables/{table}/tip", {"token": "x" * 20})
        assert (code, err["code"]) == (403, "bad_token")
        # with another person at the table: no tip, unless the creator allowed tips
        for allowed in (False, True):
            status, made = _call(server, "POST", "/api/tables", {
                "preset": "standard", "games": 1, "player": "Anna", "tips": allowed,
                "seats": ["human", "human", "heuristic", "heuristic"],
            })  # fmt: skip
            path = f"/api/tables/{made['table']}/tip"
            code, answer = _call(server, "POST", path, {"token": made["token"]})
            if allowed:  # a tip if it is Anna's turn, else nothing to choose
                assert (code == 200 and "best" in answer) or (code, answer["code"]) == (
                    409,
                    "no_turn",
                )
            else:
                assert (code, answer["code"]) == (403, "tips_off")
        out = server.output()
    finally:
        server.stop()
    assert "Traceback" not in out


def test_a_finished_game_played_on_from_a_step(tmp_path: Path) -> None:
    from test_server_seats import Client, over

    db = f"sqlite:///{tmp_path / 'whatif.db'}"
    server = ServerProcess(db, bot_delay=0, settings=SETTINGS).start()
    try:
        for _ in range(10):  # a deal all four passed has no card to play on from: deal again
            table = _finished_table(server)
            replay = _call(server, "GET", f"/api/tables/{table}/games/1/replay")[1]
            history = replay["history"]
            cards = [i for i, h in enumerate(history) if h["action"] in TOKENS]
            if cards:
                break
        first_card = cards[0]
        step = first_card + 2  # the second card of the first trick is to be played
        code, made = _call(server, "POST", f"/api/tables/{table}/games/1/what-if",
                           {"step": step, "player": "Anna"})  # fmt: skip
        assert code == 200, made
        seat = history[step - 1]["seat"]
        assert made["seat"] == seat and made["token"] and made["invite"]
        state = _call(server, "GET", f"/api/tables/{made['table']}")[1]["state"]
        assert state["view"]["history"] == history[: step - 1]
        # each seat keeps the name of who played it then: the person plays that seat as them
        game_names = _call(server, "GET", f"/api/tables/{table}/games/1")[1]["players"]
        assert state["names"] == game_names and state["games"] == 1
        assert state["played_on"] is True  # the page offers no "again" there
        assert state["played_from"] == {"table": table, "game": 1, "step": step}  # its end compares
        old_state = _call(server, "GET", f"/api/tables/{table}")[1]["state"]
        assert old_state["played_on"] is False and old_state["played_from"] is None
        assert state["view"]["to_move"] == seat
        assert state["kinds"][:seat] + state["kinds"][seat + 1 :] == ["heuristic"] * 3
        # a person named as another seat's player: the names stay the game's, one each
        other = (seat + 1) % 4
        code, twin = _call(server, "POST", f"/api/tables/{table}/games/1/what-if",
                           {"step": step, "player": game_names[other]})  # fmt: skip
        assert code == 200, twin
        names = _call(server, "GET", f"/api/tables/{twin['table']}")[1]["state"]["names"]
        assert names == game_names and len(set(names)) == 4, names
        # the person plays it to the end against the bots
        anna = Client(server, made["table"], made["token"])
        last = anna.play(over)
        anna.close()
        assert last["state"]["over"]
        record = _call(server, "GET", f"/api/tables/{made['table']}/games/1")[1]
        old = _call(server, "GET", f"/api/tables/{table}/games/1")[1]
        assert record["hands"] == old["hands"] and record["dealer"] == old["dealer"]
        # a next round from there is dealt anew: its own game, from no other
        code, round_ = _call(server, "POST", f"/api/tables/{made['table']}/again",
                             {"token": made["token"]})  # fmt: skip
        assert code == 200, round_
        fresh = _call(server, "GET", f"/api/tables/{round_['table']}")[1]["state"]
        assert fresh["played_on"] is False and fresh["played_from"] is None
        # played on again from Anna's game in another seat: a ladder level stands in for her
        code, again = _call(server, "POST", f"/api/tables/{made['table']}/games/1/what-if",
                            {"step": 1, "seat": other})  # fmt: skip
        assert code == 200, again
        kinds = _call(server, "GET", f"/api/tables/{again['table']}")[1]["state"]["kinds"]
        assert kinds[seat] == "level:3" and kinds[other] == "human", kinds
        for bad, code_ in (({"step": 0}, 422), ({"step": len(history) + 1}, 400)):
            status, err = _call(server, "POST", f"/api/tables/{table}/games/1/what-if", bad)
            assert status == code_, err
        out = server.output()
    finally:
        server.stop()
    assert "Traceback" not in out
    server = ServerProcess(db, bot_delay=0, settings=SETTINGS).start()
    try:  # rebuilt from the store after a restart: the same game
        again = _call(server, "GET", f"/api/tables/{made['table']}/games/1")[1]
        assert again == record
    finally:
        server.stop()
