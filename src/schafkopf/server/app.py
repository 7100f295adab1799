"""The web server: the page, a small JSON API for tables and seats, and one WebSocket per seat.

HTTP: ``POST /api/tables`` (create; ``"public": true`` lists it in the lobby),
``GET /api/tables`` (the lobby: the newest open public tables, with the invitation while a
seat is to be had), ``POST /api/tables/{id}/join`` (take a seat with the invitation),
``POST /api/tables/{id}/leave`` (a seat's holder leaves, a bot plays on for them),
``POST /api/tables/{id}/seats/{seat}/bot`` (the creator seats a bot in a free seat; any
seated person lets one play a person's seat with no connection until it is back),
``POST /api/tables/{id}/again`` (after the last game: a new table with the same players),
``GET /api/tables/{id}`` (public state), ``GET /api/tables/{id}/games/{n}`` (a
finished game's record; ``.../replay`` adds each trick's leader and winner),
``GET /api/options`` (presets, contracts, bots). The seat's token goes in the body
(``{"token": ...}``) of leave, bot and again. WebSocket
``/ws/{id}?token=...``: the client sends ``{"type": "act", "action": "EO", "version": 12}``,
``{"type": "resume", "since": 12}`` or ``{"type": "ping"}``; the server answers with
``snapshot``, ``event``, ``events``, ``pong`` (with the server's clock) and ``error`` messages
(see :mod:`schafkopf.server.protocol`, also for the wait for Kontra and Re).

Every input is bounded (:class:`~schafkopf.server.settings.ServerSettings`): requests, table
creations and joins per client address, messages per connection, connections per table and
per address, the sizes of bodies and messages. A refusal is a 4xx with a code, or an ``error``
message; it changes nothing. One server process owns a database (a lease in it): a second
one refuses to start.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import os
import signal
import time
import uuid
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Final

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from schafkopf.players.levels import LISTED
from schafkopf.rules import CONTRACT_OPTIONS, PRESETS
from schafkopf.scoring import tariff_unit
from schafkopf.server.account_routes import COOKIE, Logins, add_account_routes
from schafkopf.server.accounts import AccountStore
from schafkopf.server.analysis import Analyses
from schafkopf.server.bots import BotPool
from schafkopf.server.challenge import Challenges
from schafkopf.server.challenge_routes import add_challenge_routes, challenge_guard
from schafkopf.server.duplicate import comparison
from schafkopf.server.hub import Hub
from schafkopf.server.limits import RateLimits, connection_bucket
from schafkopf.server.player_routes import add_player_routes
from schafkopf.server.protocol import (
    ActMessage,
    ChatMessage,
    CreateTable,
    JoinTable,
    PingMessage,
    ResumeMessage,
    SeatToken,
    WhatIf,
    error_message,
    parse_client_message,
)
from schafkopf.server.ratings import Ratings
from schafkopf.server.settings import ServerSettings
from schafkopf.server.store import Store
from schafkopf.server.table import (
    HUMAN,
    PERSON,
    Table,
    TableConfig,
    TableError,
    tips_allowed,
)

log = logging.getLogger("schafkopf.server")

WEB = Path(__file__).resolve().parent.parent / "web" / "dist"
"""The page, built by Vite from web/ (``make`` builds it; the built files are not committed)."""

_NOT_BUILT = (
    "<!doctype html><meta charset=utf-8><title>Schafkopf</title>"
    "<p>Die Seite ist noch nicht gebaut: <code>make serve</code> baut sie (oder "
    "<code>npm ci &amp;&amp; npm run build</code> in <code>web/</code>).</p>"
    "<p>The page is not built yet: <code>make serve</code> builds it (or "
    "<code>npm ci &amp;&amp; npm run build</code> in <code>web/</code>).</p>"
)

_STATUS = {
    "no_table": 404,
    "no_game": 404,
    "bad_invite": 403,
    "bad_token": 403,
    "not_creator": 403,
    "table_full": 409,
    "seat_taken": 409,
    "not_over": 409,
    "tips_off": 403,
    "tips_rated": 403,
    "no_turn": 409,
    "bad_step": 400,
    "name_taken": 409,
    "bad_login": 401,
    "not_logged_in": 401,
    "bad_csrf": 403,
    "bad_origin": 403,
    "weak_password": 400,
    "bad_name": 400,
    "private_profile": 403,
    "no_player": 404,
    "challenge_running": 403,
    "challenge_done": 409,
    "bad_day": 400,
    "table_over": 409,
    "conflict": 409,
    "table_closed": 410,
    "rate_limited": 429,
    "unavailable": 503,
    "server_full": 503,
}

_CLOSE_CODES = {
    "bad_token": 4403,
    "bad_origin": 4403,
    "table_closed": 4410,
    "rate_limited": 4429,
    "unavailable": 4503,
}
"""WebSocket close codes for a refused connection (4404 for the rest)."""


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
    database: str | None = None,
    *,
    bot_delay: float = 0.6,
    bot_workers: int = 0,
    settings: ServerSettings | None = None,
) -> FastAPI:
    """The application over a store at ``database`` (default: the SQLite file or
    ``SCHAFKOPF_DATABASE_URL``); ``bot_delay`` seconds pass before each bot action;
    searching bots think in ``bot_workers`` processes (0: in threads of this process).

    Raises :class:`~schafkopf.server.store.DatabaseInUse` when another server owns the
    database."""
    settings = settings or ServerSettings()
    store = Store(database)
    owner = uuid.uuid4().hex

    def lost() -> None:  # another server took the database over: stop serving it
        os.kill(os.getpid(), signal.SIGTERM)

    try:
        store.acquire(owner, on_lost=lost)  # renewed by a thread, also while tables load
    except Exception:
        store.close()
        raise
    pool = BotPool(bot_workers) if bot_workers > 0 else None
    hub = Hub(store, bot_delay=bot_delay, bot_pool=pool, settings=settings)
    hub.load()
    analyses = Analyses(
        store,
        worlds=settings.analysis_worlds,
        bid_worlds=settings.analysis_bid_worlds,
        most_waiting=settings.analyses_waiting,
    )

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if pool is not None:
            pool.warm()
        hub.start()
        yield
        await analyses.stop()
        await hub.stop()
        if pool is not None:
            pool.close()
        with contextlib.suppress(Exception):
            store.release(owner)
        store.close()
        log.info("stopped: every accepted action is stored, the bot workers are ended")

    app = FastAPI(title="schafkopf", lifespan=lifespan)
    app.state.hub = hub
    app.state.store = store
    app.state.settings = settings
    accounts = AccountStore(store.engine)
    logins = Logins(accounts, settings)
    add_account_routes(app, hub, accounts, logins, settings)
    add_player_routes(app, hub, accounts, Ratings(store.engine), logins, settings)
    challenges = Challenges(store.engine)
    add_challenge_routes(app, hub, accounts, challenges, logins, settings)

    def may_follow(table_id: str, request: Request) -> None:
        """Refuse a next table (another round, or the deals again) after a challenge's deal,
        or past the address's limit of new tables (asking again for one made is free)."""
        live = hub.get(_table_id(table_id))
        if live.table.config.challenge:
            raise TableError("challenge_running", "a challenge's deal has no next table")
        if live.next_table is None and not creations.allow(_address(request)):
            raise TableError(
                "rate_limited", f"at most {settings.tables_per_minute} new tables a minute"
            )

    def follow_accounts(old: str, new: str) -> None:
        """The accounts that held seats at a table hold the same seats at the next one
        (another round, or its deals again), where a person holds them there."""
        live = hub.get(new)
        for seat, status in enumerate(live.table.seat_status):
            holder = accounts.seat_holder(old, seat)
            token = live.tokens[seat]
            if holder is not None and status == PERSON and token is not None:
                accounts.keep_seat(holder, new, seat, token)

    def readable_game(table_id: str, request: Request) -> Table:
        """A table whose finished games may be read by this request (a challenge's only
        by who finished it)."""
        table = hub.readable(_table_id(table_id))
        challenge_guard(table, challenges, logins, request)
        return table

    creations = RateLimits.per_minute(settings.tables_per_minute)
    joins = RateLimits.per_minute(settings.joins_per_minute)
    analysis_starts = RateLimits.per_minute(settings.analyses_per_minute)
    stats_cache: dict[tuple[str, int], dict[str, Any]] = {}
    sockets: Counter[str] = Counter()
    """Open WebSockets per client address."""

    @app.exception_handler(TableError)
    async def _table_error(_request: Any, exc: TableError) -> JSONResponse:
        return JSONResponse(
            error_message(exc.code, str(exc), exc.params), status_code=_STATUS.get(exc.code, 400)
        )

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Any, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        err = errors[0] if errors else {}
        where = ".".join(str(x) for x in err.get("loc", ())) or "request"
        text = f"{where}: {_short(err.get('msg', 'invalid'))}"
        return JSONResponse(error_message("malformed", text), status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_request: Any, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "bad_method"}.get(exc.status_code, "malformed")
        return JSONResponse(error_message(code, str(exc.detail)), status_code=exc.status_code)

    @app.get("/", include_in_schema=False)
    async def index() -> Response:
        page = WEB / "index.html"
        if not page.is_file():
            return HTMLResponse(_NOT_BUILT, status_code=503)
        return FileResponse(page, headers={"cache-control": "no-cache"})

    app.mount("/assets", StaticFiles(directory=WEB / "assets", check_dir=False), name="assets")

    @app.get("/api/options")
    async def options() -> dict[str, Any]:
        return {
            "presets": {
                name: r.to_json() | {"full": _rules_summary(r)} for name, r in PRESETS.items()
            },
            "bots": [level.to_json() for level in LISTED],
            "contracts": list(CONTRACT_OPTIONS),
            "seat_kinds": [HUMAN, *(level.id for level in LISTED)],
        }

    @app.post("/api/tables")
    async def create(body: CreateTable, request: Request) -> dict[str, Any]:
        config = TableConfig.build(
            preset=body.preset,
            overrides=body.overrides,
            games=body.games,
            seats=body.seats,
            turn_seconds=body.turn_seconds,
            name=body.name,
            allow_specs=settings.allow_player_specs,
            allow_bot_tables=settings.allow_bot_tables,
            tips=body.tips,
            rated=body.rated,
        )
        if not creations.allow(_address(request)):
            raise TableError(
                "rate_limited", f"at most {settings.tables_per_minute} new tables a minute"
            )
        login = logins.optional(request)
        player = login.account.name if login is not None and body.player is not None else None
        table_id, invite, seat, token = hub.create(
            config, player or body.player, public=body.public
        )
        if login is not None and seat is not None and token is not None:
            accounts.keep_seat(login.account.id, table_id, seat, token)
        return {
            "table": table_id,
            "invite": invite,
            "seat": seat,
            "token": token,
            "public": body.public,
        }

    @app.get("/api/tables")
    async def lobby() -> dict[str, Any]:
        return {"tables": hub.lobby()}

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, body: JoinTable, request: Request) -> dict[str, Any]:
        hub.get(_table_id(table_id))
        if not joins.allow(_address(request)):
            raise TableError("rate_limited", f"at most {settings.joins_per_minute} joins a minute")
        if not body.invite.isascii():  # invitations are ASCII; compare_digest refuses the rest
            raise TableError("bad_invite", "that invitation is not for this table")
        login = logins.optional(request)
        name = login.account.name if login is not None else body.name
        seat, token = await hub.join(table_id, body.invite, name)
        if login is not None:
            accounts.keep_seat(login.account.id, table_id, seat, token)
        return {"table": table_id, "seat": seat, "token": token}

    @app.post("/api/tables/{table_id}/leave")
    async def leave(table_id: str, body: SeatToken) -> dict[str, Any]:
        if hub.get(_table_id(table_id)).table.config.challenge:
            raise TableError("challenge_running", "a challenge's deal is played to its end")
        seat, name = await hub.leave(_table_id(table_id), body.token)
        return {"table": table_id, "seat": seat, "name": name}

    @app.post("/api/tables/{table_id}/seats/{seat}/bot")
    async def seat_bot(table_id: str, seat: int, body: SeatToken) -> dict[str, Any]:
        name = await hub.seat_bot(_table_id(table_id), seat, body.token)
        return {"table": table_id, "seat": seat, "name": name}

    @app.post("/api/tables/{table_id}/again")
    async def again(table_id: str, body: SeatToken, request: Request) -> dict[str, Any]:
        may_follow(table_id, request)
        answer, made = await hub.again(table_id, body.token)
        if made:
            follow_accounts(table_id, answer["table"])
        return answer

    @app.post("/api/tables/{table_id}/duplicate")
    async def duplicate(table_id: str, body: SeatToken, request: Request) -> dict[str, Any]:
        """After the last game: the same deals again with the same players, each hand one
        seat on (a friends' duplicate table)."""
        may_follow(table_id, request)
        answer, made = await hub.again(table_id, body.token, duplicate=True)
        if made:
            follow_accounts(table_id, answer["table"])
        return answer

    @app.get("/api/tables/{table_id}/comparison")
    async def duplicate_comparison(table_id: str) -> dict[str, Any]:
        """A duplicate table's games compared hand by hand with its original's."""
        copy = hub.readable(_table_id(table_id))
        if not copy.config.duplicate_of:
            raise TableError("no_game", "that table does not play another table's deals")
        return comparison(hub.readable(copy.config.duplicate_of), copy)

    @app.get("/api/tables/{table_id}")
    async def table_state(table_id: str) -> dict[str, Any]:
        table = hub.readable(_table_id(table_id))
        out = table.snapshot_for(None)
        out["state"]["closed"] = table_id not in hub.tables
        return out

    @app.get("/api/tables/{table_id}/games/{number}")
    async def game_record(table_id: str, number: int, request: Request) -> dict[str, Any]:
        return readable_game(table_id, request).record(number)

    @app.get("/api/tables/{table_id}/games/{number}/replay")
    async def game_replay(table_id: str, number: int, request: Request) -> dict[str, Any]:
        return readable_game(table_id, request).replay_json(number)

    @app.post("/api/tables/{table_id}/games/{number}/what-if")
    async def what_if(table_id: str, number: int, body: WhatIf, request: Request) -> dict[str, Any]:
        """A new table where a finished game is played on from one of its steps."""
        readable_game(table_id, request)
        if not creations.allow(_address(request)):
            raise TableError(
                "rate_limited", f"at most {settings.tables_per_minute} new tables a minute"
            )
        login = logins.optional(request)  # a logged-in person plays on under their name
        player = login.account.name if login is not None else body.player
        new_id, invite, seat, token = hub.what_if(table_id, number, body.step, body.seat, player)
        if login is not None:  # among their tables on every device
            accounts.keep_seat(login.account.id, new_id, seat, token)
        return {"table": new_id, "seat": seat, "token": token, "invite": invite}

    @app.post("/api/tables/{table_id}/tip")
    async def table_tip(table_id: str, body: SeatToken) -> dict[str, Any]:
        """A tip for the seat ``token`` holds: the best option from its own view, where
        every other seat is a bot or the creator allowed tips."""
        live = hub.get(_table_id(table_id))
        seat = hub.holder(live, body.token)
        t = live.table
        if not tips_allowed(t.config, t.seat_status, seat):
            if t.config.rated:  # alone with bots, but the games count for the rating
                raise TableError("tips_rated", "no tips at a rated table")
            raise TableError("tips_off", "tips are only for tables where the others are bots")
        game = t.game
        if game is None or not game.legal_actions(seat):
            raise TableError("no_turn", "there is nothing to choose for this seat now")
        version = t.version
        try:
            found = await analyses.tip((t.id, version, seat), game.view(seat))
        except OverflowError as e:
            raise TableError("server_full", str(e)) from None
        if found is None:
            raise TableError("no_turn", "there is nothing to choose for this seat now")
        unit = tariff_unit(game.rules)
        return {"version": version, "seat": seat, "unit": unit, **found}

    @app.get("/api/tables/{table_id}/stats")
    async def table_stats(table_id: str, request: Request) -> dict[str, Any]:
        """The statistics of the table's finished games (``schafkopf stats``' JSON)."""
        from schafkopf.stats import compute_stats

        table = readable_game(table_id, request)
        key = (table_id, len(table.finished))
        if key not in stats_cache:  # the games replay: in a thread, once per game count
            records = [table.record(n) for n in range(1, len(table.finished) + 1)]
            stats_cache[key] = await asyncio.to_thread(lambda: compute_stats(records).to_json())
            while len(stats_cache) > 64:
                stats_cache.pop(next(iter(stats_cache)))
        return stats_cache[key]

    @app.get("/api/tables/{table_id}/games/{number}/analysis")
    async def game_analysis(table_id: str, number: int, request: Request) -> dict[str, Any]:
        readable_game(table_id, request).record(number)  # a finished game, or no_game
        return analyses.status(table_id, number)

    @app.post("/api/tables/{table_id}/games/{number}/analysis")
    async def start_analysis(table_id: str, number: int, request: Request) -> dict[str, Any]:
        record = readable_game(table_id, request).record(number)
        if analyses.status(table_id, number)["status"] in ("none", "failed") and not (
            analysis_starts.allow(_address(request))
        ):
            raise TableError(
                "rate_limited", f"at most {settings.analyses_per_minute} analyses a minute"
            )
        try:
            return analyses.start(table_id, number, record)
        except OverflowError as e:
            raise TableError("server_full", str(e)) from None

    @app.websocket("/ws/{table_id}")
    async def socket(ws: WebSocket, table_id: str, token: str | None = None) -> None:
        address = _address(ws)
        await ws.accept()
        if sockets[address] >= settings.connections_per_address:
            limit = settings.connections_per_address
            await _refuse(ws, TableError("rate_limited", f"at most {limit} connections each"))
            return
        sockets[address] += 1
        try:
            try:
                if not token and ws.cookies.get(COOKIE):
                    token = _cookie_token(hub, accounts, logins, ws, table_id)
                seat = _seat_of(hub, table_id, token)
                conn = await hub.connect(
                    table_id, seat, ws.send_json, ws.send_text, token=token or None
                )
            except TableError as e:
                await _refuse(ws, e)
                return
            try:
                await _serve_connection(hub, table_id, conn, ws, settings)
            finally:
                hub.disconnect(table_id, conn)
        except _GONE:  # the client left (also in the middle of its handshake or a reply)
            pass
        finally:
            sockets[address] -= 1
            if sockets[address] <= 0:
                del sockets[address]

    app.add_middleware(RequestLimit, settings=settings)
    app.add_middleware(BodyLimit, most=settings.body_bytes)
    return app


def _cookie_token(
    hub: Hub, accounts: AccountStore, logins: Logins, ws: WebSocket, table_id: str
) -> str | None:
    """The token of the seat a logged-in person holds at the table (None: they watch). A
    WebSocket that logs in by cookie must come from the server's own page (or an allowed
    origin): another site's page cannot take the person's seat."""
    login = logins.of(ws)
    if login is None:
        return None
    if not logins.origin_ok(ws) or ws.headers.get("origin") is None:
        raise TableError("bad_origin", "a connection by login comes from this server's page")
    for t, _seat, token in accounts.seats(login.account.id):
        if t == _table_id(table_id) and token is not None:
            return token
    return None


def _seat_of(hub: Hub, table_id: str, token: str | None) -> int | None:
    """The seat a connection's token holds (None: a spectator). Tokens are ASCII: another
    one holds no seat (``secrets.compare_digest`` refuses to compare non-ASCII text)."""
    if token is not None and not token.isascii():
        hub.get(_table_id(table_id))  # a missing table is named first, as for any token
        raise TableError("bad_token", "that token holds no seat at this table")
    return hub.seat_of(_table_id(table_id), token)


def _table_id(table_id: str) -> str:
    """A table id from a path, refused as ``no_table`` when it holds a NUL character: no
    table has one, and PostgreSQL cannot even look it up (its text holds no NUL)."""
    if "\x00" in table_id:
        raise TableError("no_table", f"no table {table_id!r}")
    return table_id


async def _refuse(ws: WebSocket, e: TableError) -> None:
    """Tell a refused connection why, then close it."""
    with contextlib.suppress(Exception):
        await ws.send_json(error_message(e.code, str(e)))
        await ws.close(code=_CLOSE_CODES.get(e.code, 4404))


async def _serve_connection(
    hub: Hub, table_id: str, conn: Any, ws: WebSocket, settings: ServerSettings
) -> None:
    """Read one connection's messages until it closes; each over the rate is refused."""
    bucket = connection_bucket(settings.messages_per_second)
    loop = asyncio.get_running_loop()
    while True:
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            return
        raw = message.get("text")
        if raw is None:
            raw = message.get("bytes") or b""
        if not bucket.take(loop.time()):
            await ws.send_json(
                error_message(
                    "rate_limited", f"at most {settings.messages_per_second:g} messages a second"
                )
            )
            continue
        await _handle(hub, table_id, conn.seat, conn, raw, ws, settings.message_bytes)


async def _handle(
    hub: Hub,
    table_id: str,
    seat: int | None,
    conn: Any,
    raw: str | bytes,
    ws: WebSocket,
    max_bytes: int,
) -> None:
    """One client message: act, resume or ping; every refusal is an ``error`` message."""
    size = len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        await ws.send_json(error_message("too_large", f"messages are at most {max_bytes} bytes"))
        return
    if isinstance(raw, bytes):
        await ws.send_json(error_message("malformed", "messages are JSON text, not binary"))
        return
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as e:
        await ws.send_json(error_message("malformed", f"not JSON: {e.msg}"))
        return
    except (ValueError, RecursionError) as e:  # digits past Python's limit, deep nesting
        await ws.send_json(error_message("malformed", f"not JSON this server reads: {e}"))
        return
    try:
        msg = parse_client_message(data)
    except ValidationError as e:
        refusal = error_message("malformed", _first_error(e))
        if isinstance(data, dict) and data.get("type") == "chat":
            refusal["for"] = "chat"
        await ws.send_json(refusal)
        return
    try:
        if isinstance(msg, ActMessage):
            await hub.act(table_id, seat, msg.action, msg.version, conn=conn)
        elif isinstance(msg, ResumeMessage):
            await hub.resume(table_id, conn, msg.since)
        elif isinstance(msg, ChatMessage):
            try:
                await hub.chat(table_id, conn, msg.text, msg.phrase)
            except TableError as e:  # said to the chat, not to the game
                await ws.send_json(error_message(e.code, str(e)) | {"for": "chat"})
        elif isinstance(msg, PingMessage):
            version = hub.get(table_id).table.version
            await ws.send_json({"type": "pong", "version": version, "time": round(time.time(), 3)})
    except TableError as e:
        await ws.send_json(error_message(e.code, str(e)))


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(x) for x in err.get("loc", ())) or "message"
    return f"{where}: {_short(err.get('msg', 'invalid'))}"


def _short(text: str, most: int = 200) -> str:
    """An error text cut to ``most`` characters (it may quote what the client sent)."""
    return text if len(text) <= most else text[: most - 1] + "…"


def _address(conn: Request | WebSocket) -> str:
    """The client's address (the key of its limits)."""
    return conn.client.host if conn.client is not None else "unknown"


Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
SendASGI = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, SendASGI], Awaitable[None]]


_GONE: Final = (WebSocketDisconnect, OSError)
"""What sending to or reading from a WebSocket raises once the client has gone (uvicorn's
``ClientDisconnected`` is an OSError)."""


class RequestLimit:
    """ASGI middleware: at most ``requests_per_second`` HTTP requests and WebSocket
    handshakes per client address (bursts of twice as many); past it, 429 ``rate_limited``
    (a WebSocket is told so in an ``error`` message, then closed with 4429)."""

    def __init__(self, app: ASGIApp, settings: ServerSettings) -> None:
        self.app = app
        self.settings = settings
        self.limits = RateLimits.per_second(settings.requests_per_second)

    async def __call__(self, scope: Scope, receive: Receive, send: SendASGI) -> None:
        if scope["type"] in ("http", "websocket"):
            client = scope.get("client")
            address = client[0] if client else "unknown"
            if not self.limits.allow(address):
                limit = self.settings.requests_per_second
                refusal = error_message("rate_limited", f"at most {limit:g} requests a second")
                if scope["type"] == "http":
                    await _reply(send, 429, refusal)
                else:
                    await _refuse_handshake(receive, send, refusal)
                return
        await self.app(scope, receive, send)


async def _refuse_handshake(receive: Receive, send: SendASGI, refusal: dict[str, Any]) -> None:
    """Accept a WebSocket only to say why it is refused, then close it (4429)."""
    if (await receive())["type"] != "websocket.connect":
        return
    with contextlib.suppress(*_GONE):
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "text": json.dumps(refusal)})
        await send({"type": "websocket.close", "code": 4429})


class BodyLimit:
    """ASGI middleware: request bodies of at most ``most`` bytes; larger ones are refused
    with 413 ``too_large`` before they are read whole."""

    def __init__(self, app: ASGIApp, most: int) -> None:
        self.app = app
        self.most = most

    async def __call__(self, scope: Scope, receive: Receive, send: SendASGI) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_large = error_message("too_large", f"request bodies are at most {self.most} bytes")
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    length = int(value)
                except ValueError:
                    length = self.most + 1
                if length > self.most:
                    await _reply(send, 413, too_large)
                    return
        seen = 0
        started = refused = False

        async def counting_send(message: MutableMapping[str, Any]) -> None:
            nonlocal started
            if refused:
                return  # the 413 is out: the app's answer to the cut-off body is dropped
            started = started or message["type"] == "http.response.start"
            await send(message)

        async def counted() -> MutableMapping[str, Any]:
            # An exception raised here would reach the app's body parsing, which turns any
            # into a 400: the 413 goes out here, and the app reads a disconnect.
            nonlocal seen, refused
            if refused:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.most:
                    refused = True
                    if not started:
                        await _reply(send, 413, too_large)
                    return {"type": "http.disconnect"}
            return message

        await self.app(scope, counted, counting_send)


async def _reply(send: SendASGI, status: int, body: dict[str, Any]) -> None:
    data = json.dumps(body).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", b"%d" % len(data)),
            ],
        }
    )
    await send({"type": "http.response.body", "body": data})


def _rules_summary(rules: Any) -> dict[str, Any]:
    """Every option of a preset, as plain JSON (for the page's table form)."""
    out: dict[str, Any] = rules.to_dict()
    return out
