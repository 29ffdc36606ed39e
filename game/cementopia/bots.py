"""Cementopia bots: `random`, `easy` (greedy on the score now) and `hard` (the solver), plus the
hint. Every bot sees the view only: the deck order it plays against is its own guess."""

from __future__ import annotations

import random
import time

from ..bots import Level
from ..bots import RandomBot as _RandomBot
from . import solver
from .setup import Action
from .state import CementopiaState, Move
from .view import CementopiaView
from ..core.messages import Message, later, sentences



def action_of(move: Move, legal: list[Action]) -> Action:
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
                 iterations: int | None = None) -> None:
        super().__init__(seed, think)


class EasyBot:
    """Greedy: the placement whose network scores most right now; among those, the one that
    leaves the most legal placements for the rest of the hand."""

    name = "easy"

    def __init__(self, seed: int | None = None, think: float | None = None,
                 iterations: int | None = None) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: CementopiaView, legal: list[Action]) -> Action:
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
    (shuffles of the unseen cards, never the real order) followed by four greedy replies, or
    played out exactly when two counter uses or fewer remain; the best mean wins. `iterations` = guessed orders per decision (fixed by default, so games replay
    the same); with `think` (seconds) it guesses until the time is up instead."""

    name = "hard"
    # Four replies instead of two: the score is lost in the last third (a class over its limit),
    # which two replies rarely reach; 12 orders keep a decision near the app's 0.8 s think time.
    WIDTH, SAMPLES, DEPTH = 8, 12, 4
    ENDGAME = 2  # counter uses left after a move from which each guessed order is played exactly
    MAX_SAMPLES = 64  # with a think time

    def __init__(self, seed: int | None = None, think: float | None = None,
                 iterations: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.think = think
        if iterations is not None:
            self.samples = iterations
        else:
            self.samples = self.SAMPLES if think is None else self.MAX_SAMPLES

    def _rank(self, view: CementopiaView) -> tuple[CementopiaState, list[tuple[float, Move]]]:
        state = view.sample_state(self.rng)
        deadline = None
        if self.think is not None:
            stop = time.monotonic() + self.think
            deadline = lambda: time.monotonic() >= stop  # noqa: E731
        return state, solver.lookahead(state, self.rng, self.WIDTH, self.samples, self.DEPTH,
                                       deadline=deadline, endgame=self.ENDGAME)

    def decide(self, view: CementopiaView, legal: list[Action]) -> Action:
        if len(legal) == 1:  # nothing to think about: no guessed orders, no think time
            return legal[0]
        _, ranked = self._rank(view)
        return action_of(ranked[0][1], legal) if ranked else self.rng.choice(legal)

    def suggest(self, view: CementopiaView, legal: list[Action]) -> tuple[Action, str, str]:
        """The hint: the move the solver would play, why in board words, and the solver's
        figures for a detail line (Messages: English, said in the player's language when
        drawn; game.core.messages)."""
        state, ranked = self._rank(view)
        if not ranked:  # only when `legal` does not come from this view
            return legal[0], later._("No placement fits; this is the only one offered."), ""
        move, n = ranked[0][1], len(ranked)
        if n > 1:
            detail = later.ngettext(
                "Solver: the best of {n} placement tried on guessed deck orders (value {value}; next best {next}).",
                "Solver: the best of {n} placements tried on guessed deck orders (value {value}; next best {next}).",
                n, n=n, value=f"{ranked[0][0]:.1f}", next=f"{ranked[1][0]:.1f}")
        else:
            detail = later._("Solver: the only placement, tried on guessed deck orders (value {value}).",
                             value=f"{ranked[0][0]:.1f}")
        return action_of(move, legal), explain(state, move), detail


def cards_words(cards: list[int]) -> Message:
    """"the 12", "the 12 and the 5" (a side of a card touches at most two others)."""
    words = later._("the {card}", card=cards[-1])
    for card in reversed(cards[:-1]):
        words = later._("the {first} and {rest}", first=card, rest=words)
    return words


def spot_words(state: CementopiaState, x: int, y: int) -> Message:
    """Where a spot is, by the cards beside it: "right of the 12", "between the 12 and the 5"."""
    beside = state.neighbours(x, y)
    left = [card for card, side, _ in beside if side < 0]  # the new card stands right of these
    right = [card for card, side, _ in beside if side > 0]
    if left and right:
        return later._("between {left} and {right}", left=cards_words(left), right=cards_words(right))
    if left:
        return later._("right of {cards}", cards=cards_words(left))
    return later._("left of {cards}", cards=cards_words(right)) if right else later._("on its own")


def explain(state: CementopiaState, move: Move) -> Message:
    """Why a placement is good, in words a player can check on the table: the spot by the cards
    beside it, the counter it pays, dead ends it closes, what the rest of the hand can still pay.
    Only what the player sees is used (never the deck), so the words are the same whichever
    deck order the solver guessed."""
    card, x, y, other, count = move
    near = state.front[(x, y)][4]
    closes = [n for n, _ in near if state.adj[n] == 1]
    after = state.counters[count - 1] - 1
    uses = later._("its last use") if after == 0 else later.ngettext("{n} use left", "{n} uses left", after, n=after)
    where = spot_words(state, x, y)
    if len(near) == 1:
        parts = [later.ngettext("Put the {card} {where}: {count} facing pair pays counter {count} ({uses}).",
                                "Put the {card} {where}: {count} facing pairs pay counter {count} ({uses}).",
                                count, card=card, where=where, count=count, uses=uses)]
    else:
        parts = [later.ngettext(
            "Put the {card} {where} and count the {other}: {count} facing pair pays counter {count} ({uses}).",
            "Put the {card} {where} and count the {other}: {count} facing pairs pay counter {count} ({uses}).",
            count, card=card, where=where, other=other, count=count, uses=uses)]
    if len(closes) == 1:
        parts.append(later._("It closes the dead end at the {card}.", card=closes[0]))
    elif closes:
        parts.append(later.ngettext("It closes {n} dead end.", "It closes {n} dead ends.", len(closes),
                                    n=len(closes)))
    child = state.clone()
    child.place(card, x, y, count)
    if child.outcome is not None:
        score = child.score()
        parts.append(later.ngettext("That completes the puzzle with {score} point.",
                                    "That completes the puzzle with {score} points.", score, score=score))
    else:
        payable = sorted({m[4] for m in child.moves()})
        if payable:
            counters: Message | int = payable[-1]
            for number in reversed(payable[:-1]):
                counters = later._("{number}, {more}", number=number, more=counters)
            parts.append(later.ngettext("Your other hand cards can still pay counter {counters}.",
                                        "Your other hand cards can still pay counters {counters}.",
                                        len(payable), counters=counters))
        else:
            parts.append(later._("No other hand card fits yet: the next draw has to."))
    return sentences(parts)


LEVELS: dict[str, Level] = {"random": RandomBot, "easy": EasyBot, "hard": HardBot}
