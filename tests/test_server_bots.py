"""The bot pool: searching bots think in worker processes, keep their state there, and a
worker that dies is replaced without stalling the table."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session as DbSession

from server_helpers import play_to_end

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from schafkopf.game import Game
from schafkopf.players.registry import is_searching, make_player
from schafkopf.rules import Ruleset
from schafkopf.server.app import create_app
from schafkopf.server.bots import BotPool
from schafkopf.server.settings import ServerSettings
from schafkopf.server.store import ActionRow, Store
from schafkopf.session import Session

PIMC = "pimc:samples=3,bid_samples=3,seconds=0.05"


@pytest.fixture(scope="module")
def pool() -> Iterator[BotPool]:
    p = BotPool(1)
    yield p
    p.close()


def _game_to_play(seed: int) -> Game:
    session = Session(Ruleset.preset("standard", {}), list("ABCD"), games=1, seed=seed)
    return session.new_game()


def test_searching_kinds() -> None:
    assert is_searching(PIMC) and is_searching("ismcts")
    assert not is_searching("heuristic") and not is_searching("random")


def test_warming_a_worker_makes_a_pimc_decision(pool: BotPool) -> None:
    for future in pool.warm():
        assert future.result(timeout=120) is None


def test_a_worker_answers_as_the_player_would(pool: BotPool) -> None:
    """The pooled heuristic answers exactly as one in this process (same view, same seed)."""
    here = make_player("heuristic")
    for seed in range(4):
        game = _game_to_play(seed)
        rng = random.Random(seed)
        while not game.is_over():
            seat = game.to_move
            assert seat is not None
            view = game.view(seat)
            s = rng.getrandbits(64)
            there = asyncio.run(pool.ask("choose", f"t{seed}", seat, "heuristic", "H", view, s))
            assert there == here.choose(view, random.Random(s))
            game.apply(there, seat)


def test_a_killed_worker_is_replaced(pool: BotPool) -> None:
    from concurrent.futures.process import BrokenProcessPool

    game = _game_to_play(1)
    assert game.to_move is not None
    view = game.view(game.to_move)
    [pid] = pool.worker_pids()
    os.kill(pid, signal.SIGKILL)
    with pytest.raises(BrokenProcessPool):
        asyncio.run(pool.ask("choose", "t", view.seat, "heuristic", "H", view, 1))
    assert asyncio.run(pool.ask("choose", "t", view.seat, "heuristic", "H", view, 1)) in (
        view.legal
    )
    assert pool.worker_pids() != [pid]


def test_pimc_bots_in_the_pool_play_a_table_to_the_end(tmp_path: Path) -> None:
    """Two searching bots think in the pool (killed once mid-table: the rule-based player
    steps in for that decision), one rule-based bot in a thread, a person at seat 0."""
    db = f"sqlite:///{tmp_path / 't.db'}"
    app = create_app(
        db, bot_delay=0, bot_workers=1, settings=ServerSettings(allow_player_specs=True)
    )
    hub = app.state.hub
    assert hub.bot_pool is not None and hub.bot_pool.workers == 1
    with TestClient(app) as c:
        r = c.post("/api/tables", json={"games": 2, "player": "Anna",
                                        "seats": ["human", PIMC, "heuristic", PIMC]})  # fmt: skip
        t = r.json()
        assert hub.get(t["table"]).searching == {1, 3}
        with c.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as ws:
            [pid] = hub.bot_pool.worker_pids()
            os.kill(pid, signal.SIGKILL)
            last = play_to_end(ws)
    assert len(last["state"]["ledger"]) == 2
    store = Store(db)
    with DbSession(store.engine) as s:
        rows = s.scalars(select(ActionRow)).all()
    assert {r.seat for r in rows if r.by == "bot"} >= {1, 3}
    store.close()


def test_tables_take_the_workers_in_turn(pool: BotPool) -> None:
    """One table with three questions waiting and two tables with one each: the worker goes
    to the tables in turn (A, B, C, A, A), not to the first table's whole backlog."""

    async def run() -> list[str]:
        order: list[str] = []
        first = await pool._acquire("A")  # busy: everything below waits

        async def question(table: str) -> None:
            i = await pool._acquire(table)
            order.append(table)
            await asyncio.sleep(0)
            pool._release(i)

        tasks = [asyncio.create_task(question(t)) for t in ("A", "A", "A", "B", "C")]
        await asyncio.sleep(0.01)
        assert pool.waiting == 5
        pool._release(first)
        await asyncio.gather(*tasks)
        return order

    assert asyncio.run(run()) == ["A", "B", "C", "A", "A"]
    assert pool.waiting == 0


def test_a_question_cancelled_while_waiting_leaves_the_queue(pool: BotPool) -> None:
    async def run() -> None:
        first = await pool._acquire("A")
        waiting = asyncio.create_task(pool._acquire("B"))
        await asyncio.sleep(0.01)
        waiting.cancel()
        await asyncio.sleep(0.01)
        assert pool.waiting == 0
        pool._release(first)
        again = await asyncio.wait_for(pool._acquire("C"), 1)  # the worker is free again
        pool._release(again)

    asyncio.run(run())


def test_a_bot_past_its_budget_is_given_up_and_its_worker_replaced(pool: BotPool) -> None:
    from schafkopf.server.bots import BotTimeout

    game = _game_to_play(2)
    assert game.to_move is not None
    view = game.view(game.to_move)
    [pid] = pool.worker_pids()
    for future in pool.warm():
        future.result(timeout=120)
    slow = "pimc:samples=100000,bid_samples=100000"
    started = time.monotonic()
    with pytest.raises(BotTimeout):
        asyncio.run(pool.ask("choose", "t", view.seat, slow, "P", view, 1, budget=0.5))
    assert time.monotonic() - started < 5
    assert pool.worker_pids() != [pid]
    assert not Path(f"/proc/{pid}").exists() or _zombie(pid)
    answer = asyncio.run(pool.ask("choose", "t", view.seat, "heuristic", "H", view, 1, budget=30))
    assert answer in view.legal


def _zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def test_a_table_that_used_more_time_waits_more_turns(pool: BotPool) -> None:
    """Fairness by time: after table A used 10 s, B's two quick questions both go before
    A's next one, and a table that starts waiting later (C) gains no credit for its idle
    time: it is counted from the time of the table served last."""

    async def run() -> list[str]:
        order: list[str] = []
        first = await pool._acquire("A")
        pool._charge("A", 10.0)

        async def question(table: str, seconds: float) -> None:
            i = await pool._acquire(table)
            order.append(table)
            pool._charge(table, seconds)
            pool._release(i)

        tasks = [asyncio.create_task(question(t, 1.0)) for t in ("A", "B", "B")]
        await asyncio.sleep(0.01)
        pool._release(first)
        await asyncio.gather(*tasks)
        late = await pool._acquire("C")
        assert pool._used["C"] >= pool._used["B"] - 1.0  # no credit for having been idle
        pool._release(late)
        return order

    assert asyncio.run(run()) == ["B", "B", "A"]
