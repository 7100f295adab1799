"""A real server's life: a stored table it cannot rebuild, a second server on its database,
SIGTERM while bots think. Each probe runs ``schafkopf serve`` over loopback."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from schafkopf.server.hub import rebuilt_table
from schafkopf.server.store import Store
from schafkopf.server.table import Table, TableConfig
from test_server_process import ServerProcess, _children, free_port


def _status(url: str) -> tuple[int, dict[str, object]]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_a_table_that_cannot_be_rebuilt_does_not_stop_the_server(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 't.db'}"
    store = Store(db)
    good = TableConfig.build(seats=["human", "heuristic", "heuristic", "heuristic"])
    store.create_table("good", good.to_json(), "inv1", Table("good", good).names)
    removed = good.to_json() | {"rules": {"preset": "standard", "hochzeit": True}}
    store.create_table("oldrules", removed, "inv2", ["a", "b", "c", "d"])
    bad_spec = good.to_json() | {"seats": ["human", "pimc:bogus=1", "random", "random"]}
    store.create_table("oldbot", bad_spec, "inv3", ["a", "b", "c", "d"])
    store.add_action("good", 0, 0, 999, "person")  # an action the table refuses on replay
    store.create_table("fine", good.to_json(), "inv4", ["a", "b", "c", "d"])
    store.close()
    server = ServerProcess(db).start()
    try:
        for table in ("oldrules", "oldbot", "good"):
            status, body = _status(f"{server.url}/api/tables/{table}")
            assert status == 503 and body["code"] == "unavailable", body
            assert table in str(body["message"])
            assert table in server.output()  # logged with its id and reason
        assert "hochzeit" in server.output() and "bogus" in server.output()
        status, body = _status(f"{server.url}/api/tables/fine")
        assert status == 200 and body["version"] >= 1
        created = server.post("/api/tables", {"player": "Anna"})
        assert _status(f"{server.url}/api/tables/{created['table']}")[0] == 200
    finally:
        server.stop()


def _serve(db: str, port: int) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "schafkopf", "serve", "--port", str(port), "--database", db]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=60)


def test_one_server_per_database(tmp_path: Path) -> None:
    """A second server on a database in use refuses to start; once the first is killed (or
    stopped) the next one starts at once and resumes its tables."""
    db = f"sqlite:///{tmp_path / 't.db'}"
    first = ServerProcess(db).start()
    try:
        t = first.post("/api/tables", {"player": "Anna"})
        second = _serve(db, free_port())  # a port in use is refused before the database
        assert second.returncode == 1
        assert "in use by another schafkopf server" in second.stderr, second.stderr
        assert _status(f"{first.url}/api/tables/{t['table']}")[0] == 200  # undisturbed
        first.kill()
        third = ServerProcess(db).start()  # the killed server's claim is taken over at once
        try:
            assert _status(f"{third.url}/api/tables/{t['table']}")[0] == 200
        finally:
            third.stop()
        fourth = ServerProcess(db).start()  # a stopped server released it
        fourth.stop()
    finally:
        first.stop()


def test_sigterm_stops_within_five_seconds_while_bots_think(tmp_path: Path) -> None:
    """Bots that would think for minutes (an operator's spec) in the pool, a table of people
    and bots moving: SIGTERM ends the server and its bot workers within 5 s, every accepted
    action is stored, and the next start resumes each table."""
    db = f"sqlite:///{tmp_path / 't.db'}"
    settings = ["allow_player_specs=true", "allow_bot_tables=true", "bot_seconds=60"]
    server = ServerProcess(db, bot_workers=1, settings=settings).start()
    assert server.proc is not None
    slow = server.post("/api/tables", {"seats": ["pimc:samples=100000"] * 4})["table"]
    quick = server.post("/api/tables", {"seats": ["random"] * 4, "games": 1000})["table"]
    time.sleep(3)
    version = _status(f"{server.url}/api/tables/{quick}")[1]["version"]
    assert isinstance(version, int) and version > 10
    kids = _children(server.proc.pid)
    assert kids
    started = time.monotonic()
    server.proc.send_signal(signal.SIGTERM)
    server.proc.wait(10)
    took = time.monotonic() - started
    assert took < 5, f"SIGTERM took {took:.1f} s"
    assert server.proc.returncode in (0, -signal.SIGTERM)  # uvicorn re-raises it when done
    assert "stopped: every accepted action is stored" in server.output()
    assert "Traceback" not in server.output()
    deadline = time.monotonic() + 5
    while any(Path(f"/proc/{k}").exists() for k in kids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [k for k in kids if Path(f"/proc/{k}").exists()], "bot workers outlived it"
    store = Store(db)
    stored = store.load(quick)[0]
    store.close()
    table = rebuilt_table(
        stored.id, stored.config, stored.names, stored.actions, stored.bys, stored.changes
    )
    assert table.version >= version  # every action the clients could have seen is stored
    again = ServerProcess(db, bot_workers=1, settings=settings).start()
    try:
        assert _status(f"{again.url}/api/tables/{quick}")[1]["version"] >= table.version
        assert _status(f"{again.url}/api/tables/{slow}")[0] == 200
    finally:
        again.stop()


def _aborted_handshake(port: int, path: str) -> None:
    """Send a WebSocket handshake and reset the connection at once (SO_LINGER 0)."""
    import base64
    import os
    import socket
    import struct

    key = base64.b64encode(os.urandom(16)).decode()
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.sendall(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    s.close()


def test_clients_that_vanish_mid_handshake_leave_nothing_behind(tmp_path: Path) -> None:
    """Sixty handshakes reset at once, and ten clients connecting together to a table that
    takes two: the table still takes exactly its two, and the log shows no traceback."""
    import threading

    from websockets.sync.client import connect

    db = f"sqlite:///{tmp_path / 't.db'}"
    server = ServerProcess(db, settings=["connections_per_table=2"]).start()
    try:
        t = server.post("/api/tables", {"player": "Anna", "seats": ["human"] * 4})
        for _ in range(60):
            _aborted_handshake(server.port, f"/ws/{t['table']}")
        time.sleep(1)
        url = f"ws://127.0.0.1:{server.port}/ws/{t['table']}"
        firsts: list[str] = []
        ready = threading.Barrier(10)
        release = threading.Event()

        def client() -> None:
            ready.wait()
            with connect(url) as ws:
                firsts.append(json.loads(ws.recv(timeout=10)).get("code", "snapshot"))
                release.wait(10)

        threads = [threading.Thread(target=client) for _ in range(10)]
        for th in threads:
            th.start()
        deadline = time.monotonic() + 20
        while len(firsts) < 10 and time.monotonic() < deadline:
            time.sleep(0.05)
        release.set()
        for th in threads:
            th.join(10)
        assert sorted(firsts) == ["rate_limited"] * 8 + ["snapshot"] * 2
        assert "Traceback" not in server.output()
    finally:
        server.stop()


def test_a_closed_table_stops_its_bots(tmp_path: Path) -> None:
    """A table of bots playing on its own (allowed) with nobody connected is closed after
    the idle time: from then on nothing is stored for it."""
    db = f"sqlite:///{tmp_path / 't.db'}"
    settings = ["allow_bot_tables=true", "idle_close_minutes=0.02"]
    server = ServerProcess(db, settings=settings).start()
    try:
        table = server.post("/api/tables", {"seats": ["random"] * 4, "games": 1000})["table"]
        deadline = time.monotonic() + 20
        while not _status(f"{server.url}/api/tables/{table}")[1]["state"]["closed"]:  # type: ignore[index]
            assert time.monotonic() < deadline, "the idle table was not closed"
            time.sleep(0.1)
        store = Store(db)
        closed_at = len(store.load(table)[0].actions)
        time.sleep(1.0)
        assert len(store.load(table)[0].actions) == closed_at
        store.close()
        assert closed_at > 0
    finally:
        server.stop()
