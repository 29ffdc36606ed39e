"""Play Cementopia through its scene with synthesized mouse drags, clicks and keys (SDL dummy)."""


import pygame
import pytest

from game.core import records
from game.cementopia.best import load_best
from scenes.cementopia.end import CementopiaEndScene
from scenes.cementopia.table import CementopiaScene
from scenes.config import GameConfig, Seat
from storage_helpers import (bests, edit, finished_records, has_game_in_progress, keep_in_progress,
                             latest_record, latest_saved)
from ui_helpers import click, drag, frames, key, resize, resume_latest, wait_for
from ui_helpers import settle as ui_settle

POPUP_SEED = 26  # a deal where several spots offer two different neighbours to count


def start(app, seed=POPUP_SEED, session=None):
    scene = CementopiaScene(app, GameConfig([Seat("Ada")], None, seed, "cementopia"), session)
    app.stack.push(scene)
    frames(app, 2)
    settle(app, scene)
    return scene


def settle(app, scene, limit=300):
    """Also until the camera has glided to its goal."""
    ui_settle(app, scene, limit, lambda scene: scene.motion.flights or scene.cam.goal is not None)


def counts(scene, action):
    return {c for _, c in scene.spots_for(action.card)[(action.x, action.y)]}


def asks(scene, action) -> bool:
    """Whether dropping there asks which neighbour to count (different counters to pay)."""
    return len(counts(scene, action)) > 1


def spot_point(scene, action):
    point = scene.cam.band_rect(scene.lay.board, action.x, action.y).center
    assert scene.lay.board.collidepoint(point), "the lit spot should be on screen after the auto-fit"
    assert scene.spot_at(point, action.card) == (action.x, action.y)
    return point


def choose(scene):
    """A spot that asks which neighbour to count if there is one, else the middle legal action."""
    legal = scene.state.legal_actions()
    asking = [a for a in legal if asks(scene, a)]
    return asking[0] if asking else legal[len(legal) // 2]


def history(scene):
    return scene.session.history.actions


def test_whole_deal_by_drags_with_count_choices_undo_and_redo(app, data_dir):
    scene = start(app)
    assert not scene.assisted
    chosen = {"click": 0, "key": 0}
    placed = 0
    while not scene.state.is_over():
        settle(app, scene)
        action = choose(scene)
        before, asking, options = len(history(scene)), asks(scene, action), counts(scene, action)
        drag(app, scene.hand_rect(action.card).center, spot_point(scene, action))
        if asking:
            popup = scene.popup
            assert popup is not None and len(history(scene)) == before  # nothing played yet
            assert (popup.x, popup.y, popup.card) == (action.x, action.y, action.card)
            assert sorted(c for _, c, _ in popup.choices) == sorted(options)
            if chosen["click"] <= chosen["key"]:
                click(app, popup.ring.widgets[0].rect.center)
                expected, how = popup.choices[0][0], "click"
            else:
                key(app, pygame.K_2, unicode="2")
                expected, how = popup.choices[1][0], "key"
            chosen[how] += 1
            assert history(scene)[-1] == expected and scene.popup is None
        else:
            assert scene.popup is None
            assert history(scene)[-1][:3] == action[:3]
        assert len(history(scene)) == before + 1
        placed += 1
        if placed == 3:
            settle(app, scene)
            after = scene.state.clone()
            key(app, pygame.K_z, pygame.KMOD_CTRL)
            assert len(history(scene)) == 2 and scene.assisted
            assert scene.session.meta["assisted"] is True
            scene.saves.service.flush()  # written off the frame
            assert latest_record()["assisted"] is True
            key(app, pygame.K_y, pygame.KMOD_CTRL)
            assert scene.state == after
            click(app, scene.buttons[0].rect.center)  # the Undo button
            assert len(history(scene)) == 2
            click(app, scene.buttons[1].rect.center)  # Redo
            assert scene.state == after
    assert chosen["click"] >= 1 and chosen["key"] >= 1
    wait_for(app, lambda: isinstance(app.stack.top, CementopiaEndScene))
    end = app.stack.top
    assert end.assisted and end.state is scene.state
    kept = finished_records()
    assert len(kept) == 1
    record = kept[0]
    records.verify(record)
    assert record["assisted"] is True and len(record["actions"]) == placed
    assert record["result"]["score"] == scene.state.score()
    assert not has_game_in_progress()
    best = bests()[str(POPUP_SEED)]
    if scene.state.outcome == "complete":
        assert best == {"best": scene.state.score(), "unassisted_best": None}
    frames(app, 3)
    click(app, end.title_b.rect.center)
    assert app.stack.top.name == "title"


def test_click_to_select_then_click_a_lit_spot_and_keyboard_placement(app):
    scene = start(app, seed=5)
    card = next(c for c in scene.state.hand if scene.spots_for(c))
    click(app, scene.hand_rect(card).center)
    assert scene.selected == card
    spot = sorted(scene.spots_for(card))[0]
    click(app, scene.cam.band_rect(scene.lay.board, *spot).center)
    if scene.popup is not None:
        key(app, pygame.K_1, unicode="1")
    assert [(c, x, y) for c, x, y in scene.state.placed[1:]] == [(card, *spot)]
    settle(app, scene)
    # keyboard only: Right picks a hand card, Enter goes to its lit spots, arrows move, Enter places
    key(app, pygame.K_RIGHT)
    assert scene.kb_stage == "hand" and scene.selected == scene.state.hand[0]
    while not scene.spots_for(scene.selected):
        key(app, pygame.K_RIGHT)
    chosen = scene.selected
    key(app, pygame.K_RETURN)
    assert scene.kb_stage == "board" and scene.cursor in scene.spots_for(chosen)
    for arrow in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT):
        key(app, arrow)
        assert scene.cursor in scene.spots_for(chosen)
    target = scene.cursor
    key(app, pygame.K_RETURN)
    if scene.popup is not None:
        key(app, pygame.K_1, unicode="1")
    assert scene.state.placed[-1] == (chosen, *target)
    # Tab cycles the hand; Esc drops the choice, then opens the menu (which autosaves)
    key(app, pygame.K_TAB)
    assert scene.selected in scene.state.hand
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert scene.selected is None and app.stack.top.name == "menu"


def test_the_hint_shows_a_legal_placement_and_plays_nothing(app):
    scene = start(app, seed=9)
    before = scene.state.clone()
    click(app, scene.buttons[2].rect.center)  # Hint: the first one asks, as it marks the attempt
    ask = app.stack.top
    assert ask.name == "confirm" and "assisted" in ask.detail and not scene.assisted
    key(app, pygame.K_ESCAPE)  # no: nothing is shown, nothing marked
    frames(app, 5)
    assert app.stack.top is scene and scene.hints.turns.hint is None and not scene.assisted
    key(app, pygame.K_h, unicode="h")
    assert app.stack.top.name == "confirm"
    key(app, pygame.K_RETURN)  # yes
    wait_for(app, lambda: scene.hints.turns.hint is not None)
    action, reason, _ = scene.hints.turns.hint
    assert action in scene.state.legal_actions() and reason
    assert scene.hint_action() == action
    frames(app, 30)
    assert scene.state == before and not history(scene)
    assert scene.assisted  # the solver's help marks the attempt, as undo does
    scene.saves.service.flush()
    assert latest_record()["assisted"] is True
    # the keyboard's first spot for the hinted card is the hinted spot
    scene.hints.turns.hint = None
    click(app, scene.buttons[2].rect.center)  # a second hint asks no more: the attempt is assisted
    assert app.stack.top is scene
    wait_for(app, lambda: scene.hints.turns.hint is not None)
    while scene.selected != action.card:
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert scene.cursor == (action.x, action.y)


@pytest.mark.parametrize("best, plain", [("many", None), (99, 3), (-1, "x"), (2.5, None)])
def test_a_best_score_that_makes_no_sense_is_left_out_not_fatal(app, data_dir, best, plain):
    edit("INSERT INTO cementopia_best (seed, best, unassisted_best) VALUES ('1', ?, ?)", best, plain)
    scene = start(app, seed=1)
    assert scene.best == {}  # what makes no sense is left out quietly
    while not scene.state.is_over():
        scene.play(scene.state.legal_actions()[0])
    wait_for(app, lambda: isinstance(app.stack.top, CementopiaEndScene))
    table, problem = load_best(app.store)
    assert problem is None
    if scene.state.outcome == "complete":
        assert table["1"] == {"best": scene.state.score(), "unassisted_best": scene.state.score()}
        assert app.stack.top.improved


@pytest.mark.parametrize("size", [(640, 360), (3840, 2160), (1000, 900)])
def test_table_and_end_screen_draw_at_every_size(app, size):
    scene = start(app, seed=POPUP_SEED)
    for _ in range(6):
        scene.play(choose(scene))
    settle(app, scene)
    asking = [a for a in scene.state.legal_actions() if asks(scene, a)]
    if asking:
        scene.try_place(*asking[0][:3])
    resize(app, size)
    frames(app, 3)
    assert app.screen.get_size() == size
    lay = scene.lay
    screen = pygame.Rect((0, 0), size)
    parts = [lay.hud, lay.board, lay.hand, lay.side]
    for i, rect in enumerate(parts):
        assert screen.contains(rect)
        assert not any(rect.colliderect(other) for other in parts[i + 1:])
    for rect in lay.slots + [lay.deck]:
        assert lay.hand.contains(rect)
    for rect in lay.counters + lay.buttons + [lay.table]:
        assert lay.side.contains(rect)
    if scene.popup is not None:
        assert lay.board.contains(scene.popup.rect)
        for button in scene.popup.ring.widgets:
            assert scene.popup.rect.contains(button.rect)
    scene.popup = None
    while not scene.state.is_over():
        scene.play(scene.state.legal_actions()[0])
    wait_for(app, lambda: isinstance(app.stack.top, CementopiaEndScene))
    end = app.stack.top
    frames(app, 2)
    assert screen.contains(end.panel) and screen.contains(end.board) and not end.panel.colliderect(end.board)
    assert end.panel.contains(end.again_b.rect) and end.panel.contains(end.title_b.rect)


def test_facing_gear_cells_of_neighbours_line_up_on_screen(app):
    from scenes.art.cards import gear_centre
    scene = start(app, seed=7)
    for _ in range(10):
        scene.play(scene.state.legal_actions()[0])
    settle(app, scene)
    board, w, pairs = scene.lay.board, scene.cam.w, 0
    for _, x, y in scene.state.placed:
        for _, ox, oy in scene.state.placed:
            if ox != x + 1 or abs(oy - y) > 4:
                continue
            left, right = scene.cam.card_rect(board, x, y), scene.cam.card_rect(board, ox, oy)
            for row in range(max(y, oy), min(y, oy) + 5):
                a = left.y + gear_centre(row - y, w, right=True)[1]
                b = right.y + gear_centre(row - oy, w)[1]
                assert abs(a - b) <= 1.0
                pairs += 1
    assert pairs >= 10


def test_continue_from_the_autosave_resumes_the_same_position(app, data_dir):
    scene = start(app, seed=3)
    for _ in range(4):
        scene.play(scene.state.legal_actions()[-1])
    scene.undoing.undo()
    scene.saves.service.flush()
    session, record = latest_saved()
    assert session.state == scene.state
    assert record["assisted"] is True
    app.stack.clear_to(app.make("title"))
    resumed = start(app, seed=None, session=session)
    assert resumed.state == scene.state and resumed.assisted
    assert len(history(resumed)) == 3
    action = resumed.state.legal_actions()[0]
    assert resumed.play(action)
    resumed.saves.service.flush()
    assert latest_saved()[0].state == resumed.state


def test_play_again_keeps_the_kind_of_deal(app, monkeypatch):
    from game.cementopia.setup import daily_seed
    scene = start(app, seed=daily_seed())
    assert scene.deal_label().startswith("Today's deal")
    end = CementopiaEndScene(app, scene.session, scene.config)
    app.stack.replace(end)
    frames(app, 2)
    end.play_again()
    again = app.stack.top
    assert isinstance(again, CementopiaScene) and again.session.meta["seed"] == daily_seed()
    end = CementopiaEndScene(app, start(app, seed=77).session)
    app.stack.replace(end)
    end.play_again()
    assert app.stack.top.deal_label() != "Seed 77"  # a fresh random deal


def test_title_continue_resumes_a_cementopia_save(app):
    from game.cementopia.record import new_session as new_cementopia
    from game.core.records import record_of
    from scenes.cementopia.table import CementopiaScene
    session = new_cementopia(5, None, None)
    for _ in range(2):
        session.play(session.state.legal_actions()[0])
    keep_in_progress(record_of(session))
    app.stack.push(app.make("title"))
    resume_latest(app)
    assert isinstance(app.stack.top, CementopiaScene)
    assert app.stack.top.session.state == session.state
