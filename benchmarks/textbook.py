"""The anchors the benchmarks measure tracer against: plain textbook code, written here as a student would write it
from the books, and aima-python run from a checkout of its own.

- :class:`ListConnectFour`: Connect Four with the board a list of rows (``board[row][col]``, row 0 at the
  bottom), a move copying the board and checking the lines through the new disc; the evaluation the windows one
  tracer uses (for each of the 69 windows of four cells with no disc of MIN add w[MAX's discs in it], with none of
  MAX's subtract w[MIN's], w = 0, 1, 4, 16, 1000), counted window by window over the list, as Russell & Norvig's
  EVAL is described. Columns in order 1→7, as tracer's children.
- :func:`alpha_beta`: ALPHA-BETA-SEARCH with a depth cut-off (Russell & Norvig, 4th ed., Figure 5.7 and Section
  5.3: H-MINIMAX's "if IS-CUTOFF(s, d) then return EVAL(s)"), over :class:`ListConnectFour`: the stand-in for the
  seed study's own code, which is not on this machine. It visits the same nodes as tracer's alpha-beta (the
  benchmark checks the value and the count).
- :func:`uct_search`: UCT as Browne et al. 2012 (Algorithm 2, "UCTSEARCH") give it: TREEPOLICY, EXPAND,
  BESTCHILD, DEFAULTPOLICY and BACKUP, nodes as plain objects with a list of untried actions and a list of
  children, the playout making a position per move, over :class:`ListConnectFour`.
- :func:`load_aima`: aima-python's ``games`` module (``alpha_beta_search``, ``TicTacToe``) imported from a checkout
  given by ``--aima`` or ``AIMA_PYTHON`` (a folder holding ``aima/games.py``, or a git repository, whose tree is
  then exported to a temporary folder); never copied into the project.
"""

from __future__ import annotations

import importlib
import math
import os
import subprocess
import sys
import tempfile

ROWS, COLS = 6, 7
WEIGHTS = (0, 1, 4, 16, 1000)
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))  # (rows, columns) per step


class ListConnectFour:
    """A Connect Four position: ``board[row][col]`` is 0 (empty), 1 (the first player, MAX) or 2; ``to_move`` is
    1 or 2; ``winner`` 1 or 2 once someone has four in a row."""

    def __init__(self, board=None, to_move=1, discs=0, winner=0):
        self.board = board or [[0] * COLS for _ in range(ROWS)]
        self.to_move, self.discs, self.winner = to_move, discs, winner

    def actions(self):
        """The columns (1-7) whose top cell is empty."""
        return [col + 1 for col in range(COLS) if self.board[ROWS - 1][col] == 0]

    def result(self, action):
        """The position after dropping a disc into column ``action``."""
        col = action - 1
        board = [row[:] for row in self.board]
        row = 0
        while board[row][col] != 0:
            row += 1
        board[row][col] = self.to_move
        winner = self.to_move if self.four_through(board, row, col) else 0
        return ListConnectFour(board, 3 - self.to_move, self.discs + 1, winner)

    @staticmethod
    def four_through(board, row, col):
        """Whether the disc at (row, col) is in four of its colour in a row."""
        player = board[row][col]
        for dr, dc in DIRECTIONS:
            count = 1
            for sign in (1, -1):
                r, c = row + sign * dr, col + sign * dc
                while 0 <= r < ROWS and 0 <= c < COLS and board[r][c] == player:
                    count += 1
                    r, c = r + sign * dr, c + sign * dc
            if count >= 4:
                return True
        return False

    def is_terminal(self):
        return self.winner != 0 or self.discs == ROWS * COLS

    def evaluate(self):
        """The windows evaluation for MAX (the first player)."""
        score = 0
        for row in range(ROWS):
            for col in range(COLS):
                for dr, dc in DIRECTIONS:
                    end_row, end_col = row + 3 * dr, col + 3 * dc
                    if not (0 <= end_row < ROWS and 0 <= end_col < COLS):
                        continue
                    cells = [self.board[row + i * dr][col + i * dc] for i in range(4)]
                    mine, theirs = cells.count(1), cells.count(2)
                    if theirs == 0:
                        score += WEIGHTS[mine]
                    if mine == 0:
                        score -= WEIGHTS[theirs]
        return score

    def reward(self, player):
        """1 for a win of ``player``, 0 for a loss, ½ for a draw."""
        return 0.5 if self.winner == 0 else 1.0 if self.winner == player else 0.0


# ---- ALPHA-BETA-SEARCH with a cut-off (Russell & Norvig, Figure 5.7) ----------------------------------------

def alpha_beta(state, depth):
    """(value, move, nodes visited) of a depth-limited alpha-beta search, MAX to move at ``state``."""
    visited = 0

    def max_value(state, alpha, beta, depth):
        nonlocal visited
        visited += 1
        if state.is_terminal() or depth == 0:
            return state.evaluate(), None
        v, move = -math.inf, None
        for a in state.actions():
            v2, _ = min_value(state.result(a), alpha, beta, depth - 1)
            if v2 > v:
                v, move = v2, a
                alpha = max(alpha, v)
            if v >= beta:
                return v, move
        return v, move

    def min_value(state, alpha, beta, depth):
        nonlocal visited
        visited += 1
        if state.is_terminal() or depth == 0:
            return state.evaluate(), None
        v, move = math.inf, None
        for a in state.actions():
            v2, _ = max_value(state.result(a), alpha, beta, depth - 1)
            if v2 < v:
                v, move = v2, a
                beta = min(beta, v)
            if v <= alpha:
                return v, move
        return v, move

    value, move = max_value(state, -math.inf, math.inf, depth)
    return value, move, visited


# ---- UCT (Browne et al. 2012, Algorithm 2) ------------------------------------------------------------------

class UCTNode:
    """v: its state s(v), the action a(v) into it, its parent, N(v), Q(v) (the total reward of the player who
    moved into v) and its untried actions."""

    def __init__(self, state, parent=None, action=None):
        self.state, self.parent, self.action = state, parent, action
        self.children = []
        self.untried = state.actions()
        self.visits, self.reward = 0, 0.0


def uct_search(s0, iterations, c, rng):
    """UCTSEARCH(s0) for ``iterations`` iterations; returns a(BESTCHILD(v0, 0))."""
    v0 = UCTNode(s0)
    for _ in range(iterations):
        v = tree_policy(v0, c)
        delta = default_policy(v.state, rng, 3 - v.state.to_move)
        backup(v, delta)
    return best_child(v0, 0).action


def tree_policy(v, c):
    while not v.state.is_terminal():
        if v.untried:
            return expand(v)
        v = best_child(v, c)
    return v


def expand(v):
    a = v.untried.pop(0)
    child = UCTNode(v.state.result(a), v, a)
    v.children.append(child)
    return child


def best_child(v, c):
    log_n = math.log(v.visits)
    return max(v.children, key=lambda ch: ch.reward / ch.visits + c * math.sqrt(2 * log_n / ch.visits))


def default_policy(s, rng, player):
    """A uniformly random playout from s; the reward of ``player`` (the one who moved into the new node)."""
    while not s.is_terminal():
        actions = s.actions()
        s = s.result(actions[rng.randrange(len(actions))])
    return s.reward(player)


def backup(v, delta):
    """BACKUPNEGAMAX with rewards in [0, 1]: the parent's mover gets 1 − Δ."""
    while v is not None:
        v.visits += 1
        v.reward += delta
        delta = 1 - delta
        v = v.parent


# ---- aima-python, from a checkout of its own ----------------------------------------------------------------

def load_aima(where: str | None):
    """aima-python's ``aima.games`` module from ``where`` (or ``AIMA_PYTHON``), or a note saying why not."""
    where = where or os.environ.get("AIMA_PYTHON")
    if not where:
        return None, "no aima-python checkout given (--aima DIR or AIMA_PYTHON)"
    if not os.path.exists(os.path.join(where, "aima", "games.py")):
        folder = tempfile.mkdtemp(prefix="aima-python-")
        archive = subprocess.run(["git", f"--git-dir={where}", "archive", "HEAD", "aima"], capture_output=True)
        if archive.returncode:
            return None, f"{where} holds neither aima/games.py nor a git repository of aima-python"
        subprocess.run(["tar", "-x", "-C", folder], input=archive.stdout, check=True)
        where = folder
    sys.path.insert(0, where)
    try:
        return importlib.import_module("aima.games"), None
    except ImportError as error:
        return None, f"aima-python's games module does not import ({error})"
