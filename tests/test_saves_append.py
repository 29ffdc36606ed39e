"""A game in progress is kept by appending (issue 58): each save writes what changed since the
last (the new moves), never the whole record again, and the record reads back as the same text,
whatever the moves, undos and changes of who plays in between."""

import sqlite3
from contextlib import closing

from hypothesis import given, settings, strategies as st

from game.core import records
from game.assemble.record import new_session
from game.storage.connection import _dump
from game.storage.store import DB_NAME, TAILED, Store

PLAYERS = [{"name": "Ann", "seat": "human"}, {"name": "Bo", "seat": "easy"}]


def tails(folder, game_id):
    with closing(sqlite3.connect(folder / DB_NAME)) as con:
        return con.execute("SELECT seq, text FROM record_tail WHERE game_id = ? ORDER BY seq",
                           (game_id,)).fetchall()


def row_record(folder, game_id):
    with closing(sqlite3.connect(folder / DB_NAME)) as con:
        return con.execute("SELECT record FROM games WHERE id = ?", (game_id,)).fetchone()[0]


def test_each_save_writes_only_the_new_moves(tmp_path):
    session = new_session(3, PLAYERS)
    store = Store.open(tmp_path)
    try:
        game_id = store.games.new(records.record_of(session))
        while len(session.history) < 40 and not session.state.is_over():
            before = tails(tmp_path, game_id)
            session.play(session.state.legal_actions()[0])
            record = records.record_of(session)
            store.games.save(game_id, record)
            after = tails(tmp_path, game_id)
            # what stood stays as it was written; the last tail is cut where the text changed
            assert after[:len(before) - 1] == before[:-1]
            new = after[len(before) - 1:]
            assert sum(len(text) for _seq, text in new) <= len(before[-1][1]) + 80  # one move's few bytes
            assert row_record(tmp_path, game_id) == TAILED
            assert store.games.record(game_id) == record
    finally:
        store.close()


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(["play", "play", "play", "undo", "replaced", "assisted"]),
                min_size=1, max_size=40), st.integers(0, 3))
def test_the_kept_record_is_the_same_text_whatever_happens(tmp_path_factory, steps, seed):
    folder = tmp_path_factory.mktemp("data")
    session = new_session(seed, [dict(p) for p in PLAYERS])
    store = Store.open(folder)
    try:
        game_id = store.games.new(records.record_of(session))
        for n, step in enumerate(steps):
            if step == "play" and not session.state.is_over():
                session.play(session.state.legal_actions()[n % len(session.state.legal_actions())])
            elif step == "undo" and session.history.can_undo():
                session.history.undo()
            elif step == "replaced":  # a bot replaced: near the record's start
                session.meta["players"][1]["replaced_at"] = len(session.history)
            elif step == "assisted":
                session.meta["assisted"] = True
            record = records.record_of(session)
            store.games.save(game_id, record)
            assert "".join(t for _s, t in tails(folder, game_id)) == _dump(record)
        assert store.games.record(game_id) == record
        store.games.release(game_id)
        assert store.games.take(game_id) == record  # Continue reads it whole
        session.play(session.state.legal_actions()[0]) if not session.state.is_over() else None
        store.games.save(game_id, records.record_of(session))  # appended after a Continue too
        assert store.games.record(game_id) == records.record_of(session)
        final = records.record_of(session)
        finished = store.games.finish(game_id, final)
        assert tails(folder, finished) == []  # a finished game is whole in its row
        assert store.games.record(finished) == dict(final, finished_at=store.games.record(finished)["finished_at"])
    finally:
        store.close()


def test_a_game_kept_whole_before_goes_on_in_tails(tmp_path):
    """A row whose record is whole (kept by an older version, or edited) is read whole; its
    next save writes it in tails."""
    session = new_session(3, PLAYERS)
    session.play(session.state.legal_actions()[0])
    store = Store.open(tmp_path)
    try:
        game_id = store.games.new(records.record_of(session))
        whole = _dump(records.record_of(session))
        with closing(sqlite3.connect(tmp_path / DB_NAME)) as con, con:
            con.execute("UPDATE games SET record = ? WHERE id = ?", (whole, game_id))
        assert store.games.record(game_id) == records.record_of(session)  # whole: its stale tails unread
        session.play(session.state.legal_actions()[0])
        store.games.save(game_id, records.record_of(session))
        assert row_record(tmp_path, game_id) == TAILED
        assert store.games.record(game_id) == records.record_of(session)
    finally:
        store.close()
