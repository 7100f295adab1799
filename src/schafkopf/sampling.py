"""Deal the cards a seat cannot see anew, consistent with everything it saw (for search).

The constraints: every seat's hand size, the cards each seat already played, the suits a seat
showed out of (it could not follow), and the called Sau of a Rufspiel (never the declarer's;
the runaway's or the revealed partner's once known; the declarer still holds a plain card of
the called suit if it has played none).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from schafkopf.cards import Card, iter_bits
from schafkopf.rules import Kind

if TYPE_CHECKING:
    from schafkopf.game import Game


class SamplingError(RuntimeError):
    """No deal is consistent with the view (a bug, since the true deal always is)."""


def sample_deal(game: Game, seat: int, rng: random.Random) -> list[list[Card]]:
    """Hands at the deal (seat order) that agree with what ``seat`` knows in ``game``."""
    n = game.rules.players
    tables = game.tables
    from schafkopf.game import DONE, KLOPFEN_PHASE, PLAY

    in_play = game.phase in (PLAY, DONE) and game.contract is not None
    played_by = [0] * n
    void = [0] * n
    for t in game.tricks:
        _note_trick(t.leader, t.cards, n, tables.eff_suit, tables.follow, played_by, void)
    if game.trick:
        _note_trick(
            game.trick_leader, game.trick, n, tables.eff_suit, tables.follow, played_by, void
        )
    own_deal = list(game.deal[seat])
    # During Klopfen a seat has seen only its first packet.
    known_own = own_deal[: len(own_deal) // 2] if game.phase == KLOPFEN_PHASE else own_deal
    known_mask = sum(1 << c for c in known_own)
    played_all = 0
    for m in played_by:
        played_all |= m
    pool = game.rules.deck_mask & ~known_mask & ~played_all
    need = [game.hands[s].bit_count() for s in range(n)]
    need[seat] -= len(known_own) - played_by[seat].bit_count()
    allowed = [pool & ~void[s] for s in range(n)]
    forced = [0] * n
    declarer_needs = 0
    c = game.contract
    if in_play and c is not None and c.kind is Kind.RUFSPIEL and game.partner is not None:
        sau = game.called_sau_card
        if pool >> sau & 1:
            holder = game.known_partner(seat)
            if holder is None and game.called_sau == 0:
                holder = game.partner  # ran away: the runaway showed it holds the Sau
            if holder is not None:
                forced[holder] |= 1 << sau
            else:
                assert c.declarer is not None
                allowed[c.declarer] &= ~(1 << sau)
        assert c.declarer is not None and c.suit is not None
        suit_plain = tables.follow[c.suit] & ~(1 << sau)
        dealt_known = played_by[c.declarer] | (known_mask if c.declarer == seat else 0)
        if not dealt_known & suit_plain and c.declarer != seat:
            declarer_needs = suit_plain
    hidden = _assign(pool, need, allowed, forced, rng, c.declarer if c else None, declarer_needs)
    out: list[list[Card]] = []
    for s in range(n):
        if s == seat:
            rest = list(iter_bits(hidden[s]))
            rng.shuffle(rest)
            out.append(known_own + rest)
        else:
            cards = list(iter_bits(hidden[s] | played_by[s]))
            rng.shuffle(cards)
            out.append(cards)
    return out


def _note_trick(
    leader: int,
    cards: tuple[Card, ...],
    n: int,
    eff: tuple[int, ...],
    follow: tuple[int, ...],
    played_by: list[int],
    void: list[int],
) -> None:
    lead = eff[cards[0]]
    for i, x in enumerate(cards):
        s = (leader + i) % n
        played_by[s] |= 1 << x
        if i and eff[x] != lead:
            void[s] |= follow[lead]


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
        ok = True
        if declarer is not None and declarer_needs and left[declarer] > 0:
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
