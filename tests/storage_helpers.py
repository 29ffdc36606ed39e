"""What the player's data holds, read as the next start of the app would (a connection of its
own to the database in the test's data folder)."""

from __future__ import annotations

from contextlib import closing

from game.core import records, registry
from game.storage import Store, data_dir


def store() -> Store:
    return Store.open(data_dir())


def in_progress() -> list:
    """The games in progress, newest first (game.storage.Saved)."""
    with closing(store()) as db:
        return db.games.in_progress()


def has_game_in_progress() -> bool:
    return bool(in_progress())


def latest_record() -> dict:
    """The record of the game in progress played last."""
    with closing(store()) as db:
        [latest, *_rest] = db.games.in_progress()
        return db.games.record(latest.id)


def latest_saved():
    """(session, record) of the game in progress played last, replayed as Continue replays it."""
    record = latest_record()
    records.check_resumable(record)
    return records.replay(record), record


def finished_records() -> list[dict]:
    """Every finished game's record, oldest first."""
    with closing(store()) as db:
        return [record for _id, record in db.finished.records()]


def settings_kept() -> dict:
    with closing(store()) as db:
        return db.settings.read()[0]


def keep_in_progress(record: dict) -> int:
    """Put a game in progress into the data, as a window that then closed would have left it."""
    with closing(store()) as db:
        game_id = db.games.new(record)
        db.games.release(game_id)
        return game_id


def put_settings(values: dict) -> None:
    """Settings as a player (or another program) left them in the data, good or bad."""
    with closing(store()) as db:
        db.settings.put(values)


def read_settings():
    """The settings as the app's start reads them: (settings, messages)."""
    from game.services import settings as schema
    with closing(store()) as db:
        loaded = schema.load(db)
        return dict(loaded), loaded.messages


def bests() -> dict:
    with closing(store()) as db:
        return db.bests.read("cementopia")


def edit(sql: str, *args) -> None:
    """Change the database behind the app's back, as a player with the sqlite3 shell (or a
    damaged disk) could: the app must read whatever this leaves."""
    import sqlite3
    from game.storage.store import DB_NAME
    Store.open(data_dir()).close()  # made, at the current schema
    con = sqlite3.connect(data_dir() / DB_NAME)
    try:
        con.execute(sql, args)
        con.commit()
    finally:
        con.close()


def contents() -> dict:
    """What the player's data holds, table by table (a logical snapshot: the database file's
    bytes change with its journal, what it holds is what counts)."""
    from game.storage.store import DB_NAME
    if not (data_dir() / DB_NAME).is_file():
        return {}
    with closing(store()) as db:
        return {"games": [(g.id, g.game, g.actions) for g in db.games.in_progress()],
                "finished": [(i, r) for i, r in db.finished.records()],
                "settings": db.settings.read()[0],
                "lessons": {game: db.lessons.read(game) for game in registry.ids()},
                "bests": db.bests.read("cementopia")}


def without_lessons(kept: dict) -> dict:
    return {k: v for k, v in kept.items() if k != "lessons"}


def only_lesson_places() -> bool:
    """Nothing in the player's data but where lessons were left."""
    kept = contents()
    return kept["games"] == kept["finished"] == [] and kept["settings"] == {} \
        and kept["bests"] == {}


HOLD = """
import sqlite3, sys
con = sqlite3.connect(sys.argv[1], isolation_level=None)
con.execute("BEGIN EXCLUSIVE")
con.execute("INSERT INTO meta (key, value) VALUES ('held', 'x') ON CONFLICT (key) DO NOTHING")
print("held", flush=True)
sys.stdin.read()
con.execute("ROLLBACK")
"""


class HeldLock:
    """Another program (a backup tool, a sync client, the sqlite3 shell) holding the data's write
    lock: a real second process in `BEGIN EXCLUSIVE` (a write pending: in WAL mode it keeps
    writers out, not readers), until release()."""

    def __init__(self, folder=None):
        import subprocess
        import sys
        from game.storage.store import DB_NAME
        folder = data_dir() if folder is None else folder
        store_ = Store.open(folder)  # the database is there first, as the app made it
        store_.close()
        self.proc = subprocess.Popen([sys.executable, "-c", HOLD, str(folder / DB_NAME)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout.readline().strip() == "held"

    def holding(self) -> bool:
        return self.proc.poll() is None

    def release(self) -> None:
        if self.holding():
            self.proc.stdin.close()
            self.proc.wait(timeout=300)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.release()
