"""Whose turn it is, for turn-based interfaces: the engine's game with out-of-turn Kontra
turned into questions.

The engine lets any entitled seat say Kontra (Re, ...) before a card while the deadline has not
passed. A turn-based interface (PettingZoo's AEC, Gymnasium, OpenSpiel) needs one actor at a
time, so before each card every other seat that may double is asked once, in seat order from
the seat to move, exactly as :func:`schafkopf.players.play_game` asks computer players: its
legal actions are then ``DOUBLE`` (say it) and ``WEITER`` (stay silent).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Final

import numpy as np
import numpy.typing as npt

from schafkopf.actions import DOUBLE, NUM_ACTIONS, WEITER, Action, action_name
from schafkopf.game import Game, IllegalActionError, View
from schafkopf.players.base import Player, doubling_order

MaskArray = npt.NDArray[np.int8]
QUESTION: Final = (DOUBLE, WEITER)
"""The choices of a seat asked whether it doubles out of turn."""


class TurnGame:
    """A game with one actor at a time (see the module docstring)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._asked: set[tuple[int, int, int]] = set()
        self._question: int | None = None
        self._settle()

    def actor(self) -> int | None:
        """The seat to act now (None once the game is over)."""
        if self.game.is_over():
            return None
        return self._question if self._question is not None else self.game.to_move

    def is_question(self) -> bool:
        """Whether the actor is being asked about an out-of-turn doubling."""
        return self._question is not None

    def legal(self, seat: int) -> list[Action]:
        """What ``seat`` may do now (nothing unless it is the actor)."""
        if seat != self.actor():
            return []
        if self._question is not None:
            return list(QUESTION)
        return self.game.legal_actions(seat)

    def mask(self, seat: int) -> MaskArray:
        """``legal(seat)`` as a 0/1 vector over the flat action space."""
        out = np.zeros(NUM_ACTIONS, dtype=np.int8)
        out[self.legal(seat)] = 1
        return out

    def act(self, seat: int, action: Action) -> None:
        """Take ``action`` for ``seat``; raises IllegalActionError (changing nothing) if it is
        not one of :meth:`legal`."""
        actor = self.actor()
        if seat != actor:
            raise IllegalActionError(f"seat {seat} cannot act now: seat {actor} is to act")
        if self._question is None:
            self.game.apply(action, seat)  # the engine checks it (and changes nothing if not)
        else:
            if action not in QUESTION:
                word = action_name(DOUBLE, len(self.game.doublings))
                raise IllegalActionError(
                    f"seat {seat} is asked whether it says {word}: {word} or weiter, "
                    f"not action {action}"
                )
            g = self.game
            self._asked.add((g.played, len(g.doublings), seat))
            if action == DOUBLE:
                g.apply(DOUBLE, seat)
        self._settle()

    def ask(self, player: Player, rng: random.Random) -> Action:
        """What ``player``, a computer player at the actor's seat, does now: at a doubling
        question its ``wants_to_double`` answer, else its ``choose`` (as ``play_game`` asks)."""
        seat = self.actor()
        if seat is None:
            raise IllegalActionError("the game is over: nobody acts")
        view = self.game.view(seat)
        if self._question is not None:
            return DOUBLE if player.wants_to_double(view, rng) else WEITER
        return player.choose(view, rng)

    def view(self, seat: int) -> View:
        """The seat's view, with the question's choices as its legal actions when asked."""
        v = self.game.view(seat)
        if self._question is not None:
            v = replace(v, legal=QUESTION if self._question == seat else ())
        return v

    def _settle(self) -> None:
        """Find the next question, if any seat still has to be asked before this card."""
        g = self.game
        self._question = next(
            (s for s in doubling_order(g) if (g.played, len(g.doublings), s) not in self._asked),
            None,
        )
