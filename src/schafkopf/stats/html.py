"""The statistics as one self-contained HTML file (``schafkopf stats --html OUT``): the same
figures as the text table, with charts as inline SVG: money per game per player, and per
player (and over all games) the share declared and the win rate by contract. Nothing is
loaded from anywhere: the file opens from the file system in any browser."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Final

from .charts import paired_bars, signed_bars
from .model import CONTRACT_KEYS, PlayerStats, Stats, Tally
from .text import contract_rows, figure_lines, headline, share, summary_rows
from .words import CONTRACT_NAMES, WORDS, games, money, percent, unit_word

_STYLE: Final = """
body { font: 15px/1.4 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem;
  color: #1d1d1d; background: #f6f3ea; }
h1, h2, h3 { margin: 0.8rem 0 0.4rem; } section { background: #fff; border-radius: 10px;
  padding: 0.6rem 1rem 1rem; margin: 1rem 0; box-shadow: 0 1px 3px #0002; }
table { border-collapse: collapse; width: 100%; } td, th { padding: 0.2rem 0.4rem;
  border-bottom: 1px solid #ddd; text-align: left; vertical-align: top; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.muted { color: #5a5a5a; }
svg.chart { width: 100%; max-width: 48rem; height: auto; display: block; margin: 0.5rem 0; }
"""


def write_report(path: Path, stats: Stats, lang: str = "en") -> None:
    """Write the report of ``stats`` to ``path``."""
    path.write_text(report_html(stats, lang), encoding="utf-8")


def report_html(stats: Stats, lang: str = "en") -> str:
    """The report as one HTML document."""
    w = WORDS[lang]
    parts = [
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(w['title'])}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{escape(w['title'])}</h1>",
        f"<p class=muted>{escape(headline(stats, lang))}</p>",
    ]
    if stats.players:
        parts.append(_summary(stats, lang))
        parts.append(_overview(stats, lang))
        parts += [_player(k, p, lang) for k, p in enumerate(stats.players, 1)]
    parts.append("</body></html>")
    return "\n".join(parts)


def _table(rows: Sequence[Sequence[str]], ident: str) -> str:
    """A table whose first row is the head and whose first column names the row."""
    head = "".join(
        f"<th{'' if i == 0 else ' class=num'}>{escape(c)}</th>" for i, c in enumerate(rows[0])
    )
    body = "".join(
        "<tr>"
        + "".join(f"<td{'' if i == 0 else ' class=num'}>{escape(c)}</td>" for i, c in enumerate(r))
        + "</tr>"
        for r in rows[1:]
    )
    return f"<table class={ident}><tr>{head}</tr>{body}</table>"


def _summary(stats: Stats, lang: str) -> str:
    """All players' figures, and a chart of money per game for each unit played in."""
    w = WORDS[lang]
    charts = []
    units = sorted({unit for p in stats.players for unit in p.money})
    for unit in units:
        rows = [
            (p.name, m.per_game or 0.0, money(m.per_game, unit, lang, 2))
            for p in stats.players
            if (m := p.money.get(unit)) is not None
        ]
        title = f"{w['money_chart']} ({unit_word(unit, lang)})"
        charts.append(f"<h3>{escape(title)}</h3>{signed_bars(title, rows)}")
    return (
        f"<section id=summary><h2>{escape(w['players'])}</h2>"
        f"{_table(summary_rows(stats, lang), 'summary')}{''.join(charts)}</section>"
    )


def _contract_chart(tallies: dict[str, Tally], total: int, lang: str) -> str:
    """Share declared and win rate of each contract that was declared."""
    w = WORDS[lang]
    rows = []
    for key in CONTRACT_KEYS:
        t = tallies[key]
        if t.games:
            part = share(t, total)
            written = (percent(part, lang), percent(t.win_rate, lang))
            rows.append((CONTRACT_NAMES[key], part, t.win_rate, *written))
    if not rows:
        return ""
    legend = (w["share"], w["win_rate"])
    return f"<h3>{escape(w['contract_chart'])}</h3>" + paired_bars(
        w["contract_chart"], legend, rows
    )


def _overview(stats: Stats, lang: str) -> str:
    """Over all games: how often each contract was declared, and how often it was won."""
    w = WORDS[lang]
    return (
        f"<section id=overview><h2>{escape(w['overview'])}</h2>"
        f"{_contract_chart(stats.contracts, stats.games, lang)}</section>"
    )


def _player(k: int, p: PlayerStats, lang: str) -> str:
    """One player's contracts, other figures and contract chart."""
    w = WORDS[lang]
    out = [f'<section class=player id="player-{k}"><h2>{escape(p.name)}</h2>']
    out.append(f"<p class=muted>{escape(games(p.games, lang))}</p>")
    if p.declared.games:
        out.append(_table(contract_rows(p, lang), "contracts"))
    else:
        out.append(f"<p>{escape(w['nothing'])}</p>")
    rows = "".join(
        f"<tr><th>{escape(label)}</th><td>{escape(text)}</td></tr>"
        for label, text in figure_lines(p, lang)
    )
    out.append(f"<table class=figures>{rows}</table>")
    out.append(_contract_chart(p.contracts, p.games, lang))
    out.append("</section>")
    return "\n".join(out)


__all__ = ["report_html", "write_report"]
