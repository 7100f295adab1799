"""A rule-based Schafkopf player that follows common table conventions, from one seat's view.

Bidding rates the hand for every contract the rules allow (likely trump tricks, standing
Säue, voids) and bids the best one that clears its bar. Card play knows the teams as far as
the view reveals them: the declarer's opponents search the called Sau, the declarer side
draws trumps, a seat smears points ("schmieren") onto tricks its side is sure to win, takes
valuable tricks with the cheapest safe card and plays low when it cannot win. Ramsch and
Bettel have their own play: there taking points or tricks is what to avoid.

>>> import random
>>> from schafkopf.game import Game
>>> from schafkopf.players.base import play_game
>>> g = play_game(Game(seed=3), [HeuristicPlayer() for _ in range(4)], random.Random(3))
>>> g.is_over()
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final, NamedTuple, TypeAlias

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
)
from schafkopf.cards import (
    AUGEN,
    FULL_MASK,
    KOENIG,
    OBER,
    SAU,
    SHORT_MASK,
    UNTER,
    ZEHN,
    Card,
    iter_bits,
    rank_mask,
)
from schafkopf.game import BIDDING, KLOPFEN_PHASE, NAMING, PLAY, SETTLING, View
from schafkopf.players.registry import spec_of
from schafkopf.rules import TRUMP, Kind, PlayTables, Ruleset, play_tables

_OU_MASK: Final = rank_mask(OBER) | rank_mask(UNTER)
_OBER_MASK: Final = rank_mask(OBER)
_CALLABLE: Final = (0, 1, 3)
"""The suits whose Sau a Rufspiel may call (never Herz)."""

_SOLO_BAR: Final = 0.65
"""A solo-type contract needs this share of the tricks (estimated) to be bid."""
_SOLO_TRUMPS: Final = 0.7
"""A Farbsolo needs this share of the hand in trumps (6 of 8; one fewer with a margin)."""
_RUF_BAR: Final = 6.8
"""The Rufspiel strength (per 8 cards) a hand needs, e.g. 4 trumps with two Ober and a Sau.

Measured: below this bar a Rufspiel between heuristic players loses money on average."""
_RUF_WEIGHTS: Final = (2.5, 2.5, 2.0, 2.0, 1.5, 1.5, 1.5, 1.5, 1.2, 1.1)
"""Rufspiel strength of the trumps from the top (EO GO HO SO EU GU HU SU HA HZ); others 1."""
_ROUND_VALUE: Final = (1.0, 0.6, 0.3, 0.15, 0.1, 0.1, 0.1, 0.1)
"""Chance that the k-th round of a plain suit stands while opponents still hold trumps."""

_PRIO_RUFSPIEL, _PRIO_BETTEL, _PRIO_SOLO, _PRIO_TOUT, _PRIO_SIE = range(1, 6)


# ---------------------------------------------------------------------------------------------
# Per-contract card data


@dataclass(frozen=True)
class _Tables:
    """A contract's play tables plus what the heuristics derive from them per card."""

    pt: PlayTables
    deck: int
    above: tuple[int, ...]
    """``above[c]``: the cards of ``c``'s effective suit that beat it."""
    keep: tuple[float, ...]
    """How much a card is worth keeping for later tricks (high trumps most)."""
    suit_order: tuple[tuple[Card, ...], ...]
    """The plain (non-trump) cards of each printed suit, high to low."""
    suit_shape: tuple[tuple[_SuitShape, ...], ...]
    """``suit_shape[s][hand >> 8 * s & 0xFF]``: what the hand estimation needs of that suit,
    looked up instead of counted (hand inference rates tens of thousands of hands a game)."""
    trump_memo: dict[int, tuple[int, int, int]] = field(default_factory=dict, compare=False)
    """:func:`_trump_winners` by the hand's trumps (at most 2^14 of them: few enough to keep)."""


class _SuitShape(NamedTuple):
    """A hand's plain cards of one suit, as the hand estimation reads them."""

    mine: int
    """How many the hand holds."""
    controlled: int
    """Tricks from the suit with trump control: all of it when the top run covers the rest."""
    uncontrolled: float
    """Tricks from the suit without: the top run, each round less likely to stand."""
    top: bool
    """Whether the held cards are the suit's highest (a safe Tout's plain cards)."""
    bettel: bool
    """Whether the i-th lowest held card has at most i outside cards below (a safe Bettel)."""


def _suit_shape(hand: int, order: Sequence[Card]) -> _SuitShape:
    """The shape of ``hand``'s cards in one suit's ``order`` (high to low)."""
    mine = sum(1 for c in order if hand >> c & 1)
    run = 0
    for c in order:
        if not hand >> c & 1:
            break
        run += 1
    controlled = mine if run >= len(order) - mine else run
    top = not any(not hand >> c & 1 for c in order[:mine])
    bettel = True
    below_out = held = 0
    for c in reversed(order):  # low to high
        if hand >> c & 1:
            if below_out > held:
                bettel = False
                break
            held += 1
        else:
            below_out += 1
    return _SuitShape(mine, controlled, sum(_ROUND_VALUE[:run]), top, bettel)


@lru_cache(maxsize=64)
def _tables(kind: Kind, suit: int | None, short: bool) -> _Tables:
    """The heuristic tables of a contract, cached (there are few contracts)."""
    pt = play_tables(kind, suit, short)
    deck = SHORT_MASK if short else FULL_MASK
    above = [0] * 32
    keep = [0.0] * 32
    for c in iter_bits(deck):
        for x in iter_bits(pt.follow[pt.eff_suit[c]]):
            if pt.power[x] > pt.power[c]:
                above[c] |= 1 << x
        if pt.eff_suit[c] != TRUMP:
            keep[c] = {SAU: 6.0, ZEHN: 2.0, KOENIG: 0.5}.get(c & 7, 0.0)
    nt = len(pt.trumps)
    for i, c in enumerate(pt.trumps):
        keep[c] = 4.0 + 12.0 * (nt - 1 - i) / max(1, nt - 1)
    order = tuple(
        tuple(sorted(iter_bits(pt.follow[s]), key=lambda c: -pt.power[c])) for s in range(4)
    )
    shapes = tuple(tuple(_suit_shape(b << 8 * s, order[s]) for b in range(256)) for s in range(4))
    return _Tables(pt, deck, tuple(above), tuple(keep), order, shapes)


def _tables_of(rules: Ruleset, kind: Kind, suit: int | None) -> _Tables:
    """The heuristic tables of a contract under ``rules``' deck."""
    return _tables(kind, suit, rules.short)


# ---------------------------------------------------------------------------------------------
# Hand evaluation


def _trump_winners(hand: int, t: _Tables) -> tuple[int, int, int]:
    """(likely trump tricks, own trumps, outside trumps).

    The i-th best own trump (from 0) counts as a trick when at most i outside trumps rank
    above it: each lower own trump can draw one of them.
    """
    trumps = hand & t.pt.trump_mask
    known = t.trump_memo.get(trumps)
    if known is not None:
        return known
    outside_above = mine = wins = 0
    for c in t.pt.trumps:
        if trumps >> c & 1:
            if outside_above <= mine:
                wins += 1
            mine += 1
        else:
            outside_above += 1
    known = t.trump_memo[trumps] = (wins, mine, outside_above)
    return known


def _plain_winners(hand: int, t: _Tables, control: bool) -> float:
    """Expected tricks from plain suits: the top run of each suit, all of it with trump control."""
    total = 0.0
    for s, shapes in enumerate(t.suit_shape):
        shape = shapes[hand >> 8 * s & 0xFF]
        if shape.mine:
            total += shape.controlled if control else shape.uncontrolled
    return total


def _solo_margin(hand: int, rules: Ruleset, kind: Kind, suit: int | None) -> float:
    """Estimated tricks above the bar for a solo-type contract; below zero when too weak."""
    return _solo_margin_of(hand, _tables_of(rules, kind, suit), kind, rules.hand_size)


def _solo_margin_of(hand: int, t: _Tables, kind: Kind, hs: int) -> float:
    """:func:`_solo_margin` with the contract's tables and the hand size at hand."""
    wins, mine, outside = _trump_winners(hand, t)
    est = wins + _plain_winners(hand, t, wins >= outside)
    margin = est - _SOLO_BAR * hs
    top = t.pt.trumps
    if kind is Kind.SOLO:
        need = int(_SOLO_TRUMPS * hs + 0.5)
        ou = (hand & _OU_MASK).bit_count()
        if ou < 2 or mine < need - 1 or (mine < need and margin < 1.0):
            return min(margin, -1.0)
    elif kind in (Kind.WENZ, Kind.GEIER):
        if not (mine >= 3 or (mine == 2 and hand >> top[0] & 1 and hand >> top[1] & 1)):
            return min(margin, -1.0)
    else:  # Farbwenz, Farbgeier
        high = sum(1 for c in top[:4] if hand >> c & 1)
        if mine < round(0.6 * hs) or high < 2:
            return min(margin, -1.0)
    return margin


def _sure_tout(hand: int, t: _Tables, leads: bool) -> bool:
    """Whether the hand takes every trick whatever the others hold (a safe Tout).

    The top trumps held in a row must outnumber the outside trumps, and every plain card must
    belong to the top of its suit; with plain cards and trumps outside, the seat must lead.
    """
    run = 0
    for c in t.pt.trumps:
        if not hand >> c & 1:
            break
        run += 1
    outside = (t.pt.trump_mask & ~hand).bit_count()
    if run < outside:
        return False
    if hand & ~t.pt.trump_mask and outside and not leads:
        return False
    return all(shapes[hand >> 8 * s & 0xFF].top for s, shapes in enumerate(t.suit_shape))


def _bettel_ok(hand: int, t: _Tables) -> bool:
    """A safe Bettel: in each suit the i-th lowest own card has at most i outside cards below."""
    return all(shapes[hand >> 8 * s & 0xFF].bettel for s, shapes in enumerate(t.suit_shape))


def _rufspiel_strength(hand: int, rules: Ruleset) -> tuple[float, int]:
    """(strength per 8 cards, trumps) of a hand for a Rufspiel: weighted trumps, Säue, voids."""
    t = _tables_of(rules, Kind.RUFSPIEL, 0)
    score = 0.0
    mine = 0
    for i, c in enumerate(t.pt.trumps):
        if hand >> c & 1:
            score += _RUF_WEIGHTS[i] if i < len(_RUF_WEIGHTS) else 1.0
            mine += 1
    for s in _CALLABLE:
        order = t.suit_order[s]
        held = [c for c in order if hand >> c & 1]
        if not held:
            score += 0.5 if mine >= 4 else 0.0
        elif held[0] == order[0]:
            score += 1.0 + (0.4 if len(held) > 1 and held[1] == order[1] else 0.0)
    return score * 8 / rules.hand_size, mine


def _call_cost(hand: int, rules: Ruleset, suit: int) -> float:
    """The cost of calling ``suit``'s Sau: fewer own cards of it is better, a blank Zehn worst."""
    t = _tables_of(rules, Kind.RUFSPIEL, suit)
    held = [c for c in t.suit_order[suit] if hand >> c & 1]
    cost = 10.0 * len(held) + sum(AUGEN[c] for c in held)
    if len(held) == 1 and held[0] & 7 == ZEHN:
        cost += 5.0
    return cost


@dataclass(frozen=True)
class _Plan:
    """A contract the hand could play and how well it suits the hand."""

    kind: Kind
    suit: int | None
    tout: bool
    margin: float
    """Zero or more: the hand clears the bar for this contract."""
    priority: int
    """Among playable plans the higher priority wins (Sie, Tout, solos, Bettel, Rufspiel)."""
    pref: float = 0.0
    """Tie-break between plans of equal margin (the called suit of a Rufspiel)."""

    @property
    def key(self) -> tuple[bool, int, float, float]:
        """Sort key: playable first, then priority, margin and preference."""
        return (self.margin >= 0, self.priority, self.margin, self.pref)


Margins: TypeAlias = Mapping[tuple[Kind, int | None, bool], float]
"""A hand's rating of each contract (kind, suit, tout), as :func:`plan_margins` gives it."""


_PlanRow: TypeAlias = tuple[Kind, int | None, bool, float, int, float]
"""A :class:`_Plan`'s fields as a plain tuple (kind, suit, tout, margin, priority, pref)."""

_SOLO_KINDS: Final[tuple[tuple[Kind, int | None], ...]] = (
    *((Kind.SOLO, s) for s in range(4)),
    (Kind.WENZ, None),
    (Kind.GEIER, None),
    *((k, s) for k in (Kind.FARBWENZ, Kind.FARBGEIER) for s in range(4)),
)
"""The solo-type contracts in the order a hand is rated for them."""


@lru_cache(maxsize=64)
def _solo_menu(rules: Ruleset) -> tuple[tuple[Kind, int | None, _Tables, bool], ...]:
    """The solo-type contracts ``rules`` allow, with their tables and whether a Tout is allowed
    (looked up once per rules, not per hand)."""
    return tuple(
        (kind, suit, _tables_of(rules, kind, suit), rules.allows(kind, True))
        for kind, suit in _SOLO_KINDS
        if rules.allows(kind)
    )


def _plan_rows(hand: int, rules: Ruleset, leads: bool) -> list[_PlanRow]:
    """Every contract the rules allow for this (full, dealt) hand, rated, as plain tuples."""
    out: list[_PlanRow] = []
    if rules.allows(Kind.SIE) and hand & _OU_MASK == _OU_MASK:
        out.append((Kind.SIE, None, False, 10.0, _PRIO_SIE, 0.0))
    if rules.allows(Kind.RUFSPIEL):
        strength, trumps = _rufspiel_strength(hand, rules)
        margin = strength - _RUF_BAR if trumps >= 3 else min(strength - _RUF_BAR, -1.0)
        t = _tables_of(rules, Kind.RUFSPIEL, 0)
        for s in _CALLABLE:
            order = t.suit_order[s]
            if not hand >> order[0] & 1 and any(hand >> c & 1 for c in order):
                pref = -_call_cost(hand, rules, s)
                out.append((Kind.RUFSPIEL, s, False, margin, _PRIO_RUFSPIEL, pref))
    hs = rules.hand_size
    for kind, suit, t, tout in _solo_menu(rules):
        margin = _solo_margin_of(hand, t, kind, hs)
        out.append((kind, suit, False, margin, _PRIO_SOLO, 0.0))
        if tout and _sure_tout(hand, t, leads):
            out.append((kind, suit, True, 1.0 + max(margin, 0.0), _PRIO_TOUT, 0.0))
    if rules.allows(Kind.BETTEL):
        ok = _bettel_ok(hand, _tables_of(rules, Kind.BETTEL, None))
        out.append((Kind.BETTEL, None, False, 0.0 if ok else -1.0, _PRIO_BETTEL, 0.0))
    return out


def _plans(hand: int, rules: Ruleset, leads: bool) -> list[_Plan]:
    """Every contract the rules allow for this (full, dealt) hand, rated."""
    return [_Plan(*row) for row in _plan_rows(hand, rules, leads)]


@lru_cache(maxsize=8192)
def plan_margins(hand: int, rules: Ruleset, leads: bool) -> Margins:
    """The rule-based rating of every allowed contract for a dealt hand: (kind, suit, tout) to
    its margin, zero or more where the hand clears that contract's bar (hand inference reads
    it as a model of how people bid). Cached: hand inference asks it for the same hands in
    world after world (a third of the calls in a game); the answer is shared, not to be
    changed."""
    out: dict[tuple[Kind, int | None, bool], float] = {}
    for kind, suit, tout, margin, _priority, _pref in _plan_rows(hand, rules, leads):
        k = (kind, suit, tout)
        out[k] = max(out.get(k, margin), margin)
    return out


def _best_plan(plans: Iterable[_Plan], bar: float = 0.0) -> _Plan | None:
    """The playable plan to aim for (its margin at least ``bar``), or None: pass."""
    best = max(plans, key=lambda p: p.key, default=None)
    return best if best is not None and best.margin >= bar else None


def dealt_hand(view: View) -> int:
    """The seat's hand at the deal: what it holds plus what it has played (the search players
    and the doubling model read it too)."""
    hand = int(view.hand)
    n = view.rules.players
    for tr in view.tricks:
        hand |= 1 << tr.cards[(view.seat - tr.leader) % n]
    if view.trick and view.trick_leader is not None:
        i = (view.seat - view.trick_leader) % n
        if i < len(view.trick):
            hand |= 1 << view.trick[i]
    return hand


# ---------------------------------------------------------------------------------------------
# Card play


class _Play:
    """What the seat knows during card play, gathered once per decision."""

    def __init__(self, view: View) -> None:
        contract = view.contract
        assert contract is not None
        self.kind = contract.kind
        self.tout = contract.tout
        self.n = n = view.rules.players
        self.me = me = view.seat
        self.t = t = _tables_of(view.rules, contract.kind, contract.suit)
        pt = t.pt
        self.hand = int(view.hand)
        self.void = [0] * n
        self.led = [0] * 5
        played = 0
        for tr in view.tricks:
            played |= self._scan(tr.leader, tr.cards)
            self.led[pt.eff_suit[tr.cards[0]]] += 1
        self.trick = view.trick
        self.leader = view.trick_leader if view.trick_leader is not None else me
        played |= self._scan(self.leader, self.trick)
        self.played = played
        self.unseen = t.deck & ~self.hand & ~played

        decl = contract.declarer
        self.declarer = decl
        mates: set[int] = set()
        if decl is not None and contract.kind is Kind.RUFSPIEL:
            p = view.partner
            if me == decl:
                mates = {p} if p is not None else set()
            elif p == me:
                mates = {decl}
            elif p is not None:
                mates = set(range(n)) - {me, decl, p}
        elif decl is not None and me != decl:
            mates = set(range(n)) - {me, decl}
        self.mates = frozenset(mates)
        self.declarer_side = decl is not None and (
            me == decl or (contract.kind is Kind.RUFSPIEL and view.partner == me)
        )
        self.foes = [s for s in range(n) if s != me and s not in self.mates]
        self.called = contract.suit if contract.kind is Kind.RUFSPIEL else None

    def _scan(self, leader: int, cards: Sequence[Card]) -> int:
        """Note the voids a trick shows; return its cards as a mask."""
        mask = 0
        if not cards:
            return 0
        eff = self.t.pt.eff_suit
        lead = eff[cards[0]]
        for i, c in enumerate(cards):
            mask |= 1 << c
            if i and eff[c] != lead:
                self.void[(leader + i) % self.n] |= 1 << lead
        return mask

    # -- facts -----------------------------------------------------------------------------

    def is_mate(self, seat: int) -> bool:
        """Whether ``seat`` is known to play on this seat's side (itself included)."""
        return seat == self.me or seat in self.mates

    def beats(self, c: Card, best: Card, lead: int) -> bool:
        """Whether ``c`` beats ``best`` in a trick led in effective suit ``lead``."""
        pt = self.t.pt
        e = pt.eff_suit[c]
        return e in (lead, TRUMP) and pt.power[c] > pt.power[best]

    def may_be_void(self, seat: int, suit: int) -> bool:
        """Whether ``seat`` may hold no card of plain ``suit`` (known, or the suit ran short)."""
        if self.void[seat] >> suit & 1:
            return True
        if seat == self.declarer and self.kind not in (Kind.RUFSPIEL, Kind.BETTEL):
            return True  # a soloist holds mostly trumps: expect it to trump any plain suit
        left = (self.unseen & self.t.pt.follow[suit]).bit_count()
        return left < 3 or self.led[suit] > 0

    def can_beat(self, seat: int, c: Card, lead: int) -> bool:
        """Whether ``seat``, still to play, might beat ``c`` in a trick led in ``lead``."""
        t = self.t
        pt = t.pt
        v = self.void[seat]
        ec = pt.eff_suit[c]
        if not v >> lead & 1:
            if ec == lead and self.unseen & t.above[c]:
                return True
            if lead == TRUMP or not self.may_be_void(seat, lead):
                return False
        if lead == TRUMP or v >> TRUMP & 1:
            return False
        trumps = self.unseen & pt.trump_mask
        if ec == TRUMP:
            trumps &= t.above[c]
        return bool(trumps)

    def threatened(self, c: Card, lead: int, seats: Iterable[int]) -> bool:
        """Whether any of ``seats`` (still to play) might beat ``c``."""
        return any(self.can_beat(s, c, lead) for s in seats)

    def keep(self, c: Card) -> float:
        """How much ``c`` is worth keeping for later (high trumps, Säue)."""
        return self.t.keep[c]

    def is_trump(self, c: Card) -> bool:
        """Whether ``c`` is a trump in this contract."""
        return self.t.pt.eff_suit[c] == TRUMP

    def later_seats(self) -> list[int]:
        """The seats that play after this one in the current trick."""
        return [(self.me + k) % self.n for k in range(1, self.n - len(self.trick))]

    def current_best(self) -> tuple[int, Card, int]:
        """(lead suit, winning card, its seat) of the current, unfinished trick."""
        pt = self.t.pt
        lead = pt.eff_suit[self.trick[0]]
        best_i = 0
        for i in range(1, len(self.trick)):
            if self.beats(self.trick[i], self.trick[best_i], lead):
                best_i = i
        return lead, self.trick[best_i], (self.leader + best_i) % self.n

    def suit_count(self, c: Card) -> int:
        """How many cards of ``c``'s effective suit the seat holds."""
        return (self.hand & self.t.pt.follow[self.t.pt.eff_suit[c]]).bit_count()

    # -- choosing ----------------------------------------------------------------------------

    def choose(self, cards: list[Card]) -> Card:
        """The card to play among the legal ``cards``."""
        if len(cards) == 1:
            return cards[0]
        if self.kind is Kind.RAMSCH:
            return self.ramsch_lead(cards) if not self.trick else self.ramsch_follow(cards)
        if self.kind is Kind.BETTEL:
            if self.me == self.declarer:
                return self.bettel_lead(cards) if not self.trick else self.bettel_follow(cards)
            if not self.trick:
                return self.anti_bettel_lead(cards)
            return self.anti_bettel_follow(cards)
        return self.lead(cards) if not self.trick else self.follow(cards)

    def discard(self, cards: list[Card]) -> Card:
        """The cheapest card to give away: few points, little worth, ideally making a void."""

        def cost(c: Card) -> float:
            bonus = 1.5 if not self.is_trump(c) and self.suit_count(c) == 1 and c & 7 != SAU else 0
            return AUGEN[c] + self.keep(c) - bonus

        return min(cards, key=cost)

    def smear(self, cards: list[Card]) -> Card:
        """The card to give a trick the own side wins: many points, but no high trump."""
        return max(cards, key=lambda c: AUGEN[c] - 0.7 * self.keep(c))

    def take(self, cards: list[Card]) -> Card:
        """The winner to take a trick with: points count, spending strength costs."""
        return max(cards, key=lambda c: AUGEN[c] - 0.8 * self.keep(c))

    def follow(self, cards: list[Card]) -> Card:
        """Follow in a team contract: smear to a sure mate, take cheaply, else play low."""
        lead, best, best_seat = self.current_best()
        later_foes = [s for s in self.later_seats() if not self.is_mate(s)]
        points = sum(AUGEN[c] for c in self.trick)
        if self.is_mate(best_seat) and not self.threatened(best, lead, later_foes):
            return self.smear(cards)
        mate_best = self.is_mate(best_seat)
        winners = [c for c in cards if self.beats(c, best, lead)]
        if winners:
            safe = [c for c in winners if not self.threatened(c, lead, later_foes)]
            if safe and (not mate_best or points >= 10):
                return self.take(safe)
            if not mate_best and (points >= 10 or self.tout):
                return max(winners, key=lambda c: self.t.pt.power[c])
        return self.discard(cards)

    def boss(self, c: Card) -> bool:
        """Whether ``c``, led now, should win the trick against every foe."""
        return not self.threatened(c, self.t.pt.eff_suit[c], self.foes)

    def lead(self, cards: list[Card]) -> Card:
        """Lead in a team contract, by role: declarer side draws trumps, foes search and cash."""
        pt = self.t.pt
        trumps = [c for c in cards if self.is_trump(c)]
        plains = [c for c in cards if not self.is_trump(c)]
        foe_trumps = self.unseen & pt.trump_mask and any(
            not self.void[s] >> TRUMP & 1 for s in self.foes
        )
        bosses = [c for c in cards if self.boss(c)]
        if self.declarer_side:
            if trumps and foe_trumps:
                top = max(trumps, key=lambda c: pt.power[c])
                if self.boss(top):
                    return top
                plain_boss = [c for c in bosses if not self.is_trump(c)]
                if plain_boss and self.kind is not Kind.RUFSPIEL:
                    return max(plain_boss, key=lambda c: AUGEN[c])
                if len(trumps) >= 2 or self.kind is Kind.RUFSPIEL:
                    return min(trumps, key=lambda c: AUGEN[c] + self.keep(c))
            if bosses:
                return max(bosses, key=lambda c: (AUGEN[c], pt.power[c]))
            if trumps and not plains:
                return max(trumps, key=lambda c: pt.power[c])
            return self.discard(plains or cards)
        # the declarer's opponents
        if self.called is not None and not self.called_suit_out():
            mine = [c for c in plains if pt.eff_suit[c] == self.called]
            low = [c for c in mine if c & 7 != ZEHN]
            if low:
                return min(low, key=lambda c: pt.power[c])
        fresh = [
            c
            for c in plains
            if self.boss(c)
            and self.led[pt.eff_suit[c]] == 0
            and not (self.declarer is not None and self.void[self.declarer] >> pt.eff_suit[c] & 1)
        ]
        if fresh:
            return max(fresh, key=lambda c: AUGEN[c])
        if self.called is not None and not self.called_suit_out():
            mine = [c for c in plains if pt.eff_suit[c] == self.called]
            if mine:
                return min(mine, key=lambda c: pt.power[c])
        if plains:
            mate_void = 0
            for s in self.mates:
                if not self.void[s] >> TRUMP & 1:
                    mate_void |= self.void[s]

            def cost(c: Card) -> float:
                ms = 3.0 if mate_void >> pt.eff_suit[c] & 1 else 0.0
                return AUGEN[c] + self.keep(c) - ms

            return min(plains, key=cost)
        top = max(trumps, key=lambda c: pt.power[c])
        return top if self.boss(top) else min(trumps, key=lambda c: pt.power[c])

    def called_suit_out(self) -> bool:
        """Whether the called suit of a Rufspiel has been led or its Sau played."""
        if self.called is None:
            return True
        sau = self.t.suit_order[self.called][0]
        return self.led[self.called] > 0 or bool(self.played >> sau & 1)

    # -- Ramsch: avoid points ----------------------------------------------------------------

    def beaters(self, c: Card) -> int:
        """How many unseen cards would beat ``c`` led now (trumps count less: one needs a void)."""
        t = self.t
        n = (self.unseen & t.above[c]).bit_count()
        if not self.is_trump(c):
            n += (self.unseen & t.pt.trump_mask).bit_count() // 3
        return n

    def ramsch_lead(self, cards: list[Card]) -> Card:
        """Lead a card others will likely beat, cheap in points."""

        def danger(c: Card) -> float:
            b = self.beaters(c)
            return AUGEN[c] / 4 + (8.0 if b == 0 else 0.0) - min(b, 4)

        return min(cards, key=danger)

    def ramsch_follow(self, cards: list[Card]) -> Card:
        """Duck under the trick and dump points and high cards; if forced to win, win cheaply."""
        lead, best, _ = self.current_best()
        losers = [c for c in cards if not self.beats(c, best, lead)]
        if losers:
            return max(losers, key=lambda c: AUGEN[c] + 0.5 * self.keep(c))
        if not self.later_seats():
            return max(cards, key=lambda c: self.keep(c) - 0.5 * AUGEN[c])
        return min(cards, key=lambda c: self.t.pt.power[c] + AUGEN[c])

    # -- Bettel ------------------------------------------------------------------------------

    def bettel_lead(self, cards: list[Card]) -> Card:
        """Bettel declarer leads the card most others can beat."""
        return max(cards, key=lambda c: ((self.unseen & self.t.above[c]).bit_count(), -c))

    def bettel_follow(self, cards: list[Card]) -> Card:
        """Bettel declarer ducks with the highest card that loses, else hopes to be overtaken."""
        lead, best, _ = self.current_best()
        power = self.t.pt.power
        losers = [c for c in cards if not self.beats(c, best, lead)]
        if losers:
            return max(losers, key=lambda c: power[c])
        if self.later_seats():
            return min(cards, key=lambda c: power[c])
        return max(cards, key=lambda c: power[c])

    def anti_bettel_lead(self, cards: list[Card]) -> Card:
        """Against a Bettel, lead low in a suit the declarer still holds."""
        pt = self.t.pt
        d = self.declarer
        ok = [c for c in cards if d is None or not self.void[d] >> pt.eff_suit[c] & 1]
        return min(ok or cards, key=lambda c: pt.power[c])

    def anti_bettel_follow(self, cards: list[Card]) -> Card:
        """Against a Bettel, stay under the declarer's winning card; else play low."""
        lead, best, best_seat = self.current_best()
        power = self.t.pt.power
        if best_seat == self.declarer:
            under = [c for c in cards if not self.beats(c, best, lead)]
            if under:
                return max(under, key=lambda c: power[c])
        return min(cards, key=lambda c: power[c])


# ---------------------------------------------------------------------------------------------
# The player


class HeuristicPlayer:
    """A rule-based player: conventional bidding, Kontra with strength, sensible card play.

    A beginner (the ladder's first level) is this player with ``slips``, the share of card
    decisions (with a choice) in which it plays a random legal card instead, and ``rash``, how
    far below the rule-based bar (in the ratings' units) a hand still makes it play.
    """

    def __init__(self, name: str = "Heuristik", slips: float = 0.0, rash: float = 0.0) -> None:
        if not 0.0 <= slips <= 1.0:
            raise ValueError(f"slips must be between 0 and 1, got {slips!r}")
        if rash < 0:
            raise ValueError(f"rash must not be negative, got {rash!r}")
        self.name = name
        self.slips = slips
        self.rash = rash

    def __repr__(self) -> str:
        """The name and the player spec that builds such a player.

        >>> HeuristicPlayer("Sepp")
        <HeuristicPlayer 'Sepp' heuristic>
        """
        return f"<{type(self).__name__} {self.name!r} {spec_of(self, 'heuristic')}>"

    def choose(self, view: View, rng: random.Random) -> Action:
        """The action for ``view``'s seat; always one of ``view.legal``."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase == PLAY:
            if self.slips and rng.random() < self.slips:
                cards = [a for a in legal if is_card(a)]
                if len(cards) > 1:
                    return rng.choice(cards)
            action = self._play(view)
        elif phase == BIDDING:
            action = self._bid(view)
        elif phase == SETTLING:
            action = self._settle(view)
        elif phase == NAMING:
            action = self._name(view)
        elif phase == KLOPFEN_PHASE:
            action = KLOPFEN if self._knock(view) else NICHT_KLOPFEN
        else:
            action = legal[0]
        return action if action in legal else legal[0]

    def wants_to_double(self, view: View, rng: random.Random) -> bool:
        """Kontra with a strong hand against the contract; Re with a strong declarer hand."""
        return self._double_ok(view)

    @staticmethod
    def _double_ok(view: View) -> bool:
        """Whether the seat should say the next doubling now (only Kontra and Re, never Sup)."""
        if DOUBLE not in view.legal or view.contract is None:
            return False
        contract = view.contract
        k = len(view.doublings)
        if k >= 2 or contract.kind in (Kind.RAMSCH, Kind.BETTEL, Kind.SIE):
            return False
        rules = view.rules
        hand = dealt_hand(view)
        if contract.kind is Kind.RUFSPIEL:
            strength, trumps = _rufspiel_strength(hand, rules)
            ober = (hand & _OBER_MASK).bit_count()
            if k == 0:
                return strength >= 7.5 and ober >= 2 and trumps >= 4
            if view.seat == contract.declarer:
                return strength >= 8.5
            return strength >= 7.5
        if k == 1:
            if view.seat != contract.declarer:
                return False
            return _solo_margin(hand, rules, contract.kind, contract.suit) >= 1.5
        t = _tables_of(rules, contract.kind, contract.suit)
        wins, trumps, _ = _trump_winners(hand, t)
        est = wins + _plain_winners(hand, t, False)
        return trumps >= 2 and wins >= 1 and est >= rules.hand_size / 2

    # -- phases ------------------------------------------------------------------------------

    @staticmethod
    def _leads(view: View) -> bool:
        """Whether this seat leads the first trick (it is Vorhand)."""
        return view.seat == view.vorhand

    def _bid(self, view: View) -> Action:
        """Say spiel when the hand clears a bar; after an earlier spiel only for a solo-type."""
        if SPIEL not in view.legal:
            return WEITER
        best = _best_plan(_plans(int(view.hand), view.rules, self._leads(view)), -self.rash)
        if best is None:
            return WEITER
        earlier = any(a == SPIEL for _, a in view.history)
        if earlier and best.kind is Kind.RUFSPIEL:
            return WEITER
        return SPIEL

    def _settle(self, view: View) -> Action:
        """Offer the best-rated kind the hand supports that beats the holder, else weiter.

        The offer fixes the kind to be named later, so it is the kind the seat wants to play.
        """
        best: dict[tuple[Kind, bool], tuple[bool, int, float, float]] = {}
        for p in _plans(int(view.hand), view.rules, self._leads(view)):
            if p.margin >= -self.rash:
                k = (p.kind, p.tout)
                best[k] = max(best.get(k, p.key), p.key)
        offers = [a for a in view.legal if is_offer(a) and offer_of(a) in best]
        if not offers:
            return WEITER
        return max(offers, key=lambda a: best[offer_of(a)])

    def _name(self, view: View) -> Action:
        """Name the best-rated contract among those allowed now."""
        plans = _plans(int(view.hand), view.rules, self._leads(view))
        by_name = {(p.kind, p.suit, p.tout): p.key for p in plans}
        low = (False, -1, float("-inf"), float("-inf"))
        names = [a for a in view.legal if is_name(a)]
        if not names:
            return view.legal[0]
        return max(names, key=lambda a: by_name.get(NAMES[a - NAME_BASE], low))

    @staticmethod
    def _knock(view: View) -> bool:
        """Knock with a very strong first packet: nearly all Ober/Unter, two of them Ober."""
        packet = int(view.hand)
        size = packet.bit_count()
        ou = (packet & _OU_MASK).bit_count()
        ober = (packet & _OBER_MASK).bit_count()
        return size > 0 and ou >= min(3, size) and ober >= 2

    def _play(self, view: View) -> Action:
        """Card play (and a doubling, when the seat to move may say one and wants to)."""
        legal = view.legal
        if DOUBLE in legal and self._double_ok(view):
            return DOUBLE
        cards = [a for a in legal if a < 32]
        if not cards:
            return legal[0]
        return _Play(view).choose(cards)
