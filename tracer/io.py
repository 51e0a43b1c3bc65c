"""Writing outputs: every file tracer writes goes through here, whole or not at all, and an output path's format
is told here, in one place."""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from collections.abc import Iterable

from .errors import OutputError


MAX_INPUT_BYTES = 256 * 2**20  # a tree, position or trace file larger than this is not one a person made
MAX_ANSWER_BYTES = 2 * 2**20  # an answer file: a student's answers for the largest trees anyone grades by hand


def read_input(path: str | os.PathLike, limit: int = MAX_INPUT_BYTES,
               what: str = "a tree, position or trace file") -> bytes:
    """The bytes of an input file. Anything that is not a regular file (a FIFO, a device such as /dev/zero, a
    folder) is refused before it is opened, so reading never blocks or runs without end; so is a file past
    ``limit`` bytes (checked before it is read, let alone parsed). Failures are :class:`OSError` with a
    ``strerror`` a user can read."""
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
        raise OSError(0, f"{kind} (give {what})")
    if info.st_size > limit:
        raise OSError(0, f"larger than {limit // 2**20} MB, too large to be {what}")
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:  # it grew while being read
        raise OSError(0, f"larger than {limit // 2**20} MB, too large to be {what}")
    return data


WRITTEN: list[str] = []  # the files this process has written, in order: a command that fails after writing
# them (its standard output full, say) takes them back, so that a failure leaves no output behind


def take_back_written() -> list[str]:
    """Remove the files this process wrote (see :data:`WRITTEN`); returns their paths."""
    removed = []
    while WRITTEN:
        path = WRITTEN.pop()
        try:
            os.unlink(path)
            removed.append(path)
        except OSError:
            pass
    return removed[::-1]


def write_atomically(path: str | os.PathLike, data: bytes | Iterable[bytes], kept: bool = False) -> None:
    """Write all of ``data`` or nothing: a temporary file beside ``path``, then one rename. ``data`` may be blocks
    made as they are written (a big export), so the whole never needs to be in memory; if making one fails, the
    temporary file goes and ``path`` is untouched. A symbolic link is written through (its target is replaced, the
    link stays); anything there that is not a regular file (a device such as /dev/null, a FIFO, a folder) is
    refused, never replaced. ``kept``: a file tracer keeps for itself (a cache), not an output a failing command
    takes back (:data:`WRITTEN`)."""
    path = os.fspath(path)
    shown = path
    if os.path.islink(path):
        path = os.path.realpath(path)
    if os.path.exists(path) and not os.path.isfile(path):
        kind = "a folder" if os.path.isdir(path) else "not a regular file"
        raise OutputError(f"{shown}: cannot write: {kind}; choose a file name with -o")
    folder = os.path.dirname(os.path.abspath(path))
    try:
        os.makedirs(folder, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".tracer-", suffix=".part")
    except OSError as error:
        raise OutputError(f"{shown}: cannot write: {error.strerror or error}") from None
    try:
        with os.fdopen(handle, "wb") as out:
            out.writelines([data] if isinstance(data, (bytes, bytearray, memoryview)) else data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
        if not kept:
            WRITTEN.append(path)
    except OSError as error:
        raise OutputError(f"{shown}: cannot write: {error.strerror or error}") from None
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)


def is_saved_trace(path: str | os.PathLike | None) -> bool:
    """Whether ``path`` names a saved trace: a ``.json`` file (tree and position files are YAML). The one place
    this is decided."""
    return path is not None and os.fspath(path).lower().endswith(".json")


def tikz_by_name(path: str | os.PathLike | None, given: str | None = None) -> str | None:
    """A drawing's format as ``-f`` gave it, else ``tikz`` for a ``.tex`` path (a LaTeX picture), else ``None``
    (the extension then names the format itself). The one place this is decided."""
    if given is None and path is not None and os.fspath(path).lower().endswith(".tex"):
        return "tikz"
    return given


def format_of(path: str, formats: tuple[str, ...], given: str | None = None, default: str | None = None,
              option: str = "-o", extensions: dict[str, str] | None = None, flag: str = "-f") -> str:
    """The format to write ``path`` in: ``given`` (a ``-f`` option) if any, else the path's extension, which must
    be one of ``formats`` (or a format's own extension in ``extensions``: ``{"tikz": "tex"}``); ``default`` when
    there is no path. A path whose extension names another of ``formats`` than ``given`` is refused (PNG bytes in a
    file named .svg would mislead every program that opens it)."""
    extension = os.path.splitext(path)[1].lstrip(".").lower() if path else ""
    by_extension = {(extensions or {}).get(f, f): f for f in formats}
    named = by_extension.get(extension, extension if extension in formats else None)
    if given is not None:
        if given not in formats:
            raise OutputError(f"unknown format {given!r} (choose from {', '.join(formats)})")
        if named is not None and named != given:
            raise OutputError(f"{option} {path}: the name says {named} but {flag} says {given}; name the file "
                              f".{(extensions or {}).get(given, given)}, or leave {flag} out")
        return given
    if not path:
        if default is None:
            raise OutputError("no output path and no format given")
        return default
    if named is None:
        raise OutputError(f"{option} {path}: cannot tell the format from the extension; "
                          f"use {', '.join('.' + e for e in by_extension)}, or give {flag}")
    return named


def write_folder_atomically(path: str | os.PathLike, files, owned=lambda name: False) -> None:
    """Make the folder ``path`` hold exactly ``files`` (a dict of name → bytes, or (name, bytes) pairs, each
    written as it comes, so a generator's files are never all held), whole or not at all: the files are written
    into a temporary folder beside it, which then takes its place. A folder already there is replaced only if it
    holds nothing but files ``owned(name)`` says an earlier run wrote; anything else is refused, never deleted."""
    path = os.fspath(path).rstrip("/\\") or "."
    if os.path.lexists(path):
        if not os.path.isdir(path) or os.path.islink(path):
            raise OutputError(f"{path}: exists and is not a folder; choose another -o")
        strangers = [name for name in os.listdir(path) if not owned(name)]
        if strangers:
            raise OutputError(f"{path}: the folder holds files tracer did not write ({strangers[0]}, ...); "
                              "choose another -o, or empty it")
    parent = os.path.dirname(os.path.abspath(path))
    try:
        os.makedirs(parent, exist_ok=True)
        temporary = tempfile.mkdtemp(dir=parent, prefix=".tracer-", suffix=".part")
    except OSError as error:
        raise OutputError(f"{path}: cannot write: {error.strerror or error}") from None
    old = None
    try:
        for name, data in files.items() if isinstance(files, dict) else files:
            with open(os.path.join(temporary, name), "wb") as out:
                out.write(data)
        os.chmod(temporary, 0o755)
        if os.path.lexists(path):
            old = tempfile.mkdtemp(dir=parent, prefix=".tracer-", suffix=".old")
            os.rmdir(old)
            os.rename(path, old)
        os.rename(temporary, path)
    except OSError as error:
        if old is not None and not os.path.lexists(path):
            os.rename(old, path)  # put the earlier folder back
            old = None
        raise OutputError(f"{path}: cannot write: {error.strerror or error}") from None
    finally:
        for leftover in (temporary, old):
            if leftover is not None and os.path.isdir(leftover):
                shutil.rmtree(leftover, ignore_errors=True)
