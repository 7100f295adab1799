"""The bot levels' ratings, measured as a person's is: one level against three rule-based bots.

Run: ``python bench/rate_levels.py [--deals 30] [--seed 11] [--preset standard]
[--resamples 200] [--levels level:1,level:2,level:3,level:4,level:5] [--write]``. The
rule-based player (the level ``heuristic``) is the anchor: mu 25
(openskill's start, where every new person starts too) and sigma 1 (a well-known player).
Each other level plays ``--deals`` deals in each of the four seats (duplicate: the same
cards in every seat) against three rule-based bots, and its games are rated in order as the
server rates a person's (:func:`schafkopf.ratings.rate`, the bots fixed at the anchor),
from the start rating. Printed per level: mu and sigma (openskill's own uncertainty), a 95%
bootstrap interval of mu (the deals resampled ``--resamples`` times and rated again), and
its mean payout a game against the three bots with a 95% bootstrap interval, to check that
the ratings order the levels as the money does. With ``--write`` the ratings go to
``src/schafkopf/server/level_ratings.json`` (the anchors of the server's ratings; the levels
not run this time keep theirs there).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from typing import Any

from schafkopf import Ruleset
from schafkopf.arena import deal_game
from schafkopf.players import play_game
from schafkopf.players.levels import BY_ID
from schafkopf.players.registry import make_player
from schafkopf.ratings import Rating, rate
from schafkopf.record import game_to_record
from schafkopf.server.ratings import ANCHORS

ANCHOR_LEVEL = "heuristic"
ANCHOR = Rating(25.0, 1.0)
LEVELS = ("level:1", "level:2", "level:3", "level:4", "level:5")
"""The levels rated by default (``--levels`` picks others); the anchor is the rule-based one."""

Deal = list[tuple[int, dict[str, Any]]]
"""One deal's games of a level: (its seat, the record), one per seat."""


def play_level(level_id: str, deals: int, seed: int, preset: str) -> list[Deal]:
    """``deals`` deals, each played four times: the level in each seat, bots in the rest."""
    rules = Ruleset.preset(preset)
    out: list[Deal] = []
    for deal in range(deals):
        games = []
        for seat in range(rules.players):
            game = deal_game(rules, seed, deal)
            specs = [BY_ID[ANCHOR_LEVEL].spec] * rules.players
            specs[seat] = BY_ID[level_id].spec
            names = [level_id if s == seat else f"{ANCHOR_LEVEL} {s}" for s in range(4)]
            players = [make_player(spec, names[s]) for s, spec in enumerate(specs)]
            play_game(game, players, random.Random(f"levels/{seed}/{deal}/{seat}"))
            games.append((seat, game_to_record(game, names)))
        out.append(games)
        print(f"\r{level_id}: {deal + 1}/{deals} deals", end="", file=sys.stderr)
    print(file=sys.stderr)
    return out


def rate_deals(deals: list[Deal]) -> Rating:
    """The level's rating after its deals' games, rated in order from the start."""
    r = Rating()
    for games in deals:
        for seat, record in games:
            before = [ANCHOR] * 4
            before[seat] = r
            after = rate(before, record, fixed=[s for s in range(4) if s != seat])
            if after is not None:
                r = after[seat]
    return r


def mean_payout(deals: list[Deal]) -> float:
    return statistics.mean(rec["result"]["payouts"][seat] for games in deals
                           for seat, rec in games)  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=30)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--preset", default="standard")
    ap.add_argument("--resamples", type=int, default=200)
    ap.add_argument("--levels", default=",".join(LEVELS), help="level ids, comma-separated")
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    started = time.perf_counter()
    rng = random.Random(args.seed)
    anchor = {"mu": ANCHOR.mu, "sigma": ANCHOR.sigma, "mu_95": [ANCHOR.mu] * 2, "anchor": True}
    rows: dict[str, Any] = {ANCHOR_LEVEL: anchor}
    money: dict[str, tuple[float, float, float]] = {}
    for level_id in args.levels.split(","):
        deals = play_level(level_id, args.deals, args.seed, args.preset)
        r = rate_deals(deals)
        mus, pays = [], []
        for _ in range(args.resamples):
            sample = [deals[rng.randrange(len(deals))] for _ in deals]
            mus.append(rate_deals(sample).mu)
            pays.append(mean_payout(sample))
        rows[level_id] = {"mu": round(r.mu, 3), "sigma": round(r.sigma, 3),
                          "mu_95": [round(x, 3) for x in _quantiles(mus)]}  # fmt: skip
        money[level_id] = (mean_payout(deals), *_quantiles(pays))
    took = time.perf_counter() - started
    print(f"{args.deals} deals a level in each seat against three {ANCHOR_LEVEL} bots, "
          f"seed {args.seed}, preset {args.preset}, {took:.0f} s")  # fmt: skip
    print(f"{'level':16s} {'mu':>7s} {'sigma':>6s} {'95% of mu':>18s} "
          f"{'payout/game':>12s} {'95%':>16s}")  # fmt: skip
    for level_id, row in sorted(rows.items(), key=lambda kv: kv[1]["mu"]):
        low, high = row["mu_95"]
        pay = money.get(level_id)
        paid = f"{pay[0]:+12.2f} {pay[1]:+7.2f} .. {pay[2]:+6.2f}" if pay else f"{'(anchor)':>12s}"
        print(f"{level_id:16s} {row['mu']:7.2f} {row['sigma']:6.2f} {low:8.2f} .. {high:6.2f} "
              f"{paid}")  # fmt: skip
    if args.write:
        made = (
            f"bench/rate_levels.py --deals {args.deals} --seed {args.seed} --preset {args.preset}"
        )
        kept = json.loads(ANCHORS.read_text())["levels"] if ANCHORS.is_file() else {}
        made_by = {"made_by": made, "levels": kept | rows}  # the levels not run this time stay
        ANCHORS.write_text(json.dumps(made_by, indent=1) + "\n")
        print(f"written: {ANCHORS}")


def _quantiles(xs: list[float]) -> tuple[float, float]:
    xs = sorted(xs)
    return xs[int(0.025 * (len(xs) - 1))], xs[int(0.975 * (len(xs) - 1))]


if __name__ == "__main__":
    main()
