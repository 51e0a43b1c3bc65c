"""Chess through python-chess (games/chess.py): the mate puzzles found by every alpha-beta search and checked
against a mate search written here over python-chess alone, mate scores above material and quicker mates better,
the material-and-mobility evaluation recomputed from the position, FEN and EPD positions, SAN moves, the boards
drawn, node counts in ``tracer compare``, and the one-line messages (a bad position, the extra not installed)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

chess = pytest.importorskip("chess")  # the optional extra tracer[chess] (setup.sh --test installs it)

from games import load_game  # noqa: E402
from games.chess import MATE  # noqa: E402
from helpers import ROOT, run_tracer  # noqa: E402
from tracer import ALGORITHMS, CountingTracer, GameError, IllegalMoveError  # noqa: E402
from tracer.inputs import load_problem  # noqa: E402

GAME = load_game("chess")
MATE_IN_2 = ROOT / "games/positions/chess_mate_in_2.yaml"
MATE_IN_3 = ROOT / "games/positions/chess_mate_in_3.yaml"
# the alpha-beta family, from the registry: the searches that prune and back up the minimax value
ALPHA_BETA_FAMILY = [name for name, search in ALGORITHMS.items() if search.pruning and search.finds_minimax_value]


# ---- an independent mate search, over python-chess alone --------------------------------------------------------

def mates_within(board: chess.Board, moves: int) -> bool:
    """Whether the side to move can force checkmate within ``moves`` of its moves (every defence tried)."""
    for move in list(board.legal_moves):
        board.push(move)
        try:
            if board.is_checkmate():
                return True
            defences = list(board.legal_moves)
            if moves > 1 and defences and not board.is_game_over() and all(
                    _mated_after(board, defence, moves - 1) for defence in defences):
                return True
        finally:
            board.pop()
    return False


def _mated_after(board: chess.Board, defence, moves: int) -> bool:
    board.push(defence)
    try:
        return mates_within(board, moves)
    finally:
        board.pop()


def keys(fen: str, moves: int) -> set[str]:
    """The first moves (SAN) after which the side to move still mates within ``moves`` moves in all."""
    board = chess.Board(fen)
    found = set()
    for move in list(board.legal_moves):
        san = board.san(move)
        board.push(move)
        if board.is_checkmate() or (moves > 1 and all(_mated_after(board, d, moves - 1) for d in list(board.legal_moves))
                                    and any(board.legal_moves)):
            found.add(san)
        board.pop()
    return found


@pytest.mark.parametrize("path, plies, key", [(MATE_IN_2, 3, "Ra6"), (MATE_IN_3, 5, "g8=N")])
def test_the_puzzles_have_one_key_and_no_quicker_mate(path, plies, key):
    fen = load_problem(str(path)).meta["position"]
    moves = (plies + 1) // 2
    assert not mates_within(chess.Board(fen), moves - 1)  # a mate in exactly that many moves
    assert keys(fen, moves) == {key}


@pytest.mark.parametrize("name", ALPHA_BETA_FAMILY)
@pytest.mark.parametrize("path, plies, key", [(MATE_IN_2, 3, "Ra6"), (MATE_IN_3, 5, "g8=N")])
def test_every_alpha_beta_search_finds_the_mate(name, path, plies, key):
    problem = load_problem(str(path))
    assert problem.depth == plies
    value, move = ALGORITHMS[name].run(problem.root, problem.depth, CountingTracer())
    assert (value, problem.root.move_name(move)) == (MATE - plies, key)


def test_minimax_agrees_on_the_mate_in_two_and_one_ply_less_finds_no_mate():
    problem = load_problem(str(MATE_IN_2))
    assert ALGORITHMS["minimax"].run(problem.root, 3)[0] == MATE - 3
    assert abs(ALGORITHMS["alphabeta"].run(problem.root, 2)[0]) < MATE - 100


# ---- mate scores ------------------------------------------------------------------------------------------------

def test_a_mate_scores_above_winning_material_and_the_quicker_mate_is_chosen():
    # White can take the knight on f2 (+300) or mate at once with Ra8#; at depth 3 it could also mate later
    root = GAME.position("6k1/5ppp/8/8/8/8/5n2/R5K1 w - - 0 1")
    value, move = ALGORITHMS["alphabeta"].run(root, 3)
    assert (value, root.move_name(move)) == (MATE - 1, "Ra8#")
    take = root.child(root.position.parse_san("Kxf2"))
    assert ALGORITHMS["alphabeta"].run(take, 2)[0] < MATE - 100  # winning the knight is only material


def test_a_checkmate_scores_by_its_distance_from_the_root():
    """Every checkmate a search meets k plies below its root scores 100000 − k (−(100000 − k) when MAX is mated):
    read from minimax's trace of a position with a mate at once (Ra8#) and slower ones after other moves, and the
    root takes the quickest."""
    from tracer.run import trace_search
    from tracer.trace.events import LeafEvaluated

    fen = "6k1/5ppp/8/8/8/8/5n2/R5K1 w - - 0 1"
    trace = trace_search(GAME.position(fen), "minimax", depth=3)
    mates = set()
    for event in trace.events:
        if isinstance(event, LeafEvaluated):
            node, path = trace.nodes[event.node], []
            while node.parent is not None:
                path.append(node.move)
                node = trace.nodes[node.parent]
            board = chess.Board(fen)
            for san in reversed(path):
                board.push_san(san)
            if board.is_checkmate():
                mates.add(len(path))
                assert event.value == (-1 if board.turn == chess.WHITE else 1) * (MATE - len(path))
    assert mates == {1, 3}  # mates at two depths were scored
    assert (trace.value, trace.best_move) == (MATE - 1, "Ra8#")


def test_every_evaluation_lies_below_any_mate_score():
    for fen in ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "7k/8/8/8/8/8/QQQQQQQQ/QQQQQQQK b - - 0 1"):
        assert abs(GAME.position(fen).evaluate()) < MATE - 100


# ---- the evaluation, recomputed --------------------------------------------------------------------------------

WORTH = {"p": 100, "n": 300, "b": 300, "r": 500, "q": 900, "k": 0}


def expected_evaluation(fen: str) -> int:
    """Material from the FEN's letters, and mobility as squares attacked, not held by one's own pieces, each side's
    counted from its pieces one by one: White's view, then the side to move's."""
    placement = fen.split()[0]
    material = sum(WORTH[c.lower()] * (1 if c.isupper() else -1) for c in placement if c.isalpha())
    board = chess.Board(fen)
    mobility = 0
    for square, piece in board.piece_map().items():
        attacked = [s for s in board.attacks(square) if (p := board.piece_at(s)) is None or p.color != piece.color]
        mobility += len(attacked) if piece.color == chess.WHITE else -len(attacked)
    white = material + 10 * mobility
    return white if board.turn == chess.WHITE else -white


@pytest.mark.parametrize("fen", [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "4k3/4p3/3p4/8/8/8/8/3QK3 b - - 0 1",
    "5B2/6P1/1p6/8/1N6/kP6/2K5/8 w - - 0 1",
])
def test_the_evaluation_is_material_and_mobility(fen):
    assert GAME.position(fen).evaluate() == expected_evaluation(fen)


def test_the_start_position_is_level():
    assert GAME.start().evaluate() == 0


# ---- positions and moves ----------------------------------------------------------------------------------------

def test_fen_and_epd_read_the_same_position():
    from_fen = GAME.position("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1")
    from_epd = GAME.position('kbK5/pp6/1P6/8/8/8/8/R7 w - - bm Ra6; id "Morphy";')
    assert GAME.notation(from_fen) == GAME.notation(from_epd) == "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1"


@pytest.mark.parametrize("text, words", [
    ("not a position", "not a FEN or an EPD line"),
    ("8/8/8/8/8/8/8/8 w - - 0 1", "not a legal position (no white king"),
    ("KK6/8/8/8/8/8/8/7k w - - 0 1", "too many kings"),
    ("", "expected a FEN or an EPD line"),
])
def test_a_bad_position_is_one_clear_error(text, words):
    with pytest.raises(GameError) as error:
        GAME.position(text)
    assert words in str(error.value) and "\n" not in str(error.value)


def test_moves_read_as_san_or_uci_and_an_illegal_one_lists_the_legal():
    start = GAME.start()
    assert GAME.parse_move(start, "Nf3") == GAME.parse_move(start, "g1f3") == chess.Move.from_uci("g1f3")
    with pytest.raises(IllegalMoveError) as refused:
        GAME.parse_move(start, "Ke2")
    assert "Nf3" in str(refused.value) and "e4" in str(refused.value)


def test_captures_come_first_most_valuable_victim_first():
    state = GAME.position("4k3/8/8/3q1r2/4P3/8/8/4K3 w - - 0 1")  # e4 takes the queen on d5 or the rook on f5
    assert [state.move_name(m) for m in state.moves()[:2]] == ["exd5", "exf5"]
    assert [state.move_name(m) for m in state.noisy_moves()] == ["exd5", "exf5"]


def test_noisy_moves_are_the_captures_and_promotions():
    state = GAME.position("2n1k3/1P6/8/8/8/8/p7/4K3 w - - 0 1")
    board = state.position
    expected = {m for m in board.legal_moves if board.is_capture(m) or m.promotion}
    assert set(state.noisy_moves()) == expected and len(expected) == 8  # b8 and bxc8, each =Q, =R, =B, =N


# ---- the board drawn ----------------------------------------------------------------------------------------------

def test_the_board_has_white_at_the_bottom_dark_squares_shaded_and_the_last_move_marked():
    state = GAME.start()
    after = state.child(GAME.parse_move(state, "e4"))
    board = after.board()
    assert board.rows[0] == "rnbqkbnr" and board.rows[4] == "....P..." and board.rows[6] == "PPPP.PPP"
    assert len(board.shaded) == 32 and (7, 0) in board.shaded and (7, 7) not in board.shaded  # a1 dark, h1 light
    assert set(board.marked) == {(6, 4), (4, 4)}  # e2 and e4
    assert board.files == tuple("abcdefgh") and board.ranks == tuple("87654321")
    assert board.glyphs["K"] == "♔" and board.glyphs["k"] == "♚"


def test_the_svg_draws_real_boards(tmp_path):
    from tracer.render.style import MARK, SHADE

    out = tmp_path / "mate.svg"
    result = run_tracer("render", str(MATE_IN_2), "--depth", "1", "--draw-depth", "1", "--first-children", "2",
                        "-o", str(out))
    assert result.returncode == 0, result.stderr
    svg = out.read_text()
    boards = svg.count(">a</text>")  # each board names its first file once
    marked = svg.count(f'fill="{MARK}"')  # the last move's two squares in each child, filled over any shading
    assert boards >= 3 and marked == 2 * (boards - 1)  # the root and at least two children
    assert 32 * boards - marked <= svg.count(f'fill="{SHADE}"') <= 32 * boards
    for glyph in "♚♝♟♔♖♙":
        assert glyph in svg


def test_the_tikz_writes_pieces_as_letters(tmp_path):
    out = tmp_path / "mate.tex"
    result = run_tracer("render", str(MATE_IN_2), "--depth", "1", "-o", str(out))
    assert result.returncode == 0, result.stderr
    tex = out.read_text()
    assert "fill=shade" in tex and r"\textbf{k}" in tex and "?" not in re.sub(r"%.*", "", tex)


# ---- compare ---------------------------------------------------------------------------------------------------

def tree_size(board: chess.Board, depth: int) -> int:
    """The nodes a full search to ``depth`` visits (the root included), counted over python-chess: a finished game
    (mate, stalemate, insufficient material) has no children."""
    if depth == 0 or board.is_checkmate() or board.is_stalemate() or board.is_insufficient_material():
        return 1
    total = 1
    for move in list(board.legal_moves):
        board.push(move)
        total += tree_size(board, depth - 1)
        board.pop()
    return total


def test_compare_counts_nodes_of_minimax_alpha_beta_and_pvs_at_each_depth():
    result = run_tracer("compare", str(MATE_IN_2), "-a", "minimax", "-a", "alphabeta", "-a", "pvs", "--depths", "1-3",
                        "--repeat", "1", "--json")
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)
    nodes = {(row["algorithm"], row["depth"]): row["nodes_visited"] for row in rows}
    board = chess.Board(load_problem(str(MATE_IN_2)).meta["position"])
    for depth in (1, 2, 3):
        assert nodes["minimax", depth] == tree_size(board, depth)
        assert nodes["alphabeta", depth] <= nodes["minimax", depth]
    assert nodes["alphabeta", 3] < nodes["minimax", 3] / 3  # alpha-beta's saving, with captures first
    values = {(row["algorithm"], row["depth"]): row["value"] for row in rows}
    assert values["minimax", 3] == values["alphabeta", 3] == values["pvs", 3] == MATE - 3


# ---- messages -----------------------------------------------------------------------------------------------------

def test_a_bad_fen_on_the_command_line_is_one_line():
    result = run_tracer("render", "--game", "chess", "--position", "rnbqkbnr/pppppppp w", "-o", "out.svg")
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1
    assert "not a FEN or an EPD line" in result.stderr and "Traceback" not in result.stderr


def test_without_the_extra_one_line_says_how_to_install(tmp_path):
    blocker = tmp_path / "chess"  # a package named chess that cannot be imported: python-chess as if absent
    blocker.mkdir()
    (blocker / "__init__.py").write_text("raise ImportError('No module named chess')\n")
    result = subprocess.run([sys.executable, "-m", "tracer", "render", "--game", "chess", "-o", str(tmp_path / "out.svg")],
                            cwd=ROOT, capture_output=True, text=True, timeout=120,
                            env=dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(ROOT)])))
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "pip install 'tracer[chess]'" in result.stderr
    assert not (tmp_path / "out.svg").exists()
