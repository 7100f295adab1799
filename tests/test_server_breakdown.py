"""The explained result: each finished game's ``breakdown`` (in the ``game_over`` event and in
``last_result``) reproduces its value and payouts exactly from its parts, under every preset,
for random games, for the NetSchafkopf games and for every kind of settlement."""

from __future__ import annotations

import random
import warnings
from pathlib import Path
from typing import Any

import pytest

from schafkopf.cards import parse_card
from schafkopf.importers.netschafkopf import import_netschafkopf_file
from schafkopf.record import record_to_game
from schafkopf.rules import CONTRACT_OPTIONS, Contract, Kind, Ruleset
from schafkopf.scoring import Result, breakdown, score
from schafkopf.server.table import Table, TableConfig
from server_helpers import play_to_end

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from schafkopf.server.app import create_app

NETSCHAFKOPF = Path(__file__).resolve().parents[2] / "shared" / "data" / "netschafkopf"
WORDS = ("kontra", "re", "sup", "hirsch")


def check(b: dict[str, Any], rules: Ruleset, result: Result) -> None:
    """The breakdown's parts make its value and payouts, with the rules' tariffs, and agree
    with the result."""
    n = rules.players
    tarif = rules.tarif
    assert b["unit"] == ("ct" if rules.preset_name in ("sauspiel", "bsv") else "points")
    times = 1 if b["factor"] is None else b["factor"]["times"]
    assert b["base"] == sum(i["amount"] for i in b["items"]) * times
    if b["settlement"] != "all_pass":  # (knocks before an all-pass double nothing)
        assert b["multiplier"] == 2 ** (len(b["knocks"]) + len(b["doublings"]))
    assert b["value"] == b["base"] * b["multiplier"] == result.value
    assert [d["word"] for d in b["doublings"]] == list(WORDS[: len(b["doublings"])])
    assert b["payouts"] == list(result.payouts)
    assert sum(b["payouts"]) + b.get("stock", {}).get("change", 0) == 0
    items = {i["item"]: i for i in b["items"]}
    assert len(items) == len(b["items"])  # each item once
    value = b["value"]
    shares = b.get("stock", {}).get("shares") or [0] * n
    settlement = b["settlement"]
    if settlement == "all_pass":
        assert b["items"] == [] and value == 0 and b["payouts"] == shares
        return
    if settlement in ("ramsch", "durchmarsch"):
        if settlement == "ramsch":
            assert list(items) == ["ramsch"] and items["ramsch"]["amount"] == tarif.ramsch
            assert b["loser"] == result.ramsch_loser and b["loser"] in b["tied"]
            assert max(b["points"]) == b["points"][b["loser"]]
            assert b["jungfrauen"] == [s for s in range(n) if b["tricks"][s] == 0]
            if b["factor"] is not None:
                assert b["factor"] == {"item": "jungfrau", "times": 2 ** len(b["jungfrauen"])}
            paid = [0] * n
            for t in b["transfers"]:
                assert t["from"] == b["loser"]
                assert t["amount"] == value * (2 if t["jungfrau"] else 1)
                paid[t["from"]] -= t["amount"]
                paid[t["to"]] += t["amount"]
            assert len(b["transfers"]) == n - 1 and paid == b["payouts"]
        else:
            assert list(items) == ["base", "schneider", "schwarz"]
            assert items["base"]["amount"] == tarif.solo
            assert items["schneider"]["amount"] == items["schwarz"]["amount"] == tarif.extra
            d = b["durchmarsch"]
            assert b["payouts"] == [value * (n - 1) if s == d else -value for s in range(n)]
        return
    kind = result.contract.kind if result.contract is not None else None
    assert kind is not None
    base = tarif.solo if kind is Kind.SIE else rules.base_price(kind)
    assert items["base"]["amount"] == base and next(iter(items)) == "base"
    for extra in ("schneider", "schwarz"):
        assert (extra in items) == b[extra]["counted"]
        assert not b[extra]["counted"] or b[extra]["reached"]
        if extra in items:
            assert items[extra]["amount"] == tarif.extra
    assert b["schneider"]["reached"] == result.schneider
    assert b["schwarz"]["reached"] == result.schwarz
    lauf = b["laufende"]
    if "laufende" in items:
        item = items["laufende"]
        assert item["amount"] == item["count"] * item["each"] and item["each"] == tarif.laufende
        assert item["count"] == lauf["counted"] == lauf["count"] >= lauf["minimum"]
        assert item["side"] == lauf["side"]
        if rules.laufende_side == "winner" and kind is not Kind.SIE:
            assert (lauf["side"] == "declarers") == b["won"]
    else:
        assert lauf["counted"] == 0
    if kind is not Kind.SIE:
        assert lauf["counted"] == result.laufende
    decl, defs = b["declarers"], b["defenders"]
    assert sorted(decl["seats"] + defs["seats"]) == list(range(n))
    assert decl["augen"] + defs["augen"] <= 120 and decl["augen"] == result.declarer_points
    assert decl["tricks"] + defs["tricks"] <= rules.hand_size
    sign = 1 if b["won"] else -1
    if settlement == "rufspiel":
        want = [
            (sign * value if s in decl["seats"] else -sign * value) + shares[s] for s in range(n)
        ]
    else:
        (soloist,) = decl["seats"]
        want = [sign * value * (n - 1) if s == soloist else -sign * value for s in range(n)]
    assert b["payouts"] == want


VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("standard", {}),
    ("standard", {"all_pass": "ramsch", "klopfen": True, "stock": True, "max_doublings": 4}),
    ("standard", {"contracts": list(CONTRACT_OPTIONS), "jungfrau": "double_all",
                  "all_pass": "ramsch", "laufende_side": "either"}),
    ("sauspiel", {}),
    ("sauspiel", {"all_pass": "ramsch", "durchmarsch": 91, "deck": "short"}),
    ("bsv", {}),
    ("bsv", {"tout_value": "4x_base", "stock": True, "schneider": "loser_30", "players": 3}),
]  # fmt: skip


@pytest.mark.parametrize(("preset", "overrides"), VARIANTS)
def test_random_games_are_explained_exactly(preset: str, overrides: dict[str, Any]) -> None:
    """A few hundred games of random legal actions (doublings and knocks included) at a
    table: every result's breakdown adds up."""
    n = Ruleset.preset(preset, overrides).players
    config = TableConfig.build(
        preset=preset, overrides=overrides, games=300, seats=["random"] * n, seed=5,
        allow_bot_tables=True,
    )  # fmt: skip
    table = Table("t", config)
    rng = random.Random(7)
    settlements: list[str] = []
    while not table.is_over():
        movers = [s for s in range(table.rules.players) if table.legal(s)]
        seat = rng.choice(movers)
        table.apply(seat, table.parse(seat, rng.choice(table.legal(seat))))
    for number, game in enumerate(table.finished, 1):
        b = table.result_json(number)["breakdown"]
        check(b, game.rules, game.result())
        settlements.append(b["settlement"])
    played = [b for b in settlements if b != "all_pass"]
    assert len(played) >= 100, settlements
    assert {"rufspiel", "solo"} <= set(played) or table.rules.players == 3
    if table.rules.all_pass == "ramsch":
        assert "ramsch" in settlements


def test_the_netschafkopf_games_are_explained_exactly() -> None:
    """All 1,300 real games (sauspiel-like rounds with Kontra, Klopfen, Laufende, Tout and
    Ramsch): each breakdown makes the value and payouts the log shows."""
    logs = sorted(NETSCHAFKOPF.glob("*.txt"))
    assert logs, f"no NetSchafkopf logs under {NETSCHAFKOPF}"
    seen: set[str] = set()
    checked = 0
    for log in logs:
        for g in import_netschafkopf_file(log):
            if g.record is None:
                continue
            game = record_to_game(g.record)
            result = game.result()
            b = breakdown(game.rules, result, doublings=game.doublings, knocks=game.knocks)
            check(b, game.rules, result)
            assert b["value"] == g.record["result"]["value"]
            assert b["payouts"] == g.record["result"]["payouts"]
            seen.add(b["settlement"])
            seen.update(i["item"] for i in b["items"])
            seen.update("doubled" for _ in b["doublings"])
            seen.update("knocked" for _ in b["knocks"])
            if b["factor"] is not None:
                seen.add(b["factor"]["item"])
            checked += 1
    assert checked == 1300
    assert {"rufspiel", "solo", "ramsch", "laufende", "schneider", "tout"} <= seen
    assert {"doubled", "knocked"} <= seen


def _hands(*hands: str) -> list[int]:
    return [sum(1 << parse_card(c) for c in h.split()) for h in hands]


_DEAL = _hands(
    "EO GO HO SO EU GU HU SU",
    "EA EZ EK E9 E8 E7 GA GZ",
    "GK G9 G8 G7 HA HZ HK H9",
    "H8 H7 SA SZ SK S9 S8 S7",
)
"""Seat 0 holds all the Ober and Unter: Sie, or a solo with eight Laufende."""


@pytest.mark.parametrize("preset", ["standard", "sauspiel", "bsv"])
def test_every_kind_of_settlement_is_explained(preset: str) -> None:
    """Sie, Tout won and lost, Bettel, a Rufspiel with Stock, Ramsch with a tie and
    Jungfrauen (both rules), Durchmarsch, and an all-pass with Stock."""
    n = 4
    everything = list(_DEAL)
    nothing = [0] * n
    cases: list[tuple[Ruleset, Result, int, int]] = []

    def add(rules: Ruleset, result: Result, knocks: int = 0, doublings: int = 0) -> None:
        cases.append((rules, result, knocks, doublings))

    for sie in ("4x_base", "4x_value"):
        rules = Ruleset.preset(preset, {"sie_value": sie})
        add(rules, score(rules, Contract(Kind.SIE, 0), _DEAL, nothing, nothing))
    for tout in ("4x_base", "2x_value"):
        rules = Ruleset.preset(preset, {"tout_value": tout})
        solo = Contract(Kind.SOLO, 0, 2, tout=True)
        won = score(rules, solo, _DEAL, [everything[0] | sum(everything[1:]), 0, 0, 0],
                    [8, 0, 0, 0], doublings=1)  # fmt: skip
        add(rules, won, doublings=1)
        lost = score(rules, solo, _DEAL, [0, sum(everything), 0, 0], [7, 1, 0, 0])
        add(rules, lost)
    rules = Ruleset.preset(preset, {"contracts": list(CONTRACT_OPTIONS)})
    add(rules, score(rules, Contract(Kind.BETTEL, 3), _DEAL, [sum(everything), 0, 0, 0],
                     [8, 0, 0, 0], knocks=2), knocks=2)  # fmt: skip
    stock = Ruleset.preset(preset, {"stock": True})
    ruf = score(stock, Contract(Kind.RUFSPIEL, 1, 3), _DEAL, [0, sum(everything), 0, 0],
                [0, 5, 3, 0], partner=3, stock=30)  # fmt: skip
    add(stock, ruf)
    add(stock, score(stock, None, _DEAL, nothing, nothing))
    for jungfrau in ("double", "double_all", "off"):
        ramsch = Ruleset.preset(preset, {"all_pass": "ramsch", "jungfrau": jungfrau})
        tie = score(ramsch, Contract(Kind.RAMSCH), _DEAL, nothing, [4, 4, 0, 0],
                    points=[60, 60, 0, 0], ramsch_top_taken=[3, 9, 0, 0], knocks=1)  # fmt: skip
        add(ramsch, tie, knocks=1)
        durch = score(ramsch, Contract(Kind.RAMSCH), _DEAL, nothing, [0, 0, 8, 0],
                      points=[0, 0, 120, 0])  # fmt: skip
        add(ramsch, durch)
    for rules, result, knocks, doublings in cases:
        b = breakdown(rules, result, doublings=[(1, 0)] * doublings, knocks=list(range(knocks)))
        check(b, rules, result)
    sie = breakdown(*cases[1][:2])
    assert sie["factor"] == {"item": "sie", "times": 4}
    assert sie["laufende"] == {"count": 8, "side": "declarers", "minimum": 3, "counted": 8}


def test_the_result_event_and_last_result_carry_the_breakdown(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    with TestClient(create_app(db, bot_delay=0)) as client:
        t = client.post("/api/tables", json={"player": "Anna", "games": 1, "preset": "sauspiel"})
        body = t.json()
        with client.websocket_connect(f"/ws/{body['table']}?token={body['token']}") as ws:
            over = play_to_end(ws)
        assert over["event"]["kind"] == "game_over"
        result = over["state"]["last_result"]
        b = result["breakdown"]
        assert over["event"]["result"]["breakdown"] == b
        assert b["unit"] == "ct" and b["value"] == result["result"]["value"]
        assert b["payouts"] == result["result"]["payouts"]
        later = client.get(f"/api/tables/{body['table']}").json()["state"]["last_result"]
        assert later["breakdown"] == b
