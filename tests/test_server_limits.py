"""What the server refuses before it stores anything, and its limits per address and
connection: every refusal is a 4xx or an ``error`` message with a code, and changes nothing."""

from __future__ import annotations

import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from schafkopf.server.app import create_app
from schafkopf.server.protocol import ERROR_CODES
from schafkopf.server.settings import ServerSettings, SettingsError
from schafkopf.server.store import Store
from server_helpers import my_move

GENEROUS = ServerSettings(tables_per_minute=1000, joins_per_minute=1000)


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tables.db'}"


def _client(db: str, settings: ServerSettings = GENEROUS) -> TestClient:
    return TestClient(create_app(db, bot_delay=0, settings=settings))


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with _client(db) as c:
        yield c


def _stored(db: str) -> int:
    store = Store(db)
    try:
        return len(store.load())
    finally:
        store.close()


def _refused(r: Any, status: int, code: str, params: dict[str, Any] | None = None) -> None:
    assert r.status_code == status, r.text
    body = r.json()
    assert body["type"] == "error" and body["code"] == code and body["message"], body
    assert code in ERROR_CODES
    if params is not None:  # what the page needs to say how to mend it
        assert body.get("params") == params, body


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"seats": ["human", "pimc:bogus=1", "heuristic", "heuristic"]}, "bad_seats"),
        ({"seats": ["human", "pimc:samples=0", "heuristic", "heuristic"]}, "bad_seats"),
        ({"seats": ["human", "pimc:samples=100000", "heuristic", "heuristic"]}, "bad_seats"),
        ({"seats": ["heuristic"] * 4}, "bad_seats"),
        ({"overrides": {"tarif.rufspiel": 10**400}}, "bad_rules"),
        (
            {"overrides": {"tarif.solo": 100_001}},
            ("bad_rules", {"reason": "too_high", "option": "tarif.solo", "most": 100_000}),
        ),
        (
            {"overrides": {"laufende_min.wenz": 15}},
            ("bad_rules", {"reason": "too_high", "option": "laufende_min.wenz", "most": 14}),
        ),
        ({"overrides": {"contracts": []}}, ("bad_rules", {"reason": "no_game"})),
        ({"overrides": {"contracts": ["sie", "tout"]}}, ("bad_rules", {"reason": "no_game"})),
    ],
)
def test_refused_tables_are_never_stored(
    db: str, client: TestClient, body: Any, code: str | tuple[str, dict[str, Any]]
) -> None:
    """A free player spec (the API takes bot levels by id), an absurd price, no playable
    contract, no seat for a person: 400 with the reason (and what the page needs to say how
    to mend it), and no table in the store."""
    want, params = code if isinstance(code, tuple) else (code, None)
    _refused(client.post("/api/tables", json={"player": "Anna", **body}), 400, want, params)
    assert _stored(db) == 0


def test_a_ramsch_only_table_is_a_game(client: TestClient) -> None:
    body = {"player": "Anna", "overrides": {"contracts": [], "all_pass": "ramsch"}}
    assert client.post("/api/tables", json=body).status_code == 200


def test_a_refused_spec_leaves_a_server_that_starts_again(db: str) -> None:
    with _client(db) as c:
        r = c.post("/api/tables", json={"seats": ["human", "pimc:bogus=1", "random", "random"]})
        assert r.status_code == 400
        assert c.post("/api/tables", json={"player": "Anna"}).status_code == 200
    with _client(db) as c:  # the restart rebuilds the one good table
        assert len(c.app.state.hub.tables) == 1  # type: ignore[attr-defined]


def test_the_operator_may_allow_specs_and_bot_tables(db: str) -> None:
    allowed = ServerSettings(allow_player_specs=True, allow_bot_tables=True)
    with _client(db, allowed) as c:
        seats = ["pimc:samples=2,seconds=0.05", "random", "random", "heuristic"]
        assert c.post("/api/tables", json={"seats": seats}).status_code == 200
        bad = ["pimc:bogus=1", "random", "random", "heuristic"]  # still checked
        _refused(c.post("/api/tables", json={"seats": bad}), 400, "bad_seats")


def test_table_creation_per_address(db: str) -> None:
    with _client(db, ServerSettings(tables_per_minute=3)) as c:
        for _ in range(3):
            assert c.post("/api/tables", json={"player": "Anna"}).status_code == 200
        _refused(c.post("/api/tables", json={"player": "Anna"}), 429, "rate_limited")
    assert _stored(db) == 3


def test_joins_per_address(db: str) -> None:
    with _client(db, ServerSettings(joins_per_minute=2)) as c:
        t = c.post("/api/tables", json={"player": "A", "seats": ["human"] * 4}).json()
        join = f"/api/tables/{t['table']}/join"
        for name in ("B", "C"):
            assert c.post(join, json={"invite": t["invite"], "name": name}).status_code == 200
        _refused(c.post(join, json={"invite": t["invite"], "name": "D"}), 429, "rate_limited")
        names = c.get(f"/api/tables/{t['table']}").json()["state"]["names"]
        assert names[:3] == ["A", "B", "C"] and names[3] != "D"


def test_requests_per_address(db: str) -> None:
    with _client(db, ServerSettings(requests_per_second=5)) as c:
        codes = [c.get("/api/options").status_code for _ in range(40)]
    assert codes[:10] == [200] * 10 and 429 in codes  # a burst of twice the rate, then 429


def test_request_bodies_are_bounded(client: TestClient) -> None:
    big = '{"player": "' + "x" * 70_000 + '"}'
    r = client.post("/api/tables", content=big, headers={"content-type": "application/json"})
    _refused(r, 413, "too_large")


def test_messages_per_connection(db: str) -> None:
    with _client(db, ServerSettings(messages_per_second=5)) as c:
        people = {"player": "Anna", "seats": ["human"] * 4}  # no bot moves meanwhile
        t = c.post("/api/tables", json=people).json()
        with c.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as ws:
            version = ws.receive_json()["version"]
            for _ in range(30):
                ws.send_json({"type": "ping"})
            replies = [ws.receive_json() for _ in range(30)]
        kinds = [m["type"] if m["type"] == "pong" else m["code"] for m in replies]
        assert kinds[:10] == ["pong"] * 10 and "rate_limited" in kinds
        assert c.get(f"/api/tables/{t['table']}").json()["version"] == version


def _error_then_closed(ws: Any) -> tuple[str, int]:
    from starlette.websockets import WebSocketDisconnect

    msg = ws.receive_json()
    with pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    return str(msg["code"]), closed.value.code


def test_connections_per_table_and_per_address(db: str) -> None:
    settings = ServerSettings(connections_per_table=2, connections_per_address=3)
    with _client(db, settings) as c:
        a = c.post("/api/tables", json={"player": "Anna"}).json()
        b = c.post("/api/tables", json={"player": "Anna"}).json()
        with (
            c.websocket_connect(f"/ws/{a['table']}") as s1,
            c.websocket_connect(f"/ws/{a['table']}") as s2,
        ):
            s1.receive_json(), s2.receive_json()
            with c.websocket_connect(f"/ws/{a['table']}") as s3:
                assert _error_then_closed(s3) == ("rate_limited", 4429)
            with c.websocket_connect(f"/ws/{b['table']}") as s4:
                assert s4.receive_json()["type"] == "snapshot"
                with c.websocket_connect(f"/ws/{b['table']}") as s5:
                    assert _error_then_closed(s5) == ("rate_limited", 4429)
        with c.websocket_connect(f"/ws/{a['table']}") as again:  # closed ones do not count
            assert again.receive_json()["type"] == "snapshot"


def test_message_size_is_a_setting(db: str) -> None:
    with _client(db, ServerSettings(message_bytes=300)) as c:
        people = {"player": "Anna", "seats": ["human"] * 4}  # no bot events among the replies
        t = c.post("/api/tables", json=people).json()
        with c.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as ws:
            ws.receive_json()
            ws.send_text('{"type": "ping", "pad": "' + "x" * 300 + '"}')
            assert ws.receive_json()["code"] == "too_large"
            ws.send_bytes(b'{"type": "ping"}')
            assert ws.receive_json()["code"] == "malformed"
            ws.send_text("[" * 250)
            assert ws.receive_json()["code"] == "malformed"
            ws.send_json({"type": "ping"})
            assert ws.receive_json()["type"] == "pong"


def test_idle_tables_close_and_stay_readable(db: str) -> None:
    settings = ServerSettings(idle_close_minutes=0.01)  # 0.6 s
    with _client(db, settings) as c:
        seats = ["human", "random", "random", "random"]
        t = c.post("/api/tables", json={"player": "Anna", "games": 1, "seats": seats})
        table = t.json()["table"]
        token = t.json()["token"]
        from server_helpers import play_to_end

        with c.websocket_connect(f"/ws/{table}?token={token}") as ws:
            play_to_end(ws)
        record = c.get(f"/api/tables/{table}/games/1").json()
        hub = c.app.state.hub  # type: ignore[attr-defined]
        deadline = time.monotonic() + 10
        while table in hub.tables:
            assert time.monotonic() < deadline, "the idle table was not closed"
            time.sleep(0.1)
        assert c.get(f"/api/tables/{table}/games/1").json() == record
        assert c.get(f"/api/tables/{table}/games/1/replay").status_code == 200
        state = c.get(f"/api/tables/{table}").json()["state"]
        assert state["closed"] and state["over"]
        with c.websocket_connect(f"/ws/{table}?token={token}") as ws:
            assert _error_then_closed(ws) == ("table_closed", 4410)
        _refused(c.post(f"/api/tables/{table}/join", json={"invite": "x"}), 410, "table_closed")
    with _client(db, settings) as c:  # a closed table is not loaded at start, but readable
        hub = c.app.state.hub  # type: ignore[attr-defined]
        assert table not in hub.tables
        assert c.get(f"/api/tables/{table}/games/1").json() == record


def test_a_table_with_someone_connected_stays_open(db: str) -> None:
    with _client(db, ServerSettings(idle_close_minutes=0.01)) as c:
        t = c.post("/api/tables", json={"player": "Anna"}).json()
        with c.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as ws:
            ws.receive_json()
            time.sleep(1.5)
            assert t["table"] in c.app.state.hub.tables  # type: ignore[attr-defined]


def test_settings_are_checked() -> None:
    assert ServerSettings.parse(["tables_per_minute=20", "allow-bot-tables=yes"]) == (
        ServerSettings(tables_per_minute=20, allow_bot_tables=True)
    )
    for bad in ["nope=1", "tables_per_minute=0", "tables_per_minute=x", "allow_bot_tables=2",
                "bot_seconds", "message_bytes=10"]:  # fmt: skip
        with pytest.raises(SettingsError):
            ServerSettings.parse([bad])


def test_game_over_carries_the_number_of_the_game_it_ends(client: TestClient) -> None:
    seats = ["human", "random", "random", "random"]
    t = client.post("/api/tables", json={"player": "Anna", "games": 2, "seats": seats})
    body = t.json()
    over = []
    with client.websocket_connect(f"/ws/{body['table']}?token={body['token']}") as ws:
        msg = ws.receive_json()
        while not (msg.get("state") or {}).get("over"):
            if msg["type"] == "event" and msg["event"]["kind"] == "game_over":
                over.append((msg["event"]["game"], msg["event"]["result"]["game"]))
            st = msg.get("state")
            if st and my_move(st) is not None:
                ws.send_json({"type": "act", "action": my_move(st), "version": msg["version"]})
            msg = ws.receive_json()
        if msg["type"] == "event" and msg["event"]["kind"] == "game_over":
            over.append((msg["event"]["game"], msg["event"]["result"]["game"]))
    assert over == [(1, 1), (2, 2)]


def test_a_stored_bot_table_runs_only_where_the_operator_allows(db: str) -> None:
    allowed = ServerSettings(allow_bot_tables=True)
    with _client(db, allowed) as c:
        table = c.post("/api/tables", json={"seats": ["random"] * 4, "games": 1000}).json()
        url = f"/api/tables/{table['table']}"
    with _client(db) as c:
        version = c.get(url).json()["version"]
        time.sleep(0.5)
        assert c.get(url).json()["version"] == version
    with _client(db, allowed) as c:
        deadline = time.monotonic() + 10
        while c.get(url).json()["version"] == version:
            assert time.monotonic() < deadline, "the allowed bot table does not run"
            time.sleep(0.05)


def test_turn_times_are_none_or_long_enough(db: str, client: TestClient) -> None:
    body = {"player": "Anna", "turn_seconds": 0.5}
    _refused(client.post("/api/tables", json=body), 400, "bad_turn_seconds", {"least": 5.0})
    assert client.post("/api/tables", json=body | {"turn_seconds": 5}).status_code == 200
    assert _stored(db) == 1


def test_the_creator_is_seated_in_the_same_transaction(db: str, client: TestClient) -> None:
    t = client.post("/api/tables", json={"player": "  Anna   Maria "}).json()
    store = Store(db)
    [stored] = store.load(t["table"])
    store.close()
    assert stored.names[0] == "Anna Maria" and stored.tokens[0] == t["token"]


def test_error_texts_are_bounded(client: TestClient) -> None:
    r = client.get("/api/tables/" + "x" * 3000)
    assert r.status_code == 404 and len(r.json()["message"]) <= 300
    t = client.post("/api/tables", json={"player": "Anna"}).json()
    r = client.get(f"/api/tables/{t['table']}/games/{10**3000}")
    assert r.status_code == 404 and len(r.json()["message"]) <= 300


def test_stopping_stops_every_table_at_once(db: str) -> None:
    """The hub's stop ends each driver even where a cancellation gets lost (asyncio's
    wait_for in Python 3.11 may swallow one): before, a table of bots sometimes played all
    its 1000 games before the stop returned."""
    allowed = ServerSettings(allow_bot_tables=True)
    for _ in range(5):
        with _client(db, allowed) as c:
            c.post("/api/tables", json={"seats": ["random"] * 4, "games": 1000})
            time.sleep(0.2)
            started = time.monotonic()
        assert time.monotonic() - started < 3
    store = Store(db)
    try:
        assert all(len(t.actions) < 20_000 for t in store.load())
    finally:
        store.close()
