"""What a worksheet asks, kind of item by kind of item, with the points of each and what its answer key writes in
each blank. Read from the items ``tracer grade`` scores (:func:`tracer.exercises.grade.asked_items`: a blank
sheet's items, as grade itself decides them), so a handout asks for exactly what the key grades and no more; the
paper page (:mod:`tracer.report.paper`) only draws it.

Blanks stand in the tree (a box under a node for its value, or for W/N; a choice of PV, CUT, ALL under a node
whose type is asked; the leaves themselves, to be crossed out) or on the lines under it (the best move, a window,
the visit order, an iteration's path). Every inner node has a value box (every node, for Monte Carlo tree search),
the boxes of nodes the search never reaches too: the boxes the search fills are the question, not a given.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..numbers import as_written, format_number
from ..text import join_names
from .claim_text import shown
from .compare_answers import search_prunes
from .facts import SearchFacts
from .grade import Item, asked_items

GIVEN = "was"  # before the statistics a tree file gives a node (Monte Carlo tree search): "was 7/14"


@dataclass(frozen=True)
class Blank:
    """One place to answer, about ``name`` (a node's, or an iteration's number): under ``node`` in the tree, or
    (``node`` None) on a line that says ``line`` before it; ``slots`` blanks in a row (the visit order, a path),
    worth ``points``, and what the key writes there (``answer``: a text per slot; an empty text is a blank the
    right answer leaves empty)."""

    node: int | None
    name: str
    answer: tuple[str, ...]
    points: int
    slots: int = 1
    line: str = ""


@dataclass(frozen=True)
class Question:
    """One kind of item, as the sheet asks it: ``heading`` and ``words`` say what to write where and what it is
    worth (``points``, over ``items`` items); ``blanks`` are where it is written."""

    kind: str  # grade's Item.kind ("values", "leaf", "best_move", "windows", "node_types", "order", "selected"),
    # or "statistics" for Monte Carlo tree search's N and W of a node, which share a box
    heading: str
    words: str
    points: int
    items: int
    blanks: tuple[Blank, ...]


@dataclass(frozen=True)
class Sheet:
    """A worksheet: the exercise's title, the search it is asked under, the questions in grade's order, the lines
    that state the conventions the answers are in (``notes``), and the tree's node names."""

    title: str
    search: str
    questions: tuple[Question, ...]
    notes: tuple[str, ...] = ()
    names: tuple[str, ...] = ()  # every node's name (the blanks on lines are made wide enough for any)

    @property
    def total(self) -> int:
        return sum(question.points for question in self.questions)

    def question(self, kind: str) -> Question | None:
        return next((question for question in self.questions if question.kind == kind), None)


@as_written
def worksheet(facts: SearchFacts, key, rewards: str = "") -> Sheet:
    """The sheet of an exercise whose key is ``key`` (its claims, or None) about the search ``facts`` holds.
    ``rewards``: for Monte Carlo tree search, how a leaf's value becomes a reward (see :func:`reward_words`)."""
    items = asked_items(facts, key)
    by_kind: dict[str, list[Item]] = {}
    for item in items:
        kind = "statistics" if item.kind in ("visits", "wins") else item.kind
        by_kind.setdefault(kind, []).append(item)
    questions = []
    for kind, asked in by_kind.items():
        if kind not in _ASK:
            raise AssertionError(f"grade scores {kind} items, which a worksheet does not know how to ask")
        questions.append(_ASK[kind](facts, asked))
    notes = [note for kind in by_kind if kind in _NOTES for note in _NOTES[kind](facts, rewards)]
    trace = facts.trace
    return Sheet(trace.heading, _search_words(facts), tuple(questions), tuple(notes),
                 tuple(facts.labels))


def reward_words(low: float | None, high: float | None) -> str:
    """How a leaf's value becomes MAX's reward in Monte Carlo tree search, with the tree's smallest and largest
    leaf value (the search's own :class:`tracer.search.mcts.Rewards` gives them; None: a game's win, draw or
    loss)."""
    if low is None or high is None:
        return "Rewards: a win is 1, a draw ½, a loss 0 for MAX; MIN's reward is 1 minus MAX's"
    if low == high:
        return "Rewards: every leaf has the same value, so every playout gives both players ½"
    shift = "v" if low == 0 else f"(v − {format_number(low)})" if low > 0 else f"(v + {format_number(-low)})"
    return (f"Rewards: a leaf of value v gives MAX the reward {shift} / {format_number(high - low)} (from the "
            f"smallest leaf value, {format_number(low)}, to the largest, {format_number(high)}); MIN's reward is "
            f"1 minus MAX's")


def _search_words(facts: SearchFacts) -> str:
    """``Alpha-beta (cut when α ≥ β, fail-soft)``: the search, with its rules."""
    trace = facts.trace
    rules = trace.rule_phrases()
    return f"{trace.title}{' (' + ', '.join(rules) + ')' if rules else ''}"


def _worth(points: int, count: int, per: str = "each") -> str:
    """What ``count`` items worth ``points`` in all are worth: ``1 point``, ``1 point each, 9 points``."""
    if count == 1:
        return f"{points} point{'s' if points != 1 else ''}"
    one = points // count
    return f"{one} point{'s' if one != 1 else ''} {per}, {points} points"


# ---- each kind, asked ---------------------------------------------------------------------------------------

def _values(facts: SearchFacts, items: list[Item]) -> Question:
    """A box under every inner node (the ones the search never reaches too), for the value it returns."""
    asked = {item.node: item for item in items}
    nodes = facts.view.nodes
    blanks = tuple(Blank(node, facts.label(node),
                         (shown(asked[node].expected),) if node in asked else ("",),
                         asked[node].max_points if node in asked else 0)
                   for node in facts.preorder() if nodes[node].children)
    words = "in the box under each inner node, the value the search returns there"
    if isinstance(facts.value, tuple):
        words += ", a vector of the players' utilities as the leaves give them"
    if facts.view.passes > 1:
        words += " (in the last pass that reaches the node)"
    if search_prunes(facts):
        words += "; where the search proves only a bound, write it as one, ≤ or ≥ before its number; leave empty " \
                 "the box of a node the search never reaches"
    one = items[0].max_points
    return Question("values", "Values", f"{words}. {one} point for each node the search reaches.",
                    sum(item.max_points for item in items), len(items), blanks)


def _leaves(facts: SearchFacts, items: list[Item]) -> Question:
    """The leaves themselves: each crossed out, or not."""
    blanks = tuple(Blank(item.node, facts.label(item.node), (item.expected,), item.max_points) for item in items)
    points = sum(item.max_points for item in items)
    words = ("cross out every leaf the search never examines (where it skips a subtree, each of its leaves). "
             f"{_worth(points, len(items), 'per leaf, crossed out or not as the search does')}.")
    return Question("leaf", "Pruned leaves", words, points, len(items), blanks)


def _best_move(facts: SearchFacts, items: list[Item]) -> Question:
    (item,) = items
    blank = Blank(None, facts.label(0), (shown(item.expected),), item.max_points, line="Best move")
    return Question("best_move", "Best move", f"the move the search chooses at the root, on its line. "
                                              f"{_worth(item.max_points, 1)}.", item.max_points, 1, (blank,))


def _windows(facts: SearchFacts, items: list[Item]) -> Question:
    blanks = tuple(Blank(None, facts.label(item.node), tuple(shown(v) for v in item.expected), item.max_points,
                         slots=2, line=f"Window at {facts.label(item.node)}") for item in items)
    names = join_names([facts.label(item.node) for item in items])
    points = sum(item.max_points for item in items)
    lines = "its line" if len(items) == 1 else "their lines"
    words = f"α and β when the search leaves {names}, on {lines}. {_worth(points, len(items))}."
    return Question("windows", "Windows", words, points, len(items), blanks)


def _node_types(facts: SearchFacts, items: list[Item]) -> Question:
    blanks = tuple(Blank(item.node, facts.label(item.node), (item.expected,), item.max_points) for item in items)
    points = sum(item.max_points for item in items)
    words = ("in the rounded box under each node that has one, PV, CUT or ALL: Knuth and Moore's type of the node, "
             f"as the search enters it. {_worth(points, len(items))}.")
    return Question("node_types", "Node types", words, points, len(items), blanks)


def _order(facts: SearchFacts, items: list[Item]) -> Question:
    (item,) = items
    # as many blanks as the search could enter nodes (every node, in every pass): the count would give it away
    slots = len(facts.preorder()) * max(1, facts.view.passes)
    blank = Blank(None, "", tuple(item.expected), item.max_points, slots=slots, line="Visit order")
    again = "; a node entered again in a later pass is written again" if facts.view.passes > 1 else ""
    words = (f"every node the search enters, in the order it enters them, one to a blank{again}; leave the blanks "
             f"left over empty. {_worth(item.max_points, 1)}, for the whole list.")
    return Question("order", "Visit order", words, item.max_points, 1, (blank,))


def _statistics(facts: SearchFacts, items: list[Item]) -> Question:
    """Monte Carlo tree search: a W/N box under every node (any may join the tree)."""
    visits = {item.node: item for item in items if item.kind == "visits"}
    wins = {item.node: item for item in items if item.kind == "wins"}
    blanks = []
    for node in facts.preorder():
        if node in visits:
            blanks.append(Blank(node, facts.label(node), (shown(wins[node].expected), shown(visits[node].expected)),
                                visits[node].max_points + wins[node].max_points, slots=2))
        else:
            blanks.append(Blank(node, facts.label(node), ("", ""), 0, slots=2))
    one = items[0].max_points
    words = (f"in the two boxes under each node, W over N, as a fraction, after the last iteration; leave them "
             f"empty for a node the search never makes. {one} point for N and {one} for W of each node the search "
             "makes.")
    return Question("statistics", "N and W", words, sum(item.max_points for item in items), len(items),
                    tuple(blanks))


def _paths(facts: SearchFacts, items: list[Item]) -> Question:
    longest = max(facts.node(node).node.ply for node in facts.preorder()) + 1  # the root to the deepest node
    numbers = [item.item.rsplit(" ", 1)[1] for item in items]  # grade's "path of iteration 7"
    blanks = tuple(Blank(None, number, tuple(item.expected), item.max_points, slots=longest,
                         line=f"Path of iteration {number}") for number, item in zip(numbers, items))
    numbers = join_names(numbers)
    points = sum(item.max_points for item in items)
    words = (f"for iteration{'s' if len(items) > 1 else ''} {numbers}, the nodes from the root to the node expanded "
             f"(or the end of the game reached), one to a blank. {_worth(points, len(items))}.")
    return Question("selected", "Paths", words, points, len(items), blanks)


def _statistics_notes(facts: SearchFacts, rewards: str) -> list[str]:
    """What N and W are, whether the exercise gives some nodes theirs, and how a leaf's value becomes a reward."""
    notes = ["W over N: W is the total reward for the player who chose the move into the node (the root's for its "
             "own player), N the node's visits, both after the last iteration"]
    if facts.stats_given():
        notes.append(f"“{GIVEN} W/N” over a node's boxes: the statistics the exercise gives it, which the search "
                     "goes on from")
    return notes + ([rewards] if rewards else [])


_NOTES = {"statistics": _statistics_notes}  # the conventions a kind of item is answered in, stated under the tree

_ASK = {"values": _values, "leaf": _leaves, "best_move": _best_move, "windows": _windows,
        "node_types": _node_types, "order": _order, "statistics": _statistics, "selected": _paths}
