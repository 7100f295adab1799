"""The decisions of a game: every position where a seat chose among several actions, and
the last moment each seat could have said Kontra (Re, ...) and did not (only where nobody
said it: a defender whose partner said Kontra is not charged for keeping quiet).

A game is replayed from its deal; at each step the position before it is kept (a copy) with
the seat, the phase and the options. Forced actions (one legal option) are left out.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from schafkopf.actions import DOUBLE, Action
from schafkopf.game import PLAY, Game

DOUBLING: Final = "doubling"
"""The phase of a doubling decision (Kontra, Re, ... or not)."""
NOT_DOUBLING: Final = -1
"""The option of not doubling (worded ``gut``, as the server calls it)."""


@dataclass(frozen=True)
class Point:
    """One decision: ``index`` is its place in the game's history (the step it made, or for a
    doubling not said the step it came before), ``game`` the position before it."""

    index: int
    game: Game
    seat: int
    phase: str
    action: Action
    options: tuple[Action, ...]


def replay_start(game: Game) -> Game:
    """A new game on ``game``'s deal, before any action."""
    return Game(game.rules, dealer=game.dealer, hands=game.deal, stock=game.stock_before)


def decision_points(game: Game) -> Iterator[Point]:
    """Every decision of ``game`` in the order made; each doubling not said comes at the last
    position it was allowed (after the decisions up to there)."""
    g = replay_start(game)
    n = g.rules.players
    last_chance: dict[tuple[int, int], tuple[int, Game]] = {}
    said: set[tuple[int, int]] = set()
    late: list[Point] = []
    for i, (seat, action) in enumerate(game.history):
        level = len(g.doublings)
        copy: Game | None = None
        if g.phase == PLAY:
            for s in range(n):
                if (s, level) not in said and DOUBLE in g.legal_actions(s):
                    copy = copy or g.copy()
                    last_chance[(s, level)] = (i, copy)
        if action == DOUBLE:
            said.add((seat, level))
            yield Point(i, copy or g.copy(), seat, DOUBLING, DOUBLE, (DOUBLE, NOT_DOUBLING))
        else:
            legal = tuple(a for a in g.legal_actions(seat) if a != DOUBLE)
            if len(legal) > 1:
                yield Point(i, copy or g.copy(), seat, g.phase, action, legal)
        g.apply(action, seat)
    for (s, level), (i, position) in sorted(last_chance.items(), key=lambda kv: kv[1][0]):
        if level >= len(g.doublings):  # nobody said it: each who could is judged for not
            late.append(Point(i, position, s, DOUBLING, NOT_DOUBLING, (DOUBLE, NOT_DOUBLING)))
    yield from late
