"""The rules reference: a scrolling page per game, drawn over the scene beneath, in the player's
language (the pages' words are looked up when they are laid out, and laid out again when Settings
switches the language)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Sequence

import pygame

from game.core.i18n import N_, _, language
from scenes import games
from scenes.app.stack import Scene
from scenes.menus import diagrams
from scenes.menus.pause import overlay_panel
from scenes.widgets import ui
from scenes.widgets.decor import dim, heading

if TYPE_CHECKING:
    from scenes.app.window import App

# The five gear types' names under their icons (scenes.art.shapes.GEAR_NAMES, shortened).
GEAR_LABELS = (N_("round gear"), N_("square gear"), N_("cam"), N_("ratchet star"), N_("hex nut"))
FOOTER = N_("Wheel / \u2191\u2193 / PgUp PgDn scroll     \u2190\u2192 other games     Esc close")
NUMBERED = re.compile(r"(\d{1,2}\.) (.*)", re.S)  # "14. Resources: ..." (one or two digits)


def numbered(body: str) -> tuple[str | None, str]:
    """A bullet's number drawn bold before it ("14."), and its words; (None, body) unnumbered."""
    found = NUMBERED.fullmatch(body)
    return (found.group(1), found.group(2)) if found else (None, body)


class RulesOverlay(Scene):
    name = "rules"
    opaque = False

    def __init__(self, app: App, game: str | None = None) -> None:
        super().__init__(app)
        self.pages = {info.game: info.rules for info in games.GAMES}
        self.game = game if game in self.pages else next(iter(self.pages))
        self.close_b = ui.Button(N_("Close"), self.dismiss)
        self.tabs = {g: ui.Button(page.tab, lambda g=g: self.show(g)) for g, page in self.pages.items()}
        self.ring = ui.FocusRing(list(self.tabs.values()) + [self.close_b])
        self.s = 1.0
        self.panel = self.view = self.track = pygame.Rect(0, 0, 0, 0)
        self.lines: list[tuple[str, int, Any]] = []  # (kind, y, payload) laid out for the current width
        self.lang = language()  # the language self.lines are in
        self.indent = self.key_w = 0  # bullets' and keys' columns, set with the lines
        self.diagram_h: dict[str, int] = {}  # each diagram's height, set with the lines
        self.content_h = 0
        self.scroll = 0.0
        self.dragging: float | None = None

    def dismiss(self) -> None:
        self.app.stack.pop()

    def show(self, game: str) -> None:
        """Turn to another game's page, from its top."""
        if game != self.game:
            self.game, self.scroll = game, 0.0
            self.layout_text()

    # --- layout ------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        old = self.scroll / max(1, self.content_h)
        s = self.s = ui.scale_for(size)
        pw = min(int(940 * s), size[0] - int(24 * s))
        ph = size[1] - int(40 * s)
        P = self.panel = pygame.Rect(0, 0, pw, ph)
        P.center = (size[0] // 2, size[1] // 2)
        bh = int(44 * s)
        self.close_b.rect = pygame.Rect(P.right - int(150 * s), P.y + int(26 * s), int(120 * s), bh)
        self.layout_tabs()
        top = P.y + int(150 * s)
        # the footer's line at the player's text size, and the text area ending above it
        foot = ui.font(max(8, int(13 * s))).get_linesize()
        self.foot_y = P.bottom - max(4, int(8 * s)) - foot
        bottom = min(P.bottom - int(30 * s), self.foot_y - max(2, int(6 * s)))
        self.view = pygame.Rect(P.x + int(36 * s), top, P.w - int(86 * s), bottom - top)
        self.track = pygame.Rect(self.view.right + int(14 * s), self.view.y, max(4, int(8 * s)), self.view.h)
        self.layout_text()
        self.scroll = old * self.content_h
        self.clamp()

    def layout_tabs(self) -> None:
        """The game tabs side by side: wide enough for their names in the player's language and
        text size where the panel has room."""
        s, P = self.s, self.panel
        h = int(38 * s)
        f = ui.font(int(h * 0.42), "bold")  # as ui.Button draws its label
        widest = max(f.size(_(page.tab))[0] for page in self.pages.values()) + int(16 * s)
        room = (P.w - int(72 * s)) // len(self.tabs) - int(10 * s)
        tab_w = min(max(int(210 * s), widest), room)
        for i, tab in enumerate(self.tabs.values()):
            tab.rect = pygame.Rect(P.x + int(36 * s) + i * (tab_w + int(10 * s)), P.y + int(88 * s),
                                   tab_w, h)

    def layout_text(self) -> None:
        s, w = self.s, self.view.w
        self.lang = language()
        self.body_px = max(9, int(18 * s))
        self.head_px = max(11, int(23 * s))
        self.caption_px = max(9, int(16 * s))
        # spacing from the font really used: the player's text size may make it larger than asked
        lh = max(int(self.body_px * 1.45), ui.font(self.body_px).get_linesize() + 1)
        # room left of bullets for the page's widest number ("3.", "21.") at the font really used
        f, bold = ui.font(self.body_px), ui.font(self.body_px, "bold")
        marks = [numbered(_(item[1]))[0] or "8." for item in self.pages[self.game].items if item[0] == "b"]
        indent = self.indent = max([int(26 * s)] + [bold.size(m)[0] + f.size(" ")[0] for m in marks])
        # the keys' column of the Controls: as wide as the widest key needs, up to 40% of the page
        keys = [_(item[1]) for item in self.pages[self.game].items if item[0] == "k"]
        self.key_w = min(max([int(190 * s)] + [indent + bold.size(k)[0] + int(12 * s) for k in keys]),
                         int(w * 0.4))
        y = 0
        self.lines = []
        self.diagram_h = {}
        page = self.pages[self.game]
        fields = page.numbers(self.app) if page.numbers else None

        def say(text: str) -> str:  # (a page with numbers: the ones in force put in)
            return _(text).format(**fields) if fields else _(text)
        for item in page.items:
            kind = item[0]
            if kind == "h":
                y += int(16 * s) if y else 0
                self.lines.append(("h", y, say(item[1])))
                y += max(int(self.head_px * 1.6), ui.font(self.head_px, "title").get_linesize() + 4)
            elif kind == "p":
                for line in ui.wrap(say(item[1]), self.body_px, w):
                    self.lines.append(("p", y, line))
                    y += lh
                y += int(8 * s)
            elif kind == "b":
                mark, body = numbered(say(item[1]))
                for j, line in enumerate(ui.wrap(body, self.body_px, w - indent)):
                    self.lines.append(("b" if j == 0 else "c", y, (mark, line)))
                    y += lh
                y += int(6 * s)
            elif kind == "g":
                y += int(4 * s)
                self.lines.append(("g", y, None))
                y += int(84 * s)
            elif kind == "d":
                y = self.layout_diagram(item[1], y, w - indent, lh)
            elif kind == "t":
                y = self.layout_table([(_(label), _(value)) for label, value in item[1]], y, w - indent,
                                      int(lh))
                y += int(6 * s)
            elif kind == "k":
                keyw = self.key_w
                for j, line in enumerate(ui.wrap(say(item[2]), self.body_px, w - keyw)):
                    self.lines.append(("k", y, (say(item[1]) if j == 0 else "", line)))
                    y += lh
                y += int(6 * s)
        self.content_h = y + int(12 * s)

    def layout_diagram(self, name: str, y: int, width: int, lh: int) -> int:
        """A diagram: its picture, a line's room under it for the numbers it marks, then its caption
        wrapped in the smaller caption size. Lines: ("d", y, name) and ("dc", y, caption line);
        self.diagram_h[name] = the picture's and its numbers' height."""
        s = self.s
        y += int(6 * s)
        ph = diagrams.picture_size(name, width, s)[1] + (lh if diagrams.marks_below(name) else int(6 * s))
        self.lines.append(("d", y, name))
        self.diagram_h[name] = ph
        y += ph
        clh = max(int(self.caption_px * 1.4), ui.font(self.caption_px).get_linesize() + 1)
        for line in ui.wrap(diagrams.caption(name), self.caption_px, width):
            self.lines.append(("dc", y, line))
            y += clh
        return y + int(12 * s)

    def layout_table(self, entries: Sequence[tuple[str, str]], y: int, width: int, lh: int) -> int:
        """A table's entries in aligned columns: label, a gap, value; two entries to a line
        when both fit, else one. Lines: ("t", y, [(x, label, value x, value), ...])."""
        f, bold = ui.font(self.body_px), ui.font(self.body_px, "bold")
        gap = f.size("  ")[0]
        label_w = max(bold.size(label)[0] for label, _ in entries)
        cell = label_w + gap + max(f.size(value)[0] for _, value in entries)
        between = int(self.body_px * 2.5)  # between the columns: never a single space
        per_line = 2 if 2 * cell + between <= width else 1
        for start in range(0, len(entries), per_line):
            row = [(i * (cell + between), label, i * (cell + between) + label_w + gap, value)
                   for i, (label, value) in enumerate(entries[start:start + per_line])]
            self.lines.append(("t", y, row))
            y += lh
        return y

    def max_scroll(self) -> float:
        return max(0.0, self.content_h - self.view.h)

    def clamp(self) -> None:
        self.scroll = min(max(0.0, self.scroll), self.max_scroll())

    def scroll_by(self, dy: float) -> None:
        self.scroll += dy
        self.clamp()

    def thumb(self) -> pygame.Rect:
        t = self.track
        if self.content_h <= self.view.h:
            return pygame.Rect(t.x, t.y, t.w, t.h)
        h = max(int(30 * self.s), int(t.h * self.view.h / self.content_h))
        y = t.y + (t.h - h) * (self.scroll / self.max_scroll())
        return pygame.Rect(t.x, int(y), t.w, h)

    # --- frame -------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        line = int(self.body_px * 1.45)
        page = self.view.h - line * 2
        if event.type == pygame.KEYDOWN:
            step = {pygame.K_DOWN: line, pygame.K_UP: -line, pygame.K_PAGEDOWN: page,
                    pygame.K_PAGEUP: -page, pygame.K_SPACE: page, pygame.K_HOME: -1e9,
                    pygame.K_END: 1e9}.get(event.key)
            if event.key == pygame.K_ESCAPE:
                self.dismiss()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                order = list(self.pages)
                i = order.index(self.game) + (1 if event.key == pygame.K_RIGHT else -1)
                self.show(order[i % len(order)])
            elif step is not None:
                self.scroll_by(step)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.dismiss()
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * line * 3)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            grab = self.track.inflate(int(16 * self.s), 0)
            if grab.collidepoint(event.pos) and self.max_scroll() > 0:
                th = self.thumb()
                if not th.collidepoint(event.pos):  # jump so the thumb centres on the click
                    frac = (event.pos[1] - self.track.y - th.h / 2) / max(1, self.track.h - th.h)
                    self.scroll = frac * self.max_scroll()
                    self.clamp()
                self.dragging = event.pos[1] - self.thumb().y
                return
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = None
        elif event.type == pygame.MOUSEMOTION and self.dragging is not None:
            th = self.thumb()
            frac = (event.pos[1] - self.dragging - self.track.y) / max(1, self.track.h - th.h)
            self.scroll = frac * self.max_scroll()
            self.clamp()
            return
        self.ring.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        s, P, V = self.s, self.panel, self.view
        if self.lang != language():  # Settings switched the language under this page
            self.layout_tabs()
            self.layout_text()
            self.clamp()
        self.close_b.label = _("Close")
        for g, tab in self.tabs.items():
            tab.label = _(self.pages[g].tab)
        dim(surface, 170)
        overlay_panel(surface, P, s)
        heading(surface, _("How to play"), int(38 * s), (P.x + 36 * s, P.y + 48 * s), "midleft",
                max_width=self.close_b.rect.x - P.x - 60 * s)
        pygame.draw.line(surface, (110, 84, 44), (V.x, V.y - 14 * s), (self.track.right, V.y - 14 * s),
                         max(1, int(s)))
        self.ring.draw(surface, s)
        under = self.tabs[self.game].rect  # the open page's tab: underlined in the highlight colour
        pygame.draw.rect(surface, ui.HILITE,
                         (under.x + 6 * s, under.bottom + 3 * s, under.w - 12 * s, max(2, 4 * s)),
                         border_radius=max(1, int(2 * s)))
        clip = surface.get_clip()
        surface.set_clip(V.clip(clip) if clip else V)
        top = V.y - int(self.scroll)
        lh = int(self.body_px * 1.45)
        for kind, y, payload in self.lines:
            yy = top + y
            # under half a line showing at the bottom: left out (a tall heading would reach past the panel)
            if yy > V.bottom - lh // 2 or yy + (self.diagram_h[payload] if kind == "d" else lh * 2) < V.y:
                continue
            self.draw_line(surface, kind, yy, payload)
        surface.set_clip(clip)
        self.draw_fades(surface)
        if self.max_scroll() > 0:
            pygame.draw.rect(surface, (60, 48, 40), self.track, border_radius=self.track.w // 2)
            pygame.draw.rect(surface, ui.BRASS, self.thumb(), border_radius=self.track.w // 2)
        ui.text(surface, _(FOOTER), max(8, int(13 * s)), (P.centerx, self.foot_y), (150, 132, 108),
                "midtop", max_width=P.w - 60 * s)

    def draw_line(self, surface: pygame.Surface, kind: str, y: float, payload: Any) -> None:
        s, V, px = self.s, self.view, self.body_px
        indent = self.indent
        dot_y = ui.font(px).get_height() * 0.5  # a bullet's dot: level with the middle of its line
        if kind == "h":
            ui.text(surface, payload, self.head_px, (V.x, y), ui.HILITE, "topleft", "title",
                    max_width=V.w)
        elif kind == "p":
            ui.text(surface, payload, px, (V.x, y), ui.TEXT)
        elif kind in ("b", "c"):
            mark, line = payload
            if kind == "b" and mark:
                ui.text(surface, mark, px, (V.x, y), ui.HILITE, "topleft", "bold")
            elif kind == "b":
                r = max(2, int(4 * s))
                pygame.draw.circle(surface, ui.BRASS, (V.x + indent // 2 - r // 2, int(y + dot_y)), r)
            ui.text(surface, line, px, (V.x + indent, y), ui.TEXT)
        elif kind == "k":
            keys, line = payload
            if keys:
                ui.text(surface, keys, px, (V.x + indent, y), ui.HILITE, "topleft", "bold",
                        max_width=self.key_w - indent - 8 * s)
            ui.text(surface, line, px, (V.x + self.key_w, y), ui.TEXT)
        elif kind == "t":
            r = max(2, int(4 * s))
            pygame.draw.circle(surface, ui.BRASS, (V.x + indent // 2 - r // 2, int(y + dot_y)), r)
            for x, label, value_x, value in payload:
                ui.text(surface, label, px, (V.x + indent + x, y), ui.HILITE, "topleft", "bold")
                ui.text(surface, value, px, (V.x + indent + value_x, y), ui.TEXT)
        elif kind == "g":
            self.draw_gears(surface, y)
        elif kind == "d":
            self.draw_diagram(surface, payload, y)
        elif kind == "dc":
            ui.text(surface, payload, self.caption_px, (V.x + indent, y), ui.MUTED)

    def draw_diagram(self, surface: pygame.Surface, name: str, y: float) -> None:
        """The diagram's cached picture at the bullets' indent, its numbers over it."""
        s, V, x = self.s, self.view, self.view.x + self.indent
        picture, marks = diagrams.picture(name, V.w - self.indent, s, self.app.art)
        surface.blit(picture, (x, int(y)))
        for words, (mx, my), colour, anchor in marks:
            if not V.y <= y + my <= V.bottom:  # scrolled out of the view: the view clips the picture
                continue
            ui.text(surface, words, self.body_px, (x + mx, y + my), colour, anchor, "bold")

    def draw_gears(self, surface: pygame.Surface, y: float) -> None:
        s, V = self.s, self.view
        r = max(6, int(20 * s))
        x = V.x + int(26 * s) + r
        names = [_(name) for name in GEAR_LABELS]
        small = max(8, int(13 * s))
        widest = max(ui.font(small).size(name)[0] for name in names) + int(12 * s)
        step = min(max(int(150 * s), widest), (V.w - int(26 * s)) // 5)
        x = max(x, V.x + step // 2)  # the first name, centred under its icon, starts inside the view
        for row in range(5):
            cx = x + row * step
            try:
                icon = self.app.art.gear(row, r)
                surface.blit(icon, icon.get_rect(center=(cx, int(y + r + 2 * s))))
            except Exception:  # noqa: BLE001 - decoration only
                pygame.draw.circle(surface, ui.BRASS, (cx, int(y + r)), r, 2)
            ui.text(surface, names[row],
                    small, (cx, y + 2 * r + 6 * s), ui.MUTED, "midtop",
                    max_width=step - 6 * s)

    def draw_fades(self, surface: pygame.Surface) -> None:
        """Soft fades at the top and bottom of the text when more is hidden there."""
        V = self.view
        h = max(4, int(22 * self.s))
        for at_top, show in ((True, self.scroll > 1), (False, self.scroll < self.max_scroll() - 1)):
            if not show:
                continue
            fade = pygame.Surface((V.w, h), pygame.SRCALPHA)
            for i in range(h):
                a = int(200 * (1 - i / h)) if at_top else int(200 * (i / h))
                fade.fill((34, 26, 26, a), (0, i, V.w, 1))
            surface.blit(fade, (V.x, V.y if at_top else V.bottom - h))
