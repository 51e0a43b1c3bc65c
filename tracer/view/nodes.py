"""What every node of the view holds, whatever the search (part of the view stage): where it stands in the tree,
and where the search is with it (reached yet, on the search path, done or pruned; its visit number and pass). A
family of searches adds what its nodes keep besides (:class:`Family`): the searches that back up values keep a
value, a window and a bound (:mod:`.values`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..trace.trace import TraceNode

# A node's status at a step of the search.
UNREACHED, ACTIVE, DONE, PRUNED = "unreached", "active", "done", "pruned"


@dataclass(eq=False)
class NodeView:
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


Handler = Callable[[Any, Any, Any], None]  # (view, node view or None for a pass, event): change the view as it does
Caption = Callable[[Any, Any], tuple]  # (view, event) -> Step, read just after the event is folded


@dataclass(frozen=True)
class Family:
    """A family of searches, as the view sees it: the class of its nodes (a :class:`NodeView` with the state the
    family keeps per node), how each of its event types changes that state (``fold``: run after the view's own
    bookkeeping of status, visits, passes and counts), and how each reads (``captions``). A trace is folded by the
    first family (:data:`tracer.view.FAMILIES`) that knows every event type in it."""

    name: str
    node_class: type[NodeView]
    fold: dict[type, Handler]
    captions: dict[type, Caption]
    begin: Callable[[Any], None] = lambda view: None  # sets up what the family keeps for the whole search
    bound_now: Callable[[Any, Any], Any] | None = None  # (view, node view) -> the Bound of its value so far
    # (None: the value family's, tracer.view.values.bound_now)

    def knows(self, event_types) -> bool:
        return all(kind in self.fold for kind in event_types)
