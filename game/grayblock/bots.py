"""Grayblock bots. Each sees only its player's view (own hand, the public row and history).

- random: any legal action.
- easy: counts cards: most of its own and fewest unseen cards fitting the ends; high cards on ties.
- normal: one reply ahead, with the hidden cards as probabilities: going out or a sure block
  first, else the chance that everyone else must pass, minus the chance that the next player
  holds a reply that leaves me stuck (cards a player proved to lack by passing are excluded),
  plus how many others are expected to pass and a lean to shed high cards.
- hard: determinized Monte Carlo over the hidden hands with normal-bot playouts, weighting each
  deal by how well it explains the others' plays; `suggest` explains the choice for the Hint.
"""

from __future__ import annotations

import functools
import math
import random
import time
from typing import Any, Callable, cast

from ..bots import Level
from ..bots import RandomBot as _RandomBot
from ..core.cards import N_DOLLS
from ..core.i18n import _, ngettext
from .setup import ALL, FIT, HAND_SIZE, LEFT, OPENERS, Action, cards_of, lowest, mask_of
from .state import BLOCK, OUT, hand_points
from .view import GrayblockView, with_ends

# Actions are typed Any here: a play's card is an int, but Action says int | None (a pass), and
# narrowing it in the search's loops would cost time there
BIG = 1000.0
Fit = tuple[int, ...]  # FIT[water_veins]: per end card, the mask of the cards that join it
# (player, left, right, row, card, side, later): see _observations (both ends None or both ints)
Observation = tuple[int, Any, Any, int, int, bool, int]


def _ends_after(row: tuple[int, ...], card: int, end: str | None) -> tuple[int, int]:
    if not row:
        return card, card
    if end == LEFT:
        return card, row[-1]
    return row[0], card


# COMB[a][b] = a choose b, for the hypergeometric chances below
COMB = tuple(tuple(math.comb(a, b) for b in range(HAND_SIZE + 1)) for a in range(N_DOLLS + 1))


def _chance_none(pool: int, fitting: int, size: int) -> float:
    """Chance that `size` cards drawn from `pool` unknown cards miss all `fitting` ones."""
    if size <= 0 or fitting <= 0:
        return 1.0
    if pool - fitting < size:
        return 0.0
    return COMB[pool - fitting][size] / COMB[pool][size]


class RandomBot(_RandomBot):
    def __init__(self, seed: int | None = None, think: float | None = None,
                 iterations: int | None = None):
        super().__init__(seed, think)


class EasyBot:
    """Counts cards, nothing more: the play after which most of its own cards and fewest cards
    it cannot see fit the row ends; among equals it dumps the highest card (a loser's highest
    card is what the winner scores)."""

    name = "easy"

    def __init__(self, seed: int | None = None, think: float | None = None,
                 iterations: int | None = None) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: GrayblockView, legal: list[Any]) -> Any:
        if legal[0].card is None:
            return legal[0]
        fit = FIT[view.rules.water_veins]
        hand, unknown = view.hand_mask(), view.unknown()
        best, choices = None, []
        for action in legal:
            left, right = _ends_after(view.row, action.card, action.end)
            value = easy_value(fit, hand & ~(1 << action.card), left, right, unknown, action.card)
            if best is None or value > best:
                best, choices = value, [action]
            elif value == best:
                choices.append(action)
        return self.rng.choice(choices)


def easy_value(fit: Fit, rest: int, left: int, right: int, unknown: int, card: int) -> float:
    """Easy's order: its own cards that fit the ends left less the unseen ones, then the higher
    card (exact in a float: card / 64 < 1)."""
    fitting = fit[left] | fit[right]
    return (rest & fitting).bit_count() - (unknown & fitting).bit_count() + card / 64


def play_value(fit: Fit, rest: int, left: int, right: int, unknown: int, voids: list[int],
               sizes: list[int], me: int, n: int) -> float:
    """How good it looks for player `me` to leave ends (left, right) holding `rest`, one reply
    ahead: going out, a sure block, else the chance that everyone else must pass (a block win)
    minus the chance that the next player holds a reply after which none of my cards fits, plus
    a little for my own mobility. `unknown` is what `me` cannot see; `voids[q]` what q lacks."""
    if not rest:
        return BIG
    fitting = fit[left] | fit[right]
    win = 1.0  # the others' hands are treated as independent draws from what they may hold
    for step in range(1, n):
        q = (me + step) % n
        pool = unknown & ~voids[q]
        win *= _chance_none(pool.bit_count(), (pool & fitting).bit_count(), sizes[q])
    if win == 1.0:
        return BIG - 1 + lowest(rest) / 100  # nobody else can hold a fitting card
    nxt = (me + 1) % n
    pool = unknown & ~voids[nxt]
    killers = 0
    mask = pool & fit[left]
    while mask:  # replies on the left end after which I could not answer
        low = mask & -mask
        mask ^= low
        if not rest & (fit[low.bit_length() - 1] | fit[right]):
            killers |= low
    mask = pool & fit[right]
    while mask:
        low = mask & -mask
        mask ^= low
        if not rest & (fit[left] | fit[low.bit_length() - 1]):
            killers |= low
    stuck = 1 - _chance_none(pool.bit_count(), killers.bit_count(), sizes[nxt])
    mine = (rest & fitting).bit_count()
    return win - 0.5 * stuck + 0.05 * min(mine, 3)


# The normal bot's extras over play_value (which hard's playouts keep, so hard's model of the
# others stays as measured). With 3 players a block win is rare, so play_value's ranking often
# hangs on small stuck chances; these two count for every opponent and every card:
PASS_WEIGHT = 0.3  # per opponent expected to pass: a turn they lose, a card they keep
HIGH_WEIGHT = 0.15  # times card / 31: a loser's highest card caps the winner's points


def normal_value(view: GrayblockView, action: Any, unknown: int, voids: list[int]) -> float:
    left, right = _ends_after(view.row, action.card, action.end)
    rest = view.hand_mask() & ~(1 << action.card)
    sizes = list(view.hand_sizes)
    me, n = view.player, view.players
    sizes[me] -= 1
    fit = FIT[view.rules.water_veins]
    value = play_value(fit, rest, left, right, unknown, voids, sizes, me, n)
    if value >= BIG - 1:  # going out or a sure block: nothing else matters
        return value
    fitting = fit[left] | fit[right]
    passes = 0.0
    for step in range(1, n):  # what q proved to lack by passing is out of q's pool
        q = (me + step) % n
        pool = unknown & ~voids[q]
        passes += _chance_none(pool.bit_count(), (pool & fitting).bit_count(), sizes[q])
    total: float = value + PASS_WEIGHT * passes + HIGH_WEIGHT * action.card / (N_DOLLS - 1)
    return total


class NormalBot:
    name = "normal"

    def __init__(self, seed: int | None = None, think: float | None = None,
                 iterations: int | None = None) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: GrayblockView, legal: list[Any]) -> Any:
        if legal[0].card is None or len(legal) == 1:
            return legal[0]
        unknown, voids = view.unknown(), view.voids()
        scored = [(normal_value(view, a, unknown, voids), a) for a in legal]
        top = max(v for v, _action in scored)
        return self.rng.choice([a for v, a in scored if v >= top - 1e-9])


# --- search over one sampled deal ---------------------------------------------------------

def _utility(player: int, outcome: tuple[int, int]) -> int:
    """A hand's worth to `player`: the points won, or minus the points someone else won."""
    winner, points = outcome
    return points if winner == player else -points


# How the search expects a seat to play. Who sits where is public (the setup screen shows it):
# an easy seat plays as easy does, a random one at random, anyone else like the normal bot.
NORMAL, EASY, RANDOM = 0, 1, 2
MODELS = {"easy": EASY, "random": RANDOM}


def playout(hands: list[int], left: int, right: int, turn: int, passes: int, n: int,
            fit: Fit, row: int, voids: list[int], rng: random.Random,
            models: tuple[int, ...] | None = None) -> tuple[int, int]:
    """Finish a hand, everyone playing like the normal bot from their own point of view (own
    hand, the row, what passes revealed), or as their seat's model says (`models`, one per
    player): (winner, points). Changes `hands` and `voids`."""
    last = (turn - passes - 1) % n
    sizes = [mask.bit_count() for mask in hands]
    while True:
        hand = hands[turn]
        lf, rf = hand & fit[left], hand & fit[right]
        if not lf | rf:
            voids[turn] |= fit[left] | fit[right]
            passes += 1
            if passes >= n - 1:
                return last, hand_points(hands, last, BLOCK)
            turn = (turn + 1) % n
            continue
        sizes[turn] -= 1
        unknown = ALL & ~hand & ~row
        model = models[turn] if models is not None else NORMAL
        best, card, side = -1e9, -1, 0
        for on_left, mask in ((True, lf), (False, rf)):
            while mask:
                low = mask & -mask
                mask ^= low
                c = low.bit_length() - 1
                new_left, new_right = (c, right) if on_left else (left, c)
                if model == NORMAL:
                    value = play_value(fit, hand ^ low, new_left, new_right, unknown, voids,
                                       sizes, turn, n)
                elif model == EASY:
                    value = easy_value(fit, hand ^ low, new_left, new_right, unknown, c)
                else:
                    value = 0.0
                value += 0.001 * rng.random()  # ties broken at random
                if value > best:
                    best, card, side = value, c, on_left
        hand ^= 1 << card
        hands[turn] = hand
        row |= 1 << card
        if side:
            left = card
        else:
            right = card
        last, passes = turn, 0
        if not hand:
            return turn, hand_points(hands, turn, OUT)
        turn = (turn + 1) % n


def _observations(view: GrayblockView) -> list[Observation]:
    """The other players' plays this hand, as (player, left, right, row, card, side, later):
    the ends and row before the play (left None for the opening card), the play (side True =
    left), and the mask of cards that player played from then on (they held those too)."""
    out: list[list[Any]] = []
    row = 0
    for action, left, right in with_ends(view.actions):
        if action.card is None:
            continue
        if action.player != view.player:
            out.append([action.player, left, right, row, action.card, action.end == LEFT, 0])
        for item in out:
            if item[0] == action.player:
                item[6] |= 1 << action.card
        row |= 1 << action.card
    return [cast(Observation, tuple(item)) for item in out]


# EXP[k] = exp(-BETA * k): players are modelled as preferring ends that few cards they cannot
# see would fit (the ones they hold themselves do not count), the classic dominoes tell
BETA = 2.0
EXP = tuple(math.exp(-BETA * k) for k in range(2 * N_DOLLS))


def likelihood(observations: list[Observation], hands: list[int], fit: Fit, openers: int) -> float:
    """How likely the observed plays are if the hands were `hands` (up to a constant)."""
    weight = 1.0
    for player, left, right, row, card, side, later in observations:
        held = hands[player] | later
        total = chosen = 0.0
        if left is None:
            options = [(c, c, c) for c in cards_of(held & openers)]
        else:
            options = [(c, c, right) for c in cards_of(held & fit[left])]
            options += [(c, left, c) for c in cards_of(held & fit[right])]
        seen = held | row  # the player's own cards and the row, the played card included
        for c, new_left, new_right in options:
            value = EXP[((fit[new_left] | fit[new_right]) & ~seen).bit_count()]
            total += value
            if c == card and (left is None or (new_left == c) == side):
                chosen = value
        weight *= chosen / total
    return weight


# Points a 2-player hand is worth, as measured over normal-bot hands (share per 5-point step)
POINTS = ((10, .01), (15, .03), (20, .09), (25, .25), (30, .38), (35, .15), (40, .06),
          (45, .025), (50, .005))
START_WINS = 0.69  # how often the start player wins a 2-player hand between normal bots


@functools.lru_cache(maxsize=None)
def equity(need: int, their_need: int, my_start: bool) -> float:
    """Chance to win a 2-player match needing `need` points against `their_need`, with the next
    hand started by me or not (starts alternate): near the end, winning the hand at all matters
    more than its points."""
    if need <= 0:
        return 1.0
    if their_need <= 0:
        return 0.0
    win = START_WINS if my_start else 1 - START_WINS
    mine = sum(p * equity(need - x, their_need, not my_start) for x, p in POINTS)
    theirs = sum(p * equity(need, their_need - x, not my_start) for x, p in POINTS)
    return win * mine + (1 - win) * theirs


class HardBot:
    """Determinized Monte Carlo: deal the hidden cards at random `iterations` times (what passes
    revealed is respected, and each deal is weighted by how well it explains the others' plays),
    play every candidate's hand out with all players acting like the normal bot from their own
    point of view (or, told the seats, easy ones as easy and random ones at random), and pick
    the best average. With 2 players the average is of the match-winning
    chance after the hand, otherwise of the points won (or minus the points lost). Stops early
    after `think` seconds."""

    name = "hard"
    DEFAULT_ITERATIONS = 100

    def __init__(self, seed: int | None = None, think: float | None = None,
                 iterations: int | None = None, infer: bool = True):
        self.rng = random.Random(seed)
        self.think = think
        self.iterations = iterations or self.DEFAULT_ITERATIONS
        self.infer = infer
        self.seats: list[str] = []

    def seated(self, seats: list[str]) -> None:
        """Who plays each seat ("human", a level, "cmd:..."): public, the setup screen shows it.
        The playouts then play an easy seat as easy does and a random one at random."""
        self.seats = list(seats)

    def models(self, view: GrayblockView) -> tuple[int, ...] | None:
        models = tuple(MODELS.get(seat, NORMAL) if p != view.player else NORMAL
                       for p, seat in enumerate(self.seats[:view.players]))
        return models + (NORMAL,) * (view.players - len(models)) if any(models) else None

    @staticmethod
    def _by_points(view: GrayblockView) -> bool:
        """Plays are judged by the hand's points, not by the chance to win the match: more than
        two players, or a target so far that the match table would get large."""
        need = view.target - view.scores[view.player]
        their_need = view.target - view.scores[1 - view.player]
        return view.players != 2 or max(need, their_need) > 300

    def _utility(self, view: GrayblockView) -> Callable[[tuple[int, int]], float]:
        me = view.player
        need = view.target - view.scores[me]
        their_need = view.target - view.scores[1 - me]
        if self._by_points(view):
            return lambda outcome: _utility(me, outcome)
        starts_next = view.start != me

        def match_chance(outcome: tuple[int, int]) -> float:
            winner, points = outcome
            if winner == me:
                return equity(need - points, their_need, starts_next)
            return equity(need, their_need - points, starts_next)
        return match_chance

    def evaluate(self, view: GrayblockView, legal: list[Any],
                 record: list[Any] | None = None) -> list[tuple[float, float, float, Action]]:
        """(utility, mean points, share of deals won, action) per legal play, best first. With
        `record` (the review's), each deal's weight and (points, won) per play, in `legal`'s
        order, are appended to it."""
        fit = FIT[view.rules.water_veins]
        n, me = view.players, view.player
        utility = self._utility(view)
        totals = [[0.0, 0.0, 0.0] for _ in legal]
        deadline = None if self.think is None else time.perf_counter() + self.think
        row = mask_of(view.row)
        voids = view.voids()
        observations = _observations(view) if self.infer else []
        openers = OPENERS[view.rules.water_veins]
        models = self.models(view)
        mass = 0.0
        for _sample in range(self.iterations):
            hands = view.sample_hands(self.rng)
            weight = likelihood(observations, hands, fit, openers)
            mass += weight
            seed = self.rng.getrandbits(32)  # the same playout luck for every candidate
            deal: list[tuple[float, float]] = []
            for total, action in zip(totals, legal):
                trial = hands[:]
                trial[me] &= ~(1 << action.card)
                if not trial[me]:
                    outcome = me, hand_points(trial, me, OUT)
                else:
                    left, right = _ends_after(view.row, action.card, action.end)
                    outcome = playout(trial, left, right, (me + 1) % n, 0, n, fit,
                                      row | 1 << action.card, voids[:], random.Random(seed),
                                      models)
                total[0] += weight * utility(outcome)
                total[1] += weight * _utility(me, outcome)
                total[2] += weight * (outcome[0] == me)
                if record is not None:
                    deal.append((_utility(me, outcome), float(outcome[0] == me)))
            if record is not None:
                record.append((weight, deal))
            if deadline is not None and time.perf_counter() > deadline:
                break
        mass = mass or 1.0
        scored = [(u / mass, p / mass, w / mass, a) for (u, p, w), a in zip(totals, legal)]
        scored.sort(key=lambda item: (-item[0], -item[1]))
        return scored

    def decide(self, view: GrayblockView, legal: list[Any]) -> Any:
        return self.suggest(view, legal)[0]

    def suggest(self, view: GrayblockView, legal: list[Any]) -> tuple[Action, str, str]:
        """(action, reason, detail) for the Hint button: the reason in a player's terms (ends,
        card numbers), the simulation's figures in the detail line."""
        if legal[0].card is None:
            return legal[0], _("Pass: no card in your hand fits either end."), ""
        if len(legal) == 1:
            return legal[0], _("{play}: it is the only card that fits.").format(play=_describe(legal[0])), ""
        unknown, voids = view.unknown(), view.voids()
        sure = [a for a in legal if normal_value(view, a, unknown, voids) >= BIG - 1]
        if sure:
            action = max(sure, key=lambda a: normal_value(view, a, unknown, voids))
            if view.hand_mask() & ~(1 << action.card):
                return action, _("{play}: nobody else can hold a card that fits either end, so everyone "
                                 "passes and you win by block.").format(play=_describe(action)), ""
            return action, _("{play}: it is your last card, you go out.").format(play=_describe(action)), ""
        scored = self.evaluate(view, legal)
        _utility, points, share, action = scored[0]
        # what the play was chosen for comes first: a play that wins the hand less often than the
        # next best is not a contradiction when it was chosen for points or for the match
        by_points = self._by_points(view)
        if len(scored) > 1:
            _utility2, points2, share2, other = scored[1]
            words = dict(share=f"{share:.0%}", gain=_gain(points), other=_describe(other).lower(),
                         other_share=f"{share2:.0%}", other_gain=_gain(points2))
            detail = (_("Chosen for points: in simulated deals {gain} on average, and you win the "
                        "hand {share} of the time (next best, {other}: {other_gain}, {other_share}).")
                      if by_points else
                      _("Chosen for the match: in simulated deals you win the hand {share} of the "
                        "time, {gain} on average (next best, {other}: {other_share}, {other_gain}).")
                      ).format(**words)
            if round(share2, 2) > round(share, 2):
                trade = (_("The next best wins the hand more often but loses more points when "
                           "it does not.") if by_points else
                         _("The next best wins this hand more often but leaves you less likely "
                           "to win the match."))
                detail = _("{sentence} {more}").format(sentence=detail, more=trade)
        else:
            detail = _("In simulated deals you win the hand {share} of the time, {gain} on average.").format(
                share=f"{share:.0%}", gain=_gain(points))
        reason = _("{play}: {why}.").format(play=_describe(action), why=_why(view, action, unknown))
        return action, reason, detail


def _why(view: GrayblockView, action: Any, unknown: int) -> str:
    """What a play leaves, in things a player can count: own cards and unseen cards that fit the
    new ends, and whether it sheds the highest card (what a winner scores)."""
    fit = FIT[view.rules.water_veins]
    left, right = _ends_after(view.row, action.card, action.end)
    fitting = fit[left] | fit[right]
    hand = view.hand_mask()
    rest = hand & ~(1 << action.card)
    mine, theirs = (rest & fitting).bit_count(), (unknown & fitting).bit_count()
    # the player's other cards and the unseen cards that fit the new ends (English agrees the
    # verb with each count: one message per count of one's own, each with the unseen count's plural)
    if not mine:
        count = ngettext("none of your other cards fit the ends it leaves, and {theirs} card you "
                         "cannot see does",
                         "none of your other cards fit the ends it leaves, and {theirs} cards you "
                         "cannot see do", theirs)
    elif mine == 1:
        count = ngettext("1 of your other cards fits the ends it leaves, and {theirs} card you "
                         "cannot see does",
                         "1 of your other cards fits the ends it leaves, and {theirs} cards you "
                         "cannot see do", theirs)
    else:
        count = ngettext("{mine} of your other cards fit the ends it leaves, and {theirs} card you "
                         "cannot see does",
                         "{mine} of your other cards fit the ends it leaves, and {theirs} cards you "
                         "cannot see do", theirs)
    count = count.format(mine=mine, theirs=theirs)
    if action.card == max(cards_of(hand)):
        return _("it sheds your highest card (a winner scores from the highest cards left); "
                 "{count}").format(count=count)
    return count


def _describe(action: Any) -> str:
    if action.end is None:
        return _("Start the row with the {card}").format(card=action.card)
    if action.end == LEFT:
        return _("Play the {card} on the left end").format(card=action.card)
    return _("Play the {card} on the right end").format(card=action.card)


def _gain(value: float) -> str:
    return _("{points} points").format(points=f"{'+' if value >= 0 else ''}{value:.1f}")


LEVELS: dict[str, Level] = {"random": RandomBot, "easy": EasyBot, "normal": NormalBot, "hard": HardBot}
