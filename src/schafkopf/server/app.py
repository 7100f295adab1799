"""The web server: the page, a small JSON API for tables and seats, and one WebSocket per seat.

HTTP: ``POST /api/tables`` (create), ``POST /api/tables/{id}/join`` (take a seat with the
invitation), ``GET /api/tables/{id}`` (public state), ``GET /api/tables/{id}/games/{n}`` (a
finished game's record; ``.../replay`` adds each trick's leader and winner),
``GET /api/options`` (presets, contracts, bots). WebSocket
``/ws/{id}?token=...``: the client sends ``{"type": "act", "action": "EO", "version": 12}``,
``{"type": "resume", "since": 12}`` or ``{"type": "ping"}``; the server answers with
``snapshot``, ``event``, ``events`` and ``error`` messages (see :mod:`schafkopf.server.protocol`).
"""

from __future__ import annotations

import gc
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Final

from fastapi import FastAPI, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError

from schafkopf.players.registry import player_kinds
from schafkopf.rules import CONTRACT_OPTIONS, PRESETS
from schafkopf.server.bots import BotPool
from schafkopf.server.hub import Hub
from schafkopf.server.protocol import (
    MAX_MESSAGE_BYTES,
    ActMessage,
    CreateTable,
    JoinTable,
    PingMessage,
    ResumeMessage,
    error_message,
    parse_client_message,
)
from schafkopf.server.store import Store
from schafkopf.server.table import HUMAN, TableConfig, TableError

WEB = Path(__file__).resolve().parent.parent / "web"

BOTS: Final = [
    {"spec": "heuristic", "de": "Regelbasiert", "en": "Rule-based"},
    {"spec": "pimc:samples=20,seconds=0.5", "de": "Stark (PIMC)", "en": "Strong (PIMC)"},
    {
        "spec": "pimc:samples=20,seconds=0.5,inference=true",
        "de": "Am stärksten (PIMC mit Handschätzung)",
        "en": "Strongest (PIMC with hand inference)",
    },
    {"spec": "random", "de": "Zufall", "en": "Random"},
]
"""The bot strengths the page offers (any player spec is accepted through the API)."""

_STATUS = {
    "no_table": 404,
    "no_game": 404,
    "bad_invite": 403,
    "bad_token": 403,
    "table_full": 409,
    "conflict": 409,
}


FULL_COLLECTION_EVERY: Final = 100
"""Young collections between two full ones of the cycle collector (Python's default: 10)."""


def tune_gc_for_serving() -> None:
    """Keep the cycle collector's full passes rare and short in a serving process.

    Full passes stop every table for tens of milliseconds (about 1 us per live object), and
    under load they come every few seconds while the heap grows. Code, libraries and the
    loaded tables live as long as the server, so they are frozen out of the passes; new
    garbage is still collected, by reference counts and the young generations."""
    gc.collect()
    gc.freeze()
    young, middle, _full = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_COLLECTION_EVERY)


def create_app(
    database: str | None = None, *, bot_delay: float = 0.6, bot_workers: int = 0
) -> FastAPI:
    """The application over a store at ``database`` (default: the SQLite file or
    ``SCHAFKOPF_DATABASE_URL``); ``bot_delay`` seconds pass before each bot action;
    searching bots think in ``bot_workers`` processes (0: in threads of this process)."""
    store = Store(database)
    pool = BotPool(bot_workers) if bot_workers > 0 else None
    hub = Hub(store, bot_delay=bot_delay, bot_pool=pool)
    hub.load()

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if pool is not None:
            pool.warm()
        hub.start()
        yield
        await hub.stop()
        if pool is not None:
            pool.close()
        store.close()

    app = FastAPI(title="schafkopf", lifespan=lifespan)
    app.state.hub = hub
    app.state.store = store

    @app.exception_handler(TableError)
    async def _table_error(_request: Any, exc: TableError) -> JSONResponse:
        return JSONResponse(
            error_message(exc.code, str(exc)), status_code=_STATUS.get(exc.code, 400)
        )

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Any, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        err = errors[0] if errors else {}
        where = ".".join(str(x) for x in err.get("loc", ())) or "request"
        text = f"{where}: {err.get('msg', 'invalid')}"
        return JSONResponse(error_message("malformed", text), status_code=422)

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(WEB / "index.html")

    app.mount("/static", StaticFiles(directory=WEB), name="static")

    @app.get("/api/options")
    async def options() -> dict[str, Any]:
        return {
            "presets": {
                name: r.to_json() | {"full": _rules_summary(r)} for name, r in PRESETS.items()
            },
            "bots": BOTS,
            "contracts": list(CONTRACT_OPTIONS),
            "seat_kinds": [HUMAN, *player_kinds()],
        }

    @app.post("/api/tables")
    async def create(body: CreateTable) -> dict[str, Any]:
        config = TableConfig.build(
            preset=body.preset,
            overrides=body.overrides,
            games=body.games,
            seats=body.seats,
            turn_seconds=body.turn_seconds,
            name=body.name,
        )
        table_id, invite, seat, token = hub.create(config, body.player)
        return {"table": table_id, "invite": invite, "seat": seat, "token": token}

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, body: JoinTable) -> dict[str, Any]:
        seat, token = hub.join(table_id, body.invite, body.name)
        return {"table": table_id, "seat": seat, "token": token}

    @app.get("/api/tables/{table_id}")
    async def table_state(table_id: str) -> dict[str, Any]:
        live = hub.get(table_id)
        return live.table.snapshot_for(None)

    @app.get("/api/tables/{table_id}/games/{number}")
    async def game_record(table_id: str, number: int) -> dict[str, Any]:
        return hub.get(table_id).table.record(number)

    @app.get("/api/tables/{table_id}/games/{number}/replay")
    async def game_replay(table_id: str, number: int) -> dict[str, Any]:
        return hub.get(table_id).table.replay_json(number)

    @app.websocket("/ws/{table_id}")
    async def socket(ws: WebSocket, table_id: str, token: str | None = None) -> None:
        await ws.accept()
        try:
            seat = hub.seat_of(table_id, token)
        except TableError as e:
            await ws.send_json(error_message(e.code, str(e)))
            await ws.close(code=4403 if e.code == "bad_token" else 4404)
            return
        conn = await hub.connect(table_id, seat, ws.send_json, ws.send_text)
        try:
            while True:
                raw = await ws.receive_text()
                await _handle(hub, table_id, conn.seat, conn, raw, ws)
        except WebSocketDisconnect:
            pass
        finally:
            hub.disconnect(table_id, conn)

    return app


async def _handle(
    hub: Hub, table_id: str, seat: int | None, conn: Any, raw: str, ws: WebSocket
) -> None:
    """One client message: act, resume or ping; every refusal is an ``error`` message."""
    if len(raw.encode("utf-8")) > MAX_MESSAGE_BYTES:
        await ws.send_json(
            error_message("too_large", f"messages are at most {MAX_MESSAGE_BYTES} bytes")
        )
        return
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as e:
        await ws.send_json(error_message("malformed", f"not JSON: {e.msg}"))
        return
    try:
        msg = parse_client_message(data)
    except ValidationError as e:
        await ws.send_json(error_message("malformed", _first_error(e)))
        return
    try:
        if isinstance(msg, ActMessage):
            await hub.act(table_id, seat, msg.action, msg.version)
        elif isinstance(msg, ResumeMessage):
            await hub.resume(table_id, conn, msg.since)
        elif isinstance(msg, PingMessage):
            await ws.send_json({"type": "pong", "version": hub.get(table_id).table.version})
    except TableError as e:
        await ws.send_json(error_message(e.code, str(e)))


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(x) for x in err.get("loc", ())) or "message"
    return f"{where}: {err.get('msg', 'invalid')}"


def _rules_summary(rules: Any) -> dict[str, Any]:
    """Every option of a preset, as plain JSON (for the page's table form)."""
    out: dict[str, Any] = rules.to_dict()
    return out
