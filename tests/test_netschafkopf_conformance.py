"""All 1,304 NetSchafkopf games: import, replay legally, score to the log's price and balances."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from schafkopf.importers.netschafkopf import ImportedGame, import_netschafkopf_file
from schafkopf.record import RecordError, record_to_game

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "netschafkopf"
LOGS = sorted(DATA.glob("*.txt"))


@pytest.fixture(scope="module")
def imported() -> list[ImportedGame]:
    assert LOGS, f"no NetSchafkopf logs under {DATA}"
    return [g for f in LOGS for g in import_netschafkopf_file(f)]


def test_every_game_is_accounted_for(imported: list[ImportedGame]) -> None:
    assert len(imported) == 1304
    exceptions = [g for g in imported if g.record is None]
    # The Schieber round of 16.05.20 (games 18-21): cards are passed before bidding, which the
    # log does not show; two of those deals were thrown in. Explained in the issue note.
    assert [(g.file, g.game) for g in exceptions] == [
        ("Schafkopfprotokoll_vom_16.05.20.txt", n) for n in (18, 19, 20, 21)
    ]


def test_every_game_replays_and_scores_as_the_log(imported: list[ImportedGame]) -> None:
    failures = []
    checked = 0
    for g in imported:
        if g.record is None:
            continue
        assert {"value", "payouts"} <= set(g.record["result"])
        try:
            game = record_to_game(g.record)  # replays every card and checks the result fields
        except RecordError as e:
            failures.append(f"{g.file}:{g.line} game {g.game}: {e}")
            continue
        assert game.is_over()
        assert list(game.result().payouts) == g.record["result"]["payouts"]
        checked += 1
    assert not failures, "\n".join(failures[:20])
    assert checked == 1300


def test_contract_mix_covers_the_log_contracts(imported: list[ImportedGame]) -> None:
    kinds = {g.record["contract"]["kind"] for g in imported if g.record}
    assert kinds == {"rufspiel", "solo", "wenz", "geier", "farbwenz", "farbgeier", "ramsch"}
    assert any(g.record and g.record["contract"].get("tout") for g in imported)
    assert any(g.record and g.record["klopfen"] for g in imported)
    assert any(g.record and g.record["doublings"] for g in imported)


def test_cli_import_then_score_round_trip(tmp_path: Path) -> None:
    log = DATA / "Schafkopfprotokoll_vom_20.03.23.txt"
    run = [sys.executable, "-m", "schafkopf"]
    imp = subprocess.run([*run, "import", "netschafkopf", str(log)], capture_output=True, text=True)
    assert imp.returncode == 0, imp.stderr
    lines = imp.stdout.splitlines()
    assert len(lines) == len(import_netschafkopf_file(log))
    (tmp_path / "games.jsonl").write_text(imp.stdout, encoding="utf-8")
    sc = subprocess.run(
        [*run, "score", str(tmp_path / "games.jsonl")], capture_output=True, text=True
    )
    assert sc.returncode == 0, sc.stderr
    scored = [json.loads(x) for x in sc.stdout.splitlines()]
    original = [json.loads(x) for x in lines]
    assert len(scored) == len(original)
    for a, b in zip(original, scored, strict=True):
        assert b["result"]["payouts"] == a["result"]["payouts"]
        assert b["result"]["value"] == a["result"]["value"]
        assert b["source"] == a["source"]  # metadata is kept


def test_cli_import_reports_schieber_games_on_stderr() -> None:
    log = DATA / "Schafkopfprotokoll_vom_16.05.20.txt"
    imp = subprocess.run(
        [sys.executable, "-m", "schafkopf", "import", "netschafkopf", str(log)],
        capture_output=True,
        text=True,
    )
    assert imp.returncode == 1
    assert imp.stderr.count("not imported") == 4
    assert "Schieber" in imp.stderr or "zusammengeworfen" in imp.stderr
