"""MCTS on the games, against an independent UCT over independent rules: Connect Four and tic-tac-toe written here
as lists of cells (nothing of games/ or tracer/search/), searched by UCT as the README states it, drawing from one
``random.Random(seed)`` with ``randrange`` as the README's playout does. Every iteration's expanded move, playout,
reward and back-up path (N, W), and the final choice, must be the trace's — with the game's own fast playout and
with the generic loop (a position that offers none), and untraced."""

from __future__ import annotations

import math
import random

import pytest

from games import load_game
from tracer.run import trace_search
from tracer.search.mcts import play_out
from tracer.search.registry import ALGORITHMS
from tracer.search.tracers import NO_TRACER


# ---- the rules, written here --------------------------------------------------------------------------------

class ListGame:
    """A position of an m,n,k-game with gravity or without: ``cells[row][col]`` is 0, 1 (the first player) or 2,
    row 0 at the bottom; moves are columns 1… (gravity: Connect Four) or cells 1… row by row from the top (not:
    tic-tac-toe), in increasing order."""

    def __init__(self, cols, rows, k, gravity, cells=None, mover=1, winner=0, discs=0):
        self.cols, self.rows, self.k, self.gravity = cols, rows, k, gravity
        self.cells = cells or [[0] * cols for _ in range(rows)]
        self.mover, self.winner, self.discs = mover, winner, discs

    def terminal(self):
        return self.winner != 0 or self.discs == self.cols * self.rows

    def moves(self):
        if self.terminal():
            return []
        if self.gravity:
            return [c + 1 for c in range(self.cols) if self.cells[self.rows - 1][c] == 0]
        return [i + 1 for i in range(self.cols * self.rows) if self._cell_of(i + 1)[2] == 0]

    def _cell_of(self, move):
        row, col = self.rows - 1 - (move - 1) // self.cols, (move - 1) % self.cols  # cell 1 is the top left
        return row, col, self.cells[row][col]

    def play(self, move):
        cells = [list(row) for row in self.cells]
        if self.gravity:
            col = move - 1
            row = next(r for r in range(self.rows) if cells[r][col] == 0)
        else:
            row, col, _ = self._cell_of(move)
        cells[row][col] = self.mover
        won = any(self._run(cells, row, col, dr, dc) >= self.k for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)))
        return ListGame(self.cols, self.rows, self.k, self.gravity, cells, 3 - self.mover,
                        self.mover if won else 0, self.discs + 1)

    def _run(self, cells, row, col, dr, dc):
        count = 1
        for sign in (1, -1):
            r, c = row + sign * dr, col + sign * dc
            while 0 <= r < self.rows and 0 <= c < self.cols and cells[r][c] == cells[row][col]:
                count, r, c = count + 1, r + sign * dr, c + sign * dc
        return count

    def reward(self, max_player):
        return 0.5 if self.winner == 0 else 1.0 if self.winner == max_player else 0.0


# ---- UCT as the README states it ------------------------------------------------------------------------------

class RefNode:
    def __init__(self, position, parent=None, move=None):
        self.position, self.parent, self.move = position, parent, move
        self.untried, self.children, self.n, self.w = position.moves(), [], 0, 0.0
        self.chooser = position.mover if parent is None else parent.position.mover  # the root's: its own mover


def reference(position, iterations, c, seed):
    """Yields per iteration (the moves from the root to the new node, the playout's moves, MAX's reward, the
    back-up path's (N, W) from the new node up); then the root."""
    rng, root, max_player = random.Random(seed), RefNode(position), position.mover
    for _ in range(iterations):
        node = root
        while not node.position.terminal() and not node.untried:
            log_n = math.log(node.n) if node.n > 1 else 0.0
            totals = [ch.w / ch.n + c * math.sqrt(log_n / ch.n) for ch in node.children]
            node = node.children[totals.index(max(totals))]
        played = []
        if node.untried:  # the first untried move, in move order
            move = node.untried.pop(0)
            node.children.append(RefNode(node.position.play(move), node, move))
            node = node.children[-1]
            end = node.position
            while not end.terminal():
                choices = end.moves()
                played.append(choices[rng.randrange(len(choices))])
                end = end.play(played[-1])
        else:
            end = node.position
        reward = end.reward(max_player)
        path, walk, line = [], node, []
        while walk is not None:
            walk.n += 1
            walk.w += 1 - reward if walk.chooser != max_player else reward
            path.append((walk.n, walk.w))
            line.append(walk.move)
            walk = walk.parent
        yield [m for m in reversed(line) if m is not None], played, reward, path
    yield root


def trace_iterations(trace):
    """Per iteration of a trace: (the moves from the root to the new node, the playout's moves, reward, path)."""
    by_id = {node.id: node for node in trace.nodes}

    def line(node_id):
        moves = []
        while by_id[node_id].parent is not None:
            moves.append(int(by_id[node_id].move))
            node_id = by_id[node_id].parent
        return moves[::-1]

    rows, current = [], None
    for event in trace.events:
        if event.kind == "mcts_iteration":
            current = {}
        elif event.kind == "mcts_playout":
            current["line"], current["played"] = line(event.node), [int(m) for m in event.moves]
        elif event.kind == "mcts_backup":
            rows.append((current["line"], current["played"], event.reward, [(n, w) for _, n, w in event.path]))
    return rows


class WithoutPlayout:
    """A position that offers no random_playout: MCTS plays out with its generic loop."""

    def __init__(self, state):
        self.state = state

    def __getattr__(self, name):
        if name == "random_playout":
            raise AttributeError(name)
        return getattr(self.state, name)

    def child(self, move):
        return WithoutPlayout(self.state.child(move))


CASES = [("connect4", {}, (7, 6, 4, True), 400), ("connect4", {"cols": 5, "rows": 4}, (5, 4, 4, True), 300),
         ("tictactoe", {}, (3, 3, 3, False), 300)]


@pytest.mark.parametrize("name, options, rules, iterations", CASES)
@pytest.mark.parametrize("seed, c", [(0, math.sqrt(2)), (5, 0.7)])
@pytest.mark.parametrize("own_playout", [True, False])
def test_every_iteration_is_the_independent_uct_on_independent_rules(name, options, rules, iterations, seed, c,
                                                                      own_playout):
    game = load_game(name, **options)
    root = game.rooted(game.start())
    trace = trace_search(root if own_playout else WithoutPlayout(root), "mcts",
                         settings={"iterations": iterations, "seed": seed, "exploration": c})
    expected = list(reference(ListGame(*rules), iterations, c, seed))
    ref_root = expected.pop()
    got = trace_iterations(trace)
    assert len(got) == iterations
    for number, (ours, theirs) in enumerate(zip(got, expected), 1):
        assert ours[:3] == theirs[:3], f"iteration {number}"
        assert [(n, pytest.approx(w, abs=1e-9)) for n, w in theirs[3]] == ours[3], f"iteration {number}"
    robust = max((ch for ch in ref_root.children if ch.n), key=lambda ch: (ch.n, ch.w / ch.n))
    assert int(trace.best_move) == robust.move
    untraced = ALGORITHMS["mcts"].run(game.rooted(game.start()), tracer=NO_TRACER,
                                      settings={"iterations": iterations, "seed": seed, "exploration": c})
    assert untraced == (pytest.approx(robust.w / robust.n, abs=1e-12), robust.move)


class Counting:
    """A toy game that offers its ``n``-th position ``sizes[n]`` moves: the generic loop's draws, one per move."""

    player = None  # never the chance player

    def __init__(self, sizes, at=0):
        self.sizes, self.at = sizes, at

    def is_terminal(self):
        return self.at == len(self.sizes)

    def moves(self):
        return list(range(self.sizes[self.at]))

    def child(self, move):
        return Counting(self.sizes, self.at + 1)


def test_the_generic_loop_draws_what_randrange_draws():
    sizes = [n for n in range(1, 80) for _ in range(12)]  # within PLAYOUT_LIMIT moves
    random.Random(1).shuffle(sizes)
    for seed in range(5):
        moves, end = play_out(Counting(sizes), "random", ours := random.Random(seed))
        theirs = random.Random(seed)
        assert moves == [theirs.randrange(n) for n in sizes]
        assert end.is_terminal() and ours.getstate() == theirs.getstate()
