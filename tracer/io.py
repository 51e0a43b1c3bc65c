"""Writing outputs: every file tracer writes goes through here, whole or not at all, and an output path's format
is told here, in one place."""

from __future__ import annotations

import os
import tempfile

from .errors import OutputError


def write_atomically(path: str | os.PathLike, data: bytes) -> None:
    """Write all of ``data`` or nothing: a temporary file beside ``path``, then one rename."""
    path = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(path))
    try:
        os.makedirs(folder, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".tracer-", suffix=".part")
    except OSError as error:
        raise OutputError(f"{path}: cannot write: {error.strerror or error}") from None
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except OSError as error:
        raise OutputError(f"{path}: cannot write: {error.strerror or error}") from None
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)


def format_of(path: str, formats: tuple[str, ...], given: str | None = None, default: str | None = None,
              option: str = "-o") -> str:
    """The format to write ``path`` in: ``given`` (a ``-f`` option) if any, else the path's extension, which must
    be one of ``formats``; ``default`` when there is no path."""
    if given is not None:
        if given not in formats:
            raise OutputError(f"unknown format {given!r} (choose from {', '.join(formats)})")
        return given
    if not path:
        if default is None:
            raise OutputError("no output path and no format given")
        return default
    extension = os.path.splitext(path)[1].lstrip(".").lower()
    if extension not in formats:
        raise OutputError(f"{option} {path}: cannot tell the format from the extension; "
                          f"use {', '.join('.' + f for f in formats)}, or give -f")
    return extension
