"""A real server process: killed with SIGKILL mid-game, started again, the game finished.

The record of the finished game must equal an uninterrupted replay of the stored actions:
nothing accepted was lost, nothing was applied twice.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from schafkopf.server.hub import rebuilt_table
from schafkopf.server.store import Store
from server_helpers import my_move


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``schafkopf serve`` in a child process on a free loopback port."""

    def __init__(
        self,
        database: str,
        bot_delay: float = 0.0,
        port: int | None = None,
        bot_workers: int | None = None,
        settings: list[str] | None = None,
    ) -> None:
        self.database = database
        self.settings = settings or []
        self.bot_delay = bot_delay
        self.bot_workers = bot_workers
        self.port = port or free_port()
        self.proc: subprocess.Popen[str] | None = None
        fd, name = tempfile.mkstemp(prefix="schafkopf-serve-", suffix=".log")
        os.close(fd)
        self.log = Path(name)
        """The server's output (a file: a pipe nobody reads would block a chatty server)."""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        cmd = [sys.executable, "-m", "schafkopf", "serve", "--port", str(self.port),
               "--database", self.database, "--bot-delay", str(self.bot_delay)]  # fmt: skip
        if self.bot_workers is not None:
            cmd += ["--bot-workers", str(self.bot_workers)]
        for item in self.settings:
            cmd += ["--set", item]
        with self.log.open("a") as out:
            self.proc = subprocess.Popen(
                cmd, stdout=out, stderr=subprocess.STDOUT, text=True, env=dict(os.environ)
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {self.output()}")
            try:
                with urllib.request.urlopen(self.url + "/api/options", timeout=2):
                    return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not come up in 60 s")

    def output(self) -> str:
        """What the server has printed so far."""
        return self.log.read_text(errors="replace")

    def kill(self) -> None:
        """SIGKILL: no chance to clean up."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)
        self.log.unlink(missing_ok=True)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.log.unlink(missing_ok=True)

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        req = urllib.request.Request(
            self.url + path, json.dumps(body).encode(), {"content-type": "application/json"}
        )
        with urllib.request.urlopen(req, timeout=10) as r:
            return dict(json.loads(r.read()))

    def get(self, path: str) -> dict[str, Any]:
        with urllib.request.urlopen(self.url + path, timeout=10) as r:
            return dict(json.loads(r.read()))


def _play_as(ws: Any, moves: int | None) -> dict[str, Any]:
    """Act as the connection's seat (first legal action) ``moves`` times, or to the end.

    An action refused as stale is a race with a bot, not a fault: the server refused it whole.
    """
    done = 0
    msg = json.loads(ws.recv(timeout=20))
    while True:
        st = msg["state"]
        if st["over"] or (moves is not None and done >= moves):
            return dict(msg)
        action = my_move(st)
        if action is not None:
            ws.send(json.dumps({"type": "act", "action": action, "version": msg["version"]}))
            done += 1
        while True:
            msg = json.loads(ws.recv(timeout=20))
            if msg["type"] == "error" and msg["code"] != "stale_version":
                raise AssertionError(msg)
            # stale: a bot acted (a Kontra, say) before our action arrived; the newer state is
            # sent to us as well, and we act on that one instead
            if "state" in msg:
                break


def test_sigkill_mid_game_loses_nothing(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'crash.db'}"
    server = ServerProcess(db).start()
    try:
        t = server.post("/api/tables", {"games": 2, "player": "Anna", "preset": "sauspiel"})
        ws_url = f"ws://127.0.0.1:{server.port}/ws/{t['table']}?token={t['token']}"
        with connect(ws_url) as ws:
            _play_as(ws, moves=4)  # bidding and a few cards
        before = server.get(f"/api/tables/{t['table']}")
        server.kill()
        stored = Store(db).load(t["table"])[0]
        st = before["state"]
        started, finished = st["game"], len(st["ledger"])
        # every accepted action is stored: the events are the actions, each game's start and
        # each finished game's result (bots may have acted after the snapshot, before the kill)
        assert len(stored.actions) >= before["version"] - started - finished
        server = ServerProcess(db).start()
        resumed = server.get(f"/api/tables/{t['table']}")
        assert resumed["version"] >= before["version"]
        with connect(f"ws://127.0.0.1:{server.port}/ws/{t['table']}?token={t['token']}") as ws:
            last = _play_as(ws, moves=None)
        assert last["state"]["over"]
        records = [server.get(f"/api/tables/{t['table']}/games/{k}") for k in (1, 2)]
    finally:
        server.stop()
    stored = Store(db).load(t["table"])[0]
    table = rebuilt_table(
        stored.id, stored.config, stored.names, stored.actions, stored.bys, stored.changes
    )
    assert table.is_over()
    assert [table.record(k) for k in (1, 2)] == records


_GC_PROBE = """
import gc, weakref
from schafkopf.server.app import FULL_COLLECTION_EVERY, tune_gc_for_serving
tune_gc_for_serving()
assert gc.get_freeze_count() > 1000, gc.get_freeze_count()
assert gc.get_threshold()[2] == FULL_COLLECTION_EVERY
class Node:
    pass
a, b = Node(), Node()
a.other, b.other = b, a
alive = weakref.ref(a)
del a, b
gc.collect()
assert alive() is None, "a cycle made after the tuning must still be collected"
print("ok")
"""


def test_serving_gc_freezes_the_code_and_still_collects_new_cycles() -> None:
    """The serving process's collector tuning (run in a child: it freezes the whole heap)."""
    out = subprocess.run(
        [sys.executable, "-c", _GC_PROBE], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry.name))
    return out


def test_bot_workers_end_with_a_killed_server(tmp_path: Path) -> None:
    """The searching bots play in the pool's worker; SIGKILL gives the server no chance to
    stop it: it notices and ends."""
    server = ServerProcess(
        f"sqlite:///{tmp_path / 't.db'}",
        bot_workers=1,
        settings=["allow_player_specs=true", "allow_bot_tables=true"],
    ).start()
    try:
        pimc = "pimc:samples=4,seconds=0.05"
        table = server.post("/api/tables", {"games": 50, "seats": [pimc] * 4})["table"]
        assert server.proc is not None
        deadline = time.monotonic() + 60
        while server.get(f"/api/tables/{table}")["version"] < 20:
            assert time.monotonic() < deadline, "the bots do not play"
            time.sleep(0.2)
        assert "failed" not in server.output()  # the pooled bots answered themselves
        kids = _children(server.proc.pid)
        assert kids, "the server started no bot worker"
        server.kill()
        deadline = time.monotonic() + 10
        while any(Path(f"/proc/{k}").exists() for k in kids) and time.monotonic() < deadline:
            time.sleep(0.2)
        alive = [k for k in kids if Path(f"/proc/{k}").exists()]
        assert not alive, f"bot processes outlived the server: {alive}"
    finally:
        server.stop()


def test_a_port_in_use_is_said_before_anything_starts(tmp_path: Path) -> None:
    """Another program on the port: ``serve`` says so and exits 2 without claiming to serve,
    before it opens the database; a free port serves as before (the other tests)."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        db = tmp_path / "never.db"
        out = subprocess.run(
            [sys.executable, "-m", "schafkopf", "serve", "--port", str(port),
             "--database", f"sqlite:///{db}"],
            capture_output=True, text=True, timeout=120,
        )  # fmt: skip
    assert out.returncode == 2, out
    assert f"cannot listen on 127.0.0.1:{port}" in out.stderr and "--port" in out.stderr
    assert "served at" not in out.stdout and "Traceback" not in out.stderr
    assert not db.exists()
