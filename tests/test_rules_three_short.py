"""The 3-player game (24 cards, 8 each, solo-types only) and the short deck (6 cards each)."""

from __future__ import annotations

import pytest

from conftest import knock_round, new_game, replay_game, rules_of, say
from schafkopf.actions import action_name, is_name
from schafkopf.cards import CardSet
from schafkopf.game import Game, GameError
from schafkopf.rules import Kind, Ruleset

THREE = rules_of(players=3)


def test_three_player_deal():
    g = Game(THREE, dealer=2, seed=5)
    assert g.num_players == 3
    hands = [g.hand(s) for s in range(3)]
    assert all(len(h) == 8 for h in hands)
    union = hands[0] | hands[1] | hands[2]
    assert union == CardSet.full(short=True)  # 24 cards: no 8 and 7
    assert g.to_move == 0  # Vorhand, left of dealer 2


def test_three_player_rejects_7_and_8():
    with pytest.raises(GameError):
        new_game(
            ["EA EZ EK EO EU E9 E8 GA", "GZ GK GO GU G9 HA HZ HK", "HO HU H9 SA SZ SK SO SU"],
            THREE,
            dealer=2,
        )


def test_three_player_only_solo_types():
    hands = ["EA EZ EK EO EU E9 GA GZ", "GK GO GU G9 HA HZ HK HO", "HU H9 SA SZ SK SO SU S9"]
    g = new_game(hands, THREE, dealer=2)
    say(g, "spiel", "weiter", "weiter")
    names = {action_name(a) for a in g.legal_actions() if is_name(a)}
    assert not any(n.startswith("rufspiel") for n in names)
    assert {"wenz", "geier", "solo E", "solo H tout"} <= names


def test_three_player_wenz_settlement():
    # seat 0: EU GU; HU is seat 1's: 2 Laufende (short-deck minimum 2). Won with 84.
    r = replay_game("P3_wenz_run2_won").result()
    assert r.points == (84, 15, 21) and r.won
    assert r.laufende == 2 and r.value == 4  # 2 + 2
    assert r.payouts == (8, -4, -4)  # each of the two opponents pays


def test_three_player_solo_lost():
    r = replay_game("P3_solo_lost").result()  # Eichel-Solo, 44 points: lost
    assert r.points == (44, 62, 14) and not r.won and not r.schneider
    assert r.value == 2 and r.payouts == (-4, 2, 2)
    assert sum(r.points) == 120


def test_three_player_sie():
    hands = ["EO GO HO SO EU GU HU SU", "EA EZ EK E9 GA GZ GK G9", "HA HZ HK H9 SA SZ SK S9"]
    g = new_game(hands, THREE, dealer=2)
    say(g, "spiel", "weiter", "weiter", "sie")
    assert g.is_over() and g.result().payouts == (16, -8, -8)  # 4 x 2 from each of two


SHORT = rules_of(deck="short")


def test_short_deck_six_cards_each():
    g = Game(SHORT, dealer=3, seed=9)
    hands = [g.hand(s) for s in range(4)]
    assert all(len(h) == 6 for h in hands)
    union = hands[0] | hands[1] | hands[2] | hands[3]
    assert union == CardSet.full(short=True) and union.augen() == 120


def test_short_deck_rufspiel_laufende_minimum_two():
    # declarers 0 + 3 (seat 3 holds SA): EO GO seat 3's, HO seat 2's: 2 Laufende
    r = replay_game("SD_ruf_run2_won").result()
    assert r.declarers == (0, 3) and r.won and r.declarer_points == 79
    assert r.laufende == 2 and r.value == 3  # 1 + 2
    assert r.payouts == (3, -3, -3, 3)
    r = replay_game(
        "SD_ruf_run2_won", {"preset": "standard", "laufende_min_short": {"rufspiel": 3}}
    ).result()
    assert r.laufende == 0 and r.value == 1


def test_short_deck_klopfen_sees_three_cards():
    hands = [
        "EA EZ EK EO EU E9",
        "GA GZ GK GO GU G9",
        "HA HZ HK HO HU H9",
        "SA SZ SK SO SU S9",
    ]
    g = new_game(hands, rules_of("sauspiel", deck="short"))
    assert g.phase == "klopfen"
    for s in range(4):
        assert len(g.view(s).hand) == 3
        assert g.view(s).hand == CardSet.parse(" ".join(hands[s].split()[:3]))
    knock_round(g)
    assert all(len(g.view(s).hand) == 6 for s in range(4))


def test_short_deck_all_pass_ramsch_three_players():
    g = Game(rules_of(players=3, all_pass="ramsch"), dealer=2, seed=1)
    say(g, "weiter", "weiter", "weiter")
    assert g.contract.kind is Kind.RAMSCH and g.to_move == 0


def test_short_deck_laufende_of_the_sauspiel_and_bsv_presets_are_the_long_decks():
    """The spec: sauspiel and bsv keep the long deck's minimums in the short deck (a real
    sauspiel.de short-deck Farbwenz paid nothing for a run of two Unter); standard counts
    from two."""
    for preset in ("sauspiel", "bsv"):
        rules = Ruleset.preset(preset)
        assert rules.laufende_min_short == rules.laufende_min
        short = Ruleset.preset(preset, {"deck": "short"})
        assert short.laufende_minimum(Kind.RUFSPIEL) == 3
        assert short.laufende_minimum(Kind.WENZ) == 2
        r = replay_game("SD_ruf_run2_won", {"preset": preset, "klopfen": False}).result()
        assert r.laufende == 0  # a run of two: no Laufende
    assert Ruleset.preset("standard", {"deck": "short"}).laufende_minimum(Kind.FARBWENZ) == 2
