"""A PIMC player: sample the worlds a seat may be in, solve each open-handed, pick the best.

Perfect-information Monte Carlo: for a card decision the player samples deals consistent
with its view (:func:`schafkopf.sampling.sample_world`: voids, played cards, the called Sau,
Sie), solves every world with the double-dummy solver and plays the card with the best mean
payout for its side. Bidding, the contract and Kontra/Re are chosen the same way: by solving
sampled deals under each contract the hand could play. With ``inference`` the sampled worlds
are weighted by how likely the other seats' actions were in them under the rule-based
player's policy (hand prediction).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

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
    is_offer,
    name_action,
    offer_of,
)
from schafkopf.cards import OBER, SAU, UNTER, Card, card, rank_mask
from schafkopf.game import BIDDING, KLOPFEN_PHASE, NAMING, PLAY, SETTLING, Game, View
from schafkopf.players.heuristic import HeuristicPlayer
from schafkopf.rules import Kind, Ruleset, play_tables
from schafkopf.sampling import SamplingError, sample_deal, sample_world
from schafkopf.scoring import is_schneider

_OU: Final = rank_mask(OBER) | rank_mask(UNTER)


@dataclass(frozen=True)
class _Candidate:
    """A contract the hand could play, with its estimated chance and expected payout."""

    action: Action
    kind: Kind
    tout: bool
    win: float
    value: float


class PimcPlayer:
    """Perfect-information Monte Carlo over the double-dummy solver.

    ``samples`` worlds per card decision (fewer if ``seconds`` runs out first); ``bid_samples``
    worlds per contract when bidding; ``inference`` weights worlds by the other seats' actions.
    """

    def __init__(
        self,
        name: str = "PIMC",
        samples: int = 100,
        seconds: float | None = None,
        bid_samples: int = 12,
        inference: bool = False,
        rufspiel_bar: float = 0.6,
        solo_bar: float = 0.66,
        kontra_bar: float = 0.25,
        re_bar: float = 0.85,
    ) -> None:
        if samples < 1 or bid_samples < 1:
            raise ValueError("samples and bid_samples must be at least 1")
        self.name = name
        self.samples = samples
        self.seconds = seconds
        self.bid_samples = bid_samples
        self.inference = inference
        self.rufspiel_bar = rufspiel_bar
        self.solo_bar = solo_bar
        self.kontra_bar = kontra_bar
        self.re_bar = re_bar
        self._fallback = HeuristicPlayer(name)
        self._plans: dict[tuple[int, int, int], list[_Candidate]] = {}
        self._doubling_asked: dict[tuple[int, int, int, int], bool] = {}

    # -- the Player protocol ------------------------------------------------------------------

    def choose(self, view: View, rng: random.Random) -> Action:
        """The action for ``view``'s seat; always one of ``view.legal_actions``."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase == PLAY:
            if DOUBLE in legal and self.wants_to_double(view, rng):
                return DOUBLE
            cards = [a for a in legal if is_card(a)]
            if len(cards) == 1:
                return cards[0]
            c = view.contract
            if c is None or c.kind is Kind.RAMSCH:
                return self._fallback.choose(view, rng)
            return self._play(view, cards, rng)
        if phase == KLOPFEN_PHASE:
            return self._fallback.choose(view, rng) if KLOPFEN in legal else NICHT_KLOPFEN
        if phase in (BIDDING, SETTLING, NAMING):
            return self._bid(view, rng)
        return self._fallback.choose(view, rng)

    def wants_to_double(self, view: View, rng: random.Random) -> bool:
        """Kontra when sampled worlds say the declarers mostly lose; Re when they mostly win."""
        c = view.contract
        if c is None or c.kind is Kind.RAMSCH or c.declarer is None:
            return False
        key = (view.dealer, _dealt_mask(view), len(view.doublings), view.seat)
        if key in self._doubling_asked:
            return False  # decided once at this doubling level: not asked again
        worlds = self._worlds(view, rng, self.bid_samples)
        if not worlds:
            return False
        wins = 0.0
        for g, w in worlds:
            wins += w * _declarers_win(g)
        total = sum(w for _g, w in worlds)
        p = wins / total if total else 0.5
        on_declarer_side = len(view.doublings) % 2 == 1
        say = p >= self.re_bar if on_declarer_side else p <= self.kontra_bar
        self._doubling_asked = {k: v for k, v in self._doubling_asked.items() if k[:2] == key[:2]}
        self._doubling_asked[key] = say
        return say

    # -- card play ------------------------------------------------------------------------------

    def _play(self, view: View, cards: list[Card], rng: random.Random) -> Card:
        from schafkopf.search.solver import move_values_tricks, solve

        c = view.contract
        assert c is not None
        start = time.perf_counter()
        totals = dict.fromkeys(cards, 0.0)
        me_declarer = self._on_declarer_side(view)
        tricks_game = c.kind is Kind.BETTEL or c.tout
        done = 0
        for g, w in self._worlds(view, rng, self.samples, start=start):
            if tricks_game:
                values = move_values_tricks(g)
                for card_, t in values.items():
                    won = t == 0 if c.kind is Kind.BETTEL else t == g.rules.hand_size
                    totals[card_] += w * (1.0 if won == me_declarer else -1.0)
            else:
                moves = solve(g).moves
                for card_, points in moves.items():
                    u = _utility(g.rules, c.kind, points)
                    totals[card_] += w * (u if me_declarer else -u)
            done += 1
        if not done:
            return _heuristic_card(self._fallback, view, rng, cards)
        return max(cards, key=lambda x: (totals[x], -x))

    @staticmethod
    def _on_declarer_side(view: View) -> bool:
        """Whether this seat plays for the declarer side (it knows: it holds or held the Sau)."""
        c = view.contract
        assert c is not None
        if view.seat == c.declarer:
            return True
        if c.kind is not Kind.RUFSPIEL or c.suit is None:
            return False
        return view.partner == view.seat or bool(_dealt_mask(view) >> card(c.suit, SAU) & 1)

    def _worlds(
        self, view: View, rng: random.Random, count: int, start: float | None = None
    ) -> list[tuple[Game, float]]:
        """Up to ``count`` sampled worlds with weights (1 without inference)."""
        out: list[tuple[Game, float]] = []
        for _ in range(count):
            late = start is not None and time.perf_counter() - start > (self.seconds or 1e9)
            if out and late:
                break
            try:
                g = sample_world(view, rng)
            except SamplingError:
                break
            w = _inference_weight(g, view, rng) if self.inference else 1.0
            out.append((g, w))
        return out

    # -- bidding ----------------------------------------------------------------------------------

    def _bid(self, view: View, rng: random.Random) -> Action:
        legal = view.legal_actions
        plans = self._evaluate(view, rng)
        good = [p for p in plans if p.win >= self._bar(p.kind)]
        if view.phase == BIDDING:
            later = any(a == SPIEL for _s, a in view.history)
            ok = [p for p in good if not (later and p.kind is Kind.RUFSPIEL)]
            return SPIEL if ok and SPIEL in legal else WEITER
        if view.phase == SETTLING:
            for p in good:
                for a in legal:
                    if is_offer(a) and offer_of(a) == (p.kind, p.tout):
                        return a
            return WEITER
        names = [p for p in plans if p.action in legal]
        if names:
            return max(names, key=lambda p: p.value).action
        return self._fallback.choose(view, rng)

    def _bar(self, kind: Kind) -> float:
        return self.rufspiel_bar if kind is Kind.RUFSPIEL else self.solo_bar

    def _evaluate(self, view: View, rng: random.Random) -> list[_Candidate]:
        """Every contract this hand may name, by expected payout (best first; cached per deal)."""
        hand = view.hand.mask
        key = (view.dealer, hand, view.seat)
        cached = self._plans.get(key)
        if cached is not None:
            return cached
        rules = view.rules
        deals = []
        for _ in range(self.bid_samples):
            try:
                deals.append(sample_deal(view, rng))
            except SamplingError:
                break
        plans: list[_Candidate] = []
        for action in _candidates(rules, hand):
            kind, _suit, tout = NAMES[action - NAME_BASE]
            if kind is Kind.SIE:
                plans.append(_Candidate(action, kind, False, 1.0, 1e9))
                continue
            wins = 0.0
            for deal in deals:
                g = _declared(view, deal, action)
                wins += _declarers_win(g)
            p = wins / len(deals) if deals else 0.0
            value = (2 * p - 1) * _price(rules, kind, tout)
            plans.append(_Candidate(action, kind, tout, p, value))
        plans.sort(key=lambda p: -p.value)
        self._plans = {key: plans}  # one deal at a time
        return plans


def _dealt_mask(view: View) -> int:
    """The cards this seat was dealt: its hand and what it has played."""
    mask = view.hand.mask
    n = view.rules.players
    for t in view.tricks:
        mask |= 1 << t.cards[(view.seat - t.leader) % n]
    if view.trick and view.trick_leader is not None:
        i = (view.seat - view.trick_leader) % n
        if i < len(view.trick):
            mask |= 1 << view.trick[i]
    return mask


def _heuristic_card(
    player: HeuristicPlayer, view: View, rng: random.Random, cards: list[Card]
) -> Card:
    """The rule-based player's card (when no world could be sampled)."""
    a = player.choose(view, rng)
    return a if a in cards else cards[0]


def _utility(rules: Ruleset, kind: Kind, points: int) -> float:
    """The declarer side's payout (in base units) for final card points, plus a tie-break."""
    won = points >= 61
    schneider = is_schneider(rules, points, won)
    schwarz = points in (0, 120)
    base = rules.base_price(kind) + rules.tarif.extra * (schneider + schwarz)
    return (base if won else -base) + points / 1000.0


def _price(rules: Ruleset, kind: Kind, tout: bool) -> float:
    """What one opponent pays for a won contract (the declarer side's stake per player)."""
    n = rules.players
    if kind is Kind.RUFSPIEL:
        return float(rules.tarif.rufspiel)
    base = rules.base_price(kind)
    if tout:
        base = 4 * base if rules.tout_value == "4x_base" else 2 * base
    return float(base * (n - 1))


def _declarers_win(g: Game) -> float:
    """Whether the declarer side wins the world under perfect play (1.0 or 0.0)."""
    from schafkopf.search.solver import declarer_tricks_reach, reaches

    c = g.contract
    assert c is not None
    if c.kind is Kind.BETTEL:
        return 0.0 if declarer_tricks_reach(g, 1) else 1.0
    if c.tout:
        return 1.0 if declarer_tricks_reach(g, g.rules.hand_size) else 0.0
    return 1.0 if reaches(g, 61) else 0.0


def _candidates(rules: Ruleset, hand: int) -> list[Action]:
    """The contracts worth simulating for this hand (cheap filters keep bidding fast)."""
    out = []
    for i, (kind, suit, tout) in enumerate(NAMES):
        if not rules.allows(kind, tout):
            continue
        if kind is Kind.SIE:
            if hand & _OU == _OU:
                out.append(NAME_BASE + i)
            continue
        if kind is Kind.RAMSCH:
            continue
        tables = play_tables(kind, suit, rules.short)
        trumps = (hand & tables.trump_mask).bit_count()
        if kind is Kind.RUFSPIEL:
            assert suit is not None
            sau = 1 << card(suit, SAU)
            plain = tables.follow[suit] & ~sau
            if not hand & sau and hand & plain and trumps >= 3:
                out.append(NAME_BASE + i)
        elif kind is Kind.BETTEL:
            out.append(NAME_BASE + i)
        elif kind in (Kind.WENZ, Kind.GEIER):
            if (trumps >= 2 and not tout) or trumps >= 3:
                out.append(NAME_BASE + i)
        elif trumps >= (6 if tout else 5):
            out.append(NAME_BASE + i)
    return out


def _declared(view: View, deal: Sequence[Sequence[Card]], action: Action) -> Game:
    """A game on ``deal`` in which this seat alone bid and named ``action``, ready to play."""
    g = Game(view.rules, dealer=view.dealer, hands=deal)
    knocked = {s for s, a in view.history if a == KLOPFEN}
    while g.phase == KLOPFEN_PHASE:
        g.apply(KLOPFEN if g.to_move in knocked else NICHT_KLOPFEN)
    while g.phase == BIDDING:
        g.apply(SPIEL if g.to_move == view.seat else WEITER)
    kind, suit, tout = NAMES[action - NAME_BASE]
    g.apply(name_action(kind, suit, tout))
    return g


def _inference_weight(g: Game, view: View, rng: random.Random) -> float:
    """How likely the other seats' card plays in this world were under the rule-based policy.

    Each of the last eight card plays by another seat counts: a play the rule-based player
    would also have made keeps its weight, any other is discounted (smoothed, never zero).
    """
    model = HeuristicPlayer("model")
    replay = Game(g.rules, dealer=g.dealer, hands=g.deal, stock=g.stock_before)
    weight = 1.0
    history = view.history
    cards_seen = [i for i, (s, a) in enumerate(history) if is_card(a)]
    judged = set(cards_seen[-8:])
    for i, (s, a) in enumerate(history):
        if i in judged and s != view.seat and is_card(a):
            v = replay.view(s)
            options = [x for x in v.legal_actions if is_card(x)]
            if len(options) > 1:
                guess = model.choose(v, rng)
                weight *= 0.7 if guess == a else 0.3 / (len(options) - 1) + 0.05
        replay.apply(a, s)
    return weight
