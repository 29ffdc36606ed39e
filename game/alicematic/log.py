"""A game as a designer reads it after a playtest: every action, every gain with its source and
every score with its breakdown, in the player's language (the table's own log lines, tell.py).

    alice-assemble log RECORD.json [--lang ja] > game.txt

The record replays with its own content, draft variants and numbers (record.py)."""

from __future__ import annotations

from typing import Any

from ..core import i18n
from ..core.i18n import N_, _
from ..core.commands import Session
from ..core.records import replay
from . import tell
from .content import RESOURCE_COLOURS
from .scoring import PARTS, final_scores
from .state import AlicematicState

PART_NAMES = {"play": N_("VP during play"), "tiles": N_("tile majorities"), "cities": N_("cities"),
              "forests": N_("monster forests"), "reach": N_("tiles reached"),
              "colours": N_("Alices per colour"), "powers": N_("final powers")}


def readable_log(record: dict[str, Any], lang: str | None = None) -> str:
    """The whole game, line by line, in `lang` (the language of the moment by default);
    RecordError if the record does not replay."""
    before = i18n.language()
    if lang is not None:
        i18n.set_language(lang)
    try:
        return "\n".join(_lines(record)) + "\n"
    finally:
        i18n.set_language(before)


def _lines(record: dict[str, Any]) -> list[str]:
    session: Session[AlicematicState] = replay(record, snapshots=False)  # (an Alicematic record's)
    players = record.get("players") or []

    def name(p: int) -> str:
        entry = players[p] if p < len(players) and isinstance(players[p], dict) else {}
        return _("{name} (player {number})").format(name=entry.get("name") or _("Player"),
                                                   number=p + 1)

    first = session.history.start
    rules = first.rules.on()
    numbers = first.params.changed()
    lines = [_("Alicematic Eiketsuden, seed {seed}, {n} players; draft variants: {rules}; "
               "content {hash}.").format(seed=record.get("seed"), n=first.n,
                                         rules=", ".join(rules) if rules else _("none"),
                                         hash=first.content.hash)]
    if numbers:
        lines.append(_("Numbers changed from the draft's: {numbers}.").format(
            numbers=", ".join(f"{key} {value}" for key, value in numbers.items())))
    lines.append(_("Start player: {name}.").format(name=name(first.setup.parent)))
    for step_before, action, events, after in session.history.replay():
        lines += tell.event_lines(name, step_before, action, events, after)
    final = session.state
    if not final.is_over():
        lines.append(_("The game is not over (round {number}).").format(number=final.round))
        return lines
    lines += ["", _("Final scoring:")]
    winners = final.result().winners
    for p, score in enumerate(final_scores(final)):
        parts = " + ".join(f"{getattr(score, part)} {_(PART_NAMES[part])}" for part in PARTS
                           if getattr(score, part))
        line = _("{name}: {total} VP = {parts}").format(name=name(p), total=score.total,
                                                       parts=parts or "0")
        lines.append("  " + (_("{line} (wins)").format(line=line) if p in winners else line))
    left = ", ".join(f"{name(p)} {'/'.join(str(v) for v in final.resources[p])}"
                     for p in range(final.n))
    colours = "/".join(tell.colour_word(c) for c in RESOURCE_COLOURS)
    lines.append(_("Resources left ({colours}): {left}.").format(colours=colours, left=left))
    return lines
