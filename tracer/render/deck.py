"""Trace → deck: the search step by step, as frames that share one layout and one page (for every slide format).

A deck is analysis, not a format. It chooses the steps (:func:`tracer.view.frame_steps`), keeps those about nodes
the drawing shows, each captioned with what was searched below since the frame before
(:func:`tracer.view.drawn_steps`: one place, for every format), makes each frame's scene
from the view at that step (:class:`.scene.FrameScenes`), lays the tree out once (``dot`` runs on rooms wide enough
for whatever any frame writes beside a node, so no frame moves a node), and makes one page for all frames: the
titles, the caption wrapped to the same number of lines in every frame, the key as the union of the frames' keys,
and the whole stretched to the slide's shape. It draws nothing: the writers (:mod:`.slides`, :mod:`.player`) have
:func:`.drawing.draw_deck` draw its frames, and package them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import RenderError
from ..records import replace
from ..trace.trace import Trace
from ..view import STEP_MODES, FoldedStep, TraceView, drawn_steps, frame_steps
from .drawing import fitted, lay_out, measure, on_slide, projection_width, slide_aim, slide_filled, slide_try
from .layout import FORMS, SLIDE_SPACINGS, Layout, lines_width, text_width
from .page import DEFAULT_SLIDE, SLIDE_MARGIN, DeckCaptions, Page, page_of, slide_page
from .key import key_rows
from .scene import DrawOptions, FrameScenes, Scene
from .style import NOTE_SIZE, VALUE_SIZE, title_lines

MIN_CAPTION_WIDTH = 420.0  # points: a caption under a narrow tree still reads as sentences
DECK_DRAWINGS = 10  # a deck may cost as much to draw as ten diagrams of --max-drawn nodes (about 100 s by default)
PAGE_NODES = 100  # what a frame costs beyond its nodes (titles, caption, key; a PDF page, a GIF image), in nodes
COUNTED_PER_DRAWN = 50  # a frame counts the nodes in each box afresh: about fifty counted cost one drawn
# A player's layouts (:func:`player_fit`), loosest first: each of the slide's spacings in the textbook's form (the
# first of .layout.FORMS), its text as the textbook writes it (neither terse nor staggered: .drawing.SLIDE_LAYOUTS)
PLAYER_LAYOUTS = tuple((spacing, next(iter(FORMS)), False, False) for spacing in SLIDE_SPACINGS)


@dataclass(frozen=True)
class Frame:
    """The search after ``step`` events, as one slide."""

    step: int
    scene: Scene
    caption: str  # the step in words, on one line, every name told (the speaker's notes; the slide's caption,
    # the scene's, may count what this names, and is wrapped to the page)
    current: str | None  # the scene id of the node the step is about


@dataclass
class Deck:
    """Frames that share ``layout`` and ``page``."""

    trace: Trace
    frames: list[Frame]
    layout: Layout
    page: Page
    options: DrawOptions
    note: str | None = None  # how the drawing was fitted to the slide, if it had to be

    @property
    def size(self) -> tuple[float, float]:
        """The slide (inches) every page is scaled to."""
        return self.page.size


def make_deck(trace: Trace, steps: list[int], options: DrawOptions = DrawOptions(),
              size: tuple[float, float] = DEFAULT_SLIDE, start: int | None = None, player: bool = False) -> Deck:
    """The frames of ``trace`` after each of ``steps`` (numbers of events applied) that is about a node the
    drawing shows, laid out once; the steps between them at nodes not drawn are told in the next frame's caption
    (from step ``start``, the first of the range shown; default the first of ``steps``' mode, step 1). A deck
    that would cost more to draw than :func:`check_deck_size` allows is refused before any frame is made.
    ``player``: a player's deck, which crops to the tree and writes the captions itself: the captions neither
    wrapped nor given room, and the slide fitted to the frames' distinct pages (:func:`player_fit`)."""
    check_deck_size(trace, steps, options, start=start or 1)  # before any layout: the root's frames may be too many
    fit = fitted(trace, options, slide=size)  # the final drawing fits the slide (boards legible), or is cut
    options, note = fit.options, fit.note
    drawn = drawn_nodes(fit.scene)
    folded = {kept.step: kept for kept in check_deck_size(trace, steps, options, drawn, len(fit.scene.nodes),
                                                          start or 1)}
    final = TraceView(trace)
    scenes_of = FrameScenes(final, options)  # which nodes each frame draws: decided once, for every frame
    frames = []
    view = TraceView(trace, 0)
    for event in trace.events:  # (the view folded step by step; only the frames' steps are read: their captions)
        view.apply(event)
        if view.step in folded:
            scene = scenes_of.scene(view, folded[view.step], drawn)
            told = scene.caption  # the notes' text: every child left out named; the slide's counts many
            if told and not player:  # (a player writes the notes' text: its scenes' captions are never read)
                scene.caption = view.caption(folded[view.step], drawn, brief=True)
            current = f"n{view.current}" if view.current is not None else None
            frames.append(Frame(view.step, scene, told, current))
    if not frames:
        raise ValueError("no steps to show")
    scenes = [frame.scene for frame in frames]
    if options.legend:
        rows = [row for row in key_rows(final.family.look).values() if any(row in scene.legend for scene in scenes)]
        for scene in scenes:
            scene.legend = rows
    measure(_each_once(scenes))  # (frames share their unchanged nodes: each is measured once)
    room = room_scene(scenes)
    if player:
        layout, page = player_fit(room, scenes, size, options)
        return Deck(trace, frames, layout, page, options, note)
    layout = lay_out(room, SLIDE_SPACINGS[-1], slide=True)  # the narrowest the tree can be, as a slide writes it
    # the caption may take the width the slide leaves beside a tall tree (its page without one, at the slide's shape)
    bare = slide_page([page_of(replace(scenes[-1], caption=""), layout, size[0] / size[1])], size)
    least = min(MIN_CAPTION_WIDTH, projection_width(room, size, options))  # (no wider than projection size allows)
    width = max(layout.tree.width, least, bare.frame.width - 2 * SLIDE_MARGIN)
    captions = DeckCaptions(scenes, width)  # (wrapped as each layout's page sets them: under or beside the tree)
    layout, page, small = on_slide(room, size, options, lambda layout: [
        page_of(scene, layout, size[0] / size[1]) for scene in captions.scenes(layout)])
    captions.settle(layout)
    return Deck(trace, frames, layout, page, options, "; ".join(filter(None, (note, small))) or None)


def player_fit(room: Scene, scenes: list[Scene], size: tuple[float, float],
               options: DrawOptions) -> tuple[Layout, Page]:
    """The frames ``scenes`` (their room: ``room``) fitted to a slide of ``size`` inches, with no room for a
    caption and the titles above the tree: for a player, which crops its frames to the tree and writes their
    captions itself. Without captions most frames have the same page, so each distinct page is laid out, not each
    frame's.

    A player is seen in a browser, not projected: its text is never drawn under :data:`.player.MIN_TEXT_PX` (the
    page scrolls a tree sideways rather than shrink it), so it needs no more of the slide's rule than to keep the
    tree narrow enough for a notebook's cell. It is laid out in the textbook's form, as the textbook writes it
    (:data:`PLAYER_LAYOUTS`), at the loosest spacing whose page holds projection size on the slide, found by
    halving (:func:`fitting_layout`), or at the tightest where none does; not by the slide's search over forms,
    text written shorter and staggered leaves, which win a projected slide its last points (that was most of the
    time of twenty practice players). Its page is filled as a slide's (:func:`.drawing.slide_filled`)."""
    distinct: dict = {}
    for scene in scenes:
        key = _page_key(scene, caption="")
        if key not in distinct:
            distinct[key] = replace(scene, caption="")
    shape = size[0] / size[1]

    def pages_of(layout: Layout) -> list[Page]:
        return [page_of(scene, layout, shape) for scene in distinct.values()]

    tries: dict = {}
    aim = slide_aim(room, size, options)

    def scale_at(loose: tuple[float, str, bool, bool]) -> float:
        if loose not in tries:  # (a player's page grows down as it needs: its titles stay above, corner=False)
            tries[loose] = slide_try(room, loose, size, pages_of, corner=False, aim=aim)
        return tries[loose][0]

    loose = fitting_layout(PLAYER_LAYOUTS, scale_at, aim) or PLAYER_LAYOUTS[-1]  # (the tightest: tried first)
    return slide_filled(room, size, options, loose, tries[loose], pages_of)


def fitting_layout(layouts: tuple, scale_at, aim: float) -> tuple | None:
    """The layout :func:`.drawing.on_slide` takes of ``layouts`` (:func:`.drawing.slide_layouts`' order: each
    spacing, loosest first, in every form) when one holds projection size: the first whose scale
    (``scale_at(layout)``) reaches ``aim``; None if none does. Found without trying them all: a form's scale only
    grows as its spacing tightens (its tree narrows; its height stays), so the tightest of each form says whether
    any of its spacings reaches the aim, and the loosest that does is found by halving. (Where a form's scale does
    fall a little as it tightens, the layout taken is one that holds the aim still, if not the first.)"""
    chains: dict[tuple, list[tuple]] = {}  # each form (and terseness, and staggering): its layouts, loosest first
    for loose in layouts:
        chains.setdefault(loose[1:], []).append(loose)
    order = {loose: i for i, loose in enumerate(layouts)}
    best = None
    for chain in chains.values():
        earlier = [loose for loose in chain if best is None or order[loose] < order[best]]
        if not earlier or scale_at(earlier[-1]) < aim:
            continue  # (none of this form's before the best so far holds it)
        low, high = 0, len(earlier) - 1  # earlier[high] holds the aim
        while low < high:
            middle = (low + high) // 2
            low, high = (low, middle) if scale_at(earlier[middle]) >= aim else (middle + 1, high)
        best = earlier[high]
    return best


def _page_key(scene: Scene, caption: str | None = None) -> tuple:
    """What :func:`.page.page_of` reads of a scene besides its nodes' places (which a deck's frames share): the
    lines above the tree, the caption (``caption`` in place of the scene's, if given), the key's rows and whether a
    node is marked current (the root's ring)."""
    return (tuple(title_lines(scene)), scene.caption if caption is None else caption, repr(scene.legend),
            any(node.current for node in scene.nodes))


def drawn_nodes(scene: Scene) -> frozenset[int]:
    """The nodes of the trace that ``scene`` draws (a pruned child drawn as its parent's one box counts: the box
    stands where it is)."""
    return frozenset(int(node.id[1:]) for node in scene.nodes if node.id[:1] == "n" and node.id[1:].isdigit())


def deck_cost(frames: int, nodes: int, boxed: int = 0) -> int:
    """What drawing a deck of ``frames`` frames costs, counted in nodes drawn: every frame draws the same ``nodes``,
    costs :data:`PAGE_NODES` more for its page, and counts again the ``boxed`` nodes its boxes stand for (the
    subtrees below ``--draw-depth``), at :data:`COUNTED_PER_DRAWN` counted for one drawn."""
    return frames * (nodes + PAGE_NODES + boxed // COUNTED_PER_DRAWN)


def check_deck_size(trace: Trace, steps: list[int], options: DrawOptions, drawn: frozenset[int] | None = None,
                    nodes: int = 1, start: int = 1) -> list[FoldedStep]:
    """The frames a deck of ``steps`` makes when its drawing shows the nodes ``drawn`` and ``nodes`` shapes in all
    (as :func:`tracer.view.drawn_steps` chooses them, the one place that does), or a one-line refusal if their
    :func:`deck_cost` passes ``DECK_DRAWINGS × options.max_drawn``: its drawing would take minutes and its frames
    gigabytes. Before the drawing is fitted (``drawn`` None) only the root is sure to be drawn: its frames, each
    of at least one node, are a lower bound, and the refusal says "at least". The line gives the frame counts of
    the coarser ``--step`` modes, so that choosing one is one edit. (A deck is refused rather than drawn at a
    coarser step than asked: the lecturer chooses what the frames show, told at once what each choice gives,
    instead of waiting minutes for a deck not asked for.)"""
    bound = drawn is None  # a lower bound: the frames at the root
    drawn = frozenset({trace.root.id}) if bound else drawn
    frames = drawn_steps(trace, steps, drawn, start)
    limit = DECK_DRAWINGS * options.max_drawn
    boxed = max(0, trace.node_count - nodes) if options.draw_depth is not None and not bound else 0
    cost = deck_cost(len(frames), nodes, boxed)
    if cost <= limit:
        return frames
    count = f"{'at least ' * bound}{len(frames):,} frames"
    each = "at least one node" if bound else f"{nodes:,} node{'s' * (nodes != 1)}"
    cut = f" (drawn to depth {options.draw_depth})" if options.draw_depth is not None and not bound else ""
    raise RenderError(
        f"the deck would draw {count} of {each}{cut}, as much work as {cost:,} nodes (counting "
        f"{PAGE_NODES} a frame for its page{' and its boxes' * bool(boxed)}), more than the limit of {limit:,} "
        f"({DECK_DRAWINGS} × --max-drawn {options.max_drawn:,}); show fewer steps with "
        f"{_coarser_steps(trace, steps, drawn, len(frames))}, choose what a frame draws with "
        f"{'--draw-depth N' if options.draw_depth is None else f'a --draw-depth below {options.draw_depth}'}, or "
        "raise the limit with --max-drawn N")


def _coarser_steps(trace: Trace, steps: list[int], drawn: frozenset[int], frames: int) -> str:
    """The ``--step`` modes that give fewer than ``frames`` frames over the same events as ``steps``, each with
    its count of frames drawing the nodes ``drawn`` (so never the mode that made ``steps``), and ``--from K --to
    M``."""
    counts = []
    for mode in STEP_MODES:
        try:
            count = len(drawn_steps(trace, frame_steps(trace, mode, steps[0], steps[-1]), drawn, steps[0]))
        except ValueError:  # a mode that does not fit the search
            continue
        if count < frames:
            counts.append((count, f"--step {mode} ({count:,} frame{'s' if count != 1 else ''})"))
    if not counts:
        return "--from K --to M (no --step gives fewer frames)"
    return " or ".join([text for _, text in sorted(counts)] + ["--from K --to M"])


def room_scene(scenes: list[Scene]) -> Scene:
    """The scene to lay a deck out from: the last frame's nodes and edges, each with the widest text any frame
    gives it (value, notes, edge labels), so that every frame's text fits the room the layout keeps."""
    last = scenes[-1]
    nodes = []
    for i, node in enumerate(last.nodes):
        # each object once (a deck's frames share their unchanged nodes and edges)
        versions = list({id(scene.nodes[i]): scene.nodes[i] for scene in scenes}.values())
        assert all(version.id == node.id for version in versions), "every frame draws the same nodes"
        notes = [_widest((v.notes[j] for v in versions if len(v.notes) > j), lambda t: text_width(t, NOTE_SIZE, True))
                 for j in range(max(len(v.notes) for v in versions))]
        nodes.append(replace(
            node, notes=notes,
            value=_widest((v.value for v in versions),
                          lambda t: (lines_width(t.split("\n"), VALUE_SIZE, True), t.count("\n"))),
            head=_widest((v.head for v in versions), lambda t: text_width(t, NOTE_SIZE, True)),
            window=_widest((v.window for v in versions), lambda t: text_width(t, 8.0))))
    edges = []
    for i, edge in enumerate(last.edges):
        versions = list({id(scene.edges[i]): scene.edges[i] for scene in scenes}.values())
        labels = [_widest((v.labels[j] for v in versions if len(v.labels) > j), lambda t: text_width(t, 10.0))
                  for j in range(max(len(v.labels) for v in versions))]
        cut = next((v.cut for v in versions if v.cut is not None), None)
        edges.append(replace(edge, labels=labels, cut=cut))
    return replace(last, nodes=nodes, edges=edges)


def _each_once(scenes: list[Scene]) -> list[Scene]:
    """The frames' scenes, each with only the nodes and edges no frame before it has: what measuring their text
    needs (a deck's frames share their unchanged nodes and edges: :class:`.scene.FrameScenes`)."""
    seen: set[int] = set()

    def new(parts: list) -> list:
        fresh = [part for part in parts if id(part) not in seen]
        seen.update(id(part) for part in fresh)
        return fresh
    return [replace(scene, nodes=new(scene.nodes), edges=new(scene.edges)) for scene in scenes]


def _widest(texts, width) -> str:
    """The first of ``texts`` with the largest ``width``: each text measured once, however many frames write it."""
    return max(dict.fromkeys(texts), key=width)
