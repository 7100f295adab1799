"""Ratings from games (``schafkopf.ratings``): the outcome of every NetSchafkopf game follows
the documented mapping, and a rating is exactly openskill's own computation of it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from openskill.models import PlackettLuce

from schafkopf.importers.netschafkopf import import_netschafkopf_file
from schafkopf.ratings import Rating, outcome, rate
from schafkopf.record import score_record

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "netschafkopf"


def _records() -> list[dict[str, Any]]:
    """The imported games, scored by the engine (their results name the declarers)."""
    out = []
    for log in sorted(DATA.glob("*.txt")):
        out += [dict(g.record) for g in import_netschafkopf_file(log) if g.record is not None]
    return out


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    assert DATA.is_dir(), f"the NetSchafkopf logs belong under {DATA} (shared/data)"
    imported = _records()
    assert len(imported) >= 1300
    scored = [score_record(r) for r in imported]
    for raw, full in zip(imported[::50], scored[::50], strict=True):
        assert "declarers" not in raw["result"]  # the import's short result: replayed
        assert outcome(raw) == outcome(full)
    return scored


def test_every_real_game_becomes_the_documented_outcome(records: list[dict[str, Any]]) -> None:
    kinds: dict[str, int] = {}
    for rec in records:
        result = rec["result"]
        payouts, declarers = result["payouts"], sorted(set(result.get("declarers") or []))
        found = outcome(rec)
        if not any(payouts):
            assert found is None
            continue
        assert found is not None
        teams, ranks = found
        if not declarers:  # Ramsch: four teams of one, ranked by payout
            assert teams == [[0], [1], [2], [3]]
            assert all((ranks[a] < ranks[b]) == (payouts[a] > payouts[b])
                       for a in range(4) for b in range(4))  # fmt: skip
            kinds["ramsch"] = kinds.get("ramsch", 0) + 1
            continue
        defenders = [s for s in range(4) if s not in declarers]
        if len(declarers) == 1:
            assert teams == [declarers * 3, defenders]
            kinds["solo"] = kinds.get("solo", 0) + 1
        else:
            assert teams == [declarers, defenders]
            kinds["partners"] = kinds.get("partners", 0) + 1
        winner = teams[ranks.index(0)]
        assert all(payouts[s] > 0 for s in winner)
        assert all(payouts[s] < 0 for s in teams[ranks.index(1)])
    assert kinds.get("solo", 0) > 50 and kinds.get("partners", 0) > 500


def _openskill(before: list[Rating], teams: list[list[int]], ranks: list[int]) -> list[Any]:
    """openskill's own update of the teams, written out without ``schafkopf.ratings``."""
    model = PlackettLuce()
    game = [[model.rating(mu=before[s].mu, sigma=before[s].sigma) for s in t] for t in teams]
    return model.rate(game, ranks=ranks)


def test_a_rating_is_openskills_own_computation(records: list[dict[str, Any]]) -> None:
    before = [Rating(27.0, 7.0), Rating(25.0, 8.3), Rating(22.5, 5.0), Rating(30.0, 3.0)]
    rufspiel = next(r for r in records if r["contract"]["kind"] == "rufspiel")
    solo = next(r for r in records if r["contract"]["kind"] == "solo")
    for rec in (rufspiel, solo):
        after = rate(before, rec)
        assert after is not None
        declarers = sorted(set(rec["result"]["declarers"]))
        defenders = [s for s in range(4) if s not in declarers]
        won = rec["result"]["payouts"][declarers[0]] > 0
        side = declarers * 3 if len(declarers) == 1 else declarers
        expected = _openskill(before, [side, defenders], [0, 1] if won else [1, 0])
        for seat in defenders:
            r = expected[1][defenders.index(seat)]
            assert (after[seat].mu, after[seat].sigma) == pytest.approx((r.mu, r.sigma))
        for seat in declarers:
            copies = [r for s, r in zip(side, expected[0], strict=True) if s == seat]
            mu = sum(r.mu for r in copies) / len(copies)
            sigma = sum(r.sigma for r in copies) / len(copies)
            assert (after[seat].mu, after[seat].sigma) == pytest.approx((mu, sigma))
            assert (after[seat].mu > before[seat].mu) == won
    ramsch = next((r for r in records if r["contract"]["kind"] == "ramsch"), None)
    if ramsch is not None:
        teams, ranks = outcome(ramsch) or ([], [])
        expected = _openskill(before, teams, ranks)
        after = rate(before, ramsch) or []
        assert [x for a in after for x in (a.mu, a.sigma)] == pytest.approx(
            [x for t in expected for x in (t[0].mu, t[0].sigma)]
        )


def test_fixed_seats_keep_their_ratings(records: list[dict[str, Any]]) -> None:
    before = [Rating(), Rating(30.0, 2.0), Rating(), Rating(20.0, 4.0)]
    rec = next(r for r in records if any(r["result"]["payouts"]))
    after = rate(before, rec, fixed=[1, 3])
    assert after is not None and after[1] == before[1] and after[3] == before[3]
    assert after[0] != before[0] and after[2] != before[2]
    nothing = {"result": {"declarers": [], "payouts": [0, 0, 0, 0]}}
    assert rate(before, nothing) is None and outcome(nothing) is None
