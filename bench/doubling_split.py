"""Where a duplicate match's difference comes from, doubling by doubling: above all the Kontras
a player says against its own other seat.

Run: ``python bench/doubling_split.py data/matches/l5h-54/games.jsonl.gz [--deals 1000]``
(plain or gzipped arena records of a two-player match). At a table of two copies of a player a
copy defending a solo of the other copy can say Kontra, and the declarer copy Re: the stake of
that player's own solo is multiplied while its copy's loss is only one defender's share, so the
player gains however wrong the Kontra was. This prints the duplicate difference, then for each
kind of doubled game (against the other player's team, against the doubler's own seats, against
a team of both) how many games and how many cents per deal they add, with the doubling's part
of them (the payout times 1 - 2^-k: the same cards at the undoubled stake), and the difference
with the doublings against a player's own seats undone.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from schafkopf.arena import bootstrap_ci, iter_records


def doubled_against(record: dict[str, Any], first: str) -> str | None:
    """Whose team the first doubling was said against: ``"other"`` (only the other player's
    seats declare), ``"own"`` (only the doubler's), ``"both"``; None if nothing was doubled."""
    if not record["doublings"]:
        return None
    players = record["arena"]["seat_players"]
    doubler = players[record["doublings"][0]["seat"]] == first
    declaring = {players[s] == first for s in record["result"]["declarers"]}
    if len(declaring) == 2:
        return "both"
    return "own" if declaring == {doubler} else "other"


def game_difference(record: dict[str, Any], first: str, seat_games: tuple[int, int]) -> float:
    """The game's part of its deal's duplicate difference: the first player's payouts over its
    seat-games in the deal minus the second's over theirs."""
    players = record["arena"]["seat_players"]
    mine, theirs = seat_games
    return sum(
        pay / mine if players[s] == first else -pay / theirs
        for s, pay in enumerate(record["result"]["payouts"])
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", type=Path)
    parser.add_argument("--deals", type=int, default=None, help="only the first deals")
    args = parser.parse_args()

    by_deal: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for record in iter_records(args.games):
        if args.deals is None or record["arena"]["deal"] < args.deals:
            by_deal[record["arena"]["deal"]].append(record)
    rotations = max(len(games) for games in by_deal.values())
    deals = [games for games in by_deal.values() if len(games) == rotations]
    first = deals[0][0]["arena"]["seat_players"][0]
    if len({p for games in deals for r in games for p in r["arena"]["seat_players"]}) != 2:
        raise SystemExit("give the records of a two-player duplicate match")

    kinds = ("none", "other", "own", "both")
    whole = np.zeros((len(deals), len(kinds)))
    doubling_part = np.zeros((len(deals), len(kinds)))
    games = dict.fromkeys(kinds, 0)
    for row, seatings in enumerate(deals):
        players = [p for r in seatings for p in r["arena"]["seat_players"]]
        seat_games = (players.count(first), len(players) - players.count(first))
        for record in seatings:
            kind = doubled_against(record, first) or "none"
            diff = game_difference(record, first, seat_games)
            games[kind] += 1
            whole[row, kinds.index(kind)] += diff
            doubling_part[row, kinds.index(kind)] += diff * (1 - 0.5 ** len(record["doublings"]))

    def line(label: str, values: np.ndarray) -> str:
        low, high = bootstrap_ci(values.reshape(-1, 1))[:, 0]
        mean = float(values.mean())
        return f"{label}: {mean:+.2f} cents a game, 95% CI [{low:+.2f}, {high:+.2f}]"

    print(f"{first} against the other player, {len(deals)} deals x {rotations} seatings")
    print(line("duplicate difference", whole.sum(axis=1)))
    words = {
        "none": "no doubling",
        "other": "doubled against the other player's team",
        "own": "doubled against the doubler's own seats",
        "both": "doubled against a team of both",
    }
    for k, kind in enumerate(kinds):
        print(
            f"  {words[kind]:42s} {games[kind]:6d} games  {whole[:, k].mean():+7.2f} a deal"
            + (f"  (the doublings' part {doubling_part[:, k].mean():+7.2f})" if k else "")
        )
    own = kinds.index("own")
    undone = whole.sum(axis=1) - doubling_part[:, own]
    print(line("with those against a player's own seats undone", undone))


if __name__ == "__main__":
    main()
