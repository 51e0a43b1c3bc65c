"""Scene → its key (part of the render stage): the rows a drawing's key lists, only what the drawing shows, in one
order for every drawing and deck. The shared rows are :data:`KEY_ROWS`; a family of searches adds its own
(:attr:`tracer.view.look.Look.key_rows`, each placed after a shared row) and says which of them a drawing shows."""

from __future__ import annotations

from ..model.state import Player
from ..search.bounds import Bound
from ..view.vectors import named_players
from .style import PLAYER_FILLS

WINDOW, SLIDE_WINDOW = "α β", "[α, β]"  # the key's symbol for the windows, as a figure and as a slide writes them

TABLE_NOTE = "⊞ table"  # beside a node answered from the transposition table
PROBE_NOTE = "probe: 1st child"  # beside a node Star2 probed and never searched in full

# Every row a key can have whatever the family, in the order a key lists them (a family's rows go in after the
# row they name; a deck's key is the union of its frames' keys, in this order).
KEY_ROWS = {
    "max": ("▲", "MAX node (triangle)"),
    "max board": ("▲ MAX", "a position with MAX to move (blue)"),
    "min": ("▽", "MIN node (inverted triangle)"),
    "min board": ("▽ MIN", "a position with MIN to move (orange)"),
    "chance": ("○", "chance node (circle): its children averaged, weighted by the probabilities on the edges"),
    "marked": ("▣", "the move just played (yellow cells)"),
    "leaf": ("□", "leaf (box)"),
    "current": ("◎", "this step's node: double red outline"),
    "unreached": ("░", "faint: not reached yet"),
    "revealed": ("…", "not reached yet: hidden, each node appears when the search reaches it"),
    "pruned": ("┄", "pruned: dashed and faded, never searched"),
    "stub": ("✂ n", "n children a cutoff skipped, drawn as one box"),
    "below": ("⋯ n", "n nodes searched below the drawn depth"),
    "best": ("━", "best line: thick edges and outlines"),
    "cut": ("✂", "cutoff: the remaining children are skipped"),
    "bound": ("≤ 2", "a bound: the search stopped early"),
    "window": (WINDOW, "the window when the node was left"),
    "window now": (WINDOW, "the window as it stands"),
    "negamax": ("−(v)", "negamax: a child's value, negated for the parent"),
    "researched": ("↻", "searched again: its null-window test failed high (the bound it proved)"),
    "table": ("⊞", "answered from the transposition table, not searched below"),
    "probe": ("probe", "Star2's probe: only the first child searched, a bound on the node"),
    "visits": ("#4", "visit order"),
    "flag": ("✗", "a wrong or missing answer: double outline, the answer given under it"),
    "more": ("+n more", "children left out of the drawing"),
}


def key_rows(look) -> dict[str, tuple[str, str]]:
    """Every row a key of the family whose look is ``look`` can have, in order: the shared rows, each followed by
    the family's rows placed after it."""
    rows = {}
    for name, row in KEY_ROWS.items():
        rows[name] = row
        rows.update((own.name, (own.symbol, own.meaning)) for own in look.key_rows if own.after == name)
    return rows


def player_fill(trace, player: str) -> tuple[str, str]:
    """The fill of a named player's nodes and its colour's name (:data:`PLAYER_FILLS`, in turn)."""
    return PLAYER_FILLS[named_players(trace).index(player) % len(PLAYER_FILLS)]


def key_of(view, options, frame: bool, nodes, edges) -> list[tuple[str, str]]:
    """The key of a drawing of ``view`` (``nodes``, ``edges``: its scene's): only what it shows, in the order of
    :func:`key_rows`; a game of named players adds a row per player whose node is drawn."""
    shown = {**_node_rows(nodes), **_mark_rows(nodes), **_edge_rows(edges), **_view_rows(view, options, frame, nodes),
             **view.family.look.key_shown(nodes, edges, options)}
    players = named_players(view.trace)
    if players:  # a game of named players: each player's row says whose node it is, not MAX's triangle
        shown["max"] = shown["min"] = False
    rows = [(row[0], options.flag_key) if name == "flag" and options.flag_key else row
            for name, row in key_rows(view.family.look).items() if shown.get(name)]
    return rows + [(f"■ {player}", f"{player} to move (named under it; {player_fill(view.trace, player)[1]})")
                   for player in players if any(node.fill and node.notes[:1] == [player] for node in nodes)]


def _node_rows(nodes) -> dict[str, bool]:
    """The rows the nodes' kinds and players call for."""
    kinds = {node.kind for node in nodes}
    boards = [node for node in nodes if node.kind == "board"]
    return {
        "max": "max" in kinds, "min": "min" in kinds, "chance": "chance" in kinds, "leaf": "leaf" in kinds,
        "stub": "stub" in kinds, "below": "below" in kinds, "more": "more" in kinds,
        "max board": any(node.player is Player.MAX for node in boards),
        "min board": any(node.player is Player.MIN for node in boards),
        "marked": any(node.board is not None and node.board.marked for node in boards),
    }


def _edge_rows(edges) -> dict[str, bool]:
    return {"best": any(edge.best for edge in edges), "cut": any(edge.cut for edge in edges)}


def _mark_rows(nodes) -> dict[str, bool]:
    """The rows the nodes' marks call for."""
    return {
        "current": any(node.current for node in nodes),
        "unreached": any(node.faded and not node.dashed and not node.hidden and node.kind not in ("more", "below")
                         for node in nodes),
        "revealed": any(node.hidden for node in nodes),
        "pruned": any(node.dashed and node.kind != "stub" for node in nodes),
        "bound": any(node.value.startswith((Bound.UPPER, Bound.LOWER)) for node in nodes),
        "flag": any(node.flag for node in nodes),
    }


def _view_rows(view, options, frame: bool, nodes) -> dict[str, bool]:
    """The rows the nodes' windows and notes, and the options, call for."""
    windows = any(node.window for node in nodes)
    notes = [note for node in nodes for note in node.notes]
    return {
        "window": windows and not frame, "window now": windows and frame,
        "negamax": view.mover_terms,
        "researched": any(note.startswith("↻") for note in notes),
        "table": TABLE_NOTE in notes, "probe": PROBE_NOTE in notes,
        "visits": options.visits,
    }
