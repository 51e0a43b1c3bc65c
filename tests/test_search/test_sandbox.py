"""tracer test-search against hostile students (tests/data/students/hostile.py): each attack, under bubblewrap
(--isolation require, where bubblewrap works here: CI installs it) and hardened only (--isolation off), gets a
clean verdict for its case: no marks it did not earn, no traceback of tracer's, no forged file, no process left
running. tracer runs as a process of its own here (an attack may kill it)."""

from __future__ import annotations

import json
import math
import os
import platform
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from helpers import ROOT, TREES, start_tracer
from tracer.errors import UsageError
from tracer.test_search.runner import Limits, Student
from tracer.test_search.sandbox import Target, Workspace, choose
from tracer.test_search.child import SYSCALLS
from tracer.inputs import load_tree

HOSTILE = Path("tests/data/students/hostile.py")
SPINNING = "tracer-test-hostile-spinning"
RN = str(TREES / "rn_example.yaml")


def _bubblewrap_works() -> bool:
    try:
        return choose("require").bubblewrap is not None
    except UsageError:
        return False


BWRAP = pytest.param("require", marks=pytest.mark.skipif(not _bubblewrap_works(),
                                                         reason="bubblewrap cannot isolate a process here"))
LEVELS = [BWRAP, "off"]


def start(function: str, *args, isolation: str, cwd=ROOT, env=None) -> subprocess.Popen:
    return start_tracer("test-search", f"{HOSTILE}:{function}", *args, "--isolation", isolation, "--time-limit", "3",
                        cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def run(function: str, *args, isolation: str, **options) -> tuple[subprocess.Popen, str, str, set[int]]:
    """tracer test-search on one attack, to its end; its processes seen while it ran, to check none is left."""
    process = start(function, *args, isolation=isolation, **options)
    seen: set[int] = set()
    while process.poll() is None:
        seen |= descendants(process.pid)
        time.sleep(0.02)
    stdout, stderr = process.communicate(timeout=60)
    return process, stdout, stderr, seen


def descendants(pid: int) -> set[int]:
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_bytes().rpartition(b")")[2].split()
            except OSError:
                continue
            parents[int(entry)] = int(fields[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def running(pids: set[int]) -> set[int]:
    """Those of ``pids`` still running (an ended process that nobody has reaped yet is not running)."""
    alive = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_bytes().rpartition(b")")[2].split()[0]
        except OSError:
            continue
        if state not in (b"Z", b"X"):
            alive.add(pid)
    return alive


def spinning() -> set[int]:
    """Processes marked by hostile.SPINNING."""
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if SPINNING.encode() in Path(f"/proc/{entry}/cmdline").read_bytes():
                    found.add(int(entry))
            except OSError:
                pass
    return running(found)


def nothing_left(pids: set[int]) -> bool:
    deadline = time.monotonic() + 10  # a parent-death signal is delivered at once; its process ends soon after
    while running(pids) or spinning():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def assert_clean(stdout: str, stderr: str) -> None:
    assert "Traceback" not in stderr, stderr
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f\u202e\u2028]", stdout + stderr)


@pytest.mark.parametrize("isolation", LEVELS)
def test_importing_tracer_to_replay_its_search_earns_nothing(isolation):
    process, stdout, stderr, seen = run("imports_tracer", RN, "--json", isolation=isolation)
    assert_clean(stdout, stderr)
    assert nothing_left(seen)
    if isolation == "off" and os.geteuid() == 0:
        # hardened only, as root: the student's process can read tracer's files and /proc (the README says so)
        assert process.returncode in (0, 1), stderr
        return
    case = json.loads(stdout)["cases"][0]
    assert process.returncode == 1 and case["score"] == 0, stdout
    assert case["error"]["kind"] == "raised"


@pytest.mark.parametrize("isolation", LEVELS)
def test_the_graders_environment_and_memory_cannot_be_read(isolation):
    process, stdout, stderr, seen = run("reads_the_grader", RN, "--json", isolation=isolation,
                                        env={"GRADER_SECRET": "hunter2"})
    assert_clean(stdout, stderr)
    assert nothing_left(seen)
    case = json.loads(stdout)["cases"][0]
    assert process.returncode == 1 and case["score"] == 0
    if isolation == "off" and os.geteuid() == 0:
        return  # root reads any process's /proc: only bubblewrap keeps tracer out of sight
    assert "hunter2" not in stdout
    assert case["error"]["kind"] == "raised"


@pytest.mark.parametrize("isolation", LEVELS)
def test_a_forged_results_file_never_stands(isolation, tmp_path):
    output = tmp_path / "results.json"
    process, stdout, stderr, seen = run("forges_results", RN, "--format", "gradescope", "-o", str(output),
                                        isolation=isolation)
    assert_clean(stdout, stderr)
    assert nothing_left(seen)
    try:
        results = json.loads(output.read_text())
    except ValueError:
        results = None  # emptied (opened for writing, which RLIMIT_FSIZE lets it do, and no more): no score
    if process.returncode == -signal.SIGKILL:  # hardened only: it killed tracer
        assert results is None or (results["score"] == 0 and "did not finish" in results["output"]), results
    else:
        assert process.returncode == 1, stderr
        assert results["score"] == 0 and results["output"] != "forged"


@pytest.mark.parametrize("isolation", LEVELS)
def test_a_process_that_kills_tracer_and_spins_does_not_outlive_it(isolation):
    process, stdout, stderr, seen = run("kills_its_parent_and_spins", RN, "--json", isolation=isolation)
    assert nothing_left(seen), f"left running: {running(seen) | spinning()}"
    if process.returncode != -signal.SIGKILL:  # under bubblewrap tracer is out of its reach: the loop times out
        assert process.returncode == 1, stderr
        assert json.loads(stdout)["cases"][0]["error"]["kind"] == "timeout"


@pytest.mark.parametrize("isolation", LEVELS)
@pytest.mark.parametrize("stop", [signal.SIGKILL, signal.SIGQUIT, signal.SIGTERM])
def test_a_loop_does_not_outlive_tracer_stopped_from_outside(isolation, stop):
    process = start("spins", RN, isolation=isolation)
    seen: set[int] = set()
    deadline = time.monotonic() + 30
    while not spinning() and time.monotonic() < deadline:
        seen |= descendants(process.pid)
        time.sleep(0.02)
    assert spinning(), "the loop never started"
    seen |= descendants(process.pid)
    process.send_signal(stop)
    stdout, stderr = process.communicate(timeout=60)
    assert nothing_left(seen), f"left running: {running(seen) | spinning()}"
    assert process.returncode == (-stop if stop == signal.SIGKILL else 128 + stop)
    if stop != signal.SIGKILL:
        assert stderr.strip().splitlines()[-1] == f"tracer test-search: stopped by {signal.Signals(stop).name}"
        assert "Traceback" not in stderr


@pytest.mark.parametrize("isolation", LEVELS)
def test_deeply_nested_json_breaks_the_protocol_not_tracer(isolation):
    process, stdout, stderr, seen = run("sends_nested_json", RN, "--json", isolation=isolation)
    assert_clean(stdout, stderr)
    case = json.loads(stdout)["cases"][0]
    assert process.returncode == 1 and case["score"] == 0
    assert case["error"]["kind"] == "protocol" and "nested" in case["error"]["message"]


@pytest.mark.parametrize("isolation", LEVELS)
def test_escapes_in_a_message_and_a_file_name_are_shown_escaped_on_one_line(isolation):
    process, stdout, stderr, seen = run("escapes_in_its_message", RN, isolation=isolation)
    assert_clean(stdout, stderr)
    assert process.returncode == 1
    lines = stdout.splitlines()
    assert not any(line.strip() == "✓ value of the root: 3" for line in lines)  # no forged line
    failure = next(line for line in lines if "✗ your function raised ValueError" in line)
    assert "\\x1b[2J" in failure and "\\u202e" in failure and "\\n" in failure
    assert any("evil\\x1b[2J" in line and "\\n✓" in line for line in lines)  # the file's name, escaped


@pytest.mark.parametrize("isolation", LEVELS)
def test_a_ten_megabyte_message_is_cut_not_a_broken_protocol(isolation):
    process, stdout, stderr, seen = run("raises_ten_megabytes", RN, "--json", isolation=isolation)
    assert_clean(stdout, stderr)
    error = json.loads(stdout)["cases"][0]["error"]
    assert error["kind"] == "raised" and error["message"].startswith("raised ValueError: xxx")
    assert len(error["message"]) < 400 and len(stdout) < 100_000


def states_made(target: str, isolation: str) -> tuple:
    """The call of ``target`` on rn_example's root, and how many states tracer made for it."""
    target = Target.parse(target)
    with Workspace(target) as workspace:
        student = Student(target, Limits(120, 200 * 2**20), choose(isolation), workspace)
        with student.process() as process:
            process.start()
            call = process.call(load_tree(RN).root, lambda path: "→".join(("A", *path)) if path else "A",
                                math.inf, (-math.inf, math.inf))
            return call, len(process.states)


@pytest.mark.parametrize("isolation", LEVELS)
def test_asking_for_the_same_child_again_makes_no_new_state(isolation):
    """20,000 questions for one child make no more states in tracer (which keeps every state made in a call)
    than the textbook's search, which the flooding function then runs."""
    flood, flooded = states_made(f"{ROOT / HOSTILE}:floods_child", isolation)
    textbook, made = states_made(f"{ROOT}/tests/data/students/textbook.py:alphabeta", isolation)
    assert flood.failure is None and (flood.value, flood.move) == (textbook.value, textbook.move) == (3, "B")
    assert flooded == made < load_tree(RN).node_count


@pytest.mark.parametrize("isolation", LEVELS)
def test_an_illegal_move_does_not_tell_the_legal_ones(isolation):
    process, stdout, stderr, seen = run("maps_the_tree_unrecorded", RN, "--json", isolation=isolation)
    message = json.loads(stdout)["cases"][0]["error"]["message"]
    assert "has no move '?'" in message
    assert not re.search(r"\b[B-D]\b", message.split("learnt:")[1]), message  # the root's moves are B, C, D


SHADOWS = ("json.py", "inspect.py", "tracer.py", "os.py", "resource.py", "ctypes.py")


@pytest.mark.parametrize("isolation", LEVELS)
@pytest.mark.parametrize("form", ["module", "file"])
def test_a_folder_with_modules_named_like_the_standard_librarys_is_ordinary(isolation, form, tmp_path):
    shutil.copy(ROOT / "tests/data/students/textbook.py", tmp_path / "student.py")
    for name in SHADOWS:  # each would stop the child if it were imported in place of Python's own
        (tmp_path / name).write_text("raise SystemExit('imported the student folder\\'s ' + __name__)\n")
    target = "student:alphabeta" if form == "module" else f"{tmp_path}/student.py:alphabeta"
    # the installed command, as a teacher runs it in the submission's folder (``python -m`` would put the folder
    # first on tracer's own path)
    result = subprocess.run([str(Path(sys.executable).parent / "tracer"), "test-search", target, RN, "--json",
                             "--isolation", isolation], cwd=tmp_path, capture_output=True, text=True, timeout=120,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert result.returncode == 0, result.stdout + result.stderr
    assert json.loads(result.stdout)["score"] == 5


def test_without_bubblewrap_auto_says_so_and_require_refuses(tmp_path):
    """A PATH with no bwrap on it: auto runs hardened with one line on stderr; require refuses, exit 2."""
    bin_folder = tmp_path / "bin"
    bin_folder.mkdir()
    env = {"PATH": str(bin_folder)}
    auto = subprocess.run([sys.executable, "-m", "tracer", "test-search", f"{ROOT}/tests/data/students/textbook.py"
                           ":alphabeta", RN], cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYTHONPATH=str(ROOT), **env))
    assert auto.returncode == 0, auto.stderr
    notes = [line for line in auto.stderr.splitlines() if "hardened but not isolated" in line]
    assert notes == ["note: the student's code runs hardened but not isolated: bubblewrap is not installed "
                     "(see the README, 'Isolation'; --isolation require refuses to run without it)"]
    required = subprocess.run([sys.executable, "-m", "tracer", "test-search", f"{ROOT}/tests/data/students/"
                               "textbook.py:alphabeta", RN, "--isolation", "require"], cwd=tmp_path,
                              capture_output=True, text=True, timeout=120,
                              env=dict(os.environ, PYTHONPATH=str(ROOT), **env))
    assert required.returncode == 2 and required.stdout == ""
    assert required.stderr.startswith("tracer test-search: error: --isolation require: bubblewrap cannot isolate")
    assert len(required.stderr.splitlines()) == 1


@pytest.mark.parametrize("isolation", LEVELS)
def test_a_file_named_in_a_traceback_is_never_opened_by_tracer(isolation):
    process, stdout, stderr, seen = run("names_a_grader_file_in_its_traceback", RN, "--json", isolation=isolation)
    assert_clean(stdout, stderr)
    error = json.loads(stdout)["cases"][0]["error"]
    assert error["kind"] == "raised" and "ZeroDivisionError" in error["message"]
    assert "rn_example.yaml" in error["traceback"]  # the frame is shown, named as the student named it
    assert "tree:" not in error["traceback"] and "[[3, 12, 8]" not in error["traceback"]  # its line never read


@pytest.mark.parametrize("isolation", LEVELS)
def test_a_function_that_asks_and_never_reads_is_stopped_at_its_time_limit(isolation):
    started = time.monotonic()
    process, stdout, stderr, seen = run("asks_without_reading", RN, "--json", isolation=isolation)
    assert json.loads(stdout)["cases"][0]["error"]["kind"] == "timeout"
    assert nothing_left(seen)
    assert time.monotonic() - started < 120  # it ends at all (the limit is 3 s); not a measure of speed


@pytest.mark.parametrize("isolation", LEVELS)
def test_a_realtime_signal_is_a_verdict_not_a_traceback(isolation):
    process, stdout, stderr, seen = run("raises_a_realtime_signal", RN, "--json", isolation=isolation)
    assert_clean(stdout, stderr)
    error = json.loads(stdout)["cases"][0]["error"]
    assert process.returncode == 1 and error["kind"] == "died"
    assert f"killed by signal {int(signal.SIGRTMIN) + 6}" in error["message"]


FILTERED = platform.machine() in SYSCALLS  # where the seccomp filter is set: no process, no signal to another


@pytest.mark.parametrize("isolation", LEVELS)
def test_a_daemon_is_refused_and_tracer_cannot_be_killed(isolation):
    """As root too (CI runs as root, which RLIMIT_NPROC does not bind, under bubblewrap or not)."""
    process, stdout, stderr, seen = run("forks_a_daemon_and_kills_tracer", RN, "--json", isolation=isolation)
    assert nothing_left(seen), f"left running: {running(seen) | spinning()}"
    if FILTERED:
        assert process.returncode == 1, stderr  # tracer lived to give the verdict
        assert "BlockingIOError" in json.loads(stdout)["cases"][0]["error"]["message"]


@pytest.mark.skipif(not FILTERED, reason="the seccomp filter is for Linux x86-64 and arm64")
@pytest.mark.parametrize("isolation", LEVELS)
def test_threads_are_allowed_and_signals_to_tracer_refused(isolation, tmp_path):
    (tmp_path / "threads.py").write_text(
        "import os, signal, threading\n"
        "def alphabeta(state, depth, alpha, beta):\n"
        "    seen = []\n"
        "    thread = threading.Thread(target=seen.append, args=('thread ran',))\n"
        "    thread.start(); thread.join()\n"
        "    try:\n"
        "        os.kill(os.getppid(), signal.SIGKILL)\n"
        "    except PermissionError:\n"
        "        seen.append('kill refused')\n"
        "    raise ValueError(' and '.join(seen))\n")
    result = subprocess.run([sys.executable, "-m", "tracer", "test-search", f"{tmp_path}/threads.py:alphabeta", RN,
                             "--json", "--isolation", isolation], cwd=ROOT, capture_output=True, text=True,
                            timeout=120, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert result.returncode == 1, result.stderr
    message = json.loads(result.stdout)["cases"][0]["error"]["message"]
    assert message == "raised ValueError: thread ran and kill refused"


def test_gradescope_results_are_never_written_by_a_run_that_is_not_isolated(tmp_path):
    """--format gradescope takes auto as require: without bubblewrap, one line, exit 2, and a results.json that
    gives the reason (the platform shows it) instead of a score."""
    bin_folder = tmp_path / "bin"
    bin_folder.mkdir()
    result = subprocess.run([sys.executable, "-m", "tracer", "test-search", f"{ROOT}/tests/data/students/textbook.py"
                             ":alphabeta", RN, "--format", "gradescope", "-o", str(tmp_path / "results.json")],
                            cwd=tmp_path, capture_output=True, text=True, timeout=120,
                            env=dict(os.environ, PYTHONPATH=str(ROOT), PATH=str(bin_folder)))
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1, result.stderr
    results = json.loads((tmp_path / "results.json").read_text())
    assert results["score"] == 0 and "--isolation require: bubblewrap cannot isolate" in results["output"]
