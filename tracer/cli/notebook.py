"""The practice command in a notebook: ``tracer.practice(...)`` makes the page ``tracer practice`` writes, from the
command's own options (read and checked by its parser), and shows it inline as the player is shown
(:func:`tracer.render.notebook.inline_page`)."""

from __future__ import annotations

from ..errors import UsageError
from .exercises import practice_page


class PracticeWidget:
    """A practice page shown inline in a notebook (:func:`practice`); ``html`` is the whole page, as ``tracer
    practice`` writes it, and ``save(path)`` writes it to a file to share."""

    def __init__(self, page: str, height: int):
        self.html, self.height = page, height

    def save(self, path: str) -> None:
        from ..io import write_atomically

        write_atomically(path, self.html.encode("utf-8"))

    def _repr_html_(self) -> str:
        from ..render.notebook import inline_page

        return inline_page(self.html, "100%", self.height, title="tracer practice page",
                           sandbox="allow-scripts allow-downloads")


def practice(*files: str, height: int = 760, **options) -> PracticeWidget:
    """A practice page to show in a notebook, made as ``tracer practice`` makes it: from tree files and folders
    (``practice("trees/rn_example.yaml", prune="gt")``) or generated (``practice(count=5, seed=7, depth=3,
    branching="2-3")``). Each keyword is the command's option of that name (``algorithm="minimax"`` for ``-a
    minimax``, ``no_ties=True`` for ``--no-ties``, ``player=False`` for ``--no-player``), read and checked by the
    command's own parser, so a mistake is the command's one line, raised as a :class:`TracerError` (an option's
    as :class:`UsageError`, a file's as :class:`TreeFileError`). The page sits in a frame ``height`` pixels high;
    in a notebook's frame it keeps no answers between visits (the browser gives a framed page no storage, and the
    page says so): "Download answers" saves them."""
    import contextlib
    import io

    from .main import build_parser, parse_command_line

    argv = ["practice", *map(str, files)]
    for name, value in options.items():
        if name == "player":
            argv += [] if value else ["--no-player"]
        elif value is True:
            argv.append("--" + name.replace("_", "-"))
        elif value is not False and value is not None:
            argv.append(f"--{name.replace('_', '-')}={value}")
    said = io.StringIO()
    try:
        with contextlib.redirect_stderr(said):
            args = parse_command_line(build_parser("practice"), argv)
    except SystemExit:
        message = said.getvalue().strip().removeprefix("tracer practice: error: ")
        raise UsageError(message.removesuffix(" (see tracer practice --help)")) from None
    return PracticeWidget(practice_page(args), height)
