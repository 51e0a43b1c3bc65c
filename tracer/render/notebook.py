"""Trace → a notebook's output: the step-through player (:mod:`.player`) inline in Jupyter, and the one way any
self-contained page of tracer's is shown there (:func:`inline_page`).

Each page sits whole in an ``<iframe srcdoc="…">`` of its own, as folium and pyvis show theirs. A frame keeps
pages apart: each has its own document, so its ids, styles, script globals and keyboard shortcuts are its own (keys
reach a player only while it has the focus, and never reach the notebook), any number share a notebook without
knowing of each other, and the page is the very one ``tracer slides -f html`` writes and its tests check. Written
into the notebook's own document instead, a page would share it with JupyterLab's styles and keys and with every
other output, and two players would need each other's ids. The frame is sandboxed (scripts only): a page runs its
own script and reaches nothing of the notebook (its document, cookies, storage). Nothing is fetched.

A frame does not grow with its page, so it is given the height its page needs at the width it has. In a frame
the player's page keeps one layout (``player.js``): the tree the width of the page (at least as wide as its
smallest text needs, :data:`.player.MIN_TEXT_PX`, else it scrolls sideways inside its box), at the drawing's
shape, then a strip of :data:`PLAYER_STRIP` for the caption, the buttons and the help line, and the step table's
panel (:func:`.player.steps_height`) under it. So the height is an affine function of the frame's width (above the
tree's narrowest), written in CSS with container units (``cqw``: 100cqw is the output's width) so that the frame
fits at every width the notebook gives it, without an inner scrollbar; a browser without container units (before
2023) gets the height for an output :data:`USUAL_WIDTH` wide.
"""

from __future__ import annotations

import base64
import html
import math
import re

from ..errors import RenderError
from ..trace.trace import Trace
from ..view import default_step_mode, frame_steps
from .deck import make_deck
from .drawing import DrawRequest, render_bytes
from .page import DEFAULT_SLIDE
from .player import MIN_TEXT_PX, player_data, player_page
from .scene import DrawOptions

PAGE_WIDTH = 1800  # px: the widest the player's page grows
PAGE_SIDES = 34  # px: its margins (16 each side) and the tree's box (a pixel each side)
TREE_BORDER = 2  # px: the tree's box, top and bottom
SCROLLBAR = 16  # px: under a tree wider than its box, which scrolls sideways
PLAYER_STRIP = 190  # px: the page's margins, the caption, the buttons, the help line and the gaps between them
NARROW, WRAPPED = 820, 48  # px: narrower than NARROW, the buttons and the help line take WRAPPED more (a line each)
USUAL_WIDTH = 960  # px: a notebook's output, about (classic Notebook, JupyterLab beside its file browser)
_HEAD = re.compile(r"<head\b[^>]*>", re.I)


def inline_page(page: str, width: int | str, height: int | str | tuple[int | str, ...], *, title: str = "",
                sandbox: str = "allow-scripts") -> str:
    """HTML that shows ``page`` (a whole self-contained HTML document, with a ``<head>``) inline in a notebook, in
    a sandboxed frame of its own ``width`` by ``height``: each in pixels, or a CSS length (``"100%"``; in
    ``height``, ``100cqw`` is the output's width), or several, each later one for the browsers that understand it.
    ``title`` names the frame to screen readers; ``sandbox`` is what the page may do (a page that saves a file adds
    ``allow-downloads``; a sandboxed page has no storage: reading ``localStorage`` throws).

    The page's own links (``#step=12``) are made to resolve within the frame: a ``srcdoc`` page otherwise resolves
    them against the notebook's address, and the browser refuses to write that into the frame's history. Under the
    frame is a line for a notebook that is not trusted, which shows no frames."""
    head = _HEAD.search(page)
    if head is None:
        raise ValueError("a page shown inline must be a whole HTML document, with a <head>")
    page = f'{page[:head.end()]}\n<base href="about:srcdoc">{page[head.end():]}'
    heights = height if isinstance(height, tuple) else (height,)
    return (f'<div style="container-type:inline-size;width:{_css(width)};max-width:100%">'
            f'<div style="position:relative;{"".join(f"height:{_css(each)};" for each in heights)}">'
            '<p style="margin:0;padding:8px;color:#6b7280">This output is an interactive page: it shows once the '
            'notebook is trusted (File → Trust Notebook) or its cell is run again.</p>'
            f'<iframe srcdoc="{html.escape(page, quote=True)}" sandbox="{html.escape(sandbox)}" '
            f'title="{html.escape(title)}" style="position:absolute;inset:0;width:100%;height:100%;border:0;'
            'background:white"></iframe></div></div>')


def _css(length: int | str) -> str:
    return f"{length}px" if isinstance(length, int) else html.escape(length)


def player_height(data: dict) -> tuple[int, str]:
    """The height of a player's frame for its :func:`.player.player_data`, as CSS: the tree at the frame's width
    (less :data:`PAGE_SIDES`, and at least the width its text needs) and the drawing's shape, with its box, a
    scrollbar where it is narrower than that, the strip and the step table's panel; first, in pixels, the height
    at :data:`USUAL_WIDTH`, for a browser without container units."""
    _, _, width, height = (float(number) for number in data["svg"]["viewBox"].split())
    narrowest = math.ceil(width * MIN_TEXT_PX / data["min_font"]) + 1  # as player.js's sizeTree
    shape, fixed = height / width, TREE_BORDER + PLAYER_STRIP + data["steps_height"]
    usual = USUAL_WIDTH - PAGE_SIDES
    pixels = round(max(usual, narrowest) * shape + fixed + (SCROLLBAR if usual < narrowest else 0))
    page = f"(min(100cqw, {PAGE_WIDTH}px) - {PAGE_SIDES}px)"
    scrollbar = f"clamp(0px, ({narrowest}px - {page}) * 100, {SCROLLBAR}px)"
    wrapped = f"clamp(0px, ({NARROW}px - {page}) * 100, {WRAPPED}px)"
    return pixels, f"calc(max({page}, {narrowest}px) * {shape:.5f} + {fixed}px + {scrollbar} + {wrapped})"


def player_output(trace: Trace, steps: list[int] | None = None, options: DrawOptions = DrawOptions(),
                  size: tuple[float, float] = DEFAULT_SLIDE) -> str:
    """The HTML a notebook shows for ``trace``: its player after each of ``steps`` (default: every step, or every
    iteration of Monte Carlo tree search), in a frame sized by :func:`player_height`. A deck that
    :func:`.deck.make_deck` refuses as too costly to draw (its limits are ``options.max_drawn`` and the steps'
    number), which it does before drawing any frame, gives the diagram instead, under a one-line note."""
    steps = frame_steps(trace, default_step_mode(trace, player=True)) if steps is None else steps
    if not steps:
        return diagram_output(trace, options, "No step-through player: no steps to show")
    try:
        deck = make_deck(trace, steps, options, size)
    except RenderError as refused:
        return diagram_output(trace, options, f"No step-through player: {refused}")
    data = player_data(deck)
    return inline_page(player_page(deck, data), "100%", player_height(data),
                       title=f"step-through player: {trace.title}")


def diagram_output(trace: Trace, options: DrawOptions, note: str) -> str:
    """The trace's diagram, drawn as for :func:`diagram_svg`, under one line of text: ``note``, and how the drawing
    was fitted if it was, or why it was refused. The diagram is an image, so its SVG shares no ids with the
    notebook's."""
    notes = [note]
    try:
        svg = render_bytes(trace, DrawRequest("svg", options), notes)
    except RenderError as refused:
        notes.append(f"no diagram either: {refused}")
        svg = None
    line = f'<p style="font-style:italic">{html.escape("; ".join(notes))}</p>'
    if svg is None:
        return line
    source = base64.b64encode(svg).decode("ascii")
    return (f'{line}<img src="data:image/svg+xml;base64,{source}" alt="{html.escape(trace.title)}" '
            'style="max-width:100%;height:auto">')


def diagram_svg(trace: Trace, options: DrawOptions = DrawOptions()) -> str | None:
    """The trace's diagram as SVG text, for a notebook viewer that shows no HTML; None (no SVG shown, rather than
    a traceback) when it is refused as too large: the HTML output says why."""
    try:
        return render_bytes(trace, DrawRequest("svg", options)).decode("utf-8")
    except RenderError:
        return None


class Player:
    """A trace's step-through player, as Jupyter shows it (see :func:`player`): the player as HTML, or the final
    diagram as SVG for a notebook viewer that shows no HTML."""

    def __init__(self, trace: Trace, steps: list[int], options: DrawOptions, size: tuple[float, float]):
        self.trace, self.steps, self.options, self.size = trace, steps, options, size

    def __repr__(self) -> str:
        return f"<tracer player: {self.trace.title}, {len(self.steps)} frames>"

    def _repr_html_(self) -> str:
        return player_output(self.trace, self.steps, self.options, self.size)

    def _repr_svg_(self) -> str | None:
        return diagram_svg(self.trace, self.options)


def player(trace: Trace, step: str | None = None, *, first: int | None = None, last: int | None = None,
           options: DrawOptions = DrawOptions(), size: tuple[float, float] = DEFAULT_SLIDE) -> Player:
    """The step-through player of ``trace``, to show in Jupyter (the last expression of a cell, or
    ``IPython.display.display``), as ``tracer slides -f html`` writes it: a frame after every event, or as
    ``step`` says (``"node"``, ``"cutoff"``; Monte Carlo tree search: ``"iteration"``, its default, or
    ``"phase"``), from step ``first`` to step ``last``; drawn with ``options`` on a slide of ``size`` inches. A
    trace on its own shows ``tracer.player(trace)``. The steps are checked now (a ``ValueError`` for a mode that
    does not fit the search, or none to show); the frames are drawn when it is shown."""
    mode = step or default_step_mode(trace, player=True)
    steps = frame_steps(trace, mode, first, last)
    if not steps:
        raise ValueError(f"no steps to show: step={mode!r} gives none from {first or 1} to "
                         f"{last or len(trace.events)}")
    return Player(trace, steps, options, size)
