"""Hostile inputs and signals: each a clean one-line error (or a clean stop), exit status 2 (or 128 + the signal),
no traceback, no file left behind."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import HANG_GUARD, ROOT, assert_one_line_error, run_tracer, start_tracer, wait_until

TREES = ROOT / "trees"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("command", ["render", "trace", "stats", "export", "slides", "check"])
def test_inputs_that_are_not_regular_files_are_refused_without_blocking(tmp_path, command):
    fifo = tmp_path / "tree.yaml"
    os.mkfifo(fifo)
    for path, fragment in ((fifo, "not a regular file"), (Path("/dev/zero"), "not a regular file"),
                           (tmp_path, "a folder")):
        result = run_tracer(command, path, cwd=tmp_path)  # a FIFO would block and /dev/zero never end
        assert_one_line_error(result, str(path), fragment)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tree.yaml"]


def test_saved_traces_that_are_not_regular_files_are_refused(tmp_path):
    fifo = tmp_path / "run.json"
    os.mkfifo(fifo)
    assert_one_line_error(run_tracer("render", fifo, cwd=tmp_path), str(fifo), "not a regular file")


@pytest.mark.parametrize("game, position, fragment", [
    ("connect4", "²", "not a column"),
    ("connect4", "4٣", "not a column"),  # an Arabic-Indic three
    ("tictactoe", "⁵", "expected 9 cells"),
    ("clobber", "BW/WB b ³", "the move number"),
])
def test_digits_other_than_ascii_are_not_moves(game, position, fragment):
    assert_one_line_error(run_tracer("render", "--game", game, "--position", position), fragment)


@pytest.mark.parametrize("args", [["play", "tictactoe", "--depth", "0"], ["match", "tictactoe", "--depth", "0"],
                                  ["match", "connect4", "--depth1", "0"], ["match", "connect4", "--depth2", "0"]])
def test_a_player_must_look_at_least_one_move_ahead(args):
    result = run_tracer(*args, input_text="")
    assert result.returncode == 2 and "Traceback" not in result.stderr and "≥ 1" in result.stderr


def test_long_lists_are_abbreviated_in_tables_and_whole_in_json(tmp_path):
    tree = tmp_path / "wide.yaml"
    tree.write_text("root: max\ntree: [" + ", ".join(f"[{i}, {i + 1}, {i + 2}]" for i in range(30)) + "]\n")
    table = run_tracer("stats", tree, "-a", "minimax").stdout.splitlines()[-1]
    assert table.startswith("minimax evaluated: 0 1 2 1 2 3 2 3 … ") and "(90 values; --json lists them all)" in table
    import json
    assert len(json.loads(run_tracer("stats", tree, "-a", "minimax", "--json").stdout)["evaluated_leaves"]) == 90


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_signal_stops_a_deck_cleanly(tmp_path, signum):
    """A signal while Graphviz draws a deck's frames: one line, no deck, nothing left running. The `neato` first on
    PATH says when the frames are being drawn (a file) and waits for the signal before it draws, so that the
    signal strikes there however loaded the machine; the Russell & Norvig deck's 35 frames are four chunks, two
    drawn at once (a Connect Four deck of 1,746 frames took 30 s to reach its first here, and 6 minutes whole)."""
    mark = f"tracer-test-{os.getpid()}-{signum}"  # inherited by every process the command starts
    bin_dir, work = tmp_path / "bin", tmp_path / "work"
    bin_dir.mkdir()
    work.mkdir()
    drawing, signalled = bin_dir / "drawing", bin_dir / "signalled"
    (bin_dir / "neato").write_text(f'#!/bin/sh\ntouch "{drawing}"\n'
                                   f'while [ ! -e "{signalled}" ]; do sleep 0.05; done\n'
                                   f'exec {shutil.which("neato")} "$@"\n')
    (bin_dir / "neato").chmod(0o755)
    process = start_tracer("slides", TREES / "rn_example.yaml", "-f", "png", "-o", work / "deck",
                           cwd=work, stderr=subprocess.PIPE, text=True,
                           env={"TRACER_TEST_MARK": mark, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"})
    try:
        wait_until(lambda: drawing.exists() or process.poll() is not None, "drawing the frames")
        process.send_signal(signum)
        signalled.touch()
        _, stderr = process.communicate(timeout=HANG_GUARD)
    finally:
        process.kill()
    assert process.returncode in (128 + signum, 130), stderr
    assert "Traceback" not in stderr
    assert list(work.iterdir()) == []  # no deck, no .part file or folder
    wait_until(lambda: processes_marked(mark) == [], "all it started ended")  # a kill lands soon after it is sent


def processes_marked(mark: str) -> list[str]:
    """The processes whose environment carries ``mark`` (other runs' processes on the machine do not count)."""
    found = []
    for environ in Path("/proc").glob("[0-9]*/environ"):
        try:
            if f"TRACER_TEST_MARK={mark}".encode() in environ.read_bytes().split(b"\0"):
                found.append(environ.parent.name)
        except OSError:  # gone meanwhile, or not ours to read
            pass
    return found


OUTPUTS = {"render": "out.svg", "trace": "out.json", "export": "out.graphml", "slides": "out.pdf"}


@pytest.mark.parametrize("command", ["render", "trace", "export", "slides"])
@pytest.mark.parametrize("depth", ["12", "100000"])
def test_a_traced_search_past_the_limit_stops_early_with_bounded_memory(tmp_path, command, depth):
    script = ("import resource, subprocess, sys\n"
              f"done = subprocess.run([sys.executable, '-m', 'tracer', {command!r}, '--game', 'connect4', '--depth', "
              f"{depth!r}, '-o', {OUTPUTS[command]!r}], capture_output=True, text=True, timeout=60)\n"
              "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
              "print(done.stderr, file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    status, peak_kb = map(int, done.stdout.split())
    lines = done.stderr.strip().splitlines()
    # refused before it starts, its estimate past the limit (depth 100000 is 42 plies: the note is left unsaid)
    searched = "42" if depth == "100000" else depth
    assert status == 2 and len(lines) == 1 and f"{searched} plies deep: about" in lines[0]
    assert "past --max-nodes 100,000" in lines[0] and "--depth" in lines[0]
    assert peak_kb < 300_000  # well under the 1.6 GB a full depth-12 trace reached
    assert list(tmp_path.iterdir()) == []


def test_the_limit_is_the_max_nodes_option_and_untraced_searches_are_free():
    limited = run_tracer("trace", "--game", "tictactoe", "--max-nodes", "500")
    assert_one_line_error(limited, "past --max-nodes 500")  # refused before it starts, by its estimate
    stopped = run_tracer("trace", "--game", "connect4", "--depth", "7", "--max-nodes", "120000")
    assert_one_line_error(stopped, "passed 120,000 nodes")  # estimated within the limit, stopped as it passes it
    assert run_tracer("stats", "--game", "tictactoe", "--max-nodes", "500", "--depth", "3").returncode == 0


def test_output_onto_a_link_writes_through_and_a_device_is_never_replaced(tmp_path):
    target = tmp_path / "real.svg"
    target.write_text("old")
    link = tmp_path / "link.svg"
    link.symlink_to(target)
    assert run_tracer("render", TREES / "rn_example.yaml", "-o", link).returncode == 0
    assert link.is_symlink() and target.read_text().lstrip().startswith("<?xml")
    fifo = tmp_path / "pipe.svg"
    os.mkfifo(fifo)
    for path in (Path("/dev/null"), fifo, tmp_path):
        result = run_tracer("render", TREES / "rn_example.yaml", "-f", "svg", "-o", path)
        assert_one_line_error(result, str(path), "cannot write")
    assert Path("/dev/null").is_char_device() and fifo.is_fifo()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".tracer-")]


@pytest.mark.parametrize("text, shown", [
    ("a\\x1b[2Jb", "unprintable character '\\x1b'"), ("x\\x00", "unprintable character '\\x00'"),
    ("bell\\a", "unprintable character '\\x07'"), ("\\x9b31m", "unprintable character '\\x9b'"),
    ("\\ud800", "invalid Unicode character escape"),  # a lone surrogate: YAML (libyaml) refuses it already
    ("evil\\u202egnp.exe", "unprintable character '\\u202e'"),  # a bidirectional override turns the text around
    ("\\u2066x\\u2069", "unprintable character '\\u2066'"), ("zero\\u200bwidth", "unprintable character '\\u200b'"),
    ("\\ufdd0", "unprintable character '\\ufdd0'"),  # a noncharacter, which GraphML (XML) may not hold
])
@pytest.mark.parametrize("command", ["render", "trace", "stats", "export", "slides", "check"])
def test_names_that_cannot_be_printed_are_refused_with_their_line(tmp_path, text, shown, command):
    tree = tmp_path / "tree.yaml"
    tree.write_text(f'root: max\ntree:\n  - name: ok\n    children: [1, 2]\n  - name: "{text}"\n    children: [3]\n')
    result = run_tracer(command, tree, cwd=tmp_path)
    assert_one_line_error(result, f"{tree}:5:", shown)
    assert "\x1b" not in result.stderr and sorted(p.name for p in tmp_path.iterdir()) == ["tree.yaml"]


def test_an_answer_file_past_its_size_limit_is_refused_before_it_is_parsed(tmp_path):
    """A 2,000,000-item order: list (6 MB) took 18 s to parse; answer files are read only up to 2 MB."""
    from tracer.io import MAX_ANSWER_BYTES

    answers = tmp_path / "answers.yaml"
    answers.write_text("order: [" + ", ".join(["B"] * (MAX_ANSWER_BYTES // 3 + 1)) + "]\n")
    assert answers.stat().st_size > MAX_ANSWER_BYTES
    result = run_tracer("grade", TREES / "rn_example.yaml", answers, cwd=tmp_path)  # refused: scored 0, the reason
    reason = f"{answers}: cannot read: larger than 2 MB, too large to be an answer file"
    assert result.returncode == 2 and result.stderr == f"tracer grade: error: {reason}\n"
    assert f"refused, scored as a blank sheet: {reason}" in result.stdout


def test_an_answer_with_a_bidirectional_control_is_refused_with_its_line(tmp_path):
    answers = tmp_path / "answers.yaml"
    answers.write_text('values: {B: 3}\nbest_move: "B\\u202e"\n')
    for command in (["grade", TREES / "rn_example.yaml", answers], ["check", answers]):
        result = run_tracer(*command, cwd=tmp_path)
        lines = result.stderr.splitlines()  # grade refuses the answer file, scored 0 with the reason in its report
        assert result.returncode == 2 and len(lines) == 1 and "Traceback" not in result.stderr
        assert f"{answers}:2:" in lines[0] and "unprintable character '\\u202e'" in lines[0]
        assert "\u202e" not in result.stderr + result.stdout and (command[0] == "grade") == bool(result.stdout)


def test_a_saved_trace_with_unprintable_text_is_refused(tmp_path):
    import json

    assert run_tracer("trace", TREES / "rn_example.yaml", "-o", tmp_path / "run.json").returncode == 0
    data = json.loads((tmp_path / "run.json").read_text())
    for where, change in (("nodes[2].name", lambda d: d["nodes"][2].update(name="B\x1b[2J")),
                          ("meta.title", lambda d: d["meta"].update(title="\ud800")),
                          ("nodes[1].name", lambda d: d["nodes"][1].update(name="B\u202e"))):
        damaged = json.loads(json.dumps(data))
        change(damaged)
        (tmp_path / "bad.json").write_text(json.dumps(damaged))
        assert_one_line_error(run_tracer("render", tmp_path / "bad.json", "-o", tmp_path / "x.svg"), where,
                              "unprintable")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("args", [["trace"], ["stats", "--json"], ["render", "-f", "dot", "-o", "out.dot"]])
def test_a_full_disk_on_standard_output_is_one_line(tmp_path, args):
    command, *options = args
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "tracer", command, str(ROOT / "trees" / "rn_example.yaml"),
                                 *options], cwd=tmp_path, stdout=full, stderr=subprocess.PIPE, text=True,
                                env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=120)
    assert result.returncode == 2
    removed = " (so out.dot was removed)" if "-o" in options else ""
    assert result.stderr.strip().splitlines() == [
        f"tracer {command}: error: cannot write to standard output: No space left on device{removed}"]
    assert list(tmp_path.iterdir()) == []  # the command failed: the file it wrote before is taken back


def test_an_interrupt_while_tracer_starts_is_one_line(monkeypatch, capsys):
    from tracer.cli import main as cli

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "build_parser", interrupted)  # Ctrl-C while the commands' modules are imported
    assert cli.main(["render", "trees/rn_example.yaml"]) == 130
    assert capsys.readouterr().err == "tracer render: interrupted\n"


@pytest.mark.parametrize("content, mode, fragment", [
    ("#!/bin/sh\nexit 0\n", 0o644, "Graphviz's 'dot' program was not found"),  # not executable: not a program
    ("not a program\n", 0o755, "cannot run Graphviz's dot"),  # executable, but the system cannot run it
    ("#!/bin/sh\necho 'Error: something broke' >&2\nexit 3\n", 0o755, "Graphviz failed: Error: something broke"),
    ("#!/bin/sh\nprintf '\\377\\376\\000binary'\n", 0o755, "dot printed something other than its JSON layout"),
])
def test_a_dot_that_cannot_run_is_one_line(tmp_path, content, mode, fragment):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for program in ("dot", "neato"):
        (bin_dir / program).write_text(content)
        (bin_dir / program).chmod(mode)
    out = tmp_path / "out.svg"
    result = run_tracer("render", "trees/rn_example.yaml", "-o", out, env={"PATH": str(bin_dir)})
    assert_one_line_error(result, fragment)
    assert not out.exists() and list(tmp_path.iterdir()) == [bin_dir]


@pytest.mark.parametrize("stage, args", [
    ("measuring the text", ["render", "trees/rn_example.yaml"]),
    ("drawing the diagram", ["render", "trees/rn_example.yaml"]),
    ("drawing frames 1–", ["slides", "trees/rn_example.yaml", "-f", "png"]),
])
def test_a_graphviz_that_never_answers_is_stopped_naming_the_stage(tmp_path, monkeypatch, stage, args):
    """Each run of Graphviz is given time in proportion to its drawing (engine.time_allowed), then stopped; a
    Graphviz that hangs is one line naming what it was doing, nothing written. The allowance is shortened here
    (2 s) so that the test does not wait the full 30."""
    from tracer.render import engine, metrics

    real_dot, real_neato = shutil.which("dot"), shutil.which("neato")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    hanging = "#!/bin/sh\nexec sleep 600\n"
    (bin_dir / "dot").write_text(hanging if stage == "measuring the text" else f'#!/bin/sh\nexec {real_dot} "$@"\n')
    (bin_dir / "neato").write_text(hanging if stage != "measuring the text" else f'#!/bin/sh\nexec {real_neato} "$@"\n')
    for program in ("dot", "neato"):
        (bin_dir / program).chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setattr(engine, "BASE_SECONDS", 2.0)
    monkeypatch.setattr(engine, "_measured", False)
    monkeypatch.setattr(metrics, "_measured", {})
    monkeypatch.setattr(metrics, "_stored", None)  # looked at again: this dot is not the table's
    out = tmp_path / "out" / ("deck" if args[0] == "slides" else "x.svg")
    result = run_tracer(*args, "-o", out)
    assert_one_line_error(result, "took more than 2 s", stage, "was stopped")
    assert not out.exists()


@pytest.mark.parametrize("args, fragment", [
    (["exercise", "--depth", "1000000000"], "--depth 1000000000: an exercise is a tree file, at most 999 levels"),
    (["exercise", "--branching", "1", "--depth", "5000"], "at most 999 levels deep"),
    (["exercise", "--count", "1000000000"], "expected a whole number up to 1,000, got 1000000000"),
    (["exercise", "--pruned-leaves", "0", "--min-cutoffs", "5", "--depth", "6", "--branching", "3"],
     "--pruned-leaves 0 with --min-cutoffs 5: impossible, since every cutoff prunes at least one leaf of its own"),
    (["exercise", "--pruned-leaves", "1", "--min-pruned", "3"], "exactly 1 pruned leaves cannot be at least 3"),
    (["exercise", "--min-cutoffs", "50", "--depth", "3", "--branching", "2"], "has at most 7 inner nodes"),
    (["compare", "--game", "tictactoe", "--depths", "0-1000000"], "at most 100 depths, got '0-1000000'"),
    (["compare", "--game", "tictactoe", "--depths", ",".join(map(str, range(101)))], "at most 100 depths"),
    (["compare", "--game", "tictactoe", "--repeat", "1000000000"], "--repeat: expected a whole number up to 100"),
])
def test_options_that_would_take_the_machine_are_bounded(tmp_path, args, fragment):
    assert_one_line_error(run_tracer(*args, cwd=tmp_path), fragment)
    assert list(tmp_path.iterdir()) == []


def test_a_chain_as_deep_as_a_tree_file_allows_is_an_exercise_whose_key_holds(tmp_path):
    result = run_tracer("exercise", "--branching", "1", "--depth", "998", "--seed", "5", "-o", tmp_path)
    assert result.returncode == 0, result.stderr
    path = tmp_path / "exercise-01.yaml"
    tree = next(line for line in path.read_text().splitlines() if line.startswith("tree: "))
    assert re.fullmatch(r"tree: \[{998}-?[0-9]\]{998}", tree)  # one leaf, 998 levels down
    assert run_tracer("check", path).returncode == 0


def test_different_values_from_a_range_too_wide_to_list():
    from tracer.exercises.generate import Spec, generate

    low, high = -10**12, 10**12
    import yaml

    def leaves(nested):
        return [leaf for child in nested for leaf in leaves(child)] if isinstance(nested, list) else [nested]

    text, _ = generate(Spec(no_ties=True, values=(low, high), seed=3), 1)
    values = leaves(yaml.safe_load(text)["tree"])
    assert len(values) == len(set(values)) >= 8 and all(low <= v <= high for v in values)


def test_a_comparison_at_depth_0_has_no_move_and_no_disagreement():
    import json

    result = run_tracer("compare", "--game", "tictactoe", "-a", "minimax", "-a", "alphabeta", "--depths", "0,1",
                        "--repeat", "1", "--json")
    assert result.returncode == 0 and result.stderr == "", result.stderr
    rows = [row for row in json.loads(result.stdout) if row["depth"] == 0]
    leaf = json.loads(run_tracer("stats", "--game", "tictactoe", "--depth", "0", "--json").stdout)
    assert len(rows) == 2 and all(row["best_move"] is None and row["value"] == leaf["value"] for row in rows)


@pytest.mark.parametrize("claim, fragment", [
    ('"<=1.2.3"', "cannot be read: write a number such as"),  # a bound whose number has no reading
    ('"1' + "0" * 400 + '/3"', "cannot be read: a fraction's parts have at most 15 digits"),  # too large for a float
    ('"<=1' + "0" * 400 + '/3"', "cannot be read: a fraction's parts have at most 15 digits"),
    ('"1' + "0" * 400 + '/1"', "cannot be read: a fraction's parts have at most 15 digits"),
    ("1" + "0" * 400, "cannot be read: too large for a number; write inf for infinity"),
    ('"1' + "0" * 5000 + '/3"', "cannot be read: a fraction's parts have at most 15 digits"),  # more than Python reads
    ("!!bool maybe", "cannot read 'maybe' (tag:yaml.org,2002:bool): not one of its values"),
])
def test_answers_that_are_no_number_are_one_line_in_check_and_one_wrong_item_in_grade(tmp_path, claim, fragment):
    import json

    tree = tmp_path / "tree.yaml"
    tree.write_text(f"root: max\ntree: [[3, 12], [2, 4]]\nexpect:\n  values: {{A: {claim}}}\n")
    answer = tmp_path / "answer.yaml"
    answer.write_text(f"values: {{A: {claim}}}\n")
    assert_one_line_error(run_tracer("check", tree, cwd=tmp_path), f"{tree}:4: expect.values.A: ", fragment)
    tree.write_text("root: max\ntree: [[3, 12], [2, 4]]\n")
    result = run_tracer("grade", tree, answer, "--json", cwd=tmp_path)
    assert result.returncode == 0 and result.stderr == ""
    (item,) = [item for item in json.loads(result.stdout)["items"] if item["item"] == "value of A"]
    assert item["verdict"] == "wrong" and item["detail"].startswith("line 1: ") and fragment in item["detail"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["answer.yaml", "tree.yaml"]


def test_a_terminal_that_cannot_show_alpha_and_beta_gets_their_names():
    result = run_tracer("trace", TREES / "rn_example.yaml", env={"PYTHONIOENCODING": "ascii"})
    assert result.returncode == 0 and result.stderr == "", result.stderr
    utf8 = run_tracer("trace", TREES / "rn_example.yaml").stdout
    from tracer.text import plain

    assert result.stdout.isascii() and not utf8.isascii()
    assert "window alpha = -inf, beta = +inf" in result.stdout  # the signs the code page lacks, as their names
    lines, shown = result.stdout.splitlines(), utf8.splitlines()
    del lines[1], shown[1]  # the rules under the headers, as wide as their columns
    assert [line.split() for line in lines] == [plain(line).split() for line in shown]  # the same words
    lines.insert(1, result.stdout.splitlines()[1])
    runs = [match.span() for match in re.finditer(r"-+", lines[1])]  # the rule under each column's header
    for line in [lines[0]] + lines[2:-1]:  # the header and every step: the columns line up under their rules
        for (_, end), (start, _) in zip(runs, runs[1:]):
            assert line[end:start] == " " * (start - end), line


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file descriptors")
def test_no_standard_output_is_one_line_and_nothing_written(tmp_path):
    done = subprocess.run([sys.executable, "-m", "tracer", "render", str(TREES / "rn_example.yaml"), "-o", "x.svg"],
                          cwd=tmp_path, stderr=subprocess.PIPE, text=True, preexec_fn=lambda: os.close(1),
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=120)
    assert done.returncode == 2
    assert done.stderr.splitlines() == ["tracer render: error: no standard output (it is closed)"]
    assert list(tmp_path.iterdir()) == []


def test_backslashes_in_names_are_drawn_as_written(tmp_path):
    import html

    tree = tmp_path / "tree.yaml"
    names = ["a\\Nb", "\\G", "c\\L", "x\\\\y"]
    tree.write_text("root: max\ntree:\n" + "".join(f"  - name: '{name}'\n    children: [{i}]\n"
                                                   for i, name in enumerate(names)))
    assert run_tracer("render", tree, "-o", tmp_path / "out.svg").returncode == 0
    drawn = {html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", (tmp_path / "out.svg").read_text())}
    assert set(names) <= drawn


# ---- big decks and comparisons: bounded before the work starts --------------------------------------------------

def test_a_deck_too_big_to_draw_is_refused_before_any_frame(tmp_path):
    """Figure 5.2's 35 steps cost 35 × (13 nodes + 100 for a page) = 3,955 nodes of drawing: under a limit of
    10 × --max-drawn 396 it is drawn, under 10 × 395 it is refused at once, in one line naming the ways out and
    the frame counts of the coarser steps (computed here from the trace, independently)."""
    from tracer.inputs import load_problem
    from tracer.run import trace_search
    from tracer.view import frame_steps

    trace = trace_search(load_problem(TREES / "rn_example.yaml").root, "alphabeta")
    cutoffs, nodes = len(frame_steps(trace, "cutoff")), len(frame_steps(trace, "node"))
    assert len(trace.events) == 35 and trace.node_count == 13
    out = tmp_path / "deck.pdf"
    refused = run_tracer("slides", TREES / "rn_example.yaml", "--step", "event", "--max-drawn", "395", "-o", out,
                         cwd=tmp_path)
    assert_one_line_error(refused, "35 frames of 13 nodes", "3,955", "more than the limit of 3,950",
                          f"--step cutoff ({cutoffs:,} frames)", f"--step node ({nodes:,} frames)", "--draw-depth N",
                          "--max-drawn N", "--from K --to M")
    assert list(tmp_path.iterdir()) == []
    drawn = run_tracer("slides", TREES / "rn_example.yaml", "--step", "event", "--max-drawn", "396", "-o", out,
                       cwd=tmp_path)
    assert drawn.returncode == 0 and out.exists()


@pytest.mark.parametrize("fmt", ["pdf", "html", "gif", "png"])
def test_a_deck_of_too_many_frames_is_refused_before_anything_is_laid_out(tmp_path, fmt):
    """A frame costs at least its page, and every drawing shows the root: the steps about the root (and the last)
    are frames whatever is drawn, 4 × 101 past 10 × --max-drawn 40, so the deck is refused before the search is
    even laid out (the counts say "at least"), whatever the format."""
    from tracer.inputs import load_problem
    from tracer.run import trace_search

    events = trace_search(load_problem(TREES / "rn_example.yaml").root, "alphabeta").events
    at_root = sum(event.node == 0 for event in events) + (events[-1].node != 0)
    assert at_root * 101 > 10 * 40 >= (at_root - 1) * 101
    result = run_tracer("slides", TREES / "rn_example.yaml", "--step", "event", "--max-drawn", "40", "-f", fmt,
                        "-o", tmp_path / "deck", cwd=tmp_path)
    assert_one_line_error(result, f"at least {at_root} frames of at least one node", "--step", "--draw-depth",
                          "--max-drawn")
    assert list(tmp_path.iterdir()) == []


def test_a_compare_row_past_its_node_budget_stops_the_table_there(tmp_path):
    """Rows whose search visits at most --max-nodes nodes are printed; the first that visits more (its count taken
    from a comparison without a budget) stops the rest with one line naming the row and the budget; exit 2."""
    args = ("compare", "--game", "tictactoe", "-a", "minimax", "--depths", "1-4", "--json")
    counts = [row["nodes_visited"] for row in json.loads(run_tracer(*args).stdout)]
    assert counts == sorted(counts) and len(set(counts)) == 4
    budget = counts[1]  # depth 2 fits exactly, depth 3 does not
    result = run_tracer(*args, "--max-nodes", str(budget), cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert [row["nodes_visited"] for row in json.loads(result.stdout)] == counts[:2]
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "row 3 of 4" in lines[0] and "depth 3" in lines[0] and "minimax" in lines[0]
    assert f"past --max-nodes {budget:,}" in lines[0]  # refused before it started, by its estimate
    assert list(tmp_path.iterdir()) == []


def test_a_compare_whose_first_row_is_past_its_budget_prints_only_the_line(tmp_path):
    result = run_tracer("compare", "--game", "tictactoe", "-a", "minimax", "--depths", "3", "--max-nodes", "5",
                        "--chart", tmp_path / "c.svg", cwd=tmp_path)
    assert_one_line_error(result, "row 1 of 1", "not searched", "past --max-nodes 5", "--max-nodes N")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("given", ["0", "-1", "nan", "x", "1e9"])
def test_compare_time_budgets_are_checked(given):
    result = run_tracer("compare", "--game", "tictactoe", "--max-seconds", given)
    assert result.returncode == 2 and "--max-seconds" in result.stderr and "Traceback" not in result.stderr


def test_a_compare_row_past_its_time_budget_is_stopped():
    """The clock is read every 1,024 nodes: a depth-5 minimax row (thousands of nodes) is past a microsecond there."""
    result = run_tracer("compare", "--game", "tictactoe", "-a", "minimax", "--depths", "5", "--max-seconds", "1e-6")
    assert_one_line_error(result, "row 1 of 1", "took more than 1e-06 s (--max-seconds)")


def test_a_depth_past_the_longest_game_is_the_search_to_the_end():
    """Tic-tac-toe lasts at most 9 moves (the empty squares: counted here from the position), so any deeper
    --depth is the search to the end, with a note: the same figures as no depth at all (the game's default)."""
    position = "X...O...."
    left = position.count(".")
    deep = run_tracer("stats", "--game", "tictactoe", "--position", position, "--depth", "1000000", "--json")
    assert deep.returncode == 0
    assert deep.stderr == (f"note: depth 1000000 is past the longest tictactoe game from this position ({left} "
                           f"plies): searched {left} plies deep, the same search\n")
    whole = run_tracer("stats", "--game", "tictactoe", "--position", position, "--json")
    figures = ("value", "best_move", "nodes_visited", "leaves_evaluated", "cutoffs")
    assert [json.loads(deep.stdout)[key] for key in figures] == [json.loads(whole.stdout)[key] for key in figures]


@pytest.mark.parametrize("args", [
    ["compare", "--game", "connect4", "--position", "4453", "--depths", "38,39,40", "-a", "alphabeta"],
    ["match", "connect4", "--depth", "50", "--depth2", "43", "--games", "1"],
    ["play", "connect4", "--p1", "alphabeta", "--p2", "alphabeta", "--depth", "1000"],
])
def test_every_command_searches_a_depth_past_the_longest_game_as_that_long(args):
    """Connect Four's 7 × 6 board holds 42 discs: from 4453 a game lasts at most 38 more moves, from the start 42.
    Each depth past the longest is one note, said before any search; the searches of 38 or more plies are too long
    to wait for, so the command is stopped once its notes are read (or after a minute, and the test fails)."""
    import threading

    most = 42 - 4 if "4453" in args else 42
    given = {"compare": ["depth 39", "depth 40"], "match": ["--depth 50", "--depth2 43"],
             "play": ["--depth 1000"]}[args[0]]
    process = subprocess.Popen([sys.executable, "-m", "tracer", *args], stdin=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
                               env=dict(os.environ, PYTHONPATH=str(ROOT)))
    timer = threading.Timer(60, process.kill)
    timer.start()
    notes = [process.stderr.readline() for _ in given]
    timer.cancel()
    process.kill()
    process.communicate()
    assert notes == [f"note: {depth} is past the longest connect4 game from this position ({most} plies): "
                     f"searched {most} plies deep, the same search\n" for depth in given]


def test_an_untraced_search_past_its_time_is_stopped_in_one_line(tmp_path):
    """A 26 × 26 Clobber board (the most the notation's letters allow) has about 1,300 moves at the start: its
    4-ply search would take hours, so stats refuses it, its estimate past its time budget."""
    result = run_tracer("stats", "--game", "clobber", "--rows", "26", "--cols", "26", "--max-seconds", "1",
                        cwd=tmp_path)
    assert_one_line_error(result, "-a alphabeta, 4 plies deep: about", "past --max-seconds 1", "--max-seconds S",
                          "--depth D")
    assert list(tmp_path.iterdir()) == []
