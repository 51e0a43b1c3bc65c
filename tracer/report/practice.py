"""Exercises → one self-contained practice page: each exercise's tree drawn as the worksheet draws it, boxes for
the answers, "Check" (scored item by item by ``tracer grade``'s rules), "Why?" (the first departure, opened in an
embedded step-through player), "Show the search", answers kept in the browser and downloaded as an answer file
``tracer grade`` reads with the same score.

What each exercise asks and how each item is scored is :func:`tracer.exercises.practice_sheet.practice_sheet`'s; the
page itself (its markup, script and style) is :mod:`tracer.render.practice_page`'s, an output beside the player; this
writer gathers each exercise's data for it.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from ..errors import TracerError
from ..exercises.check_keys import search
from ..exercises.facts import SearchFacts
from ..exercises.practice_sheet import practice_sheet
from ..inputs.answers import MAX_DIGITS, NOTATIONS, read_claims
from ..inputs.problem import Problem
from ..inputs.trees import without_key
from ..render.deck import Deck, make_deck
from ..render.dot import scene_to_dot
from ..render.drawing import check_fits, fitted
from ..render.player import players_and_drawings
from ..render.practice_page import drawing_data, page_html
from ..render.scene import DrawOptions
from ..search.spec import SearchSpec
from ..trace.trace import Trace

UNSAFE_IN_COMMENT = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")  # what would end a YAML comment's line


@dataclass
class PracticeExercise:
    """One exercise for the page: the problem and the search it is about, where it came from (``file``, as ``tracer
    grade`` is to be given it, and its ``text``, offered for download without its key), and the commands a student runs to grade
    the downloaded answers (``grade``) and, for a generated exercise, to make the tree again (``regenerate``)."""

    problem: Problem
    spec: SearchSpec
    file: str
    text: str
    grade: str
    regenerate: str = ""


def practice_html(exercises: list[PracticeExercise], title: str = "Practice", player: bool = True) -> str:
    """The practice page for ``exercises`` (``player``: embed each search's step-through player, for "Why?" and
    "Show the search"; the players' drawings are made together, in one batch of Graphviz runs)."""
    made = [exercise_data(exercise, index) for index, exercise in enumerate(exercises, 1)]
    decks = [_deck(trace) if player else None for _, trace in made]
    players, drawings = players_and_drawings([deck for deck in decks if deck is not None],
                                             [data["drawing"] for data, _ in made])
    players = iter(players)
    for (data, _), deck, drawn in zip(made, decks, drawings):
        data["drawing"] = drawing_data(drawn)
        data["player"] = None if deck is None else next(players)
    data = {"title": title, "exercises": [data for data, _ in made],
            "reader": {"notations": NOTATIONS, "max_digits": MAX_DIGITS}}  # what the page's reader says, as grade
    return page_html(title, data)


def exercise_data(exercise: PracticeExercise, index: int) -> tuple[dict, Trace]:
    """One exercise as the page's script reads it (its ``player`` still None, its ``drawing`` the worksheet's
    pinned DOT, drawn with the others: :func:`worksheet_source`), and the search's trace."""
    trace = search(exercise.problem, exercise.spec)
    facts = SearchFacts(trace)
    key = None if exercise.problem.expect is None else read_claims(exercise.problem.expect, exercise.file, facts)
    sheet = practice_sheet(facts, key, exercise.file)
    drawn = worksheet_source(trace, DrawOptions(question=True, leaf_names=True, asked_paths=tuple(sheet["paths"])))
    name = exercise.problem.meta.get("title") or trace.name
    comments = [f"tracer practice: answers to exercise {index}, {name} ({exercise.file})",
                f"grade them: {exercise.grade}"]
    if exercise.regenerate:
        comments.append(f"the tree: {exercise.regenerate}")
    return {
        "index": index, "title": str(name), "file": exercise.file, "name": file_stem(exercise.file),
        "key": hashlib.sha256(f"{exercise.text}\n{sheet['search']}".encode("utf-8")).hexdigest()[:24],
        "sheet": sheet, "drawing": drawn, "text": without_key(exercise.text, exercise.file),
        "comments": [UNSAFE_IN_COMMENT.sub(" ", line) for line in comments],
        "player": None,
        "rewards": reward_rule(exercise.problem) if facts.family.statistics else "",  # leaves become rewards
    }, trace


def worksheet_source(trace: Trace, options: DrawOptions) -> str:
    """The pinned DOT of the exercise's drawing, as ``render_bytes(trace, "svg", options=options)`` draws it (fitted,
    and refused if too large, as there), for Graphviz to draw with the page's other drawings in one batch."""
    fit = fitted(trace, options)
    check_fits(fit.page, fit.options, "svg", None)
    return scene_to_dot(fit.scene, fit.layout, fit.page)


def reward_rule(problem: Problem) -> str:
    """How an exercise on Monte Carlo tree search turns a leaf's value into a reward, in words (the rule is
    :class:`tracer.search.mcts.Rewards`'s): ``a leaf's value v gives MAX the reward v / 4 …``."""
    from ..search.mcts import Rewards
    from ..numbers import format_number

    rewards = Rewards(problem.root)
    chooser = "W adds up the rewards of the player who chose the move into the node."
    if not rewards.explicit:
        return f"Rewards: the end of a game gives MAX 1 for a win, ½ for a draw and 0 for a loss, and MIN 1 minus " \
               f"that. {chooser}"
    low, high = rewards.low, rewards.high
    if low == high:
        return f"Rewards: every leaf has the value {format_number(low)}, so every playout gives ½. {chooser}"
    shifted = "v" if low == 0 else f"(v − {format_number(low)})" if low > 0 else f"(v + {format_number(-low)})"
    return (f"Rewards: a leaf of value v gives MAX the reward {shifted} / {format_number(high - low)} (the leaves run "
            f"from {format_number(low)}, reward 0, to {format_number(high)}, reward 1), and MIN 1 minus that. "
            f"{chooser}")


def _deck(trace: Trace) -> Deck | None:
    """The deck of the search's step-through player (every step; every iteration for Monte Carlo tree search), or
    None when it would be too large to draw (laid out for a player: see :func:`.deck.player_fit`)."""
    from ..view import default_step_mode, frame_steps

    try:
        return make_deck(trace, frame_steps(trace, default_step_mode(trace, player=True)), player=True)
    except (TracerError, ValueError):
        return None


def file_stem(path: str) -> str:
    """A download's name from the exercise's file: its stem, letters, digits, ``_ + - .`` only."""
    stem = re.sub(r"\.ya?ml$", "", path.replace("\\", "/").rsplit("/", 1)[-1], flags=re.I)
    return re.sub(r"[^\w+.-]", "_", stem)[:80].lstrip(".") or "exercise"


