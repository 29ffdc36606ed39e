"""Issue 13's groundwork: the app's words in English or Japanese (game/core/i18n.py, the ja catalogue,
the Language setting, --lang, the first start's locale default) while the CLI stays English."""

import importlib.util
import json
import locale
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.core import i18n
from game.services import settings as schema
from game.storage import Store
from game.core.i18n import _, ngettext
from scenes.app.window import App, AppOptions, parse_app_args
from scenes.main import run
from scenes.widgets import ui
from tests.storage_helpers import put_settings, settings_kept
from tests.ui_helpers import click, frames, key, top

ROOT = Path(__file__).resolve().parent.parent
LOCALE_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture(autouse=True)
def english_after():
    """Each test leaves the app in English, as the other test files expect."""
    yield
    i18n.set_language("en")
    ui.set_script("en")


def open_app(options=None):
    app = App(options or AppOptions(size=(1280, 720)))
    title = app.stack.push(app.make("title"))
    frames(app, 2)
    return app, title


def close(app):
    app.stack.close_all()
    pygame.display.quit()


def check_catalogue():
    spec = importlib.util.spec_from_file_location("check_catalogue", ROOT / "build" / "check_catalogue.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- switching in Settings -------------------------------------------------------------------

def test_settings_switch_language_at_once_and_keep_it(data_dir):
    app, title = open_app()
    try:
        assert title.new_game.label == "New game" and title.quit.label == "Quit"
        click(app, title.settings.rect.center)
        overlay = top(app)
        assert overlay.name == "settings" and overlay.ring.current is overlay.language
        assert overlay.language.show("ja") == "Japanese"  # the Latin face has no kanji
        key(app, pygame.K_RIGHT)  # Language: English -> 日本語
        frames(app)
        assert i18n.language() == "ja"
        assert overlay.language.label == "言語" and overlay.close_b.label == "閉じる"
        assert overlay.language.show("ja") == "日本語"
        key(app, pygame.K_ESCAPE)
        frames(app)
        assert top(app) is title  # no restart: the same title scene, its words now Japanese
        assert (title.new_game.label, title.settings.label, title.quit.label) == ("新しいゲーム", "設定", "終了")
        assert settings_kept()["language"] == "ja"
    finally:
        close(app)
    app, title = open_app()  # the next start keeps the choice
    try:
        assert i18n.language() == "ja" and title.new_game.label == "新しいゲーム"
        click(app, title.settings.rect.center)
        key(app, pygame.K_LEFT)  # and back to English
        key(app, pygame.K_ESCAPE)
        frames(app)
        assert title.new_game.label == "New game"
    finally:
        close(app)


def test_setup_and_pause_words_follow_the_language(app):
    from scenes.menus.pause import PauseMenu
    i18n.set_language("ja")
    setup = app.stack.push(app.make("setup"))
    frames(app)
    assert setup.start.label == "ゲーム開始" and setup.rows[1].name.label == "プレイヤー2"
    assert setup.options["flaw"].label == "玉に瑕"  # the Japanese rulebook's name for The Flaw
    menu = app.stack.push(PauseMenu(app))
    frames(app)
    assert menu.resume_b.label == "再開" and menu.title_b.label == "タイトル画面"


# --- the command line and the first start -----------------------------------------------------

def test_lang_flag_wins_for_the_run_and_is_not_saved(data_dir):
    assert parse_app_args(["--lang", "ja"]).lang == "ja"
    assert parse_app_args(["--demo"]).lang is None
    put_settings({"language": "en"})
    app, title = open_app(AppOptions(size=(1280, 720), lang="ja"))
    try:
        assert title.rules.label == "ルール"
    finally:
        close(app)
    assert settings_kept()["language"] == "en"


@pytest.mark.parametrize("argv", [["--lang", "fr"], ["--lang=EN"], ["--demo", "--lang"]])
def test_bad_lang_is_one_line_and_exit_2(argv, capsys):
    assert run(argv) == 2
    err = capsys.readouterr().err
    assert "--lang" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("env, expected", [
    ({"LANG": "ja_JP.UTF-8"}, "ja"),
    ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LANG": "ja_JP.UTF-8", "LC_ALL": "de_DE.UTF-8"}, "en"),  # LC_ALL outranks LANG
    ({"LANGUAGE": "ja:en", "LANG": "C.UTF-8"}, "ja"),
    ({"LC_MESSAGES": "ja_JP.eucJP"}, "ja"),
])
def test_locale_default(monkeypatch, env, expected):
    for name in LOCALE_VARS:
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert i18n.system_language() == expected


def test_locale_default_without_variables_asks_the_system(monkeypatch):
    for name in LOCALE_VARS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(locale, "getlocale", lambda *a: ("Japanese_Japan", "932"))  # Windows
    assert i18n.system_language() == "ja"
    monkeypatch.setattr(locale, "getlocale", lambda *a: (None, None))
    assert i18n.system_language() == "en"


def test_first_start_on_a_japanese_system_is_japanese(data_dir, monkeypatch):
    for name in LOCALE_VARS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    app, title = open_app()
    try:
        assert title.cont.label == "続きから"
    finally:
        close(app)


# --- the settings field ---------------------------------------------------------------------

def test_bad_language_setting_falls_back_with_a_message(data_dir):
    kept, messages = schema.clean({"language": "klingon", "sound": False})
    assert "language" not in kept and kept["sound"] is False
    assert len(messages) == 1 and "language" in messages[0] and "klingon" in messages[0]
    assert schema.clean({"language": "ja"}) == ({"language": "ja"}, [])
    put_settings({"language": ["ja"]})
    app, title = open_app()
    try:
        assert i18n.language() == "en" and title.new_game.label == "New game"  # the system's
        assert any("language" in message for message, _t in app.toasts)
    finally:
        close(app)


# --- plural forms ---------------------------------------------------------------------------

def test_plural_forms_in_both_languages(data_dir):
    one = ("... and {n} more setting falls back to its default.",
           "... and {n} more settings fall back to their defaults.")
    assert ngettext(*one, 1).format(n=1) == "... and 1 more setting falls back to its default."
    assert ngettext(*one, 2).format(n=2) == "... and 2 more settings fall back to their defaults."
    i18n.set_language("ja")  # Japanese has one form
    assert ngettext(*one, 1).format(n=1) == "…ほかに1個の設定が既定値に戻りました。"
    assert ngettext(*one, 5).format(n=5) == "…ほかに5個の設定が既定値に戻りました。"
    i18n.set_language("en")
    put_settings({"sound": 1, "volume": "x", "speed": 9})  # as the player sees it: 3 bad, 2 shown
    app, _title = open_app()
    try:
        assert app.toasts[-1][0] == "... and 1 more setting falls back to its default."
    finally:
        close(app)


def test_an_unknown_or_broken_catalogue_leaves_english(monkeypatch, tmp_path):
    monkeypatch.setattr(i18n, "_catalogues", {})
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    i18n.set_language("ja")
    assert _("Quit") == "Quit"
    with pytest.raises(ValueError):
        i18n.set_language("fr")


def test_read_po_skips_fuzzy_and_untranslated():
    text = ('msgid ""\nmsgstr "Language: ja\\n"\n\n'
            'msgid "Yes"\nmsgstr "はい"\n\n'
            '#, fuzzy\nmsgid "No"\nmsgstr "いいえ"\n\n'
            'msgid "Back"\nmsgstr ""\n\n'
            'msgid "a long"\n" one"\nmsgstr ""\n"長い"\n')
    assert i18n.read_po(text) == {"Yes": "はい", "a long one": "長い"}


# --- the catalogue check --------------------------------------------------------------------

def test_every_marked_message_is_translated():
    out = subprocess.run([sys.executable, str(ROOT / "build" / "check_catalogue.py")],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stdout + out.stderr


def test_catalogue_check_names_missing_fuzzy_untranslated_and_wrong_fields(tmp_path, monkeypatch):
    from babel.messages.catalog import Catalog
    check = check_catalogue()
    template = Catalog()
    for message in ("Quit", "Soon", "Maybe", "Empty", "{n} cards"):
        template.add(message)
    folder = tmp_path / "ja" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "alice.po").write_text(
        'msgid "Quit"\nmsgstr "終了"\n\n#, fuzzy\nmsgid "Maybe"\nmsgstr "たぶん"\n\n'
        'msgid "Empty"\nmsgstr ""\n\nmsgid "{n} cards"\nmsgstr "{count}枚"\n', encoding="utf-8")
    monkeypatch.setattr(check, "LOCALE", tmp_path)
    found = check.problems(template, "ja")
    assert len(found) == 4
    assert [line.split(" ")[1] for line in found] == ["missing", "fuzzy", "untranslated", "'{n}"]


def test_catalogue_check_keeps_japanese_typography(tmp_path, monkeypatch):
    """Issue 41: ： after Japanese words, no half-width space after ！？, one tilde (～), … and −
    rather than ASCII ... and -; what is right passes (ASCII between ASCII, a field's own colon)."""
    from babel.messages.catalog import Catalog
    check = check_catalogue()
    bad = {"{label}: {value}": "{label}: {value}", "Seed: {n}": "シード: {n}",
           "Done! Next": "完了！ 次へ", "Why? So": "なぜ？ だから", "1 to 4": "1〜4",
           "Wait...": "待って...", "-1": "処理能力-1"}
    good = {"{label}: {value}": "{label}：{value}", "Seed: {n}": "シード：{n}",
            "Done! Next": "完了！次へ", "Why? So": "なぜ？　だから", "1 to 4": "1～4",
            "Wait...": "待って…", "-1": "処理能力−1", "Ctrl+Z": "Ctrl+Z（例：python3 a.py、12:30）"}
    folder = tmp_path / "ja" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    monkeypatch.setattr(check, "LOCALE", tmp_path)
    found = {}
    for words in (bad, good):
        template = Catalog()
        for english in words:
            template.add(english)
        (folder / "alice.po").write_text("".join(
            f'msgid "{english}"\nmsgstr "{japanese}"\n\n' for english, japanese in words.items()),
            encoding="utf-8")
        found[id(words)] = check.problems(template, "ja")
    assert found[id(good)] == []
    assert len(found[id(bad)]) == len(bad), found[id(bad)]
    assert all(line.startswith("ja: ") for line in found[id(bad)])
    assert check.typography("a: b") == [] and check.typography("能力-1")


def test_catalogue_check_keeps_the_reviewed_japanese_terms(tmp_path, monkeypatch):
    """Issue 59, item 7: each JA_TERMS rule catches a planted word, one line each, and the
    reviewed word passes (置き場, 損失, 引き分け, 目標点, 赤（軍事）, 侵攻度, ／, （）)."""
    from babel.messages.catalog import Catalog
    check = check_catalogue()
    bad = {"Your areas": "自分のエリア", "Points lost": "1手あたりの失点", "shared: {names}": "同点優勝：{names}",
           "Match to": "勝利点", "Red (strength)": "赤（戦力）", "Green (food)": "緑（食糧）",
           "Tiles reached": "到達したタイル", "{a} / {b}": "{a} / {b}", "1 / 0": "1 / 0",
           "Wheel / up": "ホイール / ↑↓", "Wins 1 (33%)": "勝利 1 (33%)"}
    good = {"Your areas": "自分の置き場", "Points lost": "1手あたりの損失", "shared: {names}": "引き分け：{names}",
            "Match to": "目標点", "Red (strength)": "赤（軍事）", "Green (food)": "緑（生産）",
            "Tiles reached": "侵攻度", "{a} / {b}": "{a}／{b}", "1 / 0": "1／0",
            "Wheel / up": "Tab / ↑↓ 移動", "Wins 1 (33%)": "勝利 1（33%）"}
    folder = tmp_path / "ja" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    monkeypatch.setattr(check, "LOCALE", tmp_path)
    found = {}
    for name, words in (("bad", bad), ("good", good)):
        template = Catalog()
        for english in words:
            template.add(english)
        (folder / "alice.po").write_text("".join(
            f'msgid "{english}"\nmsgstr "{japanese}"\n\n' for english, japanese in words.items()),
            encoding="utf-8")
        found[name] = check.problems(template, "ja")
    assert found["good"] == []
    assert len(found["bad"]) == len(bad), found["bad"]
    for line, (english, japanese) in zip(found["bad"], bad.items()):
        assert line.startswith(f"ja: {english!r}: ") and "write " in line, line
    assert len(check.JA_TERMS) == 8  # every rule planted above (赤（戦力） and 緑（食糧） share one)


def test_a_message_context_tells_the_same_english_apart(tmp_path, monkeypatch):
    """"Keep it" answers a delete (削除しない) and an undo request (認めない): pgettext reads the
    msgctxt, and the catalogue check asks for each context's own entry."""
    from babel.messages.catalog import Catalog
    text = ('msgid ""\nmsgstr "Language: ja\\n"\n\n'
            'msgid "Keep it"\nmsgstr "認めない"\n\n'
            'msgctxt "delete a game"\nmsgid "Keep it"\nmsgstr "削除しない"\n')
    folder = tmp_path / "ja" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "alice.po").write_text(text, encoding="utf-8")
    monkeypatch.setattr(i18n, "_catalogues", {})
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    i18n.set_language("ja")
    assert (_("Keep it"), i18n.pgettext("delete a game", "Keep it")) == ("認めない", "削除しない")
    assert i18n.pgettext("another place", "Keep it") == "Keep it"
    i18n.set_language("en")
    assert i18n.pgettext("delete a game", "Keep it") == "Keep it"
    check = check_catalogue()
    assert check.KEYWORDS["pgettext"] == ((1, "c"), 2)
    template = Catalog()
    template.add("Keep it")
    template.add("Keep it", context="delete a game")
    template.add("Keep it", context="undo request")
    monkeypatch.setattr(check, "LOCALE", tmp_path)
    assert check.problems(template, "ja") == ["ja: missing 'undo request|Keep it' ()"]


# --- the headless CLI -----------------------------------------------------------------------

def test_cli_output_stays_english(tmp_path):
    data = tmp_path / "data"
    Store.open(data).settings.put({"language": "ja"})
    outs = []
    for lang in ("ja_JP.UTF-8", "en_US.UTF-8"):
        env = {**__import__("os").environ, "LANGUAGE": lang, "LANG": lang, "ALICE_DATA_DIR": str(data)}
        for args in (["score", "--capacity", "2", "28", "0", "7"], ["score", "99"]):
            out = subprocess.run([sys.executable, "-m", "scenes.main", *args], capture_output=True,
                                 text=True, env=env, cwd=ROOT)
            outs.append((out.returncode, out.stdout, out.stderr))
    assert outs[:2] == outs[2:]
    assert outs[1][0] == 2 and outs[1][2].isascii() and json.loads(outs[0][1])["score"] > 0


def test_japanese_wraps_between_characters_never_before_a_full_stop(app):
    text = "手札のカードを、向かい合う歯車は歯車と、空白は空白と接続するようにネットワークの隣に置きます。"
    lines = ui.wrap(text, 16, 120)
    assert len(lines) > 2 and "".join(lines) == text  # no spaces put in between characters
    assert all(ui.font(16).size(line)[0] <= 120 + ui.font(16).size("。")[0] for line in lines)
    assert not any(line[0] in "、。）" for line in lines)
    assert ui.wrap("Two words", 16, 40) == ["Two", "words"]  # English still breaks at spaces


def test_switching_from_the_pause_menu_relabels_it(app):
    from scenes.assemble.table import TableScene
    from scenes.config import GameConfig, Seat
    from scenes.menus.pause import PauseMenu
    table = app.stack.push(TableScene(app, GameConfig([Seat("Ada"), Seat("Bo", "easy", 1)], seed=1,
                                                      lesson="assemble")))  # (nothing kept)
    menu = app.stack.push(PauseMenu(app, table))
    frames(app)
    click(app, menu.settings_b.rect.center)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_ESCAPE)
    frames(app)
    assert top(app) is menu and (menu.resume_b.label, menu.quit_b.label) == ("再開", "終了")
