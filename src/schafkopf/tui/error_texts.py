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
Die Option „klopfen“ ist true oder false, nicht „ja“.
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
        "count": "Die Option {option} braucht eine ganze Zahl ab 0, nicht {value}.",
        "bool": "Die Option {option} ist true oder false, nicht {value}.",
        "choice": "Die Option {option} ist einer dieser Werte: {choices}; nicht {value}.",
        "range": "Die Option {option} braucht eine ganze Zahl von {low} bis {high}, nicht {value}.",
        "durchmarsch": (
            "Die Option {option} ist all_tricks (alle Stiche), off (aus) oder die Augen von 61 "
            "bis 120, ab denen er zählt; nicht {value}."
        ),
        "contracts": "Die Option {option} ist eine Liste aus {choices}, nicht {value}.",
        "unknown_contracts": ("Die Option {option} kennt {bad} nicht; erlaubt sind {choices}."),
        "not_object": "Regeln sind ein Objekt aus „preset“ und Optionen, nicht {value}.",
        "preset_not_name": "„preset“ ist der Name einer Regelvorlage ({presets}), nicht {value}.",
        "not_key_value": "--set braucht Option=Wert (etwa tarif.solo=5), nicht {given}.",
        "rules_cannot_read": "Die Regeldatei {path} lässt sich nicht lesen ({why}).",
        "bad_syntax": "Die Regeldatei {path} ist kein gültiges {format}: {detail}",
        # a contract (in a record or a file)
        "contract_suit": "Zu {kind} gehört eine Farbe.",
        "contract_no_suit": "{kind} hat keine Farbe.",
        "contract_declarer": "Zu {kind} gehört ein Spieler.",
        "contract_no_declarer": "{kind} hat keinen Spieler.",
        "tout_kind": "Tout gibt es nur bei Solo-Spielen, nicht bei {kind}.",
        "herz_sau": "Die Herz-Sau kann man nicht rufen: nur Eichel, Gras oder Schellen.",
        "unknown_kind": "Die Spielart {kind} gibt es nicht; es gibt {kinds}.",
        "bad_suit": "Die Farbe eines Spiels ist E, G, H oder S, nicht {value}.",
        "bad_declarer": "Der Spieler eines Spiels ist eine Sitznummer, nicht {value}.",
        "bad_tout": "„tout“ ist true oder false, nicht {value}.",
        "unknown_fields": "Ein Spiel hat keine Felder {fields}.",
        "contract_not_object": (
            "Ein Spiel ist ein Objekt (kind, declarer, suit, tout), nicht {value}."
        ),
        # a session
        "seats": "Die Regeln setzen {players} Spieler an den Tisch, nicht {names}.",
        "bad_games": "Die Zahl der Spiele ist 0 (ohne Ende) oder mehr, nicht {games}.",
        "session_cannot_read": "Die Sitzungsdatei {path} lässt sich nicht lesen ({why}).",
        "cannot_write": "Die Sitzungsdatei {path} lässt sich nicht schreiben ({why}).",
        "not_utf8": "{path} ist keine Sitzungsdatei: kein UTF-8-Text (Byte {byte}).",
        "empty": "Die Sitzungsdatei {path} ist leer.",
        "not_header": "{path} ist keine Sitzungsdatei: Zeile 1 ist kein vollständiger Kopf.",
        "broken": "Die Sitzungsdatei {path} ist beschädigt: {what}",
        "not_json": "Zeile {line} ist kein JSON.",
        "bad_rules": "ihre Regeln (Zeile 1) gehen nicht: {rules}",
        "bad_record": "Zeile {line} ist kein gültiges Spiel ({detail}).",
        "not_finished": "das Spiel in Zeile {line} ist nicht zu Ende.",
        "out_of_order": "Zeile {line} gehört zu Spiel {game}, gebucht sind aber {played}.",
        "bad_act": "Zeile {line} ist kein Zug ([Sitz, Aktion]).",
        "replay": "Spiel {game} lässt sich nicht fortsetzen ({detail}).",
        # an input file (play --from, analyze, stats)
        "stdin": "die Standardeingabe",
        "input_cannot_read": "{name}: lässt sich nicht lesen ({why})",
        "broken_gzip": "{name}: eine beschädigte gzip-Datei ({detail})",
        "too_big": "{name}: entpackt mehr als {mib} MiB",
        "input_not_utf8": "{name}: kein UTF-8-Text (Byte {byte})",
        "no_record": "{name}: kein Spiel in der Eingabe",
        "game_range": "{name}: --game ist 1 bis {count}, nicht {game}",
        "bad_game": "{name}: Spiel {game} ist kein gültiges Spiel ({detail})",
        "seat_range": "--seat ist {low} bis {high}, nicht {seat}",
        "step_range": "Das Spiel hat {steps} Schritte: --at ist 1 bis {last}, nicht {at}.",
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
        "cannot_write_file": "{name}: lässt sich nicht schreiben ({why})",
    },
    "en": {
        "unknown_preset": "There is no rules preset {name}; the presets are {presets}.",
        "unknown_option": "There is no option {option}; the options are {options}.",
        "count": "The option {option} takes a whole number from 0, not {value}.",
        "bool": "The option {option} is true or false, not {value}.",
        "choice": "The option {option} is one of {choices}; not {value}.",
        "range": "The option {option} takes a whole number from {low} to {high}, not {value}.",
        "durchmarsch": (
            "The option {option} is all_tricks, off, or the card points from 61 to 120 that "
            "make one; not {value}."
        ),
        "contracts": "The option {option} is a list from {choices}, not {value}.",
        "unknown_contracts": "The option {option} has no {bad}; allowed are {choices}.",
        "not_object": "Rules are an object of “preset” and options, not {value}.",
        "preset_not_name": "“preset” names a rules preset ({presets}), not {value}.",
        "not_key_value": "--set takes option=value (e.g. tarif.solo=5), not {given}.",
        "rules_cannot_read": "Cannot read the rules file {path} ({why}).",
        "bad_syntax": "The rules file {path} is not valid {format}: {detail}",
        "contract_suit": "{kind} needs a suit.",
        "contract_no_suit": "{kind} takes no suit.",
        "contract_declarer": "{kind} needs a declarer.",
        "contract_no_declarer": "{kind} has no declarer.",
        "tout_kind": "Tout is only for solo-type games, not {kind}.",
        "herz_sau": "The Herz-Sau cannot be called: only Eichel, Gras or Schellen.",
        "unknown_kind": "There is no contract kind {kind}; there are {kinds}.",
        "bad_suit": "A contract's suit is E, G, H or S, not {value}.",
        "bad_declarer": "A contract's declarer is a seat number, not {value}.",
        "bad_tout": "“tout” is true or false, not {value}.",
        "unknown_fields": "A contract has no fields {fields}.",
        "contract_not_object": "A contract is an object (kind, declarer, suit, tout), not {value}.",
        "seats": "The rules seat {players} players, not {names}.",
        "bad_games": "The number of games is 0 (open-ended) or more, not {games}.",
        "session_cannot_read": "Cannot read the session file {path} ({why}).",
        "cannot_write": "Cannot write the session file {path} ({why}).",
        "not_utf8": "{path} is not a session file: not UTF-8 text (byte {byte}).",
        "empty": "The session file {path} is empty.",
        "not_header": "{path} is not a session file: line 1 is not a whole header.",
        "broken": "The session file {path} is damaged: {what}",
        "not_json": "line {line} is not JSON.",
        "bad_rules": "its rules (line 1) do not work: {rules}",
        "bad_record": "line {line} is not a valid game ({detail}).",
        "not_finished": "the game on line {line} is not finished.",
        "out_of_order": "line {line} belongs to game {game}, but {played} are booked.",
        "bad_act": "line {line} is not a move ([seat, action]).",
        "replay": "game {game} cannot go on ({detail}).",
        "stdin": "standard input",
        "input_cannot_read": "{name}: cannot read it ({why})",
        "broken_gzip": "{name}: a broken gzip file ({detail})",
        "too_big": "{name}: unpacks to more than {mib} MiB",
        "input_not_utf8": "{name}: not UTF-8 text (byte {byte})",
        "no_record": "{name}: no record in the input",
        "game_range": "{name}: --game must be 1..{count}, got {game}",
        "bad_game": "{name}: game {game} is not a valid game ({detail})",
        "seat_range": "--seat must be {low}..{high}, got {seat}",
        "step_range": "The game has {steps} steps: --at must be 1..{last}, got {at}.",
        "over_at": "The game is over at step {at}: choose an earlier one.",
        "unknown_card": (
            "There is no card {token}: a card is a suit E G H S then a rank A Z K O U 9 8 7 "
            "(EO, h10), a name (Gras-König, Ober of Acorns) or the French deck's symbols (Q♣)."
        ),
        "hand_size": "A hand has {need} cards, not {got}.",
        "card_twice": "The card {card} is in the hand twice.",
        "not_in_deck": "Not in the short deck: {cards}.",
        "cannot_write_file": "{name}: cannot write it ({why})",
    },
}
"""Every error text of the command line, per language; ``{placeholders}`` from the error's
``params`` (a value already shown: quoted as typed, lists joined)."""

_QUOTES: Final = {"de": ("„", "“"), "en": ("“", "”")}

_BROKEN_FILE: Final = frozenset(
    {"not_json", "bad_rules", "bad_record", "not_finished", "out_of_order", "bad_act", "replay"}
)
"""The session file's reasons that say where inside the file it is damaged."""


def message(key: str, lang: str = "en", **values: object) -> str:
    """The text ``key`` in ``lang`` (``de`` or ``en``) with its placeholders filled."""
    return ERROR_TEXTS[lang][key].format(**values)


def error_text(error: SchafkopfError, lang: str = "en") -> str:
    """``error`` worded for a person in ``lang`` from its reason and parameters (a ruleset's,
    a session's, a what-if's); an error this module has no words for as the engine says it."""
    from schafkopf.rules import RulesError
    from schafkopf.session import SessionError

    if isinstance(error, RulesError):
        return _rules_text(error, lang) or str(error)
    if isinstance(error, SessionError):
        return _session_text(error, lang) or str(error)
    try:
        return message(error.reason, lang, **{k: _shown(v, lang) for k, v in error.params.items()})
    except KeyError:  # no words for this reason, or a parameter they need is missing
        return str(error)


def _rules_text(error: SchafkopfError, lang: str) -> str | None:
    p = error.params
    key = error.reason
    if key == "bad_value":
        key = p.get("expected", "")
    elif key in ("contract_suit", "contract_declarer") and not p.get("needs"):
        key = key.replace("contract_", "contract_no_")
    elif key == "cannot_read":
        key = "rules_cannot_read"
    if key not in ERROR_TEXTS[lang]:
        return None
    shown = {name: _shown(value, lang) for name, value in p.items()}
    for name in ("option", "name", "kind", "given"):
        if isinstance(p.get(name), str):
            shown[name] = _quoted(p[name], lang)
    if isinstance(p.get("bad"), list):
        shown["bad"] = ", ".join(_quoted(str(x), lang) for x in p["bad"])
    for name in ("path", "why", "detail", "format", "low", "high"):
        if name in p:
            shown[name] = str(p[name])
    try:
        return message(key, lang, **shown)
    except KeyError:  # a parameter the words need is missing: the engine's sentence
        return None


def _session_text(error: SchafkopfError, lang: str) -> str | None:
    p = dict(error.params)
    key = error.reason
    if key == "bad_rules" and isinstance(p.get("error"), SchafkopfError):
        p["rules"] = error_text(p.pop("error"), lang)
    if key == "cannot_read":
        key = "session_cannot_read"
    if key not in ERROR_TEXTS[lang]:
        return None
    try:
        text = message(key, lang, **p)
        if key in _BROKEN_FILE:
            if "path" not in p:
                return None
            return message("broken", lang, path=p["path"], what=text)
        return text
    except KeyError:
        return None


def _quoted(text: str, lang: str) -> str:
    left, right = _QUOTES[lang]
    return f"{left}{text}{right}"


def _shown(value: Any, lang: str) -> str:
    """A value as a person typed it: text quoted, a list of names joined, else JSON."""
    if isinstance(value, str):
        return _quoted(value, lang)
    if isinstance(value, list | tuple | set | frozenset):
        items = sorted(value, key=str) if isinstance(value, set | frozenset) else value
        return ", ".join(x if isinstance(x, str) else _json(x) for x in items)
    return _json(value)


def _json(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)
