"""Clobber: move generation in the documented order, captures, the evaluation, the notation, the searches."""

from __future__ import annotations

import pytest

from helpers import random_positions
from games.clobber import WIN, Clobber, ClobberState, weights_for
from tracer import ALGORITHMS, GameError, IllegalMoveError, Player

ALGORITHMS = {name: s for name, s in ALGORITHMS.items() if s.family == "values" and not s.vectors}  # searches backing up values (MCTS: test_mcts.py)

GAME = Clobber()
STEPS = (("up", -1, 0), ("down", 1, 0), ("left", 0, -1), ("right", 0, 1))


def name(row, col):
    return f"{chr(ord('a') + col)}{row + 1}"


def slow_moves(rows, side):
    """Moves from the readable rows: from-cells row by row, column by column, then up, down, left, right."""
    own, other = ("B", "W") if side == 0 else ("W", "B")
    moves = []
    for r, row in enumerate(rows):
        for c, char in enumerate(row):
            if char != own:
                continue
            for _, dr, dc in STEPS:
                rr, cc = r + dr, c + dc
                if 0 <= rr < len(rows) and 0 <= cc < len(row) and rows[rr][cc] == other:
                    moves.append(f"{name(r, c)}-{name(rr, cc)}")
    return moves


def slow_evaluation(rows, max_char, move_number):
    n_rows, n_cols = len(rows), len(rows[0])
    min_char = "W" if max_char == "B" else "B"
    mobility = len(slow_moves(rows, 0 if max_char == "B" else 1))
    material = sum(row.count(max_char) for row in rows) - sum(row.count(min_char) for row in rows)
    centre = sum(n_rows + n_cols - (abs(r - n_rows // 2) + abs(c - n_cols // 2))
                 for r, row in enumerate(rows) for c, char in enumerate(row) if char == max_char)
    w1, w2, w3 = (3, 1, 1) if move_number < 10 else (1, 1, 3) if move_number < 20 else (1, 3, 1)
    return w1 * mobility + w2 * material + w3 * centre


def test_the_start_position():
    state = GAME.start()
    assert state.rows() == ["BWBWB", "WBWBW", "BWBWB", "WBWBW", "BWBWB", "WBWBW"]
    names = [state.move_name(m) for m in state.moves()]
    assert names[:6] == ["a1-a2", "a1-b1", "c1-c2", "c1-b1", "c1-d1", "e1-e2"]
    assert names == slow_moves(state.rows(), 0)
    # every black piece can take each orthogonal neighbour: count the neighbours of the 15 black cells
    assert len(names) == sum(1 for r in range(6) for c in range(5) if (r + c) % 2 == 0
                             for _, dr, dc in STEPS if 0 <= r + dr < 6 and 0 <= c + dc < 5)
    assert GAME.notation(state) == "BWBWB/WBWBW/BWBWB/WBWBW/BWBWB/WBWBW b 1"


def test_move_generation_matches_the_brute_force_in_order():
    for state in random_positions(GAME, 300, seed=5, max_plies=25):
        assert [state.move_name(m) for m in state.moves()] == slow_moves(state.rows(), state.side)
        assert state.is_terminal() == (not slow_moves(state.rows(), state.side))


def test_moves_from_one_piece_go_up_down_left_right():
    state = GAME.position(".W./WBW/.W. b")  # worked by hand: the black piece on b2 can take all four neighbours
    assert [state.move_name(m) for m in state.moves()] == ["b2-b1", "b2-b3", "b2-a2", "b2-c2"]
    white = GAME.position(".W./WBW/.W. w")  # each white piece has one capture, listed by its cell
    assert [white.move_name(m) for m in white.moves()] == ["b1-b2", "a2-b2", "c2-b2", "b3-b2"]
    corner = GAME.position("BW/WB w")
    assert [corner.move_name(m) for m in corner.moves()] == ["b1-b2", "b1-a1", "a2-a1", "a2-b2"]


def test_a_capture_moves_the_piece_and_removes_the_other():
    state = GAME.position("BW./.W. b")
    move = GAME.parse_move(state, "a1-b1")
    after = state.child(move)
    assert after.rows() == [".B.", ".W."] and after.side == 1
    assert [after.move_name(m) for m in after.moves()] == ["b2-b1"]
    assert state.rows() == ["BW.", ".W."]  # the original position is unchanged


def test_no_move_loses():
    lost = GAME.position("B./.W b")  # Black to move, nothing adjacent: Black has lost
    assert lost.is_terminal() and lost.player is Player.MAX and lost.utility() == -WIN
    assert GAME.winner(lost) == 1


def test_a_win_in_one_is_found():
    state = GAME.position("BW. b")  # taking the last white piece leaves White without a move
    for search in ALGORITHMS.values():
        value, move = search.run(state, 3)
        assert (value, state.move_name(move)) == (WIN, "a1-b1")


def test_evaluation_matches_the_brute_force():
    for state in random_positions(GAME, 300, seed=9, max_plies=25):
        if state.is_terminal():
            continue
        max_char = "B" if state.max_side == 0 else "W"
        assert state.evaluate() == slow_evaluation(state.rows(), max_char, state.number), GAME.notation(state)
        # the terms kept move by move equal the terms worked out from the bitboards alone
        fresh = ClobberState(state.black, state.white, state.side, state.geo, state.number, state.max_side,
                             state.weights)
        assert (fresh.contacts, fresh.centre_black, fresh.centre_white) == (
            state.contacts, state.centre_black, state.centre_white)


def test_evaluation_by_hand():
    # 3 × 3, centre cell b2 (row 1, column 1): a cell's centre weight is 6 − its distance to b2.
    state = GAME.position("BW./.B./... b 1")  # Black (MAX) to move: a1-b1, b2-b1; weights (3, 1, 1)
    assert len(state.moves()) == 2
    assert state.evaluate() == 3 * 2 + 1 * (2 - 1) + 1 * ((6 - 2) + 6)
    later = GAME.position("BW./.B./... w 12")  # White (MAX) to move: weights (1, 1, 3)
    assert later.evaluate() == 1 * 2 + 1 * (1 - 2) + 3 * (6 - 1)


@pytest.mark.parametrize("number, weights", [(1, (3, 1, 1)), (9, (3, 1, 1)), (10, (1, 1, 3)), (19, (1, 1, 3)),
                                              (20, (1, 3, 1)), (31, (1, 3, 1))])
def test_weights_by_move_number(number, weights):
    assert weights_for(number) == weights


def test_weights_come_from_the_root_of_the_search():
    root = GAME.position("BWBWB/WBWBW/BWBWB/WBWBW/BWBWB/WBWBW b 9")
    deeper = root.child(root.moves()[0]).child(root.child(root.moves()[0]).moves()[0])
    assert deeper.number == 11 and deeper.weights == weights_for(9)


def test_the_endgame_position_file_holds_its_point():
    from tracer import CountingTracer
    from tracer.inputs import load_problem

    problem = load_problem("games/positions/clobber_endgame.yaml")
    root = problem.root
    assert root.player is Player.MAX and GAME.to_move(root) == 0 and root.geo.cols == root.geo.rows == 4
    for name, search in ALGORITHMS.items():
        counter = CountingTracer(keep_leaves=True)
        value, move = search.run(root, problem.depth, counter)
        assert (value, root.move_name(move)) == (WIN, "a2-a3"), name
        if name != "id":  # iterative deepening's shallower iterations stop before the ends
            assert counter.leaves_evaluated == sum(1 for v in counter.evaluated_leaves if abs(v) == WIN)  # all ends
    values = {root.move_name(m): ALGORITHMS["minimax"].run(root.child(m), problem.depth)[0] for m in root.moves()}
    assert values == {"a2-a3": WIN, "d3-d2": -WIN, "a4-a3": -WIN, "a4-b4": -WIN}  # the only winning move


def test_depth_4_alphabeta_beats_greedy_moving_first():
    import random as random_module

    from tracer.play.game_loop import play_game
    from tracer.play.players import make_player

    players = [make_player("alphabeta", 4, random_module.Random(0)), make_player("greedy", 4, random_module.Random(0))]
    assert play_game(GAME, players).winner == 0


@pytest.mark.parametrize("text, message", [
    ("BW/W b", "rows have different lengths"),
    ("BX/WB b", "row 1, column b is 'X'"),
    ("BW/WB x", "the side to move is 'x'"),
    ("BW/WB b zero", "the move number is 'zero'"),
    ("BW/WB b 3 x", "expected rows like"),
    ("// b", "the board must have 1 to 26 columns and rows, not 0 × 3"),
])
def test_bad_positions_say_what_is_wrong(text, message):
    with pytest.raises(GameError, match=message):
        GAME.position(text)


def test_no_position_text_is_the_start():
    assert GAME.position("") == GAME.start() == GAME.position("  ")
    assert Clobber(3, 2).position("").rows() == ["BWB", "WBW"]


@pytest.mark.parametrize("options, message", [
    ({"cols": 0}, "--cols must be 1 to 26, got 0"),
    ({"rows": 27}, "--rows must be 1 to 26, got 27"),
    ({"cols": 1, "rows": 1}, "at least 2 cells"),
])
def test_board_size_options_are_checked(options, message):
    with pytest.raises(GameError, match=message):
        Clobber(**options)


def test_positions_are_immutable_hashable_and_equal_by_value():
    state = GAME.position("BW./.W. b 1")
    child = state.child(state.moves()[0])
    assert state.rows() == ["BW.", ".W."] and child.rows() == [".B.", ".W."]
    written = GAME.position(".B./.W. w 2")  # the same position from its notation, White (to move) as MAX
    rooted = GAME.rooted(child)
    assert written == rooted and hash(written) == hash(rooted) and len({written, rooted}) == 1
    assert rooted != child  # the same board with Black as MAX is another search root
    assert GAME.position(".B./.W. w 3") == written  # the same weights: the move number makes no other difference
    assert GAME.position(".B./.W. w 12") != written  # other weights


def test_the_last_move_is_marked_on_the_board():
    state = GAME.position("BW./.W. b")
    assert state.board().marked == ()
    board = state.child(state.moves()[0]).board()
    assert board.rows == (".B.", ".W.") and board.marked == ((0, 1),)
    assert board.glyphs["B"] == "●" and board.glyphs["W"] == "○"


def test_board_size_must_match_the_position():
    with pytest.raises(GameError, match=r"is 2 × 2, but --cols/--rows say 5 × 5"):
        Clobber(5, 5).position("BW/WB b")


def test_moves_are_checked_with_a_hint():
    state = GAME.position("BW./.W. b")
    assert GAME.parse_move(state, " A1 - B1 ") == state.moves()[0]
    with pytest.raises(IllegalMoveError, match=r"a1-a2 is not legal.*legal now: a1-b1"):
        GAME.parse_move(state, "a1-a2")
    with pytest.raises(IllegalMoveError, match="not a move: write from-to"):
        GAME.parse_move(state, "north")
