"""Advice for a hand before the bidding: every contract it may name, with its chance to win,
its chance of Schneider and its expected payout, and what to bid (``schafkopf advise``).

The other cards are dealt at random ``worlds`` times. In each deal the hand alone says spiel
and names the contract, and the card play is solved open-handed (the solver's values, as the
analysis uses them). Passing is valued by playing the deal out with the rule-based player
bidding for everyone (the hand says weiter). The bid advised is the contract with the best
expected payout if that beats passing, else weiter.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from schafkopf.actions import (
    NAME_BASE,
    NAMES,
    NICHT_KLOPFEN,
    SPIEL,
    WEITER,
    Action,
    action_name,
    name_action,
)
from schafkopf.cards import card_token, parse_card
from schafkopf.errors import SchafkopfError
from schafkopf.game import BIDDING, KLOPFEN_PHASE, NAMING, SETTLING, Game
from schafkopf.players.heuristic import HeuristicPlayer
from schafkopf.rules import Kind, Ruleset
from schafkopf.scoring import is_schneider, tariff_unit
from schafkopf.search.solver import declarer_tricks_reach, solve
from schafkopf.search.stakes import (
    bracket_of,
    bracket_stakes,
    payout_thresholds,
    seat_money,
    tricks_stake,
)

from .values import deal_around, playout_money


class AdviceError(SchafkopfError):
    """A hand that cannot be advised on: ``unknown_card`` (``token``), ``hand_size``
    (``need``, ``got``), ``card_twice`` (``card``), ``not_in_deck`` (``cards``)."""

    code = "bad_hand"


@dataclass(frozen=True)
class ContractAdvice:
    """One contract the hand may name: ``action`` its token (``solo H``), the chance to win,
    the chance to win it with Schneider (or better), and the expected payout."""

    action: str
    win: float
    schneider: float
    expected: float
    kind: Kind = Kind.RUFSPIEL
    suit: int | None = None
    tout: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "contract": self.action,
            "win": self.win,
            "schneider": self.schneider,
            "expected": self.expected,
        }


@dataclass(frozen=True)
class Advice:
    """Every contract's figures (best first), passing's expected payout, and the bid."""

    contracts: list[ContractAdvice]
    passing: float
    bid: str
    unit: str
    playing: float | None = None
    """The expected payout of saying spiel and naming the best contract, the others bidding
    on (they may outbid it)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "bid": self.bid,
            "pass": self.passing,
            "spiel": self.playing,
            "unit": self.unit,
            "contracts": [c.to_json() for c in self.contracts],
        }


def read_hand(text: str | Sequence[str], rules: Ruleset) -> list[int]:
    """A hand from card tokens or names (``EO GU HA ...``, ``Eichel-Ober, pik dame, ...``):
    one text, or one item per card (as a command line gives them), or items of several."""
    try:
        cards = [c for item in ([text] if isinstance(text, str) else text) for c in _cards_in(item)]
    except SchafkopfError as e:
        raise AdviceError(str(e), e.reason, **e.params) from None
    if len(cards) != rules.hand_size:
        raise AdviceError(
            f"a hand has {rules.hand_size} cards, got {len(cards)}", "hand_size",
            need=rules.hand_size, got=len(cards),
        )  # fmt: skip
    twice = next((c for c in cards if cards.count(c) > 1), None)
    if twice is not None:
        raise AdviceError(
            f"a card is given twice ({card_token(twice)})", "card_twice", card=card_token(twice)
        )
    outside = [card_token(c) for c in cards if not rules.deck_mask >> c & 1]
    if outside:
        raise AdviceError(
            f"{len(outside)} card(s) are not in the short deck", "not_in_deck",
            cards=outside,
        )  # fmt: skip
    return cards


def _cards_in(text: str) -> list[int]:
    """The cards of one text: a card's name whole (``pik dame``, ``Ober of Acorns``), else
    names between commas, else tokens between spaces."""
    parts = [p for p in text.split(",") if p.strip()]
    if len(parts) > 1:
        return [c for p in parts for c in _cards_in(p)]
    try:
        return [parse_card(text)]
    except SchafkopfError:
        words = text.split()
        if len(words) < 2:
            raise
    return [parse_card(w) for w in words]


def advise(
    hand: str | Sequence[str],
    rules: Ruleset | None = None,
    *,
    position: int = 1,
    worlds: int = 32,
    seed: int = 0,
) -> Advice:
    """Advice for ``hand`` at bidding ``position`` (1: Vorhand, who speaks and leads first;
    the last position is the dealer's)."""
    rules = rules or Ruleset.preset("standard")
    n = rules.players
    if not 1 <= position <= n:
        raise AdviceError(f"position must be 1..{n}, got {position}")
    if worlds < 1:
        raise AdviceError("worlds must be at least 1")
    cards = read_hand(hand, rules)
    dealer = n - 1
    seat = (dealer + position) % n
    rng = random.Random(seed)
    deals = [deal_around(rules, seat, cards, rng) for _ in range(worlds)]
    named = _nameable(rules, dealer, deals[0], seat)
    figures: list[ContractAdvice] = []
    for action in named:
        wins = schneiders = money = 0.0
        for deal in deals:
            g = _declared(rules, dealer, deal, seat, action)
            won, schneider, paid = _outcome(g, seat)
            wins += won
            schneiders += schneider
            money += paid
        kind, suit, tout = NAMES[action - NAME_BASE]
        figures.append(
            ContractAdvice(
                action_name(action),
                round(wins / worlds, 3),
                round(schneiders / worlds, 3),
                round(money / worlds, 2),
                kind,
                suit,
                tout,
            )
        )
    figures.sort(key=lambda c: -c.expected)
    best = figures[0] if figures else None
    bidder = HeuristicPlayer("advice")
    passing = playing = 0.0
    for deal in deals:
        play_rng = random.Random(rng.getrandbits(48))
        passing += _bid_out(rules, dealer, deal, seat, WEITER, None, bidder, play_rng)
        if best is not None:
            chosen = name_action(best.kind, best.suit, best.tout)
            playing += _bid_out(rules, dealer, deal, seat, SPIEL, chosen, bidder, play_rng)
    passing = round(passing / worlds, 2)
    playing = round(playing / worlds, 2)
    bid = best.action if best is not None and playing > passing else "weiter"
    return Advice(figures, passing, bid, tariff_unit(rules), playing if best else None)


def _bid_out(
    rules: Ruleset,
    dealer: int,
    deal: list[list[int]],
    seat: int,
    bid: Action,
    contract: Action | None,
    bidder: HeuristicPlayer,
    rng: random.Random,
) -> float:
    """The hand's payout when it says ``bid`` and, winning the bidding, names ``contract``;
    the other seats bid as the rule-based player (and may outbid it), the cards are solved."""
    g = Game(rules, dealer=dealer, hands=deal)
    _skip_klopfen(g)
    while g.phase in (BIDDING, NAMING) or (g.phase == SETTLING and g.to_move != seat):
        s = g.to_move
        assert s is not None
        if s == seat and g.phase == BIDDING:
            g.apply(bid, s)
        elif s == seat and g.phase == NAMING and contract in g.legal_actions():
            g.apply(contract, s)
        else:
            g.apply(bidder.choose(g.view(s), rng), s)
    return playout_money(g, seat, rng)


def _skip_klopfen(g: Game) -> None:
    while g.phase == KLOPFEN_PHASE:
        g.apply(NICHT_KLOPFEN)


def _bid_alone(g: Game, seat: int) -> None:
    _skip_klopfen(g)
    while g.phase == BIDDING:
        g.apply(SPIEL if g.to_move == seat else WEITER)


def _nameable(rules: Ruleset, dealer: int, deal: list[list[int]], seat: int) -> list[Action]:
    """The contracts the hand may name when it alone says spiel."""
    g = Game(rules, dealer=dealer, hands=deal)
    _bid_alone(g, seat)
    if g.phase != NAMING:
        return []
    return [a for a in g.legal_actions() if NAME_BASE <= a < NAME_BASE + len(NAMES)]


def _declared(
    rules: Ruleset, dealer: int, deal: list[list[int]], seat: int, action: Action
) -> Game:
    g = Game(rules, dealer=dealer, hands=deal)
    _bid_alone(g, seat)
    g.apply(action)
    return g


def _outcome(g: Game, seat: int) -> tuple[bool, bool, float]:
    """Won, won with Schneider, and the seat's payout under perfect play from the start."""
    c = g.contract
    assert c is not None
    if c.kind is Kind.SIE:
        return True, True, float(g.result().payouts[seat]) if g.is_over() else 0.0
    if c.kind is Kind.BETTEL or c.tout:
        if c.kind is Kind.BETTEL:
            won = not declarer_tricks_reach(g, 1)
        else:
            won = declarer_tricks_reach(g, g.rules.hand_size)
        return won, False, seat_money(g, seat, tricks_stake(g, c, won))
    points = solve(g, moves=False).declarer_points
    won = points >= 61
    thresholds = payout_thresholds(g.rules)
    stake = bracket_stakes(g, c, thresholds)[bracket_of(points, thresholds)]
    return won, won and is_schneider(g.rules, points, won), seat_money(g, seat, stake)
