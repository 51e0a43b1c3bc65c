"""Benchmark of the first figure: `tracer render trees/rn_example.yaml` (Figure 5.2 as an SVG, the whole process:
start-up, imports, search, layout, drawing) against Graphviz's `dot -Tsvg` on the DOT tracer writes for the same
tree, run by turns.

    python benchmarks/bench_first_figure.py [--repeat N] [--also CHECKOUT ...] [--instructions]

Prints, for this checkout (and for each other checkout of tracer given with --also, run with this Python: e.g. one
made with `git worktree add` or `git archive` at an older commit), the median CPU and wall seconds of the render
and of `dot -Tsvg`, and the median of the pairs' CPU ratios (the machine's other work does not change a pair's
ratio much); then the same render where this machine's fonts are not those of the font metric table (a font added
to the user's fonts folder): with the cache off (TRACER_NO_CACHE: the text measured by a run of dot, as before the
table), with a cold cache (emptied before each run, by the shell that starts it: the text measured by dot and the
widths kept) and with a warm one (the widths read from it); `tracer --help`; and the floors (:data:`FLOORS`):
Python's start-up, and that with the libraries every drawing imports, against the same ``dot -Tsvg``. The cache
is a folder of the run's, never the user's. With ``--instructions`` (where valgrind is installed) also the
instructions each of the render, ``dot -Tsvg``, the floors and ``tracer --help`` runs, counted by callgrind in the
process alone, and the render's again with the Graphviz it starts (its ``neato -n2``, as the CPU times count it): a
figure the machine's other work does not change, so that two runs far apart compare.
Target (issue 37): the render within 6× `dot -Tsvg`.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

from timing import against_yardstick  # noqa: E402

TREE = "trees/rn_example.yaml"


CACHE = tempfile.mkdtemp(prefix="bench-first-figure-")  # the font metrics cache of this run (removed at its end)


def environment(checkout: str, **extra: str) -> dict[str, str]:
    """The environment that runs ``checkout``'s tracer (run from there: ``python -m`` looks first in the current
    folder), writing its bytecode as a user's first run does, its font metrics cached in this run's folder."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONDONTWRITEBYTECODE", "TRACER_NO_CACHE")}
    return {**env, "PYTHONPATH": checkout, "XDG_CACHE_HOME": CACHE, **extra}


def render_name(checkout: str) -> str:
    return "render rn_example" + ("" if checkout == ROOT else f" ({os.path.basename(checkout.rstrip('/'))})")


def row(name: str, times: dict[str, float], anchor: str = "dot -Tsvg") -> str:
    return (f"{name:<44} {times['cpu']:>7.3f}s {times['wall']:>7.3f}s   {anchor:<16} {times['yardstick cpu']:>7.3f}s "
            f"{times['yardstick wall']:>7.3f}s   {times['ratio']:>6.2f}×")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=11)
    parser.add_argument("--also", nargs="*", default=[], metavar="CHECKOUT",
                        help="other checkouts of tracer to time the same way, in this run")
    parser.add_argument("--instructions", action="store_true",
                        help="also count each command's instructions once with valgrind's callgrind (slow: a minute)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        source, figure = os.path.join(folder, "rn.dot"), os.path.join(folder, "rn.svg")
        subprocess.run([sys.executable, "-m", "tracer", "render", TREE, "-f", "dot", "-o", source], cwd=ROOT,
                       env=environment(ROOT), check=True, stdout=subprocess.DEVNULL)
        dot = ["dot", "-Tsvg", source, "-o", os.path.join(folder, "dot.svg")]
        print(f"the first figure, whole processes by turns, medians of {args.repeat} pairs ({os.cpu_count()} CPUs)")
        print(f"{'command':<44} {'CPU':>8} {'wall':>8}   {'anchor':<16} {'CPU':>8} {'wall':>8}   {'CPU ratio':>7}")
        render = [sys.executable, "-m", "tracer", "render", TREE, "-o", figure]
        for checkout in [ROOT, *args.also]:
            times = against_yardstick(render, dot, args.repeat, cwd=checkout, env=environment(checkout))
            print(row(render_name(checkout), times), flush=True)
        other_fonts = os.path.join(folder, "share")
        os.makedirs(os.path.join(other_fonts, "fonts"))
        with open(os.path.join(other_fonts, "fonts", "added.ttf"), "wb") as font:
            font.write(b"not the table's fonts")
        fonts = environment(ROOT, XDG_DATA_HOME=other_fonts)
        cold = ["sh", "-c", 'rm -rf "$XDG_CACHE_HOME/tracer" && exec "$@"', "sh", *render]
        for name, command, env in (("cache off", render, {**fonts, "TRACER_NO_CACHE": "1"}),
                                   ("cold cache", cold, fonts), ("warm cache", render, fonts)):
            times = against_yardstick(command, dot, args.repeat, cwd=ROOT, env=env)
            print(row(f"fonts not the table's, {name}", times), flush=True)
        python = [sys.executable, "-c", "pass"]
        times = against_yardstick([sys.executable, "-m", "tracer", "--help"], python, args.repeat, cwd=ROOT,
                                  env=environment(ROOT))
        print(row("tracer --help", times, anchor="python -c pass"))
        for name, floor in FLOORS:
            times = against_yardstick([sys.executable, *floor], dot, args.repeat, cwd=ROOT, env=environment(ROOT))
            print(row(f"floor: {name}", times), flush=True)
        if args.instructions:
            print_instructions(render, dot, [ROOT, *args.also])


def print_instructions(render: list[str], dot: list[str], checkouts: list[str]) -> None:
    """The instructions of each command, counted once (the same every run), as millions and as times ``dot``'s."""
    if shutil.which("valgrind") is None:
        print("instructions: valgrind is not installed (apt-get install valgrind)")
        return
    anchor = instructions(dot, ROOT, environment(ROOT))
    print(f"instructions (callgrind, the process alone; + neato: with the Graphviz it starts), against dot -Tsvg's "
          f"{anchor / 1e6:.1f} M")
    commands = [(render_name(checkout), render, checkout, False) for checkout in checkouts]
    commands += [(f"{render_name(checkout)} + neato", render, checkout, True) for checkout in checkouts]
    commands += [(f"floor: {name}", [sys.executable, *floor], ROOT, False) for name, floor in FLOORS]
    commands.append(("tracer --help", [sys.executable, "-m", "tracer", "--help"], ROOT, False))
    for name, command, checkout, children in commands:
        count = instructions(command, checkout, environment(checkout), children)
        print(f"{name:<44} {count / 1e6:>9.1f} M   {count / anchor:>6.2f}×", flush=True)


def instructions(command: list[str], cwd: str, env: dict[str, str], children: bool = False) -> int:
    """The instructions ``command``'s process runs (valgrind's callgrind), with ``children`` those of the processes
    it starts too (a render's ``neato -n2``: the whole of what a user waits for, as the CPU times count it), after a
    run of its own that leaves Python's bytecode written as a user's second run finds it."""
    subprocess.run(command, cwd=cwd, env=env, check=True, stdout=subprocess.DEVNULL)
    with tempfile.TemporaryDirectory() as folder:
        counts = os.path.join(folder, "callgrind.out")
        subprocess.run(["valgrind", "--tool=callgrind", f"--trace-children={'yes' if children else 'no'}",
                        f"--callgrind-out-file={counts}.%p", *command], cwd=cwd, env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        total = 0
        for name in os.listdir(folder):  # one file a process
            with open(os.path.join(folder, name), encoding="utf-8") as out:
                total += next(int(line.split()[1]) for line in out if line.startswith("summary:"))
        return total


# What no drawing can go below, against the same dot: Python's start-up (with its site, and without: -S), and that
# with the modules of the standard library and PyYAML every drawing imports before any of tracer's own (argparse
# reads the command line, PyYAML reads the tree file, subprocess and tempfile run Graphviz and write the figure
# whole; tracer's records are made by tracer.records, not dataclasses, which a drawing no longer imports).
FLOORS = (("python -c pass", ["-c", "pass"]), ("python -S -c pass", ["-S", "-c", "pass"]),
          ("python + a drawing's libraries", ["-c", "import argparse, json, subprocess, tempfile, yaml"]))


if __name__ == "__main__":
    try:
        main()
    finally:
        shutil.rmtree(CACHE, ignore_errors=True)
