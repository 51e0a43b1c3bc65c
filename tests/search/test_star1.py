"""Star1 at chance nodes (expectiminimax with declared leaf bounds): the value is plain expectiminimax's on random
chance trees, the leaves it evaluates are those an independent Star1 written here evaluates, its cutoff's caption
adds up, stats count it as alpha-beta's are counted, and bad bounds are one line."""

from __future__ import annotations

import math
import re
from fractions import Fraction

import pytest
import yaml
from hypothesis import example, given, strategies as st

from helpers import assert_one_line_error, examples, run_tracer
from nested_lists import ROOT
from tests.search.test_chance import PLAYERS, as_yaml, chance_trees, expected
from tracer import parse_tree, search_stats, trace_search
from tracer.search.algorithms import Rules
from tracer.view import TraceView

STAR1_TREE = ROOT / "trees" / "star1.yaml"


def leaf_values(node) -> list:
    return [node] if not isinstance(node, list) else [v for _, child in node for v in leaf_values(child)]


@st.composite
def bounded_trees(draw, trees=chance_trees()):
    """A random chance tree (as :func:`tests.search.test_chance.chance_trees` makes them) and bounds around its leaves:
    tight (the least and greatest leaf) or wider by a little."""
    tree = draw(trees.filter(lambda t: isinstance(t, list)))
    values = leaf_values(tree)
    low = min(values) - draw(st.sampled_from([0, 0, 1, 5]))
    high = max(values) + draw(st.sampled_from([0, 0, 1, 5]))
    return tree, (low, high if high > low else high + 1)


def root_of(tree):
    return parse_tree(yaml.safe_dump({"players": PLAYERS, "tree": as_yaml(tree)})).root


@examples(1500)
@given(bounded_trees(), st.sampled_from(["ge", "gt"]), st.sampled_from(["soft", "hard"]))
def test_the_value_and_move_are_plain_expectiminimax_on_random_bounded_trees(case, prune, fail):
    tree, bounds = case
    root = root_of(tree)
    plain = search_stats(root, "expectiminimax")
    star1 = search_stats(root, "expectiminimax", rules=Rules(prune, fail), settings={"bounds": bounds})
    assert star1.value == plain.value  # the same float: the averages are summed as expectiminimax sums them
    assert star1.value == pytest.approx(float(expected(tree)), abs=1e-9)
    assert star1.best_move == plain.best_move
    assert star1.leaves_evaluated <= plain.leaves_evaluated


# ---- an independent Star1, in exact fractions, as Hauk, Buro & Schaeffer (2004) write it -----------------------

def reference_star1(node, alpha, beta, bounds, evaluated, path=(), level=0):
    """Star1 from the paper, in exact arithmetic: alpha-beta (fail-soft, Russell & Norvig's: cut when v ≥ β at MAX, v ≤ α
    at MIN) at MAX and MIN; at a chance
    node outcome i is searched with (max(A, L), min(B, U)), where S + p·A + R·U = α and S + p·B + R·L = β (S: the
    weighted outcomes seen, R: the probability left), and the node fails low when v ≤ A, high when v ≥ B.
    ``evaluated`` gets the path of every leaf looked at."""
    if not isinstance(node, list):
        evaluated.append(path)
        return Fraction(node)
    low, high = bounds
    player = PLAYERS[level % len(PLAYERS)]
    if player == "chance":
        probabilities = [p if p is not None else Fraction(1, len(node)) for p, _ in node]
        seen = Fraction(0)
        for i, ((_, child), p) in enumerate(zip(node, probabilities)):
            rest = sum(probabilities[i + 1:], Fraction(0))
            a = alpha if math.isinf(alpha) else (alpha - seen - rest * high) / p
            b = beta if math.isinf(beta) else (beta - seen - rest * low) / p
            v = reference_star1(child, max(a, low), min(b, high), bounds, evaluated, path + (i,), level + 1)
            if v <= a:
                return seen + p * v + rest * high
            if v >= b:
                return seen + p * v + rest * low
            seen += p * v
        return seen
    best = -math.inf if player == "max" else math.inf
    for i, (_, child) in enumerate(node):
        v = reference_star1(child, alpha, beta, bounds, evaluated, path + (i,), level + 1)
        if player == "max":
            best, alpha = max(best, v), max(alpha, v)
            if best >= beta:  # Russell & Norvig's test, v ≥ β: a node entered with an empty window (α = β, as
                break  # Star1 gives an outcome when A ≥ U) still looks at a child that does not reach β
        else:
            best, beta = min(best, v), min(beta, v)
            if best <= alpha:
                break
    return best


def dyadic_trees():
    """Chance trees whose probabilities are halves, quarters, eighths: every average is exact in floating point, so
    ties between an average and a window compare as the exact reference compares them."""
    leaf = st.integers(-9, 9)

    def extend(children):
        return st.sampled_from([1, 2, 4]).flatmap(lambda n: st.lists(children, min_size=n, max_size=n)).flatmap(
            lambda kids: st.sampled_from(["uniform", "given"]).map(
                lambda how: [(None if how == "uniform" or len(kids) != 2 else Fraction(3 - 2 * i, 4), kid)
                             for i, kid in enumerate(kids)]))

    return st.recursive(leaf, extend, max_leaves=24)


def leaf_paths(trace) -> list[tuple]:
    """The leaves the trace evaluated, in order, each as its path of child positions from the root."""
    view = TraceView(trace)
    paths = []
    for event in trace.events:
        if event.kind == "leaf_evaluated":
            path, node = [], view.nodes[event.node]
            while node.node.parent is not None:
                path.append(node.position - 1)
                node = view.nodes[node.node.parent]
            paths.append(tuple(reversed(path)))
    return paths


@examples(1500)
@given(bounded_trees(dyadic_trees()))
@example(([(None, 0), (None, 0), (None, 1), (None, [(None, [(None, [(None, [(None, 0), (None, 0)])])])])], (0, 1)))
def test_the_leaves_evaluated_are_those_of_an_independent_star1(case):  # the example: an empty window (1, 1)
    tree, bounds = case
    evaluated = []
    value = reference_star1(tree, -math.inf, math.inf, tuple(map(Fraction, bounds)), evaluated)
    trace = trace_search(root_of(tree), "expectiminimax", settings={"bounds": bounds})
    assert trace.value == value
    assert leaf_paths(trace) == evaluated
    stats = search_stats(root_of(tree), "expectiminimax", settings={"bounds": bounds})
    view = TraceView(trace)
    assert (stats.leaves_evaluated, stats.cutoffs) == (len(evaluated), view.counts["cutoffs"])
    for event in trace.events:
        if event.kind == "chance_cutoff":
            check_caption(view, event)


# ---- the caption's arithmetic ----------------------------------------------------------------------------------

def number(text: str) -> Fraction:
    return Fraction(text.strip("()").replace("−", "-"))


def check_caption(view, event) -> None:
    """The caption's terms are each outcome's probability times its value (the bound for those not searched); they
    add up to the value it states, which is beyond the α or β it states."""
    note = view.describe(event).note
    found = re.fullmatch(r"after (\d+) of (\d+) outcomes the average is at (most|least) (.+) = (\S+) ([≤≥]) ([αβ]) = "
                         r"(\S+) \(each outcome not searched at (?:most U|least L) = (\S+)\): prune .+", note)
    assert found, note
    searched, total, side, terms, value, sign, greek, limit, assumed = found.groups()
    children = view.nodes[event.node].children
    assert (int(searched), int(total)) == (len(children) - len(event.skipped), len(children))
    factors = [term.split("·") for term in terms.split(" + ")]
    assert len(factors) == len(children)
    for child, (p, x) in zip(children, factors):
        assert number(p) == Fraction(view.nodes[child].node.p).limit_denominator(1000)
        shown = event.assumed if child in event.skipped else view.nodes[child].value
        assert number(x) == Fraction(shown).limit_denominator(1000)  # an average is shown as its fraction
    total_value = sum(number(p) * number(x) for p, x in factors)
    assert total_value == number(value) == Fraction(event.value).limit_denominator(1000)
    assert (side, sign, greek) == (("most", "≤", "α") if event.cut == "alpha" else ("least", "≥", "β"))
    assert number(limit) == Fraction(event.limit).limit_denominator(1000)
    assert (total_value <= number(limit)) if side == "most" else (total_value >= number(limit))
    assert number(assumed) == Fraction(view.trace.spec.bounds[1 if side == "most" else 0])


def test_the_shipped_tree_caption_shows_the_arithmetic():
    trace = trace_search(parse_tree(STAR1_TREE.read_text(), file=str(STAR1_TREE)).root, "expectiminimax",
                         settings={"bounds": (-2, 2)})
    view = TraceView(trace, 0)
    notes = [step.note for event, step in view.replay() if event.kind == "chance_cutoff"]
    assert notes == ["after 2 of 3 outcomes the average is at most 1/2·2 + 1/4·(−1) + 1/4·2 = 1.25 ≤ α = 1.5 "
                     "(each outcome not searched at most U = 2): prune C's remaining outcome H"]
    assert 2 * Fraction(1, 2) + Fraction(-1, 4) + 2 * Fraction(1, 4) == Fraction(5, 4) <= Fraction(3, 2)


def test_the_shipped_tree_passes_its_check_and_the_step_table_shows_the_cut():
    assert run_tracer("check", str(STAR1_TREE)).returncode == 0
    table = run_tracer("trace", str(STAR1_TREE)).stdout
    assert re.search(r"chance cut .* ≤ 5/4 +after 2 of 3 outcomes", table)  # in the fractions the file writes


def test_without_bounds_nothing_changes():
    """The same tree without bounds: every leaf, no chance cutoff (the file's bounds are a rule the search reads)."""
    text = STAR1_TREE.read_text().replace(", bounds: [-2, 2]", "")
    root = parse_tree(text).root
    trace = trace_search(root, "expectiminimax")
    assert not trace.spec.prunes and trace.spec.bounds is None
    leaves, pending = 0, [root]
    while pending:
        node = pending.pop()
        leaves += not node.children
        pending.extend(node.children)
    assert sum(event.kind == "leaf_evaluated" for event in trace.events) == leaves == 10
    assert not any(event.cuts for event in trace.events)


# ---- bad input -------------------------------------------------------------------------------------------------

def test_a_leaf_outside_the_bounds_is_one_line_naming_it_and_nothing_is_written(tmp_path):
    out = tmp_path / "run.json"
    result = run_tracer("trace", str(STAR1_TREE), "--bounds", "0", "2", "-o", str(out))
    assert_one_line_error(result, f"{STAR1_TREE}:", ":10: tree[1][1][0]: the value −1 is outside the bounds [0, 2]")
    assert not out.exists()


@pytest.mark.parametrize("args, fragment", [
    (["--bounds", "2", "-2"], "bounds: expected the lower bound first and below the upper (L < U), got [2, -2]"),
    (["--bounds", "1", "1"], "(L < U)"),
    (["--bounds", "0", "inf"], "argument --bounds: expected a finite number"),
    (["--bounds", "0"], "--bounds: expected 2 arguments"),
    (["-a", "alphabeta", "--bounds", "-2", "2"],
     "--bounds is for -a expectiminimax or -a star2 or -a maxn, not -a alphabeta"),
])
def test_bad_bounds_on_the_command_line_are_one_line(tmp_path, args, fragment):
    out = tmp_path / "run.json"
    result = run_tracer("trace", str(ROOT / "trees" / "dice.yaml"), *args, "-o", str(out))
    assert_one_line_error(result, fragment)
    assert not out.exists()


@pytest.mark.parametrize("bounds, fragment", [
    ("[3, -3]", "rules.bounds: expected the lower bound first"),
    ("[1]", "rules.bounds: expected two finite numbers [L, U]"),
    ("[0, .inf]", "rules.bounds: expected two finite numbers [L, U]"),
    ("2", "rules.bounds: expected two finite numbers [L, U]"),
])
def test_bad_bounds_in_a_file_name_their_line(tmp_path, bounds, fragment):
    file = tmp_path / "bad.yaml"
    file.write_text(f"players: [max, chance]\ntree: [[1, 2], [3]]\nrules: {{bounds: {bounds}}}\n")
    result = run_tracer("trace", str(file))
    assert_one_line_error(result, f"{file}:3: {fragment}")


def test_a_games_values_cannot_be_bounded():
    result = run_tracer("trace", "--game", "pig", "-a", "expectiminimax", "--depth", "1", "--bounds", "0", "1")
    assert_one_line_error(result, "--bounds is for tree files")


def test_a_file_with_bounds_searched_by_alpha_beta_ignores_them(tmp_path):
    """A file's rules are defaults: -a alphabeta on a file whose rules give bounds searches as usual (only --bounds
    given with it is a mistake)."""
    file = tmp_path / "bounded.yaml"
    file.write_text("tree: [[3, 12, 8], [2, 4, 6]]\nrules: {bounds: [0, 12]}\n")
    result = run_tracer("stats", str(file), "-a", "alphabeta", "--json")
    assert result.returncode == 0 and '"value": 3' in result.stdout


# ---- exercises -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [1, 2, 3])
def test_generated_star1_exercises_pass_their_own_check(tmp_path, seed):
    folder = tmp_path / "set"
    made = run_tracer("exercise", "--chance", "--bounds", "-2..2", "--min-pruned", "2", "--count", "8",
                      "--seed", str(seed), "-o", str(folder))
    assert made.returncode == 0, made.stderr
    for file in sorted(folder.glob("*.yaml")):
        document = yaml.safe_load(file.read_text())
        assert document["rules"] == {"algorithm": "expectiminimax", "bounds": [-2, 2]}
        assert len(document["expect"]["pruned"]) >= 1
        assert all(-2 <= value <= 2 for value in leaf_values_of(document["tree"]))
    checked = run_tracer("check", str(folder))
    assert checked.returncode == 0, checked.stdout


def leaf_values_of(nested) -> list:
    return [nested] if not isinstance(nested, list) else [v for child in nested for v in leaf_values_of(child)]
