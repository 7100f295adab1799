"""The observation of one seat as a fixed-size tensor and as text, built from its View alone.

Everything is relative to the observing seat: "seat k" below means k places to its left (0 is
the seat itself), so a network sees every table from the same chair. The tensor
(``float32``, :data:`SIZE` values, all in 0..1) is the concatenation of the blocks in
:data:`LAYOUT`:

==================  =====  =============================================================
block               size   contents
==================  =====  =============================================================
hand                32     own cards (card number = suit * 8 + rank, as in ``cards``)
tricks              1056   8 tricks x (leader: 4 seats one-hot, then 4 plays x 32 cards
                           one-hot in play order); the trick in progress included
bids                16     per seat: said weiter, said spiel, offered, named a contract
knocks              4      per seat: knocked
phase               6      klopfen, bidding, settling, naming, play, done
to_move             4      the seat to act (one-hot; zero when nobody)
dealer              4      the dealer (one-hot)
contract_kind       9      rufspiel, solo, wenz, geier, farbwenz, farbgeier, bettel,
                           ramsch, sie
contract_suit       4      the called suit (Rufspiel) or trump suit (Farb-contracts)
tout                1      the contract is a Tout
declarer            4      the declarer (one-hot)
partner             4      the Rufspiel partner, once this seat knows it
called_sau_played   1      the called Sau has been played
voids               20     per seat: shown out of trump, Eichel, Gras, Herz, Schellen
points              4      card points taken per seat / 120
tricks_won          4      tricks taken per seat / hand size
doublings           16     Kontra, Re, Sup, Hirsch (rows) x who said it (4 seats)
==================  =====  =============================================================

Only what the rules show the seat goes in: its own hand, the public history and the partner
once revealed (the tests hold the tensor to the same leak property as the engine's views).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import numpy as np
import numpy.typing as npt

from schafkopf.actions import DOUBLE, SPIEL, WEITER, action_name, is_card, is_name, is_offer
from schafkopf.cards import SAU, SUITS, card, card_token
from schafkopf.game import BIDDING, DONE, KLOPFEN_PHASE, NAMING, PLAY, SETTLING, _bits
from schafkopf.rules import TRUMP, Kind, play_tables

if TYPE_CHECKING:
    from schafkopf.game import View

FloatArray = npt.NDArray[np.float32]

PHASES: Final = (KLOPFEN_PHASE, BIDDING, SETTLING, NAMING, PLAY, DONE)
KINDS: Final = tuple(Kind)
MAX_SEATS: Final = 4
MAX_TRICKS: Final = 8

LAYOUT: Final[tuple[tuple[str, int], ...]] = (
    ("hand", 32),
    ("tricks", MAX_TRICKS * (MAX_SEATS + MAX_SEATS * 32)),
    ("bids", 4 * MAX_SEATS),
    ("knocks", MAX_SEATS),
    ("phase", len(PHASES)),
    ("to_move", MAX_SEATS),
    ("dealer", MAX_SEATS),
    ("contract_kind", len(KINDS)),
    ("contract_suit", 4),
    ("tout", 1),
    ("declarer", MAX_SEATS),
    ("partner", MAX_SEATS),
    ("called_sau_played", 1),
    ("voids", MAX_SEATS * 5),
    ("points", MAX_SEATS),
    ("tricks_won", MAX_SEATS),
    ("doublings", 4 * MAX_SEATS),
)
"""The tensor's blocks in order: (name, size)."""

OFFSETS: Final[dict[str, int]] = {}
_at = 0
for _name, _size in LAYOUT:
    OFFSETS[_name] = _at
    _at += _size
SIZE: Final = _at
"""Values in one observation tensor."""


_TRICK_WIDTH: Final = MAX_SEATS + MAX_SEATS * 32
_HAND: Final = OFFSETS["hand"]
_POINTS: Final = OFFSETS["points"]
assert OFFSETS["tricks_won"] == _POINTS + MAX_SEATS  # one slice writes both
_PHASE_AT: Final = {p: OFFSETS["phase"] + i for i, p in enumerate(PHASES)}
_KIND_AT: Final = {k: OFFSETS["contract_kind"] + i for i, k in enumerate(KINDS)}
_LEADERS: Final = OFFSETS["tricks"]
_TRICKS: Final = OFFSETS["tricks"] + MAX_SEATS


def encode(view: View) -> FloatArray:
    """The observation tensor of ``view`` (see the module's table)."""
    out = np.zeros(SIZE, dtype=np.float32)
    n = view.rules.players
    me = view.seat
    rel = [(s - me) % n for s in range(n)]
    ones = [_HAND + x for x in _bits(view.hand.mask)]
    tricks = [(t.leader, t.cards) for t in view.tricks]
    if view.trick and view.trick_leader is not None:
        tricks.append((view.trick_leader, view.trick))
    history = view.history
    played = [a for _s, a in history if a < 32]
    # card p of the game is card p % n of trick p // n
    ones += [_TRICKS + (p // n) * _TRICK_WIDTH + 32 * (p % n) + x for p, x in enumerate(played)]
    ones += [_LEADERS + i * _TRICK_WIDTH + rel[leader] for i, (leader, _c) in enumerate(tricks)]
    bids = OFFSETS["bids"]
    contract = view.contract
    for s, a in [(s, a) for s, a in history if a >= 32]:
        if a == WEITER:
            if contract is None:
                ones.append(bids + 4 * rel[s])
        elif a == SPIEL:
            ones.append(bids + 4 * rel[s] + 1)
        elif is_offer(a):
            ones.append(bids + 4 * rel[s] + 2)
        elif is_name(a):
            ones.append(bids + 4 * rel[s] + 3)
    ones += _table_ones(view, rel)
    if contract is not None:
        c = contract
        if c.kind is Kind.RUFSPIEL and c.suit is not None:
            sau = card(c.suit, SAU)
            if any(sau in cards for _l, cards in tricks):
                ones.append(OFFSETS["called_sau_played"])
        eff = play_tables(c.kind, c.suit, view.rules.short).eff_suit
        voids = OFFSETS["voids"]
        ones += [
            voids + 5 * rel[(leader + k) % n] + (0 if eff[cards[0]] == TRUMP else 1 + eff[cards[0]])
            for leader, cards in tricks
            for k in range(1, len(cards))
            if eff[cards[k]] != eff[cards[0]]
        ]
    out[ones] = 1.0
    _write_points(out, view, rel)
    return out


def _table_ones(view: View, rel: list[int]) -> list[int]:
    """The indices set by what is not history: knocks, phase, seat to move, dealer, contract,
    declarer, partner and doublings (``rel``: each seat relative to the observer)."""
    ones = [OFFSETS["knocks"] + rel[s] for s in view.knocks]
    ones.append(_PHASE_AT[view.phase])
    if view.to_move is not None:
        ones.append(OFFSETS["to_move"] + rel[view.to_move])
    ones.append(OFFSETS["dealer"] + rel[view.dealer])
    c = view.contract
    if c is not None:
        ones.append(_KIND_AT[c.kind])
        if c.suit is not None:
            ones.append(OFFSETS["contract_suit"] + c.suit)
        if c.tout:
            ones.append(OFFSETS["tout"])
        if c.declarer is not None:
            ones.append(OFFSETS["declarer"] + rel[c.declarer])
        if view.partner is not None:
            ones.append(OFFSETS["partner"] + rel[view.partner])
    doublings = OFFSETS["doublings"]
    ones.extend(doublings + 4 * level + rel[s] for level, (s, _c) in enumerate(view.doublings[:4]))
    return ones


def _write_points(out: FloatArray, view: View, rel: list[int]) -> None:
    """Card points and tricks taken per seat, as shares of 120 and of the hand size."""
    points = [0.0] * MAX_SEATS
    for s in range(view.rules.players):
        points[rel[s]] = view.points[s] / 120.0
    won = [0.0] * MAX_SEATS
    step = 1.0 / view.rules.hand_size
    for t in view.tricks:
        won[rel[t.winner]] += step
    out[_POINTS : _POINTS + 2 * MAX_SEATS] = points + won


class Encoder:
    """:func:`encode` for one seat through one game, faster: the blocks that follow from the
    history (tricks, leaders, bids, voids, the called Sau) are kept between calls, so each
    call reads only the actions added since the last one. Make a new one for each game; the
    tests hold its tensors equal to :func:`encode`'s at every step."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self._base = np.zeros(SIZE, dtype=np.float32)
        self._weiter: list[int] = []
        self._seen = 0
        self._cards = 0
        self._lead = 0
        self._eff: tuple[int, ...] | None = None
        self._sau = -1

    def __call__(self, view: View) -> FloatArray:
        if view.seat != self.seat:
            raise ValueError(f"this encoder is seat {self.seat}'s, not seat {view.seat}'s")
        history = view.history
        if len(history) < self._seen:
            raise ValueError("the history is shorter than at the last call: a new game?")
        n = view.rules.players
        me = self.seat
        contract = view.contract
        base = self._base
        bids = OFFSETS["bids"]
        for s, a in history[self._seen :]:
            r = (s - me) % n
            if a < 32:
                if self._eff is None:
                    assert contract is not None
                    self._eff = play_tables(contract.kind, contract.suit, view.rules.short).eff_suit
                    if contract.kind is Kind.RUFSPIEL and contract.suit is not None:
                        self._sau = card(contract.suit, SAU)
                eff = self._eff
                p = self._cards
                trick, k = divmod(p, n)
                base[_TRICKS + trick * _TRICK_WIDTH + 32 * k + a] = 1.0
                if k == 0:
                    base[_LEADERS + trick * _TRICK_WIDTH + r] = 1.0
                    self._lead = eff[a]
                elif eff[a] != self._lead:
                    lead = self._lead
                    base[OFFSETS["voids"] + 5 * r + (0 if lead == TRUMP else 1 + lead)] = 1.0
                if a == self._sau:
                    base[OFFSETS["called_sau_played"]] = 1.0
                self._cards = p + 1
            elif a == WEITER:
                self._weiter.append(bids + 4 * r)
            elif a == SPIEL:
                base[bids + 4 * r + 1] = 1.0
            elif is_offer(a):
                base[bids + 4 * r + 2] = 1.0
            elif is_name(a):
                base[bids + 4 * r + 3] = 1.0
        self._seen = len(history)
        out = base.copy()
        rel = [(s - me) % n for s in range(n)]
        ones = [_HAND + x for x in _bits(view.hand.mask)]
        if contract is None:
            ones += self._weiter
        ones += _table_ones(view, rel)
        out[ones] = 1.0
        _write_points(out, view, rel)
        return out


def describe(view: View, names: list[str] | None = None) -> str:
    """The same observation as readable text (one line a fact)."""
    n = view.rules.players
    names = names or [f"seat {s}" for s in range(n)]
    lines = [f"seat {view.seat} ({names[view.seat]}), phase {view.phase}, dealer {view.dealer}"]
    lines.append("hand: " + " ".join(card_token(c) for c in view.hand))
    if view.knocks:
        lines.append("knocked: " + ", ".join(names[s] for s in view.knocks))
    doublings = 0
    said = []
    for s, a in view.history:
        if is_card(a):
            continue
        said.append(f"{names[s]}: {action_name(a, doublings)}")
        doublings += a == DOUBLE
    if said:
        lines.append("said: " + "; ".join(said))
    c = view.contract
    if c is not None:
        what = c.kind.value + (f" {SUITS[c.suit]}" if c.suit is not None else "")
        what += " tout" if c.tout else ""
        who = names[c.declarer] if c.declarer is not None else "nobody"
        lines.append(f"contract: {what} by {who}")
        if view.partner is not None:
            lines.append(f"partner: {names[view.partner]}")
    for i, t in enumerate(view.tricks, 1):
        cards = " ".join(card_token(x) for x in t.cards)
        lines.append(f"trick {i}: {names[t.leader]} led {cards}, won by {names[t.winner]}")
    if view.trick and view.trick_leader is not None:
        cards = " ".join(card_token(x) for x in view.trick)
        lines.append(f"trick now: {names[view.trick_leader]} led {cards}")
    if view.phase in (PLAY, DONE):
        lines.append("points: " + ", ".join(f"{names[s]} {view.points[s]}" for s in range(n)))
    if view.to_move is not None:
        lines.append(f"to move: {names[view.to_move]}")
    legal = [action_name(a, len(view.doublings)) for a in view.legal]
    if legal:
        lines.append("legal: " + " ".join(legal))
    return "\n".join(lines)
