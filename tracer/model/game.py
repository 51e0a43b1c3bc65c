"""The game interfaces: what tracer needs from a position to search it (:class:`GameState`, which tree files offer
too) and from a game to search positions of it, draw them and play it (:class:`Game`).

Built-in games live in the ``games`` package; a user's own game is any class with these members, loaded by
``module:Class`` (``tracer render --game mygames:Nim``).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Protocol, runtime_checkable

from .state import Player


@runtime_checkable
class GameState(Protocol):
    """What a search needs from a position. Values are always in MAX's terms.

    ``player``      who moves here (MAX or MIN; CHANCE where chance moves, with ``probability(m)`` for each move)
    ``moves()``     the legal moves, in the order the search tries them
    ``child(m)``    the position after move ``m`` (the original is left unchanged)
    ``is_terminal()`` true when the game is over (no moves)
    ``utility()``   the value of a terminal position, from MAX's point of view
    ``evaluate()``  a static estimate from MAX's point of view, used where a depth limit stops the search
    ``move_name(m)`` how move ``m`` is written (``"B"``, ``"5"``, ``"b3-b4"``)

    Optional, used by tracing and rendering when present (read them with :mod:`tracer.model.state`'s functions):
    ``name``        a node name, text (tree files: ``"A"``, ``"B"``, ...)
    ``board()``     a method returning a :class:`tracer.model.state.Board` to draw inside the node
    ``explicit``    ``True`` when the whole subtree is data (tree files), so pruned subtrees can be drawn whole
    ``key()``       the position as a number, equal for equal positions (the transposition table's key; without
                    it the table keys the state itself, which must then be hashable)
    ``noisy_moves()`` the moves that may change the evaluation at once (chess: captures and promotions), in the
                    order to try them: quiescence search (``--quiescence``) follows only these past the depth limit;
                    without it, quiescence search is refused
    ``chance``      ``True`` on a game's states when chance may move below them (dice): only the searches that
                    average or sample take the game (:func:`tracer.run.unfit`)
    ``value_bounds`` (L, U): every value the game gives lies in [L, U], so Star1 may take ``--bounds`` that hold
                    them (a tree file's bounds are checked leaf by leaf instead)
    ``alternates``  ``False`` when the game does not promise that the players take turns (negamax refuses it)

    A game of several players (or two whose utilities do not add up to a constant) is searched with a vector of
    utilities, as a tree file of named players is: its states offer ``named`` (a
    :class:`tracer.model.trees.NamedPlayers`, the same for every state), ``mover`` (the index of the player to move,
    ``None`` at a chance node or an end) and ``mover_name``; ``player`` is MAX wherever a player moves (each
    maximises its own component), and ``utility()`` and ``evaluate()`` return one number per player (max^n,
    paranoid).
    """

    player: Player

    def moves(self) -> Sequence[Hashable]: ...

    def child(self, move: Any) -> "GameState": ...

    def is_terminal(self) -> bool: ...

    def utility(self) -> float: ...

    def evaluate(self) -> float: ...

    def move_name(self, move: Any) -> str: ...


@runtime_checkable
class Game(Protocol):
    """A game's rules and notation. Its states offer :class:`tracer.model.game.GameState`.

    ``name``            short name (``"tictactoe"``), used in output file names
    ``sides``           display names of the players, first to move first (``("X", "O")``; a game of n players,
                        searched with vectors of utilities, names n)
    ``default_depth``   depth limit used when none is given (``None``: search to the end)
    ``start()``         the start position, first player to move
    ``position(text)``  a position from the game's notation; raises :class:`tracer.errors.GameError`
    ``notation(state)`` the position in that notation
    ``parse_move(state, text)`` a legal move of ``state`` named ``text``; raises
                        :class:`tracer.errors.IllegalMoveError` whose message lists the legal moves
    ``to_move(state)``  0 when the first player moves, 1 for the second (i for the (i+1)-th of n)
    ``winner(state)``   for a terminal state: 0 or 1 (or i), or ``None`` for a draw
    ``rooted(state)``   the same position with MAX = the side to move, ready to be searched from
    ``text(state)``     the board as text for a terminal

    Optional: ``clear_caches()`` empties whatever positions cache, so that timed searches start cold;
    ``longest_game(state)``, the most plies a game can still last from ``state`` (``None``: no bound), so that a
    deeper ``--depth`` is searched as this many plies, the same search (see :func:`tracer.inputs.searchable_depth`);
    ``move_word``, how captions name a move (``"column"``: "column 4"; default ``"move"``);
    ``rooted_quicker(state)``, ``rooted(state)`` whose game ends score (1 − k/1000) of their value k plies below
    it (:func:`tracer.model.state.quicker`), for players that prefer quicker wins (without it, each state they
    search is wrapped).
    """

    name: str
    sides: tuple[str, str]
    default_depth: int | None

    def start(self) -> GameState: ...

    def position(self, text: str) -> GameState: ...

    def notation(self, state: GameState) -> str: ...

    def parse_move(self, state: GameState, text: str) -> Any: ...

    def to_move(self, state: GameState) -> int: ...

    def winner(self, state: GameState) -> int | None: ...

    def rooted(self, state: GameState) -> GameState: ...

    def text(self, state: GameState) -> str: ...
