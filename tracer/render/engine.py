"""The one module that runs Graphviz: ``dot`` measuring the widths of text (the characters most drawings use
measured ahead, while Python is still importing tracer: :func:`start_measuring`), and ``dot`` or ``neato -n2``
drawing one graph (:func:`run_graphviz`) or many, the frames of a deck (:func:`run_graphviz_many`); and, for
bitmap frames, Poppler's ``pdftoppm`` rasterising the pages of a deck drawn as PDF (:func:`rasterise_pdfs`).
Their failures, their hangs and a drawing Graphviz would shrink become one line (:class:`RenderError`).

Only the standard library is imported here, so that a drawing command starts the measuring at once (a third of a
render's start-up otherwise). The DOT it reads is ``measure.gv`` beside this module: :func:`.metrics.measure_source`
of :data:`COMMON_CHARS`, written by ``python -m tracer.render.engine`` (a test checks it is current).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import threading
from collections import deque
from collections.abc import Iterator

from ..errors import RenderError

BASE_SECONDS, SECONDS_PER_MB = 30.0, 10.0  # Graphviz is stopped past BASE + PER_MB × the DOT's megabytes: about
# twenty times what it takes (neato -n2 draws 2.6 MB, a b=3 d=8 tree, in 1.3 s), so a Graphviz that never answers
# is not waited on for long, and a big drawing still has the time it needs


def time_allowed(source_bytes: int) -> float:
    """Seconds Graphviz may take for DOT of ``source_bytes`` bytes."""
    return BASE_SECONDS + SECONDS_PER_MB * source_bytes / 2**20
INSTALL_HINT = ("Graphviz's 'dot' program was not found: install Graphviz "
                "(Debian/Ubuntu: apt-get install graphviz; macOS: brew install graphviz), then try again")


def draw_less(options=None) -> str:
    """The hint that says how to draw less, in its one wording, naming only what ``options`` (the drawing's
    ``DrawOptions``; None: none given) has not used up, so that a hint never suggests an option already given:
    ``--compact`` once it is on, a smaller ``--draw-depth`` or ``--first-children`` once one is set (neither below
    1)."""
    ways = []
    for option, value, letter in (("--draw-depth", getattr(options, "draw_depth", None), "N"),
                                  ("--first-children", getattr(options, "first_children", None), "K")):
        if value is None:
            ways.append(f"{option} {letter}")
        elif value > 1:
            ways.append(f"a {option} below {value}")
    if not getattr(options, "compact", False):
        ways.append("--compact")
    if not ways:
        return "draw less (it is drawn as small as it can be)"
    return "draw less with " + (", ".join(ways[:-1]) + " or " + ways[-1] if len(ways) > 1 else ways[0])


def run_graphviz(source: str, fmt: str, program: str = "dot", args: tuple[str, ...] = (),
                 strict: bool = False, stage: str = "drawing the diagram") -> bytes:
    """Run a Graphviz program on ``source`` and return what it writes. Its failure, a time-out (see
    :func:`time_allowed`; the message names the ``stage``), or (``strict``) any warning is a :class:`RenderError`
    in one line; the program is killed on any way out."""
    data = source.encode("utf-8")
    return _run(program, [f"-T{fmt}", *args], data, strict, stage, time_allowed(len(data)))


def _run(program: str, args: list[str], source: bytes | None = None, strict: bool = False,
         stage: str = "drawing the diagram", timeout: float = BASE_SECONDS, batch: _Batch | None = None) -> bytes:
    """Run ``program args`` (``source`` on its standard input); what it writes, or one line saying what failed.
    Run for a ``batch`` (in a thread of :func:`run_graphviz_many`), the batch can stop it."""
    executable = shutil.which(program)
    owner = SUITES.get(program, "Graphviz")
    if executable is None:
        raise RenderError(RASTER_HINT if owner == "Poppler" else INSTALL_HINT)
    command = [executable, *args]
    streams = {"stdin": subprocess.DEVNULL if source is None else subprocess.PIPE, "stderr": subprocess.PIPE}
    try:
        process = _start(command, **streams) if batch is None else batch.start(command, **streams)
    except OSError as error:
        raise RenderError(f"cannot run {owner}'s {program} ({executable}): {error.strerror or error}") from None
    try:
        output, errors = process.communicate(source, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise RenderError(f"{owner}'s {program} took more than {timeout:.0f} s {stage} and was stopped; "
                          f"{draw_less()}") from None
    finally:
        if batch is not None:
            batch.forget(process)
        _stop(process)
    messages = [line.strip() for line in errors.decode("utf-8", "replace").splitlines() if line.strip()]
    if process.returncode != 0:
        raise RenderError(f"{owner} failed: {messages[-1] if messages else f'exit status {process.returncode}'}")
    shrunk = [line for line in messages if owner == "Graphviz" and ("Scaling by" in line or "too large" in line)]
    if shrunk or (strict and messages):
        raise RenderError(f"Graphviz warned: {(shrunk or messages)[0]}")
    return output


def _start(command: list[str], **streams) -> subprocess.Popen:
    """Start a Graphviz program in a process group of its own (a new session), so that it can be stopped with
    whatever it started: a ``dot`` that is a wrapper script leaves its children holding the pipes, and waiting for
    those to close after killing the script alone waited forever."""
    return subprocess.Popen(command, stdout=subprocess.PIPE, start_new_session=True, **streams)


def _stop(process: subprocess.Popen) -> None:
    """Stop ``process`` and every process of its group still running, and reap it (on every way out: done, timed
    out, failed, interrupted). Our ends of its pipes are closed rather than read to their end: a process outside
    the group could still hold theirs."""
    _kill_group(process)
    for stream in (process.stdin, process.stdout, process.stderr):
        if stream is not None:
            stream.close()
    process.wait()


def _kill_group(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):  # the group has ended already
        pass


class _Batch:
    """The Graphviz processes that threads are running for one :func:`run_graphviz_many`, so that the batch can be
    stopped (an error, Ctrl-C or a signal in the reader, the reader gone): a thread cannot be interrupted, and
    waiting for it meant waiting for its Graphviz to finish. Stopped, it kills those running and starts no more;
    their threads then return at once (their results are not read)."""

    def __init__(self):
        self._lock = threading.Lock()
        self._running: set[subprocess.Popen] = set()
        self._stopped = False

    def start(self, command: list[str], **streams) -> subprocess.Popen:
        with self._lock:  # never a process started after stop() has looked
            if self._stopped:
                raise RenderError("the drawing was stopped")  # in a thread whose result nobody reads
            process = _start(command, **streams)
            self._running.add(process)
            return process

    def forget(self, process: subprocess.Popen) -> None:
        """``process`` is being stopped and reaped by its thread: not the batch's to kill any more."""
        with self._lock:
            self._running.discard(process)

    def stop(self) -> None:
        with self._lock:
            self._stopped = True
            for process in self._running:
                _kill_group(process)


def run_graphviz_many(sources, count: int, fmt: str, program: str = "neato", args: tuple[str, ...] = ("-n2",),
                      progress=None, held: bool = False) -> Iterator[bytes]:
    """Run a Graphviz program on ``count`` graphs (the frames of a deck; ``sources`` yields their DOT) and yield
    each one's output, in order, as it is drawn. The graphs go in chunks, one process per chunk (a process draws a
    graph in a few milliseconds but takes tens to start), as many processes at once as there are CPUs, each chunk
    started as soon as its sources are made; Graphviz writes each graph's output to its own file (``-O``). At most
    :data:`CHUNKS_AHEAD` chunks per process are drawn ahead of the reader, so memory stays bounded however many
    frames there are. ``progress(n)`` is called as each chunk of ``n`` graphs is done. ``held``: the reader holds
    every output anyway (a player's drawings) and wants no progress: one chunk per process, the fewest processes
    (each costs about as much to start as ten small graphs cost to draw). Stopped early, it stops the Graphviz
    processes still drawing."""
    if shutil.which(program) is None:
        raise RenderError(INSTALL_HINT)
    workers = max(1, min(os.cpu_count() or 1, 8))
    size = max(1, -(-count // workers) if held else min(25, -(-count // (2 * workers))))
    batch = _Batch()
    with tempfile.TemporaryDirectory(prefix="tracer-frames-") as folder:
        def draw_chunk(index: int, chunk: list[str]) -> list[bytes]:
            path = os.path.join(folder, f"chunk{index}.gv")
            with open(path, "w", encoding="utf-8") as out:
                out.write("\n".join(chunk))
            _run(program, [f"-T{fmt}", "-O", *args, path], stage=f"drawing frames {index * size + 1}–"
                 f"{index * size + len(chunk)} of {count}", timeout=time_allowed(os.path.getsize(path)), batch=batch)
            outputs = []
            for i in range(len(chunk)):
                name = f"{path}.{fmt}" if i == 0 else f"{path}.{i + 1}.{fmt}"
                with open(name, "rb") as drawn:
                    outputs.append(drawn.read())
                os.unlink(name)
            os.unlink(path)
            if progress is not None:
                progress(len(outputs))
            return outputs

        yield from _in_order((lambda index=index, chunk=chunk: draw_chunk(index, chunk)
                              for index, chunk in enumerate(in_chunks(sources, size))), workers, batch)


CHUNKS_AHEAD = 2  # chunks per process drawn ahead of the frames' reader


def _in_order(tasks, workers: int, batch: _Batch) -> Iterator:
    """Run ``tasks`` (functions returning lists, each made only when asked for) on ``workers`` threads and yield
    their results' items in order, at most :data:`CHUNKS_AHEAD` tasks per thread ahead of the reader. Stopped early
    (an error, a signal, the reader gone), it starts nothing more and stops the ``batch``'s processes."""
    from concurrent.futures import ThreadPoolExecutor  # (and logging with it: only decks draw many frames)

    with ThreadPoolExecutor(max_workers=workers) as pool:
        pending: deque = deque()
        try:
            for task in tasks:
                pending.append(pool.submit(task))
                while len(pending) > CHUNKS_AHEAD * workers:  # the reader is behind: give it the oldest
                    yield from pending.popleft().result()
            while pending:
                yield from pending.popleft().result()
        finally:
            for future in pending:
                future.cancel()
            batch.stop()


# ---- a drawn deck's pages rasterised: Poppler's pdftoppm ------------------------------------------------------

SUITES = {"pdftoppm": "Poppler"}  # whose programs, other than Graphviz's, this module runs (for its messages)
RASTER_HINT = ("Poppler's 'pdftoppm' was not found: install Poppler's tools (Debian/Ubuntu: apt-get install "
               "poppler-utils; macOS: brew install poppler), then try again")
CHUNK_PIXELS = 24 * 2**20  # pixels rasterised by one pdftoppm run (11 frames at 1920×1080): its PPM files wait on
# disk until their chunk is read, so what waits stays under a few hundred MB however many frames there are
SECONDS_PER_MEGAPIXEL = 0.1  # pdftoppm is stopped past BASE_SECONDS + this a megapixel: ten times what it takes


def raster_chunk(pages: int, pixels: int) -> int:
    """How many pages of ``pixels`` pixels one ``pdftoppm`` run rasterises, of ``pages``: enough to share its start
    (about 80 ms, against 30 for a 1920×1080 page) and to keep every CPU busy, at most :data:`CHUNK_PIXELS`."""
    workers = max(1, min(os.cpu_count() or 1, 8))
    return max(1, min(25, -(-pages // (2 * workers)), CHUNK_PIXELS // max(1, pixels)))


def rasterise_pdfs(documents, pixels: int, dpi: int, convert, progress=None) -> Iterator:
    """The pages of ``documents`` (pairs of a PDF and its number of pages, each made only when asked for: a chunk of
    :func:`raster_chunk` pages of ``pixels`` pixels each at ``dpi`` dots per inch) rasterised by Poppler's ``pdftoppm``, one process per document,
    as many at once as there are CPUs; each page's bitmap (PPM: Netpbm's P6) is handed to ``convert`` in the
    document's thread (encoding a page costs half as much as rasterising it) and what it returns is yielded, in
    order. A document is rasterised while the next ones are still being made. ``progress(n)`` is called as ``n``
    more pages are done."""
    if shutil.which("pdftoppm") is None:
        raise RenderError(RASTER_HINT)
    workers = max(1, min(os.cpu_count() or 1, 8))
    batch = _Batch()
    with tempfile.TemporaryDirectory(prefix="tracer-pages-") as folder:
        def rasterise(index: int, pdf: bytes, pages: int) -> list:
            path, root = os.path.join(folder, f"chunk{index}.pdf"), os.path.join(folder, f"chunk{index}")
            with open(path, "wb") as out:
                out.write(pdf)
            _run("pdftoppm", ["-r", str(dpi), path, root], stage=f"rasterising the pages of chunk {index + 1}",
                 timeout=BASE_SECONDS + SECONDS_PER_MEGAPIXEL * max(CHUNK_PIXELS, pixels) / 1e6, batch=batch)
            os.unlink(path)
            names = sorted((name for name in os.listdir(folder) if name.startswith(f"chunk{index}-")),
                           key=lambda name: int(name.rsplit("-", 1)[1].split(".")[0]))
            if len(names) != pages:
                raise RenderError(f"Poppler's pdftoppm rasterised {len(names)} of the {pages} pages of chunk "
                                  f"{index + 1}")
            outputs = []
            for name in names:
                with open(os.path.join(folder, name), "rb") as drawn:
                    bitmap = drawn.read()
                os.unlink(os.path.join(folder, name))
                outputs.append(convert(bitmap))
            if progress is not None:
                progress(len(outputs))
            return outputs

        yield from _in_order((lambda index=index, pdf=pdf, pages=pages: rasterise(index, pdf, pages)
                              for index, (pdf, pages) in enumerate(documents)), workers, batch)


def in_chunks(items, size: int) -> Iterator[list]:
    """``items`` in lists of ``size`` (the last perhaps shorter), each made only when asked for."""
    chunk = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


# ---- text measured ahead: started as a drawing command starts, collected when it first lays out ---------------

COMMON_CHARS = sorted(set(map(chr, range(32, 127))) | set("×·…αβ−∞≤≥⋯━┄□▣▲▽○●✂↻"))  # what most drawings write
MEASURE_SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "measure.gv")
_measuring: subprocess.Popen | None = None
_measured = False  # collected once: this process knows the widths
_ahead_in_table = False  # the table or cache gives the common characters' widths: no dot is started


def start_measuring() -> None:
    """Start ``dot`` measuring :data:`COMMON_CHARS` (once per process; nothing if it cannot start), unless the font
    metric table or this machine's cache gives their widths (:func:`.metrics.stores`)."""
    from .metrics import stores

    global _measuring, _ahead_in_table
    if _measuring is None and not _measured and stores(COMMON_CHARS):
        _ahead_in_table = True
    elif _measuring is None and not _measured:
        try:
            _measuring = _start(["dot", "-Tjson", MEASURE_SOURCE], stdin=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        except OSError:  # no dot: the drawing reports it, with the install hint, where it needs Graphviz
            pass


def measured_ahead() -> bytes | None:
    """What the measuring ``dot`` wrote (for :func:`.metrics.learn_widths` with :data:`COMMON_CHARS`), or None when
    it was not started or failed (then the characters are measured as any others). Where the font metric table or
    the cache gives their widths, they are known from it now (:func:`.metrics.known_from_table`), and None is
    returned."""
    global _measuring, _measured, _ahead_in_table
    if _ahead_in_table:
        from .metrics import known_from_table

        _ahead_in_table, _measured = False, True
        known_from_table(COMMON_CHARS)
        return None
    process, _measuring = _measuring, None
    if process is None:
        return None
    try:
        data, _ = process.communicate(timeout=BASE_SECONDS)
    except subprocess.TimeoutExpired:  # a dot that never answers: asking it again would only wait as long again
        raise RenderError(f"Graphviz's dot took more than {BASE_SECONDS:.0f} s measuring the text and was stopped "
                          "(is Graphviz working? try: echo 'digraph{a}' | dot -Tsvg)") from None
    finally:
        _stop(process)
    _measured = process.returncode == 0
    return data if _measured else None


def stop_measuring() -> None:
    """Stop and reap a measuring run that was not collected (the command ended before it drew anything)."""
    global _measuring
    process, _measuring = _measuring, None
    if process is not None:
        _stop(process)


if __name__ == "__main__":
    from .metrics import measure_source

    with open(MEASURE_SOURCE, "w", encoding="utf-8") as out:
        out.write(measure_source(COMMON_CHARS))
    print(MEASURE_SOURCE)
