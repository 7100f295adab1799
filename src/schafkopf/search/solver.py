"""The open-hand (double-dummy) solver: perfect play with all hands visible, for every contract.

The declarer side (``Game.declarers``; in a Rufspiel the declarer and the holder of the called
Sau, known because all hands are open) maximises its final card points, the opponents minimise
them. :func:`solve` gives the exact figure for the position and for every legal card of the seat
to move; :func:`reaches` answers one threshold question (>= 61, >= 91, ...) by a single
null-window search, which is much cheaper. For Tout and Bettel, whose goal is tricks, the trick
versions :func:`declarer_tricks_reach` and :func:`move_values_tricks` play that goal (in Bettel
the declarer avoids tricks and the opponents push them on it). A lost Tout or Bettel ends at
once where the rules say so (``end_early``), as in the engine. Ramsch has no declarer side:
every function here raises :class:`ValueError` for it.

The usual questions: won is ``reaches(g, 61)``, Schneider ``reaches(g, 91)``, Schneider lost
``not reaches(g, 31)``, the opponents Schwarz ``declarer_tricks_reach(g, tricks in the game)``,
the declarers Schwarz ``not declarer_tricks_reach(g, 1)``. Each thread has its own
transposition table (32.5 MiB); a search holds the GIL.

The search, a jitted fail-soft alpha-beta after Bo Haglund's DDS for Bridge:

- the rules come only from :func:`schafkopf.search.kernels.kernel_tables` and
  :func:`schafkopf.search.kernels.legal_cards` (follow suit, called Sau, Davonlaufen); cards are
  renumbered so that each effective suit is a run of bits, lowest power first, which makes "the
  next higher card still out" one bit operation;
- exact values by a sequence of null-window searches that share the transposition table;
- a transposition table at trick boundaries, keyed by the cards still out (the owner of each is
  fixed), the leader and the called-Sau state, holding lower and upper bounds and the best lead;
- equivalent cards merged: cards of one hand that follow each other among the cards still out
  in one effective suit win and lose alike; of such a run only cards of different Augen are
  searched, and only one when the trick surely goes to one side (see :func:`_reduce_moves`);
- bounds: a side cannot get more than what is still out, the top trumps of a side win their
  tricks, a leader who surely takes every trick (a sweep) ends the search, and the last two
  tricks are solved exactly by plain nested loops, the values kept in a small cache;
- move ordering: the table's best lead, then sure tricks, leads to a partner who wins, winning
  cards, Schmieren onto a partner's sure trick, cheap discards; among leads, a history of the
  leads that cut off earlier in the same solve.

>>> from schafkopf.benchmark import dealt_rufspiel
>>> game = dealt_rufspiel(seed=1)
>>> sol = solve(game)
>>> sol.declarer_points == max(sol.moves.values())
True
>>> reaches(game, sol.declarer_points), reaches(game, sol.declarer_points + 1)
(True, False)
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt
from numba import njit, types
from numba.core.extending import intrinsic
from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros

from schafkopf.errors import SchafkopfError
from schafkopf.rules import TRUMP, Kind
from schafkopf.search import kernels
from schafkopf.search.kernels import kernel_tables, trick_winner

if TYPE_CHECKING:
    from schafkopf.game import Game

IntArray = npt.NDArray[np.int64]


class SolverError(SchafkopfError):
    """A position the solver cannot take: not in card play, Ramsch (no declarer side), or
    thresholds out of order. A ``ValueError``, as before it had a code."""

    code = "not_solvable"


__all__ = [
    "Solution",
    "SolverError",
    "declarer_tricks_reach",
    "move_brackets",
    "move_values_tricks",
    "reaches",
    "search_threshold",
    "solve",
]

_TT_BITS: Final = 19
"""The transposition table holds 2**_TT_BITS buckets of two entries: one kept for the larger
subtree, one always replaced (32 MiB)."""
_END_BITS: Final = 13
"""The cache of exact two-trick endgames holds 2**_END_BITS rows of four entries (512 KiB,
small enough to stay in the CPU's cache)."""

# The kernel's arrays. ``tab`` (int64, 1-D): card power, Augen, Augen masks, then the search's
# scalars. ``work`` (int64, rows of 8): the tricks being played, the hands, per depth the ordered
# moves and their scores, the lead history (a count per seat and card: row 4 * seat + card // 8),
# then the transposition table: a row per bucket holding two entries (key, lower bound, upper
# bound, best lead), then the endgame cache: rows of four (key, value) entries. Few arrays keep
# numba's call overhead low.
_T_POW, _T_AUG, _T_AMASK, _T_CFG = 0, 32, 64, 72
_N, _CSUIT, _DLMIN, _CNT, _MAX, _MODE, _END, _STAMP, _TTMASK, _NODES = range(_T_CFG, _T_CFG + 10)
_TAB_SIZE: Final = _T_CFG + 16
_MAX_DEPTH = 40
_W_TRICK, _W_HANDS, _W_MV = 0, 16, 17
_W_SC = _W_MV + _MAX_DEPTH
_W_HIST = _W_SC + _MAX_DEPTH
_W_TT = _W_HIST + 16
_POINTS, _TRICKS = 0, 1
"""Search modes: a trick is worth its Augen, or 1."""
_TRUMP_SUIT = TRUMP
_INF = 1 << 20
_HASH_MUL = -7046029254386353131  # 0x9E3779B97F4A7C15 as a signed int64


# ---------------------------------------------------------------------------------------------
# Bits

# The engine-equal rule kernels, compiled again from their own source so that they are inlined
# into the search (a call that passes arrays costs more than the rule itself).
_legal = njit(inline="always")(kernels.legal_cards.py_func)
_after_card = njit(inline="always")(kernels._after_card.py_func)


def _intrinsics() -> tuple[Any, Any, Any]:
    """Population count and leading/trailing zero counts as single machine instructions
    (numba intrinsics, typed ``Any`` for mypy)."""

    @intrinsic
    def popcnt(typingctx, x):  # type: ignore[no-untyped-def]
        sig = types.int64(types.int64)

        def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
            return builder.ctpop(args[0])

        return sig, codegen

    return popcnt, leading_zeros, trailing_zeros


_popcnt, _leading_zeros, _trailing_zeros = _intrinsics()


@njit(cache=True, inline="always")
def _low_index(m):  # type: ignore[no-untyped-def]
    """The index of the lowest set bit of a non-zero mask."""
    return _trailing_zeros(m)


@njit(cache=True, inline="always")
def _high_index(m):  # type: ignore[no-untyped-def]
    """The index of the highest set bit of a non-zero mask."""
    return 63 - _leading_zeros(m)


@njit(cache=True, inline="always")
def _points_of(mask, tab):  # type: ignore[no-untyped-def]
    """Card points of a mask, from the Sau, Zehn, König, Ober and Unter masks."""
    return (
        11 * _popcnt(mask & tab[_T_AMASK])
        + 10 * _popcnt(mask & tab[_T_AMASK + 1])
        + 4 * _popcnt(mask & tab[_T_AMASK + 2])
        + 3 * _popcnt(mask & tab[_T_AMASK + 3])
        + 2 * _popcnt(mask & tab[_T_AMASK + 4])
    )


@njit(cache=True, inline="always")
def _beats(c, lead_suit, best, eff, tab):  # type: ignore[no-untyped-def]
    """Whether card ``c`` beats the trick's best card so far (``lead_suit`` led): a trump or
    a card of the led suit, with more power (the engine's ``trick_winner`` comparison)."""
    e = eff[c]
    return (e == lead_suit or e == _TRUMP_SUIT) and tab[_T_POW + c] > tab[_T_POW + best]


@njit(cache=True, inline="always")
def _next_seat(seat, n):  # type: ignore[no-untyped-def]
    """The seat after ``seat`` at a table of ``n``."""
    return seat + 1 if seat + 1 < n else 0


# ---------------------------------------------------------------------------------------------
# Endgames and bounds


@njit(cache=True, inline="always")
def _last_trick(leader, eff, tab, work):  # type: ignore[no-untyped-def]
    """The counted side's value of the last trick, where every hand holds one card."""
    n = tab[_N]
    best = _low_index(work[_W_HANDS, leader])
    lead = eff[best]
    ws = leader
    tv = tab[_T_AUG + best]
    seat = leader
    for _ in range(1, n):
        seat = _next_seat(seat, n)
        c = _low_index(work[_W_HANDS, seat])
        tv += tab[_T_AUG + c]
        if _beats(c, lead, best, eff, tab):
            best = c
            ws = seat
    if tab[_MODE] == _TRICKS:
        tv = 1
    return tv if (tab[_CNT] >> ws) & 1 else 0


@njit(cache=True, inline="always")
def _nth_card(mask, k):  # type: ignore[no-untyped-def]
    """The ``k``-th (0 or 1) card of a mask, lowest first."""
    if k:
        mask &= mask - 1
    return _low_index(mask)


@njit(cache=True, inline="always")
def _better(maxing, v, best):  # type: ignore[no-untyped-def]
    """Whether ``v`` is better than ``best`` for the side that maximises (or minimises)."""
    return v > best if maxing else v < best


@njit(cache=True, inline="always")
def _take(maxing, v, best, a, b):  # type: ignore[no-untyped-def]
    """Fold value ``v`` into (best, alpha, beta) for the side to move; True when it cuts off."""
    if not _better(maxing, v, best):
        return best, a, b, False
    if maxing:
        a = max(a, v)
    else:
        b = min(b, v)
    return v, a, b, a >= b


@njit(cache=True)
def _two_tricks(leader, cs, alpha, beta, eff, follow, tab, work):  # type: ignore[no-untyped-def]
    """The last two tricks (every hand holds two cards): fail-soft alpha-beta over at most
    2**players card choices in nested loops, much cheaper than the general search there."""
    n = tab[_N]
    cnt = tab[_CNT]
    maxers = tab[_MAX]
    csuit = tab[_CSUIT]
    dlmin = tab[_DLMIN]
    tricks = tab[_MODE] == _TRICKS
    end = tab[_END]
    s1 = _next_seat(leader, n)
    s2 = _next_seat(s1, n)
    s3 = _next_seat(s2, n)
    four = n == 4
    h0 = work[_W_HANDS, leader]
    h1 = work[_W_HANDS, s1]
    h2 = work[_W_HANDS, s2]
    h3 = work[_W_HANDS, s3] if four else 0
    m0 = (maxers >> leader) & 1
    m1 = (maxers >> s1) & 1
    m2 = (maxers >> s2) & 1
    m3 = (maxers >> s3) & 1
    l0 = _legal(h0, -1, cs, csuit, dlmin, eff, follow)
    best0 = -1 if m0 else _INF
    a0 = alpha
    b0 = beta
    for i0 in range(_popcnt(l0)):
        x = _nth_card(l0, i0)
        ncs = _after_card(h0, 0, x, cs, csuit, eff)
        lead = eff[x]
        l1 = _legal(h1, x, ncs, csuit, dlmin, eff, follow)
        l2 = _legal(h2, x, ncs, csuit, dlmin, eff, follow)
        l3 = _legal(h3, x, ncs, csuit, dlmin, eff, follow) if four else 1
        best1 = -1 if m1 else _INF
        a1 = a0
        b1 = b0
        for i1 in range(_popcnt(l1)):
            y = _nth_card(l1, i1)
            best2 = -1 if m2 else _INF
            a2 = a1
            b2 = b1
            for i2 in range(_popcnt(l2)):
                z = _nth_card(l2, i2)
                best3 = -1 if m3 else _INF
                a3 = a2
                b3 = b2
                for i3 in range(_popcnt(l3)):
                    w = _nth_card(l3, i3) if four else 0
                    # The first trick.
                    wc = x
                    ws = leader
                    tv = tab[_T_AUG + x] + tab[_T_AUG + y] + tab[_T_AUG + z]
                    if _beats(y, lead, wc, eff, tab):
                        wc = y
                        ws = s1
                    if _beats(z, lead, wc, eff, tab):
                        wc = z
                        ws = s2
                    if four:
                        tv += tab[_T_AUG + w]
                        if _beats(w, lead, wc, eff, tab):
                            wc = w
                            ws = s3
                    ours = (cnt >> ws) & 1
                    v = 0
                    if ours:
                        v = 1 if tricks else tv
                    if not ((end == 1 and not ours) or (end == 2 and ours)):
                        # The last trick, led by the first one's winner.
                        r0 = _low_index(h0 ^ (1 << x))
                        r1 = _low_index(h1 ^ (1 << y))
                        r2 = _low_index(h2 ^ (1 << z))
                        r3 = _low_index(h3 ^ (1 << w)) if four else 0
                        if ws == leader:
                            wc = r0
                        elif ws == s1:
                            wc = r1
                        elif ws == s2:
                            wc = r2
                        else:
                            wc = r3
                        lead2 = eff[wc]
                        tv = tab[_T_AUG + r0] + tab[_T_AUG + r1] + tab[_T_AUG + r2]
                        if _beats(r0, lead2, wc, eff, tab):
                            wc = r0
                            ws = leader
                        if _beats(r1, lead2, wc, eff, tab):
                            wc = r1
                            ws = s1
                        if _beats(r2, lead2, wc, eff, tab):
                            wc = r2
                            ws = s2
                        if four:
                            tv += tab[_T_AUG + r3]
                            if _beats(r3, lead2, wc, eff, tab):
                                wc = r3
                                ws = s3
                        if (cnt >> ws) & 1:
                            v += 1 if tricks else tv
                    if not four:
                        best3 = v
                        break
                    best3, a3, b3, cut = _take(m3, v, best3, a3, b3)
                    if cut:
                        break
                best2, a2, b2, cut = _take(m2, best3, best2, a2, b2)
                if cut:
                    break
            best1, a1, b1, cut = _take(m1, best2, best1, a1, b1)
            if cut:
                break
        best0, a0, b0, cut = _take(m0, best1, best0, a0, b0)
        if cut:
            break
    return best0


@njit(cache=True, inline="always")
def _sweep(leader, rest, cs, follow, tab, work):  # type: ignore[no-untyped-def]
    """1 if the leader surely takes every remaining trick for the counted side, 0 if for the
    other side, -1 if that is not sure (or an early end or the called Sau could interfere).

    Sure: the leader's trumps are all above the others' and at least as many as anyone's (so
    leading them first empties the others of trumps), and its plain cards are each above every
    plain card the others hold in that suit.
    """
    h = work[_W_HANDS, leader]
    if cs & h:
        return -1
    n = tab[_N]
    others = rest ^ h
    trumps = follow[_TRUMP_SUIT]
    mine = h & trumps
    theirs = others & trumps
    if theirs:
        if mine == 0 or _low_index(mine) < _high_index(theirs):
            return -1
        if h & ~trumps:
            k = _popcnt(mine)
            for s in range(n):
                if s != leader and _popcnt(work[_W_HANDS, s] & trumps) > k:
                    return -1
    plain = h & ~trumps
    for suit in range(4):
        m = plain & follow[suit]
        if m:
            o = others & follow[suit]
            if o and _low_index(m) < _high_index(o):
                return -1
    ours = (tab[_CNT] >> leader) & 1
    end = tab[_END]
    if (end == 1 and not ours) or (end == 2 and ours):
        return -1
    return ours


@njit(cache=True, inline="always")
def _sure_top_trumps(rest, follow, tab, work):  # type: ignore[no-untyped-def]
    """The Augen of the top trumps still out down to the first one of the other side (each
    wins its trick for its side), signed: positive for the counted side, negative otherwise."""
    trumps = rest & follow[_TRUMP_SUIT]
    if trumps == 0:
        return 0
    n = tab[_N]
    cnt = tab[_CNT]
    top = _high_index(trumps)
    side = 0
    for s in range(n):
        if (work[_W_HANDS, s] >> top) & 1:
            side = (cnt >> s) & 1
    own = 0
    for s in range(n):
        if ((cnt >> s) & 1) == side:
            own |= work[_W_HANDS, s]
    sure = 0
    while trumps:
        c = _high_index(trumps)
        if not (own >> c) & 1:
            break
        sure += tab[_T_AUG + c]
        trumps ^= 1 << c
    return sure if side else -sure


# ---------------------------------------------------------------------------------------------
# Moves


@njit(cache=True, inline="always")
def _trick_is_certain(wcard, wside, pos, ti, leader, eff, follow, tab, work):  # type: ignore[no-untyped-def]
    """Whether a trick now won by ``wcard`` (its side ``wside``) surely goes to that side: no
    later seat of the other side can beat it (following suit where it must)."""
    n = tab[_N]
    cnt = tab[_CNT]
    lead_suit = eff[work[ti, 0]] if pos > 0 else eff[wcard]
    lead_mask = follow[lead_suit]
    trumps = follow[_TRUMP_SUIT]
    we = eff[wcard]
    higher = follow[we] & ~((2 << wcard) - 1)  # same suit, more power (the suits are runs)
    if we != _TRUMP_SUIT:
        higher |= trumps
    s = leader + pos
    if s >= n:
        s -= n
    for _ in range(pos + 1, n):
        s = _next_seat(s, n)
        if ((cnt >> s) & 1) == wside:
            continue
        h = work[_W_HANDS, s]
        if h & lead_mask:
            h &= lead_mask  # must follow
        if h & higher:
            return False
    return True


@njit(cache=True, inline="always")
def _reduce_moves(legal, live, seat, pos, ti, leader, win, cs, eff, follow, tab, work):  # type: ignore[no-untyped-def]
    """The legal cards worth searching: equivalent cards merged.

    A run is cards of one hand that follow each other among the cards still out (the current
    trick included) in one effective suit: they win and lose alike. Counting tricks, the top
    card of a run stands for all. Counting points, neighbours of equal Augen are merged; and
    when the trick surely goes to one side whichever run card is played, the run's most Augen
    go onto one's own side's trick and its fewest onto the other side's (the card kept back can
    only be worth less to oneself later: the two futures mirror each other).
    """
    n = tab[_N]
    cnt = tab[_CNT]
    tricks = tab[_MODE] == _TRICKS
    my_side = (cnt >> seat) & 1
    cand = legal
    run = 0
    m = legal
    while m:
        low = m & -m
        m ^= low
        run |= low
        above = live & follow[eff[_low_index(low)]] & ~((low << 1) - 1)
        nxt = above & -above
        if nxt & legal and not ((low | nxt) & cs):
            continue  # the run goes on
        if run != low:
            top = _low_index(low)
            if tricks:
                cand &= ~(run ^ low)
            else:
                # Who wins the trick when a card of this run is played?
                if pos == 0 or _beats(top, eff[work[ti, 0]], work[ti, win], eff, tab):
                    wcard = top
                    wside = my_side
                else:
                    wcard = work[ti, win]
                    ws = leader + win
                    if ws >= n:
                        ws -= n
                    wside = (cnt >> ws) & 1
                if pos == n - 1 or _trick_is_certain(
                    wcard, wside, pos, ti, leader, eff, follow, tab, work
                ):
                    # Keep one card: the most Augen onto one's own side's trick, else the fewest.
                    keep = 0
                    best_au = -1
                    r = run
                    while r:
                        lb = r & -r
                        r ^= lb
                        au = tab[_T_AUG + _low_index(lb)]
                        if wside == my_side:
                            if au >= best_au:
                                best_au = au
                                keep = lb
                        elif best_au < 0 or au < best_au:
                            best_au = au
                            keep = lb
                    cand &= ~(run ^ keep)
                else:
                    r = run ^ low
                    while r:
                        lb = r & -r
                        r ^= lb
                        nb = run & ~((lb << 1) - 1)
                        nb &= -nb
                        if tab[_T_AUG + _low_index(lb)] == tab[_T_AUG + _low_index(nb)]:
                            cand ^= lb
        run = 0
    return cand


@njit(cache=True, inline="always")
def _order_moves(cand, hint, live, seat, pos, ti, leader, win, eff, follow, tab, work, depth):  # type: ignore[no-untyped-def]
    """Write the moves of ``cand`` into the scratch row of ``depth``, best first; their count.

    Leads: the table's best lead, then sure tricks (most Augen first), low cards to a partner
    who surely wins, trumps; following: sure wins with the most Augen, other wins (strongest
    first), Schmieren onto a partner's sure trick, cheap discards. Bettel's side that avoids
    tricks reverses the preferences. A lead also scores half the cutoffs it made so far in this
    solve (the history heuristic: the null-window searches of one solve meet like positions
    again and again, and the hard deals lose most of their nodes to leads tried before the
    one that cuts off).
    """
    n = tab[_N]
    cnt = tab[_CNT]
    my_side = (cnt >> seat) & 1
    wants_win = ((tab[_MAX] >> seat) & 1) == my_side
    lead_suit = eff[work[ti, 0]] if pos > 0 else -1
    wcard = work[ti, win] if pos > 0 else 0
    wseat = leader + win
    if wseat >= n:
        wseat -= n
    friend_wins = pos > 0 and ((cnt >> wseat) & 1) == my_side
    last = pos == n - 1
    mrow = _W_MV + depth
    srow = _W_SC + depth
    k = 0
    m = cand
    while m:
        low = m & -m
        m ^= low
        c = _low_index(low)
        au = tab[_T_AUG + c]
        pw = tab[_T_POW + c]
        e = eff[c]
        if pos == 0:
            if c == hint:
                s = 1 << 40
            elif _trick_is_certain(c, my_side, pos, ti, leader, eff, follow, tab, work):
                s = 3000 + 4 * au  # a sure trick: the most Augen first
            else:
                s = 100 - 4 * au
                if e == _TRUMP_SUIT:
                    s += pw // 2  # draw trumps
                # Low cards to a partner who surely wins the trick.
                s2 = leader
                for _ in range(1, n):
                    s2 = _next_seat(s2, n)
                    if ((cnt >> s2) & 1) == my_side:
                        h2 = work[_W_HANDS, s2]
                        f2 = h2 & follow[e]
                        top2 = 0
                        if f2:
                            top2 = _high_index(f2)
                        elif e != _TRUMP_SUIT and h2 & follow[_TRUMP_SUIT]:
                            top2 = _high_index(h2 & follow[_TRUMP_SUIT])
                        if top2 > c and _trick_is_certain(
                            top2, my_side, pos, ti, leader, eff, follow, tab, work
                        ):
                            s = 2000 - 4 * au
            if not wants_win:
                s = -s
            if c != hint:
                s += work[_W_HIST + 4 * seat + (c >> 3), c & 7] >> 1
        else:
            beats = _beats(c, lead_suit, wcard, eff, tab)
            if wants_win:
                if beats:
                    if last or _trick_is_certain(
                        c, my_side, pos, ti, leader, eff, follow, tab, work
                    ):
                        s = 3000 + 4 * au - pw // 8  # win it for sure, with the most Augen
                    else:
                        s = 1000 + pw  # try to win it, strongest first
                elif friend_wins:
                    if last or _trick_is_certain(
                        wcard, my_side, pos, ti, leader, eff, follow, tab, work
                    ):
                        s = 2000 + 4 * au  # Schmieren onto a sure trick of one's side
                    else:
                        s = 500 - 4 * au
                else:
                    s = -4 * au - pw // 8  # a cheap discard
            elif beats:
                s = -pw
            else:
                s = 1000 + pw  # (Bettel) duck with the highest card that still loses
        j = k
        while j > 0 and work[srow, j - 1] < s:
            work[mrow, j] = work[mrow, j - 1]
            work[srow, j] = work[srow, j - 1]
            j -= 1
        work[mrow, j] = c
        work[srow, j] = s
        k += 1
    return k


# ---------------------------------------------------------------------------------------------
# Transposition table


@njit(cache=True, inline="always")
def _tt_key(rest, leader, cs, tab):  # type: ignore[no-untyped-def]
    """A position at a trick boundary: the cards still out (their owners are fixed), the
    leader, whether the called Sau still binds, and the search's stamp."""
    return rest | (leader << 32) | ((1 if cs else 0) << 34) | (tab[_STAMP] << 35)


@njit(cache=True, inline="always")
def _tt_row(key, tab):  # type: ignore[no-untyped-def]
    """The row of a key's bucket in ``work`` (a multiplicative hash)."""
    return _W_TT + (((key * _HASH_MUL) >> 29) & tab[_TTMASK])


@njit(cache=True, inline="always")
def _tt_store(work, row, key, best, alpha, beta, rem, best_move, stamp):  # type: ignore[no-untyped-def]
    """Store a fail-soft result (searched in ``(alpha, beta)``) in its bucket: the entry of the
    same position if there is one, else the first entry when the new subtree is at least as
    large as its (which moves to the second), else the second."""
    if work[row, 0] == key:
        e = 0
    elif work[row, 4] == key:
        e = 4
    else:
        old = work[row, 0]
        if (old >> 35) != stamp or _popcnt(old & 0xFFFFFFFF) <= _popcnt(key & 0xFFFFFFFF):
            for j in range(4):
                work[row, 4 + j] = work[row, j]
            e = 0
        else:
            e = 4
        work[row, e] = key
        work[row, e + 1] = 0
        work[row, e + 2] = rem
    if best <= alpha:
        if best < work[row, e + 2]:
            work[row, e + 2] = best
    elif best >= beta:
        if best > work[row, e + 1]:
            work[row, e + 1] = best
    else:
        work[row, e + 1] = best
        work[row, e + 2] = best
    work[row, e + 3] = best_move


@njit(cache=True, inline="always")
def _endgame(leader, cs, rest, rem, eff, follow, tab, work):  # type: ignore[no-untyped-def]
    """The exact value of a two-trick endgame, through a small cache after the transposition
    table (four entries of key and value per row, one picked by the hash): the null-window
    searches of one solve meet the same endgames again and again. Searched in the window
    ``(0, rem)``, which fail-soft returns exactly, as no value lies outside it."""
    key = _tt_key(rest, leader, cs, tab)
    h = (key * _HASH_MUL) >> 29
    row = _W_TT + tab[_TTMASK] + 1 + (h & ((1 << _END_BITS) - 1))
    e = 2 * ((h >> _END_BITS) & 3)
    if work[row, e] == key:
        return work[row, e + 1]
    v = _two_tricks(leader, cs, 0, rem, eff, follow, tab, work)
    work[row, e] = key
    work[row, e + 1] = v
    return v


# ---------------------------------------------------------------------------------------------
# The search

# Per depth (cards played below the root), the search keeps its frame in a row of ``st``.
(_F_TI, _F_POS, _F_LEADER, _F_CS, _F_WIN, _F_TP, _F_REST, _F_ALPHA, _F_BETA, _F_A, _F_B,
 _F_BEST, _F_BMOVE, _F_KEY, _F_ROW, _F_REM, _F_SEAT, _F_HAND, _F_MAXING, _F_K, _F_I,
 _F_GAINED, _F_ONLY) = range(23)  # fmt: skip
_FRAME: Final = 24
_ENTER, _NEXT, _CHILD, _FINISH = range(4)


@njit(cache=True, error_model="numpy")
def _search(pos, leader, cs, win, tp, rest, alpha, beta, only, eff, follow, tab, work):  # type: ignore[no-untyped-def]
    """Fail-soft alpha-beta: the counted side's value from the current trick on.

    The position: the hands in ``work``, the current trick ``work[0, :pos]`` led by ``leader``
    with its winning card at index ``win`` and value ``tp`` so far, the called Sau ``cs`` while
    it binds, ``rest`` the union of the hands. ``only`` restricts the root's moves (a root
    move's value). An explicit stack of frames instead of recursion: numba calls are costly.
    """
    n = tab[_N]
    mode = tab[_MODE]
    cnt = tab[_CNT]
    csuit = tab[_CSUIT]
    end = tab[_END]
    st = np.empty((_MAX_DEPTH, _FRAME), dtype=np.int64)
    st[0, _F_TI] = 0
    st[0, _F_POS] = pos
    st[0, _F_LEADER] = leader
    st[0, _F_CS] = cs
    st[0, _F_WIN] = win
    st[0, _F_TP] = tp
    st[0, _F_REST] = rest
    st[0, _F_ALPHA] = alpha
    st[0, _F_BETA] = beta
    st[0, _F_ONLY] = only
    d = 0
    state = _ENTER
    v = 0
    while True:
        if state == _ENTER:
            tab[_NODES] += 1
            ti = st[d, _F_TI]
            pos = st[d, _F_POS]
            leader = st[d, _F_LEADER]
            cs = st[d, _F_CS]
            rest = st[d, _F_REST]
            alpha = st[d, _F_ALPHA]
            beta = st[d, _F_BETA]
            only = st[d, _F_ONLY]
            key = -1
            row = 0
            hint = -1
            rem = 0
            state = _NEXT
            if pos == 0:
                left = _popcnt(rest)
                rem = _points_of(rest, tab) if mode == _POINTS else left // n
                if left == 0 or beta <= 0:
                    v = 0
                    state = _FINISH
                elif rem <= alpha:
                    v = rem
                    state = _FINISH
                elif left == n:
                    v = _last_trick(leader, eff, tab, work)
                    state = _FINISH
                elif only == -1 and left == 2 * n:
                    v = _endgame(leader, cs, rest, rem, eff, follow, tab, work)
                    state = _FINISH
                elif only == -1:
                    key = _tt_key(rest, leader, cs, tab)
                    row = _tt_row(key, tab)
                    e = 0 if work[row, 0] == key else (4 if work[row, 4] == key else -1)
                    if e >= 0:
                        lo = work[row, e + 1]
                        hi = work[row, e + 2]
                        if lo >= beta:
                            v = lo
                            state = _FINISH
                        elif hi <= alpha:
                            v = hi
                            state = _FINISH
                        elif lo == hi:
                            v = lo  # (an empty window would make fail-soft bounds ambiguous)
                            state = _FINISH
                        else:
                            alpha = max(alpha, lo)
                            beta = min(beta, hi)
                            hint = work[row, e + 3]
                    if state == _NEXT:
                        sw = _sweep(leader, rest, cs, follow, tab, work)
                        if sw >= 0:
                            v = sw * rem
                            state = _FINISH
                if state == _NEXT and mode == _POINTS and end == 0:
                    sure = _sure_top_trumps(rest, follow, tab, work)
                    if sure > 0:
                        if sure >= beta:
                            v = sure
                            state = _FINISH
                        elif sure > alpha:
                            alpha = sure
                    elif sure < 0:
                        if rem + sure <= alpha:
                            v = rem + sure
                            state = _FINISH
                        elif rem + sure < beta:
                            beta = rem + sure
            if state == _FINISH:
                st[d, _F_KEY] = -1  # decided without a search: nothing to store
                st[d, _F_BEST] = v
                continue
            seat = leader + pos
            if seat >= n:
                seat -= n
            hand = work[_W_HANDS, seat]
            lead = work[ti, 0] if pos > 0 else -1
            legal = _legal(hand, lead, cs, csuit, tab[_DLMIN], eff, follow) & only
            live = rest
            for i in range(pos):
                live |= 1 << work[ti, i]
            win = st[d, _F_WIN]
            cand = _reduce_moves(
                legal, live, seat, pos, ti, leader, win, cs, eff, follow, tab, work
            )
            maxing = (tab[_MAX] >> seat) & 1
            st[d, _F_K] = _order_moves(
                cand, hint, live, seat, pos, ti, leader, win, eff, follow, tab, work, d
            )
            st[d, _F_I] = 0
            st[d, _F_SEAT] = seat
            st[d, _F_HAND] = hand
            st[d, _F_MAXING] = maxing
            st[d, _F_ALPHA] = alpha
            st[d, _F_BETA] = beta
            st[d, _F_A] = alpha
            st[d, _F_B] = beta
            st[d, _F_BEST] = -1 if maxing else _INF
            st[d, _F_BMOVE] = -1
            st[d, _F_KEY] = key
            st[d, _F_ROW] = row
            st[d, _F_REM] = rem
        elif state == _NEXT:
            i = st[d, _F_I]
            c = work[_W_MV + d, i]
            st[d, _F_I] = i + 1
            ti = st[d, _F_TI]
            pos = st[d, _F_POS]
            leader = st[d, _F_LEADER]
            seat = st[d, _F_SEAT]
            hand = st[d, _F_HAND]
            bit = 1 << c
            work[_W_HANDS, seat] = hand ^ bit
            ncs = _after_card(hand, pos, c, st[d, _F_CS], csuit, eff)
            work[ti, pos] = c
            ntp = st[d, _F_TP] + tab[_T_AUG + c]
            nwin = st[d, _F_WIN]
            if pos == 0:
                nwin = 0
            elif _beats(c, eff[work[ti, 0]], work[ti, nwin], eff, tab):
                nwin = pos
            nrest = st[d, _F_REST] ^ bit
            e = d + 1
            if pos == n - 1:
                ws = leader + nwin
                if ws >= n:
                    ws -= n
                ours = (cnt >> ws) & 1
                gained = 0
                if ours:
                    gained = ntp if mode == _POINTS else 1
                st[d, _F_GAINED] = gained
                if (end == 1 and not ours) or (end == 2 and ours):
                    v = gained  # the game ends here (a lost Tout or Bettel, end_early)
                    state = _CHILD
                    continue
                if ncs and eff[work[ti, 0]] == csuit:
                    ncs = 0  # the called suit was led: the Sau is free
                st[e, _F_TI] = ti + 1
                st[e, _F_POS] = 0
                st[e, _F_LEADER] = ws
                st[e, _F_WIN] = 0
                st[e, _F_TP] = 0
            else:
                gained = 0
                st[d, _F_GAINED] = 0
                st[e, _F_TI] = ti
                st[e, _F_POS] = pos + 1
                st[e, _F_LEADER] = leader
                st[e, _F_WIN] = nwin
                st[e, _F_TP] = ntp
            st[e, _F_CS] = ncs
            st[e, _F_REST] = nrest
            st[e, _F_ALPHA] = st[d, _F_A] - gained
            st[e, _F_BETA] = st[d, _F_B] - gained
            st[e, _F_ONLY] = -1
            d = e
            state = _ENTER
        elif state == _CHILD:
            # ``v``: the value of the move just played, with the trick it completed.
            work[_W_HANDS, st[d, _F_SEAT]] = st[d, _F_HAND]
            state = _NEXT
            if st[d, _F_MAXING]:
                if v > st[d, _F_BEST]:
                    st[d, _F_BEST] = v
                    st[d, _F_BMOVE] = work[_W_MV + d, st[d, _F_I] - 1]
                    if v > st[d, _F_A]:
                        st[d, _F_A] = v
                        if v >= st[d, _F_B]:
                            state = _FINISH
            elif v < st[d, _F_BEST]:
                st[d, _F_BEST] = v
                st[d, _F_BMOVE] = work[_W_MV + d, st[d, _F_I] - 1]
                if v < st[d, _F_B]:
                    st[d, _F_B] = v
                    if v <= st[d, _F_A]:
                        state = _FINISH
            if state == _FINISH and st[d, _F_POS] == 0:
                # A lead that cut off: count it in the history (see ``_order_moves``).
                c = work[_W_MV + d, st[d, _F_I] - 1]
                hs = _W_HIST + 4 * st[d, _F_SEAT] + (c >> 3)
                work[hs, c & 7] += 1
            if state == _NEXT and st[d, _F_I] == st[d, _F_K]:
                state = _FINISH
        else:  # _FINISH: return the frame's value to its parent
            v = st[d, _F_BEST]
            if st[d, _F_KEY] != -1:
                _tt_store(
                    work, st[d, _F_ROW], st[d, _F_KEY], v, st[d, _F_ALPHA], st[d, _F_BETA],
                    st[d, _F_REM], st[d, _F_BMOVE], tab[_STAMP],
                )  # fmt: skip
            if d == 0:
                return v
            d -= 1
            v += st[d, _F_GAINED]
            state = _CHILD


@njit(cache=True)
def _exact(pos, leader, cs, win, tp, rest, only, upper, first, eff, follow, tab, work):  # type: ignore[no-untyped-def]
    """The exact value of a position: null-window searches that share the transposition
    table, each testing a threshold just under the middle of the interval left (refuting costs
    more than proving, on average), the fail-soft results narrowing it further; the first test
    at ``first`` when that lies inside (a guess)."""
    lower = 0
    gamma = first
    while lower < upper:
        if gamma <= lower or gamma > upper:
            gamma = lower + max(1, (upper - lower) * 9 // 20)
        g = _search(pos, leader, cs, win, tp, rest, gamma - 1, gamma, only, eff, follow, tab, work)
        if g < gamma:
            upper = g
        else:
            lower = g
        gamma = -1
    return lower


@njit(cache=True)
def _move_values(pos, leader, cs, win, tp, rest, moves, upper, eff, follow, tab, work):  # type: ignore[no-untyped-def]
    """The exact value of each root move in ``moves`` (each search first tests the last)."""
    out = np.zeros(moves.shape[0], dtype=np.int64)
    guess = -1
    for i in range(moves.shape[0]):
        only = 1 << moves[i]
        guess = _exact(pos, leader, cs, win, tp, rest, only, upper, guess, eff, follow, tab, work)
        out[i] = guess
    return out


@njit(cache=True)
def _move_brackets(pos, leader, cs, win, tp, rest, moves, needs, upper, eff, follow, tab, work):  # type: ignore[no-untyped-def]
    """Per root move in ``moves``: how many of the ascending thresholds ``needs`` (values from
    here on) it reaches, by bisection with null-window searches; the fail-soft result of each
    search settles every threshold on its side at once."""
    m = needs.shape[0]
    out = np.zeros(moves.shape[0], dtype=np.int64)
    for i in range(moves.shape[0]):
        only = 1 << moves[i]
        lo = 0  # thresholds below lo are reached
        hi = 0  # thresholds from hi on are not
        for k in range(m):
            if needs[k] <= 0:
                lo = k + 1
            if needs[k] <= upper:
                hi = k + 1
        while lo < hi:
            k = (lo + hi) // 2
            gamma = needs[k]
            g = _search(
                pos, leader, cs, win, tp, rest, gamma - 1, gamma, only, eff, follow, tab, work
            )
            if g >= gamma:
                while lo < m and needs[lo] <= g:
                    lo += 1
            else:
                while hi > 0 and needs[hi - 1] > g:
                    hi -= 1
        out[i] = lo
    return out


# ---------------------------------------------------------------------------------------------
# The position in the kernel's numbering


class _Tables:
    """The kernel's scratch rows, transposition table and endgame cache, reused from search to
    search (keys carry a stamp, so a new search needs no clearing; only the lead history is
    cleared)."""

    def __init__(self, bits: int = _TT_BITS) -> None:
        self.mask = (1 << bits) - 1
        self.work: IntArray = np.zeros((_W_TT + (1 << bits) + (1 << _END_BITS), 8), np.int64)
        self.work[_W_TT:, ::2] = -1
        self.stamp = 0

    def next_stamp(self) -> int:
        """A fresh stamp: entries of earlier searches (other deals) no longer match, and the
        lead history starts afresh."""
        self.work[_W_HIST:_W_TT] = 0
        self.stamp += 1
        if self.stamp >= 1 << 28:
            self.work[_W_TT:, ::2] = -1
            self.stamp = 1
        return self.stamp

    def load(self, p: _Position) -> IntArray:
        """The work array holding the position's hands and current trick."""
        self.work[_W_HANDS, : len(p.hands)] = p.hands
        self.work[_W_TRICK, : len(p.trick)] = p.trick
        p.tab[_STAMP] = self.stamp
        p.tab[_TTMASK] = self.mask
        return self.work


_LOCAL = threading.local()


def _tables() -> _Tables:
    """This thread's tables (32.5 MiB, made on first use): searches never share them."""
    t: _Tables | None = getattr(_LOCAL, "tables", None)
    if t is None:
        t = _LOCAL.tables = _Tables()
    return t


@dataclass
class _Position:
    """A game's position renumbered for the kernel, with its objective."""

    perm: list[int]
    """The kernel's number of each card."""
    order: list[int]
    """The card of each kernel number."""
    eff: IntArray
    follow: IntArray
    tab: IntArray
    hands: list[int]
    """The hands, renumbered."""
    trick: list[int]
    """The current trick, renumbered."""
    pos: int
    leader: int
    cs: int
    win: int
    tp: int
    rest: int
    upper: int
    """The most the counted side can still get from here on."""
    base: int
    """What the counted side already has (points or tricks)."""
    legal: int
    """The legal cards of the seat to move (engine numbering)."""

    @property
    def nodes(self) -> int:
        """Search nodes visited so far."""
        return int(self.tab[_NODES])

    def augen(self, k: int) -> int:
        """Card points of the card with kernel number ``k``."""
        return int(self.tab[_T_AUG + k])


def _position(game: Game, tricks: bool) -> _Position:
    """Renumber a game in card play for the kernel, counting points or tricks."""
    if game.phase != "play" or game.contract is None:
        where = "is over" if game.is_over() else "has not reached its card play"
        raise SolverError(f"the game {where}: the solver takes a position in card play")
    contract = game.contract
    if contract.kind is Kind.RAMSCH:
        raise SolverError("Ramsch has no declarer side: the open-hand solver needs one")
    kt = kernel_tables(game)
    n = kt.players
    # Kernel numbering: effective suits in turn, each lowest power first.
    order = sorted(range(32), key=lambda c: (int(kt.eff_suit[c]), int(kt.power[c]), c))
    perm = [0] * 32
    for i, c in enumerate(order):
        perm[c] = i

    def remap(mask: int) -> int:
        out = 0
        while mask:
            low = mask & -mask
            out |= 1 << perm[low.bit_length() - 1]
            mask ^= low
        return out

    tab = np.zeros(_TAB_SIZE, dtype=np.int64)
    for i, c in enumerate(order):
        tab[_T_POW + i] = kt.power[c]
        tab[_T_AUG + i] = kt.augen[c]
    for j, a in enumerate((11, 10, 4, 3, 2)):
        tab[_T_AMASK + j] = remap(sum(1 << c for c in range(32) if kt.augen[c] == a))
    eff = np.array([kt.eff_suit[c] for c in order], dtype=np.int64)
    follow = np.array([remap(int(f)) for f in kt.follow], dtype=np.int64)
    hands = [remap(h) for h in game.hands]
    rest = 0
    for h in hands:
        rest |= h
    trick = game.trick
    win = 0
    if trick:
        win = int(trick_winner(np.array(trick, dtype=np.int64), len(trick), kt.eff_suit, kt.power))
    declarers = kt.declarers
    bettel = contract.kind is Kind.BETTEL
    end = 0
    if game.rules.end_early:
        end = 2 if bettel else (1 if contract.tout else 0)
    tab[_N] = n
    tab[_CSUIT] = kt.called_suit
    tab[_DLMIN] = kt.davonlaufen_min
    tab[_CNT] = declarers
    tab[_MAX] = ((1 << n) - 1) ^ declarers if (tricks and bettel) else declarers
    tab[_MODE] = _TRICKS if tricks else _POINTS
    tab[_END] = end
    seats = [s for s in range(n) if declarers >> s & 1]
    tp = sum(int(kt.augen[c]) for c in trick)
    if tricks:
        upper = (rest.bit_count() + len(trick)) // n
        base = sum(game.trick_counts[s] for s in seats)
    else:
        upper = tp + sum(int(tab[_T_AUG + i]) for i in range(32) if rest >> i & 1)
        base = sum(game.points[s] for s in seats)
    seat = game.to_move
    assert seat is not None
    return _Position(
        perm, order, eff, follow, tab, hands, [perm[c] for c in trick], len(trick),
        game.trick_leader, remap(kt.called_sau),
        win, tp, rest, upper, base, game._legal_cards(seat),
    )  # fmt: skip


def _run_ab(p: _Position, alpha: int, beta: int) -> int:
    """One fail-soft alpha-beta search of the position (value from here on)."""
    t = _tables()
    v: int = _search(
        p.pos, p.leader, p.cs, p.win, p.tp, p.rest, alpha, beta, -1,
        p.eff, p.follow, p.tab, t.load(p),
    )  # fmt: skip
    return int(v)


def _run_exact(p: _Position, first: int = -1) -> int:
    """The exact value of the position from here on (``first``: the first threshold to try)."""
    t = _tables()
    v: int = _exact(
        p.pos, p.leader, p.cs, p.win, p.tp, p.rest, -1, p.upper, first,
        p.eff, p.follow, p.tab, t.load(p),
    )  # fmt: skip
    return int(v)


def _representatives(p: _Position) -> dict[int, int]:
    """Each legal card (engine numbering) mapped to the card searched for it (merged cards)."""
    legal = 0
    for c in range(32):
        if p.legal >> c & 1:
            legal |= 1 << p.perm[c]
    live = p.rest
    for k in p.trick:
        live |= 1 << k
    tricks = p.tab[_MODE] == _TRICKS
    rep: dict[int, int] = {}
    for k in sorted(range(32), reverse=True):  # highest first: a card's neighbour is done
        if not legal >> k & 1:
            continue
        above = live & int(p.follow[p.eff[k]]) & ~((2 << k) - 1)
        nxt = (above & -above).bit_length() - 1 if above else -1
        if (
            nxt >= 0
            and legal >> nxt & 1
            and not ((1 << k | 1 << nxt) & p.cs)
            and (tricks or p.augen(k) == p.augen(nxt))
        ):
            rep[p.order[k]] = rep[p.order[nxt]]
        else:
            rep[p.order[k]] = p.order[k]
    return rep


def _values(p: _Position) -> dict[int, int]:
    """Per legal card: the exact value from here on (merged cards are searched once)."""
    rep = _representatives(p)
    searched = sorted(set(rep.values()))
    t = _tables()
    moves = np.array([p.perm[c] for c in searched], dtype=np.int64)
    out = _move_values(
        p.pos, p.leader, p.cs, p.win, p.tp, p.rest, moves, p.upper,
        p.eff, p.follow, p.tab, t.load(p),
    )  # fmt: skip
    by_rep = {c: int(v) for c, v in zip(searched, out, strict=True)}
    return {c: by_rep[r] for c, r in sorted(rep.items())}


def _maximises(p: _Position, seat: int) -> bool:
    """Whether ``seat`` plays for a high value of the search's objective."""
    return bool(p.tab[_MAX] >> seat & 1)


# ---------------------------------------------------------------------------------------------
# Public API


@dataclass(frozen=True)
class Solution:
    """The open-hand value of a position for the declarer side.

    ``declarer_points``: the declarer side's final card points under perfect play (points
    already taken included); ``moves``: that figure after each legal card of the seat to move
    (engine card numbers; empty when not asked for); ``nodes``: search nodes visited.
    """

    declarer_points: int
    moves: dict[int, int]
    nodes: int


def solve(game: Game, *, moves: bool = True) -> Solution:
    """Solve a game in card play with all hands open: exact final declarer-side card points.

    With ``moves`` (the default) every legal card of the seat to move is valued too, which
    costs a few more searches; the best of them is the position's value.
    """
    p = _position(game, tricks=False)
    t = _tables()
    t.next_stamp()
    if moves:
        vals = _values(p)
        seat = game.to_move
        assert seat is not None
        best = max(vals.values()) if _maximises(p, seat) else min(vals.values())
        return Solution(p.base + best, {c: p.base + v for c, v in vals.items()}, p.nodes)
    v = _run_exact(p)
    return Solution(p.base + v, {}, p.nodes)


def search_threshold(game: Game, threshold: int, *, tricks: bool = False) -> tuple[bool, int]:
    """Whether the declarer side ends with at least ``threshold`` points (or tricks), and the
    nodes the null-window search visited."""
    p = _position(game, tricks=tricks)
    t = _tables()
    t.next_stamp()
    need = threshold - p.base
    if need <= 0:
        return True, 0
    if need > p.upper:
        return False, 0
    v = _run_ab(p, need - 1, need)
    return v >= need, p.nodes


def reaches(game: Game, threshold: int) -> bool:
    """Whether the declarer side ends with ``threshold`` card points or more under perfect play
    (one null-window search: ``reaches(g, 61)`` is the win/lose question)."""
    return search_threshold(game, threshold)[0]


def declarer_tricks_reach(game: Game, tricks: int) -> bool:
    """Whether the declarer side ends with at least ``tricks`` tricks under perfect play.

    The declarer side takes as many tricks as it can, except in Bettel, where the declarer
    avoids them and the opponents push them on it: a Tout is won when this holds for all
    tricks, a Bettel is lost when it holds for 1.
    """
    return search_threshold(game, tricks, tricks=True)[0]


def move_brackets(game: Game, thresholds: Sequence[int]) -> dict[int, int]:
    """Per legal card of the seat to move: how many of ``thresholds`` (ascending final
    declarer-side card points) the declarer side reaches under perfect play after it.

    Cheaper than :func:`solve` when only brackets matter (won, Schneider, ...): a few
    null-window searches per card instead of the exact figure.

    >>> from schafkopf.benchmark import dealt_rufspiel
    >>> game = dealt_rufspiel(seed=1)
    >>> exact = solve(game).moves
    >>> brackets = move_brackets(game, [31, 61, 91])
    >>> all(brackets[c] == sum(v >= t for t in (31, 61, 91)) for c, v in exact.items())
    True
    """
    if list(thresholds) != sorted(set(thresholds)):
        raise SolverError(f"thresholds must ascend strictly, got {list(thresholds)}")
    p = _position(game, tricks=False)
    t = _tables()
    t.next_stamp()
    rep = _representatives(p)
    searched = sorted(set(rep.values()))
    moves = np.array([p.perm[c] for c in searched], dtype=np.int64)
    needs = np.array([x - p.base for x in thresholds], dtype=np.int64)
    out = _move_brackets(
        p.pos, p.leader, p.cs, p.win, p.tp, p.rest, moves, needs, p.upper,
        p.eff, p.follow, p.tab, t.load(p),
    )  # fmt: skip
    by_rep = {c: int(v) for c, v in zip(searched, out, strict=True)}
    return {c: by_rep[r] for c, r in sorted(rep.items())}


def move_values_tricks(game: Game) -> dict[int, int]:
    """Per legal card of the seat to move: the declarer side's final trick count under perfect
    play (for Tout and Bettel; the sides play as in :func:`declarer_tricks_reach`)."""
    p = _position(game, tricks=True)
    _tables().next_stamp()
    return {c: p.base + v for c, v in _values(p).items()}
