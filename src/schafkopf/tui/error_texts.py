"""The command line's errors in German or English: a bad ruleset or option
(:class:`~schafkopf.rules.RulesError`), a session file that cannot be resumed
(:class:`~schafkopf.session.SessionError`), a step or seat a what-if game does not have, an
input file that cannot be read.

The engine says what went wrong with a ``reason`` and ``params``; this module words them
from its own two tables. An error it has no words for falls back to the engine's English
sentence, so nothing is ever lost.

>>> from schafkopf.rules import Ruleset, RulesError
>>> try:
...     Ruleset.preset("standard", {"klopfen": "ja"})
... except RulesError as e:
...     print(error_text(e, "de"))
Die Option „klopfen“ kann nur true oder false sein (nicht „ja“).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from schafkopf.errors import SchafkopfError

ERROR_TEXTS: Final[Mapping[str, Mapping[str, str]]] = {
    "de": {
        # the rules: --preset, --set, --rules FILE
        "unknown_preset": "Die Regelvorlage {name} gibt es nicht; es gibt {presets}.",
        "unknown_option": "Die Option {option} gibt es nicht; es gibt {options}.",
        "option_group": "{option} fasst Optionen zusammen; setze eine davon: {options}.",
        "count": "Die Option {option} muss eine ganze Zahl ab 0 sein (nicht {value}).",
        "bool": "Die Option {option} kann nur true oder false sein (nicht {value}).",
        "choice": "Die Option {option} muss einer dieser Werte sein: {choices} (nicht {value}).",
        "range": (
            "Die Option {option} muss eine ganze Zahl von {low} bis {high} sein (nicht {value})."
        ),
        "durchmarsch": (
            "Die Option {option} ist all_tricks (alle Stiche), off (aus) oder eine Augenzahl "
            "von 61 bis 120, ab der er zählt (nicht {value})."
        ),
        "contracts": "Die Option {option} muss eine Liste aus {choices} sein (nicht {value}).",
        "unknown_contracts": "Die Option {option} kennt {bad} nicht; erlaubt sind {choices}.",
        "not_object": (
            "Die Regeln müssen ein Objekt mit „preset“ und Optionen sein (nicht {value})."
        ),
        "preset_not_name": (
            "„preset“ muss der Name einer Regelvorlage sein ({presets}; nicht {value})."
        ),
        "not_key_value": "--set braucht Option=Wert, z. B. tarif.solo=5 (nicht {given}).",
        "rules_cannot_read": "Die Regeldatei {path} lässt sich nicht lesen ({why}).",
        "rules_not_utf8": "Die Regeldatei {path} ist kein UTF-8-Text (Byte {byte}).",
        "bad_syntax": "Die Regeldatei {path} ist kein gültiges {format}: {detail}",
        # a contract (in a record or a file)
        "contract_suit": "Bei {kind} gehört eine Farbe dazu.",
        "contract_no_suit": "{kind} hat keine Farbe.",
        "contract_declarer": "Bei {kind} gehört ein Spieler dazu.",
        "contract_no_declarer": "{kind} hat keinen Spieler.",
        "tout_kind": "Tout gibt es nur bei Solospielen, nicht bei {kind}.",
        "herz_sau": "Die Herz-Sau kann man nicht rufen – nur die Eichel-, Gras- oder Schellen-Sau.",
        "unknown_kind": "Die Spielart {kind} gibt es nicht; es gibt {kinds}.",
        "bad_suit": "Die Farbe eines Spiels ist E, G, H oder S (nicht {value}).",
        "bad_declarer": "Der Spieler eines Spiels ist eine Sitznummer (nicht {value}).",
        "bad_tout": "„tout“ kann nur true oder false sein (nicht {value}).",
        "unknown_fields": "Unbekannte Felder eines Spiels: {fields}.",
        "contract_not_object": (
            "Ein Spiel ist ein Objekt mit kind, declarer, suit und tout (nicht {value})."
        ),
        # a session
        "seats": "Die Regeln sehen {players} Spieler vor, nicht {names}.",
        "bad_games": "Die Anzahl der Spiele muss 0 (ohne Ende) oder größer sein (nicht {games}).",
        "games_played": (
            "Schon gespielt: {played}; --games muss 0 (ohne Ende) oder mindestens {played} "
            "sein (nicht {games})."
        ),
        "session_cannot_read": "Die Sitzungsdatei {path} lässt sich nicht lesen ({why}).",
        "cannot_write": "Die Sitzungsdatei {path} lässt sich nicht speichern ({why}).",
        "not_utf8": "{path} ist keine Sitzungsdatei: kein UTF-8-Text (Byte {byte}).",
        "empty": "Die Sitzungsdatei {path} ist leer.",
        "not_header": (
            "{path} ist keine Sitzungsdatei: die erste Zeile ist kein gültiger Dateikopf."
        ),
        "broken": "Die Sitzungsdatei {path} ist beschädigt: {what}",
        "not_json": "Zeile {line} ist kein JSON.",
        "bad_header": "der Dateikopf in Zeile 1 ist ungültig: {inner}",
        "bad_rules": "die Regeln in Zeile 1 sind ungültig: {inner}",
        "bad_record": "Zeile {line} ist kein gültiges Spiel ({detail}).",
        "not_finished": "das Spiel in Zeile {line} ist nicht zu Ende.",
        "out_of_order": (
            "Zeile {line} ist ein Zug aus Spiel {game}, gebucht sind aber erst {played}."
        ),
        "bad_act": "Zeile {line} ist kein Zug ([Sitz, Aktion]).",
        "replay": "Spiel {game} lässt sich nicht fortsetzen ({detail}).",
        # an input file (play --from, analyze, stats) and the command line
        "stdin": "Standardeingabe",
        "input_cannot_read": "{name}: lässt sich nicht lesen ({why})",
        "broken_gzip": "{name}: eine beschädigte gzip-Datei ({detail})",
        "too_big": "{name}: ist entpackt größer als {mib} MiB",
        "input_not_utf8": "{name}: kein UTF-8-Text (Byte {byte})",
        "no_record": "{name}: kein Spiel in der Eingabe",
        "no_record_here": "kein Spiel in dieser Eingabe",
        "game_range": "{name}: --game muss zwischen 1 und {count} liegen (nicht {game})",
        "bad_game": "{name}: Spiel {game} ist kein gültiges Spiel ({detail})",
        "seat_range": "--seat muss zwischen {low} und {high} liegen (nicht {seat})",
        "cannot_write_file": "{name}: lässt sich nicht speichern ({why})",
        "step_range": (
            "Das Spiel hat {steps} Schritte: --at muss zwischen 1 und {last} liegen (nicht {at})."
        ),
        "over_at": "Bei Schritt {at} ist das Spiel schon vorbei: wähle einen früheren.",
        # a hand (advise)
        "unknown_card": (
            "Die Karte {token} gibt es nicht: eine Karte ist eine Farbe E G H S und ein Schlag "
            "A Z K O U 9 8 7 (EO, h10), ein Name (Gras-König, Pik-Dame) oder ein Zeichen des "
            "französischen Blatts (Q♣)."
        ),
        "hand_size": "Eine Hand hat {need} Karten, nicht {got}.",
        "card_twice": "Die Karte {card} steht zweimal in der Hand.",
        "not_in_deck": "Nicht im kurzen Blatt: {cards}.",
        # the command line itself, before a command runs (schafkopf.cli_usage)
        "cli_usage": "Aufruf:",
        "cli_help": "„{command} {option}“ liefert weitere Informationen.",
        "cli_no_option": "Die Option {opt} gibt es nicht.",
        "cli_no_option_near": "Die Option {opt} gibt es nicht; meintest du {near}?",
        "cli_needs_value": "Die Option {opt} braucht einen Wert.",
        "cli_takes_no_value": "Die Option {opt} nimmt keinen Wert an.",
        "cli_missing_argument": "Das Argument {argument} fehlt.",
        "cli_missing_option": "Die Option {opt} fehlt.",
        "cli_not_whole": "{opt} muss eine ganze Zahl sein (nicht {value}).",
        "cli_not_number": "{opt} muss eine Zahl sein (nicht {value}).",
        "cli_not_bool": "{opt} kann nur true oder false sein (nicht {value}).",
        "cli_at_least": "{opt} muss mindestens {low} sein (nicht {value}).",
        "cli_at_most": "{opt} darf höchstens {high} sein (nicht {value}).",
        "cli_above": "{opt} muss größer als {low} sein (nicht {value}).",
        "cli_below": "{opt} muss kleiner als {high} sein (nicht {value}).",
        "cli_bad_value": "Ungültiger Wert für {opt}: {detail}",
        "cli_no_command": "Den Befehl {command} gibt es nicht; es gibt {commands}.",
        "cli_no_command_near": "Den Befehl {command} gibt es nicht; meintest du {near}?",
        "cli_missing_command": "Hier fehlt ein Befehl; es gibt {commands}.",
        "cli_extra_arguments": "Mehr Argumente als erwartet: {args}.",
        "cli_other": "{detail}",
    },
    "en": {
        "unknown_preset": "There is no rules preset {name}; the presets are {presets}.",
        "unknown_option": "There is no option {option}; the options are {options}.",
        "option_group": "{option} holds options; set one of them: {options}.",
        "count": "The option {option} must be a whole number from 0 (not {value}).",
        "bool": "The option {option} can only be true or false (not {value}).",
        "choice": "The option {option} must be one of: {choices} (not {value}).",
        "range": "The option {option} must be a whole number from {low} to {high} (not {value}).",
        "durchmarsch": (
            "The option {option} is all_tricks, off, or the card points (61 to 120) from which "
            "a Durchmarsch counts (not {value})."
        ),
        "contracts": "The option {option} must be a list from {choices} (not {value}).",
        "unknown_contracts": "The option {option} knows no {bad}; allowed are {choices}.",
        "not_object": "The rules must be an object with “preset” and options (not {value}).",
        "preset_not_name": "“preset” must name a rules preset ({presets}; not {value}).",
        "not_key_value": "--set takes option=value, e.g. tarif.solo=5 (not {given}).",
        "rules_cannot_read": "Cannot read the rules file {path} ({why}).",
        "rules_not_utf8": "The rules file {path} is not UTF-8 text (byte {byte}).",
        "bad_syntax": "The rules file {path} is not valid {format}: {detail}",
        "contract_suit": "{kind} needs a suit.",
        "contract_no_suit": "{kind} takes no suit.",
        "contract_declarer": "{kind} needs a declarer.",
        "contract_no_declarer": "{kind} has no declarer.",
        "tout_kind": "Tout is only for solo-type games, not {kind}.",
        "herz_sau": "The Herz-Sau cannot be called: only the Eichel-, Gras- or Schellen-Sau.",
        "unknown_kind": "There is no contract kind {kind}; there are {kinds}.",
        "bad_suit": "A contract's suit is E, G, H or S (not {value}).",
        "bad_declarer": "A contract's declarer is a seat number (not {value}).",
        "bad_tout": "“tout” can only be true or false (not {value}).",
        "unknown_fields": "Unknown fields of a contract: {fields}.",
        "contract_not_object": (
            "A contract is an object with kind, declarer, suit and tout (not {value})."
        ),
        "seats": "The rules seat {players} players, not {names}.",
        "bad_games": "The number of games must be 0 (open-ended) or more (not {games}).",
        "games_played": (
            "Already played: {played}; --games must be 0 (open-ended) or at least {played} "
            "(not {games})."
        ),
        "session_cannot_read": "Cannot read the session file {path} ({why}).",
        "cannot_write": "Cannot save the session file {path} ({why}).",
        "not_utf8": "{path} is not a session file: not UTF-8 text (byte {byte}).",
        "empty": "The session file {path} is empty.",
        "not_header": "{path} is not a session file: its first line is not a valid header.",
        "broken": "The session file {path} is damaged: {what}",
        "not_json": "line {line} is not JSON.",
        "bad_header": "the header on line 1 is invalid: {inner}",
        "bad_rules": "the rules on line 1 are invalid: {inner}",
        "bad_record": "line {line} is not a valid game ({detail}).",
        "not_finished": "the game on line {line} is not finished.",
        "out_of_order": "line {line} is a move of game {game}, but only {played} are booked.",
        "bad_act": "line {line} is not a move ([seat, action]).",
        "replay": "game {game} cannot go on ({detail}).",
        "stdin": "standard input",
        "input_cannot_read": "{name}: cannot read it ({why})",
        "broken_gzip": "{name}: a broken gzip file ({detail})",
        "too_big": "{name}: unpacks to more than {mib} MiB",
        "input_not_utf8": "{name}: not UTF-8 text (byte {byte})",
        "no_record": "{name}: no record in the input",
        "no_record_here": "no record in this input",
        "game_range": "{name}: --game must be 1..{count}, got {game}",
        "bad_game": "{name}: game {game} is not a valid game ({detail})",
        "seat_range": "--seat must be {low}..{high}, got {seat}",
        "cannot_write_file": "{name}: cannot write it ({why})",
        "step_range": "The game has {steps} steps: --at must be 1..{last}, got {at}.",
        "over_at": "The game is over at step {at}: choose an earlier one.",
        "unknown_card": (
            "There is no card {token}: a card is a suit E G H S then a rank A Z K O U 9 8 7 "
            "(EO, h10), a name (Gras-König, Pik-Dame) or the French deck's symbols (Q♣)."
        ),
        "hand_size": "A hand has {need} cards, not {got}.",
        "card_twice": "The card {card} is in the hand twice.",
        "not_in_deck": "Not in the short deck: {cards}.",
        "cli_usage": "Usage:",
        "cli_help": "Try '{command} {option}' for help.",
        "cli_no_option": "There is no option {opt}.",
        "cli_no_option_near": "There is no option {opt}; did you mean {near}?",
        "cli_needs_value": "The option {opt} needs a value.",
        "cli_takes_no_value": "The option {opt} takes no value.",
        "cli_missing_argument": "The argument {argument} is missing.",
        "cli_missing_option": "The option {opt} is missing.",
        "cli_not_whole": "{opt} must be a whole number (not {value}).",
        "cli_not_number": "{opt} must be a number (not {value}).",
        "cli_not_bool": "{opt} can only be true or false (not {value}).",
        "cli_at_least": "{opt} must be at least {low} (not {value}).",
        "cli_at_most": "{opt} must be at most {high} (not {value}).",
        "cli_above": "{opt} must be greater than {low} (not {value}).",
        "cli_below": "{opt} must be less than {high} (not {value}).",
        "cli_bad_value": "Invalid value for {opt}: {detail}",
        "cli_no_command": "There is no command {command}; the commands are {commands}.",
        "cli_no_command_near": "There is no command {command}; did you mean {near}?",
        "cli_missing_command": "A command is missing here; the commands are {commands}.",
        "cli_extra_arguments": "More arguments than expected: {args}.",
        "cli_other": "{detail}",
    },
}
"""Every error text of the command line, per language; ``{placeholders}`` from the error's
``params`` (a value already shown: quoted as typed, lists joined)."""

_QUOTES: Final = {"de": ("„", "“"), "en": ("“", "”")}

_AS_GIVEN: Final = frozenset({"path", "why", "detail", "format", "low", "high", "line", "byte"})
"""Parameters shown as they are: file names, the system's words, numbers."""

_QUOTED_ITEMS: Final = frozenset({"bad", "fields"})
"""List parameters whose items a person typed: each quoted (the others are names to choose)."""

_BROKEN_FILE: Final = frozenset(
    {"not_json", "bad_header", "bad_rules", "bad_record", "not_finished", "out_of_order",
     "bad_act", "replay"}
)  # fmt: skip
"""The session file's reasons that say where inside the file it is damaged."""


def message(key: str, lang: str = "en", **values: object) -> str:
    """The text ``key`` in ``lang`` (``de`` or ``en``) with its placeholders filled."""
    return ERROR_TEXTS[lang][key].format(**values)


_USAGE_AS_GIVEN: Final = frozenset({"opt", "low", "high", "count", "detail"})
"""A usage error's parameters shown as they are: option names, numbers, typer's own words; the
others are what a person typed (quoted) or names to choose from (joined)."""

_OR: Final = {"de": "oder", "en": "or"}


def usage_error_text(reason: str, params: Mapping[str, Any], lang: str = "en") -> str:
    """A usage error of the command line (``reason`` and ``params`` from
    :func:`schafkopf.cli_usage.usage_reason`) worded in ``lang``: option names and numbers as
    they are, what a person typed (``value``, ``args``, an unknown ``command``) and an
    ``argument``'s name quoted, names to choose from joined (``commands``; ``near``, the
    suggestions, with "or").

    >>> usage_error_text("cli_not_whole", {"opt": "--deals", "value": "abc"}, "de")
    '--deals muss eine ganze Zahl sein (nicht „abc“).'
    >>> usage_error_text("cli_no_option_near", {"opt": "--dels", "near": ["--deals"]}, "en")
    'There is no option --dels; did you mean --deals?'
    """
    values: dict[str, str] = {}
    for name, value in params.items():
        if name == "near":
            items = [str(x) for x in value]
            values[name] = (
                f"{', '.join(items[:-1])} {_OR[lang]} {items[-1]}" if len(items) > 1 else items[0]
            )
        elif name == "commands":
            values[name] = ", ".join(str(x) for x in value)
        elif name == "args":
            values[name] = ", ".join(_quoted(str(x), lang) for x in value)
        elif name in _USAGE_AS_GIVEN:
            values[name] = str(value)
        else:
            values[name] = _quoted(str(value), lang)
    try:
        return message(reason, lang, **values)
    except KeyError:  # a reason or parameter these tables lack: typer's own words
        return str(params.get("detail", reason))


def error_text(error: SchafkopfError, lang: str = "en") -> str:
    """``error`` worded for a person in ``lang`` from its reason and parameters (a ruleset's,
    a session's, a hand's, a what-if's); an error this module has no words for, or one
    without the parameters its words need, as the engine says it."""
    from schafkopf.session import SessionError

    key = _key(error)
    if key is None:
        return str(error)
    values = _values(error.params, lang)
    inner = error.params.get("error")
    if isinstance(inner, SchafkopfError):  # a session file's header or rules: say why
        values["inner"] = error_text(inner, lang)
    try:
        text = message(key, lang, **values)
    except KeyError:
        return str(error)
    if isinstance(error, SessionError) and key in _BROKEN_FILE:
        if "path" not in error.params:
            return str(error)
        return message("broken", lang, path=error.params["path"], what=text)
    return text


def _key(error: SchafkopfError) -> str | None:
    """The key of ``error``'s words in the tables, or None where it has none."""
    from schafkopf.analysis.advice import AdviceError
    from schafkopf.cards import CardError
    from schafkopf.rules import RulesError
    from schafkopf.session import SessionError
    from schafkopf.tui.what_if import WhatIfError

    key = error.reason
    if isinstance(error, RulesError):
        if key == "bad_value":
            key = str(error.params.get("expected"))
        elif key in ("contract_suit", "contract_declarer") and not error.params.get("needs"):
            key = key.replace("contract_", "contract_no_")
        elif key in ("cannot_read", "not_utf8"):
            key = f"rules_{key}"
    elif isinstance(error, SessionError):
        if key == "cannot_read":
            key = "session_cannot_read"
    elif not isinstance(error, AdviceError | CardError | WhatIfError):
        return None  # another kind of error's reasons may share a name with these
    return key if key in ERROR_TEXTS["en"] else None


def _values(params: Mapping[str, Any], lang: str) -> dict[str, str]:
    """The parameters as a person reads them: what they typed quoted, lists joined, a value
    that is no text as JSON, file names and numbers as they are."""
    out: dict[str, str] = {}
    for name, value in params.items():
        if name in _AS_GIVEN:
            out[name] = str(value)
        elif isinstance(value, str):
            out[name] = _quoted(value, lang)
        elif name != "value" and isinstance(value, list | tuple | set | frozenset):
            items = sorted(value, key=str) if isinstance(value, set | frozenset) else value
            shown = [
                (_quoted(x, lang) if name in _QUOTED_ITEMS else x)
                if isinstance(x, str) else _json(x)
                for x in items
            ]  # fmt: skip
            out[name] = ", ".join(shown)
        else:
            out[name] = _json(value)
    return out


def _quoted(text: str, lang: str) -> str:
    left, right = _QUOTES[lang]
    return f"{left}{text}{right}"


def _json(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)
