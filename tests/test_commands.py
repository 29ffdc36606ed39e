"""The command queue and history as the app uses them."""

import pytest

from game.assemble.record import new_session
from game.core.commands import Play, Redo, Undo
from game.core.errors import IllegalAction


def session(players=2):
    return new_session(3, [{"name": f"P{i}", "seat": "human"} for i in range(players)])


def test_commands_run_in_submission_order_and_report_refusals():
    s = session()
    first, second = s.state.legal_actions()[:2]
    s.submit(Play(first))
    s.submit(Play(first))  # the same card is gone now: refused
    s.submit(Undo())
    outcomes = s.process()
    assert [o.ok for o in outcomes] == [True, False, True]
    assert "not on the field" in outcomes[1].message or "turn" in outcomes[1].message
    assert s.history.actions == []


def test_a_new_command_after_undo_drops_the_redo_tail():
    s = session()
    a = s.state.legal_actions()[0]
    s.play(a)
    s.do(Undo())
    assert s.history.can_redo()
    s.play(s.state.legal_actions()[-1])
    assert not s.history.can_redo()
    with pytest.raises(IllegalAction, match="nothing to redo"):
        s.do(Redo())


def test_undo_with_nothing_done_is_refused_and_harmless():
    s = session()
    before = s.state.clone()
    with pytest.raises(IllegalAction, match="nothing to undo"):
        s.do(Undo())
    assert s.state == before


def test_undo_against_bots_returns_to_the_humans_previous_decision():
    s = session(2)
    movers = []
    while len(movers) < 9:
        movers.append(s.state.current_player())
        s.play(s.state.legal_actions()[0])
    last_human = max(i for i, p in enumerate(movers) if p == 0)
    humans = frozenset({0})
    s.do(Undo(humans=humans))
    assert len(s.history.actions) == last_human and s.state.current_player() == 0
    # redo brings back the human's move and the bot moves after it
    s.do(Redo(humans=humans))
    assert len(s.history.actions) > last_human
    assert s.state.current_player() == 0 or not s.history.can_redo()
    while s.history.can_redo():
        s.do(Redo(humans=humans))
    assert len(s.history.actions) == 9


def test_undo_never_reshuffles():
    s = session()
    deck = s.state.setup.deck
    for _ in range(10):
        s.play(s.state.legal_actions()[0])
    for _ in range(10):
        s.do(Undo())
    assert s.state.setup.deck == deck and s.state.field == list(deck[:4])


def test_listeners_hear_every_outcome():
    s = session()
    heard = []
    s.listen(lambda sess, outcome: heard.append(outcome.ok))
    s.submit(Play(s.state.legal_actions()[0]))
    s.submit(Redo())
    s.process()
    assert heard == [True, False]


def test_listeners_hear_in_the_declared_stage_order_not_the_order_added():
    """state, animation, log, save (game.core.commands.STAGES), whoever listened first."""
    from game.core.commands import STAGES
    s = session()
    heard = []
    for stage in reversed(STAGES):  # added backwards: save first, as the table's saves once were
        s.listen(lambda sess, outcome, stage=stage: heard.append(stage), stage)
    s.run(Play(s.state.legal_actions()[0]))
    assert tuple(heard) == STAGES == ("state", "animation", "log", "save")
    with pytest.raises(ValueError):
        s.listen(lambda sess, outcome: None, "whenever")


def test_a_command_submitted_by_a_listener_waits_until_every_stage_heard_the_one_before():
    from game.core.commands import ANIMATION, SAVE, STATE
    s = session()
    heard = []
    first = s.state.legal_actions()[0]

    def state_stage(sess, outcome):
        heard.append(("state", outcome.command))
        if outcome.command == Play(first):
            sess.submit(Undo())  # queued: runs after this outcome is heard by every stage
            assert sess.process() == []  # (the loop already draining takes it)
    s.listen(lambda sess, outcome: heard.append(("save", outcome.command)), SAVE)
    s.listen(lambda sess, outcome: heard.append(("animation", outcome.command)), ANIMATION)
    s.listen(state_stage, STATE)
    s.submit(Play(first))
    assert s.pending == 1 and len(s.history) == 0  # submitted, not run: the frame loop runs it
    outcomes = s.process()
    assert [o.command for o in outcomes] == [Play(first), Undo()] and all(o.ok for o in outcomes)
    assert [stage for stage, _ in heard] == ["state", "animation", "save"] * 2
    assert [c for _, c in heard] == [Play(first)] * 3 + [Undo()] * 3
    assert s.pending == 0 and len(s.history) == 0
