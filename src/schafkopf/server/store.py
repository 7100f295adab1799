"""Persistence of tables: configuration, seats and every accepted action (SQLAlchemy 2).

A SQLite file is the default (no set-up); ``SCHAFKOPF_DATABASE_URL`` may name a PostgreSQL
database (``postgresql+psycopg://user@host/db``). An action is accepted exactly when its row is
committed: the row's key (table, sequence number) is unique, so an action can never be stored,
and so applied, twice; a crash loses nothing that was accepted. Tables are rebuilt at start by
replaying their actions (:meth:`Store.load`).

Who plays a seat for a person changes without any action (a person leaves, a bot takes an
empty seat, a person away is stood in for, and back): each change is a row of
``seat_changes``, numbered per table and stored with the seat's new name and token in one
transaction, so the seating is rebuilt at start as it was; the actions and so the replay are
untouched. ``table_info`` holds what a table was created with beyond its configuration (listed
in the lobby, its creator's seat) and the table made from it for another round; a table of an
early release without one is private, its creator in the first seat for a person. ``analyses``
holds each finished game's analysis, computed once when the page asks for it.

The schema is made and upgraded by the Alembic migrations of
:mod:`schafkopf.server.migrations`, at every start: a database of an older release is
upgraded in place, with every table and game kept. The rows here and in
:mod:`schafkopf.server.accounts` say what the newest migration makes (a test compares them).
"""

from __future__ import annotations

import json
import logging
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Final

from sqlalchemy import (
    JSON,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    bindparam,
    create_engine,
    delete,
    event,
    exc,
    exists,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from schafkopf.server import migrations

log = logging.getLogger("schafkopf.server")

DEFAULT_URL: Final = "sqlite:///schafkopf.db"
LEASE_SECONDS: Final = 15.0
"""How long a server's claim on its database lasts without renewal (it renews every third)."""
URL_VARIABLE: Final = "SCHAFKOPF_DATABASE_URL"


class StoreError(RuntimeError):
    """The store refused a write (a conflicting action, an unknown table)."""


class DatabaseInUse(StoreError):
    """Another server process owns the database (see :meth:`Store.acquire`)."""


class LeaseLost(StoreError):
    """This server's lease was taken over: it may not store anything any more."""


class _Base(DeclarativeBase):
    pass


class TableRow(_Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    invite: Mapped[str] = mapped_column(String(64))
    created: Mapped[float] = mapped_column(Float)


class SeatRow(_Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    token: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)
    """The secret of the person in the seat (None: a bot, or a free human seat)."""


class ActionRow(_Base):
    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[int] = mapped_column(Integer)
    by: Mapped[str] = mapped_column(String(16))
    """Who decided: ``person``, ``bot``, or ``timeout`` (a bot for a person who ran out of time)."""
    at: Mapped[float] = mapped_column(Float)


class TableInfoRow(_Base):
    """A table's lobby entry, creator and successor (tables of older releases have none)."""

    __tablename__ = "table_info"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    public: Mapped[bool] = mapped_column(Boolean)
    """Listed in the lobby: anyone may join."""
    creator: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat the creator took (None: created without a person)."""
    next_table: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The table made from this one for another round with the same players."""


class SeatChangeRow(_Base):
    """One change of who plays a seat for a person (see :data:`SEAT_CHANGES`)."""

    __tablename__ = "seat_changes"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    code: Mapped[str] = mapped_column(String(16))
    name: Mapped[str] = mapped_column(String(60))
    """The name the seat shows from this change on."""
    person: Mapped[str | None] = mapped_column(String(60), nullable=True)
    """The person the change is about (the one a bot plays for, who left or came back)."""
    after: Mapped[int] = mapped_column(Integer)
    """How many of the table's actions were stored before the change."""
    at: Mapped[float] = mapped_column(Float)


SEAT_CHANGES: Final = ("left", "away", "back", "bot", "took_over")
"""The codes of seat changes: the person left (a bot plays for them), was away past the move
time too often (a bot plays until they are back), is back; a bot took an empty seat; a person
took a seat a bot played for a person (the bot stepped out)."""


@dataclass(frozen=True)
class SeatChange:
    """A stored seat change, as :meth:`Store.load` gives it back."""

    seat: int
    code: str
    name: str
    person: str | None
    after: int = 0


class ClosedRow(_Base):
    """A table that was closed (nobody connected for long): its games stay readable."""

    __tablename__ = "closed_tables"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    at: Mapped[float] = mapped_column(Float)


class AnalysisRow(_Base):
    """A finished game's analysis (``schafkopf.analysis``), computed once for the page."""

    __tablename__ = "analyses"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    game: Mapped[int] = mapped_column(Integer, primary_key=True)
    data: Mapped[Any] = mapped_column(JSON)
    at: Mapped[float] = mapped_column(Float)


class LeaseRow(_Base):
    """The one server process that owns the database's tables, renewed while it runs."""

    __tablename__ = "server_lease"

    name: Mapped[str] = mapped_column(String(16), primary_key=True)
    owner: Mapped[str] = mapped_column(String(64))
    host: Mapped[str] = mapped_column(String(255))
    pid: Mapped[int] = mapped_column(Integer)
    renewed: Mapped[float] = mapped_column(Float)


@dataclass
class StoredTable:
    """What the store holds of one table."""

    id: str
    config: dict[str, Any]
    invite: str
    names: list[str]
    tokens: list[str | None]
    actions: list[tuple[int, int]]
    bys: list[str] = field(default_factory=list)
    """Per action, who decided it (``person``, ``bot``, ``timeout``)."""
    created: float = 0.0
    info: bool = False
    """Whether the table has a ``table_info`` row (tables of older releases have none)."""
    public: bool = False
    creator: int | None = None
    next_table: str | None = None
    changes: list[SeatChange] = field(default_factory=list)


def database_url(url: str | None = None) -> str:
    """The URL to use: the argument, else ``SCHAFKOPF_DATABASE_URL``, else the SQLite file."""
    return url or os.environ.get(URL_VARIABLE) or DEFAULT_URL


class Store:
    """The tables' database."""

    def __init__(self, url: str | None = None) -> None:
        self.url = database_url(url)
        self.engine: Engine = create_engine(self.url, future=True)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        migrations.upgrade(self.engine)
        compiled = insert(ActionRow).compile(dialect=self.engine.dialect)
        self._insert_sql = str(compiled)
        self._insert_order = compiled.positiontup if compiled.positional else None
        fenced = _fenced_insert().compile(dialect=self.engine.dialect)
        self._fenced_sql = str(fenced)
        self._fenced_order = fenced.positiontup if fenced.positional else None
        self.owner: str | None = None
        """The lease this store holds (see :meth:`acquire`); actions are fenced by it."""
        self._released = threading.Event()
        self._renewer: threading.Thread | None = None

    def close(self) -> None:
        """Release the connections."""
        self.engine.dispose()

    @contextmanager
    def _session(self) -> Iterator[Session]:
        with Session(self.engine) as s, s.begin():
            yield s

    def create_table(
        self,
        table_id: str,
        config: dict[str, Any],
        invite: str,
        names: list[str],
        tokens: list[str | None] | None = None,
        *,
        public: bool = False,
        creator: int | None = None,
        changes: tuple[SeatChange, ...] = (),
        again_of: tuple[str, int | None] | None = None,
    ) -> None:
        """Store a new table and its seats, in one transaction (free seats have no token;
        the creator's seat may be taken at once): whether the lobby lists it, the creator's
        seat, the bots that play seats for people from the start (``changes``), and with
        ``again_of`` (the old table and its creator's seat) the old table's pointer to this
        one, which it may have only once (:class:`StoreError`)."""
        tokens = tokens or [None] * len(names)
        now = time.time()
        with self._session() as s:
            s.add(TableRow(id=table_id, config=config, invite=invite, created=now))
            s.flush()  # the table row first: the seats refer to it
            for seat, (name, token) in enumerate(zip(names, tokens, strict=True)):
                s.add(SeatRow(table_id=table_id, seat=seat, name=name, token=token))
            s.add(TableInfoRow(table_id=table_id, public=public, creator=creator))
            for seq, c in enumerate(changes):
                s.add(
                    SeatChangeRow(table_id=table_id, seq=seq, seat=c.seat, code=c.code,
                                  name=c.name, person=c.person, after=0, at=now)
                )  # fmt: skip
            if again_of is not None:
                old, old_creator = again_of
                row = s.get(TableInfoRow, old)
                if row is None:  # a table of an older release
                    s.add(TableInfoRow(table_id=old, public=False, creator=old_creator,
                                       next_table=table_id))  # fmt: skip
                elif row.next_table is not None:
                    raise StoreError(f"table {old} has a next table already")
                else:
                    row.next_table = table_id

    def change_seat(
        self,
        table_id: str,
        seq: int,
        change: SeatChange,
        *,
        token: str | None = None,
        revoke: bool = False,
    ) -> None:
        """Store seat change number ``seq`` (from 0) with the seat's new name, in one
        transaction; ``token``: a person takes the seat (it must have none), ``revoke``: the
        person's token stops holding it. A second change with the same number is refused
        with :class:`StoreError`."""
        try:
            with self._session() as s:
                row = s.get(SeatRow, (table_id, change.seat))
                if row is None:
                    raise StoreError(f"no seat {change.seat} at table {table_id}")
                if token is not None:
                    if row.token is not None:
                        raise StoreError(f"seat {change.seat} is taken")
                    row.token = token
                elif revoke:
                    row.token = None
                row.name = change.name
                s.add(
                    SeatChangeRow(table_id=table_id, seq=seq, seat=change.seat,
                                  code=change.code, name=change.name, person=change.person,
                                  after=change.after, at=time.time())
                )  # fmt: skip
        except exc.IntegrityError:
            raise StoreError(f"seat change {seq} of table {table_id} is stored already") from None

    def seat_of_token(self, table_id: str, token: str) -> int | None:
        """The seat of a table that ``token`` holds now (open or closed table), or None."""
        with Session(self.engine) as s:
            row = s.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id, SeatRow.token == token)
            ).first()
            return None if row is None else row.seat

    def claim_seat(self, table_id: str, seat: int, name: str, token: str) -> None:
        """Give a free human seat to a person (their name and secret token)."""
        with self._session() as s:
            row = s.get(SeatRow, (table_id, seat))
            if row is None:
                raise StoreError(f"no seat {seat} at table {table_id}")
            if row.token is not None:
                raise StoreError(f"seat {seat} is taken")
            row.name = name
            row.token = token

    def add_action(self, table_id: str, seq: int, seat: int, action: int, by: str) -> None:
        """Store accepted action number ``seq`` (from 0); a second action with the same number
        is refused with :class:`StoreError`, so nothing is ever applied twice. (The hot
        path of the server: one insert, compiled once, in its own transaction on a pooled
        DBAPI connection.) With a lease held, the insert is made only while the lease is
        this store's (:class:`LeaseLost` otherwise), in the same statement."""
        row = {
            "table_id": table_id, "seq": seq, "seat": seat, "action": action, "by": by,
            "at": time.time(), "owner": self.owner, "lease": "server",
        }  # fmt: skip
        fenced = self.owner is not None
        sql, order = (
            (self._fenced_sql, self._fenced_order)
            if fenced
            else (self._insert_sql, self._insert_order)
        )
        params: Any = row if order is None else [row[k] for k in order]
        conn = self.engine.raw_connection()
        try:
            cursor = conn.cursor()
            try:
                cursor.execute(sql, params)
                stored = cursor.rowcount
            finally:
                cursor.close()
            conn.commit()
            if fenced and stored != 1:
                raise LeaseLost("another server owns the database now: the action is not stored")
        except self.engine.dialect.dbapi.IntegrityError:  # type: ignore[union-attr]
            conn.rollback()
            raise StoreError(f"action {seq} of table {table_id} is already stored") from None
        except BaseException:
            conn.invalidate()  # it may be broken: the pool opens a fresh one next time
            raise
        finally:
            conn.close()

    def analysis(self, table_id: str, game: int) -> Any | None:
        """A stored analysis of a game, or None."""
        with self._session() as s:
            row = s.get(AnalysisRow, (table_id, game))
            return None if row is None else row.data

    def add_analysis(self, table_id: str, game: int, data: Any) -> None:
        """Store a game's analysis (a second one for the same game is ignored)."""
        with self._session() as s:
            if s.get(AnalysisRow, (table_id, game)) is None:
                s.add(AnalysisRow(table_id=table_id, game=game, data=data, at=time.time()))

    def close_table(self, table_id: str) -> None:
        """Mark a table closed: it is not loaded at start any more, but stays readable."""
        with self._session() as s:
            if s.get(ClosedRow, table_id) is None:
                s.add(ClosedRow(table_id=table_id, at=time.time()))

    def is_closed(self, table_id: str) -> bool:
        """True when the table exists and was closed."""
        with Session(self.engine) as s:
            return s.get(ClosedRow, table_id) is not None

    def load(self, table_id: str | None = None, *, open_only: bool = False) -> list[StoredTable]:
        """Every table (or one) with its seats and actions in order; ``open_only`` leaves out
        the closed tables."""
        out = []
        with Session(self.engine) as s:
            q = select(TableRow).order_by(TableRow.created)
            if table_id is not None:
                q = q.where(TableRow.id == table_id)
            if open_only:
                q = q.where(TableRow.id.not_in(select(ClosedRow.table_id)))
            for t in s.scalars(q):
                seats = s.scalars(
                    select(SeatRow).where(SeatRow.table_id == t.id).order_by(SeatRow.seat)
                ).all()
                actions = s.execute(
                    select(ActionRow.seat, ActionRow.action, ActionRow.by)
                    .where(ActionRow.table_id == t.id)
                    .order_by(ActionRow.seq)
                ).all()
                info = s.get(TableInfoRow, t.id)
                changes = s.scalars(
                    select(SeatChangeRow)
                    .where(SeatChangeRow.table_id == t.id)
                    .order_by(SeatChangeRow.seq)
                ).all()
                config = t.config if isinstance(t.config, dict) else json.loads(t.config)
                out.append(
                    StoredTable(
                        t.id,
                        config,
                        t.invite,
                        [r.name for r in seats],
                        [r.token for r in seats],
                        [(int(a), int(b)) for a, b, _by in actions],
                        bys=[str(by) for _a, _b, by in actions],
                        created=float(t.created),
                        info=info is not None,
                        public=bool(info.public) if info is not None else False,
                        creator=info.creator if info is not None else None,
                        next_table=info.next_table if info is not None else None,
                        changes=[
                            SeatChange(c.seat, c.code, c.name, c.person, c.after) for c in changes
                        ],
                    )
                )
        return out

    # -- the owner of the database ------------------------------------------------------------

    def acquire(
        self,
        owner: str,
        *,
        lease_seconds: float = LEASE_SECONDS,
        on_lost: Callable[[], None] | None = None,
    ) -> None:
        """Become the one server that drives this database's tables, or raise
        :class:`DatabaseInUse` naming the server that is.

        The lease is free when nobody holds it, when its holder stopped renewing it more
        than ``lease_seconds`` ago, or when its holder was a process on this host that is
        gone (a server killed a moment ago is taken over at once). Each change of the lease
        is one conditional statement, so of two servers starting together one wins. Once
        acquired, a thread renews the lease every third of :data:`LEASE_SECONDS` (also while
        the tables load), every action is stored only while this server holds it, and
        ``on_lost`` is called if another server has taken it over."""
        for _attempt in range(5):
            try:
                if self._take(owner, lease_seconds):
                    break
            except exc.IntegrityError:  # another server inserted the lease at this moment
                pass
            except exc.OperationalError:  # SQLite: another server writes at this moment
                time.sleep(0.1)
        else:
            raise DatabaseInUse("another schafkopf server is taking this database right now")
        self.owner = owner
        self._released.clear()
        if self._renewer is None or not self._renewer.is_alive():
            self._renewer = threading.Thread(
                target=self._keep, args=(LEASE_SECONDS / 3, on_lost), daemon=True
            )
            self._renewer.start()

    def _take(self, owner: str, lease_seconds: float) -> bool:
        """One try: True when taken, False when it changed meanwhile; raises DatabaseInUse."""
        host, pid, now = socket.gethostname(), os.getpid(), time.time()
        table = _lease_table()
        with self.engine.begin() as conn:
            row = conn.execute(select(table).where(table.c.name == "server")).first()
            if row is None:
                conn.execute(
                    insert(table).values(name="server", owner=owner, host=host, pid=pid,
                                         renewed=now)
                )  # fmt: skip
                return True
            age = now - row.renewed
            gone = row.host == host and (row.pid == pid or not _pid_alive(row.pid))
            if row.owner != owner and age <= lease_seconds and not gone:
                raise DatabaseInUse(
                    f"the database is in use by another schafkopf server (process {row.pid} "
                    f"on {row.host}, seen {age:.0f} s ago): one server owns a database's "
                    f"tables; stop that one, or use another database (a stopped server's "
                    f"claim lapses {lease_seconds:.0f} s after its last renewal)"
                )
            taken = conn.execute(
                update(table)
                .where(table.c.name == "server", table.c.owner == row.owner,
                       table.c.renewed == row.renewed)
                .values(owner=owner, host=host, pid=pid, renewed=now)
            )  # fmt: skip
            return bool(taken.rowcount == 1)

    def renew(self, owner: str) -> bool:
        """Renew this server's lease; False when another server has taken it over."""
        table = _lease_table()
        with self.engine.begin() as conn:
            done = conn.execute(
                update(table)
                .where(table.c.name == "server", table.c.owner == owner)
                .values(renewed=time.time())
            )
            return bool(done.rowcount == 1)

    def _keep(self, every: float, on_lost: Callable[[], None] | None) -> None:
        """The renewing thread: until released, or until the lease is found lost."""
        while not self._released.wait(every):
            owner = self.owner
            if owner is None:
                return
            try:
                held = self.renew(owner)
            except Exception:
                log.exception("renewing the database lease failed (tried again soon)")
                continue
            if not held:
                log.critical("another server took over the database: this one stops")
                if on_lost is not None:
                    on_lost()
                return

    def release(self, owner: str) -> None:
        """Give the lease up (a clean stop): the next server starts at once."""
        self._released.set()
        self.owner = None
        table = _lease_table()
        with self.engine.begin() as conn:
            conn.execute(delete(table).where(table.c.name == "server", table.c.owner == owner))


def _lease_table() -> Table:
    table: Table = LeaseRow.__table__  # type: ignore[assignment]
    return table


def _fenced_insert() -> Any:
    """``INSERT INTO actions SELECT <the row> WHERE <the lease is the owner's>``."""
    cols = ActionRow.__table__.c
    names = ["table_id", "seq", "seat", "action", "by", "at"]
    lease = LeaseRow.__table__.c
    row = select(*[bindparam(n, type_=cols[n].type) for n in names]).where(
        exists().where(
            lease.name == bindparam("lease", type_=String()),
            lease.owner == bindparam("owner", type_=String()),
        )
    )
    return insert(ActionRow).from_select(names, row)


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL for concurrent readers; a commit survives a crash of the process (the OS keeps it)."""
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()
