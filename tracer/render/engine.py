"""The one module that runs Graphviz: a scene is laid out once (:func:`lay_out`, with the text widths Graphviz
measures), and ``neato -n2`` draws it at those places (:func:`draw`), for a diagram or every frame of a deck.
Graphviz's failures, its hangs and a drawing too big to read become one line (:class:`RenderError`); nothing is
half-written."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor

from ..errors import RenderError
from ..io import format_of, write_atomically
from . import ahead
from .dot import SLIDE_MARGIN, Page, page_of, scene_to_dot, slide_page
from .layout import (
    BOARD_FONT, COMFORTABLE, LEGIBLE, SLIDE_SPACINGS, SMALLEST_FONT, Layout, estimated_width, learn_widths, measure_source,
    scene_texts, unmeasured,
)
from .scene import DrawOptions, Scene, scene_of
from .tidy import tidy_centres

FORMATS = ("svg", "png", "pdf", "dot", "tikz")  # tikz: a LaTeX picture, written .tex
EXTENSIONS = {"tikz": "tex"}  # a format's file extension, where it is not the format's name
TIMEOUT = 600  # seconds: past this Graphviz is stopped (it would seem to hang)
MAX_BITMAP = 32_767  # pixels a side: cairo's limit, past which Graphviz silently shrinks a bitmap
INSTALL_HINT = ("Graphviz's 'dot' program was not found: install Graphviz "
                "(Debian/Ubuntu: apt-get install graphviz; macOS: brew install graphviz), then try again")
DRAW_LESS = "draw less with --draw-depth N, --first-children K or --compact"


def run_graphviz(source: str, fmt: str, program: str = "dot", args: tuple[str, ...] = (),
                 strict: bool = False) -> bytes:
    """Run a Graphviz program on ``source`` and return what it writes. Its failure, a time-out, or (``strict``)
    any warning is a :class:`RenderError` in one line; the program is killed on any way out."""
    return _run(program, [f"-T{fmt}", *args], source.encode("utf-8"), strict)


def _run(program: str, args: list[str], source: bytes | None = None, strict: bool = False) -> bytes:
    """Run ``program args`` (``source`` on its standard input); what it writes, or one line saying what failed."""
    executable = shutil.which(program)
    if executable is None:
        raise RenderError(INSTALL_HINT)
    try:
        done = subprocess.run([executable, *args], input=source, capture_output=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        raise RenderError(f"Graphviz took more than {TIMEOUT} s; {DRAW_LESS}") from None
    except OSError as error:
        raise RenderError(f"cannot run Graphviz's {program} ({executable}): {error.strerror or error}") from None
    messages = [line.strip() for line in done.stderr.decode("utf-8", "replace").splitlines() if line.strip()]
    if done.returncode != 0:
        raise RenderError(f"Graphviz failed: {messages[-1] if messages else f'exit status {done.returncode}'}")
    shrunk = [line for line in messages if "Scaling by" in line or "too large" in line]
    if shrunk or (strict and messages):
        raise RenderError(f"Graphviz warned: {(shrunk or messages)[0]}")
    return done.stdout


def run_graphviz_many(sources, count: int, fmt: str, program: str = "neato", args: tuple[str, ...] = ("-n2",),
                      progress=None) -> list[bytes]:
    """Run a Graphviz program on ``count`` graphs (the frames of a deck; ``sources`` yields their DOT) and return
    each one's output, in order. The graphs go in chunks, one process per chunk (a process draws a graph in a few
    milliseconds but takes tens to start), as many processes at once as there are CPUs, each chunk started as soon
    as its sources are made; Graphviz writes each graph's output to its own file (``-O``). ``progress(n)`` is
    called as each chunk of ``n`` graphs is done."""
    if shutil.which(program) is None:
        raise RenderError(INSTALL_HINT)
    workers = max(1, min(os.cpu_count() or 1, 8))
    size = max(1, min(25, -(-count // (2 * workers))))
    with tempfile.TemporaryDirectory(prefix="tracer-frames-") as folder:
        def draw_chunk(index: int, chunk: list[str]) -> list[bytes]:
            path = os.path.join(folder, f"chunk{index}.gv")
            with open(path, "w", encoding="utf-8") as out:
                out.write("\n".join(chunk))
            _run(program, [f"-T{fmt}", "-O", *args, path])
            outputs = []
            for i in range(len(chunk)):
                name = f"{path}.{fmt}" if i == 0 else f"{path}.{i + 1}.{fmt}"
                with open(name, "rb") as drawn:
                    outputs.append(drawn.read())
                os.unlink(name)
            if progress is not None:
                progress(len(outputs))
            return outputs

        with ThreadPoolExecutor(max_workers=workers) as pool:
            futures, chunk = [], []
            try:
                for source in sources:
                    chunk.append(source)
                    if len(chunk) == size:
                        futures.append(pool.submit(draw_chunk, len(futures), chunk))
                        chunk = []
                if chunk:
                    futures.append(pool.submit(draw_chunk, len(futures), chunk))
                return [output for future in futures for output in future.result()]
            except BaseException:
                for future in futures:
                    future.cancel()
                raise


def dot_to_bytes(source: str, fmt: str) -> bytes:
    """Lay out and draw DOT source with the real ``dot`` (for DOT written by hand or by another tool)."""
    if fmt not in FORMATS:
        raise RenderError(f"unknown format {fmt!r} (choose from {', '.join(FORMATS)})")
    if fmt == "dot":
        return source.encode("utf-8")
    return run_graphviz(source, fmt, "dot")


def measure(scenes) -> None:
    """Have Graphviz measure the characters of the scenes' texts that it has not measured yet: the common ones
    from the run started ahead (:mod:`.ahead`), if any, the others in one run of dot."""
    common = ahead.collect()
    if common is not None:
        learn_widths(common, ahead.COMMON_CHARS)
    chars = unmeasured(text for scene in scenes for text in scene_texts(scene))
    if chars:
        learn_widths(run_graphviz(measure_source(chars), "json", "dot"), chars)


def lay_out(scene: Scene, spacing: float = 1.0, stretch: float = 0.0) -> Layout:
    """Where every node of ``scene`` stands: a tidy tree layout (see :mod:`.tidy`; ``spacing`` and ``stretch`` as
    there), its text measured first."""
    measure([scene])
    return Layout.around(tidy_centres(scene, spacing, stretch), scene, spacing)


MAX_STRETCH = 144.0  # points: the most a slide's levels are moved apart to fill its height


def on_slide(scene: Scene, size: tuple[float, float], options: DrawOptions,
             pages_of=None) -> tuple[Layout, Page, str | None]:
    """``scene`` laid out for a slide of ``size`` inches, with its page. The page is scaled to the slide, and its
    text with it, so a tighter layout has larger text: the loosest of :data:`SLIDE_SPACINGS` (divided by
    ``options.font_scale``) whose smallest text is comfortably legible is used, else the one with the largest
    text. A wide tree's levels are moved apart to use the slide's height, so the slide's scale is the smaller of
    its width's and its height's. ``pages_of(layout)`` gives the pages to fit (a deck's frames; default: the
    scene's own). The note says what helps when even the tightest layout's text is too small to read."""
    pages_of = pages_of or (lambda layout: [page_of(scene, layout, size[0] / size[1])])
    smallest_font = BOARD_FONT if any(node.kind == "board" for node in scene.nodes) else SMALLEST_FONT
    best = None
    for spacing in SLIDE_SPACINGS:
        layout, page = _filling(scene, size, spacing / options.font_scale, pages_of)
        smallest = smallest_font * size[0] * 72 / page.frame.width
        if best is None or smallest > best[0]:
            best = smallest, layout, page
        if smallest >= COMFORTABLE * LEGIBLE * options.font_scale:
            break
    smallest, layout, page = best
    if smallest >= LEGIBLE - 0.05:
        return layout, page, None
    return layout, page, (f"the smallest text on the slide is {smallest:.1f} pt, too small to read from the back of "
                          f"a room: {DRAW_LESS}, or choose a larger --size")


def _filling(scene: Scene, size: tuple[float, float], spacing: float, pages_of) -> tuple[Layout, Page]:
    """``scene`` laid out at ``spacing``, its levels moved apart (at most :data:`MAX_STRETCH`) until its page has
    the slide's shape, and that page."""
    layout = lay_out(scene, spacing)
    pages = pages_of(layout)
    page = slide_page(pages, size)
    levels = len({round(box.y, 2) for box in layout.shapes.values()})
    content = pages[0].frame
    for other in pages[1:]:
        content = content.union(other.frame)
    spare = page.frame.height - 2 * SLIDE_MARGIN - content.height
    if levels > 1 and spare > 1:
        layout = lay_out(scene, spacing, min(spare / (levels - 1), MAX_STRETCH))
        page = slide_page(pages_of(layout), size)
    return layout, page


def _refuse_wider(width: float, options: DrawOptions, height: float = 0.0) -> None:
    max_w, max_h = options.max_size
    if width > max_w or height > max_h:
        size = f"{width:.1f} × {height:.1f} inches" if height else f"at least {width:.1f} inches wide"
        raise RenderError(f"the diagram would be {size}, larger than the limit of {max_w:g} × {max_h:g} inches "
                          f"(--max-size); {DRAW_LESS}, or raise the limit with --max-size WxH")


def check_fits(page: Page, options: DrawOptions, fmt: str, dpi: int | None) -> None:
    """Refuse a drawing larger than ``options.max_size`` (inches), or a bitmap Graphviz would shrink."""
    width, height = _inches(page)
    _refuse_wider(width, options, height)
    pixels = max(width, height) * (dpi or 96)
    if fmt == "png" and pixels > MAX_BITMAP:
        raise RenderError(f"the PNG would be {pixels:,.0f} pixels wide, more than Graphviz can draw "
                          f"({MAX_BITMAP:,}); lower --dpi or {DRAW_LESS}")


def draw(scene: Scene, layout: Layout, fmt: str, page: Page | None = None, dpi: int | None = None) -> bytes:
    """Draw ``scene`` at ``layout``'s places in ``fmt`` (svg, png, pdf, or the pinned DOT itself)."""
    source = scene_to_dot(scene, layout, page, dpi)
    if fmt == "dot":
        return source.encode("utf-8")
    if fmt not in FORMATS:
        raise RenderError(f"unknown format {fmt!r} (choose from {', '.join(FORMATS)})")
    return run_graphviz(source, fmt, "neato", ("-n2",))


def _inches(page: Page) -> tuple[float, float]:
    """The drawing's size in inches, with its white margin."""
    return page.frame.width / 72 + 2 * page.pad, page.frame.height / 72 + 2 * page.pad


def _fits(page: Page, options: DrawOptions) -> bool:
    width, height = _inches(page)
    return width <= options.max_size[0] and height <= options.max_size[1]


def fitted(trace, options: DrawOptions, slide: bool = False) -> tuple[Scene, Layout, Page, DrawOptions, str | None]:
    """The scene to draw, laid out, with the options it was drawn with. A drawing larger than ``options.max_size``
    is cut at the deepest ply that fits, and a note says so, unless ``options.draw_depth`` was chosen (then the
    caller refuses it). Widths are estimated first, so a hopelessly wide search is never laid out. A ``slide``
    is measured at its tightest spacing (see :func:`on_slide`)."""
    scene = scene_of(trace, options)
    measure([scene])
    spacing = (SLIDE_SPACINGS[-1] if slide else 1.0) / options.font_scale
    if options.draw_depth is None and estimated_width(scene, spacing) <= options.max_size[0] * 72:
        layout = lay_out(scene, spacing)
        page = page_of(scene, layout)
        if _fits(page, options):
            return scene, layout, page, options, None
    elif options.draw_depth is not None:
        _refuse_wider(estimated_width(scene, spacing) / 72, options)
        layout = lay_out(scene, spacing)
        return scene, layout, page_of(scene, layout), options, None
    deepest = max(node.ply for node in trace.nodes)
    for depth in range(deepest - 1, -1, -1):
        smaller = DrawOptions(**{**options.__dict__, "draw_depth": depth})
        scene = scene_of(trace, smaller)
        if estimated_width(scene, spacing) > options.max_size[0] * 72 and depth:
            continue
        layout = lay_out(scene, spacing)
        page = page_of(scene, layout)
        if _fits(page, options) or not depth:
            return scene, layout, page, smaller, (
                f"the whole search is too large for a slide: drawn to depth {depth} of {deepest} "
                "(choose with --draw-depth N; --max-size WxH sets the limit)")
    raise AssertionError("depth 0 always returns")


SLIDE_DPI = 144  # dots per slide inch: a 13.33 × 7.5 inch (16:9) slide is 1920 × 1080 pixels


def render_bytes(trace, fmt: str = "svg", options: DrawOptions = DrawOptions(), dpi: int | None = None,
                 notes: list | None = None, size: tuple[float, float] | None = None, tikz_body: bool = False) -> bytes:
    """A trace's diagram in ``fmt`` (svg, png, pdf, or ``dot``: the pinned source ``neato -n2`` draws); ``dpi``
    sets a PNG's resolution (default 96). A note about how the drawing was fitted is appended to ``notes``.
    ``size`` (inches) fits the diagram to a slide: the page gets the slide's shape with the tree centred, a PDF
    page is the slide's size and a PNG has ``dpi`` (default 144) dots per slide inch. ``tikz`` is a standalone
    LaTeX document, or with ``tikz_body`` the bare ``tikzpicture``."""
    if fmt not in FORMATS:
        raise RenderError(f"unknown format {fmt!r} (choose from {', '.join(FORMATS)})")
    scene, layout, page, options, note = fitted(trace, options, slide=size is not None)
    if note and notes is not None:
        notes.append(note)
    if fmt not in ("dot", "tikz"):
        check_fits(page, options, fmt, dpi)
    if size is not None:
        layout, page, note = on_slide(scene, size, options)
        if note and notes is not None:
            notes.append(note)
    if fmt == "tikz":
        from .tikz import scene_to_tikz

        return scene_to_tikz(scene, layout, page, body_only=tikz_body).encode("utf-8")
    if size is None:
        return draw(scene, layout, fmt, page, dpi if fmt == "png" else None)
    return draw(scene, layout, fmt, page, (dpi or SLIDE_DPI) if fmt == "png" else None)


def to_dot(trace, options: DrawOptions = DrawOptions(), dpi: int | None = None) -> str:
    """The DOT source of a trace's diagram, every node pinned where ``dot`` laid it out (draw it with
    ``neato -n2``)."""
    return render_bytes(trace, "dot", options, dpi).decode("utf-8")


def render_to_file(trace, path: str | os.PathLike, fmt: str | None = None,
                   options: DrawOptions = DrawOptions(), dpi: int | None = None, notes: list | None = None,
                   size: tuple[float, float] | None = None, tikz_body: bool = False) -> str:
    """Render a trace to ``path`` (format from ``fmt`` or the file's extension). Returns the path written."""
    path = os.fspath(path)
    if fmt is None and path.lower().endswith(".tex"):
        fmt = "tikz"
    fmt = format_of(path, FORMATS, fmt)
    write_atomically(path, render_bytes(trace, fmt, options, dpi, notes, size, tikz_body))
    return path
