"""Faults injected into a real server process over loopback.

Twenty tables play, each with one or two people (raw WebSocket clients that act at random
after a short pause) and bots, while the server is killed with SIGKILL at ten random moments
and stopped with SIGTERM at two more; each time a new server is started at once on the same
database and port, and the clients reconnect and resume with ``since``. Then every game of
every table must be finished, every record must replay through the engine and equal the one
rebuilt from the store, every action a client saw accepted must be in the store exactly as
seen (nothing lost, nothing applied twice), and each client's versions must have run on by
one across every reconnect. A SIGTERM must stop the server within five seconds.

``SCHAFKOPF_FAULT_SEED`` chooses another run (the tables, the moments, the clients' moves).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from schafkopf.record import check_result, record_to_game
from schafkopf.server.hub import rebuilt_table
from schafkopf.server.store import ActionRow, Store
from schafkopf.server.table import HUMAN, Table
from test_server_process import ServerProcess, free_port

SEED = int(os.environ.get("SCHAFKOPF_FAULT_SEED", "20250611"))
TABLES = 20
SIGKILLS = 10
SIGTERMS = 2
DEADLINE_S = 240.0
"""The longest the tables may take to finish, from the first client's start."""
SIGTERM_LIMIT_S = 5.0
EVENTS_PER_GAME = 40
"""About how many events a game makes (its start, bidding, 32 cards, its end): the kills are
spread over the run by the clients' progress against this estimate."""
SETTINGS = [
    "tables_per_minute=1000",
    "joins_per_minute=1000",
    "connections_per_address=1000",
    "requests_per_second=1000",
    "messages_per_second=1000",
    "min_turn_seconds=0.01",
]
NORMAL_REFUSALS = ("stale_version", "conflict")
"""Errors after a race (a bot, a timer or a restart moved the table on): resume and go on."""


@dataclass
class Plan:
    """One table to create."""

    seats: list[str]
    games: int
    preset: str
    turn_seconds: float


def plan_tables(rng: random.Random) -> list[Plan]:
    """Mostly rule-based bots; two tables with a searching bot (the bot pool across kills),
    two with a random one, two with a turn timer about as short as the people's pauses (the
    stand-in and the person race; a stand-in acts for a person still reconnecting)."""
    plans = []
    for i in range(TABLES):
        seats = [HUMAN, "heuristic", "heuristic", "heuristic"]
        if rng.random() < 0.5:
            seats[rng.randrange(1, 4)] = HUMAN
        bots = [s for s, kind in enumerate(seats) if kind != HUMAN]
        if i < 2:
            seats[bots[0]] = ("pimc", "pimc_inference")[i]
        elif i < 4:
            seats[rng.choice(bots)] = "random"
        games = 1 if i < 2 else rng.choice((1, 2))
        turn_seconds = 0.03 if i in (4, 5) else 0.0
        preset = rng.choice(("standard", "sauspiel", "bsv"))
        plans.append(Plan(seats, games, preset, turn_seconds))
    return plans


def _event(data: dict[str, Any]) -> dict[str, Any]:
    """An event as compared: everything but its version."""
    return {k: v for k, v in data.items() if k != "version"}


@dataclass
class Client:
    """A person at a table: a raw WebSocket client that plays its seat to the end, through
    every restart of the server, and logs every event it sees."""

    table: str
    seat: int
    token: str
    rng: random.Random
    log: dict[int, dict[str, Any]] = field(default_factory=dict)
    """Every event seen, by version."""
    last: int = 0
    """The newest version seen in order (what a resume asks after)."""
    connections: int = 0
    acted: int = 0
    refused: int = 0
    """Actions refused as ``stale_version`` or ``conflict`` (races: normal)."""
    in_flight: int = 0
    """Actions sent on a connection that dropped before their answer (lost or accepted)."""
    pending: int | None = None
    """The version of the action sent and not yet answered."""
    jumps: list[tuple[int, int]] = field(default_factory=list)
    """(from, to): a resume answered with a snapshot."""
    problems: list[str] = field(default_factory=list)
    over: bool = False

    def problem(self, text: str) -> None:
        self.problems.append(f"table {self.table} seat {self.seat}: {text}")

    def see(self, version: int, event: dict[str, Any]) -> None:
        """One event: a version seen before must be the same event; a new one must be the next."""
        if version <= self.last:
            known = self.log.setdefault(version, event)
            if known != event:
                self.problem(f"version {version} was {known}, then {event}")
            return
        if version != self.last + 1:
            self.problem(f"version {version} came after {self.last}")
        self.log[version] = event
        self.last = version

    async def play(self, port: int, deadline: float) -> None:
        url = f"ws://127.0.0.1:{port}/ws/{self.table}?token={self.token}"
        while not self.over and not self.problems:  # a problem ends the client: fail fast
            if time.monotonic() > deadline:
                self.problem(f"not over by the deadline (at version {self.last})")
                return
            try:
                async with connect(url, open_timeout=5, close_timeout=1, max_size=None) as ws:
                    self.connections += 1
                    await self._session(ws, deadline)
            except (OSError, TimeoutError, EOFError, WebSocketException):
                pass  # the server is down or going: try again
            if self.pending is not None:
                self.in_flight += 1
                self.pending = None
            if not self.over and not self.problems:
                await asyncio.sleep(0.03 + 0.05 * self.rng.random())

    async def _session(self, ws: ClientConnection, deadline: float) -> None:
        """One connection: the snapshot, a resume after the last version seen, then play."""
        first = json.loads(await ws.recv())
        if first["type"] != "snapshot":
            self.problem(f"a connection began with {first}")
            return
        if first["version"] < self.last:
            self.problem(f"the server went back from version {self.last} to {first['version']}")
        state, at = first["state"], first["version"]
        await ws.send(json.dumps({"type": "resume", "since": self.last}))
        resuming, held = True, []  # live events that came before the resume's answer
        acted_at = -1
        while not self.problems:
            if state["over"] and not resuming:
                self.over = True
                return
            view = state.get("view") or {}
            mine = (
                not resuming
                and at == self.last
                and acted_at != at
                and (
                    view.get("to_move") == self.seat
                    or self.seat in view.get("waiting_for_doubling", ())
                )
                and bool(view.get("legal"))
            )
            wait = 0.01 + 0.03 * self.rng.random() if mine else deadline - time.monotonic()
            try:
                raw = await asyncio.wait_for(ws.recv(), max(wait, 0.001))
            except TimeoutError:
                if not mine:
                    return  # past the deadline: play() says so
                action = self.rng.choice(view["legal"])["name"]
                await ws.send(json.dumps({"type": "act", "action": action, "version": at}))
                acted_at = self.pending = at
                self.acted += 1
                continue
            msg = json.loads(raw)
            kind = msg["type"]
            if kind == "presence":  # who is connected: no answer to an action
                continue
            if self.pending is not None and (kind == "error" or msg["version"] > self.pending):
                self.pending = None
            if kind == "event":
                if resuming:
                    held.append(msg)
                    continue
                self.see(msg["version"], _event(msg["event"]))
                if "state" in msg:
                    state, at = msg["state"], msg["version"]
            elif kind in ("events", "snapshot"):
                if kind == "events":
                    for e in msg["events"]:
                        self.see(e["version"], _event(e))
                else:  # a resume from beyond the server's log
                    if msg["version"] < self.last:
                        self.problem(f"a resume after {self.last} got version {msg['version']}")
                    self.jumps.append((self.last, msg["version"]))
                    self.last = max(self.last, msg["version"])
                resuming = False
                state, at = msg["state"], msg["version"]
                for h in held:
                    self.see(h["version"], _event(h["event"]))
                    if "state" in h and h["version"] > at:
                        state, at = h["state"], h["version"]
                held = []
            elif kind == "seats":
                if msg["version"] >= at:
                    state, at = msg["state"], msg["version"]
            elif kind == "error" and msg["code"] in NORMAL_REFUSALS:
                self.refused += 1
                if not resuming:
                    await ws.send(json.dumps({"type": "resume", "since": self.last}))
                    resuming = True
            elif kind != "pong":
                self.problem(f"unexpected {msg}")


@dataclass
class Fault:
    """One injected fault, as it happened."""

    signal: str
    progress: int
    """Events the clients had seen, all tables together."""
    playing: int
    """Tables not over at that moment."""
    stopped_s: float
    """From the signal to the process's end."""
    restart_s: float = 0.0


class Faults:
    """The server, and the kills and stops at random moments of the clients' progress."""

    def __init__(self, db: str, port: int, rng: random.Random) -> None:
        self.db = db
        self.port = port
        self.rng = rng
        self.server = self._new()
        self.done: list[Fault] = []
        self.outputs: list[str] = []
        """What each server printed, the stopped ones and the current one."""

    def _new(self) -> ServerProcess:
        return ServerProcess(self.db, bot_delay=0, port=self.port, bot_workers=1, settings=SETTINGS)

    def start(self) -> None:
        self.server.start()

    async def run(self, clients: list[Client], tables: list[str], plans: list[Plan]) -> None:
        signals = ["SIGKILL"] * SIGKILLS + ["SIGTERM"] * SIGTERMS
        self.rng.shuffle(signals)
        estimate = sum(p.games for p in plans) * EVENTS_PER_GAME
        marks = sorted(self.rng.uniform(0.03, 0.75) * estimate for _ in signals)
        for name, mark in zip(signals, marks, strict=True):
            waited = time.monotonic()
            while _progress(clients) < mark and time.monotonic() - waited < 30:
                if any(c.problems for c in clients):
                    return  # the test fails: no need to go on
                await asyncio.sleep(0.01)
            await asyncio.sleep(self.rng.uniform(0.0, 0.15))
            over = {c.table for c in clients if c.over}
            playing = sum(t not in over for t in tables)
            fault = Fault(name, _progress(clients), playing, await self._signal(name))
            began = time.monotonic()
            self.server = self._new()
            await asyncio.to_thread(self.server.start)
            fault.restart_s = time.monotonic() - began
            self.done.append(fault)

    async def _signal(self, name: str) -> float:
        proc = self.server.proc
        assert proc is not None
        began = time.monotonic()
        if name == "SIGKILL":
            proc.kill()
        else:
            proc.terminate()
        try:
            await asyncio.to_thread(proc.wait, 30)
        except subprocess.TimeoutExpired:
            proc.kill()
            await asyncio.to_thread(proc.wait, 10)
        took = time.monotonic() - began
        self.outputs.append(self.server.output())
        self.server.log.unlink(missing_ok=True)
        return took

    def stop(self) -> None:
        self.outputs.append(self.server.output())
        self.server.stop()


def _progress(clients: list[Client]) -> int:
    most: dict[str, int] = {}
    for c in clients:
        most[c.table] = max(most.get(c.table, 0), c.last)
    return sum(most.values())


def _stored_events(db: str, table_id: str) -> tuple[Table, dict[int, dict[str, Any]]]:
    """The table rebuilt from the store, and its event log as the clients receive it."""
    store = Store(db)
    try:
        (stored,) = store.load(table_id)
    finally:
        store.close()
    # as the server rebuilds it: the seats renamed where their stored changes happened, so
    # each game names who played it (a person away at the end: "Hias (Bot für P5a)")
    table = rebuilt_table(
        stored.id, stored.config, stored.names, stored.actions, stored.bys, stored.changes
    )
    events = {}
    for e in table.events:
        # through JSON, as the clients receive it
        events[e.version] = json.loads(json.dumps({"kind": e.kind, "game": e.game, **e.public}))
    return table, events


def _brief(event: dict[str, Any] | None) -> Any:
    if event is None:
        return None
    if event["kind"] == "action":
        return (event["kind"], event["seat"], event["action"])
    return (event["kind"], event["game"])


async def _play(
    faults: Faults, clients: list[Client], tables: list[str], plans: list[Plan]
) -> list[str]:
    """Run the clients and the faults; returns what went wrong in the clients' play."""
    deadline = time.monotonic() + DEADLINE_S
    players = [asyncio.create_task(c.play(faults.port, deadline)) for c in clients]
    try:
        await faults.run(clients, tables, plans)
        await asyncio.wait(players, timeout=max(1.0, deadline - time.monotonic()))
    finally:
        for task in players:
            task.cancel()
        await asyncio.gather(*players, return_exceptions=True)
    errors = [f"client task failed: {t.exception()!r}" for t in players if _failed(t)]
    return errors + [p for c in clients for p in c.problems]


def _failed(task: asyncio.Task[None]) -> bool:
    return task.done() and not task.cancelled() and task.exception() is not None


def test_tables_survive_sigkill_and_sigterm(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    db = f"sqlite:///{tmp_path / 'faults.db'}"
    plans = plan_tables(rng)
    faults = Faults(db, free_port(), random.Random(rng.getrandbits(64)))
    began = time.monotonic()
    faults.start()
    try:
        server = faults.server
        tables: list[str] = []
        clients: list[Client] = []
        for i, plan in enumerate(plans):
            body = {
                "games": plan.games,
                "player": f"P{i}a",
                "preset": plan.preset,
                "seats": plan.seats,
                "turn_seconds": plan.turn_seconds,
            }
            made = server.post("/api/tables", body)
            tables.append(made["table"])
            seats = [(made["seat"], made["token"])]
            for k in range(1, plan.seats.count(HUMAN)):
                j = server.post(
                    f"/api/tables/{made['table']}/join",
                    {"invite": made["invite"], "name": f"P{i}{k}"},
                )
                seats.append((j["seat"], j["token"]))
            for seat, token in seats:
                assert plan.seats[seat] == HUMAN
                clients.append(
                    Client(made["table"], seat, token, random.Random(rng.getrandbits(64)))
                )
        problems = asyncio.run(_play(faults, clients, tables, plans))
        played_s = time.monotonic() - began
        server = faults.server
        finals = {t: server.get(f"/api/tables/{t}") for t in tables}
        records = {
            t: [server.get(f"/api/tables/{t}/games/{n}") for n in range(1, plan.games + 1)]
            for t, plan in zip(tables, plans, strict=True)
            if finals[t]["state"]["over"]
        }
    finally:
        faults.stop()

    store = Store(db)
    with Session(store.engine) as s:
        by = dict(s.execute(select(ActionRow.by, func.count()).group_by(ActionRow.by)).all())
    store.close()
    summary = (
        f"seed {SEED}; {played_s:.1f} s; faults "
        + ", ".join(
            f"{f.signal}@{f.progress}({f.playing} playing, stopped {f.stopped_s:.2f} s, "
            f"up again {f.restart_s:.2f} s)"
            for f in faults.done
        )
        + f"; {sum(c.acted for c in clients)} actions by the clients, "
        f"{sum(c.refused for c in clients)} refused as stale, "
        f"{sum(c.in_flight for c in clients)} in flight at a fault, "
        f"{sum(c.connections for c in clients)} connections; "
        f"{sum(f['version'] for f in finals.values())} events in "
        f"{sum(p.games for p in plans)} games; stored actions by {by}"
    )
    print(summary)
    assert not problems, "\n".join(problems[:20]) + f"\n{summary}"
    assert [f.signal for f in faults.done].count("SIGKILL") == SIGKILLS
    assert [f.signal for f in faults.done].count("SIGTERM") == SIGTERMS
    assert all(f.playing > 0 for f in faults.done), f"a fault came after the play: {summary}"
    slow = [f for f in faults.done if f.signal == "SIGTERM" and f.stopped_s > SIGTERM_LIMIT_S]
    assert not slow, f"SIGTERM took over {SIGTERM_LIMIT_S} s: {slow}"
    not_over = [t for t in tables if not finals[t]["state"]["over"]]
    assert not not_over, f"tables not over: {not_over}; {summary}"
    failures = [  # each with the lines after it: the traceback whole, to read in CI's log
        "\n".join(lines[i : i + 25])
        for out in faults.outputs
        for lines in [out.splitlines()]
        for i, line in enumerate(lines)
        if "Traceback" in line or "failed" in line or "cannot be rebuilt" in line
    ]
    assert not failures, "\n---\n".join(failures[:5])

    for t, plan in zip(tables, plans, strict=True):
        ledger = finals[t]["state"]["ledger"]
        assert len(ledger) == plan.games, (t, ledger)
        table, stored = _stored_events(db, t)
        assert table.is_over()
        assert table.version == finals[t]["version"]
        for n, rec in enumerate(records[t], start=1):
            game = record_to_game(rec)  # replays through the engine, or raises RecordError
            assert game.is_over(), (t, n)
            assert check_result(rec["result"], game.result()) == [], (t, n)
            assert table.record(n) == rec, (t, n)
        seen: dict[int, dict[str, Any]] = {}
        for c in (c for c in clients if c.table == t):
            clash = [v for v, e in c.log.items() if seen.setdefault(v, e) != e]
            assert not clash, f"table {t}: clients saw different events as versions {clash}"
        for c in (c for c in clients if c.table == t):
            assert c.over
            # every client resumed from 0 at first and after its last version since: it saw all
            assert sorted(c.log) == list(range(1, table.version + 1)), (t, c.seat, c.jumps)
            wrong = [
                (v, _brief(e), _brief(stored.get(v)))
                for v, e in sorted(c.log.items())
                if stored.get(v) != e
            ]
            assert not wrong, f"table {t} seat {c.seat}: seen vs stored {wrong[:10]}"
        counted = sum(1 for e in table.events if e.kind == "action")
        assert counted == len(table.actions)
