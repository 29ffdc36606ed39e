"""Where the app keeps the player's data, the table's save service (off the frame, in order) and
several games in progress held by the windows that opened them (issue 38)."""

import os
import sqlite3
import sys
import threading

import pytest

from game.core import records
from game.assemble.record import new_session
from game.storage import ELSEWHERE, FREE, MINE, HeldElsewhere, Store, StoreError, data_dir
from game.storage.games import Games
from game.storage.store import DB_NAME, SCHEMA_VERSION, schema
from scenes.table.saving import SaveService
from tests.storage_helpers import edit, finished_records, in_progress, keep_in_progress, latest_saved
from tests.waiting import HANG_S

PLAYERS = [{"name": "Ada", "seat": "human", "colour": 0}, {"name": "Bo", "seat": "easy", "colour": 1}]


def game_after(moves: int, seed: int = 3):
    session = new_session(seed, [dict(p) for p in PLAYERS])
    for _ in range(moves):
        session.play(session.state.legal_actions()[0])
    return session


@pytest.fixture
def db(data_dir):
    store = Store.open(data_dir)
    yield store
    store.close()


@pytest.mark.skipif(sys.platform != "linux", reason="platformdirs reads XDG only on Linux")
def test_the_players_data_goes_to_the_platforms_data_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("ALICE_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "alice-assemble"


def test_one_database_in_the_data_folder_in_wal_mode_at_the_current_schema(db, data_dir):
    assert sorted(p.name for p in data_dir.iterdir() if not p.name.endswith(("-wal", "-shm"))) \
        == [DB_NAME]
    con = sqlite3.connect(data_dir / DB_NAME)
    try:
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == len(schema())
    finally:
        con.close()


def test_the_latest_position_is_what_is_kept(db):
    saver = SaveService(db)
    session = game_after(0)
    for _ in range(20):
        session.play(session.state.legal_actions()[0])
        saver.save(records.record_of(session))
    saver.close()
    resumed, _record = latest_saved()
    assert resumed.state == session.state
    assert 1 <= saver.writes <= 20  # saves not yet started were replaced by newer ones


def test_saving_does_not_wait_for_the_disk(db, monkeypatch):
    """The table hands a record over and goes on; the write happens on the worker."""
    gate = threading.Event()
    real = Games.new

    def slow(self, record):
        gate.wait(HANG_S)
        return real(self, record)

    monkeypatch.setattr(Games, "new", slow)
    saver = SaveService(db)
    saver.save(records.record_of(game_after(2)))  # returns although the disk "hangs"
    assert not in_progress() and not saver.flush(timeout=0.05) and not saver.saved
    gate.set()
    assert saver.flush(timeout=HANG_S) and saver.saved and len(in_progress()) == 1
    saver.close()


def test_finishing_moves_the_game_from_in_progress_to_finished_after_pending_saves(db):
    saver = SaveService(db)
    session = game_after(4)
    saver.save(records.record_of(session))
    while not session.state.is_over():
        session.play(session.state.legal_actions()[0])
    final = records.record_of(session)
    saver.finish(final)
    saver.close()
    assert in_progress() == []
    [kept] = finished_records()
    records.verify(kept)
    assert records.replay(kept).state == session.state and saver.game_id == db.finished.ids()[0]


def test_several_games_wait_at_once_and_a_new_game_touches_none_of_them(db):
    assemble = SaveService(db)
    assemble.save(records.record_of(game_after(3)))
    assemble.close()
    from game.cementopia.record import new_session as cementopia
    from game.grayblock.record import new_session as grayblock
    puzzle = cementopia(5)
    puzzle.play(puzzle.state.legal_actions()[0])
    match = grayblock(4, [dict(p) for p in PLAYERS])
    for session in (puzzle, match):
        saver = SaveService(db)
        saver.save(records.record_of(session))
        saver.close()
    assert sorted(g.game for g in in_progress()) == ["assemble", "cementopia", "grayblock"]
    assert all(g.held == FREE for g in db.games.in_progress())  # each window let its game go


def test_a_disabled_service_never_writes(data_dir):
    saver = SaveService(None)
    session = game_after(3)
    saver.save(records.record_of(session))
    while not session.state.is_over():
        session.play(session.state.legal_actions()[0])
    saver.finish(records.record_of(session))
    saver.close()
    assert not data_dir.exists()


# --- two windows -------------------------------------------------------------------------------

def test_a_game_is_held_by_the_window_that_opened_it(data_dir):
    first, second = Store.open(data_dir), Store.open(data_dir)
    try:
        game_id = first.games.new(records.record_of(game_after(2)))
        assert [g.held for g in first.games.in_progress()] == [MINE]
        assert [g.held for g in second.games.in_progress()] == [ELSEWHERE]
        with pytest.raises(HeldElsewhere):
            second.games.take(game_id)
        with pytest.raises(HeldElsewhere):
            second.games.drop(game_id)
        first.games.release(game_id)
        assert second.games.take(game_id)["game"] == "assemble"
        assert [g.held for g in first.games.in_progress()] == [ELSEWHERE]
        with pytest.raises(HeldElsewhere):  # the first window may no longer write it
            first.games.save(game_id, records.record_of(game_after(3)))
    finally:
        first.close()
        second.close()


def test_a_lease_whose_heartbeat_stopped_on_another_computer_is_taken_over(data_dir, monkeypatch):
    # issue 56 item 3: time decides only for another computer (or a process that is gone)
    first, second = Store.open(data_dir), Store.open(data_dir)
    try:
        first.holder = "another-computer 12345 0123abcd"  # a window on a shared folder elsewhere
        game_id = first.games.new(records.record_of(game_after(2)))
        assert first.games.beat(game_id)
        assert [g.held for g in second.games.in_progress()] == [ELSEWHERE]
        import game.storage.connection as store_module
        later = store_module.time.time() + store_module.LEASE_S + 1
        monkeypatch.setattr(store_module.time, "time", lambda: later)  # its heartbeat stopped
        assert [g.held for g in second.games.in_progress()] == [FREE]
        second.games.take(game_id)
        assert not first.games.beat(game_id)  # the first window learns it has lost it
    finally:
        first.close()
        second.close()


@pytest.mark.parametrize("shift", [-3600.0, -16.0, 16.0, 86400.0 * 30])
def test_a_live_window_keeps_its_game_whatever_the_clocks_say(data_dir, shift):
    """Issue 56 item 3: the first window's clock (or the second's) is off by more than the lease
    (a laptop after sleep, NTP stepping): its game stays its own, and its moves are kept."""
    first, second = Store.open(data_dir), Store.open(data_dir)
    try:
        game_id = first.games.new(records.record_of(game_after(2)))
        edit("UPDATE games SET held_at = held_at + ?", shift)  # its heartbeat as its clock wrote it
        assert [g.held for g in second.games.in_progress()] == [ELSEWHERE]
        with pytest.raises(HeldElsewhere):
            second.games.take(game_id)
        with pytest.raises(HeldElsewhere):
            second.games.drop(game_id)
        first.games.save(game_id, records.record_of(game_after(3)))
        assert first.games.beat(game_id)
        assert in_progress()[0].actions == 3
    finally:
        first.close()
        second.close()


HOLD_AND_WAIT = (
    "import sys, time; import game.storage.connection as m; from game.storage import Store;"
    "from game.assemble.record import new_session; from game.core.records import record_of;"
    "s = Store.open(); real = time.time; m.time.time = lambda: real() + float(sys.argv[1]);"
    "print(s.games.new(record_of(new_session(3, [{'name': 'A', 'seat': 'human'},"
    "{'name': 'B', 'seat': 'easy'}]))), flush=True); sys.stdin.readline()")


@pytest.mark.parametrize("shift", [-7200.0, 7200.0])
def test_a_window_in_another_process_with_its_clock_off_keeps_its_game(data_dir, shift):
    """Two real processes, the first one's clock two hours off: while it runs its game is its own;
    once it is gone the game is free at once."""
    import subprocess
    child = subprocess.Popen([sys.executable, "-c", HOLD_AND_WAIT, str(shift)], text=True,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             env=dict(os.environ, ALICE_DATA_DIR=str(data_dir)))
    try:
        game_id = int(child.stdout.readline())
        db = Store.open(data_dir)
        try:
            assert [(g.id, g.held) for g in db.games.in_progress()] == [(game_id, ELSEWHERE)]
            with pytest.raises(HeldElsewhere):
                db.games.take(game_id)
            child.stdin.close()
            child.wait(timeout=HANG_S)
            assert [(g.id, g.held) for g in db.games.in_progress()] == [(game_id, FREE)]
            assert db.games.take(game_id)["seed"] == 3
        finally:
            db.close()
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="start times from /proc")
def test_a_lease_naming_a_live_pid_of_another_program_is_free(data_dir):
    """A window killed long ago whose pid now belongs to another program (pid reuse): the
    holder says when its process started, and that is not when the program of that pid did."""
    import time
    db = Store.open(data_dir)
    try:
        game_id = keep_in_progress(records.record_of(game_after(2)))
        host, _pid, token = db.holder.split(" ")
        stale = f"{host} {os.getppid()} {token.split('-')[0]}-1"  # a live pid, started at tick 1
        edit("UPDATE games SET holder = ?, held_at = ? WHERE id = ?", stale, time.time(), game_id)
        assert [g.held for g in db.games.in_progress()] == [FREE]
        assert db.games.take(game_id)["seed"] == 3
    finally:
        db.close()


def test_a_lease_left_by_a_process_that_is_gone_is_free_at_once(data_dir):
    import subprocess
    child = subprocess.run([sys.executable, "-c", (
        "import sys; from game.storage import Store; from game.assemble.record import new_session;"
        "from game.core.records import record_of;"
        "s = Store.open(); print(s.games.new(record_of(new_session(3, [{'name': 'A', 'seat': 'human'},"
        "{'name': 'B', 'seat': 'easy'}]))), flush=True); import os; os._exit(0)")],
        capture_output=True, text=True, timeout=HANG_S, env=dict(os.environ, ALICE_DATA_DIR=str(data_dir)))
    game_id = int(child.stdout)
    db = Store.open(data_dir)
    try:
        assert [(g.id, g.held) for g in db.games.in_progress()] == [(game_id, FREE)]  # its pid is gone
        assert db.games.take(game_id)["seed"] == 3
    finally:
        db.close()


def test_a_saver_whose_game_was_taken_over_stops_writing_and_says_so(data_dir, monkeypatch):
    first, second = Store.open(data_dir), Store.open(data_dir)
    try:
        saver = SaveService(first)
        saver.save(records.record_of(game_after(2)))
        saver.flush()
        first.games.release(saver.game_id)  # as if its heartbeat had stopped long ago
        second.games.take(saver.game_id)
        saver.save(records.record_of(game_after(3)))
        saver.flush()
        [said] = saver.messages()
        assert "another window" in said and not saver.saved and saver.lost
        assert in_progress()[0].actions == 2  # the other window's game is untouched
        session = game_after(3)
        while not session.state.is_over():
            session.play(session.state.legal_actions()[0])
        saver.finish(records.record_of(session))  # its end is still kept: a game of its own
        saver.close()
        assert len(finished_records()) == 1 and len(in_progress()) == 1
    finally:
        first.close()
        second.close()


def test_settings_changed_in_two_windows_are_both_kept(data_dir):
    from game.services import settings as schema
    first, second = Store.open(data_dir), Store.open(data_dir)
    try:
        one, two = schema.load(first), schema.load(second)
        one["sound"] = False
        two["language"] = "ja"
        two["speed"] = 2.5
        assert schema.keep(first, one) is None and schema.keep(second, two) is None
        one["volume"] = 40  # the first window writes again: the second's settings stay
        assert schema.keep(first, one) is None
        assert dict(schema.load(first)) == {"sound": False, "language": "ja", "speed": 2.5,
                                            "volume": 40}
    finally:
        first.close()
        second.close()


def test_a_busy_database_is_waited_for_never_shown_as_locked(data_dir, monkeypatch):
    import game.storage.connection as store_module
    monkeypatch.setattr(store_module, "BUSY_S", 0.01)
    first, second = Store.open(data_dir), Store.open(data_dir)
    blocker = sqlite3.connect(data_dir / DB_NAME, isolation_level=None)
    waits, release = [], [True]

    def wait(seconds):  # the other window finishes its write while this one waits
        waits.append(seconds)
        if release and len(waits) == 2:
            release.clear()
            blocker.execute("COMMIT")
    monkeypatch.setattr(store_module.time, "sleep", wait)
    try:
        blocker.execute("BEGIN IMMEDIATE")  # another window, mid-write
        game_id = second.games.new(records.record_of(game_after(1)))  # waits, then goes through
        assert len(waits) == 2 and [g.id for g in first.games.in_progress()] == [game_id]
        blocker.execute("BEGIN IMMEDIATE")  # and one that never lets go: a line, in words
        waits.clear()
        with pytest.raises(StoreError) as failed:
            second.games.save(game_id, records.record_of(game_after(2)))
        assert "another window kept the data busy" in failed.value.words
        assert "locked" not in failed.value.words and len(waits) == store_module.RETRIES - 1
        blocker.execute("ROLLBACK")
    finally:
        blocker.close()
        first.close()
        second.close()


# --- the schema --------------------------------------------------------------------------------

def test_every_older_schema_is_brought_to_this_one_keeping_what_it_holds(data_dir):
    """Each step of SCHEMA from an empty file, then data put in at that version, then this
    version opens it: it migrates, and what was there is still there."""
    for version in range(0, SCHEMA_VERSION):
        folder = data_dir / f"v{version}"
        folder.mkdir(parents=True)
        con = sqlite3.connect(folder / DB_NAME)
        for step in schema()[:version]:
            con.executescript(step)
        con.execute(f"PRAGMA user_version = {version}")
        con.commit()
        con.close()
        db = Store.open(folder)
        try:
            assert db.kept and not db.problems
            game_id = db.games.new(records.record_of(game_after(1)))
            assert [g.id for g in db.games.in_progress()] == [game_id]
        finally:
            db.close()
        con = sqlite3.connect(folder / DB_NAME)
        assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        con.close()


def test_a_database_written_at_schema_1_opens_migrated_with_everything_in_it(data_dir):
    import shutil
    from pathlib import Path
    data_dir.mkdir(parents=True)
    shutil.copy(Path(__file__).parent / "fixtures" / "store-v1" / DB_NAME, data_dir / DB_NAME)
    db = Store.open(data_dir)
    try:
        assert db.kept and not db.problems
        assert [(e.game, e.players[0][0]) for e in db.finished.entries()] == [("grayblock", "Ada"),
                                                                     ("assemble", "Ada")]
        [saved] = db.games.in_progress()
        assert (saved.game, saved.actions, saved.held) == ("cementopia", 4, FREE)
        assert db.settings.read() == ({"sound": False, "language": "ja"}, [])
        assert db.bests.read("cementopia") == {"23": {"best": 9, "unassisted_best": 9}}
        from game.services import stats
        figures = stats.kept(db)
        assert figures["games"]["grayblock"]["finished"] == 1
        assert db.integrity() == "ok"
    finally:
        db.close()
    con = sqlite3.connect(data_dir / DB_NAME)
    assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    con.close()


def test_statistics_are_worked_out_once_per_change_of_the_finished_games(db, monkeypatch):
    """Kept figures are given as long as no finished game changed; any change (a game kept, an
    import, an edit behind the app's back) has them worked out again."""
    from game.services import stats
    from tests.test_history import played
    db.games.finish(None, played("assemble", 3)[0])
    worked = []
    real = stats.compute
    monkeypatch.setattr(stats, "compute", lambda *a, **k: worked.append(1) or real(*a, **k))
    first = stats.kept(db)
    assert stats.kept(db) == first and len(worked) == 1  # the second look: kept
    assert first["games"]["assemble"]["finished"] == 1
    db.games.finish(None, played("assemble", 4)[0])
    assert stats.kept(db)["games"]["assemble"]["finished"] == 2 and len(worked) == 2
    game_id = db.finished.ids()[0]
    con = sqlite3.connect(data_dir() / DB_NAME)
    con.execute("UPDATE games SET entry = '{' WHERE id = ?", (game_id,))  # behind the app's back
    con.commit()
    stats.kept(db)
    assert len(worked) == 3
    con.execute("UPDATE figures SET value = '[not figures'")  # the kept figures themselves
    con.commit()
    con.close()
    assert stats.kept(db)["games"]["assemble"]["finished"] == 2 and len(worked) == 4
    import datetime
    stats.kept(db, datetime.date(2030, 1, 1))  # another day: the daily streak counts to it
    assert len(worked) == 5


def test_opening_twice_migrates_once_and_changes_nothing(data_dir):
    db = Store.open(data_dir)
    db.settings.put({"sound": False})
    db.close()
    again = Store.open(data_dir)
    try:
        assert again.settings.read() == ({"sound": False}, []) and not again.problems
    finally:
        again.close()


@pytest.mark.parametrize("holder, held_at", [
    (b"\x00\xff", "soon"), ("host 1 tok", "soon"), (b"blob", 1.0), (7, b"\x01"),
    ("x" * 10_000, 1e308), (f"{__import__('socket').gethostname()} 0 tok", 2.0**63),
    (f"{__import__('socket').gethostname()} {'9' * 5000} tok", -1.0)])
def test_a_lease_of_the_wrong_type_is_free_and_its_game_listed(data_dir, capsys, holder, held_at):
    """Issue 56 item 5: `saves` and the window's start read a lease they cannot read as free."""
    from tests.cli_helpers import run
    game_id = keep_in_progress(records.record_of(game_after(2)))
    edit("UPDATE games SET holder = ?, held_at = ? WHERE id = ?", holder, held_at, game_id)
    code, out, err = run(capsys, "saves")
    assert code == 0 and err == "" and out.count("\n") == 1 and out.startswith(f"{game_id}: ")
    code, out, err = run(capsys, "saves", "--json")
    assert code == 0 and err == ""
    assert [g["open_elsewhere"] for g in __import__("json").loads(out)["in_progress"]] == [False]
    db = Store.open(data_dir)
    try:
        assert [(g.id, g.held) for g in db.games.in_progress()] == [(game_id, FREE)]
        assert db.games.take(game_id)["seed"] == 3
    finally:
        db.close()
