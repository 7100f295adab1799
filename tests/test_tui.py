"""The terminal face without a terminal: rendering from views, input parsing, a whole session."""

from __future__ import annotations

import random
import re
import sys
from io import StringIO

import pytest
from rich.console import Console

from schafkopf.actions import DOUBLE, SPIEL, WEITER, name_action, offer_action, parse_action
from schafkopf.cards import SAU, CardSet, card, card_name, card_token, parse_card
from schafkopf.game import Game, View
from schafkopf.players.random_player import RandomPlayer
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
    assert "Sepp: GA Gras-Sau" in said and "Sepp spielt mit Du" in said


def test_status_shows_bids_trick_points_doublings() -> None:
    g = _named_game(HANDS, "solo H", declarer=0)
    g.apply(DOUBLE, 1)
    for tok, seat in (("EO", 0), ("GO", 1), ("HO", 2), ("E8", 3)):
        g.apply(parse_card(tok), seat)
    g.apply(parse_card("HU"), 0)
    text = render_to_text(render_status(g.view(0), NAMES))
    assert "Spiel: Herz-Solo · Spieler: Du" in text
    assert "Kontra: Sepp" in text
    assert "Stich 2 (Du kommt raus): Du HU · Sepp ?" in text
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
    assert "Schneider:" in text and "Schwarz:" in text and f"Laufende: {r.laufende}" in text
    assert f"Faktor ×{r.multiplier} (Kontra)" in text and f"Wert: {r.value}" in text
    assert f"Du {r.payouts[0]:+d}" in text


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


def test_human_reprompts_with_the_engine_reason() -> None:
    g = _named_game(HANDS, "solo H")
    g.apply(parse_card("EO"), 0)  # Du leads a trump: Sepp must follow with a trump
    console, prompts = _console(), list[str]()
    human = HumanPlayer("Sepp", console, _scripted(["EZ", "blah", "99", "?", "GO"], prompts),
                        names=NAMES)  # fmt: skip
    human.new_game(g)
    assert human.choose(g.view(1), random.Random()) == parse_card("GO")
    out = _out(console)
    assert "must follow suit (trump was led)" in out  # the engine's IllegalActionError message
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
    human = HumanPlayer("Du", console, _scripted(["q"], prompts), names=NAMES)
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
    assert "Stock: " in out and "♣" in out


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
    with pytest.raises(ValueError, match="unknown opponents"):
        make_bots("genius", ["Sepp"])
