"""The ladder of bot levels: ``level:1`` to ``level:5`` in the registry, the server's ids, and
the beginner's slips."""

from __future__ import annotations

import random

import pytest

from schafkopf.actions import is_card
from schafkopf.game import Game
from schafkopf.players.base import play_game
from schafkopf.players.heuristic import HeuristicPlayer
from schafkopf.players.levels import LADDER, LEVELS, LISTED, level
from schafkopf.players.pimc import PimcPlayer
from schafkopf.players.registry import PlayerSpecError, make_player, parse_spec
from schafkopf.ratings import Rating
from schafkopf.rules import Ruleset
from schafkopf.server.ratings import level_key, load_anchors
from schafkopf.server.table import seat_kind, seat_spec


def test_the_registry_builds_each_level_as_its_spec() -> None:
    for n, lv in enumerate(LADDER, 1):
        assert parse_spec(f"level:{n}") == parse_spec(lv.spec)
        assert repr(make_player(f"level:{n}")) == repr(make_player(lv.spec))
    top = make_player("level:5")
    assert isinstance(top, PimcPlayer) and top.doubling == "model" and top.inference


@pytest.mark.parametrize("spec", ["level:0", "level:6", "level:x", "level:", "level:1,a=1"])
def test_an_unknown_level_is_refused_with_a_code(spec: str) -> None:
    with pytest.raises(PlayerSpecError) as e:
        parse_spec(spec)
    assert e.value.code == "bad_player" and "level:1 to level:5" in str(e.value)


def test_the_page_offers_the_ladder_and_earlier_ids_still_play() -> None:
    assert [lv.id for lv in LISTED] == [f"level:{n}" for n in range(1, 6)]
    assert all(lv.de and lv.en for lv in LEVELS)
    for old in ("heuristic", "pimc", "pimc_inference", "random"):
        found = level(old)
        assert found is not None and not found.listed
        assert seat_kind(seat_spec(old)) == old  # a saved table keeps its word
    for lv in LISTED:
        assert seat_spec(lv.id) == lv.id and seat_kind(seat_spec(lv.id)) == lv.id
        assert level_key(seat_spec(lv.id)) == lv.id


def test_the_levels_measured_under_their_earlier_ids_keep_their_anchors() -> None:
    anchors = load_anchors()
    assert anchors["level:heuristic"] == Rating(25.0, 1.0)  # the rule-based player anchors
    assert anchors["level:4"] == anchors["level:pimc_inference"]
    assert level_key("heuristic") == "level:heuristic"  # not level 3: that bids rashly now
    assert level_key("pimc:samples=20,seconds=0.5,inference=true") == "level:4"
    assert all(f"level:{n}" in anchors for n in range(1, 6))  # every level is rated


def test_a_beginner_slips_but_plays_legal_cards_reproducibly() -> None:
    rules = Ruleset.preset("sauspiel")

    def cards(slips: float, seed: int) -> list[int]:
        players = [HeuristicPlayer(slips=slips) for _ in range(4)]
        g = play_game(Game(rules, seed=seed), players, random.Random(seed))
        return [a for _s, a in g.history if is_card(a)]

    plain = [cards(0.0, s) for s in range(20)]
    assert plain == [cards(0.0, s) for s in range(20)]
    slipping = [cards(0.3, s) for s in range(20)]
    assert slipping == [cards(0.3, s) for s in range(20)]  # the same seed, the same slips
    assert slipping != plain
    with pytest.raises(ValueError, match="slips"):
        HeuristicPlayer(slips=1.5)
    with pytest.raises(ValueError, match="rash"):
        HeuristicPlayer(rash=-1)


def test_a_rash_beginner_plays_more_hands() -> None:
    rules = Ruleset.preset("sauspiel")

    def declared(rash: float) -> int:
        n = 0
        for seed in range(60):
            g = play_game(Game(rules, seed=seed), [HeuristicPlayer(rash=rash)] * 4)
            n += g.contract is not None and g.contract.declarer is not None
        return n

    assert declared(2.0) > declared(0.0)


def test_a_spec_error_names_its_reason_and_crosses_processes() -> None:
    import pickle

    cases = {"genius": "unknown_player", "level:9": "unknown_level", "pimc:x": "not_key_value",
             "pimc:samplez=3": "unknown_option", "pimc:samples=abc": "bad_option_type",
             "pimc:seconds=abc": "bad_option_type", "pimc:inference=maybe": "bad_option_type",
             "heuristic:rash=x": "bad_option_type", "pimc:values=foo": "bad_option",
             "pimc:samples=-1": "bad_option", "heuristic:slips=2": "bad_option"}  # fmt: skip
    for spec, reason in cases.items():
        with pytest.raises(PlayerSpecError) as caught:
            make_player(spec)
        assert caught.value.reason == reason and caught.value.code == "bad_player"
        again = pickle.loads(pickle.dumps(caught.value))
        assert (again.reason, again.params, str(again)) == (
            reason,
            caught.value.params,
            str(caught.value),
        )
    with pytest.raises(PlayerSpecError) as caught:
        make_player("pimc:samplez=3")
    assert (
        caught.value.params["option"] == "samplez" and "samples" in caught.value.params["options"]
    )
    with pytest.raises(PlayerSpecError) as caught:
        make_player("pimc:seconds=abc")  # an optional number: its annotation says which
    assert caught.value.params == {"option": "seconds", "value": "abc", "want": "number"}
    assert "must be a number, got 'abc'" in str(caught.value)  # the engine's own English
    # good values in every type still build: a whole number for a float, a word as typed
    built = make_player("pimc:samples=20,seconds=1,inference=true,values=exact")
    assert isinstance(built, PimcPlayer) and built.seconds == 1 and built.values == "exact"


def test_a_bad_player_option_in_the_arena_is_a_clear_error_not_a_traceback() -> None:
    from typer.testing import CliRunner

    from schafkopf.cli import app

    out = CliRunner().invoke(
        app, ["arena", "--players", "heuristic,pimc:values=foo", "--deals", "1"]
    )
    assert out.exit_code == 2
    assert "Traceback" not in out.output and "values must be one of brackets, exact" in out.output
