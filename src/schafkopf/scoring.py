"""The result of a game and its settlement: who won, the value, and every seat's payout.

:func:`score` is pure: it takes what happened (contract, hands at the deal, the cards each seat
took) and the ruleset, and returns a :class:`Result` whose payouts sum to zero together with
the Stock's change. The result keeps how its value was priced (:class:`Price`: the tariff's
items, a factor, the Stock's shares), and :func:`breakdown` explains it as JSON for a page:
the value is made from those parts, so the explanation can never disagree with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from schafkopf.actions import DOUBLE, action_name
from schafkopf.cards import AUGEN, iter_bits
from schafkopf.rules import Contract, Kind, Ruleset, play_tables

CENT_PRESETS: Final = frozenset({"sauspiel", "bsv"})
"""The presets whose tariffs are in cents (the others' are points)."""


@dataclass(frozen=True)
class PriceItem:
    """One summand of a game's price before its factor and doublings, in tariff units.

    ``item`` is a code: ``base`` (the contract's tariff), ``schneider``, ``schwarz``,
    ``laufende`` (``count`` of them at ``each``, held by ``side``), or ``ramsch``."""

    item: str
    amount: int
    count: int = 0
    each: int = 0
    side: str = ""

    def to_json(self) -> dict[str, Any]:
        """``{"item": "laufende", "count": 3, "each": 10, "side": "declarers", "amount": 30}``."""
        out: dict[str, Any] = {"item": self.item}
        if self.item == "laufende":
            out.update(count=self.count, each=self.each, side=self.side)
        out["amount"] = self.amount
        return out


@dataclass(frozen=True)
class Price:
    """How :func:`score` priced a game: ``base`` = sum of ``items`` times ``factor``; the value
    is ``base`` times the result's multiplier. Also what decided the items (the Laufende run
    at the deal, whether Schneider and Schwarz were paid) and the settlement's details (the
    Stock's share of each seat, the Ramsch transfers)."""

    items: tuple[PriceItem, ...] = ()
    factor: int = 1
    factor_item: str | None = None
    """Why there is a factor: ``tout``, ``sie`` or ``jungfrau`` (``double_all``)."""
    laufende_run: int = 0
    """The run of top trumps one side held at the deal (counted or not)."""
    laufende_side: str | None = None
    """Who held it: ``declarers`` or ``defenders``."""
    laufende_min: int = 0
    schneider_paid: bool = False
    schwarz_paid: bool = False
    stock_shares: tuple[int, ...] = ()
    """Per seat, what the Stock paid it (negative: what it paid into the Stock)."""
    transfers: tuple[tuple[int, int, int], ...] = ()
    """Ramsch: (from, to, amount) for each payment of the loser."""
    tied: tuple[int, ...] = ()
    """Ramsch: the seats tied for the most card points (one seat: no tie)."""

    @property
    def base(self) -> int:
        """The price before knocks and doublings."""
        return sum(i.amount for i in self.items) * self.factor


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game, in the record's ``result`` fields.

    ``points`` are the card points each seat took; ``laufende`` the number that counted;
    ``multiplier`` is 2 to the power of knocks plus doublings; ``stock`` is the Stock's change
    (positive when paid in), so ``sum(payouts) + stock == 0``. ``price`` says how the value
    was made (not compared: two equal outcomes are equal however they were priced).
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
    price: Price = field(default_factory=Price, compare=False, repr=False)

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


def tariff_unit(rules: Ruleset) -> str:
    """The unit of the rules' tariffs: ``ct`` (the sauspiel and bsv presets price in cents,
    the rules spec's 20/50 and 10/50) or ``points``."""
    return "ct" if rules.preset_name in CENT_PRESETS else "points"


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
        shares = tuple(-pay for _ in range(n))
        return Result(
            None, (), points, tuple(tricks), None, None, False, False, 0, 1, 0,
            shares, stock=pay * n, price=Price(stock_shares=shares),
        )  # fmt: skip
    if contract.kind is Kind.RAMSCH:
        return _score_ramsch(rules, contract, dealt, points, tricks, multiplier, ramsch_top_taken)

    declarer = contract.declarer
    assert declarer is not None
    declarers = (declarer,) if partner is None else tuple(sorted((declarer, partner)))
    kind = contract.kind
    lp = rules.tarif.laufende
    extra = rules.tarif.extra
    if kind is Kind.SIE:
        won, schneider, schwarz = True, True, True
        decl_points = 120
        laufende = run = 8
        by_declarers = True
        minimum = rules.laufende_minimum(kind)
        items = [PriceItem("base", rules.tarif.solo)]
        if rules.sie_value != "4x_base":
            items.append(PriceItem("laufende", lp * 8, 8, lp, "declarers"))
        price = Price(tuple(items), 4, "sie", run, "declarers", minimum)
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
        laufende = run = 0
        by_declarers = False
        minimum = 0 if kind is Kind.BETTEL else rules.laufende_minimum(kind)
        if kind is not Kind.BETTEL and lp > 0:
            run, by_declarers = count_laufende(rules, contract, dealt, declarers)
            if run >= minimum and (rules.laufende_side == "either" or by_declarers == won):
                laufende = run
        side = None if run == 0 else ("declarers" if by_declarers else "defenders")
        items = [PriceItem("base", rules.base_price(kind))]
        if kind is Kind.BETTEL:
            price = Price(tuple(items))
        elif contract.tout:
            if rules.tout_value == "4x_base":
                laufende = 0
            elif laufende:
                items.append(PriceItem("laufende", lp * laufende, laufende, lp, side or ""))
            factor = 4 if rules.tout_value == "4x_base" else 2
            price = Price(tuple(items), factor, "tout", run, side, minimum)
        else:
            if schneider:
                items.append(PriceItem("schneider", extra))
            if schwarz:
                items.append(PriceItem("schwarz", extra))
            if laufende:
                items.append(PriceItem("laufende", lp * laufende, laufende, lp, side or ""))
            price = Price(
                tuple(items), 1, None, run, side, minimum,
                schneider_paid=schneider, schwarz_paid=schwarz,
            )  # fmt: skip
    value = price.base * multiplier
    sign = 1 if won else -1
    payouts = [0] * n
    stock_change = 0
    if kind is Kind.RUFSPIEL and partner is not None:
        for s in range(n):
            payouts[s] = sign * value if s in declarers else -sign * value
        if rules.stock and stock:
            first, second = stock - stock // 2, stock // 2
            paid = [0] * n
            paid[declarer] = sign * first
            paid[partner] = sign * second
            for s in range(n):
                payouts[s] += paid[s]
            stock_change = -stock if won else stock
            price = _with_shares(price, tuple(paid))
    else:
        for s in range(n):
            payouts[s] = sign * value * (n - 1) if s == declarer else -sign * value
    return Result(
        contract, declarers, points, tuple(tricks), decl_points, won, schneider, schwarz,
        laufende, multiplier, value, tuple(payouts), stock=stock_change, price=price,
    )  # fmt: skip


def _with_shares(price: Price, shares: tuple[int, ...]) -> Price:
    """``price`` with the Stock's shares of the seats."""
    return Price(
        price.items, price.factor, price.factor_item, price.laufende_run, price.laufende_side,
        price.laufende_min, price.schneider_paid, price.schwarz_paid, shares,
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
        extra = rules.tarif.extra
        items = (
            PriceItem("base", rules.tarif.solo),
            PriceItem("schneider", extra),
            PriceItem("schwarz", extra),
        )
        price = Price(items, schneider_paid=True, schwarz_paid=True)
        value = price.base * multiplier
        payouts = tuple(value * (n - 1) if s == durch else -value for s in range(n))
        return Result(
            contract, (), points, tuple(tricks), None, None, False, False, 0, multiplier, value,
            payouts, durchmarsch=durch, price=price,
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
    double_all = rules.jungfrau == "double_all" and bool(jungfrauen)
    factor = 2 ** len(jungfrauen) if double_all else 1
    price = Price(
        (PriceItem("ramsch", rules.tarif.ramsch),), factor, "jungfrau" if double_all else None,
    )  # fmt: skip
    value = price.base * multiplier
    owed = [0] * n
    transfers = []
    for s in range(n):
        if s == loser:
            continue
        pay = value * 2 if rules.jungfrau == "double" and s in jungfrauen else value
        owed[s] += pay
        owed[loser] -= pay
        transfers.append((loser, s, pay))
    price = Price(price.items, price.factor, price.factor_item, transfers=tuple(transfers),
                  tied=tuple(tied))  # fmt: skip
    return Result(
        contract, (), points, tuple(tricks), None, False, False, False, 0, multiplier, value,
        tuple(owed), ramsch_loser=loser, jungfrauen=jungfrauen, price=price,
    )  # fmt: skip


def breakdown(
    rules: Ruleset,
    result: Result,
    *,
    doublings: Sequence[tuple[int, int]] = (),
    knocks: Sequence[int] = (),
) -> dict[str, Any]:
    """How ``result`` came about, as JSON codes for a page (no prose): the sides' card points
    and tricks, Schneider, Schwarz and Laufende (reached, and whether paid), the priced items
    with their amounts in the tariff's ``unit``, the factor, each knock and doubling (seat,
    word, cards played when said), the multiplier, the value and each payout.

    Every number is the one :func:`score` priced (``result.price``), so ``base`` is the sum
    of the items' amounts times the factor, and ``value`` is ``base`` times ``multiplier``.
    ``doublings`` are the game's (seat, cards played) pairs, ``knocks`` its knocking seats."""
    price = result.price
    contract = result.contract
    n = len(result.payouts)
    out: dict[str, Any] = {"unit": tariff_unit(rules)}
    if contract is None:
        out["settlement"] = "all_pass"
        out["after"] = "redeal"
    elif contract.kind is Kind.RAMSCH:
        out["settlement"] = "durchmarsch" if result.durchmarsch is not None else "ramsch"
        out["points"] = list(result.points)
        out["tricks"] = list(result.tricks)
        if result.durchmarsch is not None:
            out["durchmarsch"] = result.durchmarsch
        else:
            out["loser"] = result.ramsch_loser
            out["tied"] = list(price.tied)
            out["tie_rule"] = rules.ramsch_tie if len(price.tied) > 1 else None
            out["jungfrauen"] = list(result.jungfrauen)
            out["jungfrau"] = rules.jungfrau
    else:
        rufspiel = contract.kind is Kind.RUFSPIEL and len(result.declarers) == 2
        out["settlement"] = "rufspiel" if rufspiel else "solo"
        defenders = [s for s in range(n) if s not in result.declarers]
        for side, seats in (("declarers", list(result.declarers)), ("defenders", defenders)):
            out[side] = {
                "seats": seats,
                "augen": sum(result.points[s] for s in seats),
                "tricks": sum(result.tricks[s] for s in seats),
            }
        out["won"] = result.won
        out["schneider"] = {"reached": result.schneider, "counted": price.schneider_paid}
        out["schwarz"] = {"reached": result.schwarz, "counted": price.schwarz_paid}
        out["laufende"] = {
            "count": price.laufende_run,
            "side": price.laufende_side,
            "minimum": price.laufende_min,
            "counted": sum(i.count for i in price.items if i.item == "laufende"),
        }
    out["items"] = [i.to_json() for i in price.items]
    out["factor"] = (
        None if price.factor_item is None else {"item": price.factor_item, "times": price.factor}
    )
    out["base"] = price.base
    out["knocks"] = list(knocks)
    out["doublings"] = [
        {"seat": s, "word": action_name(DOUBLE, i), "cards_played": at}
        for i, (s, at) in enumerate(doublings)
    ]
    out["multiplier"] = result.multiplier
    out["value"] = result.value
    if price.transfers:
        jungfrauen = set(result.jungfrauen) if rules.jungfrau == "double" else set()
        out["transfers"] = [
            {"from": a, "to": b, "amount": amount, "jungfrau": b in jungfrauen}
            for a, b, amount in price.transfers
        ]
    if rules.stock or result.stock:
        shares = list(price.stock_shares) or [0] * n
        out["stock"] = {"change": result.stock, "shares": shares}
    out["payouts"] = list(result.payouts)
    return out
