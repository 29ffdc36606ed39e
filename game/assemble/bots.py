"""Alice Assemble bots: `easy` (greedy), `normal` (heuristic), `hard` (Monte Carlo search).

Every level takes (seed, think, iterations). Only the view is read: searching bots guess the
hidden cards with view.sample_state and never see the real deck or the set-aside cards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import endgame
from .scoring import POPCOUNT, module_sizes, score_sizes
from .opponents import Reading
from .search import (FIRST, ORDER, Mix, OwnMoveTree, best_insert, counts,
                     greedy_position, insert_hists, line_hist, line_parts, score, search_part,
                     top_placements, worth)
from .setup import PLACE, Action
from .view import AssembleView
from ..bots import parallel
from ..core.i18n import _
from .words import doll_letter, placement_words

if TYPE_CHECKING:
    from ..bots import Level

DEFAULT_THINK = 1.0  # seconds per decision when the app gives none


def placement_value(line: list[int], card: int, pos: int, capacity: int, flaw: bool,
                    identity: bool) -> tuple[int, int]:
    """How good a line is after putting `card` at `pos`: (score now, points of every module)."""
    if identity and line and pos == len(line):
        capacity -= 1
    sizes = module_sizes(line[:pos] + [card] + line[pos:])
    return score_sizes(sizes, capacity, flaw), sum(s * s for s in sizes)


def best_placements(view: AssembleView, lane: int, card: int) -> tuple[tuple[int, int], list[int]]:
    """The best value reachable by placing `card` in `lane`, and every position that reaches it."""
    info = view.lanes[lane]
    line = list(info.line)
    rules = view.rules
    best: tuple[int, int] | None = None
    where: list[int] = []
    for pos in range(len(line) + 1):
        if rules.identity and line and pos == len(line) and info.capacity == 1:
            continue
        value = placement_value(line, card, pos, info.capacity, rules.flaw, rules.identity)
        if best is None or value > best:
            best, where = value, [pos]
        elif value == best:
            where.append(pos)
    assert best is not None  # position 0 is always allowed
    return best, where


class EasyBot:
    """Greedy: the placement that scores most now; the card whose best placement scores most."""

    name = "easy"

    def __init__(self, seed: int | None = None, think: float | None = None,
                 iterations: int | None = None):
        self.rng = random.Random(seed)

    def decide(self, view: AssembleView, legal: list[Action]) -> Action:
        lane = view.active_lane
        assert lane is not None  # bots decide only while the game runs
        if view.phase == "place":
            card = view.lanes[lane].bench
            assert card is not None  # the place phase starts with a bench card
            _, where = best_placements(view, lane, card)
            allowed = [a for a in legal if a.value in where]
            return self.rng.choice(allowed or legal)
        scored = []
        for action in legal:
            value, _ = best_placements(view, lane, action.value)
            scored.append((value, POPCOUNT[action.value], action))
        top = max(item[:2] for item in scored)
        return self.rng.choice([item[2] for item in scored if item[:2] == top])


def round_cards(view: AssembleView) -> list[int]:
    """The cards revealed for this round (or the draft): next round's bench cards, whoever
    takes which. Their order decides next round's turn order and capacity."""
    taken = [lane.bench for lane in view.lanes if lane.bench is not None
             and (not lane.upright if view.phase == "take" else view.phase == "draft")]
    return taken + list(view.field)


class NormalBot:
    """Greedy plus what greedy ignores: next round's turn order (a low card picks first), the
    capacity the round's highest card brings, how many unseen cards could still grow the line,
    and a card the next lane wants much more than the others. Weights are in points, tuned by
    playing against `easy` (see game.tools.ladder)."""

    name = "normal"
    WEIGHTS = {"order": ORDER / 100, "first": FIRST / 100, "potential": 0.5, "deny": 0.0}

    def __init__(self, seed: int | None = None, think: float | None = None,
                 iterations: int | None = None, weights: dict[str, float] | None = None) -> None:
        self.rng = random.Random(seed)
        self.w = {**self.WEIGHTS, **(weights or {})}

    def decide(self, view: AssembleView, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if view.phase == "place":
            return self.place(view, legal)
        return self.take(view, legal)

    def place(self, view: AssembleView, legal: list[Action]) -> Action:
        assert view.active_lane is not None  # bots decide only while the game runs
        info = view.lanes[view.active_lane]
        line, card, rules = list(info.line), info.bench, view.rules
        assert card is not None  # the place phase starts with a bench card
        best: float | None
        hs = insert_hists(line_parts(line), card)
        best, choice = None, legal[0]
        for action in legal:
            pos = action.value
            cap = info.capacity - bool(rules.identity and line and pos == len(line))
            v = worth(hs[pos], cap, rules.flaw) / 100
            if self.w["potential"]:
                new = line[:pos] + [card] + line[pos:]
                v += self.w["potential"] * potential(new, cap, view.unseen, rules.flaw)
            if best is None or v > best + 1e-9:
                best, choice = v, action
        return choice

    def take(self, view: AssembleView, legal: list[Action]) -> Action:
        w, rules = self.w, view.rules
        lane = view.active_lane
        assert lane is not None  # bots decide only while the game runs
        info = view.lanes[lane]
        line = list(info.line)
        parts = line_parts(line)
        cards = round_cards(view)
        top, span = max(cards), max(1, len(cards) - 1)
        order = view.deck_count > 0  # else the next round is placement only
        deny = self.denial(view, lane) if w["deny"] else {}
        best: float | None
        v: float  # a worth in hundredths of a point, then in points
        best, choice = None, legal[0]
        for action in legal:
            card = action.value
            cap = info.capacity + (card == top)
            v, pos = best_insert(parts, line, card, cap, rules)
            v /= 100
            if order:
                rank = sum(c < card for c in cards)
                v += w["order"] * (span - rank) / span + w["first"] * (rank == 0)
            if w["potential"] and view.deck_count:
                new = line[:pos] + [card] + line[pos:]
                v += w["potential"] * potential(new, cap, view.unseen, rules.flaw)
            v += w["deny"] * deny.get(card, 0) + POPCOUNT[card] * 1e-3
            if best is None or v > best:
                best, choice = v, action
        return choice

    def denial(self, view: AssembleView, lane: int) -> dict[int, float]:
        """For each field card, how much less the next lane to act gets if we take it
        (negative when that lane is our own: then we leave it the good card)."""
        waiting = {i: other.bench for i, other in enumerate(view.lanes)
                   if i != lane and other.bench is not None and other.upright}
        if not waiting or view.phase != "take":
            return {}
        first = min(waiting, key=waiting.__getitem__)
        other, bench = view.lanes[first], waiting[first]
        line = list(other.line)  # it places first: assume where greedy would
        line.insert(greedy_position(line, bench, other.capacity, view.rules), bench)
        parts = line_parts(line)
        wants = {card: best_insert(parts, line, card, other.capacity, view.rules)[0] / 100
                 for card in view.field}
        ranked = sorted(wants.values(), reverse=True)
        if len(ranked) < 2:
            return {}
        sign = -1 if other.owner == view.lanes[lane].owner else 1
        return {card: sign * (v - ranked[1]) if v == ranked[0] else 0
                for card, v in wants.items()}


def potential(line: list[int], capacity: int, pool: Sequence[int], flaw: bool) -> float:
    """Mean points one more card from `pool` would add to this line, placed at its best."""
    if not pool:
        return 0.0
    parts = line_parts(line)
    base = score(line_hist(line), capacity, flaw)
    gain = 0
    for card in pool:
        best = max(score(h, capacity, flaw) for h in insert_hists(parts, card))
        if best > base:
            gain += best - base
    return gain / len(pool)


class HardBot:
    """Monte Carlo tree search over its own moves (search.OwnMoveTree): each iteration guesses
    the hidden cards afresh (view.sample_state), walks the tree of its own moves while everyone
    else plays the cheap `normal` policy (told the seats, easy seats play greedy, random seats at
    random, and hard and expert seats one of the policy's best three moves), then plays the game
    out the same way. It stops after `budget` iterations, or when `think` runs out first."""

    name = "hard"
    KEEP = 6  # placements searched: the best by the normal policy's worth
    BUDGET = 20_000  # iterations per decision: early on the think time ends the search first
    # (about 2,500 iterations in 0.8 s); the ladder found a cap of 2,000 weaker (0.405 against
    # 0.450 on the same deals), so this one only spares the cheap late decisions
    NOISE = 0.0  # share of random moves in a playout: none (they cost the flat search strength)
    PARALLEL = True  # a timed search spreads over the configured helpers (game.bots.parallel)

    def __init__(self, seed: int | None = None, think: float | None = None,
                 iterations: int | None = None, keep: int = KEEP, budget: int | None = None,
                 noise: float = NOISE) -> None:
        self.rng = random.Random(seed)
        self.think = DEFAULT_THINK if think is None else think
        self.iterations = iterations
        self.keep = keep
        self.budget = self.BUDGET if budget is None else budget
        self.search = OwnMoveTree(self.rng, keep=keep, noise=noise)
        self.seats: list[str] = []
        self.reading: Reading | None = None

    def seated(self, seats: list[str]) -> None:
        """Who plays each seat ("human", a level, "cmd:..."): public, the setup screen shows it.
        The reading of each seat then starts from it: an easy seat expected to play as easy
        does, a random one at random, a hard or expert one to stray from the cheap policy about
        every third move; a program or a person from a weak prior."""
        self.seats = list(seats)
        self.reading = None

    def _reading(self, view: AssembleView) -> Reading:
        if self.reading is None or self.reading.observer != view.player:
            # a short list (a record from elsewhere): the rest are read as people
            seats = (self.seats + ["human"] * view.players)[:view.players]
            self.reading = Reading(seats, view.player)
        return self.reading

    def watch(self, player: int, view: AssembleView, action: Action) -> None:
        """Another seat's move, with what this bot saw just before it: the reading learns."""
        self._reading(view).watch(player, view, action)

    def readings(self) -> dict[int, dict[str, float]]:
        """What it has read of every other seat (the ladder prints it)."""
        return self.reading.summary() if self.reading is not None else {}

    def models(self, view: AssembleView) -> tuple[int, ...] | Mix | None:
        """Per lane, how the search expects it to play: a tuple (None: every lane the normal
        policy), or a Mix the search draws from where the reading is unsure."""
        if self.reading is None and not self.seats:  # told nothing, read nothing: normal
            return None
        return self._reading(view).mix(view)

    def candidates(self, view: AssembleView, legal: list[Action]) -> list[Action]:
        """The moves worth searching: every take, the `keep` best placements."""
        if view.phase != "place" or len(legal) <= self.keep:
            return legal
        lane = view.active_lane
        assert lane is not None  # bots decide only while the game runs
        info = view.lanes[lane]
        assert info.bench is not None  # the place phase starts with a bench card
        places = top_placements(list(info.line), info.bench, info.capacity, view.rules, self.keep)
        return [PLACE[lane][pos] for pos in places]

    def choose(self, view: AssembleView, legal: list[Action]) -> tuple[Action, float, int, int]:
        """(action, its win share, playouts spent on it, playouts in all). Where nothing to come
        is hidden, the exact endgame's move, at once (no playouts)."""
        solved = endgame.solve(view)
        if solved is not None and solved.best in legal:
            # with 2 players a game is won against one key: the win first (a ladder measured
            # the most points alone losing there); with more, the most points (as measured)
            move = solved.winning() if len(solved.outcomes[0]) == 2 else solved.best
            return move, solved.win_share(move), 0, 0
        cands = self.candidates(view, legal)
        wins, counts = self.search_root(view, cands, self.models(view))
        best = max(range(len(cands)), key=lambda i: (counts[i], wins[i] / max(1, counts[i])))
        return cands[best], wins[best] / max(1, counts[best]), counts[best], sum(counts)

    def search_root(self, view: AssembleView, cands: list[Action],
                    models: Sequence[int] | Mix | None) -> tuple[list[float], list[int]]:
        """(wins, playouts) per candidate. A timed search with helpers configured is root
        parallel: each helper grows its own tree on its own guesses for the same time, and the
        root statistics are summed (the budget is shared out, so a capped search is no longer);
        a fixed number of iterations stays in this process, reproducible."""
        parts = parallel.helpers() if self.PARALLEL and self.iterations is None else 0
        if not parts:
            return self.search.run(view, cands, self.iterations, self.think, self.budget, models)
        budget = max(1, self.budget // (parts + 1))
        jobs = [(view, cands, self.think, budget, models, self.keep, self.search.noise,
                 self.rng.getrandbits(32), self.part_horizon(view)) for _ in range(parts)]
        results = parallel.spread(
            search_part, jobs, lambda: self.search.run(view, cands, None, self.think, budget,
                                                       models), timeout=1.0 + self.think / 2)
        wins = [sum(part[0][i] for part in results) for i in range(len(cands))]
        counts = [sum(part[1][i] for part in results) for i in range(len(cands))]
        return wins, counts

    def part_horizon(self, view: AssembleView) -> int | None:
        """A helper's playouts: to the end of the game (None), or a learned cut-off's rounds."""
        return None

    def decide(self, view: AssembleView, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return self.choose(view, legal)[0]

    def suggest(self, view: AssembleView, legal: list[Action]) -> tuple[Action, str, str]:
        """The hint: (the move hard would play, what it does in a player's words, the search's
        figures for a detail line)."""
        if len(legal) == 1:
            return legal[0], sentence(move_words(view, legal[0]), _("it is the only move left")), ""
        action, share, count, total = self.choose(view, legal)
        if not total:
            detail = _("Hard bot worked out the rest of the game exactly.")
            return action, sentence(move_words(view, action), explain(view, action)), detail
        detail = _("Hard bot's search: {share} wins in {count} games played out after this move "
                   "({total} in all).").format(share=f"{share:.0%}", count=count, total=total)
        return action, sentence(move_words(view, action), explain(view, action)), detail


class ExpertBot(HardBot):
    """Hard with three times its thinking time and budget, and every placement searched."""

    name = "expert"
    FACTOR = 3

    def __init__(self, seed: int | None = None, think: float | None = None,
                 iterations: int | None = None) -> None:
        super().__init__(seed, (DEFAULT_THINK if think is None else think) * self.FACTOR,
                         iterations, keep=99, budget=self.BUDGET * self.FACTOR)


def move_words(view: AssembleView, action: Action) -> str:
    """"Take the 12 for doll B", "Put the 7 between 12 and 5": the move a hint names."""
    lane = view.lanes[action.lane]
    owners = [info.owner for info in view.lanes]
    letter = doll_letter(owners, action.lane)
    if action.kind == "take":
        words = _("Take the {card} for doll {letter}") if letter else _("Take the {card}")
        return words.format(card=action.value, letter=letter)
    return _("Put the {card} {where}").format(
        card=lane.bench, where=placement_words(lane.line, action.value, letter))


def sentence(move: str, reason: str) -> str:
    return (_("{move}: {reason}.") if reason else _("{move}.")).format(move=move, reason=reason)


def explain(view: AssembleView, action: Action) -> str:
    """Why a move is good, in a player's terms: the module it builds, capacity, turn order."""
    lane = view.lanes[action.lane]
    line = list(lane.line)
    before = counts(line_hist(line))
    card = lane.bench if action.kind == "place" else action.value
    assert card is not None  # a placement places the bench card
    pos = action.value if action.kind == "place" else None
    if pos is None:  # a take: judge the card by its best place next round
        pos = best_insert(line_parts(line), line, card, lane.capacity, view.rules)[1]
    after = counts(line_hist(line[:pos] + [card] + line[pos:]))
    parts = []
    grown = [s for s in range(5, 1, -1) if after[s] > before[s]]
    if grown:
        parts.append((_("it builds a {size}-row module") if action.kind == "place" else
                      _("it could build a {size}-row module next round")).format(size=grown[0]))
    elif action.kind == "place":
        intact = all(sum(after[s:]) >= sum(before[s:]) for s in range(2, 6))
        parts.append(_("it keeps your modules whole") if intact else _("it parks the card for later"))
    if action.kind == "take":
        cards = round_cards(view)
        if card == max(cards):
            parts.append(_("as the round's highest card it gives you +1 capacity next round"))
        if view.deck_count and card == min(cards):
            parts.append(_("as the round's lowest card it lets you pick first next round"))
        if not parts:
            parts.append(_("it fits your line best of what is left"))
    return _("; ").join(parts)


def _levels() -> dict[str, Level]:
    from ..bots import RandomBot
    return {"random": RandomBot, "easy": EasyBot, "normal": NormalBot, "hard": HardBot,
            "expert": ExpertBot}


LEVELS = _levels()
