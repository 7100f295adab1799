"""The bot levels' ratings, measured as a person's is: one level against three rule-based bots.

Run: ``python bench/rate_levels.py [--deals 30] [--seed 11] [--preset standard]
[--resamples 200] [--orders 100] [--resample-orders 10] [--levels level:1,...,level:5]
[--out DIR] [--rerate] [--write]``. The rule-based player (the level ``heuristic``) is the
anchor: mu 25 (openskill's start, where every new person starts too) and sigma 1 (a
well-known player). Each other level plays ``--deals`` deals in each of the four seats
(duplicate: the same cards in every seat) against three rule-based bots, and its games are
rated as the server rates a person's (:func:`schafkopf.ratings.rate`, the bots fixed at the
anchor), from the start rating. A person's rating depends on the order of the games (the
latest move it most), so a level's rating is the mean over ``--orders`` random orders of its
games: the rating such a player has on average after them, not after one order's last few
games. Printed per level: mu and sigma, a 95% bootstrap interval of mu (the deals resampled
``--resamples`` times, each resample's rating the mean of ``--resample-orders`` orders), and
its mean payout a game against the three bots with a 95% bootstrap interval, to check that
the ratings order the levels as the money does (they need not: a rating counts games won and
lost, not their stakes). With ``--out`` each level's games go to ``DIR/<level>.jsonl.gz``;
with ``--rerate`` they are read from there instead of played. With ``--write`` the ratings go
to ``src/schafkopf/server/level_ratings.json`` (the anchors of the server's ratings; the
levels not run this time keep theirs there).
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import statistics
import sys
import time
from pathlib import Path
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


def rate_deals(deals: list[Deal], order: random.Random | None = None) -> Rating:
    """The level's rating after its deals' games, rated from the start: in the order given,
    or in an order shuffled by ``order``."""
    games = [game for deal in deals for game in deal]
    if order is not None:
        order.shuffle(games)
    r = Rating()
    for seat, record in games:
        before = [ANCHOR] * 4
        before[seat] = r
        after = rate(before, record, fixed=[s for s in range(4) if s != seat])
        if after is not None:
            r = after[seat]
    return r


def rate_averaged(deals: list[Deal], orders: int, rng: random.Random) -> Rating:
    """The mean rating over ``orders`` random orders of the deals' games."""
    rated = [rate_deals(deals, rng) for _ in range(orders)]
    return Rating(statistics.mean(r.mu for r in rated), statistics.mean(r.sigma for r in rated))


def save_deals(path: Path, deals: list[Deal]) -> None:
    """One line per deal: its games as ``[seat, record]`` pairs."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(path, "wt") as f:
        for deal in deals:
            f.write(json.dumps(deal) + "\n")


def load_deals(path: Path) -> list[Deal]:
    with gzip.open(path, "rt") as f:
        return [[(int(seat), record) for seat, record in json.loads(line)] for line in f]


def mean_payout(deals: list[Deal]) -> float:
    """The level's mean payout a game."""
    return statistics.mean(float(rec["result"]["payouts"][seat]) for games in deals
                           for seat, rec in games)  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=30)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--preset", default="standard")
    ap.add_argument("--resamples", type=int, default=200)
    ap.add_argument("--orders", type=int, default=100, help="random orders a rating averages")
    ap.add_argument("--resample-orders", type=int, default=10,
                    help="random orders each bootstrap resample's rating averages")  # fmt: skip
    ap.add_argument("--out", type=Path, help="save (or with --rerate read) each level's games")
    ap.add_argument("--rerate", action="store_true", help="rate the games in --out, play none")
    ap.add_argument("--levels", default=",".join(LEVELS), help="level ids, comma-separated")
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    if args.rerate and args.out is None:
        ap.error("--rerate reads the games of --out DIR")
    if min(args.orders, args.resamples, args.resample_orders, args.deals) < 1:
        ap.error("--deals, --orders, --resamples and --resample-orders must be at least 1")
    started = time.perf_counter()
    rng = random.Random(args.seed)
    anchor = {"mu": ANCHOR.mu, "sigma": ANCHOR.sigma, "mu_95": [ANCHOR.mu] * 2, "anchor": True}
    rows: dict[str, Any] = {ANCHOR_LEVEL: anchor}
    money: dict[str, tuple[float, float, float]] = {}
    level_ids = args.levels.split(",")
    for level_id in level_ids:  # every bad input refused before the long work
        if level_id not in BY_ID:
            ap.error(f"unknown level {level_id!r}; known: {', '.join(BY_ID)}")
        if args.rerate and not _saved(args.out, level_id).is_file():
            ap.error(f"no games of {level_id} in {_saved(args.out, level_id)}")
    for level_id in level_ids:
        saved = _saved(args.out, level_id) if args.out else None
        if args.rerate:
            assert saved is not None
            deals = load_deals(saved)
        else:
            deals = play_level(level_id, args.deals, args.seed, args.preset)
            if saved is not None:
                save_deals(saved, deals)
        r = rate_averaged(deals, args.orders, rng)
        mus, pays = [], []
        for _ in range(args.resamples):
            sample = [deals[rng.randrange(len(deals))] for _ in deals]
            mus.append(rate_averaged(sample, args.resample_orders, rng).mu)
            pays.append(mean_payout(sample))
        rows[level_id] = {"mu": round(r.mu, 3), "sigma": round(r.sigma, 3),
                          "mu_95": [round(x, 3) for x in _quantiles(mus)],
                          "deals": len(deals)}  # fmt: skip
        money[level_id] = (mean_payout(deals), *_quantiles(pays))
    took = time.perf_counter() - started
    print(f"each level's deals in each seat against three {ANCHOR_LEVEL} bots, "
          f"seed {args.seed}, preset {args.preset}, mean of {args.orders} orders, "
          f"{took:.0f} s")  # fmt: skip
    print(f"{'level':16s} {'deals':>5s} {'mu':>7s} {'sigma':>6s} {'95% of mu':>18s} "
          f"{'payout/game':>12s} {'95%':>16s}")  # fmt: skip
    for level_id, row in sorted(rows.items(), key=lambda kv: kv[1]["mu"]):
        low, high = row["mu_95"]
        pay = money.get(level_id)
        paid = f"{pay[0]:+12.2f} {pay[1]:+7.2f} .. {pay[2]:+6.2f}" if pay else f"{'(anchor)':>12s}"
        dealt = str(row.get("deals", ""))
        print(f"{level_id:16s} {dealt:>5s} {row['mu']:7.2f} {row['sigma']:6.2f} "
              f"{low:8.2f} .. {high:6.2f} {paid}")  # fmt: skip
    if args.write:
        # games read again were played with their own --deals and preset (each row says how
        # many deals); the seed still draws the orders the games are rated in
        games = (
            f"--out {args.out} --rerate"
            if args.rerate
            else f"--deals {args.deals} --preset {args.preset}"
        )
        made = (
            f"bench/rate_levels.py --levels {args.levels} {games} --seed {args.seed}"
            f" --orders {args.orders} --resamples {args.resamples}"
            f" --resample-orders {args.resample_orders}"
        )  # each level's row says how many deals rated it
        kept = json.loads(ANCHORS.read_text())["levels"] if ANCHORS.is_file() else {}
        rated = {BY_ID[level_id].spec for level_id in rows}
        # a kept row of an id whose player a level rated now has would stand beside it, stale
        kept = {k: v for k, v in kept.items() if k not in BY_ID or BY_ID[k].spec not in rated}
        made_by = {"made_by": made, "levels": kept | rows}  # the levels not run this time stay
        ANCHORS.write_text(json.dumps(made_by, indent=1) + "\n")
        print(f"written: {ANCHORS}")


def _saved(out: Path, level_id: str) -> Path:
    """Where a level's games are saved in ``out``."""
    return out / f"{level_id.replace(':', '-')}.jsonl.gz"


def _quantiles(xs: list[float]) -> tuple[float, float]:
    xs = sorted(xs)
    return xs[int(0.025 * (len(xs) - 1))], xs[int(0.975 * (len(xs) - 1))]


if __name__ == "__main__":
    main()
