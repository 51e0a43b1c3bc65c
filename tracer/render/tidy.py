"""The tidy tree layout of every diagram (Reingold & Tilford, "Tidier drawings of trees", IEEE TSE 7(2), 1981,
with each node as wide as the room it needs): the textbook look, at any size.

Each subtree is laid out on its own, as its *contour*: per row, how far it reaches left and right of its root.
A node's children are then set side by side, each as close to the ones before as their contours allow, and the
node is centred over its first and last child. Rows are the levels of the tree and, between two levels, the
labels of the edges joining them (a label sits half-way down its edge). Levels are aligned; children keep their
order; nothing overlaps. Work is one pass over the tree, each node merging its children's contours, which are as
long as the subtrees are deep: linear in the nodes for a bushy tree (29,524 nodes in about a second), where
Graphviz's ``dot`` took minutes. (python-igraph has Reingold–Tilford too, but for points of one size: tracer's
nodes differ in width, and its edges carry labels.)
"""

from __future__ import annotations

from .layout import NODESEP, RANKSEP, edge_label_lines, line_height, lines_width, room_height, room_width
from .scene import BOXES, Scene
from .style import EDGE_SIZE

GAP = NODESEP * 72  # points between two nodes of a level (times the spacing)
LABEL_GAP = 6.0  # points between two edge labels of a row (times the spacing)
LABEL_PAD = 4.0  # points above and below an edge's label (times the spacing)


class Contour:
    """How far a subtree reaches left and right of its root, row by row: row 0 is the root's level, row 1 the labels
    of the edges down to its children, row 2 their level, and so on."""

    __slots__ = ("left", "right", "gaps")

    def __init__(self, half_width: float, gaps: tuple[float, float] = (GAP, LABEL_GAP)):
        self.left, self.right = [-half_width], [half_width]
        self.gaps = gaps  # between two nodes of a row, and between two labels

    def copy(self) -> "Contour":
        twin = Contour(0.0, self.gaps)
        twin.left, twin.right = list(self.left), list(self.right)
        return twin

    def clearance(self, other: "Contour") -> float:
        """How far right of this subtree's root ``other``'s root must stand for the two not to overlap."""
        rows = min(len(self.right), len(other.left))
        return max(self.right[row] - other.left[row] + self.gaps[row % 2] for row in range(rows))

    def absorb(self, other: "Contour", shift: float, down: int = 0) -> None:
        """Add ``other``, its root ``shift`` right of this one's root and ``down`` rows below it."""
        left, right = self.left, self.right
        for row, (low, high) in enumerate(zip(other.left, other.right), start=down):
            if row < len(left):
                left[row] = min(left[row], low + shift)
                right[row] = max(right[row], high + shift)
            else:
                left.append(low + shift)
                right.append(high + shift)


SMALL = BOXES  # boxes standing for children left out: drawn at the top of their level
CLEAR_ROUNDS = 24  # the most times a layout is redone to widen a gap an edge would cross a node through


def tidy_centres(scene: Scene, spacing: float = 1.0, stretch: float = 0.0) -> dict[str, list[float]]:
    """Where each node of ``scene`` (a tree, its root first) stands, in points, y growing upwards. ``spacing``
    scales the gaps (see :mod:`.layout`); ``stretch`` adds points between every two levels (a slide's height
    filled). A small box (pruned children, children left out, a subtree below the drawn depth) stands at the top of
    its level, and where an edge, drawn straight from centre to centre, would cross a sibling of its head (its shape
    or its notes), the gap between them is widened until it does not (edges to a board excepted: between boards an
    inch and more high that would spread a level beyond a slide's width)."""
    extra: dict[str, float] = {}  # more room before a child, so that an edge clears its siblings
    boards = {node.id for node in scene.nodes if node.kind == "board"}
    for _ in range(CLEAR_ROUNDS):
        centres, children, boxes = _tidy(scene, spacing, stretch, extra)
        crossing = _crossings(centres, children, boxes, boards)
        if not crossing:
            break
        for kid in crossing:  # a gap grows by half again each round: a few rounds clear even a board's corner
            extra[kid] = extra.get(kid, 0.0) * 1.5 + GAP * spacing
    return centres


def _crossings(centres, children, boxes, boards: set[str]) -> list[str]:
    """The children before which a wider gap would keep an edge off a sibling: for each edge (parent's centre to
    child's) crossing a sibling's room, the first child after the leftmost of the two (the gap between them widens
    and the parent, centred over its children, moves by half as much: the edge grows steeper over the sibling)."""
    found = []
    for parent, kids in children.items():
        if len(kids) < 2:
            continue
        start = centres[parent]
        for i, kid in enumerate(kids):
            if kid in boards:
                continue  # (an edge between two boards, tall as they are, would need them far apart: not widened)
            for j, other in enumerate(kids):
                if j != i and _segment_crosses(start, centres[kid], boxes[other]):
                    found.append(kids[min(i, j) + 1])  # the gap between the two widens (the parent recentres)
                    break
    return list(dict.fromkeys(found))


def _segment_crosses(a, b, box) -> bool:
    """Whether the segment from ``a`` to ``b`` passes through ``box`` (left, bottom, right, top) shrunk by half a
    point (Liang–Barsky)."""
    left, bottom, right, top = box
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0] - left - 0.5), (dx, right - 0.5 - a[0]), (-dy, a[1] - bottom - 0.5),
                 (dy, top - 0.5 - a[1])):
        if p == 0:
            if q < 0:
                return False
        elif p < 0:
            t0 = max(t0, q / p)
        else:
            t1 = min(t1, q / p)
    return t0 < t1


def _tidy(scene: Scene, spacing: float, stretch: float, extra: dict[str, float]):
    """The tidy layout with ``extra`` room before some children: the centres, each node's children and each node's
    room (left, bottom, right, top: its shape and the notes under it)."""
    children: dict[str, list[str]] = {node.id: [] for node in scene.nodes}
    labels: dict[str, tuple[float, int]] = {}  # each edge's label (width, lines), by the edge's head
    for edge in scene.edges:
        children[edge.tail].append(edge.head)
        lines = edge_label_lines(edge)
        labels[edge.head] = (lines_width(lines, EDGE_SIZE), len(lines))
    rooms = {node.id: room_width(node, spacing) for node in scene.nodes}
    gaps = (GAP * spacing, LABEL_GAP * spacing)
    order = _preorder(scene.nodes[0].id, children)

    offset: dict[str, float] = {}  # each node's x relative to its parent's
    contours: dict[str, Contour] = {}
    for name in reversed(order):  # children before their parents
        contour = Contour(rooms[name] / 2, gaps)
        kids = children[name]
        if kids:
            _place_children(kids, contours, labels, offset, gaps[1], extra)
            contour.left.append(min(offset[kid] / 2 - labels[kid][0] / 2 for kid in kids))  # labels half-way down
            contour.right.append(max(offset[kid] / 2 + labels[kid][0] / 2 for kid in kids))
            for kid in kids:
                contour.absorb(contours.pop(kid), offset[kid], down=2)
        contours[name] = contour

    ys, lowest, tops = _level_ys(scene, order, children, labels, spacing, stretch)
    left = -min(contours[order[0]].left)  # the tree's rooms start at x = 0 and its lowest level's at y = 0
    centres = {order[0]: [left, ys[0] - lowest]}
    level = {order[0]: 0}
    by_id = {node.id: node for node in scene.nodes}
    boxes = {}
    for name in order:
        for kid in children[name]:
            level[kid] = level[name] + 1
            y = ys[level[kid]] - lowest
            if by_id[kid].kind in SMALL:  # at the top of its level, clear of the edges to its tall siblings
                y += tops[level[kid]] - room_height(by_id[kid], spacing)[0]
            centres[kid] = [centres[name][0] + offset[kid], y]
    for name, (x, y) in centres.items():
        up, down = room_height(by_id[name], spacing)
        half = rooms[name] / 2
        boxes[name] = (x - half, y - down, x + half, y + up)
    return centres, children, boxes


def _place_children(kids: list[str], contours: dict[str, Contour], labels, offset: dict[str, float],
                    label_gap: float, extra: dict[str, float]) -> None:
    """Set the children's subtrees side by side, each as near the ones before as their contours and the edge
    labels allow, and centre them under their parent (``offset``: each child's x relative to the parent's)."""
    placed = contours[kids[0]].copy()  # the subtrees set so far, as one
    x = {kids[0]: 0.0}
    for before, kid in zip(kids, kids[1:]):
        # two labels half-way down their edges are half as far apart as the children
        labels_apart = labels[before][0] + labels[kid][0] + 2 * label_gap if labels[before][1] or labels[kid][1] else 0
        x[kid] = max(placed.clearance(contours[kid]), x[before] + labels_apart) + extra.get(kid, 0.0)
        placed.absorb(contours[kid], x[kid])
    middle = (x[kids[0]] + x[kids[-1]]) / 2
    for kid in kids:
        offset[kid] = x[kid] - middle


def _preorder(root: str, children: dict[str, list[str]]) -> list[str]:
    order, pending = [], [root]
    while pending:
        name = pending.pop()
        order.append(name)
        pending.extend(reversed(children[name]))
    return order


def _level_ys(scene: Scene, order: list[str], children, labels, spacing: float,
              stretch: float) -> tuple[list[float], float, list[float]]:
    """Each level's centre line, the root's at 0 (levels as far apart as their tallest shapes, the notes under them,
    the level gap and the tallest edge label between them need), the lowest point of the lowest level, and how far
    each level reaches above its centre line."""
    by_id = {node.id: node for node in scene.nodes}
    above: list[float] = []  # how far each level reaches above its centre line
    below: list[float] = []  # and below it
    label_lines: list[int] = []  # the most lines of an edge label going down from each level
    level = {order[0]: 0}
    for name in order:
        row = level[name]
        if row == len(above):
            above.append(0.0)
            below.append(0.0)
            label_lines.append(0)
        up, down = room_height(by_id[name], spacing)
        above[row], below[row] = max(above[row], up), max(below[row], down)
        for kid in children[name]:
            level[kid] = row + 1
            label_lines[row] = max(label_lines[row], labels[kid][1])
    ys = [0.0]
    for row in range(1, len(above)):
        lines = label_lines[row - 1]
        room = (RANKSEP * 72 * spacing + stretch
                + (lines * line_height(EDGE_SIZE) + 2 * LABEL_PAD * spacing if lines else 0.0))
        ys.append(ys[-1] - below[row - 1] - room - above[row])
    return ys, ys[-1] - below[-1], above
