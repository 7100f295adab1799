"""A player against itself without Kontra/Re, screened at the doubling deadline: the same
duplicate difference, interval and Kontra count as the full arena match, at a fraction of the
cost; resumable, seeded by a full match's games, and checked for its premise."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from schafkopf.actions import DOUBLE, Action, action_name
from schafkopf.arena import ArenaError, MatchJob, deal_game, iter_records, run_arena, seated_players
from schafkopf.doubling_match import (
    DoublingMatch,
    bids_before_play,
    doubled_before_deadline,
    never_spec,
    run_doubling_match,
)
from schafkopf.game import PLAY, Game, View
from schafkopf.rules import Ruleset

DOUBLER = "random:double_rate=0.05"
NEVER = "random:double_rate=0"
ROOT = Path(__file__).resolve().parents[1]


def _match(rules: str | Ruleset, deals: int, **kw: object) -> DoublingMatch:
    options = {"seed": 5, "workers": 1, "without": NEVER, "progress": False} | kw
    return run_doubling_match(rules, DOUBLER, deals=deals, **options)  # type: ignore[arg-type]


RULES = {
    "sauspiel": Ruleset.preset("sauspiel"),
    "standard": Ruleset.preset("standard"),
    "own-card": Ruleset.preset("standard", {"kontra_deadline": "before_own_first_card"}),
    "end-early": Ruleset.preset("standard", {"end_early": True}),
    "three": Ruleset.preset("standard", {"players": 3}),
}


@pytest.mark.parametrize("name", list(RULES))
def test_screened_match_gives_the_full_arena_figures(name: str, tmp_path: Path) -> None:
    """Sauspiel closes Kontra at the first card, standard at the second trick (so the screen
    plays the first trick's cards too), or at each seat's own first card; a Tout or Bettel may
    end at any card with ``end_early``; a table may have three seats: every way, the screened
    match's difference, interval and Kontras are the full arena's, and its played-out games are
    the arena's records, line for line."""
    rules = RULES[name]
    full = run_arena(rules, [DOUBLER, NEVER], deals=40, seed=5, workers=1, progress=False,
                     scheme="swap", streams="seat", out_dir=tmp_path / "full")  # fmt: skip
    m = _match(rules, 40, out_dir=tmp_path / "screened", check_share=0.5)
    assert full.difference is not None
    assert (m.mean, m.ci95) == (full.difference.mean, full.difference.ci95)
    d = full.difference
    assert (m.own_doublings, m.undone_mean, m.undone_ci95) == (
        d.own_doublings, d.undone_mean, d.undone_ci95)  # fmt: skip
    assert m.kontra == full.by_player[DOUBLER].kontra and m.kontra.played > 5
    assert m.doubled + m.screened_out == 40 and 0 < m.doubled < 40
    assert m.checks > 0 and m.checks_differ == 0 and m.screen_wrong == 0
    arena_lines = set((tmp_path / "full" / "games.jsonl").read_text().splitlines())
    played = (tmp_path / "screened" / "games.jsonl").read_text().splitlines()
    assert len(played) == 2 * (m.doubled + m.checks) and set(played) <= arena_lines
    summary = json.loads((tmp_path / "screened" / "summary.json").read_text())
    assert summary["difference"]["mean"] == round(m.mean, 4)
    assert summary["checks"] == {"played": m.checks, "differ": 0, "screen_wrong": 0}


def test_search_player_doubling_at_its_own_card_is_screened_alike() -> None:
    """A search player that says Kontra by the rule-based rules, also as the seat to move at
    the first card: the screen finds the same doubled deals as playing them out."""
    search = "pimc:samples=1,bidding=heuristic"
    doubler, never = f"{search},doubling=heuristic", f"{search},doubling=never"
    full = run_arena("sauspiel", [doubler, never], deals=6, seed=2, workers=1, progress=False,
                     scheme="swap", streams="seat")  # fmt: skip
    m = run_doubling_match("sauspiel", doubler, deals=6, seed=2, workers=1, without=never,
                           progress=False, check_share=1.0)  # fmt: skip
    assert full.difference is not None and m.mean == full.difference.mean
    assert m.kontra == full.by_player[doubler].kontra
    assert m.screen_wrong == 0 and m.checks_differ == 0 and m.checks == m.screened_out


def test_a_longer_run_carries_on_and_a_full_match_counts_as_played(tmp_path: Path) -> None:
    """A second run into the folder screens only the new deals (a crash's cut-off line is
    dropped); a full arena match's games in the folder are not played again."""
    out = tmp_path / "m"
    _match("sauspiel", 20, out_dir=out)
    screen = out / "screen.jsonl"
    with open(screen, "a", encoding="utf-8") as f:
        f.write('{"deal": 20, "doub')  # cut off by a crash
    longer = _match("sauspiel", 30, out_dir=out)
    assert longer.to_json() | _RUN == _match("sauspiel", 30).to_json() | _RUN
    rows = [json.loads(x) for x in screen.read_text().splitlines()[1:]]
    assert sorted(r["deal"] for r in rows) == list(range(30))

    seeded = tmp_path / "seeded"
    full = run_arena("sauspiel", [DOUBLER, NEVER], deals=12, seed=5, workers=1, progress=False,
                     scheme="swap", streams="seat", out_dir=seeded)  # fmt: skip
    m = _match("sauspiel", 12, out_dir=seeded)
    assert full.difference is not None and m.mean == full.difference.mean
    assert screen.read_text() != (seeded / "screen.jsonl").read_text()
    assert (seeded / "screen.jsonl").read_text().count("\n") == 1  # the header: none screened
    assert len(list(iter_records(seeded / "games.jsonl"))) == 24


_RUN = {"seconds": 0, "workers": 0, "out_dir": None}


def test_players_that_play_unlike_fail_the_check() -> None:
    """The premise (no doubling, same cards) broken on purpose: another card player as the
    'without' side shows in the check deals."""
    m = run_doubling_match("sauspiel", DOUBLER, deals=12, seed=5, workers=1,
                           without="heuristic", progress=False, check_share=1.0)  # fmt: skip
    assert m.checks_differ > 0


def test_a_shorter_run_sums_up_the_first_deals_and_keeps_the_rest(tmp_path: Path) -> None:
    _match("sauspiel", 20, out_dir=tmp_path)
    short = _match("sauspiel", 8, out_dir=tmp_path)
    assert short.to_json() | _RUN == _match("sauspiel", 8).to_json() | _RUN
    assert (tmp_path / "screen.jsonl").read_text().count("\n") == 21  # header and 20 deals


def test_bad_input_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ArenaError, match="check share"):
        _match("sauspiel", 2, check_share=1.5)
    with pytest.raises(ArenaError, match="deals must be"):
        _match("sauspiel", 0)
    with pytest.raises(ArenaError, match="unknown player"):
        run_doubling_match("sauspiel", "nobody", deals=1, seed=1, progress=False)
    with pytest.raises(ArenaError, match=r"decides within 0\.5 s"):
        run_doubling_match("sauspiel", "level:5", deals=1, seed=1, progress=False)
    assert never_spec("level:4") == "pimc:samples=20,seconds=0.5,inference=true,doubling=never"
    _match("sauspiel", 3, out_dir=tmp_path)
    with pytest.raises(ArenaError, match="another match"):
        _match("sauspiel", 3, out_dir=tmp_path, seed=6)
    (tmp_path / "screen.jsonl").write_text("not json\n")
    with pytest.raises(ArenaError, match="not a doubling screen file"):
        _match("sauspiel", 3, out_dir=tmp_path)


def test_bench_script_plays_and_reads_a_match(tmp_path: Path) -> None:
    """``bench/kontra_gain.py --player`` plays the screened match; given the games file it
    reads them back; a player without a doubling option is a clear error."""
    script = str(ROOT / "bench" / "kontra_gain.py")
    spec = "pimc:samples=1,bidding=heuristic,doubling=heuristic"
    run = subprocess.run(
        [sys.executable, script, "--player", spec, "--deals", "3", "--seed", "4",
         "--workers", "1", "--out", str(tmp_path), "--check-share", "1"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert "duplicate difference" in run.stdout and "3 deals" in run.stdout
    read = subprocess.run([sys.executable, script, str(tmp_path / "games.jsonl")],
                          capture_output=True, text=True, check=True)  # fmt: skip
    assert "3 deals;" in read.stdout and "0 of them differ" in read.stdout
    # deal 0 of seed 4 is doubled: both ways give the same gain and the same interval
    gain = re.compile(r"[+-][\d.]+ cents to the seat that said it, 95% CI \[[^]]+\]")
    assert gain.findall(run.stdout) == gain.findall(read.stdout) != []
    missing = subprocess.run([sys.executable, script, str(tmp_path / "none.jsonl")],
                             capture_output=True, text=True)  # fmt: skip
    assert missing.returncode != 0 and "kontra_gain:" in missing.stderr
    assert "Traceback" not in missing.stderr
    bad = subprocess.run([sys.executable, script, "--player", "random", "--deals", "1"],
                         capture_output=True, text=True)  # fmt: skip
    assert bad.returncode != 0 and "kontra_gain:" in bad.stderr


class _Scripted:
    """Plays the last legal card; says Kontra only once the first trick is complete."""

    name = "scripted"

    def __init__(self, game: Game) -> None:
        self.game = game

    def choose(self, view: View, rng: random.Random) -> Action:
        return [a for a in view.legal if a != DOUBLE][-1]

    def wants_to_double(self, view: View, rng: random.Random) -> bool:
        return self.game.played >= 4


def test_a_card_that_may_end_a_tout_is_not_taken_for_the_deadline() -> None:
    """With ``end_early`` one card ends a Tout at the first trick and another does not (seed
    18: Schellen-Sau ends it, the König does not); Kontra stays open until the second trick
    after the König, so the screen must play on instead of stopping at the first legal card."""
    rules = Ruleset.preset("standard", {"end_early": True})
    game = Game(rules, dealer=0, seed=18)
    while game.phase != PLAY:
        names = {action_name(a, 0): a for a in game.legal_actions()}
        tout = [n for n in names if "tout" in n]
        bid = "spiel" if "spiel" in names and game.to_move == game.vorhand else "weiter"
        game.apply(names[tout[0] if tout else bid])
    for _ in range(3):
        game.apply([a for a in game.legal_actions() if a != DOUBLE][-1])
    assert [action_name(a, 0) for a in game.legal_actions() if a != DOUBLE] == ["SA", "SK"]
    assert doubled_before_deadline(game, [_Scripted(game)] * 4)


def test_a_stricter_bar_replayed_from_a_match_is_that_bar_played(tmp_path: Path) -> None:
    """``bench/kontra_bars.py`` asks the match's Kontra questions again and finds its Kontras
    (none it cannot explain); its figure for a stricter bar, with the deals it plays anew where
    another seat would say Kontra, is the match played with that bar, to the cent."""
    spec = "pimc:samples=1,bidding=heuristic,doubling=model,doubling_worlds=4"
    run_doubling_match("sauspiel", spec, deals=30, seed=3, workers=1, out_dir=tmp_path,
                       check_share=0, progress=False)  # fmt: skip
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "kontra_bars.py"), str(tmp_path),
         "--deals", "30", "--bars", "0.53,0.4", "--workers", "1"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    assert "do not give the match's Kontras: 0" in out
    line = next(x for x in out.splitlines() if x.startswith("bar 0.40"))
    assert "played out anew" in line and not line.endswith(" 0 deals played out anew")
    barred = run_doubling_match("sauspiel", spec + ",model_kontra_bar=0.4", deals=30, seed=3,
                                workers=1, check_share=0, progress=False)  # fmt: skip
    assert line.startswith(f"bar 0.40: {barred.mean:+.3f} cents a game")
    assert f"{barred.kontra.played} Kontras" in line
    assert f"95% CI [{barred.ci95[0]:+.3f}, {barred.ci95[1]:+.3f}]" in line


RASH, PLAIN = "heuristic:rash=1.5", "heuristic"


@pytest.mark.parametrize("name", ["sauspiel", "standard", "three"])
def test_a_bids_screen_gives_the_full_arena_figures(name: str, tmp_path: Path) -> None:
    """Two players that differ only in their bids: screened at the first card, the match has
    the full arena's difference and interval, and plays out the arena's own records of the
    deals whose bids differ; the deals bid alike played as a check come out alike."""
    rules = RULES[name]
    full = run_arena(rules, [RASH, PLAIN], deals=40, seed=7, workers=1, progress=False,
                     scheme="swap", streams="seat", out_dir=tmp_path / "full")  # fmt: skip
    m = run_doubling_match(rules, RASH, deals=40, seed=7, workers=1, without=PLAIN,
                           progress=False, check_share=0.5, screen="bids",
                           out_dir=tmp_path / "screened")  # fmt: skip
    assert full.difference is not None
    same = pytest.approx([full.difference.mean, *full.difference.ci95], abs=1e-9)
    assert [m.mean, *m.ci95] == same  # summed in another order: equal to the last bits
    assert 0 < m.doubled < 40 and m.doubled + m.screened_out == 40
    assert m.checks > 0 and m.checks_differ == 0 and m.gains == []
    arena_lines = set((tmp_path / "full" / "games.jsonl").read_text().splitlines())
    played = (tmp_path / "screened" / "games.jsonl").read_text().splitlines()
    assert len(played) == 2 * (m.doubled + m.checks) and set(played) <= arena_lines
    summary = json.loads((tmp_path / "screened" / "summary.json").read_text())
    assert summary["screen"] == "bids" and summary["doubled"] == m.doubled


def test_a_bids_screen_is_kept_apart_and_needs_the_other_player(tmp_path: Path) -> None:
    """A bids screen's folder is not a doubling screen's; the other player must be named; a
    player that also plays its cards otherwise fails the check."""
    run_doubling_match("sauspiel", RASH, deals=3, seed=7, workers=1, without=PLAIN,
                       progress=False, screen="bids", out_dir=tmp_path)  # fmt: skip
    with pytest.raises(ArenaError, match="another match"):
        run_doubling_match("sauspiel", RASH, deals=3, seed=7, workers=1, without=PLAIN,
                           progress=False, out_dir=tmp_path)  # fmt: skip
    with pytest.raises(ArenaError, match="needs the other player"):
        run_doubling_match("sauspiel", RASH, deals=3, seed=7, progress=False, screen="bids")
    with pytest.raises(ArenaError, match="screen must be one of"):
        run_doubling_match("sauspiel", RASH, deals=3, seed=7, progress=False, screen="cards")
    unlike = run_doubling_match("sauspiel", PLAIN, deals=12, seed=5, workers=1,
                                without="heuristic:slips=0.5", progress=False, screen="bids",
                                check_share=1.0)  # fmt: skip
    assert unlike.checks_differ > 0


def test_a_bids_screen_over_a_full_match_reads_its_bids_from_the_records(tmp_path: Path) -> None:
    """A full arena match's games in the folder count as played, and their records say which
    deals were bid unlike: the figures and the deals found open are those of a screen from
    scratch; its deals bid alike are checks, and came out alike."""
    seeded = tmp_path / "seeded"
    run_arena("sauspiel", [RASH, PLAIN], deals=12, seed=7, workers=1, progress=False,
              scheme="swap", streams="seat", out_dir=seeded)  # fmt: skip
    options = {"deals": 20, "seed": 7, "workers": 1, "without": PLAIN, "progress": False,
               "screen": "bids", "check_share": 0.0}  # fmt: skip
    resumed = run_doubling_match("sauspiel", RASH, out_dir=seeded, **options)  # type: ignore[arg-type]
    fresh = run_doubling_match("sauspiel", RASH, **options)  # type: ignore[arg-type]
    figures = ("mean", "ci95", "doubled", "screened_out")
    assert [getattr(resumed, k) for k in figures] == [getattr(fresh, k) for k in figures]
    assert 0 < fresh.doubled < 20 and fresh.checks == 0
    assert resumed.checks > 0 and resumed.checks_differ == 0


def test_a_bids_screen_plays_out_bids_alike_that_drew_other_numbers() -> None:
    """Players that bid alike after sampling a different number of deals for it hold their
    seat streams at other numbers, so they may play other cards: such deals are open too, and
    none the screen closes comes out unlike."""
    one, two = "pimc:samples=2,bid_samples=1,values=exact", "pimc:samples=2,bid_samples=2"
    m = run_doubling_match("sauspiel", f"{two},values=exact", deals=6, seed=7, workers=1,
                           without=one, progress=False, screen="bids", check_share=1.0)  # fmt: skip
    assert m.doubled == 6 and m.checks_differ == 0
    game = deal_game(Ruleset.of("sauspiel"), 7, 0)
    job = MatchJob(Ruleset.of("sauspiel").to_json(), (one, one), ("a", "b"), ((0, 1, 0, 1),), 7,
                   (0,), "seat")  # fmt: skip
    actions, states = bids_before_play(game, seated_players(job, 0, (0, 1, 0, 1)))
    assert actions and len(states) == 8  # each seat's card stream and doubling stream


def test_bid_gain_script_plays_the_screened_match(tmp_path: Path) -> None:
    script = str(ROOT / "bench" / "bid_gain.py")
    run = subprocess.run(
        [sys.executable, script, "--player", RASH, "--against", PLAIN, "--deals", "6",
         "--seed", "7", "--workers", "1", "--out", str(tmp_path)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert "deals whose bids differ played out" in run.stdout
    assert "duplicate difference" in run.stdout
    bad = subprocess.run([sys.executable, script, "--player", "nobody", "--against", PLAIN],
                         capture_output=True, text=True)  # fmt: skip
    assert bad.returncode != 0 and "bid_gain:" in bad.stderr and "Traceback" not in bad.stderr
