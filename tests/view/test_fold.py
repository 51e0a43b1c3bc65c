"""The one fold (tracer/view.py, tracer/trace/events.py): the view at every step equals the events folded from
scratch, the final view equals the one tracer drew before the fold existed, one rule names every cutoff, and a
trace can hold several passes from the same root."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import ClassVar

import pytest

from helpers import traced
from nested_lists import TREES
from tracer import ALGORITHMS, Rules, load_tree, parse_tree, step_table, to_dot, trace_search
from tracer.inputs.traces import trace_from_dict
from tracer.model.trees import first_chance
from tracer.render.text_table import step_rows
from tracer.search.algorithms import alphabeta
from tracer.search.tracers import COUNTS, CountingTracer
from tracer.trace.recorder import RecordingTracer
from tracer.trace.trace import Trace
from tracer.view import TraceView

ALGORITHMS = {name: s for name, s in ALGORITHMS.items() if s.family == "values" and not s.vectors}  # searches backing up values (MCTS: test_mcts.py)

DATA = Path(__file__).parent / "data"
SHIPPED = sorted(TREES.glob("*.yaml"))
SEARCHES = [(name, prune, fail) for name, search in ALGORITHMS.items()
            for prune, fail in ([("ge", "soft"), ("ge", "hard"), ("gt", "soft"), ("gt", "hard")] if search.pruning
                                else [("ge", "soft")])
            if not (search.soft_only and fail == "hard")]  # MTD(f) and SSS* refuse fail-hard
TREES_READ = {path: load_tree(path) for path in SHIPPED}  # each read once: collection reads them for every search
CASES = [(path, *search) for path in SHIPPED for search in SEARCHES
         if (TREES_READ[path].alternates or not ALGORITHMS[search[0]].negamax)  # negamax needs alternating players
         and (ALGORITHMS[search[0]].chance or first_chance(TREES_READ[path].root) is None)  # only one averages
         and TREES_READ[path].root.named is None]  # vector leaves: test_vectors.py


def snapshot(view: TraceView) -> list[tuple]:
    return [node.state() for node in view.nodes] + [(view.step, view.visits, view.pass_number, view.current)]


@pytest.mark.parametrize("path, algorithm, prune, fail", CASES,
                         ids=[f"{p.stem}-{a}-{r}-{f}" for p, a, r, f in CASES])
def test_the_view_at_every_step_is_the_fold_of_the_first_k_events(path, algorithm, prune, fail):
    trace = traced(path, algorithm, prune, fail, depth=math.inf)
    replayed = TraceView(trace, 0)
    assert snapshot(replayed) == snapshot(TraceView(trace, 0))
    for k, _ in enumerate(replayed.replay(), 1):
        assert snapshot(replayed) == snapshot(TraceView(trace, k)), f"step {k}"
    assert replayed.finished and snapshot(replayed) == snapshot(TraceView(trace))


@pytest.mark.parametrize("path, algorithm, prune, fail", CASES,
                         ids=[f"{p.stem}-{a}-{r}-{f}" for p, a, r, f in CASES])
def test_the_view_counts_what_the_counting_tracer_counts(path, algorithm, prune, fail):
    tree, search = load_tree(path), ALGORITHMS[algorithm]
    counter = CountingTracer(mover_terms=search.negamax)
    search.run(tree.root, math.inf, counter, Rules(prune, fail))
    view = TraceView(traced(path, algorithm, prune, fail, depth=math.inf))
    assert view.counts == {key: getattr(counter, key) for key in COUNTS}
    assert view.counts["cutoffs"] == len(view.cutoffs) == sum(event.cuts and event.kind == "cutoff"
                                                               for event in view.trace.events)
    assert all(len(steps) == view.counts[key] for key, steps in view.count_steps.items())


def _final(view: TraceView) -> dict:
    best = {node.id for node in view.best_line()}
    out = {}
    for node in view.nodes:
        window = None if node.window is None else [_inf(x) for x in node.window]
        out[view.labels[node.id]] = {"value": node.value, "bound": node.bound, "window": window,
                                     "pruned": node.pruned, "best": node.id in best, "visit": node.visit}
    return out


def _inf(value):
    return {math.inf: "inf", -math.inf: "-inf"}.get(value, value)


def test_the_final_view_is_the_one_drawn_before_the_fold():
    # tests/view/data/final_views.v1.json was written by tracer's view as it stood before the fold (the one that
    # only gave the end state): values, bounds, windows, pruned nodes, best line and visit order of every shipped
    # tree under every algorithm and rule.
    before = json.loads((DATA / "final_views.v1.json").read_text())
    cases = [case for case in CASES if "{}/{}/{}/{}".format(case[0].stem, *case[1:]) in before]  # trees shipped then
    assert len(cases) == len(before)
    for path, algorithm, prune, fail in cases:
        view = TraceView(traced(path, algorithm, prune, fail, depth=math.inf))
        assert _final(view) == before[f"{path.stem}/{algorithm}/{prune}/{fail}"]


# ---- one rule for cutoffs: table, caption and diagram agree -------------------------------------------------------

@pytest.mark.parametrize("algorithm, greek, reason", [("alphabeta", "α", "2 ≤ α=3"), ("negamax-ab", "β", "−2 ≥ β=−3")])
def test_a_cut_reads_the_same_in_table_caption_and_diagram(algorithm, greek, reason):
    trace = traced(TREES / "rn_example.yaml", algorithm)
    step = next(i for i, e in enumerate(trace.events, 1) if e.kind == "cutoff")
    assert step == 19
    row = step_rows(trace)[step - 1]
    caption = TraceView(trace, step).caption()
    spoken = reason.replace("=", " = ")
    assert row[3] == "cutoff" and f"v = {spoken}: {greek}-cutoff" in row[7]
    assert caption == f"C: {row[7]}"  # the caption is the table's note, with the node
    assert f"✂ {reason}" in to_dot(trace)  # beside the node that cut
    other = "β" if greek == "α" else "α"
    assert f"{other}-cut" not in step_table(trace)


def test_a_caption_names_the_pruned_children_with_their_values():
    trace = traced(TREES / "rn_example.yaml", "alphabeta")
    assert TraceView(trace, 19).caption() == \
        "C: v = 2 ≤ α = 3: α-cutoff, shallow: α from A — prune C's remaining children C2 (4) and C3 (6)"
    negamax = traced(TREES / "rn_example.yaml", "negamax")
    assert TraceView(negamax, 5).caption() == "B: B1 returns 3, so v = max(−∞, −(3)) = −3"


def test_the_view_mid_search_shows_values_so_far_with_their_bounds():
    trace = traced(TREES / "rn_example.yaml", "alphabeta")
    view = TraceView(trace, 17)  # C has seen C1 = 2 and not yet cut
    c = next(n for n in view.nodes if n.node.name == "C")
    assert (c.status, c.value, view.bound_now(c)) == ("active", 2, "≤")
    a = view.root
    assert (a.status, a.value, view.bound_now(a), a.window) == ("active", 3, "≥", (3, math.inf))
    assert [view.labels[n.id] for n in view.nodes if not n.reached] == ["C2", "C3", "D", "D1", "D2", "D3"]
    assert view.best_line() == []  # no best line until the root is done
    assert view.current == c.id


# ---- several passes from one root -------------------------------------------------------------------------------

def two_pass_trace(text: str) -> Trace:
    """A search that searches the same tree twice from the root (as iterative deepening and MTD(f) do), recorded
    into one trace."""
    tree = parse_tree(text)
    recorder = RecordingTracer()
    recorder.begin_pass("a first look", -math.inf, math.inf)
    alphabeta(tree.root, math.inf, recorder)
    recorder.begin_pass("searched again")
    value, move = alphabeta(tree.root, math.inf, recorder)
    return Trace("alphabeta", {"depth": None, "prune": "ge", "fail": "soft"}, recorder.nodes(), recorder.events(),
                 value, tree.root.move_name(move), {"name": "two"}, title="Alpha-beta, twice")


def test_a_node_searched_again_is_the_same_node_and_the_view_shows_the_last_pass():
    once = trace_search(parse_tree("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]").root, "alphabeta")
    twice = two_pass_trace("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
    assert len(twice.nodes) == len(once.nodes) == 13  # one tree, not two
    assert [e.kind for e in twice.events].count("pass_started") == 2
    assert len(twice.events) == 2 * len(once.events) + 2
    view = TraceView(twice)
    assert (view.passes, view.pass_number) == (2, 2)
    # each pass numbers its visits from 1, and starts from a blank view: the second ends as the first did
    assert [n.visit for n in view.nodes] == [n.visit for n in TraceView(once).nodes]
    assert _final(view) == _final(TraceView(once))
    # the table shows both passes; the diagram the last
    rows = step_rows(twice)
    assert rows[0][3] == "pass" and "pass 1 begins with the window (−∞, +∞): a first look" in rows[0][7]
    assert [row[3] for row in rows].count("enter") == 22
    assert "pass 2 of 2" in to_dot(twice)


def test_the_view_after_the_first_pass_is_that_pass():
    twice = two_pass_trace("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
    end_of_first = next(i for i, e in enumerate(twice.events) if e.kind == "pass_started" and e.number == 2)
    view = TraceView(twice, end_of_first)
    assert view.pass_number == 1 and view.root.done and view.root.value == 3
    # entering the root again forgets what the first pass found there
    view.apply(twice.events[end_of_first])
    view.apply(twice.events[end_of_first + 1])
    assert view.root.status == "active" and view.root.value is None and view.root.visit == 1  # visits count anew
    assert all(not node.reached for node in view.nodes[1:])  # what the first pass did is gone from the view


def test_a_two_pass_trace_saves_and_loads():
    twice = two_pass_trace("[[1, 2], [3]]")
    again = trace_from_dict(json.loads(twice.to_json()))
    assert again == twice and again.title == "Alpha-beta, twice"


def test_a_family_with_its_own_per_node_state_plugs_into_the_fold(monkeypatch):
    """A search whose nodes keep other things (here, as Monte Carlo tree search would, visits and total reward)
    declares its node class, handlers and captions; the view's bookkeeping (statuses, visits, counts) is shared."""
    import tracer.view
    from tracer.model.state import Player
    from tracer.trace.events import Event, LeafEvaluated, NodeEntered, NodeExited
    from tracer.trace.trace import TraceNode
    from tracer.view.captions import Step
    from tracer.view.nodes import Family, NodeView

    class RewardBackedUp(Event):  # (a record of its annotated fields, as every event type)
        kind: ClassVar[str] = "reward_backed_up"
        node: int
        reward: float

    class VisitNode(NodeView, slots=False):
        visits: int = 0
        total: float = 0.0

    def backed_up(view, node, event):
        node.visits += 1
        node.total += event.reward

    ignore = lambda view, node, event: None  # noqa: E731
    fold = {NodeEntered: ignore, LeafEvaluated: ignore, NodeExited: ignore, RewardBackedUp: backed_up}
    captions = {kind: (lambda view, event: Step(event.kind, "", "")) for kind in fold}
    visits = Family("visits", VisitNode, fold, captions)
    monkeypatch.setattr(tracer.view, "FAMILIES", (visits, tracer.view.VALUES))

    nodes = [TraceNode(0, None, None, "A", Player.MAX, 0), TraceNode(1, 0, "a", "B", Player.MIN, 1)]
    events = [NodeEntered(0, None, 0, Player.MAX), NodeEntered(1, 0, 1, Player.MIN), LeafEvaluated(1, 1.0),
              RewardBackedUp(1, 1.0), RewardBackedUp(0, 1.0), NodeExited(0, 1.0, 1)]
    view = TraceView(Trace("toy", {}, nodes, events, 1.0, "a"))
    assert view.family is visits and all(isinstance(node, VisitNode) for node in view.nodes)
    assert [(node.visits, node.total, node.status, node.visit) for node in view.nodes] == \
        [(1, 1.0, "done", 1), (1, 1.0, "done", 2)]
    assert view.counts["nodes_visited"] == 2 and view.counts["leaves_evaluated"] == 1
    assert not hasattr(view.nodes[0], "window")  # nothing of the values family's state
    # a trace of the values family is folded as before
    assert TraceView(traced(SHIPPED[0], "alphabeta")).family is tracer.view.VALUES
