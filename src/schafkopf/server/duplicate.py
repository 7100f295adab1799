"""A friends' duplicate table: another table's deals played again, each hand one seat on,
and the two ledgers compared seat for seat (``POST /api/tables/{id}/duplicate`` makes it,
``GET /api/tables/{id}/comparison`` compares it with its original).

In game ``n`` of the copy, seat ``s + 1`` holds what seat ``s`` held in game ``n`` of the
original (the deal moved on with it, so each hand keeps its place from the dealer). For each
hand the comparison gives who played it at each table and what it paid there; a person's
figure is the sum, over the hands they played at the copy, of their payout minus what the
hand's player at the original made of it: luck taken out, as in the daily challenge.
"""

from __future__ import annotations

from typing import Any

from schafkopf.server.table import Table, TableError


def comparison(original: Table, copy: Table) -> dict[str, Any]:
    """The two tables' finished games compared hand by hand (the copy may be under way)."""
    if copy.config.duplicate_of != original.id:
        raise TableError("no_game", "that table does not play this table's deals again")
    n = original.rules.players
    games = []
    totals: dict[str, float] = {}
    for number in range(1, min(len(original.finished), len(copy.finished)) + 1):
        before = original.record(number)["result"]["payouts"]
        after = copy.record(number)["result"]["payouts"]
        hands = []
        then, now = original.names_of(number), copy.names_of(number)  # who played each game
        for s in range(n):
            moved = (s + 1) % n
            diff = after[moved] - before[s]
            hands.append({
                "original": {"seat": s, "name": then[s], "payout": before[s]},
                "copy": {"seat": moved, "name": now[moved], "payout": after[moved]},
                "difference": diff,
            })  # fmt: skip
            totals[copy.names[moved]] = totals.get(copy.names[moved], 0) + diff  # by seat now
        games.append({"game": number, "hands": hands})
    return {
        "original": original.id,
        "copy": copy.id,
        "games": games,
        "totals": [{"name": k, "difference": v} for k, v in sorted(totals.items(),
                                                                     key=lambda kv: -kv[1])],
    }  # fmt: skip
