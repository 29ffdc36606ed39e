"""The finished games as History lists them (game.storage, game.storage.history): real records of every
game, newest first, filters by game and player, records imported from files (hostile ones refused
with one line each, never a crash), rows damaged behind the app's back, the timestamps records
carry."""

import calendar
import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core import records, registry
from game.bots import make_bot
from game.services.play import play_out
from game.core.registry import game_module
from game.storage import Store
from game.storage.exchange import import_files

from storage_helpers import edit
from tests.strategies import any_text

GAMES = registry.ids()
KINDS = ("human", "easy", "hard", "normal", "random")  # the seats of a test game, in turn


def seats(game: str) -> list[str]:
    """A test game's seats: three where the game can have three, else as many as it seats."""
    counts = registry.info(game).player_counts
    return list(KINDS[:min((n for n in counts if n >= 3), default=max(counts))])


def played(game, seed=3, names=None, **extras):
    """The record of a whole game of `game` played by random bots (seats named and coloured as the
    app does)."""
    module = game_module(game)
    kinds = seats(game)
    names = names or ["Ada", "Bo", "Cy", "Dee", "Eve"][:len(kinds)]
    players = [{"name": n, "seat": k, "colour": i} for i, (n, k) in enumerate(zip(names, kinds))]
    session = module.new_session(seed, players, module.parse_rules(""), snapshots=False)
    play_out(session, {p: make_bot("random", game, seed + p, None, player=p) for p in range(len(kinds))})
    record = records.record_of(session)
    record.update(extras)
    return record, session.state.result()


@pytest.fixture(scope="module")
def real():
    return {game: played(game) for game in GAMES}


@pytest.fixture
def db(data_dir):
    store = Store.open(data_dir)
    yield store
    store.close()


def put(folder, name, record, mtime=None):
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    if mtime is not None:
        os.utime(path, (mtime, mtime))
    return path


def stamp(day, hour=12):
    return f"2026-11-{day:02d}T{hour:02d}:00:00Z"


def test_entries_of_real_records_of_every_game(db, real):
    for day, game in enumerate(GAMES, start=10):
        record, _result = real[game]
        db.games.finish(None, dict(record, finished_at=stamp(day), started_at=stamp(day, 11)))
    entries = db.finished.entries()
    assert [e.game for e in entries] == GAMES[::-1]  # newest first
    by_game = {e.game: e for e in entries}
    for game, (record, result) in real.items():
        info, entry = registry.info(game), by_game[game]
        assert not entry.unreadable and entry.over
        assert entry.scores == tuple(result.scores) and entry.winners == tuple(result.winners)
        assert entry.finished_at == entry.when and entry.started_at is not None
        assert entry.actions > 0
        if info.solo:  # the solo game's record names nobody
            assert entry.players == entry.colours == ()
        else:
            assert entry.players == tuple(zip(["Ada", "Bo", "Cy", "Dee", "Eve"], seats(game)))
            assert entry.colours == tuple(range(len(entry.players)))
        assert (entry.outcome in dict(info.outcomes)) if info.outcomes else entry.outcome is None
        if game == "grayblock":  # each hand's winner, how it was won and its points
            hands = entry.own_field("hands")
            assert hands and all(kind in ("block", "out") for _w, kind, _p in hands)
            assert sum(p for w, _k, p in hands if w == 0) == result.scores[0]
        else:
            assert entry.own == ()
    assemble, grayblock = by_game["assemble"], by_game["grayblock"]
    assert db.finished.entries([grayblock.id, assemble.id]) == [grayblock, assemble]  # a page, in order


def test_an_older_record_without_finished_at_sorts_by_its_file_time(db, tmp_path, real):
    folder = tmp_path / "old"
    record = real["assemble"][0]
    put(folder, "a-old.json", dict(record, seed=1), mtime=calendar.timegm((2020, 1, 1, 0, 0, 0)))
    put(folder, "a-new.json", dict(record, seed=2, finished_at="2024-05-05T10:00:00Z"))
    put(folder, "a-bad-stamp.json", dict(record, seed=3, finished_at="yesterday"),
        mtime=calendar.timegm((2022, 1, 1, 0, 0, 0)))
    report = import_files(db, [folder])
    assert len(report.added) == 3 and not report.problems
    entries = db.finished.entries()
    assert [e.seed for e in entries] == [2, 3, 1]
    assert entries[2].finished_at is None and entries[2].when == "2020-01-01T00:00:00Z"


def test_filters_by_game_and_player(db, real):
    a1 = db.games.finish(None, played("assemble", 4, ["Ada", "Bo", "Cy"])[0])
    a2 = db.games.finish(None, played("assemble", 5, ["Dee", "Bo", "Eve"])[0])
    g1 = db.games.finish(None, real["grayblock"][0])
    db.games.finish(None, real["cementopia"][0])
    assert len(db.finished.ids()) == 4
    assert sorted(db.finished.ids(game="assemble")) == sorted([a1, a2])
    assert sorted(db.finished.ids(player="ada")) == sorted([a1, g1])  # case folded
    assert db.finished.ids(game="assemble", player="ＥＶＥ") == [a2]  # and width folded
    assert db.finished.ids(player="nobody") == []
    names = db.finished.player_names()
    assert names[:2] == ["Bo", "Ada"] and set(names) == {"Ada", "Bo", "Cy", "Dee", "Eve"}
    db.games.finish(None, dict(played("assemble", 6, ["ＢＯ", "x", "y"])[0],
                              finished_at="2030-01-01T00:00:00Z"))  # the newest spelling names him
    assert db.finished.player_names()[0] == "ＢＯ" and len(db.finished.ids(player="bo")) == 4


def test_the_same_game_is_kept_once(db, tmp_path, real):
    record = dict(real["assemble"][0], started_at=stamp(2))  # as every game the app starts
    first = db.games.finish(None, record)
    assert db.games.finish(None, dict(record, finished_at=stamp(3))) == first  # a second window
    folder = tmp_path / "in"
    put(folder, "copy.json", dict(record, players=[dict(p, name=p["name"] + "!") for p in
                                                   record["players"]]))  # renamed: the same game
    put(folder, "other.json", real["grayblock"][0])
    report = import_files(db, [folder, folder / "other.json"])
    assert (report.already, len(report.added)) == (2, 1) and report.found[0] == first
    assert len(db.finished.entries()) == 2


def attempts(real, game="cementopia", days=(20, 21)):
    """Attempts at one deal played the same way (a daily, a typed seed with the deterministic
    hint), each started and finished at its own time."""
    record = real[game][0]
    return [dict(record, started_at=stamp(day, 9), finished_at=stamp(day, 10)) for day in days]


def test_two_attempts_at_one_deal_played_the_same_way_are_two_games(db, tmp_path, real):
    """Issue 56 item 4: an import (and finishing in the app) keeps each attempt; the same file
    imported twice is still one game."""
    first, second = attempts(real)
    folder = tmp_path / "in"
    put(folder, "first.json", first)
    put(folder, "second.json", second)
    report = import_files(db, [folder])
    assert (len(report.added), report.already) == (2, 0)
    again = import_files(db, [folder])
    assert (len(again.added), again.already) == (0, 2) and sorted(again.found) == sorted(report.added)
    third = dict(first, started_at=stamp(22, 9), finished_at=None)
    del third["finished_at"]
    kept = db.games.finish(None, third)  # a third attempt finished here
    assert kept not in report.added
    assert db.games.finish(None, dict(third, finished_at=stamp(22, 11))) == kept  # a second window
    assert len(db.finished.entries()) == 3
    from game.services.stats import compute
    assert compute(db.finished.entries())["games"]["cementopia"]["finished"] == 3  # Statistics count each


def old_fingerprint(record: dict) -> str:
    """The key the store gave a finished game before issue 56 (when it was played not in it)."""
    import hashlib
    from game.storage.store import NOT_IDENTITY
    body = {k: v for k, v in record.items() if k not in NOT_IDENTITY}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def test_games_kept_under_the_old_key_are_found_and_not_merged_with_another_attempt(db, tmp_path,
                                                                                   real):
    first, second = attempts(real)
    kept = db.games.finish(None, first)
    edit("UPDATE games SET fingerprint = ? WHERE id = ?", old_fingerprint(first), kept)
    folder = tmp_path / "in"
    put(folder, "first.json", first)
    report = import_files(db, [folder])  # the same file again: already there
    assert (report.added, report.found) == ([], [kept])
    put(folder, "second.json", second)
    report = import_files(db, [folder])
    assert len(report.added) == 1 and report.found == [kept] and not report.problems
    dateless = dict(first)
    del dateless["started_at"], dateless["finished_at"]
    put(folder, "dateless.json", dateless)  # its key is the old one: a game of its own too
    report = import_files(db, [folder])
    assert len(report.added) == 1 and report.already == 2 and not report.problems
    assert db.games.finish(None, second) == next(i for i in db.finished.ids() if
                                                db.games.record(i).get("started_at") == second["started_at"])
    assert len(db.finished.entries()) == 3


def hostile_files(folder, real):
    record = real["assemble"][0]
    put(folder, "truncated.json", json.dumps(record)[:200])
    put(folder, "not-object.json", "[1, 2, 3]")
    put(folder, "wrong-format.json", dict(record, format="something"))
    put(folder, "wrong-type.json", dict(record, players="Ada"))
    put(folder, "deep.json", "[" * 100_000 + "]" * 100_000)
    put(folder, "long-number.json", '{"format": "alice-record", "version": 1, "seed": ' + "9" * 5000 + "}")
    (folder / "not-utf8.json").write_bytes(b'{"format": "\xff\xfe"}')
    put(folder, "illegal.json", dict(record, actions=[{"lane": 99, "take": 99}]))
    wrong = json.loads(json.dumps(record))
    wrong["result"]["winners"] = [5]
    put(folder, "wrong-result.json", wrong)
    put(folder, "nan.json", json.dumps(record).replace('"seed": 3', '"seed": NaN'))
    with open(folder / "huge.json", "wb") as fh:
        fh.truncate(records.MAX_BYTES + 10)
    (folder / "folder.json").mkdir()
    os.mkfifo(folder / "pipe.json")
    os.symlink("/dev/zero", folder / "zero.json")
    os.symlink(folder / "gone", folder / "dangling.json")


def test_hostile_files_are_refused_with_one_line_each(db, tmp_path, real):
    folder = tmp_path / "in"
    put(folder, "good.json", real["assemble"][0])
    hostile_files(folder, real)
    report = import_files(db, [folder])
    assert len(report.added) == 1
    bad = dict(report.problems)
    assert len(bad) == 15 and all(bad.values()), bad
    for reason in bad.values():
        assert "\n" not in reason and len(reason) <= 200
    assert "truncated" in bad["truncated.json"]
    assert "larger than" in bad["huge.json"]
    assert "nested too deeply" in bad["deep.json"]
    assert "regular file" in bad["pipe.json"] and "regular file" in bad["zero.json"]
    assert "regular file" in bad["folder.json"]
    assert "action 1" in bad["illegal.json"]
    assert "does not match" in bad["wrong-result.json"]
    assert "players" in bad["wrong-type.json"]
    assert len(db.finished.entries()) == 1 and db.integrity() == "ok"


def test_a_damaged_row_is_made_again_from_its_record_or_listed_as_unreadable(db, real):
    game_id = db.games.finish(None, real["assemble"][0])
    good = db.finished.entries()
    for bad in ('{"when": "soon"}', '{"when": "2026-11-01T00:00:00Z", "scores": "x"}',
                '{"when": "2026-11-01T00:00:00Z", "hands": [[0, "won", 3]]}', '"entry"', "null",
                "{", '{"when": "2026-11-01T00:00:00Z", "extra": 1}', "[" * 10_000):
        edit("UPDATE games SET entry = ? WHERE id = ?", bad, game_id)
        assert db.finished.entries() == good, bad
    edit("UPDATE games SET record = ? WHERE id = ?", '{"format": "alice-record"', game_id)
    [entry] = db.finished.entries()
    assert entry.unreadable and entry.id == game_id and "\n" not in entry.problem
    assert db.finished.ids() == [game_id]  # still listed: never lost without a word


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | any_text(8),
                         lambda inner: st.lists(inner, max_size=4)
                         | st.dictionaries(any_text(8), inner, max_size=4), max_leaves=20),
       envelope=st.booleans(), game=st.sampled_from(GAMES + [3]))
def test_any_json_in_a_record_file_never_crashes_the_import(tmp_path_factory, data, envelope, game):
    folder = tmp_path_factory.mktemp("records")
    if envelope and isinstance(data, dict):  # get past the envelope: the games' own checks
        data = dict(data, format="alice-record", version=1, game=game)
    put(folder, "r.json", json.dumps(data))
    store = Store.memory()
    try:
        report = import_files(store, [folder / "r.json"])
        if report.problems:
            [(name, why)] = report.problems
            assert name == "r.json" and "\n" not in why
        assert store.integrity() == "ok"
    finally:
        store.close()


def test_finishing_stamps_finished_at_and_keeps_one_the_record_has(db, real):
    record, _result = real["cementopia"]
    first = db.games.finish(None, record)
    kept = db.games.record(first)
    assert records.read_stamp(kept["finished_at"]) and "finished_at" not in record
    records.verify(kept)  # readers accept the extras
    records.verify(dict(kept, started_at="not a time", finished_at=7))  # wrong kinds are ignored
    assert records.replay(dict(kept, started_at="2026-11-24T17:20:05Z")).meta["started_at"] \
        == "2026-11-24T17:20:05Z"
    again = db.games.finish(None, dict(played("cementopia", 9)[0], finished_at="2025-01-02T03:04:05Z"))
    assert db.games.record(again)["finished_at"] == "2025-01-02T03:04:05Z"
    assert [e.finished_at for e in db.finished.entries()] == [kept["finished_at"], "2025-01-02T03:04:05Z"]


def test_a_new_table_stamps_started_at_and_a_resumed_one_keeps_its_own(app, data_dir):
    from game.assemble.setup import Rules
    from scenes.assemble.table import TableScene
    from scenes.config import GameConfig, Seat
    from storage_helpers import latest_record
    seats = [Seat("Ada", "human", 0), Seat("Bo", "easy", 1)]
    table = TableScene(app, GameConfig(seats, Rules(), 7))
    table.close()  # its saves reach this test's data folder, not the machine's
    record = table.saves.record()
    assert records.read_stamp(record["started_at"])
    assert latest_record()["started_at"] == record["started_at"]
    resumed = TableScene(app, GameConfig(seats, Rules(), 7), records.replay(
        dict(record, started_at="2026-01-01T00:00:00Z")))
    resumed.close()
    assert resumed.saves.record()["started_at"] == "2026-01-01T00:00:00Z"  # a resumed game keeps its own
