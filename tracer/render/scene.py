"""View → scene: a format-neutral description of what to draw, where every drawing decision is made.

A scene lists nodes (shape, name, value text, notes beside the node, board, whether faded, dashed, emphasised or
current) and edges (labels, cut mark with its reason, style, whether on the best line or just taken), with the
title lines, the key and the caption. The printers (DOT today) only turn it into their format; they decide
nothing. Textbook conventions: MAX nodes are triangles, MIN nodes inverted triangles, leaves boxes; meaning never
rests on colour alone (pruned parts are dashed and faded, the best line is thick, cutoffs carry ✂).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from ..errors import RenderError
from ..model.state import Board, Player
from ..text import format_number, format_probability, negated
from ..view import Bound, NodeView, TraceView, pass_steps
from ..view.mcts import ratio, statistic
from ..view.vectors import named_players
from .style import PLAYER_FILLS
from ..view.node_types import NODE_TYPES  # a node's type tag, which printers set in bold

DEFAULT_MAX_DRAWN = 30_000  # about 10 s to draw (b=3, d=9 alpha-beta, 29,524 nodes: see benchmarks/bench_big.py)
SYMBOL = {Player.MAX: "▲", Player.MIN: "▽", Player.CHANCE: "○"}
TABLE_NOTE = "⊞ table"  # beside a node answered from the transposition table
PROBE_NOTE = "probe: 1st child"  # beside a node Star2 probed and never searched in full


DEFAULT_MAX_SIZE = (26.7, 15.0)  # inches: a 16:9 slide (13.33 × 7.5) at half scale or better


ANSWERS = ("last", "always", "never")  # which frames of a deck give the search's result
BOXES = ("stub", "more", "below", "rare", "playout")  # boxes standing for what is not drawn node by node
W_N_BLANK = "____/____"  # a worksheet's blank for a node's W/N (Monte Carlo tree search)
DASHED_BOXES = ("stub", "playout")  # drawn dashed (the others dotted)


@dataclass(frozen=True)
class DrawOptions:
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


@dataclass
class SceneNode:
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
    board: Board | None = None
    faded: bool = False  # pruned, or not reached yet
    dashed: bool = False  # pruned
    emphasis: bool = False  # on the best line
    current: bool = False  # the node the step is about
    hidden: bool = False  # not reached yet, in a deck that reveals the tree step by step: holds its place unseen
    flag: str = ""  # a mark on the node, such as a wrong answer: drawn under it, the shape doubly outlined
    fill: str = ""  # in a game of named players, the fill of the player to move (style.PLAYER_FILLS); else by player


@dataclass
class SceneEdge:
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


@dataclass
class Scene:
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
    (hidden with ``options.reveal``), and the caption tells the step."""
    return _SceneBuilder(view, options, final).scene()


class _SceneBuilder:
    """Builds the scene of ``view``. Which nodes are drawn, and which are folded into boxes, is read from ``final``
    (the same view unless a deck's frame is made), so a frame never adds or drops a node of the final drawing."""

    def __init__(self, view: TraceView, options: DrawOptions, final: TraceView | None = None):
        self.view, self.options = view, options
        self.final = final or view
        self.frame = final is not None  # a frame of a deck: always captioned, the current node marked to the end
        self.best = set() if options.question else {node.id for node in view.best_line()}
        self.flags = dict(options.flags)
        self.more = 0  # "+n more" boxes so far
        self.mcts = view.family.name == "mcts"  # Monte Carlo tree search: W/N, UCB totals, the iteration's path

    def scene(self) -> Scene:
        drawn = self._choose_nodes()
        check_size(len(drawn), self.options)
        self.current = self.view.current  # the node the step is about, or its nearest ancestor drawn
        shown = set(drawn)
        while self.current is not None and self.current not in shown:
            self.current = self.view.nodes[self.current].node.parent
        nodes, edges = [], []
        for node_id in drawn:
            nodes.append(self._node(self.view.nodes[node_id]))
        for node_id in drawn:
            self._edges(self.view.nodes[node_id], nodes, edges)
        if self.mcts and not self.options.question:
            self._playout(nodes, edges, shown)
        title, subtitle, notes = self._titles()
        captioned = self.view.step and (self.frame or not (self.view.finished or self.options.question))
        return Scene(title, subtitle, notes, nodes, edges, self._legend(nodes, edges) if self.options.legend else [],
                     self.view.caption() if captioned else "")

    @property
    def _marks_current(self) -> bool:
        return self.frame or not self.view.finished

    # ---- which nodes (read from the final view) ---------------------------------------------------------------
    def _drawable(self, node_id: int) -> bool:
        """Nodes of the pass shown, and nodes not reached yet (drawn faint, holding their place)."""
        view = self.final.nodes[node_id]
        return self.final.in_pass(view) or not view.reached

    def _shown_children(self, node_id: int) -> list[int]:
        view = self.final.nodes[node_id]
        children = [child for child in view.children if self._drawable(child)]
        if self.mcts and self.options.min_visits:
            children = [child for child in children if not self._rare(child)]
        k = self.options.first_children
        if k is not None and len(children) > k:
            keep = set(children[:k])
            if view.best_child is not None:
                keep.add(view.best_child)
            if view.cut is not None:
                keep.add(self._cut_child(view, self.final))
            return [child for child in children if child in keep]
        return children

    def _cut_child(self, view: NodeView, among: TraceView | None = None) -> int | None:
        """The first child the node's cutoff skipped (in ``among``, the step's view by default): its edge carries ✂."""
        among = among or self.view
        for child in view.children:
            if among.nodes[child].pruned and among.in_pass(among.nodes[child]):
                return child
        return None

    def _choose_nodes(self) -> list[int]:
        drawn = []
        pending = [0]
        while pending:
            node_id = pending.pop()
            drawn.append(node_id)
            if self._below_depth(node_id) or self._is_stub(node_id):
                continue  # its subtree is drawn as one box
            pending.extend(reversed([child for child in self._shown_children(node_id)
                                     if not self._is_stub(child) or child == self._stub_of(node_id)]))
        return drawn

    def _rare(self, node_id: int) -> bool:
        """MCTS with ``--min-visits K``: a node visited fewer than K times by the end (never the move chosen)."""
        final = self.final.nodes[node_id]
        return final.visits < self.options.min_visits and self.final.root.best_child != node_id

    def _is_stub(self, node_id: int) -> bool:
        """Whether the node is drawn inside its parent's one box of pruned children (``--compact``)."""
        return self.options.compact and self.final.nodes[node_id].pruned

    def _stub_of(self, node_id: int) -> int | None:
        """The first pruned child of a node drawn compact: it stands for all of them."""
        if not self.options.compact:
            return None
        return next((c for c in self._shown_children(node_id) if self.final.nodes[c].pruned), None)

    def _below_depth(self, node_id: int) -> bool:
        """Whether the node is at the drawn depth with a subtree below it (drawn as one box)."""
        depth, view = self.options.draw_depth, self.final.nodes[node_id]
        return depth is not None and view.node.ply >= depth and any(self._drawable(c) for c in view.children)

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
            return trace.meta.get("title") or trace.name, _question(trace), _asked(trace, self.options.asked_paths)
        rules = trace.rule_phrases()
        subtitle = f"{trace.title}{' (' + ', '.join(rules) + ')' if rules and not self.mcts else ''}"
        if self._gives_answer() and self.mcts:
            if trace.best_move is not None:
                subtitle += f": best move {trace.best_move} (mean reward for MAX {ratio(trace.value)})"
        elif self._gives_answer():
            subtitle += f": value {format_number(trace.value)}"
            if trace.best_move is not None:
                subtitle += f", best move {trace.best_move}"
        notes = []
        if self.mcts:  # its settings on a line of their own, so that the title stays as narrow as the tree
            notes.append(", ".join(rules))
            if self.frame and not self.view.finished:
                notes.append(f"iteration {self.view.iteration:,} of {trace.spec.iterations:,}")
            elif not self.options.legend:  # the key says it otherwise
                notes.append("W/N: wins / visits, W for the player who chose the move in; Q = W/N")
        if trace.meta.get("to_move"):
            notes.append(str(trace.meta["to_move"]))
        if self.view.mover_terms:
            notes.append("values from the view of the player to move; each edge shows the sign flip")
        if self.view.passes > 1:
            window = self.view.pass_window
            notes.append(f"pass {self.view.pass_number} of {self.view.passes}"
                         + (f", window ({format_number(window[0])}, {format_number(window[1])})" if window else "")
                         + "; faint: not reached in this pass")
        return self.options.heading or trace.meta.get("title") or trace.name, subtitle, notes

    def _value_text(self, view: NodeView) -> str:
        if self.mcts and view.reached and view.children:
            return f"{statistic(view.wins)}/{view.visits}"
        if view.value is not None:
            return self.view.shows(view.value, self.view.bound_now(view))
        static = view.node.value
        if static is not None and not view.children:  # an explicit tree's leaf shows its value throughout a deck:
            # faint before it is reached, plain while it is entered and after (never blank between the two)
            if self.view.mover_terms and view.node.player is Player.MIN:
                static = -static  # in the mover's terms, like its searched siblings
            return format_number(static)
        return ""

    def _window_text(self, view: NodeView) -> str:
        if view.window is None or view.pruned or view.leaf or not view.children:
            return ""  # a leaf's window is its parent's, written beside the parent
        alpha, beta = view.window
        return f"α={format_number(alpha)} β={format_number(beta)}"

    # ---- nodes ------------------------------------------------------------------------------------------------
    def _node(self, view: NodeView) -> SceneNode:
        if self.options.question:
            return self._question_node(view)
        node = view.node
        faded = view.pruned or not view.reached
        hidden = self.options.reveal and not view.reached
        if self._is_stub(view.id):
            if not view.pruned:  # its cutoff is still to come: an empty box holds the place
                return SceneNode(f"n{view.id}", "stub", node.player, faded=True, dashed=True, hidden=hidden)
            parent = node.parent
            skipped = [c for c in self._shown_children(parent) if self.final.nodes[c].pruned]
            size = sum(self.view.nodes[c].subtree_size for c in skipped)
            text = f"✂ {len(skipped)} pruned" + (f"\n({size} nodes)" if size > len(skipped) else "")
            return SceneNode(f"n{view.id}", "stub", node.player, value=text, faded=True, dashed=True)
        visit = f"#{view.visit}" if self.options.visits and view.visit is not None else ""
        window = self._window_text(view)
        value = self._value_text(view)
        name = node.name or (self.view.label(view.id) if self.options.leaf_names and not view.children else "")
        scene_node = SceneNode(f"n{view.id}", "", node.player, name=name, value=value, window=window,
                               faded=faded, dashed=view.pruned, emphasis=view.id in self.best, hidden=hidden,
                               current=view.id == self.current and self._marks_current)
        if self.mcts:
            visit = f"{statistic(view.wins)}/{view.visits}" if view.reached and not view.children else ""
            scene_node.window = ""
            if view.reached and view.visits and view.children:
                scene_node.notes.append(f"Q={ratio(view.wins / view.visits)}")
        if node.has_board:
            scene_node.kind, scene_node.board = "board", self._board(view)
            head = SYMBOL[node.player] + " " + node.player.name
            if self.mcts and view.reached:
                head += f"  {statistic(view.wins)}/{view.visits}"
                scene_node.value = ""
            scene_node.head = f"{head}  {visit}" if visit and not self.mcts else head
            if view.pruned and not value:
                scene_node.value = "pruned"
        else:
            scene_node.kind = "leaf" if not view.children else node.player.value
            if scene_node.kind == "leaf" and visit:
                scene_node.head = visit  # inside the box, under the value: a leaf's level has no room to spare
            elif not self.mcts:
                scene_node.notes = [note for note in (visit, window) if note]
        if self.options.node_types and not self.mcts and view.node_type is not None and not view.pruned:
            if scene_node.kind == "leaf":  # inside the box, beside its visit number: a leaf's level has no room
                scene_node.head = " ".join(text for text in (scene_node.head, view.node_type) if text)
            else:
                scene_node.notes.insert(0, view.node_type)
        if node.mover is not None and view.children:  # whose move: the player's name beside it, and its colour
            scene_node.notes.insert(0, node.mover)
            scene_node.fill = player_fill(self.view.trace, node.mover)[0]
        if view.cut is not None and self._cut_child(view) in self._shown_children(view.id):
            scene_node.notes.append(f"✂ {view.cut.reason()}")  # the reason beside the node; its edge carries ✂
        if view.id in self.view.tested and not self.options.question:  # principal variation search
            scene_node.notes.append(f"↻ test ≤ {format_number(self.view.tested[view.id])}")
        if view.from_table and not self.options.question:
            scene_node.notes.append(TABLE_NOTE)
        if view.waiting and view.done and not self.options.question:
            scene_node.notes.append(PROBE_NOTE)
        scene_node.flag = self.flags.get(view.id, "")
        return scene_node

    def _board(self, view: NodeView):
        """The node's board, with the last move marked: as the game marks it, else the cells that changed."""
        board, parent = view.node.board, view.node.parent
        if board.marked or parent is None or not self.view.nodes[parent].node.has_board:
            return board
        before = self.view.nodes[parent].node.board
        if len(before.rows) != len(board.rows):
            return board
        return board.with_marked(board.differences(before))

    @cached_property
    def _given_before(self) -> dict:
        """Monte Carlo tree search: node id -> the statistics the tree file gives it before the search."""
        return {event.node: event for event in self.view.trace.events if event.kind == "mcts_given"}

    def _question_node(self, view: NodeView) -> SceneNode:
        """The node as the exercise sets it: a leaf with its value, an inner node empty (its name only)."""
        node = view.node
        kind = "leaf" if not view.children else node.player.value
        value = ""
        if not view.children:
            static = node.value if node.value is not None else view.value if view.leaf else None
            if static is not None and self.view.mover_terms and node.player is Player.MIN and node.value is None:
                static = -static  # a searched leaf's value is the mover's: the question states MAX's
            value = format_number(static) if static is not None else ""
        name = node.name or (self.view.label(view.id) if self.options.leaf_names and not view.children else "")
        scene_node = SceneNode(f"n{view.id}", kind, node.player, name=name, value=value)
        if self.mcts:  # every node may join the tree: each has W/N to fill (a leaf's under its value)
            if view.children:
                scene_node.value = W_N_BLANK
            else:
                scene_node.head = W_N_BLANK
            given = self._given_before.get(view.id)
            if given is not None:  # the tree file's stats: the search goes on from them
                scene_node.notes.append(f"before: {statistic(given.wins)}/{given.visits}")
        return scene_node

    # ---- edges ------------------------------------------------------------------------------------------------
    def _edges(self, view: NodeView, nodes: list[SceneNode], edges: list[SceneEdge]) -> None:
        if self._is_stub(view.id):
            return
        if self._below_depth(view.id):
            if any(self.final.nodes[c].reached for c in view.children):  # searched below, by the end
                searched, pruned = self._subtree_counts(view)
                below, text = f"below{view.id}", ""
                if searched or pruned:
                    text = f"⋯ {searched:,} searched" + (f"\n{pruned:,} pruned" if pruned else "")
                hidden = self.options.reveal and not text
                nodes.append(SceneNode(below, "below", value=text, faded=True, hidden=hidden))
                edges.append(SceneEdge(f"n{view.id}", below, faded=True, dotted=True, hidden=hidden))
            return
        shown = self._shown_children(view.id)
        cut_at = self._cut_child(view) if view.cut is not None else None
        stub = self._stub_of(view.id)
        for child_id in shown:
            child = self.view.nodes[child_id]
            if self._is_stub(child_id) and child_id != stub:
                continue  # drawn inside the stub
            edge = SceneEdge(f"n{view.id}", f"n{child_id}")
            if (child.node.has_board or self.view.is_game) and child.node.move is not None and child_id != stub:
                edge.labels.append(child.node.move)  # a game's move (a tree's children are named in their nodes)
            if child.node.p is not None and child_id != stub:  # a chance node's move: its probability
                edge.labels.append(format_probability(child.node.p))
            if self.view.mover_terms and child.value is not None:
                edge.labels.append(negated(format_number(child.value)))
            if self.options.question:
                edges.append(edge)
                continue
            if self.mcts and child.last_total is not None and child.reached:
                edge.labels.append(f"UCB {ratio(child.last_total)}")  # the total it was last selected by
            edge.faded, edge.dashed = child.pruned or not child.reached, child.pruned
            edge.hidden = self.options.reveal and not child.reached
            if child_id == cut_at:
                edge.cut = view.cut.reason()
            edge.best = view.id in self.best and child_id in self.best
            edge.taken = child_id == self.view.current and child.status == "active" and self._marks_current
            if self.mcts:  # the path of the iteration under way stands out
                edge.taken = child_id in self.view.path and view.id in self.view.path
            edges.append(edge)
        hidden = len([c for c in self.final.nodes[view.id].children if self._drawable(c)]) - len(shown)
        if self.mcts and self.options.min_visits:
            rare = [c for c in self.final.nodes[view.id].children if self._drawable(c) and self._rare(c)]
            hidden -= len(rare)
            made = [c for c in rare if self.final.nodes[c].reached]
            if made:
                size = sum(self._made_below(c) for c in made)
                visits = sum(self.view.nodes[c].visits for c in made)
                box = f"rare{view.id}"
                nodes.append(SceneNode(box, "rare", value=f"{size:,} node{'s' if size != 1 else ''}\n"
                                                         f"{visits:,} visit{'s' if visits != 1 else ''}", faded=True))
                edges.append(SceneEdge(f"n{view.id}", box, faded=True, dotted=True,
                                       labels=[f"< {self.options.min_visits} visits each"]))
        if hidden > 0:
            self.more += 1
            more = f"more{self.more}"
            nodes.append(SceneNode(more, "more", value=f"+{hidden} more", faded=True))
            edges.append(SceneEdge(f"n{view.id}", more, faded=True, dotted=True))

    def _made_below(self, node_id: int) -> int:
        """How many nodes the search made in the subtree of ``node_id`` (itself included), by the end."""
        count, pending = 0, [node_id]
        while pending:
            view = self.final.nodes[pending.pop()]
            if view.reached:
                count += 1
                pending.extend(view.children)
        return count

    def _playout(self, nodes: list[SceneNode], edges: list[SceneEdge], shown: set[int]) -> None:
        """MCTS: the latest playout, as a dashed line from its node to a box with its moves and result (with
        ``--playouts``). A deck's frames keep one layout, so each node that plays out in the deck has its box in
        every frame, seen only while its playout is the iteration's."""
        latest = self.view.playout
        if self.frame:
            playouts = [event for event in _playouts(self.final) if event.node in shown]
        elif self.options.playouts and latest is not None and latest.node in shown:
            playouts = [latest]
        else:
            return
        for event in playouts:
            text = playout_text(event, self.view.is_game)
            if text is None:
                continue
            hidden = latest is None or latest.node != event.node
            nodes.append(SceneNode(f"playout{event.node}", "playout", value=text, hidden=hidden))
            edges.append(SceneEdge(f"n{event.node}", f"playout{event.node}", dashed=True, hidden=hidden))

    # ---- the key ----------------------------------------------------------------------------------------------
    def _legend(self, nodes: list[SceneNode], edges: list[SceneEdge]) -> list[tuple[str, str]]:
        """Only what this drawing shows, in the order of :data:`KEY_ROWS`."""
        kinds = {node.kind for node in nodes}
        values = [node.value for node in nodes]
        boards = [node for node in nodes if node.kind == "board"]
        shown = {
            "max": "max" in kinds,
            "max board": any(node.player is Player.MAX for node in boards),
            "min": "min" in kinds,
            "min board": any(node.player is Player.MIN for node in boards),
            "chance": "chance" in kinds,
            "marked": any(node.board is not None and node.board.marked for node in boards),
            "leaf": "leaf" in kinds,
            "current": any(node.current for node in nodes),
            "taken": not self.mcts and any(edge.taken for edge in edges),
            "unreached": any(node.faded and not node.dashed and not node.hidden and node.kind not in ("more", "below")
                             for node in nodes),
            "revealed": any(node.hidden for node in nodes),
            "pruned": any(node.dashed and node.kind != "stub" for node in nodes),
            "stub": "stub" in kinds,
            "below": "below" in kinds,
            "best": any(edge.best for edge in edges),
            "cut": any(edge.cut for edge in edges),
            "bound": any(v.startswith((Bound.UPPER, Bound.LOWER)) for v in values),
            "window": any(node.window for node in nodes) and not self.frame,
            "window now": any(node.window for node in nodes) and self.frame,
            "negamax": self.view.mover_terms,
            "researched": any(note.startswith("↻") for node in nodes for note in node.notes),
            "table": any(TABLE_NOTE in node.notes for node in nodes),
            "probe": any(PROBE_NOTE in node.notes for node in nodes),
            "visits": self.options.visits,
            "flag": any(node.flag for node in nodes),
            "more": "more" in kinds,
            "mcts": self.mcts,
            "ucb": any(label.startswith("UCB") for edge in edges for label in edge.labels),
            "path": self.mcts and any(edge.taken for edge in edges),
            "playout": "playout" in kinds,
            "rare": "rare" in kinds,
            "node types": self.options.node_types and not self.mcts,
        }
        players = named_players(self.view.trace)
        if players:  # a game of named players: each player's row says whose node it is, not MAX's triangle
            shown["max"] = shown["min"] = False
        rows = [(row[0], self.options.flag_key) if name == "flag" and self.options.flag_key else row
                for name, row in KEY_ROWS.items() if shown[name]]
        return rows + [(f"■ {player}", f"{player} to move (named under it; {player_fill(self.view.trace, player)[1]})")
                       for player in players if any(node.fill and node.notes[:1] == [player] for node in nodes)]


def player_fill(trace, player: str) -> tuple[str, str]:
    """The fill of a named player's nodes and its colour's name (:data:`PLAYER_FILLS`, in turn)."""
    return PLAYER_FILLS[named_players(trace).index(player) % len(PLAYER_FILLS)]


# Every row a key can have, in the order a key lists them (a deck's key is the union of its frames' keys).
KEY_ROWS = {
    "max": ("▲", "MAX node (triangle)"),
    "max board": ("▲ MAX", "a position with MAX to move (blue)"),
    "min": ("▽", "MIN node (inverted triangle)"),
    "min board": ("▽ MIN", "a position with MIN to move (orange)"),
    "chance": ("○", "chance node (circle): its children averaged, weighted by the probabilities on the edges"),
    "marked": ("▣", "the move just played (thick cell)"),
    "leaf": ("□", "leaf (box)"),
    "current": ("◎", "this step's node: double red outline"),
    "taken": ("┃", "the edge just taken: thick red"),
    "unreached": ("░", "faint: not reached yet"),
    "revealed": ("…", "not reached yet: hidden, each node appears when the search reaches it"),
    "pruned": ("┄", "pruned: dashed and faded, never searched"),
    "stub": ("✂ n", "n children a cutoff skipped, drawn as one box"),
    "below": ("⋯ n", "n nodes searched below the drawn depth"),
    "best": ("━", "best line: thick edges and outlines"),
    "cut": ("✂", "cutoff: the remaining children are skipped"),
    "bound": ("≤ 2", "a bound: the search stopped early"),
    "window": ("α β", "the window when the node was left"),
    "window now": ("α β", "the window as it stands"),
    "negamax": ("−(v)", "negamax: a child's value, negated for the parent"),
    "researched": ("↻", "searched again: its null-window test failed high (the bound it proved)"),
    "table": ("⊞", "answered from the transposition table, not searched below"),
    "probe": ("probe", "Star2's probe: only the first child searched, a bound on the node"),
    "visits": ("#4", "visit order"),
    "flag": ("✗", "a wrong or missing answer: double outline, the answer given under it"),
    "more": ("+n more", "children left out of the drawing"),
    "mcts": ("W/N", "wins / visits (W for the player who chose the move in); Q = W/N"),
    "ucb": ("UCB", "the UCB1 total Q + C·√(ln N / n) the child was last selected by"),
    "path": ("┃", "the latest iteration's path: thick red"),
    "playout": ("┄ □", "the playout from the new node, and its result"),
    "rare": ("⋯ n", "children visited fewer than --min-visits times, as one box"),
    "node types": ("PV CUT ALL", "Knuth & Moore's node types: the root PV; a PV's first child PV, its others CUT; "
                                 "a CUT's children ALL; an ALL's children CUT"),
}


def playout_text(event, is_game: bool) -> str | None:
    """A playout's box: how many moves and the result (``None``: the node ended the game, no playout to draw)."""
    if event.how == "eval":
        what = "evaluation"
    elif event.how == "terminal" or not event.moves:
        return None
    elif event.how == "cut":
        what = f"{len(event.moves):,} moves, cut: evaluation"
    else:
        what = f"{len(event.moves)} {event.how} move{'s' if len(event.moves) != 1 else ''}"
    result = {1.0: "MAX wins", 0.0: "MIN wins", 0.5: "draw"}.get(event.reward) if is_game and event.how != "cut" \
        else None
    return f"playout: {what}\n{result or f'reward {ratio(event.reward)}'}"


def _playouts(view: TraceView) -> list:
    """Every playout of the whole search, once per node (a node plays out when it joins the tree)."""
    if not hasattr(view, "all_playouts"):
        view.all_playouts = [event for event in view.trace.events if event.kind == "mcts_playout"]
    return view.all_playouts


def _question(trace) -> str:
    """What a worksheet asks, with the rules it is asked under."""
    rules = trace.rule_phrases()
    ask = "give each inner node's value and the best move"
    if trace.spec.samples:
        ask = "write W/N in every node the search makes, and give the best move"
    if trace.spec.prunes:
        ask += "; cross out the leaves never examined"
    return f"{trace.title}{' (' + ', '.join(rules) + ')' if rules else ''}: {ask}"


def _asked(trace, paths: tuple[int, ...]) -> list[str]:
    """A worksheet's lines under its question: for Monte Carlo tree search, whose terms W is in, and the
    iterations whose path it asks (``paths``)."""
    if not trace.spec.samples:
        return []
    lines = ["W for the player who chose the move into the node (the root's: its own player's); N: visits"]
    if paths:
        lines.append(f"give the path of iteration{'s' if len(paths) > 1 else ''} {', '.join(map(str, paths))}: "
                     "from the root to the node expanded (or the end of the game reached)")
    return lines
