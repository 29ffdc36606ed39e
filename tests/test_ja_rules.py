"""The rules pages in Japanese (issue 13): every page of the three games reads in Japanese, with no
English paragraph left over, its lines broken by the Japanese rules (kinsoku: no line starts with
。、」ー, none ends with 「（, no number or CPU is cut in two), every line inside the page and the
whole page within reach of the scrollbar, at 640x360, 1280x720 and 1920x1080 and every text size;
the English pages stay as they were, and a language switch redraws the open page."""

import re

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from game.core.i18n import _
from scenes.art.shapes import GEAR_NAMES
from scenes.menus.rules import FOOTER, GEAR_LABELS
from scenes import games

PAGES = {info.game: info.rules for info in games.GAMES}  # every game's rules page
from scenes.menus.settings import use_language
from scenes.widgets import ui
from ui_helpers import key, open_rules

SIZES = [(640, 360), (1280, 720), (1920, 1080)]
TEXT_SIZES = ["normal", "large", "larger"]
JAPANESE = re.compile("[\u3040-\u30ff\u4e00-\u9fff]")
# keys whose names are the same in every language: no words to translate
KEY_NAMES = {"F11", "S", "H", "P", "E", "Esc", "Ctrl+Z / Ctrl+Y", "1 - 4", "Enter / E", "L"}


@pytest.fixture
def japanese():
    use_language("ja")
    yield
    use_language("en")
    ui.set_text_size("normal")


def texts(items):
    """(kind, English text) of every string a page's items hold, table cells and keys included."""
    for item in items:
        if item[0] == "t":
            for label, value in item[1]:
                yield "t", label
                yield "t", value
        elif item[0] == "k":
            yield "key", item[1]
            yield "k", item[2]
        elif item[0] not in ("g", "d"):  # diagrams: their captions are checked in test_rules_diagrams
            yield item[0], item[1]


def paragraphs(rules):
    """The page's wrapped lines, grouped by the paragraph they were wrapped from, each with the
    width it had to fit in."""
    groups = []
    w, indent, keyw = rules.view.w, rules.indent, rules.key_w
    for kind, _y, p in rules.lines:
        if kind == "p":
            groups.append([(p, w)])
        elif kind == "b":
            groups.append([(p[1], w - indent)])
        elif kind == "c":
            groups[-1].append((p[1], w - indent))
        elif kind == "k" and p[0]:
            groups.append([(p[1], w - keyw)])
        elif kind == "k":
            groups[-1].append((p[1], w - keyw))
    return groups


# --- every page in Japanese ----------------------------------------------------------------------

@pytest.mark.parametrize("game", list(PAGES))
def test_every_words_of_the_pages_have_a_japanese_translation(japanese, game):
    title, items = PAGES[game].tab, PAGES[game].items
    assert JAPANESE.search(_(title))
    for kind, english in texts(items):
        if kind == "key" and english in KEY_NAMES:
            continue
        assert JAPANESE.search(_(english)), f"untranslated: {english!r}"
    for word in [FOOTER, "How to play", "Close", *GEAR_LABELS]:
        assert JAPANESE.search(_(word)), word


def test_the_gear_names_are_the_cards_gear_types_in_their_rows():
    """The names under the five icons are the gear types of rows 1 to 5, in that order."""
    assert len(GEAR_LABELS) == len(GEAR_NAMES) == 5
    assert all(label in name for label, name in zip(GEAR_LABELS, GEAR_NAMES))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("text_size", TEXT_SIZES)
@pytest.mark.parametrize("game", list(PAGES))
def test_each_page_reads_in_japanese_whole_and_broken_by_kinsoku(app, japanese, drawn_texts, game, size,
                                                                   text_size):
    ui.set_text_size(text_size)
    rules = open_rules(app, game, size)
    # no English paragraph: every line of text that has letters has Japanese in it, except keys
    english = [p for p in drawn_lines(rules)
               if re.search("[A-Za-z]{3}", p) and not JAPANESE.search(p) and p not in KEY_NAMES]
    assert not english, english
    # kinsoku, and every line within its column
    for group in paragraphs(rules):
        for (line, width), (after, _w) in zip(group, group[1:] + [("", 0)]):
            assert line[:1] not in ui.NO_LINE_START, (line, group)
            if after:
                assert line[-1:] not in ui.NO_LINE_END, (line, after)
                cut_ascii = line[-1:].isascii() and line[-1:].isalnum() and after[:1].isascii() \
                    and after[:1].isalnum() and not line.isascii()
                assert not cut_ascii, (line, after)
        for line, width in group:
            assert ui.font(rules.body_px).size(line)[0] <= width or len(line) == 1, (line, width)
    # the page read top to bottom: each screenful's text is whole (no ellipsis), inside the panel
    surface = pygame.Surface(size)
    key(app, pygame.K_HOME)
    while True:
        drawn_texts.clear()
        rules.draw(surface)
        assert drawn_texts, "nothing drawn"
        for string, rect in drawn_texts:
            assert not string.endswith("\u2026"), string
            assert rules.panel.contains(rect), (string, rect, rules.panel)
        if rules.scroll >= rules.max_scroll():
            break
        before = rules.scroll
        key(app, pygame.K_PAGEDOWN)
        assert rules.scroll > before
    # ... down to its last line, which the view shows whole at the end of the scroll
    last_y = max(y for _k, y, _p in rules.lines)
    assert rules.view.y - rules.scroll + last_y + ui.font(rules.body_px).get_linesize() <= rules.view.bottom
    shown = " ".join(s for s, _r in drawn_texts)
    assert _("How to play") in shown and "遊び方" in shown and "ホイール" in shown
    assert all(tab.label == _(PAGES[g].tab) for g, tab in rules.tabs.items())


def drawn_lines(rules):
    for kind, _y, p in rules.lines:
        if kind == "t":
            for _x, label, _vx, value in p:
                yield label
                yield value
        elif kind in ("h", "p", "dc"):
            yield p
        elif kind == "d":
            continue
        elif p:
            yield p[1]


@pytest.fixture
def drawn_texts(monkeypatch):
    """Every string ui.text drew, with its rect."""
    calls = []
    text = ui.text

    def spy(surface, string, *args, **kwargs):
        rect = text(surface, string, *args, **kwargs)
        calls.append((string, rect))
        return rect
    monkeypatch.setattr(ui, "text", spy)
    return calls


def test_the_japanese_limits_table_keeps_its_columns(app, japanese):
    rules = open_rules(app, "cementopia", (1280, 720))
    rows = [p for kind, _y, p in rules.lines if kind == "t"]
    assert [f"{label}{value}" for p in rows for _x, label, _vx, value in p] == [
        "隣接数1：2枚まで", "隣接数2：4枚まで", "隣接数3：6枚まで", "隣接数4：4枚まで"]
    assert [len(p) for p in rows] == [2, 2]
    assert len({tuple((e[0], e[2]) for e in p) for p in rows}) == 1


def test_numbered_steps_keep_their_numbers_in_japanese(app, japanese):
    rules = open_rules(app, "cementopia", (1280, 720))
    marks = [p[0] for kind, _y, p in rules.lines if kind == "b" and p[0]]
    assert marks == ["1.", "2.", "3.", "4."]
    first = next(p[1] for kind, _y, p in rules.lines if kind == "b" and p[0] == "1.")
    assert first.startswith("手札を1枚")


# --- English stays; the language switches under an open page ----------------------------------

def test_english_pages_are_unchanged_and_a_switch_redraws_the_open_page(app):
    rules = open_rules(app, "grayblock", (1280, 720))
    surface = pygame.Surface((1280, 720))
    rules.draw(surface)
    english = list(drawn_lines(rules))
    assert english[0].startswith("Dominoes for 2 to 4 players")
    assert rules.close_b.label == "Close" and rules.tabs["assemble"].label == "Alice Assemble"
    key(app, pygame.K_END)
    try:
        use_language("ja")
        rules.draw(surface)  # the next frame: the page is laid out again, in Japanese
        japanese = list(drawn_lines(rules))
        assert japanese[0].startswith("アリスアセンブルのカードで遊ぶ")
        assert rules.close_b.label == "閉じる" and rules.tabs["assemble"].label == "アリスアセンブル"
        assert rules.scroll <= rules.max_scroll()  # still within the (new) page
    finally:
        use_language("en")
    rules.draw(surface)
    assert list(drawn_lines(rules)) == english


# --- the line breaker --------------------------------------------------------------------------

SAMPLE = ("待った／進める。「自由」なら何でも戻せますが、CPUの手や配札より前に戻すと補助ありです。"
          "接続数は1～4です（ぴったり同じ高さで5組はできません）。たとえば14なら、30と15です。"
          "Ctrl+Zで戻します。判定対象：人形B（41\u00a0<\u00a043）。")


@settings(max_examples=60, deadline=None)
@given(width=st.integers(min_value=40, max_value=700), px=st.sampled_from([10, 14, 18, 24]))
def test_japanese_wraps_at_any_width_by_kinsoku(width, px):
    pygame.font.init()
    use_language("ja")
    try:
        lines = ui.wrap(SAMPLE, px, width)
    finally:
        use_language("en")
    assert "".join(lines) == SAMPLE  # nothing lost, nothing added
    for line, after in zip(lines, lines[1:]):
        assert after[:1] not in ui.NO_LINE_START and line[-1:] not in ui.NO_LINE_END, (line, after)
        assert not (line[-1:].isascii() and after[:1].isascii()), (line, after)  # CPU, 14, Ctrl+Z whole
    assert "1～4" in "\n".join(lines)
    assert "（41\u00a0<\u00a043）" in "\n".join(lines)  # no-break spaces: never broken there
