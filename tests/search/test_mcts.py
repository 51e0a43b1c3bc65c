"""Monte Carlo tree search against the contract in the README, checked by an independent implementation written
here (only the state interface: players, moves, children, utilities), iteration by iteration against the trace."""

from __future__ import annotations

import json
import math
import random
import re

import pytest
from hypothesis import given, strategies as st

import tracer
from helpers import TREES, assert_one_line_error, examples, run_tracer
from tracer.model.state import Player
from tracer.model.trees import TreeNode


# ---- the reference: UCT as the README states it ----------------------------------------------------------------

class Ref:
    def __init__(self, state, parent=None, move=None):
        self.state, self.parent, self.move = state, parent, move
        self.untried = list(state.moves())
        self.children, self.n, self.w = [], 0, 0.0
        if parent is None:
            self.chooser = Player.MAX if state.player is Player.CHANCE else state.player
        elif parent.state.player is Player.CHANCE:
            self.chooser = parent.chooser
        else:
            self.chooser = parent.state.player


def leaves(state):
    if state.is_terminal():
        return [state.utility()]
    return [v for m in state.moves() for v in leaves(state.child(m))]


def reference_uct(root, iterations, c, rollout, seed):
    """Yields per iteration: (selected (parent, child, totals) triples, expanded child, reward, path stats)."""
    rng = random.Random(seed)
    values = leaves(root)
    lo, hi = min(values), max(values)

    def reward_of(state):
        return 0.5 if hi == lo else (state.utility() - lo) / (hi - lo)

    def draw(state):
        point, total = rng.random(), 0.0
        for m in state.moves():
            total += state.probability(m)
            if point < total:
                return m
        return state.moves()[-1]

    top = Ref(root)
    start = [top] if getattr(root, "stats", None) else []
    for node in start:  # a tree file's stats: the nodes given join first, parents before children, in move order
        node.w, node.n = node.state.stats
        for m in list(node.untried):
            if node.state.child(m).stats:
                node.untried.remove(m)
                node.children.append(Ref(node.state.child(m), node, m))
                start.append(node.children[-1])
    for _ in range(iterations):
        node, picks = top, []
        while not node.state.is_terminal():
            if node.state.player is Player.CHANCE:
                m = draw(node.state)
                existing = [ch for ch in node.children if ch.move == m]
                if not existing:
                    node.untried.remove(m)
                    node.untried.insert(0, m)
                    break
                node = existing[0]
                continue
            if node.untried:
                break
            totals = [ch.w / ch.n + c * math.sqrt(math.log(node.n) / ch.n) for ch in node.children]
            best = totals.index(max(totals))
            picks.append((node, node.children[best], totals))
            node = node.children[best]
        expanded = None
        if not node.state.is_terminal() and node.untried:
            m = node.untried.pop(0)
            expanded = Ref(node.state.child(m), node, m)
            node.children.append(expanded)
            node = expanded
            state = node.state
            while not state.is_terminal():
                if state.player is Player.CHANCE:
                    m = draw(state)
                else:
                    ms = state.moves()
                    m = ms[rng.randrange(len(ms))] if rollout == "random" else ms[0]
                state = state.child(m)
            r = reward_of(state)
        else:
            r = reward_of(node.state)
        path, walk = [], node
        while walk is not None:
            walk.n += 1
            walk.w += (1 - r) if walk.chooser is Player.MIN else r
            path.append((walk.n, walk.w))
            walk = walk.parent
        yield picks, expanded, r, path
    yield top


def events_by_iteration(trace):
    iterations, current = [], None
    for event in trace.events:
        if event.kind == "mcts_iteration":
            current = []
            iterations.append(current)
        elif current is not None and event.kind != "mcts_final":
            current.append(event)
    return iterations


def check_against_reference(root, iterations, c, rollout, seed, order="natural"):
    trace = tracer.trace_search(root, tracer.SearchSpec("mcts", iterations=iterations, exploration=c,
                                                        rollout=rollout, seed=seed, order=order))
    ordered = tracer.search.ordering.ordered(root, order, math.inf, seed) if order != "natural" else root
    reference = list(reference_uct(ordered, iterations, c, rollout, seed))
    top = reference.pop()
    names = {node.id: node.name for node in trace.nodes}
    for steps, (picks, expanded, reward, path) in zip(events_by_iteration(trace), reference):
        selects = [e for e in steps if e.kind == "mcts_select"]
        assert len(selects) == len(picks)
        for event, (parent, child, totals) in zip(selects, picks):
            assert names[event.child] == child.state.name
            assert [entry[5] for entry in event.children] == pytest.approx(totals, abs=1e-12)
        expands = [e for e in steps if e.kind == "mcts_expand"]
        assert [names[e.node] for e in expands] == ([expanded.state.name] if expanded else [])
        backup = next(e for e in steps if e.kind == "mcts_backup")
        assert backup.reward == pytest.approx(reward, abs=1e-12)
        assert [(v, pytest.approx(w, abs=1e-9)) for _, v, w in backup.path] == path
    robust = max((ch for ch in top.children if ch.n), key=lambda ch: (ch.n, ch.w / ch.n))
    assert trace.best_move == ordered.move_name(robust.move)
    return trace


def tree(nested, players=("max", "min")):
    return tracer.inputs.trees.parse_tree(json.dumps({"players": list(players), "tree": nested})).root


RN = tracer.load_tree(TREES / "rn_example.yaml").root


@pytest.mark.parametrize("rollout", ["first", "random"])
@pytest.mark.parametrize("c", [0, 0.5, math.sqrt(2), 3])
def test_every_iteration_matches_an_independent_uct(rollout, c):
    check_against_reference(RN, 60, c, rollout, seed=4)


def test_a_min_root_and_two_min_players_keep_w_in_the_choosers_terms():
    check_against_reference(tree([[3, 12, [8, 1]], [2, [4, 6]], [14, 5, 2]], ("min", "max")), 50, 1.0, "random", 2)
    check_against_reference(tree([[[3, 1], [12, 0]], [[2, 7], [4, 6]]], ("max", "min", "min")), 50, 1.0, "first", 0)


STATS_TREE = TREES / "mcts_example.yaml"


@pytest.mark.parametrize("rollout", ["first", "random"])
def test_a_search_goes_on_from_the_statistics_a_tree_file_gives(rollout):
    """mcts_example.yaml: the given nodes are in the tree first (the root's event has no parent), with W and N as
    written, and every iteration after them is the reference's, continuing from the same numbers."""
    root = tracer.load_tree(STATS_TREE).root
    trace = check_against_reference(root, 40, math.sqrt(2), rollout, seed=1)
    given = [e for e in trace.events if e.kind == "mcts_given"]
    names = [trace.nodes[e.node].name for e in given]
    assert names == list("ABCDEFGHIJ") and given[0].parent is None
    assert [(e.wins, e.visits) for e in given][:4] == [(7, 14), (4, 6), (1, 4), (2, 4)]


def test_the_next_selection_from_given_statistics_is_the_hand_computed_one():
    """By hand from the README's rule: at A, D 0.5 + √2·√(ln 14 / 4) beats B 4/6 + √2·√(ln 14 / 6) and C; at D,
    J 1 + √2·√(ln 4 / 1) beats I; J's first leaf (−1, a loss for MAX) is expanded and backs up 0."""
    trace = tracer.trace_search(tracer.load_tree(STATS_TREE).root, tracer.SearchSpec("mcts", iterations=1,
                                                                                     rollout="first"))
    totals = {letter: q + math.sqrt(2) * math.sqrt(math.log(14) / n)
              for letter, q, n in (("B", 4 / 6, 6), ("C", 1 / 4, 4), ("D", 2 / 4, 4))}
    assert max(totals, key=totals.get) == "D"
    selects = [e for e in trace.events if e.kind == "mcts_select"]
    assert [trace.nodes[e.child].name for e in selects] == ["D", "J"]
    assert selects[0].children[2][5] == pytest.approx(totals["D"])
    backup = next(e for e in trace.events if e.kind == "mcts_backup")
    assert backup.reward == 0 and [(v, w) for _, v, w in backup.path] == [(1, 0), (2, 2), (5, 2), (15, 7)]


@pytest.mark.parametrize("stats, words", [
    ("{A: 10/10, B: 8/8, C: 4/4}", "stats.A: A has 10 visits but its children have 12 between them (B 8, C 4)"),
    ("{A: 3/2}", "stats.A: the wins (W) are a number from 0 to the visits (2), got 3"),
    ("{A: 1/0}", "stats.A: the visits (N) are a whole number, 1 or more, got 0"),
    ("{A: 1/2.5}", "the visits (N) are a whole number"),
    ("{A: 2/4, Q: 1/2}", "stats.Q: no node is called 'Q'"),
    ("{B: 1/2}", "stats.B: the root A has no statistics"),
    ("{A: 2/4, B1: 1/1}", "stats.B1: its parent B has no statistics"),
    ("{A: half}", "stats.A: expected wins/visits such as 60/79"),
    ("{A: {wins: 1}}", "stats.A: give both wins: and visits:"),
    ("{A: {wins: 1, visits: 2, mean: 3}}", "stats.A.mean: unknown key 'mean'"),
    ("[A, 1/2]", "stats: expected node names with wins/visits"),
    ("{A: 2/4, A: 1/4}", "A is given twice"),
])
def test_stats_that_contradict_themselves_are_one_line(tmp_path, stats, words):
    path = tmp_path / "stats.yaml"
    path.write_text(f"tree: [[3, 12, 8], [2, 4, 6], [14, 5, 2]]\nstats: {stats}\n")
    result = run_tracer("render", path, "-a", "mcts", "-o", tmp_path / "x.svg")
    assert_one_line_error(result, words)
    assert f"{path}:2: " in result.stderr and not (tmp_path / "x.svg").exists()


def test_the_long_form_of_stats_equals_the_short():
    short = tracer.inputs.trees.parse_tree("tree: [[1, 2], [3]]\nstats: {A: 2.5/4, B: 1/2, C: 1/1}").root
    long = tracer.inputs.trees.parse_tree("tree: [[1, 2], [3]]\nstats: {A: {wins: 2.5, visits: 4}, "
                                          "B: {wins: 1, visits: 2}, C: {visits: 1, wins: 1}}").root
    assert short.stats == long.stats == (2.5, 4)
    assert [c.stats for c in short.children] == [c.stats for c in long.children] == [(1, 2), (1, 1)]


def test_reversed_order_expands_the_last_child_first():
    trace = check_against_reference(RN, 12, 1.0, "first", 0, order="reversed")
    first = next(e for e in trace.events if e.kind == "mcts_expand")
    assert trace.nodes[first.node].name == "D"


@examples(60)
@given(st.integers(0, 2**32 - 1), st.integers(1, 40), st.floats(0, 4))
def test_random_trees_replay_like_the_reference(seed, iterations, c):
    rng = random.Random(seed)

    def make(depth):
        if depth == 0 or rng.random() < 0.2:
            return rng.randint(-9, 9)
        return [make(depth - 1) for _ in range(rng.randint(1, 3))]
    nested = [make(3) for _ in range(rng.randint(1, 3))]
    check_against_reference(tree(nested), iterations, c, rng.choice(["first", "random"]), seed)


def test_rewards_scale_leaves_between_the_smallest_and_largest():
    trace = tracer.trace_search(RN, "mcts", settings={"iterations": 3, "rollout": "first"})
    rewards = [e.reward for e in trace.events if e.kind == "mcts_playout"]
    # B's first child is 3, C's 2, D's 14 on a scale from 2 to 14
    assert rewards == pytest.approx([(3 - 2) / 12, 0.0, 1.0])
    b = next(e for e in trace.events if e.kind == "mcts_backup")
    assert b.path[0][2] == pytest.approx(1 / 12)  # B's W is the root's player's (MAX chose B)


def test_chance_nodes_are_sampled_never_scored():
    dice = tracer.load_tree(TREES / "dice.yaml").root
    trace = tracer.trace_search(dice, "mcts", settings={"iterations": 200, "seed": 5})
    chance = {n.id for n in trace.nodes if n.player is Player.CHANCE}
    assert any(e.kind == "mcts_chance" for e in trace.events)
    assert not any(e.kind == "mcts_select" and e.node in chance for e in trace.events)
    check_against_reference(dice, 200, math.sqrt(2), "random", 5)


def test_same_seed_same_bytes_other_seed_other_trace():
    deep = tracer.load_tree(TREES / "binary_depth4.yaml").root  # (on Figure 5.2, only 3 playouts are random)
    one = tracer.trace_search(deep, "mcts", settings={"iterations": 50, "seed": 1}).to_json()
    again = tracer.trace_search(deep, "mcts", settings={"iterations": 50, "seed": 1}).to_json()
    other = tracer.trace_search(deep, "mcts", settings={"iterations": 50, "seed": 2}).to_json()
    assert one == again and one != other


def test_stats_counts_equal_the_traces():
    stats = tracer.search_stats(RN, "mcts", settings={"iterations": 40, "seed": 3})
    trace = tracer.trace_search(RN, "mcts", settings={"iterations": 40, "seed": 3})
    view = tracer.TraceView(trace)
    assert stats.iterations == 40 == view.counts["passes"]
    assert stats.nodes_visited == view.counts["nodes_visited"] == sum(e.kind == "mcts_expand" for e in trace.events)
    assert stats.leaves_evaluated == 40
    assert stats.best_move == trace.best_move
    assert sum(child["visits"] for child in stats.children) == 40


def test_final_max_takes_the_highest_mean():
    trace = tracer.trace_search(RN, "mcts", settings={"iterations": 30, "final": "max", "seed": 0})
    final = next(e for e in trace.events if e.kind == "mcts_final")
    best = max(final.children, key=lambda c: (c[2] / c[1], c[1]))
    assert trace.nodes[best[0]].move == trace.best_move


@pytest.mark.parametrize("position", ["tictactoe_fork.yaml", "connect4_threat.yaml"])
def test_enough_iterations_find_the_move_alpha_beta_finds(position):
    from tracer.inputs.load import load_problem

    problem = load_problem(str(TREES.parent / "games" / "positions" / position))
    alphabeta = tracer.trace_search(problem.root, "alphabeta", depth=problem.depth)
    mcts = tracer.search_stats(problem.root, "mcts", settings={"iterations": 3000, "seed": 1})
    # the move MCTS plays keeps alpha-beta's value (Connect Four's threat has two winning moves, 3 and 6)
    move = next(m for m in problem.root.moves() if problem.root.move_name(m) == mcts.best_move)
    after = tracer.trace_search(problem.root.child(move), "alphabeta", depth=problem.depth - 1)
    assert after.value == alphabeta.value


def test_a_saved_trace_reads_back_and_a_tampered_one_is_refused(tmp_path):
    trace = tracer.trace_search(RN, "mcts", settings={"iterations": 20})
    assert tracer.load_trace_text(trace.to_json()) == trace if hasattr(tracer, "load_trace_text") else True
    data = json.loads(trace.to_json())
    path = tmp_path / "run.json"
    path.write_text(json.dumps(data))
    assert run_tracer("trace", path).returncode == 0
    for event in data["events"]:
        if event["type"] == "mcts_select":
            event["children"][0]["total"] += 0.5
            break
    path.write_text(json.dumps(data))
    assert_one_line_error(run_tracer("render", path, "-o", tmp_path / "x.svg"), "UCB1")
    assert not (tmp_path / "x.svg").exists()


def plain_tree(tmp_path):
    """Figure 5.2 without its rules: block (whose algorithm would add a note line to every run)."""
    path = tmp_path / "plain.yaml"
    path.write_text("tree: [[3, 12, 8], [2, 4, 6], [14, 5, 2]]\n")
    return path


@pytest.mark.parametrize("args, words", [
    (["--iterations", "0"], "--iterations"),
    (["--iterations", "100000000"], "--iterations"),
    (["--exploration", "-1"], "--exploration"),
    (["--exploration", "x"], "--exploration"),
    (["-a", "alphabeta", "--iterations", "5"], "--iterations is for -a mcts"),
    (["-a", "alphabeta", "--rollout", "first"], "--rollout is for -a mcts"),
])
def test_bad_options_are_one_line(args, words, tmp_path):
    args = ["-a", "mcts", *args] if "-a" not in args else args
    assert_one_line_error(run_tracer("render", plain_tree(tmp_path), *args, "-o", tmp_path / "x.svg"), words)
    assert not (tmp_path / "x.svg").exists()


def test_drawing_options_of_mcts_refused_for_alphabeta(tmp_path):
    assert_one_line_error(run_tracer("render", plain_tree(tmp_path), "--min-visits", "3", "-o",
                                     tmp_path / "x.svg"), "--min-visits is for -a mcts")


def test_render_draws_w_over_n_and_slides_by_phase(tmp_path):
    out = tmp_path / "m.svg"
    assert run_tracer("render", TREES / "rn_example.yaml", "-a", "mcts", "--iterations", "30", "-o", out).returncode == 0
    trace = tracer.trace_search(RN, "mcts", settings={"iterations": 30})
    root = tracer.TraceView(trace).root
    svg = out.read_text()
    from tracer.view.mcts import statistic
    assert f"{statistic(root.wins)}/30" in svg and "UCB" in svg
    deck = tmp_path / "d.html"
    result = run_tracer("slides", TREES / "rn_example.yaml", "-a", "mcts", "--iterations", "5", "--step", "phase",
                        "-f", "html", "-o", deck)
    assert result.returncode == 0, result.stderr
    steps = tracer.frame_steps(tracer.trace_search(RN, "mcts", settings={"iterations": 5}), "phase")
    kinds = [tracer.trace_search(RN, "mcts", settings={"iterations": 5}).events[s - 1].kind for s in steps]
    assert kinds.count("mcts_backup") == 5 and "mcts_playout" in kinds and "mcts_expand" in kinds
    assert_one_line_error(run_tracer("slides", plain_tree(tmp_path), "-a", "mcts", "--step", "cutoff", "-o",
                                     tmp_path / "e.pdf"), "--step cutoff")


def test_export_and_stats_json_give_visits_wins_and_means(tmp_path):
    out = tmp_path / "t.json"
    assert run_tracer("export", TREES / "rn_example.yaml", "-a", "mcts", "--iterations", "25", "-o", out).returncode == 0
    nodes = json.loads(out.read_text())["nodes"]
    root = next(n for n in nodes if n["id"] == 0)
    assert root["visits"] == 25 and root["mean"] == pytest.approx(root["wins"] / 25)
    stats = json.loads(run_tracer("stats", TREES / "rn_example.yaml", "-a", "mcts", "--iterations", "25",
                                  "--json").stdout)
    row = stats[0] if isinstance(stats, list) else stats
    assert row["iterations"] == 25 and sum(c["visits"] for c in row["children"]) == 25


def test_a_worksheet_shows_the_statistics_the_search_starts_from(tmp_path):
    """The question of mcts_example.yaml is unanswerable without its stats: each given node shows them over its
    blank W/N, and the nodes not given show none."""
    out = tmp_path / "sheet.svg"
    assert run_tracer("worksheet", STATS_TREE, "-o", out).returncode == 0
    svg = out.read_text(encoding="utf-8")
    given = tracer.load_tree(STATS_TREE)
    expected = {f"was {int(w)}/{n}" for w, n in
                (node.stats for node in [given.root, *given.root.children] if node.stats)}
    assert expected <= set(re.findall(r"was \d+/\d+", svg)) and len(re.findall(r"was \d", svg)) == 10


# ---- statistics given before the search: N = 0 and a parent with no visits ----------------------------------------

class GivenStats:
    """A tree node whose statistics (W, N) are given by its name, through the ``given_stats()`` hook a tree file's
    ``stats:`` uses."""

    def __init__(self, node, stats):
        self.node, self.stats = node, stats

    def __getattr__(self, name):
        return getattr(self.node, name)

    def child(self, move):
        return GivenStats(self.node.child(move), self.stats)

    def given_stats(self):
        return self.stats.get(self.node.name)


def selections(trace):
    """Per selection: the child picked and every child's (visits, mean, explore, total), by name."""
    names = {node.id: node.name for node in trace.nodes}
    return [(names[e.child], {names[c]: (n, q, x, t) for c, n, w, q, x, t in e.children})
            for e in trace.events if e.kind == "mcts_select"]


def test_children_given_no_visits_are_selected_first_in_move_order():
    state = GivenStats(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), {"B": (0.0, 0), "C": (1.5, 2), "D": (0.0, 0)})
    trace = tracer.trace_search(state, "mcts", settings={"iterations": 6})
    picks = selections(trace)
    # iteration 1: the root has no visits (ln N counts as 0); B and D have none, so they total +∞, B first
    assert picks[0] == ("B", {"B": (0, 0.0, math.inf, math.inf), "C": (2, 0.75, 0.0, 0.75),
                              "D": (0, 0.0, math.inf, math.inf)})
    assert picks[1][0] == "D" and picks[1][1]["D"][3] == math.inf  # iteration 2: the other one never visited
    # from then on every child has visits, and UCB1 is the textbook's
    backups = [e for e in trace.events if e.kind == "mcts_backup"]
    root_visits = backups[1].path[-1][1]
    for child, (n, q, x, t) in picks[2][1].items():
        assert n >= 1 and x == pytest.approx(math.sqrt(2) * math.sqrt(math.log(root_visits) / n), abs=1e-12)
        assert t == pytest.approx(q + x, abs=1e-12)
    captions = [tracer.TraceView(trace, step).caption() for step in range(1, len(trace.events) + 1)]
    assert any("UCT picks B: no visits yet, so ∞" in caption for caption in captions)
    # a saved trace reads back the same, and a never-visited child's ∞ is checked like any total
    from tracer.inputs.traces import trace_from_dict
    data = json.loads(trace.to_json())
    assert trace_from_dict(data) == trace
    first = next(event for event in data["events"] if event["type"] == "mcts_select")
    assert first["children"][0]["total"] == "inf"
    first["children"][0]["total"] = 5
    with pytest.raises(ValueError, match="UCB1"):
        trace_from_dict(data)


def test_a_parent_with_no_visits_scores_its_children_by_their_mean_alone():
    stats = {"B": (1.0, 2), "C": (3.0, 4), "D": (0.5, 1)}
    trace = tracer.trace_search(GivenStats(tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), stats), "mcts",
                                settings={"iterations": 2})
    picked, scored = selections(trace)[0]
    means = {name: w / n for name, (w, n) in stats.items()}
    assert picked == max(means, key=means.get) == "C"
    assert scored == {name: (stats[name][1], q, 0.0, q) for name, q in means.items()}
