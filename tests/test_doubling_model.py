"""The Kontra/Re model: its features, the committed weights, and PIMC's doubling modes."""

from __future__ import annotations

import random

import pytest

from schafkopf.actions import DOUBLE
from schafkopf.game import PLAY, Game
from schafkopf.players.base import play_game
from schafkopf.players.doubling import FEATURES, DoublingModel, default_model, features
from schafkopf.players.heuristic import HeuristicPlayer
from schafkopf.players.pimc import PimcPlayer
from schafkopf.rules import Kind, Ruleset

RULES = Ruleset.preset("sauspiel")


def _named(seed: int, kind: Kind | None = None) -> Game:
    """A sauspiel game of rule-based bidding, stopped at its first card (a contract named,
    of ``kind`` if given)."""
    for s in range(seed, seed + 200):
        g = Game(RULES, seed=s)
        bots = [HeuristicPlayer() for _ in range(4)]
        rng = random.Random(s)
        while g.phase != PLAY and not g.is_over():
            mover = g.to_move
            assert mover is not None
            g.apply(bots[mover].choose(g.view(mover), rng), mover)
        c = g.contract
        playing = g.phase == PLAY and c is not None and c.kind is not Kind.RAMSCH
        if playing and (kind is None or c.kind is kind):  # type: ignore[union-attr]
            return g
    raise AssertionError("no contract in 200 deals")


def _defender(g: Game) -> int:
    return next(s for s in range(4) if s not in g.declarers and DOUBLE in g.legal_actions(s))


def test_features_read_the_seat_and_the_contract() -> None:
    g = _named(1)
    seat = _defender(g)
    x = features(g.view(seat), 0.5)
    assert len(x) == len(FEATURES) and x[0] == 1.0
    assert x[FEATURES.index("logit_p")] == 0.0
    assert x[FEATURES.index("declarer_side")] == 0.0 and x[FEATURES.index("after_kontra")] == 0.0
    assert features(g.view(seat), 0.9)[1] > 0 > features(g.view(seat), 0.1)[1]
    assert features(g.view(seat), 1.0)[1] == features(g.view(seat), 0.99)[1]  # clipped
    trumps = FEATURES.index("trumps")
    assert 0 <= x[trumps] <= 8 and x[FEATURES.index("high_trumps")] <= min(4.0, x[trumps])
    g.apply(DOUBLE, seat)
    declarer = g.contract.declarer  # type: ignore[union-attr]
    re = features(g.view(declarer), 0.5)
    assert re[FEATURES.index("declarer_side")] == 1.0 and re[FEATURES.index("after_kontra")] == 1.0


def test_the_committed_model_is_calibrated_upwards_and_says_each_side_its_word() -> None:
    model = default_model()
    assert len(model.weights) == len(FEATURES)
    assert model.weights[FEATURES.index("logit_p")] > 0  # more worlds won, a higher chance
    assert 0.2 <= model.kontra_bar <= 0.6 and 0.5 <= model.re_bar <= 0.95
    g = _named(3, Kind.RUFSPIEL)  # a solo is won so often that no sampled chance says Kontra
    seat = _defender(g)
    view = g.view(seat)
    assert model.chance(view, 0.02) < model.chance(view, 0.5) < model.chance(view, 0.98)
    assert model.says(view, 0.0) and not model.says(view, 1.0)
    p = model.chance(view, 0.3)
    assert model.says(view, 0.3, kontra_bar=p) and not model.says(view, 0.3, kontra_bar=p - 1e-6)
    g.apply(DOUBLE, seat)
    declarer = g.view(g.contract.declarer)  # type: ignore[union-attr]
    assert model.says(declarer, 1.0) and not model.says(declarer, 0.0)
    assert DoublingModel.from_json(model.to_json()) == model
    with pytest.raises(ValueError, match="other features"):
        DoublingModel.from_json(model.to_json() | {"features": ["bias"]})


def test_pimc_doubles_by_the_model_or_never_as_told() -> None:
    with pytest.raises(ValueError, match="doubling"):
        PimcPlayer(doubling="sometimes")
    said = {}
    for mode in ("never", "model"):
        runs = []
        for _ in range(2):
            games = []
            for seed in range(4):
                bots = [PimcPlayer(samples=4, bid_samples=4, doubling=mode) for _ in range(4)]
                g = play_game(Game(RULES, seed=seed), bots, random.Random(seed))
                games.append((list(g.history), g.doublings))
            runs.append(games)
        assert runs[0] == runs[1]  # the same seeds, the same game
        said[mode] = sum(len(d) for _h, d in runs[0])
    assert said["never"] == 0
