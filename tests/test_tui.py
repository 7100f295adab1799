"""The terminal face without a terminal: rendering from views, input parsing, a whole session."""

from __future__ import annotations

import random
import re
import sys
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console

from schafkopf.actions import (
    DOUBLE,
    SPIEL,
    WEITER,
    is_card,
    name_action,
    offer_action,
    parse_action,
)
from schafkopf.cards import SAU, CardSet, card, card_name, card_token, parse_card
from schafkopf.game import NAMING, Game, View
from schafkopf.players.random_player import RandomPlayer
from schafkopf.refusals import refusal
from schafkopf.rules import Contract, Kind, Ruleset
from schafkopf.tui import (
    HELP,
    QUIT,
    HumanPlayer,
    InputError,
    QuitSession,
    Reader,
    describe_changes,
    make_bots,
    parse_input,
    render_hand,
    render_result,
    render_status,
    render_to_text,
    render_turn,
    run_terminal_session,
    sort_cards,
)
from schafkopf.tui.human import offered_contract

NAMES = ["Du", "Sepp", "Resi", "Hias"]


def tokens(cards: list[int]) -> list[str]:
    return [card_token(c) for c in cards]


def hand_order_in(text: str) -> list[str]:
    """Card tokens in the order a rendered hand shows them."""
    return re.findall(r"\b[EGHS][AZKOU987]\b", text)


# -- sorting and the hand ------------------------------------------------------------------


HAND = CardSet.parse("EO HU HA EA E7 GK S8 SU EU")


def test_sort_herz_solo_trumps_first_high_to_low() -> None:
    solo = Contract(Kind.SOLO, 0, 2)
    assert tokens(sort_cards(HAND, solo)) == ["EO", "EU", "HU", "SU", "HA", "EA", "E7", "GK", "S8"]


def test_sort_wenz_only_unter_are_trumps() -> None:
    wenz = Contract(Kind.WENZ, 0)
    assert tokens(sort_cards(HAND, wenz)) == ["EU", "HU", "SU", "EA", "EO", "E7", "GK", "HA", "S8"]


def test_sort_before_the_contract_is_rufspiel_order() -> None:
    assert tokens(sort_cards(HAND, None)) == ["EO", "EU", "HU", "SU", "HA", "EA", "E7", "GK", "S8"]


def _named_game(hands: list[str], contract: str, declarer: int = 0) -> Game:
    """A game dealt by seat 3 (seat 0 leads) in which ``declarer`` alone plays ``contract``."""
    g = Game(hands=hands, dealer=3)
    for seat in range(4):
        g.apply(SPIEL if seat == declarer else WEITER, seat)
    g.apply(parse_action(contract, naming=True), declarer)
    return g


HANDS = [
    "EO HU HA HZ EA E7 GK S8",
    "GO SO EU GU H9 H8 EZ GA",
    "HO SU HK H7 EK E9 GZ SA",
    "E8 G9 G8 G7 SZ SK S9 S7",
]


def test_render_hand_herz_solo_vs_wenz() -> None:
    solo = render_to_text(render_hand(_named_game(HANDS, "solo H").view(0)))
    assert hand_order_in(solo) == ["EO", "HU", "HA", "HZ", "EA", "E7", "GK", "S8"]
    assert "Trumpf" in solo and "Eichel-Ober" in solo
    assert re.search(r"\b1 EO\b", solo)  # numbered in card play
    wenz = render_to_text(render_hand(_named_game(HANDS, "wenz").view(0)))
    assert hand_order_in(wenz) == ["HU", "EA", "EO", "E7", "GK", "HA", "HZ", "S8"]


def test_render_hand_french_symbols() -> None:
    text = render_to_text(render_hand(_named_game(HANDS, "solo H").view(0), french=True))
    assert "Q♣" in text and "J♥" in text and "Kreuz" in text
    assert "Eichel-Ober" not in text


def test_called_sau_and_partner_shown() -> None:
    g = _named_game(HANDS, "rufspiel G")  # seat 1 holds the Gras-Sau
    status = render_to_text(render_status(g.view(2), NAMES))
    assert "Sauspiel auf die Gras-Sau" in status
    assert "Spieler: Du" in status and "Partner: unbekannt" in status
    assert "Partner: Sepp" in render_to_text(render_status(g.view(1), NAMES))
    g.apply(parse_card("GK"), 0)  # Gras led: Sepp must play the called Sau
    before = g.view(2)
    g.apply(parse_card("GA"), 1)
    after = g.view(2)
    assert "Partner: Sepp" in render_to_text(render_status(after, NAMES))
    said = "\n".join(t.plain for t in describe_changes(before, after, NAMES))
    assert "Sepp: GA Gras-Sau" in said and "Sepp spielt mit dir." in said


def test_status_shows_bids_trick_points_doublings() -> None:
    g = _named_game(HANDS, "solo H", declarer=0)
    g.apply(DOUBLE, 1)
    for tok, seat in (("EO", 0), ("GO", 1), ("HO", 2), ("E8", 3)):
        g.apply(parse_card(tok), seat)
    g.apply(parse_card("HU"), 0)
    text = render_to_text(render_status(g.view(0), NAMES))
    assert "Spiel: Herz-Solo · Spieler: Du" in text
    assert "Kontra: Sepp" in text
    assert "Stich 2 (Du kommst raus): Du HU · Sepp ?" in text
    assert "Letzter Stich" not in text
    assert "Du 9 (1)" in text and "Spieler 9 : Gegner 0" in text
    bidding = Game(hands=HANDS, dealer=3)
    bidding.apply(SPIEL, 0)
    bidding.apply(WEITER, 1)
    assert "Ansagen: Du spiel · Sepp weiter" in render_to_text(
        render_status(bidding.view(2), NAMES)
    )


# -- never a hidden card -------------------------------------------------------------------


def _card_patterns(cards: set[int], called: int | None) -> list[re.Pattern[str]]:
    out = []
    for c in cards:
        names = [card_token(c), card_name(c, french=True)]
        if c != called:  # "Sauspiel auf die Gras-Sau" names the contract, not a card seen
            names.append(card_name(c))
        for s in names:
            out.append(re.compile(rf"(?<![\w♣♠♥♦]){re.escape(s)}(?![\w♣♠♥♦-])"))
    return out


def _assert_only_seen(text: str, view: View, where: str) -> None:
    seen = set(view.hand) | {c for t in view.tricks for c in t.cards} | set(view.trick)
    hidden = set(CardSet.full()) - seen
    c = view.contract
    called = card(c.suit, SAU) if c is not None and c.kind is Kind.RUFSPIEL and c.suit else None
    for pat in _card_patterns(hidden, called):
        assert not pat.search(text), f"{where}: hidden card {pat.pattern} shown:\n{text}"


@pytest.mark.parametrize("preset", ["standard", "sauspiel"])
def test_screens_never_show_a_hidden_card(preset: str) -> None:
    rules = Ruleset.preset(preset, {"all_pass": "ramsch"} if preset == "sauspiel" else None)
    bots = [RandomPlayer(n, double_rate=0.3) for n in NAMES]
    for seed in range(6):
        rng = random.Random(seed)
        g = Game(rules, dealer=seed % 4, seed=seed)
        before = g.view(0)
        step = 0
        while not g.is_over():
            mover = g.to_move
            assert mover is not None
            g.apply(bots[mover].choose(g.view(mover), rng), mover)
            now = g.view(0)
            french = step % 2 == 1
            text = "\n".join(
                [
                    render_to_text(render_turn(now, NAMES, french=french)),
                    *(t.plain for t in describe_changes(before, now, NAMES, french=french)),
                ]
            )
            _assert_only_seen(text, now, f"{preset} seed {seed} step {step}")
            assert max(len(line) for line in text.splitlines()) <= 80
            before = now
            step += 1
        end = render_to_text(render_result(before, g.result(), NAMES, stock=0))
        _assert_only_seen(end, before, f"{preset} seed {seed} result")
        assert "Auszahlung:" in end


def test_result_shows_the_reckoning() -> None:
    g = _named_game(HANDS, "solo H")
    g.apply(DOUBLE, 1)
    rng = random.Random(1)
    p = RandomPlayer(double_rate=0.0)
    while not g.is_over():
        assert g.to_move is not None
        g.apply(p.choose(g.view(g.to_move), rng), g.to_move)
    r = g.result()
    text = render_to_text(render_result(g.view(0), r, NAMES))
    assert "Herz-Solo · Spieler: Du" in text
    assert f"Augen: Spieler {r.declarer_points} : Gegner {120 - (r.declarer_points or 0)}" in text
    assert "Schneider:" in text and "Schwarz:" in text
    assert r.laufende == 0 and r.price.laufende_run == 1  # Du holds the Eichel-Ober only
    assert "Laufende: keine (nur 1; zählen erst ab 3)" in " ".join(text.split())
    assert f"Faktor ×{r.multiplier} (Kontra)" in text and f"Wert: {r.value} ct" in text
    assert f"Du {r.payouts[0]:+d} ct" in text


# -- input -----------------------------------------------------------------------------------


def test_parse_cards_by_number_token_alias() -> None:
    g = _named_game(HANDS, "solo H")
    v = g.view(0)
    assert parse_input("1", v) == parse_card("EO")
    assert parse_input("4", v) == parse_card("HZ")
    assert parse_input("eo", v) == parse_card("EO")
    assert parse_input(" h10 ", v) == parse_card("HZ")
    assert parse_input("Q♣", v) == parse_card("EO")
    assert parse_input("Gras-König", v) == parse_card("GK")
    assert parse_input("herz sau", v) == parse_card("HA")
    assert parse_input("?", v) == HELP and parse_input("hilfe", v) == HELP
    assert parse_input("q", v) == QUIT
    with pytest.raises(InputError, match="1 bis 8"):
        parse_input("9", v)
    with pytest.raises(InputError, match="verstehe ich nicht"):
        parse_input("xyz", v)
    with pytest.raises(InputError, match="eingeben"):
        parse_input("  ", v)


def test_parse_bids_offers_and_contracts() -> None:
    g = Game(hands=HANDS, dealer=3)
    v = g.view(0)
    assert parse_input("weiter", v) == WEITER and parse_input("w", v) == WEITER
    assert parse_input("spiel", v) == SPIEL and parse_input("2", v) == SPIEL
    assert parse_input("n", v) == WEITER
    assert parse_input("kontra", v) == DOUBLE and parse_input("k", v) == DOUBLE
    for seat in range(4):
        g.apply(SPIEL if seat in (0, 1) else WEITER, seat)
    settle = g.view(1)  # Sepp must beat Du's Rufspiel
    assert parse_input("wenz", settle) == offer_action(Kind.WENZ)
    assert parse_input("solo tout", settle) == offer_action(Kind.SOLO, True)
    assert parse_input("herz solo", settle) == offer_action(Kind.SOLO)
    with pytest.raises(InputError, match="Sauspiel"):
        parse_input("sauspiel gras", settle)
    g.apply(WEITER, 1)
    naming = g.view(0)
    assert parse_input("sauspiel gras", naming) == name_action(Kind.RUFSPIEL, 1)
    assert parse_input("rufspiel G", naming) == name_action(Kind.RUFSPIEL, 1)
    assert parse_input("Gras-Sau", naming) == name_action(Kind.RUFSPIEL, 1)
    assert parse_input("solo h", naming) == name_action(Kind.SOLO, 2)
    assert parse_input("Herz-Solo", naming) == name_action(Kind.SOLO, 2)
    assert parse_input("eichelsolo tout", naming) == name_action(Kind.SOLO, 0, True)
    assert parse_input("wenz", naming) == name_action(Kind.WENZ)
    with pytest.raises(InputError, match="welche Farbe"):
        parse_input("solo", naming)
    from schafkopf.tui.human import _contract_action
    from schafkopf.tui.texts import Lang

    with pytest.raises(InputError, match=r"^Dieses Spiel gibt es nicht: rufspiel Herz\.$"):
        _contract_action(naming, Kind.RUFSPIEL, 2, False)  # Herz is trump: no Sau to call
    with pytest.raises(InputError, match=r"^There is no such game: rufspiel Hearts tout\.$"):
        _contract_action(naming, Kind.RUFSPIEL, 2, True, Lang("en", french=True))
    klopf = Game(Ruleset.preset("sauspiel"), seed=1).view(1)
    assert parse_input("n", klopf) == parse_action("nicht klopfen")
    assert parse_input("nicht klopfen", klopf) == parse_action("nicht klopfen")


def _scripted(answers: list[str], prompts: list[str]) -> Reader:
    def read(prompt: str) -> str:
        prompts.append(prompt)
        return answers.pop(0)

    return read


def _console() -> Console:
    return Console(file=StringIO(), width=80, color_system=None, highlight=False)


def _out(console: Console) -> str:
    assert isinstance(console.file, StringIO)
    return console.file.getvalue()


def test_human_reprompts_with_a_german_reason() -> None:
    g = _named_game(HANDS, "solo H")
    g.apply(parse_card("EO"), 0)  # Du leads a trump: Sepp must follow with a trump
    console, prompts = _console(), list[str]()
    human = HumanPlayer("Sepp", console, _scripted(["EZ", "blah", "99", "?", "GO"], prompts),
                        names=NAMES)  # fmt: skip
    human.new_game(g)
    assert human.choose(g.view(1), random.Random()) == parse_card("GO")
    out = _out(console)
    assert "Trumpf ist angespielt: du musst Trumpf zugeben" in out
    assert "must" not in out and "seat" not in out  # never the engine's English
    assert "verstehe ich nicht" in out and "keine Karte mit der Nummer 99" in out
    assert "Eingaben" in out  # the help
    assert out.count("Wähle:") == 2 and len(prompts) == 5


def test_human_quits_and_kontra_is_offered_once_per_chance() -> None:
    g = _named_game(HANDS, "solo H", declarer=1)  # Sepp plays; Du may say Kontra
    console, prompts = _console(), list[str]()
    human = HumanPlayer("Du", console, _scripted(["", "j"], prompts), names=NAMES)
    human.new_game(g)
    assert DOUBLE in g.legal_actions(0)
    g.apply(parse_card("EO"), 0)
    assert human.wants_to_double(g.view(0), random.Random()) is False
    assert human.wants_to_double(g.view(0), random.Random()) is False  # not asked again
    assert prompts == ["Kontra? [j/N] "]
    human.new_game(g)
    assert human.wants_to_double(g.view(0), random.Random()) is True
    human = HumanPlayer("Du", console, _scripted(["q", "j"], prompts), names=NAMES)
    with pytest.raises(QuitSession):
        human.choose(Game(hands=HANDS, dealer=3).view(0), random.Random())


# -- whole sessions in-process ------------------------------------------------------------------


def _auto_reader(console: Console) -> Reader:
    """Answers each prompt with the first choice the screen offers (as a test player would)."""

    def read(prompt: str) -> str:
        if "[j/N]" in prompt:
            return "n"
        text = _out(console)
        m = re.search(r"(\d+)=", text[text.rfind("Wähle:") :])
        assert m, text[-500:]
        return m.group(1)

    return read


def test_session_in_process_two_games_and_the_ledger() -> None:
    console = _console()
    code = run_terminal_session(
        rules=Ruleset.preset("standard", {"stock": True}), games=2, opponents="random",
        seed=3, name="Du", console=console, read=_auto_reader(console), delay=0, french=True,
    )  # fmt: skip
    out = _out(console)
    assert code == 0
    assert "Ergebnis Spiel 2" in out and "Stand nach 2 von 2 Spielen" in out
    assert "Sitzung beendet nach 2 Spielen" in out
    assert "Stock: " in out and "♣" in out and " Punkte" in out  # the standard preset's unit


def test_a_paused_session_holds_each_result_until_enter_and_q_stops_there() -> None:
    console = _console()
    auto = _auto_reader(console)
    asked: list[str] = []

    def read(prompt: str) -> str:
        if "nächstes Spiel" in prompt:
            asked.append(_out(console))
            return ["", "l", "q"][min(len(asked) - 1, 2)]
        if "Wirklich aufhören" in prompt:
            return "j"
        return auto(prompt)

    code = run_terminal_session(
        rules=Ruleset.preset("standard"), games=3, opponents="random", seed=3,
        console=console, read=read, delay=0, pause=True,
    )  # fmt: skip
    out = _out(console)
    assert code == 0 and len(asked) == 3  # Enter; l, then asked again; q
    assert "Stand nach 1 von 3 Spielen" in asked[0] and "Spiel 2" not in asked[0]
    assert "Stand nach 2 von 3" in asked[1] and "Spiel 3 " not in out.split("Stand nach 2")[1]
    listed = asked[2][len(asked[1]) :]  # what l showed: the finished game's eight tricks
    assert "Die Stiche des Spiels:" in listed and re.search(r"^ 8\. ", listed, re.M)
    assert "Stand nach" not in listed
    stopped = out[len(asked[2]) :]
    assert "Aufgehört nach 2 Spielen: jedes Spiel ist gebucht." in stopped
    assert "Abgebrochen" not in stopped and "Abrechnung" not in stopped  # the ledger stands above


def test_an_open_ended_session_ends_at_the_pause_with_the_winner() -> None:
    console = _console()
    auto = _auto_reader_en(console)

    def read(prompt: str) -> str:
        if "next game" in prompt:
            assert prompt == "Enter: next game, l: tricks, q: quit> "
            return "q"
        if "Really quit" in prompt:
            return "y"
        return auto(prompt)

    code = run_terminal_session(
        rules=Ruleset.preset("standard"), games=0, opponents="random", seed=3, lang="en",
        console=console, read=read, delay=0, pause=True,
    )  # fmt: skip
    out = _out(console)
    assert code == 0 and re.search(r"Session over after 1 game\. .*(wins|equal|Tied)", out)
    assert "Stopped" not in out


def test_the_last_result_asks_for_no_next_game() -> None:
    console = _console()
    auto = _auto_reader(console)

    def read(prompt: str) -> str:
        assert "nächstes Spiel" not in prompt
        return auto(prompt)

    code = run_terminal_session(
        rules=Ruleset.preset("standard"), games=1, opponents="random", seed=3,
        console=console, read=read, delay=0, pause=True,
    )  # fmt: skip
    assert code == 0 and "Sitzung beendet nach 1 Spiel" in _out(console)


def test_a_german_session_shown_in_english_names_seat_0_you() -> None:
    from schafkopf.session import Session
    from schafkopf.tui import render_ledger

    s = Session(Ruleset.preset("standard"), ["Du", "Sepp", "Resi", "Hias"], games=2, seed=1)
    g = Game(Ruleset.preset("standard"), seed=1)
    rng = random.Random(1)
    while not g.is_over():
        g.apply(rng.choice(g.legal_actions()))
    s.finish_game(g)
    english = render_to_text(render_ledger(s, lang="en"), width=120)
    assert "You" in english and "Du" not in english
    assert "Du" in render_to_text(render_ledger(s), width=120)


def test_session_stops_cleanly_on_ctrl_d() -> None:
    console = _console()

    def read(prompt: str) -> str:
        raise EOFError

    code = run_terminal_session(
        rules=Ruleset.preset("standard"), games=2, opponents="random", seed=3,
        console=console, read=read, delay=0,
    )  # fmt: skip
    assert code == 0
    assert "Abgebrochen" in _out(console) and "noch kein Spiel gebucht" in _out(console)


def test_heuristic_falls_back_to_random_without_the_module(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "schafkopf.players.heuristic", None)
    bots, note = make_bots("heuristic", ["Sepp", "Resi", "Hias"])
    assert all(isinstance(b, RandomPlayer) for b in bots) and note
    assert [b.name for b in bots] == ["Sepp", "Resi", "Hias"]
    with pytest.raises(ValueError, match="unbekannte Gegner 'genius'"):
        make_bots("genius", ["Sepp"])


# -- German with "Du", reasons, input, quitting, tricks, forced cards, opponents, units --------


def test_du_is_conjugated_everywhere() -> None:
    from schafkopf.tui.words import accusative, after_games, amount, dative, subject

    assert subject("Du", "spielt") == "Du spielst" and subject("Sepp", "spielt") == "Sepp spielt"
    assert subject("Du", "kommt", "raus") == "Du kommst raus"
    assert accusative("Du") == "dich" and dative("Du") == "dir" and dative("Resi") == "Resi"
    assert after_games(1, 3) == "nach 1 von 3 Spielen" and after_games(1, None) == "nach 1 Spiel"
    assert amount(5) == "+5 ct" and amount(0) == "0 ct" and amount(-1, "Punkte") == "-1 Punkt"
    rules = Ruleset.preset("sauspiel")
    g = Game(rules, dealer=3, seed=2)
    before = g.view(0)
    g.apply(parse_action("klopfen"), 0)
    said = [t.plain for t in describe_changes(before, g.view(0), NAMES)]
    assert said == ["Du klopfst!"]
    g = Game(hands=HANDS, dealer=3)
    before = g.view(1)
    for seat in range(4):
        g.apply(SPIEL if seat in (0, 1) else WEITER, seat)
    g.apply(offer_action(Kind.SOLO), 1)
    g.apply(offer_action(Kind.WENZ), 0)
    said = [t.plain for t in describe_changes(before, g.view(1), NAMES)]
    assert "Du bietest: wenz" in said and "Sepp bietet: solo" in said
    g.apply(WEITER, 1)
    before = g.view(1)
    g.apply(name_action(Kind.WENZ), 0)
    assert "Du spielst: Wenz" in [t.plain for t in describe_changes(before, g.view(1), NAMES)]
    g = _named_game(HANDS, "solo H")
    for tok, seat in (("EO", 0), ("GO", 1), ("HO", 2), ("E8", 3)):
        before = g.view(1)
        g.apply(parse_card(tok), seat)
    said = "\n".join(t.plain for t in describe_changes(before, g.view(1), NAMES))
    assert "Stich 1 an dich (" in said and "an Du" not in said
    status = render_to_text(render_status(g.view(1), NAMES))
    assert "Letzter Stich (an dich)" in status and "(Du kommst raus)" in status
    for text in (said, status):
        assert not re.search(r"\bDu (bietet|spielt|klopft|kommt|hat|gewinnt|zahlt)\b", text)


def test_all_pass_pays_nothing_and_nobody_wins() -> None:
    from schafkopf.session import Session
    from schafkopf.tui.session import _final

    g = Game(hands=HANDS, dealer=3)
    for seat in range(4):
        g.apply(WEITER, seat)
    text = render_to_text(render_result(g.view(0), g.result(), NAMES))
    assert "Kein Spiel: es wird neu gegeben." in text and "Auszahlung: keine" in text
    s = Session(Ruleset.preset("standard"), NAMES, games=1, seed=1)
    s.finish_game(g)
    final = _final(s).plain
    assert "Alle stehen gleich (0 ct): niemand gewinnt." in final
    assert "Es gewinnt" not in final and "Du und Sepp" not in final
    assert "Sitzung beendet nach 1 Spiel." in final


def test_the_closing_line_puts_points_after_mit_in_the_dative() -> None:
    from schafkopf.session import Session
    from schafkopf.tui.session import _final
    from schafkopf.tui.texts import lang

    s = Session(Ruleset.preset("standard"), NAMES, games=1, seed=1)
    s.balances = [6, 6, -6, -6]
    assert _final(s, "Punkte").plain.endswith("Gleichauf vorne: Du und Sepp mit je +6 Punkten.")
    assert _final(s, "ct").plain.endswith("mit je +6 ct.")
    s.balances = [1, -1, 0, 0]
    assert _final(s, "Punkte").plain.endswith("mit +1 Punkt.")
    s.balances = [6, 6, -6, -6]
    assert _final(s, "points", lang("en")).plain.endswith("with +6 points each.")


def test_reasons_are_german_and_computed_from_the_view() -> None:
    from schafkopf.tui.reasons import why_not

    g = _named_game(HANDS, "solo H")
    g.apply(parse_card("EA"), 0)  # Eichel led: Sepp holds EZ
    v = g.view(1)
    assert why_not(v, parse_card("GA"), NAMES).startswith("Eichel ist angespielt: du musst")
    assert why_not(v, parse_card("EO"), NAMES) == "EO (Eichel-Ober) hast du nicht auf der Hand."
    assert why_not(g.view(2), parse_card("HO"), NAMES) == "Du bist nicht dran: Sepp ist am Zug."
    assert why_not(g.view(0), DOUBLE, NAMES) == "Kontra dürfen nur die Gegner des Spielers sagen."
    bidding = Game(hands=HANDS, dealer=3).view(0)
    assert "„weiter“ oder „spiel“" in why_not(bidding, parse_action("klopfen"), NAMES)
    assert "Kontra gibt es erst" in why_not(bidding, DOUBLE, NAMES)
    for v2, a in ((v, parse_card("GA")), (bidding, DOUBLE), (g.view(2), parse_card("HO"))):
        text = why_not(v2, a, NAMES)
        assert not re.search(r"\b(seat|must|may|cannot|led|trump)\b", text), text


def test_every_reason_of_the_engine_is_worded_in_both_languages() -> None:
    """The terminal words each refusal code the engine gives, and never the engine's English:
    all illegal actions of every seat along random games, in German and in English."""
    import inspect

    import schafkopf.refusals
    from schafkopf.actions import NUM_ACTIONS
    from schafkopf.tui.reasons import REASONS, why_not
    from schafkopf.tui.texts import Lang

    given = set(re.findall(r'_refuse\(\s*"(\w+)"', inspect.getsource(schafkopf.refusals)))
    assert given and given == REASONS
    english = re.compile(r"\bseat \d|is not entitled|the phase is|holder.s|deadline")
    german = re.compile(r"\b(seat|must|may|cannot|led|trump|the)\b")
    seen = set()
    for seed in range(12):
        rng = random.Random(seed)
        g = Game(Ruleset.preset("sauspiel"), seed=seed)
        while not g.is_over():
            for seat in range(4):
                view = g.view(seat)
                for a in range(NUM_ACTIONS):
                    if a in view.legal:
                        continue
                    error = refusal(view, a)
                    assert error is not None
                    seen.add(error.reason)
                    de = why_not(view, a, NAMES)
                    en = why_not(view, a, NAMES, Lang("en"))
                    assert not german.search(de) and "{" not in de, (error, de)
                    assert not english.search(en) and "{" not in en, (error, en)
            g.apply(rng.choice(g.legal_actions()))
    assert {"must_follow", "not_held", "not_entitled", "weiter_or_spiel"} <= seen


def test_called_sau_reasons() -> None:
    from schafkopf.tui.reasons import why_not

    g = _named_game(HANDS, "rufspiel G")  # Du calls the Gras-Sau; Sepp holds it
    g.apply(parse_card("GK"), 0)  # Gras led: Sepp must give the called Sau
    text = why_not(g.view(1), parse_card("EZ"), NAMES)
    assert text == "Gras ist angespielt: wer die gerufene Gras-Sau hat, muss sie zugeben."
    hands = [
        "GA G7 EA E7 S8 HA HZ EO",  # Du holds the Gras-Sau and only one more Gras
        "GO SO EU GU H9 H8 EZ GK",
        "HO SU HK H7 EK E9 GZ SA",
        "E8 G9 G8 HU SZ SK S9 S7",
    ]
    g = _named_game(hands, "rufspiel G", declarer=2)
    text = why_not(g.view(0), parse_card("G7"), NAMES)
    assert text.startswith("Wer die gerufene Gras-Sau hat, muss sie selbst ausspielen")
    assert "davonlaufen darf nur, wer mindestens 4 Karten dieser Farbe hat" in text


def test_negative_and_unknown_numbers_are_refused_with_the_choices() -> None:
    v = Game(hands=HANDS, dealer=3).view(0)
    with pytest.raises(InputError, match=r"-1 ist keine Wahl.*1=weiter, 2=spiel"):
        parse_input("-1", v)
    with pytest.raises(InputError, match=r"keine Wahl mit der Nummer 7.*1=weiter, 2=spiel"):
        parse_input("7", v)
    play = _named_game(HANDS, "solo H").view(0)
    with pytest.raises(InputError, match="-3 ist keine Wahl"):
        parse_input("-3", play)


def test_solo_with_a_suit_at_the_offer_step_is_kept_for_naming() -> None:
    g = Game(hands=HANDS, dealer=3)
    for seat in range(4):
        g.apply(SPIEL if seat in (0, 1) else WEITER, seat)
    console, prompts = _console(), list[str]()
    human = HumanPlayer("Sepp", console, _scripted(["solo h"], prompts), names=NAMES)
    human.new_game(g)
    offer = human.choose(g.view(1), random.Random())
    assert offer == offer_action(Kind.SOLO)
    g.apply(offer, 1)
    while g.to_move != 1:
        g.apply(WEITER, g.to_move)
    assert human.choose(g.view(1), random.Random()) == name_action(Kind.SOLO, 2)
    out = _out(console)
    assert "Herz-Solo ist gemerkt: du bietest es und sagst es an, wenn es so weit ist." in out
    assert "Du sagst an, was du geboten hast: Herz-Solo." in out
    assert len(prompts) == 1


def test_kontra_declined_is_not_asked_again_in_the_game() -> None:
    """Declined before the first card, the Kontra question does not come back after the first
    trick (the move line still offers k while the rules allow it)."""
    g = _named_game(HANDS, "solo H", declarer=1)
    console, prompts = _console(), list[str]()
    human = HumanPlayer("Resi", console, _scripted(["n"], prompts), names=NAMES)
    human.new_game(g)
    assert human.wants_to_double(g.view(2), random.Random()) is False
    while len(g.tricks) < 1:  # the first trick, played out
        seat = g.to_move
        g.apply(next(a for a in g.legal_actions(seat) if is_card(a)), seat)
    assert DOUBLE in g.legal_actions(2)  # still allowed (before the second trick's first card)
    assert human.wants_to_double(g.view(2), random.Random()) is False
    assert prompts == ["Kontra? [j/N] "]


def test_kontra_again_says_it_is_said_already() -> None:
    from schafkopf.tui.reasons import why_not

    g = _named_game(HANDS, "solo H", declarer=1)
    g.apply(DOUBLE, 0)  # Du says Kontra against Sepp's solo
    assert why_not(g.view(0), DOUBLE, NAMES) == (
        "Kontra ist schon gesagt. Re darf nur die Spielerseite sagen."
    )


def test_a_contract_said_when_bidding_is_spiel_and_named_later() -> None:
    """``sauspiel gras`` or ``solo h`` at spiel/weiter says spiel and names that game when the
    person names one (a Sauspiel too, not only the games offered in the settling round)."""
    g = Game(hands=HANDS, dealer=3)
    v = g.view(0)
    assert parse_input("sauspiel gras", v) == SPIEL and parse_input("herz solo", v) == SPIEL
    assert offered_contract("sauspiel gras", v) == name_action(Kind.RUFSPIEL, 1)
    console, prompts = _console(), list[str]()
    human = HumanPlayer("Du", console, _scripted(["solo h"], prompts), names=NAMES)
    human.new_game(g)
    assert human.choose(g.view(0), random.Random()) == SPIEL
    g.apply(SPIEL, 0)
    while g.to_move != 0:
        g.apply(WEITER, g.to_move)
    assert human.choose(g.view(0), random.Random()) == name_action(Kind.SOLO, 2)
    assert "Herz-Solo ist gemerkt" in _out(console) and len(prompts) == 1


def test_q_asks_first_and_l_lists_the_tricks() -> None:
    g = _named_game(HANDS, "solo H")
    for tok, seat in (("EO", 0), ("GO", 1), ("HO", 2), ("E8", 3)):
        g.apply(parse_card(tok), seat)
    console, prompts = _console(), list[str]()
    human = HumanPlayer("Du", console, _scripted(["q", "n", "l", "HU"], prompts), names=NAMES)
    assert human.choose(g.view(0), random.Random()) == parse_card("HU")
    assert prompts == ["Deine Wahl> ", "Wirklich aufhören? [j/N] ", "Deine Wahl> ", "Deine Wahl> "]
    out = _out(console)
    assert "Bisherige Stiche:" in out
    assert " 1. Du EO · Sepp GO · Resi HO · Hias E8 → an dich (9 Augen)" in out
    assert "l Stiche" in out


def test_a_forced_card_plays_itself() -> None:
    g = _named_game(HANDS, "solo H")
    g.apply(DOUBLE, 1)  # Kontra said: Sepp has nothing more to say
    g.apply(parse_card("EA"), 0)  # Eichel led: Sepp's only Eichel is EZ

    def no_input(prompt: str) -> str:
        raise AssertionError(f"asked {prompt!r}")

    console = _console()
    human = HumanPlayer("Sepp", console, no_input, names=NAMES, auto=True)
    assert human.choose(g.view(1), random.Random()) == parse_card("EZ")
    assert "Nur eine Karte ist erlaubt: EZ Eichel-Zehn (automatisch gespielt)." in _out(console)
    prompts: list[str] = []
    manual = HumanPlayer("Sepp", _console(), _scripted(["EZ"], prompts), names=NAMES)
    assert manual.choose(g.view(1), random.Random()) == parse_card("EZ") and prompts


def test_opponents_by_spec_or_level() -> None:
    from schafkopf.players.pimc import PimcPlayer
    from schafkopf.tui.texts import lang

    bots, note = make_bots("pimc:samples=2,seconds=0.05", ["Sepp", "Resi", "Hias"])
    assert all(isinstance(b, PimcPlayer) for b in bots) and note is None
    assert [b.name for b in bots] == ["Sepp", "Resi", "Hias"]
    assert all(isinstance(b, PimcPlayer) for b in make_bots("pimc_inference", ["Sepp"])[0])
    assert isinstance(make_bots("random", ["Sepp"])[0][0], RandomPlayer)
    with pytest.raises(ValueError, match="unbekannte Gegner 'pimc:bogus=1': pimc kennt keine"):
        make_bots("pimc:bogus=1", ["Sepp"])
    # a value of the wrong type is worded in the terminal's language (the engine gives a code)
    with pytest.raises(
        ValueError, match="die Option 'samples' braucht eine ganze Zahl, nicht 'abc'"
    ):
        make_bots("pimc:samples=abc", ["Sepp"])
    with pytest.raises(ValueError, match="option 'inference' takes true or false, not 'maybe'"):
        make_bots("pimc:inference=maybe", ["Sepp"], lang("en"))
    with pytest.raises(ValueError) as unknown:
        make_bots("genius", ["Sepp"])
    assert "unknown" not in str(unknown.value)  # all German
    console = _console()
    code = run_terminal_session(
        rules=Ruleset.preset("standard"), opponents="genius", console=console, delay=0
    )
    assert code == 2 and "unbekannte Gegner 'genius'" in _out(console)


def test_amounts_carry_the_unit() -> None:
    console = _console()
    code = run_terminal_session(
        rules=Ruleset.preset("standard", {"stock": True}), games=2, opponents="random",
        seed=3, console=console, read=_auto_reader(console), delay=0, unit="Punkte",
    )  # fmt: skip
    out = _out(console)
    assert code == 0
    assert "Abrechnung (Beträge: Punkte)" in out
    assert re.search(r"Auszahlung: Du [+-]?\d+ Punkte?\b", out)
    assert re.search(r"Stand nach 2 von 2 Spielen: Du [+-]?\d+ Punkte?", out)
    assert re.search(r"Stock: \d+ Punkte?", out)


def test_the_unit_by_default_is_the_rules_own() -> None:
    """Without a unit the terminal counts as the page and ``stats`` do: cents for the
    sauspiel and bsv presets, points for the others."""
    from schafkopf.tui.session import default_unit

    for preset, unit, other in (("standard", " Punkte", " ct"), ("sauspiel", " ct", " Punkt")):
        console = _console()
        code = run_terminal_session(
            rules=Ruleset.preset(preset), games=2, opponents="random", seed=3, console=console,
            read=_auto_reader(console), delay=0, unit=None,
        )  # fmt: skip
        out = _out(console)
        assert code == 0 and unit in out and other not in out, preset
    assert default_unit(Ruleset.preset("standard"), "en") == "points"
    assert default_unit(Ruleset.preset("bsv"), "en") == "ct"


def test_resume_continues_the_game_in_progress_in_process(tmp_path: object) -> None:
    from pathlib import Path

    from schafkopf.session import Session

    path = Path(str(tmp_path)) / "s.jsonl"
    console = _console()
    auto = _auto_reader(console)
    count = 0

    def read(prompt: str) -> str:
        nonlocal count
        count += 1
        if "Wirklich" in prompt:
            return "j"
        screen = _out(console)
        if "=spiel" in screen[screen.rfind("Wähle:") :]:
            return "spiel"
        return "q" if count == 6 else auto(prompt)

    rules = Ruleset.preset("standard")
    run_terminal_session(rules=rules, games=1, opponents="random", seed=5, session_file=path,
                         console=console, read=read, delay=0)  # fmt: skip
    assert "Angehalten" in _out(console)
    resumed = Session.resume(path)
    assert resumed.played == 0 and resumed.pending
    seen = resumed.new_game()
    console = _console()
    run_terminal_session(rules=rules, games=1, opponents="random", seed=5, session_file=path,
                         console=console, read=_auto_reader(console), delay=0)  # fmt: skip
    assert "Das angefangene Spiel geht weiter" in _out(console)
    done = Session.resume(path)
    assert done.played == 1
    from schafkopf.record import record_to_game

    finished = record_to_game(done.records[0])
    assert finished.history[: len(seen.history)] == seen.history
    assert finished.deal == seen.deal


def test_a_resumed_session_keeps_its_opponents_language_and_deck(tmp_path: object) -> None:
    """``Resume with: schafkopf play --session FILE`` brings back what the session was started
    with (here level 1 bots, English, the French deck); what the call gives anew wins."""
    from pathlib import Path

    from schafkopf.session import Session

    path = Path(str(tmp_path)) / "s.jsonl"
    console = _console()
    quit_at_once = iter(["q", "y"])
    code = run_terminal_session(
        rules=Ruleset.preset("standard"), games=1, opponents="level:1", seed=5,
        session_file=path, console=console, delay=0, read=lambda _p: next(quit_at_once),
        lang="en", french=True,
    )  # fmt: skip
    assert code == 0 and "Resume with: schafkopf play --session" in _out(console)
    kept = Session.resume(path).settings
    assert kept == {"opponents": "level:1", "lang": "en", "french": True}  # no unit given
    for lang, french, said in ((None, None, "Choose:"), ("de", False, "Wähle:")):
        console = _console()
        answers = iter(["q", "y" if lang is None else "j"])
        run_terminal_session(rules=Ruleset.preset("standard"), session_file=path,
                             console=console, delay=0, read=lambda _p, a=answers: next(a),
                             lang=lang, french=french)  # fmt: skip
        out = _out(console)
        assert said in out
        assert ("♣" in out or "♠" in out or "♥" in out or "♦" in out) == (french is None)


# -- English (--lang en) and the French deck (--french) ------------------------------------------

# Ober, Unter and Sau are the cards' names in English too (as on the page: "Sau of Hearts")
GERMAN_FRAGMENTS = re.compile(
    r"\b(Du|du|dich|dir|Deine?|Wähle|Stich|Stiche|Spieler|Gegner|Geber|Vorhand|Augen|Sitzung|"
    r"Spiel|Spiele|Spielen|Auszahlung|Abrechnung|Stand|gewonnen|verloren|Trumpf|weiter|und|"
    r"nicht|keine|Eichel|Gras|Schellen|Zehn|König|Neun|Acht|Sieben|Geht|Ergebnis|Alle|"
    r"gespielt|von|nach|mit|an|ist|hat|bietet|spielt|kommt|klopft|gewinnt|zahlt|ja|nein)\b"
)


def _auto_reader_en(console: Console, answers: list[str] | None = None) -> Reader:
    """Answers each prompt with the first choice the English screen offers (``answers``
    first, one per prompt)."""

    def read(prompt: str) -> str:
        assert prompt == "Your choice> " or "[y/N]" in prompt, prompt
        if answers:
            return answers.pop(0)
        if "[y/N]" in prompt:
            return "n"
        text = _out(console)
        m = re.search(r"(\d+)=", text[text.rfind("Choose:") :])
        assert m, text[-500:]
        return m.group(1)

    return read


@pytest.mark.parametrize("seed", [3, 5])
def test_a_whole_session_in_english(seed: int) -> None:
    console = _console()
    code = run_terminal_session(
        rules=Ruleset.preset("standard", {"stock": True}), games=2, opponents="random",
        seed=seed, console=console, read=_auto_reader_en(console, ["xyz", "-1"]), delay=0,
        lang="en",
    )  # fmt: skip
    out = _out(console)
    assert code == 0
    assert "Game 1 of 2 · Dealer: " in out and "Result of game 2" in out
    assert "Choose:" in out and "Your cards:" in out and "Payouts: " in out
    assert "Points (tricks)" not in out and "Points: " not in out  # card points are "Card points"
    assert "'xyz' is not understood" in out and "-1 is no choice" in out
    assert "Ledger (amounts: points)" in out and "Standing after 2 of 2 games" in out
    assert "Session over after 2 games." in out
    assert re.search(r"\bYou (bid|play|lead|knock|win|pay|have)\b|to you\b|You:", out)
    assert not re.search(r"\bYou (bids|plays|leads|knocks|wins|pays|has)\b", out)
    assert " of " in out  # English card names: "Ober of Acorns"
    for line in out.splitlines():
        found = GERMAN_FRAGMENTS.search(line)
        assert found is None, f"German {found.group(0)!r} in: {line}"


def test_english_words_reasons_and_input() -> None:
    from schafkopf.tui.reasons import why_not
    from schafkopf.tui.texts import lang

    en = lang("en")
    g = Game(hands=HANDS, dealer=3)
    v = g.view(0)
    assert parse_input("pass", v, en) == WEITER and parse_input("play", v, en) == SPIEL
    with pytest.raises(InputError, match=r"no choice has the number 7.*1=pass, 2=play"):
        parse_input("7", v, en)
    g = _named_game(HANDS, "solo H")
    g.apply(parse_card("EO"), 0)
    said = why_not(g.view(1), parse_card("EZ"), NAMES, en)
    assert said == "Trumps were led: you must play a trump (follow suit)."
    assert "HU Unter of Hearts" in render_to_text(render_hand(g.view(0), lang="en"))
    assert en.contract_name(Contract(Kind.RUFSPIEL, 0, 1)) == "Sauspiel on the Sau of Leaves"
    assert en.subject("You", "bids") == "You bid" and en.accusative("You") == "you"
    fr = lang("en", french=True)
    assert fr.card_name(parse_card("EO")) == "Queen of Clubs"
    assert fr.contract_name(Contract(Kind.SOLO, 0, 3)) == "Diamonds Solo"


def test_the_texts_tables_have_the_same_keys_and_placeholders() -> None:
    from string import Formatter

    from schafkopf.tui.texts import TEXTS

    assert TEXTS["de"].keys() == TEXTS["en"].keys()
    for key, de in TEXTS["de"].items():
        fields = {f for _, f, _, _ in Formatter().parse(de) if f}
        assert fields == {f for _, f, _, _ in Formatter().parse(TEXTS["en"][key]) if f}, key


def test_french_deck_words_and_tokens() -> None:
    from schafkopf.tui.texts import lang

    de_fr = lang("de", french=True)
    assert de_fr.card_name(parse_card("GA")) == "Pik-Ass"
    assert de_fr.card_name(parse_card("SU")) == "Karo-Bube"
    assert de_fr.contract_name(Contract(Kind.RUFSPIEL, 0, 0)) == "Sauspiel auf das Kreuz-Ass"
    assert de_fr.contract_name(Contract(Kind.SOLO, 0, 1)) == "Pik-Solo"
    g = Game(hands=HANDS, dealer=3)
    for seat in range(4):
        g.apply(SPIEL if seat == 0 else WEITER, seat)
    naming = g.view(0)
    assert parse_input("sauspiel pik", naming) == name_action(Kind.RUFSPIEL, 1)
    assert parse_input("auf das Pik-Ass", naming) == name_action(Kind.RUFSPIEL, 1)
    assert parse_input("karo solo", naming) == name_action(Kind.SOLO, 3)
    assert parse_input("solo diamonds", naming) == name_action(Kind.SOLO, 3)
    play = _named_game(HANDS, "solo H").view(0)
    assert parse_input("Q♣", play) == parse_card("EO")
    assert parse_input("♣Q", play) == parse_card("EO")
    assert parse_input("kreuz dame", play) == parse_card("EO")
    assert parse_input("Pik König", play) == parse_card("GK")
    assert parse_input("ober of acorns", play) == parse_card("EO")
    assert parse_input("queen of clubs", play) == parse_card("EO")
    text = render_to_text(render_turn(play, NAMES, french=True))
    assert "Q♣ Kreuz-Dame" in text and "Pik-Solo" not in text and "Eichel" not in text
    g = _named_game(HANDS, "sauspiel G")
    status = render_to_text(render_status(g.view(0), NAMES, french=True))
    assert "Sauspiel auf das Pik-Ass" in status and "Gras" not in status
    console = _console()
    human = HumanPlayer("Du", console, _scripted(["kreuz dame"], []), names=NAMES, french=True)
    assert human.choose(play, random.Random()) == parse_card("EO")


def test_french_session_in_german_says_the_french_words() -> None:
    console = _console()
    code = run_terminal_session(
        rules=Ruleset.preset("standard"), games=2, opponents="random", seed=5,
        console=console, read=_auto_reader(console), delay=0, french=True,
    )  # fmt: skip
    out = _out(console)
    assert code == 0
    assert not re.search(r"\b(Eichel|Gras|Schellen)\b|-Sau\b", out)
    assert re.search(r"\b(Kreuz|Pik|Karo)\b", out) and "♣" in out


@pytest.mark.parametrize(
    ("code", "french"), [("de", False), ("de", True), ("en", False), ("en", True)]
)
def test_every_choice_shown_reads_back_as_itself(code: str, french: bool) -> None:
    from schafkopf.tui.render import choice_list, render_choices
    from schafkopf.tui.texts import lang

    words = lang(code, french)
    g = Game(hands=HANDS, dealer=3)
    views = [g.view(0)]
    for seat in range(4):
        g.apply(SPIEL if seat == 0 else WEITER, seat)
    views.append(g.view(0))
    for view in views:
        shown = render_to_text(render_choices(view, french=french, lang=code), width=400)
        for a in choice_list(view):
            said = words.action(a)
            assert f"={said}" in shown
            assert parse_input(said, view, words) == a, said
    text = render_to_text(render_choices(views[1], french=french, lang=code), width=400)
    expected = {("de", False): "gras", ("de", True): "pik", ("en", False): "leaves"}
    assert f"=rufspiel {expected.get((code, french), 'spades')}" in text


def test_what_if_plays_a_recorded_game_on_from_a_step() -> None:
    """``play --from RECORD --at N``: the same cards, the steps before N as they were, the
    person in the seat to move at N (turned to seat 0), and the game played to its end."""
    from schafkopf.players import HeuristicPlayer, play_game
    from schafkopf.record import Record
    from schafkopf.tui.what_if import WhatIfError, run_what_if, turned

    played = play_game(Game(seed=11), [HeuristicPlayer()] * 4, random.Random(11))
    record = Record.from_game(played, players=["Anna", "Sepp", "Resi", "Hias"]).to_json()
    at = next(i for i, (_s, a) in enumerate(played.history) if a < 32) + 3  # in the first trick
    seat = played.history[at - 1][0]
    g = turned(played, at - 1, seat)
    assert g.to_move == 0 and list(g.deal[0]) == list(played.deal[seat])
    assert len(g.history) == at - 1 and g.dealer == (played.dealer - seat) % 4
    console = _console()
    code = run_what_if(record, at, console=console, read=_auto_reader(console), delay=0, seed=1)
    out = _out(console)
    assert code == 0, out
    assert f"ab Schritt {at} von {len(played.history)}" in out
    assert "für " + ["Anna", "Sepp", "Resi", "Hias"][seat] in out
    assert "So wäre es ausgegangen" in out
    for bad in (0, len(played.history) + 2):
        with pytest.raises(WhatIfError):
            turned(played, bad - 1, 0)
    steps = len(played.history)
    for at, seat, lang, said in (
        (1, 7, "de", "--seat muss zwischen 0 und 3 liegen (nicht 7)"),
        (
            steps + 5,
            0,
            "de",
            f"Das Spiel hat {steps} Schritte: --at muss zwischen 1 und {steps + 1} liegen",
        ),
        (steps + 1, 0, "de", f"Bei Schritt {steps + 1} ist das Spiel schon vorbei"),
        (steps + 1, 0, "en", f"The game is over at step {steps + 1}: choose an earlier one."),
    ):
        console = _console()
        assert run_what_if(record, at, seat=seat, console=console, delay=0, lang=lang) == 2
        assert said in " ".join(_out(console).split()), _out(console)


def test_what_if_words_an_arena_record_s_player_specs() -> None:
    """An arena record names its seats by player spec; the terminal shows the level's word
    (or the spec's kind), with the seat where a name repeats."""
    from schafkopf.players.levels import ladder_spec
    from schafkopf.tui.what_if import seat_names

    level5 = ladder_spec(5)
    assert seat_names([level5, "heuristic", level5, "heuristic"], 4, "de") == [
        "Meister (Platz 0)", "Regelbasiert (Platz 1)",
        "Meister (Platz 2)", "Regelbasiert (Platz 3)",
    ]  # fmt: skip
    odd = "pimc:samples=20,seconds=0.5,solo_bar=0.5"
    assert seat_names([odd, "Anna", "level:4", "random"], 4, "en") == [
        "PIMC", "Anna", "Expert", "Random",
    ]  # fmt: skip
    assert seat_names(None, 4, "en") == ["Seat 0", "Seat 1", "Seat 2", "Seat 3"]
    assert seat_names(["Anna", "", "Sepp"], 4, "de") == ["Platz 0", "Platz 1", "Platz 2", "Platz 3"]


def test_french_letters_are_read_only_with_the_french_deck() -> None:
    """``qc`` is Q♣ (Eichel-Ober) and ``7s`` 7♠ (Gras-Sieben) for a player who sees the French
    deck; with the German deck ``S`` is Schellen and rank-first letters are no card."""
    from schafkopf.tui.texts import lang

    v = _named_game(HANDS, "solo H").view(0)
    french, german = lang("en", True), lang("en", False)
    assert parse_input("qc", v, french) == parse_card("EO")
    assert parse_input("10h", v, french) == parse_card("HZ")
    with pytest.raises(InputError, match="not understood"):
        parse_input("qc", v, german)
    assert parse_input("s8", v, french) == parse_card("S8")  # a German token stays German


def test_a_sau_one_may_not_call_is_refused_when_bidding() -> None:
    """``sauspiel eichel`` with the Eichel-Sau in hand is refused at spiel/weiter, not only
    later when naming; another Sau is taken."""
    g = Game(hands=HANDS, dealer=3)  # Du holds the Eichel-Sau (EA)
    console, prompts = _console(), list[str]()
    answers = ["sauspiel auf die eichel", "sauspiel gras"]
    human = HumanPlayer("Du", console, _scripted(answers, prompts), names=NAMES)
    human.new_game(g)
    assert human.choose(g.view(0), random.Random()) == SPIEL
    out = " ".join(_out(console).split())
    assert "Geht nicht: Auf die Eichel-Sau kannst du nicht spielen" in out
    assert "Gras-Sau ist gemerkt" in out and len(prompts) == 2


def test_a_solo_said_when_bidding_offers_itself_in_the_settling_round() -> None:
    """``herz-solo`` at spiel/weiter: spiel, then the Solo offered by itself when another
    also said spiel, then Herz-Solo named: one answer for the whole bid."""
    g = Game(hands=HANDS, dealer=3)
    console, prompts = _console(), list[str]()
    human = HumanPlayer("Du", console, _scripted(["herz-solo"], prompts), names=NAMES)
    human.new_game(g)
    g.apply(human.choose(g.view(0), random.Random()), 0)
    g.apply(SPIEL, 1)
    g.apply(WEITER, 2)
    g.apply(WEITER, 3)
    g.apply(offer_action(Kind.SOLO), 1)  # Sepp offers a Solo too: Du, sitting first, holds
    while g.phase != NAMING or g.to_move != 0:
        seat = g.to_move
        assert seat is not None
        g.apply(human.choose(g.view(0), random.Random()) if seat == 0 else WEITER, seat)
    assert human.choose(g.view(0), random.Random()) == name_action(Kind.SOLO, 2)
    out = " ".join(_out(console).split())
    assert "Wie beim Bieten gesagt, bietest du: Herz-Solo." in out
    assert len(prompts) == 1


def test_re_before_any_kontra_is_refused_as_such() -> None:
    g = _named_game(HANDS, "solo H")  # Du plays; nobody said Kontra
    console, prompts = _console(), list[str]()
    human = HumanPlayer("Du", console, _scripted(["re", "EO"], prompts), names=NAMES)
    human.new_game(g)
    assert human.choose(g.view(0), random.Random()) == parse_card("EO")
    assert "Geht nicht: Re gibt es erst nach Kontra." in _out(console)


def test_the_french_deck_s_help_and_hints_show_its_tokens() -> None:
    g = Game(hands=HANDS, dealer=3)
    from schafkopf.tui.texts import lang

    for code, word in (("en", "sauspiel spades"), ("de", "sauspiel pik")):
        with pytest.raises(InputError) as e:
            parse_input("xyz", g.view(0), lang(code, True))
        assert "(qc, 10h)" in str(e.value) and word in str(e.value)
        console = _console()
        human = HumanPlayer("Du", console, _scripted(["?", "w"], []), names=NAMES, lang=code,
                            french=True)  # fmt: skip
        human.new_game(g)
        assert human.choose(g.view(0), random.Random()) == WEITER
        assert "qc = Q♣" in _out(console) and "EO = " not in _out(console)


def test_a_finished_session_plays_on_with_more_games(tmp_path: Path) -> None:
    """A finished session file says how to play on; ``--games`` anew extends it (the file's
    header rewritten), and fewer games than are played are refused in words."""
    from schafkopf.session import Session

    path = tmp_path / "s.jsonl"

    def run(games: int | None) -> tuple[int, str]:
        console = _console()
        code = run_terminal_session(
            rules=Ruleset.preset("standard"), games=games, opponents="random", seed=3,
            session_file=path, console=console, read=_auto_reader(console), delay=0,
        )  # fmt: skip
        return code, " ".join(_out(console).split())

    assert run(1)[0] == 0
    code, out = run(None)
    assert code == 0 and "Diese Sitzung ist zu Ende." in out
    assert f"Weiterspielen: schafkopf play --session {path} --games 9" in out
    code, out = run(2)
    assert code == 0 and "Spiel 2 von 2" in out and "Sitzung beendet nach 2 Spielen" in out
    again = Session.resume(path)
    assert again.games == 2 and again.played == 2 and not (tmp_path / "s.jsonl.new").exists()
    code, out = run(1)
    assert code == 2 and "Schon gespielt: 2; --games muss 0 (ohne Ende) oder mindestens 2" in out
    assert Session.resume(path).games == 2


def test_a_typo_gets_the_nearest_reading_as_a_question() -> None:
    """``wieter`` is not taken for weiter (a typo must not decide), but the refusal asks."""
    from schafkopf.tui.texts import lang

    v = Game(hands=HANDS, dealer=3).view(0)
    defending = _named_game(HANDS, "solo H", declarer=1).view(0)  # Kontra allowed
    for typed, meant, view in (
        ("wieter", "weiter", v), ("sauspeil gras", "sauspiel gras", v),
        ("herz-slo", "herz solo", v), ("kontar", "kontra", defending),
    ):  # fmt: skip
        with pytest.raises(InputError) as e:
            parse_input(typed, view)
        assert str(e.value) == f"„{typed}“ verstehe ich nicht: meintest du „{meant}“? (? für Hilfe)"
    with pytest.raises(InputError) as e:
        parse_input("wieter", v, lang("en"))
    assert "did you mean “weiter”?" in str(e.value)
    for typed, view in (("xyz", v), ("kontar", v), ("ich klopf", v)):  # nothing close legal
        with pytest.raises(InputError) as e:
            parse_input(typed, view)
        assert "meintest" not in str(e.value) and "eine Karte (EO, h10)" in str(e.value)


def test_a_run_too_short_to_count_says_why_no_laufende() -> None:
    """Du holds the Eichel-Ober, Sepp the Gras-Ober: a run of one in a Herz-Solo, which
    counts from 3 (standard): "Laufende: keine (nur 1; zählen erst ab 3)"."""
    from schafkopf.players import HeuristicPlayer, play_game

    g = play_game(_named_game(HANDS, "solo H"), [HeuristicPlayer()] * 4, random.Random(1))
    result = g.result()
    assert result.laufende == 0 and result.price.laufende_run == 1
    text = " ".join(render_to_text(render_result(g.view(0), result, NAMES)).split())
    assert "Laufende: keine (nur 1; zählen erst ab 3)" in text
    english = render_to_text(render_result(g.view(0), result, NAMES, lang="en"))
    assert "Laufende: none (only 1; they count from 3)" in " ".join(english.split())
