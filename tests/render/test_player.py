"""The HTML player, in a real headless browser (Debian's chromium, driven by Playwright): navigation by keys,
buttons, table rows and links; the caption and the highlighted node at each step; no console errors; hostile names
shown as text, never run."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import IN_A_BROWSER, WatchedPage, run_tracer
from tracer import Rules, load_problem, trace_search
from tracer.view import TraceView

ROOT = Path(__file__).resolve().parents[2]
TREES = ROOT / "trees"
pytestmark = IN_A_BROWSER

HOSTILE = """title: "<script>alert(1)</script> & \\"quotes\\""
root: max
tree:
  - name: "<script>alert(1)</script>"
    children: [{name: "</svg>", value: 3}, {name: "a & b", value: 5}]
  - name: "\\""
    children: [{name: "</script><img src=x onerror=alert(2)>", value: 2}, {name: "<!--", value: 9}]
"""



class Player(WatchedPage):
    """A page of the player, with what its console said."""

    def __init__(self, browser, path: Path, step: int | None = None):
        super().__init__(browser, path.as_uri() + (f"#step={step}" if step else ""),
                         viewport={"width": 1400, "height": 900})

    def caption(self) -> str:
        return self.page.inner_text("#caption")

    def current_node(self) -> list[str]:
        """The ids of the nodes drawn as this step's node (Graphviz's class ``current``)."""
        return self.page.eval_on_selector_all("#tree svg g.current", "gs => gs.map(g => g.id)")

    def current_row(self) -> list[str]:
        return self.page.eval_on_selector_all("#table tr.current", "rows => rows.map(r => r.dataset.step)")


def expected(trace, step: int) -> tuple[str, str]:
    """The caption and the current node's id after ``step`` events, from the view (independently of the page)."""
    view = TraceView(trace, step)
    return f"Step {step}: {view.caption()}", f"n{view.current}"


@pytest.fixture(scope="module")
def rn_player(tmp_path_factory):
    out = tmp_path_factory.mktemp("player") / "rn.html"
    result = run_tracer("slides", TREES / "rn_example.yaml", "-f", "html", "-o", out)
    assert result.returncode == 0, result.stderr
    problem = load_problem(str(TREES / "rn_example.yaml"))
    return out, trace_search(problem.root, "alphabeta", depth=problem.depth, meta=problem.meta, rules=Rules())


def test_keys_step_through_the_search(browser, rn_player):
    path, trace = rn_player
    player = Player(browser, path)
    assert player.caption() == expected(trace, 1)[0]
    for _ in range(18):
        player.page.keyboard.press("ArrowRight")
    caption, node = expected(trace, 19)
    assert player.caption() == caption and "prune" in caption
    assert player.current_node() == [node] and player.current_row() == ["19"]
    assert player.page.evaluate("location.hash") == "#step=19"
    player.page.keyboard.press("ArrowLeft")
    assert player.caption() == expected(trace, 18)[0]
    player.page.keyboard.press("End")
    assert player.caption() == expected(trace, 35)[0] and player.current_row() == ["35"]
    player.page.keyboard.press("Home")
    assert player.caption() == expected(trace, 1)[0]
    assert player.page.is_disabled("#previous") and not player.page.is_disabled("#next")
    assert player.errors == [] and all(url.startswith("file:") for url in player.requests)
    player.close()


def test_a_link_opens_at_its_step_and_a_row_click_goes_there(browser, rn_player):
    path, trace = rn_player
    player = Player(browser, path, step=12)
    caption, node = expected(trace, 12)
    assert player.caption() == caption and player.current_node() == [node]
    assert player.page.input_value("#slider") == "11"
    player.page.click("#table tbody tr[data-step='27']")
    caption, node = expected(trace, 27)
    assert player.caption() == caption and player.current_node() == [node] and player.current_row() == ["27"]
    player.page.click("#next")
    assert player.caption() == expected(trace, 28)[0]
    player.page.click("#last")
    assert player.page.is_disabled("#next")
    assert player.errors == []
    player.close()


def test_play_runs_to_the_end_and_stops(browser, rn_player):
    path, trace = rn_player
    player = Player(browser, path, step=30)
    player.page.select_option("#speed", "250")
    player.page.click("#play")
    assert player.page.inner_text("#play").endswith("pause")
    player.page.wait_for_function("document.getElementById('caption').textContent.startsWith('Step 35:')",
                                  timeout=10_000)
    player.page.wait_for_function("document.getElementById('play').textContent.endsWith('play')", timeout=5_000)
    assert player.errors == []
    player.close()


def test_the_page_is_one_file_that_fetches_nothing(rn_player):
    path, _ = rn_player
    text = path.read_text(encoding="utf-8")
    for outside in ("<link", " src=", "@import", "url(", "http://cdn", "https://"):
        assert outside not in text
    assert text.count("<script") == 2  # the data block and the script


def test_hostile_names_show_as_text_and_run_nothing(browser, tmp_path):
    tree = tmp_path / "hostile.yaml"
    tree.write_text(HOSTILE, encoding="utf-8")
    out = tmp_path / "hostile.html"
    result = run_tracer("slides", tree, "-a", "minimax", "-f", "html", "-o", out)
    assert result.returncode == 0, result.stderr
    player = Player(browser, out)
    player.page.keyboard.press("End")
    assert player.dialogs == [] and player.errors == []
    assert player.page.eval_on_selector_all("img, iframe, object", "els => els.length") == 0
    assert player.page.eval_on_selector_all("script", "els => els.length") == 2
    texts = player.page.eval_on_selector_all("#tree svg text", "ts => ts.map(t => t.textContent)")
    for name in ("<script>alert(1)</script>", "</svg>", "a & b", '"', "</script><img src=x onerror=alert(2)>", "<!--"):
        assert name in texts
    assert player.page.inner_text("#title") == '<script>alert(1)</script> & "quotes"'
    assert "</script><img src=x onerror=alert(2)>" in player.page.inner_text("#table")
    assert player.page.title() == '<script>alert(1)</script> & "quotes": Minimax'
    player.close()


def test_space_plays_and_pauses_whatever_has_focus(browser, rn_player):
    path, trace = rn_player
    player = Player(browser, path)
    player.page.click("#next")  # the button keeps the focus
    assert player.caption() == expected(trace, 2)[0]
    player.page.keyboard.press(" ")
    assert player.page.get_attribute("#play", "aria-label") == "pause"
    player.page.keyboard.press(" ")
    assert player.page.get_attribute("#play", "aria-label") == "play"
    assert player.caption().startswith("Step ")  # Space did not press the focused button instead
    player.page.focus("#slider")
    player.page.keyboard.press(" ")
    assert player.page.get_attribute("#play", "aria-label") == "pause"
    player.close()


def test_the_title_shows_once_and_the_tree_fits_the_window(browser, rn_player):
    path, _ = rn_player
    player = Player(browser, path)
    texts = player.page.eval_on_selector_all("#tree svg text", "ts => ts.map(t => t.textContent)")
    title = player.page.text_content("#title")
    assert title and " ".join(texts).count(title) == 1  # drawn in the diagram, as on the slides (maybe wrapped)
    assert player.page.eval_on_selector("#title", "h => h.getBoundingClientRect().width") <= 1  # for screen readers
    height = player.page.evaluate("innerHeight")
    box = player.page.eval_on_selector("#tree svg", "s => s.getBoundingClientRect().toJSON()")
    assert box["bottom"] <= height and box["height"] >= 0.5 * height  # the window's height, used
    player.close()


LAYOUT = """() => {
  const svg = document.querySelector("#tree svg"), box = (element) => element.getBoundingClientRect().toJSON();
  return {texts: [...svg.querySelectorAll("text")].filter((text) => text.textContent.trim()).map((text) => ({
            px: parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a,
            height: text.getBoundingClientRect().height})),
          tree: box(document.querySelector("#tree")), svg: box(svg), steps: box(document.querySelector("#steps")),
          view: box(document.querySelector(".view")), caption: box(document.querySelector("#caption")),
          notes: [...document.querySelectorAll("#table tbody td:last-child")].map(box),
          page: [innerWidth, innerHeight], scrolls: document.querySelector("#tree").scrollWidth};
}"""


@pytest.mark.parametrize("zoom", [1, 2])
def test_at_a_laptop_s_width_the_tree_reads_and_the_table_is_under_it(browser, rn_player, zoom):
    """A 1,280 × 900 window at 100 % and 200 % zoom (640 CSS px): the tree's text is 14 CSS px or more (at 200 %
    the tree scrolls sideways in its box rather than shrink), the tree takes the width there is, its box is as tall
    as the tree (no blank panel), the caption is right under it, and the step table under them has a note column a
    caption line wide: every note of the search on at most two lines."""
    path, _ = rn_player
    page = browser.new_page(viewport={"width": 1280 // zoom, "height": 900 // zoom}, device_scale_factor=zoom)
    page.goto(path.as_uri())
    shown = page.evaluate(LAYOUT)
    width, _ = shown["page"]
    assert min(text["px"] for text in shown["texts"]) >= 14 - 1e-6
    assert min(text["height"] for text in shown["texts"]) >= 14
    tree, svg = shown["tree"], shown["svg"]
    assert tree["width"] >= width - 34 and svg["width"] >= tree["width"] - 2
    assert abs(tree["height"] - svg["height"]) <= 2 + (20 if zoom == 2 else 0)  # a scrollbar under it, at 200 %
    if zoom == 2:
        assert shown["scrolls"] > tree["width"]
    assert 0 <= shown["caption"]["top"] - tree["bottom"] <= 12
    assert shown["steps"]["top"] >= shown["view"]["bottom"]
    line = min(note["height"] for note in shown["notes"])
    assert all(note["width"] >= 400 and note["height"] <= 2 * line + 1 for note in shown["notes"])
    page.close()


def test_on_a_wide_screen_the_table_stands_beside_the_tree_as_tall_as_it(browser, rn_player):
    path, _ = rn_player
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    page.goto(path.as_uri())
    shown = page.evaluate(LAYOUT)
    assert min(text["px"] for text in shown["texts"]) >= 14 - 1e-6
    steps, view = shown["steps"], shown["view"]
    assert steps["left"] >= view["right"] and abs(steps["top"] - view["top"]) <= 1
    assert abs(steps["height"] - view["height"]) <= 1  # as tall as the tree with its caption: no blank panel
    assert min(note["width"] for note in shown["notes"]) >= 400
    page.keyboard.press("End")  # the table scrolls to the last row within its panel, the page stays
    row = page.eval_on_selector("#table tr.current", "row => row.getBoundingClientRect().toJSON()")
    assert steps["top"] <= row["top"] and row["bottom"] <= steps["bottom"] + 1
    assert page.evaluate("scrollY") == 0
    page.close()
