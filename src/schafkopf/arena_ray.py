"""The arena's deals as Ray tasks, on a local Ray instance or an existing cluster
(``schafkopf[cluster]``).

:func:`schafkopf.arena.run_arena` hands its chunks of deals here with ``backend="ray"``; each
chunk is one task running the same function the process pool runs, so a seed gives the same
games and the same summary on either backend. Results stream back as tasks finish, which
keeps the progress bar moving and lets every finished game reach ``games.jsonl`` at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

J = TypeVar("J")
R = TypeVar("R")


def _ray() -> Any:
    try:
        import ray
    except ImportError as e:
        raise RuntimeError("the Ray backend needs Ray: pip install 'schafkopf[cluster]'") from e
    return ray


@contextmanager
def connected(address: str | None, num_cpus: int | None = None) -> Iterator[int]:
    """Connect to the cluster at ``address`` (``auto``, ``ray://host:10001``, ...) or start a
    local Ray instance (``address`` None); yields the cluster's CPU count. A Ray this call
    started (or connected) is shut down afterwards; one already running is left alone."""
    ray = _ray()
    started = not ray.is_initialized()
    if started:
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address is not None:
            options["address"] = address
        elif num_cpus is not None:
            options["num_cpus"] = num_cpus
        ray.init(**options)
    try:
        yield max(1, int(ray.cluster_resources().get("CPU", 1)))
    finally:
        if started:
            ray.shutdown()


def run_tasks(function: Callable[[J], R], jobs: Sequence[J]) -> Iterator[R]:
    """``function(job)`` for every job as Ray tasks, yielded as they finish (any order)."""
    ray = _ray()
    remote = ray.remote(function)
    pending = [remote.remote(job) for job in jobs]
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            yield ray.get(ref)
