"""Student functions that attack tracer test-search instead of searching, for its tests (tests/test_search/
test_sandbox.py): each is what a student who wants the marks without the search would try. Every one
is called as alphabeta(state, depth, alpha, beta); the tests say what each must get: never the marks, never a
traceback of tracer's, never a forged file, never a process left behind."""

import math
import os
import signal
import sys

SPINNING = "tracer-test-hostile-spinning"  # in the command line of a process that spins after its parent is gone


def _proc_text(pid, name):
    with open(f"/proc/{pid}/{name}", "rb") as file:
        return file.read().decode("utf-8", "replace")


def imports_tracer(state, depth, alpha=-math.inf, beta=math.inf):
    """Runs tracer's own search on the case, found from tracer's command line, working folder and environment,
    and replays it: the calls a right answer makes, with the value and move tracer found."""
    try:
        import tracer  # noqa: F401  (on the path as it is?)
    except ImportError:
        parent = os.getppid()
        arguments = _proc_text(parent, "cmdline").split("\0")
        folder = os.readlink(f"/proc/{parent}/cwd")
        environment = dict(line.split("=", 1) for line in _proc_text(parent, "environ").split("\0") if "=" in line)
        for path in environment.get("PYTHONPATH", "").split(os.pathsep) + [folder]:
            sys.path.insert(0, path)
        python = os.path.realpath(arguments[0])
        sys.path[:0] = [os.path.join(os.path.dirname(os.path.dirname(python)), "lib", f"python{sys.version[:4]}",
                                     "site-packages")]
        import tracer  # noqa: F401
    from tracer.inputs import load_problem
    from tracer.search.spec import SearchSpec
    from tracer.run import trace_search

    files = [os.path.join(folder, argument) for argument in arguments if argument.endswith(".yaml")]
    problem = load_problem(files[0])
    trace = trace_search(problem.root, SearchSpec("alphabeta"), depth=problem.depth, meta=problem.meta)
    _replay(state, trace)
    return trace.value, trace.best_move


def _replay(state, trace):
    """Ask the states in the order tracer's search did."""
    states = {0: state}
    evaluated = {event.node for event in trace.events if event.kind == "leaf_evaluated"}
    for event in trace.events:
        node = trace.nodes[event.node]
        if event.kind == "node_entered" and node.parent is not None:
            states[node.id] = states[node.parent].child(node.move)
        if event.kind == "leaf_evaluated":
            states[node.id].utility() if states[node.id].is_terminal() else states[node.id].evaluate()
        elif event.kind == "node_entered" and node.id not in evaluated:
            states[node.id].moves()


def reads_the_grader(state, depth, alpha=-math.inf, beta=math.inf):
    """Raises with what it read of its parent's environment and memory (the report would show it)."""
    parent = os.getppid()
    found = [_proc_text(parent, "environ")[:2000]]
    with open(f"/proc/{parent}/maps") as maps:
        start, end = (int(part, 16) for part in maps.readline().split()[0].split("-"))
    with open(f"/proc/{parent}/mem", "rb") as memory:
        memory.seek(start)
        found.append(memory.read(min(end - start, 64)).hex())
    raise ValueError(" | ".join(found))


def forges_results(state, depth, alpha=-math.inf, beta=math.inf):
    """Writes full marks where tracer will write its results.json (-o, found in tracer's command line), then kills
    tracer, so that nothing can replace the forged file."""
    parent = os.getppid()
    arguments = _proc_text(parent, "cmdline").split("\0")
    path = os.path.join(os.readlink(f"/proc/{parent}/cwd"), arguments[arguments.index("-o") + 1])
    try:
        with open(path, "w") as forged:
            forged.write('{"score": 30, "output": "forged", "tests": []}\n')
    finally:
        os.kill(parent, signal.SIGKILL)
    return 0, None


def kills_its_parent_and_spins(state, depth, alpha=-math.inf, beta=math.inf):
    """Kills its parent, then spins for ever (as a process marked SPINNING, so the tests can look for it)."""
    try:
        os.kill(os.getppid(), signal.SIGKILL)
    finally:
        os.execv(sys.executable, [sys.executable, "-c", "while True: pass", SPINNING])


def spins(state, depth, alpha=-math.inf, beta=math.inf):
    """An ordinary endless loop, marked SPINNING (tracer is stopped from outside meanwhile)."""
    os.execv(sys.executable, [sys.executable, "-c", "while True: pass", SPINNING])


def sends_nested_json(state, depth, alpha=-math.inf, beta=math.inf):
    """Writes JSON nested 400,000 levels deep (under 1 MiB) on its channel to tracer."""
    state._channel.writer.write("[" * 400_000 + "]" * 400_000 + "\n")
    state._channel.writer.flush()
    return state._channel.receive()


FORGED_LINE = "✓ value of the root: 3"
ESCAPES = "\x1b[2J\x1b]0;pwned\x07\rback\u202eesrever\u2028"


def escapes_in_its_message(state, depth, alpha=-math.inf, beta=math.inf):
    """Raises an exception whose message clears the screen, sets the window title, rings, returns the carriage,
    turns text around and forges a report line; from a 'file' whose name does the same."""
    code = compile(f"raise ValueError({ESCAPES + chr(10) + '  ' + FORGED_LINE!r})", f"evil{ESCAPES}\n{FORGED_LINE}.py",
                   "exec")
    exec(code)


def raises_ten_megabytes(state, depth, alpha=-math.inf, beta=math.inf):
    raise ValueError("x" * 10_000_000)


def floods_child(state, depth, alpha=-math.inf, beta=math.inf):
    """At the root, asks for the same child 20,000 times, then searches as the textbook does."""
    if state.name == "A":
        move = state.moves()[0]
        for _ in range(20_000):
            state.child(move)
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from textbook import alphabeta
    return alphabeta(state, depth, alpha, beta)


def maps_the_tree_unrecorded(state, depth, alpha=-math.inf, beta=math.inf):
    """Asks for an illegal move, to read the legal ones from the error without expanding the state."""
    try:
        state.child("?")
    except ValueError as error:
        raise ValueError(f"learnt: {error}") from None
    return 0, None


def names_a_grader_file_in_its_traceback(state, depth, alpha=-math.inf, beta=math.inf):
    """Raises from code 'in' a file of tracer's (a frame with no line of its own), hoping tracer looks the line up
    in its own process and shows it."""
    secret = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "trees", "rn_example.yaml")
    exec(compile("\n" * 3 + "1/0", os.path.abspath(secret), "exec"))


def asks_without_reading(state, depth, alpha=-math.inf, beta=math.inf):
    """Sends 20,000 questions without reading the answers (so tracer's pipe to it fills), then sleeps."""
    for _ in range(20_000):
        state._channel.writer.write('{"op": "moves", "id": 0}\n')
    state._channel.writer.flush()
    import time
    time.sleep(1000)


def raises_a_realtime_signal(state, depth, alpha=-math.inf, beta=math.inf):
    os.kill(os.getpid(), signal.SIGRTMIN + 6)
    return 0, None


def forks_a_daemon_and_kills_tracer(state, depth, alpha=-math.inf, beta=math.inf):
    """A process of its own in a session of its own, marked SPINNING, then tracer killed."""
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            os.execv(sys.executable, [sys.executable, "-c", "while True: pass", SPINNING])
        os._exit(0)
    os.kill(os.getppid(), signal.SIGKILL)
    return 0, None
