"""Does saying Kontra pay? What a Kontra or Re earned the seat that said it, from a match of a
player against itself without doubling (``swap`` seating, one random stream per seat).

Two ways to run it:

- ``python bench/kontra_gain.py runs/l5never-det-81/games.jsonl [--deals 1000]`` reads a full
  arena match (``--players "<spec>,<spec>,doubling=never" --scheme swap --streams seat``, plain
  or gzipped). With no time limit both seatings of a deal play the same cards until the first
  doubling, so a deal without one must come out alike in both: this prints how many do not (0
  when the match is exact). For each first doubling it sets the payout of the seat that said it
  against the same seat's payout in the other seating, where it was not said, and prints the
  mean gain with a 95% bootstrap interval over those doublings.
- ``python bench/kontra_gain.py --player SPEC --deals 8000 --seed 81 --out runs/kg-81`` plays
  that match itself, each deal only up to the doubling deadline and played out where a doubling
  is said (:mod:`schafkopf.doubling_match`): the arena's duplicate difference over all deals at
  a tenth of the cost. Carry on with the same command; a full arena match's ``games.jsonl`` of
  the same specs and seed, put in the folder first, counts as played.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from schafkopf.arena import ArenaError, bootstrap_ci, iter_records
from schafkopf.doubling_match import (
    CHECK_SHARE,
    first_doubling_gain,
    render_match,
    run_doubling_match,
)


def from_games(games: Path, deals: int | None) -> None:
    """Print the exactness check and the per-doubling gain of a full match's records."""
    by_deal: dict[int, dict[int, dict[str, Any]]] = defaultdict(dict)
    seed = 0
    for record in iter_records(games):
        deal, seed = record["arena"]["deal"], record["arena"]["seed"]
        if deals is None or deal < deals:
            by_deal[deal][record["arena"]["rotation"]] = record
    # in deal order and bootstrapped with the match's seed, as a doubling match prints it
    pairs = [by_deal[d] for d in sorted(by_deal) if len(by_deal[d]) == 2]

    undoubled = differ = 0
    gains: list[float] = []
    for seatings in pairs:
        if not seatings[0]["doublings"] and not seatings[1]["doublings"]:
            undoubled += 1
            differ += seatings[0]["result"]["payouts"] != seatings[1]["result"]["payouts"]
            continue
        gain = first_doubling_gain(
            [
                ([d["seat"] for d in r["doublings"]], r["result"]["payouts"])
                for r in (seatings[0], seatings[1])
            ]
        )
        if gain is not None:
            gains.append(gain)

    print(f"{len(pairs)} deals; {undoubled} without a doubling, {differ} of them differ")
    if not gains:
        print("no doubling said in one seating only")
        return
    values = np.array(gains, dtype=np.float64).reshape(-1, 1)
    low, high = bootstrap_ci(values, seed=seed)[:, 0]
    won = sum(1 for g in gains if g > 0)
    print(
        f"{len(gains)} doublings: {float(values.mean()):+.2f} cents to the seat that said it, "
        f"95% CI [{low:+.2f}, {high:+.2f}] ({won} gained, {sum(1 for g in gains if g < 0)} lost)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", type=Path, nargs="?", help="a full match's games.jsonl(.gz)")
    parser.add_argument("--deals", type=int, default=None, help="only the first deals")
    parser.add_argument("--player", help="play the match of this spec against itself")
    parser.add_argument("--seed", type=int, default=81)
    parser.add_argument("--rules", default="sauspiel")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--out", type=Path, default=None, help="folder for games and figures")
    parser.add_argument("--check-share", type=float, default=CHECK_SHARE,
                        help="share of deals without a doubling played out as a check")  # fmt: skip
    args = parser.parse_args()
    if args.player is None:
        if args.games is None:
            parser.error("give a games file, or --player to play the match")
        try:
            from_games(args.games, args.deals)
        except (OSError, ValueError, KeyError) as e:
            sys.exit(f"kontra_gain: cannot read {args.games}: {e}")
        return
    try:
        match = run_doubling_match(
            args.rules,
            args.player,
            deals=1000 if args.deals is None else args.deals,
            seed=args.seed,
            workers=args.workers,
            out_dir=args.out,
            check_share=args.check_share,
        )
    except ArenaError as e:
        sys.exit(f"kontra_gain: {e}")
    render_match(match)


if __name__ == "__main__":
    main()
