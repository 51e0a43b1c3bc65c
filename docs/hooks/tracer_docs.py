"""The docs site's build hooks (mkdocs ``hooks:``): what the site shows that the code already knows is generated
here at build time, so it cannot drift from the code.

- ``<!-- generated: commands -->`` in a page becomes every command's options, read from tracer's argparse parsers;
- ``<!-- generated: trace-schema -->`` becomes the trace format's fields, read from ``trace.schema.json``;
- every figure a page shows from ``figures/`` is drawn by the build, by running the ``tracer`` command that the page
  prints beside it (a line of a code block that writes ``-o figures/NAME``): a figure without its command, or a
  command that fails, fails the build.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import shlex
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIGURE_COMMAND = re.compile(r"^(?:\$ )?(tracer .*?(-o|--chart) (figures/\S+).*?)(?:\s+#.*)?$")
FIGURE_USE = re.compile(r"\]\((?:\.\./)*(figures/[^)\s]+)\)")
_drawn: dict[str, Path] = {}  # figures/NAME -> the file the build drew, for this build


# ---- the commands' options, from argparse ----------------------------------------------------------------------

def _option_row(action: argparse.Action) -> str | None:
    if action.help == argparse.SUPPRESS or isinstance(action, argparse._HelpAction):
        return None
    if action.option_strings:
        flags = ", ".join(f"`{flag}`" for flag in action.option_strings)
        if action.nargs != 0:
            metavar = action.metavar or (action.dest.upper() if not action.choices else
                                         "{" + ",".join(map(str, action.choices)) + "}")
            metavar = " ".join(metavar) if isinstance(metavar, tuple) else metavar
            flags += f" `{metavar}`"
    else:
        flags = f"`{action.metavar or action.dest}`"
    text = (action.help or "").replace("%(default)s", str(action.default)).replace("%%", "%")
    text = text.replace("|", "\\|").replace("\n", " ")
    return f"| {flags} | {text} |"


def command_markdown(name: str, parser: argparse.ArgumentParser) -> str:
    """One command's section: what it does, its examples as ``--help`` prints them, and a table of its options."""
    lines = [f"### tracer {name}", "", parser.description or "", "", "```text", parser.format_usage().strip(), "```", ""]
    for group in parser._action_groups:
        rows = [row for row in map(_option_row, group._group_actions) if row]
        if not rows:
            continue
        lines += [f"**{group.title[0].upper() + group.title[1:]}**" if group.title else "", "",
                  "| option | meaning |", "| --- | --- |", *rows, ""]
    if parser.epilog:
        lines += ["Examples (from `tracer " + name + " --help`):", "", "```sh", parser.epilog.strip(), "```", ""]
    return "\n".join(lines)


def commands_markdown(parser: argparse.ArgumentParser | None = None) -> str:
    """Every command's section, in ``tracer --help``'s order, from ``parser`` (tracer's own by default)."""
    if parser is None:
        from tracer.cli.main import build_parser

        parser = build_parser()
    return "\n".join(command_markdown(name, command) for name, command in parser.commands.items())


# ---- the trace format, from its JSON schema ---------------------------------------------------------------------

def _type_text(spec: dict) -> str:
    if "$ref" in spec:
        name = spec["$ref"].rsplit("/", 1)[-1]
        return f"[{name}](#{name})"
    if "enum" in spec:
        return " or ".join(f"`{json.dumps(value)}`" for value in spec["enum"])
    if "const" in spec:
        return f"`{json.dumps(spec['const'])}`"
    for combiner in ("oneOf", "anyOf"):
        if combiner in spec:
            return " or ".join(_type_text(part) for part in spec[combiner])
    kind = spec.get("type", "any")
    if kind == "array" and "items" in spec:
        return f"array of {_type_text(spec['items'])}"
    return " or ".join(kind) if isinstance(kind, list) else str(kind)


def _fields(spec: dict) -> list[str]:
    required = set(spec.get("required", ()))
    rows = []
    for key, field in spec.get("properties", {}).items():
        meaning = (field.get("description") or "").replace("|", "\\|").replace("\n", " ")
        rows.append(f"| `{key}` | {_type_text(field)} | {'yes' if key in required else ''} | {meaning} |")
    return ["| key | value | required | meaning |", "| --- | --- | --- | --- |", *rows] if rows else []


def schema_markdown(schema: dict | None = None) -> str:
    """The trace's top-level keys and each definition's, from ``schema`` (tracer's own by default)."""
    if schema is None:
        schema = json.loads((ROOT / "tracer" / "trace" / "trace.schema.json").read_text(encoding="utf-8"))
    lines = [schema.get("description", ""), "", "### The trace", "", *_fields(schema), ""]
    for name, spec in schema.get("definitions", {}).items():
        lines += [f"### {name}", "", spec.get("description", ""), ""]
        lines += _fields(spec) or [f"A value of type {_type_text(spec)}."]
        lines.append("")
    return "\n".join(lines)


# ---- the Python API, from the package's public names --------------------------------------------------------------

def api_markdown() -> str:
    """A mkdocstrings block for each name ``import tracer`` offers (its ``_EXPORTS``), under its stage's heading;
    each is looked up where it is defined (the package's names are imported lazily, which static analysis cannot
    follow)."""
    import importlib

    import tracer

    lines = []
    for module, names in tracer._EXPORTS.items():
        lines += [f"### `tracer.{module}`", ""]
        for name in names:
            value = getattr(importlib.import_module(f"tracer.{module}"), name)
            defined = getattr(value, "__module__", None) if callable(value) else None
            path = f"{defined}.{value.__qualname__}" if defined else f"tracer.{module}.{name}"
            lines += [f"::: {path}", "    options:", "      heading_level: 4", f"      toc_label: {name}", ""]
    return "\n".join(lines)


# ---- figures, drawn by the command printed beside them ----------------------------------------------------------

def figure_commands(markdown: str) -> dict[str, str]:
    """The page's figure commands: ``figures/NAME`` -> the command line that writes it."""
    found, fenced = {}, False
    for line in markdown.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        match = FIGURE_COMMAND.match(line.strip()) if fenced else None
        if match:
            found[match.group(3)] = match.group(1)
    return found


def draw_figure(command: str, target: str, folder: Path) -> Path:
    """Run ``command`` (a ``tracer`` line) from the repository, its ``-o`` pointed into ``folder``."""
    from tracer.cli.main import main

    argv = shlex.split(command)[1:]
    flag = "-o" if "-o" in argv else "--chart"
    argv[argv.index(flag) + 1] = str(folder / target)
    (folder / target).parent.mkdir(parents=True, exist_ok=True)
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        said = io.StringIO()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(said):  # the build's output is
            status = main(argv)                                                              # the build's own
    finally:
        os.chdir(cwd)
    if status != 0 or not (folder / target).exists():
        raise RuntimeError(f"the figure command `{command}` failed (exit status {status}): {said.getvalue()}")
    return folder / target


# ---- the mkdocs hooks ---------------------------------------------------------------------------------------------

def on_files(files, config):
    from mkdocs.structure.files import File

    folder = Path(tempfile.mkdtemp(prefix="tracer-docs-figures-"))
    _drawn.clear()
    for page in [file for file in files if file.src_uri.endswith(".md")]:
        markdown = Path(page.abs_src_path).read_text(encoding="utf-8")
        commands = figure_commands(markdown)
        for used in dict.fromkeys(FIGURE_USE.findall(markdown)):
            if not any(used == target or used.startswith(target + "/") for target in commands):
                raise RuntimeError(f"{page.src_uri}: the figure {used} has no `tracer … -o {used}` command beside it")
        for target, command in commands.items():
            if target not in _drawn:
                drawn = _drawn[target] = draw_figure(command, target, folder)
                made = sorted(drawn.rglob("*")) if drawn.is_dir() else [drawn]  # a folder of frames: each frame
                for path in made:
                    if path.is_file():
                        files.append(File(path.relative_to(folder).as_posix(), src_dir=str(folder),
                                          dest_dir=config["site_dir"], use_directory_urls=config["use_directory_urls"]))
    return files


def on_page_markdown(markdown, page, config, files):
    markdown = markdown.replace("<!-- generated: commands -->", commands_markdown())
    markdown = markdown.replace("<!-- generated: api -->", api_markdown())
    return markdown.replace("<!-- generated: trace-schema -->", schema_markdown())
