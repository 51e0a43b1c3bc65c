"""Figures that fit and tell the truth: every shipped example and every documented command fits a slide, the layout
keeps the textbook's shape with nothing drawn over anything, and the numbers, cut notes and key match the search."""

from __future__ import annotations

import re
import shlex
import shutil
import struct
from pathlib import Path

import pytest

from helpers import documentation, run_tracer, traced
from tracer import DrawOptions, load_problem, scene_of, to_dot, trace_search
from tracer.render.drawing import lay_out
from tracer.render.engine import run_graphviz
from tracer.render.layout import Box, board_size, text_width
from tracer.render.scene import DEFAULT_MAX_SIZE
from tracer.view import TraceView

ROOT = Path(__file__).resolve().parents[2]
TREES = ROOT / "trees"
POSITIONS = ROOT / "games" / "positions"
pytestmark = pytest.mark.skipif(shutil.which("dot") is None, reason="needs Graphviz (setup.sh installs it)")
SLIDE_PIXELS = (DEFAULT_MAX_SIZE[0] * 96, DEFAULT_MAX_SIZE[1] * 96)  # the limit at the default 96 dpi


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def without_output(args: list[str]) -> list[str]:
    kept, skip = [], False
    for arg in args:
        if skip:
            skip = False
        elif arg in ("-o", "--output", "-f", "--format"):
            skip = True
        else:
            kept.append(arg)
    return kept


def documented_render_commands() -> list[list[str]]:
    """Every `tracer render` example in the README and in `tracer render --help` that draws a file or a game."""
    text = documentation()
    help_text = run_tracer("render", "--help").stdout
    commands = []
    for line in (text + "\n" + help_text).splitlines():
        match = re.search(r"tracer render (.*?)(?:\s+#.*)?$", line.strip().strip("`"))
        if not match or "run.json" in line or "FILE" in line or "mygames" in line or "big.yaml" in line:
            continue
        if "`" in match.group(1):
            continue  # a command quoted in a sentence, not an example line
        args = without_output(shlex.split(match.group(1)))
        if args and (args[0].startswith(("trees/", "games/", "--game"))):
            commands.append(args)
    return commands


COMMANDS = documented_render_commands()
SHIPPED = sorted(TREES.glob("*.yaml")) + sorted(POSITIONS.glob("*.yaml"))


def test_the_documented_commands_were_found():
    assert len(COMMANDS) >= 6 and any("--game" in command for command in COMMANDS)


@pytest.mark.parametrize("args", [[str(path)] for path in SHIPPED] + COMMANDS,
                         ids=lambda args: " ".join(args)[:60])
def test_every_shipped_example_and_documented_command_fits_a_slide(tmp_path, args):
    out = tmp_path / "figure.png"
    result = run_tracer("render", *args, "-o", out, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    width, height = png_size(out)
    assert width <= SLIDE_PIXELS[0] and height <= SLIDE_PIXELS[1], (width, height)
    assert "Warning" not in result.stderr and "Scaling" not in result.stderr


@pytest.mark.parametrize("path", SHIPPED, ids=lambda path: path.name)
def test_graphviz_draws_every_shipped_example_without_a_warning(path):
    """No label is bigger than the room kept for it (Graphviz would warn, and text would spill)."""
    algorithm = load_problem(str(path)).rules.get("algorithm", "alphabeta")  # the dice tree is for expectiminimax
    source = to_dot(traced(path, algorithm), DrawOptions(visits=True, legend=True))
    run_graphviz(source, "svg", "neato", ("-n2",), strict=True)


def test_a_search_too_large_is_drawn_to_the_depth_that_fits_and_says_so(tmp_path):
    out = tmp_path / "c4.png"
    result = run_tracer("render", POSITIONS / "connect4_threat.yaml", "-o", out)
    assert result.returncode == 0 and "drawn to depth 1 of 4" in result.stderr
    assert png_size(out)[0] <= SLIDE_PIXELS[0]
    refused = run_tracer("render", POSITIONS / "connect4_threat.yaml", "--draw-depth", "3", "-o", out)
    assert refused.returncode == 2 and len(refused.stderr.strip().splitlines()) == 1
    assert "--draw-depth" in refused.stderr and "--first-children" in refused.stderr and "--compact" in refused.stderr
    tiny = run_tracer("render", TREES / "rn_example.yaml", "--max-size", "3x2", "-o", tmp_path / "rn.svg")
    assert tiny.returncode == 2 and "larger than the limit of 3 × 2 inches" in tiny.stderr
    assert not (tmp_path / "rn.svg").exists()


def test_a_bitmap_graphviz_would_shrink_is_refused(tmp_path):
    result = run_tracer("render", POSITIONS / "connect4_threat.yaml", "--draw-depth", "2", "--max-size", "200x200",
                        "--dpi", "600", "-o", tmp_path / "x.png")
    assert result.returncode == 2 and "pixels wide" in result.stderr and not (tmp_path / "x.png").exists()


def test_draw_depth_summarises_each_subtree_below_with_its_counts():
    trace = traced(POSITIONS / "tictactoe_fork.yaml")
    scene = scene_of(trace, DrawOptions(draw_depth=1))
    below = [node for node in scene.nodes if node.kind == "below"]
    view = TraceView(trace)
    children = view.root.children
    assert len(below) == sum(1 for child in children if view.nodes[child].reached and view.nodes[child].children)
    searched = sum(int(node.value.split()[1].replace(",", "")) for node in below)
    reached_below_ply_1 = sum(1 for node in view.nodes if node.node.ply >= 2 and node.reached and not node.pruned)
    assert searched == reached_below_ply_1  # every searched node below the drawn depth is counted once


# ---- the layout -----------------------------------------------------------------------------------------------

def boxes_of(trace, options=DrawOptions()):
    scene = scene_of(trace, options)
    layout = lay_out(scene)
    return scene, layout


@pytest.mark.parametrize("name, algorithm", [("rn_example", "alphabeta"), ("binary_depth4", "alphabeta"),
                                             ("uneven", "negamax-ab"), ("three_agents", "alphabeta")])
def test_nothing_is_drawn_over_anything(name, algorithm):
    """Shapes, the notes beside them and edge labels never overlap (the windows no longer float onto edges)."""
    scene, layout = boxes_of(traced(TREES / f"{name}.yaml", algorithm), DrawOptions(visits=True))
    boxes = [(f"shape {n}", b) for n, b in layout.outlines.items()] + [(f"notes {n}", b) for n, b in layout.notes.items()]
    for edge in scene.edges:
        lines = edge.labels + (["✂"] if edge.cut else [])
        if lines:
            x, y = layout.label_point(edge.tail, edge.head)
            boxes.append((f"label {edge.tail}->{edge.head}",
                          Box(x, y, max(text_width(line, 10) for line in lines), 12.0 * len(lines))))
    for i, (name_a, a) in enumerate(boxes):
        for name_b, b in boxes[i + 1:]:
            overlap = min(a.right, b.right) - max(a.left, b.left), min(a.top, b.top) - max(a.bottom, b.bottom)
            assert min(overlap) <= 0.5, f"{name_a} overlaps {name_b}"


def test_parents_stand_centred_over_their_children_in_search_order():
    trace = traced(TREES / "rn_example.yaml")
    scene, layout = boxes_of(trace)
    view = TraceView(trace)
    for node in view.nodes:
        if node.children:
            xs = [layout.shapes[f"n{c}"].x for c in node.children]
            assert xs == sorted(xs)
            assert layout.shapes[f"n{node.id}"].x == pytest.approx((xs[0] + xs[-1]) / 2, abs=0.5)
            assert all(layout.shapes[f"n{c}"].y < layout.shapes[f"n{node.id}"].y for c in node.children)


def test_the_key_never_moves_the_tree():
    trace = traced(TREES / "rn_example.yaml")
    plain = boxes_of(trace)[1].shapes
    keyed = boxes_of(trace, DrawOptions(legend=True))[1].shapes
    assert plain == keyed


# ---- the numbers on the picture -------------------------------------------------------------------------------

def leaf_texts(trace) -> dict[str, str]:
    view = TraceView(trace)
    return {view.label(int(node.id[1:])): node.value for node in scene_of(trace).nodes if node.kind == "leaf"}


@pytest.mark.parametrize("name", ["min_root", "rn_example", "uneven"])
def test_pruned_leaves_are_in_the_terms_of_their_siblings(name):
    """Negamax with alpha-beta shows each pruned leaf as plain negamax, which searches every leaf, shows it."""
    pruned = leaf_texts(traced(TREES / f"{name}.yaml", "negamax-ab"))
    everything = leaf_texts(traced(TREES / f"{name}.yaml", "negamax"))
    assert pruned == everything
    assert leaf_texts(traced(TREES / f"{name}.yaml", "alphabeta")) == leaf_texts(traced(TREES / f"{name}.yaml",
                                                                                        "minimax"))


@pytest.mark.parametrize("name", ["rn_example", "binary_depth4", "deep_cutoff"])
@pytest.mark.parametrize("fail", ["soft", "hard"])
def test_cut_notes_name_the_value_of_the_child_that_caused_the_cut(name, fail):
    trace = traced(TREES / f"{name}.yaml", "alphabeta", fail=fail)
    view = TraceView(trace)
    scene = {node.id: node for node in scene_of(trace).nodes}
    cuts = [node for node in view.nodes if node.cut is not None]
    assert cuts
    for node in cuts:
        first_pruned = next(i for i, c in enumerate(node.children) if view.nodes[c].pruned)
        culprit = view.nodes[node.children[first_pruned - 1]]  # the last child searched
        note = next(line for line in scene[f"n{node.id}"].notes if line.startswith("✂"))
        stated = note.split()[1]
        assert stated == view.shows(culprit.value), (view.label(node.id), note)


@pytest.mark.parametrize("k", [2, 3])
def test_first_children_keeps_every_cut_of_the_nodes_it_draws(k):
    problem = load_problem(game="connect4", position="4453", depth=3)
    trace = trace_search(problem.root, depth=problem.depth, meta=problem.meta)
    view = TraceView(trace)
    scene = scene_of(trace, DrawOptions(first_children=k, max_size=(500, 500)))
    drawn = {int(node.id[1:]) for node in scene.nodes if node.id.startswith("n")}
    cut_edges = {edge.tail for edge in scene.edges if edge.cut}
    expected = {f"n{node.id}" for node in view.nodes if node.cut is not None and node.id in drawn}
    assert expected and cut_edges == expected
    best = {f"n{node.id}" for node in view.best_line()}
    assert best <= {node.id for node in scene.nodes}


# ---- the key --------------------------------------------------------------------------------------------------

def key(trace, **options) -> dict[str, str]:
    return dict(scene_of(trace, DrawOptions(legend=True, **options)).legend)


def test_the_key_lists_only_what_the_drawing_shows():
    minimax = key(traced(TREES / "rn_example.yaml", "minimax"))
    assert "✂" not in minimax and "≤ 2" not in minimax and "┄" not in minimax and "α β" not in minimax
    assert {"▲", "▽", "□", "━"} <= set(minimax)
    alphabeta = key(traced(TREES / "rn_example.yaml"))
    assert {"✂", "≤ 2", "┄", "α β"} <= set(alphabeta) and "−(v)" not in alphabeta
    negamax = key(traced(TREES / "rn_example.yaml", "negamax"))
    assert "−(v)" in negamax and "negated" in negamax["−(v)"]
    game = key(traced(POSITIONS / "tictactoe_fork.yaml"), draw_depth=2)
    assert "▲" not in game and "□" not in game and "▲ MAX" in game and "⋯ n" in game
    assert not any("triangle" in meaning or "box)" in meaning for meaning in game.values())


# ---- boards ---------------------------------------------------------------------------------------------------

def test_boards_have_fixed_cells_coordinates_and_say_who_is_max(tmp_path):
    source = to_dot(traced(POSITIONS / "clobber_endgame.yaml"))
    root = next(line for line in source.splitlines() if line.strip().startswith("n0 "))
    cell = board_size(scene_of(traced(POSITIONS / "clobber_endgame.yaml")).nodes[0]).cell
    assert cell == 15  # a 4 × 4 board's cells in a figure: its grid 60 points across
    assert root.count(f'<TD WIDTH="{cell}" HEIGHT="{cell}" FIXEDSIZE="TRUE"') == 16  # the cells, each fixed
    assert root.count(f'<TD WIDTH="{cell}" HEIGHT="13" FIXEDSIZE="TRUE" BORDER="0"><FONT') == 4  # the files' lane
    for coordinate in "abcd1234":
        assert f">{coordinate}</FONT>" in root
    assert "Black ● (MAX) to move" in source
    ttt = to_dot(traced(POSITIONS / "tictactoe_fork.yaml"))
    assert "tictactoe" not in ttt or "XO./X../O.." in ttt
    assert "X (MAX) to move" in ttt
    # the last move is marked in every child, found from the boards when the game does not say
    scene = scene_of(traced(POSITIONS / "tictactoe_fork.yaml"), DrawOptions(draw_depth=1))
    children = [node for node in scene.nodes if node.kind == "board" and node.id != "n0"]
    assert children and all(len(node.board.marked) == 1 for node in children)


def test_text_measured_ahead_is_current_and_spares_a_run_of_dot(monkeypatch):
    """The DOT that measures the common characters as a drawing command starts (where the font metric table does
    not apply) is what measure_source makes of them today, and its widths are used: drawing the example then runs
    no measuring dot of its own."""
    from tracer.render import drawing, engine, metrics

    assert Path(engine.MEASURE_SOURCE).read_text(encoding="utf-8") == metrics.measure_source(engine.COMMON_CHARS), (
        "regenerate with: python -m tracer.render.engine")
    monkeypatch.setattr(metrics, "_measured", {})
    monkeypatch.setattr(metrics, "_stored", metrics.Stored({}, None, [], {}))  # neither table nor cache applies
    monkeypatch.setattr(engine, "_measured", False)
    engine.start_measuring()
    runs = []
    monkeypatch.setattr(engine, "_run", lambda *args, **kwargs: runs.append(args) or b"{}")
    drawing.measure([scene_of(traced(TREES / "rn_example.yaml"), DrawOptions(visits=True, legend=True))])
    assert runs == [] and metrics._measured[("α", False)] > metrics._measured[("i", False)] > 0


GAME_COMMANDS = [args for args in COMMANDS
                 if (args[0] == "--game" and args[1] != "pig") or args[0].startswith("games/")]


def test_the_readme_game_examples_were_found():
    assert {args[1] for args in GAME_COMMANDS if args[0] == "--game"} >= {"tictactoe", "connect4", "clobber"}


@pytest.mark.parametrize("args", GAME_COMMANDS, ids=lambda args: " ".join(args)[:60])
def test_the_readme_game_examples_show_what_each_flag_does(tmp_path, args):
    """Each flag of a README (or --help) game example has something to show: drawn as asked (no "drawn to depth
    1" that leaves --compact and --first-children nothing to do), a "+n more" box with --first-children, a "✂ n
    pruned" box with --compact, boxes of counts with --draw-depth."""
    out = tmp_path / "figure.svg"
    result = run_tracer("render", *args, "-o", out, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert "drawn to depth" not in result.stderr
    svg = out.read_text(encoding="utf-8")
    if "--first-children" in args:
        assert re.search(r"\+\d+ more", svg)
    if "--compact" in args:
        assert re.search(r"✂ \d+ pruned", svg)
    if "--draw-depth" in args:
        assert re.search(r"⋯ \d+ searched", svg)
    if "--min-visits" in args:
        assert re.search(r"\d+ nodes.*?\d+ visits", svg, re.S)


def test_a_very_deep_chain_is_cut_to_a_slide_in_a_few_layouts(tmp_path, monkeypatch):
    """The deepest cut that fits is found by halving (a drawing cut deeper is never smaller), not by laying out
    one cut per ply: a 998-deep chain took minutes to render. Counted in layouts, not timed; the cut is the
    deepest that fits, as checking every depth finds it."""
    from tracer.render import drawing

    nested = "0"
    for _ in range(300):
        nested = f"[{nested}]"
    tree = tmp_path / "chain.yaml"
    tree.write_text(f"tree: {nested}\n")
    layouts = []
    real = drawing.lay_out
    monkeypatch.setattr(drawing, "lay_out", lambda *args, **kwargs: layouts.append(1) or real(*args, **kwargs))
    result = run_tracer("render", tree, "-o", tmp_path / "chain.svg")
    assert result.returncode == 0, result.stderr
    drawn = int(re.search(r"drawn to depth (\d+) of 300", result.stderr).group(1))
    assert 0 < drawn < 300 and len(layouts) <= 12
    problem = load_problem(str(tree))
    trace = trace_search(problem.root, "alphabeta", meta=problem.meta)

    def fits(depth: int) -> bool:
        scene = scene_of(trace, DrawOptions(draw_depth=depth))
        return drawing._fits(drawing.page_of(scene, real(scene)), DrawOptions())

    assert fits(drawn) and not fits(drawn + 1)  # the deepest cut that fits (a deeper one is never smaller)


def test_the_key_writes_the_windows_as_the_drawing_does(tmp_path):
    """A figure writes a window α=3 β=+∞ and its key α β; a slide writes [3, +∞] and its key [α, β]."""
    for size, window, symbol, other in ((None, "α=3 β=+∞", "α β", "[α, β]"), ("16:9", "[3, +∞]", "[α, β]", "α β")):
        out = tmp_path / f"{size or 'figure'}.dot".replace(":", "x")
        result = run_tracer("render", ROOT / "trees" / "rn_example.yaml", "--legend", "-f", "dot", "-o", out,
                            *(("--size", size) if size else ()))
        assert result.returncode == 0, result.stderr
        dot = out.read_text(encoding="utf-8")
        assert window in dot and f">{symbol}<" in dot and f">{other}<" not in dot, size
