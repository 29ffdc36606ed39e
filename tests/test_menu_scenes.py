"""Title, setup, pause menu and rules overlay, driven with real events (SDL dummy driver)."""

import pygame
import pytest

from scenes.widgets import ui
from scenes.menus.pause import PauseMenu
from scenes.menus.rules import RulesOverlay
from scenes.menus.setup import SetupScene
from scenes.menus.title import TitleScene
from tests.storage_helpers import edit, keep_in_progress, settings_kept
from tests.ui_helpers import DummyTable, click, frames, key, post, resize, spy_texts, top, type_text


def right_half(rect):
    return (rect.right - max(3, rect.w // 8), rect.centery)


def left_part(rect):
    return (rect.x + max(3, rect.w // 8), rect.centery)


def visible_widgets(scene):
    return [w for w in scene.ring.widgets if w.rect.w > 0 and w.enabled]


def assert_tidy(app, scene):
    """Every shown widget lies inside the window and no two overlap."""
    screen = app.screen.get_rect()
    shown = visible_widgets(scene)
    assert shown
    for w in shown:
        assert screen.contains(w.rect), (type(w).__name__, w.rect, screen)
    for i, a in enumerate(shown):
        for b in shown[i + 1:]:
            assert not a.rect.colliderect(b.rect), (a.rect, b.rect)


# --- title -----------------------------------------------------------------------------------

def test_title_new_game_by_click(app):
    scene = app.stack.push(app.make("title"))
    frames(app, 2)
    assert not scene.cont.enabled and scene.cont.rect.w == 0  # no game in progress: no Continue
    click(app, scene.new_game.rect.center)
    assert isinstance(top(app), SetupScene)


def test_title_counts_the_other_games_the_app_carries(app, monkeypatch):
    """The subtitle's "and N more" is every registered game but Alice Assemble itself."""
    from game.core import registry
    app.stack.push(app.make("title"))
    said = spy_texts(monkeypatch)
    frames(app, 1)
    others = len(registry.ids()) - 1
    assert others >= 3 and f"a doll-assembly card game (and {others} more)" in [t for t, _r in said]


def test_title_new_game_by_keyboard(app):
    app.stack.push(app.make("title"))
    frames(app, 1)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)
    assert isinstance(top(app), SetupScene)


def test_title_rules_and_escape_quits(app):
    scene = app.stack.push(app.make("title"))
    click(app, scene.rules.rect.center)
    assert isinstance(top(app), RulesOverlay)
    key(app, pygame.K_ESCAPE)
    assert top(app) is scene and app.running
    key(app, pygame.K_ESCAPE)
    assert top(app).name == "confirm" and app.running  # asked first (issue 59, item 5)
    key(app, pygame.K_RETURN)
    assert not app.running


def test_continue_with_a_damaged_game_says_why_and_keeps_it_listed(app, table):
    keep_in_progress({"format": "alice-record", "version": 1, "game": "assemble", "seed": 1,
                      "players": [{"name": "Ann", "seat": "human"}], "actions": []})
    edit("UPDATE games SET record = '{ this is not a record'")
    scene = app.stack.push(app.make("title"))
    frames(app, 1)
    assert scene.cont.enabled and scene.cont.rect.w > 0
    click(app, scene.cont.rect.center)
    listed = top(app)
    assert listed.name == "continue" and len(listed.games) == 1
    key(app, pygame.K_RETURN)
    assert top(app) is listed and not table
    assert app.toasts and "cannot be resumed" in app.toasts[-1][0]
    assert len(listed.games) == 1  # kept: it can still be deleted, never lost without a word
    frames(app, 2)


def test_continue_resumes_a_saved_game(app, table):
    from game.assemble.record import new_session
    from game.assemble.setup import Rules
    from game.core.records import record_of
    players = [{"name": "Ann", "seat": "human", "colour": 2}, {"name": "Bo", "seat": "easy", "colour": 0}]
    session = new_session(42, players, Rules(flaw=True))
    session.play(session.state.legal_actions()[0])
    game_id = keep_in_progress(record_of(session))
    scene = app.stack.push(app.make("title"))
    assert scene.ring.current is scene.cont  # Continue comes first and has the focus
    key(app, pygame.K_RETURN)
    assert top(app).name == "continue"
    key(app, pygame.K_RETURN)  # the game played last
    assert len(table) == 1
    assert table[0]["session"].state == session.state
    config = table[0]["config"]
    assert [s.name for s in config.seats] == ["Ann", "Bo"] and config.seed == 42
    assert config.rules.flaw and config.seats[1].kind == "easy"


# --- setup -----------------------------------------------------------------------------------

def test_setup_defaults(app):
    scene = app.stack.push(app.make("setup"))
    config = scene.config()
    assert [s.name for s in config.seats] == ["You", "Bellows", "Ratchet", "Cogsworth"]
    assert [s.kind for s in config.seats] == ["human", "easy", "easy", "easy"]
    assert len({s.colour for s in config.seats}) == 4
    assert config.seed is None and not config.rules.flaw and not config.rules.identity


def test_setup_by_clicks_and_typing(app, table, data_dir):
    scene = app.stack.push(app.make("setup"))
    frames(app, 1)
    while scene.players.value != 3:
        click(app, right_half(scene.players.rect))
    assert scene.rows[3].name.rect.w == 0  # the fourth seat is hidden
    click(app, left_part(scene.rows[1].kind.rect))  # easy -> random
    assert scene.rows[1].kind.value == "random"
    click(app, scene.rows[0].name.rect.center)
    for _ in range(5):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Alice")
    click(app, scene.rows[2].name.rect.center)
    for _ in range(12):
        key(app, pygame.K_BACKSPACE)  # empty: becomes "Player 3"
    click(app, scene.seed.rect.center)
    type_text(app, "12x34")
    click(app, scene.options["flaw"].rect.center)
    assert scene.options["flaw"].value and not scene.options["identity"].value
    click(app, scene.start.rect.center)
    assert len(table) == 1 and isinstance(top(app), DummyTable)
    config = table[0]["config"]
    assert [s.name for s in config.seats] == ["Alice", "Bellows", "Player 3"]
    assert [s.kind for s in config.seats] == ["human", "random", "easy"]
    assert len({s.colour for s in config.seats}) == 3
    assert config.seed == 1234 and config.rules.flaw and not config.rules.identity
    saved = settings_kept()
    assert saved["setup"]["players"] == 3 and saved["setup"]["seed"] == "1234"


def test_setup_remembers_last_setup(app, table):
    scene = app.stack.push(app.make("setup"))
    click(app, right_half(scene.players.rect))  # 4 -> 2
    click(app, scene.options["identity"].rect.center)
    key(app, pygame.K_TAB)  # off the toggle, onto the seed
    type_text(app, "77")
    click(app, scene.start.rect.center)
    again = app.stack.replace(app.make("setup"))
    assert again.players.value == 2 and again.options["identity"].value and again.seed.value == "77"


def test_setup_enter_on_start_starts(app, table):
    scene = app.stack.push(app.make("setup"))
    assert scene.ring.current is scene.start
    key(app, pygame.K_RETURN)
    assert len(table) == 1 and len(table[0]["config"].seats) == 4


def test_setup_colours_stay_distinct(app):
    scene = app.stack.push(app.make("setup"))
    click(app, right_half(scene.rows[0].colour.rect))  # Orange -> skips Blue, Green, Gold
    assert scene.rows[0].colour.value == 4
    click(app, left_part(scene.rows[0].colour.rect))  # back down: skips Gold, Green, Blue
    assert scene.rows[0].colour.value == 0
    for _ in range(7):
        click(app, right_half(scene.rows[2].colour.rect))
        assert len({r.colour.value for r in scene.rows[:4]}) == 4  # (a fifth seat: Alicematic's)


def test_setup_ignores_malformed_settings(app):
    app.settings["setup"] = {"players": "three", "seats": [1, {"name": 5, "kind": "wizard",
                                                                "colour": 99}, None, {"colour": 0}],
                             "flaw": "yes", "seed": "12ab"}
    scene = app.stack.push(app.make("setup"))
    config = scene.config()
    assert len(config.seats) == 4 and config.seed is None and not config.rules.flaw
    assert len({s.colour for s in config.seats}) == 4
    app.settings["setup"] = ["not", "a", "dict"]
    app.stack.replace(app.make("setup"))
    frames(app, 1)


def test_setup_back_and_escape(app):
    scene = app.stack.push(app.make("setup"))
    click(app, scene.back.rect.center)
    assert isinstance(top(app), TitleScene)
    click(app, top(app).new_game.rect.center)
    key(app, pygame.K_ESCAPE)
    assert isinstance(top(app), TitleScene)


def test_demo_runs_title_to_table(app, table):
    app.demo = True
    app.options.players, app.options.seed = 3, 9
    app.stack.push(app.make("title"))
    for _ in range(150):
        app.step(1 / 30)
        if table:
            break
    assert len(table) == 1
    config = table[0]["config"]
    assert len(config.seats) == 3 and config.seed == 9
    assert [s.kind for s in config.seats] == ["easy", "random", "easy"]


# --- overlays --------------------------------------------------------------------------------

def test_rules_overlay_scrolls_and_closes(app):
    base = app.stack.push(app.make("title"))
    rules = app.stack.push(app.make("rules"))
    frames(app, 1)
    assert rules.max_scroll() > 0
    post(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False,
                                 precise_x=0.0, precise_y=-1.0))
    assert rules.scroll > 0
    before = rules.scroll
    key(app, pygame.K_PAGEDOWN)
    assert rules.scroll > before
    key(app, pygame.K_END)
    assert rules.scroll == rules.max_scroll()
    key(app, pygame.K_HOME)
    assert rules.scroll == 0
    click(app, (rules.track.centerx, rules.track.bottom - 2))  # jump via the scrollbar
    assert rules.scroll > 0
    key(app, pygame.K_ESCAPE)
    assert top(app) is base
    rules = app.stack.push(app.make("rules"))
    click(app, rules.close_b.rect.center)
    assert top(app) is base


def page_text(rules) -> str:
    def words(kind, p):
        if kind == "t":
            return " ".join(f"{label} {value}" for _x, label, _vx, value in p)
        return p if isinstance(p, str) else p[1]
    return " ".join(words(kind, p) for kind, _, p in rules.lines if p)


def test_rules_pages_for_each_game_open_on_the_game_being_played(app):
    from game.grayblock.setup import Rules
    from scenes.config import GameConfig, Seat
    from scenes.grayblock.table import GrayblockScene
    game = app.stack.push(GrayblockScene(app, GameConfig([Seat("Ada"), Seat("Bo")], Rules(), 1, "grayblock")))
    menu = app.stack.push(app.make("menu", table=game))
    frames(app, 1)
    click(app, menu.rules_b.rect.center)
    rules = top(app)
    assert rules.game == "grayblock" and "block winner then adds" in page_text(rules)
    key(app, pygame.K_END)
    assert rules.scroll > 0
    click(app, rules.tabs["cementopia"].rect.center)
    assert rules.game == "cementopia" and rules.scroll == 0
    assert "connection count" in page_text(rules) and "block winner" not in page_text(rules)
    key(app, pygame.K_RIGHT)
    assert rules.game == "grayblock"
    key(app, pygame.K_RIGHT)
    assert rules.game == "alicematic"
    key(app, pygame.K_RIGHT)  # wraps round to the first page
    assert rules.game == "assemble" and "counting doll" in page_text(rules)
    key(app, pygame.K_LEFT)  # and back
    assert rules.game == "alicematic"
    resize(app, (640, 360))  # the page survives a resize, tabs inside the panel
    assert rules.game == "alicematic" and all(rules.panel.contains(t.rect) for t in rules.tabs.values())
    key(app, pygame.K_ESCAPE)
    assert top(app) is menu


def test_title_rules_open_on_the_game_last_set_up(app):
    app.settings["setup"] = {"game": "cementopia"}
    title = app.stack.push(app.make("title"))
    frames(app, 1)
    click(app, title.rules.rect.center)
    assert isinstance(top(app), RulesOverlay) and top(app).game == "cementopia"


def test_pause_menu(app, table):
    from scenes.assemble.table import TableScene
    from scenes.config import GameConfig, Seat
    # a lesson's table: its menu has no Restart nor Concede, and leaving it asks nothing
    game = app.stack.push(TableScene(app, GameConfig([Seat("Ada"), Seat("Bo", "easy", 1)], seed=1,
                                                     lesson="assemble")))
    menu = app.stack.push(app.make("menu", table=game))
    assert isinstance(menu, PauseMenu) and not menu.opaque
    frames(app, 1)
    click(app, menu.resume_b.rect.center)
    assert top(app) is game
    menu = app.stack.push(app.make("menu", table=game))
    key(app, pygame.K_ESCAPE)
    assert top(app) is game
    menu = app.stack.push(app.make("menu", table=game))
    click(app, menu.rules_b.rect.center)
    assert isinstance(top(app), RulesOverlay)
    key(app, pygame.K_ESCAPE)
    assert top(app) is menu and menu.ring.current is menu.rules_b
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # Title screen
    assert isinstance(top(app), TitleScene) and len(app.stack) == 1


# --- sizes -----------------------------------------------------------------------------------

@pytest.mark.parametrize("which", ["title", "setup", "menu", "rules"])
def test_scenes_survive_resizes(app, table, which):
    if which in ("menu", "rules"):
        app.stack.push(app.make("table", config=None))
    scene = app.stack.push(app.make(which))
    for size in [(640, 360), (1920, 1080), (3840, 2160), (1000, 900), (2560, 1080), (1280, 720)]:
        resize(app, size)
        frames(app, 1)
        assert app.screen.get_size() == size
        assert top(app) is scene
        if which == "rules":
            assert scene.panel.w <= size[0] and scene.panel.h <= size[1]
            assert scene.view.right < scene.track.x and scene.track.right < scene.panel.right
            for kind, _y, payload in scene.lines:  # wrapped text fits the page width
                if kind in ("p", "b", "c"):
                    line = payload if kind == "p" else payload[1]
                    assert ui.font(scene.body_px).size(line)[0] <= scene.view.w
        else:
            assert_tidy(app, scene)
    if which == "rules":
        key(app, pygame.K_END)
        frames(app, 1)


def test_external_program_seat_needs_a_command_and_becomes_a_cmd_seat(app, table):
    scene = app.stack.push(app.make("setup"))
    frames(app, 1)
    assert "external" not in scene.rows[1].kind.options and scene.command.rect.w == 0
    click(app, scene.advanced.rect.center)  # Advanced... shows the external program's seat kind
    assert scene.command.rect.w > 0
    scene.rows[1].kind.set("external")
    scene.start_game()
    assert top(app) is scene  # not started: no command yet
    assert any("command line" in message for message, _ in app.toasts)
    scene.command.value = "python3 mybot.py --fast"
    scene.start_game()
    config = table[-1]["config"]
    assert config.seats[1].kind == "cmd:python3 mybot.py --fast"
    assert config.seats[1].is_bot


def test_setup_idle_frames_draw_the_tables_cards_ahead(app):
    """While seats are chosen, idle frames render the card art the table will need, so the
    table's first frame does not draw 32 cards for the first time."""
    from scenes.layouts.tmx import load_layout
    setup = app.stack.push(app.make("setup"))
    setup.players.set(3)
    frames(app, 3 * 40)  # a rendering every third frame at least, even on a slow machine
    cw = round(load_layout(3).fit(*app.screen.get_size()).card_width)
    assert not app.art.pending
    assert all(app.art.has("doll", card, cw) for card in range(32))
    resize(app, (1600, 900))  # a new size plans again
    frames(app, 1)
    assert app.art.pending


@pytest.mark.parametrize("game", ["grayblock", "cementopia"])
def test_setup_plans_the_art_of_every_game(app, game):
    setup = app.stack.push(app.make("setup"))
    setup.game.set(game)
    setup._game_changed()
    frames(app, 3 * 45)
    assert not app.art.pending and setup.planned[0] == game
    widths = {key[2] for key in app.art._cache if key[0] == "doll"}
    assert any(all(app.art.has("doll", card, w) for card in range(32)) for w in widths)


# --- setup: today's deal, the advanced toggle, the caret ---------------------------------------

def test_setup_seed_shows_todays_deal_while_it_is_ticked(app, table):
    from game.cementopia.setup import daily_seed
    scene = app.stack.push(app.make("setup"))
    scene.game.set("cementopia")
    scene._game_changed()
    frames(app, 1)
    assert scene.options["daily"].value and not scene.seed.enabled
    assert scene.seed.standin == str(daily_seed())  # the day's seed, not "random"
    click(app, scene.seed.rect.center)
    type_text(app, "55")
    assert scene.seed.value == "" and scene.config().seed == daily_seed()
    click(app, scene.options["daily"].rect.center)  # off: the field is the player's again
    assert scene.seed.enabled and scene.seed.standin is None
    click(app, scene.seed.rect.center)
    type_text(app, "55")
    assert scene.config().seed == 55
    click(app, scene.options["daily"].rect.center)
    assert scene.config().seed == daily_seed() and scene.seed.standin == str(daily_seed())


def test_setup_external_program_hides_under_advanced(app, table):
    scene = app.stack.push(app.make("setup"))
    frames(app, 1)
    assert not scene.advanced.value and scene.command.rect.w == 0
    for _ in range(len(scene.rows[1].kind.options) + 1):  # cycling never reaches it
        click(app, right_half(scene.rows[1].kind.rect))
        assert scene.rows[1].kind.value != "external"
    click(app, scene.advanced.rect.center)
    assert scene.command.rect.w > 0 and scene.command.enabled
    while scene.rows[1].kind.value != "external":
        click(app, right_half(scene.rows[1].kind.rect))
    click(app, scene.command.rect.center)
    type_text(app, "mybot")
    click(app, scene.start.rect.center)
    assert table[-1]["config"].seats[1].kind == "cmd:mybot"
    again = app.stack.replace(app.make("setup"))  # the saved setup has one: Advanced is on
    frames(app, 1)
    assert again.advanced.value and again.rows[1].kind.value == "external"
    assert again.command.rect.w > 0 and again.command.value == "mybot"
    click(app, again.advanced.rect.center)  # off: that seat goes back to a bot
    assert again.command.rect.w == 0 and again.rows[1].kind.value not in ("external", "human")
    assert not again.uses_external()


def test_setup_opens_with_advanced_on_for_a_saved_external_seat(app):
    app.settings["setup"] = {"players": 2, "seats": [{"name": "Me", "kind": "human"},
                                                     {"name": "Mine", "kind": "external"}],
                             "command": "python3 b.py"}
    scene = app.stack.push(app.make("setup"))
    frames(app, 1)
    assert scene.advanced.value and scene.rows[1].kind.value == "external"
    app.settings["setup"] = {"players": 2, "seats": [{"name": "Me", "kind": "human"}]}
    plain = app.stack.replace(app.make("setup"))
    frames(app, 1)
    assert not plain.advanced.value and "external" not in plain.kinds


def test_setup_name_field_edits_at_the_caret(app):
    scene = app.stack.push(app.make("setup"))
    frames(app, 1)
    field = scene.rows[0].name
    click(app, field.rect.center)
    assert scene.ring.current is field and field.caret == len("You")
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    type_text(app, "ell")  # Y|ou -> Yell|ou
    assert field.value == "Yellou" and field.caret == 4
    key(app, pygame.K_BACKSPACE)  # removes the letter before the caret
    assert field.value == "Yelou" and field.caret == 3
    key(app, pygame.K_HOME)
    key(app, pygame.K_DELETE)  # removes the letter after it
    assert field.value == "elou" and field.caret == 0
    key(app, pygame.K_LEFT)  # already at the start: stays
    type_text(app, "B")
    key(app, pygame.K_END)
    type_text(app, "!")
    assert field.value == "Belou!" and field.caret == 6
    key(app, pygame.K_RIGHT)
    assert field.caret == 6 and scene.ring.current is field  # Right moved the caret, not the focus
    click(app, (field.rect.x + 3, field.rect.centery))  # a click at the left edge: caret to the start
    assert field.caret == 0
    type_text(app, "A")
    assert field.value == "ABelou!"


def test_text_field_caret_is_drawn_where_it_is(app):
    """The caret is a line drawn at the insertion point, not at the end of the text."""
    scene = app.stack.push(app.make("setup"))
    frames(app, 1)
    field = scene.rows[0].name
    click(app, field.rect.center)
    field.value = "WWWWWW"
    def caret_column():
        field.blink_from = pygame.time.get_ticks()  # shown now (it blinks)
        surface = pygame.Surface(app.screen.get_size())
        field.draw(surface, scene.s)
        y = field.rect.centery
        hits = [x for x in range(field.rect.x + 4, field.rect.right - 4)
                if surface.get_at((x, y))[:3] == ui.HILITE]
        return min(hits) if hits else None
    at_end = caret_column()
    key(app, pygame.K_HOME)
    at_start = caret_column()
    for _ in range(3):
        key(app, pygame.K_RIGHT)
    middle = caret_column()
    assert at_start is not None and at_start < middle < at_end


def test_setup_shows_each_bot_levels_rating_where_the_game_has_them(app, monkeypatch):
    from game.services.ratings import load_ratings
    stored = load_ratings("assemble")
    scene = app.stack.push(app.make("setup"))
    frames(app, 1)
    seen = []
    for _ in scene.kinds:  # every kind the seat offers, as the choice draws it
        click(app, right_half(scene.rows[1].kind.rect))
        drawn = spy_texts(monkeypatch)
        frames(app, 1)
        monkeypatch.undo()
        label = scene.rows[1].kind.show(scene.rows[1].kind.value)
        assert any(string == label for string, _rect in drawn)
        seen.append((scene.rows[1].kind.value, label))
    for kind, label in seen:
        if kind in stored:
            assert label.endswith(f"({stored[kind]})"), label
    assert "hard" in {kind for kind, _label in seen}
    assert "expert" not in {kind for kind, _label in seen}  # no stronger than hard: not offered
    while scene.game.value != "grayblock":  # no ratings stored for Grayblock: plain words
        click(app, right_half(scene.game.rect))
    assert scene.rows[1].kind.show("easy") == "Bot \u00b7 Easy"
