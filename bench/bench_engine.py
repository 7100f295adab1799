"""Print the engine's speed figures next to the issue's targets (``--json`` for one object).

Run: ``python bench/bench_engine.py [--seconds 2] [--json]``. The figures are medians of several
repeats on one core, JIT compile time excluded (see :mod:`schafkopf.benchmark`).
"""

from __future__ import annotations

import argparse
import json

from schafkopf.benchmark import TARGETS, meets_targets, run_benchmarks

UNITS = {
    "api_games_per_s": "games/s",
    "playouts_per_s": "playouts/s",
    "baseline_playouts_per_s": "playouts/s",
    "playout_ratio": "x (baseline / kernel)",
}


def main() -> None:
    """Measure and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="seconds per figure (default 2)")
    ap.add_argument("--repeats", type=int, default=5, help="repeats; the median is shown")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()
    figures = run_benchmarks(seconds=args.seconds, repeats=args.repeats)
    ok = meets_targets(figures)
    if args.json:
        print(json.dumps({"figures": figures, "targets_met": ok}))
        return
    print(f"{'figure':26s} {'value':>14s}  {'target':>10s}  {'':4s} unit")
    for name, value in figures.items():
        op, bound = TARGETS.get(name, ("", 0.0))
        target = f"{op} {bound:,.{1 if bound < 10 else 0}f}" if op else ""
        mark = ("ok" if ok[name] else "MISS") if name in ok else ""
        shown = f"{value:,.2f}" if value < 100 else f"{value:,.0f}"
        print(f"{name:26s} {shown:>14s}  {target:>10s}  {mark:4s} {UNITS.get(name, '')}")


if __name__ == "__main__":
    main()
