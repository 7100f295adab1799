"""The player protocol and the loop that runs one game between four players."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Protocol

from schafkopf.actions import DOUBLE, Action
from schafkopf.game import PLAY, Game, View


class Player(Protocol):
    """Anything that plays a seat: it sees only that seat's :class:`View`."""

    name: str

    def choose(self, view: View, rng: random.Random) -> Action:
        """The action to take; ``view.legal`` lists the choices (never empty)."""
        ...

    def wants_to_double(self, view: View, rng: random.Random) -> bool:
        """Asked out of turn while this seat may say Kontra/Re: say it now?"""
        ...


def play_game(
    game: Game,
    players: Sequence[Player],
    rng: random.Random | None = None,
    on_action: Callable[[int, Action], None] | None = None,
) -> Game:
    """Run ``game`` to its end, asking each seat's player; returns the same game.

    Before each card, every seat that may double out of turn is asked first, so a Kontra can
    come from any entitled seat before the deadline, not just from the seat to move.
    ``on_action(seat, action)`` is called after each action (a face shows it there).
    """
    rng = rng or random.Random()

    def apply(action: Action, seat: int) -> None:
        game.apply(action, seat)
        if on_action is not None:
            on_action(seat, action)

    while not game.is_over():
        mover = game.to_move
        assert mover is not None
        for s in doubling_order(game):
            if players[s].wants_to_double(game.view(s), rng):
                apply(DOUBLE, s)
        apply(players[mover].choose(game.view(mover), rng), mover)
    return game


def doubling_order(game: Game) -> Iterator[int]:
    """The seats to ask, before the next card, whether they say the next doubling out of turn:
    the others in seat order from the one to move, each only while it may (checked lazily, so a
    Kontra said on the way changes who may say what next). Every face asks in this order."""
    mover = game.to_move
    if mover is None:
        return
    n = game.num_players
    for k in range(1, n):
        s = (mover + k) % n
        if game.phase == PLAY and game.doublings_open and DOUBLE in game.legal_actions(s):
            yield s
