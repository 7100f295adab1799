"""A friends' duplicate table against a real ``schafkopf serve`` over loopback: after the
last game the same deals are played again, each hand one seat on with the deal, and the
ledgers are compared hand by hand; it survives a restart."""

from __future__ import annotations

import json
from pathlib import Path

from websockets.sync.client import connect

from test_server_accounts import SETTINGS, Browser
from test_server_process import ServerProcess, _play_as


def _play(server: ServerProcess, table: str, token: str) -> None:
    with connect(f"ws://127.0.0.1:{server.port}/ws/{table}?token={token}") as ws:
        _play_as(ws, moves=None)


def test_the_same_deals_again_one_seat_on(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'duplicate.db'}"
    server = ServerProcess(db, settings=SETTINGS).start()
    try:
        anna = Browser(server)
        first = anna.ok("POST", "/api/tables", {"games": 2, "player": "Anna"})
        anna.refused("POST", f"/api/tables/{first['table']}/duplicate",
                     {"token": first["token"]}, 409, "not_over")  # fmt: skip
        _play(server, first["table"], first["token"])
        copy = anna.ok("POST", f"/api/tables/{first['table']}/duplicate", {"token": first["token"]})
        again = anna.ok(
            "POST", f"/api/tables/{first['table']}/duplicate", {"token": first["token"]}
        )
        assert again["table"] == copy["table"]  # one copy
        _play(server, copy["table"], copy["token"])
        originals = [anna.ok("GET", f"/api/tables/{first['table']}/games/{n}") for n in (1, 2)]
        copies = [anna.ok("GET", f"/api/tables/{copy['table']}/games/{n}") for n in (1, 2)]
        for a, b in zip(originals, copies, strict=True):
            assert b["dealer"] == (a["dealer"] + 1) % 4
            for s in range(4):
                assert set(b["hands"][(s + 1) % 4].split()) == set(a["hands"][s].split())
        compared = anna.ok("GET", f"/api/tables/{copy['table']}/comparison")
        total = 0
        for game, a, b in zip(compared["games"], originals, copies, strict=True):
            for s, hand in enumerate(game["hands"]):
                before, after = a["result"]["payouts"][s], b["result"]["payouts"][(s + 1) % 4]
                assert hand["original"] == {"seat": s, "name": a["players"][s], "payout": before}
                assert hand["copy"]["payout"] == after and hand["difference"] == after - before
                if hand["copy"]["name"] == "Anna":
                    total += after - before
        assert {"name": "Anna", "difference": total} in compared["totals"]
        anna.refused("GET", f"/api/tables/{first['table']}/comparison", None, 404, "no_game")
    finally:
        server.stop()
    restarted = ServerProcess(db, settings=SETTINGS).start()
    try:
        again_compared = Browser(restarted).ok("GET", f"/api/tables/{copy['table']}/comparison")
        assert json.dumps(again_compared, sort_keys=True) == json.dumps(compared, sort_keys=True)
    finally:
        restarted.stop()
