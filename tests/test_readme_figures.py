"""The README's figures, the only ones kept in the repository (GitHub shows the README, not the built site), are
exactly what their commands draw now: each figure ``docs/assets/NAME.svg`` the README shows is drawn by a ``tracer
… -o docs/assets/NAME.svg`` line of the README, except the first figure, which is what the set-up command draws
(``tracer render trees/rn_example.yaml`` writes ``output/rn_example.alphabeta.svg``)."""

from __future__ import annotations

import importlib.util
import re
import shlex

import pytest

from helpers import ROOT, run_tracer

README = (ROOT / "README.md").read_text(encoding="utf-8")
SHOWN = re.findall(r"!\[[^\]]*\]\((docs/assets/[^)]+\.svg)\)", README)
COMMANDS = {line.split(" -o ")[-1].strip(): shlex.split(line)[1:]
            for line in re.findall(r"^tracer .* -o docs/assets/\S+\.svg$", README, flags=re.MULTILINE)}
SET_UP = {"docs/assets/rn_example.alphabeta.svg": ["render", "trees/rn_example.yaml"]}


def needs(argv: list[str]):
    """The extra a figure's position needs (a chess position needs python-chess), as a skip mark."""
    chess = any("chess" in arg for arg in argv)
    return pytest.mark.skipif(chess and importlib.util.find_spec("chess") is None,
                              reason="needs the chess extra (setup.sh --test installs it)")


def test_the_readme_shows_figures_and_each_has_its_command():
    assert "docs/assets/rn_example.alphabeta.svg" in SHOWN and len(SHOWN) >= 3
    assert set(SHOWN) == set(COMMANDS) | set(SET_UP)


@pytest.mark.parametrize("figure", [pytest.param(figure, marks=needs(COMMANDS.get(figure, []))) for figure in SHOWN])
def test_a_readme_figure_is_what_its_command_draws(figure, tmp_path):
    argv = [arg for arg in COMMANDS.get(figure) or SET_UP[figure] if arg != figure]
    if figure in COMMANDS:
        argv = argv[:-1]  # the "-o" before the figure's path
    result = run_tracer(*argv, "-o", tmp_path / "figure.svg")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "figure.svg").read_bytes() == (ROOT / figure).read_bytes(), f"{figure}: redraw it with its command"
