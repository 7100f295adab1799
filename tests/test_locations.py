"""The card location model: its holders agree with the sampler, its weights with its scores,
its fit recovers known weights, and PIMC plays with it."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from schafkopf.arena import run_arena
from schafkopf.game import PLAY, Game, View
from schafkopf.players.base import play_game
from schafkopf.players.heuristic import HeuristicPlayer
from schafkopf.players.locations import (
    FEATURES,
    LocationModel,
    default_model,
    hidden_cards,
    position,
    world_log_weight,
)
from schafkopf.players.pimc import PimcPlayer, _judged_plays
from schafkopf.players.registry import make_player, spec_of
from schafkopf.rules import Ruleset
from schafkopf.sampling import sample_world

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from fit_locations import fit, loglik  # noqa: E402


def _card_decisions(games: int, preset: str = "sauspiel") -> list[tuple[View, Game]]:
    """Views at the card decisions of rule-based games, each with the game at that moment."""
    rules = Ruleset.preset(preset)
    player = HeuristicPlayer("h")
    out = []
    for i in range(games):
        g = Game(rules, seed=500 + i)
        rng = random.Random(i)
        while g.to_move is not None:
            s = g.to_move
            v = g.view(s)
            if g.phase == PLAY and g.contract is not None:
                out.append((v, g.copy()))
            g.apply(player.choose(v, rng), s)
    return out


def test_holders_agree_with_the_true_deal_and_the_sampler() -> None:
    rng = random.Random(2)
    checked = 0
    for view, g in _card_decisions(12)[::5]:
        pos = position(view)
        if pos is None:
            continue  # Ramsch: the model does not apply
        world = sample_world(view, rng)
        for c in range(32):
            if not pos.constraints.pool >> c & 1:
                continue
            holders = pos.holders(c)
            owner = next(s for s in range(4) if g.hands[s] >> c & 1)
            sampled = next(s for s in range(4) if world.hands[s] >> c & 1)
            assert owner in holders and sampled in holders and view.seat not in holders
            checked += 1
        assert all(len(pos.holders(c)) > 1 for c in hidden_cards(pos))
    assert checked > 200


def test_a_world_weighs_the_summed_scores_of_where_it_puts_the_hidden_cards() -> None:
    model = default_model()
    for view, g in _card_decisions(4)[::7]:
        scores = model.scores(view)
        if scores is None:
            continue
        expected = sum(
            scores[c][s]
            for s in range(4)
            if s != view.seat
            for c in range(32)
            if g.hands[s] >> c & 1
        )
        assert world_log_weight(scores, g.hands, view.seat) == pytest.approx(expected)
        for c in range(32):  # nothing scored outside the hidden cards' possible holders
            for s in range(4):
                if scores[c][s]:
                    assert view.rules.deck_mask >> c & 1 and s != view.seat


def test_the_model_round_trips_and_refuses_other_features() -> None:
    model = default_model()
    assert len(model.weights) == len(FEATURES)
    assert LocationModel.from_json(model.to_json()) == model
    with pytest.raises(ValueError, match="other features"):
        LocationModel.from_json({"features": ["bias"], "weights": [0.0]})
    w = dict(zip(FEATURES, model.weights, strict=True))
    # fitted to self-play: a solo's declarer holds the top trumps, not its defenders
    assert w["declarer_solo:trump_top2"] > w["defender:trump_top2"] + 0.3


def test_the_fit_recovers_known_weights() -> None:
    rng = np.random.default_rng(4)
    true = rng.normal(0, 0.7, len(FEATURES))
    groups = []
    for k in (2, 3):
        x = rng.normal(0, 1, (6000, k, len(FEATURES)))
        z = x @ true
        p = np.exp(z - z.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        y = np.array([rng.choice(k, p=row) for row in p], dtype=float)
        groups.append((x, y))
    w = fit(groups, ridge=1.0)
    assert np.max(np.abs(w - true)) < 0.15
    assert loglik(groups, w)[0] >= loglik(groups, true)[0] - 1.0


def test_pimc_plays_with_the_learned_locations() -> None:
    spec = "pimc:samples=4,inference=true,inference_model=locations"
    player = make_player(spec)
    assert isinstance(player, PimcPlayer) and spec_of(player, "pimc") == spec
    rules = Ruleset.preset("sauspiel")
    for seed in range(2):
        g = Game(rules, seed=seed)
        play_game(g, [player, HeuristicPlayer("a"), HeuristicPlayer("b"), HeuristicPlayer("c")],
                  random.Random(seed))  # fmt: skip
        assert g.is_over()
    with pytest.raises(ValueError, match="inference_model"):
        PimcPlayer(inference=True, inference_model="oracle")
    with pytest.raises(ValueError, match="judged_plays"):
        PimcPlayer(judged_plays=-1)


def test_inference_judges_the_last_card_plays_it_is_told() -> None:
    for view, _g in _card_decisions(3)[20::9]:
        eight, every, none = (_judged_plays(view, n) for n in (8, 32, 0))
        assert none == frozenset() and eight <= every and _judged_plays(view) == eight
        cards = [i for i, (_s, a) in enumerate(view.history) if a < 32]
        assert every == {i for i in cards if view.history[i][0] != view.seat}


def test_the_script_fits_arena_records(tmp_path: Path) -> None:
    run_arena("standard", ["heuristic", "heuristic"], deals=12, seed=5, workers=1, out_dir=tmp_path,
              progress=False)  # fmt: skip
    script = str(ROOT / "scripts" / "fit_locations.py")
    out = subprocess.run([sys.executable, script, str(tmp_path / "games.jsonl"), "--compare", "4"],
                         capture_output=True, text=True, timeout=600)  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "held out by games" in out.stdout and "inference, all plays" in out.stdout
    assert "declarer_solo:trump_top2" in out.stdout
