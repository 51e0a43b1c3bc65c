"""A file's ``rules:`` block (a tree or position file's, or ``tracer exercise --rules``): each rule read at its place
and checked by the search specification's one check of each setting (:func:`tracer.search.settings.mistake`)."""

from __future__ import annotations

import yaml

from ..search.settings import RULE_SETTINGS, SETTINGS, mistake
from .yaml_text import YamlReader

TYPE_CHECKING = False  # (typing's constant: typing is not imported to run tracer, only to check it)
if TYPE_CHECKING:
    from typing import Any

UTILITY_RULES = ("sum",)  # what every leaf's vector adds up to: read and checked with the tree
# (tracer.inputs.trees.TreeReader.utility_rules), not a setting of the search
# a file's rules: block: the search's settings that a file may give (each a default the command line overrides;
# the table of settings says which), and the tree's utility rules
RULE_KEYS = RULE_SETTINGS + UTILITY_RULES


def read_rules(node, path: str) -> dict[str, Any]:
    """A ``rules:`` block, checked: any of :data:`RULE_KEYS` (``bounds``: a list of two numbers, ``[-2, 2]``;
    ``sum`` is the tree's: see :data:`UTILITY_RULES`)."""
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
            pair = SETTINGS[key].nargs is not None or isinstance(value, yaml.SequenceNode)
            shown = read if pair else value.value[:20]  # a pair as read, a word as written (cut short)
            raise reader.error(value, f"rules.{key}", f"{wrong}, got {shown!r}")
        rules[key] = read
    return rules
