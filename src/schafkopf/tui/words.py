"""German words for the terminal: a name as subject or object ("Du spielst", "an dich"),
amounts with their unit, and counts with the right plural.

Seat 0 is called "Du" by default; every sentence that puts a name as its subject goes through
:func:`subject`, which conjugates the verb for "Du" (2nd person singular), and every name after
a preposition through :func:`accusative` / :func:`dative`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

VERBS: Final = {
    "bietet": "bietest",
    "spielt": "spielst",
    "klopft": "klopfst",
    "kommt": "kommst",
    "hat": "hast",
    "gewinnt": "gewinnst",
    "zahlt": "zahlst",
    "sagt": "sagst",
    "ist": "bist",
    "macht": "machst",
    "bekommt": "bekommst",
}
"""The 3rd person singular of each verb used with a name, and its "Du" form."""


def is_du(name: str) -> bool:
    """True when the name is the pronoun "Du" (any case), so verbs take the 2nd person."""
    return name.strip().lower() == "du"


def subject(name: str, verb: str, rest: str = "") -> str:
    """``name`` as the subject of ``verb`` (given in the 3rd person singular):
    ``subject("Sepp", "spielt")`` is ``Sepp spielt``, ``subject("Du", "spielt")`` ``Du spielst``."""
    if is_du(name):
        verb = VERBS.get(verb, verb)
        name = "Du"
    return f"{name} {verb}{' ' + rest if rest else ''}"


def accusative(name: str) -> str:
    """``name`` after ``an``/``für``: ``an Sepp``, ``an dich``."""
    return "dich" if is_du(name) else name


def dative(name: str) -> str:
    """``name`` after ``mit``/``von``: ``mit Sepp``, ``mit dir``."""
    return "dir" if is_du(name) else name


def and_list(names: Sequence[str]) -> str:
    """``Sepp``, ``Sepp und Resi``, ``Sepp, Resi und Hias``."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} und {names[-1]}"


_SINGULAR: Final = {"punkte": "Punkt", "cent": "Cent", "euro": "Euro", "mark": "Mark"}


def amount(value: int, unit: str = "ct", *, sign: bool = True, dative: bool = False) -> str:
    """An amount with its unit: ``+5 ct``, ``-3 ct``, ``0 ct``; ``+1 Punkt``, ``+2 Punkte``;
    ``dative`` after "mit": ``+2 Punkten``."""
    number = (f"{value:+d}" if value else "0") if sign else str(value)
    if not unit:
        return number
    if abs(value) == 1:
        unit = _SINGULAR.get(unit.lower(), unit)
    elif dative and unit.lower() == "punkte":
        unit += "n"
    return f"{number} {unit}"


def games_word(count: int) -> str:
    """``Spiel`` or ``Spielen`` after a count (``nach 1 Spiel``, ``nach 2 Spielen``)."""
    return "Spiel" if count == 1 else "Spielen"


def games_count(count: int) -> str:
    """``1 Spiel``, ``2 Spiele`` (nominative)."""
    return f"{count} {'Spiel' if count == 1 else 'Spiele'}"


def after_games(played: int, total: int | None) -> str:
    """``nach 1 Spiel``, ``nach 2 Spielen``, ``nach 1 von 3 Spielen`` (the dative after "von"
    follows the total), ``nach 1 von 1 Spiel``."""
    if total:
        return f"nach {played} von {total} {games_word(total)}"
    return f"nach {played} {games_word(played)}"
