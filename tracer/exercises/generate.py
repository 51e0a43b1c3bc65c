"""Generated exercises: random trees that meet a teacher's constraints, written as tree files with their answer key.

The same seed gives the same files on every machine and Python version: the only randomness used is
``random.Random(int).random()``, the one part of :mod:`random` whose sequence Python promises to keep.
A tree is drawn, searched and kept if it meets every constraint; a bounded number of draws is made, so an impossible
or very unlikely request ends with a clear error, never an endless loop.
"""

from __future__ import annotations

import math
from fractions import Fraction
import random
from dataclasses import dataclass

import yaml

from ..errors import UsageError
from ..inputs import Problem
from ..inputs.trees import LEVEL_PLAYERS, parse_tree
from ..inputs.yaml_text import MAX_DEPTH
from ..model.state import Player
from ..model.trees import TreeNode
from ..run import deep_recursion
from ..search.registry import ALGORITHMS, IN_MAX_TERMS, PRUNING, chance_search, vector_search
from ..search.spec import SearchSpec
from ..numbers import exact_fraction
from ..trace.trace import Trace
from ..view import EXACT, TraceView
from .check_keys import describe_search, search
from .claim_text import bound_text, value_text
from .facts import SearchFacts, unexamined_leaves

ATTEMPTS = 2_000  # draws per exercise before giving up (about two seconds)


@dataclass(frozen=True)
class Spec:
    """What to generate: the shape, the values, and the constraints the search must meet."""

    branching: tuple[int, int] = (2, 3)
    depth: int = 3
    values: tuple[int, int] = (-9, 9)
    players: tuple[str, ...] = ("max", "min")
    search: SearchSpec = SearchSpec()  # the exercise's rules: (searched to the leaves: its depth is the tree's)
    min_cutoffs: int = 0
    deep_cutoff: bool = False
    pruned_leaves: int | None = None
    no_ties: bool = False
    seed: int = 0
    min_pruned: int = 0  # at least this many leaves pruned
    vector: bool = False  # the players are named (A, B, C) and each leaf is a vector, one utility per player
    total: int | None = None  # with vector: what every leaf's components add up to (rules: {sum: S})

    @property
    def prunes(self) -> bool:
        """Whether the search can prune: alpha-beta's kin, Star1 with bounds, and max^n with a declared sum
        (Korf's shallow pruning)."""
        return self.search.search.prunes_with(self.search.bounds, self.total if self.vector else None)

    def check(self) -> None:
        """Refuse at once what no tree can meet."""
        self._check_vector()
        self._check_size()
        self._check_pruning()
        self._check_counts()
        self._check_players()

    def _check_size(self) -> None:
        """Refuse a tree too shallow, too deep or too big to be an exercise, and --no-ties with too few values."""
        low, high = self.branching
        if self.depth < 1:
            raise UsageError("--depth must be at least 1 for an exercise")
        if self.depth >= MAX_DEPTH:  # before the leaf count below, whose power grows with the depth
            raise UsageError(f"--depth {self.depth}: an exercise is a tree file, at most {MAX_DEPTH - 1} levels deep")
        most_leaves = high ** self.depth
        if most_leaves > 4_096:
            raise UsageError(f"trees of up to {most_leaves:,} leaves are too big for an exercise; lower --depth or "
                             "--branching (at most 4,096 leaves)")
        if self.no_ties and self.values[1] - self.values[0] + 1 < low ** self.depth:
            raise UsageError(f"--no-ties needs at least {low ** self.depth} different values, and --values "
                             f"{self.values[0]}..{self.values[1]} has {self.values[1] - self.values[0] + 1}")

    def _check_pruning(self) -> None:
        """Refuse cutoffs asked of a search that never prunes, values outside its bounds, and more pruned leaves
        than a tree of this shape can have."""
        low, high = self.branching
        if not self.prunes and (self.min_cutoffs or self.deep_cutoff or self.pruned_leaves or self.min_pruned):
            raise UsageError(f"{self.search.algorithm} never prunes: --min-cutoffs, --deep-cutoff, --pruned-leaves "
                             f"and --min-pruned need a search that does ({', '.join(PRUNING)}, expectiminimax "
                             f"with --bounds, or {vector_search().name} with --sum)")
        bounds = self.search.bounds
        if bounds is not None and not bounds[0] <= self.values[0] <= self.values[1] <= bounds[1]:
            raise UsageError(f"--values {self.values[0]}..{self.values[1]} go outside --bounds "
                             f"{bounds[0]}..{bounds[1]}")
        if self.pruned_leaves is not None:
            # alpha-beta examines at least the leaves of a minimal tree: b^ceil(d/2) + b^floor(d/2) - 1 at branching b
            least = low ** math.ceil(self.depth / 2) + low ** (self.depth // 2) - 1
            if self.pruned_leaves > high ** self.depth - least:
                raise UsageError(f"--pruned-leaves {self.pruned_leaves}: a tree of depth {self.depth} and branching "
                                 f"{low}-{high} has at most {high ** self.depth} leaves, and alpha-beta examines at "
                                 f"least {least} of them")

    def _check_counts(self) -> None:
        """Refuse requests the numbers already refuse, before any tree is drawn: every cutoff skips at least one
        leaf (of its own: the subtrees skipped are disjoint), and a node cuts off at most once."""
        low, high = self.branching
        cutting = max(self.min_cutoffs, 1 if self.deep_cutoff else 0)
        if self.pruned_leaves is not None and self.pruned_leaves < self.min_pruned:
            raise UsageError(f"--pruned-leaves {self.pruned_leaves} with --min-pruned {self.min_pruned}: exactly "
                             f"{self.pruned_leaves} pruned leaves cannot be at least {self.min_pruned}")
        if self.pruned_leaves is not None and self.pruned_leaves < cutting:
            wanted = f"--min-cutoffs {self.min_cutoffs}" if self.min_cutoffs >= cutting else "--deep-cutoff"
            raise UsageError(f"--pruned-leaves {self.pruned_leaves} with {wanted}: impossible, since every cutoff "
                             "prunes at least one leaf of its own")
        inner = sum(high ** level for level in range(self.depth))
        if self.min_cutoffs > inner:
            raise UsageError(f"--min-cutoffs {self.min_cutoffs}: a tree of depth {self.depth} and branching "
                             f"{low}-{high} has at most {inner} inner nodes, and each cuts off at most once")

    def _check_players(self) -> None:
        """Refuse levels the search cannot take: chance levels for a search that cannot average them, players that
        do not alternate for one in the mover's terms, and a deep cutoff in a tree too shallow for one."""
        if "chance" in self.players and not self.search.search.chance:
            raise UsageError(f"--players has chance levels, which {self.search.algorithm} cannot search: use "
                             f"{chance_search().name}")
        alternating = self.players in (("max", "min"), ("min", "max"))
        if self.deep_cutoff and self.depth < (4 if alternating else 3):
            raise UsageError("--deep-cutoff needs --depth 4 or more when the players alternate (a node cut by a bound "
                             "from two levels up is a grandchild of the node that set it, and its children are "
                             "the leaves pruned)" if alternating else "--deep-cutoff needs --depth 3 or more")
        if not alternating and not self.vector and self.search.search.negamax:
            raise UsageError(f"{self.search.algorithm} assumes the players alternate; --players needs a search in "
                             f"MAX's terms ({', '.join(IN_MAX_TERMS)})")

    def _check_vector(self) -> None:
        """Refuse a game of named players without vector leaves, vector leaves without named players, a search
        that cannot back vectors up, and a sum that no vector of --values reaches."""
        self._check_named()
        if self.total is not None:
            if not self.vector:
                raise UsageError("--sum is what every leaf's vector adds up to: it needs --players A,B,C --vector")
            low, high = self.values
            if not len(self.players) * low <= self.total <= len(self.players) * high:
                raise UsageError(f"--sum {self.total}: {len(self.players)} components in {low}..{high} add up to "
                                 f"{len(self.players) * low}..{len(self.players) * high}")
        if self.vector and self.no_ties:
            raise UsageError("--no-ties is for leaves that are numbers, not vectors")
        if self.vector and self.deep_cutoff and not self.search.prunes:
            raise UsageError(f"--deep-cutoff: {self.search.algorithm}'s shallow pruning cuts only with its parent's "
                             "bound")

    def _check_named(self) -> None:
        """Refuse --vector without named players, named players without it, and a search (the registry's entry
        says) that takes the other kind of leaf."""
        named = not any(player in LEVEL_PLAYERS for player in self.players)
        if self.vector != named:
            raise UsageError("--vector gives each named player a utility: give --players A,B,C with it" if self.vector
                             else f"--players {','.join(self.players)} names the players: add --vector (each leaf a "
                                  "vector of utilities, one per player)")
        if self.vector and not self.search.search.vectors:
            raise UsageError(f"{self.search.algorithm} searches numbers, not vectors: use one of "
                             f"{', '.join(name for name, search in ALGORITHMS.items() if search.vectors)}")
        if self.search.search.vectors and not self.vector:
            raise UsageError(f"{self.search.algorithm} searches vectors of utilities: add --players A,B,C --vector")


class _Draw:
    """Random choices from ``random()`` alone (stable across Python versions)."""

    def __init__(self, seed: int):
        self.random = random.Random(seed).random

    def below(self, n: int) -> int:
        return min(n - 1, int(self.random() * n))

    def between(self, low: int, high: int) -> int:
        return low + self.below(high - low + 1)

    def distinct(self, low: int, high: int, count: int) -> list[int]:
        """``count`` different whole numbers from ``low..high``: the first steps of a Fisher-Yates shuffle, with only
        the places it swapped held (the range may be far too wide to list)."""
        swapped: dict[int, int] = {}
        size = high - low + 1
        chosen = []
        for i in range(count):
            j = i + self.below(size - i)
            chosen.append(swapped.get(j, j))
            swapped[j] = swapped.get(i, i)
        return [low + offset for offset in chosen]


def _shape(draw: _Draw, spec: Spec, level: int = 0):
    """Nested lists with None for each leaf (values come next)."""
    if level == spec.depth:
        return None
    return [_shape(draw, spec, level + 1) for _ in range(draw.between(*spec.branching))]


def _fill(shape, values):
    if shape is None:
        return next(values)
    return [_fill(child, values) for child in shape]


def _tree_of(nested, players, level: int = 0, p=None) -> TreeNode:
    """A candidate tree, built directly (no names: only the constraints are checked on it); a chance node's
    outcomes are equally likely, as a tree file's are when it gives no ``p:``."""
    player = Player(players[level % len(players)])
    if isinstance(nested, list):
        odds = Fraction(1, len(nested)) if player is Player.CHANCE else None
        return TreeNode(player, [_tree_of(child, players, level + 1, odds) for child in nested], p=p)
    return TreeNode(player, value=nested, p=p)


def _leaf_count(shape) -> int:
    return 1 if shape is None else sum(_leaf_count(child) for child in shape)


def deep_cutoffs(trace: Trace) -> list[int]:
    """The nodes whose cutoff is caused by a bound set two or more levels up (a deep cutoff), as the view finds
    them."""
    return TraceView(trace).deep_cutoffs


def _meets(spec: Spec, view: TraceView) -> bool:
    """Whether the search at its end (``view``: a candidate's, whose steps need no captions) meets the spec."""
    if view.counts["cutoffs"] < spec.min_cutoffs:
        return False
    pruned = len(unexamined_leaves(view))
    if spec.pruned_leaves is not None and pruned != spec.pruned_leaves:
        return False
    if pruned < spec.min_pruned:
        return False
    return not spec.deep_cutoff or bool(view.deep_cutoffs)


def _header(spec: Spec, nested) -> dict:
    players = list(spec.players)
    head = {"root": players[0]} if players in (["max", "min"], ["min", "max"]) else {"players": players}
    rules = rules_block(spec.search)
    if spec.total is not None:  # what every vector adds up to, and the range of each component (shallow pruning's)
        rules.update(sum=spec.total, bounds=list(spec.values))
    return {**head, "rules": rules, "tree": nested}


def rules_block(search: SearchSpec) -> dict:
    """The ``rules:`` block that makes a file searched as ``search`` is: every rule that is not the default."""
    rules = {"algorithm": search.algorithm}
    default = SearchSpec(search.algorithm)
    rules.update({name: getattr(search, name) for name in ("prune", "fail", *search.settings)
                  if getattr(search, name) != getattr(default, name)})
    if rules.get("bounds") is not None:
        rules["bounds"] = list(rules["bounds"])  # as a file writes it: [L, U]
    return rules


def generate(spec: Spec, index: int = 1) -> tuple[str, SearchFacts]:
    """Exercise number ``index`` (from 1) of ``spec``: the tree file's text, with its key, and the search's facts."""
    spec.check()
    with deep_recursion(spec.depth):  # a chain (--branching 1) may be as deep as a tree file
        return _generate(spec, index)


def _generate(spec: Spec, index: int) -> tuple[str, SearchFacts]:
    draw = _Draw(spec.seed * 1_000_003 + index)
    for _ in range(ATTEMPTS):
        shape = _shape(draw, spec)
        values = _leaf_values(draw, spec, _leaf_count(shape))
        if values is None:
            continue
        nested = _fill(shape, iter(values))
        if _meets(spec, TraceView(search(_candidate(spec, nested), spec.search))):
            # the file is written, read back and searched again for its key (its facts: every step's caption)
            header = _header(spec, nested)
            facts = SearchFacts(search(_read_back(header), spec.search))
            return _document(spec, index, header, facts), facts
    raise UsageError(f"no tree met the constraints in {ATTEMPTS:,} tries (exercise {index}, seed {spec.seed}): "
                     "loosen them (fewer --min-cutoffs or --pruned-leaves, a wider --branching or --depth)")


def _leaf_values(draw: _Draw, spec: Spec, leaves: int) -> list | None:
    """The leaves' values, left to right: whole numbers from --values (all different with --no-ties: None when
    --values has too few), or with --vector (a search of vectors, as its registry entry says) a vector each."""
    if spec.no_ties:
        return draw.distinct(*spec.values, leaves) if spec.values[1] - spec.values[0] + 1 >= leaves else None
    if spec.vector:
        return [_vector(draw, spec) for _ in range(leaves)]
    return [draw.between(*spec.values) for _ in range(leaves)]


def _candidate(spec: Spec, nested) -> Problem:
    """A drawn tree to check the constraints on: built directly, or for vector leaves (which only the tree reader
    turns into a game of named players) written and read back."""
    if spec.vector:
        return _read_back(_header(spec, nested))
    return Problem(_tree_of(nested, spec.players), math.inf, {})


def _read_back(header: dict) -> Problem:
    tree = parse_tree(_yaml(header), file="<exercise>")
    return Problem(tree.root, math.inf, tree.meta())


def _vector(draw: _Draw, spec: Spec) -> str:
    """A leaf's vector as a tree file writes it, ``"(1, 2, 6)"``: a whole number from ``--values`` per player, adding
    up to ``--sum`` if given (each component drawn from what still lets the ones after it reach the sum)."""
    low, high = spec.values
    parts: list[int] = []
    for after in reversed(range(len(spec.players))):  # the components still to draw after this one
        if spec.total is None:
            parts.append(draw.between(low, high))
        else:
            rest = spec.total - sum(parts)
            parts.append(draw.between(max(low, rest - after * high), min(high, rest - after * low)))
    return value_text(tuple(parts))


def _key_number(value: float):
    """A value as an answer key writes it: a whole number, a decimal that ends (2.5), or else a fraction ("10/3":
    an average of whole numbers over equally likely outcomes is one); a vector of utilities as ``"(1, 2, 6)"``."""
    if isinstance(value, tuple):
        return value_text(value)
    exact = exact_fraction(value, 1_000_000) or Fraction(value)
    if exact.denominator == 1:
        return int(exact)
    if 10 ** 6 % exact.denominator == 0:
        return float(exact)
    return f"{exact.numerator}/{exact.denominator}"


def _document(spec: Spec, index: int, header: dict, facts: SearchFacts) -> str:
    expect = {"value": _key_number(facts.value), "best_move": facts.best_move}
    for item in facts.family.keyed:  # what the search's family states in a key, in its order
        stated = _KEY[item](facts, spec)
        if stated is not None:
            expect[item] = stated
    lines = [
        f"title: {_flow(f'Exercise {index}')}",
        f"source: {_flow(f'generated by tracer exercise, seed {spec.seed}, exercise {index}: {describe_search(facts.trace)}')}",
    ]
    lines += [f"{key}: {_flow(value)}" for key, value in header.items()]
    lines.append("expect:")
    lines += [f"  {key}: {_flow(value)}" for key, value in expect.items()]
    return "\n".join(lines) + "\n"


# ---- each item a key states (a family's Family.keyed) ------------------------------------------------------

def _key_values(facts: SearchFacts, spec: Spec) -> dict:
    """Each inner node's value (a bound where the search proves only one)."""
    values = {}
    for node in facts.inner_reached():
        value, bound = facts.returned(node)
        values[facts.label(node)] = _key_number(value) if bound == EXACT else bound_text(value, bound)
    return values


def _key_pruned(facts: SearchFacts, spec: Spec) -> list[str] | None:
    """The pruned leaves, by the fewest names (a search that can prune; None: it states none)."""
    return [facts.label(node) for node in facts.pruned_tops()] if spec.prunes else None


def _key_visits(facts: SearchFacts, spec: Spec) -> dict:
    """N of every node the search makes."""
    return {facts.label(node): facts.statistics(node)[0] for node in facts.made()}


def _key_wins(facts: SearchFacts, spec: Spec) -> dict:
    """W of every node the search makes."""
    return {facts.label(node): _key_number(facts.statistics(node)[1]) for node in facts.made()}


def _key_selected(facts: SearchFacts, spec: Spec) -> dict:
    """Every iteration's path."""
    return {number: [facts.label(node) for node in path] for number, (path, _) in sorted(facts.paths.items())}


_KEY = {"values": _key_values, "pruned": _key_pruned, "visits": _key_visits, "wins": _key_wins,
        "selected": _key_selected, "leaves_evaluated": lambda facts, spec: facts.counts["leaves_evaluated"],
        "cutoffs": lambda facts, spec: facts.counts["cutoffs"]}


def _yaml(header: dict) -> str:
    return "\n".join(f"{key}: {_flow(value)}" for key, value in header.items()) + "\n"


def _flow(value) -> str:
    """A value as one line of YAML in flow style (``[[3, 12], [2, 4]]``, ``{B: 3, C: '<=2'}``), as PyYAML writes it."""
    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=math.inf, sort_keys=False)
    return text.removesuffix("...\n").strip()  # a lone scalar is written as a document with an end marker
