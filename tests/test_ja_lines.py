"""Japanese line breaking (issue 41, item 6): no orphaned last syllable (a lone 「す。」 on a
paragraph's last line), the last two lines balanced instead, every character kept, and never a
break inside 「（41\u00a0<\u00a043）」."""

from __future__ import annotations

import pygame
import pytest

from game.core import i18n
from scenes.widgets import ui

WIDTHS = (190, 260, 330, 410, 500)


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()


def japanese_paragraphs() -> list[str]:
    texts = [v if isinstance(v, str) else v[0] for v in i18n._catalogue("ja").values()]
    return [t for t in texts if isinstance(t, str) and len(t) > 30 and t.endswith("\u3002") and "\n" not in t]


def test_no_paragraph_ends_on_a_lone_syllable(ja):
    paragraphs = japanese_paragraphs()
    assert len(paragraphs) > 100
    for text in paragraphs:
        for width in WIDTHS:
            lines = ui.wrap(text, 18, width)
            assert "".join(lines).replace(" ", "") == text.replace(" ", ""), width  # all kept
            f = ui.font_for(text, 18)
            assert all(f.size(line)[0] <= width for line in lines), (lines, width)
            if len(lines) > 1:
                assert len(lines[-1]) > 3, (lines[-2:], width)


def test_the_last_line_gets_a_fair_share_and_no_line_more(ja, monkeypatch):
    text = "人形Bのカウンターは3です。いまが手番です。18を取ってください。次の手番は人形Aです。"
    f = ui.font_for(text, 18)
    balanced = {width: ui.wrap(text, 18, width) for width in WIDTHS}
    monkeypatch.setattr(ui, "_balance", lambda rows, f, width: None)
    ui._wrapped.cache_clear()
    for width, lines in balanced.items():
        greedy = ui.wrap(text, 18, width)
        assert len(lines) == len(greedy) and lines[:-2] == greedy[:-2]  # only the last break moves
        if len(lines) > 1:
            last, above = f.size(lines[-1])[0], f.size(lines[-2])[0]
            assert last >= min(width * ui.BALANCE, (last + above) / 2), (lines, width)
    ui._wrapped.cache_clear()


def test_a_comparison_in_brackets_never_breaks(ja):
    text = "弱いほうの人形が対象：人形A（41\u00a0<\u00a043）。" * 3
    for width in range(120, 420, 7):
        lines = ui.wrap(text, 16, width)
        assert all(line.count("（") == line.count("）") for line in lines), lines
        assert "".join(lines) == text


def test_english_lines_fill_as_before():
    lines = ui.wrap("The deck is empty: this is the last round. Each doll places its bench card.", 18, 300)
    assert len(lines) >= 2 and ui.font_for(lines[0], 18).size(f"{lines[0]} {lines[1].split()[0]}")[0] > 300


def test_lines_end_where_japanese_words_do(ja):
    """Issue 59 (the review's row 66): no break inside 資源, 再開 or 両脇に at any width, and across
    the catalogue's paragraphs few breaks inside a word (two kanji, two katakana, a kanji and its
    kana), where one in two was before; a word's end within reach is taken."""
    texts = [v if isinstance(v, str) else v[0] for v in i18n._catalogue("ja").values() if v]
    for word in ("資源", "再開", "両脇に"):
        for text in (t for t in texts if isinstance(t, str) and word in t):
            for width in range(150, 700, 10):
                lines = ui.wrap(text, 18, width)
                assert word in "".join(lines)
                assert not any(word not in a + b and word in a[-len(word):] + b[:len(word)]
                               for a, b in zip(lines, lines[1:])), (word, width, lines)
    breaks = inside = 0
    for text in japanese_paragraphs():
        for width in WIDTHS:
            lines = ui.wrap(text, 18, width)
            breaks += len(lines) - 1
            inside += sum(not ui._between_words(a, b) for a, b in zip(lines, lines[1:]))
    assert breaks > 1000 and inside < 0.15 * breaks, (inside, breaks)
