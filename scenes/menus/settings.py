"""The settings overlay (title screen and pause menu): language, sound and its volume, text size,
animation speed, how long bots think, magnify on hover, full screen. Every change is saved to
settings.json at once; a new language shows at once (every scene looks its words up as it draws)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

import pygame

from game.core import i18n
from game.services import settings as schema
from game.core.i18n import _, N_

from scenes.widgets import ui
from scenes.app.stack import Scene
from scenes.menus.pause import dialog_frame
from scenes.table.bots import DEFAULT_THINK
from scenes.widgets.decor import menu_event

if TYPE_CHECKING:
    from scenes.app.window import App

SPEEDS = {1.0: N_("normal"), 1.5: N_("fast"), 2.5: N_("very fast")}
VOLUMES = list(range(0, 101, 10))
TEXT_SIZES = {"normal": N_("normal"), "large": N_("large"), "larger": N_("larger")}
# each language named in the words on screen: the Latin face has no kanji for "日本語" (in Japanese
# it reads 日本語, in English "Japanese")
LANGUAGE_WORDS = {"en": N_("English"), "ja": N_("Japanese")}
THINK = {0.3: N_("{seconds} s (quick)"), DEFAULT_THINK: N_("{seconds} s (standard)"),
         2.0: N_("{seconds} s (deeper)")}


def game_speed(settings: dict) -> float:
    """The animation speed the player chose (a factor on game time), 1.0 when unset or odd."""
    return schema.read(settings, "speed")


def text_size(settings: dict) -> str:
    """The text size the player chose, "normal" when unset or odd."""
    return schema.read(settings, "text_size")


def _pick(options: Iterable[object], value: object, default: object) -> int:
    options = list(options)  # a list compares with ==: an odd (unhashable) value is just absent
    return options.index(value if value in options and not isinstance(value, bool) else default)


def language(settings: dict) -> str:
    """The language the player chose in Settings, else the system's (the first start's)."""
    return schema.read(settings, "language") or i18n.system_language()


def use_language(lang: str) -> None:
    """Words, the font that can draw them (ui.set_script) and the window's title."""
    i18n.set_language(lang)
    ui.set_script(lang)
    if pygame.display.get_init():
        pygame.display.set_caption(_("Alice Assemble"))


class SettingsOverlay(Scene):
    name = "settings"
    opaque = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        st = app.settings
        on_off = lambda v: _("on") if v else _("off")  # noqa: E731
        self.language = ui.Choice(N_("Language"), list(i18n.LANGUAGES),
                                  _pick(i18n.LANGUAGES, i18n.language(), "en"),
                                  on_change=self._language, show=lambda v: _(LANGUAGE_WORDS[v]))
        self.sound = ui.Choice(N_("Sound"), [True, False], 0 if app.sound.on else 1,
                               on_change=app.sound.set_on, show=on_off)
        volume = min(VOLUMES, key=lambda v: abs(v - app.sound.volume))  # 55 in the file: 50 or 60
        self.volume = ui.Choice(N_("Volume"), VOLUMES, VOLUMES.index(volume),
                                on_change=app.sound.set_volume, show=lambda v: f"{v}%",
                                wraps=False)  # Right at 100% stays at 100%
        self.text_size = ui.Choice(N_("Text size"), list(TEXT_SIZES),
                                   _pick(TEXT_SIZES, text_size(st), "normal"),
                                   on_change=self._text_size, show=lambda v: _(TEXT_SIZES[v]))
        self.speed = ui.Choice(N_("Animations"), list(SPEEDS), _pick(SPEEDS, game_speed(st), 1.0),
                               on_change=lambda v: self._set("speed", v),
                               show=lambda v: _(SPEEDS[v]))
        self.think = ui.Choice(N_("Bots think"), list(THINK), _pick(THINK, st.get("think"), DEFAULT_THINK),
                               on_change=lambda v: self._set("think", v),
                               show=lambda v: _(THINK[v]).format(seconds=f"{v:g}"))
        self.magnify = ui.Choice(N_("Magnify a card on hover"), [True, False],
                                 0 if st.get("hover_magnify", True) else 1,
                                 on_change=lambda v: self._set("hover_magnify", v), show=on_off)
        self.full = ui.Choice(N_("Full screen"), [False, True], 1 if self._fullscreen() else 0,
                              on_change=self._full, show=on_off)
        # (kept when the overlay closes; read at each new game of a game with designers' tools)
        self.content = ui.TextField(N_("Designer content"), st.get("content_folder") or "",
                                    max_len=schema.FOLDER_LEN)
        self.close_b = ui.Button(N_("Close"), self.dismiss)
        self.choices: list[ui.Choice | ui.TextField] = [self.language, self.sound, self.volume, self.text_size, self.speed, self.think, self.magnify,
                        self.full, self.content]
        self.words: dict[ui.Choice | ui.TextField | ui.Button, str] = {
            w: w.label for w in [*self.choices, self.close_b]}  # English; drawn translated
        self.ring: ui.FocusRing[ui.Widget] = ui.FocusRing([*self.choices, self.close_b])
        self.ring.move(1)
        self.s = 1.0
        self.panel = pygame.Rect(0, 0, 0, 0)

    def dismiss(self) -> None:
        folder = self.content.value.strip()
        if folder != (self.app.settings.get("content_folder") or ""):
            self._set("content_folder", folder)
        self.app.stack.pop()

    def _set(self, key: str, value: object) -> None:
        self.app.settings[key] = value
        self.app.save_settings()

    def _text_size(self, value: str) -> None:
        self._set("text_size", value)
        ui.set_text_size(value)
        self.app.resized()  # every scene lays out again around the new text

    def _language(self, lang: str) -> None:
        self._set("language", lang)
        use_language(lang)
        self.app.resized()  # words of another length: every scene lays out again

    def _fullscreen(self) -> bool:
        surface = pygame.display.get_surface()
        return bool(surface and surface.get_flags() & pygame.FULLSCREEN)

    def _full(self, on: bool) -> None:
        self.app.set_fullscreen(on)
        self.full.set(self._fullscreen())  # what the window really did

    def resize(self, size: tuple[int, int]) -> None:
        s = self.s = ui.scale_for(size)
        P = self.panel = pygame.Rect(0, 0, min(int(560 * s), size[0] - int(16 * s)),
                                     min(int(665 * s), size[1] - int(8 * s)))
        P.center = (size[0] // 2, size[1] // 2)
        w, h = P.w - int(80 * s), int(46 * s)
        y = P.y + int(108 * s)
        for choice in self.choices:
            choice.rect = pygame.Rect(P.centerx - w // 2, y, w, h)
            y += h + int(5 * s)
        label_w = int(w * 0.42)  # the folder's label at its left (a field shows none once filled)
        self.content.rect = self.content.rect.inflate(-label_w, 0).move(label_w // 2, 0)
        self.close_b.rect = pygame.Rect(P.centerx - int(100 * s), y + int(8 * s), int(200 * s), h)

    def handle(self, event: pygame.event.Event) -> None:
        menu_event(self.ring, event, self.dismiss)

    def draw(self, surface: pygame.Surface) -> None:
        s, P = self.s, self.panel
        self.sound.index = 0 if self.app.sound.on else 1  # S may have switched it meanwhile
        for w, word in self.words.items():
            w.label = _(word)
        dialog_frame(surface, P, s, _("Settings"), int(40 * s), 46, 84)
        self.ring.draw(surface, s)
        field = self.content.rect
        ui.text(surface, _("Designer content"), int(17 * s),
                (P.x + int(40 * s), field.centery), ui.TEXT, "midleft",
                max_width=field.x - P.x - int(48 * s))
        note = _("Bot thinking time applies from the next game.")
        ui.text(surface, note, int(14 * s), (P.centerx, P.bottom - 14 * s), ui.MUTED,
                "midbottom", max_width=P.w - 40 * s)
