"""Work spread over processes that stop when tracer stops: one place for every command with ``--jobs``.

The workers ignore Ctrl-C (the terminal sends it to the whole process group: the parent alone decides) and die on
SIGTERM; when the parent stops for any reason (Ctrl-C, SIGTERM or SIGHUP turned into an exception by the CLI, an
error), it terminates them and waits for them, so no worker computes on as an orphan.
"""

from __future__ import annotations

import multiprocessing
import signal
from typing import Callable, Iterator, TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")


# Ctrl-C and the signals the CLI turns into an exception: held while the pool forks its workers (see in_processes)
_STOPPING = {getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT") if hasattr(signal, name)}

# How long the parent waits for a result at a time before it looks again (see _next_result): the longest a stopping
# signal can go unheeded.
_WAKE_SECONDS = 0.2


def _worker_signals(mask=frozenset()) -> None:
    signal.pthread_sigmask(signal.SIG_SETMASK, mask)  # the mask tracer had before it held the stopping signals
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
    # A signal that strikes while Python forks a worker runs its handler inside the at-fork hooks, where the
    # exception it raises is printed and dropped ("Exception ignored in ... Stopped: 15") and tracer would go on:
    # the stopping signals are held (blocked) until the pool is made, then delivered inside the try below.
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPPING)
    try:
        pool = multiprocessing.Pool(min(jobs, len(items)), initializer=_worker_signals, initargs=(mask,))
    except BaseException:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        raise
    try:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)  # a signal held meanwhile is handled here
        results = pool.imap(function, items)
        for _ in items:
            yield _next_result(results)
        pool.close()
    finally:
        pool.terminate()  # at once if the parent stopped early; a no-op for workers that have finished
        pool.join()


def _next_result(results):
    """The next of ``results`` (an ``imap`` iterator), waited for a little at a time. Python runs a signal's handler
    only between bytecodes: a signal that lands just before the parent blocks for good on the pool's lock (a few
    bytecodes' window, hit often when a signal comes as the pool starts) would wait for the next result, which may
    be minutes away. A wait that times out goes back to Python, where the handler runs."""
    while True:
        try:
            return results.next(timeout=_WAKE_SECONDS)
        except multiprocessing.TimeoutError:
            continue
