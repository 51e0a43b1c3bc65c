"""Work spread over processes that stop when tracer stops: one place for every command with ``--jobs``.

The workers ignore Ctrl-C (the terminal sends it to the whole process group: the parent alone decides) and die on
SIGTERM; when the parent stops for any reason (Ctrl-C, SIGTERM or SIGHUP turned into an exception by the CLI, an
error), it terminates them and waits for them, so no worker computes on as an orphan.
"""

from __future__ import annotations

import multiprocessing
import signal
from typing import Callable, Iterable, Iterator, TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")


def _worker_signals() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)


def mapped(function: Callable[[Item], Result], items: list[Item], jobs: int) -> Iterator[Result]:
    """``function`` of each item, in the order given: here when ``jobs`` is 1 or there is one item, else in
    :func:`in_processes` (no more processes than items). ``--jobs`` itself is bounded by the CPUs where it is read
    (:func:`tracer.cli.options.add_jobs_option`)."""
    if jobs <= 1 or len(items) <= 1:
        return map(function, items)
    return in_processes(function, items, jobs)


def in_processes(function: Callable[[Item], Result], items: list[Item], jobs: int) -> Iterator[Result]:
    """``function`` of each item, in the order given, computed by ``jobs`` worker processes (at most one per
    item); ``function`` and the items must pickle."""
    pool = multiprocessing.Pool(min(jobs, len(items)), initializer=_worker_signals)
    try:
        yield from pool.imap(function, items)
        pool.close()
    finally:
        pool.terminate()  # at once if the parent stopped early; a no-op for workers that have finished
        pool.join()
