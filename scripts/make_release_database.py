"""Write the database of a release as SQL, for the test that upgrades it in place.

Run with the release's code: ``python scripts/make_release_database.py NAME [POSTGRES_URL]``.
It serves a few tables on a fresh database (a finished game with its analysis, a person who
left and a bot that plays for them, a public table, a closed one) and writes what the
database then holds as ``tests/data/NAME.sqlite.sql`` (SQLite's own dump) and, given a
PostgreSQL URL, ``tests/data/NAME.postgresql.sql`` (``pg_dump --inserts``). The files are
golden data: tests load them and start today's server over them, which must serve what the
release served (``NAME.sqlite.json``, ``NAME.postgresql.json``: each table's names, seating,
version, finished games' records and analysis, and the lobby). Release 0.1's files were made
from commit bcdb802 (``git worktree add /tmp/old bcdb802``, then this script with
``PYTHONPATH=/tmp/old/src``).
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import MetaData, create_engine

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from schafkopf.server.app import create_app
from server_helpers import play_to_end

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"


def fill(url: str) -> dict[str, Any]:
    """Tables of every kind the release stores; what the release serves of them."""
    with TestClient(create_app(url, bot_delay=0)) as c:
        done = c.post("/api/tables", json={"games": 1, "player": "Anna"}).json()
        with c.websocket_connect(f"/ws/{done['table']}?token={done['token']}") as ws:
            play_to_end(ws)
        analysis = c.post(f"/api/tables/{done['table']}/games/1/analysis")
        assert analysis.status_code == 200, analysis.text
        seats = ["human", "human", "heuristic", "heuristic"]
        left = c.post(
            "/api/tables", json={"games": 2, "player": "Bert", "seats": seats, "public": True}
        ).json()
        joined = c.post(
            f"/api/tables/{left['table']}/join", json={"invite": left["invite"], "name": "Cilli"}
        ).json()
        c.post(f"/api/tables/{left['table']}/leave", json={"token": joined["token"]})
        c.post("/api/tables", json={"games": 1, "player": "Dora"})
        hub = c.app.state.hub  # type: ignore[attr-defined]
        import time

        deadline = time.time() + 600
        while time.time() < deadline and c.get(
            f"/api/tables/{done['table']}/games/1/analysis"
        ).json()["status"] not in ("done", "failed"):
            time.sleep(1)
        hub.store.close_table(done["table"])
        expected = {}
        for t in (done, left):
            state = c.get(f"/api/tables/{t['table']}").json()["state"]
            records = [
                c.get(f"/api/tables/{t['table']}/games/{n}").json()
                for n in range(1, len(state["ledger"]) + 1)
            ]
            expected[t["table"]] = {
                "names": state["names"],
                "seat_status": state["seat_status"],
                "version": c.get(f"/api/tables/{t['table']}").json()["version"],
                "records": records,
                "analysis": c.get(f"/api/tables/{t['table']}/games/1/analysis").json()
                if records
                else None,
            }
        expected["lobby"] = [row["table"] for row in c.get("/api/tables").json()["tables"]]
        return expected


def main() -> None:
    name = sys.argv[1]
    DATA.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "release.db"
        expected = fill(f"sqlite:///{path}")
        (DATA / f"{name}.sqlite.json").write_text(json.dumps(expected, indent=1) + "\n")
        conn = sqlite3.connect(path)
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        dump = "\n".join(conn.iterdump()) + "\n"
        conn.close()
        (DATA / f"{name}.sqlite.sql").write_text(dump)
    if len(sys.argv) > 2:
        url = sys.argv[2]
        engine = create_engine(url)
        meta = MetaData()
        meta.reflect(engine)
        meta.drop_all(engine)
        engine.dispose()
        expected = fill(url)
        (DATA / f"{name}.postgresql.json").write_text(json.dumps(expected, indent=1) + "\n")
        plain = url.replace("postgresql+psycopg://", "postgresql://")
        dump = subprocess.run(
            [shutil.which("pg_dump") or _pg_dump(), "--inserts", "--no-owner", plain],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        (DATA / f"{name}.postgresql.sql").write_text(dump)


def _pg_dump() -> str:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_dump"))
    if not found:
        raise SystemExit("no pg_dump here: install postgresql-client")
    return str(found[-1])


if __name__ == "__main__":
    main()
