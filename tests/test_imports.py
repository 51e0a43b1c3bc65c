"""Imports run one way: no module of tracer or games imports, directly or through others, a module that imports
it back, nor one of a later stage. Every import counts, at the top of a module or inside a function (a lazy import
is still an import), and importing a module also imports the packages above it. Events are data: they neither
import the view nor read it."""

from __future__ import annotations

import ast
import functools
import os
import subprocess
import sys
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("tracer", "games")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


STAGES = ["tracer.records", "tracer.errors", "tracer.numbers", "tracer.text", "tracer.io", "tracer.parallel", "tracer.model", "games",
          "tracer.search", "tracer.trace", "tracer.view", "tracer.render", "tracer.inputs", "tracer.estimate", "tracer.run",
          "tracer.compare_searches", "tracer.exercises", "tracer.report", "tracer.test_search", "tracer.play", "tracer.cli",
          "tracer.__main__"]


def stage(module: str) -> int:
    return max(i for i, prefix in enumerate(STAGES) if module == prefix or module.startswith(prefix + "."))


def _lazy(tree: ast.AST) -> list[ast.AST]:
    """The import statements inside function bodies (run only when the function is)."""
    return [node for function in ast.walk(tree) if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef))
            for node in ast.walk(function) if isinstance(node, (ast.Import, ast.ImportFrom))]


def imports_of(path: Path, name: str, known: set[str], lazy_only: bool = False) -> set[str]:
    """The project modules ``path`` imports (resolving relative imports, and ``from package import module``);
    ``lazy_only``: only those imported inside functions."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in _lazy(tree) if lazy_only else ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            targets = [origin] + [f"{origin}.{alias.name}" for alias in node.names]
        else:
            continue
        for target in targets:
            if target in known:
                found.add(target)
    return found - {name}


@functools.lru_cache(maxsize=None)
def import_graph() -> nx.DiGraph:
    """The project's import graph, read from its source once for the module's tests (each read parses every file:
    0.8 CPU s) and frozen, so that no test changes what the next one reads."""
    files = [path for package in PACKAGES for path in (ROOT / package).rglob("*.py")]
    names = {module_name(path): path for path in files}
    graph = nx.DiGraph()
    graph.add_nodes_from(names)
    for name, path in names.items():
        for target in imports_of(path, name, set(names)):
            graph.add_edge(name, target)
            parts = target.split(".")  # importing a.b.c runs a and a.b first
            for i in range(1, len(parts)):
                parent = ".".join(parts[:i])
                if parent in names and parent != name and not name.startswith(parent + "."):
                    graph.add_edge(name, parent)
    return nx.freeze(graph)


def test_the_graph_sees_the_imports():
    graph = import_graph()
    assert graph.has_edge("tracer.render.dot", "tracer.render.scene")
    assert graph.has_edge("tracer.inputs.positions", "games")  # the one module that loads games
    assert graph.number_of_nodes() > 30


def test_no_import_cycles():
    cycles = list(nx.simple_cycles(import_graph()))
    assert cycles == [], "import cycles: " + "; ".join(" -> ".join(cycle + cycle[:1]) for cycle in cycles)


def test_stages_import_only_earlier_stages():
    edges = [(a, b) for a, b in import_graph().edges if "tracer" not in (a, b)]  # the package's lazy face
    assert [(a, b) for a, b in edges if stage(b) > stage(a) and not b.startswith("games")] == []
    # games are reached from the input stage only
    assert [(a, b) for a, b in edges if b.startswith("games") and not a.startswith("games")] == \
        [("tracer.inputs.positions", "games")]


def test_input_files_are_read_only_by_tracer_inputs():
    """Every input file (tree, position, answer, saved trace) is read in tracer.inputs: no other module reads a file
    through tracer.io.read_input or parses YAML (writing YAML, as the exercise generator does, is not reading)."""
    reading = {"read_input", "compose", "parse", "safe_load", "load", "full_load", "unsafe_load", "compose_all",
               "load_all", "safe_load_all"}
    readers = set()
    for name, path in project_files().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                function = node.func
                if isinstance(function, ast.Name) and function.id == "read_input" or \
                        isinstance(function, ast.Attribute) and isinstance(function.value, ast.Name) and \
                        function.value.id == "yaml" and function.attr in reading:
                    readers.add(name)
    assert readers and all(name.startswith("tracer.inputs.") for name in readers), readers
    graph = import_graph()
    assert not any(b.startswith("tracer.inputs") for a, b in graph.edges
                   if a.startswith(("tracer.model", "tracer.search", "tracer.trace", "tracer.view")))


def test_games_reach_only_the_first_stages_of_tracer():
    graph = import_graph()
    used = {b for a, b in graph.edges if a.startswith("games") and b.startswith("tracer")}
    assert used <= {"tracer", "tracer.errors", "tracer.model", "tracer.model.state"}


def test_the_command_line_leaves_formatting_to_the_reporters():
    """cli parses and dispatches: JSON and CSV are written by tracer.report, which only the command line imports."""
    graph = import_graph()
    formatting = {"json", "csv"}
    for path in (ROOT / "tracer" / "cli").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else \
                [node.module] if isinstance(node, ast.ImportFrom) and not node.level else []
            assert not formatting & set(names), f"{path.name} imports {formatting & set(names)}"
    importers = {a for a, b in graph.edges if b.startswith("tracer.report") and not a.startswith("tracer.report")}
    assert importers and all(a.startswith("tracer.cli") for a in importers), importers


def project_files() -> dict[str, Path]:
    return {module_name(path): path for package in PACKAGES for path in (ROOT / package).rglob("*.py")}


def test_no_module_imports_a_later_stage_even_inside_a_function():
    files = project_files()
    lazy = {(name, target) for name, path in files.items() for target in imports_of(path, name, set(files), True)}
    assert ("tracer.cli.commands", "tracer.view") in lazy  # the check sees imports made when a function runs
    assert sorted((a, b) for a, b in lazy if "tracer" not in (a, b) and not b.startswith("games")
                  and stage(b) > stage(a)) == []


def test_a_lazy_import_of_a_later_stage_is_caught(tmp_path):
    early = tmp_path / "early.py"
    early.write_text("def later():\n    from tracer.view import TraceView\n    return TraceView\n")
    found = imports_of(early, "tracer.trace.early", {"tracer.view", "tracer.trace"}, lazy_only=True)
    assert found == {"tracer.view"} and stage("tracer.view") > stage("tracer.trace.early")


def test_event_types_are_made_without_dataclasses():
    """The 26 event types are records (tracer.records.Record, through their base Event), not dataclasses: made
    by @dataclass, they took a tenth of a drawing's start-up. A new event type is a subclass of Event, no more."""
    tree = ast.parse((ROOT / "tracer" / "trace" / "events.py").read_text(encoding="utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and not node.level}
    assert "dataclasses" not in imported
    from tracer.trace.events import EVENT_TYPES, Event

    assert all(not hasattr(cls, "__dataclass_fields__") and cls.fields and cls.fields[0] == "node"
               for cls in EVENT_TYPES.values()) and Event.__subclasses__()


def test_events_are_data_that_neither_import_nor_read_the_view():
    graph = import_graph()
    below = nx.descendants(graph, "tracer.trace.events")
    assert not any(module.startswith("tracer.view") for module in below)
    tree = ast.parse((ROOT / "tracer" / "trace" / "events.py").read_text(encoding="utf-8"))
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    names |= {arg.arg for node in ast.walk(tree) if isinstance(node, ast.arguments) for arg in node.args}
    assert not names & {"view", "TraceView", "NodeView"}, "events read the view they are folded into"
    methods = {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
    assert not methods & {"apply", "describe"}, "the fold and the captions live in tracer.view"


# ---- what a command imports when it runs ----------------------------------------------------------------------
# Start-up is most of a small command's time: `tracer --help` lists the commands without importing any of their
# modules, and `tracer render` imports the stages a drawing goes through and none of the others. Checked by the
# modules loaded once the command has run, in a process of its own, never by timing.

NEVER_FOR_A_DRAWING = (
    "networkx", "jsonschema", "pydot", "matplotlib", "PIL", "playwright", "numpy", "tqdm", "pptx",  # libraries
    "graphviz", "concurrent.futures", "logging",  # DOT is written by tracer.render.dot_text; a thread pool only for decks
    "statistics",  # medians of timed searches: tracer stats's
    "chess", "pyspiel", "games.chess",  # games not played (a tree file imports no game at all)
    "tracer.exercises", "tracer.report", "tracer.play", "tracer.compare_searches", "tracer.test_search", "tracer.parallel",  # other commands' stages
    "tracer.cli.compare", "tracer.cli.exercises", "tracer.cli.play", "tracer.cli.test_search", "tracer.cli.notebook",
    "tracer.inputs.answers", "tracer.inputs.traces",  # answer files and saved traces: not read for a tree file
    "tracer.render.slides", "tracer.render.deck", "tracer.render.player", "tracer.render.export",
    "tracer.render.chart", "tracer.render.notebook", "tracer.render.text_table",
    "tracer.render.tikz", "tracer.render.latex",  # a LaTeX picture's printer: only for -f tikz
    "string",  # its import compiles string.Template's regular expression
    "dataclasses",  # tracer's records are made by tracer.records: @dataclass compiled some 140 methods, imported inspect
    "typing",  # a twentieth of a drawing's start-up: annotations name its types only for a type checker (TYPE_CHECKING)
    "html",  # its table of entities: an HTML-like label is escaped by tracer.render.dot_text.html_escaped
)
# a game's drawing imports inspect (games.load_game reads the game class's signature); a tree file's does not
NEVER_FOR_A_TREE_FILE = NEVER_FOR_A_DRAWING + ("inspect",)
NEVER_FOR_HELP = NEVER_FOR_A_DRAWING + (
    "yaml", "graphviz", "tracer.cli.options", "tracer.cli.commands", "tracer.inputs", "tracer.model",
    "tracer.search", "tracer.trace", "tracer.view", "tracer.render",
    "tracer.numbers", "fractions",  # the number printer and what it imports
)


# Runs the command line as `python -m tracer` does, then writes the names of every module loaded to a file.
PROBE = """\
import runpy, sys
listing, sys.argv, status = sys.argv[1], ["tracer", *sys.argv[2:]], 0
try:
    runpy.run_module("tracer", run_name="__main__")
except SystemExit as stop:
    status = stop.code
with open(listing, "w", encoding="utf-8") as out:
    out.write("\\n".join(sorted(sys.modules)))
sys.exit(status)
"""


def imported_by(*args: str, cwd: Path = ROOT) -> tuple[set[str], subprocess.CompletedProcess]:
    """The modules loaded by ``tracer ARGS`` in a process of its own, and the finished process."""
    listing = Path(cwd) / "modules.txt"
    result = subprocess.run([sys.executable, "-c", PROBE, str(listing), *args], cwd=cwd, capture_output=True,
                            text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=300)
    return set(listing.read_text(encoding="utf-8").split("\n")), result


def among(names: set[str], packages: tuple[str, ...]) -> list[str]:
    """The ``names`` that are one of ``packages`` or inside one."""
    return sorted(name for name in names if any(name == p or name.startswith(p + ".") for p in packages))


def test_tracer_help_imports_no_command(tmp_path):
    names, result = imported_by("--help", cwd=tmp_path)
    assert result.returncode == 0 and "test-search" in result.stdout  # every command listed
    assert {"tracer.cli.main", "argparse"} <= names  # the check sees what the process imported
    assert among(names, NEVER_FOR_HELP) == []


def test_a_command_imports_only_its_own_module(tmp_path):
    names, result = imported_by("play", "--help", cwd=tmp_path)
    assert result.returncode == 0 and "--p1 PLAYER" in result.stdout
    assert "tracer.cli.play" in names
    assert among(names, ("tracer.cli.commands", "tracer.cli.exercises", "tracer.cli.test_search",
                         "tracer.cli.compare")) == []


def test_render_imports_what_a_drawing_uses_and_nothing_else(tmp_path):
    out = tmp_path / "rn.svg"
    names, result = imported_by("render", str(ROOT / "trees" / "rn_example.yaml"), "-o", str(out), cwd=tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    assert out.read_bytes().startswith(b"<?xml")
    assert {"yaml", "tracer.render.tidy", "tracer.view", "tracer.cli.commands"} <= names  # what it does use
    assert among(names, NEVER_FOR_A_TREE_FILE) == []


def test_a_game_s_drawing_imports_that_game_only(tmp_path):
    out = tmp_path / "ttt.dot"
    names, result = imported_by("render", "--game", "tictactoe", "--depth", "1", "-f", "dot", "-o", str(out),
                                cwd=tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    assert out.read_text(encoding="utf-8").startswith("digraph trace {")
    assert {"games", "games.tictactoe"} <= names  # what it does use
    assert among(names, NEVER_FOR_A_DRAWING + ("games.connect4", "games.clobber", "games.pig")) == []
