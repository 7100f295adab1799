"""The wait for Kontra and Re: where a person's chance to double closes with the next card, the
table plays no card until the person has said Kontra (or Re) or "gut", or the time ran out.

The server tests drive a real app over the WebSocket (a person and three rule-based bots,
whose Kontra/Re answers the tests fix), the table tests the wait's rules and its replay."""

from __future__ import annotations

import json
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from schafkopf.actions import DOUBLE, NICHT_KLOPFEN, NUM_ACTIONS, SPIEL, WEITER
from schafkopf.game import PLAY
from schafkopf.players.heuristic import HeuristicPlayer
from schafkopf.server.app import create_app
from schafkopf.server.settings import ServerSettings
from schafkopf.server.store import ActionRow, Store
from schafkopf.server.table import GUT, HUMAN, Table, TableConfig, TableError, closing_doublers
from server_helpers import next_state, play_to_end

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

GAMES = 8
"""Games per test table: enough deals that the situation under test comes up (the seeds are
fixed, so it does)."""


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tables.db'}"


@pytest.fixture(autouse=True)
def bots_kontra(monkeypatch: pytest.MonkeyPatch) -> Callable[[bool], None]:
    """Fix the bots' doubling: ``True``: a bot says Kontra whenever it may (never Re or
    more); ``False``: it never doubles."""

    def fix(kontra: bool) -> None:
        def double_ok(view: Any) -> bool:
            return kontra and not view.doublings and DOUBLE in view.legal

        # asked out of turn, and when to move (then it may say it instead of a card)
        monkeypatch.setattr(HeuristicPlayer, "_double_ok", staticmethod(double_ok))

    fix(False)
    return fix


def _app(db: str, **settings: Any) -> TestClient:
    """The app at ``db`` (bots without delay, the person's messages not rate limited)."""
    settings.setdefault("messages_per_second", 10_000.0)
    return TestClient(create_app(db, bot_delay=0, settings=ServerSettings(**settings)))


def _table(client: TestClient, preset: str = "sauspiel", seed: int = 3, **kw: Any) -> Any:
    """A table of a person (seat 0, "Anna") and three rule-based bots, with a fixed deal."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    config = TableConfig.build(preset=preset, games=GAMES, seed=seed, **kw)
    assert client.portal is not None  # made in the serving loop, where its bots start at once
    table_id, _invite, seat, token = client.portal.call(hub.create, config, "Anna")
    assert seat == 0
    return client.websocket_connect(f"/ws/{table_id}?token={token}"), table_id


def _person(state: dict[str, Any], declare: bool = False) -> str | int | None:
    """The person's move when it is to move (no Kontra of its own): no knock, "weiter" or
    (``declare``) "spiel", yield in the settling round, the first contract, the first card."""
    v = state["view"]
    names = [a["name"] for a in v["legal"]]
    if v["to_move"] != state["seat"] or not names:
        return None
    if "nicht klopfen" in names:
        return "nicht klopfen"
    if v["phase"] == "bidding":
        return "spiel" if declare and "spiel" in names else "weiter"
    if v["phase"] == "settling":
        return "weiter"
    first = v["legal"][0]["id"]
    assert v["phase"] != "play" or first < 32
    return int(first)


def _before_any_card(view: dict[str, Any]) -> bool:
    return view["phase"] == "play" and not view["trick"] and not view["tricks"]


def _until_waited(
    ws: Any,
    seat: int = 0,
    declare: bool = False,
    check: Callable[[dict[str, Any]], None] = lambda _state: None,
) -> dict[str, Any]:
    """Play the person's seat until the table waits on it for a doubling; returns that
    message. ``check`` sees every state on the way."""
    msg = next_state(ws)
    while not msg["state"]["over"]:
        check(msg["state"])
        if seat in msg["state"]["view"]["waiting_for_doubling"]:
            return msg
        action = _person(msg["state"], declare)
        if action is not None:
            ws.send_json({"type": "act", "action": action, "version": msg["version"]})
        msg = next_state(ws)
    raise AssertionError("the table never waited on the person")


def _event(ws: Any) -> dict[str, Any]:
    """The next event message (errors fail the test)."""
    while True:
        msg = dict(ws.receive_json())
        assert msg["type"] != "error", msg
        if msg["type"] == "event":
            return msg


def _no_wait_while_leading(state: dict[str, Any]) -> None:
    """The one to play is never waited on: it may simply play (or say Kontra)."""
    v = state["view"]
    if v is not None and v["phase"] == "play":
        assert v["to_move"] not in v["waiting_for_doubling"], v


def _rows(db: str, action: int) -> list[tuple[int, str]]:
    with Session(Store(db).engine) as s:
        rows = s.scalars(select(ActionRow).where(ActionRow.action == action)).all()
        return [(r.seat, r.by) for r in rows]


def test_a_person_says_kontra_before_the_first_card(db: str) -> None:
    with _app(db) as client:
        ws_ctx, _ = _table(client)
        with ws_ctx as ws:
            msg = _until_waited(ws, check=_no_wait_while_leading)
            v = msg["state"]["view"]
            assert _before_any_card(v) and v["doublings"] == []
            assert v["waiting_for_doubling"] == [0]
            assert v["doubling_wait_seconds"] == 20.0
            assert 0 < v["doubling_deadline"] - time.time() <= 20.0
            assert {a["name"] for a in v["legal"]} == {"kontra", "gut"}
            assert {"id": GUT, "name": "gut"} in v["legal"] and v["may_double"]
            # the table holds: nothing happens until the person answers
            ws.send_json({"type": "ping"})
            assert ws.receive_json()["type"] == "pong"
            ws.send_json({"type": "act", "action": "kontra", "version": msg["version"]})
            said = _event(ws)
            assert said["event"] == {
                "kind": "action", "game": said["event"]["game"], "seat": 0, "action": "kontra",
                "phase": "play",
            }  # fmt: skip
            v = said["state"]["view"]
            assert v["doublings"] == [0] and _before_any_card(v)
            assert v["waiting_for_doubling"] == [] and v["doubling_deadline"] is None
            first_card = _event(ws)
            assert first_card["event"]["action"] not in ("re", "gut")
            last = play_to_end(ws, next_state(ws))
            results = [r for r in _results(client, last)]
            kontra = [b for b in results if b["doublings"]]
            assert kontra[0]["doublings"][0] == {"seat": 0, "word": "kontra", "cards_played": 0}
            assert kontra[0]["multiplier"] >= 2


def _results(client: TestClient, last: dict[str, Any]) -> list[dict[str, Any]]:
    """The breakdown of every finished game of the last message's table."""
    table = last["state"]["table"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    t = hub.readable(table)
    return [t.result_json(k)["breakdown"] for k in range(1, len(t.finished) + 1)]


def test_gut_lets_play_go_on_at_once(db: str) -> None:
    with _app(db) as client:
        ws_ctx, table_id = _table(client)
        with ws_ctx as ws:
            msg = _until_waited(ws)
            wrong = {"type": "act", "action": "EO", "version": msg["version"]}
            ws.send_json(wrong)  # not the person's turn: refused, nothing changes
            assert ws.receive_json()["code"] == "illegal"
            ws.send_json({"type": "act", "action": "gut", "version": msg["version"]})
            said = _event(ws)
            assert said["event"]["seat"] == 0 and said["event"]["action"] == "gut"
            assert said["state"]["view"]["waiting_for_doubling"] == []
            assert said["state"]["view"]["doublings"] == []
            card = _event(ws)
            assert card["event"]["phase"] == "play"
            assert card["event"]["action"] not in ("kontra", "gut")
            assert len(card["state"]["view"]["trick"]) == 1
            # "gut" again: the table waits for nothing now
            ws.send_json({"type": "act", "action": "gut", "version": card["version"]})
            while (reply := ws.receive_json())["type"] != "error":
                pass
            assert reply["code"] in ("illegal", "stale_version")
        assert _rows(db, GUT) == [(0, "person")]
        assert table_id


def test_the_wait_runs_out(db: str) -> None:
    with _app(db, doubling_wait_seconds=0.3) as client:
        ws_ctx, _ = _table(client)
        with ws_ctx as ws:
            msg = _until_waited(ws)
            v = msg["state"]["view"]
            assert v["doubling_wait_seconds"] == 0.3
            started = time.monotonic()
            said = _event(ws)  # nobody answers: the server says "gut" for the person
            assert time.monotonic() - started >= 0.2
            assert said["event"]["seat"] == 0 and said["event"]["action"] == "gut"
            card = _event(ws)
            assert card["event"]["action"] not in ("kontra", "gut")
            assert len(card["state"]["view"]["trick"]) == 1
    assert _rows(db, GUT) == [(0, "timeout")]


def test_a_table_with_a_move_time_waits_that_long(db: str) -> None:
    with _app(db, min_turn_seconds=0.01) as client:
        ws_ctx, _ = _table(client, turn_seconds=0.25)
        with ws_ctx as ws:
            msg = _until_waited(ws)
            assert msg["state"]["view"]["doubling_wait_seconds"] == 0.25
            said = _event(ws)
            assert said["event"]["action"] == "gut"


def test_a_person_says_re_after_a_bots_kontra(db: str, bots_kontra: Callable[[bool], None]) -> None:
    bots_kontra(True)
    with _app(db) as client:
        ws_ctx, _ = _table(client)
        with ws_ctx as ws:
            msg = _until_waited(ws, declare=True)
            while not msg["state"]["view"]["doublings"]:  # a wait for the person's Kontra
                ws.send_json({"type": "act", "action": "gut", "version": msg["version"]})
                msg = _until_waited(ws, declare=True)
            v = msg["state"]["view"]
            # the person declared, or is the hidden partner (who may say Re too)
            assert 0 in (v["contract"]["declarer"], v["partner"]) and _before_any_card(v)
            assert len(v["doublings"]) == 1 and v["doublings"][0] != 0  # a bot's Kontra
            assert {a["name"] for a in v["legal"]} == {"re", "gut"}
            ws.send_json({"type": "act", "action": "re", "version": msg["version"]})
            said = _event(ws)
            assert said["event"]["seat"] == 0 and said["event"]["action"] == "re"
            v = said["state"]["view"]
            assert len(v["doublings"]) == 2 and v["doublings"][1] == 0 and _before_any_card(v)
            card = _event(ws)
            assert card["event"]["phase"] == "play" and len(card["state"]["view"]["trick"]) == 1


def test_nothing_waits_where_no_person_may_double(db: str) -> None:
    """The person declares (the bots never double): no wait. Under the standard preset
    (Kontra until the second trick) the person says Kontra while playing: no wait either."""
    with _app(db) as client:
        for preset, declare in (("sauspiel", True), ("standard", False)):
            ws_ctx, _ = _table(client, preset=preset)
            declared = could = 0
            with ws_ctx as ws:
                msg = next_state(ws)
                while not msg["state"]["over"]:
                    v = msg["state"]["view"]
                    if preset == "standard" or (v["contract"] or {}).get("declarer") == 0:
                        assert v["waiting_for_doubling"] == [], v
                        declared += _before_any_card(v)
                        could += _before_any_card(v) and v["may_double"]
                    action = _person(msg["state"], declare)
                    if 0 in v["waiting_for_doubling"]:  # a bot declared: a wait, as it should
                        action = "gut"
                    if action is not None:
                        ws.send_json({"type": "act", "action": action, "version": msg["version"]})
                    msg = next_state(ws)
            assert declared, preset
            assert could or preset == "sauspiel"  # a person who could say Kontra, no wait


# -- the table ---------------------------------------------------------------------------------


def _two_persons_waited() -> Table:
    """A sauspiel table of two bots' seats (0, the first dealer, and 1, Vorhand) and two
    people (seats 2 and 3), played by hand up to the first card where the table waits on both
    people for Kontra."""
    for seed in range(300):
        config = TableConfig.build(
            preset="sauspiel", games=1, seed=seed, seats=["heuristic", "heuristic", HUMAN, HUMAN]
        )
        table = Table("t", config, clock=lambda: 1000.0)
        while table.game is not None and table.game.phase != PLAY:
            seat = table.game.to_move
            assert seat is not None
            legal = table.legal(seat)
            if NICHT_KLOPFEN in legal:
                action = NICHT_KLOPFEN
            elif SPIEL in legal and seat in (0, 1):
                action = SPIEL
            elif WEITER in legal:
                action = WEITER
            else:
                action = legal[0]
            table.apply(seat, table.parse(seat, action))
        if table.waiting_for_doubling == (2, 3):
            return table
    raise AssertionError("no deal made both people defenders")


def test_the_wait_is_kept_by_the_table_and_survives_a_replay() -> None:
    table = _two_persons_waited()
    game = table.game
    assert game is not None and table.doubling_deadline == 1000.0 + 20.0
    mover = game.to_move
    assert mover in (0, 1)
    card = next(a for a in game.legal_actions(mover) if a < 32)
    with pytest.raises(TableError) as e:
        table.parse(mover, card)  # no card while people may still say Kontra
    assert e.value.code == "illegal"
    assert card not in table.legal(mover) and GUT in table.legal(2) and GUT in table.legal(3)
    for seat in (0, 1):
        with pytest.raises(TableError) as e:
            table.parse(seat, "gut")
        assert e.value.code == "illegal"
    assert GUT >= NUM_ACTIONS  # never an action of the engine
    table.apply(2, table.parse(2, "gut"))
    assert table.waiting_for_doubling == (3,) and table.doubling_deadline == 1020.0
    with pytest.raises(TableError):
        table.parse(2, GUT)  # said already
    # after a restart: the "gut" stands, the other person is asked again, with a fresh time
    again = Table("t", table.config, table.names, clock=lambda: 5000.0)
    again.replay(table.actions)
    assert again.actions == table.actions and again.version == table.version
    assert again.waiting_for_doubling == (3,) and again.doubling_deadline == 5020.0
    again.apply(3, again.parse(3, "kontra"))  # a Kontra: the table waits no more
    assert again.waiting_for_doubling == ()  # (Re is for the bots' seats)
    assert card in again.legal(mover)
    again.apply(mover, again.parse(mover, card))
    # a table stored before the waits replays too: its cards were never held back
    old = Table("t", table.config, table.names)
    old.replay([a for a in again.actions if a[1] != GUT])
    assert old.game is not None and old.game.played == 1


def test_a_stored_wait_goes_on_after_a_restart(db: str) -> None:
    """The "gut" of one person is stored: after a restart only the other is waited on, for
    a fresh wait, which runs out (then the bots play)."""
    table = _two_persons_waited()
    table.apply(2, GUT)
    store = Store(db)
    store.create_table("t", table.config.to_json(), "inv", table.names)
    for seq, (seat, action) in enumerate(table.actions):
        store.add_action("t", seq, seat, action, "person")
    store.close()
    with _app(db, doubling_wait_seconds=0.3) as client:
        state = client.get("/api/tables/t").json()["state"]
        assert state["view"]["waiting_for_doubling"] in ([3], [])  # [] once the wait ran out
        for _ in range(100):
            if client.get("/api/tables/t").json()["state"]["view"]["trick"]:
                break
            time.sleep(0.05)
        else:
            raise AssertionError("the wait never ended")
    assert _rows(db, GUT) == [(2, "person"), (3, "timeout")]


def test_closing_doublers_under_each_deadline() -> None:
    """``before_second_trick``: the defenders played in the first trick, so no wait; a
    Kontra at the last moment makes the declarer side wait for Re."""
    config = TableConfig.build(preset="standard", games=1, seed=1, seats=[HUMAN] * 4)
    table = Table("t", config)
    while table.game is not None and table.game.phase != PLAY:
        seat = table.game.to_move
        assert seat is not None
        legal = table.legal(seat)
        table.apply(seat, SPIEL if SPIEL in legal else (WEITER if WEITER in legal else legal[0]))
    game = table.game
    assert game is not None and game.phase == PLAY
    assert table.waiting_for_doubling == ()
    for _ in range(4):  # the first trick, nobody doubles: no wait
        mover = game.to_move
        assert mover is not None and table.waiting_for_doubling == ()
        table.apply(mover, next(a for a in table.legal(mover) if a < 32))
    defenders = [s for s in range(4) if s not in game.declarers]
    declarers = [s for s in game.declarers if s != game.to_move]
    assert declarers  # (the seed makes a Rufspiel where a declarer is not the one to lead)
    table.apply(defenders[0], table.parse(defenders[0], "kontra"))
    assert table.waiting_for_doubling == tuple(declarers)
    assert closing_doublers(game, range(4)) == tuple(declarers)


def test_a_seat_a_bot_plays_for_a_person_is_not_waited_on() -> None:
    """A bot that takes over a person's seat answers Kontra/Re itself: the table waits on
    that seat no more; the person back in time is waited on again, within the same deadline.
    Every state and its JSON text say the seating (the caches follow each change)."""
    from schafkopf.server.table import AWAY, BOT, PERSON

    table = _two_persons_waited()
    deadline = table.doubling_deadline
    assert table.state_for(2)["seat_status"] == [BOT, BOT, PERSON, PERSON]
    table.set_seating([BOT, BOT, AWAY, PERSON])
    assert table.waiting_for_doubling == (3,) and table.doubling_deadline == deadline
    assert GUT not in table.legal(2) and GUT in table.legal(3)
    for seat in (None, 2, 3):
        state = table.state_for(seat)
        assert state["seat_status"] == [BOT, BOT, AWAY, PERSON] and state["stand_in"] == [2]
        assert state["view"]["waiting_for_doubling"] == [3]
        event = table.events[-1]
        assert json.loads(table.message_text(seat, event)) == table.message_for(seat, event)
        assert table.message_for(seat, event)["state"]["stand_in"] == [2]
    table.set_seating([BOT, BOT, PERSON, PERSON])
    assert table.waiting_for_doubling == (2, 3) and table.doubling_deadline == deadline
    with pytest.raises(TableError) as e:
        table.set_seating([BOT, BOT, "nobody", PERSON])
    assert e.value.code == "bad_seats"
