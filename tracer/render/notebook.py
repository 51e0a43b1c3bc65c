"""Trace → a notebook's output: the step-through player (:mod:`.player`) inline in Jupyter, and the one way any
self-contained page of tracer's is shown there (:func:`inline_page`).

Each page sits whole in an ``<iframe srcdoc="…">`` of its own, as folium and pyvis show theirs. A frame keeps
pages apart: each has its own document, so its ids, styles, script globals and keyboard shortcuts are its own (keys
reach a player only while it has the focus, and never reach the notebook), any number share a notebook without
knowing of each other, and the page is the very one ``tracer slides -f html`` writes and its tests check. Written
into the notebook's own document instead, a page would share it with JupyterLab's styles and keys and with every
other output, and two players would need each other's ids. The frame is sandboxed (scripts only): a page runs its
own script and reaches nothing of the notebook (its document, cookies, storage). Nothing is fetched.

A frame does not grow with its page, so it is given the height its page needs at the width it has. The player's
page (``player.css``) keeps a strip of :data:`PLAYER_STRIP` for the caption and the buttons, sets the step table
at least :data:`TABLE_WIDTH` wide beside the tree (a third of the width, from 900 px), gives the tree the rest, and
draws it at the drawing's shape (a deck's, the slide's): so the height is an affine function of the frame's
width, written in CSS with container units (``cqw``: 100cqw is the output's width) so that the frame fits at
every width the notebook gives it, from :data:`TWO_COLUMNS` up, without an inner scrollbar; a browser without
container units (before 2023) gets the height for an output :data:`USUAL_WIDTH` wide. Narrower than
:data:`TWO_COLUMNS`, the page puts the table under the tree and scrolls.
"""

from __future__ import annotations

import base64
import html
import re

from ..errors import RenderError
from ..trace.trace import Trace
from ..view import default_step_mode, frame_steps
from .deck import make_deck
from .drawing import DrawRequest, render_bytes
from .page import DEFAULT_SLIDE
from .player import player_html
from .scene import DrawOptions

TWO_COLUMNS = 900  # px: the narrowest page the player lays out with the step table beside the tree
PAGE_WIDTH = 1800  # px: the widest the player's page grows
PAGE_SIDES = 44  # px: its margins (16 each side) and the gap between the tree and the table
TABLE_WIDTH = 380  # px: the step table's narrowest
TREE_BORDER = 2  # px: the tree's box, a pixel each side
PLAYER_STRIP = 160  # px: the caption, the buttons and the help line under the tree (10rem)
USUAL_WIDTH = 960  # px: a notebook's output, about (classic Notebook, JupyterLab beside its file browser)
FRAME_HEIGHTS = (360, 1200)  # px: the lowest and the highest frame made for a player
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


def player_height(size: tuple[float, float]) -> tuple[int, str]:
    """The height of a player's frame for a deck on a slide of ``size`` (inches; each of its frames has the slide's
    shape), as CSS: the tree's column at the frame's width (the width less the table's, at least
    :data:`TABLE_WIDTH`, or a third), at the drawing's shape, with its box and the strip; first, in pixels, the
    height at :data:`USUAL_WIDTH`, for a browser without container units."""
    shape = size[1] / size[0]
    low, high = FRAME_HEIGHTS
    usual = USUAL_WIDTH - PAGE_SIDES
    tree = min(usual - TABLE_WIDTH, usual * 2 / 3) - TREE_BORDER
    fixed = max(low, min(high, round(tree * shape) + TREE_BORDER + PLAYER_STRIP))
    page = f"(min(100cqw, {PAGE_WIDTH}px) - {PAGE_SIDES}px)"
    tree = f"min({page} - {TABLE_WIDTH}px, {page} * 2 / 3) - {TREE_BORDER}px"
    return fixed, f"clamp({low}px, ({tree}) * {shape:.5f} + {TREE_BORDER + PLAYER_STRIP}px, {high}px)"


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
    return inline_page(player_html(deck), "100%", player_height(deck.size),
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
