"""The drawing's style, shared by every printer and by the layout that makes room for the text: the palette, the
font and its sizes, and the lines of the titles. Choosing how a drawing looks is changing this module."""

from __future__ import annotations

from ..model.state import Player

FONT = "Helvetica"
INK, FADED, BEST, NOTE, CUT = "#1f2937", "#9ca3af", "#1d4ed8", "#4b5563", "#b91c1c"
FILL = {Player.MAX: "#dbeafe", Player.MIN: "#fde7d4", Player.CHANCE: "#e5e7eb"}
LEAF_FILL = "#f3f4f6"
SHADE = "#c8a27c"  # a board's shaded cells: a chessboard's dark squares
MARK = "#fcd34d"  # a board's marked cells (the last move): a fill, as a thick border would not fit a small cell
# A game of named players (max^n): each player's nodes filled in turn with these pale tints of Okabe & Ito's
# colour-blind-safe palette (blue, orange, bluish green, yellow, reddish purple, sky blue), named in the key
PLAYER_FILLS = (("#dbeafe", "blue"), ("#fde7d4", "orange"), ("#d1f0e6", "green"), ("#fdf6c8", "yellow"),
                ("#f5dcea", "pink"), ("#dff1fb", "sky blue"))

# Font sizes in points: the text around the tree, and the text in and beside its nodes. No text is smaller than
# 10 (the α/β windows and the key included): a slide scales its page, so the smallest text sets how far the whole
# drawing can be enlarged for the back of a room, and a window is what an alpha-beta lecture is about.
TITLE_SIZE, SUBTITLE_SIZE, CAPTION_SIZE, KEY_SIZE = 14.0, 12.0, 11.0, 10.0
NOTE_SIZE, NAME_SIZE, VALUE_SIZE, EDGE_SIZE = 10.0, 10.0, 12.0, 10.0


def title_lines(scene) -> list[tuple[str, float, bool]]:
    """The lines above the tree, each with its size and whether it is bold: the title, the subtitle, the notes."""
    lines = [(scene.title, TITLE_SIZE, True), (scene.subtitle, SUBTITLE_SIZE, False)]
    return lines + [(note, SUBTITLE_SIZE, False) for note in scene.notes]
