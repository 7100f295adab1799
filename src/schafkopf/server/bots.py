"""Bots that think in worker processes, so that a searching player never stalls the server.

A PIMC decision is up to a second of Python and numba code holding the interpreter lock. In a
thread of the serving process it delays every table's messages: four tables of busy PIMC bots
raised the other tables' p50 from 1 ms to 190 ms. A :class:`BotPool` runs such players in
worker processes at a lower CPU priority than the server. Each table is served by one worker
(chosen by its id), which keeps the table's players from decision to decision, as the server
keeps its own: a player may remember what it planned for the deal.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import random
import signal
import threading
import time
from collections import OrderedDict, deque
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Final, Literal

from schafkopf.actions import Action
from schafkopf.game import View
from schafkopf.players.base import Player
from schafkopf.players.registry import make_player

Question = Literal["choose", "double"]
"""What a bot is asked: its action, or whether it doubles (Kontra, Re) now."""

MAX_PLAYERS_PER_WORKER: Final = 1024
"""Players a worker keeps (the least recently asked are dropped; they start afresh)."""

MAX_TABLES_REMEMBERED: Final = 4096
"""Tables whose used time the pool keeps; past that, those without credit are forgotten."""

PARENT_CHECK_SECONDS: Final = 0.5
"""How often a worker checks that the server still runs."""

_players: OrderedDict[tuple[str, int, str], Player] = OrderedDict()
"""A worker's players by (table, seat, spec)."""


def _start_worker(nice: int, server: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops us
    with contextlib.suppress(OSError):
        os.nice(nice)
    # The server's pid comes from the server: it may already be gone by now.
    threading.Thread(target=_exit_with, args=(server,), daemon=True).start()


def _exit_with(server: int) -> None:
    """End this worker once the server process is gone (killed: no chance to stop us)."""
    while os.getppid() == server:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


def _warm() -> None:
    """Load the searching players and their compiled kernels (about a second) before the
    first decision needs them: one small PIMC decision on a fixed deal."""
    from schafkopf.search.warmup import pimc_decision

    pimc_decision()


def _think(
    table: str, seat: int, spec: str, name: str, question: Question, view: View, seed: int
) -> Action | bool:
    """In the worker: ask the table's player (made on first use) and return its answer."""
    key = (table, seat, spec)
    player = _players.get(key)
    if player is None:
        player = _players[key] = make_player(spec, name)
        while len(_players) > MAX_PLAYERS_PER_WORKER:
            _players.popitem(last=False)
    else:
        _players.move_to_end(key)
    return answer(player, question, view, random.Random(seed))


def answer(player: Player, question: Question, view: View, rng: random.Random) -> Action | bool:
    """``player``'s answer to ``question`` about ``view``: its action, or whether it doubles."""
    if question == "double":
        return player.wants_to_double(view, rng)
    return player.choose(view, rng)


class BotTimeout(TimeoutError):
    """A bot did not answer within its time budget (its worker was replaced)."""


class _Worker:
    """One worker process (an executor of one process) and its pid, known once it runs."""

    def __init__(self, nice: int) -> None:
        self.executor = ProcessPoolExecutor(
            max_workers=1,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start_worker,
            initargs=(nice, os.getpid()),
        )
        self.pid: Future[int] = self.executor.submit(os.getpid)
        self.ready: Future[Any] = self.pid
        """Done once the worker has started (and warmed, after :meth:`warm`)."""

    def warm(self) -> Future[None]:
        """Load the players there; questions' budgets start once this is done."""
        future = self.executor.submit(_warm)
        self.ready = future
        return future

    def kill(self, *, running: bool = True) -> None:
        """End the process now (a decision in progress is lost) and the executor with it;
        ``running`` False: it has died already (its pid may belong to another process now)."""
        if running and self.pid.done():
            with contextlib.suppress(Exception):
                os.kill(self.pid.result(), signal.SIGKILL)
        self.executor.shutdown(wait=False, cancel_futures=True)


class BotPool:
    """Worker processes in which bots think, shared fairly by the tables.

    The questions wait in one queue per table, and a free worker takes the question of the
    waiting table that has used the least thinking time (start-time fair queueing: a table
    that starts waiting is counted from the time of the table served last, so no table
    gains credit by having been idle). A table of slow bots thus gets no more than its share
    of the workers' time, however many quick questions (Kontra or not) the others ask; ties
    go in turn. A question goes to the worker that answered the table last when it is free
    (it keeps the table's players), else to any free one. A bot that thinks past its budget
    is given up: its worker is killed and replaced (the table is charged the budget once
    more for the restart), and :class:`BotTimeout` lets the hub decide otherwise."""

    def __init__(self, workers: int, *, nice: int = 10) -> None:
        if workers < 1:
            raise ValueError(f"a bot pool needs at least one worker, got {workers}")
        self.nice = nice
        self._workers = [_Worker(nice) for _ in range(workers)]
        self._free: list[int] = list(range(workers))
        self._queues: OrderedDict[str, deque[asyncio.Future[int]]] = OrderedDict()
        """Per table, its questions waiting for a worker; tables in turn order."""
        self._home: dict[str, int] = {}
        """The worker that answered each table last (it keeps the table's players)."""
        self._used: dict[str, float] = {}
        """Per table, the thinking seconds it has used, counted from when it began waiting."""
        self._clock = 0.0
        """The used time of the table served last: where a table that starts waiting begins."""

    @property
    def workers(self) -> int:
        """How many worker processes the pool has."""
        return len(self._workers)

    @property
    def waiting(self) -> int:
        """Questions waiting for a worker."""
        return sum(len(q) for q in self._queues.values())

    def worker_pids(self) -> list[int]:
        """The workers' process ids (starting any that is not running yet)."""
        return [w.pid.result() for w in self._workers]

    def warm(self) -> list[Future[None]]:
        """Start every worker and import the players there (returns at once)."""
        return [w.warm() for w in self._workers]

    async def ask(
        self,
        question: Question,
        table_id: str,
        seat: int,
        spec: str,
        name: str,
        view: View,
        seed: int,
        *,
        budget: float | None = None,
    ) -> Any:
        """The answer of the bot ``spec`` in ``seat`` of ``table_id`` to ``question``, within
        ``budget`` seconds of thinking (None: no limit) once a worker is free.

        A worker that died (killed, out of memory) raises BrokenProcessPool once and is
        replaced by a fresh one for the next question; one that overran the budget is killed
        and replaced, and :class:`BotTimeout` is raised."""
        i = await self._acquire(table_id)
        worker = self._workers[i]
        loop = asyncio.get_running_loop()
        started = loop.time()
        penalty = 0.0
        try:
            with contextlib.suppress(Exception):  # a failed start shows in the question
                # the budget is for thinking only; shielded: the future is the worker's
                await asyncio.shield(asyncio.wrap_future(worker.ready))
            started = loop.time()
            future = loop.run_in_executor(
                worker.executor, _think, table_id, seat, spec, name, question, view, seed
            )
            try:
                async with asyncio.timeout(budget):  # (wait_for can lose a cancellation)
                    return await future
            except asyncio.CancelledError:  # the worker thinks on for nobody: replace it
                self._replace(i, worker)
                raise
            except TimeoutError:
                penalty = budget or 0.0  # the replacement's start is the table's doing
                self._replace(i, worker)
                raise BotTimeout(f"bot {spec!r} thought longer than {budget} s") from None
        except BrokenProcessPool:
            self._replace(i, worker, running=False)
            raise
        finally:
            self._home[table_id] = i
            self._charge(table_id, loop.time() - started + penalty)
            self._release(i)

    def _charge(self, table_id: str, seconds: float) -> None:
        """Count ``seconds`` of a worker's time to the table."""
        self._used[table_id] = self._used.get(table_id, self._clock) + seconds
        if len(self._used) > MAX_TABLES_REMEMBERED:  # forget the tables without credit
            for t in [t for t, u in self._used.items() if u <= self._clock]:
                if t not in self._queues:
                    del self._used[t]
                    self._home.pop(t, None)

    async def _acquire(self, table_id: str) -> int:
        """A free worker for the table: at once if one is free and nobody waits, else when
        it is the waiting table that has used the least time."""
        self._used[table_id] = max(self._used.get(table_id, 0.0), self._clock)
        if self._free and not self._queues:
            home = self._home.get(table_id)
            i = home if home in self._free else self._free[-1]
            self._free.remove(i)
            return i
        waiter: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._queues.setdefault(table_id, deque()).append(waiter)
        try:
            return await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self._release(waiter.result())  # handed a worker just as it was cancelled
            else:
                queue = self._queues.get(table_id)
                if queue is not None and waiter in queue:
                    queue.remove(waiter)
                    if not queue:
                        del self._queues[table_id]
            raise

    def _release(self, i: int) -> None:
        """Give worker ``i`` to the waiting table that has used the least time (the first
        in turn of equals), or mark it free."""
        while self._queues:
            table_id = min(self._queues, key=lambda t: self._used.get(t, 0.0))
            self._clock = max(self._clock, self._used.get(table_id, 0.0))
            queue = self._queues[table_id]
            waiter = queue.popleft()
            del self._queues[table_id]
            if queue:
                self._queues[table_id] = queue  # its next question waits for its next turn
            if not waiter.done():
                waiter.set_result(i)
                return
        self._free.append(i)

    def _replace(self, i: int, worker: _Worker, *, running: bool = True) -> None:
        if self._workers[i] is worker:
            self._workers[i] = _Worker(self.nice)
            self._workers[i].warm()
            worker.kill(running=running)

    def close(self) -> None:
        """Stop the workers at once (a decision in progress is dropped: nothing of it was
        accepted)."""
        for worker in self._workers:
            worker.kill()
