"""Two versions of a player against the same opponent on the same deals: how much the second
version wins more, deal by deal.

Run: ``python bench/paired_matches.py data/matches/l5bh-54/games.jsonl.gz
runs/sb50h-54/games.jsonl`` (plain or gzipped arena records of two-player duplicate matches
with the same seed, rules and seating, and one player in common). For each deal both matches
finished it prints each match's duplicate difference (the version's mean payout per seat-game
less the opponent's), and the paired difference, second match less first, with its 95%
bootstrap interval over deals: the same cards in both, so the interval is much tighter than
the two matches' own intervals side by side. Also how often each version declared and won,
and said Kontra and won it.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from schafkopf.arena import bootstrap_ci, iter_records


@dataclass
class Match:
    """One match's per-deal duplicate differences and its version's tallies."""

    version: str
    opponent: str
    difference: dict[int, float]
    """Per finished deal."""
    games: dict[int, list[dict[str, Any]]]
    """The records by deal."""


def read_match(path: Path, opponent: str | None) -> Match:
    """The match in ``path``; ``opponent``: the player in common (else the second player)."""
    by_deal: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for record in iter_records(path):
        by_deal[record["arena"]["deal"]].append(record)
    if not by_deal:
        raise SystemExit(f"paired_matches: {path} holds no games")
    players = sorted(
        {p for games in by_deal.values() for r in games for p in r["arena"]["seat_players"]}
    )
    if len(players) != 2:
        raise SystemExit(f"paired_matches: {path} is not a two-player match")
    if opponent is None:
        first = by_deal[min(by_deal)][0]["arena"]["seat_players"][0]
        opponent = next(p for p in players if p != first)
    if opponent not in players:
        raise SystemExit(f"paired_matches: {path} has no player {opponent!r}")
    version = next(p for p in players if p != opponent)
    rotations = max(len(games) for games in by_deal.values())
    difference: dict[int, float] = {}
    for deal, games in by_deal.items():
        if len(games) == rotations:  # not cut off part way
            difference[deal] = deal_difference(games, version, opponent)
    return Match(version, opponent, difference, by_deal)


def deal_difference(games: list[dict[str, Any]], version: str, opponent: str) -> float:
    """The deal's duplicate difference: the version's mean payout per seat-game less the
    opponent's."""
    sums = {version: 0.0, opponent: 0.0}
    counts = {version: 0, opponent: 0}
    for record in games:
        seats = record["arena"]["seat_players"]
        for seat, pay in enumerate(record["result"]["payouts"]):
            sums[seats[seat]] += pay
            counts[seats[seat]] += 1
    return sums[version] / counts[version] - sums[opponent] / counts[opponent]


def tallies(match: Match, deals: list[int]) -> tuple[list[int], list[int]]:
    """On ``deals``: the games the version declared and won, the Kontras it said first and won."""
    declared = [0, 0]
    kontra = [0, 0]
    for deal in deals:
        for record in match.games[deal]:
            seats = record["arena"]["seat_players"]
            declarer = (record["contract"] or {}).get("declarer")
            won = record["result"].get("won")
            if declarer is not None and seats[declarer] == match.version:
                declared[0] += 1
                declared[1] += bool(won)
            if record["doublings"] and seats[record["doublings"][0]["seat"]] == match.version:
                kontra[0] += 1
                kontra[1] += not won
    return declared, kontra


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("first", type=Path, help="the games of the version to compare against")
    parser.add_argument("second", type=Path, help="the games of the other version")
    args = parser.parse_args()

    a = read_match(args.first, None)
    b = read_match(args.second, a.opponent)
    deals = sorted(set(a.difference) & set(b.difference))
    if not deals:
        raise SystemExit("paired_matches: the two matches share no finished deal")
    unlike = [d for d in deals if a.games[d][0]["hands"] != b.games[d][0]["hands"]]
    if unlike:
        raise SystemExit(f"paired_matches: deal {unlike[0]} has other cards in the two files "
                         "(another seed or rules?): nothing to pair")  # fmt: skip
    rows = np.array([[a.difference[d], b.difference[d]] for d in deals])
    rows = np.column_stack([rows, rows[:, 1] - rows[:, 0]])
    ci = bootstrap_ci(rows)
    means = rows.mean(axis=0)
    changed = int(np.count_nonzero(np.abs(rows[:, 2]) > 1e-9))
    print(f"opponent: {a.opponent}")
    print(f"{len(deals)} deals in both ({changed} scored otherwise)")
    for label, match, col in (("first ", a, 0), ("second", b, 1)):
        d, k = tallies(match, deals)
        print(
            f"{label} {match.version}\n"
            f"       difference {means[col]:+.2f}, CI [{ci[0, col]:+.2f}, {ci[1, col]:+.2f}];"
            f" declared {d[0]}, won {d[1]}; Kontra {k[0]}, won {k[1]}"
        )
    print(f"second less first: {means[2]:+.2f}, CI [{ci[0, 2]:+.2f}, {ci[1, 2]:+.2f}]")


if __name__ == "__main__":
    main()
