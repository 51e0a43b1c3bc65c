"""Numbers as written (issue 34): a tree file's decimals are shown as decimals and its fractions as fractions, in
the SVG, the TikZ and the player's data, while the search stays exact. The values are checked against an
expectiminimax written here over the file's own numbers as Fractions, knowing nothing of tracer."""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from decimal import Decimal
from fractions import Fraction

import pytest
import yaml

from helpers import TREES, assert_one_line_error, run_tracer

from tracer.inputs.trees import parse_tree
from tracer.numbers import (
    DECIMALS, FRACTIONS, PROBABILITY, RATIO, SETTING, STATISTIC, WRITTEN, Notation, exact, format_number, notation_of,
    written_as,
)

SVG = "{http://www.w3.org/2000/svg}"
MINUS = "\u2212"


# ---- the reader decides the tree's notation once ------------------------------------------------------------------

@pytest.mark.parametrize("text, values, probabilities", [
    ("[[3, 12], [2, 4]]", DECIMALS, FRACTIONS),  # whole numbers: the default
    ("[[3, 2.5], [2, 4]]", DECIMALS, FRACTIONS),
    ('[[3, "5/2"], [2, 4]]', FRACTIONS, FRACTIONS),
    ("[[3, 5/2], [2, 4]]", FRACTIONS, FRACTIONS),  # unquoted: YAML reads 5/2 as text too
    ('[[0.5, "1/3"], [2, 4]]', FRACTIONS, FRACTIONS),  # mixed: fractions (every number has one)
    ("{players: [max, chance], tree: [[3, 12], [2, 4]]}", DECIMALS, FRACTIONS),  # uniform chance: 1/2, values 7.5
    ("{players: [max, chance], tree: [[{p: 0.9, value: 3}, {p: 0.1, value: 12}]]}", DECIMALS, DECIMALS),
    ("{players: [max, chance], tree: [[{p: 9/10, value: 3}, {p: 1/10, value: 12}]]}", FRACTIONS, FRACTIONS),
    ("{players: [max, chance], tree: [[{p: 1/4, value: 2.5}, {p: 3/4, value: 1}]]}", DECIMALS, FRACTIONS),
    ('{players: [max, chance], tree: [[{p: 0.25, value: "5/2"}, {p: 0.75, value: 1}]]}', FRACTIONS, DECIMALS),
    ("{players: [max, chance], tree: [[{p: 1, value: 3}]]}", DECIMALS, FRACTIONS),  # p: 1 is whole: says nothing
    ("[{name: B, eval: 1.5, children: [3, 4]}, 2]", DECIMALS, FRACTIONS),  # an eval: is a value as written
    ('[{name: B, eval: "3/2", children: [3, 4]}, 2]', FRACTIONS, FRACTIONS),
    ('{players: [A, B], tree: [["(1/2, 1/2)", "(1, 0)"]]}', FRACTIONS, FRACTIONS),  # a vector's components
    ('{players: [A, B], tree: [["(0.5, 0.5)", "(1, 0)"]]}', DECIMALS, FRACTIONS),
])
def test_the_reader_decides_the_notation_from_how_the_file_writes_its_numbers(text, values, probabilities):
    tree = parse_tree(text)
    assert tree.notation == Notation(values, probabilities)
    meta = tree.meta()
    assert notation_of(meta) == tree.notation  # the meta carries it into the trace
    assert ("numbers" in meta) == (tree.notation != WRITTEN)  # (the default goes without saying)


def test_a_leaf_written_as_a_fraction_is_the_exact_number():
    tree = parse_tree('[[3, "1/3"], [-2/7, "-5/2"]]')
    leaves = [leaf.value for child in tree.root.children for leaf in child.children]
    assert [exact(value) for value in leaves] == [3, Fraction(1, 3), Fraction(-2, 7), Fraction(-5, 2)]
    assert tree.root.children[0].children[1].value == 1 / 3  # the float a trace keeps for it


def test_the_depth_cut_tree_keeps_the_notation():
    tree = parse_tree('[{name: B, eval: "3/2", children: [3, 4]}, 2]')
    assert tree.cut_at(1).notation == tree.notation == Notation(FRACTIONS, FRACTIONS)


@pytest.mark.parametrize("leaf, fragment", [
    ('"1/0"', "expected a number or a list, got"),
    ('"1/2/3"', "expected a number or a list, got"),
    ('"a/3"', "expected a number or a list, got"),
    ('"123456789/987654323"', "the fraction 123456789/987654323 has a denominator past what tracer keeps"),
])
def test_a_leaf_that_is_no_fraction_gets_one_line(tmp_path, leaf, fragment):
    path = tmp_path / "bad.yaml"
    path.write_text(f"tree: [[3, {leaf}], [2, 4]]\n")
    result = run_tracer("render", path, "-o", tmp_path / "out.svg")
    assert_one_line_error(result, f"{path}:1", "tree[0][1]", fragment)
    assert not (tmp_path / "out.svg").exists()


def test_a_vector_component_that_is_no_fraction_gets_one_line(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text('players: [A, B]\ntree: [["(1/0, 1)", "(1, 0)"]]\n')
    result = run_tracer("render", path, "-o", tmp_path / "out.svg")
    assert_one_line_error(result, f"{path}:2", "holds '1/0', not a finite number")


# ---- the printer writes in the notation it is given ---------------------------------------------------------------

def test_the_printer_writes_each_notation():
    shown = {}
    for notation in (WRITTEN, Notation(FRACTIONS, FRACTIONS), Notation(DECIMALS, DECIMALS)):
        with written_as(notation):
            shown[notation] = ([format_number(x) for x in (2.5, 8 / 3, 3, -2.25, Fraction(39, 10), 0.9)],
                               [format_number(p, PROBABILITY) for p in (0.9, 1 / 3, 0.5)])
    assert shown[WRITTEN] == (["2.5", "8/3", "3", f"{MINUS}2.25", "3.9", "0.9"], ["9/10", "1/3", "1/2"])
    assert shown[Notation(FRACTIONS, FRACTIONS)] == (["5/2", "8/3", "3", f"{MINUS}9/4", "39/10", "9/10"],
                                                     ["9/10", "1/3", "1/2"])
    assert shown[Notation(DECIMALS, DECIMALS)] == (["2.5", "8/3", "3", f"{MINUS}2.25", "3.9", "0.9"],
                                                   ["0.9", "1/3", "0.5"])
    assert format_number(2.5) == "2.5"  # outside the block: the default again


def test_measures_keep_their_decimals_whatever_the_tree():
    with written_as(Notation(FRACTIONS, FRACTIONS)):
        assert [format_number(1.41421, SETTING), format_number(0.6, RATIO), format_number(2.5, STATISTIC)] == \
               ["1.41", "0.60", "2.5"]


def test_a_saved_trace_with_a_notation_it_cannot_read_is_shown_in_the_default():
    assert notation_of({"numbers": {"values": "roman", "probabilities": 3}}) == WRITTEN
    assert notation_of({"numbers": "fractions"}) == WRITTEN
    assert notation_of({}) == WRITTEN


# ---- the same tree written both ways, drawn both ways, exact -----------------------------------------------------

def random_chance_tree(seed: int):
    """MAX over 2-3 chance nodes, each over 2-3 MIN nodes of two leaves: probabilities in tenths, leaves in tenths
    from -5 to 5 (so every value is a decimal that ends), as exact Fractions."""
    rng = random.Random(seed)

    def tenths_summing_to_one(count):
        cuts = sorted(rng.sample(range(1, 10), count - 1))
        return [Fraction(b - a, 10) for a, b in zip([0] + cuts, cuts + [10])]

    return [[(p, [Fraction(rng.randint(-50, 50), 10) for _ in range(2)]) for p in tenths_summing_to_one(rng.randint(2, 3))]
            for _ in range(rng.randint(2, 3))]


def written(number: Fraction, notation: str) -> str:
    if number.denominator == 1:
        return str(number.numerator)
    if notation == FRACTIONS:
        return f'"{number}"'
    return str(Decimal(number.numerator) / Decimal(number.denominator))


def tree_file(tree, notation: str) -> str:
    chances = []
    for chance in tree:
        children = ", ".join(f"{{p: {written(p, notation).strip(chr(34))}, children: "
                             f"[{', '.join(written(leaf, notation) for leaf in leaves)}]}}" for p, leaves in chance)
        chances.append(f"  - [{children}]")
    return "players: [max, chance, min]\ntree:\n" + "\n".join(chances) + "\n"


def expected_values(tree) -> dict[str, Fraction]:
    """Every inner node's value by expectiminimax's definition, named as tracer names them (level by level)."""
    chance_values = [sum(p * min(leaves) for p, leaves in chance) for chance in tree]
    names = iter("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    values = {next(names): max(chance_values)}
    for value in chance_values:
        values[next(names)] = value
    for chance in tree:
        for _, leaves in chance:
            values[next(names)] = min(leaves)
    return values


def shown(number: Fraction, notation: str) -> str:
    """How a number of a tree in ``notation`` reads: written here from the notation's definition."""
    sign, number = (MINUS if number < 0 else ""), abs(number)
    if number.denominator == 1:
        return sign + str(number.numerator)
    if notation == FRACTIONS:
        return f"{sign}{number}"
    return sign + str(Decimal(number.numerator) / Decimal(number.denominator))


def svg_nodes(svg: str) -> dict[str, list[tuple[str, bool]]]:
    """The texts of each SVG group (its id: a node, an edge's label), with whether each is bold."""
    groups = {}
    for group in ET.fromstring(svg).iter(f"{SVG}g"):
        texts = [("".join(text.itertext()), text.get("font-weight") == "bold") for text in group.iter(f"{SVG}text")]
        groups[group.get("id")] = texts
    return groups


def player_data(html: str) -> dict:
    return json.loads(re.search(r'<script type="application/json" id="trace-data">(.*?)</script>', html, re.S)[1])


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("notation", [DECIMALS, FRACTIONS])
def test_a_tree_is_drawn_as_written_and_stays_exact(tmp_path, seed, notation):
    tree = random_chance_tree(seed)
    path = tmp_path / f"tree_{notation}.yaml"
    path.write_text(tree_file(tree, notation))
    values = expected_values(tree)
    probabilities = sorted({shown(p, notation) for chance in tree for p, _ in chance})
    leaves = sorted({shown(leaf, notation) for chance in tree for _, ls in chance for leaf in ls})

    assert run_tracer("render", path, "-f", "svg", "-o", tmp_path / "t.svg").returncode == 0
    groups = svg_nodes((tmp_path / "t.svg").read_text())
    inner = {texts[0][0]: next(text for text, bold in texts if bold) for gid, texts in groups.items()
             if re.fullmatch(r"n\d+", gid) and len(texts) == 2}
    assert inner == {name: shown(value, notation) for name, value in values.items()}
    for name, text in inner.items():  # exact: the text is the number, read back as a Fraction
        assert Fraction(text.replace(MINUS, "-")) == values[name]
    labels = sorted({texts[0][0] for gid, texts in groups.items() if gid.endswith("_label") and texts})
    assert labels == probabilities
    leaf_texts = sorted({texts[0][0] for gid, texts in groups.items() if re.fullmatch(r"n\d+", gid)
                         and len(texts) == 1})
    assert leaf_texts == leaves

    assert run_tracer("render", path, "-f", "tikz", "-o", tmp_path / "t.tex").returncode == 0
    tikz = (tmp_path / "t.tex").read_text()
    for value in values.values():
        assert shown(value, notation).replace(MINUS, r"\ensuremath{-}") in tikz
    for p in probabilities:
        assert f"{{{p}}}" in tikz

    assert run_tracer("slides", path, "-f", "html", "-o", tmp_path / "t.html").returncode == 0
    data = player_data((tmp_path / "t.html").read_text())
    exits = {row[1]: row[6] for row in data["table"]["rows"] if row[3] == "exit"}
    assert exits == {name: shown(value, notation) for name, value in values.items() if name in exits}
    assert len(exits) == len(values)
    said = {p for frame in data["frames"] for p in re.findall(r"with probability (\S+),", frame["caption"])}
    assert sorted(said) == probabilities
    other = FRACTIONS if notation == DECIMALS else DECIMALS
    stray = {shown(v, other) for v in values.values()} - {shown(v, notation) for v in values.values()}
    for text in stray:  # the other notation's form of a value appears nowhere as a value or in a caption
        assert text not in exits.values()
        assert not any(f" {text} " in f" {frame['caption']} " for frame in data["frames"])


def test_a_saved_trace_is_drawn_in_its_notation(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text("players: [max, chance, min]\ntree:\n  - [{p: 0.9, children: [3, 5]}, {p: 0.1, children: [12, 14]}]\n"
                    "  - [{p: 0.25, children: [2, 4]}, {p: 0.75, children: [0.5, 9]}]\n")
    assert run_tracer("trace", path, "-o", tmp_path / "t.json").returncode == 0
    assert run_tracer("render", tmp_path / "t.json", "-f", "svg", "-o", tmp_path / "t.svg").returncode == 0
    texts = {text for texts in svg_nodes((tmp_path / "t.svg").read_text()).values() for text, _ in texts}
    assert {"3.9", "0.875", "0.9", "0.1", "0.25", "0.75"} <= texts
    assert not {"39/10", "7/8", "9/10", "1/10", "1/4", "3/4"} & texts


def test_the_shipped_dice_tree_shows_its_values_in_fractions_as_it_writes_its_probabilities():
    """trees/dice.yaml writes p: 1/6 and whole leaves: its coin's average is 5/2 beside the die's 8/3."""
    result = run_tracer("trace", "trees/dice.yaml")
    assert result.returncode == 0
    assert "returns 5/2 to A" in result.stdout and "8/3" in result.stdout
    assert "2.5" not in result.stdout
    assert yaml.safe_load((TREES / "dice.yaml").read_text())["expect"]["values"]["B"] == 2.5  # keys: numbers
