"""A trace in a notebook: the player's page whole in a frame of its own (the very page ``tracer slides -f html``
writes), any page kept inside its frame however hostile, and a deck too large shown as the diagram with its note.
The frames in a real browser: test_notebook_browser.py; the notebook in docs/: tests/test_docs_notebook.py."""

from __future__ import annotations

import base64
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from helpers import run_tracer, traced
from tracer import DrawOptions, RenderError, load_trace, player, render_bytes
from tracer.render.deck import make_deck
from tracer.render.notebook import inline_page, player_output
from tracer.view import frame_steps

ROOT = Path(__file__).resolve().parents[2]
TREES = ROOT / "trees"
pytestmark = pytest.mark.skipif(shutil.which("dot") is None, reason="needs Graphviz (setup.sh installs it)")
BASE = '\n<base href="about:srcdoc">'


class Elements(HTMLParser):
    """The elements of a piece of HTML as the browser's parser sees them: (tag, attributes), in order."""

    def __init__(self, text: str):
        super().__init__()
        self.found: list[tuple[str, dict]] = []
        self.text: list[str] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.found.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)


def frame_of(output: str) -> dict:
    """The one frame in a notebook output, and what else it holds (a line of text, two boxes)."""
    elements = Elements(output)
    assert [tag for tag, _ in elements.found] == ["div", "div", "p", "iframe"]
    return elements.found[-1][1]


HOSTILE = ('<!DOCTYPE html><html><head><title>"x" & y</title></head><body><p title=\'"\'>"</iframe>'
           "<script>parent.alert(1)</script>&amp; &quot;</p></body></html>")


def test_a_page_inline_is_the_page_in_its_own_sandboxed_frame():
    output = inline_page(HOSTILE, "100%", 400, title='a "page" </iframe>')
    frame = frame_of(output)  # nothing in the page became an element of the notebook's
    assert frame["srcdoc"] == HOSTILE.replace("<head>", "<head>" + BASE)  # the page, whole, its links its own
    assert frame["sandbox"] == "allow-scripts" and frame["title"] == 'a "page" </iframe>'
    assert "height:400px" in output and "width:100%" in output


def test_a_page_inline_may_do_what_it_is_allowed():
    frame = frame_of(inline_page(HOSTILE, 600, "50cqw", sandbox="allow-scripts allow-downloads"))
    assert frame["sandbox"] == "allow-scripts allow-downloads"


def test_a_page_without_a_head_is_refused():
    with pytest.raises(ValueError, match="<head>"):
        inline_page("<p>a fragment</p>", "100%", 400)


@pytest.mark.parametrize("tree, algorithm, cli, keywords", [
    ("rn_example.yaml", "alphabeta", [], {}),
    ("binary_depth4.yaml", "alphabeta", ["--step", "cutoff", "--size", "4:3", "--reveal"],
     {"step": "cutoff", "size": (10.0, 7.5), "options": DrawOptions(reveal=True)}),
    ("mcts_example.yaml", "mcts", ["--from", "5", "--to", "40"], {"first": 5, "last": 40}),  # default: iterations
])
def test_the_player_inline_is_the_page_slides_write(tmp_path, tree, algorithm, cli, keywords):
    saved, out = tmp_path / "run.json", tmp_path / "player.html"  # one trace, for the command and for Python
    assert run_tracer("trace", TREES / tree, "-a", algorithm, "-o", saved).returncode == 0
    result = run_tracer("slides", saved, "-f", "html", "-o", out, *cli)
    assert result.returncode == 0, result.stderr
    frame = frame_of(player(load_trace(str(saved)), **keywords)._repr_html_())
    assert frame["srcdoc"] == out.read_text(encoding="utf-8").replace("<head>", "<head>" + BASE, 1)


def test_a_trace_alone_shows_every_step():
    trace = traced(TREES / "rn_example.yaml")
    assert player_output(trace) == player(trace)._repr_html_() == player(trace, "event")._repr_html_()


def test_a_deck_too_large_shows_the_diagram_with_a_one_line_note():
    trace = traced(TREES / "binary_depth4.yaml")
    options = DrawOptions(max_drawn=trace.node_count)  # the diagram may be drawn, not 84 frames of it
    with pytest.raises(RenderError) as refused:
        make_deck(trace, frame_steps(trace), options)
    elements = Elements(player_output(trace, options=options))
    assert [tag for tag, _ in elements.found] == ["p", "img"]
    assert elements.text == [f"No step-through player: {refused.value}"] and "\n" not in elements.text[0]
    source = elements.found[1][1]["src"]
    assert source.startswith("data:image/svg+xml;base64,")
    assert base64.b64decode(source.split(",", 1)[1]) == render_bytes(trace, "svg", options=options)


def test_a_trace_too_large_even_for_its_diagram_gives_the_notes_alone():
    trace = traced(TREES / "binary_depth4.yaml")
    options = DrawOptions(max_drawn=10)
    with pytest.raises(RenderError) as refused:
        render_bytes(trace, "svg", options=options)
    elements = Elements(player_output(trace, options=options))
    assert [tag for tag, _ in elements.found] == ["p"]
    (text,) = elements.text
    assert text.startswith("No step-through player: the deck would draw")
    assert text.endswith(f"; no diagram either: {refused.value}")
    assert player(trace, options=options)._repr_svg_() is None  # the HTML says why, no traceback


def test_player_checks_its_steps_at_once():
    trace = traced(TREES / "rn_example.yaml")
    with pytest.raises(ValueError, match="iteration does not fit"):
        player(trace, "iteration")
    with pytest.raises(ValueError, match="no steps to show"):
        player(trace, first=30, last=20)
    cutoffs = [step for step, event in enumerate(trace.events, 1) if event.cuts]
    frames = len(cutoffs) + (cutoffs[-1] != len(trace.events))  # and the last step
    assert repr(player(trace, "cutoff")) == f"<tracer player: Alpha-beta, {frames} frames>"


def test_without_html_a_player_shows_the_diagram():
    trace = traced(TREES / "rn_example.yaml")
    options = DrawOptions(visits=True)
    assert player(trace, options=options)._repr_svg_() == render_bytes(trace, "svg", options=options).decode()


def test_practice_takes_the_commands_options_and_says_its_mistakes():
    import tracer

    widget = tracer.practice(str(TREES / "rn_example.yaml"), prune="gt", player=False)
    assert "--prune=gt" in widget.html  # the search it is about, in the command that grades its answers
    assert 'sandbox="allow-scripts allow-downloads"' in widget._repr_html_()
    with pytest.raises(tracer.UsageError, match=r"^argument --count: expected a whole number ≥ 1, got 0$"):
        tracer.practice(count=0)
    with pytest.raises(tracer.UsageError, match="--prune"):
        tracer.practice(str(TREES / "rn_example.yaml"), prune="maybe")
