"""Card play: who leads, following suit per contract, trick winners, the called Sau's rules.

Seat 0 is Vorhand (dealer 3) unless a test says otherwise.
"""

from __future__ import annotations

import pytest

from conftest import GAMES, knock_round, legal_cards, new_game, play, replay_game, rules_of, start
from schafkopf.actions import SPIEL, WEITER, ActionError, action_name, is_name, parse_action
from schafkopf.game import Game, IllegalActionError

# Deal F (follow suit): seat 1 is the declarer in every test below.
#   seat 1 holds GO but no plain Gras, HU and HA but no other Herz, E9 (not EA), SA SZ.
F = [
    "GK G9 S7 S8 E7 E8 H7 H8",
    "GO EU HU SU HA E9 SA SZ",
    "GU G8 G7 EA EZ SK S9 HK",
    "EO HO SO GA GZ EK HZ H9",
]
SAUSPIEL = "sauspiel"  # has Farbwenz and Farbgeier (and Klopfen, answered by start())


# -- who leads ---------------------------------------------------------------------------------


@pytest.mark.parametrize("contract", ["rufspiel E", "solo G", "wenz", "geier", "wenz tout"])
@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_vorhand_leads_the_first_trick_whoever_declares(contract, dealer):
    # Vorhand = the seat left of the dealer, also when another seat is the declarer.
    g = start(F, contract, 1, dealer=dealer)
    assert g.phase == "play"
    assert g.to_move == (dealer + 1) % 4
    assert g.view(0).vorhand == (dealer + 1) % 4


def test_winner_of_a_trick_leads_the_next():
    g = start(F, "wenz", 1)
    play(g, "GK GO G8 GA")  # Wenz: GA > GK > GO (Ober plain) -> seat 3
    assert g.tricks[0].winner == 3
    assert g.to_move == 3


# -- following suit -----------------------------------------------------------------------------


def test_rufspiel_ober_is_trump_not_a_suit_card():
    g = start(F, "rufspiel E", 1)
    play(g, "GK")
    # seat 1 holds GO but no plain Gras: GO is a trump, so seat 1 is void in Gras -> any card
    assert legal_cards(g) == set(F[1].split())
    play(g, "SA")
    # seat 2 holds GU (trump) and G8 G7: must follow with plain Gras
    assert legal_cards(g) == {"G8", "G7"}
    play(g, "G8")
    assert legal_cards(g) == {"GA", "GZ"}


def test_rufspiel_trump_lead_must_be_answered_with_trump():
    g = start(F, "rufspiel E", 1)
    play(g, "H7")  # Herz is trump in Rufspiel
    assert legal_cards(g) == {"GO", "EU", "HU", "SU", "HA"}
    play(g, "HA")
    assert legal_cards(g) == {"GU", "HK"}
    play(g, "HK")
    # seat 3: every Ober counts as trump, HZ H9 too
    assert legal_cards(g) == {"EO", "HO", "SO", "HZ", "H9"}


def test_wenz_ober_is_a_plain_suit_card():
    g = start(F, "wenz", 1)
    play(g, "GK")
    assert legal_cards(g) == {"GO"}  # in Wenz the Gras-Ober is a Gras card
    play(g, "GO")
    assert legal_cards(g) == {"G8", "G7"}  # GU is a trump, not Gras
    play(g, "G8")
    assert legal_cards(g) == {"GA", "GZ"}


def test_wenz_herz_led():
    g = start(F, "wenz", 1)
    play(g, "H7")
    assert legal_cards(g) == {"HA"}  # HU is a trump in Wenz
    play(g, "HA")
    assert legal_cards(g) == {"HK"}
    play(g, "HK")
    assert legal_cards(g) == {"HO", "HZ", "H9"}  # the Herz-Ober is a Herz card in Wenz
    play(g, "HO")
    assert g.tricks[0].winner == 1  # HA


def test_geier_unter_is_plain_ober_is_trump():
    g = start(F, "geier", 1)
    play(g, "GK")
    assert legal_cards(g) == set(F[1].split())  # GO is trump: seat 1 void in Gras
    play(g, "GO")
    assert legal_cards(g) == {"GU", "G8", "G7"}  # GU is a Gras card in Geier
    play(g, "GU")
    assert legal_cards(g) == {"GA", "GZ"}  # EO HO SO are trumps, not Gras
    play(g, "GA")
    assert g.tricks[0].winner == 1  # GO trumps


def test_farbsolo_other_suits_plain():
    g = start(F, "solo E", 1)
    play(g, "H7")  # Herz is a plain suit in Eichel-Solo
    assert legal_cards(g) == {"HA"}
    play(g, "HA")
    assert legal_cards(g) == {"HK"}
    play(g, "HK")
    assert legal_cards(g) == {"HZ", "H9"}  # HO is trump
    play(g, "HZ")
    assert g.tricks[0].winner == 1


def test_farbsolo_trump_lead():
    g = start(F, "solo E", 1)
    play(g, "E7")  # Eichel is trump
    assert legal_cards(g) == {"GO", "EU", "HU", "SU", "E9"}
    play(g, "E9")
    assert legal_cards(g) == {"GU", "EA", "EZ"}
    play(g, "EA")
    assert legal_cards(g) == {"EO", "HO", "SO", "EK"}
    play(g, "EK")
    # trump order EO GO HO SO EU GU HU SU EA EZ EK E9 E8 E7: EA beats EK, E9, E7
    assert g.tricks[0].winner == 2


def test_farbwenz_trump_suit_includes_its_ober():
    g = start(F, "farbwenz H", 1, SAUSPIEL)
    play(g, "H7")  # Herz trump: the 4 Unter, then HA HZ HK HO H9 H8 H7
    assert legal_cards(g) == {"EU", "HU", "SU", "HA"}  # not GO: a plain Gras card
    play(g, "HA")
    assert legal_cards(g) == {"GU", "HK"}
    play(g, "HK")
    assert legal_cards(g) == {"HO", "HZ", "H9"}
    play(g, "HO")
    assert g.tricks[0].winner == 1  # HA beats HK HO H7 (no Unter played)


def test_farbgeier_trump_suit_includes_its_unter():
    g = start(F, "farbgeier G", 1, SAUSPIEL)
    play(g, "GK")  # Gras trump: the 4 Ober, then GA GZ GK GU G9 G8 G7
    assert legal_cards(g) == {"GO"}
    play(g, "GO")
    assert legal_cards(g) == {"GU", "G8", "G7"}
    play(g, "GU")
    assert legal_cards(g) == {"EO", "HO", "SO", "GA", "GZ"}
    play(g, "EO")
    assert g.tricks[0].winner == 3


def test_bettel_order_and_no_trumps():
    hands = [
        "E9 EU H7 H8 S7 S8 G7 G8",
        "EO E8 HA HZ SA SZ GA GZ",
        "EK E7 HK HO SK SO GK GO",
        "EA EZ HU H9 SU S9 GU G9",
    ]
    g = start(hands, "bettel", 1, rules_of(contracts=["rufspiel", "solo", "bettel"]))
    play(g, "E9")
    assert legal_cards(g) == {"EO", "E8"}  # Ober are plain Eichel cards in Bettel
    play(g, "EO")
    assert legal_cards(g) == {"EK", "E7"}
    play(g, "E7")
    assert legal_cards(g) == {"EA", "EZ"}
    play(g, "EZ")
    assert g.tricks[0].winner == 3  # EZ beats EO beats E9
    play(g, "H9")
    assert legal_cards(g) == {"H7", "H8"}  # HU is a plain Herz card, not a trump
    play(g, "H8")
    assert legal_cards(g) == {"HA", "HZ"}
    play(g, "HA")
    play(g, "HO")
    assert g.tricks[1].winner == 1


def test_cannot_play_a_card_one_does_not_hold_or_out_of_turn():
    g = start(F, "rufspiel E", 1)
    with pytest.raises(IllegalActionError, match="turn"):
        g.apply(parse_action("GO"), 1)
    with pytest.raises(IllegalActionError, match="hold"):
        g.apply(parse_action("GO"), 0)
    play(g, "GK SA")
    with pytest.raises(IllegalActionError, match="follow"):
        g.apply(parse_action("GU"), 2)
    with pytest.raises(IllegalActionError, match="follow"):
        g.apply(parse_action("EA"), 2)


# -- the called Sau -------------------------------------------------------------------------------

# Deal A: seat 0 calls the Gras-Sau; seat 2 holds GA and one more Gras card (G9).
A = [
    "EO GO HO SO GK HA HZ SA",
    "EA EZ EK E9 SZ SK S9 G7",
    "GA G9 EU GU HK H9 E8 E7",
    "HU SU GZ G8 H8 H7 S8 S7",
]
# Deal B: the same call; seat 2 holds four Gras cards (GA GZ G9 G8) and may run away.
B = [
    "EO GO HO SO GK HA HZ SA",
    "EA EZ EK E9 SZ SK S9 G7",
    "GA GZ G9 G8 EU HK E8 E7",
    "HU SU GU H9 H8 H7 S8 S7",
]


def test_holder_must_play_the_called_sau_when_its_suit_is_led():
    g = start(A, "rufspiel G", 0)
    assert g.view(0).partner is None  # hidden
    play(g, "GK G7")
    assert legal_cards(g) == {"GA"}  # not G9
    play(g, "GA")
    assert g.view(0).partner == 2 and g.view(1).partner == 2  # revealed by the Sau
    assert legal_cards(g) == {"GZ", "G8"}


def test_holder_may_not_discard_the_sau_nor_lead_another_card_of_its_suit():
    g = start(A, "rufspiel G", 0)
    play(g, "SA S9")
    # seat 2 is void in Schellen, but the called Sau may not be discarded
    assert legal_cards(g) == {"G9", "EU", "GU", "HK", "H9", "E8", "E7"}
    play(g, "EU")
    assert legal_cards(g) == {"S8", "S7"}  # SU is a trump
    play(g, "S8")
    assert g.to_move == 2  # EU won
    # leading the called suit means leading the Sau itself (2 Gras cards: no running away)
    assert legal_cards(g) == {"GA", "GU", "HK", "H9", "E8", "E7"}
    with pytest.raises(IllegalActionError, match="Sau"):
        play(g, "G9")


def test_davonlaufen_with_four_cards():
    g = start(B, "rufspiel G", 0)
    play(g, "SA S9 EU S8")
    assert g.to_move == 2
    # four Gras cards (the Sau included), leading, Gras not yet led: may run away
    assert legal_cards(g) == {"GA", "GZ", "G9", "G8", "HK", "E8", "E7"}
    play(g, "G9")
    assert legal_cards(g) == {"HU", "SU", "GU", "H9", "H8", "H7", "S7"}  # GU trump: void
    play(g, "S7 GK G7")
    assert g.tricks[1].winner == 0  # GK beats G9 G7
    assert g.view(1).partner is None  # running away does not show the Sau
    play(g, "EO E9 HK H7")
    play(g, "GO")
    # from now on the Sau is a normal card: seat 2 (void in trumps) may discard it
    play(g, "EZ")
    assert "GA" in legal_cards(g)
    play(g, "GA")


def test_after_running_away_the_sau_need_not_follow():
    # seat 0 calls Gras holding GK G7; seat 2 holds GA GZ G9 G8 and runs away with G9
    hands = [
        "EO GO HO SO HA SA GK G7",
        "EA EZ EK E9 SZ SK S9 HZ",
        "GA GZ G9 G8 EU HK E8 E7",
        "HU SU GU H9 H8 H7 S8 S7",
    ]
    g = start(hands, "rufspiel G", 0)
    play(g, "SA S9 EU S8")  # EU trumps: seat 2 leads
    play(g, "G9 S7 GK E9")  # runs away; GK wins
    assert g.to_move == 0
    play(g, "G7 EA")
    # the called suit is led again, but the Sau is a normal card now
    assert legal_cards(g) == {"GA", "GZ", "G8"}


def test_davonlaufen_counts_the_suit_at_that_moment():
    g = start(B, "rufspiel G", 0)
    play(g, "SA S9 G8 S8")  # seat 2 discards G8: now only GA GZ G9
    play(g, "HZ E9 EU H7")  # EU wins: seat 2 leads
    assert g.to_move == 2
    assert legal_cards(g) == {"GA", "HK", "E8", "E7"}


@pytest.mark.parametrize(("minimum", "may_run"), [(4, True), (5, False)])
def test_davonlaufen_min_option(minimum, may_run):
    g = start(B, "rufspiel G", 0, rules_of(davonlaufen_min=minimum))
    play(g, "SA S9 EU S8")
    assert ("G9" in legal_cards(g)) is may_run
    assert "GA" in legal_cards(g)


def test_davonlaufen_min_two_lets_a_two_card_holder_run():
    g = start(A, "rufspiel G", 0, rules_of(davonlaufen_min=2))
    play(g, "SA S9 EU S8")
    assert "G9" in legal_cards(g)


def test_called_sau_is_played_in_the_last_trick():
    # GAMES["SAU_last"] is deal A where Gras is never led: seat 2 keeps GA to the end.
    assert GAMES["SAU_last"]["hands"] == A
    g = replay_game("SAU_last", upto=6)
    assert g.to_move == 1
    play(g, "SZ")
    # trick 7: seat 2 holds GA G9, is void in Schellen: it must discard G9, not the Sau
    assert g.hand(2) == {parse_action("GA"), parse_action("G9")}
    assert legal_cards(g) == {"G9"}
    play(g, "G9 S8 HO")
    assert g.to_move == 0
    play(g, "EO G7")
    assert legal_cards(g) == {"GA"}  # the last card: simply played
    play(g, "GA GZ")
    assert g.is_over()


def test_non_holder_may_lead_and_discard_called_suit_freely():
    g = start(A, "rufspiel G", 0)
    play(g, "SA S9 EU S8")
    play(g, "E7")  # seat 2 leads Eichel
    play(g, "S7")  # seat 3 void in Eichel: discards
    play(g, "GK")  # declarer (no Eichel) may discard Gras: Gras is not led by that
    assert legal_cards(g) == {"EA", "EZ", "EK", "E9"}


def test_declarer_leading_called_suit_forces_the_sau():
    g = start(A, "rufspiel G", 0)
    play(g, "GK")
    play(g, "G7")
    assert legal_cards(g) == {"GA"}


# -- which contracts a hand may name --------------------------------------------------------


def _names(game):
    return {action_name(a) for a in game.legal_actions() if is_name(a)}


def _to_naming(hands, declarer, rules="standard"):
    g = new_game(hands, rules)
    knock_round(g)
    while g.phase == "bidding":
        g.apply(SPIEL if g.to_move == declarer else WEITER)
    return g


def test_called_sau_choices():
    g = _to_naming(F, 1)  # seat 1: E9 (no EA), holds SA, Gras only GO
    names = _names(g)
    assert "rufspiel E" in names
    assert "rufspiel S" not in names  # holds the Schellen-Sau
    assert "rufspiel G" not in names  # GO is no plain Gras card
    g = _to_naming(A, 0)  # seat 0: GK (no GA), holds SA, no plain Eichel (EO is trump)
    names = _names(g)
    assert "rufspiel G" in names and "rufspiel E" not in names and "rufspiel S" not in names


def test_herz_can_never_be_called():
    with pytest.raises(ActionError):
        parse_action("rufspiel H", naming=True)
    g = _to_naming(F, 0)  # seat 0 holds H7 H8 and not HA
    assert not any(n.startswith("rufspiel H") for n in _names(g))


# Deal C: seat 0 holds all three callable Sau; seat 3 holds no plain E/G/S card at all.
C = [
    "EA GA SA E9 G9 S9 HO HU",
    "EZ GZ SZ EK GK SK EO GO",
    "E8 G8 S8 E7 G7 S7 SO EU",
    "HA HZ HK H9 H8 H7 GU SU",
]


@pytest.mark.parametrize("seat", [0, 3])
def test_no_rufspiel_without_a_callable_sau(seat):
    g = _to_naming(C, seat)
    assert not any(n.startswith("rufspiel") for n in _names(g))
    assert "wenz" in _names(g)
    only_ruf = new_game(C, rules_of(contracts=["rufspiel"]))
    while only_ruf.to_move != seat:
        only_ruf.apply(WEITER)
    assert only_ruf.legal_actions() == [WEITER]  # no contract it could play
    with pytest.raises(IllegalActionError):
        only_ruf.apply(SPIEL)


def _rules(**kw):
    return rules_of(**kw)


def test_sie_needs_all_eight_ober_and_unter():
    sie = [
        "EO GO HO SO EU GU HU SU",
        "EA EZ EK E9 E8 E7 GA GZ",
        "GK G9 G8 G7 HA HZ HK H9",
        "H8 H7 SA SZ SK S9 S8 S7",
    ]
    g = _to_naming(sie, 0)
    assert "sie" in _names(g)
    seven = [
        "EO GO HO SO EU GU HU HA",
        "EA EZ EK E9 E8 E7 GA GZ",
        "GK G9 G8 G7 SU HZ HK H9",
        "H8 H7 SA SZ SK S9 S8 S7",
    ]
    g = _to_naming(seven, 0)
    assert "sie" not in _names(g)
    assert "solo H tout" in _names(g)


def test_games_compare_by_state_and_errors_share_one_base():
    from schafkopf import GameNotOverError, NothingToUndoError, SchafkopfError
    from schafkopf.cards import CardError
    from schafkopf.record import RecordError
    from schafkopf.rules import RulesError

    g = Game(seed=5)
    assert g.copy() == g and Game(seed=5) == g and Game(seed=6) != g
    with pytest.raises(NothingToUndoError):
        g.undo()
    with pytest.raises(GameNotOverError):
        g.result()
    h = g.copy()
    h.apply(h.legal_actions()[0])
    assert h != g
    h.undo()
    assert h == g
    for error in (GameNotOverError, NothingToUndoError, IllegalActionError, RulesError,
                  RecordError, CardError):  # fmt: skip
        assert issubclass(error, SchafkopfError) and issubclass(error, ValueError)
        assert error.code and error.code != SchafkopfError.code


def test_legal_actions_is_the_same_kind_of_thing_on_game_and_view():
    g = Game(seed=2)
    seat = g.to_move
    assert seat is not None
    view = g.view(seat)
    assert view.legal_actions() == g.legal_actions(seat) == list(view.legal)
    assert isinstance(view.legal_actions(), list) and isinstance(view.legal, tuple)


def test_an_illegal_action_carries_its_reason_and_parameters():
    """The engine's refusals carry a code and parameters, for each face to word itself."""
    from schafkopf.actions import DOUBLE

    g = Game(seed=2)
    seat = g.to_move
    assert seat is not None
    with pytest.raises(IllegalActionError) as e:
        g.apply(WEITER, (seat + 1) % 4)
    assert e.value.reason == "not_your_turn" and e.value.params["to_move"] == seat
    with pytest.raises(IllegalActionError) as e:
        g.apply(DOUBLE, seat)
    assert e.value.reason == "no_contract_yet" and e.value.params["action"] == "kontra"
    with pytest.raises(IllegalActionError) as e:
        g.apply(999)
    assert e.value.reason == "not_an_action" and "0..", str(e.value)


def test_every_refused_card_names_its_rule():
    import random

    rules = {"must_follow", "must_play_called_sau", "may_not_discard_called_sau",
             "must_lead_called_sau"}  # fmt: skip
    seen = set()
    for seed in range(30):
        g, rng = Game(seed=seed), random.Random(seed)
        while not g.is_over():
            seat = g.to_move
            assert seat is not None
            if g.phase == "play":
                for c in g.hand(seat):
                    if c not in g.legal_actions(seat):
                        with pytest.raises(IllegalActionError) as e:
                            g.apply(c)
                        assert e.value.reason in rules, e.value.reason
                        seen.add(e.value.reason)
            g.apply(rng.choice(g.legal_actions()))
    assert "must_follow" in seen
