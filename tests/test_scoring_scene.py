"""The final scoring scene: stepping through, buttons, tiebreak sentences, resizes."""

import random

import pygame
import pytest

from game.assemble import Rules
from game.assemble.record import new_session
from scenes.config import GameConfig, Seat
from scenes.app.stack import Scene
from scenes.assemble.scoring import ScoringScene, capacity_text, tiebreak_text
from scenes.widgets import ui
from tests.helpers import finished
from tests.ui_helpers import click, frames, key, resize


class Recorder(Scene):
    """Stands in for scenes written elsewhere: remembers how it was made."""

    name = "recorder"

    def __init__(self, app, **kwargs):
        super().__init__(app)
        self.kwargs = kwargs


@pytest.fixture
def scenes_registry(monkeypatch):
    """scenes.registry.SCENES with the table stubbed by a recorder of what it was given."""
    import scenes.registry as registry
    monkeypatch.setitem(registry.SCENES, "table", type("Table", (Recorder,), {"name": "table"}))
    return registry.SCENES


def played(players: int, seed: int, rules: Rules = Rules()):
    session = new_session(seed, [{"name": f"P{i}"} for i in range(players)], rules)
    rng = random.Random(seed)
    while not session.state.is_over():
        session.play(rng.choice(session.state.legal_actions()))
    return session


def config_for(players: int, seed=7) -> GameConfig:
    names = ["Ada", "Bot", "Cy", "Dee"]
    return GameConfig([Seat(names[i], "human" if i == 0 else "easy", i) for i in range(players)],
                      seed=seed)


def push(app, players=4, seed=3, rules=Rules()):
    scene = ScoringScene(app, played(players, seed, rules), config_for(players))
    app.stack.push(scene)
    frames(app, 2)
    return scene


def check_layout(app, scene):
    w, h = app.screen.get_size()
    rects = {k: r for k, r in scene.layout_rects().items() if r.w > 0}
    names = sorted(rects)
    for name in names:
        assert pygame.Rect(0, 0, w, h).contains(rects[name]), (name, rects[name], (w, h))
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not rects[a].colliderect(rects[b]), (a, rects[a], b, rects[b])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_space_and_clicks_reveal_every_lane(app, players):
    scene = push(app, players)
    n = scene.state.n_lanes
    assert scene.phase == "lanes" and scene.lane == 0
    seen = []
    for i in range(4 * n):
        if scene.phase == "summary":
            break
        seen.append(scene.lane)
        check_layout(app, scene)
        if i % 2:
            key(app, pygame.K_SPACE)
        else:
            click(app, scene.line_rect().center)  # not a button: advances
    assert scene.phase == "summary"
    assert sorted(set(seen)) == list(range(n))
    assert scene.revealed == list(range(n))
    check_layout(app, scene)
    frames(app, 2)


def test_modules_count_up_and_finish(app):
    scene = push(app, 4, seed=5)
    ls = scene.lanes[0]
    frames(app, 40)  # the timer reveals modules one by one
    assert 0 < scene.shown <= len(ls.modules)
    key(app, pygame.K_RETURN)  # finishes the lane
    assert scene.shown == len(ls.modules) and 0 in scene.revealed
    frames(app, 120)
    assert round(scene.total) == ls.score
    key(app, pygame.K_RETURN)
    assert scene.lane == 1 and scene.shown == 0


def test_next_and_skip_buttons(app):
    scene = push(app, 3)
    click(app, scene.next_btn.rect.center)
    assert scene.shown == len(scene.lanes[0].modules)
    click(app, scene.next_btn.rect.center)
    assert scene.lane == 1
    click(app, scene.skip_btn.rect.center)
    assert scene.phase == "summary" and scene.revealed == [0, 1, 2]


def test_play_again_makes_a_table_with_a_fresh_seed(app, scenes_registry):
    scene = push(app, 2)
    key(app, pygame.K_ESCAPE)
    assert scene.phase == "summary"
    click(app, scene.again_btn.rect.center)
    top = app.stack.top
    assert top.name == "table" and len(app.stack) == 1
    config = top.kwargs["config"]
    assert config.seed is None and [s.name for s in config.seats] == ["Ada", "Bot"]
    assert scene.config.seed == 7  # the original is untouched


def test_title_by_keyboard(app, scenes_registry):
    app.stack.push(Recorder(app))  # something beneath must go too
    scene = push(app, 4)
    scene.skip()
    frames(app)
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    assert scene.review_btn.focused  # left to right: Play again, Review (issue 42), Title
    key(app, pygame.K_TAB)
    assert scene.title_btn.focused
    key(app, pygame.K_RETURN)
    assert app.stack.top.name == "title" and len(app.stack) == 1


def test_summary_texts(app):
    scene = push(app, 2, seed=11, rules=Rules(flaw=True))
    scene.skip()
    frames(app)
    for player in range(2):
        note = scene.counting_note(player)
        assert "counts" in note
        lane = scene.state.counting_lane(player)
        assert f"doll {'AB'[lane % 2]}" in note and "Lane" not in note  # the table's words
    label, _ = scene.banner_text()
    winners = scene.state.winners()
    assert (len(winners) == 1 and "wins" in label) or "Draw" in label
    assert [p for _, p in scene.ranking()][0] in winners


def test_demo_mode_advances_snaps_and_exits(app, tmp_path):
    app.demo = True
    app.options.screenshots = tmp_path / "shots"
    app.options.exit_after = 0
    scene = push(app, 4)
    for _ in range(2000):
        if not app.running:
            break
        app.step(0.05)
    assert scene.phase == "summary" and not app.running
    assert [p.name for p in (tmp_path / "shots").iterdir()] == ["01-scoring.png"]


@pytest.mark.parametrize("players", [2, 3])
def test_survives_resizes(app, players):
    scene = push(app, players)
    assert max(len(line) for line in scene.state.lines) == (10 if players == 3 else 8)
    for phase in ("lanes", "summary"):
        if phase == "summary":
            scene.skip()
        else:
            scene.advance()  # modules shown
        for size in ((640, 360), (3840, 2160), (1024, 768), (1280, 720)):
            resize(app, size)
            assert app.screen.get_size() == size
            check_layout(app, scene)
            if phase == "lanes":
                line = scene.line_rect()
                assert line.right <= scene.side.x and line.bottom <= scene.tally.y
            frames(app)


# --- tiebreak_text on hand-made positions ---------------------------------------------------

def test_no_tiebreak_when_scores_decide():
    assert tiebreak_text(finished(4, [[31], [16], [24], [6]], [1, 1, 1, 1])) is None


def test_tiebreaker_1_largest_module():
    # 16 + 9 (sizes 4 and 3, capacity 2) against one size-5 module
    state = finished(3, [[28, 0, 15], [31], [16]], [2, 1, 1])
    assert state.winners() == [1]
    text = tiebreak_text(state, ["Ada", "Bot", "Cy"])
    assert "Ada and Bot tie at 25 points" in text
    assert "Tiebreaker 1" in text and "Ada size 4, Bot size 5" in text
    assert text.endswith("Bot wins.")


def test_tiebreaker_2_more_scored_modules():
    # 4 + 4 against 4 + 1 + 1 + 1 + 1
    state = finished(3, [[24, 0, 6], [24, 0, 21, 0, 16], [0]], [2, 5, 1])
    assert state.winners() == [1]
    text = tiebreak_text(state, ["Ada", "Bot", "Cy"])
    assert "Tiebreaker 2" in text and "Ada 2 scored, Bot 5 scored" in text
    assert "Tiebreaker 1" not in text and text.endswith("Bot wins.")


def test_tiebreaker_3_fewer_unscored_modules():
    state = finished(4, [[24, 0, 1], [24], [16], [0]], [1, 1, 1, 1])
    assert state.winners() == [1]
    text = tiebreak_text(state)
    assert "Tiebreaker 3" in text and "Player 1 1 unscored, Player 2 0 unscored" in text
    assert text.endswith("Player 2 wins.")


def test_draw_after_every_tiebreaker():
    state = finished(3, [[24], [6], [16]], [1, 1, 1])
    assert state.winners() == [0, 1]
    text = tiebreak_text(state, ["Ada", "Bot", "Cy"])
    assert "draw" in text and "Ada and Bot share the win" in text
    assert "Tiebreaker" not in text


def test_partial_tiebreak_then_draw():
    # all three tie at 4 points; Cy's best module is smaller, Ada and Bot stay level
    state = finished(3, [[24], [6], [16, 0, 16, 0, 16, 0, 16]], [1, 1, 4])
    assert state.winners() == [0, 1]
    text = tiebreak_text(state, ["Ada", "Bot", "Cy"])
    assert "Ada, Bot and Cy tie at 4 points" in text and "Tiebreaker 1" in text
    assert "Ada and Bot share the win" in text


def test_two_players_compare_counting_dolls():
    # Ada's weaker doll: 4 points, size 2; Bot's weaker doll: 4 points, four size-1 modules
    state = finished(2, [[31], [24], [16, 0, 16, 0, 16, 0, 16], [31]], [1, 1, 4, 1])
    assert state.counting_lane(0) == 1 and state.counting_lane(1) == 2
    assert state.winners() == [0]
    text = tiebreak_text(state, ["Ada", "Bot"])
    assert text.startswith("Both counting dolls score 4 points.")
    assert "Ada size 2, Bot size 1" in text and text.endswith("Ada wins.")


def test_capacity_text():
    assert capacity_text(3, 5, False) == "The 3 best modules score."
    assert capacity_text(1, 4, False) == "Only the best module scores."
    assert capacity_text(4, 2, False) == "All 2 modules score."
    assert "subtracted" in capacity_text(2, 5, True)
    assert capacity_text(2, 0, False).startswith("No modules")


def test_hand_made_position_draws(app):
    """Lines of any length (here 1 and 12 cards) and a lane with no module at all."""
    from game.core.commands import History, Session
    state = finished(3, [[31], list(range(12)), [0]], [1, 9, 1])
    scene = ScoringScene(app, Session(History(state)), None)
    app.stack.push(scene)
    for _ in range(12):
        frames(app)
        check_layout(app, scene)
        scene.advance()
    assert scene.phase == "summary" and scene.names == ["Player 1", "Player 2", "Player 3"]
    frames(app)


@pytest.mark.parametrize("rules, words", [(Rules(identity=True), "FINAL SCORES \u00b7 THE IDENTITY"),
                                          (Rules(True, True), "FINAL SCORES \u00b7 THE FLAW \u00b7 THE IDENTITY")])
def test_the_summary_heading_names_every_advanced_rule_in_play(app, monkeypatch, rules, words):
    scene = push(app, 3, 5, rules)
    scene.skip()
    said = []
    real = ui.text
    monkeypatch.setattr(ui, "text", lambda surface, string, *a, **k: said.append(string) or real(surface, string, *a, **k))
    scene.draw(app.screen)
    assert words in said


def test_the_heading_says_you_win_when_the_player_wins(app):
    """The heading speaks to the player ("You win!", 「あなたの勝ち！」), never "You wins!"."""
    from game.core import i18n
    session = played(2, 11)
    winner = session.state.winners()[0]
    seats = [Seat("You" if p == winner else "Bramble", "human" if p == winner else "easy", p) for p in range(2)]
    scene = ScoringScene(app, session, GameConfig(seats, seed=7))
    app.stack.push(scene)
    scene.skip()
    frames(app, 2)
    assert scene.banner_text()[0] == "You win!"
    scene.names = ["Bramble", "Ada"][:2]
    scene.names[winner] = "Ada"
    assert scene.banner_text()[0] == "Ada wins!"
    try:
        i18n.set_language("ja")
        scene.names[winner] = i18n._("You")
        assert scene.banner_text()[0] == "あなたの勝ち！"
    finally:
        i18n.set_language("en")


def test_the_tiebreak_sentence_says_you_win():
    state = finished(3, [[28, 0, 15], [31], [16]], [2, 1, 1])
    assert tiebreak_text(state, ["Ada", "You", "Cy"]).endswith("You win.")
