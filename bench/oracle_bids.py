"""What the player that sees every card bids that level 5 does not, and what level 5's bidding
model made of those hands.

Run: ``python bench/oracle_bids.py data/matches/oracle-all-54/games.jsonl.gz
data/matches/l5bh-54/games.jsonl.gz`` (the games of ``bench/oracle_bound.py --sees all`` and
of level 5's match against the same player on the same deals and seed). For every game the
oracle declared, by contract: whether level 5 declared the same seat's game too, and for the
others how often the oracle won them, what they paid it, and the quartiles of level 5's
bidding model's chance for that hand and contract. Chances far under level 5's bars (0.6 a
Rufspiel, 0.66 a solo in those matches; 0.5 since) say the oracle's extra games come from
seeing the cards, not from bars set too high.
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from schafkopf.arena import iter_records
from schafkopf.cards import parse_card
from schafkopf.players.bidding import default_model
from schafkopf.rules import Kind, Ruleset

SUITS = "EGHS"


def by_game(path: Path) -> dict[tuple[int, int], dict[str, Any]]:
    """The records of a match by (deal, rotation)."""
    return {(r["arena"]["deal"], r["arena"]["rotation"]): r for r in iter_records(path)}


def model_chance(record: dict[str, Any], seat: int, kind: str, suit: str | None) -> float | None:
    """Level 5's bidding model's chance for ``seat``'s dealt hand declaring this contract."""
    rules = Ruleset.from_json(record["rules"])
    hand = sum(1 << parse_card(t) for t in record["hands"][seat].split())
    position = (seat - record["dealer"] - 1) % rules.players
    trump = SUITS.index(suit) if suit else None
    return default_model().chance(hand, rules, Kind(kind), trump, position)


def quartiles(xs: list[float]) -> str:
    """The 10th, 25th, 50th, 75th and 90th percentile of ``xs``."""
    xs = sorted(xs)
    return " ".join(f"{xs[round(q * (len(xs) - 1))]:.2f}" for q in (0.1, 0.25, 0.5, 0.75, 0.9))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("oracle", type=Path, help="games of oracle_bound.py --sees all")
    parser.add_argument("level5", type=Path, help="games of level 5 on the same deals")
    args = parser.parse_args()

    oracle, level5 = by_game(args.oracle), by_game(args.level5)
    tally: Counter[tuple[str, str]] = Counter()
    missed: dict[str, list[tuple[bool, int, float | None]]] = defaultdict(list)
    for key, ro in oracle.items():
        rl = level5.get(key)
        c = ro["contract"]
        if rl is None or not c or c.get("declarer") is None:
            continue
        seat = c["declarer"]
        if not ro["arena"]["seat_players"][seat].startswith("oracle"):
            continue
        other = rl["contract"] or {}
        if other.get("declarer") == seat:
            tally[c["kind"], "level 5 declared it too"] += 1
            continue
        tally[c["kind"], "level 5 did not"] += 1
        chance = model_chance(rl, seat, c["kind"], c.get("suit"))
        missed[c["kind"]].append((bool(ro["result"]["won"]), ro["result"]["payouts"][seat], chance))
    print(f"{'contract':10s} {'both':>6s} {'oracle only':>12s} {'won':>6s} {'paid':>8s}"
          "   level 5's model chance (10/25/50/75/90%)")  # fmt: skip
    for kind in sorted({k for k, _ in tally}, key=lambda k: -tally[k, "level 5 did not"]):
        rows = missed.get(kind, [])
        chances = [x for _w, _p, x in rows if x is not None]
        won = sum(w for w, _p, _x in rows)
        paid = sum(p for _w, p, _x in rows) / len(rows) if rows else 0.0
        print(
            f"{kind:10s} {tally[kind, 'level 5 declared it too']:6d} {len(rows):12d} "
            f"{won / len(rows) if rows else 0:6.0%} {paid:+8.1f}   "
            f"{quartiles(chances) if chances else '-'}"
        )


if __name__ == "__main__":
    main()
