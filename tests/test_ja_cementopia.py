"""Cementopia in Japanese (issue 13): the table, the hint, the count-choice popup and the end
screen speak the player's language, switch with it live, and fit at 640x360, 1280x720 and
1920x1080 at every text size; English stays as it was."""

import pickle
import random

import pygame
import pytest

from game.core import i18n
from game.cementopia.best import best_words, load_best
from game.cementopia.bots import HardBot
from game.cementopia.state import CementopiaState
from game.core.messages import Message, shown, split_sentences
from scenes.cementopia import draw
from scenes.cementopia.end import CementopiaEndScene
from scenes.cementopia.table import CementopiaScene
from scenes.config import GameConfig, Seat
from scenes.menus.settings import use_language
from scenes.table.bots import Hint
from scenes.widgets import ui
from ui_helpers import frames, key, resize, spy_texts, wait_for

SIZES = [(640, 360), (1280, 720), (1920, 1080)]
TEXT_SIZES = ["normal", "large", "larger"]
ELLIPSIS = "\u2026"
POPUP_SEED = 26  # after a few moves, spots that ask which neighbour to count


@pytest.fixture(autouse=True)
def english_after():
    """Each test leaves the app in English at the normal text size, as other test files expect."""
    yield
    use_language("en")
    ui.set_text_size("normal")


@pytest.fixture
def drawn(monkeypatch):
    """Every string drawn this frame (ui_helpers.spy_texts)."""
    return spy_texts(monkeypatch)


def frame(app, scene, calls) -> list:
    calls.clear()
    scene.draw(app.screen)
    return calls


def table(app, seed=8):
    scene = app.stack.push(CementopiaScene(app, GameConfig([Seat("Ada")], None, seed, "cementopia")))
    frames(app, 3)
    return scene


def local_hint(scene) -> Hint:
    """The hint the worker would give, worked out here (quick): words in English, as Message."""
    st = scene.state
    return Hint(*HardBot(seed=1, iterations=2).suggest(st.view(0), st.legal_actions()))


def prompt_text(scene) -> str:
    return " ".join(part for part, *_ in draw.prompt_plan(scene, scene.lay.prompt, scene.lay.s))


def japanese(text: str) -> bool:
    return any("\u3040" <= c <= "\u30ff" or "\u4e00" <= c <= "\u9fff" for c in text)


# --- words -----------------------------------------------------------------------------------

def test_the_table_speaks_japanese_and_switches_back_to_english_live(app, drawn):
    scene = table(app)
    use_language("ja")
    shown = [s for s, _ in frame(app, scene, drawn)]
    assert "カウンター" in shown and "現在の得点" in shown  # the side panel's headings
    assert f"山札 {scene.state.deck_count}" in shown and "得点 0" in shown  # the HUD
    assert "メニュー" in [b.label for b in scene.buttons]
    assert "手札をネットワークの隣へドラッグします。" in prompt_text(scene)
    use_language("en")  # Settings switches without a restart: the next frame is English again
    shown = [s for s, _ in frame(app, scene, drawn)]
    assert "COUNTERS" in shown and "SCORE NOW" in shown and f"Deck {scene.state.deck_count}" in shown
    assert "Menu" in [b.label for b in scene.buttons]
    assert "Drag a hand card next to the network." in prompt_text(scene)


def test_a_picked_card_says_its_spots_and_the_score_after_in_japanese(app):
    scene = table(app)
    use_language("ja")
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)  # the keyboard's cursor on the card's first lit spot
    frames(app, 2)
    card, n = scene.selected, len(scene.spots_for(scene.selected))
    lines = [t for t, _, _ in scene.prompt_lines()]
    assert lines[0] == f"カード{card}：置ける場所は{n}か所。"
    assert any(t.startswith("ここに置くと得点") for t in lines)


def test_the_hint_worked_out_in_english_is_said_in_the_language_drawn():
    state = CementopiaState.new(2)
    legal = state.legal_actions()
    action, reason, detail = HardBot(seed=1, iterations=2).suggest(state.view(0), legal)
    # it crosses from the worker process as English text that can say itself again
    reason, detail = pickle.loads(pickle.dumps((reason, detail)))
    assert isinstance(reason, Message) and reason.startswith(f"Put the {action.card} ")
    assert shown(reason) == reason and shown(detail) == detail  # English: the same words
    i18n.set_language("ja")
    ja = shown(reason)
    first = state.placed[0][0]
    assert ja.startswith(f"{action.card}を{first}の") and "に置きます。" in ja  # "…を9の右に置きます。"
    assert f"カウンター{state.connection_count(action)}を使います" in ja
    assert "Put" not in ja and "counter" not in ja and " " not in ja  # no English left, no spaces
    assert shown(detail).startswith("ソルバー：")
    assert [shown(s) for s in split_sentences(reason)][0].endswith("）。")  # the placement: one sentence


def test_the_hint_from_the_worker_shows_in_japanese_and_follows_a_switch(app):
    scene = table(app)
    use_language("ja")
    key(app, pygame.K_h)  # worked out in the worker process, which reads no settings
    ask = app.stack.top  # the first hint asks first, in Japanese too
    assert ask.question == "ヒントを見ますか？" and "補助あり" in ask.detail
    key(app, pygame.K_RETURN)
    wait_for(app, lambda: scene.hints.turns.hint is not None)
    frames(app, 2)
    lines = [t for t, _, _ in scene.prompt_lines()]
    assert lines[0] == "ヒント（表示だけで、代わりには置きません）："
    card = scene.hint_action().card
    assert lines[1].startswith(f"{card}を") and japanese(lines[1])
    assert any("ヒントを使いました" in t for t, _ in app.toasts)
    use_language("en")
    lines = [t for t, _, _ in scene.prompt_lines()]
    assert lines[0] == "Hint (shown, never played for you):" and lines[1].startswith(f"Put the {card} ")


def test_the_count_choice_popup_asks_in_japanese_and_fits_its_words(app, drawn):
    scene = table(app, POPUP_SEED)
    use_language("ja")
    ui.set_text_size("larger")
    resize(app, (640, 360))
    rng = random.Random(3)
    for _ in range(12):
        legal = scene.state.legal_actions()
        asking = [a for a in legal if len({c for _, c in scene.spots_for(a.card)[(a.x, a.y)]}) > 1]
        if asking:
            break
        scene.play(rng.choice(legal))
    assert asking, "this deal should offer a count choice within a few moves"
    scene.try_place(*asking[0][:3])
    shown = [s for s, _ in frame(app, scene, drawn)]
    pop = scene.popup
    assert "".join(pop.title_lines) == f"カード{pop.card}：どのカードと数えますか？"
    assert [b.label for b in pop.ring.widgets][-1] == "キャンセル（Esc）"
    assert all("と数える（接続数" in b.label for b in pop.ring.widgets[:-1])
    assert scene.lay.board.contains(pop.rect)
    for string, rect in drawn:
        if rect is not None and string in pop.title_lines + pop.note_lines + [b.label for b in pop.ring.widgets]:
            assert pop.rect.contains(rect) and not string.endswith(ELLIPSIS), string
    top = max(r.bottom for s, r in drawn if r is not None and s in pop.title_lines + pop.note_lines)
    assert top <= pop.ring.widgets[0].rect.y  # the words never run under the first button
    assert shown


def test_the_end_screen_speaks_japanese(app, drawn):
    scene = table(app)
    use_language("ja")
    scene.hints.ask()  # help used: the attempt is assisted
    app.stack.top.yes()
    while not scene.state.is_over():
        scene.play(scene.state.legal_actions()[0])
    wait_for(app, lambda: isinstance(app.stack.top, CementopiaEndScene))
    end = app.stack.top
    shown = [s for s, _ in frame(app, end, drawn)]
    assert any(s.startswith("完成") for s in shown) != ("失敗：手札のどれも置けません" in shown)
    assert "ルールブックの目標" in shown and "得点計算" in shown
    assert {"腕試し", "上出来", "見事", "最高点"} <= set(shown)  # the rulebook's praise words
    assert end.help_used == "ヒント使用"
    assert any(s.startswith("自己ベスト：") for s in shown)
    assert [b.label for b in (end.again_b, end.title_b)] == ["もう一度", "タイトルへ"]
    use_language("en")
    shown = [s for s, _ in frame(app, end, drawn)]
    assert "The rulebook's targets" in shown and end.help_used == "Hint used"


def test_best_scores_and_their_problems_in_japanese(data_dir, monkeypatch):
    import sqlite3
    from game.core.messages import shown
    from game.storage import Store
    i18n.set_language("ja")
    assert best_words(None) == "まだなし"
    assert best_words({"best": 12, "unassisted_best": None}) == "12（補助あり）"
    assert best_words({"best": 12, "unassisted_best": 9}) == "12（補助なし 9）"
    store = Store.open(data_dir)

    def damaged(*_args):
        error = sqlite3.DatabaseError("database disk image is malformed")
        error.sqlite_errorname = "SQLITE_CORRUPT"
        raise error
    monkeypatch.setattr(store, "_read", damaged)
    table, problem = load_best(store)
    store.close()
    assert table == {} and shown(problem) == "自己ベストを読み込めませんでした：データファイルの破損"
    i18n.set_language("en")
    assert best_words({"best": 12, "unassisted_best": 9}) == "12 (unassisted 9)"


# --- fit -------------------------------------------------------------------------------------

def inside_screen_and_whole(app, calls):
    screen = app.screen.get_rect()
    for string, rect in calls:
        if string.strip():
            assert not string.endswith(ELLIPSIS), string
            assert rect is None or screen.contains(rect), (string, rect)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("text_size", TEXT_SIZES)
def test_japanese_fits_the_table_and_end_screen(app, drawn, size, text_size):
    scene = table(app)
    use_language("ja")
    ui.set_text_size(text_size)
    resize(app, size)
    frames(app, 2)
    box, s = scene.lay.prompt, scene.lay.s
    for stage in ("start", "picked", "hint"):
        if stage == "picked":
            scene.selected = scene.state.hand[0]
        elif stage == "hint":
            scene.selected, scene.hints.turns.hint = None, local_hint(scene)
        calls = frame(app, scene, drawn)
        inside_screen_and_whole(app, calls)
        for string, rect in calls:  # the HUD's title stays in the HUD, the deck's count in the hand
            if rect is not None and string in ("セメントピア", f"山札 {scene.state.deck_count}"):
                assert (scene.lay.hud if string == "セメントピア" else scene.lay.hand).contains(rect)
        plan = draw.prompt_plan(scene, box, s)
        for part, _, px, style, y in plan:
            f = ui._font(px, style)
            assert px >= ui.READABLE and box.contains(pygame.Rect(box.x, box.y + y, f.size(part)[0], f.get_linesize()))
        shown = "".join(p[0] for p in plan)
        long, short = scene.prompt_lines(), scene.prompt_lines(short=True)
        if stage == "hint":  # the placement itself is always there, whole
            assert short[1][0] in shown
        else:  # every sentence, in full words or in fewer
            assert all(t.replace(" ", "") in shown.replace(" ", "") for t, _, _ in long) or \
                all(t.replace(" ", "") in shown.replace(" ", "") for t, _, _ in short)
    scene.hints.turns.hint = None
    while scene.state.counters.count(0) < 2:  # a full board (this deal gets there)
        assert not scene.state.is_over()
        scene.play(scene.state.legal_actions()[-1])
    frames(app, 40)
    calls = frame(app, scene, drawn)
    inside_screen_and_whole(app, calls)
    assert "残り0" in [s for s, _ in calls]  # a spent counter
    rows = [f"{row['cards']} / {row['limit']}" for row in scene.state.breakdown()]
    for string, rect in calls:  # the score table's rows stay above the buttons
        if rect is not None and string in rows:
            assert scene.lay.side.contains(rect) and rect.bottom <= scene.lay.buttons[0].y + 2, (string, rect)
    while not scene.state.is_over():
        scene.play(scene.state.legal_actions()[-1])
    end = CementopiaEndScene(app, scene.session, scene.config, {"best": 9, "unassisted_best": None}, True)
    app.stack.replace(end)
    frames(app, 2)
    calls = frame(app, end, drawn)
    inside_screen_and_whole(app, calls)
    for string, rect in calls:
        if rect is not None and string in [t for t, _ in end.best_lines()] + ["もう一度", "タイトルへ"]:
            assert end.panel.contains(rect), string
    if text_size == "normal" or size != (640, 360):  # the best score is told where there is room
        assert any(s.startswith("自己ベスト") for s, _ in calls)


def test_japanese_lines_break_between_words_not_inside_numbers_or_brackets(app):
    use_language("ja")
    text = "29を9の右に置きます。接続数1で、カウンター1を使います（残り3回）。評価値18.7、次点18.7です。"
    for width in range(60, 260, 7):
        lines = ui.wrap(text, 16, width)
        assert "".join(lines) == text
        assert not any(line[0] in "、。）" or line[-1] == "（" for line in lines)
        assert not any(line.endswith(("18", "18.")) or line.startswith((".7", "7、")) for line in lines)
        assert not any(a[-1].isdigit() and b[0] == "回" for a, b in zip(lines, lines[1:]))
    assert ui.wrap("Two words", 16, 40) == ["Two", "words"]
