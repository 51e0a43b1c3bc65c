"""Tic-tac-toe: published counts, the game's value, the rules and the notation."""

from __future__ import annotations

import pytest

from games.tictactoe import TicTacToe
from tracer import ALGORITHMS, CountingTracer, GameError, IllegalMoveError, Player, search_stats

ALGORITHMS = {name: s for name, s in ALGORITHMS.items() if s.family == "values" and not s.vectors}  # searches backing up values (MCTS: test_mcts.py)

GAME = TicTacToe()
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def brute_force_games(cells=None, player="X"):
    """(complete games, nodes) counted on a plain list of cells, independently of games.tictactoe."""
    cells = cells or ["."] * 9
    if any(cells[a] != "." and cells[a] == cells[b] == cells[c] for a, b, c in LINES) or "." not in cells:
        return 1, 1
    games = nodes = 0
    for i in range(9):
        if cells[i] == ".":
            cells[i] = player
            g, n = brute_force_games(cells, "O" if player == "X" else "X")
            cells[i] = "."
            games, nodes = games + g, nodes + n
    return games, nodes + 1


def test_complete_games_and_full_tree_size_match_the_published_counts():
    counter = CountingTracer()
    ALGORITHMS["minimax"].run(GAME.start(), tracer=counter)
    assert counter.leaves_evaluated == 255_168  # the number of complete tic-tac-toe games
    assert counter.nodes_visited == 549_946
    assert brute_force_games() == (255_168, 549_946)


@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
def test_the_empty_board_is_a_draw(algorithm):
    value, move = ALGORITHMS[algorithm].run(GAME.start())
    assert value == 0 and ALGORITHMS["alphabeta"].run(GAME.start().child(move))[0] == 0  # every first move draws
    if ALGORITHMS[algorithm].keeps_first_move:
        assert move == 1  # ties keep the first, cell 1


def test_alphabeta_searches_fewer_nodes_than_minimax():
    minimax, alphabeta = CountingTracer(), CountingTracer()
    ALGORITHMS["minimax"].run(GAME.start(), tracer=minimax)
    ALGORITHMS["alphabeta"].run(GAME.start(), tracer=alphabeta)
    assert alphabeta.nodes_visited < minimax.nodes_visited / 10


def test_a_win_in_one_is_found_and_quick_wins_prefer_it():
    state = GAME.position("XX./OO./X.O")  # X to move: 3 wins at once, anything else loses to O's 6
    assert state.player is Player.MAX and GAME.to_move(state) == 0
    for search in ALGORITHMS.values():
        assert search.run(state) == (1, 3)
    quick = TicTacToe(quick_wins=True).position("OO./XX./...")
    value, move = ALGORITHMS["minimax"].run(quick)
    assert (value, move) == (10 - 5, 6)


def test_the_fork_position_file_holds_its_point():
    from tracer.inputs import load_problem

    problem = load_problem("games/positions/tictactoe_fork.yaml")
    root = problem.root
    assert GAME.notation(root) == "XO./X../O.." and root.player is Player.MAX and GAME.to_move(root) == 0
    assert not any(root.child(m).is_terminal() for m in root.moves())  # no three in a row to complete
    for name, search in ALGORITHMS.items():
        assert search.run(root, problem.depth) == (1, 5), name
    values = {m: ALGORITHMS["minimax"].run(root.child(m))[0] for m in root.moves()}
    assert values == {3: -1, 5: 1, 6: -1, 8: 0, 9: -1}  # 5 is the only winning move
    after = root.child(5)  # X now threatens two lines; O cannot block both
    board = "".join(after.rows())
    open_twos = [line for line in LINES if [board[i] for i in line].count("X") == 2 and
                 [board[i] for i in line].count(".") == 1]
    assert len(open_twos) == 2


def test_evaluation_counts_open_lines():
    for text, mover in (("X../.O./...", "X"), ("X../.O./..X", "O"), ("XO./.X./...", "O")):
        state = GAME.position(text)
        assert GAME.sides[GAME.to_move(state)] == mover
        board = "".join(state.rows())
        open_for = {side: sum(1 for line in LINES if all(board[i] != other for i in line))
                    for side, other in (("X", "O"), ("O", "X"))}
        other = "O" if mover == "X" else "X"
        assert state.evaluate() == pytest.approx((open_for[mover] - open_for[other]) / 10)
    # by hand: X (to move, MAX) has 4 lines without an O, O has 5 without an X
    assert TicTacToe().position("X../.O./...").evaluate() == pytest.approx((4 - 5) / 10)


@pytest.mark.parametrize("text, message", [
    ("XO", "expected 9 cells"),
    ("XOXOXOXOZ", "cell 9 is 'Z'"),
    ("XXX......", "X has 3 discs and O 0"),
    ("XXX/OOO/...", "both sides have three in a row"),
    ("XXX/OO./O..", "O moved after X had already won"),
    ("OOO/XX./XX.", "X moved after O had already won"),
])
def test_illegal_positions_are_refused_with_the_reason(text, message):
    with pytest.raises(GameError, match=message):
        GAME.position(text)


def test_moves_are_checked_with_a_hint():
    state = GAME.position("X../.O./...")
    assert GAME.parse_move(state, " 9 ") == 9
    with pytest.raises(IllegalMoveError, match=r"cell 5 is taken \(legal now: 2, 3, 4, 6, 7, 8, 9\)"):
        GAME.parse_move(state, "5")
    with pytest.raises(IllegalMoveError, match="not a cell"):
        GAME.parse_move(state, "ten")
    won = GAME.position("XXX/OO./...")
    with pytest.raises(IllegalMoveError, match="game is over"):
        GAME.parse_move(won, "9")


def test_notation_round_trip_and_board():
    state = GAME.position("x.o/.x./..o")
    assert GAME.notation(state) == "X.O/.X./..O"
    assert state.board().rows == ("X.O", ".X.", "..O")
    assert GAME.winner(GAME.position("XXX/OO./...")) == 0 and GAME.winner(GAME.start()) is None


def test_positions_are_immutable_hashable_and_equal_by_value():
    start = GAME.start()
    child = start.child(5)
    assert start.rows() == ["...", "...", "..."] and child.rows() == ["...", ".X.", "..."]
    assert start.child(5) is child  # interned: made once
    GAME.clear_caches()
    again = GAME.start().child(5)
    assert again is not child and again == child and hash(again) == hash(child)  # equal after the cache is gone
    assert GAME.rooted(again) != again  # the same board with O as MAX is another search root
    assert len({child, again, GAME.rooted(again)}) == 2
    assert TicTacToe(quick_wins=True).start() != GAME.start()


def test_quick_wins_score_by_the_discs_on_the_board():
    game = TicTacToe(quick_wins=True)
    assert game.position("XXX/OO./...").utility() == -(10 - 5)  # O to move (MAX) has lost in 5 discs
    assert game.rooted(game.position("XXX/OO./...")).utility() == -(10 - 5)
    assert game.position("XOX/XO./X.O").utility() == -(10 - 7)  # X won with the 7th disc; O to move is MAX
    assert game.position("XOX/OXO/XOX").utility() == -(10 - 9)  # ... with the last disc: a loss still counts
    assert game.position("XOX/XOO/OXX").utility() == 0  # a full board without a line is a draw
    for search in ALGORITHMS.values():  # MAX (X) wins at once rather than later
        assert search.run(game.position("XX./OO./...")) == (10 - 5, 3)


def test_stats_on_a_game_time_a_cold_search():
    stats = search_stats(GAME.start(), "alphabeta")
    assert (stats.value, stats.best_move, stats.nodes_visited) == (0, "1", 18_297)
