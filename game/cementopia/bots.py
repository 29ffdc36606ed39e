"""Cementopia bots: `random`, `easy` (greedy on the score now) and `hard` (the solver), plus the
hint. Every bot sees the view only: the deck order it plays against is its own guess."""

from __future__ import annotations

import random
import time

from ..bots import Level
from ..bots import RandomBot as _RandomBot
from . import solver
from .setup import Action
from .view import CementopiaView

Move = tuple  # (card, x, y, count_with, count), as CementopiaState.moves() gives them


def action_of(move: Move, legal: list) -> Action:
    """The legal action for a solver move (the same placement, the same neighbour counted)."""
    action = Action(*move[:4])
    if action in legal:
        return action
    # only when the caller filtered `legal`: the same placement, else anything offered
    for other in legal:
        if other[:3] == action[:3]:
            return other
    return legal[0]


class RandomBot(_RandomBot):
    def __init__(self, seed: int | None = None, think: float | None = None,
                 iterations: int | None = None):
        super().__init__(seed, think)


class EasyBot:
    """Greedy: the placement whose network scores most right now; among those, the one that
    leaves the most legal placements for the rest of the hand."""

    name = "easy"

    def __init__(self, seed: int | None = None, think: float | None = None,
                 iterations: int | None = None):
        self.rng = random.Random(seed)

    def decide(self, view: CementopiaView, legal: list):
        state = view.sample_state(self.rng)
        best, choices = None, []
        for move in solver.distinct_moves(state):
            child = state.clone()
            child.place(move[0], move[1], move[2], move[4])
            value = (child.score(), len(child.moves()) if child.outcome is None else 0)
            if best is None or value > best:
                best, choices = value, [move]
            elif value == best:
                choices.append(move)
        if not choices:
            return self.rng.choice(legal)
        return action_of(self.rng.choice(choices), legal)


class HardBot:
    """The solver: the best-looking placements are each tried against guessed deck orders
    (shuffles of the unseen cards, never the real order) followed by two greedy replies; the best
    mean wins. `iterations` = guessed orders per decision (fixed by default, so games replay
    the same); with `think` (seconds) it guesses until the time is up instead."""

    name = "hard"
    WIDTH, SAMPLES, DEPTH = 6, 6, 2
    MAX_SAMPLES = 64  # with a think time

    def __init__(self, seed: int | None = None, think: float | None = None,
                 iterations: int | None = None):
        self.rng = random.Random(seed)
        self.think = think
        if iterations is not None:
            self.samples = iterations
        else:
            self.samples = self.SAMPLES if think is None else self.MAX_SAMPLES

    def _rank(self, view: CementopiaView):
        state = view.sample_state(self.rng)
        deadline = None
        if self.think is not None:
            stop = time.monotonic() + self.think
            deadline = lambda: time.monotonic() >= stop  # noqa: E731
        return state, solver.lookahead(state, self.rng, self.WIDTH, self.samples, self.DEPTH,
                                       deadline=deadline)

    def decide(self, view: CementopiaView, legal: list):
        _, ranked = self._rank(view)
        return action_of(ranked[0][1], legal) if ranked else self.rng.choice(legal)

    def suggest(self, view: CementopiaView, legal: list) -> tuple[Action, str, str]:
        """The hint: the move the solver would play, why in board words, and the solver's
        figures for a detail line."""
        state, ranked = self._rank(view)
        if not ranked:  # only when `legal` does not come from this view
            return legal[0], "No placement fits; this is the only one offered.", ""
        move = ranked[0][1]
        detail = (f"Solver: the best of {len(ranked)} placement{'s' if len(ranked) != 1 else ''} "
                  f"tried on guessed deck orders (value {ranked[0][0]:.1f}"
                  + (f"; next best {ranked[1][0]:.1f})." if len(ranked) > 1 else ")."))
        return action_of(move, legal), explain(state, move), detail


def cards_words(cards: list[int]) -> str:
    names = [f"the {c}" for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def spot_words(state, x: int, y: int) -> str:
    """Where a spot is, by the cards beside it: "right of the 12", "between the 12 and the 5"."""
    beside = state.neighbours(x, y)
    left = [card for card, side, _ in beside if side < 0]  # the new card stands right of these
    right = [card for card, side, _ in beside if side > 0]
    if left and right:
        return f"between {cards_words(left)} and {cards_words(right)}"
    if left:
        return f"right of {cards_words(left)}"
    return f"left of {cards_words(right)}" if right else "on its own"


def explain(state, move: Move) -> str:
    """Why a placement is good, in words a player can check on the table: the spot by the cards
    beside it, the counter it pays, dead ends it closes, what the rest of the hand can still pay."""
    card, x, y, other, count = move
    near = state.front[(x, y)][4]
    closes = [n for n, _ in near if state.adj[n] == 1]
    after = state.counters[count - 1] - 1
    pairs = f"{count} facing pair{'s pay' if count > 1 else ' pays'}"
    counted = "" if len(near) == 1 else f" and count the {other}"
    uses = "its last use" if after == 0 else f"{after} use{'' if after == 1 else 's'} left"
    parts = [f"Put the {card} {spot_words(state, x, y)}{counted}: {pairs} counter {count} "
             f"({uses})."]
    if closes:
        parts.append(f"It closes the dead end at the {closes[0]}." if len(closes) == 1 else
                     f"It closes {len(closes)} dead ends.")
    child = state.clone()
    child.place(card, x, y, count)
    if child.outcome is not None:
        parts.append(f"That completes the puzzle with {child.score()} points.")
    else:
        payable = sorted({m[4] for m in child.moves()})
        if payable:
            parts.append("Your other hand cards can still pay counter"
                         f"{'s' if len(payable) > 1 else ''} "
                         f"{', '.join(map(str, payable))}.")
        else:
            parts.append("No other hand card fits yet: the next draw has to.")
    return " ".join(parts)


LEVELS: dict[str, Level] = {"random": RandomBot, "easy": EasyBot, "hard": HardBot}
