"""The schema's migrations, on SQLite and PostgreSQL: a database written by release 0.1 (the
last without migrations: ``tests/data/release-0.1.0.*``, made by that release's code with
``scripts/make_release_database.py``) is upgraded in place at start and served as that
release served it, every table and game kept; the migrations make exactly what the code's
rows describe; two servers starting together on a new database migrate it once."""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from schafkopf.server import accounts, migrations, ratings  # noqa: F401  (their rows are in the schema)
from schafkopf.server.app import create_app
from schafkopf.server.store import Store, _Base
from server_helpers import empty_database, start_test_services
from test_server_store import POSTGRES

DATA = Path(__file__).resolve().parent / "data"
RELEASE = "release-0.1.0"


@pytest.fixture(params=["sqlite", "postgresql"])
def dialect(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def url(dialect: str, tmp_path: Path) -> Iterator[str]:
    """An empty database of the dialect (PostgreSQL: a database of its own, made afresh)."""
    if dialect == "sqlite":
        yield f"sqlite:///{tmp_path / 'release.db'}"
        return
    base = make_url(POSTGRES or start_test_services())
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text("DROP DATABASE IF EXISTS schafkopf_release WITH (FORCE)"))
        conn.execute(text("CREATE DATABASE schafkopf_release"))
    admin.dispose()
    yield base.set(database="schafkopf_release").render_as_string(hide_password=False)


def load_release(url: str, dialect: str) -> dict[str, Any]:
    """Write the release's database into ``url``; what the release served of it."""
    dump = (DATA / f"{RELEASE}.{dialect}.sql").read_text()
    if dialect == "sqlite":
        conn = sqlite3.connect(make_url(url).database or "")
        conn.executescript(dump)
        conn.close()
    else:
        plain = "\n".join(line for line in dump.splitlines() if not line.startswith("\\"))
        engine = create_engine(url, isolation_level="AUTOCOMMIT")
        with engine.connect() as conn:
            conn.exec_driver_sql(plain)
        engine.dispose()
    expected: dict[str, Any] = json.loads((DATA / f"{RELEASE}.{dialect}.json").read_text())
    return expected


def served(url: str, expected: dict[str, Any]) -> dict[str, Any]:
    """What today's server serves of the tables the release served."""
    out: dict[str, Any] = {}
    with TestClient(create_app(url, bot_delay=0)) as c:
        for table_id, was in expected.items():
            if table_id == "lobby":
                continue
            got = c.get(f"/api/tables/{table_id}").json()
            records = [
                c.get(f"/api/tables/{table_id}/games/{n}").json()
                for n in range(1, len(was["records"]) + 1)
            ]
            out[table_id] = {
                "names": got["state"]["names"],
                "seat_status": got["state"]["seat_status"],
                "version": got["version"],
                "records": records,
                "analysis": c.get(f"/api/tables/{table_id}/games/1/analysis").json()
                if records
                else None,
            }
        out["lobby"] = [row["table"] for row in c.get("/api/tables").json()["tables"]]
    return out


def test_a_database_of_release_0_1_is_upgraded_in_place(url: str, dialect: str) -> None:
    expected = load_release(url, dialect)
    assert sum(1 for k, v in expected.items() if k != "lobby" and v["records"]) == 1
    engine = create_engine(url)
    assert migrations.current(engine) is None  # made before migrations
    engine.dispose()
    assert served(url, expected) == expected
    store = Store(url)
    assert migrations.current(store.engine) == migrations.head()
    assert len(store.load()) == 3  # the closed table too
    store.close()
    assert served(url, expected) == expected  # the second start has nothing to migrate


@pytest.mark.parametrize("start", ["empty", "release"])
def test_the_migrations_make_what_the_code_describes(url: str, dialect: str, start: str) -> None:
    if start == "release":
        load_release(url, dialect)
    store = Store(url)
    with store.engine.connect() as conn:
        differences = compare_metadata(MigrationContext.configure(conn), _Base.metadata)
    store.close()
    assert differences == []


def test_two_servers_starting_together_migrate_once(url: str) -> None:
    empty_database(url)
    errors: list[BaseException] = []
    stores: list[Store] = []
    go = threading.Barrier(2)

    def start() -> None:
        try:
            go.wait()
            stores.append(Store(url))
        except BaseException as e:
            errors.append(e)

    threads = [threading.Thread(target=start) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == [] and len(stores) == 2
    for s in stores:
        assert migrations.current(s.engine) == migrations.head()
        s.close()


def test_a_server_waits_out_a_long_sqlite_lock(tmp_path: Path) -> None:
    """Another program holds the file past SQLite's own 5 s busy wait (and SQLite answers
    "locked" at once, without that wait, when two starts switch a new file to WAL together):
    the start tries again until the lock is gone and migrates, instead of failing."""
    path = tmp_path / "held.db"
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("CREATE TABLE other_program (x)")
    holder.execute("BEGIN EXCLUSIVE")
    release = threading.Timer(6.0, lambda: holder.execute("COMMIT"))
    release.start()
    try:
        store = Store(f"sqlite:///{path}")
    finally:
        release.join()
        holder.close()
    assert migrations.current(store.engine) == migrations.head()
    store.close()
