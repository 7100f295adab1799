"""The store on SQLite and on a real PostgreSQL server (``make test`` starts one and sets
``SCHAFKOPF_TEST_POSTGRES``): round trips, no action stored twice, restarts."""

from __future__ import annotations

import os
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from server_helpers import empty_database, play_to_end, start_test_services

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from schafkopf.server import accounts, challenge, ratings  # noqa: F401  (their rows are in the schema)
from schafkopf.server.app import create_app
from schafkopf.server.store import Store, StoreError, _Base

POSTGRES = os.environ.get("SCHAFKOPF_TEST_POSTGRES")


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.db'}"
        return
    postgres = POSTGRES or start_test_services()  # make test sets it; a bare pytest starts one
    empty_database(postgres)
    yield postgres


NEWER_TABLES = (
    "challenge_entries", "server_secrets", "rated_games", "ratings", "account_seats",
    "login_sessions", "accounts",
)  # fmt: skip
"""Tables of releases after the one with migrations (dropped with it, children first)."""


def _forget_migrations(store: Store) -> None:
    """Make a database look as one of a release before migrations: no ``alembic_version``."""
    with store.engine.begin() as conn:
        conn.exec_driver_sql("DROP TABLE alembic_version")


def test_round_trip(url: str) -> None:
    store = Store(url)
    assert store.engine.dialect.name in ("sqlite", "postgresql")
    store.create_table(
        "t1", {"rules": {"preset": "standard"}, "x": [1, 2]}, "inv", ["A", "B", "C", "D"]
    )
    store.claim_seat("t1", 0, "Anna", "tok0")
    for seq, (seat, action) in enumerate([(1, 32), (2, 33), (3, 32)]):
        store.add_action("t1", seq, seat, action, "bot")
    [t] = store.load("t1")
    assert t.config == {"rules": {"preset": "standard"}, "x": [1, 2]}
    assert t.names == ["Anna", "B", "C", "D"] and t.tokens == ["tok0", None, None, None]
    assert t.actions == [(1, 32), (2, 33), (3, 32)] and t.invite == "inv"
    with pytest.raises(StoreError, match="already stored"):
        store.add_action("t1", 1, 2, 33, "person")  # the same action number again
    with pytest.raises(StoreError, match="taken"):
        store.claim_seat("t1", 0, "Eve", "tok1")
    with pytest.raises(StoreError, match="no seat"):
        store.claim_seat("t1", 9, "Eve", "tok1")
    store.add_action("t1", 3, 0, 34, "person")  # a refusal leaves the store writable
    assert store.load("t1")[0].actions == [(1, 32), (2, 33), (3, 32), (0, 34)]
    assert store.load("nope") == []
    store.close()


def test_a_table_survives_a_restart(url: str) -> None:
    with TestClient(create_app(url, bot_delay=0)) as c:
        t = c.post("/api/tables", json={"games": 1, "player": "Anna"}).json()
        with c.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as ws:
            play_to_end(ws)
        before = c.get(f"/api/tables/{t['table']}").json()
        record = c.get(f"/api/tables/{t['table']}/games/1").json()
    with TestClient(create_app(url, bot_delay=0)) as c:
        assert c.get(f"/api/tables/{t['table']}").json() == before
        assert c.get(f"/api/tables/{t['table']}/games/1").json() == record


_OTHER_SERVER = """
import sys
from schafkopf.server.store import DatabaseInUse, Store
store = Store(sys.argv[1])
try:
    store.acquire("other", lease_seconds=float(sys.argv[2]))
except DatabaseInUse as e:
    print("refused:", e)
else:
    print("acquired")
"""


def _other_server(url: str, lease_seconds: float = 15.0) -> str:
    """Try to take the database's lease from another process (another pid)."""
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-c", _OTHER_SERVER, url, str(lease_seconds)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_one_owner_per_database(url: str) -> None:
    """The lease: a live owner keeps it, a released or lapsed one is taken over, and the
    old owner then learns that it lost it."""
    store = Store(url)
    store.acquire("me")
    assert store.renew("me")
    assert _other_server(url).startswith("refused: the database is in use")
    store.release("me")
    assert _other_server(url) == "acquired"
    assert not store.renew("me")
    store.acquire("me", lease_seconds=0.0)  # the other's claim lapsed at once
    assert store.renew("me")
    assert _other_server(url, lease_seconds=0.0) == "acquired"
    assert not store.renew("me")  # taken over: this server must stop
    store.close()


def test_a_database_of_the_previous_release_upgrades_in_place(url: str) -> None:
    """A database made before closed tables and the lease (only tables, seats, actions)
    serves its tables with this release, which adds what it needs."""
    from sqlalchemy import inspect

    old = Store(url)
    for name in ("closed_tables", "server_lease", *NEWER_TABLES):
        _Base.metadata.tables[name].drop(old.engine)
    _forget_migrations(old)
    old.create_table(
        "t1",
        {
            "rules": {"preset": "standard"},
            "games": 1,
            "seats": ["human", "heuristic", "heuristic", "heuristic"],
            "seed": 3,
        },
        "inv",
        list("ABCD"),
    )
    old.close()
    with TestClient(create_app(url, bot_delay=0)) as c:
        assert c.get("/api/tables/t1").status_code == 200
    store = Store(url)
    assert {"closed_tables", "server_lease"} <= set(inspect(store.engine).get_table_names())
    store.close()


def test_a_server_that_lost_its_lease_stores_nothing(url: str) -> None:
    """Fencing: each action is inserted only while the lease is the storing server's, in
    the same statement; one that lost it (stalled past its lease) gets LeaseLost."""
    from schafkopf.server.store import LeaseLost

    store = Store(url)
    store.create_table("t1", {"rules": {"preset": "standard"}}, "inv", list("ABCD"))
    store.acquire("me", lease_seconds=0.0)
    store.add_action("t1", 0, 1, 32, "bot")
    assert _other_server(url, lease_seconds=0.0) == "acquired"
    with pytest.raises(LeaseLost):
        store.add_action("t1", 1, 2, 33, "bot")
    assert store.load("t1")[0].actions == [(1, 32)]
    store.close()


_RACER = """
import sys, time
from schafkopf.server import store as mod
real, calls = mod._pid_alive, []
def slow_first(pid):  # widen the window between reading the lease and taking it
    calls.append(pid)
    if len(calls) == 1:
        time.sleep(0.5)
        return False
    return real(pid)
mod._pid_alive = slow_first
s = mod.Store(sys.argv[1])
print("ready", flush=True)
sys.stdin.readline()  # both start together, whatever their start-up took
try:
    s.acquire(sys.argv[2])
except mod.DatabaseInUse:
    print("refused", flush=True)
else:
    print("acquired", flush=True)
sys.stdin.readline()  # hold it (this process alive) until the other one has decided
"""


def test_of_two_servers_taking_a_stale_lease_together_one_wins(url: str) -> None:
    import subprocess
    import sys

    store = Store(url)
    store.acquire("dead")
    store._released.set()  # no renewals: this holder is gone
    store.close()
    with store.engine.begin() as conn:  # the holder: a process of this host that is gone
        from sqlalchemy import text

        conn.execute(text("UPDATE server_lease SET pid = 2147483646"))
    racers = [
        subprocess.Popen([sys.executable, "-c", _RACER, url, name], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True)
        for name in ("A", "B")
    ]  # fmt: skip
    for p in racers:
        assert p.stdout is not None and p.stdout.readline().strip() == "ready"
    for p in racers:
        assert p.stdin is not None
        p.stdin.write("go\n")
        p.stdin.flush()
    outs = sorted(p.stdout.readline().strip() for p in racers if p.stdout is not None)
    for p in racers:
        p.communicate("done\n", timeout=60)
    assert outs == ["acquired", "refused"]


def test_seat_changes_and_table_info_round_trip(url: str) -> None:
    """A seat change is stored with the seat's new name and token in one transaction, at
    most once per number; a table points to its next round at most once."""
    from schafkopf.server.store import SeatChange

    store = Store(url)
    store.create_table(
        "t1", {"rules": {"preset": "standard"}}, "inv", ["A", "B", "C", "Sepp (Bot)"],
        ["tok0", None, None, None], public=True, creator=0,
        changes=(SeatChange(3, "bot", "Sepp (Bot)", None),),
    )  # fmt: skip
    store.change_seat("t1", 1, SeatChange(0, "left", "Resi (Bot für A)", "A", 5), revoke=True)
    store.change_seat("t1", 2, SeatChange(1, "took_over", "Bert", "Bert", 7), token="tok1")
    with pytest.raises(StoreError, match="stored already"):
        store.change_seat("t1", 2, SeatChange(2, "bot", "Hias (Bot)", None, 7))
    with pytest.raises(StoreError, match="taken"):
        store.change_seat("t1", 3, SeatChange(1, "took_over", "Eve", "Eve", 7), token="tok2")
    [t] = store.load("t1")
    assert t.names == ["Resi (Bot für A)", "Bert", "C", "Sepp (Bot)"]
    assert t.tokens == [None, "tok1", None, None]
    assert (t.info, t.public, t.creator, t.next_table) == (True, True, 0, None)
    assert [(c.seat, c.code, c.name, c.person, c.after) for c in t.changes] == [
        (3, "bot", "Sepp (Bot)", None, 0),
        (0, "left", "Resi (Bot für A)", "A", 5),
        (1, "took_over", "Bert", "Bert", 7),
    ]
    store.create_table("t2", {"rules": {}}, "inv2", list("ABCD"), again_of=("t1", 0))
    assert store.load("t1")[0].next_table == "t2"
    with pytest.raises(StoreError, match="next table"):
        store.create_table("t3", {"rules": {}}, "inv3", list("ABCD"), again_of=("t1", 0))
    assert store.load("t3") == []  # nothing of the refused table is stored
    # a table of an older release has no info row: "again" makes one, pointing on
    from sqlalchemy.orm import Session

    from schafkopf.server.store import TableRow

    with Session(store.engine) as s, s.begin():
        s.add(TableRow(id="t4", config={"rules": {}}, invite="inv4", created=1.0))
    store.create_table("t5", {"rules": {}}, "inv5", list("ABCD"), again_of=("t4", 1))
    [t4] = store.load("t4")
    assert (t4.info, t4.public, t4.creator, t4.next_table) == (True, False, 1, "t5")
    store.close()


def test_timeouts_in_a_row_survive_a_restart() -> None:
    """A person's timeouts in a row are counted again from the stored actions: reset by
    their own action and by a change of their seat."""
    from schafkopf.server.hub import _timeouts_in_a_row
    from schafkopf.server.store import SeatChange, StoredTable

    actions = [(0, 1), (1, 2), (0, 3), (0, 4), (2, 5), (0, 6), (2, 7), (2, 8)]
    bys = ["timeout", "timeout", "person", "timeout", "timeout", "timeout", "timeout", "bot"]
    st = StoredTable("t", {}, "inv", list("ABCD"), [None] * 4, actions, bys=bys)
    assert _timeouts_in_a_row(st, 4) == [2, 1, 2, 0]
    st.changes = [SeatChange(2, "back", "C", "C", after=6)]
    assert _timeouts_in_a_row(st, 4) == [2, 1, 1, 0]


def test_a_database_without_seat_changes_upgrades_in_place(url: str) -> None:
    """A database of the previous release (no ``table_info``, no ``seat_changes``) serves
    its tables: private, the creator in the first seat for a person, everyone seated as the
    seats say; its people may leave and come back, and that survives a restart."""
    from sqlalchemy import inspect
    from sqlalchemy.orm import Session

    from schafkopf.server.store import SeatRow, TableRow

    old = Store(url)
    for name in ("seat_changes", "table_info", *NEWER_TABLES):
        _Base.metadata.tables[name].drop(old.engine)
    _forget_migrations(old)
    config = {
        "rules": {"preset": "standard"},
        "games": 1,
        "seats": ["human", "human", "heuristic", "heuristic"],
        "seed": 3,
    }
    with Session(old.engine) as s, s.begin():  # as the previous release wrote a table
        s.add(TableRow(id="t1", config=config, invite="inv", created=1.0))
        s.flush()
        for seat, (name, token) in enumerate(
            [("Anna", "tok0"), ("Bert", "tok1"), ("Sepp", None), ("Resi", None)]
        ):
            s.add(SeatRow(table_id="t1", seat=seat, name=name, token=token))
    old.close()
    with TestClient(create_app(url, bot_delay=0)) as c:
        st = c.get("/api/tables/t1").json()["state"]
        assert st["public"] is False and st["creator"] == 0 and st["next_table"] is None
        assert st["seat_status"] == ["person", "person", "bot", "bot"] and st["stand_in"] == []
        assert c.get("/api/tables").json() == {"tables": []}
        left = c.post("/api/tables/t1/leave", json={"token": "tok1"}).json()
        assert left["seat"] == 1 and left["name"].endswith("(Bot für Bert)")
        bot = c.post("/api/tables/t1/seats/1/bot", json={"token": "tok0"})
        assert bot.json()["code"] == "seat_taken"
        before = c.get("/api/tables/t1").json()
        deadline = time.monotonic() + 30
        while before["state"]["view"]["to_move"] != 0 and time.monotonic() < deadline:
            time.sleep(0.05)  # the bots play on up to Anna's turn (she never acts)
            before = c.get("/api/tables/t1").json()
    store = Store(url)
    assert {"seat_changes", "table_info"} <= set(inspect(store.engine).get_table_names())
    store.close()
    with TestClient(create_app(url, bot_delay=0)) as c:
        assert c.get("/api/tables/t1").json() == before
        joined = c.post("/api/tables/t1/join", json={"invite": "inv", "name": "Bert"}).json()
        assert joined["seat"] == 1
        assert c.get("/api/tables/t1").json()["state"]["seat_status"][1] == "person"
