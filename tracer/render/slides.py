"""Deck → slide files: a multi-page PDF (pages joined and scaled by pypdf), a folder of numbered SVG or PNG frames,
an animated GIF (Pillow), and a Beamer frame over the PDF's pages. The HTML player is :mod:`.player`. Each writer
only packages the frames the deck draws, each as it is drawn (a folder's frames go to disk one by one); each
output is written whole or not at all (:mod:`tracer.io`).
"""

from __future__ import annotations

import io
import os
import re
from dataclasses import replace

from ..io import write_atomically, write_folder_atomically
from .deck import Deck
from .drawing import draw_deck
from .latex import latex_text
from .page import SLIDE_DPI as PNG_DPI

SLIDE_FORMATS = ("pdf", "svg", "png", "gif", "html", "beamer")
FOLDER_FORMATS = ("svg", "png")
EXTENSIONS = {"pdf": "pdf", "svg": "svg-frames", "png": "png-frames", "gif": "gif", "html": "html", "beamer": "tex"}
GIF_DPI = 72  # a 16:9 GIF 960 pixels wide: light enough for a web page or a README
FRAME_NAME = re.compile(r"frame-\d+\.(svg|png)")


def frame_names(count: int, extension: str) -> list[str]:
    """``frame-001.svg``, ...: numbered so that they sort in order."""
    digits = max(3, len(str(count)))
    return [f"frame-{i:0{digits}d}.{extension}" for i in range(1, count + 1)]


def write_slides(deck: Deck, fmt: str, path: str, dpi: int | None = None, fps: float = 1.0,
                 progress=None) -> list[str]:
    """Write ``deck`` as ``fmt`` at ``path``; returns the paths written."""
    if fmt == "pdf":
        write_atomically(path, pdf_deck(deck, progress))
    elif fmt in FOLDER_FORMATS:
        drawn = draw_deck(deck, fmt, dpi or PNG_DPI if fmt == "png" else None, progress)
        write_folder_atomically(path, zip(frame_names(len(deck.frames), fmt), drawn),  # each written as drawn
                                owned=lambda name: FRAME_NAME.fullmatch(name) is not None)
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


def pdf_deck(deck: Deck, progress=None) -> bytes:
    """One PDF, a page per frame, every page the slide's size."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for drawn in draw_deck(deck, "pdf", progress=progress):
        writer.add_page(PdfReader(io.BytesIO(drawn)).pages[0])
    writer.add_metadata({"/Title": f"{deck.frames[-1].scene.title}: {deck.trace.title}", "/Creator": "tracer"})
    writer.compress_identical_objects()
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def gif_animation(deck: Deck, dpi: int, fps: float, progress=None) -> bytes:
    """An animated GIF, a frame per step at ``fps`` frames a second, looping; the last frame held three times as
    long, so the result can be read before the search starts again."""
    from PIL import Image

    def quantized(drawn: bytes, palette=None):
        with Image.open(io.BytesIO(drawn)) as image:
            rgb = image.convert("RGB")
        return rgb.quantize(colors=64) if palette is None else rgb.quantize(palette=palette, dither=Image.Dither.NONE)

    # one palette for all, from the final frame (it has every colour in use), drawn first; then each frame is
    # reduced to it as it is drawn (a third of its RGB image), so no frame is held in full colour
    palette = quantized(next(draw_deck(replace(deck, frames=deck.frames[-1:]), "png", dpi)))
    frames = [quantized(drawn, palette) for drawn in draw_deck(deck, "png", dpi, progress)]
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
        lines.append(f"  \\note<{i}>{{Step {frame.step}: {latex_text(frame.caption)}}}")
    lines.append("\\end{frame}")
    return "\n".join(lines) + "\n"
