"""The project's errors: one base class, each subclass saying what was wrong and where. Every module may import
this one; it imports nothing of tracer."""


class TracerError(Exception):
    """Base of every error tracer reports to a user as one line (never a traceback)."""


class TreeFileError(TracerError, ValueError):
    """A tree file is malformed: the message names the file, the line and the path inside the tree."""

    def __init__(self, message, *, file=None, line=None, path=None):
        self.file, self.line, self.path = file, line, path
        where = ":".join(str(part) for part in (file, line) if part is not None)
        prefix = ": ".join(part for part in (where, path) if part)
        super().__init__(f"{prefix}: {message}" if prefix else message)


class TraceFileError(TracerError, ValueError):
    """A saved trace (JSON) cannot be read back."""


class GameError(TracerError, ValueError):
    """A game, position or game option is not valid."""


class IllegalMoveError(GameError):
    """A move is malformed or not legal in the position."""


class SearchOptionError(TracerError, ValueError):
    """A search was asked for with options that do not fit together (an unknown algorithm, a bad rule)."""


class UsageError(TracerError, ValueError):
    """A command was asked for something that does not fit its input: options that conflict, or nothing to do."""


class RenderError(TracerError):
    """Graphviz is missing or failed, or the diagram would be too large."""


class OutputError(TracerError, OSError):
    """An output file cannot be written, or its format cannot be told from its name."""


class TraceTooLargeError(TracerError):
    """A traced search recorded more nodes than the limit in force: it was stopped before memory ran out."""


class BudgetError(TracerError):
    """An untraced search (a row of ``tracer compare``) passed its node or time budget and was stopped."""


class CostError(BudgetError):
    """An untraced search whose estimated cost is past its budget, refused before it started (the message says
    the estimate and the options that change it)."""


def raised_by_interrupt(error: BaseException) -> bool:
    """Whether ``error`` was raised because of Ctrl-C: a KeyboardInterrupt in its chain of causes. Python wraps one
    that strikes in some places of its own: in a class being made (``RuntimeError: Error calling __set_name__``),
    as a module is imported."""
    seen = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, KeyboardInterrupt):
            return True
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return False
