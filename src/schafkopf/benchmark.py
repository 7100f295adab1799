"""Engine benchmarks: random games through the public API, and random playouts in the kernel.

:func:`run_benchmarks` measures, on one core and as medians of several repeats:

- ``api_games_per_s``: whole random games (deal, bidding, play, ``result()``) through ``Game``;
- ``playouts_per_s``: random card play of a dealt Rufspiel in :mod:`schafkopf.search.kernels`;
- ``baseline_playouts_per_s``: a minimal hand-written numba loop (follow suit by mask only,
  no called-Sau rules), the floor the kernel is compared with;
- ``playout_ratio``: baseline / kernel speed (the kernel's cost of the full rules).

JIT compile time is excluded (every kernel runs once before timing).
"""

from __future__ import annotations

import random
import statistics
import time
from typing import TYPE_CHECKING, Final

import numpy as np
from numba import njit

from schafkopf.actions import NAME_BASE, NAMES, SPIEL, WEITER
from schafkopf.game import BIDDING, NAMING, PLAY, Game
from schafkopf.rules import Kind

if TYPE_CHECKING:
    from schafkopf.search.kernels import IntArray, KernelTables

TARGETS: dict[str, tuple[str, float]] = {
    "api_games_per_s": (">=", 3000.0),
    "playouts_per_s": (">=", 20000.0),
    "playout_ratio": ("<=", 1.5),
}
"""The issue's targets per figure: a comparison and a bound."""


def api_games_per_second(seconds: float = 1.0, seed: int = 0) -> float:
    """Random full games per second through the public API (standard preset, one core)."""
    rng = random.Random(seed)
    done = 0
    t0 = time.perf_counter()
    while True:
        game = Game(seed=rng)  # the deal draws from the same generator
        while not game.is_over():
            game.apply(rng.choice(game.legal_actions()))
        game.result()
        done += 1
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return done / dt


def dealt_rufspiel(seed: int = 0) -> Game:
    """A dealt game in which Vorhand plays a Rufspiel (the first seed that allows one)."""
    while True:
        game = Game(seed=seed)
        while game.phase == BIDDING:
            game.apply(SPIEL if game.to_move == game.vorhand else WEITER)
        if game.phase == NAMING:
            ruf = [a for a in game.legal_actions() if NAMES[a - NAME_BASE][0] is Kind.RUFSPIEL]
            if ruf:
                game.apply(ruf[0])
                assert game.phase == PLAY
                return game
        seed += 1


# ---------------------------------------------------------------------------------------------
# The baseline: the least a bitmask playout can do (follow suit by mask, nothing else).

_DEBRUIJN = np.array(
    [0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8,
     31, 27, 13, 23, 21, 19, 16, 7, 26, 12, 18, 6, 11, 5, 10, 9],
    dtype=np.int64,
)  # fmt: skip


@njit(cache=True)
def baseline_playouts(hands, leader, eff_suit, power, follow, augen, n_playouts, seed):  # type: ignore[no-untyped-def]
    """Random playouts of four 8-card hands with plain follow-suit: points per playout and seat."""
    out = np.zeros((n_playouts, 4), dtype=np.int64)
    h = np.empty(4, dtype=np.int64)
    t = np.empty(4, dtype=np.int64)
    s = seed * 0x1E3779B97F4A7C15 + 0x632BE59BD9B4E019
    for p in range(n_playouts):
        for i in range(4):
            h[i] = hands[i]
        lead_seat = leader
        for _ in range(8):
            for pos in range(4):
                seat = (lead_seat + pos) & 3
                legal = h[seat]
                if pos > 0:
                    f = legal & follow[eff_suit[t[0]]]
                    if f:
                        legal = f
                x = legal - ((legal >> 1) & 0x55555555)
                x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
                x = (x + (x >> 4)) & 0x0F0F0F0F
                cnt = ((x * 0x01010101) & 0xFFFFFFFF) >> 24
                k = 0
                if cnt > 1:
                    s ^= (s >> 12) & 0x000FFFFFFFFFFFFF
                    s ^= s << 25
                    s ^= (s >> 27) & 0x0000001FFFFFFFFF
                    k = ((((s * 0x2545F4914F6CDD1D) >> 32) & 0xFFFFFFFF) * cnt) >> 32
                for _ in range(k):
                    legal &= legal - 1
                c = _DEBRUIJN[(((legal & -legal) * 0x077CB531) & 0xFFFFFFFF) >> 27]
                h[seat] ^= 1 << c
                t[pos] = c
            lead = eff_suit[t[0]]
            best = 0
            for i in range(1, 4):
                e = eff_suit[t[i]]
                if (e == lead or e == 4) and power[t[i]] > power[t[best]]:
                    best = i
            w = (lead_seat + best) & 3
            out[p, w] += augen[t[0]] + augen[t[1]] + augen[t[2]] + augen[t[3]]
            lead_seat = w
    return out


def _baseline_rate(kt: KernelTables, hands: IntArray, leader: int, seconds: float) -> float:
    """Baseline playouts per second over about ``seconds`` (batches of rising size)."""
    batch, done, seed = 256, 0, 1
    t0 = time.perf_counter()
    while True:
        baseline_playouts(hands, leader, kt.eff_suit, kt.power, kt.follow, kt.augen, batch, seed)
        done += batch
        seed += 1
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return done / dt
        if dt < seconds / 8:
            batch *= 2


# ---------------------------------------------------------------------------------------------


def run_benchmarks(seconds: float = 2.0, repeats: int = 5) -> dict[str, float]:
    """Measure every figure for about ``seconds`` each; medians of ``repeats`` repeats."""
    from schafkopf.search.kernels import kernel_tables, playouts, playouts_per_second

    per = seconds / repeats
    api_games_per_second(0.05, seed=-1)  # warm up caches before timing
    api = statistics.median(api_games_per_second(per, seed=r) for r in range(repeats))

    game = dealt_rufspiel()
    kt = kernel_tables(game)
    hands = np.array(game.hands, dtype=np.int64)
    leader = game.trick_leader
    playouts(kt, hands, leader, 16)  # compile or load every kernel before timing
    _baseline_rate(kt, hands, leader, 0.0)
    engine_rates, base_rates = [], []
    for _ in range(repeats):  # interleaved, so that noise hits both alike
        engine_rates.append(playouts_per_second(kt, hands, leader, seconds=per, repeats=1))
        base_rates.append(_baseline_rate(kt, hands, leader, per))
    engine = statistics.median(engine_rates)
    base = statistics.median(base_rates)
    ratio = statistics.median(b / e for b, e in zip(base_rates, engine_rates, strict=True))
    return {
        "api_games_per_s": api,
        "playouts_per_s": engine,
        "baseline_playouts_per_s": base,
        "playout_ratio": ratio,
    }


def meets_targets(figures: dict[str, float]) -> dict[str, bool]:
    """Whether each targeted figure meets the issue's target."""
    out = {}
    for name, (op, bound) in TARGETS.items():
        v = figures[name]
        out[name] = v >= bound if op == ">=" else v <= bound
    return out


UNITS: Final = {
    "api_games_per_s": "games/s",
    "playouts_per_s": "playouts/s",
    "baseline_playouts_per_s": "playouts/s",
    "playout_ratio": "x (baseline / kernel)",
}


def figures_table(figures: dict[str, float]) -> str:
    """The figures next to their targets, as ``schafkopf bench`` and bench/bench_engine.py
    print them (and the README shows them)."""
    ok = meets_targets(figures)
    lines = [f"{'figure':26s} {'value':>14s}  {'target':>10s}  {'':4s} unit"]
    for name, value in figures.items():
        op, bound = TARGETS.get(name, ("", 0.0))
        target = f"{op} {bound:,.{1 if bound < 10 else 0}f}" if op else ""
        mark = ("ok" if ok[name] else "MISS") if name in ok else ""
        shown = f"{value:,.2f}" if value < 100 else f"{value:,.0f}"
        lines.append(f"{name:26s} {shown:>14s}  {target:>10s}  {mark:4s} {UNITS.get(name, '')}")
    return "\n".join(lines)
