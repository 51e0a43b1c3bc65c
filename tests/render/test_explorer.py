"""The explorer page (``tracer explore``), in a real headless browser (Debian's chromium, driven by Playwright): a
Connect Four alpha-beta search of 13,224 nodes opens at the first ply and the principal variation; a click opens a
node's children, each row as the trace's events say (checked against the events, not the view the page is made
from); keys, links and the find box; hostile names shown as text; every family of searches opens; bad input is
one line. Timings are in benchmarks/bench_explore.py, never here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import IN_A_BROWSER, WatchedPage, run_tracer
from tracer import load_problem, scene_of, trace_search
from tracer.inputs.traces import load_trace
from tracer.numbers import format_number
from tracer.trace.events import AlphaUpdated, BetaUpdated, Cutoff, LeafEvaluated, NodeEntered, NodeExited
from tracer.view import TraceView

ROOT = Path(__file__).resolve().parents[2]
TREES = ROOT / "trees"
pytestmark = IN_A_BROWSER

HOSTILE = """root: max
tree:
  - name: "<script>alert(1)</script>"
    children: [{name: "</svg>", value: 3}, {name: "a & b", value: 5}]
  - name: "</script><img src=x onerror=alert(2)>"
    children: [{name: "<!--", value: 2}, {name: "\\"' ]]>", value: 9}]
"""

HOSTILE_PLAYERS = """players: ["a b", "<b>x</b>", "\\" c"]
tree:
  - [["(1, 2, 6)", "(4, 2, 3)"]]
  - [["(5, 1, 1)", "(1, 5, 2)"]]
rules: {algorithm: maxn}
"""

# Each family of searches (and the searches that make several passes), on a tree of the repository.
FAMILIES = [("rn_example.yaml", "alphabeta"), ("rn_example.yaml", "negamax-ab"), ("rn_example.yaml", "mtdf"),
            ("rn_example.yaml", "sss"), ("id_example.yaml", "id"), ("dice.yaml", "expectiminimax"),
            ("star2.yaml", "star2"), ("three_players.yaml", "maxn"), ("mcts_example.yaml", "mcts")]


@pytest.fixture(scope="module")
def connect4(tmp_path_factory):
    """Connect Four from the empty board, alpha-beta 6 plies deep: its explorer page, and the same search traced
    here through the Python API (a search is deterministic), to check the page against."""
    page = tmp_path_factory.mktemp("explore") / "connect4.html"
    result = run_tracer("explore", "--game", "connect4", "--depth", "6", "-a", "alphabeta", "-o", page)
    assert result.returncode == 0, result.stderr
    problem = load_problem(None, game="connect4", depth=6)
    return page, trace_search(problem.root, "alphabeta", depth=problem.depth, meta=problem.meta)


class Explorer(WatchedPage):
    """A page of the explorer, with what its console said and what it tried to open or fetch."""

    def __init__(self, browser, path: Path, hash_: str = ""):
        super().__init__(browser, path.as_uri() + hash_, viewport={"width": 1400, "height": 900})

    def shown(self) -> set[int]:
        """The nodes whose rows are on the screen (every row above them open)."""
        return set(self.page.eval_on_selector_all(
            "li[role=treeitem]", "items => items.filter(i => i.offsetParent !== null).map(i => Number(i.dataset.node))"))

    def row(self, node: int) -> dict[str, str]:
        """What the node's row says, column by column."""
        return self.page.eval_on_selector(
            f'li[data-node="{node}"] > .row',
            "row => Object.fromEntries([...row.children].map(s => [s.className, s.textContent]))")

    def focused(self) -> int:
        return self.page.evaluate("Number(document.activeElement.dataset.node)")

    def current(self) -> int:
        """The current row: the one the keys act on, focused or not (the find box keeps the focus)."""
        return int(self.page.get_attribute("li[aria-selected=true]", "data-node"))

    def expanded(self, node: int) -> str | None:
        return self.page.get_attribute(f'li[data-node="{node}"]', "aria-expanded")


def children_of(trace) -> dict[int, list[int]]:
    children: dict[int, list[int]] = {node.id: [] for node in trace.nodes}
    for node in trace.nodes:
        if node.parent is not None:
            children[node.parent].append(node.id)
    return children


def from_events(trace) -> dict[int, dict]:
    """Each node as a one-pass alpha-beta trace's events tell it, read here without the view: the window it was
    entered with and the one it was left with (its last α and β updates), its visit number, the value it returned
    or was evaluated to, and the moves a cutoff there skipped."""
    nodes: dict[int, dict] = {}
    for event in trace.events:
        if isinstance(event, NodeEntered):
            nodes[event.node] = {"in": (event.alpha, event.beta), "out": [event.alpha, event.beta],
                                 "visit": len(nodes) + 1, "skipped": 0}
        elif isinstance(event, AlphaUpdated):
            nodes[event.node]["out"][0] = event.new
        elif isinstance(event, BetaUpdated):
            nodes[event.node]["out"][1] = event.new
        elif isinstance(event, (LeafEvaluated, NodeExited)):
            nodes[event.node]["value"] = event.value
        elif isinstance(event, Cutoff):
            nodes[event.node]["skipped"] = len(event.skipped)
    return nodes


def window(pair) -> str:
    return f"α={format_number(pair[0])} β={format_number(pair[1])}"


def assert_row_as_the_events_say(row: dict[str, str], seen: dict) -> None:
    entered, left = window(seen["in"]), window(seen["out"])
    assert row["window"] == (entered if entered == left else f"{entered} → {left}")
    assert row["visit"] == f"#{seen['visit']}"
    assert row["value"].lstrip("≤≥ ") == format_number(seen["value"])  # its bound beside it, if any
    if seen["skipped"]:
        assert row["cut"].startswith("✂ cut") and f"{seen['skipped']} move" in row["cut"]
    else:
        assert row["cut"] == ""


def test_a_large_search_opens_at_the_first_ply_and_the_principal_variation(browser, connect4):
    path, trace = connect4
    assert len(trace.nodes) >= 10_000
    children = children_of(trace)
    line = [node.id for node in TraceView(trace).best_line()]
    assert len(line) == 7  # the root and six plies: the search's best line to its depth
    explorer = Explorer(browser, path)
    assert explorer.shown() == {0} | {child for node in line for child in children[node]}
    assert all(explorer.expanded(node) == "true" for node in line[:-1])
    assert explorer.page.eval_on_selector_all("li.pv", "items => items.map(i => Number(i.dataset.node))") == line
    assert explorer.page.eval_on_selector_all("li[role=treeitem]", "items => items.length") == len(explorer.shown())
    assert explorer.focused() == 0 and explorer.errors == []
    explorer.close()


def test_a_click_opens_a_node_with_what_the_trace_says_of_each_child(browser, connect4):
    path, trace = connect4
    children, seen = children_of(trace), from_events(trace)
    line = {node.id for node in TraceView(trace).best_line()}
    explorer = Explorer(browser, path)
    first_ply = children[0]
    closed = next(node for node in first_ply if node not in line and children[node])
    assert explorer.expanded(closed) == "false"
    before = explorer.shown()
    explorer.page.click(f'li[data-node="{closed}"] > .row')
    assert explorer.expanded(closed) == "true" and explorer.focused() == closed
    assert explorer.shown() == before | set(children[closed])
    cut_rows = 0
    for node in [closed, *children[closed]]:
        row = explorer.row(node)
        if node in seen:
            assert_row_as_the_events_say(row, seen[node])
            cut_rows += bool(seen[node]["skipped"])
        else:  # a move a cutoff skipped: never entered
            assert row["value"] == "pruned" and row["visit"] == row["window"] == ""
    assert cut_rows, "the test meets a cutoff"
    explorer.page.click(f'li[data-node="{closed}"] > .row')
    assert explorer.expanded(closed) == "false" and explorer.shown() == before
    assert explorer.errors == []
    explorer.close()


def test_keys_walk_the_outline_like_a_file_tree(browser, connect4):
    path, trace = connect4
    children = children_of(trace)
    explorer = Explorer(browser, path)
    press = explorer.page.keyboard.press
    press("ArrowDown")
    first = children[0][0]
    assert explorer.focused() == first
    assert explorer.page.evaluate("location.hash") == f"#node={first}"
    opened = explorer.expanded(first) == "true"
    press("ArrowRight")  # opens it (or, open already, goes to its first child)
    if not opened:
        assert explorer.expanded(first) == "true" and explorer.focused() == first
        press("ArrowRight")
    assert explorer.focused() == children[first][0]
    seen = from_events(trace)
    assert_row_as_the_events_say(explorer.row(children[first][0]), seen[children[first][0]])
    press("ArrowLeft")
    assert explorer.focused() == first
    press("ArrowLeft")
    assert explorer.expanded(first) == "false"
    press("ArrowLeft")
    assert explorer.focused() == 0
    press("Enter")
    assert explorer.expanded(0) == "false" and explorer.shown() == {0}
    press("+")  # the root open again, and what was open under it (the principal variation) as it was
    assert set(children[0]) <= explorer.shown() and explorer.expanded(first) == "false"
    press("End")
    assert explorer.focused() == children[0][-1]
    press("ArrowUp")
    assert explorer.focused() == children[0][-2]
    press("Home")
    assert explorer.focused() == 0
    assert explorer.errors == []
    explorer.close()


def test_a_link_and_the_find_box_open_the_tree_at_a_node(browser, connect4):
    path, trace = connect4
    deep = max(trace.nodes, key=lambda node: (node.ply, -node.id))  # a node six plies down
    explorer = Explorer(browser, path, f"#node={deep.id}")
    assert explorer.focused() == deep.id and deep.id in explorer.shown()
    moves, at = [], trace.nodes[deep.id]
    while at.parent is not None:
        moves.append(at.move)
        at = trace.nodes[at.parent]
    explorer.page.click("#collapse")
    assert explorer.shown() == {0}
    explorer.page.fill("#find", " ".join(reversed(moves)))
    explorer.page.press("#find", "Enter")
    assert explorer.current() == deep.id and deep.id in explorer.shown()
    assert explorer.page.evaluate("document.activeElement.id") == "find"  # Enter again: the next node found
    explorer.page.fill("#find", "9 9")
    explorer.page.press("#find", "Enter")
    assert explorer.page.inner_text("#found") == "no node 9 9"
    assert explorer.errors == []
    explorer.close()


def test_the_page_is_one_file_with_its_data_in_columns(connect4):
    path, trace = connect4
    text = path.read_text(encoding="utf-8")
    for outside in ("<link", " src=", "@import", "url(", "http://cdn", "https://"):
        assert outside not in text
    assert text.count("<script") == 2  # the data block and the script
    data = json.loads(text.split('id="explorer-data">')[1].split("</script>")[0])
    assert len(data["parent"]) == len(data["value"]) == len(trace.nodes)
    assert len(text.encode("utf-8")) < 100 * len(trace.nodes)  # columns and a table of texts: < 100 bytes a node


def test_hostile_names_show_as_text_and_run_nothing(browser, tmp_path):
    tree = tmp_path / "hostile.yaml"
    tree.write_text(HOSTILE, encoding="utf-8")
    out = tmp_path / "hostile.html"
    result = run_tracer("explore", tree, "-o", out)
    assert result.returncode == 0, result.stderr
    explorer = Explorer(browser, out)
    explorer.page.click("#collapse")
    explorer.page.keyboard.press("*")  # the root and its siblings (none): the first ply
    for node in (1, 4):
        explorer.page.click(f'li[data-node="{node}"] > .row')
    names = explorer.page.eval_on_selector_all("li .name", "names => names.map(n => n.textContent)")
    assert {"<script>alert(1)</script>", "</svg>", "a & b", "</script><img src=x onerror=alert(2)>", "<!--",
            "\"' ]]>"} <= set(names)
    assert explorer.page.eval_on_selector_all("main img, main script", "found => found.length") == 0
    assert explorer.dialogs == [] and explorer.errors == []
    assert all(url.startswith("file://") for url in explorer.requests)
    explorer.close()


def test_hostile_player_names_show_as_text(browser, tmp_path):
    tree = tmp_path / "players.yaml"
    tree.write_text(HOSTILE_PLAYERS, encoding="utf-8")
    out = tmp_path / "players.html"
    result = run_tracer("explore", tree, "-o", out)
    assert result.returncode == 0, result.stderr
    explorer = Explorer(browser, out)
    movers = explorer.page.eval_on_selector_all(".mover", "found => found.map(m => m.textContent)")
    assert movers[:3] == ["a b", "<b>x</b>", '" c']  # the root, then down the principal variation
    assert explorer.page.eval_on_selector_all("main b", "found => found.length") == 0
    assert explorer.dialogs == [] and explorer.errors == []
    explorer.close()


def test_every_family_opens(browser, tmp_path):
    for tree, algorithm in FAMILIES:
        saved, out = tmp_path / f"{algorithm}.json", tmp_path / f"{algorithm}.html"
        assert run_tracer("trace", TREES / tree, "-a", algorithm, "-o", saved).returncode == 0
        result = run_tracer("explore", saved, "-o", out)
        assert result.returncode == 0, (algorithm, result.stderr)
        trace = load_trace(str(saved))
        view = TraceView(trace)
        explorer = Explorer(browser, out)
        assert {0, *view.root.children} <= explorer.shown(), algorithm
        assert explorer.row(0)["value"] == view.family.look.value(view, view.root) != "", algorithm
        assert explorer.page.inner_text("#subtitle").startswith(trace.title), algorithm
        # the page's title is the tree file's, as the diagram's (scene_of) and the file itself say
        assert explorer.page.inner_text("#title") == scene_of(trace).title == load_problem(
            str(TREES / tree)).meta["title"], algorithm
        assert explorer.errors == [], (algorithm, explorer.errors)
        explorer.close()


@pytest.mark.parametrize("args, said", [
    (["trees/no_such_tree.yaml"], "no_such_tree.yaml"),
    (["trees/rn_example.yaml", "-o", "out.pdf"], "-o out.pdf: the explorer is an HTML page"),
    (["trees/rn_example.yaml", "--max-nodes", "2000000"], "at most 1,000,000 nodes"),
    (["--game", "connect4", "--depth", "8", "--max-nodes", "1000"], "1,000"),
    (["trees/rn_example.yaml", "-a", "alphabeta", "--pass", "2"], "--pass 2"),
])
def test_bad_input_is_one_line_and_writes_nothing(tmp_path, args, said):
    result = run_tracer("explore", *[str(ROOT / arg) if arg.startswith("trees/") else arg for arg in args],
                        *([] if "-o" in args else ["-o", str(tmp_path / "page.html")]), cwd=tmp_path)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith("tracer explore: error:") and said in result.stderr, result.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_pass_of_a_search_of_several_passes(browser, tmp_path):
    out = tmp_path / "id.html"
    result = run_tracer("explore", TREES / "id_example.yaml", "-a", "id", "--pass", "1", "-o", out)
    assert result.returncode == 0, result.stderr
    saved = tmp_path / "id.json"
    assert run_tracer("trace", TREES / "id_example.yaml", "-a", "id", "-o", saved).returncode == 0
    trace = load_trace(str(saved))
    passes = sum(event.kind == "pass_started" for event in trace.events)
    explorer = Explorer(browser, out)
    assert explorer.page.inner_text("#subtitle").endswith(f"(pass 1 of {passes})") and passes > 1
    # pass 1 searches one ply: the first ply's rows have values, and what lies below them was not searched yet
    first_ply = children_of(trace)[0]
    assert all(explorer.row(node)["value"] not in ("", "not searched") for node in first_ply)
    explorer.page.click(f'li[data-node="{first_ply[0]}"] > .row')
    below = children_of(trace)[first_ply[0]]
    assert below and all(explorer.row(node)["value"] == "not searched" for node in below)
    assert explorer.errors == []
    explorer.close()
