"""Student functions that fail in each way a case must survive, for ``tracer test-search``'s tests. Each fails
only at a root A with three moves (trees/rn_example.yaml); elsewhere (trees/three_agents.yaml, whose root has two)
it is the textbook's alpha-beta."""

import math
import sys
import os

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from textbook import alphabeta  # noqa: E402


def _fails(state):
    return state.name == "A" and len(state.moves()) == 3


def hangs(state, depth, alpha=-math.inf, beta=math.inf):
    if _fails(state):
        while True:
            pass
    return alphabeta(state, depth, alpha, beta)


def crashes(state, depth, alpha=-math.inf, beta=math.inf):
    if _fails(state):
        return helper(state)
    return alphabeta(state, depth, alpha, beta)


def helper(state):
    return 1 / 0


def recurses(state, depth, alpha=-math.inf, beta=math.inf):
    if _fails(state):
        return recurses(state, depth, alpha, beta)
    return alphabeta(state, depth, alpha, beta)


def eats_memory(state, depth, alpha=-math.inf, beta=math.inf):
    if _fails(state):
        hoard = []
        while True:
            hoard.append(bytearray(64 * 1024 * 1024))
    return alphabeta(state, depth, alpha, beta)


def wrong_type(state, depth, alpha=-math.inf, beta=math.inf):
    if _fails(state):
        return 3
    return alphabeta(state, depth, alpha, beta)


def roots_move_everywhere(state, depth, alpha=-math.inf, beta=math.inf):
    """Right at the root; called again on a node below it, returns the root's best move there too (not one of the
    node's moves)."""
    value, move = alphabeta(state, depth, alpha, beta)
    return value, "B" if move is not None else None


not_a_function = 42


def closes_channel(state, depth, alpha=-math.inf, beta=math.inf):
    """Closes its end of the channel to tracer, and lives on."""
    if _fails(state):
        import time
        state._channel.writer.close()
        time.sleep(1000)
    return alphabeta(state, depth, alpha, beta)


def sends_garbage(state, depth, alpha=-math.inf, beta=math.inf):
    """Writes a line that is not JSON on the channel, then asks a question."""
    if _fails(state):
        state._channel.writer.write("not json\n")
        state._channel.writer.flush()
        state.moves()
    return alphabeta(state, depth, alpha, beta)


def sends_a_long_line(state, depth, alpha=-math.inf, beta=math.inf):
    """Writes more than a MiB on the channel without ending the line, and waits."""
    if _fails(state):
        import time
        state._channel.writer.write("x" * (2**20 + 10))
        state._channel.writer.flush()
        time.sleep(1000)
    return alphabeta(state, depth, alpha, beta)


def asks_for_a_huge_move(state, depth, alpha=-math.inf, beta=math.inf):
    """Asks for the child at a move that is an object whose text is more than a MiB (innocently, a mistake)."""
    if _fails(state):
        state.child(["B"] * 2**19)
    return alphabeta(state, depth, alpha, beta)


def _sends(state, depth, alpha, beta, message):
    """Writes ``message`` on the channel as if it were the function's process, and waits for the answer."""
    if _fails(state):
        state._channel.send(message)
        state._channel.receive()
    return alphabeta(state, depth, alpha, beta)


def returns_a_word(state, depth, alpha=-math.inf, beta=math.inf):
    return _sends(state, depth, alpha, beta, {"op": "returned", "value": "three", "move": "B"})


def returns_nothing_said(state, depth, alpha=-math.inf, beta=math.inf):
    return _sends(state, depth, alpha, beta, {"op": "returned"})


def asks_for_a_list_move(state, depth, alpha=-math.inf, beta=math.inf):
    return _sends(state, depth, alpha, beta, {"op": "child", "id": 0, "move": ["B"]})


def returns_nan(state, depth, alpha=-math.inf, beta=math.inf):
    if _fails(state):
        return math.nan, None
    return alphabeta(state, depth, alpha, beta)


LEFT_BEHIND = "tracer-test-left-behind"  # in the command line of the process forks_and_leaves leaves running


def forks_and_leaves(state, depth, alpha=-math.inf, beta=math.inf):
    """Starts a process in a session of its own, through one that ends (so it is nobody's child), and returns
    right once it runs."""
    if _fails(state):
        started, running = os.pipe()  # closes in the left process as it execs: then it runs
        if os.fork() == 0:
            if os.fork() == 0:
                os.setsid()
                os.execv(sys.executable, [sys.executable, "-c", "import time; time.sleep(1000)", LEFT_BEHIND])
            os._exit(0)
        os.close(running)
        os.read(started, 1)
    return alphabeta(state, depth, alpha, beta)


def returns_infinity(state, depth, alpha=-math.inf, beta=math.inf):
    if _fails(state):
        return math.inf, None
    return alphabeta(state, depth, alpha, beta)
