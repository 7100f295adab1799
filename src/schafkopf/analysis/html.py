"""The analysis as one self-contained HTML file (``schafkopf analyze --html OUT``): per game
the hands, every step with its verdict and the better option, a chart of the declarer side's
chance and expected payout over the game (inline SVG), each seat's accuracy and luck, and
for several games the session's totals. No script, font or picture is loaded from anywhere:
the file opens from the file system in any browser."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Any, Final

from schafkopf.actions import action_name, is_card
from schafkopf.game import Game
from schafkopf.record import record_to_game
from schafkopf.tui.texts import lang as texts_of

from .model import Decision, GameAnalysis
from .summary import decimal_text, money_text

_WORDS: Final = {
    "en": {
        "title": "Schafkopf analysis",
        "game": "Game",
        "hands": "Hands",
        "steps": "Step by step",
        "seat": "Seat",
        "said": "chose",
        "best": "better",
        "loss": "loss",
        "open": "all hands open",
        "accuracy": "Accuracy",
        "luck": "Luck",
        "payout": "Payout",
        "verdicts": "Inaccuracies / mistakes / blunders",
        "chance": "The declarers' chance to win",
        "chance_dots": "Dots: after each card, as the player who played it saw it.",
        "chance_sides": "Brown as a declarer saw it, blue as a defender.",
        "chance_line": "Line: won (100%) or lost (0%) with every card open and best play from"
        " there.",
        "expected": "The declarer's expected payout",
        "expected_key": "Dots: as the player to move saw it. Line: with every card open.",
        "session": "The session",
        "games": "Games",
        "trick": "Trick",
        "options": "options",
        "inaccuracy": "inaccuracy",
        "mistake": "mistake",
        "blunder": "blunder",
        "none": "–",
        "contract": "Contract",
        "passed": "all passed",
    },
    "de": {
        "title": "Schafkopf-Analyse",
        "game": "Spiel",
        "hands": "Karten",
        "steps": "Schritt für Schritt",
        "seat": "Platz",
        "said": "wählte",
        "best": "besser",
        "loss": "kostet",
        "open": "alle Karten offen",
        "accuracy": "Genauigkeit",
        "luck": "Glück",
        "payout": "Auszahlung",
        "verdicts": "Ungenauigkeiten / Fehler / Patzer",
        "chance": "Die Gewinnchance der Spieler",
        "chance_dots": "Tupfen: nach jeder Karte, wie sie sah, wer die Karte spielte.",
        "chance_sides": "Braun, wie sie ein Spieler sah, blau, wie sie ein Gegenspieler sah.",
        "chance_line": "Linie: mit offenen Karten und bestem Spiel von da an gewonnen (100 %)"
        " oder verloren (0 %).",
        "expected": "Die erwartete Auszahlung des Spielers",
        "expected_key": "Tupfen: wie sie sah, wer am Zug war. Linie: mit allen Karten offen.",
        "session": "Die Runde",
        "games": "Spiele",
        "trick": "Stich",
        "options": "Möglichkeiten",
        "inaccuracy": "Ungenauigkeit",
        "mistake": "Fehler",
        "blunder": "Patzer",
        "none": "–",
        "contract": "Spiel",
        "passed": "alle weiter",
    },
}

_STYLE: Final = """
body { font: 15px/1.4 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem;
  color: #1d1d1d; background: #f6f3ea; }
h1, h2, h3 { margin: 0.8rem 0 0.4rem; } section.game { background: #fff; border-radius: 10px;
  padding: 0.6rem 1rem 1rem; margin: 1rem 0; box-shadow: 0 1px 3px #0002; }
table { border-collapse: collapse; width: 100%; } td, th { padding: 0.2rem 0.4rem;
  border-bottom: 1px solid #ddd; text-align: left; vertical-align: top; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.verdict { font-weight: 700; border-radius: 4px; padding: 0 0.3rem; color: #fff; }
.inaccuracy { background: #8a6d00; } .mistake { background: #b34700; }
.blunder { background: #a11; }
.card { font-weight: 600; white-space: nowrap; }
.E { color: #5b3a1a; } .G { color: #1f6b2a; } .H { color: #b3161b; } .S { color: #8a5a00; }
.hand { margin: 0.1rem 0; } .muted, .key { color: #5a5a5a; } .key { margin: 0; font-size: 0.9em; }
svg { width: 100%; height: auto; }
.opts { font-size: 0.85rem; color: #444; }
"""


def write_report(
    path: Path, games: Sequence[tuple[Mapping[str, Any], GameAnalysis]], lang: str = "en"
) -> None:
    """Write the report of ``games`` (each a record and its analysis) to ``path``."""
    path.write_text(report_html(games, lang), encoding="utf-8")


def report_html(games: Sequence[tuple[Mapping[str, Any], GameAnalysis]], lang: str = "en") -> str:
    """The report as one HTML document."""
    w = _WORDS[lang]
    parts = [
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(w['title'])}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{escape(w['title'])}</h1>",
    ]
    if len(games) > 1:
        parts.append(_session(games, w))
    for k, (record, analysis) in enumerate(games, 1):
        parts.append(_game(k, record, analysis, w, lang))
    parts.append("</body></html>")
    return "\n".join(parts)


def _names(record: Mapping[str, Any], analysis: GameAnalysis, w: dict[str, str]) -> list[str]:
    n = len(record.get("hands") or [])
    given = list(record.get("players") or analysis.players or [])
    return [given[s] if s < len(given) and given[s] else f"{w['seat']} {s}" for s in range(n)]


def _card(token: str, words: Any) -> str:
    from schafkopf.cards import parse_card

    return (
        f'<span class="card {token[0]}" title="{escape(words.card_name(parse_card(token)))}">'
        f"{escape(token)}</span>"
    )


def _token_html(token: str, words: Any) -> str:
    return _card(token, words) if len(token) == 2 and token[0] in "EGHS" else escape(token)


def _figures(rows: list[str], w: dict[str, str], ident: str) -> str:
    """The table of seats' figures: accuracy, luck, payout, verdicts."""
    head = "".join(
        f"<th class=num>{escape(w[k])}</th>" for k in ("accuracy", "luck", "payout", "verdicts")
    )
    return f"<table class={ident}><tr><th></th>{head}</tr>{''.join(rows)}</table>"


def _figure_row(seat: int, name: str, cells: Sequence[str]) -> str:
    tds = "".join(f"<td class=num>{c}</td>" for c in cells)
    return f"<tr data-seat={seat}><td>{escape(name)}</td>{tds}</tr>"


def _session(games: Sequence[tuple[Mapping[str, Any], GameAnalysis]], w: dict[str, str]) -> str:
    names = _names(games[0][0], games[0][1], w)
    unit = games[0][1].unit
    lang = "de" if w is _WORDS["de"] else "en"
    rows = []
    for s, name in enumerate(names):
        mine = [x for _r, a in games for x in a.seats if x.seat == s]
        if not mine:
            continue
        acc = sum(x.accuracy for x in mine) / len(mine)
        luck = sum(x.luck for x in mine)
        paid = sum(a.payouts[s] for _r, a in games if a.payouts)
        counts = "/".join(
            str(sum(getattr(x, k) for x in mine)) for k in ("inaccuracies", "mistakes", "blunders")
        )
        cells = (
            decimal_text(acc, lang),
            money_text(luck, unit, lang),
            money_text(paid, unit, lang),
            counts,
        )
        rows.append(_figure_row(s, name, cells))
    title = f"{escape(w['session'])}: {len(games)} {escape(w['games'])}"
    return (
        f"<section class=game id=session><h2>{title}</h2>{_figures(rows, w, 'session')}</section>"
    )


def _game(k: int, record: Mapping[str, Any], a: GameAnalysis, w: dict[str, str], lang: str) -> str:
    game = record_to_game(record)
    words = texts_of(lang)
    names = _names(record, a, w)
    contract = words.contract_name(game.contract) if game.contract else w["passed"]
    out = [
        f'<section class=game id="game-{k}"><h2>{escape(w["game"])} {k}: {escape(contract)}</h2>'
    ]
    out.append(f"<h3>{escape(w['hands'])}</h3>")
    for s, name in enumerate(names):
        cards = " ".join(_card(words.card_label(c), words) for c in sorted(game.deal[s]))
        out.append(f"<p class=hand><strong>{escape(name)}</strong>: {cards}</p>")
    out.append(_seats(a, names, w, lang))
    total = game.rules.players * game.rules.hand_size
    out.append(_chart(a, w, game.rules.players, total, game.declarers))
    out.append(_steps(game, a, names, w, words, lang))
    out.append("</section>")
    return "\n".join(out)


def _seats(a: GameAnalysis, names: list[str], w: dict[str, str], lang: str) -> str:
    rows = []
    for s in a.seats:
        paid = money_text(a.payouts[s.seat], a.unit, lang) if a.payouts else w["none"]
        counts = f"{s.inaccuracies}/{s.mistakes}/{s.blunders}"
        cells = (decimal_text(s.accuracy, lang), money_text(s.luck, a.unit, lang), paid, counts)
        rows.append(_figure_row(s.seat, names[s.seat], cells))
    return _figures(rows, w, "seats")


def _chart(
    a: GameAnalysis, w: dict[str, str], players: int, total: int, declarers: Sequence[int] = ()
) -> str:
    """Two small SVG charts over the cards played: chance and expected payout; a chance's
    dot is brown where a declarer saw it, blue where a defender did (``declarers`` known)."""
    cards = [d for d in a.decisions if d.phase == "play" and d.chance is not None]
    if len(cards) < 2:  # as the page: a chart needs two cards judged
        return ""
    width, height, pad = 640, 140, 28

    def x(d: Decision) -> float:
        place = ((d.trick or 1) - 1) * players + (d.position or 1)
        return pad + (width - 2 * pad) * (place - 1) / max(1, total - 1)

    def share(c: float) -> float:
        return pad + (height - 2 * pad) * (1 - c)

    # each card's chance as its seat saw it: dots, since neighbours see different cards
    seen = "".join(
        f'<circle cx="{x(d):.1f}" cy="{share(d.chance or 0):.1f}" r="3" '
        f'fill="{"#2f6fa8" if declarers and d.seat not in declarers else "#8a3c00"}"/>'
        for d in cards
    )
    # won or lost with every card open and best play from there: a step line
    steps: list[str] = []
    before: float | None = None
    for d in cards:
        if d.open_expected is None:
            continue
        won = 1.0 if d.open_expected > 0 else 0.0
        if before is not None and before != won:
            steps.append(f"{x(d):.1f},{share(before):.1f}")
        steps.append(f"{x(d):.1f},{share(won):.1f}")
        before = won
    open_line = (
        f'<polyline points="{" ".join(steps)}" fill="none" stroke="#777" stroke-width="1.5"/>'
        if steps
        else ""
    )
    values = [v for d in cards for v in (d.expected, d.open_expected) if v is not None]
    top = max(1.0, *(abs(v) for v in values))

    def y(v: float) -> float:
        return height / 2 - (height / 2 - pad) * v / top

    dots = "".join(
        f'<circle cx="{x(d):.1f}" cy="{y(d.expected):.1f}" r="3" fill="#1f6b2a"/>'
        for d in cards
        if d.expected is not None
    )
    line = " ".join(
        f"{x(d):.1f},{y(d.open_expected):.1f}" for d in cards if d.open_expected is not None
    )
    frame = (
        f'<line x1="{pad}" x2="{width - pad}" y1="{height / 2}" y2="{height / 2}" stroke="#999"/>'
    )
    chance_key = (
        w["chance_dots"]
        + (f" {w['chance_sides']}" if declarers else "")
        + (f" {w['chance_line']}" if steps else "")
    )
    return (
        f"<h3>{escape(w['chance'])}</h3><p class=key>{escape(chance_key)}</p>"
        f'<svg viewBox="0 0 {width} {height}" role="img" class=chance>'
        f"<title>{escape(w['chance'])}. {escape(chance_key)}</title>"
        f'<rect x="{pad}" y="{pad}" width="{width - 2 * pad}" height="{height - 2 * pad}" '
        'fill="#f3f0e6"/>'
        f'<text x="2" y="{pad + 4}" font-size="11">100%</text>'
        f'<text x="2" y="{height - pad + 4}" font-size="11">0%</text>'
        f"{open_line}{seen}</svg>"
        f"<h3>{escape(w['expected'])}</h3><p class=key>{escape(w['expected_key'])}</p>"
        f'<svg viewBox="0 0 {width} {height}" role="img" class=expected>'
        f"<title>{escape(w['expected'])}. {escape(w['expected_key'])}</title>{frame}"
        f'<text x="2" y="{pad}" font-size="11">+{top:.0f}</text>'
        f'<text x="2" y="{height - pad + 8}" font-size="11">−{top:.0f}</text>'
        f'<polyline points="{line}" fill="none" stroke="#555" stroke-width="1.5"/>{dots}</svg>'
    )


def _steps(
    game: Game, a: GameAnalysis, names: list[str], w: dict[str, str], words: Any, lang: str
) -> str:
    by_index: dict[int, list[Decision]] = {}
    for d in a.decisions:
        by_index.setdefault(d.index, []).append(d)
    rows = [f"<h3>{escape(w['steps'])}</h3><table class=steps>"]
    doublings = cards = 0
    players = game.rules.players
    for i, (seat, action) in enumerate(game.history):
        for d in by_index.get(i, []):
            if d.phase == "doubling" and d.action == "gut":
                rows.append(_row("", names[d.seat], "gut", d, w, words, a.unit))
        token = action_name(action, doublings)
        if not is_card(action) and token in ("kontra", "re", "sup", "hirsch"):
            doublings += 1
        where = ""
        mine = [d for d in by_index.get(i, []) if not (d.phase == "doubling" and d.action == "gut")]
        if is_card(action):
            if cards % players == 0:  # a trick's first card names the trick
                where = f"{w['trick']} {cards // players + 1}"
            cards += 1
        rows.append(_row(where, names[seat], token, mine[0] if mine else None, w, words, a.unit))
    rows.append("</table>")
    return "\n".join(rows)


def _row(
    where: str, name: str, token: str, d: Decision | None, w: dict[str, str], words: Any, unit: str
) -> str:
    lang = "de" if w is _WORDS["de"] else "en"
    judged = ""
    if d is not None:
        badge = ""
        if d.verdict:
            badge = f'<span class="verdict {d.verdict}">{escape(w[d.verdict])}</span> '
        better = ""
        if d.best != d.action:
            loss = money_text(d.loss, unit, lang).lstrip("+")
            better = f"{w['best']}: {_token_html(d.best, words)}, {w['loss']} {loss}"
            if d.open_loss is not None:
                better += f" ({w['open']}: {money_text(d.open_loss, unit, lang).lstrip('+')})"
        opts = ", ".join(f"{_token_html(t, words)} {v:+.2f}" for t, v in d.options.items())
        judged = f"{badge}{better}<div class=opts>{w['options']}: {opts}</div>"
    cls = f' class="{d.verdict}-row"' if d is not None and d.verdict else ""
    return (
        f"<tr{cls}><td class=muted>{escape(where)}</td><td>{escape(name)}</td>"
        f"<td>{_token_html(token, words)}</td><td>{judged}</td></tr>"
    )
