"""Fault injection: kill -9 a process that plays, saves and finishes games, at random moments, and
check what the next start finds (issue 38). tests/test_kill_loop.py runs it 50 times; the
benchmark runs it as often as asked:

    python -m tests.kill_loop --kills 1000 [--seed 7]

The child plays games of every kind one after another through the app's own save service (one
write a move, then the finish), and prints a line once a write is known to be done. After each
kill the parent opens the data as the next start would and checks: the database passes
`PRAGMA integrity_check`; every game the child saw finished is among the finished games exactly
once and not in progress; the game it was playing is either in progress at its last move (or
one more: the kill may fall between a write and its line) and resumes, or finished; every game
in progress resumes; no game is finished twice.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent

# One process imports the app once and forks a child per kill (a Python start and the imports cost
# more than most children live); each child plays and saves until killed, saying on the shared
# pipe each write it knows is done. Its lines are single writes of a few bytes, so none is cut
# short, and all come before the status the forking process reports once it has died.
FORKER = """
import os, random, sys
from game.core.registry import game_module, ids
from game.core.records import record_of
from game.storage import Store
from scenes.table.saving import SaveService


def say(line):
    os.write(1, (line + "\\n").encode())


def play(seed):
    rng = random.Random(seed)
    store = Store.open()
    say("child ready")
    while True:
        game = rng.choice(["assemble", "cementopia", "grayblock", "alicematic"])
        module = game_module(game)
        count = rng.choice(module.PLAYER_COUNTS)
        players = [{"name": f"P{i}", "seat": "human"} for i in range(count)]
        seed = rng.randrange(10 ** 9)
        if game == "grayblock":
            session = module.new_session(seed, players, module.parse_rules(""), target=20)
        else:
            session = module.new_session(seed, players, module.parse_rules(""))
        saver = SaveService(store)
        saver.save(record_of(session))
        saver.flush()
        say(f"saved {saver.game_id} 0")
        while not session.state.is_over():
            session.play(rng.choice(session.state.legal_actions()))
            if session.state.is_over():
                break
            saver.save(record_of(session))
            saver.flush()
            assert saver.saved, saver.problem
            say(f"saved {saver.game_id} {len(session.history)}")
        saver.finish(record_of(session))
        saver.flush()
        assert saver.saved, saver.problem
        say(f"finished {saver.game_id} {len(session.history)}")
        saver.close()


for game in ids():
    game_module(game)
say("forker ready")
for line in sys.stdin:
    pid = os.fork()
    if pid == 0:
        try:
            play(int(line))
        finally:
            os._exit(1)  # (never back into this loop)
    say(f"pid {pid}")
    say(f"status {os.waitpid(pid, 0)[1]}")
"""


def child_started(pipe) -> int:
    """The new child's process id, once it has said it is ready (its first line)."""
    pid, ready = None, False
    while pid is None or not ready:
        line = pipe.readline()
        assert line, "the forking process ended"
        if line.startswith("pid "):
            pid = int(line[4:])
        else:
            assert line == "child ready\n", line
            ready = True
    return pid


def read_until(pipe, prefix: str) -> tuple[str, list[str]]:
    """The rest of the forking process's line that starts with `prefix`, and the child's lines
    before it."""
    lines = []
    while True:
        line = pipe.readline()
        assert line, "the forking process ended"
        if line.startswith(prefix):
            return line[len(prefix):].strip(), lines
        lines.append(line)


@contextmanager
def forking(env: dict) -> Iterator[subprocess.Popen]:
    """The process that forks a child per kill, ready; killed at the end with any child of it (its
    own group: a check that failed must not leave one playing)."""
    forker = subprocess.Popen([sys.executable, "-c", FORKER], env=env, stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              start_new_session=True)
    try:
        assert forker.stdout.readline() == "forker ready\n", forker.communicate()[1][-2000:]
        yield forker
    finally:
        try:
            os.killpg(forker.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        forker.communicate()


def next_child(forker: subprocess.Popen, game_seed: int, rng: random.Random) -> int:
    """A child started on this seed, left to play a random moment (from before its first save to
    games later); its pid."""
    forker.stdin.write(f"{game_seed}\n")
    forker.stdin.flush()
    pid = child_started(forker.stdout)
    time.sleep(rng.uniform(0.0, 0.25))
    return pid


def run(kills: int, seed: int, folder: Path, report=print, hostile=None) -> dict:
    """Kill the child `kills` times; AssertionError at the first thing found wrong. `hostile`
    (folder, rng, the forker's output) does something to the data before each kill and gives the
    child's lines it read meanwhile."""
    from game.core import records
    from game.storage import Store
    from game.storage.store import fingerprint

    rng = random.Random(seed)
    env = dict(os.environ, PYTHONPATH=str(ROOT), ALICE_DATA_DIR=str(folder))
    finished: dict[int, int] = {}  # every game the children saw finished: its moves
    checked: set[int] = set()
    resumed: dict[int, int] = {}  # games in progress already replayed: their moves then
    tally = {"kills": 0, "playing": 0, "finishing": 0, "in_progress": 0, "finished": 0}
    started = time.monotonic()
    with forking(env) as forker:
        for n in range(kills):
            pid = next_child(forker, seed * 100_000 + n, rng)
            seen = hostile(folder, rng, forker.stdout) if hostile is not None else []
            os.kill(pid, signal.SIGKILL)
            status, out = read_until(forker.stdout, "status ")
            out = seen + out
            assert os.WIFSIGNALED(int(status)) and os.WTERMSIG(int(status)) == signal.SIGKILL, status
            last = None
            for line in out:
                kind, game_id, moves = line.split()
                if kind == "finished":
                    finished[int(game_id)] = int(moves)
                    last = None
                else:
                    last = (int(game_id), int(moves))
            db = Store.open(folder)
            try:
                assert db.kept and not db.problems, db.problems
                assert db.integrity() == "ok"
                playing = {g.id: g for g in db.games.in_progress()}
                done = db.finished.ids()
                assert len(done) == len(set(done))
                for game_id, moves in finished.items():
                    assert game_id in done and game_id not in playing, game_id
                for game_id in set(finished) - checked:  # each finished game whole, its last move in
                    record = db.games.record(game_id)
                    assert len(records.replay(record).history) == finished[game_id]
                    records.verify(record)
                    checked.add(game_id)
                if last is not None:  # the game that was being played when the kill came
                    game_id, moves = last
                    if game_id in playing:
                        assert playing[game_id].actions in (moves, moves + 1), (playing[game_id], moves)
                        tally["playing"] += 1
                    else:
                        assert game_id in done, (game_id, "lost")
                        tally["finishing"] += 1
                for game_id, saved in playing.items():  # every game in progress resumes at its last
                    if resumed.get(game_id) == saved.actions:  # move (each change checked once)
                        continue
                    session = records.replay(db.games.record(game_id))
                    assert len(session.history) == saved.actions
                    resumed[game_id] = saved.actions
                assert len({fingerprint(db.games.record(i)) for i in done}) == len(done)  # none twice
                tally["in_progress"], tally["finished"] = len(playing), len(done)
            finally:
                db.close()
            tally["kills"] += 1
            if (n + 1) % 50 == 0:
                report(f"{n + 1} kills, {time.monotonic() - started:.0f} s: {tally}")
    tally["seconds"] = round(time.monotonic() - started, 1)
    return tally


def _some_finished_games(count: int, seed: int) -> list[dict]:
    from game.core.records import record_of
    from game.core.registry import game_module
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        module = game_module("assemble")
        session = module.new_session(rng.randrange(10 ** 9), [{"name": f"P{i}", "seat": "human"}
                                                              for i in range(2)],
                                     module.parse_rules(""))
        while not session.state.is_over():
            session.play(rng.choice(session.state.legal_actions()))
        out.append(record_of(session))
    return out


def foreign(kills: int, seed: int, folder: Path, report=print) -> dict:
    """A log left by another database (issue 56): the child plays in a data folder of its own;
    after each kill, its log and -shm as the kill left them are put beside the player's good data,
    which must then open with every game as it was (the log set aside byte for byte, or one that
    holds nothing to replay left to SQLite). AssertionError at the first thing found wrong."""
    from game.storage import Store
    from game.storage.store import DB_NAME

    rng = random.Random(seed)
    mine, other = folder / "mine", folder / "other"
    db = Store.open(mine)
    for record in _some_finished_games(3, seed):
        db.games.finish(None, record)
    before = ([r for _i, r in db.finished.records()], db.settings.read()[0])
    db.close()
    env = dict(os.environ, PYTHONPATH=str(ROOT), ALICE_DATA_DIR=str(other))
    tally = {"kills": 0, "set_aside": 0, "nothing_to_replay": 0}
    with forking(env) as forker:
        for n in range(kills):
            pid = next_child(forker, seed * 100_000 + n, rng)
            os.kill(pid, signal.SIGKILL)
            read_until(forker.stdout, "status ")
            logs = {s: (other / (DB_NAME + s)).read_bytes() for s in ("-wal", "-shm")
                    if (other / (DB_NAME + s)).exists()}
            for suffix, raw in logs.items():
                (mine / (DB_NAME + suffix)).write_bytes(raw)
            db = Store.open(mine)
            try:
                assert db.kept and len(db.problems) <= 1, db.problems
                assert ([r for _i, r in db.finished.records()], db.settings.read()[0]) == before
                assert db.integrity() == "ok"
            finally:
                db.close()
            asides = sorted(mine.glob("alice-foreign-log-*"))
            if asides:
                [wal] = [a for a in asides if a.name.endswith("-wal")]
                assert wal.read_bytes() == logs["-wal"]  # byte for byte
                tally["set_aside"] += 1
            else:
                tally["nothing_to_replay"] += 1
            for aside in asides:
                aside.unlink()
            tally["kills"] += 1
            if (n + 1) % 50 == 0:
                report(f"{n + 1} kills: {tally}")
    return tally


def removed(folder: Path, rng: random.Random, pipe) -> list[str]:
    """The data folder deleted, emptied, or its file deleted at a random instant mid-game (a
    player, a sync tool; issue 56); then the child's writes until the data path holds its game
    again (its store must make the file again: the lines already on their way may be from writes
    before), and the kill a moment after."""
    how = rng.choice(["folder", "emptied", "file"])
    if how == "file":  # the one a player sees (its logs stay)
        (folder / "alice.sqlite3").unlink()
    else:  # at one instant, as a move to the bin does (rmtree takes a while: the child's
        gone = folder.with_name(f"gone-{rng.randrange(10 ** 9)}")  # next write may come in it)
        folder.rename(gone)
        if how == "emptied":
            folder.mkdir(exist_ok=True)
        shutil.rmtree(gone)
    lines: list[str] = []
    while not lines or not holds(folder, *lines[-1].split()):
        line = pipe.readline()
        assert line and not line.startswith("status "), ("the child stopped", how, lines[-3:], line)
        assert len(lines) < 1000, ("the data was never made again", how)
        lines.append(line)
    time.sleep(rng.uniform(0.0, 0.05))
    return lines


def holds(folder: Path, kind: str, game_id: str, moves: str) -> bool:
    """Whether the database at the data path has this game at this move (or later), as another
    process reads it."""
    import sqlite3
    if not game_id.isdigit():  # its first save failed ("saved None 0")
        return False
    try:
        con = sqlite3.connect(f"file:{folder / 'alice.sqlite3'}?mode=ro", uri=True)
    except sqlite3.Error:
        return False
    try:
        row = con.execute("SELECT state, actions FROM games WHERE id = ?", (int(game_id),)).fetchone()
    except sqlite3.Error:
        return False
    finally:
        con.close()
    return row is not None and (row[0] == "finished" or row[1] >= int(moves))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.kill_loop")
    parser.add_argument("--kills", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--foreign", action="store_true",
                        help="put each killed process's log beside other good data instead")
    parser.add_argument("--removed", action="store_true",
                        help="delete the data folder mid-game before each kill")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="alice-kill-") as folder:
        if args.foreign:
            tally = foreign(args.kills, args.seed, Path(folder))
        else:
            tally = run(args.kills, args.seed, Path(folder) / "data",
                        hostile=removed if args.removed else None)
    print(f"kill loop passed: {tally}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
