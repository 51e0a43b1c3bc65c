"""What a command searches: a root, the depth to search it to, and what to say about it in traces (made by
:func:`tracer.inputs.load_problem` from a tree file, a position file or a game named on the command line)."""

from __future__ import annotations

from ..model.trees import Tree
from ..records import Record, field

TYPE_CHECKING = False  # (typing's constant: typing is not imported to run tracer, only to check it)
if TYPE_CHECKING:
    from typing import Any
    from ..model.game import GameState


class Problem(Record):
    """A root to search, with the depth to search it to and what to say about it in traces."""

    root: GameState
    depth: float
    meta: dict[str, Any] = field(default_factory=dict)
    game: Any = None
    rules: dict[str, Any] = field(default_factory=dict)  # the file's rules: block, checked
    expect: Any = None  # the file's expect: block as YAML nodes (read by tracer.inputs.answers), or None
    tree: Tree | None = None  # a tree file's tree (whole, before any depth limit)
    notes: list[str] = field(default_factory=list)  # what the command line changed of the file's rules
    max_nodes: int | None = None  # the nodes a trace of it may hold (--max-nodes; None: no limit)

    @property
    def name(self) -> str:
        return self.meta["name"]

    def fresh_root(self) -> GameState:
        """The root again, with the game's caches emptied, so that each timed search starts cold."""
        if self.game is None:
            return self.root
        clear = getattr(self.game, "clear_caches", None)
        if clear is not None:
            clear()
        return self.game.rooted(self.game.position(self.meta["position"]))
