"""Bitmask kernels for search, compiled with numba: legal cards, trick winners, random playouts.

The kernels know no rule of their own: :func:`kernel_tables` turns a contract into small numpy
tables taken from :func:`schafkopf.rules.play_tables` (effective suit, card power, follow masks,
Augen) plus the called-Sau data of a Rufspiel, and the jitted functions only index them. The
differential tests (``tests/test_kernels.py``) hold them equal to :class:`schafkopf.game.Game`.

Masks are int64 inside numba (bit ``c`` = card ``c``); a seat's hand is one mask.

>>> from schafkopf.game import Game
>>> from schafkopf.rules import Contract, Kind
>>> g = Game(seed=1)
>>> kt = kernel_tables(Contract(Kind.WENZ, declarer=0), g.rules)
>>> pts = playouts(kt, g.hands, leader=g.vorhand, n_playouts=8, seed=3)
>>> pts.shape, bool((pts.sum(axis=1) == 120).all())
((8, 4), True)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
import numpy.typing as npt
from numba import njit

from schafkopf.cards import AUGEN, SAU, card
from schafkopf.rules import STANDARD, TRUMP, Contract, Kind, Ruleset, play_tables

if TYPE_CHECKING:
    from schafkopf.game import Game

IntArray = npt.NDArray[np.int64]

__all__ = [
    "KernelTables",
    "declarer_points",
    "game_playouts",
    "kernel_tables",
    "legal_cards",
    "playouts",
    "playouts_per_second",
    "popcount",
    "random_games",
    "random_playouts",
    "replay_cards",
    "trick_winner",
]


class KernelTables(NamedTuple):
    """A contract's rule tables for the kernels (all generated from ``rules.play_tables``).

    ``called_sau`` is the called Sau's bitmask while its rules bind (0 once free, and outside a
    Rufspiel), ``called_suit`` its suit (-1 without one); ``declarers`` is the bitmask of seats
    on the declarer side (0 in Ramsch; only the declarer when the partner is not known).
    """

    eff_suit: IntArray
    power: IntArray
    follow: IntArray
    augen: IntArray
    called_sau: int
    called_suit: int
    davonlaufen_min: int
    declarers: int
    players: int


def kernel_tables(
    source: Game | Contract,
    rules: Ruleset | None = None,
    hands: Sequence[int] | None = None,
) -> KernelTables:
    """The kernel tables of a game's contract (with its current called-Sau state) or a contract.

    With a :class:`Contract`, ``rules`` defaults to ``standard`` and the Rufspiel partner is
    found in ``hands`` (dealt masks) when given.
    """
    if isinstance(source, Contract):
        contract = source
        rules = rules or STANDARD
        called_sau, called_suit = 0, -1
        declarers = 0 if contract.declarer is None else 1 << contract.declarer
        if contract.kind is Kind.RUFSPIEL:
            assert contract.suit is not None
            called_sau, called_suit = 1 << card(contract.suit, SAU), contract.suit
            for seat, h in enumerate(hands or ()):
                if int(h) & called_sau:
                    declarers |= 1 << seat
    else:
        game = source
        if game.contract is None:
            raise ValueError("the game has no contract yet: kernel tables need one")
        contract = game.contract
        rules = game.rules
        called_sau, called_suit = game.called_sau, game.called_suit
        declarers = sum(1 << s for s in game.declarers)
        if contract.kind is Kind.RAMSCH:
            declarers = 0
    t = play_tables(contract.kind, contract.suit, rules.short)
    return KernelTables(
        eff_suit=np.array(t.eff_suit, dtype=np.int64),
        power=np.array(t.power, dtype=np.int64),
        follow=np.array(t.follow, dtype=np.int64),
        augen=np.array(AUGEN, dtype=np.int64),
        called_sau=called_sau,
        called_suit=called_suit,
        davonlaufen_min=rules.davonlaufen_min,
        declarers=declarers,
        players=rules.players,
    )


# ---------------------------------------------------------------------------------------------
# Bit helpers

_DEBRUIJN = np.array(
    [0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8,
     31, 27, 13, 23, 21, 19, 16, 7, 26, 12, 18, 6, 11, 5, 10, 9],
    dtype=np.int64,
)  # fmt: skip
_TRUMP = TRUMP


@njit(cache=True)
def popcount(m):  # type: ignore[no-untyped-def]
    """The number of cards in a 32-bit mask (SWAR popcount)."""
    x = m - ((m >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return ((x * 0x01010101) & 0xFFFFFFFF) >> 24


@njit(cache=True)
def _rng_seed(seed):  # type: ignore[no-untyped-def]
    """A non-zero xorshift state from any int seed (one splitmix64-style mix)."""
    z = seed * 0x1E3779B97F4A7C15 + 0x632BE59BD9B4E019
    z = (z ^ ((z >> 30) & 0x00000003FFFFFFFF)) * 0x3F58476D1CE4E5B9
    z = (z ^ ((z >> 27) & 0x0000001FFFFFFFFF)) * 0x14D049BB133111EB
    z ^= (z >> 31) & 0x00000001FFFFFFFF
    return z if z != 0 else 0x2545F4914F6CDD1D


# ---------------------------------------------------------------------------------------------
# Rules as table lookups


@njit(cache=True)
def legal_cards(hand, lead, called_sau, called_suit, davonlaufen_min, eff_suit, follow):  # type: ignore[no-untyped-def]
    """The cards of ``hand`` that may be played on a trick led by ``lead`` (-1: to lead).

    Exactly ``Game._legal_cards``: follow the led suit (trump answers trump); the holder of the
    binding called Sau must play it on its suit, must lead it when leading its suit unless
    running away (``davonlaufen_min`` cards of the suit), and must not discard it before.
    """
    if lead < 0:
        if called_sau & hand:
            suit_cards = hand & follow[called_suit]
            if popcount(suit_cards) < davonlaufen_min:
                return hand & ~(suit_cards & ~called_sau)
        return hand
    same = hand & follow[eff_suit[lead]]
    if same:
        if same & called_sau:
            return called_sau
        return same
    if hand & called_sau and hand != called_sau:
        return hand & ~called_sau
    return hand


@njit(cache=True)
def trick_winner(trick, n_cards, eff_suit, power):  # type: ignore[no-untyped-def]
    """The index (from the leader) of the winning card among ``trick[:n_cards]``."""
    lead = eff_suit[trick[0]]
    best = 0
    best_power = power[trick[0]]
    for i in range(1, n_cards):
        c = trick[i]
        e = eff_suit[c]
        if (e == lead or e == _TRUMP) and power[c] > best_power:
            best = i
            best_power = power[c]
    return best


@njit(cache=True)
def _after_card(seat_hand, pos, c, called_sau, called_suit, eff_suit):  # type: ignore[no-untyped-def]
    """The called-Sau state after ``c`` is played at ``pos`` of a trick by a seat holding
    ``seat_hand`` (before the card): running away frees the Sau."""
    if (
        called_sau
        and pos == 0
        and seat_hand & called_sau
        and eff_suit[c] == called_suit
        and (1 << c) != called_sau
    ):
        return 0
    return called_sau


@njit(cache=True)
def random_games(  # type: ignore[no-untyped-def]
    hands, leader, trick, n_trick, called_sau, called_suit, davonlaufen_min,
    eff_suit, power, follow, augen, n_playouts, seed, record,
):  # fmt: skip
    """Play ``n_playouts`` random legal games from a position; card points per playout and seat.

    The position: ``hands`` (int64 masks, one per seat), the seat ``leader`` who led the current
    trick, its first ``n_trick`` cards in ``trick``, and the called Sau's state. Every legal card
    is equally likely. Returns ``(points, cards, legal)``: int64 ``[n_playouts, players]`` points
    taken from here on and, when ``record``, each card played and the legal mask it was chosen
    from (``[n_playouts, cards left]``; one scratch row otherwise).
    """
    n = hands.shape[0]
    total = 0
    for seat in range(n):
        total += popcount(hands[seat])
    n_tricks = (total + n_trick) // n
    out = np.zeros((n_playouts, n), dtype=np.int64)
    rows = n_playouts if record else 1
    cards = np.zeros((rows, total), dtype=np.int64)
    masks = np.zeros((rows, total), dtype=np.int64)
    s = _rng_seed(seed)
    if n == 4:  # a literal seat count lets LLVM unroll the trick loops (about 10% faster)
        _play_games(
            4, hands, leader, trick, n_trick, called_sau, called_suit, davonlaufen_min,
            eff_suit, power, follow, augen, n_playouts, record, n_tricks, s, out, cards, masks,
        )  # fmt: skip
    else:
        _play_games(
            n, hands, leader, trick, n_trick, called_sau, called_suit, davonlaufen_min,
            eff_suit, power, follow, augen, n_playouts, record, n_tricks, s, out, cards, masks,
        )  # fmt: skip
    return out, cards, masks


@njit(cache=True, inline="always")
def _play_games(  # type: ignore[no-untyped-def]
    n, hands, leader, trick, n_trick, called_sau, called_suit, davonlaufen_min,
    eff_suit, power, follow, augen, n_playouts, record, n_tricks, s, out, cards, masks,
):  # fmt: skip
    """The playout loop of :func:`random_games` for ``n`` seats (inlined into it)."""
    h = np.empty(n, dtype=np.int64)
    t = np.empty(n, dtype=np.int64)
    for p in range(n_playouts):
        for seat in range(n):
            h[seat] = hands[seat]
        for i in range(n_trick):
            t[i] = trick[i]
        row = p if record else 0
        cs = called_sau
        lead_seat = leader
        start = n_trick
        j = 0
        for _ in range(n_tricks):
            for pos in range(start, n):
                seat = lead_seat + pos
                if seat >= n:
                    seat -= n
                hand = h[seat]
                lead = t[0] if pos > 0 else -1
                legal = legal_cards(hand, lead, cs, called_suit, davonlaufen_min, eff_suit, follow)
                if record:
                    masks[row, j] = legal
                # A uniform legal card: popcount, one xorshift64* draw, the k-th set bit.
                x = legal - ((legal >> 1) & 0x55555555)
                x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
                x = (x + (x >> 4)) & 0x0F0F0F0F
                cnt = ((x * 0x01010101) & 0xFFFFFFFF) >> 24
                k = 0
                if cnt > 1:
                    s ^= (s >> 12) & 0x000FFFFFFFFFFFFF
                    s ^= s << 25
                    s ^= (s >> 27) & 0x0000001FFFFFFFFF
                    k = ((((s * 0x2545F4914F6CDD1D) >> 32) & 0xFFFFFFFF) * cnt) >> 32
                for _ in range(k):
                    legal &= legal - 1
                c = _DEBRUIJN[(((legal & -legal) * 0x077CB531) & 0xFFFFFFFF) >> 27]
                if cs and pos == 0 and hand & cs and eff_suit[c] == called_suit and (1 << c) != cs:
                    cs = 0  # the holder ran away: the Sau is a normal card from now on
                h[seat] = hand ^ (1 << c)
                t[pos] = c
                if record:
                    cards[row, j] = c
                    j += 1
            start = 0
            lead_suit = eff_suit[t[0]]
            best = 0
            for i in range(1, n):
                e = eff_suit[t[i]]
                if (e == lead_suit or e == _TRUMP) and power[t[i]] > power[t[best]]:
                    best = i
            w = lead_seat + best
            if w >= n:
                w -= n
            if cs and lead_suit == called_suit:
                cs = 0  # the called suit was led: the Sau is free
            gained = 0
            for i in range(n):
                gained += augen[t[i]]
            out[p, w] += gained
            lead_seat = w
    return s


@njit(cache=True)
def random_playouts(  # type: ignore[no-untyped-def]
    hands, leader, trick, n_trick, called_sau, called_suit, davonlaufen_min,
    eff_suit, power, follow, augen, n_playouts, seed,
):  # fmt: skip
    """Card points per playout and seat (int64 ``[n_playouts, players]``) of ``n_playouts``
    uniformly random legal games from a position (see :func:`random_games`)."""
    out, _, _ = random_games(
        hands, leader, trick, n_trick, called_sau, called_suit, davonlaufen_min,
        eff_suit, power, follow, augen, n_playouts, seed, False,
    )  # fmt: skip
    return out


@njit(cache=True)
def replay_cards(  # type: ignore[no-untyped-def]
    hands, leader, cards, called_sau, called_suit, davonlaufen_min, eff_suit, power, follow, augen,
):  # fmt: skip
    """Replay a game's cards from the deal through the kernel's own state (as the playouts do).

    Returns ``(legal, winners, points)``: the legal mask before each card (-1 from the first
    card that was not legal), the winning seat of each complete trick, and points per seat.
    """
    n = hands.shape[0]
    m = cards.shape[0]
    legal_out = np.full(m, -1, dtype=np.int64)
    winners = np.full(m // n, -1, dtype=np.int64)
    points = np.zeros(n, dtype=np.int64)
    h = hands.copy()
    t = np.empty(n, dtype=np.int64)
    cs = called_sau
    lead_seat = leader
    for j in range(m):
        pos = j % n
        seat = (lead_seat + pos) % n
        hand = h[seat]
        lead = t[0] if pos > 0 else -1
        legal = legal_cards(hand, lead, cs, called_suit, davonlaufen_min, eff_suit, follow)
        c = cards[j]
        if not legal >> c & 1:
            break
        legal_out[j] = legal
        cs = _after_card(hand, pos, c, cs, called_suit, eff_suit)
        h[seat] = hand ^ (1 << c)
        t[pos] = c
        if pos == n - 1:
            w = (lead_seat + trick_winner(t, n, eff_suit, power)) % n
            if cs and eff_suit[t[0]] == called_suit:
                cs = 0
            for i in range(n):
                points[w] += augen[t[i]]
            winners[j // n] = w
            lead_seat = w
    return legal_out, winners, points


# ---------------------------------------------------------------------------------------------
# Typed wrappers


def playouts(
    kt: KernelTables,
    hands: Sequence[int] | IntArray,
    leader: int,
    n_playouts: int,
    seed: int = 0,
    trick: Sequence[int] = (),
    called_sau: int | None = None,
) -> IntArray:
    """Random playouts from a position: int64 ``[n_playouts, players]`` card points from here.

    ``trick`` holds the cards of the current trick, led by ``leader``; ``called_sau`` overrides
    the table's called-Sau state (e.g. after the suit was led).
    """
    h = np.asarray(hands, dtype=np.int64)
    n = h.shape[0]
    if n != kt.players or len(trick) >= n:
        raise ValueError(f"expected {kt.players} hands and a trick of fewer cards")
    total = sum(int(x).bit_count() for x in h) + len(trick)
    if total % n:
        raise ValueError("the hands do not fit the trick: cards left must fill whole tricks")
    t = np.full(n, -1, dtype=np.int64)
    t[: len(trick)] = trick
    cs = kt.called_sau if called_sau is None else called_sau
    out: IntArray = random_playouts(
        h, leader, t, len(trick), cs, kt.called_suit, kt.davonlaufen_min,
        kt.eff_suit, kt.power, kt.follow, kt.augen, n_playouts, seed,
    )  # fmt: skip
    return out


def game_playouts(game: Game, n_playouts: int, seed: int = 0) -> IntArray:
    """Random playouts of a game in play: final card points per playout and seat."""
    if game.contract is None or game.is_over():
        raise ValueError("the game is not in card play")
    kt = kernel_tables(game)
    pts = playouts(kt, game.hands, game.trick_leader, n_playouts, seed, game.trick)
    return pts + np.asarray(game.points, dtype=np.int64)


def declarer_points(kt: KernelTables, points: IntArray) -> IntArray:
    """The declarer side's points per playout, from per-seat points."""
    seats = [s for s in range(kt.players) if kt.declarers >> s & 1]
    out: IntArray = points[:, seats].sum(axis=1)
    return out


def playouts_per_second(
    kt: KernelTables,
    hands: Sequence[int] | IntArray,
    leader: int,
    seconds: float = 1.0,
    repeats: int = 5,
) -> float:
    """Median playouts per second over ``repeats`` timed batches (compile time excluded)."""
    playouts(kt, hands, leader, 16, seed=0)  # compile / load from cache
    batch, rates, seed = 256, [], 1
    while True:
        t0 = time.perf_counter()
        playouts(kt, hands, leader, batch, seed=seed)
        dt = time.perf_counter() - t0
        if dt >= seconds / repeats / 4 or batch >= 1 << 22:
            break
        batch *= 4
    per_repeat = seconds / repeats
    for r in range(repeats):
        done, t0 = 0, time.perf_counter()
        while True:
            playouts(kt, hands, leader, batch, seed=seed + r * 1000 + done)
            done += batch
            dt = time.perf_counter() - t0
            if dt >= per_repeat:
                break
        rates.append(done / dt)
    return float(np.median(rates))
