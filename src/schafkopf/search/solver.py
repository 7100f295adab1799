"""The open-hand (double-dummy) solver: perfect play with all hands visible, for every contract.

The declarer side (``Game.declarers``; in a Rufspiel the declarer and the holder of the called
Sau, known because all hands are open) maximises its final card points, the opponents minimise
them. :func:`solve` gives the exact figure for the position and for every legal card of the seat
to move; :func:`reaches` answers one threshold question (>= 61, >= 91, ...) by a single
null-window search, which is much cheaper. For Tout and Bettel, whose goal is tricks, the trick
versions :func:`declarer_tricks_reach` and :func:`move_values_tricks` play that goal (in Bettel
the declarer avoids tricks and the opponents push them on it).

The search (a jitted fail-soft alpha-beta, after Bo Haglund's DDS for Bridge):

- the rules come only from :func:`schafkopf.search.kernels.kernel_tables` and
  :func:`schafkopf.search.kernels.legal_cards` (follow suit, called Sau, Davonlaufen); cards are
  renumbered so that each effective suit is a contiguous run of bits, lowest power first, which
  makes "the next higher card still out" one bit operation;
- exact values by MTD(f): a sequence of null-window searches sharing one transposition table;
- a transposition table at trick boundaries, keyed by the cards still out (the owner of each is
  fixed), the leader and the called-Sau state, holding lower and upper bounds and the best lead;
- equivalent cards merged: two cards of one hand that are neighbours among the cards still out
  in one effective suit and have equal Augen (any Augen when counting tricks) lead to the same
  value, so only the higher is searched;
- remaining-points bounds (a side cannot get more than what is still out) and quick tricks
  (the leader's side surely takes the tricks its top trumps win outright);
- move ordering: the table's best lead, then winning cards, Schmieren onto a partner's trick,
  cheap discards.

Ramsch has no declarer side: every function here raises :class:`ValueError` for it.

>>> from schafkopf.benchmark import dealt_rufspiel
>>> game = dealt_rufspiel(seed=1)
>>> sol = solve(game)
>>> sol.declarer_points == max(sol.moves.values())
True
>>> reaches(game, sol.declarer_points), reaches(game, sol.declarer_points + 1)
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import numpy as np
import numpy.typing as npt
from numba import njit

from schafkopf.rules import TRUMP, Kind
from schafkopf.search.kernels import (
    _after_card,
    kernel_tables,
    legal_cards,
    popcount,
    trick_winner,
)

if TYPE_CHECKING:
    from schafkopf.game import Game

IntArray = npt.NDArray[np.int64]

__all__ = [
    "Solution",
    "declarer_tricks_reach",
    "move_values_tricks",
    "reaches",
    "search_threshold",
    "solve",
]

_TT_BITS: Final = 20
"""The transposition table holds 2**_TT_BITS entries (one slot per hash, always replaced)."""

# The kernel's arrays. ``tab`` (int64, 1-D): card power, Augen, Augen masks, then the search's
# scalars (``cfg``). ``work`` (int64, rows of 8): the tricks being played, the hands, and per
# depth the ordered moves and their scores. ``tt``: the transposition table, rows of (key, lower
# bound, upper bound, best lead). Few arrays keep numba's per-call overhead low.
_T_POW, _T_AUG, _T_AMASK, _T_CFG = 0, 32, 64, 72
_N, _CSUIT, _DLMIN, _CNT, _MAX, _MODE, _END, _STAMP, _TTMASK, _NODES = range(_T_CFG, _T_CFG + 10)
_TAB_SIZE: Final = _T_CFG + 16
_W_TRICK, _W_HANDS, _W_MV, _W_SC = 0, 16, 17, 57
_WORK_ROWS: Final = 97
_POINTS, _TRICKS = 0, 1
"""Search modes: a trick is worth its Augen, or 1."""
_TRUMP_SUIT = TRUMP
_HASH_MUL = -7046029254386353131  # 0x9E3779B97F4A7C15 as a signed int64


# ---------------------------------------------------------------------------------------------
# The kernel


@njit(cache=True, inline="always")
def _low_index(m):  # type: ignore[no-untyped-def]
    """The index of the lowest set bit of a non-zero mask below 2**32."""
    return popcount((m & -m) - 1)


@njit(cache=True, inline="always")
def _high_index(m):  # type: ignore[no-untyped-def]
    """The index of the highest set bit of a non-zero mask below 2**32."""
    m |= m >> 1
    m |= m >> 2
    m |= m >> 4
    m |= m >> 8
    m |= m >> 16
    return popcount(m) - 1


@njit(cache=True, inline="always")
def _points_of(mask, tab):  # type: ignore[no-untyped-def]
    """Card points of a mask, from the Sau, Zehn, König, Ober and Unter masks."""
    return (
        11 * popcount(mask & tab[_T_AMASK])
        + 10 * popcount(mask & tab[_T_AMASK + 1])
        + 4 * popcount(mask & tab[_T_AMASK + 2])
        + 3 * popcount(mask & tab[_T_AMASK + 3])
        + 2 * popcount(mask & tab[_T_AMASK + 4])
    )


@njit(cache=True)
def _last_trick(leader, eff, tab, work):  # type: ignore[no-untyped-def]
    """The counted side's value of the last trick, where every hand holds one card."""
    n = tab[_N]
    best = _low_index(work[_W_HANDS, leader])
    lead = eff[best]
    ws = leader
    tv = tab[_T_AUG + best]
    for i in range(1, n):
        seat = leader + i
        if seat >= n:
            seat -= n
        c = _low_index(work[_W_HANDS, seat])
        tv += tab[_T_AUG + c]
        e = eff[c]
        if (e == lead or e == _TRUMP_SUIT) and tab[_T_POW + c] > tab[_T_POW + best]:
            best = c
            ws = seat
    if tab[_MODE] == _TRICKS:
        tv = 1
    return tv if (tab[_CNT] >> ws) & 1 else 0


@njit(cache=True)
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
            k = popcount(mine)
            for s in range(n):
                if s != leader and popcount(work[_W_HANDS, s] & trumps) > k:
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


@njit(cache=True)
def _sure_top_trumps(rest, follow, tab, work):  # type: ignore[no-untyped-def]
    """The Augen of the top trumps still out down to the first one of the other side (they win
    their tricks for their side), signed: positive for the counted side, negative otherwise."""
    trumps = rest & follow[_TRUMP_SUIT]
    if trumps == 0:
        return 0
    n = tab[_N]
    cnt = tab[_CNT]
    top = _high_index(trumps)
    own = 0
    side = 0
    for s in range(n):
        if (work[_W_HANDS, s] >> top) & 1:
            side = (cnt >> s) & 1
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


_AB_SIGNATURE: Final = (
    "int64(int64, int64, int64, int64, int64, int64, int64, int64, int64, int64, int64,"
    " int64[::1], int64[::1], int64[::1], int64[:, ::1], int64[:, ::1])"
)
"""An explicit signature: numba's on-disk cache of a recursive function is only safe with one."""


@njit(_AB_SIGNATURE, cache=True)
def _ab(  # type: ignore[no-untyped-def]
    ti, pos, leader, cs, win, tp, rest, alpha, beta, only, depth, eff, follow, tab, work, tt,
):  # fmt: skip
    """Fail-soft alpha-beta: the counted side's value from the current trick on.

    The position: the hands in ``work``, the current trick ``work[ti, :pos]`` led by ``leader``
    with its winning card at index ``win`` and value ``tp`` so far, the called Sau ``cs`` while
    it binds, ``rest`` the union of the hands. ``only`` restricts the moves of this node (the
    root's move values); ``depth`` indexes the scratch rows of ordered moves.
    """
    n = tab[_N]
    mode = tab[_MODE]
    cnt = tab[_CNT]
    csuit = tab[_CSUIT]
    tab[_NODES] += 1
    zero = n - n  # recursive calls take no literal arguments (they break numba's cache)
    key = -1
    slot = 0
    hint = -1
    rem = 0
    if pos == 0:
        left = popcount(rest)
        if left == 0:
            return 0
        if mode == _POINTS:
            rem = _points_of(rest, tab)
        else:
            rem = left // n
        if rem <= alpha:
            return rem
        if beta <= 0:
            return 0
        if left == n:
            return _last_trick(leader, eff, tab, work)
        sw = _sweep(leader, rest, cs, follow, tab, work)
        if sw >= 0:
            return sw * rem
        if mode == _POINTS and tab[_END] == 0:
            sure = _sure_top_trumps(rest, follow, tab, work)
            if sure > 0:
                if sure >= beta:
                    return sure
                if sure > alpha:
                    alpha = sure
            elif sure < 0:
                if rem + sure <= alpha:
                    return rem + sure
                if rem + sure < beta:
                    beta = rem + sure
        if only == -1:
            key = rest | (leader << 32) | ((1 if cs else 0) << 34) | (tab[_STAMP] << 35)
            slot = ((key * _HASH_MUL) >> 29) & tab[_TTMASK]
            if tt[slot, 0] == key:
                lo = tt[slot, 1]
                hi = tt[slot, 2]
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
                hint = tt[slot, 3]
    seat = leader + pos
    if seat >= n:
        seat -= n
    hand = work[_W_HANDS, seat]
    lead = work[ti, 0] if pos > 0 else -1
    legal = legal_cards(hand, lead, cs, csuit, tab[_DLMIN], eff, follow) & only
    live = rest
    for i in range(pos):
        live |= 1 << work[ti, i]
    # Merge equivalent cards: keep the higher of two neighbours among the cards still out.
    cand = legal
    m = legal
    while m:
        low = m & -m
        m ^= low
        above = live & follow[eff[_low_index(low)]] & ~((low << 1) - 1)
        if above:
            nxt = above & -above
            if nxt & legal and not ((low | nxt) & cs):
                if mode == _TRICKS or tab[_T_AUG + _low_index(low)] == tab[_T_AUG + _low_index(nxt)]:
                    cand ^= low
    # Order the moves: a score per card, then insertion sort (descending).
    maxing = (tab[_MAX] >> seat) & 1
    wants_win = maxing == ((cnt >> seat) & 1)
    lead_suit = eff[lead] if pos > 0 else -1
    wcard = work[ti, win] if pos > 0 else 0
    wpow = tab[_T_POW + wcard]
    wseat = leader + win
    if wseat >= n:
        wseat -= n
    friend_wins = pos > 0 and ((cnt >> wseat) & 1) == ((cnt >> seat) & 1)
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
            else:
                # A card that is the highest still out of its suit wins unless trumped.
                if live & follow[e] & ~((low << 1) - 1) == 0:
                    s = 500 + au + (100 if e == _TRUMP_SUIT else 0)
                else:
                    s = 100 - au - (50 if e == _TRUMP_SUIT else 0)
                if not wants_win:
                    s = -s
        else:
            beats = (e == lead_suit or e == _TRUMP_SUIT) and pw > wpow
            if wants_win:
                if friend_wins:
                    s = (200 if not beats else 100) + 4 * au
                elif beats:
                    s = 1000 + (4 * au if last else pw)
                else:
                    s = -4 * au - pw // 8
            elif beats:
                s = -pw
            else:
                s = 1000 + pw
        j = k
        while j > 0 and work[srow, j - 1] < s:
            work[mrow, j] = work[mrow, j - 1]
            work[srow, j] = work[srow, j - 1]
            j -= 1
        work[mrow, j] = c
        work[srow, j] = s
        k += 1
    a = alpha
    b = beta
    best = -1 if maxing else 1 << 20
    best_move = -1
    end = tab[_END]
    for i in range(k):
        c = work[mrow, i]
        bit = 1 << c
        work[_W_HANDS, seat] = hand ^ bit
        ncs = _after_card(hand, pos, c, cs, csuit, eff)
        work[ti, pos] = c
        ntp = tp + tab[_T_AUG + c]
        nwin = win
        if pos == 0:
            nwin = 0
        else:
            e = eff[c]
            if (e == lead_suit or e == _TRUMP_SUIT) and tab[_T_POW + c] > wpow:
                nwin = pos
        if pos == n - 1:
            ws = leader + nwin
            if ws >= n:
                ws -= n
            ours = (cnt >> ws) & 1
            gained = 0
            if ours:
                gained = ntp if mode == _POINTS else 1
            if ncs and eff[work[ti, 0]] == csuit:
                ncs = 0
            if (end == 1 and not ours) or (end == 2 and ours):
                v = gained
            else:
                v = gained + _ab(
                    ti + 1, zero, ws, ncs, zero, zero, rest ^ bit, a - gained, b - gained,
                    zero - 1, depth + 1, eff, follow, tab, work, tt,
                )  # fmt: skip
        else:
            v = _ab(
                ti, pos + 1, leader, ncs, nwin, ntp, rest ^ bit, a, b, zero - 1, depth + 1,
                eff, follow, tab, work, tt,
            )  # fmt: skip
        work[_W_HANDS, seat] = hand
        if maxing:
            if v > best:
                best = v
                best_move = c
                if v > a:
                    a = v
                    if a >= b:
                        break
        elif v < best:
            best = v
            best_move = c
            if v < b:
                b = v
                if a >= b:
                    break
    if key != -1:
        if tt[slot, 0] != key:
            tt[slot, 0] = key
            tt[slot, 1] = 0
            tt[slot, 2] = rem
        if best <= alpha:
            if best < tt[slot, 2]:
                tt[slot, 2] = best
        elif best >= beta:
            if best > tt[slot, 1]:
                tt[slot, 1] = best
        else:
            tt[slot, 1] = best
            tt[slot, 2] = best
        tt[slot, 3] = best_move
    return best


@njit(cache=True)
def _mtd(pos, leader, cs, win, tp, rest, only, guess, upper, eff, follow, tab, work, tt):  # type: ignore[no-untyped-def]
    """The exact value of a position by MTD(f): null-window searches from ``guess``."""
    lower = 0
    g = min(max(guess, 0), upper)
    while lower < upper:
        beta = g + 1 if g == lower else g
        g = _ab(0, pos, leader, cs, win, tp, rest, beta - 1, beta, only, 0, eff, follow, tab, work, tt)
        if g < beta:
            upper = g
        else:
            lower = g
    return lower


@njit(cache=True)
def _move_values(  # type: ignore[no-untyped-def]
    pos, leader, cs, win, tp, rest, moves, upper, eff, follow, tab, work, tt,
):  # fmt: skip
    """The exact value of each root move in ``moves``."""
    out = np.zeros(moves.shape[0], dtype=np.int64)
    guess = upper // 2
    for i in range(moves.shape[0]):
        v = _mtd(pos, leader, cs, win, tp, rest, 1 << moves[i], guess, upper, eff, follow, tab, work, tt)
        guess = v
        out[i] = v
    return out


# ---------------------------------------------------------------------------------------------
# The position in the kernel's numbering


class _Tables:
    """The transposition table, reused from search to search (entries carry a stamp)."""

    def __init__(self, bits: int = _TT_BITS) -> None:
        self.mask = (1 << bits) - 1
        self.tt: IntArray = np.zeros((1 << bits, 4), dtype=np.int64)
        self.tt[:, 0] = -1
        self.stamp = 0

    def next_stamp(self) -> int:
        """A fresh stamp: entries of earlier searches (other deals) no longer match."""
        self.stamp += 1
        if self.stamp >= 1 << 28:
            self.tt[:, 0] = -1
            self.stamp = 1
        return self.stamp


_TABLES: _Tables | None = None


def _tables() -> _Tables:
    global _TABLES
    if _TABLES is None:
        _TABLES = _Tables()
    return _TABLES


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
    work: IntArray
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
        raise ValueError(f"the game is not in card play (phase {game.phase!r})")
    contract = game.contract
    if contract.kind is Kind.RAMSCH:
        raise ValueError("Ramsch has no declarer side: the open-hand solver needs one")
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
    work = np.zeros((_WORK_ROWS, 8), dtype=np.int64)
    rest = 0
    for s, h in enumerate(game.hands):
        work[_W_HANDS, s] = remap(h)
        rest |= remap(h)
    trick = game.trick
    for i, c in enumerate(trick):
        work[_W_TRICK, i] = perm[c]
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
        perm, order, eff, follow, tab, work, len(trick), game.trick_leader, remap(kt.called_sau),
        win, tp, rest, upper, base, game._legal_cards(seat),
    )  # fmt: skip


def _run_ab(p: _Position, alpha: int, beta: int) -> int:
    """One fail-soft alpha-beta search of the position (value from here on)."""
    t = _tables()
    p.tab[_STAMP] = t.stamp
    p.tab[_TTMASK] = t.mask
    v: int = _ab(
        0, p.pos, p.leader, p.cs, p.win, p.tp, p.rest, alpha, beta, -1, 0,
        p.eff, p.follow, p.tab, p.work, t.tt,
    )  # fmt: skip
    return int(v)


def _run_mtd(p: _Position, guess: int) -> int:
    """The exact value of the position from here on."""
    t = _tables()
    p.tab[_STAMP] = t.stamp
    p.tab[_TTMASK] = t.mask
    v: int = _mtd(
        p.pos, p.leader, p.cs, p.win, p.tp, p.rest, -1, guess, p.upper,
        p.eff, p.follow, p.tab, p.work, t.tt,
    )  # fmt: skip
    return int(v)


def _representatives(p: _Position) -> dict[int, int]:
    """Each legal card (engine numbering) mapped to the card searched for it (merged cards)."""
    legal = 0
    for c in range(32):
        if p.legal >> c & 1:
            legal |= 1 << p.perm[c]
    live = p.rest
    for i in range(p.pos):
        live |= 1 << int(p.work[_W_TRICK, i])
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
    p.tab[_STAMP] = t.stamp
    p.tab[_TTMASK] = t.mask
    moves = np.array([p.perm[c] for c in searched], dtype=np.int64)
    out = _move_values(
        p.pos, p.leader, p.cs, p.win, p.tp, p.rest, moves, p.upper,
        p.eff, p.follow, p.tab, p.work, t.tt,
    )  # fmt: skip
    by_rep = {c: int(v) for c, v in zip(searched, out, strict=True)}
    return {c: by_rep[r] for c, r in sorted(rep.items())}


def _maximises(p: _Position, seat: int) -> bool:
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
    v = _run_mtd(p, p.upper // 2)
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


def move_values_tricks(game: Game) -> dict[int, int]:
    """Per legal card of the seat to move: the declarer side's final trick count under perfect
    play (for Tout and Bettel; the sides play as in :func:`declarer_tricks_reach`)."""
    p = _position(game, tricks=True)
    _tables().next_stamp()
    return {c: p.base + v for c, v in _values(p).items()}
