"""Bidding: the interest round, settling by rank (both rankings, Bettel), all pass, Klopfen, Sie."""

from __future__ import annotations

import pytest

from conftest import knock_round, new_game, replay_game, rules_of, say
from schafkopf.actions import (
    KLOPFEN,
    NICHT_KLOPFEN,
    SPIEL,
    WEITER,
    action_name,
    is_name,
    is_offer,
)
from schafkopf.cards import CardSet
from schafkopf.game import IllegalActionError
from schafkopf.record import RecordError
from schafkopf.rules import Kind

# Deal F: no hand holds all 8 Ober/Unter; every seat can play a Farbsolo, Wenz, Geier.
F = [
    "GK G9 S7 S8 E7 E8 H7 H8",
    "GO EU HU SU HA E9 SA SZ",
    "GU G8 G7 EA EZ SK S9 HK",
    "EO HO SO GA GZ EK HZ H9",
]
SIE = [
    "EA EZ EK E9 E8 E7 GA GZ",
    "GK G9 G8 G7 HA HZ HK H9",
    "EO GO HO SO EU GU HU SU",
    "H8 H7 SA SZ SK S9 S8 S7",
]


def offers(game):
    return {action_name(a) for a in game.legal_actions() if is_offer(a)}


def names(game):
    return {action_name(a) for a in game.legal_actions() if is_name(a)}


# -- the interest round ------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_every_player_speaks_once_from_vorhand(dealer):
    g = new_game(F, dealer=dealer)
    assert g.phase == "bidding"
    order = []
    for _ in range(4):
        order.append(g.to_move)
        assert set(g.legal_actions()) == {WEITER, SPIEL}
        for other in range(4):
            if other != g.to_move:
                assert g.legal_actions(other) == []
        g.apply(WEITER)
    assert order == [(dealer + 1 + i) % 4 for i in range(4)]
    assert g.is_over()  # all passed


def test_single_spiel_names_anything_including_rufspiel():
    g = new_game(F)
    say(g, "weiter", "spiel", "weiter", "weiter")
    assert g.phase == "naming" and g.to_move == 1
    assert {"rufspiel E", "solo E", "solo H", "wenz", "geier", "solo G tout"} <= names(g)
    say(g, "rufspiel E")
    assert g.contract is not None and g.contract.kind is Kind.RUFSPIEL
    assert g.contract.declarer == 1 and g.partner == 2  # seat 2 holds EA


def test_later_spiel_commits_above_rufspiel():
    # Only Rufspiel allowed: after an earlier spiel, nobody can say spiel again.
    g = new_game(F, rules_of(contracts=["rufspiel"]))
    say(g, "spiel")
    assert g.legal_actions() == [WEITER]
    with pytest.raises(IllegalActionError):
        g.apply(SPIEL)
    # Standard: a later spiel is allowed, but only offers above Rufspiel follow.
    g = new_game(F)
    say(g, "spiel", "spiel", "weiter", "weiter")
    assert g.phase == "settling" and g.to_move == 1
    assert offers(g) == {
        "solo", "wenz", "geier", "solo tout", "wenz tout", "geier tout",
    }  # fmt: skip


def test_settling_earlier_seat_wins_ties():
    g = new_game(F)
    say(g, "spiel", "spiel", "weiter", "weiter")
    say(g, "solo")  # seat 1 (later) offers a Farbsolo
    assert g.to_move == 0
    # seat 0 sits before the holder: equal rank suffices
    assert "solo" in offers(g)
    say(g, "solo")
    assert g.to_move == 1
    # seat 1 sits after the holder: must go strictly higher
    assert "solo" not in offers(g)
    assert {"wenz", "geier", "solo tout"} <= offers(g)
    say(g, "weiter")
    assert g.phase == "naming" and g.to_move == 0
    # the contract is named only now: suit (and Tout); nothing below the offer
    # the last unbeaten offer is the contract: a Farbsolo in a suit, Tout may still be added
    assert names(g) == {
        "solo E", "solo G", "solo H", "solo S",
        "solo E tout", "solo G tout", "solo H tout", "solo S tout",
    }  # fmt: skip
    say(g, "solo S")
    assert (g.contract.kind, g.contract.declarer, g.contract.suit) == (Kind.SOLO, 0, 3)


def test_an_offered_tout_must_be_named_as_tout():
    g = new_game(F)
    say(g, "spiel", "spiel", "weiter", "weiter")
    say(g, "wenz tout")
    say(g, "weiter")  # seat 0 yields
    assert g.phase == "naming" and g.to_move == 1
    assert names(g) == {"wenz tout"}
    say(g, "wenz tout")
    assert g.contract.kind is Kind.WENZ and g.contract.tout and g.contract.declarer == 1


def test_settling_three_interested_standard_ranking():
    g = new_game(F)
    say(g, "spiel", "weiter", "spiel", "spiel")
    assert g.phase == "settling" and g.to_move == 2
    say(g, "wenz")  # seat 2 holds with Wenz
    assert g.to_move == 3
    # standard ranking: Rufspiel < Farbsolo < Wenz < Geier < the Tout versions < Sie
    assert offers(g) == {"geier", "solo tout", "wenz tout", "geier tout"}
    say(g, "weiter")
    assert g.to_move == 0
    assert offers(g) == {"wenz", "geier", "solo tout", "wenz tout", "geier tout"}
    say(g, "wenz")
    assert g.to_move == 2
    assert offers(g) == {"geier", "solo tout", "wenz tout", "geier tout"}
    say(g, "geier")
    assert g.to_move == 0
    assert offers(g) == {"geier", "solo tout", "wenz tout", "geier tout"}
    say(g, "weiter")
    assert g.phase == "naming" and g.to_move == 2
    assert names(g) == {"geier", "geier tout"}
    say(g, "geier")
    assert g.contract.kind is Kind.GEIER and g.contract.declarer == 2


def test_settling_official_ranking():
    # official: Rufspiel < Farbgeier < Geier < Farbwenz < Wenz < Farbsolo < Touts < Sie
    r = rules_of("sauspiel", klopfen=False)
    g = new_game(F, r)
    say(g, "spiel", "spiel", "weiter", "weiter")
    assert offers(g) == {
        "farbgeier", "geier", "farbwenz", "wenz", "solo",
        "farbgeier tout", "geier tout", "farbwenz tout", "wenz tout", "solo tout",
    }  # fmt: skip
    say(g, "geier")
    assert g.to_move == 0
    assert offers(g) == {
        "geier", "farbwenz", "wenz", "solo",
        "farbgeier tout", "geier tout", "farbwenz tout", "wenz tout", "solo tout",
    }  # fmt: skip
    say(g, "wenz")
    assert offers(g) == {
        "solo", "farbgeier tout", "geier tout", "farbwenz tout", "wenz tout", "solo tout",
    }  # fmt: skip
    say(g, "farbgeier tout")
    assert offers(g) == {
        "farbgeier tout", "geier tout", "farbwenz tout", "wenz tout", "solo tout",
    }  # fmt: skip


def test_rank_numbers():
    std = rules_of()
    order = [
        std.rank(Kind.RUFSPIEL), std.rank(Kind.SOLO), std.rank(Kind.WENZ), std.rank(Kind.GEIER),
        std.rank(Kind.SOLO, True), std.rank(Kind.SIE),
    ]  # fmt: skip
    assert order == sorted(order) and len(set(order)) == len(order)
    for k in (Kind.SOLO, Kind.WENZ, Kind.GEIER):
        assert std.rank(k, True) > std.rank(Kind.GEIER)
        assert std.rank(k, True) < std.rank(Kind.SIE)
    off = rules_of(ranking="official")
    kinds = [Kind.FARBGEIER, Kind.GEIER, Kind.FARBWENZ, Kind.WENZ, Kind.SOLO]
    plain = [off.rank(Kind.RUFSPIEL)] + [off.rank(k) for k in kinds]
    touts = [off.rank(k, True) for k in kinds]
    ladder = [*plain, *touts, off.rank(Kind.SIE)]
    assert ladder == sorted(ladder) and len(set(ladder)) == len(ladder)


@pytest.mark.parametrize("ranking", ["standard", "official"])
def test_bettel_ranks_above_rufspiel_below_the_rest(ranking):
    r = rules_of(ranking=ranking)
    assert r.rank(Kind.RUFSPIEL) < r.rank(Kind.BETTEL)
    for k in (Kind.SOLO, Kind.WENZ, Kind.GEIER, Kind.FARBWENZ, Kind.FARBGEIER):
        assert r.rank(Kind.BETTEL) < r.rank(k)
    # through the settling round
    r = rules_of(ranking=ranking, contracts=["rufspiel", "solo", "wenz", "tout", "bettel"])
    g = new_game(F, r)
    say(g, "spiel", "spiel", "weiter", "weiter")
    assert "bettel" in offers(g)
    say(g, "bettel")
    assert "bettel" in offers(g)  # seat 0: equal rank suffices
    say(g, "solo")
    assert ("bettel" not in offers(g) and "wenz" in offers(g)) or ranking == "official"
    assert "bettel" not in offers(g)


def test_sie_beats_everything_and_is_scored_without_play():
    g = new_game(SIE)
    say(g, "spiel", "weiter", "spiel", "weiter")
    assert "sie" in offers(g)
    say(g, "sie")
    assert g.to_move == 0
    assert offers(g) == set()  # nothing is above Sie; seat 0 cannot play Sie itself
    say(g, "weiter")
    assert g.phase == "naming" and g.to_move == 2
    say(g, "sie")
    assert g.is_over() and not g.tricks
    r = g.result()
    assert r.won is True
    # standard sie_value 4x_base: 4 x solo 2 = 8, paid by each of the three
    assert r.value == 8 and r.payouts == (-8, -8, 24, -8)


# -- all pass -------------------------------------------------------------------------------------


def test_all_pass_redeal_ends_with_zero_payouts():
    g = new_game(F)
    say(g, "weiter", "weiter", "weiter", "weiter")
    assert g.is_over()
    r = g.result()
    assert r.contract is None
    assert r.payouts == (0, 0, 0, 0) and r.stock == 0
    assert g.legal_actions() == [] and all(g.legal_actions(s) == [] for s in range(4))


@pytest.mark.parametrize(("preset", "base"), [("standard", 1), ("sauspiel", 20), ("bsv", 10)])
def test_all_pass_with_stock_everyone_pays_the_rufspiel_base(preset, base):
    g = new_game(F, rules_of(preset, stock=True))
    knock_round(g)
    say(g, "weiter", "weiter", "weiter", "weiter")
    r = g.result()
    assert r.payouts == (-base,) * 4
    assert r.stock == 4 * base  # paid into the Stock
    assert sum(r.payouts) + r.stock == 0


def test_all_pass_ramsch():
    g = new_game(F, rules_of(all_pass="ramsch"))
    say(g, "weiter", "weiter", "weiter", "weiter")
    assert g.phase == "play"
    assert g.contract is not None and g.contract.kind is Kind.RAMSCH
    assert g.contract.declarer is None
    assert g.to_move == 0  # Vorhand leads


# -- Klopfen --------------------------------------------------------------------------------------


def test_no_klopfen_without_the_option():
    g = new_game(F)
    assert g.phase == "bidding"
    assert KLOPFEN not in g.legal_actions()
    with pytest.raises(IllegalActionError):
        g.apply(KLOPFEN)
    with pytest.raises(RecordError, match="klopfen"):
        replay_game("R61", klopfen=[0])


def test_klopfen_round_and_first_packet_view():
    g = new_game(F, "sauspiel", dealer=1)
    assert g.phase == "klopfen" and g.to_move == 2
    for seat in range(4):
        # only the first packet (the first four cards dealt) is visible while knocking
        assert g.view(seat).hand == CardSet.parse(" ".join(F[seat].split()[:4]))
    seen = []
    for _ in range(4):
        seen.append(g.to_move)
        assert set(g.legal_actions()) == {KLOPFEN, NICHT_KLOPFEN}
        g.apply(KLOPFEN if g.to_move in (2, 0) else NICHT_KLOPFEN)
    assert seen == [2, 3, 0, 1]  # each once, from Vorhand
    assert g.phase == "bidding" and g.to_move == 2
    assert g.knocks == (2, 0)
    for seat in range(4):
        assert g.view(seat).hand == CardSet.parse(F[seat])


@pytest.mark.parametrize(
    ("knockers", "factor"), [([], 1), ([0], 2), ([0, 2], 4), ([0, 1, 2, 3], 16)]
)
def test_each_knock_doubles(knockers, factor):
    # R61: Rufspiel won with 61, no Schneider, no Laufende: sauspiel base 20
    g = replay_game("R61", {"preset": "sauspiel"}, klopfen=knockers)
    r = g.result()
    assert r.multiplier == factor
    assert r.value == 20 * factor
    assert r.payouts == (20 * factor, -20 * factor, -20 * factor, 20 * factor)


def test_knocks_double_sie():
    g = new_game(SIE, "sauspiel")
    knock_round(g, [1])
    say(g, "weiter", "weiter", "spiel", "weiter", "sie")
    # sauspiel 4x_value: (50 + 8 x 10) x 4 = 520; one knock: 1040
    assert g.result().value == 1040


def test_actions_as_text_in_german_and_english():
    """One parser: the game takes a card token or words, and says what ambiguous or
    unknown text could mean."""
    from schafkopf.actions import name_action
    from schafkopf.game import NAMING, Game

    g = Game(seed=3)
    g.apply("ich spiel")
    for _ in range(3):
        g.apply("pass")
    assert g.phase == NAMING
    solo_herz = name_action(Kind.SOLO, 2)
    assert g.read_action("solo herz") == solo_herz == g.read_action("Solo H")
    assert g.describe(solo_herz) == "solo H"
    with pytest.raises(IllegalActionError, match="could mean: solo E, solo G, solo H, solo S"):
        g.apply("solo")  # a kind without its suit: every solo it could be is listed
    with pytest.raises(IllegalActionError, match="is no action now; legal are: "):
        g.apply("hochzeit")
    g.apply("solo herz")
    assert g.phase == "play" and g.contract is not None
    card = g.legal_actions()[0]
    g.play(g.describe(card))  # a card by its token
    assert g.history[-1][1] == card and len(g.trick) == 1
