"""Slide sizes and drawing limits, read in one place (tracer/render/page.py): each shape and size people give, each
bound and its message, the same from the command line; and the drawing request that carries them."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest

from tracer import DrawOptions, DrawRequest, load_tree, render_bytes, render_to_file, trace_search
from tracer.cli.main import main
from tracer.errors import OutputError
from tracer.render.drawing import output_format
from tracer.render.page import DEFAULT_SLIDE, drawing_limit, slide_size

TREES = Path(__file__).resolve().parents[2] / "trees"


@pytest.mark.parametrize("text, size", [("16:9", (13.3333, 7.5)), ("4:3", (10.0, 7.5)), ("1:5", (1.5, 7.5)),
                                        ("13.33x7.5", (13.33, 7.5)), ("10×7.5", (10.0, 7.5)), ("1X200", (1.0, 200.0))])
def test_a_slide_is_a_shape_7_5_inches_high_or_a_size_in_inches(text, size):
    assert slide_size(text) == size
    assert DEFAULT_SLIDE == (7.5 * 16 / 9, 7.5)


@pytest.mark.parametrize("text, message", [
    ("abc", "expected a shape such as 16:9 or a size such as 13.33x7.5 (inches), got 'abc'"),
    ("1:0", "expected a shape such as 16:9 or a size such as 13.33x7.5 (inches), got '1:0'"),
    ("16", "expected a shape such as 16:9 or a size such as 13.33x7.5 (inches), got '16'"),
    ("9:1", "expected a slide shape between 1:5 and 5:1, got '9:1'"),
    ("0:1", "expected a slide shape between 1:5 and 5:1, got '0:1'"),
    ("0x5", "expected a slide size W×H from 1 to 200 inches a side, got '0x5'"),
    ("300x3", "expected a slide size W×H from 1 to 200 inches a side, got '300x3'"),
    ("nanx3", "expected a slide size W×H from 1 to 200 inches a side, got 'nanx3'"),
])
def test_a_slide_out_of_bounds_says_what_was_expected(text, message):
    with pytest.raises(ValueError) as error:
        slide_size(text)
    assert str(error.value) == message


def test_a_drawing_limit_is_a_size_in_inches_or_none():
    assert drawing_limit("26.7x15") == (26.7, 15.0) and drawing_limit("3×2") == (3.0, 2.0)
    assert drawing_limit(" None ") == (math.inf, math.inf)
    for text, message in [("abc", "expected a size as WxH in inches, such as 26.7x15, got 'abc'"),
                          ("0x5", "expected a size as WxH in inches, each above 0 and at most 100,000, or none, "
                                  "got '0x5'"),
                          ("100001x1", "expected a size as WxH in inches, each above 0 and at most 100,000, or "
                                       "none, got '100001x1'")]:
        with pytest.raises(ValueError) as error:
            drawing_limit(text)
        assert str(error.value) == message


@pytest.mark.parametrize("option, text, message", [
    ("--size", "9:1", "expected a slide shape between 1:5 and 5:1, got '9:1'"),
    ("--max-size", "0x5", "each above 0 and at most 100,000, or none, got '0x5'"),
])
@pytest.mark.parametrize("command", ["render", "slides"])
def test_the_command_line_says_the_same_in_one_line(capsys, tmp_path, command, option, text, message):
    out = tmp_path / "never.svg"
    try:
        status = main([command, str(TREES / "rn_example.yaml"), option, text, "-o", str(out)])
    except SystemExit as stop:  # argparse's own exit
        status = stop.code
    assert status == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"tracer {command}: error: argument {option}: ")
    assert message in lines[0] and not out.exists()


def test_tex_is_tikz_and_a_given_format_wins():
    assert output_format("figure.TEX") == "tikz"
    assert output_format("figure.dot", "dot") == "dot" and output_format("figure.gv", "dot") == "dot"
    with pytest.raises(OutputError, match=r"-o figure.tex: the name says tikz but -f says dot; name the file \.dot"):
        output_format("figure.tex", "dot")  # DOT in a file named .tex would mislead whatever opens it
    assert output_format(None, default="svg") == "svg"
    assert output_format("figure.pdf") == "pdf"


@pytest.mark.skipif(shutil.which("dot") is None, reason="needs Graphviz")
def test_a_drawing_request_carries_format_options_slide_and_body(tmp_path):
    tree = load_tree(TREES / "rn_example.yaml")
    trace = trace_search(tree.root, meta=tree.meta())
    request = DrawRequest("tikz", DrawOptions(legend=True), size=(10.0, 7.5), tikz_body=True)
    body = render_bytes(trace, request)
    assert body.startswith(b"% tracer") and b"\\documentclass" not in body and b"{Key}" in body
    assert render_bytes(trace, "tikz", options=DrawOptions(legend=True), size=(10.0, 7.5), tikz_body=True) == body
    plain = render_bytes(trace, "tikz", tikz_body=True)
    assert plain != body and b"{Key}" not in plain
    path = render_to_file(trace, tmp_path / "figure.tex", DrawRequest(options=DrawOptions(legend=True),
                                                                      size=(10.0, 7.5)))
    assert Path(path).read_bytes().startswith(b"\\documentclass") and body in Path(path).read_bytes()
    with pytest.raises(Exception, match="unknown format 'gif'"):
        render_bytes(trace, DrawRequest("gif"))


def test_a_key_on_a_wide_slide_leaves_a_game_deck_most_of_its_scale():
    """With --legend at 16:9 a wide game deck's tree kept only two thirds of its scale (the key, one tall column,
    stood under it); in two or three columns under the tree it costs far less."""
    from tracer import DrawOptions, load_problem, trace_search
    from tracer.render.deck import make_deck
    from tracer.view import frame_steps

    problem = load_problem(str(TREES.parent / "games" / "positions" / "tictactoe_fork.yaml"))
    trace = trace_search(problem.root, "alphabeta", depth=problem.depth, meta=problem.meta)
    steps = frame_steps(trace, "cutoff")

    def scale(legend: bool) -> tuple[float, object]:
        deck = make_deck(trace, steps, DrawOptions(legend=legend, draw_depth=2), (13.33, 7.5))
        return min(13.33 * 72 / deck.page.frame.width, 7.5 * 72 / deck.page.frame.height), deck.page

    bare, _ = scale(False)
    keyed, page = scale(True)
    assert keyed >= 0.75 * bare, (keyed, bare)
    assert page.legend.width <= page.frame.width  # (its columns as the page finds best: one, beside compact boards)
