"""The title screen: the game's name, a fan of doll cards and the main menu.

Continue (shown while any game is in progress) opens the list of games in progress
(scenes/menus/saved.py). What opening the player's data and loading the settings had to say is
shown here once."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable

import pygame

from game.core import registry
from game.core.i18n import _, N_, ngettext
from game.core.text import WHOLE, shorten
from game.storage import StoreError

from scenes.widgets import ui
from scenes.widgets.decor import (
    PrimaryButton, backdrop, heading, menu_event, ornament, shadowed, vignette)
from scenes.app.stack import Scene
from scenes.menus.pause import dialog_frame

if TYPE_CHECKING:
    from scenes.app.window import App

FAN_CARDS = (9, 22, 27, 13, 5)  # doll indices shown in the fan, left to right
FAN_ANGLES = (-18, -9, 0, 9, 18)


# ---------------------------------------------------------------- the scene

class MenuButton(PrimaryButton):
    """A title button: brass (lit) exactly while it has the focus, the one Enter presses; the
    pointer moves the focus (decor.focus_on_hover), so it lights what it points at."""

    def draw(self, surface: pygame.Surface, s: float) -> None:
        if self.focused and self.enabled:
            super().draw(surface, s)
            return
        hover, self.hover = self.hover, False  # a hover the focus left behind lights nothing
        ui.Button.draw(self, surface, s)
        self.hover = hover


class TitleScene(Scene):
    name = "title"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.new_game = MenuButton(N_("New game"), self.start_new)
        self.cont = MenuButton(N_("Continue"), lambda: self.app.stack.push(self.app.make("continue")))
        self.learn = MenuButton(N_("Learn to play"), lambda: self.app.stack.push(self.app.make("lessons")))
        self.history = MenuButton(N_("History"), lambda: self.app.stack.push(self.app.make("history")))
        self.rules = MenuButton(N_("Rules"), self.show_rules)
        self.settings = MenuButton(N_("Settings"), lambda: self.app.stack.push(self.app.make("settings")))
        self.quit = MenuButton(N_("Quit"), self.app.quit)
        self.buttons = [self.cont, self.new_game, self.learn, self.history, self.rules, self.settings,
                        self.quit]
        self.words = {b: b.label for b in self.buttons}  # English; drawn in the player's language
        self.ring = ui.FocusRing(self.buttons)
        self.size = (1280, 720)
        self.s = 1.0
        self.bg: pygame.Surface | None = None
        self.fan: list[tuple[pygame.Surface, pygame.Rect]] = []
        self.t = 0.0
        self.snapped = False
        self.left_demo = False
        self.has_save = False
        self._glow: pygame.Surface | None = None
        self._glow_key: tuple[int] | None = None

    # --- life cycle ------------------------------------------------------------------------

    def enter(self) -> None:
        self.tell_settings_problems()
        self.has_save = self.games_in_progress()
        self.layout()
        current = self.ring.current
        if current is None or not current.enabled or not current.rect.w:
            self.ring.index = -1
            self.ring.move(1)  # focus the first live button: Enter does the obvious thing
        else:  # back from Settings, Rules, History...: the button used stays the lit one
            self.ring.focus(self.ring.index)
        for b in self.buttons:
            b.hover = False  # (the pointer lights a button again as soon as it moves)
        self.offer_lesson()

    def offer_lesson(self) -> None:
        """The first start offers Learn to play, once (never in the demo, nor with a game to
        continue: that player has played); after the old files came in, if they are coming (the
        title enters again then), so that it is asked on what they held."""
        settings = self.app.settings
        if self.app.demo or self.app.waiting is not None or settings.get("lesson_offered") is True:
            return
        settings["lesson_offered"] = True
        self.app.save_settings()
        if not self.has_save:
            from scenes.tutorial.start import offer
            offer(self.app)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = (max(1, size[0]), max(1, size[1]))
        self.s = ui.scale_for(self.size)
        self.bg = backdrop(self.app, self.size).copy()
        self.bg.blit(vignette(self.size), (0, 0))
        self.make_fan()
        self.layout()

    def design_box(self) -> pygame.Rect:
        s = self.s
        box = pygame.Rect(0, 0, int(1280 * s), int(720 * s))
        box.center = (self.size[0] // 2, self.size[1] // 2)
        return box

    def make_fan(self) -> None:
        s, box = self.s, self.design_box()
        width = max(24, int(156 * s))
        radius = 620 * s
        pivot = (box.x + 950 * s, box.y + (340 + 620) * s)
        self.fan = []
        for index, angle in zip(FAN_CARDS, FAN_ANGLES):
            try:
                card = self.app.art.doll(index, width)
            except Exception:  # noqa: BLE001 - decoration only
                return
            surf = pygame.transform.rotozoom(shadowed(card, s), -angle, 1.0)
            a = math.radians(angle)
            centre = (pivot[0] + math.sin(a) * radius, pivot[1] - math.cos(a) * radius)
            self.fan.append((surf, surf.get_rect(center=(int(centre[0]), int(centre[1])))))

    def layout(self) -> None:
        s, box = self.s, self.design_box()
        self.cont.enabled = self.has_save
        live = [b for b in self.buttons if b is not self.cont or self.has_save]
        w, h, gap = int(340 * s), int(44 * s), int(8 * s)  # six rows above the keys line
        x = int(box.x + 360 * s - w / 2)
        y = int(box.y + 350 * s)
        if not self.has_save:
            y += (h + gap) // 2
        for b in self.buttons:
            b.rect = pygame.Rect(0, 0, 0, 0)
        for b in live:
            if b is self.settings:  # Rules and Settings share a row: six rows in all
                continue
            if b is self.rules:
                half = (w - gap) // 2
                self.rules.rect = pygame.Rect(x, y, half, h)
                self.settings.rect = pygame.Rect(x + w - half, y, half, h)
            else:
                b.rect = pygame.Rect(x, y, w, h)
            y += h + gap

    # --- actions ---------------------------------------------------------------------------

    def start_new(self) -> None:
        self.app.stack.replace(self.app.make("setup"))

    def games_in_progress(self) -> bool:
        waiting = self.app.waiting  # (the old files' game, listed while it comes in)
        if waiting is not None and waiting.game_in_progress:
            return True
        try:
            return bool(self.app.store.games.in_progress())
        except StoreError:
            return False

    def tell_settings_problems(self) -> None:
        """Toast what opening the player's data and loading the settings (game.services.settings.load)
        found wrong, once."""
        for problem in self.app.store.problems[:2]:
            self.app.toast(problem, 8.0)
        self.app.store.problems.clear()
        messages = getattr(self.app.settings, "messages", None)
        if not messages:
            return
        shown, rest = messages[:2], len(messages) - 2
        for message in shown:
            self.app.toast(message, 8.0)
        if rest > 0:
            self.app.toast(ngettext("... and {n} more setting falls back to its default.",
                                    "... and {n} more settings fall back to their defaults.",
                                    rest).format(n=rest), 8.0)
        messages.clear()

    def show_rules(self) -> None:
        setup = self.app.settings.get("setup") if isinstance(self.app.settings, dict) else None
        game = setup.get("game") if isinstance(setup, dict) else None  # the game last set up
        self.app.stack.push(self.app.make("rules", game=game if isinstance(game, str) else None))

    # --- frame -----------------------------------------------------------------------------

    def ask_quit(self) -> None:
        """Esc asks (a player backing out of a screen may press it once too often); the Quit
        button and the window's close button just quit (every game is saved)."""
        kept = _("Your games in progress are kept: Continue brings them back.")
        self.app.stack.push(self.app.make("confirm", question=_("Quit Alice Assemble?"),
                                          yes=_("Quit"), no=_("Stay"), on_yes=self.app.quit,
                                          detail=kept if self.has_save else ""))

    def handle(self, event: pygame.event.Event) -> None:
        menu_event(self.ring, event, self.ask_quit)
        if event.type == pygame.KEYDOWN:  # the keys were used last: only their button stays lit
            for b in self.buttons:
                b.hover = b.hover and b.focused

    def update(self, dt: float) -> None:
        self.t += dt
        if not self.app.demo or self.left_demo:
            return
        if not self.snapped and self.t >= 0.5:
            self.snapped = True
            self.app.snap("title")
        elif self.snapped and self.t >= 0.8:
            self.left_demo = True
            if self.app.options.tutorial:
                from scenes.tutorial.start import open_lesson
                open_lesson(self.app, self.app.options.tutorial)
            else:
                self.start_new()

    def draw(self, surface: pygame.Surface) -> None:
        s, box = self.s, self.design_box()
        for b, word in self.words.items():  # looked up now: Settings may have switched language
            b.label = _(word)
        if self.bg is not None:
            surface.blit(self.bg, (0, 0))
        else:
            surface.fill((48, 32, 24))
        self.draw_glow(surface, (int(box.x + 950 * s), int(box.y + 350 * s)), int(380 * s))
        for surf, rect in self.fan:
            surface.blit(surf, rect)
        cx = box.x + 360 * s
        # the name on two lines ("Alice" / "Assemble"; Japanese: アリス / アセンブル)
        heading(surface, _("Alice"), int(96 * s), (cx, box.y + 124 * s), max_width=600 * s)
        heading(surface, _("Assemble"), int(96 * s), (cx, box.y + 222 * s), max_width=600 * s)
        ornament(surface, (cx, box.y + 290 * s), 400 * s, s)
        others = len(registry.ids()) - 1  # (the games the app carries, read from their descriptors)
        ui.text(surface, ngettext("a doll-assembly card game (and {n} more)",
                                  "a doll-assembly card game (and {n} more)", others).format(n=others),
                max(9, int(22 * s)),
                (cx, box.y + 322 * s), ui.MUTED, "center", max_width=600 * s)
        self.ring.draw(surface, s)
        ui.text(surface, _("\u2191 \u2193  choose     Enter  confirm     Esc  quit"),
                max(8, int(15 * s)), (cx, box.bottom - 30 * s), (150, 132, 108), "center",
                max_width=700 * s)

    def draw_glow(self, surface: pygame.Surface, center: tuple[int, int], radius: int) -> None:
        """A warm pool of lamp light behind the fan."""
        if radius <= 4:
            return
        key = (radius,)
        if self._glow is None or self._glow_key != key:
            small = pygame.Surface((64, 64), pygame.SRCALPHA)
            for r in range(32, 0, -1):
                a = int(70 * (1 - r / 32) ** 1.5)
                pygame.draw.circle(small, (255, 200, 120, a), (32, 32), r)
            self._glow = pygame.transform.smoothscale(small, (radius * 2, radius * 2))
            self._glow_key = key
        surface.blit(self._glow, self._glow.get_rect(center=center))


# ---------------------------------------------------------------- the question before a program

class StartProgram(Scene):
    """Continue on a game with an external bot: that bot is a program the player chose, run with
    their rights; say which one and start it only on Start. The command lines come from the
    player's data, so they are cleaned as they come in (game.core.text.clean): shown whole up to
    WHOLE characters, wrapped in the panel; a longer one is cut short and its length said."""
    name = "start_program"
    opaque = False

    def __init__(self, app: App, programs: list[str], start: Callable[[], None],
                 cancel: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        unique = list(dict.fromkeys(programs))
        shown = [shorten(program, WHOLE) for program in unique]
        self.programs = [words for words, _cut in shown]
        self.longest = max((len(program) for program, (_words, cut) in zip(unique, shown) if cut),
                           default=0)  # the length of the longest one cut short
        self.on_start, self.on_cancel = start, cancel
        self.start_b = PrimaryButton(N_("Start"), self.start)
        self.cancel_b = ui.Button(N_("Cancel"), self.cancel)
        self.ring = ui.FocusRing([self.cancel_b, self.start_b])
        self.ring.move(1)  # Cancel has the focus: Enter alone does not run a program
        self.s = 1.0
        self.panel = pygame.Rect(0, 0, 0, 0)

    @property
    def question(self) -> str:
        words = ngettext("This game starts the program: {programs}. Start it?",
                         "This game starts the programs: {programs}. Start them?",
                         len(self.programs)).format(programs="; ".join(self.programs))
        if self.longest:
            more = _("A command line is {count} characters long; only its start is "
                     "shown.").format(count=self.longest)
            words = _("{first} {second}").format(first=words, second=more)
        return words

    def start(self) -> None:
        self.app.stack.pop()
        self.on_start()

    def cancel(self) -> None:
        self.app.stack.pop()
        if self.on_cancel is not None:
            self.on_cancel()

    def resize(self, size: tuple[int, int]) -> None:
        s = self.s = ui.scale_for(size)
        P = self.panel = pygame.Rect(0, 0, min(int(720 * s), size[0] - int(16 * s)), int(340 * s))
        P.center = (size[0] // 2, size[1] // 2)
        w, h, gap = int(200 * s), int(54 * s), int(24 * s)
        y = P.bottom - int(90 * s)
        self.cancel_b.rect = pygame.Rect(P.centerx - gap // 2 - w, y, w, h)
        self.start_b.rect = pygame.Rect(P.centerx + gap // 2, y, w, h)

    def handle(self, event: pygame.event.Event) -> None:
        menu_event(self.ring, event, self.cancel)

    def draw(self, surface: pygame.Surface) -> None:
        s, P = self.s, self.panel
        self.start_b.label, self.cancel_b.label = _("Start"), _("Cancel")
        dialog_frame(surface, P, s, _("External program"), int(36 * s), 46, 80)
        top = P.y + int(104 * s)
        box = pygame.Rect(P.x + int(40 * s), top, P.w - int(80 * s),
                          self.start_b.rect.y - int(12 * s) - top)
        # wrapped (a long command line between its characters), smaller where it needs more
        # lines, its end left off where even that is not enough
        ui.paragraph(surface, self.question, max(9, int(20 * s)), box, ui.TEXT, anchor="midtop")
        self.ring.draw(surface, s)
