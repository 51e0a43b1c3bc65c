"""Scene → layout: where every node of a scene stands, worked out once and kept by every frame and every printer.

:mod:`.tidy` places the nodes (:meth:`Layout.around` builds the boxes around its centres). Each node is laid out
as the room it needs: its shape, and beside it on the right the room for its notes (visit number, α/β window),
mirrored on the left so the shape stays centred over its children. The printers then draw every shape, note, edge
label, title and key at these places, so a diagram's annotations never float onto edges, the key never bends the
tree, and the frames of a deck never move.

Sizes are in points (1/72 inch), y grows upwards, as in Graphviz. Text widths are the widths Graphviz itself
measures for each character in the font it draws with (from the font metric table where this machine's fonts are
the table's, else asked of Graphviz once per process: see :mod:`.metrics`), so rooms fit the text on any machine's
fonts.
"""

from __future__ import annotations

import math
import re
from functools import cached_property

from ..records import Record, field, replace
from .key import SLIDE_WINDOW, WINDOW
from .metrics import text_width
from .scene import BOXES, Scene, SceneNode
from .style import EDGE_SIZE, NAME_SIZE, NOTE_SIZE, VALUE_SIZE

GAP = 1.0  # between a node's shape and its notes (times the spacing)
NODESEP, RANKSEP = 0.3, 0.55  # inches: between the rooms of a level, and between levels
PERIPHERY = 4.0  # points: Graphviz's gap between a shape's two outlines (a flagged node's), by which it sizes them
RING = PERIPHERY + 1.0  # points: how far outside its shape the current node's second outline reaches (and half its pen)
# How a node and its notes are drawn, each with how high a triangle is against its label's height (the lower, the
# wider): the textbook's (notes under the shape), narrow (the same, with taller and narrower triangles: a tree
# short of width), low (the same, with lower and wider triangles: a tree short of height), beside (notes beside the
# shape, triangles low and wide: a tree shorter still)
FORMS = {"under": 2.0, "narrow": 2.6, "low": 1.5, "beside": 1.5}
# How much taller (against its label's height) than its form's a triangle of a slide's level short of width is
# drawn (see tidy.narrowed_level), and so narrower: the slide tries each, least first (see drawing.slide_try)
NARROWED = (0.6, 1.2)
# A board (:func:`board_size`): its grid about BOARD_GRID across (on a lecture's slide, with the text beside it; in a
# figure, short of width, with the text above and under it), each cell's side within BOARD_CELLS and its glyph a
# share of it (never under BOARD_GLYPH); coordinates, where the game names them, in a lane of BOARD_FONT text left
# of and under the grid
BOARD_GRID, BOARD_CELLS, BOARD_GLYPH = {"beside": 84, "under": 60}, (13, 24), 10.0
GLYPH_ROOM = 2.5  # points a cell's side exceeds its glyph's size at least (Graphviz refuses a cell's text otherwise)
BOARD_PAD, BOARD_GAP = 3, 4  # whole points (Graphviz reads a table's sizes so): inside a board's frame; grid to text
WIDEST_WINDOW = "α=−∞ β=+∞"  # room kept beside a board for its window (written as two lines)
# points: a board's column wraps its count of children not drawn to lines this wide, about as wide as its window
# ("⋯ 354", "searched", "10 pruned": a 4:3 slide is short of width); counts only grow, so a frame's lines are never
# more than the last frame's, which the layout keeps room for
UNDRAWN_LINE = 52.0
SLIDE_SPACINGS = (1.0, 0.7, 0.5, 0.35, 0.25, 0.18)  # a slide's spacings, loosest first: see drawing.on_slide
FONT_SCALES = (0.5, 3.0)  # the least and the most --font-scale
PROJECTION = (18.0, 18.0)  # points, on a slide 7.5 inches high: the smallest text aims at these, times --font-scale
LEGIBLE = 8.6  # points: the least font size on a slide without a note saying what helps (its words 10 pt high)
SMALLEST_FONT, BOARD_FONT = 10.0, 10.0  # the smallest text drawn: notes, names and the key; a board's small text


def lines_width(lines, size: float, bold: bool = False) -> float:
    return max([text_width(line, size, bold) for line in lines] or [0.0])


def wrapped(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` points (a longer word stands on its own line)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if line and text_width(candidate, size, bold) > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


def line_height(size: float) -> float:
    return size * 1.25


class Box(Record, frozen=True, compiled=True):
    """A rectangle by its centre and size."""

    x: float
    y: float
    width: float
    height: float

    @property
    def left(self) -> float:
        return self.x - self.width / 2

    @property
    def right(self) -> float:
        return self.x + self.width / 2

    @property
    def bottom(self) -> float:
        return self.y - self.height / 2

    @property
    def top(self) -> float:
        return self.y + self.height / 2

    @classmethod
    def spanning(cls, left: float, bottom: float, right: float, top: float) -> "Box":
        return cls((left + right) / 2, (bottom + top) / 2, right - left, top - bottom)

    def union(self, other: "Box") -> "Box":
        return Box.spanning(min(self.left, other.left), min(self.bottom, other.bottom),
                            max(self.right, other.right), max(self.top, other.top))


# ---- the room each node needs ---------------------------------------------------------------------------------

class BoardSize(Record, frozen=True):
    """A board node's measures in points (:func:`board_size`)."""

    width: float  # the node's box
    height: float
    grid_w: float  # the grid with its coordinates' lanes
    grid_h: float
    cell: float  # a cell's side
    glyph: float  # the font size of what stands in a cell
    rank_lane: float  # the width of the ranks' lane left of the cells (0: none)
    file_lane: float  # the height of the files' lane under them (0: none)
    above: float  # the height of the line above the grid (0: none, the text beside it)


def board_size(node: SceneNode) -> BoardSize:
    """A board node's measures: the grid (cells sized to it, :data:`BOARD_GRID`) with its coordinates, who moves,
    the value and the window (:func:`board_text`) in a column beside it (``node.beside``: a lecture's slide, short
    of height) or above and under it (a figure, short of width), all inside a frame :data:`BOARD_PAD` wide. Room is
    kept for the widest window and a two-digit value, so a board is the same at every step; a deck lays its boards
    out with the widest text any frame gives them."""
    board = node.board
    rows, cols = len(board.rows), max((len(row) for row in board.rows), default=0)
    grid = BOARD_GRID["beside" if node.beside else "under"]
    cell = min(max(grid // max(rows, cols, 1), BOARD_CELLS[0]), BOARD_CELLS[1])
    rank_lane = math.ceil(max(text_width(name, BOARD_FONT) for name in board.ranks) + 4) if board.ranks else 0
    file_lane = math.ceil(line_height(BOARD_FONT)) if board.files else 0
    grid_w, grid_h = cols * cell + rank_lane, rows * cell + file_lane
    widest = replace(node, value=node.value or "−88", window=node.window or WIDEST_WINDOW)
    written = [line for part in board_text(widest) for line in part] + [("−88", VALUE_SIZE, True)] + [
        (line, BOARD_FONT, False) for line in window_lines(WIDEST_WINDOW)]
    text_w = math.ceil(max(text_width(line, size, bold) for line, size, bold in written) + 2)  # (Graphviz pads)
    text_h = [math.ceil(sum(line_height(size) for _, size, _ in part)) for part in board_text(widest)]
    glyph = min(max(BOARD_GLYPH, 0.62 * cell), cell - GLYPH_ROOM)
    if node.beside:
        width, height = grid_w + BOARD_GAP + text_w, max(grid_h, text_h[1])
    else:
        width, height = max(grid_w, text_w), text_h[0] + grid_h + text_h[1]
    return BoardSize(width + 2 * BOARD_PAD, height + 2 * BOARD_PAD, grid_w, grid_h, cell, glyph, rank_lane,
                     file_lane, text_h[0])


def window_lines(window: str) -> list[str]:
    """A board's window as it is written beside or under the board: ``α=… β=…`` as two lines (a narrow board)."""
    return window.split(" ", 1) if window else []


def board_text(node: SceneNode) -> tuple[list, list]:
    """The lines written above a board and beside or under it (``node.beside``), each with its font size and whether
    bold: who moves (with what the family adds, a visit number or a node's type: beside, each on a line of its own),
    the value and the window; beside, last, its children not drawn, counted (``node.undrawn``)."""
    if node.beside:
        heads = [(part.strip(), BOARD_FONT, False) for part in node.head.split("  ") if part.strip()]
        above = []
    else:
        heads, above = [], [(node.head or " ", BOARD_FONT, False)]
    undrawn = [(line, BOARD_FONT, False) for line in wrapped(node.undrawn, UNDRAWN_LINE, BOARD_FONT) if node.undrawn]
    return above, heads + [(node.value or " ", VALUE_SIZE, True)] + [
        (line, BOARD_FONT, False) for line in window_lines(node.window)] + undrawn


def shape_size(node: SceneNode, spacing: float = 1.0, form: str = "under",
               slide: bool = False, terse: bool = False, taller: float = 0.0) -> tuple[float, float]:
    """The size of a node's shape, big enough for its label at every step (``spacing`` and ``form``: see
    :data:`FORMS`), written as a ``slide`` writes it if it is for one (``terse``: a slide short of room; see
    :func:`slide_written`); ``taller``: a triangle of a level short of width (see :data:`NARROWED`)."""
    if slide:
        node = slide_written(node, form, terse)
    if node.kind == "board":
        board = board_size(node)
        return board.width, board.height
    if node.kind in BOXES:
        lines = node.value.split("\n")
        return (lines_width(lines, 10.0) + max(8.0, 16 * spacing),
                max(26.0 * spacing, len(lines) * line_height(10.0) + label_pad(spacing)))
    room = node.value or ("88" if node.dashed else "≤ −88")  # an empty shape keeps room for a value to come
    label = max(text_width(node.name, NAME_SIZE), text_width(room, VALUE_SIZE, bold=True))
    text_h = label_height(node)
    pad = label_pad(spacing)
    if node.kind == "leaf":
        lines = len([part for part in (node.name, node.value, node.head) if part]) or 1
        label = max(label, text_width(node.head, NOTE_SIZE, bold=True))
        return max(48.0 * spacing, label + 1.8 * pad), max(34.0 * spacing, lines * line_height(VALUE_SIZE) + pad)
    if node.kind == "chance":  # the label's corners inside the circle, clear of its outline
        side = max(52.0 * spacing, label + 2.2 * pad, (label ** 2 + text_h ** 2) ** 0.5 + pad + 6)
        return side, side
    return triangle_size(label, text_h, pad, spacing, form, slide, taller)


def label_height(node: SceneNode) -> float:
    """How high a shape's label is: its name (if it has one) over its value."""
    return (line_height(NAME_SIZE) if node.name else 0.0) + line_height(VALUE_SIZE)


def label_pad(spacing: float) -> float:
    """The room around a shape's label at ``spacing``: at least 4 points."""
    return max(4.0, 10 * spacing)


def triangle_inset(pad: float) -> float:
    """How far a triangle keeps its label (``pad`` around it) inside its wide side: at least 3 points."""
    return max(3.0, pad / 2)


def triangle_size(label: float, text_h: float, pad: float, spacing: float = 1.0,
                  form: str = "under", slide: bool = False, taller: float = 0.0) -> tuple[float, float]:
    """The box of a triangle around a label ``label`` wide and ``text_h`` high. Graphviz draws a triangle in three
    quarters of its box (a MAX node's apex at the box's top, a MIN node's at its bottom) and its label at the box's
    centre: a third of the way from the wide side to the point; a ``slide``'s label nearer its wide side, where
    that is nearer (see :func:`label_depth`). The triangle is as tall as keeps the label ``pad`` (at least 3 points)
    inside its wide side and as wide as keeps the label's narrow end inside its slopes, as high against its label
    as its ``form`` says (:data:`FORMS`; ``taller``: by this much more, see :data:`NARROWED`): the lower, the
    wider."""
    inset = triangle_inset(pad)
    # the triangle itself (its label's far end at tall / 3 + text_h / 2 from its wide side)
    tall = max(40.0 * spacing, (FORMS[form] + taller) * text_h + 3 * inset)
    depth = label_depth(tall, text_h, inset) if slide else tall / 3
    if depth < tall / 3:  # (the label's far end at depth + text_h / 2 from the wide side)
        return max(66.0 * spacing, (label + 2 * inset) * tall / (tall - depth - text_h / 2)), tall * 4 / 3
    wide = max(66.0 * spacing, (label + 2 * inset) * tall / (2 * tall / 3 - text_h / 2))
    return wide, tall * 4 / 3


LABEL_LIFT = 2.0  # points more than its inset between a slide triangle's label and its wide side (a flagged node's
# shape gives up PERIPHERY on each side, which moves its wide side in by half that: see .dot._node_attributes)


def label_depth(tall: float, text_h: float, inset: float) -> float:
    """How far from its wide side a slide's triangle ``tall`` high (the triangle, not its box) centres its label
    ``text_h`` high: as near the wide side as keeps it ``inset`` (and :data:`LABEL_LIFT`) inside, where the
    triangle is widest, or a third of the way to the point, where Graphviz centres it, if that is nearer (a low
    triangle's). The nearer the label stands to the wide side, the narrower the triangle that holds it: a slide
    short of width gains up to a sixth of each triangle's width (its narrow form's)."""
    return min(tall / 3, inset + LABEL_LIFT + text_h / 2)


def label_shift(node: SceneNode, box: Box, spacing: float) -> float:
    """How far up from its box's centre a slide's triangle (``node`` as the slide writes it, ``box`` its box, laid
    out at ``spacing``) centres its label: towards its wide side (down in a MAX triangle, up in a MIN one) by as
    much as :func:`label_depth` is nearer it than Graphviz's centre; 0 for any other shape."""
    if node.kind not in ("max", "min"):
        return 0.0
    tall = 3 * box.height / 4
    inset, text_h = triangle_inset(label_pad(spacing)), label_height(node)  # (as shape_size sizes it)
    towards = tall / 3 - label_depth(tall, text_h, inset)
    return towards if node.kind == "min" else -towards


def shape_foot(node: SceneNode, height: float) -> float:
    """How far below its centre a shape of ``height`` is drawn: a MAX triangle fills the top three quarters of its
    box (as Graphviz draws it), every other shape down to the bottom of its box."""
    return height / 4 if node.kind == "max" else height / 2


def shape_top(node: SceneNode, height: float) -> float:
    """How far above its centre a shape of ``height`` is drawn: a MIN triangle fills the bottom three quarters of
    its box (as Graphviz draws it), every other shape up to the top of its box."""
    return height / 4 if node.kind == "min" else height / 2


_WINDOW = re.compile(r"α=(\S+) β=(\S+)")  # a window as the view writes it (view.look.Look.window)
# where a slide breaks a note in two: a window [α, β] after its comma, a cut note (as view.values writes it,
# ✂ 3 ≤ α=5) before its reason
_BREAKS = re.compile(r"(\[\S+,) (\S+\])|(✂ \S+) ([≤≥<>] \S+)")


def notes_lines(node: SceneNode, stacked: bool = False, brackets: bool = False, width: float = 0.0) -> list[str]:
    """What is written under a node: its notes (visit number, window) and any flag; ``stacked``: the window as two
    lines, α over β (see :func:`measure_room`); ``brackets``: the window as one short line ``[α, β]``, the
    textbook's range notation (Russell & Norvig, Figure 5.5), as a slide writes it; with ``stacked`` too (a
    narrowed level's: see :func:`measure_room`), where it is wider than ``width`` (its shape's), broken after its
    comma, ``[α,`` over ``β]``, and so a cut note before its reason, ``✂ 3`` over ``≤ α=5``."""
    lines = []
    for line in (*node.notes, node.flag):
        window = _WINDOW.fullmatch(line) if brackets else None
        if window:
            line = f"[{window[1]}, {window[2]}]"
        broken = _BREAKS.fullmatch(line) if brackets and stacked and _note_width([line]) > width else None
        if broken:
            lines += [part for part in broken.groups() if part]
        elif stacked and line.startswith("α=") and " β=" in line:
            lines += line.split(" ", 1)
        elif line:
            lines.append(line)
    return lines


def cut_note(line: str) -> bool:
    """Whether a line of a node's notes (see :func:`notes_lines`) is its cut note, ``✂ 3 ≤ α=5``, or a part of it
    broken in two (``✂ 3``, ``≤ α=5``): the printers draw it in the cut's colour."""
    return line.startswith("✂") or line[:2] in ("≤ ", "≥ ", "< ", "> ")


def notes_size(node: SceneNode, stacked: bool = False, brackets: bool = False,
               width: float = 0.0) -> tuple[float, float]:
    """The room a node's notes take (under its shape; ``width``: see :func:`notes_lines`)."""
    lines = notes_lines(node, stacked, brackets, width)
    if not lines:
        return 0.0, 0.0
    return _note_width(lines), len(lines) * line_height(NOTE_SIZE)


def _note_width(lines: list[str]) -> float:
    return lines_width(lines, NOTE_SIZE, bold=True) + 2


class Room(Record, frozen=True, compiled=True):
    """The room a node needs, measured once for a layout (see :func:`measure_rooms`): its shape (``width`` by
    ``height``, drawn from ``foot`` below its centre), whether its window is written as two lines, its notes' size,
    the room it takes in its level (``across``; ``above`` and ``below`` its centre), and ``beside``: how far right
    or left of its centre its notes' near edge stands when they are written beside its shape (None: under it), on
    the ``side`` (1 right, −1 left) away from its parent's edge. ``left`` and ``right``: how far its room reaches
    each way from its centre (notes beside a shape make it uneven). ``name_beside``: how far from its centre its
    name's near edge stands, written beside it on ``side`` (None: in the shape; see :func:`name_beside`), or with
    ``name_above`` above it (see :func:`name_above`)."""

    width: float
    height: float
    foot: float
    stacked: bool
    notes_width: float
    notes_height: float
    across: float
    above: float
    below: float
    beside: float | None = None
    side: int = 1
    left: float = 0.0
    right: float = 0.0
    name_beside: float | None = None  # how far from its centre its name's near edge stands, on ``side``
    name_above: bool = False  # its name above its shape, the near edge ``name_beside`` across (see name_above)
    notes_top: float | None = None  # notes beside the shape: how far above its centre their top stands (None: as
    # notes_beside says)

    def __post_init__(self):
        if not self.left and not self.right:  # even, unless said otherwise
            object.__setattr__(self, "left", self.across / 2)
            object.__setattr__(self, "right", self.across / 2)


BESIDE_KINDS = ("max", "min", "chance", "leaf")  # the shapes whose notes may stand beside them


def measure_room(node: SceneNode, spacing: float = 1.0, form: str = "under", side: int = 1,
                 slide: bool = False, terse: bool = False, alone: bool = False, narrowed: float = 0.0,
                 above: bool = False) -> Room:
    """What :class:`Room` says of ``node`` at ``spacing`` in ``form`` (:data:`FORMS`; ``beside``: its notes
    written beside its shape, α over β: see :func:`notes_beside`); ``slide``: written for a slide, its window as
    ``[α, β]`` on one line (see :func:`notes_lines`) and a triangle's name beside it (see :func:`name_beside`);
    ``terse``: written as a slide short of room writes it (see :func:`slide_written`); ``alone``: alone in its
    level, a slide's MAX triangle's notes in its corner whatever the form (but beside: see :func:`corner_notes`);
    ``narrowed``: a slide's triangle in a level short of width (see :func:`.tidy.narrowed_level`), taller by this
    much and so narrower (:data:`NARROWED`), its notes in lines no wider than it where they break (see
    :func:`notes_lines`), and with ``above`` its name above it (see :func:`name_above`); 0: not narrowed."""
    if not (slide and not alone and form != "beside" and node.kind in ("max", "min")):
        narrowed = 0.0
    room = _measure_room(node, spacing, form, side, slide, terse, alone, narrowed)
    if not (slide and _name_beside(node, form)):
        return room
    if narrowed and above:
        near = name_above(spacing)
        reach = near + text_width(node.name, NAME_SIZE)
        left, right = (room.left, max(room.right, reach)) if side > 0 else (max(room.left, reach), room.right)
        return replace(room, across=left + right, left=left, right=right, name_beside=near, side=side,
                       name_above=True)
    near = name_beside(node, room.width, room.height, spacing)
    reach = near + text_width(node.name, NAME_SIZE)
    left, right = (room.left, max(room.right, reach)) if side > 0 else (max(room.left, reach), room.right)
    return replace(room, across=left + right, left=left, right=right, name_beside=near, side=side)


BOX_LINE = 72.0  # points: on a slide, the text of a box (a playout, the pruned children) wrapped to lines this wide


def slide_written(node: SceneNode, form: str, terse: bool = False) -> SceneNode:
    """``node`` as a slide in ``form`` writes it in its shape: a triangle without its name (written beside it: see
    :func:`name_beside`), a box's text wrapped to :data:`BOX_LINE` (a box stands in a level of small leaves), a
    vector of utilities (max^n) without spaces, ``(1,2,6)``, as Korf's and Sturtevant's figures write it;
    ``terse`` (a slide whose tree cannot hold projection-size text otherwise: see :data:`.drawing.SLIDE_LAYOUTS`):
    the vector without its parentheses too, ``1,2,6``, as game-theory figures often write a leaf's payoffs, a
    bound's sign kept (``≤ 1,2,6``), and a node whose family gives a terse form (``node.terse``) so: a playout's box
    as its result alone (see :func:`.view.mcts.terse_playout`: the caption says its moves). (A terse slide's edges
    are written shorter too: see :func:`cut_mark_written`.)"""
    if _VECTOR.fullmatch(node.value):
        node = replace(node, value=_vector_written(node.value, terse))
    if terse and node.terse:
        node = replace(node, value=node.terse)
    if _name_beside(node, form):
        return replace(node, name="")
    if node.kind in BOXES and node.value:
        return replace(node, value="\n".join(wrapped(node.value, BOX_LINE, 10.0)))
    return node


def writes_shorter(scene: Scene) -> bool:
    """Whether a terse slide writes any of ``scene``'s text shorter than a slide does (see :func:`slide_written`
    and :func:`cut_mark_written`): if not, its terse layouts are its plain ones, and are not tried."""
    return (any(slide_written(node, "under", True) != slide_written(node, "under") for node in scene.nodes)
            or any(edge_label_lines(edge, True) != edge_label_lines(edge) for edge in scene.edges))


_VECTOR = re.compile(r"(?:[≤≥] )?\([^()]*, [^()]*\)")  # a vector as tracer.numbers writes it: (1, 2, 6)


def _vector_written(value: str, terse: bool) -> str:
    """A vector of utilities as a slide writes it: ``(1,2,6)``; ``terse``, ``1,2,6`` (its width is the same few
    points less at every step, so the widest of a node's values is still the widest: see .deck.room_scene)."""
    value = value.replace(", ", ",")
    return value.replace("(", "").replace(")", "") if terse else value


def _name_beside(node: SceneNode, form: str) -> bool:
    """Whether a slide writes ``node``'s name beside its shape (a triangle's, unless its notes stand there)."""
    return form != "beside" and node.kind in ("max", "min") and bool(node.name)


def name_beside(node: SceneNode, width: float, height: float, spacing: float) -> float:
    """How far from the centre of a triangle ``width`` by ``height`` (its box) the near edge of its name stands,
    written on a slide beside it instead of in it (a triangle holding one line of text is half as high): level
    with the triangle's top, beside a MAX node's apex or a MIN node's wide side, clear of the second outline that
    marks the current node (:data:`RING`), on the side away from the edge from its parent (which, aimed at the
    centre, meets a MAX triangle's slope near its apex); the edges to its children leave below it."""
    name_h = line_height(NAME_SIZE)
    half = width / 2 if node.kind == "min" else width * 2 * name_h / (3 * height)  # the slope at the name's foot
    slope = 3 * height / 4 / math.hypot(width / 2, 3 * height / 4)  # the sine of the slope's angle
    return half + RING / slope + max(2.0, 2 * spacing)


def name_above(spacing: float) -> float:
    """How far from the centre of a triangle the near edge of its name stands, written on a slide above the
    triangle's top (a MIN triangle's wide side, a MAX triangle's apex) instead of beside it: on the side away from
    the edge from its parent (which arrives at the top's middle from the other side), clear of that edge by a few
    points. Beside a triangle a name makes its level wider by its width; above it, it stands in the row of the
    edge labels over its level, and a level short of width (see :func:`.tidy.narrowed_level`) is narrower by as
    much, its level's edges and labels as they were."""
    return max(3.0, 2 * spacing) + 1.0  # (and half the edge's pen)


def name_rise(node: SceneNode, box: Box) -> float:
    """How far above the top of its shape (``box``, as laid out) a name written above it (see :func:`name_above`)
    reaches: over the current node's second outline (see :func:`ring_above`), by a point, its line's height."""
    return ring_above(node, box) + 1.0 + line_height(NAME_SIZE)


def ring_above(node: SceneNode, box: Box) -> float:
    """How far above the top of its shape (``box``, as laid out) the second outline of ``node`` reaches when it is
    the current node (:data:`RING` out from its outline: at a MAX triangle's apex, by as much more as the apex is
    sharp)."""
    if node.kind != "max":
        return RING
    return RING * math.hypot(box.width / 2, 3 * box.height / 4) / (box.width / 2)  # (1 / the half-angle's sine)


def ring_reach(node: SceneNode, box: Box) -> tuple[float, float]:
    """How far past its box (``box``, as laid out) Graphviz sizes ``node`` when it is the current node, across and
    up and down: its second outline, :data:`PERIPHERY` out from its outline, reaches past a triangle's corners by
    as much more as they are sharp (a low, wide triangle's base corners reach far to the side)."""
    if node.kind not in ("max", "min") or box.width <= 0 or box.height <= 0:
        return PERIPHERY, PERIPHERY
    base = math.atan2(3 * box.height / 4, box.width / 2)  # the angle at a corner of the wide side
    return PERIPHERY / math.tan(base / 2), PERIPHERY / math.sin(math.pi / 2 - base)


def _measure_room(node: SceneNode, spacing: float, form: str, side: int, brackets: bool,
                  terse: bool = False, alone: bool = False, narrowed: float = 0.0) -> Room:
    """The room of ``node``'s shape and notes (as a slide writes them, with ``brackets``, ``terse``, ``alone``,
    ``narrowed``: see :func:`measure_room`)."""
    width, height = shape_size(node, spacing, form, brackets, terse, narrowed)
    foot, top = shape_foot(node, height), shape_top(node, height)
    if alone and form != "beside" and node.kind == "max" and brackets and notes_lines(node, brackets=True):
        return corner_notes(node, width, height, spacing, side)
    if form == "beside" and node.kind in BESIDE_KINDS and notes_lines(node):
        stacked = not brackets and any(note.startswith("α=") for note in node.notes)
        note_w, note_h = notes_size(node, stacked, brackets)
        near = notes_beside(node, width, spacing)
        far = max(width / 2, near + note_w)
        return Room(width, height, foot, stacked, note_w, note_h, width / 2 + far, max(top, note_h), foot, near,
                    side, *((width / 2, far) if side > 0 else (far, width / 2)))
    # the window is written as two lines, α over β, when on one it would be wider than the shape (on a slide, in a
    # narrowed level only: see notes_lines)
    if brackets:
        stacked = bool(narrowed) and notes_size(node, brackets=True)[0] > width
    else:
        stacked = any(note.startswith("α=") for note in node.notes) and notes_size(node)[0] > width
    note_w, note_h = notes_size(node, stacked, brackets, width)
    return Room(width, height, foot, stacked, note_w, note_h, max(width, note_w), top,
                foot + (GAP * spacing + note_h if note_h else 0.0))


def corner_notes(node: SceneNode, width: float, height: float, spacing: float, side: int) -> Room:
    """The room of a MAX triangle (``width`` by ``height``, its box) on a slide, alone in its level (see
    :func:`lone_corners`): its notes (window, cut note, as a slide writes them) in the empty corner
    beside its apex, on the ``side`` away from the edge from its parent (which arrives at the apex from the other
    side), their top level with the triangle's top, under its name where the name stands there too (see
    :func:`name_beside`), and their near edge as near the apex as clears the slope at their foot (and the current
    node's second outline, :data:`RING`): its level then needs no height under its shape for them, and only as
    much more width as they are wider than the corner. Notes taller than the triangle reach below its wide side, clear of its corner; and the current
    node's second outline (:data:`RING`) under its wide side is kept clear of the level below, so that its edges
    are seen between them."""
    note_w, note_h = notes_size(node, brackets=True)
    shape_h = 3 * height / 4  # (a MAX triangle fills the top three quarters of its box)
    name_h = line_height(NAME_SIZE) if _name_beside(node, "under") else 0.0  # (beside it in every form but beside)
    depth = name_h + note_h  # from the apex's level down to the notes' foot
    slope = shape_h / math.hypot(width / 2, shape_h)  # the sine of the slope's angle
    near = width / 2 * min(1.0, depth / shape_h) + RING / slope + max(2.0, 2 * spacing)
    far = max(width / 2, near + note_w)
    top, foot = height / 2, max(height / 4 + RING, depth - height / 2)
    return Room(width, height, height / 4, False, note_w, note_h, width / 2 + far, top, foot, near, side,
                *((width / 2, far) if side > 0 else (far, width / 2)), notes_top=top - name_h)


def notes_beside(node: SceneNode, width: float, spacing: float) -> float:
    """How far from the centre of ``node``'s shape its notes' near edge stands, written beside the shape from its
    top down but never below its centre (higher, if they are taller than the shape's top half): edges leave a node
    downwards from its centre and arrive from its parent's side (the notes stand on the other side), so they meet
    no edge of their own node."""
    return width / 2 + max(2.0, GAP * spacing)


def measure_rooms(scene: Scene, spacing: float = 1.0, form: str = "under", slide: bool = False,
                  terse: bool = False, lone: bool = False, narrowed=frozenset(),
                  taller: float = 0.0, above=frozenset(), lone_left: bool = False) -> dict[str, Room]:
    """Every node's :class:`Room`, by id: measured once, read by every round of the tidy layout and by
    :meth:`Layout.around` (measuring is most of a big tree's layout). ``form``: see :data:`FORMS`; ``slide``,
    ``terse``: written for a slide, one short of room (see :func:`measure_room`); ``lone``: a slide's MAX
    triangle alone in its level (the root) with its notes in its corner, in any form (see :func:`lone_corners`),
    the root's in its top left corner with ``lone_left`` (else its right, as no edge arrives at its apex);
    ``narrowed``: the ids of the triangles of a slide's level short of width, drawn ``taller``, those in ``above``
    with their names above them (see :func:`measure_room`)."""
    sides, alone = _note_sides(scene), lone_corners(scene) if slide and lone else set()
    root_side = -1 if lone and lone_left else 1  # (the root's: no edge arrives from a parent)
    return {node.id: measure_room(node, spacing, form, sides.get(node.id, root_side), slide, terse, node.id in alone,
                                  taller if node.id in narrowed else 0.0, node.id in above)
            for node in scene.nodes}


def lone_corners(scene: Scene) -> set[str]:
    """The nodes alone in their level (the root, and any level of one node): nothing stands beside them, so a
    slide short of height may write a MAX triangle's notes in its corner there, in any form (see
    :func:`corner_notes`), and its level is lower by their height (see .drawing.slide_try)."""
    children: dict[str, list[str]] = {}
    for edge in scene.edges:
        children.setdefault(edge.tail, []).append(edge.head)
    alone, level = set(), [scene.nodes[0].id] if scene.nodes else []
    while level:
        if len(level) == 1:
            alone.add(level[0])
        level = [kid for name in level for kid in children.get(name, ())]
    return alone


def _note_sides(scene: Scene) -> dict[str, int]:
    """The side each node's notes stand on when beside it, away from the edge from its parent: a node is centred
    over its first and last child, so the first half of its children stand left of it (their notes on their left),
    the rest right or under it (their notes on their right)."""
    children: dict[str, list[str]] = {}
    for edge in scene.edges:
        children.setdefault(edge.tail, []).append(edge.head)
    return {kid: -1 if 2 * i < len(kids) - 1 else 1 for kids in children.values() for i, kid in enumerate(kids)}


# ---- the layout -----------------------------------------------------------------------------------------------

class Layout(Record):
    """Where each node's shape and notes stand; an edge's label goes half-way down its straight line. ``feet``:
    the lowest point of each node's level (its lowest shape or notes)."""

    shapes: dict[str, Box]
    notes: dict[str, Box]
    feet: dict[str, float] = field(default_factory=dict)
    outlines: dict[str, Box] = field(default_factory=dict)  # where each shape is drawn, within its box
    stacked: frozenset[str] = frozenset()  # the nodes whose window is written as two lines
    spacing: float = 1.0  # the room kept around the text (see the module's text)
    stretch: float = 0.0  # points added between every two levels (a slide's height filled)
    brackets: bool = False  # windows written [α, β] on one line (a slide's: see notes_lines)
    names: dict[str, Box] = field(default_factory=dict)  # names written beside their shapes (a slide's triangles)
    form: str = "under"  # how the nodes and their notes are drawn (FORMS)
    # points: on a slide, the titles written in the tree's top left corner, wrapped to this width (0: above the
    # tree); a slide short of height and not of width gets them there (see drawing.on_slide), every frame keeps them
    title_beside: float = 0.0
    title_wrap: float = 0.0  # points: on a slide, the titles above the tree wrapped to this width (0: page.page_of's)
    # points: on a slide, a deck's caption beside the tree wrapped to this width (0: under it): under the titles
    # where they stand beside it, else in its top right corner, or its bottom corner with caption_low (page.page_of)
    caption_beside: float = 0.0
    caption_low: bool = False  # on a slide, that caption level with the tree's foot, beside its lowest rows
    terse: bool = False  # on a slide short of room, the text written shorter (see slide_written)
    # points: the leaves drawn below their level's row, by id (a slide's leaves in two staggered rows: see
    # tidy.staggered_leaves)
    lowered: dict[str, float] = field(default_factory=dict)
    lone: bool = False  # on a slide, the notes of a MAX triangle alone in its level in its corner (see lone_corners)
    # with lone, the root's notes in its top left corner, not its right: the right one a deck's caption's (see
    # drawing._captions_beside)
    lone_left: bool = False
    # on a slide short of width, how much taller its widest level's triangles are (see NARROWED and
    # tidy.narrowed_level; 0: no level narrowed)
    narrowed: float = 0.0

    @property
    def levels(self) -> int:
        """How many levels the tree has (the staggered leaves' lower row is not one: it is not moved apart)."""
        return len({round(box.y + self.lowered.get(name, 0.0), 2) for name, box in self.shapes.items()})

    @property
    def unstretched_height(self) -> float:
        """The tree's height without the points its levels were moved apart by."""
        return self.tree.height - self.stretch * max(0, self.levels - 1)

    def note_lines(self, node: SceneNode) -> list[str]:
        """The lines written under ``node``, as this layout keeps room for them."""
        return notes_lines(node, node.id in self.stacked, self.brackets, self.shapes[node.id].width)

    def written(self, node: SceneNode) -> SceneNode:
        """``node`` as this layout writes it in its shape (on a slide: see :func:`slide_written`; its name, if not
        in the shape, is written at :attr:`names`)."""
        return slide_written(node, self.form, self.terse) if self.brackets else node

    def edge_lines(self, edge) -> list[str]:
        """``edge``'s label as this layout writes it, in lines (on a terse slide without the cut mark: see
        :func:`cut_mark_written`)."""
        return edge_label_lines(edge, self.terse)

    def label_lift(self, node: SceneNode) -> float:
        """How far up from its shape's centre ``node``'s label is centred: on a slide, a triangle's towards its wide
        side (see :func:`label_shift`); else 0, where Graphviz centres it."""
        if not self.brackets:
            return 0.0
        return label_shift(self.written(node), self.shapes[node.id], self.spacing)

    def key(self, rows: list[tuple[str, str]]) -> list[tuple[str, str]]:
        """The key's ``rows`` as this layout writes the tree: on a slide the windows are ``[α, β]`` (see
        :func:`notes_lines`), and so is the key's symbol for them."""
        if not self.brackets:
            return rows
        return [(SLIDE_WINDOW if symbol == WINDOW else symbol, meaning) for symbol, meaning in rows]

    def label_point(self, tail: str, head: str) -> tuple[float, float]:
        """Where an edge's label is centred: on the straight line from the tail's centre to the head's, half-way
        between the foot of the tail's level (under its notes) and the head's top (the layout left room there for
        the label); for a lowered leaf, the top of its level's row (its label in the row of its siblings')."""
        parent, child = self.shapes[tail], self.shapes[head]
        top = self.outlines.get(head, child).top + self.lowered.get(head, 0.0)  # (the top of the head's row)
        y = (self.feet.get(tail, parent.bottom) + top) / 2
        t = (parent.y - y) / (parent.y - child.y) if parent.y != child.y else 0.5
        return parent.x + t * (child.x - parent.x), y

    def label_box(self, edge) -> Box | None:
        """The box of ``edge``'s label as this layout writes it (:meth:`edge_lines`, centred at :meth:`label_point`),
        or None where it has none."""
        lines = self.edge_lines(edge)
        if not lines:
            return None
        x, y = self.label_point(edge.tail, edge.head)
        return Box(x, y, lines_width(lines, EDGE_SIZE), len(lines) * line_height(EDGE_SIZE))

    @cached_property  # a deck's pages ask it for every frame; a layout is never changed once made
    def tree(self) -> Box:
        """The box around every shape, note and name beside a shape (as drawn: a MIN triangle's box is empty at its
        top)."""
        boxes = [*(self.outlines or self.shapes).values(), *self.notes.values(), *self.names.values()]
        box = boxes[0]
        for other in boxes[1:]:
            box = box.union(other)
        return box

    @classmethod
    def around(cls, centres: dict[str, list[float]], scene: Scene, spacing: float = 1.0,
               rooms: dict[str, Room] | None = None, slide: bool = False, form: str = "under",
               terse: bool = False, lowered: dict[str, float] | None = None, lone: bool = False,
               lone_left: bool = False) -> "Layout":
        """Each node's shape around its centre, and its notes under it (``rooms``: the nodes as
        :func:`measure_rooms` measured them at ``spacing`` in ``form``, for a ``slide`` or not, ``terse`` or not, if
        they were; ``lowered``: the leaves the centres drop below their level, as :func:`.tidy.staggered_leaves`
        says; ``lone``, ``lone_left``: see :func:`measure_rooms`)."""
        rooms = rooms if rooms is not None else measure_rooms(scene, spacing, form, slide, terse, lone,
                                                              lone_left=lone_left)
        scene_nodes = {node.id: node for node in scene.nodes}
        shapes, notes, lowest, outlines, stacked, names = {}, {}, {}, {}, set(), {}
        for name, (x, y) in centres.items():
            room = rooms[name]
            width, height = room.width, room.height
            shapes[name] = Box(x, y, width, height)
            if room.stacked:
                stacked.add(name)
            note_w, note_h = room.notes_width, room.notes_height
            foot = y - room.foot
            top = y + shape_top(scene_nodes[name], height)
            outlines[name] = Box.spanning(x - width / 2, foot, x + width / 2, top)
            if note_w and room.beside is not None:  # on the side away from the edge that arrives from the parent
                if room.notes_top is not None:  # (in a MAX triangle's corner: see corner_notes)
                    top = y + room.notes_top
                else:
                    top = max(top, y + note_h)  # (never below the centre: see notes_beside)
                notes[name] = Box(x + room.side * (room.beside + note_w / 2), top - note_h / 2, note_w, note_h)
                foot = min(foot, notes[name].bottom)
            elif note_w:
                notes[name] = Box(x, foot - GAP * spacing - note_h / 2, note_w, note_h)
                foot = notes[name].bottom
            if room.name_beside is not None:  # level with the shape's top (see name_beside), or above it
                name_w, name_h = text_width(scene_nodes[name].name, NAME_SIZE), line_height(NAME_SIZE)
                top = outlines[name].top
                if room.name_above:
                    top += name_rise(scene_nodes[name], shapes[name])
                names[name] = Box(x + room.side * (room.name_beside + name_w / 2), top - name_h / 2, name_w, name_h)
            level = round(y, 2)
            lowest[level] = min(lowest.get(level, foot), foot)
        feet = {name: lowest[round(y, 2)] for name, (_, y) in centres.items()}
        return cls(shapes, notes, feet, outlines, frozenset(stacked), spacing, brackets=slide, names=names,
                   form=form, terse=terse, lowered=lowered or {}, lone=lone, lone_left=lone and lone_left)


NAME_CLEAR = 4.0  # points: the least room across between a name above its shape and an edge label


def names_on_labels(scene: Scene, layout: Layout) -> set[str]:
    """The nodes whose names ``layout`` writes above their shapes (see :func:`name_above`) over an edge label or
    within :data:`NAME_CLEAR` of one across (a name against a label reads as part of it: ``H−(−13)``)."""
    labels = [box for box in map(layout.label_box, scene.edges) if box is not None]
    return {name for name, box in layout.names.items()
            if box.bottom > layout.outlines[name].top  # (above its shape, not beside it)
            and any(min(box.right, label.right) + NAME_CLEAR > max(box.left, label.left)
                    and min(box.top, label.top) > max(box.bottom, label.bottom) for label in labels)}


def edge_label_lines(edge, terse: bool = False) -> list[str]:
    """An edge's label as lines of plain text: the move, negamax's −(v), the cut mark ✂ (not on a ``terse`` slide:
    see :func:`cut_mark_written`)."""
    lines = list(edge.labels)
    if edge.cut is not None and cut_mark_written(terse):
        lines.append("✂")  # the reason is written beside the node that cut
    return lines


def cut_mark_written(terse: bool) -> bool:
    """Whether the edge a cutoff struck at carries the cut mark ✂ half-way down it: always, but on a ``terse`` slide
    (see :func:`slide_written`), where the row of the edges' labels it would need between two levels is the height
    a slide short of room lacks: there the node that cut says ✂ in its note (``✂ 0.5 ≤ α=4.25``) and the edge, dashed
    like all it prunes, ends in a bar at the child it cut off, as everywhere."""
    return not terse


def estimated_width(scene: Scene, spacing: float = 1.0, rooms: dict[str, Room] | None = None) -> float:
    """A lower bound of the drawing's width in points, without laying it out: the widest level's rooms side by side
    (a tree is at least as wide as any of its levels; ``rooms``: as :func:`measure_rooms` measured them, if it
    did)."""
    if not scene.nodes:
        return 0.0
    children: dict[str, list[str]] = {}
    for edge in scene.edges:
        children.setdefault(edge.tail, []).append(edge.head)
    rooms = rooms if rooms is not None else measure_rooms(scene, spacing)
    level, widest = [scene.nodes[0].id], 0.0
    while level:
        width = sum(rooms[name].across for name in level)
        widest = max(widest, width + NODESEP * 72 * spacing * (len(level) - 1))
        level = [child for name in level for child in children.get(name, ())]
    return widest


def scene_texts(scene: Scene):
    """Every piece of text a scene draws (for measuring)."""
    yield from (scene.title, scene.subtitle, scene.caption, *scene.notes, "Key", "+−∞≤≥αβ=0123456789")
    for symbol, meaning in scene.legend:
        yield symbol
        yield meaning
    for node in scene.nodes:
        yield from (node.name, node.value, node.head, node.window, node.flag, *node.notes)
    for edge in scene.edges:
        yield from edge_label_lines(edge)
