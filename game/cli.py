"""Headless command line: score, selfplay, verify, replay. Data goes to stdout as JSON.

Bad input gives one line on stderr and exit status 2, never a traceback. `verify` exits 1 when a
readable record does not hold (illegal action, result mismatch), 2 when it cannot be read at all.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path

from . import __version__
from .cards import parse_card
from .errors import RecordError

PROG = "alice-assemble"


class UsageError(Exception):
    """Bad input from the person at the keyboard: one line, exit 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse would print the whole usage; one line is enough
        raise UsageError(f"{message} (see {self.prog} --help)")


def _json(data) -> None:
    sys.stdout.write(json.dumps(data, separators=(", ", ": ")) + "\n")


# --- score ---------------------------------------------------------------------------------

def _score_result(cards: list[int], capacity: int, flaw: bool) -> dict:
    from .assemble.scoring import explain_line
    if capacity < 1:
        raise UsageError(f"capacity must be 1 or more, not {capacity}")
    dupes = sorted({c for c in cards if cards.count(c) > 1})
    if dupes:
        raise UsageError(f"card {dupes[0]} appears twice: the set has one of each card")
    lane = explain_line(cards, capacity, flaw)
    return {
        "line": cards, "capacity": capacity, "flaw": flaw,
        "modules": [m.size for m in lane.modules],
        "points": [m.points for m in lane.modules],
        "scored": [m.size for m in lane.scored],
        "score": lane.score,
    }


def _batch_item(text: str) -> dict:
    try:
        item = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"not valid JSON: {exc.msg} at column {exc.colno}") from None
    if not isinstance(item, dict) or not isinstance(item.get("line"), list):
        raise UsageError('each input line must be an object like {"line": [5, 31], "capacity": 2}')
    capacity, flaw = item.get("capacity", 1), item.get("flaw", False)
    if isinstance(capacity, bool) or not isinstance(capacity, int):
        raise UsageError("capacity must be an integer")
    if not isinstance(flaw, bool):
        raise UsageError("flaw must be true or false")
    cards = []
    for card in item["line"]:
        if isinstance(card, bool) or not isinstance(card, (int, str)):
            raise UsageError(f"unknown card {card!r}: cards are 0..31")
        try:
            cards.append(parse_card(str(card)))
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    return _score_result(cards, capacity, flaw)


def cmd_score(args) -> int:
    if args.batch:
        if args.cards:
            raise UsageError("give cards on the command line or --batch on stdin, not both")
        bad = total = 0
        for number, text in enumerate(sys.stdin, start=1):
            if not text.strip():
                continue
            total += 1
            try:
                _json(_batch_item(text))
            except UsageError as exc:
                bad += 1
                _json({"error": f"line {number}: {exc}"})
        if bad:
            print(f"{PROG}: score: {bad} of {total} input lines had errors", file=sys.stderr)
            return 2
        return 0
    if not args.cards:
        raise UsageError("give the cards of a line, left to right (e.g. score 5 31 12), or --batch")
    try:
        cards = [parse_card(c) for c in args.cards]
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    _json(_score_result(cards, args.capacity, args.flaw))
    return 0


# --- selfplay ------------------------------------------------------------------------------

def cmd_selfplay(args) -> int:
    from .bots import make_bot
    from .play import play_out
    from .records import game_module, record_of, write_record

    try:
        module = game_module(args.game)
        rules = module.parse_rules(args.rules)
    except (RecordError, ValueError) as exc:
        raise UsageError(str(exc)) from None
    seats = args.seat or ["random"] * (args.players or module.DEFAULT_PLAYERS)
    players = args.players or len(seats)
    if players not in module.PLAYER_COUNTS:
        counts = module.PLAYER_COUNTS
        allowed = f"{counts[0]} to {counts[-1]}" if len(counts) > 1 else f"{counts[0]}"
        raise UsageError(f"{args.game} is for {allowed} players, not {players}")
    if len(seats) != players:
        raise UsageError(f"give one --seat per player: {players} players but {len(seats)} seats")
    if args.games < 1:
        raise UsageError("--games must be 1 or more")
    if args.think is not None and args.think <= 0:
        raise UsageError("--think must be a positive number of seconds")
    if args.bot_timeout <= 0:
        raise UsageError("--bot-timeout must be a positive number of seconds")
    for i, seat in enumerate(seats):
        try:
            make_bot(seat, args.game, 0, args.think, player=i)  # cmd: seats start later
        except (ValueError, RecordError) as exc:
            raise UsageError(str(exc)) from None
    out = Path(args.out) if args.out else None
    if out is not None:
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(f"cannot create {out}: {exc.strerror}") from None

    wins = [0.0] * players
    totals = [0.0] * players
    draws = 0
    for index in range(args.games):
        seed = args.seed + index
        names = [{"name": f"{'External' if seat.startswith('cmd:') else seat.title()} {i + 1}",
                  "seat": seat} for i, seat in enumerate(seats)]
        session = module.new_session(seed, names, rules, snapshots=False)
        bots = {i: make_bot(seat, args.game, random.Random(f"{seed}:{i}").getrandbits(32),
                            args.think, player=i, timeout=args.bot_timeout)
                for i, seat in enumerate(seats)}
        play_out(session, bots, on_message=lambda text: print(
            f"{PROG}: selfplay: game {index + 1}: {text}", file=sys.stderr))
        result = session.state.result()
        winners, scores = result.winners, result.scores
        draws += len(winners) > 1
        for p in winners:
            wins[p] += 1 / len(winners)
        for p, score in enumerate(scores):
            totals[p] += score
        if out is not None:
            write_record(out / f"{args.game}-{index + 1:04d}-seed{seed}.json", record_of(session))
    _json({
        "game": args.game, "players": players, "rules": _rules_json(rules), "seats": seats,
        "seed": args.seed, "games": args.games, "wins": [round(w, 4) for w in wins],
        "win_share": [round(w / args.games, 4) for w in wins], "draws": draws,
        "mean_score": [round(t / args.games, 3) for t in totals],
        "records": str(out) if out else None,
    })
    return 0


def _rules_json(rules):
    return rules.to_json() if hasattr(rules, "to_json") else rules


# --- verify / replay -----------------------------------------------------------------------

def cmd_verify(args) -> int:
    from .records import read_record, verify
    records = []
    for name in args.files:
        try:
            records.append((name, read_record(name)))
        except RecordError as exc:
            print(f"{PROG}: verify: {name}: {exc}", file=sys.stderr)
            return 2
    for name, record in records:
        try:
            verify(record)
        except RecordError as exc:
            print(f"{PROG}: verify: {name}: {exc}", file=sys.stderr)
            return 1
    _json({"verified": len(records)})
    return 0


def cmd_replay(args) -> int:
    from .records import read_record, record_of, replay
    try:
        session = replay(read_record(args.file))
    except RecordError as exc:
        raise UsageError(f"{args.file}: {exc}") from None
    state = session.state
    record = record_of(session)
    _json({"game": record["game"], "actions": len(session.history.actions), "over": state.is_over(),
           "to_move": state.current_player(), "scores": state.scores(),
           "result": record.get("result")})
    return 0


# --- entry ---------------------------------------------------------------------------------

def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Alice Assemble, Cementopia and Grayblock. "
                     "Without arguments the desktop app opens.")
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    p = sub.add_parser("score", help="score one assembly line (JSON out)")
    p.add_argument("cards", nargs="*", metavar="CARD", help="0..31 or a pattern like o-oo- (or -###- after --), left to right")
    p.add_argument("--capacity", type=int, default=1, help="modules that score (default 1, as every lane starts)")
    p.add_argument("--flaw", action="store_true", help="The Flaw: unscored modules subtract")
    p.add_argument("--batch", action="store_true",
                   help='read JSON lines {"line": [...], "capacity": N, "flaw": bool} on stdin')
    p.set_defaults(run=cmd_score)

    p = sub.add_parser("selfplay", help="play bot-only games (JSON summary out)")
    p.add_argument("--game", default="assemble", choices=["assemble", "cementopia", "grayblock"])
    p.add_argument("--players", type=int)
    p.add_argument("--rules", default="", help="comma-separated: flaw,identity (assemble); water-veins (grayblock)")
    p.add_argument("--seat", action="append",
                   help="one per player: random, easy, normal, hard or cmd:<command line>")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--out", help="write one record per game into this folder")
    p.add_argument("--think", type=float, help="seconds a bot may think per decision")
    p.add_argument("--bot-timeout", type=float, default=10.0, metavar="SECONDS",
                   help="seconds an external (cmd:) bot may take per answer (default 10)")
    p.set_defaults(run=cmd_selfplay)

    p = sub.add_parser("verify", help="check that records replay legally and match their result")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.set_defaults(run=cmd_verify)

    p = sub.add_parser("replay", help="replay a record and print where the game stands")
    p.add_argument("file", metavar="FILE")
    p.set_defaults(run=cmd_replay)
    return parser


def main(argv: list[str] | None = None, app=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        if not argv:
            if app is None:
                print(f"{PROG}: the desktop app is not available in this build; see {PROG} --help")
                return 0
            return app([])
        args = build_parser().parse_args(argv)
        if args.command is None:
            raise UsageError(f"choose a command: score, selfplay, verify or replay (see {PROG} --help)")
        return args.run(args)
    except UsageError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug of ours: one line for the player, the trace on request
        if os.environ.get("ALICE_DEBUG"):
            raise
        print(f"{PROG}: internal error: {type(exc).__name__}: {exc} (set ALICE_DEBUG=1 for details)",
              file=sys.stderr)
        return 1
