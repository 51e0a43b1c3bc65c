"""Deck → slide files: a multi-page PDF (pages joined and scaled by pypdf; with ``notes``, a notes page after each
frame), a folder of numbered SVG or PNG frames, an animated GIF (Pillow), and a Beamer frame over the PDF's pages.
The HTML player is :mod:`.player`, the PowerPoint file :mod:`.powerpoint`. Each writer only packages the frames the
deck draws, each as it is drawn (a folder's frames go to disk one by one); each output is written whole or not at
all (:mod:`tracer.io`). Bitmaps (PNG frames, the GIF's, PowerPoint's pictures) are the PDF deck's pages rasterised
(:func:`frame_bitmaps`): drawn once, as vectors, then turned into pixels page by page.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import struct
import zlib
from dataclasses import replace
from typing import Iterator

from ..errors import RenderError
from ..io import write_atomically, write_folder_atomically
from .deck import Deck, Frame
from .drawing import draw_deck
from .engine import rasterise_pdf, run_graphviz_many
from .latex import latex_text
from .page import SLIDE_DPI as PNG_DPI

SLIDE_FORMATS = ("pdf", "svg", "png", "gif", "html", "beamer", "pptx")
FOLDER_FORMATS = ("svg", "png")
EXTENSIONS = {"pdf": "pdf", "svg": "svg-frames", "png": "png-frames", "gif": "gif", "html": "html", "beamer": "tex",
              "pptx": "pptx"}
GIF_DPI = 72  # a 16:9 GIF 960 pixels wide: light enough for a web page or a README
FRAME_NAME = re.compile(r"frame-\d+\.(svg|png)")


def frame_names(count: int, extension: str) -> list[str]:
    """``frame-001.svg``, ...: numbered so that they sort in order."""
    digits = max(3, len(str(count)))
    return [f"frame-{i:0{digits}d}.{extension}" for i in range(1, count + 1)]


def speaker_note(frame: Frame) -> str:
    """What the speaker reads beside a frame: its step and its caption (Beamer's ``\\note``, a PowerPoint slide's
    notes, a ``notes`` page of the PDF deck)."""
    return f"Step {frame.step}: {frame.caption}"


def write_slides(deck: Deck, fmt: str, path: str, dpi: int | None = None, fps: float = 1.0,
                 progress=None, notes: bool = False) -> list[str]:
    """Write ``deck`` as ``fmt`` at ``path``; returns the paths written. ``notes``: a PDF deck gets a notes page after
    each frame (the other formats carry the notes their own way, or none)."""
    if notes and fmt != "pdf":
        raise ValueError(f"notes pages are for the pdf format, not {fmt}")
    if fmt == "pdf":
        write_atomically(path, pdf_deck(deck, progress, notes))
    elif fmt == "svg":
        write_folder_atomically(path, zip(frame_names(len(deck.frames), fmt), draw_deck(deck, fmt, None, progress)),
                                owned=lambda name: FRAME_NAME.fullmatch(name) is not None)  # each written as drawn
    elif fmt == "png":
        drawn = frame_bitmaps(deck, dpi or PNG_DPI, png_of_ppm, progress)
        write_folder_atomically(path, zip(frame_names(len(deck.frames), fmt), drawn),
                                owned=lambda name: FRAME_NAME.fullmatch(name) is not None)
    elif fmt == "pptx":
        from .powerpoint import pptx_deck

        write_atomically(path, pptx_deck(deck, dpi, progress))
    elif fmt == "gif":
        write_atomically(path, gif_animation(deck, dpi or GIF_DPI, fps, progress))
    elif fmt == "html":
        from .player import player_html

        write_atomically(path, player_html(deck, progress).encode("utf-8"))
    elif fmt == "beamer":
        pdf_path = os.path.splitext(path)[0] + ".pdf"
        write_atomically(pdf_path, pdf_deck(deck, progress))
        write_atomically(path, beamer_frame(deck, os.path.basename(pdf_path)).encode("utf-8"))
        return [path, pdf_path]
    else:
        raise ValueError(f"unknown slide format {fmt!r}")
    return [path]


def pdf_deck(deck: Deck, progress=None, notes: bool = False) -> bytes:
    """One PDF, a page per frame, every page the slide's size; with ``notes``, each frame's page followed by its
    notes page (:func:`notes_pages`), as Beamer's ``show notes`` prints a talk."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    frames = draw_deck(deck, "pdf", progress=progress)
    pages = zip(frames, notes_pages(deck)) if notes else ((frame,) for frame in frames)
    for drawn in pages:
        for page in drawn:
            writer.add_page(PdfReader(io.BytesIO(page)).pages[0])
    writer.add_metadata({"/Title": f"{deck.frames[-1].scene.title}: {deck.trace.title}", "/Creator": "tracer"})
    writer.compress_identical_objects()
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


NOTES_SIZE, LEAST_NOTES_SIZE = 28.0, 14.0  # points: a notes page's text, read from a lectern; smaller only to fit
NOTES_MARGIN = 54.0  # points of white around a notes page's text (three quarters of an inch)


def notes_pages(deck: Deck) -> Iterator[bytes]:
    """A notes page for each frame, as PDF the slide's size, yielded in order as drawn: the deck's title and the
    frame's number small at the top, then the frame's :func:`speaker_note` in large type (:data:`NOTES_SIZE`, or
    smaller down to :data:`LEAST_NOTES_SIZE` where that would not fit the page), wrapped to the page's width."""
    from .drawing import measure

    notes = [speaker_note(frame) for frame in deck.frames]
    headings = [f"{frame.scene.title}: frame {i} of {len(deck.frames)}, notes" for i, frame in
                enumerate(deck.frames, 1)]
    measure([], notes + headings)
    sources = (notes_page_dot(deck.size, heading, note) for heading, note in zip(headings, notes))
    return run_graphviz_many(sources, len(notes), "pdf")


def notes_page_dot(size: tuple[float, float], heading: str, note: str) -> str:
    """The DOT (for ``neato -n2``) of a notes page of ``size`` inches: ``heading`` small at the top left, ``note``
    under it in the largest type from :data:`NOTES_SIZE` down to :data:`LEAST_NOTES_SIZE` whose lines fit."""
    from .dot import frame_corners, new_graph, text
    from .layout import Box, line_height, lines_width, text_width, wrapped
    from .style import FADED, INK, SUBTITLE_SIZE

    width, height = size[0] * 72, size[1] * 72
    room = width - 2 * NOTES_MARGIN, height - 2 * NOTES_MARGIN - 2 * line_height(SUBTITLE_SIZE)
    type_size, lines = NOTES_SIZE, wrapped(note, room[0], NOTES_SIZE)
    while len(lines) * line_height(type_size) > room[1] and type_size > LEAST_NOTES_SIZE:
        type_size -= 2
        lines = wrapped(note, room[0], type_size)
    graph = new_graph(0.0, size=size)
    frame_corners(graph, Box(width / 2, height / 2, width, height))
    blocks = ((FADED, SUBTITLE_SIZE, [heading], height - NOTES_MARGIN),
              (INK, type_size, lines, height - NOTES_MARGIN - 2 * line_height(SUBTITLE_SIZE)))
    for i, (colour, points, block, top) in enumerate(blocks):
        rows = "".join(f'<TR><TD ALIGN="LEFT">{text(line)}</TD></TR>' for line in block)
        block_width = max(lines_width(block, points), text_width(" ", points))
        block_height = len(block) * line_height(points)
        graph.node(f"notes{i}", shape="plain", style="", fontsize=f"{points:g}", fontcolor=colour,
                   pos=f"{NOTES_MARGIN + block_width / 2:.2f},{top - block_height / 2:.2f}!",
                   label=f'<<TABLE BORDER="0" CELLSPACING="0" CELLPADDING="0">{rows}</TABLE>>')
    return graph.source


def gif_animation(deck: Deck, dpi: int, fps: float, progress=None) -> bytes:
    """An animated GIF, a frame per step at ``fps`` frames a second, looping; the last frame held three times as
    long, so the result can be read before the search starts again."""
    from PIL import Image

    def quantized(drawn: bytes, palette=None):
        with Image.open(io.BytesIO(drawn)) as image:
            rgb = image.convert("RGB")
        return rgb.quantize(colors=64) if palette is None else rgb.quantize(palette=palette, dither=Image.Dither.NONE)

    # one palette for all, from the final frame (it has every colour in use), rasterised first; then each frame
    # is reduced to it as it is rasterised (a third of its RGB image), so no frame is held in full colour
    pdf = pdf_deck(deck)
    palette = next(frame_bitmaps(deck, dpi, quantized, pdf=pdf, first=len(deck.frames)))
    frames = list(frame_bitmaps(deck, dpi, lambda drawn: quantized(drawn, palette), progress, pdf=pdf))
    durations = [round(1000 / fps)] * len(frames)
    durations[-1] *= 3
    out = io.BytesIO()
    frames[0].save(out, format="GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0,
                   optimize=False, disposal=1)
    return out.getvalue()


def beamer_frame(deck: Deck, pdf_name: str) -> str:
    """A Beamer frame showing the deck's pages one by one as overlays, each page's caption as its note. ``\\input``
    it inside a Beamer document; ``pdf_name`` is found beside the talk or on ``\\graphicspath``."""
    count = len(deck.frames)
    title = f"{deck.frames[-1].scene.title}: {deck.trace.title}"
    lines = [
        f"% tracer slides: {latex_text(title)}, {count} steps as the overlays of one frame.",
        "% \\input{this file} in a Beamer talk; the pages come from the PDF beside it",
        f"% ({pdf_name}: add its folder to \\graphicspath). Captions are notes: \\setbeameroption{{show notes}}.",
        "\\begin{frame}[plain]",
        "  \\centering",
        "  \\makebox[\\linewidth]{%",
    ]
    for i in range(1, count + 1):
        lines.append(f"    \\includegraphics<{i}>[page={i},width=\\paperwidth,height=0.96\\textheight,keepaspectratio]"
                     f"{{{pdf_name}}}%")
    lines.append("  }%")
    for i, frame in enumerate(deck.frames, 1):
        lines.append(f"  \\note<{i}>{{{latex_text(speaker_note(frame))}}}")
    lines.append("\\end{frame}")
    return "\n".join(lines) + "\n"


# ---- bitmaps: the PDF deck's pages rasterised ------------------------------------------------------------------

def frame_bitmaps(deck: Deck, dpi: int, convert, progress=None, pdf: bytes | None = None,
                  first: int = 1) -> Iterator:
    """The deck's frames from the ``first`` on, each as a bitmap at ``dpi`` dots per slide inch handed to ``convert``
    (PPM bytes → what the writer keeps: a PNG, a GIF's palette image), yielded in order. The deck is drawn once as
    its PDF (``pdf``, if it was already) and Poppler's ``pdftoppm`` rasterises its pages, a chunk per process
    (:func:`.engine.rasterise_pdf`): a third of the time Graphviz takes to draw each frame as a bitmap. Without
    Poppler, Graphviz draws each frame as PNG."""
    width, height = (round(side * dpi) for side in deck.size)
    if shutil.which("pdftoppm") is None:
        frames = replace(deck, frames=deck.frames[first - 1:])
        yield from (convert(_ppm_of_png(drawn)) for drawn in draw_deck(frames, "png", dpi, progress))
        return
    pdf = pdf if pdf is not None else pdf_deck(deck)
    yield from rasterise_pdf(pdf, len(deck.frames), width * height, dpi, convert, progress, first)


PPM_HEADER = re.compile(rb"P6\s+(\d+)\s+(\d+)\s+255\s")


def png_of_ppm(ppm: bytes) -> bytes:
    """A bitmap as ``pdftoppm`` writes it (PPM: Netpbm's P6, 8-bit RGB) as a PNG: every row unfiltered, deflated at
    zlib's fastest level. For drawings (large flat areas, thin lines) this is smaller than Pillow's PNG and takes a
    half of its time: Pillow tries five filters on every row, which gain nothing here."""
    header = PPM_HEADER.match(ppm)
    if header is None:
        raise RenderError("pdftoppm wrote a bitmap that is not 8-bit RGB (PPM P6)")
    width, height = int(header[1]), int(header[2])
    pixels, stride = memoryview(ppm)[header.end():], 3 * width
    if len(pixels) != stride * height:
        raise RenderError(f"pdftoppm wrote {len(pixels):,} bytes for a {width}×{height} bitmap")
    rows = b"".join(b"\0" + pixels[row:row + stride] for row in range(0, stride * height, stride))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    return b"".join((b"\x89PNG\r\n\x1a\n", chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)),
                     chunk(b"IDAT", zlib.compress(rows, 1)), chunk(b"IEND", b"")))


def _ppm_of_png(png: bytes) -> bytes:
    """A PNG (Graphviz's, without Poppler) as the PPM bitmap the writers take."""
    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        rgb = image.convert("RGB")
    return f"P6 {rgb.width} {rgb.height} 255\n".encode() + rgb.tobytes()
