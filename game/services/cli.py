"""Headless command line: score, selfplay, verify, replay, review, the designers' check-content,
log and balance, and the player's data: stats, saves, export, import. Data goes to stdout as JSON.

Bad input gives one line on stderr and exit status 2, never a traceback. `verify` checks its files
in order, one at a time, and stops at the first that fails: exit 1 when a readable record does not
hold (illegal action, result mismatch), 2 when it cannot be read at all.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import os
import random
import re
import sys
import tempfile
from collections import Counter
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, NoReturn

from .. import __version__
from ..core.cards import parse_card
from ..core.errors import ContentError, RecordError
from ..core import i18n, registry
from ..core.i18n import N_
from ..core.records import load_json, short_json

if TYPE_CHECKING:  # the store is opened only by the commands on the player's data
    from ..storage import Store

PROG = "alice-assemble"
THINK_MAX = 60.0  # seconds a bot may think per decision
BOT_TIMEOUT_MAX = 3600.0  # seconds an external bot may take per answer
MAX_DIGITS = 18  # command-line integers: a seed, a count; more digits is a typo or an attack
MAX_LINE = 1024 * 1024  # bytes of a score --batch line: a line of cards takes well under 1 KB
ITERATIONS_MAX = 100_000  # review's searches per decision: the search grows with each one
GAMES_MAX = 1_000_000  # selfplay's games: days of play already


class UsageError(Exception):
    """Bad input from the person at the keyboard: one line, exit 2."""


class _Parser(argparse.ArgumentParser):
    # argparse would print the whole usage; one line is enough
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see {self.prog} --help)")


def _json(data: object) -> None:
    sys.stdout.write(json.dumps(data, separators=(", ", ": ")) + "\n")


# --- numbers from the command line ---------------------------------------------------------
# int() and float() also read Arabic-Indic and other Unicode digits, "1_000", "inf" and "nan";
# a command line takes plain ASCII numbers only, the same for every option.

_INT = re.compile(r"-?[0-9]+", re.ASCII)
_FLOAT = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?", re.ASCII)


def _shown(text: str) -> str:
    return repr(text if len(text) <= 24 else text[:21] + "...")


def ascii_int(text: str, low: int | None = None, high: int | None = None) -> int:
    """An argparse type: a whole number in ASCII digits, at most MAX_DIGITS of them (and from
    `low` to `high` where given)."""
    if not _INT.fullmatch(text):
        raise argparse.ArgumentTypeError(f"{_shown(text)} is not a whole number (use the digits 0-9)")
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise argparse.ArgumentTypeError(f"{_shown(text)} is too long (at most {MAX_DIGITS} digits)")
    value = int(text)
    if low is not None and value < low:
        raise argparse.ArgumentTypeError(f"must be {low} or more, not {value}")
    if high is not None and value > high:
        raise argparse.ArgumentTypeError(f"must be at most {high}, not {value}")
    return value


def count(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type for a count of at least `low` (and at most `high`)."""
    def parse(text: str) -> int:
        return ascii_int(text, low, high)
    return parse


def _finite(text: str, bounds: str, ok: Callable[[float], bool]) -> float:
    """A finite ASCII number for which ok(value) holds, else an argparse error naming `bounds`."""
    if not _FLOAT.fullmatch(text):
        raise argparse.ArgumentTypeError(
            f"{_shown(text)} is not a number: give {bounds}, in the digits 0-9 (like 2.5)")
    value = float(text)  # 1e999 reads as inf
    if not (math.isfinite(value) and ok(value)):
        raise argparse.ArgumentTypeError(f"must be {bounds}, not {_shown(text)}")
    return value


def seconds(high: float, zero: bool = False) -> Callable[[str], float]:
    """An argparse type: a finite number of seconds, more than 0 (or 0 itself if `zero`) and at
    most `high`. nan and inf are refused: a timeout of inf never ends, --think nan never decides."""
    bounds = f"{'0 or more' if zero else 'more than 0'} and at most {high:g} seconds"

    def parse(text: str) -> float:
        return _finite(text, bounds, lambda v: (v > 0 or zero and v == 0) and v <= high)
    return parse


def between(low: float, high: float, unit: str) -> Callable[[str], float]:
    """An argparse type: a finite number from `low` to `high` (both allowed)."""
    bounds = f"from {low:g} to {high:g} {unit}"

    def parse(text: str) -> float:
        return _finite(text, bounds, lambda v: low <= v <= high)
    return parse


def path_arg(text: str) -> str:
    """An argparse type for a file or folder: not empty ("" once meant no --out at all, and the
    working folder to export and import)."""
    if not text:
        raise argparse.ArgumentTypeError("an empty path names no file or folder")
    return text


def counts_words(counts: tuple[int, ...]) -> str:
    """A game's player counts as the terminal says them: "2 to 4", "1"."""
    return f"{counts[0]} to {counts[-1]}" if len(counts) > 1 else f"{counts[0]}"


def check_players(game: str, players: int) -> None:
    """The game's own name and player counts, e.g. 'Grayblock is for 2 to 4 players, not 5'."""
    info = registry.info(game)
    if players in info.player_counts:
        return
    if info.solo:
        raise UsageError(f"{info.title} is played solo (1 player), not {players}")
    raise UsageError(f"{info.title} is for {counts_words(info.player_counts)} players, not {players}")


def players_help() -> str:
    """Every game's player counts, for --players' help."""
    return ", ".join(f"{info.title} {counts_words(info.player_counts)}" for info in registry.GAMES)


def writable_folder(folder: Path) -> None:
    """Make the folder and prove a file can be written there, before any work is done."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot create {folder}: {exc.strerror or exc}") from None
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise UsageError(f"cannot write into {folder}: {exc.strerror or exc}") from None


# --- score ---------------------------------------------------------------------------------

def _score_result(cards: list[int], capacity: int, flaw: bool) -> dict[str, Any]:
    explain_line = registry.line_scorer().explain_line
    if capacity < 1:
        raise UsageError(f"capacity must be 1 or more, not {capacity}")
    dupes = sorted(c for c, n in Counter(cards).items() if n > 1)  # linear: 40k cards once took 36 s
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


def _card(text: str) -> int:
    """A card from the command line; only ASCII digits (parse_card reads an Arabic-Indic 3 as 3).
    A card is at most 5 characters: a longer one is quoted short."""
    if not text.isascii() or len(text.strip()) > 5:
        raise UsageError(f"unknown card {_shown(text)}: give an index 0..31 or a pattern like -###-")
    try:
        return parse_card(text)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _batch_item(text: str | bytes) -> dict[str, Any]:
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise UsageError(f"not UTF-8 text (byte {exc.start + 1})") from None
    try:
        item = load_json(text)  # deep nesting and 5000-digit numbers: this line's error only
    except RecordError as exc:
        raise UsageError(str(exc)) from None
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
            raise UsageError(f"unknown card {short_json(card)}: cards are 0..31")
        cards.append(_card(str(card)))
    return _score_result(cards, capacity, flaw)


def _stdin_lines(limit: int) -> Iterator[tuple[int, str | bytes, bool]]:
    """stdin's lines as (number, line, whole), bytes where stdin has them: a line that is not
    UTF-8 is then that line's error (see _batch_item), not the end of the batch. No line is read
    past `limit` characters (its line break not counted): an over-long one comes with whole
    False, and is the last (where it ends could only be found by reading on without a bound,
    and /dev/zero has no end)."""
    stream = getattr(sys.stdin, "buffer", sys.stdin)
    number = 0
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        number += 1
        broken = line[-1:] in (b"\n", "\n")  # the line break, not counted in the limit
        if len(line) - broken > limit:
            yield number, line[:0], False
            return
        yield number, line, True


def cmd_score(args: argparse.Namespace) -> int:
    if args.batch:
        if args.cards:
            raise UsageError("give cards on the command line or --batch on stdin, not both")
        bad = total = 0
        for number, text, whole in _stdin_lines(MAX_LINE):
            if not whole:
                total += 1
                bad += 1
                _json({"error": f"line {number}: longer than {MAX_LINE // 1024} KB"})
                print(f"{PROG}: score: line {number} is longer than {MAX_LINE // 1024} KB: the "
                      f"batch stops there ({bad} of {total} input lines had errors)", file=sys.stderr)
                return 2
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
    _json(_score_result([_card(c) for c in args.cards], args.capacity, args.flaw))
    return 0


# --- selfplay ------------------------------------------------------------------------------

LEVEL_WORDS = {"random": N_("Random"), "easy": N_("Easy"), "normal": N_("Normal"),
               "hard": N_("Hard"), "expert": N_("Expert")}


def seat_name(seat: str, index: int) -> str:
    """A bot seat's name in the records selfplay writes, in the player's language: History shows
    it as the app's own words (「CPU上級1」), not an English word in a Japanese list."""
    if seat.startswith("cmd:"):
        return i18n._("External {number}").format(number=index + 1)
    level = i18n._(LEVEL_WORDS[seat]) if seat in LEVEL_WORDS else seat.title()
    return i18n.pgettext("a bot seat's name", "{level} {number}").format(level=level,
                                                                          number=index + 1)


def cmd_selfplay(args: argparse.Namespace) -> int:
    from ..bots import make_bot
    from .play import play_out
    from ..core.records import game_module, record_of
    from ..storage.exchange import record_text
    from ..core.files import write_new

    try:
        module = game_module(args.game)
        rules = module.parse_rules(args.rules)
    except (RecordError, ValueError) as exc:
        raise UsageError(str(exc)) from None
    extras, warnings = designer_files(args.game, args.params, args.content)
    given = args.players  # 0 is a count (refused below), not "not given"
    seats = args.seat or ["random"] * (registry.info(args.game).default_players if given is None
                                       else given)
    players = len(seats) if given is None else given
    check_players(args.game, players)
    if len(seats) != players:
        raise UsageError(f"give one --seat per player: {players} players but {len(seats)} seats")
    for i, seat in enumerate(seats):
        try:
            make_bot(seat, args.game, 0, args.think, player=i)  # cmd: seats start later
        except (ValueError, RecordError) as exc:
            raise UsageError(str(exc)) from None
    out = Path(args.out) if args.out is not None else None
    if out is not None:
        writable_folder(out)  # now, not after an hour of games

    i18n.set_language(_language())  # the seats' names, read later in History
    wins = [0.0] * players
    totals = [0.0] * players
    draws = 0
    for index in range(args.games):
        seed = args.seed + index
        names = [{"name": seat_name(seat, i), "seat": seat} for i, seat in enumerate(seats)]
        try:
            session = module.new_session(seed, names, rules, snapshots=False, **extras)
        except ContentError as exc:  # (the numbers against the content: opening hands)
            raise UsageError(str(exc)) from None
        for line in warnings if index == 0 else ():  # (once the content is known to play)
            print(f"{PROG}: warning: {line}", file=sys.stderr)
        bots = {i: make_bot(seat, args.game, random.Random(f"{seed}:{i}").getrandbits(32),
                            args.think, player=i, timeout=args.bot_timeout, seats=seats)
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
        if out is not None:  # a new file: an earlier run's records are never replaced
            try:
                write_new(out, f"{args.game}-{index + 1:04d}-seed{seed}", record_text(record_of(session)))
            except OSError as exc:
                raise UsageError(f"cannot write into {out}: {exc.strerror or exc}") from None
    _json({
        "game": args.game, "players": players, "rules": _rules_json(rules), "seats": seats,
        "seed": args.seed, "games": args.games, "wins": [round(w, 4) for w in wins],
        "win_share": [round(w / args.games, 4) for w in wins], "draws": draws,
        "mean_score": [round(t / args.games, 3) for t in totals],
        "records": str(out) if out else None,
    })
    return 0


def _rules_json(rules: object) -> object:
    return rules.to_json() if hasattr(rules, "to_json") else rules


def designer_files(game: str, params: str | None,
                   content: str | None) -> tuple[dict[str, Any], list[str]]:
    """new_session's `params` and `content` from --params FILE and --content DIR, read and
    checked by the game's designers' tools (one line naming the file and field, else), and the
    content's warnings (a deck not of 90 cards, ...)."""
    out: dict[str, Any] = {}
    warnings: list[str] = []
    if params is None and content is None:
        return out, warnings
    try:
        bench = registry.workbench(game)
        if content is not None:
            out["content"] = bench.read_content(content)
            warnings = bench.check_content(content)[1]
        if params is not None:
            out["params"] = bench.read_params(params)
    except (RecordError, ContentError) as exc:
        raise UsageError(str(exc)) from None
    return out, warnings


# --- the designers' tools ----------------------------------------------------------------------

def cmd_check_content(args: argparse.Namespace) -> int:
    """Every problem of a content folder, one line each on stdout (exit 2), the warnings after
    them; good content: one line saying what it holds (exit 0)."""
    try:
        problems, warnings, good = registry.workbench(args.game).check_content(args.folder)
    except (RecordError, ContentError) as exc:
        raise UsageError(str(exc)) from None
    for line in problems:
        print(line)
    for line in warnings:
        print(f"warning: {line}")
    if problems:
        count = f"{len(problems)} problem{'s' if len(problems) != 1 else ''}"
        print(f"{PROG}: check-content: {count} in {args.folder[-80:]}", file=sys.stderr)
        return 2
    print(f"{args.folder[-80:]}: {good}")
    return 0


def cmd_log(args: argparse.Namespace) -> int:
    """A record as the readable log, in --lang, else the language of Settings, else the system's."""
    from ..core.records import read_record
    try:
        record = read_record(args.file)
        text = registry.workbench(record["game"]).readable_log(record, args.lang or _language())
    except RecordError as exc:
        raise UsageError(f"{args.file}: {exc}") from None
    sys.stdout.write(text)
    return 0


def cmd_balance(args: argparse.Namespace) -> int:
    """The game's balance report of the records given (files, or folders of them): one line on
    stderr per file that cannot be counted (exit 2), the others still counted."""
    import csv
    from ..core.intervals import rows
    from ..core.records import read_record
    from ..storage.exchange import record_files
    bad = 0

    def problem(name: str, words: str) -> None:
        nonlocal bad
        bad += 1
        print(f"{PROG}: balance: {name}: {words}", file=sys.stderr)

    def records() -> Iterator[tuple[str, dict[str, Any]]]:
        for given in args.records:
            if Path(given).is_dir() and not record_files([given]):
                problem(given, "no record files (.json) in this folder")
        for path in record_files(args.records):
            try:
                yield str(path), read_record(path)
            except RecordError as exc:
                problem(str(path), str(exc))

    report, problems = registry.balance(args.game).balance(records())
    for name, words in problems:
        problem(name, words)
    if args.json:
        _json(report)
    elif args.csv:
        out = csv.writer(sys.stdout, lineterminator="\n")
        out.writerow(["figure", "value", "low", "high", "n"])
        out.writerows(rows(report))
    else:
        for key, value in report.items():
            if isinstance(value, (str, int, float)):
                print(f"{key}: {value}")
        for figure, value, low, high, n in rows(report):
            print(f"{figure}: {value:g} (95% {low:g} to {high:g}, n={n})")
    return 2 if bad else 0


def _language() -> str:
    """The language the player chose in Settings (if there is a data folder), else the system's."""
    from ..storage import Store, data_dir
    from ..storage.store import DB_NAME
    chosen = None
    if (data_dir() / DB_NAME).is_file():
        try:
            store = Store.open()
            try:
                chosen = store.settings.read()[0].get("language")
            finally:
                store.close()
        except Exception:  # noqa: BLE001 - a store that cannot be read: the system's language
            chosen = None
    return chosen if chosen in i18n.LANGUAGES else i18n.system_language()


# --- verify / replay -----------------------------------------------------------------------

def cmd_verify(args: argparse.Namespace) -> int:
    """The files in order, one at a time (a record may take 15 MB once parsed: ten of them held
    together took over a gigabyte), stopping at the first that fails."""
    for name in args.files:
        code = _verify_file(name)
        if code:
            return code
    _json({"verified": len(args.files)})
    return 0


def _verify_file(name: str) -> int:
    """Read, check and drop one record (it lives in this frame only): 0 when it holds, else
    its exit status after one line on stderr."""
    from ..core.records import read_record, verify
    try:
        record = read_record(name)
    except RecordError as exc:
        print(f"{PROG}: verify: {name}: {exc}", file=sys.stderr)
        return 2
    try:
        verify(record)
    except RecordError as exc:
        print(f"{PROG}: verify: {name}: {exc}", file=sys.stderr)
        return 1
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from ..core.records import read_record, record_of, replay
    try:
        session = replay(read_record(args.file), snapshots=False)
    except RecordError as exc:
        raise UsageError(f"{args.file}: {exc}") from None
    state = session.state
    record = record_of(session)
    _json({"game": record["game"], "actions": len(session.history.actions), "over": state.is_over(),
           "to_move": state.current_player(), "scores": state.scores(),
           "result": record.get("result")})
    return 0


# --- review --------------------------------------------------------------------------------

def cmd_review(args: argparse.Namespace) -> int:
    """One player's decisions judged by the search (game.review): per decision its number, the
    move played, the best move and the expected loss; --json prints one object."""
    from ..core.records import read_record
    from ..review import Cancelled, review
    try:
        record = read_record(args.file)
    except RecordError as exc:
        raise UsageError(f"{args.file}: {exc}") from None
    seat = None if args.seat is None else args.seat - 1
    try:
        result = review(record, seat, iterations=args.iterations, think=args.think)
    except RecordError as exc:
        raise UsageError(f"{args.file}: {exc}") from None
    except Cancelled:  # never asked to, but a review can be stopped
        return 130
    data = result.to_json()
    data["seat"] = result.seat + 1
    if args.json:
        keep = ("index", "played", "best", "loss_points", "loss_win")
        _json({"game": data["game"], "seat": data["seat"],
               "decisions": [{k: d[k] for k in keep} for d in data["decisions"]],
               "mean_loss_points": data["mean_loss_points"], "mean_loss_win": data["mean_loss_win"],
               "mistakes": data["mistakes"]})
        return 0
    print(f"{record['game']}, player {data['seat']}: {len(result.decisions)} decisions judged "
          "(forced moves skipped)")
    for d in result.decisions:
        mark = f"  {d.size}" if d.size else ""
        noise = f" ± {d.points_margin:.1f}" if d.points_margin >= 0.05 else ""  # 95% interval
        print(f"move {d.index + 1}: played {short_json(d.played)}, best {short_json(d.best)}, "
              f"{_loss(d.loss_points, '.1f')}{noise} pts expected, {_loss(d.loss_win, '.1%')} win "
              f"share{mark}")
    plural = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}
    counts = ", ".join(f"{n} {size if n == 1 else plural[size]}"
                       for size, n in result.mistakes().items())
    print(f"mean expected loss per decision: {result.mean_loss_points:.2f} pts, "
          f"{result.mean_loss_win:.2%} win share; {counts}")
    return 0


def _loss(value: float, spec: str) -> str:
    """A loss as the review prints it: "-1.5", and "0.0" (never "-0.0") for what rounds to none."""
    text = format(value, spec)
    return text if not any(c in "123456789" for c in text) else f"-{text}"


# --- the player's data -----------------------------------------------------------------------

def open_store() -> Store:
    """The player's data, the old JSON files brought in first if they wait (what opening found
    wrong goes to stderr, one line each). UsageError if it cannot be read at all: a command on
    the data of nobody would do nothing."""
    from ..core.i18n import N_
    from ..core.messages import message
    from ..storage import Store, legacy
    store = Store.open()
    if store.source is None:
        store.close()
        raise UsageError(str(store.why_not_kept))
    for problem in store.problems:
        print(f"{PROG}: {problem}", file=sys.stderr)
    told: list[bool] = []

    def held() -> None:  # a write kept waiting a second (or a read's figures not kept): once
        if not told:
            told.append(True)
            print(f"{PROG}: " + message(N_("another program is holding your data (a backup or "
                                           "sync tool?): what is to be written waits for it")),
                  file=sys.stderr, flush=True)
    store.on_busy = held
    if legacy.pending(store):
        try:
            brought = legacy.bring_in(store)
        except Exception as exc:  # noqa: BLE001 - StoreError: the next start tries again
            print(f"{PROG}: {getattr(exc, 'words', exc)}", file=sys.stderr)
        else:
            for name, why in brought.problems if brought else ():
                print(f"{PROG}: {name} was not brought in: {why}", file=sys.stderr)
    return store


@contextmanager
def player_data() -> Iterator[Store]:
    """The player's data for one command, closed after it; a store that fails says so in one
    line (UsageError)."""
    from ..storage import StoreError
    store = open_store()
    try:
        yield store
    except StoreError as exc:
        raise UsageError(str(exc.words)) from None
    finally:
        store.close()


def cmd_stats(args: argparse.Namespace) -> int:
    from .stats import kept, text_report
    with player_data() as store:
        figures = kept(store)
    if args.json:
        _json(figures)
    else:
        sys.stdout.write(text_report(figures) + "\n")
    return 0


def cmd_saves(args: argparse.Namespace) -> int:
    with player_data() as store:
        games = store.games.in_progress()
    if args.json:
        _json({"in_progress": [{"id": g.id, "game": g.game, "players": [n for n, _k in g.players],
                                "actions": g.actions, "updated_at": g.updated_at,
                                "open_elsewhere": g.held == "elsewhere"} for g in games]})
        return 0
    if not games:
        print("no game in progress")
    for g in games:
        names = ", ".join(n for n, _k in g.players) or "solo"
        where = " (open in another window)" if g.held == "elsewhere" else ""
        damaged = f" ({g.problem})" if g.problem else ""  # still listed: it can be deleted
        found = registry.find(g.game)
        print(f"{g.id}: {found.title if found else _shown(g.game) if g.game else '?'}, {names}, "
              f"{g.actions} actions, last played {g.updated_at or '?'}{where}{damaged}")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    """Each file that fails is one line on stderr and the rest go on (exit 2 at the end, as
    import); on a terminal a progress line counts the games."""
    from ..storage.exchange import export_games
    if args.game is not None and registry.find(args.game) is None:
        raise UsageError(f"unknown game {_shown(args.game)}: expected one of "
                         f"{', '.join(registry.ids())}")
    folder = Path(args.folder)
    writable_folder(folder)
    shown = [-1]

    def progress(done: int, total: int) -> None:
        percent = done * 100 // max(1, total)
        if sys.stderr.isatty() and percent != shown[0]:
            shown[0] = percent
            sys.stderr.write(f"\r{PROG}: export: {done} of {total} games ({percent}%)")
            sys.stderr.flush()
    with player_data() as store:
        try:
            report = export_games(store, folder, args.game, progress=progress)
        except OSError as exc:
            raise UsageError(f"cannot write into {folder}: {exc.strerror or exc}") from None
        finally:
            if shown[0] >= 0:
                sys.stderr.write("\n")  # the progress line ends
    for name, why in report.problems:
        print(f"{PROG}: export: {name} was not written: {why}", file=sys.stderr)
    if report.stopped:
        print(f"{PROG}: export: {len(report.problems)} files in a row could not be written into "
              f"{folder}: the export stopped there", file=sys.stderr)
    _json({"exported": report.written, "already": report.already,
           "not_exported": len(report.problems), "folder": str(folder)})
    return 2 if report.problems else 0


def cmd_import(args: argparse.Namespace) -> int:
    from ..storage.exchange import import_files
    with player_data() as store:
        if not store.kept:
            raise UsageError(f"nothing can be imported: {store.why_not_kept}")
        report = import_files(store, args.paths)
    for name, why in report.problems:
        print(f"{PROG}: import: {name}: {why}", file=sys.stderr)
    _json({"added": len(report.added), "already": report.already,
           "not_imported": len(report.problems)})
    return 2 if report.problems else 0


# --- the desktop app's options -------------------------------------------------------------
# One list: scenes/app/window.py parses them, scenes/main.py routes a command line that starts with
# one of them to the window, and the top-level --help lists them under the commands.

WINDOW_MIN_SIZE = (640, 360)
WINDOW_MAX_SIZE = (16384, 16384)  # beyond any screen: larger only fails in SDL or eats memory
EXIT_AFTER_MAX = 86400.0  # a day: --exit-after 1e300 would never exit


def window_parser() -> argparse.ArgumentParser:
    """The desktop app's own options (scenes.app.window.parse_app_args reads them)."""
    lo, hi = WINDOW_MIN_SIZE, WINDOW_MAX_SIZE
    parser = _Parser(prog=PROG, description="Open the desktop app.")
    parser.add_argument("--demo", action="store_true", help="all-bot game at high speed")
    parser.add_argument("--game", default=registry.GAMES[0].id, choices=registry.ids(),
                        help="which game the demo plays")
    parser.add_argument("--players", type=ascii_int,
                        help=f"{players_help()} (default: the most the game seats)")
    parser.add_argument("--screenshots", type=lambda text: Path(path_arg(text)),
                        help="save a PNG of each scene here")
    parser.add_argument("--exit-after", type=seconds(EXIT_AFTER_MAX, zero=True), metavar="SECONDS",
                        help="exit this long after the scoring shows "
                             f"(0 <= SECONDS <= {EXIT_AFTER_MAX:g})")
    parser.add_argument("--size", default="1280x720",
                        help=f"window size WxH, from {lo[0]}x{lo[1]} to {hi[0]}x{hi[1]}")
    parser.add_argument("--seed", type=ascii_int, help="the demo's deal")
    parser.add_argument("--tutorial", choices=[game.id for game in registry.GAMES if game.lesson],
                        help="open that game's lesson (with --demo: it plays itself to the end)")
    parser.add_argument("--replay", type=lambda text: Path(path_arg(text)), metavar="FILE",
                        help="open a game record in the replay viewer (with --demo: it steps "
                             "through it by itself, then exits)")
    parser.add_argument("--lang", choices=["en", "ja"],
                        help="the app's language for this run (default: Settings, else the system's)")
    designer_options(parser)
    return parser


def designer_options(parser: argparse.ArgumentParser) -> None:
    """--params FILE and --content DIR, for the games with designers' tools."""
    games = ", ".join(registry.workbench_games())
    parser.add_argument("--params", type=path_arg, metavar="FILE",
                        help=f"a parameters file (JSON) with other numbers for the game ({games})")
    parser.add_argument("--content", type=path_arg, metavar="DIR",
                        help=f"play the cards and tiles of this content folder ({games})")


def window_flags() -> tuple[str, ...]:
    """--demo, --size, ...: a command line starting with one of them opens the window."""
    return tuple(flag for action in window_parser()._actions for flag in action.option_strings
                 if flag != "--help" and flag.startswith("--"))


def window_help() -> str:
    """The window options as --help lists them, under the commands."""
    parser = window_parser()
    formatter = parser._get_formatter()
    formatter.start_section(f"window options ({PROG} [OPTION ...] with no command opens the "
                            "desktop app)")
    formatter.add_arguments([a for a in parser._actions if "--help" not in a.option_strings])
    formatter.end_section()
    return formatter.format_help()


# --- entry ---------------------------------------------------------------------------------

def build_parser() -> argparse.ArgumentParser:
    titles = [info.title for info in registry.GAMES]
    parser = _Parser(prog=PROG, description=f"{', '.join(titles[:-1])} and {titles[-1]}. "
                     "Without arguments the desktop app opens.", epilog=window_help(),
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    p = sub.add_parser("score", help="score one assembly line (JSON out)")
    p.add_argument("cards", nargs="*", metavar="CARD", help="0..31 or a pattern like o-oo- (or -###- after --), left to right")
    p.add_argument("--capacity", type=count(1), default=1,
                   help="modules that score (default 1, as every lane starts)")
    p.add_argument("--flaw", action="store_true", help="The Flaw: unscored modules subtract")
    p.add_argument("--batch", action="store_true",
                   help='read JSON lines {"line": [...], "capacity": N, "flaw": bool} on stdin')
    p.set_defaults(run=cmd_score)

    p = sub.add_parser("selfplay", help="play bot-only games (JSON summary out)")
    p.add_argument("--game", default=registry.GAMES[0].id, choices=registry.ids())
    p.add_argument("--players", type=ascii_int,
                   help=f"{players_help()} (default: one per --seat)")
    p.add_argument("--rules", default="", help=f"comma-separated: {registry.rules_help()}")
    p.add_argument("--seat", action="append",
                   help="one per player: random, easy, normal, hard or cmd:<command line>")
    p.add_argument("--seed", type=ascii_int, default=1, help="the first game's seed (default 1)")
    p.add_argument("--games", type=count(1, GAMES_MAX), default=1, metavar="N",
                   help=f"how many games (1 <= N <= {GAMES_MAX}, default 1)")
    p.add_argument("--out", type=path_arg, help="write one record per game into this folder")
    p.add_argument("--think", type=seconds(THINK_MAX), metavar="SECONDS",
                   help=f"seconds a bot may think per decision (0 < SECONDS <= {THINK_MAX:g})")
    p.add_argument("--bot-timeout", type=seconds(BOT_TIMEOUT_MAX), default=10.0, metavar="SECONDS",
                   help="seconds an external (cmd:) bot may take per answer "
                        f"(0 < SECONDS <= {BOT_TIMEOUT_MAX:g}, default 10)")
    designer_options(p)
    p.set_defaults(run=cmd_selfplay)

    benches = registry.workbench_games()
    p = sub.add_parser("check-content", help="list every problem of a content folder, one line "
                       "each (exit 2), or say it is good (exit 0)")
    p.add_argument("folder", type=path_arg, metavar="DIR")
    p.add_argument("--game", default=benches[0], choices=benches)
    p.set_defaults(run=cmd_check_content)

    p = sub.add_parser("log", help="a record as a readable log: every action, gain and score")
    p.add_argument("file", type=path_arg, metavar="RECORD")
    p.add_argument("--lang", choices=["en", "ja"],
                   help="the log's language (default: Settings, else the system's)")
    p.set_defaults(run=cmd_log)

    reports = registry.balance_games()
    p = sub.add_parser("balance", help="a balance report of finished games' records: win shares "
                       "by turn position and colour, per card and tile, scores and game length, "
                       "each with n and a 95%% interval")
    p.add_argument("records", nargs="+", type=path_arg, metavar="RECORDS",
                   help="record files, or folders of them (as selfplay --out and export write)")
    p.add_argument("--game", default=reports[0], choices=reports)
    how = p.add_mutually_exclusive_group()
    how.add_argument("--json", action="store_true", help="print one JSON object")
    how.add_argument("--csv", action="store_true", help="print CSV: figure, value, low, high, n")
    p.set_defaults(run=cmd_balance)

    p = sub.add_parser("verify", help="check that records replay legally and match their result")
    p.add_argument("files", nargs="+", type=path_arg, metavar="FILE")
    p.set_defaults(run=cmd_verify)

    p = sub.add_parser("replay", help="replay a record and print where the game stands")
    p.add_argument("file", type=path_arg, metavar="FILE")
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser("review", help="judge one player's decisions in a record by the search: "
                       "the move played, the best move, the expected loss")
    p.add_argument("file", type=path_arg, metavar="RECORD")
    p.add_argument("--seat", type=count(1), metavar="N",
                   help="the player to review, 1 for the first (default: the first human seat)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--think", type=seconds(THINK_MAX), metavar="SECONDS",
                     help=f"seconds of search per decision (0 < SECONDS <= {THINK_MAX:g})")
    how.add_argument("--iterations", type=count(1, ITERATIONS_MAX), metavar="N",
                     help="a fixed search per decision: the same output on every run (the default, "
                          f"with each game's own number; 1 <= N <= {ITERATIONS_MAX})")
    p.set_defaults(run=cmd_review)

    p = sub.add_parser("stats", help="statistics of the finished games in the data folder "
                       "(ALICE_DATA_DIR overrides it)")
    p.add_argument("--json", action="store_true", help="print them as JSON")
    p.set_defaults(run=cmd_stats)

    p = sub.add_parser("saves", help="the games in progress")
    p.add_argument("--json", action="store_true", help="print them as JSON")
    p.set_defaults(run=cmd_saves)

    p = sub.add_parser("export", help="write the finished games as record files into a folder "
                       "(never over a file that is there; a game already there is not written "
                       "again)")
    p.add_argument("--game", help=f"only this game's ({', '.join(registry.ids())})")
    p.add_argument("folder", type=path_arg, metavar="DIR")
    p.set_defaults(run=cmd_export)

    p = sub.add_parser("import", help="add record files (and the .json files of folders) to the "
                       "finished games or the games in progress; a game already there is not "
                       "added again")
    p.add_argument("paths", nargs="+", type=path_arg, metavar="FILE|DIR")
    p.set_defaults(run=cmd_import)
    return parser


def _parser() -> argparse.ArgumentParser:
    """The parser, made once for the games registered: a process that runs many commands (the
    tests, a batch) builds its fifty arguments' help once, not per command."""
    return _parser_for(tuple(registry.ids()))


@functools.cache
def _parser_for(_games: tuple[str, ...]) -> argparse.ArgumentParser:
    return build_parser()


def main(argv: list[str] | None = None, app: Callable[[list[str]], int] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        if not argv:
            if app is None:
                print(f"{PROG}: the desktop app is not available in this build; see {PROG} --help")
                return 0
            return app([])
        args = _parser().parse_args(argv)
        if args.command is None:
            raise UsageError(f"choose a command: score, selfplay, verify, replay, review, "
                             f"check-content, log, balance, stats, saves, export or import "
                             f"(see {PROG} --help)")
        return int(args.run(args))
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
