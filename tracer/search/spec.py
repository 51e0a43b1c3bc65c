"""The search specification: what to search with, as one typed value. It is resolved once (the defaults, then a
file's ``rules:``, then the command line: :func:`resolve`), checked once (one message per mistake), stored in the
trace (as its JSON ``options``) and asked by every later stage: ``spec.strict_pruning``, ``spec.fail_hard``,
``spec.prunes``, never a string."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import product

from ..errors import SearchOptionError
from ..model.state import UNLIMITED
from ..model.trees import has_chance, has_named_players
from ..records import Record, RecordType, field, replace
from .algorithms import Rules
from .registry import ALGORITHMS, DEFAULT_ALGORITHM, Algorithm, algorithm as find_algorithm
# FAIL_MODES, PRUNE_RULES, MAX_SEARCH_DEPTH, FLAGS and mistake are read from here too, as before the table
from .settings import FAIL_MODES, FLAGS, MAX_SEARCH_DEPTH, OWN_SETTINGS, PRUNE_RULES, SETTINGS, bounds_mistake  # noqa
from .settings import mistake, phrase, takers  # noqa: F401

TYPE_CHECKING = False  # (typing's constant: typing is not imported to run tracer, only to check it)
if TYPE_CHECKING:
    from typing import Any


def _fields_from_the_table() -> type:
    """A record of a field for each setting of :data:`SETTINGS`, in the table's order: the first fields of
    :class:`SearchSpec`, which extends it. Each field's default is the setting's (``None`` for a setting of
    particular searches, filled in where the search takes it). Only the algorithm may be given by position."""
    annotations = {name: setting.kind for name, setting in SETTINGS.items()}
    defaults = {name: field(default=None if setting.own else setting.default, kw_only=name != "algorithm")
                for name, setting in SETTINGS.items()}
    return RecordType("Settings", (Record,), {"__annotations__": annotations, **defaults,
                                              "__module__": __name__, "__qualname__": "Settings"}, frozen=True)


class SearchSpec(_fields_from_the_table()):
    """One search, fully said: a field for each setting of :data:`tracer.search.settings.SETTINGS` (the algorithm,
    the rules textbooks disagree on, ``prune``: ``ge`` or ``gt``, ``fail``: ``soft`` or ``hard``; the depth,
    ``None``: to the leaves or the end of the game; the move order and its seed; and the settings of particular
    searches: MTD(f)'s first ``guess``, the table size ``tt_size``, MCTS's ``iterations``, ``exploration``,
    ``rollout`` and ``final``, the leaf ``bounds`` Star1 and max^n prune with). Made only valid: a mistake is a
    :class:`SearchOptionError` that says what is wrong. Only the algorithm may be given by position.

    ``recorded``: read from a saved trace, whose algorithm may be one this tracer does not know (a trace describes
    itself), so the algorithm's own facts are not asked of the registry."""

    recorded: bool = field(default=False, compare=False, repr=False, kw_only=True)
    recorded_prunes: bool | None = field(default=None, compare=False, repr=False, kw_only=True)  # unknown recorded
    # algorithms

    def __post_init__(self):
        for name, setting in SETTINGS.items():
            value = getattr(self, name)
            unset = value is None and (setting.own or setting.default is None)  # not given (depth: no limit)
            if name == "algorithm" or unset or name == "depth" and value == UNLIMITED:
                continue  # the algorithm is looked up below
            wrong = setting.check(value)
            if wrong is not None:
                raise SearchOptionError(f"{name}: {wrong}, got {value!r}")
            if setting.convert is not None:
                object.__setattr__(self, name, setting.convert(value))
        if self.recorded and self.algorithm not in ALGORITHMS:
            return
        search = find_algorithm(self.algorithm)  # an unknown name is one line listing the known
        for name in OWN_SETTINGS:
            if getattr(self, name) is not None and name not in search.settings:
                raise SearchOptionError(_not_taken(name, [self.algorithm]))
            if name in search.settings and getattr(self, name) is None:
                object.__setattr__(self, name, SETTINGS[name].default)  # its default, where the search takes it
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
    def seeded(self) -> bool:
        """Its own random choices come from the seed (the registry says it takes one: Monte Carlo tree search)."""
        return self.search is not None and "seed" in self.search.settings

    def phrases(self) -> list[str]:
        """The search's rules as titles and reports write them: ``cut when α ≥ β``, ``fail-soft``, ``depth 2``,
        the settings of its own that the table gives words (``leaf values in [0, 6]``, ``100 iterations``; not
        MTD(f)'s guess or the table's size), ``random move order, seed 3``."""
        said = (["prune", "fail"] if self.prunes else []) + (["depth"] if self.depth is not None else [])
        said += [name for name in OWN_SETTINGS if getattr(self, name) is not None and SETTINGS[name].phrase]
        phrases = [words for words in (phrase(name, getattr(self, name)) for name in said) if words]
        if self.seeded:
            phrases.append(phrase("seed", self.seed))  # its random choices' seed
        if self.order != "natural":
            seed = f", {phrase('seed', self.seed)}" if self.order == "random" and not self.seeded else ""
            phrases.append(phrase("order", self.order) + seed)
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
        known = {name: options[name] for name in SETTINGS if name != "algorithm" and options.get(name) is not None}
        return cls(algorithm, **known, recorded=True, recorded_prunes="prune" in options)


def _not_taken(name: str, algorithms: list[str]) -> str:
    return f"{FLAGS[name]} is for -a {' or -a '.join(takers(name))}, not -a {' -a '.join(algorithms)}"


# the settings every search has, resolved before the searches are chosen (the depth is the problem's)
COMMON_SETTINGS = tuple(name for name, setting in SETTINGS.items() if not setting.own and setting.where != "input")


CHANCE_ALGORITHM = "expectiminimax"  # the search tracer chooses for chance moves: the one that averages them
VECTORS_ALGORITHM = "maxn"  # and for a game of named players (each leaf a vector of utilities)


def default_algorithm(root=None) -> str:
    """The search tracer chooses when neither the command line (-a) nor the file's ``rules:`` names one: for a
    ``root`` (a tree's or a game's) whose leaves are vectors of named players' utilities, max^n; with chance moves,
    expectiminimax; else (and with no root) alpha-beta. The one place that chooses."""
    if root is None:
        return DEFAULT_ALGORITHM
    if has_named_players(root):
        return VECTORS_ALGORITHM
    return CHANCE_ALGORITHM if has_chance(root) else DEFAULT_ALGORITHM


def resolve(rules: Mapping[str, Any] | None = None, given: Mapping[str, Any] | None = None,
            depth: float | None = None, root=None) -> tuple[list[SearchSpec], list[str]]:
    """The searches asked for, resolved once: the defaults (the algorithm: :func:`default_algorithm` of ``root``,
    the problem's root), then a file's ``rules:`` (``algorithm``, ``prune``,
    ``fail``), then what was ``given`` on the command line (``None``: not given; ``algorithm`` and ``order`` may be
    lists, to compare several: one spec per algorithm × order; so may ``iterations``: one spec per count for the
    algorithms that take it). ``depth``: the problem's (the file's or game's,
    as the command line overrode it; ``None`` or UNLIMITED: no limit). Returns the specs and a note for each
    setting given that overrides the file's rules. An own setting (``guess``, ``tt_size``) that none of the
    algorithms takes is a mistake; one that some take goes to those."""
    rules, given = rules or {}, given or {}
    notes, chosen = [], {}
    for name in COMMON_SETTINGS:
        value = given.get(name)
        values = None if value is None else list(value) if isinstance(value, (list, tuple)) else [value]
        if values and name in rules and rules[name] not in values:
            shown = " ".join(f"{FLAGS[name]} {v}" for v in values)
            notes.append(f"{shown} overrides the file's rules ({name}: {rules[name]})")
        default = default_algorithm(root) if name == "algorithm" else SETTINGS[name].default
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
            common = {name: chosen[name][0] for name in COMMON_SETTINGS if name not in ("algorithm", "order")}
            specs.append(SearchSpec(algorithm, order=order, depth=depth, **common, **settings))
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
                    if name in SETTINGS and name in takes and value is not None})
    return replace(spec, **changes) if changes else spec
