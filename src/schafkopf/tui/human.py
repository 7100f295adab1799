"""Reading the human's choices: the words and numbers a line may hold, and :class:`HumanPlayer`.

:func:`parse_input` turns a typed line into an action (or help/quit/tricks); the player
re-prompts with a German reason (:func:`~schafkopf.tui.reasons.why_not`) when the action is
illegal: the engine's English messages are never shown.
"""

from __future__ import annotations

import difflib
import random
import re
import sys
from collections.abc import Callable, Sequence
from typing import Final

from rich.console import Console
from rich.text import Text

from schafkopf.actions import (
    DOUBLE,
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
    is_offer,
    name_action,
    offer_action,
    offer_of,
    parse_action,
)
from schafkopf.cards import (
    Card,
    CardError,
    french_letters,
    parse_card,
)
from schafkopf.game import (
    BIDDING,
    KLOPFEN_PHASE,
    NAMING,
    PLAY,
    SETTLING,
    Game,
    View,
)
from schafkopf.refusals import hand_refusal
from schafkopf.rules import SUIT_KINDS, Contract, Kind
from schafkopf.tui.reasons import why_not, worded
from schafkopf.tui.render import (
    choice_list,
    doubling_word,
    hand_numbers,
    render_hand,
    render_status,
    render_tricks,
    render_turn,
)
from schafkopf.tui.texts import GERMAN, TEXTS, Lang, lang

PROMPT: Final = TEXTS["de"]["prompt"]
CONFIRM_QUIT: Final = TEXTS["de"]["confirm_quit"]
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
# Input: the terminal's own keys and shortcuts; the words themselves are the engine's
# (:func:`~schafkopf.actions.parse_action`, the parser of ``Game.read_action``).

_HELP_WORDS: Final = frozenset({"?", "hilfe", "help", "h?"})
_QUIT_WORDS: Final = frozenset({"q", "quit", "exit", "ende", "beenden", "aufhören"})
_TRICK_WORDS: Final = frozenset({"l", "letzte", "stiche", "liste", "tricks"})
_YES: Final = frozenset({"j", "ja", "y", "yes"})
_SHORTCUTS: Final = {
    "w": "weiter", "p": "pass", "passe": "weiter", "nix": "weiter",
    "s": "spiel", "spielen": "spiel", "ich spiel auch": "spiel", "ich spiele": "spiel",
    "klopf": "klopfen", "ich klopfe": "klopfen", "kl": "klopfen",
    "k": "kontra", "stoß": "kontra", "stoss": "kontra", "retour": "kontra",
}  # fmt: skip
"""Short forms the terminal accepts, as the words the engine reads."""
_KINDS: Final = frozenset({k.value for k in Kind} | {"sauspiel", "ruf", "farbsolo"})
"""The contract kinds' words, to put the kind first (``herz-solo`` → ``solo herz``)."""
_SAU_WORDS: Final = frozenset({"sau", "ass", "ace"})
_DROP: Final = frozenset({"das", "ein", "eine", "mit", "ich", "of"})


def _suit_word(word: str) -> int | None:
    """The suit a word names, as the engine reads it (``gras``, ``g``, ``pik``, ``leaves``)."""
    try:
        action = parse_action(f"solo {word}", naming=True)
    except ActionError:
        return None
    named = _named(action)
    return named[1] if named is not None else None


def _kind_first(words: list[str]) -> str | None:
    """Contract words in the engine's order (kind first): ``herz-solo tout`` → ``solo herz
    tout``, ``auf die gras-sau`` → ``rufspiel gras``; None if no kind is said."""
    out: list[str] = []
    kind: str | None = None
    sau = False
    for w in words:
        if w in _DROP:
            continue
        if w in _SAU_WORDS:
            sau = True
            continue
        found = next(
            (k for k in _KINDS if w.endswith(k) and _suit_word(w[: -len(k)]) is not None), None
        )
        if w in _KINDS or found is not None:
            if kind is not None:
                return None
            kind = w if w in _KINDS else found
            if found is not None and w not in _KINDS:
                out.append(w[: -len(found)])
            continue
        if w.endswith("sau") and _suit_word(w[:-3]) is not None:
            out.append(w[:-3])
            sau = True
            continue
        out.append(w)
    if kind is None and sau:
        kind = "rufspiel"  # "auf die Gras-Sau"
    if kind is None:
        return None
    return " ".join([kind, *out])


def _contract_words(words: list[str]) -> tuple[Kind, int | None, bool] | None:
    """Read words like ``sauspiel gras``, ``herz-solo tout``, ``wenz`` with the engine's
    parser: the kind, the suit (None if not said) and Tout; None if they are no contract."""
    said = _kind_first(words)
    if said is None:
        return None
    kind_word, _, rest = said.partition(" ")
    farb = f"farb{kind_word} {rest}" if kind_word in ("wenz", "geier") and rest else None
    for text in (said, farb):
        if text is None:
            continue
        try:
            named = _named(parse_action(text, naming=True))
        except ActionError:
            continue
        if named is not None:
            return named
    try:
        action = parse_action(said)
    except ActionError:
        return None
    if not is_offer(action):
        return None
    kind, tout = offer_of(action)
    return kind, None, tout


def _contract_action(
    view: View, kind: Kind, suit: int | None, tout: bool, L: Lang = GERMAN
) -> Action:
    """The offer (settling round) or naming action that words for a contract stand for; when
    bidding, spiel (the contract is remembered for naming: :func:`offered_contract`)."""
    try:
        if view.phase == BIDDING and SPIEL in view.legal:
            return SPIEL
        if view.phase == SETTLING:
            if kind is Kind.RUFSPIEL:
                raise InputError(L.t("no_rufspiel_offer"))
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
                shown = ", ".join(L.action(a) for a in fits) or L.t("none")
                raise InputError(L.t("which_suit", shown=shown))
            return name_action(kind, suit, tout)
    except ActionError:
        suit_word = [L.suits[suit]] if suit is not None else []
        said = " ".join([kind.value, *suit_word, *(["tout"] if tout else [])])
        raise InputError(L.t("no_such_game", said=said)) from None
    raise InputError(L.t("no_naming_now"))


def _normal(text: str) -> str:
    return " ".join(text.strip().lower().replace("-", " ").split())


def offered_contract(text: str, view: View) -> Action | None:
    """When bidding or at the offer step, the contract that words like ``solo h``,
    ``sauspiel eichel`` or ``wenz`` will name later (the suit is said only when naming): its
    naming action, or None if the words name no whole contract (``solo`` without its suit)."""
    if view.phase not in (BIDDING, SETTLING):
        return None
    words = _contract_words(_normal(text).split())
    if words is None or (words[1] is None and words[0] in SUIT_KINDS):
        return None
    try:
        return name_action(*words)
    except ActionError:
        return None


def _choices_shown(view: View, L: Lang = GERMAN) -> str:
    """The numbers that pick something now, with what they pick (``1=weiter, 2=spiel``)."""
    if view.phase == PLAY:
        legal = set(view.legal)
        cards = hand_numbers(view)
        return ", ".join(f"{i}={L.card_label(c)}" for i, c in enumerate(cards, 1) if c in legal)
    return ", ".join(f"{i}={L.action(a)}" for i, a in enumerate(choice_list(view), 1))


def contract_title(action: Action, L: Lang = GERMAN) -> str:
    """A naming action as people say it (``Herz-Solo``), other actions by their word."""
    named = _named(action)
    if named is None:
        return L.action(action)
    kind, suit, tout = named
    return L.contract_name(Contract(kind, 0, suit, tout))


def _named(action: Action) -> tuple[Kind, int | None, bool] | None:
    return NAMES[action - NAME_BASE] if is_name(action) else None


def parse_input(text: str, view: View, lang: Lang = GERMAN) -> Action | str:
    """What a line typed at a decision of ``view.seat`` means: an action (not yet checked for
    legality), or ``HELP``/``QUIT``/``TRICKS``. Unreadable input raises :class:`InputError`
    (its message in ``lang``).

    Accepts the numbers shown (a card's hand number in card play, else the choice's number),
    card tokens and aliases (``EO``, ``h10``, ``Q♣``, ``pik dame``), the words the engine
    reads (:func:`~schafkopf.actions.parse_action`: ``weiter``/``pass``, ``spiel``/``play``,
    ``klopfen``, ``kontra``/``re``, ``solo herz``, ``rufspiel auf die Gras-Sau``), the
    shortcuts ``w``, ``s``, ``n``, ``k``, and contracts with the suit first (``herz-solo
    tout``, ``Gras-Sau``).
    """
    L = lang
    raw = text.strip()
    if re.fullmatch(r"[-+−]\s*\d+", raw):  # "-1" is no choice (and not "1")
        shown = _choices_shown(view, L)
        raise InputError(L.t("no_sign", raw=raw) + (L.t("possible", shown=shown) if shown else ""))
    t = _normal(raw)
    if not t:
        raise InputError(L.t("empty_input"))
    if t in _HELP_WORDS:
        return HELP
    if t in _QUIT_WORDS:
        return QUIT
    if t in _TRICK_WORDS:
        return TRICKS
    if t.isdigit():
        i = int(t)
        shown = _choices_shown(view, L)
        if view.phase == PLAY:
            cards = hand_numbers(view)
            if not 1 <= i <= len(cards):
                raise InputError(L.t("no_card_number", i=i, n=len(cards), shown=shown))
            return cards[i - 1]
        choices = choice_list(view)
        if not 1 <= i <= len(choices):
            raise InputError(L.t("no_choice_number", i=i, n=len(choices), shown=shown))
        return choices[i - 1]
    if t in ("n", "nein", "nicht", "no"):
        return NICHT_KLOPFEN if view.phase == KLOPFEN_PHASE else WEITER
    t = _SHORTCUTS.get(t, t)
    if view.phase == PLAY:  # "Gras-Sau" is a card now, not a contract
        found = _card_words(t, L.french)
        if found is not None:
            return found
    words = _contract_words(t.split())
    if words is not None:
        return _contract_action(view, *words, L)
    found = _card_words(t, L.french)
    if found is not None:
        return found
    try:
        return parse_action(t, naming=view.phase == NAMING)
    except ActionError:
        pass
    hint = _did_you_mean(t, view, L)
    if hint is not None:
        raise InputError(L.t("did_you_mean", text=text.strip(), hint=hint))
    raise InputError(
        L.t("not_understood_french" if L.french else "not_understood", text=text.strip())
    )


_VOCABULARY: Final = frozenset(
    {"weiter", "spiel", "kontra", "klopfen", "nicht", "pass", "play", "knock", "tout", "auf",
     "die", "eichel", "gras", "herz", "schellen", "kreuz", "pik", "karo", "acorns", "leaves",
     "hearts", "bells", "clubs", "spades", "diamonds", *_KINDS, *_SHORTCUTS.values()}
)  # fmt: skip
"""The words a line may hold, for a typo's nearest reading (``wieter`` → ``weiter``)."""
_KNOWN: Final = _VOCABULARY | _DROP | _SAU_WORDS | frozenset(_SHORTCUTS)
"""Words taken as they are, never put right."""


def _early_doubling(text: str, view: View, L: Lang) -> str | None:
    """Why a doubling word said before its turn is refused (``re`` before any Kontra, ``sup``
    before Re), or None: ``kontra`` and ``k`` say whichever doubling comes next."""
    typed = _normal(text)
    words = [action_name(DOUBLE, level) for level in range(4)]
    if typed not in words or words.index(typed) <= len(view.doublings):
        return None
    level = words.index(typed)
    return L.t("r_double_early", word=typed.capitalize(), before=words[level - 1].capitalize())


def _did_you_mean(t: str, view: View, L: Lang) -> str | None:
    """The line with each unknown word put right (the nearest word of :data:`_VOCABULARY`,
    never ``nicht``: a typo must not turn into its opposite), where that reads as an action
    legal now; None if nothing close does."""
    words = t.split()
    fixed = [
        w if w in _KNOWN or w.isdigit() else next(
            iter(difflib.get_close_matches(w, _VOCABULARY - {"nicht"}, n=1, cutoff=0.75)), w
        )
        for w in words
    ]  # fmt: skip
    if fixed == words:
        return None
    phrase = " ".join(fixed)
    try:
        meant = parse_input(phrase, view, L)
    except InputError:
        return None
    return phrase if meant in view.legal else None


def _card_words(t: str, french: bool = False) -> Card | None:
    """A card from its token, alias, French symbols or name (:func:`parse_card`); with the
    French deck on screen also rank and suit letters (``qc``, ``7h``: :func:`french_letters`)."""
    try:
        return parse_card(t)
    except CardError:
        return french_letters(t) if french else None


HELP_TEXT: Final = GERMAN.help()
_make_lang = lang


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
        lang: str = "de",
    ) -> None:
        self.name = name
        self.auto = auto
        self.console = console
        self.read = read or _console_reader(console)
        self.french = french
        self.lang = lang
        self.words = _make_lang(lang, french)
        self.names = list(names) if names else [name, *self.words.t("seats").split(",")]
        self.game: Game | None = None
        self._offered: int | None = None
        """The doubling level (Kontra 0, Re 1, ...) already offered in this game: asked once;
        the move line keeps offering it (``k``)."""
        self._to_name: Action | None = None
        """The contract said while bidding (``herz-solo``), to offer and to name later."""
        self._offer_sent = False
        """Whether that contract was offered by itself in the settling round (only once)."""

    def new_game(self, game: Game | None = None) -> None:
        """Forget the previous game's state (``game``: the game now played, kept for callers)."""
        self._offered = None
        self._to_name = None
        self._offer_sent = False
        self.game = game

    def _why(self, view: View, action: Action) -> str:
        return why_not(view, action, self.names, self.words)

    def _confirm_quit(self) -> bool:
        """Ask before stopping the session; True to stop."""
        return self.read(self.words.t("confirm_quit")).strip().lower() in (_YES | _QUIT_WORDS)

    def wait_for_next_game(self) -> None:
        """Hold the result on screen until Enter; ``l`` lists the finished game's tricks,
        ``q`` (after asking) stops the session."""
        while True:
            answer = self.read(self.words.t("next_game_ask")).strip().lower()
            if answer in _TRICK_WORDS and self.game is not None:
                self._tricks(self.game.view(0))
                continue
            if answer not in _QUIT_WORDS:
                return
            if self._confirm_quit():
                raise QuitSession

    def _tricks(self, view: View) -> None:
        self.console.print(render_tricks(view, self.names, french=self.french, lang=self.lang))

    def _turn(self, view: View) -> None:
        self.console.print(render_turn(view, self.names, french=self.french, lang=self.lang))

    def forced(self, view: View) -> Action | None:
        """The card to play by itself: the only legal one, when no Kontra could be said."""
        if not self.auto or view.phase != PLAY or DOUBLE in view.legal:
            return None
        cards = [a for a in view.legal if is_card(a)]
        return cards[0] if len(cards) == 1 else None

    def _error(self, message: str) -> None:
        self.console.print(Text(self.words.t("refused", why=message), "red"))

    def choose(self, view: View, rng: random.Random) -> Action:
        """Show the table and the choices, then read until the input names a legal action."""
        if DOUBLE in view.legal:
            self._offered = len(view.doublings)
        forced = self.forced(view)
        if forced is not None:
            label = self.words.card_label(forced, long=True)
            self.console.print(Text(self.words.t("forced", card=label)))
            return forced
        if view.phase == NAMING and self._to_name in view.legal:
            assert self._to_name is not None
            said, self._to_name = self._to_name, None
            title = contract_title(said, self.words)
            self.console.print(Text(self.words.t("naming_offered", contract=title)))
            return said
        offer = self._remembered_offer(view)
        if offer is not None:
            self._offer_sent = True
            title = contract_title(self._to_name or offer, self.words)
            self.console.print(Text(self.words.t("offer_auto", contract=title)))
            return offer
        self._turn(view)
        while True:
            text = self.read(self.words.t("prompt"))
            try:
                choice = parse_input(text, view, self.words)
            except InputError as e:
                self._error(str(e))
                continue
            if choice == QUIT:
                if self._confirm_quit():
                    raise QuitSession
                self._turn(view)
                continue
            if choice == TRICKS:
                self._tricks(view)
                continue
            if choice == HELP:
                self.console.print(Text(self.words.help()))
                self._turn(view)
                continue
            assert isinstance(choice, int)
            early = _early_doubling(text, view, self.words)
            if early is not None:  # "re" before any Kontra: not a Kontra by another name
                self._error(early)
                continue
            if choice not in view.legal:
                self._error(self._why(view, choice))
                continue
            if view.phase == SETTLING:
                self._offer_sent = True  # offered by hand: nothing more offers itself
            named = offered_contract(text, view)
            if named is not None:  # kept over a later answer that names nothing ("2", "weiter")
                refused = hand_refusal(view, named)
                if refused is not None:  # a Sau one may not call: say so now, not when naming
                    self._error(worded(refused, view, named, self.names, self.words))
                    continue
                self._to_name = named
                title = contract_title(named, self.words)
                self.console.print(Text(self.words.t("offer_kept", contract=title)))
            return choice

    def _remembered_offer(self, view: View) -> Action | None:
        """In the settling round, the offer of the contract said while bidding, once, where
        it is still allowed (a Sauspiel is never offered: the person is asked)."""
        if view.phase != SETTLING or self._to_name is None or self._offer_sent:
            return None
        named = _named(self._to_name)
        if named is None:
            return None
        try:
            offer = offer_action(named[0], named[2])
        except ActionError:
            return None
        return offer if offer in view.legal else None

    def wants_to_double(self, view: View, rng: random.Random) -> bool:
        """Ask "Kontra? [j/N]" (or Re, ...) once a game for each doubling level; declined, it
        stays on the move line (``k``) while the rules allow it."""
        key = len(view.doublings)
        if key == self._offered:
            return False
        self._offered = key
        word = doubling_word(len(view.doublings))
        while True:
            answer = self.read(self.words.t("double_ask", word=word)).strip().lower()
            if answer in ("", "n", "nein", "no"):
                return False
            if answer in _YES or answer in ("k", word.lower()):
                return True
            if answer in _QUIT_WORDS:
                if self._confirm_quit():
                    raise QuitSession
                continue
            if answer in _HELP_WORDS:
                lg = self.lang
                self.console.print(render_status(view, self.names, french=self.french, lang=lg))
                self.console.print(render_hand(view, french=self.french, numbered=False, lang=lg))
                continue
            self._error(self.words.t("double_yes_no", word=word))
