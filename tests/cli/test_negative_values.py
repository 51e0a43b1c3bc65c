"""A negative number after an option is that option's value, in every option of every command: argparse alone reads
only -3 and -2.5 as values, and took -1e308 or -inf for an unknown option (`--bounds -1e308 1e308`: "expected 2
arguments")."""

from __future__ import annotations

import argparse

import pytest

from helpers import TREES, run_tracer
from tracer.cli.main import build_parser, parse_command_line

NEGATIVES = ("-1e3", "-1e308", "-inf", "-.5", "-9..9", "-3")


def _options_with_values():
    """(command, option, how many values) for every option of every command that takes a value."""
    parser = build_parser()
    for name, command in parser.commands.items():
        for action in command._actions:
            if not action.option_strings or action.nargs == 0 or isinstance(action, argparse._HelpAction):
                continue
            count = action.nargs if isinstance(action.nargs, int) else 1
            yield name, action.option_strings[-1], count


OPTIONS = list(_options_with_values())


def test_the_options_are_found():
    """Every command's numeric options are among those tried (the list is not empty by mistake)."""
    found = {(command, option) for command, option, _ in OPTIONS}
    assert {("trace", "--bounds"), ("stats", "--guess"), ("stats", "--max-seconds"), ("exercise", "--values"),
            ("compare", "--depths"), ("render", "--depth")} <= found
    assert len(found) > 100


@pytest.mark.parametrize("negative", NEGATIVES)
def test_a_negative_number_is_read_as_the_value_of_every_option(negative, capsys):
    """Whatever the option's own type then says of the value, argparse never takes the number for an option (a
    missing value, or an unrecognized argument)."""
    misread = []
    for command, option, count in OPTIONS:
        argv = [command, option, *[negative] * count]
        try:
            parse_command_line(build_parser(command), argv)
        except SystemExit:
            pass
        said = capsys.readouterr().err
        if "expected one argument" in said or "expected 2 arguments" in said or "unrecognized arguments" in said:
            misread.append((" ".join(argv), said.strip()))
    assert not misread, misread[:5]


@pytest.mark.parametrize("bounds", [("-1e308", "1e308"), ("-1e3", "1e3")])
def test_bounds_in_exponent_notation_search(bounds):
    result = run_tracer("stats", TREES / "star1.yaml", "-a", "expectiminimax", "--bounds", *bounds, "--json")
    assert result.returncode == 0, result.stderr
    assert '"algorithm": "expectiminimax"' in result.stdout


def test_infinite_bounds_are_read_and_refused_as_not_finite():
    result = run_tracer("trace", TREES / "star1.yaml", "-a", "expectiminimax", "--bounds", "-inf", "inf")
    assert result.returncode == 2
    assert "argument --bounds: expected a finite number, got '-inf'" in result.stderr


def test_a_guess_in_exponent_notation_is_mtdf_s_first_guess():
    given = run_tracer("stats", TREES / "rn_example.yaml", "-a", "mtdf", "--guess", "-1e3", "--json")
    same = run_tracer("stats", TREES / "rn_example.yaml", "-a", "mtdf", "--guess=-1000", "--json")
    assert given.returncode == same.returncode == 0, given.stderr
    assert _counts(given.stdout) == _counts(same.stdout)


def _counts(text: str) -> dict:
    import json

    data = json.loads(text)
    return {key: value for key, value in data.items() if key != "seconds"}


def test_ranges_from_a_negative_number_are_still_read():
    import yaml

    result = run_tracer("exercise", "--values", "-9..-2", "--seed", "3")
    assert result.returncode == 0, result.stderr

    def leaves(tree):
        return [leaf for child in tree for leaf in leaves(child)] if isinstance(tree, list) else [tree]

    found = leaves(yaml.safe_load(result.stdout)["tree"])
    assert len(found) > 4 and all(-9 <= leaf <= -2 for leaf in found)
