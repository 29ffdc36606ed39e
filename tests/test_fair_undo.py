"""Fair undo and free undo (issue 12): against bots a player may not peek and take back."""

import json

import pytest

from game.core import records
from game.assemble.record import new_session
from game.assemble.state import DEALT
from game.core.commands import Redo, Undo, undo_plan
from game.core.contract import names
from game.core.errors import IllegalAction

SEATS = [{"name": "You", "seat": "human"}, {"name": "Bellows", "seat": "easy"},
         {"name": "Ratchet", "seat": "easy"}, {"name": "Cogsworth", "seat": "easy"}]
YOU = frozenset({0})


def against_bots(seed=3):
    return new_session(seed, [dict(s) for s in SEATS])


def play_until(session, wanted):
    """Play first legal actions until `wanted(session)` holds before the next move."""
    for _ in range(200):
        if wanted(session):
            return
        session.play(session.state.legal_actions()[0])
    raise AssertionError("never reached")


def own_quiet_move(session):
    """Play until You make a move that reveals nothing and leaves You or a bot to move next."""
    while True:
        play_until(session, lambda s: s.state.current_player() == 0)
        before = session.state.clone()
        events = session.history.apply(session.state.legal_actions()[0])
        if DEALT not in names(events):
            return before
        # that move dealt cards: start again from the next decision of yours


def test_fair_undo_takes_back_your_own_move_when_nothing_followed():
    s = against_bots()
    before = own_quiet_move(s)
    length = len(s.history)
    s.do(Undo(YOU, fair=True))
    assert s.state == before and len(s.history) == length - 1
    assert not s.meta.get("assisted")


def test_fair_undo_refuses_after_a_bot_moved_and_changes_nothing():
    s = against_bots()
    own_quiet_move(s)
    play_until(s, lambda s: s.history.steps[-1].actor != 0)  # a bot has moved since
    bot = s.history.steps[-1].actor
    before, length = s.state.clone(), len(s.history)
    outcome = s.run(Undo(YOU, fair=True))
    assert not outcome.ok
    assert outcome.message == f"Fair undo: {SEATS[bot]['name']} has moved since"
    assert s.state == before and len(s.history) == length and not s.history.can_redo()
    assert not s.meta.get("assisted")


def test_fair_undo_refuses_to_take_back_a_move_that_dealt_new_cards():
    everyone = frozenset(range(4))
    s = new_session(3, [{"name": f"P{i}", "seat": "human"} for i in range(4)])
    while True:  # the draft's last take deals the first round's field
        events = s.history.apply(s.state.legal_actions()[0])
        if DEALT in names(events):
            break
    before, field = s.state.clone(), list(s.state.field)
    with pytest.raises(IllegalAction, match="^Fair undo: new cards were dealt since$"):
        s.do(Undo(everyone, fair=True))
    assert s.state == before and s.state.field == field


def test_free_undo_crosses_a_bot_move_and_marks_the_game_assisted_in_the_record():
    s = against_bots()
    own_quiet_move(s)
    play_until(s, lambda s: s.history.steps[-1].actor != 0)
    s.do(Undo(YOU, fair=False))
    assert s.state.current_player() == 0
    assert s.meta["assisted"] is True and s.meta["helps"] == ["undo"]
    record = records.record_of(s)
    assert record["assisted"] is True and record["helps"] == ["undo"]
    again = records.replay(records.parse_record(json.dumps(record)))
    assert again.meta["assisted"] is True and again.meta["helps"] == ["undo"]


def test_free_undo_of_your_own_quiet_move_is_not_help():
    s = against_bots()
    own_quiet_move(s)
    s.do(Undo(YOU, fair=False))
    assert not s.meta.get("assisted") and "helps" not in records.record_of(s)


def test_redo_after_a_fair_undo_is_always_allowed():
    s = against_bots()
    own_quiet_move(s)
    after = s.state.clone()
    s.do(Undo(YOU, fair=True))
    s.do(Redo(YOU))
    assert s.state == after


def test_hot_seat_plan_names_the_other_human_whose_move_it_takes_back():
    s = new_session(3, [{"name": "Ada", "seat": "human"}, {"name": "Bo", "seat": "human"}])
    humans = frozenset({0, 1})
    play_until(s, lambda s: len(s.history) and s.history.steps[-1].actor != s.state.current_player())
    mover, now = s.history.steps[-1].actor, s.state.current_player()
    plan = undo_plan(s.history, humans)
    assert plan.count == 1 and plan.others(now) == [mover] and plan.others(mover) == []
    assert plan.bot is None


def test_cementopia_drawing_a_card_is_new_information():
    from game.cementopia.record import new_session as solo
    s = solo(4, [{"name": "You", "seat": "human"}])
    s.play(s.state.legal_actions()[0])  # a placement draws the next card
    with pytest.raises(IllegalAction, match="new cards were dealt"):
        s.do(Undo(None, fair=True))


def test_grayblock_a_bot_playing_a_card_is_not_yours_to_take_back():
    from game.grayblock.record import new_session as match
    s = match(2, [{"name": "You", "seat": "human"}, {"name": "Bellows", "seat": "easy"}])
    play_until(s, lambda s: len(s.history) >= 2 and s.history.steps[-1].actor == 1
               and s.state.current_player() == 0)
    with pytest.raises(IllegalAction, match="^Fair undo: Bellows has moved since$"):
        s.do(Undo(YOU, fair=True))


def test_the_undo_mode_and_helps_survive_a_record_and_bad_values_are_dropped():
    s = against_bots()
    s.meta["undo"] = "free"
    record = records.record_of(s)
    assert record["undo"] == "free"
    assert records.replay(record).meta["undo"] == "free"
    for bad in ({"undo": "sometimes"}, {"undo": 1}, {"helps": ["peek"]}, {"helps": "undo"}):
        meta = records.replay(dict(record, **bad)).meta
        key = next(iter(bad))
        assert key not in meta or meta[key] != bad[key]
