"""The replay viewer: a record's game rebuilt (game.core.records.replay) and shown move by move.

The game's own table draws the position, read-only: it is made over the replayed session with
config.replay (nobody plays at it, no bot thinks, it saves nothing) and never updated. The cursor
moves through the record's positions (game.core.positions: a bounded number of them kept, however long
the game, the others played again from the kept one before, so stepping back is exact and a match
of thousands of hands costs no more memory than a short one); the session's history stands at the
cursor (History.seek), and after each step the table lays itself out from the state
(GameTable.show_position, as a resumed game does). The viewer's panel lies where the table says
(playback.panel(): over its log and buttons): where the replay stands ("Move 12 of 64", the round or
hand: segment_words), the moves so far with the current one lit, and the controls. What a game
shows over its whole table (Grayblock's hand results, Alicematic's final scoring) gets the
viewer's one button instead (playback.cover()); a finished game's end screen (playback.end(): Assemble's
scoring walk-through, Cementopia's figures) opens over the viewer after the last move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterator, TypeVar

import pygame

from game.core import records
from game.core.errors import RecordError
from game.core.i18n import N_, _
from game.core.positions import Positions

from scenes.app.stack import Scene
from scenes.config import GameConfig
from scenes.widgets import ui

if TYPE_CHECKING:
    from game.core.commands import Session
    from game.core.records import StrPath
    from scenes.app.window import App

SPEEDS = (0.5, 1.0, 2.0, 4.0)
STEP_S = 1.0  # seconds between moves when autoplay runs at 1x
DEMO_S = 0.12  # the demo's pace (game time, already sped up by the demo)
SEGMENT_MOVES = 10  # a jump by round or hand, in a game that has neither

S = TypeVar("S", bound=Scene)


def load(path: StrPath) -> dict[str, Any]:
    """A record from a file, checked and verified; RecordError in one line otherwise."""
    record = records.read_record(path)
    records.verify(record)
    return record


def pushed(app: App, make: Callable[[], S], cannot: Callable[[str], str]) -> S | None:
    """The scene `make()` gives, pushed over the scene on top; on any problem ONE toast line,
    `cannot(the error's words)`, and nothing changes (the viewer's and the review's openers)."""
    from game.storage import StoreError
    try:
        scene = make()
    except StoreError as exc:
        app.toast(cannot(exc.words))
        return None
    except RecordError as exc:
        app.toast(cannot(str(exc)))
        return None
    except Exception as exc:  # noqa: BLE001 - any record the tables cannot show: a line, no crash
        app.toast(cannot(type(exc).__name__))
        return None
    app.stack.push(scene)
    return scene


def _replay_of(app: App, record: dict[str, Any]) -> Scene:
    return app.make("replay", record=record, session=records.verified(record))


def open_replay(app: App, path: StrPath) -> Scene | None:
    """Open the record at `path` in the viewer over the scene on top; on any problem, ONE toast
    line and nothing changes."""
    return pushed(app, lambda: _replay_of(app, records.read_record(path)),
                  lambda error: _("Cannot replay {file}: {error}").format(file=_name(path), error=error))


def open_stored(app: App, game_id: int) -> Scene | None:
    """Open a kept game (History) in the viewer over the scene on top; on any problem, ONE toast
    line and nothing changes."""
    return pushed(app, lambda: _replay_of(app, app.store.games.record(game_id)),
                  lambda error: _("Cannot replay this game: {error}").format(error=error))


def _name(path: StrPath) -> str:
    name = str(getattr(path, "name", "") or path)
    name = name.replace("\\", "/").rsplit("/", 1)[-1]
    return "".join(c for c in name if c.isprintable())[:60]


class ReplayScene(Scene):
    name = "replay"

    def __init__(self, app: App, record: dict[str, Any], session: Session[Any] | None = None) -> None:
        """`session`: the record already replayed without snapshots (records.verified), else it
        is replayed here; the viewer moves it to each position."""
        super().__init__(app)
        self.record = record
        self.game = record["game"]
        if session is None:  # no snapshots: the positions are kept below
            session = records.replay(record, snapshots=False)
        config = GameConfig.from_record(record, session)
        config.replay = True  # the table shows the record read-only and saves nothing
        self.session = session
        self.table = app.make_table(config, session)
        self.total = len(session.history)
        # each move's lines, as the table's log tells them; who made it; the part each position is in
        self.lines: list[list[str]] = []
        self.movers: list[int | None] = []
        self.segments: list[int | None] = []
        self.positions = Positions(session.history.start, session.history.actions)
        for before, action, events, after in self.positions.walk():
            if not self.segments:
                self.segments.append(self.table.playback.segment(before))
            self.movers.append(before.current_player())
            self.lines.append([str(x) for x in self.table.logbook.lines(before, action, events, after)])
            self.segments.append(self.table.playback.segment(after))
        if not self.segments:
            self.segments.append(self.table.playback.segment(self.state))
        self.opening = [str(x) for x in self.table.logbook.opening()]
        self.cursor = self.total
        self.playing = False
        self.speed_index = 1
        self.wait = 0.0
        self.end_shown = False
        self.snaps = 0
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.size = (1280, 720)
        self.controls = [
            ui.Button("|<", self.home, "Home"),
            ui.Button("\u00ab", lambda: self.by_segment(-1), "PgUp"),
            ui.Button("<", lambda: self.step(-1), "Left"),
            ui.Button(">", lambda: self.step(1), "Right"),
            ui.Button("\u00bb", lambda: self.by_segment(1), "PgDn"),
            ui.Button(">|", self.end, "End"),
        ]
        self.play_b = ui.Button(N_("Play"), self.toggle, "Space")
        self.speed_b = ui.Button("1x", self.next_speed)
        self.back_b = ui.Button(N_("Back"), self.close_replay, "Esc")
        self.buttons = self.controls + [self.play_b, self.speed_b, self.back_b]
        # over something that covers the whole table (a hand's result): on, or close at the end
        self.cover_b = ui.Button(N_("Continue"), self.after_cover)
        self.cover_b.focused = True
        self.go(0)
        if app.demo:
            self.playing = True

    # --- reading ----------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    def position_words(self) -> str:
        return _("Move {n} of {total}").format(n=self.cursor, total=self.total)

    def segment_words(self) -> str:
        return self.table.playback.segment_words(self.state)

    def mover_words(self) -> str:
        if self.cursor == 0:
            return _("The game starts.")
        if len(self.table.config.seats) < 2:  # one player: every move is theirs
            return ""
        who = self.movers[self.cursor - 1]
        if isinstance(who, int):
            return _("{name} moved:").format(name=self.table.player_word(who))
        return _("Move:")

    def log_entries(self) -> list[tuple[str, bool]]:
        """(line, is it the current move's) for the opening and every move up to the cursor."""
        return list(reversed(list(self.entries_back())))

    def entries_back(self) -> Iterator[tuple[str, bool]]:
        """log_entries from the newest back: the panel draws them until it is full, so a frame
        costs the lines in sight, not every move of the record."""
        for i in range(self.cursor - 1, -1, -1):
            current = i == self.cursor - 1
            for line in reversed(self.lines[i]):
                yield line, current
        for line in reversed(self.opening):
            yield line, False

    # --- moving -----------------------------------------------------------------------------

    def go(self, target: int) -> None:
        """Put the cursor at `target` moves played (clamped) and lay the table out again."""
        target = max(0, min(self.total, target))
        if target != self.cursor:
            history = self.session.history
            state = self.positions.at(target, history.state, self.cursor)
            history.seek(state, target, self.positions.actions)
            self.cursor = target
        self.table.show_position()

    def after_cover(self) -> None:
        if self.cursor >= self.total:
            self.close_replay()
        else:
            self.step(1)

    def step(self, n: int) -> None:
        if n > 0 and self.cursor >= self.total:
            self.show_end()
            return
        self.go(self.cursor + n)
        if self.cursor >= self.total:
            self.playing = False
            self.show_end()

    def by_segment(self, direction: int) -> None:
        """To the start of the next round/hand, or of this one (again: the one before); in a game
        without such parts, SEGMENT_MOVES moves on or back."""
        if self.segments[self.cursor] is None:
            self.step(SEGMENT_MOVES * direction)
            return
        segs, c = self.segments, self.cursor
        if direction > 0:
            target = next((i for i in range(c + 1, self.total + 1) if segs[i] != segs[c]), self.total)
            self.step(target - c)
        else:
            start = c
            while start > 0 and segs[start - 1] == segs[c]:
                start -= 1
            if start == c and c > 0:  # at a round's start already: the one before
                start = c - 1
                while start > 0 and segs[start - 1] == segs[c - 1]:
                    start -= 1
            self.go(start)

    def home(self) -> None:
        self.playing = False
        self.go(0)

    def end(self) -> None:
        self.playing = False
        self.step(self.total - self.cursor)

    def toggle(self) -> None:
        if not self.playing and self.cursor >= self.total:
            self.go(0)  # playing again from the start
        self.playing = not self.playing
        self.wait = 0.0

    def next_speed(self) -> None:
        self.speed_index = (self.speed_index + 1) % len(SPEEDS)

    def show_end(self) -> None:
        """The game's end screen over the viewer (a finished game's; Grayblock's is on its table)."""
        if self.app.stack.top is not self:
            return
        if not self.state.is_over():  # an unfinished game has no end screen; the demo is done
            if self.app.demo:
                self.app.end_demo(None)
            return
        self.end_shown = True
        end = self.table.playback.end()
        if end is not None:
            self.app.stack.push(end)
        elif self.app.demo:
            self.app.end_demo()

    def close(self) -> None:
        self.table.close()

    def close_replay(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    # --- events and time ------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if self.table.playback.cover() is not None:  # over the table: its button by mouse or Enter;
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.cover_b.activate()  # the arrows still step
                return
            if event.type != pygame.KEYDOWN and self.cover_b.handle(event):
                return
        else:
            for b in self.buttons:
                if b.handle(event):
                    return
        if event.type != pygame.KEYDOWN:
            return
        shift = event.mod & pygame.KMOD_SHIFT
        key = event.key
        if key == pygame.K_ESCAPE:
            self.close_replay()
        elif key == pygame.K_RIGHT:
            self.by_segment(1) if shift else self.step(1)
        elif key == pygame.K_LEFT:
            self.by_segment(-1) if shift else self.step(-1)
        elif key == pygame.K_PAGEDOWN:
            self.by_segment(1)
        elif key == pygame.K_PAGEUP:
            self.by_segment(-1)
        elif key == pygame.K_HOME:
            self.home()
        elif key == pygame.K_END:
            self.end()
        elif key == pygame.K_SPACE:
            self.toggle()
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.speed_index = min(len(SPEEDS) - 1, self.speed_index + 1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.speed_index = max(0, self.speed_index - 1)

    def update(self, dt: float) -> None:
        if self.app.demo:
            self._demo_snaps()
        if not self.playing:
            return
        self.wait += dt
        pace = DEMO_S if self.app.demo else STEP_S / self.speed
        if self.wait >= pace:
            self.wait = 0.0
            if self.cursor >= self.total:  # the last move has shown a while: the end screen
                self.playing = False
                self.show_end()
            else:
                self.go(self.cursor + 1)

    def _demo_snaps(self) -> None:
        """The demo's pictures: the start, three points on the way, the end."""
        marks = [0, self.total // 4, self.total // 2, (3 * self.total) // 4, self.total]
        while self.snaps < len(marks) and self.cursor >= marks[self.snaps]:
            self.app.snap(f"replay-{self.snaps}")
            self.snaps += 1

    # --- drawing ----------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.table.resize(size)
        self.table.show_position()  # laid out again at the new size

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        s = max(0.5, ui.scale_for(surface.get_size()))
        cover = self.table.playback.cover()
        if cover is not None:  # the table's own result fills it: only the button to go on
            self.cover_b.label = N_("Close the replay") if self.cursor >= self.total else N_("Continue")
            self.cover_b.rect = cover
            self.cover_b.draw(surface, s)
            return
        self.panel = box = self.panel_box(surface, s)
        ui.panel(surface, box, (24, 20, 24, 255), ui.BRASS, radius=int(8 * s))
        pad = max(4, round(8 * s))
        inner = box.inflate(-2 * pad, -2 * pad)
        # controls at the bottom: six steps on one row, play / speed / back on the next
        bh = max(18, min(round(32 * s), inner.h // 6))
        gap = max(2, round(4 * s))
        row2 = pygame.Rect(inner.x, inner.bottom - bh, inner.w, bh)
        row1 = row2.move(0, -bh - gap)
        bw = (inner.w - gap * 5) / 6
        for i, b in enumerate(self.controls):
            b.rect = pygame.Rect(round(inner.x + i * (bw + gap)), row1.y, round(bw), bh)
            b.enabled = (self.cursor > 0) if i < 3 else (self.cursor < self.total or self.state.is_over())
        self.play_b.label = N_("Pause") if self.playing else N_("Play")
        self.speed_b.label = _("{n}x").format(n=f"{self.speed:g}")  # Japanese: 1倍速
        widths = (0.4, 0.2, 0.4)
        x = float(inner.x)
        room = inner.w - 2 * gap
        for b, share in zip((self.play_b, self.speed_b, self.back_b), widths):
            b.rect = pygame.Rect(round(x), row2.y, round(room * share), bh)
            x += room * share + gap
        for b in self.buttons:
            b.draw(surface, s)
        # the words: where the replay stands, who moved, then the log up to the row of buttons
        px = max(9, round(14 * s))
        y = inner.y
        head = ui.text(surface, self.position_words(), px, (inner.x, y), ui.HILITE, style="bold",
                       max_width=inner.w)
        seg = self.segment_words()
        if seg:
            ui.text(surface, seg, px, (inner.right, y), ui.MUTED, anchor="topright",
                    max_width=max(10, inner.w - head.w - pad))
        y = head.bottom + gap
        mover = self.mover_words()
        if mover:
            y = ui.text(surface, mover, px, (inner.x, y), ui.TEXT, max_width=inner.w).bottom + gap
        self._draw_log(surface, pygame.Rect(inner.x, y, inner.w, row1.y - gap - y), px)

    def panel_box(self, surface: pygame.Surface, s: float) -> pygame.Rect:
        """Where the viewer's panel goes: where the table says (the review takes part of it)."""
        return self.table.playback.panel()

    def _draw_log(self, surface: pygame.Surface, box: pygame.Rect, px: int) -> None:
        if box.h <= 0:
            return
        small = max(9, round(px * 0.9))
        line_h = ui.font(small).get_linesize()
        room = max(1, box.h // line_h)
        shown: list[tuple[str, tuple]] = []  # the newest entries that fit whole, oldest first
        for entry, current in self.entries_back():
            parts = ui.wrap(entry, small, box.w - 4)
            if len(shown) + len(parts) > room:
                if not shown:  # one entry longer than the box: its end
                    shown = [(part, ui.HILITE if current else ui.MUTED) for part in parts[-room:]]
                break
            shown[:0] = [(part, ui.HILITE if current else ui.MUTED) for part in parts]
        for i, (part, colour) in enumerate(shown):  # right under "X moved:", no gap above
            ui.text(surface, part, small, (box.x + 2, box.y + i * line_h), colour, max_width=box.w - 2)

    def toast_area(self) -> pygame.Rect:
        return pygame.Rect(0, 0, self.size[0], self.size[1])
