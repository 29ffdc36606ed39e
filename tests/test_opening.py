"""Opening the player's data when something beside it, or in it, is not as the app left it (issue
56, items 2, 7, 8, 9 and 10): a log left by another database, a schema number or a table changed
by another program, a read-only data folder, a data folder whose name cannot be a path. Real
files each time: a log written by a second SQLite database in a process killed before its
checkpoint, a folder mounted read-only."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from game.core.records import record_of
from game.storage import Store
from game.storage.store import DB_NAME, SCHEMA_VERSION
from tests.cli_helpers import one_line, run
from tests.waiting import HANG_S

ROOT = Path(__file__).resolve().parent.parent


def finished(seed: int) -> dict:
    from game.cementopia.record import new_session
    session = new_session(seed, None, None)
    while not session.state.is_over():
        session.play(session.state.legal_actions()[0])
    return record_of(session)


def in_progress(seed: int) -> dict:
    from game.cementopia.record import new_session
    session = new_session(seed, None, None)
    session.play(session.state.legal_actions()[0])
    return record_of(session)


def player_data(folder: Path, games: int = 8) -> dict:
    """A data folder with `games` finished games, cleanly closed; what it holds."""
    with closing(Store.open(folder)) as db:
        for seed in range(games):
            db.games.finish(None, finished(100 + seed))
        db.games.release(db.games.new(in_progress(7)))
    return held(folder)


def held(folder: Path) -> dict:
    """The games of the data folder, read as the next start reads them."""
    with closing(Store.open(folder)) as db:
        return {"finished": [record for _id, record in db.finished.records()],
                "playing": [(g.game, g.actions) for g in db.games.in_progress()],
                "problems": list(map(str, db.problems)), "kept": db.kept}


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


KILLED_WRITER = """
import os, sqlite3, sys
sys.path.insert(0, {root!r})
kind, folder = sys.argv[1], sys.argv[2]
if kind == "alice":  # another copy of the app's data, its last writes still in its log
    from game.storage import Store
    from tests.test_opening import finished
    store = Store.open(folder)
    for seed in range(3):
        store.games.finish(None, finished(900 + seed))
else:  # any other program's database
    con = sqlite3.connect(os.path.join(folder, "alice.sqlite3"), isolation_level=None)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    for n in range(60):
        con.execute("INSERT INTO notes (body) VALUES (?)", ("note %d " % n * 40,))
os._exit(0)  # killed: no checkpoint, the log stays beside its database
"""


def foreign_log(tmp_path: Path, kind: str) -> dict[str, bytes]:
    """The -wal and -shm a second database left when its process was killed (the same name,
    alice.sqlite3, in a folder of its own, as a sync tool or a backup would bring it)."""
    other = tmp_path / f"other-{kind}"
    other.mkdir()
    if kind == "alice":
        with closing(Store.open(other)) as db:
            db.games.finish(None, finished(800))
    subprocess.run([sys.executable, "-c", KILLED_WRITER.format(root=str(ROOT)), kind, str(other)],
                   check=True, timeout=HANG_S, cwd=ROOT)
    out = {suffix: (other / (DB_NAME + suffix)).read_bytes() for suffix in ("-wal", "-shm")}
    assert len(out["-wal"]) > 32 + 24  # frames in it: SQLite would replay it
    return out


# --- item 2: a log that is not the database's own ----------------------------------------------

@pytest.mark.parametrize("kind", ["alice", "another program"])
def test_a_log_left_by_another_database_is_set_aside_and_every_game_stays(data_dir, tmp_path, kind):
    before = player_data(data_dir)
    log = foreign_log(tmp_path, kind)
    for suffix, data in log.items():
        (data_dir / (DB_NAME + suffix)).write_bytes(data)
    database = (data_dir / DB_NAME).read_bytes()
    with closing(Store.open(data_dir)) as db:
        [said] = db.problems
        assert "was not its own" in said and "set aside" in said and "\n" not in said
        assert db.kept
    [aside] = data_dir.glob("alice-foreign-log-*.sqlite3-wal")
    assert aside.name in said
    assert aside.read_bytes() == log["-wal"]  # byte for byte
    assert Path(str(aside)[:-4] + "-shm").read_bytes() == log["-shm"]
    assert not list(data_dir.glob("alice-foreign-log-*.sqlite3"))  # the database stayed put
    after = held(data_dir)
    assert after["finished"] == before["finished"] and len(after["finished"]) == 8
    assert after["playing"] == before["playing"] and after["problems"] == []
    assert (data_dir / DB_NAME).read_bytes() == database  # not a byte of it changed


def test_a_damaged_database_with_a_foreign_log_is_moved_aside_as_it_was(data_dir, tmp_path):
    player_data(data_dir)
    path = data_dir / DB_NAME
    broken = bytearray(path.read_bytes())
    for page in range(2, len(broken) // 4096):  # it opens; its pages are wrong
        broken[page * 4096:page * 4096 + 8] = b"\x0d" + b"\xff" * 7
    path.write_bytes(bytes(broken))
    for suffix, data in foreign_log(tmp_path, "another program").items():
        (data_dir / (DB_NAME + suffix)).write_bytes(data)
    trio = {suffix: Path(str(path) + suffix).read_bytes() for suffix in ("", "-wal", "-shm")}
    with closing(Store.open(data_dir)) as db:
        [said] = db.problems
        assert "damaged" in said and "moved aside" in said and db.kept
    [aside] = data_dir.glob("alice-damaged-*.sqlite3")
    for suffix, data in trio.items():  # the three files as they were, none replayed into another
        assert Path(str(aside) + suffix).read_bytes() == data
    assert held(data_dir)["finished"] == []


def test_its_own_log_left_by_a_kill_is_replayed_with_nothing_lost(data_dir, tmp_path):
    before = player_data(data_dir)
    subprocess.run([sys.executable, "-c", KILLED_WRITER.format(root=str(ROOT)), "alice",
                    str(data_dir)], check=True, timeout=HANG_S, cwd=ROOT)
    assert (data_dir / (DB_NAME + "-wal")).stat().st_size > 32 + 24
    after = held(data_dir)
    assert after["problems"] == [] and len(after["finished"]) == len(before["finished"]) + 3
    assert not list(data_dir.glob("alice-*-*.sqlite3*"))


def test_a_log_another_window_has_open_is_its_own(data_dir):
    player_data(data_dir)
    with closing(Store.open(data_dir)) as first:
        first.games.finish(None, finished(555))  # in the log, not yet in the database
        with closing(Store.open(data_dir)) as second:
            assert second.problems == [] and len(list(second.finished.records())) == 9


# --- item 7: a schema number set by hand --------------------------------------------------------

def set_version(folder: Path, version: int) -> None:
    with closing(sqlite3.connect(folder / DB_NAME)) as con:
        con.execute(f"PRAGMA user_version = {version}")


@pytest.mark.parametrize("version", [0, 2, -1])
def test_a_schema_number_set_by_hand_hides_no_game(data_dir, tmp_path, capsys, version):
    before = player_data(data_dir)
    set_version(data_dir, version)
    assert held(data_dir) == before  # the tables say where the schema stands: nothing to say
    code, out, err = run(capsys, "export", str(tmp_path / "out"))
    assert code == 0 and err == "" and json.loads(out)["exported"] == 8
    assert len(list((tmp_path / "out").iterdir())) == 8


@pytest.mark.parametrize("command", [["export", "OUT"], ["stats"], ["saves"]])
def test_a_command_that_cannot_read_the_data_exits_2_in_one_line(data_dir, tmp_path, capsys,
                                                                  command):
    player_data(data_dir)
    set_version(data_dir, SCHEMA_VERSION + 1)  # a newer version's: left alone, nothing read
    code, out, err = run(capsys, *[str(tmp_path / "out") if a == "OUT" else a for a in command])
    one_line(code, err, "newer version")
    assert out == "" and not (tmp_path / "out").exists() or not list((tmp_path / "out").iterdir())


# --- item 8: a column or table dropped by another program ---------------------------------------

def edit(folder: Path, sql: str) -> None:
    with closing(sqlite3.connect(folder / DB_NAME)) as con:
        con.execute(sql)
        con.commit()


REPAIRABLE = ["ALTER TABLE games DROP COLUMN entry", "DROP TABLE players", "DROP TABLE meta",
              "DROP TABLE reviews", "DROP INDEX games_by_state", "DROP TRIGGER finished_added"]


@pytest.mark.parametrize("change", REPAIRABLE)
def test_what_another_program_dropped_is_made_again_with_one_line(data_dir, change):
    before = player_data(data_dir)
    with closing(Store.open(data_dir)) as db:
        names = db.finished.player_names()
        assert db.figures.get("test", lambda: {"n": 8}) == {"n": 8}  # Statistics, kept
    edit(data_dir, change)
    with closing(Store.open(data_dir)) as db:
        [said] = map(str, db.problems)
        assert said == "Your saved data had been changed by another program; it was repaired."
        assert db.finished.player_names() == names
        assert [e.problem for e in db.finished.entries()] == [None] * 8
        assert db.figures.get("test", lambda: {"n": 8}) == {"n": 8}
        db.games.finish(None, finished(300))  # and it is written to as before
        assert db.figures.get("test", lambda: {"n": 9}) == {"n": 9}  # worked out again
    after = held(data_dir)
    assert after["problems"] == [] and after["finished"][:8] == before["finished"]
    assert len(after["finished"]) == 9


def test_a_table_without_the_games_records_is_damage_moved_aside(data_dir):
    player_data(data_dir)
    edit(data_dir, "ALTER TABLE games DROP COLUMN record")
    edited = (data_dir / DB_NAME).read_bytes()
    with closing(Store.open(data_dir)) as db:
        [said] = db.problems
        assert "damaged" in said and "moved aside" in said and db.kept
    [aside] = data_dir.glob("alice-damaged-*.sqlite3")
    assert aside.read_bytes() == edited


def test_history_says_once_that_the_data_was_changed_and_asks_no_more(app, data_dir):
    player_data(data_dir)
    from tests.ui_helpers import frames
    app.store.close()
    app.store = Store.open(data_dir)
    edit(data_dir, "ALTER TABLE games DROP COLUMN entry")  # while the app runs
    queries: list[str] = []
    app.store._con().set_trace_callback(queries.append)
    history = app.stack.push(app.make("history"))
    frames(app, 30)
    said = [str(m) for m, _t in app.toasts]
    assert said == ["Could not read your finished games: the data file was changed by another "
                    "program"]
    assert len(queries) < 10, queries  # not once a frame
    assert len(history.ids) == 8  # listed, each as unreadable
    assert all(history.entry(i).problem for i in range(8))
    app.store.close()


# --- item 10: the demo with a data folder no path can name ---------------------------------------

def test_the_demo_plays_with_a_data_folder_whose_name_is_too_long(tmp_path):
    env = dict(os.environ, ALICE_DATA_DIR=str(tmp_path / ("a" * 10_000)), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([sys.executable, "-m", "scenes.main", "--demo", "--exit-after", "0"],
                          capture_output=True, text=True, env=env, timeout=HANG_S, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr and "File name too long" not in proc.stderr


# --- item 9: a read-only data folder -------------------------------------------------------------

def read_only_runner(folder: Path):
    """How to run a command that finds `folder` read-only: as root (the tests' user here) mode
    bits stop no write, so the folder is bind-mounted read-only in a mount namespace of the
    command's own (unshare); another user gets a folder without its write bits. None if
    neither can be done here."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        return lambda *command: list(command)
    if shutil.which("unshare") is None:
        return None
    shell = 'mount --bind "$0" "$0" && mount -o remount,ro,bind "$0" && exec "$@"'

    def wrap(*command):
        return ["unshare", "-Urm", "sh", "-c", shell, str(folder), *command]
    probe = subprocess.run(wrap("sh", "-c", f'! touch "{folder}/probe"'), capture_output=True,
                           timeout=HANG_S)
    return wrap if probe.returncode == 0 and not (folder / "probe").exists() else None


READ_ONLY_RUN = """
import json, os, sys
sys.path.insert(0, {root!r})
from contextlib import closing
from pathlib import Path
folder, out = Path(sys.argv[1]), Path(sys.argv[2])
from game.storage import Store
from game.storage.exchange import export_games
from tests.test_opening import finished
result = {{}}
with closing(Store.open(folder)) as store:
    result["problems"] = list(map(str, store.problems))
    result["kept"] = store.kept
    result["finished"] = len(store.finished.ids())
    result["playing"] = len(store.games.in_progress())
    result["replayed"] = store.games.record(store.finished.ids()[0])["game"]
    store.games.finish(None, finished(321))  # a game played on: in memory
    result["after"] = len(store.finished.ids())
    result["exported"] = export_games(store, out / "window").written
from scenes.app.window import App, AppOptions
from tests.ui_helpers import frames
app = App(AppOptions(size=(1280, 720)))
app.stack.push(app.make("title"))
frames(app, 2)
result["toasts"] = [str(m) for m, _t in app.toasts]
result["history"] = len(app.stack.push(app.make("history")).ids)
frames(app, 2)
app.stack.push(app.make("stats"))
frames(app, 2)
result["toasts_after"] = [str(m) for m, _t in app.toasts]
app.stack.close_all()
app.store.close()
from game.services import cli
result["cli_export"] = cli.main(["export", str(out / "cli")])
result["cli_import"] = cli.main(["import", str(out / "cli")])
print(json.dumps(result))
"""


@pytest.mark.parametrize("log", [None, "with its -shm", "without its -shm"])
def test_a_read_only_data_folder_shows_every_game_and_plays_on_in_memory(data_dir, tmp_path, log):
    player_data(data_dir)
    games = 8
    if log is not None:  # the last games are in the log a killed window left
        subprocess.run([sys.executable, "-c", KILLED_WRITER.format(root=str(ROOT)), "alice",
                        str(data_dir)], check=True, timeout=HANG_S, cwd=ROOT)
        games += 3
        if log == "without its -shm":
            (data_dir / (DB_NAME + "-shm")).unlink()
    before = files(data_dir)
    runner = read_only_runner(data_dir)
    if runner is None:
        pytest.skip("no read-only folder can be made here (not root with unshare, nor a user "
                    "whom a folder's mode bits stop)")
    out = tmp_path / "out"
    out.mkdir()
    env = dict(os.environ, ALICE_DATA_DIR=str(data_dir), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    proc = subprocess.run(runner(sys.executable, "-c", READ_ONLY_RUN.format(root=str(ROOT)),
                                 str(data_dir), str(out)),
                          capture_output=True, text=True, env=env, timeout=HANG_S, cwd=ROOT)
    data_dir.chmod(0o755)
    assert proc.returncode == 0, proc.stderr[-3000:]
    seen = json.loads(proc.stdout.splitlines()[-1])
    why = "The data folder is read-only: nothing new will be kept."
    assert seen["problems"] == [why] and not seen["kept"]
    assert (seen["finished"], seen["playing"], seen["replayed"]) == (games, 1, "cementopia")
    assert seen["after"] == games + 1 and seen["exported"] == games + 1
    assert seen["toasts"] == [why] and seen["toasts_after"] == [why]  # nothing else said
    assert seen["history"] == games
    assert seen["cli_export"] == 0 and len(list((out / "cli").iterdir())) == games
    assert seen["cli_import"] == 2  # nothing can be imported: refused, one line
    assert files(data_dir) == before  # not a byte written


WINDOW = """
import os, sys, time
sys.path.insert(0, {root!r})
from game.storage import Store
from tests.test_opening import finished
folder, go, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
while not os.path.exists(go):
    time.sleep(0.001)
store = Store.open(folder)
store.games.finish(None, finished(seed))
print(len(store.problems), flush=True)
store.close()
"""


def test_two_windows_starting_at_once_beside_a_foreign_log_keep_every_game(data_dir, tmp_path):
    before = player_data(data_dir)
    log = foreign_log(tmp_path, "alice")
    for attempt in range(3):
        for suffix, data in log.items():
            (data_dir / (DB_NAME + suffix)).write_bytes(data)
        go = tmp_path / f"go-{attempt}"
        windows = [subprocess.Popen([sys.executable, "-c", WINDOW.format(root=str(ROOT)),
                                     str(data_dir), str(go), str(400 + 2 * attempt + n)],
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                    cwd=ROOT) for n in range(2)]
        go.touch()  # both start at the same moment
        for window in windows:
            _out, err = window.communicate(timeout=HANG_S)
            assert window.returncode == 0, err[-2000:]
        after = held(data_dir)
        assert after["finished"][:8] == before["finished"]
        assert len(after["finished"]) == 8 + 2 * (attempt + 1)  # both windows' games kept
        for aside in data_dir.glob("alice-foreign-log-*-wal"):
            assert aside.read_bytes() == log["-wal"]


def test_two_logs_set_aside_in_one_second_are_both_kept_as_they_were(data_dir, tmp_path,
                                                                     monkeypatch):
    """A foreign log set aside, then another within the same second: the second never takes the
    first one's name (it was written over, byte for byte lost)."""
    import game.core.files as files
    player_data(data_dir)
    logs = []
    for n in range(2):
        (tmp_path / str(n)).mkdir()
        logs.append(foreign_log(tmp_path / str(n), "alice"))
    monkeypatch.setattr(files.time, "strftime", lambda _form: "20261201-120000")  # one second
    for log in logs:
        for suffix, data in log.items():
            (data_dir / (DB_NAME + suffix)).write_bytes(data)
        held(data_dir)
    kept = sorted(p.read_bytes() for p in data_dir.glob("alice-foreign-log-*-wal"))
    assert kept == sorted(log["-wal"] for log in logs)
