"""What each test costs in CPU seconds, whatever else the machine runs: a pytest plugin, loaded with
``-p cpu_costs`` (benchmarks/ on the path), that adds up each test's set-up, call and tear-down in its worker's
CPU time and its finished children's (Graphviz, pdflatex, tracer processes, Chromium when its fixture closes),
and writes one line per test to the file named by ``TEST_COSTS`` (default ``test-costs.tsv``), from every xdist
worker: ``seconds<TAB>node id``.

    PYTHONPATH=benchmarks TEST_COSTS=/tmp/costs.tsv HYPOTHESIS_PROFILE=ci .venv/bin/python -m pytest -p cpu_costs
    python benchmarks/cpu_costs.py /tmp/costs.tsv [/tmp/before.tsv]   # the top costs, by file and by test

Wall time on a machine shared with others measures the others too; CPU time is what the test itself asks for.
"""

from __future__ import annotations

import collections
import os
import resource
import sys


def _cpu() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


_spent: dict[str, float] = collections.defaultdict(float)
_started: dict[str, float] = {}
_runs_tests = True  # False in xdist's controller, which hears of each test its workers run


def pytest_configure(config):
    global _runs_tests
    _runs_tests = hasattr(config, "workerinput") or not getattr(config.option, "numprocesses", None)


def pytest_runtest_logstart(nodeid, location):
    _started[nodeid] = _cpu()


def pytest_runtest_logfinish(nodeid, location):
    if not _runs_tests:
        return
    _spent[nodeid] += _cpu() - _started.pop(nodeid, _cpu())
    with open(os.environ.get("TEST_COSTS", "test-costs.tsv"), "a", encoding="utf-8") as out:
        out.write(f"{_spent[nodeid]:.3f}\t{nodeid}\n")


def read(path: str) -> dict[str, float]:
    costs = {}
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            seconds, nodeid = line.rstrip("\n").split("\t", 1)
            costs[nodeid] = max(float(seconds), costs.get(nodeid, 0.0))  # (a test's line is its running total)
    return costs


def by_file(costs: dict[str, float]) -> dict[str, float]:
    files = collections.defaultdict(float)
    for nodeid, seconds in costs.items():
        files[nodeid.split("::")[0]] += seconds
    return files


def report(path: str, before: str | None = None, top: int = 40) -> None:
    costs = read(path)
    old = read(before) if before else {}
    print(f"{len(costs)} tests, {sum(costs.values()):.0f} CPU s"
          + (f" (before: {len(old)} tests, {sum(old.values()):.0f} CPU s)" if old else ""))
    for title, now, then in (("by file", by_file(costs), by_file(old)), ("by test", costs, old)):
        print(f"\n{title}:")
        for name, seconds in sorted(now.items(), key=lambda item: -item[1])[:top]:
            print(f"{seconds:8.1f}" + (f" {then.get(name, 0):8.1f}" if old else "") + f"  {name}")


if __name__ == "__main__":
    report(*sys.argv[1:3])
