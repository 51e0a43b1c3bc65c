"""Connect Four's inside against a board of cells: the bitboards (``first`` and ``both``, ``second`` their
difference), the one-number key of the shared positions, and the line codes a position makes only when it is
first asked for a child, all checked against a list of cells replayed from the columns played, on random games."""

from __future__ import annotations

import random

import pytest

from games.connect4 import Connect4


def replayed(history: str, cols: int, rows: int) -> list[list[int]]:
    """cells[col][row], row 0 at the bottom: 0 empty, 1 the first player's disc, 2 the second's, each column
    filled from the bottom in the order played."""
    cells = [[0] * rows for _ in range(cols)]
    for ply, char in enumerate(history):
        column = cells[int(char) - 1]
        column[column.index(0)] = 1 + ply % 2
    return cells


def codes_of_cells(cells, lines) -> list[int]:
    """Each line's base-3 number of its cells (cell i of the line is digit i)."""
    return [sum(cells[c][r] * 3 ** i for i, (c, r) in enumerate(line)) for line in lines]


def bits_of_cells(cells, who: int, height: int) -> int:
    return sum(1 << (c * height + r) for c, column in enumerate(cells) for r, disc in enumerate(column) if disc == who)


@pytest.mark.parametrize("cols, rows", [(7, 6), (4, 4), (9, 10)])
def test_positions_below_a_root_match_the_cells_played(cols, rows):
    """Random lines of play below a rooted position (so that some positions are shared, some have their codes
    made, some not): the bitboards are the cells', the key tells boards apart exactly as the cells do, and every
    position's line codes, once made, are the cells' lines read digit by digit."""
    game, rng = Connect4(cols, rows), random.Random(cols * 31 + rows)
    boards_by_key = {}
    for _ in range(40):
        root = game.rooted(game.start())
        positions = [root]
        for _ in range(rng.randrange(1, 3)):  # a few lines from the same root: the table shares their positions
            state = root
            while not state.is_terminal():
                state = state.child(rng.choice(state.moves()))
                positions.append(state)
        for state in positions:
            cells = replayed(state.history, cols, rows)
            assert (state.first, state.second) == (bits_of_cells(cells, 1, rows + 1), bits_of_cells(cells, 2, rows + 1))
            assert state.both == state.first | state.second and not state.first & state.second
            key = state.both + state.first
            assert boards_by_key.setdefault(key, cells) == cells, "two boards share a key"
            assert state.transposable == (state is not root)
            state._worked_out()  # its own codes, made now if it had none
            assert state._codes == codes_of_cells(cells, state.geo.lines)
    assert len(boards_by_key) > 100


def test_a_leaf_makes_no_codes_and_its_parent_makes_its_own_once():
    """A child keeps its parent's codes and its disc's lines until it is asked for a child; then it makes its
    own list (not the parent's), once."""
    root = Connect4().rooted(Connect4().position("44"))
    child = root.child(3)
    assert child._codes is root._codes and child._drops is not None  # nothing made for a leaf
    grandchild = child.child(5)
    assert child._drops is None and child._codes is not root._codes and grandchild._codes is child._codes
    made = child._codes
    child.child(6)
    assert child._codes is made


def test_a_searchs_positions_are_freed_with_its_root_without_the_collector():
    # the positions hold their table through their context, and the table holds them: the root's keeper empties
    # the table when the root goes, so the positions are freed at once (the collector is off here)
    import gc

    from tracer import NO_TRACER, ALGORITHMS

    game = Connect4()
    gc.disable()
    try:
        root = game.rooted(game.start())
        ALGORITHMS["alphabeta"].run(root, 3, NO_TRACER)
        table, context = root.context.positions, root.context
        assert len(table) > 50 and all(p.context is context for p in table.values())
        del root
        assert table == {}
    finally:
        gc.enable()
