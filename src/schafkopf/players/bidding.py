"""A contract's chance for a hand, from a model instead of a dozen sampled deals.

PIMC bids by solving a dozen deals sampled around its hand: an estimate whose noise (15
points either way at 60%) sits right at the bar where spiel and weiter part, and whose open
hands are not the table's imperfect play. This model reads the hand under each contract
(trumps, the high ones, the run from the top, Sauen, Zehner, voids, the called suit, the
rule-based rating, the seat) and answers in two steps, fitted by ``scripts/fit_bidding.py``:

1. the chance the declarer wins the deal open-handed: a logistic regression per family of
   contracts, fitted to open-hand solutions of many random deals (every seat, every
   contract its hand could play: no selection by what was bid);
2. the chance it wins at the table: that chance's log-odds shifted by how much better
   self-play declarers did at the table than the open-hand solutions of their deals
   (``table_bias``: one for the Rufspiel, one for the solo-type contracts; ``table_slope``
   stays 1). Two ways were tried first and dropped: a mix of "won when solved" and "won when
   not" rates gives a hopeless hand the rate of the near misses that were declared (46% for
   a Solo), and a slope fitted to declared games alone comes out flat (0.42 for the solos:
   declared hands span too little), which would call a Solo of 4% open-handed a 66% one.

Tout, Bettel and Sie are left to sampling.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

from schafkopf.cards import AUGEN, OBER, SAU, UNTER, ZEHN, card, rank_mask, suit_mask
from schafkopf.players.heuristic import Margins, plan_margins
from schafkopf.players.logistic import sigmoid
from schafkopf.rules import Kind, Ruleset, play_tables

FAMILIES: Final = (
    Kind.RUFSPIEL,
    Kind.SOLO,
    Kind.WENZ,
    Kind.GEIER,
    Kind.FARBWENZ,
    Kind.FARBGEIER,
)
"""The contracts the model values (not Tout: a handful of games a thousand)."""

FEATURES: Final = (
    "bias",
    "margin",
    "trumps",
    "high_trumps",
    "run",
    "ober",
    "unter",
    "sauen",
    "zehner",
    "voids",
    "points",
    "called",
    "called_zehn",
    "leads",
    "position",
)
"""The model's inputs for one hand and contract, in order (:func:`features`)."""

_OBER: Final = rank_mask(OBER)
_UNTER: Final = rank_mask(UNTER)


def features(
    hand: int,
    rules: Ruleset,
    kind: Kind,
    suit: int | None,
    position: int,
    margins: Margins | None = None,
) -> list[float]:
    """The inputs for a dealt ``hand`` declaring ``kind`` (``suit``: trump or called suit),
    ``position`` 0 for the seat that leads (Vorhand) to 3 for the dealer; ``margins``: the
    hand's :func:`~schafkopf.players.heuristic.plan_margins`, if known already."""
    tables = play_tables(kind, suit, rules.short)
    trump_mask = tables.trump_mask
    high = run = 0
    for i, x in enumerate(tables.trumps):
        if i < 4 and hand >> x & 1:
            high += 1
        if run == i and hand >> x & 1:
            run += 1
    sauen = zehner = voids = 0
    for s in range(4):
        plain = suit_mask(s) & ~trump_mask & rules.deck_mask
        if not plain:
            continue
        held = hand & plain
        if not held:
            voids += 1
        if held >> card(s, SAU) & 1:
            sauen += 1
        if held >> card(s, ZEHN) & 1:
            zehner += 1
    called = called_zehn = 0
    if kind is Kind.RUFSPIEL and suit is not None:
        held = hand & tables.follow[suit]
        called = held.bit_count()
        called_zehn = held >> card(suit, ZEHN) & 1
    if margins is None:
        margins = plan_margins(hand, rules, position == 0)
    margin = margins.get((kind, suit, False), -5.0)
    return [
        1.0,
        max(-5.0, min(5.0, margin)),
        float((hand & trump_mask).bit_count()),
        float(high),
        float(min(run, 4)),
        float((hand & _OBER).bit_count()),
        float((hand & _UNTER).bit_count()),
        float(sauen),
        float(zehner),
        float(voids),
        sum(AUGEN[x] for x in range(32) if hand >> x & 1) / 10.0,
        float(called),
        float(called_zehn),
        1.0 if position == 0 else 0.0,
        position / 3.0,
    ]


@dataclass(frozen=True)
class Family:
    """One family's weights and its map from the open-hand chance to the table's."""

    weights: tuple[float, ...]
    table_bias: float = 0.0
    table_slope: float = 1.0

    def open_logit(self, x: Sequence[float]) -> float:
        """The log-odds that the declarer wins open-handed, from :func:`features`."""
        return max(-30.0, min(30.0, sum(w * v for w, v in zip(self.weights, x, strict=True))))

    def open_chance(self, x: Sequence[float]) -> float:
        """The chance the declarer wins open-handed, from :func:`features`."""
        return sigmoid(self.open_logit(x))

    def table_chance(self, x: Sequence[float]) -> float:
        """The chance the declarer wins at the table, from :func:`features`."""
        return sigmoid(self.table_bias + self.table_slope * self.open_logit(x))


@dataclass(frozen=True)
class BiddingModel:
    """The chance of each family's contracts for a hand (see the module's docstring)."""

    families: dict[Kind, Family]

    def chance(
        self,
        hand: int,
        rules: Ruleset,
        kind: Kind,
        suit: int | None,
        position: int,
        margins: Margins | None = None,
    ) -> float | None:
        """The chance the declarer wins at the table; None for a contract not modelled."""
        fam = self.families.get(kind)
        if fam is None:
            return None
        return fam.table_chance(features(hand, rules, kind, suit, position, margins))

    def to_json(self) -> dict[str, object]:
        """The model as ``models/bidding.json`` holds it."""
        return {
            "features": list(FEATURES),
            "families": {
                k.value: {
                    "weights": [round(w, 6) for w in f.weights],
                    "table_bias": round(f.table_bias, 6),
                    "table_slope": round(f.table_slope, 6),
                }
                for k, f in self.families.items()
            },
        }

    @classmethod
    def from_json(cls, data: dict[str, object]) -> BiddingModel:
        """A model from :meth:`to_json`'s form; the feature names must match this code's."""
        if data.get("features") != list(FEATURES):
            raise ValueError("the bidding model was fitted to other features")
        families = data["families"]
        assert isinstance(families, dict)
        return cls(
            {
                Kind(k): Family(
                    tuple(float(w) for w in f["weights"]),
                    float(f["table_bias"]),
                    float(f["table_slope"]),
                )
                for k, f in families.items()
            }
        )


@cache
def default_model() -> BiddingModel:
    """The committed model (``players/models/bidding.json``), read once."""
    text = resources.files("schafkopf.players").joinpath("models/bidding.json").read_text()
    return BiddingModel.from_json(json.loads(text))
