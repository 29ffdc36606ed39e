"""The rules pages' diagrams (issue 14, point 3): what they show is true by the game's own rules,
each one is drawn from the card art inside the page's column at 640x360, 1280x720 and 1920x1080 in
both languages and every text size, scrolls with the page, and its caption reads in the player's
language with the numbers of the diagram."""

import re

import pygame
import pytest

from game.assemble.scoring import explain_line, module_sizes, tiebreak
from game.cementopia.setup import LEFT, RIGHT, facing
from game.grayblock.setup import fits
from scenes.menus import diagrams as D
from scenes.assemble import diagrams as A
from scenes.cementopia import diagrams as C
from scenes.grayblock import diagrams as G
from scenes import games
from scenes.menus.settings import use_language
from scenes.widgets import ui
from ui_helpers import key, open_rules

SIZES = [(640, 360), (1280, 720), (1920, 1080)]
# the diagrams each game's rules page shows, in order (the games whose pages have diagrams)
GAME_DIAGRAMS = {
    "assemble": ("insert", "module", "capacity", "tiebreak", "weaker", "flaw"),
    "grayblock": ("gb_neighbours", "gb_veins"),
    "cementopia": ("cm_network",),
}
JAPANESE = re.compile("[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.fixture
def language():
    yield use_language
    use_language("en")
    ui.set_text_size("normal")


# --- the data is right ------------------------------------------------------------------------

def test_every_diagram_is_on_its_games_page_once():
    for info in games.GAMES:
        shown = [item[1] for item in info.rules.items if item[0] == "d"]
        assert shown == list(GAME_DIAGRAMS.get(info.game, ()))
        assert set(shown) == set(info.rules.diagrams)  # each declared by its own game's page


def test_the_module_diagram_outlines_a_module_of_its_size_across_cards():
    lane = A.explained("module")[0]
    best = lane.modules[0]
    assert best.size == max(module_sizes(A.MODULE_LINE)) == 4
    assert len({col for col, _row in best.cells}) > 1  # it runs across cards
    assert "size 4, 16 points" in D.caption("module")


def test_the_capacity_diagram_scores_as_many_modules_as_its_capacity():
    lane = A.explained("capacity")[0]
    assert len(lane.scored) == A.CAPACITY and lane.unscored  # some are left dashed
    assert lane.score == sum(m.size ** 2 for m in lane.scored)
    assert f"{lane.score} points" in D.caption("capacity")


def test_the_flaw_diagram_subtracts_the_unscored_modules():
    plain = explain_line(A.FLAW_LINE, A.FLAW_CAPACITY)
    flawed = A.explained("flaw")[0]
    assert flawed.score == plain.score - sum(m.points for m in plain.unscored) < plain.score
    assert f"{flawed.score} points" in D.caption("flaw")


def test_the_tiebreak_diagram_is_settled_by_the_largest_module():
    upper, lower = A.explained("tiebreak")
    assert upper.score == lower.score
    settled = tiebreak([upper.key, lower.key])
    assert settled.winners == (0,) and settled.steps[0].index == 1
    assert f"size {upper.key[1]}, the lower one's only {lower.key[1]}" in D.caption("tiebreak")


def test_the_weaker_doll_diagram_counts_the_lower_score():
    a, b = A.explained("weaker")
    assert b.score < a.score
    assert D.caption("weaker").endswith(f"so your score is {b.score}.")


def test_the_grayblock_neighbours_differ_by_one_gear_at_either_end():
    first, last = G.GB_ROW[0], G.GB_ROW[-1]
    assert all(fits(a, b, False) for a, b in zip(G.GB_ROW, G.GB_ROW[1:]))  # the row itself is legal
    assert fits(first, G.GB_LEFT, False) and bin(G.GB_LEFT).count("1") == bin(first).count("1") + 1
    assert fits(last, G.GB_RIGHT, False) and bin(G.GB_RIGHT).count("1") == bin(last).count("1") - 1


def test_water_veins_let_one_card_join_and_refuse_the_other():
    end, ok, no = G.GB_VEINS_END, G.GB_VEINS_OK, G.GB_VEINS_NO
    assert fits(end, ok, True)
    assert fits(end, no, False) and not fits(end, no, True)  # neighbours, but not by Water Veins
    # both add a gear: the caption's "its new gear"
    assert ok & end == end and no & end == end


def test_the_cementopia_network_is_legal_and_pays_its_connection_count():
    cards = C.CM_NETWORK
    for i, (a, xa, ya) in enumerate(cards):
        for b, xb, yb in cards[i + 1:]:
            assert not (xa == xb and abs(ya - yb) < 5), "cards overlap"
            if abs(xa - xb) == 1 and abs(ya - yb) < 5:
                # the right one's left edge faces the left one's right edge, row for row
                (lc, _lx, ly), (rc, _rx, ry) = sorted([(a, xa, ya), (b, xb, yb)], key=lambda c: c[1])
                rows, gears = facing(RIGHT[lc], ry - ly)
                assert LEFT[rc] & rows == gears, (lc, rc)
    new, counted = cards[-1], cards[C.CM_COUNTED]
    assert abs(new[1] - counted[1]) == 1
    rows, _gears = facing(RIGHT[new[0]], counted[2] - new[2])
    assert bin(rows).count("1") == C.cm_pairs() == 3
    assert "counter 3" in D.caption("cm_network")


# --- drawn from the card art, cached --------------------------------------------------------------

def test_a_picture_is_the_card_art_and_is_cached_per_width_and_language(app, language):
    picture, marks = D.picture("insert", 800, 1.0, app.art)
    assert D.picture("insert", 800, 1.0, app.art)[0] is picture
    cw = D.card_width("insert", 800, 1.0)
    face = app.art.doll(A.INSERT_LINE[0], cw)
    # the first card's index corner is the card's own pixels
    assert picture.get_at((2 + 4, 2 + cw // 2)) == face.get_at((4, cw // 2))
    assert [m[0] for m in marks] == ["1", "2", "3", "4"]
    language("ja")
    assert D.picture("insert", 800, 1.0, app.art)[0] is not picture  # the cards' names are Japanese


# --- on the page --------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", list(GAME_DIAGRAMS))
def test_every_diagram_draws_inside_the_page_column_with_its_caption(app, language, monkeypatch, game,
                                                                      size, lang):
    language(lang)
    for text_size in ("normal", "larger"):
        ui.set_text_size(text_size)
        rules = open_rules(app, game, size)
        V = rules.view
        diagram_lines = [(y, p) for kind, y, p in rules.lines if kind == "d"]
        assert [p for _y, p in diagram_lines] == list(GAME_DIAGRAMS[game])
        for y, name in diagram_lines:
            height = rules.diagram_h[name]
            w, h = D.picture_size(name, V.w - rules.indent, rules.s)
            assert V.x + rules.indent + w <= V.right and h <= height
            assert h < V.h  # a diagram fits on one screenful
            # its caption: the translated sentence, wrapped into the column after the picture
            caption = [p for kind, yy, p in rules.lines if kind == "dc" and y < yy < y + height + V.h]
            words = D.caption(name)
            assert "".join(caption).replace(" ", "").startswith(words.replace(" ", "")[:20])
            for line in caption:
                assert ui.font(rules.caption_px).size(line)[0] <= V.w - rules.indent
            # scrolled to it, the picture and its marks are drawn inside the view
            texts = []
            surface = pygame.Surface(size)
            rules.scroll = y - 2
            rules.clamp()
            top = V.y - int(rules.scroll)
            text = ui.text

            def spy(surf, string, *args, **kwargs):
                rect = text(surf, string, *args, **kwargs)
                texts.append((string, rect))
                return rect
            monkeypatch.setattr(ui, "text", spy)
            rules.draw_diagram(surface, name, top + y)
            monkeypatch.setattr(ui, "text", text)
            picture, marks = D.picture(name, V.w - rules.indent, rules.s, app.art)
            assert picture.get_bounding_rect().w > 0  # something drawn
            whole = top + y >= V.y and top + y + height <= V.bottom
            assert whole or size == (640, 360), name  # a diagram shows whole on one screenful
            if whole:  # every number it marks is drawn
                assert sorted(s for s, _r in texts) == sorted(m[0] for m in marks), name
            for string, rect in texts:
                assert V.left <= rect.left and rect.right <= V.right, (name, string, rect)
                if whole:
                    assert V.top <= rect.top and rect.bottom <= V.bottom, (name, string, rect)
        app.stack.pop()


@pytest.mark.parametrize("game", list(GAME_DIAGRAMS))
def test_captions_read_in_the_players_language(app, language, game):
    for name in GAME_DIAGRAMS[game]:
        english = D.caption(name)
        assert not JAPANESE.search(english)
        language("ja")
        japanese = D.caption(name)
        language("en")
        assert JAPANESE.search(japanese), name
        # the diagram's numbers in both (Japanese also writes counts like 3枚 in digits)
        assert re.findall(r"\d+", english) and set(re.findall(r"\d+", english)) <= \
            set(re.findall(r"\d+", japanese)), name


@pytest.mark.parametrize("size", SIZES)
def test_diagrams_scroll_with_the_text(app, size):
    rules = open_rules(app, "assemble", size)
    y = next(y for kind, y, _p in rules.lines if kind == "d")
    drawn = []
    real = rules.draw_diagram
    rules.draw_diagram = lambda surface, name, at: drawn.append((name, at)) or real(surface, name, at)
    surface = pygame.Surface(size)
    key(app, pygame.K_HOME)
    rules.draw(surface)
    before = rules.scroll
    while not drawn:  # page down until the first diagram shows
        key(app, pygame.K_PAGEDOWN)
        assert rules.scroll > before
        before = rules.scroll
        rules.draw(surface)
    name, at = drawn[0]
    assert name == "insert" and at == rules.view.y - int(rules.scroll) + y
    drawn.clear()
    key(app, pygame.K_DOWN)
    rules.draw(surface)
    assert drawn and drawn[0][1] < at  # moved up with the page
