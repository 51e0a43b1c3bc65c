"""PowerPoint decks (``tracer slides -f pptx``): read back with python-pptx (a slide per frame, the slide's size, its
title, its picture, its speaker notes) and, where LibreOffice is installed, opened by it and turned into a PDF."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from PIL import Image
from pypdf import PdfReader

from helpers import assert_one_line_error, run_tracer, traced
from tracer.view import frame_steps

ROOT = Path(__file__).resolve().parents[2]
TREES = ROOT / "trees"
SOFFICE = shutil.which("soffice")
EMU_PER_INCH = 914_400
# PowerPoint's own slide sizes (Design > Slide Size): Widescreen 13.333 × 7.5 in, Standard (4:3) 10 × 7.5 in
POWERPOINT_SIZES = {"16:9": (12_192_000, 6_858_000), "4:3": (9_144_000, 6_858_000)}
pytestmark = [pytest.mark.skipif(shutil.which("dot") is None, reason="needs Graphviz (setup.sh installs it)"),
              pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs Poppler's pdftoppm (Debian: "
                                                                          "poppler-utils; setup.sh --test installs it)")]
pptx = pytest.importorskip("pptx", reason="needs python-pptx (pip install -e '.[pptx]'; setup.sh --test installs it)")


def one_line(text: str) -> str:
    return " ".join(text.split())


def page_texts(pdf: Path) -> list[str]:
    """Each page's text as Poppler reads it, on one line (independent of pypdf and of python-pptx)."""
    count = len(PdfReader(pdf).pages)
    return [one_line(subprocess.run(["pdftotext", "-f", str(k), "-l", str(k), str(pdf), "-"], capture_output=True,
                                    text=True, check=True).stdout) for k in range(1, count + 1)]


@pytest.fixture(scope="module")
def rn_decks(tmp_path_factory):
    """rn_example's alpha-beta deck as .pptx and as the PDF deck, at 16:9 and at 4:3."""
    folder = tmp_path_factory.mktemp("decks")
    decks = {}
    for shape in POWERPOINT_SIZES:
        name = shape.replace(":", "x")
        for fmt in ("pptx", "pdf"):
            result = run_tracer("slides", TREES / "rn_example.yaml", "--size", shape, "-o", folder / f"{name}.{fmt}")
            assert result.returncode == 0, result.stderr
        decks[shape] = folder / f"{name}.pptx", folder / f"{name}.pdf"
    return decks


@pytest.mark.parametrize("shape", list(POWERPOINT_SIZES))
def test_a_slide_per_frame_at_powerpoints_own_size_with_the_title_and_the_caption_as_notes(rn_decks, shape):
    path, pdf = rn_decks[shape]
    deck = pptx.Presentation(path)
    assert (deck.slide_width, deck.slide_height) == POWERPOINT_SIZES[shape]
    slides = list(deck.slides)
    steps = frame_steps(traced(TREES / "rn_example.yaml"), "node")  # the default: a frame per node decision
    assert len(slides) == len(steps) == 11  # alpha-beta's 7 leaves evaluated and 4 nodes left on Figure 5.2
    title = yaml.safe_load((TREES / "rn_example.yaml").read_text())["title"]
    shown = page_texts(pdf)  # the PDF deck's pages: the same frames, drawn as vectors by Graphviz
    assert len(shown) == len(steps)
    for step, slide, page in zip(steps, slides, shown):
        lines = slide.shapes.title.text.split("\n")
        assert lines[0] == title and lines[1].startswith("Alpha-beta (cut when α ≥ β")
        assert one_line(slide.shapes.title.text) in page  # the title lines the frame draws, as text
        notes = slide.notes_slide.notes_text_frame.text
        head, _, caption = notes.partition(": ")
        assert head == f"Step {step}" and caption and one_line(caption) in page  # the frame's caption
    assert "best move B" in slides[-1].shapes.title.text and "best move" not in slides[0].shapes.title.text
    assert slides[5].notes_slide.notes_text_frame.text.startswith("Step 20: C: returns ≤ 2 to A (best child C1), a "
                                                                  "bound: it was left early by a cutoff")


@pytest.mark.parametrize("shape", list(POWERPOINT_SIZES))
def test_the_picture_fills_the_slide_at_projector_resolution_behind_the_title(rn_decks, shape, tmp_path):
    path, pdf = rn_decks[shape]
    deck = pptx.Presentation(path)
    # the PDF deck's pages (the frames with their titles) rasterised as wide as the pictures, to compare
    subprocess.run(["pdftoppm", "-png", "-scale-to-x", "1920", "-scale-to-y", "-1", str(pdf), str(tmp_path / "page")],
                   check=True)
    pages = sorted(tmp_path.glob("page-*.png"))
    assert len(pages) == len(deck.slides)
    for slide, page in zip(deck.slides, pages):
        pictures = [s for s in slide.shapes if s.shape_type == pptx.enum.shapes.MSO_SHAPE_TYPE.PICTURE]
        assert len(pictures) == 1
        picture = pictures[0]
        assert (picture.left, picture.top, picture.width, picture.height) == (0, 0, deck.slide_width,
                                                                              deck.slide_height)
        assert list(slide.shapes)[0] == picture  # first in the shape tree: behind the title
        with Image.open(io.BytesIO(picture.image.blob)) as image:
            assert image.format == "PNG" and image.width >= 1920
            assert image.width * deck.slide_height == image.height * deck.slide_width  # the slide's shape
            # where the title stands on the slide, the picture has none of the title's ink: the title is not drawn
            # twice (the ring of a current root may reach up into the title's box: the frame draws it there too)
            title = slide.shapes.title
            box = [round(v * image.width / deck.slide_width) for v in
                   (title.left, title.top, title.left + title.width, title.top + title.height)]
            with Image.open(page) as drawn:
                assert drawn.size == image.size
                inked = lambda picture: picture.convert("L").crop(box).point(lambda v: v < 128).histogram()[1]  # noqa: E731
                assert inked(drawn) > 0.02 * (box[2] - box[0]) * (box[3] - box[1])  # the page's title lines
                assert inked(image) < 0.05 * inked(drawn)
            assert image.convert("L").getextrema()[0] < 100  # and the rest is drawn


def test_the_title_stands_where_the_frame_draws_it(rn_decks):
    """The title placeholder is centred on the title lines of the PDF deck's page (their words' boxes, as
    ``pdftotext -bbox`` reads them), in points."""
    path, pdf = rn_decks["16:9"]
    title = list(pptx.Presentation(path).slides)[0].shapes.title
    words = subprocess.run(["pdftotext", "-f", "1", "-l", "1", "-bbox", str(pdf), "-"], capture_output=True,
                           text=True, check=True).stdout
    boxes = [(found[4], tuple(map(float, found[:4]))) for found in re.findall(  # (the "&" is "&amp;")
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', words)]
    first = dict(reversed(boxes))  # each word's first box: the title's, above the tree and the caption
    top, bottom = first["Russell"][1], first["Alpha-beta"][3]
    lines = [box for _, box in boxes if box[1] >= top - 1 and box[3] <= bottom + 1]
    assert len(lines) == len("Russell & Norvig, Figure 5.2 Alpha-beta (cut when α ≥ β, fail-soft)".split())
    middle = (title.top + title.height / 2) / 12_700  # EMU to points
    centre = (title.left + title.width / 2) / 12_700
    assert abs(middle - (top + bottom) / 2) < 4
    assert abs(centre - (min(b[0] for b in lines) + max(b[2] for b in lines)) / 2) < 4


@pytest.mark.parametrize("size", ["16:9", "3x7.5"])
def test_a_title_the_frame_wraps_is_wrapped_on_the_slide_as_drawn(tmp_path, size):
    """A long title over a small tree on a narrow slide: the frame draws it on more lines, and so does the slide's
    title (and the picture, drawn without its title lines, is still drawn)."""
    tree = tmp_path / "narrow.yaml"
    tree.write_text('title: "A rather long title for a very small tree indeed, to be wrapped"\nroot: max\n'
                    'tree: [[1, 2], 3]\nrules: {algorithm: alphabeta}\n')
    for fmt in ("pptx", "pdf"):
        result = run_tracer("slides", tree, "--size", size, "-o", tmp_path / f"deck.{fmt}")
        assert result.returncode == 0, result.stderr
    drawn = subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(tmp_path / "deck.pdf"), "-"], capture_output=True,
                           text=True, check=True).stdout.split("\n")
    lines = list(pptx.Presentation(tmp_path / "deck.pptx").slides)[0].shapes.title.text.split("\n")
    remaining = iter(line for line in drawn if line)  # (the titles may stand beside the tree: read in order)
    assert all(line in remaining for line in lines), (lines, drawn)
    assert " ".join(lines).endswith("Alpha-beta (cut when α ≥ β, fail-soft)")
    assert len(lines) >= (2 if size == "16:9" else 4)  # wrapped on a narrow slide (or beside a short tree)


def test_dpi_sets_the_pictures_resolution(tmp_path):
    out = tmp_path / "small.pptx"
    assert run_tracer("slides", TREES / "rn_example.yaml", "--step", "cutoff", "--dpi", "72", "-o", out).returncode == 0
    deck = pptx.Presentation(out)
    trace = traced(TREES / "rn_example.yaml")
    assert len(deck.slides) == len(frame_steps(trace, "cutoff"))
    for slide in deck.slides:
        with Image.open(io.BytesIO(slide.shapes[0].image.blob)) as image:
            assert image.size == (960, 540)


def test_without_python_pptx_one_line_says_how_to_install_it(tmp_path):
    """A Python without python-pptx (the import made to fail, as it fails where the package is missing)."""
    out = tmp_path / "deck.pptx"
    code = ("import sys; sys.modules['pptx'] = None\n"  # `import pptx` now raises ImportError
            "from tracer.cli.main import main\n"
            f"sys.exit(main(['slides', {str(TREES / 'rn_example.yaml')!r}, '-o', {str(out)!r}]))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert_one_line_error(result, "-f pptx needs python-pptx", "pip install 'tracer[pptx]'")
    assert not out.exists() and os.listdir(tmp_path) == []


@pytest.mark.parametrize("args, fragments", [
    (["--notes", "-f", "pptx"], ["--notes", "pptx", "carries the captions as notes already"]),
    (["--fps", "2", "-f", "pptx"], ["--fps", "gif"]),
    (["-o", "deck.pptx", "-f", "pdf"], ["the name says pptx but -f says pdf"]),
])
def test_options_that_do_not_fit_a_pptx_are_refused_in_one_line(tmp_path, args, fragments):
    args = [str(tmp_path / arg) if arg.endswith(".pptx") else arg for arg in args]
    result = run_tracer("slides", TREES / "rn_example.yaml", *args)
    assert_one_line_error(result, *fragments)
    assert os.listdir(tmp_path) == []


@pytest.mark.skipif(SOFFICE is None, reason="needs LibreOffice to open the .pptx (Debian: apt-get install "
                                            "libreoffice-impress; large, so setup.sh leaves it out)")
def test_libreoffice_opens_the_pptx_its_slides_show_the_titles_and_its_notes_pages_the_captions(tmp_path):
    out = tmp_path / "deck.pptx"
    assert run_tracer("slides", TREES / "rn_example.yaml", "--step", "node", "--size", "4:3",
                      "-o", out).returncode == 0
    trace = traced(TREES / "rn_example.yaml")
    frames = len(frame_steps(trace, "node"))
    profile = f"-env:UserInstallation=file://{tmp_path / 'profile'}"  # its own: LibreOffice runs one per profile
    notes_only = ('pdf:impress_pdf_Export:{"ExportNotesPages":{"type":"boolean","value":"true"},'
                  '"ExportOnlyNotesPages":{"type":"boolean","value":"true"}}')
    for name, target in (("slides", "pdf"), ("notes", notes_only)):
        folder = tmp_path / name
        done = subprocess.run([SOFFICE, profile, "--headless", "--convert-to", target, "--outdir", str(folder),
                               str(out)], capture_output=True, text=True, timeout=600)
        assert (folder / "deck.pdf").exists(), done.stdout + done.stderr
    slides, notes = page_texts(tmp_path / "slides" / "deck.pdf"), page_texts(tmp_path / "notes" / "deck.pdf")
    assert len(slides) == len(notes) == frames
    page = PdfReader(tmp_path / "slides" / "deck.pdf").pages[0]
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (720, 540)  # 10 × 7.5 in
    for step, slide, note in zip(frame_steps(trace, "node"), slides, notes):
        assert slide.startswith("Russell & Norvig, Figure 5.2 Alpha-beta (cut when α ≥ β")
        assert f"Step {step}: " in note
    assert "Step 10: B3: a leaf: its value is 8" in notes[2]
