"""Research interfaces: PettingZoo's and Gymnasium's own checks, and no hidden card in any
observation tensor."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from schafkopf.actions import DOUBLE, WEITER
from schafkopf.envs import schafkopf_v0
from schafkopf.envs.gym_env import SchafkopfEnv
from schafkopf.envs.observation import LAYOUT, OFFSETS, SIZE, Encoder, describe, encode
from schafkopf.envs.turns import TurnGame
from schafkopf.game import Game, IllegalActionError
from schafkopf.players import HeuristicPlayer
from schafkopf.rules import Ruleset
from schafkopf.sampling import sample_world

VARIANTS: list[Any] = [
    "standard",
    "sauspiel",
    {"preset": "bsv", "all_pass": "ramsch"},
    {"preset": "standard", "players": 3},
    {"preset": "sauspiel", "deck": "short"},
]


@pytest.mark.parametrize("rules", VARIANTS)
def test_pettingzoo_api_and_seed_tests(rules: Any) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # dict observations with an action mask, as classic envs
        api_test(schafkopf_v0.env(rules=rules), num_cycles=1500, verbose_progress=False)
        seed_test(lambda: schafkopf_v0.env(rules=rules), num_cycles=300)


def test_pettingzoo_games_end_with_the_payouts() -> None:
    env = schafkopf_v0.env(rules="sauspiel", reward_scale=0.01)
    rng = np.random.default_rng(0)
    seen_question = False
    for episode in range(20):
        env.reset(seed=episode)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, reward, term, trunc, _info = env.last()
            totals[agent] += reward
            if term or trunc:
                env.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            seen_question |= set(legal) == {DOUBLE, WEITER}
            env.step(int(rng.choice(legal)))
        game = env.unwrapped.turns.game
        assert game.is_over()
        payouts = game.result().payouts
        assert [round(totals[a], 6) for a in env.possible_agents] == [
            round(p * 0.01, 6) for p in payouts
        ]
    assert seen_question  # out-of-turn Kontra came as a question


def test_gymnasium_checker_and_episodes() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(SchafkopfEnv(rules="sauspiel", illegal="penalty"), skip_render_check=True)
    env = SchafkopfEnv(opponents=["heuristic", "random", "heuristic"], rules="standard", seat=2)
    for episode in range(10):
        obs, info = env.reset(seed=episode)
        assert obs["observation"].shape == (SIZE,) and info["action_mask"].any()
        done = False
        while not done:
            obs, reward, done, truncated, info = env.step(env.action_space.sample())
            assert not truncated
        assert reward == env.turns.game.result().payouts[2]
        assert "hand:" in env.render()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    with pytest.raises(ValueError, match="seat"):
        SchafkopfEnv(seat=4)
    with pytest.raises(ValueError, match="opponent"):
        SchafkopfEnv(opponents=["heuristic"])
    env = SchafkopfEnv(rules="standard")
    _obs, info = env.reset(seed=1)
    illegal = int((info["action_mask"] == 0).nonzero()[0][0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    penalised = SchafkopfEnv(rules="standard", illegal="penalty", illegal_penalty=5.0)
    penalised.reset(seed=1)
    assert penalised.step(illegal)[1:3] == (-5.0, True)


def test_layout_is_documented_and_consistent() -> None:
    assert sum(size for _name, size in LAYOUT) == SIZE
    import schafkopf.envs.observation as mod

    for name, size in LAYOUT:
        assert f"{name} " in (mod.__doc__ or ""), name
        assert OFFSETS[name] + size <= SIZE


@pytest.mark.parametrize("rules", ["standard", "sauspiel", {"preset": "standard", "players": 3}])
def test_no_observation_shows_a_hidden_card(rules: Any) -> None:
    """Leak property: a seat's tensor and text are the same in every deal consistent with what
    it saw, so they carry nothing of the other hands; and its own hand is in it exactly."""
    ruleset = Ruleset.from_json(rules) if isinstance(rules, dict) else Ruleset.preset(rules)
    rng = random.Random(4)
    players = [HeuristicPlayer() for _ in range(4)]
    checked = 0
    for deal in range(12):
        turns = TurnGame(Game(ruleset, dealer=deal % ruleset.players, seed=deal))
        while turns.actor() is not None:
            seat = turns.actor()
            assert seat is not None
            for s in range(ruleset.players):
                view = turns.game.view(s)
                tensor = encode(view)
                hand = tensor[OFFSETS["hand"] : OFFSETS["hand"] + 32]
                assert set(hand.nonzero()[0]) == set(view.hand)
                if rng.random() < 0.15:
                    other = sample_world(view, rng).view(s)
                    assert np.array_equal(encode(other), tensor)
                    assert describe(other) == describe(view)
                    checked += 1
            turns.act(seat, turns.ask(players[seat], rng))
    assert checked > 25


@pytest.mark.parametrize("rules", VARIANTS)
def test_incremental_encoder_equals_encode(rules: Any) -> None:
    """The environments' incremental :class:`Encoder` gives :func:`encode`'s tensor for every
    seat at every step (bids, Klopfen, doublings, Ramsch and solos included)."""
    ruleset = Ruleset.from_json(rules) if isinstance(rules, dict) else Ruleset.preset(rules)
    rng = random.Random(6)
    players = [HeuristicPlayer() for _ in range(4)]
    steps = 0
    for deal in range(10):
        turns = TurnGame(Game(ruleset, dealer=deal % ruleset.players, seed=100 + deal))
        encoders = [Encoder(s) for s in range(ruleset.players)]
        while True:
            for s in range(ruleset.players):
                view = turns.view(s)
                assert np.array_equal(encoders[s](view), encode(view)), (deal, steps, s)
            seat = turns.actor()
            if seat is None:
                break
            if rng.random() < 0.3:
                action = rng.choice(turns.legal(seat))
            else:
                action = turns.ask(players[seat], rng)
            turns.act(seat, action)
            steps += 1
    assert steps > 100
    with pytest.raises(ValueError, match="seat 0"):
        Encoder(0)(turns.view(1))


def test_pettingzoo_env_refuses_misuse() -> None:
    env = schafkopf_v0.env()
    with pytest.raises(RuntimeError, match="reset"):
        env.observe("player_0")
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    env.reset(seed=2)
    with pytest.raises(ValueError, match="action"):
        env.step(10_000)
    obs = env.observe(env.agent_selection)
    illegal = int((obs["action_mask"] == 0).nonzero()[0][0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    assert "legal:" in env.render()
