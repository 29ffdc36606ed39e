"""Alicematic records carry the cards and tiles they were played with (a hash and the content),
so a designer's edit of cards.json or a tile never breaks an older record: it still verifies,
replays and counts in History and Statistics with its own content. Edits are made on a copy."""

import json
import random
import shutil

import pytest

from game.core import records
from game.alicematic import content as ct
from game.alicematic.record import new_session
from game.alicematic.setup import Setup
from game.alicematic.state import AlicematicState
from game.core.commands import History, Session
from game.core.errors import RecordError
from game.storage.history import entry_of

SEATS = [{"name": f"P{i + 1}", "seat": "human"} for i in range(3)]


def finished(seed: int = 4, content=None) -> dict:
    """A finished game's record (with `content`: dealt and played with it, not the assets')."""
    session = new_session(seed, SEATS)
    if content is not None:
        setup = Setup.deal(seed, 3, len(content.cards))
        session = Session(History(AlicematicState.start(setup, content=content)),
                          dict(session.meta))
    rng = random.Random(seed)
    while not session.state.is_over():
        session.history.apply(rng.choice(session.state.legal_actions()))
    return records.record_of(session)


@pytest.fixture
def edited(tmp_path, monkeypatch):
    """cards.json copied and made dearer (every card +3 DP, a 0-DP card first), read in place
    of the assets' file; the loaders' caches are cleared before and after."""
    copy = tmp_path / "cards.json"
    shutil.copy(ct.cards_path(), copy)

    def edit():
        data = json.loads(copy.read_text(encoding="utf-8"))
        for card in data["cards"]:
            card["dp"] += 3
        copy.write_text(json.dumps(data), encoding="utf-8")
        monkeypatch.setattr(ct, "cards_path", lambda: copy)
        clear()

    def clear():
        ct.load_cards.cache_clear()
        ct.current.cache_clear()

    yield edit
    clear()
    monkeypatch.undo()
    clear()


def test_a_record_carries_its_content_and_its_hash():
    record = finished()
    content = record["content"]
    assert content["hash"] == ct.current().hash and len(content["hash"]) == 16
    assert len(content["cards"]) == len(ct.current().cards) and len(content["tiles"]) == 15
    assert records.replay(json.loads(json.dumps(record))).state.content == ct.current()


def test_after_cards_json_is_edited_an_older_record_still_verifies_and_counts(edited):
    record = finished()
    before = record["content"]["hash"]
    edited()
    assert ct.current().hash != before  # new games get the edit...
    fresh = records.record_of(new_session(4, SEATS))
    assert fresh["content"]["hash"] == ct.current().hash
    assert fresh["setup"] == record["setup"]  # (the same deal: only the content differs)
    records.verify(record)  # ...and the old record still holds with its own
    session = records.replay(record)
    assert session.state.content.hash == before and session.state.is_over()
    entry = entry_of(record, "2026-11-27T00:00:00Z")
    assert list(entry.scores) == record["result"]["scores"]


def test_a_record_from_before_content_was_kept_replays_with_the_archived_sample_set(edited):
    record = finished(content=ct.legacy())
    assert record["content"]["hash"] == ct.LEGACY_HASH
    del record["content"]  # as the app wrote records until now
    edited()
    records.verify(record)
    assert records.replay(record).state.content.hash == ct.LEGACY_HASH


def test_content_that_does_not_match_its_hash_is_refused_in_one_line():
    record = finished()
    record["content"]["cards"][0]["dp"] += 1
    with pytest.raises(RecordError, match="content.hash does not match its cards and tiles"):
        records.verify(record)
    record = finished()
    record["content"]["tiles"] = []
    with pytest.raises(RecordError, match="content.tiles must list the 15 tiles"):
        records.verify(record)
    record["content"] = "cards.json"
    with pytest.raises(RecordError, match="content must be an object"):
        records.verify(record)
