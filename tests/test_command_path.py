"""One command path (issue 58): the table submits commands to the session's queue, the frame loop
runs them in order, every outcome is heard in the declared stage order (state, animation, log,
save), and one Undo click works out its plan once, worded in one place."""

import json
import threading
from pathlib import Path

import game.core.commands as commands
import scenes.table.undoing as undoing
from game.assemble.setup import Rules as AssembleRules
from game.core.commands import STAGES, Play
from scenes.config import GameConfig, Seat
from storage_helpers import latest_saved
from ui_helpers import click, frames

ROOT = Path(__file__).resolve().parent.parent


def solo(app):
    """Cementopia: one human, no bot to move between frames, no pass screen."""
    config = GameConfig([Seat("You", "human", 0)], None, 3, "cementopia", undo="free")
    table = app.make(config.scene, config=config)
    app.stack.push(table)
    frames(app, 2)
    return table


def two_moves(state):
    first = state.legal_actions()[0]
    after = state.clone()
    after.apply(first)
    return first, after.legal_actions()[0]


def test_the_table_submits_and_the_frame_loop_runs_the_queue_in_order(app, monkeypatch):
    table = solo(app)
    shown = []
    real = table.on_played
    monkeypatch.setattr(table, "on_played", lambda action, outcome: (shown.append(action),
                                                                      real(action, outcome)))
    before = table.state.clone()
    first, second = two_moves(table.state)
    table.submit(Play(first))
    table.submit(Play(second))
    assert table.state == before and len(table.session.history) == 0  # queued, not yet run
    assert table.session.pending == 2
    frames(app)  # the frame loop runs them, in the order submitted
    assert table.session.history.actions == [first, second] and table.session.pending == 0
    assert shown == [first, second]  # each shown once it ran
    table.saves.service.flush()
    assert len(latest_saved()[1]["actions"]) == 2  # and kept


def spied(table, monkeypatch):
    """What each stage did, in the order it happened: state (a bot's thinking dropped), animation
    (the game's on_played, on_history), log (the undo's line), save (the autosave)."""
    heard = []

    def spy(owner, name, stage):
        real = getattr(owner, name)

        def call(*args, **kwargs):
            heard.append(stage)
            return real(*args, **kwargs)
        monkeypatch.setattr(owner, name, call)
    spy(table.hints.turns, "forget", "state")
    spy(table, "on_played", "animation")
    spy(table, "on_history", "animation")
    spy(table.logbook, "history_line", "log")
    spy(table.saves, "autosave", "save")
    return heard


def first_of(heard):
    """Each stage once, where it first did something (the game's on_played may drop a bot's
    thinking again)."""
    return list(dict.fromkeys(heard))


def test_the_stages_hear_in_their_declared_order_not_the_order_they_listened_in(app, monkeypatch):
    table = solo(app)
    session = table.session
    # the saving part listened first (it is made first), yet hears last: its stage says so
    assert session.listeners[-1][1] == table.saves.after_command
    assert [stage for stage, _ in session.listeners] == list(STAGES)
    heard = spied(table, monkeypatch)
    table.play(session.state.legal_actions()[0])
    assert first_of(heard) == ["state", "animation", "save"]  # kept once shown, not before
    heard.clear()
    table.undoing.undo()
    assert first_of(heard) == ["state", "animation", "log", "save"]


def test_one_undo_click_works_out_its_plan_once(app, monkeypatch):
    table = solo(app)
    table.play(table.state.legal_actions()[0])
    history = table.session.history
    clicked_at = history.version
    worked_out = []
    real = commands.undo_plan

    def counting(h, humans):
        worked_out.append(h.version)
        return real(h, humans)
    monkeypatch.setattr(commands, "undo_plan", counting)
    monkeypatch.setattr(undoing, "undo_plan", counting)
    click(app, table.buttons[0].rect.center)  # its frames light the button, the click undoes
    assert len(history) == 0
    # the position clicked in: one plan, for the button's light, the click and the command
    assert worked_out.count(clicked_at) == 1


def test_fair_undo_is_worded_in_one_place():
    found = [path.relative_to(ROOT).as_posix() for folder in ("game", "scenes")
             for path in (ROOT / folder).rglob("*.py")
             if "has moved since" in path.read_text(encoding="utf-8")
             or "new cards were dealt since" in path.read_text(encoding="utf-8")]
    assert found == ["game/core/commands.py"]


def test_a_refused_undo_says_the_shared_words_at_the_table(app):
    config = GameConfig([Seat("Ada", "human", 0), Seat("Bo", "easy", 1)], AssembleRules(), 3,
                        "assemble", undo="fair")
    table = app.make(config.scene, config=config)
    app.stack.push(table)
    frames(app, 2)
    plan = commands.UndoPlan((commands.Step(1, False), commands.Step(0, False)), frozenset({0}))
    assert table.undoing.blocked(plan) == str(commands.message(commands.MOVED_SINCE, name="Bo"))


class HeldStore:
    """A store whose first write waits until the test lets it go, then keeps what it was given
    as JSON (what the database would hold)."""

    held = False

    def __init__(self):
        self.entered, self.go = threading.Event(), threading.Event()
        self.kept = []
        self.games = self  # (its games in progress: the store's part SaveService writes)

    def new(self, record):
        self.entered.set()
        self.go.wait(10)
        self.kept.append(json.dumps(record))
        return 1

    def save(self, game_id, record):
        self.kept.append(json.dumps(record))

    def beat(self, game_id):
        return True

    def release(self, game_id):
        pass


def test_the_save_thread_gets_a_snapshot_never_the_live_session():
    from game.assemble.record import new_session
    from game.core.records import Snapshot, record_of
    from scenes.table.saving import SaveService
    session = new_session(3, [{"name": "Ada", "seat": "human"}, {"name": "Bo", "seat": "easy"}])
    session.play(session.state.legal_actions()[0])
    store = HeldStore()
    service = SaveService(store)
    try:
        service.save(record_of(session))  # handed over on this (the frame) thread
        assert store.entered.wait(10)  # the save thread is writing it
        # meanwhile the frame thread goes on: a bot fails and is replaced, another move is made
        session.meta["players"][1]["replaced_at"] = 1
        session.play(session.state.legal_actions()[0])
        service.save(record_of(session))
        assert all(isinstance(snapshot, Snapshot) for _kind, snapshot in service._jobs)
        store.go.set()
        assert service.flush(10)
    finally:
        store.go.set()
        service.close()
    first, second = (json.loads(text) for text in store.kept)
    assert "replaced_at" not in first["players"][1] and len(first["actions"]) == 1  # as handed over
    assert second["players"][1]["replaced_at"] == 1 and len(second["actions"]) == 2
