"""Seats that follow people, the lobby and another round, against a real ``schafkopf serve``
over loopback: a person leaves and a bot plays on for them, comes back to their own seat; a
seat nobody took gets a bot (after the wait, or at the creator's request) that a person may
take over; a person away past the move time gets a bot until they act or connect again; the
lobby lists the open public tables with their invitation; "again" makes the next table with
the same players and tells each seat its own token. Every change survives a restart, and no
message or answer carries a token to anyone but its holder."""

from __future__ import annotations

import json
import re
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from schafkopf.server.protocol import ERROR_CODES
from schafkopf.server.table import (
    BOT_NAMES,
    MAX_NAME,
    distinct_name,
    stand_in_bot,
    stand_in_name,
)
from server_helpers import my_move
from test_server_process import ServerProcess

SETTINGS = [
    "tables_per_minute=1000",
    "joins_per_minute=1000",
    "requests_per_second=1000",
    "messages_per_second=1000",
]
TWO = ["human", "human", "heuristic", "heuristic"]
"""Seats for two people and two rule-based bots."""


# -- the server and its clients -----------------------------------------------------------------


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'seats.db'}"


def serve(db: str, *settings: str) -> ServerProcess:
    """A server on ``db`` (bots without delay) with the tests' limits and ``settings``."""
    return ServerProcess(db, settings=[*SETTINGS, *settings]).start()


def finish(server: ServerProcess) -> None:
    """Stop the server; it must have logged no error or traceback."""
    out = server.output()
    server.stop()
    for word in ("Traceback", "ERROR"):
        assert word not in out, out


@pytest.fixture
def server(db: str) -> Iterator[ServerProcess]:
    s = serve(db)
    yield s
    finish(s)


def call(
    server: ServerProcess, method: str, path: str, body: Any = None
) -> tuple[int, dict[str, Any]]:
    """An HTTP request: its status and JSON answer (a refusal too)."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        server.url + path, data, {"content-type": "application/json"}, method=method
    )
    try:
        with urllib.request.urlopen(req, timeout=20) as r:
            return r.status, dict(json.loads(r.read()))
    except urllib.error.HTTPError as e:
        return e.code, dict(json.loads(e.read()))


def ok(server: ServerProcess, path: str, body: Any = None, method: str = "POST") -> dict[str, Any]:
    status, data = call(server, method, path, body)
    assert status == 200, (path, status, data)
    return data


def refused(server: ServerProcess, path: str, body: Any, status: int, code: str) -> None:
    got, data = call(server, "POST", path, body)
    assert (got, data.get("code")) == (status, code), (path, got, data)
    assert code in ERROR_CODES


TOKENS: list[str] = []
"""Every token the tests were given (to look for where none may be)."""


def create(server: ServerProcess, **body: Any) -> dict[str, Any]:
    body.setdefault("player", "Anna")
    made = ok(server, "/api/tables", body)
    if made["token"]:
        TOKENS.append(made["token"])
    return made


def join(server: ServerProcess, table: str, invite: str, name: str) -> dict[str, Any]:
    joined = ok(server, f"/api/tables/{table}/join", {"invite": invite, "name": name})
    TOKENS.append(joined["token"])
    return joined


class Client:
    """A WebSocket to a table (with a token: a seat, else a spectator) that keeps every
    message it received, to check afterwards what it was told."""

    def __init__(self, server: ServerProcess, table: str, token: str | None = None) -> None:
        query = "" if token is None else f"?token={token}"
        self.ws: ClientConnection = connect(
            f"ws://127.0.0.1:{server.port}/ws/{table}{query}", max_size=None
        ).__enter__()  # (a context manager, closed by close())
        self.token = token
        self.own = {token} if token else set()
        """The tokens this client's person holds (its seat's, the next table's)."""
        self.seen: list[str] = []
        self.last: dict[str, Any] = {}
        """The newest message with a state."""

    def next(self, timeout: float = 20) -> dict[str, Any]:
        raw = self.ws.recv(timeout=timeout)
        assert isinstance(raw, str)
        self.seen.append(raw)
        msg = dict(json.loads(raw))
        if "state" in msg:
            self.last = msg
        return msg

    def until(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 30) -> dict[str, Any]:
        """Read messages until one satisfies ``pred`` (an error fails, unless asked for)."""
        deadline = time.monotonic() + timeout
        while True:
            msg = self.next(max(0.01, deadline - time.monotonic()))
            if pred(msg):
                return msg
            assert msg["type"] != "error" or msg["code"] == "stale_version", msg

    def send(self, payload: dict[str, Any]) -> None:
        self.ws.send(json.dumps(payload))

    def act(self, msg: dict[str, Any]) -> bool:
        """Send the seat's move in ``msg``'s state, if it has one."""
        action = my_move(msg["state"])
        if action is None:
            return False
        self.send({"type": "act", "action": action, "version": msg["version"]})
        return True

    def play(self, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """Play the seat (first legal action, "gut" when waited on) until ``done`` says so
        of a message; returns that message."""
        msg = self.last or self.until(lambda m: "state" in m)
        while not done(msg):
            if "state" in msg:
                self.act(msg)
            msg = self.until(lambda m: "state" in m or done(m))
        return msg

    def close(self) -> None:
        self.ws.close()


def seat_news(code: str, seat: int) -> Callable[[dict[str, Any]], bool]:
    """A ``seats`` message announcing ``code`` for ``seat``."""
    return lambda m: (
        m["type"] == "seats"
        and m.get("event", {}).get("code") == code
        and m["event"]["seat"] == seat
    )


def over(msg: dict[str, Any]) -> bool:
    return "state" in msg and bool(msg["state"]["over"])


def state(server: ServerProcess, table: str) -> dict[str, Any]:
    return dict(ok(server, f"/api/tables/{table}", method="GET")["state"])


def wait_for(check: Callable[[], bool], timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def settled(server: ServerProcess, table: str) -> dict[str, Any]:
    """The table's state once a person is to move (at a bot's turn it changes any moment)."""
    found: dict[str, Any] = {}

    def a_person_to_move() -> bool:
        found.update(state(server, table))
        mover = found["view"]["to_move"]
        return mover is None or found["seat_status"][mover] == "person"

    wait_for(a_person_to_move)
    return found


def no_foreign_token(client: Client, extra: str = "") -> None:
    """The leak check: nothing ``client`` was told holds a token but its own (a spectator's:
    none), nor does ``extra`` (answers everyone may read)."""
    for raw in client.seen:
        for token in TOKENS:
            if token not in client.own:
                assert token not in raw, f"a token of another seat reached {client.own}: {raw}"
    for token in TOKENS:
        assert token not in extra, f"a token in a public answer: {extra[:300]}"


# -- the lobby ------------------------------------------------------------------------------------


def test_the_lobby_lists_the_open_public_tables(db: str) -> None:
    server = serve(db, "lobby_tables=3", "idle_close_minutes=0.02")
    try:
        public = create(server, seats=TWO, public=True, name="Stammtisch")
        assert public["public"] is True
        private = create(server, seats=TWO)
        assert private["public"] is False
        finished = create(server, games=1, public=True)
        lobby = ok(server, "/api/tables", method="GET")["tables"]
        assert [t["table"] for t in lobby] == [finished["table"], public["table"]]  # newest first
        entry = lobby[1]
        assert entry == {
            "table": public["table"],
            "name": "Stammtisch",
            "rules": state(server, public["table"])["rules"],
            "names": entry["names"],
            "kinds": ["human", "human", "heuristic", "heuristic"],
            "seat_status": ["person", "free", "bot", "bot"],
            "free": [1],
            "game": 1,
            "games": 8,
            "turn_seconds": 0.0,
            "invite": public["invite"],
        }
        assert entry["names"][:2] == ["Anna", "Spieler 2"]
        # anyone joins a public table with the lobby's invitation
        bert = join(server, public["table"], entry["invite"], "Bert")
        assert bert["seat"] == 1
        entry = ok(server, "/api/tables", method="GET")["tables"][1]
        assert entry["free"] == [] and entry["invite"] is None  # full: no invitation
        assert entry["seat_status"][:2] == ["person", "person"]
        # a table that is over is not listed
        player = Client(server, finished["table"], finished["token"])
        player.play(over)
        player.close()
        listed = [t["table"] for t in ok(server, "/api/tables", method="GET")["tables"]]
        assert listed == [public["table"]]
        # at most lobby_tables, the newest
        newer = [create(server, seats=TWO, public=True)["table"] for _ in range(3)]
        listed = [t["table"] for t in ok(server, "/api/tables", method="GET")["tables"]]
        assert listed == newer[::-1]
        text = json.dumps(ok(server, "/api/tables", method="GET"))
        assert not any(token in text for token in TOKENS)
        # "public" is true or false
        status, data = call(server, "POST", "/api/tables", {"public": "yes"})
        assert (status, data["code"]) == (422, "malformed")
    finally:
        finish(server)


def test_a_closed_table_leaves_the_lobby(db: str) -> None:
    """A public table nobody was connected to for ``idle_close_minutes`` is closed, and the
    lobby lists it no more (nor after a restart)."""
    server = serve(db, "idle_close_minutes=0.01")
    try:
        made = create(server, seats=TWO, public=True)
        wait_for(lambda: state(server, made["table"])["closed"])
        assert ok(server, "/api/tables", method="GET")["tables"] == []
    finally:
        finish(server)
    server = serve(db)
    try:
        assert ok(server, "/api/tables", method="GET")["tables"] == []
        other = create(server, seats=TWO, public=True)
        listed = ok(server, "/api/tables", method="GET")["tables"]
        assert [t["table"] for t in listed] == [other["table"]]
    finally:
        finish(server)


def test_public_tables_are_listed_after_a_restart(db: str) -> None:
    server = serve(db)
    try:
        made = create(server, seats=TWO, public=True)
        create(server, seats=TWO)
        before = ok(server, "/api/tables", method="GET")
    finally:
        finish(server)
    server = serve(db)
    try:
        assert ok(server, "/api/tables", method="GET") == before
        assert before["tables"][0]["table"] == made["table"]
        assert state(server, made["table"])["public"] is True
    finally:
        finish(server)


# -- leaving and coming back ----------------------------------------------------------------------


def test_a_person_leaves_a_bot_plays_on_and_they_come_back(db: str) -> None:
    server = serve(db)
    try:
        made = create(server, seats=["human", "human", "human", "heuristic"])
        table, invite = made["table"], made["invite"]
        bert = join(server, table, invite, "Bert")
        carl = join(server, table, invite, "Carl Friedrich Maximilian Hub")
        anna_ws = Client(server, table, made["token"])
        bert_ws = Client(server, table, bert["token"])
        watcher = Client(server, table)
        for c in (anna_ws, bert_ws, watcher):
            c.until(lambda m: m["type"] == "snapshot")
        # Bert leaves: a bot plays his seat at once
        left = ok(server, f"/api/tables/{table}/leave", {"token": bert["token"]})
        assert left["seat"] == 1 and left["name"].split(" (")[0] in BOT_NAMES
        assert left["name"].endswith(" (Bot für Bert)") and len(left["name"]) <= MAX_NAME
        news = anna_ws.until(seat_news("left", 1))
        assert news["event"] == {
            "kind": "seat", "code": "left", "seat": 1, "name": left["name"], "status": "left",
            "plays": "heuristic", "person": "Bert",
        }  # fmt: skip
        st = news["state"]
        assert st["seat_status"] == ["person", "left", "person", "bot"] and st["stand_in"] == [1]
        assert st["names"][1] == left["name"] and st["kinds"][1] == "human"
        # his connection watches from now on, and his token holds nothing
        gone = bert_ws.until(seat_news("left", 1))
        assert gone["state"]["seat"] is None and gone["state"]["view"]["hand"] == []
        bert_ws.send({"type": "act", "action": "weiter", "version": gone["version"]})
        assert bert_ws.until(lambda m: m["type"] == "error")["code"] == "no_seat"
        refused(server, f"/api/tables/{table}/leave", {"token": bert["token"]}, 403, "bad_token")
        old = Client(server, table, bert["token"])
        assert old.next()["code"] == "bad_token"
        # the bot plays seat 1 while Anna plays hers (Carl is not connected: the game may
        # wait at his turn; the bot has acted by then or the table waits at Carl)
        moved = anna_ws.play(
            lambda m: (
                (m["type"] == "event" and m["event"].get("seat") == 1)
                or ("state" in m and m["state"]["view"]["to_move"] == 2)
            )
        )
        assert moved["type"] in ("event", "seats", "snapshot")
        # Carl leaves too, then Bert comes back: he gets his own seat (by his name)
        ok(server, f"/api/tables/{table}/leave", {"token": carl["token"]})
        anna_ws.until(seat_news("left", 2))
        back = join(server, table, invite, "Bert")
        assert back["seat"] == 1 and back["token"] != bert["token"]
        news = anna_ws.until(seat_news("took_over", 1))
        assert news["event"]["name"] == "Bert" and news["event"]["status"] == "person"
        assert news["event"]["plays"] == "human" and news["state"]["stand_in"] == [2]
        # anyone else takes the seat Carl's bot plays
        dora = join(server, table, invite, "Dora")
        assert dora["seat"] == 2
        full = call(server, "POST", f"/api/tables/{table}/join", {"invite": invite, "name": "E"})
        assert (full[0], full[1]["code"]) == (409, "table_full")
        before = state(server, table)
        assert before["seat_status"] == ["person", "person", "person", "bot"]
        assert before["names"][:3] == ["Anna", "Bert", "Dora"] and before["stand_in"] == []
        bert_back = Client(server, table, back["token"])
        assert bert_back.next()["state"]["seat"] == 1
        for c in (anna_ws, bert_ws, watcher, bert_back, old):
            c.close()
        for c in (anna_ws, bert_ws, watcher, bert_back):
            no_foreign_token(c, json.dumps(before))
        # Dora leaves; after a restart the table is as it was
        ok(server, f"/api/tables/{table}/leave", {"token": dora["token"]})
        before = settled(server, table)  # Dora's bot and seat 3 act first, then Anna waits
    finally:
        finish(server)
    server = serve(db)
    try:
        after = state(server, table)
        assert after == before and after["seat_status"][2] == "left"
        refused(server, f"/api/tables/{table}/leave", {"token": dora["token"]}, 403, "bad_token")
        assert join(server, table, invite, "Dora")["seat"] == 2
    finally:
        finish(server)


def test_a_finished_game_keeps_the_names_it_was_played_under(db: str) -> None:
    """Anna plays game 1 and leaves: its record, replay, result and ledger row still name
    her, not the bot that plays her seat from then on (whose name game 2 shows), also after
    a restart, which renames the seats where the stored changes did."""
    server = serve(db)
    try:
        made = create(server, games=3, seats=["human", "human", "heuristic", "heuristic"])
        table = made["table"]
        bert = Client(server, table, join(server, table, made["invite"], "Bert")["token"])
        anna = Client(server, table, made["token"])
        one_game = [lambda m: "state" in m and len(m["state"].get("ledger") or []) >= 1]
        played = threading.Thread(target=bert.play, args=one_game)
        played.start()
        anna.play(one_game[0])
        played.join()
        left = ok(server, f"/api/tables/{table}/leave", {"token": made["token"]})
        anna.close()
        bert.play(lambda m: "state" in m and len(m["state"].get("ledger") or []) >= 2)
        bert.close()

        def names_of_games() -> tuple[list[str], list[str], list[Any]]:
            first = ok(server, f"/api/tables/{table}/games/1", method="GET")["players"]
            second = ok(server, f"/api/tables/{table}/games/2/replay", method="GET")["names"]
            rows = state(server, table)["ledger"]
            return first, second, [row.get("names") for row in rows[:2]]

        first, second, rows = names_of_games()
        assert first[0] == "Anna" and second[0] == left["name"]
        assert rows[0] is not None and rows[0][0] == "Anna" and rows[1] is None  # as now
        assert state(server, table)["names"][0] == left["name"]
        before = names_of_games()
        # game 2 played on in the seat the bot played for Anna: as Anna, or as the bot's name
        for player, shown in (("Anna", "Anna"), (None, left["name"].split(" (")[0])):
            body = {"step": 1, "seat": 0, **({"player": player} if player else {})}
            on = ok(server, f"/api/tables/{table}/games/2/what-if", body)
            assert state(server, on["table"])["names"][0] == shown
    finally:
        finish(server)
    server = serve(db)
    try:
        assert names_of_games() == before
        assert state(server, table)["names"][0] == left["name"]
    finally:
        finish(server)


def test_the_names_before_the_stored_seat_changes() -> None:
    """A restart starts each seat under its name before its first stored change (the person
    who left or went away) and renames it at each change's place among the actions."""
    from schafkopf.server.hub import names_over_time
    from schafkopf.server.store import SeatChange

    changes = [
        SeatChange(1, "away", "Sepp (Bot für Bert)", "Bert", 10),
        SeatChange(1, "back", "Bert", "Bert", 14),
        SeatChange(2, "left", "Resi (Bot für Cilli)", "Cilli", 14),
        SeatChange(1, "left", "Hias (Bot für Bert)", "Bert", 40),
        SeatChange(3, "bot", "Wastl", None, 0),
    ]
    now = ["Anna", "Hias (Bot für Bert)", "Resi (Bot für Cilli)", "Wastl"]
    first, renames = names_over_time(now, changes)
    assert first == ["Anna", "Bert", "Cilli", "Wastl"]  # a free seat's bot: its name stands
    assert renames == {
        10: [(1, "Sepp (Bot für Bert)")],
        14: [(1, "Bert"), (2, "Resi (Bot für Cilli)")],
        40: [(1, "Hias (Bot für Bert)")],
        0: [(3, "Wastl")],
    }
    assert names_over_time(now, []) == (now, {})


def test_the_others_are_told_when_a_person_s_page_goes_and_comes(db: str) -> None:
    """``online`` lists the seats with a connection: Bert's closed page takes his seat out
    (the others get a ``presence`` message), his next connection puts it back; a spectator
    counts for no seat, and a second page of the same seat changes nothing."""
    server = serve(db)
    try:
        made = create(server, seats=["human", "human", "heuristic", "heuristic"])
        table = made["table"]
        bert = join(server, table, made["invite"], "Bert")
        anna = Client(server, table, made["token"])
        assert anna.until(lambda m: m["type"] == "snapshot")["state"]["online"] == [0]
        watcher = Client(server, table)
        assert watcher.until(lambda m: m["type"] == "snapshot")["state"]["online"] == [0]
        page = Client(server, table, bert["token"])
        assert page.until(lambda m: m["type"] == "snapshot")["state"]["online"] == [0, 1]
        came = anna.until(lambda m: m["type"] == "presence")
        assert came["online"] == [0, 1] and set(came) == {"type", "version", "online"}
        assert watcher.until(lambda m: m["type"] == "presence")["online"] == [0, 1]
        second = Client(server, table, bert["token"])  # another tab of his: no news
        second.until(lambda m: m["type"] == "snapshot")
        second.close()
        page.close()
        gone = anna.until(lambda m: m["type"] == "presence")
        assert gone["online"] == [0]
        assert watcher.until(lambda m: m["type"] == "presence")["online"] == [0]
        assert state(server, table)["online"] == [0]
        # the table need not wait for him: a bot plays for Bert until his page is back (any
        # seated person may ask so for a seat without a connection; not for a connected one)
        refused(server, f"/api/tables/{table}/seats/0/bot", {"token": made["token"]}, 409,
                "seat_taken")  # fmt: skip
        stand_in = ok(server, f"/api/tables/{table}/seats/1/bot", {"token": made["token"]})
        assert stand_in["name"].endswith(" (Bot für Bert)"), stand_in
        assert anna.until(seat_news("away", 1))["state"]["seat_status"][1] == "away"
        back = Client(server, table, bert["token"])
        assert back.until(lambda m: m["type"] == "snapshot")["state"]["seat"] == 1
        came_back = anna.until(seat_news("back", 1))
        assert (
            came_back["event"]["name"] == "Bert"
            and came_back["state"]["seat_status"][1] == "person"
        )
        assert anna.until(lambda m: m["type"] == "presence")["online"] == [0, 1]
        # a connected seat's holder asks for nobody's: not the creator, and Anna is there
        refused(server, f"/api/tables/{table}/seats/0/bot", {"token": bert["token"]}, 403,
                "not_creator")  # fmt: skip
        for c in (anna, watcher, back):
            c.close()
    finally:
        finish(server)


def test_refused_seat_requests(server: ServerProcess) -> None:
    made = create(server, seats=TWO)
    table = made["table"]
    for body in ({}, {"token": 5}, {"token": "x" * 65}, {"token": "t", "seat": 1}):
        status, data = call(server, "POST", f"/api/tables/{table}/leave", body)
        assert (status, data["code"]) == (422, "malformed"), body
    for token in ("", "forged", "\u00e4"):
        refused(server, f"/api/tables/{table}/leave", {"token": token}, 403, "bad_token")
    refused(server, "/api/tables/nope/leave", {"token": made["token"]}, 404, "no_table")
    refused(server, f"/api/tables/{table}/again", {"token": "forged"}, 403, "bad_token")
    refused(server, f"/api/tables/{table}/seats/1/bot", {"token": "forged"}, 403, "bad_token")
    status, data = call(server, "POST", f"/api/tables/{table}/seats/x/bot", {"token": "t"})
    assert (status, data["code"]) == (422, "malformed")
    assert state(server, table)["seat_status"] == ["person", "free", "bot", "bot"]


# -- a seat nobody took ---------------------------------------------------------------------------


def test_an_empty_seat_gets_a_bot_after_a_wait_and_a_person_takes_it_over(db: str) -> None:
    server = serve(db, "empty_seat_bot_seconds=0.5")
    try:
        made = create(server, seats=TWO)
        table = made["table"]
        # a table where nobody holds a seat gets no bot: it waits for people
        nobody = ok(server, "/api/tables", {"seats": TWO})
        anna = Client(server, table, made["token"])
        waited = anna.play(seat_news("bot", 1))
        assert waited["event"]["status"] == "empty" and waited["event"]["person"] is None
        assert waited["event"]["name"].endswith(" (Bot)")
        assert waited["state"]["stand_in"] == [1]
        # the bot plays seat 1: Anna's game goes on
        anna.play(lambda m: m["type"] == "event" and m["event"].get("seat") == 1)
        # a person takes the seat over from the bot
        dora = join(server, table, made["invite"], "Dora")
        assert dora["seat"] == 1
        news = anna.until(seat_news("took_over", 1))
        assert news["event"]["person"] == "Dora" and news["state"]["stand_in"] == []
        time.sleep(1.0)
        assert state(server, nobody["table"])["seat_status"] == ["free", "free", "bot", "bot"]
        anna.close()
        no_foreign_token(anna)
    finally:
        finish(server)


def test_the_creator_seats_a_bot_at_once(server: ServerProcess) -> None:
    made = create(server, seats=["human", "human", "human", "heuristic"])
    table = made["table"]
    bert = join(server, table, made["invite"], "Bert")
    path = f"/api/tables/{table}/seats"
    refused(server, f"{path}/2/bot", {"token": bert["token"]}, 403, "not_creator")
    got = ok(server, f"{path}/2/bot", {"token": made["token"]})
    assert got["seat"] == 2 and got["name"].endswith(" (Bot)") and len(got["name"]) <= MAX_NAME
    st = state(server, table)
    assert st["seat_status"] == ["person", "person", "empty", "bot"] and st["creator"] == 0
    assert st["names"][2] == got["name"] and st["stand_in"] == [2]
    refused(server, f"{path}/2/bot", {"token": made["token"]}, 409, "seat_taken")
    bert_page = Client(server, table, bert["token"])  # his page is open: his seat is his
    bert_page.until(lambda m: m["type"] == "snapshot")
    refused(server, f"{path}/1/bot", {"token": made["token"]}, 409, "seat_taken")
    bert_page.close()
    refused(server, f"{path}/3/bot", {"token": made["token"]}, 409, "seat_taken")
    refused(server, f"{path}/9/bot", {"token": made["token"]}, 400, "bad_seat")
    refused(server, f"{path}/-1/bot", {"token": made["token"]}, 400, "bad_seat")
    # a person may still take the seat
    assert join(server, table, made["invite"], "Carl")["seat"] == 2
    assert state(server, table)["seat_status"] == ["person", "person", "person", "bot"]
    # a table made without a person has no creator
    nobody = ok(server, "/api/tables", {"seats": TWO})
    joined = join(server, nobody["table"], nobody["invite"], "Eva")
    assert state(server, nobody["table"])["creator"] is None
    refused(
        server, f"/api/tables/{nobody['table']}/seats/1/bot", {"token": joined["token"]},
        403, "not_creator",
    )  # fmt: skip


# -- away past the move time ----------------------------------------------------------------------


def test_a_person_away_gets_a_bot_until_they_act_or_connect(db: str) -> None:
    # bots at a pace: undelayed, the stand-in plays 50 games in about a second while she is
    # away, and a slow machine found the table over when she came back (nothing to wait for)
    settings = [*SETTINGS, "min_turn_seconds=0.01", "away_timeouts=2"]
    server = ServerProcess(db, settings=settings, bot_delay=0.02).start()
    try:
        made = create(server, turn_seconds=0.2, games=50)
        table = made["table"]
        anna = Client(server, table, made["token"])
        away = anna.until(seat_news("away", 0))  # Anna never acts
        assert away["event"]["status"] == "away" and away["event"]["person"] == "Anna"
        assert away["event"]["name"].endswith(" (Bot für Anna)")
        assert away["state"]["seat"] == 0 and away["state"]["stand_in"] == [0]
        # each action the server made for her in her time says so; no other action does
        events = [m["event"] for m in map(json.loads, anna.seen) if m["type"] == "event"]
        timed_out = [e for e in events if e.get("by") == "timeout"]
        assert len(timed_out) == 2 and all(e["seat"] == 0 for e in timed_out)
        assert all(e.get("by") in (None, "timeout") for e in events)
        # the bot plays her seat without waiting for the move time
        anna.until(lambda m: m["type"] == "event" and m["event"].get("seat") == 0, timeout=5)
        # any action of hers brings her back, accepted or not
        anna.send({"type": "act", "action": "weiter", "version": 0})
        back = anna.until(seat_news("back", 0))
        assert back["event"]["name"] == "Anna" and back["state"]["seat_status"][0] == "person"
        assert back["state"]["names"][0] == "Anna"
        # away again; then her reconnect brings her back
        anna.until(seat_news("away", 0))
        anna.close()
        again = Client(server, table, made["token"])
        snap = again.next()
        assert snap["type"] == "snapshot" and snap["state"]["seat_status"][0] == "person"
        again.until(seat_news("away", 0))
        before = state(server, table)
        again.close()
        no_foreign_token(again)
    finally:
        finish(server)
    server = ServerProcess(db, settings=settings, bot_delay=0.02).start()
    try:
        after = state(server, table)
        assert after["seat_status"][0] == "away" and after["names"][0] == before["names"][0]
        anna = Client(server, table, made["token"])
        assert anna.next()["state"]["seat_status"][0] == "person"
        # the stored actions keep who made them: a resume after the restart says it too
        anna.send({"type": "resume", "since": 0})
        resumed = anna.until(lambda m: m["type"] == "events")
        assert [e["seat"] for e in resumed["events"] if e.get("by") == "timeout"][:2] == [0, 0]
        anna.close()
    finally:
        finish(server)


def test_no_away_without_a_move_time_or_with_away_timeouts_0(db: str) -> None:
    server = serve(db, "min_turn_seconds=0.01", "away_timeouts=0")
    try:
        made = create(server, turn_seconds=0.05, games=1)
        anna = Client(server, made["table"], made["token"])
        last = anna.until(over, timeout=60)  # the stand-in plays each move of hers in time
        assert last["state"]["seat_status"][0] == "person"
        assert not any('"code": "away"' in raw or '"code":"away"' in raw for raw in anna.seen)
        anna.close()
    finally:
        finish(server)


# -- again with the same players ------------------------------------------------------------------


def _play_all(clients: list[Client]) -> None:
    """Each client plays its seat in a thread until the table is over."""
    errors: list[BaseException] = []

    def run(c: Client) -> None:
        try:
            c.play(over)
        except BaseException as e:
            errors.append(e)

    threads = [threading.Thread(target=run, args=(c,)) for c in clients]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors, errors


def test_again_with_the_same_players(db: str) -> None:
    server = serve(db)
    try:
        made = create(server, seats=["human", "human", "human", "heuristic"], games=1,
                      preset="sauspiel", public=True)  # fmt: skip
        table, invite = made["table"], made["invite"]
        bert = join(server, table, invite, "Bert")
        refused(server, f"/api/tables/{table}/again", {"token": made["token"]}, 409, "not_over")
        ok(server, f"/api/tables/{table}/seats/2/bot", {"token": made["token"]})
        anna = Client(server, table, made["token"])
        bert_ws = Client(server, table, bert["token"])
        watcher = Client(server, table)
        _play_all([anna, bert_ws])
        version = ok(server, f"/api/tables/{table}", method="GET")["version"]
        old = state(server, table)
        assert old["over"] and old["next_table"] is None
        # Bert asks: the next table, and everyone connected hears of it (each its own token)
        answer = ok(server, f"/api/tables/{table}/again", {"token": bert["token"]})
        TOKENS.append(answer["token"])
        new = answer["table"]
        assert answer["seat"] == 1 and answer["token"] and new != table
        news = {c: c.until(lambda m: m["type"] == "again") for c in (anna, bert_ws, watcher)}
        assert news[bert_ws] == {
            "type": "again", "version": version, "table": new, "seat": 1,
            "token": answer["token"],
        }  # fmt: skip
        anna_token = news[anna]["token"]
        TOKENS.append(anna_token)
        anna.own.add(anna_token)
        bert_ws.own.add(answer["token"])
        assert news[anna]["seat"] == 0 and anna_token not in (None, answer["token"])
        assert news[watcher]["seat"] is None and news[watcher]["token"] is None
        # twice: the same table, the same token
        assert ok(server, f"/api/tables/{table}/again", {"token": bert["token"]}) == answer
        mine = ok(server, f"/api/tables/{table}/again", {"token": made["token"]})
        assert mine == {"table": new, "seat": 0, "token": anna_token, "invite": answer["invite"]}
        # the same players, names, kinds and rules; fresh cards
        st = state(server, new)
        assert st["names"] == old["names"] and st["kinds"] == old["kinds"]
        assert st["rules"] == old["rules"] and st["games"] == 1 and st["public"] is True
        assert st["seat_status"] == ["person", "person", "empty", "bot"] and st["creator"] == 0
        assert st["game"] == 1 and not st["over"] and st["ledger"] == []
        # dealt on from the seat after the last dealer (seat 0 dealt; a redeal keeps it)
        dealer = 1 if old["last_result"]["contract"] else 0
        assert st["view"]["dealer"] == dealer
        assert state(server, table)["next_table"] == new
        for token, seat in ((anna_token, 0), (answer["token"], 1)):
            c = Client(server, new, token)
            assert c.next()["state"]["seat"] == seat
            c.close()
        # the old table's seats stay as they are now
        refused(server, f"/api/tables/{table}/leave", {"token": bert["token"]}, 409, "table_over")
        status, data = call(server, "POST", f"/api/tables/{table}/join", {"invite": invite})
        assert (status, data["code"]) == (409, "table_over")
        for c in (anna, bert_ws, watcher):
            c.close()
            no_foreign_token(c, json.dumps(state(server, table)) + json.dumps(st))
        lobby = ok(server, "/api/tables", method="GET")["tables"]
        assert [t["table"] for t in lobby] == [new]
    finally:
        finish(server)
    server = serve(db)
    try:  # after a restart: still the same answer, and the same dealer
        assert ok(server, f"/api/tables/{table}/again", {"token": bert["token"]}) == answer
        assert state(server, new)["view"]["dealer"] == dealer
        # once Bert left the new table, his old token gets no token of the new one
        ok(server, f"/api/tables/{new}/leave", {"token": answer["token"]})
        again = ok(server, f"/api/tables/{table}/again", {"token": bert["token"]})
        assert again["token"] is None and again["table"] == new
        # a newcomer takes a seat a bot plays for nobody first, then one someone left
        assert join(server, new, answer["invite"], "Carl")["seat"] == 2
        assert join(server, new, answer["invite"], "Dora")["seat"] == 1  # Bert's, taken over
        assert ok(server, f"/api/tables/{table}/again", {"token": bert["token"]})["token"] is None
    finally:
        finish(server)


# -- the names of the bots that stand in ----------------------------------------------------------


def test_stand_in_names_are_short_and_distinct() -> None:
    names = ["Anna", "Sepp", "Resi", "Hias"]
    for person in ("Bert", "x" * 30, "Anna Maria Theresia von Habsburg"):
        for seed in range(20):
            name = stand_in_name(names, 0, seed, person)
            assert len(name) <= MAX_NAME, name
            assert name.split(" (")[0] not in ("Sepp", "Resi", "Hias")
            assert re.fullmatch(r"\w+ \(Bot für .+\)", name), name
            assert stand_in_bot(name) == name.split(" (")[0]  # read back
    assert stand_in_name(names, 0, 1, None).endswith(" (Bot)")
    assert stand_in_bot(stand_in_name(names, 0, 1, None)) in BOT_NAMES
    assert stand_in_bot("Max (Chef)") is None and stand_in_bot("Anna") is None


def test_no_two_seats_show_one_name(db: str) -> None:
    """A creator named like a bot never sits beside a bot of that name (the bots draw other
    names, in any case of letters); a person who joins under a name another seat shows gets a
    number ("Sepp 2"), and comes back to that seat under their own name after leaving. The
    names survive a restart."""
    server = serve(db)
    made: dict[str, Any] = {}
    try:
        for name in BOT_NAMES:
            for creator in (name, name.upper()):
                made = create(
                    server, player=creator, seats=["human", "human", "heuristic", "random"]
                )
                names = state(server, made["table"])["names"]
                assert names[0] == creator and names[1] == "Spieler 2", names
                assert name not in names[2:] and len(set(names[2:])) == 2, names
                assert set(names[2:]) <= set(BOT_NAMES), names
        # a third seat for a person stays free: coming back by name must beat a free seat
        made = create(server, player="Anna", seats=["human", "human", "human", "heuristic"])
        table, invite = made["table"], made["invite"]
        bot = state(server, table)["names"][3]
        joined = join(server, table, invite, f" {bot} ")
        assert joined["seat"] == 1
        assert state(server, table)["names"][1] == f"{bot} 2"
        ok(server, f"/api/tables/{table}/leave", {"token": joined["token"]})
        back = join(server, table, invite, bot.upper())  # any case
        assert back["seat"] == 1 and state(server, table)["names"][1] == f"{bot.upper()} 2"
        assert state(server, table)["seat_status"][2] == "free"
    finally:
        finish(server)
    server = serve(db)
    try:
        assert state(server, table)["names"][1] == f"{bot.upper()} 2"
    finally:
        finish(server)


def test_a_numbered_name_stays_short_and_distinct() -> None:
    names = ["Anna", "sepp", "Sepp 2", "x" * MAX_NAME]
    assert distinct_name("Bert", names, 0) == "Bert"
    assert distinct_name("Anna", names, 0) == "Anna"  # its own seat's name is no other's
    assert distinct_name("SEPP", names, 0) == "SEPP 3"
    long = distinct_name("x" * MAX_NAME, names, 0)
    assert long == "x" * (MAX_NAME - 2) + " 2"


def test_a_numbered_person_is_known_again() -> None:
    from schafkopf.server.hub import _same_person

    assert _same_person("Sepp", "Sepp") and _same_person("sepp", "Sepp")
    assert _same_person("Sepp", "Sepp 2") and _same_person("SEPP", "sepp 12")
    assert not _same_person("Sepp", "Seppi 2") and not _same_person("Sepp", "Sepp x")
    assert not _same_person("Sepp", None) and not _same_person("Se", "Sepp 2")
    long = "x" * MAX_NAME
    assert _same_person(long, distinct_name(long, [long, "y"], 1))
