"""The one flat action space of a game: cards, bids, knocks, doublings, offers, contracts.

Every decision of a game is an int. ``0..31`` plays that card; then come the bids, knocks,
the doubling (Kontra, Re, Sup, Hirsch in turn), the offers of the settling round (a contract
kind with or without Tout, named without its suit) and the concrete contracts a declarer names.

>>> action_name(SPIEL), action_name(parse_action("wenz tout"))
('spiel', 'wenz tout')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, NamedTuple

from schafkopf.cards import SUIT_WORDS, SUITS, CardError, card_token, parse_card
from schafkopf.errors import SchafkopfError
from schafkopf.rules import SUIT_KINDS, Contract, Kind

Action = int

WEITER: Final = 32
"""Pass: in the interest round, or to yield in the settling round."""
SPIEL: Final = 33
""""Ich möchte spielen" (or, after an earlier ``spiel``, "ich spiel auch")."""
KLOPFEN: Final = 34
"""Knock after the first packet (doubles the value)."""
NICHT_KLOPFEN: Final = 35
"""Decline to knock."""
DOUBLE: Final = 36
"""The next doubling: Kontra, then Re, then Sup, then Hirsch."""

OFFER_BASE: Final = 37
OFFERS: Final[tuple[tuple[Kind, bool], ...]] = (
    (Kind.BETTEL, False),
    (Kind.SOLO, False),
    (Kind.WENZ, False),
    (Kind.GEIER, False),
    (Kind.FARBWENZ, False),
    (Kind.FARBGEIER, False),
    (Kind.SOLO, True),
    (Kind.WENZ, True),
    (Kind.GEIER, True),
    (Kind.FARBWENZ, True),
    (Kind.FARBGEIER, True),
    (Kind.SIE, False),
)
"""What may be offered in the settling round (Rufspiel never needs offering)."""

NAME_BASE: Final = OFFER_BASE + len(OFFERS)


def _contract_templates() -> tuple[tuple[Kind, int | None, bool], ...]:
    out: list[tuple[Kind, int | None, bool]] = [(Kind.RUFSPIEL, s, False) for s in (0, 1, 3)]
    for kind in (Kind.SOLO, Kind.FARBWENZ, Kind.FARBGEIER):
        out += [(kind, s, t) for t in (False, True) for s in range(4)]
    out += [(k, None, t) for k in (Kind.WENZ, Kind.GEIER) for t in (False, True)]
    out += [(Kind.BETTEL, None, False), (Kind.SIE, None, False)]
    return tuple(out)


NAMES: Final = _contract_templates()
"""The concrete contracts a declarer may name: (kind, suit, tout)."""
NUM_ACTIONS: Final = NAME_BASE + len(NAMES)

_OFFER_INDEX: Final = {o: OFFER_BASE + i for i, o in enumerate(OFFERS)}
_NAME_INDEX: Final = {n: NAME_BASE + i for i, n in enumerate(NAMES)}
_DOUBLING_WORDS: Final = ("kontra", "re", "sup", "hirsch")


class ActionError(SchafkopfError):
    """An action number or name that means nothing."""

    code = "bad_action"


def offer_action(kind: Kind, tout: bool = False) -> Action:
    """The settling-round action that offers ``kind`` (with Tout)."""
    try:
        return _OFFER_INDEX[(kind, tout)]
    except KeyError:
        raise ActionError(f"{kind.value}{' tout' if tout else ''} cannot be offered") from None


def name_action(kind: Kind, suit: int | None = None, tout: bool = False) -> Action:
    """The action that names a concrete contract."""
    try:
        return _NAME_INDEX[(kind, suit, tout)]
    except KeyError:
        raise ActionError(f"no contract {kind.value} suit={suit} tout={tout}") from None


def offer_of(action: Action) -> tuple[Kind, bool]:
    """The (kind, tout) an offer action stands for."""
    if not is_offer(action):
        raise ActionError(f"action {action!r} is no offer")
    return OFFERS[action - OFFER_BASE]


def contract_of(action: Action, declarer: int) -> Contract:
    """The contract a naming action stands for, played by ``declarer``."""
    if not is_name(action):
        raise ActionError(f"action {action!r} names no contract")
    kind, suit, tout = NAMES[action - NAME_BASE]
    return Contract(kind, declarer, suit, tout)


def is_card(action: Action) -> bool:
    """True for a card play."""
    return 0 <= action < 32


def is_offer(action: Action) -> bool:
    """True for a settling-round offer."""
    return OFFER_BASE <= action < NAME_BASE


def is_name(action: Action) -> bool:
    """True for naming a contract."""
    return NAME_BASE <= action < NUM_ACTIONS


def _kind_words(kind: Kind, suit: int | None, tout: bool) -> str:
    words = kind.value
    if suit is not None:
        words += " " + SUITS[suit]
    return words + (" tout" if tout else "")


def action_name(action: Action, doublings_before: int = 0) -> str:
    """A short, parseable name: ``EO``, ``weiter``, ``kontra``, ``solo tout``, ``rufspiel G``."""
    if is_card(action):
        return card_token(action)
    if action == DOUBLE:
        return _DOUBLING_WORDS[min(doublings_before, 3)]
    simple = {WEITER: "weiter", SPIEL: "spiel", KLOPFEN: "klopfen", NICHT_KLOPFEN: "nicht klopfen"}
    if action in simple:
        return simple[action]
    if is_offer(action):
        kind, tout = offer_of(action)
        return _kind_words(kind, None, tout)
    if is_name(action):
        return _kind_words(*NAMES[action - NAME_BASE])
    raise ActionError(f"no action has number {action}: actions are 0..{NUM_ACTIONS - 1}")


_WORDS: Final = {
    "weiter": WEITER, "pass": WEITER, "spiel": SPIEL, "ich spiel": SPIEL, "play": SPIEL,
    "klopfen": KLOPFEN, "knock": KLOPFEN, "nicht klopfen": NICHT_KLOPFEN,
    "no knock": NICHT_KLOPFEN,
}  # fmt: skip
"""Bidding and Klopfen in German and English."""

_KIND_WORDS: Final = {"sauspiel": "rufspiel", "ruf": "rufspiel", "farbsolo": "solo"}
"""Other names of contract kinds."""

_FILLERS: Final = frozenset({"auf", "die", "der", "sau", "on", "the", "ace"})
"""Words a contract may be said with (``rufspiel auf die gras-sau``)."""


def parse_action(text: str, *, naming: bool = False) -> Action:
    """Read an action name (see :func:`action_name`) or a card, in German or English words:
    ``weiter``/``pass``, ``solo herz``, ``rufspiel auf die Gras-Sau``, ``wenz tout``. A bare
    kind is an offer unless ``naming``.

    >>> parse_action("solo herz", naming=True) == parse_action("solo H", naming=True)
    True
    >>> parse_action("Sauspiel auf die Gras-Sau", naming=True) == parse_action("rufspiel G")
    True
    """
    t = " ".join(text.lower().replace("-", " ").split())
    if t in _WORDS:
        return _WORDS[t]
    if t in _DOUBLING_WORDS or t == "double":
        return DOUBLE
    parts = [_KIND_WORDS.get(p, p) for p in t.split()]
    if parts:
        try:
            kind = Kind(parts[0])
        except ValueError:
            kind = None
        if kind is not None:
            rest = [p for p in parts[1:] if p not in _FILLERS]
            tout = "tout" in rest
            rest = [p for p in rest if p != "tout"]
            suit = None
            if rest:
                if len(rest) != 1 or rest[0] not in SUIT_WORDS:
                    raise ActionError(
                        f"cannot read action {text!r}: the suit is E, G, H or S "
                        "(Eichel, Gras, Herz, Schellen)"
                    )
                suit = SUIT_WORDS[rest[0]]
            # A kind without a suit is an offer (``wenz``, ``solo tout``) unless naming.
            if not naming and suit is None and (kind, tout) in _OFFER_INDEX:
                return offer_action(kind, tout)
            if kind in SUIT_KINDS and suit is None:
                raise ActionError(f"cannot read action {text!r}: {kind.value} needs a suit")
            return name_action(kind, suit, tout)
    try:
        return parse_card(text)
    except CardError:
        raise ActionError(
            f"cannot read action {text!r}: a card (EO), weiter, spiel, klopfen, kontra, "
            "an offer (wenz, solo tout) or a contract (rufspiel G, solo H)"
        ) from None


class _StepFields(NamedTuple):
    seat: int
    action: Action


class Step(_StepFields):
    """One decision of a game: the seat that made it and its action, which reads as a token
    (``Step(0, 'EO')``); it unpacks and compares as the pair ``(seat, action)``.

    >>> Step(1, "weiter") == (1, WEITER)
    True
    """

    __slots__ = ()

    def __new__(cls, seat: int, action: Action | str) -> Step:
        number = parse_action(action) if isinstance(action, str) else action
        action_name(number)  # a number that is no action is refused here
        return tuple.__new__(cls, (seat, number))

    def __repr__(self) -> str:
        return f"Step({self.seat}, {action_name(self.action)!r})"

    def __str__(self) -> str:
        return f"{self.seat}: {action_name(self.action)}"


def step_of(seat: int, action: Action) -> Step:
    """A :class:`Step` of a known-good action, made without checking it (the engine's path)."""
    return tuple.__new__(Step, (seat, action))


def history_names(history: Iterable[tuple[int, Action]]) -> list[str]:
    """The names of a history's actions in order, each doubling by its place (kontra, re)."""
    out, doublings = [], 0
    for _seat, action in history:
        out.append(action_name(action, doublings))
        doublings += action == DOUBLE
    return out


class History(list[Step]):
    """A game's decisions in order (``game.history``): a list of :class:`Step` that reads as
    tokens, each doubling named by its place."""

    __slots__ = ()

    def __repr__(self) -> str:
        names = history_names(self)
        return (
            "History(["
            + ", ".join(
                f"Step({seat}, {name!r})" for (seat, _a), name in zip(self, names, strict=True)
            )
            + "])"
        )

    def __str__(self) -> str:
        names = history_names(self)
        return ", ".join(f"{seat}: {name}" for (seat, _a), name in zip(self, names, strict=True))
