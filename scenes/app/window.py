"""The window, the frame loop and the demo mode.

`run_app(options)` opens the window and runs scenes until Quit. In demo mode every seat is a bot,
each scene moves on by itself, a PNG of each scene goes to --screenshots, and the app exits 0
once the scoring scene has shown for --exit-after seconds (non-zero on any error).
"""

from __future__ import annotations

import copy
import os
import signal
import sys
import threading
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any

import pygame  # scenes/__init__ has hidden its stdout banner (PYGAME_HIDE_SUPPORT_PROMPT)

from game.services import cli, settings as schema
from game.core import registry
from game.core.i18n import N_, _
from game.core.messages import message, shown

from scenes.widgets import ui
from scenes.app.keeping import Keeper
from scenes.app.stack import Scene, SceneStack
from scenes.menus.settings import game_speed, language, text_size, use_language
from scenes.sound.player import Sound

if TYPE_CHECKING:
    from game.core.commands import Session
    from game.storage import Store
    from scenes.config import GameConfig
    from scenes.table.base import GameTable

MIN_SIZE = cli.WINDOW_MIN_SIZE
MAX_SIZE = cli.WINDOW_MAX_SIZE  # beyond any screen: larger only fails in SDL or eats memory
MAX_FRAME_S = 0.1  # a slower frame counts as this much game time (no leaps past events)
EXIT_AFTER_MAX = cli.EXIT_AFTER_MAX  # a day: --exit-after 1e300 would never exit


@dataclass
class AppOptions:
    size: tuple[int, int] = (1280, 720)
    demo: bool = False
    game: str = field(default_factory=lambda: registry.GAMES[0].id)  # the first offered
    players: int = 4
    screenshots: Path | None = None
    exit_after: float | None = None
    seed: int | None = None
    fps: int = 60
    speed: float = 1.0  # game-time seconds per real second (the demo plays fast)
    lang: str | None = None  # --lang: this run's language over the settings' (not saved)
    tutorial: str | None = None  # --tutorial GAME: open (the demo: play) that game's lesson
    replay: Path | None = None  # --replay FILE: open that record in the replay viewer
    # --params FILE and --content DIR, per game with designers' tools: {"params": path,
    # "content": path}, read at each new game (the table's designer_files)
    workbench: dict[str, dict[str, Path | None]] = field(default_factory=dict)


class Toast(tuple):
    """(message, until): a pair as the tests read it, that knows whether it is news."""

    fine = False


class App:
    def __init__(self, options: AppOptions) -> None:
        self.options = options
        self.demo = options.demo
        # a demo nobody watches (no display): the same frames on any machine, as fast as it goes
        self.unwatched = self.demo and os.environ.get("SDL_VIDEODRIVER") == "dummy"
        self.started = time.perf_counter()
        # the system's IME shows its candidate list (SDL hides it unless asked: Japanese names)
        os.environ.setdefault("SDL_IME_SHOW_UI", "1")
        pygame.display.init()
        pygame.font.init()
        flags = pygame.RESIZABLE
        self.screen = pygame.display.set_mode(options.size, flags)
        self.windowed_size = options.size  # the window's size before full screen, to go back to
        pygame.display.set_caption("Alice Assemble")  # in the player's language once it is known
        try:
            with warnings.catch_warnings():  # the Window API warns but is the only way to set this
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
        except (AttributeError, pygame.error):
            pass
        pygame.key.set_repeat(350, 40)
        from scenes.art.cards import CardArt
        self.art = CardArt()
        self._warm_wait = 0
        icon = pygame.Surface((64, 64), pygame.SRCALPHA)
        card = self.art.doll(31, 44)
        icon.blit(card, card.get_rect(center=(32, 32)))
        pygame.display.set_icon(icon)
        self.store = open_store(options.demo)
        self.keeper = Keeper(self.store)  # settings and lesson places: written off the frame loop
        self._held = False  # a write found the data held by another program (the store's thread)
        self._held_told: str | None = None  # the toast that said so, while it holds
        self.store.on_busy = self._data_held
        from game.storage import legacy
        # the first start after the old files: their settings in force from the first frame
        self.waiting = None if options.demo else legacy.waiting(self.store)
        self.settings = schema.load(self.store)
        if self.waiting is not None:
            self.settings = schema.with_old(self.settings, self.waiting.settings)
        self._settings_told: str | None = None
        self.apply_settings()
        self.sound = Sound(self.settings, self.save_settings)
        self.stack = SceneStack()
        self.stack.resize(self.screen.get_size())
        self.clock = pygame.time.Clock()
        self.running = True
        self.exit_code = 0
        self.first_frame_s: float | None = None
        self.frame_times: list[float] = []
        self._snap_queue: list[str] = []
        self._snaps_taken: list[Path] = []
        self._exit_at: float | None = None
        self.toasts: list[tuple[str, float]] = []
        self.deleted_games: list[dict[str, Any]] = []  # Continue's Undo delete: records, this run only
        self._drops: list[str] = []  # files dropped since the last frame
        self.clock_s = 0.0  # game time: animations, bot delays, toasts
        self.real_s = 0.0  # wall time: --exit-after
        self._terminate = False  # SIGTERM came

    # --- scenes ---------------------------------------------------------------------------

    def make(self, name: str, **kwargs: Any) -> Scene:
        from scenes.registry import scene
        return scene(name)(self, **kwargs)

    def make_table(self, config: GameConfig, session: Session[Any] | None = None) -> GameTable:
        """The table scene that plays `config`'s game (a new game, or `session` resumed)."""
        from scenes.table.base import GameTable
        table = self.make(config.scene, config=config, session=session)
        assert isinstance(table, GameTable)  # (config.scene names the game's table)
        return table

    def apply_settings(self) -> None:
        """Text size and language from the settings (at the start, and after the first start's
        import brought in the old settings)."""
        ui.set_text_size(text_size(self.settings))
        use_language(self.options.lang or language(self.settings))

    def reload_settings(self) -> None:
        messages = getattr(self.settings, "messages", [])
        self.settings = schema.load(self.store)
        self.settings.messages[:0] = messages
        self.sound.settings = self.settings
        self.apply_settings()

    def save_settings(self) -> None:
        """Keep the player's settings (what changed, per key), in the background; the demo plays
        with them but never writes them. A failure is said once (the next success clears it)."""
        if self.demo:
            return
        settings = self.settings
        changed, removed = settings.changes()
        if not changed and not removed:
            return
        changed = copy.deepcopy(changed)  # the worker writes them while the settings change on

        def done(problem: str | None) -> None:
            if problem is None:
                settings.mark_kept(changed, removed)
            elif problem != self._settings_told:
                self.toast(problem)
            self._settings_told = problem
        self.keeper.keep(lambda: self.store.settings.put(changed, removed), done, key="settings")

    @property
    def data_held(self) -> bool:
        """Another program holds the data (the last write found it held)."""
        return self.store.held

    def _data_held(self) -> None:
        self._held = True  # said by the next frame (this may be the keeper's thread)

    def _say_held(self) -> None:
        """Another program holds the data: said once while it does, and once more when it has
        let go and everything that waited was written."""
        freed = self.keeper.poll()
        if self._held:
            self._held = False
            if not self._held_told:
                self._held_told = message(N_("Another program is holding your data (a backup or "
                                             "sync tool?): the app goes on, and keeps your changes "
                                             "once it lets go."))
                self.toast(self._held_told, 6.0)
        elif freed and self._held_told:
            self.toasts = [t for t in self.toasts if t[0] is not self._held_told]  # said: gone
            self._held_told = None
            self.toast(message(N_("Your data is free again: your changes are kept.")))
        elif self._held_told and not self.store.held and not self.keeper.pending():
            self._held_told = None  # let go, nothing of the keeper's waited: a later hold is said

    def toast(self, message: str, seconds: float = 4.0, fine: bool = False) -> None:
        """A one-line message over everything (errors included: never a crash). A
        game.core.messages.Message is drawn in the language of the moment (Settings may switch it).
        `fine`: news that something worked (exported, deleted, sound on), framed as such and
        not as a problem."""
        entry = Toast((message, self.clock_s + seconds))
        entry.fine = fine
        self.toasts.append(entry)
        print(f"alice-assemble: {message}", file=sys.stderr)

    def snap(self, name: str) -> None:
        """Save a PNG of the next frame (demo --screenshots)."""
        if self.options.screenshots is not None:
            self._snap_queue.append(name)

    @property
    def speed(self) -> float:
        """Game time per real second: the demo's own, else the player's animation setting."""
        return self.options.speed if self.demo else game_speed(self.settings)

    def end_demo(self, last: str | None = "scoring") -> None:
        """The demo's last picture (if any), then exit after --exit-after seconds."""
        if last is not None:
            self.snap(last)
        self.exit_in(self.options.exit_after or 0)

    def exit_in(self, seconds: float) -> None:
        if self._exit_at is None:
            self._exit_at = self.real_s + seconds

    def quit(self, code: int = 0) -> None:
        self.exit_code = code
        self.running = False

    def close_window(self) -> None:
        """The window's close button: the game in play is saved and the app quits, at any table
        without a question, but for a game that could not be saved (scenes.menus.pause.leave_game:
        Export it first?); a second close while that asks quits."""
        from scenes.menus.pause import leave_game
        leave_game(self, self.quit, asks=False)

    def _terminated(self, _signum: int, _frame: FrameType | None) -> None:
        self._terminate = True  # (a signal handler: the frame loop saves and quits)

    # --- loop -----------------------------------------------------------------------------

    def run(self) -> int:
        self.stack.push(self.make("title"))
        if self.waiting is not None:  # the first start after the JSON files: bring them in
            self.stack.push(self.make("bring_in"))
        if self.options.tutorial and not self.demo:  # the demo shows the title first
            from scenes.tutorial.start import open_lesson
            open_lesson(self, self.options.tutorial)
        if self.options.replay is not None:
            from scenes.replay.viewer import open_replay
            if open_replay(self, self.options.replay) is None and self.demo:
                self.quit(1)  # the file changed since it was checked: the demo has nothing to show
        # A demo nobody watches (no display) takes the longest frame the app allows every time:
        # the same frames on any machine, and a sixth of the drawing for the same game time. Its
        # bots decide at once (BotTurns), so nothing waits on the clock: its frames come as fast
        # as they are drawn, but for its last picture's --exit-after.
        unwatched = self.unwatched
        # SIGTERM saves and quits between frames (SDL would make it the close button's event)
        main = threading.current_thread() is threading.main_thread()  # (only it may set one)
        previous = signal.signal(signal.SIGTERM, self._terminated) if main else None
        try:
            self.loop(unwatched)
        finally:
            if main:
                signal.signal(signal.SIGTERM, signal.SIG_DFL if previous is None else previous)
        self.stack.close_all()
        pygame.display.quit()
        from scenes.table.saving import wait_for_saves
        wait_for_saves(lambda: print("alice-assemble: " + shown(message(N_(
            "waiting for another program to let go of your data, to keep your game")))
            , file=sys.stderr, flush=True))
        self.keeper.close()
        self.store.close()
        return self.exit_code

    def loop(self, unwatched: bool) -> None:
        while self.running:
            real_dt = self.clock.tick(0 if unwatched and self._exit_at is None
                                      else self.options.fps) / 1000.0
            self.real_s += real_dt
            start = time.perf_counter()
            self.step((MAX_FRAME_S if unwatched else min(real_dt, MAX_FRAME_S)) * self.speed)
            self.frame_times.append(time.perf_counter() - start)
            if len(self.frame_times) > 2000:
                del self.frame_times[:1000]

    def step(self, dt: float, draw: bool = True) -> None:
        """One frame: events, update, draw. Tests call this directly (without the drawing for
        frames that only let time pass)."""
        self.clock_s += dt
        start = time.perf_counter()
        for event in pygame.event.get():
            self.dispatch(event)
        if self._drops:  # the files of one drop arrive as one event each: answered together
            paths, self._drops = self._drops, []
            self.dropped(paths)
        if self._terminate:
            from scenes.menus.pause import save_and_quit
            save_and_quit(self)
            return
        self.stack.update(dt)
        for words in self.store.news():  # its folder deleted and made again, its file replaced
            self.toast(words, 8.0)
        self.sound.update(dt)
        self._say_held()
        if draw:
            self.draw()
        if self.art.pending:  # idle time: art a coming scene will need (every third frame
            self._warm_wait += 1  # at least, so that a slow machine still gets there)
            if time.perf_counter() - start < 0.006 or self._warm_wait >= 3:
                self._warm_wait = 0
                self.art.warm_one()
        if self._exit_at is not None and self.real_s >= self._exit_at:
            self.quit(0)

    def dispatch(self, event: pygame.event.Event) -> None:
        self.stack.note(event)
        if event.type == pygame.QUIT:
            self.close_window()
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.resized()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_s and not self.typing():
            on = self.sound.toggle()
            self.toast(_("Sound on") if on else _("Sound off (S turns it back on)"), 2.0, fine=True)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.fullscreen())
        elif event.type == pygame.DROPFILE:
            self._drops.append(event.file)
        else:
            self.stack.handle(event)

    def dropped(self, paths: list[str]) -> None:
        """Files dropped onto the window (those of one frame: one drop). One record asks to be
        imported (or only looked at), then opens in the replay viewer over what is on show (Esc
        comes back to it); anything else is one toast and nothing changes. Many files are one
        question, then one message (scenes.replay.drop)."""
        from scenes.replay.drop import offer_import, offer_imports
        if self.typing() or getattr(self.stack.top, "name", "") in (
                "replay_scoring", "replay_end", "confirm", "bring_in", "export"):
            self.toast(_("Close this screen first to open a replay."))
            return
        if len(paths) == 1:
            offer_import(self, paths[0])
        else:
            offer_imports(self, paths)

    def fullscreen(self) -> bool:
        surface = pygame.display.get_surface()
        return bool(surface and surface.get_flags() & pygame.FULLSCREEN)

    def set_fullscreen(self, on: bool) -> None:
        """Full screen on or off (F11, Settings). Back in a window, the window gets the size it had
        before, not the screen's (which some systems keep)."""
        if on == self.fullscreen():
            return
        if on:
            self.windowed_size = self.screen.get_size()
            self._desktop_sized()
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error as exc:
            self.toast(_("Fullscreen is not available here ({error})").format(error=exc))
        surface = pygame.display.get_surface()
        if not self.fullscreen() and surface is not None \
                and surface.get_size() != self.windowed_size:  # back in a window, or refused
            try:
                pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            except pygame.error as exc:
                self.toast(_("The window could not go back to its size ({error})").format(error=exc))
        self.resized()

    def _desktop_sized(self) -> None:
        """The window at the screen's own size first: pygame-ce then makes it full screen as the
        desktop (SDL_WINDOW_FULLSCREEN_DESKTOP), with no change of the screen's mode. At another
        size it switches the mode, and on X11 re-makes the window, printing "Warning: re-creating
        window in toggle_fullscreen" (on Wayland it prints that it skips, and does nothing)."""
        try:
            desktops = pygame.display.get_desktop_sizes()
            if desktops and self.screen.get_size() != tuple(desktops[0]):
                pygame.display.set_mode(desktops[0], pygame.RESIZABLE)
        except pygame.error:
            pass  # toggle_fullscreen says what is wrong

    def typing(self) -> bool:
        """A text field has the keyboard (so letters are text, not shortcuts)."""
        ring = getattr(self.stack.top, "ring", None)
        return isinstance(getattr(ring, "current", None), ui.TextField)

    def resized(self) -> None:
        """The window changed size. A size SDL cannot make a surface for (a window manager asked
        for 20000 x 20000), or one beyond MAX_SIZE, puts the window back within the largest
        screen attached, and the game goes on. (Larger than the screen but made is left alone:
        a window may span screens, and the headless driver's "screen" is smaller than tests'.)"""
        surface = pygame.display.get_surface()
        if surface is None:
            return
        try:
            w, h = surface.get_size()
        except pygame.error:  # SDL could not make a surface that large
            w, h = pygame.display.get_window_size()
            surface = None
        if surface is None or w > MAX_SIZE[0] or h > MAX_SIZE[1]:
            largest = self.largest_size()
            size = (max(MIN_SIZE[0], min(w, largest[0])), max(MIN_SIZE[1], min(h, largest[1])))
            try:
                surface = pygame.display.set_mode(size, pygame.RESIZABLE)
            except pygame.error:
                surface = pygame.display.set_mode(MIN_SIZE, pygame.RESIZABLE)
            w, h = surface.get_size()
        self.screen = surface
        if w > 0 and h > 0:
            if self.art.resized((w, h)):
                ui.window_resized()
            self.stack.resize((w, h))

    @staticmethod
    def largest_size() -> tuple[int, int]:
        """The largest screen attached (at most MAX_SIZE): where an unmade window goes back to."""
        try:
            sizes = pygame.display.get_desktop_sizes()
        except pygame.error:
            sizes = []
        w = max((size[0] for size in sizes), default=MAX_SIZE[0])
        h = max((size[1] for size in sizes), default=MAX_SIZE[1])
        return min(max(w, MIN_SIZE[0]), MAX_SIZE[0]), min(max(h, MIN_SIZE[1]), MAX_SIZE[1])

    def draw(self) -> None:
        try:
            w, h = self.screen.get_size()
        except pygame.error:  # the surface went with a resize SDL could not follow
            self.resized()
            w, h = self.screen.get_size()
        if w <= 0 or h <= 0:
            return  # minimised or resized to nothing: nothing to draw, nothing lost
        self.stack.draw(self.screen)
        self._draw_toasts()
        pygame.display.flip()
        if self.first_frame_s is None:
            self.first_frame_s = time.perf_counter() - self.started
            report = os.environ.get("ALICE_FIRST_FRAME_FILE")  # for the benchmark
            if report:
                Path(report).write_text(repr(time.time()))
        while self._snap_queue:
            self._save_snap(self._snap_queue.pop(0))

    def _draw_toasts(self) -> None:
        self.toasts = [entry for entry in self.toasts if entry[1] > self.clock_s]
        if not self.toasts:
            return
        s = ui.scale_for(self.screen.get_size())
        # the bottom of the window, or where the top scene says they cover nothing to read
        area = getattr(self.stack.top, "toast_area", lambda: None)() or self.screen.get_rect()
        y = area.bottom - 16 * s
        for entry in reversed(self.toasts[-3:]):
            message = entry[0]
            # a long one on two lines; a Message in the language of the moment
            lines = ui.wrap(shown(message), int(17 * s), area.w - 40 * s, "bold")
            surfs = [ui.render(line, int(17 * s), ui.TEXT, "bold") for line in lines]
            box = pygame.Rect(0, 0, max(t.get_width() for t in surfs), sum(t.get_height() for t in surfs))
            box = box.inflate(24 * s, 12 * s)
            box.midbottom = (area.centerx, int(y))
            if isinstance(entry, Toast) and entry.fine:
                ui.panel(self.screen, box, (28, 52, 36, 235), ui.GOOD, radius=int(8 * s))
            else:
                ui.panel(self.screen, box, (70, 24, 24, 235), ui.BAD, radius=int(8 * s))
            top = box.centery - sum(t.get_height() for t in surfs) // 2
            for t in surfs:
                self.screen.blit(t, t.get_rect(midtop=(box.centerx, top)))
                top += t.get_height()
            y = box.top - 6 * s

    def _save_snap(self, name: str) -> None:
        from scenes.app.png import save_png
        folder = self.options.screenshots
        assert folder is not None  # snap() queues names only with a folder
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{len(self._snaps_taken) + 1:02d}-{name}.png"
        save_png(self.screen, path)
        self._snaps_taken.append(path)


def open_store(demo: bool) -> Store:
    """The player's data (game.storage). The demo plays in memory with the player's settings
    (language, text size), and writes nothing."""
    from game.storage import Store, data_dir
    from game.storage.store import DB_NAME
    if not demo:
        return Store.open()
    store = Store.memory()
    try:
        there = (data_dir() / DB_NAME).is_file()
    except OSError:  # a data folder no path can name (too long): the demo plays with the defaults
        there = False
    if there:
        real = Store.open()
        try:
            data, _problems = real.settings.read()
            store.settings.put(data)
        except Exception:  # noqa: BLE001 - the demo plays with the defaults then
            pass
        finally:
            real.close()
    return store


def parse_app_args(argv: list[str]) -> AppOptions:
    from game.core import registry
    from game.services.cli import UsageError, check_players, window_parser
    from game.core.errors import RecordError
    parser = window_parser()  # (the same list --help shows)
    args = parser.parse_args(argv)
    w, h = _size(args.size)
    # not given: the largest table, so the demo shows every seat
    players = max(registry.info(args.game).player_counts) if args.players is None else args.players
    check_players(args.game, players)
    if args.replay is not None:  # a bad file: one line and exit 2, before the window opens
        from scenes.replay.viewer import load
        try:
            load(args.replay)
        except RecordError as exc:
            raise UsageError(f"--replay {str(args.replay)[:80]}: {exc}") from None
    return AppOptions(size=(w, h), demo=args.demo, game=args.game, players=players,
                      screenshots=args.screenshots, exit_after=args.exit_after, seed=args.seed,
                      lang=args.lang, tutorial=args.tutorial, replay=args.replay,
                      workbench=_workbench(args.params, args.content))


def _workbench(params: str | None, content: str | None) -> dict[str, dict[str, Path | None]]:
    """--params and --content for each game with designers' tools, checked now (a bad file: one
    line and exit 2 before the window opens) and read again at each new game."""
    from game.core import registry
    from game.services.cli import designer_files
    if params is None and content is None:
        return {}
    out: dict[str, dict[str, Path | None]] = {}
    for game in registry.workbench_games():
        designer_files(game, params, content)  # (UsageError naming the file and field)
        out[game] = {"params": None if params is None else Path(params),
                     "content": None if content is None else Path(content)}
    return out


def _size(text: str) -> tuple[int, int]:
    from game.services.cli import UsageError
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() and len(p) <= 5 for p in parts):
        raise UsageError(f"--size must look like 1280x720 (digits 0-9), not {text[:24]!r}")
    w, h = int(parts[0]), int(parts[1])
    if not (MIN_SIZE[0] <= w <= MAX_SIZE[0] and MIN_SIZE[1] <= h <= MAX_SIZE[1]):
        raise UsageError(f"--size must be from {MIN_SIZE[0]}x{MIN_SIZE[1]} "
                         f"to {MAX_SIZE[0]}x{MAX_SIZE[1]}, not {w}x{h}")
    return w, h


def run_app(argv: list[str]) -> int:
    options = parse_app_args(argv)
    if options.demo:
        options.speed = 4.0
        if options.exit_after is None:
            options.exit_after = 3.0
    if options.screenshots is not None:  # refused before the window opens, not at the first picture
        from game.services.cli import writable_folder
        writable_folder(options.screenshots)
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":  # headless: no speakers either
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    try:
        app = App(options)
    except pygame.error as exc:
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            raise  # the window is open: some other fault, not the display's
        print(f"alice-assemble: error: cannot open a window: {exc}", file=sys.stderr)
        return 2
    try:
        return app.run()
    except Exception as exc:
        if os.environ.get("ALICE_DEBUG") or options.demo:
            import traceback
            traceback.print_exc()
        print(f"alice-assemble: error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
