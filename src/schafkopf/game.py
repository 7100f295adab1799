"""A game of Schafkopf as a state machine over one flat action space.

Deal, then (optionally) Klopfen, the interest round (``weiter``/``spiel``), the settling round
(offers by rank), naming the contract, card play with Kontra/Re, and the result:

>>> from schafkopf.actions import WEITER, SPIEL, name_action
>>> from schafkopf.rules import Kind
>>> g = Game(seed=7)
>>> g.phase, g.to_move
('bidding', 1)
>>> len(g.legal_actions()) > 0
True

Every decision is :meth:`Game.apply` of an int from :meth:`Game.legal_actions`; an illegal
action raises :class:`IllegalActionError` saying why and changes nothing; :meth:`Game.undo`
takes the last action back exactly. :meth:`Game.view` is what one seat may know;
:meth:`Game.resample` deals the hidden cards anew, consistent with a view (for search).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from schafkopf.actions import (
    DOUBLE,
    KLOPFEN,
    NAME_BASE,
    NAMES,
    NICHT_KLOPFEN,
    NUM_ACTIONS,
    OFFER_BASE,
    OFFERS,
    SPIEL,
    WEITER,
    Action,
    ActionError,
    History,
    Step,
    action_name,
    parse_action,
    step_of,
)
from schafkopf.cards import (
    FULL_MASK,
    OBER,
    SAU,
    SHORT_MASK,
    UNTER,
    Card,
    CardSet,
    as_index,
    card,
    card_token,
    iter_bits,
    parse_card,
    rank_mask,
)
from schafkopf.errors import (
    GameError,
    GameNotOverError,
    IllegalActionError,
    NothingToUndoError,
    SeatError,
)
from schafkopf.refusals import refusal
from schafkopf.rules import (
    STANDARD,
    TRUMP,
    Contract,
    Kind,
    PlayTables,
    Ruleset,
    play_tables,
)
from schafkopf.scoring import Result, score

__all__ = [
    "BIDDING", "DONE", "KLOPFEN_PHASE", "NAMING", "PLAY", "SETTLING",
    "Game", "GameError", "GameNotOverError", "IllegalActionError", "NothingToUndoError",
    "SeatError", "Trick", "View",
]  # fmt: skip

KLOPFEN_PHASE: Final = "klopfen"
BIDDING: Final = "bidding"
SETTLING: Final = "settling"
NAMING: Final = "naming"
PLAY: Final = "play"
DONE: Final = "done"

_OU_MASK: Final = rank_mask(OBER) | rank_mask(UNTER)
_BYTE_BITS: Final = tuple(
    tuple(tuple(8 * k + i for i in range(8) if b >> i & 1) for b in range(256)) for k in range(4)
)


def _refuse(reason: str, message: str, **params: Any) -> IllegalActionError:
    """An :class:`IllegalActionError` with its reason code and parameters."""
    return IllegalActionError(message, reason, **params)


def _augen_of(mask: int) -> int:
    """Card points of a mask: Sau, Zehn, König, Ober, Unter counted by rank masks."""
    return (
        11 * (mask & _RANK_MASKS[0]).bit_count()
        + 10 * (mask & _RANK_MASKS[1]).bit_count()
        + 4 * (mask & _RANK_MASKS[2]).bit_count()
        + 3 * (mask & _RANK_MASKS[3]).bit_count()
        + 2 * (mask & _RANK_MASKS[4]).bit_count()
    )


_RANK_MASKS: Final = tuple(rank_mask(r) for r in range(8))


def _bits(m: int) -> list[Card]:
    """The cards of a mask as a list, lowest first (table-driven: on the hot path)."""
    t0, t1, t2, t3 = _BYTE_BITS
    return [*t0[m & 255], *t1[m >> 8 & 255], *t2[m >> 16 & 255], *t3[m >> 24]]


_RUF_PLAIN: Final = tuple((0xFF << 8 * s) & ~_OU_MASK for s in range(4))
"""The plain cards of each suit when Ober and Unter are trumps."""
_PRE_CONTRACT: Final = play_tables(Kind.RUFSPIEL, 0, False)
_HAND_BOUND: Final = frozenset({Kind.RUFSPIEL, Kind.SIE})
_NameRow = tuple[Action, Kind, int | None, int, bool]
_OfferRow = tuple[Action, int, bool]


class _BidTables(NamedTuple):
    """What a ruleset allows to name and offer, with ranks, precomputed for the hot path."""

    names: list[_NameRow]
    """(action, kind, suit, rank, playable by any hand) for every allowed contract."""
    offers: list[_OfferRow]
    """(action, rank, is Sie) for every allowed offer."""
    top: int
    """The highest rank any hand may play."""
    offer_rank: tuple[int, ...]
    """The rank of each offer, by offer index."""
    rufspiel: int
    """The rank of a Rufspiel."""
    always: list[tuple[Action, int]]
    """(action, rank) of the contracts any hand may play, in action order."""
    sie: tuple[Action, int] | None
    """(action, rank) of Sie, if allowed."""


_TABLES: dict[Ruleset, _BidTables] = {}


def _bid_tables(rules: Ruleset) -> _BidTables:
    """The bidding tables of a ruleset (cached)."""
    tables = _TABLES.get(rules)
    if tables is None:
        names = [
            (NAME_BASE + i, kind, suit, rules.rank(kind, tout), kind not in _HAND_BOUND)
            for i, (kind, suit, tout) in enumerate(NAMES)
            if rules.allows(kind, tout)
        ]
        offers = [
            (OFFER_BASE + i, rules.rank(kind, tout), kind is Kind.SIE)
            for i, (kind, tout) in enumerate(OFFERS)
            if rules.allows(kind, tout)
        ]
        top = max((r for _a, _k, _s, r, always in names if always), default=-2)
        offer_rank = tuple(rules.rank(kind, tout) for kind, tout in OFFERS)
        always = [(a, r) for a, _k, _s, r, al in names if al]
        sie = next(((a, r) for a, k, _s, r, _al in names if k is Kind.SIE), None)
        tables = _BidTables(names, offers, top, offer_rank, rules.rank(Kind.RUFSPIEL), always, sie)
        _TABLES[rules] = tables
    return tables


class Trick(NamedTuple):
    """A finished trick: who led, the cards in play order, and who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def __str__(self) -> str:
        return " ".join(card_token(c) for c in self.cards)

    def __repr__(self) -> str:
        """The cards as the constants of :mod:`schafkopf.cards`: evaluates back to an equal trick.

        >>> from schafkopf.cards import EO, GU, H9, HA
        >>> Trick(1, (EO, GU, H9, HA), 1)
        Trick(leader=1, cards=(EO, GU, H9, HA), winner=1)
        """
        cards = ", ".join(card_token(c) for c in self.cards)
        if len(self.cards) == 1:
            cards += ","
        return f"Trick(leader={self.leader}, cards=({cards}), winner={self.winner})"


@dataclass(frozen=True)
class View:
    """What one seat may know: its own hand and everything said and played in the open."""

    seat: int
    rules: Ruleset
    dealer: int
    phase: str
    to_move: int | None
    hand: CardSet
    history: tuple[Step, ...]
    knocks: tuple[int, ...]
    contract: Contract | None
    doublings: tuple[tuple[int, int], ...]
    tricks: tuple[Trick, ...]
    trick_leader: int | None
    trick: tuple[Card, ...]
    points: tuple[int, ...]
    partner: int | None
    """The Rufspiel partner, when this seat knows who it is (itself, or revealed by play/Re)."""
    legal: tuple[Action, ...]
    """What the seat may do now (:meth:`legal_actions` as a tuple)."""
    hand_sizes: tuple[int, ...]

    def legal_actions(self) -> list[Action]:
        """What the seat may do now, as :meth:`Game.legal_actions` answers for it."""
        return list(self.legal)

    @property
    def vorhand(self) -> int:
        """The seat left of the dealer, who leads the first trick."""
        return (self.dealer + 1) % self.rules.players

    def __repr__(self) -> str:
        """The seat, the phase, its hand as tokens, the contract and who is to move.

        >>> Game(seed=7).view(1)
        <View seat 1, bidding, hand EA EZ E9 G7 H7 SA SK SU, seat 1 to move>
        """
        parts = [f"seat {self.seat}", self.phase, f"hand {self.hand or '-'}"]
        if self.contract is not None:
            parts.append(_contract_words(self.contract))
        if self.to_move is not None:
            parts.append(f"seat {self.to_move} to move")
        return f"<View {', '.join(parts)}>"


def _contract_words(contract: Contract) -> str:
    """A contract's German name and, but for Ramsch, its declarer: ``Wenz by seat 2``."""
    if contract.declarer is None:
        return str(contract)
    return f"{contract} by seat {contract.declarer}"


_DECKS: Final = {m: _bits(m) for m in (FULL_MASK, SHORT_MASK)}


def _shuffled_hands(rules: Ruleset, rng: random.Random) -> list[list[Card]]:
    cards = _DECKS[rules.deck_mask]
    rnd = rng.random
    # Sorting by random keys is a uniform permutation, and several times faster than shuffle().
    keys = [rnd() for _ in cards]
    deck = [cards[i] for i in sorted(range(len(cards)), key=keys.__getitem__)]
    size = rules.hand_size
    return [deck[i * size : (i + 1) * size] for i in range(rules.players)]


_STATE: Final = (
    "hands", "knocks", "bids", "interested", "holder", "level", "active", "contract", "partner",
    "declarers", "tables", "doublings", "trick_leader", "trick", "played", "points",
    "trick_counts", "taken", "called_sau", "called_suit", "called_sau_card", "partner_revealed",
    "_result", "_doubling_open", "_memo", "_cards_memo", "phase", "to_move",
)  # fmt: skip
"""The attributes that change as a game goes on: what an undo snapshot holds."""


def _state_accessors() -> tuple[Callable[[Game], tuple[Any, ...]], Callable[[Game, Any], None]]:
    """Save and restore ``_STATE`` as plain attribute code (generated from the one name list,
    as dataclasses do): the interpreter specialises it, several times faster than getattr."""
    fields = ", ".join(f"g.{name}" for name in _STATE)
    namespace: dict[str, Any] = {}
    exec(  # a fixed source built from the constant _STATE above
        f"def save(g):\n    return ({fields},)\n"
        f"def restore(g, values):\n    ({fields},) = values\n",
        namespace,
    )
    return namespace["save"], namespace["restore"]


_CONSTANT: Final = (
    "rules", "deal", "dealt", "dealer", "vorhand", "stock_before", "_n", "_total",
    "_doubling_until", "_options_of",
)  # fmt: skip


class Game:
    """One game, from the deal to the result.

    Give ``hands`` (a list per seat, in the order dealt: the first half is the first packet)
    or a ``seed``; the dealer's left-hand neighbour (Vorhand) speaks and leads first.
    ``stock`` is the Stock before this game (when the rules play with one).
    """

    __slots__ = (
        *_STATE,
        "rules", "deal", "dealt", "dealer", "vorhand", "stock_before",
        "_n", "_total", "_doubling_until", "_stack", "history", "tricks", "_options_of",
    )  # fmt: skip

    def __init__(
        self,
        rules: Ruleset | str | None = None,
        *,
        dealer: int = 0,
        hands: Sequence[Sequence[Card] | CardSet | str] | None = None,
        seed: int | random.Random | None = None,
        stock: int = 0,
    ) -> None:
        if not isinstance(rules, Ruleset):
            rules = STANDARD if rules is None else Ruleset.of(rules)  # a preset's name
        self.rules: Ruleset = rules
        n = self.rules.players
        if not (isinstance(dealer, int) and 0 <= dealer < n):
            raise GameError(f"dealer must be a seat 0..{n - 1}, got {dealer!r}")
        if hands is None:
            rng = seed if isinstance(seed, random.Random) else random.Random(seed)
            order = _shuffled_hands(self.rules, rng)
        else:
            order = self._check_hands(hands)
        self.deal: tuple[tuple[Card, ...], ...] = tuple(tuple(h) for h in order)
        masks = []
        for h in order:
            m = 0
            for c in h:
                m |= 1 << c
            masks.append(m)
        self.dealt: tuple[int, ...] = tuple(masks)
        self.dealer = dealer
        self.vorhand = (dealer + 1) % n
        self._n = n
        self._total = n * self.rules.hand_size
        deadline = self.rules.kontra_deadline
        self._doubling_until = 0 if deadline == "before_first_card" else n
        """The most cards played at which a doubling can still be legal for anyone."""
        self.stock_before = stock
        self._stack: list[tuple[tuple[Any, ...], int, int]] = []
        self.history: History = History()
        self.tricks: list[Trick] = []
        self.hands: tuple[int, ...] = self.dealt
        self.knocks: tuple[int, ...] = ()
        self.bids: tuple[tuple[int, Action], ...] = ()
        self.interested: tuple[int, ...] = ()
        self.holder: int | None = None
        self.level: Action | None = None
        self.active: tuple[int, ...] = ()
        self.contract: Contract | None = None
        self.partner: int | None = None
        self.declarers: tuple[int, ...] = ()
        self.tables: PlayTables = _PRE_CONTRACT  # until a contract is played
        self.doublings: tuple[tuple[int, int], ...] = ()
        self.trick_leader: int = self.vorhand
        self.trick: tuple[Card, ...] = ()
        self.played = 0
        self.points: tuple[int, ...] = (0,) * n
        self.trick_counts: tuple[int, ...] = (0,) * n
        self.taken: tuple[int, ...] = (0,) * n
        self.called_sau = 0
        """Bitmask of the called Sau while its rules bind (0 once free or without Rufspiel)."""
        self.called_suit: int = -1
        self.called_sau_card: Card = -1
        self.partner_revealed = False
        self._result: Result | None = None
        self._doubling_open = False
        self._memo: tuple[int, tuple[Action, ...]] = (-1, ())
        self._cards_memo: tuple[int, int] = (-1, 0)
        """The mover's legal cards, by cards played (a doubling does not change them)."""
        """The legal actions of the seat to move outside card play, by history length."""
        self._options_of: dict[int, tuple[list[tuple[Action, int]], list[tuple[Action, int]]]] = {}
        if self.rules.klopfen:
            self.phase = KLOPFEN_PHASE
        else:
            self.phase = BIDDING
        self.to_move: int | None = self.vorhand

    def _check_hands(self, hands: Sequence[Sequence[Card] | CardSet | str]) -> list[list[Card]]:
        rules = self.rules
        if len(hands) != rules.players:
            raise GameError(f"expected {rules.players} hands, got {len(hands)}")
        order: list[list[Card]] = []
        seen = 0
        for seat, h in enumerate(hands):
            if isinstance(h, str):
                cards = [parse_card(t) for t in h.replace(",", " ").split()]
            else:
                cards = list(h)
            if len(cards) != rules.hand_size:
                raise GameError(f"seat {seat} has {len(cards)} cards, expected {rules.hand_size}")
            for c in cards:
                if not (isinstance(c, int) and 0 <= c < 32):
                    raise GameError(f"seat {seat}: {c!r} is not a card")
                if not rules.deck_mask >> c & 1:
                    raise GameError(f"seat {seat}: {card_token(c)} is not in the short deck")
                if seen >> c & 1:
                    raise GameError(f"card {card_token(c)} is dealt twice (again to seat {seat})")
                seen |= 1 << c
            order.append(cards)
        return order

    # -- text --------------------------------------------------------------------------------

    def __repr__(self) -> str:
        """The preset, where the game stands, whose turn it is and the contract (cheap).

        >>> from schafkopf.actions import parse_action
        >>> g = Game(seed=7)
        >>> g
        <Game standard, bidding, seat 1 to speak>
        >>> for a in ("spiel", "weiter", "weiter", "weiter", "rufspiel G"):
        ...     g.apply(parse_action(a, naming=a.startswith("rufspiel")))
        >>> g
        <Game standard, trick 1, seat 1 to play, Sauspiel auf die Gras-Sau by seat 1>
        """
        return f"<Game {self.rules.preset_name}, {', '.join(self._summary())}>"

    def _summary(self) -> list[str]:
        """Where the game stands, whose turn it is, the contract: what repr and str head with."""
        phase, mover = self.phase, self.to_move
        if phase == PLAY:
            parts = [f"trick {len(self.tricks) + 1}", f"seat {mover} to play"]
        elif phase == DONE:
            parts = ["over"]
        else:
            what = {KLOPFEN_PHASE: "Klopfen", NAMING: "naming"}.get(phase, phase)
            parts = [what, f"seat {mover} to {'name' if phase == NAMING else 'speak'}"]
        if self.contract is not None:
            words = _contract_words(self.contract)
            if self.doublings:
                words += ", " + action_name(DOUBLE, len(self.doublings) - 1).capitalize()
            if phase == DONE and self._result is not None:
                words += self._result_words(self._result)
            parts.append(words)
        elif phase == DONE:
            parts.append("all passed")
        return parts

    def _result_words(self, result: Result) -> str:
        """``: won with 75 points, value 30`` (how a finished game's contract ended)."""
        assert self.contract is not None
        if self.contract.kind is Kind.RAMSCH:
            return f": seat {result.ramsch_loser} loses, value {result.value}"
        verdict = ": won" if result.won else ": lost"
        if self.contract.kind not in (Kind.BETTEL, Kind.SIE) and result.declarer_points is not None:
            verdict += f" with {result.declarer_points} points"
        return f"{verdict}, value {result.value}"

    def __str__(self) -> str:
        """The open table as plain text: every hand (trumps first), the contract, the trick,
        points and tricks taken, and whose turn it is (``>``).

        >>> print(Game(seed=7))
        Game standard, dealer seat 0, bidding, seat 1 to speak
          seat 0  EO GO H9 E8 GA GK G8 SZ
        > seat 1  SU H7 EA EZ E9 G7 SA SK
          seat 2  HO EU GU HK E7 GZ S9 S7
          seat 3  SO HU HA HZ H8 EK G9 S8
        """
        over = self.phase == DONE
        head = [self.rules.preset_name, f"dealer seat {self.dealer}", *self._summary()]
        lines = ["Game " + ", ".join(head), *self._phase_lines()]
        eff, power = self.tables.eff_suit, self.tables.power

        def order(c: Card) -> tuple[int, int]:
            return (-1 if eff[c] == TRUMP else eff[c], -power[c])

        started = self.phase == PLAY or (over and self.contract is not None)
        declarer = self.contract.declarer if self.contract is not None else None
        for seat in range(self._n):
            cards = self.dealt[seat] if over else self.hands[seat]
            tokens = " ".join(card_token(c) for c in sorted(_bits(cards), key=order)) or "-"
            row = f"{'>' if seat == self.to_move else ' '} seat {seat}  {tokens}"
            if started:
                won = self.trick_counts[seat]
                row = f"{row:<36} {self.points[seat]:>3} points, {won} trick{'s' * (won != 1)}"
            if seat == declarer:
                row += "  (declarer)"
            elif seat == self.partner:
                row += "  (partner)"
            lines.append(row)
        if self.tricks and not over:
            last = self.tricks[-1]
            lines.append(
                f"Last trick: {last}, led by seat {last.leader}, won by seat {last.winner}"
            )
        if self.trick:
            lines.append(
                f"Trick {len(self.tricks) + 1}: {' '.join(map(card_token, self.trick))}, "
                f"led by seat {self.trick_leader}"
            )
        if over and self._result is not None and (any(self._result.payouts) or self._result.stock):
            pay = " ".join(f"{p:+d}" for p in self._result.payouts)
            lines.append(
                f"Payouts: {pay}"
                + (f", Stock {self._result.stock:+d}" if self._result.stock else "")
            )
        return "\n".join(lines)

    def _phase_lines(self) -> list[str]:
        """What has been said so far: knocks, bids, offers, doublings (a line each)."""
        out: list[str] = []
        if self.knocks:
            out.append("Klopfen: " + ", ".join(f"seat {s}" for s in self.knocks))
        if self.phase in (BIDDING, SETTLING, NAMING) and self.bids:
            out.append("Bids: " + ", ".join(f"seat {s} {action_name(a)}" for s, a in self.bids))
        if self.phase in (SETTLING, NAMING) and self.holder is not None:
            offer = "" if self.level is None else f", offering {action_name(self.level)}"
            out.append(f"Holder: seat {self.holder}{offer}")
        if self.doublings:
            out.append(
                "Doublings: "
                + ", ".join(
                    f"{action_name(DOUBLE, i).capitalize()} by seat {s}"
                    for i, (s, _played) in enumerate(self.doublings)
                )
            )
        return out

    # -- queries -----------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        """Seats at the table: 4, or 3 in the 3-player game."""
        return self.rules.players

    def is_over(self) -> bool:
        """True once the game has a result."""
        return self.phase == DONE

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds now."""
        return CardSet(self.hands[self._seat(seat)])

    def _seat(self, seat: int) -> int:
        """``seat`` when the table has it; else :class:`SeatError`."""
        if seat.__class__ is int and 0 <= seat < self._n:  # the common case, without a call
            return seat
        number = as_index(seat, self._n)
        if number is None:
            raise SeatError(seat, self._n)
        return number

    def result(self) -> Result:
        """The result of a finished game."""
        if self._result is None:
            raise GameNotOverError("the game is not over yet: it has no result")
        return self._result

    def doubling_name(self) -> str:
        """What the next doubling is called: kontra, re, sup or hirsch."""
        return action_name(DOUBLE, len(self.doublings))

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The actions ``seat`` (default: the seat to move) may take now.

        A seat that is not to move may only have the doubling (Kontra, Re, ...) to say.
        """
        mover = self.to_move
        if seat is None:
            seat = mover
            if seat is None:
                return []
        elif seat.__class__ is not int or not 0 <= seat < self._n:
            seat = self._seat(seat)
        if self.phase == PLAY:
            if seat == mover:
                mask = self._legal_cards(seat)
                self._cards_memo = (self.played, mask)
                out = _bits(mask)
                if self._doubling_open and self._may_double(seat):
                    out.append(DOUBLE)
                return out
            return [DOUBLE] if self._doubling_open and self._may_double(seat) else []
        if seat != mover:
            return []
        memo = self._memo
        if memo[0] == len(self.history):
            return list(memo[1])
        phase = self.phase
        if phase == BIDDING:
            out = [WEITER, SPIEL] if self._may_bid_spiel(seat) else [WEITER]
        elif phase == KLOPFEN_PHASE:
            out = [KLOPFEN, NICHT_KLOPFEN]
        elif phase == SETTLING:
            out = [WEITER, *self._legal_offers(seat)]
        elif phase == NAMING:
            out = self._legal_names(seat)
        else:
            out = []
        self._memo = (len(self.history), tuple(out))
        return out

    def is_legal(self, action: Action, seat: int | None = None) -> bool:
        """Whether ``action`` is legal for ``seat`` (default: the seat to move); False for
        what is no action (``True``, ``2.0``), as :meth:`apply` refuses it."""
        number = as_index(action, NUM_ACTIONS)
        return number is not None and number in self.legal_actions(seat)

    # -- rule helpers ----------------------------------------------------------------------

    def _legal_cards(self, seat: int) -> int:
        hand = self.hands[seat]
        cs = self.called_sau
        tables = self.tables
        if not self.trick:
            if cs & hand:
                suit_cards = hand & tables.follow[self.called_suit]
                if suit_cards.bit_count() < self.rules.davonlaufen_min:
                    return hand & ~(suit_cards & ~cs)
            return hand
        follow = hand & tables.follow[tables.eff_suit[self.trick[0]]]
        if follow:
            if follow & cs:
                return cs
            return follow
        if hand & cs and hand != cs:
            return hand & ~cs
        return hand

    def _can_name(self, seat: int, kind: Kind, suit: int | None) -> bool:
        """Whether ``seat``'s dealt hand allows the contract (called Sau rule, Sie)."""
        dealt = self.dealt[seat]
        if kind is Kind.RUFSPIEL:
            assert suit is not None
            sau = 1 << card(suit, SAU)
            return not dealt & sau and bool(dealt & _RUF_PLAIN[suit] & ~sau)
        if kind is Kind.SIE:
            return dealt & _OU_MASK == _OU_MASK
        return True

    def _options(self, seat: int) -> tuple[list[tuple[Action, int]], list[tuple[Action, int]]]:
        """What ``seat``'s dealt hand may offer and name under the rules, with ranks (cached)."""
        cached = self._options_of.get(seat)
        if cached is not None:
            return cached
        tables = _bid_tables(self.rules)
        name_rows, offer_rows = tables.names, tables.offers
        names = [
            (a, r) for a, kind, suit, r, always in name_rows
            if not always and kind is Kind.RUFSPIEL and self._can_name(seat, kind, suit)
        ]  # fmt: skip
        names += tables.always
        if tables.sie is not None and self.dealt[seat] & _OU_MASK == _OU_MASK:
            names.append(tables.sie)
        sie = self.dealt[seat] & _OU_MASK == _OU_MASK
        offers = [(a, r) for a, r, is_sie in offer_rows if sie or not is_sie]
        self._options_of[seat] = (offers, names)
        return offers, names

    def _may_bid_spiel(self, seat: int) -> bool:
        tables = _bid_tables(self.rules)
        floor = tables.rufspiel if self.interested else -1
        if tables.top > floor:
            return True  # some contract any hand may play is high enough
        return any(r > floor for _, r in self._options(seat)[1])

    def _holder_rank(self) -> int:
        tables = _bid_tables(self.rules)
        if self.level is None:
            return tables.rufspiel
        return tables.offer_rank[self.level - OFFER_BASE]

    def _legal_offers(self, seat: int) -> list[Action]:
        need = self._holder_rank()
        assert self.holder is not None
        if self._order(seat) < self._order(self.holder):
            need -= 1  # an earlier seat needs only equal rank
        return [a for a, r in self._options(seat)[0] if r > need]

    def _legal_names(self, seat: int) -> list[Action]:
        """Unchallenged: any playable contract. After an offer won: that kind, with its suit or
        called Sau, and Tout if it was offered (Tout may still be added now)."""
        names = self._options(seat)[1]
        if self.level is None:
            return [a for a, _r in names]
        kind, tout = OFFERS[self.level - OFFER_BASE]
        return [
            a
            for a, _r in names
            if NAMES[a - NAME_BASE][0] is kind and (NAMES[a - NAME_BASE][2] or not tout)
        ]

    def _order(self, seat: int) -> int:
        """Position of a seat counted from Vorhand (0 = Vorhand)."""
        return (seat - self.vorhand) % self.rules.players

    @property
    def doublings_open(self) -> bool:
        """Whether a doubling may still be said by someone (ignoring sides and deadlines)."""
        return self._doubling_open

    def _may_double(self, seat: int) -> bool:
        k = len(self.doublings)
        on_declarer_side = seat in self.declarers
        if on_declarer_side != (k % 2 == 1):
            return False
        if k and self.doublings[-1][1] == self.played:
            return True  # an answer before the next card
        deadline = self.rules.kontra_deadline
        if deadline == "before_first_card":
            return self.played == 0
        if deadline == "before_second_trick":
            return self.played <= self.rules.players
        return self.hands[seat] == self.dealt[seat]

    # -- applying actions --------------------------------------------------------------------

    def apply(self, action: Action | str, seat: int | None = None) -> None:
        """Take ``action`` for ``seat`` (default: the seat to move); illegal actions raise.
        ``action`` is a number or text: a card (``EO``), ``weiter``, ``solo herz``, ...
        (see :meth:`read_action`)."""
        if seat is None:
            seat = self.to_move
            if seat is None:
                raise IllegalActionError(
                    "the game is over: no more actions", "game_over", action=action
                )
        elif not (seat.__class__ is int and 0 <= seat < self._n):
            number = as_index(seat, self._n)
            if number is None:
                why = str(SeatError(seat, self._n))
                raise IllegalActionError(why, "no_seat", seat=seat, action=action)
            seat = number
        if isinstance(action, str):
            action = self.read_action(action, seat)
        elif action.__class__ is not int:  # a numpy integer serves; True or 2.0 does not
            number = as_index(action, NUM_ACTIONS)
            if number is None:
                raise self._refusal(action, seat)
            action = number
        if action.__class__ is int and 0 <= action < 32 and self.phase == PLAY:
            memo = self._cards_memo
            mask = memo[1] if memo[0] == self.played else self._legal_cards(seat)
            if seat != self.to_move or not mask >> action & 1:
                raise self._refusal(action, seat)
            step: Callable[[int, Action], None] = self._play_card
        elif action not in self.legal_actions(seat):
            raise self._refusal(action, seat)
        else:
            step = self._dispatch
        self._stack.append((_save_state(self), len(self.history), len(self.tricks)))
        self.history.append(step_of(seat, action))
        try:
            step(seat, action)
        except BaseException:
            self.undo()  # an internal failure must not leave a half-applied action
            raise

    def play(self, card: Card | str) -> None:
        """Play a card (a number or a token such as ``EO``) for the seat to move."""
        self.apply(card)

    def read_action(self, text: str, seat: int | None = None) -> Action:
        """The action ``text`` means now, for ``seat`` (default: the seat to move): a card
        token, a word of bidding or Klopfen, a doubling, an offer or a contract, in German
        or English (``weiter``/``pass``, ``solo herz``, ``rufspiel auf die Gras-Sau``).
        Text that names no action, or several of the legal ones, raises
        :class:`IllegalActionError` listing what it could mean.

        >>> g = Game(seed=1)
        >>> g.read_action("pass") == g.read_action("weiter")
        True
        """
        legal = self.legal_actions(seat)
        doublings = len(self.doublings)
        try:
            return parse_action(text, naming=self.phase == NAMING)
        except ActionError:
            pass
        said = " ".join(text.lower().replace("-", " ").split())
        names = {action_name(a, doublings): a for a in legal}
        could = [n for n in names if n.startswith(said)] if said else []
        if len(could) == 1:
            return names[could[0]]
        shown = ", ".join(could or names) or "nothing: it is not this seat's turn"
        what = "could mean" if could else "is no action now; legal are"
        reason = "ambiguous" if could else "not_an_action"
        raise IllegalActionError(f"{text!r} {what}: {shown}", reason, text=text, could=could)

    def describe(self, action: Action) -> str:
        """The name of ``action`` as :meth:`read_action` reads it (``EO``, ``weiter``,
        ``kontra`` or ``re`` as the doublings so far make it, ``rufspiel G``)."""
        return action_name(action, len(self.doublings))

    def _dispatch(self, seat: int, action: Action) -> None:
        if action < 32:
            self._play_card(seat, action)
        elif action == DOUBLE:
            self.doublings = (*self.doublings, (seat, self.played))
            self._doubling_open = len(self.doublings) < self.rules.max_doublings
            if seat == self.partner:
                self.partner_revealed = True
        elif self.phase == BIDDING:
            self._bid(seat, action)
        elif self.phase == KLOPFEN_PHASE:
            self._klopfen(seat, action)
        elif self.phase == SETTLING:
            self._settle(seat, action)
        else:
            self._name(seat, action)

    def undo(self) -> Action:
        """Take back the last action, restoring the state exactly; returns that action."""
        if not self._stack:
            raise NothingToUndoError("nothing to undo: no action has been taken")
        saved, nh, nt = self._stack.pop()
        action = self.history[nh][1]
        _restore_state(self, saved)
        del self.history[nh:]
        del self.tricks[nt:]
        return action

    def _klopfen(self, seat: int, action: Action) -> None:
        if action == KLOPFEN:
            self.knocks = (*self.knocks, seat)
        nxt = (seat + 1) % self.rules.players
        if nxt == self.vorhand:
            self.phase = BIDDING
        self.to_move = nxt

    def _bid(self, seat: int, action: Action) -> None:
        self.bids = (*self.bids, (seat, action))
        if action == SPIEL:
            self.interested = (*self.interested, seat)
        nxt = (seat + 1) % self.rules.players
        if nxt != self.vorhand:
            self.to_move = nxt
            return
        if not self.interested:
            if self.rules.all_pass == "ramsch":
                self._start_play(Contract(Kind.RAMSCH))
            else:
                self._finish()
            return
        self.holder = self.interested[0]
        self.active = self.interested
        if len(self.interested) == 1:
            self.phase = NAMING
            self.to_move = self.holder
        else:
            self.phase = SETTLING
            self.to_move = self.interested[1]

    def _settle(self, seat: int, action: Action) -> None:
        if action == WEITER:
            self.active = tuple(s for s in self.active if s != seat)
        else:
            self.holder = seat
            self.level = action
        if len(self.active) == 1:
            self.phase = NAMING
            self.to_move = self.holder
            return
        order = self.interested
        i = order.index(seat)
        for step in range(1, len(order)):
            cand = order[(i + step) % len(order)]
            if cand in self.active and cand != self.holder:
                self.to_move = cand
                return

    def _name(self, seat: int, action: Action) -> None:
        kind, suit, tout = NAMES[action - NAME_BASE]
        contract = Contract(kind, seat, suit, tout)
        if kind is Kind.SIE:
            self.contract = contract
            self.declarers = (seat,)
            self._finish()
            return
        self._start_play(contract)

    def _start_play(self, contract: Contract) -> None:
        self.contract = contract
        self.tables = play_tables(contract.kind, contract.suit, self.rules.short)
        if contract.kind is Kind.RUFSPIEL:
            assert contract.suit is not None and contract.declarer is not None
            sau = card(contract.suit, SAU)
            self.partner = next(s for s in range(self.rules.players) if self.dealt[s] >> sau & 1)
            self.called_sau = 1 << sau
            self.called_sau_card = sau
            self.called_suit = contract.suit
            self.declarers = tuple(sorted((contract.declarer, self.partner)))
        elif contract.declarer is not None:
            self.declarers = (contract.declarer,)
        self.phase = PLAY
        self._doubling_open = contract.kind is not Kind.RAMSCH and self.rules.max_doublings > 0
        self.trick_leader = self.vorhand
        self.to_move = self.vorhand

    def _play_card(self, seat: int, c: Card) -> None:
        bit = 1 << c
        h = self.hands
        self.hands = (*h[:seat], h[seat] & ~bit, *h[seat + 1 :])
        tables = self.tables
        called = self.called_sau
        trick = self.trick
        if called:
            if bit == called:
                self.partner_revealed = True
            elif not trick and seat == self.partner and tables.eff_suit[c] == self.called_suit:
                self.called_sau = called = 0  # ran away: the Sau is a normal card from now on
        trick = (*trick, c)
        self.played += 1
        if self._doubling_open and self.played > self._doubling_until:
            self._doubling_open = False  # past every deadline and past any answer to a doubling
        n = self._n
        if len(trick) < n:
            self.trick = trick
            self.to_move = (seat + 1) % n
            return
        eff, power = tables.eff_suit, tables.power
        lead = eff[trick[0]]
        best, best_power = 0, power[trick[0]]
        for i in range(1, n):
            x = trick[i]
            e = eff[x]
            if (e == lead or e == TRUMP) and power[x] > best_power:
                best, best_power = i, power[x]
        winner = (self.trick_leader + best) % n
        if called and lead == self.called_suit:
            self.called_sau = 0
            self.partner_revealed = True
        mask = 0
        for x in trick:
            mask |= 1 << x
        p, t, k = self.points, self.trick_counts, self.taken
        w1 = winner + 1
        self.points = (*p[:winner], p[winner] + _augen_of(mask), *p[w1:])
        self.trick_counts = (*t[:winner], t[winner] + 1, *t[w1:])
        self.taken = (*k[:winner], k[winner] | mask, *k[w1:])
        self.tricks.append(Trick(self.trick_leader, trick, winner))
        self.trick = ()
        self.trick_leader = winner
        self.to_move = winner
        if self.played == self._total or (self.rules.end_early and self._lost_early()):
            self._finish()

    def _lost_early(self) -> bool:
        """A lost Tout or Bettel ends at once, where the rules say so."""
        c = self.contract
        if not self.rules.end_early or c is None or c.declarer is None:
            return False
        if c.tout:
            return self.trick_counts[c.declarer] < len(self.tricks)
        if c.kind is Kind.BETTEL:
            return self.trick_counts[c.declarer] > 0
        return False

    def _finish(self) -> None:
        self.phase = DONE
        self.to_move = None
        self._doubling_open = False
        top_taken = None
        if self.contract is not None and self.contract.kind is Kind.RAMSCH:
            t = self.tables
            top_taken = [
                max((t.power[c] for c in iter_bits(self.taken[s] & t.trump_mask)), default=0)
                for s in range(self.rules.players)
            ]
        self._result = score(
            self.rules,
            self.contract,
            self.dealt,
            self.taken,
            self.trick_counts,
            points=self.points,
            partner=self.partner,
            knocks=len(self.knocks),
            doublings=len(self.doublings),
            stock=self.stock_before,
            ramsch_top_taken=top_taken,
        )

    def _refusal(self, action: Action, seat: int) -> IllegalActionError:
        """The error for an illegal ``action`` of ``seat``, decided from the seat's view
        (:func:`schafkopf.refusals.refusal`): its sentence, reason code and parameters."""
        why = refusal(self.view(seat), action)
        if why is None:  # not reached: the view's legal actions are the game's
            return IllegalActionError(f"seat {seat} cannot take action {action} now", "not_now")
        return why

    # -- information -------------------------------------------------------------------------

    def known_partner(self, seat: int) -> int | None:
        """The Rufspiel partner as ``seat`` knows it: itself, or once revealed by play or Re."""
        return self._partner_known_to(self._seat(seat))

    def _partner_known_to(self, seat: int) -> int | None:
        """:meth:`known_partner` for a seat known to be at the table."""
        if self.partner is None:
            return None
        if seat == self.partner or self.partner_revealed:
            return self.partner
        return None

    def visible_hand(self, seat: int) -> int:
        """The cards ``seat`` holds as it may see them now, as a mask: while knocking, only
        the first half of its deal."""
        return self._visible(self._seat(seat))

    def _visible(self, seat: int) -> int:
        """:meth:`visible_hand` of a seat known to be at the table."""
        if self.phase == KLOPFEN_PHASE:
            first = self.deal[seat][: len(self.deal[seat]) // 2]
            return sum(1 << c for c in first)
        return self.hands[seat]

    def view(self, seat: int) -> View:
        """Everything ``seat`` may know now, and nothing more."""
        seat = self._seat(seat)
        return View(
            seat=seat,
            rules=self.rules,
            dealer=self.dealer,
            phase=self.phase,
            to_move=self.to_move,
            hand=CardSet(self._visible(seat)),
            history=tuple(self.history),
            knocks=self.knocks,
            contract=self.contract,
            doublings=self.doublings,
            tricks=tuple(self.tricks),
            trick_leader=self.trick_leader if self.phase == PLAY else None,
            trick=self.trick,
            points=self.points,
            partner=self._partner_known_to(seat),
            legal=tuple(self.legal_actions(seat)),
            hand_sizes=tuple(h.bit_count() for h in self.hands),
        )

    def __eq__(self, other: object) -> bool:
        """Two games are equal when they are the same deal under the same rules with the
        same actions so far (so ``g.copy() == g``, and a replayed record equals its game)."""
        if not isinstance(other, Game):
            return NotImplemented
        return (
            self.history == other.history
            and self.deal == other.deal
            and self.dealer == other.dealer
            and self.stock_before == other.stock_before
            and self.rules == other.rules
        )

    __hash__ = None  # type: ignore[assignment]  # a game changes: it is no dictionary key

    def copy(self) -> Game:
        """An independent copy with the same history (undo works on it too)."""
        g = Game.__new__(Game)
        for name in (*_STATE, *_CONSTANT):
            setattr(g, name, getattr(self, name))
        g.history = History(self.history)
        g.tricks = list(self.tricks)
        g._stack = list(self._stack)
        return g

    def replay(self, actions: Sequence[tuple[int, Action]]) -> None:
        """Apply (seat, action) pairs in order."""
        for seat, a in actions:
            self.apply(a, seat)

    def resample(self, seat: int, rng: random.Random | None = None) -> Game:
        """A new game with the hidden cards dealt anew, consistent with ``seat``'s view.

        The other seats get the unseen cards such that every card they played, every suit
        they showed out of, and the called Sau's whereabouts agree with what ``seat`` saw;
        the same actions are replayed on the new deal.
        """
        from schafkopf.sampling import resample_game

        return resample_game(self, seat, rng or random.Random())


_save_state, _restore_state = _state_accessors()
