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

from dataclasses import dataclass, field
from functools import cached_property

from .metrics import text_width
from .scene import BOXES, Scene, SceneNode
from .style import NAME_SIZE, NOTE_SIZE, VALUE_SIZE

GAP = 1.0  # between a node's shape and its notes (times the spacing)
NODESEP, RANKSEP = 0.3, 0.55  # inches: between the rooms of a level, and between levels
CELL = 16.0  # a board cell (room for a glyph and a thick border)
# How a node and its notes are drawn, each with how high a triangle is against its label's height (the lower, the
# wider): the textbook's (notes under the shape), narrow (the same, with taller and narrower triangles: a tree
# short of width), beside (notes beside the shape, triangles low and wide: a tree short of height)
FORMS = {"under": 2.0, "narrow": 2.6, "beside": 1.5}
BOARD_LINES = (14.0, 18.0, 13.0)  # the heights of a board's lines of text: who moves, the value, the window
WIDEST_WINDOW = "α=−∞ β=+∞"  # room kept under a board for its window
SLIDE_SPACINGS = (1.0, 0.7, 0.5, 0.35, 0.25)  # a slide's spacings, loosest first: see drawing.on_slide
FONT_SCALES = (0.5, 3.0)  # the least and the most --font-scale
PROJECTION = (18.0, 18.0)  # points, on a slide 7.5 inches high: the smallest text aims at these, times --font-scale
LEGIBLE = 8.6  # points: the least font size on a slide without a note saying what helps (its words 10 pt high)
SMALLEST_FONT, BOARD_FONT = 10.0, 8.0  # the smallest text drawn: notes, names and the key; a board's coordinates


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


@dataclass(frozen=True)
class Box:
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

def board_size(node: SceneNode) -> tuple[float, float, float, float]:
    """A board node's (width, height, grid width, grid height): the grid with its coordinates, a line above it (who
    moves) and two below (the value, the window), the same for every step, whatever the text says."""
    board = node.board
    rows, cols = len(board.rows), max((len(row) for row in board.rows), default=0)
    grid_w = cols * CELL + (CELL if board.ranks else 0)
    grid_h = rows * CELL + (CELL if board.files else 0)
    text = max(text_width(node.head, NOTE_SIZE), text_width(node.value or "", VALUE_SIZE, bold=True),
               text_width(node.window or WIDEST_WINDOW, 8.0))
    width = max(grid_w, text) + 20
    height = grid_h + 8 + sum(BOARD_LINES) + 12
    return width, height, grid_w, grid_h


def shape_size(node: SceneNode, spacing: float = 1.0, form: str = "under") -> tuple[float, float]:
    """The size of a node's shape, big enough for its label at every step (``spacing`` and ``form``: see
    :data:`FORMS`)."""
    if node.kind == "board":
        return board_size(node)[:2]
    if node.kind in BOXES:
        lines = node.value.split("\n")
        return (lines_width(lines, 10.0) + max(8.0, 16 * spacing),
                max(26.0 * spacing, len(lines) * line_height(10.0) + max(4.0, 10 * spacing)))
    room = node.value or ("88" if node.dashed else "≤ −88")  # an empty shape keeps room for a value to come
    label = max(text_width(node.name, NAME_SIZE), text_width(room, VALUE_SIZE, bold=True))
    text_h = (line_height(NAME_SIZE) if node.name else 0.0) + line_height(VALUE_SIZE)
    pad = max(4.0, 10 * spacing)  # around the label, at least 4 points
    if node.kind == "leaf":
        lines = len([part for part in (node.name, node.value, node.head) if part]) or 1
        label = max(label, text_width(node.head, NOTE_SIZE, bold=True))
        return max(48.0 * spacing, label + 1.8 * pad), max(34.0 * spacing, lines * line_height(VALUE_SIZE) + pad)
    if node.kind == "chance":  # the label's corners inside the circle, clear of its outline
        side = max(52.0 * spacing, label + 2.2 * pad, (label ** 2 + text_h ** 2) ** 0.5 + pad + 6)
        return side, side
    return triangle_size(label, text_h, pad, spacing, form)


def triangle_size(label: float, text_h: float, pad: float, spacing: float = 1.0,
                  form: str = "under") -> tuple[float, float]:
    """The box of a triangle around a label ``label`` wide and ``text_h`` high. Graphviz draws a triangle in three
    quarters of its box (a MAX node's apex at the box's top, a MIN node's at its bottom) and its label at the box's
    centre: a third of the way from the wide side to the point. The triangle is as tall as keeps the label ``pad``
    (at least 3 points) inside its wide side and as wide as keeps the label's narrow end inside its slopes, as
    high against its label as its ``form`` says (:data:`FORMS`): the lower, the wider."""
    inset = max(3.0, pad / 2)
    # the triangle itself (its label's far end at tall / 3 + text_h / 2 from its wide side)
    tall = max(40.0 * spacing, FORMS[form] * text_h + 3 * inset)
    wide = max(66.0 * spacing, (label + 2 * inset) * tall / (2 * tall / 3 - text_h / 2))
    return wide, tall * 4 / 3


def shape_foot(node: SceneNode, height: float) -> float:
    """How far below its centre a shape of ``height`` is drawn: a MAX triangle fills the top three quarters of its
    box (as Graphviz draws it), every other shape down to the bottom of its box."""
    return height / 4 if node.kind == "max" else height / 2


def shape_top(node: SceneNode, height: float) -> float:
    """How far above its centre a shape of ``height`` is drawn: a MIN triangle fills the bottom three quarters of
    its box (as Graphviz draws it), every other shape up to the top of its box."""
    return height / 4 if node.kind == "min" else height / 2


def notes_lines(node: SceneNode, stacked: bool = False) -> list[str]:
    """What is written under a node: its notes (visit number, window) and any flag; ``stacked``: the window as two
    lines, α over β (see :func:`measure_room`)."""
    lines = []
    for line in (*node.notes, node.flag):
        if stacked and line.startswith("α=") and " β=" in line:
            lines += line.split(" ", 1)
        elif line:
            lines.append(line)
    return lines


def notes_size(node: SceneNode, stacked: bool = False) -> tuple[float, float]:
    """The room a node's notes take (under its shape)."""
    lines = notes_lines(node, stacked)
    if not lines:
        return 0.0, 0.0
    return lines_width(lines, NOTE_SIZE, bold=True) + 2, len(lines) * line_height(NOTE_SIZE)


@dataclass(frozen=True)
class Room:
    """The room a node needs, measured once for a layout (see :func:`measure_rooms`): its shape (``width`` by
    ``height``, drawn from ``foot`` below its centre), whether its window is written as two lines, its notes' size,
    the room it takes in its level (``across``; ``above`` and ``below`` its centre), and ``beside``: how far right
    or left of its centre its notes' near edge stands when they are written beside its shape (None: under it), on
    the ``side`` (1 right, −1 left) away from its parent's edge. ``left`` and ``right``: how far its room reaches
    each way from its centre (notes beside a shape make it uneven)."""

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

    def __post_init__(self):
        if not self.left and not self.right:  # even, unless said otherwise
            object.__setattr__(self, "left", self.across / 2)
            object.__setattr__(self, "right", self.across / 2)


BESIDE_KINDS = ("max", "min", "chance", "leaf")  # the shapes whose notes may stand beside them


def measure_room(node: SceneNode, spacing: float = 1.0, form: str = "under", side: int = 1) -> Room:
    """What :class:`Room` says of ``node`` at ``spacing`` in ``form`` (:data:`FORMS`; ``beside``: its notes
    written beside its shape, α over β: see :func:`notes_beside`)."""
    width, height = shape_size(node, spacing, form)
    foot, top = shape_foot(node, height), shape_top(node, height)
    if form == "beside" and node.kind in BESIDE_KINDS and notes_lines(node):
        note_w, note_h = notes_size(node, stacked=True)
        stacked = any(note.startswith("α=") for note in node.notes)
        near = notes_beside(node, width, spacing)
        far = max(width / 2, near + note_w)
        return Room(width, height, foot, stacked, note_w, note_h, width / 2 + far, max(top, note_h), foot, near,
                    side, *((width / 2, far) if side > 0 else (far, width / 2)))
    # the window is written as two lines, α over β, when on one it would be wider than the shape
    stacked = any(note.startswith("α=") for note in node.notes) and notes_size(node)[0] > width
    note_w, note_h = notes_size(node, stacked)
    return Room(width, height, foot, stacked, note_w, note_h, max(width, note_w), top,
                foot + (GAP * spacing + note_h if note_h else 0.0))


def notes_beside(node: SceneNode, width: float, spacing: float) -> float:
    """How far from the centre of ``node``'s shape its notes' near edge stands, written beside the shape from its
    top down but never below its centre (higher, if they are taller than the shape's top half): edges leave a node
    downwards from its centre and arrive from its parent's side (the notes stand on the other side), so they meet
    no edge of their own node."""
    return width / 2 + max(2.0, GAP * spacing)


def measure_rooms(scene: Scene, spacing: float = 1.0, form: str = "under") -> dict[str, Room]:
    """Every node's :class:`Room`, by id: measured once, read by every round of the tidy layout and by
    :meth:`Layout.around` (measuring is most of a big tree's layout). ``form``: see :data:`FORMS`."""
    return {node.id: measure_room(node, spacing, form, sides.get(node.id, 1))
            for sides in [_note_sides(scene)] for node in scene.nodes}


def _note_sides(scene: Scene) -> dict[str, int]:
    """The side each node's notes stand on when beside it, away from the edge from its parent: a node is centred
    over its first and last child, so the first half of its children stand left of it (their notes on their left),
    the rest right or under it (their notes on their right)."""
    children: dict[str, list[str]] = {}
    for edge in scene.edges:
        children.setdefault(edge.tail, []).append(edge.head)
    return {kid: -1 if 2 * i < len(kids) - 1 else 1 for kids in children.values() for i, kid in enumerate(kids)}


# ---- the layout -----------------------------------------------------------------------------------------------

@dataclass
class Layout:
    """Where each node's shape and notes stand; an edge's label goes half-way down its straight line. ``feet``:
    the lowest point of each node's level (its lowest shape or notes)."""

    shapes: dict[str, Box]
    notes: dict[str, Box]
    feet: dict[str, float] = field(default_factory=dict)
    outlines: dict[str, Box] = field(default_factory=dict)  # where each shape is drawn, within its box
    stacked: frozenset[str] = frozenset()  # the nodes whose window is written as two lines
    spacing: float = 1.0  # the room kept around the text (see the module's text)
    stretch: float = 0.0  # points added between every two levels (a slide's height filled)

    @property
    def unstretched_height(self) -> float:
        """The tree's height without the points its levels were moved apart by."""
        levels = len({round(box.y, 2) for box in self.shapes.values()})
        return self.tree.height - self.stretch * max(0, levels - 1)

    def note_lines(self, node: SceneNode) -> list[str]:
        """The lines written under ``node``, as this layout keeps room for them."""
        return notes_lines(node, node.id in self.stacked)

    def label_point(self, tail: str, head: str) -> tuple[float, float]:
        """Where an edge's label is centred: on the straight line from the tail's centre to the head's, half-way
        between the foot of the tail's level (under its notes) and the head's top (the layout left room there for
        the label)."""
        parent, child = self.shapes[tail], self.shapes[head]
        y = (self.feet.get(tail, parent.bottom) + self.outlines.get(head, child).top) / 2
        t = (parent.y - y) / (parent.y - child.y) if parent.y != child.y else 0.5
        return parent.x + t * (child.x - parent.x), y

    @cached_property  # a deck's pages ask it for every frame; a layout is never changed once made
    def tree(self) -> Box:
        """The box around every shape and note (as drawn: a MIN triangle's box is empty at its top)."""
        boxes = list((self.outlines or self.shapes).values()) + list(self.notes.values())
        box = boxes[0]
        for other in boxes[1:]:
            box = box.union(other)
        return box

    @classmethod
    def around(cls, centres: dict[str, list[float]], scene: Scene, spacing: float = 1.0,
               rooms: dict[str, Room] | None = None) -> "Layout":
        """Each node's shape around its centre, and its notes under it (``rooms``: the nodes as
        :func:`measure_rooms` measured them at ``spacing``, if they were)."""
        rooms = rooms if rooms is not None else measure_rooms(scene, spacing)
        scene_nodes = {node.id: node for node in scene.nodes}
        shapes, notes, lowest, outlines, stacked = {}, {}, {}, {}, set()
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
                top = max(top, y + note_h)  # (never below the centre: see notes_beside)
                notes[name] = Box(x + room.side * (room.beside + note_w / 2), top - note_h / 2, note_w, note_h)
            elif note_w:
                notes[name] = Box(x, foot - GAP * spacing - note_h / 2, note_w, note_h)
                foot = notes[name].bottom
            level = round(y, 2)
            lowest[level] = min(lowest.get(level, foot), foot)
        feet = {name: lowest[round(y, 2)] for name, (_, y) in centres.items()}
        return cls(shapes, notes, feet, outlines, frozenset(stacked), spacing)


def edge_label_lines(edge) -> list[str]:
    """An edge's label as lines of plain text: the move, negamax's −(v), the cut mark ✂."""
    lines = list(edge.labels)
    if edge.cut is not None:
        lines.append("✂")  # the reason is written beside the node that cut
    return lines


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
