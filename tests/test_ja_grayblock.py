"""Grayblock in Japanese (issue 13): the pass-to screen, the prompts, the log, the flashes, the
refusals, the hints and the hand's result are in the player's language; the English stays as it
was; and the Japanese fits its boxes in a small window at the largest text size."""

import random
import re

import pygame
import pytest

from game.core.commands import History, Session
from game.grayblock.bots import HardBot
from game.grayblock.setup import LEFT, RIGHT, Action, Rules
from game.grayblock.state import BLOCK, OUT, GrayblockState
from game.core.i18n import _
from game.core.messages import shown
from scenes.config import GameConfig, Seat
from scenes.grayblock import draw
from scenes.grayblock.table import START, GrayblockScene
from scenes.table import hotseat
from scenes.widgets import ui
from scenes.menus.settings import use_language
from test_grayblock import deal_with, position, state_with
from test_words import STUCK_TOO, first_blocked_hand
from ui_helpers import frames, resize

ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")


@pytest.fixture
def ja(app):
    """Japanese for this test (after the app, which sets the language from its settings)."""
    use_language("ja")
    yield app
    use_language("en")


def seats(*kinds, names=("Ada", "Bo", "Cy", "Di")):
    return [Seat(names[i], kind, i) for i, kind in enumerate(kinds)]


def open_table(app, config, session=None) -> GrayblockScene:
    scene = GrayblockScene(app, config, session)
    app.stack.push(scene)
    frames(app, 2)
    return scene


def crafted(config, deal, first=0):
    state = GrayblockState.new(7, len(config.seats), config.rules, config.target, deals=(deal_with(*deal),),
                               first=first)
    return Session(History(state), {"game": "grayblock", "seed": 7,
                                     "players": [seat.to_json() for seat in config.seats]})


def drawn_words(monkeypatch, paint) -> list[str]:
    """Every string rendered while `paint()` runs."""
    words: list[str] = []
    real = ui._render

    def spy(string, size, colour, style):
        words.append(string)
        return real(string, size, colour, style)
    monkeypatch.setattr(ui, "_render", spy)
    try:
        paint()
    finally:
        monkeypatch.setattr(ui, "_render", real)
    return words


def english_in(words, names) -> list[str]:
    """Drawn strings with English words in them (the players' names and keys aside)."""
    allowed = set(names) | {"Enter"}
    return [w for w in words if set(ENGLISH_WORD.findall(w)) - allowed]


def play_to_result(app, scene, actions):
    for action in actions:
        assert scene.play(action)
    for _step in range(40):  # the last card shows, then the result panel
        frames(app, 1, dt=0.1)
        if scene.overlay:
            return
    raise AssertionError("the hand's result never showed")


# --- Japanese on the table -------------------------------------------------------------------

def test_hot_seat_in_japanese_pass_screen_log_flash_and_the_blocked_hands_result(ja, monkeypatch):
    app = ja
    seed, players = STUCK_TOO[0]
    config = GameConfig(seats(*["human"] * players), Rules(), seed, "grayblock", 100)
    scene = open_table(app, config)
    assert scene.log[0] == "新しい対戦。"
    first = scene.name_of(scene.state.current_player())
    assert scene.log[1] == f"ハンド1：{first}から開始。"
    # the pass-to screen: whose turn, in Japanese, with nothing in English but the names
    surface = app.screen.copy()
    words = drawn_words(monkeypatch, lambda: scene.seat.screen.draw(surface, scene.seat.pass_screen_for()))
    assert f"{first}に交代" in words and f"{first}です" in words and "交代プレイ・手札は非表示" in words
    assert not english_in(words, ("Ada", "Bo")), english_in(words, ("Ada", "Bo"))
    assert scene.seat.screen.button.label == f"{first}です"
    scene.seat.confirm_viewer()
    assert scene.prompt() == "あなたの番です：好きなカードで列を始めます"
    # the hand, played to its block: every log line and the flash in Japanese
    actions, result = first_blocked_hand(seed, players)
    winner = scene.name_of(result.winner)
    scene.play(actions[0])
    assert scene.log[-1] == f"{first}は{actions[0].card}で列を始めました。"
    play_to_result(app, scene, actions[1:])
    assert f"ブロック：誰も出せません。{winner}はハンド1でブロック勝利しました（+{result.points}）。" in scene.log
    assert any(re.fullmatch(r"\w+はパスしました（\d+か\d+に出せるカードなし）。", line) for line in scene.log)
    assert any(re.fullmatch(r"\w+は\d+を(左|右)端に出しました。", line) for line in scene.log)
    assert not english_in(scene.log, ("Ada", "Bo")), english_in(scene.log, ("Ada", "Bo"))
    assert scene.flash[0] == f"ブロック！{winner}の勝利"
    # the result panel: who won and how, the breakdown and the scoreboard, the button
    assert scene.overlay and result.kind == BLOCK
    words = drawn_words(monkeypatch, lambda: draw.draw_result(scene, surface))
    assert f"{winner}がブロック勝利・+{result.points}" in words
    assert {"残った手札とハンドの得点", "対戦の得点表", "合計", "次のハンドへ", "ハンド1"} <= set(words)
    assert any("ブロックボーナス" in w for w in words)
    assert f"= {winner}に{result.points}点" in words
    assert not english_in(words, ("Ada", "Bo", "B")), english_in(words, ("Ada", "Bo", "B"))


def test_going_out_and_the_match_end_in_japanese(ja, monkeypatch):
    """A short match among three humans, played at random to its end: every hand won by going
    out says so, and the champion's panel is Japanese."""
    app = ja
    config = GameConfig(seats("human", "human", "human"), Rules(), 5, "grayblock", 40)
    scene = open_table(app, config)
    rng, outs = random.Random(3), 0
    surface = app.screen.copy()
    while True:
        while scene.result_index is None:
            scene.play(rng.choice(scene.state.legal_actions()))
        result, who = scene.state.results[scene.result_index], scene.name_of(scene.state.results[-1].winner)
        if result.kind == OUT:
            outs += 1
            assert scene.flash[0] == f"{who}がゴーアウト！"
            assert any(line.startswith(f"{who}は手札を出し切り、ハンド{scene.result_index + 1}で勝利しました")
                       for line in scene.log)
        frames(app, 25, dt=0.1)
        if scene.state.is_over():
            break
        words = drawn_words(monkeypatch, lambda: draw.draw_result(scene, surface))
        assert "次のハンドへ" in words
        scene.next_hand()
        frames(app, 1)
    assert outs  # (this match has hands won by going out)
    champion = scene.name_of(scene.state.champion)
    words = drawn_words(monkeypatch, lambda: draw.draw_result(scene, surface))
    assert f"{champion}の優勝！" in words and {"もう一度", "タイトルへ"} <= set(words)
    assert any(line == f"{champion}が{scene.state.totals[scene.state.champion]}点で優勝！" for line in scene.log)
    assert not english_in(words, ("Ada", "Bo", "Cy", "B")), english_in(words, ("Ada", "Bo", "Cy", "B"))


def test_you_and_the_others_read_right_in_both_languages(app):
    """The log's you-form and other-form (English conjugates, Japanese does not)."""
    config = GameConfig(seats("human", "human", names=("You", "Bo")), Rules(), 7, "grayblock", 100)
    scene = open_table(app, config, crafted(config, ((12, 14, 30), (13, 6, 1))))
    before = scene.state.clone()
    you_start = Action(0, 12, None)
    bo_left = Action(1, 13, LEFT)
    scene.session.play(you_start)
    english = [scene.logbook.describe(you_start, before), scene.logbook.describe(bo_left, scene.state)]
    assert english == ["You start the row with 12.", "Bo plays 13 on the left end."]
    assert scene.logbook.describe(Action(1, None, None), scene.state) == "Bo passes: nothing fits 12."
    use_language("ja")
    try:
        scene.config.seats[0].name = _("You")
        assert scene.logbook.describe(you_start, before) == "あなたは12で列を始めました。"
        assert scene.logbook.describe(bo_left, scene.state) == "Boは13を左端に出しました。"
        assert scene.logbook.describe(Action(0, 14, RIGHT), scene.state) == "あなたは14を右端に出しました。"
        assert scene.logbook.describe(Action(1, None, None), scene.state) == "Boはパスしました（12に出せるカードなし）。"
    finally:
        use_language("en")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_refused_card_says_why_in_the_players_language(app, lang):
    """Water Veins: 0 cannot open the row, and 13 cannot join 12 (its new gear, in the fifth row
    from the top, has no gear beside it on 12); 30 is not one gear from 12 at all."""
    config = GameConfig(seats("human", "human"), Rules(True), 7, "grayblock", 100)
    scene = open_table(app, config, crafted(config, ((0, 12, 13, 30), (1, 2, 3, 4))))
    use_language(lang)
    try:
        scene.seat.confirm_viewer()
        assert not scene.try_play(0, START)
        assert scene.try_play(12, START)
        frames(app, 30, dt=0.05)  # (the move lands and shows a moment before the pass screen)
        scene.seat.confirm_viewer()
        assert scene.play(Action(1, 4, RIGHT))  # (4 joins 12: one gear less, Water Veins allows it)
        frames(app, 30, dt=0.05)
        scene.seat.confirm_viewer()
        assert not scene.try_play(13, LEFT) and not scene.try_play(30, LEFT)
        toasts = [shown(message) for message, _until in app.toasts[-3:]]
    finally:
        use_language("en")
    if lang == "en":
        assert toasts == [
            "Water Veins: card 0 may not start the row (nothing could join it).",
            "Water Veins: the gear card 13 adds in row 5 from the top has no gear beside it on card 12 "
            "(same row, or the row above or below).",
            "Card 30 does not differ by exactly one gear from card 12 at the left end."]
    else:
        assert toasts == [
            "水脈：0のカードで列を始めることはできません（何もつなげられないため）。",
            "水脈：13が上から5段目に加える歯車の隣（12の同じ段か上下の段）に歯車がありません。",
            "30は左端の12と歯車がちょうど1つ違いではありません。"]


# --- hints --------------------------------------------------------------------------------------

def test_the_hard_bots_hint_in_japanese_and_in_english():
    state = state_with([12, 13, 7, 28, 30, 1, 2, 3], [14, 5, 22, 31, 9, 10, 24, 25])
    english = HardBot(seed=2, iterations=10).suggest(state.view(0), state.legal_actions())
    use_language("ja")
    try:
        action, reason, detail = HardBot(seed=2, iterations=10).suggest(state.view(0), state.legal_actions())
        stuck = position([[1, 3], [2, 6]], [12], turn=0)
        pass_reason = HardBot(seed=1).suggest(stuck.view(0), stuck.legal_actions())[1]
    finally:
        use_language("en")
    assert action == english[0]  # the same advice, in other words
    assert english[1].startswith(f"Start the row with the {action.card}: ")
    # the move, then why: no second colon after the table's 「ヒント：」
    assert reason.startswith(f"{action.card}で列を始める。") and reason.endswith("。")
    assert "見えないカード" in reason and "勝率" in detail and "%" in detail
    assert not ENGLISH_WORD.search(reason + detail)
    assert pass_reason == "パス：手札にどちらの端にもつながるカードがありません。"


# --- fit ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [(640, 360), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 4])
def test_japanese_fits_without_cuts_at_the_largest_text_size(ja, monkeypatch, size, players):
    """The table, the pass-to screen (with news) and a hand's result in Japanese at "larger"
    text: nothing is cut short (the players' names aside, cut on purpose), no text leaves the
    window, the overlays' texts stay on their panels and the pass-to screen's lines do not run
    into each other."""
    app = ja
    ui.set_text_size("larger")
    try:
        resize(app, size)
        config = GameConfig(seats(*["human"] * players), Rules(), 3, "grayblock", 100)
        scene = open_table(app, config)
        cut: list[tuple[str, float]] = []
        real_fit, real_text = ui._fit, ui.text
        window = pygame.Rect((0, 0), size)
        drawn: list[tuple[str, pygame.Rect]] = []
        panels: list[tuple[pygame.Rect, int]] = []  # each overlay panel, and the texts before it

        def fit(string, size_px, width, style):
            cut.append((string, width))
            return real_fit(string, size_px, width, style)

        def text(surface, string, *args, **kwargs):
            rect = real_text(surface, string, *args, **kwargs)
            if surface.get_size() == size:
                drawn.append((string, rect))
            return rect

        def noted(real):
            def overlay_panel(surface, rect, *args, **kwargs):
                panels.append((pygame.Rect(rect), len(drawn)))
                return real(surface, rect, *args, **kwargs)
            return overlay_panel
        monkeypatch.setattr(ui, "_fit", fit)
        monkeypatch.setattr(ui, "text", text)
        monkeypatch.setattr(draw, "overlay_panel", noted(draw.overlay_panel))  # the hand's result
        monkeypatch.setattr(hotseat, "overlay_panel", noted(hotseat.overlay_panel))  # the pass screen

        def overlay_frame() -> list[tuple[str, pygame.Rect]]:
            """One frame's texts from the overlay panel on; each inside that panel."""
            drawn.clear()
            panels.clear()
            frames(app, 1)
            assert len(panels) == 1
            panel, start = panels[0]
            on_panel = drawn[start:]
            outside = [s for s, r in on_panel if not panel.contains(r)]
            assert not outside, outside
            return on_panel

        overlay_frame()  # the pass-to screen
        scene.seat.confirm_viewer()
        rng = random.Random(players)
        for _move in range(6):
            scene.play(rng.choice(scene.state.legal_actions()))
            frames(app, 1, dt=0.1)
            scene.seat.confirm_viewer()
            frames(app, 1)  # the table
        while scene.result_index is None:
            scene.play(rng.choice(scene.state.legal_actions()))
        frames(app, 30, dt=0.1)
        assert scene.overlay
        overlay_frame()  # the hand's result
        scene.next_hand()
        lines = overlay_frame()  # the next hand's pass-to screen, with the news
        news = scene.seat.news_for(scene.seat.pass_screen_for())
        assert any(s == "前の手番からの出来事" for s, _r in lines) == bool(news)
        boxes = {s: r for s, r in lines if s.strip()}  # (a heading's shadow is the same words)
        crossing = [(a, b) for a in boxes for b in boxes if a < b and boxes[a].colliderect(boxes[b])]
        assert not crossing, crossing
    finally:
        ui.set_text_size("normal")
    assert not [(s, w) for s, w in cut if s not in [seat.name for seat in config.seats]], cut
    assert not [s for s, r in drawn if not window.contains(r)]


def test_a_language_switch_shows_at_the_next_frame(app, monkeypatch):
    """Settings may switch the language during a match: the table's own buttons, its prompt and
    its standings are worded again at the next frame, and its layout is remade for the face."""
    config = GameConfig(seats("human", "random"), Rules(), 7, "grayblock", 100)
    scene = open_table(app, config, crafted(config, ((12, 14, 30), (13, 6, 1))))
    english = drawn_words(monkeypatch, lambda: frames(app, 1))
    assert "Menu" in english and "GRAYBLOCK \u00b7 HAND 1" in english
    before = scene.layout.info.h
    use_language("ja")
    try:
        japanese = drawn_words(monkeypatch, lambda: frames(app, 1))
        assert {"メニュー", "グレイブロック・ハンド1", "100点先取の対戦"} <= set(japanese)
        assert scene.menu_b.label == "メニュー" and "Menu" not in japanese
        assert scene.layout.info.h > before  # (the Japanese face's lines are taller)
        starter = scene.config.seats[scene.state.start].name
        assert scene.logbook.visible()[:2] == ["新しい対戦。", f"ハンド1：{starter}から開始。"]
    finally:
        use_language("en")
    frames(app, 1)
    assert scene.menu_b.label == "Menu" and scene.layout.info.h == before
    assert scene.logbook.visible()[:2] == ["New match.", f"Hand 1: {starter} starts."]
