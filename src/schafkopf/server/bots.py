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
import zlib
from collections import OrderedDict
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Final, Literal

from schafkopf.actions import Action
from schafkopf.game import PLAY, View
from schafkopf.players.base import Player
from schafkopf.players.registry import make_player

Question = Literal["choose", "double"]
"""What a bot is asked: its action, or whether it doubles (Kontra, Re) now."""

MAX_PLAYERS_PER_WORKER: Final = 1024
"""Players a worker keeps (the least recently asked are dropped; they start afresh)."""

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
    from schafkopf.players.heuristic import HeuristicPlayer
    from schafkopf.rules import Ruleset
    from schafkopf.session import Session

    game = Session(Ruleset.preset("standard", {}), list("ABCD"), games=1, seed=5).new_game()
    rng = random.Random(0)
    rule_based = HeuristicPlayer()
    while not game.is_over() and game.phase != PLAY:
        seat = game.to_move
        assert seat is not None
        game.apply(rule_based.choose(game.view(seat), rng), seat)
    if not game.is_over():
        assert game.to_move is not None
        make_player("pimc:samples=2").choose(game.view(game.to_move), rng)


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


class BotPool:
    """Worker processes in which bots think; a table always goes to the same worker."""

    def __init__(self, workers: int, *, nice: int = 10) -> None:
        if workers < 1:
            raise ValueError(f"a bot pool needs at least one worker, got {workers}")
        self.nice = nice
        self._executors = [self._executor() for _ in range(workers)]

    @property
    def workers(self) -> int:
        """How many worker processes the pool has."""
        return len(self._executors)

    def _executor(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            max_workers=1,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start_worker,
            initargs=(self.nice, os.getpid()),
        )

    def worker_pids(self) -> list[int]:
        """The workers' process ids (starting any that is not running yet)."""
        return [ex.submit(os.getpid).result() for ex in self._executors]

    def warm(self) -> list[Future[None]]:
        """Start every worker and import the players there (returns at once)."""
        return [ex.submit(_warm) for ex in self._executors]

    async def ask(
        self,
        question: Question,
        table_id: str,
        seat: int,
        spec: str,
        name: str,
        view: View,
        seed: int,
    ) -> Any:
        """The answer of the bot ``spec`` in ``seat`` of ``table_id`` to ``question``.

        A worker that died (killed, out of memory) raises BrokenProcessPool once and is
        replaced by a fresh one for the next question."""
        i = zlib.crc32(table_id.encode()) % len(self._executors)
        executor = self._executors[i]
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(
                executor, _think, table_id, seat, spec, name, question, view, seed
            )
        except BrokenProcessPool:
            if self._executors[i] is executor:
                self._executors[i] = self._executor()
                executor.shutdown(wait=False, cancel_futures=True)
            raise

    def close(self) -> None:
        """Stop the workers (a decision in progress is finished first)."""
        for executor in self._executors:
            executor.shutdown(wait=True, cancel_futures=True)
