"""What every node of the view holds, whatever the search (part of the view stage): where it stands in the tree,
and where the search is with it (reached yet, on the search path, done or pruned; its visit number and pass). A
family of searches adds what its nodes keep besides (:class:`Family`): the searches that back up values keep a
value, a window and a bound (:mod:`.values`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from ..records import Record, field
from ..trace.trace import TraceNode
from .look import VALUE_LOOK, Look

TYPE_CHECKING = False  # (typing's constant: typing is not imported to run tracer, only to check it)
if TYPE_CHECKING:
    from typing import Any

# A node's status at a step of the search.
UNREACHED, ACTIVE, DONE, PRUNED = "unreached", "active", "done", "pruned"


class NodeView(Record, eq=False, slots=True, compiled=True):
    """One node at one step of the search: the part every family of searches shares."""

    node: TraceNode
    children: list[int] = field(default_factory=list)
    position: int = 0  # 1 for the first child of its parent, 2 for the second, ...
    subtree_size: int = 1
    # what the search has done here so far (reset when the node is entered again, in a later pass)
    status: str = UNREACHED
    visit: int | None = None  # 1 for the root, in the order nodes were entered (the last entry's number)
    pass_number: int = 1  # the pass that last reached or pruned the node
    waiting: bool = False  # left with children still to search (Star2's probe): a cutoff above keeps what it found

    def reset(self) -> None:
        """Forget what an earlier pass found here: the node is searched again (a family forgets its own state too)."""
        self.status, self.waiting = UNREACHED, False

    def settled(self) -> Any:
        """What the search established here, as it is left (kept by the view over every pass)."""
        return None

    @property
    def id(self) -> int:
        return self.node.id

    @property
    def pruned(self) -> bool:
        return self.status == PRUNED

    @property
    def done(self) -> bool:
        return self.status == DONE

    @property
    def reached(self) -> bool:
        return self.status != UNREACHED

    def state(self) -> tuple:
        """Everything the search has established here, for comparing two views."""
        return self.status, self.visit, self.pass_number


if TYPE_CHECKING:  # (the callbacks a family gives, as annotations name them)
    Handler = Callable[[Any, Any, Any], None]  # (view, node view or None for a pass, event): change the view as it does
    Caption = Callable[[Any, Any], tuple]  # (view, event) -> Step, read just after the event is folded
    Ends = Callable[[Any, Any], bool]  # (event, the next event or None): whether a deck's frame follows the event

# How often a deck shows a search that walks the tree node by node: after every event, after each event that
# leaves a node (a leaf evaluated, a node exited), or after each cutoff; the last step always ends a frame.
NODE_STEPS = MappingProxyType({"event": lambda event, after: True,
                               "node": lambda event, after: event.leaves_node or after is None,
                               "cutoff": lambda event, after: event.cuts or after is None})


class Family(Record, frozen=True):
    """A family of searches, as the view sees it: the class of its nodes (a :class:`NodeView` with the state the
    family keeps per node), how each of its event types changes that state (``fold``: run after the view's own
    bookkeeping of status, visits, passes and counts), how each reads (``captions``), how its nodes and edges are
    drawn, its table rows and export fields (``look``), and how often a deck shows it (``step_modes``, by name, and
    ``default_step_mode``; a step-through player, ``player_step_mode``). A trace is folded by the family its registry entry names (:func:`tracer.view.family_of`);
    a new family is a module group and one entry in :data:`tracer.view.FAMILIES`."""

    name: str
    node_class: type[NodeView]
    fold: dict[type, Handler]
    captions: dict[type, Caption]
    begin: Callable[[Any], None] = lambda view: None  # sets up what the family keeps for the whole search
    bound_now: Callable[[Any, Any], Any] | None = None  # (view, node view) -> the Bound of its value so far
    # (None: the value family's, tracer.view.values.bound_now)
    look: Look = VALUE_LOOK  # how its nodes, edges, key, titles, table rows and export fields read (.look)
    step_modes: Mapping[str, Ends] = field(default_factory=lambda: NODE_STEPS)  # how often a deck may show it (--step), each mode's frame ends
    default_step_mode: str = "node"  # how often a deck shows it unless told: a frame per node decision (a leaf
    # evaluated, a node left), a lecture's deck; "event" frames every α, β and value update too
    player_step_mode: str = "event"  # how often a step-through player shows it unless told: every step, so that
    # each row of its step table (every event) and each #step=N link lands on a frame of its own
    # what its exercises ask, generate and grade (tracer.exercises reads these, and never asks which family it has)
    items: tuple[str, ...] = ()  # the items of its own an answer key or an answer may give (tracer.inputs.answers;
    # every search has the value, the best move and the counts of nodes and leaves)
    graded: tuple[str, ...] = ("best_move",)  # the kinds of items grade scores, in grade's order (each graded by
    # one function of tracer.exercises.grade; "statistics" is N and W of each node; every search chooses a move)
    keyed: tuple[str, ...] = ()  # what a generated answer key states besides the value and the best move
    scoring: str = "one point per item the key asks for: the best move"  # grade's rule, as every report states it
    statistics: bool = False  # its nodes keep visits and rewards (N and W), not values: every node has W/N boxes,
    # a sheet says how a leaf's value becomes a reward, and a saved trace's statistics must be what its steps make
    decides: Callable[[], "Deciding"] = lambda: Deciding()  # makes a fresh recorder of the steps that decide
    # what the view does not keep (tracer.exercises.facts feeds it every step of one replay)

    def knows(self, event_types) -> bool:
        return all(kind in self.fold for kind in event_types)


class Deciding:
    """Which step decides each fact an exercise asks that the view does not keep itself (it keeps the steps that
    entered, left, evaluated and pruned each node): :meth:`see` is called after every step of one replay. A family
    records what its exercises ask (the searches that back up values: each node's type as it is entered; Monte
    Carlo tree search: each node's last back-up, each iteration's path, the final choice); the rest stays empty."""

    def __init__(self) -> None:
        self.node_types: dict[int, str] = {}  # node -> its type as it was last entered, in any pass
        self.statistics: dict[int, int] = {}  # node -> the last step that set its N and W (a back-up, or given)
        self.paths: dict[int, tuple[list[int], list[int]]] = {}  # iteration -> (its path, the step to each node;
        # its last: the step that decides the path, its expansion or the end of the game it reached)
        self.chosen: int | None = None  # the step of the search's final choice
        self.iterations = 0  # how many iterations it made (Monte Carlo tree search's)

    def see(self, view, event) -> None:
        """Record what the step just folded into ``view`` (the event ``event``) decides."""
