"""The database schema's history as Alembic migrations, applied at every start.

:func:`upgrade` brings a database to the newest schema: a new one is made from nothing, and
one of an older release gains what this release stores, with every table and game kept. A
database of a release before migrations (no ``alembic_version``) holds part of the first
revision's tables: that revision makes the missing ones and leaves the rest as they are.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine

HERE: Final = Path(__file__).resolve().parent
_LOCK: Final = 5_377_421
"""PostgreSQL advisory lock held while migrating: two servers starting together migrate once."""


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
    starting at the same moment waits, then finds nothing left to do."""
    with engine.connect() as conn:
        if conn.dialect.name == "sqlite":
            conn.exec_driver_sql("BEGIN IMMEDIATE")
        elif conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK})
        command.upgrade(config(conn), revision)
        conn.commit()
