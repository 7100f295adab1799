"""The HTTP API and the WebSocket protocol: every message, every refusal, restarts."""

from __future__ import annotations

import json
import re
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server_helpers import my_move, next_state, play_to_end

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from schafkopf.server.app import create_app
from schafkopf.server.protocol import ERROR_CODES, MAX_MESSAGE_BYTES
from schafkopf.server.store import Store


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tables.db'}"


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db, bot_delay=0)) as c:
        yield c


def _create(client: TestClient, **body: Any) -> dict[str, Any]:
    body.setdefault("player", "Anna")
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    return dict(r.json())


def _until(ws: Any, pred: Any, limit: int = 400) -> dict[str, Any]:
    """Read messages until one satisfies ``pred``."""
    for _ in range(limit):
        msg = ws.receive_json()
        if pred(msg):
            return dict(msg)
    raise AssertionError("no such message")


def _my_turn(msg: dict[str, Any]) -> bool:
    if "state" not in msg:
        return False
    st = msg["state"]
    v = st.get("view") or {}
    waited = st.get("seat") in v.get("waiting_for_doubling", ())
    return (bool(v.get("legal")) and (v.get("to_move") == st.get("seat") or waited)) or bool(
        st.get("over")
    )


def test_options_and_page(client: TestClient) -> None:
    r = client.get("/api/options").json()
    assert set(r["presets"]) == {"standard", "sauspiel", "bsv"}
    ids = [b["id"] for b in r["bots"]]
    assert ids == [f"level:{n}" for n in range(1, 6)]  # the ladder, weakest first
    assert all(b["de"] and b["en"] and "spec" not in b for b in r["bots"])
    assert r["seat_kinds"] == ["human", *ids]
    for level in ids:  # every offered bot can sit at a table
        assert _create(client, seats=["human", level, "heuristic", "heuristic"])["table"]
    for old in ("heuristic", "pimc", "pimc_inference", "random"):  # release 0.1's ids still do
        made = _create(client, seats=["human", old, "level:2", "level:2"])
        assert made["table"]
    from test_page_words import built_page

    built_page()
    page = client.get("/")
    assert page.status_code == 200 and "<title>Schafkopf</title>" in page.text
    script = re.search(r'src="(/assets/[^"]+\.js)"', page.text)
    assert script and client.get(script.group(1)).status_code == 200
    assert client.get("/assets/nope.js").json()["code"] == "not_found"


def test_create_errors_are_precise(client: TestClient) -> None:
    cases = [
        ({"preset": "nope"}, 400, "bad_rules"),
        ({"overrides": {"tarif.solo": -1}}, 400, "bad_rules"),
        ({"seats": ["human", "alien", "heuristic", "heuristic"]}, 400, "bad_seats"),
        ({"seats": ["human", "heuristic"]}, 400, "bad_seats"),
        ({"games": 0}, 422, "malformed"),
        ({"colour": "red"}, 422, "malformed"),
    ]
    for body, status, code in cases:
        r = client.post("/api/tables", json=body)
        assert r.status_code == status, (body, r.text)
        assert r.json()["code"] == code, body
    assert client.get("/api/tables/nope").json()["code"] == "no_table"
    assert client.get("/api/tables/nope").status_code == 404


def test_a_whole_game_over_the_socket(client: TestClient) -> None:
    t = _create(client, games=1, preset="sauspiel")
    assert t["seat"] == 0 and t["token"]
    with client.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as ws:
        msg = ws.receive_json()
        assert msg["type"] == "snapshot" and msg["state"]["seat"] == 0
        versions = [msg["version"]]
        while not msg["state"]["over"]:
            action = my_move(msg["state"])
            if action is not None:
                ws.send_json({"type": "act", "action": action, "version": msg["version"]})
            msg = next_state(ws)
            assert msg["type"] == "event", msg
            versions.append(msg["version"])
        assert versions == sorted(versions) and len(set(versions[1:])) == len(versions) - 1
        assert msg["state"]["ledger"][0]["game"] == 1
    rec = client.get(f"/api/tables/{t['table']}/games/1").json()
    assert rec["format"] == "schafkopf-record/1" and len(rec["hands"]) == 4
    assert client.get(f"/api/tables/{t['table']}/games/2").json()["code"] == "no_game"


def test_every_refusal_is_an_error_and_changes_nothing(client: TestClient) -> None:
    t = _create(client, seats=["human", "human", "heuristic", "heuristic"])
    joined = client.post(
        f"/api/tables/{t['table']}/join", json={"invite": t["invite"], "name": "Bert"}
    ).json()
    assert joined["seat"] == 1
    with (
        client.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as anna,
        client.websocket_connect(f"/ws/{t['table']}?token={joined['token']}") as bert,
    ):
        a = anna.receive_json()
        b = bert.receive_json()
        version = a["version"]
        mover = a["state"]["view"]["to_move"]
        # The seat comes from the token: whoever is not to move is refused.
        waiting, waiting_seat = (bert, 1) if mover == 0 else (anna, 0)
        to_move = anna if mover == 0 else bert
        if mover not in (0, 1):
            to_move = None
        seen_codes = set()

        def refused(ws: Any, payload: Any, code: str, raw: bool = False) -> None:
            ws.send_text(payload if raw else json.dumps(payload))
            msg = _until(ws, lambda m: m["type"] == "error")
            assert msg["code"] == code, (payload, msg)
            assert msg["code"] in ERROR_CODES
            seen_codes.add(code)

        refused(waiting, {"type": "act", "action": "weiter", "version": version}, "illegal")
        refused(
            waiting,
            {"type": "act", "action": "weiter", "version": version, "seat": mover},
            "malformed",
        )
        refused(waiting, "{not json", "malformed", raw=True)
        refused(waiting, {"type": "fly"}, "malformed")
        refused(waiting, {"type": "act", "action": ["EO"], "version": version}, "malformed")
        refused(
            waiting, {"type": "act", "action": "weiter", "version": version + 5}, "stale_version"
        )
        refused(waiting, "x" * (MAX_MESSAGE_BYTES + 1), "too_large", raw=True)
        if to_move is not None:
            refused(to_move, {"type": "act", "action": "EO", "version": version}, "illegal")
            refused(
                to_move, {"type": "act", "action": "gibberish", "version": version}, "bad_action"
            )
            to_move.send_json({"type": "act", "action": "weiter", "version": version})
            _until(to_move, lambda m: m["type"] == "event")
            # the same message again: it is stale now, nothing is applied twice
            refused(
                to_move, {"type": "act", "action": "weiter", "version": version}, "stale_version"
            )
        waiting.send_json({"type": "ping"})
        assert _until(waiting, lambda m: m["type"] == "pong")["version"] >= version
        assert waiting_seat in (0, 1) and b["state"]["seat"] == 1
    state = client.get(f"/api/tables/{t['table']}").json()
    assert state["state"]["seat"] is None and state["state"]["view"]["hand"] == []
    assert {"illegal", "malformed", "stale_version", "too_large"} <= seen_codes


def test_seats_tokens_and_invitations(client: TestClient) -> None:
    t = _create(client, seats=["human", "human", "heuristic", "heuristic"])
    table = t["table"]
    r = client.post(f"/api/tables/{table}/join", json={"invite": "wrong", "name": "X"})
    assert r.status_code == 403 and r.json()["code"] == "bad_invite"
    ok = client.post(f"/api/tables/{table}/join", json={"invite": t["invite"], "name": "Bert"})
    assert ok.status_code == 200
    full = client.post(f"/api/tables/{table}/join", json={"invite": t["invite"], "name": "Carl"})
    assert full.status_code == 409 and full.json()["code"] == "table_full"
    with client.websocket_connect(f"/ws/{table}?token=forged") as ws:
        assert ws.receive_json()["code"] == "bad_token"
    with client.websocket_connect(f"/ws/{table}") as spectator:
        snap = spectator.receive_json()
        assert snap["state"]["seat"] is None and snap["state"]["view"]["hand"] == []
        spectator.send_json({"type": "act", "action": "weiter", "version": snap["version"]})
        assert _until(spectator, lambda m: m["type"] == "error")["code"] == "no_seat"
    with client.websocket_connect(f"/ws/{table}?token={t['token']}") as ws:
        snap = ws.receive_json()
        ws.send_json({"type": "resume", "since": 0})
        got = _until(ws, lambda m: m["type"] == "events")
        assert [e["version"] for e in got["events"]] == list(range(1, got["version"] + 1))
        ws.send_json({"type": "resume", "since": 10_000})
        assert _until(ws, lambda m: m["type"] == "snapshot")["version"] == snap["version"]


def test_a_restarted_server_resumes_every_table(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0)) as c:
        t = _create(c, games=2)
        with c.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as ws:
            msg = ws.receive_json()
            for _ in range(6):  # a few of our own actions
                if not _my_turn(msg):
                    msg = _until(ws, _my_turn)
                if msg["state"]["over"]:
                    break
                legal = msg["state"]["view"]["legal"]
                ws.send_json(
                    {"type": "act", "action": legal[-1]["name"], "version": msg["version"]}
                )
                msg = _until(ws, lambda m: m["type"] == "event" and "state" in m)
            time.sleep(0.2)
            before = c.get(f"/api/tables/{t['table']}").json()
            with c.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as again:
                mine_before = again.receive_json()
    with TestClient(create_app(db, bot_delay=0)) as c2:
        after = c2.get(f"/api/tables/{t['table']}").json()
        assert after["version"] == before["version"]
        # who is connected is no stored state: Anna's page was, nobody is after the restart
        assert before["state"].pop("online") == [0] and after["state"].pop("online") == []
        assert after["state"] == before["state"]
        with c2.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as ws:
            mine = ws.receive_json()
            assert mine["state"] == mine_before["state"]
    rows = Store(db).load(t["table"])[0]
    assert len(rows.actions) > 6


def test_a_person_out_of_time_gets_a_stand_in(db: str) -> None:
    from schafkopf.server.settings import ServerSettings

    quick = ServerSettings(min_turn_seconds=0.01)
    with TestClient(create_app(db, bot_delay=0, settings=quick)) as c:
        t = _create(c, games=1, turn_seconds=0.05)
        with c.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as ws:
            msg = _until(ws, lambda m: "state" in m and m["state"]["over"], limit=2000)
            assert msg["state"]["ledger"]
    from sqlalchemy import select
    from sqlalchemy.orm import Session

    from schafkopf.server.store import ActionRow

    store = Store(db)
    with Session(store.engine) as s:
        by = {r.by for r in s.scalars(select(ActionRow))}
    assert by == {"bot", "timeout"}


@pytest.mark.parametrize("question", ["choose", "wants_to_double"])
def test_a_failing_bot_does_not_stall_the_table(
    db: str, monkeypatch: pytest.MonkeyPatch, question: str
) -> None:
    """A bot that raises when asked for its action (the rule-based player steps in) or for
    Kontra/Re (it does not double) leaves its table playing."""
    from schafkopf.players.random_player import RandomPlayer

    def broken(self: object, view: object, rng: object) -> int:
        raise RuntimeError("a bug in a bot")

    monkeypatch.setattr(RandomPlayer, question, broken)
    with TestClient(create_app(db, bot_delay=0)) as c:
        t = _create(c, games=2, seats=["human", "random", "random", "random"])
        with c.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as ws:
            assert len(play_to_end(ws)["state"]["ledger"]) == 2


def test_the_page_has_words_for_every_error_code() -> None:
    """Every code a refusal can carry is worded on the page, in German and in English."""
    from test_page_words import page_words

    words = page_words()
    for code in ERROR_CODES:
        assert code in words["de"] and code in words["en"], code
