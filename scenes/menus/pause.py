"""The pause menu, drawn over the table it paused, and leaving a game.

Leaving a game in play (Title screen, Quit, the window's close button) saves it first; a hot-seat
game (two or more humans at this computer, not over) asks before it is left, since the others may
not expect it. Against bots it simply saves and goes; the demo never asks.

Restart starts the same seats and rules on a fresh deal: the deal just played has been seen (the
deck order, other players' hands), so replaying it would not be a new game; a player who wants a
given deal types its seed at setup. A deal of the day (Cementopia's Today's deal) stays today's
deal (the point of it), as its own Play again does. Restart asks first and drops the game being
played (not kept).

Concede ends the game now, given up by the humans at this computer (against bots: you lose; in hot
seat the table stops). It joins the finished games with no `result` (the game never reached its
end) and `"conceded"`: the human seats, 0-based (docs/record-format.md), and leaves the games in
progress. A conceded Cementopia attempt sets no best score.

Export writes the game as it stands to a record file the player picks: the way to keep a game
that could not be saved (a full disk, a read-only folder). What the menu says about saving is
true: "saved automatically" only while the latest position is kept.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Callable
import pygame

from game.core import registry
from game.core.i18n import _, N_
from game.core.messages import shown

from scenes.widgets import ui
from scenes.app.stack import Scene
from scenes.table.kind import Table
from scenes.widgets.decor import PrimaryButton, dim, heading, menu_event, ornament

if TYPE_CHECKING:
    from scenes.app.window import App
    from scenes.config import GameConfig

LEAVE_QUESTION = N_("Leave the game?")
LEAVE_DETAIL = N_("It is saved; Continue resumes it.")
UNSAVED_QUESTION = N_("Leave without saving?")


def overlay_panel(surface: pygame.Surface, rect: pygame.Rect, s: float,
                  edge: ui.Colour = ui.PANEL_EDGE) -> None:
    ui.panel(surface, rect, (34, 26, 26), edge, radius=int(16 * s) + 2,
             width=max(1, int(2 * s)))
    inner = rect.inflate(-int(14 * s), -int(14 * s))
    ui.panel(surface, inner, (0, 0, 0, 0), (110, 84, 44), radius=int(12 * s) + 2, width=1)


def dialog_frame(surface: pygame.Surface, rect: pygame.Rect, s: float, title: str, px: int, title_y: float,
                 rule_y: float) -> None:
    """A dialog over the dimmed screen: its panel, its title `title_y` below the panel's top
    and the brass rule `rule_y` below it (pause, settings, export, Learn to play, ...)."""
    dim(surface, 180)
    overlay_panel(surface, rect, s)
    heading(surface, title, px, (rect.centerx, rect.y + title_y * s), max_width=rect.w - 40 * s)
    ornament(surface, (rect.centerx, rect.y + rule_y * s), 260 * s, s)


def open_table(app: App) -> Table | None:
    """The table of the game open, over or not (else None)."""
    for scene in reversed(app.stack.scenes):
        if isinstance(scene, Table):
            return scene
    return None


def game_in_play(app: App) -> Table | None:
    """The table of the game being played, if one is open and not over (else None)."""
    table = open_table(app)
    if table is None or table.finished or table.session.state.is_over():
        return None
    return table


def lesson_of(table: Table | None) -> str | None:
    """The game whose lesson this table plays (None: a real game, or no table)."""
    return table.config.lesson if table is not None else None


def hot_seat(table: Table | None) -> bool:
    """Several humans share the screen of the game in play (scenes/table/hotseat.py)."""
    return table is not None and table.seat.shared_screen()


SAVE_WAIT_S = 5.0  # leaving waits this long for the last save (a busy disk), then tells
# the questions leave_game is asking (asked again while one is up, it just goes)
LEAVING: "weakref.WeakSet[Scene]" = weakref.WeakSet()


def save_game(app: App, table: Table) -> None:
    """Write the game's position now (tables write it at the start and after every move too):
    a save that failed is tried again here."""
    try:
        table.saves.autosave()
    except Exception as exc:  # noqa: BLE001 - report, never crash on the way out
        app.toast(_("Could not save the game: {error}").format(error=exc))


def unsaved(table: Table) -> str | None:
    """Why the game at `table` is not kept as it stands (None: it is). Waits a moment for the
    save under way, so the answer is about the latest position."""
    saver = table.saves.service
    if not saver.enabled:
        return None
    held = table.app.data_held
    if not saver.flush(0 if held else SAVE_WAIT_S):  # a held lock is not waited for: asked at once
        return _("another program is holding your data") if held else _("the disk has not answered yet")
    return None if saver.saved else (saver.reason or _("it could not be saved"))


def leave_game(app: App, then: Callable[[], object], asks: bool = True) -> None:
    """Leave the game in play by `then` (to the title, or quit), saving it first; a hot-seat game
    asks, unless `asks` is False (the window's close button: the game is saved, Continue brings it
    back). A game that could not be saved never goes without a word: the player may export it
    first. Asked again while the question is up (the close button twice), it just goes."""
    table = game_in_play(app)
    top = app.stack.top
    if top is not None and top in LEAVING:
        app.stack.pop()
        then()
        return
    on_show = open_table(app)  # a finished game too: its end may not be kept yet (a full disk)
    if on_show is not None and not app.demo:
        save_game(app, on_show)
        why = unsaved(on_show)
        if why:
            ask = app.make("confirm", question=_(UNSAVED_QUESTION), yes=_("Export…"),
                           no=_("Stay"), on_yes=lambda: export_game(app, on_show),
                           also=(_("Leave anyway"), then),
                           detail=_("This game is not saved ({reason}). Export it to a file to "
                                    "keep it.").format(reason=shown(why)))
            LEAVING.add(ask)
            app.stack.push(ask)
            return
    if app.demo or not asks or not hot_seat(table):
        then()
        return
    ask = app.make("confirm", question=_(LEAVE_QUESTION), yes=_("Leave"), no=_("Stay"), on_yes=then,
                   detail=_(LEAVE_DETAIL))
    LEAVING.add(ask)
    app.stack.push(ask)


def save_and_quit(app: App) -> None:
    """The session ends (SIGTERM: a logout, a shutdown): the game in play saved as far as the disk
    lets it, and quit without a question (nobody is there to answer one)."""
    table = open_table(app)
    if table is not None and not app.demo:
        save_game(app, table)
        unsaved(table)  # (waits a moment for the save under way)
    app.quit()


def export_game(app: App, table: Table) -> None:
    """Export the game as it stands to a record file the player picks."""
    app.stack.push(app.make("export", record=table.saves.record()))


def daily_seed(table: Table) -> Callable[[], int] | None:
    """The seed function of the deal of the day this table plays (None: not one)."""
    game = registry.find(table.game)
    return game.daily_seed if game is not None and table.session.meta.get("daily") else None


def restart_config(table: Table) -> GameConfig:
    """The same seats and rules on a fresh deal (a deal of the day: today's again)."""
    fresh = table.config.again()
    today = daily_seed(table)
    if today is not None:
        fresh.seed = today()
    return fresh


class PauseMenu(Scene):
    name = "menu"
    opaque = False

    def __init__(self, app: App, table: Table | None = None) -> None:
        super().__init__(app)
        self.table = table
        self.resume_b = PrimaryButton(N_("Resume"), self.resume)
        self.rules_b = ui.Button(N_("Rules"), self.rules)
        self.settings_b = ui.Button(N_("Settings"), self.settings)
        self.restart_b = ui.Button(N_("Restart"), self.restart)
        self.concede_b = ui.Button(N_("Concede"), self.concede)
        self.export_b = ui.Button(N_("Export game"), lambda: export_game(self.app, self.in_play()))
        self.title_b = ui.Button(N_("Title screen"), self.to_title)
        self.quit_b = ui.Button(N_("Quit"), self.quit)
        self.words = {b: b.label for b in (self.resume_b, self.rules_b, self.settings_b,
                                           self.restart_b, self.concede_b, self.export_b,
                                           self.title_b, self.quit_b)}
        # Restart and Concede only for a game still being played
        playing = game_in_play(app) is table and table is not None and not app.demo \
            and not lesson_of(table)  # a lesson (and the game it leaves) is left, never restarted
        self.groups = [[self.resume_b, self.rules_b, self.settings_b],
                       [self.restart_b, self.concede_b, self.export_b] if playing else [],
                       [self.title_b, self.quit_b]]
        self.ring = ui.FocusRing([b for group in self.groups for b in group])
        self.ring.move(1)
        self.s = 1.0
        self.panel = pygame.Rect(0, 0, 0, 0)

    def in_play(self) -> Table:
        """The table of the game in play (Restart, Concede and Export are offered only for one)."""
        assert self.table is not None
        return self.table

    def resume(self) -> None:
        self.app.stack.pop()

    def rules(self) -> None:
        self.app.stack.push(self.app.make("rules", game=self.table.config.game if self.table else None))

    def settings(self) -> None:
        self.app.stack.push(self.app.make("settings"))

    def to_title(self) -> None:
        leave_game(self.app, lambda: self.app.stack.clear_to(self.app.make("title")))

    def quit(self) -> None:
        leave_game(self.app, self.app.quit)

    # --- restart and concede -------------------------------------------------------------------

    def restart(self) -> None:
        daily = daily_seed(self.in_play()) is not None
        detail = (_("The same players and rules, Today's deal again. This game is dropped.") if daily
                  else _("The same players and rules, a new deal. This game is dropped."))
        self.app.stack.push(self.app.make(
            "confirm", question=_("Restart the game?"), yes=_("Restart"), no=_("Cancel"),
            on_yes=self.do_restart, detail=detail))

    def do_restart(self) -> None:
        table = self.in_play()
        fresh = restart_config(table)
        table.saves.service.drop()  # this game is not kept: the new one takes its place in Continue
        self.app.stack.close_all()  # the old table writes what is pending and stops its bots
        self.app.stack.clear_to(self.app.make(fresh.scene, config=fresh))

    def concede(self) -> None:
        self.app.stack.push(self.app.make("confirm", question=_("Concede the game?"),
                                          yes=_("Concede"), no=_("Cancel"), on_yes=self.do_concede,
                                          detail=self.in_play().concede_words()))

    def do_concede(self) -> None:
        table = self.in_play()
        record = table.saves.record()
        record["conceded"] = sorted(table.humans)
        saver = table.saves.service
        saver.finish(record)  # among the finished games, out of Continue, in one commit
        kept = not saver.enabled or (saver.flush(SAVE_WAIT_S) and saver.saved)
        self.app.stack.clear_to(self.app.make("title"))  # the table closes
        if not saver.enabled:
            self.app.toast(_("Conceded."))
        elif kept:
            self.app.toast(_("Conceded. The game is kept in History."), fine=True)
        else:
            self.app.toast(_("Conceded, but the game could not be kept: {reason}").format(
                reason=shown(saver.reason) if saver.reason else _("the disk has not answered yet")))

    def saving_note(self) -> str:
        """What the menu says about saving: only what is true."""
        store = self.app.store
        if self.app.demo or self.table is None:
            return _("This game is not saved.")
        saver = self.table.saves.service
        if not store.kept:
            return _("Nothing is saved in this session: export the game to keep it.")
        if not saver.saved and saver.reason:
            return _("Not saved: {reason}").format(reason=shown(saver.reason))
        return _("Your game is saved automatically.")

    # --- frame ---------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        s = self.s = ui.scale_for(size)
        w, h, gap, between = int(320 * s), int(48 * s), int(10 * s), int(26 * s)
        groups = [g for g in self.groups if g]
        count = sum(len(g) for g in groups)
        height = int(120 * s) + count * h + (count - len(groups)) * gap + (len(groups) - 1) * between \
            + int(48 * s)
        P = pygame.Rect(0, 0, int(440 * s), height)
        P.center = (size[0] // 2, size[1] // 2)
        self.panel = P
        x = P.centerx - w // 2
        y = P.y + int(120 * s)
        for group in groups:
            for b in group:
                b.rect = pygame.Rect(x, y, w, h)
                y += h + gap
            y += between - gap

    def handle(self, event: pygame.event.Event) -> None:
        menu_event(self.ring, event, self.resume)

    def draw(self, surface: pygame.Surface) -> None:
        s, P = self.s, self.panel
        for b, word in self.words.items():  # looked up now: Settings may have switched language
            b.label = _(word)
        dialog_frame(surface, P, s, _("Paused"), int(44 * s), 52, 92)
        self.ring.draw(surface, s)
        if not lesson_of(self.table):
            note = self.saving_note()
        elif self.table is not None and self.table.coach is not None:
            note = _("Your place in the lesson is kept.")
        else:  # the lesson is over; its game was the player's to finish, unsaved
            note = _("The lesson is over: this game is not saved.")
        ui.text(surface, note, max(8, int(14 * s)),
                (P.centerx, self.quit_b.rect.bottom + 10 * s), ui.MUTED, "midtop",
                max_width=P.w - 40 * s)
