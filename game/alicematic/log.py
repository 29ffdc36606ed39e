"""A game as a designer reads it after a playtest: every action, every gain with its source and
every score with its breakdown, as plain English lines (like the command line's output).

    python -m game.alicematic.log RECORD.json > game.txt

The record replays with its own content and draft variants (record.content_of)."""

from __future__ import annotations

import argparse
import sys

from ..errors import RecordError
from ..records import load_json, read_text, replay
from . import state as st
from .content import RESOURCE_COLOURS
from .record import GAME
from .scoring import PARTS, final_scores
from .words import source_words

PART_NAMES = {"play": "VP during play", "tiles": "tile majorities", "cities": "cities",
              "forests": "monster forests", "reach": "tiles reached",
              "colours": "Alices per colour", "powers": "final powers"}


def _hex(board, h) -> str:
    info = board.hexes[h]
    kind = info.kind
    what = f"{kind.colour} facility" if kind.colour else {"city": "fantasy city",
                                                         "forest": "monster forest"}[kind.kind]
    return f"{what} on tile {info.tile + 1} (strength {info.strength})"


def event_line(e, state, name) -> str | None:
    """One event as a line (None: nothing a designer needs, e.g. a turn's start)."""
    who = name(e.player) if e.player is not None else ""
    cards, board = state.cards, state.board
    source = f" {source_words(e.source, cards, board)}" if e.source is not None else ""
    if e.kind == st.BASE_PLACED:
        return f"{who} places a base on the {_hex(board, e.where)}."
    if e.kind == st.SUMMONED:
        card = cards[e.card]
        return f"{who} summons {card.name} ({card.colour}, {card.dp} DP: {card.power.words()})."
    if e.kind == st.HIRED:
        return f"{who} hires a resident face down into the {e.where} area."
    if e.kind == st.PASSED:
        return f"{who} has no room for a card."
    if e.kind == st.DREW:
        return f"{who} draws {e.value} card{'s' if e.value != 1 else ''}{source}."
    if e.kind == st.RESHUFFLED:
        return f"The discard pile is shuffled into a deck of {e.value}."
    if e.kind == st.GAINED:
        return f"{who} gains {e.value} {e.where} resource{'s' if e.value != 1 else ''}{source}."
    if e.kind == st.TAKEN:
        return f"{who} gives up {e.value} {e.where} resource{'s' if e.value != 1 else ''}{source}."
    if e.kind == st.SPENT:
        return f"{who} spends {e.value} {e.where} resource{'s' if e.value != 1 else ''}."
    if e.kind == st.SCORED:
        return f"{who} scores {e.value} VP{source}."
    if e.kind == st.RECRUITED:
        return f"{who} recruits {e.value} face down into the {e.where} area{source}."
    if e.kind == st.CONQUERED:
        return f"{who} takes the {_hex(board, e.where)}."
    if e.kind == st.WAR_STARTED:
        return f"{who} starts a war on the {_hex(board, e.where)}."
    if e.kind == st.CHIT_RETURNED:
        return f"The chit of {who} on the {_hex(board, e.where)} goes back to their supply."
    if e.kind == st.DISCARDED:
        return f"{who} discards {cards[e.card].name} from the {e.where} area."
    if e.kind == st.ROUND_STARTED:
        return f"-- Round {e.value} of {st.ROUNDS} --"
    if e.kind == st.GAME_OVER:
        return None
    return None


def ending_line(state) -> str:
    if state.round >= st.ROUNDS:
        return f"The game ended after round {st.ROUNDS}."
    return f"The game ended after round {state.round}: every city was held."


def score_lines(state, name) -> list[str]:
    out = ["", "Final scoring:"]
    winners = state.result().winners
    for p, score in enumerate(final_scores(state)):
        parts = " + ".join(f"{getattr(score, part)} {PART_NAMES[part]}" for part in PARTS
                           if getattr(score, part))
        mark = " (wins)" if p in winners else ""
        out.append(f"  {name(p)}: {score.total} VP = {parts or '0'}{mark}")
    return out


def readable_log(record: dict) -> str:
    """The whole game, line by line (RecordError if the record does not replay)."""
    session = replay(record, snapshots=False)
    players = record.get("players") or []

    def name(p: int) -> str:
        entry = players[p] if p < len(players) and isinstance(players[p], dict) else {}
        return f"{entry.get('name') or 'Player'} (player {p + 1})"

    first = session.history.start
    rules = first.rules.on()
    lines = [f"Alicematic Eiketsuden, seed {record.get('seed')}, {first.n} players; "
             f"draft variants: {', '.join(rules) if rules else 'none (the engine readings)'}; "
             f"content {first.content.hash}.",
             f"Start player: {name(first.setup.parent)}."]
    for before, action, events, after in session.history.replay():
        for e in events:
            line = event_line(e, after, name)
            if line is not None:
                lines.append(line)
        if action.kind == "end":
            lines.append(f"{name(before.turn)} makes no expedition.")
    final = session.state
    if final.is_over():
        lines.append(ending_line(final))
        lines += score_lines(final, name)
        resources = ", ".join(f"{name(p)} {'/'.join(str(v) for v in final.resources[p])}"
                              for p in range(final.n))
        lines.append(f"Resources left ({'/'.join(RESOURCE_COLOURS)}): {resources}.")
    else:
        lines.append(f"The game is not over (round {final.round}).")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="An Alicematic record as a readable log")
    parser.add_argument("record", help="a record file (.json)")
    args = parser.parse_args(argv)
    try:
        # the bounded reader (a FIFO or /dev/zero is refused) and the records' own JSON reading
        record = load_json(read_text(args.record))
        if not isinstance(record, dict) or record.get("game") != GAME:
            raise RecordError("not an Alicematic record")
        text = readable_log(record)
    except (OSError, ValueError, RecordError) as exc:
        print(f"alicematic log: {args.record}: {exc}", file=sys.stderr)
        return 1
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
