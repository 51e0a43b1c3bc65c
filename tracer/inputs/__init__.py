"""Reading what tracer is given, one module per kind of input: tree files (:mod:`.trees`), position files and
games (:mod:`.positions`), a file's ``rules:`` (:mod:`.rules`), answer files and answer keys (:mod:`.answers`), saved
traces (:mod:`.traces`); safe YAML reading with one-line errors shared by the YAML readers (:mod:`.yaml_text`); and
which of them a command's input is (:mod:`.load`: :func:`load_problem`). Every input file is read here, into the
model's types, the trace or claims; nothing earlier in the pipeline reads a file."""

import importlib

# Each name is imported from its module the first time it is used, so that a command imports only the readers it
# needs (`tracer render` reads no answer file: :mod:`.answers` and its patterns are not loaded).
_EXPORTS = {
    "answers": ("read_answer_file", "read_claims"),
    "load": ("load_problem",),
    "positions": ("BUILT_IN_GAMES", "load_game", "searchable_depth"),
    "problem": ("Problem",),
    "rules": ("read_rules",),
    "traces": ("load_trace", "trace_from_dict"),
    "trees": ("load_tree", "parse_tree"),
}
_WHERE = {name: module for module, names in _EXPORTS.items() for name in names}
__all__ = sorted(_WHERE)


def __getattr__(name: str):
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))
