"""The command table of tracer.cli.main: each command's module builds it (its options and what it runs), the
listing of `tracer --help` comes from the table alone, and a command being run has only its own options built."""

from __future__ import annotations

import pytest

from tracer.cli.main import COMMANDS, build_parser


def test_every_command_in_the_table_is_built_by_its_module():
    parsers = build_parser().commands
    assert list(parsers) == list(COMMANDS)
    for name, parser in parsers.items():
        assert callable(parser.get_default("run")), name  # its module built it: it knows what to run
        assert parser.description == COMMANDS[name][1]  # its help's first line is the table's


@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_command_run_alone_is_built_as_in_the_whole_parser(name):
    alone, whole = build_parser(name).commands, build_parser().commands
    assert list(alone) == list(COMMANDS)  # every command is still listed, in the table's order
    assert alone[name].format_help() == whole[name].format_help()
    others = [other for other in COMMANDS if other != name]
    assert all(alone[other].get_default("run") is None for other in others)  # listed, not built


def test_the_listing_is_the_table():
    listing = build_parser("--help").format_help()
    listed = [line.split()[0] for line in listing.splitlines() if line.startswith("    ") and line[4] != " "]
    assert listed == list(COMMANDS)  # (a command's line is indented by four spaces, the lines it wraps onto more)


@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_command_being_run_has_its_parser_alone_the_same_as_in_the_whole(name):
    """What running a command builds (its parser by itself: the others are not even listed) reads and helps as
    the whole parser's does: the same name, options, help and examples."""
    alone, whole = build_parser(name, alone=True), build_parser().commands[name]
    assert alone.commands == {name: alone}
    assert (alone.prog, alone.format_help(), alone.format_usage()) == (whole.prog, whole.format_help(),
                                                                       whole.format_usage())
