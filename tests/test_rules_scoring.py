"""Result and settlement of played games: win/loss, Schneider, Schwarz, Laufende, Tout, Sie,
Bettel, Stock, end_early. Games come from conftest.GAMES (hands and every trick, annotated).

Tariffs (rufspiel / solo / extra / laufende): standard 1/2/1/1, sauspiel 20/50/10/10,
bsv 10/50/10/10. Rufspiel pays +v to both declarers, -v to both opponents; a solo +3v / -v.
"""

from __future__ import annotations

import pytest

from conftest import GAMES, play, replay, replay_game, rules_of, start
from schafkopf.game import IllegalActionError
from schafkopf.record import RecordError

STD = {"preset": "standard"}
SAU = {"preset": "sauspiel"}
BSV = {"preset": "bsv"}


def res(name, rules=None, **kw):
    return replay_game(name, rules, **kw).result()


def ruf(v, declarers):
    return tuple(v if s in declarers else -v for s in range(4))


def solo(v, declarer=0, n=4):
    return tuple(v * (n - 1) if s == declarer else -v for s in range(n))


# -- win and loss, Schneider, Schwarz (Rufspiel, no Laufende counted: runs are 1 or 2) ----------


def test_60_to_60_is_lost():
    r = res("R60")  # declarers 0 + 3 took 0 + 60 = 60
    assert r.declarers == (0, 3) and r.declarer_points == 60
    assert r.won is False and r.schneider is False and r.schwarz is False
    assert r.value == 1 and r.payouts == (-1, 1, 1, -1)


def test_61_wins():
    r = res("R61")  # 0 + 61
    assert r.declarer_points == 61 and r.won is True and not r.schneider
    assert r.value == 1 and r.payouts == (1, -1, -1, 1)
    assert res("R61", SAU).payouts == (20, -20, -20, 20)
    assert res("R61", BSV).payouts == (10, -10, -10, 10)


@pytest.mark.parametrize(
    ("rules", "schneider", "value"),
    [
        (STD, True, 2),  # loser_30: the opponents have 120 - 90 = 30 -> Schneider: 1 + 1
        ({"preset": "standard", "schneider": "official"}, False, 1),  # official needs 91
        (SAU, False, 20),
        ({"preset": "sauspiel", "schneider": "loser_30"}, True, 30),  # 20 + 10
    ],
)
def test_schneider_boundary_90(rules, schneider, value):
    r = res("R90", rules)  # declarers 0 + 1 took 18 + 72 = 90
    assert r.declarers == (0, 1) and r.declarer_points == 90 and r.won
    assert r.schneider is schneider
    assert r.value == value and r.payouts == ruf(value, (0, 1))


@pytest.mark.parametrize(("rules", "value"), [(STD, 2), (SAU, 30), (BSV, 20)])
def test_schneider_with_91(rules, value):
    r = res("R91", rules)  # 61 + 30 = 91: Schneider under both variants
    assert r.declarers == (0, 2) and r.declarer_points == 91
    assert r.schneider is True
    assert r.value == value and r.payouts == ruf(value, (0, 2))


@pytest.mark.parametrize(
    ("rules", "value"),
    [(STD, 2), ({"preset": "standard", "schneider": "official"}, 2), (SAU, 30)],
)
def test_lost_schneider_with_30(rules, value):
    r = res("R30", rules)  # declarers 0 + 2 took 5 + 25 = 30: lost Schneider in both variants
    assert r.declarer_points == 30 and r.won is False and r.schneider is True
    assert r.value == value and r.payouts == ruf(-value, (0, 2))


@pytest.mark.parametrize(
    ("rules", "value"),
    [(STD, 1), ({"preset": "standard", "schneider": "official"}, 1), (SAU, 20)],
)
def test_lost_with_31_is_schneider_free(rules, value):
    r = res("R31", rules)  # 31 + 0 = 31
    assert r.declarer_points == 31 and r.won is False and r.schneider is False
    assert r.value == value and r.payouts == ruf(-value, (0, 2))


def test_a_zero_point_trick_counts_against_schwarz():
    # declarers 0 + 2 took 120 points; seat 3 took trick 6 "E7 E9 G9 G8" worth 0
    r = res("R_opp_one_zero_trick")
    assert r.declarer_points == 120 and r.tricks[3] == 1
    assert r.won and r.schneider and not r.schwarz
    assert r.value == 2  # 1 + Schneider 1
    assert res("R_opp_one_zero_trick", SAU).value == 30  # 20 + 10
    # and the other way: the declarers took one trick, worth 0 ("S8 S9 E8 S7")
    r = res("R_decl_one_zero_trick")
    assert r.declarer_points == 0 and r.tricks[0] == 1
    assert not r.won and r.schneider and not r.schwarz
    assert r.payouts == ruf(-2, (0, 2))


@pytest.mark.parametrize(("rules", "value"), [(STD, 3), (SAU, 40), (BSV, 30)])
def test_schwarz_adds_on_top_of_schneider(rules, value):
    r = res("R_schwarz_won", rules)  # 0 + 2 took all 8 tricks
    assert r.won and r.schneider and r.schwarz
    assert r.value == value  # base + Schneider + Schwarz (1+1+1, 20+10+10, 10+10+10)
    assert r.payouts == ruf(value, (0, 2))
    r = res("R_schwarz_lost", rules)  # 0 + 2 took no trick
    assert not r.won and r.schneider and r.schwarz
    assert r.payouts == ruf(-value, (0, 2))


def test_solo_60_loses_and_pays_three_times():
    r = res("Ge_run2_lost")  # Geier: declarer took 60
    assert r.declarer_points == 60 and not r.won
    assert r.value == 2 and r.payouts == solo(-2)  # -6 / +2 each


# -- Laufende ------------------------------------------------------------------------------------


# L_decl3_won: declarers 0 + 1 hold EO (1) GO HO (0); SO is seat 2's: 3 Laufende "mit".
# Won with 46 + 42 = 88 (opponents 32: no Schneider).
@pytest.mark.parametrize(
    ("rules", "laufende", "value"),
    [
        (STD, 3, 4),  # 1 + 3 x 1
        ({"preset": "standard", "laufende_side": "either"}, 3, 4),
        ({"preset": "standard", "tarif": {"laufende": 0}}, 0, 1),  # switched off
        ({"preset": "standard", "laufende_min": {"rufspiel": 4}}, 0, 1),  # under the minimum
        ({"preset": "standard", "laufende_min": {"rufspiel": 2}}, 3, 4),
        ({"preset": "standard", "tarif": {"laufende": 5}}, 3, 16),  # 1 + 3 x 5
        (SAU, 3, 50),  # 20 + 3 x 10
    ],
)
def test_laufende_mit_won(rules, laufende, value):
    r = res("L_decl3_won", rules)
    assert r.declarers == (0, 1) and r.declarer_points == 88 and r.won and not r.schneider
    assert r.laufende == laufende and r.value == value
    assert r.payouts == ruf(value, (0, 1))


# L_decl3_lost: declarers 0 + 1 hold EO HO (0) GO (1), SO is seat 2's: 3 "mit", but lost (42).
@pytest.mark.parametrize(
    ("rules", "laufende", "value"),
    [
        (STD, 0, 1),  # winner: the run is the losing side's -> not counted
        ({"preset": "standard", "laufende_side": "either"}, 3, 4),  # 1 + 3
        (SAU, 3, 50),  # either: 20 + 30
    ],
)
def test_laufende_mit_lost(rules, laufende, value):
    r = res("L_decl3_lost", rules)
    assert r.declarer_points == 42 and not r.won and not r.schneider
    assert r.laufende == laufende and r.value == value
    assert r.payouts == ruf(-value, (0, 1))


# L_opp3_won: the opponents hold EO (2) GO HO (3); SO is seat 1's (a declarer): 3 "ohne".
# Declarers 0 + 1 won with 31 + 58 = 89 (opponents 31: no Schneider).
@pytest.mark.parametrize(
    ("rules", "laufende", "value"),
    [(STD, 0, 1), ({"preset": "standard", "laufende_side": "either"}, 3, 4), (BSV, 3, 40)],
)
def test_laufende_ohne_won(rules, laufende, value):
    r = res("L_opp3_won", rules)
    assert r.declarer_points == 89 and r.won and not r.schneider
    assert r.laufende == laufende and r.value == value  # bsv: 10 + 3 x 10


# L_opp3_lost: seat 1 (opponent) holds EO GO HO; SO is seat 2's (partner): 3 for the
# opponents, who win (declarers 17 + 21 = 38): counted under both laufende_side options.
@pytest.mark.parametrize("rules", [STD, {"preset": "standard", "laufende_side": "either"}])
def test_laufende_of_the_winning_opponents(rules):
    r = res("L_opp3_lost", rules)
    assert r.declarers == (0, 2) and r.declarer_points == 38 and not r.won
    assert r.laufende == 3 and r.value == 4  # 1 + 3
    assert r.payouts == ruf(-4, (0, 2))


def test_laufende_farbsolo():
    # Gras-Solo: seat 0 holds EO GO HO, SO is seat 1's: 3 Laufende; won with 86
    r = res("S_run3_won")
    assert r.won and not r.schneider and r.laufende == 3
    assert r.value == 5 and r.payouts == solo(5)  # 2 + 3 = 5: +15 / -5
    assert res("S_run3_won", BSV).payouts == solo(80)  # 50 + 3 x 10


def test_laufende_wenz_minimum_two():
    # Wenz: seat 0 holds EU GU, HU is seat 3's: 2 Laufende count for Wenz (minimum 2)
    r = res("W_run2_won")
    assert r.won and r.laufende == 2 and r.value == 4  # 2 + 2
    assert r.payouts == solo(4)
    r = res("W_run2_won", {"preset": "standard", "laufende_min": {"wenz": 3}})
    assert r.laufende == 0 and r.value == 2


@pytest.mark.parametrize(
    ("rules", "laufende", "value"),
    [(STD, 0, 2), ({"preset": "standard", "laufende_side": "either"}, 2, 4)],
)
def test_laufende_geier_lost(rules, laufende, value):
    # Geier: seat 0 holds EO GO (HO is seat 3's): 2 Laufende, minimum 2, but the game is lost
    r = res("Ge_run2_lost", rules)
    assert r.laufende == laufende and r.value == value and r.payouts == solo(-value)


def test_laufende_farbwenz_and_farbgeier_minimum_three():
    # Schellen-Farbwenz: seat 0 holds EU GU HU, SU is seat 2's: 3 count: 50 + 30
    r = res("FW_run3_won", SAU)
    assert r.won and r.laufende == 3 and r.value == 80 and r.payouts == solo(80)
    # Schellen-Farbwenz: EU GU with seat 0, HU seat 3's: 2 < 3 do not count
    r = res("FW_run2_won", SAU)
    assert r.won and r.laufende == 0 and r.value == 50
    r = res("FW_run2_won", {"preset": "sauspiel", "laufende_min": {"farbwenz": 2}})
    assert r.laufende == 2 and r.value == 70
    # Eichel-Farbgeier: EO GO with seat 0, HO seat 1's: 2 < 3
    r = res("FG_run2_won", SAU)
    assert r.won and r.laufende == 0 and r.value == 50
    r = res("FG_run2_won", {"preset": "sauspiel", "laufende_min": {"farbgeier": 2}})
    assert r.laufende == 2 and r.value == 70


# All 14 trumps with the declarers (seat 0: the 7 highest, seat 1: SU and the Herz; seat 1
# holds GA, seat 0 calls it with G7). Seat 0 leads its seven trumps, then G7, which forces GA.
R14 = [
    "EO GO HO SO EU GU HU G7",
    "SU HA HZ HK H9 H8 H7 GA",
    "EA EZ EK E9 E8 E7 GZ GK",
    "G9 G8 SA SZ SK S9 S8 S7",
]
R14_TRICKS = [
    "EO SU E7 S7", "GO H7 E8 S8", "HO H8 E9 S9", "SO H9 EK SK",
    "EU HK EZ SZ", "GU HZ EA SA", "HU HA GK G8", "G7 GA GZ G9",
]  # fmt: skip


@pytest.mark.parametrize(("rules", "value"), [(STD, 17), (SAU, 180)])
def test_laufende_have_no_cap(rules, value):
    g = replay(R14, {"kind": "rufspiel", "declarer": 0, "suit": "G"}, R14_TRICKS, rules)
    r = g.result()
    assert r.declarers == (0, 1) and r.laufende == 14
    assert r.won and r.schneider and r.schwarz
    # standard 1 + 1 + 1 + 14 = 17; sauspiel 20 + 10 + 10 + 14 x 10 = 180
    assert r.value == value and r.payouts == ruf(value, (0, 1))


# -- Tout --------------------------------------------------------------------------------------

# Herz-Solo Tout with 6 Laufende: seat 0 holds EO..GU (6), HU is seat 1's; the other trumps are
# two with each opponent, so after six trump leads HA and HZ are high.
TOUT6 = [
    "EO GO HO SO EU GU HA HZ",
    "HU HK EA EZ EK E9 E8 E7",
    "SU H9 GA GZ GK G9 G8 G7",
    "H8 H7 SA SZ SK S9 S8 S7",
]
TOUT6_TRICKS = [
    "EO HK H9 H8", "GO HU SU H7", "HO EA GA SA", "SO EZ GZ SZ",
    "EU EK GK SK", "GU E9 G9 S9", "HA E8 G8 S8", "HZ E7 G7 S7",
]  # fmt: skip


@pytest.mark.parametrize(
    ("rules", "value"),
    [
        (STD, 8),  # 4x_base: 4 x 2, Laufende not added
        (SAU, 220),  # 2x_value: (50 + 6 x 10) x 2
        ({"preset": "standard", "tout_value": "2x_value"}, 16),  # (2 + 6) x 2
        ({"preset": "sauspiel", "tout_value": "4x_base"}, 200),  # 4 x 50
    ],
)
def test_tout_value_with_laufende(rules, value):
    g = replay(TOUT6, {"kind": "solo", "declarer": 0, "suit": "H", "tout": True}, TOUT6_TRICKS,
               rules)  # fmt: skip
    r = g.result()
    assert r.won and r.tricks[0] == 8
    assert r.value == value and r.payouts == solo(value)


@pytest.mark.parametrize(("rules", "value"), [(STD, 8), (SAU, 100), (BSV, 100)])
def test_tout_won_schneider_schwarz_not_added(rules, value):
    # Herz-Solo Tout, seat 0 took every trick; EO is seat 0's, GO seat 3's: run of 1
    r = res("T_won", rules)
    assert r.won and r.declarer_points == 120
    assert r.value == value and r.payouts == solo(value)  # 4 x 2, or (50 + 0) x 2


@pytest.mark.parametrize(("rules", "value"), [(STD, 8), (SAU, 100)])
def test_tout_lost_with_a_single_trick(rules, value):
    r = res("T_lost_one", rules)  # seat 0 took 7 tricks and 101 points: lost
    assert r.tricks == (7, 0, 1, 0) and r.declarer_points == 101
    assert r.won is False
    assert r.value == value and r.payouts == solo(-value)


def test_end_early_ends_a_lost_tout_at_once():
    rules = {"preset": "standard", "end_early": True}
    # T_lost_one: seat 2 wins trick 2 ("HO EU EO GA"): the game ends there
    g = replay_game("T_lost_one", rules, upto=2)
    assert g.is_over() and len(g.tricks) == 2
    assert g.result().won is False and g.result().payouts == solo(-8)
    with pytest.raises(RecordError, match="trick 3"):
        replay_game("T_lost_one", rules)
    # Wenz Tout lost in the first trick ("GU EO EU EA": EU beats GU)
    g = replay_game("T_lost_first", rules, upto=1)
    assert g.is_over() and g.result().payouts == solo(-8)


def test_without_end_early_a_lost_tout_is_played_out():
    g = replay_game("T_lost_one", upto=2)
    assert not g.is_over()


def test_tout_needs_the_option():
    g = start(TOUT6, "solo H", 0)  # plain solo still fine
    assert g.phase == "play"
    with pytest.raises(IllegalActionError, match="allow"):
        start(TOUT6, "solo H tout", 0, rules_of(contracts=["rufspiel", "solo"]))


# -- Sie --------------------------------------------------------------------------------------

SIE = [
    "EO GO HO SO EU GU HU SU",
    "EA EZ EK E9 E8 E7 GA GZ",
    "GK G9 G8 G7 HA HZ HK H9",
    "H8 H7 SA SZ SK S9 S8 S7",
]


@pytest.mark.parametrize(
    ("rules", "value"),
    [
        ("standard", 8),  # 4x_base: 4 x 2
        ("sauspiel", 520),  # 4x_value: (50 + 8 x 10) x 4
        (rules_of(sie_value="4x_value"), 40),  # (2 + 8 x 1) x 4
        (rules_of("sauspiel", sie_value="4x_base"), 200),  # 4 x 50
    ],
)
def test_sie_value(rules, value):
    g = start(SIE, "sie", 0, rules)
    assert g.is_over() and not g.tricks
    r = g.result()
    assert r.won is True
    assert r.value == value and r.payouts == solo(value)


# -- Bettel ------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["standard", "sauspiel"])
def test_bettel_won_fixed_tariff(preset):
    # B_won: seat 0 took no trick. Value is tarif.bettel (here 3), nothing else.
    r = res("B_won", {"preset": preset, "tarif": {"bettel": 3}})
    assert r.won is True and r.tricks[0] == 0
    assert r.laufende == 0 and not r.schneider and not r.schwarz
    assert r.value == 3 and r.payouts == solo(3)


def test_bettel_lost_with_one_trick():
    # B_lost_last: seat 0 takes only the last trick ("HZ SU HA EZ")
    r = res("B_lost_last", {"preset": "standard", "tarif": {"bettel": 3}})
    assert r.won is False and r.tricks[0] == 1
    assert r.value == 3 and r.payouts == solo(-3)


def test_end_early_ends_a_lost_bettel_at_once():
    # B_lost_trick3: seat 0 wins trick 3 ("EU EZ GA EA")
    g = replay_game("B_lost_trick3", {"preset": "standard", "end_early": True}, upto=3)
    assert g.is_over() and len(g.tricks) == 3
    assert g.result().payouts == solo(-2)


def test_bettel_is_only_played_with_the_option():
    with pytest.raises(IllegalActionError, match="allow"):
        start(SIE, "bettel", 1)


# -- Stock -------------------------------------------------------------------------------------

STOCK = {"preset": "standard", "stock": True}


def test_won_rufspiel_takes_the_stock():
    r = res("R61", STOCK, stock=6)
    # declarers 0 + 3 win 1 each from the opponents and take the 6 from the Stock
    assert r.payouts[1] == -1 and r.payouts[2] == -1
    assert r.payouts[0] + r.payouts[3] == 2 + 6
    assert r.payouts[0] >= 1 and r.payouts[3] >= 1
    assert r.stock == -6
    assert sum(r.payouts) + r.stock == 0


def test_lost_rufspiel_doubles_the_stock():
    r = res("R60", STOCK, stock=6)
    # declarers 0 + 3 lose 1 each and pay as much again into the Stock (6 -> 12)
    assert r.payouts[1] == 1 and r.payouts[2] == 1
    assert r.payouts[0] + r.payouts[3] == -2 - 6
    assert r.stock == 6
    assert sum(r.payouts) + r.stock == 0


def test_solo_leaves_the_stock_alone():
    r = res("S_run3_won", STOCK, stock=6)
    assert r.stock == 0 and r.payouts == solo(5)


def test_stock_off_ignores_stock():
    r = res("R61", STD)
    assert r.stock == 0 and sum(r.payouts) == 0


def test_play_through_game_api_matches_the_record():
    # the same game through start()/play() and through the record reader
    d = GAMES["R91"]
    g = start(d["hands"], "rufspiel E", 0)
    for t in d["tricks"]:
        play(g, t)
    assert g.result() == res("R91")
