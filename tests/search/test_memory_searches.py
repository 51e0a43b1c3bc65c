"""The searches with a transposition table: MTD(f), SSS* (as MT-SSS*) and iterative deepening. Checked against the
brute force on random trees, against Stockman's dominance of SSS* over alpha-beta, against alpha-beta at each
depth of the games, and through every command that shows a trace."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import assert_one_line_error, examples, run_tracer
from helpers import brute_force as brute_force_of_tree
from nested_lists import TREES, brute_force, nested_trees, prune_rules, root_players, tree_of
from tracer import ALGORITHMS, CountingTracer, Rules, load_tree, search_stats, trace_search
from tracer.inputs import load_problem
from tracer.inputs.traces import load_trace, trace_from_dict
from tracer.search.transposition import TranspositionTable
from tracer.view import EXACT, LOWER, UPPER, TraceView, pass_steps

MEMORY = ("mtdf", "sss", "id")
MANY = examples(1500, derandomize=True)


@MANY
@given(nested_trees, root_players, prune_rules, st.sampled_from(MEMORY), st.integers(-8, 8), st.sampled_from([None, 1, 3]))
def test_each_finds_the_minimax_value_and_a_move_that_reaches_it(nested, root_player, prune, algorithm, guess, size):
    root = tree_of(nested, root_player)
    value, move = ALGORITHMS[algorithm].run(root, rules=Rules(prune), settings={"guess": guess, "tt_size": size})
    expected = brute_force(nested, root_player)
    assert value == expected
    assert brute_force(nested[move], root_player.other) == expected


def leaf_values(nested) -> list:
    return [v for child in nested for v in leaf_values(child)] if isinstance(nested, list) else [nested]


def evaluated(trace) -> set[str]:
    return {trace.nodes[e.node].name for e in trace.events if e.kind == "leaf_evaluated"}


@MANY
@given(nested_trees, root_players, prune_rules)
def test_sss_never_evaluates_a_leaf_alpha_beta_skips(nested, root_player, prune):
    """Stockman's dominance (1979), which MT-SSS* keeps (Plaat et al. 1996): same move order, same prune rule."""
    root = tree_of(nested, root_player)
    rules = Rules(prune)
    assert evaluated(trace_search(root, "sss", rules=rules)) <= evaluated(trace_search(root, "alphabeta", rules=rules))


@examples(300, derandomize=True)
@given(nested_trees, root_players, st.sampled_from(["mtdf", "sss"]), st.integers(-8, 8))
def test_every_pass_tests_a_null_window_and_proves_a_bound_that_holds(nested, root_player, algorithm, guess):
    root = tree_of(nested, root_player)
    trace = trace_search(root, algorithm, settings={"guess": guess})
    true = brute_force(nested, root_player)
    passes = [e for e in trace.events if e.kind == "pass_started"]
    assert [e.number for e in passes] == list(range(1, len(passes) + 1))
    lower, upper = -float("inf"), float("inf")
    leaves = leaf_values(nested)
    for event in passes:
        # (β − g, β): no leaf strictly inside, g at most 1, and 1 on whole numbers; the floats stored can meet when
        # g is finer than a float's step at β (1 and 1e-304 are leaves) or at SSS*'s first pass, (+∞, +∞)
        assert event.alpha <= event.beta and (event.beta - event.alpha <= 1 or event.alpha == float("inf"))
        assert not any(event.alpha < leaf < event.beta for leaf in leaves)
        if all(float(leaf).is_integer() for leaf in leaves) and event.beta != float("inf"):
            assert event.beta - event.alpha == 1
        view = TraceView(trace, pass_steps(trace, event.number)[1])
        root_view = view.root
        if root_view.bound == LOWER:
            lower = max(lower, root_view.value)
        elif root_view.bound == UPPER:
            upper = min(upper, root_view.value)
        else:
            assert root_view.bound == EXACT
            lower = upper = root_view.value
        assert lower <= true <= upper
    assert lower == upper == true  # the bounds met
    stats = search_stats(root, algorithm, settings={"guess": guess})
    assert stats.passes == len(passes)
    assert stats.tt_probes == sum(e.kind == "table_probe" for e in trace.events)
    assert stats.tt_hits == sum(e.kind == "table_probe" and e.hit for e in trace.events)


@pytest.mark.parametrize("game, position, depths", [
    ("connect4", None, range(1, 7)),
    ("connect4", "4453", range(1, 6)),
    ("tictactoe", None, range(1, 10)),
    ("tictactoe", "X.O.X....", range(1, 7)),
    ("clobber", None, range(1, 4)),
])
def test_iterative_deepening_ends_with_alpha_betas_value_at_every_depth(game, position, depths):
    for depth in depths:
        problem = load_problem(game=game, position=position, depth=depth)
        alphabeta = ALGORITHMS["alphabeta"].run(problem.fresh_root(), depth)
        counter = CountingTracer()
        deepening = ALGORITHMS["id"].run(problem.fresh_root(), depth, counter)
        assert deepening[0] == alphabeta[0], (game, position, depth)
        assert counter.passes == depth  # one iteration per ply
        last = trace_search(problem.fresh_root(), "id", depth=depth)
        iterations = [e for e in last.events if e.kind == "pass_started"]
        assert len(iterations) == depth and iterations[-1].label.startswith(f"iteration {depth},")


@pytest.mark.parametrize("game, depth", [("connect4", 6), ("connect4", 7), ("tictactoe", 7), ("tictactoe", 9)])
def test_iterative_deepening_visits_fewer_nodes_than_alpha_beta(game, depth):
    """The previous iteration's best move first, and transpositions answered from the table, more than pay for the
    shallower iterations."""
    problem = load_problem(game=game, depth=depth)
    alphabeta = search_stats(problem.fresh_root(), "alphabeta", depth=depth)
    deepening = search_stats(problem.fresh_root(), "id", depth=depth)
    assert deepening.value == alphabeta.value
    assert deepening.nodes_visited < alphabeta.nodes_visited
    assert deepening.iterations == depth and deepening.tt_hits > 0


def test_mtdf_finds_the_same_value_from_any_guess_and_fewer_passes_from_a_good_one():
    root = load_tree(TREES / "binary_depth4.yaml").root
    passes = {guess: search_stats(root, "mtdf", settings={"guess": guess}).passes for guess in (-100, 0, 63, 200)}
    values = {search_stats(root, "mtdf", settings={"guess": guess}).value for guess in (-100, 0, 63, 200)}
    assert values == {63}
    assert passes[63] == min(passes.values()) == 2  # "≥ 63?" yes, "≥ 64?" no


def test_sss_is_best_first_on_figure_5_2():
    """Each pass after the first expands only under the child with the highest bound; the others are answered by
    the table (≤ 3, ≤ 2) without a visit below them."""
    trace = trace_search(load_tree(TREES / "rn_example.yaml").root, "sss")
    by_pass, number = {}, 0
    for event in trace.events:
        if event.kind == "pass_started":
            number = event.number
        elif event.kind == "leaf_evaluated":
            by_pass.setdefault(number, []).append((trace.nodes[trace.nodes[event.node].parent].name, event.value))
    assert by_pass == {1: [("B", 3), ("C", 2), ("D", 14)],  # the first child of each MIN node: ≤ 14 at the root
                       2: [("D", 5)], 3: [("D", 2)],  # D, the most promising, is expanded: ≤ 5, then ≤ 3 (B's)
                       4: [("B", 12), ("B", 8)]}  # B proves = 3
    answered = {trace.nodes[e.node].name for e in trace.events if e.kind == "table_cutoff"}
    assert {"B", "C"} <= answered
    assert search_stats(load_tree(TREES / "rn_example.yaml").root, "sss").passes == 4


def test_nodes_answered_from_the_table_are_marked_and_explained():
    from tracer.render.scene import DrawOptions, TABLE_NOTE, scene_of

    trace = trace_search(load_tree(TREES / "rn_example.yaml").root, "mtdf")
    scene = scene_of(trace, DrawOptions(legend=True))
    marked = [node for node in scene.nodes if TABLE_NOTE in node.notes]
    cut = [e.node for e in trace.events if e.kind == "table_cutoff"]
    assert [node.id for node in marked] == [f"n{node}" for node in cut] and marked
    assert any("transposition table" in meaning for _, meaning in scene.legend)
    assert "pass 2 of 2, window (3, 4)" in " ".join(scene.notes)
    steps = [step.note for _, step in TraceView(trace, 0).replay()]
    assert ("the value is known exactly: returns 3 to B from the table, without searching below it" in steps)
    assert "the root returns 3: best move B; pass 2 proves the value is exactly 3" in steps


def test_a_bounded_table_keeps_at_most_its_size_and_stays_correct():
    table = TranspositionTable(4)
    for key in range(10):
        table.store(key, 1, key, key, None)
    assert len(table) == 4 and table.probe(9).lower == 9 and table.probe(5) is None  # 5 went to 9's slot
    table.store(13, 1, 9, float("inf"), None)  # 13 goes to the same slot as 9, and replaces it
    assert table.probe(9) is None and table.probe(13).kind == "lower"
    table.store(13, 1, -float("inf"), 12, None)  # a bound found at the same depth joins what was known
    assert (table.probe(13).lower, table.probe(13).upper, table.probe(13).kind) == (9, 12, "bounds")
    table.store(13, 2, 0, float("inf"), None)  # a deeper search replaces it
    assert (table.probe(13).lower, table.probe(13).upper, table.probe(13).kind) == (0, float("inf"), "lower")
    problem = load_problem(game="connect4", depth=5)
    small = search_stats(problem.fresh_root(), "id", depth=5, settings={"tt_size": 16})
    large = search_stats(problem.fresh_root(), "id", depth=5)
    assert small.value == large.value and small.tt_hits < large.tt_hits


def test_stats_json_has_the_counts_of_each_search_only():
    data = json.loads(run_tracer("stats", TREES / "rn_example.yaml", "-a", "alphabeta", "-a", "mtdf", "-a", "sss",
                                 "-a", "id", "--json").stdout)
    keys = {row["algorithm"]: set(row) - {"algorithm", "value", "best_move", "nodes_visited", "leaves_evaluated",
                                          "cutoffs", "evaluated_leaves", "seconds", "order"} for row in data}
    assert keys == {"alphabeta": set(), "mtdf": {"passes", "tt_probes", "tt_hits"},
                    "sss": {"passes", "tt_probes", "tt_hits"}, "id": {"iterations", "tt_probes", "tt_hits"}}
    assert {row["value"] for row in data} == {3}


def test_compare_takes_the_new_searches_and_their_settings():
    result = run_tracer("compare", "--game", "tictactoe", "--depths", "1-3", "-a", "alphabeta", "-a", "mtdf", "-a",
                        "sss", "-a", "id", "--guess", "1", "--tt-size", "64", "--json", "--repeat", "1")
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)
    assert len(rows) == 12 and len({(row["depth"], row["value"]) for row in rows}) == 3


@pytest.mark.parametrize("args, message", [
    (["-a", "alphabeta", "--guess", "3"], "--guess is for -a mtdf, not -a alphabeta"),
    (["-a", "pvs", "--tt-size", "9"], "--tt-size is for -a mtdf or -a sss or -a id, not -a pvs"),
    (["-a", "mtdf", "--fail", "hard"], "-a mtdf moves its bound to what each null-window test returns"),
    (["-a", "sss", "--fail", "hard"], "use --fail soft"),
    (["-a", "mtdf", "--pass", "3"], "--pass 3: the search made 2 passes"),
    (["-a", "alphabeta", "--pass", "2"], "--pass 2: the search made one pass"),
    (["-a", "mtdf", "--guess", "nan"], "--guess: expected a finite number"),
])
def test_bad_settings_are_one_line(tmp_path, args, message):
    tree, output = tmp_path / "figure.yaml", tmp_path / "x.svg"
    tree.write_text("tree: [[3, 12, 8], [2, 4, 6], [14, 5, 2]]\n")  # Figure 5.2 without a rules: block
    assert_one_line_error(run_tracer("render", tree, *args, "-o", output), message)
    assert not output.exists()


def test_render_draws_one_pass_and_slides_step_through_it(tmp_path):
    first = run_tracer("render", TREES / "rn_example.yaml", "-a", "sss", "--pass", "2", "--visits", "-o",
                       tmp_path / "p2.svg")
    assert first.returncode == 0, first.stderr
    svg = (tmp_path / "p2.svg").read_text()
    assert "pass 2 of 4, window (13, 14)" in svg and "⊞ table" in svg
    trace = trace_search(load_tree(TREES / "rn_example.yaml").root, "sss")
    low, high = pass_steps(trace, 3)
    frames = run_tracer("slides", TREES / "rn_example.yaml", "-a", "sss", "--pass", "3", "-f", "svg", "-o",
                        tmp_path / "frames", "--step", "event")
    assert frames.returncode == 0, frames.stderr
    assert len(list((tmp_path / "frames").glob("*.svg"))) == high - low + 1


@pytest.mark.parametrize("algorithm", MEMORY)
def test_a_saved_trace_reads_back_and_a_damaged_table_event_is_one_line(tmp_path, algorithm):
    saved = tmp_path / "run.json"
    result = run_tracer("trace", "--game", "tictactoe", "--position", "X.O.X....", "--depth", "3", "-a", algorithm,
                        "-o", saved)
    assert result.returncode == 0, result.stderr
    data = json.loads(saved.read_text())
    assert load_trace(saved) == trace_from_dict(data)
    table = run_tracer("trace", saved).stdout
    assert re.search(r"probe .* the table (has|knows)", table) and "store" in table
    index = next(i for i, event in enumerate(data["events"]) if event["type"] == "table_probe")
    data["events"][index]["found"] = "maybe"
    saved.write_text(json.dumps(data))
    assert_one_line_error(run_tracer("render", saved, "-o", tmp_path / "x.svg"), f"events[{index}].found")


def test_iterative_deepening_on_a_tree_with_static_values_deepens_ply_by_ply():
    tree = load_tree(TREES / "id_example.yaml")
    trace = trace_search(tree.root, "id", meta=tree.meta())
    labels = [e.label for e in trace.events if e.kind == "pass_started"]
    assert labels == ["iteration 1, 1 ply deep", "iteration 2, 2 plies deep", "iteration 3, 3 plies deep"]
    assert (trace.value, trace.best_move) == (brute_force_of_tree(tree.root), search_stats(tree.root, "alphabeta").best_move)
    # the second iteration searches first the move the first found best
    first = TraceView(trace, pass_steps(trace, 1)[1]).root.best_child
    second = TraceView(trace, pass_steps(trace, 2)[1])
    assert min((node.visit, node.id) for node in second.nodes if node.node.parent == 0 and node.visit)[1] == first


@pytest.mark.parametrize("algorithm", ["mtdf", "sss", "id"])
def test_a_leaf_is_stored_in_the_table_after_it_is_evaluated(algorithm):
    trace = trace_search(load_tree(TREES / "rn_example.yaml").root, algorithm)
    kinds = [(event.kind, event.node) for event in trace.events]
    leaves = {node for kind, node in kinds if kind == "leaf_evaluated"}
    stores = [i for i, (kind, node) in enumerate(kinds) if kind == "table_store" and node in leaves]
    assert stores and all(kinds[i - 1] == ("leaf_evaluated", kinds[i][1]) for i in stores)  # evaluated, then kept
    captions = [step.note for _, step in TraceView(trace, 0).replay()]
    first = next(i for i, note in enumerate(captions) if note.startswith("the table keeps B1's value"))
    assert captions[first - 1] == "a leaf: its value is 3"


def test_a_saved_trace_may_store_a_leaf_only_right_after_its_evaluation(tmp_path):
    from tracer.errors import TraceFileError
    from tracer.inputs import trace_from_dict

    data = trace_search(load_tree(TREES / "rn_example.yaml").root, "mtdf").to_dict()
    events = data["events"]
    at = next(i for i, event in enumerate(events) if event["type"] == "table_store"
              and events[i - 1]["type"] == "leaf_evaluated")
    trace_from_dict(data, "ok.json")  # as the search wrote it
    late = json.loads(json.dumps(data))
    late["events"][at], late["events"][at + 1] = late["events"][at + 1], late["events"][at]  # a step in between
    with pytest.raises(TraceFileError, match=f"events\\[{at + 1}\\]: table_store of node"):
        trace_from_dict(late, "late.json")
