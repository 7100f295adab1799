"""PettingZoo AEC environment ``schafkopf_v0``: the whole game, one seat acting at a time.

>>> from schafkopf.envs import schafkopf_v0
>>> env = schafkopf_v0.env(rules="sauspiel")
>>> env.reset(seed=1)
>>> obs, reward, termination, truncation, info = env.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum()) >= 1
((1189,), True)

Actions are the engine's flat action space (:mod:`schafkopf.actions`: cards 0..31, then
weiter, spiel, Klopfen, the doubling, offers and contracts), with an ``action_mask`` of the
legal ones. Before each card every other seat that may say Kontra (Re, ...) is asked once,
its mask then allowing ``DOUBLE`` or ``WEITER`` (:mod:`schafkopf.envs.turns`). The observation
is :func:`schafkopf.envs.observation.encode` of the acting seat's view (built incrementally
by an :class:`~schafkopf.envs.observation.Encoder`); ``render()`` gives the
same as text. At the end every seat's reward is its payout times ``reward_scale``.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from schafkopf.actions import NUM_ACTIONS, Action
from schafkopf.envs.observation import SIZE, Encoder, describe
from schafkopf.envs.turns import TurnGame
from schafkopf.game import Game
from schafkopf.rules import Ruleset


class SchafkopfAEC(AECEnv):  # type: ignore[misc]
    """The AEC environment; :func:`env` wraps it the PettingZoo way."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "schafkopf_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Ruleset | str | dict[str, Any] | None = None,
        reward_scale: float = 1.0,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules = Ruleset.of(rules)
        self.reward_scale = reward_scale
        self.render_mode = render_mode
        n = self.rules.players
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (SIZE,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self._rng = random.Random()
        self.turns: TurnGame | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        n = self.rules.players
        game = Game(self.rules, dealer=self._rng.randrange(n), seed=self._rng.getrandbits(64))
        self.turns = TurnGame(game)
        self._encoders = [Encoder(s) for s in range(n)]
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _started(self) -> TurnGame:
        if self.turns is None:
            raise RuntimeError("call reset() before using the environment")
        return self.turns

    def observe(self, agent: str) -> dict[str, Any]:
        turns = self._started()
        seat = self._seat[agent]
        view = turns.view(seat)
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        mask[list(view.legal)] = 1
        return {"observation": self._encoders[seat](view), "action_mask": mask}

    def step(self, action: Action | None) -> None:
        turns = self._started()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or not 0 <= int(action) < NUM_ACTIONS:
            raise ValueError(f"an action is 0..{NUM_ACTIONS - 1}, got {action!r}")
        turns.act(self._seat[agent], int(action))
        self._cumulative_rewards[agent] = 0.0
        if turns.game.is_over():
            payouts = turns.game.result().payouts
            for a in self.agents:
                self.rewards[a] = payouts[self._seat[a]] * self.reward_scale
                self.terminations[a] = True
            self._accumulate_rewards()  # rewards are zero until the end: nothing to add before
        self._select()
        if self.render_mode == "human":
            print(self.render())

    def _select(self) -> None:
        assert self.turns is not None
        actor = self.turns.actor()
        if actor is not None:
            self.agent_selection = self.possible_agents[actor]
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]
        else:  # the game is over: every agent takes its last (dead) step in seat order
            self.agent_selection = self._next_live() or self.agent_selection

    def _next_live(self) -> str | None:
        for a in self.agents:
            if a != self.agent_selection:
                return a
        return None

    def render(self) -> str:
        """The acting seat's observation as text."""
        self._started()
        assert self.turns is not None
        seat = self.turns.actor()
        if seat is None:
            r = self.turns.game.result()
            return f"game over: payouts {list(r.payouts)}"
        return describe(self.turns.view(seat), list(self.possible_agents))

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> AECEnv:
    """The environment. It makes the checks of PettingZoo's usual wrappers itself (nothing
    before ``reset()``, actions within the space), which halves the cost of a step."""
    return SchafkopfAEC(**kwargs)


raw_env = SchafkopfAEC
