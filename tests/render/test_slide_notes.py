"""Speaker notes in the PDF decks (Beamer's ``\\note``, ``--notes`` pages), and bitmap frames as the PDF deck's pages
rasterised: as many as the deck's pages, each the page's size, looking as Graphviz draws the frame."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import zlib
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageFilter
from pypdf import PdfReader

from helpers import run_tracer, traced
from tracer.errors import RenderError
from tracer.render.deck import make_deck
from tracer.render.drawing import draw
from tracer.render.deck_pdf import png_of_ppm
from tracer.view import frame_steps

ROOT = Path(__file__).resolve().parents[2]
TREES = ROOT / "trees"
PDFLATEX = shutil.which("pdflatex")
pytestmark = [pytest.mark.skipif(shutil.which("dot") is None, reason="needs Graphviz (setup.sh installs it)"),
              pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs Poppler's tools (Debian: "
                                                                           "poppler-utils; setup.sh --test installs "
                                                                           "them)")]


def one_line(text: str) -> str:
    return " ".join(text.split())


def page_text(pdf: Path, page: int) -> str:
    return one_line(subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), str(pdf), "-"],
                                   capture_output=True, text=True, check=True).stdout)


def captions(name: str = "rn_example", step: str = "event") -> list[str]:
    """Each frame's step and caption, from the deck tracer makes of the same search."""
    trace = traced(TREES / f"{name}.yaml")
    return [f"Step {frame.step}: {frame.caption}" for frame in make_deck(trace, frame_steps(trace, step)).frames]


# ---- Beamer: each frame's caption as its \note ------------------------------------------------------------------

@pytest.mark.skipif(PDFLATEX is None, reason="needs pdflatex with Beamer (setup.sh --test installs it)")
def test_beamer_notes_compile_one_notes_page_per_frame_each_with_its_caption(tmp_path):
    talk = tmp_path / "talk"
    assert run_tracer("slides", TREES / "rn_example.yaml", "--step", "node", "-f", "beamer",
                      "-o", talk / "ab.tex").returncode == 0
    main = tmp_path / "notes.tex"
    main.write_text("\\documentclass[aspectratio=169]{beamer}\n\\setbeameroption{show only notes}\n"
                    "\\graphicspath{{talk/}}\n\\begin{document}\n\\input{talk/ab.tex}\n\\end{document}\n")
    for _ in range(2):  # Beamer's overlays settle on the second run
        done = subprocess.run([PDFLATEX, "-interaction=nonstopmode", "-halt-on-error", main.name], cwd=tmp_path,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stdout[-3000:]
    expected = captions(step="node")
    pdf = tmp_path / "notes.pdf"
    assert len(PdfReader(pdf).pages) == len(expected) == 11
    for page, note in enumerate(expected, 1):
        assert one_line(note) in page_text(pdf, page)


# ---- --notes: a notes page after each frame of the PDF deck ----------------------------------------------------

@pytest.mark.parametrize("shape, points", [("16:9", (960, 540)), ("4:3", (720, 540))])
def test_notes_pages_follow_each_frame_with_its_caption_in_large_type(tmp_path, shape, points):
    plain, noted = tmp_path / "plain.pdf", tmp_path / "noted.pdf"
    for path, more in ((plain, []), (noted, ["--notes"])):
        assert run_tracer("slides", TREES / "rn_example.yaml", "--step", "node", "--size", shape, *more,
                          "-o", path).returncode == 0
    expected = captions(step="node")
    frames, pages = PdfReader(plain).pages, PdfReader(noted).pages
    assert len(frames) == len(expected) and len(pages) == 2 * len(expected)
    for page in pages:
        assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == points
    for i, note in enumerate(expected):
        assert page_text(noted, 2 * i + 1) == page_text(plain, i + 1)  # the frame, as the deck without notes
        assert one_line(note) in page_text(noted, 2 * i + 2)
    # large type: the caption's words on a notes page are 28 pt type (pdftotext's boxes: about 1.2 × the size)
    words = subprocess.run(["pdftotext", "-f", "2", "-l", "2", "-bbox", str(noted), "-"], capture_output=True,
                           text=True, check=True).stdout
    heights = {word: float(y1) - float(y0) for y0, y1, word in re.findall(
        r'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<', words)}
    assert heights["Step"] >= 28 and heights["notes"] < 20  # the caption's first word; the heading's last


def test_a_long_caption_is_set_smaller_to_fit_the_notes_page():
    from tracer.render.deck_pdf import LEAST_NOTES_SIZE, NOTES_SIZE, notes_page_dot

    short = notes_page_dot((10, 7.5), "heading", "Step 1: A: enter")
    long = notes_page_dot((10, 7.5), "heading", "Step 1: " + "a very long caption " * 60)
    size = lambda source: float(re.findall(r'notes1 \[.*?fontsize=([\d.]+)', source, re.S)[0])  # noqa: E731
    assert size(short) == NOTES_SIZE
    assert LEAST_NOTES_SIZE <= size(long) < NOTES_SIZE


@pytest.mark.parametrize("fmt", ["html", "png", "gif", "beamer"])
def test_notes_pages_are_for_the_pdf_deck_only(tmp_path, fmt):
    result = run_tracer("slides", TREES / "rn_example.yaml", "--notes", "-f", fmt, "-o", tmp_path / "out")
    assert result.returncode == 2 and "--notes adds notes pages to the pdf deck" in result.stderr
    assert os.listdir(tmp_path) == []


# ---- bitmap frames: the PDF deck's pages, rasterised -----------------------------------------------------------

@pytest.mark.parametrize("shape", ["16:9", "4:3"])
def test_png_frames_are_the_pdf_decks_pages_as_many_and_at_their_size(tmp_path, shape):
    pdf, folder = tmp_path / "deck.pdf", tmp_path / "frames"
    for fmt, path in (("pdf", pdf), ("png", folder)):
        assert run_tracer("slides", TREES / "rn_example.yaml", "--size", shape, "-f", fmt, "-o", path).returncode == 0
    pages = PdfReader(pdf).pages
    names = sorted(os.listdir(folder))
    frames = len(frame_steps(traced(TREES / "rn_example.yaml"), "node"))  # the default: a frame per node decision
    assert names == [f"frame-{i:03d}.png" for i in range(1, len(pages) + 1)] and len(pages) == frames == 11
    for name, page in zip(names, pages):
        with Image.open(folder / name) as image:  # 144 dots per slide inch: two pixels a point
            assert image.size == (round(float(page.mediabox.width) * 2), round(float(page.mediabox.height) * 2))


def test_a_rasterised_frame_looks_as_graphviz_draws_it():
    """Frame 19 rasterised from the PDF deck (by PDFium, or Poppler without it) against the same frame drawn as PNG
    by Graphviz's cairo: the same picture, but for the edges of shapes and letters smoothed a little differently: a
    pixel differs only where ours is a quarter or more outside the range Graphviz's pixels take within one pixel of
    it (the slides' text is projection-size, so there are many letters' edges; a frame drawn 3 pixels aside differs
    by 1.3 %)."""
    from tracer.render.deck_pdf import frame_bitmaps

    trace = traced(TREES / "rn_example.yaml")
    deck = make_deck(trace, frame_steps(trace))
    rasterised = list(frame_bitmaps(deck, 144, png_of_ppm, first=19))[0]
    frame = deck.frames[18]
    drawn = draw(frame.scene, deck.layout, "png", deck.page, 144)
    with Image.open(io.BytesIO(rasterised)) as ours, Image.open(io.BytesIO(drawn)) as theirs:
        assert ours.size == theirs.size == (1920, 1080)
        grey, drawn_grey = ours.convert("L"), theirs.convert("RGB").convert("L")
        low, high = drawn_grey.filter(ImageFilter.MinFilter(3)), drawn_grey.filter(ImageFilter.MaxFilter(3))
        difference = ImageChops.add(ImageChops.subtract(low, grey), ImageChops.subtract(grey, high))
        histogram = difference.histogram()
        assert sum(histogram[64:]) < 0.005 * ours.width * ours.height  # pixels that differ by a quarter or more
        inked = sum(ours.convert("L").point(lambda v: v < 128).histogram()[1:])
        assert inked > 0.01 * ours.width * ours.height  # and there is a drawing to compare


def test_frames_are_written_without_poppler_too(tmp_path, monkeypatch):
    """Where pdftoppm is missing, PDFium rasterises (or, without it too, Graphviz draws each frame as PNG: see
    test_frames.py): the same frames, as many and as large."""
    tools = tmp_path / "bin"
    tools.mkdir()
    for program in ("dot", "neato"):
        os.symlink(shutil.which(program), tools / program)
    monkeypatch.setenv("PATH", str(tools))
    assert shutil.which("pdftoppm") is None
    folder = tmp_path / "frames"
    assert run_tracer("slides", TREES / "rn_example.yaml", "--step", "cutoff", "-f", "png",
                      "-o", folder).returncode == 0
    trace = traced(TREES / "rn_example.yaml")
    names = sorted(os.listdir(folder))
    assert len(names) == len(frame_steps(trace, "cutoff"))
    for name in names:
        with Image.open(folder / name) as image:
            assert image.size == (1920, 1080)


def test_png_of_ppm_keeps_every_pixel_and_refuses_what_is_not_8_bit_rgb():
    image = Image.effect_noise((37, 11), 80).convert("RGB")  # odd sizes, every row different
    ppm = io.BytesIO()
    image.save(ppm, "PPM")
    png = png_of_ppm(ppm.getvalue())
    with Image.open(io.BytesIO(png)) as back:
        back.load()
        assert back.format == "PNG" and back.mode == "RGB" and back.tobytes() == image.tobytes()
    assert zlib.crc32(png[-8:-4]) and png.endswith(b"IEND\xaeB`\x82")  # IEND and its published CRC
    for bad in (b"P5 3 3 255\n" + bytes(9), b"P6 3 3 65535\n" + bytes(54), ppm.getvalue()[:-1], b""):
        with pytest.raises(RenderError):
            png_of_ppm(bad)
