"""The analysis of played games (schafkopf.analysis, ``schafkopf analyze``): planted mistakes
are found, a line best in every world the seat may be in gets no verdict, the open-hand
values are what perfect play really pays, every legal card is an option, forced steps are
left out, the same seed gives the same analysis, and the command's JSON, summary and HTML
report are as documented."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from schafkopf import Game, Ruleset
from schafkopf.actions import DOUBLE, SPIEL, WEITER, Action, is_card, name_action
from schafkopf.analysis import THRESHOLDS, VERDICTS, accuracy, analyze, verdict
from schafkopf.analysis.advice import AdviceError, read_hand
from schafkopf.analysis.analyze import judge
from schafkopf.analysis.values import Worlds
from schafkopf.analysis.walk import DOUBLING, decision_points, replay_start
from schafkopf.cards import card_token, parse_card
from schafkopf.cli import app
from schafkopf.game import PLAY
from schafkopf.players import HeuristicPlayer, play_game
from schafkopf.record import Record
from schafkopf.rules import TRUMP, Kind
from schafkopf.scoring import is_schneider
from schafkopf.search.solver import solve
from schafkopf.search.stakes import (
    bracket_of,
    bracket_stakes,
    payout_thresholds,
    seat_money,
    tricks_stake,
)

PHASES = {"klopfen", "bidding", "settling", "naming", "doubling", "play"}
FAST: dict[str, Any] = {"worlds": 8, "bid_worlds": 4, "luck": False}
"""Few worlds: the tests check what the analysis says, not how precisely."""


def heuristic_game(seed: int, preset: str = "standard") -> Game:
    """A game played to the end by four rule-based players."""
    rng = random.Random(seed)
    return play_game(Game(Ruleset.preset(preset), seed=seed), [HeuristicPlayer()] * 4, rng)


def games_with_a_contract(preset: str = "standard") -> Iterator[Game]:
    """Finished games with a contract the analysis judges (not Ramsch, Sie, all passed)."""
    for seed in range(10_000):
        g = heuristic_game(seed, preset)
        c = g.contract
        if c is not None and c.declarer is not None and c.kind not in (Kind.RAMSCH, Kind.SIE):
            yield g


def play_on(game: Game, index: int, action: Action, seat: int) -> Game:
    """``game`` replayed up to its step ``index``, where ``seat`` takes ``action`` instead,
    then played to the end by rule-based players."""
    g = replay_start(game)
    g.replay(game.history[:index])
    g.apply(action, seat)
    rng = random.Random(index)
    player = HeuristicPlayer()
    while not g.is_over():
        s = g.to_move
        assert s is not None
        g.apply(player.choose(g.view(s), rng), s)
    return g


# -- money ------------------------------------------------------------------------------------


def test_the_stake_of_the_final_bracket_is_what_the_game_paid() -> None:
    """seat_money over the bracket of the declarers' final points gives every seat's payout
    (where Schwarz is what 0 or 120 points say: a side with a trick of no points is not)."""
    checked = 0
    for preset in ("standard", "sauspiel", "bsv"):
        for g in list(_first(games_with_a_contract(preset), 60)):
            c = g.contract
            assert c is not None
            r = g.result()
            if r.stock or (
                c.kind is not Kind.BETTEL
                and not c.tout
                and r.schwarz != (r.declarer_points in (0, 120))
            ):
                continue
            if c.kind is Kind.BETTEL or c.tout:
                stake = tricks_stake(g, c, bool(r.won))
            else:
                th = payout_thresholds(g.rules)
                assert r.declarer_points is not None
                stake = bracket_stakes(g, c, th)[bracket_of(r.declarer_points, th)]
            assert [seat_money(g, s, stake) for s in range(4)] == list(r.payouts), (preset, g)
            checked += 1
    assert checked > 100


def _first(it: Iterator[Game], n: int) -> Iterator[Game]:
    for _ in range(n):
        yield next(it)


# -- the decisions -----------------------------------------------------------------------------


def test_forced_steps_are_left_out_and_every_legal_card_is_an_option() -> None:
    g = next(games_with_a_contract("sauspiel"))
    points = list(decision_points(g))
    assert all(len(p.options) >= 2 for p in points)
    judged_at = {(p.index, p.seat) for p in points if p.phase != DOUBLING}
    start = replay_start(g)
    forced = 0
    for i, (seat, action) in enumerate(g.history):
        legal = [a for a in start.legal_actions(seat) if a != DOUBLE]
        if len(legal) == 1 and action != DOUBLE:
            assert (i, seat) not in judged_at
            forced += 1
        start.apply(action, seat)
    assert forced >= 4  # at least the last trick
    report = analyze(g, **FAST, indices=[p.index for p in points if p.phase == PLAY][:6])
    cards = [d for d in report.decisions if d.phase == "play"]
    assert cards
    for d in cards:
        p = next(q for q in points if q.index == d.index and q.seat == d.seat)
        assert set(d.options) == {card_token(a) for a in p.options if is_card(a)}
        assert d.open_options is not None and set(d.open_options) == set(d.options)
        assert d.action in d.options and d.best in d.options and d.loss >= 0


def test_a_game_without_a_choice_has_no_decision() -> None:
    report = analyze(Game(seed=5), **FAST)
    assert report.decisions == [] and [s.accuracy for s in report.seats] == [100.0] * 4


def test_the_same_seed_gives_the_same_analysis() -> None:
    g = next(games_with_a_contract())
    indices = [p.index for p in decision_points(g)][::5]
    first = analyze(g, seed=3, indices=indices, **FAST).to_json()
    assert analyze(g, seed=3, indices=indices, **FAST).to_json() == first
    # a decision's worlds do not depend on which other decisions were judged
    one = analyze(g, seed=3, indices=indices[1:2], **FAST).to_json()["decisions"]
    assert all(d in first["decisions"] for d in one)


def test_open_values_are_what_perfect_play_pays() -> None:
    """Each card's open-hand value is the engine's payout after that card when every seat
    then plays the solver's best card to the end."""
    checked = 0
    for g in _first(games_with_a_contract(), 12):
        c = g.contract
        assert c is not None
        if c.kind is Kind.BETTEL or c.tout:
            continue
        late = [p for p in decision_points(g) if p.phase == PLAY and p.game.played >= 16]
        report = analyze(g, **FAST, indices=[p.index for p in late[:2]])
        for d in (d for d in report.decisions if d.phase == "play"):
            position = next(p for p in late if p.index == d.index).game
            assert d.open_options is not None
            for token, value in d.open_options.items():
                line = position.copy()
                line.apply(parse_card(token), d.seat)
                _perfect_play(line)
                r = line.result()
                if r.schwarz != (r.declarer_points in (0, 120)):
                    continue  # the solver's stand-in for Schwarz
                assert r.payouts[d.seat] == value, (token, d)
                checked += 1
            best = max(d.open_options.values())
            assert d.open_loss == round(best - d.open_options[d.action], 2)
    assert checked >= 20


def _perfect_play(g: Game) -> None:
    """Play ``g`` to the end, each seat the card the solver values best for its side."""
    while not g.is_over():
        seat = g.to_move
        assert seat is not None
        moves = solve(g).moves
        declarer_side = seat in g.declarers
        pick = max if declarer_side else min
        g.apply(pick(sorted(moves), key=lambda card_: moves[card_]), seat)


# -- planted mistakes ------------------------------------------------------------------------------


def _planted(
    want: Callable[[Game, int, list[Action]], Action | None], limit: int
) -> Iterator[tuple[Game, int, int, Action]]:
    """Games where a seat at some card decision makes the mistake ``want`` returns for the
    position (None: no such mistake there), which the open solve confirms costs money:
    (the game played on with it, the step, the seat, the card)."""
    found = 0
    for g in games_with_a_contract():
        for p in decision_points(g):
            if p.phase != PLAY:
                continue
            cards = [a for a in p.options if is_card(a)]
            bad = want(p.game, p.seat, cards)
            if bad is None:
                continue
            from schafkopf.analysis.values import card_money

            money = card_money(p.game, p.seat)
            if money[bad] >= max(money.values()) - THRESHOLDS[0] * g.rules.tarif.rufspiel:
                continue  # the solver says it costs too little to count
            yield play_on(g, p.index, bad, p.seat), p.index, p.seat, bad
            found += 1
            if found >= limit:
                return
            break


def _leading(g: Game) -> int:
    """The seat whose card wins the trick on the table so far."""
    t = g.tables
    lead = t.eff_suit[g.trick[0]]
    best = 0
    for i, c in enumerate(g.trick):
        e = t.eff_suit[c]
        if (e == lead or e == TRUMP) and t.power[c] > t.power[g.trick[best]]:
            best = i
    return (g.trick_leader + best) % g.rules.players


def _sides_known(g: Game, seat: int) -> bool:
    """Whether ``seat`` knows who plays with whom (a Rufspiel's partner found, or no
    partner to find)."""
    c = g.contract
    assert c is not None
    return c.kind is not Kind.RUFSPIEL or g.partner_revealed or seat == g.partner


def _last_to_play(g: Game) -> bool:
    return len(g.trick) == g.rules.players - 1


def _known_opponent_wins(g: Game, seat: int) -> bool:
    """The seat plays last to a trick an opponent wins, and knows it."""
    if not _last_to_play(g) or not _sides_known(g, seat):
        return False
    return (_leading(g) in g.declarers) != (seat in g.declarers)


def test_a_sau_thrown_to_the_opponents_sure_trick_is_found() -> None:
    def throw(g: Game, seat: int, cards: list[Action]) -> Action | None:
        if not _known_opponent_wins(g, seat):
            return None
        saus = [a for a in cards if a % 8 == 0 and not g.tables.trump_mask >> a & 1]
        cheap = [a for a in cards if a % 8 >= 5]
        return saus[0] if saus and cheap else None

    found = list(_planted(throw, 2))
    assert found, "no position to plant the mistake in"
    for g, index, _seat, bad in found:
        d = _judged(g, index)
        assert d.action == card_token(bad) and d.best != d.action
        assert d.verdict in VERDICTS and d.open_loss is not None and d.open_loss > 0


def test_trumping_the_partners_winning_trick_at_the_end_is_found() -> None:
    def over_trump(g: Game, seat: int, cards: list[Action]) -> Action | None:
        if g.played < 20 or not _last_to_play(g) or not _sides_known(g, seat):
            return None
        winner = _leading(g)
        if winner == seat or (winner in g.declarers) != (seat in g.declarers):
            return None  # the trick is not the partner's
        trumps = [a for a in cards if g.tables.trump_mask >> a & 1]
        others = [a for a in cards if not g.tables.trump_mask >> a & 1]
        return max(trumps, key=lambda a: g.tables.power[a]) if trumps and others else None

    found = list(_planted(over_trump, 2))
    assert found, "no position to plant the mistake in"
    for g, index, _seat, bad in found:
        d = _judged(g, index)
        assert d.action == card_token(bad) and d.verdict in VERDICTS


def test_a_kontra_against_a_hand_that_cannot_lose_is_found() -> None:
    rules = Ruleset.preset("standard")
    # Seat 1 leads and holds every Ober and Unter: a Herz-Solo nobody can beat.
    hands = [
        "EA EZ EK E9 GA GZ GK G9",
        "EO GO HO SO EU GU HU SU",
        "HA HZ HK H9 H8 H7 E8 E7",
        "SA SZ SK S9 S8 S7 G8 G7",
    ]
    g = Game(rules, dealer=0, hands=hands)
    g.apply(SPIEL)
    for _ in range(3):
        g.apply(WEITER)
    g.apply(name_action(Kind.SOLO, 2))
    g.apply(DOUBLE, 0)  # Kontra from seat 0, who holds no trump at all
    _finish(g)
    index = next(i for i, (s, a) in enumerate(g.history) if a == DOUBLE)
    d = _judged(g, index, seat=0)
    assert d.phase == "doubling" and d.action == "kontra" and d.best == "gut"
    # the other defenders are not charged for keeping quiet once seat 0 said it
    quiet = [p for p in decision_points(g) if p.phase == DOUBLING and p.action != DOUBLE]
    assert all(p.seat == 1 for p in quiet)  # only the declarer's Re, not said
    assert d.open_loss is not None and d.open_loss > 0
    assert d.verdict in VERDICTS


def _finish(g: Game) -> None:
    rng = random.Random(1)
    player = HeuristicPlayer()
    while not g.is_over():
        s = g.to_move
        assert s is not None
        g.apply(player.choose(g.view(s), rng), s)


def _judged(g: Game, index: int, seat: int | None = None) -> Any:
    report = analyze(g, worlds=32, bid_worlds=4, luck=False, indices=[index])
    found = [d for d in report.decisions if seat is None or d.seat == seat]
    assert found, f"step {index} was not judged"
    return found[0]


def test_a_line_best_in_every_world_gets_no_verdict() -> None:
    g = next(games_with_a_contract())
    sampler = Worlds()
    seen_with_spread = 0
    for p in decision_points(g):
        if p.phase != PLAY:
            continue
        got = judge(p, sampler, seed=0, worlds=8, open_hands=False)
        if got is None:
            continue
        taken = p.action
        if all(w[taken] >= max(w.values()) for w in got.per_world):
            assert got.decision.loss == 0 and got.decision.verdict is None
            seen_with_spread += got.decision.spread > 0
    assert seen_with_spread >= 1


# -- verdicts and accuracy --------------------------------------------------------------------


def test_a_verdict_needs_the_loss_clear_of_the_noise_of_two_worlds_or_more() -> None:
    from schafkopf.analysis.verdicts import significant

    assert not significant([]) and not significant([40.0])  # one world tells no noise
    assert significant([40.0, 40.0])  # every world agrees: exact
    assert not significant([40.0, -30.0, 35.0, -40.0])  # as often better as worse
    assert not significant([0.0, 0.0, 0.0])


def test_verdicts_are_in_units_of_the_rufspiel_tariff() -> None:
    rules = Ruleset.preset("sauspiel")  # a Sauspiel costs 20 ct
    assert [verdict(x, rules) for x in (3.9, 4.0, 9.9, 10, 19.9, 20, 400)] == [
        None, "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder",
    ]  # fmt: skip
    assert accuracy([]) == 100.0
    assert accuracy([(0, 10), (0, 5)]) == 100.0
    assert accuracy([(10, 10), (5, 5)]) == 0.0
    assert accuracy([(5, 10), (0, 10)]) == 75.0
    assert is_schneider(rules, 30, False)  # (the thresholds' Schneider, unchanged)


# -- the command ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two games of the sauspiel preset as JSON Lines, inside a terminal session file."""
    path = tmp_path_factory.mktemp("analysis") / "session.jsonl"
    with path.open("w") as f:
        f.write(
            json.dumps({"format": "schafkopf-session/1", "players": ["A", "B", "C", "D"]}) + "\n"
        )
        for seed in (1, 2):
            rec = Record.from_game(
                heuristic_game(seed, "sauspiel"), players=["Anna", "Sepp", "Resi", "Hias"]
            )
            rec.write(f)
        f.write(json.dumps({"game": 3, "act": [1, "weiter"]}) + "\n")
    return path


def _command(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "schafkopf", "analyze", *args],
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip


def test_the_command_writes_one_json_object_per_game(records: Path) -> None:
    out = _command(str(records), "--json", "--worlds", "2", "--bid-worlds", "1", "--quiet")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert len(lines) == 2
    for line in lines:
        data = json.loads(line)
        assert list(data) == ["decisions", "seats"]
        for d in data["decisions"]:
            assert list(d) == [
                "seat", "phase", "trick", "position", "action", "best", "loss", "open_loss",
                "verdict", "options",
            ]  # fmt: skip
            assert d["phase"] in PHASES and 0 <= d["seat"] < 4
            if d["phase"] == "play":
                assert 1 <= d["trick"] <= 8 and 1 <= d["position"] <= 4
                assert isinstance(d["open_loss"], float)
            else:
                assert d["trick"] is None and d["position"] is None
            assert d["verdict"] in (None, *VERDICTS)
            assert d["action"] in d["options"] and d["best"] in d["options"]
            assert len(d["options"]) >= 2 and d["loss"] >= 0
            assert all(isinstance(v, float) for v in d["options"].values())
        assert [s["seat"] for s in data["seats"]] == [0, 1, 2, 3]
        for s in data["seats"]:
            assert list(s) == ["seat", "accuracy", "luck", "inaccuracies", "mistakes", "blunders"]
            assert 0 <= s["accuracy"] <= 100


def test_the_summary_and_the_html_report(records: Path, tmp_path: Path) -> None:
    report = tmp_path / "report.html"
    out = _command(str(records), "--worlds", "2", "--bid-worlds", "1", "--seat", "1", "--quiet",
                   "--html", str(report), "--lang", "de")  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert (
        out.stdout.count("Spiel ") >= 2
        and "Genauigkeit" in out.stdout
        and "Sepp (Platz 1)" in out.stdout
    )
    assert re.search(r"Sepp \(Platz 1\) +\d+,\d ", out.stdout), out.stdout  # German decimals
    html = report.read_text()
    assert "http" not in html.replace("http-equiv", "") and "<script" not in html
    from server_helpers import opened_in_chromium

    with opened_in_chromium(report) as (page, errors):
        assert page.locator("section.game").count() == 3  # the session and two games
        assert page.locator("#game-1 svg.chance circle").count() >= 2  # a dot a card judged
        assert page.locator("#game-1 svg.chance polyline").count() == 1  # the open cards
        assert page.locator("#game-1 table.steps tr").count() > 30
        assert "Genauigkeit" in page.inner_text("#session")
        accuracy_cell = page.locator("#session tr[data-seat] td.num").first.inner_text()
        assert re.fullmatch(r"\d+,\d", accuracy_cell), accuracy_cell  # German decimals
    assert not errors, errors


def test_the_command_reports_bad_input(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "schafkopf-record/1", "hands": []}\nnot json\n')
    out = _command(str(bad), "--quiet")
    assert out.returncode == 1
    assert "bad.jsonl:1:" in out.stderr and "bad.jsonl:2:" in out.stderr
    assert "Traceback" not in out.stderr
    out = _command(str(tmp_path / "missing.jsonl"))
    assert out.returncode == 2 and "Traceback" not in out.stderr


# -- advice -----------------------------------------------------------------------------------


def test_advice_for_an_unbeatable_and_a_hopeless_hand() -> None:
    from schafkopf.analysis.advice import advise

    strong = advise("EO GO HO SO EU GU HU SU", worlds=6)
    herz = next(c for c in strong.contracts if c.action == "solo H")
    assert herz.win == 1.0 and herz.schneider == 1.0 and herz.expected > 0
    assert strong.bid.startswith(("solo", "wenz", "geier")) and strong.playing is not None
    assert strong.playing > strong.passing
    weak = advise("EA GA E7 G8 S7 S8 H7 HK", worlds=6, position=4)
    assert weak.bid == "weiter"
    assert all(c.win <= 0.5 for c in weak.contracts if c.action != "rufspiel S")
    # a Rufspiel calls a Sau of a suit the hand holds without its Sau: Schellen only here
    assert {c.action for c in weak.contracts if c.action.startswith("rufspiel")} == {"rufspiel S"}


def test_the_advise_command(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "schafkopf", "advise", "EO", "GO", "HO", "SO", "EU", "GU", "HU",
         "SU", "--worlds", "3", "--json"],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert list(data) == ["bid", "pass", "spiel", "unit", "contracts"]
    assert data["unit"] == "points" and data["contracts"]
    for c in data["contracts"]:
        assert list(c) == ["contract", "win", "schneider", "expected"]
        assert 0 <= c["win"] <= 1 and 0 <= c["schneider"] <= c["win"]
    bad = subprocess.run(
        [sys.executable, "-m", "schafkopf", "advise", "EO", "EO", "HO"],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert bad.returncode == 2 and "8 cards" in bad.stderr and "Traceback" not in bad.stderr


def test_advise_reads_a_hand_as_a_command_line_gives_it() -> None:
    """One argument per card, names with spaces in one argument, or the whole hand in one."""
    tokens = [parse_card(t) for t in ("EO", "GO", "HO", "SO", "EU", "GU", "HU", "SU")]
    rules = Ruleset.preset("standard")
    assert read_hand(["EO", "GO", "HO", "SO", "EU", "GU", "HU", "SU"], rules) == tokens
    assert read_hand("EO GO HO SO EU GU HU SU", rules) == tokens
    named = ["Ober of Acorns", "gras ober", "Herz-Ober, schellen ober", "EU GU", "HU", "SU"]
    assert read_hand(named, rules) == tokens
    with pytest.raises(AdviceError, match="unknown card 'pik'"):
        read_hand(["pik dame herz", "EO"], rules)


def test_advise_blames_the_option_for_a_wrong_seat() -> None:
    out = CliRunner().invoke(app, ["advise", "EO", "GO", "HO", "SO", "EU", "GU", "HU", "SU",
                                   "--seat", "5"])  # fmt: skip
    assert out.exit_code == 2 and "--seat must be 1..4, got 5" in out.stderr


def test_the_reports_chance_chart_draws_each_card_as_a_dot_and_the_open_game_as_steps() -> None:
    """Dots for the chance each card's seat saw; the line with every card open holds its
    value until a card turns the game (won, lost, won again here), and is left out, with its
    words, where no card was valued with the cards open."""
    from types import SimpleNamespace

    from schafkopf.analysis.html import _WORDS as WORDS
    from schafkopf.analysis.html import _chart

    def card(place: int, chance: float, open_expected: float | None) -> Any:
        trick, position = divmod(place - 1, 4)
        return SimpleNamespace(
            phase="play", trick=trick + 1, position=position + 1, chance=chance,
            expected=10.0, open_expected=open_expected,
        )  # fmt: skip

    cards = [card(1, 0.6, 30), card(2, 0.4, 20), card(3, 0.5, -20), card(5, 0.7, 30)]
    svg = _chart(SimpleNamespace(decisions=cards), WORDS["en"], 4, 32)
    chance = svg.split("class=chance>")[1].split("</svg>")[0]
    assert chance.count("<circle") == 4
    points = re.search(r'polyline points="([^"]+)"', chance)
    assert points is not None
    ys = [float(p.split(",")[1]) for p in points[1].split()]
    top, bottom = min(ys), max(ys)
    # won, won, (step down) lost, (step up) won: six corners
    assert ys == [top, top, top, bottom, bottom, top]
    assert "Line: won (100%)" in svg
    no_open = _chart(
        SimpleNamespace(decisions=[card(1, 0.6, None), card(2, 0.4, None)]), WORDS["en"], 4, 32
    )
    assert "class=chance>" in no_open and "Line: won" not in no_open
    assert _chart(SimpleNamespace(decisions=cards[:1]), WORDS["en"], 4, 32) == ""
    # with the declaring side known, a dot is brown where a declarer saw it, blue otherwise
    for place, d in enumerate(cards):
        d.seat = place % 4
    sided = _chart(SimpleNamespace(decisions=cards), WORDS["en"], 4, 32, declarers=(0,))
    assert sided.count('fill="#8a3c00"') == 1 and sided.count('fill="#2f6fa8"') == 3
    assert "Brown as a declarer saw it" in sided and "Brown" not in svg
