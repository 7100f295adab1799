"""The bidding model: its features, the committed weights, and PIMC bidding by it."""

from __future__ import annotations

import random

import pytest

from schafkopf.cards import HERZ, parse_card
from schafkopf.game import Game
from schafkopf.players.base import play_game
from schafkopf.players.bidding import FAMILIES, FEATURES, BiddingModel, default_model, features
from schafkopf.players.pimc import PimcPlayer
from schafkopf.rules import Kind, Ruleset

RULES = Ruleset.preset("sauspiel")


def _hand(tokens: str) -> int:
    mask = 0
    for t in tokens.split():
        mask |= 1 << parse_card(t)
    return mask


STRONG = _hand("EO GO HO SO EU HA HZ EA")
"""A Herz-Solo a child would win: four Ober, an Unter, Herz-Sau and -Zehn, Eichel-Sau."""
WEAK = _hand("E7 E8 G7 G8 S7 S9 H7 GU")


def test_features_count_the_run_the_high_trumps_and_the_called_suit() -> None:
    x = dict(zip(FEATURES, features(STRONG, RULES, Kind.SOLO, HERZ, 0), strict=True))
    assert x["bias"] == 1.0 and x["trumps"] == 7 and x["high_trumps"] == 4 and x["run"] == 4
    assert x["ober"] == 4 and x["unter"] == 1 and x["sauen"] == 1 and x["voids"] == 2
    assert x["leads"] == 1.0 and x["position"] == 0.0 and x["margin"] > 0
    ruf = dict(zip(FEATURES, features(WEAK, RULES, Kind.RUFSPIEL, 0, 3), strict=True))
    assert ruf["called"] == 2 and ruf["called_zehn"] == 0 and ruf["run"] == 0
    assert ruf["leads"] == 0.0 and ruf["position"] == 1.0


def test_the_committed_model_ranks_hands_and_stays_a_chance() -> None:
    model = default_model()
    assert set(model.families) <= set(FAMILIES) and Kind.RUFSPIEL in model.families
    strong = model.chance(STRONG, RULES, Kind.SOLO, HERZ, 0)
    weak = model.chance(WEAK, RULES, Kind.SOLO, HERZ, 0)
    assert strong is not None and weak is not None and 0.0 <= weak < strong <= 1.0
    assert strong > 0.8 and weak < 0.3
    assert model.chance(STRONG, RULES, Kind.BETTEL, None, 0) is None  # left to sampling
    for fam in model.families.values():
        assert fam.table_slope > 0  # a better open-hand chance is a better chance at the table
    assert BiddingModel.from_json(model.to_json()) == model
    with pytest.raises(ValueError, match="other features"):
        BiddingModel.from_json(model.to_json() | {"features": ["bias"]})


def test_pimc_bids_by_the_model_reproducibly() -> None:
    with pytest.raises(ValueError, match="bidding"):
        PimcPlayer(bidding="gut feeling")
    runs = []
    for _ in range(2):
        games = []
        for seed in range(4):
            bots = [PimcPlayer(samples=4, bid_samples=4, bidding="model") for _ in range(4)]
            g = play_game(Game(RULES, seed=seed), bots, random.Random(seed))
            games.append(list(g.history))
        runs.append(games)
    assert runs[0] == runs[1]
