"""Kontra and Re from a calibrated chance: a logistic model over what the seat sees.

A PIMC player's own estimate of the declarer side's chance (the share of sampled worlds the
declarers win open-handed) is noisy and biased: open hands favour the side with the long
trumps, and a dozen worlds move it by 15 points either way. This model reads that estimate
together with the seat's hand under the contract (trumps, high trumps, Sauen, Zehner, the
called suit) and the contract itself, and says how often the declarer side wins such games in
self-play (``scripts/fit_doubling.py`` fits it and prints the calibration table). The weights
are a few numbers in ``models/doubling.json``; evaluating them is a dot product.

The decisions: Kontra when the declarers' chance is at most ``kontra_bar``, Re (on the
declarer side, after a Kontra) when it is at least ``re_bar``; the script picks both bars as
the ones that earned the most on held-out self-play games.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

from schafkopf.cards import AUGEN, OBER, SAU, UNTER, ZEHN, card, rank_mask, suit_mask
from schafkopf.game import View
from schafkopf.players.heuristic import dealt_hand
from schafkopf.players.logistic import sigmoid
from schafkopf.rules import Kind, play_tables

FEATURES: Final = (
    "bias",
    "logit_p",
    "trumps",
    "high_trumps",
    "sauen",
    "zehner",
    "points",
    "called_suit",
    "solo",
    "wenz",
    "geier",
    "bettel",
    "tout",
    "declarer_side",
    "after_kontra",
    "leads",
    "cards_seen",
)
"""The model's inputs, in order (:func:`features` computes them from a view)."""

_CLIP: Final = 0.03
"""The sampled chance is clipped to [_CLIP, 1 - _CLIP] before its logit is taken: a world
count of 24 cannot tell 0% from 2%."""

_OU: Final = rank_mask(OBER) | rank_mask(UNTER)


def features(view: View, chance: float) -> list[float]:
    """The model's inputs for ``view``'s seat, ``chance`` being the sampled estimate of the
    declarer side's chance to win (see :data:`FEATURES`)."""
    c = view.contract
    assert c is not None and c.declarer is not None
    tables = play_tables(c.kind, c.suit, view.rules.short)
    hand = dealt_hand(view)
    trump_mask = tables.trump_mask
    high = 0
    for x in tables.trumps[:4]:
        high |= 1 << x
    plain_sauen = zehner = 0
    for s in range(4):
        plain = suit_mask(s) & ~trump_mask
        if hand & plain & (1 << card(s, SAU)):
            plain_sauen += 1
        if hand & plain & (1 << card(s, ZEHN)):
            zehner += 1
    called = 0
    if c.kind is Kind.RUFSPIEL and c.suit is not None:
        called = (hand & tables.follow[c.suit]).bit_count()
    p = min(1.0 - _CLIP, max(_CLIP, chance))
    kind = c.kind
    declarer_side = len(view.doublings) % 2 == 1
    seen = sum(len(t.cards) for t in view.tricks) + len(view.trick)
    return [
        1.0,
        math.log(p / (1.0 - p)),
        float((hand & trump_mask).bit_count()),
        float((hand & high).bit_count()),
        float(plain_sauen),
        float(zehner),
        sum(AUGEN[x] for x in range(32) if hand >> x & 1) / 10.0,
        float(called),
        1.0 if kind is Kind.SOLO else 0.0,
        1.0 if kind in (Kind.WENZ, Kind.FARBWENZ) else 0.0,
        1.0 if kind in (Kind.GEIER, Kind.FARBGEIER) else 0.0,
        1.0 if kind is Kind.BETTEL else 0.0,
        1.0 if c.tout else 0.0,
        1.0 if declarer_side else 0.0,
        1.0 if view.doublings else 0.0,
        1.0 if view.seat == view.vorhand else 0.0,
        seen / view.rules.players,
    ]


@dataclass(frozen=True)
class DoublingModel:
    """Logistic weights over :data:`FEATURES`, and the bars the decisions use."""

    weights: tuple[float, ...]
    kontra_bar: float
    re_bar: float

    def chance(self, view: View, sampled: float) -> float:
        """The declarer side's chance to win, calibrated, from the seat's view and the
        sampled estimate."""
        return sigmoid(
            sum(w * x for w, x in zip(self.weights, features(view, sampled), strict=True))
        )

    def says(self, view: View, sampled: float, kontra_bar: float | None = None) -> bool:
        """Whether the seat says the next doubling: Kontra when the declarers' chance is at
        most ``kontra_bar`` (default: the model's), Re when it is at least the Re bar."""
        p = self.chance(view, sampled)
        if len(view.doublings) % 2 == 1:
            return p >= self.re_bar
        return p <= (self.kontra_bar if kontra_bar is None else kontra_bar)

    def to_json(self) -> dict[str, object]:
        """The model as ``models/doubling.json`` holds it."""
        return {
            "features": list(FEATURES),
            "weights": [round(w, 6) for w in self.weights],
            "kontra_bar": self.kontra_bar,
            "re_bar": self.re_bar,
        }

    @classmethod
    def from_json(cls, data: dict[str, object]) -> DoublingModel:
        """A model from :meth:`to_json`'s form; the feature names must match this code's."""
        if data.get("features") != list(FEATURES):
            raise ValueError("the doubling model was fitted to other features")
        weights = data["weights"]
        assert isinstance(weights, list)
        kontra, re_ = data["kontra_bar"], data["re_bar"]
        assert isinstance(kontra, int | float) and isinstance(re_, int | float)
        return cls(tuple(float(w) for w in weights), float(kontra), float(re_))


@cache
def default_model() -> DoublingModel:
    """The committed model (``players/models/doubling.json``), read once."""
    text = resources.files("schafkopf.players").joinpath("models/doubling.json").read_text()
    return DoublingModel.from_json(json.loads(text))
