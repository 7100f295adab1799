"""How PIMC values worlds: payout brackets by null-window search, stakes, inference weights."""

from __future__ import annotations

import random
import statistics
from collections import Counter

import pytest

from schafkopf.actions import is_card
from schafkopf.benchmark import dealt_rufspiel
from schafkopf.game import PLAY, Game
from schafkopf.players import HeuristicPlayer, play_game
from schafkopf.players.pimc import (
    PimcPlayer,
    _bidding_weight,
    _play_weight,
    _softmax_share,
    _systematic,
)
from schafkopf.players.registry import make_player
from schafkopf.rules import Kind, Ruleset
from schafkopf.sampling import (
    Lean,
    sample_deal,
    sample_deal_weighted,
    sample_world,
    sample_world_weighted,
)
from schafkopf.search.solver import move_brackets, solve
from schafkopf.search.stakes import bracket_stakes as _stakes
from schafkopf.search.stakes import payout_thresholds as _thresholds
from test_solver import VARIANTS, WANTS, random_position


def _bracket(points: int, thresholds: tuple[int, ...]) -> int:
    return sum(1 for t in thresholds if points >= t)


@pytest.mark.parametrize("variant", [v for v, _ in VARIANTS])
def test_move_brackets_equal_the_brackets_of_exact_values(variant: str) -> None:
    """Every legal card's bracket equals the bracket of its exact value, for any thresholds."""
    rules = dict(VARIANTS)[variant]
    rng = random.Random(f"brackets-{variant}")
    checked = 0
    while checked < 150:
        g = random_position(rules, rng, max_tricks=rng.choice((2, 3, 4)), want=rng.choice(WANTS))
        c = g.contract if g is not None else None
        if g is None or c is None or c.kind in (Kind.RAMSCH, Kind.BETTEL) or c.tout:
            continue
        exact = solve(g).moves
        for thresholds in (_thresholds(rules), tuple(sorted(rng.sample(range(0, 125), 3)))):
            got = move_brackets(g, thresholds)
            assert got == {k: _bracket(v, thresholds) for k, v in exact.items()}, (g, thresholds)
        checked += 1


def test_move_brackets_from_the_first_card() -> None:
    thresholds = _thresholds(Ruleset.preset("sauspiel"))
    for seed in range(8):
        g = dealt_rufspiel(seed=seed)
        exact = solve(g).moves
        assert move_brackets(g, thresholds) == {
            k: _bracket(v, thresholds) for k, v in exact.items()
        }


def test_move_brackets_want_ascending_thresholds() -> None:
    g = dealt_rufspiel(seed=1)
    with pytest.raises(ValueError, match="ascend"):
        move_brackets(g, [61, 31])
    with pytest.raises(ValueError, match="ascend"):
        move_brackets(g, [61, 61])


def test_thresholds_follow_the_schneider_rule() -> None:
    assert _thresholds(Ruleset.preset("sauspiel")) == (1, 31, 61, 91, 120)
    assert _thresholds(Ruleset.preset("standard")) == (1, 31, 61, 90, 120)


@pytest.mark.parametrize("preset", ["standard", "sauspiel", "bsv"])
def test_stakes_are_what_scoring_pays(preset: str) -> None:
    """Golden: for finished games the stake of the final bracket is the scored game value
    (Laufende, Schneider included), wherever 0 or 120 points coincide with Schwarz."""
    rules = Ruleset.preset(preset, {"klopfen": False})
    rng = random.Random(preset)
    players = [HeuristicPlayer() for _ in range(4)]
    seen: Counter[str] = Counter()
    for seed in range(400):
        g = play_game(Game(rules, dealer=seed % 4, seed=seed), players, rng)
        r = g.result()
        c = r.contract
        if c is None or c.kind in (Kind.RAMSCH, Kind.BETTEL, Kind.SIE) or c.tout or g.doublings:
            continue
        assert r.declarer_points is not None
        if r.schwarz != (r.declarer_points in (0, 120)):
            continue
        thresholds = _thresholds(rules)
        stake = _stakes(g, c, thresholds)[_bracket(r.declarer_points, thresholds)]
        assert stake == (r.value if r.won else -r.value), (preset, seed)
        seen["laufende" if r.laufende else "plain"] += 1
        seen["schneider" if r.schneider else "normal"] += 1
    assert min(seen.values()) >= 5, seen


def test_systematic_resampling_keeps_proportions() -> None:
    rng = random.Random(3)
    drawn = Counter(_systematic([1.0, 3.0, 0.0, 4.0], 800, rng))
    assert drawn[2] == 0
    assert drawn[0] == pytest.approx(100, abs=1)
    assert drawn[1] == pytest.approx(300, abs=1)
    assert drawn[3] == pytest.approx(400, abs=1)
    assert _systematic([0.0, 0.0], 3, rng) == [0, 1]
    assert len(_systematic([1e-300] * 5, 20, rng)) == 20


def _opponent_view_in_rufspiel(rules: Ruleset, seed: int) -> tuple[Game, int] | None:
    """A rule-based game stopped at its first card, seen by a seat outside the contract."""
    g = Game(rules, dealer=seed % 4, seed=seed)
    players = [HeuristicPlayer() for _ in range(4)]
    rng = random.Random(seed)
    while not g.is_over() and g.phase != PLAY:
        seat = g.to_move
        assert seat is not None
        g.apply(players[seat].choose(g.view(seat), rng), seat)
    c = g.contract
    if g.phase != PLAY or c is None or c.kind is not Kind.RUFSPIEL or c.declarer is None:
        return None
    seat = next(s for s in range(4) if s not in g.declarers)
    return g, seat


def test_bidding_weight_gives_the_declarer_a_callers_hand() -> None:
    """Weighted by the bids, sampled worlds give a Rufspiel declarer more trumps than plain
    sampling does, nearer to what rule-based callers really hold."""
    rules = Ruleset.preset("sauspiel", {"klopfen": False})
    rng = random.Random(9)
    plain, weighted, true = [], [], []
    for seed in range(200):
        found = _opponent_view_in_rufspiel(rules, seed)
        if found is None:
            continue
        g, seat = found
        view = g.view(seat)
        c = g.contract
        assert c is not None and c.declarer is not None
        trump = g.tables.trump_mask
        true.append((g.dealt[c.declarer] & trump).bit_count())
        worlds = [sample_world(view, rng) for _ in range(40)]
        ws = [_bidding_weight(w, view) for w in worlds]
        counts = [(w.dealt[c.declarer] & trump).bit_count() for w in worlds]
        plain.append(statistics.fmean(counts))
        weighted.append(sum(w * k for w, k in zip(ws, counts, strict=True)) / sum(ws))
        assert all(0 < w <= 1 for w in ws)
        if len(true) >= 25:
            break
    assert len(true) >= 25
    assert statistics.fmean(weighted) > statistics.fmean(plain) + 0.5
    assert abs(statistics.fmean(weighted) - statistics.fmean(true)) < abs(
        statistics.fmean(plain) - statistics.fmean(true)
    )


def test_a_lean_of_one_is_the_plain_draw() -> None:
    rules = Ruleset.preset("sauspiel", {"klopfen": False})
    found = _opponent_view_in_rufspiel(rules, 4) or _opponent_view_in_rufspiel(rules, 5)
    assert found is not None
    g, seat = found
    view = g.view(seat)
    assert g.contract is not None and g.contract.declarer is not None
    lean = Lean(g.contract.declarer, g.tables.trump_mask, 1.0)
    for seed in range(20):
        deal, weight = sample_deal_weighted(view, random.Random(seed), lean)
        assert weight == 1.0
        assert deal == sample_deal(view, random.Random(seed))


def test_leaned_draws_weighted_back_follow_the_plain_distribution() -> None:
    """A strong lean gives the declarer more trumps; its importance weights undo that, so the
    weighted mean of the declarer's trumps is the plain draw's (and every deal is legal)."""
    rules = Ruleset.preset("sauspiel", {"klopfen": False})
    found = _opponent_view_in_rufspiel(rules, 4) or _opponent_view_in_rufspiel(rules, 5)
    assert found is not None
    g, seat = found
    view = g.view(seat)
    c = g.contract
    assert c is not None and c.declarer is not None
    trump = g.tables.trump_mask
    lean = Lean(c.declarer, trump, 6.0)
    rng = random.Random(11)
    plain = [
        (g2.dealt[c.declarer] & trump).bit_count()
        for g2 in (sample_world(view, rng) for _ in range(3000))
    ]
    leaned, weights = [], []
    for _ in range(3000):
        w, weight = sample_world_weighted(view, rng, lean)
        leaned.append((w.dealt[c.declarer] & trump).bit_count())
        weights.append(weight)
    mean_plain = statistics.fmean(plain)
    weighted = sum(k * w for k, w in zip(leaned, weights, strict=True)) / sum(weights)
    assert statistics.fmean(leaned) > mean_plain + 1.0
    assert weighted == pytest.approx(mean_plain, abs=0.15)
    assert all(w > 0 for w in weights)


def test_named_contract_share_is_a_softmax() -> None:
    m: dict[tuple[Kind, int | None, bool], float] = {
        (Kind.RUFSPIEL, 0, False): 1.0,
        (Kind.SOLO, 2, False): -1.0,
    }
    shares = [_softmax_share(m, k) for k in m]
    assert sum(shares) == pytest.approx(1.0)
    assert shares[0] > shares[1]
    assert _softmax_share(m, (Kind.WENZ, None, False)) < 1e-3


def test_play_weight_prefers_the_model() -> None:
    rng = random.Random(2)
    g = Game(Ruleset.preset("standard"), dealer=0, seed=5)
    players = [HeuristicPlayer() for _ in range(4)]
    while not (g.phase == PLAY and g.played >= 8):
        if g.is_over():
            g = Game(Ruleset.preset("standard"), dealer=0, seed=rng.getrandbits(32))
            continue
        seat = g.to_move
        assert seat is not None
        g.apply(players[seat].choose(g.view(seat), rng), seat)
    view = g.view(g.to_move or 0)
    weights = [_play_weight(sample_world(view, rng), view, rng) for _ in range(20)]
    assert all(w > 0 for w in weights)
    # The true world: every other seat's play was the model's own, so it weighs at least as
    # much as any sampled world.
    assert _play_weight(g, view, rng) >= max(weights) - 1e-12
    assert any(is_card(a) for _s, a in view.history)


def test_seconds_bounds_the_solving(monkeypatch: pytest.MonkeyPatch) -> None:
    """``seconds`` stops the solving of sampled worlds (not only their sampling): with no time
    left after the first world, one world decides; without a limit all ``samples`` do."""
    import schafkopf.search.solver as solver

    calls = [0]
    real = solver.move_brackets

    def counting(*args: object) -> dict[int, int]:
        calls[0] += 1
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(solver, "move_brackets", counting)
    rules = Ruleset.preset("sauspiel", {"klopfen": False})
    for seed in range(40):
        found = _opponent_view_in_rufspiel(rules, seed)
        if found is None:
            continue
        g, _seat = found
        seat = g.to_move
        assert seat is not None
        view = g.view(seat)
        if sum(1 for a in view.legal if is_card(a)) < 2:
            continue
        for seconds, solved in ((0.0, 1), (None, 12)):
            calls[0] = 0
            PimcPlayer(samples=12, seconds=seconds).choose(view, random.Random(1))
            assert calls[0] == solved
        return
    pytest.fail("no position with a card choice found")


def test_values_option() -> None:
    assert make_player("pimc:values=exact", "P").values == "exact"  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="values"):
        PimcPlayer(values="guess")
    with pytest.raises(ValueError, match="oversample"):
        PimcPlayer(oversample=0)


@pytest.mark.parametrize("values", ["exact", "brackets"])
def test_both_valuations_play_whole_games(values: str) -> None:
    rules = Ruleset.preset("sauspiel")
    rng = random.Random(5)
    for deal in range(2):
        players = [
            PimcPlayer(values=values, samples=5, bid_samples=3, inference=s == 0)
            if s % 2 == 0
            else HeuristicPlayer()
            for s in range(4)
        ]
        g = play_game(Game(rules, dealer=deal, seed=40 + deal), players, rng)
        assert g.is_over()
