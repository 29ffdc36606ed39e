"""Hot seat: several people taking turns at one screen, the same way at every game's table.

When the turn goes from one human to another at a table with secrets (hands), the pass screen
covers the table: "Pass to NAME", what happened since NAME last looked (the log's public lines),
and "I am NAME". Until NAME confirms, nothing secret shows (`HotSeat.shown_to` is None): no hand,
no face-down card, no private hint; an undo or a new deal hides the table again. A hint is for
its player's eyes only (look.Private); taking back another human's move asks first
(scenes/table/undoing.py); leaving the game asks (scenes/menus/pause.py). All of it hangs on
`HotSeat.shared_screen`: against bots (one human) none of it happens, the demo has no human,
and a solo game never has two.

The table's `seat` part (HotSeat) does it all. What differs per game is declared by the game's
own HotSeat subclass, named as its table's `Seat`: `secret` (what the pass screen hides: by
default the hand; None at a table where nothing is secret, as in Alice Assemble, where the turn
goes straight on, as on a board between people), `draw_behind` (by default the bare table,
darkened), `between_turns` (a moment everyone may watch, with no pass screen: Grayblock's hand
result) and `on_seated` (the table turns to the one now looking).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import pygame

from game.core.i18n import N_, _
from game.core.words import whose

from scenes.menus.pause import overlay_panel
from scenes.table import look
from scenes.widgets import ui
from scenes.widgets.decor import PrimaryButton, dim, heading, ornament, vignette

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
NO_RECT = (0, 0, 0, 0)

if TYPE_CHECKING:
    from scenes.table.base import GameTable


class PassScreen:
    """A table's pass-to screen: drawn over what its hot seat's `draw_behind` shows, answered
    by its "I am NAME" button, Enter or Space."""

    def __init__(self, table: GameTable, seat: HotSeat) -> None:
        self.table, self.seat = table, seat
        self.button = PrimaryButton("", seat.confirm_viewer)  # "I am NAME": worded as drawn
        self.bare: dict[tuple[int, int], pygame.Surface] = {}  # the darkened table, per window size

    def handle(self, event: pygame.event.Event) -> bool:
        """Every event while the screen is up is its own (True): Enter, Space or the button
        confirm; Esc opens the menu; the undo and redo keys still work (taking back another
        human's move asks them first)."""
        table = self.table
        if table.controls.shortcut(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            table.open_menu()
        elif event.type == pygame.KEYDOWN and event.key in ENTER:
            self.seat.confirm_viewer()
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN) and self.button.rect.w:
            self.button.handle(event)
        return True

    def hide(self) -> None:
        """Not on screen: its button takes no click."""
        self.button.rect = pygame.Rect(NO_RECT)

    def draw_bare_table(self, surface: pygame.Surface) -> None:
        """The table with nothing of the game on it, darkened (built once per window size)."""
        size = surface.get_size()
        if size not in self.bare:
            self.bare.clear()
            self.bare[size] = back = self.table.app.art.table(size).copy()
            back.blit(vignette(size, 200), (0, 0))
            dim(back, 120)
        surface.blit(self.bare[size], (0, 0))

    def draw(self, surface: pygame.Surface, player: int) -> None:
        """Nothing of the table's secrets shows until `player` confirms they are the one looking:
        whose turn, what the others did since, and the button that says so."""
        table = self.table
        W, H = surface.get_size()
        s = ui.scale_for((W, H))

        def k(n: float) -> int:
            return round(n * s)

        def px(n: float) -> int:  # a font size: scaled, never below 9 pixels
            return max(9, k(n))
        self.seat.draw_behind(surface)
        margin = max(4, k(10))
        name, colour = table.config.seats[player].name, look.seat_colour(table, player)
        hidden = self.seat.hidden()
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
        for entry in reversed(self.seat.news_for(player)):
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


class HotSeat:
    """The table's hot seat part: who is at the screen, the pass screen, and what shows to whom."""

    # N_: what the pass screen keeps from the others until the next player confirms ("{name}":
    # that player, "{whose}": their, from game.core.words.whose); None: nothing at this table is secret
    secret: ClassVar[str | None] = N_("Everyone else, please look away: {whose} hand shows once confirmed.")

    def __init__(self, table: GameTable) -> None:
        self.table = table
        self.screen = PassScreen(table, self)

    def hidden(self) -> str | None:
        """The pass screen's words for what it hides, said now; None when nothing is secret (no
        pass screen then, and an undo hides nothing)."""
        return _(self.secret) if self.secret is not None else None

    def shared_screen(self) -> bool:
        """Two or more humans take turns at this screen."""
        return len(self.table.humans) >= 2

    def pass_screen_for(self) -> int | None:
        """The human who must confirm on the pass screen before the table shows, or None (also
        at a table where nothing is secret: there the turn goes straight on)."""
        table = self.table
        if not self.shared_screen() or table.state.is_over() or self.between_turns() \
                or self.secret is None:
            return None
        player = table.state.current_player()
        return player if player in table.humans and player != table.viewer else None

    def shown_to(self) -> int | None:
        """Whose secrets (their hand, their hints) the screen may show now: the one seated at it,
        or at a table where nothing else is secret the human to move; None while a pass screen
        waits (nobody's show)."""
        if self.pass_screen_for() is not None:
            return None
        table = self.table
        player = table.state.current_player()
        return player if self.secret is None and player in table.humans else table.viewer

    def seated_turn(self) -> bool:
        """A human is to move and is the one at the screen (past their pass screen)."""
        return self.table.state.current_player() in self.table.humans and self.pass_screen_for() is None

    def confirm_viewer(self) -> None:
        """The pass screen's "I am NAME": NAME is at the screen now."""
        player = self.pass_screen_for()
        if player is None:
            return
        table = self.table
        table.viewer = player
        table.seen_by[player] = len(table.log)
        self.on_seated(player)

    def unseat(self) -> None:
        """Nobody is known to be at the screen any more (after an undo, a new deal): in hot seat
        whoever is to move confirms on the pass screen first."""
        if self.shared_screen():
            self.table.viewer = None

    def handle(self, event: pygame.event.Event) -> bool:
        """The pass screen's share of an event: all of it while the screen is up (True)."""
        return self.pass_screen_for() is not None and self.screen.handle(event)

    def draw(self, surface: pygame.Surface) -> bool:
        """The pass screen, if one is up (True: the table draws nothing else this frame)."""
        player = self.pass_screen_for()
        if player is None:
            self.screen.hide()
            return False
        self.screen.draw(surface, player)
        return True

    def news_for(self, player: int) -> list[str]:
        """What happened since `player` last looked, for their pass screen: the log's last public
        lines (never a private one, not even their own hint: the screen shows to whoever is at
        the table before they say who they are)."""
        seen = self.table.seen_by.get(player)
        public = [e for e in self.table.log[seen or 0:] if not isinstance(e, look.Private)]
        return public[-4:] if seen is None else public[-6:]

    # what a game's hot seat may say otherwise

    def between_turns(self) -> bool:
        """Something everyone may watch is on show between turns (Grayblock: a finished hand's
        result): no pass screen meanwhile."""
        return False

    def draw_behind(self, surface: pygame.Surface) -> None:
        """What shows behind the pass screen: by default the bare table, darkened (nothing of the
        game, so nothing secret)."""
        self.screen.draw_bare_table(surface)

    def on_seated(self, player: int) -> None:
        """`player` confirmed on the pass screen: the table turns to them (their side, their
        board)."""
