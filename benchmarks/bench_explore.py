"""Benchmarks for the explorer (`tracer explore`): Connect Four alpha-beta searches from the empty board, 6 and 7
plies deep (13,224 and 70,105 nodes entered), written as pages and opened in headless Chromium.

    python benchmarks/bench_explore.py [--repeat N] [--depths 6,7]

For each search: the time to write the page (the whole process) and its size; then, in the browser, medians of
``--repeat`` loads: the first contentful paint (from the navigation's start, as the browser's Paint Timing API
reports it) and the time until the outline's rows are made (the page's script done); then the time a click takes to
open a node of the first ply that is closed, until the browser has painted its children (the click's event to
the next animation frame), and to open one of those. Targets on a 2-core machine: first paint under 2 s, opening a
node under 100 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CHROMIUM = "/usr/bin/chromium"

# The first contentful paint, from the navigation's start (reported once the browser has painted).
FIRST_PAINT = """() => new Promise((done) => new PerformanceObserver((list, observer) => {
  const paint = list.getEntriesByName("first-contentful-paint")[0];
  if (paint) { observer.disconnect(); done(paint.startTime); }
}).observe({type: "paint", buffered: true}))"""

# The time from a click on a row to the next frame painted after it (the row's children made and laid out).
CLICK_TO_PAINT = """async (node) => {
  const row = document.querySelector(`li[data-node="${node}"] > .row`);
  const start = performance.now();
  row.click();
  await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  return performance.now() - start;
}"""


def write_page(depth: int, folder: str) -> tuple[Path, float]:
    path = Path(folder) / f"connect4-{depth}.html"
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "tracer", "explore", "--game", "connect4", "--depth", str(depth), "-a",
                    "alphabeta", "-o", str(path), "--max-nodes", "1000000"], check=True, stdout=subprocess.DEVNULL,
                   cwd=ROOT)
    return path, time.perf_counter() - start


def measure(browser, path: Path) -> dict[str, float]:
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    start = time.perf_counter()
    page.goto(path.as_uri())
    loaded = time.perf_counter() - start
    paint = page.evaluate(FIRST_PAINT)
    rows = page.evaluate("performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")
    shown = set(page.eval_on_selector_all("li[role=treeitem]", "items => items.map(i => Number(i.dataset.node))"))
    closed = page.evaluate("[...document.querySelectorAll('li[aria-expanded=false]')].map(i => Number(i.dataset.node))")
    first = closed[0]
    opening = page.evaluate(CLICK_TO_PAINT, first)
    child = page.evaluate(f"[...document.querySelectorAll('li[data-node=\"{first}\"] > ul > li[aria-expanded=false]')]"
                          ".map(i => Number(i.dataset.node))")[0]
    deeper = page.evaluate(CLICK_TO_PAINT, child)
    page.close()
    return {"goto": loaded * 1000, "first paint": paint, "rows made": rows, "open": opening, "open deeper": deeper,
            "rows": len(shown)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--depths", default="6,7")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        print(f"tracer explore, Connect Four alpha-beta, medians of {args.repeat} loads ({os.cpu_count()} CPUs)")
        print(f"{'depth':>5} {'nodes':>8} {'write s':>8} {'MB':>6} {'goto ms':>8} {'paint ms':>9} {'rows ms':>8} "
              f"{'open ms':>8} {'deeper ms':>9}")
        for depth in (int(text) for text in args.depths.split(",")):
            path, written = write_page(depth, folder)
            block = path.read_text(encoding="utf-8").split('id="explorer-data">', 1)[1].split("</script>", 1)[0]
            nodes = len(json.loads(block)["parent"])
            runs = [measure(browser, path) for _ in range(args.repeat)]
            median = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
            print(f"{depth:>5} {nodes:>8,} {written:>8.2f} {path.stat().st_size / 1e6:>6.2f} {median['goto']:>8.0f} "
                  f"{median['first paint']:>9.0f} {median['rows made']:>8.0f} {median['open']:>8.1f} "
                  f"{median['open deeper']:>9.1f}")
        browser.close()


if __name__ == "__main__":
    main()
