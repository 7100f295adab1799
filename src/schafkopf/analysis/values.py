"""What each option of a decision is worth to the seat that made it, in the game's money.

- Card play: in each world the seat may be in (sampled from its view, weighed by hand
  inference), every legal card is solved open-handed to its payout bracket, and the seat's
  payout is averaged over the worlds; with all hands open, the same on the real deal.
- Kontra, Re, ... or not: the position is solved in each world (and on the real deal); a
  doubling doubles the seat's payout there, so it is worth the payout once more.
- Klopfen, bidding, offers, the contract and the called Sau: each option is played out in each
  world, the rest of the bidding by the rule-based player (the seat's own later choices too)
  and the card play by the open-hand solver. One solve per option and world: a bidding
  decision costs about ``options x bid_worlds`` full-game solves (about 13 ms each here).
- Luck: the seat's expected payout from its own cards alone, before any decision: deals of the
  other cards at random, each played out as above.

Ramsch is judged by no one here: its payout depends on every seat's points, which the solver
does not search. Every option of the same decision is valued on the same worlds (common
random numbers), so their differences are far less noisy than their values.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from schafkopf.actions import DOUBLE, Action
from schafkopf.cards import iter_bits
from schafkopf.game import PLAY, Game, View
from schafkopf.players.heuristic import HeuristicPlayer, plan_margins
from schafkopf.players.pimc import PimcPlayer
from schafkopf.rules import Kind, Ruleset
from schafkopf.search.solver import declarer_tricks_reach, move_brackets, move_values_tricks, solve
from schafkopf.search.stakes import (
    bracket_of,
    bracket_stakes,
    payout_thresholds,
    seat_money,
    tricks_stake,
)

_BIDDER = HeuristicPlayer("analysis")
"""Plays the rest of the bidding (and Ramsch) in play-outs."""


def judged(game: Game) -> bool:
    """Whether card play and doublings of ``game``'s contract can be valued (not Ramsch, not
    Sie, not a passed game)."""
    c = game.contract
    return c is not None and c.declarer is not None and c.kind not in (Kind.RAMSCH, Kind.SIE)


def card_money(world: Game, seat: int) -> dict[Action, float]:
    """Per legal card of the seat to move in ``world`` (all hands known): ``seat``'s payout
    after it under perfect play by everyone."""
    c = world.contract
    assert c is not None
    if c.kind is Kind.BETTEL or c.tout:
        full = world.rules.hand_size
        out = {}
        for card_, t in move_values_tricks(world).items():
            won = t == 0 if c.kind is Kind.BETTEL else t == full
            out[card_] = seat_money(world, seat, tricks_stake(world, c, won))
        return out
    thresholds = payout_thresholds(world.rules)
    stakes = bracket_stakes(world, c, thresholds)
    return {
        card_: seat_money(world, seat, stakes[k])
        for card_, k in move_brackets(world, thresholds).items()
    }


def position_stake(world: Game) -> float:
    """The declarer side's stake (base units, signed) of ``world``'s card play from here
    under perfect play."""
    c = world.contract
    assert c is not None
    if c.kind is Kind.BETTEL:
        return tricks_stake(world, c, not declarer_tricks_reach(world, 1))
    if c.tout:
        return tricks_stake(world, c, declarer_tricks_reach(world, world.rules.hand_size))
    thresholds = payout_thresholds(world.rules)
    points = solve(world, moves=False).declarer_points
    return bracket_stakes(world, c, thresholds)[bracket_of(points, thresholds)]


def doubling_money(world: Game, seat: int) -> dict[Action, float]:
    """``seat``'s payout in ``world`` from here, doubling now or not."""
    stake = position_stake(world)
    return {DOUBLE: seat_money(world, seat, stake, 1), -1: seat_money(world, seat, stake)}


def playout_money(game: Game, seat: int, rng: random.Random) -> float:
    """``seat``'s payout when ``game`` (all hands known, not yet in card play or at its
    start) is played out: the bidding by the rule-based player, the cards by the solver
    (Ramsch by the rule-based player too); no doublings."""
    g = game.copy()
    while not g.is_over() and g.phase != PLAY:
        s = g.to_move
        assert s is not None
        g.apply(_BIDDER.choose(g.view(s), rng), s)
    if g.is_over():
        return float(g.result().payouts[seat])
    if not judged(g):
        while not g.is_over():
            s = g.to_move
            assert s is not None
            g.apply(_BIDDER.choose(g.view(s), rng), s)
        return float(g.result().payouts[seat])
    return seat_money(g, seat, position_stake(g))


def option_money(world: Game, seat: int, option: Action, rng: random.Random) -> float:
    """``seat``'s payout in ``world`` after it takes ``option`` (a bidding decision)."""
    g = world.copy()
    g.apply(option, seat)
    return playout_money(g, seat, rng)


class Worlds:
    """The worlds a seat may be in, drawn from its view by the PIMC player's sampler (with
    hand inference unless ``inference`` is off).

    With inference, worlds in which another seat's declared contract clears the rule-based
    player's bar for that hand are drawn first (up to :attr:`BATCHES` draws): the
    sampler's model of bidding is soft (fitted to PIMC's noisy bids), and about half of its
    worlds gave a Herz-Solo's declarer a hand no one would play it with, which made Kontra
    look good against hands that cannot lose."""

    def __init__(self, inference: bool = True, oversample: int = 4) -> None:
        self.inference = inference
        self._pimc = PimcPlayer("analysis", inference=inference, oversample=oversample)

    def draw(self, view: View, rng: random.Random, count: int) -> list[Game]:
        """Up to ``count`` worlds consistent with ``view`` (fewer only if sampling fails)."""
        c = view.contract
        if not self.inference or c is None or c.declarer in (None, view.seat):
            return [g for g, _w in self._pimc.worlds(view, rng, count)]
        if c.kind in (Kind.RAMSCH, Kind.SIE):
            return [g for g, _w in self._pimc.worlds(view, rng, count)]
        declarer = c.declarer
        assert declarer is not None
        key = (c.kind, c.suit, c.tout)
        good: list[Game] = []
        rest: list[Game] = []
        for _batch in range(self.BATCHES):
            for g, _w in self._pimc.worlds(view, rng, count):
                margins = plan_margins(g.dealt[declarer], g.rules, g.vorhand == declarer)
                (good if margins.get(key, -1.0) >= 0 else rest).append(g)
            if len(good) >= count:
                break
        return (good + rest)[:count]

    BATCHES = 4
    """At most this many draws of ``count`` worlds look for worlds whose declarer clears
    the bar (the rest fill up)."""


def declarer_money(world: Game, seat: int, money: float) -> float:
    """The declarer's payout in ``world`` when ``seat``'s is ``money`` (a Rufspiel's two
    declarers get the same; a soloist's is what every opponent pays together)."""
    if seat in world.declarers:
        return money
    if len(world.declarers) > 1:
        return -money
    return -money * (world.rules.players - 1)


def averaged(per_world: Sequence[dict[Action, float]]) -> dict[Action, float]:
    """The mean of each option's value over the worlds (options every world has)."""
    if not per_world:
        return {}
    keys = set(per_world[0]).intersection(*per_world[1:])
    return {k: sum(w[k] for w in per_world) / len(per_world) for k in keys}


def deal_around(
    rules: Ruleset, seat: int, cards: Sequence[int], rng: random.Random
) -> list[list[int]]:
    """A deal in which ``seat`` holds ``cards`` and the other cards go round at random."""
    mine = set(cards)
    rest = [c for c in iter_bits(rules.deck_mask) if c not in mine]
    rng.shuffle(rest)
    hands, k = [], 0
    for s in range(rules.players):
        if s == seat:
            hands.append(list(cards))
        else:
            hands.append(rest[k : k + rules.hand_size])
            k += rules.hand_size
    return hands


def deal_value(game: Game, seat: int, rng: random.Random, count: int) -> float:
    """``seat``'s expected payout from its own dealt cards alone: the other cards dealt anew
    at random ``count`` times, each deal played out from the start."""
    total = 0.0
    for _ in range(count):
        hands = deal_around(game.rules, seat, game.deal[seat], rng)
        g = Game(game.rules, dealer=game.dealer, hands=hands, stock=game.stock_before)
        total += playout_money(g, seat, rng)
    return total / count if count else 0.0
