"""``--rollout eval`` values each node Monte Carlo tree search adds by its ``eval:``: a tree file with an inner node
the search may add but cannot value is refused before searching, naming the node and ``--rollout eval`` (it used to
be the node's own error, which speaks of "a depth limit" MCTS does not have)."""

from __future__ import annotations

import pytest

from helpers import TREES, assert_one_line_error, run_tracer

NO_EVAL = """\
tree:
  - {name: B, eval: 2, children: [1, -1]}
  - {name: C, children: [0, {name: F, children: [1, 0]}]}
"""


@pytest.mark.parametrize("command", ["trace", "stats", "render", "export"])
def test_a_node_without_eval_names_the_option_and_the_node(tmp_path, command):
    tree = tmp_path / "no_eval.yaml"
    tree.write_text(NO_EVAL)
    result = run_tracer(command, tree, "-a", "mcts", "--rollout", "eval", cwd=tmp_path)
    assert_one_line_error(result, "--rollout eval", "tree[1] (C)", "no eval:", "--rollout random")
    assert "depth limit" not in result.stderr
    assert not (tmp_path / "output").exists()  # refused before anything was written


def test_the_rules_rollout_is_named_the_same(tmp_path):
    tree = tmp_path / "no_eval.yaml"
    tree.write_text(NO_EVAL + "rules: {algorithm: mcts, rollout: eval}\n")
    assert_one_line_error(run_tracer("trace", tree), "--rollout eval", "tree[1] (C)")


def test_every_node_it_may_add_valued_searches(tmp_path):
    tree = tmp_path / "evals.yaml"
    tree.write_text(NO_EVAL.replace("{name: C, children", "{name: C, eval: 0, children")
                    .replace("{name: F, children", "{name: F, eval: 1, children"))
    result = run_tracer("trace", tree, "-a", "mcts", "--rollout", "eval", "--iterations", "30")
    assert result.returncode == 0, result.stderr
    # C's eval: 0, scaled by the leaves' range [-1, 1] (the README's rule): (0 + 1) / 2
    assert "no playout: C's evaluation gives MAX 0.50" in result.stdout


def test_nodes_given_statistics_need_no_eval():
    """mcts_example.yaml gives B, C and D their statistics (none has eval:): the search never adds them."""
    result = run_tracer("trace", TREES / "mcts_example.yaml", "-a", "mcts", "--rollout", "eval")
    assert result.returncode == 0, result.stderr


def test_other_rollouts_need_no_eval(tmp_path):
    tree = tmp_path / "no_eval.yaml"
    tree.write_text(NO_EVAL)
    assert run_tracer("trace", tree, "-a", "mcts", "--rollout", "random").returncode == 0
