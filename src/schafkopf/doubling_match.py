"""Does saying Kontra pay? A player against itself without Kontra/Re, played out only where a
doubling is said.

The question is a duplicate match of a player against the same player with ``doubling=never``
(``swap`` seating, one random stream per seat, no time limit): both seatings of a deal then
play the same cards until the first doubling, so a deal in which no seat of either seating says
one before the deadline scores exactly zero. Only a few deals in a hundred see a doubling, and
the card play is what costs, so each deal is run only up to the doubling deadline; the deals in
which a doubling is said are played out, as is a random sample of the others, which must come
out alike in both seatings (the check that the premise holds). The duplicate difference over
all deals, with the arena's bootstrap interval, is then what a full ``schafkopf arena`` match of
the two specs would print with the same seed: the played-out games are the same, game for game.

The same screen serves any two players that differ only in their bids (``screen="bids"``): a
deal whose seatings bid alike to the first card, their seats' random streams left at the same
numbers, then plays alike to the end and scores zero, so only the other deals are played out
(``bench/bid_gain.py``).

>>> m = run_doubling_match("sauspiel", "random:double_rate=0.2", deals=6, seed=3, workers=1,
...                        without="random:double_rate=0", progress=False)
>>> m.deals, m.doubled + m.screened_out == m.deals, m.checks_differ
(6, True, 0)
"""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Final

import numpy as np

from schafkopf.actions import DOUBLE, Action
from schafkopf.arena import (
    RESAMPLES,
    ArenaError,
    GameFacts,
    MatchJob,
    Tally,
    _append,
    _doubled_own_seats,
    _folder_lock,
    _labels,
    _progress_bar,
    bootstrap_ci,
    check_specs,
    deal_game,
    default_workers,
    finished_deals,
    play_deal,
    pool_results,
    seated_players,
    seatings,
)
from schafkopf.game import PLAY, Game
from schafkopf.players.base import Player, doubling_order
from schafkopf.players.levels import ladder_spec
from schafkopf.players.registry import make_player
from schafkopf.rules import RulesError, Ruleset

SCREENS: Final = ("doubling", "bids")
"""Where a deal is screened: at the doubling deadline (open if a seating says a doubling), or
at the first card (open if the two seatings bid unlike)."""
SCREEN_FORMAT: Final = "schafkopf-doubling-screen/1"
"""The first line of ``screen.jsonl``: which match the screened deals belong to."""
SUMMARY_FORMAT: Final = "schafkopf-doubling-match/1"
CHECK_SHARE: Final = 0.02
"""The share of deals without a doubling that are played out all the same, as a check."""


# -- one deal, up to the doubling deadline ---------------------------------------------------


def doubled_before_deadline(game: Game, players: Sequence[Player]) -> bool:
    """Run ``game`` as :func:`~schafkopf.players.base.play_game` does until a seat says a
    doubling (True) or none can be said any more (False). The card after the last moment to
    double is not chosen, so a deal costs its bids and doubling questions and the cards before
    the deadline. The players must draw from their own streams (the arena's seat streams):
    the loop passes them none."""
    unused = random.Random(0)
    while not game.is_over():
        mover = game.to_move
        assert mover is not None
        for s in doubling_order(game):
            if players[s].wants_to_double(game.view(s), unused):
                return True
        view = game.view(mover)
        if game.phase == PLAY and _last_moment(game, mover):
            return DOUBLE in view.legal and players[mover].wants_to_double(view, unused)
        action = players[mover].choose(view, unused)
        if action == DOUBLE:
            return True
        game.apply(action, mover)
    return False


def bids_before_play(
    game: Game, players: Sequence[Player]
) -> tuple[tuple[tuple[int, Action], ...], tuple[object, ...]]:
    """Run ``game``'s Klopfen, bids and contract naming (to its first card, or its end when all
    pass); return each (seat, action) in order and the state of each seat's random streams.
    Nobody may double before the first card, so two seatings with the same of both are in the
    same state there: the same actions, and the same numbers still to draw (a player that
    sampled deals for a bid the other did not would draw other cards later). The players must
    draw from their own streams, as in :func:`doubled_before_deadline` (the arena's seat
    streams); a player that does not raises :class:`TypeError`."""
    unused = random.Random(0)
    trace: list[tuple[int, Action]] = []
    while not game.is_over() and game.phase != PLAY:
        mover = game.to_move
        assert mover is not None
        action = players[mover].choose(game.view(mover), unused)
        game.apply(action, mover)
        trace.append((mover, action))
    states: list[object] = []
    for p in players:
        streams_state = getattr(p, "streams_state", None)
        if streams_state is None:
            raise TypeError(f"{p.name} draws from the game's stream, not its seat's own")
        states.extend(streams_state())
    return tuple(trace), tuple(states)


def _last_moment(game: Game, mover: int) -> bool:
    """Whether no seat may say a doubling once the seat to move has played its card, whichever
    card that is (a card that ends a Tout or Bettel early closes it; another may not)."""
    for action in game.legal_actions(mover):
        if action == DOUBLE:
            continue
        after = game.copy()
        after.apply(action, mover)
        if not after.is_over() and any(
            DOUBLE in after.legal_actions(s) for s in range(after.num_players)
        ):
            return False
    return True


@dataclass(frozen=True)
class _ScreenJob:
    """A chunk of deals for one worker, with the share of undoubled deals to play out."""

    match: MatchJob
    check_share: float
    screen: str = "doubling"


DealOutcome = tuple[int, bool, list[tuple[GameFacts, str]] | None]
"""(deal, whether the screen found it open (a doubling said before the deadline, or bids that
differ), the played-out games or None)."""


def is_check_deal(seed: int, deal: int, share: float) -> bool:
    """Whether ``deal`` is played out as a check even without a doubling (fixed per deal, so a
    longer run keeps the same checks)."""
    return random.Random(f"doubling-check/{seed}/{deal}").random() < share


def _screen_deals(job: _ScreenJob) -> list[DealOutcome]:
    """Screen each deal of the chunk; play out the doubled ones and the check deals."""
    m = job.match
    rules = Ruleset.from_json(m.rules)
    out: list[DealOutcome] = []
    for deal in m.deals:
        if job.screen == "bids":
            traces = {
                bids_before_play(deal_game(rules, m.seed, deal), seated_players(m, deal, s))
                for s in m.seatings
            }
            is_open = len(traces) > 1
        else:
            is_open = any(
                doubled_before_deadline(deal_game(rules, m.seed, deal), seated_players(m, deal, s))
                for s in m.seatings
            )
        games = None
        if is_open or is_check_deal(m.seed, deal, job.check_share):
            games = play_deal(m, rules, deal)
        out.append((deal, is_open, games))
    return out


# -- statistics ------------------------------------------------------------------------------


def deal_difference(games: Sequence[GameFacts], undo_own: bool = False) -> float:
    """The arena's duplicate difference of one deal: player 0's mean payout per game less
    player 1's; with ``undo_own`` a game whose Kontra was said against the sayer's own seats
    counts at the plain stake (the arena's "undone" figure)."""
    sums = [0.0, 0.0]
    counts = [0, 0]
    for g in games:
        stake = 0.5 ** len(g.doublings) if undo_own and _doubled_own_seats(g) else 1.0
        for seat, p in enumerate(g.payouts):
            sums[g.seating[seat]] += p * stake
            counts[g.seating[seat]] += 1
    return sums[0] / counts[0] - sums[1] / counts[1]


@dataclass
class DoublingMatch:
    """The result of :func:`run_doubling_match`; :meth:`to_json` is what ``summary.json`` holds.

    ``mean``/``ci95``: the duplicate difference, the doubling player less the other, per game,
    over all ``deals`` (a deal screened out counts zero). ``gains``: per first doubling said in
    one seating only, what it earned the seat that said it against the same seat's payout in the
    other seating. ``checks_differ`` and ``screen_wrong`` must be 0 for the figures to stand.
    """

    rules: Ruleset
    specs: list[str]
    players: list[str]
    seed: int
    deals: int
    doubled: int
    """Deals the screen found open (played out): a seating said a doubling before the deadline,
    or (``screen="bids"``) the two seatings bid unlike."""
    screened_out: int
    """Deals it found closed (zero by the premise)."""
    checks: int
    """Deals without a doubling played out all the same (the check sample, and any deal taken
    from a full arena match)."""
    checks_differ: int
    """Of those, how many did not come out alike in both seatings (must be 0)."""
    screen_wrong: int
    """Played-out deals whose doublings disagree with the screen (must be 0)."""
    mean: float
    ci95: tuple[float, float]
    kontra: Tally
    """Games of the doubling player's seats with a Kontra: said, and won by the Kontra side (in
    the open deals: with a bids screen, the deals bid unlike)."""
    re: Tally
    own_doublings: int = 0
    """Games whose Kontra a seat said against a team of its own player's seats only (at a
    duplicate table: against its other copy's solo); see :class:`~schafkopf.arena.Difference`."""
    undone_mean: float = 0.0
    undone_ci95: tuple[float, float] = (0.0, 0.0)
    """The difference with those games' doublings undone."""
    gains: list[float] = field(default_factory=list)
    gain_ci95: tuple[float, float] | None = None
    resamples: int = RESAMPLES
    screen: str = "doubling"
    """One of :data:`SCREENS`."""
    seconds: float = 0.0
    workers: int = 1
    out_dir: str | None = None

    @property
    def gain_mean(self) -> float | None:
        """The mean gain per doubling; None when no doubling was said in one seating only."""
        return float(np.mean(self.gains)) if self.gains else None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict; the last keys (``seconds``, ``workers``, ``out_dir``) vary by run."""
        return {
            "format": SUMMARY_FORMAT,
            "rules": self.rules.to_json(),
            "players": self.players,
            "specs": self.specs,
            "seed": self.seed,
            "deals": self.deals,
            **({"screen": self.screen} if self.screen != "doubling" else {}),
            "doubled": self.doubled,
            "screened_out": self.screened_out,
            "checks": {
                "played": self.checks,
                "differ": self.checks_differ,
                "screen_wrong": self.screen_wrong,
            },
            "difference": {
                "mean": round(self.mean, 4),
                "ci95": [round(x, 4) for x in self.ci95],
                "own_doublings": self.own_doublings,
                "undone": {
                    "mean": round(self.undone_mean, 4),
                    "ci95": [round(x, 4) for x in self.undone_ci95],
                },
            },
            "kontra": self.kontra.to_json(),
            "re": self.re.to_json(),
            "per_doubling": {
                "count": len(self.gains),
                "mean": None if self.gain_mean is None else round(self.gain_mean, 4),
                "ci95": None if self.gain_ci95 is None else [round(x, 4) for x in self.gain_ci95],
                "gained": sum(1 for g in self.gains if g > 0),
                "lost": sum(1 for g in self.gains if g < 0),
            },
            "bootstrap": {"resamples": self.resamples, "unit": "deal"},
            "seconds": round(self.seconds, 3),
            "workers": self.workers,
            "out_dir": self.out_dir,
        }


def first_doubling_gain(seatings: Sequence[tuple[Sequence[int], Sequence[int]]]) -> float | None:
    """What the first doubling earned its sayer, when only one of a deal's two seatings said
    one: the sayer's payout against the same seat's in the other seating. Each seating is given
    as (the seats that doubled, in order; the payouts)."""
    if len(seatings) != 2:
        return None
    for said, other in (seatings, seatings[::-1]):
        if said[0] and not other[0]:
            seat = said[0][0]
            return float(said[1][seat] - other[1][seat])
    return None


def summarize_match(
    rules: Ruleset,
    specs: Sequence[str],
    seed: int,
    deals: int,
    played: dict[int, list[GameFacts]],
    screened: dict[int, bool],
    resamples: int = RESAMPLES,
    screen: str = "doubling",
) -> DoublingMatch:
    """The figures of deals ``0 .. deals-1``: ``played`` holds the played-out deals' games,
    ``screened`` what the screen said of a deal (a deal known only from an earlier full match
    has no entry there). Raises :class:`ArenaError` when a deal is neither. The games show
    whether a doubling was said, not whether the bids differed: with ``screen="bids"`` a
    played deal is open as the screen (or the full match's records) said, else open."""
    per_deal = np.zeros(deals)
    undone = np.zeros(deals)
    own_doublings = 0
    doubled = screened_out = checks = checks_differ = screen_wrong = 0
    kontra = re = Tally()
    gains: list[float] = []
    for d in range(deals):
        games = played.get(d)
        if games is None:
            if screened.get(d) is not False:
                raise ArenaError(f"deal {d} was neither screened out nor played")
            screened_out += 1
            continue
        if screen == "bids":
            said = screened.get(d, True)
        else:
            said = any(g.doublings for g in games)
            if d in screened and screened[d] != said:
                screen_wrong += 1
        per_deal[d] = deal_difference(games)
        undone[d] = deal_difference(games, undo_own=True)
        own_doublings += sum(1 for g in games if _doubled_own_seats(g))
        if not said:
            screened_out += 1
            checks += 1
            checks_differ += int(per_deal[d] != 0.0)
            continue
        doubled += 1
        for g in games:
            if g.doublings and g.seating[g.doublings[0]] == 0:
                kontra = kontra.add(not g.won)
            if len(g.doublings) > 1 and g.seating[g.doublings[1]] == 0:
                re = re.add(bool(g.won))
        gain = (
            first_doubling_gain([(g.doublings, g.payouts) for g in games])
            if screen == "doubling"
            else None
        )
        if gain is not None:
            gains.append(gain)
    if deals:
        ci = bootstrap_ci(np.column_stack([per_deal, undone]), resamples, seed)
    else:
        ci = np.zeros((2, 2))
    gain_ci = None
    if gains:
        g_low, g_high = bootstrap_ci(np.array(gains).reshape(-1, 1), resamples, seed)[:, 0]
        gain_ci = (float(g_low), float(g_high))
    return DoublingMatch(
        rules=rules,
        specs=list(specs),
        players=_labels(specs),
        seed=seed,
        deals=deals,
        doubled=doubled,
        screened_out=screened_out,
        checks=checks,
        checks_differ=checks_differ,
        screen_wrong=screen_wrong,
        mean=float(per_deal.mean()) if deals else 0.0,
        ci95=(float(ci[0, 0]), float(ci[1, 0])),
        own_doublings=own_doublings,
        undone_mean=float(undone.mean()) if deals else 0.0,
        undone_ci95=(float(ci[0, 1]), float(ci[1, 1])),
        kontra=kontra,
        re=re,
        gains=gains,
        gain_ci95=gain_ci,
        resamples=resamples,
        screen=screen,
    )


# -- running ---------------------------------------------------------------------------------


MIN_SECONDS: Final = 10.0
"""A player's time limit must be at least this (or none): a decision the clock cuts off can
come out otherwise in the other seating, and the premise of equal play breaks."""


def never_spec(spec: str) -> str:
    """The same player that never says Kontra or Re (a ladder level by its spec).

    >>> never_spec("pimc:samples=20,doubling=model")
    'pimc:samples=20,doubling=model,doubling=never'
    >>> never_spec("heuristic")
    'heuristic:doubling=never'
    >>> never_spec("level:4")
    'pimc:samples=20,seconds=0.5,inference=true,doubling=never'
    """
    kind, _, rest = spec.strip().partition(":")
    if kind == "level" and rest.isdigit() and (target := ladder_spec(int(rest))) is not None:
        spec = target
    return spec + (",doubling=never" if ":" in spec else ":doubling=never")


def _check_untimed(specs: Sequence[str]) -> None:
    """Refuse players that decide by the clock (see :data:`MIN_SECONDS`)."""
    for spec in specs:
        seconds = getattr(make_player(spec, spec), "seconds", None)
        if seconds is not None and seconds < MIN_SECONDS:
            raise ArenaError(
                f"player {spec!r} decides within {seconds} s: a decision cut off by the clock "
                "can differ between the seatings; lift the limit (seconds=60)"
            )


def _read_screen(path: Path, header: dict[str, Any]) -> dict[int, bool]:
    """The deals an earlier run screened, from ``screen.jsonl``; raises :class:`ArenaError` when
    the file belongs to another match."""
    screened: dict[int, bool] = {}
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    if not lines or not lines[0].strip():
        return screened
    try:
        first = json.loads(lines[0])
    except ValueError:
        raise ArenaError(f"{path}: not a doubling screen file") from None
    if first != header:
        raise ArenaError(
            f"{path} holds another match (its seed, players or rules differ); choose another --out"
        )
    for n, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            screened[int(row["deal"])] = bool(row["doubled"])
        except (ValueError, KeyError, TypeError):
            if n == len(lines):
                break  # the last line, cut off by the crash that ended the run
            raise ArenaError(f"{path}: line {n} is not a screened deal") from None
    return screened


def run_doubling_match(
    rules: Ruleset | str,
    spec: str,
    deals: int,
    seed: int,
    workers: int | None = None,
    out_dir: str | Path | None = None,
    check_share: float = CHECK_SHARE,
    without: str | None = None,
    progress: bool = True,
    resamples: int = RESAMPLES,
    screen: str = "doubling",
) -> DoublingMatch:
    """Play ``deals`` deals of ``spec`` against ``without`` (default: ``spec`` with
    ``doubling=never``), screened at the doubling deadline, and return the figures. With
    ``screen="bids"`` the deals are screened at the first card instead, for two players that
    differ only in their bids (``without`` is then the other player, and must be given).

    With ``out_dir`` the played-out games go to ``games.jsonl`` (the arena's records: ``schafkopf
    arena --resume`` of the same match keeps them), what the screen said of every deal to
    ``screen.jsonl``, and the figures to ``summary.json``; a second run into the same folder
    carries on where the first stopped (and takes a ``games.jsonl`` of a full arena match of the
    same two specs, seed and rules as already played). ``check_share`` of the screened-out deals
    are played out as a check.
    """
    try:
        rules = Ruleset.of(rules)
    except RulesError as e:
        raise ArenaError(str(e)) from None
    if deals < 1:
        raise ArenaError(f"deals must be 1 or more, got {deals}")
    if workers is not None and workers < 1:
        raise ArenaError(f"workers must be 1 or more, got {workers}")
    if not 0.0 <= check_share <= 1.0:
        raise ArenaError(f"check share must be between 0 and 1, got {check_share}")
    if screen not in SCREENS:
        raise ArenaError(f"screen must be one of {', '.join(SCREENS)}, got {screen!r}")
    if screen == "bids" and without is None:
        raise ArenaError("a bids screen needs the other player (without=...)")
    specs = [spec.strip(), (without if without is not None else never_spec(spec)).strip()]
    check_specs(specs)
    _check_untimed(specs)
    labels = _labels(specs)
    seats = seatings(rules.players, 2, "swap")
    header = {"format": SCREEN_FORMAT, "rules": rules.to_json(), "specs": specs, "seed": seed}
    if screen != "doubling":
        header["screen"] = screen  # a doubling screen file of an earlier release stays valid
    out = Path(out_dir) if out_dir is not None else None
    played: dict[int, list[GameFacts]] = {}
    screened: dict[int, bool] = {}
    started = time.perf_counter()
    with ExitStack() as stack:
        games_file = screen_file = None
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
            stack.enter_context(_folder_lock(out))
            games_path, screen_path = out / "games.jsonl", out / "screen.jsonl"
            lines_of: dict[int, list[str]] = {}
            if games_path.exists():
                done = finished_deals(games_path, rules, labels, seats, seed, "seat")
                played = {d: [f for f, _line in games] for d, games in done.items()}
                lines_of = {d: [line for _f, line in games] for d, games in done.items()}
                # a deal cut off by a crash is dropped, and played again
                _rewrite(games_path, [line for d in sorted(done) for _f, line in done[d]])
            if screen_path.exists():
                screened = _read_screen(screen_path, header)
            if screen == "bids":  # a full match's deals: their records tell
                for d, lines in lines_of.items():
                    screened.setdefault(d, _acted_unlike(lines))
            rows = [json.dumps({"deal": d, "doubled": b}) for d, b in sorted(screened.items())]
            _rewrite(screen_path, [json.dumps(header), *rows])
            games_file = stack.enter_context(open(games_path, "a", encoding="utf-8"))
            screen_file = stack.enter_context(open(screen_path, "a", encoding="utf-8"))
        todo = [
            d
            for d in range(deals)
            if d not in played
            and (d not in screened or screened[d] or is_check_deal(seed, d, check_share))
        ]
        workers = default_workers() if workers is None else workers
        chunk = 1 if workers == 1 else max(1, min(16, len(todo) // (workers * 8)))
        jobs = [
            _ScreenJob(
                MatchJob(rules.to_json(), tuple(specs), tuple(labels), tuple(seats), seed,
                         tuple(todo[i : i + chunk]), "seat"),
                check_share,
                screen,
            )
            for i in range(0, len(todo), chunk)
        ]  # fmt: skip
        workers = min(workers, max(1, len(jobs)))
        stream = pool_results(_screen_deals, jobs, workers, stack)
        with _progress_bar(progress, len(todo) * len(seats)) as advance:
            for outcome in stream:
                _record(outcome, played, screened, games_file, screen_file)
                advance(len(outcome) * len(seats))
    match = summarize_match(rules, specs, seed, deals, played, screened, resamples, screen)
    match.seconds = time.perf_counter() - started
    match.workers = workers
    match.out_dir = str(out) if out is not None else None
    if out is not None:
        (out / "summary.json").write_text(
            json.dumps(match.to_json(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
        )
    return match


def _acted_unlike(lines: Sequence[str]) -> bool:
    """Whether the records of one deal's seatings differ in any action (the Klopfen, bids,
    contract, doublings or cards): a full match's deal counts as open for a bids screen then."""
    said = set()
    for line in lines:
        record = json.loads(line)
        keys = ("klopfen", "bidding", "contract", "doublings", "tricks")
        said.add(json.dumps([record.get(k) for k in keys]))
    return len(said) > 1


def _rewrite(path: Path, lines: Sequence[str]) -> None:
    """Replace ``path`` by these lines at once: a crash leaves the old file or the new one."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        _append(f, lines)
    os.replace(tmp, path)


def _record(
    outcome: list[DealOutcome],
    played: dict[int, list[GameFacts]],
    screened: dict[int, bool],
    games_file: IO[str] | None,
    screen_file: IO[str] | None,
) -> None:
    """Keep a worker's chunk and push it to disk: the games before the screen's word on them,
    so a crash between the two leaves a deal to play again, never a deal counted as zero."""
    lines: list[str] = []
    rows: list[str] = []
    for deal, doubled, games in outcome:
        screened[deal] = doubled
        rows.append(json.dumps({"deal": deal, "doubled": doubled}))
        if games is not None:
            played[deal] = [f for f, _line in games]
            lines.extend(line for _f, line in games)
    if games_file is not None and lines:
        _append(games_file, lines)
    if screen_file is not None:
        _append(screen_file, rows)


def render_match(m: DoublingMatch, file: IO[str] | None = None) -> None:
    """Print the figures in a few lines."""
    say = (lambda text: print(text, file=file)) if file is not None else print
    rate = f"{m.seconds:.0f} s, {m.workers} workers"
    say(f"{m.players[0]} against {m.players[1]}: {m.deals} deals, seed {m.seed}, {rate}")
    if m.screen == "bids":
        say(
            f"{m.doubled} deals whose bids differ played out; {m.screened_out} bid alike "
            f"({m.checks} of them played out as a check, {m.checks_differ} came out unlike)"
        )
    else:
        say(
            f"{m.doubled} deals with a doubling played out; {m.screened_out} without "
            f"({m.checks} of them played out as a check, {m.checks_differ} came out unlike; "
            f"screen wrong in {m.screen_wrong})"
        )
    say(
        f"duplicate difference: {m.mean:+.2f} cents a game, "
        f"95% CI [{m.ci95[0]:+.2f}, {m.ci95[1]:+.2f}]"
    )
    if m.own_doublings:
        say(
            f"Kontra against the sayer's own seats in {m.own_doublings} games; with those "
            f"doublings undone: {m.undone_mean:+.2f}, "
            f"95% CI [{m.undone_ci95[0]:+.2f}, {m.undone_ci95[1]:+.2f}]"
        )
    say(f"Kontra by the doubling player's seats: {m.kontra.played}, won {_pct(m.kontra)}; "
        f"Re: {m.re.played}, won {_pct(m.re)}")  # fmt: skip
    if m.gain_mean is not None and m.gain_ci95 is not None:
        say(
            f"{len(m.gains)} doublings said in one seating only: {m.gain_mean:+.2f} cents to "
            f"the seat that said it, 95% CI [{m.gain_ci95[0]:+.2f}, {m.gain_ci95[1]:+.2f}]"
        )


def _pct(t: Tally) -> str:
    return "-" if t.rate is None else f"{100 * t.rate:.1f}%"


__all__ = [
    "CHECK_SHARE",
    "SCREENS",
    "DoublingMatch",
    "bids_before_play",
    "deal_difference",
    "doubled_before_deadline",
    "is_check_deal",
    "never_spec",
    "render_match",
    "run_doubling_match",
    "summarize_match",
]
