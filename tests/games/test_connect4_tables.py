"""Connect Four's rules tables against a brute force over lists of cells: a line's windows score and four in a row
by its code, a dropped disc's change to them, and the end of the game found from the last disc's lines against a
scan of the whole board (the searches ask the tables at every child)."""

from __future__ import annotations

import random
from itertools import product

import pytest

from games.connect4 import FOUR_GAIN, WEIGHTS, Connect4, drop_tables, line_tables


def cells_of(code: int, length: int) -> list[int]:
    """A line's cells from its code: cell i is base-3 digit i (0 empty, 1 first player, 2 second)."""
    return [code // 3 ** i % 3 for i in range(length)]


def brute_line(cells: list[int]) -> tuple[int, bool]:
    """The windows score (the first player's view) and four in a row, window by window over the list."""
    score, four = 0, False
    for start in range(len(cells) - 3):
        window = cells[start:start + 4]
        if 2 not in window:
            score += WEIGHTS[window.count(1)]
        if 1 not in window:
            score -= WEIGHTS[window.count(2)]
        four = four or window in ([1] * 4, [2] * 4)
    return score, four


@pytest.mark.parametrize("length", range(1, 9))
def test_line_tables_match_the_windows_counted_one_by_one(length):
    scores, fours = line_tables(length)
    assert len(scores) == len(fours) == 3 ** length
    for code in range(3 ** length):
        assert (scores[code], fours[code]) == brute_line(cells_of(code, length)), (length, code)


@pytest.mark.parametrize("length", range(4, 8))
def test_a_dropped_disc_changes_its_line_as_a_rescan_says(length):
    """The gain is the change in the line's score seen by the side that drops the disc, and it reaches FOUR_GAIN
    exactly when the disc completes four in a row (the end test reads the gain summed over the disc's lines)."""
    for position, digit in product(range(length), (1, 2)):
        gains = drop_tables(length, position, digit)
        for code in range(3 ** length):
            before = cells_of(code, length)
            (score_before, four_before) = brute_line(before)
            if before[position] or four_before:
                continue  # the cell is taken, or the line holds four already (the game is over): no disc drops
            after = before[:position] + [digit] + before[position + 1:]
            score_after, four_after = brute_line(after)
            change = score_after - score_before
            assert gains[code] == (change if digit == 1 else -change), (length, position, digit, code)
            assert 0 <= gains[code] and (gains[code] >= FOUR_GAIN) == four_after, (length, position, digit, code)


def test_no_move_gains_four_gain_but_by_four_in_a_row():
    """FOUR_GAIN is w[4] − w[3], and the most a disc gains its side without four in a row is below it: 16 windows
    (four in each direction) each gaining at most 16, counted window by window over every window of four."""
    window_gains = []
    for code in range(3 ** 4):
        before = cells_of(code, 4)
        for position, digit in product(range(4), (1, 2)):
            if before[position]:
                continue
            after = before[:position] + [digit] + before[position + 1:]
            change = brute_line(after)[0] - brute_line(before)[0]
            window_gains.append((change if digit == 1 else -change, after.count(digit) == 4))
    assert FOUR_GAIN == WEIGHTS[4] - WEIGHTS[3] == min(gain for gain, four in window_gains if four)
    assert 16 * max(gain for gain, four in window_gains if not four) < FOUR_GAIN
    assert min(gain for gain, _ in window_gains) >= 0  # no window loses by a disc of the side that drops it


def board_of(state) -> list[list[str]]:
    """cells[col][row], row 0 at the bottom, from the readable rows."""
    rows = state.rows()[::-1]
    return [[rows[r][c] for r in range(state.geo.rows)] for c in range(state.geo.cols)]


def scanned_four(state) -> bool:
    """Four discs of one colour in a row anywhere on the board, every start cell and direction tried."""
    cells, cols, rows = board_of(state), state.geo.cols, state.geo.rows
    for c, r, (dc, dr) in product(range(cols), range(rows), ((0, 1), (1, 0), (1, 1), (1, -1))):
        line = [(c + i * dc, r + i * dr) for i in range(4)]
        if all(0 <= x < cols and 0 <= y < rows for x, y in line):
            discs = {cells[x][y] for x, y in line}
            if discs in ({"X"}, {"O"}):
                return True
    return False


@pytest.mark.parametrize("cols, rows", [(7, 6), (4, 4), (9, 10)])
def test_the_end_found_from_the_last_disc_matches_a_scan_of_the_board(cols, rows):
    """Random games to their end, every position checked: over only when the scan finds four or the board is full,
    and the windows score kept move by move equal to the one worked out from the bitboards."""
    game, rng, ends = Connect4(cols, rows), random.Random(cols * 100 + rows), 0
    for _ in range(12):
        state = game.rooted(game.start())
        while True:
            full = state.count == cols * rows
            assert state.is_terminal() == (scanned_four(state) or full), game.notation(state)
            rescored = type(state)(state.first, state.second, state.geo, state.max_side)
            assert (state.evaluate(), state.is_terminal()) == (rescored.evaluate(), rescored.is_terminal())
            if state.is_terminal():
                ends += 1
                break
            state = state.child(rng.choice(state.moves()))
    assert ends == 12
