"""Cards as ints 0..31, card sets as int bitmasks, tokens, Augen and pretty names.

A card is ``suit * 8 + rank`` with suits Eichel, Gras, Herz, Schellen (0..3) and ranks
Sau, Zehn, König, Ober, Unter, 9, 8, 7 (0..7). A :class:`CardSet` is an immutable set of
cards backed by a 32-bit int, the way python-chess backs a ``SquareSet`` by a bitboard.

>>> parse_card("EO") == EO
True
>>> CardSet.parse("EO HZ s7")
CardSet('EO HZ S7')
>>> sum(augen(c) for c in CardSet.full())
120
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator
from typing import Final, SupportsIndex

from schafkopf.errors import SchafkopfError

Card = int
"""A card: ``suit * 8 + rank``, 0..31."""

SUITS: Final = "EGHS"
RANKS: Final = "AZKOU987"
EICHEL, GRAS, HERZ, SCHELLEN = range(4)
SAU, ZEHN, KOENIG, OBER, UNTER, NEUN, ACHT, SIEBEN = range(8)

SUIT_NAMES: Final = ("Eichel", "Gras", "Herz", "Schellen")
RANK_NAMES: Final = ("Sau", "Zehn", "König", "Ober", "Unter", "Neun", "Acht", "Sieben")
FRENCH_SUITS: Final = ("♣", "♠", "♥", "♦")
FRENCH_RANKS: Final = ("A", "10", "K", "Q", "J", "9", "8", "7")

RANK_AUGEN: Final = (11, 10, 4, 3, 2, 0, 0, 0)
AUGEN: Final[tuple[int, ...]] = tuple(RANK_AUGEN[c & 7] for c in range(32))
"""Card points of each card, indexed by card."""

TOKENS: Final[tuple[str, ...]] = tuple(SUITS[c >> 3] + RANKS[c & 7] for c in range(32))

# Module-level constants for every card, e.g. ``EO`` (Eichel-Ober) and ``HZ`` (Herz-Zehn).
(EA, EZ, EK, EO, EU, E9, E8, E7,
 GA, GZ, GK, GO, GU, G9, G8, G7,
 HA, HZ, HK, HO, HU, H9, H8, H7,
 SA, SZ, SK, SO, SU, S9, S8, S7) = range(32)  # fmt: skip

_SUIT_ALIASES: Final = {"E": 0, "G": 1, "GR": 1, "B": 1, "H": 2, "S": 3}
_RANK_ALIASES: Final = {r: i for i, r in enumerate(RANKS)} | {"10": ZEHN, "X": ZEHN}


SUIT_WORDS: Final = {
    "e": 0, "eichel": 0, "eicheln": 0, "acorns": 0, "kreuz": 0, "clubs": 0,
    "g": 1, "gras": 1, "grün": 1, "gruen": 1, "laub": 1, "blatt": 1, "leaves": 1, "pik": 1,
    "spades": 1,
    "h": 2, "herz": 2, "rot": 2, "hearts": 2,
    "s": 3, "schellen": 3, "schelln": 3, "bells": 3, "karo": 3, "diamonds": 3,
}  # fmt: skip
"""Suits by letter, German word, and the French deck's and English names (Kreuz for
Eichel, Pik for Gras, Karo for Schellen)."""

RANK_WORDS: Final = {
    "sau": 0, "ass": 0, "ace": 0, "zehn": 1, "ten": 1, "10": 1, "könig": 2, "koenig": 2,
    "king": 2, "ober": 3, "dame": 3, "queen": 3, "unter": 4, "bube": 4, "jack": 4,
    "neun": 5, "nine": 5, "9": 5, "acht": 6, "eight": 6, "8": 6, "sieben": 7, "seven": 7, "7": 7,
}  # fmt: skip
"""Ranks by German and English word, of both decks (Dame for Ober, Bube for Unter)."""


class CardError(SchafkopfError):
    """A card token or card number that names no card."""

    code = "card"


def card(suit: int, rank: int) -> Card:
    """The card of ``suit`` (0..3) and ``rank`` (0..7)."""
    return suit * 8 + rank


def suit_of(c: Card) -> int:
    """The printed suit of a card (0..3), whatever the contract."""
    return c >> 3


def rank_of(c: Card) -> int:
    """The rank of a card (0..7: Sau, Zehn, König, Ober, Unter, 9, 8, 7)."""
    return c & 7


def augen(c: Card) -> int:
    """The card points of a card: Sau 11, Zehn 10, König 4, Ober 3, Unter 2, else 0."""
    return AUGEN[_card_number(c)]


def as_index(value: object, size: int) -> int | None:
    """``value`` as an int in ``0..size-1`` (an int or a numpy integer, never a bool): a card,
    a seat or an action number from a caller; None for anything else."""
    if value.__class__ is int:  # the common case first: one test
        return value if 0 <= value < size else None
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        number = value
    elif isinstance(value, SupportsIndex):
        number = operator.index(value)
    else:
        return None
    return number if 0 <= number < size else None


def _card_number(c: Card) -> Card:
    """``c`` when it numbers a card (0..31); else :class:`CardError`."""
    number = as_index(c, 32)
    if number is None:
        raise CardError(f"no card has number {c!r}: cards are 0..31")
    return number


def parse_card(token: str) -> Card:
    """Read a card: its token ``EO``, an alias (lower case, ``10``/``X``, ``Gr``/``B``), the
    French deck's symbols (``Q♣``, ``♣Q``), or its name in German or English words, suit and
    rank in either order (``Gras-König``, ``herz sau``, ``pik dame``, ``ober of acorns``).
    (The terminal's French mode also reads rank and suit letters, ``qc``:
    :func:`french_letters`; here ``S`` is always Schellen.)

    >>> parse_card("h10"), parse_card("GrA"), parse_card("bz")
    (17, 8, 9)
    >>> card_token(parse_card("Eichel-Ober")), card_token(parse_card("Q♣"))
    ('EO', 'EO')
    """
    if not isinstance(token, str):
        raise CardError(f"a card to read is text (EO, h10, Gras-König), got {token!r}")
    t = token.strip().upper().replace(" ", "")
    for n in (2, 1):
        suit = _SUIT_ALIASES.get(t[:n])
        if suit is not None and t[n:] in _RANK_ALIASES:
            return suit * 8 + _RANK_ALIASES[t[n:]]
    if len(t) >= 2 and t[0] in FRENCH_SUITS and t[1:] in FRENCH_RANKS:
        t = t[1:] + t[0]
    if len(t) >= 2 and t[-1] in FRENCH_SUITS and t[:-1] in FRENCH_RANKS:
        return FRENCH_SUITS.index(t[-1]) * 8 + FRENCH_RANKS.index(t[:-1])
    words = [w for w in token.lower().replace("-", " ").split() if w != "of"]
    if len(words) == 2:
        for suit_word, rank_word in (words, words[::-1]):
            if len(suit_word) > 1 and suit_word in SUIT_WORDS and rank_word in RANK_WORDS:
                return SUIT_WORDS[suit_word] * 8 + RANK_WORDS[rank_word]
    raise CardError(
        f"unknown card {token!r}: a card is a suit E G H S then a rank A Z K O U 9 8 7 (EO, "
        "h10), a name (Gras-König, pik dame) or the French deck's symbols (Q♣)",
        "unknown_card",
        token=token,
    )


FRENCH_LETTERS: Final = "CSHD"
"""The French suits as a keyboard has them (clubs, spades, hearts, diamonds)."""


def french_letters(token: str) -> Card | None:
    """A card of the French deck as rank and suit letters (``qc`` is Q♣, ``7h`` 7♥, ``10d``),
    or None. Only for a player who sees the French deck: there ``S`` is spades (Gras), where a
    German token's ``S`` is Schellen (``SK``, ``s7``), so :func:`parse_card` never reads these."""
    t = token.strip().upper().replace(" ", "")
    if len(t) >= 2 and t[-1] in FRENCH_LETTERS and t[:-1] in FRENCH_RANKS:
        return FRENCH_LETTERS.index(t[-1]) * 8 + FRENCH_RANKS.index(t[:-1])
    return None


def card_token(c: Card) -> str:
    """The canonical two-character token of a card, e.g. ``EO``."""
    return TOKENS[_card_number(c)]


def card_name(c: Card, *, french: bool = False) -> str:
    """A card's German name (``Eichel-Ober``), or French symbols (``Q♣``)."""
    c = _card_number(c)
    if french:
        return FRENCH_RANKS[c & 7] + FRENCH_SUITS[c >> 3]
    return f"{SUIT_NAMES[c >> 3]}-{RANK_NAMES[c & 7]}"


def suit_mask(suit: int) -> int:
    """The bitmask of all eight cards printed in ``suit``."""
    return 0xFF << (suit * 8)


def rank_mask(rank: int) -> int:
    """The bitmask of the four cards of ``rank``."""
    return 0x01010101 << rank


FULL_MASK: Final = 0xFFFFFFFF
SHORT_MASK: Final = FULL_MASK & ~(rank_mask(ACHT) | rank_mask(SIEBEN))
"""The 24 cards of the short deck (no 8 and 7)."""


def iter_bits(mask: int) -> Iterator[Card]:
    """The cards of a bitmask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class CardSet:
    """An immutable set of cards backed by an int bitmask (bit ``c`` set = card ``c`` in).

    Behaves like a ``frozenset[int]``: ``in``, ``len``, iteration (ascending), ``| & - ^``,
    comparison; ``int(s)`` gives the mask.
    """

    __slots__ = ("mask",)

    mask: int

    def __init__(self, cards: Iterable[Card] | int = 0) -> None:
        if isinstance(cards, int):
            if cards < 0 or cards > FULL_MASK:
                raise CardError(f"a card mask is 32 bits, got {cards:#x}")
            mask = cards
        else:
            mask = 0
            for c in cards:
                if not (isinstance(c, int) and 0 <= c < 32):
                    raise CardError(f"no card has number {c!r}: cards are 0..31")
                mask |= 1 << c
        object.__setattr__(self, "mask", mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __reduce__(self) -> tuple[type[CardSet], tuple[int]]:
        """Pickle as the mask (views cross to worker processes)."""
        return (CardSet, (self.mask,))

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Read space- or comma-separated card tokens; a repeated card is an error."""
        mask = 0
        for tok in text.replace(",", " ").split():
            c = parse_card(tok)
            if mask >> c & 1:
                raise CardError(f"card {card_token(c)} appears twice in {text!r}")
            mask |= 1 << c
        return cls(mask)

    @classmethod
    def full(cls, short: bool = False) -> CardSet:
        """All 32 cards, or the 24 of the short deck."""
        return cls(SHORT_MASK if short else FULL_MASK)

    def __int__(self) -> int:
        return self.mask

    def __index__(self) -> int:
        return self.mask

    def __contains__(self, c: object) -> bool:
        return isinstance(c, int) and 0 <= c < 32 and bool(self.mask >> c & 1)

    def __iter__(self) -> Iterator[Card]:
        return iter_bits(self.mask)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        if isinstance(other, (set, frozenset)):
            return set(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.mask)

    @staticmethod
    def _m(other: CardSet | Iterable[Card] | int) -> int:
        return other.mask if isinstance(other, CardSet) else CardSet(other).mask

    def __or__(self, other: CardSet | Iterable[Card] | int) -> CardSet:
        return CardSet(self.mask | self._m(other))

    def __and__(self, other: CardSet | Iterable[Card] | int) -> CardSet:
        return CardSet(self.mask & self._m(other))

    def __sub__(self, other: CardSet | Iterable[Card] | int) -> CardSet:
        return CardSet(self.mask & ~self._m(other))

    def __xor__(self, other: CardSet | Iterable[Card] | int) -> CardSet:
        return CardSet(self.mask ^ self._m(other))

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~other.mask == 0

    def __ge__(self, other: CardSet) -> bool:
        return other.mask & ~self.mask == 0

    def add(self, c: Card) -> CardSet:
        """A new set with ``c`` added."""
        return CardSet(self.mask | 1 << c)

    def remove(self, c: Card) -> CardSet:
        """A new set without ``c``; a missing card is an error."""
        if not self.mask >> c & 1:
            raise KeyError(card_token(c))
        return CardSet(self.mask & ~(1 << c))

    def augen(self) -> int:
        """The card points of the set."""
        return sum(AUGEN[c] for c in self)

    def tokens(self) -> list[str]:
        """The canonical tokens, in card order."""
        return [TOKENS[c] for c in self]

    def __str__(self) -> str:
        return " ".join(self.tokens())

    def __repr__(self) -> str:
        return f"CardSet({str(self)!r})"
