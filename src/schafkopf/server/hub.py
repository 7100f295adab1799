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

Seats follow people. A person may leave: a bot (the rule-based player, :data:`STAND_IN_SPEC`)
plays the seat at once and the person's token holds it no longer; a person who joins later
takes a seat a bot plays for a person (the one they left, by their name, first). A seat for a
person that nobody took gets such a bot once the game has waited at its turn for the
settings' ``empty_seat_bot_seconds`` (or at once when the table's creator asks); a person who
ran out of time ``away_timeouts`` times in a row gets one until they act or connect again.
Each change is stored (:meth:`~schafkopf.server.store.Store.change_seat`), rebuilt at start,
and told to every connection as a ``seats`` message with an ``event`` of kind ``seat``; the
version does not change (no action is made), so the replay is the same. A stand-in plays only
while some person holds a seat at the table: a table all of whose people left stops.
"""

from __future__ import annotations

import asyncio
import collections
import dataclasses
import hashlib
import logging
import random
import secrets
import time
import unicodedata
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from schafkopf.actions import DOUBLE, Action
from schafkopf.cards import card_token
from schafkopf.game import Game, View
from schafkopf.players.base import Player, doubling_order
from schafkopf.players.heuristic import HeuristicPlayer
from schafkopf.players.levels import level
from schafkopf.players.registry import is_searching, make_player
from schafkopf.server.accounts import replaced_name
from schafkopf.server.bots import BotPool, Question, answer
from schafkopf.server.limits import Bucket
from schafkopf.server.protocol import CHAT_LENGTH
from schafkopf.server.settings import ServerSettings
from schafkopf.server.store import SeatChange, Store, StoredTable, StoreError
from schafkopf.server.table import (
    AWAY,
    BOT,
    EMPTY,
    FREE,
    GUT,
    HUMAN,
    LEFT,
    MAX_NAME,
    PERSON,
    STAND_IN,
    Event,
    Table,
    TableConfig,
    TableError,
    alike_name,
    default_names,
    distinct_name,
    seat_kind,
    stand_in_bot,
    stand_in_name,
)

log = logging.getLogger("schafkopf.server")

Send = Callable[[dict[str, Any]], Awaitable[None]]
"""How the hub sends a message to one connection (a websocket's ``send_json``)."""

STAND_IN_SPEC = "heuristic"
"""The bot that plays a seat for a person (the rule-based level: quick and never in the pool)."""

_STATUS_AFTER = {
    "joined": PERSON, "took_over": PERSON, "back": PERSON, "left": LEFT, "away": AWAY,
    "bot": EMPTY,
}  # fmt: skip
"""A seat's status after each kind of stored seat change."""

_HANDS_CHANGED = frozenset({"joined", "took_over", "left"})
"""Seat changes after which the seat's token is not the one it was given with the table."""


@dataclass(eq=False)
class Connection:
    """One client connection: the seat it acts for (None: a spectator) and how to reach it."""

    seat: int | None
    send: Send
    send_text: Callable[[str], Awaitable[None]] | None = None
    """Sends ready JSON text (faster than ``send`` for the events of the hot path)."""
    chat: Bucket | None = None
    """The connection's allowance of chat lines (made with its first line)."""


@dataclass(eq=False)
class LiveTable:
    """A table in memory with its people, bots, connections and timer."""

    table: Table
    invite: str
    tokens: list[str | None]
    bots: dict[int, Player]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: list[Connection] = field(default_factory=list)
    chat: collections.deque[dict[str, Any]] = field(
        default_factory=lambda: collections.deque(maxlen=CHAT_KEPT)
    )
    """The last chat lines (not stored: a restart forgets them)."""
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
    persons: list[str | None] = field(default_factory=list)
    """Per seat a bot plays for a person: that person's name (None elsewhere)."""
    public: bool = False
    """Listed in the lobby."""
    creator: int | None = None
    """The creator's seat: its holder may seat bots in free seats."""
    next_table: str | None = None
    """The table made from this one for another round ("again")."""
    changes: int = 0
    """Seat changes stored so far (the next one's number)."""
    handed: set[int] = field(default_factory=set)
    """Seats whose token is not the one they were given with the table (someone joined,
    took over or left since)."""
    epoch: int = 0
    """Counts the seat changes: a bot's answer counts only if none came while it thought."""
    timeouts: list[int] = field(default_factory=list)
    """Per seat, the person's timeouts in a row."""
    needed: dict[int, float] = field(default_factory=dict)
    """Free seats the game has waited at, since when (the loop's clock)."""
    seat_timer: asyncio.TimerHandle | None = None
    """Gives a free seat the game waits at a bot (``empty_seat_bot_seconds``)."""


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
        self._public: dict[str, None] = {}
        self.game_over_hooks: list[Callable[[Table, int], None]] = []
        """Called after each finished game is stored (the table, the game's number)."""
        """The open public tables' ids, the oldest first (the lobby lists the newest)."""
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
                table = self._rebuild(st.id, st.config, st.names, st.actions, st.bys, st.changes)
                live = self._live(
                    table, st.invite, st.tokens, public=st.public, creator=_creator(st),
                    next_table=st.next_table, changes=st.changes,
                )  # fmt: skip
                live.timeouts = _timeouts_in_a_row(st, len(table.names))
                self.tables[st.id] = live
                if st.public:
                    self._public[st.id] = None
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
            for handle in (live.timer, live.seat_timer):
                if handle is not None:
                    handle.cancel()
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
        bys: list[str],
        changes: Sequence[SeatChange] = (),
    ) -> Table:
        """A stored table, rebuilt (see :func:`rebuilt_table`); a wait for Kontra/Re in
        progress starts afresh with the settings' length."""
        return rebuilt_table(
            table_id, config, names, actions, bys, changes,
            doubling_wait_seconds=self.settings.doubling_wait_seconds,
        )  # fmt: skip

    def _live(
        self,
        table: Table,
        invite: str,
        tokens: list[str | None],
        *,
        public: bool = False,
        creator: int | None = None,
        next_table: str | None = None,
        changes: Sequence[SeatChange] = (),
    ) -> LiveTable:
        """A table in memory with its bots, and its seating as the stored changes left it."""
        bots = {
            s: make_player(kind, table.names[s])
            for s, kind in enumerate(table.config.seats)
            if kind != HUMAN
        }
        searching = frozenset(s for s in bots if is_searching(table.config.seats[s]))
        live = LiveTable(table, invite, tokens, bots, searching=searching)
        live.public, live.creator, live.next_table = public, creator, next_table
        live.changes = len(changes)
        live.timeouts = [0] * len(table.names)
        status, live.persons, live.handed = restore_seating(table, tokens, changes)
        table.set_info(public=public, creator=creator, next_table=next_table)
        for s, st in enumerate(status):
            if st in STAND_IN:
                bots[s] = make_player(STAND_IN_SPEC, table.names[s])
        return live

    # -- tables and seats ------------------------------------------------------------------------

    def create(
        self, config: TableConfig, creator: str | None = None, *, public: bool = False
    ) -> tuple[str, str, int | None, str | None]:
        """A new table; the creator takes the first human seat. Returns (table id, invitation
        code, the creator's seat, its token). The table, its session and its bots are built
        before anything is stored: a table the server could not serve is never stored.
        ``public``: the lobby lists it."""
        if len(self.tables) >= self.settings.open_tables:
            raise TableError("server_full", "the server has as many open tables as it may")
        if 0 < config.turn_seconds < self.settings.min_turn_seconds:
            raise TableError(
                "bad_turn_seconds",
                f"turn_seconds must be 0 (no limit) or at least {self.settings.min_turn_seconds:g}",
                least=self.settings.min_turn_seconds,
            )
        tokens: list[str | None] = [None] * len(config.seats)
        renames: dict[int, str] = {}
        seat = token = None
        if creator is not None and HUMAN in config.seats:
            seat = config.seats.index(HUMAN)
            token = tokens[seat] = secrets.token_urlsafe(24)
            renames[seat] = _person_name(creator, seat)
        table_id, invite = self._open(config, tokens, renames=renames, public=public, creator=seat)
        return table_id, invite, seat, token

    def _open(
        self,
        config: TableConfig,
        tokens: list[str | None],
        *,
        names: list[str] | None = None,
        renames: dict[int, str] | None = None,
        public: bool = False,
        creator: int | None = None,
        changes: tuple[SeatChange, ...] = (),
        again_of: tuple[str, int | None] | None = None,
        prefix: Sequence[tuple[int, Action]] = (),
    ) -> tuple[str, str]:
        """Build, store and start a new table (see :meth:`create`); returns its id and
        invitation. ``changes``: seats bots play for people from the start; ``again_of``:
        the table (and its creator's seat) this one follows, pointed to in the same
        transaction; ``prefix``: the first game's first actions, as a record has them (a
        game played on), stored and applied before anyone moves."""
        if len(self.tables) >= self.settings.open_tables:
            raise TableError("server_full", "the server has as many open tables as it may")
        table_id = secrets.token_urlsafe(9)
        invite = secrets.token_urlsafe(12)
        try:
            if names is None:
                names = default_names(config.seats, config.seed, renames)
            names = list(names)
            for s, name in (renames or {}).items():
                names[s] = name
            table = Table(
                table_id, config, names, doubling_wait_seconds=self.settings.doubling_wait_seconds
            )
            live = self._live(
                table, invite, tokens, public=public, creator=creator, changes=changes
            )
        except TableError:
            raise
        except Exception as e:  # a configuration that passed its checks but cannot run
            raise TableError("bad_rules", f"the table cannot be set up: {e}") from None
        # the table and its creator's seat in one transaction: never one without the other
        try:
            self.store.create_table(
                table_id, config.to_json(), invite, table.names, tokens,
                public=public, creator=creator, changes=changes, again_of=again_of,
            )  # fmt: skip
        except StoreError as e:
            raise TableError("conflict", str(e)) from None
        for seat, action in prefix:
            self.store.add_action(table_id, len(table.actions), seat, action, "record")
            table.apply_as_recorded(seat, action)
        self.tables[table_id] = live
        if public:
            self._public[table_id] = None
        self._kick(live)
        return table_id, invite

    def what_if(
        self, table_id: str, number: int, step: int, seat: int | None, player: str | None
    ) -> tuple[str, str, int, str]:
        """A new table where finished game ``number`` of a table is played on from its step
        ``step`` (1: before the first action) with the same cards: the steps before as they
        were, a person in ``seat`` (default: the seat to move there) and bots in the others
        (the old table's, and for its people :data:`PLAYED_ON_BOT`, a ladder level the page names).
        Returns (table id, invitation, the seat, its token)."""
        old = self.readable(table_id)
        if not 1 <= number <= len(old.finished):
            raise TableError("no_game", f"no finished game {number} at this table")
        game = old.finished[number - 1]
        if not 1 <= step <= len(game.history):
            raise TableError("bad_step", f"step must be 1..{len(game.history)}, got {step}")
        n = game.rules.players
        probe = Game(game.rules, dealer=game.dealer, hands=game.deal, stock=0)
        probe.replay(game.history[: step - 1])
        if seat is None:
            seat = probe.to_move if probe.to_move is not None else 0
        if not 0 <= seat < n:
            raise TableError("bad_seat", f"no seat {seat} at this table")
        stand_in = level(PLAYED_ON_BOT)
        assert stand_in is not None
        seats = tuple(
            HUMAN if s == seat else (k if k != HUMAN else stand_in.id)
            for s, k in enumerate(old.config.seats)
        )
        config = dataclasses.replace(
            old.config, games=1, seats=seats, seed=secrets.randbelow(2**32), tips=True,
            challenge="", rated=False, deals=(), duplicate_of="",
            deal=tuple(" ".join(card_token(c) for c in hand) for hand in game.deal),
            dealer=game.dealer, played_from=(old.id, number, step),
        )  # fmt: skip
        tokens: list[str | None] = [None] * n
        token = tokens[seat] = secrets.token_urlsafe(24)
        # every seat keeps the name of who played it in that game: the person plays the seat
        # as its player did ("Hias (Du)" on the page), and the game's end compares with
        # the same names; their own seat under their name as they give it now
        names = old.names_of(number)
        if player and alike_name(player) == alike_name(names[seat]):
            names[seat] = _person_name(player, seat)
        elif (bot := stand_in_bot(names[seat])) is not None:  # "Sepp (Bot für Anna)"
            names[seat] = distinct_name(_person_name(player or bot, seat), names, seat)
        new_id, invite = self._open(
            config, tokens, names=names, creator=seat, prefix=list(game.history[: step - 1])
        )
        return new_id, invite, seat, token

    async def join(self, table_id: str, invite: str, name: str) -> tuple[int, str]:
        """Give a person holding the invitation a seat: the one they left (by their name),
        else a free one, else one a bot plays for nobody or for someone who left (the bot
        steps out). Returns the seat and its new token."""
        live = self.get(table_id)
        if not secrets.compare_digest(invite.encode(), live.invite.encode()):
            raise TableError("bad_invite", "that invitation is not for this table")
        async with live.lock:
            self._check_open(live)
            self._check_not_moved_on(live)
            seat = _seat_for(live, name)
            if seat is None:
                raise TableError("table_full", "every seat for a person is taken")
            token = secrets.token_urlsafe(24)
            code = "joined" if live.table.seat_status[seat] == FREE else "took_over"
            shown = distinct_name(_person_name(name, seat), live.table.names, seat)
            await self._change_seat(live, seat, code, name=shown, token=token)
        self._kick(live)
        return seat, token

    async def leave(self, table_id: str, token: str) -> tuple[int, str]:
        """The person holding ``token`` leaves: a bot plays their seat at once, and the
        token holds it no more. Returns the seat and the bot's name."""
        live = self.get(table_id)
        async with live.lock:
            self._check_open(live)
            seat = self._holder(live, token)
            self._check_not_moved_on(live)
            await self._change_seat(live, seat, "left")
        self._kick(live)
        return seat, live.table.names[seat]

    async def seat_bot(self, table_id: str, seat: int, token: str) -> str:
        """At the creator's request (``token`` holds the creator's seat) a bot takes the free
        ``seat`` for a person at once; a person may still take it over. For a person's seat
        with no connection (the page closed) any other seated person may ask: a bot plays
        for them until they connect again (``away``). Returns the seat's name."""
        live = self.get(table_id)
        async with live.lock:
            self._check_open(live)
            holder = self._holder(live, token)
            t = live.table
            if not 0 <= seat < len(t.names):
                raise TableError("bad_seat", f"no seat {seat} at this table")
            status = t.seat_status[seat]
            gone = status == PERSON and seat not in t.online and seat != holder
            if not gone and (live.creator is None or holder != live.creator):
                raise TableError("not_creator", "only the table's creator may seat a bot")
            self._check_not_moved_on(live)
            if gone:
                await self._change_seat(live, seat, "away")
            elif status != FREE:
                raise TableError("seat_taken", f"seat {seat} is not free: {status}")
            else:
                await self._change_seat(live, seat, "bot")
        self._kick(live)
        return live.table.names[seat]

    async def again(
        self, table_id: str, token: str, *, duplicate: bool = False
    ) -> tuple[dict[str, Any], bool]:
        """Another round with the same players, after the table's last game: a new table
        with the same configuration (new cards; with ``duplicate`` the same games' cards
        again, each hand moved on to the next seat with the deal, so that every person
        plays what their right-hand neighbour had), names and seat kinds, where each seat a
        person holds gets a new token for that person, and each seat a bot plays for a
        person goes on so. Every connection of this table is told the new table (each seat
        only its own token). A second call answers with the same table. Returns the answer
        for the caller's seat and whether the table was made now."""
        live = self.get(table_id)
        async with live.lock:
            self._check_open(live)
            seat = self._holder(live, token)
            t = live.table
            if not t.is_over():
                raise TableError("not_over", "another round starts after the last game")
            if live.next_table is not None:
                return self._again_answer(live, seat), False
            # new cards (a game played on "what if" dealt its first game from its record),
            # dealt on from the seat after the last dealer
            config = dataclasses.replace(
                t.config, seed=secrets.randbelow(2**32), deal=None, dealer=t.session.dealer,
                played_from=None,
                challenge="",
            )  # fmt: skip
            if duplicate:
                config = dataclasses.replace(
                    config, games=len(t.finished), deals=rotated_deals(t), duplicate_of=t.id
                )
            names: list[str] = []
            tokens: list[str | None] = []
            changes: list[SeatChange] = []
            for s, st in enumerate(t.seat_status):
                person = live.persons[s]
                if st in (PERSON, AWAY):
                    names.append(person if st == AWAY and person else t.names[s])
                    tokens.append(secrets.token_urlsafe(24))
                    continue
                names.append(f"Spieler {s + 1}" if st == FREE else t.names[s])
                tokens.append(None)
                if st in (LEFT, EMPTY):
                    code = "left" if st == LEFT else "bot"
                    changes.append(SeatChange(s, code, t.names[s], person))
            new_id, _invite = self._open(
                config, tokens, names=names, public=live.public, creator=live.creator,
                changes=tuple(changes), again_of=(t.id, live.creator),
            )  # fmt: skip
            live.next_table = new_id
            t.set_info(public=live.public, creator=live.creator, next_table=new_id)
            dead = []
            for conn in list(live.connections):
                news = {
                    "type": "again",
                    "version": t.version,
                    "table": new_id,
                    "seat": conn.seat,
                    "token": None if conn.seat is None else tokens[conn.seat],
                }
                try:
                    await conn.send(news)
                except Exception:  # a closed socket: drop it, the others go on
                    dead.append(conn)
            await self._forget(live, dead)
            return self._again_answer(live, seat), True

    def _again_answer(self, live: LiveTable, seat: int) -> dict[str, Any]:
        """The next table for the holder of ``seat``: its token there while the seat has
        not changed hands since the new table was made (else None: join with the
        invitation)."""
        assert live.next_table is not None
        nxt = self.tables.get(live.next_table)
        token = None
        if nxt is not None and seat not in nxt.handed:
            token = nxt.tokens[seat]
        return {
            "table": live.next_table,
            "seat": seat,
            "token": token,
            "invite": nxt.invite if nxt is not None else None,
        }

    def lobby(self) -> list[dict[str, Any]]:
        """The newest open public tables that are not over (at most the settings'
        ``lobby_tables``): each with its rules, names, seat kinds and statuses, the seats a
        person may take, the game in progress and, while a seat is to be had, the
        invitation."""
        out: list[dict[str, Any]] = []
        for table_id in reversed(list(self._public)):
            live = self.tables.get(table_id)
            if live is None or live.table.is_over():
                self._public.pop(table_id, None)  # closed or over: never listed again
                continue
            t = live.table
            free = _joinable(live)
            out.append(
                {
                    "table": t.id,
                    "name": t.config.name,
                    "rules": t.config.rules,
                    "names": list(t.names),
                    "kinds": [seat_kind(k) for k in t.config.seats],
                    "seat_status": list(t.seat_status),
                    "free": free,
                    "game": t.game_number,
                    "games": t.config.games,
                    "turn_seconds": t.config.turn_seconds,
                    "invite": live.invite if free and live.next_table is None else None,
                }
            )
            if len(out) >= self.settings.lobby_tables:
                break
        return out

    def holder(self, live: LiveTable, token: str | None) -> int:
        """The seat ``token`` holds at this table, or TableError ``bad_token``."""
        return self._holder(live, token)

    def _holder(self, live: LiveTable, token: str | None) -> int:
        """The seat ``token`` holds at this table, or TableError ``bad_token``."""
        if token and token.isascii():
            for s, t in enumerate(live.tokens):
                if t is not None and secrets.compare_digest(t.encode(), token.encode()):
                    return s
        raise TableError("bad_token", "that token holds no seat at this table")

    def _check_open(self, live: LiveTable) -> None:
        if live.closed:
            raise TableError("table_closed", f"table {live.table.id!r} is closed")

    def _check_not_moved_on(self, live: LiveTable) -> None:
        """Once a table has its next round, its seats stay as they are (so that each
        seat's holder is the one its token at the next table was made for)."""
        if live.next_table is not None:
            raise TableError(
                "table_over", f"the table is over and goes on at table {live.next_table!r}"
            )

    async def _change_seat(
        self,
        live: LiveTable,
        seat: int,
        code: str,
        *,
        name: str | None = None,
        token: str | None = None,
    ) -> None:
        """Store one seat change (a code of :data:`~schafkopf.server.store.SEAT_CHANGES`),
        apply it and tell every connection (the caller holds the table's lock). ``name`` and
        ``token``: of the person who joins or takes over."""
        t = live.table
        status = t.seat_status[seat]
        if code in ("joined", "took_over"):
            assert name is not None and token is not None
            person: str | None = name
            shown: str | None = name
        elif code == "left":
            person = live.persons[seat] if status == AWAY else t.names[seat]
            shown = t.names[seat] if status == AWAY else None  # keep the stand-in's name
        elif code == "away":
            person, shown = t.names[seat], None
        elif code == "back":
            person = live.persons[seat] or t.names[seat]
            shown = person
        else:  # "bot": an empty seat
            person, shown = None, None
        if shown is None:
            shown = stand_in_name(t.names, seat, t.config.seed, person)
        change = SeatChange(seat, code, shown, person, len(t.actions))
        try:
            self.store.change_seat(t.id, live.changes, change, token=token, revoke=code == "left")
        except StoreError as e:
            raise TableError("conflict", str(e)) from None
        live.changes += 1
        live.epoch += 1
        new = _STATUS_AFTER[code]
        statuses = list(t.seat_status)
        statuses[seat] = new
        live.persons[seat] = person if new in STAND_IN else None
        if new in STAND_IN:
            if seat not in live.bots:
                live.bots[seat] = make_player(STAND_IN_SPEC, shown)
        else:
            live.bots.pop(seat, None)
        if code == "left":
            live.tokens[seat] = None
            for conn in live.connections:  # the leaver's connections watch from now on
                if conn.seat == seat:
                    conn.seat = None
            t.set_online(_online(live))
        if token is not None:
            live.tokens[seat] = token
        if code in _HANDS_CHANGED:
            live.handed.add(seat)
        live.timeouts[seat] = 0
        live.needed.pop(seat, None)
        if live.seat_timer is not None:  # the driver sets it again for the seat it waits at
            live.seat_timer.cancel()
            live.seat_timer = None
        t.rename(seat, shown)
        t.set_seating(statuses)
        event = {
            "kind": "seat",
            "code": code,
            "seat": seat,
            "name": shown,
            "status": new,
            "plays": HUMAN if new == PERSON else STAND_IN_SPEC,
            "person": person,
        }
        log.info("table %s: seat %d %s", t.id, seat, code)
        await self._tell_seats(live, event)

    async def _tell_seats(self, live: LiveTable, event: dict[str, Any]) -> None:
        """Tell every connection a seat change and who sits where now (the version does not
        change; the caller holds the lock)."""
        dead = []
        for conn in list(live.connections):
            try:
                await conn.send(
                    {
                        "type": "seats",
                        "version": live.table.version,
                        "event": event,
                        "state": live.table.state_for(conn.seat),
                    }
                )
            except Exception:  # a closed socket: drop it, the others go on
                dead.append(conn)
        await self._forget(live, dead)

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
            table = self._rebuild(st.id, st.config, st.names, st.actions, st.bys, st.changes)
            restore_seating(table, st.tokens, st.changes)
            table.set_info(public=st.public, creator=_creator(st), next_table=st.next_table)
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
        for handle in (live.timer, live.seat_timer):
            if handle is not None:
                handle.cancel()
        live.timer = live.seat_timer = None
        del self.tables[table_id]
        self._public.pop(table_id, None)
        self._closed[table_id] = live.table
        while len(self._closed) > CLOSED_TABLES_KEPT:
            self._closed.popitem(last=False)
        log.info("table %s closed: nobody connected", table_id)

    def rename_person(self, table_id: str, seat: int, old: str, new: str) -> None:
        """A person's name gives way to ``new`` at a seat (their account was deleted): in
        the seat's name (also a bot's "for ..." name) of an open table, and a closed one
        is rebuilt from the store when next read."""
        self._closed.pop(table_id, None)
        live = self.tables.get(table_id)
        if live is None:
            return
        t = live.table
        t.rename(seat, replaced_name(t.names[seat], old, new))
        t.rename_played(seat, lambda name: replaced_name(name, old, new))
        if seat < len(live.persons) and live.persons[seat] is not None:
            live.persons[seat] = replaced_name(live.persons[seat] or "", old, new)

    def seat_of(self, table_id: str, token: str | None) -> int | None:
        """The seat a token belongs to (None without a token: a spectator)."""
        live = self.get(table_id)
        if token is None or token == "":
            return None
        return self._holder(live, token)

    # -- connections ---------------------------------------------------------------------------

    async def connect(
        self,
        table_id: str,
        seat: int | None,
        send: Send,
        send_text: Callable[[str], Awaitable[None]] | None = None,
        *,
        token: str | None = None,
    ) -> Connection:
        """Register a connection and send it a snapshot. ``token``: the one that gave
        ``seat``, checked again here (the seat may have changed hands meanwhile). A person
        a bot plays for while they are away is back with this connection."""
        live = self.get(table_id)
        conn = Connection(seat, send, send_text)
        back = False
        async with live.lock:  # the checks too: others may connect while we wait for it
            if live.closed:
                raise TableError("table_closed", f"table {table_id!r} is closed")
            if token and seat is not None and self._holder(live, token) != seat:
                raise TableError("bad_token", "that token holds no seat at this table")
            if len(live.connections) >= self.settings.connections_per_table:
                raise TableError(
                    "rate_limited",
                    f"the table has {self.settings.connections_per_table} connections already",
                )
            if seat is not None and live.table.seat_status[seat] == AWAY:
                back = await self._back(live, seat)
            came = seat is not None and live.table.set_online([*_online(live), seat])
            try:
                await send(live.table.snapshot_for(seat))  # a client gone by now: not added
                if live.chat:
                    await send({"type": "chat", "history": list(live.chat)})
            except BaseException:
                live.table.set_online(_online(live))  # it never came
                raise
            live.connections.append(conn)
            live.idle_since = None
            # another page of the seat closed while this one was told (unlocked): count again
            if live.table.set_online(_online(live)) or came:
                await self._tell_presence(live, but=conn)
        if back:
            self._kick(live)
        return conn

    async def _back(self, live: LiveTable, seat: int) -> bool:
        """The person a bot played for while they were away is back (the caller holds the
        lock); False when that could not be stored (they are back with their next try)."""
        try:
            await self._change_seat(live, seat, "back")
        except TableError:
            log.exception("table %s: seat %d could not be given back", live.table.id, seat)
            return False
        return True

    async def chat(
        self, table_id: str, conn: Connection, text: str | None, phrase: str | None
    ) -> None:
        """A chat line from a seat's holder to everyone at the table (spectators read
        only): at most ``chat_lines_per_minute`` a connection, the text cleaned of control
        characters and squeezed; kept in memory, the last :data:`CHAT_KEPT` for newcomers."""
        live = self.get(table_id)
        if conn.seat is None:
            raise TableError("no_seat", "spectators read the chat; a seat's holder writes")
        line = _chat_text(text) if phrase is None else None
        if phrase is None and not line:
            raise TableError("malformed", "a chat line needs a text or a phrase")
        per_minute = self.settings.chat_lines_per_minute
        now = time.monotonic()
        if conn.chat is None:
            conn.chat = Bucket.new(per_minute / 60.0, min(5.0, float(per_minute)), now)
        if not conn.chat.take(now):
            raise TableError("rate_limited", f"at most {per_minute} chat lines a minute")
        t = live.table
        message: dict[str, Any] = {"type": "chat", "seat": conn.seat, "name": t.names[conn.seat],
                                   "at": round(time.time(), 3)}  # fmt: skip
        message |= {"phrase": phrase} if phrase is not None else {"text": line}
        live.chat.append({k: v for k, v in message.items() if k != "type"})
        dead = []
        for other in list(live.connections):
            try:
                await other.send(message)
            except Exception:
                dead.append(other)
        await self._forget(live, dead)

    def disconnect(self, table_id: str, conn: Connection) -> None:
        """Forget a connection; where its seat has none left, tell the others."""
        live = self.tables.get(table_id)
        if live is not None and _drop(live, conn):
            self._spawn(self._presence_later(live))

    async def _presence_later(self, live: LiveTable) -> None:
        async with live.lock:
            await self._tell_presence(live)

    async def _tell_presence(self, live: LiveTable, but: Connection | None = None) -> None:
        """Tell every connection (but ``but``) which seats are connected now:
        ``{"type": "presence", "version", "online": [seats]}`` (the caller holds the lock);
        again while a socket found closed meanwhile takes a seat's last connection."""
        changed = True
        while changed:
            message = {"type": "presence", "version": live.table.version,
                       "online": list(live.table.online)}  # fmt: skip
            changed = False
            for other in list(live.connections):
                if other is but:
                    continue
                try:
                    await other.send(message)
                except Exception:  # a closed socket: drop it, the others go on
                    changed = _drop(live, other) or changed

    async def _forget(self, live: LiveTable, dead: list[Connection]) -> None:
        """Drop the connections found closed while sending; where a seat lost its last, tell
        the others (no closing of the socket may come to say it)."""
        changed = False
        for conn in dead:
            changed = _drop(live, conn) or changed
        if changed:
            await self._tell_presence(live)

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
        self,
        table_id: str,
        seat: int | None,
        action: Any,
        version: int,
        by: str = "person",
        *,
        conn: Connection | None = None,
    ) -> None:
        """Accept ``action`` from ``seat`` (with ``conn``: the connection's seat, read under
        the table's lock) if the client saw the newest ``version``; raises TableError (and
        changes nothing) otherwise. A person a bot plays for while they are away is back
        with any action they send, accepted or not."""
        live = self.get(table_id)
        if conn is None and seat is None:
            raise TableError("no_seat", "a spectator cannot act")
        back = False
        try:
            async with live.lock:
                if conn is not None:
                    seat = conn.seat
                if seat is None:
                    raise TableError("no_seat", "a spectator cannot act")
                t = live.table
                if t.seat_status[seat] == AWAY and by == "person":
                    back = await self._back(live, seat)
                if version != t.version:
                    raise TableError(
                        "stale_version",
                        f"the table is at version {t.version}, not {version}: resume first",
                    )
                if seat in live.bots:
                    raise TableError("bot_seat", "a bot plays that seat")
                await self._accept(live, seat, t.parse(seat, action), by)
                live.timeouts[seat] = 0
        except TableError:
            if back:
                self._kick(live)
            raise
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
        events = t.apply(seat, action, by)
        for event in events:
            if event.kind == "game_over":
                for hook in self.game_over_hooks:
                    try:
                        hook(t, event.game)
                    except Exception:  # the game is stored: a failed hook must not undo it
                        log.exception("table %s: after game %s", t.id, event.game)
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
        await self._forget(live, dead)

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
        """Let one bot act if one should; set the turn timer for a person (and for a free
        seat the timer that gives it a bot). True: go on."""
        t = live.table
        game = t.game
        if game is None:
            return False
        version, epoch = t.version, live.epoch
        mover = game.to_move
        assert mover is not None
        for s in doubling_order(game):
            bot = live.bots.get(s)
            key = (t.game_number, game.played, len(game.doublings), s)
            if bot is not None and key not in live.asked and self._may_play(live, s):
                live.asked.add(key)
                try:
                    if t.config.challenge:  # at once, before anyone else may act: alike
                        # play gets alike answers, whatever the timing (rule-based: quick)
                        rng = random.Random(decision_seed(t, s, "double"))
                        say = bool(answer(bot, "double", game.view(s), rng))
                    else:
                        say = await self._think(live, s, bot, "double", game.view(s))
                except TimeoutError:
                    log.warning("table %s: bot %s overran its time for Kontra/Re", t.id, s)
                    say = False
                except Exception:  # a bot's bug must not stall the table: it does not double
                    log.exception("table %s: bot %s failed to answer Kontra/Re", t.id, s)
                    say = False
                if t.version != version or live.epoch != epoch:
                    return True  # someone acted, or a seat changed, while the bot thought
                if say:
                    return await self._bot_act(live, version, epoch, s, DOUBLE, "bot")
        if t.waiting_for_doubling:  # people may say Kontra/Re before the next card
            self._arm_wait(live, version)
            return False
        player = live.bots.get(mover)
        if player is None:
            if t.seat_status[mover] == FREE:
                self._arm_seat_timer(live, mover)
            self._arm_timer(live, version, mover)
            return False
        if not self._may_play(live, mover):
            return False  # a stand-in with nobody at the table: it waits for a person
        if self.bot_delay:
            await asyncio.sleep(self.bot_delay)
        view = game.view(mover)
        try:
            action = await self._think(live, mover, player, "choose", view)
        except TimeoutError:
            log.warning(
                "table %s: bot %s overran its time; the rule-based player acts", t.id, mover
            )
            action = HeuristicPlayer().choose(view, random.Random(decision_seed(t, mover, "x")))
        except Exception:  # a bot's bug must not stall the table: the rule-based player steps in
            log.exception("table %s: bot %s failed; the rule-based player acts", t.id, mover)
            action = HeuristicPlayer().choose(view, random.Random(decision_seed(t, mover, "x")))
        return await self._bot_act(live, version, epoch, mover, action, "bot")

    def _may_play(self, live: LiveTable, seat: int) -> bool:
        """Whether the bot in ``seat`` may act now: a bot of the table's configuration
        always; one playing for a person only while some person holds a seat at the table
        (or where the operator allows tables of bots), so that a table everyone left stops."""
        if live.table.seat_status[seat] not in STAND_IN or self.settings.allow_bot_tables:
            return True
        return any(token is not None for token in live.tokens)

    async def _think(
        self, live: LiveTable, seat: int, player: Player, question: Question, view: View
    ) -> Any:
        """The bot's answer: from the bot pool for a searching player when the hub has one,
        else from ``player`` in a thread."""
        budget = self.settings.bot_seconds
        seed = decision_seed(live.table, seat, question)
        if self.bot_pool is not None and seat in live.searching:
            t = live.table
            return await self.bot_pool.ask(
                question, t.id, seat, t.config.seats[seat], t.names[seat], view,
                seed, budget=budget,
            )  # fmt: skip
        rng = random.Random(seed)  # its own: the thread may outlive the budget
        async with asyncio.timeout(budget):  # (wait_for can swallow a cancellation in 3.11)
            return await asyncio.to_thread(answer, player, question, view, rng)

    async def _bot_act(
        self, live: LiveTable, version: int, epoch: int, seat: int, action: Action, by: str
    ) -> bool:
        """Accept a bot's answer unless the table moved on or a seat changed while it
        thought (then it thinks again)."""
        async with live.lock:
            t = live.table
            if t.version != version or live.epoch != epoch:
                return True  # someone acted (or a seat changed) meanwhile: think again
            await self._accept(live, seat, t.parse(seat, action), by)
        return True

    def _arm_timer(self, live: LiveTable, version: int, seat: int) -> None:
        limit = live.table.config.turn_seconds
        if limit <= 0 or live.timer is not None or live.closed:
            return
        loop = asyncio.get_running_loop()
        live.timer = loop.call_later(limit, self._timed_out, live, version, seat)

    def _arm_seat_timer(self, live: LiveTable, seat: int) -> None:
        """Give the free ``seat`` the game waits at a bot once it has waited there for the
        settings' ``empty_seat_bot_seconds`` (counted from the first time it did), at a table
        where some person holds a seat."""
        loop = asyncio.get_running_loop()
        since = live.needed.setdefault(seat, loop.time())
        if live.seat_timer is not None or live.closed:
            return
        if not any(token is not None for token in live.tokens):
            return
        delay = max(0.0, since + self.settings.empty_seat_bot_seconds - loop.time())
        live.seat_timer = loop.call_later(delay, self._seat_wait_over, live, seat)

    def _seat_wait_over(self, live: LiveTable, seat: int) -> None:
        live.seat_timer = None
        self._spawn(self._fill_seat(live, seat))

    async def _fill_seat(self, live: LiveTable, seat: int) -> None:
        """A bot takes the free ``seat`` (nobody took it in time)."""
        try:
            async with live.lock:
                t = live.table
                if live.closed or self.stopping or t.seat_status[seat] != FREE:
                    return
                if not any(token is not None for token in live.tokens):
                    return
                await self._change_seat(live, seat, "bot")
        except TableError:
            log.exception("table %s: seating a bot in seat %d was refused", live.table.id, seat)
        self._kick(live)

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
        ``by`` timeout), and play goes on. At a table with a move time each such "gut"
        counts as a timeout of the person."""
        try:
            async with live.lock:
                t = live.table
                if live.closed or t.version != version:
                    return
                waited = t.waiting_for_doubling
                for seat in waited:
                    await self._accept(live, seat, GUT, "timeout")
                for seat in waited:
                    await self._count_timeout(live, seat)
        except TableError:
            log.exception("table %s: ending the wait for Kontra/Re was refused", live.table.id)
        self._kick(live)

    def _timed_out(self, live: LiveTable, version: int, seat: int) -> None:
        live.timer = None
        self._spawn(self._stand_in(live, version, seat))

    async def _stand_in(self, live: LiveTable, version: int, seat: int) -> None:
        """A person ran out of time: the rule-based player decides this one action (unless a
        bot plays the seat by now)."""
        t = live.table
        if live.closed or t.version != version or t.game is None or t.game.to_move != seat:
            return
        if t.waiting_for_doubling or seat in live.bots:  # no turn timer runs during a wait
            self._kick(live)
            return
        action = HeuristicPlayer().choose(t.game.view(seat), live.rng)
        try:
            async with live.lock:
                if t.version == version and seat not in live.bots and not live.closed:
                    await self._accept(live, seat, t.parse(seat, action), "timeout")
                    await self._count_timeout(live, seat)
        except TableError:
            log.exception("table %s: the stand-in's action was refused", t.id)
        self._kick(live)

    async def _count_timeout(self, live: LiveTable, seat: int) -> None:
        """Count a person's timeout at a table with a move time; after the settings'
        ``away_timeouts`` in a row a bot plays for them until they are back (the caller
        holds the lock)."""
        most = self.settings.away_timeouts
        if live.table.config.turn_seconds <= 0 or most <= 0:
            return
        if live.table.seat_status[seat] != PERSON:
            return
        live.timeouts[seat] += 1
        if live.timeouts[seat] >= most:
            await self._change_seat(live, seat, "away")


CLOSED_TABLES_KEPT = 64
"""Closed tables kept in memory after being read (each is rebuilt from the store on demand)."""


_ID_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def rotated_deals(table: Table) -> tuple[tuple[tuple[str, ...], int], ...]:
    """Each finished game's deal moved on by one seat: seat ``s + 1`` gets seat ``s``'s
    hand and the deal moves on with it (each hand keeps its place from the dealer)."""
    out = []
    for game in table.finished:
        n = game.rules.players
        hands = [" ".join(card_token(c) for c in hand) for hand in game.deal]
        out.append((tuple(hands[(s - 1) % n] for s in range(n)), (game.dealer + 1) % n))
    return tuple(out)


PLAYED_ON_BOT: Final = "level:3"
"""The bot that plays a person's seat in a game played on from a replay ("Stammtisch": a
plausible player the page names, and quick)."""

CHAT_KEPT: Final = 50
"""Chat lines a table keeps for those who connect later."""


def _chat_text(text: str | None) -> str:
    """A chat line as shown: no control or format characters, spaces squeezed, at most
    :data:`~schafkopf.server.protocol.CHAT_LENGTH` characters (the page shows it as text)."""
    if not text:
        return ""
    kept = "".join(c for c in text if unicodedata.category(c)[0] != "C")
    return " ".join(kept.split())[:CHAT_LENGTH]


def decision_seed(table: Table, seat: int, question: str) -> int:
    """The seed of a bot's decision: from the table's seed and everything played at it so
    far, so that a bot answers the same play the same way (the duplicate challenge's deals
    are alike for everyone who plays alike)."""
    digest = hashlib.blake2b(digest_size=8)
    digest.update(f"{table.config.seed}/{seat}/{question}/".encode())
    digest.update(",".join(f"{s}:{a}" for s, a in table.actions).encode())
    return int.from_bytes(digest.digest(), "big")


def _drop(live: LiveTable, conn: Connection) -> bool:
    """Forget a connection; the table is idle from now when it was the last. True when its
    seat has no connection left (the state's ``online`` changed)."""
    if conn not in live.connections:
        return False
    live.connections.remove(conn)
    if not live.connections:
        live.idle_since = time.monotonic()
    return live.table.set_online(_online(live))


def _online(live: LiveTable) -> list[int]:
    """The seats with a connection."""
    return [c.seat for c in live.connections if c.seat is not None]


def _could_be_id(table_id: str) -> bool:
    """True when ``table_id`` is made like the ids the hub gives (URL-safe, at most 32)."""
    return 0 < len(table_id) <= 32 and set(table_id) <= _ID_CHARACTERS


def _person_name(name: str, seat: int) -> str:
    """A person's name as the table shows it: white space folded, at most 30 characters."""
    return " ".join(name.split())[:30] or f"Spieler {seat + 1}"


def restore_seating(
    table: Table, tokens: Sequence[str | None], changes: Sequence[SeatChange]
) -> tuple[list[str], list[str | None], set[int]]:
    """Who plays each seat after the stored ``changes`` (set on ``table`` too): the seat
    statuses, per seat a bot plays for a person that person's name, and the seats whose
    token is not the one they were given with the table."""
    status = [BOT if kind != HUMAN else FREE for kind in table.config.seats]
    persons: list[str | None] = [None] * len(status)
    handed: set[int] = set()
    for s, kind in enumerate(table.config.seats):
        if kind == HUMAN and tokens[s] is not None:
            status[s] = PERSON
    for c in changes:
        if not 0 <= c.seat < len(status) or status[c.seat] == BOT:
            continue
        status[c.seat] = _STATUS_AFTER.get(c.code, status[c.seat])
        persons[c.seat] = c.person if status[c.seat] in STAND_IN else None
        if c.code in _HANDS_CHANGED:
            handed.add(c.seat)
    for s, st in enumerate(status):  # the token is the truth of who holds a seat
        held = tokens[s] is not None
        if st in (PERSON, AWAY) and not held:
            status[s] = FREE
        elif st in (FREE, LEFT, EMPTY) and held:
            status[s], persons[s] = PERSON, None
    table.set_seating(status)
    return status, persons, handed


def rebuilt_table(
    table_id: str,
    config: dict[str, Any],
    names: Sequence[str],
    actions: Sequence[tuple[int, int]],
    bys: Sequence[str] = (),
    changes: Sequence[SeatChange] = (),
    **options: Any,
) -> Table:
    """A stored table rebuilt by replaying its actions (raises on anything it cannot read).
    The seat changes rename the seats where they happened, so each finished game keeps the
    names it was played under; the seats end with their stored ``names``. ``options`` go to
    :class:`Table`."""
    first, renames = names_over_time(names, changes)
    table = Table(table_id, TableConfig.from_json(config), first, **options)
    table.replay(actions, bys, renames)
    for seat, name in enumerate(names):  # the stored names are the truth of now
        if table.names[seat] != name:
            table.rename(seat, name)
    return table


def names_over_time(
    names: Sequence[str], changes: Sequence[SeatChange]
) -> tuple[list[str], dict[int, list[tuple[int, str]]]]:
    """The seats' names before the first stored seat change (``names`` are those after the
    last), and each change's new name by the number of actions stored before it. A seat's
    name before its first change is the person's who left or was away then; before a join or
    a bot's taking a free seat no game was played there, and its name now stands."""
    first = list(names)
    renames: dict[int, list[tuple[int, str]]] = {}
    seen: set[int] = set()
    for c in changes:
        if not 0 <= c.seat < len(first):
            continue
        if c.seat not in seen:
            seen.add(c.seat)
            if c.code in ("left", "away") and c.person:
                first[c.seat] = c.person
        renames.setdefault(c.after, []).append((c.seat, c.name))
    return first, renames


def _creator(st: StoredTable) -> int | None:
    """A stored table's creator's seat; a table of an older release has no record of it,
    and its creator took the first seat for a person."""
    if st.info:
        return st.creator
    seats = list(st.config.get("seats", ()))
    return seats.index(HUMAN) if HUMAN in seats else None


def _timeouts_in_a_row(st: StoredTable, seats: int) -> list[int]:
    """Per seat, the person's timeouts since their last own action or seat change (from
    the stored actions), so that a restart does not forgive them."""
    counts = [0] * seats
    resets: dict[int, list[int]] = {}
    for c in st.changes:
        resets.setdefault(c.after, []).append(c.seat)
    for i, ((seat, _action), by) in enumerate(zip(st.actions, st.bys, strict=False)):
        for s in resets.get(i, ()):
            counts[s] = 0
        if 0 <= seat < seats:
            if by == "timeout":
                counts[seat] += 1
            elif by == "person":
                counts[seat] = 0
    for s in resets.get(len(st.actions), ()):
        counts[s] = 0
    return counts


def _seat_for(live: LiveTable, name: str) -> int | None:
    """The seat a person who joins under ``name`` gets: the one they left (same name), else
    a free one, else one a bot plays for nobody, else one a bot plays for someone who left."""
    status = live.table.seat_status
    wanted = " ".join(name.split())[:30]
    left = [s for s, st in enumerate(status) if st == LEFT]
    order = [s for s in left if live.persons[s] == wanted]  # the very name first
    order += [s for s in left if s not in order and _same_person(wanted, live.persons[s])]
    for kind in (FREE, EMPTY, LEFT):
        order += [s for s, st in enumerate(status) if st == kind]
    return order[0] if order else None


def _same_person(wanted: str, person: str | None) -> bool:
    """Whether a person who left as ``person`` is the one joining as ``wanted``: the same
    name in any case, or the name with the number their seat got beside another seat's
    ("Sepp 2"; a long name cut to make room for it)."""
    if person is None:
        return False
    if person.casefold() == wanted.casefold():
        return True
    base, _, number = person.rpartition(" ")
    if not number.isdigit() or not base:
        return False
    mine, theirs = wanted.casefold(), base.casefold()
    return mine == theirs or (len(person) == MAX_NAME and mine.startswith(theirs))


def _joinable(live: LiveTable) -> list[int]:
    """The seats a person may take: free ones and those a bot plays for a person who left
    or for nobody."""
    return [s for s, st in enumerate(live.table.seat_status) if st in (FREE, EMPTY, LEFT)]
