"""A deck drawn once as PDF: its pages, a page per frame, with notes pages if asked (:func:`pdf_deck`); what the
speaker reads beside each frame (:func:`speaker_note`); and the pages rasterised into bitmaps for the writers that
want pixels (:func:`frame_bitmaps`: PNG frames, the GIF's, PowerPoint's pictures). The writers are :mod:`.slides`
and :mod:`.powerpoint`; Graphviz draws through :mod:`.engine`, and the pages are rasterised by PDFium in this
process (pypdfium2, the ``frames`` extra) or else by Poppler's ``pdftoppm`` through :mod:`.engine`.
"""

from __future__ import annotations

import io
import re
import shutil
import struct
import zlib
from dataclasses import replace
from functools import partial
from typing import Iterator

from ..errors import RenderError
from ..numbers import Style, fixed, format_number
from .deck import Deck, Frame
from .dot import frame_corners, new_graph, text
from .drawing import draw_deck, measure
from .engine import in_chunks, raster_chunk, rasterise_pdfs, run_graphviz_many
from .layout import Box, line_height, lines_width, text_width, wrapped
from .style import FADED, INK, SUBTITLE_SIZE


def speaker_note(frame: Frame) -> str:
    """What the speaker reads beside a frame: its step and its caption (Beamer's ``\\note``, a PowerPoint slide's
    notes, a ``notes`` page of the PDF deck)."""
    return f"Step {frame.step}: {frame.caption}"


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


GRAPHVIZ_POINT = fixed(2)  # a notes page's coordinates for Graphviz, in points: 396.00
GRAPHVIZ_SIZE = Style(minus="-")  # its font sizes: 28
NOTES_SIZE, LEAST_NOTES_SIZE = 28.0, 14.0  # points: a notes page's text, read from a lectern; smaller only to fit
NOTES_MARGIN = 54.0  # points of white around a notes page's text (three quarters of an inch)


def notes_pages(deck: Deck) -> Iterator[bytes]:
    """A notes page for each frame, as PDF the slide's size, yielded in order as drawn: the deck's title and the
    frame's number small at the top, then the frame's :func:`speaker_note` in large type (:data:`NOTES_SIZE`, or
    smaller down to :data:`LEAST_NOTES_SIZE` where that would not fit the page), wrapped to the page's width."""
    notes = [speaker_note(frame) for frame in deck.frames]
    headings = [f"{frame.scene.title}: frame {i} of {len(deck.frames)}, notes" for i, frame in
                enumerate(deck.frames, 1)]
    measure([], notes + headings)
    sources = (notes_page_dot(deck.size, heading, note) for heading, note in zip(headings, notes))
    return run_graphviz_many(sources, len(notes), "pdf")


def notes_page_dot(size: tuple[float, float], heading: str, note: str) -> str:
    """The DOT (for ``neato -n2``) of a notes page of ``size`` inches: ``heading`` small at the top left, ``note``
    under it in the largest type from :data:`NOTES_SIZE` down to :data:`LEAST_NOTES_SIZE` whose lines fit."""
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
        centre = (format_number(NOTES_MARGIN + block_width / 2, GRAPHVIZ_POINT),
                  format_number(top - block_height / 2, GRAPHVIZ_POINT))
        graph.node(f"notes{i}", shape="plain", style="", fontsize=format_number(points, GRAPHVIZ_SIZE),
                   fontcolor=colour, pos=f"{centre[0]},{centre[1]}!",
                   label=f'<<TABLE BORDER="0" CELLSPACING="0" CELLPADDING="0">{rows}</TABLE>>')
    return graph.source


# ---- bitmaps: the PDF deck's pages rasterised ------------------------------------------------------------------

RASTERISERS = ("pdfium", "pdftoppm", "graphviz")  # who turns a deck's frames into pixels, fastest first


def rasteriser() -> str:
    """Who rasterises the frames here, the one place it is decided: PDFium (pypdfium2, the ``frames`` extra) where
    it is installed, else Poppler's ``pdftoppm``, else Graphviz drawing each frame as PNG. Each gives the same
    bitmaps, to within antialiasing: the PDF deck's pages at the same size in pixels."""
    try:
        import pypdfium2  # noqa: F401
    except ImportError:
        return "pdftoppm" if shutil.which("pdftoppm") is not None else "graphviz"
    return "pdfium"


def frame_bitmaps(deck: Deck, dpi: int, convert, progress=None, first: int = 1, via: str | None = None) -> Iterator:
    """The deck's frames from the ``first`` on, each as a bitmap at ``dpi`` dots per slide inch handed to ``convert``
    (PPM bytes → what the writer keeps: a PNG, a GIF's palette image), yielded in order. The frames are drawn as PDF
    pages and rasterised ``via`` the :func:`rasteriser` (its choice if None): PDFium in this process, each page as
    Graphviz draws the next ones (:func:`_pdfium_bitmaps`: about a quarter of the CPU time ``pdftoppm`` takes); or
    ``pdftoppm``, the pages joined in chunks (:func:`.engine.raster_chunk`), each chunk rasterised while the next is
    drawn (:func:`.engine.rasterise_pdfs`); or Graphviz drawing each frame as PNG (which it compresses slowly)."""
    frames = replace(deck, frames=deck.frames[first - 1:])
    via = via or rasteriser()
    if via == "pdfium":
        yield from _pdfium_bitmaps(draw_deck(frames, "pdf"), dpi, convert, progress)
    elif via == "pdftoppm":
        pixels = round(deck.size[0] * dpi) * round(deck.size[1] * dpi)
        pages = draw_deck(frames, "pdf")
        chunks = ((_joined(chunk), len(chunk)) for chunk in in_chunks(pages, raster_chunk(len(frames.frames), pixels)))
        yield from rasterise_pdfs(chunks, pixels, dpi, convert, progress)
    elif via == "graphviz":
        yield from (convert(_ppm_of_png(drawn)) for drawn in draw_deck(frames, "png", dpi, progress))
    else:
        raise ValueError(f"unknown rasteriser {via!r}: one of {', '.join(RASTERISERS)}")


def _pdfium_bitmaps(pages: Iterator[bytes], dpi: int, convert, progress=None) -> Iterator:
    """Each of ``pages`` (one-page PDFs) rasterised by PDFium at ``dpi`` dots per inch, as ``pdftoppm`` would: as
    many pixels as the page's inches × ``dpi`` rounded up, a PPM (P6) handed to ``convert``; what it returns is
    yielded, in order. ``progress(1)`` is called as each page is done."""
    import pypdfium2 as pdfium

    packed = partial(pdfium.PdfBitmap.new_foreign, force_packed=True)  # rows without padding: the PPM's own
    for number, page in enumerate(pages, 1):
        try:
            document = pdfium.PdfDocument(page)
            try:
                bitmap = document[0].render(scale=dpi / 72, rev_byteorder=True, bitmap_maker=packed)  # RGB, not BGR
                ppm = b"".join((f"P6 {bitmap.width} {bitmap.height} 255\n".encode(), bitmap.buffer))
            finally:
                document.close()
        except pdfium.PdfiumError as error:
            raise RenderError(f"PDFium could not rasterise frame {number}, as Graphviz drew it: {error}") from None
        yield convert(ppm)
        if progress is not None:
            progress(1)


def _joined(pages: list[bytes]) -> bytes:
    """One PDF of the one-page PDFs ``pages``, in order."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for page in pages:
        writer.add_page(PdfReader(io.BytesIO(page)).pages[0])
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


PPM_HEADER = re.compile(rb"P6\s+(\d+)\s+(\d+)\s+255\s")


def png_of_ppm(ppm: bytes) -> bytes:
    """A bitmap as ``pdftoppm`` writes it (PPM: Netpbm's P6, 8-bit RGB) as a PNG: every row unfiltered, deflated at
    zlib's fastest level. For drawings (large flat areas, thin lines) this is smaller than Pillow's PNG and takes
    under half its time: Pillow tries five filters on every row, which gain nothing here."""
    header = PPM_HEADER.match(ppm)
    if header is None:
        raise RenderError("pdftoppm wrote a bitmap that is not 8-bit RGB (PPM P6)")
    width, height = int(header[1]), int(header[2])
    pixels, stride = memoryview(ppm)[header.end():], 3 * width
    if len(pixels) != stride * height:
        raise RenderError(f"pdftoppm wrote {len(pixels):,} bytes for a {width}×{height} bitmap")
    deflate, idat = zlib.compressobj(1), []  # row by row: no copy of the image with a filter byte on each row
    for row in range(0, stride * height, stride):
        idat += [deflate.compress(b"\0"), deflate.compress(pixels[row:row + stride])]  # 0: no filter
    idat.append(deflate.flush())

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    return b"".join((b"\x89PNG\r\n\x1a\n", chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)),
                     chunk(b"IDAT", b"".join(idat)), chunk(b"IEND", b"")))


def _ppm_of_png(png: bytes) -> bytes:
    """A PNG (Graphviz's, without Poppler) as the PPM bitmap the writers take."""
    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        rgb = image.convert("RGB")
    return f"P6 {rgb.width} {rgb.height} 255\n".encode() + rgb.tobytes()
