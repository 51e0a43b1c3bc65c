"""Projection-size text on tree decks (issue 34): each shipped tree's deck, the README's MCTS deck and the random
trees of the tests, at 4:3 and 16:9, measured as the tests measure them (the smallest font size with pypdf, the
smallest word height with ``pdftotext -bbox``) against their targets (18 pt up to 9 leaves, 14 up to 16, 12 up to
27), with what binds each deck on its slide: the layout chosen (spacing, form, terse or not), and, unstretched,
whether the page is short of the slide's width or of its height, and the heights of its parts (titles, tree,
caption, key).

    python tools/projection_sizes.py [NAME ...] [--size 4:3|16:9] [--png DIR]

``--png DIR`` also writes each deck's last page at 50 dpi (pdftoppm) to look at.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile


HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tests"))

from helpers import font_sizes, random_tree, word_heights  # noqa: E402

import tracer.render.deck as deck_module  # noqa: E402
from tracer.cli.main import main as tracer_main  # noqa: E402
from tracer.render import drawing  # noqa: E402
from tracer.records import replace  # noqa: E402
from tracer.render.page import page_of  # noqa: E402


def threshold(leaves: int) -> float:
    return 18.0 if leaves <= 9 else 14.0 if leaves <= 16 else 12.0 if leaves <= 27 else 10.0


def leaf_count(path) -> int:
    from tracer import load_problem

    def count(node):
        return sum(count(child) for child in node.children) if node.children else 1
    return count(load_problem(str(path)).root)


def cases(tmp: str):
    """(name, arguments after ``slides``, leaves) of every deck measured."""
    for path in sorted(os.listdir(os.path.join(ROOT, "trees"))):
        if path.endswith(".yaml"):
            full = os.path.join(ROOT, "trees", path)
            yield path[:-5], [full], leaf_count(full)
    yield "mcts_deck", [os.path.join(ROOT, "trees", "rn_example.yaml"), "-a", "mcts", "--iterations", "12"], 9
    for leaves in (9, 16, 27):
        path = os.path.join(tmp, f"random{leaves}.yaml")
        with open(path, "w", encoding="utf-8") as out:
            out.write(f"title: Random tree\nroot: max\ntree: {random_tree(random.Random(leaves), leaves)}\n"
                      "rules: {algorithm: alphabeta}\n")
        yield f"random{leaves}", [path, "--step", "cutoff"], leaves


def what_binds(deck) -> str:
    """The deck's layout unstretched at its spacing and form: the scale its width and its height allow, and the
    heights of the page's parts."""
    layout = deck.layout
    size = deck.size
    room = deck_module.room_scene([frame.scene for frame in deck.frames])
    plain = replace(drawing.lay_out(room, layout.spacing, form=layout.form, slide=True, terse=layout.terse,
                                    stagger=bool(layout.lowered), lone=layout.lone, narrow=layout.narrowed,
                                    lone_left=layout.lone_left),
                    title_beside=layout.title_beside, title_wrap=layout.title_wrap,
                    caption_beside=layout.caption_beside, caption_low=layout.caption_low)
    pages = [page_of(frame.scene, plain, size[0] / size[1]) for frame in deck.frames]
    content = drawing._content(pages)
    by_w = (size[0] * 72 - 2 * drawing.EDGE) / content.width
    by_h = (size[1] * 72 - 2 * drawing.EDGE) / content.height
    page = max(pages, key=lambda page: page.frame.height)
    parts = [f"title {page.title.height:.0f}", f"tree {plain.tree.height:.0f}"]
    if page.caption is not None:
        parts.append(f"caption {page.caption.height:.0f}")
    if page.legend is not None:
        parts.append(f"key {page.legend.height:.0f}")
    titles = (f"titles beside ({layout.title_beside:.0f})" if layout.title_beside else
              f"titles above ({layout.title_wrap:.0f})" if layout.title_wrap else "titles above")
    if layout.caption_beside:
        where = 'under them' if layout.title_beside else 'bottom corner' if layout.caption_low else 'top right'
        titles += f", caption {where} ({layout.caption_beside:.0f})"
    form = " ".join([layout.form] + ["terse"] * layout.terse + ["staggered"] * bool(layout.lowered)
                    + ["lone corner"] * layout.lone + ["left"] * layout.lone_left
                    + [f"narrowed {layout.narrowed:g}"] * bool(layout.narrowed))
    return (f"spacing {layout.spacing:g} {form}, {titles}; by width ×{by_w:.3f}, by height ×{by_h:.3f} "
            f"({'height' if by_h < by_w else 'width'} binds: {content.width:.0f}×{content.height:.0f}: "
            f"{', '.join(parts)}; tree {plain.tree.width:.0f} wide)")


def measure(name, args, leaves, size, tmp, png_dir=None):
    pdf = os.path.join(tmp, f"{name}-{size.replace(':', 'x')}.pdf")
    captured = []
    original = deck_module.make_deck

    def capturing(*a, **k):
        captured.append(original(*a, **k))
        return captured[-1]

    import tracer.cli.commands  # noqa: F401  (cmd_slides imports make_deck from the module at each call)
    deck_module.make_deck = capturing
    try:
        with open(os.devnull, "w") as null:
            stdout, sys.stdout = sys.stdout, null
            try:
                status = tracer_main(["slides", *map(str, args), "--size", size, "-o", pdf])
            finally:
                sys.stdout = stdout
    finally:
        deck_module.make_deck = original
    if status:
        return f"{name:15} {size:5} FAILED ({status})"
    font, font_text = min(font_sizes(pdf))
    height, word = min(word_heights(pdf))
    target = threshold(leaves)
    mark = "✓" if font >= target - 0.05 and height >= target - 0.05 else " "
    if png_dir:
        pages = len(re.findall(rb"/Type\s*/Page\b", open(pdf, "rb").read()))
        subprocess.run(["pdftoppm", "-png", "-r", "50", "-f", str(pages), "-l", str(pages), pdf,
                        os.path.join(png_dir, f"{name}-{size.replace(':', 'x')}")], check=True)
    return (f"{name:15} {size:5} ({leaves:2}, {target:g}) {font:5.1f}/{height:5.1f} {mark} "
            f"smallest {font_text!r}/{word!r}; {what_binds(captured[-1])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="decks to measure (default: all)")
    parser.add_argument("--size", action="append", help="4:3 or 16:9 (default both)")
    parser.add_argument("--png", help="write each deck's last page at 50 dpi into this folder")
    args = parser.parse_args()
    if args.png:
        os.makedirs(args.png, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name, slide_args, leaves in cases(tmp):
            if args.names and name not in args.names:
                continue
            for size in args.size or ("4:3", "16:9"):
                print(measure(name, slide_args, leaves, size, tmp, args.png), flush=True)


if __name__ == "__main__":
    main()
