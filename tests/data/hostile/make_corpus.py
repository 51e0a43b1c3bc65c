"""Writes the hostile-input corpus beside this script, files that must each be refused with one clean line: tree and
position files (corpus/), tree files whose expected answers are bad (corpus/expect/), answer files (corpus/answers/)
and saved traces (corpus/traces/). Run it again after changing the lists below (PYTHONPATH=. python
tests/data/hostile/make_corpus.py); the files are stored, so the tests read exactly what was reviewed."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]

# YAML scalars that parse but are not a leaf value, a player, an algorithm or a depth.
SCALARS = [
    "0x_", "2001-02-30", "!!int abc", "!foo 3", "9" * 401, "9" * 5000, "-" + "9" * 400, ".nan", ".inf", "-.inf",
    "!!binary 3", '"\\x1b[2J"', '"\\ud800"', '"\\x00"', '"\\x9b"', "[]", "{}", "[1, [2]]", "{a: 1}", '"text"',
    "!!python/object:os.system x", "!!python/name:os.system ''", "1e999", "!!float x", "!!timestamp 2001-13-01",
    "!!set {a}", "!!omap [a: 1]", "yes", "0o9", "1_000_000_000_000_000_000_000_000_000_000_000_000_000_000x",
    "!!bool maybe", '"1' + "0" * 400 + '/3"', '"1' + "0" * 5000 + '/3"',
]
VALID_AS_A_CHILD = ("[1, [2]]", "{a: 1}", "!!omap [a: 1]")  # a subtree, a node named in place: trees, not attacks
TREE = "title: Hostile\nroot: max\ntree: [[{leaf}, 12, 8], [2, 4, 6], [14, 5, 2]]\n"
ROOT_PLAYER = "root: {value}\ntree: [[3, 12, 8], [2, 4, 6]]\n"
RULES = "root: max\ntree: [[3, 12, 8], [2, 4, 6]]\nrules: {{{key}: {value}}}\n"
POSITION = "game: connect4\n{key}: {value}\n"
EXAMPLE = ROOT / "trees" / "rn_example.yaml"  # the tree every answer file and saved trace below is about

# Claims an answer makes about a node's value that have no reading: no digits, too large for a float, more digits
# than Python reads, a YAML value its tag refuses, text that cannot be shown safely.
CLAIMS = {
    "bound-no-digits": '"<=1.2.3"', "bound-two-signs": '"<=>=3"', "fraction-400": '"1' + "0" * 400 + '/3"',
    "bound-fraction-400": '"<=1' + "0" * 400 + '/3"', "whole-fraction-400": '"1' + "0" * 400 + '/1"',
    "integer-400": "1" + "0" * 400, "fraction-5000": '"1' + "0" * 5000 + '/3"', "integer-5000": "9" * 5000,
    "zero-denominator": '"1/0"', "bool-maybe": "!!bool maybe", "escape": '"\\x1b[2J3"', "bidi": '"3\\u202e"',
    "nonchar": '"3\\ufffe"', "surrogate": '"\\ud800"', "mapping": "{a: 1}", "bad-int": "!!int abc",
    "unknown-tag": "!foo 3", "bad-date": "2001-02-30", "python-object": "!!python/object:os.system x",
}
# Whole answer files that are no answers: names that cannot be shown, wrong shapes, broken YAML or bytes.
ANSWERS = {
    "best-move-bidi": 'best_move: "B\\u202e"\n', "best-move-nonchar": 'best_move: "B\\ufffe"\n',
    "best-move-escape": 'best_move: "B\\x1b[2J"\n', "values-key-bidi": 'values: {"B\\u202e": 3}\n',
    "values-key-nonchar": 'values: {"\\ufffe": 3}\n', "order-bidi": 'order: [A, "B\\u202e"]\n',
    "pruned-nonchar": 'pruned: ["C\\ufffe"]\n', "order-not-a-list": "order: 3\n", "values-a-list": "values: [3]\n",
    "unknown-key": "values: {B: 3}\nexploit: true\n", "dup-key": "values: {B: 3}\nvalues: {B: 2}\n",
    "a-list": "- values\n", "text": "just some text\n", "two-docs": "values: {B: 3}\n---\nvalues: {B: 2}\n",
    "alias-bomb": "a: &a [B, B]\nb: &b [*a, *a]\nc: &c [*b, *b]\norder: [*c, *c]\n",
    "merge-key": "base: &b {B: 3}\nvalues: {<<: *b}\n", "cut": "values: {B: 3, C: [",
}
ANSWER_BYTES = {"bytes-ff": b"values: {B: \xff}\n", "bytes-nul": b"values: {B: 3\x00}\n",
                "bytes-surrogate": b"best_move: B\xed\xa0\x80\n"}


def cases() -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    for i, value in enumerate(SCALARS):
        if value not in VALID_AS_A_CHILD:
            files[f"leaf-{i:02d}.yaml"] = TREE.format(leaf=value).encode()
        if value not in ("yes",):
            files[f"root-{i:02d}.yaml"] = ROOT_PLAYER.format(value=value).encode()
        files[f"algorithm-{i:02d}.yaml"] = RULES.format(key="algorithm", value=value).encode()
        files[f"depth-{i:02d}.yaml"] = RULES.format(key="depth", value=value).encode()
        files[f"prune-{i:02d}.yaml"] = RULES.format(key="prune", value=value).encode()
        files[f"fail-{i:02d}.yaml"] = RULES.format(key="fail", value=value).encode()
        files[f"game-{i:02d}.yaml"] = f"game: {value}\n".encode()
        files[f"position-{i:02d}.yaml"] = POSITION.format(key="position", value=value).encode()
        files[f"rows-{i:02d}.yaml"] = POSITION.format(key="rows", value=value).encode()
    text = (ROOT / "trees" / "rn_example.yaml").read_bytes()
    tree_at = text.index(b"tree:")
    for cut in range(tree_at + 6, text.index(b"]]", tree_at) + 1, 2):  # cut inside the tree: never a whole tree
        files[f"cut-{cut:03d}.yaml"] = text[:cut]
    for i, junk in enumerate([b"\xff\xfe", b"\x80abc", b"\xc3\x28", b"\xed\xa0\x80", b"\x00", b"\x1b[2J", b"\x7f",
                              b"\xef\xbb\xbf\xef\xbb\xbf", b"\t\t: :", b"- - - -"]):
        files[f"bytes-{i:02d}.yaml"] = b"root: max\ntree: [[3, " + junk + b", 8], [2]]\n"
    files["deep.yaml"] = b"root: max\ntree: " + b"[" * 6000 + b"1" + b"]" * 6000 + b"\n"
    files["wide.yaml"] = b"root: max\ntree: [" + b", ".join(b"1" for _ in range(100_000)) + b"]\n"
    files["alias-bomb.yaml"] = (b"root: max\na: &a [1, 1]\nb: &b [*a, *a]\nc: &c [*b, *b]\ntree: [*c, *c]\n")
    files["empty.yaml"] = b""
    files["text.yaml"] = b"just some text\n"
    files["two-docs.yaml"] = b"root: max\ntree: [1, 2]\n---\nroot: min\n"
    files["leaf-root.yaml"] = b"root: max\ntree: 3\n"
    files["empty-tree.yaml"] = b"root: max\ntree: []\n"
    files["empty-child.yaml"] = b"root: max\ntree: [[], [1]]\n"
    files["dup-key.yaml"] = b"root: max\nroot: min\ntree: [1, 2]\n"
    files["unknown-key.yaml"] = b"root: max\ntree: [1, 2]\nexploit: true\n"
    files["position-unknown-key.yaml"] = b"game: tictactoe\nposition: X........\nevil: 1\n"
    files["position-bad.yaml"] = b"game: tictactoe\nposition: XXXXXXXXX\n"
    files["position-module.yaml"] = b"game: 'os:system'\n"
    files["position-sys-exit.yaml"] = b"game: 'sys:exit'\n"
    return files


def expect_cases() -> dict[str, bytes]:
    """The example tree, its expected answers (read by `check` and `grade`) making each claim of CLAIMS."""
    tree = "root: max\ntree: [[3, 12, 8], [2, 4, 6], [14, 5, 2]]\nexpect:\n  values: {{B: {claim}}}\n"
    return {f"{name}.yaml": tree.format(claim=claim).encode() for name, claim in CLAIMS.items()}


def answer_cases() -> dict[str, bytes]:
    """Answer files about the example tree (read by `grade`): each claim of CLAIMS, then each file of ANSWERS."""
    files = {f"value-{name}.yaml": f"values: {{B: {claim}}}\n".encode() for name, claim in CLAIMS.items()}
    files |= {f"{name}.yaml": text.encode() for name, text in ANSWERS.items()}
    files |= {f"{name}.yaml": data for name, data in ANSWER_BYTES.items()}
    return files


def trace_cases() -> dict[str, bytes]:
    """Saved traces of the example (read by `render`, `trace`, `export` and `slides`), each damaged in one place."""
    sys.path.insert(0, str(ROOT))
    from tracer import load_problem, trace_search

    problem = load_problem(str(EXAMPLE))
    good = json.loads(trace_search(problem.root, "alphabeta", meta=problem.meta).to_json())
    minimax = json.loads(trace_search(problem.root, "minimax", meta=problem.meta).to_json())

    def damaged(data: dict, change) -> bytes:
        data = json.loads(json.dumps(data))
        change(data)
        return json.dumps(data).encode()

    def leaf(data: dict) -> dict:
        return next(event for event in data["events"] if event["type"] == "leaf_evaluated")

    def window_update(kind: str):  # an α or β update in a search that keeps no window
        def change(data: dict) -> None:
            at = next(i for i, event in enumerate(data["events"]) if event["type"] == "value_updated")
            data["events"].insert(at + 1, {**data["events"][at], "type": kind})
        return change

    text = json.dumps(good)
    return {
        "integer-5000-digits.json": text.replace('"value": 3}', '"value": ' + "9" * 5000 + "}", 1).encode(),
        "value-nan.json": text.replace('"value": 3}', '"value": NaN}', 1).encode(),  # Python's json reads these two
        "value-infinity.json": text.replace('"value": 3}', '"value": Infinity}', 1).encode(),
        "result-10-to-400.json": damaged(good, lambda d: d["result"].update(value=10**400)),
        "leaf-minus-10-to-400.json": damaged(good, lambda d: leaf(d).update(value=-10**400)),
        "minimax-beta-update.json": damaged(minimax, window_update("beta_updated")),
        "minimax-alpha-update.json": damaged(minimax, window_update("alpha_updated")),
        "name-nonchar.json": damaged(good, lambda d: d["nodes"][1].update(name="B\ufffe")),
        "name-bidi.json": damaged(good, lambda d: d["nodes"][1].update(name="B\u202e")),
        "name-escape.json": damaged(good, lambda d: d["nodes"][2].update(name="B\x1b[2J")),
        "title-surrogate.json": damaged(good, lambda d: d["meta"].update(title="\ud800")),
        "title-bidi.json": damaged(good, lambda d: d["meta"].update(title="\u202etxt.exe")),
        "algorithm-not-text.json": damaged(good, lambda d: d.update(algorithm=["alphabeta"])),
        "not-json.json": b"{\"format\": ",
        "empty.json": b"",
        "a-list.json": b"[]\n",
        "bytes.json": text.replace('"B"', '"B\udcff"', 1).encode("utf-8", "surrogateescape"),
        "deep.json": b"[" * 100_000 + b"]" * 100_000,
    }


FOLDERS = {"": cases, "expect": expect_cases, "answers": answer_cases, "traces": trace_cases}


def main() -> None:
    base = HERE / "corpus"
    shutil.rmtree(base, ignore_errors=True)
    for sub, make in FOLDERS.items():
        folder = base / sub
        folder.mkdir(parents=True, exist_ok=True)
        files = make()
        for name, data in files.items():
            (folder / name).write_bytes(data)
        print(f"{len(files)} files in {folder}")


if __name__ == "__main__":
    main()
