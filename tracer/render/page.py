"""The page around a laid-out tree, and the slides it is fitted to: where the titles, the caption and the key go
(:func:`page_of`), a deck's one page stretched to a slide's shape (:func:`slide_page`), and the sizes people give
for slides and for the largest drawing (:func:`slide_size`, :func:`drawing_limit`: one reading of ``WxH``, each
with its bounds and its message). Sizes are in points unless they say inches; pure, like the layout.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ..records import Record, replace
from .layout import (
    RING, Box, Layout, line_height, lines_width, ring_above, ring_reach, text_width, wrapped,
)
from .scene import Scene
from .style import CAPTION_SIZE, KEY_SIZE, title_lines

MARGIN = 14.0  # between the tree and the titles, the caption and the key
SLIDE_GAP = 6.0  # the same on a slide, whose height is short for text large enough to read from the back of a room
PAD = 0.25  # inches of white around the drawing
# points the titles' and the caption's boxes are wider than their text: in a figure, white each side; on a slide a
# point each side, as the text is drawn (its own edge keeps white: drawing.EDGE), so that a long subtitle or
# caption, which sets the width of many a slide's page, costs no more of its text's size than it must
TEXT_PAD, SLIDE_TEXT_PAD = 8.0, 2.0
# points the titles' and the caption's boxes are higher than their lines: in a figure two each side, on a slide one,
# as across (a tree's titles above it and its caption under it set the height of many a slide's page)
LINES_PAD, SLIDE_LINES_PAD = 4.0, 2.0


class Page(Record, frozen=True):
    """The blocks around the tree: each a box, placed from the tree's box. ``frame`` is the whole drawing; a deck
    gives every frame the same one (the union over its frames), so no page differs in size."""

    title: Box
    caption: Box | None
    legend: Box | None
    frame: Box
    pad: float = PAD  # inches of white around the frame (a deck's page has its margin inside the frame)
    size: tuple[float, float] | None = None  # inches: a slide the page (of the same shape) is scaled to
    legend_columns: int = 1  # the key's rows in one column, or side by side in two (a key under a wide tree)
    title_wrap: float = 0.0  # points: the lines above the tree wrapped to this width (0: as written; a narrow slide)
    # on a slide, the box around the shapes as Graphviz sizes each when it is current (past the page, the page
    # drawn would be larger than the slide, and shrunk): within the frame or its margin (see slide_page)
    reach: Box | None = None
    # the caption's lines flush right in its box, not centred: in the tree's top right corner, where each line
    # stands as far left as what is drawn at its own height allows (see _caption_cornered and caption_at)
    caption_flush: bool = False

    @property
    def inches(self) -> tuple[float, float]:
        """The drawing's size in inches, with its white margin."""
        return self.frame.width / 72 + 2 * self.pad, self.frame.height / 72 + 2 * self.pad


KEY_WRAP = 120.0  # points: a meaning in the key is wrapped to lines this wide (a narrow key leaves the tree room)


def legend_lines(meaning: str) -> list[str]:
    return wrapped(meaning, KEY_WRAP, KEY_SIZE)


def legend_grid(rows, columns: int = 1) -> list[list[tuple[str, str]]]:
    """The key's rows in ``columns`` columns, read down the first column and then the next."""
    per = -(-len(rows) // columns)
    return [rows[i:i + per] for i in range(0, len(rows), per)]


def legend_size(rows, columns: int = 1) -> tuple[float, float]:
    """The key's size with its ``rows`` (symbol, meaning) in ``columns`` columns, each meaning wrapped to
    :data:`KEY_WRAP`: measured once for each key and number of columns (a deck asks it of every frame of every
    layout it tries, and a key is the same on every frame)."""
    return _legend_size(tuple(rows), columns)


@lru_cache(maxsize=64)
def _legend_size(rows: tuple[tuple[str, str], ...], columns: int) -> tuple[float, float]:
    width, height = 0.0, 0.0
    for column in legend_grid(rows, columns):
        symbols = lines_width([symbol for symbol, _ in column], KEY_SIZE, bold=True)
        meanings = [legend_lines(meaning) for _, meaning in column]
        width += symbols + max(lines_width(lines, KEY_SIZE) for lines in meanings) + 22
        lines = sum(len(lines) for lines in meanings) + 1  # and the heading
        height = max(height, lines * line_height(KEY_SIZE) + (len(column) + 1) * 5 + 6)  # cells pad 2, space 1
    return width + 8, height


def page_of(scene: Scene, layout: Layout, shape: float | None = None) -> Page:
    """Where the blocks of ``scene`` go around ``layout``'s tree. The key stands on the right of a tall tree and
    under a wide one; for a slide of ``shape`` (width / height), wherever the page then fills more of the slide."""
    tree = layout.tree
    gap = MARGIN if shape is None else SLIDE_GAP
    beside = shape is not None and layout.title_beside > 0
    heading, wrap = title_lines(scene), layout.title_beside if beside else 0.0
    if beside:
        heading = wrapped_titles(heading, wrap)
    pad = TEXT_PAD if shape is None else SLIDE_TEXT_PAD
    title_w = max(text_width(line, size, bold) for line, size, bold in heading) + pad
    # on a slide whose width the titles set (against the tree's height, before it was stretched to fill the slide):
    # the titles on two lines, no narrower than the caption (which the deck wrapped to the slide); titles about as
    # wide as the rest stay on one line (a tenth more would be broken for little)
    caption_w = lines_width(scene.caption.split("\n"), CAPTION_SIZE) + pad if scene.caption and shape else 0.0
    wide = max(tree.width, caption_w)
    if shape is not None and not beside and layout.title_wrap:  # (as the slide chose: see drawing.on_slide)
        wrap = layout.title_wrap
        heading = wrapped_titles(heading, wrap)
        title_w = max(text_width(line, size, bold) for line, size, bold in heading) + pad
    elif (shape is not None and not beside and title_w > 1.1 * wide
            and title_w / (layout.unstretched_height + 80) > shape):
        wrap = max(wide, title_w / 2)
        heading = wrapped_titles(heading, wrap)
        title_w = max(text_width(line, size, bold) for line, size, bold in heading) + pad
    lines_pad = LINES_PAD if shape is None else SLIDE_LINES_PAD
    title_h = sum(line_height(size) for _, size, _ in heading) + lines_pad
    if beside:  # in the tree's top left corner, level with its top (and the root's ring), clear of what is drawn
        title_w = max(title_w, wrap + pad)
        top = tree.top + _ring_above(scene, layout)
        right = _free_left(scene, layout, top - title_h - gap, top) - gap
        title = Box(right - title_w / 2, top - title_h / 2, title_w, title_h)
    else:
        above = gap if shape is None else gap + _ring_above(scene, layout)
        title = Box(tree.x, tree.top + above + title_h / 2, title_w, title_h)
    frame = tree.union(title)
    reach = _boxes(scene, layout) if shape is not None else None  # (see slide_page)
    if reach is not None:  # the room Graphviz keeps for each shape (past the slide's frame, the page would shrink)
        frame = frame.union(_boxes(scene, layout, current=False))
    caption, flush = None, False
    if scene.caption:
        lines = scene.caption.split("\n")
        caption_h = len(lines) * line_height(CAPTION_SIZE) + lines_pad
        caption_w = lines_width(lines, CAPTION_SIZE) + pad
        if shape is not None and layout.caption_beside and not scene.legend:
            if beside:
                caption = _caption_beside(scene, layout, title, max(caption_w, title.width), caption_h, gap)
            elif layout.caption_low:
                caption = _caption_low(scene, layout, caption_w, caption_h, gap)
            else:
                caption, flush = _caption_cornered(scene, layout, lines, caption_w, caption_h, gap), True
        else:
            middle = frame.x if beside else tree.x  # (under the tree and the titles beside it)
            caption = Box(middle, min(tree.bottom, title.bottom) - gap - caption_h / 2, caption_w, caption_h)
        frame = frame.union(caption)
    if not scene.legend:
        return Page(title, caption, None, frame, title_wrap=wrap, reach=reach, caption_flush=flush)
    rows = layout.key(scene.legend)
    width, height = legend_size(rows)
    below = Box(tree.left + width / 2, frame.bottom - gap - height / 2, width, height)
    right = Box(tree.right + 2 * gap + width / 2, tree.top - height / 2, width, height)
    if shape is None:
        legend, columns = (below if tree.width > 2.5 * tree.height else right), 1
    else:  # the smaller of the scales at which each page fits the slide's shape, the larger wins: a key under a
        # wide tree in two or three columns takes a half or a third of the height, so the tree keeps the slide
        def fill(choice) -> float:
            page = above.union(choice[0]).union(choice[2]) if choice[2] is not None else above.union(choice[0])
            return min(shape / page.width, 1 / page.height)
        above = tree.union(title)  # (the page without its caption and key)
        choices = [*_beside_key(caption, right, tree, gap), (below, 1, caption)]
        for columns in (2, 3):
            wide, low = legend_size(rows, columns)
            if len(rows) > 2 * columns and wide <= tree.width:
                choices.append((Box(tree.left + wide / 2, frame.bottom - gap - low / 2, wide, low), columns, caption))
        legend, columns, caption = max(choices, key=fill)
        frame = above.union(caption) if caption is not None else above
    return Page(title, caption, legend, frame.union(legend), legend_columns=columns, title_wrap=wrap, reach=reach,
                caption_flush=flush)


def _caption_beside(scene: Scene, layout: Layout, title: Box, width: float, height: float, gap: float) -> Box:
    """A deck's caption in the column of the titles beside the tree (:attr:`.layout.Layout.caption_beside`: a
    slide short of height whose caption, under the tree, would set its height or width): its foot level with the
    tree's, or just under the titles where the column is shorter than both; as wide as the titles' column and
    aligned with it, moved left of whatever is drawn beside it (as the titles are)."""
    bottom = min(layout.tree.bottom, title.bottom - gap - height)
    right = min(title.right, _free_left(scene, layout, bottom - gap, bottom + height + gap) - gap)
    return Box(right - width / 2, bottom + height / 2, width, height)


def _caption_cornered(scene: Scene, layout: Layout, lines: list[str], width: float, height: float,
                      gap: float) -> Box:
    """A deck's caption in the tree's top right corner (:attr:`.layout.Layout.caption_beside`, the titles above the
    tree: a slide short of height whose tree leaves room right of its root): level with the top of what is drawn
    (:func:`_corner_top`), its right edge the tree's, or further right, its ``lines`` flush right
    (:attr:`Page.caption_flush`), each line clear of whatever is drawn at its own height (see
    :func:`_caption_line_boxes`): a triangle widening downward leaves the upper lines room further left."""
    top = _corner_top(scene, layout)
    box = Box(layout.tree.right - width / 2, top - height / 2, width, height)
    right = box.right
    for line in _caption_line_boxes(lines, box):
        low, high = line.bottom - gap, line.top
        right = max(right, _drawn_between(scene, layout, low, high)[1] + gap + line.width)
    return Box(right - width / 2, top - height / 2, width, height)


def _corner_top(scene: Scene, layout: Layout) -> float:
    """Where a caption in the tree's top right corner starts: level with the top of what is drawn, the root's second
    outline where a deck marks it (the titles above stand the gap above that: see page_of)."""
    return layout.tree.top + _ring_above(scene, layout)


def _caption_line_boxes(lines: list[str], box: Box) -> list[Box]:
    """The box of each written line of a caption set flush right in ``box`` (blank lines, which pad a frame's
    caption to the deck's number of lines, draw nothing): each line's text with a slide's pad each side, across
    (:data:`SLIDE_TEXT_PAD`) and up (:data:`SLIDE_LINES_PAD`); the first line's top is the box's."""
    height = line_height(CAPTION_SIZE)
    boxes = []
    for row, line in enumerate(lines):
        if line.strip():
            width = text_width(line, CAPTION_SIZE) + SLIDE_TEXT_PAD
            middle = box.top - SLIDE_LINES_PAD / 2 - (row + 0.5) * height
            boxes.append(Box(box.right - width / 2, middle, width, height + SLIDE_LINES_PAD))
    return boxes


def caption_at(page: Page, lines: list[str]) -> Box:
    """Where a frame's caption of ``lines`` stands on ``page``: the page's caption box (the deck's: every frame's
    lines centred in it), or, flush right (:attr:`Page.caption_flush`), its lines' own block, their right edge the
    box's (a printer centres the block there, its lines aligned right)."""
    box = page.caption
    if not page.caption_flush:
        return box
    width = lines_width(lines, CAPTION_SIZE)
    return Box(box.right - SLIDE_TEXT_PAD / 2 - width / 2, box.y, width, box.height)


CORNER_LINES = (2, 3)  # a caption in the tree's top right corner is wrapped to the room these many lines leave
LEAST_CORNER = 90.0  # points: the narrowest such room a caption is wrapped to (narrower, it reads as a list)


def corner_widths(scene: Scene, layout: Layout) -> list[float]:
    """The widths a deck's caption may be wrapped to in the top right corner of ``layout``'s tree (see
    :func:`_caption_cornered`): the room right of what is drawn as high as each of :data:`CORNER_LINES` lines of
    caption, where it is at least :data:`LEAST_CORNER`."""
    top = _corner_top(scene, layout)

    def room(lines: int) -> float:
        low = top - lines * line_height(CAPTION_SIZE) - SLIDE_LINES_PAD - SLIDE_GAP
        return layout.tree.right - _drawn_between(scene, layout, low, top)[1]

    return _corner_widths(room)


def _caption_low(scene: Scene, layout: Layout, width: float, height: float, gap: float) -> Box:
    """A deck's caption in the tree's bottom corner (:attr:`.layout.Layout.caption_low`: a slide short of height
    whose lowest row leaves room beside it, a tree whose deep branch is on one side): level with the tree's foot,
    its outer edge the tree's, or further out, clear of whatever is drawn beside it; on the side with more room."""
    low = layout.tree.bottom
    left, right = _drawn_between(scene, layout, low, low + height + gap)
    start = min(layout.tree.left, left - gap - width)
    end = max(layout.tree.right, right + gap + width)
    if layout.tree.left - start <= end - layout.tree.right:
        return Box(start + width / 2, low + height / 2, width, height)
    return Box(end - width / 2, low + height / 2, width, height)


def low_widths(scene: Scene, layout: Layout) -> list[float]:
    """The widths a deck's caption may be wrapped to in the bottom corner of ``layout``'s tree (see
    :func:`_caption_low`): the room beside what is drawn as high as each of :data:`CORNER_LINES` lines of caption
    over the tree's foot, on the side with more, where it is at least :data:`LEAST_CORNER`."""
    low = layout.tree.bottom

    def room(lines: int) -> float:
        high = low + lines * line_height(CAPTION_SIZE) + SLIDE_LINES_PAD + SLIDE_GAP
        left, right = _drawn_between(scene, layout, low, high)
        return max(left - layout.tree.left, layout.tree.right - right)

    return _corner_widths(room)


def _corner_widths(room) -> list[float]:
    """The widths a caption in a corner of the tree may be wrapped to: ``room(lines)``, the room beside what is drawn
    as high as that many lines of caption, for each of :data:`CORNER_LINES`, less the gap and the text's pad, where
    it is at least :data:`LEAST_CORNER` (each width once)."""
    widths = []
    for lines in CORNER_LINES:
        width = room(lines) - SLIDE_GAP - SLIDE_TEXT_PAD
        if width >= LEAST_CORNER and width not in widths:
            widths.append(width)
    return widths


def _beside_key(caption: Box | None, key: Box, tree: Box, gap: float) -> list[tuple[Box, int, Box]]:
    """The key right of the tree with the caption where it may then go: under the tree, unless the key reaches down
    beside it; then ending left of the key, or under it."""
    if caption is None or key.bottom >= caption.top or caption.right <= key.left - gap:
        return [(key, 1, caption)]
    left = Box(key.left - 2 * gap - caption.width / 2, caption.y, caption.width, caption.height)
    under = Box(caption.x, min(tree.bottom, key.bottom) - gap - caption.height / 2, caption.width, caption.height)
    return [(key, 1, left), (key, 1, under)]


class DeckCaptions:
    """A deck's captions, each as its frame tells its step on one line, wrapped to the width the page arrangement
    gives them and padded to the same number of lines in every frame (so no frame's caption moves): under the tree
    to the deck's ``width``; beside it to the width the layout gives (:attr:`.layout.Layout.caption_beside`). A
    deck fits its pages by :meth:`scenes` and, once its layout is chosen, gives its frames their captions by
    :meth:`settle`."""

    def __init__(self, scenes: list[Scene], width: float):
        self.frames, self.width = scenes, width
        self.told = [scene.caption for scene in scenes]
        self.wrapped: dict[float, list[str]] = {}  # each width's captions (a deck tries many layouts)

    def width_for(self, layout: Layout) -> float:
        """The width the captions are wrapped to on ``layout``'s page."""
        return layout.caption_beside or self.width

    def captions(self, width: float) -> list[str]:
        """The captions wrapped to ``width``: under the tree as they fill it, beside it evenly (a narrow column's
        last line not one word alone)."""
        if width not in self.wrapped:
            wrap = wrapped if width == self.width else _evenly_wrapped
            lines = [list(wrap(caption, width, CAPTION_SIZE)) for caption in self.told]
            most = max(len(caption) for caption in lines)
            self.wrapped[width] = ["\n".join(caption + [" "] * (most - len(caption))) for caption in lines]
        return self.wrapped[width]

    def scenes(self, layout: Layout) -> list[Scene]:
        """The frames' scenes with their captions as ``layout``'s page sets them."""
        return [replace(scene, caption=caption)
                for scene, caption in zip(self.frames, self.captions(self.width_for(layout)))]

    def settle(self, layout: Layout) -> None:
        """Give every frame its caption as ``layout``'s page sets it (what the printers write)."""
        for scene, caption in zip(self.frames, self.captions(self.width_for(layout))):
            scene.caption = caption


def even_title_width(scene: Scene, width: float) -> float:
    """The narrowest width the titles of ``scene`` wrap to in as many lines as at ``width`` (found to a point by
    halving): the lines about as wide, no word left alone on a line that need not be."""
    lines = title_lines(scene)
    return _narrowest_keeping(lambda at: len(wrapped_titles(lines, at)), width)


def _narrowest_keeping(count_at, width: float) -> float:
    """The narrowest width, to a point, wrapped to which text takes as many lines as at ``width`` (``count_at``: the
    lines at a width): found by halving between ``width`` and its share of each line (a narrower width never takes
    fewer lines)."""
    count = count_at(width)
    low, high = width / count, width
    while high - low > 1:
        middle = (low + high) / 2
        low, high = (low, middle) if count_at(middle) == count else (middle, high)
    return high


@lru_cache(maxsize=4096)  # (a deck's pages are laid out many times over, each frame's titles wrapped alike)
def _evenly_wrapped(text: str, width: float, size: float, bold: bool = False) -> tuple[str, ...]:
    """``text`` in as few lines no wider than ``width`` as :func:`.layout.wrapped` breaks it into, each about as
    wide: wrapped to the narrowest width that keeps that many lines (found to a point by halving)."""
    lines = wrapped(text, width, size, bold)
    if len(lines) == 1:
        return tuple(lines)
    even = _narrowest_keeping(lambda at: len(wrapped(text, at, size, bold)), width)
    return tuple(wrapped(text, even, size, bold))


def title_widths(scene: Scene, parts=(1, 2, 3, 4)) -> list[float]:
    """The widths a slide's titles may be wrapped to (see :attr:`.layout.Layout.title_beside` and
    :attr:`.layout.Layout.title_wrap`): the widest line and its share of each of ``parts``, never narrower than
    the longest word, nor than the title (its first line) if that is under half the widest."""
    lines = title_lines(scene)
    widest = max(text_width(line, size, bold) for line, size, bold in lines)
    word = max(text_width(part, size, bold) for line, size, bold in lines for part in line.split(" "))
    least = max(word, min(text_width(*lines[0]), widest / 2))  # (a short title on one line)
    widths = set()
    for share in parts:
        width = max(least, widest / share)
        while width < widest and any(_badly_broken(line, size, bold, width, share * text_width(line, size, bold)
                                                   / widest) for line, size, bold in lines):
            width *= 1.05  # (a little wider)
        widths.add(min(width, widest))
    return sorted(widths, reverse=True)


def _badly_broken(line: str, size: float, bold: bool, width: float, share: float) -> bool:
    """Whether ``line`` wrapped to ``width`` breaks into more lines than its ``share`` (rounded), or leaves a word
    alone on its last line."""
    parts = wrapped(line, width, size, bold)
    return len(parts) > max(1, round(share)) or (len(parts) > 1 and " " not in parts[-1])


WHOLE_POINT = 0.5  # points: the most a node's box as Graphviz bounds it (in whole points) passes its size, each side


def _boxes(scene: Scene, layout: Layout, current: bool = True) -> Box:
    """The box around the boxes of every shape of ``scene`` as ``layout`` places them, as Graphviz sizes each when
    it is the current node (:func:`.layout.ring_reach`; any node is current in some frame of a deck): the drawing's
    bounding box holds them (a MIN triangle's box is empty above it, a MAX triangle's below it, and the second
    outline reaches past a triangle's corners)."""
    lefts, bottoms, rights, tops = [], [], [], []
    for node in scene.nodes:  # (each box's sides as Box computes them, without making a Box: a deck asks often)
        box = layout.shapes[node.id]
        across, up = ring_reach(node, box) if current else (0.0, 0.0)
        if current:  # (Graphviz bounds a node's box rounded to whole points: up to half a point wider each side)
            across, up = across + WHOLE_POINT, up + WHOLE_POINT
        half_w, half_h = (box.width + 2 * across) / 2, (box.height + 2 * up) / 2
        lefts.append(box.x - half_w)
        rights.append(box.x + half_w)
        bottoms.append(box.y - half_h)
        tops.append(box.y + half_h)
    return Box.spanning(min(lefts), min(bottoms), max(rights), max(tops))


def _free_left(scene: Scene, layout: Layout, low: float, high: float) -> float:
    """The leftmost point of what ``layout`` draws between the heights ``low`` and ``high`` (the tree's right edge
    if nothing is): see :func:`_drawn_between`."""
    return _drawn_between(scene, layout, low, high)[0]


def _drawn_between(scene: Scene, layout: Layout, low: float, high: float) -> tuple[float, float]:
    """The leftmost and the rightmost point of what ``layout`` draws between the heights ``low`` and ``high``:
    shapes (with room for the current node's ring), notes, names beside shapes, edges and their labels (the
    tree's right edge and its left edge if nothing is)."""
    shapes = [box for box in layout.outlines.values() if box.bottom - RING < high and box.top + RING > low]
    texts = [box for box in (*layout.notes.values(), *layout.names.values()) if box.bottom < high and box.top > low]
    lefts = [box.left - RING for box in shapes] + [box.left for box in texts]
    rights = [box.right + RING for box in shapes] + [box.right for box in texts]
    for edge in scene.edges:
        (x0, y0), (x1, y1) = (layout.shapes[edge.tail].x, layout.shapes[edge.tail].y), (
            layout.shapes[edge.head].x, layout.shapes[edge.head].y)
        ends = [(x0 + (x1 - x0) * (y - y0) / (y1 - y0)) for y in (max(min(y0, y1), low), min(max(y0, y1), high))
                if y1 != y0 and min(y0, y1) <= y <= max(y0, y1)]
        if max(y0, y1) > low and min(y0, y1) < high:
            lefts += ends
            rights += ends
        label = layout.label_box(edge)
        if label is not None and label.bottom < high and label.top > low:
            lefts.append(label.left)
            rights.append(label.right)
    return min(lefts, default=layout.tree.right), max(rights, default=layout.tree.left)


def _ring_above(scene: Scene, layout: Layout) -> float:
    """How far above the tree the root's second outline reaches when it is the current node (on a slide, whose gap
    is small): kept on every frame of a deck, which marks a current node (the title never moves), and on no
    drawing that marks none."""
    root = scene.nodes[0] if scene.nodes else None
    if root is None or root.id not in layout.outlines or root.kind == "board" or not any(
            node.current for node in scene.nodes):
        return 0.0
    return max(0.0, layout.outlines[root.id].top + ring_above(root, layout.shapes[root.id]) - layout.tree.top)


def wrapped_titles(lines, width: float) -> list[tuple[str, float, bool]]:
    """The title lines, each broken at spaces into lines no wider than ``width``, evenly (see
    :func:`_evenly_wrapped`: a subtitle's last word not alone on its line)."""
    return [(part, size, bold) for line, size, bold in lines for part in _evenly_wrapped(line, width, size, bold)]


def titles_on(scene: Scene, page: Page) -> list[tuple[str, float, bool]]:
    """The lines above the tree as ``page`` sets them (:func:`.style.title_lines`, wrapped to the page's
    ``title_wrap`` where a narrow slide chose it): what every printer of a page writes, DOT, TikZ and PowerPoint."""
    lines = title_lines(scene)
    return wrapped_titles(lines, page.title_wrap) if page.title_wrap else lines


# ---- slides: a page of a given shape ------------------------------------------------------------------------

SLIDE_HEIGHT = 7.5  # inches: the slide height of PowerPoint and Keynote; 16:9 is 13.33 × 7.5, 4:3 is 10 × 7.5
DEFAULT_SLIDE = (SLIDE_HEIGHT * 16 / 9, SLIDE_HEIGHT)
SLIDE_MARGIN = 10.0  # points of white inside a slide's edge (in the drawing's points, unless said in the slide's)
SLIDE_DPI = 144  # dots per slide inch: a 13.33 × 7.5 inch (16:9) slide is 1920 × 1080 pixels
SLIDE_SHAPES = (0.2, 5.0)  # the narrowest and the widest slide shape (width / height)
SLIDE_INCHES = (1.0, 200.0)  # the shortest and the longest side of a slide given in inches
MAX_INCHES = 100_000  # the largest side a drawing limit (--max-size) may give


def slide_page(pages: list[Page], size: tuple[float, float], margin: float = SLIDE_MARGIN) -> Page:
    """One page for every frame of a deck (or a single figure): the union of the pages with ``margin`` points
    around, widened or heightened (the tree centred) to the slide's shape."""
    frame = pages[0].frame
    for page in pages[1:]:
        frame = frame.union(page.frame)
    frame = Box(frame.x, frame.y, frame.width + 2 * margin, frame.height + 2 * margin)
    for page in pages:  # a current node's second outline may stand in the margin, not past it
        frame = frame.union(page.reach) if page.reach is not None else frame
    width, height = frame.width, frame.height
    shape = size[0] / size[1]
    if width / height > shape:
        height = width / shape
    else:
        width = height * shape
    tallest = max(pages, key=lambda page: page.title.height)  # (a frame whose subtitle gives the result is longer)
    return Page(tallest.title, _deck_caption(pages), pages[0].legend, Box(frame.x, frame.y, width, height), pad=0.0,
                size=size, legend_columns=pages[0].legend_columns, title_wrap=max(page.title_wrap for page in pages),
                reach=pages[0].reach, caption_flush=any(page.caption_flush for page in pages))


def _deck_caption(pages: list[Page]) -> Box | None:
    """The box every frame of a deck draws its caption in (its lines padded to the same number in every frame):
    the widest frame's, each frame's lines centred in it; or, lines flush right (:attr:`Page.caption_flush`), as
    wide, its right edge the furthest right of any frame's, so that each frame's lines stand no further left than
    its own page put them, clear of what that frame draws (the widest frame's box alone could put another frame's
    longer lower line on the shape its own page set it clear of)."""
    captions = [page.caption for page in pages if page.caption is not None]
    if not captions:
        return None
    widest = max(captions, key=lambda box: box.width)
    if not any(page.caption_flush for page in pages):
        return widest
    right = max(box.right for box in captions)
    return Box(right - widest.width / 2, widest.y, widest.width, widest.height)


def slide_size(text: str) -> tuple[float, float]:
    """A slide's size in inches from ``16:9`` or ``4:3`` (a shape, 7.5 inches high) or ``WxH`` (inches); a
    :class:`ValueError` saying what was expected otherwise."""
    problem = f"expected a shape such as 16:9 or a size such as 13.33x7.5 (inches), got {text!r}"
    if ":" in text:
        ratio = _two_numbers(text, ":")
        if ratio is None or ratio[1] == 0:
            raise ValueError(problem)
        if not SLIDE_SHAPES[0] <= ratio[0] / ratio[1] <= SLIDE_SHAPES[1]:
            raise ValueError(f"expected a slide shape between 1:{SLIDE_SHAPES[1]:g} and {SLIDE_SHAPES[1]:g}:1, "
                             f"got {text!r}")
        return round(SLIDE_HEIGHT * ratio[0] / ratio[1], 4), SLIDE_HEIGHT
    size = _two_numbers(text, "x")
    if size is None:
        raise ValueError(problem)
    low, high = SLIDE_INCHES
    if not all(low <= value <= high for value in size):
        raise ValueError(f"expected a slide size W×H from {low:g} to {high:g} inches a side, got {text!r}")
    return size


def drawing_limit(text: str) -> tuple[float, float]:
    """The largest drawing (``--max-size``) in inches from ``WxH``, or ``none``: no limit; a :class:`ValueError`
    saying what was expected otherwise."""
    if text.strip().lower() == "none":
        return math.inf, math.inf
    size = _two_numbers(text, "x")
    if size is None:
        raise ValueError(f"expected a size as WxH in inches, such as 26.7x15, got {text!r}")
    if not all(0 < value <= MAX_INCHES for value in size):
        raise ValueError(f"expected a size as WxH in inches, each above 0 and at most {MAX_INCHES:,}, or none, "
                         f"got {text!r}")
    return size


def _two_numbers(text: str, between: str) -> tuple[float, float] | None:
    """``WxH`` (``×`` reads as ``x``) or ``W:H`` as two numbers, or None when it is not two numbers."""
    first, sep, second = text.lower().replace("×", "x").partition(between)
    try:
        return (float(first), float(second)) if sep else None
    except ValueError:
        return None
