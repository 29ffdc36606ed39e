"""Accessibility: meaning that survives without colour (module outlines), seat colours that stay
apart for colour-blind players and in grey, a text size that keeps the smallest window readable,
and a volume."""

import importlib.util
import math
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from game.assemble.setup import Rules
from scenes.assemble import draw
from scenes.assemble.table import TableScene
from scenes.config import GameConfig, Seat
from scenes.sound.player import Sound
from scenes.widgets import ui
from storage_helpers import put_settings, read_settings, settings_kept
from ui_helpers import click, frames, resize, settle, top

ROOT = Path(__file__).resolve().parent.parent
CREAM = (240, 228, 200)  # about the card's face under the gears


def colour_check():
    spec = importlib.util.spec_from_file_location("colour_check", ROOT / "build" / "colour_check.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- module outlines -------------------------------------------------------------------------

def grey(surface, x, y) -> float:
    r, g, b, *_ = surface.get_at((x, y))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def module_drawn(scored: bool, flaw: bool = False):
    """One module of one cell on a cream card, as the table draws it; (surface, the cell's rect)."""
    pygame.init()
    s, cw, ch = 1.0, 104.0, 148.0
    surface = pygame.Surface((160, 200))
    surface.fill(CREAM)
    explained = SimpleNamespace(modules=[SimpleNamespace(cells=((0, 1),), scored=scored)], flaw=flaw)
    draw.draw_modules(surface, explained, [10.0], 10.0, cw, ch, s)
    return surface, draw.cell_rect(10.0, 10.0, 1, cw, ch)


@pytest.mark.parametrize("flaw", [False, True])
def test_scored_and_unscored_modules_differ_in_grey_not_only_in_colour(flaw):
    scored, rect = module_drawn(True, flaw)
    unscored, _ = module_drawn(False, flaw)
    background = grey(scored, 150, 195)
    top_edge = range(rect.x + 8, rect.right - 8)  # past the rounded corners
    # scored: a solid outline, darker than the card all along its edge
    assert all(background - grey(scored, x, rect.y) > 40 for x in top_edge)
    # unscored: dashes, with the card showing between them, and nothing filled inside
    gaps = [x for x in top_edge if abs(grey(unscored, x, rect.y) - background) < 8]
    marks = [x for x in top_edge if background - grey(unscored, x, rect.y) > 40]
    assert gaps and marks
    assert abs(grey(unscored, rect.centerx, rect.centery) - background) < 2
    assert abs(grey(scored, rect.centerx, rect.centery) - background) > 2  # the fill


def test_the_scoring_screens_outline_has_a_dark_rim_that_holds_in_grey():
    """The final scoring's light module colours on the cream card (a light blue, a gold) once
    all but vanished in grey: a dark rim now runs outside the colour."""
    from scenes.assemble.scoring import module_overlay
    pygame.init()
    for colour in ((120, 200, 240), (250, 210, 90)):
        surface = pygame.Surface((200, 200))
        surface.fill(CREAM)
        overlay, (ox, oy) = module_overlay(((0, 0), (0, 1)), 100, 140, colour, colour + (70,), 3)
        surface.blit(overlay, (20, 20))
        ox, oy = int(ox), int(oy)
        column = [grey(surface, 20 + ox, y) for y in range(20, 20 + oy)]  # down into the top edge
        assert min(column) < grey(surface, 5, 5) - 120  # darker than the card by far
        assert max(column[column.index(min(column)):]) > min(column) + 80  # the colour inside it


def test_a_dashed_outline_leaves_gaps_on_every_side():
    pygame.init()
    surface = pygame.Surface((60, 40))
    surface.fill((0, 0, 0))
    ui.dashed_rect(surface, (255, 255, 255), (5, 5, 50, 30), 1, 4)
    for points in ([(x, 5) for x in range(5, 55)], [(54, y) for y in range(5, 35)],
                   [(x, 34) for x in range(5, 55)], [(5, y) for y in range(5, 35)]):
        lit = [surface.get_at(p)[0] > 128 for p in points]
        assert any(lit) and not all(lit)


# --- seat colours ----------------------------------------------------------------------------

def test_the_colour_tool_reads_the_palette_the_game_draws():
    colours, names = colour_check().seat_palette()
    assert [tuple(c) for c in colours] == [tuple(c) for c in ui.PLAYER_COLOURS]
    assert names == ui.COLOUR_NAMES and len(names) == 6


def test_the_simulation_sees_the_old_red_and_gold_lanes_merge():
    cc = colour_check()
    red, gold = (220, 92, 84), (232, 180, 64)  # the palette before: "the same olive"

    def hue(rgb, vision):
        _, a, b = cc.lab(cc.simulate(rgb, vision))
        return math.degrees(math.atan2(b, a))
    assert abs(hue(red, "normal") - hue(gold, "normal")) > 40
    assert abs(hue(red, "deuteranopia") - hue(gold, "deuteranopia")) < 5  # only lightness is left
    r, g, b = cc.simulate(red, "greyscale")
    assert r == g == b


@pytest.mark.parametrize("vision, least", [("normal", 30), ("deuteranopia", 20),
                                           ("protanopia", 20), ("tritanopia", 15),
                                           ("greyscale", 8)])
def test_every_pair_of_seat_colours_stays_apart(vision, least):
    cc = colour_check()
    distance, i, j = cc.closest_pair(ui.PLAYER_COLOURS, vision)
    assert distance >= least, f"{ui.COLOUR_NAMES[i]} / {ui.COLOUR_NAMES[j]} under {vision}"


HUES = {"Orange": (25, 70), "Blue": (200, 280), "Green": (120, 190), "Gold": (70, 110),
        "Purple": (280, 345)}


def test_colour_names_match_the_colours_shown():
    cc = colour_check()
    for name, rgb in zip(ui.COLOUR_NAMES, ui.PLAYER_COLOURS):
        lightness, a, b = cc.lab(rgb)
        chroma, hue = math.hypot(a, b), math.degrees(math.atan2(b, a)) % 360
        if name == "White":
            assert lightness > 85 and chroma < 15
        else:
            low, high = HUES[name]
            assert low <= hue <= high and chroma > 20, name


# --- text size -------------------------------------------------------------------------------

@pytest.fixture
def spied(monkeypatch):
    """Every ui.text call of a frame: (string, rect drawn)."""
    calls = []
    original, render = ui.text, ui._render

    def spy(surface, string, *args, **kwargs):
        rect = original(surface, string, *args, **kwargs)
        calls.append((string, rect))
        return rect

    def rendered(string, *args):  # what really reached the screen: cut short or whole
        calls.append((string, None))
        return render(string, *args)
    monkeypatch.setattr(ui, "text", spy)
    monkeypatch.setattr(ui, "_render", rendered)
    return calls


def small_table(app, size_name):
    ui.set_text_size(size_name)
    seats = [Seat("Wilhelmina", "human", 0), Seat("Bo", "easy", 1), Seat("Cy", "random", 2),
             Seat("Dee", "human", 3)]
    table = TableScene(app, GameConfig(seats, Rules(), 7))
    app.stack.push(table)
    resize(app, (640, 360))
    frames(app, 2)
    while table.state.current_player() != 0 or table.state.phase != "place":
        table.play(table.state.legal_actions()[0])
        settle(app, table)
    return table


def drawn(app, calls, table):
    calls.clear()
    table.draw(app.screen)
    return calls


def box(r) -> pygame.Rect:
    return pygame.Rect(round(r.x), round(r.y), round(r.w), round(r.h))


def find(calls, test):
    return [rect for string, rect in calls if test(string) and rect is not None]


def cut_short(calls) -> list[str]:
    return [string for string, rect in calls if rect is None and string.endswith("\u2026")]


def test_table_text_at_640x360_is_readable_and_larger_when_chosen(app, spied):
    table = small_table(app, "normal")
    lay = table.layout
    normal = drawn(app, spied, table)
    capacity = find(normal, lambda t: t.startswith(("capacity ", "cap. ")))
    log = find(normal, lambda t: t.endswith("."))
    assert capacity and log
    assert min(r.h for r in capacity + log) >= 12  # a 10 px font: "capacity" ~10 px of ink
    # the labels stay in their boxes
    boxes = [box(ln.label) for ln in lay.lanes] + [box(lay.preview)]
    assert len(capacity) == 5  # four lanes and the preview
    for rect in capacity:
        assert any(b.inflate(2, 2).contains(rect) for b in boxes), (rect, boxes)
    log_box = box(lay.log)
    assert all(log_box.contains(r) for r in log)
    buttons = box(lay.buttons)
    auto = find(normal, lambda t: t.startswith("Auto-take"))
    assert auto and all(buttons.contains(r) for r in auto)
    assert not [t for t in cut_short(normal) if not "Wilhelmina".startswith(t[:-1])], cut_short(normal)
    for button in table.buttons:
        label = find(normal, lambda t, b=button: t == b.label)
        assert label and button.rect.inflate(2, 4).contains(label[0])  # whole, not cut short

    ui.set_text_size("larger")
    app.resized()
    larger = drawn(app, spied, table)
    bigger = find(larger, lambda t: t.endswith("."))
    assert min(r.h for r in bigger) > min(r.h for r in log)
    assert all(log_box.contains(r) for r in bigger)
    for button in table.buttons:  # squeezed back to readable, never cut to "U…"
        label = find(larger, lambda t, b=button: t == b.label)
        assert label and label[0].h >= 12
    assert not [t for t in cut_short(larger) if not "Wilhelmina".startswith(t[:-1])], cut_short(larger)


def settings_from_title(app):
    """The settings overlay, opened as a player does: the title's Settings button."""
    title = app.stack.push(app.make("title"))
    frames(app, 1)
    click(app, title.settings.rect.center)
    frames(app, 1)
    return top(app)


def test_text_size_is_chosen_in_settings_saved_and_read_back(app, data_dir):
    settings = settings_from_title(app)
    before = ui.render("capacity 2", 7).get_height()
    click(app, (settings.text_size.rect.right - 5, settings.text_size.rect.centery))
    assert settings.text_size.value == "large"
    assert settings_kept()["text_size"] == "large"
    assert ui.render("capacity 2", 7).get_height() > before
    from scenes.app.window import App, AppOptions
    ui.set_text_size("normal")
    App(AppOptions(size=(800, 450)))  # a restart applies the saved size
    assert ui.render("capacity 2", 7).get_height() > before
    ui.set_text_size("normal")


def test_text_too_wide_shrinks_then_is_cut_never_below_readable():
    pygame.init()
    surface = pygame.Surface((300, 50))
    ui.set_text_size("larger")
    try:
        rect = ui.text(surface, "Undo", 20, (0, 0), style="bold", max_width=28)
        assert rect.w <= 28 and rect.h >= ui.font(1).get_height() - 6
        cut = ui.text(surface, "Auto-take the last card", 20, (0, 0), max_width=40)
        assert cut.w <= 40
    finally:
        ui.set_text_size("normal")
    assert ui.sized(3) == ui.READABLE


# --- volume ----------------------------------------------------------------------------------

def test_volume_is_set_in_settings_saved_and_applied_to_the_sounds(app, data_dir):
    settings = settings_from_title(app)
    assert settings.volume.value == 100
    for _ in range(5):
        click(app, (settings.volume.rect.x + 4, settings.volume.rect.centery))  # left part: down
    assert settings.volume.value == 50 and app.sound.volume == 50
    assert settings_kept()["volume"] == 50
    if app.sound.sounds:  # a mixer (the dummy driver gives one)
        app.sound.play("place", volume=0.8)
        assert app.sound.sounds["place"].get_volume() == pytest.approx(0.4, abs=0.01)
        app.sound.set_volume(0)
        app.sound.play("place")
        assert app.sound.sounds["place"].get_volume() == 0


@pytest.mark.parametrize("bad", [250, -1, "loud", 0.5, True, None])
def test_a_bad_volume_in_the_settings_gives_a_message_and_the_default(data_dir, bad):
    put_settings({"volume": bad, "sound": False})
    settings, messages = read_settings()
    assert "volume" not in settings and settings["sound"] is False
    assert len(messages) == 1 and "volume" in messages[0] and "100" in messages[0]
    assert Sound(settings, keep=lambda: None).volume == 100


def test_a_bad_text_size_in_the_settings_gives_a_message_and_normal(data_dir):
    put_settings({"text_size": "huge"})
    settings, messages = read_settings()
    assert "text_size" not in settings and len(messages) == 1 and "text_size" in messages[0]


def test_a_remembered_layout_is_laid_out_again_at_a_new_text_size():
    """A scene's own search for the size that fits (the turn order's chips) is kept, but not past
    a change of text size: the chips measured in the old size would no longer fit."""
    pygame.init()
    made = []

    def lay_out():
        made.append(ui.render("Bramble A", 12).get_width())
        return made[-1]
    try:
        first = ui.remembered(("test", 1), lay_out)
        assert ui.remembered(("test", 1), lay_out) == first and len(made) == 1
        ui.set_text_size("larger")
        assert ui.remembered(("test", 1), lay_out) > first and len(made) == 2
    finally:
        ui.set_text_size("normal")


def test_a_paragraph_stays_in_its_box_at_any_text_size():
    pygame.init()
    surface = pygame.Surface((400, 200))
    words = "Placing on top of the rightmost card costs 1 capacity (not allowed at capacity 1)."
    box = pygame.Rect(10, 10, 150, 40)
    try:
        for size in ("normal", "larger"):
            ui.set_text_size(size)
            drawn = ui.paragraph(surface, words, 8, box)
            assert box.inflate(0, 4).contains(drawn)
        roomy = ui.paragraph(surface, words, 8, (10, 10, 150, 200))
        assert roomy.h > drawn.h  # with room, every line at the chosen size
    finally:
        ui.set_text_size("normal")


@pytest.mark.parametrize("game", ["assemble", "grayblock"])
def test_setup_at_640x360_and_larger_text_keeps_its_notes_off_the_fields(app, spied, game):
    ui.set_text_size("larger")
    try:
        setup = app.stack.push(app.make("setup"))
        resize(app, (640, 360))
        frames(app, 2)
        setup.game.set(game)
        setup.layout() if hasattr(setup, "layout") else None
        frames(app, 2)
        spied.clear()
        setup.draw(app.screen)
        fields = [w.rect for w in setup.ring.widgets if w.enabled and w.rect.w > 0]
        notes = [rect for string, rect in spied if rect is not None and len(string) > 20]
        assert notes
        for note in notes:
            assert not any(note.inflate(-2, -2).colliderect(f) for f in fields), note
    finally:
        ui.set_text_size("normal")
