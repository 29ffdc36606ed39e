"""What a designer reads after playtests: per-card and per-game-length figures from records, human
games and bot games apart, each record replayed with its own content and draft variants.

    python -m game.alicematic.balance --records FOLDER_OR_FILE ...   (e.g. `alice-assemble export`'s folder)
    python -m game.alicematic.balance --store                          (the app's own finished games)
    python -m game.alicematic.balance --figures --players 4 --games 100 (bot self-play, the same figures)

A game is a human game when any seat is "human". A card's win share is the share of its summons
made by the game's eventual winners (a summon by a tied winner counts 1/ties)."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any, Iterable, TypedDict

from ..core.commands import Session
from ..core.contract import Event
from ..core.records import replay
from . import state as st
from .content import RED, GREEN
from .scoring import PARTS, final_scores

ENDINGS = ("round_14", "every_city_held")


class GameFigures(TypedDict):
    """One game's figures (game_figures), what summary adds up."""

    human: bool
    over: bool
    players: int
    rules: list[str]  # the draft variants on
    content: str  # its hash
    rounds: int
    ending: str | None  # ENDINGS (None: unfinished)
    winners: list[int]
    scores: list[int]
    parts: dict[str, int]  # VP per scoring part (scoring.PARTS), all players
    summons: list[tuple[int, str]]  # (player, "Name (colour)")
    gains: dict[str, int]  # "red chits from power": chits, cards or VP
    spent_on_expeditions: dict[str, int]  # per resource colour


def _n(e: Event) -> int:
    """The number a gain, a spending or a score carries (the engine always gives it)."""
    assert e.value is not None, e
    return e.value


def ending(state: st.AlicematicState) -> str:
    """Why a finished game ended: after round 14, or early with every city held."""
    return "round_14" if state.round >= state.params.rounds else "every_city_held"


def is_human(record: dict[str, Any]) -> bool:
    players = record.get("players")
    return isinstance(players, list) and any(
        isinstance(p, dict) and p.get("seat") == "human" for p in players)


def game_figures(record: dict[str, Any]) -> GameFigures:
    """One finished game's figures (RecordError if it does not replay; None fields if unfinished)."""
    session: Session[st.AlicematicState] = replay(record, snapshots=False)  # (an Alicematic record's)
    summons: list[tuple[int, str]] = []  # (player, "Name (colour)")
    gains: Counter[str] = Counter()  # "red from power" ... counted in chits, cards or VP
    spent_on_expeditions: Counter[str] = Counter()
    for _before, action, events, after in session.history.replay():
        for e in events:
            if e.kind == st.SUMMONED:
                assert e.card is not None and e.player is not None, e
                card = after.cards[e.card]
                summons.append((e.player, f"{card.name} ({card.colour})"))
            elif e.kind in (st.GAINED, st.DREW, st.SCORED, st.RECRUITED) and e.source is not None:
                what = {st.GAINED: f"{e.where} chits", st.DREW: "cards", st.SCORED: "VP",
                        st.RECRUITED: "recruits"}[e.kind]
                gains[f"{what} from {e.source.kind}"] += _n(e)
            elif e.kind == st.SPENT and action.kind == "conquer":
                assert isinstance(e.where, str), e
                spent_on_expeditions[e.where] += _n(e)
    state = session.state
    over = state.is_over()
    scores = final_scores(state)
    return {
        "human": is_human(record), "over": over, "players": state.n,
        "rules": state.rules.on(), "content": state.content.hash,
        "rounds": state.round, "ending": ending(state) if over else None,
        "winners": list(state.result().winners) if over else [],
        "scores": [s.total for s in scores],
        "parts": {part: sum(getattr(s, part) for s in scores) for part in PARTS},
        "summons": summons, "gains": dict(gains),
        "spent_on_expeditions": {RED: spent_on_expeditions[RED],
                                 GREEN: spent_on_expeditions[GREEN]},
    }


def summary(figures: list[GameFigures], min_summons: int = 5) -> dict[str, Any]:
    """Figures over many finished games: their length, why they ended, where the points came
    from, what was spent on expeditions, and each card's summons and win share."""
    games = [f for f in figures if f["over"]]
    n = len(games)
    if not n:
        return {"games": 0}
    rounds = Counter(f["rounds"] for f in games)
    by_length: dict[int, list[GameFigures]] = defaultdict(list)
    for f in games:
        by_length[f["rounds"]].append(f)
    parts: Counter[str] = Counter()
    gains: Counter[str] = Counter()
    spent: Counter[str] = Counter()
    summoned: Counter[str] = Counter()
    won: defaultdict[str, float] = defaultdict(float)
    for f in games:
        parts.update(f["parts"])
        gains.update(f["gains"])
        spent.update(f["spent_on_expeditions"])
        for player, card in f["summons"]:
            summoned[card] += 1
            if player in f["winners"]:
                won[card] += 1 / len(f["winners"])
    points = sum(parts.values()) or 1
    cards = {card: {"summoned": summoned[card], "win_share": round(won[card] / summoned[card], 3)}
             for card in sorted(summoned, key=lambda c: -won[c] / summoned[c])
             if summoned[card] >= min_summons}
    return {
        "games": n,
        "players": sorted({f["players"] for f in games}),
        "rules": sorted({", ".join(f["rules"]) or "engine" for f in games}),
        "contents": sorted({f["content"] for f in games}),
        "mean_rounds": round(sum(f["rounds"] for f in games) / n, 2),
        "rounds_played": {str(r): rounds[r] for r in sorted(rounds)},
        "ended_by": {e: round(sum(f["ending"] == e for f in games) / n, 3) for e in ENDINGS},
        "by_length": {str(r): {"games": len(fs),
                               "mean_winning_score": round(sum(max(f["scores"]) for f in fs)
                                                           / len(fs), 1),
                               "mean_score": round(sum(sum(f["scores"]) / len(f["scores"])
                                                       for f in fs) / len(fs), 1)}
                      for r, fs in sorted(by_length.items())},
        "share_of_points": {part: round(parts[part] / points, 3) for part in PARTS},
        "per_game": {"spent_on_expeditions": {c: round(spent[c] / n, 2) for c in (RED, GREEN)},
                     "gains": {k: round(v / n, 2) for k, v in sorted(gains.items())}},
        "fair_share": round(sum(1 / f["players"] for f in games) / n, 3),
        "cards": cards,
    }


def human_and_bot(records: Iterable[tuple[str, object]]) -> dict[str, Any]:
    """The summary of human games and of bot games apart, from (name, record) pairs; records
    that do not replay are listed by name with their problem."""
    from ..core.errors import RecordError
    human: list[GameFigures] = []
    bots: list[GameFigures] = []
    problems: dict[str, str] = {}
    for name, record in records:
        if isinstance(record, str):  # a file that could not be read: its problem
            problems[name] = record
            continue
        if not isinstance(record, dict) or record.get("game") != st.AlicematicState.game:
            continue
        try:
            figures = game_figures(record)
        except (RecordError, ValueError, KeyError, TypeError) as exc:
            problems[name] = str(exc)
            continue
        (human if figures["human"] else bots).append(figures)
    out = {"human_games": summary(human), "bot_games": summary(bots)}
    if problems:
        out["not_counted"] = problems
    return out
