"""The table chat against a real ``schafkopf serve`` over loopback: a seat's holder writes,
everyone at the table reads (spectators too, and a newcomer the last lines); lines are
cleaned of control characters and cut to length, quick phrases go by code, spectators may
not write, and a connection past its allowance is refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

from test_server_accounts import SETTINGS
from test_server_process import ServerProcess

TWO = ["human", "human", "heuristic", "heuristic"]


def _next(ws: ClientConnection, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (others, like table events, are passed over)."""
    while True:
        msg = dict(json.loads(ws.recv(timeout=20)))
        if msg["type"] == kind:
            return msg


def test_the_table_chat(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'chat.db'}", settings=SETTINGS).start()
    try:
        _chat(server)
    finally:
        server.stop()


def _chat(server: ServerProcess) -> None:
    import urllib.request

    def post(path: str, body: dict[str, Any]) -> dict[str, Any]:
        req = urllib.request.Request(server.url + path, json.dumps(body).encode(),
                                     {"content-type": "application/json"})  # fmt: skip
        with urllib.request.urlopen(req, timeout=10) as r:
            return dict(json.loads(r.read()))

    made = post("/api/tables", {"games": 1, "player": "Anna", "seats": TWO})
    bert = post(f"/api/tables/{made['table']}/join", {"invite": made["invite"], "name": "Bert"})
    base = f"ws://127.0.0.1:{server.port}/ws/{made['table']}"
    with (
        connect(f"{base}?token={made['token']}") as anna,
        connect(f"{base}?token={bert['token']}") as bert_ws,
        connect(base) as watcher,
    ):
        for ws in (anna, bert_ws, watcher):
            _next(ws, "snapshot")
        anna.send(json.dumps({"type": "chat", "text": "  Servus\x00 <b>Bert</b>\u202e!\n  "}))
        for ws in (anna, bert_ws, watcher):
            line = _next(ws, "chat")
            assert (line["seat"], line["name"]) == (0, "Anna")
            assert line["text"] == "Servus <b>Bert</b>!"  # shown as text by the page
        bert_ws.send(json.dumps({"type": "chat", "phrase": "well_played"}))
        assert _next(watcher, "chat")["phrase"] == "well_played"
        assert _next(anna, "chat")["phrase"] == "well_played"
        assert _next(bert_ws, "chat")["phrase"] == "well_played"  # the writer reads it too
        bert_ws.send(json.dumps({"type": "chat", "text": "x" * 250}))
        assert _next(anna, "chat")["text"] == "x" * 200
        assert _next(bert_ws, "chat")["text"] == "x" * 200
        watcher.send(json.dumps({"type": "chat", "text": "ich auch"}))
        refusal = _next(watcher, "error")
        assert refusal["code"] == "no_seat" and refusal["for"] == "chat"
        for bad in ({"type": "chat", "phrase": "nope"}, {"type": "chat", "text": " \x07 "},
                    {"type": "chat", "text": "y" * 401}):  # fmt: skip
            anna.send(json.dumps(bad))
            assert _next(anna, "error")["code"] == "malformed", bad
        codes = []
        for k in range(6):  # a burst of five, then the allowance is spent
            bert_ws.send(json.dumps({"type": "chat", "text": f"line {k}"}))
        while len(codes) < 6:
            msg = dict(json.loads(bert_ws.recv(timeout=20)))
            if msg["type"] in ("chat", "error") and msg.get("seat", 1) == 1:
                codes.append(msg.get("code", "chat"))
        # five in a burst, two used already (one more may have refilled on a slow machine)
        assert codes[:3] == ["chat"] * 3 and codes[-2:] == ["rate_limited"] * 2
        with connect(base) as late:
            _next(late, "snapshot")
            history = _next(late, "chat")["history"]
            assert history[0]["text"] == "Servus <b>Bert</b>!"
            assert history[1]["phrase"] == "well_played"
