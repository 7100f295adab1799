"""What a card-play outcome is worth: the payout brackets of the declarer side's card points,
the declarer side's stake in each, and a seat's money from a stake.

Under perfect play a game's payout depends on the card points only through their bracket
(lost Schneider, lost, won, won Schneider, ...), so searches ask in which bracket a line ends
(:func:`schafkopf.search.solver.move_brackets`) and price it here. Schwarz stands in as 0 or
120 card points (a side that takes a trick of no points is rare).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from schafkopf.game import Game
from schafkopf.rules import Contract, Kind, Ruleset
from schafkopf.scoring import count_laufende, is_schneider


@lru_cache(maxsize=16)
def payout_thresholds(rules: Ruleset) -> tuple[int, ...]:
    """The declarer-side card points at which the payout changes (won, Schneider, the Schwarz
    stand-in of 0 or 120 points), ascending: ``(1, 31, 61, 91, 120)`` under most rules."""

    def bracket(points: int) -> tuple[bool, bool, bool]:
        won = points >= 61
        return won, is_schneider(rules, points, won), points in (0, 120)

    return tuple(p for p in range(1, 121) if bracket(p) != bracket(p - 1))


def bracket_of(points: int, thresholds: Sequence[int]) -> int:
    """The bracket of final declarer-side ``points``: how many thresholds they reach."""
    return sum(1 for t in thresholds if points >= t)


def bracket_stakes(g: Game, c: Contract, thresholds: Sequence[int]) -> list[float]:
    """The declarer side's payout (in base units, before doublings) for each bracket of final
    card points: below the first threshold, then from each threshold on; Laufende included."""
    rules = g.rules
    run, by_declarers = count_laufende(rules, c, g.dealt, g.declarers)
    counts = rules.tarif.laufende > 0 and run >= rules.laufende_minimum(c.kind)
    out = []
    for points in (0, *thresholds):
        won = points >= 61
        schneider = is_schneider(rules, points, won)
        schwarz = points in (0, 120)
        laufende = run if counts and (rules.laufende_side == "either" or by_declarers == won) else 0
        base = (
            rules.base_price(c.kind)
            + rules.tarif.extra * (schneider + schwarz)
            + rules.tarif.laufende * laufende
        )
        out.append(float(base if won else -base))
    return out


def tricks_stake(g: Game, c: Contract, won: bool) -> float:
    """The declarer side's payout (base units, before doublings) of a Bettel or a Tout, won
    or lost (a Tout's factor and, where they count, its Laufende included)."""
    rules = g.rules
    base = float(rules.base_price(c.kind))
    if c.tout:
        if rules.tout_value == "4x_base":
            base *= 4
        else:
            lp = rules.tarif.laufende
            run, by_declarers = count_laufende(rules, c, g.dealt, g.declarers)
            side_ok = rules.laufende_side == "either" or by_declarers == won
            if lp and run >= rules.laufende_minimum(c.kind) and side_ok:
                base += lp * run
            base *= 2
    return base if won else -base


def seat_money(g: Game, seat: int, stake: float, extra_doublings: int = 0) -> float:
    """What ``seat`` gets when the declarer side's stake (per opponent, before Klopfen and
    doublings; negative when lost) is ``stake``, at ``g``'s knocks and doublings plus
    ``extra_doublings``: a Rufspiel's two declarers each win it from one opponent, a soloist
    from every opponent."""
    c = g.contract
    assert c is not None and c.declarer is not None
    value = stake * float(2 ** (len(g.knocks) + len(g.doublings) + extra_doublings))
    if seat in g.declarers:
        return value if len(g.declarers) > 1 else value * (g.rules.players - 1)
    return -value


def world_price(rules: Ruleset, kind: Kind, tout: bool) -> float:
    """What one opponent pays for a won contract (the declarer side's stake per player)."""
    n = rules.players
    if kind is Kind.RUFSPIEL:
        return float(rules.tarif.rufspiel)
    base = rules.base_price(kind)
    if tout:
        base = 4 * base if rules.tout_value == "4x_base" else 2 * base
    return float(base * (n - 1))
