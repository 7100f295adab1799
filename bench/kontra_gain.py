"""What a Kontra or Re earned the seat that said it, from a match of a player against itself
without doubling (``--players "<spec>,<spec>,doubling=never" --scheme swap --streams seat``).

Run: ``python bench/kontra_gain.py runs/l5never-det-81/games.jsonl [--deals 1000]`` (plain or
gzipped). With one random stream per seat and no time limit, both seatings of a deal play the
same cards until the first doubling, so a deal without one must come out alike in both: this
prints how many do not (0 when the match is exact). For each first doubling it sets the payout of
the seat that said it against the same seat's payout in the other seating, where it was not
said, and prints the mean gain with a 95% bootstrap interval over those doublings.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from schafkopf.arena import bootstrap_ci, iter_records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", type=Path)
    parser.add_argument("--deals", type=int, default=None, help="only the first deals")
    args = parser.parse_args()

    by_deal: dict[int, dict[int, dict[str, Any]]] = defaultdict(dict)
    for record in iter_records(args.games):
        deal = record["arena"]["deal"]
        if args.deals is None or deal < args.deals:
            by_deal[deal][record["arena"]["rotation"]] = record
    pairs = [seatings for seatings in by_deal.values() if len(seatings) == 2]

    undoubled = differ = 0
    gains: list[float] = []
    for seatings in pairs:
        if not seatings[0]["doublings"] and not seatings[1]["doublings"]:
            undoubled += 1
            differ += seatings[0]["result"]["payouts"] != seatings[1]["result"]["payouts"]
            continue
        for rotation in (0, 1):
            said, other = seatings[rotation], seatings[1 - rotation]
            if said["doublings"] and not other["doublings"]:
                seat = said["doublings"][0]["seat"]
                gains.append(said["result"]["payouts"][seat] - other["result"]["payouts"][seat])

    print(f"{len(pairs)} deals; {undoubled} without a doubling, {differ} of them differ")
    if not gains:
        print("no doubling said in one seating only")
        return
    values = np.array(gains, dtype=np.float64).reshape(-1, 1)
    low, high = bootstrap_ci(values)[:, 0]
    won = sum(1 for g in gains if g > 0)
    print(
        f"{len(gains)} doublings: {float(values.mean()):+.2f} cents to the seat that said it, "
        f"95% CI [{low:+.2f}, {high:+.2f}] ({won} gained, {sum(1 for g in gains if g < 0)} lost)"
    )


if __name__ == "__main__":
    main()
