"""Shared by the benchmark scripts: medians of repeated wall-clock runs, and whole processes timed against a
yardstick."""

from __future__ import annotations

import gc
import resource
import statistics
import subprocess
import time


def median_seconds(function, repeat: int) -> float:
    """The median wall time of ``repeat`` calls of ``function``."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def paired_medians(first, second, repeat: int) -> tuple[float, float, float]:
    """``first`` and ``second`` run by turns ``repeat`` times: the median wall time of each, and the median of the
    ratios second / first of the runs made side by side (a shared machine's load drifts; a pair sees the same)."""
    firsts, seconds, ratios = [], [], []
    for _ in range(repeat):
        start = time.perf_counter()
        first()
        middle = time.perf_counter()
        second()
        end = time.perf_counter()
        firsts.append(middle - start)
        seconds.append(end - middle)
        ratios.append((end - middle) / (middle - start))
    return statistics.median(firsts), statistics.median(seconds), statistics.median(ratios)


def process_seconds(command: list[str], **options) -> tuple[float, float]:
    """One run of ``command`` as a process of its own: its wall time and its CPU time (user + system, the
    operating system's own accounting of the finished child: what a loaded machine's other work does not add)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, **options)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def against_yardstick(command: list[str], yardstick: list[str], repeat: int, **options) -> dict[str, float]:
    """``command`` and a ``yardstick`` (a fixed piece of work: the same machine's speed, measured alongside) run
    by turns ``repeat`` times as processes: the median wall and CPU seconds of each, and the median of the pairs'
    CPU ratios command / yardstick."""
    runs = [(process_seconds(command, **options), process_seconds(yardstick, **options)) for _ in range(repeat)]
    return {"wall": statistics.median(run[0][0] for run in runs), "cpu": statistics.median(run[0][1] for run in runs),
            "yardstick wall": statistics.median(run[1][0] for run in runs),
            "yardstick cpu": statistics.median(run[1][1] for run in runs),
            "ratio": statistics.median(run[0][1] / run[1][1] for run in runs)}


def cpu_rounds(cases, repeat: int) -> dict[str, list[float]]:
    """Every case of ``cases`` ((title, function) pairs) once per round, ``repeat`` rounds: each case's CPU times
    (this process's, which a loaded machine's other work does not add to), in round order. A round's cases run
    side by side, so the ratio of two of them is taken round by round (:func:`round_ratio`)."""
    times = {title: [] for title, _ in cases}
    for _ in range(repeat):
        for title, function in cases:
            gc.collect()  # each case starts with no garbage of the one before it to collect
            start = time.process_time()
            function()
            times[title].append(time.process_time() - start)
    return times


def round_ratio(times: dict[str, list[float]], slower: str, faster: str) -> float:
    """The median over the rounds of ``slower``'s time over ``faster``'s."""
    return statistics.median(a / b for a, b in zip(times[slower], times[faster]))
