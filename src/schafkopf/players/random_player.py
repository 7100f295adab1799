"""A player that picks uniformly among the legal actions: the baseline and a fuzzer."""

from __future__ import annotations

import random

from schafkopf.actions import DOUBLE, Action
from schafkopf.game import View
from schafkopf.players.registry import spec_of


class RandomPlayer:
    """Uniformly random legal actions; doubles out of turn with probability ``double_rate``."""

    def __init__(self, name: str = "Zufall", double_rate: float = 0.05) -> None:
        self.name = name
        self.double_rate = double_rate

    def __repr__(self) -> str:
        """The name and the player spec that builds such a player.

        >>> RandomPlayer(), RandomPlayer("Hias", double_rate=0.2)
        (<RandomPlayer 'Zufall' random>, <RandomPlayer 'Hias' random:double_rate=0.2>)
        """
        return f"<{type(self).__name__} {self.name!r} {spec_of(self, 'random')}>"

    def choose(self, view: View, rng: random.Random) -> Action:
        """A random legal action (a doubling only at ``double_rate``)."""
        actions = [a for a in view.legal if a != DOUBLE]
        if DOUBLE in view.legal and (not actions or rng.random() < self.double_rate):
            return DOUBLE
        return rng.choice(actions)

    def wants_to_double(self, view: View, rng: random.Random) -> bool:
        """Say Kontra/Re at random, rarely."""
        return rng.random() < self.double_rate
