"""Fuzzing what comes from outside the app: records of every registered game (read, verified,
listed in History, resumed), the settings and the lessons' places as the data file holds them,
bot answers as their processes write them, and the score batch's lines. Each gives a value or a
one-line refusal, never another exception.

CI runs a few examples of each (ALICE_FUZZ_EXAMPLES, default 20); `python build/fuzz.py` runs
many more: run it before resolving an issue that touches any of these readers. A failure it
finds becomes a named test in the reader's own test file."""

from __future__ import annotations

import copy
import functools
import io
import json
import os
import random
import sqlite3
import tempfile
import threading
from contextlib import closing
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core import records, registry
from game.services import settings as schema
from game.bots import make_bot
from game.bots.external import BotFailure, ExternalBot
from game.services.cli import UsageError, _batch_item
from game.core.errors import RecordError
from game.storage.history import entry_of
from game.services.play import play_out
from game.storage import Store
from game.storage.store import fingerprint
from game.tutorial import SCRIPTS
from game.storage import lesson_places as lesson_store
from game.tutorial.lesson import Lesson
from tests.strategies import any_text
from tests.test_opening import finished

EXAMPLES = int(os.environ.get("ALICE_FUZZ_EXAMPLES", "20"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=EXAMPLES <= 50,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
# a data file per example, each write synced: a quarter as many in CI (the long run: all)
ON_DISK = settings(FUZZ, max_examples=max(5, EXAMPLES // 4) if EXAMPLES <= 50 else EXAMPLES)

# --- hostile values --------------------------------------------------------------------------

LONG = "W" * 100_000
ODD_TEXT = ["", "\x00", "\u202e", "A\x00\u202eB", "\ud7ff", "名前", LONG, "..", "/etc/passwd",
            "cmd:sh -c 'echo hi'", "NaN", "1e999"]
HOSTILE = st.one_of(
    st.none(), st.booleans(),
    st.integers(min_value=-2**70, max_value=2**70),
    st.sampled_from([-1, 0, 1, 31, 32, 2**31, 2**63, 10**400]),
    st.floats(allow_nan=True, allow_infinity=True),
    any_text(12), st.sampled_from(ODD_TEXT),
    st.lists(st.integers(-3, 40), max_size=4),
    st.dictionaries(any_text(4), st.integers(-3, 40), max_size=3),
    st.integers(1, 300).map(lambda depth: nested(depth)),
)


def nested(depth: int) -> list:
    """[[[...]]] `depth` deep (deeper nesting goes in as text: see as_text)."""
    value: list = []
    for _ in range(depth - 1):
        value = [value]
    return value


def paths(data, here=()):
    """Every place in a JSON value: (path, value), the root first."""
    yield here, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from paths(value, here + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from paths(value, here + (index,))


def mutate(data, draw):
    """One change at a place hypothesis picks: a hostile value, a removal, a repeat or a swap."""
    places = list(paths(data))[1:]
    if not places:
        return data
    path, _value = places[draw(st.integers(0, len(places) - 1))]
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    how = draw(st.sampled_from(["value", "value", "value", "drop", "repeat", "swap"]))
    if how == "drop":
        del parent[last]
    elif how == "repeat" and isinstance(parent, list):
        parent.insert(last, copy.deepcopy(parent[last]))
    elif how == "swap" and isinstance(parent, list) and len(parent) > 1:
        other = draw(st.integers(0, len(parent) - 1))
        parent[last], parent[other] = parent[other], parent[last]
    else:
        parent[last] = draw(HOSTILE)
    return data


def as_text(data, draw) -> str:
    """The value as a file would hold it, sometimes cut short or nested past any stack."""
    text = json.dumps(data, allow_nan=True)
    how = draw(st.integers(0, 19))
    if how == 0:
        text = text[:draw(st.integers(0, len(text)))]
    elif how == 1:
        text = text.replace("[", "[" * 50_000 + "[", 1).replace("]", "]" * 50_000 + "]", 1)
    return text


def one_line(exc: BaseException) -> None:
    words = str(exc)
    assert words and "\n" not in words, f"not one line: {words!r}"


# --- records ---------------------------------------------------------------------------------

def _records(game: str) -> list[dict]:
    """A finished game and one half-way, random bots in every seat at the game's smallest table
    and its largest."""
    info = registry.info(game)
    module = registry.game_module(game)
    out = []
    for players, seed in ((min(info.player_counts), 3), (max(info.player_counts), 4)):
        names = [{"name": f"P{i + 1}", "seat": "random"} for i in range(players)]
        session = module.new_session(seed, names, registry.rules_of(game, {}))
        play_out(session, {i: make_bot("random", game, seed + i) for i in range(players)})
        record = records.record_of(session)
        out.append(record)
    # half-way: the same game with its later actions cut (replayed to the cut)
    rng = random.Random(game)
    names = [{"name": "Ann", "seat": "human"}] + [{"name": f"Bot {i}", "seat": "easy"}
                                                    for i in range(1, min(info.player_counts))]
    session = module.new_session(5, names, registry.rules_of(game, {}))
    for _ in range(12):
        if session.state.is_over():
            break
        session.history.apply(rng.choice(session.state.legal_actions()))
    out.append(records.record_of(session))
    return out


RECORDS = {game: _records(game) for game in registry.ids()}


@pytest.mark.parametrize("game", registry.ids())
@FUZZ
@given(data=st.data())
def test_a_damaged_record_is_read_or_refused_in_one_line(game, data):
    record = copy.deepcopy(data.draw(st.sampled_from(RECORDS[game])))
    for _ in range(data.draw(st.integers(1, 3))):
        record = mutate(record, data.draw)
    text = as_text(record, data.draw)
    try:
        parsed = records.parse_record(text)
    except RecordError as exc:
        one_line(exc)
        return
    try:  # History lists it
        entry_of(copy.deepcopy(parsed), "fallback.json")
    except (RecordError, ValueError) as exc:
        one_line(exc)
    try:  # verify replays it and checks its result; Continue resumes it
        records.check_resumable(parsed)
        records.verify(parsed)
        session = records.replay(parsed)
    except RecordError as exc:
        one_line(exc)
        return
    again = records.record_of(session)  # what an export would write reads back the same
    assert records.replay(records.parse_record(json.dumps(again))).state == session.state


# --- settings and lessons, as the data file holds them ------------------------------------------

def _raw(folder: Path, table: str, rows) -> Store:
    """The data file with these rows put in by another program, then opened as the app does."""
    Store.open(folder).close()  # made by the app first
    with closing(sqlite3.connect(folder / "alice.sqlite3")) as db, db:
        db.executemany(f"INSERT OR REPLACE INTO {table} VALUES (?, ?)", rows)
    return Store.open(folder)


VALUES_AS_TEXT = st.one_of(
    HOSTILE.map(lambda value: json.dumps(value, allow_nan=True)),
    any_text(30),
    st.sampled_from(["", "{", "[" * 5000, "1" * 5000, "\x00", "NaN", '{"a":' * 40 + "1" + "}" * 40]))


@ON_DISK
@given(rows=st.lists(st.tuples(st.sampled_from(sorted(schema.FIELDS) + ["setup", "x", ""]),
                               VALUES_AS_TEXT), min_size=1, max_size=4),
       setup=st.dictionaries(st.sampled_from(sorted(schema.SETUP)), HOSTILE, max_size=4))
def test_settings_of_any_kind_load_as_usable_values_with_a_line_each(rows, setup):
    rows = rows + [("setup", json.dumps(setup, allow_nan=True))]
    with tempfile.TemporaryDirectory() as folder:
        with closing(_raw(Path(folder), "settings", rows)) as db:
            loaded = schema.load(db)
            assert all(schema.valid(key, value) for key, value in loaded.items()
                       if key in schema.FIELDS)
            for key, value in (loaded.get("setup") or {}).items():
                assert schema.SETUP[key].good(value)
            for line in loaded.messages:
                assert "\n" not in str(line)
            assert schema.keep(db, loaded) is None  # and what is kept is written back


def _lesson_entry(game: str, steps: int) -> dict:
    script = SCRIPTS[game]
    players = [{"name": name, "seat": kind} for name, kind in script.players]
    module = registry.game_module(game)
    session = (module.new_session(script.seed, players) if script.rules is None
               else module.new_session(script.seed, players, script.rules))
    for _ in range(steps):
        if session.state.is_over():
            break
        session.history.apply(session.state.legal_actions()[0])
    return {"record": records.record_of(session),
            "lesson": Lesson(script, index=min(steps, len(script.steps))).to_json()}


@pytest.mark.parametrize("game", sorted(SCRIPTS))
@ON_DISK
@given(data=st.data())
def test_a_damaged_place_in_a_lesson_resumes_or_starts_afresh_with_a_line(game, data):
    entry = _lesson_entry(game, data.draw(st.integers(0, 6)))
    for _ in range(data.draw(st.integers(0, 3))):
        entry = mutate(entry, data.draw)
    text = as_text(entry, data.draw)
    with tempfile.TemporaryDirectory() as folder:
        with closing(_raw(Path(folder), "lessons", [(game, text)])) as db:
            session, lesson, said = lesson_store.load(db, SCRIPTS[game])
            if session is None:
                assert lesson is None and db.lessons.read(game) is None  # dropped: it starts afresh
                assert said is None or "\n" not in str(said)
            else:
                assert lesson is not None and said is None
                assert session.state.game == game


# --- bot answers ---------------------------------------------------------------------------

class _Gone:
    """Stands in for the bot's process once its answer is written: nothing to wait for or kill."""
    pid = None
    stdout = stderr = None

    def poll(self):
        return 0

    def wait(self, timeout=None):
        return 0


def _answers(game: str):
    state = registry.game_module(game).new_session(
        7, [{"name": f"P{i}", "seat": "human"} for i in range(min(registry.info(game).player_counts))],
        registry.rules_of(game, {})).state
    player = state.current_player()
    return state.view(player), state.legal_actions(), player


_DONE = threading.Thread(target=lambda: None)
_DONE.start()
_DONE.join()
ANSWERS = {game: _answers(game) for game in registry.ids()}


@pytest.mark.parametrize("game", registry.ids())
@FUZZ
@given(data=st.data())
def test_any_answer_from_a_bot_is_a_legal_move_or_a_failure_in_one_line(game, data):
    view, legal, player = ANSWERS[game]
    good = {"type": "action", "action": data.draw(st.sampled_from(legal)).to_json()}
    kind = data.draw(st.sampled_from(["damaged", "value", "bytes"]))
    if kind == "damaged":
        raw = as_text(mutate(copy.deepcopy(good), data.draw), data.draw).encode()
    elif kind == "value":
        raw = json.dumps(data.draw(HOSTILE), allow_nan=True).encode()
    else:
        raw = data.draw(st.binary(max_size=200))
    if data.draw(st.booleans()):
        raw += b"\n" + json.dumps(good).encode()  # a good line after: only the first one counts
    bot = ExternalBot("fuzz", game, player, timeout=0.05)
    bot.proc = _Gone()  # started: its output is the bytes above
    bot._kill_group = lambda: None  # type: ignore[method-assign]
    bot._threads = [_DONE] * 3  # its readers have read it all
    bot._read_stdout(io.BytesIO(raw + b"\n"))
    try:
        action = bot.decide(view, legal)
    except BotFailure as exc:
        one_line(exc)
        assert exc.reason
    else:
        assert action in legal
    finally:
        bot._closed.set()


# --- the score batch -------------------------------------------------------------------------

@FUZZ
@given(data=st.data())
def test_any_score_batch_line_is_scored_or_refused_in_one_line(data):
    good = {"line": data.draw(st.lists(st.integers(0, 31), max_size=6, unique=True)),
            "capacity": data.draw(st.integers(1, 3)), "flaw": data.draw(st.booleans())}
    kind = data.draw(st.sampled_from(["damaged", "bytes"]))
    if kind == "damaged":
        line = as_text(mutate(good, data.draw), data.draw).encode()
    else:
        line = data.draw(st.binary(max_size=200))
    try:
        result = _batch_item(line)
    except UsageError as exc:
        one_line(exc)
    else:
        assert isinstance(result, dict)
        json.dumps(result, allow_nan=False)  # printable as JSON: finite numbers only


# --- a log left by another database (issue 56, item 2) ------------------------------------------

PLAYER_GAMES = [finished(200 + n) for n in range(4)]


def _other_log(folder: Path, data) -> tuple[bytes, bytes]:
    """The -wal and -shm of another database as they are while it is open (before any
    checkpoint): another copy of the app's data, or any other program's, of any page size."""
    folder.mkdir()
    if data.draw(st.booleans(), label="another copy of the app's data"):
        store = Store.open(folder)
        for n in range(data.draw(st.integers(0, 3), label="its games")):
            store.games.finish(None, finished(700 + n))
        store.settings.put({"speed": data.draw(st.sampled_from([0.5, 2.0]))})
        closing_it = store.close
    else:
        con = sqlite3.connect(folder / "alice.sqlite3", isolation_level=None)
        con.execute(f"PRAGMA page_size = {data.draw(st.sampled_from([512, 1024, 4096, 65536]))}")
        con.execute("PRAGMA journal_mode=WAL")
        con.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, record TEXT)")  # a name of ours
        for n in range(data.draw(st.integers(0, 80), label="its rows")):
            con.execute("INSERT INTO games (record) VALUES (?)", (data.draw(any_text(40)) * n,))
        closing_it = con.close
    wal, shm = (Path(str(folder / "alice.sqlite3") + s).read_bytes() for s in ("-wal", "-shm"))
    closing_it()
    cut = data.draw(st.sampled_from([None, None, 32, 32 + 24 + 100]), label="cut short at")
    return (wal if cut is None else wal[:cut]), shm


def _log_of_later_data(mine: Path, data) -> tuple[bytes, bytes, list[dict]]:
    """The -wal and -shm of the player's own data played on after a copy of it was taken (the
    copy restored from a backup beside today's log), and the games played on."""
    later = [finished(600 + n) for n in range(data.draw(st.integers(1, 4), label="games later"))]
    store = Store.open(mine)
    for n, record in enumerate(later):
        store.games.finish(None, record)
        if data.draw(st.booleans(), label=f"a checkpoint after game {n}"):
            store._con().execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the log starts again
    wal, shm = (Path(str(mine / "alice.sqlite3") + s).read_bytes() for s in ("-wal", "-shm"))
    store.close()
    return wal, shm, later


# --- any value of any column of the data file (issue 56 item 5) -------------------------------

@functools.cache
def _every_table() -> tuple[Path, dict[str, list[str]]]:
    """A data file with rows in every table (finished games, one reviewed, games in progress,
    settings, a lesson's place, bests, kept Statistics, the meta counters), made once; and each
    table's columns."""
    from game.storage.kept_reviews import review_and_keep
    from game.services.stats import kept
    folder = Path(tempfile.mkdtemp(prefix="alice-every-table-"))
    with closing(Store.open(folder)) as db:
        done = []
        for game in registry.ids():
            finished, _larger, half = RECORDS[game]
            done.append((db.games.finish(None, finished), finished))
            db.games.release(db.games.new(half))
        for game_id, finished in done:
            try:
                review_and_keep(db, game_id, finished, 0, iterations=2)
                break
            except RecordError:
                continue  # a game that cannot be reviewed yet
        db.settings.put({"sound": False, "volume": 40, "language": "en"})
        game = sorted(SCRIPTS)[0]
        db.lessons.keep(game, _lesson_entry(game, 2))
        db.bests.keep("cementopia", "7", 11, False)
        db.bests.keep("cementopia", "8", 9, True)
        kept(db)
    tables = {}
    with closing(sqlite3.connect(folder / "alice.sqlite3")) as db:
        for (table,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
            tables[table] = [row[1] for row in db.execute(f"PRAGMA table_info({table})")]
            assert db.execute(f"SELECT count(*) FROM {table}").fetchone()[0], table
    return folder, tables


HOST_PID = f"{__import__('socket').gethostname()} {os.getppid()} 0123abcd"  # a live window's lease
TYPED = st.one_of(
    st.none(), st.integers(-2**63, 2**63 - 1), st.sampled_from([0, -1, 1, 2**63 - 1, -2**63]),
    st.floats(allow_nan=True, allow_infinity=True), st.binary(max_size=24), any_text(12),
    st.sampled_from(ODD_TEXT + ["9" * 5000, "a\nb", "2026-11-24T17:20:05Z", "playing", "finished",
                                HOST_PID, "host 1 tok", "[]", "{}", "null", "1e308"]),
    HOSTILE.map(lambda value: json.dumps(value, allow_nan=True)),
)


def _damage(path: Path, edits, draw) -> None:
    """Each (table, column, value) written into one row by another program; a value the schema
    refuses (NOT NULL, CHECK, a key's uniqueness) is not written."""
    with closing(sqlite3.connect(path)) as db:
        for table, column, value in edits:
            # a row named by its rowid, or by its primary key in a WITHOUT ROWID table (the tails)
            keys = [name for _, name, _, _, _, pk in sorted(
                db.execute(f"PRAGMA table_info({table})"), key=lambda c: c[5]) if pk] \
                if db.execute("SELECT sql LIKE '%WITHOUT ROWID%' FROM sqlite_master WHERE name = ?",
                              (table,)).fetchone()[0] else ["rowid"]
            named = ", ".join(keys)
            rows = db.execute(f"SELECT {named} FROM {table} ORDER BY {named}").fetchall()
            if not rows:
                continue
            row = rows[draw(st.integers(0, len(rows) - 1))]
            where = " AND ".join(f"{key} = ?" for key in keys)
            try:
                with db:
                    db.execute(f"UPDATE {table} SET {column} = ? WHERE {where}", (value, *row))
            except (sqlite3.IntegrityError, sqlite3.DatabaseError):
                continue


def _cli(*args) -> tuple[int, str, str]:
    from contextlib import redirect_stderr, redirect_stdout
    from game.services import cli
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(list(args))
    return code, out.getvalue(), err.getvalue()


@ON_DISK
@given(data=st.data())
def test_a_log_of_any_other_database_beside_good_data_loses_and_changes_no_game(data):
    """Another database's log, or the player's own of later than the database (a copy restored
    from a backup): every game of the database stays as it was; the only others a replayed log
    may bring are the ones it holds."""
    with tempfile.TemporaryDirectory() as temp:
        mine = Path(temp) / "mine"
        with closing(Store.open(mine)) as db:
            for record in PLAYER_GAMES[:data.draw(st.integers(1, 4), label="the player's games")]:
                db.games.finish(None, record)
            before = [record for _id, record in db.finished.records()]
        database = (mine / "alice.sqlite3").read_bytes()
        later: list[dict] = []
        if data.draw(st.booleans(), label="the player's own later log"):
            wal, shm, later = _log_of_later_data(mine, data)
            (mine / "alice.sqlite3").write_bytes(database)
        else:
            wal, shm = _other_log(Path(temp) / "other", data)
        for suffix, raw in (("-wal", wal), ("-shm", shm)):
            (mine / ("alice.sqlite3" + suffix)).write_bytes(raw)
        with closing(Store.open(mine)) as db:
            assert db.kept and len(db.problems) <= 1 and all("\n" not in str(p) for p in db.problems)
            after = [record for _id, record in db.finished.records()]
        assert after[:len(before)] == before
        # (the deal and the moves: a record kept gets the time it finished, so the dated key differs)
        assert {fingerprint(r, dated=False) for r in after[len(before):]} \
            <= {fingerprint(r, dated=False) for r in later}
        for aside in mine.glob("alice-foreign-log-*-wal"):
            assert aside.read_bytes() == wal  # set aside byte for byte


@ON_DISK
@given(data=st.data())
def test_any_value_in_any_column_leaves_every_row_listed_and_deletable(data):
    import shutil
    from scenes.app.window import App, AppOptions
    from game.storage import ELSEWHERE
    from game.services.stats import kept
    template, tables = _every_table()
    edits = data.draw(st.lists(st.tuples(st.sampled_from(sorted(tables)), st.data(), TYPED),
                               min_size=1, max_size=8))
    edits = [(table, choose.draw(st.sampled_from(tables[table])), value)
             for table, choose, value in edits]
    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as patch:
        folder = Path(folder) / "data"
        shutil.copytree(template, folder)
        path = folder / "alice.sqlite3"
        _damage(path, edits, data.draw)
        with closing(sqlite3.connect(path)) as raw:
            playing = raw.execute("SELECT count(*) FROM games WHERE state = 'playing'").fetchone()[0]
            over = raw.execute("SELECT count(*) FROM games WHERE state = 'finished'").fetchone()[0]
        patch.setenv("ALICE_DATA_DIR", str(folder))
        with closing(Store.open(folder)) as db:
            assert db.kept and not db.problems  # a damaged row is not a damaged file
            saved = db.games.in_progress()
            assert len(saved) == playing
            for g in saved:
                assert isinstance(g.game, str) and isinstance(g.updated_at, str)
                assert isinstance(g.actions, int) and g.actions >= 0
                assert all(isinstance(n, str) and isinstance(k, str) for n, k in g.players)
                assert g.problem is None or "\n" not in g.problem
            entries = db.finished.entries()
            assert len(entries) == over
            assert all(e.problem is None or "\n" not in e.problem for e in entries)
            assert all(isinstance(n, str) for n in db.finished.player_names())
            db.settings.read(), db.bests.read("cementopia"), db.reviews.summaries(), db.games.counts()
            for game in SCRIPTS:
                lesson_store.load(db, SCRIPTS[game])
            kept(db)
        for args in (["saves"], ["saves", "--json"], ["stats"], ["stats", "--json"],
                     ["export", str(folder.parent / "out")],
                     ["import", str(folder.parent / "out")]):
            code, out, err = _cli(*args)
            assert code == 0 and "Traceback" not in err and "internal error" not in err, (args, err)
            if args == ["saves"]:
                assert out.count("\n") == max(playing, 1), out  # one line a game
        app = App(AppOptions(size=(1280, 720)))
        try:
            app.stack.push(app.make("title"))  # the window's start
            app.step(1 / 60)
            scene = app.make("continue")
            app.stack.push(scene)
            app.step(1 / 60)
            assert len(scene.games) == playing
            held = sum(g.held == ELSEWHERE for g in scene.games)
            for game in list(scene.games):
                if game.held != ELSEWHERE:
                    scene.delete(game.id)  # Delete, once the question is answered
            assert len(scene.games) == held and len(app.store.games.in_progress()) == held
            app.step(1 / 60)
            for name in ("history", "stats"):  # the finished games' rows, as listed and counted
                app.stack.push(app.make(name))
                for _ in range(3):
                    app.step(1 / 60)
        finally:
            app.stack.close_all()
            app.store.close()
