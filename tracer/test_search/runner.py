"""Running a student's search function in a child process (:mod:`.child`) on states that stay here:
every question the function asks of a state is answered here and recorded (which states it expands, which it
evaluates, in order), so the record is what the function did, whatever its code does to itself.

Each case gets a process of its own, started fresh as :mod:`.sandbox` decides (under bubblewrap, or hardened),
with a memory limit (``RLIMIT_AS``), a CPU-time limit, and a time limit for each call (wall clock); a call that
passes it is stopped by killing the whole process group, and a process is always killed and waited for when its
case ends, with every process it started (on Linux: :func:`end_family`), so nothing is left running. Whatever the
child sends is checked before it is believed: a line is at most :data:`MAX_LINE` bytes of flat JSON, a call asks
for at most :data:`MAX_STATES` states, and every text of the student's is made safe to print on one line.
"""

from __future__ import annotations

import ctypes
import json
import math
import os
import select
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field

from ..errors import SearchOptionError, UsageError
from ..model.state import Player
from ..search.registry import ALGORITHMS
from ..text import one_line
from .sandbox import Isolation, Target, Workspace

EXPANDED, EVALUATED = "expanded", "evaluated"
# The searches a student's function can be checked against, and how the function is called for each (each
# search's registry entry says: its student_form).
FORMS = {name: search.student_form for name, search in ALGORITHMS.items() if search.student_form}
MAX_LINE = 1 << 20  # bytes: a message longer than this is not the child's
MAX_NESTING = 3  # a message is one object; a traceback in it, a list of frames, each a list
MAX_STATES = 200_000  # distinct states one call may have tracer make (a state asked for again is not made again)
START_SECONDS = 10.0  # the least time the child has to import the function (the time limit if longer)
STOP_SECONDS = 10.0  # a killed process ends at once; one that does not in this long is left (it cannot be helped)
PR_SET_CHILD_SUBREAPER = 36  # Linux's prctl option: orphans below this process are given to it, not to init
GRACE = 1.0  # seconds a child whose channel closed has to end before it is said to have broken the protocol


@dataclass(frozen=True)
class Action:
    """What the function did with a state: ``expanded`` (asked a non-terminal state for its moves) or ``evaluated``
    (asked for its utility or its evaluation); ``path``: the moves from the root to the state, by name."""

    kind: str
    path: tuple[str, ...]


@dataclass
class Failure:
    """Why a call gave no answer: ``kind`` is ``raised``, ``timeout``, ``memory``, ``recursion``, ``wrong_return``,
    ``died`` or ``protocol`` (it broke tracer's protocol: a message that is none, or its channel closed); ``line`` says it in one line, after "your function" (``raised ZeroDivisionError: division by
    zero``); ``traceback`` is the student's frames (empty when there are none)."""

    kind: str
    line: str
    traceback: str = ""


@dataclass
class Call:
    """One call of the student's function: what it did with the states, and what it returned (or its failure)."""

    actions: list[Action] = field(default_factory=list)
    value: float | None = None
    move: str | None = None
    failure: Failure | None = None


@dataclass(frozen=True)
class Limits:
    """Each call's time limit (seconds, wall clock) and the process's memory limit (bytes of address space)."""

    seconds: float = 10.0
    memory: int = 512 * 1024 * 1024


# The child's whole environment: nothing of tracer's (PYTHONPATH, a grader's secrets) reaches the student's code.
CHILD_ENVIRONMENT = {"PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "PYTHONDONTWRITEBYTECODE": "1"}


@dataclass(frozen=True)
class Student:
    """The student's function and how each of its processes is run: ``target``, ``limits``, ``isolation`` (as
    :func:`.sandbox.choose` decided it) and the run's ``workspace`` (the copy of the student's files)."""

    target: Target
    limits: Limits
    isolation: Isolation
    workspace: Workspace

    def process(self, calls: int = 1) -> "StudentProcess":
        """A new process for one case that calls the function at most ``calls`` times."""
        return StudentProcess(self.target, self.limits, self.isolation, self.workspace, calls)


class StudentProcess:
    """The student's function in a child process of its own; a context manager that always ends the process.

    ``start()`` imports the function there (a :class:`UsageError` when it cannot be: no such module or function,
    not callable); ``call(root, name_of, depth, window)`` calls it on ``root`` and records what it does.
    ``calls``: how many calls the case makes at most (the process's CPU time is the time limit for each, and the
    start)."""

    def __init__(self, target: Target, limits: Limits, isolation: Isolation, workspace: Workspace, calls: int = 1):
        self.target, self.limits, self.isolation, self.workspace = target, limits, isolation, workspace
        self.calls = calls
        self.process: subprocess.Popen | None = None
        self.read_fd = self.write_fd = None  # this process's ends of the pipes
        self.takes_window = False
        self.states: list = []
        self.made: dict[tuple[int, str], int] = {}  # (state, move) -> the child's number, this call
        self.buffer = b""

    # ---- the process ----------------------------------------------------------------------------------------------
    def __enter__(self) -> "StudentProcess":
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def start(self) -> None:
        """Start the child and wait until it has imported the function."""
        child_read, self.write_fd = os.pipe()
        self.read_fd, child_write = os.pipe()
        os.set_blocking(self.write_fd, False)
        seconds = max(self.limits.seconds, START_SECONDS)
        hardened = self.isolation.bubblewrap is None
        settings = {"read": child_read, "write": child_write, "module": self.target.module,
                    "file": self.target.file, "function": self.target.function,
                    "folder": self.isolation.student_folder(self.workspace), "memory": self.limits.memory,
                    "cpu": math.ceil(seconds + self.limits.seconds * self.calls),
                    "parent": os.getpid() if hardened else 0}
        command, folder = self.isolation.command(self.workspace, json.dumps(settings))
        self.ours = set(_children(_parents()))  # this process's children before the child: not the child's
        _subreaper(True)
        try:
            self.process = subprocess.Popen(command, pass_fds=(child_read, child_write), start_new_session=True,
                                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                            stderr=subprocess.DEVNULL, env=CHILD_ENVIRONMENT, cwd=folder)
        except OSError as error:
            raise UsageError(f"{self.target.shown}: the function's process could not be started "
                             f"({error.strerror or error})") from None
        finally:
            os.close(child_read)
            os.close(child_write)
        deadline = time.monotonic() + seconds
        try:
            message = self._receive(deadline)
        except _Broken as error:
            raise UsageError(f"{self.target.shown}: the function could not be loaded (its process broke tracer's "
                             f"protocol at start-up: {error})") from None
        if message is None and time.monotonic() >= deadline:
            raise UsageError(f"{self.target.shown}: the function could not be loaded (importing it did not end "
                             f"within {_seconds(seconds)}; it was stopped)")
        if message is None or message.get("op") not in ("ready", "unusable"):
            raise UsageError(f"{self.target.shown}: the function could not be loaded (its process ended at start-up"
                             f"{self._ended()})")
        if message["op"] == "unusable":
            raise UsageError(one_line(str(message.get("message")), 600))
        self.takes_window = bool(message.get("window"))
        self.takes_plain = bool(message.get("plain"))

    def stop(self) -> None:
        """End the child and everything it started, wait for it (nothing is left running), and close the pipes
        (also when the child could not be started)."""
        if self.process is not None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            end_family(self.process.pid, self.ours)
            try:
                self.process.wait(STOP_SECONDS)
            except subprocess.TimeoutExpired:
                pass
            self.process = None
        _subreaper(False)
        for fd in (self.read_fd, self.write_fd):
            if fd is not None:
                os.close(fd)
        self.read_fd = self.write_fd = None

    @property
    def pid(self) -> int | None:
        return None if self.process is None else self.process.pid

    # ---- one call ---------------------------------------------------------------------------------------------
    def call(self, root, name_of, depth: float, window: tuple[float, float] | None) -> Call:
        """Call the function on ``root`` (a state of tracer's), ``depth`` plies, with ``window`` (α, β) or none;
        ``name_of(path)``: the name the state at that path is given. The record is of this call only."""
        self.states, self.expanded, self.evaluated, self.made = [], set(), set(), {}
        self.name_of = name_of
        record = Call()
        root_info = self._register(root, ())
        moves = [root.move_name(move) for move in root.moves()] if not root.is_terminal() else []
        deadline = time.monotonic() + self.limits.seconds
        if not self._send({"op": "call", "root": root_info, "depth": depth,
                           "window": list(window) if window is not None else None}, deadline):
            record.failure = self._no_answer(deadline)
            return record
        while True:
            try:
                message = self._receive(deadline)
            except _Broken as error:
                record.failure = self._broken(str(error))
                return record
            if message is None:
                record.failure = self._no_answer(deadline)
                return record
            op = message.get("op")
            if op == "returned":
                record.value, record.move, record.failure = _returned(message, moves, root_info["name"])
                return record
            if op in ("raised", "wrong_return"):
                record.failure = _failure(message, self.limits)
                return record
            unfit = _unfit_question(message)
            if unfit:
                record.failure = self._broken(unfit)
                return record
            if not self._send(self._answer(op, message, record), deadline):
                record.failure = self._no_answer(deadline)
                return record
            if len(self.states) > MAX_STATES:
                record.failure = self._broken(f"it asked for more than {MAX_STATES:,} different states in one call")
                return record

    def _register(self, state, path: tuple[str, ...]) -> dict:
        self.states.append((state, path))
        return {"id": len(self.states) - 1, **self._info(state, path)}

    def _info(self, state, path: tuple[str, ...]) -> dict:
        player = state.player.value if isinstance(state.player, Player) else str(state.player)
        return {"player": player, "name": self.name_of(path), "terminal": bool(state.is_terminal())}

    def _made(self, index: int, state, move) -> dict:
        """The child of state ``index`` after ``move``, made once in a call (asked again, the same state)."""
        name = state.move_name(move)
        made = self.made.get((index, name))
        if made is None:
            made = self.made[index, name] = len(self.states)
            child = state.child(move)
            self._register(child, self.states[index][1] + (name,))
        child, path = self.states[made]
        return {"id": made, **self._info(child, path)}

    def _answer(self, op, message: dict, record: Call) -> dict:
        """The answer to one question about a state, recorded."""
        index = message.get("id")
        if not isinstance(index, int) or not 0 <= index < len(self.states):
            return {"error": "no such state"}
        state, path = self.states[index]
        name = self.name_of(path)
        try:
            if op == "moves":
                if state.is_terminal():
                    return {"ok": []}  # asking a terminal state for its moves is not an expansion
                if index not in self.expanded:
                    self.expanded.add(index)
                    record.actions.append(Action(EXPANDED, path))
                return {"ok": [state.move_name(move) for move in state.moves()]}
            if op == "child" or op == "probability":
                move = _move(state, message.get("move"), name)
                if op == "probability":
                    if state.player is not Player.CHANCE:
                        return {"error": f"{name} is not a chance node: its moves have no probability"}
                    return {"ok": float(state.probability(move))}
                return {"ok": self._made(index, state, move)}
            if op in ("utility", "evaluate"):
                if op == "utility" and not state.is_terminal():
                    return {"error": f"{name} is not terminal: utility() is for terminal states (use evaluate() "
                                     "at the depth limit)"}
                value = state.utility() if op == "utility" else state.evaluate()
                if index not in self.evaluated:
                    self.evaluated.add(index)
                    record.actions.append(Action(EVALUATED, path))
                return {"ok": float(value)}
        except _NoMove as error:
            return {"error": str(error)}
        except SearchOptionError:  # a tree node with no eval: given
            return {"error": f"{name} has no evaluation (the tree file gives it no eval:)"}
        return {"error": f"no such question: {one_line(repr(op), 40)}"}

    # ---- the pipes ----------------------------------------------------------------------------------------------
    def _send(self, message: dict, deadline: float) -> bool:
        """Write ``message`` to the child before ``deadline``; False when it could not be written in time (a child
        that asks and does not read the answers fills the pipe: tracer never waits on it without a bound)."""
        data = (json.dumps(message) + "\n").encode("utf-8")
        try:
            while data:
                left = deadline - time.monotonic()
                if left <= 0 or not select.select([], [self.write_fd], [], left)[1]:
                    return False
                try:
                    data = data[os.write(self.write_fd, data):]
                except BlockingIOError:
                    continue
        except BrokenPipeError:
            pass  # the child is gone: the next read says so
        return True

    def _receive(self, deadline: float) -> dict | None:
        """The child's next message, or None if none comes before ``deadline`` or its channel closed; a line that
        is not a message (too long, not JSON, not an object) raises :class:`_Broken`."""
        while b"\n" not in self.buffer:
            if len(self.buffer) > MAX_LINE:
                raise _Broken(f"it sent a line longer than {MAX_LINE // 2**20} MiB")
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([self.read_fd], [], [], left)
            if not ready:
                return None
            chunk = os.read(self.read_fd, 65536)
            if not chunk:
                return None
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        if len(line) > MAX_LINE:
            raise _Broken(f"it sent a line longer than {MAX_LINE // 2**20} MiB")
        if nesting(line) > MAX_NESTING:
            raise _Broken(f"it sent JSON nested more than {MAX_NESTING} levels deep: {_start(line)}")
        try:
            message = json.loads(line)
        except ValueError:
            raise _Broken(f"it sent a line that is not JSON: {_start(line)}") from None
        if not isinstance(message, dict):
            raise _Broken(f"it sent {_start(line)}, not a JSON object")
        return message

    def _no_answer(self, deadline: float) -> Failure:
        """The failure of a call that gave no answer: past its time, its process ended, or it closed its channel
        and lives on (never waited for without a bound)."""
        if time.monotonic() >= deadline:
            self.stop()
            return Failure("timeout", f"did not return within the time limit ({_seconds(self.limits.seconds)}); "
                                      "it was stopped")
        try:
            self.process.wait(GRACE)
        except subprocess.TimeoutExpired:
            return self._broken("it closed its channel to tracer")
        return Failure("died", f"did not answer: its process ended{self._ended()}")

    def _broken(self, reason: str) -> Failure:
        """The failure of a call whose process broke the protocol, which is stopped."""
        self.stop()
        return Failure("protocol", f"broke tracer's protocol ({reason}); it was stopped")

    def _ended(self) -> str:
        if self.process is None or self.process.poll() is None:
            return ""
        code = self.process.returncode
        if code > 128 and self.isolation.bubblewrap:  # bubblewrap ends as its child did: 128 + the signal
            code = 128 - code
        if code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:  # a real-time signal has no name
                name = f"signal {-code}"
            hint = " (the memory limit?)" if -code in (signal.SIGKILL, signal.SIGSEGV) else ""
            return f" (killed by {name}{hint})"
        return f" (exit status {code})"


def nesting(line: bytes) -> int:
    """How deep the JSON text ``line`` nests arrays and objects (brackets inside strings are not counted), found
    without parsing it, so that no line can make tracer recurse."""
    if line.count(b"[") + line.count(b"{") <= MAX_NESTING:
        return line.count(b"[") + line.count(b"{")
    deepest = depth = 0
    in_string = escaped = False
    for byte in line:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_NESTING:
                return deepest
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest


def _start(line: bytes) -> str:
    """The start of a line from the child, safe to print."""
    return repr(one_line(line[:40].decode("utf-8", "replace")))


def _returned(message: dict, moves: list[str], name: str) -> tuple[float | None, str | None, Failure | None]:
    """The (value, move) a ``returned`` message gives, called on the state ``name`` whose moves are ``moves``, or
    the ``wrong_return`` failure it is: a value that is no number (NaN is none), a move not among ``moves``."""
    value, move = message.get("value"), message.get("move")
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:  # NaN
        return None, None, Failure("wrong_return", f"returned the value {one_line(repr(value), 60)}, which is not "
                                                   "a number")
    if move is not None and (not isinstance(move, str) or move not in moves):
        return None, None, Failure("wrong_return", f"returned the move {one_line(repr(move), 60)}, which is not "
                                                   f"one of {name}'s moves ({', '.join(moves) or 'none'}) nor None")
    try:
        return float(value), move, None
    except OverflowError:
        return None, None, Failure("wrong_return", f"returned the value {str(value)[:60]}…, too large a number")


def _unfit_question(message: dict) -> str:
    """Why a question from the child is not one the protocol has (empty when it is): ``op`` a string, ``id`` a
    whole number, ``move`` (where a question names one) a string."""
    op, index = message.get("op"), message.get("id")
    if not isinstance(op, str):
        return f"it sent a message whose op is {one_line(repr(op), 40)}"
    if isinstance(index, bool) or not isinstance(index, int):
        return f"it asked {one_line(repr(op), 40)} of the state {one_line(repr(index), 40)}, which is no state's number"
    if op in ("child", "probability") and not isinstance(message.get("move"), str):
        return f"it asked {op!r} with the move {one_line(repr(message.get('move')), 40)}, not a move's name"
    return ""


def end_family(pid: int, ours: set[int]) -> None:
    """Kill every process below ``pid`` (this process's child) and wait for those given to this process, on Linux:
    the processes whose parents lead to ``pid``, and the orphans this process, a subreaper, was given (its children
    but ``pid`` and ``ours``), until none is left (``pid`` itself is the caller's to wait for). Elsewhere there is
    no /proc to read, and nothing is done."""
    me = os.getpid()
    for _ in range(100):  # each round kills what it finds; forks under way show in the next
        parents = _parents()
        family = {child for child in parents if child != pid and (_leads_to(child, pid, parents)
                                                                  or parents[child] == me and child not in ours)}
        if not family:
            return
        for child in family:
            try:
                os.kill(child, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        for child in family & set(_children(parents)):
            try:
                os.waitpid(child, 0)
            except ChildProcessError:
                pass
        time.sleep(0.01)  # a process killed in this round is given to this process once it has ended


def _parents() -> dict[int, int]:
    """Each process's parent, from /proc (empty where there is none)."""
    parents = {}
    for entry in os.listdir("/proc") if os.path.isdir("/proc") else ():
        if not entry.isdigit():
            continue  # not a process
        try:
            with open(f"/proc/{entry}/stat", "rb") as stat:
                fields = stat.read().rpartition(b")")[2].split()  # the name, in brackets, may hold anything
        except (OSError, ValueError):
            continue  # it has ended
        parents[int(entry)] = int(fields[1])
    return parents


def _children(parents: dict[int, int]) -> list[int]:
    me = os.getpid()
    return [child for child, parent in parents.items() if parent == me]


def _leads_to(pid: int, ancestor: int, parents: dict[int, int]) -> bool:
    while pid in parents and pid > 1:
        pid = parents[pid]
        if pid == ancestor:
            return True
    return False


def _subreaper(on: bool) -> None:
    """Make this process the one orphans below it are given to, or no longer (Linux; elsewhere nothing is done)."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, int(on), 0, 0, 0)


def _move(state, given, name: str):
    """The move of ``state`` written ``given``; a move it does not have is refused without naming those it has
    (that would tell the moves of a state the function has not expanded)."""
    moves = {state.move_name(move): move for move in state.moves()} if not state.is_terminal() else {}
    if given not in moves:
        raise _NoMove(f"{name} has no move {one_line(repr(given), 60)} (state.moves() gives its moves)")
    return moves[given]


class _Broken(Exception):
    """A line from the child that is not a message of the protocol (the child is stopped)."""


class _NoMove(SearchOptionError):
    """A move the state does not have (answered to the student as an error)."""


def _failure(message: dict, limits: Limits) -> Failure:
    """A failure in one line, from the child's message; every text of the child's made safe to print."""
    kind, text = message.get("op"), one_line(str(message.get("message", "")), 300)
    if kind == "wrong_return":
        return Failure("wrong_return", text)
    raised = one_line(str(message.get("kind", "Exception")), 100)
    trace = _traceback(message.get("traceback"), raised, text)
    if raised == "RecursionError":
        return Failure("recursion", "raised RecursionError: maximum recursion depth exceeded (does it call itself "
                                    "without end?)", trace)
    if raised == "MemoryError":
        return Failure("memory", f"ran out of memory (the limit is {limits.memory // 2**20:,} MB): MemoryError",
                       trace)
    return Failure("raised", f"raised {raised}: {text}" if text else f"raised {raised}", trace)


def _traceback(frames, kind: str, text: str) -> str:
    """The student's traceback as Python writes it, from the child's frames ``[file, line, function, code]``, each
    text made safe to print on its line. It is written here by hand: nothing in it is looked up (a file it names
    is the student's text, never opened); a frame repeated more than three times in a row is folded."""
    shown = [_frame_lines(frame) for frame in (frames[-60:] if isinstance(frames, list) else [])]
    shown = [lines for lines in shown if lines]
    if not shown:
        return ""
    out, run = ["Traceback (most recent call last):"], 0
    for i, lines in enumerate(shown):
        run = run + 1 if i and lines == shown[i - 1] else 0
        if run < 3:
            out.extend(lines)
        if run >= 3 and (i + 1 == len(shown) or shown[i + 1] != lines):
            out.append(f"  [Previous line repeated {run - 2} more time{'s' if run - 2 > 1 else ''}]")
    out.append(f"{kind}: {text}" if text else kind)
    return "".join(line + "\n" for line in out)


def _frame_lines(frame) -> list[str]:
    """One frame's lines (``File "x.py", line 3, in f`` and its code), or none for what is not a frame."""
    if not (isinstance(frame, list) and len(frame) == 4 and isinstance(frame[1], int)
            and not isinstance(frame[1], bool)):
        return []
    file, function, code = (one_line(str(part), 200).strip() for part in (frame[0], frame[2], frame[3]))
    return [f'  File "{file}", line {frame[1]}, in {function}'] + ([f"    {code}"] if code else [])


def _seconds(seconds: float) -> str:
    return f"{seconds:g} s"
