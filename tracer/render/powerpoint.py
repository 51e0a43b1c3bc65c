"""Deck → a PowerPoint file (.pptx, with python-pptx: the ``pptx`` extra), for lecturers who teach from PowerPoint,
Keynote or Google Slides (each opens it): a slide per frame, the slide the deck's size (16:9, 4:3 or WxH inches).

Each slide is the frame's picture filling the slide, its title lines as the slide's title (text the lecturer can
edit, that PowerPoint's outline, its search and a screen reader find), set where the frame draws them and at their
size, and the frame's step and caption as the slide's speaker notes. The picture is a PNG rasterised from the PDF
deck (:func:`.slides.frame_bitmaps`), at least 1920 pixels wide (a projector's width) whatever the slide's shape:
python-pptx embeds bitmaps only (PowerPoint's SVG pictures need a PNG beside them, and Graphviz writes no EMF).
"""

from __future__ import annotations

import io
import math

from ..errors import RenderError
from ..records import replace
from .deck import Deck
from .page import SLIDE_DPI, titles_on
from .deck_pdf import frame_bitmaps, png_of_ppm, speaker_note
from .style import FONT, INK

PROJECTOR_WIDTH = 1920  # pixels: the least width of a slide's picture
INSTALL_PPTX = "-f pptx needs python-pptx: pip install 'tracer[pptx]' (or pip install python-pptx), then try again"
EMU_PER_POINT = 12_700  # PowerPoint's English Metric Units


def require_pptx() -> None:
    """Refuse, in one line saying how to install it, when python-pptx is not installed."""
    try:
        import pptx  # noqa: F401
    except ImportError:
        raise RenderError(INSTALL_PPTX) from None


def picture_dpi(size: tuple[float, float], dpi: int | None = None) -> int:
    """Dots per slide inch for the pictures of a slide ``size`` inches wide: ``dpi`` if given, else enough for
    :data:`PROJECTOR_WIDTH` pixels and never fewer than the PNG frames' :data:`.page.SLIDE_DPI`."""
    return dpi or max(SLIDE_DPI, math.ceil(round(PROJECTOR_WIDTH / size[0], 2)))  # (16:9 is 13.3333 inches)


def pptx_deck(deck: Deck, dpi: int | None = None, progress=None) -> bytes:
    """The deck as a .pptx file: a slide per frame (see the module's docstring); ``dpi`` sets the pictures'
    resolution (default :func:`picture_dpi`)."""
    require_pptx()
    from pptx import Presentation
    from pptx.util import Emu

    presentation = Presentation()
    # to the thousandth of an inch: a 16:9 deck (13.3333 inches) is then PowerPoint's own Widescreen, 12,192,000 EMU
    width, height = (Emu(round(side * 914.4) * 1000) for side in deck.size)
    presentation.slide_width, presentation.slide_height = width, height
    layout = presentation.slide_layouts[5]  # "Title Only": a title placeholder, nothing else
    # the pictures are the frames without their title lines (the slide's title stands there, as text)
    blank = " "  # (Graphviz refuses an empty bold line)
    untitled = replace(deck, frames=[replace(frame, scene=replace(frame.scene, title=blank, subtitle=blank, notes=[]))
                                     for frame in deck.frames],
                       page=replace(deck.page, title_wrap=0.0))  # (blank lines wrapped would be empty)
    pictures = frame_bitmaps(untitled, picture_dpi(deck.size, dpi), png_of_ppm, progress)
    for frame, picture in zip(deck.frames, pictures):
        slide = presentation.slides.add_slide(layout)
        shown = slide.shapes.add_picture(io.BytesIO(picture), 0, 0, width, height)
        shown._element.getparent().remove(shown._element)  # behind the title: first in the slide's shape tree
        slide.shapes._spTree.insert(2, shown._element)
        shown._element.nvPicPr.cNvPr.set("descr", frame.caption)  # the picture's alternative text
        _title(slide.shapes.title, deck, titles_on(frame.scene, deck.page))  # as the frame draws them
        slide.notes_slide.notes_text_frame.text = speaker_note(frame)
    presentation.core_properties.title = f"{deck.frames[-1].scene.title}: {deck.trace.title}"
    out = io.BytesIO()
    presentation.save(out)
    return out.getvalue()


def _title(shape, deck: Deck, lines) -> None:
    """The slide's title placeholder as the frame draws its title lines: at the page's title box, scaled with the
    page to the slide, each line centred at its size, bold as drawn, in the drawing's ink."""
    from pptx.dml.color import RGBColor
    from pptx.enum.text import MSO_ANCHOR, MSO_AUTO_SIZE, PP_ALIGN
    from pptx.util import Emu, Pt

    frame, box = deck.page.frame, deck.page.title
    scale = deck.size[0] * 72 / frame.width  # points on the slide per point of the page
    emu = lambda points: Emu(round(points * scale * EMU_PER_POINT))  # noqa: E731
    room = 2 * min(box.x - frame.left, frame.right - box.x)  # centred where drawn, as wide as the slide allows:
    # PowerPoint's Helvetica (Arial) and LibreOffice's (Liberation Sans) are not quite the drawing's widths
    shape.left, shape.top = emu(box.x - room / 2 - frame.left), emu(frame.top - box.top)
    shape.width, shape.height = emu(room), emu(box.height)
    text = shape.text_frame
    text.word_wrap, text.auto_size, text.vertical_anchor = False, MSO_AUTO_SIZE.NONE, MSO_ANCHOR.MIDDLE
    text.margin_left = text.margin_right = text.margin_top = text.margin_bottom = 0
    for i, (line, size, bold) in enumerate(lines):
        paragraph = text.paragraphs[0] if i == 0 else text.add_paragraph()
        paragraph.alignment, paragraph.line_spacing = PP_ALIGN.CENTER, 1.0
        run = paragraph.add_run()
        run.text = line
        run.font.size, run.font.bold, run.font.name = Pt(round(size * scale, 1)), bold, FONT
        run.font.color.rgb = RGBColor.from_string(INK.lstrip("#").upper())
