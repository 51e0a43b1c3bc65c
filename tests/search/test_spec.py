"""The search specification (tracer/search/spec.py): resolved once (defaults, a file's rules:, the command line),
checked once with one message per mistake, stored in the trace and read back into the same type."""

from __future__ import annotations

import json
import math

import pytest

from nested_lists import TREES
from tracer import ALGORITHMS, Rules, load_tree, trace_search
from tracer.errors import SearchOptionError
from tracer.inputs import read_rules
from tracer.inputs.traces import trace_from_dict
from tracer.inputs.yaml_text import compose
from tracer.io import is_saved_trace, tikz_by_name
from tracer.run import Stats
from tracer.search.registry import DEFAULT_ALGORITHM, OWN_COUNTS, PRUNING
from tracer.search.spec import MAX_SEARCH_DEPTH, SearchSpec, as_spec, mistake, resolve


def test_the_defaults_then_the_files_rules_then_the_command_line():
    [spec], notes = resolve()
    assert spec == SearchSpec() and (spec.algorithm, spec.prune, spec.fail) == (DEFAULT_ALGORITHM, "ge", "soft")
    assert notes == []
    [spec], notes = resolve({"algorithm": "negamax-ab", "prune": "gt"})
    assert (spec.algorithm, spec.prune, spec.fail) == ("negamax-ab", "gt", "soft") and notes == []
    [spec], notes = resolve({"algorithm": "negamax-ab", "prune": "gt"}, {"algorithm": "minimax", "fail": "hard",
                                                                          "prune": "gt"}, depth=2)
    assert (spec.algorithm, spec.prune, spec.fail, spec.depth) == ("minimax", "gt", "hard", 2)
    assert notes == ["-a minimax overrides the file's rules (algorithm: negamax-ab)"]  # prune gt agrees: no note


def test_several_algorithms_and_orders_give_one_spec_each_and_own_settings_go_to_those_that_take_them():
    specs, notes = resolve({"algorithm": "pvs"}, {"algorithm": ["alphabeta", "mtdf"], "order": ["natural", "best"],
                                                  "guess": 3, "tt_size": 8})
    assert [(s.algorithm, s.order, s.guess, s.tt_size) for s in specs] == [
        ("alphabeta", "natural", None, None), ("alphabeta", "best", None, None),
        ("mtdf", "natural", 3, 8), ("mtdf", "best", 3, 8)]
    assert notes == ["-a alphabeta -a mtdf overrides the file's rules (algorithm: pvs)"]
    with pytest.raises(SearchOptionError, match="^--guess is for -a mtdf, not -a alphabeta -a pvs$"):
        resolve({}, {"algorithm": ["alphabeta", "pvs"], "guess": 3})


@pytest.mark.parametrize("changes, message", [
    ({"algorithm": "sss*"}, "unknown algorithm 'sss*'"),
    ({"prune": "ge "}, "prune: expected one of ge, gt, got 'ge '"),
    ({"fail": "Hard"}, "fail: expected one of soft, hard, got 'Hard'"),
    ({"depth": -1}, "depth: expected a whole number from 0 to 1,000,000, got -1"),
    ({"depth": MAX_SEARCH_DEPTH + 1}, "depth: expected a whole number from 0 to 1,000,000, got 1000001"),
    ({"depth": True}, "depth: expected a whole number from 0 to 1,000,000, got True"),
    ({"order": "sideways"}, "order: expected one of natural, reversed, best, worst, eval, random, got 'sideways'"),
    ({"tt_size": 8}, "--tt-size is for -a mtdf or -a sss or -a id, not -a alphabeta"),
    ({"algorithm": "mtdf", "tt_size": 0}, "tt_size: expected a whole number ≥ 1, got 0"),
    ({"algorithm": "mtdf", "guess": math.nan}, "guess: expected a finite number, got nan"),
    ({"algorithm": "sss", "fail": "hard"}, "use --fail soft"),
])
def test_each_mistake_is_one_message(changes, message):
    with pytest.raises(SearchOptionError, match=message.replace("(", r"\(").replace(")", r"\)").replace("*", r"\*")):
        SearchSpec(**changes)


def test_a_files_rules_say_the_same_mistake_in_the_same_words():
    rules = compose("rules: {prune: sometimes}", "x.yaml").value[0][1]
    with pytest.raises(Exception) as error:
        read_rules(rules, "x.yaml")
    assert str(error.value).endswith(f"rules.prune: {mistake('prune', 'sometimes')}, got 'sometimes'")


def test_the_trace_stores_the_spec_and_reads_it_back_into_the_same_type():
    tree = load_tree(TREES / "rn_example.yaml")
    for spec in (SearchSpec(), SearchSpec("negamax-ab", prune="gt", fail="hard", depth=2, order="random", seed=5),
                 SearchSpec("mtdf", guess=4, tt_size=16), SearchSpec("minimax", order="reversed")):
        trace = trace_search(tree.root, spec)
        assert trace.spec == spec
        loaded = trace_from_dict(json.loads(trace.to_json()))
        assert loaded.spec == spec and loaded.options == trace.options
    assert SearchSpec("mtdf").guess == 0  # MTD(f)'s default first guess, as traces record it


def test_later_stages_ask_the_spec():
    assert SearchSpec(prune="gt").strict_pruning and not SearchSpec("minimax", prune="gt").strict_pruning
    assert SearchSpec(fail="hard").fail_hard and not SearchSpec("negamax", fail="hard").fail_hard
    assert SearchSpec(fail="hard").rules == Rules("ge", "hard")
    assert SearchSpec("pvs").prunes and not SearchSpec("expectiminimax").prunes
    assert SearchSpec("id", depth=3).phrases() == ["cut when α ≥ β", "fail-soft", "depth 3"]


def test_an_old_or_foreign_trace_keeps_what_it_recorded():
    spec = SearchSpec.from_options("someone-elses", {"depth": None, "prune": "gt", "fail": "soft", "extra": 1})
    assert spec.prunes and spec.strict_pruning and spec.search is None
    assert spec.as_options() == {"depth": None, "prune": "gt", "fail": "soft"}
    assert not SearchSpec.from_options("someone-elses", {"depth": 2}).prunes


def test_the_python_api_keywords_make_the_same_spec():
    assert as_spec("mtdf", depth=math.inf, rules=Rules("gt"), order="best", settings={"guess": None, "tt_size": 9,
                                                                                       "other": 1}) == \
        SearchSpec("mtdf", prune="gt", order="best", tt_size=9)
    assert as_spec("alphabeta", settings={"guess": 3}) == SearchSpec()  # settings it does not take are left out
    assert as_spec(SearchSpec("pvs"), seed=4) == SearchSpec("pvs", seed=4)


def test_algorithm_facts_come_from_the_registry():
    assert set(PRUNING) == {"alphabeta", "negamax-ab", "pvs", "mtdf", "sss", "id", "paranoid"}
    assert set(OWN_COUNTS) == {count for search in ALGORITHMS.values() for count in search.counts}
    assert set(OWN_COUNTS) <= set(Stats.fields)  # each count the registry names, stats can report
    assert [name for name, search in ALGORITHMS.items() if search.several_passes] == ["mtdf", "sss", "id"]


def test_what_a_file_is_is_decided_by_its_name_once():
    assert is_saved_trace("run.JSON") and not is_saved_trace("tree.yaml") and not is_saved_trace(None)
    assert tikz_by_name("figure.tex") == "tikz" and tikz_by_name("figure.tex", "pdf") == "pdf"
    assert tikz_by_name("figure.svg") is None and tikz_by_name(None) is None
