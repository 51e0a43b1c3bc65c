"""The game interface: what tracer needs from a game to search positions of it, draw them and play it.

Built-in games live in the ``games`` package; a user's own game is any class with these members, loaded by
``module:Class`` (``tracer render --game mygames:Nim``).
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from .state import GameState


@runtime_checkable
class Game(Protocol):
    """A game's rules and notation. Its states offer :class:`tracer.model.state.GameState`.

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
