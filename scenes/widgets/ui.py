"""Theme, text and small widgets shared by every scene.

Scenes lay widgets out in `resize` from a scale factor (window / 1280x720); widgets only remember
their rect, draw themselves and turn clicks and keys into a callback.
"""

from __future__ import annotations

import math
import unicodedata
from collections import OrderedDict
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Generic, Iterator, TypedDict, TypeVar

import pygame
from pygame.typing import Point, RectLike

from game.services import settings
from game.core.i18n import _
from game.core.paths import asset

INK = (34, 28, 24)
PAPER = (244, 236, 218)
BRASS = (201, 160, 72)
BRASS_DARK = (120, 88, 36)
PANEL = (40, 34, 38, 220)
PANEL_EDGE = (201, 160, 72)
TEXT = (246, 238, 222)
MUTED = (182, 170, 150)
GOOD = (96, 196, 120)
BAD = (226, 84, 72)
HILITE = (255, 214, 102)
# Seat colours after Okabe and Ito, muted to suit the wood: every pair stays apart under
# deuteranopia, protanopia and in grey (by lightness, purple darkest to white lightest);
# build/colour_check.py measures it and tests/test_access.py keeps it so.
PLAYER_COLOURS = [(207, 104, 41), (108, 194, 232), (115, 170, 131), (248, 204, 115),
                  (142, 87, 161), (251, 238, 229)]
COLOUR_NAMES = list(settings.COLOUR_NAMES)  # each PLAYER_COLOURS' name, said with _()

FONT_FILES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf",
              "title": "DejaVuSerif-Bold.ttf", "narrow": "DejaVuSansCondensed-Bold.ttf"}
# Japanese text draws every style in Noto Sans CJK JP (build/make_font.py cuts it to the kana,
# level-1 kanji, full-width forms and the catalogue's characters); it has no serif or condensed
# face, so titles take the bold and the narrow fallback the regular weight.
SCRIPT_FONT_FILES = {
    "latin": dict(FONT_FILES),
    "ja": {"regular": "NotoSansJP-Regular.otf", "bold": "NotoSansJP-Bold.otf",
           "title": "NotoSansJP-Bold.otf", "narrow": "NotoSansJP-Regular.otf"},
}


def set_script(name: str) -> None:
    """Draw text in the faces for `name` ("ja" for Japanese, anything else the Latin faces)."""
    files = SCRIPT_FONT_FILES.get(name, SCRIPT_FONT_FILES["latin"])
    if files != FONT_FILES:
        FONT_FILES.clear()
        FONT_FILES.update(files)
        _font.cache_clear()
        _TEXT_CACHE.clear()
        _LAID.clear()
        _REMEMBERED.clear()


def has_glyphs(string: str, style: str = "regular") -> bool:
    """Whether the current face for `style` has a glyph for every character of `string` (no tofu);
    whitespace counts as drawn. This SDL_ttf gives a missing character the metrics of the
    font's "missing" box rather than None, so a character is missing when it draws exactly that
    box (the one a private-use code point, which no face of ours maps, draws)."""
    f = _font(24, style)

    def drawn(c: str) -> bytes:
        return pygame.image.tobytes(f.render(c, False, (255, 255, 255), (0, 0, 0)), "RGB")
    tofu = drawn("\ue000")
    return all(c.isspace() or drawn(c) != tofu for c in set(string))


def scale_for(size: tuple[int, int]) -> float:
    return max(0.25, min(size[0] / 1280, size[1] / 720))


# The player's text size (Settings; "text_size" in settings.json): a factor on every font and the
# smallest font text may use, so the minimum window (640x360) stays readable. At "normal" 10 px
# fonts draw words like "capacity" about 10 px tall. Text that must fit a box may go below a large
# size's floor, never below READABLE.
TEXT_SIZES = {"normal": (1.0, 10), "large": (1.1, 12), "larger": (1.2, 14)}
READABLE = 10


class TextSize(TypedDict):
    factor: float
    floor: int


_text_size: TextSize = {"factor": 1.0, "floor": 10}


def set_text_size(name: str) -> None:
    factor, floor = TEXT_SIZES.get(name, TEXT_SIZES["normal"])
    if (factor, floor) != (_text_size["factor"], _text_size["floor"]):
        _text_size.update({"factor": factor, "floor": floor})
        _TEXT_CACHE.clear()
        _LAID.clear()
        _REMEMBERED.clear()


def sized(px: float) -> int:
    """The font size text asked for at `px` really gets: the player's factor, never under the
    floor."""
    return max(_text_size["floor"], round(px * _text_size["factor"]))


def font(px: float, style: str = "regular") -> pygame.font.Font:
    return _font(sized(px), style)


def text_width(string: str, size: int, style: str = "regular") -> int:
    """How wide `string` draws at exactly `size` pixels (no text-size factor): whether a label
    shrunk as far as text() may shrink it still fits."""
    return _face(string, size, style).size(string)[0]


def font_for(string: str, px: float, style: str = "regular") -> pygame.font.Font:
    """The face that draws `string`: the language's, or Japanese for a name typed in kana or
    kanji while the app speaks English (the Latin faces have no such glyphs)."""
    return _face(string, sized(px), style)


def _face(string: str, size: int, style: str) -> pygame.font.Font:
    if FONT_FILES["regular"] == SCRIPT_FONT_FILES["latin"]["regular"] \
            and any(ord(c) >= 0x2E80 for c in string):  # CJK, kana, full-width forms
        return _cjk_font(size, style)
    return _font(size, style)


@lru_cache(maxsize=16)
def _cjk_font(size: int, style: str) -> pygame.font.Font:
    try:
        return pygame.font.Font(str(asset("fonts", SCRIPT_FONT_FILES["ja"][style])), size)
    except (OSError, FileNotFoundError):
        return _font(size, style)  # no Japanese face: the Latin one (boxes, never a crash)


@lru_cache(maxsize=64)
def _font(size: int, style: str) -> pygame.font.Font:
    try:
        return pygame.font.Font(str(asset("fonts", FONT_FILES[style])), size)
    except (OSError, FileNotFoundError):
        try:  # a missing Japanese face: the Latin one, not pygame's
            return pygame.font.Font(str(asset("fonts", SCRIPT_FONT_FILES["latin"][style])), size)
        except (OSError, FileNotFoundError):
            pass
        return pygame.font.Font(None, int(size * 1.3))  # pygame's own font, if ours went missing


# The last guard before SDL_ttf, for text no cleaner saw (text from outside the app is cleaned
# where it comes in: game.core.text.clean): it refuses a NUL and a lone surrogate (an exception in the
# middle of a frame) and crashes on a surface millions of pixels wide. One line drawn is at most
# LINE_CHARS characters, a text to wrap at most WRAP_CHARS (the longest of the app's own messages
# is a few hundred).
LINE_CHARS = 1000
WRAP_CHARS = 10_000


def drawable(string: str, limit: int = LINE_CHARS) -> str:
    """`string` as the font can take it: no NUL, no lone surrogate, at most `limit` characters
    (one cut short ends in an ellipsis). Printable text short enough comes back as it is."""
    if len(string) > limit:
        string = string[:limit - 1] + "\u2026"
    if string.isprintable():
        return string
    string = string.replace("\0", "")
    try:
        string.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate (JSON's "\ud800"): not UTF-8 at all
        string = "".join(c for c in string if not 0xD800 <= ord(c) <= 0xDFFF)
    return string


_TEXT_CACHE: OrderedDict = OrderedDict()
TEXT_CACHE_BYTES = 24 << 20  # and at most 800 of them: a heading is 300 KB, and each window size
# draws every label at new sizes (400 resizes kept hundreds of megabytes of old ones)


def _text_bytes(surf: pygame.Surface) -> int:
    return surf.get_width() * surf.get_height() * surf.get_bytesize()


def render(string: str, px: float, colour: Colour = TEXT, style: str = "regular") -> pygame.Surface:
    """Rendered text, cached: the same label is drawn every frame."""
    return _render(string, sized(px), colour, style)


def _render(string: str, size: int, colour: Colour, style: str) -> pygame.Surface:
    string = drawable(string)
    key = (string, size, tuple(colour), style)
    surf = _TEXT_CACHE.get(key)
    if surf is None:
        surf = _face(string, size, style).render(string, True, colour)
        _TEXT_CACHE[key] = surf
        kept = sum(map(_text_bytes, _TEXT_CACHE.values()))
        while len(_TEXT_CACHE) > 1 and (len(_TEXT_CACHE) > 800 or kept > TEXT_CACHE_BYTES):
            kept -= _text_bytes(_TEXT_CACHE.popitem(last=False)[1])
    else:
        _TEXT_CACHE.move_to_end(key)
    return surf


def fit(string: str, px: float, width: float, style: str = "regular") -> str:
    """`string`, cut short with an ellipsis where it is wider than `width` at `px`."""
    return _fit(string, sized(px), width, style)


def _fit(string: str, size: int, width: float, style: str) -> str:
    return _fitted(drawable(string), size, math.floor(width), style, FONT_FILES[style])


@lru_cache(maxsize=1024)
def _fitted(string: str, size: int, width: int, style: str, _face_file: str) -> str:
    """_fit(), remembered: a label cut short is cut the same way every frame (the face's file is
    in the key: Settings may switch it). The longest start that fits with its ellipsis is found
    by halving, a few measures however long the text."""
    f = _face(string, size, style)
    if f.size(string)[0] <= width:
        return string
    low, high = 1, len(string)  # string[:low] is kept (one character at least); [:high] is too wide
    while high - low > 1:
        mid = (low + high) // 2
        if f.size(string[:mid] + "\u2026")[0] <= width:
            low = mid
        else:
            high = mid
    return string[:low].rstrip() + "\u2026"


@dataclass
class DrawnText:
    """One piece of text as drawn, for the fit check: the words asked for, the words shown (cut
    short, or lines left off, when they differ), where they landed, the box they were given (None:
    only the surface) and the part of the surface that shows (its clip)."""
    wanted: str
    shown: str
    rect: pygame.Rect
    box: pygame.Rect | None
    area: pygame.Rect
    surface_size: tuple[int, int]

    @property
    def cut(self) -> bool:
        return self.shown != self.wanted

    @property
    def inside(self) -> bool:
        """Inside the visible part of its surface, and inside its box give or take a pixel up or
        down (a face's letters may sit a pixel off the line's centre where positions round)."""
        return self.area.contains(self.rect) and (self.box is None
                                                  or self.box.inflate(0, 2).contains(self.rect))


_drawn: list[list[DrawnText]] = []


@contextmanager
def noting_texts() -> Iterator[list[DrawnText]]:
    """Collect every text() and paragraph() drawn inside the block (tests/test_fit.py)."""
    _drawn.append([])
    try:
        yield _drawn[-1]
    finally:
        _drawn.pop()


def _note(surface: pygame.Surface, wanted: str, shown: str, ink: RectLike,
          box: pygame.Rect | None) -> None:
    if _drawn:
        _drawn[-1].append(DrawnText(wanted, shown, pygame.Rect(ink), box, surface.get_clip(),
                                    surface.get_size()))


def _ink(surf: pygame.Surface, rect: pygame.Rect) -> pygame.Rect:
    """Where the letters are (a face's line box has room above and below them), only when the
    fit check is listening: it costs a scan of the pixels."""
    return surf.get_bounding_rect().move(rect.topleft) if _drawn else rect


def _text_box(pos: Point, anchor: str, max_width: float | None,
              max_height: float | None) -> pygame.Rect | None:
    """The box text() was told to stay in: max_width / max_height about its anchor point."""
    if not (max_width or max_height):
        return None
    big = 1 << 20
    w, h = int(max_width or 2 * big), int(max_height or 2 * big)
    box = pygame.Rect(0, 0, w + 1, h + 1)  # +1: rounding of the anchor point
    setattr(box, anchor, (int(pos[0]), int(pos[1])))
    if not max_width:
        box.x, box.w = -big, 2 * big
    if not max_height:
        box.y, box.h = -big, 2 * big
    return box


def text(surface: pygame.Surface, string: str, px: float, pos: Point, colour: Colour = TEXT,
         anchor: str = "topleft",
         style: str = "regular", max_width: float | None = None,
         max_height: float | None = None) -> pygame.Rect:
    """Draw text; shrink it to fit max_width (and max_height) rather than let it clip: to the
    player's smallest size, then in the condensed face (bold text), then down to READABLE, then
    (too wide) cut short."""
    key = (string, px, style, max_width, max_height)  # (the colour changes no size)
    laid = _LAID.get(key) if len(string) <= LINE_CHARS else None
    if laid is None:
        laid = _lay_out(string, px, colour, style, max_width, max_height)
        if len(string) <= LINE_CHARS:
            _LAID[key] = laid
            if len(_LAID) > 1000:
                del _LAID[next(iter(_LAID))]
    wanted, shown, size, face = laid
    surf = _render(shown, size, colour, face)  # (every label drawn passes here: its cache)
    rect = surf.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    surface.blit(surf, rect)
    if _drawn:
        _note(surface, wanted, shown, _ink(surf, rect), _text_box(pos, anchor, max_width, max_height))
    return rect


# text()'s layout of a string at a size in a box: the same labels are drawn every frame, and
# finding the size that fits costs more than drawing (emptied with the text cache)
_LAID: dict = {}
Colour = tuple[int, ...]  # RGB or RGBA
L = TypeVar("L")  # what a remembered lay-out gives
_REMEMBERED: dict[tuple[Any, ...], Any] = {}


def remembered(key: tuple[Any, ...], lay_out: Callable[[], L]) -> L:
    """`lay_out()`, kept under `key` until the face or the text size changes: a scene's own search
    for the size that fits, done once for the same words and room instead of every frame. The key
    holds everything else the result depends on (the words themselves, the room)."""
    laid: L | None = _REMEMBERED.get(key)
    if laid is None:
        laid = _REMEMBERED[key] = lay_out()
        if len(_REMEMBERED) > 200:
            del _REMEMBERED[next(iter(_REMEMBERED))]
    return laid


def _lay_out(string: str, px: float, colour: Colour, style: str, max_width: float | None,
             max_height: float | None) -> tuple[str, str, int, str]:
    """(the string as asked, as shown, and the size and face that show it)."""
    string = drawable(string)
    size = sized(px)
    surf = _render(string, size, colour, style)

    def too_big(surf: pygame.Surface) -> bool:
        return bool((max_width and surf.get_width() > max_width)
                    or (max_height and surf.get_height() > max_height))
    if max_width or max_height:
        for limit, face in ((_text_size["floor"], style),
                            (READABLE, "narrow" if style == "bold" else style)):
            if too_big(surf) and face != style:
                style = face
                surf = _render(string, size, colour, style)
            while too_big(surf) and size > limit:
                size = max(limit, min(size - 1, int(size * 0.9)))
                surf = _render(string, size, colour, style)
    shown = string
    if max_width and surf.get_width() > max_width:
        shown = _fit(string, size, max_width, style)
    return string, shown, size, style


_PANELS: dict = {}  # (size, fill, radius, opaque edge, width) -> a translucent panel's layer


def window_resized() -> None:
    """What was drawn for the window's last size goes: each size lays out every label and panel
    anew, and the old ones (hundreds of megabytes after 400 resizes) are not drawn again."""
    _TEXT_CACHE.clear()
    _LAID.clear()
    _PANELS.clear()


def panel(surface: pygame.Surface, rect: RectLike, fill: Colour = PANEL,
          edge: Colour | None = PANEL_EDGE, radius: int = 10, width: int = 2) -> None:
    rect = pygame.Rect(rect)
    if rect.w <= 0 or rect.h <= 0:
        return
    if len(fill) == 4 and fill[3] < 255:
        # an opaque edge goes on the layer too: the same pixels as drawn over it, in one blit
        inked = edge is not None and bool(edge) and (len(edge) == 3 or edge[3] == 255)
        key = (rect.size, tuple(fill), radius, tuple(edge) if edge and inked else None, width)
        layer = _PANELS.get(key)
        if layer is None:  # (the same panels every frame: made once, not per draw)
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, fill, layer.get_rect(), border_radius=radius)
            if edge and inked:
                pygame.draw.rect(layer, edge, layer.get_rect(), width, border_radius=radius)
            if len(_PANELS) >= 200:
                _PANELS.pop(next(iter(_PANELS)))
            _PANELS[key] = layer
        surface.blit(layer, rect.topleft)
        if inked:
            return
    else:
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if edge:
        pygame.draw.rect(surface, edge, rect, width, border_radius=radius)


def dashed_rect(surface: pygame.Surface, colour: Colour, rect: RectLike,
                width: int = 1, dash: int = 4) -> None:
    """A rectangle's outline in dashes: an outline that reads as different from a solid one even
    where colour does not (colour-blind players, greyscale)."""
    rect = pygame.Rect(rect)
    dash = max(2, dash)
    for a, b in (((rect.left, rect.top), (rect.right - 1, rect.top)),
                 ((rect.right - 1, rect.top), (rect.right - 1, rect.bottom - 1)),
                 ((rect.right - 1, rect.bottom - 1), (rect.left, rect.bottom - 1)),
                 ((rect.left, rect.bottom - 1), (rect.left, rect.top))):
        length = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
        dx, dy = (b[0] - a[0]) / max(1, length), (b[1] - a[1]) / max(1, length)
        for start in range(0, length, 2 * dash):
            end = min(length, start + dash)
            pygame.draw.line(surface, colour, (a[0] + dx * start, a[1] + dy * start),
                             (a[0] + dx * end, a[1] + dy * end), width)


def wrap(string: str, px: float, width: float, style: str = "regular") -> list[str]:
    return wrap_sized(string, sized(px), width, style)


def wrap_sized(string: str, size: int, width: float, style: str = "regular") -> list[str]:
    """wrap() at an exact font size (one the caller already made the player's)."""
    return list(_wrapped(drawable(string, WRAP_CHARS), size, style, int(width), FONT_FILES[style]))


@lru_cache(maxsize=1024)
def _wrapped(string: str, size: int, style: str, width: int, _face_file: str) -> tuple[str, ...]:
    """wrap(), remembered: the log and hints wrap the same lines every frame, and Japanese
    measures them a character at a time (the face's file is in the key: Settings may switch)."""
    f: Measure = _Faces(size, style) if _mixed(string) else _face(string, size, style)
    return tuple(_wrap(string, f, width))


def _mixed(string: str) -> bool:
    """Whether `string` draws in two faces, a line at a time: kana or kanji among Latin words
    while the app speaks English (a Japanese command line in the question before starting it)."""
    return FONT_FILES["regular"] == SCRIPT_FONT_FILES["latin"]["regular"] \
        and any(ord(c) >= 0x2E80 for c in string)


class _Faces:
    """Measures each piece of a mixed text in the face that will draw it as a line (render()
    picks the face per line: a Latin line of a text that has kana elsewhere draws wider in the
    Latin face than the Japanese one would)."""

    def __init__(self, size: int, style: str):
        self.px, self.style = size, style

    def size(self, text: str) -> tuple[int, int]:
        return _face(text, self.px, self.style).size(text)


Measure = pygame.font.Font | _Faces


def _wrap(string: str, f: Measure, width: float) -> list[str]:
    lines: list[str] = []
    for para in string.split("\n"):
        rows: list[list[tuple[str, str]]] = [[]]  # each line's (separator, word) pieces
        line = ""
        for sep, word in _words(para, f, width):
            trial = f"{line}{sep}{word}".strip()
            if f.size(trial)[0] <= width or not line:
                line = trial
                rows[-1].append((sep, word))
            else:
                least = min(width * FULL, width - 4 * f.size("\u3042")[0])
                at = _word_end(rows[-1], [(sep, word)], f, least)
                rows.append(rows[-1][at:] + [(sep, word)])
                del rows[-2][at:]
                line = _joined(rows[-1])
        _balance(rows, f, width)
        lines += [_joined(row) for row in rows]
    return lines


BALANCE = 0.25  # a paragraph's last line holds at least this share of the width, where it can
FULL = 0.75  # a line ends early, at the end of a word, if it stays this full (or 4 characters short)


def _between_words(left: str, right: str) -> bool:
    """Whether a line may end between `left` (the line so far) and `right` without cutting a
    Japanese word in two (資｜源, 切り替｜え, ラウン｜ド, 判｜定): at a space or after a mark (、。）),
    before an opening bracket, or where the script changes, but not from a kanji to the kana after
    it (両脇｜に), nor after one kana between kanji unless it is a particle (枚数を｜取る, not
    切り｜替え). Two kanji, two katakana or two hiragana are taken as one word: a rule of thumb,
    with no dictionary."""
    a, b = left[-1:], right[:1]
    if not a or not b or a == " " or b == " " or a in NO_LINE_START or b in NO_LINE_END:
        return True
    sa, sb = _script(a), _script(b)
    if sa == "kana" and sb == "kanji" and len(left) > 1 and _script(left[-2]) == "kanji":
        return a in PARTICLES
    return sa != sb and not (sa == "kanji" and sb == "kana")


PARTICLES = "をはがにでとのもへや"  # one kana after a kanji that ends its phrase, not its word


def _script(c: str) -> str:
    code = ord(c)
    if 0x3041 <= code <= 0x309F:
        return "kana"
    if 0x30A0 <= code <= 0x30FF or c in "ー":
        return "katakana"
    if 0x4E00 <= code <= 0x9FFF or c in "々〆":
        return "kanji"
    return "ascii" if c.isascii() else "other"


def _word_end(row: list[tuple[str, str]], after: list[tuple[str, str]], f: Measure, least: float) -> int:
    """Where the full line `row` ends, `after` coming next: at its last piece unless that would cut
    a Japanese word, then at the last end of a word that leaves the line at least `least` wide
    (else where it was: a word longer than a quarter line still breaks inside)."""
    for at in range(len(row), 0, -1):
        nxt = row[at] if at < len(row) else after[0]
        if nxt[0] or _between_words(_joined(row[:at]), nxt[1]):
            return at
        if f.size(_joined(row[:at - 1]))[0] < least:
            break
    return len(row)


def _joined(row: list[tuple[str, str]]) -> str:
    return "".join(sep + word for sep, word in row).strip()


def _balance(rows: list[list[tuple[str, str]]], f: Measure, width: float) -> None:
    """No orphan on a Japanese paragraph's last line (a lone 「す。」): where the last two lines
    broke inside a run of Japanese (no space between them), pieces move down from the line above
    until the last holds a fair share of the width (four characters at least), or half of the two
    lines. Then on to the end of a word (_between_words) while the line above stays the longer:
    the lines break where the words do, not in 資｜源."""
    if len(rows) < 2 or not rows[-1] or rows[-1][0][0]:
        return  # one line, or the break is at a space: nothing dangles
    above, last = rows[-2], rows[-1]
    total = f.size(_joined(above))[0] + f.size(_joined(last))[0]
    target = min(max(width * BALANCE, 4 * f.size("\u3042")[0]), total / 2)  # 4 characters at least
    while len(above) > 1 and not above[-1][0] and f.size(_joined(last))[0] < target:
        moved = [above[-1]] + last
        if f.size(_joined(moved))[0] > width:
            break
        above.pop()
        last[:] = moved
    fair = len(above)
    while (len(above) > 1 and not above[-1][0] and not _between_words(_joined(above), last[0][1])
           and f.size(_joined(above[:-1]))[0] >= f.size(_joined([above[-1]] + last))[0]):
        last.insert(0, above.pop())  # (the line above stays the longer: the last one fits)
    if not _between_words(_joined(above), last[0][1]) and len(above) < fair:  # no word's end in reach
        back = fair - len(above)
        above += last[:back]
        del last[:back]


def _words(para: str, f: Measure, width: float) -> list[tuple[str, str]]:
    """(separator, word) pairs to fill lines with: words between spaces; a word too wide that is
    not plain ASCII (Japanese has no spaces) breaks between its characters (_units). A piece
    a little too wide stays whole (the caller's text() shrinks it); a long one (a path or command
    line, not a kinsoku unit such as 「（41 < 43）。」) more than twice as wide as a line breaks
    where each line is full (_pieces)."""
    out = []
    for word in para.split(" "):
        wide = f.size(word)[0]
        if wide <= width or (word.isascii() and wide <= 2 * width):
            out.append((" ", word))
            continue
        units = [word] if word.isascii() else _units(word)
        parts = [piece for unit in units
                 for piece in (_pieces(unit, f, width) if len(unit) > LONG_UNIT
                               and f.size(unit)[0] > 2 * width else [unit])]
        out += [(" " if i == 0 else "", part) for i, part in enumerate(parts)]
    return out


LONG_UNIT = 32  # characters: longer than any unit kinsoku keeps together


def _pieces(unit: str, f: Measure, width: float) -> list[str]:
    """`unit` as it is where it fits a line, else in the longest pieces that do (at least a
    character each). Each is found by halving among no more characters than the line has pixels
    (a character draws a pixel wide at least, but for marks that combine with the one before), so
    a unit of thousands costs a few short measures a line."""
    pieces = []
    while len(unit) > 1:
        low, high = 1, min(len(unit), int(width) + 2)  # unit[:low] fits (or is one character)
        if f.size(unit[:high])[0] <= width:
            if high == len(unit):
                break  # the rest fits
            low = high
        while high - low > 1:
            mid = (low + high) // 2
            if f.size(unit[:mid])[0] <= width:
                low = mid
            else:
                high = mid
        pieces.append(unit[:low])
        unit = unit[low:]
    return pieces + [unit]


def _units(word: str) -> list[str]:
    """A word without spaces in the pieces a line may end between (kinsoku): any two characters,
    except that 。、） and the like stay with what they close, 「（ with what they open, a run of
    ASCII (14, CPU, Ctrl+Z) stays whole and so does a range (1～4); a number keeps its counter
    word's first character (3回, 12点); a no-break space joins what is on either side of it
    (「41\u00a0<\u00a043」)."""
    units: list[str] = []
    for c in word:
        if units and (units[-1][-1] in NO_LINE_END or c in NO_LINE_START
                      or NO_BREAK in (c, units[-1][-1])
                      or (c.isascii() and units[-1][-1].isascii())
                      or units[-1][-1] in "0123456789"):
            units[-1] += c
        else:
            units.append(c)
    return units


NO_LINE_START = "、。，．・：；？！）」』】〉》…ー々ぁぃぅぇぉっゃゅょァィゥェォッャュョ～〜"
NO_LINE_END = "（「『【〈《\u201c\u2018～〜"  # the wave dashes in both: a range stays on one line
NO_BREAK = "\u00a0"  # a no-break space: the catalogue's 「（41\u00a0<\u00a043）」 stays on one line


def _line_step(f: pygame.font.Font, px: float, size: int) -> float:
    """paragraph()'s line spacing: the caller's (1.3 of its size), never closer than the font's
    own height allows."""
    return max(f.get_height() - 2, px * 1.3 * size / sized(px))


def paragraph_height(string: str, px: float, width: float, style: str = "regular") -> int:
    """The height paragraph() needs to draw all of `string` in `width` at the player's size."""
    size = sized(px)
    f = _font(size, style)
    lines = _wrapped(drawable(string, WRAP_CHARS), size, style, int(width), FONT_FILES[style])
    return math.ceil(_line_step(f, px, size) * (len(lines) - 1) + f.get_height() - 2)


def _paragraph_lines(string: str, px: float, box: pygame.Rect,
                     style: str) -> tuple[list[str], int, float, int]:
    """How paragraph() lays `string` into `box`: (lines, size, line step, lines that fit)."""
    size = sized(px)
    while True:
        f = _font(size, style)
        step = _line_step(f, px, size)
        lines = list(_wrapped(drawable(string, WRAP_CHARS), size, style, box.w, FONT_FILES[style]))
        fits = max(1, int((box.h + 2 - f.get_height()) // step) + 1)  # lines whose box fits
        if len(lines) <= fits or size <= READABLE:
            return lines, size, step, fits
        size = max(READABLE, min(size - 1, int(size * 0.92)))


def paragraph_fits(string: str, px: float, box: RectLike, style: str = "regular") -> bool:
    """Whether paragraph() would draw all of `string` in `box` (else a shorter text may do)."""
    lines, _size, _step, fits = _paragraph_lines(string, px, pygame.Rect(box), style)
    return len(lines) <= fits and pygame.Rect(box).h > 0


def paragraph(surface: pygame.Surface, string: str, px: float, box: RectLike,
              colour: Colour = TEXT, style: str = "regular",
              anchor: str = "topleft") -> pygame.Rect:
    """`string` wrapped into `box` (anchor "topleft" or "midtop" per line): at the player's text
    size where the lines fit its height, smaller (never under READABLE) where not; lines that still
    do not fit are left off, the last one kept ending in an ellipsis. The rect drawn over."""
    box = pygame.Rect(box)
    string = drawable(string, WRAP_CHARS)
    lines, size, step, keep = _paragraph_lines(string, px, box, style)
    shown = string if len(lines) <= keep else ""
    if len(lines) > keep:
        lines = lines[:keep]
        lines[-1] = _fit(lines[-1] + " \u2026", size, box.w, style)
    drawn = pygame.Rect(box.x, box.y, 0, 0)
    ink = pygame.Rect(drawn)
    y: float = box.y
    for line in lines:
        surf = _render(line, size, colour, style)
        x = box.x if anchor == "topleft" else box.centerx
        rect = surf.get_rect(**{anchor: (int(x), int(y))})
        surface.blit(surf, rect)
        drawn = drawn.union(rect) if drawn.w else rect
        ink = ink.union(_ink(surf, rect)) if ink.w else _ink(surf, rect)
        y += step
    _note(surface, string, shown, ink, box.inflate(2, 2))
    return drawn


class Widget:
    focusable = True

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hover = False
        self.focused = False
        self.enabled = True

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was this widget's."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
              and self.enabled and self.rect.collidepoint(event.pos)):
            self.click(event.pos)
            return True
        return False

    def click(self, pos: tuple[int, int]) -> None:
        self.activate()

    def activate(self) -> None:
        pass

    def adjust(self, step: int) -> None:
        pass

    def key(self, event: pygame.event.Event) -> bool:
        """A key while focused; True if used."""
        return False

    def draw(self, surface: pygame.Surface, s: float) -> None:
        pass


class Button(Widget):
    def __init__(self, label: str, action: Callable[..., object], hotkey: str = "") -> None:
        super().__init__()
        self.label, self.action, self.hotkey = label, action, hotkey

    def activate(self) -> None:
        if self.enabled:
            self.action()

    def draw(self, surface: pygame.Surface, s: float) -> None:
        if self.rect.w <= 0:
            return
        lit = (self.hover or self.focused) and self.enabled
        fill = (86, 64, 44) if lit else (58, 46, 40)
        edge = HILITE if self.focused else (BRASS if self.enabled else (90, 84, 80))
        panel(surface, self.rect, fill + (240,), edge, radius=int(8 * s) + 2,
              width=max(1, int(2 * s)))
        colour = TEXT if self.enabled else (120, 112, 104)
        # looked up as drawn: a label marked N_("Menu") follows a language switched in Settings
        text(surface, _(self.label), int(self.rect.h * 0.42), self.rect.center, colour, "center",
             "bold", max_width=self.rect.w - 8 * s)


class Choice(Widget):
    """A value picked from options: click or Left/Right cycles it. A scale (`wraps` False, e.g.
    the volume) stops at its ends instead: Right at the top stays there."""

    def __init__(self, label: str, options: list[Any], index: int = 0,
                 on_change: Callable[[Any], object] | None = None,
                 show: Callable[[Any], str] = str, wraps: bool = True,
                 caption: bool = False) -> None:
        super().__init__()
        self.label, self.options, self.index = label, options, index
        self.on_change, self.show, self.wraps = on_change, show, wraps
        self.caption = caption  # where the label does not fit beside the value: above the box

    @property
    def value(self) -> Any:
        return self.options[self.index]

    def set(self, value: Any) -> None:
        self.index = self.options.index(value)

    def click(self, pos: tuple[int, int]) -> None:
        self.adjust(-1 if pos[0] < self.rect.x + self.rect.w * 0.3 else 1)

    def activate(self) -> None:
        self.adjust(1)

    def adjust(self, step: int) -> None:
        if self.wraps:
            self.index = (self.index + step) % len(self.options)
        elif 0 <= self.index + step < len(self.options):
            self.index += step
        else:
            return  # at its end: nothing changes
        if self.on_change:
            self.on_change(self.value)

    def draw(self, surface: pygame.Surface, s: float) -> None:
        lit = self.hover or self.focused
        panel(surface, self.rect, ((70, 56, 46) if lit else (50, 42, 38)) + (235,),
              HILITE if self.focused else BRASS_DARK, radius=int(6 * s) + 1, width=max(1, int(2 * s)))
        px = int(self.rect.h * 0.45)
        ends = (self.index == 0, self.index == len(self.options) - 1) if not self.wraps else (False, False)
        spent = (90, 84, 80)  # a scale's arrow at its end: nothing further that way
        text(surface, "\u25c2", px, (self.rect.x + 8 * s, self.rect.centery), spent if ends[0] else MUTED,
             "midleft")
        text(surface, "\u25b8", px, (self.rect.right - 8 * s, self.rect.centery), spent if ends[1] else MUTED,
             "midright")
        value = self.show(self.value)
        label = _("{label}: {value}").format(label=_(self.label), value=value) if self.label else value
        arrow = font(px).size("\u25c2")[0] + 12 * s  # clear of both arrows at any text size
        room = self.rect.w - 2 * arrow - 4 * s
        if label != value and _font(READABLE, "narrow").size(label)[0] > room:
            label = value  # even the smallest face would cut it: the value alone, whole
            if self.caption:  # 「自分の手」 alone says nothing: 「待った」 above it
                text(surface, _(self.label), int(px * 0.8), (self.rect.centerx, self.rect.y - 2 * s),
                     MUTED, "midbottom", "bold", max_width=self.rect.w)
        text(surface, label, px, self.rect.center, TEXT, "center", "bold", max_width=room)


class Toggle(Widget):
    def __init__(self, label: str, value: bool = False,
                 on_change: Callable[[bool], object] | None = None,
                 shorter: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.label, self.value, self.on_change = label, value, on_change
        self.shorter = shorter  # shorter labels, tried in turn where the label does not fit

    def activate(self) -> None:
        self.value = not self.value
        if self.on_change:
            self.on_change(self.value)

    def adjust(self, step: int) -> None:
        self.activate()

    def draw(self, surface: pygame.Surface, s: float) -> None:
        box = pygame.Rect(self.rect.x, self.rect.y, self.rect.h, self.rect.h).inflate(-6 * s, -6 * s)
        pygame.draw.rect(surface, (50, 42, 38), box, border_radius=4)
        pygame.draw.rect(surface, HILITE if self.focused else BRASS, box, max(1, int(2 * s)),
                         border_radius=4)
        if self.value:
            pygame.draw.lines(surface, GOOD, False, [
                (box.x + box.w * 0.2, box.y + box.h * 0.55), (box.x + box.w * 0.42, box.bottom - box.h * 0.2),
                (box.right - box.w * 0.18, box.y + box.h * 0.22)], max(2, int(3 * s)))
        colour = HILITE if (self.hover or self.focused) else TEXT
        px, room = int(self.rect.h * 0.5), self.rect.right - box.right - 12 * s
        words = [_(t) for t in (self.label,) + tuple(self.shorter)]  # looked up as drawn
        label = next((t for t in words if font(px).size(t)[0] <= room), words[-1])
        text(surface, label, px, (box.right + 10 * s, self.rect.centery), colour, "midleft",
             max_width=room)


def clipboard_text() -> str:
    """The text on the system's clipboard ("" when there is none, or no clipboard at all: SDL's
    SDL_GetClipboardText through pygame-ce's scrap.get_text, which needs no scrap.init)."""
    try:
        return str(pygame.scrap.get_text() or "")
    except (pygame.error, AttributeError, UnicodeError):  # no video, an old pygame, bad bytes
        return ""


def put_clipboard(string: str) -> None:
    """`string` onto the system's clipboard (nothing happens where there is none)."""
    try:
        pygame.scrap.put_text(string)
    except (pygame.error, AttributeError, UnicodeError):
        pass


def command_key(event: pygame.event.Event, key: int) -> bool:
    """Ctrl+key (Cmd+key on macOS; either works anywhere), not with Alt (AltGr types)."""
    mod = getattr(event, "mod", 0)
    return event.key == key and bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META)) \
        and not mod & pygame.KMOD_ALT


def is_paste(event: pygame.event.Event) -> bool:
    """Ctrl+V (Cmd+V on macOS; either works anywhere) or Shift+Insert: paste. Not with Alt:
    AltGr is Ctrl+Alt on Windows and may type a character of its own."""
    mod = getattr(event, "mod", 0)
    if mod & pygame.KMOD_ALT:
        return False
    if event.key == pygame.K_v:
        return bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
    return event.key == pygame.K_INSERT and bool(mod & pygame.KMOD_SHIFT)


class TextField(Widget):
    """One line of text with a caret: typing inserts at the caret, Left/Right/Home/End move it
    (with Shift they select), Backspace/Delete remove the character before/after it, a click puts
    it there, Ctrl+A (Cmd+A) selects everything, Ctrl+C / Ctrl+X copy / cut the selection and
    Ctrl+V pastes the clipboard's text; what is typed or pasted replaces the selection. A disabled
    field may show `standin` (e.g. Today's deal's seed) instead of its value.

    Text arrives as TEXTINPUT, not as KEYDOWN's unicode, so an input method (Japanese kana-kanji
    conversion) works: while the player composes, TEXTEDITING carries the unfinished text, drawn
    underlined at the caret with the IME's candidate window placed under it, and the keys belong
    to the IME (Backspace, arrows and Enter edit the composition, not the name)."""

    def __init__(self, label: str, value: str = "", max_len: int = 16,
                 allowed: str | None = None,
                 on_change: Callable[[str], object] | None = None) -> None:
        super().__init__()
        self.label, self.max_len = label, max_len
        self.allowed, self.on_change = allowed, on_change
        self.value = value  # the caret starts at the end
        self.standin: str | None = None
        self.blink_from = 0  # the caret shows steadily for a moment after each key
        self.scroll_x = 0  # a text wider than the field scrolls so the caret stays in view
        self.pad = 8.0  # the text's inset, scaled with the window when drawn
        self.composition = ""  # the IME's unfinished text (TEXTEDITING), not yet part of the value
        self.composition_caret = 0

    @property
    def value(self) -> str:
        return self._value

    @value.setter
    def value(self, value: str) -> None:
        self._value = value
        self.caret = len(value)
        self.anchor: int | None = None  # the other end of the selection (None: nothing selected)

    def selection(self) -> tuple[int, int] | None:
        """(start, end) of the selected text, or None."""
        at = min(self.caret, len(self._value))
        if self.anchor is None or self.anchor == at:
            return None
        return min(self.anchor, at), max(self.anchor, at)

    def _cut(self) -> bool:
        """The selection removed (the caret where it was); False when nothing was selected."""
        chosen = self.selection()
        self.anchor = None
        if chosen is None:
            return False
        old = self._value
        self._value = old[:chosen[0]] + old[chosen[1]:]
        self._changed(old, chosen[0])
        return True

    def key(self, event: pygame.event.Event) -> bool:
        if self.composition:
            return True  # the input method is composing: its keys edit the composition
        old, at = self._value, min(self.caret, len(self._value))
        k = event.key
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        chosen = self.selection()
        if command_key(event, pygame.K_a):
            self.anchor, self.caret = 0, len(old)
            return True
        if command_key(event, pygame.K_c) or command_key(event, pygame.K_x):
            if chosen is not None:
                put_clipboard(old[chosen[0]:chosen[1]])
                if k == pygame.K_x:
                    self._cut()
            return True
        if k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            if shift and self.anchor is None:
                self.anchor = at
            if k in (pygame.K_HOME, pygame.K_END):
                at = 0 if k == pygame.K_HOME else len(old)
            elif chosen is not None and not shift:  # an arrow leaves a selection at its end
                at = chosen[0] if k == pygame.K_LEFT else chosen[1]
            else:
                at = max(0, min(len(old), at + (1 if k == pygame.K_RIGHT else -1)))
            if not shift:
                self.anchor = None
        elif k in (pygame.K_BACKSPACE, pygame.K_DELETE) and chosen is not None:
            self._cut()
            return True
        elif k == pygame.K_BACKSPACE:
            if at:
                self._value, at = old[:at - 1] + old[at:], at - 1
        elif k == pygame.K_DELETE:
            self._value = old[:at] + old[at + 1:]
        elif is_paste(event):
            self.insert(self.cleaned(clipboard_text(), pasted=True))
            return True
        elif event.unicode and event.unicode.isprintable():
            return True  # the character itself comes as TEXTINPUT
        else:
            return False
        self._changed(old, at)
        return True

    def text_event(self, event: pygame.event.Event) -> bool:
        """TEXTINPUT (typed or converted text) and TEXTEDITING (the IME's composition)."""
        if event.type == pygame.TEXTEDITING:
            self.composition = str(getattr(event, "text", ""))[:64]
            start = getattr(event, "start", len(self.composition))
            self.composition_caret = max(0, min(len(self.composition),
                                                start if isinstance(start, int) else 0))
            self.blink_from = pygame.time.get_ticks()
            return True
        self.composition = ""
        self.insert(self.cleaned(str(getattr(event, "text", ""))))
        return True

    def cleaned(self, string: str, pasted: bool = False) -> str:
        """What of `string` the field takes: printable characters of its `allowed` ones (a
        full-width digit counts as its digit there: a seed copied from Japanese text). Pasted
        text becomes one line: its lines, each trimmed, joined by a space (a tab is a space)."""
        if pasted:
            string = " ".join(line.strip() for line in string.replace("\t", " ").splitlines()
                              if line.strip())
        out = []
        for c in string:
            if self.allowed and c not in self.allowed:
                c = unicodedata.normalize("NFKC", c)
            if len(c) == 1 and c.isprintable() and (not self.allowed or c in self.allowed):
                out.append(c)
        return "".join(out)

    def insert(self, string: str) -> None:
        """`string` in at the caret (over the selection), as much of it as the field's length cap
        leaves room for."""
        if string:
            self._cut()
        old, at = self._value, min(self.caret, len(self._value))
        string = string[:max(0, self.max_len - len(old))]  # a full field takes nothing more
        if string:
            self._value, at = old[:at] + string + old[at:], at + len(string)
            self._changed(old, at)

    def _changed(self, old: str, at: int) -> None:
        self.caret = at
        self.blink_from = pygame.time.get_ticks()
        if self.on_change and self._value != old:
            self.on_change(self._value)

    def _fit(self, string: str) -> tuple[int, float]:
        """The text size to draw `string` at (shrunk a little for a long name) and its room."""
        room = self.rect.w - 2 * self.pad
        px = int(self.rect.h * 0.48)
        floor = max(8, int(px * 0.7))
        while px > floor and font_for(string, px).size(string)[0] > room:
            px = max(floor, int(px * 0.9))
        return px, room

    def click(self, pos: tuple[int, int]) -> None:
        """Put the caret at the character boundary nearest the click."""
        px, _room = self._fit(self._value)
        f = font_for(self._value, px)
        x = pos[0] - (self.rect.x + self.pad) + self.scroll_x
        widths = [f.size(self._value[:i])[0] for i in range(len(self._value) + 1)]
        self.caret = min(range(len(widths)), key=lambda i: abs(widths[i] - x))
        self.anchor = None
        self.blink_from = pygame.time.get_ticks()

    def draw(self, surface: pygame.Surface, s: float) -> None:
        panel(surface, self.rect, (30, 26, 26, 240), HILITE if self.focused else BRASS_DARK,
              radius=int(5 * s) + 1, width=max(1, int(2 * s)))
        self.pad = 8 * s
        if not self.enabled and self.standin is not None:
            text(surface, self.standin, int(self.rect.h * 0.48), (self.rect.x + 8 * s, self.rect.centery),
                 MUTED, "midleft", max_width=self.rect.w - 16 * s)
            return
        at = min(self.caret, len(self._value))
        typing = self._value[:at] + self.composition + self._value[at:]
        shown = typing or self.label
        colour = TEXT if typing else MUTED
        px, room = self._fit(shown)
        f = font_for(shown, px)
        caret_x = f.size(typing[:at + self.composition_caret])[0]
        width = f.size(shown)[0]
        if width <= room:
            self.scroll_x = 0
        else:  # keep the caret inside the field
            self.scroll_x = max(0, min(self.scroll_x, caret_x), caret_x - int(room) + 2)
            self.scroll_x = min(self.scroll_x, width - int(room) + 2)
        x0 = self.rect.x + self.pad - self.scroll_x
        inner = self.rect.inflate(-int(8 * s), -2)
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        surf = render(shown, px, colour)
        chosen = self.selection() if typing and not self.composition else None
        if chosen is not None:  # the selected text on a lit band
            left, right = (x0 + f.size(typing[:i])[0] for i in chosen)
            band = pygame.Rect(int(left), self.rect.y + int(6 * s), max(1, int(right - left)),
                               self.rect.h - int(12 * s))
            pygame.draw.rect(surface, BRASS_DARK, band)
        surface.blit(surf, surf.get_rect(midleft=(int(x0), self.rect.centery)))
        line_w = max(2, int(2 * s))
        if self.composition:  # underlined where it will go in, as input methods show it
            left = x0 + f.size(typing[:at])[0]
            right = x0 + f.size(typing[:at + len(self.composition)])[0]
            y = self.rect.centery + surf.get_height() // 2
            pygame.draw.line(surface, HILITE, (int(left), y), (int(right), y), line_w)
        if self.focused and ((pygame.time.get_ticks() - self.blink_from) // 530) % 2 == 0:
            x = int(x0 + (caret_x if typing else 0))
            pygame.draw.line(surface, HILITE, (x, self.rect.y + 7 * s), (x, self.rect.bottom - 7 * s),
                             line_w)
        if self.focused:  # the IME's candidate window opens under the caret
            pygame.key.set_text_input_rect(pygame.Rect(int(x0 + caret_x), self.rect.y, 1, self.rect.h))
        surface.set_clip(clip)


W = TypeVar("W", bound=Widget)


class FocusRing(Generic[W]):
    """Keyboard focus over a list of widgets: Tab / Shift+Tab / Up / Down move, Enter activates,
    Left / Right adjust, letters go to a focused text field."""

    def __init__(self, widgets: list[W]):
        self.widgets = widgets
        self.index = -1

    @property
    def current(self) -> W | None:
        return self.widgets[self.index] if 0 <= self.index < len(self.widgets) else None

    def move(self, step: int) -> None:
        live = [i for i, w in enumerate(self.widgets) if w.focusable and w.enabled]
        if not live:
            return
        if self.index not in live:
            self.index = live[0] if step > 0 else live[-1]
        else:
            self.index = live[(live.index(self.index) + step) % len(live)]
        self.focus(self.index)

    def focus(self, index: int) -> None:
        self.index = index
        for i, w in enumerate(self.widgets):
            w.focused = i == index
            if not w.focused and isinstance(w, TextField):
                w.composition = ""  # leaving a field drops what was being composed in it

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, w in enumerate(self.widgets):
                if w.rect.collidepoint(event.pos) and w.enabled:
                    self.focus(i)
                    break
        for w in self.widgets:
            if w.handle(event):
                return True
        cur = self.current
        if event.type in (pygame.TEXTINPUT, pygame.TEXTEDITING):
            return isinstance(cur, TextField) and cur.enabled and cur.text_event(event)
        if event.type != pygame.KEYDOWN:
            return False
        if cur is not None and isinstance(cur, TextField) and cur.key(event):
            return True
        if event.key == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif event.key in (pygame.K_DOWN,):
            self.move(1)
        elif event.key in (pygame.K_UP,):
            self.move(-1)
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and cur is not None:
            cur.adjust(-1 if event.key == pygame.K_LEFT else 1)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and cur is not None:
            cur.activate()
        else:
            return False
        return True

    def draw(self, surface: pygame.Surface, s: float) -> None:
        for w in self.widgets:
            w.draw(surface, s)
