"""Alice Assemble's judge: the hard bot's tree over one's own moves (search.OwnMoveTree), run
from the player's view at the decision with the move played among the root candidates, also
summing the player's final points per root move. The tree tries the root moves in turn, each on
the same guesses with the same playout luck (OwnMoveTree's paired mode), so two moves are
compared on equal terms; the best is the one of highest expected win share (then points), each
move's expected win share and points the means of its playouts.

Where nothing to come is hidden (game.assemble.endgame), every legal move is judged by the exact
solve instead: the best is the first of the highest final key (points, then the tiebreakers) and
each loss is exact."""

from __future__ import annotations

from . import endgame
from .bots import HardBot
from .search import OwnMoveTree
from ..review import Judgement

MEASURE = "points"
THRESHOLDS = ((1.5, 0.04), (3.0, 0.08), (6.0, 0.16))  # (points, win share) lost per size
ITERATIONS = 600  # per decision: a 4-player game's review in well under 30 s (game.review_perf)


def key(state, action):
    return action


def judge(state, player: int, played, legal: list, seats: list[str], rng, iterations,
          think) -> Judgement:
    view = state.view(player)
    solved = endgame.solve(view)
    if solved is not None:
        solved_best = solved.best
        return Judgement(solved_best, solved.points(played), solved.win_share(played),
                         solved.points(solved_best), solved.win_share(solved_best),
                         len(solved.moves))
    bot = HardBot(think=think, iterations=iterations)
    bot.seated(seats)
    cands = list(bot.candidates(view, legal))
    if played not in cands:
        cands.append(played)
    tree = OwnMoveTree(rng, keep=bot.keep, track_points=True)
    wins, counts = tree.run(view, cands, iterations, think or 1.0, bot.budget, bot.models(view))
    means = [(w / c if c else 0.0, p / c if c else 0.0)
             for w, c, p in zip(wins, counts, tree.points)]
    best = max(range(len(cands)), key=lambda i: means[i])  # win share, then points
    mine = cands.index(played)
    return Judgement(cands[best], means[mine][1], means[mine][0], means[best][1],
                     means[best][0], len(cands))


def words(state, player: int, action) -> str:
    """The move and why it is good, in the hint's words ("Put the 16 at the right end: it keeps
    your modules whole.")."""
    from .bots import explain, move_words, sentence
    view = state.view(player)
    return sentence(move_words(view, action), explain(view, action))


def move_words(state, player: int, action) -> str:
    from .bots import move_words as said
    return said(state.view(player), action)
