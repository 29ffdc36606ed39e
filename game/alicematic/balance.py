"""Balance report for the sample content: bot self-play in one process, then win shares by seat,
how each colour's Alices fare (share of wins when a player has the most of that colour) and the
cards whose summoners win most and least often.

    python -m game.alicematic.balance --players 4 --games 200 [--seat normal] [--rules round-14]
    python -m game.alicematic.balance --players 4 --games 200 --variants

Prints JSON. --rules plays draft variants (game.alicematic.variants); --variants compares them:
the same deals with the engine's readings, then with each switch on alone. A card's "win rate" is the share of games won by the players who summoned it,
against 1/players for a card that makes no difference.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from typing import Any, Callable, TypedDict

from ..bots import Bot
from ..services.cli import between, count
from ..core.commands import Session
from ..services.play import play_out
from .bots import LEVELS, NormalBot
from .content import COLOURS, Card, load_cards
from .record import new_session
from .scoring import PARTS, final_scores
from .setup import SUMMON, Action
from .state import AlicematicState
from .figures import ENDINGS, ending, human_and_bot, summary, game_figures
from .record import to_record
from .variants import SWITCHES, Variants
from .view import AlicematicView


def _played(seed: int, players: int, seat: str, hero: tuple[int, Callable[[int], Bot]] | None = None,
            rules: Variants = Variants(),
            session_out: list[Session[AlicematicState]] | None = None) -> AlicematicState:
    """The end state of one game of `seat` bots, each seeded from the game's seed and its seat;
    `hero` = (seat, make): that seat's bot is make(a seed drawn from its own) instead."""
    names = [{"name": f"{seat} {i + 1}", "seat": seat} for i in range(players)]
    session = new_session(seed, names, rules, snapshots=False)
    bots: dict[int, Any] = {i: LEVELS[seat](seed=random.Random(f"{seed}:{i}").getrandbits(32))
                            for i in range(players)}
    if hero is not None:
        at, make = hero
        bots[at] = make(bots[at].rng.getrandbits(32))
    play_out(session, bots)
    if session_out is not None:
        session_out.append(session)
    return session.state


def _face_up(state: AlicematicState, colour: int) -> list[int]:
    """Each player's face-up Alices of one colour (its index in COLOURS)."""
    return [sum(up for _card, up in area[colour]) for area in state.areas]


def report(players: int, games: int, seat: str, seed: int = 1,
           rules: Variants = Variants()) -> dict[str, Any]:
    wins = [0.0] * players
    rounds: Counter[int] = Counter()
    endings: Counter[str] = Counter()
    parts: Counter[str] = Counter()
    colour_lead: Counter[str] = Counter()
    colour_lead_won: Counter[str] = Counter()
    summoned: Counter[str] = Counter()
    summoned_won: Counter[str] = Counter()
    for index in range(games):
        state = _played(seed + index, players, seat, rules=rules)
        winners = state.result().winners
        rounds[state.round] += 1
        endings[ending(state)] += 1
        for score in final_scores(state):
            for part in PARTS:
                parts[part] += getattr(score, part)
        for p in winners:
            wins[p] += 1 / len(winners)
        for c, colour in enumerate(COLOURS):
            counts = _face_up(state, c)
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
    points = sum(parts.values()) or 1
    return {
        "players": players, "games": games, "seat": seat, "rules": rules.on(),
        "fair_share": round(1 / players, 3),
        "win_share_by_seat": [round(w / games, 3) for w in wins],
        "rounds_played": {str(r): rounds[r] for r in sorted(rounds)},
        "mean_rounds": round(sum(r * n for r, n in rounds.items()) / games, 2),
        "ended_by": {e: round(endings[e] / games, 3) for e in ENDINGS if endings[e]},
        "share_of_points": {part: round(parts[part] / points, 3) for part in PARTS},
        "win_share_leading_colour": {c: round(colour_lead_won[c] / colour_lead[c], 3)
                                     for c in COLOURS if colour_lead[c]},
        "cards_winning_most": {n: rates[n] for n in ranked[-5:][::-1]},
        "cards_winning_least": {n: rates[n] for n in ranked[:5]},
    }


def variants(players: int, games: int, seat: str, seed: int = 1) -> dict[str, dict[str, Any]]:
    """The report with the engine's readings, then with each draft variant on alone, on the same
    deals and bot seeds: the designers' disputed readings side by side."""
    out = {"engine": report(players, games, seat, seed)}
    for key, _word in SWITCHES:
        out[key] = report(players, games, seat, seed, Variants(**{key: True}))
    return out


def bot_figures(players: int, games: int, seat: str, seed: int = 1,
                rules: Variants = Variants()) -> dict[str, Any]:
    """The designer's figures (game.alicematic.figures) of bot self-play: the same ones human
    games give, so the two read side by side."""
    out: list[Session[AlicematicState]] = []
    for index in range(games):
        _played(seed + index, players, seat, rules=rules, session_out=out)
    return summary([game_figures(to_record(session)) for session in out])


def record_figures(paths: list[str]) -> dict[str, Any]:
    """The designer's figures of saved games (files or folders of records), human and bot apart."""
    from ..core.records import MAX_BYTES, parse_record
    from ..storage.exchange import record_files
    from ..core.files import describe, read_bounded, shown_name
    items: list[tuple[str, object]] = []
    for path in record_files(paths):
        try:
            items.append((shown_name(path),
                          parse_record(read_bounded(path, MAX_BYTES).decode("utf-8"))))
        except Exception as exc:  # noqa: BLE001 - a bad file: its line, the others still count
            items.append((shown_name(path), describe(exc)))
    return human_and_bot(items)


def store_figures() -> dict[str, Any]:
    """The designer's figures of the app's own finished games (the player's data)."""
    from ..storage import Store
    store = Store.open()
    try:
        return human_and_bot((f"game {key}", record) for key, record in store.finished.records("alicematic"))
    finally:
        store.close()


class Taste(NormalBot):
    """The normal bot with a taste: summoning a card it `likes` counts `bonus` VP more, or with
    bonus None it never summons one (it may still hire it face down). `met` says whether such a
    summon was ever among its choices: until then it plays exactly as the plain normal bot."""

    def __init__(self, likes: Callable[[Card], bool], bonus: float | None,
                 seed: int | None = None):
        super().__init__(seed)
        self.likes, self.bonus, self.met = likes, bonus, False

    def value(self, view: AlicematicView, action: Action) -> float:
        value = super().value(view, action)
        if action.kind == SUMMON and action.card is not None and self.likes(view.cards[action.card]):
            self.met = True
            value += -1000.0 if self.bonus is None else self.bonus
        return value


class Specialist(Taste):
    """A taste for one colour. Seated among plain normal bots, its win share says whether going
    for that colour pays (a colour that dominates would make its specialist win most)."""

    def __init__(self, colour: str, bonus: float, seed: int | None = None):
        super().__init__(lambda card: card.colour == colour, bonus, seed)
        self.colour = colour


def specialists(players: int, games: int, seed: int = 1, bonus: float = 1.5) -> dict[str, Any]:
    """Per colour: the win share of one Specialist among plain normal bots, over `games` games
    (its seat goes round the table; the same deals for every colour), and how many face-up
    Alices of the colour it ends with against each other player (does the taste bite?)."""
    shares: dict[str, float] = {}
    taste: dict[str, list[float]] = {}
    for c, colour in enumerate(COLOURS):
        won, mine, theirs = 0.0, 0, 0
        def specialist(s: int, colour: str = colour) -> Bot:
            return Specialist(colour, bonus, seed=s)
        for index in range(games):
            hero = index % players
            state = _played(seed + index, players, "normal", (hero, specialist))
            winners = state.result().winners
            won += (1 / len(winners)) if hero in winners else 0.0
            counts = _face_up(state, c)
            mine += counts[hero]
            theirs += sum(counts) - counts[hero]
        shares[colour] = round(won / games, 3)
        taste[colour] = [round(mine / games, 2), round(theirs / games / (players - 1), 2)]
    return {"players": players, "games": games, "bonus": bonus, "fair_share": round(1 / players, 3),
            "specialist_win_share": shares,
            "alices_of_the_colour_at_the_end": taste}  # [specialist, each other player]


def card_names() -> list[tuple[str, str]]:
    """Every (name, colour) of the sample cards, by colour then name."""
    return sorted({(card.name, card.colour) for card in load_cards()},
                  key=lambda nc: (COLOURS.index(nc[1]), nc[0]))


class CardEffect(TypedDict):
    """One card's line of card_effects."""

    met: int  # the deals where the taster could summon it
    effect: float  # the paired difference of its win share
    standard_error: float


def card_effects(players: int, games: int, seed: int = 1, bonus: float = 3.0,
                 only: list[tuple[str, str]] | None = None) -> dict[str, Any]:
    """Per card (name and colour: each colour's Girl Alice apart): does summoning it win games?
    Each deal is played with one Taste for the card (its seat going round the table) that
    summons it eagerly (`bonus`), then again with one that never summons it. Same deal, seeds
    and seat: the two games are the same move for move until the taster could first summon the
    card, so only the deals where it could ("met") are played twice, and the paired difference
    of the taster's win share is the card's effect. `only`: those cards, not every one."""
    out: dict[str, CardEffect] = {}
    for name, colour in only or card_names():
        diffs = []
        for index in range(games):
            hero = index % players
            shares = []
            for taste in (bonus, None):
                made: list[Taste] = []

                def make(s: int, taste: float | None = taste, name: str = name,
                         colour: str = colour) -> Taste:
                    made.append(Taste(lambda card: (card.name, card.colour) == (name, colour),
                                      taste, seed=s))
                    return made[-1]
                winners = _played(seed + index, players, "normal", (hero, make)).result().winners
                shares.append(1 / len(winners) if hero in winners else 0.0)
                if not made[0].met:
                    break  # it never could summon the card: the second game would be the same
            if len(shares) == 2:
                diffs.append(shares[0] - shares[1])
        n = len(diffs)
        mean = sum(diffs) / n if n else 0.0
        spread = (sum((d - mean) ** 2 for d in diffs) / (n - 1)) ** 0.5 / n ** 0.5 if n > 1 else 0.0
        out[f"{name} ({colour})"] = {"met": n, "effect": round(mean, 3),
                                     "standard_error": round(spread, 3)}
    ranked = dict(sorted(out.items(), key=lambda item: -item[1]["effect"]))
    return {"players": players, "games": games, "bonus": bonus, "fair_share": round(1 / players, 3),
            "about": "effect: the taster's win share when it summons the card eagerly minus when "
                     "it never does, over the deals where it could ('met')",
            "cards": ranked}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Alicematic balance report (bot self-play)")
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    parser.add_argument("--games", type=count(1), default=100)
    parser.add_argument("--seat", default="normal", choices=sorted(LEVELS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--specialists", type=between(0, 100, "VP"), metavar="BONUS", default=None,
                        help="instead: per colour, one normal bot valuing that colour's Alices "
                             "BONUS VP more among plain normal bots (its win share)")
    parser.add_argument("--cards", type=between(0, 100, "VP"), metavar="BONUS", default=None,
                        help="instead: per card, the win share of a normal bot summoning it "
                             "eagerly (BONUS VP more) minus never summoning it, on the same deals")
    parser.add_argument("--only", action="append", metavar="NAME (COLOUR)", default=None,
                        help="with --cards: measure this card only (repeatable), e.g. "
                             "'Shepherd Alice (green)'")
    parser.add_argument("--rules", default="", metavar="WORDS",
                        help="draft variants to play, comma-separated: "
                             + ", ".join(word for _key, word in SWITCHES))
    parser.add_argument("--variants", action="store_true",
                        help="instead: the report with the engine's readings and with each "
                             "draft variant on alone, on the same deals")
    parser.add_argument("--figures", action="store_true",
                        help="instead: per-card and per-game-length figures of bot self-play "
                             "(the ones --records gives for saved games)")
    parser.add_argument("--records", nargs="+", metavar="PATH", default=None,
                        help="instead: those figures of saved games (record files, or folders "
                             "of them as `alice-assemble export` writes), human and bot games apart")
    parser.add_argument("--store", action="store_true",
                        help="instead: those figures of the app's own finished games")
    args = parser.parse_args(argv)
    try:
        rules = Variants.parse(args.rules)
    except ValueError as exc:
        parser.error(str(exc))
    if args.records:
        print(json.dumps(record_figures(args.records), indent=1, ensure_ascii=False))
        return 0
    if args.store:
        print(json.dumps(store_figures(), indent=1, ensure_ascii=False))
        return 0
    if args.figures:
        print(json.dumps(bot_figures(args.players, args.games, args.seat, args.seed, rules),
                         indent=1, ensure_ascii=False))
        return 0
    if args.variants:
        print(json.dumps(variants(args.players, args.games, args.seat, args.seed), indent=1))
        return 0
    only = None
    if args.only:
        known = {f"{name} ({colour})": (name, colour) for name, colour in card_names()}
        unknown = [text for text in args.only if text not in known]
        if unknown:
            parser.error(f"no card {unknown[0]!r}: write it as the report does, "
                         "e.g. 'Shepherd Alice (green)'")
        if args.cards is None:
            parser.error("--only goes with --cards")
        only = [known[text] for text in args.only]
    if args.cards is not None:
        print(json.dumps(card_effects(args.players, args.games, args.seed, args.cards, only),
                         indent=1))
        return 0
    if args.specialists is not None:
        print(json.dumps(specialists(args.players, args.games, args.seed, args.specialists),
                         indent=1))
        return 0
    print(json.dumps(report(args.players, args.games, args.seat, args.seed, rules), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
