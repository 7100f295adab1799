"""Where the hidden cards are: a learned model of card locations, for drawing PIMC's worlds.

A seat that cannot see the other hands still knows a lot about them: the declarer of a solo
holds most trumps, a seat that said weiter holds few high ones, a seat that threw a Sau on a
trick it could have trumped probably holds no trump. This model gives every hidden card a
score for each seat that may hold it, a dot product of weights with features of the card (its
rank under the contract), the seat's role (declarer, partner, defender, not yet known) and
what the seat said and played. P(card at seat) is the softmax of the scores over the seats
that may hold it; a candidate world's weight is the exponential of the summed scores of where
it puts the hidden cards (the per-card normalisers are the same in every world, so they
cancel). PIMC with ``inference=true,worlds=model`` weighs its candidate worlds by it instead
of by the rule-based model of bids and card plays.

``scripts/fit_locations.py`` fits the weights to arena self-play games (held out by games it
prints the mean log-likelihood of the true holders against the plain draw's and today's
inference's); they are a few numbers in ``models/locations.json``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

import numpy as np
import numpy.typing as npt

from schafkopf.actions import DOUBLE, SPIEL, WEITER
from schafkopf.cards import KOENIG, OBER, SAU, UNTER, ZEHN, Card, iter_bits
from schafkopf.game import View
from schafkopf.rules import TRUMP, Kind, PlayTables, play_tables
from schafkopf.sampling import Constraints, deal_constraints

ROLES: Final = ("declarer_rufspiel", "declarer_solo", "partner", "defender", "unknown")
"""A seat's part in the game as the viewing seat knows it."""

CLASSES: Final = (
    "trump_top2",
    "trump_3_4",
    "trump_5_8",
    "trump_low",
    "sau",
    "zehn",
    "picture",
    "low",
)
"""A card's class under the contract: trumps by their place from the top, plain cards by rank
(König, Ober or Unter where they are not trumps: a picture)."""

SIGNALS: Final = (
    "said_weiter",
    "said_spiel_outbid",
    "doubled",
    "trumps_played",
    "discarded",
    "trumped_in",
    "led_trump",
)
"""What a seat said and played, each read against trumps and against high trumps."""

FEATURES: Final = (
    *(f"{r}:{c}" for r in ROLES for c in CLASSES),
    *(f"{s}:trump" for s in SIGNALS),
    *(f"{s}:high" for s in SIGNALS),
    "led_suit",
    "followed_suit",
    "log_cards_left",
)
"""The model's inputs for a (card, seat) pair, in order."""

_CLASS_OF_RANK: Final = {SAU: 4, ZEHN: 5, KOENIG: 6, OBER: 6, UNTER: 6}
_LOW: Final = 7
_BASE: Final = len(ROLES) * len(CLASSES)
_SIG_TRUMP: Final = _BASE
_SIG_HIGH: Final = _BASE + len(SIGNALS)
_LED: Final = _SIG_HIGH + len(SIGNALS)
_FOLLOWED: Final = _LED + 1
_CARDS_LEFT: Final = _LED + 2


@cache
def _trump_places(trumps: tuple[Card, ...]) -> dict[Card, int]:
    """Each trump's place from the top (looked up per contract, not searched per card)."""
    return {c: i for i, c in enumerate(trumps)}


@dataclass(frozen=True)
class Position:
    """What the features of one view need, read once: the contract's tables, each seat's
    role and signals, the plain suits each led and followed, and the card constraints."""

    seat: int
    tables: PlayTables
    constraints: Constraints
    roles: tuple[int, ...]
    signals: tuple[tuple[float, ...], ...]
    led: tuple[tuple[int, ...], ...]
    followed: tuple[tuple[int, ...], ...]

    def holders(self, c: Card) -> list[int]:
        """The other seats that may hold hidden card ``c``."""
        return [
            s for s in range(len(self.roles)) if s != self.seat and self.constraints.may_hold(s, c)
        ]

    def features(self, c: Card, s: int) -> list[float]:
        """The inputs for hidden card ``c`` at seat ``s`` (see :data:`FEATURES`)."""
        t = self.tables
        x = [0.0] * len(FEATURES)
        trump = bool(t.trump_mask >> c & 1)
        place = _trump_places(t.trumps)[c] if trump else -1
        if trump:
            klass = 0 if place < 2 else 1 if place < 4 else 2 if place < 8 else 3
        else:
            klass = _CLASS_OF_RANK.get(c & 7, _LOW)
        x[self.roles[s] * len(CLASSES) + klass] = 1.0
        if trump:
            high = place < 4
            for k, v in enumerate(self.signals[s]):
                x[_SIG_TRUMP + k] = v
                if high:
                    x[_SIG_HIGH + k] = v
        else:
            suit = c >> 3
            x[_LED] = float(self.led[s][suit])
            x[_FOLLOWED] = float(self.followed[s][suit])
        x[_CARDS_LEFT] = math.log(max(1, self.constraints.need[s]))
        return x


def position(view: View) -> Position | None:
    """The :class:`Position` of ``view``; None outside card play or in Ramsch."""
    c = view.contract
    if c is None or c.declarer is None or c.kind is Kind.RAMSCH:
        return None
    n = view.rules.players
    tables = play_tables(c.kind, c.suit, view.rules.short)
    solo = c.kind is not Kind.RUFSPIEL
    declarer_side_known = solo or view.partner is not None
    roles = []
    for s in range(n):
        if s == c.declarer:
            roles.append(ROLES.index("declarer_solo" if solo else "declarer_rufspiel"))
        elif declarer_side_known:
            roles.append(ROLES.index("partner" if s == view.partner else "defender"))
        else:
            roles.append(ROLES.index("unknown"))
    said_weiter = [0.0] * n
    outbid = [0.0] * n
    doubled = [0.0] * n
    for s, a in view.history:
        if a == WEITER:
            said_weiter[s] = 1.0
        elif a == SPIEL and s != c.declarer:
            outbid[s] = 1.0
        elif a == DOUBLE:
            doubled[s] = 1.0
    trumps = [0] * n
    discarded = [0] * n
    trumped = [0] * n
    led_trump = [0] * n
    led = [[0] * 4 for _ in range(n)]
    followed = [[0] * 4 for _ in range(n)]
    tricks = [(t.leader, t.cards) for t in view.tricks]
    if view.trick:
        assert view.trick_leader is not None
        tricks.append((view.trick_leader, view.trick))
    trump_suit = TRUMP
    for leader, cards in tricks:
        lead = tables.eff_suit[cards[0]]
        for i, x in enumerate(cards):
            s = (leader + i) % n
            is_trump = tables.eff_suit[x] == trump_suit
            trumps[s] += is_trump
            if i == 0:
                if is_trump:
                    led_trump[s] += 1
                else:
                    led[s][lead] += 1
            elif lead != trump_suit:
                if tables.eff_suit[x] == lead:
                    followed[s][lead] += 1
                elif is_trump:
                    trumped[s] += 1
                else:
                    discarded[s] += 1
    hs = view.rules.hand_size
    signals = tuple(
        (
            said_weiter[s],
            outbid[s],
            doubled[s],
            trumps[s] / hs,
            float(discarded[s]),
            float(trumped[s]),
            float(led_trump[s]),
        )
        for s in range(n)
    )
    return Position(
        view.seat,
        tables,
        deal_constraints(view),
        tuple(roles),
        signals,
        tuple(tuple(r) for r in led),
        tuple(tuple(r) for r in followed),
    )


def hidden_cards(pos: Position) -> list[Card]:
    """The cards the viewing seat cannot place for sure: hidden, with two or more holders."""
    return [c for c in iter_bits(pos.constraints.pool) if len(pos.holders(c)) > 1]


@dataclass(frozen=True)
class LocationModel:
    """Weights over :data:`FEATURES`."""

    weights: tuple[float, ...]

    def scores(self, view: View) -> list[list[float]] | None:
        """``scores[c][s]``: the score of hidden card ``c`` at seat ``s`` (0 where it is not
        hidden or ``s`` cannot hold it); None where the model does not apply."""
        pos = position(view)
        if pos is None:
            return None
        n = view.rules.players
        pairs = [(c, s) for c in iter_bits(pos.constraints.pool) for s in pos.holders(c)]
        out = [[0.0] * n for _ in range(32)]
        if not pairs:
            return out
        x = np.array([pos.features(c, s) for c, s in pairs])
        z = x @ np.asarray(self.weights)
        for (c, s), v in zip(pairs, z.tolist(), strict=True):
            out[c][s] = v
        return out

    def to_json(self) -> dict[str, object]:
        """The model as ``models/locations.json`` holds it."""
        return {"features": list(FEATURES), "weights": [round(w, 6) for w in self.weights]}

    @classmethod
    def from_json(cls, data: dict[str, object]) -> LocationModel:
        """A model from :meth:`to_json`'s form; the feature names must match this code's."""
        if data.get("features") != list(FEATURES):
            raise ValueError("the card location model was fitted to other features")
        weights = data["weights"]
        assert isinstance(weights, list)
        return cls(tuple(float(w) for w in weights))


def world_log_weight(scores: Sequence[Sequence[float]], hands: Sequence[int], seat: int) -> float:
    """The summed scores of where a world's current ``hands`` (masks) put the cards the
    viewing ``seat`` cannot see: the log of the world's weight, up to a constant."""
    total = 0.0
    for s, h in enumerate(hands):
        if s != seat:
            for c in iter_bits(h):
                total += scores[c][s]
    return total


def design(pos: Position, c: Card) -> tuple[npt.NDArray[np.float64], list[int]]:
    """The feature rows of hidden card ``c`` at each seat that may hold it, and those seats
    (the fit script's rows)."""
    seats = pos.holders(c)
    return np.array([pos.features(c, s) for s in seats]), seats


@cache
def default_model() -> LocationModel:
    """The committed model (``players/models/locations.json``), read once."""
    text = resources.files("schafkopf.players").joinpath("models/locations.json").read_text()
    return LocationModel.from_json(json.loads(text))
