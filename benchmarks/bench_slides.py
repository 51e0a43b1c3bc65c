"""Benchmarks for slides: every format of `tracer slides`, as whole processes, for Figure 5.2 (its default deck, a
frame per node decision, and its 35 event frames) and for a trace of 200 steps (tic-tac-toe, the first 200 of the
fork position's 311 steps, drawn with boards: its deck frames only the steps at the two plies it draws).

    python benchmarks/bench_slides.py [--repeat N] [--frames]

Prints the median wall time of each command and the size of what it wrote, measured in this one run; then the PNG
frames against the PDF deck of the same frames, run by turns: wall and CPU time (medians; the CPU ratio is the
median of the pairs', which a loaded machine's other work does not change). Targets
on a 2-core machine: Figure 5.2's 35-page PDF under 3 s; the 200-page PDF under 10 s; the HTML player of the 200
steps under 2 s and under 2 MB; PNG frames within 2× the PDF deck's time.
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

from timing import against_yardstick, median_seconds  # noqa: E402

CASES = [
    ("Figure 5.2, alpha-beta, node steps", ["trees/rn_example.yaml"]),
    ("Figure 5.2, alpha-beta, 35 events", ["trees/rn_example.yaml", "--step", "event"]),
    ("tic-tac-toe fork, 200 steps", ["games/positions/tictactoe_fork.yaml", "--to", "200"]),
]
FORMATS = [("pdf", "deck.pdf"), ("html", "player.html"), ("svg", "frames-svg"), ("png", "frames-png"),
           ("gif", "deck.gif"), ("beamer", "deck.tex"), ("pptx", "deck.pptx")]


def size_of(path: str) -> int:
    if os.path.isdir(path):
        return sum(os.path.getsize(os.path.join(path, name)) for name in os.listdir(path))
    total = os.path.getsize(path)
    if path.endswith(".tex"):
        total += os.path.getsize(path[:-4] + ".pdf")
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--frames", action="store_true", help="only PNG frames against the PDF deck")
    args = parser.parse_args()
    tracer = [sys.executable, "-m", "tracer", "slides"]
    print(f"tracer slides, whole process, medians of {args.repeat} runs ({os.cpu_count()} CPUs)")
    print(f"{'case':<34} {'format':<7} {'frames':>6} {'seconds':>8} {'size':>10}")
    with tempfile.TemporaryDirectory() as folder:
        for name, case in [] if args.frames else CASES:
            for fmt, output in FORMATS:
                path = os.path.join(folder, output)

                def run():
                    subprocess.run([*tracer, *case, "-f", fmt, "-o", path], cwd=ROOT, check=True,
                                   capture_output=True)

                seconds = median_seconds(run, args.repeat)
                frames = len(os.listdir(path)) if os.path.isdir(path) else ""
                if not frames and fmt in ("pdf", "beamer"):
                    from pypdf import PdfReader

                    frames = len(PdfReader(path if fmt == "pdf" else path[:-4] + ".pdf").pages)
                print(f"{name:<34} {fmt:<7} {frames!s:>6} {seconds:>8.2f} {size_of(path) / 1e6:>8.2f} MB")
                if os.path.isdir(path):
                    shutil.rmtree(path)
        print(f"\nPNG frames against the PDF deck of the same frames, run by turns, medians of {args.repeat} pairs "
              "(target: PNG within 2× the PDF's time)")
        print(f"{'case':<34} {'pdf wall':>8} {'png wall':>8} {'ratio':>6}   {'pdf CPU':>7} {'png CPU':>7} {'ratio':>6}")
        for name, case in CASES:
            png, pdf = ([*tracer, *case, "-f", fmt, "-o", os.path.join(folder, output)]
                        for fmt, output in (("png", "frames-png"), ("pdf", "deck.pdf")))
            times = against_yardstick(png, pdf, args.repeat, cwd=ROOT)
            print(f"{name:<34} {times['yardstick wall']:>7.2f}s {times['wall']:>7.2f}s "
                  f"{times['wall'] / times['yardstick wall']:>5.2f}×   {times['yardstick cpu']:>6.2f}s "
                  f"{times['cpu']:>6.2f}s {times['ratio']:>5.2f}×")


if __name__ == "__main__":
    main()
