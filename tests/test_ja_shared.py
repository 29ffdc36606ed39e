"""Issue 13 for what every table and the app share: the table's buttons, undo words, hints and
log in Japanese, switched live from Settings (also over a game); toasts and settings messages
made before the language was known; the window's title; the first start's language."""

import json
import pickle

import pygame
import pytest

from game.core import i18n
from game.services import settings as schema
from game.assemble.setup import PLACE, Rules as AssembleRules
from game.core.commands import DEALT, MOVED, Redo
from game.core.messages import message, shown
from scenes.config import GameConfig, Seat
from scenes.table import look
from scenes.table.bots import Hint
from scenes.widgets import ui
from storage_helpers import put_settings, settings_kept
from ui_helpers import answer, click, frames, key, settle, top

HOT_SEAT = [Seat("Ada", "human", 0), Seat("Bo", "human", 1)]


@pytest.fixture(autouse=True)
def english_after():
    """Each test leaves the app in English, as the other test files expect."""
    yield
    i18n.set_language("en")
    ui.set_script("en")


def drawn_words(monkeypatch):
    """Every string ui.text draws from now on."""
    seen: list[str] = []
    real = ui.text

    def spy(surface, string, *args, **kwargs):
        seen.append(string)
        return real(surface, string, *args, **kwargs)
    monkeypatch.setattr(ui, "text", spy)
    return seen


def open_table(app, seats=HOT_SEAT, seed=3):
    scene = app.make("table", config=GameConfig(seats, AssembleRules(), seed, "assemble"))
    app.stack.push(scene)
    frames(app, 2)
    return scene


def switch_language_in_settings(app, table, lang):
    """The player's way: Esc (pause menu), Settings, Language left/right, then back to the table."""
    key(app, pygame.K_ESCAPE)
    pause = top(app)
    assert pause.name == "menu"
    click(app, pause.settings_b.rect.center)
    overlay = top(app)
    assert overlay.name == "settings" and overlay.ring.current is overlay.language
    while i18n.language() != lang:
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_ESCAPE)  # Settings closes
    key(app, pygame.K_ESCAPE)  # the pause menu resumes
    assert top(app) is table


# --- the live switch over a game -------------------------------------------------------------

def test_switching_language_during_a_game_relabels_the_table_and_retells_its_log(app, monkeypatch):
    table = open_table(app)
    for _ in range(3):
        table.play(table.state.legal_actions()[0])
    settle(app, table)
    english_moves = table.logbook.replayed_lines()
    assert english_moves and all(line.isascii() for line in english_moves)
    name = HOT_SEAT[table.state.current_player()].name
    table.hints.turns.hint = Hint(table.state.legal_actions()[0], "take the 12")
    table.hints.poll()  # a hint on show: its line is told again in the new words
    assert table.log[-1] == f"Hint for {name}: take the 12"
    words = drawn_words(monkeypatch)
    frames(app)
    assert {"Undo", "Redo", "Hint"} <= set(words)

    switch_language_in_settings(app, table, "ja")
    words.clear()
    frames(app)  # the next frame
    assert {"待った", "進める", "ヒント"} <= set(words)
    assert "Undo" not in words and "Redo" not in words
    # the log was told again from the moves that stand, in the new language's words
    assert table.logbook.language == "ja"
    assert table.log[-1] == f"{name}へのヒント：take the 12" and table.log[-1] in table.logbook.visible()
    assert table.log[-1 - len(english_moves):-1] == table.logbook.replayed_lines()
    assert pygame.display.get_caption()[0] == "アリスアセンブル"

    switch_language_in_settings(app, table, "en")
    words.clear()
    frames(app)
    assert {"Undo", "Redo", "Hint"} <= set(words) and "待った" not in words
    assert table.log[-1 - len(english_moves):] == english_moves + [f"Hint for {name}: take the 12"]
    assert pygame.display.get_caption()[0] == "Alice Assemble"


def test_a_hint_on_show_is_told_again_and_stays_private_on_a_shared_screen(app):
    table = open_table(app)
    player = table.state.current_player()
    action = table.state.legal_actions()[0]
    hint = table.hints.turns.hint = Hint(action, "take the 12", "3 of 5 playouts")
    table.hints.poll()
    assert table.log[-2:] == ["Hint for Ada: take the 12", "3 of 5 playouts"]
    assert look.log_style(table.log[-2], 16)[1] == look.HINT_TEXT
    i18n.set_language("ja")
    table.logbook.visible()  # what the table draws through: the log follows the language
    assert table.hints.turns.hint is hint
    line, detail = table.log[-2:]
    assert line == "Adaへのヒント：take the 12" and detail == "3 of 5 playouts"
    assert look.log_style(line, 16)[1] == look.HINT_TEXT  # the hint colour in Japanese too
    assert isinstance(line, look.Private) and line.player == player
    assert isinstance(detail, look.Private) and isinstance(detail, look.Detail)
    table.play(action)  # Bo to move now: Ada's hint is not on Bo's screen
    assert table.state.current_player() != player
    assert line not in table.logbook.visible()


def test_undo_refusals_and_questions_in_japanese(app):
    i18n.set_language("ja")
    ui.set_script("ja")
    table = open_table(app)
    table.play(table.state.legal_actions()[0])  # Ada's move
    settle(app, table)
    table.undoing.undo()  # Bo is to move and takes back Ada's move: Ada should agree
    ask = top(app)
    assert ask.name == "confirm"
    assert ask.question == "Adaの手を戻しますか？"
    # the one asked grants or refuses (issue 59's review, row 45): 待った is the asker's word
    assert ask.detail == "答えるのはAdaだけです：「認める」（Yキー）で手を戻し、「認めない」（Nキー）でそのままにします。"
    assert (ask.yes_b.label, ask.no_b.label) == ("認める", "認めない")
    answer(app, yes=True)
    assert table.log[-1] == "1手戻しました。"
    assert len(table.session.history) == 0


def test_fair_undo_refusal_names_the_player_in_either_language():
    from game.core.commands import Step, UndoPlan
    moved = UndoPlan((Step(1, False), Step(0, False)), frozenset({0}))
    dealt = UndoPlan((Step(0, True),), frozenset({0}))
    assert moved.obstacle() == (MOVED, 1) and dealt.obstacle() == (DEALT, None)
    assert moved.refusal(lambda p: "Bo") == "Fair undo: Bo has moved since."  # English (the CLI: without the stop)
    assert dealt.refusal(lambda p: "Bo") == "Fair undo: new cards were dealt since."
    i18n.set_language("ja")  # the same words, in the player's language (worded once)
    assert moved.refusal(lambda p: "Bo").text() == "待ったできません：その後にBoが手番を行いました。"


def test_undo_blocked_says_why_in_the_players_language(app, monkeypatch):
    table = open_table(app, [Seat("Ada", "human", 0), Seat("Bo", "easy", 1)])
    table.session.meta["undo"] = "fair"
    from game.core.commands import Step, UndoPlan
    crossing = UndoPlan((Step(1, False), Step(0, False)), frozenset({0}))  # over Bo's move
    monkeypatch.setattr(table.undoing, "plan", lambda: crossing)
    assert table.undoing.blocked() == "Fair undo: Bo has moved since."
    i18n.set_language("ja")
    assert table.undoing.blocked() == "待ったできません：その後にBoが手番を行いました。"
    dealt = UndoPlan((Step(0, True),), frozenset({0}))
    monkeypatch.setattr(table.undoing, "plan", lambda: dealt)
    assert table.undoing.blocked() == "待ったできません：その後に新しいカードが配られました。"


def test_a_refused_move_is_said_in_japanese(app):
    """The rules' reason in the game's words, in the language of the moment (a toast already up
    too); what else the engine refuses (nothing to redo) in its English, or a plain "not allowed"
    in Japanese."""
    table = open_table(app)
    assert table.state.phase == "draft" and not table.play(PLACE[table.state.active][0])
    words = app.toasts[-1][0]
    assert shown(words) == "There is no bench card to place now: take a field card."
    i18n.set_language("ja")
    assert shown(words) == "今は配置する作業場のカードがありません。共通の場のカードを獲得してください。"
    nothing = table.session.run(Redo())
    assert not nothing.ok and table.refused(nothing) == "その手はできません。"
    i18n.set_language("en")
    assert table.refused(nothing) == "Nothing to redo."


# --- messages made before the language is known ----------------------------------------------

def test_a_message_is_english_text_and_shown_in_the_language_of_the_moment():
    from game.core.i18n import N_
    inner = message(N_("the disk is full"))
    outer = message(N_("Nothing can be saved in {folder} ({reason}): this session keeps nothing."),
                    reason=inner, folder="/media/stick")
    english = "Nothing can be saved in /media/stick (the disk is full): this session keeps nothing."
    assert outer == english and shown(outer) == english
    i18n.set_language("ja")
    assert shown(outer) == "/media/stickには保存できません（ディスクの空き容量不足）。このセッションの内容は残りません。"
    assert outer == english  # stderr and the tests read the English
    again = pickle.loads(pickle.dumps(outer))  # a worker's answer keeps its words to translate
    assert again == english and shown(again) == shown(outer)


def test_settings_fall_backs_are_toasted_in_japanese(data_dir, monkeypatch):
    put_settings({"language": "ja", "volume": 500})
    from scenes.app.window import App, AppOptions
    app = App(AppOptions(size=(1280, 720)))
    try:
        assert i18n.language() == "ja"
        words = drawn_words(monkeypatch)
        toasts: list[str] = []
        real_wrap = ui.wrap
        monkeypatch.setattr(ui, "wrap", lambda string, *a, **k: toasts.append(string) or real_wrap(string, *a, **k))
        app.stack.push(app.make("title"))
        frames(app, 2)
        assert "設定volumeの値500は0から100までの整数ではないため、既定値（100）を使います。" in toasts
        assert any("新しいゲーム" == w for w in words)
        assert str(app.toasts[0][0]).startswith("Setting volume was 500")  # stderr stays English
    finally:
        app.stack.close_all()
        pygame.display.quit()


def test_a_failed_save_is_told_in_japanese(app, monkeypatch):
    import sqlite3
    from game.storage import StoreError

    def full(*_args, **_kwargs):
        error = sqlite3.OperationalError("database or disk is full")
        error.sqlite_errorname = "SQLITE_FULL"
        raise error
    monkeypatch.setattr(app.store, "_write", full)
    with pytest.raises(StoreError) as failed:
        app.store.games.new({"game": "assemble"})
    problem = failed.value.words
    assert problem == "Could not save the game: the disk is full"
    i18n.set_language("ja")
    assert shown(problem) == "ゲームを保存できませんでした：ディスクの空き容量不足"
    assert schema.clean({"sound": 3})[1] == [
        "Setting sound was 3, not true or false; using the default (true)."]
    assert shown(schema.clean({"sound": 3})[1][0]) == \
        "設定soundの値3はtrueかfalseではないため、既定値（true）を使います。"


def test_toasts_follow_a_language_switch(app, monkeypatch):
    app.toast(message("Could not save the settings: {reason}", reason="disk full"))
    seen: list[str] = []
    real = ui.wrap
    monkeypatch.setattr(ui, "wrap", lambda string, *a, **k: seen.append(string) or real(string, *a, **k))
    app.stack.push(app.make("title"))
    frames(app)
    assert "Could not save the settings: disk full" in seen
    i18n.set_language("ja")
    ui.set_script("ja")
    seen.clear()
    frames(app)
    assert "設定を保存できませんでした：disk full" in seen


def test_sound_key_toast_in_japanese(app):
    i18n.set_language("ja")
    app.stack.push(app.make("title"))
    frames(app)
    was = app.sound.on
    key(app, pygame.K_s)
    assert app.toasts[-1][0] in ("音：オン", "音：オフ（Sキーで戻せます）")
    if app.sound.on != was:
        key(app, pygame.K_s)


# --- the first start's language ----------------------------------------------------------------

@pytest.mark.parametrize("lang_env, expected", [("ja_JP.UTF-8", "ja"), ("en_GB.UTF-8", "en"),
                                                ("C", "en")])
def test_first_start_follows_the_locale_and_sets_the_caption(data_dir, monkeypatch, lang_env, expected):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", lang_env)
    from scenes.app.window import App, AppOptions
    app = App(AppOptions(size=(1280, 720)))
    try:
        assert i18n.language() == expected
        assert pygame.display.get_caption()[0] == ("アリスアセンブル" if expected == "ja" else "Alice Assemble")
        assert settings_kept() == {}  # nothing chosen yet: nothing saved
    finally:
        app.stack.close_all()
        pygame.display.quit()


def test_the_demo_takes_lang_over_the_settings_and_the_locale(data_dir, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "en")
    put_settings({"language": "en"})
    from scenes.app.window import App, parse_app_args
    options = parse_app_args(["--demo", "--lang", "ja", "--game", "assemble", "--players", "2"])
    app = App(options)
    try:
        assert options.demo and i18n.language() == "ja"
        assert settings_kept()["language"] == "en"  # not saved
    finally:
        app.stack.close_all()
        pygame.display.quit()


def test_the_logs_opening_lines_are_kept_and_said_again_in_the_new_language(app):
    from scenes.table.base import RESUMED, again
    assert again("Game resumed.") == "Game resumed." and again("Ada") == "Ada"
    i18n.set_language("ja")
    assert again("Game resumed.") == "ゲーム再開。" and again("Ada") == "Ada"
    i18n.set_language("en")
    assert again("ゲーム再開。") == "Game resumed."  # back from a line said in Japanese
    table = open_table(app)
    table.log.insert(0, RESUMED)  # an opening line in English, as a table writes its own
    opening = list(table.log)
    table.play(table.state.legal_actions()[0])
    i18n.set_language("ja")
    table.logbook.visible()
    assert table.log[:len(opening)] == [again(line) for line in opening]
    assert "ゲーム再開。" in table.log[:len(opening)]
    assert len(table.log) == len(opening) + len(table.logbook.replayed_lines())


def test_the_remembered_stand_in_name_you_follows_the_language(app):
    app.settings["setup"] = {"seats": [{"name": "You"}, {"name": "Quit"}]}
    i18n.set_language("ja")
    setup = app.make("setup")
    assert [row.name.value for row in setup.rows[:2]] == ["あなた", "Quit"]  # a real name stays
    app.settings["setup"] = {"seats": [{"name": "あなた"}]}
    i18n.set_language("en")
    assert app.make("setup").rows[0].name.value == "You"


def test_a_hint_from_a_bot_without_words_of_its_own_names_its_bot_in_the_players_language():
    """Alicematic's strongest bot is hard, which gives no reason of its own: the hint's reason
    names the level in Japanese (CPU・上級), not as the engine's word "hard"."""
    from game.alicematic.record import new_session
    from game.bots.worker import suggest_once
    session = new_session(3, [{"name": n, "seat": "human"} for n in ("Ada", "Bo", "Cy")])
    state = session.state
    try:
        action, reason = suggest_once("alicematic", 1, None, state.view(state.current_player()),
                                      state.legal_actions(), "ja", iterations=1)
        assert reason == "CPU・上級の選択" and action in state.legal_actions()
    finally:
        i18n.set_language("en")
    action, reason = suggest_once("alicematic", 1, None, state.view(state.current_player()),
                                  state.legal_actions(), "en", iterations=1)
    assert reason == "the hard bot's choice"
