"""Worksheet → paper: a handout printed on Letter or A4, its answer key the same page with the blanks filled (a
writer of :mod:`tracer.exercises.worksheet`'s sheet, drawn with the render stage's pieces).

The page holds the exercise's title and search, what is graded (each kind of item, in words, with its points:
:class:`tracer.exercises.worksheet.Sheet`), the tree with a box under each node for what is written there (its
value, or W over N) and a rounded box for its type where that is asked, and the lines for the rest (the best
move, the windows, the visit order, the paths). The tree is the question's scene (:mod:`tracer.render.scene`),
laid out with room kept under each node for its blanks, and drawn at one scale with the page, so that its smallest
text is at least :data:`LEAST_PT` points on paper; the page turns to landscape, or gives the list and the lines a
second page, when the tree needs it. Everything else is placed in paper points and drawn at that scale's inverse.

Each page is one Graphviz drawing (``neato -n2``, every piece pinned; see :mod:`tracer.render.dot`) scaled exactly
to the page; a PDF is the pages joined (pypdf) on pages of exactly the paper's size, an SVG or PNG the pages one
under the other, and DOT the pinned source of each page.
"""

from __future__ import annotations

import io
import math
import re
from dataclasses import dataclass
from typing import Callable

from ..errors import RenderError
from ..numbers import format_number
from ..exercises.worksheet import GIVEN, Blank, Sheet
from ..records import replace
from ..render.dot import draw_tree, frame_corners, new_graph, text
from ..render.dot_text import Digraph
from ..render.drawing import lay_out, measure
from ..render.engine import run_graphviz
from ..render.layout import BOARD_FONT, Box, Layout, estimated_width, line_height, text_width, wrapped
from ..render.paper_size import PAPERS
from ..render.scene import W_N_BLANK, DrawOptions, Scene, scene_of
from ..render.style import BEST, EDGE_SIZE, FADED, INK, NAME_SIZE, NOTE, NOTE_SIZE, VALUE_SIZE
from ..trace.events import StatsGiven
from ..view.mcts import statistic

FORMATS = ("pdf", "svg", "png", "dot")
MARGIN = 28.8  # points: 0.4 in of white at every edge, well inside what printers can reach (about 0.25 in)
TITLE_PT, TEXT_PT, SMALL_PT = 14.0, 11.0, 10.0  # the page's own text, in points on paper
LEAST_PT = 10.0  # points: the least text on the page, the tree's included
HAIR = 1.0005  # text is drawn this much over its size: Cairo's rounding takes up to 0.01 % off it
MOST_SCALE = 1.5  # a small tree is enlarged at most this much (its values 18 pt)
COMFORTABLE = 1.2  # times the least scale: the tree's text a page aims for before it tightens its spacing
PAPER_SPACINGS = (1.0, 0.7, 0.5, 0.35, 0.25)  # the layout's spacings tried, loosest first (see render.layout)
GAP = 12.0  # points between the blocks of a page
PNG_DPI = 150  # a PNG page's dots per inch
KEY_INK = BEST  # the answer key's writing

# Room under a node, in the tree's own units (it is drawn at the tree's scale): the statistics given it, a box for
# its value, or two (W over N, a fraction) for Monte Carlo tree search, and under it a rounded box for its type.
# The layout keeps room under a node only for its notes (see tracer.render.layout), so room is asked for as lines
# of notes of the width needed (each NOTE_SIZE high: layout.notes_size), which are not drawn: the boxes are drawn
# in their place.
GIVEN_LINES, BOX_LINES, FRACTION_LINES, TYPE_LINES = 2, 2, 4, 2
ABOVE = 3.0  # white over each box, between it and the shape or the box over it
TYPES = ("PV", "CUT", "ALL")


@dataclass(frozen=True)
class Stack:
    """What stands under one node, top down, in the tree's units: the statistics given it before the search
    (``given``, Monte Carlo tree search), a box for its value or a fraction's two for W/N (``box``: width, height;
    ``fraction``), and a rounded box for its type (``kind``)."""

    given: str = ""
    box: tuple[float, float] | None = None
    fraction: bool = False
    kind: tuple[float, float] | None = None

    @property
    def lines(self) -> int:
        """How many lines of notes it takes, one thing under the other."""
        boxes = (FRACTION_LINES if self.fraction else BOX_LINES) if self.box else 0
        return (GIVEN_LINES if self.given else 0) + boxes + (TYPE_LINES if self.kind else 0)

    @property
    def width(self) -> float:
        parts = [part[0] for part in (self.box, self.kind) if part is not None]
        return max(parts + [text_width(self.given, NAME_SIZE) + 4])


@dataclass
class PaperTree:
    """The tree as a page draws it: the scene (a leaf crossed out in the key is drawn faded and dashed), its
    layout, the stack of blanks under each node (by the scene's node id) and the room kept for it."""

    scene: Scene
    layout: Layout
    stacks: dict[str, Stack]
    rooms: dict[str, Box]
    box: Box


def question_scene(trace) -> tuple[Scene, dict[str, str]]:
    """The exercise as set (leaf values, empty inner nodes): :mod:`tracer.render.scene`'s question, with Monte
    Carlo tree search's W/N blanks moved out of the shapes into the boxes under them; and the statistics a tree
    file gives nodes before the search (``was 7/14``, by the scene's node id), which the page writes over their
    boxes at the names' size (the scene's notes are smaller)."""
    scene = scene_of(trace, DrawOptions(question=True, leaf_names=True))
    given = {f"n{event.node}": f"{GIVEN} {statistic(event.wins)}/{event.visits}"
             for event in trace.events if isinstance(event, StatsGiven)}
    for node in scene.nodes:
        if node.head == W_N_BLANK:
            node.head = ""
        if node.kind in ("max", "min", "chance") and node.value in ("", W_N_BLANK):
            # its value is written in its box, not in the shape: the shape holds only its name, on the value's line,
            # with room for about three characters (the layout sizes a shape by its text; spaces are kept)
            pad = " " * max(0, 3 - len(node.name))
            node.name, node.value = "", f"{pad}{node.name}{pad}" or " "
        if node.id in given:
            node.notes = []
    unplaced = [node.id for node in scene.nodes if node.notes]
    if unplaced:  # a question's only notes are the statistics given: anything else would be drawn too small
        raise AssertionError(f"the question's nodes {unplaced} have notes the worksheet does not place")
    return scene, given


def box_size(sheet: Sheet, scene: Scene) -> tuple[float, float]:
    """A value box (or a W/N fraction's) wide enough to write the widest value the tree could give: a bound on
    its widest leaf, at the value's size (a chance node's average with two decimals), whatever the search found,
    so its width gives nothing away."""
    if sheet.question("statistics") is not None:
        widest, lines = ["88.88"], FRACTION_LINES
    else:
        leaves = [node.value for node in scene.nodes if node.kind == "leaf" and node.value]
        widest, lines = ["≤ −88"] + [f"≤ {value}" for value in leaves], BOX_LINES
        if any(node.kind == "chance" for node in scene.nodes):
            widest.append("≤ −88.88")
    width = max(text_width(text, VALUE_SIZE, bold=True) for text in widest)
    return max(width + 12, 36.0), lines * line_height(NOTE_SIZE)


def type_size() -> tuple[float, float]:
    """A rounded box for PV, CUT or ALL."""
    return max(text_width(kind, VALUE_SIZE, bold=True) for kind in TYPES) + 12, TYPE_LINES * line_height(NOTE_SIZE)


def paper_tree(scene: Scene, given: dict[str, str], sheet: Sheet, spacing: float, key: bool) -> PaperTree:
    """The question's tree (``scene`` and ``given``: :func:`question_scene`) laid out at ``spacing`` with room
    under each node for its blanks; in the key, the leaves to cross out drawn faded and dashed (unfilled: the
    cross shows)."""
    stacks = _stacks(sheet, scene, given)
    roomy = replace(scene, nodes=[replace(node, notes=_room_lines(stacks.get(node.id))) for node in scene.nodes])
    roomy_layout = lay_out(roomy, spacing)
    layout = replace(roomy_layout, notes={})  # the room is the blanks', drawn by the page
    rooms = {name: roomy_layout.notes[name] for name in stacks}
    if key:
        crossed = {f"n{blank.node}" for blank in _blanks(sheet, "leaf") if blank.answer == ("pruned",)}
        scene = replace(scene, nodes=[replace(node, faded=True, dashed=True) if node.id in crossed else node
                                      for node in scene.nodes])
    return PaperTree(scene, layout, stacks, rooms, roomy_layout.tree)


def _blanks(sheet: Sheet, kind: str) -> tuple[Blank, ...]:
    question = sheet.question(kind)
    return () if question is None else question.blanks


def _stacks(sheet: Sheet, scene: Scene, given: dict[str, str]) -> dict[str, Stack]:
    """What each node has under it: the statistics given it, a box for its value (two for W/N), a box for its
    type."""
    fraction = sheet.question("statistics") is not None
    boxed = {f"n{blank.node}" for blank in _blanks(sheet, "values") + _blanks(sheet, "statistics")}
    typed = {f"n{blank.node}" for blank in _blanks(sheet, "node_types")}
    missing = sorted((boxed | typed) - {node.id for node in scene.nodes})
    if missing:  # the drawing is the question's whole tree: a blank it cannot show is a bug, not a choice
        raise AssertionError(f"the worksheet asks about nodes its drawing does not have: {missing}")
    box, kind = box_size(sheet, scene), type_size()
    return {node.id: Stack(given.get(node.id, ""), box if node.id in boxed else None, fraction,
                           kind if node.id in typed else None)
            for node in scene.nodes if node.id in boxed | typed | set(given)}  # in the scene's order: the same DOT


def _room_lines(stack: Stack | None) -> list[str]:
    """Lines of notes as wide as the boxes under a node, as many as their height takes (see BOX_LINES)."""
    if stack is None:
        return []
    measure([], ["8"])  # its width as Graphviz draws it, not the guess: the room is the boxes' width, no wider
    # notes are as wide as their widest line and 2 more (layout.notes_size): the fewest 8s that make the box's width
    line = "8" * max(1, math.ceil((stack.width - 2) / text_width("8", NOTE_SIZE, bold=True)))
    return [line] * stack.lines


def _smallest_font(scene: Scene, given: dict[str, str]) -> float:
    """The smallest text the tree's drawing has, in its units: a board's coordinates, a leaf's line under its
    value, a name or the statistics given, an edge's label; else the values (and the key's answers)."""
    sizes = [VALUE_SIZE] + ([NAME_SIZE] if given else [])
    if any(node.kind == "board" for node in scene.nodes):
        sizes.append(BOARD_FONT)
    if any(node.head for node in scene.nodes):
        sizes.append(NOTE_SIZE)
    if any(node.name for node in scene.nodes):
        sizes.append(NAME_SIZE)
    if any(edge.labels for edge in scene.edges):
        sizes.append(EDGE_SIZE)
    return min(sizes)


# ---- the page's own blocks, in paper points ---------------------------------------------------------------------

@dataclass(frozen=True)
class Line:
    """A line of text: its words, size (points on paper), whether bold or in the key's ink."""

    words: str
    size: float = TEXT_PT
    bold: bool = False
    ink: str = INK
    head: str = ""  # a bold beginning, the rest regular


@dataclass
class Block:
    """A piece of a page, ``height`` points high on paper, drawn by ``draw(pen, top)``: a paragraph, an answer's
    line, the tree."""

    height: float
    draw: Callable[["Pen", float], None]


@dataclass
class Pen:
    """Draws a page's blocks into its graph: positions in paper points (x from the left edge, y down from the top)
    become the drawing's units, which the page scales by ``scale``; ``frame`` is the page in those units."""

    graph: Digraph
    scale: float
    frame: Box
    width: float  # the page's width, in points
    drawn: int = 0  # the page's pieces so far (each named by its number)

    def at(self, x: float, y: float) -> tuple[float, float]:
        return self.frame.left + x / self.scale, self.frame.top - y / self.scale

    def size(self, points: float) -> float:
        return points / self.scale

    def name(self, what: str) -> str:
        self.drawn += 1
        return f"{what}{self.drawn}"

    def table(self, cells: str, left: float, top: float, width: float, height: float, size: float = TEXT_PT,
              what: str = "text") -> None:
        """An HTML-like table of ``cells`` (rows) in text of ``size`` points, its top left corner at (left, top),
        ``width`` × ``height`` points. (The size is the node's: Graphviz takes a FONT's POINT-SIZE as a whole
        number, which at the page's scale would not be the size asked.)"""
        x, y = self.at(left + width / 2, top + height / 2)
        name = self.name(what)
        self.graph.node(name, id=name, shape="plain", style="", fontsize=f"{self.size(size) * HAIR:.3f}",
                        pos=f"{x:.2f},{y:.2f}!",
                        label=f'<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="0" '
                              f'WIDTH="{self.size(width):.0f}" HEIGHT="{self.size(height):.0f}">{cells}</TABLE>>')

    @staticmethod
    def font(line: Line) -> str:
        """``line``'s words in its ink, bold as it says (its size is its table's; nothing for no words: Graphviz
        refuses an empty FONT)."""
        content = text(line.words)
        if not content and not line.head:
            return ""
        if line.head:
            content = f"<B>{text(line.head)}</B>{content}"
        elif line.bold:
            content = f"<B>{content}</B>"
        return f'<FONT COLOR="{line.ink}">{content}</FONT>'


def line_width(line: Line) -> float:
    return text_width(line.head, line.size, bold=True) + text_width(line.words, line.size, line.bold)


HANG = 18.0  # points: how far a list item's second line is indented under its first
# A table is made this much wider than its text is measured (lines are wrapped this much shorter): Graphviz measures
# small text a few per cent wider than its widths at 100 points say, and a table narrower than its content grows on
# both sides, so that it would no longer start at the margin
SLACK = 1.08


def paragraph(lines: list[Line], width: float, left: float = 0.0) -> Block:
    """Lines of text wrapped to ``width`` points, left-aligned ``left`` points in from the margin; a line with a
    bold ``head`` is a list item, its further lines hanging under its first."""
    rows: list[tuple[Line, float]] = []  # each printed line, with its left indent
    for line in lines:
        first = width / SLACK - text_width(line.head, line.size, bold=True)
        parts = wrapped(line.words, first, line.size, line.bold)
        if line.head and len(parts) > 1:  # the rest wrapped again to the hanging lines' width
            rest = wrapped(line.words[len(parts[0]):].strip(), (width - HANG) / SLACK, line.size, line.bold)
            parts = parts[:1] + rest
        rows.append((replace(line, words=parts[0]), left))
        rows += [(Line(part, line.size, line.bold, line.ink), left + (HANG if line.head else 0.0))
                 for part in parts[1:]]
    heights = [line_height(line.size) for line, _ in rows]

    def draw(pen: Pen, top: float) -> None:
        y = top
        for (line, left), height in zip(rows, heights):
            room = min(line_width(line) * SLACK + 4, pen.width - MARGIN - left - MARGIN)
            pen.table(f'<TR><TD ALIGN="LEFT" BALIGN="LEFT">{pen.font(line)}</TD></TR>', MARGIN + left, y, room,
                      height, line.size)
            y += height

    return Block(sum(heights), draw)


WIDEST_NUMBERS = (format_number(-88.8), format_number(math.inf))  # a value's and a window's widest: −88.8, +∞


def blank_width(sheet: Sheet) -> float:
    """A blank on a line (points): room for any node's name or a window's number, at least 0.6 in, whatever the
    answers are (its width gives nothing away)."""
    return max([43.0] + [text_width(name, TEXT_PT, bold=True) + 12 for name in (*sheet.names, *WIDEST_NUMBERS)])


ROW = 22.0  # points: an answer's line


def answer_rows(sheet: Sheet, width: float, key: bool) -> list[Block]:
    """The lines to write on: the best move, each window, the visit order (numbered blanks, as many rows as
    they take), each path; in the key, filled."""
    blocks: list[Block] = []
    slot = blank_width(sheet)
    for question in sheet.questions:
        for blank in question.blanks:
            if blank.node is not None:
                continue
            if question.kind == "windows":
                cells = [(f"{blank.line}:  α =", blank.answer[0]), ("β =", blank.answer[1])]
                blocks.append(_blank_row(cells, slot, key))
            elif question.kind in ("order", "selected"):
                blocks.extend(_numbered_rows(blank, slot, width, key, question.kind == "selected"))
            else:
                blocks.append(_blank_row([(f"{blank.line}:", blank.answer[0])], slot, key))
    return blocks


def _blank_row(cells: list[tuple[str, str]], slot: float, key: bool, left: float = 0.0) -> Block:
    """A line of words, each followed by a blank (filled in the key), ``left`` points in from the margin."""
    def draw(pen: Pen, top: float) -> None:
        tds, width = [], 0.0
        for words, answer in cells:
            label = Line(words)
            tds.append(f'<TD ALIGN="LEFT">{pen.font(label)}</TD>{_space(pen, 6)}')
            tds.append(_blank_cell(pen, answer if key else "", slot) + _space(pen, 12))
            width += (line_width(label) + 6 + slot + 2 + 12) * SLACK
        pen.table(f'<TR>{"".join(tds)}</TR>', MARGIN + left, top + 2, width, ROW - 4, what="answer")

    return Block(ROW, draw)


def _space(pen: Pen, points: float) -> str:
    return f'<TD WIDTH="{pen.size(points):.0f}"></TD>'


def _blank_cell(pen: Pen, answer: str, width: float, height: float = ROW - 4) -> str:
    """A blank: a cell ruled under, with the key's answer in it."""
    written = pen.font(Line(answer, TEXT_PT, True, KEY_INK)) if answer else ""
    return (f'<TD WIDTH="{pen.size(width):.0f}" HEIGHT="{pen.size(height):.0f}" BORDER="1" SIDES="B" '
            f'COLOR="{INK}" VALIGN="BOTTOM">{written}</TD>')


def _numbered_rows(blank: Blank, slot: float, width: float, key: bool, arrows: bool) -> list[Block]:
    """A row of blanks for a list (the visit order, numbered; a path, an arrow between two), after its label, or
    under it in rows as long as the page takes when they do not fit beside it."""
    label = Line(f"{blank.line}:")
    answers = list(blank.answer) + [""] * (blank.slots - len(blank.answer))
    mark = text_width("→" if arrows else str(len(answers)), TEXT_PT) + 4
    step = mark + 3 + slot + 2 + 6  # the mark, a space, the blank (its rule 1 point a side), a space
    beside = line_width(label) + 6
    own_line = (beside + len(answers) * step) * SLACK > width
    per_line = max(1, int(width / SLACK // step)) if own_line else len(answers)
    blocks = [paragraph([label], width)] if own_line else []
    for start in range(0, len(answers), per_line):
        chunk = list(enumerate(answers[start:start + per_line], start + 1))

        def draw(pen: Pen, top: float, chunk=chunk) -> None:
            tds = [] if own_line else [f'<TD ALIGN="LEFT">{pen.font(label)}</TD>{_space(pen, 6)}']
            for number, answer in chunk:
                shown = ("→" if number > 1 else "") if arrows else str(number)
                tds.append(f'<TD ALIGN="RIGHT" WIDTH="{pen.size(mark):.0f}">'
                           f'{pen.font(Line(shown, ink=INK if arrows else FADED))}</TD>{_space(pen, 3)}')
                tds.append(_blank_cell(pen, answer if key else "", slot) + _space(pen, 6))
            used = ((0 if own_line else beside) + len(chunk) * step) * SLACK
            pen.table(f'<TR>{"".join(tds)}</TR>', MARGIN, top + 2, used, ROW - 4, what="answer")

        blocks.append(Block(ROW, draw))
    return blocks


NAME_LINE = 2.5 * 72.0  # points: the blank for the student's name


def header(sheet: Sheet, width: float, key: bool, page: int = 1, pages: int = 1) -> Block:
    """The title, with a line for the student's name on its right (the key: its total in that place); under them
    the search and the conventions the answers are in (on a second page, the conventions only)."""
    title = sheet.title + (f" (page {page} of {pages})" if page > 1 else "")
    lines = [Line(sheet.search)] if page == 1 else []
    if page == pages:
        lines += [Line(note) for note in sheet.notes]
    name = Line("Name:")
    beside = line_width(name) + 6 + NAME_LINE + 12
    top = paragraph([Line(title, TITLE_PT, bold=True)], width - beside - GAP)
    if key:
        right = paragraph([Line(f"Answer key: {sheet.total} points", ink=KEY_INK, bold=True)], beside,
                          left=width - beside)
    else:
        right = _blank_row([(name.words, "")], NAME_LINE, False, left=width - beside)
    under = paragraph(lines, width)
    first = max(top.height, ROW)

    def draw(pen: Pen, y: float) -> None:
        top.draw(pen, y)
        right.draw(pen, y)
        under.draw(pen, y + first)

    return Block(first + under.height, draw)


def graded(sheet: Sheet, width: float, on_page_two: bool = False) -> Block:
    """What is graded: each kind of item with what to write where and its points."""
    where = "in the tree on page 1 and on the lines below" if on_page_two else "in the tree and on the lines under it"
    lines = [Line(f"What is graded (answer {where}):", bold=True)]
    lines += [Line(question.words, head=f"• {question.heading}: ") for question in sheet.questions]
    return paragraph(lines, width)


# ---- the pages ------------------------------------------------------------------------------------------------

@dataclass
class Plan:
    """How a worksheet is set on paper: the page's size (points, as oriented), the tree's layout and scale, and
    whether the list and the lines go on a second page."""

    paper: tuple[float, float]
    tree: PaperTree
    scale: float
    two_pages: bool
    first: list[Block]  # the blocks above the tree on page 1
    after: list[Block]  # the blocks under it (one page), or page 2's


def plan(trace, sheet: Sheet, paper: str, key: bool, file: str = "") -> Plan:
    """The first arrangement whose tree's text is comfortably large (else at least :data:`LEAST_PT` points on
    paper), trying one page before two, the loosest spacing first, portrait before landscape. The key's blocks
    are as high as the question's, so the key is set exactly as the question is."""
    base = PAPERS[paper]
    scene, given = question_scene(trace)
    measure([scene], _page_texts(sheet) + list(given.values()))
    least = LEAST_PT / _smallest_font(scene, given) * HAIR
    trees: dict[float, PaperTree | None] = {}

    def tree_at(spacing: float) -> PaperTree | None:
        if spacing not in trees:  # a tree wider than any page even at the least scale is not laid out
            wide = estimated_width(scene, spacing) * least > max(base) - 2 * MARGIN
            trees[spacing] = None if wide else paper_tree(scene, given, sheet, spacing, key)
        return trees[spacing]

    for wanted in (COMFORTABLE * least, least):
        for two_pages in (False, True):
            for spacing in PAPER_SPACINGS:
                for size in (base, base[::-1]):
                    tree = tree_at(spacing)
                    if tree is None:
                        continue
                    first, after = _arrange(sheet, size, two_pages, key)
                    scale = _scale(tree, size, first, after, two_pages)
                    if scale is not None and scale >= wanted:
                        return Plan(size, tree, scale, two_pages, first, after)
    raise RenderError(f"{file + ': ' if file else ''}the tree is too large for a worksheet on {paper.upper()} "
                      f"paper: its text would be under {LEAST_PT:g} pt even on two landscape pages; draw it with "
                      f"tracer render instead")


def _arrange(sheet: Sheet, size: tuple[float, float], two_pages: bool, key: bool) -> tuple[list, list]:
    """The blocks above the tree on page 1, and those under it (one page) or on page 2."""
    width = size[0] - 2 * MARGIN
    if two_pages:  # the conventions go with the list, on page 2: page 1 is the tree's
        first = [header(sheet, width, key, 1, 2)]
        after = [header(sheet, width, key, 2, 2), graded(sheet, width, on_page_two=True)]
    else:
        first = [header(sheet, width, key), graded(sheet, width)]
        after = []
    return first, after + answer_rows(sheet, width, key)


def _scale(tree: PaperTree, size, first: list[Block], after: list[Block], two_pages: bool) -> float | None:
    """The tree's scale on a page of ``size`` points with these blocks (None: there is no room for it)."""
    width, height = size[0] - 2 * MARGIN, size[1] - 2 * MARGIN
    above = sum(block.height + GAP for block in first)
    below = GAP + (line_height(SMALL_PT) if two_pages else _height(after))
    if two_pages and _height(after) > height:
        return None
    room = height - above - below
    if room <= 0:
        return None
    return min(width / tree.box.width, room / tree.box.height, MOST_SCALE)


def _height(blocks: list[Block]) -> float:
    """The height of blocks set one under the other, :data:`GAP` / 4 apart (see :func:`page_sources`)."""
    return sum(block.height for block in blocks) + GAP / 4 * max(0, len(blocks) - 1)


def _page_texts(sheet: Sheet) -> list[str]:
    """Every text the page's own blocks write (for measuring)."""
    texts = [sheet.title, sheet.search, *sheet.notes, "Name:", "α = β = → 0123456789 (page of)", "What is graded",
             "Answer key: points in all", *TYPES, "–"]
    for question in sheet.questions:
        texts += [question.heading, question.words]
        for blank in question.blanks:
            texts += [blank.line, *blank.answer]
    return texts


# ---- drawing ----------------------------------------------------------------------------------------------------

def page_sources(trace, sheet: Sheet, paper: str, key: bool, dpi: int | None = None, file: str = "") -> list[str]:
    """The pinned DOT of each page of the worksheet (or its key, ``key``) on ``paper``."""
    laid = plan(trace, sheet, paper, key, file)
    canvas = (round(laid.paper[0]), round(laid.paper[1]))  # Graphviz draws whole points: see _pdf
    scale, tree = laid.scale, laid.tree
    inner = canvas[0] - 2 * MARGIN

    def new_page(frame: Box) -> Pen:
        graph = new_graph(0.0, dpi, (canvas[0] / 72, canvas[1] / 72))
        frame_corners(graph, frame)
        return Pen(graph, scale, frame, canvas[0])

    # the frame (the page, in the tree's units) is placed so that the tree stands centred under the blocks above
    tree_top = MARGIN + sum(block.height + GAP for block in laid.first)
    tree_left = MARGIN + (inner - tree.box.width * scale) / 2
    left, top = tree.box.left - tree_left / scale, tree.box.top + tree_top / scale
    pen = new_page(Box.spanning(left, top - canvas[1] / scale, left + canvas[0] / scale, top))
    y = MARGIN
    for block in laid.first:
        block.draw(pen, y)
        y += block.height + GAP
    draw_tree(pen.graph, tree.scene, tree.layout)
    _draw_blanks(pen, tree, sheet, key)
    y = tree_top + tree.box.height * scale + GAP
    sources = []
    if laid.two_pages:
        paragraph([Line("What is graded, and the lines to answer on: page 2.", SMALL_PT)], inner).draw(pen, y)
        sources.append(pen.graph.source)
        pen = new_page(Box.spanning(0, 0, canvas[0] / scale, canvas[1] / scale))
        y = MARGIN
    for block in laid.after:
        block.draw(pen, y)
        y += block.height + GAP / 4
    sources.append(pen.graph.source)
    return sources


def _draw_blanks(pen: Pen, tree: PaperTree, sheet: Sheet, key: bool) -> None:
    """The boxes under the nodes, each :data:`ABOVE` under what is over it, and in the key their answers and the
    leaves crossed out."""
    answers = {f"n{blank.node}": blank for blank in _blanks(sheet, "values") + _blanks(sheet, "statistics")}
    types = {f"n{blank.node}": blank for blank in _blanks(sheet, "node_types")}
    for name, stack in tree.stacks.items():
        room = tree.rooms[name]
        top = room.top
        if stack.given:  # on white, over the edges down from the node
            height = GIVEN_LINES * line_height(NOTE_SIZE)
            pen.graph.node(f"{name}_given", id=f"{name}_given", shape="plain", style="", fontcolor=NOTE,
                           fontsize=f"{NAME_SIZE:g}", pos=f"{room.x:.2f},{top - height / 2:.2f}!",
                           label=f'<<TABLE BORDER="0" CELLPADDING="0" BGCOLOR="white"><TR><TD>{text(stack.given)}'
                                 f'</TD></TR></TABLE>>')
            top -= height
        if stack.box is not None:
            width, height = stack.box
            written = answers[name].answer if key else ("",) * len(answers[name].answer)
            part = (height - ABOVE) / len(written)  # W over N: two boxes, one on the other, as a fraction
            for index, answer in enumerate(written):
                box = Box(room.x, top - ABOVE - (index + 0.5) * part, width, part)
                _box(pen.graph, f"{name}_box{index}", box, answer, key)
            top -= height
        if stack.kind is not None:
            width, height = stack.kind
            answer = types[name].answer[0] if key else ""
            _box(pen.graph, f"{name}_type", Box(room.x, top - (height + ABOVE) / 2, width, height - ABOVE), answer,
                 key, "rounded")
    if key:
        for blank in _blanks(sheet, "leaf"):
            if blank.answer == ("pruned",):
                _cross(pen.graph, tree.layout.outlines[f"n{blank.node}"], f"n{blank.node}")


def _box(graph, name: str, box: Box, answer: str, key: bool, style: str = "") -> None:
    """A box to write in (the tree's units): empty on the question; in the key, the answer (– where the right
    answer is to leave it empty)."""
    label = ""
    if key:
        label = f'<<FONT COLOR="{KEY_INK}"><B>{text(answer)}</B></FONT>>' if answer else \
            f'<<FONT COLOR="{FADED}">–</FONT>>'
    graph.node(name, id=name, shape="box", style=",".join(filter(None, (style, "filled"))), fillcolor="white",
               color=INK, penwidth="1", fixedsize="true", width=f"{box.width / 72:.4f}",
               height=f"{box.height / 72:.4f}", pos=f"{box.x:.2f},{box.y:.2f}!", label=label)


def _cross(graph, outline: Box, name: str) -> None:
    """A leaf crossed out: its outline's diagonals (its shape is drawn unfilled, so they show)."""
    corners = [(outline.left, outline.bottom), (outline.right, outline.top), (outline.left, outline.top),
               (outline.right, outline.bottom)]
    for index, (x, y) in enumerate(corners):
        graph.node(f"{name}_x{index}", shape="point", style="invis", width="0.01", height="0.01",
                   pos=f"{x:.2f},{y:.2f}!")
    for a, b in ((0, 1), (2, 3)):
        graph.edge(f"{name}_x{a}", f"{name}_x{b}", dir="none", color=KEY_INK, penwidth="2",
                   id=f"{name}_cross{a}")


def worksheet_bytes(trace, sheet: Sheet, paper: str, fmt: str, key: bool = False, file: str = "") -> bytes:
    """The worksheet (``key``: its answer key) on ``paper`` (``letter`` or ``a4``) in ``fmt``: a PDF of one or two
    pages of exactly the paper's size, an SVG or PNG of the pages one under the other (a PNG at
    :data:`PNG_DPI`), or the pinned DOT of each page."""
    if fmt not in FORMATS:
        raise RenderError(f"unknown format {fmt!r} (choose from {', '.join(FORMATS)})")
    sources = page_sources(trace, sheet, paper, key, PNG_DPI if fmt == "png" else None, file)
    if fmt == "dot":
        return "".join(sources).encode("utf-8")
    drawn = [run_graphviz(source, fmt, "neato", ("-n2",)) for source in sources]
    if fmt == "pdf":
        return _pdf(drawn, paper, sheet.title, key)
    if fmt == "png":
        return _stacked_png(drawn)
    return _stacked_svg(drawn)


def _pdf(pages: list[bytes], paper: str, title: str, key: bool) -> bytes:
    """The pages, each centred on a page of exactly the paper's size (Graphviz's are whole points)."""
    from pypdf import PageObject, PdfReader, PdfWriter, Transformation

    writer = PdfWriter()
    for drawn in pages:
        page = PdfReader(io.BytesIO(drawn)).pages[0]
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        exact = PAPERS[paper] if width < height else PAPERS[paper][::-1]
        blank = PageObject.create_blank_page(width=exact[0], height=exact[1])
        blank.merge_transformed_page(page, Transformation().translate((exact[0] - width) / 2,
                                                                      (exact[1] - height) / 2))
        writer.add_page(blank)
    writer.add_metadata({"/Title": f"{title}: {'answer key' if key else 'worksheet'}", "/Creator": "tracer"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


PAGE_GAP = 24  # points (or pixels of a PNG) between two pages shown one under the other


def _stacked_png(pages: list[bytes]) -> bytes:
    from PIL import Image

    images = [Image.open(io.BytesIO(drawn)).convert("RGB") for drawn in pages]
    width = max(image.width for image in images)
    gap = round(PAGE_GAP * PNG_DPI / 72)
    sheet = Image.new("RGB", (width, sum(image.height for image in images) + gap * (len(images) - 1)), "#d1d5db")
    y = 0
    for image in images:
        sheet.paste(image, (0, y))
        y += image.height + gap
    out = io.BytesIO()
    sheet.save(out, format="PNG", optimize=False)
    return out.getvalue()


def _stacked_svg(pages: list[bytes]) -> bytes:
    """The pages' SVG documents one under the other in one SVG (each page a nested ``svg`` element)."""
    if len(pages) == 1:
        return pages[0]
    parts, y, width = [], 0.0, 0.0
    for number, drawn in enumerate(pages, 1):
        svg = drawn.decode("utf-8")
        svg = svg[svg.index("<svg"):]
        size = re.search(r'width="([\d.]+)pt" height="([\d.]+)pt"', svg)
        page_w, page_h = float(size.group(1)), float(size.group(2))
        svg = svg.replace('id="graph0"', f'id="page{number}"', 1)
        svg = svg.replace("<svg ", f'<svg x="0" y="{y:g}" ', 1).replace(
            f'width="{size.group(1)}pt" height="{size.group(2)}pt"', f'width="{page_w:g}" height="{page_h:g}"', 1)
        parts.append(svg)
        y += page_h + PAGE_GAP
        width = max(width, page_w)
    height = y - PAGE_GAP
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            f'width="{width:g}pt" height="{height:g}pt" viewBox="0 0 {width:g} {height:g}">\n'
            f'<rect width="100%" height="100%" fill="#d1d5db"/>\n' + "\n".join(parts) + "</svg>\n").encode("utf-8")
