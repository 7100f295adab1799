"""OpenSpiel game ``python_schafkopf``: the engine behind OpenSpiel's Python-game interface.

>>> import pyspiel
>>> import schafkopf.envs.openspiel_game  # registers the game
>>> game = pyspiel.load_game("python_schafkopf", {"rules": "sauspiel"})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 32)

The deal is explicit chance: one card at a time, uniformly from the cards left, to seat 0's
hand first (first packet first), then seat 1's, and so on. Then the seats act one at a time
with the engine's flat action space (:mod:`schafkopf.actions`); before each card every other
seat that may say Kontra (Re, ...) is asked once, choosing ``DOUBLE`` or ``WEITER``
(:mod:`schafkopf.envs.turns`). Information state and observation are the same (the view
holds the whole public history, so it has perfect recall): the tensor is
:func:`schafkopf.envs.observation.encode` of the seat's view plus one value, 1 while the seat
is being asked about a doubling; the string is the view as text. ``resample_from_infostate``
deals the unseen cards anew with :func:`schafkopf.sampling.sample_world` (voids, the called
Sau, ...) and replays every action. Returns are the payouts, in the tariff's units.

Parameters: ``rules``, a preset name (``standard``, ``sauspiel``, ``bsv``) with overrides
(``sauspiel+klopfen:false+tarif.rufspiel:10``; :func:`rules_param` writes it), ``dealer``
(default 0) and ``scale`` (returns are the payouts divided by it; default 1.0).
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any, Final

import numpy as np
import pyspiel

from schafkopf.actions import DOUBLE, NUM_ACTIONS, WEITER, Action, action_name
from schafkopf.cards import card_token, iter_bits
from schafkopf.envs.observation import LAYOUT, SIZE, describe, encode
from schafkopf.envs.turns import TurnGame
from schafkopf.game import Game, View
from schafkopf.rules import RulesError, Ruleset, flatten_options, option_value
from schafkopf.sampling import sample_world

SHORT_NAME: Final = "python_schafkopf"
TENSOR_SIZE: Final = SIZE + 1
"""The observation tensor's length: the engine's observation plus the "asked" flag."""
_DEFAULTS: Final[dict[str, Any]] = {"rules": "standard", "dealer": 0, "scale": 1.0}


def _game_type(zero_sum: bool) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="Schafkopf (python, schafkopf engine)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=3,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(_DEFAULTS),
    )


GAME_TYPE: Final = _game_type(True)


def parse_rules(value: str) -> Ruleset:
    """The ``rules`` parameter: a preset name with ``+key:value`` overrides (``sauspiel+deck:
    short+tarif.rufspiel:10``, lists joined by ``/``), or the record form as a JSON object."""
    text = value.strip()
    try:
        if text.startswith("{"):
            return Ruleset.from_json(json.loads(text))
        preset, *items = text.split("+")
        overrides: dict[str, Any] = {}
        for item in items:
            key, sep, raw = item.partition(":")
            if not sep:
                raise RulesError(f"override {item!r} must be key:value")
            parts = [option_value(x) for x in raw.split("/")]
            overrides[key] = parts if "/" in raw else parts[0]
        return Ruleset.preset(preset, overrides)
    except (ValueError, RulesError) as e:
        raise ValueError(f"python_schafkopf: bad rules parameter {value!r}: {e}") from e


def rules_param(rules: Ruleset) -> str:
    """``rules`` as the ``rules`` parameter :func:`parse_rules` reads (no commas, parentheses
    or equals signs, so OpenSpiel can serialize the game)."""
    data = rules.to_json()
    out = [str(data.pop("preset"))]
    for key, value in flatten_options(data).items():
        text = "/".join(map(_text, value)) if isinstance(value, list) else _text(value)
        out.append(f"{key}:{text}")
    return "+".join(out)


def _text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def utility_bound(rules: Ruleset) -> float:
    """A payout no seat can exceed under ``rules`` (OpenSpiel wants the range up front)."""
    prices = [v for v in dataclasses.astuple(rules.tarif) if isinstance(v, int)]
    n = rules.players
    per_player = 4 * max(prices) + 2 * rules.tarif.extra + 14 * rules.tarif.laufende
    return float(2 * per_player * 2 ** (n + 4) * (n - 1))


class SchafkopfGame(pyspiel.Game):  # type: ignore[misc]
    """The game object: the ruleset and the dealer are its parameters."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**_DEFAULTS, **(params or {})}
        self.rules = parse_rules(str(p["rules"]))
        n = self.rules.players
        self.dealer = int(p["dealer"])
        if not 0 <= self.dealer < n:
            raise ValueError(f"python_schafkopf: dealer must be a seat 0..{n - 1}")
        self.scale = float(p["scale"])
        if not self.scale > 0:
            raise ValueError("python_schafkopf: scale must be positive")
        bound = utility_bound(self.rules) / self.scale
        cards = n * self.rules.hand_size
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=32,
            num_players=n,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=None if self.rules.stock else 0.0,
            max_game_length=cards * n + 6 * n + 8,
        )
        super().__init__(_game_type(not self.rules.stock), info, p)

    def new_initial_state(self) -> SchafkopfState:
        """A state before the deal (a chance node)."""
        return SchafkopfState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> SchafkopfObserver:
        """The observer for tensors and strings (information state and observation alike)."""
        return SchafkopfObserver(iig_obs_type, params)


class SchafkopfState(pyspiel.State):  # type: ignore[misc]
    """A deal in progress, then a :class:`~schafkopf.envs.turns.TurnGame`."""

    def __init__(self, game: SchafkopfGame) -> None:
        super().__init__(game)
        self.rules: Ruleset = game.rules
        self.dealer: int = game.dealer
        self.scale: float = game.scale
        self.cards: list[int] = []
        """The cards dealt so far, in dealing order (seat 0's hand first)."""
        self.actions: list[tuple[int, Action]] = []
        """Every player action so far, question answers included."""
        self.turns: TurnGame | None = None

    # -- OpenSpiel's State API --------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, CHANCE while dealing, TERMINAL at the end."""
        if self.turns is None:
            return int(pyspiel.PlayerId.CHANCE)
        actor = self.turns.actor()
        return int(pyspiel.PlayerId.TERMINAL) if actor is None else actor

    def _legal_actions(self, player: int) -> list[int]:
        assert self.turns is not None
        return sorted(self.turns.legal(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not dealt yet, each equally likely."""
        left = [c for c in iter_bits(self.rules.deck_mask) if c not in self.cards]
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def _apply_action(self, action: int) -> None:
        if self.turns is None:
            self.cards.append(action)
            if len(self.cards) == self.rules.players * self.rules.hand_size:
                self.turns = TurnGame(self._engine_game(self.cards))
            return
        seat = self.turns.actor()
        assert seat is not None
        self.turns.act(seat, action)
        self.actions.append((seat, action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {card_token(action)}"
        level = len(self.turns.game.doublings) if self.turns is not None else 0
        return action_name(action, level)

    def is_terminal(self) -> bool:
        """Whether the game has a result."""
        return self.turns is not None and self.turns.game.is_over()

    def returns(self) -> list[float]:
        """The payouts divided by ``scale`` once the game is over (zeros before)."""
        if not self.is_terminal():
            return [0.0] * self.rules.players
        assert self.turns is not None
        return [x / self.scale for x in self.turns.game.result().payouts]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SchafkopfState:
        """A state the seat cannot tell from this one: the unseen cards dealt anew (drawn with
        ``probability_sampler``'s numbers), every action replayed."""
        rng = random.Random(int(probability_sampler() * 2**53))
        out = SchafkopfState(self.get_game())
        if self.turns is None:  # while dealing a seat has seen nothing yet
            deck = list(iter_bits(self.rules.deck_mask))
            out.cards = rng.sample(deck, len(self.cards))
            return out
        view = self.turns.game.view(player_id)
        return resampled(self.get_game(), view, rng, self.asked(player_id))

    def __str__(self) -> str:
        if self.turns is None:
            return f"dealing: {len(self.cards)} cards dealt"
        g = self.turns.game
        hands = " | ".join(" ".join(card_token(c) for c in h) for h in g.deal)
        said = " ".join(f"{s}:{action_name(a)}" for s, a in self.actions)
        return f"deal {hands}; actions {said}"

    # -- helpers ----------------------------------------------------------------------------

    def _engine_game(self, cards: list[int]) -> Game:
        k = self.rules.hand_size
        hands = [cards[i * k : (i + 1) * k] for i in range(self.rules.players)]
        return Game(self.rules, dealer=self.dealer, hands=hands)

    def view(self, player: int) -> View | None:
        """The engine's view of ``player`` (None while dealing)."""
        return None if self.turns is None else self.turns.view(player)

    def asked(self, player: int) -> bool:
        """Whether ``player`` is being asked about an out-of-turn doubling now."""
        return self.turns is not None and self.turns.is_question() and self.turns.actor() == player


def resampled(
    game: SchafkopfGame, view: View, rng: random.Random, question: bool
) -> SchafkopfState:
    """A state ``view``'s seat cannot tell from the real one: the unseen cards dealt anew with
    :func:`schafkopf.sampling.sample_world`, then :func:`replayed` to the seat's decision."""
    world = sample_world(view, rng)
    cards = [c for hand in world.deal for c in hand]
    return replayed(game, cards, view.history, view.seat, question)


def replayed(
    game: SchafkopfGame,
    cards: list[int],
    history: list[tuple[int, Action]] | tuple[tuple[int, Action], ...],
    seat: int,
    question: bool,
) -> SchafkopfState:
    """The state after dealing ``cards`` and replaying the engine's ``history``, stopped where
    ``seat`` decides: at its doubling question if ``question``, else at its turn.

    Who is asked about a doubling depends on hidden cards (a Rufspiel partner is not asked
    Kontra), so the questions are answered as the history shows: ``DOUBLE`` where it has the
    asked seat's doubling next, ``WEITER`` (silent) otherwise.
    """
    state = game.new_initial_state()
    for c in cards:
        state.apply_action(c)
    i = 0
    while True:
        turns = state.turns
        assert turns is not None
        actor = turns.actor()
        if actor is None:
            return state
        if turns.is_question():
            if i < len(history) and history[i] == (actor, DOUBLE):
                state.apply_action(DOUBLE)
                i += 1
            elif i == len(history) and question and actor == seat:
                return state
            else:
                state.apply_action(WEITER)  # asked, and stayed silent
            continue
        if i == len(history):
            if question:
                raise ValueError(f"python_schafkopf: seat {seat} is not asked here")
            return state
        who, a = history[i]
        if who != actor:
            raise ValueError(f"python_schafkopf: history out of step at action {i}: {who}, {a}")
        state.apply_action(a)
        i += 1


class SchafkopfObserver:
    """OpenSpiel's PyObserver for both information state and observation (they coincide)."""

    def __init__(self, iig_obs_type: pyspiel.IIGObservationType | None, params: Any) -> None:
        if params:
            raise ValueError(f"python_schafkopf: observation parameters not supported: {params}")
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER
        if iig_obs_type is not None:
            private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("python_schafkopf: an observer of all players' private cards")
        self.private = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.tensor = np.zeros(TENSOR_SIZE, np.float32)
        self.dict: dict[str, np.ndarray[Any, Any]] = {}
        at = 0
        for name, size in (*LAYOUT, ("asked", 1)):
            self.dict[name] = self.tensor[at : at + size]
            at += size

    def set_from(self, state: SchafkopfState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s observation of ``state``."""
        view = state.view(player)
        if view is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:SIZE] = encode(view)
        self.tensor[SIZE] = float(state.asked(player))
        if not self.private:
            self.dict["hand"].fill(0.0)

    def string_from(self, state: SchafkopfState, player: int) -> str:
        """``player``'s observation of ``state`` as text (unique per information state)."""
        view = state.view(player)
        if view is None:
            return f"seat {player}, dealing: {len(state.cards)} cards dealt"
        text = describe(view)
        if not self.private:
            hidden = ("hand:", "legal:")
            text = "\n".join(line for line in text.split("\n") if not line.startswith(hidden))
        if state.asked(player):
            text += f"\nasked: {action_name(DOUBLE, len(view.doublings))}?"
        return text


pyspiel.register_game(GAME_TYPE, SchafkopfGame)
