"""The database schema's history as Alembic migrations, applied at every start.

:func:`upgrade` brings a database to the newest schema: a new one is made from nothing, and
one of an older release gains what this release stores, with every table and game kept. A
database of a release before migrations (no ``alembic_version``) holds part of the first
revision's tables: that revision makes the missing ones and leaves the rest as they are.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Final

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import OperationalError

HERE: Final = Path(__file__).resolve().parent
_LOCK: Final = 5_377_421
"""PostgreSQL advisory lock held while migrating: two servers starting together migrate once."""
_SQLITE_PATIENCE: Final = 30.0
"""Seconds a server starting beside another waits for SQLite's lock before giving up."""


def config(connection: Connection | None = None) -> Config:
    """Alembic's configuration for this package's migrations (no ``alembic.ini``)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    cfg.attributes["connection"] = connection
    return cfg


def head() -> str:
    """The newest revision."""
    found = ScriptDirectory.from_config(config()).get_current_head()
    assert found is not None
    return found


def current(engine: Engine) -> str | None:
    """The database's revision (None: made before migrations, or empty)."""
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Migrate the database to ``revision`` in one transaction, which holds the database
    (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: an advisory lock) so that a second server
    starting at the same moment waits, then finds nothing left to do.

    SQLite answers "database is locked" at once, without waiting, in some races (switching a
    new file to WAL while the other connection holds it): the whole transaction is tried
    again until :data:`_SQLITE_PATIENCE` runs out (a try may wait SQLite's own 5 s besides);
    nothing of a failed try stays."""
    deadline = time.monotonic() + _SQLITE_PATIENCE
    pause = 0.02
    while True:
        try:
            _upgrade_once(engine, revision)
            return
        except OperationalError as e:
            locked = engine.dialect.name == "sqlite" and "database is locked" in str(e.orig)
            if not locked or time.monotonic() + pause > deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.5)


def _upgrade_once(engine: Engine, revision: str) -> None:
    """One try of :func:`upgrade`."""
    with engine.connect() as conn:
        if conn.dialect.name == "sqlite":
            conn.exec_driver_sql("BEGIN IMMEDIATE")
        elif conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK})
        command.upgrade(config(conn), revision)
        conn.commit()
