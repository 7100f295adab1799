"""Ratings of players from finished games: Weng-Lin Plackett-Luce (the ``openskill`` package).

How a game becomes an outcome (:func:`outcome`): the declarer side is one team and the others
the other, partners together; the side whose payout is positive is first. A soloist (Solo,
Wenz, Geier, ... against three) stands in its team three times over, as its stake is the
three defenders' together: two sides of equal weight, like a Rufspiel's. Its new rating is
the mean of its three updated copies. A Ramsch has four teams of one, ranked by payout (equal
payouts tie). A game in which no money changed hands (all passed, no Ramsch) rates nobody.

>>> from schafkopf.ratings import Rating, outcome
>>> record = {"result": {"declarers": [0, 2], "payouts": [20, -20, 20, -20]}}
>>> outcome(record)
([[0, 2], [1, 3]], [0, 1])
>>> before = [Rating(), Rating(), Rating(), Rating()]
>>> after = rate(before, record)
>>> after[0].mu > 25 > after[1].mu
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from openskill.models import PlackettLuce

MODEL: Final = PlackettLuce()
"""The model with openskill's defaults: mu 25, sigma 25/3, beta 25/6."""

MU: Final = float(MODEL.mu)
SIGMA: Final = float(MODEL.sigma)


@dataclass(frozen=True)
class Rating:
    """A skill estimate: ``mu`` with uncertainty ``sigma``."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def ordinal(self) -> float:
        """A conservative figure to rank by: ``mu - 3 sigma`` (rises as games accrue)."""
        return self.mu - 3.0 * self.sigma

    def interval(self) -> tuple[float, float]:
        """About 95% of the skill's belief: ``mu ± 2 sigma``."""
        return self.mu - 2.0 * self.sigma, self.mu + 2.0 * self.sigma

    def to_json(self) -> dict[str, float]:
        return {"mu": round(self.mu, 4), "sigma": round(self.sigma, 4),
                "ordinal": round(self.ordinal, 4)}  # fmt: skip


def outcome(record: Mapping[str, Any]) -> tuple[list[list[int]], list[int]] | None:
    """The teams (lists of seats; a soloist three times) and their ranks (0 first) of a
    finished game's record, or None when the game rates nobody. A record whose result does
    not name the declarers (an import's short result) is replayed to find them."""
    result = record.get("result") or {}
    if "declarers" not in result and record.get("tricks") is not None:
        from schafkopf.record import score_record

        result = score_record(record).get("result") or {}
    payouts = [int(p) for p in result.get("payouts") or []]
    if not payouts or not any(payouts):
        return None
    declarers = sorted(set(result.get("declarers") or []))
    seats = range(len(payouts))
    if not declarers:  # Ramsch: each for themselves
        teams = [[s] for s in seats]
        ranks = [sum(1 for q in payouts if q > payouts[s]) for s in seats]
        return teams, ranks
    defenders = [s for s in seats if s not in declarers]
    side = declarers * 3 if len(declarers) == 1 and len(defenders) == 3 else declarers
    won = payouts[declarers[0]] > 0
    return [side, defenders], [0, 1] if won else [1, 0]


def rate(
    before: Sequence[Rating], record: Mapping[str, Any], *, fixed: Sequence[int] = ()
) -> list[Rating] | None:
    """Every seat's rating after the game (None: it rates nobody); the seats in ``fixed``
    (anchored bots, guests) keep theirs."""
    found = outcome(record)
    if found is None:
        return None
    teams, ranks = found
    game = [[MODEL.rating(mu=before[s].mu, sigma=before[s].sigma) for s in team] for team in teams]
    rated = MODEL.rate(game, ranks=[float(r) for r in ranks])
    copies: dict[int, list[Any]] = {}
    for team, new in zip(teams, rated, strict=True):
        for seat, r in zip(team, new, strict=True):
            copies.setdefault(seat, []).append(r)
    after = list(before)
    for seat, rs in copies.items():
        if seat in fixed:
            continue
        after[seat] = Rating(
            sum(float(r.mu) for r in rs) / len(rs), sum(float(r.sigma) for r in rs) / len(rs)
        )
    return after
