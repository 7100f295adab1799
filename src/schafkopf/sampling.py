"""Deal the cards a seat cannot see anew, consistent with everything it saw (for search).

The constraints: every seat's hand size, the cards each seat already played, the suits a seat
showed out of (it could not follow), Sie (all Ober and Unter in one hand), and the called Sau
of a Rufspiel: never the declarer's; not a seat that said Kontra, followed the called suit
without it, or showed out of it; the partner's once revealed (Re, running away); and the
declarer still holds a plain card of the called suit if it has played none. Rules that depend
on the exact hand at a moment (running away needs four cards of the suit) are enforced by
replaying the game on each candidate deal and drawing again if it breaks a rule.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from schafkopf.cards import OBER, SAU, UNTER, Card, card, iter_bits, rank_mask
from schafkopf.rules import Kind

if TYPE_CHECKING:
    from schafkopf.game import Game

_OU = rank_mask(OBER) | rank_mask(UNTER)


class SamplingError(RuntimeError):
    """No deal is consistent with the view (a bug, since the true deal always is)."""


def resample_game(game: Game, seat: int, rng: random.Random, attempts: int = 500) -> Game:
    """A new game with the hidden cards dealt anew and the same history replayed."""
    from schafkopf.game import Game, IllegalActionError

    for _ in range(attempts):
        deal = sample_deal(game, seat, rng)
        g = Game(game.rules, dealer=game.dealer, hands=deal, stock=game.stock_before)
        try:
            g.replay(game.history)
        except IllegalActionError:
            continue  # a hand-dependent rule (e.g. running away) rules this deal out
        return g
    raise SamplingError(f"no consistent deal found for seat {seat} in {attempts} attempts")


def sample_deal(game: Game, seat: int, rng: random.Random) -> list[list[Card]]:
    """Hands at the deal (seat order) that agree with what ``seat`` knows in ``game``."""
    from schafkopf.game import KLOPFEN_PHASE

    n = game.rules.players
    tables = game.tables
    played_by = [0] * n
    void = [0] * n
    tricks = [(t.leader, t.cards) for t in game.tricks]
    if game.trick:
        tricks.append((game.trick_leader, game.trick))
    for leader, cards in tricks:
        lead = tables.eff_suit[cards[0]]
        for i, x in enumerate(cards):
            s = (leader + i) % n
            played_by[s] |= 1 << x
            if i and tables.eff_suit[x] != lead:
                void[s] |= tables.follow[lead]
    own_deal = list(game.deal[seat])
    # During Klopfen a seat has seen only its first packet.
    known_own = own_deal[: len(own_deal) // 2] if game.phase == KLOPFEN_PHASE else own_deal
    known_mask = 0
    for x in known_own:
        known_mask |= 1 << x
    played_all = 0
    for m in played_by:
        played_all |= m
    pool = game.rules.deck_mask & ~known_mask & ~played_all
    need = [game.hands[s].bit_count() for s in range(n)]
    need[seat] -= len(known_own) - played_by[seat].bit_count()
    allowed = [pool & ~void[s] for s in range(n)]
    forced = [0] * n
    declarer_needs = 0
    contract = game.contract
    for s in _sie_seats(game):
        forced[s] |= _OU & pool
    if contract is not None and contract.kind is Kind.RUFSPIEL and game.partner is not None:
        c = contract
        assert c.declarer is not None and c.suit is not None
        sau = card(c.suit, SAU)
        if pool >> sau & 1:
            holder = game.known_partner(seat)
            if holder is None and game.called_sau == 0:
                holder = game.partner  # ran away: the runaway showed it holds the Sau
            if holder is not None:
                forced[holder] |= 1 << sau
            else:
                for s in _not_holders(game, tricks, sau):
                    allowed[s] &= ~(1 << sau)
        suit_plain = tables.follow[c.suit] & ~(1 << sau)
        dealt_known = played_by[c.declarer] | (known_mask if c.declarer == seat else 0)
        if not dealt_known & suit_plain and c.declarer != seat:
            declarer_needs = suit_plain
    declarer = contract.declarer if contract is not None else None
    hidden = _assign(pool, need, allowed, forced, rng, declarer, declarer_needs)
    out: list[list[Card]] = []
    for s in range(n):
        if s == seat:
            rest = list(iter_bits(hidden[s]))
            rng.shuffle(rest)
            out.append(known_own + rest)
        else:
            dealt = list(iter_bits(hidden[s] | played_by[s]))
            rng.shuffle(dealt)
            out.append(dealt)
    return out


def _sie_seats(game: Game) -> list[int]:
    """Seats that declared or offered Sie: they were dealt every Ober and Unter."""
    from schafkopf.actions import NAME_BASE, NAMES, OFFER_BASE, OFFERS, is_name, is_offer

    out = []
    for s, a in game.history:
        if (is_offer(a) and OFFERS[a - OFFER_BASE][0] is Kind.SIE) or (
            is_name(a) and NAMES[a - NAME_BASE][0] is Kind.SIE
        ):
            out.append(s)
    return out


def _not_holders(game: Game, tricks: list[tuple[int, tuple[Card, ...]]], sau: Card) -> set[int]:
    """Seats that cannot hold the (unplayed, unrevealed) called Sau."""
    c = game.contract
    assert c is not None and c.declarer is not None and c.suit is not None
    n = game.rules.players
    eff = game.tables.eff_suit
    out = {c.declarer}
    for k, (s, _at) in enumerate(game.doublings):
        if k % 2 == 0:
            out.add(s)  # Kontra and Sup come from the opponents
    for leader, cards in tricks:
        if eff[cards[0]] != c.suit:
            continue
        # The first trick of the called suit (the Sau is unplayed, so nobody ran away yet):
        # every follower who played a plain card of the suit, or none, would have had to
        # play the Sau; the leader either searched (and is no holder) or ran away.
        for i in range(1, len(cards)):
            out.add((leader + i) % n)
        break
    return out


def _assign(
    pool: int,
    need: list[int],
    allowed: list[int],
    forced: list[int],
    rng: random.Random,
    declarer: int | None,
    declarer_needs: int,
) -> list[int]:
    """Split ``pool`` into hands of the needed sizes within the allowed masks."""
    n = len(need)
    for _ in range(2000):
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
            s = rng.choices(seats, weights)[0]
            hands[s] |= 1 << x
            left[s] -= 1
        if ok and not any(left):
            return hands
    raise SamplingError("no deal satisfies the constraints of this view")
