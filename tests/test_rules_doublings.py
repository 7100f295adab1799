"""Kontra, Re, Sup, Hirsch: who may say them, until when, and what they do to the value.

The deal is GAMES["R61"]: seat 0 declares a Rufspiel on the Eichel-Sau, seat 3 holds it (the
hidden partner), seats 1 and 2 are the opponents. Its first trick is S8 SK S9 EK (won by seat 1,
who leads HZ next). Played out it is won with 61 points: value 1 (standard), no Schneider, no
Laufende (seat 3 holds EO, seat 1 GO, seat 0 HO: the run of the declarers is 1).
"""

from __future__ import annotations

import pytest

from conftest import GAMES, play, replay_game, rules_of, start
from schafkopf.actions import DOUBLE
from schafkopf.game import IllegalActionError

HANDS = GAMES["R61"]["hands"]


def game(**rules):
    return start(HANDS, "rufspiel E", 0, rules_of(**rules) if rules else "standard")


def may(g, seat):
    return DOUBLE in g.legal_actions(seat)


def test_kontra_only_by_the_opponents_not_the_hidden_partner():
    g = game()
    assert g.partner == 3
    assert [may(g, s) for s in range(4)] == [False, True, True, False]
    with pytest.raises(IllegalActionError, match="not entitled"):
        g.apply(DOUBLE, 3)  # the hidden partner is on the declarer side
    with pytest.raises(IllegalActionError, match="not entitled"):
        g.apply(DOUBLE, 0)  # Re only after a Kontra


def test_re_by_the_declarer_side_after_kontra_and_it_reveals_the_partner():
    g = game()
    g.apply(DOUBLE, 2)
    assert g.doubling_name() == "re"
    assert [may(g, s) for s in range(4)] == [True, False, False, True]
    assert g.view(1).partner is None
    g.apply(DOUBLE, 3)  # the hidden partner says Re
    assert g.view(1).partner == 3 and g.view(2).partner == 3 and g.view(0).partner == 3
    assert not any(may(g, s) for s in range(4))  # max_doublings 2: Kontra and Re


def test_sup_and_hirsch_with_max_doublings_4():
    g = game(max_doublings=4)
    g.apply(DOUBLE, 1)
    g.apply(DOUBLE, 0)
    assert g.doubling_name() == "sup"
    assert [may(g, s) for s in range(4)] == [False, True, True, False]
    g.apply(DOUBLE, 2)
    assert g.doubling_name() == "hirsch"
    assert [may(g, s) for s in range(4)] == [True, False, False, True]
    g.apply(DOUBLE, 3)
    assert not any(may(g, s) for s in range(4))


@pytest.mark.parametrize(("maximum", "said"), [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4)])
def test_max_doublings(maximum, said):
    g = game(max_doublings=maximum)
    order = [1, 0, 2, 3]  # Kontra, Re, Sup, Hirsch
    n = 0
    for seat in order:
        if not may(g, seat):
            break
        g.apply(DOUBLE, seat)
        n += 1
    assert n == said


@pytest.mark.parametrize(
    ("doublings", "rules", "value"),
    [
        ([], {}, 1),
        ([(1, 0)], {}, 2),  # Kontra: 1 x 2
        ([(1, 0), (3, 0)], {}, 4),  # Kontra, Re: 1 x 4
        ([(2, 0), (0, 2), (1, 3), (3, 4)], {"max_doublings": 4}, 16),  # ... Sup, Hirsch
    ],
)
def test_each_doubling_doubles_the_value(doublings, rules, value):
    g = replay_game("R61", {"preset": "standard", **rules}, doublings=doublings)
    r = g.result()
    assert r.multiplier == 2 ** len(doublings)
    assert r.value == value
    assert r.payouts == (value, -value, -value, value)


def test_knock_and_kontra_multiply():
    # sauspiel: base 20, one knock and Kontra + Re: 20 x 2 x 4 = 160
    g = replay_game("R61", {"preset": "sauspiel"}, klopfen=[2], doublings=[(1, 0), (0, 0)])
    assert g.result().multiplier == 8
    assert g.result().value == 160


# -- deadlines ---------------------------------------------------------------------------------


def test_deadline_before_second_trick():
    g = game()  # standard: before the first card of the second trick
    play(g, "S8 SK S9")
    assert may(g, 1) and may(g, 2)
    play(g, "EK")  # first trick complete, 4 cards played
    assert may(g, 1) and may(g, 2)
    play(g, "HZ")  # first card of the second trick
    assert not may(g, 1) and not may(g, 2)
    with pytest.raises(IllegalActionError, match="late"):
        g.apply(DOUBLE, 2)


def test_re_after_a_last_moment_kontra_until_the_next_card():
    g = game()
    play(g, "S8 SK S9 EK")
    g.apply(DOUBLE, 2)  # Kontra at the last moment (4 cards played)
    assert may(g, 0) and may(g, 3)
    play(g, "HZ")
    assert not may(g, 0) and not may(g, 3)


def test_re_until_the_same_deadline():
    g = game()
    g.apply(DOUBLE, 1)  # Kontra before any card
    play(g, "S8 SK S9")
    assert may(g, 0) and may(g, 3)  # still before the second trick
    play(g, "EK")
    assert may(g, 3)
    play(g, "HZ")
    assert not may(g, 0) and not may(g, 3)


def test_deadline_before_first_card():
    g = game(kontra_deadline="before_first_card")
    assert may(g, 1) and may(g, 2)
    play(g, "S8")
    assert not may(g, 1) and not may(g, 2)
    g = game(kontra_deadline="before_first_card")
    g.apply(DOUBLE, 1)
    assert may(g, 0) and may(g, 3)  # Re before the next card
    play(g, "S8")
    assert not may(g, 0) and not may(g, 3)


def test_sauspiel_preset_deadline_is_before_first_card():
    g = start(HANDS, "rufspiel E", 0, "sauspiel")
    assert may(g, 1)
    play(g, "S8")
    assert not may(g, 1)


def test_deadline_before_own_first_card():
    g = game(kontra_deadline="before_own_first_card")
    play(g, "S8 SK")
    assert not may(g, 1)  # seat 1 has played its first card
    assert may(g, 2)  # seat 2 has not
    g.apply(DOUBLE, 2)
    # Re: the partner (seat 3) has not played yet; the declarer has, but the Kontra came at the
    # last moment, so the declarer may answer before the next card
    assert may(g, 3) and may(g, 0)
    play(g, "S9")
    assert may(g, 3) and not may(g, 0)
    play(g, "EK")
    assert not may(g, 3)


def test_no_doubling_after_the_game_or_in_ramsch():
    g = replay_game("R61")
    assert not any(may(g, s) for s in range(4))
    g = replay_game("RA_plain", upto=0)
    assert g.phase == "play"
    assert not any(may(g, s) for s in range(4))
    with pytest.raises(IllegalActionError, match="Ramsch"):
        g.apply(DOUBLE, 1)


def test_solo_kontra_by_any_of_the_three():
    g = start(GAMES["S_run3_won"]["hands"], "solo G", 0)
    assert [may(g, s) for s in range(4)] == [False, True, True, True]
    g.apply(DOUBLE, 3)
    assert [may(g, s) for s in range(4)] == [True, False, False, False]
