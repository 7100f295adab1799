"""The live tables: accepting actions, driving bots and turn timers, and news to each seat.

The :class:`Hub` keeps every table in memory (rebuilt from the store at start) and is the only
writer. An action is accepted under the table's lock in three steps: the table checks it
(nothing changes on a refusal), the store commits it (the acceptance), the table applies it;
then every connection receives the new events built for its own seat. Bots think in a worker
thread, or the searching ones in the bot pool's processes (:mod:`schafkopf.server.bots`); their
answer counts only if the table has not moved on meanwhile, and a bot that thinks past the
settings' ``bot_seconds`` is replaced by the rule-based player for that decision.

A stored table that cannot be rebuilt (an old format, a removed option) is logged and marked
unavailable; every other table serves. A table nobody has been connected to for the settings'
``idle_close_minutes`` is closed: it stops, and its finished games stay readable.

Where a person's chance to say Kontra or Re would close with the next card, nothing plays
until each such person has said it or "gut", or the wait (the table's move time, else the
settings' ``doubling_wait_seconds``) has run out: then "gut" is stored for them, by
``timeout``. The bots are asked for their doubling first; a bot to play waits too.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from schafkopf.actions import DOUBLE, Action
from schafkopf.game import View
from schafkopf.players.base import Player, doubling_order
from schafkopf.players.heuristic import HeuristicPlayer
from schafkopf.players.registry import is_searching, make_player
from schafkopf.server.bots import BotPool, Question, answer
from schafkopf.server.settings import ServerSettings
from schafkopf.server.store import Store, StoreError
from schafkopf.server.table import GUT, HUMAN, Event, Table, TableConfig, TableError

log = logging.getLogger("schafkopf.server")

Send = Callable[[dict[str, Any]], Awaitable[None]]
"""How the hub sends a message to one connection (a websocket's ``send_json``)."""


@dataclass(eq=False)
class Connection:
    """One client connection: the seat it acts for (None: a spectator) and how to reach it."""

    seat: int | None
    send: Send
    send_text: Callable[[str], Awaitable[None]] | None = None
    """Sends ready JSON text (faster than ``send`` for the events of the hot path)."""


@dataclass(eq=False)
class LiveTable:
    """A table in memory with its people, bots, connections and timer."""

    table: Table
    invite: str
    tokens: list[str | None]
    bots: dict[int, Player]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: list[Connection] = field(default_factory=list)
    timer: asyncio.TimerHandle | None = None
    driving: bool = False
    asked: set[tuple[int, int, int, int]] = field(default_factory=set)
    """Bots already asked for a doubling: (game, cards played, doublings, seat)."""
    rng: random.Random = field(default_factory=random.Random)
    searching: frozenset[int] = frozenset()
    """The bot seats whose players search (they think in the bot pool when there is one)."""
    idle_since: float | None = field(default_factory=time.monotonic)
    """When the last connection left (None while someone is connected)."""
    closed: bool = False
    """Closed for idleness: nothing moves any more."""


class Hub:
    """Every live table of the server."""

    def __init__(
        self,
        store: Store,
        *,
        bot_delay: float = 0.0,
        bot_pool: BotPool | None = None,
        settings: ServerSettings | None = None,
    ) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.bot_pool = bot_pool
        """Worker processes for the searching bots (None: every bot thinks in a thread)."""
        self.settings = settings or ServerSettings()
        self.tables: dict[str, LiveTable] = {}
        """The open tables."""
        self.unavailable: dict[str, str] = {}
        """Stored tables that could not be rebuilt, with the reason."""
        self._closed: OrderedDict[str, Table] = OrderedDict()
        """Closed tables rebuilt for reading, the most recently read last."""
        self._tasks: set[asyncio.Task[None]] = set()
        self._sweeper: asyncio.Task[None] | None = None
        self.stopping = False
        """Set by :meth:`stop`: no table moves any more."""

    # -- life cycle -------------------------------------------------------------------------------

    def load(self) -> int:
        """Rebuild every open stored table by replaying its actions; returns how many. A table
        that cannot be rebuilt is logged and marked unavailable: it never stops the others."""
        for st in self.store.load(open_only=True):
            try:
                table = self._rebuild(st.id, st.config, st.names, st.actions)
                self.tables[st.id] = self._live(table, st.invite, st.tokens)
            except Exception as e:  # any fault of one stored table: the others still serve
                reason = f"{type(e).__name__}: {e}"
                log.error("table %s cannot be rebuilt and is unavailable: %s", st.id, reason)
                self.unavailable[st.id] = reason
        return len(self.tables)

    def start(self) -> None:
        """Let the bots of every table move, and start closing idle tables (call inside the
        running event loop)."""
        for live in self.tables.values():
            self._kick(live)
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def stop(self) -> None:
        """Cancel timers and bot tasks: no table moves after this (its driver stops at its
        next step even where a cancellation was lost, as ``asyncio.wait_for`` may lose one
        in Python 3.11)."""
        self.stopping = True
        if self._sweeper is not None:
            self._sweeper.cancel()
        for live in self.tables.values():
            if live.timer is not None:
                live.timer.cancel()
        for _round in range(20):
            tasks = list(self._tasks)
            if not tasks:
                break
            for task in tasks:
                task.cancel()
            await asyncio.wait(tasks, timeout=0.1)

    def _rebuild(
        self,
        table_id: str,
        config: dict[str, Any],
        names: list[str],
        actions: list[tuple[int, int]],
    ) -> Table:
        """A stored table, rebuilt by replaying its actions (raises on anything it cannot
        read); a wait for Kontra/Re in progress starts afresh with the settings' length."""
        table = Table(
            table_id,
            TableConfig.from_json(config),
            names,
            doubling_wait_seconds=self.settings.doubling_wait_seconds,
        )
        table.replay(actions)
        return table

    def _live(self, table: Table, invite: str, tokens: list[str | None]) -> LiveTable:
        bots = {
            s: make_player(kind, table.names[s])
            for s, kind in enumerate(table.config.seats)
            if kind != HUMAN
        }
        searching = frozenset(s for s in bots if is_searching(table.config.seats[s]))
        return LiveTable(table, invite, tokens, bots, searching=searching)

    # -- tables and seats ------------------------------------------------------------------------

    def create(
        self, config: TableConfig, creator: str | None = None
    ) -> tuple[str, str, int | None, str | None]:
        """A new table; the creator takes the first human seat. Returns (table id, invitation
        code, the creator's seat, its token). The table, its session and its bots are built
        before anything is stored: a table the server could not serve is never stored."""
        if len(self.tables) >= self.settings.open_tables:
            raise TableError("server_full", "the server has as many open tables as it may")
        if 0 < config.turn_seconds < self.settings.min_turn_seconds:
            raise TableError(
                "bad_turn_seconds",
                f"turn_seconds must be 0 (no limit) or at least {self.settings.min_turn_seconds:g}",
            )
        table_id = secrets.token_urlsafe(9)
        invite = secrets.token_urlsafe(12)
        try:
            table = Table(
                table_id, config, doubling_wait_seconds=self.settings.doubling_wait_seconds
            )
            tokens: list[str | None] = [None] * len(table.names)
            seat = token = None
            if creator is not None and HUMAN in config.seats:
                seat = config.seats.index(HUMAN)
                token = tokens[seat] = secrets.token_urlsafe(24)
                table.rename(seat, _person_name(creator, seat))
            live = self._live(table, invite, tokens)
        except TableError:
            raise
        except Exception as e:  # a configuration that passed its checks but cannot run
            raise TableError("bad_rules", f"the table cannot be set up: {e}") from None
        # the table and its creator's seat in one transaction: never one without the other
        self.store.create_table(table_id, config.to_json(), invite, table.names, tokens)
        self.tables[table_id] = live
        self._kick(live)
        return table_id, invite, seat, token

    def join(self, table_id: str, invite: str, name: str) -> tuple[int, str]:
        """Give the next free human seat to a person holding the invitation."""
        live = self.get(table_id)
        if not secrets.compare_digest(invite.encode(), live.invite.encode()):
            raise TableError("bad_invite", "that invitation is not for this table")
        return self._claim(live, name)

    def _claim(self, live: LiveTable, name: str) -> tuple[int, str]:
        kinds = live.table.config.seats
        free = [s for s, k in enumerate(kinds) if k == HUMAN and live.tokens[s] is None]
        if not free:
            raise TableError("table_full", "every seat for a person is taken")
        seat = free[0]
        token = secrets.token_urlsafe(24)
        name = _person_name(name, seat)
        self.store.claim_seat(live.table.id, seat, name, token)
        live.tokens[seat] = token
        live.table.rename(seat, name)
        self._spawn(self._seats_changed(live))
        self._kick(live)
        return seat, token

    async def _seats_changed(self, live: LiveTable) -> None:
        """Tell every connection who sits where now (the version does not change)."""
        async with live.lock:
            for conn in list(live.connections):
                with contextlib.suppress(Exception):
                    await conn.send(
                        {
                            "type": "seats",
                            "version": live.table.version,
                            "state": live.table.state_for(conn.seat),
                        }
                    )

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run ``coro`` as a task of the serving loop (dropped when not serving yet)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            coro.close()
            return
        task = loop.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def get(self, table_id: str) -> LiveTable:
        """The open table, or TableError ``no_table``, ``unavailable`` or ``table_closed``."""
        live = self.tables.get(table_id)
        if live is None:
            if table_id in self.unavailable:
                raise TableError(
                    "unavailable",
                    f"table {table_id!r} cannot be served: {self.unavailable[table_id]}",
                )
            if self._closed_table(table_id) is not None:
                raise TableError("table_closed", f"table {table_id!r} is closed")
            raise TableError("no_table", f"no table {table_id!r}")
        return live

    def readable(self, table_id: str) -> Table:
        """The table to read (state, records, replays): an open one, or a closed one rebuilt
        from the store."""
        live = self.tables.get(table_id)
        if live is not None:
            return live.table
        table = self._closed_table(table_id)
        if table is None:
            self.get(table_id)  # raises the precise error
            raise TableError("no_table", f"no table {table_id!r}")  # not reached
        return table

    def _closed_table(self, table_id: str) -> Table | None:
        table = self._closed.get(table_id)
        if table is not None:
            self._closed.move_to_end(table_id)
            return table
        if not _could_be_id(table_id) or not self.store.is_closed(table_id):
            return None
        (st,) = self.store.load(table_id)
        try:
            table = self._rebuild(st.id, st.config, st.names, st.actions)
        except Exception as e:
            self.unavailable[table_id] = f"{type(e).__name__}: {e}"
            log.error("closed table %s cannot be rebuilt: %s", table_id, e)
            return None
        self._closed[table_id] = table
        while len(self._closed) > CLOSED_TABLES_KEPT:
            self._closed.popitem(last=False)
        return table

    # -- closing idle tables ---------------------------------------------------------------------

    async def _sweep(self) -> None:
        """Close the tables nobody has been connected to for ``idle_close_minutes``."""
        limit = self.settings.idle_close_minutes * 60
        while True:
            await asyncio.sleep(min(60.0, max(limit / 4, 0.05)))
            now = time.monotonic()
            for live in list(self.tables.values()):
                if live.idle_since is not None and now - live.idle_since >= limit:
                    try:
                        self.close(live.table.id)
                    except Exception:
                        log.exception("table %s: closing it failed", live.table.id)

    def close(self, table_id: str) -> None:
        """Close an open table: its bots and timer stop, it is not loaded again at start, and
        its finished games stay readable."""
        live = self.get(table_id)
        self.store.close_table(table_id)
        live.closed = True  # the driver, the timer and every action stop at this mark
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
        del self.tables[table_id]
        self._closed[table_id] = live.table
        while len(self._closed) > CLOSED_TABLES_KEPT:
            self._closed.popitem(last=False)
        log.info("table %s closed: nobody connected", table_id)

    def seat_of(self, table_id: str, token: str | None) -> int | None:
        """The seat a token belongs to (None without a token: a spectator)."""
        live = self.get(table_id)
        if token is None or token == "":
            return None
        for s, t in enumerate(live.tokens):
            if t is not None and secrets.compare_digest(t.encode(), token.encode()):
                return s
        raise TableError("bad_token", "that token holds no seat at this table")

    # -- connections ---------------------------------------------------------------------------

    async def connect(
        self,
        table_id: str,
        seat: int | None,
        send: Send,
        send_text: Callable[[str], Awaitable[None]] | None = None,
    ) -> Connection:
        """Register a connection and send it a snapshot."""
        live = self.get(table_id)
        conn = Connection(seat, send, send_text)
        async with live.lock:  # the checks too: others may connect while we wait for it
            if live.closed:
                raise TableError("table_closed", f"table {table_id!r} is closed")
            if len(live.connections) >= self.settings.connections_per_table:
                raise TableError(
                    "rate_limited",
                    f"the table has {self.settings.connections_per_table} connections already",
                )
            await send(live.table.snapshot_for(seat))  # a client gone by now is never added
            live.connections.append(conn)
            live.idle_since = None
        return conn

    def disconnect(self, table_id: str, conn: Connection) -> None:
        """Forget a connection."""
        live = self.tables.get(table_id)
        if live is not None:
            _drop(live, conn)

    async def resume(self, table_id: str, conn: Connection, since: int) -> None:
        """Send ``conn`` every event after version ``since`` (or a snapshot when it is older
        than the log or from the future)."""
        live = self.get(table_id)
        async with live.lock:
            t = live.table
            if not 0 <= since <= t.version:
                await conn.send(t.snapshot_for(conn.seat))
                return
            events = t.events[since:]
            await conn.send(
                {
                    "type": "events",
                    "version": t.version,
                    "events": [
                        {"version": e.version, "kind": e.kind, "game": e.game, **e.public}
                        for e in events
                    ],
                    "state": t.state_for(conn.seat),
                }
            )

    # -- acting ------------------------------------------------------------------------------------

    async def act(
        self, table_id: str, seat: int | None, action: Any, version: int, by: str = "person"
    ) -> None:
        """Accept ``action`` from ``seat`` if the client saw the newest ``version``; raises
        TableError (and changes nothing) otherwise."""
        live = self.get(table_id)
        if seat is None:
            raise TableError("no_seat", "a spectator cannot act")
        async with live.lock:
            t = live.table
            if version != t.version:
                raise TableError(
                    "stale_version",
                    f"the table is at version {t.version}, not {version}: resume first",
                )
            if live.table.config.seats[seat] != HUMAN:
                raise TableError("bot_seat", "a bot plays that seat")
            await self._accept(live, seat, t.parse(seat, action), by)
        self._kick(live)

    async def _accept(self, live: LiveTable, seat: int, action: Action, by: str) -> list[Event]:
        """Store, apply and announce a checked action (the caller holds the lock)."""
        t = live.table
        if live.closed:
            raise TableError("table_closed", f"table {t.id!r} is closed")
        if self.stopping:
            raise TableError("unavailable", "the server is stopping: try again in a moment")
        try:
            self.store.add_action(t.id, len(t.actions), seat, action, by)
        except StoreError as e:
            raise TableError("conflict", str(e)) from None
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
        events = t.apply(seat, action)
        await self._announce(live, events)
        return events

    async def _announce(self, live: LiveTable, events: list[Event]) -> None:
        dead = []
        for conn in list(live.connections):
            try:
                for i, e in enumerate(events):
                    last = i == len(events) - 1
                    if conn.send_text is not None:
                        await conn.send_text(live.table.message_text(conn.seat, e, state=last))
                    else:
                        await conn.send(live.table.message_for(conn.seat, e, state=last))
            except Exception:  # a closed socket: drop it, the others go on
                dead.append(conn)
        for conn in dead:
            _drop(live, conn)

    # -- bots and timers ---------------------------------------------------------------------------

    def _kick(self, live: LiveTable) -> None:
        """Start the table's driver unless it runs (bots to move, a turn timer to set). A
        table without a seat for a person runs only where the operator allows such tables."""
        if live.driving:
            return
        if HUMAN not in live.table.config.seats and not self.settings.allow_bot_tables:
            return
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return  # not serving yet: start() kicks every table
        live.driving = True
        self._spawn(self._drive(live))

    async def _drive(self, live: LiveTable) -> None:
        try:
            while not (live.closed or self.stopping) and await self._bot_step(live):
                pass
        except Exception:
            if not self.stopping:  # while stopping, a refused last step is expected
                log.exception("table %s: the bot driver failed", live.table.id)
        finally:
            live.driving = False

    async def _bot_step(self, live: LiveTable) -> bool:
        """Let one bot act if one should; set the turn timer for a person. True: go on."""
        t = live.table
        game = t.game
        if game is None:
            return False
        version = t.version
        mover = game.to_move
        assert mover is not None
        for s in doubling_order(game):
            bot = live.bots.get(s)
            key = (t.game_number, game.played, len(game.doublings), s)
            if bot is not None and key not in live.asked:
                live.asked.add(key)
                try:
                    say = await self._think(live, s, bot, "double", game.view(s))
                except TimeoutError:
                    log.warning("table %s: bot %s overran its time for Kontra/Re", t.id, s)
                    say = False
                except Exception:  # a bot's bug must not stall the table: it does not double
                    log.exception("table %s: bot %s failed to answer Kontra/Re", t.id, s)
                    say = False
                if t.version != version:
                    return True  # someone acted while the bot thought: look again
                if say:
                    return await self._bot_act(live, version, s, DOUBLE, "bot")
        if t.waiting_for_doubling:  # people may say Kontra/Re before the next card
            self._arm_wait(live, version)
            return False
        player = live.bots.get(mover)
        if player is None:
            self._arm_timer(live, version, mover)
            return False
        if self.bot_delay:
            await asyncio.sleep(self.bot_delay)
        view = game.view(mover)
        try:
            action = await self._think(live, mover, player, "choose", view)
        except TimeoutError:
            log.warning(
                "table %s: bot %s overran its time; the rule-based player acts", t.id, mover
            )
            action = HeuristicPlayer().choose(view, live.rng)
        except Exception:  # a bot's bug must not stall the table: the rule-based player steps in
            log.exception("table %s: bot %s failed; the rule-based player acts", t.id, mover)
            action = HeuristicPlayer().choose(view, live.rng)
        return await self._bot_act(live, version, mover, action, "bot")

    async def _think(
        self, live: LiveTable, seat: int, player: Player, question: Question, view: View
    ) -> Any:
        """The bot's answer: from the bot pool for a searching player when the hub has one,
        else from ``player`` in a thread."""
        budget = self.settings.bot_seconds
        if self.bot_pool is not None and seat in live.searching:
            t = live.table
            return await self.bot_pool.ask(
                question, t.id, seat, t.config.seats[seat], t.names[seat], view,
                live.rng.getrandbits(64), budget=budget,
            )  # fmt: skip
        rng = random.Random(live.rng.getrandbits(64))  # the thread may outlive the budget
        async with asyncio.timeout(budget):  # (wait_for can swallow a cancellation in 3.11)
            return await asyncio.to_thread(answer, player, question, view, rng)

    async def _bot_act(
        self, live: LiveTable, version: int, seat: int, action: Action, by: str
    ) -> bool:
        async with live.lock:
            t = live.table
            if t.version != version:
                return True  # someone acted meanwhile: think again
            await self._accept(live, seat, t.parse(seat, action), by)
        return True

    def _arm_timer(self, live: LiveTable, version: int, seat: int) -> None:
        limit = live.table.config.turn_seconds
        if limit <= 0 or live.timer is not None or live.closed:
            return
        loop = asyncio.get_running_loop()
        live.timer = loop.call_later(limit, self._timed_out, live, version, seat)

    def _arm_wait(self, live: LiveTable, version: int) -> None:
        """End the wait for Kontra/Re at the table's deadline (unless something happens)."""
        deadline = live.table.doubling_deadline
        if deadline is None or live.timer is not None or live.closed:
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, deadline - time.time())
        live.timer = loop.call_later(delay, self._wait_over, live, version)

    def _wait_over(self, live: LiveTable, version: int) -> None:
        live.timer = None
        self._spawn(self._end_wait(live, version))

    async def _end_wait(self, live: LiveTable, version: int) -> None:
        """The wait for Kontra/Re ran out: "gut" for each person still waited on (stored
        ``by`` timeout), and play goes on."""
        try:
            async with live.lock:
                t = live.table
                if live.closed or t.version != version:
                    return
                for seat in t.waiting_for_doubling:
                    await self._accept(live, seat, GUT, "timeout")
        except TableError:
            log.exception("table %s: ending the wait for Kontra/Re was refused", live.table.id)
        self._kick(live)

    def _timed_out(self, live: LiveTable, version: int, seat: int) -> None:
        live.timer = None
        self._spawn(self._stand_in(live, version, seat))

    async def _stand_in(self, live: LiveTable, version: int, seat: int) -> None:
        """A person ran out of time: the rule-based player decides this one action."""
        t = live.table
        if live.closed or t.version != version or t.game is None or t.game.to_move != seat:
            return
        if t.waiting_for_doubling:  # not reached: no turn timer runs during a wait
            return
        action = HeuristicPlayer().choose(t.game.view(seat), live.rng)
        try:
            await self._bot_act(live, version, seat, action, "timeout")
        except TableError:
            log.exception("table %s: the stand-in's action was refused", t.id)
        self._kick(live)


CLOSED_TABLES_KEPT = 64
"""Closed tables kept in memory after being read (each is rebuilt from the store on demand)."""


_ID_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def _drop(live: LiveTable, conn: Connection) -> None:
    """Forget a connection; the table is idle from now when it was the last."""
    if conn in live.connections:
        live.connections.remove(conn)
        if not live.connections:
            live.idle_since = time.monotonic()


def _could_be_id(table_id: str) -> bool:
    """True when ``table_id`` is made like the ids the hub gives (URL-safe, at most 32)."""
    return 0 < len(table_id) <= 32 and set(table_id) <= _ID_CHARACTERS


def _person_name(name: str, seat: int) -> str:
    """A person's name as the table shows it: white space folded, at most 30 characters."""
    return " ".join(name.split())[:30] or f"Spieler {seat + 1}"
