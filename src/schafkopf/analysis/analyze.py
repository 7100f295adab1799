"""Judging a game: every decision's options valued for the seat that made it, the loss of the
one taken, a verdict, and each seat's accuracy and luck (see :mod:`.values` for how)."""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

from schafkopf.actions import Action, action_name
from schafkopf.game import PLAY, Game
from schafkopf.record import Record, record_to_game
from schafkopf.scoring import tariff_unit

from .model import Decision, GameAnalysis, SeatSummary
from .values import (
    Worlds,
    averaged,
    card_money,
    deal_value,
    declarer_money,
    doubling_money,
    judged,
    option_money,
)
from .verdicts import accuracy, significant, verdict
from .walk import DOUBLING, NOT_DOUBLING, Point, decision_points

Progress = Callable[[int, int], None]
"""Told ``(done, total)`` steps as the analysis goes on."""

DEFAULT_WORLDS = 32
"""Worlds per card decision (twice as many for Kontra, Re, ...)."""
DEFAULT_BID_WORLDS = 16
"""Worlds per bidding decision and for each seat's luck (each option is played out)."""


def analyze(
    source: Record | Mapping[str, Any] | Game,
    *,
    seats: Collection[int] | None = None,
    worlds: int = DEFAULT_WORLDS,
    bid_worlds: int = DEFAULT_BID_WORLDS,
    seed: int = 0,
    inference: bool = True,
    open_hands: bool = True,
    luck: bool = True,
    indices: Collection[int] | None = None,
    progress: Progress | None = None,
) -> GameAnalysis:
    """Judge every decision of a game (a record, its JSON form, or a :class:`Game`) for the
    seat that made it, for ``seats`` (default all), and each seat's accuracy and luck
    (``luck`` False: 0, not computed); ``indices`` keeps only the decisions at those places
    of the game's history. The same ``seed`` gives the same analysis."""
    if worlds < 1 or bid_worlds < 1:
        raise ValueError("worlds and bid_worlds must be at least 1")
    game, players = _game_of(source)
    n = game.rules.players
    wanted = set(range(n)) if seats is None else set(seats)
    if not wanted <= set(range(n)):
        raise ValueError(f"seats must be among 0..{n - 1}, got {sorted(wanted)}")
    points = [
        p
        for p in decision_points(game)
        if p.seat in wanted and (indices is None or p.index in indices)
    ]
    points.sort(key=lambda p: (p.index, p.phase == DOUBLING, p.seat))
    total = len(points) + (len(wanted) if luck else 0)
    sampler = Worlds(inference=inference)
    decisions: list[Decision] = []
    for done, p in enumerate(points):
        judged_here = judge(p, sampler, seed, worlds, bid_worlds, open_hands)
        if judged_here is not None:
            decisions.append(judged_here.decision)
        if progress:
            progress(done + 1, total)
    lucks: dict[int, float] = {}
    for k, s in enumerate(sorted(wanted)):
        if luck:
            lucks[s] = luck_of(game, s, bid_worlds=bid_worlds, seed=seed)
            if progress:
                progress(len(points) + k + 1, total)
    summaries = seat_summaries(decisions, lucks, sorted(wanted))
    payouts = game.result().payouts if game.is_over() else ()
    return GameAnalysis(decisions, summaries, tuple(payouts), tariff_unit(game.rules), players)


def seat_summaries(
    decisions: Collection[Decision], lucks: Mapping[int, float], seats: Collection[int]
) -> list[SeatSummary]:
    """Each seat's figures from its judged decisions and its luck (0 where not computed)."""
    out = []
    for s in sorted(seats):
        mine = [d for d in decisions if d.seat == s]
        out.append(
            SeatSummary(
                seat=s,
                accuracy=accuracy((d.loss, d.spread) for d in mine),
                luck=lucks.get(s, 0.0),
                inaccuracies=sum(d.verdict == "inaccuracy" for d in mine),
                mistakes=sum(d.verdict == "mistake" for d in mine),
                blunders=sum(d.verdict == "blunder" for d in mine),
            )
        )
    return out


def luck_of(
    source: Record | Mapping[str, Any] | Game,
    seat: int,
    *,
    bid_worlds: int = DEFAULT_BID_WORLDS,
    seed: int = 0,
) -> float:
    """``seat``'s luck in a game, as :func:`analyze` computes it."""
    game, _players = _game_of(source)
    rng = random.Random(_mix(seed, -1, seat, False))
    return round(deal_value(game, seat, rng, bid_worlds), 2)


def _game_of(source: Record | Mapping[str, Any] | Game) -> tuple[Game, list[str]]:
    if isinstance(source, Game):
        return source, []
    if isinstance(source, Record):
        return source.to_game(), list(source.players or [])
    return record_to_game(source), list(source.get("players") or [])


def _mix(seed: int, index: int, seat: int, doubling: bool) -> int:
    """A decision's own random seed (the same wherever it comes in the run)."""
    return (seed * 1_000_003 + (index + 1) * 131 + seat * 7 + doubling) & (2**63 - 1)


def _token(action: Action, game: Game) -> str:
    if action == NOT_DOUBLING:
        return "gut"
    return action_name(action, len(game.doublings))


@dataclass(frozen=True)
class Judgement:
    """A decision judged, with each world's value of every option (``per_world``), from
    which the decision's values are the means."""

    decision: Decision
    per_world: list[dict[Action, float]]


def judge(
    p: Point,
    sampler: Worlds,
    seed: int,
    worlds: int = DEFAULT_WORLDS,
    bid_worlds: int = DEFAULT_BID_WORLDS,
    open_hands: bool = True,
) -> Judgement | None:
    """Value every option of the decision at ``p`` (None where it cannot be judged: Ramsch,
    or no world could be drawn). The decision's random draws depend on ``seed`` and on
    where the decision is, not on what was judged before."""
    rng = random.Random(_mix(seed, p.index, p.seat, p.phase == DOUBLING))
    g = p.game
    view = g.view(p.seat)
    open_values: dict[Action, float] | None = None
    per_world: list[dict[Action, float]]
    if p.phase in (PLAY, DOUBLING):
        if not judged(g) or g.phase != PLAY:
            return None
        money = card_money if p.phase == PLAY else doubling_money
        # a doubling's value swings by the whole stake from world to world: twice the worlds
        drawn = sampler.draw(view, rng, worlds if p.phase == PLAY else 2 * worlds)
        per_world = [money(w, p.seat) for w in drawn]
        if open_hands:
            open_values = money(g, p.seat)
    else:
        drawn = sampler.draw(view, rng, bid_worlds)
        seeds = [rng.getrandbits(48) for _ in drawn]
        per_world = [
            {a: option_money(w, p.seat, a, random.Random(sd)) for a in p.options}
            for w, sd in zip(drawn, seeds, strict=True)
        ]
    values = averaged(per_world)
    if p.action not in values or len(values) < 2:
        return None
    best = max(values, key=lambda a: (values[a], a == p.action))
    loss = max(0.0, values[best] - values[p.action])
    sure = significant([w[best] - w[p.action] for w in per_world])
    open_loss = None
    if open_values is not None and p.action in open_values:
        open_loss = round(max(0.0, max(open_values.values()) - open_values[p.action]), 2)
    trick = position = None
    chance = expected = open_expected = None
    if p.phase == PLAY:
        trick, position = len(g.tricks) + 1, len(g.trick) + 1
        after = [
            declarer_money(w, p.seat, v[p.action])
            for w, v in zip(drawn, per_world, strict=True)
            if p.action in v
        ]
        if after:
            chance = round(sum(x > 0 for x in after) / len(after), 3)
            expected = round(sum(after) / len(after), 2)
        if open_values is not None and p.action in open_values:
            open_expected = round(declarer_money(g, p.seat, open_values[p.action]), 2)
    decision = Decision(
        seat=p.seat,
        phase=p.phase,
        trick=trick,
        position=position,
        action=_token(p.action, g),
        best=_token(best, g),
        loss=round(loss, 2),
        open_loss=open_loss,
        verdict=verdict(loss, g.rules) if sure else None,
        options={_token(a, g): round(v, 2) for a, v in sorted(values.items())},
        open_options=None
        if open_values is None
        else {_token(a, g): round(v, 2) for a, v in sorted(open_values.items())},
        index=p.index,
        chance=chance,
        expected=expected,
        open_expected=open_expected,
    )
    return Judgement(decision, per_world)


__all__ = [
    "DEFAULT_BID_WORLDS",
    "DEFAULT_WORLDS",
    "Judgement",
    "analyze",
    "judge",
    "luck_of",
    "seat_summaries",
]
