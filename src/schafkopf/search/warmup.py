"""Compiling the search kernels before their first use.

The playout kernels, the open-hand solver and the PIMC player run numba-compiled code,
cached on disk (``__pycache__`` beside the sources) after its first compilation. Compiling
all of it takes about half a minute on a fresh installation; ``schafkopf compile`` (run by
``make``) does it once during set-up, so that the first solve or bot decision is fast.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Final


def playout_kernels() -> None:
    """Compile (or load) the random-playout kernels."""
    import numpy as np

    from schafkopf.benchmark import dealt_rufspiel
    from schafkopf.search.kernels import kernel_tables, playouts

    game = dealt_rufspiel()
    hands = np.array(game.hands, dtype=np.int64)
    playouts(kernel_tables(game), hands, game.trick_leader, 16)


def open_hand_solver() -> None:
    """Compile (or load) the solver: one exact solve and one null-window search."""
    from schafkopf.benchmark import dealt_rufspiel
    from schafkopf.search import solver

    game = dealt_rufspiel()
    for _ in range(16):  # a few tricks in: a quick solve that reaches every kernel
        game.apply(game.legal_actions()[0])
    solver.solve(game)
    solver.reaches(game, 61)


def pimc_decision() -> None:
    """One small PIMC decision on a fixed deal (bidding by the rule-based player)."""
    from schafkopf.game import PLAY
    from schafkopf.players.heuristic import HeuristicPlayer
    from schafkopf.players.registry import make_player
    from schafkopf.rules import Ruleset
    from schafkopf.session import Session

    game = Session(Ruleset.preset("standard", {}), list("ABCD"), games=1, seed=5).new_game()
    rng = random.Random(0)
    rule_based = HeuristicPlayer()
    while not game.is_over() and game.phase != PLAY:
        seat = game.to_move
        assert seat is not None
        game.apply(rule_based.choose(game.view(seat), rng), seat)
    if not game.is_over():
        assert game.to_move is not None
        make_player("pimc:samples=2").choose(game.view(game.to_move), rng)


STEPS: Final[tuple[tuple[str, Callable[[], None]], ...]] = (
    ("playout kernels", playout_kernels),
    ("open-hand solver", open_hand_solver),
    ("PIMC player", pimc_decision),
)
"""What ``schafkopf compile`` builds, in order."""


def compile_all(
    on_step: Callable[[str, int, int], None] | None = None,
) -> list[tuple[str, float]]:
    """Run every step; ``on_step(name, done, total)`` before each. Returns each step's
    seconds (a second run only loads the cache: a fraction of a second each)."""
    out = []
    for i, (name, step) in enumerate(STEPS):
        if on_step is not None:
            on_step(name, i, len(STEPS))
        started = time.perf_counter()
        step()
        out.append((name, time.perf_counter() - started))
    return out
