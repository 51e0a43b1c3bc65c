"""Trace → the explorer: one self-contained page that shows a search of thousands of nodes as a collapsible outline
(an ARIA tree), opened at the first ply and along the principal variation; each row is a node as the view sees it
at the end of the search (its move, value, window as entered and as left, visit number, cutoff and what the cutoff
pruned). A renderer beside the player (:mod:`.player`): it reads the view (:class:`tracer.view.TraceView`) and its
family's look, never the events, so every family of searches opens the same way.

The data is column arrays, one entry per node (its parent, and an index into one table of texts for each text a
row shows), not a dictionary per node: a 100,000-node search is a few megabytes. The page (explorer.js) builds only
the rows that are open, in the shared page shell (:mod:`.html_page`: the JSON block, the safe builders), so
nothing from the input can become markup.
"""

from __future__ import annotations

from ..search.registry import MOVER_TERMS
from ..numbers import format_number, format_probability
from ..trace.trace import Trace
from ..view import TraceView, pass_steps
from ..view.nodes import PRUNED, UNREACHED
from .html_page import asset, html_document, page_script

MAX_EXPLORED = 1_000_000  # nodes: the most a page holds (about 60 MB of data; a browser takes ~10 s to open it)
STATUSES = {UNREACHED: 0, PRUNED: 2}  # anything else (done, active): 1, searched


class _Texts:
    """The page's table of texts: each distinct text stored once, rows refer to it by index (0: no text)."""

    def __init__(self):
        self.texts: list[str] = [""]
        self.index: dict[str, int] = {"": 0}

    def __call__(self, text: str) -> int:
        found = self.index.get(text)
        if found is None:
            found = self.index[text] = len(self.texts)
            self.texts.append(text)
        return found


def explorer_data(trace: Trace, steps: int | None = None) -> dict:
    """What explorer.js needs: the search as the view has it after ``steps`` events (all by default), as columns
    over the nodes. A row's texts come from the family's look (value, notes) and the view's nodes (window, visit,
    cutoff); the principal variation is the view's best line."""
    view = TraceView(trace, steps)
    look = view.family.look
    text = _Texts()
    seen_windows: dict = {}  # (α, β) -> its text's index: most nodes share a few windows

    def windows(window) -> int:
        found = seen_windows.get(window)
        if found is None:
            found = seen_windows[window] = text(_window(window))
        return found
    columns = {name: [] for name in ("parent", "name", "player", "status", "visit", "value", "window_in", "window",
                                     "note", "cut")}
    for node in view.nodes:
        tree_node = node.node
        columns["parent"].append(-1 if tree_node.parent is None else tree_node.parent)
        columns["name"].append(text(_row_name(view, node)))
        columns["player"].append(text(tree_node.mover or tree_node.player.value))
        columns["status"].append(STATUSES.get(node.status, 1))
        columns["visit"].append(node.visit or 0)
        columns["value"].append(text(_value(view, look, node)))
        searched = node.reached and not node.pruned
        columns["window_in"].append(windows(getattr(node, "window_in", None)) if searched else 0)
        columns["window"].append(windows(getattr(node, "window", None)) if searched else 0)
        columns["note"].append(text(" · ".join(_notes(view, look, node))))
        cut = getattr(node, "cut", None)
        columns["cut"].append(text(cut.reason() if cut is not None else ""))
    cuts = []  # each cutoff of the pass shown: the node cut, the moves it skipped there, every node they hold
    first = pass_steps(trace, view.pass_number)[0] if view.passes > 1 else 1
    for seen in (seen for seen in view.cutoffs if seen.step >= first):
        skipped = sum(1 for child in view.nodes[seen.node].children if view.nodes[child].pruned)
        cuts += [seen.node, skipped, len(seen.pruned)]
    value = format_number(trace.value)
    best = f", best move {trace.best_move}" if trace.best_move is not None else ""
    terms = " (each value for the player to move there)" if trace.terms == MOVER_TERMS else ""
    return {
        "title": trace.heading, "subtitle": f"{trace.title}: value {value}{best}{terms}",
        "passes": view.passes, "pass": view.pass_number,
        "texts": text.texts, **columns, "cuts": cuts, "pv": [node.id for node in view.best_line()],
    }


def _row_name(view: TraceView, node) -> str:
    """What a row is called: in a game, the move into the node (the root: ``root``); in a tree, the node's label
    (its name, or the parent's label and its place: ``B2``)."""
    move = node.node.move
    if view.is_game and move is not None and node.node.parent is not None:
        return str(move)
    return view.label(node.id)


def _value(view: TraceView, look, node) -> str:
    """The value a row shows: what the family's look writes in the node (``3``, ``≤ 2``, ``5/9``), else its count
    (Monte Carlo tree search's W/N of a leaf)."""
    shown = look.value(view, node)
    if shown or not node.reached:
        return shown
    return look.count(view, node, _NoVisits)


class _NoVisits:
    """The drawing options a look's ``count`` reads, as the explorer has them: visit numbers are a column of
    their own, never in the value."""

    visits = False


def _notes(view: TraceView, look, node) -> list[str]:
    """What a row adds at its end: what the diagram writes on the edge into the node (a chance move's probability,
    the family's labels: Monte Carlo tree search's UCB1 total), then the family's notes beside the node."""
    notes = [] if node.node.p is None else [f"p={format_probability(node.node.p)}"]
    return notes + look.edge_labels(view, node) + look.notes(view, node)


def _window(window) -> str:
    if window is None:
        return ""
    alpha, beta = window
    return f"α={format_number(alpha)} β={format_number(beta)}"


def explorer_html(trace: Trace, steps: int | None = None) -> str:
    """The explorer page for ``trace`` (see :func:`explorer_data`)."""
    data = explorer_data(trace, steps)
    return html_document(f"{data['title']}: {trace.title}", asset("player.css") + asset("explorer.css"), BODY,
                         data, page_script("explorer.js"), data_id="explorer-data")


HELP = ("▲ MAX to move · ▼ MIN to move · ○ chance · ★ the principal variation · ✂ a cutoff and what it pruned "
        "(pruned moves struck through). Keys: ↑ ↓ move · → open, or go to the first child · ← close, or go to the "
        "parent · Enter, Space or a click: open or close · + − open, close · * open the node and its siblings · "
        "Home End · link to a node: <code>#node=N</code>")

# The page's fixed markup: explorer.js fills the outline (#tree) from the data.
BODY = f"""<main id="explorer">
  <header>
    <h1 id="title"></h1>
    <p id="subtitle" class="subtitle"></p>
  </header>
  <nav class="toolbar" aria-label="explorer">
    <button type="button" id="expand-pv">open the principal variation</button>
    <button type="button" id="collapse">close all</button>
    <label>find <input type="search" id="find" placeholder="a name, or moves from the root: 4 3 5"
      aria-describedby="found"></label>
    <span id="found" class="found" aria-live="polite"></span>
  </nav>
  <p class="columns" aria-hidden="true"><span>move</span><span>value</span><span>α β entered → left</span>
    <span>visit</span><span>cutoff</span></p>
  <ul id="tree" class="outline" role="tree" aria-labelledby="title"></ul>
  <p id="help" class="help">{HELP}</p>
</main>"""
