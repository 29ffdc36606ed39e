"""A move played at each game's real table, a lesson's included: the rules decide its legality
once (as the session applies it) and the position is cloned once (the history's snapshot, which
the table's log and the lesson's coach read)."""

import collections

import pytest

import lesson_helpers
from game.assemble import Rules as AssembleRules
from game.grayblock import Rules as GrayblockRules
from scenes.config import GameConfig, Seat
from ui_helpers import frames, settle

CONFIGS = {
    "assemble": GameConfig([Seat("Ada"), Seat("Bo")], AssembleRules(), 4, "assemble"),
    "grayblock": GameConfig([Seat("Ada"), Seat("Bo")], GrayblockRules(), 4, "grayblock"),
    "cementopia": GameConfig([Seat("Ada")], None, 4, "cementopia"),
    "alicematic": GameConfig([Seat("Ada"), Seat("Bo"), Seat("Cy")], None, 4, "alicematic"),
}


def counting(monkeypatch, state) -> collections.Counter:
    """Calls of the state's clone and why_illegal (any state of its kind) from now on."""
    calls: collections.Counter = collections.Counter()
    kind = type(state)
    for name in ("clone", "why_illegal"):
        real = getattr(kind, name)

        def counted(self, *args, _real=real, _name=name):
            calls[_name] += 1
            return _real(self, *args)
        monkeypatch.setattr(kind, name, counted)
    return calls


@pytest.mark.parametrize("game", sorted(CONFIGS))
def test_each_move_is_checked_once_and_cloned_once(app, monkeypatch, game):
    table = app.make(CONFIGS[game].scene, config=CONFIGS[game])
    app.stack.push(table)
    frames(app, 2)
    calls = counting(monkeypatch, table.state)
    for _ in range(6):
        if getattr(table, "result_index", None) is not None:
            table.next_hand()
        calls.clear()
        assert table.play(table.state.legal_actions()[0])
        assert calls == {"clone": 1, "why_illegal": 1}


def test_a_lessons_move_too_and_the_coach_reads_the_position_before_it(app, data_dir, monkeypatch):
    table = lesson_helpers.open_from_title(app, "grayblock")
    while table.coach.lesson.expected() is None:  # past the notes to the first move asked for
        table.coach.next()
    settle(app, table)
    told = []
    played = table.coach.played
    monkeypatch.setattr(table.coach, "played", lambda before, *rest: told.append(before) or played(before, *rest))
    calls = counting(monkeypatch, table.state)
    wanted = table.coach.lesson.expected()
    assert table.play(wanted)
    assert calls == {"clone": 1, "why_illegal": 1}
    assert told == [table.session.history.before()] and told[0].row == [] and table.state.row == [wanted.card]
