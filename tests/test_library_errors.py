"""Misuse of the library's public calls: each raises a :class:`SchafkopfError` with a code
(an :class:`IllegalActionError` also with its reason and params) and leaves the game as it
was, never a bare IndexError, TypeError or a wrong answer."""

from __future__ import annotations

import io
import pickle
from collections.abc import Callable

import numpy as np
import pytest

from schafkopf import Game, SchafkopfError, augen, card_name, card_token, parse_card
from schafkopf.actions import DOUBLE, contract_of, offer_of
from schafkopf.errors import GameNotOverError, IllegalActionError, NothingToUndoError, SeatError
from schafkopf.record import Record, RecordError
from schafkopf.rules import Ruleset
from schafkopf.sampling import SamplingError
from schafkopf.search.solver import SolverError, move_brackets, solve


def in_play() -> Game:
    """A Rufspiel in its first trick (seat 1 to play)."""
    g = Game(dealer=3, seed=42)
    for said in ("spiel", "weiter", "pass", "weiter", "rufspiel auf die Eichel-Sau", "EZ"):
        g.apply(said)
    return g


def finished() -> Game:
    g = Game(seed=5)
    while not g.is_over():
        g.apply(g.legal_actions()[0])
    return g


MISUSES: dict[str, tuple[Callable[[], Game], Callable[[Game], object], str]] = {
    "hand of no seat": (Game, lambda g: g.hand(9), "no_seat"),
    "hand of a negative seat": (Game, lambda g: g.hand(-1), "no_seat"),
    "legal actions of no seat": (in_play, lambda g: g.legal_actions(-1), "no_seat"),
    "is_legal for no seat": (in_play, lambda g: g.is_legal(DOUBLE, 5), "no_seat"),
    "view of no seat": (Game, lambda g: g.view(4), "no_seat"),
    "view of a bool": (Game, lambda g: g.view(True), "no_seat"),
    "visible hand of a negative seat": (Game, lambda g: g.visible_hand(-1), "no_seat"),
    "partner as no seat knows it": (in_play, lambda g: g.known_partner(9), "no_seat"),
    "card name of no card": (Game, lambda g: card_name(40), "card"),
    "card points of no card": (Game, lambda g: augen(-1), "card"),
    "token of a bool": (Game, lambda g: card_token(True), "card"),
    "reading a number as a card": (Game, lambda g: parse_card(5), "card"),  # type: ignore[arg-type]
    "offer of no offer": (Game, lambda g: offer_of(0), "bad_action"),
    "contract of no naming": (Game, lambda g: contract_of(40, 0), "bad_action"),
    "result of a game in play": (in_play, lambda g: g.result(), "game_not_over"),
    "solving the bidding": (Game, lambda g: solve(g), "not_solvable"),
    "brackets out of order": (in_play, lambda g: move_brackets(g, [61, 31]), "not_solvable"),
}


@pytest.mark.parametrize("name", MISUSES)
def test_a_misuse_raises_a_coded_error_and_changes_nothing(name: str) -> None:
    make, misuse, code = MISUSES[name]
    g = make()
    before = g.copy()
    with pytest.raises(SchafkopfError) as e:
        misuse(g)
    assert e.value.code == code
    assert g == before


REFUSALS: dict[str, tuple[Callable[[], Game], Callable[[Game], object], str, dict[str, object]]] = {
    "a bool as a card": (in_play, lambda g: g.apply(True), "not_an_action", {"action": True}),
    "a float as a card": (in_play, lambda g: g.apply(3.0), "not_an_action", {"action": 3.0}),  # type: ignore[arg-type]
    "no seat": (in_play, lambda g: g.apply(0, 7), "no_seat", {"seat": 7}),
    "text naming nothing": (in_play, lambda g: g.apply("xyz"), "not_an_action", {"text": "xyz"}),
    "any action once over": (finished, lambda g: g.apply(0), "game_over", {"action": 0}),
    "a seat's action once over": (finished, lambda g: g.apply(0, 0), "game_over", {"seat": 0}),
    "undo at the start": (Game, lambda g: g.undo(), "nothing_to_undo", {}),
}


@pytest.mark.parametrize("name", REFUSALS)
def test_a_refused_action_says_why_with_a_reason_and_params(name: str) -> None:
    make, misuse, reason, params = REFUSALS[name]
    g = make()
    before = g.copy()
    with pytest.raises(IllegalActionError) as e:
        misuse(g)
    assert e.value.reason == reason, e.value
    assert params.items() <= e.value.params.items(), e.value.params
    assert g == before and g.history == before.history


def test_ambiguous_text_lists_what_it_could_mean() -> None:
    g = Game(seed=3)
    for said in ("ich spiel", "pass", "pass", "pass"):
        g.apply(said)
    with pytest.raises(IllegalActionError) as e:
        g.apply("solo")
    assert e.value.reason == "ambiguous"
    could = e.value.params["could"]
    assert could[:4] == ["solo E", "solo G", "solo H", "solo S"] and "solo H tout" in could


def test_numpy_integers_are_seats_and_actions() -> None:
    """What a numpy policy hands back works as a plain int does (the research interfaces)."""
    g = in_play()
    seat = np.int64(1)
    assert g.legal_actions(seat) == g.legal_actions(1)
    card = np.int64(g.legal_actions()[0])
    g.apply(card, seat)
    assert g.history[-1] == (1, int(card)) and type(g.history[-1][1]) is int


def test_what_apply_refuses_is_not_legal() -> None:
    g = in_play()
    assert g.is_legal(g.legal_actions()[0]) and g.is_legal(np.int64(g.legal_actions()[0]))
    for action in (True, False, 2.0, "EO", None):
        assert not g.is_legal(action)  # type: ignore[arg-type]


def test_numpy_integers_are_cards() -> None:
    assert card_token(np.int64(3)) == card_token(3) and augen(np.int8(0)) == 11
    assert card_name(np.int64(8)) == card_name(8)


def test_a_seat_error_crosses_processes() -> None:
    """Raised in a bot worker or a Ray task, it reaches the parent whole."""
    with pytest.raises(SeatError) as e:
        Game().hand(7)
    again = pickle.loads(pickle.dumps(e.value))
    assert isinstance(again, SeatError) and again.seat == 7 and str(again) == str(e.value)


def test_a_preset_name_is_a_ruleset() -> None:
    assert Game("sauspiel", seed=2).rules == Ruleset.preset("sauspiel")
    with pytest.raises(SchafkopfError) as e:
        Game("sauspil")
    assert e.value.code == "bad_rules"


def test_a_binary_file_is_no_record_file() -> None:
    with pytest.raises(RecordError, match="text file"):
        list(Record.read(io.BytesIO(b"{}")))  # type: ignore[arg-type]


def test_errors_keep_their_older_bases() -> None:
    """Code written before the codes still catches them as it did."""
    assert issubclass(SolverError, ValueError)
    assert issubclass(SamplingError, RuntimeError) and issubclass(SamplingError, SchafkopfError)
    assert issubclass(SeatError, SchafkopfError)
    assert issubclass(GameNotOverError, IllegalActionError)
    assert GameNotOverError("x").reason == "game_not_over"
    assert NothingToUndoError("x").reason == "nothing_to_undo"
