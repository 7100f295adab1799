"""The result panel's golden data (web/src/fixtures/results.json, scripts/make_result_fixtures.py):
regenerated from the server's table it is byte for byte the committed file, so the page's tests
never drift from what the server sends; every fixture settles to zero and is what the engine
scores when its game is replayed from its record."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from make_result_fixtures import CASES, NAMES, OUT, Found, build, render  # noqa: E402

from schafkopf.record import record_to_game  # noqa: E402
from schafkopf.scoring import tariff_unit  # noqa: E402


@pytest.fixture(scope="module")
def found() -> list[Found]:
    return build()


def test_regenerating_gives_the_committed_file(found: list[Found]) -> None:
    assert OUT.is_file(), "run scripts/make_result_fixtures.py"
    assert render(found) == OUT.read_text(encoding="utf-8"), (
        "the fixtures drifted from the server: run .venv/bin/python scripts/make_result_fixtures.py"
    )


def test_every_kind_of_settlement_is_there(found: list[Found]) -> None:
    settlements = {f.result["breakdown"]["settlement"] for f in found}
    assert settlements == {"rufspiel", "solo", "ramsch", "durchmarsch", "all_pass"}
    assert [f.case.label for f in found] == [c.label for c in CASES]
    assert {f.fixture()["unit"] for f in found} == {"ct", "points"}
    b = {f.case.label: f.result["breakdown"] for f in found}
    assert [d["word"] for d in b["sauspiel_klopfen_kontra_re"]["doublings"]] == ["kontra", "re"]
    assert b["sauspiel_klopfen_kontra_re"]["knocks"]
    assert b["solo_schneider_laufende"]["schneider"]["counted"]
    assert b["solo_schneider_laufende"]["laufende"]["counted"] >= 3
    assert b["ramsch_jungfrau"]["jungfrauen"]
    assert b["all_pass_stock"]["stock"]["change"] > 0
    assert b["sauspiel_takes_stock"]["stock"]["change"] != 0


def _fixtures(found: list[Found]) -> list[tuple[Found, dict[str, Any]]]:
    return [(f, f.fixture()) for f in found]


def test_payouts_sum_to_zero_and_are_the_engines(found: list[Found]) -> None:
    for f, fx in _fixtures(found):
        res = fx["result"]
        r, b = res["result"], res["breakdown"]
        stock = r.get("stock", 0)
        assert sum(r["payouts"]) + stock == 0, fx["label"]
        assert b["payouts"] == r["payouts"] and b["value"] == r["value"], fx["label"]
        assert b.get("stock", {}).get("change", 0) == stock, fx["label"]
        if b["settlement"] != "all_pass" and "stock" not in b:
            assert sum(r["payouts"]) == 0, fx["label"]
        # the engine, replaying the game from its record, scores the same result
        game = record_to_game(f.table.record(res["game"]))
        engine = game.result()
        assert engine.to_json() == r, fx["label"]
        assert list(engine.payouts) == r["payouts"] and engine.value == r["value"]
        assert fx["unit"] == tariff_unit(f.rules) == b["unit"]
        assert fx["names"] == list(NAMES)
