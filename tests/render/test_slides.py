"""Slides: a deck's frames (one per step, as chosen), one layout for all of them, each output format read back."""

from __future__ import annotations

import json
import os
import re
import shutil
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from helpers import assert_one_line_error, documentation, run_tracer, shared_deck, traced
from tracer import DrawOptions, Trace, load_problem, scene_of, trace_search
from tracer.inputs.traces import load_trace
from tracer.render.deck import make_deck
from tracer.render.drawing import draw_deck
from tracer.model.state import Player
from tracer.render.style import FILL, INK, LEAF_FILL
from tracer.view import TraceView, frame_steps

ROOT = Path(__file__).resolve().parents[2]
TREES = ROOT / "trees"
POSITIONS = ROOT / "games" / "positions"
SVG = "{http://www.w3.org/2000/svg}"
pytestmark = pytest.mark.skipif(shutil.which("dot") is None, reason="needs Graphviz (setup.sh installs it)")


def image_size(path) -> tuple[int, int]:
    with Image.open(path) as image:
        return image.size


def event_types(trace: Trace) -> list[str]:
    """The events' types as saved in the trace's JSON (read independently of the event classes)."""
    return [event["type"] for event in json.loads(trace.to_json())["events"]]


# ---- which steps ------------------------------------------------------------------------------------------------

def test_rn_example_alphabeta_has_35_steps_and_35_frames():
    trace = traced(TREES / "rn_example.yaml")
    assert len(event_types(trace)) == 35  # the published count
    deck = make_deck(trace, frame_steps(trace))
    assert [frame.step for frame in deck.frames] == list(range(1, 36))


@pytest.mark.parametrize("name", ["rn_example", "binary_depth4", "uneven", "deep_cutoff"])
def test_coarser_steps_follow_the_events(name):
    trace = traced(TREES / f"{name}.yaml")
    types = event_types(trace)
    last = len(types)
    left = [i + 1 for i, kind in enumerate(types) if kind in ("leaf_evaluated", "node_exited")]
    cuts = [i + 1 for i, kind in enumerate(types) if kind == "cutoff"]
    assert frame_steps(trace, "node") == left and left[-1] == last  # the root's exit is the last step
    assert frame_steps(trace, "cutoff") == cuts + [last]
    assert frame_steps(trace, "event", 5, 9) == [5, 6, 7, 8, 9]
    assert frame_steps(trace, "cutoff", cuts[-1] + 1) == [last]


# ---- the layout never moves -------------------------------------------------------------------------------------

def shape_centres(svg: bytes) -> dict[str, tuple[float, float]]:
    """Each node's shape centre in an SVG frame: the middle of its first outline (a double outline's inner one)."""
    centres = {}
    for group in ElementTree.fromstring(svg).iter(f"{SVG}g"):
        if "node" not in (group.get("class") or "").split() or not re.fullmatch(r"n\d+", group.get("id", "")):
            continue
        outline = group.find(f"{SVG}polygon")
        points = [tuple(map(float, point.split(","))) for point in outline.get("points").split()]
        xs, ys = [x for x, _ in points], [y for _, y in points]
        centres[group.get("id")] = (round((min(xs) + max(xs)) / 2, 1), round((min(ys) + max(ys)) / 2, 1))
    return centres


@pytest.mark.parametrize("name, algorithm", [("rn_example", "alphabeta"), ("binary_depth4", "alphabeta"),
                                             ("uneven", "negamax-ab"), ("three_agents", "minimax")])
def test_every_node_stands_in_the_same_place_in_every_svg_frame(tmp_path, name, algorithm):
    out = tmp_path / "frames"
    result = run_tracer("slides", TREES / f"{name}.yaml", "-a", algorithm, "-f", "svg", "-o", out, "--visits",
                        "--step", "event")
    assert result.returncode == 0, result.stderr
    frames = sorted(out.iterdir())
    trace = traced(TREES / f"{name}.yaml", algorithm)
    assert [f.name for f in frames] == [f"frame-{i:03d}.svg" for i in range(1, len(trace.events) + 1)]
    centres = [shape_centres(frame.read_bytes()) for frame in frames]
    final = centres[-1]
    assert len(final) == trace.node_count
    for i, frame in enumerate(centres, 1):
        for node, place in frame.items():
            x, y = final[node]
            assert abs(place[0] - x) <= 0.75 and abs(place[1] - y) <= 0.75, (i, node, place, final[node])
    sizes = {re.search(rb'viewBox="([^"]+)"', frame.read_bytes()).group(1) for frame in frames}
    assert len(sizes) == 1  # every frame the same page


def test_reveal_hides_what_is_not_reached_yet_and_keeps_the_places(tmp_path):
    out = tmp_path / "frames"
    assert run_tracer("slides", TREES / "rn_example.yaml", "-f", "svg", "-o", out, "--reveal",
                      "--step", "event").returncode == 0
    frames = sorted(out.iterdir())
    first, last = shape_centres(frames[0].read_bytes()), shape_centres(frames[-1].read_bytes())
    assert list(first) == ["n0"]  # only the root has been reached after step 1
    assert first["n0"] == last["n0"]
    assert len(last) == 13


# ---- what each frame shows ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, fail", [("rn_example", "soft"), ("binary_depth4", "soft"), ("deep_cutoff", "hard")])
def test_the_frame_of_each_cutoff_shows_the_pruned_children_and_names_them(name, fail):
    trace = traced(TREES / f"{name}.yaml", fail=fail)
    events = json.loads(trace.to_json())["events"]
    cuts = [i + 1 for i, event in enumerate(events) if event["type"] == "cutoff"]
    assert cuts
    deck = make_deck(trace, cuts)
    labels = TraceView(trace).labels
    for frame in deck.frames:
        skipped = events[frame.step - 1]["skipped"]
        before = make_deck(trace, [frame.step - 1]).frames[0].scene
        nodes = {node.id: node for node in frame.scene.nodes}
        for child in skipped:
            assert nodes[f"n{child}"].dashed and not {n.id: n for n in before.nodes}[f"n{child}"].dashed
            assert labels[child] in frame.caption
        cutter = nodes[f"n{events[frame.step - 1]['node']}"]
        assert cutter.current and any(note.startswith("✂") for note in cutter.notes)


@pytest.mark.parametrize("name, algorithm", [("rn_example", "alphabeta"), ("uneven", "negamax-ab"),
                                             ("min_root", "minimax"), ("depth_limited", "alphabeta")])
def test_the_last_frame_shows_the_final_diagram(name, algorithm):
    trace = traced(TREES / f"{name}.yaml", algorithm)
    last = make_deck(trace, frame_steps(trace)[-1:]).frames[0].scene
    final = scene_of(trace)
    assert [(n.id, n.kind, n.name, n.value, n.notes, n.dashed, n.emphasis) for n in last.nodes] == \
        [(n.id, n.kind, n.name, n.value, n.notes, n.dashed, n.emphasis) for n in final.nodes]
    assert [(e.tail, e.head, e.labels, e.cut, e.best) for e in last.edges] == \
        [(e.tail, e.head, e.labels, e.cut, e.best) for e in final.edges]
    assert last.caption.strip() == f"{TraceView(trace).label(0)}: " + TraceView(trace).caption().split(": ", 1)[1]


def test_frames_before_a_node_is_reached_show_it_faint_without_a_value():
    trace = traced(TREES / "rn_example.yaml")
    deck = make_deck(trace, [1])
    nodes = {node.id: node for node in deck.frames[0].scene.nodes}
    assert nodes["n0"].current and not nodes["n0"].faded
    for node_id in ("n1", "n5", "n9"):  # B, C, D: inner nodes not reached yet
        assert nodes[node_id].faded and nodes[node_id].value == "" and not nodes[node_id].dashed
    assert nodes["n2"].faded and nodes["n2"].value == "3"  # a leaf shows its given value, faint, as the exercise


def test_a_deck_keeps_one_key_the_union_of_its_frames():
    deck = shared_deck(TREES / "rn_example.yaml", options=DrawOptions(legend=True))
    keys = {tuple(frame.scene.legend) for frame in deck.frames}
    assert len(keys) == 1
    meanings = [meaning for _, meaning in keys.pop()]
    assert "this step's node: double red outline" in meanings and "faint: not reached yet" in meanings
    assert "cutoff: the remaining children are skipped" in meanings


# ---- the formats --------------------------------------------------------------------------------------------------

def test_pdf_deck_has_a_page_per_frame_all_the_slide_size(tmp_path):
    out = tmp_path / "deck.pdf"
    result = run_tracer("slides", TREES / "rn_example.yaml", "-o", out)  # by default, a page per node decision
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(out)
    assert len(PdfReader(out).pages) == len(frame_steps(traced(TREES / "rn_example.yaml", None), "node")) == 11
    assert run_tracer("slides", TREES / "rn_example.yaml", "-o", out, "--step", "event").returncode == 0
    pages = PdfReader(out).pages
    assert len(pages) == 35
    assert {(float(p.mediabox.width), float(p.mediabox.height)) for p in pages} == {(960.0, 540.0)}  # 13.33 × 7.5 in
    assert "C2 (4) and C3 (6)" in " ".join(pages[18].extract_text().split())  # step 19: the cutoff at C (wrapped)
    four_three = tmp_path / "deck43.pdf"
    assert run_tracer("slides", TREES / "rn_example.yaml", "-o", four_three, "--size", "4:3",
                      "--step", "cutoff").returncode == 0
    pages = PdfReader(four_three).pages
    assert len(pages) == 2 and {(float(p.mediabox.width), float(p.mediabox.height)) for p in pages} == {(720, 540)}


def test_png_frames_fill_a_1920_by_1080_slide(tmp_path):
    out = tmp_path / "png"
    result = run_tracer("slides", TREES / "rn_example.yaml", "-f", "png", "-o", out, "--step", "cutoff")
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in out.iterdir()) == ["frame-001.png", "frame-002.png"]
    for frame in out.iterdir():
        assert image_size(frame) == (1920, 1080)
    assert run_tracer("slides", TREES / "rn_example.yaml", "-f", "png", "-o", out, "--to", "1", "--step", "event",
                      "--dpi", "96").returncode == 0
    assert [image_size(f) for f in out.iterdir()] == [(1280, 720)]  # the earlier frames replaced, not mixed


def test_gif_has_a_frame_per_step_and_loops(tmp_path):
    out = tmp_path / "search.gif"
    result = run_tracer("slides", TREES / "rn_example.yaml", "-f", "gif", "--fps", "2", "-o", out, "--step", "event")
    assert result.returncode == 0, result.stderr
    with Image.open(out) as image:
        assert image.n_frames == 35 and image.info["loop"] == 0 and image.info["duration"] == 500
        assert image.size == (960, 540)
        image.seek(18)
        step_19 = image.convert("RGB")
        image.seek(0)
        assert step_19.tobytes() != image.convert("RGB").tobytes()
        image.seek(image.n_frames - 1)
        colours = {colour for _, colour in image.convert("RGB").getcolors(960 * 540)}
    # the page, the ink and the fills drawn in bulk are shown in their own colours, not a palette's mean of them
    assert {(255, 255, 255), rgb(INK), rgb(LEAF_FILL), rgb(FILL[Player.MAX]), rgb(FILL[Player.MIN])} <= colours


def rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))


def test_folders_are_replaced_whole_and_never_over_someone_elses_files(tmp_path):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("keep me")
    result = run_tracer("slides", TREES / "rn_example.yaml", "-f", "svg", "-o", out)
    assert_one_line_error(result, str(out), "notes.txt")
    assert sorted(p.name for p in out.iterdir()) == ["notes.txt"]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".tracer-")]


@pytest.mark.parametrize("args, fragment", [
    (["--from", "9", "--to", "3"], "--from 9 is after --to 3"),
    (["--from", "99"], "the search has 35 steps"),
    (["-f", "pdf", "--dpi", "200"], "--dpi"),
    (["-f", "html", "--fps", "3"], "--fps"),
    (["-o", "deck.ppt"], "cannot tell the format"),  # (PowerPoint 97: tracer writes .pptx)
    (["--size", "16:0"], "16:0"),
    (["--size", "0x3"], "0x3"),
    (["--step", "leaf"], "--step"),
    (["--fps", "0"], "--fps"),
])
def test_bad_options_are_one_line_and_write_nothing(tmp_path, args, fragment):
    result = run_tracer("slides", TREES / "rn_example.yaml", *args, cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and fragment in result.stderr, result.stderr
    assert list(tmp_path.iterdir()) == []


def test_slides_of_a_saved_trace_and_of_a_game(tmp_path):
    saved = tmp_path / "run.json"
    assert run_tracer("trace", TREES / "uneven.yaml", "-a", "negamax-ab", "-o", saved).returncode == 0
    result = run_tracer("slides", saved, "-f", "pdf", "-o", tmp_path / "saved.pdf", "--step", "node")
    assert result.returncode == 0, result.stderr
    trace = load_trace(str(saved))
    assert len(PdfReader(tmp_path / "saved.pdf").pages) == len(frame_steps(trace, "node"))
    game = run_tracer("slides", POSITIONS / "connect4_threat.yaml", "--step", "cutoff", "-o", tmp_path / "c4.pdf")
    assert game.returncode == 0, game.stderr
    assert "drawn to depth" in game.stderr  # fitted to the slide, and said so
    text = PdfReader(tmp_path / "c4.pdf").pages[0].extract_text()
    assert "MAX" in text


def test_render_size_fits_a_figure_to_a_slide(tmp_path):
    png, pdf = tmp_path / "figure.png", tmp_path / "figure.pdf"
    assert run_tracer("render", TREES / "rn_example.yaml", "--size", "16:9", "-o", png).returncode == 0
    assert image_size(png) == (1920, 1080)
    assert run_tracer("render", TREES / "rn_example.yaml", "--size", "10x7.5", "--legend", "-o", pdf).returncode == 0
    page = PdfReader(pdf).pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == (720, 540)
    assert run_tracer("render", TREES / "rn_example.yaml", "--size", "16:9", "--dpi", "96", "-o", png).returncode == 0
    assert image_size(png) == (1280, 720)


def test_frames_are_drawn_in_parallel_chunks_in_order():
    trace = traced(TREES / "binary_depth4.yaml", "minimax")
    deck = make_deck(trace, frame_steps(trace))
    done = []
    svgs = list(draw_deck(deck, "svg", progress=done.append))
    assert sum(done) == len(deck.frames) == len(svgs) and len(done) > 1
    captions = [re.search(rb'<g id="caption".*?<text[^>]*>(.*?)</text>', svg, re.S).group(1) for svg in svgs]
    first_words = [frame.scene.caption.split("\n")[0] for frame in deck.frames]
    from html import unescape
    assert [unescape(c.decode()) for c in captions] == first_words


def test_frames_are_streamed_not_held():
    """A deck's frames are made, drawn and handed on a few chunks at a time: when the first frame comes out, only
    the chunks drawn ahead have been asked for, however many frames there are."""
    from tracer.render import engine

    count, asked, done = 600, [], []

    def sources():
        for i in range(count):
            asked.append(i)
            yield f'digraph {{ n{i} [label="{i}"] }}'

    frames = engine.run_graphviz_many(sources(), count, "svg", program="dot", args=(), progress=done.append)
    first = next(frames)
    workers = max(1, min(os.cpu_count() or 1, 8))
    ahead = (engine.CHUNKS_AHEAD * workers + 1) * 25  # chunks of at most 25 graphs
    assert b">0</text>" in first
    assert len(asked) <= ahead < count and sum(done) <= ahead
    rest = list(frames)
    assert len(asked) == count == 1 + len(rest) and b">599</text>" in rest[-1]


def documented_slides_commands(text: str | None = None) -> list[str]:
    """Every `tracer slides` example line in ``text``: the documentation's and `tracer slides --help`'s (None)."""
    if text is None:
        text = documentation() + "\n" + run_tracer("slides", "--help").stdout
    return [match.group(1) for line in text.splitlines()
            if (match := re.fullmatch(r"\s*(?:\$ )?tracer slides (\S.*?)(?:\s+#.*)?", line))]


def help_only_slides_commands() -> list[str]:
    """The examples `tracer slides --help` gives that no page of the documentation shows: those the pages show run in
    tests/test_docs_examples.py (each once), and write what they name (its ``ALSO``)."""
    shown = set(documented_slides_commands(documentation()))
    return [command for command in documented_slides_commands(run_tracer("slides", "--help").stdout)
            if command not in shown]


@pytest.mark.parametrize("command", help_only_slides_commands())
def test_every_documented_slides_command_works_as_written(tmp_path, command):
    import shlex

    if "-f pptx" in command:
        pytest.importorskip("pptx", reason="needs python-pptx (pip install -e '.[pptx]'; setup.sh --test installs it)")
    (tmp_path / "trees").symlink_to(TREES)
    result = run_tracer("slides", *shlex.split(command), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    written = result.stdout.split()
    assert written and all((tmp_path / path).exists() for path in written)
    assert all(not path.startswith("/") for path in written)  # under output/ or where -o said


def test_the_documented_slides_commands_were_found():
    commands = documented_slides_commands()
    assert len(commands) >= 10
    for fmt in ("html", "png", "svg", "gif", "beamer", "pptx"):
        assert any(f"-f {fmt}" in command for command in commands)
    assert any("--notes" in command for command in commands)


def test_game_captions_name_the_move_in_the_games_words():
    for path, game, move_word in ((POSITIONS / "connect4_threat.yaml", "connect4", "column"),
                                  (POSITIONS / "tictactoe_fork.yaml", "tictactoe", "square"),
                                  (POSITIONS / "clobber_endgame.yaml", "clobber", "move")):
        problem = load_problem(str(path))
        trace = trace_search(problem.root, "alphabeta", depth=1, meta=problem.meta)
        first_move = trace.nodes[1].move
        assert TraceView(trace, 2).caption().startswith(f"{first_move}: {move_word} {first_move}: "), game


@pytest.mark.parametrize("name, algorithm", [("rn_example", "alphabeta"), ("binary_depth4", "alphabeta"),
                                             ("uneven", "negamax-ab"), ("deep_cutoff", "alphabeta")])
def test_every_frames_text_fits_the_room_the_layout_keeps_and_nothing_overlaps(name, algorithm):
    from tracer.render.deck import room_scene
    from tracer.render.layout import Box, measure_rooms, notes_size, shape_size, text_width
    from tracer.render.tidy import narrowed_level

    trace = traced(TREES / f"{name}.yaml", algorithm)
    deck = make_deck(trace, frame_steps(trace), DrawOptions(visits=True))
    layout = deck.layout
    narrowed = set()  # (a slide's level short of width: its triangles taller and narrower, their notes broken)
    if layout.narrowed:
        scene = room_scene([frame.scene for frame in deck.frames])
        narrowed = narrowed_level(scene, measure_rooms(scene, layout.spacing, layout.form, True, layout.terse,
                                                       layout.lone), layout.spacing)
        assert narrowed
    labels: dict[tuple[str, str], list[str]] = {}
    for frame in deck.frames:
        for node in frame.scene.nodes:
            taller = layout.narrowed if node.id in narrowed else 0.0
            shape_width = shape_size(node, layout.spacing, layout.form, layout.brackets, layout.terse, taller)[0]
            width, height = notes_size(node, node.id in layout.stacked, layout.brackets,
                                       shape_width if taller else 0.0)
            if width:
                room = layout.notes[node.id]
                assert width <= room.width + 0.01 and height <= room.height + 0.01, (frame.step, node.id)
            if node.value:  # (an empty shape is sized for a value to come, and fits whatever it holds)
                assert shape_width <= layout.shapes[node.id].width + 0.01, (frame.step, node.id)
        for edge in frame.scene.edges:
            lines = edge.labels + (["✂"] if edge.cut and not layout.terse else [])  # (a terse slide's cut: no ✂)
            widest = labels.setdefault((edge.tail, edge.head), [])
            if len(lines) > len(widest) or (lines and text_width(max(lines, key=len), 10) >
                                            text_width(max(widest or [""], key=len), 10)):
                labels[(edge.tail, edge.head)] = lines
    boxes = [(f"shape {n}", b) for n, b in layout.outlines.items()] + [(f"notes {n}", b) for n, b in layout.notes.items()]
    for (tail, head), lines in labels.items():
        if lines:
            x, y = layout.label_point(tail, head)
            boxes.append((f"label {tail}->{head}", Box(x, y, max(text_width(line, 10) for line in lines),
                                                       12.0 * len(lines))))
    for i, (name_a, a) in enumerate(boxes):
        for name_b, b in boxes[i + 1:]:
            overlap = min(a.right, b.right) - max(a.left, b.left), min(a.top, b.top) - max(a.bottom, b.bottom)
            assert min(overlap) <= 0.5, f"{name_a} overlaps {name_b}"


@pytest.mark.parametrize("answer, shown_on", [("last", {"last"}), ("always", {"first", "last"}), ("never", set())])
def test_a_deck_gives_the_result_only_where_answer_says(tmp_path, answer, shown_on):
    out = tmp_path / "deck.pdf"
    args = ["--step", "cutoff"] + ([] if answer == "last" else ["--answer", answer])  # last is the default
    result = run_tracer("slides", TREES / "rn_example.yaml", *args, "-o", out)
    assert result.returncode == 0, result.stderr
    pages = PdfReader(out).pages
    texts = {which: " ".join(page.extract_text().split())  # (one line: the titles may be wrapped)
             for which, page in (("first", pages[0]), ("last", pages[-1]))}
    for which, text in texts.items():
        assert ("value 3, best move B" in text) == (which in shown_on), (which, text[:200])
        assert "Alpha-beta (cut when α ≥ β, fail-soft)" in text  # the rules are on every frame
    single = run_tracer("render", TREES / "rn_example.yaml", "-f", "pdf", "-o", tmp_path / "one.pdf")
    assert single.returncode == 0 and "value 3, best move B" in PdfReader(tmp_path / "one.pdf").pages[0].extract_text()


def test_an_mcts_decks_subtitle_names_the_best_move_its_q_drawn_and_captioned():
    """A figure's subtitle gives the best move's mean reward for MAX; a deck's names the move alone (a line the slide's
    title block holds), the reward under the move's W/N and in the last frame's caption: with a MIN root too, where
    the move's Q (MIN's) is 1 − the reward for MAX."""
    from tracer import SearchSpec, parse_tree
    from tracer.view.mcts import ratio

    for text in ("root: max\ntree: [[3, 12, 8], [2, 4, 6], [14, 5, 2]]\n",
                 "root: min\ntree: [[3, 12, 8], [2, 4, 6], [14, 5, 2]]\n"):
        trace = trace_search(parse_tree(text).root, SearchSpec("mcts", iterations=12))
        move, reward = trace.best_move, ratio(trace.value)
        assert scene_of(trace).subtitle.endswith(f": best move {move} (mean reward for MAX {reward})")
        last = make_deck(trace, frame_steps(trace)).frames[-1].scene
        assert last.subtitle.endswith(f": best move {move}")
        q = reward if text.startswith("root: max") else ratio(1 - trace.value)
        assert f"(Q = {q})" in last.caption.replace("\n", " "), last.caption


def test_a_leaf_shows_its_value_in_every_frame_of_a_deck():
    """No flicker: a tree's leaf shows its value faint before it is reached, and plainly from when it is entered
    (not blank while the search stands on it) to the end."""
    trace = traced(TREES / "rn_example.yaml")
    deck = make_deck(trace, frame_steps(trace))
    leaves = [node.id for node in deck.frames[-1].scene.nodes if node.kind == "leaf"]
    assert len(leaves) >= 9
    for leaf in leaves:
        shown = [next(node for node in frame.scene.nodes if node.id == leaf) for frame in deck.frames]
        assert all(node.value == shown[-1].value != "" for node in shown), (leaf, [node.value for node in shown])
        faint = [node.faded for node in shown if not node.dashed]
        assert faint == sorted(faint, reverse=True)  # faint until reached, then plain


def test_a_revealed_deck_keys_hidden_nodes_not_faint_ones():
    trace = traced(TREES / "rn_example.yaml")
    deck = make_deck(trace, frame_steps(trace), DrawOptions(legend=True, reveal=True))
    meanings = [meaning for _, meaning in deck.frames[0].scene.legend]
    assert "faint: not reached yet" not in meanings  # nothing is drawn faint for not being reached: it is hidden
    assert any(meaning.startswith("not reached yet: hidden") for meaning in meanings)
    plain = shared_deck(TREES / "rn_example.yaml", options=DrawOptions(legend=True))
    assert not any(meaning.startswith("not reached yet: hidden") for _, meaning in plain.frames[0].scene.legend)


