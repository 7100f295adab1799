"""A "Tipp" for the seat to move, from its own view alone: the option with the best expected
payout over the worlds it may be in (as the analysis values options), the runner-up, and for
a card the declarers' chance after it. Nothing but the view goes in, so a tip can tell no
more than the seat may know."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from schafkopf.actions import DOUBLE, Action, action_name
from schafkopf.game import PLAY, View

from .values import Worlds, averaged, card_money, declarer_money, doubling_money, option_money
from .walk import NOT_DOUBLING


@dataclass(frozen=True)
class Tip:
    """The best option's token and value, the runner-up's (None with one option), every
    option's value, and for a card the declarers' chance to win after the best one."""

    best: str
    value: float
    second: str | None
    second_value: float | None
    options: dict[str, float]
    chance: float | None

    def to_json(self) -> dict[str, Any]:
        return {
            "best": self.best,
            "value": self.value,
            "second": self.second,
            "second_value": self.second_value,
            "options": self.options,
            "chance": self.chance,
        }


def tip(view: View, *, worlds: int = 16, bid_worlds: int = 8, seed: int = 0) -> Tip | None:
    """The tip for ``view``'s seat, which must be to move (or be asked for Kontra/Re while
    another moves); None when it has nothing to choose or no world could be drawn."""
    seat = view.seat
    legal = list(view.legal)
    rng = random.Random(seed)
    sampler = Worlds()
    doublings = len(view.doublings)
    per_world: list[dict[Action, float]]
    drawn = []
    if view.to_move != seat or (view.phase == PLAY and legal == [DOUBLE]):
        if DOUBLE not in legal:
            return None
        drawn = sampler.draw(view, rng, 2 * worlds)
        per_world = [doubling_money(w, seat) for w in drawn]
    elif view.phase == PLAY:
        cards = [a for a in legal if a != DOUBLE]
        if len(cards) < 2 or view.contract is None or view.contract.declarer is None:
            return None
        drawn = sampler.draw(view, rng, worlds)
        per_world = [card_money(w, seat) for w in drawn]
    else:
        if len(legal) < 2:
            return None
        drawn = sampler.draw(view, rng, bid_worlds)
        seeds = [rng.getrandbits(48) for _ in drawn]
        per_world = [
            {a: option_money(w, seat, a, random.Random(sd)) for a in legal}
            for w, sd in zip(drawn, seeds, strict=True)
        ]
    values = averaged(per_world)
    if len(values) < 2:
        return None
    ranked = sorted(values, key=lambda a: -values[a])
    best, second = ranked[0], ranked[1]

    def token(a: Action) -> str:
        return "gut" if a == NOT_DOUBLING else action_name(a, doublings)

    chance = None
    if view.phase == PLAY and best != DOUBLE and best != NOT_DOUBLING and drawn:
        after = [declarer_money(w, seat, v[best]) for w, v in zip(drawn, per_world, strict=True)]
        chance = round(sum(x > 0 for x in after) / len(after), 3)
    return Tip(
        token(best),
        round(values[best], 2),
        token(second),
        round(values[second], 2),
        {token(a): round(v, 2) for a, v in values.items()},
        chance,
    )
