"""The one module that runs Graphviz: DOT source → svg/png/pdf bytes, written atomically; failures become one line."""

from __future__ import annotations

import os
import tempfile

import graphviz

from .dot import DrawOptions, to_dot
from .errors import RenderError

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


def render_bytes(trace, fmt: str = "svg", options: DrawOptions = DrawOptions()) -> bytes:
    """A trace's diagram in ``fmt`` (svg, png, pdf or dot)."""
    return dot_to_bytes(to_dot(trace, options), fmt)


def write_atomically(path: str | os.PathLike, data: bytes) -> None:
    """Write all of ``data`` or nothing: a temporary file beside ``path``, then one rename."""
    path = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(path))
    try:
        os.makedirs(folder, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".tracer-", suffix=".part")
    except OSError as error:
        raise RenderError(f"{path}: cannot write: {error.strerror or error}") from None
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except OSError as error:
        raise RenderError(f"{path}: cannot write: {error.strerror or error}") from None
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)


def render_to_file(trace, path: str | os.PathLike, fmt: str | None = None,
                   options: DrawOptions = DrawOptions()) -> str:
    """Render a trace to ``path`` (format from ``fmt`` or the file's extension). Returns the path written."""
    path = os.fspath(path)
    if fmt is None:
        fmt = os.path.splitext(path)[1].lstrip(".").lower() or "svg"
    write_atomically(path, render_bytes(trace, fmt, options))
    return path
