"""The family contract, checked the same way for every family of searches: the built-in ones (values, vectors, Monte
Carlo tree search) and a toy one defined here, as a new family would be (a node class, a fold, captions, a look and
one entry in tracer.view.FAMILIES; its search one entry in the registry).

What each family must do for tracer: its traces go through every output — a drawing (DOT, SVG, TikZ, a worksheet),
a deck (beamer, the HTML player), the step table, the export (node-link JSON, GraphML) — without the renderers
asking which family they hold; what the family says its nodes show is what the outputs show (checked against
numbers worked out here from the tree, not read back from the view); and a deck steps as the family says (its step
modes and its default one, the others refused naming the family's).
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ElementTree
from types import MappingProxyType

import pytest

import tracer.view
from helpers import TREES
from tracer.inputs import load_problem
from tracer.render.deck import make_deck
from tracer.render.drawing import render_bytes
from tracer.render.export import export_bytes
from tracer.render.key import key_rows
from tracer.render.player import player_html
from tracer.render.scene import DrawOptions, scene_of
from tracer.render.slides import write_slides
from tracer.render.text_table import step_table
from tracer.run import trace_search
from tracer.search.algorithms import leaf_value
from tracer.search.registry import ALGORITHMS, Algorithm
from tracer.search.spec import resolve
from tracer.search.tracers import NO_TRACER
from tracer.numbers import format_number
from tracer.records import replace
from tracer.trace.events import LeafEvaluated, NodeEntered, NodeExited
from tracer.view import STEP_MODES, TraceView, default_step_mode, family_of, frame_steps
from tracer.view.captions import Step
from tracer.view.look import KeyRow, Look
from tracer.view.nodes import Family, NodeView


# ---- the toy family: a search that only counts ------------------------------------------------------------------

def counting(root, depth=float("inf"), tracer=NO_TRACER):
    """A depth-first walk that backs up nothing but how many leaves it reached: the count at the root is its value."""

    def walk(state, depth, move) -> int:
        tracer.enter(state, move)
        value = leaf_value(state, depth)
        if value is not None:
            tracer.leaf(value)
            return 1
        leaves = sum(walk(state.child(move), depth - 1, move) for move in state.moves())
        tracer.exit(leaves, None)
        return leaves

    return float(walk(root, depth, None)), None


class CountNode(NodeView, slots=False):
    """A node that keeps only how many leaves the walk has reached below it (itself, for a leaf)."""

    counted: int = 0
    # what the shared readers (the scene, the export) ask of every node, as a family that keeps no values answers
    value = window = cut = best_child = node_type = None
    leaf = from_table = False

    def state(self) -> tuple:
        return (*NodeView.state(self), self.counted)


def _counted(view, node: CountNode, event: LeafEvaluated) -> None:
    """A leaf reached: one more for it and for every node above it."""
    while node is not None:
        node.counted += 1
        node = view.nodes[node.node.parent] if node.node.parent is not None else None


def _nothing(view, node, event) -> None:
    pass


COUNT_FOLD = {NodeEntered: _nothing, LeafEvaluated: _counted, NodeExited: _nothing}
COUNT_CAPTIONS = {
    NodeEntered: lambda view, event: Step("enter", "", "the walk comes down here"),
    LeafEvaluated: lambda view, event: Step("count", str(view.root.counted), f"leaf {view.root.counted} counted"),
    NodeExited: lambda view, event: Step("tally", str(view.nodes[event.node].counted),
                                         f"{view.nodes[event.node].counted} leaves tallied below"),
}


class CountLook(Look):
    """The toy's look: each node its tally (``7 tallied``), a table of tallies, an export field of its own."""

    ask = "tally the leaves below each node"
    headers = ("step", "node", "event", "tally", "note")
    right = (0, 3)
    key_rows = (KeyRow("tally", "n tallied", "leaves the walk counted below the node", after="leaf"),)

    def value(self, view, node) -> str:
        return f"{node.counted} tallied" if node.reached else ""

    def window(self, view, node) -> str:
        return ""

    def key_shown(self, nodes, edges, options) -> dict[str, bool]:
        return {"tally": any(node.value.endswith("tallied") for node in nodes)}

    def row(self, view, event, step) -> tuple[str, ...]:
        return str(view.step), view.label(event.node), step.kind, str(view.nodes[event.node].counted), step.note

    def summary(self, trace) -> str:
        return f"{trace.algorithm}: {format_number(trace.value)} leaves tallied"

    def export_fields(self, node) -> dict:
        return {"tallied": node.counted}


def _after_leaf(event, after) -> bool:
    return isinstance(event, LeafEvaluated) or after is None


COUNTING = Family("counting", CountNode, COUNT_FOLD, COUNT_CAPTIONS, look=CountLook(),
                  step_modes=MappingProxyType({"event": lambda event, after: True, "leaf": _after_leaf}),
                  default_step_mode="leaf")


@pytest.fixture
def toy_registered(monkeypatch):
    """The toy family and its search, each one entry where the built-in ones are."""
    monkeypatch.setattr(tracer.view, "FAMILIES", (*tracer.view.FAMILIES, COUNTING))
    monkeypatch.setitem(ALGORITHMS, "counting", Algorithm("counting", counting, "Counting", pruning=False,
                                                           family="counting"))


# ---- the cases ---------------------------------------------------------------------------------------------------

def traced(path, algorithm, **settings):
    problem = load_problem(path)
    if algorithm == "counting":  # the command line's choices are the built-in searches: the spec is made directly
        spec = replace(resolve(problem.rules, {"algorithm": "minimax"}, problem.depth)[0][0], algorithm="counting")
    else:
        spec = resolve(problem.rules, {"algorithm": algorithm, **settings}, problem.depth)[0][0]
    return trace_search(problem.root, spec, meta=problem.meta)


CASES = {
    "values": (TREES / "rn_example.yaml", "alphabeta", {}),
    "values, negamax": (TREES / "binary_depth4.yaml", "negamax-ab", {}),
    "vectors": (TREES / "three_players.yaml", "maxn", {}),
    "mcts": (TREES / "rn_example.yaml", "mcts", {"iterations": 9, "seed": 1}),
    "counting (a toy family)": (TREES / "uneven.yaml", "counting", {}),
}


@pytest.fixture(params=list(CASES), ids=list(CASES))
def trace(request, toy_registered):
    path, algorithm, settings = CASES[request.param]
    return traced(path, algorithm, **settings)


def leaves_below(trace) -> dict[int, int]:
    """Every node's number of leaves below it (itself, for a leaf), from the trace's tree alone."""
    parents = {node.id: node.parent for node in trace.nodes}
    inner = {node.parent for node in trace.nodes if node.parent is not None}
    counts = dict.fromkeys(parents, 0)
    for node in parents:
        if node not in inner:
            while node is not None:
                counts[node] += 1
                node = parents[node]
    return counts


# ---- the contract ------------------------------------------------------------------------------------------------

def test_the_family_is_the_one_its_registry_entry_names(trace):
    family = family_of(trace)
    assert family.name == trace.spec.search.family
    assert family in tracer.view.FAMILIES
    assert isinstance(TraceView(trace).root, family.node_class)


def test_a_drawing_shows_what_the_family_says_its_root_holds(trace):
    """DOT, SVG and TikZ all carry the root's text as the family writes it; checked against the tree for the toy,
    the search's value for the others."""
    family = family_of(trace)
    view = TraceView(trace)
    root_text = family.look.value(view, view.root)
    if family is COUNTING:
        assert root_text == f"{leaves_below(trace)[0]} tallied"
    elif family.name == "mcts":
        rewards = [event.reward for event in trace.events if event.kind == "mcts_backup"]  # MAX's, the root's player
        wins, visits = root_text.split("/")
        assert int(visits) == len(rewards) == trace.spec.iterations and float(wins) == round(sum(rewards), 2)
    else:
        assert root_text == format_number(trace.value)
    dot = render_bytes(trace, "dot").decode()
    svg = render_bytes(trace, "svg").decode()
    tikz = render_bytes(trace, "tikz").decode()
    assert root_text in dot and root_text in tikz
    ElementTree.fromstring(svg)  # an SVG document
    assert root_text.replace("−", "&#8722;") in svg or root_text in svg


def test_the_toy_familys_text_is_drawn_in_every_node_it_reached(toy_registered):
    trace = traced(TREES / "uneven.yaml", "counting")
    dot = render_bytes(trace, "dot").decode()
    counts = leaves_below(trace)
    assert sorted(int(n) for n in re.findall(r"(\d+) tallied", dot)) == sorted(counts.values())


def test_the_key_lists_the_familys_rows_where_it_places_them(trace):
    look = family_of(trace).look
    rows = list(key_rows(look))
    for own in look.key_rows:
        assert rows.index(own.name) == rows.index(own.after) + 1 + [r.name for r in look.key_rows
                                                                   if r.after == own.after].index(own.name)
    scene = scene_of(trace, DrawOptions(legend=True))
    shown = look.key_shown(scene.nodes, scene.edges, DrawOptions(legend=True))
    for own in look.key_rows:
        assert ((own.symbol, own.meaning) in scene.legend) == shown[own.name]
    assert scene.legend and len(set(scene.legend)) == len(scene.legend)


def test_a_worksheet_asks_what_the_family_asks(trace):
    look = family_of(trace).look
    scene = scene_of(trace, DrawOptions(question=True, legend=True, visits=True))
    assert look.ask in scene.subtitle
    assert not any(edge.best or edge.taken for edge in scene.edges)  # nothing the search found


def test_every_drawing_option_goes_through_every_family(trace):
    """No family code path raises, whatever the drawing asks (the family's own options only where it takes them)."""
    look = family_of(trace).look
    for options in (DrawOptions(visits=True, legend=True), DrawOptions(compact=True, legend=True),
                    DrawOptions(first_children=1, legend=True), DrawOptions(draw_depth=1, legend=True),
                    DrawOptions(leaf_names=True, flags=((1, "✗ you: 4"),), legend=True),
                    DrawOptions(node_types=True, legend=True),
                    DrawOptions(playouts="playouts" in look.takes, min_visits=2 if "min_visits" in look.takes else None,
                                legend=True)):
        scene = scene_of(trace, options)
        assert scene.nodes[0].id == "n0" and {edge.tail for edge in scene.edges} <= {n.id for n in scene.nodes}


def test_the_step_table_has_the_familys_columns_and_a_row_per_event(trace):
    look = family_of(trace).look
    lines = step_table(trace).splitlines()
    assert lines[0].split() == list(look.headers)
    assert len(lines) == len(trace.events) + 3  # headers, rule, a row per event, the summary
    assert lines[-1] == look.summary(trace)
    if family_of(trace) is COUNTING:
        tallies = [int(line.split()[3]) for line in lines[2:-1] if line.split()[2] == "tally"]
        inner = [c for node, c in leaves_below(trace).items() if any(n.parent == node for n in trace.nodes)]
        assert sorted(tallies) == sorted(inner)


def test_the_export_carries_the_familys_fields(trace):
    data = json.loads(export_bytes(trace, "json"))
    graphml = export_bytes(trace, "graphml").decode()
    ElementTree.fromstring(graphml)
    assert len(data["nodes"]) == trace.node_count
    fields = family_of(trace).look.export_fields(TraceView(trace).root)
    root = next(node for node in data["nodes"] if node["id"] == 0)
    for name, value in fields.items():
        shown = float(root[name]) if root[name] in ("inf", "-inf") else root[name]  # JSON's infinities
        assert f'attr.name="{name}"' in graphml and shown == value
    if family_of(trace) is COUNTING:
        counts = leaves_below(trace)
        assert {node["id"]: node["tallied"] for node in data["nodes"]} == counts


def test_a_deck_steps_as_the_family_says(trace, tmp_path):
    family = family_of(trace)
    assert default_step_mode(trace) == family.default_step_mode and family.default_step_mode in family.step_modes
    events = trace.events
    for mode in family.step_modes:
        steps = frame_steps(trace, mode)
        assert steps[-1] == len(events) and steps == sorted(set(steps))
    assert frame_steps(trace, "event") == list(range(1, len(events) + 1))
    for mode in set(STEP_MODES) - set(family.step_modes):
        with pytest.raises(ValueError, match=f"--step {mode} does not fit .*choose from {', '.join(family.step_modes)}"):
            frame_steps(trace, mode)
    if family is COUNTING:
        assert frame_steps(trace, "leaf") == [i + 1 for i, event in enumerate(events)
                                              if event.kind == "leaf_evaluated" or i + 1 == len(events)]
    steps = frame_steps(trace, family.default_step_mode)
    deck = make_deck(trace, steps, DrawOptions(legend=True))
    assert [frame.step for frame in deck.frames] == steps
    page = player_html(deck)
    data = json.loads(page.split('id="trace-data">', 1)[1].split("</script>", 1)[0])
    assert data["table"]["headers"] == list(family.look.headers) and len(data["table"]["rows"]) == len(events)
    write_slides(deck, "beamer", str(tmp_path / "deck.tex"))
    assert "\\begin{frame}" in (tmp_path / "deck.tex").read_text()
    assert (tmp_path / "deck.pdf").read_bytes().startswith(b"%PDF")


def test_a_family_unknown_to_the_step_modes_is_refused_by_name(trace):
    with pytest.raises(ValueError, match="unknown step mode 'sometimes'"):
        frame_steps(trace, "sometimes")
