"""Convert NetSchafkopf protocol logs into ``schafkopf-record/1`` game records (plain dicts).

NetSchafkopf writes one log per session: per game the dealer, the four hands, the contract, the
tricks, the outcome line, the price breakdown and a ledger row. Each game becomes a record whose
``rules`` carry the tariff read from the file's own price lines and whose ``result`` holds what the
log proves (price, balance changes, Augen), so the engine can replay and re-score it. A game that
cannot be converted (printed hands that are not the played ones, a thrown-in deal) comes back with
``record=None`` and the reason, naming the log line.

Every converted game is replayed through the engine and checked against the log's own lines: the
Augen of the outcome line, the price line and the ledger row's balances. A game whose log says
otherwise than its cards is not imported; the error names the line that disagrees.
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from schafkopf.record import RecordError, check_result, record_to_game
from schafkopf.scoring import Result

__all__ = [
    "PLAYERS",
    "ImportedGame",
    "NetSchafkopfError",
    "import_netschafkopf_file",
    "parse_netschafkopf",
    "read_log_text",
]

FORMAT: Final = "schafkopf-record/1"
PLAYERS: Final = ("PcLinks", "PcOben", "PcRechts", "Gast")
"""The seats 0..3, clockwise: when Gast deals, PcLinks is Vorhand."""

_SEAT_OF: Final[dict[str, int]] = {name: i for i, name in enumerate(PLAYERS)} | {"Du": 3, "dir": 3}
_SUIT_OF: Final[dict[str, str]] = {
    "Eichel": "E",
    "Grün": "G",
    "Gras": "G",
    "Herz": "H",
    "Schellen": "S",
}
_SUITS: Final = "EGHS"
_RANKS: Final = "AZKOU987"
_FULL_DECK: Final = frozenset(s + r for s in _SUITS for r in _RANKS)
_SHORT_DECK: Final = frozenset(c for c in _FULL_DECK if c[1] not in "87")
_CONTRACT_ORDER: Final = (
    "rufspiel", "solo", "wenz", "geier", "farbwenz", "farbgeier", "bettel", "tout", "sie",
)  # fmt: skip
_ALWAYS_CONTRACTS: Final = ("rufspiel", "solo", "wenz", "tout")
_LAUFENDE_KINDS: Final = ("rufspiel", "solo", "wenz", "geier", "farbwenz", "farbgeier")
_TARIF_KEYS: Final = ("rufspiel", "solo", "extra", "laufende", "ramsch")
_DEFAULT_LAUFENDE_MIN: Final = 3
_MAX_LAUFENDE: Final = 14

# --- line shapes ---------------------------------------------------------------------------
_GEBER: Final = re.compile(r"^Geber:\s*(\S+)\s*$")
_SPIELART: Final = re.compile(r"^Spielart:\s*(.*?)\s*$")
_HAND: Final = re.compile(r"^\s*(\S+) hat:\s*(.*?)\s*$")
_TRICK: Final = re.compile(r"^\s*(\S+) spielt aus:\s*(.*?)\s*$")
_CONTRACT: Final = re.compile(r"^\s*(\S+) spielt (.+?)\s*$")
_RAMSCH_LINE: Final = "Es wurde Ramsch gespielt."
_THROWN_LINE: Final = "Es wurde zusammengeworfen."
_PRICE_START: Final = re.compile(
    r"^(?:Das Rufspiel kostet|Das Einzelspiel kostet|Der Ramsch kostet|Der Erste und der Letzte)"
)
_OUTCOME_START: Final = re.compile(r"^\S+ (?:gewinnt|gewinnst|verliert|verlierst) ")
_LEDGER_HEAD: Final = re.compile(r"^\s*Spiel\s+Preis\s+(.*?)\s*$")
_LEDGER_ROW: Final = re.compile(r"^\s*\d+(?:\s+[-+]?\d+)+\s*$")
# A wrapped line ends with a space; the next line continues it unless it starts a new item.
_STRUCTURAL: Final = re.compile(
    r"^\s*(?:Geber:|Spielart:|\S+ hat:|\S+ spielt |Spiel\s+Preis|Es wurde "
    r"|\d+(?:\s+[-+]?\d+){3,}\s*$)"
)

# --- contract wordings ---------------------------------------------------------------------
_SUIT_WORDS: Final = "|".join(_SUIT_OF)
_W_CALL: Final = re.compile(rf"^Mit der ({_SUIT_WORDS})-Ass?$")
_W_SUITED: Final = re.compile(rf"^({_SUIT_WORDS})-(Solo|Wenz|Geier)( Tout)?$")
_W_PLAIN: Final = re.compile(r"^(Wenz|Geier)( Tout)?$")
_SUITED_KIND: Final = {"Solo": "solo", "Wenz": "farbwenz", "Geier": "farbgeier"}

# --- outcome sentences ---------------------------------------------------------------------
_O_RESULT: Final = re.compile(r"^(\S+) (gewinnt|gewinnst|verliert|verlierst) (?:den|das) (.+)$")
_O_RUFSPIEL: Final = re.compile(r"^Rufspiel: (Mit der \S+) mit (\S+)$")
_O_AUGEN: Final = re.compile(r"^Die Gegner haben (\d+) Augen$")
_O_RAMSCH_AUGEN: Final = re.compile(r"^(\S+) (?:hat|hast) (\d+) Augen$")
_O_TIE: Final = re.compile(r"^Bei Augengleichheit verliert, wer den höheren Ober hatte$")
_O_JUNGFRAU: Final = re.compile(r"^(\S+) (?:ist|bist) Jungfrau$")

# --- price sentences -----------------------------------------------------------------------
_P_BASE: Final = re.compile(r"^(Das Rufspiel|Das Einzelspiel|Der Ramsch) kostet (\d+) Punkte?$")
_P_SCHNEIDER: Final = re.compile(r"^Mit (Schneider|Schwarz) (\d+) Punkte?$")
_P_LAUFENDE: Final = re.compile(r"^(Mit|Ohne) (\d+) Laufenden? (\d+) Punkte?$")
_P_DOUBLED: Final = re.compile(
    r"^(?:Mit )?(\d+) mal (aufgedoppelt|gespritzt|Jungfrau) (\d+) Punkte?$"
)
_P_TOUT: Final = re.compile(r"^Doppelt für Tout (\d+) Punkte?$")
_P_THROWN: Final = re.compile(
    r"^Der Erste und der Letzte zahlen an die beiden anderen Spieler (\d+) Punkte?, "
    r"weil sie nicht gespielt haben$"
)
_BASE_KIND: Final = {"Das Rufspiel": "rufspiel", "Das Einzelspiel": "solo", "Der Ramsch": "ramsch"}


@dataclass(frozen=True)
class ImportedGame:
    """One game of a log: its record, or why it could not be converted."""

    record: dict[str, Any] | None
    file: str
    line: int
    game: int
    error: str | None


class NetSchafkopfError(ValueError):
    """A file that is not a NetSchafkopf protocol log at all.

    The message says why ("not a NetSchafkopf log: ...") and never starts with the file name:
    whoever reports it names the file.
    """


Line = tuple[int, str]
"""A logical line: the 1-based number of its first physical line, and its joined text."""


def _at(line: Line, reason: str) -> str:
    """A problem description that names the log line."""
    return f"line {line[0]}: {line[1].strip()!r}: {reason}"


@dataclass
class _Price:
    """A parsed price breakdown ("Das Rufspiel kostet 2 Punkte. Mit Schneider 3 Punkte.")."""

    line: Line
    base: str = ""  # rufspiel, solo, ramsch or thrown
    amount: int = 0
    knocks: int = 0
    kontras: int = 0
    jungfrau: int = 0
    laufende: tuple[bool, int] | None = None  # ("Mit" = declarer side, count)
    tout: bool = False
    tariff: list[tuple[str, int]] = field(default_factory=list)


@dataclass
class _Game:
    """Everything read from one game's block, before the file's rules are known."""

    index: int
    line: Line
    number: int | None = None
    price: int | None = None
    payouts: list[int] | None = None
    stock: int = 0
    problems: list[str] = field(default_factory=list)
    dealer: int = 0
    hands: list[list[str]] = field(default_factory=list)
    short: bool = False
    contract: dict[str, Any] | None = None
    side: frozenset[int] = frozenset()
    tricks: list[str] = field(default_factory=list)
    cost: _Price | None = None
    won: bool | None = None
    augen: int | None = None
    ramsch_loser: int | None = None
    ramsch_points: int | None = None
    run: tuple[int, bool] | None = None  # Laufende held: (count, by the declarer side)
    ledger: Line | None = None  # the ledger row (game number, price, balances)
    previous_ledger: Line | None = None  # the row before, which the balances change from
    outcome: Line | None = None  # the line that says who won or lost
    augen_line: Line | None = None  # the line that gives the Augen
    trick_lines: list[Line] = field(default_factory=list)

    @property
    def kind(self) -> str:
        return "" if self.contract is None else str(self.contract["kind"])


# --- reading ---------------------------------------------------------------------------------


def _normalise(text: str) -> str:
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def read_log_text(path: str | Path) -> str:
    """Decode a log file: UTF-8 if it is valid UTF-8, else Latin-1; line ends become ``\\n``."""
    data = Path(path).read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return _normalise(text)


_CONTROL: Final = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")


def _not_text(text: str) -> str:
    """Why ``text`` is binary data rather than a text log ("" when it reads as text): a NUL
    early on, or control characters in more than one in a hundred characters."""
    first = _CONTROL.search(text)
    if first is None:
        return ""
    nul = text.find("\x00", 0, 8000)
    if nul < 0 and len(_CONTROL.findall(text)) * 100 <= len(text):
        return ""
    at = nul if nul >= 0 else first.start()
    line = text.count("\n", 0, at) + 1
    return f"binary data, not text (character {ord(text[at]):#04x} on line {line})"


def _logical_lines(text: str) -> list[Line]:
    """The log's lines with wrapped continuations joined onto the line they continue."""
    out: list[Line] = []
    pending: Line | None = None
    for number, raw in enumerate(_normalise(text).split("\n"), 1):
        if pending is not None and raw.strip() and not _STRUCTURAL.match(raw):
            pending = (pending[0], pending[1].rstrip() + " " + raw.strip())
        else:
            if pending is not None:
                out.append(pending)
            pending = (number, raw)
        if not (pending[1].strip() and raw.endswith((" ", "\t"))):
            out.append(pending)
            pending = None
    if pending is not None:
        out.append(pending)
    return out


def _sentences(text: str) -> list[str]:
    return [s.strip().rstrip(".").strip() for s in re.split(r"(?<=\.)\s+", text.strip()) if s]


def _seat(name: str, line: Line) -> int:
    if name not in _SEAT_OF:
        raise _Problem(_at(line, f"unknown player {name!r}"))
    return _SEAT_OF[name]


class _Problem(Exception):
    """A game-level problem that stops reading the current item."""


# --- contracts and card play -----------------------------------------------------------------


def _contract(wording: str) -> dict[str, Any] | None:
    """The contract (without declarer) that a "X spielt ..." wording names, or None."""
    if call := _W_CALL.match(wording):
        return {"kind": "rufspiel", "suit": _SUIT_OF[call[1]]}
    contract: dict[str, Any]
    if suited := _W_SUITED.match(wording):
        contract = {"kind": _SUITED_KIND[suited[2]], "suit": _SUIT_OF[suited[1]]}
        tout = suited[3]
    elif plain := _W_PLAIN.match(wording):
        contract = {"kind": plain[1].lower()}
        tout = plain[2]
    else:
        return None
    if tout:
        contract["tout"] = True
    return contract


def _trump_order(kind: str, suit: str | None, short: bool) -> list[str]:
    """The trumps of a contract, high to low."""
    obers = [s + "O" for s in _SUITS]
    unters = [s + "U" for s in _SUITS]
    order: list[str]
    if kind in ("rufspiel", "ramsch", "solo"):
        trump = suit if kind == "solo" and suit else "H"
        order = obers + unters + [trump + r for r in "AZK987"]
    elif kind == "wenz":
        order = unters
    elif kind == "farbwenz":
        order = unters + [f"{suit}{r}" for r in "AZKO987"]
    elif kind == "geier":
        order = obers
    elif kind == "farbgeier":
        order = obers + [f"{suit}{r}" for r in "AZKU987"]
    else:
        order = []
    return [c for c in order if not (short and c[1] in "87")]


def _trick_winner(cards: Sequence[str], trumps: Sequence[str]) -> int:
    """The index (0..3, in play order) of the card that wins a trick, given the trump order."""
    rank = {c: i for i, c in enumerate(trumps)}
    best = 0
    for i in range(1, len(cards)):
        a, b = cards[best], cards[i]
        if b in rank:
            if a not in rank or rank[b] < rank[a]:
                best = i
        elif a not in rank and b[0] == a[0] and _RANKS.index(b[1]) < _RANKS.index(a[1]):
            best = i
    return best


def _laufende_run(
    trumps: Sequence[str], hands: Sequence[Sequence[str]], side: frozenset[int]
) -> tuple[int, bool]:
    """How many top trumps one side holds unbroken, and whether it is the declarer side."""
    holder = {c: s for s, hand in enumerate(hands) for c in hand}
    first = holder[trumps[0]] in side
    count = 0
    for c in trumps:
        if (holder[c] in side) != first:
            break
        count += 1
    return count, first


# --- one game --------------------------------------------------------------------------------


def _read_ledger(block: Sequence[Line], game: _Game) -> tuple[list[int], int] | None:
    """Fill the game number and price from the ledger row; return the balances and the Stock."""
    for i, line in enumerate(block):
        head = _LEDGER_HEAD.match(line[1])
        if not head:
            continue
        if i + 1 >= len(block) or not _LEDGER_ROW.match(block[i + 1][1]):
            game.problems.append(_at(line, "ledger header without a ledger row"))
            return None
        names = head[1].split()
        values = [int(v) for v in block[i + 1][1].split()]
        players = sorted(n for n in names if n != "Stock")
        if len(values) != len(names) + 2 or players != sorted(PLAYERS):
            game.problems.append(_at(block[i + 1], f"ledger row does not fit the header {names}"))
            return None
        game.number, game.price = values[0], values[1]
        game.ledger = block[i + 1]
        column = dict(zip(names, values[2:], strict=True))
        return [column[name] for name in PLAYERS], column.get("Stock", 0)
    return None


def _read_price(line: Line) -> _Price:
    """Parse a price breakdown and check that each step adds up."""
    price = _Price(line)
    running: int | None = None
    for sentence in _sentences(line[1]):
        base = _P_BASE.match(sentence)
        thrown = _P_THROWN.match(sentence)
        if base or thrown:
            if running is not None:
                raise _Problem(_at(line, f"a second base price {sentence!r}"))
            if base:
                price.base, running = _BASE_KIND[base[1]], int(base[2])
                price.tariff.append((price.base, running))
            elif thrown:
                price.base, running = "thrown", int(thrown[1])
            continue
        if running is None:
            raise _Problem(_at(line, f"{sentence!r} before a base price"))
        if m := _P_SCHNEIDER.match(sentence):
            amount = int(m[2])
            if amount <= running:
                raise _Problem(_at(line, f"{sentence!r} does not raise the price"))
            price.tariff.append(("extra", amount - running))
        elif m := _P_LAUFENDE.match(sentence):
            count, amount = int(m[2]), int(m[3])
            if count <= 0 or amount <= running or (amount - running) % count:
                raise _Problem(_at(line, f"{sentence!r} does not add up"))
            price.laufende = (m[1] == "Mit", count)
            price.tariff.append(("laufende", (amount - running) // count))
        elif m := _P_DOUBLED.match(sentence):
            times, amount = int(m[1]), int(m[3])
            if amount != running * 2**times:
                raise _Problem(_at(line, f"{sentence!r} is not {running} doubled {times} times"))
            if m[2] == "aufgedoppelt":
                price.knocks += times
            elif m[2] == "gespritzt":
                price.kontras += times
            else:
                price.jungfrau += times
        elif m := _P_TOUT.match(sentence):
            amount = int(m[1])
            if amount != 2 * running:
                raise _Problem(_at(line, f"{sentence!r} is not {running} doubled"))
            price.tout = True
        else:
            raise _Problem(_at(line, f"unknown price wording {sentence!r}"))
        running = amount
    if running is None:
        raise _Problem(_at(line, "no price"))
    price.amount = running
    return price


_CARD_HINT: Final = (
    "a card is two letters, a suit (E, G, H, S) and a rank (A, Z, K, O, U, 9, 8, 7), like EO or H9"
)


def _not_cards(tokens: Sequence[str], where: str) -> str:
    """Plain words for the tokens of a hand or trick line that are not cards."""
    bad = [(i, t) for i, t in enumerate(tokens, 1) if t not in _FULL_DECK]
    if len(bad) == 1:
        i, token = bad[0]
        return f"{token!r} ({where}, card {i}) is not a card; {_CARD_HINT}"
    listed = ", ".join(f"{token!r} (card {i})" for i, token in bad)
    return f"{listed} of {where} are not cards; {_CARD_HINT}"


def _hand_size(sizes: Sequence[int]) -> int:
    """The number of cards each hand should hold: the most common size, 8 or 6 on a tie."""
    counts = Counter(sizes)
    return max(counts, key=lambda n: (counts[n], n in (8, 6), n))


def _deal_problems(hands: dict[int, list[str]], hand_lines: dict[int, Line]) -> list[str]:
    """What is wrong with four printed hands of cards: their sizes, a card twice, the deck."""
    size = _hand_size([len(h) for h in hands.values()])
    wrong = [
        _at(hand_lines[seat], f"{PLAYERS[seat]} (seat {seat}) holds {len(hand)} cards, not {size}")
        for seat, hand in hands.items()
        if len(hand) != size
    ]
    if wrong:
        return wrong
    holders: dict[str, list[int]] = {}
    for seat, hand in hands.items():
        for c in hand:
            holders.setdefault(c, []).append(seat)
    doubled = sorted(c for c, seats in holders.items() if len(seats) > 1)
    deck = {8: _FULL_DECK, 6: _SHORT_DECK}.get(size)
    if deck is not None and doubled:
        where = "; ".join(
            f"{c} by " + " and ".join(f"{PLAYERS[s]} (line {hand_lines[s][0]})" for s in holders[c])
            for c in doubled
        )
        missing = sorted(deck - holders.keys())
        also = f"; not dealt: {' '.join(missing)}" if missing else ""
        return [f"dealt twice: {where}{also}"]
    if deck is None or holders.keys() != deck:
        return [
            f"the hands hold {size} cards each, {4 * size} in all; a deck is dealt 8 cards each "
            "(32), or 6 each (24) in the short deck"
        ]
    return []


def _check_hands(game: _Game, hand_lines: dict[int, Line], spielart: Line | None) -> bool:
    """Check that the printed hands are a whole deck dealt evenly; record them if so.

    Reported in this order: a hand not printed, a token that is not a card, a hand with more or
    fewer cards than the others ("PcRechts (seat 2) holds 9 cards, not 8"), a card printed in two
    places ("dealt twice"), and a deck that is neither the long nor the short one.
    """
    problems: list[str] = []
    hands: dict[int, list[str]] = {}
    for seat in range(4):
        if seat not in hand_lines:
            problems.append(f"no hand printed for {PLAYERS[seat]}")
            continue
        line = hand_lines[seat]
        m = _HAND.match(line[1])
        tokens = m[2].split() if m else []
        if any(t not in _FULL_DECK for t in tokens):
            problems.append(_at(line, _not_cards(tokens, f"{PLAYERS[seat]}'s hand")))
        hands[seat] = tokens
    if not problems:
        problems = _deal_problems(hands, hand_lines)
    if problems:
        reason = "; ".join(problems)
        if spielart is not None:
            reason += f" (this deal is {spielart[1].strip()!r}, line {spielart[0]})"
        game.problems.append(
            f"the printed hands are not 32 (short deck: 24) distinct cards: {reason}"
        )
        return False
    game.hands = [hands[seat] for seat in range(4)]
    game.short = len(game.hands[0]) == 6
    return True


def _check_tricks(game: _Game, tricks: Sequence[tuple[Line, int, list[str]]]) -> None:
    """Check every trick against the dealt hands and the trick winners; record the tricks."""
    assert game.contract is not None
    trumps = _trump_order(game.kind, game.contract.get("suit"), game.short)
    left = [set(h) for h in game.hands]
    leader = (game.dealer + 1) % 4
    for line, seat, cards in tricks:
        if seat != leader:
            who = "Vorhand" if not game.tricks else "the winner of the previous trick"
            game.problems.append(
                _at(line, f"{PLAYERS[seat]} leads, but {who} is {PLAYERS[leader]}")
            )
            return
        if any(c not in _FULL_DECK for c in cards):
            game.problems.append(_at(line, _not_cards(cards, "the trick")))
            return
        if len(cards) != 4:
            game.problems.append(_at(line, f"a trick is four cards, not {len(cards)}"))
            return
        for i, c in enumerate(cards):
            player = (seat + i) % 4
            if c not in left[player]:
                how = "was not dealt" if c not in game.hands[player] else "already played"
                game.problems.append(
                    _at(line, f"{PLAYERS[player]} plays {c}, which {PLAYERS[player]} {how}")
                )
                return
            left[player].discard(c)
        game.tricks.append(" ".join(cards))
        game.trick_lines.append(line)
        leader = (seat + _trick_winner(cards, trumps)) % 4
    if len(game.tricks) != len(game.hands[0]):
        game.problems.append(f"{len(game.tricks)} tricks, but {len(game.hands[0])} cards each")


def _foreign_card(printed: dict[int, Line], tricks: Sequence[tuple[Line, int, list[str]]]) -> str:
    """The first card that a seat plays although its printed hand lacks it ("" if none)."""
    hands: dict[int, set[str]] = {}
    for seat, line in printed.items():
        m = _HAND.match(line[1])
        hands[seat] = set(m[2].split()) if m else set()
    for line, leader, cards in tricks:
        for i, c in enumerate(cards):
            player = (leader + i) % 4
            if player in hands and c not in hands[player]:
                return _at(
                    line, f"{PLAYERS[player]} plays {c}, which {PLAYERS[player]} was not dealt"
                )
    return ""


def _read_outcome(game: _Game, lines: Sequence[Line], wording: str) -> None:
    """Read the outcome lines: who won or lost, the opponents' or the Ramsch loser's Augen."""
    if not lines:
        game.problems.append("no outcome line")
        return
    for line in lines:
        for sentence in _sentences(line[1]):
            if m := _O_RESULT.match(sentence):
                seat = _seat(m[1], line)
                won = m[2].startswith("gewinn")
                if m[3] == "Ramsch":
                    if won or game.kind != "ramsch":
                        raise _Problem(_at(line, "a Ramsch outcome for another contract"))
                    game.ramsch_loser = seat
                    game.outcome = line
                    continue
                if game.contract is None or seat != game.contract.get("declarer"):
                    raise _Problem(_at(line, "the outcome names another declarer"))
                game.won = won
                game.outcome = line
                what = m[3]
                if rm := _O_RUFSPIEL.match(what):
                    partner = _seat(rm[2], line)
                    what = rm[1]
                    if game.kind == "rufspiel" and partner not in game.side:
                        raise _Problem(_at(line, "the partner is not the holder of the called Sau"))
                if what != wording:
                    raise _Problem(_at(line, f"the outcome names {what!r}, not {wording!r}"))
            elif m := _O_AUGEN.match(sentence):
                game.augen = int(m[1])
                game.augen_line = line
            elif m := _O_RAMSCH_AUGEN.match(sentence):
                if _seat(m[1], line) != game.ramsch_loser:
                    raise _Problem(_at(line, "Augen of a player who is not the Ramsch loser"))
                game.ramsch_points = int(m[2])
                game.augen_line = line
            elif _O_TIE.match(sentence):
                pass  # ties lose by the higher Ober: the rules say ramsch_tie
            elif m := _O_JUNGFRAU.match(sentence):
                _seat(m[1], line)  # implied by the tricks and priced in the price line
            else:
                raise _Problem(_at(line, f"unknown outcome wording {sentence!r}"))
    if game.kind == "ramsch" and game.ramsch_loser is None:
        game.problems.append(_at(lines[0], "no Ramsch loser"))
    if game.kind != "ramsch" and game.won is None:
        game.problems.append(_at(lines[0], "no winner or loser"))


def _read_game(block: Sequence[Line], game: _Game) -> None:
    """Read one game's block (from its "Geber:" line to the next) into ``game``."""
    geber = _GEBER.match(block[0][1])
    assert geber is not None
    game.dealer = _seat(geber[1], block[0])
    spielart: Line | None = None
    hand_lines: dict[int, Line] = {}
    contract_line: Line | None = None
    wording = ""
    thrown: Line | None = None
    tricks: list[tuple[Line, int, list[str]]] = []
    outcome: list[Line] = []
    for i, line in enumerate(block[1:], 1):
        text = line[1]
        if not text.strip() or _LEDGER_HEAD.match(text):
            continue
        if _LEDGER_ROW.match(text) and _LEDGER_HEAD.match(block[i - 1][1]):
            continue
        if _SPIELART.match(text):
            spielart = line
        elif m := _HAND.match(text):
            seat = _seat(m[1], line)
            if seat in hand_lines:
                raise _Problem(_at(line, f"a second hand for {PLAYERS[seat]}"))
            hand_lines[seat] = line
        elif m := _TRICK.match(text):
            tricks.append((line, _seat(m[1], line), m[2].split()))
        elif text.strip() in (_RAMSCH_LINE, _THROWN_LINE) or _CONTRACT.match(text):
            if contract_line is not None or thrown is not None:
                raise _Problem(_at(line, "a second contract"))
            if text.strip() == _THROWN_LINE:
                thrown = line
            elif text.strip() == _RAMSCH_LINE:
                contract_line, wording, game.contract = line, "Ramsch", {"kind": "ramsch"}
            else:
                said = _CONTRACT.match(text)
                assert said is not None
                declarer = _seat(said[1], line)
                contract_line, wording = line, said[2]
                parsed = _contract(wording)
                if parsed is None:
                    raise _Problem(_at(line, f"unknown contract wording {wording!r}"))
                game.contract = {"kind": parsed.pop("kind"), "declarer": declarer} | parsed
        elif _PRICE_START.match(text):
            if game.cost is not None:
                raise _Problem(_at(line, "a second price line"))
            game.cost = _read_price(line)
        elif _OUTCOME_START.match(text):
            outcome.append(line)
        else:
            raise _Problem(_at(line, "not understood"))
    hands_ok = _check_hands(game, hand_lines, spielart)
    if thrown is not None:
        game.problems.append(
            _at(thrown, f"the deal was thrown in, {len(tricks) or 'no'} tricks were played")
        )
        return
    if game.contract is None or contract_line is None:
        game.problems.append(_at(block[0], "no contract line"))
        return
    cost = game.cost
    if cost is None:
        game.problems.append(_at(block[0], "no price line"))
    elif game.price is not None and cost.amount != game.price:
        game.problems.append(_at(cost.line, f"adds up to {cost.amount}, not {game.price}"))
    elif cost.base != ("solo" if game.kind not in ("rufspiel", "ramsch") else game.kind):
        game.problems.append(_at(cost.line, f"the price of another contract than {wording!r}"))
    elif cost.tout != bool(game.contract.get("tout")) or (cost.jungfrau and game.kind != "ramsch"):
        game.problems.append(_at(cost.line, f"a price step that {wording!r} does not have"))
    if not hands_ok:
        if foreign := _foreign_card(hand_lines, tricks):
            game.problems.append(foreign)
        return
    if game.kind == "rufspiel":
        called = game.contract["suit"] + "A"
        declarer = game.contract["declarer"]
        partner = next(s for s, h in enumerate(game.hands) if called in h)
        if partner == declarer:
            game.problems.append(_at(contract_line, f"the declarer holds the called Sau {called}"))
            return
        game.side = frozenset((declarer, partner))
    elif game.kind != "ramsch":
        game.side = frozenset((game.contract["declarer"],))
    _check_tricks(game, tricks)
    _read_outcome(game, outcome, wording)
    if game.kind != "ramsch":
        trumps = _trump_order(game.kind, game.contract.get("suit"), game.short)
        game.run = _laufende_run(trumps, game.hands, game.side)
        count, with_declarer = game.run
        if cost is not None and cost.laufende not in (None, (with_declarer, count)):
            held = f"{'Mit' if with_declarer else 'Ohne'} {count}"
            game.problems.append(_at(cost.line, f"the hands give {held} Laufende"))


# --- the file's rules ------------------------------------------------------------------------


def _laufende_min(games: Sequence[_Game], kind: str) -> int:
    """The smallest Laufende count that the file prices for a contract kind.

    It must exceed every count the file's games of that kind left unpriced and not exceed any
    count they priced; within that interval 3, the usual minimum, is preferred.
    """
    of_kind = [g for g in games if g.kind == kind and g.cost is not None and g.run is not None]
    priced = [g.cost.laufende[1] for g in of_kind if g.cost and g.cost.laufende]
    unpriced = [g.run[0] for g in of_kind if g.run and g.cost and not g.cost.laufende]
    low = max(unpriced, default=0) + 1
    high = min(priced, default=_MAX_LAUFENDE)
    if high < low or high < _DEFAULT_LAUFENDE_MIN:
        return high
    return max(low, _DEFAULT_LAUFENDE_MIN)


def _derive_rules(games: Sequence[_Game]) -> dict[str, Any]:
    """The file's rules: the tariff from its price lines, Laufende minimums, contracts, Klopfen."""
    usable = [g for g in games if not g.problems and g.cost is not None]
    seen: dict[str, Counter[int]] = {key: Counter() for key in _TARIF_KEYS}
    for g in usable:
        assert g.cost is not None
        for key, value in g.cost.tariff:
            seen[key][value] += 1
    tarif = {key: seen[key].most_common(1)[0][0] if seen[key] else 0 for key in _TARIF_KEYS}
    for g in usable:
        assert g.cost is not None
        for key, value in g.cost.tariff:
            if value != tarif[key]:
                g.problems.append(
                    _at(g.cost.line, f"implies tarif.{key} = {value}, the file's is {tarif[key]}")
                )
    short = Counter(g.short for g in games if g.hands).most_common(1)
    is_short = bool(short and short[0][0])
    for g in games:
        if g.hands and g.short != is_short:
            g.problems.append(_at(g.line, "a deal of another deck size than the file's"))
    valid = [g for g in games if not g.problems]
    if tarif["laufende"]:
        minimum = {kind: _laufende_min(valid, kind) for kind in _LAUFENDE_KINDS}
    else:
        minimum = dict.fromkeys(_LAUFENDE_KINDS, _DEFAULT_LAUFENDE_MIN)
    kinds = {g.kind for g in games if g.contract} | set(_ALWAYS_CONTRACTS)
    if any(g.contract and g.contract.get("tout") for g in games):
        kinds.add("tout")
    rules: dict[str, Any] = {
        "preset": "sauspiel",
        "tarif": tarif,
        "laufende_min": minimum,
        "laufende_side": "either",
        "schneider": "official",
        "tout_value": "2x_value",
        "all_pass": "ramsch",
        "jungfrau": "double_all",
        "ramsch_tie": "highest_trump_dealt",
        "klopfen": any(g.cost is not None and g.cost.knocks for g in games),
        "contracts": [k for k in _CONTRACT_ORDER if k in kinds],
        "kontra_deadline": "before_second_trick",
    }
    if is_short:
        rules["deck"] = "short"
        rules["laufende_min_short"] = dict(minimum)
    return rules


def _record(game: _Game, rules: dict[str, Any], file: str) -> dict[str, Any]:
    """The ``schafkopf-record/1`` dict of a game that read without problems."""
    assert game.contract is not None and game.cost is not None
    vorhand = (game.dealer + 1) % 4
    clockwise = [(vorhand + i) % 4 for i in range(4)]
    doublings: list[dict[str, int]] = []
    if game.cost.kontras:
        kontra = next(s for s in clockwise if s not in game.side)
        declarer = int(game.contract["declarer"])
        doublings = [
            {"seat": kontra if i % 2 == 0 else declarer, "at": 0} for i in range(game.cost.kontras)
        ]
    result: dict[str, Any] = {}
    if game.kind == "ramsch":
        result["ramsch_loser"] = game.ramsch_loser
        if game.ramsch_points is not None:
            result["ramsch_loser_points"] = game.ramsch_points
    else:
        if game.augen is not None:
            result["declarer_points"] = 120 - game.augen
        result["won"] = game.won
        result["laufende"] = game.cost.laufende[1] if game.cost.laufende else 0
    result["value"] = game.price if game.price is not None else game.cost.amount
    if game.payouts is not None:
        result["payouts"] = game.payouts
        if game.stock:
            result["stock"] = game.stock
    return {
        "format": FORMAT,
        "source": {
            "program": "NetSchafkopf",
            "file": file,
            "line": game.line[0],
            "game": game.number if game.number is not None else game.index,
        },
        "rules": copy.deepcopy(rules),
        "players": list(PLAYERS),
        "dealer": game.dealer,
        "hands": [" ".join(h) for h in game.hands],
        "klopfen": clockwise[: game.cost.knocks],
        "contract": dict(game.contract),
        "doublings": doublings,
        "tricks": list(game.tricks),
        "result": result,
    }


def _balances(changes: Sequence[int]) -> str:
    return ", ".join(f"{name} {change:+d}" for name, change in zip(PLAYERS, changes, strict=True))


def _disagreement(game: _Game, key: str, engine: Result, want: Any) -> str:
    """The log line that gives ``result[key]``, and how the cards disagree with it."""
    assert game.cost is not None
    if key == "declarer_points":
        have = engine.declarer_points
        assert have is not None
        line = game.augen_line or game.line
        return _at(line, f"the tricks give the opponents {120 - have} Augen, not {120 - want}")
    if key == "ramsch_loser_points":
        seat = engine.ramsch_loser
        assert seat is not None
        line = game.augen_line or game.line
        return _at(line, f"the tricks give {PLAYERS[seat]} {engine.points[seat]} Augen, not {want}")
    if key == "won":
        said = "wins" if want else "loses"
        return _at(
            game.outcome or game.line,
            f"by the tricks ({engine.declarer_points} Augen for the declarer side) the declarer "
            f"{'wins' if engine.won else 'loses'}, the log says {said}",
        )
    if key == "ramsch_loser":
        seat = engine.ramsch_loser
        loser = "nobody" if seat is None else PLAYERS[seat]
        said = PLAYERS[want] if isinstance(want, int) and 0 <= want < 4 else repr(want)
        return _at(game.outcome or game.line, f"by the tricks {loser} loses the Ramsch, not {said}")
    if key == "laufende":
        return _at(game.cost.line, f"the rules count {engine.laufende} Laufende, not {want}")
    if key == "value":
        return _at(game.cost.line, f"the rules price this game at {engine.value}, not {want}")
    line = game.ledger or game.line
    row = "this row's balances"
    if game.previous_ledger is not None:
        row += f" less line {game.previous_ledger[0]}'s"
    if key == "payouts":
        return _at(line, f"the rules pay {_balances(engine.payouts)}; {row} say {_balances(want)}")
    return _at(line, f"the rules pay the Stock {engine.stock:+d}; {row} say {want:+d}")


def _check_against_log(game: _Game, record: dict[str, Any]) -> list[str]:
    """Replay a converted game and compare it with what its log says: the Augen of the
    outcome line, who won, the price line and the ledger row. One problem per field that
    disagrees, each naming its log line."""
    try:
        replayed = record_to_game({**record, "result": None})
    except RecordError as e:
        trick = re.match(r"trick (\d+)\b", str(e))
        where = game.line
        if trick and 0 < int(trick[1]) <= len(game.trick_lines):
            where = game.trick_lines[int(trick[1]) - 1]
        return [_at(where, f"the rules do not allow this game: {e}")]
    if not replayed.is_over():
        return [_at(game.line, "the tricks do not finish the game")]
    engine = replayed.result()
    problems = []
    for key, want in record["result"].items():
        if key == "ramsch_loser_points":
            seat = engine.ramsch_loser
            differs = seat is None or engine.points[seat] != want
        else:
            differs = bool(check_result({key: want}, engine))
        if differs:
            problems.append(_disagreement(game, key, engine, want))
    return problems


def parse_netschafkopf(text: str, file: str = "<log>") -> list[ImportedGame]:
    """Convert the text of a NetSchafkopf log into one :class:`ImportedGame` per game.

    Raises :class:`NetSchafkopfError` ("not a NetSchafkopf log: ...") for binary data or a text
    without any "Geber:" line. A game that cannot be converted, or whose log disagrees with its
    cards (Augen, price, balances), has ``record=None`` and an ``error`` naming the log line.
    """
    if why := _not_text(text):
        raise NetSchafkopfError(f"not a NetSchafkopf log: {why}")
    lines = _logical_lines(text)
    starts = [i for i, line in enumerate(lines) if _GEBER.match(line[1])]
    if not starts:
        what = "it is empty" if not text.strip() else "it has no 'Geber:' line, which starts a game"
        raise NetSchafkopfError(f"not a NetSchafkopf log: {what}")
    games: list[_Game] = []
    previous: tuple[list[int], int] | None = ([0, 0, 0, 0], 0)  # balances and Stock so far
    previous_ledger: Line | None = None
    for index, (start, end) in enumerate(zip(starts, [*starts[1:], len(lines)], strict=True), 1):
        block = lines[start:end]
        game = _Game(index=index, line=block[0])
        row = _read_ledger(block, game)
        if row is not None and previous is not None:
            game.payouts = [new - old for new, old in zip(row[0], previous[0], strict=True)]
            game.stock = row[1] - previous[1]
            game.previous_ledger = previous_ledger
        previous, previous_ledger = row, game.ledger
        try:
            _read_game(block, game)
        except _Problem as problem:
            game.problems.append(str(problem))
        games.append(game)
    rules = _derive_rules(games)
    out: list[ImportedGame] = []
    for game in games:
        number = game.number if game.number is not None else game.index
        record = None if game.problems else _record(game, rules, file)
        if record is not None:
            game.problems = _check_against_log(game, record)
        if game.problems:
            error = "; ".join(game.problems)
            out.append(ImportedGame(None, file, game.line[0], number, error))
        else:
            out.append(ImportedGame(record, file, game.line[0], number, None))
    return out


def import_netschafkopf_file(path: str | Path) -> list[ImportedGame]:
    """Read and convert one log file; records name the file by its base name.

    Raises :class:`OSError` if the file cannot be read, and :class:`NetSchafkopfError` if it is
    not a log (its message does not name the file: the caller does).
    """
    return parse_netschafkopf(read_log_text(path), Path(path).name)
