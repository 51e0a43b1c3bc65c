"""The games under Monte Carlo tree search: each game's own random playout draws exactly what MCTS's generic loop
draws (so traces are the same with it and without it), terminal rewards are 1 / ½ / 0 for MAX by an independent
reading of the board, each ``eval_scale`` means what its comment says, and a playout that never ends (Pig's
``--rollout first``, which always rolls) is cut and valued by the evaluation."""

from __future__ import annotations

import math
import random

import pytest

from helpers import run_tracer
from games import load_game
from games.pig import ROLL
from tracer.model.state import Player
from tracer.run import trace_search
from tracer.search.mcts import PLAYOUT_LIMIT, Rewards

GAMES_WITH_PLAYOUTS = [("connect4", {}), ("connect4", {"cols": 5, "rows": 4}), ("connect4", {"cols": 9, "rows": 10}),
                       ("tictactoe", {}), ("tictactoe", {"quick_wins": True})]


def random_positions(game, count: int, seed: int, rooted: bool = True):
    """``count`` positions reached by random moves from the start (some of them terminal), each rooted (MAX to
    move) or, with ``rooted=False``, seen from the first player."""
    rng = random.Random(seed)
    for _ in range(count):
        state = game.start()
        for _ in range(rng.randrange(0, 40)):
            if state.is_terminal():
                break
            state = state.child(rng.choice(state.moves()))
        yield game.rooted(state) if rooted else state


def generic_playout(state, rng):
    """MCTS's loop for ``--rollout random``, written out here: a uniformly random move by ``rng.randrange`` over
    ``moves()`` until the game ends."""
    moves = []
    while not state.is_terminal():
        choices = state.moves()
        move = choices[rng.randrange(len(choices))]
        moves.append(move)
        state = state.child(move)
    return moves, state


class WithoutPlayout:
    """A position with the game's own playout hidden, so MCTS plays out with its generic loop."""

    def __init__(self, state):
        self.state = state

    def __getattr__(self, name):
        if name == "random_playout":
            raise AttributeError(name)
        return getattr(self.state, name)

    def child(self, move):
        return WithoutPlayout(self.state.child(move))


@pytest.mark.parametrize("name, options", GAMES_WITH_PLAYOUTS)
def test_the_games_playout_draws_what_the_generic_loop_draws(name, options):
    game = load_game(name, **options)
    for index, state in enumerate(random_positions(game, 300, seed=len(name) + len(options))):
        ours, theirs = random.Random(index), random.Random(index)
        moves, end = state.random_playout(ours)
        expected_moves, expected_end = generic_playout(state, theirs)
        assert moves == expected_moves
        assert end == expected_end and end.is_terminal()
        assert ours.getstate() == theirs.getstate()  # no draw more or fewer
        rewards = Rewards(state)
        assert rewards.terminal(end) == rewards.terminal(expected_end)
        assert end.evaluate() == expected_end.evaluate()  # the end position is a whole position


@pytest.mark.parametrize("name, options, iterations", [("connect4", {}, 300), ("tictactoe", {}, 400),
                                                       ("connect4", {"cols": 5, "rows": 4}, 300)])
def test_mcts_traces_are_the_same_with_the_games_playout_and_without(name, options, iterations):
    game = load_game(name, **options)
    for seed in (0, 7):
        root = game.rooted(game.start())
        fast = trace_search(root, "mcts", settings={"iterations": iterations, "seed": seed})
        root = game.rooted(game.start())
        slow = trace_search(WithoutPlayout(root), "mcts", settings={"iterations": iterations, "seed": seed})
        assert fast.events == slow.events
        assert (fast.value, fast.best_move) == (slow.value, slow.best_move)


# ---- rewards: 1 for a win, ½ for a draw, 0 for a loss, read from the board here -----------------------------------

def lines_of(rows: list[str], length: int):
    """Every ``length`` cells in a row (rows, columns, both diagonals) of a board given as rows of characters."""
    height, width = len(rows), len(rows[0])
    for r in range(height):
        for c in range(width):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + k * dr, c + k * dc) for k in range(length)]
                if all(0 <= rr < height and 0 <= cc < width for rr, cc in cells):
                    yield "".join(rows[rr][cc] for rr, cc in cells)


def reward_from_board(rows: list[str], length: int, max_glyph: str, min_glyph: str) -> float:
    lines = set(lines_of(rows, length))
    if max_glyph * length in lines:
        return 1.0
    if min_glyph * length in lines:
        return 0.0
    return 0.5


@pytest.mark.parametrize("name, options", GAMES_WITH_PLAYOUTS)
def test_terminal_rewards_are_win_draw_loss_for_max(name, options):
    game = load_game(name, **options)
    length = 4 if name == "connect4" else 3
    seen = set()
    for index, state in enumerate(random_positions(game, 200, seed=3)):
        _, end = generic_playout(state, random.Random(index))
        max_glyph, min_glyph = ("X", "O") if game.to_move(state) == 0 else ("O", "X")  # MAX moves at the root
        expected = reward_from_board(end.rows(), length, max_glyph, min_glyph)
        assert Rewards(state).terminal(end) == expected
        seen.add(expected)
    assert seen == {0.0, 0.5, 1.0} if name == "tictactoe" else seen >= {0.0, 1.0}


def test_clobber_and_pig_rewards_name_the_winner():
    clobber = load_game("clobber", cols=3, rows=3)
    for index, state in enumerate(random_positions(clobber, 50, seed=4)):
        _, end = generic_playout(state, random.Random(index))
        # the player to move at the end has no move and has lost
        max_won = end.side != state.side
        assert Rewards(state).terminal(end) == (1.0 if max_won else 0.0)
    pig = load_game("pig", target=10)
    state = pig.rooted(pig.start())
    for seed in range(30):
        rng, end = random.Random(seed), state
        while not end.is_terminal():
            end = end.child(rng.choice(end.moves()))
        assert Rewards(state).terminal(end) == (1.0 if end.scores[state.max_side] >= 10 else 0.0)


# ---- eval_scale: a clear advantage maps to about 0.73 ------------------------------------------------------------

def logistic(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def test_eval_scales_mean_what_their_comments_say():
    # tic-tac-toe: X in the centre against O on an edge has two open lines more (6 against 4): a won position
    tictactoe = load_game("tictactoe")
    edge = tictactoe.position(".O..X....")
    open_for_x = sum("O" not in line for line in lines_of(edge.rows(), 3))
    open_for_o = sum("X" not in line for line in lines_of(edge.rows(), 3))
    assert (open_for_x, open_for_o) == (6, 4)
    assert Rewards(edge).estimate(edge) == pytest.approx(logistic(1), abs=1e-12)
    # Pig: 5 points ahead in a race to 20 (a quarter of the target); ahead by a quarter of 100 when racing to 100
    for target, lead in ((20, 5), (100, 25)):
        pig = load_game("pig", target=target)
        ahead = pig.position(f"{lead}-0")
        assert Rewards(ahead).estimate(ahead) == pytest.approx(logistic(1), abs=1e-12)
    # Connect Four: the windows score worked out here from the board, over s = 16 (one open three, w[3])
    connect4 = load_game("connect4")
    weights = (0, 1, 4, 16, 1000)
    for state in random_positions(connect4, 50, seed=5):
        if state.is_terminal():
            continue
        mine, theirs = ("X", "O") if connect4.to_move(state) == 0 else ("O", "X")
        windows = list(lines_of(state.rows(), 4))
        score = (sum(weights[w.count(mine)] for w in windows if theirs not in w)
                 - sum(weights[w.count(theirs)] for w in windows if mine not in w))
        assert Rewards(state).estimate(state) == pytest.approx(logistic(score / 16), abs=1e-12)
    assert connect4.start().eval_scale == weights[3]


# ---- Pig's --rollout first: always roll, never bank ----------------------------------------------------------

def test_a_playout_that_never_ends_is_cut_and_valued_by_the_evaluation():
    pig = load_game("pig")
    root = pig.rooted(pig.start())
    trace = trace_search(root, "mcts", settings={"iterations": 3, "rollout": "first", "seed": 2})
    playouts = [event for event in trace.events if event.kind == "mcts_playout"]
    assert [event.how for event in playouts] == ["cut"] * 3
    assert all(len(event.moves) == PLAYOUT_LIMIT for event in playouts)
    # the first playout worked by hand: from the root's first child (the die in the air), the first move where a
    # player chooses (roll) and a face drawn by one rng.random() where the die decides
    rng, state, names = random.Random(2), root.child(ROLL), []
    while len(names) < PLAYOUT_LIMIT:
        if state.player is Player.CHANCE:
            move = min(int(rng.random() * 6), 5) + 1
        else:
            move = state.moves()[0]
        names.append(state.move_name(move))
        state = state.child(move)
    assert list(playouts[0].moves) == names
    assert ("hold" in names, state.scores) == (False, (0, 0))  # rolling for ever never banks
    assert playouts[0].reward == pytest.approx(logistic(state.evaluate() / 5), abs=1e-12)


def test_pig_with_first_playouts_finishes_and_random_playouts_still_play_to_the_end():
    result = run_tracer("stats", "--game", "pig", "-a", "mcts", "--iterations", "10", "--rollout", "first")
    assert result.returncode == 0, result.stderr
    assert "iterations 10" in result.stdout
    pig = load_game("pig")
    trace = trace_search(pig.rooted(pig.start()), "mcts", settings={"iterations": 50})
    playouts = [event for event in trace.events if event.kind == "mcts_playout"]
    assert {event.how for event in playouts} == {"random"}
    assert all(event.reward in (0.0, 1.0) for event in playouts)  # every one reached the end of the game


@pytest.mark.parametrize("game", ["tictactoe", "connect4", "clobber", "pig"])
def test_games_that_declare_fixed_move_names_name_every_move_alike_everywhere(game):
    """fixed_move_names lets a trace name a playout's moves in its first position: check that claim against random
    games, every move's name in the position it is played in equal to its name at the start."""
    start = load_game(game).start()
    assert start.fixed_move_names
    rng = random.Random(7)
    for _ in range(30):
        state = start
        while not state.is_terminal():
            move = state.moves()[rng.randrange(len(state.moves()))]
            assert state.move_name(move) == start.move_name(move)
            state = state.child(move)


@pytest.mark.parametrize("order", ["reversed", "random"])
def test_a_reordered_search_plays_out_over_the_moves_as_ordered(order):
    """The game's own playout draws over its natural move order; a search in another order must play out over the
    moves as ordered (the README's rule), so the reordered position does not offer the game's playout: the trace
    equals the one made with the playout hidden."""
    game = load_game("tictactoe")
    root = game.rooted(game.start())
    ours, hidden = (trace_search(state, "mcts", order=order, seed=3, settings={"iterations": 30})
                    for state in (root, WithoutPlayout(root)))
    assert ours.to_json() == hidden.to_json()
