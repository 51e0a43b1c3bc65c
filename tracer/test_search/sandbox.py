"""Where a student's search function runs (``tracer test-search --isolation``): the one place that decides what
the student's process can see and do.

- **bubblewrap** (``bwrap``, Linux user namespaces): each process has its own PID, network, IPC, UTS and mount
  namespaces, runs as ``nobody`` with no capabilities, dies with tracer, and sees only the Python runtime
  (read-only), a read-only copy of the student's Python files at ``/sandbox/student``, the child's one file, an
  empty ``/tmp`` (its working folder), ``/dev`` and its own ``/proc``. tracer's package, the case files, the output
  folder, tracer's process and its environment are not there to be seen.
- **hardened** (no bubblewrap): the same process, started the same way (``python -I -S``, a ``sys.path`` of the
  standard library and the copy, an empty environment, an empty working folder, every limit set before the
  student's code is imported, a parent-death signal), but with the user's rights on the machine's files.

Both are prepared by :class:`Workspace`: a private folder holding the copy of the student's files, removed when
the run ends.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from dataclasses import dataclass

from ..errors import UsageError

LEVELS = ("require", "auto", "off")  # --isolation
CHILD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "child.py")  # the child's one file
MAX_FILES = 2000  # Python files copied from the student's folder, at most
MAX_BYTES = 64 * 2**20  # and their bytes
SKIPPED = ("__pycache__",)  # folders never copied (and every name starting with a dot)
INSIDE = "/sandbox"  # where the workspace appears under bubblewrap
NOBODY = 65534
PR_SET_DUMPABLE, PR_GET_DUMPABLE = 4, 3  # Linux's prctl options
SYSTEM_FOLDERS = ("/usr", "/lib", "/lib64", "/lib32", "/bin", "/etc/ld.so.cache", "/etc/localtime")


@dataclass(frozen=True)
class Target:
    """The student's function as the child loads it: ``module`` (importable from the copy of the student's folder)
    or ``file`` (a path inside that copy), and ``function``; ``folder``: the student's folder that is copied;
    ``shown``: as the command line gave it."""

    shown: str
    folder: str
    module: str | None
    file: str | None
    function: str

    @classmethod
    def parse(cls, text: str) -> "Target":
        """``package.module:function`` (from the current folder) or ``path/to/file.py:function`` (from its
        folder)."""
        module, _, function = text.rpartition(":")
        if module.endswith(".py"):
            if not os.path.isfile(module):
                raise UsageError(f"{module}: no such file")
            return cls(text, os.path.dirname(os.path.abspath(module)), None, os.path.basename(module), function)
        return cls(text, os.getcwd(), module, None, function)


class Workspace:
    """A private folder for one run: ``student/`` (a copy of the student's Python files: every ``*.py`` below the
    student's folder, but hidden entries, ``__pycache__`` and symbolic links) and ``work-N/`` (each process's empty
    working folder when not under bubblewrap). A context manager that removes it."""

    def __init__(self, target: Target):
        self.target = target
        self.root = tempfile.mkdtemp(prefix="tracer-test-search-")
        self.student = os.path.join(self.root, "student")
        self.count = 0
        try:
            _copy_python_files(target.folder, self.student)
        except BaseException:
            self.close()
            raise

    def __enter__(self) -> "Workspace":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)

    def working_folder(self) -> str:
        """A new empty folder for one process (hardened mode)."""
        self.count += 1
        folder = os.path.join(self.root, f"work-{self.count}")
        os.mkdir(folder, 0o700)
        return folder


def _copy_python_files(source: str, destination: str) -> None:
    """Copy every ``*.py`` below ``source`` into ``destination``, read-only, with its folders; refuse past
    :data:`MAX_FILES` files or :data:`MAX_BYTES` bytes."""
    files = total = 0
    os.mkdir(destination, 0o755)
    for folder, folders, names in os.walk(source):
        folders[:] = sorted(name for name in folders if not name.startswith(".") and name not in SKIPPED
                            and not os.path.islink(os.path.join(folder, name)))
        relative = os.path.relpath(folder, source)
        for name in sorted(names):
            path = os.path.join(folder, name)
            if not name.endswith(".py") or name.startswith(".") or os.path.islink(path) or not os.path.isfile(path):
                continue
            files, total = files + 1, total + os.path.getsize(path)
            if files > MAX_FILES or total > MAX_BYTES:
                raise UsageError(f"{source}: more than {MAX_FILES:,} Python files or {MAX_BYTES // 2**20} MB below "
                                 "the student's folder, which test-search copies for the function's process: give "
                                 "path/to/file.py:function in a folder of the student's own")
            target = os.path.join(destination, relative, name)
            os.makedirs(os.path.dirname(target), 0o755, exist_ok=True)
            shutil.copyfile(path, target)
            os.chmod(target, 0o444)


@dataclass(frozen=True)
class Isolation:
    """How each student process is started: ``bubblewrap`` (the ``bwrap`` executable) or None (hardened only);
    ``note``: what is said on every run without bubblewrap (empty under it)."""

    bubblewrap: str | None
    note: str = ""

    def command(self, workspace: Workspace, settings: str) -> tuple[list[str], str | None]:
        """The command that starts the child with ``settings`` (its JSON argument), and the working folder to
        start it in (None: bubblewrap sets it)."""
        python = interpreter()
        if self.bubblewrap is None:
            return [python, "-I", "-S", CHILD, settings], workspace.working_folder()
        return [self.bubblewrap, *_jail(workspace.student), "--", python, "-I", "-S", f"{INSIDE}/child.py",
                settings], None

    def student_folder(self, workspace: Workspace) -> str:
        """The copy of the student's files as the child sees it."""
        return f"{INSIDE}/student" if self.bubblewrap else workspace.student


def _jail(student: str) -> list[str]:
    """bubblewrap's options: the namespaces, the user, and what the process sees (``student``: the folder that is
    the copy of the student's files)."""
    options = ["--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL",
               "--uid", str(NOBODY), "--gid", str(NOBODY), "--clearenv", "--setenv", "PATH", "/usr/bin:/bin",
               "--setenv", "HOME", "/tmp", "--setenv", "LC_ALL", "C.UTF-8"]
    for path in SYSTEM_FOLDERS:
        if os.path.islink(path):
            options += ["--symlink", os.readlink(path), path]
        elif os.path.exists(path):
            options += ["--ro-bind", path, path]
    for path in _runtime_folders():
        options += ["--ro-bind", path, path]
    for path in _package_folders():  # the runtime's installed packages (tracer among them, if installed there)
        options += ["--tmpfs", path]
    return options + ["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--chdir", "/tmp",
                      "--ro-bind", student, f"{INSIDE}/student", "--ro-bind", CHILD, f"{INSIDE}/child.py"]


def interpreter() -> str:
    """The Python the child runs: this one's base interpreter (a virtual environment's packages, tracer among
    them, are not the student's)."""
    return os.path.realpath(getattr(sys, "_base_executable", None) or sys.executable)


def _runtime_folders() -> list[str]:
    """The folders the base interpreter and its standard library live in, where not under /usr already."""
    paths = {os.path.realpath(sys.base_prefix), os.path.realpath(sys.base_exec_prefix),
             os.path.dirname(interpreter()), os.path.realpath(sysconfig.get_paths()["stdlib"])}
    outside = sorted(path for path in paths if not path.startswith("/usr/"))
    return [path for path in outside if not any(path.startswith(other + os.sep) for other in outside)]


def _package_folders() -> list[str]:
    """The folders of packages installed beside the standard library (site-packages, Debian's dist-packages),
    hidden under bubblewrap: the student's code sees the standard library only."""
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    base = {"base": sys.base_prefix, "platbase": sys.base_exec_prefix}
    found = {sysconfig.get_path(name, vars=base) for name in ("purelib", "platlib")}
    found |= {"/usr/lib/python3/dist-packages", f"/usr/local/lib/{version}/dist-packages",
              f"/usr/lib/{version}/dist-packages", f"/usr/local/lib/{version}/site-packages"}
    return sorted(path for path in found if os.path.isdir(path))


def choose(level: str) -> Isolation:
    """The isolation ``--isolation`` asks for: ``require`` (bubblewrap, or a UsageError saying why not), ``auto``
    (bubblewrap if it works here, else hardened with a note), ``off`` (hardened)."""
    if level == "off":
        return Isolation(None)
    why_not = _bubblewrap_fails()
    if why_not is None:
        return Isolation(shutil.which("bwrap"))
    if level == "require":
        raise UsageError(f"--isolation require: bubblewrap cannot isolate the student's code here ({why_not}); "
                         "install it (Debian: apt-get install bubblewrap) on a kernel with user namespaces")
    return Isolation(None, f"note: the student's code runs hardened but not isolated: bubblewrap {why_not} "
                           "(see the README, 'Isolation'; --isolation require refuses to run without it)")


def _bubblewrap_fails() -> str | None:
    """Why bubblewrap cannot isolate a process here (not installed, or no user namespaces), or None: it is tried
    once with the options the student's process gets."""
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return "is not installed"
    with tempfile.TemporaryDirectory(prefix="tracer-test-search-") as empty:  # a copy with nothing in it
        try:
            tried = subprocess.run([bwrap, *_jail(empty), "--", interpreter(), "-I", "-S", "-c", "pass"],
                                   stdin=subprocess.DEVNULL, capture_output=True, timeout=30)
        except (OSError, subprocess.TimeoutExpired) as error:
            return f"could not be started ({error})"
    if tried.returncode != 0:
        said = tried.stderr.decode("utf-8", "replace").strip().splitlines()
        return f"failed here ({said[-1][:120] if said else f'exit status {tried.returncode}'})"
    return None


@contextlib.contextmanager
def no_peeking():
    """While the student's code runs, this process is not dumpable (Linux): the files of /proc that show its
    memory and environment (``/proc/<pid>/mem``, ``environ``, ``maps``, …) are closed to the user's other
    processes, and none can attach to it (a process of root's can still)."""
    if not sys.platform.startswith("linux"):
        yield
        return
    prctl = ctypes.CDLL(None, use_errno=True).prctl
    was = prctl(PR_GET_DUMPABLE, 0, 0, 0, 0)
    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)
    try:
        yield
    finally:
        prctl(PR_SET_DUMPABLE, max(was, 0), 0, 0, 0)
