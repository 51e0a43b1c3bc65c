"""tracer worksheet (issue 31): a handout that asks for everything the key grades, on Letter or A4.

For every shipped tree with a key, the sheet's item list is read against ``tracer grade``'s (the items a blank
answer is graded on, from its JSON) and against the key itself (the tree file's ``expect:``, read as YAML), and a
student who writes in every blank what the answer key's copy of the page writes there is graded by the real
``tracer grade``: full marks. The pages are measured from the PDF itself (pypdf: page size, each text's font size;
pdfinfo; pdftotext -bbox: each word's box), and the key is checked to be the question's page with its blanks
filled (the same places in the pinned DOT)."""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree

import pytest
import yaml
from pypdf import PdfReader

from helpers import TREES, assert_one_line_error, documentation, font_sizes, run_tracer
from tracer.cli.exercises import exercise_sheet
from tracer.cli.main import build_parser, parse_command_line
from tracer.report.paper import MARGIN, TITLE_PT
from tracer.render.paper_size import PAPERS, default_paper

KEYED = sorted(path.stem for path in TREES.glob("*.yaml") if "expect" in yaml.safe_load(path.read_text()))
LEAST = 10.0  # points: the least text on the printed page
POPPLER = shutil.which("pdftotext") and shutil.which("pdfinfo")
needs_poppler = pytest.mark.skipif(not POPPLER, reason="poppler-utils (pdftotext, pdfinfo) not installed")


def sheet_of(name: str, *options: str):
    """The worksheet tracer prints for trees/NAME.yaml with these options: (its trace, its sheet)."""
    args = parse_command_line(build_parser("worksheet"), ["worksheet", str(TREES / f"{name}.yaml"), *options])
    return exercise_sheet(args)


def graded_items(name: str, answer, tmp_path) -> dict:
    """``tracer grade trees/NAME.yaml`` on ``answer`` (a dict, written as an answer file), as its JSON."""
    path = tmp_path / f"{name}.answer.yaml"
    path.write_text(yaml.safe_dump(answer, allow_unicode=True, sort_keys=False))
    result = run_tracer("grade", TREES / f"{name}.yaml", path, "--json")
    assert result.returncode == 0, result.stderr
    return yaml.safe_load(result.stdout)


def written(text: str):
    """A blank's text as a student writes it in an answer file: a number as a number, anything else as text."""
    for kind in (int, float):
        try:
            return kind(text.replace("−", "-"))
        except ValueError:
            pass
    return text


def answer_from(sheet) -> dict:
    """The answer file of a student who writes in every blank of the sheet what its key writes there."""
    answer: dict = {}
    for question in sheet.questions:
        for blank in question.blanks:
            if not any(blank.answer):
                continue  # a blank the right answer leaves empty
            if question.kind == "values":
                answer.setdefault("values", {})[blank.name] = written(blank.answer[0])
            elif question.kind == "leaf":
                answer.setdefault("pruned", [])
                if blank.answer == ("pruned",):
                    answer["pruned"].append(blank.name)
            elif question.kind == "best_move":
                answer["best_move"] = blank.answer[0]
            elif question.kind == "windows":
                answer.setdefault("windows", {})[blank.name] = [written(text) for text in blank.answer]
            elif question.kind == "node_types":
                answer.setdefault("node_types", {})[blank.name] = blank.answer[0]
            elif question.kind == "order":
                answer["order"] = list(blank.answer)
            elif question.kind == "statistics":
                wins, visits = blank.answer
                answer.setdefault("wins", {})[blank.name] = written(wins)
                answer.setdefault("visits", {})[blank.name] = int(visits)
            elif question.kind == "selected":
                answer.setdefault("selected", {})[int(blank.name)] = list(blank.answer)
            else:
                raise AssertionError(f"a question of a kind this test does not know: {question.kind}")
    return answer


def item_names(sheet) -> set[str]:
    """The items the sheet asks, as tracer grade names them (only the blanks worth points)."""
    names = set()
    for question in sheet.questions:
        for blank in question.blanks:
            if not blank.points:
                continue
            names |= {
                "values": {f"value of {blank.name}"}, "leaf": {f"{blank.name} pruned?"}, "best_move": {"best move"},
                "windows": {f"window at {blank.name}"}, "node_types": {f"type of {blank.name}"},
                "order": {"visit order"}, "statistics": {f"N of {blank.name}", f"W of {blank.name}"},
                "selected": {f"path of iteration {blank.name}"},
            }[question.kind]
    return names


# ---- what is asked is what is graded ----------------------------------------------------------------------------

@pytest.mark.parametrize("name", KEYED)
def test_answering_every_blank_as_the_key_does_scores_the_keys_maximum(name, tmp_path):
    _, sheet = sheet_of(name)
    blank_sheet = graded_items(name, {}, tmp_path)
    scored = [item for item in blank_sheet["items"] if item["max_points"]]
    assert len({item["item"] for item in scored}) == len(scored), "grade scores an item twice"
    assert item_names(sheet) == {item["item"] for item in scored}  # every item grade scores, and nothing else
    assert sheet.total == sum(q.points for q in sheet.questions) == blank_sheet["max_score"] > 0
    full = graded_items(name, answer_from(sheet), tmp_path)
    wrong = [item for item in full["items"] if item["points"] < item["max_points"]]
    assert full["score"] == full["max_score"] == blank_sheet["max_score"], wrong


@pytest.mark.parametrize("name", KEYED)
def test_the_sheet_asks_for_every_kind_of_item_the_key_gives(name):
    """Read from the tree file itself: the windows, node types and paths the key names are the ones asked, and
    every node the key gives a value or statistics for has a box."""
    _, sheet = sheet_of(name)
    expect = yaml.safe_load((TREES / f"{name}.yaml").read_text())["expect"]
    asked = {question.kind: question for question in sheet.questions}
    names = {kind: {blank.name for blank in question.blanks} for kind, question in asked.items()}
    assert "best_move" in asked
    for kind, question_kind in (("windows", "windows"), ("node_types", "node_types")):
        assert set(expect.get(kind, {})) == names.get(question_kind, set()), kind
    assert {str(number) for number in expect.get("selected", {})} == names.get("selected", set())
    assert set(expect.get("values", {})) <= names.get("values", set())
    assert set(expect.get("visits", {})) | set(expect.get("wins", {})) <= names.get("statistics", set())
    assert ("order" in expect) == ("order" in asked)
    if "pruned" in expect:
        assert set(expect["pruned"]) <= names["leaf"] | names["values"]  # a pruned node: its leaves are crossed out


def test_the_printed_list_names_each_kind_with_its_points(tmp_path):
    """rn_example's key scores the window at C and the visit order too (2 of its 16 points), and binary_depth4's
    17 node types (of 48): the page says so, with the points."""
    for name, phrases in (("rn_example", ["Values:", "Pruned leaves:", "9 points", "Best move:", "Windows:",
                                          "leaves C", "Visit order:", "for the whole list", "Window at C:"]),
                          ("binary_depth4", ["Node types:", "PV, CUT or ALL", "17 points", "16 points"]),
                          ("mcts_exercise", ["N and W:", "W over N", "1 point for N and 1 for W", "Paths:",
                                             "iterations 4, 8 and 11", "Path of iteration 8:",
                                             "v / 4"])):
        pdf = tmp_path / f"{name}.pdf"
        assert run_tracer("worksheet", TREES / f"{name}.yaml", "--paper", "a4", "-o", pdf).returncode == 0
        words = " ".join(page.extract_text() for page in PdfReader(pdf).pages).split()
        page_text = " ".join(words)
        for phrase in phrases:
            assert phrase in page_text, (name, phrase)
        assert "Answer key" not in page_text


def test_a_search_that_cannot_prune_asks_neither_windows_nor_leaves():
    """With -a minimax the key's window at C is not graded (grade: a search without windows), so not asked."""
    _, sheet = sheet_of("rn_example", "-a", "minimax")
    assert [question.kind for question in sheet.questions] == ["values", "best_move", "order"]


# ---- the page ---------------------------------------------------------------------------------------------------

def words_on_pages(pdf) -> list[tuple[float, float, float, float, float, float, str]]:
    """Each word with its page's size and its box, in points (``pdftotext -bbox``)."""
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    found = []
    for page in re.findall(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', out, re.S):
        width, height = float(page[0]), float(page[1])
        for box in re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>',
                              page[2]):
            found.append((width, height, *map(float, box[:4]), box[4]))
    return found


def page_sizes(pdf) -> list[tuple[float, float]]:
    return [(float(page.mediabox.width), float(page.mediabox.height)) for page in PdfReader(pdf).pages]


@needs_poppler
@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("name", KEYED)
def test_every_keyed_tree_prints_on_the_paper_with_text_of_10_pt_or_more(name, paper, tmp_path):
    pdf = tmp_path / "sheet.pdf"
    result = run_tracer("worksheet", TREES / f"{name}.yaml", "--paper", paper, "-o", pdf)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    width, height = PAPERS[paper]
    sizes = page_sizes(pdf)
    assert 1 <= len(sizes) <= 2 and len(set(sizes)) == 1
    assert sizes[0] in ((width, height), (height, width)), sizes  # exactly the paper, either way up
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    shown = tuple(map(float, re.search(r"Page size:\s+([\d.]+) x ([\d.]+) pts", info).groups()))
    assert shown in ((round(width, 3), round(height, 3)), (round(height, 3), round(width, 3))), info
    sizes_of_text = font_sizes(pdf)
    smallest = min(sizes_of_text)
    assert smallest[0] >= LEAST, f"{smallest[1]!r} is {smallest[0]:.3f} pt"
    title = sizes_of_text[0]  # drawn at the size asked: nothing pushed the page past its frame to shrink it
    assert title[0] == pytest.approx(TITLE_PT * 1.0005, abs=0.01), title
    words = words_on_pages(pdf)
    lowest = min(words, key=lambda word: word[5] - word[3])
    assert lowest[5] - lowest[3] >= LEAST, f"{lowest[6]!r} stands {lowest[5] - lowest[3]:.2f} pt high"
    for page_w, page_h, x_min, y_min, x_max, y_max, word in words:  # every word inside the margins
        assert MARGIN - 1 <= x_min and x_max <= page_w - MARGIN + 1, (word, x_min, x_max)
        assert MARGIN - 4 <= y_min and y_max <= page_h - MARGIN + 1, (word, y_min, y_max)


@pytest.mark.parametrize("name", ["rn_example", "binary_depth4", "mcts_exercise", "dice", "three_players"])
def test_the_key_is_the_question_with_its_blanks_filled(name, tmp_path):
    """The same pages with every box in the same place; each box empty on the question and holding the sheet's
    answer in the key (– where the right answer is to leave it empty); the pruned leaves crossed out."""
    question, key = tmp_path / "sheet.dot", tmp_path / "key.dot"
    for path, extra in ((question, []), (key, ["--key"])):
        assert run_tracer("worksheet", TREES / f"{name}.yaml", "--paper", "letter", "-o", path, *extra).returncode \
            == 0
    pinned = re.compile(r'\t(\w+) \[(.*?)\]\n', re.S)

    def places(text):
        return {node: re.search(r'pos="([^"]+)"', attrs).group(1) for node, attrs in pinned.findall(text)
                if re.match(r"n\d+(_box\d|_type)?$|frame_", node)}

    def labels(text):
        return {node: re.search(r'label=(<.*>|"[^"]*")', attrs).group(1) for node, attrs in pinned.findall(text)
                if re.match(r"n\d+(_box\d|_type)$", node)}

    asked, filled = question.read_text(), key.read_text()
    assert asked.count("digraph") == filled.count("digraph") and places(asked) == places(filled)
    assert all(label == '""' for label in labels(asked).values())
    _, sheet = sheet_of(name)
    in_key = labels(filled)
    for question_ in sheet.questions:
        for blank in question_.blanks:
            if question_.kind in ("values", "statistics"):
                for index, text in enumerate(blank.answer):
                    assert (f"<B>{text}</B>" if text else "–") in in_key[f"n{blank.node}_box{index}"], blank
            elif question_.kind == "node_types":
                assert f"<B>{blank.answer[0]}</B>" in in_key[f"n{blank.node}_type"]
            elif question_.kind == "leaf":
                assert (f"n{blank.node}_cross" in filled) == (blank.answer == ("pruned",)), blank
    assert "_cross" not in asked


def test_the_formats_give_the_same_pages(tmp_path):
    """binary_depth4 takes two landscape A4 pages: the PDF two pages, the SVG and the PNG both pages one under the
    other, the DOT each page's graph."""
    base = [TREES / "binary_depth4.yaml", "--paper", "a4"]
    for fmt in ("pdf", "svg", "png", "dot"):
        assert run_tracer("worksheet", *base, "-o", tmp_path / f"sheet.{fmt}").returncode == 0, fmt
    assert page_sizes(tmp_path / "sheet.pdf") == [PAPERS["a4"][::-1]] * 2
    svg = ElementTree.parse(tmp_path / "sheet.svg").getroot()
    pages = [child for child in svg if child.tag.endswith("svg")]
    assert len(pages) == 2 and [page.get("y") for page in pages] == ["0", str(595 + 24)]
    from PIL import Image

    with Image.open(tmp_path / "sheet.png") as image:  # 150 dots per inch, two pages and the gap between
        assert image.size == (round(842 / 72 * 150), 2 * round(595 / 72 * 150) + round(24 * 150 / 72))
    assert (tmp_path / "sheet.dot").read_text().count("digraph") == 2


def test_the_default_names_and_format_are_kept(tmp_path):
    (tmp_path / "trees").symlink_to(TREES)
    for extra, name in (([], "output/rn_example.worksheet.pdf"), (["--key"], "output/rn_example.key.pdf"),
                        (["-f", "png"], "output/rn_example.worksheet.png")):
        result = run_tracer("worksheet", "trees/rn_example.yaml", "--paper", "letter", *extra, cwd=tmp_path)
        assert result.returncode == 0 and result.stdout.strip() == name, result.stderr
        assert (tmp_path / name).stat().st_size > 0


@pytest.mark.parametrize("environment, paper", [
    ({"LC_ALL": "C"}, "a4"),
    ({"LC_ALL": "C.UTF-8", "LC_PAPER": "en_US.UTF-8"}, "a4"),  # LC_ALL wins, as in the C library
    ({"LC_ALL": "", "LC_PAPER": "", "LANG": "de_DE.UTF-8"}, "a4"),
    ({"LC_ALL": "en_US.UTF-8"}, "letter"),
    ({"LC_PAPER": "es_MX", "LANG": "en_GB.UTF-8"}, "letter"),
    ({"LC_ALL": "", "LC_PAPER": "fr_CA.UTF-8", "LANG": "fr_FR.UTF-8"}, "letter"),
    ({"LANG": "en_USA"}, "a4"),  # not a territory
    ({"LC_ALL": "", "LC_PAPER": "", "LANG": ""}, "a4"),
    ({}, "a4"),
])
def test_the_paper_defaults_to_the_locales(environment, paper):
    assert default_paper(environment) == paper


def test_the_letter_territories_are_the_c_librarys_where_its_locale_data_is_installed():
    """Each locale whose LC_PAPER height the GNU C library's data gives as 279 mm (Letter), directly or by copying
    another, has a Letter territory; each whose height is 297 mm (A4), an A4 one."""
    from pathlib import Path

    from tracer.render.paper_size import LETTER_TERRITORIES

    folder = Path("/usr/share/i18n/locales")
    if not folder.is_dir():
        pytest.skip("no GNU C library locale sources on this machine")

    def height(name: str, seen=()) -> int | None:
        path = folder / name
        if not path.is_file() or name in seen:
            return None
        section = re.search(r"^LC_PAPER$(.*?)^END LC_PAPER$", path.read_text(errors="replace"), re.M | re.S)
        if section is None:
            return None
        found = re.search(r"^\s*height\s+(\d+)", section.group(1), re.M)
        if found:
            return int(found.group(1))
        copied = re.search(r'^\s*copy\s+"([^"]+)"', section.group(1), re.M)
        return height(copied.group(1), (*seen, name)) if copied else None

    checked = 0
    for path in folder.glob("*_*"):
        territory = re.match(r"^[A-Za-z]+_([A-Z]{2})(?![A-Za-z])", path.name)
        paper = height(path.name)
        if territory and paper in (279, 297):
            assert (territory.group(1) in LETTER_TERRITORIES) == (paper == 279), path.name
            checked += 1
    assert checked > 100


def test_the_command_takes_the_locales_paper(tmp_path):
    for environment, size in (({"LC_ALL": "en_US.UTF-8"}, PAPERS["letter"]), ({"LC_ALL": "C"}, PAPERS["a4"])):
        pdf = tmp_path / "sheet.pdf"
        result = run_tracer("worksheet", TREES / "rn_example.yaml", "-o", pdf, env=environment)
        assert result.returncode == 0, result.stderr
        assert page_sizes(pdf)[0] in (size, size[::-1])


def test_a_tree_too_wide_for_any_page_is_one_line_and_no_file(tmp_path):
    tree = tmp_path / "wide.yaml"
    tree.write_text("tree: [" + ", ".join(str(value % 17) for value in range(90)) + "]\n")
    out = tmp_path / "sheet.pdf"
    result = run_tracer("worksheet", tree, "--paper", "letter", "-o", out)
    assert_one_line_error(result, str(tree), "too large for a worksheet on LETTER paper")
    assert not out.exists()
    bad = run_tracer("worksheet", TREES / "rn_example.yaml", "--paper", "a3", "-o", out)
    assert bad.returncode == 2 and "letter" in bad.stderr and not out.exists()


def test_every_worksheet_example_in_the_readme_and_the_help_runs(tmp_path):
    text = documentation() + "\n" + run_tracer("worksheet", "--help").stdout
    examples = sorted({line.split("#")[0].strip() for line in text.splitlines()
                       if line.strip().startswith("tracer worksheet ")})
    assert len(examples) >= 3, examples
    (tmp_path / "trees").symlink_to(TREES)
    for example in examples:
        result = run_tracer(*example.split()[1:], "--paper", "letter", cwd=tmp_path)
        assert result.returncode == 0, (example, result.stderr)
        assert (tmp_path / result.stdout.strip()).stat().st_size > 0, example


def test_the_same_exercise_gives_the_same_pages_in_any_process(tmp_path):
    """The pinned source does not depend on the order of a set (Python's string hashing differs by process)."""
    sources = []
    for seed in ("1", "2"):
        out = tmp_path / f"sheet{seed}.dot"
        result = run_tracer("worksheet", TREES / "binary_depth4.yaml", "--paper", "letter", "--key", "-o", out,
                            env={"PYTHONHASHSEED": seed})
        assert result.returncode == 0, result.stderr
        sources.append(out.read_text())
    assert sources[0] == sources[1]
