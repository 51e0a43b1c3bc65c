"""The player's looks (tracer.render.player.Looks): a deck's frames rebuilt from the looks drawn once each are,
part by part, the frames Graphviz draws whole, for every kind of search and drawing (chance nodes, vectors,
Monte Carlo tree search, boards, a key, flags), and far fewer parts are drawn."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from helpers import shared_deck, traced
from tracer.render.deck import make_deck
from tracer.render.drawing import draw_deck
from tracer.render.layout import PERIPHERY
from tracer.render.player import _PART, Looks, element_data, outline_only, player_data
from tracer.render.scene import DrawOptions
from tracer.view import frame_steps

ROOT = Path(__file__).resolve().parents[2]


def drawn_parts(svg: bytes) -> dict:
    """Each part of a frame drawn whole, as the player's data writes a variant (the caption is the page's)."""
    return {part: element_data(ElementTree.fromstring(f'<g xmlns="http://www.w3.org/2000/svg" id="{part}" '
                                                      f'class="{classes}">{body}</g>'))
            for part, classes, body in _PART.findall(svg.decode("utf-8")) if part != "caption"}


@pytest.mark.parametrize("path, algorithm, step, options", [
    ("trees/rn_example.yaml", "alphabeta", "event", DrawOptions(legend=True)),
    ("trees/dice.yaml", None, "event", DrawOptions()),
    ("trees/three_players.yaml", None, "event", DrawOptions(legend=True)),
    ("trees/mcts_exercise.yaml", None, "phase", DrawOptions()),
    ("trees/korf_pruning.yaml", None, "event", DrawOptions(visits=True, reveal=True)),
    ("trees/uneven.yaml", "alphabeta", "event", DrawOptions(flags=((2, "✗ you: 4"), (5, "✗ you: 1")))),
    ("games/positions/tictactoe_fork.yaml", None, "event", DrawOptions()),  # the player's step (a node deck folds to 11)
])
def test_frames_rebuilt_from_the_looks_are_the_frames_drawn_whole(path, algorithm, step, options):
    deck = rebuilt_as_drawn(shared_deck(ROOT / path, algorithm, step, options))
    looks = Looks(deck)
    drawn = sum(len([look for look in layer.nodes.values() if look >= 0]) + len(layer.edges) for layer in looks.layers)
    whole = len(deck.frames) * (len(deck.frames[0].scene.nodes) + len(deck.frames[0].scene.edges))
    assert len(looks.layers) < len(deck.frames) or len(deck.frames) < 10
    assert drawn < whole / 2 or len(deck.frames) < 10


HOSTILE = """title: "<script>alert(1)</script> & \\"quotes\\" &amp; &#45;"
root: max
tree:
  - name: "<script>alert(1)</script>"
    children: [{name: "</svg>", value: 3}, {name: "a & b ]]> &lt;", value: 5}]
  - name: "\\" ' \\u00e9 \\\\N"
    children: [{name: "</script><img src=x onerror=alert(2)>", value: 2}, {name: "<!-- x=\\"1\\" -->", value: 9}]
"""


def test_hostile_names_read_as_an_xml_parser_reads_them(tmp_path):
    """The parts are read from Graphviz's text in one pass (player.part_data), not parsed as XML: names full of
    markup, entities and quotes come out as the XML parser reads the frames drawn whole."""
    path = tmp_path / "hostile.yaml"
    path.write_text(HOSTILE, encoding="utf-8")
    trace = traced(path)
    rebuilt_as_drawn(make_deck(trace, frame_steps(trace, "event"), DrawOptions()))


def rebuilt_as_drawn(deck):
    """``deck``, its player's frames rebuilt from their variants checked against its frames drawn whole, part by
    part (as an XML parser reads them)."""
    trace = deck.trace
    data = player_data(deck)
    order, variants = data["order"], data["variants"]
    showing = [-1] * len(order)
    for frame, svg in zip(data["frames"], draw_deck(deck, "svg"), strict=True):
        changes = frame["changes"]
        for i in range(0, len(changes), 2):
            showing[changes[i]] = changes[i + 1]
        rebuilt = {order[slot]: variants[variant] for slot, variant in enumerate(showing) if variant >= 0}
        assert rebuilt == drawn_parts(svg), (trace.title, frame["step"])
    return deck


def test_the_view_holds_the_tree_its_titles_and_key_and_little_else():
    """The player shows the drawing cropped to what is drawn: every part of every variant lies in the view box,
    which is no more than the margin larger than them (the slide's white and the caption's room are left out)."""
    trace = traced(ROOT / "trees/binary_depth4.yaml", "alphabeta")
    deck = make_deck(trace, frame_steps(trace, "node"), DrawOptions(legend=True))
    data = player_data(deck)
    left, top, width, height = map(float, data["svg"]["viewBox"].split())
    scale = float(data["graph"]["transform"].split("(")[1].split()[0])
    shift = [float(n) for n in data["graph"]["transform"].split("translate(")[1].rstrip(")").split()]
    xs, ys = [], []

    def visit(spec):
        tag, attrs, _, children = spec
        for name in ("points",):
            for pair in attrs.get(name, "").split():
                x, y = map(float, pair.split(","))
                xs.append(scale * (x + shift[0]))
                ys.append(scale * (y + shift[1]))
        if tag == "text" and attrs.get("text-anchor") == "start":  # (titles beside the tree may reach past it)
            xs.append(scale * (float(attrs["x"]) + shift[0]))
        for child in children:
            visit(child)
    for variant in data["variants"]:
        visit(variant)
    assert left - 0.5 <= min(xs) and max(xs) <= left + width + 0.5
    assert top - 0.5 <= min(ys) and max(ys) <= top + height + 0.5
    room = 16 + PERIPHERY  # the margin, and the room kept for a current node's second outline: not the slide's white
    assert min(xs) - left <= room * scale and top + height - max(ys) <= room * scale


def test_an_edge_s_end_drawn_before_is_drawn_again_without_its_text_only_where_its_outline_stays():
    """outline_only: a shape pinned at a fixed size keeps every attribute but its label (a hostile name's brackets
    and quotes included); a block of text as large as what it writes (a board, the titles) is left whole."""
    shape = ('\tn3 [label=<<FONT POINT-SIZE="10">&lt;/script&gt;&quot;]</FONT><BR/><B>−5</B>> fillcolor="#f3f4f6" '
             'fixedsize=true height=0.5556 id=n3 margin=0 pos="24.00,20.00!" shape=box width=0.6667]\n')
    assert outline_only(shape) == ('\tn3 [label="" fillcolor="#f3f4f6" fixedsize=true height=0.5556 id=n3 margin=0 '
                                   'pos="24.00,20.00!" shape=box width=0.6667]\n')
    quoted = '\tn4 [label="a \\" fixedsize=true [x]" fixedsize=true pos="1.00,2.00!" shape=box]\n'
    assert outline_only(quoted) == '\tn4 [label="" fixedsize=true pos="1.00,2.00!" shape=box]\n'
    text = '\tn5 [label="a \\" fixedsize=true" pos="1.00,2.00!" shape=plain]\n'  # (its size is its text's)
    assert outline_only(text) == text
    board = '\tn6 [label=<<TABLE><TR><TD>X</TD></TR></TABLE>> pos="1.00,2.00!" shape=plain style=""]\n'
    assert outline_only(board) == board
