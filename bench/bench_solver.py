"""Speed of the open-hand solver and of random playouts, on fixed seeded deals.

Run: ``python bench/bench_solver.py [--deals 1000] [--moves] [--json]``. For Rufspiel, Farbsolo
and Wenz, Vorhand declares on the first ``--deals`` seeds that allow it (the Rufspiel calls the
first Sau it may, the Farbsolo is the first suit offered); from the first card, with all hands
open, it times the win/lose question (``reaches(game, 61)``: one null-window search) and the
exact card points (``solve(game, moves=False)``; with ``--moves`` also every first card's
value), and counts nodes per second. Then random playouts from the same positions: the numba
kernel against the pure-Python engine (random legal cards through ``Game.apply``). One core;
JIT compile time excluded.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

import numpy as np

from schafkopf.actions import NAME_BASE, NAMES, SPIEL, WEITER
from schafkopf.game import BIDDING, NAMING, PLAY, Game
from schafkopf.rules import Kind
from schafkopf.search.kernels import kernel_tables, playouts
from schafkopf.search.solver import search_threshold, solve

KINDS = {"rufspiel": Kind.RUFSPIEL, "farbsolo": Kind.SOLO, "wenz": Kind.WENZ}
TARGETS = {"win_mean_ms": 5.0, "exact_mean_ms": 30.0, "playouts_per_s": 500_000.0}


def deals(kind: Kind, count: int) -> list[tuple[int, Game]]:
    """The first ``count`` seeds (from 0) on which Vorhand can declare ``kind``, with the game."""
    out: list[tuple[int, Game]] = []
    seed = 0
    while len(out) < count:
        game = Game(seed=seed)
        while game.phase == BIDDING:
            game.apply(SPIEL if game.to_move == game.vorhand else WEITER)
        if game.phase == NAMING:
            names = [
                a for a in game.legal_actions() if NAMES[a - NAME_BASE][0:3:2] == (kind, False)
            ]
            if names:
                game.apply(names[0])
                assert game.phase == PLAY
                out.append((seed, game))
        seed += 1
    return out


def _summary(times: list[float], nodes: list[int], seeds: list[int]) -> dict[str, Any]:
    ms = [t * 1e3 for t in times]
    worst = max(range(len(ms)), key=ms.__getitem__)
    return {
        "mean_ms": statistics.fmean(ms),
        "median_ms": statistics.median(ms),
        "max_ms": ms[worst],
        "slowest_seed": seeds[worst],
        "nodes_per_s": sum(nodes) / sum(times),
        "mean_nodes": statistics.fmean(nodes),
    }


def bench_solver(kind: Kind, count: int, moves: bool) -> dict[str, Any]:
    """Time the win/lose question and exact points on ``count`` deals of a contract."""
    games = deals(kind, count)
    solve(games[0][1])  # compile / load from the cache
    seeds = [s for s, _ in games]
    out: dict[str, Any] = {"deals": count}
    times, nodes = [], []
    wins = 0
    for _, g in games:
        t0 = time.perf_counter()
        ok, n = search_threshold(g, 61)
        times.append(time.perf_counter() - t0)
        nodes.append(n)
        wins += ok
    out["win"] = _summary(times, nodes, seeds)
    out["declarer_wins"] = wins
    times, nodes = [], []
    for _, g in games:
        t0 = time.perf_counter()
        sol = solve(g, moves=False)
        times.append(time.perf_counter() - t0)
        nodes.append(sol.nodes)
    out["exact"] = _summary(times, nodes, seeds)
    if moves:
        times, nodes = [], []
        for _, g in games:
            t0 = time.perf_counter()
            sol = solve(g)
            times.append(time.perf_counter() - t0)
            nodes.append(sol.nodes)
        out["exact_moves"] = _summary(times, nodes, seeds)
    return out


def python_playout(game: Game, rng: random.Random) -> None:
    """One random game from a position through the engine: random legal cards until the end."""
    g = game.copy()
    while not g.is_over():
        g.apply(rng.choice([a for a in g.legal_actions() if a < 32]))


def bench_playouts(games: list[Game], per_deal: int, py_per_deal: int) -> dict[str, float]:
    """Random playouts per second from the first card: the kernel against the engine."""
    kts = [kernel_tables(g) for g in games]
    playouts(kts[0], games[0].hands, games[0].trick_leader, 16)  # compile / load
    t0 = time.perf_counter()
    for i, (g, kt) in enumerate(zip(games, kts, strict=True)):
        playouts(kt, np.asarray(g.hands, dtype=np.int64), g.trick_leader, per_deal, seed=i)
    kernel = len(games) * per_deal / (time.perf_counter() - t0)
    rng = random.Random(0)
    t0 = time.perf_counter()
    for g in games:
        for _ in range(py_per_deal):
            python_playout(g, rng)
    python = len(games) * py_per_deal / (time.perf_counter() - t0)
    return {"playouts_per_s": kernel, "python_playouts_per_s": python, "ratio": kernel / python}


def main() -> None:
    """Measure and print the figures."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--deals", type=int, default=1000, help="deals per contract (default 1000)")
    ap.add_argument("--kinds", default="rufspiel,farbsolo,wenz", help="contracts to measure")
    ap.add_argument("--moves", action="store_true", help="also value every first card")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()
    figures: dict[str, Any] = {}
    for name in args.kinds.split(","):
        figures[name] = bench_solver(KINDS[name], args.deals, args.moves)
    games = [g for _, g in deals(Kind.RUFSPIEL, min(args.deals, 200))]
    figures["playouts"] = bench_playouts(games, per_deal=4096, py_per_deal=5)
    if args.json:
        print(json.dumps(figures))
        return
    print(f"{'contract':9s} {'question':11s} {'mean ms':>8s} {'median':>8s} {'max ms':>8s} "
          f"{'(seed)':>7s} {'nodes/s':>11s} {'nodes':>9s}  target")  # fmt: skip
    for name in args.kinds.split(","):
        f = figures[name]
        for q, target in (("win", "win_mean_ms"), ("exact", "exact_mean_ms"), ("exact_moves", "")):
            if q not in f:
                continue
            s = f[q]
            bound = TARGETS.get(target)
            mark = ""
            if bound is not None:
                mark = f"<= {bound:g} {'ok' if s['mean_ms'] <= bound else 'MISS'}"
            print(
                f"{name:9s} {q:11s} {s['mean_ms']:8.2f} {s['median_ms']:8.2f} {s['max_ms']:8.1f} "
                f"{s['slowest_seed']:7d} {s['nodes_per_s']:11,.0f} {s['mean_nodes']:9,.0f}  {mark}"
            )
    p = figures["playouts"]
    ok = "ok" if p["playouts_per_s"] >= TARGETS["playouts_per_s"] else "MISS"
    print(
        f"kernel playouts/s {p['playouts_per_s']:,.0f} (>= 500,000 {ok}); pure-Python engine "
        f"{p['python_playouts_per_s']:,.0f}/s; ratio {p['ratio']:,.0f}x"
    )


if __name__ == "__main__":
    main()
