"""The words of the statistics in English and German, and how their numbers are written:
shared by the text table and the HTML report, so both say the same."""

from __future__ import annotations

from typing import Final

LANGS: Final = ("en", "de")

WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "title": "Schafkopf statistics",
        "games": "games",
        "game": "game",
        "game_in": "game",
        "games_in": "games",
        "player": "Player",
        "games_col": "Games",
        "declared": "Declared",
        "share": "Share",
        "won": "Won",
        "win_rate": "Win rate",
        "money": "Money",
        "per_game": "Per game",
        "contract": "Contract",
        "partner": "as partner",
        "defender": "as defender",
        "doublings": "Kontra/Re",
        "said": "said",
        "in_games": "in",
        "schneider": "Schneider",
        "schwarz": "Schwarz",
        "declaring": "as declarers",
        "defending": "as defenders",
        "lost": "lost",
        "ramsch": "Ramsch",
        "jungfrau": "Jungfrau",
        "durchmarsch": "Durchmarsch",
        "all_pass": "all passed",
        "klopfen": "Klopfen",
        "knocked": "knocked in",
        "unfinished": "unfinished games left out",
        "nothing": "declared nothing",
        "no_games": "no finished game",
        "money_chart": "Money per game",
        "contract_chart": "Declared share and win rate",
        "players": "Players",
        "overview": "All games",
    },
    "de": {
        "title": "Schafkopf-Statistik",
        "games": "Spiele",
        "game": "Spiel",
        "game_in": "Spiel",
        "games_in": "Spielen",
        "player": "Spieler",
        "games_col": "Spiele",
        "declared": "Angesagt",
        "share": "Anteil",
        "won": "Gewonnen",
        "win_rate": "Gewinnquote",
        "money": "Geld",
        "per_game": "Pro Spiel",
        "contract": "Spiel",
        "partner": "als Partner",
        "defender": "als Gegenspieler",
        "doublings": "Kontra/Re",
        "said": "gesagt",
        "in_games": "in",
        "schneider": "Schneider",
        "schwarz": "Schwarz",
        "declaring": "als Spieler",
        "defending": "als Gegenspieler",
        "lost": "verloren",
        "ramsch": "Ramsch",
        "jungfrau": "Jungfrau",
        "durchmarsch": "Durchmarsch",
        "all_pass": "alle weiter",
        "klopfen": "Klopfen",
        "knocked": "geklopft in",
        "unfinished": "unfertige Spiele nicht gezählt",
        "nothing": "nichts angesagt",
        "no_games": "kein fertiges Spiel",
        "money_chart": "Geld pro Spiel",
        "contract_chart": "Anteil und Gewinnquote je Spiel",
        "players": "Spieler",
        "overview": "Alle Spiele",
    },
}

CONTRACT_NAMES: Final = {
    "rufspiel": "Sauspiel", "solo": "Solo", "wenz": "Wenz", "geier": "Geier",
    "farbwenz": "Farbwenz", "farbgeier": "Farbgeier", "bettel": "Bettel", "tout": "Tout",
    "sie": "Sie",
}  # fmt: skip
"""The rows of declared games by name (the same words in both languages)."""


def games(count: int, lang: str, *, dative: bool = False) -> str:
    """``1 game``, ``3 games``; with ``dative`` the form after "in" (``in 3 Spielen``)."""
    w = WORDS[lang]
    key = ("game" if count == 1 else "games") + ("_in" if dative else "")
    return f"{count} {w[key]}"


def unit_word(unit: str, lang: str) -> str:
    """``ct``, or points as ``pts`` / ``P.``."""
    return "ct" if unit == "ct" else ("P." if lang == "de" else "pts")


def _local(text: str, lang: str) -> str:
    """A number as the language writes it: a true minus sign, a decimal comma in German."""
    text = text.replace("-", "−")
    return text.replace(".", ",") if lang == "de" else text


def money(amount: float | None, unit: str, lang: str, places: int = 0) -> str:
    """``+120 ct``, ``−0.35 pts``, ``+1,50 P.``; ``–`` for no amount."""
    if amount is None:
        return "–"
    return f"{_local(f'{amount:+.{places}f}', lang)} {unit_word(unit, lang)}"


def percent(fraction: float | None, lang: str) -> str:
    """``72.5%`` (``72,5 %`` in German); ``–`` for no games."""
    if fraction is None:
        return "–"
    return _local(f"{100 * fraction:.1f}", lang) + (" %" if lang == "de" else "%")


__all__ = ["CONTRACT_NAMES", "LANGS", "WORDS", "games", "money", "percent", "unit_word"]
