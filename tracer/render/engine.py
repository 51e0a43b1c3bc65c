"""The one module that runs Graphviz: DOT source → svg/png/pdf bytes; its failures become one line."""

from __future__ import annotations

import os

import graphviz

from ..errors import RenderError
from ..io import format_of, write_atomically
from .dot import to_dot
from .scene import DrawOptions

FORMATS = ("svg", "png", "pdf", "dot")
INSTALL_HINT = ("Graphviz's 'dot' program was not found: install Graphviz "
                "(Debian/Ubuntu: apt-get install graphviz; macOS: brew install graphviz), then try again")


def dot_to_bytes(source: str, fmt: str) -> bytes:
    """Lay out DOT source with the real ``dot`` and return the drawing."""
    if fmt not in FORMATS:
        raise RenderError(f"unknown format {fmt!r} (choose from {', '.join(FORMATS)})")
    if fmt == "dot":
        return source.encode("utf-8")
    try:
        return graphviz.Source(source).pipe(format=fmt, engine="dot")
    except graphviz.ExecutableNotFound:
        raise RenderError(INSTALL_HINT) from None
    except graphviz.CalledProcessError as error:
        detail = (error.stderr or b"").decode("utf-8", "replace").strip().splitlines()
        raise RenderError(f"Graphviz failed: {detail[-1] if detail else error}") from None


def render_bytes(trace, fmt: str = "svg", options: DrawOptions = DrawOptions(), dpi: int | None = None) -> bytes:
    """A trace's diagram in ``fmt`` (svg, png, pdf or dot); ``dpi`` sets a PNG's resolution (default 96)."""
    return dot_to_bytes(to_dot(trace, options, dpi if fmt == "png" else None), fmt)


def render_to_file(trace, path: str | os.PathLike, fmt: str | None = None,
                   options: DrawOptions = DrawOptions(), dpi: int | None = None) -> str:
    """Render a trace to ``path`` (format from ``fmt`` or the file's extension). Returns the path written."""
    path = os.fspath(path)
    fmt = format_of(path, FORMATS, fmt)
    write_atomically(path, render_bytes(trace, fmt, options, dpi))
    return path
