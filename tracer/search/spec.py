"""The search specification: what to search with, as one typed value. It is resolved once (the defaults, then a
file's ``rules:``, then the command line: :func:`resolve`), checked once (one message per mistake), stored in the
trace (as its JSON ``options``) and asked by every later stage: ``spec.strict_pruning``, ``spec.fail_hard``,
``spec.prunes``, never a string."""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from itertools import product
from typing import Any, Mapping

from ..errors import SearchOptionError
from ..model.state import UNLIMITED
from ..numbers import SETTING, format_number
from .algorithms import Rules
from .mcts import DEFAULT_ITERATIONS, EXPLORATION, MCTS_SETTINGS, setting_mistake
from .ordering import ORDERS
from .registry import ALGORITHMS, DEFAULT_ALGORITHM, Algorithm, algorithm as find_algorithm

MAX_SEARCH_DEPTH = 1_000_000  # plies: deeper than any search that finishes; larger numbers are typos or attacks
PRUNE_RULES = ("ge", "gt")  # cut when α ≥ β, or only when α > β
FAIL_MODES = ("soft", "hard")  # return the best value seen, or clamp it into the window
CHOICES = {"algorithm": tuple(ALGORITHMS), "prune": PRUNE_RULES, "fail": FAIL_MODES, "order": ORDERS}
# the settings of particular algorithms (Algorithm.settings names them)
OWN_SETTINGS = ("guess", "tt_size", "iterations", "exploration", "rollout", "final", "bounds")
MCTS_DEFAULTS = dict(zip(MCTS_SETTINGS, (DEFAULT_ITERATIONS, EXPLORATION, "random", "robust")))
FLAGS = {"algorithm": "-a", "prune": "--prune", "fail": "--fail", "depth": "--depth", "order": "--order",
         "seed": "--seed", "guess": "--guess", "tt_size": "--tt-size", "iterations": "--iterations",
         "exploration": "--exploration", "rollout": "--rollout", "final": "--final",
         "bounds": "--bounds"}  # how the command line names each


def mistake(name: str, value: Any) -> str | None:
    """What the setting ``name`` (``algorithm``, ``prune``, ``fail``, ``order``, ``depth``) expects, when
    ``value`` is not that (``expected one of ge, gt``), else ``None``: the one check of each setting, in the words
    every reader of it uses (a file's ``rules:``, a position file's ``depth:``, the command line, the spec); each
    reader adds where it was and what it got."""
    if name == "depth":
        if not isinstance(value, bool) and isinstance(value, int) and 0 <= value <= MAX_SEARCH_DEPTH:
            return None
        return f"expected a whole number from 0 to {MAX_SEARCH_DEPTH:,}"
    if name in MCTS_SETTINGS:
        return setting_mistake(name, value)
    if name == "seed":
        return None if not isinstance(value, bool) and isinstance(value, int) else "expected a whole number"
    if name == "bounds":
        return bounds_mistake(value)
    choices = CHOICES[name]
    return None if isinstance(value, str) and value in choices else f"expected one of {', '.join(choices)}"


def bounds_mistake(value: Any) -> str | None:
    """What leaf bounds (``rules: {bounds: [L, U]}``, ``--bounds L U``) expect when ``value`` is not that: two finite
    numbers, the lower first (L < U), else ``None``."""
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or any(isinstance(end, bool) or not isinstance(end, (int, float)) or not math.isfinite(end)
                   for end in value)):
        return "expected two finite numbers [L, U], the lowest and highest leaf values"
    if not value[0] < value[1]:
        return "expected the lower bound first and below the upper (L < U)"
    return None


@dataclass(frozen=True)
class SearchSpec:
    """One search, fully said: the algorithm, the rules textbooks disagree on (``prune``: ``ge`` or ``gt``;
    ``fail``: ``soft`` or ``hard``), the depth (``None``: to the leaves or the end of the game), the move order
    and its seed, and the algorithm's own settings (MTD(f)'s first ``guess``; the table size ``tt_size`` of
    MTD(f), SSS* and iterative deepening). Made only valid: a mistake is a :class:`SearchOptionError` that says
    what is wrong.

    ``recorded``: read from a saved trace, whose algorithm may be one this tracer does not know (a trace describes
    itself), so the algorithm's own facts are not asked of the registry."""

    algorithm: str = DEFAULT_ALGORITHM
    prune: str = "ge"
    fail: str = "soft"
    depth: float | None = None
    order: str = "natural"
    seed: int = 0
    guess: float | None = None
    tt_size: int | None = None
    iterations: int | None = None  # Monte Carlo tree search's: how many iterations (default 100)
    exploration: float | None = None  # ... UCB1's constant C (default √2)
    rollout: str | None = None  # ... random, first or eval (default random)
    final: str | None = None  # ... robust (most visits) or max (highest mean) (default robust)
    bounds: tuple[float, float] | None = None  # expectiminimax's: every leaf value lies in [L, U] (Star1 prunes)
    recorded: bool = field(default=False, compare=False, repr=False)
    recorded_prunes: bool | None = field(default=None, compare=False, repr=False)  # unknown recorded algorithms

    def __post_init__(self):
        for name in ("prune", "fail", "order", "depth"):
            value = getattr(self, name)
            wrong = None if name == "depth" and value in (None, UNLIMITED) else mistake(name, value)
            if wrong is not None:
                raise SearchOptionError(f"{name}: {wrong}, got {value!r}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise SearchOptionError(f"seed: expected a whole number, got {self.seed!r}")
        if self.guess is not None and (isinstance(self.guess, bool) or not isinstance(self.guess, (int, float))
                                       or not math.isfinite(self.guess)):
            raise SearchOptionError(f"guess: expected a finite number, got {self.guess!r}")
        if self.tt_size is not None and (isinstance(self.tt_size, bool) or not isinstance(self.tt_size, int)
                                         or self.tt_size < 1):
            raise SearchOptionError(f"tt_size: expected a whole number ≥ 1, got {self.tt_size!r}")
        if self.bounds is not None:
            wrong = bounds_mistake(self.bounds)
            if wrong is not None:
                raise SearchOptionError(f"bounds: {wrong}, got {self.bounds!r}")
            object.__setattr__(self, "bounds", tuple(self.bounds))
        for name in MCTS_SETTINGS:
            value = getattr(self, name)
            wrong = None if value is None else setting_mistake(name, value)
            if wrong is not None:
                raise SearchOptionError(f"{name}: {wrong}, got {value!r}")
        if self.recorded and self.algorithm not in ALGORITHMS:
            return
        search = find_algorithm(self.algorithm)  # an unknown name is one line listing the known
        for name in OWN_SETTINGS:
            if getattr(self, name) is not None and name not in search.settings:
                raise SearchOptionError(_not_taken(name, [self.algorithm]))
        if "guess" in search.settings and self.guess is None:
            object.__setattr__(self, "guess", 0)  # MTD(f)'s first guess unless told
        for name, default in MCTS_DEFAULTS.items():
            if name in search.settings and getattr(self, name) is None:
                object.__setattr__(self, name, default)
        if not search.depth_limited:
            object.__setattr__(self, "depth", None)  # plays out to the end of the game
        search.refuse(self.rules)

    # ---- what later stages ask ----------------------------------------------------------------------------
    @property
    def search(self) -> Algorithm | None:
        """The registry's entry for the algorithm (``None`` only for a recorded algorithm this tracer lacks)."""
        return ALGORITHMS.get(self.algorithm)

    @property
    def rules(self) -> Rules:
        """The prune rule and fail mode, as the searches' inner loops read them."""
        return Rules(self.prune, self.fail)

    @property
    def prunes(self) -> bool:
        """The search prunes (takes the rules; α and β are part of its trace)."""
        if self.search is None:
            return bool(self.recorded_prunes)
        return self.search.prunes_with(self.bounds)

    @property
    def strict_pruning(self) -> bool:
        """Cut only when α > β (``--prune gt``)."""
        return self.prunes and self.prune == "gt"

    @property
    def fail_hard(self) -> bool:
        """Values clamped into the node's window (``--fail hard``)."""
        return self.prunes and self.rules.fail_hard

    @property
    def search_depth(self) -> float:
        """The depth as the searches take it: :data:`UNLIMITED` for no limit."""
        return UNLIMITED if self.depth is None else self.depth

    @property
    def settings(self) -> dict[str, Any]:
        """The algorithm's own settings that are set (``guess``, ``tt_size``; MCTS's ``iterations``,
        ``exploration``, ``rollout``, ``final`` and its ``seed``), as the search function takes them."""
        own = {name: getattr(self, name) for name in OWN_SETTINGS if getattr(self, name) is not None}
        if self.bounds is not None:
            own["bounds"] = list(self.bounds)  # as JSON writes it; the search takes any pair
        if self.search is not None and "seed" in self.search.settings:
            own["seed"] = self.seed
        return own

    @property
    def samples(self) -> bool:
        """Monte Carlo tree search: the trace keeps visits and rewards, not values."""
        return self.search is not None and self.search.family == "mcts" or self.iterations is not None

    def phrases(self) -> list[str]:
        """The search's rules as titles and reports write them: ``cut when α ≥ β``, ``fail-soft``, ``depth 2``,
        ``random move order, seed 3``."""
        phrases = []
        if self.prunes:
            phrases.append("cut when α ≥ β" if self.prune == "ge" else "cut only when α > β")
            phrases.append(f"fail-{self.fail}")
        if self.depth is not None:
            phrases.append(f"depth {format_number(self.depth)}")
        if self.samples:
            phrases.append(f"{self.iterations:,} iteration{'s' if self.iterations != 1 else ''}")
            phrases.append(f"C = {format_number(self.exploration, SETTING)}")
            phrases.append({"random": "random playouts", "first": "first-move playouts",
                            "eval": "no playouts: evaluations"}[self.rollout])
            if self.final == "max":
                phrases.append("the highest mean chosen")
            phrases.append(f"seed {self.seed}")
        if self.bounds is not None:
            phrases.append(f"leaf values in [{format_number(self.bounds[0])}, {format_number(self.bounds[1])}]")
        if self.order != "natural":
            seed = f", seed {self.seed}" if self.order == "random" and not self.samples else ""
            phrases.append(f"{self.order} move order{seed}")
        return phrases

    # ---- the trace's JSON options -------------------------------------------------------------------------
    def as_options(self) -> dict[str, Any]:
        """The JSON ``options`` of a saved trace: ``depth`` always (null: no limit); ``prune`` and ``fail`` for
        searches that prune; ``guess`` and ``tt_size`` where set; ``order`` unless natural, with ``seed`` for
        random."""
        options: dict[str, Any] = {"depth": self.depth}
        if self.prunes:
            options.update(self.rules.as_dict())
        options.update(self.settings)
        if self.order != "natural":
            options["order"] = self.order
            if self.order == "random":
                options["seed"] = self.seed
        return options

    @classmethod
    def from_options(cls, algorithm: str, options: Mapping[str, Any]) -> "SearchSpec":
        """A saved trace's ``options`` read back (old traces too: what is absent takes its default; keys of no
        setting are ignored)."""
        known = {name: options[name] for name in ("prune", "fail", "depth", "order", "seed", *OWN_SETTINGS)
                 if options.get(name) is not None}
        return cls(algorithm, **known, recorded=True, recorded_prunes="prune" in options)


def _not_taken(name: str, algorithms: list[str]) -> str:
    takers = [a for a, search in ALGORITHMS.items() if name in search.settings]
    return f"{FLAGS[name]} is for -a {' or -a '.join(takers)}, not -a {' -a '.join(algorithms)}"


def resolve(rules: Mapping[str, Any] | None = None, given: Mapping[str, Any] | None = None,
            depth: float | None = None) -> tuple[list[SearchSpec], list[str]]:
    """The searches asked for, resolved once: the defaults, then a file's ``rules:`` (``algorithm``, ``prune``,
    ``fail``), then what was ``given`` on the command line (``None``: not given; ``algorithm`` and ``order`` may be
    lists, to compare several: one spec per algorithm × order; so may ``iterations``: one spec per count for the
    algorithms that take it). ``depth``: the problem's (the file's or game's,
    as the command line overrode it; ``None`` or UNLIMITED: no limit). Returns the specs and a note for each
    setting given that overrides the file's rules. An own setting (``guess``, ``tt_size``) that none of the
    algorithms takes is a mistake; one that some take goes to those."""
    rules, given = rules or {}, given or {}
    notes, chosen = [], {}
    for name, default in (("algorithm", DEFAULT_ALGORITHM), ("prune", "ge"), ("fail", "soft"), ("order", "natural"),
                          ("seed", 0)):
        value = given.get(name)
        values = None if value is None else list(value) if isinstance(value, (list, tuple)) else [value]
        if values and name in rules and rules[name] not in values:
            shown = " ".join(f"{FLAGS[name]} {v}" for v in values)
            notes.append(f"{shown} overrides the file's rules ({name}: {rules[name]})")
        chosen[name] = values or [rules.get(name, default)]
    for name in OWN_SETTINGS:
        if given.get(name) is not None and not any(name in find_algorithm(a).settings for a in chosen["algorithm"]):
            raise SearchOptionError(_not_taken(name, chosen["algorithm"]))
    own = {name: given[name] if given.get(name) is not None else rules.get(name) for name in OWN_SETTINGS}
    depth = None if depth is None or depth == UNLIMITED else depth
    counts = own["iterations"] if isinstance(own["iterations"], (list, tuple)) else [own["iterations"]]
    specs = []
    for algorithm, order in product(chosen["algorithm"], chosen["order"]):
        takes = find_algorithm(algorithm).settings
        for iterations in counts if "iterations" in takes else [None]:
            settings = {name: own[name] for name in OWN_SETTINGS if name in takes}
            if "iterations" in takes:
                settings["iterations"] = iterations
            specs.append(SearchSpec(algorithm, chosen["prune"][0], chosen["fail"][0], depth, order,
                                    chosen["seed"][0], **settings))
    return specs, notes


def as_spec(algorithm: "str | SearchSpec" = DEFAULT_ALGORITHM, *, depth: float | None = None,
            rules: Rules | None = None, order: str | None = None, seed: int | None = None,
            settings: Mapping[str, Any] | None = None) -> SearchSpec:
    """The spec the Python API's keywords say: ``algorithm`` (a name, or a spec the other keywords change),
    ``depth`` (UNLIMITED or ``None``: no limit), ``rules``, ``order``, ``seed``, and ``settings`` (the
    algorithm's own; ``None`` values and those the algorithm does not take are left out)."""
    spec = algorithm if isinstance(algorithm, SearchSpec) else SearchSpec(algorithm)
    changes: dict[str, Any] = {}
    if depth is not None:
        changes["depth"] = None if depth == UNLIMITED else depth
    if rules is not None:
        changes.update(prune=rules.prune, fail=rules.fail)
    if order is not None:
        changes["order"] = order
    if seed is not None:
        changes["seed"] = seed
    takes = find_algorithm(spec.algorithm).settings
    changes.update({name: value for name, value in (settings or {}).items()
                    if (name in OWN_SETTINGS or name == "seed") and name in takes and value is not None})
    return replace(spec, **changes) if changes else spec
