"""The child process of ``tracer test-search``: it imports the student's module (the one named on the command line,
nothing else), and calls the student's search function on states that live in the parent process
(:mod:`.run_student`), so what the function does with them is recorded where the function cannot change it.

Run as ``python -m tracer.exercises.student_process READ_FD WRITE_FD TARGET MEMORY_BYTES``. It speaks JSON lines
over two pipes: it says ``ready`` (or why the function cannot be used), then for each ``call`` from the parent it
runs the function, asking the parent for every ``moves``, ``child``, ``utility``, ``evaluate`` and ``probability``,
and answers ``returned``, ``raised`` or ``wrong_return``. It uses only the standard library, so a student's code
sees none of tracer's modules but this one.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import json
import numbers
import os
import resource
import sys
import sysconfig
import traceback

STDLIB = sysconfig.get_paths()["stdlib"] + os.sep  # Python's own frames are left out of a traceback too
BALLAST = 8 * 1024 * 1024  # bytes kept back, freed on MemoryError so the error can still be described


class Channel:
    """JSON lines to and from the parent."""

    def __init__(self, read_fd: int, write_fd: int):
        self.reader = os.fdopen(read_fd, "r", encoding="utf-8")
        self.writer = os.fdopen(write_fd, "w", encoding="utf-8")

    def send(self, message: dict) -> None:
        self.writer.write(json.dumps(message) + "\n")
        self.writer.flush()

    def receive(self) -> dict | None:
        line = self.reader.readline()
        return json.loads(line) if line else None

    def ask(self, op: str, **fields):
        """The parent's answer to one question about a state (its error raised as the student sees it)."""
        self.send({"op": op, **fields})
        reply = self.receive()
        if reply is None:
            raise SystemExit(0)  # the parent is gone
        if "error" in reply:
            raise ValueError(reply["error"])
        return reply["ok"]


class State:
    """A state as the student's function receives it (the contract the README documents): ``player``
    (``"max"``, ``"min"`` or ``"chance"``), ``name``, ``is_terminal()``, ``moves()``, ``child(move)``,
    ``utility()``, ``evaluate()``, ``probability(move)``. Each question goes to the parent, which records it."""

    __slots__ = ("_channel", "_id", "player", "name", "_terminal")

    def __init__(self, channel: Channel, info: dict):
        self._channel, self._id = channel, info["id"]
        self.player, self.name, self._terminal = info["player"], info["name"], info["terminal"]

    def is_terminal(self) -> bool:
        return self._terminal

    def moves(self) -> list[str]:
        return list(self._channel.ask("moves", id=self._id))

    def child(self, move) -> "State":
        return State(self._channel, self._channel.ask("child", id=self._id, move=_plain(move)))

    def utility(self) -> float:
        return self._channel.ask("utility", id=self._id)

    def evaluate(self) -> float:
        return self._channel.ask("evaluate", id=self._id)

    def probability(self, move) -> float:
        return self._channel.ask("probability", id=self._id, move=_plain(move))

    def __repr__(self) -> str:
        return f"State({self.name!r}, player={self.player!r})"


def _plain(move):
    """A move as JSON can carry it (anything else is sent as the start of its text, and the parent says it is no
    move)."""
    return move if isinstance(move, str) else repr(move)[:200]


class Unusable(Exception):
    """The target cannot be called: no such module or function, or not a function."""


def load(target: str):
    """The function ``target`` names: ``package.module:function`` (importable from the current folder) or
    ``path/to/file.py:function``."""
    module_name, _, function_name = target.rpartition(":")
    try:
        if module_name.endswith(".py"):
            if not os.path.isfile(module_name):
                raise Unusable(f"{module_name}: no such file")
            sys.path.insert(0, os.path.dirname(os.path.abspath(module_name)))
            spec = importlib.util.spec_from_file_location("student_module", module_name)
            module = importlib.util.module_from_spec(spec)
            sys.modules["student_module"] = module
            spec.loader.exec_module(module)
        else:
            module = importlib.import_module(module_name)
    except Unusable:
        raise
    except ModuleNotFoundError as error:
        raise Unusable(f"{module_name}: no module named {error.name!r} (run from the folder it is in, or give "
                       "path/to/file.py:function)") from None
    except BaseException as error:  # the module itself fails as it is imported
        where = _where(error)
        raise Unusable(f"{module_name}{where}: importing it raised {type(error).__name__}: {error}") from None
    function = getattr(module, function_name, None)
    if function is None:
        raise Unusable(f"{module_name} has no function {function_name!r}")
    if not callable(function):
        raise Unusable(f"{module_name}:{function_name} is {_a(function)}, not a function")
    return function


def _where(error: BaseException) -> str:
    if isinstance(error, SyntaxError) and error.lineno:
        return f" (line {error.lineno})"
    frames = [frame for frame in traceback.extract_tb(error.__traceback__) if frame.filename != __file__]
    return f" (line {frames[-1].lineno})" if frames else ""


def takes(function, count: int) -> bool:
    """Whether ``function`` can be called with ``count`` positional arguments."""
    try:
        inspect.signature(function).bind(*range(count))
    except TypeError:
        return False
    except ValueError:  # a builtin without a signature: try it
        return True
    return True


def student_traceback(error: BaseException) -> str:
    """The traceback with only the student's frames (this module's and Python's own are left out); repeats are
    folded."""
    summary = traceback.TracebackException.from_exception(error, limit=None)
    summary.stack = traceback.StackSummary.from_list(
        [frame for frame in summary.stack if frame.filename != __file__ and not frame.filename.startswith(STDLIB)])
    lines = list(summary.format())
    return "".join(lines[-60:] if len(lines) > 60 else lines)


def returned(result) -> dict:
    """The message for what the function returned: the pair (value, move), or why it is not one (whether the move
    is one of the state's, and the value a number JSON carries, is the parent's to judge)."""
    if not isinstance(result, tuple) or len(result) != 2:
        return {"op": "wrong_return", "message": f"returned {repr(result)[:80]} ({_a(result)}), not a pair "
                                                 "(value, move)"}
    value, move = result
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return {"op": "wrong_return", "message": f"returned the value {repr(value)[:60]} ({_a(value)}), not a "
                                                 "number"}
    if move is not None and not isinstance(move, str):
        return {"op": "wrong_return", "message": f"returned the move {repr(move)[:60]} ({_a(move)}), not a move's "
                                                 "name (a string) nor None"}
    return {"op": "returned", "value": float(value), "move": move}


def _a(value) -> str:
    name = type(value).__name__
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


def main(argv: list[str]) -> int:
    read_fd, write_fd, target, memory = int(argv[0]), int(argv[1]), argv[2], int(argv[3])
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_NPROC, (0, 0))  # no process of its own (but for root: tracer ends those)
    channel = Channel(read_fd, write_fd)
    sys.stdin = open(os.devnull)
    try:
        function = load(target)
    except Unusable as error:
        channel.send({"op": "unusable", "message": str(error)})
        return 0
    channel.send({"op": "ready", "window": takes(function, 4), "plain": takes(function, 2)})
    ballast = bytearray(BALLAST)
    while (command := channel.receive()) is not None and command["op"] == "call":
        root = State(channel, command["root"])
        arguments = [root, command["depth"]] + list(command.get("window") or [])
        try:
            result = function(*arguments)
            message = returned(result)
        except BaseException as error:  # everything the student's code can raise, SystemExit too
            if isinstance(error, MemoryError):
                del ballast
            message = {"op": "raised", "kind": type(error).__name__, "message": str(error)[:300],
                       "traceback": student_traceback(error)}
            if isinstance(error, MemoryError):
                channel.send(message)
                return 0  # the memory may still be held: the parent starts afresh
        channel.send(message)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
