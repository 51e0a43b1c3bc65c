"""Deck → slide files: a multi-page PDF (with ``notes``, a notes page after each frame), a folder of numbered SVG or
PNG frames, an animated GIF (Pillow), and a Beamer frame over the PDF's pages. The HTML player is :mod:`.player`,
the PowerPoint file :mod:`.powerpoint`. Each writer only packages the frames the deck draws, each as it is drawn (a
folder's frames go to disk one by one); each output is written whole or not at all (:mod:`tracer.io`). The PDF
deck, and the bitmaps rasterised from its pages (PNG frames, the GIF's), are made in :mod:`.deck_pdf`.
"""

from __future__ import annotations

import io
import os
import re

from ..io import write_atomically, write_folder_atomically
from .deck import Deck
from .deck_pdf import frame_bitmaps, pdf_deck, png_of_ppm, speaker_note
from .drawing import draw_deck
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


def gif_animation(deck: Deck, dpi: int, fps: float, progress=None) -> bytes:
    """An animated GIF, a frame per step at ``fps`` frames a second, looping; the last frame held three times as
    long, so the result can be read before the search starts again."""
    from PIL import Image

    def quantized(drawn: bytes, palette=None, colours=None):
        with Image.open(io.BytesIO(drawn)) as image:
            rgb = image.convert("RGB")
        if palette is None:
            palette = rgb.quantize(colors=64)
            return palette, _true_colours(rgb, rgb.quantize(palette=palette, dither=Image.Dither.NONE))
        reduced = rgb.quantize(palette=palette, dither=Image.Dither.NONE)
        reduced.putpalette(colours)
        return reduced

    # one palette for all, from the final frame (it has every colour in use), rasterised first; then each frame
    # is reduced to it as it is rasterised (a third of its RGB image), so no frame is held in full colour
    palette, colours = next(frame_bitmaps(deck, dpi, quantized, first=len(deck.frames)))
    frames = list(frame_bitmaps(deck, dpi, lambda drawn: quantized(drawn, palette, colours), progress))
    durations = [round(1000 / fps)] * len(frames)
    durations[-1] *= 3
    out = io.BytesIO()
    frames[0].save(out, format="GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0,
                   optimize=False, disposal=1)
    return out.getvalue()


def _true_colours(rgb, reduced) -> list[int]:
    """The palette for ``reduced`` (``rgb`` reduced to a palette) in which each entry is the colour its pixels most
    often are. Pillow's palette entries are the means of their pixels, and it matches a pixel to them at six bits a
    channel, which made a white page (252, 252, 252) and black words grey; the pixels' matching is kept, only the
    colours they are shown in change. The colours drawn in bulk (the page, words, fills) come out exactly; edge
    smoothing, a few pixels each, takes its neighbours'."""
    from PIL import Image

    tagged = Image.merge("RGBA", (*rgb.split(), Image.frombytes("L", rgb.size, reduced.tobytes())))  # index as alpha
    most = {}
    for count, (*colour, index) in tagged.getcolors(rgb.width * rgb.height):
        if count > most.get(index, (0, None))[0]:
            most[index] = (count, colour)
    colours = reduced.getpalette()
    for index, (_, colour) in most.items():
        colours[3 * index:3 * index + 3] = colour
    return colours


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
