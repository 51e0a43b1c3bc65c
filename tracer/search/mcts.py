"""Monte Carlo tree search with UCT (Kocsis & Szepesvári 2006; Russell & Norvig, 4th ed., Section 5.4 and Figure
5.11; Browne et al. 2012), each of its four phases one short function with one tracer call:

- **selection**: from the root, while every child of the node has been visited, go to the child maximising
  ``Q + C·√(ln N(parent) / N(child))``, ``Q = W/N`` being the child's mean reward for the player choosing at the
  parent (ties: the first in move order). A chance node is never selected by UCB: an outcome is drawn by its
  probability.
- **expansion**: at a node with untried children, the first untried one (in move order) joins the tree.
- **simulation**: a playout from the new node to the end of the game, the moves uniformly at random (``random``)
  or always the first in move order (``first``), or none: the new node's static evaluation (``eval``). A terminal
  node reached by selection gives its own result. A playout that has not ended after ``PLAYOUT_LIMIT`` moves is
  cut there and valued by the evaluation of the position reached.
- **back-up**: every node on the path gets N + 1 and W + the reward, W in the terms of the player who chose the
  move into the node (the root's: its own player to move).

Rewards are in [0, 1] (:class:`Rewards`). Every random choice comes from one ``random.Random(seed)``, so a seed
gives the same search on every machine.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from operator import itemgetter

from ..model.state import UNLIMITED, Player, is_explicit
from .tracers import NO_TRACER, NullTracer

TYPE_CHECKING = False  # (typing's constant: typing is not imported to run tracer, only to check it)
if TYPE_CHECKING:
    from ..model.game import GameState

MAX, MIN, CHANCE = Player.MAX, Player.MIN, Player.CHANCE
EXPLORATION = math.sqrt(2)  # UCB1's constant C (Auer, Cesa-Bianchi & Fischer 2002)
ROLLOUTS = ("random", "first", "eval")  # how a new node is valued: random moves, first moves, its evaluation
FINALS = ("robust", "max")  # the move returned: most visits, or highest mean reward
DEFAULT_ITERATIONS = 100
# A playout stops after this many moves and is valued by the evaluation of where it got to. No game tracer ships
# lasts that long (Connect Four on 9 × 10: 90 moves; Clobber on 26 × 26: 675), but Pig need never end: rolling,
# its first move, forever, or just a long run of luck. (A game's own random_playout plays to the end: only games
# that always end well within the limit offer one.)
PLAYOUT_LIMIT = 1_000
TOTAL = itemgetter(3)  # of a scored child (child, Q, exploration term, total)


class Rewards:
    """The one rule turning what the game says into a reward for MAX in [0, 1] (MIN's is ``1 −`` it).

    A tree file (an explicit tree) scales a leaf's value by its smallest and largest leaf value,
    ``(v − lo) / (hi − lo)`` (½ when every leaf is equal); an ``eval:`` is scaled the same way, and clipped into
    [0, 1]. A game gives 1 for a win, ½ for a draw and 0 for a loss: ``state.result()`` when the state offers it,
    else the sign of ``utility()``; an evaluation ``v`` becomes ``1 / (1 + e^(−v / s))``, ``s`` being the state's
    ``eval_scale`` (1 when it has none): ½ for an even position, about 0.73 at ``v = s``.
    """

    def __init__(self, root: GameState):
        self.explicit = is_explicit(root)
        self.low = self.high = None
        if self.explicit:
            values = [state.utility() for state in _explicit_leaves(root)]
            self.low, self.high = min(values), max(values)

    def _scaled(self, value: float) -> float:
        if self.high == self.low:
            return 0.5
        return min(1.0, max(0.0, (value - self.low) / (self.high - self.low)))

    def terminal(self, state: GameState) -> float:
        """The reward for MAX at the end of the game (a tree file's leaf)."""
        if self.explicit:
            return self._scaled(state.utility())
        result = getattr(state, "result", None)
        if callable(result):
            return float(result())
        utility = state.utility()
        return 1.0 if utility > 0 else 0.0 if utility < 0 else 0.5

    def estimate(self, state: GameState) -> float:
        """The reward for MAX a position's static evaluation stands for (``--rollout eval``)."""
        if state.is_terminal():
            return self.terminal(state)
        value = state.evaluate()
        if self.explicit:
            return self._scaled(value)
        scale = getattr(state, "eval_scale", 1) or 1
        return 1 / (1 + math.exp(max(-700.0, min(700.0, -value / scale))))


def _explicit_leaves(root):
    pending = [root]
    while pending:
        state = pending.pop()
        if state.is_terminal():
            yield state
        else:
            pending.extend(state.child(move) for move in state.moves())


class Node:
    """A node of the search tree: the position, how it was reached, its statistics (N visits, W total reward for
    the player who chose the move into it) and its children in the order they were expanded. ``index`` numbers the
    nodes in the order they were made (the root 0), as the trace numbers them. Whether the position ends the game
    is asked once, when the node is made (selection passes through a node many times)."""

    __slots__ = ("state", "move", "parent", "index", "chooser", "terminal", "untried", "children", "visits", "wins")

    def __init__(self, state: GameState, move, parent: "Node | None", index: int):
        self.state, self.move, self.parent, self.index = state, move, parent, index
        self.terminal = state.is_terminal()
        if parent is None:
            self.chooser = MAX if state.player is CHANCE else state.player
        else:
            self.chooser = parent.chooser if parent.state.player is CHANCE else parent.state.player
        self.untried = list(state.moves())  # in move order: the first is expanded first
        self.children: list[Node] = []
        self.visits, self.wins = 0, 0.0

    @property
    def mean(self) -> float:
        """Q = W / N."""
        return self.wins / self.visits

    def untried_here(self) -> bool:
        """Whether the search expands here: a node that is not terminal with a move not yet in the tree."""
        return bool(self.untried) and not self.terminal

    def reward_of(self, reward: float) -> float:
        """``reward`` (MAX's) in the terms of the player who chose the move into this node."""
        return 1.0 - reward if self.chooser is MIN else reward


def ucb_scores(children, parent_visits: int, exploration: float) -> list[tuple]:
    """The children of a node whose N is ``parent_visits`` as UCB1 scores them for the player choosing there, in
    order: (child, Q = W/N, the exploration term C·√(ln N(parent) / N), their total) each. A child is anything with
    ``visits`` (N) and ``wins`` (W).

    Guarded as UCT has it, for statistics given before the search (a tree file's ``stats:``): a child never visited
    (N = 0) totals +∞ (its Q written 0), so it is selected before any visited child, the first such in move order,
    as an untried move would be; and ln N(parent) counts as 0 while the parent has at most one visit (it is 0 at
    N = 1), so a parent given no visits scores its children by Q alone, never by ln 0."""
    log_parent = math.log(parent_visits) if parent_visits > 1 else 0.0
    sqrt, scores = math.sqrt, []
    for child in children:
        visits = child.visits
        if visits:
            mean = child.wins / visits
            explore = exploration * sqrt(log_parent / visits)
            scores.append((child, mean, explore, mean + explore))
        else:
            scores.append((child, 0.0, math.inf, math.inf))
    return scores


def mcts(root: GameState, depth: float = UNLIMITED, tracer: NullTracer = NO_TRACER, *,
         iterations: int = DEFAULT_ITERATIONS, exploration: float = EXPLORATION, rollout: str = "random",
         final: str = "robust", seed: int = 0, stop: Callable[[], bool] | None = None):
    """MONTE-CARLO-TREE-SEARCH (UCT) from ``root`` for ``iterations`` iterations. Returns the chosen move's mean
    reward for MAX and the move (``final``: ``robust``, the most visited; ``max``, the highest mean). ``depth`` is
    not used: playouts go to the end of the game. Nodes whose statistics the position gives (a tree file's
    ``stats:``) are in the tree before the first iteration (see :func:`given_statistics`). ``stop``: asked between
    iterations (after the first); when it says so the search ends early and chooses from what it has (an anytime
    search: a time budget per move)."""
    rng = random.Random(seed)
    rewards = Rewards(root)
    tree = Node(root, None, None, 0)
    made = [tree]
    tracer.tree_root(tree)
    given_statistics(tree, made, tracer)
    for number in range(1, iterations + 1):
        if number > 1 and stop is not None and stop():
            break
        tracer.begin_iteration(number)
        node = select(tree, exploration, rng, tracer)
        if node.untried_here():
            node = expand(node, made, rng, tracer)
            reward = simulate(node, rollout, rewards, rng, tracer)
        else:  # a terminal node reached by selection backs up its own result
            reward = rewards.terminal(node.state)
            tracer.playout(node, (), reward, "terminal")
        back_up(node, reward, tracer)
    best = final_choice(tree, final)
    tracer.final(tree, best, final)
    if best is None:
        return rewards.terminal(root) if root.is_terminal() else 0.5, None
    return (best.mean if tree.chooser is MAX else 1 - best.mean), best.move


def select(node: Node, exploration: float, rng: random.Random, tracer: NullTracer) -> Node:
    """Go down while the node's children have all been visited: by UCB1, or at a chance node by drawing an
    outcome (which is expanded next if it is not in the tree yet)."""
    while not node.terminal:
        if node.state.player is CHANCE:
            move = draw_outcome(node.state, rng)
            child = next((c for c in node.children if c.move == move), None)
            if child is None:
                node.untried.remove(move)
                node.untried.insert(0, move)  # the drawn outcome is the one expanded
                return node
            tracer.sample(node, child)
            node = child
            continue
        if node.untried:
            return node
        scores = ucb_scores(node.children, node.visits, exploration)
        chosen = max(scores, key=TOTAL)  # max keeps the first of equal totals: move order
        tracer.select(node, chosen[0], scores)
        node = chosen[0]
    return node


def expand(node: Node, made: list[Node], rng: random.Random, tracer: NullTracer) -> Node:
    """The first untried move of ``node`` joins the tree."""
    move = node.untried.pop(0)
    child = Node(node.state.child(move), move, node, len(made))
    node.children.append(child)
    made.append(child)
    tracer.expand(child)
    return child


def simulate(node: Node, rollout: str, rewards: Rewards, rng: random.Random, tracer: NullTracer) -> float:
    """The reward for MAX of a playout from ``node``: random or first moves to the end, or its evaluation. A
    playout still going after :data:`PLAYOUT_LIMIT` moves stops there (``cut``), and the position it reached is
    valued by its evaluation, as ``eval`` values a new node."""
    state = node.state
    if rollout == "eval":
        reward = rewards.estimate(state)
        tracer.playout(node, (), reward, "eval")
        return reward
    fast = getattr(state, "random_playout", None) if rollout == "random" else None
    if callable(fast):  # a game's own playout over its integers, drawing from rng as play_out would
        moves, state = fast(rng)
    else:
        moves, state = play_out(state, rollout, rng)
    if not state.is_terminal():
        reward = rewards.estimate(state)
        tracer.playout(node, moves, reward, "cut")
        return reward
    reward = rewards.terminal(state)
    tracer.playout(node, moves, reward, rollout)
    return reward


def play_out(state: GameState, rollout: str, rng: random.Random) -> tuple[list, GameState]:
    """The playout of any game, over its own positions (no search nodes): from ``state``, a move drawn uniformly
    (``random``) or the first move (``first``), an outcome drawn by its probability at a chance node, until the
    game ends or :data:`PLAYOUT_LIMIT` moves are played. Returns the moves and the position reached.

    The uniform draw is ``rng.randrange(n)`` (n moves) as CPython makes it (``Random._randbelow_with_getrandbits``:
    k = n's bit length, k random bits until they are below n), written out to spare the loop two calls a move; the
    games' own ``random_playout`` draw the same (tests/search/test_mcts_games.py and tests/games/test_playouts.py
    check them against ``randrange``)."""
    moves, at_random, chance, getrandbits = [], rollout == "random", CHANCE, rng.getrandbits
    for _ in range(PLAYOUT_LIMIT):
        if state.is_terminal():
            break
        if state.player is chance:
            move = draw_outcome(state, rng)
        elif at_random:
            choices = state.moves()
            n = len(choices)
            bits = n.bit_length()
            drawn = getrandbits(bits)
            while drawn >= n:
                drawn = getrandbits(bits)
            move = choices[drawn]
        else:
            move = state.moves()[0]
        moves.append(move)
        state = state.child(move)
    return moves, state


def back_up(node: Node, reward: float, tracer: NullTracer) -> None:
    """N + 1 and W + the reward (in the chooser's terms) on every node from ``node`` up to the root."""
    path = node
    while node is not None:
        node.visits += 1
        node.wins += node.reward_of(reward)
        node = node.parent
    tracer.backup(path, reward)


def final_choice(root: Node, final: str) -> Node | None:
    """The root's child to play: ``robust``, the most visits (ties: the higher mean, then move order); ``max``,
    the highest mean (ties: more visits, then move order). Only children that were visited count."""
    visited = [child for child in root.children if child.visits]
    if not visited:
        return None
    if final == "robust":
        return max(visited, key=lambda child: (child.visits, child.mean))
    return max(visited, key=lambda child: (child.mean, child.visits))


def draw_outcome(state: GameState, rng: random.Random):
    """A chance node's outcome, drawn by its probability."""
    moves = state.moves()
    point, total = rng.random(), 0.0
    for move in moves:
        total += state.probability(move)
        if point < total:
            return move
    return moves[-1]


def given_statistics(tree: Node, made: list[Node], tracer: NullTracer) -> None:
    """Put in the tree, before the search, the nodes whose statistics the state gives (``given_stats()``, a tree
    file's ``stats:``: (W, N) in the convention above), in move order, parents before children."""
    if not callable(getattr(tree.state, "given_stats", None)):
        return  # a position that can give none (a game's): its children need not be made to ask
    pending = [tree]
    while pending:
        node = pending.pop(0)
        stats = _given(node.state)
        if stats is not None:  # only the root may have none (a child joins here only when given)
            node.wins, node.visits = stats
            tracer.given(node)
        for move in list(node.untried):
            child_state = node.state.child(move)
            if _given(child_state) is not None:
                node.untried.remove(move)
                child = Node(child_state, move, node, len(made))
                node.children.append(child)
                made.append(child)
                pending.append(child)


def _given(state) -> tuple[float, int] | None:
    given = getattr(state, "given_stats", None)
    return given() if callable(given) else None


MAX_ITERATIONS = 10_000_000  # a traced search is bounded by --max-nodes too
MAX_EXPLORATION = 100

