"""The Connect Four study in one command: `tracer compare --game connect4 -a minimax -a alphabeta --depths 1-5
--chart ...`, timed as a whole process (start-up, every search, the chart), with the table it prints.

Also the serial run against `--jobs 2` on this 2-core machine. Medians of --repeat runs, measured in one run.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from timing import median_seconds  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STUDY = ["compare", "--game", "connect4", "-a", "minimax", "-a", "alphabeta", "--depths", "1-5"]


def tracer(*args: str) -> str:
    result = subprocess.run([sys.executable, "-m", "tracer", *args], cwd=ROOT, capture_output=True, text=True,
                            check=True)
    return result.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per measurement (median reported; default 5)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        chart = os.path.join(folder, "c4.svg")
        print(tracer(*STUDY, "--chart", chart), end="")
        whole = median_seconds(lambda: tracer(*STUDY, "--chart", chart), args.repeat)
        table_only = median_seconds(lambda: tracer(*STUDY), args.repeat)
        parallel = median_seconds(lambda: tracer(*STUDY, "--jobs", "2"), args.repeat)
    print(f"\nmedians of {args.repeat} whole-process runs")
    print(f"  tracer {' '.join(STUDY)} --chart c4.svg   {whole:6.2f} s")
    print(f"  the same without the chart                {table_only:6.2f} s   (chart {whole - table_only:+.2f} s)")
    print(f"  the same with --jobs 2                    {parallel:6.2f} s   ({table_only / parallel:.2f}× serial)")


if __name__ == "__main__":
    main()
