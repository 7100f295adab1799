"""A PIMC player: sample the worlds a seat may be in, solve each open-handed, pick the best.

Perfect-information Monte Carlo: for a card decision the player samples deals consistent
with its view (:func:`schafkopf.sampling.sample_world`: voids, played cards, the called Sau,
Sie), solves every world with the double-dummy solver and plays the card with the best mean
payout for its side. The payout depends on the card points only through their bracket (lost
Schneider, lost, won, won Schneider, ...), so by default (``values="brackets"``) each card is
placed in its bracket by a few null-window searches instead of valued exactly
(``values="exact"``); ties go to the rule-based player's card. Bidding, the contract and
Kontra/Re are chosen the same way: by solving sampled deals under each contract the hand
could play.

With ``inference`` (hand prediction) the player draws ``oversample`` times as many candidate
worlds, leaning the declarer's trumps to the declarer (importance sampling: a declarer's hand
is rare among plain draws), weighs each by how likely the other seats' actions were in it
under a model of play fitted to PIMC players' own games (their bids and named contract from
the rule-based ratings of their hands there; their last eight card plays from how often PIMC
plays the rule-based card), and solves a weighted resample of them: a Rufspiel declarer gets
the trumps a caller has, a seat that passed does not hold a solo.
"""

from __future__ import annotations

import math
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
from schafkopf.players.bidding import default_model as default_bidding_model
from schafkopf.players.doubling import default_model
from schafkopf.players.heuristic import HeuristicPlayer, Margins, dealt_hand, plan_margins
from schafkopf.players.locations import default_model as default_location_model
from schafkopf.players.locations import world_log_weight
from schafkopf.players.logistic import sigmoid
from schafkopf.players.registry import spec_of
from schafkopf.rules import Kind, Ruleset, play_tables
from schafkopf.sampling import (
    Lean,
    SamplingError,
    replay_watching,
    sample_deal,
    sample_world,
    sample_world_watched,
    sample_world_weighted,
)
from schafkopf.search.stakes import bracket_of, bracket_stakes, payout_thresholds, world_price

_OU: Final = rank_mask(OBER) | rank_mask(UNTER)
BIDDING_MODES: Final = ("worlds", "model", "heuristic")
"""How the player bids: by a contract's chance from solving ``bid_samples`` sampled deals, or
from the bidding model (:mod:`schafkopf.players.bidding`; sampling for what it leaves out), or
as the rule-based player does (a search player that bids by rules of thumb)."""
INFERENCE_MODELS: Final = ("rules", "locations")
"""What hand inference weighs candidate worlds by: the rule-based model of the other seats'
bids and card plays, or the learned card location model (:mod:`schafkopf.players.locations`)."""
DOUBLING: Final = ("worlds", "model", "heuristic", "never")
"""How Kontra and Re are decided: by the share of sampled worlds, by the calibrated model over
it (:mod:`schafkopf.players.doubling`), as the rule-based player does (by the hand), or
never."""
VALUES: Final = ("brackets", "exact")
"""How card play values a sampled world: the payout bracket of each card, or exact points."""
_SPIEL_SLOPE, _SPIEL_BIAS = 1.48, 0.44
"""The bidding model: a seat says spiel with probability sigmoid(slope x margin + bias), the
margin being its best contract's rule-based rating. Fitted (logistic regression, 4,900 bids)
to PIMC players' bidding in the arena: ``scripts/fit_inference.py``."""
_NAME_TEMPERATURE = 1.0
"""The contract a declarer names: softmax of the rule-based margins over the contracts its
hand could play, at this temperature (the best fit to 1,486 PIMC declarations)."""
_PLAY_AGREE: tuple[float, ...] = (1.0, 1.0, 0.87, 0.76, 0.63, 0.49)
"""The card-play model, by the number of legal cards (the last entry for that many or more):
the chance the seat plays the rule-based player's card; the others share the rest. Fitted to
6,500 PIMC card plays (how often PIMC chose the rule-based card)."""
_PLAY_TEMPER = 0.5
"""An exponent on each card play's likelihood: below 1 trusts the model less (0.5 placed the
most unseen cards right mid-game)."""
_LEAN_SOLO, _LEAN_RUFSPIEL = 30.0, 1.5
"""How much more readily candidate worlds deal trumps to a solo's or a Rufspiel's declarer
(importance sampling; the weights undo it): a declarer's hand is rare among plain draws."""


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
    worlds per contract when bidding; ``values`` one of :data:`VALUES`; ``inference`` weighs
    ``oversample`` x ``samples`` candidate worlds by the other seats' actions and keeps a
    weighted resample of ``samples``. ``slips`` is the share of card decisions (with a choice)
    in which it plays a random legal card instead: a dial for weaker levels.
    """

    def __init__(
        self,
        name: str = "PIMC",
        samples: int = 100,
        seconds: float | None = None,
        bid_samples: int = 12,
        inference: bool = False,
        values: str = "brackets",
        oversample: int = 4,
        rufspiel_bar: float = 0.6,
        solo_bar: float = 0.66,
        kontra_bar: float = 0.25,
        re_bar: float = 0.85,
        doubling: str = "worlds",
        doubling_worlds: int = 0,
        model_kontra_bar: float | None = None,
        bidding: str = "worlds",
        inference_model: str = "rules",
        judged_plays: int = 8,
        slips: float = 0.0,
    ) -> None:
        if samples < 1 or bid_samples < 1 or oversample < 1:
            raise ValueError("samples, bid_samples and oversample must be at least 1")
        if values not in VALUES:
            raise ValueError(f"values must be one of {', '.join(VALUES)}, got {values!r}")
        if doubling not in DOUBLING:
            raise ValueError(f"doubling must be one of {', '.join(DOUBLING)}, got {doubling!r}")
        if bidding not in BIDDING_MODES:
            raise ValueError(f"bidding must be one of {', '.join(BIDDING_MODES)}, got {bidding!r}")
        if inference_model not in INFERENCE_MODELS:
            raise ValueError(
                f"inference_model must be one of {', '.join(INFERENCE_MODELS)}, "
                f"got {inference_model!r}"
            )
        if model_kontra_bar is not None and not 0.0 <= model_kontra_bar <= 1.0:
            raise ValueError(f"model_kontra_bar must be between 0 and 1, got {model_kontra_bar!r}")
        if judged_plays < 0:
            raise ValueError(f"judged_plays must be at least 0, got {judged_plays}")
        if not 0.0 <= slips <= 1.0:
            raise ValueError(f"slips must be between 0 and 1, got {slips!r}")
        self.name = name
        self.samples = samples
        self.seconds = seconds
        self.bid_samples = bid_samples
        self.inference = inference
        self.values = values
        self.oversample = oversample
        self.rufspiel_bar = rufspiel_bar
        self.solo_bar = solo_bar
        self.kontra_bar = kontra_bar
        self.re_bar = re_bar
        self.doubling = doubling
        self.doubling_worlds = doubling_worlds
        self.model_kontra_bar = model_kontra_bar
        self.bidding = bidding
        self.inference_model = inference_model
        self.judged_plays = judged_plays
        self.slips = slips
        self._fallback = HeuristicPlayer(name)
        self._plans: dict[tuple[int, int, int], list[_Candidate]] = {}
        self._doubling_asked: dict[tuple[int, int, int, int], bool] = {}

    def __repr__(self) -> str:
        """The name and the player spec that builds such a player.

        >>> PimcPlayer(samples=20, seconds=0.5)
        <PimcPlayer 'PIMC' pimc:samples=20,seconds=0.5>
        """
        return f"<{type(self).__name__} {self.name!r} {spec_of(self, 'pimc')}>"

    # -- the Player protocol ------------------------------------------------------------------

    def choose(self, view: View, rng: random.Random) -> Action:
        """The action for ``view``'s seat; always one of ``view.legal``."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase == PLAY:
            if DOUBLE in legal and self.wants_to_double(view, rng):
                return DOUBLE
            cards = [a for a in legal if is_card(a)]
            if len(cards) == 1:
                return cards[0]
            if self.slips and rng.random() < self.slips:
                return rng.choice(cards)  # a lapse: a weaker level's random card
            c = view.contract
            if c is None or c.kind is Kind.RAMSCH:
                return self._fallback.choose(view, rng)
            return self._play(view, cards, rng)
        if phase == KLOPFEN_PHASE:
            return self._fallback.choose(view, rng) if KLOPFEN in legal else NICHT_KLOPFEN
        if phase in (BIDDING, SETTLING, NAMING):
            if self.bidding == "heuristic":
                return self._fallback.choose(view, rng)
            return self._bid(view, rng)
        return self._fallback.choose(view, rng)

    def wants_to_double(self, view: View, rng: random.Random) -> bool:
        """Kontra when the declarers mostly lose, Re when they mostly win: by the share of
        sampled worlds (``doubling="worlds"``: ``kontra_bar``, ``re_bar``) or by the
        calibrated model over it (``doubling="model"``); by the hand as the rule-based player
        does (``doubling="heuristic"``); never with ``doubling="never"``. Decided once per seat
        and doubling level."""
        if self.doubling == "never":
            return False
        if self.doubling == "heuristic":
            return self._fallback.wants_to_double(view, rng)
        key = _doubling_key(view)
        if key is None or key in self._doubling_asked:
            return False  # no doubling here, or decided once at this level: not asked again
        p = self.doubling_chance(view, rng)
        if p is None:
            return False
        if self.doubling == "model":
            say = default_model().says(view, p, self.model_kontra_bar)
        elif len(view.doublings) % 2 == 1:
            say = p >= self.re_bar
        else:
            say = p <= self.kontra_bar
        self._doubling_asked = {k: v for k, v in self._doubling_asked.items() if k[:2] == key[:2]}
        self._doubling_asked[key] = say
        return say

    def doubling_chance(self, view: View, rng: random.Random) -> float | None:
        """The share of sampled worlds (``doubling_worlds`` of them, else ``bid_samples``;
        weighed by inference when on) that the declarer side wins open-handed; None when no
        world could be drawn. Like a card, the question stops at ``seconds`` and answers from
        the worlds solved by then (a Farbwenz world at the first card can take half a second)."""
        start = time.perf_counter()
        total = won = 0.0
        for g, w in self.worlds(view, rng, self.doubling_worlds or self.bid_samples):
            if total and self.seconds is not None and time.perf_counter() - start > self.seconds:
                break
            total += w
            won += w * _declarers_win(g)
        return won / total if total else None

    # -- card play ------------------------------------------------------------------------------

    def _play(self, view: View, cards: list[Card], rng: random.Random) -> Card:
        """The card of ``cards`` (the legal cards, or some of them) with the best mean payout
        over the sampled worlds."""
        c = view.contract
        assert c is not None
        start = time.perf_counter()
        totals = dict.fromkeys(cards, 0.0)
        me_declarer = self._on_declarer_side(view)
        thresholds = payout_thresholds(view.rules)
        exact = self.values == "exact"
        done = 0
        for g, w in self.worlds(view, rng, self.samples):
            if done and self.seconds is not None and time.perf_counter() - start > self.seconds:
                break  # out of time: decide on the worlds solved so far
            sign = w if me_declarer else -w
            for card_, value in world_card_values(g, cards, thresholds, exact).items():
                totals[card_] += sign * value
            done += 1
        preferred = _heuristic_card(self._fallback, view, rng, cards)
        if not done:
            return preferred
        return max(cards, key=lambda x: (round(totals[x], 9), x == preferred, -x))

    @staticmethod
    def _on_declarer_side(view: View) -> bool:
        """Whether this seat plays for the declarer side (it knows: it holds or held the Sau)."""
        c = view.contract
        assert c is not None
        if view.seat == c.declarer:
            return True
        if c.kind is not Kind.RUFSPIEL or c.suit is None:
            return False
        return view.partner == view.seat or bool(dealt_hand(view) >> card(c.suit, SAU) & 1)

    def worlds(self, view: View, rng: random.Random, count: int) -> list[tuple[Game, float]]:
        """Up to ``count`` sampled worlds with weights (fewer only if sampling fails).

        With inference, ``oversample`` x ``count`` candidates are weighed by the other seats'
        actions and ``count`` are drawn from them in proportion (systematic resampling); the
        drawn worlds then count alike.
        """
        if not self.inference:
            out: list[tuple[Game, float]] = []
            for _ in range(count):
                try:
                    out.append((sample_world(view, rng), 1.0))
                except SamplingError:
                    break
            return out
        if self.inference_model == "locations":
            return self._located_worlds(view, rng, count)
        candidates: list[Game] = []
        weights: list[float] = []
        lean = _lean(view)
        judged = _judged_plays(view, self.judged_plays)
        plays = [view.history[i][1] for i in sorted(judged)]
        for _ in range(count * self.oversample):
            try:
                g, importance, views = sample_world_watched(view, rng, lean, judged)
            except SamplingError:
                break
            candidates.append(g)
            weights.append(
                importance * (_bidding_weight(g, view) * _play_weight_of(views, plays, rng))
            )
        return [(candidates[i], 1.0) for i in _systematic(weights, count, rng)]

    def _located_worlds(
        self, view: View, rng: random.Random, count: int
    ) -> list[tuple[Game, float]]:
        """:meth:`worlds` with candidates weighed by the learned card location model."""
        scores = default_location_model().scores(view)
        lean = _lean(view)
        candidates: list[Game] = []
        logs: list[float] = []
        for _ in range(count * self.oversample):
            try:
                g, importance = sample_world_weighted(view, rng, lean)
            except SamplingError:
                break
            candidates.append(g)
            located = world_log_weight(scores, g.hands, view.seat) if scores is not None else 0.0
            logs.append(math.log(importance) + located if importance > 0 else -math.inf)
        if not candidates:
            return []
        top = max(logs)
        weights = [math.exp(x - top) for x in logs]
        return [(candidates[i], 1.0) for i in _systematic(weights, count, rng)]

    # -- bidding ----------------------------------------------------------------------------------

    def _bid(self, view: View, rng: random.Random) -> Action:
        legal = view.legal
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

    def _bid_deals(self, view: View, rng: random.Random) -> list[list[list[Card]]]:
        """``bid_samples`` deals around the hand (fewer only if sampling fails)."""
        deals = []
        for _ in range(self.bid_samples):
            try:
                deals.append(sample_deal(view, rng))
            except SamplingError:
                break
        return deals

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
        deals: list[list[list[Card]]] | None = None
        model = default_bidding_model() if self.bidding == "model" else None
        position = (view.seat - view.vorhand) % rules.players
        margins = plan_margins(hand, rules, position == 0) if model is not None else None
        plans: list[_Candidate] = []
        for action in _candidates(rules, hand):
            kind, suit, tout = NAMES[action - NAME_BASE]
            if kind is Kind.SIE:
                plans.append(_Candidate(action, kind, False, 1.0, 1e9))
                continue
            modelled = None
            if model is not None and not tout:
                modelled = model.chance(hand, rules, kind, suit, position, margins)
            if modelled is not None:
                p = modelled
            else:
                if deals is None:
                    deals = self._bid_deals(view, rng)
                wins = sum(_declarers_win(_declared(view, deal, action)) for deal in deals)
                p = wins / len(deals) if deals else 0.0
            value = (2 * p - 1) * world_price(rules, kind, tout)
            plans.append(_Candidate(action, kind, tout, p, value))
        plans.sort(key=lambda p: -p.value)
        self._plans = {key: plans}  # one deal at a time
        return plans


def world_card_values(
    g: Game, cards: Sequence[Card], thresholds: Sequence[int], exact: bool = False
) -> dict[Card, float]:
    """What each of ``cards`` (legal for the seat to move in ``g``) earns the declarer side in
    this open-handed world under perfect play: the stake of the payout bracket it reaches (base
    units; ``exact``: plus its card points / 1000, to tell cards of one bracket apart), or +1 / -1
    for a Bettel or Tout won or lost."""
    from schafkopf.search.solver import move_brackets, move_values_tricks, solve

    c = g.contract
    assert c is not None
    if c.kind is Kind.BETTEL or c.tout:
        tricks = move_values_tricks(g)
        goal = 0 if c.kind is Kind.BETTEL else g.rules.hand_size
        return {x: 1.0 if tricks[x] == goal else -1.0 for x in cards}
    stakes = bracket_stakes(g, c, thresholds)
    if not exact:
        brackets = move_brackets(g, thresholds)
        return {x: stakes[brackets[x]] for x in cards}
    moves = solve(g).moves
    return {x: stakes[bracket_of(moves[x], thresholds)] + moves[x] / 1000.0 for x in cards}


def _doubling_key(view: View) -> tuple[int, int, int, int] | None:
    """What a doubling decision is remembered by (the deal, the level, the seat); None where
    no contract can be doubled."""
    c = view.contract
    if c is None or c.kind is Kind.RAMSCH or c.declarer is None:
        return None
    return (view.dealer, dealt_hand(view), len(view.doublings), view.seat)


def _heuristic_card(
    player: HeuristicPlayer, view: View, rng: random.Random, cards: list[Card]
) -> Card:
    """The rule-based player's card (when no world could be sampled)."""
    a = player.choose(view, rng)
    return a if a in cards else cards[0]


def _systematic(weights: Sequence[float], count: int, rng: random.Random) -> list[int]:
    """``count`` indices drawn in proportion to ``weights`` with one random offset (systematic
    resampling: low variance, every heavy candidate kept)."""
    total = sum(weights)
    if not weights or total <= 0:
        return list(range(min(count, len(weights))))
    step = total / count
    u = rng.random() * step
    out: list[int] = []
    acc = 0.0
    i = 0
    for k in range(count):
        target = u + k * step
        while i < len(weights) - 1 and acc + weights[i] <= target:
            acc += weights[i]
            i += 1
        out.append(i)
    return out


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


def _lean(view: View) -> Lean | None:
    """The proposal for candidate worlds: the declarer's trumps leaned to the declarer."""
    c = view.contract
    if c is None or c.declarer is None or c.declarer == view.seat or c.kind is Kind.RAMSCH:
        return None
    if c.kind is Kind.BETTEL or c.tout:
        return None
    factor = _LEAN_RUFSPIEL if c.kind is Kind.RUFSPIEL else _LEAN_SOLO
    return Lean(c.declarer, play_tables(c.kind, c.suit, view.rules.short).trump_mask, factor)


def _bidding_weight(g: Game, view: View) -> float:
    """How likely the other seats' bids and named contract were with their hands in ``g``.

    The model (fitted to PIMC players, see :data:`_SPIEL_SLOPE`): a seat says spiel with
    probability sigmoid(slope x margin + bias), the margin being its best contract's rating
    (the rule-based :func:`~schafkopf.players.heuristic.plan_margins`), and names a contract
    with probability softmax(margins / T) over the contracts it could play.
    """
    rules = g.rules
    weight = 1.0
    margins: dict[int, Margins] = {}
    earlier_spiel = False
    for s, a in view.history:
        if a != SPIEL and a != WEITER and not (NAME_BASE <= a < NAME_BASE + len(NAMES)):
            continue
        if s == view.seat:
            earlier_spiel = earlier_spiel or a == SPIEL
            continue
        m = margins.get(s)
        if m is None:
            m = margins[s] = plan_margins(g.dealt[s], rules, s == g.vorhand)
        if a == SPIEL or a == WEITER:
            p = sigmoid(_SPIEL_SLOPE * bid_margin(m, earlier_spiel) + _SPIEL_BIAS)
            weight *= p if a == SPIEL else 1.0 - p
            earlier_spiel = earlier_spiel or a == SPIEL
        else:
            weight *= _softmax_share(m, NAMES[a - NAME_BASE])
    return weight


def bid_margin(margins: Margins, after_spiel: bool) -> float:
    """The margin a bid is judged by: the best contract's rating, the Rufspiel left out once
    an earlier seat said spiel (only a solo-type contract can outbid it)."""
    pool = [v for (k, _su, _t), v in margins.items() if not (after_spiel and k is Kind.RUFSPIEL)]
    return max(pool, default=-5.0)


def _softmax_share(margins: Margins, named: tuple[Kind, int | None, bool]) -> float:
    """The named contract's share of softmax(margins / T); small when the hand lacks it."""
    if not margins:
        return 1.0
    top = max(margins.values())
    total = sum(math.exp((v - top) / _NAME_TEMPERATURE) for v in margins.values())
    mine = margins.get(named)
    if mine is None:
        return 1e-3 / total
    return math.exp((mine - top) / _NAME_TEMPERATURE) / total


def _play_weight(g: Game, view: View, rng: random.Random) -> float:
    """How likely the other seats' card plays in world ``g`` were under the rule-based policy.

    Each of the last eight card plays by another seat counts: with k legal cards the seat
    plays the rule-based card with chance :data:`_PLAY_AGREE` [k] and each other card with an
    equal share of the rest.
    """
    judged = _judged_plays(view)
    replay = Game(g.rules, dealer=g.dealer, hands=g.deal, stock=g.stock_before)
    views = replay_watching(replay, view.history, judged)
    return _play_weight_of(views, [view.history[i][1] for i in sorted(judged)], rng)


def _judged_plays(view: View, last: int = 8) -> frozenset[int]:
    """The history's indices of the card plays hand inference judges: of the ``last`` card
    plays, those by other seats."""
    if last <= 0:
        return frozenset()
    history = view.history
    cards_seen = [i for i, (s, a) in enumerate(history) if is_card(a)]
    return frozenset(i for i in cards_seen[-last:] if history[i][0] != view.seat)


def _play_weight_of(views: Sequence[View], plays: Sequence[Card], rng: random.Random) -> float:
    """:func:`_play_weight` from the seats' views before their judged ``plays``."""
    model = HeuristicPlayer("model")
    weight = 1.0
    last = len(_PLAY_AGREE) - 1
    for v, a in zip(views, plays, strict=True):
        k = sum(1 for x in v.legal if is_card(x))
        if k > 1:
            agree = _PLAY_AGREE[min(k, last)]
            p = agree if model.choose(v, rng) == a else (1.0 - agree) / (k - 1)
            weight *= p**_PLAY_TEMPER
    return weight
