"""Benchmarks for slides: every format of `tracer slides`, as whole processes, for Figure 5.2 (its default deck, a
frame per node decision, and its 35 event frames) and for a trace of 200 steps (tic-tac-toe, the first 200 of the
fork position's 311 steps, drawn with boards: its deck frames only the steps at the two plies it draws).

    python benchmarks/bench_slides.py [--repeat N] [--frames] [--before CHECKOUT]

Prints the median wall time of each command and the size of what it wrote, measured in this one run; then the PNG
frames against the PDF deck of the same frames, run by turns: wall and CPU time (medians; the ratios are the
medians of the pairs', which a loaded machine's other work changes less). ``--before`` times another checkout of
tracer (e.g. main's, before a change) the same way in the same run, its runs interleaved with this one's, with this
Python. Targets on a 2-core machine: Figure 5.2's 35-page PDF under 3 s; the 200-page PDF under 10 s; the HTML
player of the 200 steps under 2 s and under 2 MB; PNG frames within 2× the PDF deck's time.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

from timing import median_seconds, process_seconds  # noqa: E402

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
    parser.add_argument("--before", metavar="CHECKOUT", help="another checkout of tracer (e.g. main's) whose PNG "
                        "frames and PDF deck are timed by turns with this one's, in the same run")
    args = parser.parse_args()
    tracer = [sys.executable, "-m", "tracer", "slides"]
    print(f"tracer slides, whole process, medians of {args.repeat} runs ({os.cpu_count()} CPUs, load "
          f"{os.getloadavg()[0]:.1f})")
    if not args.frames:
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
        frames_against_deck([ROOT, *([args.before] if args.before else [])], args.repeat, folder)


def frames_against_deck(checkouts: list[str], repeat: int, folder: str) -> None:
    """For each case, PNG frames against the PDF deck of the same frames, each a process, run by turns (a round:
    every case, every checkout, the PDF then the PNG), ``repeat`` rounds: the median wall and CPU seconds of each,
    and the medians of the pairs' ratios PNG / PDF."""
    tracer = [sys.executable, "-m", "tracer", "slides"]
    runs = {(case, checkout): [] for case, _ in CASES for checkout in checkouts}
    for _ in range(repeat):
        for name, case in CASES:
            for checkout in checkouts:
                env = {**os.environ, "PYTHONPATH": checkout}  # (python -m finds the checkout's tracer first)
                pdf, png = ([*tracer, *case, "-f", fmt, "-o", os.path.join(folder, out)]
                            for fmt, out in (("pdf", "deck.pdf"), ("png", "frames-png")))
                runs[name, checkout].append([process_seconds(command, cwd=checkout, env=env,
                                                             stderr=subprocess.DEVNULL) for command in (pdf, png)])
    print(f"\nPNG frames against the PDF deck of the same frames, run by turns, medians of {repeat} rounds "
          "(ratios: medians of the pairs'; target: PNG within 2× the PDF's time)")
    print(f"{'case':<34} {'checkout':<12} {'pdf wall':>8} {'png wall':>8} {'ratio':>6}   {'pdf CPU':>7} {'png CPU':>7} "
          f"{'ratio':>6}")
    for (name, checkout), pairs in runs.items():
        def median(value) -> float:
            return statistics.median(value(pdf, png) for pdf, png in pairs)

        print(f"{name:<34} {os.path.basename(checkout.rstrip('/')):<12} {median(lambda pdf, png: pdf[0]):>7.2f}s "
              f"{median(lambda pdf, png: png[0]):>7.2f}s {median(lambda pdf, png: png[0] / pdf[0]):>5.2f}×   "
              f"{median(lambda pdf, png: pdf[1]):>6.2f}s {median(lambda pdf, png: png[1]):>6.2f}s "
              f"{median(lambda pdf, png: png[1] / pdf[1]):>5.2f}×")

if __name__ == "__main__":
    main()
