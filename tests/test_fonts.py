"""The bundled Japanese faces (Noto Sans CJK JP, cut down by build/make_font.py): every character a
Japanese player can meet or type draws as a glyph, never as the "missing" box; the licence travels
with the fonts; the fonts stay small enough for the one-file executable."""

import ast
import re
from pathlib import Path

import pygame
import pytest

from scenes.widgets import ui

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "assets" / "fonts"
JA_FONTS = ["NotoSansJP-Regular.otf", "NotoSansJP-Bold.otf"]
MAX_FACE_MB = 3  # each weight; the full face is ~16 MB, the cut one ~1.7 MB
STYLES = ["regular", "bold", "title", "narrow"]

# Words the Japanese screens will use (menus, seats, the table's prompts).
JA_WORDS = ["アリス・アセンブル", "セメントピア", "グレイブロック", "新しいゲーム", "続ける",
            "設定", "ルール", "終了", "元に戻す", "やり直す", "プレイヤー", "人形A", "人形B",
            "左端", "得点", "手札", "山札", "捨て札", "勝者", "引き分け", "文字の大きさ",
            "音量", "はい", "いいえ", "１番目の席", "（ボット）", "「完成」！"]
# Symbols the app's code draws in every language.
SYMBOLS = "\u2026\u00b7\u2022\u2212\u2192\u2190\u2191\u2193\u2605\u2713\u25cf\u25b6\u25c0\u25c2\u25b8\u201c\u201d\u2013"


def level1_kanji() -> str:
    """JIS X 0208 rows 16-47 through EUC-JP (row r, cell c = bytes 0xA0+r, 0xA0+c)."""
    kanji = []
    for row in range(16, 48):
        for cell in range(1, 95):
            try:
                kanji.append(bytes([0xA0 + row, 0xA0 + cell]).decode("euc_jp"))
            except UnicodeDecodeError:
                pass
    return "".join(kanji)


@pytest.fixture
def japanese():
    pygame.font.init()
    ui.set_script("ja")
    yield
    ui.set_script("en")


def missing(string, style="regular"):
    return [c for c in dict.fromkeys(string) if not ui.has_glyphs(c, style)]


def test_level1_is_the_everyday_kanji():
    kanji = level1_kanji()
    assert len(kanji) == 2965
    assert kanji[0] == "亜" and kanji[-1] == "腕"


@pytest.mark.parametrize("style", STYLES)
def test_japanese_faces_draw_kana_kanji_and_full_width_forms(japanese, style):
    hiragana = "".join(chr(c) for c in range(0x3041, 0x3097))
    katakana = "".join(chr(c) for c in range(0x30A1, 0x30FB)) + "ー"
    full_width = "".join(chr(c) for c in range(0xFF01, 0xFF5F))  # ！ to ～: Ａ, ０, （
    half_width = "".join(chr(c) for c in range(0xFF61, 0xFFA0))  # ｡ to ﾟ: half-width katakana
    cjk_punctuation = "".join(chr(c) for c in range(0x3001, 0x3020))  # 、。「」『』【】〜
    sample = hiragana + katakana + full_width + half_width + cjk_punctuation
    assert missing(sample, style) == []
    assert missing("".join(JA_WORDS) + SYMBOLS, style) == []


def test_japanese_face_draws_every_level1_kanji(japanese):
    assert missing(level1_kanji()) == []
    assert missing(level1_kanji(), "bold") == []


def test_japanese_face_draws_latin_names_and_digits(japanese):
    # Players named in Latin letters keep their names on a Japanese screen.
    assert missing("".join(chr(c) for c in range(0x21, 0x7F)) + "ÀÉÎÕÜßçñøå£¥") == []


def test_missing_glyphs_are_noticed(japanese):
    # Level-2 kanji and emoji are not in the cut font: has_glyphs must say so, not pass everything.
    assert not ui.has_glyphs("鬱")
    assert not ui.has_glyphs("名前\U0001F600")
    ui.set_script("en")
    assert not ui.has_glyphs("あ")  # the Latin faces have no kana
    assert ui.has_glyphs("Alice")


def test_switching_script_changes_the_drawn_face(japanese):
    assert ui.has_glyphs("設定")
    ui.set_script("en")
    assert ui.FONT_FILES["regular"] == "DejaVuSans.ttf"
    assert not ui.has_glyphs("設定")
    ui.set_script("ja")
    assert ui.FONT_FILES["regular"] == "NotoSansJP-Regular.otf"
    surface = pygame.Surface((200, 60))
    rect = ui.text(surface, "新しいゲーム", 20, (0, 0))
    assert rect.w > 4 * rect.h // 2  # six full-width characters, each about as wide as high


def test_fonts_and_licence_are_bundled():
    for name in JA_FONTS:
        path = FONTS / name
        assert path.exists(), name
        assert path.stat().st_size <= MAX_FACE_MB * 1024 * 1024, f"{name} grew past {MAX_FACE_MB} MB"
    licence = (FONTS / "LICENSE-NotoSansCJK.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    assert "Copyright" in licence and "Adobe" in licence


def msgstrs(path: Path) -> str:
    """The translated text of a .po file, escapes undone."""
    text, in_msgstr = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if re.match(r"msgstr(\[\d+\])?\s", line):
            in_msgstr, line = True, line.split(None, 1)[1]
        elif not line.startswith('"'):
            in_msgstr = False
        if in_msgstr and line.startswith('"'):
            text.append(ast.literal_eval(line))
    return "".join(text)


CATALOGUES = sorted((ROOT / "assets" / "locale" / "ja" / "LC_MESSAGES").glob("*.po"))


@pytest.mark.skipif(not CATALOGUES, reason="no Japanese catalogue yet")
@pytest.mark.parametrize("style", ["regular", "bold"])
def test_every_character_of_the_japanese_catalogue_has_a_glyph(japanese, style):
    text = "".join(msgstrs(path) for path in CATALOGUES)
    drawn = "".join(c for c in text if c.isprintable())
    assert missing(drawn, style) == [], "run build/make_font.py after changing the catalogue"
