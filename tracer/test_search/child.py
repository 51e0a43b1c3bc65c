"""The child process of ``tracer test-search``: it imports the student's module and calls the student's search
function on states that live in the parent process (:mod:`.runner`), so what the function does with them is
recorded where the function cannot change it.

Run as ``python -I -S child.py SETTINGS`` (:mod:`.sandbox` starts it, under bubblewrap or not), where
SETTINGS is a JSON object: ``read``, ``write`` (the pipes' descriptors), ``folder`` (the copy of the student's
files), ``module`` or ``file``, ``function``, ``memory`` (bytes of address space), ``cpu`` (seconds of CPU time)
and ``parent`` (the process that must stay its parent; 0 under bubblewrap, which sees to it). Before any of the
student's code is imported it takes everything it needs from the standard library, asks to be killed when its
parent ends, sets its limits (memory, CPU time, no process of its own, no file written), and only then puts the
student's folder on ``sys.path``. It is one file that imports only the standard library: nothing of tracer's is
on its path.

It speaks JSON lines over two pipes: it says ``ready`` (or why the function cannot be used), then for each
``call`` from the parent it runs the function, asking the parent for every ``moves``, ``child``, ``utility``,
``evaluate`` and ``probability``, and answers ``returned``, ``raised`` or ``wrong_return``.
"""

from __future__ import annotations

import ctypes
import importlib
import importlib.util
import inspect
import json
import numbers
import os
import resource
import signal
import sys
import sysconfig
import traceback

STDLIB = sysconfig.get_paths()["stdlib"] + os.sep  # Python's own frames are left out of a traceback too
BALLAST = 8 * 1024 * 1024  # bytes kept back, freed on MemoryError so the error can still be described
PR_SET_PDEATHSIG = 1  # Linux's prctl option: the signal this process gets when its parent ends
PR_SET_NO_NEW_PRIVS, PR_SET_SECCOMP, SECCOMP_MODE_FILTER = 38, 22, 2
# The system calls the student's process may not make (but on itself), by architecture: (its audit number, the
# calls that start a process, those that signal or read another, and whether x32's numbers must be refused too).
SYSCALLS = {
    "x86_64": (0xC000003E, {"clone": 56, "fork": 57, "vfork": 58, "clone3": 435},
               {"kill": 62, "tkill": 200, "tgkill": 234}, {"ptrace": 101, "process_vm_readv": 310,
                                                          "process_vm_writev": 311}, True),
    "aarch64": (0xC00000B7, {"clone": 220, "clone3": 435}, {"kill": 129, "tkill": 130, "tgkill": 131},
                {"ptrace": 117, "process_vm_readv": 270, "process_vm_writev": 271}, False),
}
CLONE_THREAD = 0x00010000
EAGAIN, EPERM, ENOSYS = 11, 1, 38
MESSAGE_CHARS, FRAME_CHARS, FRAMES = 300, 200, 60  # what of an exception is sent: the rest is cut here


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
            os._exit(0)  # the parent is gone
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


def load(settings: dict):
    """The function the settings name: ``module`` importable from the student's folder, or ``file`` in it."""
    module_name, file, function_name = settings.get("module"), settings.get("file"), settings["function"]
    shown = module_name or file
    try:
        if file is not None:
            spec = importlib.util.spec_from_file_location("student_module", os.path.join(settings["folder"], file))
            module = importlib.util.module_from_spec(spec)
            sys.modules["student_module"] = module
            spec.loader.exec_module(module)
        else:
            module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        raise Unusable(f"{shown}: no module named {_cut(str(error.name))!r} (run from the folder it is in, or "
                       "give path/to/file.py:function)") from None
    except BaseException as error:  # the module itself fails as it is imported
        raise Unusable(f"{shown}{_where(error)}: importing it raised {type(error).__name__}: "
                       f"{_cut(_text(error))}") from None
    function = getattr(module, function_name, None)
    if function is None:
        raise Unusable(f"{shown} has no function {function_name!r}")
    if not callable(function):
        raise Unusable(f"{shown}:{function_name} is {_a(function)}, not a function")
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


def student_frames(error: BaseException, folder: str) -> list[list]:
    """The traceback's frames of the student's code only (this module's and Python's own are left out; files named
    from the student's ``folder``): the last :data:`FRAMES`, each ``[file, line, function, code]`` with its texts cut
    to :data:`FRAME_CHARS` characters (the parent writes them, made safe to print)."""
    frames = []
    for frame in traceback.extract_tb(error.__traceback__):
        file = frame.filename
        if file == __file__ or file.startswith(STDLIB):
            continue
        if file.startswith(folder + os.sep):
            file = file[len(folder) + 1:]
        frames.append([_cut(file, FRAME_CHARS), frame.lineno, _cut(frame.name, FRAME_CHARS),
                       _cut(frame.line or "", FRAME_CHARS)])
    return frames[-FRAMES:]


def _text(error: BaseException) -> str:
    try:
        return str(error)
    except BaseException:  # a __str__ of the student's that itself fails
        return "(its message cannot be shown)"


def _cut(text: str, limit: int = MESSAGE_CHARS) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def returned(result) -> dict:
    """The message for what the function returned: the pair (value, move), or why it is not one (whether the move
    is one of the state's, and the value a number JSON carries, is the parent's to judge)."""
    if not isinstance(result, tuple) or len(result) != 2:
        return {"op": "wrong_return", "message": f"returned {_cut(repr(result), 80)} ({_a(result)}), not a pair "
                                                 "(value, move)"}
    value, move = result
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return {"op": "wrong_return", "message": f"returned the value {_cut(repr(value), 60)} ({_a(value)}), not "
                                                 "a number"}
    if move is not None and not isinstance(move, str):
        return {"op": "wrong_return", "message": f"returned the move {_cut(repr(move), 60)} ({_a(move)}), not a "
                                                 "move's name (a string) nor None"}
    return {"op": "returned", "value": float(value), "move": _cut(move, 1000) if move is not None else None}


def _a(value) -> str:
    name = type(value).__name__
    return f"{'an' if name[:1] in tuple('aeiou') else 'a'} {name}"


def die_with_parent(parent: int) -> None:
    """Be killed when the parent ends (Linux), and end now if it already has (it ended before the request)."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if parent and os.getppid() != parent:
        os._exit(0)


class _Instruction(ctypes.Structure):
    _fields_ = [("code", ctypes.c_ushort), ("jt", ctypes.c_ubyte), ("jf", ctypes.c_ubyte), ("k", ctypes.c_uint32)]


class _Program(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.POINTER(_Instruction))]


def forbid_processes() -> bool:
    """A seccomp filter (Linux x86-64 and arm64) by which this process and its threads can start no process (a
    thread they can), signal no process but themselves, and read or trace no other: what RLIMIT_NPROC cannot do
    for root, whom it does not bind (root outside, or ``nobody`` in a user namespace that is root outside). False
    where it cannot be set (another architecture, an old kernel): then RLIMIT_NPROC alone holds."""
    import platform

    calls = SYSCALLS.get(platform.machine())
    if calls is None or not sys.platform.startswith("linux"):
        return False
    arch, starting, signalling, reading, x32 = calls
    load, equal, test, at_least, ret = 0x20, 0x15, 0x45, 0x35, 0x06  # BPF_LD|W|ABS, JEQ, JSET, JGE, RET (k)
    allow, refuse = 0x7FFF0000, lambda errno: 0x00050000 | errno  # SECCOMP_RET_ALLOW, SECCOMP_RET_ERRNO

    program = [(load, 0, 0, 4), (equal, 1, 0, arch), (ret, 0, 0, refuse(ENOSYS)), (load, 0, 0, 0)]
    if x32:  # x32's calls are numbered from 2^30: refused, so none can go round the numbers below
        program += [(at_least, 0, 1, 0x40000000), (ret, 0, 0, refuse(ENOSYS))]
    for name, number in starting.items():
        if name == "clone":  # a thread is a clone with CLONE_THREAD: allowed; a process is not
            program += [(equal, 0, 4, number), (load, 0, 0, 16), (test, 0, 1, CLONE_THREAD), (ret, 0, 0, allow),
                        (ret, 0, 0, refuse(EAGAIN))]
        else:  # clone3 passes its flags in memory the filter cannot read: glibc falls back to clone on ENOSYS
            program += [(equal, 0, 1, number), (ret, 0, 0, refuse(ENOSYS if name == "clone3" else EAGAIN))]
    for number in signalling.values():  # the first argument is the process (or thread group) signalled
        program += [(equal, 0, 4, number), (load, 0, 0, 16), (equal, 0, 1, os.getpid()), (ret, 0, 0, allow),
                    (ret, 0, 0, refuse(EPERM))]
    for number in reading.values():
        program += [(equal, 0, 1, number), (ret, 0, 0, refuse(EPERM))]
    program.append((ret, 0, 0, allow))
    instructions = (_Instruction * len(program))(*[_Instruction(*each) for each in program])
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        return False
    filter_program = _Program(len(program), instructions)
    return libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(filter_program), 0, 0) == 0


def set_limits(memory: int, cpu: int) -> None:
    """The process's limits, before the student's code runs: address space, CPU time (SIGXCPU, then SIGKILL a
    second later), no process of its own (for a user but root; under bubblewrap, for root too), no file written,
    no core dump."""
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    resource.setrlimit(resource.RLIMIT_NPROC, (0, 0))
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def main(argv: list[str]) -> int:
    settings = json.loads(argv[0])
    die_with_parent(settings["parent"])
    set_limits(settings["memory"], settings["cpu"])
    forbid_processes()
    channel = Channel(settings["read"], settings["write"])
    sys.stdin = open(os.devnull)
    sys.dont_write_bytecode = True
    sys.path.insert(0, settings["folder"])  # only now: the standard library was imported from its own place
    try:
        function = load(settings)
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
            message = {"op": "raised", "kind": _cut(type(error).__name__, 100), "message": _cut(_text(error)),
                       "traceback": student_frames(error, settings["folder"])}
            if isinstance(error, MemoryError):
                channel.send(message)
                return 0  # the memory may still be held: the parent starts afresh
        channel.send(message)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
