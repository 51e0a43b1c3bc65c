"""Bitmap frames (PNG frames, the GIF's, the pptx's pictures) are the PDF deck's pages: PDFium (the ``frames`` extra)
rasterises each page at the size in pixels Poppler's ``pdftoppm`` gives it, with pdftoppm's pixels but for the
antialiasing of edges; each rasteriser is tried by name, and the choice between them is made in one place."""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
from dataclasses import replace
from importlib.util import find_spec
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from helpers import traced
from tracer.render.deck import make_deck
from tracer.render.deck_pdf import frame_bitmaps, pdf_deck, png_of_ppm, rasteriser
from tracer.view import frame_steps

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.skipif(shutil.which("dot") is None, reason="needs Graphviz (setup.sh installs it)"),
              pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs Poppler's pdftoppm (Debian: "
                                 "poppler-utils; setup.sh --test installs it), the rasteriser compared against")]
HAS_PDFIUM = find_spec("pypdfium2") is not None
needs_pdfium = pytest.mark.skipif(not HAS_PDFIUM, reason="needs pypdfium2, the frames extra (setup.sh installs it)")

# A frame's pixel is PDFium's own unless it lies more than TOLERANCE grey levels outside the range pdftoppm's pixels
# take within one pixel of it (or the other way round): edges of shapes and letters smoothed a little differently
# stay inside. At most OUTLIERS of a frame's pixels may: Figure 5.2's 35 event frames have at most 0.0067 % (139
# pixels at 1920×1080; the tic-tac-toe fork's frames, boards and all, 0.028 %; Figure 5.2's 18th frame on a 7.3×5.17
# inch slide at 97 dpi, 0.055 %, its text at small sizes on other fractions of a pixel), and a frame against the next
# page of the deck, a small change, 0.26 % or more (asserted below for one, so that the bound is seen to tell one
# frame from the next).
TOLERANCE, OUTLIERS = 48, 0.0006


def outside(ours: Image.Image, theirs: Image.Image) -> float:
    """The share of pixels where one image is more than :data:`TOLERANCE` outside the range the other's pixels
    take within one pixel (the 3×3 square around it), in any colour, whichever image is taken as ours."""
    def one_way(a: Image.Image, b: Image.Image) -> float:
        low, high = square(b, ImageChops.darker), square(b, ImageChops.lighter)
        beyond = ImageChops.lighter(ImageChops.subtract(a, high), ImageChops.subtract(low, a))  # 0 inside the range
        red, green, blue = beyond.split()
        worst = ImageChops.lighter(ImageChops.lighter(red, green), blue)
        return sum(worst.histogram()[TOLERANCE + 1:]) / (a.width * a.height)
    return max(one_way(ours, theirs), one_way(theirs, ours))


def square(image: Image.Image, pick) -> Image.Image:
    """Each pixel the ``pick`` (darker: the least, lighter: the most) of the 3×3 square around it, a row of three
    then a column of three (Pillow's MinFilter and MaxFilter do the same, a hundred times slower). The image wraps
    around at its edges, where a slide is white on both sides."""
    across = pick(pick(image, ImageChops.offset(image, 1, 0)), ImageChops.offset(image, -1, 0))
    return pick(pick(across, ImageChops.offset(across, 0, 1)), ImageChops.offset(across, 0, -1))


def rgb(encoded: bytes) -> Image.Image:
    with Image.open(io.BytesIO(encoded)) as image:
        return image.convert("RGB")


def pdftoppm_pages(pdf: bytes, dpi: int, folder: Path) -> list[Image.Image]:
    """The pages of ``pdf`` as Poppler's pdftoppm rasterises them at ``dpi``, run on the file itself."""
    (folder / "deck.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", str(dpi), str(folder / "deck.pdf"), str(folder / "page")], check=True)
    names = sorted(folder.glob("page-*.ppm"), key=lambda path: int(path.stem.rsplit("-", 1)[1]))
    return [rgb(path.read_bytes()) for path in names]


@pytest.fixture(scope="module")
def deck():
    """Four of Figure 5.2's 35 event frames (steps 18–21: a cutoff among them), on the deck's one layout."""
    trace = traced(ROOT / "trees" / "rn_example.yaml")
    whole = make_deck(trace, frame_steps(trace, "event"))
    return replace(whole, frames=whole.frames[17:21])


@pytest.fixture(scope="module")
def pages(deck, tmp_path_factory):
    """The deck's PDF pages as pdftoppm rasterises them at 144 dpi (1920×1080)."""
    return pdftoppm_pages(pdf_deck(deck), 144, tmp_path_factory.mktemp("pages"))


@needs_pdfium
def test_pdfium_frames_are_the_pdf_decks_pages(deck, pages):
    frames = [rgb(png) for png in frame_bitmaps(deck, 144, png_of_ppm, via="pdfium")]
    assert len(frames) == len(pages) == 4
    for frame, page in zip(frames, pages):
        assert frame.size == page.size == (1920, 1080)
        assert outside(frame, page) < OUTLIERS
    assert outside(frames[0], pages[1]) > 4 * OUTLIERS  # the bound tells a frame from the next one
    inked = rgb(png_of_ppm(b"P6 1920 1080 255\n" + frames[0].tobytes())).convert("L").point(lambda v: v < 128)
    assert sum(inked.histogram()[1:]) > 0.01 * 1920 * 1080  # a drawing, not a blank page


def test_pdftoppm_frames_are_its_own_rendering_of_the_pages(deck, pages):
    """The fallback path: the pages joined in chunks and rasterised by pdftoppm, each frame exactly pdftoppm's."""
    frames = [rgb(png) for png in frame_bitmaps(deck, 144, png_of_ppm, via="pdftoppm")]
    assert [frame.tobytes() for frame in frames] == [page.tobytes() for page in pages]


def test_graphviz_frames_are_the_pages_drawn_again(deck, pages):
    """The last fallback, Graphviz drawing each frame as PNG: at 144 dpi the pages' size, and each frame nearer its
    own page than the next (Graphviz's cairo smooths text differently from Poppler: up to 0.14 % of its pixels lie
    outside, against 0.28 % for the next page)."""
    frames = [rgb(png) for png in frame_bitmaps(deck, 144, png_of_ppm, via="graphviz")]
    assert [frame.size for frame in frames] == [page.size for page in pages]
    assert outside(frames[0], pages[0]) < outside(frames[0], pages[1])


@needs_pdfium
def test_pdfium_frames_have_pdftoppms_size_at_any_slide_size_and_dpi(tmp_path):
    """A slide of 7.3×5.17 inches (Graphviz's page: 525×372 points) at 97 dpi: 525 × 97 / 72 = 707.3 pixels wide,
    rounded up as pdftoppm does (708), and rows of 3 × 708 bytes, not a multiple of 4 (no padding kept)."""
    trace = traced(ROOT / "trees" / "rn_example.yaml")
    odd = make_deck(trace, frame_steps(trace, "event")[17:18], size=(7.3, 5.17))
    pdf = pdf_deck(odd)
    page = pdftoppm_pages(pdf, 97, tmp_path)[0]
    ppm = next(frame_bitmaps(odd, 97, lambda bitmap: bitmap, via="pdfium"))
    frame = rgb(ppm)
    assert ppm.startswith(f"P6 {page.width} {page.height} 255\n".encode())
    assert len(ppm) == len(f"P6 {page.width} {page.height} 255\n") + 3 * page.width * page.height
    assert outside(frame, page) < OUTLIERS


def test_rasteriser_is_pdfium_then_pdftoppm_then_graphviz(monkeypatch, tmp_path):
    if HAS_PDFIUM:
        assert rasteriser() == "pdfium"
    monkeypatch.setitem(sys.modules, "pypdfium2", None)  # as if the frames extra were not installed
    assert rasteriser() == "pdftoppm"
    monkeypatch.setenv("PATH", str(tmp_path))  # and Poppler neither
    assert rasteriser() == "graphviz"


def test_an_unknown_rasteriser_is_refused(deck):
    with pytest.raises(ValueError, match="pdfium, pdftoppm, graphviz"):
        next(frame_bitmaps(deck, 144, png_of_ppm, via="ghostscript"))


@needs_pdfium
def test_a_page_pdfium_cannot_read_is_one_line_naming_the_frame():
    from tracer.errors import RenderError
    from tracer.render.deck_pdf import _pdfium_bitmaps

    with pytest.raises(RenderError, match=r"^PDFium could not rasterise frame 2, as Graphviz drew it: [^\n]+$"):
        list(_pdfium_bitmaps(iter([pdf_deck_page(), b"%PDF-1.4 cut short"]), 72, len))


def pdf_deck_page() -> bytes:
    """A one-page PDF, as Graphviz draws a frame."""
    from tracer.render.engine import run_graphviz

    return run_graphviz("digraph { a }", "pdf")
