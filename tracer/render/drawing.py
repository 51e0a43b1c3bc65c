"""Trace → a drawn diagram. What is asked is one :class:`DrawRequest` (the format, what to draw, the slide, the
resolution); the drawing is fitted to its limits (:func:`fitted`), laid out once with the text widths Graphviz
measures (:func:`lay_out`), printed by its format's printer (:mod:`.dot` or :mod:`.tikz`, siblings reading the
same scene, layout and page) and drawn by Graphviz through :mod:`.engine`: one diagram (:func:`render_bytes`,
:func:`render_to_file`) or every frame of a deck (:func:`draw_deck`). Nothing is half-written.
"""

from __future__ import annotations

import math
import os
from collections import Counter
from collections.abc import Iterator

from ..errors import RenderError
from ..io import format_of, tikz_by_name, write_atomically
from ..records import Record, replace
from . import engine
from .dot import scene_to_dot
from .engine import draw_less, run_graphviz, run_graphviz_many
from .layout import (
    BOARD_FONT, FORMS, LEGIBLE, NARROWED, PROJECTION, SLIDE_SPACINGS, SMALLEST_FONT, Box, Layout, board_size,
    estimated_width, lone_corners, measure_rooms, names_on_labels, scene_texts, writes_shorter,
)
from .metrics import learn_widths, measure_source, unmeasured
from .page import (
    DEFAULT_SLIDE, SLIDE_DPI, SLIDE_MARGIN, Page, corner_widths, even_title_width, low_widths, page_of, slide_page,
    title_widths,
)
from .scene import DrawOptions, Scene, scene_of
from .tidy import can_narrow, can_stagger, narrowed_level, staggered_leaves, tidy_centres

FORMATS = ("svg", "png", "pdf", "dot", "tikz")  # tikz: a LaTeX picture, written .tex
EXTENSIONS = {"tikz": "tex"}  # a format's file extension, where it is not the format's name
MAX_BITMAP = 32_767  # pixels a side: cairo's limit, past which Graphviz silently shrinks a bitmap


class DrawRequest(Record, frozen=True):
    """What a diagram is asked to be. ``format``: svg, png, pdf, dot (the pinned source ``neato -n2`` draws) or
    tikz (a standalone LaTeX document, or with ``tikz_body`` the bare ``tikzpicture``); None: from the output
    file's extension, svg without a file. ``options``: what to draw. ``size`` (inches) fits the diagram to a slide:
    the page gets the slide's shape with the tree centred, a PDF page is the slide's size and a PNG has ``dpi``
    (default :data:`.page.SLIDE_DPI`) dots per slide inch. ``dpi`` sets a PNG's resolution (default 96)."""

    format: str | None = None
    options: DrawOptions = DrawOptions()
    size: tuple[float, float] | None = None
    dpi: int | None = None
    tikz_body: bool = False


def output_format(path: str | os.PathLike | None, given: str | None = None, default: str | None = None,
                  option: str = "-o") -> str:
    """The format to write ``path`` in: ``given`` if any, else from its extension (``.tex`` is tikz: see
    :func:`tracer.io.tikz_by_name`)."""
    return format_of(path and os.fspath(path), FORMATS, tikz_by_name(path, given), default=default, option=option,
                     extensions=EXTENSIONS)


def asked(request: DrawRequest | str | None = None, **fields) -> DrawRequest:
    """A :class:`DrawRequest` from a request or a format's name, with ``fields`` (``options=...``, ``size=...``)
    set."""
    if request is None or isinstance(request, str):
        request = DrawRequest(request)
    return replace(request, **fields) if fields else request


def render_bytes(trace, request: DrawRequest | str | None = None, notes: list | None = None, **fields) -> bytes:
    """A trace's diagram as ``request`` asks (a :class:`DrawRequest`, or a format's name), keyword ``fields`` set
    on it (``render_bytes(trace, "png", options=DrawOptions(visits=True))``). A note about how the drawing was
    fitted is appended to ``notes``."""
    request = asked(request, **fields)
    fmt = request.format or "svg"
    if fmt not in FORMATS:
        raise RenderError(f"unknown format {fmt!r} (choose from {', '.join(FORMATS)})")
    fit = fitted(trace, request.options, slide=request.size or False)
    scene, layout, page = fit.scene, fit.layout, fit.page
    if fit.note and notes is not None:
        notes.append(fit.note)
    if fmt not in ("dot", "tikz"):
        check_fits(page, fit.options, fmt, request.dpi)
    if request.size is not None:
        layout, page, note = on_slide(scene, request.size, fit.options)
        if note and notes is not None:
            notes.append(note)
    if fmt == "tikz":
        from .tikz import scene_to_tikz  # (a LaTeX picture's printer: not imported for Graphviz's formats)

        return scene_to_tikz(scene, layout, page, body_only=request.tikz_body).encode("utf-8")
    dpi = (request.dpi or (SLIDE_DPI if request.size is not None else None)) if fmt == "png" else None
    return draw(scene, layout, fmt, page, dpi)


def render_to_file(trace, path: str | os.PathLike, request: DrawRequest | str | None = None,
                   notes: list | None = None, **fields) -> str:
    """Render a trace to ``path`` as :func:`render_bytes` does, in the request's format or else the one the file's
    extension names. Returns the path written."""
    request = asked(request, **fields)
    path = os.fspath(path)
    request = replace(request, format=output_format(path, request.format))
    write_atomically(path, render_bytes(trace, request, notes))
    return path


def to_dot(trace, options: DrawOptions = DrawOptions()) -> str:
    """The DOT source of a trace's diagram, every node pinned where the layout put it (draw it with
    ``neato -n2``)."""
    return render_bytes(trace, DrawRequest("dot", options)).decode("utf-8")


def dot_to_bytes(source: str, fmt: str) -> bytes:
    """Lay out and draw DOT source with the real ``dot`` (for DOT written by hand or by another tool)."""
    if fmt not in FORMATS:
        raise RenderError(f"unknown format {fmt!r} (choose from {', '.join(FORMATS)})")
    if fmt == "dot":
        return source.encode("utf-8")
    return run_graphviz(source, fmt, "dot", stage="laying out and drawing the DOT")


def draw(scene: Scene, layout: Layout, fmt: str, page: Page | None = None, dpi: int | None = None) -> bytes:
    """Draw ``scene`` at ``layout``'s places in ``fmt`` (svg, png, pdf, or the pinned DOT itself)."""
    source = scene_to_dot(scene, layout, page, dpi)
    if fmt == "dot":
        return source.encode("utf-8")
    if fmt not in FORMATS:
        raise RenderError(f"unknown format {fmt!r} (choose from {', '.join(FORMATS)})")
    return run_graphviz(source, fmt, "neato", ("-n2",))


def draw_deck(deck, fmt: str, dpi: int | None = None, progress=None) -> Iterator[bytes]:
    """Every frame of a :class:`.deck.Deck` drawn in ``fmt`` (svg, png or pdf) on the deck's one page, at the
    slide's size; a PNG at ``dpi`` dots per slide inch. The frames are yielded in order as they are drawn (a writer
    packages each and lets it go: see :func:`.engine.run_graphviz_many`). ``progress(n)`` is called as ``n`` more
    frames are done."""
    if len(deck.frames) == 1:
        yield draw(deck.frames[0].scene, deck.layout, fmt, deck.page, dpi)
        if progress is not None:
            progress(1)
        return
    sources = (scene_to_dot(frame.scene, deck.layout, deck.page, dpi) for frame in deck.frames)
    yield from run_graphviz_many(sources, len(deck.frames), fmt, progress=progress)


# ---- laid out once, and fitted to the limits ------------------------------------------------------------------

def measure(scenes, texts=()) -> None:
    """Have Graphviz measure the characters of the scenes' texts (and of ``texts``) that it has not measured yet:
    the common ones from the run started ahead (:func:`.engine.start_measuring`), if any, the others in one run of
    dot."""
    common = engine.measured_ahead()
    if common is not None:
        learn_widths(common, engine.COMMON_CHARS)
    chars = unmeasured([*texts, *(text for scene in scenes for text in scene_texts(scene))])
    if chars:
        learn_widths(run_graphviz(measure_source(chars), "json", "dot", stage="measuring the text"), chars)


def lay_out(scene: Scene, spacing: float = 1.0, stretch: float = 0.0, rooms=None, widen: float = 1.0,
            form: str = "under", slide: bool = False, terse: bool = False, stagger: bool = False,
            lone: bool = False, narrow: float = 0.0, lone_left: bool = False) -> Layout:
    """Where every node of ``scene`` stands: a tidy tree layout (see :mod:`.tidy`; ``spacing`` and ``stretch`` as
    there), its text measured first; ``rooms``: the nodes as :func:`.layout.measure_rooms` measured them at
    ``spacing`` (and ``form``), if they were. ``widen``: the nodes' centres moved apart across by this factor (a
    slide's width filled: the shapes keep their size, so no edge comes nearer a shape it did not cross).
    ``form``: how the nodes and their notes are drawn (:data:`.layout.FORMS`). ``slide``: written for a slide,
    read from the back of a room (windows as one short line ``[α, β]``: see :func:`.layout.notes_lines`);
    ``terse``: written shorter, for a slide short of room (see :func:`.layout.slide_written`); ``stagger``: the
    leaves in two staggered rows, for a slide short of width (see :func:`.tidy.staggered_leaves`); ``lone``: the
    notes of a MAX triangle alone in its level in its corner (see :func:`.layout.lone_corners`), the root's in its
    top left corner with ``lone_left``; ``narrow``: on a slide, the widest level's triangles this much taller and
    narrower, their notes broken to their width and their names above them (see :func:`.tidy.narrowed_level`; 0:
    none)."""
    measure([scene])
    if rooms is None:
        # measured once, for every round of the layout and boxes
        rooms = measure_rooms(scene, spacing, form, slide, terse, lone, lone_left=lone_left)
    narrowed = set()
    if narrow and slide:
        narrowed, rooms = _narrowed_rooms(scene, rooms, spacing, form, terse, stagger, lone, narrow, lone_left)
    lowered = staggered_leaves(scene, rooms, spacing) if stagger else {}
    centres = tidy_centres(scene, spacing, stretch, rooms, lowered, terse, labels_where_drawn=slide)
    if widen != 1.0:
        middle = centres[scene.nodes[0].id][0]
        centres = {name: [middle + (x - middle) * widen, y] for name, (x, y) in centres.items()}
    layout = Layout.around(centres, scene, spacing, rooms, slide=slide, form=form, terse=terse, lowered=lowered,
                           lone=lone, lone_left=lone_left)
    layout.narrowed = narrow if narrowed else 0.0
    layout.stretch = stretch
    return layout


def _narrowed_rooms(scene: Scene, rooms, spacing: float, form: str, terse: bool, stagger: bool, lone: bool,
                    narrow: float, lone_left: bool = False) -> tuple[set[str], dict]:
    """The nodes of ``scene``'s level a slide narrows (see :func:`.tidy.narrowed_level`), and every node's room
    with them narrowed (``rooms``: as not). A name above its triangle stands where an edge label of its level's
    row might (one from its own parent: a cousin's is kept clear by the tidy layout): the tree is laid out, as it
    is before the slide moves its levels and nodes apart (which only moves labels away from names), and the names
    that meet a label go back beside their triangles, until none does."""
    narrowed = narrowed_level(scene, rooms, spacing)
    above = set(narrowed)  # (the names above their triangles: all at first)
    for _ in range(len(above) + 1):
        narrowed_rooms = measure_rooms(scene, spacing, form, True, terse, lone, narrowed, narrow, above, lone_left)
        lowered = staggered_leaves(scene, narrowed_rooms, spacing) if stagger else {}
        centres = tidy_centres(scene, spacing, 0.0, narrowed_rooms, lowered, terse, labels_where_drawn=True)
        layout = Layout.around(centres, scene, spacing, narrowed_rooms, slide=True, form=form, terse=terse,
                               lowered=lowered, lone=lone, lone_left=lone_left)
        meeting = names_on_labels(scene, layout)
        if not meeting:
            break
        above -= meeting
    return narrowed, narrowed_rooms


MAX_STRETCH = 144.0  # points: the most a slide's levels are moved apart to fill its height
EDGE = 6.0  # points of white inside a slide's edge, on the slide (a twelfth of an inch, however large the text:
# PowerPoint's and Beamer's own frames show the whole slide, and a wider white edge cost the last 1–2 % of some trees)
# A slide's layouts, loosest first: each spacing in each form (:data:`.layout.FORMS`), the textbook's first, with the
# text as the textbook writes it; then the same with the text written shorter (terse: see .layout.slide_written),
# which a tree is given only when no spacing and form holds projection-size text with the textbook's; then each of
# those with the leaves in two staggered rows (see .tidy.staggered_leaves), which a tree is given only when none of
# the others holds it (a leaf row setting the slide's width, with height to spare), and each staggered one whose width
# still binds with its widest level narrowed too (see slide_try). Each is (spacing, form, terse, stagger).
PLAIN_LAYOUTS = tuple((spacing, form, False, False) for spacing in SLIDE_SPACINGS for form in FORMS)
SLIDE_LAYOUTS = PLAIN_LAYOUTS + tuple((spacing, form, True, False) for spacing, form, _, _ in PLAIN_LAYOUTS)


def slide_layouts(scene: Scene) -> tuple[tuple[float, str, bool, bool], ...]:
    """The layouts a slide tries for ``scene``, loosest first (see :data:`SLIDE_LAYOUTS`): the terse ones only if
    they write some of its text shorter, the staggered ones only if it has a leaf row to stagger."""
    layouts = SLIDE_LAYOUTS if writes_shorter(scene) else PLAIN_LAYOUTS
    if can_stagger(scene):
        layouts += tuple((spacing, form, terse, True) for spacing, form, terse, _ in layouts)
    return layouts


def on_slide(scene: Scene, size: tuple[float, float], options: DrawOptions,
             pages_of=None, corner: bool = True) -> tuple[Layout, Page, str | None]:
    """``scene`` laid out for a slide of ``size`` inches, with its page (scaled to the slide, and its text with it).

    The smallest text aims at projection size (:data:`.layout.PROJECTION`, times ``options.font_scale``, for a slide
    7.5 inches high): the loosest of :data:`.layout.SLIDE_SPACINGS` that holds it at least at the lower aim is
    used, its text no larger than the upper aim, the text written shorter only where no spacing holds it as the
    textbook writes it (:data:`SLIDE_LAYOUTS`), a deck's caption beside the tree only where none holds it with the
    caption under the tree (:func:`_captions_beside`); a tree no spacing holds it for gets the layout with the
    largest text (see :func:`_largest`). The rest of the slide is filled by layout, not by larger text: the levels move apart to use its height
    and the nodes to use its width, so larger text never makes the tree narrower. ``pages_of(layout)`` gives the
    pages to fit (a deck's frames; default: the scene's own); ``corner``: the titles may stand in the tree's top
    left corner where that enlarges the pages (a player's page, which grows down as far as it needs, keeps them
    above). The note says what helps when the text is too small
    to read, or which ``--font-scale`` fits when the one asked for does not."""
    pages_of = pages_of or (lambda layout: [page_of(scene, layout, size[0] / size[1])])
    nominal = smallest_font(scene)
    low = projection_sizes(size, options)[0]
    aim, tried = slide_aim(scene, size, options), []
    for loose in slide_layouts(scene):
        scale, layout = slide_try(scene, loose, size, pages_of, corner, aim)
        tried.append((scale, loose, layout))
        if scale >= aim:
            break
    reached = scale >= aim
    short = max(each[0] for each in tried) < low / nominal  # (else a plainer layout holds projection size: taken)
    if short and corner and scene.caption and not scene.legend:  # the last resort: the caption beside the tree
        tried += _captions_beside(scene, size, pages_of, tried, aim)
    scale, loose, layout = tried[-1] if reached else slide_largest(scene, size, options, tried)
    layout, page = slide_filled(scene, size, options, loose, (scale, layout), pages_of)
    smallest = nominal * size[0] * 72 / page.frame.width
    if smallest < LEGIBLE - 0.05:
        return layout, page, (f"the smallest text on the slide is {smallest:.1f} pt, too small to read from the back "
                              f"of a room: {draw_less(options)}, or choose a larger --size")
    if options.font_scale != 1 and smallest < low - 0.05:
        fits = math.floor(smallest / low * options.font_scale * 10) / 10
        return layout, page, (f"--font-scale {options.font_scale:g} asks for {low:.0f} pt text; this slide holds "
                              f"{smallest:.1f} pt: --font-scale {fits:g} fits")
    return layout, page, None


# a layout this far short of the largest text tried is not tried with its caption beside it (its caption's row, which
# it saves, is a twentieth of a slide's height or less)
NEAR_ENOUGH = 1.06


def _captions_beside(scene: Scene, size: tuple[float, float], pages_of, tried: list[tuple[float, tuple, Layout]],
                     aim: float) -> list[tuple[float, tuple, Layout]]:
    """The layouts ``tried`` (scale, layout's choices, layout) again, in order, those within :data:`NEAR_ENOUGH` of
    the largest, each with a deck's caption beside the tree, until one reaches the ``aim`` (a scale): in the
    titles' column beside it (:func:`.page._caption_beside`), wrapped to each of :func:`.page.title_widths`, or in
    its top right corner under the titles above it (:func:`.page._caption_cornered`), wrapped to each of
    :func:`.page.corner_widths`, the titles as written, in two lines or wrapped evenly to the tree's width (each
    wrapped explicitly: the page's own wrapping would change as the slide fills), or in its bottom corner beside its
    lowest rows (:func:`.page._caption_low`), wrapped to each of :func:`.page.low_widths`. Tried only where no
    layout holds projection size with its caption under the tree (under a tall tree, a caption's lines set the
    slide's height; its longest line may set the width); and where none of these reaches the aim either, each again
    with the root's notes in its top left corner (:func:`_root_left`)."""
    more = _beside_each(scene, size, pages_of, tried, aim, _corner_bases)
    if max((scale for scale, _, _ in more), default=0.0) < aim:
        more += _beside_each(scene, size, pages_of, tried, aim, _root_left)
    return more


def _beside_each(scene: Scene, size: tuple[float, float], pages_of, tried: list[tuple[float, tuple, Layout]],
                 aim: float, bases) -> list[tuple[float, tuple, Layout]]:
    """For :func:`_captions_beside`: each of the layouts ``tried`` within :data:`NEAR_ENOUGH` of the largest, in
    order, until one reaches the ``aim``, as the best of its ``bases(scene, loose, layout)`` (layouts: none, for
    one that has none) with a deck's caption in each place beside the tree (see :func:`_beside_choices`)."""
    more, top = [], max(scale for scale, _, _ in tried)
    for scale, loose, layout in tried:
        if scale * NEAR_ENOUGH < top:
            continue
        choices = [choice for base in bases(scene, loose, layout) for choice in _beside_choices(scene, base)]
        if not choices:
            continue
        scale, chosen = max(((_filling_scale(pages_of(choice), size), choice) for choice in choices),
                            key=lambda each: each[0])
        more.append((scale, loose, chosen))
        if scale >= aim:
            break
    return more


def _beside_choices(scene: Scene, base: Layout) -> list[Layout]:
    """``base`` with a deck's caption in each place beside the tree that :func:`_captions_beside` tries."""
    plain = replace(base, title_beside=0.0, title_wrap=0.0)
    choices = [replace(plain, title_beside=width, caption_beside=width) for width in title_widths(scene)]
    wraps = dict.fromkeys((even_title_width(scene, plain.tree.width), *title_widths(scene, (1, 2))))
    choices += [replace(plain, title_wrap=wrap, caption_beside=width)
                for width in corner_widths(scene, plain) for wrap in wraps]
    return choices + [replace(plain, caption_beside=width, caption_low=True) for width in low_widths(scene, plain)]


def _corner_bases(scene: Scene, loose: tuple[float, str, bool, bool], layout: Layout) -> list[Layout]:
    """The layouts :func:`_captions_beside` tries a caption beside the tree on first, from one tried (``layout``,
    at ``loose``): itself, and where a lone node's notes stand in its corner (where a caption in the tree's top
    right corner would), the layout without them."""
    return [layout, _slide_layout(scene, loose, narrow=layout.narrowed)] if layout.lone else [layout]


def _root_left(scene: Scene, loose: tuple[float, str, bool, bool], layout: Layout) -> list[Layout]:
    """The layout :func:`_captions_beside` tries a caption beside the tree on last, from one tried (``layout``, at
    ``loose``): where the root is a MAX triangle with notes, with them in its top left corner (``lone_left``: no
    edge arrives at its apex, so either corner is free; its level is lower by their height, and the top right
    corner is left to the caption); none otherwise."""
    root = scene.nodes[0]
    if layout.lone_left or root.kind != "max" or not root.notes:
        return []
    return [_slide_layout(scene, loose, lone=True, narrow=layout.narrowed, lone_left=True)]


def projection_sizes(size: tuple[float, float], options: DrawOptions) -> tuple[float, float]:
    """The smallest text's aims on a slide of ``size`` inches, in the slide's points (:data:`.layout.PROJECTION`,
    times ``options.font_scale``, for a slide 7.5 inches high, and in proportion for another height)."""
    low, high = PROJECTION
    return (low * options.font_scale * size[1] / DEFAULT_SLIDE[1],
            high * options.font_scale * size[1] / DEFAULT_SLIDE[1])


ABOUT_SAME = 1.01  # scales of a slide's layouts this near are about the same (see _largest)
TO_SPARE = 1.03  # a layout holds the aim with room to spare at this share of it (filling the slide costs a little)


def slide_aim(scene: Scene, size: tuple[float, float], options: DrawOptions) -> float:
    """The scale at which :func:`on_slide` takes a layout (the first of its layouts that reaches it): ``scene``'s
    smallest text at projection size with room to spare, on a slide of ``size`` inches."""
    return projection_sizes(size, options)[0] * TO_SPARE / smallest_font(scene)


def slide_try(scene: Scene, loose: tuple[float, str, bool, bool], size: tuple[float, float], pages_of,
              corner: bool = True, aim: float = math.inf) -> tuple[float, Layout]:
    """One of :func:`on_slide`'s tries, for a search of its own (:func:`.deck.player_fit`): ``scene`` laid out at
    ``loose`` (:data:`SLIDE_LAYOUTS`) with its titles placed, and how far its pages ``pages_of(layout)`` are
    enlarged on a slide of ``size`` inches. Where it falls short of ``aim`` (a scale: :func:`slide_aim`), a staggered
    layout whose width binds is tried first with its widest level narrowed (see :func:`_narrowed`). Then, where it
    still falls short, the notes of a MAX triangle alone in its level may stand in its corner instead, if that
    enlarges the pages (see :func:`.layout.lone_corners`; the titles placed again, in the tree's top left corner too
    where they may be: a tree taller than their column beside it sets the height). That is tried only where the
    height binds: notes in a corner make the tree lower, never narrower."""
    tried = _titles_placed(_slide_layout(scene, loose), scene, size, pages_of, corner)
    if tried[0] < aim and loose[3] and can_narrow(scene, tried[1]) and not _height_binds(pages_of(tried[1]), size):
        tried = _narrowed(scene, loose, size, pages_of, corner, tried, aim)
    if tried[0] < aim and _lone_notes(scene) and _height_binds(pages_of(tried[1]), size):
        lone = _titles_placed(_slide_layout(scene, loose, lone=True, narrow=tried[1].narrowed), scene, size,
                              pages_of, corner)
        return lone if lone[0] > tried[0] else tried
    return tried


def _narrowed(scene: Scene, loose: tuple[float, str, bool, bool], size: tuple[float, float], pages_of, corner: bool,
              tried: tuple[float, Layout], aim: float) -> tuple[float, Layout]:
    """A staggered layout ``tried`` (its scale and layout) whose width binds, or the same with its widest level
    narrowed (see :func:`.tidy.narrowed_level`) by :data:`.layout.NARROWED`, least first, as long as each enlarges
    its pages more and falls short of ``aim`` (a scale): a narrower tree, a little taller (that level's triangles,
    and its notes where broken in two)."""
    for taller in NARROWED:
        narrowed = _titles_placed(_slide_layout(scene, loose, narrow=taller), scene, size, pages_of, corner)
        if narrowed[0] <= tried[0]:
            break
        tried = narrowed
        if tried[0] >= aim:
            break
    return tried


def _lone_notes(scene: Scene) -> bool:
    """Whether ``scene`` has a MAX triangle alone in its level with notes (see :func:`.layout.lone_corners`)."""
    kinds = {node.id: node for node in scene.nodes}
    return any(kinds[name].kind == "max" and kinds[name].notes for name in lone_corners(scene))


def slide_filled(scene: Scene, size: tuple[float, float], options: DrawOptions, loose: tuple[float, str, bool, bool],
                 tried: tuple[float, Layout], pages_of) -> tuple[Layout, Page]:
    """The layout a search chose (``loose``, and its :func:`slide_try`) filling the slide as :func:`on_slide` fills
    it (its text no larger than projection size), and its page."""
    high = projection_sizes(size, options)[1]
    scale, layout = tried
    return _filled(scene, size, loose, min(scale, high / smallest_font(scene)), pages_of, layout)


def slide_largest(scene: Scene, size: tuple[float, float], options: DrawOptions,
                  tried: list[tuple[float, tuple, Layout]]) -> tuple[float, tuple, Layout]:
    """The layout :func:`on_slide` takes of those ``tried`` (scale, layout's choices, layout), none of which holds
    projection size with room to spare: see :func:`_largest`."""
    return _largest(tried, projection_sizes(size, options)[0] / smallest_font(scene))


def _largest(tried: list[tuple[float, tuple, Layout]], aim: float) -> tuple[float, tuple, Layout]:
    """Of the layouts ``tried`` (scale, (spacing, form, terse, stagger), layout), none holding projection size with
    room to spare, the one with the largest text; but the plainest (fewest of terse, staggered, the caption beside
    the tree, a lone node's notes in its corner, :attr:`.layout.Layout.lone`, and a narrowed level,
    :attr:`.layout.Layout.narrowed`) of those that reach the ``aim`` (a
    scale) or come within a hundredth of the largest: a slide short of its aim needs every bit of size a spacing
    gives, not a look changed for a bit."""
    top = max(scale for scale, _, _ in tried)
    return max((choice for choice in tried if choice[0] * ABOUT_SAME >= top or choice[0] >= aim),
               key=lambda choice: (-choice[1][2] - choice[1][3] - bool(choice[2].caption_beside) - choice[2].lone
                                   - bool(choice[2].narrowed),
                                   choice[0]))


def _slide_layout(scene: Scene, loose: tuple[float, str, bool, bool], stretch: float = 0.0,
                  widen: float = 1.0, lone: bool = False, narrow: float = 0.0, lone_left: bool = False) -> Layout:
    """``scene`` laid out for a slide at ``loose``: a spacing, a form, whether terse and whether its leaves are
    staggered (see :data:`SLIDE_LAYOUTS`); ``lone``, ``narrow``: see :func:`slide_try`; ``lone_left``: see
    :func:`_corner_bases`."""
    spacing, form, terse, stagger = loose
    return lay_out(scene, spacing, stretch, widen=widen, form=form, slide=True, terse=terse, stagger=stagger,
                   lone=lone, narrow=narrow, lone_left=lone_left)


def projection_width(scene: Scene, size: tuple[float, float], options: DrawOptions) -> float:
    """The widest, in the drawing's points, that a page of ``scene`` can be for its smallest text to reach
    projection size (:data:`.layout.PROJECTION`, times ``options.font_scale``) on a slide of ``size`` inches: the
    most a deck's caption may take."""
    low = projection_sizes(size, options)[0]
    return (size[0] * 72 - 2 * EDGE) * smallest_font(scene) / low


def smallest_font(scene: Scene) -> float:
    """The smallest font size ``scene`` draws in, in the drawing's points."""
    return BOARD_FONT if any(node.kind == "board" for node in scene.nodes) else SMALLEST_FONT


def _titles_placed(layout: Layout, scene: Scene, size: tuple[float, float], pages_of,
                   corner: bool = True) -> tuple[float, Layout]:
    """``layout`` with the titles where its pages are enlarged most on a slide of ``size`` inches, and how far:
    above the tree (as :func:`.page.page_of` wraps them, or on two lines: a slide short of width), or in its top
    left corner (a slide short of height with width to spare), wrapped to one of :func:`.page.title_widths`; as
    :func:`.page.page_of` places them unless another place is clearly better (a fiftieth larger)."""
    best = _filling_scale(pages_of(layout), size), layout
    choices = [replace(layout, title_wrap=width) for width in title_widths(scene, (2,))]
    choices += [replace(layout, title_beside=width) for width in title_widths(scene)] if corner else []
    for choice in choices:
        scale = _filling_scale(pages_of(choice), size)
        if scale > best[0] * 1.02:
            best = scale, choice
    return best


def _content(pages: list[Page]) -> Box:
    content = pages[0].frame
    for other in pages[1:]:
        content = content.union(other.frame)
    return content


def _enlargements(content: Box, size: tuple[float, float]) -> tuple[float, float]:
    """How far ``content`` is enlarged to fill the width of a slide of ``size`` inches, and apart, its height
    (within its white edge, :data:`EDGE`)."""
    return (size[0] * 72 - 2 * EDGE) / content.width, (size[1] * 72 - 2 * EDGE) / content.height


def _height_binds(pages: list[Page], size: tuple[float, float]) -> bool:
    """Whether pages fitted to a slide of ``size`` inches fill its height before its width."""
    by_width, by_height = _enlargements(_content(pages), size)
    return by_height < by_width


def _filling_scale(pages: list[Page], size: tuple[float, float]) -> float:
    """How far pages fitted to a slide of ``size`` inches are enlarged on it (their content and margin filling
    its width or its height)."""
    content = _content(pages)
    scale = min(_enlargements(content, size))
    for page in pages:  # a current node's second outline may reach into the margin (see .page.slide_page)
        if page.reach is not None:
            reach = content.union(page.reach)
            scale = min(scale, size[0] * 72 / reach.width, size[1] * 72 / reach.height)
            break  # (every page of a deck has the same)
    return scale


def _filled(scene: Scene, size: tuple[float, float], loose: tuple[float, str, bool, bool], scale: float,
            pages_of, layout: Layout) -> tuple[Layout, Page]:
    """``scene`` laid out at ``loose`` (spacing, form, terse, stagger: ``layout``) for a slide enlarging it ``scale``
    times: its levels moved apart (at most :data:`MAX_STRETCH`) and its nodes moved apart across until its pages
    fill the slide's height and width at that scale, and its page."""
    margin = EDGE / scale  # on each side, unless a current node's second outline reaches further

    def room(pages: list[Page]) -> tuple[Box, float, float]:
        """The pages' content, and the width and height it may take at this scale (the white of the slide's edge
        or, where a current node's second outline reaches further past the content, that: see .page.slide_page)."""
        content = _content(pages)
        reach = content.union(pages[0].reach) if pages[0].reach is not None else content
        return content, (
            size[0] * 72 / scale - max(margin, content.left - reach.left) - max(margin, reach.right - content.right),
            size[1] * 72 / scale - max(margin, content.bottom - reach.bottom) - max(margin, reach.top - content.top))

    pages = pages_of(layout)
    content, (_, room_h) = room(pages)
    levels = layout.levels
    spare = room_h - content.height
    stretch = min(spare / (levels - 1), MAX_STRETCH) if levels > 1 and spare > 1 else 0.0
    widen = 1.0
    titles = _title_places(layout, layout.title_wrap)
    lone, narrow, left = layout.lone, layout.narrowed, layout.lone_left
    for _ in range(3):  # (more passes where the widened page came out smaller than aimed at: see below)
        for _ in range(4):  # the titles, caption and key follow the tree's width: a few rounds settle it
            layout = replace(_slide_layout(scene, loose, stretch, widen, lone, narrow, left), **titles)
            content, (room_w, _) = room(pages_of(layout))  # (the widened tree's ends may reach past the titles)
            spare = room_w - content.width
            tree = layout.tree.width
            if abs(spare) < 1 or tree < 1 or (spare < 0 and widen == 1.0):
                break
            widen = max(1.0, widen * (tree + spare) / tree)  # (a round that overshot comes back)
        if spare < 0 and widen > 1.0:  # still too wide: the last that fitted
            widen = max(1.0, widen * (tree + spare - 1) / tree)
            layout = replace(_slide_layout(scene, loose, stretch, widen, lone, narrow, left), **titles)
        page = slide_page(pages_of(layout), size, EDGE / scale)
        drawn = size[0] * 72 / page.frame.width  # (the page has the slide's shape)
        if drawn >= scale * 0.999:
            break
        if titles != _titles_kept(layout, pages):  # (the titles as the pages measured had them: then as aimed at)
            titles = _titles_kept(layout, pages)
            continue
        # the page is enlarged less than aimed at (its height, with titles the wider tree set on other lines, or
        # the current node's outline at its new ends): the slide's width at that scale is filled instead
        scale, margin = drawn, EDGE / drawn
    return layout, page


def _titles_kept(layout: Layout, pages: list[Page]) -> dict[str, float]:
    """Where ``layout``'s titles and caption stand, as its ``pages`` place them, for :func:`_filled` to keep where
    the widened tree came out smaller than aimed at: titles above it that the pages wrapped to the tree's width stay
    so wrapped (on a wider tree they may stand on fewer and longer lines, past the width the slide was filled to)."""
    return _title_places(layout, layout.title_wrap or (0.0 if layout.title_beside else
                                                       max(page.title_wrap for page in pages)))


def _title_places(layout: Layout, wrap: float) -> dict[str, float]:
    """Where ``layout``'s titles and caption stand, the titles above the tree wrapped to ``wrap``: what
    :func:`_filled` keeps while it widens the tree."""
    return {"title_beside": layout.title_beside, "title_wrap": wrap, "caption_beside": layout.caption_beside,
            "caption_low": layout.caption_low}


def _refuse_wider(width: float, options: DrawOptions, height: float = 0.0) -> None:
    max_w, max_h = options.max_size
    if width > max_w or height > max_h:
        size = f"{width:.1f} × {height:.1f} inches" if height else f"at least {width:.1f} inches wide"
        raise RenderError(f"the diagram would be {size}, larger than the limit of {max_w:g} × {max_h:g} inches "
                          f"(--max-size); {draw_less(options)}, or raise the limit with --max-size WxH")


def check_fits(page: Page, options: DrawOptions, fmt: str, dpi: int | None) -> None:
    """Refuse a drawing larger than ``options.max_size`` (inches), or a bitmap Graphviz would shrink."""
    width, height = page.inches
    _refuse_wider(width, options, height)
    pixels = max(width, height) * (dpi or 96)
    if fmt == "png" and pixels > MAX_BITMAP:
        raise RenderError(f"the PNG would be {pixels:,.0f} pixels wide, more than Graphviz can draw "
                          f"({MAX_BITMAP:,}); lower --dpi or {draw_less(options)}")


def _fits(page: Page, options: DrawOptions) -> bool:
    width, height = page.inches
    return width <= options.max_size[0] and height <= options.max_size[1]


class Fitted(Record, frozen=True):
    """A drawing fitted to its limits: the scene, laid out, on its page, with the options it was drawn with and a
    note saying how it was cut, if it was."""

    scene: Scene
    layout: Layout
    page: Page
    options: DrawOptions
    note: str | None


MIN_BOARD = 72.0  # points: the least width of a board on a slide (an inch), for its cells to read from a room
GAME_TEXT = 12.0 / 1.163  # points: the least font size on a game's slide, its words 12 pt high (pdftotext -bbox)
NEARLY = 0.95  # a drawing whose text is this share of the largest is as good, if it leaves out fewer children
LECTURE_PLIES = 2  # a game's deck draws this many plies (a move and the replies to it) unless told otherwise
CAPTION_LINES = 2  # room kept for a game deck's caption when its cut is chosen (a slide counts many left out)
# The deck laid out from every frame's widest texts and its real captions comes out up to this much smaller than
# the final frame the cut is chosen from (measured on the shipped positions): a choice is legible with this to spare
DECK_SHORTFALL = 1.05


def _slide_sizes(scene: Scene, layout: Layout, size: tuple[float, float]) -> tuple[float, float]:
    """(the narrowest board's grid width, the smallest text's font size), in points, once the page of ``scene`` (laid
    out as ``layout``, with room kept for a caption of :data:`CAPTION_LINES`) is scaled to a slide of ``size`` inches."""
    frame = page_of(replace(scene, caption="\n".join(["caption"] * CAPTION_LINES)), layout, size[0] / size[1]).frame
    scale = min((size[0] * 72 - 2 * SLIDE_MARGIN) / frame.width, (size[1] * 72 - 2 * SLIDE_MARGIN) / frame.height)
    widths = [board_size(node).grid_w for node in scene.nodes if node.kind == "board"]
    smallest = BOARD_FONT if widths else SMALLEST_FONT
    return min(widths, default=MIN_BOARD / scale) * scale, smallest * scale


def _boards_legible(scene: Scene, layout: Layout, size: tuple[float, float] | None) -> bool:
    """Whether every board of ``scene`` (laid out as ``layout``) is at least :data:`MIN_BOARD` wide once its page
    is scaled to a slide of ``size`` inches (no slide: the drawing's own size, always)."""
    if size is None or not any(node.kind == "board" for node in scene.nodes):
        return True
    return _slide_sizes(scene, layout, size)[0] >= MIN_BOARD


class _Choice(Record, frozen=True):
    """A way to draw a game's search on a slide, laid out, with how large its boards and text come out."""

    options: DrawOptions
    scene: Scene
    layout: Layout
    wide: bool  # every board at least MIN_BOARD wide
    text: float  # the smallest font size, in points

    @property
    def legible(self) -> bool:
        return self.wide and self.text >= GAME_TEXT * DECK_SHORTFALL


def _lecture_cut(trace, options: DrawOptions, spacing: float, size: tuple[float, float]) -> Fitted:
    """A game's search on a slide when nothing says what to draw: :data:`LECTURE_PLIES` plies, with as many of
    each node's children as keep the boards an inch wide and the text :data:`GAME_TEXT` (all of them, then all
    with the pruned ones as one box, then the first K with the best and the cut one, K falling to 1). Where no
    choice reaches both, the one with the most children whose text is :data:`NEARLY` the largest (of those whose
    boards are an inch wide, if any are): a slide is mostly too short for three levels of boards rather than too
    narrow, so leaving children out gains little. The note says what was drawn."""
    depth = min(LECTURE_PLIES, max(node.ply for node in trace.nodes))
    widest = max(Counter(node.parent for node in trace.nodes if node.parent is not None).values(), default=1)
    tried: list[_Choice] = []
    for first_children, compact in [(None, False), (None, True)] + [(k, True) for k in range(widest - 1, 0, -1)]:
        smaller = replace(options, draw_depth=depth, first_children=first_children, compact=compact,
                          lecture_boards=True)
        scene = scene_of(trace, smaller)
        layout = lay_out(scene, spacing)
        board, text = _slide_sizes(scene, layout, size)
        tried.append(_Choice(smaller, scene, layout, board >= MIN_BOARD, text))
        if tried[-1].legible:
            break
    chosen = tried[-1]
    if not chosen.legible:
        wide = [choice for choice in tried if choice.wide] or tried
        largest = max(choice.text for choice in wide)
        chosen = next(choice for choice in wide if choice.text >= NEARLY * largest)
    return Fitted(chosen.scene, chosen.layout, page_of(chosen.scene, chosen.layout), chosen.options,
                  _lecture_note(trace, chosen))


def _lecture_note(trace, chosen: _Choice) -> str:
    """What :func:`_lecture_cut` drew, and how to choose otherwise."""
    options = chosen.options
    drawn = [f"drawn to depth {options.draw_depth} of {max(node.ply for node in trace.nodes)}"]
    if options.first_children is not None:
        k = options.first_children
        drawn.append(f"the first {'child' if k == 1 else f'{k} children'} of each node (with the best and the one "
                     "a cutoff struck at)")
    if options.compact:
        drawn.append("each cutoff's pruned children as one box")
    why = ("so that its boards stay an inch wide and its text 12 pt" if chosen.legible
           else f"so that its boards and text are as large as {_plies(options.draw_depth)} allow")
    return (f"the whole search is too large for a slide: {', '.join(drawn)}, {why}; choose with --draw-depth N, "
            "--first-children K or --compact")


def _plies(count: int) -> str:
    """``count`` plies in words, as a note says it: "one ply", "two plies"."""
    return f"{('one', 'two')[count - 1] if count in (1, 2) else count} pl{'y' if count == 1 else 'ies'}"


def fitted(trace, options: DrawOptions, slide: bool | tuple[float, float] = False) -> Fitted:
    """The scene to draw, laid out, with the options it was drawn with. A drawing larger than ``options.max_size``
    is cut at the deepest ply that fits, and a note says so, unless ``options.draw_depth`` was chosen (then the
    caller refuses it). Widths are estimated first, so a hopelessly wide search is never laid out. A ``slide``
    is measured at its tightest spacing (see :func:`on_slide`); given as a size (inches), a game's drawing is also
    cut where its boards would be less than an inch wide on it (:data:`MIN_BOARD`); one of more nodes than
    ``options.max_drawn`` goes straight to the lecture's cut, the whole never built (it could not be drawn)."""
    size = slide if isinstance(slide, tuple) else None
    spacing = SLIDE_SPACINGS[-1] if slide else 1.0 / options.font_scale  # (a slide's text: see on_slide)
    lecture = (size is not None and options.draw_depth is None and options.first_children is None
               and not options.compact and trace.root.has_board)  # a game's deck, as a lecture uses it
    if lecture and trace.node_count > options.max_drawn:
        return _lecture_cut(trace, options, spacing, size)  # too many to draw whole: the whole is never built
    scene = scene_of(trace, options)
    measure([scene])
    fits_whole = False  # whether the whole search fits the limit (so only its boards' size cuts it)
    rooms = measure_rooms(scene, spacing)  # for the estimate and the layout alike
    if options.draw_depth is None and estimated_width(scene, spacing, rooms) <= options.max_size[0] * 72:
        layout = lay_out(scene, spacing, rooms=rooms)
        page = page_of(scene, layout)
        fits_whole = _fits(page, options)
        if fits_whole and _boards_legible(scene, layout, size):
            return Fitted(scene, layout, page, options, None)
    elif options.draw_depth is not None:
        _refuse_wider(estimated_width(scene, spacing, rooms) / 72, options)
        layout = lay_out(scene, spacing, rooms=rooms)
        return Fitted(scene, layout, page_of(scene, layout), options, None)
    if lecture:
        return _lecture_cut(trace, options, spacing, size)
    deepest = max(node.ply for node in trace.nodes)

    def cut_at(depth: int):
        """The drawing cut at ``depth``, laid out, if it fits (depth 0 always does); else None."""
        smaller = replace(options, draw_depth=depth)
        scene = scene_of(trace, smaller)
        if estimated_width(scene, spacing) > options.max_size[0] * 72 and depth:
            return None
        layout = lay_out(scene, spacing)
        page = page_of(scene, layout)
        if (_fits(page, options) and _boards_legible(scene, layout, size)) or not depth:
            return scene, layout, page, smaller
        return None

    # A drawing cut deeper is never smaller, so the deepest cut that fits is found by halving: a few layouts, not
    # one per ply (a 999-deep chain took minutes).
    low, high, found = 1, deepest - 1, None
    while low <= high:
        middle = (low + high) // 2
        fitting = cut_at(middle)
        if fitting is None:
            high = middle - 1
        else:
            found, low = (middle, fitting), middle + 1
    depth, (scene, layout, page, smaller) = found or (0, cut_at(0))
    why = "" if fits_whole else " (choose with --draw-depth N; --max-size WxH sets the limit)"
    return Fitted(scene, layout, page, smaller, (
        f"the whole search is too large for a slide: drawn to depth {depth} of {deepest}"
        + (why or " so that its boards stay an inch wide (choose with --draw-depth N, --first-children K "
                  "or --compact)")))
