"""The one table of settings (tracer/search/settings.py): every setting's spec field, rules: key, command-line flag,
check and words come from its one entry; bounds are one setting with one check and one meaning, for Star1 and
max^n alike (issue 33), checked against Korf's pruning written here."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from helpers import TREES, assert_one_line_error, run_tracer
from tracer import parse_tree, search_stats
from tracer.errors import SearchOptionError
from tracer.inputs.rules import RULE_KEYS, UTILITY_RULES
from tracer.search.registry import ALGORITHMS
from tracer.search.settings import SETTINGS, mistake, phrase
from tracer.search.spec import SearchSpec

KORF = TREES / "korf_pruning.yaml"


# ---- each setting, once ------------------------------------------------------------------------------------------

def test_the_spec_has_a_field_for_each_setting_in_the_tables_order_and_no_other():
    assert SearchSpec.fields == (*SETTINGS, "recorded", "recorded_prunes")  # (the last two: a saved trace's)
    for name, setting in SETTINGS.items():
        assert getattr(SearchSpec(), name) == (None if setting.own else setting.default), name


def test_a_files_rules_are_the_settings_the_table_lets_a_file_give_and_the_trees_sum():
    assert set(RULE_KEYS) == {name for name, s in SETTINGS.items() if s.rule} | set(UTILITY_RULES)


@pytest.mark.parametrize("name", [name for name, s in SETTINGS.items() if s.where != "input"])
def test_every_search_setting_is_a_flag_with_the_tables_help(name):
    setting = SETTINGS[name]
    text = "".join(run_tracer("trace", "--help").stdout.split())  # argparse wraps the help: compare without spaces
    assert all(flag in text for flag in setting.flags)
    assert "".join(setting.said().split()) in text, name


@pytest.mark.parametrize("name, wrong", [("prune", "sometimes"), ("seed", 1.5), ("guess", float("inf")),
                                         ("tt_size", 0), ("iterations", 0), ("exploration", 101),
                                         ("rollout", "none"), ("final", "best"), ("bounds", (5, 5))])
def test_the_spec_refuses_what_the_one_check_refuses_in_its_words(name, wrong):
    algorithm = next(a for a, s in ALGORITHMS.items() if not SETTINGS[name].own or name in s.settings)
    with pytest.raises(SearchOptionError) as error:
        SearchSpec(algorithm, **{name: wrong})
    assert str(error.value) == f"{name}: {mistake(name, wrong)}, got {wrong!r}"


def test_a_setting_no_search_of_the_command_takes_names_the_searches_that_do():
    assert_one_line_error(run_tracer("stats", str(TREES / "rn_example.yaml"), "--guess", "3"),
                          "--guess is for -a mtdf, not -a alphabeta")


# ---- bounds: one check, one meaning --------------------------------------------------------------------------------

EQUAL = "expected the lower bound first and below the upper (L < U)"


def test_equal_bounds_are_refused_alike_on_the_command_line_in_a_file_and_by_the_spec(tmp_path):
    """[5, 5] passed the tree reader (L ≤ U) and failed the spec (L < U); now one rule says it, everywhere."""
    tree = tmp_path / "equal.yaml"
    tree.write_text("players: [A, B]\nrules: {bounds: [5, 5]}\ntree: [[\"(5, 5)\", \"(5, 5)\"]]\n")
    assert_one_line_error(run_tracer("stats", str(tree), "-a", "maxn"), f"rules.bounds: {EQUAL}, got [5, 5]")
    assert_one_line_error(run_tracer("stats", str(TREES / "star1.yaml"), "--bounds", "5", "5"),
                          f"bounds: {EQUAL}, got [5, 5]")
    with pytest.raises(SearchOptionError, match=r"\(L < U\)"):
        SearchSpec("maxn", bounds=(5, 5))


@pytest.mark.parametrize("tree, args", [
    ("players: [A, B]\nrules: {bounds: [0, 3]}\ntree: [[\"(1, 2)\", \"(3, 0)\"], [\"(4, 1)\"]]\n", ["-a", "maxn"]),
    ("players: [A, B]\ntree: [[\"(1, 2)\", \"(3, 0)\"], [\"(4, 1)\"]]\n", ["-a", "maxn", "--bounds", "0", "3"]),
    ("rules: {algorithm: expectiminimax, bounds: [0, 3]}\ntree: [[1, 2], [4]]\n", []),
    ("rules: {algorithm: expectiminimax}\ntree: [[1, 2], [4]]\n", ["--bounds", "0", "3"]),
])
def test_a_leaf_outside_the_bounds_is_one_message_whoever_gave_them(tmp_path, tree, args):
    """The leaf (of a vector, its component 4) is named once, before the search, in one message: the tree reader
    no longer checks a file's bounds with words of its own."""
    path = tmp_path / "tree.yaml"
    path.write_text(tree)
    line = tree.count("\n", 0, tree.index("tree:")) + 1
    assert_one_line_error(run_tracer("stats", str(path), *args),
                          f"{path}:{line}: tree[1][0]: the value 4 is outside the bounds [0, 3] the leaf values were "
                          "declared to lie in (rules: bounds, or --bounds)")


def korf(node, bound, total, low, high, players, leaves):
    """Max^n with Korf's (1991) immediate and shallow pruning, written from the paper: M = min(S − (n − 1)·L, U), a
    child's Bound S − (n − 2)·L − the parent's best so far; ``leaves`` gets every leaf evaluated."""
    if not node.children:
        leaves.append(node.path)
        return node.value
    most = total - (players - 1) * low if high is None else min(total - (players - 1) * low, high)
    i, best = node.mover, None
    for child in node.children:
        current = korf(child, total - (players - 2) * low - (low if best is None else best[i]), total, low, high,
                       players, leaves)
        if best is None or current[i] > best[i]:
            best = current
        if Fraction(best[i]) >= most or (bound is not None and Fraction(best[i]) >= bound):
            break
    return best


def test_bounds_reach_korfs_pruning_from_the_file_and_the_command_line_alike():
    """korf_pruning.yaml declares bounds [0, 6]: at Q, B's 6 is the most anyone gets (immediate). --bounds 0 10
    lifts U to the sum's 10, so Q is searched on; --bounds 0 6 is the file's own rule."""
    root = parse_tree(KORF.read_text()).root
    runs = {}
    for given in ([], ["--bounds", "0", "6"], ["--bounds", "0", "10"]):
        result = run_tracer("stats", str(KORF), "--json", *given)
        assert result.returncode == 0, result.stderr
        runs[tuple(given)] = json.loads(result.stdout)
    for given, high in (((), 6), (("--bounds", "0", "6"), 6), (("--bounds", "0", "10"), 10)):
        leaves = []
        value = korf(root, None, 10, 0, high, 3, leaves)
        assert runs[given]["value"] == list(value) and runs[given]["leaves_evaluated"] == len(leaves), given
    assert runs[()] == {**runs[("--bounds", "0", "6")], "seconds": runs[()]["seconds"]}
    assert runs[("--bounds", "0", "10")]["leaves_evaluated"] > runs[()]["leaves_evaluated"]


def test_max_n_with_bounds_given_as_a_setting_prunes_as_korf_on_random_trees():
    rng = random.Random(33)
    for _ in range(300):
        players = rng.randint(2, 4)
        low = rng.choice([0, 1])
        total = rng.randint(players * low + 1, 12)
        high = rng.randint(-(-total // players), total - (players - 1) * low)

        def leaf():
            parts = [low] * players
            for _ in range(total - players * low):
                parts[rng.choice([k for k in range(players) if parts[k] < high])] += 1
            return '"(' + ", ".join(map(str, parts)) + ')"'

        def node(depth):
            if depth == 0 or rng.random() < 0.25:
                return leaf()
            return "[" + ", ".join(node(depth - 1) for _ in range(rng.randint(1, 3))) + "]"

        text = f"players: [{', '.join('ABCD'[:players])}]\nrules: {{sum: {total}}}\ntree: [{node(3)}, {node(3)}]\n"
        root = parse_tree(text).root
        leaves = []
        expected = korf(root, None, total, low, high, players, leaves)
        stats = search_stats(root, SearchSpec("maxn", bounds=(low, high)))
        assert stats.value == expected and stats.leaves_evaluated == len(leaves), text


# ---- phrased once --------------------------------------------------------------------------------------------------

def test_a_match_heading_says_each_setting_in_the_words_titles_use():
    spec = SearchSpec("mcts", iterations=20, exploration=0.5, rollout="eval", final="max", order="random")
    heading = player_heading(spec)
    for name in ("iterations", "exploration", "rollout", "final", "order"):
        words = phrase(name, getattr(spec, name))
        assert words in heading and any(p.startswith(words) for p in spec.phrases()), (name, heading)


def player_heading(spec: SearchSpec) -> str:
    result = run_tracer("match", "tictactoe", "--p1", "mcts", "--iterations", str(spec.iterations), "--exploration",
                        str(spec.exploration), "--rollout", spec.rollout, "--final", spec.final, "--order",
                        spec.order, "--p2", "random", "--games", "1", "--quiet")
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()[0]
