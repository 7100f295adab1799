"""How long the ladder's levels think: each decision's time, on one core, in self-play.

Run: ``python bench/bench_levels.py [--games 20] [--seed 5] [--levels 4,5] [--rules sauspiel]``.
Four copies of each level play the same ``--games`` arena deals in this process; every
decision with a choice is timed (a card, a bid, the contract, and each Kontra/Re question,
which a server asks before every card while a doubling is open). Printed per level: the
decisions, median, p99 and slowest, in seconds, in all and by kind (bid: klopfen, spiel or
weiter and the contract; double: a Kontra/Re question; card); the issue's bar is level 5's p99
at most 1 s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from schafkopf.actions import Action
from schafkopf.arena import deal_game
from schafkopf.game import PLAY, View
from schafkopf.players.base import Player, play_game
from schafkopf.players.registry import make_player
from schafkopf.rules import Ruleset


class _Timed:
    """A player whose decisions with a choice are timed into ``times``."""

    def __init__(self, player: Player, times: list[tuple[str, float]]) -> None:
        self.player = player
        self.name = player.name
        self.times = times

    def choose(self, view: View, rng: random.Random) -> Action:
        start = time.perf_counter()
        action = self.player.choose(view, rng)
        if len(view.legal) > 1:
            kind = "card" if view.phase == PLAY else "bid"
            self.times.append((kind, time.perf_counter() - start))
        return action

    def wants_to_double(self, view: View, rng: random.Random) -> bool:
        start = time.perf_counter()
        say = self.player.wants_to_double(view, rng)
        self.times.append(("double", time.perf_counter() - start))
        return say


def measure(spec: str, games: int, seed: int, rules: Ruleset) -> list[tuple[str, float]]:
    """Every timed decision (its kind, seconds) of ``games`` self-play games of ``spec``."""
    times: list[tuple[str, float]] = []
    for deal in range(games):
        players: list[Any] = [_Timed(make_player(spec), times) for _ in range(rules.players)]
        play_game(deal_game(rules, seed, deal), players, random.Random(f"bench/{seed}/{deal}"))
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--levels", default="4,5")
    ap.add_argument("--rules", default="sauspiel")
    args = ap.parse_args()
    rules = Ruleset.preset(args.rules)
    print("level | decisions | median s | p99 s | slowest s")
    for n in args.levels.split(","):
        timed = measure(f"level:{n}", args.games, args.seed, rules)
        for kind in ("all", "bid", "double", "card"):
            times = sorted(t for k, t in timed if kind in ("all", k))
            if not times:
                continue
            p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
            print(
                f"level:{n} {kind} | {len(times)} | {statistics.median(times):.3f} | "
                f"{p99:.3f} | {times[-1]:.3f}"
            )


if __name__ == "__main__":
    main()
