"""The time to analyse a whole game: every decision of all four seats, default settings.

Run: ``python bench/bench_analysis.py [--games 20] [--seed 1] [--preset standard] [--json]``.
The games are arena games of the long deck (32 cards): ``--games`` deals, each played by a
PIMC player (``pimc:samples=20,seconds=0.2``) against three rule-based players, seat by
seat in turn, with the deal's seed from ``--seed``. Each game is analysed in this process,
on one core, with :func:`schafkopf.analysis.analyze`'s defaults (32 worlds a card, 64 a
doubling, 16 a bidding decision and for each seat's luck, hand inference on, all hands open
too). The target: a median of at most 30 s a game.

The baseline, run in the same process before and after: one full-game open-hand solve of
each game's first card position (``solve(game, moves=False)``), a yardstick of the machine's
speed. Reported: the median and the slowest game, the median of the games' decisions, and
the ratio of the analysis' median to the yardstick's (machines here are noisy: the ratio says
more than the seconds).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from schafkopf import Game, Ruleset
from schafkopf.analysis import analyze
from schafkopf.analysis.walk import replay_start
from schafkopf.game import PLAY
from schafkopf.players import HeuristicPlayer, play_game
from schafkopf.players.registry import make_player
from schafkopf.search.solver import solve


def arena_games(count: int, seed: int, preset: str) -> list[Game]:
    """``count`` finished games: a PIMC player in seat ``k % 4`` against rule-based ones."""
    rules = Ruleset.preset(preset)
    out = []
    for k in range(count):
        players: list[Any] = [HeuristicPlayer() for _ in range(4)]
        players[k % 4] = make_player("pimc:samples=20,seconds=0.2")
        rng = random.Random(seed * 1000 + k)
        out.append(play_game(Game(rules, dealer=k % 4, seed=rng.getrandbits(32)), players, rng))
    return out


def yardstick(games: list[Game]) -> float:
    """The median time (s) of one open-hand solve of each game's first card position."""
    times = []
    for g in games:
        start = replay_start(g)
        for seat, action in g.history:
            if start.phase == PLAY:
                break
            start.apply(action, seat)
        if start.phase != PLAY or start.contract is None or start.contract.declarer is None:
            continue
        t = time.perf_counter()
        solve(start, moves=False)
        times.append(time.perf_counter() - t)
    return statistics.median(times) if times else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--preset", default="standard")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    games = arena_games(args.games, args.seed, args.preset)
    analyze(games[0], worlds=2, bid_worlds=1)  # load the compiled kernels first
    before = yardstick(games)
    seconds, decisions = [], []
    for k, g in enumerate(games):
        t = time.perf_counter()
        report = analyze(g, seed=args.seed)
        seconds.append(time.perf_counter() - t)
        decisions.append(len(report.decisions))
        if not args.json:
            print(f"game {k + 1:2d}: {seconds[-1]:6.1f} s, {decisions[-1]} decisions, {g.contract}")
    after = yardstick(games)
    base = statistics.median([before, after])
    figures = {
        "games": len(games),
        "median_s": round(statistics.median(seconds), 2),
        "slowest_s": round(max(seconds), 2),
        "median_decisions": statistics.median(decisions),
        "yardstick_solve_ms": round(base * 1000, 2),
        "median_over_yardstick": round(statistics.median(seconds) / base, 1),
        "target_median_s": 30,
    }
    if args.json:
        print(json.dumps(figures))
        return
    print(
        f"analysis of a whole game: median {figures['median_s']} s, slowest "
        f"{figures['slowest_s']} s over {len(games)} games (target: median <= 30 s); "
        f"{figures['median_decisions']} decisions a game"
    )
    print(
        f"yardstick (one open solve from the first card): {figures['yardstick_solve_ms']} ms; "
        f"the analysis' median is {figures['median_over_yardstick']} of them"
    )


if __name__ == "__main__":
    main()
