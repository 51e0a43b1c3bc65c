"""A file's ``rules:`` block (a tree or position file's, or ``tracer exercise --rules``): each rule read at its place
and checked by the search specification's one check of each setting (:func:`tracer.search.spec.mistake`)."""

from __future__ import annotations

from typing import Any

import yaml

from ..search.spec import mistake
from .yaml_text import YamlReader

# a file's rules: block, each a default the command line overrides (seed and the MCTS settings: for -a mcts)
RULE_KEYS = ("algorithm", "prune", "fail", "depth", "seed", "iterations", "exploration", "rollout", "final", "sum",
             "bounds")
UTILITY_RULES = ("sum",)  # what every leaf's vector adds up to: read and checked with the tree
# (tracer.inputs.trees.TreeReader.utility_rules), not a setting of the search; bounds are both (the tree reader
# checks every leaf against them, and Star1 and max^n's shallow pruning search with them)


def read_rules(node, path: str) -> dict[str, Any]:
    """A ``rules:`` block, checked: ``{algorithm, prune, fail, depth, seed, iterations, exploration, rollout,
    final, bounds}``, any of them (``bounds``: a list of two numbers, ``[-2, 2]``; ``sum`` is the tree's: see
    :data:`UTILITY_RULES`)."""
    if node is None:
        return {}
    reader = YamlReader(path)
    if not isinstance(node, yaml.MappingNode):
        raise reader.error(node, "rules", "expected a mapping such as {algorithm: alphabeta, prune: ge}")
    rules = {}
    for key, value in reader.mapping(node, "rules", allowed=RULE_KEYS).items():
        if key in UTILITY_RULES:
            continue
        if isinstance(value, yaml.SequenceNode):
            read = [reader.scalar(item, f"rules.{key}[{i}]") for i, item in enumerate(value.value)]
        else:
            read = reader.scalar(value, f"rules.{key}")
        wrong = mistake(key, read)  # the spec's own check
        if wrong is not None:
            shown = value.value[:20] if key == "depth" else read if key == "bounds" else getattr(value, "value", read)
            raise reader.error(value, f"rules.{key}", f"{wrong}, got {shown!r}")
        rules[key] = read
    return rules
