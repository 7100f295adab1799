"""The bench's oracle (level 5 seeing every card): it finds each seat's true deal, and a solo
it declares with every card in view it cannot lose, whatever the others play."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from schafkopf.arena import deal_game
from schafkopf.game import PLAY
from schafkopf.players.base import play_game
from schafkopf.players.heuristic import HeuristicPlayer
from schafkopf.rules import Kind, Ruleset

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from oracle_bound import Oracle  # noqa: E402


def test_an_oracles_solo_is_never_lost() -> None:
    """The first three deals of seed 54 in which the oracle declares a solo-type game (it bids
    by the true deal) are played out: all won."""
    rules = Ruleset.of("sauspiel")
    rng = random.Random(1)
    solos = 0
    for deal in range(40):
        game = deal_game(rules, 54, deal)
        seats = [Oracle(seed=54, deals=40), HeuristicPlayer()] * 2
        while game.phase != PLAY and not game.is_over():  # the bids only, first
            mover = game.to_move
            assert mover is not None
            game.apply(seats[mover].choose(game.view(mover), rng), mover)
        c = game.contract
        if c is None or c.declarer is None or c.declarer % 2 or c.kind is Kind.RUFSPIEL:
            continue
        solos += 1
        play_game(game, seats, rng)
        assert game.result().won, f"deal {deal}: the oracle lost its {c}"
        if solos == 3:
            break
    assert solos == 3


def test_a_hand_dealt_twice_is_told_apart_by_the_play() -> None:
    """Seat 1's hand of deal 39 of seed 54 is dealt again, by the same dealer, in deal 995:
    playing either deal, once the others' cards are seen the oracle finds that deal."""
    rules = Ruleset.of("sauspiel")
    assert deal_game(rules, 54, 39).dealt[1] == deal_game(rules, 54, 995).dealt[1]
    for deal in (39, 995):
        game = deal_game(rules, 54, deal)
        oracle = Oracle(seed=54, deals=1000)
        play_game(game, [HeuristicPlayer(), oracle] * 2, random.Random(1))
        assert oracle._true_game(game.view(1)).deal == game.deal


def test_the_script_plays_a_match_and_refuses_bad_input(tmp_path: Path) -> None:
    script = str(ROOT / "bench" / "oracle_bound.py")
    run = subprocess.run(
        [sys.executable, script, "--sees", "cards", "--deals", "2", "--seed", "3",
         "--workers", "1", "--out", str(tmp_path)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert "oracle" in run.stdout and (tmp_path / "summary.json").exists()
    bad = subprocess.run([sys.executable, script, "--against", "nobody", "--deals", "1"],
                         capture_output=True, text=True)  # fmt: skip
    assert bad.returncode != 0 and "oracle_bound:" in bad.stderr
    assert "Traceback" not in bad.stderr
