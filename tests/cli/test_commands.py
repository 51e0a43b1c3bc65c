"""The command line as users run it: outputs, the JSON contract, one-line errors with exit status 2."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree

import networkx as nx
import pytest

from helpers import STATS_KEYS, TREES, assert_one_line_error, run_tracer

def test_render_writes_the_default_path_and_prints_it(tmp_path):
    result = run_tracer("render", TREES / "rn_example.yaml", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "output/rn_example.alphabeta.svg"
    svg = (tmp_path / "output" / "rn_example.alphabeta.svg").read_bytes()
    assert ElementTree.fromstring(svg).tag.endswith("svg")


@pytest.mark.parametrize("fmt, magic", [("png", b"\x89PNG"), ("pdf", b"%PDF"), ("dot", b"digraph")])
def test_render_formats(tmp_path, fmt, magic):
    out = tmp_path / f"figure.{fmt}"
    result = run_tracer("render", TREES / "rn_example.yaml", "-a", "minimax", "-o", out)
    assert result.returncode == 0, result.stderr
    assert out.read_bytes().startswith(magic)


def test_leaf_names_show_the_names_tables_use(tmp_path):
    out = tmp_path / "uneven.dot"
    assert run_tracer("render", TREES / "uneven.yaml", "--leaf-names", "-o", out).returncode == 0
    dot = out.read_text()
    for label in ("A2", "B1", "B2", "Left1", "E2"):  # the best move A2 is named in the picture, as in the title
        assert f'<FONT POINT-SIZE="10">{label}</FONT>' in dot
    assert run_tracer("render", TREES / "uneven.yaml", "-o", out).returncode == 0
    assert '<FONT POINT-SIZE="10">A2</FONT>' not in out.read_text()


def test_dpi_sets_the_png_resolution(tmp_path):
    import struct

    sizes = []
    for dpi in ("96", "192"):
        out = tmp_path / f"rn{dpi}.png"
        assert run_tracer("render", TREES / "rn_example.yaml", "--dpi", dpi, "-o", out).returncode == 0
        sizes.append(struct.unpack(">II", out.read_bytes()[16:24]))  # the PNG header's width and height
    (w1, h1), (w2, h2) = sizes
    assert abs(w2 - 2 * w1) <= 2 and abs(h2 - 2 * h1) <= 2
    assert_one_line_error(run_tracer("render", TREES / "rn_example.yaml", "--dpi", "300"), "--dpi", "svg")
    assert_one_line_error(run_tracer("render", TREES / "rn_example.yaml", "--dpi", "5", "-f", "png"), "24 to 1200")


def test_saved_trace_renders_the_same_diagram_without_searching(tmp_path):
    run = tmp_path / "run.json"
    assert run_tracer("trace", TREES / "rn_example.yaml", "-a", "negamax-ab", "-o", run).returncode == 0
    data = json.loads(run.read_text())
    assert data["format"] == "tracer-trace" and data["version"] == 2 and data["algorithm"] == "negamax-ab"
    direct, again = tmp_path / "direct.dot", tmp_path / "again.dot"
    run_tracer("render", TREES / "rn_example.yaml", "-a", "negamax-ab", "-o", direct)
    run_tracer("render", run, "-o", again)
    assert again.read_text() == direct.read_text()


def test_trace_prints_the_step_table(tmp_path):
    result = run_tracer("trace", TREES / "rn_example.yaml")
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["step", "node", "visit", "event", "α", "β", "value", "note"]
    assert any("cutoff" in line
               and "α-cutoff, shallow: α from A — prune C's remaining children C2 (4) and C3 (6)" in line
               for line in lines)
    assert lines[-1] == "alphabeta: value 3, best move B"
    # the visit column is the diagram's #n: C is the sixth node entered (A, B, B1, B2, B3, C), at step 14
    cut = next(line for line in lines if "cutoff" in line).split()
    assert cut[:4] == ["19", "C", "#6", "cutoff"]
    dot = tmp_path / "rn.dot"
    assert run_tracer("render", TREES / "rn_example.yaml", "--visits", "-o", dot).returncode == 0
    c = next(line.split()[0] for line in dot.read_text().splitlines() if ">C</FONT>" in line)
    assert "<B>#6</B>" in next(line for line in dot.read_text().splitlines() if line.strip().startswith(f"{c}_notes "))


def test_stats_json_contract():
    result = run_tracer("stats", TREES / "rn_example.yaml", "-a", "alphabeta", "--json")
    data = json.loads(result.stdout)
    assert set(data) == STATS_KEYS
    assert (data["value"], data["best_move"], data["nodes_visited"], data["leaves_evaluated"], data["cutoffs"]) \
        == (3, "B", 11, 7, 1)
    assert data["evaluated_leaves"] == [3, 12, 8, 2, 14, 5, 2]
    assert 0 < data["seconds"] < 5


def test_stats_several_algorithms_give_a_list_or_a_table():
    result = run_tracer("stats", TREES / "min_root.yaml", *sum((["-a", a] for a in
                        ("minimax", "alphabeta", "negamax", "negamax-ab")), []), "--json")
    data = json.loads(result.stdout)
    assert [d["algorithm"] for d in data] == ["minimax", "alphabeta", "negamax", "negamax-ab"]
    assert len({d["value"] for d in data}) == 1 and len({d["best_move"] for d in data}) == 1
    table = run_tracer("stats", TREES / "rn_example.yaml", "-a", "minimax", "-a", "alphabeta").stdout
    assert "minimax" in table and "alphabeta" in table and "nodes" in table


def test_export_graphml_and_node_link_json(tmp_path):
    graphml = tmp_path / "rn.graphml"
    assert run_tracer("export", TREES / "rn_example.yaml", "-o", graphml).returncode == 0
    graph = nx.read_graphml(graphml)
    assert graph.number_of_nodes() == 13 and nx.is_arborescence(graph)
    pruned = sorted(d["value"] for _, d in graph.nodes(data=True) if d["pruned"])
    assert pruned == [4.0, 6.0]
    link = tmp_path / "rn.json"
    assert run_tracer("export", TREES / "rn_example.yaml", "--format", "json", "-o", link).returncode == 0
    nodes = {node["label"]: node for node in json.loads(link.read_text())["nodes"]}
    assert len(nodes) == 13
    # numbers as numbers, bounds beside them, infinities spelled as in the trace JSON
    assert (nodes["C"]["value"], nodes["C"]["bound"], nodes["C"]["shown"]) == (2, "≤", "≤ 2")
    assert (nodes["B"]["alpha"], nodes["B"]["beta"]) == ("-inf", 3)
    assert nodes["C2"]["value"] == 4 and nodes["C2"]["pruned"] is True


def test_python_dash_m_and_help_with_examples():
    for command in ("render", "trace", "stats", "export"):
        result = run_tracer(command, "--help")
        assert result.returncode == 0 and "examples:" in result.stdout and "--algorithm" in result.stdout


def test_bad_tree_file_names_file_line_and_path(tmp_path):
    bad = tmp_path / "x.yaml"
    bad.write_text("title: t\ntree:\n  - [1, 2]\n  - [3, abc]\n")
    result = run_tracer("render", bad, cwd=tmp_path)
    assert_one_line_error(result, f"{bad}:4: tree[1][1]: expected a number or a list, got 'abc'")
    assert not (tmp_path / "output").exists()  # nothing half-written


def test_bad_option_and_missing_file():
    assert_one_line_error(run_tracer("render", TREES / "rn_example.yaml", "-a", "best"),
                          "invalid choice: 'best'")
    assert_one_line_error(run_tracer("stats", "trees/missing.yaml"), "trees/missing.yaml", "No such file")
    assert_one_line_error(run_tracer("render"), "nothing to search")
    assert_one_line_error(run_tracer("render", TREES / "rn_example.yaml", "--depth", "1"), "tree[0] (B)", "eval:")
    assert_one_line_error(run_tracer("render", TREES / "rn_example.yaml", "-o", "x.gif"), "extension")
    assert_one_line_error(run_tracer("render", TREES / "rn_example.yaml", "--first-children", "0"), "≥ 1")


def test_bad_trace_file(tmp_path):
    broken = tmp_path / "run.json"
    broken.write_text('{"format": "tracer-trace",\n "version": 99}')
    assert_one_line_error(run_tracer("render", broken), "version 99")
    broken.write_text("{not json")
    assert_one_line_error(run_tracer("render", broken), f"{broken}:1: not valid JSON")


def test_missing_graphviz_is_one_line_and_writes_nothing(tmp_path):
    import sys

    result = run_tracer("render", TREES / "rn_example.yaml", cwd=tmp_path, env={"PATH": str(tmp_path)})
    assert_one_line_error(result, "Graphviz", "apt-get install graphviz")
    assert not any((tmp_path / "output").glob("*")) if (tmp_path / "output").exists() else True
    assert sys.executable  # the interpreter itself was found by its full path


def test_too_big_to_draw_names_the_options(tmp_path):
    big = tmp_path / "big.yaml"
    big.write_text(repr([[[[[[1, 2, 3], [4, 5, 6]] * 3] * 3] * 4] * 4]))
    result = run_tracer("render", big, "-a", "minimax", "--max-drawn", "100", cwd=tmp_path)
    assert_one_line_error(result, "more than the limit of 100", "--compact", "--max-drawn")


def test_version():
    result = run_tracer("--version")
    assert result.returncode == 0 and result.stdout.startswith("tracer ")


@pytest.mark.parametrize("option", [("-a", "minimax"), ("--prune", "gt"), ("--fail", "hard"), ("--order", "best"),
                                    ("--seed", "3")])
def test_a_saved_trace_refuses_search_options_it_cannot_honour(tmp_path, option):
    run = tmp_path / "run.json"
    assert run_tracer("trace", TREES / "rn_example.yaml", "-o", run).returncode == 0
    for command in ("render", "trace", "export"):
        result = run_tracer(command, run, *option, "-o", tmp_path / "out.svg") if command != "trace" else \
            run_tracer(command, run, *option)
        assert_one_line_error(result, f"{run}: a saved trace is drawn as it was searched; {option[0]} does not apply")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run.json"]


@pytest.mark.parametrize("args, fragment", [
    (("render", "-f", "png", "-o", "x.svg"), "-o x.svg: the name says svg but -f says png; name the file .png"),
    (("export", "-o", "tree.jpg"), "-o tree.jpg: cannot tell the format from the extension; use .graphml, .json, "
                                   "or give --format"),
    (("export", "--format", "json", "-o", "t.graphml"), "the name says graphml but --format says json"),
])
def test_an_output_named_for_another_format_is_refused_and_nothing_written(tmp_path, args, fragment):
    result = run_tracer(args[0], TREES / "rn_example.yaml", *args[1:], cwd=tmp_path)
    assert_one_line_error(result, fragment)
    assert list(tmp_path.iterdir()) == []


def test_export_takes_its_format_from_the_name(tmp_path):
    assert run_tracer("export", TREES / "rn_example.yaml", "-o", tmp_path / "tree.json").returncode == 0
    assert (tmp_path / "tree.json").read_text().lstrip().startswith("{")  # node-link JSON, not GraphML
