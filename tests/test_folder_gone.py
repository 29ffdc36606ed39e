"""The data folder deleted, emptied or its file replaced while a game is played (issue 56 item 1).

SQLite goes on writing to a file that was deleted (through the descriptor it holds open), so each
of these used to report saves that nothing at the data path held. What must hold, on the real
filesystem: no save is claimed that the data path does not hold; the game in play and the games
the window still had are made again there (or, in a file put in its place, added to what it
holds); the player is told once.
"""

import os
import shutil
import sqlite3
from contextlib import closing

import pytest

from game.core import records
from game.storage import Store, StoreError
from game.storage.store import DB_NAME
from scenes.table.saving import SaveService
from tests.storage_helpers import finished_records, in_progress
from tests.test_saves import game_after


def remove(folder, how):
    """What a player or a sync tool does to the data folder behind the app's back."""
    if how in ("folder", "emptied"):
        shutil.rmtree(folder)
        if how == "emptied":
            folder.mkdir()
    else:  # only the database and its logs
        for suffix in ("", "-wal", "-shm"):
            path = folder / (DB_NAME + suffix)
            if path.exists():
                path.unlink()


def at_once(folder, how, n=0):
    """The same at one instant (rmtree, or three unlinks, take a while: a write that comes
    between them would see a folder half gone, and the rest removed after it was made again)."""
    if how == "file":
        (folder / DB_NAME).unlink()
        return
    gone = folder.with_name(f"gone-{n}")
    folder.rename(gone)
    if how == "emptied":
        folder.mkdir(exist_ok=True)
    shutil.rmtree(gone)


def finish(saver, session):
    while not session.state.is_over():
        session.play(session.state.legal_actions()[0])
    saver.finish(records.record_of(session))
    assert saver.flush()


def finished_games(store, count, seed=20):
    for n in range(count):
        saver = SaveService(store)
        finish(saver, game_after(1, seed + n))
        saver.close()


def moves_kept(folder) -> list[int]:
    """The moves of each game in progress that the data path holds (a fresh start's view)."""
    with closing(Store.open(folder)) as db:
        return [g.actions for g in db.games.in_progress()]


@pytest.mark.parametrize("how", ["folder", "emptied", "file"])
def test_a_data_folder_removed_mid_game_is_made_again_with_the_game_and_the_finished_ones(
        data_dir, how):
    store = Store.open(data_dir)
    finished_games(store, 2)
    saver = SaveService(store)
    session = game_after(3)
    saver.save(records.record_of(session))
    assert saver.flush() and saver.saved
    remove(data_dir, how)
    session.play(session.state.legal_actions()[0])
    saver.save(records.record_of(session))
    assert saver.flush()
    assert saver.saved and saver.problem is None  # true only if the data path holds it:
    assert moves_kept(data_dir) == [len(session.history)]
    assert len(finished_records()) == 2  # the games this window still had came back too
    [said] = store.news()
    assert "removed" in said and "2 finished games" in said
    session.play(session.state.legal_actions()[0])
    saver.save(records.record_of(session))
    finish(saver, session)
    saver.close()
    assert store.news() == []  # said once
    store.close()
    assert in_progress() == [] and len(finished_records()) == 3
    [last] = [r for r in finished_records() if records.replay(r).state == session.state]
    records.verify(last)


def test_a_folder_removed_between_two_saves_of_a_new_window_thread(data_dir):
    """A game started after the folder went (its save thread has no connection yet)."""
    store = Store.open(data_dir)
    finished_games(store, 1)
    remove(data_dir, "folder")
    saver = SaveService(store)
    session = game_after(2)
    saver.save(records.record_of(session))
    assert saver.flush() and saver.saved
    saver.close()
    store.close()
    assert moves_kept(data_dir) == [2] and len(finished_records()) == 1


def other_database(folder, finished=1, seed=90):
    """A database another computer wrote (a sync tool's copy), closed, in `folder`."""
    with closing(Store.open(folder)) as other:
        finished_games(other, finished, seed)
    return folder / DB_NAME


@pytest.mark.parametrize("logs", ["left", "gone"])
def test_a_data_file_replaced_by_another_is_kept_and_the_game_added_to_it(data_dir, tmp_path, logs):
    """What the new file holds stays; this window's games it lacks are added; nothing of this
    window's log is read into it."""
    store = Store.open(data_dir)
    finished_games(store, 2)
    saver = SaveService(store)
    session = game_after(3)
    saver.save(records.record_of(session))
    assert saver.flush()
    theirs = other_database(tmp_path / "elsewhere", finished=1)
    if logs == "gone":
        remove(data_dir, "file")
    os.replace(theirs, data_dir / DB_NAME)  # another inode at the data path; our log may stay
    session.play(session.state.legal_actions()[0])
    saver.save(records.record_of(session))
    assert saver.flush() and saver.saved
    assert moves_kept(data_dir) == [len(session.history)]
    assert len(finished_records()) == 3  # theirs and this window's two
    [said] = store.news()
    assert "replaced" in said
    finish(saver, session)
    saver.close()
    store.close()
    assert in_progress() == [] and len(finished_records()) == 4
    with closing(sqlite3.connect(data_dir / DB_NAME)) as con:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_a_replacement_the_app_cannot_use_is_left_alone_and_no_save_is_claimed(data_dir):
    store = Store.open(data_dir)
    saver = SaveService(store)
    session = game_after(3)
    saver.save(records.record_of(session))
    assert saver.flush()
    remove(data_dir, "file")
    (data_dir / DB_NAME).write_bytes(b"not a database, a sync tool's conflict file" * 100)
    before = (data_dir / DB_NAME).read_bytes()
    session.play(session.state.legal_actions()[0])
    saver.save(records.record_of(session))
    assert saver.flush()
    assert not saver.saved and "export" in saver.problem and "replaced" in saver.problem
    assert (data_dir / DB_NAME).read_bytes() == before
    saver.close()
    store.close()


def test_a_folder_that_cannot_be_made_again_is_said_and_no_save_is_claimed(tmp_path):
    folder = tmp_path / "data"
    store = Store.open(folder)
    saver = SaveService(store)
    session = game_after(3)
    saver.save(records.record_of(session))
    assert saver.flush()
    shutil.rmtree(folder)
    folder.write_text("a file where the folder was")  # nothing can make the folder again
    session.play(session.state.legal_actions()[0])
    saver.save(records.record_of(session))
    assert saver.flush()
    assert not saver.saved and "removed" in saver.problem and "export" in saver.problem
    saver.close()
    store.close()


# --- the table --------------------------------------------------------------------------------

def test_the_table_says_once_that_the_folder_was_made_again_and_the_game_is_kept(app, data_dir):
    from tests.test_files_faults import play_cementopia, toasts
    from tests.ui_helpers import frames
    table = play_cementopia(app, 2)
    remove(data_dir, "folder")
    for _ in range(3):
        table.play(table.state.legal_actions()[0])
        table.saves.service.flush()
        frames(app, 1)
    said = [t for t in toasts(app) if "removed" in t]
    assert len(said) == 1 and table.saves.service.saved
    menu = app.stack.push(app.make("menu", table=table))
    assert menu.saving_note() == "Your game is saved automatically."
    app.stack.pop()
    assert moves_kept(data_dir) == [len(table.session.history)]


def test_a_read_from_another_thread_after_the_file_went_does_not_hide_the_games(data_dir):
    """A thread that connects after the file went makes an empty one there (SQLite creates what
    it opens): the next save still brings every game back, and says the folder was removed."""
    store = Store.open(data_dir)
    finished_games(store, 2)
    saver = SaveService(store)
    session = game_after(3)
    saver.save(records.record_of(session))
    assert saver.flush()
    gone_then_read(store, data_dir)
    assert (data_dir / DB_NAME).exists()  # the empty file that read made
    session.play(session.state.legal_actions()[0])
    saver.save(records.record_of(session))
    assert saver.flush() and saver.saved
    [said] = store.news()
    assert "removed" in said and "2 finished games" in said
    saver.close()
    store.close()
    assert moves_kept(data_dir) == [len(session.history)] and len(finished_records()) == 2


def test_a_game_let_go_before_the_file_went_is_kept_when_a_thread_made_it_empty(data_dir):
    """A game in progress another saver let go (its table closed, kept to resume) is in the file
    made again too, when a thread of this window connected first and left an empty file there."""
    store = Store.open(data_dir)
    left = SaveService(store)
    resumable = game_after(2, 4)
    left.save(records.record_of(resumable))
    assert left.flush()
    left.close()  # the table closed: the game waits in History to be resumed
    saver = SaveService(store)
    session = game_after(3)
    saver.save(records.record_of(session))
    assert saver.flush()
    gone_then_read(store, data_dir)
    session.play(session.state.legal_actions()[0])
    saver.save(records.record_of(session))
    assert saver.flush() and saver.saved
    saver.close()
    store.close()
    assert sorted(moves_kept(data_dir)) == sorted([len(resumable.history), len(session.history)])


def test_a_commit_to_a_file_already_made_again_never_brings_its_older_games_back(data_dir):
    """One thread's write began on the file before it went; another thread made the file again
    and the game went on there; the folder is removed again before that write commits: the file
    made again this time holds the game's latest position, not the first file's older one."""
    import threading
    store = Store.open(data_dir)
    saver = SaveService(store)
    session = game_after(0, 2)
    saver.save(records.record_of(session))
    assert saver.flush()
    inside, go = threading.Event(), threading.Event()

    def work():
        with store._write() as c:  # a settings write, held open (a slow thread)
            c.execute("INSERT OR REPLACE INTO settings (key, value) VALUES ('volume', '3')")
            inside.set()
            go.wait()
    writer = threading.Thread(target=store._run, args=("{reason}", work))
    writer.start()
    assert inside.wait(60)
    remove(data_dir, "file")
    for _ in range(5):
        session.play(session.state.legal_actions()[0])
        saver.save(records.record_of(session))
        assert saver.flush() and saver.saved
    saver.close()
    remove(data_dir, "folder")
    go.set()
    writer.join()
    store.close()
    assert moves_kept(data_dir) == [len(session.history)]


def gone_then_read(store, folder):
    """The data file deleted, then a read from a new thread of the window: SQLite makes an empty
    file at the path as that thread connects."""
    import threading
    remove(folder, "file")
    reader = threading.Thread(target=_try, args=(store.games.counts,))
    reader.start()
    reader.join()


def _try(work):
    try:
        work()
    except StoreError:  # an empty file has no tables: the read fails, in words
        pass


def test_two_windows_on_a_removed_folder_both_keep_their_game(data_dir):
    """The first window to write makes the folder again; the second adds its game's latest
    position to that file (never over it), and both are told the folder was removed."""
    first, second = Store.open(data_dir), Store.open(data_dir)
    finished_games(first, 1)
    savers = [SaveService(first), SaveService(second)]
    sessions = [game_after(2, 4), game_after(3, 6)]
    for saver, session in zip(savers, sessions):
        saver.save(records.record_of(session))
        assert saver.flush()
    remove(data_dir, "folder")
    for saver, session in zip(savers, sessions):
        session.play(session.state.legal_actions()[0])
        saver.save(records.record_of(session))
        assert saver.flush() and saver.saved
    assert sorted(moves_kept(data_dir)) == [3, 4] and len(finished_records()) == 1
    for store in (first, second):
        [said] = store.news()
        assert "removed" in said and "1 finished game" in said
    for saver in savers:
        saver.close()
    first.close()
    second.close()


def test_the_folder_removed_while_two_threads_of_a_window_write_sets_no_game_back(data_dir):
    """Settings kept from one thread while the save thread plays, and the folder removed at a
    random instant of each game: a commit of one thread that went to the file just removed never
    brings an older position, or a game twice, into the file the other made again."""
    import random
    import threading
    store = Store.open(data_dir)
    rng = random.Random(5)
    stop = threading.Event()
    failed = []

    def keep_settings():
        n = 0
        while not stop.is_set():
            n += 1
            try:
                store.settings.put({"volume": n % 10})
            except StoreError as exc:
                failed.append(str(exc))
    writer = threading.Thread(target=keep_settings)
    writer.start()
    ours = []
    try:
        for n in range(10):
            saver = SaveService(store)
            session = game_after(0, n)
            hostile = threading.Timer(rng.uniform(0, 0.02), at_once,
                                      (data_dir, rng.choice(["folder", "emptied", "file"]), n))
            hostile.start()
            for _ in range(6):
                session.play(session.state.legal_actions()[0])
                saver.save(records.record_of(session))
                assert saver.flush() and saver.saved, saver.problem
            hostile.join()
            saver.save(records.record_of(session))  # (the folder may have gone after the last)
            assert saver.flush() and saver.saved, saver.problem
            ours.append((saver.game_id, len(session.history)))
            saver.close()
    finally:
        stop.set()
        writer.join()
    assert failed == []
    with closing(sqlite3.connect(data_dir / DB_NAME)) as con:  # as another process reads it
        kept = con.execute("SELECT id, actions FROM games WHERE state = 'playing'").fetchall()
    assert sorted(kept) == sorted(ours)
    store.close()
