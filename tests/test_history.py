"""The records folder as the History screen lists it (game.history): real records of every
registered game, newest first, filters, unreadable files listed (never a crash), the index kept beside the
records rebuilt when missing, stale or corrupt; the timestamps records carry."""

import calendar
import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import history, records, registry, saves
from game.bots import make_bot
from game.history import INDEX_NAME, open_folder, read_entry, select
from game.play import play_out
from game.registry import game_module

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


def put(folder, name, record, mtime=None):
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    if mtime is not None:
        os.utime(path, (mtime, mtime))
    return path


def stamp(day, hour=12):
    return f"2026-11-{day:02d}T{hour:02d}:00:00Z"


def test_entries_of_real_records_of_every_game(tmp_path, real):
    folder = tmp_path / "records"
    for day, game in enumerate(GAMES, start=10):
        record, _result = real[game]
        put(folder, f"{game}-x.json", dict(record, finished_at=stamp(day), started_at=stamp(day, 11)))
    listing = open_folder(folder)
    assert [e.game for e in listing.entries] == GAMES[::-1]  # newest first
    by_game = {e.game: e for e in listing.entries}
    for game, (record, result) in real.items():
        info, entry = registry.info(game), by_game[game]
        assert not entry.unreadable and entry.over
        assert entry.scores == result.scores and entry.winners == result.winners
        assert entry.finished_at == entry.when and entry.started_at is not None
        assert entry.actions > 0
        if info.solo:  # the solo game's record names nobody
            assert entry.players == entry.colours == ()
        else:
            assert entry.players == tuple(zip(["Ada", "Bo", "Cy", "Dee", "Eve"], seats(game)))
            assert entry.colours == tuple(range(len(entry.players)))
        assert (entry.outcome in dict(info.outcomes)) if info.outcomes else entry.outcome is None
        if info.figures.hands:  # each hand's winner, how it was won and its points
            assert entry.hands and all(kind in ("block", "out") for _w, kind, _p in entry.hands)
            assert sum(p for w, _k, p in entry.hands if w == 0) == result.scores[0]
        else:
            assert entry.hands == ()


def test_an_older_record_without_finished_at_sorts_by_its_file_time(tmp_path, real):
    folder = tmp_path / "records"
    record = real["assemble"][0]
    put(folder, "a-old.json", record, mtime=calendar.timegm((2020, 1, 1, 0, 0, 0)))
    put(folder, "a-new.json", dict(record, finished_at="2024-05-05T10:00:00Z"))
    put(folder, "a-bad-stamp.json", dict(record, finished_at="yesterday"),
        mtime=calendar.timegm((2022, 1, 1, 0, 0, 0)))
    entries = open_folder(folder).entries
    assert [e.file for e in entries] == ["a-new.json", "a-bad-stamp.json", "a-old.json"]
    assert entries[2].finished_at is None and entries[2].when == "2020-01-01T00:00:00Z"


def test_filters_by_game_and_player(tmp_path, real):
    folder = tmp_path / "records"
    put(folder, "a1.json", played("assemble", 4, ["Ada", "Bo", "Cy"])[0])
    put(folder, "a2.json", played("assemble", 5, ["Dee", "Bo", "Eve"])[0])
    put(folder, "g1.json", real["grayblock"][0])
    put(folder, "c1.json", real["cementopia"][0])
    put(folder, "broken.json", "{")
    entries = open_folder(folder).entries
    assert len(entries) == 5
    assert sorted(e.file for e in select(entries, game="assemble")) == ["a1.json", "a2.json"]
    assert sorted(e.file for e in select(entries, player="ada")) == ["a1.json", "g1.json"]
    assert [e.file for e in select(entries, game="assemble", player="EVE")] == ["a2.json"]
    assert select(entries, player="nobody") == []
    assert "broken.json" not in [e.file for e in select(entries, game="grayblock")]
    names = history.player_names(entries)
    assert names[:2] == ["Bo", "Ada"] and set(names) == {"Ada", "Bo", "Cy", "Dee", "Eve"}


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
    os.symlink(folder / "gone", folder / "dangling.json")


def test_hostile_files_are_listed_as_unreadable_with_one_line(tmp_path, real):
    folder = tmp_path / "records"
    put(folder, "good.json", real["assemble"][0])
    hostile_files(folder, real)
    entries = {e.file: e for e in open_folder(folder).entries}
    assert "folder.json" not in entries and not entries["good.json"].unreadable
    bad = {name: e.problem for name, e in entries.items() if name != "good.json"}
    assert len(bad) == 13 and all(bad.values()), bad
    for reason in bad.values():
        assert "\n" not in reason and len(reason) <= 200
    assert "truncated" in bad["truncated.json"]
    assert "too large" in bad["huge.json"]
    assert "nested too deeply" in bad["deep.json"]
    assert "regular file" in bad["pipe.json"]
    assert "action 1" in bad["illegal.json"]
    assert "does not match" in bad["wrong-result.json"]
    assert "players" in bad["wrong-type.json"]
    # and the index remembers them: a warm open reads nothing again
    again = open_folder(folder)
    assert again.read == 0 and {e.file: e.problem for e in again.entries if e.unreadable} == bad


def test_the_index_is_warm_then_stale_entries_are_read_again(tmp_path, real):
    folder = tmp_path / "records"
    put(folder, "a.json", real["assemble"][0])
    put(folder, "g.json", real["grayblock"][0])
    first = open_folder(folder)
    assert first.read == 2 and (folder / INDEX_NAME).is_file()
    warm = open_folder(folder)
    assert (warm.read, warm.reused) == (0, 2) and warm.entries == first.entries
    put(folder, "a.json", "not a record any more")  # changed: size and time differ
    stale = open_folder(folder)
    assert stale.read == 1 and {e.file for e in stale.entries if e.unreadable} == {"a.json"}
    put(folder, "c.json", real["cementopia"][0])
    assert open_folder(folder).read == 1


def test_deleted_records_are_dropped_from_the_index(tmp_path, real):
    folder = tmp_path / "records"
    put(folder, "a.json", real["assemble"][0])
    put(folder, "g.json", real["grayblock"][0])
    open_folder(folder)
    (folder / "a.json").unlink()
    listing = open_folder(folder)
    assert [e.file for e in listing.entries] == ["g.json"] and listing.dropped == 1
    kept = json.loads((folder / INDEX_NAME).read_text())
    assert list(kept["files"]) == ["g.json"]


@pytest.mark.parametrize("index", [
    "{", "[]", '{"format": "alice-records-index", "version": 99, "files": {}}',
    '{"format": "alice-records-index", "version": 1, "files": []}',
    "[" * 50_000 + "]" * 50_000,
])
def test_a_corrupt_index_is_rebuilt(tmp_path, real, index):
    folder = tmp_path / "records"
    put(folder, "a.json", real["assemble"][0])
    put(folder, INDEX_NAME, index)
    listing = open_folder(folder)
    assert listing.read == 1 and not listing.entries[0].unreadable
    assert "rebuilt" in listing.index_problem
    assert open_folder(folder).read == 0  # written back whole


def test_a_tampered_index_entry_is_read_again_from_its_file(tmp_path, real):
    folder = tmp_path / "records"
    path = put(folder, "a.json", real["assemble"][0])
    good = open_folder(folder).entries
    data = json.loads((folder / INDEX_NAME).read_text())
    for bad in ({"file": "a.json", "when": "soon"}, {"file": "a.json", "when": stamp(1), "scores": "x"},
                {"file": "a.json", "when": stamp(1), "hands": [[0, "won", 3]]}, "entry", None,
                {"file": "a.json", "when": stamp(1), "extra": 1}, {"file": "b.json", "when": stamp(1)}):
        st = path.stat()
        data["files"]["a.json"] = [st.st_size, st.st_mtime_ns, bad]
        put(folder, INDEX_NAME, data)
        listing = open_folder(folder)
        assert listing.read == 1 and listing.entries == good, bad


def test_missing_or_empty_records_folder(tmp_path):
    assert open_folder(tmp_path / "nowhere").entries == []
    (tmp_path / "records").mkdir()
    assert open_folder(tmp_path / "records").entries == []


def test_an_index_that_cannot_be_written_is_said_not_fatal(tmp_path, real, monkeypatch):
    folder = tmp_path / "records"
    put(folder, "a.json", real["assemble"][0])

    def full(*_args):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(history, "write_atomic", full)
    listing = open_folder(folder)
    assert len(listing.entries) == 1 and "No space left" in listing.problems[0]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                         lambda inner: st.lists(inner, max_size=4)
                         | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=20),
       envelope=st.booleans(), game=st.sampled_from(GAMES + [3]))
def test_any_json_in_a_record_file_never_crashes(tmp_path_factory, data, envelope, game):
    folder = tmp_path_factory.mktemp("records")
    if envelope and isinstance(data, dict):  # get past the envelope: the games' own checks
        data = dict(data, format="alice-record", version=1, game=game)
    put(folder, "r.json", json.dumps(data))
    entry = read_entry(folder / "r.json")
    assert entry.unreadable and "\n" not in entry.problem
    assert open_folder(folder).entries == [entry]


def test_archive_stamps_finished_at_and_records_with_or_without_stamps_replay(data_dir, real):
    record, _result = real["cementopia"]
    path = saves.archive(record)
    kept = json.loads(path.read_text())
    assert records.read_stamp(kept["finished_at"]) and "finished_at" not in record
    records.verify(kept)  # readers accept the extras
    records.verify(dict(kept, started_at="not a time", finished_at=7))  # wrong kinds are ignored
    assert records.replay(dict(kept, started_at="2026-11-24T17:20:05Z")).meta["started_at"] \
        == "2026-11-24T17:20:05Z"
    # finish_game keeps a finished_at the record already has
    again = saves.archive(dict(record, finished_at="2025-01-02T03:04:05Z"))
    assert json.loads(again.read_text())["finished_at"] == "2025-01-02T03:04:05Z"
    entries = history.entries(data_dir / "records")
    assert [e.finished_at for e in entries] == [kept["finished_at"], "2025-01-02T03:04:05Z"]


def test_a_new_table_stamps_started_at_and_the_archive_finished_at(app, data_dir):
    from game.assemble.setup import Rules
    from scenes.assemble.table import TableScene
    from scenes.config import GameConfig, Seat
    seats = [Seat("Ada", "human", 0), Seat("Bo", "easy", 1)]
    table = TableScene(app, GameConfig(seats, Rules(), 7))
    table.close()  # its saves reach this test's data folder, not the machine's
    record = table.record()
    assert records.read_stamp(record["started_at"])
    resumed = TableScene(app, GameConfig(seats, Rules(), 7), records.replay(
        dict(record, started_at="2026-01-01T00:00:00Z")))
    resumed.close()
    assert resumed.record()["started_at"] == "2026-01-01T00:00:00Z"  # a resumed game keeps its own
    assert not (data_dir / "autosave.json").exists() or \
        json.loads((data_dir / "autosave.json").read_text())["started_at"]


def test_many_files_read_by_worker_processes_give_the_same_entries(tmp_path, real, monkeypatch):
    folder = tmp_path / "records"
    for i in range(12):
        game = GAMES[i % len(GAMES)]
        put(folder, f"{game}-{i:02d}.json", dict(real[game][0], finished_at=stamp(i + 1)))
    put(folder, "broken.json", "{")
    serial = open_folder(folder, save=False, workers=1).entries
    monkeypatch.setattr(history, "POOL_MIN", 4)
    seen = []
    pooled = open_folder(folder, workers=2, progress=lambda done, total: seen.append((done, total)))
    assert pooled.entries == serial and pooled.read == 13 and seen[-1] == (13, 13)


def test_when_worker_processes_cannot_start_the_files_are_read_here(tmp_path, real, monkeypatch):
    import concurrent.futures
    folder = tmp_path / "records"
    for i in range(5):
        put(folder, f"a-{i}.json", real["assemble"][0])

    def no_processes(*_args, **_kwargs):
        raise OSError(38, "Function not implemented")
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_processes)
    monkeypatch.setattr(history, "POOL_MIN", 2)
    listing = open_folder(folder, workers=2)
    assert listing.read == 5 and not any(e.unreadable for e in listing.entries)
