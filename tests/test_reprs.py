"""Objects that speak: the reprs and strs of the engine's public types (issue 12, part 1).

Reprs that name a constructor evaluate back to an equal object, given the names they use:
the card and suit constants of :mod:`schafkopf.cards`, ``Contract``, ``Kind``, ``Ruleset``
and ``Trick``.
"""

from __future__ import annotations

import random

import pytest

import schafkopf.cards
from conftest import knock_round, new_game, play, say, start
from schafkopf.actions import DOUBLE, NAMES
from schafkopf.cards import CardSet
from schafkopf.game import Game, Trick
from schafkopf.players.heuristic import HeuristicPlayer
from schafkopf.players.pimc import PimcPlayer
from schafkopf.players.random_player import RandomPlayer
from schafkopf.players.registry import make_player, parse_spec, spec_of
from schafkopf.rules import PRESETS, Contract, Kind, Ruleset

NAMESPACE = {
    **vars(schafkopf.cards),
    "Contract": Contract,
    "Kind": Kind,
    "Ruleset": Ruleset,
    "Trick": Trick,
}

# Seat 1 declares; dealer 3, so seat 0 is Vorhand (the deal of test_rules_play).
F = [
    "GK G9 S7 S8 E7 E8 H7 H8",
    "GO EU HU SU HA E9 SA SZ",
    "GU G8 G7 EA EZ SK S9 HK",
    "EO HO SO GA GZ EK HZ H9",
]


def roundtrip(obj: object) -> object:
    return eval(repr(obj), dict(NAMESPACE))


# -- Contract ----------------------------------------------------------------------------------


RUF = "Sauspiel auf die"


@pytest.mark.parametrize(
    ("contract", "text", "name"),
    [
        (Contract(Kind.RUFSPIEL, 0, 0), "Contract('rufspiel', 0, 'E')", f"{RUF} Eichel-Sau"),
        (
            Contract(Kind.RUFSPIEL, 3, 3),
            "Contract('rufspiel', 3, 'S')",
            f"{RUF} Schellen-Sau",
        ),
        (Contract(Kind.SOLO, 2, 2), "Contract('solo', 2, 'H')", "Herz-Solo"),
        (
            Contract(Kind.SOLO, 2, 1, True),
            "Contract('solo', 2, 'G', tout=True)",
            "Gras-Solo Tout",
        ),
        (Contract(Kind.WENZ, 1), "Contract('wenz', 1)", "Wenz"),
        (Contract(Kind.WENZ, 1, tout=True), "Contract('wenz', 1, tout=True)", "Wenz Tout"),
        (
            Contract(Kind.FARBWENZ, 0, 1, True),
            "Contract('farbwenz', 0, 'G', tout=True)",
            "Gras-Farbwenz Tout",
        ),
        (Contract(Kind.GEIER, 3), "Contract('geier', 3)", "Geier"),
        (Contract(Kind.BETTEL, 2), "Contract('bettel', 2)", "Bettel"),
        (Contract(Kind.SIE, 1), "Contract('sie', 1)", "Sie"),
        (Contract(Kind.RAMSCH), "Contract('ramsch')", "Ramsch"),
    ],
)
def test_contract_repr_and_str(contract, text, name):
    assert repr(contract) == text
    assert str(contract) == name == contract.name()
    assert f"{contract}" == name


@pytest.mark.parametrize(("kind", "suit", "tout"), [*NAMES, (Kind.RAMSCH, None, False)])
def test_every_contract_repr_evaluates_back(kind, suit, tout):
    contract = Contract(kind, None if kind is Kind.RAMSCH else 2, suit, tout)
    assert roundtrip(contract) == contract


# -- Ruleset -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_preset_is_its_name(name):
    assert repr(Ruleset.preset(name)) == f"Ruleset.preset({name!r})"
    assert roundtrip(Ruleset.preset(name)) == Ruleset.preset(name)


def test_ruleset_repr_shows_only_what_differs_from_its_preset():
    r = Ruleset.preset("sauspiel", {"tarif.rufspiel": 10, "klopfen": False})
    assert repr(r) == "Ruleset.preset('sauspiel', {'klopfen': False, 'tarif': {'rufspiel': 10}})"
    assert repr(Ruleset()) == "Ruleset.preset('standard')"


@pytest.mark.parametrize(
    "overrides",
    [
        {"players": 3},
        {"contracts": ["rufspiel", "bettel", "solo"], "all_pass": "ramsch"},
        {"laufende_min_short": {"wenz": 3}, "durchmarsch": 91, "stock": True},
        {"tarif": {"solo": 7, "laufende": 0}, "deck": "short", "max_doublings": 4},
    ],
)
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_ruleset_repr_evaluates_back(name, overrides):
    r = Ruleset.preset(name, overrides)
    back = roundtrip(r)
    assert back == r
    assert isinstance(back, Ruleset) and back.preset_name == name


# -- cards and tricks --------------------------------------------------------------------------


def test_cardset_repr_is_tokens():
    s = CardSet.parse("ha eo go")
    assert repr(s) == "CardSet('EO GO HA')"
    assert str(s) == "EO GO HA"
    assert CardSet.parse(str(s)) == s  # the constructor takes cards or a mask, not text
    assert repr(CardSet()) == "CardSet('')"


def test_trick_repr_is_tokens_and_evaluates_back():
    g = start(F, "rufspiel E", 1)
    play(g, "GK GO G8 GA")
    trick = g.tricks[0]
    assert repr(trick) == "Trick(leader=0, cards=(GK, GO, G8, GA), winner=1)"
    assert str(trick) == "GK GO G8 GA"
    assert roundtrip(trick) == trick


# -- View --------------------------------------------------------------------------------------


def test_view_repr_is_short():
    g = start(F, "rufspiel E", 1)
    play(g, "GK GO G8 GA SA")
    v = g.view(0)
    assert repr(v) == (
        "<View seat 0, play, hand E8 E7 G9 H8 H7 S8 S7, "
        "Sauspiel auf die Eichel-Sau by seat 1, seat 2 to move>"
    )
    assert "Ruleset" not in repr(v)


def test_view_repr_before_a_contract_and_after_the_end():
    g = new_game(F, "sauspiel", dealer=3)
    assert repr(g.view(2)) == "<View seat 2, klopfen, hand EA GU G8 G7, seat 0 to move>"
    knock_round(g)
    say(g, "weiter", "weiter", "weiter", "weiter")  # all pass: the sauspiel preset redeals
    assert repr(g.view(2)) == "<View seat 2, done, hand EA EZ GU G8 G7 HK SK S9>"


# -- Game --------------------------------------------------------------------------------------


def test_game_repr_follows_the_phases():
    g = new_game(F, "sauspiel", dealer=3)
    assert repr(g) == "<Game sauspiel, Klopfen, seat 0 to speak>"
    knock_round(g, [1])
    assert repr(g) == "<Game sauspiel, bidding, seat 0 to speak>"
    say(g, "spiel", "spiel", "weiter", "weiter")
    assert repr(g) == "<Game sauspiel, settling, seat 1 to speak>"
    say(g, "wenz")
    assert repr(g) == "<Game sauspiel, settling, seat 0 to speak>"
    say(g, "weiter")
    assert repr(g) == "<Game sauspiel, naming, seat 1 to name>"
    say(g, "wenz")
    assert repr(g) == "<Game sauspiel, trick 1, seat 0 to play, Wenz by seat 1>"


def test_game_repr_in_play_counts_tricks_and_doublings():
    g = start(F, "rufspiel E", 1)
    assert (
        repr(g) == "<Game standard, trick 1, seat 0 to play, Sauspiel auf die Eichel-Sau by seat 1>"
    )
    play(g, "GK GO G8 GA")
    g.apply(DOUBLE, 3)
    assert repr(g) == (
        "<Game standard, trick 2, seat 1 to play, Sauspiel auf die Eichel-Sau by seat 1, Kontra>"
    )


def test_history_reads_as_tokens_with_each_doubling_by_its_place():
    from schafkopf.actions import History, Step

    g = start(F, "rufspiel E", 1)
    play(g, "GK GO G8 GA")
    g.apply(DOUBLE, 3)
    g.apply(DOUBLE, 1)
    assert repr(g.history[-7:-1]) == (
        "[Step(1, 'rufspiel E'), Step(0, 'GK'), Step(1, 'GO'), Step(2, 'G8'), Step(3, 'GA'), "
        "Step(3, 'kontra')]"
    )
    assert isinstance(g.history, History)
    assert repr(g.history).endswith("Step(3, 'kontra'), Step(1, 're')])")
    assert str(g.history).endswith("3: GA, 3: kontra, 1: re")
    assert str(g.history[-1]) == "1: kontra"  # alone, a step cannot know its place
    # A step evaluates back, unpacks and compares as the (seat, action) pair it is.
    for s in g.history:
        assert eval(repr(s), {"Step": Step}) == s
        seat, action = s
        assert (seat, action) == s and isinstance(action, int)
    assert g.view(0).history == tuple(g.history)
    assert type(g.view(0).history[0]) is Step
    assert type(g.copy().history) is History
    with pytest.raises(ValueError, match="no action has number 999"):
        Step(0, 999)


def test_game_repr_when_over():
    g = Game(seed=7)
    say(g, "spiel", "weiter", "weiter", "weiter")
    g.apply(g.legal_actions()[0])  # seat 1 names its first contract
    while not g.is_over():
        g.apply(g.legal_actions()[0])
    r = g.result()
    assert g.contract is not None
    verdict = "won" if r.won else "lost"
    assert repr(g) == (
        f"<Game standard, over, {g.contract} by seat 1: {verdict} with {r.declarer_points} points, "
        f"value {r.value}>"
    )
    passed = new_game(F, "standard", dealer=3)
    say(passed, "weiter", "weiter", "weiter", "weiter")
    assert repr(passed) == "<Game standard, over, all passed>"
    ramsch = new_game(F, Ruleset.preset("standard", {"all_pass": "ramsch"}), dealer=3)
    say(ramsch, "weiter", "weiter", "weiter", "weiter")
    while not ramsch.is_over():
        ramsch.apply(ramsch.legal_actions()[0])
    rr = ramsch.result()
    assert repr(ramsch) == (
        f"<Game standard, over, Ramsch: seat {rr.ramsch_loser} loses, value {rr.value}>"
    )


def test_print_game_draws_the_open_table():
    g = start(F, "rufspiel E", 1)
    play(g, "GK GO G8 GA")
    g.apply(DOUBLE, 3)
    play(g, "SA")
    assert str(g) == "\n".join(
        [
            "Game standard, dealer seat 3, trick 2, seat 2 to play, "
            "Sauspiel auf die Eichel-Sau by seat 1, Kontra",
            "Doublings: Kontra by seat 3",
            "  seat 0  H8 H7 E8 E7 G9 S8 S7         0 points, 0 tricks",
            "  seat 1  EU HU SU HA E9 SZ           18 points, 1 trick  (declarer)",
            "> seat 2  GU HK EA EZ G7 SK S9         0 points, 0 tricks  (partner)",
            "  seat 3  EO HO SO HZ H9 EK GZ         0 points, 0 tricks",
            "Last trick: GK GO G8 GA, led by seat 0, won by seat 1",
            "Trick 2: SA, led by seat 1",
        ]
    )


def test_print_game_while_bidding_shows_what_was_said():
    g = new_game(F, "sauspiel", dealer=3)
    knock_round(g, [1])
    say(g, "spiel", "spiel", "weiter", "weiter")
    assert str(g) == "\n".join(
        [
            "Game sauspiel, dealer seat 3, settling, seat 1 to speak",
            "Klopfen: seat 1",
            "Bids: seat 0 spiel, seat 1 spiel, seat 2 weiter, seat 3 weiter",
            "Holder: seat 0",
            "  seat 0  H8 H7 E8 E7 GK G9 S8 S7",
            "> seat 1  GO EU HU SU HA E9 SA SZ",
            "  seat 2  GU HK EA EZ G8 G7 SK S9",
            "  seat 3  EO HO SO HZ H9 EK GA GZ",
        ]
    )


def test_print_game_when_over_shows_the_deal_and_payouts():
    g = start(F, "wenz", 1)
    while not g.is_over():
        g.apply(g.legal_actions()[0])
    lines = str(g).splitlines()
    assert lines[0].startswith("Game standard, dealer seat 3, over, Wenz by seat 1: ")
    assert lines[2] == f"  seat 1  EU HU SU E9 GO HA SA SZ    {g.points[1]:>3} points, " + (
        f"{g.trick_counts[1]} trick{'s' * (g.trick_counts[1] != 1)}  (declarer)"
    )
    assert lines[-1] == "Payouts: " + " ".join(f"{p:+d}" for p in g.result().payouts)


def test_reprs_never_fail_along_random_games():
    rng_players = [RandomPlayer(double_rate=0.3) for _ in range(4)]
    for seed in range(40):
        preset = ("standard", "sauspiel", "bsv")[seed % 3]
        rules = Ruleset.preset(preset, {"all_pass": "ramsch"} if seed % 2 else {"players": 3})
        g = Game(rules, seed=seed, stock=5 * (seed % 4 == 0))
        rng = random.Random(seed)
        while True:
            assert repr(g).startswith(f"<Game {preset}, ")
            assert str(g).startswith(f"Game {preset}, ")
            assert repr(g.view(0)).startswith("<View seat 0, ")
            if g.is_over():
                break
            assert g.to_move is not None
            g.apply(rng_players[g.to_move].choose(g.view(g.to_move), rng))


# -- players -----------------------------------------------------------------------------------


def test_player_reprs_show_the_spec():
    assert (
        repr(PimcPlayer(samples=20, seconds=0.5))
        == "<PimcPlayer 'PIMC' pimc:samples=20,seconds=0.5>"
    )
    assert repr(PimcPlayer()) == "<PimcPlayer 'PIMC' pimc>"
    assert repr(HeuristicPlayer("Sepp")) == "<HeuristicPlayer 'Sepp' heuristic>"
    assert repr(RandomPlayer()) == "<RandomPlayer 'Zufall' random>"
    assert repr(RandomPlayer("Hias", 0.2)) == "<RandomPlayer 'Hias' random:double_rate=0.2>"


@pytest.mark.parametrize(
    "spec",
    [
        "random",
        "random:double_rate=0.5",
        "heuristic",
        "pimc",
        "pimc:samples=20,seconds=0.5",
        "pimc:samples=20,seconds=0.5,inference=true",
        "pimc:bid_samples=3,values=exact,oversample=2,kontra_bar=0.1",
    ],
)
def test_a_player_spec_round_trips_through_the_repr(spec):
    p = make_player(spec, name="Resi")
    kind = spec.partition(":")[0]
    assert repr(p) == f"<{type(p).__name__} 'Resi' {spec}>"
    assert spec_of(p, kind) == spec
    assert parse_spec(spec_of(p, kind)) == parse_spec(spec)


def test_ismcts_player_repr():
    pytest.importorskip("pyspiel")
    p = make_player("ismcts:simulations=50")
    assert repr(p) == "<IsmctsPlayer 'ismcts' ismcts:simulations=50>"
