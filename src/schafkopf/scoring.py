"""The result of a game and its settlement: who won, the value, and every seat's payout.

:func:`score` is pure: it takes what happened (contract, hands at the deal, the cards each seat
took) and the ruleset, and returns a :class:`Result` whose payouts sum to zero together with
the Stock's change.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from schafkopf.cards import AUGEN, iter_bits
from schafkopf.rules import Contract, Kind, Ruleset, play_tables


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game, in the record's ``result`` fields.

    ``points`` are the card points each seat took; ``laufende`` the number that counted;
    ``multiplier`` is 2 to the power of knocks plus doublings; ``stock`` is the Stock's change
    (positive when paid in), so ``sum(payouts) + stock == 0``.
    """

    contract: Contract | None
    declarers: tuple[int, ...]
    points: tuple[int, ...]
    tricks: tuple[int, ...]
    declarer_points: int | None
    won: bool | None
    schneider: bool
    schwarz: bool
    laufende: int
    multiplier: int
    value: int
    payouts: tuple[int, ...]
    stock: int = 0
    ramsch_loser: int | None = None
    jungfrauen: tuple[int, ...] = field(default=())
    durchmarsch: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The record's ``result`` object."""
        out: dict[str, Any] = {
            "declarers": list(self.declarers),
            "points": list(self.points),
            "declarer_points": self.declarer_points,
            "won": self.won,
            "schneider": self.schneider,
            "schwarz": self.schwarz,
            "laufende": self.laufende,
            "multiplier": self.multiplier,
            "value": self.value,
            "payouts": list(self.payouts),
        }
        if self.stock:
            out["stock"] = self.stock
        if self.contract is not None and self.contract.kind is Kind.RAMSCH:
            out["ramsch_loser"] = self.ramsch_loser
            if self.jungfrauen:
                out["jungfrauen"] = list(self.jungfrauen)
            if self.durchmarsch is not None:
                out["durchmarsch"] = self.durchmarsch
        return out


def is_schneider(rules: Ruleset, declarer_points: int, won: bool) -> bool:
    """Whether a game with these declarer points is Schneider under the rules' option."""
    if rules.schneider == "loser_30":
        return (120 - declarer_points if won else declarer_points) <= 30
    return declarer_points >= 91 if won else declarer_points <= 30


def count_laufende(
    rules: Ruleset, contract: Contract, dealt: Sequence[int], declarers: Sequence[int]
) -> tuple[int, bool]:
    """The unbroken run of top trumps held by one side at the deal: (length, held by declarers)."""
    tables = play_tables(contract.kind, contract.suit, rules.short)
    side = 0
    for s in declarers:
        side |= dealt[s]
    run, by_declarers = 0, False
    for i, c in enumerate(tables.trumps):
        held = bool(side >> c & 1)
        if i == 0:
            by_declarers = held
        elif held != by_declarers:
            break
        run += 1
    return run, by_declarers


def score(
    rules: Ruleset,
    contract: Contract | None,
    dealt: Sequence[int],
    taken: Sequence[int],
    tricks: Sequence[int],
    *,
    partner: int | None = None,
    knocks: int = 0,
    doublings: int = 0,
    stock: int = 0,
    ramsch_top_taken: Sequence[int] | None = None,
    points: Sequence[int] | None = None,
) -> Result:
    """Score a finished game.

    ``dealt`` and ``taken`` are card masks per seat (the hand at the deal; the cards won in
    tricks); ``tricks`` counts tricks won per seat; ``partner`` is the Rufspiel partner;
    ``stock`` is the Stock before the game; ``ramsch_top_taken`` gives, per seat, the strength
    of the highest trump it took (only for Ramsch ties by ``highest_trump_taken``); ``points``
    may pass the card points taken when the caller already has them.
    """
    n = rules.players
    if points is None:
        points = tuple(sum(AUGEN[c] for c in iter_bits(m)) for m in taken)
    else:
        points = tuple(points)
    multiplier = 2 ** (knocks + doublings)
    if contract is None:  # all passed, redeal
        pay = rules.tarif.rufspiel if rules.stock else 0
        return Result(
            None, (), points, tuple(tricks), None, None, False, False, 0, 1, 0,
            tuple(-pay for _ in range(n)), stock=pay * n,
        )  # fmt: skip
    if contract.kind is Kind.RAMSCH:
        return _score_ramsch(rules, contract, dealt, points, tricks, multiplier, ramsch_top_taken)

    declarer = contract.declarer
    assert declarer is not None
    declarers = (declarer,) if partner is None else tuple(sorted((declarer, partner)))
    kind = contract.kind
    if kind is Kind.SIE:
        won, schneider, schwarz = True, True, True
        decl_points = 120
        laufende = 8
        if rules.sie_value == "4x_base":
            base = 4 * rules.tarif.solo
        else:
            base = 4 * (rules.tarif.solo + 8 * rules.tarif.laufende)
        points = tuple(120 if s == declarer else 0 for s in range(n))
    else:
        decl_points = sum(points[s] for s in declarers)
        decl_tricks = sum(tricks[s] for s in declarers)
        opp_tricks = sum(tricks) - decl_tricks
        total_tricks = rules.hand_size
        if kind is Kind.BETTEL:
            won = decl_tricks == 0
        elif contract.tout:
            won = decl_tricks == total_tricks
        else:
            won = decl_points >= 61
        schneider = is_schneider(rules, decl_points, won)
        schwarz = (opp_tricks == 0) if won else (decl_tricks == 0)
        if kind is Kind.BETTEL:
            schwarz = schneider = False
        laufende = 0
        if kind is not Kind.BETTEL and rules.tarif.laufende > 0:
            run, by_declarers = count_laufende(rules, contract, dealt, declarers)
            if run >= rules.laufende_minimum(kind) and (
                rules.laufende_side == "either" or by_declarers == won
            ):
                laufende = run
        price = rules.base_price(kind)
        lp = rules.tarif.laufende
        if kind is Kind.BETTEL:
            base = price
        elif contract.tout:
            base = 4 * price if rules.tout_value == "4x_base" else 2 * (price + lp * laufende)
            if rules.tout_value == "4x_base":
                laufende = 0
        else:
            extra = rules.tarif.extra
            base = price + extra * schneider + extra * schwarz + lp * laufende
    value = base * multiplier
    sign = 1 if won else -1
    payouts = [0] * n
    stock_change = 0
    if kind is Kind.RUFSPIEL and partner is not None:
        for s in range(n):
            payouts[s] = sign * value if s in declarers else -sign * value
        if rules.stock and stock:
            first, second = stock - stock // 2, stock // 2
            payouts[declarer] += sign * first
            payouts[partner] += sign * second
            stock_change = -stock if won else stock
    else:
        for s in range(n):
            payouts[s] = sign * value * (n - 1) if s == declarer else -sign * value
    return Result(
        contract, declarers, points, tuple(tricks), decl_points, won, schneider, schwarz,
        laufende, multiplier, value, tuple(payouts), stock=stock_change,
    )  # fmt: skip


def _score_ramsch(
    rules: Ruleset,
    contract: Contract,
    dealt: Sequence[int],
    points: tuple[int, ...],
    tricks: Sequence[int],
    multiplier: int,
    top_taken: Sequence[int] | None,
) -> Result:
    """Ramsch: the most card points pays; ties, Jungfrau and Durchmarsch by the rules."""
    n = rules.players
    all_tricks = sum(tricks)
    durch: int | None = None
    for s in range(n):
        if (rules.durchmarsch == "all_tricks" and tricks[s] == all_tricks) or (
            isinstance(rules.durchmarsch, int) and points[s] >= rules.durchmarsch
        ):
            durch = s
    if durch is not None:
        value = (rules.tarif.solo + 2 * rules.tarif.extra) * multiplier
        payouts = tuple(value * (n - 1) if s == durch else -value for s in range(n))
        return Result(
            contract, (), points, tuple(tricks), None, None, False, False, 0, multiplier, value,
            payouts, durchmarsch=durch,
        )  # fmt: skip
    top = max(points)
    tied = [s for s in range(n) if points[s] == top]
    loser = tied[0]
    if len(tied) > 1:
        tables = play_tables(Kind.RAMSCH, None, rules.short)
        if rules.ramsch_tie == "highest_trump_taken" and top_taken is not None:
            strength = list(top_taken)
        else:
            strength = [
                max((tables.power[c] for c in iter_bits(dealt[s] & tables.trump_mask)), default=0)
                for s in range(n)
            ]
        loser = max(tied, key=lambda s: strength[s])
    jungfrauen = tuple(s for s in range(n) if tricks[s] == 0)
    value = rules.tarif.ramsch * multiplier
    if rules.jungfrau == "double_all":
        value *= 2 ** len(jungfrauen)
    owed = [0] * n
    for s in range(n):
        if s == loser:
            continue
        pay = value * 2 if rules.jungfrau == "double" and s in jungfrauen else value
        owed[s] += pay
        owed[loser] -= pay
    return Result(
        contract, (), points, tuple(tricks), None, False, False, False, 0, multiplier, value,
        tuple(owed), ramsch_loser=loser, jungfrauen=jungfrauen,
    )  # fmt: skip
