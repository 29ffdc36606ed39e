"""A finished review is kept with its game (issue 42): it opens at once the next time, History
and Statistics read its summary, and a damaged one is made again."""

from __future__ import annotations

import random
from contextlib import closing

import pytest

from game.core import records
from game.assemble.record import new_session
from game.review import Review
from game.storage.kept_reviews import kept_review, review_and_keep
from game.storage import Store, data_dir


def finished(seed=2):
    s = new_session(seed, [{"name": "Ada", "seat": "human"}, {"name": "Bob", "seat": "easy"}])
    rng = random.Random(seed)
    while not s.state.is_over():
        s.play(rng.choice(s.state.legal_actions()))
    return records.record_of(s)


@pytest.fixture
def db(data_dir):
    with closing(Store.open(data_dir)) as store:
        yield store


def test_a_review_is_kept_and_opens_without_searching_again(db, monkeypatch):
    record = finished()
    game_id = db.games.finish(None, record)
    first = review_and_keep(db, game_id, record, 0, iterations=6)
    import game.storage.kept_reviews as kept
    monkeypatch.setattr(kept, "review", lambda *a, **k: pytest.fail("reviewed again"))
    with closing(Store.open(data_dir())) as other:  # the next start of the app
        again = review_and_keep(other, game_id, record, 0)
        assert again.to_json() == first.to_json()
        assert other.reviews.summaries() == {game_id: {0: first.summary()}}
        assert kept_review(other, game_id, 1) is None  # the other player was not reviewed


def test_a_damaged_review_is_reviewed_again(db):
    record = finished()
    game_id = db.games.finish(None, record)
    db.reviews.keep(game_id, 0, {"version": 99}, {})
    assert kept_review(db, game_id, 0) is None
    result = review_and_keep(db, game_id, record, 0, iterations=4)
    assert isinstance(result, Review) and kept_review(db, game_id, 0) is not None


def test_a_new_review_changes_the_kept_statistics(db):
    record = finished()
    game_id = db.games.finish(None, record)
    calls = []

    def make():
        calls.append(1)
        return {"n": len(calls)}

    db.figures.get("test", make)
    db.figures.get("test", make)
    assert len(calls) == 1
    review_and_keep(db, game_id, record, 0, iterations=4)
    db.figures.get("test", make)
    assert len(calls) == 2
