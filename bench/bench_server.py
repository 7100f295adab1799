"""Load on the web server: many tables of four bot clients over WebSocket on loopback at once.

Run: ``python bench/bench_server.py [--tables 100] [--games 3] [--think-ms 0] [--json]``. A
server process (``schafkopf serve``, SQLite in a temporary folder) is started; every table's
four seats are people's seats, each taken by a client. Once every client has connected, each
plays a random legal action whenever its seat is to move: at once (``--think-ms 0``: the server
is saturated, every table always has an action in flight) or after a random pause of mean
``--think-ms``. Reported: actions per second over the whole run, and the time from a client
sending its action to it receiving the event of that action (p50, p99, max). Target: p99 under
100 ms. Baseline in the same run: the same round trip for a ``ping`` on an idle server, what
the network and the WebSocket stack alone cost.

With ``--bot-tables K``, K tables of four searching bots (``--bot-spec``, default the page's
strong PIMC) play alongside, and the run is made twice: with the bots thinking in threads of
the server process (the baseline) and in the bot pool's worker processes (``schafkopf
serve``'s default); ``bot_events_per_s`` is how fast those tables moved meanwhile.

All clients come from 127.0.0.1, so the server is started with its limits per address and per
connection lifted and with bot tables and free player specs allowed (:data:`SETTINGS`).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from test_server_process import ServerProcess

BOT_SPEC = "pimc:samples=20,seconds=0.5"
"""The page's strong bot (as a free spec: any other spec may be given)."""

SETTINGS = [
    "tables_per_minute=1000000",
    "joins_per_minute=1000000",
    "requests_per_second=1000000",
    "messages_per_second=1000000",
    "connections_per_address=1000000",
    "allow_bot_tables=true",
    "allow_player_specs=true",
]
"""Every client of the bench comes from 127.0.0.1: the server's limits per address (10 tables
and 30 joins a minute, 50 requests a second, 64 WebSockets) and per connection (20 messages a
second: the ping baseline sends 200 at once) are lifted, and tables of bots only, seated by a
free spec, are allowed."""


async def _client(
    url: str,
    seed: int,
    latencies: list[float],
    counts: list[int],
    think: float,
    ready: asyncio.Barrier,
) -> None:
    rng = random.Random(seed)
    async with websockets.connect(url, max_size=2**20) as ws:
        msg = json.loads(await ws.recv())
        await ready.wait()  # every client is connected: the load starts at once
        pending: tuple[int, float] | None = None
        while True:
            if "state" in msg:
                if pending is not None and msg.get("version", 0) > pending[0]:
                    latencies.append(time.perf_counter() - pending[1])
                    pending = None
                st = msg["state"]
                if st["over"]:
                    return
                v = st.get("view") or {}
                if pending is None and v.get("to_move") == st["seat"] and v.get("legal"):
                    action = rng.choice(v["legal"])["id"]
                    if think:
                        await asyncio.sleep(rng.uniform(0, 2 * think))
                    pending = (msg["version"], time.perf_counter())
                    await ws.send(
                        json.dumps({"type": "act", "action": action, "version": msg["version"]})
                    )
                    counts[0] += 1
            elif msg["type"] == "error" and msg["code"] != "stale_version":
                raise RuntimeError(msg)
            elif msg["type"] == "error":
                pending = None
            msg = json.loads(await ws.recv())


async def _ping_baseline(url: str, rounds: int) -> list[float]:
    out = []
    async with websockets.connect(url) as ws:
        await ws.recv()
        for _ in range(rounds):
            t = time.perf_counter()
            await ws.send(json.dumps({"type": "ping"}))
            while json.loads(await ws.recv())["type"] != "pong":
                pass
            out.append(time.perf_counter() - t)
    return out


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] * 1e3


def main() -> None:
    """Start a server, load it, print the figures."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--tables", type=int, default=100)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--think-ms", type=float, default=0.0)
    ap.add_argument(
        "--bot-tables", type=int, default=0, help="tables of four bots playing alongside"
    )
    ap.add_argument("--bot-spec", default=BOT_SPEC, help="the bots of those tables")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if not args.bot_tables:
        runs = {"figures": _measure(args, None)}
    else:  # the baseline: the same bots thinking in threads of the server process
        runs = {"bots in threads": _measure(args, 0), "bots in the pool": _measure(args, None)}
    if args.json:
        print(json.dumps(runs if len(runs) > 1 else runs["figures"]))
        return
    print(f"{'':24s}" + "".join(f"{name:>18s}" for name in runs))
    for k in next(iter(runs.values())):
        cells = [r[k] for r in runs.values()]
        print(f"{k:24s}" + "".join(f"{_cell(v):>18s}" for v in cells))


def _cell(v: Any) -> str:
    return f"{v:,.1f}" if isinstance(v, float) else str(v)


def _measure(args: argparse.Namespace, bot_workers: int | None) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{Path(tmp) / 'load.db'}"
        server = ServerProcess(db, bot_workers=bot_workers, settings=SETTINGS).start()
        try:
            bot_tables = [
                server.post("/api/tables", {"games": 1000, "seats": [args.bot_spec] * 4})["table"]
                for _ in range(args.bot_tables)
            ]
            return asyncio.run(
                _run(server, args.tables, args.games, args.think_ms / 1e3, bot_tables)
            )
        finally:
            server.stop()


async def _run(
    server: ServerProcess, tables: int, games: int, think: float, bot_tables: list[str]
) -> dict[str, Any]:
    ws_base = f"ws://127.0.0.1:{server.port}/ws/"
    seats = []
    for i in range(tables):
        t = server.post(
            "/api/tables", {"games": games, "player": f"c{i}-0", "seats": ["human"] * 4}
        )
        urls = [f"{ws_base}{t['table']}?token={t['token']}"]
        for k in range(1, 4):
            j = server.post(
                f"/api/tables/{t['table']}/join", {"invite": t["invite"], "name": f"c{i}-{k}"}
            )
            urls.append(f"{ws_base}{t['table']}?token={j['token']}")
        seats.append(urls)
    idle = await _ping_baseline(seats[0][0], 200)
    latencies: list[float] = []
    counts = [0]
    ready = asyncio.Barrier(tables * 4 + 1)
    clients = asyncio.gather(
        *(
            _client(u, i * 4 + k, latencies, counts, think, ready)
            for i, urls in enumerate(seats)
            for k, u in enumerate(urls)
        )
    )
    await ready.wait()
    bot_versions = _versions(server, bot_tables)
    start = time.perf_counter()
    await clients
    wall = time.perf_counter() - start
    bot_actions = _versions(server, bot_tables) - bot_versions
    return {
        "tables": tables,
        "think_ms": think * 1e3,
        "clients": tables * 4,
        "actions": counts[0],
        "seconds": wall,
        "actions_per_s": counts[0] / wall,
        "p50_ms": _pct(latencies, 0.50),
        "p99_ms": _pct(latencies, 0.99),
        "max_ms": max(latencies) * 1e3,
        "mean_ms": statistics.fmean(latencies) * 1e3,
        "baseline_ping_p50_ms": _pct(idle, 0.50),
        "baseline_ping_p99_ms": _pct(idle, 0.99),
        "target_p99_ms": 100.0,
        "bot_tables": len(bot_tables),
        "bot_events_per_s": bot_actions / wall,
    }


def _versions(server: ServerProcess, tables: list[str]) -> int:
    return sum(int(server.get(f"/api/tables/{t}")["version"]) for t in tables)


if __name__ == "__main__":
    main()
