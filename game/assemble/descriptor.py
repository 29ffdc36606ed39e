"""Alice Assemble as the app and the command line know it (game.core.descriptor)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.descriptor import Figures, GameInfo, RuleOption
from ..core.i18n import N_
from ..core.messages import message

if TYPE_CHECKING:  # the rules are imported only when a game is played
    from .state import AssembleState


def stage(state: AssembleState) -> str:
    if state.round == 0:
        return message(N_("Opening draft"))
    if state.last_round:
        return message(N_("Round {n}, the last"), n=state.round)
    return message(N_("Round {n}"), n=state.round)

INFO = GameInfo(
    id="assemble", title=N_("Alice Assemble"), short_title=N_("Assemble"),
    player_counts=(2, 3, 4), default_players=4,
    record="game.assemble.record", bots="game.assemble.bots",
    rules=(RuleOption("flaw", "flaw", N_("The Flaw"), N_("Flaw"),
                      N_("The points of unscored modules are subtracted from the score.")),
           RuleOption("identity", "identity", N_("The Identity"), N_("Identity"),
                      N_("Placing on top of the rightmost card costs the lane 1 capacity, and is "
                         "not allowed at capacity 1 (the first card of a line is free)."))),
    figures=Figures(width=5, extra="game.assemble.stats"),
    lesson="game.assemble.lesson",
    review="game.assemble.review", reading="game.assemble.opponents",
    perf="game.assemble.perf", ladder="game.assemble.ladder", review_bench="game.assemble.review_perf",
    line_score="game.assemble.scoring",
    stage=stage,
    # expert against three hard bots: 0.254 [0.214, 0.299] over 400 games on fresh seeds (issue 43's
    # final run), under the 0.30 that would make it a level of its own (issue 57, item 6)
    unoffered_levels=("expert",),
)
