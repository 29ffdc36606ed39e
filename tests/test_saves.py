"""Where the app keeps files, and the table's save service (off the frame, in order, atomic)."""

import errno
import json
import sys
import threading

import pytest

from game import records, saves
from game.assemble.record import new_session
from scenes.table.saving import SaveService

PLAYERS = [{"name": "Ada", "seat": "human", "colour": 0}, {"name": "Bo", "seat": "easy", "colour": 1}]


def game_after(moves: int):
    session = new_session(3, [dict(p) for p in PLAYERS])
    for _ in range(moves):
        session.play(session.state.legal_actions()[0])
    return session


@pytest.mark.skipif(sys.platform != "linux", reason="platformdirs reads XDG only on Linux")
def test_user_files_go_to_the_platforms_data_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("ALICE_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert saves.data_dir() == tmp_path / "xdg" / "alice-assemble"


def test_the_latest_position_is_what_the_autosave_holds(data_dir):
    saver = SaveService()
    session = new_session(3, [dict(p) for p in PLAYERS])
    for _ in range(20):
        session.play(session.state.legal_actions()[0])
        saver.save(records.record_of(session))
    saver.close()
    resumed, _, message = saves.load_autosave()
    assert message is None and resumed.state == session.state
    assert 1 <= saver.writes <= 20  # saves not yet started were replaced by newer ones


def test_saving_does_not_wait_for_the_disk(data_dir, monkeypatch):
    """The table hands a record over and goes on; the write happens on the worker."""
    gate = threading.Event()
    real = saves.save_game

    def slow(record):
        gate.wait(5)
        return real(record)

    monkeypatch.setattr(saves, "save_game", slow)
    saver = SaveService()
    saver.save(records.record_of(game_after(2)))  # returns although the disk "hangs"
    assert not saves.has_autosave() and not saver.flush(timeout=0.05)
    gate.set()
    assert saver.flush(timeout=5) and saves.has_autosave()
    saver.close()


def test_finishing_archives_then_drops_the_autosave_after_pending_saves(data_dir):
    saver = SaveService()
    session = game_after(4)
    saver.save(records.record_of(session))
    while not session.state.is_over():
        session.play(session.state.legal_actions()[0])
    final = records.record_of(session)
    saver.finish(final)
    saver.close()
    assert not saves.has_autosave()
    [kept] = (data_dir / "records").glob("assemble-*.json")
    records.verify(json.loads(kept.read_text()))


def test_a_full_disk_keeps_the_finished_game_in_the_autosave_and_says_so_once(data_dir, monkeypatch):
    saver = SaveService()
    saver.save(records.record_of(game_after(4)))
    saver.flush()
    before = saves.autosave_path().read_bytes()

    def full(path, record):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saves, "write_record", full)
    session = game_after(4)
    while not session.state.is_over():
        session.play(session.state.legal_actions()[0])
    saver.finish(records.record_of(session))
    saver.finish(records.record_of(session))
    saver.close()
    assert saves.autosave_path().read_bytes() == before  # nothing lost
    messages = saver.messages()
    assert len(messages) == 1 and "stays in the autosave" in messages[0]


def test_a_disabled_service_never_writes(data_dir):
    saver = SaveService(enabled=False)
    session = game_after(3)
    saver.save(records.record_of(session))
    while not session.state.is_over():
        session.play(session.state.legal_actions()[0])
    saver.finish(records.record_of(session))
    saver.close()
    assert not data_dir.exists()
