"""Reading the human's choices: the words and numbers a line may hold, and :class:`HumanPlayer`.

:func:`parse_input` turns a typed line into an action (or help/quit/tricks); the player
re-prompts with a German reason (:func:`~schafkopf.tui.reasons.why_not`) when the action is
illegal: the engine's English messages are never shown.
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Callable, Sequence
from typing import Final

from rich.console import Console
from rich.text import Text

from schafkopf.actions import (
    DOUBLE,
    KLOPFEN,
    NAME_BASE,
    NAMES,
    NICHT_KLOPFEN,
    SPIEL,
    WEITER,
    Action,
    ActionError,
    action_name,
    is_card,
    is_name,
    name_action,
    offer_action,
    parse_action,
)
from schafkopf.cards import (
    FRENCH_RANKS,
    FRENCH_SUITS,
    Card,
    CardError,
    card,
    parse_card,
)
from schafkopf.game import (
    KLOPFEN_PHASE,
    NAMING,
    PLAY,
    SETTLING,
    Game,
    View,
)
from schafkopf.rules import SUIT_KINDS, Contract, Kind
from schafkopf.tui.reasons import why_not
from schafkopf.tui.render import (
    card_label,
    choice_list,
    doubling_word,
    hand_numbers,
    render_hand,
    render_status,
    render_tricks,
    render_turn,
)

PROMPT: Final = "Deine Wahl> "
CONFIRM_QUIT: Final = "Wirklich aufhören? (j/n) "
HELP: Final = "help"
QUIT: Final = "quit"
TRICKS: Final = "tricks"

Reader = Callable[[str], str]
"""Reads one line of input after showing a prompt; raises EOFError/KeyboardInterrupt to stop."""


class QuitSession(Exception):
    """The human asked to stop the session (``q``)."""


class InputError(ValueError):
    """Input that names no choice; the message says why, in words for the player."""


# ---------------------------------------------------------------------------------------------
# Input

_HELP_WORDS: Final = frozenset({"?", "hilfe", "help", "h?"})
_QUIT_WORDS: Final = frozenset({"q", "quit", "exit", "ende", "beenden", "aufhören"})
_TRICK_WORDS: Final = frozenset({"l", "letzte", "stiche", "liste"})
_YES: Final = frozenset({"j", "ja", "y", "yes"})
_DOUBLE_WORDS: Final = frozenset(
    {"k", "kontra", "re", "sup", "hirsch", "double", "stoß", "stoss", "retour"}
)
_SUIT_WORDS: Final = {
    "e": 0, "eichel": 0, "eicheln": 0, "kreuz": 0, "♣": 0,
    "g": 1, "gr": 1, "gras": 1, "grün": 1, "gruen": 1, "blatt": 1, "laub": 1, "pik": 1, "♠": 1,
    "h": 2, "herz": 2, "rot": 2, "♥": 2,
    "s": 3, "schellen": 3, "schelle": 3, "schell": 3, "karo": 3, "♦": 3,
}  # fmt: skip
_KIND_WORDS: Final = {
    "rufspiel": Kind.RUFSPIEL, "sauspiel": Kind.RUFSPIEL, "ruf": Kind.RUFSPIEL,
    "solo": Kind.SOLO, "farbsolo": Kind.SOLO, "wenz": Kind.WENZ, "geier": Kind.GEIER,
    "farbwenz": Kind.FARBWENZ, "farbgeier": Kind.FARBGEIER, "bettel": Kind.BETTEL, "sie": Kind.SIE,
}  # fmt: skip
_FILLER: Final = frozenset({"auf", "die", "der", "ein", "eine", "mit", "ich"})
_RANK_WORDS: Final = {
    "sau": 0, "ass": 0, "zehn": 1, "10": 1, "könig": 2, "koenig": 2, "ober": 3, "unter": 4,
    "neun": 5, "9": 5, "acht": 6, "8": 6, "sieben": 7, "7": 7,
}  # fmt: skip


def _contract_words(words: list[str]) -> tuple[Kind, int | None, bool] | None:
    """Read words like ``sauspiel gras``, ``herz-solo tout``, ``wenz``; None if they aren't."""
    kind: Kind | None = None
    suit: int | None = None
    tout = sau = False
    for w in words:
        if w in _FILLER:
            continue
        if w in ("sau", "ass"):
            sau = True
            continue
        if w == "tout":
            tout = True
            continue
        found_kind = _KIND_WORDS.get(w)
        found_suit = _SUIT_WORDS.get(w)
        if found_kind is None and found_suit is None:
            for kw, k in _KIND_WORDS.items():
                if w.endswith(kw) and w[: -len(kw)] in _SUIT_WORDS:
                    found_kind, found_suit = k, _SUIT_WORDS[w[: -len(kw)]]
                    break
            else:
                if w.endswith("sau") and w[:-3] in _SUIT_WORDS:
                    found_suit, sau = _SUIT_WORDS[w[:-3]], True
                else:
                    return None
        if found_kind is not None:
            if kind is not None and kind is not found_kind:
                return None
            kind = found_kind
        if found_suit is not None:
            if suit is not None and suit != found_suit:
                return None
            suit = found_suit
    if kind is None and sau and suit is not None:
        kind = Kind.RUFSPIEL  # "auf die Gras-Sau"
    if kind is None:
        return None
    if suit is not None and kind is Kind.WENZ:
        kind = Kind.FARBWENZ
    if suit is not None and kind is Kind.GEIER:
        kind = Kind.FARBGEIER
    return kind, suit, tout


def _contract_action(view: View, kind: Kind, suit: int | None, tout: bool) -> Action:
    """The offer (settling round) or naming action that words for a contract stand for."""
    try:
        if view.phase == SETTLING:
            if kind is Kind.RUFSPIEL:
                raise InputError("ein Sauspiel muss man nicht bieten: sag weiter oder biete mehr")
            return offer_action(kind, tout)
        if view.phase == NAMING:
            if kind in SUIT_KINDS and suit is None:
                fits = [
                    a
                    for a in choice_list(view)
                    if (k := _named(a)) is not None and k[0] is kind and k[2] == tout
                ]
                if len(fits) == 1:
                    return fits[0]
                shown = ", ".join(action_name(a) for a in fits) or "keine"
                raise InputError(f"welche Farbe? Möglich sind: {shown}")
            return name_action(kind, suit, tout)
    except ActionError as e:
        raise InputError(str(e)) from None
    raise InputError("jetzt wird kein Spiel genannt")


def offered_contract(text: str, view: View) -> Action | None:
    """At the offer step, the contract that words like ``solo h`` will name later (the suit
    is said only when naming): its naming action, or None if the words hold no suit."""
    if view.phase != SETTLING:
        return None
    t = " ".join(text.strip().lower().replace("-", " ").split())
    words = _contract_words(t.split())
    if words is None or words[1] is None or words[0] not in SUIT_KINDS:
        return None
    try:
        return name_action(*words)
    except ActionError:
        return None


def _choices_shown(view: View) -> str:
    """The numbers that pick something now, with what they pick (``1=weiter, 2=spiel``)."""
    if view.phase == PLAY:
        legal = set(view.legal)
        cards = hand_numbers(view)
        return ", ".join(f"{i}={card_label(c)}" for i, c in enumerate(cards, 1) if c in legal)
    return ", ".join(f"{i}={action_name(a)}" for i, a in enumerate(choice_list(view), 1))


def contract_title(action: Action) -> str:
    """A naming action as people say it (``Herz-Solo``), other actions by their word."""
    named = _named(action)
    if named is None:
        return action_name(action)
    kind, suit, tout = named
    return Contract(kind, 0, suit, tout).name()


def _named(action: Action) -> tuple[Kind, int | None, bool] | None:
    return NAMES[action - NAME_BASE] if is_name(action) else None


def parse_input(text: str, view: View) -> Action | str:
    """What a line typed at a decision of ``view.seat`` means: an action (not yet checked for
    legality), or ``HELP``/``QUIT``. Unreadable input raises :class:`InputError`.

    Accepts the numbers shown (a card's hand number in card play, else the choice's number),
    card tokens and aliases (``EO``, ``h10``, ``Q♣``), bid words (``weiter``/``w``,
    ``spiel``/``s``, ``klopfen``, ``nicht klopfen``/``n``, ``kontra``/``re``/``k``) and contracts
    (``sauspiel gras``, ``rufspiel G``, ``solo h``, ``herz-solo tout``, ``wenz``).
    """
    raw = text.strip()
    if re.fullmatch(r"[-+−]\s*\d+", raw):  # "-1" is no choice (and not "1")
        shown = _choices_shown(view)
        raise InputError(
            f"{raw} ist keine Wahl: nur die Nummern ohne Vorzeichen"
            + (f"; möglich sind {shown}" if shown else "")
        )
    t = " ".join(raw.lower().replace("-", " ").split())
    if not t:
        raise InputError("bitte eine Wahl eingeben (? für Hilfe)")
    if t in _HELP_WORDS:
        return HELP
    if t in _QUIT_WORDS:
        return QUIT
    if t in _TRICK_WORDS:
        return TRICKS
    if t.isdigit():
        i = int(t)
        shown = _choices_shown(view)
        if view.phase == PLAY:
            cards = hand_numbers(view)
            if not 1 <= i <= len(cards):
                raise InputError(
                    f"keine Karte mit der Nummer {i}: 1 bis {len(cards)}; erlaubt sind {shown}"
                )
            return cards[i - 1]
        choices = choice_list(view)
        if not 1 <= i <= len(choices):
            raise InputError(
                f"keine Wahl mit der Nummer {i}: 1 bis {len(choices)}; möglich sind {shown}"
            )
        return choices[i - 1]
    if t in _DOUBLE_WORDS:
        return DOUBLE
    if t in ("w", "weiter", "p", "pass", "passe", "nix"):
        return WEITER
    if t in ("s", "spiel", "spielen", "ich spiel", "ich spiel auch", "ich spiele"):
        return SPIEL
    if t in ("klopfen", "klopf", "ich klopfe", "kl"):
        return KLOPFEN
    if t in ("n", "nein", "nicht", "nicht klopfen"):
        return NICHT_KLOPFEN if view.phase == KLOPFEN_PHASE else WEITER
    if view.phase == PLAY:  # "Gras-Sau" is a card now, not a contract
        found = _card_words(t)
        if found is not None:
            return found
    words = _contract_words(t.split())
    if words is not None:
        return _contract_action(view, *words)
    found = _card_words(t)
    if found is not None:
        return found
    try:
        return parse_action(t, naming=view.phase == NAMING)
    except ActionError:
        pass
    raise InputError(
        f"{text.strip()!r} verstehe ich nicht: eine Nummer, eine Karte (EO, h10), weiter, "
        "spiel, kontra oder ein Spiel (sauspiel gras, solo h, wenz); ? für Hilfe"
    )


def _parse_french(token: str) -> Card:
    """Read ``Q♣``-style symbols (rank then suit symbol)."""
    t = token.strip().upper()
    if len(t) >= 2 and t[-1] in FRENCH_SUITS and t[:-1] in FRENCH_RANKS:
        return card(FRENCH_SUITS.index(t[-1]), FRENCH_RANKS.index(t[:-1]))
    raise CardError(f"unknown card {token!r}")


def _card_words(t: str) -> Card | None:
    """A card from its token, alias, French symbols or German name (``gras sau``)."""
    for reader in (parse_card, _parse_french):
        try:
            return reader(t.replace(" ", ""))
        except CardError:
            pass
    words = t.split()
    if len(words) == 2 and words[0] in _SUIT_WORDS and words[1] in _RANK_WORDS:
        return card(_SUIT_WORDS[words[0]], _RANK_WORDS[words[1]])
    return None


HELP_TEXT: Final = """\
Eingaben (Groß/klein egal):
  Karte     ihre Nummer (3) oder ihr Kürzel: Farbe E G H S, Wert A Z K O U 9 8 7
            (EO = Eichel-Ober, h10 = hz = Herz-Zehn, gra = Gras-Sau)
  Ansagen   weiter (w), spiel (s), klopfen, nicht klopfen (n), kontra / re (k)
  Spiele    die Nummer, oder: sauspiel gras, rufspiel G, solo h, herz-solo tout,
            wenz, geier, solo tout, ...
  Beim Bieten sagt man nur die Art (solo h merkt sich die Farbe fürs Ansagen).
  l         die bisherigen Stiche dieses Spiels
  ?         diese Hilfe und der Tisch      q (Ctrl-D, Ctrl-C)  Sitzung beenden
Jedes fertige Spiel ist gebucht; mit --session geht ein angefangenes Spiel
beim Fortsetzen genau dort weiter, wo es aufgehört hat."""


def _console_reader(console: Console) -> Reader:
    def read(prompt: str) -> str:
        console.print(Text(prompt, "bold"), end="")
        line = input()
        if not sys.stdin.isatty():
            console.print(Text(line), highlight=False)  # echo piped input, as a terminal would
        return line

    return read


class HumanPlayer:
    """The person at the terminal as a :class:`Player`: shows the table, reads a choice.

    ``read`` shows a prompt and returns a line (default: the terminal); ``names`` names the
    seats for display. An illegal choice is refused with a German reason worked out from the
    view. With ``auto`` a card that is the only legal one is played by itself (and said).
    ``q`` asks "Wirklich aufhören? (j/n)" first. Out of turn it asks "Kontra? [j/N]" only when
    the doubling becomes newly available (once per trick and per doubling step).
    """

    def __init__(
        self,
        name: str,
        console: Console,
        read: Reader | None = None,
        *,
        names: Sequence[str] | None = None,
        french: bool = False,
        auto: bool = False,
    ) -> None:
        self.name = name
        self.auto = auto
        self.console = console
        self.read = read or _console_reader(console)
        self.names = list(names) if names else [name, "Links", "Gegenüber", "Rechts"]
        self.french = french
        self.game: Game | None = None
        self._offered: tuple[int, int] | None = None
        self._to_name: Action | None = None

    def new_game(self, game: Game | None = None) -> None:
        """Forget the previous game's state (``game``: the game now played, kept for callers)."""
        self._offered = None
        self._to_name = None
        self.game = game

    def _why(self, view: View, action: Action) -> str:
        return why_not(view, action, self.names)

    def _confirm_quit(self) -> bool:
        """Ask before stopping the session; True to stop."""
        return self.read(CONFIRM_QUIT).strip().lower() in (_YES | _QUIT_WORDS)

    def _forced(self, view: View) -> Action | None:
        """The card to play by itself: the only legal one, when no Kontra could be said."""
        if not self.auto or view.phase != PLAY or DOUBLE in view.legal:
            return None
        cards = [a for a in view.legal if is_card(a)]
        return cards[0] if len(cards) == 1 else None

    def _error(self, message: str) -> None:
        self.console.print(Text(f"Geht nicht: {message}", "red"))

    def choose(self, view: View, rng: random.Random) -> Action:
        """Show the table and the choices, then read until the input names a legal action."""
        if DOUBLE in view.legal:
            self._offered = (len(view.tricks), len(view.doublings))
        forced = self._forced(view)
        if forced is not None:
            label = card_label(forced, french=self.french, long=True)
            self.console.print(Text(f"Nur eine Karte ist erlaubt: {label} (von selbst gespielt)."))
            return forced
        if view.phase == NAMING and self._to_name in view.legal:
            assert self._to_name is not None
            said, self._to_name = self._to_name, None
            self.console.print(Text(f"Du sagst an, was du geboten hast: {contract_title(said)}."))
            return said
        self.console.print(render_turn(view, self.names, french=self.french))
        while True:
            text = self.read(PROMPT)
            try:
                choice = parse_input(text, view)
            except InputError as e:
                self._error(str(e))
                continue
            if choice == QUIT:
                if self._confirm_quit():
                    raise QuitSession
                self.console.print(render_turn(view, self.names, french=self.french))
                continue
            if choice == TRICKS:
                self.console.print(render_tricks(view, self.names, french=self.french))
                continue
            if choice == HELP:
                self.console.print(Text(HELP_TEXT))
                self.console.print(render_turn(view, self.names, french=self.french))
                continue
            assert isinstance(choice, int)
            if choice not in view.legal:
                self._error(self._why(view, choice))
                continue
            self._to_name = offered_contract(text, view)
            if self._to_name is not None:
                self.console.print(
                    Text(
                        f"Beim Bieten sagt man nur die Art; {contract_title(self._to_name)} "
                        "ist gemerkt und wird beim Ansagen genannt."
                    )
                )
            return choice

    def wants_to_double(self, view: View, rng: random.Random) -> bool:
        """Ask "Kontra? [j/N]" (or Re, ...) once each time the doubling newly becomes possible."""
        key = (len(view.tricks), len(view.doublings))
        if key == self._offered:
            return False
        self._offered = key
        word = doubling_word(len(view.doublings))
        while True:
            answer = self.read(f"{word}? [j/N] ").strip().lower()
            if answer in ("", "n", "nein", "no"):
                return False
            if answer in _YES or answer in ("k", word.lower()):
                return True
            if answer in _QUIT_WORDS:
                if self._confirm_quit():
                    raise QuitSession
                continue
            if answer in _HELP_WORDS:
                self.console.print(render_status(view, self.names, french=self.french))
                self.console.print(render_hand(view, french=self.french, numbered=False))
                continue
            self._error(f"bitte j ({word}) oder n (nicht)")
