"""View → scene: a format-neutral description of what to draw, where every drawing decision is made.

A scene lists nodes (shape, name, value text, notes beside the node, board, whether faded, dashed, emphasised or
current) and edges (labels, cut mark with its reason, style, whether on the best line or just taken), with the
title lines, the key and the caption. The printers (DOT today) only turn it into their format; they decide
nothing. Textbook conventions: MAX nodes are triangles, MIN nodes inverted triangles, leaves boxes; meaning never
rests on colour alone (pruned parts are dashed and faded, the best line is thick, cutoffs carry ✂).
"""

from __future__ import annotations

from functools import cached_property
from operator import attrgetter

from ..numbers import as_written, format_number, format_probability
from ..errors import RenderError
from ..model.state import Board, Player
from ..records import Record, field
from ..text import negated
from ..view import FoldedStep, NodeView, TraceView, pass_steps
from ..view.mcts import W_N_BLANK  # a worksheet's blank for W/N, which the paper worksheet looks for
from .key import PROBE_NOTE, TABLE_NOTE, key_of, player_fill
from ..view.node_types import NODE_TYPES  # a node's type tag, which printers set in bold

DEFAULT_MAX_DRAWN = 30_000  # about 10 s to draw (b=3, d=9 alpha-beta, 29,524 nodes: see benchmarks/bench_big.py)
SYMBOL = {Player.MAX: "▲", Player.MIN: "▽", Player.CHANCE: "○"}


DEFAULT_MAX_SIZE = (26.7, 15.0)  # inches: a 16:9 slide (13.33 × 7.5) at half scale or better


ANSWERS = ("last", "always", "never")  # which frames of a deck give the search's result
BOXES = ("stub", "more", "below", "rare", "playout")  # boxes standing for what is not drawn node by node
DASHED_BOXES = ("stub", "playout")  # drawn dashed (the others dotted)


class DrawOptions(Record, frozen=True):
    """How to draw a trace.

    ``visits``: number nodes in visit order. ``legend``: add a key. ``compact``: draw the children each cutoff
    skipped as one stub. ``first_children``: draw only the first K children of each node (and the best child, and
    the child where a cutoff struck). ``draw_depth``: draw the first N plies; below them, each searched subtree is
    one stub with its count. ``max_drawn``: refuse to draw more nodes than this (drawing would seem to hang).
    ``max_size``: refuse (or, without ``draw_depth``, cut) drawings larger than (width, height) inches.
    ``question``: the exercise as set (a worksheet): every node drawn plainly, leaves with their values, inner
    nodes empty, nothing the search found (Monte Carlo tree search: every node a ``W/N`` blank to fill, and the
    question names the iterations whose path it asks, ``asked_paths``). ``flags``: (node id, text) pairs marking nodes, such as a student's
    wrong answers (``✗ you: 4``). ``reveal``: in a frame of a deck, hide the nodes not reached yet (they still hold
    their place) rather than drawing them faint. ``pass_number``: draw pass K of a search that makes several
    (MTD(f), SSS*, iterative deepening) as it ends, rather than the last. ``font_scale``: text F times as large
    against the drawing (the layout keeps 1/F of its room around the text; see :mod:`.layout`). ``answer``: in a
    deck, which frames' subtitles give the search's result (value and best move): ``last`` (only the last, so the
    deck does not give the answer away), ``always`` or ``never``; a single drawing always gives it. ``node_types``:
    tag each node searched with its Knuth and Moore type, PV, CUT or ALL, as the view assigns it (an alpha-beta
    search's trace: the command line refuses the others).
    Monte Carlo tree search: ``playouts`` draws the latest playout as a dashed line to a box with its result (a
    deck's frames always do); ``min_visits``: children visited fewer than K times (by the end) are drawn as one
    box per parent with their counts.
    """

    visits: bool = False
    legend: bool = False
    compact: bool = False
    first_children: int | None = None
    max_drawn: int = DEFAULT_MAX_DRAWN
    question: bool = False
    flags: tuple[tuple[int, str], ...] = ()
    leaf_names: bool = False
    draw_depth: int | None = None
    max_size: tuple[float, float] = DEFAULT_MAX_SIZE
    reveal: bool = False
    pass_number: int | None = None  # draw the search at the end of this pass (a search that makes several)
    font_scale: float = 1.0
    answer: str = "last"  # one of ANSWERS
    asked_paths: tuple[int, ...] = ()  # a worksheet of Monte Carlo tree search: the iterations whose path it asks
    playouts: bool = False
    min_visits: int | None = None
    node_types: bool = False
    heading: str = ""  # the title, in place of the tree's (``test-search``: "Your search against alpha-beta: …")
    flag_key: str = ""  # what ✗ marks in the key, in place of "a wrong or missing answer: …"
    lecture_boards: bool = False  # boards as a game's lecture deck draws them: notes beside, no coordinates


class SceneNode(Record, compiled=True):
    """One node to draw. ``kind`` is ``max``, ``min``, ``chance``, ``leaf``, ``board``, ``stub`` (pruned children
    drawn as one box), ``below`` (a subtree under the drawn depth, drawn as one box) or ``more`` (children left
    out of the drawing)."""

    id: str
    kind: str
    player: Player | None = None
    name: str = ""
    value: str = ""
    notes: list[str] = field(default_factory=list)  # beside the node: visit number, window
    head: str = ""  # above a board: who moves, visit number; in a leaf: its visit number
    window: str = ""  # the window, for printers that place it themselves (boards)
    beside: bool = False  # a board's head, value and window in a column beside its grid (else above and under it)
    # a board with such a column: its children not drawn, counted there rather than as a box under it ("+5 more"
    # left out; "⋯ 40 searched\n16 pruned" under the drawn depth): a lecture's slide has no room for a box's level
    undrawn: str = ""
    board: Board | None = None
    faded: bool = False  # pruned, or not reached yet
    dashed: bool = False  # pruned
    emphasis: bool = False  # on the best line
    current: bool = False  # the node the step is about
    hidden: bool = False  # not reached yet, in a deck that reveals the tree step by step: holds its place unseen
    flag: str = ""  # a mark on the node, such as a wrong answer: drawn under it, the shape doubly outlined
    fill: str = ""  # in a game of named players, the fill of the player to move (style.PLAYER_FILLS); else by player
    terse: str = ""  # its value as a slide short of room writes it, where the family gives one (a playout's result)


class SceneEdge(Record, compiled=True):
    tail: str
    head: str
    labels: list[str] = field(default_factory=list)  # the move, negamax's −(v)
    cut: str | None = None  # the cutoff's reason, on the edge to the first skipped child
    faded: bool = False
    dashed: bool = False
    dotted: bool = False  # to a "more" box
    best: bool = False  # on the best line
    taken: bool = False  # the edge the search just went down
    hidden: bool = False  # to a hidden node


class Scene(Record):
    title: str
    subtitle: str
    notes: list[str]
    nodes: list[SceneNode]
    edges: list[SceneEdge]
    legend: list[tuple[str, str]] = field(default_factory=list)  # (symbol, meaning); empty: no key
    caption: str = ""


def check_size(count: int, options: DrawOptions) -> None:
    if count > options.max_drawn:
        raise RenderError(
            f"the diagram would have {count:,} nodes, more than the limit of {options.max_drawn:,} "
            "(it would take more than about 10 s to draw); draw less with --compact or --first-children K, "
            "or raise the limit with --max-drawn N")


@as_written
def scene_of(trace, options: DrawOptions = DrawOptions(), view: TraceView | None = None) -> Scene:
    """The scene of a trace at its end (or of ``view``, the search at some step)."""
    if view is None:
        if not options.compact and options.first_children is None and options.draw_depth is None:
            check_size(trace.node_count, options)  # before any work: a huge trace is refused at once
        view = TraceView(trace, None if options.pass_number is None else pass_steps(trace, options.pass_number)[1])
    return _SceneBuilder(view, options).scene()


def frame_scene(view: TraceView, final: TraceView, options: DrawOptions = DrawOptions()) -> Scene:
    """One frame of a deck: the search as it stands in ``view``, drawn with exactly the nodes the final drawing
    (``final``, the search at its end) has, so every frame holds the same places; nodes not reached yet are faint
    (hidden with ``options.reveal``), and the caption tells the step. (A deck makes its frames with one
    :class:`FrameScenes`.)"""
    return FrameScenes(final, options).scene(view)


class FrameScenes:
    """The frames of one deck, in order: :func:`frame_scene` for each step, which nodes are drawn (and folded into
    boxes) decided once from the final view (:class:`_Chosen`), not again for every frame; and each node and edge
    made again only when what it is made from has changed since the frame before (:class:`_Unchanged`): frames
    differ in a few nodes, and unchanged ones are the same objects in every frame that shows them."""

    def __init__(self, final: TraceView, options: DrawOptions = DrawOptions()):
        self.final, self.options = final, options
        self.chosen = _Chosen(final, options)
        # (a lecture's board takes the count of its undrawn children after it is made: never shared)
        self.unchanged = None if options.lecture_boards or options.question else _Unchanged()

    @as_written
    def scene(self, view: TraceView, folded: FoldedStep | None = None, drawn: frozenset[int] = frozenset()) -> Scene:
        """The frame of the search as it stands in ``view`` (see :func:`frame_scene`); its caption tells the steps
        it ``folded`` at nodes not ``drawn`` since the frame before, if any (:meth:`.TraceView.caption`)."""
        return _SceneBuilder(view, self.options, self.final, self.chosen, (folded, drawn), self.unchanged).scene()


class _Unchanged:
    """The nodes and edges of a deck's frame before, each with what the frame decided of it (on the best line, the
    current node, a failed null-window test, the pass; an edge: its cut, on the best line, just taken), and each
    watched node's state then: everything the view holds of it. A node is made from its state and its children's
    (their values bound its own, their cut marks its edge), an edge from its child's: a frame whose node (edge) has
    none of these changed since the frame before, nor what the frame decides of it, is given the same object
    (frames never change their nodes once made). So a frame reads each node's state once and compares it once,
    however many nodes and edges are made from it."""

    STATIC = ("node", "children", "position", "subtree_size")  # a node view's fields that no step changes

    def __init__(self):
        self.nodes: dict[int, tuple[tuple, SceneNode]] = {}
        self.edges: dict[tuple[int, int], tuple[tuple, SceneEdge]] = {}
        self.states: dict[int, tuple] = {}  # each watched node's state in the frame before
        self._readers: dict[type, attrgetter] = {}

    def changed(self, view: TraceView, watched: list[int]) -> set[int]:
        """The nodes of ``watched`` whose state in ``view`` differs from the frame before's (all, in the first)."""
        changed, states, nodes = set(), self.states, view.nodes
        for node_id in watched:
            state = self.state(nodes[node_id])
            if node_id not in states or states[node_id] != state:
                states[node_id] = state
                changed.add(node_id)
        return changed

    def state(self, view: NodeView) -> tuple:
        """Everything a step may have changed in a node's view: its fields, and any attribute set on it besides."""
        reader = self._readers.get(type(view))
        if reader is None:
            names = [name for name in view.fields if name not in self.STATIC]
            reader = self._readers[type(view)] = attrgetter(*names)  # (a tuple: every node view has several)
        extra = getattr(view, "__dict__", None)
        return (reader(view), tuple(extra.items())) if extra else reader(view)


class _Chosen:
    """Which nodes a drawing shows and which it folds into boxes, read from ``final`` (the search at its end) and
    the options only: the same for every frame of a deck, so each answer is worked out once, when first asked."""

    def __init__(self, final: TraceView, options: DrawOptions):
        self.final, self.options = final, options
        self.look = final.family.look
        self._shown: dict[int, list[int]] = {}
        self._stubs: dict[int, int | None] = {}
        self._drawable_children: dict[int, tuple[list[int], list[int]]] = {}
        self._drawn: list[int] | None = None
        self._watched: list[int] | None = None
        self._plans: dict[int, tuple] = {}

    @cached_property
    def rules(self) -> list[str]:
        """The search's rules, as the titles write them (asked inside the scene's notation: :func:`.as_written`)."""
        return self.final.trace.rule_phrases()

    def drawable(self, node_id: int) -> bool:
        """Nodes of the pass shown, and nodes not reached yet (drawn faint, holding their place)."""
        view = self.final.nodes[node_id]
        return self.final.in_pass(view) or not view.reached

    def shown_children(self, node_id: int) -> list[int]:
        """The node's children drawn node by node (not rare, and with ``first_children``, among the first K, the
        best and the cut one). The list is shared: callers never change it."""
        shown = self._shown.get(node_id)
        if shown is None:
            shown = self._shown[node_id] = self._children_shown(node_id)
        return shown

    def _children_shown(self, node_id: int) -> list[int]:
        view = self.final.nodes[node_id]
        children = [child for child in view.children if self.drawable(child) and not self.rare(child)]
        k = self.options.first_children
        if k is not None and len(children) > k:
            keep = set(children[:k])
            if view.best_child is not None:
                keep.add(view.best_child)
            if view.cut is not None:
                keep.add(_cut_child(view, self.final))
            return [child for child in children if child in keep]
        return children

    def drawable_children(self, node_id: int) -> tuple[list[int], list[int]]:
        """The node's drawable children, and those of them that are rare (shared lists: callers never change them)."""
        found = self._drawable_children.get(node_id)
        if found is None:
            drawable = [child for child in self.final.nodes[node_id].children if self.drawable(child)]
            found = self._drawable_children[node_id] = drawable, [child for child in drawable if self.rare(child)]
        return found

    def drawn(self) -> list[int]:
        """The nodes drawn, in the order the drawing lists them (depth first, children in order)."""
        if self._drawn is None:
            self._drawn = self._choose_nodes()
        return self._drawn

    def watched(self) -> list[int]:
        """The nodes a frame's drawn nodes and edges are made from: the drawn nodes and their children."""
        if self._watched is None:
            self._watched = list({node_id: None for drawn in self.drawn()
                                  for node_id in (drawn, *self.final.nodes[drawn].children)})
        return self._watched

    def _choose_nodes(self) -> list[int]:
        drawn = []
        pending = [0]
        while pending:
            node_id = pending.pop()
            drawn.append(node_id)
            if self.below_depth(node_id) or self.is_stub(node_id):
                continue  # its subtree is drawn as one box
            pending.extend(reversed([child for child in self.shown_children(node_id)
                                     if not self.is_stub(child) or child == self.stub_of(node_id)]))
        return drawn

    def rare(self, node_id: int) -> bool:
        """With ``min_visits``: a child the family folds into its parent's box of rarely visited ones."""
        return bool(self.options.min_visits) and self.look.rare(self.final, node_id, self.options.min_visits)

    def is_stub(self, node_id: int) -> bool:
        """Whether the node is drawn inside its parent's one box of pruned children (``--compact``)."""
        return self.options.compact and self.final.nodes[node_id].pruned

    def stub_of(self, node_id: int) -> int | None:
        """The first pruned child of a node drawn compact: it stands for all of them."""
        if not self.options.compact:
            return None
        if node_id not in self._stubs:
            self._stubs[node_id] = next((c for c in self.shown_children(node_id) if self.final.nodes[c].pruned),
                                        None)
        return self._stubs[node_id]

    def below_depth(self, node_id: int) -> bool:
        """Whether the node is at the drawn depth with a subtree below it (drawn as one box)."""
        depth, view = self.options.draw_depth, self.final.nodes[node_id]
        return depth is not None and view.node.ply >= depth and any(self.drawable(c) for c in view.children)

    def edge_plan(self, node_id: int) -> tuple[str, list[int], int | None, list[int], int]:
        """What the drawing puts under the node, the same in every frame: ``stub`` (it is drawn inside its parent's
        box of pruned children: nothing), ``below`` (its subtree is one box) or ``children``; then the children its
        edges go to (not those drawn inside the stub), the stub, the rare children (one box) and how many drawable
        children are left out (a "+n more" box). Worked out once per node, however many frames ask."""
        plan = self._plans.get(node_id)
        if plan is None:
            if self.is_stub(node_id) or self.below_depth(node_id):
                plan = ("stub" if self.is_stub(node_id) else "below", [], None, [], 0)
            else:
                shown, stub = self.shown_children(node_id), self.stub_of(node_id)
                drawable, rare = self.drawable_children(node_id)
                plan = ("children", [child for child in shown if child == stub or not self.is_stub(child)], stub,
                        rare, len(drawable) - len(shown) - len(rare))
            self._plans[node_id] = plan
        return plan


def _cut_child(view: NodeView, among: TraceView) -> int | None:
    """The first child the node's cutoff skipped, in ``among`` (a view of the search): its edge carries ✂."""
    for child in view.children:
        if among.nodes[child].pruned and among.in_pass(among.nodes[child]):
            return child
    return None


class _SceneBuilder:
    """Builds the scene of ``view``. Which nodes are drawn, and which are folded into boxes, is read from ``final``
    (the same view unless a deck's frame is made), so a frame never adds or drops a node of the final drawing.
    What differs between families of searches (a node's texts, an edge's labels, the boxes beside nodes, the
    titles and the key's rows) is asked of the family's look (:class:`tracer.view.look.Look`)."""

    def __init__(self, view: TraceView, options: DrawOptions, final: TraceView | None = None,
                 chosen: _Chosen | None = None, folded: tuple = (None, frozenset()), unchanged: _Unchanged | None = None):
        self.view, self.options = view, options
        self.unchanged = unchanged  # the deck's frame before, its nodes and edges given again where nothing changed
        self.folded = folded  # what the caption says was searched since the frame before (a deck's frame)
        self.final = final or view
        self.frame = final is not None  # a frame of a deck: always captioned, the current node marked to the end
        self.chosen = chosen or _Chosen(self.final, options)
        self.best = set() if options.question else {node.id for node in view.best_line()}
        self.flags = dict(options.flags)
        self.more = 0  # "+n more" boxes so far
        self.look = view.family.look

    def scene(self) -> Scene:
        drawn = self._choose_nodes()
        check_size(len(drawn), self.options)
        self.current = self.view.current  # the node the step is about, or its nearest ancestor drawn
        shown = set(drawn)
        while self.current is not None and self.current not in shown:
            self.current = self.view.nodes[self.current].node.parent
        if self.unchanged is not None:
            self.changed = self.unchanged.changed(self.view, self.chosen.watched())
            self.remade = self.changed | {self.view.nodes[node_id].node.parent for node_id in self.changed}
        make = self._node if self.unchanged is None else self._node_again
        nodes = [make(self.view.nodes[node_id]) for node_id in drawn]
        edges = []
        for node_id in drawn:
            self._edges(self.view.nodes[node_id], nodes, edges)
        if not self.options.question:
            self._side_boxes(nodes, edges, shown)
        title, subtitle, notes = self._titles()
        captioned = self.view.step and (self.frame or not (self.view.finished or self.options.question))
        legend = key_of(self.view, self.options, self.frame, nodes, edges) if self.options.legend else []
        return Scene(title, subtitle, notes, nodes, edges, legend, self.view.caption(*self.folded) if captioned else "")

    @cached_property
    def _marks_current(self) -> bool:
        return self.frame or not self.view.finished

    # ---- which nodes (read from the final view, once: :class:`_Chosen`) ----------------------------------------
    def _shown_children(self, node_id: int) -> list[int]:
        return self.chosen.shown_children(node_id)

    def _cut_child(self, view: NodeView) -> int | None:
        """The first child the node's cutoff skipped, at this step: its edge carries ✂."""
        return _cut_child(view, self.view)

    def _choose_nodes(self) -> list[int]:
        return self.chosen.drawn()

    def _rare(self, node_id: int) -> bool:
        return self.chosen.rare(node_id)

    def _is_stub(self, node_id: int) -> bool:
        return self.chosen.is_stub(node_id)

    def _stub_of(self, node_id: int) -> int | None:
        return self.chosen.stub_of(node_id)

    def _below_depth(self, node_id: int) -> bool:
        return self.chosen.below_depth(node_id)

    def _subtree_counts(self, view: NodeView) -> tuple[int, int]:
        """(searched, pruned) nodes below ``view``, at this step."""
        searched = pruned = 0
        pending = list(view.children)
        while pending:
            child = self.view.nodes[pending.pop()]
            if child.pruned:
                pruned += 1
            elif child.reached:
                searched += 1
            pending.extend(child.children)
        return searched, pruned

    # ---- text -------------------------------------------------------------------------------------------------
    def _gives_answer(self) -> bool:
        """Whether the subtitle gives the search's result: a drawing always does; a deck's frame as ``answer``
        says (by default only the last frame, when the search has ended)."""
        if not self.frame or self.options.answer == "always":
            return True
        return self.options.answer == "last" and self.view.finished

    def _titles(self) -> tuple[str, str, list[str]]:
        trace = self.view.trace
        if self.options.question:
            return (trace.heading, self._question(),
                    self.look.asked(trace, self.options.asked_paths))
        rules = list(self.chosen.rules)
        subtitle = self.look.subtitle(trace, rules, self._gives_answer(), self.frame)
        notes = self.look.setting_notes(self.view, rules, self.frame, self.options.legend)
        if trace.meta.get("to_move"):
            notes.append(str(trace.meta["to_move"]))
        if self.view.mover_terms:
            notes.append("values from the view of the player to move; each edge shows the sign flip")
        if self.view.passes > 1:
            notes.append(self._pass_note())
        return self.options.heading or trace.heading, subtitle, notes

    def _pass_note(self) -> str:
        window = self.view.pass_window
        return (f"pass {self.view.pass_number} of {self.view.passes}"
                + (f", window ({format_number(window[0])}, {format_number(window[1])})" if window else "")
                + "; faint: not reached in this pass")

    def _question(self) -> str:
        """What a worksheet asks, with the rules it is asked under."""
        trace = self.view.trace
        rules = list(self.chosen.rules)
        ask = self.look.ask + ("; cross out the leaves never examined" if trace.spec.prunes else "")
        return f"{trace.title}{' (' + ', '.join(rules) + ')' if rules else ''}: {ask}"

    # ---- made again only if changed (a deck's frames: :class:`_Unchanged`) ---------------------------------------
    def _node_again(self, view: NodeView) -> SceneNode:
        """:meth:`_node`, or the frame before's object if neither the node's state nor its children's (its bound,
        its cut) has changed since (``remade``), nor what this frame decides of it."""
        node_id = view.id
        decided = (node_id in self.best, node_id == self.current and self._marks_current,
                   self.view.tested.get(node_id), self.view.pass_number)
        made = self.unchanged.nodes.get(node_id)
        if made is not None and node_id not in self.remade and made[0] == decided:
            return made[1]
        scene_node = self._node(view)
        self.unchanged.nodes[node_id] = decided, scene_node
        return scene_node

    def _edge_again(self, view: NodeView, child: NodeView, stub: int | None, cut_at: int | None) -> SceneEdge:
        """:meth:`_edge`, or the frame before's object if the child's state has not changed since, nor the cut (the
        parent's) if the edge carries it, nor whether it is on the best line or just taken."""
        key = (view.id, child.id)
        decided = (view.cut if child.id == cut_at else None, view.id in self.best and child.id in self.best,
                   self.look.taken(self.view, view, child, self._marks_current))
        made = self.unchanged.edges.get(key)
        if made is not None and child.id not in self.changed and made[0] == decided:
            return made[1]
        edge = self._edge(view, child, stub, cut_at)
        self.unchanged.edges[key] = decided, edge
        return edge

    # ---- nodes ------------------------------------------------------------------------------------------------
    def _node(self, view: NodeView) -> SceneNode:
        options, node = self.options, view.node
        node_id, at = node.id, self.view  # (a frame of a deck makes thousands of nodes: names looked up once)
        if options.question:
            return self._question_node(view)
        if self.chosen.is_stub(node_id):
            return self._stub(view)
        look, pruned, reached = self.look, view.pruned, view.reached
        count, window = look.count(at, view, options), look.window(at, view)
        name = node.name or (at.label(node_id) if options.leaf_names and not view.children else "")
        scene_node = SceneNode(f"n{node_id}", "", node.player, name=name, value=look.value(at, view),
                               window=window, faded=pruned or not reached, dashed=pruned,
                               emphasis=node_id in self.best, hidden=options.reveal and not reached,
                               current=node_id == self.current and self._marks_current)
        scene_node.fill = look.fill(at, view)  # the family's own, if any (quiescence search's nodes)
        if node.has_board:
            self._board_node(view, scene_node)
        else:
            scene_node.kind = "leaf" if not view.children else node.player.value
            if scene_node.kind == "leaf" and count:
                scene_node.head, count = count, ""  # inside the box, under the value: a leaf's level has no room
            scene_node.notes = [note for note in (count, window) if note] + look.notes(self.view, view)
        self._tag_type(view, scene_node)
        self._add_notes(view, scene_node)
        return scene_node

    def _board_node(self, view: NodeView, scene_node: SceneNode) -> None:
        """A position: its board with the last move marked, whose move it is and what the family writes beside
        that (a visit number; W/N), and what it writes under the board."""
        node, look = view.node, self.look
        scene_node.kind, scene_node.board = "board", self._board(view)
        extra = look.board_head(self.view, view, self.options)
        scene_node.head = SYMBOL[node.player] + " " + node.player.name + (f"  {extra}" if extra else "")
        scene_node.value = look.board_value(self.view, view)
        scene_node.beside = self.options.lecture_boards
        scene_node.notes = look.notes(self.view, view)

    def _stub(self, view: NodeView) -> SceneNode:
        """A pruned child drawn compact: the box of all the children its parent's cutoff skipped."""
        node, hidden = view.node, self.options.reveal and not view.reached
        if not view.pruned:  # its cutoff is still to come: an empty box holds the place
            return SceneNode(f"n{view.id}", "stub", node.player, faded=True, dashed=True, hidden=hidden)
        skipped = [c for c in self._shown_children(node.parent) if self.final.nodes[c].pruned]
        size = sum(self.view.nodes[c].subtree_size for c in skipped)
        text = f"✂ {len(skipped)} pruned" + (f"\n({size} nodes)" if size > len(skipped) else "")
        return SceneNode(f"n{view.id}", "stub", node.player, value=text, faded=True, dashed=True)

    def _tag_type(self, view: NodeView, scene_node: SceneNode) -> None:
        """Knuth and Moore's type, with ``node_types``: in a leaf's box beside its visit number (a leaf's level has
        no room), else first beside the node."""
        node_type = self.look.node_type(view, self.options)
        if node_type is None:
            return
        if scene_node.kind == "leaf":
            scene_node.head = " ".join(text for text in (scene_node.head, node_type) if text)
        else:
            scene_node.notes.insert(0, node_type)

    def _add_notes(self, view: NodeView, scene_node: SceneNode) -> None:
        """Whose move (a named player's name first, and its colour), the cutoff's reason (its edge carries ✂), a
        failed null-window test, a table's answer, Star2's probe, and a flag under the node."""
        node = view.node
        if node.mover is not None and view.children:
            scene_node.notes.insert(0, node.mover)
            scene_node.fill = player_fill(self.view.trace, node.mover)[0]
        if view.cut is not None and self._cut_child(view) in self._shown_children(view.id):
            scene_node.notes.append(f"✂ {view.cut.reason()}")
        if view.id in self.view.tested:  # principal variation search
            scene_node.notes.append(f"↻ test ≤ {format_number(self.view.tested[view.id])}")
        if view.from_table:
            scene_node.notes.append(TABLE_NOTE)
        if view.waiting and view.done:
            scene_node.notes.append(PROBE_NOTE)
        scene_node.flag = self.flags.get(view.id, "")

    def _board(self, view: NodeView):
        """The node's board, with the last move marked: as the game marks it, else the cells that changed."""
        board, parent = view.node.board, view.node.parent
        if self.options.lecture_boards:  # (the moves are named on the edges)
            board = Board(board.rows, board.glyphs, board.marked, shaded=board.shaded)
        if board.marked or parent is None or not self.view.nodes[parent].node.has_board:
            return board
        before = self.view.nodes[parent].node.board
        if len(before.rows) != len(board.rows):
            return board
        return board.with_marked(board.differences(before))

    def _question_node(self, view: NodeView) -> SceneNode:
        """The node as the exercise sets it: a leaf with its value, an inner node empty (its name only); the
        family adds its blanks."""
        node = view.node
        kind = "leaf" if not view.children else node.player.value
        value = ""
        if not view.children:
            static = node.value if node.value is not None else view.value if view.leaf else None
            if static is not None and self.view.mover_terms and node.player is Player.MIN and node.value is None:
                static = -static  # a searched leaf's value is the mover's: the question states MAX's
            value = format_number(static) if static is not None else ""
        name = node.name or (self.view.label(view.id) if self.options.leaf_names and not view.children else "")
        value, head, notes = self.look.blanks(self.view, view, value)
        return SceneNode(f"n{view.id}", kind, node.player, name=name, value=value, head=head, notes=notes)

    # ---- edges ------------------------------------------------------------------------------------------------
    def _edges(self, view: NodeView, nodes: list[SceneNode], edges: list[SceneEdge]) -> None:
        under, children, stub, rare, hidden = self.chosen.edge_plan(view.node.id)
        if under == "stub":
            return
        if under == "below":
            self._below_box(view, nodes, edges)
            return
        cut_at = self._cut_child(view) if view.cut is not None else None
        at = self.view.nodes
        make = self._edge if self.unchanged is None else self._edge_again
        for child_id in children:  # (not the pruned children drawn inside the stub)
            edges.append(make(view, at[child_id], stub, cut_at))
        text = self.look.rare_text(self.view, self.final, rare) if rare else ""
        if text:
            box = f"rare{view.id}"
            nodes.append(SceneNode(box, "rare", value=text, faded=True))
            edges.append(SceneEdge(f"n{view.id}", box, faded=True, dotted=True,
                                   labels=[f"< {self.options.min_visits} visits each"]))
        board = self._lecture_board(view, nodes) if hidden > 0 else None
        if hidden > 0 and board is not None:  # a lecture's board: counted in its column (its children's level full)
            board.undrawn = f"+{hidden} more"
        elif hidden > 0:
            self.more += 1
            more = f"more{self.more}"
            nodes.append(SceneNode(more, "more", value=f"+{hidden} more", faded=True))
            edges.append(SceneEdge(f"n{view.id}", more, faded=True, dotted=True))

    def _edge(self, view: NodeView, child: NodeView, stub: int | None, cut_at: int | None) -> SceneEdge:
        """The edge from ``view`` to ``child``: the move, a chance's probability, negamax's −(v), the family's
        labels; faded, dashed, cut, on the best line or taken."""
        tail, head = view.node.id, child.node.id
        edge = SceneEdge(f"n{tail}", f"n{head}", labels=self._edge_labels(child, stub))
        if self.options.question:
            return edge
        edge.labels += self.look.edge_labels(self.view, child)
        pruned, reached = child.pruned, child.reached
        edge.faded, edge.dashed = pruned or not reached, pruned
        edge.hidden = self.options.reveal and not reached
        if head == cut_at:
            edge.cut = view.cut.reason()
        edge.best = tail in self.best and head in self.best
        edge.taken = self.look.taken(self.view, view, child, self._marks_current)
        return edge

    def _edge_labels(self, child: NodeView, stub: int | None) -> list[str]:
        labels, node = [], child.node
        if (node.has_board or self.view.is_game) and node.move is not None and child.id != stub:
            labels.append(node.move)  # a game's move (a tree's children are named in their nodes)
        if node.p is not None and child.id != stub:  # a chance node's move: its probability
            labels.append(format_probability(node.p))
        if self.view.mover_terms and child.value is not None:
            labels.append(negated(format_number(child.value)))
        return labels

    def _below_box(self, view: NodeView, nodes: list[SceneNode], edges: list[SceneEdge]) -> None:
        """The subtree under the drawn depth, as one box with its counts (searched below, by the end)."""
        if not any(self.final.nodes[c].reached for c in view.children):
            return
        searched, pruned = self._subtree_counts(view)
        below, text = f"below{view.id}", ""
        if searched or pruned:
            text = f"⋯ {searched:,} searched" + (f"\n{pruned:,} pruned" if pruned else "")
        board = self._lecture_board(view, nodes)
        if board is not None:  # a lecture's board: the counts in its column (a slide has no height for a level more)
            board.undrawn = text
            return
        hidden = self.options.reveal and not text
        nodes.append(SceneNode(below, "below", value=text, faded=True, hidden=hidden))
        edges.append(SceneEdge(f"n{view.id}", below, faded=True, dotted=True, hidden=hidden))

    def _lecture_board(self, view: NodeView, nodes: list[SceneNode]) -> SceneNode | None:
        """``view``'s board if a lecture draws it (its text in a column beside it: ``SceneNode.undrawn``), else None.
        (A lecture's scene is a few dozen nodes; no other is searched.)"""
        if not self.options.lecture_boards:
            return None
        return next((node for node in nodes if node.id == f"n{view.id}" and node.beside), None)

    def _side_boxes(self, nodes: list[SceneNode], edges: list[SceneEdge], shown: set[int]) -> None:
        """The boxes the family draws beside nodes on a dashed edge (Monte Carlo tree search: a playout)."""
        for kind, node_id, text, terse, hidden in self.look.side_boxes(self.view, self.final, self.frame, shown,
                                                                       self.options):
            nodes.append(SceneNode(f"{kind}{node_id}", kind, value=text, terse=terse, hidden=hidden))
            edges.append(SceneEdge(f"n{node_id}", f"{kind}{node_id}", dashed=True, hidden=hidden))
