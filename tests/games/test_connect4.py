"""Connect Four: the windows evaluation against a slow brute force, the rules, the notation, the searches."""

from __future__ import annotations

import pytest

from helpers import random_positions
from games.connect4 import Connect4, Connect4State, WEIGHTS, has_four
from tracer import ALGORITHMS, CountingTracer, GameError, IllegalMoveError, Player

GAME = Connect4()


def grid(state):
    """cells[col][row], row 0 at the bottom: 'X' first player, 'O' second, '.' empty (from the readable rows)."""
    rows = state.rows()[::-1]
    return [[rows[r][c] for r in range(state.geo.rows)] for c in range(state.geo.cols)]


def all_windows(cols, rows):
    """Every window of four cells, listed explicitly: columns, rows, both diagonals."""
    windows = []
    for c in range(cols):
        for r in range(rows):
            for dc, dr in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(c + i * dc, r + i * dr) for i in range(4)]
                if all(0 <= x < cols and 0 <= y < rows for x, y in cells):
                    windows.append(cells)
    return windows


def slow_windows(state, max_char):
    cells = grid(state)
    min_char = "O" if max_char == "X" else "X"
    score = 0
    for window in all_windows(state.geo.cols, state.geo.rows):
        discs = [cells[c][r] for c, r in window]
        if min_char not in discs:
            score += WEIGHTS[discs.count(max_char)]
        if max_char not in discs:
            score -= WEIGHTS[discs.count(min_char)]
    return score


def slow_four(state, char):
    cells = grid(state)
    return any(all(cells[c][r] == char for c, r in window) for window in all_windows(state.geo.cols, state.geo.rows))


def test_there_are_69_windows_on_the_standard_board():
    assert len(all_windows(7, 6)) == 69 == GAME.geo.windows
    for cols, rows in ((4, 4), (9, 10), (5, 7)):
        assert Connect4(cols, rows).geo.windows == len(all_windows(cols, rows))


@pytest.mark.parametrize("cols, rows", [(7, 6), (4, 4), (9, 7)])
def test_windows_evaluation_matches_the_brute_force(cols, rows):
    game = Connect4(cols, rows)
    for state in random_positions(game, 300, seed=cols * rows, max_plies=cols * rows):
        max_char = "X" if state.max_side == 0 else "O"
        assert state.evaluate() == slow_windows(state, max_char), game.notation(state)
        assert state.utility() == state.evaluate()  # terminal leaves are scored by the windows too
        # the score kept move by move equals the score worked out from the bitboards alone
        assert Connect4State(state.first, state.second, state.geo, state.max_side).evaluate() == state.evaluate()


def test_four_in_a_row_matches_the_brute_force():
    for state in random_positions(GAME, 500, seed=11, max_plies=42):
        assert has_four(state.first, state.geo) == slow_four(state, "X")
        assert has_four(state.second, state.geo) == slow_four(state, "O")
        assert state.is_terminal() == (slow_four(state, "X") or slow_four(state, "O") or state.count == 42)


def test_full_tree_sizes_before_any_game_can_end():
    for depth in range(1, 6):
        counter = CountingTracer()
        ALGORITHMS["minimax"].run(GAME.start(), depth, counter)
        assert counter.nodes_visited == sum(7 ** k for k in range(depth + 1))
        assert counter.leaves_evaluated == 7 ** depth


def test_a_win_in_one_is_found():
    state = GAME.position("121212")  # three first-player discs in column 1, first player to move
    for depth in (1, 2, 3):
        value, move = ALGORITHMS["alphabeta"].run(state, depth)
        assert move == 1 and value >= 1000 - 100


def test_the_threat_position_file_holds_its_point():
    from tracer.inputs import load_problem

    problem = load_problem("games/positions/connect4_threat.yaml")
    root = problem.root
    assert GAME.notation(root) == "4455" and root.player is Player.MAX and problem.depth == 4
    value, move = ALGORITHMS["alphabeta"].run(root, problem.depth)
    assert move == 3 and value > 900
    winning = [m for m in root.moves() if ALGORITHMS["alphabeta"].run(root.child(m), 2)[0] > 900]
    assert winning == [3, 6]  # the open three can be made at either end
    assert ALGORITHMS["alphabeta"].run(root, 3)[0] > 900  # depth 3 is the least that sees it
    value, move = ALGORITHMS["alphabeta"].run(root, 2)
    assert value < 900 and move == 6
    after = root.child(3)  # an open three: both 2 and 6 complete four
    for reply in after.moves():
        replied = after.child(reply)
        assert any(has_four(replied.child(m).first, GAME.geo) for m in replied.moves())


@pytest.mark.parametrize("text, message", [
    ("4453x", "move 5 is 'x', not a column 1-7"),
    ("48", "move 2 is '8'"),
    ("1111111", "move 7 is in column 1, which is full"),
    ("12121212", "the game was over after move 7, so move 8"),
])
def test_bad_positions_name_the_move(text, message):
    with pytest.raises(GameError, match=message):
        GAME.position(text)


def test_board_size_options_are_checked():
    with pytest.raises(GameError, match=r"--cols must be 4 to 9 \(one digit per move in the notation\), got 12"):
        Connect4(cols=12)
    with pytest.raises(GameError, match="--rows must be 4 to 10, got 3"):
        Connect4(rows=3)
    with pytest.raises(GameError, match="--rows must be 4 to 10, got '6'"):
        Connect4(rows="6")


def test_other_board_sizes_play_by_the_same_rules():
    game = Connect4(cols=4, rows=4)
    state = game.position("1212121")  # four in column 1
    assert state.is_terminal() and game.winner(state) == 0
    full = game.position("1234123421433412")  # 16 discs, no four: a draw
    assert full.is_terminal() and game.winner(full) is None and full.moves() == ()
    with pytest.raises(GameError, match="move 1 is '5', not a column 1-4"):
        game.position("5")


def test_positions_are_immutable_hashable_and_equal_by_value():
    state = GAME.position("4453")
    child = state.child(4)
    assert GAME.notation(state) == "4453" and GAME.notation(child) == "44534"
    transposed = GAME.position("5344").child(4)  # the same discs, reached in another order
    assert transposed == child and hash(transposed) == hash(child) and len({child, transposed}) == 1
    assert GAME.rooted(child) != child  # the same board with the other side as MAX
    assert Connect4(7, 7).position("44534") != child


def test_the_last_disc_is_marked_on_the_board():
    board = GAME.position("4453").board()
    assert board.rows[-2:] == ("...O...", "..OXX..")
    assert board.marked == ((5, 2),)  # row 6 from the top (the bottom row), column 3
    assert GAME.position("44").board().marked == ((4, 3),)
    assert GAME.start().board().marked == ()
    assert board.glyphs["X"] == "●" and board.glyphs["O"] == "○"



def test_moves_notation_and_board():
    state = GAME.position("4453")
    assert GAME.notation(state) == "4453" and GAME.to_move(state) == 0
    assert state.rows()[-2:] == ["...O...", "..OXX.."]  # 4 X, 4 O, 5 X, 3 O
    assert GAME.parse_move(state, " 7") == 7
    with pytest.raises(IllegalMoveError, match="not a column"):
        GAME.parse_move(state, "0")
    full = GAME.position("111111")
    with pytest.raises(IllegalMoveError, match=r"column 1 is full \(legal now: 2, 3, 4, 5, 6, 7\)"):
        GAME.parse_move(full, "1")
    assert full.moves() == (2, 3, 4, 5, 6, 7)
    assert GAME.winner(GAME.position("1212121")) == 0


def test_a_search_shares_transposed_positions_without_changing_what_it_finds():
    """Below a search's root a position reached by two move orders is one object; the search visits the same
    nodes, values and move as without sharing, and every shared position scores as if made from scratch."""
    from tracer.search.registry import ALGORITHMS
    from tracer.search.tracers import CountingTracer

    for depth in range(1, 6):
        results = []
        for share in (True, False):
            root = GAME.rooted(GAME.position("44"))
            if not share:
                root.context.positions = None
            counter = CountingTracer(keep_leaves=True)
            results.append((ALGORITHMS["alphabeta"].run(root, depth, counter), counter.nodes_visited,
                            counter.evaluated_leaves))
        assert results[0] == results[1], depth
    root = GAME.rooted(GAME.start())
    assert root.child(4).child(3).child(5) is root.child(5).child(3).child(4)  # one position, made once
    assert root.child(5).child(3).child(4).board().marked == ()  # which disc came last depends on the way in
    for state in list(root.context.positions.values()):
        fresh = Connect4State(state.first, state.second, state.geo, state.max_side)
        assert (fresh.score, fresh.is_terminal(), fresh.moves()) == (state.score, state.is_terminal(), state.moves())


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta", "mtdf"])
def test_the_shared_positions_are_bounded_without_changing_what_a_search_finds(algorithm, monkeypatch):
    """A table of shared positions kept below a small bound (emptied when full) gives the same value, move, nodes
    and leaves as an unbounded table, and as no sharing at all; the table never holds more than the bound."""
    import games.connect4 as connect4

    class WatchedTable(dict):
        most = 0

        def __setitem__(self, key, value):
            super().__setitem__(key, value)
            WatchedTable.most = max(WatchedTable.most, len(self))

    def search(bound, share=True):
        monkeypatch.setattr(connect4, "SHARED_POSITIONS", bound)
        root = GAME.rooted(GAME.position("4453"))
        root.context.positions = WatchedTable() if share else None
        counter = CountingTracer(keep_leaves=True)
        found = ALGORITHMS[algorithm].run(root, 4, counter)
        return found, counter.nodes_visited, counter.evaluated_leaves

    unbounded = search(10 ** 9)
    assert WatchedTable.most > 200  # the search does make more positions than the bound below
    WatchedTable.most = 0
    assert search(50) == unbounded == search(10 ** 9, share=False)
    assert 0 < WatchedTable.most <= 50


def test_an_untraced_search_keeps_nothing_per_leaf():
    """Counting a game's search keeps counts, not its leaves: with the shared positions off, the memory a depth-6
    minimax takes at its peak is far below what a list of its 117,649 leaf values would hold (8 bytes a value)."""
    import tracemalloc

    from tracer.inputs import load_problem
    from tracer.run import search_stats

    root = GAME.rooted(GAME.start())
    root.context.positions = None
    counter = CountingTracer()
    tracemalloc.start()
    try:
        ALGORITHMS["minimax"].run(root, 6, counter)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert counter.leaves_evaluated == 7 ** 6 and counter.evaluated_leaves is None
    assert peak < 8 * 7 ** 6 / 4
    problem = load_problem(None, game="connect4", depth=2)
    stats = search_stats(problem.fresh_root(), "minimax", depth=problem.depth)
    assert stats.leaves_evaluated == 49 and stats.evaluated_leaves is None and "evaluated_leaves" not in stats.as_dict()
