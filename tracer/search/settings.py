"""The one table of a search's settings: each setting declared once, with its name, the value it holds when not
given, its one check, its command-line flags and help, whether a file's ``rules:`` may give it, and whether it is a
setting of particular searches (the registry's ``Algorithm.settings`` names which). Everything else is derived from
:data:`SETTINGS`: the fields of :class:`tracer.search.spec.SearchSpec`, the keys of a ``rules:`` block
(:mod:`tracer.inputs.rules`), the command line's flags (:func:`tracer.cli.options.add_search_options`) and the one
check, :func:`mistake`. A new setting is one entry here (and, if particular searches take it, its name in their
registry lines, as they take it in their functions).

The table knows no argparse: ``reads`` says how the command line reads one word of it (a ``choice`` of the check's
words, an ``int``, a finite ``number``, a ``positive`` whole number, or a ``whole`` number then checked; a ``switch``
takes no word: given, it is on), and the command line makes its parser from that."""

from __future__ import annotations

import math
from collections.abc import Callable

from ..numbers import SETTING, format_number
from ..records import Record, field
from .mcts import DEFAULT_ITERATIONS, EXPLORATION, FINALS, MAX_EXPLORATION, MAX_ITERATIONS, ROLLOUTS
from .ordering import ORDERS
from .registry import ALGORITHMS, DEFAULT_ALGORITHM

TYPE_CHECKING = False  # (typing's constant: typing is not imported to run tracer, only to check it)
if TYPE_CHECKING:
    from typing import Any

MAX_SEARCH_DEPTH = 1_000_000  # plies: deeper than any search that finishes; larger numbers are typos or attacks
PRUNE_RULES = ("ge", "gt")  # cut when α ≥ β, or only when α > β
FAIL_MODES = ("soft", "hard")  # return the best value seen, or clamp it into the window


# ---- the checks: what a setting expects, said when a value is not that -------------------------------------------

class OneOf(Record, frozen=True):
    """One of the ``choices`` (a word)."""

    choices: tuple[str, ...]

    def __call__(self, value: Any) -> str | None:
        fine = isinstance(value, str) and value in self.choices
        return None if fine else f"expected one of {', '.join(self.choices)}"


class Whole(Record, frozen=True):
    """A whole number from ``low`` to ``high`` (``None``: no end), said in ``words``."""

    words: str
    low: int | None = None
    high: int | None = None

    def __call__(self, value: Any) -> str | None:
        fine = (not isinstance(value, bool) and isinstance(value, int)
                and (self.low is None or value >= self.low) and (self.high is None or value <= self.high))
        return None if fine else self.words


class Finite(Record, frozen=True):
    """A finite number from ``low`` to ``high`` (``None``: no end), said in ``words``."""

    words: str = "expected a finite number"
    low: float | None = None
    high: float | None = None

    def __call__(self, value: Any) -> str | None:
        fine = (_finite(value) and (self.low is None or value >= self.low)
                and (self.high is None or value <= self.high))
        return None if fine else self.words


def bounds_mistake(value: Any) -> str | None:
    """What leaf bounds (``rules: {bounds: [L, U]}``, ``--bounds L U``) expect when ``value`` is not that: two finite
    numbers, the lower first (L < U), else ``None``. The one rule of bounds, for Star1's chance nodes and max^n's
    vectors alike (every leaf value, or every component of a leaf's vector, lies in [L, U])."""
    if not isinstance(value, (list, tuple)) or len(value) != 2 or not all(map(_finite, value)):
        return "expected two finite numbers [L, U], the lowest and highest leaf values"
    if not value[0] < value[1]:
        return "expected the lower bound first and below the upper (L < U)"
    return None


def switch_mistake(value: Any) -> str | None:
    """What a switch (``--quiescence``, ``rules: {quiescence: true}``) expects when ``value`` is not that."""
    return None if isinstance(value, bool) else "expected true or false"


def _finite(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float)) and math.isfinite(value)


# ---- the table ---------------------------------------------------------------------------------------------------

class Setting(Record, frozen=True):
    """One setting of a search. ``default``: what the spec holds when it is not given (a setting of particular
    searches, ``own``, holds ``None`` where its search does not take it, and its default where it does).
    ``kind``: the spec field's type. ``flags``: the command line's, the first naming it in messages. ``help``:
    ``--help``'s text, ``{takers}`` being the searches that take it and ``{algorithms}`` those a command lists;
    ``compared``: the help of a command that compares several, where the setting may be given more than once
    (``repeat``) or as a list (``list``, ``10,100,1000``). ``where``: ``search`` (with the search's options),
    ``mcts`` (their Monte Carlo tree search group) or ``input`` (with the game position's: ``--depth``)."""

    name: str
    kind: str
    flags: tuple[str, ...]
    check: Callable[[Any], str | None]
    help: str
    default: Any = None
    own: bool = False
    rule: bool = True
    reads: str = "choice"
    metavar: str | tuple[str, ...] | None = None
    nargs: int | None = None
    aliases: dict[str, Any] = field(default_factory=dict)  # words the command line reads as a value
    where: str = "search"
    compared: tuple[str, str] | None = None  # (repeat or list, the help then)
    convert: Callable[[Any], Any] | None = None  # the value as the spec keeps it (bounds: a tuple)
    phrase: Callable[[Any], str | None] | None = None  # a value in words, as titles, reports and match headings
    # say it (None: not said, as a default that goes without saying; no phrase: never said in titles)

    @property
    def flag(self) -> str:
        """The flag messages name it by (``--tt-size``, ``-a``)."""
        return self.flags[0]

    @property
    def choices(self) -> tuple[str, ...] | None:
        return self.check.choices if isinstance(self.check, OneOf) else None

    def said(self, several: bool = False, listed: tuple[str, ...] | None = None) -> str:
        """Its ``--help`` text: for a command that compares ``several`` searches, or lists only the algorithms
        ``listed``."""
        text = self.compared[1] if several and self.compared else self.help
        return text.format(takers=", ".join(takers(self.name)), algorithms=", ".join(listed or ALGORITHMS))


def takers(name: str) -> list[str]:
    """The searches that take the setting of particular searches ``name`` (the registry's ``settings``)."""
    return [a for a, search in ALGORITHMS.items() if name in search.settings]


SETTINGS: dict[str, Setting] = {s.name: s for s in (
    Setting("algorithm", "str", ("-a", "--algorithm"), OneOf(tuple(ALGORITHMS)), metavar="ALG",
            default=DEFAULT_ALGORITHM, phrase=str, help=f"one of {{algorithms}} (default {DEFAULT_ALGORITHM})",
            compared=("repeat", f"one of {{algorithms}}; repeat to compare (default {DEFAULT_ALGORITHM})")),
    Setting("order", "str", ("--order",), OneOf(ORDERS), metavar="ORDER", default="natural", rule=False,
            phrase=lambda order: f"{order} move order",
            help=f"move order: {', '.join(ORDERS)} (default natural: as written or generated)",
            compared=("repeat", f"move order: {', '.join(ORDERS)}; repeat to compare (default natural)")),
    Setting("seed", "int", ("--seed",), Whole("expected a whole number"), default=0, reads="int",
            phrase=lambda seed: f"seed {seed}",
            help="seed for --order random and for MCTS's random choices (default 0)"),
    Setting("prune", "str", ("--prune",), OneOf(PRUNE_RULES), default="ge",
            phrase=lambda prune: "cut when α ≥ β" if prune == "ge" else "cut only when α > β",
            help="cut off when α ≥ β (ge, default) or only when α > β (gt)"),
    Setting("fail", "str", ("--fail",), OneOf(FAIL_MODES), default="soft", phrase=lambda fail: f"fail-{fail}",
            help="fail-soft (return the best value seen, default) or fail-hard (clamp to the window)"),
    Setting("depth", "float | None", ("--depth",), Whole(f"expected a whole number from 0 to {MAX_SEARCH_DEPTH:,}",
                                                        0, MAX_SEARCH_DEPTH),
            reads="whole", metavar="D", where="input", phrase=lambda depth: f"depth {format_number(depth)}",
            help="plies to search (default: a tree file's rules: or its leaves; a game's own depth)"),
    Setting("guess", "float | None", ("--guess",), Finite(), default=0, own=True, rule=False, reads="number",
            metavar="X", help="{takers}: the first guess at the value (default 0)"),
    Setting("tt_size", "int | None", ("--tt-size",), Whole("expected a whole number ≥ 1", 1), own=True, rule=False,
            reads="positive", metavar="N",
            help="{takers}: the transposition table's size in entries (default: unbounded)"),
    Setting("bounds", "tuple[float, float] | None", ("--bounds",), bounds_mistake, own=True, reads="number",
            nargs=2, metavar=("L", "U"), convert=tuple,
            phrase=lambda bounds: f"leaf values in [{format_number(bounds[0])}, {format_number(bounds[1])}]",
            help="{takers}: every leaf value (of a vector: each component) lies in [L, U], so Star1 prunes at "
                 "chance nodes, and max^n with a sum knows each player's least and most (a tree file may say rules: "
                 "{{bounds: [L, U]}})"),
    Setting("quiescence", "bool | None", ("--quiescence",), switch_mistake, own=True, reads="switch",
            phrase=lambda on: "quiescence search" if on else None,
            help="{takers}: past the depth limit, search on through the game's noisy moves (chess: captures and "
                 "promotions) until the position is quiet, the player to move free to stand pat on the evaluation "
                 "(a file's rules: may say quiescence: true)"),
    Setting("iterations", "int | None", ("--iterations",),
            Whole(f"expected a whole number from 1 to {MAX_ITERATIONS:,}", 1, MAX_ITERATIONS),
            default=DEFAULT_ITERATIONS, own=True, reads="whole", metavar="N", where="mcts",
            phrase=lambda count: f"{count:,} iteration{'s' if count != 1 else ''}",
            help=f"iterations (default {DEFAULT_ITERATIONS}; at most {MAX_ITERATIONS:,})",
            compared=("list", f"iterations, one row for each: 10,100,1000 (default {DEFAULT_ITERATIONS}; each at "
                              f"most {MAX_ITERATIONS:,})")),
    Setting("exploration", "float | None", ("--exploration",),
            Finite(f"expected a number from 0 to {MAX_EXPLORATION}", 0, MAX_EXPLORATION), default=EXPLORATION,
            own=True, reads="number", metavar="C", aliases={"sqrt2": EXPLORATION, "√2": EXPLORATION}, where="mcts",
            phrase=lambda c: f"C = {format_number(c, SETTING)}",
            help=f"UCB1's constant C, 0 to {MAX_EXPLORATION} (default √2 ≈ 1.41)"),
    Setting("rollout", "str | None", ("--rollout",), OneOf(ROLLOUTS), default="random", own=True, where="mcts",
            phrase={"random": "random playouts", "first": "first-move playouts",
                    "eval": "no playouts: evaluations"}.__getitem__,
            help="random moves to the end (default), always the first move, or none: the new node's evaluation "
                 "scaled into [0, 1]"),
    Setting("final", "str | None", ("--final",), OneOf(FINALS), default="robust", own=True, where="mcts",
            phrase={"max": "the highest mean chosen"}.get,  # robust goes without saying
            help="the move played: most visits (robust, default) or highest mean reward (max)"),
)}

OWN_SETTINGS = tuple(name for name, s in SETTINGS.items() if s.own)  # the settings of particular searches
FLAGS = {name: s.flag for name, s in SETTINGS.items()}  # how the command line names each
RULE_SETTINGS = tuple(name for name, s in SETTINGS.items() if s.rule)  # what a file's rules: may give


def phrase(name: str, value: Any) -> str:
    """The setting ``name``'s ``value`` in words (``cut when α ≥ β``, ``depth 2``, ``C = 1.41``): the one way
    titles, reports (:meth:`tracer.search.spec.SearchSpec.phrases`) and match headings
    (:meth:`tracer.play.players.SearchPlayer.describe`) say it; each decides only which settings it says."""
    return SETTINGS[name].phrase(value)  # type: ignore[misc]


def mistake(name: str, value: Any) -> str | None:
    """What the setting ``name`` expects, when ``value`` is not that (``expected one of ge, gt``), else ``None``: the
    one check of each setting, in the words every reader of it uses (a file's ``rules:``, a position file's
    ``depth:``, the command line, the spec); each reader adds where it was and what it got."""
    return SETTINGS[name].check(value)
