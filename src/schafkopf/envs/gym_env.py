"""A Gymnasium single-agent environment: one seat against computer players, for RL training.

>>> from schafkopf.envs.gym_env import SchafkopfEnv
>>> env = SchafkopfEnv(opponents="heuristic", rules="sauspiel")
>>> obs, info = env.reset(seed=3)
>>> action = int(info["action_mask"].nonzero()[0][0])
>>> obs, reward, terminated, truncated, info = env.step(action)

The learner's seat (``seat``, default 0) acts whenever :class:`~schafkopf.envs.turns.TurnGame`
says so; the other seats are players from the registry (``opponents``: a spec such as
``heuristic`` or ``pimc:samples=20``, or one per seat). The observation is the tensor of
:mod:`schafkopf.envs.observation` with the action mask (also in ``info["action_mask"]``); the
reward is the seat's payout times ``reward_scale``, given when the game ends. An illegal action
raises :class:`~schafkopf.game.IllegalActionError` (``illegal="raise"``) or ends the episode with
the reward ``-illegal_penalty`` (``illegal="penalty"``, for learners that ignore the mask).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from schafkopf.actions import NUM_ACTIONS
from schafkopf.envs.observation import SIZE, Encoder
from schafkopf.envs.turns import TurnGame
from schafkopf.game import Game
from schafkopf.players.base import Player
from schafkopf.players.registry import make_player
from schafkopf.rules import Ruleset


class LegalDiscrete(spaces.Discrete):  # a Space[np.int64]
    """The flat action space whose ``sample()`` draws among the legal actions of the moment
    (a random agent, or Gymnasium's checker, then never takes an illegal one)."""

    def __init__(self, n: int, legal_mask: Any) -> None:
        super().__init__(n)
        self._legal_mask = legal_mask

    def sample(self, mask: Any = None, probability: Any = None) -> Any:
        if mask is None and probability is None:
            mask = self._legal_mask()
        return super().sample(mask=mask, probability=probability)


class SchafkopfEnv(gym.Env[dict[str, Any], Any]):
    """One seat of a game against computer players."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium declares it so)

    def __init__(
        self,
        opponents: str | Sequence[str] = "heuristic",
        rules: Ruleset | str | dict[str, Any] | None = None,
        seat: int = 0,
        reward_scale: float = 1.0,
        render_mode: str | None = None,
        illegal: str = "raise",
        illegal_penalty: float = 1.0,
    ) -> None:
        if illegal not in ("raise", "penalty"):
            raise ValueError(f"illegal must be 'raise' or 'penalty', got {illegal!r}")
        self.illegal = illegal
        self.illegal_penalty = illegal_penalty
        self._ended = False
        self.rules = Ruleset.of(rules)
        n = self.rules.players
        if not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}, got {seat}")
        specs = [opponents] * n if isinstance(opponents, str) else list(opponents)
        if len(specs) not in (n - 1, n):
            raise ValueError(f"give one opponent spec or {n - 1}, got {len(specs)}")
        if len(specs) == n - 1:
            specs.insert(seat, "heuristic")
        self.seat = seat
        self.specs = specs
        self.reward_scale = reward_scale
        self.render_mode = render_mode
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (SIZE,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), dtype=np.int8),
            }
        )
        self.action_space = LegalDiscrete(NUM_ACTIONS, self._legal_mask)
        self._rng = random.Random()
        self._players: list[Player | None] = []
        self.turns: TurnGame | None = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
        n = self.rules.players
        game = Game(self.rules, dealer=self._rng.randrange(n), seed=self._rng.getrandbits(64))
        self.turns = TurnGame(game)
        self._encoder = Encoder(self.seat)
        self._ended = False
        self._players = [
            None if s == self.seat else make_player(self.specs[s], f"bot{s}") for s in range(n)
        ]
        self._run_bots()
        return self._obs(), self._info()

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        assert self.turns is not None
        if self.turns.game.is_over() or self._ended:
            raise RuntimeError("the game is over: call reset()")
        if self.illegal == "penalty" and int(action) not in self.turns.legal(self.seat):
            self._ended = True
            return self._obs(), -self.illegal_penalty, True, False, self._info()
        self.turns.act(self.seat, int(action))
        self._run_bots()
        done = self.turns.game.is_over()
        reward = 0.0
        if done:
            reward = self.turns.game.result().payouts[self.seat] * self.reward_scale
        return self._obs(), reward, done, False, self._info()

    def _run_bots(self) -> None:
        assert self.turns is not None
        t = self.turns
        while True:
            actor = t.actor()
            if actor is None or actor == self.seat:
                return
            player = self._players[actor]
            assert player is not None
            t.act(actor, t.ask(player, self._rng))

    def _obs(self) -> dict[str, Any]:
        assert self.turns is not None
        return {
            "observation": self._encoder(self.turns.view(self.seat)),
            "action_mask": self.turns.mask(self.seat),
        }

    def _legal_mask(self) -> Any:
        if self.turns is None or self.turns.game.is_over():
            return None
        return self.turns.mask(self.seat)

    def _info(self) -> dict[str, Any]:
        assert self.turns is not None
        return {"action_mask": self.turns.mask(self.seat)}

    def render(self) -> str:
        """The seat's observation as text."""
        from schafkopf.envs.observation import describe

        assert self.turns is not None
        return describe(self.turns.view(self.seat))
