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

import math

from .layout import (
    NODESEP, RANKSEP, Box, Room, edge_label_lines, line_height, lines_width, measure_rooms, name_rise,
)
from .scene import BOXES, Scene
from .style import EDGE_SIZE

GAP = NODESEP * 72  # points between two nodes of a level (times the spacing)
LABEL_GAP = 6.0  # points between two edge labels of a row (times the spacing)
LABEL_PAD = 4.0  # points above and below an edge's label (times the spacing)
EDGE_IN_SIGHT = 8.0  # points of an edge seen above and below its label, together


class Contour:
    """How far a subtree reaches left and right of its root, row by row: row 0 is the root's level, row 1 the labels
    of the edges down to its children, row 2 their level, and so on."""

    __slots__ = ("left", "right", "gaps")

    def __init__(self, half_width: float, gaps: tuple[float, float] = (GAP, LABEL_GAP), right: float | None = None):
        self.left, self.right = [-half_width], [half_width if right is None else right]  # (``right``: uneven)
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
STAGGER_LEAST = 4  # the fewest nodes a deepest level has for its leaves to be drawn in two staggered rows
EDGE_STRIP = 1.0  # points either side of the line an edge to a lowered leaf takes through its level's row
LABEL_ROUNDS = 8  # the most rounds that settle where a slide's parent stands against its labels (see _apart_where_drawn)


def staggered_leaves(scene: Scene, rooms: dict[str, Room], spacing: float = 1.0) -> dict[str, float]:
    """The leaves a slide short of width for its leaf row draws in two staggered rows (see
    :data:`.drawing.SLIDE_LAYOUTS`): at the tree's deepest level (of at least :data:`STAGGER_LEAST` nodes), every
    other node, left to right, is drawn below the row by the row's height and a gap, so that two neighbours need
    only keep clear of each other's edge across, not of each other's box: the row is about half as wide, and half
    a level taller. By id, how far each is lowered (nothing, for a tree with too few)."""
    row = _deepest_row(scene)
    if len(row) < STAGGER_LEAST:
        return {}
    drop = max(rooms[name].above + rooms[name].below for name in row) + max(4.0, 2 * LABEL_PAD * spacing)
    return {name: drop for name in row[1::2]}


def can_stagger(scene: Scene) -> bool:
    """Whether ``scene`` has a leaf row to draw in two staggered rows (see :func:`staggered_leaves`)."""
    return len(_deepest_row(scene)) >= STAGGER_LEAST


def _deepest_row(scene: Scene) -> list[str]:
    """The nodes of the tree's deepest level, left to right."""
    return _levels(scene)[-1] if scene.nodes else []


def _levels(scene: Scene) -> list[list[str]]:
    """The nodes of each level, the root's first, each level left to right."""
    children: dict[str, list[str]] = {node.id: [] for node in scene.nodes}
    for edge in scene.edges:
        children[edge.tail].append(edge.head)
    levels, row = [], [scene.nodes[0].id] if scene.nodes else []
    while row:
        levels.append(row)
        row = [kid for name in row for kid in children[name]]
    return levels


NARROWED_KINDS = ("max", "min")  # the shapes a narrowed level narrows


def narrowed_level(scene: Scene, rooms: dict[str, Room], spacing: float = 1.0) -> set[str]:
    """The nodes a slide short of width for one of its levels narrows (see :data:`.drawing.SLIDE_LAYOUTS` and
    :func:`.layout.measure_room`): the triangles of the widest level but the deepest (its rooms side by side, as
    tidy sets them at ``spacing``; the deepest level's leaves are staggered instead). Nothing for a tree of one
    level."""
    levels = _levels(scene)
    if len(levels) < 2:
        return set()
    gap = GAP * spacing
    widths = [sum(rooms[name].across for name in row) + gap * (len(row) - 1) for row in levels[:-1]]
    kinds = {node.id: node.kind for node in scene.nodes}
    return {name for name in levels[widths.index(max(widths))] if kinds[name] in NARROWED_KINDS}


def can_narrow(scene: Scene, layout) -> bool:
    """Whether narrowing a level of ``scene`` (see :func:`narrowed_level`) may make its ``layout`` (a
    :class:`.layout.Layout`) narrower: a level above the deepest, with a triangle, spans the tree's width (within a
    point: the level sets it). Where the deepest level sets it, narrowing one above gains nothing, and is not
    tried."""
    kinds = {node.id: node.kind for node in scene.nodes}
    tree = layout.tree
    for row in _levels(scene)[:-1]:
        if any(kinds[name] in NARROWED_KINDS for name in row):
            boxes = [parts[name] for name in row for parts in (layout.outlines, layout.notes, layout.names)
                     if name in parts]
            if max(box.right for box in boxes) - min(box.left for box in boxes) >= tree.width - 1:
                return True
    return False


def tidy_centres(scene: Scene, spacing: float = 1.0, stretch: float = 0.0,
                 rooms: dict[str, Room] | None = None, lowered: dict[str, float] | None = None,
                 terse: bool = False, labels_where_drawn: bool = False) -> dict[str, list[float]]:
    """Where each node of ``scene`` (a tree, its root first) stands, in points, y growing upwards. ``spacing``
    scales the gaps (see :mod:`.layout`); ``stretch`` adds points between every two levels (a slide's height
    filled); ``rooms``: the nodes as :func:`.layout.measure_rooms` measured them at ``spacing``, if they were. A
    small box (pruned children, children left out, a subtree below the drawn depth) stands at the top of its level,
    and where an edge, drawn straight from centre to centre, would cross a sibling of its head (its shape or its
    notes), the gap between them is widened until it does not (edges to a board excepted: between boards an inch
    and more high that would spread a level beyond a slide's width). Each round of widening redoes only the
    placements it changes: the children of the parents whose gaps grew, and the parents above them. ``lowered``:
    the nodes drawn below their level, by how far (leaves in two staggered rows: see :func:`staggered_leaves`);
    ``terse``: a terse slide's, whose edges' labels leave out the cut mark (see :func:`.layout.cut_mark_written`),
    so that a level gap holding nothing else between its levels is no taller than an unlabelled one.
    ``labels_where_drawn`` (a slide's): siblings as far apart as their edges' labels need where they are drawn
    (see :func:`_apart_where_drawn`), not as if half-way between the centres (a figure's, as it always was)."""
    tree = _Tree(scene, rooms if rooms is not None else measure_rooms(scene, spacing), spacing, stretch, lowered,
                 terse, labels_where_drawn)
    boards = {node.id for node in scene.nodes if node.kind == "board"}
    checked = tree.children.keys()  # the parents whose edges may cross a sibling: at first all
    for _ in range(CLEAR_ROUNDS - 1):
        crossing = _crossings(tree.centres(checked), tree.children, tree.box, boards, checked)
        if not crossing:
            break
        for kid in crossing:  # a gap grows by half again each round: a few rounds clear even a board's corner
            tree.extra[kid] = tree.extra.get(kid, 0.0) * 1.5 + GAP * spacing
        # Only the parents whose gaps grew, and those above them, are placed again; nowhere else does a parent
        # stand differently against its children, so nowhere else can an edge come to cross a sibling.
        checked = tree.place_again({tree.parent[kid] for kid in crossing})
    return tree.centres()


def _crossings(centres, children, box, boards: set[str], parents) -> list[str]:
    """The children before which a wider gap would keep an edge off a sibling: for each edge (parent's centre to
    child's) of ``parents`` crossing a sibling's room (``box(name, centre)``), the first child after the leftmost
    of the two (the gap between them widens and the parent, centred over its children, moves by half as much: the
    edge grows steeper over the sibling)."""
    found = []
    for parent in parents:
        kids = children[parent]
        if len(kids) < 2:
            continue
        start = centres[parent]
        boxes = {kid: box(kid, centres[kid]) for kid in kids}
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


class _Tree:
    """A scene's tree as the tidy layout reads it, and its placement: what every round keeps (children, edge
    labels, rooms, each node's height) and what a round redoes (``offset``: each node's x relative to its parent's,
    and ``contours``: each placed subtree's, kept for as long as a later round may set it beside its siblings
    again)."""

    def __init__(self, scene: Scene, rooms: dict[str, Room], spacing: float, stretch: float,
                 lowered: dict[str, float] | None = None, terse: bool = False, labels_where_drawn: bool = False):
        self.rooms = rooms
        self.lowered = lowered or {}
        self.children: dict[str, list[str]] = {node.id: [] for node in scene.nodes}
        self.parent: dict[str, str] = {}
        self.labels: dict[str, tuple[float, int]] = {}  # each edge's label (width, lines), by the edge's head
        for edge in scene.edges:
            self.children[edge.tail].append(edge.head)
            self.parent[edge.head] = edge.tail
            lines = edge_label_lines(edge, terse)
            self.labels[edge.head] = (lines_width(lines, EDGE_SIZE), len(lines))
        self.gaps = (GAP * spacing, LABEL_GAP * spacing)
        self.order = _preorder(scene.nodes[0].id, self.children)
        self.rank = {name: i for i, name in enumerate(self.order)}
        self.ys = self._ys(scene, spacing, stretch)
        self.label_y = self._label_heights(labels_where_drawn) if self.lowered or labels_where_drawn else {}
        self.label_share = {kid: self.along(kid, y) for kid, y in self.label_y.items()}
        self.where_drawn = labels_where_drawn
        self.extra: dict[str, float] = {}  # more room before a child, so that an edge clears its siblings
        self.offset: dict[str, float] = {}
        self.contours: dict[str, Contour] = {}
        self._place(reversed(self.order))

    def place_again(self, parents: set[str]) -> set[str]:
        """Place the children of ``parents`` again (their gaps changed), and so every parent above them; the
        parents placed, which are all whose children stand differently against them."""
        placed = set()
        for name in parents:
            while name not in placed:
                placed.add(name)
                if name not in self.parent:
                    break
                name = self.parent[name]
        self._place(sorted(placed, key=self.rank.__getitem__, reverse=True))
        return placed

    def _place(self, names) -> None:
        """Set each node's children side by side and make its contour, ``names`` children before their parents."""
        for name in names:
            room = self.rooms[name]
            contour = Contour(room.left, self.gaps, room.right)
            if name in self.lowered:  # in its level's row only its edge passes; its box is in a row of its own
                contour = Contour(EDGE_STRIP, self.gaps)
                contour.left += [math.inf, -room.left]
                contour.right += [-math.inf, room.right]
            kids = self.children[name]
            if kids:
                _place_children(kids, self.contours, self.labels, self.offset, self.gaps[1], self.extra,
                                self if self.where_drawn else None)
                middles = {kid: self.offset[kid] * self.label_share.get(kid, 0.5) for kid in kids}
                contour.left.append(min(middles[kid] - self.labels[kid][0] / 2 for kid in kids))
                contour.right.append(max(middles[kid] + self.labels[kid][0] / 2 for kid in kids))
                for kid in kids:  # a name above its shape stands in this row (see .layout.name_above)
                    near, far = _name_above(self.rooms[kid])
                    if far:
                        contour.left[-1] = min(contour.left[-1], self.offset[kid] + near)
                        contour.right[-1] = max(contour.right[-1], self.offset[kid] + far)
                for kid in kids:
                    contour.absorb(self.contours[kid], self.offset[kid], down=2)
                if len(kids) == 1:  # an only child is placed again only with its parent: its contour is not kept
                    del self.contours[kids[0]]
            self.contours[name] = contour

    def centres(self, parents=None) -> dict[str, list[float]]:
        """Each node's centre as placed (the tree's rooms start at x = 0); with ``parents``, only theirs and their
        children's. A centre is its parent's plus its offset, added from the root down."""
        root = self.order[0]
        centres = {root: [-min(self.contours[root].left), self.ys[root]]}
        for parent in self.order if parents is None else parents:
            self._down_to(parent, centres)
            x = centres[parent][0]
            for kid in self.children[parent]:
                centres[kid] = [x + self.offset[kid], self.ys[kid]]
        return centres

    def _down_to(self, name: str, centres: dict[str, list[float]]) -> None:
        """Add to ``centres`` those of ``name`` and of the nodes above it that it lacks."""
        line = []  # ``name`` and the nodes above it whose centres are not known yet, nearest first
        while name not in centres:
            line.append(name)
            name = self.parent[name]
        for below in reversed(line):
            centres[below] = [centres[self.parent[below]][0] + self.offset[below], self.ys[below]]

    def box(self, name: str, centre) -> tuple[float, float, float, float]:
        """A node's room around ``centre``: left, bottom, right, top (its shape and the notes under it)."""
        x, y = centre
        room = self.rooms[name]
        return x - room.left, y - room.below, x + room.right, y + room.above

    def _ys(self, scene: Scene, spacing: float, stretch: float) -> dict[str, float]:
        """Each node's y: its level's centre line (the lowest level's lowest point at y = 0), or for a small box the
        top of its level (clear of the edges to its tall siblings)."""
        levels, lowest, tops = _level_ys(self.order, self.children, self.rooms, self.labels, spacing, stretch,
                                         {node.id: node for node in scene.nodes})
        lowest -= max(self.lowered.values(), default=0.0)  # (the lowered leaves stand below the deepest level)
        small = {node.id for node in scene.nodes if node.kind in SMALL}
        level = {self.order[0]: 0}
        ys = {self.order[0]: levels[0] - lowest}
        for name in self.order:
            for kid in self.children[name]:
                level[kid] = level[name] + 1
                y = levels[level[kid]] - lowest
                if kid in small:
                    y += tops[level[kid]] - self.rooms[kid].above
                ys[kid] = y - self.lowered.get(kid, 0.0)
        return ys

    def _label_heights(self, every: bool = False) -> dict[str, float]:
        """The height of the label of the edge to each lowered leaf (to ``every`` child: a slide's): in the row of
        its level's labels, half-way between the foot of its parent's level and the top of the child's row (as
        :meth:`.layout.Layout.label_point` places it)."""
        feet: dict[float, float] = {}  # the lowest point of each level, by its centre line
        for name, y in self.ys.items():
            if name not in self.lowered:
                feet[round(y, 2)] = min(feet.get(round(y, 2), y), y - self.rooms[name].below)
        heights = {}
        for kid in self.parent if every else self.lowered:
            above, drop = self.ys[self.parent[kid]], self.lowered.get(kid, 0.0)
            heights[kid] = (feet[round(above, 2)] + self.ys[kid] + drop + self.rooms[kid].above) / 2
        return heights

    def along(self, kid: str, y: float) -> float:
        """How far across, from its parent to ``kid``, the edge between them is at height ``y``: at its label's
        height, more than half-way under a parent whose notes reach down, less to a lowered leaf."""
        above = self.ys[self.parent[kid]]
        return (above - y) / (above - self.ys[kid])


def _name_above(room: Room) -> tuple[float, float]:
    """Where a node's name written above its shape reaches across, left and right of its centre (as far out as its
    room: see .layout.name_above); (0, 0) where it has none."""
    if not room.name_above:
        return 0.0, 0.0
    return (room.name_beside, room.right) if room.side > 0 else (-room.left, -room.name_beside)


def _place_children(kids: list[str], contours: dict[str, Contour], labels, offset: dict[str, float],
                    label_gap: float, extra: dict[str, float], tree: "_Tree | None" = None) -> None:
    """Set the children's subtrees side by side, each as near the ones before as their contours and the edge
    labels allow, and centre them under their parent (``offset``: each child's x relative to the parent's). The
    labels are taken to stand half-way down their edges (a figure's), or with ``tree`` (a slide's) where they are
    drawn (see :func:`_apart_where_drawn`)."""
    def half_way(before: str, kid: str, x: dict[str, float]) -> float:
        # two labels half-way down their edges are half as far apart as the children
        return x[before] + _labels_room(labels, before, kid, label_gap) if labels[before][1] or labels[kid][1] \
            else -math.inf

    x = _side_by_side(kids, contours, extra, half_way)
    if tree is not None and any(labels[kid][1] for kid in kids):
        x = _apart_where_drawn(kids, contours, labels, label_gap, extra, tree, x)
    middle = (x[kids[0]] + x[kids[-1]]) / 2
    for kid in kids:
        offset[kid] = x[kid] - middle


def _labels_room(labels, before: str, kid: str, label_gap: float) -> float:
    """The room across two neighbouring edges' labels need (one of them may have none): both, and a gap each side."""
    return labels[before][0] + labels[kid][0] + 2 * label_gap


def _side_by_side(kids: list[str], contours: dict[str, Contour], extra: dict[str, float], least) -> dict[str, float]:
    """Each child's x, the first's at 0, as near the one before as their subtrees' contours allow, and no nearer
    than ``least(before, kid, x)`` says (its edge's label), with the ``extra`` room before it."""
    placed = contours[kids[0]].copy()  # the subtrees set so far, as one
    x = {kids[0]: 0.0}
    for before, kid in zip(kids, kids[1:]):
        x[kid] = max(placed.clearance(contours[kid]), least(before, kid, x)) + extra.get(kid, 0.0)
        placed.absorb(contours[kid], x[kid])
    return x


def _apart_where_drawn(kids: list[str], contours: dict[str, Contour], labels, label_gap: float,
                       extra: dict[str, float], tree: "_Tree", half_way: dict[str, float]) -> dict[str, float]:
    """The children's x (as :func:`_side_by_side` gives them) as far apart as their edges' labels need where they
    are drawn (:meth:`_Tree.along`): under a parent whose notes reach down, more than half-way to the children, so
    nearer together than ``half_way`` (the figure's rule) sets them; to a lowered leaf less than half-way, where
    that rule kept too little room. At each labelled edge's label height two neighbouring edges (or labels), and
    two neighbouring labels each at its own height, must be a gap apart. Where they stand depends on where the
    parent does, half-way between the first child and the last; a few rounds settle it, and the placement is kept
    once it holds with the parent where it stands (else, unsettled, ``half_way``'s)."""
    def clear(before: str, kid: str, x: dict[str, float], parent: float) -> float:
        """The least x of ``kid`` whose edge (and label) clears ``before``'s: at each of their labels' heights, and
        label from label where both have one (their heights may differ: each half-way down to its own child's
        top)."""
        heights = [(tree.label_y[name], tree.label_y[name]) for name in (before, kid) if labels[name][1]]
        if len(heights) == 2:
            heights.append((tree.label_y[before], tree.label_y[kid]))
        room = _labels_room(labels, before, kid, label_gap) / 2
        return max((parent + (tree.along(before, low) * (x[before] - parent) + room) / tree.along(kid, high)
                    for low, high in heights), default=-math.inf)

    x = half_way
    for _ in range(LABEL_ROUNDS):  # (the parent moves less each round)
        parent = (x[kids[0]] + x[kids[-1]]) / 2
        x = _side_by_side(kids, contours, extra, lambda before, kid, x: clear(before, kid, x, parent))
        parent = (x[kids[0]] + x[kids[-1]]) / 2
        if all(x[kid] >= clear(before, kid, x, parent) - 0.01 for before, kid in zip(kids, kids[1:])):
            return x
    return half_way


def _preorder(root: str, children: dict[str, list[str]]) -> list[str]:
    order, pending = [], [root]
    while pending:
        name = pending.pop()
        order.append(name)
        pending.extend(reversed(children[name]))
    return order


def _level_ys(order: list[str], children, rooms: dict[str, Room], labels, spacing: float,
              stretch: float, nodes: dict | None = None) -> tuple[list[float], float, list[float]]:
    """Each level's centre line, the root's at 0 (levels as far apart as their tallest shapes, the notes under them,
    the level gap and the tallest edge label or name above a shape between them need), the lowest point of the
    lowest level, and how far each level reaches above its centre line. ``nodes``: the scene's, by id (for names
    above their shapes, if any)."""
    above: list[float] = []  # how far each level reaches above its centre line
    below: list[float] = []  # and below it
    label_lines: list[int] = []  # the most lines of an edge label going down from each level
    rises: list[float] = []  # how far the names above the shapes of each level reach above their tops
    level = {order[0]: 0}
    for name in order:
        row = level[name]
        if row == len(above):
            above.append(0.0)
            below.append(0.0)
            label_lines.append(0)
            rises.append(0.0)
        above[row], below[row] = max(above[row], rooms[name].above), max(below[row], rooms[name].below)
        if rooms[name].name_above:
            room = rooms[name]
            rises[row] = max(rises[row], name_rise(nodes[name], Box(0.0, 0.0, room.width, room.height)))
        for kid in children[name]:
            level[kid] = row + 1
            label_lines[row] = max(label_lines[row], labels[kid][1])
    ys = [0.0]
    for row in range(1, len(above)):
        lines = label_lines[row - 1]
        # the edges' labels stand half-way down them, in the gap between the levels, widened for them only as
        # far as they need (a few points of edge stay in sight above and below a label)
        labelled = lines * line_height(EDGE_SIZE) + 2 * LABEL_PAD * spacing + EDGE_IN_SIGHT if lines else 0.0
        named = rises[row] + 2 * LABEL_PAD * spacing if rises[row] else 0.0  # (clear of the level above too)
        room = max(RANKSEP * 72 * spacing, labelled, named) + stretch
        ys.append(ys[-1] - below[row - 1] - room - above[row])
    return ys, ys[-1] - below[-1], above
