"""The practice page, in a real headless browser (Debian's chromium, driven by Playwright): answers filled in, checked,
downloaded and graded by ``tracer grade`` as the answer file's own comment says, with the page's score and verdicts
held to grade's for every shipped tree and 100 generated exercises; keyboard-only use; no request leaves the page;
hostile names shown as text; answers kept across a reload; the command's one-line errors."""

from __future__ import annotations

import json
import random
import shlex
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from helpers import IN_A_BROWSER, WatchedPage, documentation, run_tracer, scaled
from tracer.cli.exercises import exercise_names

ROOT = Path(__file__).resolve().parents[2]
TREES = ROOT / "trees"
pytestmark = IN_A_BROWSER

HOSTILE = """title: "</script><img src=x onerror=alert(1)> & \\"q\\""
root: max
rules: {algorithm: alphabeta}
tree:
  - name: "</script><img src=x onerror=alert(2)>"
    children: [{name: "</svg>", value: 3}, {name: "a & b", value: 5}]
  - name: "<b>bold</b>"
    children: [{name: "<!--", value: 2}, {name: "x — you wrote", value: 9}]
"""

FILL = """([index, boxes, leaves, none, selects]) => {
  const section = document.getElementById(`exercise-${index}`);
  for (const [label, text] of Object.entries(boxes)) {
    const input = [...section.querySelectorAll("input.box")].find((box) => box.getAttribute("aria-label") === label);
    input.value = text;
    input.dispatchEvent(new Event("input"));
  }
  for (const leaf of leaves) section.querySelector(`g[data-node="${leaf}"]`).dispatchEvent(new MouseEvent("click"));
  if (none) { const box = section.querySelector(`#none-${index}`); box.checked = true; box.dispatchEvent(new Event("change")); }
  for (const [label, value] of Object.entries(selects)) {
    const select = section.querySelector(label === "best" ? "select.best" : `select[aria-label="${label}"]`);
    select.value = value;
    select.dispatchEvent(new Event("change"));
  }
  section.querySelector("button[type=submit]").click();
}"""

VERDICTS = """(index) => {
  const section = document.getElementById(`exercise-${index}`);
  const score = section.querySelector(".score");
  return {score: Number(score.dataset.score), max: Number(score.dataset.max),
          items: [...section.querySelectorAll(".item-list tr")].map((row) => [row.dataset.item, row.dataset.verdict])};
}"""



class Page(WatchedPage):
    """A practice page open in the browser, with what its console said and every request it made."""

    def __init__(self, browser, path: Path):
        self.path = path
        super().__init__(browser, path.as_uri(), viewport={"width": 1366, "height": 800}, accept_downloads=True)
        self.data = self.page.evaluate("JSON.parse(document.getElementById('practice-data').textContent)")

    def download(self, index: int, button: str = "Download answers") -> str:
        with self.page.expect_download() as download:
            self.page.click(f"#exercise-{index} button:has-text('{button}')")
        return Path(download.value.path()).read_text(encoding="utf-8")

    def verdicts(self, index: int) -> dict:
        return self.page.evaluate(VERDICTS, index)

    def departure(self, index: int) -> str:
        self.page.click(f"#exercise-{index} button:has-text('Why?')")
        return self.page.inner_text(f"#exercise-{index} .why")


def build(tmp_path, *args) -> Path:
    out = tmp_path / "practice.html"
    result = run_tracer("practice", *args, "-o", out)
    assert result.returncode == 0, result.stderr
    return out


def grade_as_the_file_says(answer: str, answer_path: Path, cwd: Path) -> dict:
    """Run the ``tracer grade`` command the answer file's comment names (the answers saved at ``answer_path``)."""
    answer_path.write_text(answer, encoding="utf-8")
    line = next(line for line in answer.splitlines() if line.startswith("# grade them: "))
    words = shlex.split(line.removeprefix("# grade them: "))
    assert words[:2] == ["tracer", "grade"]
    words[3] = str(answer_path)
    result = run_tracer(*words[1:], "--json", cwd=cwd)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


# ---- answers to fill in: a mix of right, wrong, blank and unreadable, written in every form the grammar has -------

def number_text(value, rng: random.Random, right: bool) -> str:
    """A value as a student may write it: right (as a whole number, a decimal, a fraction, a vector), or wrong."""
    if isinstance(value, list):
        parts = [number_text(part, rng, True) for part in value]
        if not right:
            parts[0] = number_text(value[0], rng, False)
        return "(" + ", ".join(parts) + ")"
    if value in ("inf", "-inf"):
        return (value if rng.random() < 0.5 else value.replace("inf", "∞")) if right else "0"
    if not right:
        return rng.choice([str(value + 1), f"{value - 0.5}", "<=-1000", ">=1000"])
    if float(value).is_integer():
        return rng.choice([str(int(value)), f"{int(value)}.0", f"{int(value)}/1"])
    fraction = Fraction(value).limit_denominator(1000)
    return rng.choice([f"{value:.2f}", f"{value:.3f}", f"{fraction.numerator}/{fraction.denominator}"])


def fill_for(sheet: dict, rng: random.Random):
    """Boxes (by their aria-label), leaves to click, the "no leaf is pruned" box, and selects, for one exercise."""
    labels, boxes, selects = sheet["labels"], {}, {}
    leaves, none = [], False
    for item in sheet["items"]:
        choice = rng.choice(["right", "right", "wrong", "blank", "junk"])
        if choice == "blank" or item["kind"] == "leaf":
            continue
        node = item["node"]
        right = choice == "right"
        if item["kind"] == "values":
            found = item["found"]
            text = number_text(found["number"], rng, right)
            if right and found["bound"] != "=" and rng.random() < 0.5:
                text = ("<=" if found["bound"] == "≤" else "≥ ") + text
            boxes[f"value of {labels[node]}"] = "x1" if choice == "junk" else text
        elif item["kind"] == "visits":
            boxes[f"N of {labels[node]}"] = "abc" if choice == "junk" else str(item["found"] + (0 if right else 1))
        elif item["kind"] == "wins":
            boxes[f"W of {labels[node]}"] = "<=1" if choice == "junk" else number_text(item["found"], rng, right)
        elif item["kind"] == "windows" and item["found"] is not None:
            alpha, beta = item["found"]
            boxes[f"α when {labels[node]} is left"] = number_text(alpha, rng, True)
            boxes[f"β when {labels[node]} is left"] = number_text(beta, rng, right) if choice != "junk" else ""
        elif item["kind"] == "node_types":
            selects[f"type of {labels[node]}"] = item["found"] if right else \
                next(t for t in sheet["node_types"] if t != item["found"])
        elif item["kind"] == "best_move" and sheet["moves"]:
            selects["best"] = str(item["found"]) if right else rng.choice(sheet["moves"])
        elif item["kind"] in ("order", "selected"):
            names = list(item["found"]) if right else item["found"][:-1] + [labels[0]]
            label = "visit order, names separated by commas" if item["kind"] == "order" else \
                f"{item['item']}, names separated by commas"
            boxes[label] = "Nope, A" if choice == "junk" else ", ".join(names)
    for title in sheet["extras"]:  # a value (N, W) for a node the search never reaches (makes), now and then
        if rng.random() < 0.3:
            boxes[title] = "1"
    if sheet["prunes"]:
        pruned = [item["node"] for item in sheet["items"] if item["kind"] == "leaf" and item["found"] == "pruned"]
        how = rng.choice(["right", "some", "blank", "none"])
        if how == "right":
            leaves = pruned
        elif how == "some":
            leaves = rng.sample(sheet["leaves"], k=min(2, len(sheet["leaves"])))
        none = how == "none" or (how == "right" and not pruned)
    return boxes, leaves, none, selects


def check_every_exercise(page: Page, tmp_path: Path, cwd: Path, seed: int) -> int:
    """Fill each exercise of the page, check it, download the answers, grade them as the file says, and compare;
    returns how many items differed from a blank sheet's 0 (so the test knows the mix scored something)."""
    rng = random.Random(seed)
    scored = 0
    for exercise in page.data["exercises"]:
        index = exercise["index"]
        page.page.evaluate(FILL, [index, *fill_for(exercise["sheet"], rng)])
        shown = page.verdicts(index)
        departure = page.departure(index)
        answer = page.download(index)
        graded = grade_as_the_file_says(answer, tmp_path / f"{exercise['name']}.answers.yaml", cwd)
        assert (shown["score"], shown["max"]) == (graded["score"], graded["max_score"]), (exercise["file"], answer)
        assert shown["items"] == [[item["item"], item["verdict"]] for item in graded["items"]], exercise["file"]
        if graded["first_departure"]:
            assert departure.removeprefix("First departure: ").rpartition(" — ")[0] == \
                graded["first_departure"].rpartition(" — ")[0]
        else:
            assert not departure.startswith("First departure")
        scored += graded["score"] > 0
    return scored


def test_every_shipped_tree_scores_as_tracer_grade_scores_the_download(browser, tmp_path):
    page = Page(browser, build(tmp_path, TREES, "--no-player"))
    assert len(page.data["exercises"]) == len(list(TREES.glob("*.yaml")))
    kinds = {item["kind"] for exercise in page.data["exercises"] for item in exercise["sheet"]["items"]}
    assert {"values", "leaf", "best_move", "windows", "order", "visits", "wins", "selected"} <= kinds
    assert check_every_exercise(page, tmp_path, ROOT, seed=1) > 0
    assert page.errors == [] and page.dialogs == []
    page.close()


def test_100_generated_exercises_score_as_tracer_grade_scores_the_download(browser, tmp_path):
    count = scaled(100, 20)  # 100 in CI; a local run's profile checks 20 (tests/conftest.py)
    page = Page(browser, build(tmp_path, "--count", str(count), "--seed", "7", "--depth", "3", "--branching", "2-3",
                               "--no-player"))
    answer = page.download(1)
    regenerate = next(line for line in answer.splitlines() if line.startswith("# the tree: "))
    words = shlex.split(regenerate.removeprefix("# the tree: "))
    folder = tmp_path / "exercises"
    folder.mkdir()
    assert run_tracer(*words[1:], cwd=folder).returncode == 0  # the trees, made again as the comment says
    tree = yaml.safe_load(page.download(5, "Download the tree"))
    made = yaml.safe_load((folder / exercise_names(count)[4]).read_text(encoding="utf-8"))
    assert "expect" in made and made.pop("expect") and tree == made  # the tree, without its key
    assert check_every_exercise(page, folder, folder, seed=2) > count // 5
    assert page.errors == []
    page.close()


def test_a_blank_page_scores_0_and_so_does_its_answer_file(browser, tmp_path):
    page = Page(browser, build(tmp_path, TREES / "rn_example.yaml", TREES / "mcts_exercise.yaml", "--no-player"))
    for exercise in page.data["exercises"]:
        page.page.click(f"#exercise-{exercise['index']} button[type=submit]")
        shown = page.verdicts(exercise["index"])
        graded = grade_as_the_file_says(page.download(exercise["index"]), tmp_path / "blank.yaml", ROOT)
        assert shown["score"] == graded["score"] == 0 and shown["max"] == graded["max_score"] > 0
        assert {verdict for _, verdict in shown["items"]} == {"missing"}
    page.close()


def test_why_opens_the_first_departure_in_the_player_and_nothing_is_fetched(browser, tmp_path):
    page = Page(browser, build(tmp_path, TREES / "rn_example.yaml", TREES / "dice.yaml"))
    page.page.fill("#exercise-1 input[aria-label='value of C']", "3")  # C returns ≤ 2: decided at step 20
    page.page.click("#exercise-1 button[type=submit]")
    assert page.departure(1).startswith("First departure: step 20: ")
    caption = page.page.inner_text("#exercise-1 .tracer-player .caption")
    assert caption.startswith("Step 20: ") and page.page.locator(".tracer-player").count() == 1
    page.page.click("#exercise-2 button:has-text('Show the search')")  # a second player on the same page
    assert page.page.locator(".tracer-player").count() == 2
    page.page.click("#exercise-2 .tracer-player .next")
    assert page.page.inner_text("#exercise-2 .tracer-player .caption").startswith("Step 2: ")
    assert page.page.inner_text("#exercise-1 .tracer-player .caption").startswith("Step 20: ")  # not the other's
    page.download(1)
    assert page.page.evaluate("document.querySelectorAll('[id]').length") == \
        page.page.evaluate("new Set([...document.querySelectorAll('[id]')].map(e => e.id)).size")  # ids unique
    assert page.errors == []
    assert all(url == page.path.as_uri() or url.startswith("blob:") for url in page.requests), page.requests
    text = page.path.read_text(encoding="utf-8")
    for outside in ("<link", " src=", "@import", "url(", "http://cdn", "https://"):  # SVG's namespace is a name
        assert outside not in text
    page.close()


def test_a_later_exercise_s_player_is_built_when_opened_and_steps(browser, tmp_path):
    """A set of twenty: the page holds one copy of the player's script and style and no player's markup until one
    is opened; the seventeenth exercise's player, opened by "Show the search", steps through its own search (the
    captions its data gives, the current row of its table), with its text 14 CSS px or more."""
    page = Page(browser, build(tmp_path, "--count", "20", "--seed", "1"))
    text = page.path.read_text(encoding="utf-8")
    assert text.count("window.TracerPlayer = ") == 1 and text.count(":root { color-scheme: light;") == 1
    assert page.page.locator(".tracer-player").count() == 0  # built when opened, not before
    player = page.data["exercises"][16]["player"]
    captions = [f"Step {frame['step']}: {frame['caption']}" for frame in player["frames"]]
    page.page.click("#exercise-17 button:has-text('Show the search')")
    assert page.page.locator(".tracer-player").count() == 1
    shown = "#exercise-17 .tracer-player"
    assert page.page.inner_text(f"{shown} .caption") == captions[0]
    for index in (1, 2):
        page.page.click(f"{shown} .next")
        assert page.page.inner_text(f"{shown} .caption") == captions[index]
    page.page.keyboard.press("End")
    assert page.page.inner_text(f"{shown} .caption") == captions[-1]
    rows = page.page.eval_on_selector_all(f"{shown} .table tr.current", "rows => rows.map(r => r.dataset.step)")
    assert rows == [str(player["frames"][-1]["step"])]
    sizes = page.page.eval_on_selector_all(f"{shown} .tree svg text", """texts => texts.filter(t => t.textContent.trim())
        .map(t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)""")
    assert sizes and min(sizes) >= 14 - 1e-6
    assert page.errors == []
    page.close()


def test_why_explains_the_answer_as_it_is_now(browser, tmp_path):
    """Why? after a box has changed since Check scores the answer again: it never explains an answer that is gone."""
    page = Page(browser, build(tmp_path, TREES / "rn_example.yaml", "--no-player"))
    page.page.fill("#exercise-1 input[aria-label='value of C']", "3")  # C returns ≤ 2: decided at step 20
    page.page.click("#exercise-1 button[type=submit]")
    assert page.departure(1).startswith("First departure: step 20: ")
    for label, value in (("value of A", "3"), ("value of B", "3"), ("value of C", "2"), ("value of D", "2")):
        page.page.fill(f"#exercise-1 input[aria-label='{label}']", value)  # every value right now, unchecked
    page.page.click("#exercise-1 button:has-text('Why?')")
    assert "step 20" not in page.departure(1)
    page.close()


def test_keyboard_only(browser, tmp_path):
    page = Page(browser, build(tmp_path, TREES / "rn_example.yaml", "--no-player"))
    keys = page.page.keyboard

    def tab_to(label: str) -> None:
        for _ in range(60):
            keys.press("Tab")
            if page.page.evaluate("document.activeElement.getAttribute('aria-label')") == label:
                return
        raise AssertionError(f"Tab never reached {label}")

    tab_to("leaf C2: pruned?")
    keys.press("Enter")
    tab_to("leaf C3: pruned?")
    keys.press(" ")
    assert page.page.get_attribute("#exercise-1 g[data-node='8']", "aria-checked") == "true"
    for name, value in (("A", "3"), ("B", "3"), ("C", "<=2"), ("D", "2")):  # Russell and Norvig's values
        tab_to(f"value of {name}")
        keys.type(value)
    keys.press("Enter")  # in a box: checks
    shown = page.verdicts(1)
    assert page.page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"  # focus visible
    graded = grade_as_the_file_says(page.download(1), tmp_path / "keys.yaml", ROOT)
    assert shown["score"] == graded["score"] == 4 + 9  # 4 values and 9 leaves right; no move, window or order
    page.close()


def test_hostile_names_are_text(browser, tmp_path):
    tree = tmp_path / "hostile.yaml"
    tree.write_text(HOSTILE, encoding="utf-8")
    page = Page(browser, build(tmp_path, tree))
    page.page.fill("#exercise-1 input.values >> nth=0", "3")
    page.page.click("#exercise-1 button[type=submit]")
    page.departure(1)
    assert page.dialogs == [] and page.errors == []
    assert page.page.eval_on_selector_all("img, iframe, object, b", "els => els.length") == 0
    assert page.page.eval_on_selector_all("script", "els => els.length") == 2
    texts = page.page.eval_on_selector_all(".drawing svg text", "ts => ts.map(t => t.textContent)")
    for name in ("</svg>", "a & b", "<!--", "x — you wrote"):
        assert name in texts
    rows = page.page.eval_on_selector_all(".boxes tbody th", "ths => ths.map(th => th.textContent)")
    assert "</script><img src=x onerror=alert(2)>" in rows and "<b>bold</b>" in rows
    answer = page.download(1)
    assert "\n# " in answer and grade_as_the_file_says(answer, tmp_path / "h.yaml", ROOT)["score"] == \
        page.verdicts(1)["score"]
    page.close()


def test_answers_are_kept_across_a_reload_and_never_mixed(browser, tmp_path):
    first = build(tmp_path, TREES / "rn_example.yaml", "--no-player")
    page = Page(browser, first)
    page.page.fill("#exercise-1 input[aria-label='value of B']", "3")
    page.page.click("#exercise-1 g[data-node='7']")
    page.page.reload()
    assert page.page.input_value("#exercise-1 input[aria-label='value of B']") == "3"
    assert page.page.get_attribute("#exercise-1 g[data-node='7']", "aria-checked") == "true"
    other = tmp_path / "other"
    other.mkdir()
    page.page.goto(build(other, TREES / "min_root.yaml", "--no-player").as_uri())  # exercise 1 of another page
    assert all(value == "" for value in page.page.eval_on_selector_all("input.box", "bs => bs.map(b => b.value)"))
    page.close()


@pytest.mark.parametrize("args", [
    ["trees/no_such_file.yaml"],
    ["--count", "0"],
    ["--count", "2000"],
    ["trees/rn_example.yaml", "--branching", "2"],
    ["trees/rn_example.yaml", "-a", "nosuch"],
    ["--depth", "2", "--pruned-leaves", "9", "--branching", "2"],
    ["trees/rn_example.yaml", "-o", "{out}.svg"],
])
def test_a_bad_file_or_option_is_one_line_and_writes_nothing(tmp_path, args):
    out = tmp_path / "page"
    args = [arg.replace("{out}", str(out)) for arg in args]
    target = out.with_suffix(".svg") if "-o" in args else out.with_suffix(".html")
    result = run_tracer("practice", *args, *([] if "-o" in args else ["-o", target]))
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr, result.stderr
    assert not target.exists() and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("options", [
    ["-a", "minimax"], ["-a", "alphabeta", "--prune", "gt", "--fail", "hard"], ["-a", "negamax"],
    ["-a", "negamax-ab", "--fail", "hard"], ["-a", "pvs"], ["-a", "mtdf", "--guess", "2"], ["-a", "sss"],
    ["-a", "id"],
])
def test_every_search_of_plain_trees_scores_as_tracer_grade(browser, tmp_path, options):
    page = Page(browser, build(tmp_path, TREES / "rn_example.yaml", TREES / "deep_cutoff.yaml", *options,
                               "--no-player"))
    assert all(options[1] in exercise["sheet"]["search"] for exercise in page.data["exercises"])
    check_every_exercise(page, tmp_path, ROOT, seed=len(options))
    assert page.errors == []
    page.close()


@pytest.mark.parametrize("generator", [
    ["--chance", "--bounds", "-2..2", "--min-pruned", "1", "--depth", "3", "--branching", "2"],
    ["--players", "A,B,C", "--vector", "--sum", "10", "--values", "0..10", "--depth", "3", "--branching", "2"],
    ["--players", "max,min,min", "--depth", "3", "--branching", "2"],
    ["--rules", "{algorithm: alphabeta, prune: gt, fail: hard}", "--min-cutoffs", "2"],
])
def test_generated_exercises_of_every_kind_score_as_tracer_grade(browser, tmp_path, generator):
    page = Page(browser, build(tmp_path, "--count", "6", "--seed", "3", *generator, "--no-player"))
    folder = tmp_path / "set"
    folder.mkdir()
    words = shlex.split(next(line for line in page.download(1).splitlines() if line.startswith("# the tree: "))[12:])
    assert run_tracer(*words[1:], cwd=folder).returncode == 0
    check_every_exercise(page, folder, folder, seed=3)
    assert page.errors == []
    page.close()


TEXT_SIZES = """(index) => {
  const section = document.getElementById(`exercise-${index}`);
  const sizes = (selector) => [...section.querySelectorAll(selector)].map((text) => ({
    height: text.getBoundingClientRect().height,
    px: parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a}));  // CSS px: the SVG's scale applied
  const box = (selector) => section.querySelector(selector).getBoundingClientRect();
  const leaves = JSON.parse(document.getElementById("practice-data").textContent).exercises[index - 1].sheet.leaves;
  return {count: leaves.length, leaves: sizes(leaves.map((leaf) => `.drawing g[data-node="${leaf}"] text`).join(", ")),
          nodes: sizes(".drawing g[data-node] text"), drawing: box(".drawing"), answers: box(".answers")};
}"""


@pytest.mark.parametrize("args", [
    [TREES / "rn_example.yaml"],
    ["--count", "1", "--seed", "3", "--depth", "3", "--branching", "3"],  # 27 leaves
])
def test_the_tree_s_text_reads_at_laptop_size_and_grows_with_the_browser_s_zoom(browser, tmp_path, args):
    out = build(tmp_path, *args, "--no-player")
    leaves = 0
    for width, css_width in ((1280, 1280), (1280, 640)):  # a 1280-pixel window at 100 % and at 200 % zoom
        page = browser.new_page(viewport={"width": css_width, "height": 800}, device_scale_factor=width / css_width)
        page.goto(out.as_uri())
        shown = page.evaluate(TEXT_SIZES, 1)
        leaves = shown["count"]
        assert len(shown["leaves"]) >= leaves and len(shown["nodes"]) > len(shown["leaves"])
        for text in shown["nodes"]:  # every name and leaf value, 12 CSS pixels or more: zoom enlarges it
            assert text["px"] >= 12 - 1e-6 and text["height"] >= 12, (css_width, text)
        if css_width == 640:
            assert page.evaluate("document.querySelector('.drawing').scrollWidth") > shown["drawing"]["width"]
        assert shown["answers"]["top"] >= shown["drawing"]["bottom"] - 1  # no room beside the tree: under it
        page.close()
    assert leaves == (9 if args[0] == TREES / "rn_example.yaml" else 27)


def test_the_answers_stand_beside_the_tree_when_there_is_room(browser, tmp_path):
    page = browser.new_page(viewport={"width": 1920, "height": 1000})
    page.goto(build(tmp_path, TREES / "rn_example.yaml", "--no-player").as_uri())
    shown = page.evaluate(TEXT_SIZES, 1)
    assert shown["answers"]["left"] >= shown["drawing"]["right"] and shown["answers"]["top"] < shown["drawing"]["bottom"]
    assert min(text["px"] for text in shown["nodes"]) >= 12
    page.close()


def test_a_value_for_a_node_never_reached_is_marked_not_graded_as_grade_says(browser, tmp_path):
    page = Page(browser, build(tmp_path, "--count", "5", "--seed", "7", "--depth", "3", "--branching", "2-3",
                               "--no-player"))
    assert "leave a node the search never reaches empty" in " ".join(page.page.inner_text(".help").split())
    exercise = next(exercise for exercise in page.data["exercises"] if exercise["sheet"]["extras"])
    index, sheet = exercise["index"], exercise["sheet"]
    title, extra = next(iter(sheet["extras"].items()))
    reached = next(item for item in sheet["items"] if item["kind"] == "values")
    wrong = number_text(reached["found"]["number"], random.Random(1), False)
    page.page.evaluate(FILL, [index, {title: "1", reached["item"]: wrong}, [], False, {}])
    name, other = sheet["labels"][extra["node"]], sheet["labels"][reached["node"]]
    row = f"#exercise-{index} .boxes tbody tr:has(th:text-is('{{}}')) .mark"
    folder = tmp_path / "set"
    folder.mkdir()
    answer = page.download(index)
    words = shlex.split(next(line for line in answer.splitlines() if line.startswith("# the tree: "))[12:])
    assert run_tracer(*words[1:], cwd=folder).returncode == 0
    graded = grade_as_the_file_says(answer, folder / "answers.yaml", folder)
    said = next(item for item in graded["items"] if item["item"] == title)
    assert said["verdict"] == "extra" and said["points"] == said["max_points"] == 0
    words = f"the search never reaches {name} (not graded)"
    report = run_tracer("grade", f"exercise-{index:02}.yaml", "answers.yaml", cwd=folder).stdout
    assert any(line.strip().startswith(f"· {title}: ") and line.endswith(f", but {words}")
               for line in report.splitlines()), report  # grade's own words, in its report
    for selector in (row.format(name), f"#exercise-{index} .drawing text.verdict:has(title:text-is('{words}: "
                                          f"leave its box empty'))"):
        assert page.page.eval_on_selector(selector, "e => [e.textContent, e.getAttribute('class')]")[1] \
            .split()[-1] == "extra"
    assert page.page.inner_text(row.format(name)) == "–"
    assert page.page.get_attribute(row.format(name), "title") == f"{words}: leave its box empty"
    assert page.page.inner_text(row.format(other)) == "✗"  # a wrong value is still ✗
    assert page.page.eval_on_selector(f"#exercise-{index} .item-list tr[data-item='{title}']",
                                      "tr => [...tr.cells].map(td => td.textContent)") == \
        [title, "not graded", "0/0", words]
    assert "✗" not in page.page.eval_on_selector_all(f"#exercise-{index} .drawing text.verdict.extra",
                                                     "ts => ts.map(t => t.textContent).join('')")
    page.close()


def test_each_box_has_its_own_mark_and_the_window_is_the_one_as_the_node_is_left(browser, tmp_path):
    page = Page(browser, build(tmp_path, TREES / "rn_example.yaml", "--no-player"))
    sheet = page.data["exercises"][0]["sheet"]
    window = next(item for item in sheet["items"] if item["kind"] == "windows")
    value = next(item for item in sheet["items"] if item["kind"] == "values" and item["node"] == window["node"])
    name = sheet["labels"][window["node"]]
    alpha, beta = window["found"]
    right = number_text(value["found"]["number"], random.Random(2), True)
    page.page.evaluate(FILL, [1, {f"value of {name}": right, f"α when {name} is left": str(alpha),
                                  f"β when {name} is left": str(beta + 1)}, [], False, {}])
    marks = page.page.eval_on_selector_all(f"#exercise-1 .boxes tbody tr:has(th:text-is('{name}')) .mark",
                                           "ms => ms.map(m => m.textContent)")
    assert marks == ["✓", "✗"]  # the value right, the window wrong: each beside its own boxes
    graded = grade_as_the_file_says(page.download(1), tmp_path / "w.yaml", ROOT)
    verdicts = {item["item"]: item["verdict"] for item in graded["items"]}
    assert verdicts[value["item"]] == "right" and verdicts[window["item"]] == "wrong"
    heads = page.page.eval_on_selector_all("#exercise-1 .boxes thead th", "ths => ths.map(th => th.textContent)")
    assert "α, β when the node is left" in heads
    readme = documentation()
    assert "α, β when the node is left" in readme  # the answer file's words
    page.close()


def test_a_page_without_storage_says_answers_are_not_kept_and_leaves_unmarked_are_missing(browser, tmp_path):
    import tracer

    framed = tmp_path / "notebook.html"  # the notebook's output: the page in a sandboxed frame, no storage
    framed.write_text("<!DOCTYPE html><html><body>" + tracer.practice(str(TREES / "rn_example.yaml"), player=False)
                      ._repr_html_() + "</body></html>", encoding="utf-8")
    alone = Page(browser, build(tmp_path, TREES / "rn_example.yaml", "--no-player"))
    page = browser.new_page()
    page.goto(framed.as_uri())
    frame = page.frames[1]
    frame.wait_for_selector("#exercise-1")
    assert frame.evaluate("() => { try { localStorage.length; return true; } catch (e) { return false; } }") is False
    assert frame.inner_text(".storage").startswith("Answers are not kept here")
    assert alone.page.inner_text(".storage").startswith("Answers stay in this browser")
    for shown in (frame, alone.page):  # no leaf marked: grade counts every leaf missing, and the page says so
        assert "every leaf counts as not answered" in shown.inner_text("#exercise-1 .marked-list")
    alone.page.click("#exercise-1 button[type=submit]")
    leaves = [verdict for item, verdict in alone.verdicts(1)["items"] if item.endswith(" pruned?")]
    assert leaves and set(leaves) == {"missing"}
    page.close()
    alone.close()


def test_a_missing_file_in_a_notebook_is_a_tracer_error_with_the_command_s_line(tmp_path):
    import tracer

    with pytest.raises(tracer.TracerError) as raised:
        tracer.practice(str(tmp_path / "nope.yaml"))
    said = run_tracer("practice", tmp_path / "nope.yaml", "-o", tmp_path / "p.htm")
    assert said.returncode == 2 and said.stderr.strip().endswith(str(raised.value))
    assert run_tracer("practice", TREES / "rn_example.yaml", "--no-player", "-o", tmp_path / "p.htm").returncode == 0


def test_one_title_each_no_count_twice_marked_leaves_grey_and_the_tree_without_its_key(browser, tmp_path):
    page = Page(browser, build(tmp_path, "--count", "2", "--seed", "7", "--depth", "3", "--branching", "2-3",
                               "--no-player"))
    assert page.page.inner_text("#exercise-2 h2") == "Exercise 2"  # the generated title is the number
    assert page.page.inner_text("h1") == "Practice: 2 exercises" and page.page.inner_text("#total") == ""
    folder = tmp_path / "set"
    folder.mkdir()
    tree = page.download(2, "Download the tree")
    (folder / "exercise-02.yaml").write_text(tree, encoding="utf-8")  # grade against the tree as downloaded
    leaf = page.data["exercises"][1]["sheet"]["leaves"][0]
    page.page.evaluate(FILL, [2, {}, [leaf], False, {}])
    assert page.page.inner_text("#total").startswith("checked 1 of 2: ")
    graded = grade_as_the_file_says(page.download(2), folder / "answers.yaml", folder)
    assert graded["score"] == page.verdicts(2)["score"] and "expect" not in yaml.safe_load(tree)
    style = page.page.eval_on_selector(f"#exercise-2 g[data-node='{leaf}']", """g => {
      const shape = getComputedStyle(g.querySelector('polygon, ellipse')), text = getComputedStyle(g.querySelector('text'));
      const probe = document.createElement('span'); probe.className = 'mark wrong'; document.body.appendChild(probe);
      return [shape.stroke, shape.fill, text.fill, text.textDecorationLine, getComputedStyle(probe).color]; }""")
    stroke, fill, text, decoration, wrong = style
    assert decoration == "line-through" and wrong not in (stroke, fill, text)  # struck through, never the red of ✗
    page.close()
    page = Page(browser, build(tmp_path, TREES / "rn_example.yaml", "--no-player"))
    assert page.page.inner_text("#exercise-1 h2") == "Exercise 1: Russell & Norvig, Figure 5.2"
    original = yaml.safe_load((TREES / "rn_example.yaml").read_text(encoding="utf-8"))
    assert original.pop("expect") and yaml.safe_load(page.download(1, "Download the tree")) == original
    page.close()


# ---- what cannot be read: said in the box, graded as grade grades it (issue 31) -------------------------------------

NOTES = """(index) => [...document.querySelectorAll(`#exercise-${index} input.box`)].map((box) =>
  [box.getAttribute("aria-label"), box.value, document.getElementById(box.getAttribute("aria-describedby")).textContent,
   box.classList.contains("unreadable")])"""


def test_a_box_it_cannot_read_says_what_to_type_and_grade_agrees(browser, tmp_path):
    page = Page(browser, build(tmp_path, TREES / "rn_example.yaml", TREES / "mcts_exercise.yaml", "--no-player"))
    typed = {"value of A": "3", "value of B": "3,33", "value of C": "x1", "value of D": "\u202e2",
             "α when C is left": "3", "β when C is left": "",  # half a window: wrong, as in grade
             "visit order, names separated by commas": "A, b, B1"}
    page.page.evaluate(FILL, [1, typed, [], False, {}])
    notes = {label: (note, unreadable) for label, _, note, unreadable in page.page.evaluate(NOTES, 1)}
    assert notes["value of A"] == ("", False)
    assert notes["value of B"] == ("a decimal comma; write 3.33", True)
    assert notes["value of C"][0].startswith("write a number such as 3, -2, 3.33, 1e3, 10/3, 3 1/3 or inf")
    assert notes["value of D"][1] and notes["β when C is left"] == ("", False)
    assert notes["visit order, names separated by commas"] == (
        "b is not a node of the tree (did you mean B?); write node names separated by commas", True)
    shown = page.verdicts(1)
    answer = page.download(1)
    assert '"B": "3,33"' in answer and '"D": "\\\\u202e2"' in answer and 'order: ["A", "b", "B1"]' in answer
    graded = grade_as_the_file_says(answer, tmp_path / "rn.answers.yaml", ROOT)
    assert shown["items"] == [[item["item"], item["verdict"]] for item in graded["items"]]
    assert (shown["score"], shown["max"]) == (graded["score"], graded["max_score"]) == (1, 16)  # A's value only
    verdicts = dict(shown["items"])
    assert [verdicts[item] for item in ("value of B", "value of C", "value of D", "window at C", "visit order",
                                        "order[1]")] == ["wrong"] * 6
    value_b = next(item for item in graded["items"] if item["item"] == "value of B")
    assert value_b["detail"].endswith("'3,33' cannot be read: a decimal comma; write 3.33")
    row = page.page.text_content("#exercise-1 .item-list tr[data-item='value of B']")
    assert "a decimal comma; write 3.33" in row
    mcts = {"N of A": "11,0", "W of A": "<=4", "N of B": "4", "W of B": "2"}
    page.page.evaluate(FILL, [2, mcts, [], False, {}])
    shown = page.verdicts(2)
    graded = grade_as_the_file_says(page.download(2), tmp_path / "mcts.answers.yaml", ROOT)
    assert shown["items"] == [[item["item"], item["verdict"]] for item in graded["items"]]
    assert dict(shown["items"])["W of A"] == "wrong" and shown["score"] == graded["score"] == 2
    assert page.errors == []
    page.close()


def test_no_placeholder_is_an_answer(browser, tmp_path):
    page = Page(browser, build(tmp_path, TREES / "rn_example.yaml", TREES / "mcts_exercise.yaml", "--no-player"))
    placeholders = page.page.eval_on_selector_all("input.box", "boxes => boxes.map((box) => [box.value, "
                                                               "box.placeholder, box.classList[1]])")
    assert placeholders and all(value == "" for value, _, _ in placeholders)  # nothing is typed for the student
    kinds = {"values": "value", "alpha": "number", "beta": "number", "wins": "plain", "visits": "count"}
    for _, placeholder, kind in placeholders:
        if kind in kinds:  # no placeholder reads as a value, so none could be mistaken for one given
            assert page.page.evaluate("([text, kind]) => typeof window.tracerPractice.reader.readTyped(text, kind)",
                                      [placeholder, kinds[kind]]) == "string", placeholder
    labels = set(page.data["exercises"][0]["sheet"]["labels"] + page.data["exercises"][1]["sheet"]["labels"])
    for _, placeholder, kind in placeholders:
        if kind in ("order", "paths"):  # no list placeholder names a node
            assert not labels & {word.strip(",") for word in placeholder.split()}, placeholder
    for index in (1, 2):
        page.page.click(f"#exercise-{index} button[type=submit]")
        assert {verdict for _, verdict in page.verdicts(index)["items"]} == {"missing"}
        answer = page.download(index)  # comments, then a blank sheet: no box's placeholder was taken for an answer
        assert [line for line in answer.splitlines() if not line.startswith("# ")] == ["{}  # a blank sheet"]
    page.close()


def test_an_mcts_exercise_states_how_leaf_values_become_rewards(browser, tmp_path):
    """mcts_exercise.yaml's leaves run from 0 to 4: MAX's reward is v / 4 (tracer.search.mcts.Rewards)."""
    page = Page(browser, build(tmp_path, TREES / "mcts_exercise.yaml", TREES / "rn_example.yaml", "--no-player"))
    assert page.page.inner_text("#exercise-1 .rewards") == (
        "Rewards: a leaf of value v gives MAX the reward v / 4 (the leaves run from 0, reward 0, to 4, reward 1), "
        "and MIN 1 minus that. W adds up the rewards of the player who chose the move into the node.")
    assert page.page.locator("#exercise-2 .rewards").count() == 0  # values, not rewards, for alpha-beta
    assert "for practice, never for marks" in page.page.inner_text(".page-head .help")
    page.close()
