"""PIMC decision time mid-game: the median seconds per card decision with N sampled worlds.

Run: ``python bench/bench_pimc.py [--samples 100] [--positions 40] [--json]``. Positions are
taken from seeded games between rule-based players (a card decision in tricks 2 to 5 of a
Rufspiel or solo); each is decided once by a PIMC player (solver compile time excluded).
The issue's target: median at most 0.25 s with 100 sampled deals.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from schafkopf.actions import is_card
from schafkopf.game import PLAY, Game, View
from schafkopf.players.heuristic import HeuristicPlayer
from schafkopf.players.pimc import PimcPlayer
from schafkopf.rules import Kind, Ruleset


def positions(count: int, preset: str, seed: int) -> list[View]:
    """Mid-game card decisions (more than one legal card) from rule-based games."""
    rng = random.Random(seed)
    rules = Ruleset.preset(preset)
    players = [HeuristicPlayer(str(s)) for s in range(4)]
    out: list[View] = []
    deal = 0
    while len(out) < count:
        g = Game(rules, dealer=deal % 4, seed=rng.getrandbits(32))
        deal += 1
        target = rng.randrange(4, 20)  # a card among cards 5..20: tricks 2 to 5
        while not g.is_over():
            seat = g.to_move
            assert seat is not None
            v = g.view(seat)
            c = g.contract
            if (
                g.phase == PLAY
                and c is not None
                and c.kind is not Kind.RAMSCH
                and g.played == target
                and sum(1 for a in v.legal if is_card(a)) > 1
            ):
                out.append(v)
                break
            g.apply(players[seat].choose(v, rng), seat)
    return out


def main() -> None:
    """Measure and print the decision times."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", type=int, default=100)
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--preset", default="sauspiel")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    views = positions(args.positions, args.preset, args.seed)
    player = PimcPlayer(samples=args.samples)
    rng = random.Random(args.seed)
    player.choose(views[0], rng)  # compile or load the solver before timing
    times = []
    for v in views:
        t = time.perf_counter()
        a = player.choose(v, rng)
        times.append(time.perf_counter() - t)
        assert a in v.legal
    figures = {
        "samples": args.samples,
        "positions": len(views),
        "median_s": statistics.median(times),
        "mean_s": statistics.fmean(times),
        "max_s": max(times),
        "target_median_s": 0.25,
    }
    if args.json:
        print(json.dumps(figures))
        return
    for k, v in figures.items():
        print(f"{k:18s} {v:.4f}" if isinstance(v, float) else f"{k:18s} {v}")


if __name__ == "__main__":
    main()
