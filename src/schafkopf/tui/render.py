"""Rendering with rich from one seat's :class:`View`: hand, table, choices, result, ledger.

Every function here takes only what the seat may know (a view, a finished game's result, the
session's ledger), so nothing can show a card of another hand; all are testable without a
terminal through :func:`render_to_text`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from io import StringIO
from typing import Final

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.rule import Rule
from rich.style import Style
from rich.table import Table
from rich.text import Text

from schafkopf.actions import (
    DOUBLE,
    KLOPFEN,
    NICHT_KLOPFEN,
    SPIEL,
    WEITER,
    Action,
    action_name,
    is_card,
    is_name,
    is_offer,
)
from schafkopf.cards import (
    Card,
    augen,
    suit_of,
)
from schafkopf.game import (
    DONE,
    KLOPFEN_PHASE,
    PLAY,
    View,
)
from schafkopf.rules import TRUMP, Contract, Kind, PlayTables, play_tables
from schafkopf.scoring import Result
from schafkopf.session import Session
from schafkopf.tui.texts import Lang, lang

SUIT_STYLES: Final = ("dark_orange3", "green3", "red1", "gold1")
"""Colours of Eichel, Gras, Herz, Schellen (also used for the French suits)."""
FRENCH_SUIT_NAMES: Final = ("Kreuz", "Pik", "Herz", "Karo")


def _lang(code: str, french: bool) -> Lang:
    return lang(code, french)


# ---------------------------------------------------------------------------------------------
# Cards and hands


def _tables(contract: Contract | None, short: bool) -> PlayTables:
    """The card order to sort and group by: the contract's, or Rufspiel's before it is known."""
    if contract is None:
        return play_tables(Kind.RUFSPIEL, None, short)
    return play_tables(contract.kind, contract.suit, short)


def sort_cards(cards: Iterable[Card], contract: Contract | None, short: bool = False) -> list[Card]:
    """Cards in the contract's order: trumps high to low, then Eichel, Gras, Herz, Schellen."""
    t = _tables(contract, short)
    rank = {c: i for i, c in enumerate(t.trumps)}
    return sorted(
        cards, key=lambda c: (0, rank[c], 0) if c in rank else (1, t.eff_suit[c], -t.power[c])
    )


def card_label(c: Card, *, french: bool = False, long: bool = False, lang: str = "de") -> str:
    """``EO`` (with ``long``: ``EO Eichel-Ober``), or ``Q♣`` (``Q♣ Kreuz-Dame``) with the
    French deck; with ``lang="en"`` the names are English (``EO Ober of Acorns``)."""
    return _lang(lang, french).card_label(c, long=long)


def card_text(
    c: Card, *, french: bool = False, long: bool = False, bold: bool = False, lang: str = "de"
) -> Text:
    """A card label in its suit's colour."""
    return Text(
        card_label(c, french=french, long=long, lang=lang),
        Style(color=SUIT_STYLES[suit_of(c)], bold=bold),
    )


class _Flow:
    """Labelled rows of cells wrapped to the console width between cells, never inside one."""

    def __init__(self, rows: Sequence[tuple[Text, Sequence[Text]]], gap: int = 2) -> None:
        self.rows = rows
        self.gap = gap

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        label_w = max((label.cell_len for label, _ in self.rows), default=0)
        for label, cells in self.rows:
            line = label.copy()
            line.pad_right(label_w - label.cell_len)
            for count, cell in enumerate(cells):
                sep = self.gap if (count or label_w) else 0
                if count and line.cell_len + sep + cell.cell_len > width:
                    yield line
                    line = Text(" " * label_w)
                    sep = self.gap if label_w else 0
                line.append(" " * sep)
                line.append_text(cell)
            yield line


def render_hand(
    view: View, *, french: bool = False, numbered: bool | None = None, lang: str = "de"
) -> RenderableType:
    """The seat's own hand in the contract's order, grouped into trumps and suits.

    In card play each card carries the number that picks it (the same numbering as
    :func:`hand_numbers`); cards that may not be played now are dimmed.
    """
    L = _lang(lang, french)
    if numbered is None:
        numbered = view.phase == PLAY
    short = view.rules.short
    t = _tables(view.contract, short)
    cards = sort_cards(view.hand, view.contract, short)
    legal = set(view.legal)
    my_turn = view.phase == PLAY and view.to_move == view.seat
    groups: list[tuple[str, list[Text]]] = []
    for i, c in enumerate(cards, 1):
        trump = t.eff_suit[c] == TRUMP
        label = L.t("trump") if trump else L.suits[suit_of(c)]
        cell = card_text(c, french=french, long=True, bold=trump, lang=lang)
        if numbered:
            cell = Text.assemble(Text(f"{i}", "bold"), " ", cell)
        if my_turn and c not in legal:
            cell.stylize("dim")
        if groups and groups[-1][0] == label:
            groups[-1][1].append(cell)
        else:
            groups.append((label, [cell]))
    title = L.t("your_cards" if view.phase != KLOPFEN_PHASE else "your_first_cards")
    if not groups:
        return Text(f"{title}: {L.t('none')}")
    rows = [(Text("  " + label, "italic"), cells) for label, cells in groups]
    return Group(Text(f"{title}:", "bold"), _Flow(rows))


def hand_numbers(view: View) -> list[Card]:
    """The seat's hand in display order: card ``i`` is picked by number ``i + 1``."""
    return sort_cards(view.hand, view.contract, view.rules.short)


# ---------------------------------------------------------------------------------------------
# The table


def doubling_word(i: int) -> str:
    """What the doubling after ``i`` earlier ones is called: Kontra, Re, Sup, Hirsch."""
    return action_name(DOUBLE, i).capitalize()


def _contract_line(view: View, names: Sequence[str], L: Lang) -> Text:
    """The contract, the declarer and, in a Rufspiel, the partner as far as the seat knows."""
    c = view.contract
    assert c is not None
    line = Text.assemble(L.t("contract"), (L.contract_name(c), "bold"))
    if c.kind is Kind.RAMSCH:
        return line.append(L.t("each_alone"))
    assert c.declarer is not None
    line.append(L.t("declarer", name=names[c.declarer]))
    if c.kind is Kind.RUFSPIEL:
        partner = L.t("unknown") if view.partner is None else names[view.partner]
        line.append(L.t("partner", name=partner))
    return line


def _bids_line(view: View, names: Sequence[str], L: Lang) -> Text | None:
    """The interest and settling bids in the order said (None before the first)."""
    words = [
        f"{names[s]} {L.action(a)}" for s, a in view.history if a in (WEITER, SPIEL) or is_offer(a)
    ]
    return Text(L.t("bids") + " · ".join(words)) if words else None


def _trick_lines(view: View, names: Sequence[str], french: bool, L: Lang) -> list[Text]:
    """The trick on the table (who led, who played what, who is next); the last trick too
    while the table is empty."""
    n = view.rules.players
    out: list[Text] = []
    if not view.trick and view.tricks:
        last = view.tricks[-1]
        line = Text(L.t("last_trick", to=L.accusative(names[last.winner])), "dim")
        for i, c in enumerate(last.cards):
            line.append(("" if i == 0 else " · ") + f"{names[(last.leader + i) % n]} ")
            line.append_text(card_text(c, french=french))
        out.append(line)
    leader = view.trick_leader if view.trick_leader is not None else view.vorhand
    line = Text(L.t("trick", n=len(view.tricks) + 1), "bold")
    line.append(f"({L.subject(names[leader], 'leads')}): ")
    for i, c in enumerate(view.trick):
        line.append(f"{names[(leader + i) % n]} ")
        line.append_text(card_text(c, french=french))
        line.append(" · ")
    if view.to_move is not None:
        line.append(f"{names[view.to_move]} ?")
    out.append(line)
    return out


def render_tricks(
    view: View, names: Sequence[str], *, french: bool = False, lang: str = "de"
) -> RenderableType:
    """The tricks of this game so far, or of the finished game (``l``): number, who led,
    the cards in the order played, who took it and its Augen."""
    L = _lang(lang, french)
    if not view.tricks:
        return Text(L.t("no_tricks"))
    n = view.rules.players
    title = "tricks_of_game" if view.phase == DONE else "tricks_so_far"
    lines: list[RenderableType] = [Text(L.t(title), "bold")]
    for i, t in enumerate(view.tricks, 1):
        line = Text(f"{i:>2}. ")
        for k, c in enumerate(t.cards):
            line.append(("" if k == 0 else " · ") + f"{names[(t.leader + k) % n]} ")
            line.append_text(card_text(c, french=french))
        gained = sum(augen(c) for c in t.cards)
        line.append(L.t("trick_to", to=L.accusative(names[t.winner]), augen=gained))
        lines.append(line)
    return Group(*lines)


def _points_flow(view: View, names: Sequence[str], L: Lang) -> _Flow:
    """Augen and tricks per seat, and the two sides' Augen once the seat knows the sides."""
    won = Counter(t.winner for t in view.tricks)
    cells = [Text(f"{names[s]} {view.points[s]} ({won[s]})") for s in range(view.rules.players)]
    c = view.contract
    if c is not None and c.declarer is not None:
        team: set[int] | None = None
        if c.kind is not Kind.RUFSPIEL:
            team = {c.declarer}
        elif view.partner is not None:
            team = {c.declarer, view.partner}
        if team is not None:
            mine = sum(view.points[s] for s in team)
            rest = sum(view.points) - mine
            cells.append(Text(L.t("sides", mine=mine, rest=rest), "bold"))
    return _Flow([(Text(L.t("augen_tricks")), cells)], gap=3)


def render_status(
    view: View, names: Sequence[str], *, french: bool = False, lang: str = "de"
) -> RenderableType:
    """The table as ``view.seat`` sees it: contract and declarer, the called Sau and partner,
    knocks, Kontra/Re, the bids, the trick on the table, Augen and tricks, whose turn."""
    L = _lang(lang, french)
    lines: list[RenderableType] = []
    if view.contract is None:
        dealer, vorhand = names[view.dealer], names[view.vorhand]
        lines.append(Text(L.t("dealer_vorhand", dealer=dealer, vorhand=vorhand)))
        bids = _bids_line(view, names, L)
        if bids is not None:
            lines.append(bids)
    else:
        lines.append(_contract_line(view, names, L))
    if view.knocks:
        lines.append(Text(L.t("knocked") + ", ".join(names[s] for s in view.knocks)))
    if view.doublings:
        said = [f"{doubling_word(i)}: {names[s]}" for i, (s, _) in enumerate(view.doublings)]
        lines.append(Text(" · ".join(said), "bold"))
    if view.phase == PLAY:
        lines += _trick_lines(view, names, french, L)
        lines.append(_points_flow(view, names, L))
    if view.to_move is not None:
        lines.append(Text(L.t("to_move", name=names[view.to_move])))
    return Group(*lines)


def choice_list(view: View) -> list[Action]:
    """The non-card choices in the order they are numbered (bids, offers, contracts)."""
    return [a for a in view.legal if a != DOUBLE and not is_card(a)]


def render_choices(view: View, *, french: bool = False, lang: str = "de") -> RenderableType:
    """The legal choices with what to type: ``3=GZ`` (a card by its hand number), ``1=weiter``,
    ``k=kontra``; always a line starting ``Wähle:``."""
    L = _lang(lang, french)
    cells: list[Text] = []
    legal = set(view.legal)
    if view.phase == PLAY:
        for i, c in enumerate(hand_numbers(view), 1):
            if c in legal:
                cells.append(Text.assemble(f"{i}=", card_text(c, french=french)))
    else:
        for i, a in enumerate(choice_list(view), 1):
            cells.append(Text(f"{i}={L.action(a)}"))
    if DOUBLE in legal:
        cells.append(Text(f"k={action_name(DOUBLE, len(view.doublings))}", "bold"))
    cells.append(Text(L.t("keys_tricks" if view.tricks else "keys"), "dim"))
    return _Flow([(Text(L.t("choose"), "bold"), cells)])


def render_turn(
    view: View, names: Sequence[str], *, french: bool = False, lang: str = "de"
) -> RenderableType:
    """What the seat sees when it must decide: the table, its hand and the choices."""
    return Group(
        Rule(style="dim"),
        render_status(view, names, french=french, lang=lang),
        render_hand(view, french=french, lang=lang),
        render_choices(view, french=french, lang=lang),
    )


def describe_changes(
    before: View, after: View, names: Sequence[str], *, french: bool = False, lang: str = "de"
) -> list[Text]:
    """What just happened between two views of the same seat, as lines to print:
    the action said or played, a finished trick, the contract, a revealed partner."""
    L = _lang(lang, french)
    out: list[Text] = []
    for seat, action in after.history[len(before.history) :]:
        who = names[seat]
        if is_card(action):
            card = card_text(action, french=french, long=True, lang=lang)
            out.append(Text.assemble(f"  {who}: ", card))
        elif action == DOUBLE:
            out.append(Text(f"{who}: {doubling_word(len(before.doublings))}!", "bold"))
        elif action == KLOPFEN:
            out.append(Text(f"{L.subject(who, 'knocks')}!", "bold"))
        elif action == NICHT_KLOPFEN:
            out.append(Text(f"{L.subject(who, 'knocks_not')}."))
        elif is_name(action):
            pass  # announced below, from the contract itself
        elif is_offer(action):
            out.append(Text(f"{L.subject(who, 'bids')}: {L.action(action)}"))
        else:
            out.append(Text(f"{who}: {L.action(action)}"))
    if len(after.tricks) > len(before.tricks):
        t = after.tricks[-1]
        gained = sum(augen(c) for c in t.cards)
        to = L.accusative(names[t.winner])
        out.append(Text(L.t("trick_won", n=len(after.tricks), to=to, augen=gained), "bold"))
    c = after.contract
    if c is not None and before.contract is None:
        out += _announce(after, c, names, L)
    elif (
        c is not None
        and c.kind is Kind.RUFSPIEL
        and before.partner is None
        and after.partner is not None
    ):
        assert c.declarer is not None
        s = L.subject(names[after.partner], "plays")
        out.append(Text(L.t("plays_with", s=s, with_=L.dative(names[c.declarer])), "bold"))
    if c is None and after.phase == DONE and before.phase != DONE:
        out.append(Text(L.t("all_pass_redeal"), "bold"))
    return out


def _announce(view: View, c: Contract, names: Sequence[str], L: Lang) -> list[Text]:
    """The lines that announce a contract just named (and tell a hidden partner it is one)."""
    if c.kind is Kind.RAMSCH:
        return [Text(L.t("all_pass_ramsch"), "bold")]
    assert c.declarer is not None
    who = names[c.declarer]
    if c.kind is Kind.SIE:
        return [Text(L.t("has_sie", s=L.subject(who, "has")), "bold")]
    out = [Text(f"{L.subject(who, 'plays')}: {L.contract_name(c)}", "bold reverse")]
    if c.kind is Kind.RUFSPIEL and view.partner == view.seat != c.declarer:
        assert c.suit is not None
        out.append(Text(L.t("you_have_sau", sau=L.sau(c.suit), with_=L.dative(who))))
    return out


# ---------------------------------------------------------------------------------------------
# After the game


def signed(v: int) -> str:
    """A payout with its sign (``+5``, ``-3``, ``0``)."""
    return f"{v:+d}" if v else "0"


def _laufende(result: Result, L: Lang) -> str:
    """``Laufende: 3``; a run of top trumps too short to count says so (they count from 3 in
    a solo, and a player who held two Ober wonders why none were paid)."""
    price = result.price
    if result.laufende == 0 and 0 < price.laufende_run < price.laufende_min:
        return L.t("laufende_short", run=price.laufende_run, min=price.laufende_min)
    return L.t("laufende", v=result.laufende)


def render_result(
    view: View,
    result: Result,
    names: Sequence[str],
    *,
    stock: int | None = None,
    unit: str = "ct",
    french: bool = False,
    lang: str = "de",
) -> RenderableType:
    """The result of a finished game: contract, declarer side, Augen, won or lost, Schneider,
    Schwarz, Laufende, multiplier (knocks, Kontra/Re), value, payouts, and the Stock if used."""
    L = _lang(lang, french)
    lines: list[RenderableType] = []
    c = result.contract
    n = len(result.payouts)
    if c is None:
        lines.append(Text(L.t("result_all_pass")))
    elif c.kind is Kind.RAMSCH:
        lines.append(Text("Ramsch", "bold"))
        pts = " · ".join(f"{names[s]} {result.points[s]}" for s in range(n))
        lines.append(Text(L.t("augen", pts=pts)))
        if result.durchmarsch is not None:
            by = L.dative(names[result.durchmarsch])
            lines.append(Text(L.t("durchmarsch", by=by), "bold"))
        elif result.ramsch_loser is not None:
            loser = names[result.ramsch_loser]
            lines.append(Text(L.t("ramsch_loser", s=L.subject(loser, "pays"))))
        if result.jungfrauen:
            lines.append(Text(L.t("jungfrau") + ", ".join(names[s] for s in result.jungfrauen)))
    else:
        side = L.and_list([names[s] for s in result.declarers])
        won = L.t("won" if result.won else "lost")
        lines.append(
            Text.assemble(
                (L.contract_name(c), "bold"),
                L.t("declarer_side" if len(result.declarers) > 1 else "declarer_one", side=side),
                (won, "bold"),
            )
        )
        if c.kind is not Kind.SIE and result.declarer_points is not None:
            dp = result.declarer_points
            tricks = sum(result.tricks[s] for s in result.declarers)
            lines.append(Text(L.t("augen_sides", dp=dp, op=120 - dp, tricks=tricks)))
        extras = [
            L.t("schneider", v=L.t("yes" if result.schneider else "no")),
            L.t("schwarz", v=L.t("yes" if result.schwarz else "no")),
            _laufende(result, L),
        ]
        lines.append(Text(" · ".join(extras)))
    if c is not None:
        why = []
        if view.knocks:
            why.append(L.t("knocks_times", n=len(view.knocks)))
        why += [doubling_word(i) for i in range(len(view.doublings))]
        factor = L.t("factor", m=result.multiplier) + (f" ({', '.join(why)})" if why else "")
        value = L.amount(result.value, unit, sign=False)
        lines.append(Text(factor + L.t("value", v=value), "bold"))
    if c is None and not any(result.payouts):
        lines.append(Text(L.t("payout_none"), "bold"))
    else:
        pay = " · ".join(f"{names[s]} {L.amount(result.payouts[s], unit)}" for s in range(n))
        lines.append(Text(L.t("payout", pay=pay), "bold"))
    if stock is not None:
        change = f" ({L.amount(result.stock, unit)})" if result.stock else ""
        lines.append(Text(L.t("stock", v=L.amount(stock, unit, sign=False)) + change))
    return Group(*lines)


def render_ledger(
    session: Session,
    title: str | None = None,
    *,
    unit: str = "ct",
    french: bool = False,
    lang: str = "de",
) -> RenderableType:
    """The ledger: one row per game with its contract and each player's running balance
    (the game's payout in brackets) in ``unit``, then the Stock if the rules use one."""
    L = _lang(lang, french)
    title = L.t("ledger") if title is None else title
    names = [L.name(n) for n in session.players]  # "Du" of a German session is "You" in English
    if not session.records:
        return Text(L.t("ledger_empty", title=title))
    heading = L.t("ledger_unit", title=title, unit=unit) if unit else title
    table = Table(title=heading, box=box.SIMPLE_HEAD, title_justify="left", pad_edge=False)
    table.add_column("#", justify="right")
    table.add_column(L.t("game_col"), overflow="fold")
    for name in names:
        table.add_column(name, justify="right", no_wrap=True)
    for (num, pay, running), rec in zip(session.ledger(), session.records, strict=True):
        contract = Contract.from_json(rec["contract"]) if rec.get("contract") else None
        if contract is None:
            what = L.t("ledger_redeal")
        elif contract.declarer is None:
            what = L.short_contract(contract)
        else:
            decl = rec.get("result", {}).get("declarers") or [contract.declarer]
            what = f"{L.short_contract(contract)}: {'+'.join(names[s] for s in decl)}"
        table.add_row(
            str(num), what, *(f"{r} ({signed(p)})" for r, p in zip(running, pay, strict=True))
        )
    parts: list[RenderableType] = [table]
    played = session.played
    balances = " · ".join(
        f"{n} {L.amount(b, unit)}" for n, b in zip(names, session.balances, strict=True)
    )
    after = L.after_games(played, session.games)
    parts.append(Text(L.t("standing", after=after, balances=balances)))
    if session.rules.stock:
        parts.append(Text(L.t("stock", v=L.amount(session.stock, unit, sign=False))))
    return Group(*parts)


def render_to_text(renderable: RenderableType, width: int = 80) -> str:
    """Plain text of a renderable at ``width`` columns (no colours): for tests and captures."""
    console = Console(
        file=StringIO(), width=width, color_system=None, force_terminal=False, highlight=False
    )
    console.print(renderable)
    out = console.file
    assert isinstance(out, StringIO)
    return out.getvalue()
