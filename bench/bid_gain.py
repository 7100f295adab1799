"""Do other bids pay? A player against the same player bidding otherwise, played out only
where the two bid unlike.

    python bench/bid_gain.py --player "$L5,solo_bar=0.5" --against "$L5" --deals 2000 \\
        --seed 71 --out runs/bg-71

The match is the arena's duplicate match of the two specs (``swap`` seating, one random stream
per seat, no time limit: ``schafkopf arena --players "A,B" --scheme swap --streams seat`` with
that seed). Two players that differ only in their bids play alike once both seatings of a deal
have bid alike (their seats' random streams left at the same numbers), so such a deal scores
exactly zero; each deal is run only to its first card
(:mod:`schafkopf.doubling_match`, ``screen="bids"``), the deals whose bids differ are played
out, and a share of the others as a check that they come out alike. It prints the arena's
duplicate difference over all deals with its 95% bootstrap interval, at a fraction of the
cost. Carry on with the same command.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from schafkopf.arena import ArenaError
from schafkopf.doubling_match import CHECK_SHARE, render_match, run_doubling_match


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--player", required=True, help="the player with the other bids")
    parser.add_argument("--against", required=True, help="the same player bidding as before")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=71)
    parser.add_argument("--rules", default="sauspiel")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--out", type=Path, default=None, help="folder for games and figures")
    parser.add_argument("--check-share", type=float, default=CHECK_SHARE,
                        help="share of deals bid alike played out as a check")  # fmt: skip
    args = parser.parse_args()
    try:
        match = run_doubling_match(
            args.rules,
            args.player,
            deals=args.deals,
            seed=args.seed,
            workers=args.workers,
            out_dir=args.out,
            check_share=args.check_share,
            without=args.against,
            screen="bids",
        )
    except ArenaError as e:
        sys.exit(f"bid_gain: {e}")
    render_match(match)


if __name__ == "__main__":
    main()
