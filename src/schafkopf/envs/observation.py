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
from schafkopf.game import BIDDING, DONE, KLOPFEN_PHASE, NAMING, PLAY, SETTLING
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


def encode(view: View) -> FloatArray:
    """The observation tensor of ``view`` (see the module's table)."""
    out = np.zeros(SIZE, dtype=np.float32)
    n = view.rules.players
    me = view.seat

    def rel(seat: int) -> int:
        return (seat - me) % n

    for x in view.hand:
        out[OFFSETS["hand"] + x] = 1.0
    tricks = [(t.leader, t.cards) for t in view.tricks]
    if view.trick and view.trick_leader is not None:
        tricks.append((view.trick_leader, view.trick))
    base = OFFSETS["tricks"]
    width = MAX_SEATS + MAX_SEATS * 32
    for i, (leader, cards) in enumerate(tricks[:MAX_TRICKS]):
        row = base + i * width
        out[row + rel(leader)] = 1.0
        for k, x in enumerate(cards):
            out[row + MAX_SEATS + 32 * k + x] = 1.0
    for s, a in view.history:
        slot = None
        if a == WEITER and view.contract is None:
            slot = 0
        elif a == SPIEL:
            slot = 1
        elif is_offer(a):
            slot = 2
        elif is_name(a):
            slot = 3
        if slot is not None:
            out[OFFSETS["bids"] + 4 * rel(s) + slot] = 1.0
    for s in view.knocks:
        out[OFFSETS["knocks"] + rel(s)] = 1.0
    out[OFFSETS["phase"] + PHASES.index(view.phase)] = 1.0
    if view.to_move is not None:
        out[OFFSETS["to_move"] + rel(view.to_move)] = 1.0
    out[OFFSETS["dealer"] + rel(view.dealer)] = 1.0
    c = view.contract
    if c is not None:
        out[OFFSETS["contract_kind"] + KINDS.index(c.kind)] = 1.0
        if c.suit is not None:
            out[OFFSETS["contract_suit"] + c.suit] = 1.0
        out[OFFSETS["tout"]] = float(c.tout)
        if c.declarer is not None:
            out[OFFSETS["declarer"] + rel(c.declarer)] = 1.0
        if view.partner is not None:
            out[OFFSETS["partner"] + rel(view.partner)] = 1.0
        if c.kind is Kind.RUFSPIEL and c.suit is not None:
            sau = card(c.suit, SAU)
            played = any(sau in cards for _l, cards in tricks)
            out[OFFSETS["called_sau_played"]] = float(played)
        tables = play_tables(c.kind, c.suit, view.rules.short)
        for leader, cards in tricks:
            lead = tables.eff_suit[cards[0]]
            for k, x in enumerate(cards[1:], 1):
                if tables.eff_suit[x] != lead:
                    column = 0 if lead == TRUMP else 1 + lead
                    out[OFFSETS["voids"] + 5 * rel((leader + k) % n) + column] = 1.0
    for s in range(n):
        out[OFFSETS["points"] + rel(s)] = view.points[s] / 120.0
    hs = view.rules.hand_size
    for t in view.tricks:
        out[OFFSETS["tricks_won"] + rel(t.winner)] += 1.0 / hs
    for level, (s, _at_card) in enumerate(view.doublings[:4]):
        out[OFFSETS["doublings"] + 4 * level + rel(s)] = 1.0
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
    legal = [action_name(a, len(view.doublings)) for a in view.legal_actions]
    if legal:
        lines.append("legal: " + " ".join(legal))
    return "\n".join(lines)
