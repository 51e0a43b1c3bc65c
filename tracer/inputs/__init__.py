"""Reading what tracer is given, one module per kind of input: tree files (:mod:`.trees`), position files and
games (:mod:`.positions`), a file's ``rules:`` (:mod:`.rules`), answer files and answer keys (:mod:`.answers`), saved
traces (:mod:`.traces`); safe YAML reading with one-line errors shared by the YAML readers (:mod:`.yaml_text`); and
which of them a command's input is (:mod:`.load`: :func:`load_problem`). Every input file is read here, into the
model's types, the trace or claims; nothing earlier in the pipeline reads a file."""

from .answers import read_answer_file, read_claims
from .load import load_problem
from .positions import BUILT_IN_GAMES, load_game, searchable_depth
from .problem import Problem
from .rules import read_rules
from .traces import load_trace, trace_from_dict
from .trees import load_tree, parse_tree

__all__ = ["BUILT_IN_GAMES", "Problem", "load_game", "load_problem", "load_trace", "load_tree", "parse_tree",
           "read_answer_file", "read_claims", "read_rules", "searchable_depth", "trace_from_dict"]
