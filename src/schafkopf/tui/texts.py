"""Every text the terminal shows, one table per language (``de``, the default, and ``en``),
and :class:`Lang`: the words of one language and deck (the card, suit and contract names, a
name as subject with its verb, amounts, counts).

German grammar (the Du-forms) comes from :mod:`schafkopf.tui.words`; English calls seat 0
"You" ("You bid", "Trick 1 to you"). With the French deck the words are the French deck's
(Kreuz/Pik/Herz/Karo, Dame/Bube/Ass; Clubs/Spades/Hearts/Diamonds, Queen/Jack/Ace); the
English words of the German deck are the web page's (Acorns, Leaves, Hearts, Bells).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from schafkopf.actions import (
    DOUBLE,
    KLOPFEN,
    NAME_BASE,
    NAMES,
    NICHT_KLOPFEN,
    SPIEL,
    WEITER,
    Action,
    action_name,
    is_name,
)
from schafkopf.cards import FRENCH_RANKS, FRENCH_SUITS, Card, card_token
from schafkopf.rules import Contract, Kind
from schafkopf.tui import words

LANGS: Final = ("de", "en")

SUITS: Final = {
    ("de", False): ("Eichel", "Gras", "Herz", "Schellen"),
    ("de", True): ("Kreuz", "Pik", "Herz", "Karo"),
    ("en", False): ("Acorns", "Leaves", "Hearts", "Bells"),
    ("en", True): ("Clubs", "Spades", "Hearts", "Diamonds"),
}
"""Suit names by language and deck (French: ``True``)."""

RANKS: Final = {
    ("de", False): ("Sau", "Zehn", "König", "Ober", "Unter", "Neun", "Acht", "Sieben"),
    ("de", True): ("Ass", "Zehn", "König", "Dame", "Bube", "Neun", "Acht", "Sieben"),
    ("en", False): ("Sau", "Ten", "King", "Ober", "Unter", "Nine", "Eight", "Seven"),
    ("en", True): ("Ace", "Ten", "King", "Queen", "Jack", "Nine", "Eight", "Seven"),
}
"""Rank names by language and deck."""

VERBS: Final = {
    "de": {
        "bids": ("bietet", "bietest"),
        "plays": ("spielt", "spielst"),
        "knocks": ("klopft", "klopfst"),
        "knocks_not": ("klopft nicht", "klopfst nicht"),
        "leads": ("kommt raus", "kommst raus"),
        "has": ("hat", "hast"),
        "wins": ("gewinnt", "gewinnst"),
        "pays": ("zahlt", "zahlst"),
        "names": ("sagt an", "sagst an"),
        "to_move": ("ist am Zug", "bist am Zug"),
    },
    "en": {
        "bids": ("bids", "bid"),
        "plays": ("plays", "play"),
        "knocks": ("knocks", "knock"),
        "knocks_not": ("does not knock", "do not knock"),
        "leads": ("leads", "lead"),
        "has": ("has", "have"),
        "wins": ("wins", "win"),
        "pays": ("pays", "pay"),
        "names": ("names", "name"),
        "to_move": ("is to move", "are to move"),
    },
}
"""Each verb said with a name: its 3rd person singular and its form for Du / You."""

TEXTS: Final[dict[str, dict[str, str]]] = {
    "de": {
        # render: hand and table
        "trump": "Trumpf",
        "your_cards": "Deine Karten",
        "your_first_cards": "Deine ersten Karten",
        "none": "keine",
        "contract": "Spiel: ",
        "each_alone": " (jeder für sich)",
        "declarer": " · Spieler: {name}",
        "partner": " · Partner: {name}",
        "unknown": "unbekannt",
        "bids": "Ansagen: ",
        "last_trick": "Letzter Stich (an {to}): ",
        "trick": "Stich {n} ",
        "no_tricks": "Noch kein Stich gespielt.",
        "tricks_so_far": "Bisherige Stiche:",
        "tricks_of_game": "Die Stiche des Spiels:",
        "trick_to": " → an {to} ({augen} Augen)",
        "augen_tricks": "Augen (Stiche):",
        "sides": "Spieler {mine} : Gegner {rest}",
        "dealer_vorhand": "Geber: {dealer} · Vorhand: {vorhand}",
        "knocked": "Geklopft: ",
        "to_move": "Am Zug: {name}",
        "choose": "Wähle:",
        "keys_tricks": "(? Hilfe, l Stiche, q Ende)",
        "keys": "(? Hilfe, q Ende)",
        "trick_won": "  → Stich {n} an {to} ({augen} Augen)",
        "plays_with": "{s} mit {with_}.",
        "all_pass_redeal": "Alle sagen weiter: es wird neu gegeben, niemand zahlt.",
        "all_pass_ramsch": "Alle sagen weiter: es wird Ramsch gespielt.",
        "has_sie": "{s} Sie: alle vier Ober und alle vier Unter!",
        "you_have_sau": "Du hast die {sau}: du spielst mit {with_}.",
        # render: result and ledger
        "result_all_pass": "Kein Spiel: es wird neu gegeben.",
        "augen": "Augen: {pts}",
        "durchmarsch": "Durchmarsch von {by}!",
        "ramsch_loser": "{s} (die meisten Augen).",
        "jungfrau": "Jungfrau: ",
        "won": "gewonnen",
        "lost": "verloren",
        "declarer_side": " · Spieler: {side} · ",
        "declarer_one": " · Spieler: {side} · ",
        "augen_sides": "Augen: Spieler {dp} : Gegner {op} · Stiche der Spieler: {tricks}",
        "yes": "ja",
        "no": "nein",
        "schneider": "Schneider: {v}",
        "schwarz": "Schwarz: {v}",
        "laufende": "Laufende: {v}",
        "laufende_short": "Laufende: keine (nur {run}; zählen erst ab {min})",
        "knocks_times": "{n}× geklopft",
        "factor": "Faktor ×{m}",
        "value": " · Wert: {v}",
        "payout_none": "Auszahlung: keine",
        "payout": "Auszahlung: {pay}",
        "stock": "Stock: {v}",
        "ledger": "Abrechnung",
        "ledger_empty": "{title}: noch kein Spiel gebucht.",
        "ledger_unit": "{title} (Beträge: {unit})",
        "game_col": "Spiel",
        "ledger_redeal": "alle weiter: neu gegeben",
        "standing": "Stand {after}: {balances}",
        # human
        "prompt": "Deine Wahl> ",
        "confirm_quit": "Wirklich aufhören? [j/N] ",
        "next_game_ask": "Enter: nächstes Spiel, l: Stiche, q: aufhören> ",
        "refused": "Geht nicht: {why}",
        "forced": "Nur eine Karte ist erlaubt: {card} (automatisch gespielt).",
        "naming_offered": "Du sagst an, was du geboten hast: {contract}.",
        "offer_auto": "Wie beim Bieten gesagt, bietest du: {contract}.",
        "offer_kept": "{contract} ist gemerkt: du bietest es und sagst es an, wenn es so weit ist.",
        "double_ask": "{word}? [j/N] ",
        "double_yes_no": "bitte j ({word}) oder n (nicht)",
        "no_sign": "{raw} ist keine Wahl: nur die Nummern ohne Vorzeichen",
        "possible": "; möglich sind {shown}",
        "empty_input": "bitte eine Wahl eingeben (? für Hilfe)",
        "no_card_number": "keine Karte mit der Nummer {i}: 1 bis {n}; erlaubt sind {shown}",
        "no_choice_number": "keine Wahl mit der Nummer {i}: 1 bis {n}; möglich sind {shown}",
        "not_understood": (
            "{text!r} verstehe ich nicht: eine Nummer, eine Karte (EO, h10), weiter, spiel, "
            "kontra oder ein Spiel (sauspiel gras, solo h, wenz); ? für Hilfe"
        ),
        "did_you_mean": "„{text}“ verstehe ich nicht: meintest du „{hint}“? (? für Hilfe)",
        "not_understood_french": (
            "{text!r} verstehe ich nicht: eine Nummer, eine Karte (qc, 10h), weiter, spiel, "
            "kontra oder ein Spiel (sauspiel pik, solo herz, wenz); ? für Hilfe"
        ),
        "no_rufspiel_offer": "ein Sauspiel muss man nicht bieten: sag weiter oder biete mehr",
        "which_suit": "welche Farbe? Möglich sind: {shown}",
        "no_such_game": "Dieses Spiel gibt es nicht: {said}.",
        "no_naming_now": "jetzt wird kein Spiel genannt",
        "help": """\
Eingaben (Groß/klein egal):
  Karte     ihre Nummer (3) oder ihr Kürzel: {cards}
  Ansagen   weiter (w), spiel (s), klopfen, nicht klopfen (n), kontra / re (k)
  Spiele    die Nummer, oder: {sauspiel}, rufspiel G, solo h, herz-solo tout,
            wenz, geier, solo tout, ...
  Beim Bieten genügt spiel; ein Spiel wie herz-solo wird gemerkt, geboten und
  angesagt, wenn es so weit ist.
  l         die bisherigen Stiche dieses Spiels
  ?         diese Hilfe und der Tisch      q (Ctrl-D, Ctrl-C)  Sitzung beenden
Jedes fertige Spiel ist gebucht; mit --session geht ein angefangenes Spiel
beim Fortsetzen genau dort weiter, wo es aufgehört hat.""",
        "help_cards": """Farbe E G H S, Wert A Z K O U 9 8 7
            (EO = Eichel-Ober, h10 = hz = Herz-Zehn, gra = Gras-Sau); mit --french
            auch Wert, dann Farbe c ♣ s ♠ h ♥ d ♦ (qc = Q♣, 7h = 7♥)""",
        "help_cards_french": """Wert A 10 K Q J 9 8 7 (Q Dame, J Bube),
            dann Farbe c ♣ s ♠ h ♥ d ♦ (qc = Q♣ = Kreuz-Dame, 10h = Herz-Zehn,
            as = Pik-Ass); auch die Kürzel des deutschen Blatts (EO, h10)""",
        "help_sauspiel": "sauspiel gras",
        "help_sauspiel_french": "sauspiel pik",
        # session
        "bad_opponents": (
            "unbekannte Gegner {opponents!r}{why}. Möglich sind die Spielerarten {kinds} "
            "mit Optionen (pimc:samples=20,seconds=0.5) oder die Stufen {levels}."
        ),
        "unknown_option": ": {kind} kennt keine Option {option!r} (nur {options})",
        "bad_option_type": ": die Option {option!r} braucht {want}, nicht {value!r}",
        "want_bool": "true oder false",
        "want_int": "eine ganze Zahl",
        "want_number": "eine Zahl",
        "not_installed": "die Gegner {opponents!r} sind hier nicht installiert",
        "random_stand_in": "Die regelbasierten Gegner fehlen hier: es spielen Zufallsspieler.",
        "ended": "Sitzung beendet {after}.",
        "all_equal": "{ended} Alle stehen gleich ({amount}): niemand gewinnt.",
        "winner": "{ended} {s} mit {amount}.",
        "winners": "{ended} Gleichauf vorne: {names} mit je {amount}.",
        "resumed": "Sitzung {file} fortgesetzt: {done}{of} gespielt.",
        "of_games": " von {n}",
        "from_file": (
            "(Regeln und Spieler kommen aus der Datei; Spielzahl, Gegner, Sprache und Blatt "
            "auch, wo sie nicht neu angegeben sind.)"
        ),
        "session_over": "Diese Sitzung ist zu Ende.",
        "play_on": "Weiterspielen: schafkopf play --session {path} --games {n}",
        "game_rule": "Spiel {n}{of} · Geber: {dealer} · Vorhand: {vorhand}",
        "goes_on": "Das angefangene Spiel geht weiter, wo es aufgehört hat (bisher {moves}).",
        "call": "{n} Ansage",
        "calls": "{n} Ansagen",
        "card": "{n} Karte",
        "cards": "{n} Karten",
        "result_rule": "Ergebnis Spiel {n}",
        "stopped_saved": (
            "Angehalten: das laufende Spiel ist gespeichert und geht beim Fortsetzen genau "
            "dort weiter."
        ),
        "stopped": "Abgebrochen: das laufende Spiel zählt nicht.",
        "stopped_between": "Aufgehört {after}: jedes Spiel ist gebucht.",
        "resume_with": "Fortsetzen mit: schafkopf play --session {path}",
        "what_if": (
            "Was wäre, wenn: dasselbe Spiel ab Schritt {at} von {total}, du spielst für {seat}."
        ),
        "what_if_done": "So wäre es ausgegangen. Gespielt wurde: {real}.",
        # reasons: why a choice is not allowed
        "r_double_not_yet": "{word} gibt es erst, wenn ein Spiel gespielt wird.",
        "r_no_kontra_ramsch": "Im Ramsch gibt es kein Kontra.",
        "r_max_doublings": "Öfter als {n}-mal darf nicht verdoppelt werden.",
        "r_double_said": "{said} ist schon gesagt.",
        "r_double_early": "{word} gibt es erst nach {before}.",
        "r_double_declarers": "{word} darf nur die Spielerseite sagen.",
        "r_double_defenders": "{word} dürfen nur die Gegner des Spielers sagen.",
        "r_double_late": "Für {word} ist es jetzt zu spät.",
        "r_cards_later": (
            "Karten werden erst gespielt, wenn das Spiel feststeht: {card} geht jetzt nicht."
        ),
        "r_not_in_hand": "{card} hast du nicht auf der Hand.",
        "r_must_give_sau": "{led} ist angespielt: wer die gerufene {sau} hat, muss sie zugeben.",
        "r_follow_trump": "Trumpf ist angespielt: du musst Trumpf zugeben (Farbe bekennen).",
        "r_follow": "{led} ist angespielt: du musst {led} zugeben (Farbe bekennen).",
        "r_no_schmieren": (
            "Die gerufene {sau} darfst du nicht abwerfen (schmieren), solange {suit} nicht "
            "angespielt ist."
        ),
        "r_davonlaufen": (
            "Wer die gerufene {sau} hat, muss sie selbst ausspielen, wenn er {suit} anspielt; "
            "davonlaufen darf nur, wer mindestens {need} Karten dieser Farbe hat."
        ),
        "r_no_choice": "Das ist keine Wahl.",
        "r_over": "Das Spiel ist vorbei.",
        "r_nobody": "Gerade ist niemand am Zug.",
        "r_not_your_turn": "Du bist nicht dran: {s}.",
        "r_spiel_too_low": (
            "„{word}“ darfst du nicht sagen: kein Spiel, das du spielen dürftest, ist hoch genug."
        ),
        "r_bidding": "Jetzt sagst du „{weiter}“ oder „{spiel}“, nicht „{word}“.",
        "r_klopfen": "Jetzt heißt es „{klopfen}“ oder „{nicht}“, nicht „{word}“.",
        "r_offer_low": (
            "„{word}“ kannst du nicht bieten: ein Gebot muss höher sein als das bisher höchste "
            "(gleich hoch genügt dem, der früher sitzt) und nach den Regeln erlaubt und mit "
            "deinen Karten möglich sein."
        ),
        "r_not_allowed": "„{word}“ erlauben diese Regeln nicht.",
        "r_no_sie": "Sie kannst du nicht spielen: dazu braucht man alle vier Ober und Unter.",
        "r_cannot_call": (
            "Auf die {sau} kannst du nicht spielen: du darfst sie nicht selbst haben und "
            "brauchst eine {suit}-Karte, die kein Trumpf ist."
        ),
        "r_name_offered": (
            "Du musst das Spiel ansagen, das du geboten hast ({offered}), nicht „{word}“."
        ),
        "r_naming": "Jetzt wird ein Spiel angesagt, nicht „{word}“.",
        "r_not_now": "„{word}“ geht jetzt nicht.",
        "seats": "Links,Gegenüber,Rechts",
        "and": "und",
        "game": "Spiel",
        "games_dat": "Spielen",
        "games_nom": "Spiele",
        "after": "nach {n} {games}",
        "after_of": "nach {n} von {total} {games}",
    },
    "en": {
        "trump": "Trumps",
        "your_cards": "Your cards",
        "your_first_cards": "Your first cards",
        "none": "none",
        "contract": "Game: ",
        "each_alone": " (each for themselves)",
        "declarer": " · Declarer: {name}",
        "partner": " · Partner: {name}",
        "unknown": "unknown",
        "bids": "Bids: ",
        "last_trick": "Last trick (to {to}): ",
        "trick": "Trick {n} ",
        "no_tricks": "No trick played yet.",
        "tricks_so_far": "Tricks so far:",
        "tricks_of_game": "The game's tricks:",
        "trick_to": " → to {to} ({augen} card points)",
        "augen_tricks": "Card points (tricks):",
        "sides": "Declarers {mine} : Defenders {rest}",
        "dealer_vorhand": "Dealer: {dealer} · Lead: {vorhand}",
        "knocked": "Knocked: ",
        "to_move": "To move: {name}",
        "choose": "Choose:",
        "keys_tricks": "(? help, l tricks, q quit)",
        "keys": "(? help, q quit)",
        "trick_won": "  → Trick {n} to {to} ({augen} card points)",
        "plays_with": "{s} with {with_}.",
        "all_pass_redeal": "Everyone passes: the cards are dealt again, nobody pays.",
        "all_pass_ramsch": "Everyone passes: Ramsch is played.",
        "has_sie": "{s} Sie: all four Ober and all four Unter!",
        "you_have_sau": "You have the {sau}: you play with {with_}.",
        "result_all_pass": "No game: the cards are dealt again.",
        "augen": "Card points: {pts}",
        "durchmarsch": "Durchmarsch by {by}!",
        "ramsch_loser": "{s} (the most points).",
        "jungfrau": "Jungfrau: ",
        "won": "won",
        "lost": "lost",
        "declarer_side": " · Declarers: {side} · ",
        "declarer_one": " · Declarer: {side} · ",
        "augen_sides": (
            "Card points: declarers {dp} : defenders {op} · declarers' tricks: {tricks}"
        ),
        "yes": "yes",
        "no": "no",
        "schneider": "Schneider: {v}",
        "schwarz": "Schwarz: {v}",
        "laufende": "Laufende: {v}",
        "laufende_short": "Laufende: none (only {run}; they count from {min})",
        "knocks_times": "knocked {n}×",
        "factor": "Factor ×{m}",
        "value": " · Value: {v}",
        "payout_none": "Payouts: none",
        "payout": "Payouts: {pay}",
        "stock": "Stock: {v}",
        "ledger": "Ledger",
        "ledger_empty": "{title}: no game booked yet.",
        "ledger_unit": "{title} (amounts: {unit})",
        "game_col": "Game",
        "ledger_redeal": "all passed: dealt again",
        "standing": "Standing {after}: {balances}",
        "prompt": "Your choice> ",
        "confirm_quit": "Really quit? [y/N] ",
        "next_game_ask": "Enter: next game, l: tricks, q: quit> ",
        "refused": "Not allowed: {why}",
        "forced": "Only one card is allowed: {card} (played automatically).",
        "naming_offered": "You name what you bid: {contract}.",
        "offer_auto": "As said when bidding, you offer: {contract}.",
        "offer_kept": "{contract} is kept: you offer it and name it when the time comes.",
        "double_ask": "{word}? [y/N] ",
        "double_yes_no": "please y ({word}) or n (no)",
        "no_sign": "{raw} is no choice: only the numbers without a sign",
        "possible": "; possible are {shown}",
        "empty_input": "please enter a choice (? for help)",
        "no_card_number": "no card has the number {i}: 1 to {n}; allowed are {shown}",
        "no_choice_number": "no choice has the number {i}: 1 to {n}; possible are {shown}",
        "not_understood": (
            "{text!r} is not understood: a number, a card (EO, h10), pass, play, kontra or "
            "a game (sauspiel leaves, solo h, wenz); ? for help"
        ),
        "did_you_mean": "“{text}” is not understood: did you mean “{hint}”? (? for help)",
        "not_understood_french": (
            "{text!r} is not understood: a number, a card (qc, 10h), pass, play, kontra or "
            "a game (sauspiel spades, solo hearts, wenz); ? for help"
        ),
        "no_rufspiel_offer": "a Sauspiel needs no bid: say pass or bid higher",
        "which_suit": "which suit? Possible are: {shown}",
        "no_such_game": "There is no such game: {said}.",
        "no_naming_now": "no game is named now",
        "help": """\
Input (upper or lower case):
  Card      its number (3) or its token: {cards}
  Bids      pass (w), play (s), knock, no knock (n), kontra / re (k)
  Games     the number, or: {sauspiel}, rufspiel G, solo h, solo hearts tout,
            wenz, geier, solo tout, ...
  When bidding, play is enough; a game like solo hearts is kept, offered and
  named when the time comes.
  l         the tricks of this game so far
  ?         this help and the table      q (Ctrl-D, Ctrl-C)  end the session
Every finished game is booked; with --session a game in progress goes on
exactly where it stopped when the session is resumed.""",
        "help_cards": """suit E G H S, rank A Z K O U 9 8 7
            (EO = Ober of Acorns, h10 = hz = Ten of Hearts, ga = Sau of Leaves); with
            --french also rank, then suit c ♣ s ♠ h ♥ d ♦ (qc = Q♣, 7h = 7♥)""",
        "help_cards_french": """rank A 10 K Q J 9 8 7, then suit
            c ♣ s ♠ h ♥ d ♦ (qc = Q♣ = Queen of Clubs, 10h = Ten of Hearts, as = Ace
            of Spades); the German deck's tokens too (EO, h10)""",
        "help_sauspiel": "sauspiel leaves",
        "help_sauspiel_french": "sauspiel spades",
        "bad_opponents": (
            "unknown opponents {opponents!r}{why}. Possible are the player kinds {kinds} "
            "with options (pimc:samples=20,seconds=0.5) or the levels {levels}."
        ),
        "unknown_option": ": {kind} has no option {option!r} (only {options})",
        "bad_option_type": ": option {option!r} takes {want}, not {value!r}",
        "want_bool": "true or false",
        "want_int": "a whole number",
        "want_number": "a number",
        "not_installed": "the opponents {opponents!r} are not installed here",
        "random_stand_in": "The rule-based opponents are missing here: random players play.",
        "ended": "Session over {after}.",
        "all_equal": "{ended} Everyone stands equal ({amount}): nobody wins.",
        "winner": "{ended} {s} with {amount}.",
        "winners": "{ended} Tied for the lead: {names} with {amount} each.",
        "resumed": "Session {file} resumed: {done}{of} played.",
        "of_games": " of {n}",
        "from_file": (
            "(Rules and players come from the file; the number of games, opponents, language "
            "and deck too, where not given anew.)"
        ),
        "session_over": "This session is over.",
        "play_on": "To play on: schafkopf play --session {path} --games {n}",
        "game_rule": "Game {n}{of} · Dealer: {dealer} · Lead: {vorhand}",
        "goes_on": "The game in progress goes on where it stopped (so far {moves}).",
        "call": "{n} call",
        "calls": "{n} calls",
        "card": "{n} card",
        "cards": "{n} cards",
        "result_rule": "Result of game {n}",
        "stopped_saved": (
            "Stopped: the game in progress is saved and goes on exactly there when resumed."
        ),
        "stopped": "Stopped: the game in progress does not count.",
        "stopped_between": "Stopped {after}: every game is booked.",
        "resume_with": "Resume with: schafkopf play --session {path}",
        "what_if": "What if: the same game from step {at} of {total}, you play for {seat}.",
        "what_if_done": "That is how it would have ended. In the game itself: {real}.",
        "r_double_not_yet": "{word} only exists once a game is being played.",
        "r_no_kontra_ramsch": "There is no Kontra in Ramsch.",
        "r_max_doublings": "No more than {n} doublings are allowed.",
        "r_double_said": "{said} has been said already.",
        "r_double_early": "{word} comes only after {before}.",
        "r_double_declarers": "Only the declarers' side may say {word}.",
        "r_double_defenders": "Only the declarer's opponents may say {word}.",
        "r_double_late": "It is too late for {word} now.",
        "r_cards_later": "Cards are played once the game is settled: {card} is not possible now.",
        "r_not_in_hand": "You do not have {card} in your hand.",
        "r_must_give_sau": "{led} was led: whoever has the called {sau} must play it.",
        "r_follow_trump": "Trumps were led: you must play a trump (follow suit).",
        "r_follow": "{led} was led: you must play {led} (follow suit).",
        "r_no_schmieren": (
            "You may not discard the called {sau} (schmieren) while {suit} has not been led."
        ),
        "r_davonlaufen": (
            "Whoever has the called {sau} must play it when leading {suit}; only a player "
            "with at least {need} cards of that suit may run away (davonlaufen)."
        ),
        "r_no_choice": "That is no choice.",
        "r_over": "The game is over.",
        "r_nobody": "Nobody is to move right now.",
        "r_not_your_turn": "It is not your turn: {s}.",
        "r_spiel_too_low": ("You may not say “{word}”: no game you could play is high enough."),
        "r_bidding": "Now you say “{weiter}” or “{spiel}”, not “{word}”.",
        "r_klopfen": "Now it is “{klopfen}” or “{nicht}”, not “{word}”.",
        "r_offer_low": (
            "You cannot bid “{word}”: a bid must be higher than the highest so far (equal is "
            "enough for the earlier seat), allowed by the rules and possible with your cards."
        ),
        "r_not_allowed": "These rules do not allow “{word}”.",
        "r_no_sie": "You cannot play Sie: it needs all four Ober and all four Unter.",
        "r_cannot_call": (
            "You cannot call the {sau}: you may not hold it yourself and need a card of "
            "{suit} that is not a trump."
        ),
        "r_name_offered": "You must name the game you bid ({offered}), not “{word}”.",
        "r_naming": "Now a game is named, not “{word}”.",
        "r_not_now": "“{word}” is not possible now.",
        "seats": "Left,Across,Right",
        "and": "and",
        "game": "game",
        "games_dat": "games",
        "games_nom": "games",
        "after": "after {n} {games}",
        "after_of": "after {n} of {total} {games}",
    },
}
"""Every text the terminal shows, by language and key; both tables have the same keys."""

CONTRACTS: Final = {
    "de": {
        Kind.RUFSPIEL: "Sauspiel auf die {suit}-Sau",
        Kind.SOLO: "{suit}-Solo",
        Kind.FARBWENZ: "{suit}-Farbwenz",
        Kind.FARBGEIER: "{suit}-Farbgeier",
    },
    "en": {
        Kind.RUFSPIEL: "Sauspiel on the {sau}",
        Kind.SOLO: "{suit} Solo",
        Kind.FARBWENZ: "{suit} Farbwenz",
        Kind.FARBGEIER: "{suit} Farbgeier",
    },
}
"""Contract names with a suit (the others are named as in German: Wenz, Geier, Bettel, ...)."""

SIMPLE_ACTIONS: Final = {
    "de": {WEITER: "weiter", SPIEL: "spiel", KLOPFEN: "klopfen", NICHT_KLOPFEN: "nicht klopfen"},
    "en": {WEITER: "pass", SPIEL: "play", KLOPFEN: "knock", NICHT_KLOPFEN: "no knock"},
}
"""The words for bidding and Klopfen as the choices show them (the engine reads both)."""


@dataclass(frozen=True)
class Lang:
    """The words of one language (``de`` or ``en``) and deck (``french``)."""

    code: str = "de"
    french: bool = False

    def t(self, key: str, **values: object) -> str:
        """The text ``key`` in this language, its ``{placeholders}`` filled from ``values``."""
        return TEXTS[self.code][key].format(**values)

    @property
    def suits(self) -> tuple[str, ...]:
        return SUITS[self.code, self.french]

    def is_you(self, name: str) -> bool:
        """True when the name is the pronoun for seat 0 (``Du`` or ``You``, any case)."""
        return name.strip().lower() in ("du", "you")

    def name(self, name: str) -> str:
        """A seat's name as shown: ``Du``/``You`` as this language says it."""
        if self.is_you(name):
            return "Du" if self.code == "de" else "You"
        return name

    def subject(self, name: str, verb: str) -> str:
        """``name`` with ``verb`` (a key of :data:`VERBS`): ``Du bietest``, ``You bid``."""
        third, you = VERBS[self.code][verb]
        if self.code == "de":
            return words.subject(name, third) if not self.is_you(name) else f"Du {you}"
        return f"You {you}" if self.is_you(name) else f"{name} {third}"

    def accusative(self, name: str) -> str:
        """``name`` after a preposition that takes the accusative: ``an dich``, ``to you``."""
        if self.code == "de":
            return words.accusative(name)
        return "you" if self.is_you(name) else name

    def dative(self, name: str) -> str:
        """``name`` after ``mit``/``von``: ``mit dir``, ``with you``."""
        if self.code == "de":
            return words.dative(name)
        return "you" if self.is_you(name) else name

    def and_list(self, names: Sequence[str]) -> str:
        """``Sepp``, ``Sepp und Resi``, ``Sepp, Resi and Hias``."""
        names = [self.name(n) for n in names]
        if len(names) <= 1:
            return "".join(names)
        return f"{', '.join(names[:-1])} {self.t('and')} {names[-1]}"

    def amount(
        self, value: int, unit: str = "ct", *, sign: bool = True, dative: bool = False
    ) -> str:
        """An amount with its unit (``+5 ct``); ``dative`` after "mit" (``mit +6 Punkten``)."""
        if self.code == "de":
            return words.amount(value, unit, sign=sign, dative=dative)
        text = words.amount(value, unit if unit.lower() != "points" else "", sign=sign)
        if unit.lower() == "points":
            text += " point" if abs(value) == 1 else " points"
        return text

    def help(self) -> str:
        """The terminal's help, with the card tokens and examples of this deck."""
        deck = "_french" if self.french else ""
        return self.t(
            "help", cards=self.t(f"help_cards{deck}"), sauspiel=self.t(f"help_sauspiel{deck}")
        )

    def games_count(self, count: int) -> str:
        """``1 Spiel``, ``2 Spiele``; ``1 game``, ``2 games``."""
        return f"{count} {self.t('game') if count == 1 else self.t('games_nom')}"

    def after_games(self, played: int, total: int | None) -> str:
        """``nach 1 von 3 Spielen``, ``after 1 of 3 games``."""
        if total:
            games = self.t("game") if total == 1 else self.t("games_dat")
            return self.t("after_of", n=played, total=total, games=games)
        games = self.t("game") if played == 1 else self.t("games_dat")
        return self.t("after", n=played, games=games)

    def card_name(self, c: Card) -> str:
        """``Eichel-Ober``, ``Kreuz-Dame``, ``Ober of Acorns``, ``Queen of Clubs``."""
        suit, rank = self.suits[c >> 3], RANKS[self.code, self.french][c & 7]
        return f"{suit}-{rank}" if self.code == "de" else f"{rank} of {suit}"

    def card_label(self, c: Card, *, long: bool = False) -> str:
        """``EO`` (``EO Eichel-Ober`` with ``long``), or ``Q♣`` (``Q♣ Kreuz-Dame``)."""
        short = FRENCH_RANKS[c & 7] + FRENCH_SUITS[c >> 3] if self.french else card_token(c)
        return f"{short} {self.card_name(c)}" if long else short

    def sau(self, suit: int) -> str:
        """The called card of a Sauspiel: ``Gras-Sau``, ``Pik-Ass``, ``Sau of Leaves``."""
        return self.card_name(suit * 8)

    def contract_name(self, c: Contract) -> str:
        """``Sauspiel auf die Gras-Sau``, ``Pik-Solo``, ``Sauspiel on the Sau of Leaves``."""
        template = CONTRACTS[self.code].get(c.kind)
        if template is None or c.suit is None:
            return c.name()
        name = template.format(suit=self.suits[c.suit], sau=self.sau(c.suit))
        if self.code == "de" and self.french and c.kind is Kind.RUFSPIEL:
            name = f"Sauspiel auf das {self.sau(c.suit)}"
        return name + (" Tout" if c.tout else "")

    def short_contract(self, c: Contract) -> str:
        """A contract's name for a ledger row (``Sauspiel Gras``)."""
        if c.kind is Kind.RUFSPIEL and c.suit is not None:
            return f"Sauspiel {self.suits[c.suit]}"
        return self.contract_name(c)

    def action(self, action: Action, doublings_before: int = 0) -> str:
        """What the choices call an action, in words the engine reads back: ``weiter``/
        ``pass``, ``kontra``, ``solo tout``, ``rufspiel gras`` (``rufspiel pik`` with the
        French deck, ``rufspiel leaves`` in English)."""
        if is_name(action):
            kind, suit, tout = NAMES[action - NAME_BASE]
            said = kind.value + (f" {self.suits[suit].lower()}" if suit is not None else "")
            return said + (" tout" if tout else "")
        if action == DOUBLE:
            return action_name(action, doublings_before)
        return SIMPLE_ACTIONS[self.code].get(action) or action_name(action, doublings_before)


GERMAN: Final = Lang()


def locale_language(fallback: str) -> str:
    """The language of the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``): ``de`` for
    ``de_*``, ``en`` for any other set locale, ``fallback`` where none is set (or C/POSIX)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        locale = os.environ.get(name, "").strip()
        if locale:
            if locale.split(".")[0] in ("C", "POSIX"):
                return fallback
            return "de" if locale.lower().startswith("de") else "en"
    return fallback


def lang(code: str = "de", french: bool = False) -> Lang:
    """The :class:`Lang` for a language code (``de``, ``en``); an unknown code is an error."""
    if code not in LANGS:
        raise ValueError(f"unknown language {code!r}: one of {', '.join(LANGS)}")
    return Lang(code, french)
