"""Exercises on Monte Carlo tree search: answer keys with ``visits``, ``wins``, ``selected`` and ``best_move``
checked item by item with their deciding steps, graded answers, worksheets and generated exercises. The shipped
key (trees/mcts_exercise.yaml, worked by hand from the README's contract) is checked against an independent UCT
written here; scores are counted from the items, not read back from the code."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest
import yaml

from helpers import TREES, assert_one_line_error, documentation, run_tracer
from tracer.exercises.check_keys import check_file, search
from tracer.exercises.generate import Spec, generate
from tracer.inputs import load_problem
from tracer.search.spec import SearchSpec

EXERCISE = TREES / "mcts_exercise.yaml"
RN = TREES / "rn_example.yaml"


# ---- an independent UCT (the README's contract), on nested lists of leaf values ----------------------------------

def reference_uct(tree, iterations, players=("max", "min"), c=math.sqrt(2)):
    """UCT with first-move playouts on a nested list: N and W of each node by its path of child indices (W for the
    player who chose the move into the node, the root's for its own player), each iteration's path, and the
    root's child chosen (most visits, then the higher mean, then move order)."""
    leaves = list(flatten(tree))
    lo, hi = min(leaves), max(leaves)
    visits, wins, made = {(): 0}, {(): 0.0}, {(): []}
    paths = []

    def subtree(path):
        node = tree
        for index in path:
            node = node[index]
        return node

    def max_moves(path):  # whether MAX chooses at the node reached by ``path``
        return players[len(path) % len(players)] == "max"

    for _ in range(iterations):
        path, walked = (), [()]
        while isinstance(subtree(path), list):
            children = made[path]
            if len(children) < len(subtree(path)):  # expand the first untried child
                path = path + (len(children),)
                children.append(path)
                visits[path], wins[path], made[path] = 0, 0.0, []
                walked.append(path)
                break
            totals = [wins[k] / visits[k] + c * math.sqrt(math.log(visits[path]) / visits[k]) for k in children]
            path = children[totals.index(max(totals))]  # the first of equal totals
            walked.append(path)
        node = subtree(path)
        while isinstance(node, list):  # first-move playout
            node = node[0]
        reward = 0.5 if hi == lo else (node - lo) / (hi - lo)  # MAX's
        for on_path in walked:
            chooser_max = max_moves(on_path[:-1]) if on_path else max_moves(())
            visits[on_path] += 1
            wins[on_path] += reward if chooser_max else 1 - reward
        paths.append(walked)
    root_children = made[()]
    best = max(root_children, key=lambda k: (visits[k], wins[k] / visits[k]))
    return visits, wins, paths, best


def flatten(nested):
    if isinstance(nested, list):
        for child in nested:
            yield from flatten(child)
    else:
        yield nested


def names(tree) -> dict[tuple, str]:
    """The README's default names: ``A``, then ``B``, ``C``, … level by level for inner nodes; a leaf is its
    parent's name and position (``B1``)."""
    named, level, letters = {(): "A"}, [((), tree)], iter("BCDEFGHIJKLMNOPQRSTUVWXYZ")
    while level:
        below = []
        for path, node in level:
            for index, child in enumerate(node):
                child_path = path + (index,)
                if isinstance(child, list):
                    named[child_path] = next(letters)
                    below.append((child_path, child))
                else:
                    named[child_path] = f"{named[path]}{index + 1}"
        level = below
    return named


def number(text) -> float:
    return float(Fraction(str(text)))


def shipped():
    data = yaml.safe_load(EXERCISE.read_text())
    return data, reference_uct(data["tree"], data["rules"]["iterations"])


def test_the_shipped_key_is_the_independent_uct_s():
    data, (visits, wins, paths, best) = shipped()
    named = names(data["tree"])
    by_name = {name: path for path, name in named.items()}
    key = data["expect"]
    assert data["rules"]["rollout"] == "first"
    assert key["best_move"] == named[best]
    assert number(key["value"]) == pytest.approx(wins[best] / visits[best])  # MAX chooses at the root
    for name, n in key["visits"].items():
        assert visits.get(by_name[name], 0) == n, name
    for name, w in key["wins"].items():
        assert wins[by_name[name]] == pytest.approx(number(w)), name
    for iteration, path in key["selected"].items():
        assert [named[p] for p in paths[iteration - 1]] == path, iteration
    made = {path for path in visits if visits[path]}
    assert {by_name[name] for name in key["visits"] if key["visits"][name]} == made  # every node made is in the key


def test_the_shipped_key_holds_with_each_item_decided_by_its_step():
    result = run_tracer("check", EXERCISE, "--json")
    assert result.returncode == 0, result.stdout + result.stderr
    checks = json.loads(result.stdout)[0]["checks"]
    trace = search(load_problem(str(EXERCISE)), SearchSpec(**load_problem(str(EXERCISE)).rules))
    labels = {node.id: name for node, name in zip(trace.nodes, _labels(trace))}
    last_backup = {}
    for step, event in enumerate(trace.events, 1):
        if event.kind == "mcts_backup":
            last_backup.update((entry[0], step) for entry in event.path)
    by_label = {name: node for node, name in labels.items()}
    for check in checks:
        kind, _, name = check["item"].partition(".")
        if kind in ("visits", "wins") and name in by_label and by_label[name] in last_backup:
            assert check["decided"].startswith(f"step {last_backup[by_label[name]]}: "), check
            assert "back-up of" in check["decided"]
        elif kind == "best_move":
            assert check["decided"].startswith(f"step {len(trace.events)}: ") and "most visits" in check["decided"]


def _labels(trace):
    from tracer.view import TraceView

    return TraceView(trace, 0).labels


# ---- a wrong item fails with its deciding step ------------------------------------------------------------------

def key_with(tmp_path, **changes):
    data = yaml.safe_load(EXERCISE.read_text())
    for item, (name, value) in changes.items():
        data["expect"][item][name] = value
    path = tmp_path / "altered.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    return path


@pytest.mark.parametrize("item, name, wrong, decided", [
    ("visits", "B", 3, "back-up of"),
    ("visits", "D2", 1, "D2 never joins the tree in 11 iterations"),
    ("wins", "C", "5/2", "back-up of"),
    ("wins", "C1", 1.6, "back-up of"),  # 1.6 rounds 1.5 to one digit only if it is 1.55 or more
    ("selected", 4, ["A", "B", "B2"], "iteration 4: B1 joins the tree"),
    ("selected", 11, ["A", "C", "C2"], "iteration 11: at C, UCT picks C1"),
    ("selected", 8, ["A", "D", "D2"], "iteration 8: at A, UCT picks B"),
])
def test_a_wrong_item_fails_with_the_step_that_decides_it(tmp_path, item, name, wrong, decided):
    result = run_tracer("check", key_with(tmp_path, **{item: (name, wrong)}), "--json")
    assert result.returncode == 1, result.stderr
    checks = {check["item"]: check for check in json.loads(result.stdout)[0]["checks"]}
    failed = [key for key, check in checks.items() if not check["passed"]]
    assert failed == [f"{item}.{name}"]
    assert decided in checks[f"{item}.{name}"]["decided"]


@pytest.mark.parametrize("written, holds", [("2.75", True), ("11/4", True), ("2.8", True), ("2.7", True), ("2.6", False),
                                             ("3", False), ("2.750", True), ("2.74", False)])
def test_decimals_and_fractions_of_w_follow_the_one_comparer(tmp_path, written, holds):
    """W of C is 11/4: a decimal matches when 2.75 rounded to its digits gives it (either way at a half)."""
    text = EXERCISE.read_text()
    assert "C: 11/4" in text
    path = tmp_path / "w.yaml"
    path.write_text(text.replace("C: 11/4", f"C: {written}"))
    assert run_tracer("check", path).returncode == (0 if holds else 1)


def test_a_wrong_best_move_is_decided_by_the_final_choice(tmp_path):
    path = tmp_path / "b.yaml"
    path.write_text(EXERCISE.read_text().replace("best_move: C", "best_move: B"))
    result = run_tracer("check", path)
    assert result.returncode == 1
    assert "✗ best_move: expected B, got C" in result.stdout
    assert "the search ends (N = 11 at the root): C has the most visits: 2.75/5" in result.stdout


# ---- bad keys: one line, exit 2 ---------------------------------------------------------------------------------

@pytest.mark.parametrize("tree, item, words", [
    ("mcts", "windows: {A: [1, 2]}", "expect.windows: Monte Carlo tree search (UCT) has no windows item"),
    ("mcts", "pruned: [B1]", "has no pruned item"),
    ("mcts", "values: {B: '<=2'}", "has no values item"),
    ("mcts", "cutoffs: 0", "has no cutoffs item"),
    ("mcts", "order: [A, B]", "has no order item"),
    ("mcts", "selected: {12: [A, B]}", "expect.selected.12: expected an iteration number from 1 to 11"),
    ("mcts", "selected: {0: [A]}", "from 1 to 11, got '0'"),
    ("mcts", "wins: {B: '>=2'}", "expect.wins.B: '>=2' cannot be read: W is a number, never a bound"),
    ("mcts", "visits: {B: 1.5}", "expect.visits.B: '1.5' cannot be read: not a whole number ≥ 0"),
    ("mcts", "visits: {Q: 1}", "no node named 'Q'"),
    ("alphabeta", "visits: {A: 3}", "expect.visits: Alpha-beta has no visits item"),
    ("alphabeta", "wins: {A: 3}", "Alpha-beta has no wins item"),
    ("alphabeta", "selected: {1: [A]}", "Alpha-beta has no selected item"),
])
def test_an_item_the_search_does_not_have_is_one_line(tmp_path, tree, item, words):
    rules = "{algorithm: mcts, iterations: 11, rollout: first}" if tree == "mcts" else "{algorithm: alphabeta}"
    path = tmp_path / "bad.yaml"
    path.write_text(f"tree: [[4, 0], [1, 4, 4], [0, 3, 3]]\nrules: {rules}\nexpect:\n  {item}\n")
    assert_one_line_error(run_tracer("check", path), f"{path}:4: ", words)
    out = tmp_path / "results.json"
    answer = tmp_path / "answer.yaml"
    answer.write_text("best_move: C\n")
    assert_one_line_error(run_tracer("grade", path, answer, "--format", "gradescope", "-o", out), words)
    assert not out.exists()  # nothing written


# ---- tracer grade -----------------------------------------------------------------------------------------------

def perfect_answer():
    """Every item right, from the independent UCT: N and W of each node made, the best move, the key's paths."""
    data, (visits, wins, paths, best) = shipped()
    named = names(data["tree"])
    made = [path for path in visits if visits[path]]
    return {"visits": {named[p]: visits[p] for p in made}, "wins": {named[p]: wins[p] for p in made},
            "best_move": named[best],
            "selected": {k: [named[p] for p in paths[k - 1]] for k in data["expect"]["selected"]}}, len(made)


def graded(tmp_path, answer) -> dict:
    path = tmp_path / "answer.yaml"
    path.write_text(yaml.safe_dump(answer, allow_unicode=True))
    result = run_tracer("grade", EXERCISE, path, "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_grading_counts_n_and_w_of_every_node_made_the_best_move_and_the_asked_paths(tmp_path):
    answer, made = perfect_answer()
    paths = len(answer["selected"])
    most = 2 * made + 1 + paths  # N and W per node made, the best move, each path the key asks for
    full = graded(tmp_path, answer)
    assert (full["score"], full["max_score"]) == (most, most)
    wrong = {**answer, "visits": {**answer["visits"], "B": 3}, "wins": {**answer["wins"], "C": 2.5},
             "selected": {**answer["selected"], 8: ["A", "B", "B1"]}}
    three_off = graded(tmp_path, wrong)
    assert (three_off["score"], three_off["max_score"]) == (most - 3, most)
    verdicts = {item["item"]: item["verdict"] for item in three_off["items"]}
    assert verdicts["N of B"] == verdicts["W of C"] == verdicts["path of iteration 8"] == "wrong"
    assert three_off["first_departure"].startswith("step ")  # the earliest wrong item's step, in words
    half = {key: value for key, value in answer.items() if key in ("visits", "best_move")}
    assert graded(tmp_path, half)["score"] == made + 1  # every W and path missing: 0 each


@pytest.mark.parametrize("text", ["", "visits: {}\nwins: {}\nselected: {}\n"])
def test_a_blank_sheet_scores_nothing_of_the_same_maximum(tmp_path, text):
    _, made = perfect_answer()
    path = tmp_path / "blank.yaml"
    path.write_text(text)
    result = json.loads(run_tracer("grade", EXERCISE, path, "--json").stdout)
    assert result["score"] == 0
    assert result["max_score"] == 2 * made + 1 + 3  # the key asks for three paths
    assert {item["verdict"] for item in result["items"]} == {"missing"}


def test_what_the_key_does_not_ask_for_is_pointed_out_not_scored(tmp_path):
    answer, _ = perfect_answer()
    answer = {**answer, "visits": {**answer["visits"], "D3": 0}, "selected": {**answer["selected"], 2: ["A", "C"]}}
    result = graded(tmp_path, answer)
    assert result["score"] == result["max_score"]
    extra = {item["item"]: item for item in result["items"] if item["verdict"] == "extra"}
    assert set(extra) == {"N of D3", "path of iteration 2"}
    assert all(item["max_points"] == 0 for item in extra.values())
    report = run_tracer("grade", EXERCISE, tmp_path / "answer.yaml").stdout
    assert "D3 never joins the tree (not graded)" in report and "scoring: " in report and "N and W" in report


def test_an_answer_with_an_item_of_the_other_family_is_one_wrong_item(tmp_path):
    """An answer's item the search does not have is pointed out (0 of 0) with its line; the rest is graded."""
    path = tmp_path / "answer.yaml"
    path.write_text("values: {A: 3}\nbest_move: C\n")
    result = run_tracer("grade", EXERCISE, path, "--json")
    assert result.returncode == 0, result.stderr
    graded = json.loads(result.stdout)
    (item,) = [item for item in graded["items"] if item["item"] == "values"]
    assert (item["points"], item["max_points"], item["verdict"]) == (0, 0, "wrong")
    assert item["detail"].startswith("line 1: Monte Carlo tree search (UCT) has no values item")
    assert graded["score"] == 1  # the best move, graded all the same


# ---- worksheets -------------------------------------------------------------------------------------------------

def test_the_worksheet_has_a_w_n_blank_per_node_and_no_answers(tmp_path):
    sheet, key = tmp_path / "sheet.dot", tmp_path / "key.dot"
    assert run_tracer("worksheet", EXERCISE, "-o", sheet).returncode == 0
    assert run_tracer("worksheet", EXERCISE, "--key", "-o", key).returncode == 0
    question, answers = sheet.read_text(), key.read_text()
    data = yaml.safe_load(EXERCISE.read_text())
    nodes = len(names(data["tree"]))
    assert question.count("_box0 [") == question.count("_box1 [") == nodes  # W over N: every node may join the tree
    for leaf in set(flatten(data["tree"])):
        assert f"<B>{leaf}</B>" in question
    assert "UCB" not in question and "4.75/11" not in question and "Q=" not in question
    assert "iterations 4, 8 and 11" in question  # the paths the key asks for
    assert "<B>4.75</B>" in answers and "<B>11</B>" in answers  # the root's W over N, filled in
    png = tmp_path / "sheet.png"
    assert run_tracer("worksheet", EXERCISE, "-o", png).returncode == 0
    assert png.read_bytes().startswith(b"\x89PNG")


# ---- generated exercises ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("rules, players", [
    ({"iterations": 10, "rollout": "first"}, ("max", "min")),
    ({"iterations": 12, "rollout": "random", "seed": 5}, ("min", "max")),
    ({"iterations": 8, "rollout": "first", "final": "max", "exploration": 1}, ("max", "min", "min")),
    ({"iterations": 10}, ("max", "chance", "min")),
])
def test_generated_exercises_pass_their_own_keys(tmp_path, rules, players):
    search_spec = SearchSpec("mcts", **rules)
    for seed in range(15):
        spec = Spec(branching=(2, 3), depth=2, players=players, search=search_spec, seed=seed)
        text, facts = generate(spec, 1)
        data = yaml.safe_load(text)
        default = SearchSpec("mcts")
        assert data["rules"] == {"algorithm": "mcts", **{name: value for name, value in rules.items()
                                                         if getattr(default, name) != value}}  # each not default
        expect = data["expect"]
        assert set(expect) == {"value", "best_move", "visits", "wins", "selected"}
        assert sorted(expect["selected"]) == list(range(1, rules.get("iterations", 100) + 1))
        path = tmp_path / f"e{seed}.yaml"
        path.write_text(text)
        problem = load_problem(str(path))
        result = check_file(problem, SearchSpec(**problem.rules))
        assert result.passed, [check for check in result.checks if not check.passed]
        assert len(result.checks) == 2 + 2 * len(expect["visits"]) + len(expect["selected"])


def test_generated_keys_follow_the_independent_uct(tmp_path):
    for seed in range(10):
        spec = Spec(branching=(2, 3), depth=3, search=SearchSpec("mcts", iterations=12, rollout="first"), seed=seed)
        data = yaml.safe_load(generate(spec, 1)[0])
        visits, wins, paths, best = reference_uct(data["tree"], 12)
        named = names(data["tree"])
        assert data["expect"]["best_move"] == named[best]
        assert data["expect"]["visits"] == {named[p]: n for p, n in visits.items()}  # every node made
        for name, w in data["expect"]["wins"].items():
            assert number(w) == pytest.approx(wins[{v: k for k, v in named.items()}[name]])
        assert data["expect"]["selected"] == {k + 1: [named[p] for p in path] for k, path in enumerate(paths)}


def test_the_exercise_command_writes_mcts_files_that_check_clean(tmp_path):
    out = tmp_path / "set"
    result = run_tracer("exercise", "--rules", "{algorithm: mcts, iterations: 10, rollout: first}", "--depth", "2",
                        "--count", "4", "--seed", "3", "-o", out)
    assert result.returncode == 0, result.stderr
    files = sorted(out.glob("*.yaml"))
    assert len(files) == 4
    assert "root: max" in files[0].read_text()  # MCTS samples chance nodes; without --players the levels alternate
    checked = run_tracer("check", out)
    assert checked.returncode == 0, checked.stdout + checked.stderr


# ---- the README's examples --------------------------------------------------------------------------------------

def readme_console(command: str) -> list[str]:
    """The lines the README shows under ``$ <command>`` in a console block (without the ``…`` lines)."""
    text = documentation()
    block = text.split(f"$ {command}\n", 1)[1].split("```", 1)[0]
    return [line for line in block.splitlines() if line.strip() != "…"]


def test_the_readme_s_mcts_check_and_grade_examples_run_as_shown(tmp_path):
    shown = readme_console("tracer check trees/mcts_exercise.yaml")
    result = run_tracer("check", "trees/mcts_exercise.yaml", cwd=TREES.parent)
    assert result.returncode == 0
    assert shown and all(line in result.stdout.splitlines() for line in shown), result.stdout
    (tmp_path / "trees").symlink_to(TREES)
    student = "trees/answers/mcts_exercise.student.yaml"  # the README's student: W of C1 and C2 wrong, and iteration 8's path
    shown = readme_console(f"tracer grade trees/mcts_exercise.yaml {student}")
    result = run_tracer("grade", "trees/mcts_exercise.yaml", student, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert shown and all(line in result.stdout.splitlines() for line in shown), result.stdout
    sheet = run_tracer("worksheet", "trees/mcts_exercise.yaml", "-f", "png", cwd=tmp_path)
    assert sheet.returncode == 0 and sheet.stdout.strip().endswith("mcts_exercise.worksheet.png")
