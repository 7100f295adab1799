"""Shared helpers for the rules, property, fuzz and record tests.

Tests import these directly (``from conftest import start, play``); the tests directory is on
``sys.path`` because it has no ``__init__.py``.

Conventions: ``dealer=3`` makes seat 0 Vorhand, so seats speak and the first trick is led in
the order 0, 1, 2, 3. Hands are written as card tokens in the order dealt (the first half is
the first packet, which matters only for Klopfen).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from schafkopf.actions import (
    DOUBLE,
    KLOPFEN,
    NAME_BASE,
    NAMES,
    NICHT_KLOPFEN,
    SPIEL,
    WEITER,
    Action,
    is_card,
    is_name,
    is_offer,
    offer_of,
    parse_action,
)
from schafkopf.cards import card_token, parse_card
from schafkopf.game import BIDDING, KLOPFEN_PHASE, NAMING, PLAY, SETTLING, Game
from schafkopf.record import FORMAT, game_to_record, record_to_game
from schafkopf.rules import Kind, Ruleset


def rules_of(preset: str = "standard", **overrides: Any) -> Ruleset:
    """A ruleset: a preset plus overrides given as keyword arguments (dots as ``__``)."""
    return Ruleset.preset(preset, {k.replace("__", "."): v for k, v in overrides.items()})


def cards(text: str) -> list[int]:
    """Card numbers of a space-separated token list."""
    return [parse_card(t) for t in text.split()]


def toks(actions: Iterable[int]) -> set[str]:
    """The card tokens among ``actions`` (non-card actions dropped)."""
    return {card_token(a) for a in actions if is_card(a)}


def legal_cards(game: Game, seat: int | None = None) -> set[str]:
    """The cards ``seat`` (default: the seat to move) may play now, as tokens."""
    return toks(game.legal_actions(seat))


def new_game(
    hands: Sequence[str],
    rules: Ruleset | str = "standard",
    *,
    dealer: int = 3,
    stock: int = 0,
) -> Game:
    """A game with explicit hands."""
    r = Ruleset.preset(rules) if isinstance(rules, str) else rules
    return Game(r, dealer=dealer, hands=list(hands), stock=stock)


def knock_round(game: Game, knockers: Iterable[int] = ()) -> None:
    """Answer the Klopfen round (if the rules have one): ``knockers`` knock, the rest do not."""
    ks = set(knockers)
    while game.phase == KLOPFEN_PHASE:
        s = game.to_move
        game.apply(KLOPFEN if s in ks else NICHT_KLOPFEN, s)


def say(game: Game, *words: str) -> None:
    """The seat to move says each word in turn (bids, offers, contract names)."""
    for w in words:
        game.apply(parse_action(w, naming=game.phase == NAMING))


def start(
    hands: Sequence[str],
    contract: str,
    declarer: int,
    rules: Ruleset | str = "standard",
    *,
    dealer: int = 3,
    knockers: Iterable[int] = (),
    stock: int = 0,
) -> Game:
    """A game where only ``declarer`` says spiel and then names ``contract`` (e.g. "rufspiel G")."""
    g = new_game(hands, rules, dealer=dealer, stock=stock)
    knock_round(g, knockers)
    while g.phase == BIDDING:
        g.apply(SPIEL if g.to_move == declarer else WEITER)
    assert g.phase == NAMING and g.to_move == declarer, (g.phase, g.to_move)
    g.apply(parse_action(contract, naming=True))
    return g


def play(game: Game, tokens: str) -> None:
    """The seats to move play these cards in order."""
    for t in tokens.split():
        game.apply(parse_card(t))


def replay(
    hands: Sequence[str],
    contract: Mapping[str, Any] | None,
    tricks: Sequence[str],
    rules: Mapping[str, Any] | None = None,
    *,
    dealer: int = 3,
    doublings: Sequence[tuple[int, int]] = (),
    klopfen: Sequence[int] = (),
    bidding: Sequence[str] | None = None,
) -> Game:
    """Replay a game given as record fields (validated by the engine)."""
    rec: dict[str, Any] = {
        "format": FORMAT,
        "rules": dict(rules or {"preset": "standard"}),
        "dealer": dealer,
        "hands": list(hands),
        "klopfen": list(klopfen),
        "contract": dict(contract) if contract is not None else None,
        "doublings": [{"seat": s, "at": at} for s, at in doublings],
        "tricks": list(tricks),
    }
    if bidding is not None:
        rec["bidding"] = list(bidding)
    return record_to_game(rec)


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything observable about a game: its record and every seat's legal actions."""
    n = game.num_players
    return (
        game_to_record(game),
        tuple(tuple(game.legal_actions(s)) for s in range(n)),
        game.phase,
        game.to_move,
    )


# ---------------------------------------------------------------------------------------------
# Random drivers for the property tests


def contract_matches(action: Action, target: tuple[Kind, bool] | None) -> bool:
    """Whether a naming or offering action is of the target kind (and Tout-ness)."""
    if target is None:
        return False
    if is_offer(action):
        return offer_of(action) == target
    if is_name(action):
        kind, _suit, tout = NAMES[action - NAME_BASE]
        return (kind, tout) == target
    return False


def choose(
    game: Game,
    rng: random.Random,
    target: tuple[Kind, bool] | None = None,
    *,
    spiel_rate: float = 0.5,
) -> tuple[int, Action]:
    """A random (seat, action) that prefers ``target`` in bidding, sometimes doubles out of turn."""
    n = game.num_players
    if game.phase == PLAY and game.doublings_open and rng.random() < 0.08:
        seats = [s for s in range(n) if DOUBLE in game.legal_actions(s)]
        if seats:
            return rng.choice(seats), DOUBLE
    mover = game.to_move
    assert mover is not None
    legal = game.legal_actions(mover)
    if game.phase == BIDDING:
        if SPIEL in legal and (target is not None or rng.random() < spiel_rate):
            return mover, SPIEL
        return mover, WEITER if WEITER in legal else rng.choice(legal)
    if game.phase in (SETTLING, NAMING) and target is not None:
        hits = [a for a in legal if contract_matches(a, target)]
        if hits:
            return mover, rng.choice(hits)
    if game.phase == PLAY:
        plays = [a for a in legal if a != DOUBLE]
        return mover, rng.choice(plays)
    return mover, rng.choice(legal)


def random_game(
    rules: Ruleset,
    rng: random.Random,
    target: tuple[Kind, bool] | None = None,
    *,
    spiel_rate: float = 0.5,
    on_step: Any = None,
) -> Game:
    """Deal at random and play to the end; ``on_step(game)`` is called before every action."""
    g = Game(rules, dealer=rng.randrange(rules.players), seed=rng.getrandbits(32))
    while not g.is_over():
        if on_step is not None:
            on_step(g)
        seat, action = choose(g, rng, target, spiel_rate=spiel_rate)
        g.apply(action, seat)
    return g
