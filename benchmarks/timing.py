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
