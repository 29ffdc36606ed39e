"""Hot seat: several people taking turns at one screen, the same way at every game's table.

When the turn goes from one human to another at a table with secrets (hands), the pass screen
covers the table: "Pass to NAME", what happened since NAME last looked (the log's public lines),
and "I am NAME". Until NAME confirms, nothing secret shows (`GameTable.shown_to` is None): no hand,
no face-down card, no private hint; an undo or a new deal hides the table again. A hint is for
its player's eyes only (look.Private); taking back another human's move asks first
(GameTable.undo); leaving the game asks (scenes/menus/pause.py). All of it hangs on
`GameTable.shared_screen`: against bots (one human) none of it happens, the demo has no human,
and a solo game never has two.

What differs per game is a GameTable hook its table overrides: `hidden_on_pass` (what the pass
screen hides: by default the hand; None at a table where nothing is secret, as in Alice Assemble,
where the turn goes straight on, as on a board between people), `draw_behind_pass` (by default the
bare table, darkened), `news_for` (the news), `between_turns` (a moment everyone may watch, with
no pass screen: Grayblock's hand result) and `on_seated` (the table turns to the one now
looking).
"""

from __future__ import annotations

import pygame

from game.i18n import _
from game.words import whose

from scenes.menus.pause import overlay_panel
from scenes.table import look
from scenes.widgets import ui
from scenes.widgets.decor import PrimaryButton, dim, heading, ornament, vignette

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
NO_RECT = (0, 0, 0, 0)


class PassScreen:
    """A table's pass-to screen: drawn over what the table's `draw_behind_pass` shows, answered
    by its "I am NAME" button, Enter or Space."""

    def __init__(self, table) -> None:
        self.table = table
        self.button = PrimaryButton("", table.confirm_viewer)  # "I am NAME": worded as drawn
        self.bare: dict[tuple[int, int], pygame.Surface] = {}  # the darkened table, per window size

    def handle(self, event) -> bool:
        """Every event while the screen is up is its own (True): Enter, Space or the button
        confirm; Esc opens the menu; the undo and redo keys still work (taking back another
        human's move asks them first)."""
        table = self.table
        if table.shortcut(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            table.open_menu()
        elif event.type == pygame.KEYDOWN and event.key in ENTER:
            table.confirm_viewer()
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN) and self.button.rect.w:
            self.button.handle(event)
        return True

    def hide(self) -> None:
        """Not on screen: its button takes no click."""
        self.button.rect = pygame.Rect(NO_RECT)

    def draw_bare_table(self, surface) -> None:
        """The table with nothing of the game on it, darkened (built once per window size)."""
        size = surface.get_size()
        if size not in self.bare:
            self.bare.clear()
            self.bare[size] = back = self.table.app.art.table(size).copy()
            back.blit(vignette(size, 200), (0, 0))
            dim(back, 120)
        surface.blit(self.bare[size], (0, 0))

    def draw(self, surface, player: int) -> None:
        """Nothing of the table's secrets shows until `player` confirms they are the one looking:
        whose turn, what the others did since, and the button that says so."""
        table = self.table
        W, H = surface.get_size()
        s = ui.scale_for((W, H))

        def k(n: float) -> int:
            return round(n * s)

        def px(n: float) -> int:  # a font size: scaled, never below 9 pixels
            return max(9, k(n))
        table.draw_behind_pass(surface)
        margin = max(4, k(10))
        name, colour = table.config.seats[player].name, look.seat_colour(table, player)
        hidden = table.hidden_on_pass()
        # taller with a larger text size (and the Japanese face's taller lines), as far as the window goes
        grow = max(1.0, ui.font(px(17)).get_linesize() / max(1, round(px(17) * 1.3)))
        P = pygame.Rect(0, 0, min(W - 2 * margin, k(720)), min(H - 2 * margin, round(k(470) * grow)))
        P.center = (W // 2, H // 2)
        overlay_panel(surface, P, s, colour)
        top = ui.text(surface, _("HOT SEAT \u00b7 HANDS HIDDEN") if hidden else _("HOT SEAT"), px(15),
                      (P.centerx, P.y + k(30)), ui.BRASS, "midtop", "bold", max_width=P.w - k(60))
        r = heading(surface, _("Pass to {name}").format(name=name), px(46),
                    (P.centerx, max(P.y + k(54), top.bottom + k(2))), "midtop", P.w - k(60), colour)
        ornament(surface, (P.centerx, r.bottom + k(12)), P.w * 0.5, s)
        y = r.bottom + k(30)
        words = [_("It is {whose} turn.").format(whose=whose(name))] + (
            [hidden.format(name=name, whose=whose(name))] if hidden else [])
        for part in ui.wrap("\n".join(words), px(17), P.w - k(80)):
            y = ui.text(surface, part, px(17), (P.centerx, y), ui.TEXT, "midtop", max_width=P.w - k(40)).bottom
        button = self.button
        button.label = _("I am {name}").format(name=name)
        button.rect = pygame.Rect(0, 0, min(P.w - k(80), k(340)), k(58))
        button.rect.midbottom = (P.centerx, P.bottom - max(k(34), ui.font(px(13)).get_height() + k(14)))
        # the latest news, each entry wrapped whole, as many as fit above the button
        line_h = ui.font(px(15)).get_height() + k(2)
        room = (button.rect.y - k(8) - y - k(12) - ui.font(px(14), "bold").get_height()) // line_h
        news: list[str] = []
        for entry in reversed(table.news_for(player)):
            parts = ui.wrap(entry, px(15), P.w - k(80))
            if len(news) + len(parts) > room:
                break
            news[:0] = parts
        if news:
            y = ui.text(surface, _("Since your last turn"), px(14), (P.centerx, y + k(12)), ui.MUTED, "midtop",
                        "bold", max_width=P.w - k(80)).bottom
            for part in news:
                y = ui.text(surface, part, px(15), (P.centerx, y + k(2)), ui.TEXT, "midtop",
                            max_width=P.w - k(60)).bottom
        button.focused = True
        button.draw(surface, s)
        ui.text(surface, _("click or press Enter"), px(13), (P.centerx, button.rect.bottom + k(4)), ui.MUTED,
                "midtop", max_width=P.w - k(40))
