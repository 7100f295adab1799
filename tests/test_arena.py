"""The duplicate arena: seatings that cancel the cards' luck, reproducible parallel runs,
records that replay, statistics, and the ``schafkopf arena`` command."""

from __future__ import annotations

import gzip
import io
import itertools
import json
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from schafkopf.arena import (
    ArenaError,
    ArenaSummary,
    GameFacts,
    _progress_lines,
    bootstrap_ci,
    iter_records,
    run_arena,
    seatings,
    split_specs,
    summarize,
)
from schafkopf.cli import app
from schafkopf.record import record_to_game
from schafkopf.rules import Ruleset

SPECS = ["heuristic", "random"]
RUN_KEYS = ("seconds", "workers", "out_dir")


def _comparable(summary: ArenaSummary) -> dict[str, Any]:
    data = summary.to_json()
    for key in RUN_KEYS:
        data.pop(key)
    return data


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[int, tuple[ArenaSummary, Path]]:
    """The same 12-deal run in-process and on two worker processes."""
    out = {}
    for workers in (1, 2):
        d = tmp_path_factory.mktemp(f"arena{workers}")
        s = run_arena(
            "standard", SPECS, deals=12, seed=5, workers=workers, out_dir=d, progress=False
        )
        out[workers] = (s, d)
    return out


# -- seatings ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [3, 4])
def test_full_seatings_are_balanced(seats: int) -> None:
    rows = seatings(seats, 2, "full")
    assert len(rows) == len(set(rows)) == 6
    assert {tuple(1 - k for k in r) for r in rows} == set(rows)  # closed under swapping A and B
    for s in range(seats):  # every seat's cards played by each player equally often
        assert Counter(r[s] for r in rows) == {0: 3, 1: 3}
    same = {
        (a, b): sum(r[a] == r[b] for r in rows) for a, b in itertools.combinations(range(seats), 2)
    }
    assert (
        len(set(same.values())) == 1
    )  # every pair of seats alike: partners as if seated at random
    assert sum(r.count(0) for r in rows) == sum(r.count(1) for r in rows)


def test_swap_and_fixed_seatings() -> None:
    assert seatings(4, 2, "swap") == [(0, 1, 0, 1), (1, 0, 1, 0)]
    assert seatings(3, 2, "swap") == [(0, 1, 0), (1, 0, 1)]
    assert seatings(4, 4) == [(0, 1, 2, 3)]
    assert seatings(3, 3) == [(0, 1, 2)]
    with pytest.raises(ArenaError, match="two player specs"):
        seatings(4, 3)
    with pytest.raises(ArenaError, match="scheme"):
        seatings(4, 2, "triple")


def test_split_specs_keeps_player_options_together() -> None:
    assert split_specs("pimc,heuristic") == ["pimc", "heuristic"]
    assert split_specs("pimc:samples=50,seconds=0.2, heuristic") == [
        "pimc:samples=50,seconds=0.2",
        "heuristic",
    ]
    assert split_specs("random:double_rate=0.5,random") == ["random:double_rate=0.5", "random"]


# -- runs -----------------------------------------------------------------------------------


def test_every_game_is_recorded_and_replays(runs: dict[int, tuple[ArenaSummary, Path]]) -> None:
    for summary, d in runs.values():
        records = list(iter_records(d / "games.jsonl"))
        assert len(records) == summary.games == 12 * 6
        keys = {(r["arena"]["deal"], r["arena"]["rotation"]) for r in records}
        assert keys == {(deal, rot) for deal in range(12) for rot in range(6)}
        for rec in records:
            game = record_to_game(rec)  # the result given in the record is checked too
            assert list(game.result().payouts) == rec["result"]["payouts"]
            assert rec["players"] == rec["arena"]["seat_players"]
            assert rec["dealer"] == rec["arena"]["deal"] % 4
        on_disk = json.loads((d / "summary.json").read_text(encoding="utf-8"))
        assert on_disk == json.loads(json.dumps(summary.to_json()))


def test_same_seed_same_games_and_summary_for_any_worker_count(
    runs: dict[int, tuple[ArenaSummary, Path]],
) -> None:
    (one, d1), (two, d2) = runs[1], runs[2]
    assert two.workers == 2
    assert _comparable(one) == _comparable(two)
    lines1 = sorted((d1 / "games.jsonl").read_text(encoding="utf-8").splitlines())
    lines2 = sorted((d2 / "games.jsonl").read_text(encoding="utf-8").splitlines())
    assert lines1 == lines2


def test_duplicate_rotations_give_both_players_the_same_cards(
    runs: dict[int, tuple[ArenaSummary, Path]],
) -> None:
    _summary, d = runs[1]
    by_deal: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for rec in iter_records(d / "games.jsonl"):
        by_deal[rec["arena"]["deal"]].append(rec)
    assert len(by_deal) == 12
    for games in by_deal.values():
        assert len({tuple(g["hands"]) for g in games}) == 1  # one deal, the same at every seat
        held: dict[str, Counter[tuple[int, str]]] = {p: Counter() for p in SPECS}
        for g in games:
            for seat, (who, hand) in enumerate(zip(g["players"], g["hands"], strict=True)):
                held[who][(seat, hand)] += 1
        assert held["heuristic"] == held["random"]
        assert set(held["heuristic"].values()) == {3}


def test_statistics_are_consistent(runs: dict[int, tuple[ArenaSummary, Path]]) -> None:
    summary, d = runs[1]
    h, r = summary.by_player["heuristic"], summary.by_player["random"]
    assert h.games == r.games == 12 * 6 * 2
    assert h.total + r.total == 0  # no Stock in the standard rules: payouts sum to zero
    assert h.mean == pytest.approx(h.total / h.games)
    for p in (h, r):
        assert p.ci95[0] <= p.mean <= p.ci95[1]
    diff = summary.difference
    assert diff is not None and diff.mean == pytest.approx(h.mean - r.mean)
    assert diff.ci95[0] <= diff.mean <= diff.ci95[1]
    records = list(iter_records(d / "games.jsonl"))
    passed = sum(rec["contract"] is None for rec in records)
    assert summary.all_pass == passed
    assert sum(t.played for t in summary.contracts.values()) + passed == summary.games
    assert summary.kontra.played == sum(bool(rec["doublings"]) for rec in records)
    declared = sum(p.declared.played for p in summary.by_player.values())
    assert declared == sum(
        rec["contract"] is not None and rec["contract"]["kind"] != "ramsch" for rec in records
    )


def _resume(
    out: Path,
    deals: int,
    workers: int = 1,
    rules: str = "standard",
    specs: list[str] = SPECS,
    seed: int = 5,
) -> ArenaSummary:
    return run_arena(
        rules, specs, deals, seed, workers=workers, out_dir=out, progress=False, resume=True
    )


def test_resume_keeps_finished_deals_and_plays_the_rest(
    runs: dict[int, tuple[ArenaSummary, Path]], tmp_path: Path
) -> None:
    """A run cut off part way (here: after 5 deals and half a line) and resumed to 12 deals
    gives the summary and the games of one uninterrupted run."""
    whole, d = runs[1]
    lines = (d / "games.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    per_deal = len(whole.seatings)
    cut = "".join(lines[: 5 * per_deal + 2]) + lines[5 * per_deal + 2][:40]
    (tmp_path / "games.jsonl").write_text(cut, encoding="utf-8")
    resumed = _resume(tmp_path, deals=12, workers=2)
    assert _comparable(resumed) == _comparable(whole)
    again = sorted((tmp_path / "games.jsonl").read_text(encoding="utf-8").splitlines())
    assert again == sorted(line.rstrip("\n") for line in lines)
    first = _resume(tmp_path, deals=3)  # the first deals summed up, nothing played or dropped
    assert first.games == 3 * per_deal
    assert sorted((tmp_path / "games.jsonl").read_text(encoding="utf-8").splitlines()) == again


def test_resume_refuses_another_match(
    runs: dict[int, tuple[ArenaSummary, Path]], tmp_path: Path
) -> None:
    _whole, d = runs[1]
    (tmp_path / "games.jsonl").write_bytes((d / "games.jsonl").read_bytes())
    for kwargs in ({"seed": 6}, {"specs": ["heuristic", "pimc"]}, {"rules": "sauspiel"}):
        args: dict[str, Any] = {"rules": "standard", "specs": SPECS, "seed": 5} | kwargs
        with pytest.raises(ArenaError, match="another match"):
            _resume(tmp_path, 12, rules=args["rules"], specs=args["specs"], seed=args["seed"])
    assert (tmp_path / "games.jsonl").read_bytes() == (d / "games.jsonl").read_bytes()


def test_an_earlier_run_is_never_overwritten(tmp_path: Path) -> None:
    """Without resume, a folder holding a run's games is refused (a forgotten --resume
    would have thrown hours of games away); the command says so and exits 2."""
    run_arena("standard", SPECS, deals=2, seed=5, workers=1, out_dir=tmp_path, progress=False)
    before = (tmp_path / "games.jsonl").read_bytes()
    with pytest.raises(ArenaError, match=r"holds an earlier run.*--resume"):
        run_arena("standard", SPECS, deals=1, seed=6, workers=1, out_dir=tmp_path, progress=False)
    out = CliRunner().invoke(app, ["arena", "--players", "heuristic,random", "--deals", "1",
                                   "--workers", "1", "--out", str(tmp_path)])  # fmt: skip
    assert out.exit_code == 2 and "--resume" in out.stderr
    assert (tmp_path / "games.jsonl").read_bytes() == before
    stored = tmp_path / "stored"  # as data/matches keeps a match: packed, with its summary
    stored.mkdir()
    (stored / "games.jsonl.gz").write_bytes(gzip.compress(before))
    with pytest.raises(ArenaError, match="holds an earlier run"):
        run_arena("standard", SPECS, deals=2, seed=5, workers=1, out_dir=stored, progress=False)
    with pytest.raises(ArenaError, match="is packed: gunzip it"):
        run_arena("standard", SPECS, deals=2, seed=5, workers=1, out_dir=stored,
                  progress=False, resume=True)  # fmt: skip


def test_one_run_at_a_time_writes_a_folder(tmp_path: Path) -> None:
    fcntl = pytest.importorskip("fcntl")
    with open(tmp_path / "arena.lock", "w", encoding="utf-8") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)  # as a running arena holds it
        with pytest.raises(ArenaError, match="in use by another arena run"):
            run_arena(
                "standard",
                SPECS,
                deals=2,
                seed=5,
                workers=1,
                out_dir=tmp_path,
                progress=False,
                resume=True,
            )
    run_arena("standard", SPECS, deals=2, seed=5, workers=1, out_dir=tmp_path, progress=False)


def test_bootstrap_ci_contains_the_mean_and_is_seeded() -> None:
    rng = np.random.default_rng(3)
    values = rng.normal(2.0, 5.0, size=(300, 2))
    ci = bootstrap_ci(values, 2000, seed=9)
    means = values.mean(axis=0)
    assert np.all(ci[0] < means) and np.all(means < ci[1])
    assert np.array_equal(ci, bootstrap_ci(values, 2000, seed=9))
    width = ci[1] - ci[0]  # about 2 * 1.96 * 5 / sqrt(300) = 1.13
    assert np.all((width > 0.9) & (width < 1.4))


def test_heuristic_beats_random_on_the_sauspiel_tariff() -> None:
    s = run_arena("sauspiel", SPECS, deals=40, seed=1, workers=1, progress=False)
    assert s.difference is not None
    assert s.difference.mean > 0 and s.difference.ci95[0] > 0
    assert s.by_player["heuristic"].mean > 0


def test_a_player_against_itself_comes_out_even() -> None:
    s = run_arena(
        "sauspiel", ["heuristic", "heuristic"], deals=6, seed=2, workers=1, progress=False
    )
    assert s.players == ["heuristic#1", "heuristic#2"]
    assert s.difference is not None
    assert s.difference.ci95[0] <= 0 <= s.difference.ci95[1]


def test_kontra_against_the_own_copys_solo_is_reported_and_undone() -> None:
    """A copy defending the other copy's solo says Kontra, the declarer Re: the player wins
    the doubled stake on both seats' account. The summary counts such games and gives the
    difference with their doublings undone; a Kontra against the other player is not one."""
    ab, ba = (0, 1, 0, 1), (1, 0, 1, 0)
    solo = {"contract": "solo", "declarer": 0, "partner": None, "won": True}
    deals = [
        [  # A's solo doubled by A's own copy (seat 2), Re: 4 x the plain (60, -20, -20, -20)
            GameFacts(0, 0, ab, payouts=(240, -80, -80, -80), doublings=(2, 0), **solo),
            GameFacts(0, 1, ba, payouts=(60, -20, -20, -20), doublings=(), **solo),
        ],
        [  # B's solo doubled by A (seat 1): a real Kontra, kept
            GameFacts(1, 0, ab, payouts=(60, -20, -20, -20), doublings=(), **solo),
            GameFacts(1, 1, ba, payouts=(-120, 40, 40, 40), doublings=(1,), **solo),
        ],
    ]
    s = summarize(Ruleset.preset("sauspiel"), ["x", "y"], "swap", [ab, ba], 1, deals)
    d = s.difference
    assert d is not None
    assert d.own_doublings == 1
    assert d.mean == pytest.approx(60)  # each deal: A's 120 over 4 seat-games less B's -120
    assert d.undone_mean == pytest.approx((0 + 60) / 2)  # deal 0 at the plain stake: even
    assert s.to_json()["difference"]["undone"]["mean"] == pytest.approx(30)


def test_seat_streams_play_alike_players_alike_in_every_seating(tmp_path: Path) -> None:
    """With a random stream per seat, two copies of one random player play both seatings of
    every deal card for card alike (duplicate difference exactly zero); with one stream per
    game they do not. A file of one kind refuses to be resumed as the other."""
    specs = ["random", "random"]
    seat = run_arena("sauspiel", specs, deals=8, seed=4, workers=1, out_dir=tmp_path,
                     progress=False, scheme="swap", streams="seat")  # fmt: skip
    assert seat.difference is not None and seat.difference.mean == 0.0
    assert seat.difference.ci95 == (0.0, 0.0) and seat.to_json()["streams"] == "seat"
    records = [json.loads(x) for x in (tmp_path / "games.jsonl").read_text().splitlines()]
    assert all(r["arena"]["streams"] == "seat" for r in records)
    by_deal = defaultdict(list)
    for r in records:
        by_deal[r["arena"]["deal"]].append(r["tricks"])
    assert all(a == b for a, b in by_deal.values())
    game = run_arena("sauspiel", specs, deals=8, seed=4, workers=1, progress=False,
                     scheme="swap")  # fmt: skip
    assert game.difference is not None and game.difference.mean != 0.0
    with pytest.raises(ArenaError, match="other random streams"):
        run_arena("sauspiel", specs, deals=8, seed=4, workers=1, out_dir=tmp_path,
                  progress=False, scheme="swap", resume=True)  # fmt: skip
    with pytest.raises(ArenaError, match="streams must be one of"):
        run_arena("sauspiel", specs, deals=1, seed=4, progress=False, streams="deal")


def test_seat_streams_keep_doubling_draws_apart_from_card_draws(tmp_path: Path) -> None:
    """Two search players that differ only in their Kontra/Re answers (one samples worlds and
    never says it, one is never asked) play every deal alike with one stream per seat: the
    worlds drawn for a doubling question come from the seat's own doubling stream."""
    specs = ["pimc:samples=2,doubling=never",
             "pimc:samples=2,doubling=worlds,doubling_worlds=4,kontra_bar=-1,re_bar=2"]  # fmt: skip
    s = run_arena("sauspiel", specs, deals=6, seed=7, workers=1, out_dir=tmp_path,
                  progress=False, scheme="swap", streams="seat")  # fmt: skip
    assert s.difference is not None and s.difference.mean == 0.0
    records = [json.loads(x) for x in (tmp_path / "games.jsonl").read_text().splitlines()]
    by_deal = defaultdict(list)
    for r in records:
        by_deal[r["arena"]["deal"]].append(r["tricks"])
    assert all(a == b for a, b in by_deal.values())


def test_three_player_table_and_one_spec_per_seat(tmp_path: Path) -> None:
    rules = Ruleset.preset("standard", {"players": 3})
    s3 = run_arena(
        rules, SPECS, deals=2, seed=3, workers=1, out_dir=tmp_path / "p3", progress=False
    )
    recs = list(iter_records(tmp_path / "p3" / "games.jsonl"))
    assert s3.games == len(recs) == 12
    assert all(len(r["hands"]) == 3 and record_to_game(r).is_over() for r in recs)
    assert s3.by_player["heuristic"].games == s3.by_player["random"].games == 18

    four = ["heuristic", "random", "heuristic", "random:double_rate=0.5"]
    s4 = run_arena(
        "standard", four, deals=3, seed=3, workers=1, out_dir=tmp_path / "p4", progress=False
    )
    assert s4.games == 3 and s4.difference is None
    assert s4.players == ["heuristic#1", "random", "heuristic#3", "random:double_rate=0.5"]
    recs = list(iter_records(tmp_path / "p4" / "games.jsonl"))
    assert all(r["players"] == s4.players for r in recs)
    assert sum(p.total for p in s4.by_player.values()) == 0


def test_bad_arguments_raise_arena_errors() -> None:
    with pytest.raises(ArenaError, match="unknown player 'nobody'"):
        run_arena("standard", ["heuristic", "nobody"], deals=1, seed=1, workers=1, progress=False)
    with pytest.raises(ArenaError, match="unknown option 'depth' for heuristic: one of slips"):
        run_arena(
            "standard", ["heuristic:depth=2", "random"], deals=1, seed=1, workers=1, progress=False
        )
    with pytest.raises(ArenaError, match="unknown preset"):
        run_arena("nope", SPECS, deals=1, seed=1, workers=1, progress=False)
    with pytest.raises(ArenaError, match="deals"):
        run_arena("standard", SPECS, deals=0, seed=1, workers=1, progress=False)


# -- the command ------------------------------------------------------------------------------

RUN = [sys.executable, "-m", "schafkopf", "arena"]


def test_cli_writes_records_and_summary(tmp_path: Path) -> None:
    args = ["--players", "heuristic,random", "--deals", "4", "--seed", "1", "--workers", "1"]
    out = subprocess.run(
        [*RUN, *args, "--out", "tmp"], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    assert "Duplicate difference heuristic − random" in out.stdout
    assert len((tmp_path / "tmp" / "games.jsonl").read_text().splitlines()) == 24
    summary = json.loads((tmp_path / "tmp" / "summary.json").read_text())
    assert summary["deals"] == 4 and summary["games"] == 24 and summary["seed"] == 1
    assert set(summary["by_player"]) == {"heuristic", "random"}
    # stderr is a pipe here, not a terminal: the progress comes as plain lines, the last one
    # when every game is in
    assert out.stderr.splitlines()[-1].startswith("games 24/24 (100%), 0:")


def test_progress_lines_for_a_log_file() -> None:
    now = [0.0]
    log = io.StringIO()
    advance = _progress_lines(100, log, every=30.0, clock=lambda: now[0])
    for t, games in [(10.0, 5), (31.0, 5), (40.0, 10), (3700.0, 30), (3710.0, 50)]:
        now[0] = t
        advance(games)
    assert log.getvalue().splitlines() == [
        "games 10/100 (10%), 0:31 elapsed, about 4:39 left",
        "games 50/100 (50%), 1:01:40 elapsed, about 1:01:40 left",
        "games 100/100 (100%), 1:01:50 elapsed",
    ]


def test_progress_lines_to_a_closed_pipe_do_not_stop_the_match() -> None:
    class Gone(io.StringIO):
        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

    advance = _progress_lines(3, Gone(), every=0.0)
    for _ in range(3):
        advance(1)  # nothing raised


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "heuristic,bogus"], "unknown player 'bogus'"),
        (["--rules", "sauspil"], "There is no rules preset “sauspil”"),
        (["--players", "heuristic,random,random"], "two player specs"),
    ],
)
def test_cli_bad_arguments_exit_2_without_traceback(
    tmp_path: Path, args: list[str], message: str
) -> None:
    out = subprocess.run(
        [*RUN, *args, "--deals", "2", "--workers", "1", "--out", "x"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 2
    assert message in out.stderr and "Traceback" not in out.stderr
    assert not (tmp_path / "x").exists()
