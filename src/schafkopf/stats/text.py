"""The readable statistics of ``schafkopf stats``: a table of all players, then each player's
contracts, roles, doublings, Schneider and Schwarz, Ramsch and all-pass games, in English or
German."""

from __future__ import annotations

from collections.abc import Sequence

from .model import CONTRACT_KEYS, Money, PlayerStats, Stats, Tally
from .words import CONTRACT_NAMES, WORDS, games, money, percent


def table(rows: Sequence[Sequence[str]], indent: str = "") -> list[str]:
    """Rows as lines of aligned columns: the first left-aligned, the others right."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [row[0].ljust(widths[0])]
        cells += [cell.rjust(w) for cell, w in zip(row[1:], widths[1:], strict=True)]
        lines.append((indent + "  ".join(cells)).rstrip())
    return lines


def money_total(amounts: dict[str, Money], lang: str) -> str:
    """A player's money in every unit it played in: ``+120 ct``, ``+120 ct / −4 pts``."""
    return " / ".join(money(m.total, unit, lang) for unit, m in sorted(amounts.items())) or "–"


def money_per_game(amounts: dict[str, Money], lang: str) -> str:
    """A player's money per game in every unit it played in."""
    parts = [money(m.per_game, unit, lang, 2) for unit, m in sorted(amounts.items())]
    return " / ".join(parts) or "–"


def headline(stats: Stats, lang: str) -> str:
    """The first line: how many games, of which contracts, Ramsch and all-pass."""
    w = WORDS[lang]
    parts = [f"{CONTRACT_NAMES[k]} {t.games}" for k, t in stats.contracts.items() if t.games]
    if stats.ramsch:
        parts.append(f"{w['ramsch']} {stats.ramsch}")
    if stats.all_pass:
        parts.append(f"{w['all_pass']} {stats.all_pass}")
    line = f"{w['title']} · {games(stats.games, lang)}"
    if parts:
        line += ": " + ", ".join(parts)
    if stats.unfinished:
        line += f" · {stats.unfinished} {w['unfinished']}"
    return line


def summary_rows(stats: Stats, lang: str) -> list[list[str]]:
    """The table of all players: games, declared, share, won, win rate, money."""
    w = WORDS[lang]
    head = ["player", "games_col", "declared", "share", "won", "win_rate", "money", "per_game"]
    rows = [[w[k] for k in head]]
    for p in stats.players:
        rows.append([
            p.name, str(p.games), str(p.declared.games), percent(share(p.declared, p.games), lang),
            str(p.declared.won), percent(p.declared.win_rate, lang), money_total(p.money, lang),
            money_per_game(p.money, lang),
        ])  # fmt: skip
    return rows


def share(tally: Tally, total: int) -> float | None:
    """The tally's games as a share of ``total`` games."""
    return tally.games / total if total else None


def contract_rows(p: PlayerStats, lang: str) -> list[list[str]]:
    """A player's declared games by contract (the contracts it declared)."""
    w = WORDS[lang]
    rows = [[w["contract"], w["declared"], w["share"], w["won"], w["win_rate"]]]
    for key in CONTRACT_KEYS:
        t = p.contracts[key]
        if t.games:
            rows.append([
                CONTRACT_NAMES[key], str(t.games), percent(share(t, p.games), lang), str(t.won),
                percent(t.win_rate, lang),
            ])  # fmt: skip
    return rows


def _won_of(t: Tally, lang: str) -> str:
    """``12 games, won 9 (75.0%)``; ``0 games``."""
    if not t.games:
        return games(0, lang)
    won = WORDS[lang]["won"].lower()
    return f"{games(t.games, lang)}, {won} {t.won} ({percent(t.win_rate, lang)})"


def figure_lines(p: PlayerStats, lang: str) -> list[tuple[str, str]]:
    """A player's other figures as (label, text): roles, doublings, Schneider, Schwarz,
    Ramsch, Klopfen and all-pass games (those that are not all zero)."""
    w = WORDS[lang]
    out = [(w["partner"], _won_of(p.partner, lang)), (w["defender"], _won_of(p.defender, lang))]
    d = p.doublings
    if d.said:
        words = ", ".join(f"{word} {n}" for word, n in d.ordered_words().items())
        where = games(d.games.games, lang, dative=True)
        won = f"{w['won'].lower()} {d.games.won} ({percent(d.games.win_rate, lang)})"
        out.append(
            (w["doublings"], f"{w['said']} {d.said} ({words}) {w['in_games']} {where}, {won}")
        )
    for key in ("schneider", "schwarz"):
        by_side = p.schneider if key == "schneider" else p.schwarz
        sides = [
            f"{w[name]} {w['won'].lower()} {s.won}, {w['lost']} {s.lost}"
            for name, s in (("declaring", by_side.declaring), ("defending", by_side.defending))
        ]
        out.append((w[key], " · ".join(sides)))
    r = p.ramsch
    if r.games:
        out.append((
            w["ramsch"],
            f"{games(r.games, lang)}, {w['lost']} {r.lost}, {w['jungfrau']} {r.jungfrau}, "
            f"{w['durchmarsch']} {r.durchmarsch}",
        ))  # fmt: skip
    if p.klopfen:
        out.append((w["klopfen"], f"{w['knocked']} {games(p.klopfen, lang, dative=True)}"))
    if p.all_pass:
        out.append((w["all_pass"], games(p.all_pass, lang)))
    return out


def render(stats: Stats, lang: str = "en") -> str:
    """The statistics as lines of text."""
    w = WORDS[lang]
    lines = [headline(stats, lang)]
    if not stats.players:
        return "\n".join([*lines, w["no_games"]])
    lines += ["", *table(summary_rows(stats, lang))]
    for p in stats.players:
        lines += ["", f"{p.name} · {games(p.games, lang)}"]
        if p.declared.games:
            lines += table(contract_rows(p, lang), "  ")
        else:
            lines.append(f"  {w['nothing']}")
        figures = figure_lines(p, lang)
        width = max(len(label) for label, _ in figures)
        lines += [f"  {label.ljust(width)}  {text}" for label, text in figures]
    return "\n".join(lines)


__all__ = ["render", "table"]
