"""Deal the cards a seat cannot see anew, consistent with everything it saw (for search).

Everything here works from a seat's :class:`~schafkopf.game.View`, so a player can sample the
worlds it might be in. The constraints: every seat's hand size, the cards each seat already
played, the suits a seat showed out of (it could not follow), Sie (all Ober and Unter in one
hand), and the called Sau of a Rufspiel: never the declarer's; not a seat that said Kontra,
followed the called suit without it, or showed out of it; the runaway's or the revealed
partner's once known; and the declarer still holds a plain card of the called suit if it has
played none. Rules that depend on the exact hand at a moment (running away needs four cards
of the suit) are enforced by replaying the game on each candidate deal and drawing again if
it breaks a rule.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from schafkopf.actions import NAME_BASE, NAMES, OFFER_BASE, OFFERS, Action, is_name, is_offer
from schafkopf.cards import OBER, SAU, UNTER, Card, card, iter_bits, rank_mask
from schafkopf.errors import SchafkopfError
from schafkopf.rules import Kind, PlayTables, play_tables

if TYPE_CHECKING:
    from schafkopf.game import Game, View

_OU = rank_mask(OBER) | rank_mask(UNTER)


class SamplingError(SchafkopfError, RuntimeError):
    """No deal is consistent with the view (a bug, since the true deal always is). Still a
    ``RuntimeError`` for code written when it was only that."""

    code = "no_consistent_deal"


@dataclass(frozen=True)
class Lean:
    """A proposal for importance sampling: deal the cards of ``mask`` to ``seat`` ``factor``
    times as readily as the plain draw would. A leaned deal carries the weight that undoes the
    lean, so weighted deals still follow the plain distribution; a hand inference that expects
    a declarer's trumps then finds such hands among far fewer candidates."""

    seat: int
    mask: int
    factor: float


def resample_game(game: Game, seat: int, rng: random.Random, attempts: int = 500) -> Game:
    """A new game with the hidden cards dealt anew and the same history replayed."""
    return sample_world(game.view(seat), rng, attempts=attempts, stock=game.stock_before)


def sample_world(view: View, rng: random.Random, attempts: int = 500, stock: int = 0) -> Game:
    """A full game consistent with ``view``: a sampled deal with the view's history replayed."""
    return sample_world_weighted(view, rng, None, attempts, stock)[0]


def sample_world_weighted(
    view: View, rng: random.Random, lean: Lean | None, attempts: int = 500, stock: int = 0
) -> tuple[Game, float]:
    """:func:`sample_world` drawn with ``lean``, and the deal's importance weight (the plain
    draw's probability of the deal over the leaned draw's; 1.0 without a lean)."""
    g, weight, _views = sample_world_watched(view, rng, lean, (), attempts, stock)
    return g, weight


def sample_world_watched(
    view: View,
    rng: random.Random,
    lean: Lean | None,
    watch: Collection[int],
    attempts: int = 500,
    stock: int = 0,
) -> tuple[Game, float, list[View]]:
    """:func:`sample_world_weighted`, and the acting seat's view before each step of the
    history whose index is in ``watch``, taken on the way (hand inference judges those
    steps in the sampled world without replaying it a second time)."""
    from schafkopf.game import Game, IllegalActionError

    for _ in range(attempts):
        deal, weight = sample_deal_weighted(view, rng, lean)
        g = Game(view.rules, dealer=view.dealer, hands=deal, stock=stock)
        try:
            views = replay_watching(g, view.history, watch)
        except IllegalActionError:
            continue  # a hand-dependent rule (e.g. running away) rules this deal out
        return g, weight, views
    raise SamplingError(f"no consistent deal found for seat {view.seat} in {attempts} attempts")


def replay_watching(
    g: Game, history: Sequence[tuple[int, Action]], watch: Collection[int]
) -> list[View]:
    """Apply ``history`` to ``g``; the views of the acting seats before the steps whose
    index is in ``watch``, in order."""
    if not watch:
        g.replay(history)
        return []
    views: list[View] = []
    for i, (seat, a) in enumerate(history):
        if i in watch:
            views.append(g.view(seat))
        g.apply(a, seat)
    return views


def _tables(view: View) -> PlayTables:
    c = view.contract
    if c is None:
        return play_tables(Kind.RUFSPIEL, 0, view.rules.short)
    return play_tables(c.kind, c.suit, view.rules.short)


def sample_deal(view: View, rng: random.Random) -> list[list[Card]]:
    """Hands at the deal (seat order, first packet first) that agree with ``view``."""
    return sample_deal_weighted(view, rng, None)[0]


def sample_deal_weighted(
    view: View, rng: random.Random, lean: Lean | None
) -> tuple[list[list[Card]], float]:
    """:func:`sample_deal` drawn with ``lean``, and the deal's importance weight."""
    k = deal_constraints(view)
    seat = view.seat
    hidden, weight = _assign(
        k.pool, k.need, k.allowed, k.forced, rng, k.declarer, k.declarer_needs, lean
    )
    out: list[list[Card]] = []
    for s in range(view.rules.players):
        if s == seat:
            rest = list(iter_bits(hidden[s]))
            rng.shuffle(rest)
            out.append(k.known_own + rest)
        else:
            dealt = list(iter_bits(hidden[s] | k.played_by[s]))
            rng.shuffle(dealt)
            out.append(dealt)
    return out, weight


@dataclass(frozen=True)
class Constraints:
    """What a seat knows of where the cards it cannot see are: the hidden ``pool``, how many
    of them each seat holds (``need``), the cards each may hold (``allowed``) and must hold
    (``forced``), what each has played (``played_by``, masks), and the cards the declarer
    must hold one of (``declarer_needs``: a Rufspiel's called suit, none of it played yet)."""

    pool: int
    need: list[int]
    allowed: list[int]
    forced: list[int]
    played_by: list[int]
    known_own: list[Card]
    declarer: int | None
    declarer_needs: int

    def may_hold(self, seat: int, c: Card) -> bool:
        """Whether ``seat`` may hold the hidden card ``c``."""
        return bool((self.allowed[seat] | self.forced[seat]) >> c & 1) and self.need[seat] > 0


def deal_constraints(view: View) -> Constraints:
    """The :class:`Constraints` of ``view``: the suits each seat showed out of, Sie, the called
    Sau's whereabouts, the cards played and the hand sizes."""
    from schafkopf.game import KLOPFEN_PHASE

    rules = view.rules
    n = rules.players
    seat = view.seat
    tables = _tables(view)
    played_by = [0] * n
    void = [0] * n
    tricks = [(t.leader, t.cards) for t in view.tricks]
    if view.trick:
        assert view.trick_leader is not None
        tricks.append((view.trick_leader, view.trick))
    for leader, cards in tricks:
        lead = tables.eff_suit[cards[0]]
        for i, x in enumerate(cards):
            s = (leader + i) % n
            played_by[s] |= 1 << x
            if i and tables.eff_suit[x] != lead:
                void[s] |= tables.follow[lead]
    in_klopfen = view.phase == KLOPFEN_PHASE
    known_own = list(view.hand) + list(iter_bits(played_by[seat]))
    known_mask = view.hand.mask | played_by[seat]
    played_all = 0
    for m in played_by:
        played_all |= m
    pool = rules.deck_mask & ~known_mask & ~played_all
    need = list(view.hand_sizes)
    need[seat] = rules.hand_size - len(known_own) if in_klopfen else 0
    allowed = [pool & ~void[s] for s in range(n)]
    forced = [0] * n
    declarer_needs = 0
    contract = view.contract
    for s in _sie_seats(view):
        if s != seat:
            forced[s] |= _OU & pool
    if contract is not None and contract.kind is Kind.RUFSPIEL:
        c = contract
        assert c.declarer is not None and c.suit is not None
        sau = card(c.suit, SAU)
        if pool >> sau & 1:
            holder = view.partner if view.partner is not None else _runaway(view, tricks, tables)
            if holder is not None:
                forced[holder] |= 1 << sau
            else:
                for s in _not_holders(view, tricks, tables):
                    allowed[s] &= ~(1 << sau)
        suit_plain = tables.follow[c.suit] & ~(1 << sau)
        if c.declarer != seat and not played_by[c.declarer] & suit_plain:
            declarer_needs = suit_plain
    declarer = contract.declarer if contract is not None else None
    return Constraints(pool, need, allowed, forced, played_by, known_own, declarer, declarer_needs)


def _sie_seats(view: View) -> list[int]:
    """Seats that declared or offered Sie: they were dealt every Ober and Unter."""
    out = []
    for s, a in view.history:
        if (is_offer(a) and OFFERS[a - OFFER_BASE][0] is Kind.SIE) or (
            is_name(a) and NAMES[a - NAME_BASE][0] is Kind.SIE
        ):
            out.append(s)
    return out


def _called_tricks(
    view: View, tricks: list[tuple[int, tuple[Card, ...]]], tables: PlayTables
) -> list[tuple[int, tuple[Card, ...]]]:
    c = view.contract
    assert c is not None
    return [(leader, cards) for leader, cards in tricks if tables.eff_suit[cards[0]] == c.suit]


def _runaway(
    view: View, tricks: list[tuple[int, tuple[Card, ...]]], tables: PlayTables
) -> int | None:
    """The seat that ran away, when a finished trick of the called suit lacked the Sau."""
    n = view.rules.players
    called = _called_tricks(view, tricks, tables)
    if called and len(called[0][1]) == n:
        return called[0][0]  # the Sau is unplayed, so the first called-suit lead ran away
    return None


def _not_holders(
    view: View, tricks: list[tuple[int, tuple[Card, ...]]], tables: PlayTables
) -> set[int]:
    """Seats that cannot hold the (unplayed, unrevealed) called Sau."""
    c = view.contract
    assert c is not None and c.declarer is not None
    n = view.rules.players
    out = {c.declarer}
    for k, (s, _at) in enumerate(view.doublings):
        if k % 2 == 0:
            out.add(s)  # Kontra and Sup come from the opponents
    called = _called_tricks(view, tricks, tables)
    if called:
        # The first trick of the called suit, still running: every follower so far would have
        # had to play the Sau; the leader either searched (no holder) or is running away.
        leader, cards = called[0]
        for i in range(1, len(cards)):
            out.add((leader + i) % n)
    return out


def _assign(
    pool: int,
    need: list[int],
    allowed: list[int],
    forced: list[int],
    rng: random.Random,
    declarer: int | None,
    declarer_needs: int,
    lean: Lean | None = None,
) -> tuple[list[int], float]:
    """Split ``pool`` into hands of the needed sizes within the allowed masks, and the split's
    importance weight under ``lean`` (each card's plain seat odds over its leaned odds)."""
    n = len(need)
    lean_seat = lean.seat if lean is not None and lean.factor != 1.0 else -1
    lean_mask = lean.mask if lean is not None else 0
    factor = lean.factor if lean is not None else 1.0
    for _ in range(2000):
        weight = 1.0
        hands = list(forced)
        left = [need[s] - forced[s].bit_count() for s in range(n)]
        rest = pool
        for f in forced:
            rest &= ~f
        cards = list(iter_bits(rest))
        rng.shuffle(cards)
        # most constrained cards first
        cards.sort(key=lambda x: sum(1 for s in range(n) if allowed[s] >> x & 1 and left[s] > 0))
        ok = min(left) >= 0
        if ok and declarer is not None and declarer_needs and left[declarer] > 0:
            options = [x for x in cards if declarer_needs >> x & 1 and allowed[declarer] >> x & 1]
            if not options:
                ok = False
            else:
                x = rng.choice(options)
                hands[declarer] |= 1 << x
                left[declarer] -= 1
                cards.remove(x)
        for x in cards if ok else []:
            seats = [s for s in range(n) if left[s] > 0 and allowed[s] >> x & 1]
            if not seats:
                ok = False
                break
            weights = [left[s] for s in seats]
            if lean_seat in seats and lean_mask >> x & 1:
                leaned = [
                    w * factor if t == lean_seat else w for t, w in zip(seats, weights, strict=True)
                ]
                i = rng.choices(range(len(seats)), leaned)[0]
                weight *= weights[i] * sum(leaned) / (leaned[i] * sum(weights))
                s = seats[i]
            else:
                s = rng.choices(seats, weights)[0]
            hands[s] |= 1 << x
            left[s] -= 1
        if ok and not any(left):
            return hands, weight
    raise SamplingError("no deal satisfies the constraints of this view")
