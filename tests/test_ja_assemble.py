"""Alice Assemble in Japanese (issue 13): the table's HUD, log, hints, toasts, the scoring walk-through,
the results and their tie notes, the rules badge; every word fits at 640x360, 1280x720 and 1920x1080.
The English stays as it was."""

import random

import pygame
import pytest

from game.core import i18n
from game.assemble import Rules
from game.assemble.bots import HardBot
from game.assemble.record import new_session
from game.assemble.words import lane_label, placement_words
from game.bots.worker import BackgroundDecider
from game.core.messages import shown
from scenes.assemble.scoring import ScoringScene, placing_text, tiebreak_text
from scenes.assemble.table import TableScene
from scenes.config import GameConfig, Seat
from scenes.menus.settings import use_language
from scenes.table import rules_badge
from scenes.widgets import ui
from tests.helpers import finished
from tests.ui_helpers import frames, resize, settle, spy_texts
from tests.waiting import answer_of

SIZES = [(640, 360), (1280, 720), (1920, 1080)]
NAMES = ["You", "Ada", "Bo", "Cy"]


@pytest.fixture
def spied(monkeypatch):
    return spy_texts(monkeypatch)


def drawn(app, calls, scene):
    calls.clear()
    scene.draw(app.screen)
    return list(calls)


def strings(calls):
    return [s for s, _r in calls]


def played(players, seed, rules=Rules(), stop=lambda state: False):
    session = new_session(seed, [{"name": NAMES[i], "seat": "human"} for i in range(players)], rules)
    rng = random.Random(seed)
    while not session.state.is_over() and not stop(session.state):
        session.play(rng.choice(session.state.legal_actions()))
    return session


def config(players, rules=Rules(), seed=7):
    kinds = ["human", "human", "hard", "easy"]
    return GameConfig([Seat(NAMES[i], kinds[i], i) for i in range(players)], rules, seed)


# --- words ------------------------------------------------------------------------------------

def test_lane_and_place_words_are_whole_japanese_phrases_and_english_stays(ja):
    assert lane_label(["Ada", "Bo"], (0, 0, 1, 1), 3) == "Bo（人形B）"
    assert placement_words([12, 7, 30], 0) == "左端"
    assert placement_words([12, 7, 30], 1) == "12と7の間"
    assert placement_words([12, 7], 2, "B") == "人形Bの組立列の右端"
    assert placement_words([12, 7], 1, "A") == "人形Aの組立列の12と7の間"
    assert placement_words([], 0, "A") == "人形Aの組立列の最初"
    use_language("en")
    assert lane_label(["Ada", "Bo"], (0, 0, 1, 1), 3) == "Bo (doll B)"
    assert placement_words([12, 7], 1, "A") == "between 12 and 7 in doll A's line"


def test_the_log_tells_a_whole_game_in_japanese_and_in_english(app, ja):
    session = played(2, 4)
    table = TableScene(app, config(2), session)  # a resumed game: its log told again, move by move
    log = table.log
    takes = [line for line in log if line.endswith("を獲得しました。")]
    places = [line for line in log if line.endswith("に配置しました。")]
    assert takes and places
    assert any(line.startswith("You（人形A）は") for line in takes)  # the player's own doll
    assert any(line.startswith("Ada（人形B）は") for line in places)
    assert any(line.startswith("ラウンド") and "の処理能力が" in line for line in log)
    assert "最終ラウンド終了。得点計算へ！" in log
    assert not [line for line in log if " takes " in line or " places " in line or " take " in line]
    table.close()
    use_language("en")
    english = TableScene(app, config(2), session).log
    assert len(english) == len(log)
    assert any(line.startswith("You (doll A) take ") for line in english)  # you-form
    assert any(line.startswith("Ada (doll B) places ") for line in english)  # other-form


def test_hints_and_their_search_figures_in_japanese(ja):
    state = played(3, 5, stop=lambda s: s.round >= 2 and s.phase == "place").state
    view, legal = state.view(state.current_player()), state.legal_actions()
    action, reason, detail = HardBot(seed=1, iterations=24).suggest(view, legal)
    assert reason.endswith("。") and "に配置。" in reason, reason  # the move, then why
    assert detail.startswith("CPU・上級の探索：") and "回試行して勝率" in detail
    i18n.set_language("en")
    action, reason, detail = HardBot(seed=1, iterations=24).suggest(view, legal)
    assert reason.startswith("Put the ") and detail.startswith("Hard bot's search: ")


@pytest.mark.worker
def test_the_hint_worker_answers_in_the_apps_language(ja):
    """Hints are worked out in a spawned process, which has its own language: it is told ours."""
    state = played(2, 6, stop=lambda s: s.round >= 1 and s.phase == "take").state
    decider = BackgroundDecider()
    try:
        ticket = decider.suggest("assemble", 3, 0.05, state.view(state.current_player()),
                                 state.legal_actions())
        status, (action, reason, *detail) = answer_of(decider, ticket)
    finally:
        decider.close()
    assert status == "ok" and "を獲得" in reason and reason.endswith("。"), reason


# --- the table on screen -----------------------------------------------------------------------

def mid_game_table(app, players, size, rules=Rules()):
    table = TableScene(app, config(players, rules), played(players, 9, rules, stop=lambda s: (
        s.round >= 3 and s.phase == "place" and s.current_player() == 0)))
    app.stack.push(table)
    resize(app, size)
    frames(app, 2)
    settle(app, table)
    return table


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("size", SIZES)
def test_the_table_speaks_japanese_and_every_word_fits(app, ja, spied, players, size):
    table = mid_game_table(app, players, size, Rules(flaw=True, identity=True))
    lane = table.state.active
    table.selected, table.hover_pos = ("bench", lane), 1  # the preview of a placement
    calls = drawn(app, spied, table)
    said = strings(calls)
    assert "作業場のカードを組立列に配置してください" in said  # the prompt
    assert "ログ" in said and "手番順" in said and any(s.startswith("処理能力") for s in said)
    assert any(s.endswith("に配置") and s.startswith(f"{table.state.bench[lane]}を") for s in said)
    assert any(s.startswith("ラウンド3") and "山札" in s for s in said)
    english = ("capacity", "pts", "Log", "Turn order", "Round", "deck", "place your", "doll ")
    assert not [s for s in said if any(word in s for word in english)]
    screen = app.screen.get_rect()
    assert all(screen.contains(r) for _s, r in calls if r is not None)
    lanes = [pygame.Rect(*lay.box.to_int()) for lay in table.layout.lanes]
    for string, rect in calls:  # a lane's words stay in its frame
        if rect is not None and string.startswith("処理能力"):
            assert any(b.contains(rect) for b in lanes) or \
                pygame.Rect(*table.layout.preview.to_int()).inflate(2, 2).contains(rect), (string, rect)
    cut = [s for s, r in calls if r is None and s.endswith("\u2026")]
    assert not [s for s in cut if not s.startswith(tuple(n[:1] for n in NAMES))], cut  # names only


@pytest.mark.parametrize("text_size", ["normal", "large", "larger"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_japanese_fits_at_640x360_with_the_largest_text(app, ja, spied, players, text_size):
    """Review row 67: the capacity line (「処理能力1」) never off the bottom of its lane."""
    ui.set_text_size(text_size)
    table = mid_game_table(app, players, (640, 360), Rules(flaw=True))
    calls = drawn(app, spied, table)
    for lay in table.layout.lanes:  # every line of a label inside its lane, none off its bottom
        box = pygame.Rect(*lay.box.to_int())
        label = pygame.Rect(*lay.label.to_int())
        inside = [r for s, r in calls if r is not None and label.collidepoint(r.center)]
        assert inside and all(box.contains(r) for r in inside), (box, inside)
        capacity = [r for s, r in calls if r is not None and s.startswith("処理能力")
                    and box.collidepoint(r.topleft)]
        assert len(capacity) == 1 and box.contains(capacity[0]), (box, capacity)
    preview = pygame.Rect(*table.layout.preview.to_int())
    in_preview = [r for s, r in calls if r is not None and preview.collidepoint(r.topleft)]
    assert in_preview and all(preview.inflate(2, 2).contains(r) for r in in_preview)


def test_the_buttons_keep_their_japanese_words_whole_at_640x360(app, ja, spied):
    table = mid_game_table(app, 4, (640, 360))
    for button, word in zip(table.buttons, ("待った", "進める", "ヒント")):
        button.label = word  # the shared buttons' words as the shared helper translates them
    table.controls.refresh = lambda buttons: None  # keep them
    calls = drawn(app, spied, table)
    said = strings(calls)
    assert {"待った", "進める", "ヒント", "メニュー"} <= set(said)
    assert not [s for s in said if s.endswith("\u2026") and s[:1] in "待進ヒメ自最"], said
    rects = [b.rect for b in table.buttons] + [table.auto_take.rect]
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


def test_the_identity_refusal_is_a_japanese_toast(app, ja):
    table = mid_game_table(app, 3, (1280, 720), Rules(identity=True))
    lane = table.state.active
    table.state.capacity[lane] = 1
    table._place_at(len(table.state.lines[lane]))
    assert shown(table.app.toasts[-1][0]) == "自己同一性：処理能力が1の間は右端に配置できません。"
    table._press((0, 0))
    table.state.phase = "place"
    field = table.field_rect(table.state.field[0])
    table._press((round(field[0] + 5), round(field[1] + 5)))
    assert shown(table.app.toasts[-1][0]).startswith("先に作業場のカードを組立列に配置")


def test_the_rules_badge_and_its_tooltip_in_japanese(app, ja, spied):
    names = rules_badge.active_rules(Rules(flaw=True, identity=True))
    badge = rules_badge.draw_badge(app.screen, names, (600, 20), "midright", 13, 1.0, 400)
    assert badge is not None and "玉に瑕 \u00b7 自己同一性" in strings(spied)
    spied.clear()
    box = rules_badge.draw_tooltip(app.screen, names, badge, 1.0)
    said = strings(spied)
    assert "使用中の発展ルール" in said and "玉に瑕" in said and "自己同一性" in said
    assert any("減点" in s for s in said)
    assert all(box.contains(r) for _s, r in spied if r is not None)


# --- scoring and results ------------------------------------------------------------------------

def scoring(app, players, size, rules=Rules(True, True)):
    scene = ScoringScene(app, played(players, 3, rules), config(players, rules))
    app.stack.push(scene)
    resize(app, size)
    frames(app, 2)
    return scene


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("size", SIZES)
def test_scoring_and_results_speak_japanese_and_fit(app, ja, spied, players, size):
    scene = scoring(app, players, size)
    screen = app.screen.get_rect()
    scene.advance()
    calls = drawn(app, spied, scene)
    said = strings(calls)
    assert "得点計算・玉に瑕" in said and any(s.startswith("処理能力") for s in said)
    assert "人形の得点" in said and "確定" in said
    assert any(s.startswith("大きさ") and "＝" in s for s in said)
    assert "スキップ" in said and ("次へ" in said or "結果へ" in said)
    assert all(screen.contains(r) for _s, r in calls if r is not None)
    scene.skip()
    frames(app, 2)
    calls = drawn(app, spied, scene)
    said = strings(calls)
    assert "最終得点 \u00b7 玉に瑕 \u00b7 自己同一性" in said
    assert any(s.endswith(("の勝利！", "の勝ち！")) or s.startswith("引き分け！") for s in said), [s for s in said if "勝" in s]
    assert any(s.startswith("1位") for s in said) and "もう一度" in said and "タイトルへ" in said
    if players == 2:
        assert any(s.startswith("低い方の人形で判定") or s.startswith("判定対象") for s in said)
        assert "✓ 判定対象" in said and "判定対象外" in said
    assert all(screen.contains(r) for _s, r in calls if r is not None)
    rows = [r for name, r in scene.layout_rects().items() if name.startswith("row")]
    for string, rect in calls:  # a row's words in its row
        if rect is not None and any(r.collidepoint(rect.center) for r in rows):
            assert any(r.inflate(2, 2).contains(rect) for r in rows), (string, rect)
    cut = [s for s, r in calls if r is None and s.endswith("\u2026")]
    assert not cut, cut


def test_tie_notes_in_japanese_and_english(ja):
    # Ada and Bot tie at 25: 16 + 9 against one size-5 module
    state = finished(3, [[28, 0, 15], [31], [16]], [2, 1, 1])
    assert tiebreak_text(state, ["Ada", "Bot", "Cy"]) == (
        "AdaとBotが25点で同点です。判定1（得点モジュールの最大の大きさ）：Adaは大きさ4、Botは大きさ5。"
        "Botの勝ちです。")
    draw = finished(3, [[24], [6], [16]], [1, 1, 1])
    text = tiebreak_text(draw, ["Ada", "Bot", "Cy"])
    assert text.startswith("AdaとBotが") and text.endswith("引き分けで、AdaとBotが勝利を分け合います。")
    below = finished(4, [[31], [24], [6], [0]], [1, 1, 1, 1])  # 2nd place shared at 4 points
    assert placing_text(below, ["Ada", "Bot", "Cy", "Di"]) == (
        "BotとCyは4点で同点、判定もすべて同じため、2位を分け合います。")
    use_language("en")
    assert placing_text(below, ["Ada", "Bot", "Cy", "Di"]) == (
        "Bot and Cy tie at 4 points and on every tiebreaker: they share 2nd place.")
    assert tiebreak_text(state, ["Ada", "Bot", "Cy"]).endswith("Bot wins.")


@pytest.mark.parametrize("size", SIZES)
def test_the_results_tie_note_stays_above_the_buttons_in_japanese(app, ja, spied, size):
    from game.core.commands import History, Session
    state = finished(4, [[24], [6], [16, 0, 16, 0, 16, 0, 16], [31]], [1, 1, 4, 1])  # 2nd shared
    names = ["ウィルヘルミナ", "Bellows", "歯車丸", "Di"]
    scene = ScoringScene(app, Session(History(state)), GameConfig(
        [Seat(n, "human", i) for i, n in enumerate(names)], None, 1))
    app.stack.push(scene)
    resize(app, size)
    frames(app, 2)
    scene.skip()
    frames(app, 2)
    calls = drawn(app, spied, scene)
    said = "".join(s for s, r in calls if r is not None)
    assert "が4点で2位を争って同点です。" in said and "2位を分け合います。" in said
    note = scene.layout_rects()["note"]
    buttons = [scene.again_btn.rect, scene.title_btn.rect]
    for _s, r in calls:
        if r is not None and note.collidepoint(r.center):
            assert note.inflate(2, 2).contains(r) and not any(r.colliderect(b) for b in buttons), (r, note)
