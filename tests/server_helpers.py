"""Helpers the server tests share: the test services, and a client that plays its seat to
the end of the table."""

from __future__ import annotations

import functools
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

SERVICES = Path(__file__).resolve().parent.parent / "scripts" / "test-services.sh"


@functools.cache
def start_test_services() -> str:
    """Install (Debian packages) and start what the tests need beyond Python, as ``make test``
    does: chromium and a throwaway PostgreSQL server; returns that server's URL. Run once per
    test session, only when ``make test`` has not done it already."""
    out = subprocess.run(["bash", str(SERVICES)], capture_output=True, text=True, timeout=900)
    if out.returncode != 0:
        raise RuntimeError(f"{SERVICES.name} failed: {out.stderr.strip()}")
    return out.stdout.strip().splitlines()[-1]


def empty_database(url: str) -> None:
    """Drop every table of a database (also ``alembic_version``): the next store makes it
    from nothing."""
    from sqlalchemy import MetaData, create_engine

    engine = create_engine(url)
    meta = MetaData()
    meta.reflect(engine)
    meta.drop_all(engine)
    engine.dispose()


def next_state(ws: Any) -> dict[str, Any]:
    """The next message that carries a state (the last of a batch of events does)."""
    while True:
        msg = dict(ws.receive_json())
        if "state" in msg:
            return msg


def my_move(state: dict[str, Any]) -> str | int | None:
    """What a simple client of ``state``'s seat sends now: "gut" when the table waits on it
    for Kontra/Re, its first legal action when it is to move, else None."""
    v = state.get("view") or {}
    if state.get("seat") in v.get("waiting_for_doubling", ()):
        return "gut"
    if v.get("to_move") == state.get("seat") and v.get("legal"):
        return int(v["legal"][0]["id"])
    return None


def play_to_end(ws: Any, first: dict[str, Any] | None = None) -> dict[str, Any]:
    """Act with the first legal action whenever the connection's seat is to move (and say
    "gut" when the table waits on it for Kontra/Re), until the table is over; returns the
    last message (its state has the ledger)."""
    msg = first if first is not None else next_state(ws)
    while not msg["state"]["over"]:
        action = my_move(msg["state"])
        if action is not None:
            ws.send_json({"type": "act", "action": action, "version": msg["version"]})
        msg = next_state(ws)
    return msg


@contextmanager
def opened_in_chromium(path: Path) -> Iterator[tuple[Any, list[str]]]:
    """A self-contained report opened from the file system in Debian's chromium: the page,
    and the list its script errors and console errors go to."""
    from playwright.sync_api import sync_playwright

    from test_browser import _chromium

    errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=_chromium(), args=["--no-sandbox"])
        page = browser.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(path.as_uri())
        yield page, errors
        browser.close()
