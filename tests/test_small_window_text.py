"""The smallest window (640x360) at every text size: sentences the player needs are drawn whole,
inside their boxes, and toasts stay off the text they would cover."""

import pygame
import pytest

from game.assemble import Rules
from scenes.assemble.scoring import ScoringScene
from scenes.cementopia import draw
from scenes.cementopia.end import CementopiaEndScene
from scenes.cementopia.table import CementopiaScene
from scenes.config import GameConfig, Seat
from scenes.menus.rules import RulesOverlay
from scenes.widgets import ui
from tests.test_scoring_scene import config_for, played
from ui_helpers import frames, resize, spy_texts

SIZES = ["normal", "large", "larger"]
ELLIPSIS = "\u2026"


@pytest.fixture
def drawn(monkeypatch):
    """Every string that reached the screen this frame, with its rect where ui.text drew it."""
    calls = spy_texts(monkeypatch)
    yield calls
    ui.set_text_size("normal")


def frame(app, scene, calls) -> list:
    calls.clear()
    scene.draw(app.screen)
    return calls


def cut(calls) -> list[str]:
    return [s for s, _ in calls if s.endswith(ELLIPSIS)]


def cementopia(app, size_name):
    ui.set_text_size(size_name)
    scene = CementopiaScene(app, GameConfig([Seat("Ada")], None, 8, "cementopia"))
    app.stack.push(scene)
    resize(app, (640, 360))
    frames(app, 3)
    return scene


@pytest.mark.parametrize("size_name", SIZES)
def test_the_hand_panels_instructions_are_whole_sentences_in_their_box(app, drawn, size_name):
    scene = cementopia(app, size_name)
    calls = frame(app, scene, drawn)
    shown = " ".join(s for s, _ in calls)
    long, short = scene.prompt_lines(), scene.prompt_lines(short=True)
    words = long if all(t in shown for t, _, _ in long) else short
    for sentence, _, _ in words:  # every one, panning included: none cut after "right-drag,"
        assert sentence in shown, (sentence, shown)
    assert "pan" in shown.lower() and not cut(calls)
    box = scene.lay.prompt
    for part, _, size, style, y in draw.prompt_plan(scene, box, scene.lay.s):
        f = ui._font(size, style)
        assert size >= ui.READABLE
        assert box.contains(pygame.Rect(box.x, box.y + y, f.size(part)[0], f.get_linesize()))


@pytest.mark.parametrize("size_name", SIZES)
def test_the_end_screens_badge_key_wraps_whole_inside_the_board(app, drawn, size_name):
    ui.set_text_size(size_name)
    scene = cementopia(app, size_name)
    while not scene.state.is_over():
        scene.play(scene.state.legal_actions()[0])
    end = CementopiaEndScene(app, scene.session, scene.config)
    app.stack.replace(end)
    frames(app, 2)
    calls = frame(app, end, drawn)
    left = end.board.x + round(10 * end.s)  # where each of its lines starts
    lines = [(s, r) for s, r in calls if r is not None and r.x == left and s in draw.KEY]
    assert " ".join(s for s, _ in lines) == draw.KEY
    assert all(end.board.contains(r) for _, r in lines)
    assert not cut(calls), cut(calls)
    # the target boxes and the score table's rows do not overlap each other
    rows = [r for s, r in calls if r is not None and "/" in s and s.split(" / ")[0].isdigit()]
    assert len(rows) == 4
    assert all(a.bottom <= b.top + 1 for a, b in zip(rows, rows[1:])), rows


@pytest.mark.parametrize("size_name", SIZES)
def test_the_side_score_table_rows_do_not_overlap(app, drawn, size_name):
    scene = cementopia(app, size_name)
    calls = frame(app, scene, drawn)
    rows = [r for s, r in calls if r is not None and " / " in s and s.split(" / ")[0].isdigit()]
    assert len(rows) == 4
    assert all(a.bottom <= b.top + 1 for a, b in zip(rows, rows[1:])), rows
    assert all(scene.lay.table.contains(r) for r in rows)
    assert min(r.h for r in rows) >= 11  # a 10 px font, never smaller


def toast_spy(monkeypatch) -> list:
    """The boxes of the toasts drawn from now on (a list the caller may clear)."""
    boxes: list = []
    panel = ui.panel

    def spy(surface, rect, fill=ui.PANEL, *args, **kwargs):
        if tuple(fill) == (70, 24, 24, 235):  # the toast's own dark red
            boxes.append(pygame.Rect(rect))
        return panel(surface, rect, fill, *args, **kwargs)
    monkeypatch.setattr(ui, "panel", spy)
    return boxes


def toast_boxes(app, monkeypatch) -> list:
    boxes = toast_spy(monkeypatch)
    app.draw()
    return boxes


@pytest.mark.parametrize("size_name", SIZES)
def test_a_toast_at_the_cementopia_table_stays_off_the_hand_panel(app, monkeypatch, size_name):
    scene = cementopia(app, size_name)
    app.toast("Hint used: this attempt now counts as assisted.")
    app.toast("A second message, to stack above the first one.")
    boxes = toast_boxes(app, monkeypatch)
    ui.set_text_size("normal")
    assert len(boxes) == 2
    for box in boxes:
        assert not box.colliderect(scene.lay.hand) and not box.colliderect(scene.lay.side)
        assert scene.lay.board.contains(box)


def test_a_toast_elsewhere_stays_at_the_bottom_of_the_window(app, monkeypatch):
    app.stack.push(app.make("title"))
    resize(app, (640, 360))
    frames(app, 2)
    app.toast("Sound off (S turns it back on)")
    boxes = toast_boxes(app, monkeypatch)
    assert len(boxes) == 1 and boxes[0].bottom > 330 and app.screen.get_rect().contains(boxes[0])


@pytest.mark.parametrize("size_name", SIZES)
def test_the_rules_footer_sits_below_the_text_area(app, drawn, size_name):
    ui.set_text_size(size_name)
    rules = RulesOverlay(app, "cementopia")
    app.stack.push(rules)
    resize(app, (640, 360))
    frames(app, 2)
    calls = frame(app, rules, drawn)
    foot = [r for s, r in calls if r is not None and s.startswith("Wheel")]
    assert foot and rules.view.bottom <= foot[0].top and foot[0].bottom <= rules.panel.bottom
    assert not cut(calls), cut(calls)


@pytest.mark.parametrize("size_name", SIZES)
def test_two_player_results_show_each_dolls_lines_whole(app, drawn, size_name):
    ui.set_text_size(size_name)
    scene = ScoringScene(app, played(2, 11, Rules(flaw=True)), config_for(2))
    app.stack.push(scene)
    resize(app, (640, 360))
    frames(app, 2)
    scene.skip()
    frames(app, 2)
    calls = frame(app, scene, drawn)
    assert not cut(calls), cut(calls)
    scored = [(s, r) for s, r in calls if r is not None and "scored" in s]
    counts = [(s, r) for s, r in calls if r is not None and s in ("\u2713 counts", "not counted")]
    shown = " ".join(s for s, r in calls if r is not None)
    assert len(counts) == 4  # each doll says whether it counts, and each player why: whole
    assert all(scene.counting_note(p) in shown or scene.counting_note(p, short=True) in shown for p in range(2))
    p = round(14 * scene.s)
    for _, rect in counts + scored:  # inside a row's inner box: not clipped at its foot
        assert any(row.x <= rect.x and row.y + p <= rect.top and rect.bottom <= row.bottom - p + 1
                   for row in scene.rows), rect


def toast_over(app, monkeypatch, scene) -> pygame.Rect:
    """Open `scene` at 640x360 with larger text, raise one toast; where it is drawn."""
    ui.set_text_size("larger")
    app.stack.push(scene)
    resize(app, (640, 360))
    frames(app, 3)
    app.toast("Hint used: this attempt now counts as assisted.")
    boxes = toast_boxes(app, monkeypatch)
    ui.set_text_size("normal")
    assert len(boxes) == 1 and app.screen.get_rect().contains(boxes[0])
    return boxes[0]


def test_a_toast_at_the_assemble_table_stays_off_the_log_with_the_hints_words(app, monkeypatch):
    from scenes.assemble.table import TableScene
    seats = [Seat(n, "human", i) for i, n in enumerate(["Ada", "Bo", "Cy"])]
    table = TableScene(app, GameConfig(seats, Rules(), 7))
    box = toast_over(app, monkeypatch, table)
    assert not box.colliderect(pygame.Rect(*table.layout.log.to_int()))


def test_a_toast_at_the_grayblock_table_stays_off_the_hand_and_the_side(app, monkeypatch):
    from game.grayblock.setup import Rules as GrayRules
    seats = [Seat(n, "human" if i == 0 else "easy", i) for i, n in enumerate(["Ada", "Bo", "Cy"])]
    table = app.make("grayblock", config=GameConfig(seats, GrayRules(True), 5, "grayblock", target=40))
    box = toast_over(app, monkeypatch, table)
    assert not box.colliderect(table.layout.hand) and not box.colliderect(table.layout.side)


@pytest.mark.parametrize("size_name", SIZES)
def test_the_empty_rows_prompt_is_drawn_whole_at_every_text_size(app, drawn, size_name):
    """Grayblock before the first card: "Drop a card here to start the row", every word of it
    wrapped into the card-sized slot (at larger text it once lost "row" and its lines ran together)."""
    from game.grayblock.setup import Rules as GrayblockRules
    from scenes.grayblock.table import GrayblockScene
    ui.set_text_size(size_name)
    seats = [Seat("Ada", "human", 0), Seat("Bo", "easy", 1)]
    scene = GrayblockScene(app, GameConfig(seats, GrayblockRules(), 5, "grayblock", 40))
    app.stack.push(scene)
    resize(app, (640, 360))
    frames(app, 3)
    assert scene.can_act() and not scene.state.row
    words = [s for s, _ in frame(app, scene, drawn) if s.strip() and s.strip() in
             "Drop a card here to start the row"]
    assert " ".join(w.strip() for w in words) == "Drop a card here to start the row"
    assert not cut(drawn)


def on_screen_refusals() -> dict:
    """Per game, the refusals a player can meet at its table, with fields as long as they get."""
    from game.alicematic import words as alicematic
    from game.assemble import words as assemble
    from game.cementopia import words as cementopia
    from game.core.contract import Refusal
    from game.grayblock import words as grayblock
    near = {"card": 29, "other": 30, "x": 0, "y": 0}
    return {
        "assemble": [Refusal(assemble.IDENTITY), Refusal(assemble.PLACE_FIRST)],
        "grayblock": [Refusal(grayblock.WATER_VEINS, {"card": 29, "end": "right", "end_card": 21, "row": 0}),
                      Refusal(grayblock.NOT_ONE_GEAR, {"card": 29, "end": "right", "end_card": 30}),
                      Refusal(grayblock.ZERO_OPENS), Refusal(grayblock.MUST_PASS)],
        "cementopia": [Refusal(cementopia.MISMATCH, dict(near, side="right", row=4)),
                       Refusal(cementopia.OVERLAP, near), Refusal(cementopia.ALONE, near),
                       Refusal(cementopia.NO_COUNTER_5, near), Refusal(cementopia.COUNTER_SPENT, {"counter": 4})],
        "alicematic": [Refusal(alicematic.AREA_FULL, {"card": 89})],
    }


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size_name", SIZES)
def test_a_refused_moves_words_fit_their_tables_toast(app, monkeypatch, lang, size_name):
    """The rules' reason as a toast on each game's table in the smallest window, at every text
    size: wrapped whole into a box inside the part of the table toasts may cover."""
    from game.grayblock import Rules as GrayblockRules
    from scenes.menus.settings import use_language
    configs = {
        "assemble": GameConfig([Seat("Ada"), Seat("Bo", "easy")], Rules(identity=True), 4, "assemble"),
        "grayblock": GameConfig([Seat("Ada"), Seat("Bo", "easy")], GrayblockRules(True), 4, "grayblock"),
        "cementopia": GameConfig([Seat("Ada")], None, 4, "cementopia"),
        "alicematic": GameConfig([Seat("Ada"), Seat("Bo", "easy"), Seat("Cy", "easy")], None, 4,
                                 "alicematic")}
    boxes = toast_spy(monkeypatch)
    use_language(lang)
    ui.set_text_size(size_name)
    try:
        for game, refusals in on_screen_refusals().items():
            table = app.make(configs[game].scene, config=configs[game])
            app.stack.push(table)
            resize(app, (640, 360))
            frames(app, 2)
            area = table.toast_area() or app.screen.get_rect()
            for refusal in refusals:
                app.toasts.clear()
                app.toast(table.refusal_words(refusal))
                boxes.clear()
                app.draw()
                assert len(boxes) == 1 and area.contains(boxes[0]), (game, refusal, boxes[0], area)
            app.stack.pop()
    finally:
        use_language("en")
        ui.set_text_size("normal")
