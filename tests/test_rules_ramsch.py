"""Ramsch (all pass with all_pass "ramsch"): the loser, ties, Jungfrau, Durchmarsch, Klopfen.

Ramsch pays tarif.ramsch (standard 1, sauspiel/bsv 20): the player with the most card points
pays it to each other player. Games from conftest.GAMES; dealer 3, seat 0 leads.
"""

from __future__ import annotations

import pytest

from conftest import GAMES, replay, replay_game
from schafkopf.rules import Kind

RAMSCH = {"preset": "standard", "all_pass": "ramsch"}


def res(name, **over):
    return replay_game(name, {**RAMSCH, **over}).result()


def test_ramsch_is_played_like_rufspiel_each_alone():
    g = replay_game("RA_plain", RAMSCH, upto=0)
    assert g.contract.kind is Kind.RAMSCH and g.declarers == ()
    assert g.to_move == 0
    r = replay_game("RA_plain", RAMSCH).result()
    assert sum(r.points) == 120


def test_most_points_pays_each_other_player():
    r = res("RA_plain")  # points 13 77 16 14: seat 1 loses
    assert r.points == (13, 77, 16, 14) and r.ramsch_loser == 1
    assert r.payouts == (1, -3, 1, 1)
    r = res("RA_plain", preset="sauspiel", klopfen=False)
    assert r.payouts == (20, -60, 20, 20)
    r = res("RA_plain", preset="bsv")
    assert r.payouts == (20, -60, 20, 20)


def test_knocks_double_ramsch():
    g = replay_game("RA_plain", {"preset": "sauspiel", "all_pass": "ramsch"}, klopfen=[0, 3])
    r = g.result()
    assert r.multiplier == 4
    assert r.payouts == (80, -240, 80, 80)  # 20 x 4 to each of three


# RA_tie: seats 0 and 2 both took 32. Seat 0's tricks ("G8 G9 GZ GA", "G7 EA E8 S8") hold no
# trump; seat 2's hold HZ and H8. At the deal seat 0 had HO, seat 2 at best SO (HO > SO).
@pytest.mark.parametrize(
    ("tie", "loser", "payouts"),
    [
        ("highest_trump_taken", 2, (1, 1, -3, 1)),
        ("highest_trump_dealt", 0, (-3, 1, 1, 1)),
    ],
)
def test_ties(tie, loser, payouts):
    r = res("RA_tie", ramsch_tie=tie)
    assert r.points == (32, 30, 32, 26)
    assert r.ramsch_loser == loser and r.payouts == payouts


def test_jungfrau_double():
    # RA_jf1: seat 0 took 59 and loses; seat 2 took no trick: paid double
    r = res("RA_jf1")
    assert r.points == (59, 33, 0, 28) and r.tricks[2] == 0
    assert r.payouts == (-4, 1, 2, 1)  # 1 + 2 + 1
    # RA_jf2: seat 0 loses (77); seats 1 and 3 took no trick
    r = res("RA_jf2")
    assert r.payouts == (-5, 2, 1, 2)


def test_jungfrau_double_all():
    # each Jungfrau doubles the whole price, paid to all three
    assert res("RA_jf1", jungfrau="double_all").payouts == (-6, 2, 2, 2)  # 1 x 2
    assert res("RA_jf2", jungfrau="double_all").payouts == (-12, 4, 4, 4)  # 1 x 2 x 2


# Durchmarsch: seat 0 holds EO HO SO EU GU HU SU HA; seat 1 GO and no other trump; seats 2 and 3
# the rest of the Herz. Seat 0 leads its eight trumps and takes every trick (120 points).
DURCH = [
    "EO HO SO EU GU HU SU HA",
    "GO EA EZ EK E9 E8 E7 GA",
    "HZ HK H9 GZ GK G9 G8 G7",
    "H8 H7 SA SZ SK S9 S8 S7",
]
DURCH_TRICKS = [
    "EO GO HZ H8", "HO EA HK H7", "SO EZ H9 SA", "EU EK GZ SZ",
    "GU E9 GK SK", "HU E8 G9 S9", "SU E7 G8 S8", "HA GA G7 S7",
]  # fmt: skip


@pytest.mark.parametrize(
    ("rules", "value"),
    [
        (RAMSCH, 4),  # a won Schwarz solo: 2 + 1 + 1 (EO GO split: no Laufende to count)
        ({"preset": "sauspiel", "all_pass": "ramsch", "klopfen": False}, 70),  # 50 + 10 + 10
    ],
)
def test_durchmarsch_all_tricks(rules, value):
    g = replay(DURCH, {"kind": "ramsch"}, DURCH_TRICKS, rules)
    r = g.result()
    assert r.points == (120, 0, 0, 0)
    assert r.durchmarsch == 0
    assert r.payouts == (3 * value, -value, -value, -value)


def test_durchmarsch_by_card_points():
    # RA_91: seat 0 took 92 points in 5 tricks, not all
    r = res("RA_91")
    assert r.points == (92, 8, 4, 16) and r.durchmarsch is None
    assert r.payouts == (-3, 1, 1, 1)  # all_tricks: seat 0 simply has the most points
    r = res("RA_91", durchmarsch=91)
    assert r.durchmarsch == 0
    assert r.payouts == (12, -4, -4, -4)  # a won Schwarz solo, 2 + 1 + 1, from each
    r = res("RA_91", durchmarsch=93)
    assert r.durchmarsch is None and r.payouts == (-3, 1, 1, 1)


def test_ramsch_payouts_sum_to_zero():
    for name in ("RA_plain", "RA_tie", "RA_jf1", "RA_jf2", "RA_91"):
        for jf in ("double", "double_all"):
            r = res(name, jungfrau=jf)
            assert sum(r.payouts) == 0 and sum(r.points) == 120


def test_ramsch_games_are_ramsch():
    for name in ("RA_plain", "RA_tie", "RA_jf1", "RA_jf2", "RA_91"):
        assert GAMES[name]["contract"] == {"kind": "ramsch"}
