"""Writes the hostile-input corpus beside this script: tree and position files that must each be refused with one
clean line. Run it again after changing the lists below (python tests/data/hostile/make_corpus.py); the files are
stored, so the tests read exactly what was reviewed."""

from __future__ import annotations

import shutil
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


def main() -> None:
    folder = HERE / "corpus"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    for name, data in cases().items():
        (folder / name).write_bytes(data)
    print(f"{len(cases())} files in {folder}")


if __name__ == "__main__":
    main()
