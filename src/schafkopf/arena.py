"""Duplicate matches between computer players, with statistics and a record of every game.

Two player specs (``heuristic``, ``pimc:samples=50``, ...) meet at one table. Every deal is
played several times with the same cards, in seat rotations that give each player every seat's
cards equally often, so the luck of the cards cancels out of the comparison (the duplicate
principle of bridge tournaments). Deals run on a process pool; every game is written as a
``schafkopf-record/1`` line as it finishes, and the summary (mean payout per game with a
bootstrap confidence interval over deals, contract and Kontra statistics) as JSON.

Rotation schemes, for two players A and B (``seatings`` lists them):

- ``full`` (default): every way to seat the players with as even a split as the table allows:
  at four seats the 6 placements of two A and two B (AABB, ABAB, ABBA, BAAB, BABA, BBAA); at
  three seats the 6 placements of two of one and one of the other. Each seat's cards (and so
  its place in bidding and leading) are played by A exactly as often as by B, which cancels the
  cards' luck; and every pair of seats is held by the same player equally often, so whoever the
  called Sau makes a partner is A's team-mate as often as under random seating.
- ``swap``: ABAB and BABA (ABA and BAB at three seats): 2 games per deal instead of 6. Each
  seat's cards are still played once by each player, but partners sit only opposite, which a
  Rufspiel does not respect; cheaper for slow players.

At two players' tables a copy of one player may say Kontra against its other copy's solo; the
doubled stake then pays that player whatever the Kontra was worth, so the summary counts such
games and gives the duplicate difference with their doublings undone beside the plain one.

With one spec per seat (four specs, or three at three seats) each deal is played once, seated
as given: no duplication.

>>> summary = run_arena("standard", ["heuristic", "random"], deals=2, seed=1, workers=1,
...                     progress=False)
>>> summary.games, len(summary.seatings)
(12, 6)
>>> summary.by_player["heuristic"].games
24
"""

from __future__ import annotations

import gzip
import itertools
import json
import math
import os
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO, Any, Final, NamedTuple, TypeVar

import numpy as np
import numpy.typing as npt

from schafkopf.actions import DOUBLE, Action
from schafkopf.game import Game, View
from schafkopf.players.base import Player, play_game
from schafkopf.players.registry import PlayerSpecError, make_player
from schafkopf.record import game_to_record
from schafkopf.rules import Contract, Kind, RulesError, Ruleset

SUMMARY_FORMAT: Final = "schafkopf-arena/1"
SCHEMES: Final = ("full", "swap")
STREAMS: Final = ("game", "seat")
"""Where the players' random numbers come from: one stream per game, shared by the seats in
turn, or one per seat and deal, the same in every seating (``seat``: two players that decide
alike play the two seatings of a deal alike until they differ, so a match of a player against
itself with one change measures that change with far less noise; a player with a time limit
still decides by the clock now and then, so such a match lifts the limit)."""
BACKENDS: Final = ("local", "ray")
"""Where deals run: this machine's process pool, or Ray tasks (local instance or cluster)."""
RESAMPLES: Final = 2000
"""Bootstrap resamples for every confidence interval."""
CONFIDENCE: Final = 0.95


J = TypeVar("J")
R = TypeVar("R")


class ArenaError(ValueError):
    """An arena that cannot be run as asked (player specs, rules, scheme, deals, workers)."""


# -- seating -------------------------------------------------------------------------------------


def split_specs(text: str) -> list[str]:
    """Split ``--players`` text on commas, keeping a spec's own options together.

    A piece with ``=`` but no ``:`` continues the options of the spec before it:

    >>> split_specs("pimc:samples=50,seconds=0.2,heuristic")
    ['pimc:samples=50,seconds=0.2', 'heuristic']
    """
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if specs and "=" in piece and ":" not in piece:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def seatings(seats: int, players: int, scheme: str = "full") -> list[tuple[int, ...]]:
    """Which player (an index into the specs) holds each seat, one tuple per rotation.

    >>> seatings(4, 2, "swap")
    [(0, 1, 0, 1), (1, 0, 1, 0)]
    >>> len(seatings(4, 2)), len(seatings(3, 2)), seatings(4, 4)
    (6, 6, [(0, 1, 2, 3)])
    """
    if scheme not in SCHEMES:
        raise ArenaError(f"unknown rotation scheme {scheme!r}: one of {', '.join(SCHEMES)}")
    if players == seats:
        return [tuple(range(seats))]
    if players != 2:
        raise ArenaError(
            f"give two player specs (a duplicate match) or one per seat ({seats}), got {players}"
        )
    if scheme == "swap":
        first = tuple(s % 2 for s in range(seats))
        return [first, tuple(1 - k for k in first)]
    even = {seats // 2, (seats + 1) // 2}
    return [p for p in itertools.product((0, 1), repeat=seats) if p.count(0) in even]


def _labels(specs: Sequence[str]) -> list[str]:
    """Unique display names: the specs, numbered where one appears twice."""
    counts = Counter(specs)
    return [f"{s}#{i + 1}" if counts[s] > 1 else s for i, s in enumerate(specs)]


# -- playing (in worker processes) ------------------------------------------------------------


class GameFacts(NamedTuple):
    """What the statistics need from one finished game (small, cheap to send between processes)."""

    deal: int
    rotation: int
    seating: tuple[int, ...]
    """The player index at each seat."""
    contract: str | None
    """The contract key (``rufspiel``, ``solo``, ``solo-tout``, ...); None when all passed."""
    declarer: int | None
    partner: int | None
    """The Rufspiel partner's seat."""
    won: bool | None
    """Whether the declarer side won (None after all passed or in Ramsch)."""
    payouts: tuple[int, ...]
    doublings: tuple[int, ...]
    """The seats that said Kontra, Re, ... in order."""


@dataclass(frozen=True)
class MatchJob:
    """A chunk of deals for one worker; the rules travel as their JSON form."""

    rules: dict[str, Any]
    specs: tuple[str, ...]
    labels: tuple[str, ...]
    seatings: tuple[tuple[int, ...], ...]
    seed: int
    deals: tuple[int, ...]
    streams: str = "game"


class _SeatStream:
    """A player that draws from its own random streams, whatever stream the game loop passes:
    one for its actions and another for its Kontra/Re answers, so that two players differing
    only in how they decide doublings (one sampling worlds, one never asked to) still draw the
    same numbers for the same cards."""

    def __init__(self, player: Player, seed: str) -> None:
        self.player = player
        self.name = player.name
        self.rng = random.Random(seed)
        self.doubling_rng = random.Random(seed + "/doubling")

    def choose(self, view: View, rng: random.Random) -> Action:
        """The wrapped player's action, drawn from this seat's stream; a Kontra/Re the seat to
        move may say is asked first, from the doubling stream, and then taken off its view."""
        if DOUBLE in view.legal:
            if self.player.wants_to_double(view, self.doubling_rng):
                return DOUBLE
            view = replace(view, legal=tuple(a for a in view.legal if a != DOUBLE))
        return self.player.choose(view, self.rng)

    def wants_to_double(self, view: View, rng: random.Random) -> bool:
        """The wrapped player's answer, drawn from this seat's doubling stream."""
        return self.player.wants_to_double(view, self.doubling_rng)

    def streams_state(self) -> tuple[object, object]:
        """Where this seat's two streams stand: two seats alike here draw the same numbers
        from now on."""
        return self.rng.getstate(), self.doubling_rng.getstate()


def contract_key(contract: Contract | None) -> str | None:
    """The statistics' name of a contract: its kind, with ``-tout`` for a Tout."""
    if contract is None:
        return None
    return contract.kind.value + ("-tout" if contract.tout else "")


def deal_game(rules: Ruleset, seed: int, deal: int) -> Game:
    """Deal ``deal`` of an arena run: the cards from (seed, deal), the dealer rotating by deal."""
    return Game(rules, dealer=deal % rules.players, seed=random.Random(f"arena/{seed}/{deal}"))


def _play_deals(job: MatchJob) -> list[tuple[int, list[tuple[GameFacts, str]]]]:
    """Play every rotation of each deal in ``job``: (deal, [(facts, record JSON line)])."""
    rules = Ruleset.from_json(job.rules)
    return [(deal, play_deal(job, rules, deal)) for deal in job.deals]


def seated_players(job: MatchJob, deal: int, seating: tuple[int, ...]) -> list[Player]:
    """The players of one seating of ``deal``, named by their labels, on the job's streams."""
    names = [job.labels[k] for k in seating]
    players: list[Player] = [make_player(job.specs[k], names[s]) for s, k in enumerate(seating)]
    if job.streams == "seat":
        players = [
            _SeatStream(p, f"arena/{job.seed}/{deal}/seat/{s}") for s, p in enumerate(players)
        ]
    return players


def play_deal(job: MatchJob, rules: Ruleset, deal: int) -> list[tuple[GameFacts, str]]:
    """Every seating of ``deal`` played out: [(facts, record JSON line)], in rotation order."""
    games = []
    for rotation, seating in enumerate(job.seatings):
        game = deal_game(rules, job.seed, deal)
        names = [job.labels[k] for k in seating]
        players = seated_players(job, deal, seating)
        play_game(game, players, random.Random(f"arena/{job.seed}/{deal}/{rotation}"))
        arena_meta: dict[str, Any] = {
            "seed": job.seed,
            "deal": deal,
            "rotation": rotation,
            "seat_players": names,
        }
        if job.streams != "game":
            arena_meta["streams"] = job.streams
        meta = {"arena": arena_meta}
        line = json.dumps(game_to_record(game, names, meta), ensure_ascii=False)
        games.append((game_facts(game, deal, rotation, seating), line))
    return games


def game_facts(game: Game, deal: int, rotation: int, seating: tuple[int, ...]) -> GameFacts:
    """The statistics' facts of one finished arena game."""
    result = game.result()
    contract = result.contract
    scored = contract is not None and contract.kind is not Kind.RAMSCH
    return GameFacts(
        deal=deal,
        rotation=rotation,
        seating=seating,
        contract=contract_key(contract),
        declarer=contract.declarer if contract is not None else None,
        partner=game.partner,
        won=result.won if scored else None,
        payouts=result.payouts,
        doublings=tuple(s for s, _at in game.doublings),
    )


def finished_deals(
    path: Path,
    rules: Ruleset,
    labels: Sequence[str],
    seats: Sequence[tuple[int, ...]],
    seed: int,
    streams: str = "game",
) -> dict[int, list[tuple[GameFacts, str]]]:
    """The deals of an earlier run of this match in ``path`` whose every seating finished
    (a deal cut off part way is played again). Raises :class:`ArenaError` when the file
    holds another match (other players, seed, seating, rules or random streams)."""
    from schafkopf.record import RecordError, record_to_game

    by_deal: dict[int, dict[int, tuple[GameFacts, str]]] = {}
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
                meta = rec["arena"]
                game = record_to_game(rec)
            except (ValueError, KeyError, TypeError, RecordError):
                if n > 1 and not line.endswith("\n"):
                    break  # the last line, cut off by the crash that ended the run
                raise ArenaError(f"{path}: line {n} is not an arena game record") from None
            names = list(meta["seat_players"])
            rotation = int(meta["rotation"])
            if meta["seed"] != seed or game.rules != rules or set(names) - set(labels):
                raise ArenaError(
                    f"{path} holds another match (its seed, players or rules differ); "
                    "choose another --out or leave out --resume"
                )
            if meta.get("streams", "game") != streams:
                raise ArenaError(
                    f"{path} holds a match with other random streams; choose another --out"
                )
            seating = tuple(labels.index(name) for name in names)
            if rotation >= len(seats) or seats[rotation] != seating:
                raise ArenaError(f"{path} holds another seating scheme; choose another --out")
            deal = int(meta["deal"])
            facts = game_facts(game, deal, rotation, seating)
            by_deal.setdefault(deal, {})[rotation] = (facts, line.rstrip("\n"))
    return {
        deal: [games[r] for r in range(len(seats))]
        for deal, games in by_deal.items()
        if len(games) == len(seats)
    }


# -- statistics ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tally:
    """How often something was tried and how often it succeeded."""

    played: int = 0
    won: int = 0

    @property
    def rate(self) -> float | None:
        """won / played, None when never played."""
        return self.won / self.played if self.played else None

    def add(self, won: bool) -> Tally:
        """This tally with one more try."""
        return Tally(self.played + 1, self.won + int(won))

    def to_json(self) -> dict[str, Any]:
        """``{"played", "won", "rate"}``."""
        return {"played": self.played, "won": self.won, "rate": _r(self.rate)}


@dataclass(frozen=True)
class PlayerStats:
    """One player's results: payout per game (with its CI over deals) and what it declared.

    ``declarer`` counts only the seat that named the contract; the Rufspiel partner's games are
    counted apart in ``partner``. ``kontra`` and ``re`` count the doublings this player said and
    whether its side then won.
    """

    label: str
    spec: str
    games: int
    total: int
    mean: float
    ci95: tuple[float, float]
    declarer: dict[str, Tally]
    partner: Tally
    kontra: Tally
    re: Tally

    @property
    def declared(self) -> Tally:
        """All contracts this player declared, together."""
        return Tally(
            sum(t.played for t in self.declarer.values()),
            sum(t.won for t in self.declarer.values()),
        )

    def to_json(self) -> dict[str, Any]:
        """The summary's per-player object."""
        return {
            "spec": self.spec,
            "games": self.games,
            "total_payout": self.total,
            "mean_payout": _r(self.mean),
            "ci95": [_r(x) for x in self.ci95],
            "declared": self.declared.to_json(),
            "declarer": {k: t.to_json() for k, t in self.declarer.items()},
            "rufspiel_partner": self.partner.to_json(),
            "kontra": self.kontra.to_json(),
            "re": self.re.to_json(),
        }


@dataclass(frozen=True)
class Difference:
    """The duplicate difference first − second: per deal, the two players' mean payouts."""

    first: str
    second: str
    mean: float
    ci95: tuple[float, float]
    own_doublings: int = 0
    """Games in which a player said Kontra against a team of its own seats only (a copy
    defending the other copy's solo): the doubling multiplies that player's own game, so it
    gains however wrong the Kontra was; the arena's seating, not play, makes that money."""
    undone_mean: float | None = None
    undone_ci95: tuple[float, float] | None = None
    """The difference with those games' doublings undone (the same cards at the plain stake)."""

    def to_json(self) -> dict[str, Any]:
        """``{"players", "mean", "ci95", "own_doublings", "undone"}``."""
        return {
            "players": [self.first, self.second],
            "mean": _r(self.mean),
            "ci95": [_r(x) for x in self.ci95],
            "own_doublings": self.own_doublings,
            "undone": None
            if self.undone_mean is None or self.undone_ci95 is None
            else {"mean": _r(self.undone_mean), "ci95": [_r(x) for x in self.undone_ci95]},
        }


@dataclass
class ArenaSummary:
    """The result of :func:`run_arena`; :meth:`to_json` is what ``summary.json`` holds.

    ``contracts`` counts games by contract (``won``: the declarer side won; Ramsch has none);
    ``kontra`` counts games with at least one doubling and whether the doubling side won;
    ``re`` likewise for a second doubling.
    """

    rules: Ruleset
    specs: list[str]
    players: list[str]
    scheme: str
    seatings: list[tuple[int, ...]]
    deals: int
    seed: int
    games: int
    by_player: dict[str, PlayerStats]
    difference: Difference | None
    contracts: dict[str, Tally]
    all_pass: int
    kontra: Tally
    re: Tally
    resamples: int = RESAMPLES
    streams: str = "game"
    seconds: float = 0.0
    workers: int = 1
    out_dir: str | None = None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict; the last keys (``seconds``, ``workers``, ``out_dir``) vary by run."""
        games = self.games or 1
        return {
            "format": SUMMARY_FORMAT,
            "rules": self.rules.to_json(),
            "players": self.players,
            "specs": self.specs,
            "scheme": self.scheme,
            "seatings": [[self.players[k] for k in s] for s in self.seatings],
            "deals": self.deals,
            "seed": self.seed,
            "streams": self.streams,
            "games": self.games,
            "bootstrap": {"resamples": self.resamples, "confidence": CONFIDENCE, "unit": "deal"},
            "by_player": {k: v.to_json() for k, v in self.by_player.items()},
            "difference": self.difference.to_json() if self.difference else None,
            "contracts": {
                k: {
                    "games": t.played,
                    "share": _r(t.played / games),
                    "declarer_won": t.won,
                    "win_rate": _r(t.rate) if k != "ramsch" else None,
                }
                for k, t in self.contracts.items()
            },
            "all_pass": {"games": self.all_pass, "share": _r(self.all_pass / games)},
            "kontra": {
                "games": self.kontra.played,
                "share": _r(self.kontra.played / games),
                "won": self.kontra.won,
                "success": _r(self.kontra.rate),
            },
            "re": {
                "games": self.re.played,
                "share": _r(self.re.played / games),
                "won": self.re.won,
                "success": _r(self.re.rate),
            },
            "seconds": round(self.seconds, 3),
            "workers": self.workers,
            "out_dir": self.out_dir,
        }


def _r(x: float | None) -> float | None:
    return None if x is None else round(float(x), 4)


def bootstrap_ci(
    values: npt.NDArray[np.float64], resamples: int = RESAMPLES, seed: int = 0
) -> npt.NDArray[np.float64]:
    """Percentile bootstrap CIs of column means: rows (deals) resampled with replacement.

    Returns a (2, columns) array of the lower and upper bounds of the 95% interval.
    """
    rows = values.shape[0]
    rng = np.random.default_rng(seed % 2**64)  # any int seed; numpy wants one >= 0
    means = []
    for start in range(0, resamples, 250):
        idx = rng.integers(0, rows, size=(min(250, resamples - start), rows))
        means.append(values[idx].mean(axis=1))
    tail = (1 - CONFIDENCE) / 2 * 100
    bounds: npt.NDArray[np.float64] = np.percentile(
        np.concatenate(means), [tail, 100 - tail], axis=0
    )
    return bounds


def summarize(
    rules: Ruleset,
    specs: Sequence[str],
    scheme: str,
    seats: Sequence[tuple[int, ...]],
    seed: int,
    by_deal: Sequence[Sequence[GameFacts]],
    resamples: int = RESAMPLES,
) -> ArenaSummary:
    """The statistics of a run from every game's facts, grouped by deal in deal order."""
    labels = _labels(specs)
    k = len(specs)
    per_deal = np.zeros((len(by_deal), k))
    games_of = [0] * k
    total = [0] * k
    declarer: list[dict[str, Tally]] = [{} for _ in range(k)]
    partner = [Tally() for _ in range(k)]
    kontra_by = [Tally() for _ in range(k)]
    re_by = [Tally() for _ in range(k)]
    contracts: dict[str, Tally] = {}
    all_pass = 0
    kontra = re = Tally()
    n_games = 0
    own_doublings = 0
    undone = np.zeros((len(by_deal), k))
    for d, games in enumerate(by_deal):
        sums = [0] * k
        counts = [0] * k
        plain = [0.0] * k
        for g in games:
            n_games += 1
            stake = 0.5 ** len(g.doublings) if _doubled_own_seats(g) else 1.0
            own_doublings += stake < 1.0
            for seat, p in enumerate(g.payouts):
                sums[g.seating[seat]] += p
                counts[g.seating[seat]] += 1
                plain[g.seating[seat]] += p * stake
            if g.contract is None:
                all_pass += 1
                continue
            won = bool(g.won)
            contracts[g.contract] = contracts.get(g.contract, Tally()).add(won)
            if g.declarer is not None:
                who = g.seating[g.declarer]
                declarer[who][g.contract] = declarer[who].get(g.contract, Tally()).add(won)
            if g.partner is not None and g.partner != g.declarer:
                partner[g.seating[g.partner]] = partner[g.seating[g.partner]].add(won)
            if g.doublings:
                kontra = kontra.add(not won)
                who = g.seating[g.doublings[0]]
                kontra_by[who] = kontra_by[who].add(not won)
            if len(g.doublings) > 1:
                re = re.add(won)
                who = g.seating[g.doublings[1]]
                re_by[who] = re_by[who].add(won)
        for i in range(k):
            games_of[i] += counts[i]
            total[i] += sums[i]
            per_deal[d, i] = sums[i] / counts[i] if counts[i] else 0.0
            undone[d, i] = plain[i] / counts[i] if counts[i] else 0.0
    columns = per_deal
    if k == 2:
        columns = np.column_stack(
            [per_deal, per_deal[:, 0] - per_deal[:, 1], undone[:, 0] - undone[:, 1]]
        )
    if len(by_deal):
        ci = bootstrap_ci(columns, resamples, seed)
        means = columns.mean(axis=0)
    else:
        ci = np.zeros((2, columns.shape[1]))
        means = np.zeros(columns.shape[1])
    by_player = {
        labels[i]: PlayerStats(
            label=labels[i],
            spec=specs[i],
            games=games_of[i],
            total=total[i],
            mean=float(means[i]),
            ci95=(float(ci[0, i]), float(ci[1, i])),
            declarer=dict(sorted(declarer[i].items(), key=lambda kv: (-kv[1].played, kv[0]))),
            partner=partner[i],
            kontra=kontra_by[i],
            re=re_by[i],
        )
        for i in range(k)
    }
    difference = None
    if k == 2:
        difference = Difference(
            labels[0],
            labels[1],
            float(means[2]),
            (float(ci[0, 2]), float(ci[1, 2])),
            own_doublings,
            float(means[3]),
            (float(ci[0, 3]), float(ci[1, 3])),
        )
    return ArenaSummary(
        rules=rules,
        specs=list(specs),
        players=labels,
        scheme=scheme,
        seatings=list(seats),
        deals=len(by_deal),
        seed=seed,
        games=n_games,
        by_player=by_player,
        difference=difference,
        contracts=dict(sorted(contracts.items(), key=lambda kv: (-kv[1].played, kv[0]))),
        all_pass=all_pass,
        kontra=kontra,
        re=re,
        resamples=resamples,
    )


def _doubled_own_seats(g: GameFacts) -> bool:
    """Whether the game's first Kontra was said against a team whose every seat the Kontra
    sayer's own player holds (at a duplicate table: one copy against the other copy's solo)."""
    if not g.doublings or g.declarer is None:
        return False
    team = {g.declarer} if g.partner is None else {g.declarer, g.partner}
    return all(g.seating[s] == g.seating[g.doublings[0]] for s in team)


# -- running ---------------------------------------------------------------------------------


def default_workers() -> int:
    """The CPU cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def check_specs(specs: Sequence[str]) -> None:
    """Build each player once, so a bad spec fails here with a clear message, not in a worker."""
    for spec in specs:
        try:
            make_player(spec, spec)
        except PlayerSpecError as e:
            raise ArenaError(str(e)) from None
        except ImportError as e:
            raise ArenaError(f"player {spec!r} is not available: {e}") from None


def run_arena(
    rules: Ruleset | str,
    specs: Sequence[str],
    deals: int,
    seed: int,
    workers: int | None = None,
    out_dir: str | Path | None = None,
    progress: bool = True,
    scheme: str = "full",
    resamples: int = RESAMPLES,
    backend: str = "local",
    address: str | None = None,
    resume: bool = False,
    streams: str = "game",
) -> ArenaSummary:
    """Play ``deals`` duplicate deals between ``specs`` and return the statistics.

    ``rules`` is a :class:`Ruleset` or a preset name; ``workers`` processes play (default: all
    cores; 1 plays in this process); with ``out_dir`` every game is appended to
    ``games.jsonl`` (flushed per finished chunk of deals) and the summary written to
    ``summary.json``. ``backend="ray"`` runs the chunks of deals as Ray tasks instead, on the
    cluster at ``address`` or on a local Ray instance of ``workers`` CPUs
    (:mod:`schafkopf.arena_ray`). The same seed gives the same games and summary for any
    ``workers`` and either backend. With ``resume`` the deals an earlier run of the same match
    finished in ``out_dir`` are kept and only the others are played, so a long match can be
    stopped and carried on (or lengthened with more ``deals``; fewer ``deals`` sum up the first
    ones and keep the rest in the file); without it a folder that holds an earlier run's games
    is refused, never overwritten. ``streams`` (one of :data:`STREAMS`) says where the
    players' random numbers come from.
    """
    try:
        rules = Ruleset.of(rules)
    except RulesError as e:
        raise ArenaError(str(e)) from None
    specs = [s.strip() for s in specs]
    seats = seatings(rules.players, len(specs), scheme)
    if deals < 1:
        raise ArenaError(f"deals must be 1 or more, got {deals}")
    if backend not in BACKENDS:
        raise ArenaError(f"backend must be one of {', '.join(BACKENDS)}, got {backend!r}")
    if workers is not None and workers < 1:
        raise ArenaError(f"workers must be 1 or more, got {workers}")
    if streams not in STREAMS:
        raise ArenaError(f"streams must be one of {', '.join(STREAMS)}, got {streams!r}")
    check_specs(specs)
    labels = _labels(specs)
    out = Path(out_dir) if out_dir is not None else None
    by_deal: dict[int, list[GameFacts]] = {}
    kept: list[str] = []
    if out is None and resume:
        raise ArenaError("resume needs an output folder")
    started = time.perf_counter()
    with ExitStack() as stack:
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
            stack.enter_context(_folder_lock(out))
            earlier = out / "games.jsonl"
            packed = out / "games.jsonl.gz"
            held = earlier.exists() and earlier.stat().st_size > 0
            if not resume and (held or packed.exists() or (out / "summary.json").exists()):
                raise ArenaError(
                    f"{out} holds an earlier run: carry that match on with --resume, or "
                    "choose another --out (or empty the folder to start afresh)"
                )
            if resume and not earlier.exists() and packed.exists():
                raise ArenaError(f"{packed} is packed: gunzip it to carry the match on")
            if resume and earlier.exists():
                done = finished_deals(earlier, rules, labels, seats, seed, streams)
                for deal in sorted(done):  # deals past ``deals`` stay in the file, unused
                    if deal < deals:
                        by_deal[deal] = [f for f, _line in done[deal]]
                    kept.extend(line for _f, line in done[deal])
        todo = [d for d in range(deals) if d not in by_deal]
        if backend == "ray":
            from schafkopf import arena_ray

            try:
                workers = stack.enter_context(arena_ray.connected(address, workers))
            except (RuntimeError, ConnectionError) as e:
                raise ArenaError(f"Ray: {e}") from None
        workers = default_workers() if workers is None else workers
        chunk = 1 if workers == 1 else max(1, min(8, len(todo) // (workers * 8)))
        jobs = [
            MatchJob(
                rules.to_json(),
                tuple(specs),
                tuple(labels),
                tuple(seats),
                seed,
                tuple(todo[i : i + chunk]),
                streams,
            )
            for i in range(0, len(todo), chunk)
        ]
        stream: Iterable[list[tuple[int, list[tuple[GameFacts, str]]]]]
        if backend == "ray":
            stream = arena_ray.run_tasks(_play_deals, jobs)
        else:
            workers = min(workers, max(1, len(jobs)))
            stream = pool_results(_play_deals, jobs, workers, stack)
        games_file = None
        if out is not None:
            # the kept deals first (a deal cut off by a crash is dropped), then the new ones
            (out / "games.jsonl.tmp").write_text(
                "".join(line + "\n" for line in kept), encoding="utf-8"
            )
            os.replace(out / "games.jsonl.tmp", out / "games.jsonl")
            games_file = open(out / "games.jsonl", "a", encoding="utf-8")  # noqa: SIM115
        try:
            with _progress_bar(progress, len(todo) * len(seats)) as advance:
                for chunk_result in stream:
                    lines: list[str] = []
                    for deal, games in chunk_result:
                        by_deal[deal] = [f for f, _line in games]
                        lines.extend(line for _f, line in games)
                    if games_file is not None:
                        _append(games_file, lines)
                    advance(len(lines))
        finally:
            if games_file is not None:
                games_file.close()
    summary = summarize(
        rules, specs, scheme, seats, seed, [by_deal[d] for d in range(deals)], resamples
    )
    summary.streams = streams
    summary.seconds = time.perf_counter() - started
    summary.workers = workers
    summary.out_dir = str(out) if out is not None else None
    if out is not None:
        (out / "summary.json").write_text(
            json.dumps(summary.to_json(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
        )
    return summary


def pool_results(
    work: Callable[[J], R], jobs: Sequence[J], workers: int, stack: ExitStack
) -> Iterator[R]:
    """``work`` of each job, as they finish: on a pool of ``workers`` processes (shut down by
    ``stack``), or one after another in this process for one worker. The jobs are submitted
    at once, before any progress bar starts its thread: workers fork from a quiet process."""
    if workers <= 1 or not jobs:
        return (work(job) for job in jobs)
    pool = ProcessPoolExecutor(max_workers=workers)
    stack.callback(pool.shutdown, wait=True, cancel_futures=True)
    futures: list[Future[R]] = [pool.submit(work, job) for job in jobs]
    return (f.result() for f in as_completed(futures))


@contextmanager
def _folder_lock(folder: Path) -> Iterator[None]:
    """Hold ``folder`` for one run: a second run writing the same games.jsonl would garble it."""
    try:
        import fcntl
    except ImportError:  # not POSIX: no lock
        yield
        return
    with open(folder / "arena.lock", "w", encoding="utf-8") as f:
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise ArenaError(f"{folder} is in use by another arena run") from None
        yield


def _append(f: IO[str], lines: Sequence[str]) -> None:
    """Append record lines and push them to disk: a crash loses no finished game."""
    f.write("".join(line + "\n" for line in lines))
    f.flush()
    os.fsync(f.fileno())


@contextmanager
def _progress_bar(enabled: bool, total: int) -> Iterator[Callable[[int], None]]:
    """A rich progress bar over games on stderr; yields ``advance(games)``.

    Silent when disabled. Where stderr is not a terminal (a log file, a pipe) it writes a plain
    line now and then instead (:func:`_progress_lines`), so a long match can be followed there.
    """
    if not enabled:
        yield lambda games: None
        return
    from rich.console import Console

    console = Console(stderr=True)
    if not console.is_terminal:
        yield _progress_lines(total, file=console.file)
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (
        TextColumn("games"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("games", total=total)
        yield lambda games: bar.advance(task, games)


PROGRESS_EVERY: Final = 30.0
"""Seconds between the plain progress lines written where stderr is not a terminal."""


def _progress_lines(
    total: int,
    file: IO[str],
    every: float = PROGRESS_EVERY,
    clock: Callable[[], float] = time.monotonic,
) -> Callable[[int], None]:
    """``advance(games)`` writing ``games 240/2000 (12%), 3:05 elapsed, about 22:40 left`` at
    most once every ``every`` seconds, and once when the last game is in."""
    start = last = clock()
    done = 0

    def advance(games: int) -> None:
        nonlocal done, last
        done += games
        now = clock()
        if now - last < every and done < total:
            return
        last = now
        elapsed = now - start
        share = done / max(total, 1)
        line = f"games {done}/{total} ({100 * share:.0f}%), {_clock(elapsed)} elapsed"
        if 0 < done < total:
            line += f", about {_clock(elapsed * (total - done) / done)} left"
        try:
            print(line, file=file, flush=True)
        except OSError:  # the log's reader went away (``| head``): the match goes on
            last = math.inf

    return advance


def _clock(seconds: float) -> str:
    """``h:mm:ss`` or ``m:ss``."""
    m, s = divmod(round(seconds), 60)
    h, m = divmod(m, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


# -- presentation ----------------------------------------------------------------------------


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _tally(t: Tally) -> str:
    return "-" if not t.played else f"{t.won}/{t.played} {_pct(t.rate)}"


def render_summary(summary: ArenaSummary, file: IO[str] | None = None) -> None:
    """Print the summary as tables (rich): players, the duplicate difference, contracts."""
    from rich.console import Console
    from rich.table import Table

    console = Console(file=file)
    if not console.is_terminal:  # a file or a pipe: wide enough for the tables, no wrapping
        console = Console(file=file, width=120)
    s = summary
    rate = s.games / s.seconds if s.seconds else 0.0
    streams = " · a random stream per seat" if s.streams == "seat" else ""
    workers = f"{s.workers} worker{'s' if s.workers != 1 else ''}"
    console.print(
        f"[bold]Arena[/bold] {' vs '.join(s.players)} · rules {s.rules.preset_name} · "
        f"seed {s.seed}{streams}\n{s.deals} deals × {len(s.seatings)} seatings ({s.scheme}) = "
        f"{s.games} games in {s.seconds:.1f} s ({rate:,.0f} games/s, {workers})"
    )
    t = Table(title="Payout per game (95% CI, bootstrap over deals)", title_justify="left")
    for col in (
        "player",
        "games",
        "mean",
        "95% CI",
        "declared",
        "declarer won",
        "partner won",
        "Kontra won",
    ):
        t.add_column(col, justify="left" if col == "player" else "right", no_wrap=True)
    for p in s.by_player.values():
        t.add_row(
            p.label,
            str(p.games),
            f"{p.mean:+.2f}",
            f"[{p.ci95[0]:+.2f}, {p.ci95[1]:+.2f}]",
            _pct(p.declared.played / p.games if p.games else None),
            _tally(p.declared),
            _tally(p.partner),
            _tally(p.kontra),
        )
    console.print(t)
    if s.difference is not None:
        d = s.difference
        console.print(
            f"Duplicate difference {d.first} − {d.second}: {d.mean:+.2f} per game, "
            f"95% CI [{d.ci95[0]:+.2f}, {d.ci95[1]:+.2f}]"
        )
        if d.own_doublings and d.undone_mean is not None and d.undone_ci95 is not None:
            console.print(
                f"[yellow]Kontra against the sayer's own seats in {d.own_doublings} games[/yellow] "
                "(a copy defending the other copy's solo: the seating, not the play, pays it); "
                f"with those doublings undone: {d.undone_mean:+.2f} per game, "
                f"95% CI [{d.undone_ci95[0]:+.2f}, {d.undone_ci95[1]:+.2f}]"
            )
    names = list(s.contracts)
    t = Table(title="Contracts: share of games; declarer won (by player)", title_justify="left")
    t.add_column("contract")
    t.add_column("games", justify="right")
    t.add_column("share", justify="right")
    t.add_column("declarer won", justify="right")
    for label in s.players:
        t.add_column(label, justify="right")
    for name in names:
        tally = s.contracts[name]
        won = "-" if name == "ramsch" else _pct(tally.rate)
        per = [_tally(p.declarer.get(name, Tally())) for p in s.by_player.values()]
        t.add_row(name, str(tally.played), _pct(tally.played / s.games), won, *per)
    t.add_row(
        "(all pass)",
        str(s.all_pass),
        _pct(s.all_pass / s.games if s.games else None),
        "",
        *["" for _ in s.players],
    )
    console.print(t)
    console.print(
        f"Kontra in {_pct(s.kontra.played / s.games if s.games else None)} of games "
        f"({s.kontra.played}); the Kontra side won {_tally(s.kontra)}. "
        f"Re in {s.re.played}; the Re side won {_tally(s.re)}."
    )


def iter_records(path: str | Path) -> Iterator[dict[str, Any]]:
    """The records of a ``games.jsonl`` file (or a gzipped ``games.jsonl.gz``), one dict per
    line."""
    opener = gzip.open if str(path).endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


__all__ = [
    "SCHEMES",
    "ArenaError",
    "ArenaSummary",
    "Difference",
    "GameFacts",
    "PlayerStats",
    "Tally",
    "bootstrap_ci",
    "check_specs",
    "deal_game",
    "iter_records",
    "render_summary",
    "run_arena",
    "seatings",
    "split_specs",
    "summarize",
]
