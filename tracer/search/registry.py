"""What tracer knows about each search, in one place: its command-line name, title, whether it prunes (takes
:class:`Rules`), in whose terms its values are, whether it makes several passes from the root or averages at
chance nodes, the counts it reports, the settings of its own it takes, and whether it refuses fail-hard. Every other
module asks these facts here, never by comparing names. Traces copy the title and terms, so a saved trace reads the
same whatever code reads it."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Callable

from ..errors import SearchOptionError
from ..model.state import UNLIMITED
from .algorithms import (
    STANDARD, Rules, alphabeta, expectiminimax, iterative_deepening, maxn, minimax, mtdf, negamax, negamax_ab,
    paranoid, pvs, sss, star2,
)
from .mcts import mcts
from ..numbers import stored
from ..records import Record
from ..text import MAXN
from .tracers import NO_TRACER, NullTracer

TYPE_CHECKING = False  # (typing's constant: typing is not imported to run tracer, only to check it)
if TYPE_CHECKING:
    from typing import Any
    from ..model.game import GameState


@contextlib.contextmanager
def no_garbage_collection():
    """Pause the cyclic garbage collector while a search runs: a search makes many small objects that live until
    it ends (a game's shared positions, a recording's record) and no cycles, so the collector's passes over them
    find nothing to free (untraced, they were a twentieth of a Connect Four search's work; recording, more than the
    record's making).

    What was made meanwhile (positions, the record, a trace's nodes) lives as long as the search's root or its
    trace: it is moved to the oldest generation as the collector resumes (``gc.freeze`` then ``gc.unfreeze`` do
    that, and nothing else, when nothing was frozen before), so the collector's next pass over the young objects
    does not walk it all at once."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            if not gc.get_freeze_count():  # (objects someone froze on purpose stay frozen: then no promotion)
                gc.freeze()
                gc.unfreeze()
            gc.enable()


MAX_TERMS, MOVER_TERMS = "max", "mover"  # values as MAX sees them, or as the player to move at each node does
DEFAULT_ALGORITHM = "alphabeta"  # the search tracer runs unless told otherwise


class Algorithm(Record, frozen=True):
    """A search as the command line and the trace name it."""

    name: str
    function: Callable[..., tuple[float, Any]]
    title: str
    pruning: bool  # takes Rules; α and β are part of its trace
    terms: str = MAX_TERMS  # MAX_TERMS or MOVER_TERMS (negamax)
    chance: bool = False  # searches chance nodes: averages (expectiminimax) or samples them (MCTS); the others refuse
    # them
    counts: tuple[str, ...] = ()  # the counts of its own that stats reports (as extra keys)
    settings: tuple[str, ...] = ()  # the settings of its own it takes: guess (MTD(f)'s first guess), tt_size;
    # MCTS's iterations, exploration, rollout, final (and the spec's seed, which every random choice comes from);
    # bounds on the leaf values: expectiminimax's (with them it prunes by Star1), max^n's (each component's);
    # quiescence (alpha-beta's, past the depth limit, through the game's noisy moves)
    family: str = "values"  # the view's family of its trace (tracer.view.FAMILIES): "values" backs up values,
    # "mcts" keeps visits and rewards; "vectors" backs up vectors of utilities, one per player (max^n)
    depth_limited: bool = True  # takes --depth (MCTS plays out to the end of the game instead)
    soft_only: bool = False  # needs fail-soft values (MTD(f), SSS*: see refuse)
    anytime: bool = False  # takes stop(), asked between iterations: it can end early with a move (a time budget)
    node_types: bool = False  # Knuth and Moore's node types (PV, CUT, ALL) apply: a depth-first alpha-beta search
    # that opens each pass at the root with its whole window (not the null windows of MTD(f) and SSS*)
    vectors: bool = False  # searches games of named players, each leaf a vector of utilities (max^n, paranoid);
    # only these take them, and they take nothing else
    student_form: str = ""  # how test-search calls a student's function of this search ("": it checks none)

    @property
    def keeps_table(self) -> bool:
        """Searches with a transposition table: their memory grows with the nodes they search, by design."""
        return "tt_size" in self.settings

    @property
    def keeps_first_move(self) -> bool:
        """Among moves of equal value, the search returns the first in the state's move order (iterative deepening
        tries the table's best move first; MTD(f) and SSS* return the move whose test proved the value: either may
        return another of them)."""
        return not self.keeps_table

    @property
    def budget(self) -> str:
        """What its work is counted in: ``"nodes"`` it visits, or ``"iterations"`` (Monte Carlo tree search: each a
        playout from the root, as many as asked for with --iterations, whatever the tree)."""
        return "iterations" if self.family == "mcts" else "nodes"

    @property
    def finds_minimax_value(self) -> bool:
        """Its value is the tree's minimax (or expectiminimax) value, which every such search finds alike at one
        depth: not Monte Carlo tree search's estimate, nor max^n's vector, nor paranoid's value for one player."""
        return self.family == "values" and not self.vectors

    @property
    def backs_up_numbers(self) -> bool:
        """Backs up one number per node (for MAX, the mover or paranoid's root player), so a game's ends can be
        scored by their distance (quicker wins): not visits and rewards, nor vectors of utilities."""
        return self.family == "values"

    @property
    def negamax(self) -> bool:
        """Values in the terms of the player to move (so it assumes the players alternate)."""
        return self.terms == MOVER_TERMS

    @property
    def several_passes(self) -> bool:
        """Searches the root more than once (MTD(f), SSS*, iterative deepening): ``--pass K`` applies."""
        return self.family == "values" and ("passes" in self.counts or "iterations" in self.counts)

    def prunes_with(self, bounds, total=None) -> bool:
        """Whether the search can prune: alpha-beta's kin always (they take :class:`Rules`; α and β are part of
        their trace), expectiminimax when it is given ``bounds`` on the leaf values (Star1 at its chance nodes, with
        the rules), max^n when the tree declares the ``total`` every leaf's vector adds up to (Korf's pruning, which
        ``bounds`` only tighten, without the rules)."""
        return (self.pruning or (self.chance and "bounds" in self.settings and bounds is not None)
                or (self.family == "vectors" and total is not None))

    def refuse(self, rules: Rules) -> None:
        """Refuse rules the search cannot run under: MTD(f) and SSS* need fail-soft values."""
        if self.soft_only and rules.fail_hard:
            raise SearchOptionError(f"-a {self.name} moves its bound to what each null-window test returns, and a "
                                    "fail-hard test returns only its window's edge: the bound would move by 1 a "
                                    "pass (and SSS*'s never come down from +∞); use --fail soft")

    def run(self, root: GameState, depth: float = UNLIMITED, tracer: NullTracer = NO_TRACER,
            rules: Rules = STANDARD, settings: dict[str, Any] | None = None,
            stop: Callable[[], bool] | None = None) -> tuple[float, Any]:
        """Run the search; the value comes back in MAX's terms whatever the algorithm, as a trace stores it (an exact
        value as its float, :func:`tracer.numbers.stored`). ``settings``: values for
        the algorithm's own settings (the others are ignored; ``None`` values mean the default). ``stop``: for an
        :attr:`anytime` search, asked between iterations whether to end now."""
        self.refuse(rules)
        own = {name: value for name, value in (settings or {}).items() if name in self.settings and value is not None}
        if stop is not None:
            assert self.anytime, f"{self.name} cannot be stopped early"
            own["stop"] = stop
        # (Monte Carlo tree search's own tree is cyclic, parents and children, and garbage once it has answered)
        with no_garbage_collection() if self.family != "mcts" else contextlib.nullcontext():
            if self.prunes_with(own.get("bounds")):
                value, move = self.function(root, depth, tracer, rules, **own)
            else:
                value, move = self.function(root, depth, tracer, **own)
        if self.negamax:
            value = root.player.sign * value
        return stored(value), move


ALGORITHMS: dict[str, Algorithm] = {
    a.name: a
    for a in (
        Algorithm("minimax", minimax, "Minimax", pruning=False, student_form="minimax(state, depth)"),
        Algorithm("alphabeta", alphabeta, "Alpha-beta", pruning=True, node_types=True, settings=("quiescence",),
                  student_form="alphabeta(state, depth, alpha, beta)"),
        Algorithm("negamax", negamax, "Negamax", pruning=False, terms=MOVER_TERMS),
        Algorithm("negamax-ab", negamax_ab, "Negamax with alpha-beta", pruning=True, terms=MOVER_TERMS,
                  node_types=True, settings=("quiescence",)),
        Algorithm("pvs", pvs, "Principal variation search", pruning=True, terms=MOVER_TERMS, counts=("researches",),
                  node_types=True, settings=("quiescence",)),
        Algorithm("mtdf", mtdf, "MTD(f)", pruning=True, counts=("passes", "tt_probes", "tt_hits"),
                  settings=("guess", "tt_size"), soft_only=True),
        Algorithm("sss", sss, "SSS* (as MT-SSS*)", pruning=True, counts=("passes", "tt_probes", "tt_hits"),
                  settings=("tt_size",), soft_only=True),
        Algorithm("id", iterative_deepening, "Iterative deepening with a transposition table", pruning=True,
                  counts=("iterations", "tt_probes", "tt_hits"), settings=("tt_size",), node_types=True),
        Algorithm("expectiminimax", expectiminimax, "Expectiminimax", pruning=False, chance=True,
                  settings=("bounds",), student_form="expectiminimax(state, depth)"),
        Algorithm("star2", star2, "Star2 (probing first)", pruning=False, chance=True,
                  settings=("bounds",)),
        Algorithm("maxn", maxn, MAXN, pruning=False, settings=("bounds",), family="vectors", vectors=True),
        Algorithm("paranoid", paranoid, "Paranoid (alpha-beta for the root's player against the rest)",
                  pruning=True, vectors=True, node_types=True),
        Algorithm("mcts", mcts, "Monte Carlo tree search (UCT)", pruning=False, chance=True, counts=("iterations",),
                  settings=("iterations", "exploration", "rollout", "final", "seed"), family="mcts",
                  depth_limited=False, anytime=True),
    )
}


OWN_COUNTS = tuple(dict.fromkeys(count for search in ALGORITHMS.values() for count in search.counts))
PRUNING = tuple(name for name, search in ALGORITHMS.items() if search.pruning)  # the searches that prune
IN_MAX_TERMS = tuple(name for name, search in ALGORITHMS.items() if not search.negamax)


def chance_search() -> Algorithm:
    """The search that averages at chance nodes (what a game with dice needs)."""
    return next(search for search in ALGORITHMS.values() if search.chance)


def vector_search() -> Algorithm:
    """The search that backs up vectors of utilities, one per named player (max^n)."""
    return next(search for search in ALGORITHMS.values() if search.family == "vectors")


def algorithm(name: str) -> Algorithm:
    """Look an algorithm up by its command-line name."""
    try:
        return ALGORITHMS[name]
    except KeyError:
        choices = ", ".join(ALGORITHMS)
        raise SearchOptionError(f"unknown algorithm {name!r} (choose from {choices})") from None
