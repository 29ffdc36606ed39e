"""Balance report for the sample content: bot self-play in one process, then win shares by seat,
how each colour's Alices fare (share of wins when a player has the most of that colour) and the
cards whose summoners win most and least often.

    python -m game.alicematic.balance --players 4 --games 200 [--seat normal]

Prints JSON. A card's "win rate" is the share of games won by the players who summoned it,
against 1/players for a card that makes no difference.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter

from ..play import play_out
from .bots import LEVELS
from .content import COLOURS
from .record import new_session


def report(players: int, games: int, seat: str, seed: int = 1) -> dict:
    wins = [0.0] * players
    colour_lead: Counter[str] = Counter()
    colour_lead_won: Counter[str] = Counter()
    summoned: Counter[str] = Counter()
    summoned_won: Counter[str] = Counter()
    for index in range(games):
        names = [{"name": f"{seat} {i + 1}", "seat": seat} for i in range(players)]
        session = new_session(seed + index, names, snapshots=False)
        bots = {i: LEVELS[seat](seed=random.Random(f"{seed + index}:{i}").getrandbits(32))
                for i in range(players)}
        play_out(session, bots)
        state = session.state
        winners = state.result().winners
        for p in winners:
            wins[p] += 1 / len(winners)
        for c, colour in enumerate(COLOURS):
            counts = [sum(up for _card, up in state.areas[p][c]) for p in range(players)]
            best = max(counts)
            for p in range(players):
                if best and counts[p] == best:
                    colour_lead[colour] += 1
                    colour_lead_won[colour] += p in winners
        for p in range(players):
            for area in state.areas[p]:
                for card, up in area:
                    if up:
                        name = state.cards[card].name + " (" + state.cards[card].colour + ")"
                        summoned[name] += 1
                        summoned_won[name] += p in winners
    rates = {name: round(summoned_won[name] / summoned[name], 3) for name in summoned
             if summoned[name] >= 10}
    ranked = sorted(rates, key=rates.__getitem__)
    return {
        "players": players, "games": games, "seat": seat, "fair_share": round(1 / players, 3),
        "win_share_by_seat": [round(w / games, 3) for w in wins],
        "win_share_leading_colour": {c: round(colour_lead_won[c] / colour_lead[c], 3)
                                     for c in COLOURS if colour_lead[c]},
        "cards_winning_most": {n: rates[n] for n in ranked[-5:][::-1]},
        "cards_winning_least": {n: rates[n] for n in ranked[:5]},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Alicematic balance report (bot self-play)")
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seat", default="normal", choices=sorted(LEVELS))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(json.dumps(report(args.players, args.games, args.seat, args.seed), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
