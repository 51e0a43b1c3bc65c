"""Reading tree files, the classic textbook exercise format (nested lists in YAML), into the model's
:class:`~tracer.model.trees.Tree`, checked item by item with one-line errors.

A tree file is either just the nested list or a mapping::

    title: Russell & Norvig, Figure 5.2
    source: Artificial Intelligence: A Modern Approach, 4th ed., Figure 5.2
    root: max            # or min; levels alternate below it
    players: [max, min, min]   # instead of root: the players of levels 0, 1, 2, ..., repeating
    names: [A, B, C, D]  # optional: inner nodes' names, level by level, left to right
    tree: [[3, 12, 8], [2, 4, 6], [14, 5, 2]]

Leaves are numbers (integers, negatives, decimals; no NaN or infinities); inner nodes are non-empty lists whose
children are searched left to right. Any node can be named in place with a one-key mapping: ``[B: [3, 12, 8],
C: [2, 4, 6]]`` or ``[x: 3, y: 12]``. Any node can also be written in full, as a mapping with the reserved keys
``name``, ``value`` (a leaf's value), ``children`` (an inner node's list), ``eval`` (an inner node's static value,
used where a depth limit stops the search there) and ``player`` (``max`` or ``min``, overriding its level's):
``{name: c1, eval: -4, children: [{name: d1, value: -3}, -9]}``. The forms mix freely, and ``tree:`` itself may be
written in full. Unnamed inner nodes are named the textbook way, ``A`` for the root and then ``B``, ``C``, … level
by level; unnamed leaves show their value and are called by their parent's name and position (``B1``, ``B2``, …)
in tables.

``players:`` may instead name the players, ``players: [A, B, C]`` (two or more names, none of them ``max``,
``min`` or ``chance``): a game of several players, each maximising its own utility (max^n; Russell & Norvig,
Figure 5.4). Every leaf is then a vector, one number per player in the order named, written as quoted text:
``"(1, 2, 6)"``. The players move in turn by level (A at the root, then B, C, A, ...) unless a node written in full
says otherwise (``{player: B, children: [...]}``). ``rules: {sum: 10}`` declares that every leaf's components add up
to 10 (each leaf is checked); max^n prunes with it (Korf's pruning, :func:`tracer.search.algorithms.maxn`), and with
``rules: {bounds: [0, 10]}``, a setting of the search like Star1's bounds: each component lies in [0, 10] (checked
with the search's other settings, :func:`tracer.run.refuse_outside_bounds`).

``stats:`` gives nodes the statistics a Monte Carlo tree search starts from, as a textbook figure does:
``stats: {A: 63/100, B: 60/79, C: 1/10, D: 2/11}`` (wins/visits, W in the terms of the player who chose the move
into the node, the root's in its own player's) or ``{B: {wins: 60, visits: 79}}``.
"""

from __future__ import annotations

import math
import os
from fractions import Fraction
from itertools import count, product

import yaml

from ..errors import TreeFileError
from ..model.state import Player
from ..model.trees import NamedPlayers, Tree, TreeNode
from ..numbers import DECIMALS, FRACTIONS, Notation, exact, format_number
from .yaml_text import MAX_DEPTH, NumberList, YamlReader, compose, describe_node, file_name, read_text

DEFAULT_MAX_NODES = 100_000
TREE_KEYS = ("tree", "title", "source", "root", "players", "names", "stats", "rules", "expect")  # rules, expect: read by
# the commands that use them (tracer.inputs.load: rules, tracer.inputs.answers: expect)
NODE_KEYS = ("name", "value", "children", "eval", "player", "p")  # a node written in full
PROBABILITY_SLACK = 1e-9  # a chance node's probabilities must add up to 1 within this
SUM_SLACK = 1e-9  # a vector's components must add up to the declared sum within this (times the sum's size)
LEVEL_PLAYERS = ("max", "min", "chance")  # players: listing only these gives the players by level
TOO_DEEP = f"the tree is deeper than {MAX_DEPTH} levels"


def too_many(max_nodes: int) -> str:
    """What a tree file of more than ``max_nodes`` nodes is told."""
    return f"more than {max_nodes:,} nodes; raise the limit with --max-nodes N (Python: max_nodes=N)"


def load_tree(path: str | os.PathLike, *, max_nodes: int = DEFAULT_MAX_NODES) -> Tree:
    """Load and check a tree file. Raises :class:`TreeFileError` naming the file, line and tree path."""
    path = os.fspath(path)
    return parse_tree(read_text(path), file=path, max_nodes=max_nodes)


def parse_tree(text: str, *, file: str = "<tree>", max_nodes: int = DEFAULT_MAX_NODES) -> Tree:
    """Parse tree-file text (see the module docstring for the format)."""
    return tree_from_document(compose(text, file, tree=True), file=file, max_nodes=max_nodes)


def without_key(text: str, file: str = "<tree>") -> str:
    """A tree (or position) file's text without its answer key, ``expect:``, to hand to a student: the other lines
    as written, comments too, where the file is a block mapping; else the document written again without it."""
    document = compose(text, file)
    if not isinstance(document, yaml.MappingNode):
        return text
    entries = document.value
    place = next((index for index, (key, _) in enumerate(entries)
                  if isinstance(key, yaml.ScalarNode) and key.value == "expect"), None)
    if place is None:
        return text
    lines = text.splitlines(keepends=True)
    if not document.flow_style and len(lines) == text.count("\n") + (not text.endswith("\n")):  # lines as YAML's
        start = entries[place][0].start_mark.line
        end = entries[place + 1][0].start_mark.line if place + 1 < len(entries) else len(lines)
        return "".join(lines[:start] + lines[end:])
    kept = yaml.MappingNode(document.tag, entries[:place] + entries[place + 1:], flow_style=document.flow_style)
    return yaml.serialize(kept, allow_unicode=True, width=120)


def tree_from_document(document, *, file: str, max_nodes: int = DEFAULT_MAX_NODES) -> Tree:
    """Check a composed YAML document (see :func:`compose`) and build its tree."""
    parser = TreeReader(file, max_nodes)
    name = file_name(file) if file != "<tree>" else "tree"
    if isinstance(document, yaml.SequenceNode):
        return parser.tree(document, name=name)
    if isinstance(document, yaml.MappingNode):
        fields = parser.mapping(document, "", allowed=TREE_KEYS)
        if "tree" not in fields:
            raise parser.error(document, "", "no 'tree' key: a tree file is a nested list, or a mapping with 'tree:'")
        meta = {key: parser.text(fields[key], key) for key in ("title", "source") if key in fields}
        players = parser.players(fields)
        parser.utility_rules(fields.get("rules"))
        names = parser.names(fields["names"]) if "names" in fields else []
        tree = parser.tree(fields["tree"], name=name, players=players, names=names,
                           names_node=fields.get("names"), **meta)
        if "stats" in fields:
            parser.stats(fields["stats"], tree.root)
        return tree
    if isinstance(document, yaml.ScalarNode) and not isinstance(parser.scalar(document, "tree"), str):
        return parser.tree(document, name=name)  # reports that a single leaf is not a tree
    if document is None:
        raise TreeFileError("the file is empty: expected a nested list such as [[3, 12, 8], [2, 4, 6]]", file=file)
    raise parser.error(document, "", "expected a nested list, or a mapping with 'tree:'")


class TreeReader(YamlReader):
    """Turns composed YAML nodes (which know their line) into TreeNodes, with one-line errors."""

    def __init__(self, file: str, max_nodes: int):
        super().__init__(file)
        self.max_nodes = max_nodes
        self.named: NamedPlayers | None = None  # the players named by players: [A, B, C], if any
        self.total = None  # rules: {sum: S}, as its YAML node and value
        self.written = {"values": set(), "probabilities": set()}  # how the file writes them: decimals, fractions

    def names(self, node):
        if not isinstance(node, yaml.SequenceNode):
            raise self.error(node, "names", "expected a list of names, inner nodes level by level, e.g. [A, B, C, D]")
        return [self.name(item, f"names[{i}]") for i, item in enumerate(node.value)]

    def name(self, node, path):
        value = self.scalar(node, path)
        if isinstance(value, bool) or not isinstance(value, (str, int)) or str(value).strip() == "":
            raise self.error(node, path, f"a node name must be non-empty text, got {describe_node(node, value)}")
        return str(value)

    def number(self, node, path, kind: str | None = None):
        """A finite number: written as an integer, a decimal (``2.5``, ``1e3``) or a fraction (``"5/2"``). ``kind``
        (``"values"``): the numbers whose notation the file's writing of this one tells (:meth:`notation`)."""
        value = self.scalar(node, path)
        if isinstance(value, str) and "/" in value:
            value = self.fraction(node, path, value)
        elif isinstance(value, str) and not node.style:  # unquoted 1e3: YAML 1.1 reads it as text
            try:
                value = float(value)
            except ValueError:
                pass
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.error(node, path, f"expected a number or a list, got {describe_node(node, value)}")
        try:
            finite = math.isfinite(value)
        except OverflowError:  # a whole number too large for a float
            raise self.error(node, path, f"the number {node.value[:20]}… is too large "
                                         f"({len(node.value)} digits; at most about 308)") from None
        if not finite:
            raise self.error(node, path, f"leaf values must be finite numbers, got {node.value}")
        if kind is not None:
            self.wrote(kind, node.value)
        return value

    def fraction(self, node, path, text: str):
        """``"5/2"``, ``-1/3``: a whole number over a whole number, as the float tracer keeps for it (read back
        exactly by :func:`tracer.numbers.exact`); other text as it is (refused by the caller)."""
        value = _fraction(text)
        if value is None:
            return text
        try:
            float(value)
        except OverflowError:  # a whole number past a float's, over a small one
            raise self.error(node, path, f"the fraction {text.strip()[:20]}… is too large for a number") from None
        if exact(float(value)) != value:
            raise self.error(node, path, f"the fraction {text.strip()} has a denominator past what tracer keeps "
                                         "exactly (every one up to 1,000,000 is kept)")
        return float(value)

    def wrote(self, kind: str, text: str) -> None:
        """Note how the file writes a number of ``kind`` (``"values"``, ``"probabilities"``): ``text`` as written."""
        if "/" in text:
            self.written[kind].add(FRACTIONS)
        elif "." in text:
            self.written[kind].add(DECIMALS)

    def notation(self) -> Notation:
        """How the tree's numbers are shown, decided once from how the file writes them: its probabilities in
        fractions if any is written as one, in decimals if any is written with a decimal point (and none as a
        fraction), else in fractions (a uniform chance node's 1/2); its values (and what is computed from them) in
        fractions if a leaf or ``eval:`` is written as one, in decimals if one is written with a decimal point,
        and where every one is a whole number, as its probabilities are written (decimals when they are not
        written either)."""
        values, probabilities = self.written["values"], self.written["probabilities"]
        shown_p = FRACTIONS if FRACTIONS in probabilities or not probabilities else DECIMALS
        if values:
            shown_values = FRACTIONS if FRACTIONS in values else DECIMALS
        else:
            shown_values = shown_p if probabilities else DECIMALS
        return Notation(shown_values, shown_p)

    def players(self, fields) -> tuple:
        """The players of levels 0, 1, 2, ... (repeating), from ``root:`` (alternation) or ``players:``: MAX, MIN
        and CHANCE, or, where ``players:`` names the players (:meth:`named_players`), their indices in turn."""
        root = players = None
        if "root" in fields:
            root = self.player(fields["root"], "root", chance=False)
            players = (root, root.other)
        if "players" in fields:
            node = fields["players"]
            if not isinstance(node, yaml.SequenceNode) or not node.value:
                raise self.error(node, "players", "expected a list of players by level, e.g. [max, min, min], "
                                                  "or the players' names, e.g. [A, B, C]")
            if self.named_players(node):
                if root is not None:
                    raise self.error(fields["root"], "root", "root: is MAX or MIN, but players: names the players "
                                                             "(the first named moves at the root); give one of them")
                return tuple(range(len(self.named.names)))
            listed = tuple(self.player(item, f"players[{i}]") for i, item in enumerate(node.value))
            if root is not None and listed[0] is not root:
                raise self.error(node, "players", f"the root is {root.value} (root:) but players: starts with "
                                                  f"{listed[0].value}; give one of them")
            players = listed
        return players or (Player.MAX, Player.MIN)

    def named_players(self, node) -> bool:
        """Whether ``players:`` names the players (none of its items is max, min or chance: a list with any of
        them gives the players by level, and its other items are mistakes); if so, check the names (two or more,
        each once) and keep them."""
        items = [self.scalar(item, f"players[{i}]") for i, item in enumerate(node.value)]
        if any(isinstance(item, str) and item.lower() in LEVEL_PLAYERS for item in items):
            return False
        names = [self.name(item, f"players[{i}]") for i, item in enumerate(node.value)]
        for i, name in enumerate(names):
            if name in names[:i]:
                raise self.error(node.value[i], f"players[{i}]", f"the player {name!r} is named twice")
        if len(names) < 2:
            raise self.error(node, "players", f"a game of named players has two or more, got only {names[0]!r}")
        self.named = NamedPlayers(tuple(names))
        return True

    def utility_rules(self, node) -> None:
        """``rules: {sum: S}``: what every leaf's utilities add up to (the other rules, ``bounds`` among them, are
        the search's, read by :func:`tracer.inputs.rules.read_rules`). Kept to check each leaf against."""
        if not isinstance(node, yaml.MappingNode):
            return  # read_rules reports it
        fields = {key.value: value for key, value in node.value}
        if "sum" in fields:
            if self.named is None:
                raise self.error(fields["sum"], "rules.sum", "sum: is what every leaf's vector adds up to, but the "
                                                             "file names no players (players: [A, B, C])")
            self.total = (fields["sum"], self.number(fields["sum"], "rules.sum"))
            self.named = NamedPlayers(self.named.names, self.total[1])

    def leaf_value(self, node, path):
        """A leaf's value (or an ``eval:``): a number, or in a tree with named players a vector ``"(1, 2, 6)"``,
        one number per player; checked against the declared sum."""
        if self.named is None:
            if isinstance(node, yaml.ScalarNode) and node.value.lstrip().startswith("("):
                raise self.error(node, path, f"a vector leaf {node.value!r}, but the file names no players: a "
                                             "two-player tree's leaves are numbers (name the players for vectors: "
                                             "players: [A, B, C])")
            return self.number(node, path, "values")
        names = self.named.names
        example = "(" + ", ".join(str(i + 1) for i in range(len(names))) + ")"
        text = self.scalar(node, path) if isinstance(node, yaml.ScalarNode) else None
        if not isinstance(text, str) or not (text.strip().startswith("(") and text.strip().endswith(")")):
            raise self.error(node, path, f"a leaf of this {len(names)}-player tree is a vector, one number per "
                                         f"player ({', '.join(names)}), written \"{example}\"; got "
                                         f"{describe_node(node, text)}")
        parts = [part.strip() for part in text.strip()[1:-1].split(",")]
        if len(parts) != len(names):
            raise self.error(node, path, f"the vector {text.strip()} has {len(parts)} number"
                                         f"{'s' if len(parts) != 1 else ''}, but the tree has {len(names)} players "
                                         f"({', '.join(names)})")
        vector = []
        for part in parts:
            number = self.fraction(node, path, part) if "/" in part else _number(part)
            if isinstance(number, str) or not math.isfinite(number):
                raise self.error(node, path, f"the vector {text.strip()} holds {part!r}, not a finite number")
            self.wrote("values", part)
            vector.append(number)
        if self.total is not None and abs(math.fsum(vector) - self.total[1]) > SUM_SLACK * max(1, abs(self.total[1])):
            raise self.error(node, path, f"the vector {text.strip()} adds up to {format_number(math.fsum(vector))}, "
                                         f"but rules: says every leaf's sum is {format_number(self.total[1])}")
        return tuple(vector)

    def player(self, node, path, chance: bool = True) -> Player | int:
        text = self.scalar(node, path)
        if self.named is not None:
            names = self.named.names
            if text is None or str(text) not in names:
                raise self.error(node, path, f"expected one of the players {', '.join(names)}, got "
                                             f"{describe_node(node, text)}")
            return names.index(str(text))
        choices = ("max", "min", "chance") if chance else ("max", "min")
        if not isinstance(text, str) or text.lower() not in choices:
            wanted = "'max', 'min' or 'chance'" if chance else "'max' or 'min'"
            raise self.error(node, path, f"expected {wanted}, got {describe_node(node, text)}")
        return Player(text.lower())

    def probability(self, node, path) -> float:
        """A chance child's ``p:``: a number from 0 to 1, or a fraction written ``1/6``."""
        value = self.scalar(node, path)
        if isinstance(value, str) and "/" in value:
            value = self.fraction(node, path, value)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
            raise self.error(node, path, f"a probability is a number from 0 to 1 (or a fraction such as 1/6), got "
                                         f"{describe_node(node, value)}")
        self.wrote("probabilities", node.value)
        return float(value)

    def tree(self, top, *, name, players=(Player.MAX, Player.MIN), names=(), names_node=None, title="",
             source="") -> Tree:
        """Check every node breadth-first, then build the TreeNodes bottom-up and name them.

        No recursion anywhere, so a deep tree gets a clear error (or works), never a RecursionError.
        """
        if isinstance(top, NumberList):  # a big tree of plain numbers, read by the JSON parser
            tree = self.number_tree(top, name=name, players=players, names=names, title=title, source=source)
            if tree is not None:
                return tree
            top = top.careful()  # something to say about it, or more to it than numbers: read it node by node

        def entry(node, path, ply, parent):
            content, given, extra = self.unwrap(node, path, top=parent is None)
            player = extra.pop("player") if "player" in extra else players[ply % len(players)]
            if "p" in extra and (parent is None or entries[parent][2] is not Player.CHANCE):
                raise self.error(node, f"{path}.p", "p: is the probability of a chance node's child, but this node's "
                                                    f"parent is {'none' if parent is None else entries[parent][2].value}")
            return (content, path, player, given, parent, extra)

        # One entry per node in level order: (yaml node holding the list or the value, tree path, player, name
        # given in place, parent index, {"eval": number} for a node written in full with eval:).
        entries = [entry(top, "tree", 0, None)]
        depths = [0]
        for index, (node, path, *_) in enumerate(entries):  # grows as it goes: a breadth-first walk
            for i, child in enumerate(self.children(node, path)):
                child_path = f"{path}[{i}]"
                if depths[index] + 1 >= MAX_DEPTH:
                    raise self.error(child, child_path, TOO_DEEP)
                if len(entries) >= self.max_nodes:
                    raise self.error(child, child_path, too_many(self.max_nodes))
                entries.append(entry(child, child_path, depths[index] + 1, index))
                depths.append(depths[index] + 1)
        given_names = self._given_names(entries, names, names_node)
        made: list[TreeNode | None] = [None] * len(entries)
        children: list[list[TreeNode]] = [[] for _ in entries]
        for index in reversed(range(len(entries))):  # children before parents
            node, path, player, _, parent, extra = entries[index]
            common = dict(name=given_names.get(index, ""), path=path, line=extra.get("line", node.start_mark.line + 1),
                          file=self.file, p=extra.get("p"))
            if self.named is not None:  # each player maximises its own component
                player, common = Player.MAX, dict(common, mover=player, named=self.named)
            if isinstance(node, yaml.SequenceNode):
                made[index] = TreeNode(player, reversed(children[index]), evaluation=extra.get("eval"), **common)
                if player is Player.CHANCE:
                    self._chances(made[index])
            else:
                made[index] = TreeNode(player, value=self.leaf_value(node, path), **common)
            if parent is not None:
                children[parent].append(made[index])
        default_names = (letters for letters in _letter_names() if letters not in given_names.values())
        for tree_node in made:  # level order: the root is A, then B, C, ... level by level
            if tree_node.children and not tree_node.name:
                tree_node.name = next(default_names)
        return Tree(made[0], name=name, title=title, source=source, file=self.file, node_count=len(entries),
                    notation=self.notation())

    def number_tree(self, top: NumberList, *, name, players, names, title, source) -> Tree | None:
        """The tree :meth:`tree` makes of a one-line list of plain numbers (two players, none of them chance, no
        ``names:``), node for node, from the JSON parser's lists; None where :meth:`tree` would have more to check
        or something to say (an empty list, a number that is not finite), so that it says it. The nesting and
        node limits are checked here, in the same order and with the same messages."""
        if self.named is not None or names or Player.CHANCE in players:
            return None
        line = top.start_mark.line + 1  # one line: every node's
        entries = [(top.numbers, "tree", 0)]  # (number or list, tree path, depth), level order
        first_child: list[int] = []  # each entry's first child's index: a node's children follow one another
        for item, path, depth in entries:  # grows as it goes: a breadth-first walk
            first_child.append(len(entries))
            if type(item) is not list:
                if type(item) not in (int, float) or not _finite(item):
                    return None
                continue
            if not item:
                return None
            for i, child in enumerate(item):
                child_path = f"{path}[{i}]"
                if depth + 1 >= MAX_DEPTH:
                    raise TreeFileError(TOO_DEEP, file=self.file, line=line, path=child_path)
                if len(entries) >= self.max_nodes:
                    raise TreeFileError(too_many(self.max_nodes), file=self.file, line=line, path=child_path)
                entries.append((child, child_path, depth + 1))
        if "." in top.text[top.start_mark.index:top.end_mark.index]:
            self.written["values"].add(DECIMALS)  # a leaf written with a decimal point
        made: list[TreeNode | None] = [None] * len(entries)
        for index in reversed(range(len(entries))):  # children before parents
            item, path, depth = entries[index]
            player = players[depth % len(players)]
            if type(item) is list:
                first = first_child[index]
                made[index] = TreeNode(player, made[first:first + len(item)], path=path, line=line, file=self.file)
            else:
                made[index] = TreeNode(player, value=item, path=path, line=line, file=self.file)
        default_names = _letter_names()
        for tree_node in made:  # level order: the root is A, then B, C, ... level by level
            if tree_node.children:
                tree_node.name = next(default_names)
        return Tree(made[0], name=name, title=title, source=source, file=self.file, node_count=len(entries),
                    notation=self.notation())

    def stats(self, node, root: TreeNode) -> None:
        """``stats:``, the statistics nodes have before a Monte Carlo tree search: ``{A: 63/100, B: 60/79}`` (W/N)
        or ``{B: {wins: 60, visits: 79}}``, by the names the step table uses (``B``, or ``B1`` for B's first leaf).
        The nodes given are the top of the search tree: the root, and each node's parent with it; a node's N is at
        least its children's together, and 0 ≤ W ≤ N."""
        if not isinstance(node, yaml.MappingNode) or not node.value:
            raise self.error(node, "stats", "expected node names with wins/visits, e.g. {A: 63/100, B: 60/79}")
        by_name, parent_of = {root.name: root}, {}
        for tree_node in _level_order(root):
            for move, child in enumerate(tree_node.children):
                by_name[tree_node.move_name(move)] = child
                parent_of[id(child)] = tree_node
        given = {}  # id(tree node) -> (its name, the YAML node of its entry)
        for key_node, value_node in node.value:
            name = self.name(key_node, "stats")
            path = f"stats.{name}"
            if name not in by_name:
                raise self.error(key_node, path, f"no node is called {name!r} (the tree's nodes are "
                                                 f"{_some(by_name)})")
            tree_node = by_name[name]
            if id(tree_node) in given:
                raise self.error(key_node, path, f"{name} is given twice")
            tree_node.stats = self._wins_visits(value_node, path)
            given[id(tree_node)] = (name, key_node)
        if id(root) not in given:
            name, key_node = next(iter(given.values()))
            raise self.error(key_node, f"stats.{name}", f"the root {root.name} has no statistics: the nodes given "
                                                        "are the top of the search tree, from the root down")
        for tree_node in _level_order(root):
            if id(tree_node) not in given:
                continue
            name, key_node = given[id(tree_node)]
            parent = parent_of.get(id(tree_node))
            if parent is not None and id(parent) not in given:
                raise self.error(key_node, f"stats.{name}", f"its parent {_name_of(parent, by_name)} has no "
                                                            "statistics: give the nodes from the root down")
            children = [(given[id(child)][0], child.stats[1]) for child in tree_node.children if id(child) in given]
            below = sum(visits for _, visits in children)
            if tree_node.stats[1] < below:
                listed = ", ".join(f"{child} {visits}" for child, visits in children)
                raise self.error(key_node, f"stats.{name}", f"{name} has {tree_node.stats[1]} visits but its children "
                                                            f"have {below} between them ({listed}): a node is "
                                                            "visited at least as often as its children together")

    def _wins_visits(self, node, path) -> tuple[float, int]:
        """``60/79`` or ``{wins: 60, visits: 79}``: W (a number) and N (a whole number, at least 1)."""
        if isinstance(node, yaml.MappingNode):
            fields = self.mapping(node, path, allowed=("wins", "visits"))
            missing = [key for key in ("wins", "visits") if key not in fields]
            if missing:
                raise self.error(node, path, f"give both wins: and visits: ({missing[0]} is missing)")
            wins, visits = self.scalar(fields["wins"], path), self.scalar(fields["visits"], path)
        else:
            text = self.scalar(node, path)
            top, slash, bottom = str(text).partition("/") if isinstance(text, str) else ("", "", "")
            if not slash:
                raise self.error(node, path, f"expected wins/visits such as 60/79, got {describe_node(node, text)}")
            wins, visits = _number(top), _number(bottom)
        if isinstance(visits, bool) or not isinstance(visits, int) or visits < 1:
            raise self.error(node, path, f"the visits (N) are a whole number, 1 or more, got {visits!r}")
        if (isinstance(wins, bool) or not isinstance(wins, (int, float)) or not math.isfinite(wins)
                or not 0 <= wins <= visits):
            raise self.error(node, path, f"the wins (W) are a number from 0 to the visits ({visits}), got {wins!r}")
        return float(wins), visits

    def _chances(self, node: TreeNode) -> None:
        """Give a chance node's children their probabilities: as given (every child has ``p:``, adding up to 1),
        or uniform when none has."""
        place = f"{node.path} (a chance node)"
        given = [child.p for child in node.children]
        if all(p is None for p in given):
            given = [1 / len(node.children)] * len(node.children)
        elif any(p is None for p in given):
            missing = next(child for child, p in zip(node.children, given) if p is None)
            raise TreeFileError(f"give p: to every child of a chance node or to none ({missing.path} has none)",
                                file=self.file, line=node.line, path=place)
        elif abs(sum(given) - 1) > PROBABILITY_SLACK:
            raise TreeFileError(f"the probabilities of its children add up to {sum(given):g}, not 1", file=self.file,
                                line=node.line, path=place)
        for child, p in zip(node.children, given):
            child.p = p

    def _given_names(self, entries, names, names_node) -> dict[int, str]:
        """Entry index -> name, from names given in place and the ``names:`` list (inner nodes, level order)."""
        given = {index: entry[3] for index, entry in enumerate(entries) if entry[3] is not None}
        inner = [index for index, entry in enumerate(entries) if isinstance(entry[0], yaml.SequenceNode)]
        if len(names) > len(inner):
            raise self.error(names_node, "names",
                             f"'names' lists {len(names)} names but the tree has {len(inner)} inner nodes")
        for name, index in zip(names, inner):
            node, path, _, in_place, *_ = entries[index]
            if in_place is not None and in_place != name:
                raise self.error(node, path, f"named {in_place!r} in place but {name!r} in 'names'")
            given[index] = name
        seen: dict[str, str] = {}
        for index in sorted(given):
            node, path = entries[index][0], entries[index][1]
            if given[index] in seen:
                raise self.error(node, path, f"the name {given[index]!r} is used twice (also at {seen[given[index]]})")
            seen[given[index]] = path
        return given

    def unwrap(self, node, path, top=False):
        """A node is a number, a list, a one-key mapping ``{name: number-or-list}``, or a mapping written in full
        with the keys of :data:`NODE_KEYS`. Returns the YAML node holding its list or value, the name given in
        place (or None), and what else the full form says (``player``, ``eval``, the mapping's ``line``)."""
        if not isinstance(node, yaml.MappingNode):
            return node, None, {}
        keys = [self.scalar(key_node, path) for key_node, _ in node.value]
        if not any(key in NODE_KEYS for key in keys):
            if len(node.value) != 1:
                raise self.error(node, path, "a node is a one-key mapping such as {B: [3, 12, 8]}, or written in "
                                             f"full with the keys {', '.join(NODE_KEYS)}; this one has "
                                             f"{len(node.value)} keys and none of those")
            key_node, value_node = node.value[0]
            if isinstance(value_node, yaml.MappingNode):
                raise self.error(value_node, path, "a node named in place holds a number or a list, not a mapping")
            return value_node, self.name(key_node, path), {}
        fields = self.mapping(node, path, allowed=NODE_KEYS)
        if ("value" in fields) == ("children" in fields):
            raise self.error(node, path, "a node written in full has value: (a leaf) or children: (an inner node)"
                             + (", not both" if "value" in fields else ""))
        extra = {"line": node.start_mark.line + 1}
        if "player" in fields:
            extra["player"] = self.player(fields["player"], f"{path}.player")
        if "p" in fields:
            extra["p"] = self.probability(fields["p"], f"{path}.p")
        if "eval" in fields:
            if "value" in fields:
                raise self.error(fields["eval"], f"{path}.eval", "eval: is an inner node's static value; "
                                                                  "a leaf has value: only")
            extra["eval"] = self.leaf_value(fields["eval"], f"{path}.eval")
        name = self.name(fields["name"], f"{path}.name") if "name" in fields else None
        if "children" in fields:
            content = fields["children"]
            if not isinstance(content, yaml.SequenceNode):
                raise self.error(content, f"{path}.children", f"expected a list of children, got "
                                                              f"{describe_node(content, self.scalar(content))}")
        else:
            content = fields["value"]
            if not isinstance(content, yaml.ScalarNode):
                raise self.error(content, f"{path}.value", f"a leaf's value is a number, got "
                                                           f"{describe_node(content, None)}")
        return content, name, extra

    def children(self, node, path):
        if isinstance(node, yaml.SequenceNode):
            if not node.value:
                raise self.error(node, path, "an empty list is not a node: give a leaf value or at least one child")
            return node.value
        if path == "tree":
            raise self.error(node, path, "the tree must be a list (a single leaf is not a search problem)")
        self.leaf_value(node, path)  # checked now, so errors come in file order
        return ()


def _finite(number) -> bool:
    """Whether a number is finite (a whole number too large for a float is not)."""
    try:
        return math.isfinite(number)
    except OverflowError:
        return False


def _level_order(root: TreeNode):
    pending = [root]
    for node in pending:
        pending.extend(node.children)
    return pending


def _name_of(node: TreeNode, by_name: dict) -> str:
    return next(name for name, other in by_name.items() if other is node)


def _some(by_name: dict) -> str:
    names = list(by_name)
    return ", ".join(names[:12]) + (", …" if len(names) > 12 else "")


def _fraction(text: str) -> Fraction | None:
    """``"5/2"``, ``" -1/3 "`` as a Fraction; None for other text (or a zero denominator)."""
    top, slash, bottom = text.strip().partition("/")
    try:
        return Fraction(int(top), int(bottom)) if slash else None
    except (ValueError, ZeroDivisionError):
        return None


def _number(text: str):
    """``60`` → 60, ``3.5`` → 3.5; anything else is returned as given (and refused by the caller)."""
    text = text.strip()
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            continue
    return text


LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # (string.ascii_uppercase: importing string compiles a regular expression)


def _letter_names():
    """A, B, …, Z, AA, AB, …"""
    for length in count(1):
        for letters in product(LETTERS, repeat=length):
            yield "".join(letters)
