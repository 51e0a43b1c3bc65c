"""Explicit game trees, the model a tree file is read into (by :mod:`tracer.inputs.trees`): nodes that offer the
position interface the searches take, and the tree with its metadata.

A tree is searched to its leaves, or with a depth limit (:meth:`Tree.cut_at`) to a horizon where inner nodes are
evaluated by their ``eval``.
"""

from __future__ import annotations


from ..errors import SearchOptionError
from ..numbers import WRITTEN, Notation
from ..records import Record
from .state import NamedPlayers, Player  # noqa: F401 (NamedPlayers: read from here too)


class TreeNode:
    """A node of an explicit game tree: a leaf with a value, or an inner node with children (and perhaps a static
    ``evaluation``, its ``eval:``, for searches with a depth limit).

    In a tree with named players (``named``, a :class:`NamedPlayers`), a leaf's value is a tuple, one utility per
    player, and ``mover`` is the index of the player to move (``player`` is then MAX: each player maximises its own
    component); elsewhere ``named`` and ``mover`` are ``None``.

    Offers :class:`tracer.model.game.GameState`; its moves are child indices.
    """

    __slots__ = ("name", "player", "children", "value", "evaluation", "path", "line", "file", "p", "stats", "mover",
                 "named")
    explicit = True  # the whole subtree is data: pruned subtrees can be drawn in full

    def __init__(self, player, children=(), value=None, name="", path="tree", line=None, evaluation=None, file=None,
                 p=None, stats=None, mover=None, named=None):
        self.player = player
        self.mover = mover  # the index of the player to move, in a tree with named players
        self.named = named  # the tree's NamedPlayers, or None (two players, MAX and MIN)
        self.stats = stats  # (W, N) a tree file's stats: gives the node before a Monte Carlo tree search
        self.p = p  # the probability of reaching this node from its parent, a chance node
        self.children = tuple(children)
        self.value = value
        self.evaluation = evaluation
        self.name = name
        self.path = path
        self.line = line
        self.file = file

    def moves(self):
        return range(len(self.children))

    def child(self, move):
        return self.children[move]

    def is_terminal(self):
        return not self.children

    def utility(self):
        return self.value

    def probability(self, move):
        """A chance node's probability of ``move``."""
        return self.children[move].p

    def given_stats(self) -> tuple[float, int] | None:
        """The statistics (W, N) the tree file's ``stats:`` gives this node before a Monte Carlo tree search."""
        return self.stats

    def evaluate(self):
        if self.evaluation is not None:
            return self.evaluation
        if not self.children:
            return self.value
        raise SearchOptionError(f"{self.place()}: the search stops here (a depth limit) but the node has no static "
                                "value: give it one with eval:, e.g. {name: C, eval: 3, children: [...]}, "
                                "or search deeper")

    def place(self) -> str:
        """Where the node is written: ``trees/x.yaml:5: tree[1] (C)``."""
        where = ":".join(str(part) for part in (self.file, self.line) if part is not None)
        what = f"{self.path} ({self.name})" if self.name else self.path
        return f"{where}: {what}" if where else what

    def move_name(self, move):
        return self.children[move].name or f"{self.name}{move + 1}"

    @property
    def mover_name(self) -> str | None:
        """The name of the player to move, in a tree with named players (``"B"``), else ``None``."""
        return None if self.named is None else self.named.names[self.mover]

    def copy(self, children=None, **changes) -> "TreeNode":
        """This node with other children (or fields)."""
        fields = {slot: getattr(self, slot) for slot in self.__slots__}
        fields["children"] = self.children if children is None else children
        fields.update(changes)
        return TreeNode(**fields)

    def __repr__(self):
        if self.is_terminal():
            return f"TreeNode({self.name or self.path}={self.value})"
        return f"TreeNode({self.name or self.path}, {len(self.children)} children)"


class Tree(Record, frozen=True):
    """A loaded tree file: the root node and its metadata."""

    root: TreeNode
    name: str
    title: str = ""
    source: str = ""
    file: str = ""
    node_count: int = 0
    notation: Notation = WRITTEN  # how the file writes its numbers: how they are shown

    def meta(self) -> dict:
        meta = {"kind": "tree", "name": self.name, "title": self.title, "source": self.source, "file": self.file}
        if self.notation != WRITTEN:  # (the default goes without saying, as in a trace saved before notations)
            meta["numbers"] = self.notation.as_meta()
        if self.root.named is not None:  # a game of named players: the order of every vector's components
            meta["players"] = list(self.root.named.names)
            if self.root.named.total is not None:  # every vector's sum: max^n can prune (tracer grade reads it)
                meta["sum"] = self.root.named.total
        return meta

    @property
    def alternates(self) -> bool:
        """Whether every child belongs to the other player than its parent, MAX or MIN (what negamax assumes)."""
        return first_repeat(self.root) is None and first_chance(self.root) is None

    def cut_at(self, depth: int) -> "Tree":
        """The tree a search ``depth`` plies deep sees: nodes at that ply with children become leaves valued by their
        ``eval`` (one without gets an error naming it). Names stay those of the whole tree."""
        if depth < 0:
            raise SearchOptionError(f"the depth must be 0 or more, got {depth}")
        order, pending = [], [(self.root, 0)]
        while pending:  # depth-first, parents before children, no recursion
            node, ply = pending.pop()
            order.append((node, ply))
            if ply < depth:
                pending.extend((child, ply + 1) for child in node.children)
        made: dict[int, TreeNode] = {}
        for node, ply in reversed(order):
            if not node.children:
                made[id(node)] = node
            elif ply == depth:
                made[id(node)] = node.copy(children=(), value=node.evaluate())
            else:
                made[id(node)] = node.copy(children=tuple(made[id(child)] for child in node.children))
        return Tree(made[id(self.root)], self.name, self.title, self.source, self.file, node_count=len(order),
                    notation=self.notation)


def has_chance(root) -> bool:
    """Whether chance moves below ``root``: a tree file with a chance node, or a game with dice."""
    inner = getattr(root, "inner", root)
    if isinstance(inner, TreeNode):
        return first_chance(inner) is not None
    return getattr(inner, "chance", False) is True


def has_named_players(root) -> bool:
    """Whether ``root`` (a tree's or a game's) is of a game of named players, each leaf a vector of utilities."""
    return getattr(getattr(root, "inner", root), "named", None) is not None


def first_chance(root: TreeNode) -> TreeNode | None:
    """The first chance node, breadth-first, or None."""
    pending = [root]
    for node in pending:
        if node.player is Player.CHANCE and node.children:
            return node
        pending.extend(node.children)
    return None


def first_repeat(root: TreeNode) -> tuple[TreeNode, TreeNode] | None:
    """The first (parent, child) pair, breadth-first, where the same player moves twice in a row."""
    pending = [root]
    for node in pending:
        for child in node.children:
            if child.player is node.player:
                return node, child
            pending.append(child)
    return None


def first_outside(root: TreeNode, low: float, high: float, depth: float) -> tuple[TreeNode, float] | None:
    """The first node, breadth-first, that a search ``depth`` plies deep values outside [``low``, ``high``] (a leaf,
    or a node on the horizon with an ``eval:``), with that value (of a vector, its first component outside); or
    None."""
    pending = [(root, 0)]
    for node, ply in pending:
        value = node.value if not node.children else node.evaluation if ply >= depth else None
        values = value if isinstance(value, tuple) else (value,)  # a vector's components, each
        outside = [v for v in values if v is not None and not low <= v <= high]
        if outside:
            return node, outside[0]
        if ply < depth:
            pending.extend((child, ply + 1) for child in node.children)
    return None
