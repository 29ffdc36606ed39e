"""Alicematic's balance report (GameInfo.balance, `alice-assemble balance --game alicematic`): from
finished games' records, each figure with its n and 95% interval (game.core.intervals):

- win share by turn position counted from the start player (1 = the start player), per player
  count, against the fair 1/players; and by the colour each seat played (records the app wrote);
- per card: the win share of the players who end the game with it face up;
- per tile: the win share of its sole majority holder (the one player with most hexes there);
- the score spread (highest minus lowest score), the winner's margin over the runner-up, the
  game's length in rounds and what ended it.

A shared win counts 1/ties. Records are replayed with their own content, numbers and variants; a
record that does not replay is named with its problem and left out."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Iterable

from ..core.errors import RecordError
from ..storage.history import colours_of
from ..core.intervals import Interval, mean, wilson
from ..core.records import replay
from ..services.settings import COLOUR_NAMES
from .figures import ENDINGS, ending
from .scoring import final_scores

GAME = "alicematic"
MIN_N = 5  # a card or tile seen fewer times is left out: its interval would say nothing


@dataclass(frozen=True, slots=True)
class Game:
    """What the report counts of one finished game."""

    players: int
    positions: tuple[int, ...]  # each seat's turn position from the start player (0 = start)
    colours: tuple[int, ...]  # each seat's colour as set up, () when the record names none
    won: tuple[float, ...]  # each seat's share of the win (1/ties)
    scores: tuple[int, ...]
    rounds: int
    ending: str
    cards: tuple[frozenset[str], ...]  # each seat's face-up cards at the end, "Name (colour)"
    tiles: tuple[tuple[str, int], ...]  # (tile, its sole majority holder) of each tile with one


def game_of(record: dict[str, Any]) -> Game | None:
    """One record's figures (None if the game is not over); RecordError if it does not replay."""
    if record.get("game") != GAME:
        raise RecordError(f"a record of {record.get('game')!r}, not of {GAME}")
    try:
        state: Any = replay(record, snapshots=False).state
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(str(exc)) from None
    if not state.is_over():
        return None
    n = state.n
    winners = state.result().winners
    won = tuple(1 / len(winners) if p in winners else 0.0 for p in range(n))
    parent = state.setup.parent
    cards = tuple(frozenset(f"{state.cards[card].name} ({state.cards[card].colour})"
                            for area in state.areas[p] for card, up in area if up)
                  for p in range(n))
    board = state.board
    held = [[0] * n for _ in board.positions]
    for h, owners in state.holders.items():
        for p in owners:
            held[board.hexes[h].tile][p] += 1
    tiles = []
    for position, counts in enumerate(held):
        most = max(counts)
        leaders = [p for p, c in enumerate(counts) if c == most]
        if most and len(leaders) == 1:
            tiles.append((f"Tile {board.tiles[position]}", leaders[0]))
    colours = colours_of(record.get("players"))
    return Game(n, tuple((p - parent) % n for p in range(n)), colours if len(colours) == n else (),
                won, tuple(s.total for s in final_scores(state)), state.round, ending(state),
                cards, tuple(tiles))


class Shares:
    """Wins out of chances, per key: each a Wilson interval."""

    def __init__(self) -> None:
        self.won: defaultdict[str, float] = defaultdict(float)
        self.seen: defaultdict[str, int] = defaultdict(int)

    def add(self, key: str, won: float) -> None:
        self.won[key] += won
        self.seen[key] += 1

    def json(self, keys: Iterable[str] | None = None, least: int = 0) -> dict[str, Any]:
        chosen = list(self.seen) if keys is None else [k for k in keys if k in self.seen]
        return {k: wilson(self.won[k], self.seen[k]).json() for k in chosen if self.seen[k] >= least}


def ranked(shares: dict[str, Any]) -> dict[str, Any]:
    """Highest win share first."""
    return dict(sorted(shares.items(), key=lambda item: (-item[1]["value"], item[0])))


def report(games: Iterable[Game]) -> dict[str, Any]:
    """The report of finished games (see the module's words)."""
    items = list(games)
    by_players: dict[int, list[Game]] = defaultdict(list)
    for g in items:
        by_players[g.players].append(g)
    counts: dict[str, Any] = {}
    for n, group in sorted(by_players.items()):
        positions, colours = Shares(), Shares()
        for g in group:
            for p in range(n):
                positions.add(str(g.positions[p] + 1), g.won[p])
                if g.colours:
                    colours.add(COLOUR_NAMES[g.colours[p]].lower(), g.won[p])
        counts[str(n)] = {
            "games": len(group), "fair_share": round(1 / n, 3),
            "win_share_by_turn_position": positions.json([str(k) for k in range(1, n + 1)]),
            "win_share_by_colour": colours_json(colours),
        }
    cards, tiles, every_colour = Shares(), Shares(), Shares()
    for g in items:
        for p, colour in enumerate(g.colours):
            every_colour.add(COLOUR_NAMES[colour].lower(), g.won[p])
        for p in range(g.players):
            for card in g.cards[p]:
                cards.add(card, g.won[p])
        for tile, holder in g.tiles:
            tiles.add(tile, g.won[holder])
    ends = {e: wilson(sum(g.ending == e for g in items), len(items)).json() for e in ENDINGS}
    rounds: dict[str, int] = defaultdict(int)
    for g in items:
        rounds[str(g.rounds)] += 1
    return {
        "game": GAME, "games": len(items),
        "fair_share": round(sum(1 / g.players for g in items) / len(items), 3) if items else None,
        "by_players": counts,
        "win_share_by_colour": colours_json(every_colour),  # every player count together
        "score_spread": mean(max(g.scores) - min(g.scores) for g in items).json(2),
        "winners_margin": mean(margin(g.scores) for g in items).json(2),
        "mean_score": mean(s for g in items for s in g.scores).json(2),
        "rounds": mean(g.rounds for g in items).json(2),
        "rounds_played": dict(sorted(rounds.items(), key=lambda kv: int(kv[0]))),
        "ended_by": ends,
        "cards": ranked(cards.json(least=MIN_N)),
        "tiles": ranked(tiles.json(sorted(tiles.seen, key=lambda t: int(t.split()[-1])), MIN_N)),
    }


def colours_json(shares: Shares) -> dict[str, Any]:
    """Colours in the app's order."""
    order = [name.lower() for name in COLOUR_NAMES]
    return shares.json(order)


def margin(scores: tuple[int, ...]) -> int:
    """The winning score less the runner-up's (0 in a tie on points)."""
    top = sorted(scores, reverse=True)
    return top[0] - top[1] if len(top) > 1 else 0


def balance(records: Iterable[tuple[str, dict[str, Any]]]) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The report of (name, record) pairs, and (name, problem) for each record left out: one that
    does not replay. A game not over is left out silently (the report is of finished games)."""
    games: list[Game] = []
    problems: list[tuple[str, str]] = []
    for name, record in records:
        try:
            g = game_of(record)
        except RecordError as exc:
            problems.append((name, str(exc)))
            continue
        if g is not None:
            games.append(g)
    return report(games), problems


def interval_of(figure: dict[str, Any]) -> Interval:
    return Interval(figure["value"], figure["low"], figure["high"], figure["n"])
