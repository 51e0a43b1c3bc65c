"""Shared by the benchmark scripts: medians of repeated wall-clock runs."""

from __future__ import annotations

import statistics
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
