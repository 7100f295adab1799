"""Print the engine's speed figures next to the issue's targets (``--json`` for one object).

Run: ``python bench/bench_engine.py [--seconds 2] [--json]``. The figures are medians of several
repeats on one core, JIT compile time excluded (see :mod:`schafkopf.benchmark`).
"""

from __future__ import annotations

import argparse
import json

from schafkopf.benchmark import figures_table, meets_targets, run_benchmarks


def main() -> None:
    """Measure and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="seconds per figure (default 2)")
    ap.add_argument("--repeats", type=int, default=5, help="repeats; the median is shown")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()
    figures = run_benchmarks(seconds=args.seconds, repeats=args.repeats)
    if args.json:
        print(json.dumps({"figures": figures, "targets_met": meets_targets(figures)}))
        return
    print(figures_table(figures))


if __name__ == "__main__":
    main()
