"""Decks a lecture can use as they come (issue 34): a deck frames one node decision at a time by default (a 16-leaf
tree in at most 30 frames); a game's deck draws two plies and frames only steps at the nodes it draws, the steps
below folded into the next frame's caption with the count of positions searched there (checked against the trace's
own events and parent links), a slide counting many children left out where its notes name them; its boards count
their children not drawn in their columns; its words are 12 pt high at 4:3 and 16:9 (pdftotext -bbox); its edges
meet the boards at their top and bottom centres (read from the SVG Graphviz drew); a hint never suggests an option
already given."""

from __future__ import annotations

import functools
import random
import re
import subprocess
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from pypdf import PdfReader

from helpers import run_tracer, traced
from tracer.errors import RenderError
from tracer.render.deck import check_deck_size, drawn_nodes, make_deck
from tracer.render.deck_pdf import speaker_note
from tracer.render.drawing import MIN_BOARD, draw_deck
from tracer.render.layout import board_size
from tracer.records import replace
from tracer.trace.events import NodeEntered
from tracer.view import TraceView, default_step_mode, frame_steps

ROOT = Path(__file__).resolve().parents[2]
POSITIONS = sorted((ROOT / "games" / "positions").glob("*.yaml"))
SIZES = {"4:3": (10.0, 7.5), "16:9": (13.3333, 7.5)}
SVG = "{http://www.w3.org/2000/svg}"
MOST_FRAMES = 40  # "at most about 40 frames for each shipped position"


@functools.lru_cache(maxsize=None)
def default_deck(path: Path, shape: str):
    """The deck ``tracer slides PATH --size SHAPE`` makes: the file's own search, the default step mode."""
    trace = traced(path, None)
    return trace, make_deck(trace, frame_steps(trace, default_step_mode(trace)), size=SIZES[shape])


def plies_drawn(trace, deck) -> int:
    return max(trace.nodes[node].ply for node in drawn_nodes(deck.frames[-1].scene))


@pytest.mark.parametrize("shape", SIZES)
@pytest.mark.parametrize("path", POSITIONS, ids=lambda path: path.stem)
def test_a_game_deck_draws_two_plies_and_frames_only_steps_at_drawn_nodes(path, shape):
    trace, deck = default_deck(path, shape)
    deepest = max(node.ply for node in trace.nodes)
    assert min(2, deepest) <= plies_drawn(trace, deck)  # a search one ply deep: that ply
    assert deepest > 1 or "plies" not in (deck.note or "")  # nor does its note speak of two
    assert 2 <= len(deck.frames) <= MOST_FRAMES
    for frame in deck.frames:
        drawn = {node.id for node in frame.scene.nodes}
        assert f"n{trace.events[frame.step - 1].node}" in drawn, (frame.step, frame.caption)
        assert frame.current in drawn
    assert deck.frames[-1].step == len(trace.events)  # the deck still ends where the search ends


@pytest.mark.parametrize("shape", SIZES)
@pytest.mark.parametrize("path", POSITIONS, ids=lambda path: path.stem)
def test_a_game_decks_boards_are_an_inch_wide_on_the_slide(path, shape):
    """Every board's grid (its cells and coordinates, not the notes beside it) is an inch wide on the slide: the
    scale is the deck's page fitted to the slide's size."""
    trace, deck = default_deck(path, shape)
    scale = min(SIZES[shape][0] * 72 / deck.page.frame.width, SIZES[shape][1] * 72 / deck.page.frame.height)
    boards = [node for node in deck.frames[-1].scene.nodes if node.kind == "board"]
    assert boards and min(board_size(node).grid_w for node in boards) * scale >= MIN_BOARD - 0.5


def word_heights(pdf: Path, page: int) -> list[tuple[float, str]]:
    out = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf), "-"],
                         capture_output=True, text=True, check=True).stdout
    return [(float(y_max) - float(y_min), word) for y_min, y_max, word in
            re.findall(r'<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</word>', out)]


@pytest.mark.parametrize("shape", SIZES)
@pytest.mark.parametrize("path", POSITIONS, ids=lambda path: path.stem)
def test_a_game_decks_smallest_words_are_12_pt_high(path, shape, tmp_path):
    pdf = tmp_path / "deck.pdf"
    result = run_tracer("slides", path, "--size", shape, "-o", pdf)
    assert result.returncode == 0, result.stderr
    pages = len(PdfReader(pdf).pages)
    assert pages <= MOST_FRAMES
    smallest = min(word for page in (1, pages) for word in word_heights(pdf, page))
    assert smallest[0] >= 12.0 - 0.05, smallest


def board_boxes_and_edges(svg: bytes):
    """Each board's box (left, top, right, bottom in SVG units, y down), from everything its node group draws; each
    edge's first point and its arrowhead's points, by (tail, head)."""
    boxes, edges = {}, {}
    for group in ElementTree.fromstring(svg).iter(f"{SVG}g"):
        kind, title = (group.get("class") or "").split(), group.findtext(f"{SVG}title") or ""
        numbers = []
        for shape in group.iter():
            if shape.tag == f"{SVG}polygon":
                numbers += [tuple(map(float, point.split(","))) for point in shape.get("points").split()]
            elif shape.tag == f"{SVG}path":
                numbers += [tuple(map(float, pair)) for pair in re.findall(r"(-?[\d.]+),(-?[\d.]+)", shape.get("d"))]
        if "node" in kind and re.fullmatch(r"n\d+", title) and group.find(f".//{SVG}text") is not None:
            xs, ys = [x for x, _ in numbers], [y for _, y in numbers]
            boxes[title] = (min(xs), min(ys), max(xs), max(ys))
        elif "edge" in kind and "->" in title:
            path = group.find(f"{SVG}path").get("d")
            start = tuple(map(float, re.match(r"M(-?[\d.]+),(-?[\d.]+)", path).groups()))
            arrow = [tuple(map(float, point.split(","))) for polygon in group.iter(f"{SVG}polygon")
                     for point in polygon.get("points").split()]
            tail, head = (end.split(":")[0] for end in title.split("->"))  # "n0:s->n1:n": the ports named
            edges[(tail, head)] = start, arrow
    return boxes, edges


@pytest.mark.parametrize("path", POSITIONS, ids=lambda path: path.stem)
def test_edges_meet_the_boards_at_their_top_and_bottom_centres(path):
    trace, deck = default_deck(path, "16:9")
    last = deck.frames[-1]
    boards = {node.id for node in last.scene.nodes if node.kind == "board"}
    *_, svg = draw_deck(type(deck)(deck.trace, [last], deck.layout, deck.page, deck.options), "svg")
    boxes, edges = board_boxes_and_edges(svg)
    between = [(tail, head) for tail, head in edges if tail in boards and head in boards]
    assert len(between) >= 3
    for tail, head in between:  # within 4 points of the centre: a board is 70 to 150 wide, its side far off
        start, arrow = edges[(tail, head)]
        left, _, right, bottom = boxes[tail]
        assert abs(start[0] - (left + right) / 2) < 4 and abs(start[1] - bottom) < 4, (tail, head, start)
        left, top, right, _ = boxes[head]
        tip = min(arrow, key=lambda point: abs(point[0] - (left + right) / 2) + abs(point[1] - top))
        assert abs(tip[0] - (left + right) / 2) < 4 and abs(tip[1] - top) < 4, (tail, head, tip)


def test_the_deck_size_check_counts_the_frames_the_deck_draws():
    """A mate in three searched to depth 5 takes thousands of node steps, but its deck draws two plies and frames
    only the steps at drawn nodes: the cost checked is that of the frames made (each its nodes, a page of 100, the
    nodes its boxes count at 50 for one), so a limit one node-drawing short of it refuses that deck, naming its
    frame count, and a limit at it keeps exactly the deck's frames."""
    path = ROOT / "games" / "positions" / "chess_mate_in_3.yaml"
    trace, deck = default_deck(path, "16:9")
    steps = frame_steps(trace, default_step_mode(trace))
    nodes = len(deck.frames[-1].scene.nodes)
    assert len(steps) > 100 * len(deck.frames)  # folding is what makes the deck drawable at all
    cost = len(deck.frames) * (nodes + 100 + (trace.node_count - nodes) // 50)
    limit = -(-cost // 10)  # the least --max-drawn whose ten drawings cover the cost
    drawn, options = drawn_nodes(deck.frames[-1].scene), deck.options
    kept = check_deck_size(trace, steps, replace(options, max_drawn=limit), drawn, nodes)
    assert [folded.step for folded in kept] == [frame.step for frame in deck.frames]
    with pytest.raises(RenderError, match=rf"draw {len(deck.frames)} frames of {nodes} nodes .*{cost:,} nodes"):
        check_deck_size(trace, steps, replace(options, max_drawn=limit - 1), drawn, nodes)


def test_a_game_deck_is_cut_for_the_slide_even_where_the_whole_search_is_past_max_drawn():
    """The mate in three's 7,000-odd nodes are past --max-drawn 2000, but its deck draws two plies of them: it is
    the same deck, never refused for the whole diagram it does not draw."""
    path = ROOT / "games" / "positions" / "chess_mate_in_3.yaml"
    trace, deck = default_deck(path, "16:9")
    assert trace.node_count > 2000 >= len(deck.frames[-1].scene.nodes)
    smaller = make_deck(trace, frame_steps(trace, default_step_mode(trace)), replace(deck.options, max_drawn=2000,
                        draw_depth=None, first_children=None, compact=False), size=SIZES["16:9"])
    assert [frame.step for frame in smaller.frames] == [frame.step for frame in deck.frames]
    assert drawn_nodes(smaller.frames[-1].scene) == drawn_nodes(deck.frames[-1].scene)


# ---- the steps below folded into a frame's caption ---------------------------------------------------------------

def entered_below(trace, top: int, low: int, high: int, itself: bool = False) -> int:
    """The nodes under ``top`` (by the trace's parent links; ``itself``: and ``top``) entered at steps low+1..high."""
    def under(node: int) -> bool:
        while node is not None:
            node = trace.nodes[node].parent
            if node == top:
                return True
        return False
    entered = {event.node for event in trace.events[low:high] if isinstance(event, NodeEntered)}
    return sum(under(node) or (itself and node == top) for node in entered)


def test_the_folded_caption_counts_the_positions_searched_below():
    """Every frame that says "after searching the N positions below it" (a board at the drawn depth)
    or "after searching T and its N positions below" (a child left out) counts what the trace entered there since
    the frame before; the board's column says as much once the node is left."""
    seen = set()
    from helpers import usable_positions  # (a position whose game needs an extra not installed: none to read)

    for path in usable_positions():
        for shape in SIZES:
            trace, deck = default_deck(path, shape)
            labels = {label: node for node, label in enumerate(TraceView(trace).labels)}
            previous = 0
            for frame in deck.frames:
                at = trace.events[frame.step - 1].node
                below_it = re.fullmatch(r"(.+?), after searching the ([\d,]+) positions below it: .*", frame.caption)
                one_top = re.fullmatch(r"(.+?), after searching (.+?) and its ([\d,]+) positions below: .*",
                                       frame.caption)
                if below_it:
                    assert labels[below_it.group(1)] == at
                    count = int(below_it.group(2).replace(",", ""))
                    assert count == entered_below(trace, at, previous, frame.step) > 0
                    board = next(node for node in frame.scene.nodes if node.id == f"n{at}")
                    if frame.step == max(step for step, event in enumerate(trace.events, 1) if event.node == at):
                        assert board.undrawn.startswith(f"⋯ {count:,} searched")  # in its column
                    seen.add("below it")
                elif one_top:
                    top = labels[one_top.group(2)]
                    assert int(one_top.group(3).replace(",", "")) == entered_below(trace, top, previous, frame.step)
                    assert f"n{top}" not in {node.id for node in frame.scene.nodes}  # left out of the drawing
                    seen.add("a child left out")
                previous = frame.step
    assert seen == {"below it", "a child left out"}


def children_of(trace) -> dict[int, list[int]]:
    children: dict[int, list[int]] = {}
    for node in trace.nodes:
        if node.parent is not None:
            children.setdefault(node.parent, []).append(node.id)
    return children


@pytest.mark.parametrize("shape", SIZES)
def test_a_slides_caption_counts_many_children_left_out_and_the_notes_name_each(shape):
    """The mate in three's deck leaves 15 of the root's 18 moves out: the frame after them counts them on the slide
    ("15 moves left out (and N positions below them)", counted here from the trace's events and parent links), while
    its speaker's notes (the frame's caption: PDF notes pages, PowerPoint notes, the player) name every one."""
    path = ROOT / "games" / "positions" / "chess_mate_in_3.yaml"
    trace, deck = default_deck(path, shape)
    labels, drawn = TraceView(trace).labels, drawn_nodes(deck.frames[-1].scene)
    root_left_out = [child for child in children_of(trace)[0] if child not in drawn]
    counted, previous = 0, 0
    for frame in deck.frames:
        slide = " ".join(frame.scene.caption.split())
        found = re.search(r"(\d+) moves left out \(and ([\d,]+) positions below them\)", slide)
        if found:
            entered = {event.node for event in trace.events[previous:frame.step] if isinstance(event, NodeEntered)}
            tops = [child for child in root_left_out if child in entered]
            assert int(found.group(1)) == len(tops) > 2
            assert int(found.group(2).replace(",", "")) == sum(
                entered_below(trace, top, previous, frame.step) for top in tops)
            assert all(re.search(rf"(searching |, |and ){re.escape(labels[top])}( \(and |, |: | and )", frame.caption)
                       for top in tops)
            assert speaker_note(frame).endswith(frame.caption) and "left out" not in frame.caption
            counted += 1
        previous = frame.step
    assert counted >= 1


@pytest.mark.parametrize("path", POSITIONS, ids=lambda path: path.stem)
def test_a_lecture_board_counts_its_children_not_drawn_in_its_column(path):
    """A lecture's slide has neither the height for a level of boxes under its deepest boards nor the width for
    "+K more" boxes beside its boards: a board writes both counts in its column. "+K more": K is its children in the
    trace less those drawn (a box of pruned ones counting as many as it says); at the drawn depth, "⋯ N searched":
    N is every node entered below it."""
    trace, deck = default_deck(path, "4:3")
    scene, children = deck.frames[-1].scene, children_of(trace)
    assert not [node.id for node in scene.nodes if node.kind in ("below", "more")]
    ids = {node.id: node for node in scene.nodes}
    told = 0
    for node in scene.nodes:
        if node.kind != "board" or not node.undrawn:
            continue
        mine = children.get(int(node.id[1:]), [])
        more = re.fullmatch(r"\+(\d+) more", node.undrawn)
        if more:
            shown = [ids[f"n{child}"] for child in mine if f"n{child}" in ids]
            stood_for = sum(int(re.search(r"(\d+) pruned", box.value).group(1)) if box.kind == "stub" else 1
                            for box in shown)
            assert int(more.group(1)) == len(mine) - stood_for > 0, node.id
        else:
            assert not any(f"n{child}" in ids for child in mine)
            searched = int(re.match(r"⋯ ([\d,]+) searched", node.undrawn).group(1).replace(",", ""))
            assert searched == entered_below(trace, int(node.id[1:]), 0, len(trace.events))
        told += 1
    assert told >= 1


def test_a_tree_drawn_to_a_depth_says_nodes_and_a_frame_per_node_below_is_folded(tmp_path):
    result = run_tracer("slides", ROOT / "trees" / "binary_depth4.yaml", "--draw-depth", "2", "-f", "html",
                        "--step", "node", "-o", tmp_path / "d.html")
    assert result.returncode == 0, result.stderr
    trace = traced(ROOT / "trees" / "binary_depth4.yaml", None)
    from tracer import DrawOptions

    deck = make_deck(trace, frame_steps(trace, "node"), DrawOptions(draw_depth=2))
    assert len(deck.frames) < len(frame_steps(trace, "node"))
    folded = [frame.caption for frame in deck.frames if "after searching" in frame.caption]
    assert folded and all(" nodes below" in caption or " node below" in caption for caption in folded)


# ---- lecture-length decks ----------------------------------------------------------------------------------------

def random_tree(rng: random.Random, leaves: int) -> list:
    """A tree of exactly ``leaves`` leaves: a random leaf split into 2 to 4 until there are enough."""
    root: list = [rng.randint(-20, 99), rng.randint(-20, 99)]
    spots = [(root, 0), (root, 1)]
    while len(spots) < leaves:
        parent, index = spots.pop(rng.randrange(len(spots)))
        width = min(rng.choice((2, 2, 3, 4)), leaves - len(spots))
        parent[index] = [rng.randint(-20, 99) for _ in range(width)]
        spots += [(parent[index], i) for i in range(width)]
    return root


def test_a_16_leaf_trees_default_deck_has_at_most_30_frames(tmp_path):
    pdf = tmp_path / "deck.pdf"
    assert run_tracer("slides", ROOT / "trees" / "binary_depth4.yaml", "-o", pdf).returncode == 0
    trace = traced(ROOT / "trees" / "binary_depth4.yaml", None)
    leaves = sum(1 for node in trace.nodes if node.parent is not None and not any(
        other.parent == node.id for other in trace.nodes))
    assert leaves == 16
    assert len(PdfReader(pdf).pages) == len(frame_steps(trace, "node")) <= 30 < len(trace.events)
    for seed in (3, 4, 5):
        tree = random_tree(random.Random(seed), 16)
        path = tmp_path / f"random{seed}.yaml"
        path.write_text(f"root: max\ntree: {tree}\n", encoding="utf-8")
        trace = traced(path, None)
        assert len(make_deck(trace, frame_steps(trace, default_step_mode(trace))).frames) <= 30


def test_the_player_keeps_a_frame_per_step(tmp_path):
    """The HTML player's rows and #step=N links each land on a frame of their own: it keeps every step."""
    trace = traced(ROOT / "trees" / "rn_example.yaml", None)
    assert default_step_mode(trace) == "node" and default_step_mode(trace, player=True) == "event"
    mcts = traced(ROOT / "trees" / "rn_example.yaml", "mcts")
    assert default_step_mode(mcts) == default_step_mode(mcts, player=True) == "iteration"


# ---- hints -------------------------------------------------------------------------------------------------------

def test_no_hint_suggests_an_option_already_given(tmp_path):
    given = ["--step", "cutoff", "--size", "4:3", "--draw-depth", "3", "--first-children", "1", "--compact"]
    result = run_tracer("slides", ROOT / "games" / "positions" / "connect4_threat.yaml", *given,
                        "-o", tmp_path / "c.pdf")
    assert result.returncode == 0, result.stderr
    notes = result.stderr
    assert "small" in notes  # the text is too small: a note says what helps
    for suggestion in ("--step cutoff", "--compact", "--draw-depth N", "--first-children K"):
        assert suggestion not in notes, notes
    assert "a --draw-depth below 3" in notes
    refused = run_tracer("slides", ROOT / "trees" / "binary_depth4.yaml", "--step", "node", "--max-drawn", "40",
                         "-o", tmp_path / "b.pdf")
    assert refused.returncode == 2 and len(refused.stderr.strip().splitlines()) == 1
    assert "--step cutoff" in refused.stderr and "--step node" not in refused.stderr
