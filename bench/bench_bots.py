"""Bot fairness: with one table of slow bots, every other table of bots keeps moving.

Run: ``python bench/bench_bots.py [--tables 3] [--seconds 30] [--bot-seconds S] [--json]``.
Each run starts a server process (``schafkopf serve --bot-workers 1 --bot-delay 0``, SQLite in a
temporary folder, ``--set allow_bot_tables=true --set allow_player_specs=true``) and creates
``--tables`` ordinary tables whose four seats are bots of the page's ``pimc`` level
(``pimc:samples=20,seconds=0.5``): they play on their own, and every one of their decisions is
a question to the bot pool, which has one worker process. A spectator WebSocket (``/ws/{id}``
without a token) watches each table. Once every table has moved and ``--warmup`` seconds have
passed, each table's moves are timed for ``--seconds`` seconds.

A table's *move latency* is the time between two consecutive ``action`` events of the table as
its spectator receives them: the next bot's decision, with its time waiting for the worker and
any Kontra/Re questions put to the other bots first (before each card while doublings may be
said, each other bot that may double is asked: each is a question to the pool too, which waits
its turn). Reported per table: ``moves`` in the window, the latency's ``p50``, ``p99`` and
``max`` in seconds (``max`` includes the wait still open when the window closes, so a table
that stopped moving shows it; with a few moves p99 is max), and ``cut``: the decisions in the
window that overran the time budget (``bot_seconds``), for which the rule-based player acted
instead (counted from the server's log).

The runs, each on a fresh server:

- ``baseline``: only the ordinary tables;
- ``strongest``: plus one table of the strongest level (``pimc_inference``);
- ``unbounded``: plus one table of an operator's spec without a time cap, ``--heavy-spec``
  (default ``pimc:samples=100000``: minutes a card), which only the budget stops.

The claim: in the second and third runs every ordinary table keeps moving (moves > 0). The pool
takes the tables' questions in turn, so one question of an ordinary table waits for at most one
question of the heavy table: the budget, plus the start and warm-up of the worker that replaces
the killed one (``restart``, measured first), plus the other tables' questions (at most the
baseline's longest wait). The summary compares each run's worst ordinary p99 with that bound
(``bound_s``). A move that needs several questions (Kontra/Re asked first) waits that long for
each of them; ``--overrides '{"max_doublings": 0}'`` (no Kontra) leaves one question a move.

A default run takes about two minutes (three servers, 30 s measured each). ``--json`` prints
``{"runs": {name: {"heavy", "tables": [...], ...}}, "summary": {...}}`` (null for a figure
without moves).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import math
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from test_server_process import ServerProcess

LEVEL = "pimc"
"""The ordinary tables' bots: the page's strong level (``pimc:samples=20,seconds=0.5``)."""

STRONGEST = "pimc_inference"
"""The strongest level (``pimc:samples=20,seconds=0.5,inference=true``)."""

HEAVY_SPEC = "pimc:samples=100000"
"""An operator's spec with no time cap: a card decision would take minutes."""

SERVER_BOT_SECONDS = 5.0
"""The server's default budget (``ServerSettings.bot_seconds``)."""

SETTINGS = ["allow_bot_tables=true", "allow_player_specs=true", "tables_per_minute=1000"]
"""Tables of bots only, the free spec of the third run, and more tables than 10 a minute."""

RUNS = {"baseline": None, "strongest": STRONGEST, "unbounded": HEAVY_SPEC}
"""Each run's heavy table (None: none)."""


async def _watch(url: str, stamps: list[float], until: float) -> None:
    """Record the time of each ``action`` event of the table until ``until``."""
    async with websockets.connect(url, max_size=2**22) as ws:
        while (left := until - time.perf_counter()) > 0:
            try:
                raw = await asyncio.wait_for(ws.recv(), left)
            except TimeoutError:
                return
            msg = json.loads(raw)
            if msg.get("type") == "event" and msg["event"]["kind"] == "action":
                stamps.append(time.perf_counter())


def _pct(xs: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of ``xs``; NaN when empty."""
    if not xs:
        return math.nan
    xs = sorted(xs)
    return xs[max(0, math.ceil(q * len(xs)) - 1)]


def _figures(stamps: list[float], start: float, end: float) -> dict[str, Any]:
    """Moves and move latencies of one table in the window [start, end]."""
    inside = [t for t in stamps if start <= t <= end]
    before = [t for t in stamps if t < start]
    edges = ([before[-1]] if before else []) + inside
    gaps = [b - a for a, b in itertools.pairwise(edges)]
    still_open = end - edges[-1] if edges else end - start
    return {
        "moves": len(inside),
        "p50_s": _pct(gaps, 0.50),
        "p99_s": _pct(gaps, 0.99),
        "max_s": max([*gaps, still_open]),
        "mean_s": statistics.fmean(gaps) if gaps else math.nan,
        "open_s": still_open,
    }


def _cuts(server: ServerProcess, table: str) -> int:
    """The table's decisions that overran the budget so far (the hub logs each)."""
    return sum(
        1 for line in server.output().splitlines() if table in line and "overran its time" in line
    )


def _failures(server: ServerProcess) -> int:
    """Bot failures the hub logged (a bug or a dead worker: the rule-based player acted)."""
    return sum(1 for line in server.output().splitlines() if "bot" in line and "failed" in line)


def _restart_seconds() -> float:
    """How long a fresh bot worker takes to start and warm up (the pool replaces a worker
    that overran the budget by such a one; the next question waits for it)."""
    from schafkopf.server.bots import BotPool

    start = time.perf_counter()
    pool = BotPool(1)
    try:
        for future in pool.warm():
            future.result()
        return time.perf_counter() - start
    finally:
        pool.close()


def _measure(args: argparse.Namespace, heavy: str | None) -> dict[str, Any]:
    settings = list(SETTINGS)
    if args.bot_seconds is not None:
        settings.append(f"bot_seconds={args.bot_seconds}")
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{Path(tmp) / 'bots.db'}"
        server = ServerProcess(db, bot_workers=1, settings=settings).start()
        try:
            return asyncio.run(_run(server, args, heavy))
        finally:
            server.stop()


async def _run(
    server: ServerProcess, args: argparse.Namespace, heavy: str | None
) -> dict[str, Any]:
    kinds = [args.level] * args.tables + ([heavy] if heavy else [])
    tables = [
        server.post(
            "/api/tables",
            {"games": 1000, "seats": [kind] * 4, "overrides": json.loads(args.overrides)},
        )["table"]
        for kind in kinds
    ]
    stamps: list[list[float]] = [[] for _ in tables]
    ws_base = f"ws://127.0.0.1:{server.port}/ws/"
    began = time.perf_counter()
    deadline = began + args.start_limit + args.warmup + args.seconds
    watchers = asyncio.gather(
        *(_watch(ws_base + t, s, deadline) for t, s in zip(tables, stamps, strict=True))
    )
    # warm up: the worker has started and every table has moved
    while not all(stamps) and time.perf_counter() < began + args.start_limit:
        await asyncio.sleep(0.1)
    if not all(stamps):
        watchers.cancel()
        raise RuntimeError(f"a table did not move in {args.start_limit} s: {server.output()}")
    await asyncio.sleep(args.warmup)
    start = time.perf_counter()
    cut_before = [_cuts(server, t) for t in tables]
    failed_before = _failures(server)
    await asyncio.sleep(args.seconds)
    end = time.perf_counter()
    cut_after = [_cuts(server, t) for t in tables]
    failed = _failures(server) - failed_before
    watchers.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await watchers
    rows = []
    for i, (t, kind) in enumerate(zip(tables, kinds, strict=True)):
        row = {"table": t, "bots": kind, "heavy": i >= args.tables}
        row |= _figures(stamps[i], start, end)
        row["cut"] = cut_after[i] - cut_before[i]
        rows.append(row)
    return {"heavy": heavy, "tables": rows, "bot_failures": failed, "window_s": end - start}


def _summary(runs: dict[str, dict[str, Any]], budget: float, restart: float) -> dict[str, Any]:
    """The claim, checked: every ordinary table moved in every run, and its p99 against the
    budget plus a worker's restart plus the baseline's longest wait."""
    base = runs["baseline"]["tables"]
    base_max = max(r["max_s"] for r in base)
    out: dict[str, Any] = {
        "bot_seconds": budget,
        "worker_restart_s": restart,
        "baseline_max_s": base_max,
    }
    for name, run in runs.items():
        ordinary = [r for r in run["tables"] if not r["heavy"]]
        out[name] = {
            "all_moved": all(r["moves"] > 0 for r in ordinary),
            "fewest_moves": min(r["moves"] for r in ordinary),
            "worst_p99_s": max(r["p99_s"] for r in ordinary),
            "worst_max_s": max(r["max_s"] for r in ordinary),
            "bound_s": budget + restart + base_max,
            "within_bound": max(r["p99_s"] for r in ordinary) <= budget + restart + base_max,
        }
    return out


def _print(
    runs: dict[str, dict[str, Any]], summary: dict[str, Any], args: argparse.Namespace
) -> None:
    cols = ("moves", "p50_s", "p99_s", "max_s", "cut")
    width = 6 * len(cols) + 2
    print(
        f"{args.tables} tables of 4 '{args.level}' bots, 1 bot worker, bot_delay 0, "
        f"bot_seconds {summary['bot_seconds']:g} s"
        f"{'' if args.bot_seconds is not None else ' (the server default)'}; "
        f"window {args.seconds:g} s after a {args.warmup:g} s warm-up"
    )
    for name, run in runs.items():
        print(f"  {name}: {run['heavy'] or 'no heavy table'}")
    print()
    print(f"{'':10s}" + "".join(f"{name:^{width}s}" for name in runs))
    print(f"{'table':10s}" + "".join(f"{c[:5]:>6s}" for c in cols).rjust(width) * len(runs))
    n = max(len(r["tables"]) for r in runs.values())
    for i in range(n):
        label = f"ordinary {i + 1}" if i < args.tables else "heavy"
        line = f"{label:10s}"
        for run in runs.values():
            if i < len(run["tables"]):
                r = run["tables"][i]
                cells = f"{r['moves']:6d}" + "".join(f"{r[c]:6.2f}" for c in cols[1:4])
                line += (cells + f"{r['cut']:6d}").rjust(width)
            else:
                line += " " * width
        print(line)
    print()
    print(
        f"the longest wait of an ordinary table in the baseline: "
        f"{summary['baseline_max_s']:.2f} s; a bot worker's restart (start and warm-up): "
        f"{summary['worker_restart_s']:.2f} s"
    )
    for name in runs:
        s = summary[name]
        print(
            f"{name:10s}: every ordinary table moved: {'yes' if s['all_moved'] else 'NO'} "
            f"(fewest {s['fewest_moves']}); worst p99 {s['worst_p99_s']:.2f} s, worst max "
            f"{s['worst_max_s']:.2f} s; budget + restart + baseline max {s['bound_s']:.2f} s "
            f"({'within' if s['within_bound'] else 'EXCEEDED'}); "
            f"bot failures logged: {runs[name]['bot_failures']}"
        )


def _finite(x: Any) -> Any:
    """``x`` with NaN (no moves to measure) as None, for strict JSON."""
    if isinstance(x, float) and math.isnan(x):
        return None
    if isinstance(x, dict):
        return {k: _finite(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_finite(v) for v in x]
    return x


def main() -> None:
    """Run the three cases, print the figures."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--tables", type=int, default=3, help="ordinary tables of bots")
    ap.add_argument("--seconds", type=float, default=30.0, help="the measured window")
    ap.add_argument("--warmup", type=float, default=5.0, help="seconds before the window")
    ap.add_argument(
        "--start-limit", type=float, default=90.0, help="seconds for every table's first move"
    )
    ap.add_argument("--level", default=LEVEL, help="the ordinary tables' bot level")
    ap.add_argument("--heavy-spec", default=HEAVY_SPEC, help="the third run's heavy bots")
    ap.add_argument(
        "--bot-seconds", type=float, default=None, help="the budget (default: the server's, 5 s)"
    )
    ap.add_argument("--runs", default=",".join(RUNS), help="which runs, comma-separated")
    ap.add_argument(
        "--overrides",
        default="{}",
        help="rule overrides of every table, JSON (e.g. '{\"max_doublings\": 0}': no Kontra)",
    )
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    heavies = dict(RUNS, unbounded=args.heavy_spec)
    names = ["baseline", *(n for n in args.runs.split(",") if n and n != "baseline")]
    if unknown := [n for n in names if n not in RUNS]:
        ap.error(f"unknown runs {unknown}: the runs are {', '.join(RUNS)}")
    restart = _restart_seconds()
    runs = {name: _measure(args, heavies[name]) for name in names}
    budget = args.bot_seconds if args.bot_seconds is not None else SERVER_BOT_SECONDS
    summary = _summary(runs, budget, restart)
    if args.json:
        print(json.dumps(_finite({"runs": runs, "summary": summary})))
        return
    _print(runs, summary, args)


if __name__ == "__main__":
    main()
