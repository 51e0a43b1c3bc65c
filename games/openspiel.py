"""OpenSpiel's games behind tracer's game interface: ``--game openspiel:NAME[(params)]`` (``openspiel:tic_tac_toe``,
``openspiel:connect_four(rows=5,columns=6)``), through the ``open-spiel`` package (``pip install 'tracer[openspiel]'``,
imported as ``pyspiel``), loaded only when such a game is asked for.

What a game's type says decides how tracer searches it (:func:`unsearchable` refuses the rest, in one line):

- two players, zero-sum or constant-sum: MAX and MIN, MAX's utility its ``returns()`` (minimax, alpha-beta, ...);
- one player: MAX at every node;
- chance nodes: ``chance_outcomes()``, each probability read as the fraction it stands for (:func:`exact_outcomes`;
  a die's 0.1666… is 1/6), for expectiminimax and Star1
  (whose ``--bounds`` the game's ``min_utility()``/``max_utility()`` vouch for: :attr:`OpenSpielState.value_bounds`);
- otherwise (three players or more, or two general-sum): a vector of utilities, one per player, for max^n and
  paranoid (the state offers ``named`` and ``mover`` as a tree file's nodes do, :mod:`tracer.model.state`).

Moves are OpenSpiel's actions, named by ``action_to_string``; a position is the actions played from the start
(``4 4 5``, each an action's number or its name), or, on several lines, the game's serialised state. A node draws
the state's text (``str(state)``) as a board when that text is a small grid. At a depth limit the evaluation is
the state's ``returns()`` (0 in games scored only at the end; the rewards so far in games with rewards), or a
function of the user's (``--eval MODULE:FUNCTION``, given the OpenSpiel state, returning one number per player).
"""

from __future__ import annotations

import contextlib
import importlib
import math
import numbers
import os
import re
import sys
import tempfile
from fractions import Fraction

from tracer.errors import GameError, IllegalMoveError
from tracer.model.state import Board, NamedPlayers, Player

PREFIX = "openspiel:"  # --game openspiel:NAME: OpenSpiel's game NAME (never a module named openspiel)
INSTALL = "pip install 'tracer[openspiel]'"  # how to get OpenSpiel (PyPI's open-spiel, imported as pyspiel)
LONGEST_SEARCHED_WHOLE = 10  # a game of at most this many plies is searched to the end by default
DEFAULT_DEPTH = 4  # other games' default depth, in plies (chance moves count as plies)
BOARD_ROWS, BOARD_COLUMNS = 12, 16  # a state's text larger than this is not drawn as a board
NAME_LENGTH = 28  # the longest line of a state's text that names its node
LARGEST_DENOMINATOR = 10**6  # a chance outcome's probability is read as a fraction of at most this denominator
MAX_MOVES_SHOWN = 30  # legal moves listed in an error message
# The games whose rules make the players take turns, one action each (negamax's assumption). OpenSpiel does not
# say it of a game, and many do not: amazons moves in three actions, a box in dots_and_boxes moves again, a
# mancala sowing may end in the mover's store.
ALTERNATING = frozenset({"tic_tac_toe", "connect_four", "breakthrough", "hex", "clobber", "mnk", "gomoku", "nim"})


def is_openspiel(spec: str) -> bool:
    """Whether ``--game spec`` names an OpenSpiel game (``openspiel:NAME``), not a ``module:Class``."""
    return spec.lower().startswith(PREFIX)


def import_pyspiel():
    """The ``pyspiel`` module, or a one-line :class:`GameError` saying how to install it."""
    try:
        return importlib.import_module("pyspiel")
    except ImportError:
        raise GameError(f"OpenSpiel games need the open-spiel package: {INSTALL}") from None


@contextlib.contextmanager
def openspiel_stderr(keep: bool):
    """OpenSpiel's C++ writes to the standard error itself ("OpenSpiel exception: ..." before it raises, a warning
    of a game's known issues): that output is caught here, and written out afterwards only if ``keep`` and nothing
    was raised, so that a refusal stays one line."""
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile() as caught:
        os.dup2(caught.fileno(), 2)
        try:
            yield
        except BaseException:
            keep = False
            raise
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            if keep:
                caught.seek(0)
                sys.stderr.write(caught.read().decode(errors="replace"))


# ---- which games tracer can search --------------------------------------------------------------------------------

def unsearchable(game_type, players: int) -> str | None:
    """Why tracer cannot search a game of this OpenSpiel type with ``players`` players, in one line; None when it
    can. The one place that decides it: loading a game and ``tracer games`` both ask here."""
    pyspiel = import_pyspiel()
    kind = pyspiel.GameType
    if game_type.dynamics == kind.Dynamics.SIMULTANEOUS:
        return ("simultaneous moves: the players choose at once, and a tree of turns would let the later one see "
                "the earlier one's choice")
    if game_type.dynamics != kind.Dynamics.SEQUENTIAL:
        return "a mean-field game: a population's distribution, not a tree of turns"
    if game_type.information != kind.Information.PERFECT_INFORMATION:
        return ("imperfect information: expectiminimax over the full history would let each player see hidden "
                "cards")
    if game_type.chance_mode == kind.ChanceMode.SAMPLED_STOCHASTIC:
        return "sampled chance: its outcomes are drawn, not listed with their probabilities, so none can be averaged"
    if game_type.chance_mode != kind.ChanceMode.DETERMINISTIC and vectors(game_type, players):
        return (f"chance moves with {_vector_kind(game_type, players)} utilities: expectiminimax averages one "
                "utility, and max^n and paranoid average none")
    return None


def vectors(game_type, players: int) -> bool:
    """Whether the game is searched with a vector of utilities (max^n, paranoid): three players or more, or two
    whose utilities do not add up to a constant."""
    kind = import_pyspiel().GameType.Utility
    return players > 2 or players == 2 and game_type.utility not in (kind.ZERO_SUM, kind.CONSTANT_SUM)


def searched_as(game_type, players: int) -> str:
    """How tracer searches a game it can: what ``tracer games`` says of it."""
    chance = game_type.chance_mode != import_pyspiel().GameType.ChanceMode.DETERMINISTIC
    if vectors(game_type, players):
        return f"{_vector_kind(game_type, players)}: max^n, paranoid"
    if players == 1:
        return "one player" + (" with chance: expectiminimax" if chance else ": MAX at every node")
    if chance:
        return "two-player zero-sum with chance: expectiminimax, Star1, Star2, MCTS"
    return "two-player zero-sum: minimax, alpha-beta and the rest"


def _vector_kind(game_type, players: int) -> str:
    utility = game_type.utility.name.lower().replace("_", "-")
    return f"{players}-player {utility}"


def catalogue() -> list[tuple[str, str, str | None]]:
    """Every game in OpenSpiel's registry, as ``(name, how tracer searches it, why it cannot)``, one of the last two
    None, by name. A game that cannot be made with its default parameters says so as its reason."""
    pyspiel = import_pyspiel()
    rows = []
    for game_type in sorted(pyspiel.registered_games(), key=lambda t: t.short_name):
        name = game_type.short_name
        if "game" in game_type.parameter_specification:  # a wrapper (misere, zerosum, ...): of which game?
            rows.append((name, "", f"wraps another game: name it, openspiel:{name}(game=OTHER())"))
            continue
        try:
            with openspiel_stderr(keep=False):
                players = pyspiel.load_game(name).num_players()
        except Exception as error:  # pyspiel raises its own SpielError (a RuntimeError) or a ValueError
            rows.append((name, "", f"cannot be made with its default parameters ({_first_line(error)})"))
            continue
        reason = unsearchable(game_type, players)
        rows.append((name, "" if reason else searched_as(game_type, players), reason))
    return rows


# ---- the game ------------------------------------------------------------------------------------------------------

class OpenSpielGame:
    """An OpenSpiel game as tracer's :class:`tracer.model.game.Game` (see the module docstring). Made from the text
    after ``openspiel:``, ``NAME`` or ``NAME(param=value,...)`` as ``pyspiel.load_game`` reads it; ``eval``:
    ``MODULE:FUNCTION``, the user's evaluation at a depth limit (``--eval``)."""

    move_word = "move"

    def __init__(self, game: str, eval: str | None = None):  # noqa: A002 (the option's name, --eval)
        pyspiel = import_pyspiel()
        self.spec = PREFIX + game
        try:
            with openspiel_stderr(keep=True):
                self.game = pyspiel.load_game(game)
        except Exception as error:  # pyspiel's SpielError for an unknown game or parameter
            raise GameError(f"{self.spec}: OpenSpiel cannot make it ({_first_line(error)}); `tracer games` lists "
                            "its games") from None
        self.type = self.game.get_type()
        self.players = self.game.num_players()
        reason = unsearchable(self.type, self.players)
        if reason is not None:
            raise GameError(f"{self.spec}: tracer cannot search it: {reason}")
        self.name = "openspiel-" + re.sub(r"[^A-Za-z0-9_]+", "-", game).strip("-")
        # (no declared sum: Korf's pruning would also need each component's least value, which an evaluation of
        # the user's need not keep)
        self.named = NamedPlayers(tuple(f"P{i}" for i in range(self.players))) if vectors(self.type, self.players) \
            else None
        self.sides = tuple(f"player {i}" for i in range(self.players))
        self.chance = self.type.chance_mode != pyspiel.GameType.ChanceMode.DETERMINISTIC
        self.alternates = self.type.short_name in ALTERNATING
        self.value_bounds = (self.game.min_utility(), self.game.max_utility())
        self.evaluation = None if eval is None else load_evaluation(eval)
        # Whole values, as far as the type tells: scored only at the end, between whole bounds, and no evaluation of
        # the user's. Then MTD(f) and SSS* test with (β − 1, β); a value that is not whole after all stops the
        # search in one line (_plain) rather than be tested with a window it could fall inside.
        self.whole_values = (self.evaluation is None and self.type.reward_model == pyspiel.GameType.RewardModel.TERMINAL
                             and all(float(bound).is_integer() for bound in self.value_bounds))
        # drawn as boards when the start's text is one (a grid of characters); else each node is named by its text
        self.state_class = OpenSpielBoardState if text_board(str(self.game.new_initial_state())) else OpenSpielState
        longest = self.game.max_game_length()
        self.default_depth = None if not self.chance and longest <= LONGEST_SEARCHED_WHOLE else DEFAULT_DEPTH

    # ---- tracer's game interface -----------------------------------------------------------------------------
    def start(self) -> "OpenSpielState":
        return self.rooted_at(self.game.new_initial_state())

    def position(self, text: str) -> "OpenSpielState":
        """The actions played from the start (``4 4 5``; each an action's number or its name, separated by spaces
        or commas), or, written on several lines, the game's serialised state (``state.serialize()``)."""
        text = str(text)
        if "\n" in text.strip():
            try:
                with openspiel_stderr(keep=True):
                    return self.rooted_at(self.game.deserialize_state(text))
            except Exception as error:
                raise GameError(f"{self.spec} position: not a serialised state of the game ({_first_line(error)})") \
                    from None
        state = self.game.new_initial_state()
        for number, token in enumerate(t for t in re.split(r"[\s,]+", text.strip()) if t):
            try:
                action = self._action(state, token)
            except IllegalMoveError as error:
                raise GameError(f"{self.spec} position {text!r}: action {number + 1}: {error}") from None
            state.apply_action(action)
        return self.rooted_at(state)

    def notation(self, state: "OpenSpielState") -> str:
        """The actions played from the start, by number (what :meth:`position` reads back)."""
        return " ".join(str(action) for action in state.spiel.history())

    def parse_move(self, state: "OpenSpielState", text: str):
        if state.spiel.is_terminal():
            raise IllegalMoveError("the game is over")
        if state.spiel.is_chance_node():
            raise IllegalMoveError("chance moves now")
        return self._action(state.spiel, str(text).strip())

    def to_move(self, state: "OpenSpielState") -> int:
        """The player to move (at a chance node, or at the end, player 0)."""
        return max(state.spiel.current_player(), 0)

    def winner(self, state: "OpenSpielState") -> int | None:
        """The player with the highest return, or None when no one player has it (a draw)."""
        returns = state.spiel.returns()
        best = max(returns)
        return returns.index(best) if returns.count(best) == 1 else None

    def rooted(self, state: "OpenSpielState") -> "OpenSpielState":
        return self.rooted_at(state.spiel)

    def rooted_at(self, spiel) -> "OpenSpielState":
        """A tracer state for OpenSpiel's ``spiel``, MAX the player to move (player 0 at a chance node)."""
        return self.state_class(spiel, max(spiel.current_player(), 0), self)

    def longest_game(self, state: "OpenSpielState") -> int | None:
        """The most plies the game can still last: OpenSpiel's ``max_game_length()`` less the moves made (counts of
        players' moves, so none for a game with chance moves)."""
        if self.chance:
            return None
        return max(0, self.game.max_game_length() - state.spiel.move_number())

    def text(self, state: "OpenSpielState") -> str:
        return str(state.spiel)

    def _action(self, spiel, token: str) -> int:
        """The legal action of ``spiel`` named ``token`` (its name by ``action_to_string``, or its number)."""
        actions = _moves(spiel)
        names = {spiel.action_to_string(spiel.current_player(), a): a for a in actions}
        if token in names:
            return names[token]
        if re.fullmatch(r"-?[0-9]+", token) and int(token) in actions:
            return int(token)
        shown = ", ".join(list(names)[:MAX_MOVES_SHOWN]) + (", ..." if len(names) > MAX_MOVES_SHOWN else "")
        raise IllegalMoveError(f"{token!r} is not a legal move here (legal now: {shown or 'none, the game is over'}; "
                               "or an action's number)")


def _moves(spiel) -> list[int]:
    if spiel.is_chance_node():
        return [action for action, _ in spiel.chance_outcomes()]
    return spiel.legal_actions()


def _first_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return text[0] if text else type(error).__name__


# ---- positions -----------------------------------------------------------------------------------------------------

class OpenSpielState:
    """A position of an OpenSpiel game as tracer's :class:`tracer.model.game.GameState`, MAX being
    ``max_player``. The OpenSpiel state is ``spiel`` (never changed: children are OpenSpiel's ``child``)."""

    __slots__ = ("spiel", "max_player", "game", "player", "mover", "_outcomes")
    explicit = False

    def __init__(self, spiel, max_player: int, game: OpenSpielGame, at_end: Player = Player.MAX):
        """``at_end``: the player of the position if it is the game's end, where OpenSpiel names none (the one
        who would move next, for negamax's view of the end: the other than the last mover's, as players alternate
        where negamax searches)."""
        self.spiel, self.max_player, self.game = spiel, max_player, game
        self._outcomes = None
        current = spiel.current_player()
        self.mover = None if game.named is None or current < 0 else current  # max^n: the index of the player to move
        if spiel.is_chance_node():
            self.player = Player.CHANCE
        elif current < 0:
            self.player = at_end
        elif game.named is not None or current == max_player:
            self.player = Player.MAX  # in a vector game each player maximises its own component
        else:
            self.player = Player.MIN

    # ---- what the game's type adds: chance, vectors, bounds --------------------------------------------------
    @property
    def chance(self) -> bool:
        """True when the game has chance moves: only the searches that average (or sample) take it."""
        return self.game.chance

    @property
    def alternates(self) -> bool:
        """Whether the players take turns, one action each (what negamax assumes): only in :data:`ALTERNATING`."""
        return self.game.alternates

    @property
    def named(self) -> NamedPlayers | None:
        """The players, in a game searched with vectors of utilities (P0, P1, ...); else None."""
        return self.game.named

    @property
    def mover_name(self) -> str | None:
        return None if self.mover is None else self.game.named.names[self.mover]

    @property
    def value_bounds(self) -> tuple[float, float]:
        """Every utility lies in these (OpenSpiel's ``min_utility()`` and ``max_utility()``): bounds Star1 may
        prune with (a user's evaluation outside them is an error when it is met)."""
        return self.game.value_bounds

    # ---- GameState -------------------------------------------------------------------------------------------
    def moves(self):
        if self.spiel.is_chance_node():
            if self._outcomes is None:
                self._outcomes = exact_outcomes(self.spiel.chance_outcomes())
            return tuple(self._outcomes)
        return self.spiel.legal_actions()

    def probability(self, move) -> float:
        """A chance move's probability (see :func:`exact_outcomes`)."""
        if self._outcomes is None:
            self._outcomes = exact_outcomes(self.spiel.chance_outcomes())
        return self._outcomes[move]

    def child(self, move):
        at_end = self.player.other if self.player is not Player.CHANCE and self.game.named is None else Player.MAX
        return self.game.state_class(self.spiel.child(move), self.max_player, self.game, at_end)

    def is_terminal(self):
        return self.spiel.is_terminal()

    def utility(self):
        return self._values(self.spiel.returns())

    def evaluate(self):
        """``returns()`` (0 before the end of a game scored at its end), or the user's evaluation."""
        if self.spiel.is_terminal() or self.game.evaluation is None:
            return self._values(self.spiel.returns())
        return self._values(evaluate_with(self.game.evaluation, self.spiel, self.game.players, self.value_bounds,
                                          self.game.chance and self.game.named is None))

    def _values(self, returns):
        """MAX's return, or the vector of every player's; a whole number as an int, as tracer's own games give
        them (OpenSpiel's are floats: a win would read 1.0)."""
        if self.game.named is not None:
            return tuple(_plain(value, self.game) for value in returns)
        return _plain(returns[self.max_player], self.game)

    @property
    def value_grain(self) -> int | None:
        """1, the finest difference between two values, for MTD(f)'s and SSS*'s null windows, in a game whose
        values are whole (:attr:`OpenSpielGame.whole_values`); else None (they refuse the game, in one line)."""
        return 1 if self.game.whole_values else None

    def move_name(self, move):
        player = self.spiel.current_player()
        return self.spiel.action_to_string(player, move)

    def key(self):
        """The actions played, with MAX: positions reached by different orders are different keys, which costs a
        transposition table only hits (OpenSpiel's text of a state need not tell all of it, as a ko or a repetition
        count)."""
        return self.max_player, tuple(self.spiel.history())

    @property
    def name(self) -> str:
        """A node's name, for a game not drawn as boards: the first line of the state's text when that text is
        short (at most three lines, as pig's ``Scores: 12 0, Turn total: 5``, the first at most ``NAME_LENGTH``
        characters); else none (a big board drawn as text would only widen the node)."""
        lines = str(self.spiel).strip().split("\n")
        first = " ".join(lines[0].split())
        return first if len(lines) <= 3 and len(first) <= NAME_LENGTH else ""

    def __repr__(self):
        return f"OpenSpielState({self.game.spec!r}, {self.game.notation(self)!r})"


class OpenSpielBoardState(OpenSpielState):
    """A position of a game whose states' text is a board (its start's is: :func:`text_board`), drawn in its node."""

    __slots__ = ()
    name = ""

    def board(self) -> Board:
        """The state's text as a board; a text that is no grid (which a board game's should not be) is drawn as
        it is, its lines padded to one length, rather than not at all."""
        text = str(self.spiel)
        made = text_board(text)
        if made is None:
            rows = text.rstrip("\n").split("\n")
            made = Board([row.ljust(max(map(len, rows))) for row in rows])
        return made


def exact_outcomes(outcomes) -> dict[int, float]:
    """A chance node's ``(action, probability)`` pairs as a dict, each probability the float nearest the fraction
    it stands for, so that tracer reads it as that fraction (:func:`tracer.numbers.exact`, which reads every
    fraction of a denominator up to a million back as written). OpenSpiel computes its probabilities in floating
    point, which may miss the nearest float (2048's 0.9 / 15 is 0.060000000000000005, not 0.06): each is read as
    the fraction of a denominator up to ``LARGEST_DENOMINATOR`` within rounding, and these are kept only if they
    add up to exactly 1; else the floats as they are (tracer then scales them to add up to 1)."""
    fractions = [Fraction(p).limit_denominator(LARGEST_DENOMINATOR) for _, p in outcomes]
    if all(abs(fraction - p) <= 1e-12 for fraction, (_, p) in zip(fractions, outcomes)) and sum(fractions) == 1:
        return {action: float(fraction) for (action, _), fraction in zip(outcomes, fractions)}
    return dict(outcomes)


def _plain(value: float, game: OpenSpielGame):
    """OpenSpiel's float as an int when it is whole; a game that promised whole values and gives another is an
    error (see :attr:`OpenSpielGame.whole_values`)."""
    if value.is_integer():
        return int(value)
    if game.whole_values:
        raise GameError(f"{game.spec} gave the value {value:g}, where its type promised whole numbers (scored at the "
                        "end, between whole bounds): tracer cannot search it")
    return value


def text_board(text: str) -> Board | None:
    """A state's text as a board: lines of equal length, one character a cell, at most ``BOARD_ROWS`` by
    ``BOARD_COLUMNS`` (an empty cell, ``.``, drawn empty); its coordinates as the board's ranks and files when the
    text has them as OpenSpiel's boards write them (a rank's number before each row, the files on a last line
    indented as far: ``5bbbbb`` ... `` abcde``). None for other text (prose, a board too big to read in a node)."""
    rows = text.rstrip("\n").split("\n")
    ranks, files = (), ()
    indent = len(rows[-1]) - len(rows[-1].lstrip(" "))
    if len(rows) > 2 and indent and all(row[:indent].strip().isdigit() for row in rows[:-1]):
        ranks, files = [row[:indent].strip() for row in rows[:-1]], rows[-1][indent:]
        rows = [row[indent:] for row in rows[:-1]]
    if not 1 < len(rows) <= BOARD_ROWS or len({len(row) for row in rows}) != 1 \
            or not 1 < len(rows[0]) <= BOARD_COLUMNS or files and len(files) != len(rows[0]):
        return None
    return Board(rows, {".": ""}, files=files, ranks=ranks)


# ---- a user's evaluation ------------------------------------------------------------------------------------------

def load_evaluation(spec: str):
    """The function ``MODULE:FUNCTION`` names (the current folder is searched for the module); a one-line
    :class:`GameError` when it cannot be had."""
    module_name, _, function_name = str(spec).partition(":")
    if not module_name or not function_name:
        raise GameError(f"--eval {spec!r}: write MODULE:FUNCTION, e.g. myeval:score")
    if os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except SystemExit as error:
        raise GameError(f"--eval {spec!r}: importing {module_name!r} called sys.exit({error.code!r})") from None
    except Exception as error:
        raise GameError(f"--eval {spec!r}: cannot import {module_name!r} ({type(error).__name__}: "
                        f"{_first_line(error)})") from None
    function = getattr(module, function_name, None)
    if not callable(function):
        raise GameError(f"--eval {spec!r}: module {module_name!r} has no function {function_name!r}")
    return function


def evaluate_with(function, spiel, players: int, bounds: tuple[float, float], bounded: bool) -> list[float]:
    """The user's evaluation of ``spiel``: one number per player, checked (within ``bounds`` when ``bounded``: a
    game with chance moves, where Star1 relies on them)."""
    try:
        values = function(spiel.clone())
    except (Exception, SystemExit) as error:  # (sys.exit() in it must not end tracer without a word)
        raise GameError(f"--eval: the function failed at {spiel.history()} ({type(error).__name__}: "
                        f"{_first_line(error)})") from None
    try:  # a list, a tuple or an array of finite numbers; never a string, whose characters would pass for them
        items = [] if isinstance(values, (str, bytes)) else list(values)
    except TypeError:
        items = []
    if len(items) != players or not all(isinstance(v, numbers.Real) and not isinstance(v, bool) and math.isfinite(v)
                                        for v in items):
        raise GameError(f"--eval: the function must return {players} finite numbers, one per player, at "
                        f"{spiel.history()}, not {values!r:.60}")
    values = [float(v) for v in items]
    if bounded and any(not bounds[0] <= v <= bounds[1] for v in values):
        raise GameError(f"--eval: the function returned {values} at {spiel.history()}, outside the game's utilities "
                        f"[{bounds[0]:g}, {bounds[1]:g}]")
    return values
