"""OpenSpiel's IS-MCTS bot as a player: an outside peer for the arena (needs ``schafkopf[rl]``).

Each decision builds a ``python_schafkopf`` state the seat cannot tell from the real one (the
unseen cards sampled, every action replayed, the out-of-turn doubling questions answered as
they were) and asks OpenSpiel's own Information Set MCTS
(``open_spiel.python.algorithms.ismcts``, Cowling, Powley and Whitehouse 2011) for the action.
The search resamples the unseen cards itself at every simulation and values leaves by random
rollouts (``rollouts`` per leaf), ``simulations`` per decision, with returns in units of
three Rufspiel tariffs so that UCT's exploration constant means what it usually does.
OpenSpiel's C++ IS-MCTS crashes on Python-implemented games (it keeps no reference to the
resampled Python states), so the Python implementation is the one used.

>>> import random
>>> from schafkopf.game import Game
>>> from schafkopf.players import HeuristicPlayer, play_game
>>> bots = [IsmctsPlayer(simulations=10), HeuristicPlayer(), HeuristicPlayer(), HeuristicPlayer()]
>>> play_game(Game(seed=4), bots, random.Random(4)).is_over()
True
"""

from __future__ import annotations

import random
from typing import Any

from schafkopf.actions import DOUBLE, Action
from schafkopf.game import View
from schafkopf.players.registry import spec_of
from schafkopf.rules import Ruleset
from schafkopf.sampling import SamplingError


def _openspiel() -> tuple[Any, Any, Any, Any]:
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import ismcts, mcts
    except ImportError as e:  # pragma: no cover - depends on the installed extras
        raise RuntimeError("the ismcts player needs OpenSpiel: pip install 'schafkopf[rl]'") from e
    return np, pyspiel, ismcts, mcts


class IsmctsPlayer:
    """OpenSpiel's IS-MCTS with random rollouts; ``simulations`` per decision, UCT constant
    ``uct_c``, ``rollouts`` random playouts per new leaf."""

    def __init__(
        self,
        name: str = "IS-MCTS",
        simulations: int = 200,
        uct_c: float = 2.0,
        rollouts: int = 1,
    ) -> None:
        if simulations < 1 or rollouts < 1:
            raise ValueError("simulations and rollouts must be at least 1")
        _openspiel()
        self.name = name
        self.simulations = simulations
        self.uct_c = uct_c
        self.rollouts = rollouts
        self._games: dict[tuple[Ruleset, int], Any] = {}

    def __repr__(self) -> str:
        """The name and the player spec that builds such a player (``<IsmctsPlayer 'IS-MCTS'
        ismcts:simulations=500>``)."""
        return f"<{type(self).__name__} {self.name!r} {spec_of(self, 'ismcts')}>"

    def choose(self, view: View, rng: random.Random) -> Action:
        """The bot's action for the seat to move (one of ``view.legal``)."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        state = self._state(view, rng, question=False)
        return self._search(state, rng)

    def wants_to_double(self, view: View, rng: random.Random) -> bool:
        """Asked out of turn about Kontra/Re: the bot's answer to the same question."""
        if DOUBLE not in view.legal:
            return False
        state = self._state(view, rng, question=True)
        if state is None:
            return False
        return self._search(state, rng) == DOUBLE

    # -- building the OpenSpiel state ---------------------------------------------------------

    def _game(self, view: View) -> Any:
        _openspiel()
        import schafkopf.envs.openspiel_game as og

        key = (view.rules, view.dealer)
        game = self._games.get(key)
        if game is None:
            params = {
                "rules": og.rules_param(view.rules),
                "dealer": view.dealer,
                "scale": 3.0 * view.rules.tarif.rufspiel,
            }
            game = og.SchafkopfGame(params)
            self._games[key] = game
        return game

    def _state(self, view: View, rng: random.Random, question: bool) -> Any:
        """A state in the seat's information set, at its turn (or at its doubling question;
        None if the replay does not reach one)."""
        import schafkopf.envs.openspiel_game as og

        try:
            return og.resampled(self._game(view), view, rng, question)
        except SamplingError:
            raise  # a bug (the true deal is always consistent), never "no question here"
        except ValueError:
            if question:
                return None
            raise

    def _search(self, state: Any, rng: random.Random) -> Action:
        np, _pyspiel, ismcts, mcts = _openspiel()
        random_state = np.random.RandomState(rng.getrandbits(32))
        evaluator = mcts.RandomRolloutEvaluator(self.rollouts, random_state)
        bot = ismcts.ISMCTSBot(
            state.get_game(),
            evaluator,
            self.uct_c,
            self.simulations,
            random_state=random_state,
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        )
        return int(bot.step(state))
