"""The open-hand solver against plain minimax, on random positions of every contract.

The references are obviously correct and slow: a plain numba minimax (no pruning, no table,
no merging) over :func:`schafkopf.search.kernels.legal_cards` and ``trick_winner``, and, on
the smallest positions, a minimax over :class:`Game` itself (``apply``/``undo``). Positions
come from random games stopped anywhere in the last tricks (mid-trick too), under rulesets that
cover Rufspiel (the called Sau still bound, Davonlaufen possible), Farbsolo, Wenz, Geier,
Farbwenz, Farbgeier, Bettel, Tout, the short deck and the 3-player game.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from numba import njit
from typer.testing import CliRunner

from schafkopf.actions import NAME_BASE, NAMES, NICHT_KLOPFEN, SPIEL, WEITER
from schafkopf.benchmark import dealt_rufspiel
from schafkopf.cards import card_token, parse_card
from schafkopf.cli import app
from schafkopf.game import BIDDING, KLOPFEN_PHASE, NAMING, PLAY, Game
from schafkopf.record import game_to_record
from schafkopf.rules import Kind, Ruleset
from schafkopf.search import solver
from schafkopf.search.kernels import _after_card, kernel_tables, legal_cards, trick_winner
from schafkopf.search.solver import (
    declarer_tricks_reach,
    move_values_tricks,
    reaches,
    search_threshold,
    solve,
)

ALL = ["rufspiel", "solo", "wenz", "geier", "farbwenz", "farbgeier", "bettel", "tout"]
VARIANTS: list[tuple[str, Ruleset]] = [
    ("standard", Ruleset.preset("standard", {"contracts": ALL})),
    ("davonlaufen2", Ruleset.preset("standard", {"davonlaufen_min": 2, "contracts": ALL})),
    ("end_early", Ruleset.preset("standard", {"contracts": ALL, "end_early": True})),
    ("short", Ruleset.preset("sauspiel", {"deck": "short", "contracts": ALL})),
    ("three", Ruleset.preset("standard", {"players": 3, "contracts": ALL})),
]


# ---------------------------------------------------------------------------------------------
# References


@njit(
    "int64(int64[::1], int64, int64[::1], int64, int64, int64, int64, int64[::1], int64[::1],"
    " int64[::1], int64[::1], int64, int64, boolean, int64)",
    cache=True,  # one explicit signature: numba's cache of a recursive function needs it
)
def _brute(  # type: ignore[no-untyped-def]
    hands, leader, trick, pos, cs, csuit, dlmin, eff, power, follow, augen, cnt, maxers, tricks,
    end,
):  # fmt: skip
    """Plain minimax: the counted side's points (or tricks) from the current trick on."""
    n = hands.shape[0]
    seat = (leader + pos) % n
    hand = hands[seat]
    if hand == 0:
        return 0
    lead = trick[0] if pos > 0 else -1
    legal = legal_cards(hand, lead, cs, csuit, dlmin, eff, follow)
    maxing = (maxers >> seat) & 1
    best = -1 if maxing else 1000  # (recursive calls below pass no literal: numba's cache)
    for c in range(32):
        if not (legal >> c) & 1:
            continue
        ncs = _after_card(hand, pos, c, cs, csuit, eff)
        hands[seat] = hand ^ (1 << c)
        trick[pos] = c
        if pos == n - 1:
            w = (leader + trick_winner(trick, n, eff, power)) % n
            if ncs and eff[trick[0]] == csuit:
                ncs = 0
            ours = (cnt >> w) & 1
            gained = 0
            if ours:
                if tricks:
                    gained = 1
                else:
                    for i in range(n):
                        gained += augen[trick[i]]
            if (end == 1 and not ours) or (end == 2 and ours):
                v = gained
            else:
                fresh = np.zeros(n, dtype=np.int64)
                v = gained + _brute(
                    hands, w, fresh, pos - pos, ncs, csuit, dlmin, eff, power, follow, augen, cnt,
                    maxers, tricks, end,
                )  # fmt: skip
        else:
            v = _brute(
                hands, leader, trick, pos + 1, ncs, csuit, dlmin, eff, power, follow, augen,
                cnt, maxers, tricks, end,
            )  # fmt: skip
        hands[seat] = hand
        if (maxing and v > best) or (not maxing and v < best):
            best = v
    return best


def brute_values(game: Game, tricks: bool = False) -> dict[int, int]:
    """Per legal card: the declarer side's final points (or tricks), by plain minimax."""
    kt = kernel_tables(game)
    assert game.contract is not None
    n = game.num_players
    bettel = game.contract.kind is Kind.BETTEL
    maxers = ((1 << n) - 1) ^ kt.declarers if tricks and bettel else kt.declarers
    end = 0
    if game.rules.end_early:
        end = 2 if bettel else (1 if game.contract.tout else 0)
    seats = [s for s in range(n) if kt.declarers >> s & 1]
    base = sum((game.trick_counts if tricks else game.points)[s] for s in seats)
    out = {}
    for c in game.legal_actions():
        if c >= 32:
            continue
        g = game.copy()
        g.apply(c)
        if g.is_over():
            out[c] = sum((g.trick_counts if tricks else g.points)[s] for s in seats)
            continue
        k = kernel_tables(g)
        trick = np.zeros(n, dtype=np.int64)
        trick[: len(g.trick)] = g.trick
        v = _brute(
            np.array(g.hands, dtype=np.int64), g.trick_leader, trick, len(g.trick), k.called_sau,
            k.called_suit, k.davonlaufen_min, k.eff_suit, k.power, k.follow, k.augen,
            kt.declarers, maxers, tricks, end,
        )  # fmt: skip
        done = sum((g.trick_counts if tricks else g.points)[s] for s in seats) - base
        out[c] = base + done + int(v)
    return out


def game_minimax(game: Game, tricks: bool = False) -> int:
    """The declarer side's final points (or tricks) by minimax over the engine itself."""
    seats = game.declarers
    if game.is_over():
        return sum((game.trick_counts if tricks else game.points)[s] for s in seats)
    assert game.contract is not None and game.to_move is not None
    maxing = game.to_move in seats
    if tricks and game.contract.kind is Kind.BETTEL:
        maxing = not maxing
    vals = []
    for c in game.legal_actions():
        if c >= 32:
            continue
        game.apply(c)
        vals.append(game_minimax(game, tricks))
        game.undo()
    return max(vals) if maxing else min(vals)


# ---------------------------------------------------------------------------------------------
# Random positions


def _pick_contract(g: Game, rng: random.Random, want: Kind | None) -> int:
    actions = g.legal_actions()
    kinds = sorted({NAMES[a - NAME_BASE][0] for a in actions})
    kind = want if want in kinds else rng.choice(kinds)
    names = [a for a in actions if NAMES[a - NAME_BASE][0] is kind]
    tout = [a for a in names if NAMES[a - NAME_BASE][2]]
    if tout and rng.random() < 0.3:
        return rng.choice(tout)
    return rng.choice([a for a in names if not NAMES[a - NAME_BASE][2]] or names)


def random_position(
    rules: Ruleset, rng: random.Random, max_tricks: int, want: Kind | None = None
) -> Game | None:
    """A random game in card play with at most ``max_tricks`` tricks (partly) left."""
    g = Game(rules, seed=rng.getrandbits(32), dealer=rng.randrange(rules.players))
    while g.phase == KLOPFEN_PHASE:
        g.apply(NICHT_KLOPFEN)
    while g.phase == BIDDING:
        g.apply(SPIEL if g.to_move == g.vorhand else WEITER)
    if g.phase != NAMING:
        return None
    g.apply(_pick_contract(g, rng, want))
    if g.phase != PLAY:
        return None
    n = rules.players
    total = rules.hand_size * n
    left = rng.randint(1, max_tricks * n)
    keep_bound = rng.random() < 0.7  # keep the called Sau bound: lead other suits if possible
    while not g.is_over() and total - g.played > left:
        cards = [a for a in g.legal_actions() if a < 32]
        if keep_bound and g.called_sau and not g.trick:
            follow = g.tables.follow[g.called_suit]
            cards = [c for c in cards if not follow >> c & 1] or cards
        if g.contract is not None and g.contract.tout and g.to_move == g.contract.declarer:
            cards = [max(cards, key=g.tables.power.__getitem__)]  # keep a Tout alive longer
        g.apply(rng.choice(cards))
    return None if g.is_over() else g


WANTS = [Kind.RUFSPIEL, Kind.RUFSPIEL, Kind.SOLO, Kind.WENZ, Kind.GEIER, Kind.FARBWENZ,
         Kind.FARBGEIER, Kind.BETTEL, None]  # fmt: skip


@pytest.mark.parametrize("variant", [v for v, _ in VARIANTS])
def test_solver_equals_brute_force(variant: str) -> None:
    """Exact points, every root move, thresholds and trick questions equal plain minimax."""
    rules = dict(VARIANTS)[variant]
    rng = random.Random(f"solver-{variant}")
    stats: Counter[str] = Counter()
    target = 1200 if variant == "standard" else 800
    while stats["positions"] < target:
        want = rng.choice(WANTS)
        g = random_position(rules, rng, max_tricks=rng.choice((1, 2, 3, 4)), want=want)
        if g is None or g.contract is None or g.contract.kind is Kind.RAMSCH:
            continue
        stats["positions"] += 1
        stats[g.contract.kind.value + (" tout" if g.contract.tout else "")] += 1
        if g.called_sau:
            stats["called sau bound"] += 1
        if g.trick:
            stats["mid-trick"] += 1
        ref = brute_values(g)
        sol = solve(g)
        where = (variant, game_to_record(g))
        assert sol.moves == ref, where
        seat = g.to_move
        best = max(ref.values()) if seat in g.declarers else min(ref.values())
        assert sol.declarer_points == best, where
        assert solve(g, moves=False).declarer_points == best, where
        for t in (best, best + 1, rng.randint(0, 121)):
            assert reaches(g, t) == (best >= t), (where, t)
        if g.contract.tout or g.contract.kind is Kind.BETTEL or rng.random() < 0.3:
            tref = brute_values(g, tricks=True)
            assert move_values_tricks(g) == tref, where
            bettel = g.contract.kind is Kind.BETTEL
            tbest = max(tref.values()) if (seat in g.declarers) != bettel else min(tref.values())
            for t in (tbest, tbest + 1):
                assert declarer_tricks_reach(g, t) == (tbest >= t), (where, t)
    if variant in ("standard", "davonlaufen2"):
        assert stats["called sau bound"] >= 100, stats  # (leads: test_holder_of_the_bound_sau...)
    kinds = {"solo", "wenz", "geier", "bettel"}
    if variant != "three":
        kinds.add("rufspiel")
    touts = sum(v for k, v in stats.items() if k.endswith(" tout"))
    assert all(stats[k] for k in kinds) and touts >= 3, stats
    assert stats["mid-trick"] >= target // 2, stats


@pytest.mark.parametrize("variant", ["standard", "davonlaufen2"])
def test_holder_of_the_bound_sau_to_lead(variant: str) -> None:
    """Positions where the holder of the still bound called Sau leads (may run away)."""
    rules = dict(VARIANTS)[variant]
    rng = random.Random(f"holder-{variant}")
    done = runs = 0
    while done < 150:
        g = Game(rules, seed=rng.getrandbits(32), dealer=rng.randrange(4))
        while g.phase == BIDDING:
            g.apply(SPIEL if g.to_move == g.vorhand else WEITER)
        names = [a for a in g.legal_actions() if NAMES[a - NAME_BASE][0] is Kind.RUFSPIEL]
        if g.phase != NAMING or not names:
            continue
        g.apply(rng.choice(names))
        stop = rng.randint(1, 4) * 4  # cards left at most
        while g.called_sau and not g.is_over():
            seat = g.to_move
            assert seat is not None
            if not g.trick and g.hands[seat] & g.called_sau and 32 - g.played <= stop:
                break
            cards = [a for a in g.legal_actions() if a < 32]
            if not g.trick:
                follow = g.tables.follow[g.called_suit]
                cards = [c for c in cards if not follow >> c & 1] or cards
            g.apply(rng.choice(cards))
        if not g.called_sau or g.is_over():
            continue
        done += 1
        suit = (g.hands[g.to_move] & g.tables.follow[g.called_suit]).bit_count()
        runs += suit >= rules.davonlaufen_min
        assert solve(g).moves == brute_values(g), game_to_record(g)
    assert variant == "standard" or runs >= 20, runs  # (4 of the suit: rare this late)


@pytest.mark.parametrize("variant", ["standard", "three"])
def test_fail_soft_bounds_with_a_shared_table(variant: str) -> None:
    """Searches with random windows that share the transposition table return valid fail-soft
    bounds: at most the value when failing low, at least when failing high, else the value."""
    rules = dict(VARIANTS)[variant]
    rng = random.Random(f"windows-{variant}")
    done = 0
    while done < 300:
        g = random_position(rules, rng, max_tricks=4, want=rng.choice(WANTS))
        if g is None or g.contract is None or g.contract.kind is Kind.RAMSCH:
            continue
        done += 1
        ref = brute_values(g)
        best = max(ref.values()) if g.to_move in g.declarers else min(ref.values())
        base = sum(g.points[s] for s in g.declarers)
        true = best - base
        p = solver._position(g, tricks=False)
        solver._tables().next_stamp()
        for _ in range(6):
            a = rng.randint(-1, p.upper)
            b = rng.randint(a + 1, p.upper + 1)
            v = solver._run_ab(p, a, b)
            assert (v <= a and true <= v) or (v >= b and true >= v) or v == true, (
                game_to_record(g), a, b, v, true,
            )  # fmt: skip


def test_brute_force_reference_equals_engine_minimax() -> None:
    """The numba reference itself equals a minimax through ``Game.apply``/``undo``."""
    rng = random.Random("reference")
    done = 0
    for variant, rules in VARIANTS:
        count = 0
        while count < 40:
            g = random_position(rules, rng, max_tricks=2, want=rng.choice(WANTS))
            if g is None or g.contract is None or g.contract.kind is Kind.RAMSCH:
                continue
            count += 1
            for tricks in (False, True):
                ref = brute_values(g, tricks)
                for c, v in ref.items():
                    g.apply(c)
                    assert game_minimax(g, tricks) == v, (variant, game_to_record(g))
                    g.undo()
        done += count
    assert done == 40 * len(VARIANTS)


# ---------------------------------------------------------------------------------------------
# Whole games and the API's edges


def test_full_game_consistency() -> None:
    """From the first card: the exact value is the best move; thresholds agree around it."""
    for seed in range(3):
        g = dealt_rufspiel(seed=seed)
        sol = solve(g)
        assert set(sol.moves) == {a for a in g.legal_actions() if a < 32}
        assert sol.declarer_points == max(sol.moves.values())
        assert solve(g, moves=False).declarer_points == sol.declarer_points
        v = sol.declarer_points
        assert reaches(g, v) and not reaches(g, v + 1)
        ok, nodes = search_threshold(g, 61)
        assert ok == (v >= 61) and nodes > 0


def test_solve_does_not_depend_on_earlier_solves() -> None:
    """The lead history and the endgame cache start afresh: a solve visits the same nodes
    whatever was solved before it on the thread."""
    a, b = dealt_rufspiel(seed=0), dealt_rufspiel(seed=1)
    first = solve(a, moves=False)
    solve(b)
    assert solve(a, moves=False) == first


def test_points_already_taken_are_counted() -> None:
    """Mid-game, the figure includes the declarer side's points so far."""
    g = dealt_rufspiel(seed=5)
    for _ in range(9):  # two tricks and one card
        g.apply(g.legal_actions()[0])
    sol = solve(g)
    taken = sum(g.points[s] for s in g.declarers)
    assert taken <= sol.declarer_points <= taken + 120 - sum(g.points)


def test_ramsch_and_wrong_phase_raise() -> None:
    """No declarer side in Ramsch, no card play before the contract: ValueError."""
    rules = Ruleset.preset("standard", {"all_pass": "ramsch"})
    g = Game(rules, seed=3)
    with pytest.raises(ValueError, match="card play"):
        solve(g)
    while g.phase == BIDDING:
        g.apply(WEITER)
    assert g.contract is not None and g.contract.kind is Kind.RAMSCH
    with pytest.raises(ValueError, match="Ramsch"):
        solve(g)
    with pytest.raises(ValueError, match="Ramsch"):
        reaches(g, 61)


def _named(hands: list[str], kind: Kind, tout: bool) -> Game:
    """Seat 0 (Vorhand) declares ``kind`` on these hands."""
    g = Game(Ruleset.preset("standard", {"contracts": ALL}), dealer=3, hands=hands)
    while g.phase == BIDDING:
        g.apply(SPIEL if g.to_move == 0 else WEITER)
    g.apply(next(a for a in g.legal_actions() if NAMES[a - NAME_BASE][0::2] == (kind, tout)))
    return g


def test_tout_and_bettel_tricks() -> None:
    """A Wenz Tout with every Unter and Eichel's top is won; a Bettel of 7s and 8s too."""
    g = _named(
        ["EU GU HU SU EA EZ EK EO", "E9 E8 E7 GA GZ GK GO G9",
         "G8 G7 HA HZ HK HO H9 H8", "H7 SA SZ SK SO S9 S8 S7"],
        Kind.WENZ, True,
    )  # fmt: skip
    assert declarer_tricks_reach(g, 8)
    assert set(move_values_tricks(g).values()) == {8}
    assert solve(g, moves=False).declarer_points == 120
    g = _named(
        ["E7 G7 H7 S7 E8 G8 H8 S8", "EA EZ EK EO GA GZ GK GO",
         "HA HZ HK HO SA SZ SK SO", "EU GU HU SU E9 G9 H9 S9"],
        Kind.BETTEL, False,
    )  # fmt: skip
    assert not declarer_tricks_reach(g, 1)
    assert set(move_values_tricks(g).values()) == {0}


# ---------------------------------------------------------------------------------------------
# The command


def test_cli_solve(tmp_path: Path) -> None:
    """``schafkopf solve`` prints the position's value and every legal card's, by token."""
    g = dealt_rufspiel(seed=2)
    g.apply(g.legal_actions()[0])
    rec = game_to_record(g)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    runner = CliRunner()
    out = runner.invoke(app, ["solve", str(path)])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    sol = solve(g)
    assert data["declarer_points"] == sol.declarer_points
    assert data["moves"] == {card_token(c): v for c, v in sol.moves.items()}
    assert all(parse_card(k) in sol.moves for k in data["moves"])
    # who is to move, their side, and the card best for that side
    assert data["to_move"] == g.to_move
    declaring = g.to_move in g.declarers
    assert data["side"] == ("declarers" if declaring else "defenders")
    want = (max if declaring else min)(data["moves"].values())
    assert data["moves"][data["best"]] == want == sol.declarer_points
    for t in (61, sol.declarer_points, sol.declarer_points + 1):
        out = runner.invoke(app, ["solve", "-", "--threshold", str(t)], input=json.dumps(rec))
        assert out.exit_code == 0, out.output
        assert json.loads(out.stdout) == {"reaches": sol.declarer_points >= t, "threshold": t}


def test_cli_solve_errors() -> None:
    """Bad JSON or a game not in card play: bad data, exit status 1; a missing file: 2."""
    runner = CliRunner()
    out = runner.invoke(app, ["solve", "-"], input="{not json")
    assert out.exit_code == 1
    rec = game_to_record(Game(seed=1))
    out = runner.invoke(app, ["solve", "-"], input=json.dumps(rec))
    assert out.exit_code == 1
    assert "card play" in out.stderr
    out = runner.invoke(app, ["solve", "/no/such/record.json"])
    assert out.exit_code == 2
