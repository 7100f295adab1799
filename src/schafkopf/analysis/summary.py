"""The readable summary of ``schafkopf analyze``: per game the costliest decisions first,
what was best instead, and each seat's accuracy and luck, in English or German."""

from __future__ import annotations

from typing import Final

from schafkopf.tui.texts import SIMPLE_ACTIONS

from .model import Decision, GameAnalysis

_WORDS: Final = {
    "en": {
        "game": "Game", "seat": "seat", "payout": "payout", "accuracy": "accuracy",
        "luck": "luck", "verdicts": "inaccuracies/mistakes/blunders", "none": "no mistakes",
        "played": "played", "chose": "said", "best": "best", "loses": "loses",
        "open": "all hands open",
        "trick": "trick", "card": "card", "inaccuracy": "inaccuracy", "mistake": "mistake",
        "blunder": "blunder", "klopfen": "Klopfen", "bidding": "bidding", "settling": "offer",
        "naming": "contract", "doubling": "doubling", "decisions": "decisions judged",
    },
    "de": {
        "game": "Spiel", "seat": "Platz", "payout": "Auszahlung", "accuracy": "Genauigkeit",
        "luck": "Glück", "verdicts": "Ungenauigkeiten/Fehler/Patzer", "none": "keine Fehler",
        "played": "gespielt", "chose": "gesagt", "best": "besser", "loses": "kostet",
        "open": "alle Karten offen",
        "trick": "Stich", "card": "Karte", "inaccuracy": "Ungenauigkeit", "mistake": "Fehler",
        "blunder": "Patzer", "klopfen": "Klopfen", "bidding": "Reizen", "settling": "Angebot",
        "naming": "Ansage", "doubling": "Kontra/Re", "decisions": "Entscheidungen bewertet",
    },
}  # fmt: skip


_SAID_EN: Final = {
    **{SIMPLE_ACTIONS["de"][a]: word for a, word in SIMPLE_ACTIONS["en"].items()},
    "gut": "no double", "kontra": "Kontra", "re": "Re", "sup": "Sup", "hirsch": "Hirsch",
}  # fmt: skip
"""The engine's German words for bids and doublings as the English text says them (the
terminal's words for bidding and Klopfen, and the doublings')."""


def said_text(token: str, lang: str) -> str:
    """A decision's token as the text says it: the engine's own words in German, the English
    ones for bids and "gut" in English (cards and contracts as the engine names them).

    >>> said_text("gut", "en"), said_text("nicht klopfen", "en"), said_text("EO", "en")
    ('no double', 'no knock', 'EO')
    >>> said_text("gut", "de")
    'gut'
    """
    return _SAID_EN.get(token, token) if lang == "en" else token


def money_text(amount: float, unit: str, lang: str) -> str:
    """``+1.50 ct``, in German ``+1,50 ct`` (points: ``P.``/``pts``), with a true minus."""
    word = "ct" if unit == "ct" else ("P." if lang == "de" else "pts")
    text = f"{amount:+.2f}".replace("-", "−")
    return f"{text.replace('.', ',') if lang == 'de' else text} {word}"


def decimal_text(x: float, lang: str) -> str:
    """``73.0``, in German ``73,0``."""
    text = f"{x:.1f}"
    return text.replace(".", ",") if lang == "de" else text


def _where(d: Decision, w: dict[str, str]) -> str:
    if d.phase == "play":
        return f"{w['trick']} {d.trick}, {w['card']} {d.position}"
    return w[d.phase]


def _name(a: GameAnalysis, seat: int, w: dict[str, str]) -> str:
    if seat < len(a.players) and a.players[seat]:
        return f"{a.players[seat]} ({w['seat']} {seat})"
    return f"{w['seat']} {seat}"


def render(a: GameAnalysis, title: str, lang: str = "en", worst: int = 5) -> str:
    """The summary of one game's analysis as lines of text."""
    w = _WORDS[lang]
    lines = [f"{w['game']} {title} · {len(a.decisions)} {w['decisions']}"]
    bad = a.worst(worst)
    if not bad:
        lines.append(f"  {w['none']}")
    for d in bad:
        taken, best = d.options[d.action], d.options[d.best]
        line = (
            f"  {w[d.verdict or 'inaccuracy']:13s} {_name(a, d.seat, w)}, {_where(d, w)}: "
            f"{w['played' if d.phase == 'play' else 'chose']} {said_text(d.action, lang)} "
            f"({money_text(taken, a.unit, lang)}), "
            f"{w['best']} {said_text(d.best, lang)} ({money_text(best, a.unit, lang)}): "
            f"{w['loses']} {money_text(d.loss, a.unit, lang).lstrip('+')}"
        )
        if d.open_loss is not None:
            line += f" [{w['open']}: {money_text(d.open_loss, a.unit, lang).lstrip('+')}]"
        lines.append(line)
    lines.append(
        f"  {'':24s} {w['accuracy']:>11s} {w['luck']:>12s} {w['payout']:>12s}  {w['verdicts']}"
    )
    for s in a.seats:
        paid = money_text(a.payouts[s.seat], a.unit, lang) if a.payouts else "–"
        lines.append(
            f"  {_name(a, s.seat, w):24s} {decimal_text(s.accuracy, lang):>11s} "
            f"{money_text(s.luck, a.unit, lang):>12s} "
            f"{paid:>12s}  {s.inaccuracies}/{s.mistakes}/{s.blunders}"
        )
    return "\n".join(lines)
