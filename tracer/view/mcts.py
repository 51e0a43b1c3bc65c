"""The family of Monte Carlo tree search, as the view sees it (part of the view stage): what each node keeps — its
visits N and total reward W (for the player who chose the move into it), whether the search has made it yet, and
the UCB1 total it was last selected by — how each event type changes that (:data:`FOLD`), and how each reads
(:data:`CAPTIONS`). The path of the iteration under way (or the last one) is the view's ``path``; its playout is
``playout``."""

from __future__ import annotations

from types import MappingProxyType

from ..numbers import RATIO, SETTING, STATISTIC, format_number, format_probability, rounded
from ..trace.events import (
    BackedUp, Expanded, FinalChoice, IterationStarted, PlayedOut, Sampled, Selected, StatsGiven,
)
from .captions import Step
from .look import KeyRow, Look
from .nodes import ACTIVE, DONE, Deciding, NodeView

W_N_BLANK = "____/____"  # a worksheet's blank for a node's W/N
W_N_MEANING = "W/N: wins / visits, W for the player who chose the move in; Q = W/N"  # under a figure's title
W_N_SHORT = "W/N: wins of the player who moved in / visits; Q = W/N"  # the same, under a deck's (a sixth narrower)
UNMADE_LINE = " "  # what a leaf the search never made writes where a made one writes W/N: a blank line, so that
# every leaf box is as tall as the made ones (the layout sizes a box by its lines)


def statistic(value: float) -> str:
    """W or N as a node shows it (:data:`~tracer.numbers.STATISTIC`): whole numbers plain, halves as ``2.5``,
    other rewards to two decimals."""
    return format_number(value, STATISTIC)


def ratio(value: float) -> str:
    """Q, a UCB term or a reward to two decimals (``0.60``; :data:`~tracer.numbers.RATIO`)."""
    return format_number(value, RATIO)


class VisitNode(NodeView, slots=False):
    """A node of Monte Carlo tree search: N, W (the chooser's), made by the search yet, and the UCB1 total it was
    last selected by. What the value family's readers ask of a node (a value, a window, a cutoff, a table's
    answer) is nothing here."""

    visits: int = 0
    wins: float = 0.0
    given: bool = False  # made from the tree file's starting statistics
    last_total: float | None = None  # the UCB1 total the node was last selected by
    value = window = cut = best_child = node_type = None  # what a search that backs up values keeps: nothing here
    leaf = from_table = False

    @property
    def mean(self) -> float | None:
        """Q = W / N (``None`` before a visit)."""
        return self.wins / self.visits if self.visits else None

    def reset(self) -> None:
        self.status = self.status  # the statistics of a node stay as they are: an iteration never forgets them

    def settled(self):
        return self.visits, self.wins

    def state(self) -> tuple:
        return (*NodeView.state(self), self.visits, self.wins, self.last_total)


# ---- the fold: one handler per event type ----------------------------------------------------------------------

def begin(view) -> None:
    """What the view keeps for the whole search besides its nodes: the iteration under way, its path from the
    root, its playout, the last selection and the final choice."""
    view.iteration, view.path, view.playout, view.selection, view.final_choice = 0, [], None, None, None
    view.given_stats, view.playouts = {}, []  # node -> (W, N) the tree file gives it; every playout so far


def _given(view, node: VisitNode, event: StatsGiven) -> None:
    node.status, node.visits, node.wins, node.given = DONE, event.visits, event.wins, True
    view.given_stats[event.node] = (event.wins, event.visits)


def _iteration(view, node: VisitNode, event: IterationStarted) -> None:
    for on_path in view.path:
        view.nodes[on_path].status = DONE
    view.iteration, view.path, view.playout = event.number, [0], None
    node.status = ACTIVE
    view.selection = None


def _selected(view, node: VisitNode, event: Selected) -> None:
    child = view.nodes[event.child]
    child.status = ACTIVE
    child.last_total = next(entry[5] for entry in event.children if entry[0] == event.child)
    view.path.append(event.child)
    view.selection = event


def _sampled(view, node: VisitNode, event: Sampled) -> None:
    view.nodes[event.child].status = ACTIVE
    view.path.append(event.child)


def _expanded(view, node: VisitNode, event: Expanded) -> None:
    node.status = ACTIVE
    view.path.append(event.node)


def _played_out(view, node: VisitNode, event: PlayedOut) -> None:
    view.playout = event
    view.playouts.append(event)


def _backed_up(view, node: VisitNode, event: BackedUp) -> None:
    for node_id, visits, wins in event.path:
        on_path = view.nodes[node_id]
        on_path.visits, on_path.wins = visits, wins


def _final(view, node: VisitNode, event: FinalChoice) -> None:
    for on_path in view.path:
        view.nodes[on_path].status = DONE
    node.status, node.best_child = DONE, event.child  # the search is over: its move is the root's best child
    if event.child is not None:
        view.nodes[event.child].best_child = None
    view.final_choice = event  # the last iteration's path stays: the finished diagram still shows it


FOLD = {StatsGiven: _given, IterationStarted: _iteration, Selected: _selected, Sampled: _sampled,
        Expanded: _expanded, PlayedOut: _played_out, BackedUp: _backed_up, FinalChoice: _final}


# ---- how each step reads ---------------------------------------------------------------------------------------

def _step(kind: str, value: str, note: str) -> Step:
    return Step(kind, value, note)


def _caption_given(view, event: StatsGiven):
    return _step("given", f"{statistic(event.wins)}/{event.visits}",
                 f"given before the search: W/N = {statistic(event.wins)}/{event.visits}")


def _caption_iteration(view, event: IterationStarted):
    return _step("iteration", "", f"iteration {event.number} starts at the root")


def _caption_selected(view, event: Selected):
    """``iteration 7: at A, UCT picks C: 0.60 + 1.41·√(ln 6 / 2) = 1.66; B 1.39, D 1.22``."""
    c = view.trace.spec.exploration
    chosen = next(entry for entry in event.children if entry[0] == event.child)
    _, visits, wins, mean, explore, total = chosen
    if not visits:  # given no visits before the search: UCB1 is +∞ (see tracer.search.mcts.scored)
        formula = "no visits yet, so ∞"
    else:
        formula = (f"{ratio(mean)} + {format_number(c, SETTING)}·√(ln {event.visits} / {statistic(visits)}) "
                   f"= {ratio(total)}")
    others = [f"{view.label(entry[0])} {ratio(entry[5]) if entry[1] else '∞'}" for entry in event.children
              if entry[0] != event.child]
    note = f"iteration {view.iteration}: at {view.label(event.node)}, UCT picks {view.label(event.child)}: {formula}"
    if others:
        note += "; " + ", ".join(others)
    return _step("select", ratio(total), note)


def _caption_sampled(view, event: Sampled):
    p = view.nodes[event.child].node.p
    chance = f" (p = {format_probability(p)})" if p is not None else ""
    return _step("chance", "", f"iteration {view.iteration}: chance draws {view.label(event.child)}{chance}")


def _caption_expanded(view, event: Expanded):
    return _step("expand", "", f"iteration {view.iteration}: {view.label(event.node)} joins the tree "
                               f"(the first untried child of {view.label(event.parent)})")


def _caption_played_out(view, event: PlayedOut):
    outcome = reward_words(view, event.reward)
    if event.how == "eval":
        note = f"no playout: {view.label(event.node)}'s evaluation gives MAX {ratio(event.reward)}{outcome}"
    elif event.how == "terminal":
        note = f"{view.label(event.node)} ends the game: MAX's reward {ratio(event.reward)}{outcome}"
    elif not event.moves:
        note = f"{view.label(event.node)} is the end of the game: MAX's reward {ratio(event.reward)}{outcome}"
    else:
        shown = " ".join(event.moves[:12]) + (" …" if len(event.moves) > 12 else "")
        moves = f"{len(event.moves):,} {view.trace.spec.rollout} move{'s' if len(event.moves) != 1 else ''}"
        cut = ", no end of the game: cut there, and its evaluation gives" if event.how == "cut" else ","
        note = f"playout from {view.label(event.node)}: {moves}{' (' + shown + ')' if shown else ''}{cut} MAX's " \
               f"reward {ratio(event.reward)}{outcome}"
    return _step("playout", ratio(event.reward), note)


def reward_words(view, reward: float) -> str:
    """`` (a win for MAX)`` in games, where rewards are results; nothing for a tree file's scaled leaf."""
    if not view.is_game:
        return ""
    return {1.0: " (MAX wins)", 0.0: " (MIN wins)", 0.5: " (a draw)"}.get(reward, "")


def _caption_backed_up(view, event: BackedUp):
    shown = [f"{view.label(node)} {statistic(wins)}/{visits}" for node, visits, wins in event.path]
    return _step("back-up", ratio(event.reward), f"back-up of {ratio(event.reward)} (MAX's): "
                                                 + ", ".join(reversed(shown)))


def _caption_final(view, event: FinalChoice):
    if event.child is None:
        return _step("choose", "", "no move to choose")
    visits, wins = next((v, w) for c, v, w in event.children if c == event.child)
    rule = "the most visits" if event.rule == "robust" else "the highest mean reward"
    return _step("choose", view.label(event.child),
                 f"the search ends (N = {event.iterations:,} at the root): {view.label(event.child)} has {rule}: "
                 f"{statistic(wins)}/{visits} (Q = {ratio(wins / visits)})")


CAPTIONS = {StatsGiven: _caption_given, IterationStarted: _caption_iteration, Selected: _caption_selected,
            Sampled: _caption_sampled, Expanded: _caption_expanded, PlayedOut: _caption_played_out,
            BackedUp: _caption_backed_up, FinalChoice: _caption_final}


# ---- how often a deck shows it ---------------------------------------------------------------------------------

def _iteration_ends(event, after) -> bool:
    """After each back-up and the final choice (and the last step)."""
    return isinstance(event, (BackedUp, FinalChoice)) or after is None


def _phase_ends(event, after) -> bool:
    """Also after each phase: the selection's last step, the expansion and the playout."""
    if _iteration_ends(event, after):
        return True
    if isinstance(event, (Selected, Sampled)):
        return not isinstance(after, (Selected, Sampled))
    return isinstance(event, (Expanded, PlayedOut))


STEP_MODES = MappingProxyType({"event": lambda event, after: True, "iteration": _iteration_ends, "phase": _phase_ends})


# ---- how it reads in a drawing, the step table and an export ---------------------------------------------------

def playout_text(event: PlayedOut, is_game: bool) -> str | None:
    """A playout's box: how many moves and the result (``None``: the node ended the game, no playout to draw)."""
    if event.how == "eval":
        what = "evaluation"
    elif event.how == "terminal" or not event.moves:
        return None
    elif event.how == "cut":
        what = f"{len(event.moves):,} moves, cut: evaluation"
    else:
        what = f"{len(event.moves)} {event.how} move{'s' if len(event.moves) != 1 else ''}"
    return f"playout: {what}\n{_outcome(event, is_game) or f'reward {ratio(event.reward)}'}"


def terse_playout(event: PlayedOut, is_game: bool) -> str | None:
    """A playout's box (:func:`playout_text`) as a slide short of room writes it: ``playout`` (``evaluation``, for
    a node evaluated without one) over its result, ``→ 0.83`` or ``→ MAX wins``, its moves left to the frame's
    caption, which says them. Two short lines where there were three wide ones: a box stands at the top of its
    level, beside the leaves, and three lines set the level's width and height."""
    if playout_text(event, is_game) is None:
        return None
    head = "evaluation" if event.how == "eval" else "playout"
    return f"{head}\n→ {_outcome(event, is_game) or ratio(event.reward)}"


def _outcome(event: PlayedOut, is_game: bool) -> str | None:
    """A game's playout played to its end, in words: ``MAX wins``, ``MIN wins`` or ``draw`` (else ``None``: a
    tree file's scaled leaf, or a playout cut and evaluated, gives a number)."""
    if not is_game or event.how == "cut":
        return None
    return {1.0: "MAX wins", 0.0: "MIN wins", 0.5: "draw"}.get(event.reward)


def _plural(count: int, word: str) -> str:
    return f"{count:,} {word}{'s' if count != 1 else ''}"


class VisitLook(Look):
    """Monte Carlo tree search's look: W/N in every node the search made (Q beside an inner one), the UCB1 total on
    each edge it was last selected by, the latest iteration's path, its playout, rarely visited children folded into
    one box, its settings on a line under the title."""

    ask = "write W/N in every node the search makes, and give the best move"
    takes = ("playouts", "min_visits")
    headers = ("step", "node", "iteration", "event", "W/N", "value", "note")
    right = (0, 2, 4, 5)
    key_rows = (
        KeyRow("mcts", "W/N", "wins / visits (W for the player who chose the move in); Q = W/N", after="more"),
        KeyRow("ucb", "UCB", "the UCB1 total Q + C·√(ln N / n) the child was last selected by", after="more"),
        KeyRow("path", "┃", "the latest iteration's path: thick red", after="more"),
        KeyRow("playout", "┄ □", "the playout from the new node, and its result", after="more"),
        KeyRow("rare", "⋯ n", "children visited fewer than --min-visits times, as one box", after="more"),
    )

    def value(self, view, node) -> str:
        if node.reached and node.children:
            return f"{statistic(node.wins)}/{node.visits}"
        return Look.value(self, view, node)

    def count(self, view, node, options) -> str:
        """A leaf the search made writes W/N in its box; one it never made keeps that line blank (the same box)."""
        if node.children:
            return ""
        return f"{statistic(node.wins)}/{node.visits}" if node.reached else UNMADE_LINE

    def notes(self, view, node) -> list[str]:
        return [f"Q={ratio(node.wins / node.visits)}"] if node.reached and node.visits and node.children else []

    def board_head(self, view, node, options) -> str:
        return f"{statistic(node.wins)}/{node.visits}" if node.reached else ""

    def board_value(self, view, node) -> str:
        return "" if node.reached else Look.board_value(self, view, node)

    def node_type(self, node, options) -> None:
        return None

    def blanks(self, view, node, value: str) -> tuple[str, str, list[str]]:
        """Every node may join the tree: each has W/N to fill (a leaf's under its value), and the tree file's
        statistics, from which the search goes on."""
        given = view.given_stats.get(node.id)
        notes = [f"before: {statistic(given[0])}/{given[1]}"] if given is not None else []
        return (W_N_BLANK, "", notes) if node.children else (value, W_N_BLANK, notes)

    def rare(self, final, node_id: int, least: int) -> bool:
        """A node visited fewer than ``least`` times by the end (never the move chosen)."""
        return final.nodes[node_id].visits < least and final.root.best_child != node_id

    def rare_text(self, view, final, rare: list[int]) -> str:
        made = [child for child in rare if final.nodes[child].reached]
        if not made:
            return ""
        size = sum(_made_below(final, child) for child in made)
        visits = sum(view.nodes[child].visits for child in made)
        return f"{_plural(size, 'node')}\n{_plural(visits, 'visit')}"

    def side_boxes(self, view, final, frame: bool, shown: set[int], options) -> list[tuple[str, int, str, str, bool]]:
        """The latest playout, from its node to a box with its moves and result (with ``playouts``; tersely, its
        result alone: see :func:`terse_playout`). A deck's frames keep one layout, so each node that plays out in
        the deck has its box in every frame, seen only while its playout is the iteration's."""
        latest = view.playout
        if frame:
            playouts = [event for event in final.playouts if event.node in shown]
        elif options.playouts and latest is not None and latest.node in shown:
            playouts = [latest]
        else:
            return []
        boxes = []
        for event in playouts:
            text = playout_text(event, view.is_game)
            if text is not None:
                boxes.append(("playout", event.node, text, terse_playout(event, view.is_game),
                              latest is None or latest.node != event.node))
        return boxes

    def edge_labels(self, view, child) -> list[str]:
        """The UCB1 total the child was last selected by."""
        return [f"UCB {ratio(child.last_total)}"] if child.last_total is not None and child.reached else []

    def taken(self, view, parent, child, marks_current: bool) -> bool:
        """The path of the iteration under way stands out."""
        return child.id in view.path and parent.id in view.path

    def subtitle(self, trace, rules: list[str], answer: bool, frame: bool = False) -> str:
        """The search and (``answer``) its best move, with its mean reward for MAX in a figure; in a deck's
        ``frame`` the move alone: its Q is drawn under it, and the last frame's caption says it (a slide's title
        block is as wide as its tree, and the reward would wrap the subtitle to a second line)."""
        if answer and trace.best_move is not None:
            reward = "" if frame else f" (mean reward for MAX {ratio(trace.value)})"
            return f"{trace.title}: best move {trace.best_move}{reward}"
        return trace.title

    def setting_notes(self, view, rules: list[str], frame: bool, legend: bool) -> list[str]:
        """Its settings on a line of their own, so that the title stays as narrow as the tree; the iteration in a
        deck's frame; what W/N means, unless the key says it: in a deck's last frame in the fewest words
        (:data:`W_N_SHORT`: a slide's title block is as wide as its tree, and a line wider than that is two)."""
        notes = [", ".join(rules)]
        if frame and not view.finished:
            notes.append(f"iteration {view.iteration:,} of {view.trace.spec.iterations:,}")
        elif not legend:
            notes.append(W_N_SHORT if frame else W_N_MEANING)
        return notes

    def asked(self, trace, paths: tuple[int, ...]) -> list[str]:
        """Whose terms W is in, and the iterations whose path the worksheet asks (``paths``)."""
        lines = ["W for the player who chose the move into the node (the root's: its own player's); N: visits"]
        if paths:
            lines.append(f"give the path of iteration{'s' if len(paths) > 1 else ''} {', '.join(map(str, paths))}: "
                         "from the root to the node expanded (or the end of the game reached)")
        return lines

    def key_shown(self, nodes, edges, options) -> dict[str, bool]:
        kinds = {node.kind for node in nodes}
        return {"mcts": True, "ucb": any(label.startswith("UCB") for edge in edges for label in edge.labels),
                "path": any(edge.taken for edge in edges), "playout": "playout" in kinds, "rare": "rare" in kinds}

    def row(self, view, event, step) -> tuple[str, ...]:
        """The iteration, and the event's node's W/N just after the step."""
        node = view.nodes[event.node]
        counts = f"{statistic(node.wins)}/{node.visits}" if node.visits else ""
        return (str(view.step), view.label(event.node), str(view.iteration or ""), step.kind, counts, step.value,
                step.note)

    def summary(self, trace) -> str:
        return (f"{trace.algorithm}: best move {trace.best_move}, mean reward for MAX "
                f"{format_number(trace.value, rounded(4))}")

    def export_fields(self, node) -> dict:
        """N, W (the chooser's) and Q = W/N (absent for a node never visited)."""
        fields = {"visits": node.visits, "wins": float(node.wins)}
        if node.visits:
            fields["mean"] = node.wins / node.visits
        return fields


def _made_below(final, node_id: int) -> int:
    """How many nodes the search made in the subtree of ``node_id`` (itself included), by the end."""
    count, pending = 0, [node_id]
    while pending:
        node = final.nodes[pending.pop()]
        if node.reached:
            count += 1
            pending.extend(node.children)
    return count


VISIT_LOOK = VisitLook()


# ---- what its exercises ask, generate and grade (read by tracer.exercises) -------------------------------------

ITEMS = ("visits", "wins", "selected")  # the items of its answers and keys: N, W and each iteration's path
GRADED = ("statistics", "best_move", "selected")  # what grade scores, in its order (statistics: N and W of a node)
KEYED = ("visits", "wins", "selected")  # what a generated key states besides the value and the move
SCORING = ("one point per item the key asks for, the same maximum for every answer: N and W of each node the "
           "search makes (W for the player who chose the move into the node), the best move, and the path of "
           "each iteration the key asks for; an item you do not give scores 0; a decimal W matches when the "
           "search's W rounded to the digits you wrote gives it (1.33 for 4/3), a whole number or a fraction "
           "must be exact; what the key does not ask for is pointed out, not scored")


class VisitDeciding(Deciding):
    """The steps that decide what an exercise asks of Monte Carlo tree search: a node's N and W, its last back-up
    (or the tree file's statistics given it); an iteration's path, its expansion (or the end of the game it
    reached), with the step that went to each node of it; the best move, the final choice."""

    def __init__(self) -> None:
        super().__init__()
        self._down: list[int] = []  # the steps of the iteration under way that went down a node (its path's)

    def see(self, view, event) -> None:
        kind, step = type(event), view.step
        if kind is BackedUp:
            self.statistics.update((entry[0], step) for entry in event.path)
        elif kind is StatsGiven:
            self.statistics[event.node] = step
        elif kind is IterationStarted:
            self._down, self.iterations = [step], event.number
        elif kind in (Selected, Sampled, Expanded):
            self._down.append(step)
        if kind is Expanded or kind is PlayedOut and event.how == "terminal":
            self.paths[view.iteration] = (list(view.path), self._down + [step])
        elif kind is FinalChoice:
            self.chosen = step
