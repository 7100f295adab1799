"""Sessions: dealer rotation, game count, the Stock, and a ledger that survives a crash."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from schafkopf.players import RandomPlayer, play_game
from schafkopf.rules import Ruleset
from schafkopf.session import Session, SessionError


def _play_session(s: Session, seed: int = 0) -> None:
    rng = random.Random(seed)
    while not s.is_over():
        g = s.new_game()
        play_game(g, [RandomPlayer()] * s.rules.players, rng)
        s.finish_game(g)


def test_dealer_rotates_and_redeal_keeps_dealer() -> None:
    s = Session(Ruleset.preset("standard"), list("ABCD"), games=24, seed=3)
    _play_session(s)
    assert s.played == 24
    dealers = [r["dealer"] for r in s.records]
    for prev, nxt, rec in zip(dealers, dealers[1:], s.records, strict=False):
        passed = rec["contract"] is None
        assert nxt == (prev if passed else (prev + 1) % 4)
    assert sum(s.balances) + s.stock == 0


def test_until_equal_goes_on_until_every_seat_dealt_equally() -> None:
    s = Session(Ruleset.preset("standard"), list("ABCD"), games=4, until_equal=True, seed=11)
    _play_session(s, seed=1)
    assert s.played >= 4
    assert len(set(s.deals)) == 1


def test_ledger_rows_add_up() -> None:
    s = Session(Ruleset.preset("sauspiel"), list("ABCD"), games=6, seed=5)
    _play_session(s)
    rows = s.ledger()
    assert [r[0] for r in rows] == list(range(1, 7))
    assert list(rows[-1][2]) == s.balances


def test_stock_session_balances_with_the_stock() -> None:
    s = Session(Ruleset.preset("standard", {"stock": True}), list("ABCD"), games=30, seed=2)
    _play_session(s, seed=4)
    assert sum(s.balances) + s.stock == 0
    assert s.stock >= 0


def test_file_survives_a_crash_and_resumes(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    s = Session(Ruleset.preset("standard"), list("ABCD"), games=5, seed=9, path=path)
    rng = random.Random(0)
    for _ in range(3):
        g = s.new_game()
        play_game(g, [RandomPlayer()] * 4, rng)
        s.finish_game(g)
    # A crash in the middle of writing the fourth game leaves a cut line behind.
    with open(path, "a", encoding="utf-8") as f:
        f.write('{"format": "schafkopf-record/1", "dea')
    r = Session.resume(path)
    assert r.played == 3
    assert r.balances == s.balances
    assert r.dealer == s.dealer
    # The next deal is the same one the crashed session would have dealt.
    assert r.new_game().deal == s.new_game().deal
    # The cut line is gone from the file: a game played on after it reads back whole.
    text = path.read_text(encoding="utf-8")
    assert text.endswith("}\n") and len(text.splitlines()) == 4  # the header and 3 games
    g = r.new_game()
    play_game(g, [RandomPlayer()] * 4, rng)
    r.finish_game(g)
    assert Session.resume(path).played == 4


def test_a_whole_line_that_is_no_json_is_damage_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    Session(Ruleset.preset("standard"), list("ABCD"), games=2, seed=1, path=path)
    with open(path, "a", encoding="utf-8") as f:
        f.write("{oops\n")
    with pytest.raises(SessionError) as e:
        Session.resume(path)
    assert e.value.reason == "not_json" and e.value.params["line"] == 2


def test_resume_rejects_a_tampered_game(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    s = Session(Ruleset.preset("standard"), list("ABCD"), games=2, seed=1, path=path)
    _play_session(s)
    lines = path.read_text(encoding="utf-8").splitlines()
    rec = json.loads(lines[1])
    rec["result"]["payouts"] = [9, 9, 9, -27]
    lines[1] = json.dumps(rec)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(SessionError, match=r"s\.jsonl:2: result: payouts"):
        Session.resume(path)


def test_bad_session_arguments() -> None:
    with pytest.raises(SessionError, match="seat 4 players"):
        Session(Ruleset.preset("standard"), ["A", "B"])
    with pytest.raises(SessionError, match="games"):
        Session(Ruleset.preset("standard"), list("ABCD"), games=-1)
