"""Analysis of finished games for the page, and tips for the seat to move: each decision
judged in a worker process of the bot pool's kind at the lowest CPU priority (people's games
and the bots come first), with progress, and stored once done, so that no game is analysed
twice; a tip is judged from the seat's view alone, once per version.

A job takes one decision at a time to the worker (then each seat's luck), so the page's
progress is the share of decisions judged; jobs wait their turn in the order asked. The
result is stored in the ``analyses`` table (the table, the game, the analysis' JSON) and
read from there from then on, also after a restart; a job in progress when the server stops
is simply asked for again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Mapping
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Final

from schafkopf.analysis import Decision, analyze
from schafkopf.analysis.analyze import DEFAULT_BID_WORLDS, DEFAULT_WORLDS, luck_of, seat_summaries
from schafkopf.analysis.model import GameAnalysis
from schafkopf.analysis.walk import decision_points
from schafkopf.record import record_to_game
from schafkopf.scoring import tariff_unit

from .bots import _Worker
from .store import Store

log = logging.getLogger("schafkopf.server")

ANALYSIS_NICE: Final = 19
"""The analysis worker's CPU priority: the lowest."""


def judge_step(record: Mapping[str, Any], index: int, worlds: int, bid_worlds: int) -> list[Any]:
    """In the worker: the decisions at one place of the game's history, as JSON."""
    report = analyze(record, worlds=worlds, bid_worlds=bid_worlds, luck=False, indices=[index])
    return [d.detailed_json() for d in report.decisions]


def seat_luck(record: Mapping[str, Any], seat: int, bid_worlds: int) -> float:
    """In the worker: one seat's luck."""
    return luck_of(record, seat, bid_worlds=bid_worlds)


def view_tip(view: Any, worlds: int, bid_worlds: int, seed: int) -> dict[str, Any] | None:
    """In the worker: the tip for a seat's view, as JSON."""
    from schafkopf.analysis.tip import tip

    found = tip(view, worlds=worlds, bid_worlds=bid_worlds, seed=seed)
    return None if found is None else found.to_json()


@dataclass
class Job:
    """An analysis under way: how many of its steps are done."""

    total: int
    done: int = 0
    task: asyncio.Task[None] | None = None
    failed: bool = False
    decisions: list[dict[str, Any]] = field(default_factory=list)


class Analyses:
    """The server's analyses: stored ones, jobs under way, and the worker that runs them."""

    def __init__(
        self,
        store: Store,
        *,
        worlds: int = DEFAULT_WORLDS,
        bid_worlds: int = DEFAULT_BID_WORLDS,
        most_waiting: int = 20,
        threads: bool = False,
    ) -> None:
        self.store = store
        self.worlds = worlds
        self.bid_worlds = bid_worlds
        self.most_waiting = most_waiting
        self.threads = threads
        """Judge in threads of the server instead of a worker process (for tests)."""
        self.jobs: dict[tuple[str, int], Job] = {}
        self.tip_worlds = max(1, worlds // 2)
        self.tip_bid_worlds = max(1, bid_worlds // 2)
        """A tip is wanted at once: half the analysis' worlds."""
        self._tips: dict[tuple[str, int, int], dict[str, Any] | None] = {}
        self._tip_tasks: dict[tuple[str, int, int], asyncio.Future[dict[str, Any] | None]] = {}
        self.most_tips = 16
        """Tips judged at once (more: ``server_full``); apart from the analyses' limit."""
        self._urgent = 0
        self._no_urgent = asyncio.Event()
        self._no_urgent.set()
        """Set while no tip waits: an analysis' next step waits for the tips first."""
        self._worker: _Worker | None = None
        self._turn = asyncio.Lock()

    def status(self, table_id: str, game: int) -> dict[str, Any]:
        """``{"status": "done", "analysis": ...}``, ``{"status": "running", "done", "total"}``
        or ``{"status": "none"}`` (or ``"failed"``, asked for again on the next start)."""
        stored = self.store.analysis(table_id, game)
        if stored is not None:
            return {"status": "done", "analysis": stored}
        job = self.jobs.get((table_id, game))
        if job is None:
            return {"status": "none"}
        if job.failed:
            return {"status": "failed"}
        return {"status": "running", "done": job.done, "total": job.total}

    def start(self, table_id: str, game: int, record: Mapping[str, Any]) -> dict[str, Any]:
        """Start analysing a finished game unless it is stored or under way; its status.
        Raises OverflowError when too many jobs wait."""
        key = (table_id, game)
        current = self.status(table_id, game)
        if current["status"] in ("done", "running"):
            return current
        for old in [k for k, j in self.jobs.items() if j.failed]:
            if old == key or len(self.jobs) > 1000:
                del self.jobs[old]  # asked again: a fresh try; or too many kept
        running = [j for j in self.jobs.values() if not j.failed and j.task and not j.task.done()]
        if len(running) >= self.most_waiting:
            raise OverflowError(f"at most {self.most_waiting} analyses wait at once")
        indices = sorted({p.index for p in decision_points(record_to_game(record))})
        job = Job(total=len(indices) + len(record["hands"]))
        self.jobs[key] = job
        job.task = asyncio.get_running_loop().create_task(self._run(key, job, record, indices))
        return self.status(table_id, game)

    async def _run(
        self, key: tuple[str, int], job: Job, record: Mapping[str, Any], indices: list[int]
    ) -> None:
        try:
            decisions: list[dict[str, Any]] = []
            for index in indices:
                await self._no_urgent.wait()  # a tip someone waits for goes first
                found = await self._call(judge_step, record, index, self.worlds, self.bid_worlds)
                decisions += found
                job.done += 1
            lucks = {}
            for seat in range(len(record["hands"])):
                await self._no_urgent.wait()
                lucks[seat] = await self._call(seat_luck, record, seat, self.bid_worlds)
                job.done += 1
            game = record_to_game(record)
            judged = [Decision.from_json(d) for d in decisions]
            seats = seat_summaries(judged, lucks, range(game.rules.players))
            result = GameAnalysis(judged, seats, game.result().payouts, tariff_unit(game.rules))
            self.store.add_analysis(key[0], key[1], result.detailed_json())
            self.jobs.pop(key, None)
        except asyncio.CancelledError:
            self.jobs.pop(key, None)
            raise
        except Exception:
            log.exception("table %s: the analysis of game %d failed", key[0], key[1])
            job.failed = True

    async def tip(self, key: tuple[str, int, int], view: Any) -> dict[str, Any] | None:
        """The tip for a seat's ``view`` (``key``: table, version, seat: judged once each,
        also when asked again while it is judged), in the worker like the analyses but
        before their next step; None when there is nothing to choose."""
        if key in self._tips:
            return self._tips[key]
        pending = self._tip_tasks.get(key)
        if pending is None:
            if len(self._tip_tasks) >= self.most_tips:
                raise OverflowError(f"at most {self.most_tips} tips are judged at once")
            pending = asyncio.ensure_future(self._judge_tip(key, view))
            self._tip_tasks[key] = pending
        return await asyncio.shield(pending)

    async def _judge_tip(self, key: tuple[str, int, int], view: Any) -> dict[str, Any] | None:
        self._urgent += 1
        self._no_urgent.clear()
        try:
            found: dict[str, Any] | None = await self._call(
                view_tip, view, self.tip_worlds, self.tip_bid_worlds, key[1]
            )
        finally:
            self._urgent -= 1
            if not self._urgent:
                self._no_urgent.set()
            self._tip_tasks.pop(key, None)
        self._tips[key] = found
        while len(self._tips) > 256:
            self._tips.pop(next(iter(self._tips)))
        return found

    async def _call(self, fn: Any, *args: Any) -> Any:
        """Run ``fn(*args)`` in the worker (started on first use), one call at a time; a
        worker that died is replaced (the call fails, the next one gets a fresh worker)."""
        async with self._turn:
            if self.threads:
                return await asyncio.to_thread(fn, *args)
            if self._worker is None:
                self._worker = _Worker(ANALYSIS_NICE)
            worker = self._worker
            try:
                future = worker.executor.submit(fn, *args)
                return await asyncio.wrap_future(future)
            except BrokenProcessPool:
                worker.kill(running=False)
                if self._worker is worker:
                    self._worker = None
                raise
            except BaseException:
                if not future.done():  # cancelled while it runs: the worker goes with it
                    worker.kill()
                    if self._worker is worker:
                        self._worker = None
                raise

    async def stop(self) -> None:
        """End every job, tip and the worker (a job in progress is lost, not stored)."""
        tasks: list[asyncio.Future[Any]] = [j.task for j in self.jobs.values() if j.task]
        tasks += list(self._tip_tasks.values())
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(BaseException):
                await t
        if self._worker is not None:
            self._worker.kill()
            self._worker = None
