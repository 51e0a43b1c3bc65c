"""The algorithm tracer chooses when neither -a nor the file's rules: names one (issue 34): expectiminimax for a
tree with chance levels (or a game with dice), max^n for named players' vectors, alpha-beta elsewhere; an explicit
-a that cannot search the tree is still refused in one line. One place decides: spec.default_algorithm, asked by
spec.resolve."""

from __future__ import annotations

import json

import pytest

from helpers import TREES, assert_one_line_error, run_tracer

from tracer.inputs import load_problem
from tracer.inputs.trees import parse_tree
from tracer.search.spec import default_algorithm, resolve

CHANCE = "players: [max, chance, min]\ntree:\n  - [[3, 12], [8, 2]]\n  - [{p: 1/6, value: 6}, {p: 5/6, children: [2, 4]}]\n"
VECTORS = 'players: [A, B, C]\ntree:\n  - ["(1, 2, 6)", "(4, 2, 3)"]\n  - ["(6, 1, 2)", "(7, 4, 1)"]\n'


def without_rules(tmp_path, text: str, rules: str = "") -> str:
    path = tmp_path / "t.yaml"
    path.write_text(text + rules)
    return str(path)


def test_one_place_chooses_by_the_problem():
    assert default_algorithm() == "alphabeta"
    assert default_algorithm(parse_tree("[[3, 12], [2, 4]]").root) == "alphabeta"
    assert default_algorithm(parse_tree(CHANCE).root) == "expectiminimax"
    assert default_algorithm(parse_tree(VECTORS).root) == "maxn"
    specs, notes = resolve({}, {}, None, parse_tree(CHANCE).root)
    assert [spec.algorithm for spec in specs] == ["expectiminimax"] and notes == []
    specs, _ = resolve({"algorithm": "star2"}, {}, None, parse_tree(CHANCE).root)  # the file's rules: first
    assert specs[0].algorithm == "star2"
    specs, _ = resolve({}, {"algorithm": "minimax"}, None, parse_tree("[[3, 12], [2, 4]]").root)
    assert specs[0].algorithm == "minimax"


def test_a_game_with_dice_is_searched_with_expectiminimax():
    assert default_algorithm(load_problem(game="pig").root) == "expectiminimax"
    assert default_algorithm(load_problem(game="tictactoe").root) == "alphabeta"


@pytest.mark.parametrize("text, rules, title", [
    (CHANCE, "", "Expectiminimax"),
    (CHANCE, "rules: {prune: gt}\n", "Expectiminimax"),  # rules: without an algorithm choose nothing
    (VECTORS, "", "maxⁿ"),
])
def test_a_tree_without_an_algorithm_is_drawn_with_the_one_that_fits(tmp_path, text, rules, title):
    path = without_rules(tmp_path, text, rules)
    out = tmp_path / "t.svg"
    result = run_tracer("render", path, "-f", "svg", "-o", out)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""  # nothing to say: the drawing names the search
    assert ">" + title.replace("ⁿ", "") in out.read_text()


def test_the_chance_tree_without_rules_has_the_value_by_hand(tmp_path):
    path = without_rules(tmp_path, CHANCE)
    result = run_tracer("stats", path, "--json")
    assert result.returncode == 0, result.stderr
    row = json.loads(result.stdout)
    # B: a fair coin between min(3, 12) and min(8, 2): 5/2; C: 1/6 · 6 + 5/6 · min(2, 4) = 8/3; MAX takes C
    assert row["algorithm"] == "expectiminimax" and abs(row["value"] - 8 / 3) < 1e-12


@pytest.mark.parametrize("command", [["render", "-f", "svg"], ["stats"], ["trace"], ["slides", "-f", "html"]])
def test_an_explicit_alphabeta_on_a_chance_tree_is_refused_in_one_line(tmp_path, command):
    path = without_rules(tmp_path, CHANCE)
    out = tmp_path / "out"
    args = [command[0], path, "-a", "alphabeta", *command[1:]] + (["-o", out] if command[0] != "stats" else [])
    result = run_tracer(*args)
    assert_one_line_error(result, "a chance node, which alphabeta cannot search: use -a expectiminimax")
    assert not out.exists()


def test_an_explicit_alphabeta_on_vectors_is_refused_in_one_line(tmp_path):
    result = run_tracer("render", without_rules(tmp_path, VECTORS), "-a", "alphabeta", "-o", tmp_path / "o.svg")
    assert_one_line_error(result, "-a alphabeta searches one utility", "use -a maxn or -a paranoid")


def test_a_shipped_chance_tree_keeps_its_rules():
    result = run_tracer("stats", TREES / "star2.yaml", "--json")
    assert result.returncode == 0 and json.loads(result.stdout)["algorithm"] == "star2"
