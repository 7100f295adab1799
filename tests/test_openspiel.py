"""OpenSpiel: ``python_schafkopf`` passes OpenSpiel's own random-simulation checks, its
information states hide what they must, it resamples within the information set, and
OpenSpiel's IS-MCTS bot plays whole games as one of our players."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel
import pytest

from schafkopf.actions import DOUBLE, WEITER
from schafkopf.envs import openspiel_game as og
from schafkopf.envs.observation import OFFSETS, SIZE, encode
from schafkopf.game import PLAY, Game
from schafkopf.players import HeuristicPlayer, play_game
from schafkopf.players.ismcts_player import IsmctsPlayer
from schafkopf.players.registry import make_player
from schafkopf.rules import Ruleset

VARIANTS: list[str] = [
    "standard",
    "sauspiel",
    "bsv+all_pass:ramsch",
    "standard+players:3",
    "sauspiel+deck:short+klopfen:false",
    "standard+stock:true+all_pass:ramsch",  # a Stock: payouts need not sum to zero
]


def _load(rules: str, **params: Any) -> Any:
    return pyspiel.load_game(og.SHORT_NAME, {"rules": rules, **params})


@pytest.mark.parametrize("rules", VARIANTS)
def test_openspiel_random_simulation_checks(rules: str) -> None:
    game = _load(rules)
    pyspiel.random_sim_test(game, num_sims=8, serialize=True, verbose=False)


def _random_states(game: Any, rng: random.Random, games: int) -> Any:
    """Every decision state of ``games`` random playthroughs (as clones)."""
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert sum(p for _a, p in outcomes) == pytest.approx(1.0)
                state.apply_action(rng.choice([a for a, _p in outcomes]))
                continue
            yield state.clone()
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("rules", ["sauspiel", "standard+players:3"])
def test_resampled_states_share_the_information_state(rules: str) -> None:
    """Leak property for OpenSpiel: a state resampled for a player has that player's
    information state string and tensor, and the tensor holds its own hand exactly; the
    other hands do change, so the tensor carries nothing of them."""
    game = _load(rules)
    rng = random.Random(3)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    checked = changed = 0
    for state in _random_states(game, rng, 6):
        if rng.random() > 0.3:
            continue
        p = state.current_player()
        other = state.resample_from_infostate(p, sampler)
        assert other.information_state_string(p) == state.information_state_string(p)
        assert other.observation_string(p) == state.observation_string(p)
        tensor = np.asarray(state.information_state_tensor(p))
        assert np.array_equal(np.asarray(other.information_state_tensor(p)), tensor)
        assert other.legal_actions() == state.legal_actions()
        view = state.view(p)
        hand = tensor[OFFSETS["hand"] : OFFSETS["hand"] + 32]
        assert set(hand.nonzero()[0]) == set(view.hand)
        changed += str(other) != str(state)
        checked += 1
    assert checked > 20
    assert changed > checked // 2


def test_tensor_is_the_engines_observation_plus_the_question() -> None:
    game = _load("sauspiel")
    assert game.information_state_tensor_shape() == [og.TENSOR_SIZE]
    assert game.observation_tensor_shape() == [og.TENSOR_SIZE]
    rng = random.Random(5)
    questions = 0
    for state in _random_states(game, rng, 25):
        p = state.current_player()
        tensor = np.asarray(state.information_state_tensor(p))
        assert np.array_equal(tensor[:SIZE], encode(state.view(p)))
        asked = state.turns.is_question()
        assert tensor[SIZE] == float(asked)
        if asked:
            questions += 1
            assert state.legal_actions() == sorted([DOUBLE, WEITER])
            assert "asked:" in state.information_state_string(p)
    assert questions > 0


def test_returns_are_the_engines_payouts() -> None:
    rules = Ruleset.preset("sauspiel")
    game = _load("sauspiel", scale=10.0)
    rng = random.Random(8)
    for _ in range(10):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _p in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        k = rules.hand_size
        hands = [state.cards[i * k : (i + 1) * k] for i in range(4)]
        g = Game(rules, dealer=0, hands=hands)
        for seat, a in state.actions:
            if not (a == WEITER and state_was_question(g, seat)):
                g.apply(a, seat)
        assert g.is_over()
        assert state.returns() == [x / 10.0 for x in g.result().payouts]
        assert sum(state.returns()) == pytest.approx(0.0)


def state_was_question(g: Game, seat: int) -> bool:
    """Whether ``seat`` answering weiter now was an out-of-turn question (not a bid)."""
    return g.to_move != seat


def test_rules_parameter_round_trips() -> None:
    for overrides in ({}, {"deck": "short", "klopfen": False, "tarif.rufspiel": 10}):
        rules = Ruleset.preset("sauspiel", overrides)
        text = og.rules_param(rules)
        assert "," not in text and "=" not in text
        assert og.parse_rules(text) == rules
    assert og.parse_rules(json.dumps({"preset": "bsv", "all_pass": "ramsch"})).all_pass == "ramsch"
    game = _load(og.rules_param(Ruleset.preset("standard", {"players": 3})))
    assert game.num_players() == 3
    assert pyspiel.load_game(str(game)).num_players() == 3  # OpenSpiel's own serialization


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(ValueError, match="rules"):
        _load("skat")
    with pytest.raises(ValueError, match="dealer"):
        _load("standard", dealer=7)
    with pytest.raises(ValueError, match="scale"):
        _load("standard", scale=0.0)


def test_ismcts_plays_whole_games_in_our_loop() -> None:
    """OpenSpiel's IS-MCTS as a player: legal in every phase, doubling questions included."""
    rules = Ruleset.preset("sauspiel")
    rng = random.Random(2)
    for deal in range(2):
        players = [
            IsmctsPlayer(simulations=8) if s % 2 == 0 else HeuristicPlayer() for s in range(4)
        ]
        g = play_game(Game(rules, dealer=deal, seed=60 + deal), players, rng)
        assert g.is_over()
    player = make_player("ismcts:simulations=12,uct_c=1.5", "M")
    assert isinstance(player, IsmctsPlayer)
    assert (player.simulations, player.uct_c) == (12, 1.5)
    with pytest.raises(ValueError, match="simulations"):
        IsmctsPlayer(simulations=0)


def test_ismcts_is_asked_at_its_own_question() -> None:
    """Before the first card each entitled defender is asked about Kontra: the bot's state
    is then at that seat's question, not at the card."""
    rules = Ruleset.preset("sauspiel")
    bot = IsmctsPlayer(simulations=4)
    rng = random.Random(1)
    for seed in range(40):
        g = Game(rules, dealer=0, seed=seed)
        h = [HeuristicPlayer() for _ in range(4)]
        while not g.is_over() and not (g.phase == PLAY and g.doublings_open):
            seat = g.to_move
            assert seat is not None
            g.apply(h[seat].choose(g.view(seat), rng), seat)
        if g.is_over():
            continue
        for s in range(4):
            view = g.view(s)
            if s != g.to_move and DOUBLE in view.legal:
                state = bot._state(view, rng, question=True)
                assert state is not None and state.current_player() == s
                assert state.turns.is_question()
                return
    pytest.fail("no deal with a Kontra question found")
