"""The new-game screen: which game, players, seats (name, human or bot, colour), rules, seed.

Every game that has screens is offered (scenes.games); what it offers beside the seats comes from
its declarations: its player counts, its optional rules, the points a match is played to, a deal
of the day (game.core.descriptor), and the words for them (scenes.descriptor.SetupPage)."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Callable, TypeVar

import pygame

from game.core import registry
from game.bots import bot_levels
from game.core.descriptor import GameInfo
from game.core.errors import ContentError
from game.services.ratings import load_ratings
from game.core.i18n import _, N_
from game.core.messages import message
from game.core.text import LABEL, clean

from scenes.descriptor import SceneInfo
from scenes.widgets import ui
from scenes.config import LEVEL_NAMES, GameConfig, Seat
from scenes.table.base import again
from scenes.app.stack import Scene
from scenes.art.warmup import planned_art
from scenes.widgets.decor import PrimaryButton, backdrop, heading, ornament, vignette

if TYPE_CHECKING:
    from scenes.app.window import App

# the stand-in names, in the language of the moment: a game keeps its seats' names as they were
# when it started (records are never renamed)
DEFAULT_NAMES = [N_("You"), N_("Bellows"), N_("Ratchet"), N_("Cogsworth"), N_("Spindle")]
DEMO_NAMES = [N_("Sprocket"), N_("Bellows"), N_("Ratchet"), N_("Cogsworth"), N_("Spindle")]
W = TypeVar("W", bound=ui.Widget)
NAME_LEN = 14
SEED_LEN = 9
# Words are marked with N_ here and translated where they are drawn (Settings may switch language).
# Each game's own words (its notes, what its options mean) are its declaration's: scenes.games.
ADVANCED_TEXT = N_("Advanced\u2026")  # shows the "External program" seat kind: a bot of your own
TARGET, DAILY = "target", "daily"  # the remembered setup's keys of the match's points and Today's deal
PARAMS = "params"  # and of a designer's parameters file (the games with designers' tools)
UNDO_TEXT = {"fair": N_("Own moves only; no peeking."),
             "free": N_("Anything; may count as assisted.")}
UNDO_NAMES = {"fair": N_("Fair"), "free": N_("Free")}
LEVEL_WORDS = (N_("Random"), N_("Easy"), N_("Normal"), N_("Hard"), N_("Expert"))  # LEVEL_NAMES, for Babel


def kind_label(kind: str, ratings: dict | None = None) -> str:
    """"Human", "Bot · Hard", or with the level's rating from the ladder "Hard (1620)"."""
    if kind == "external":
        return _("External program")
    if kind == "human":
        return _("Human")
    level = _(LEVEL_NAMES[kind]) if kind in LEVEL_NAMES else clean(kind, LABEL).capitalize() or "?"
    if ratings and kind in ratings:  # the number says it is a bot: the words stay short
        return _("{level} ({rating})").format(level=level, rating=ratings[kind])
    return _("Bot \u00b7 {level}").format(level=level)


def option_keys(game: GameInfo) -> list[str]:
    """A game's options by their keys in the remembered setup, in the order the right-hand
    column shows them."""
    return ([rule.key for rule in game.rules] + ([TARGET] if game.targets else [])
            + ([DAILY] if game.daily_seed is not None else [])
            + ([PARAMS] if game.workbench is not None else []))


class ParamsChoice(ui.Choice):
    """A designer's parameters file, or the game's own numbers: a click (or Enter) opens the file
    picker and a file the game cannot use is refused with its one-line reason; Left and Right
    (or the left arrow) switch between the game's own numbers and the last file chosen."""

    def __init__(self, setup: "SetupScene") -> None:
        super().__init__(N_("Numbers"), [""], 0, show=self._words)
        self.setup = setup

    @staticmethod
    def _words(path: str) -> str:
        return Path(path).name if path else _("the game's own")

    def pick(self, path: str) -> None:
        """`path` chosen (not read here: Start reads it and says what is wrong)."""
        self.options = ["", path] if path else [""]
        self.index = len(self.options) - 1

    def click(self, pos: tuple[int, int]) -> None:
        if len(self.options) > 1 and pos[0] < self.rect.x + self.rect.w * 0.3:
            self.adjust(-1)
        else:
            self.activate()

    def activate(self) -> None:
        from scenes.app import picker
        setup = self.setup
        game = setup.game.value
        start = Path(self.value).expanduser().parent if self.value else Path.home()

        def chosen(paths: list[Path]) -> None:
            try:
                registry.workbench(game).read_params(paths[0])
            except ContentError as exc:  # the file's problem, naming its field: nothing changes
                setup.app.toast(message(N_("That parameters file cannot be used: {problem}"),
                                        problem=str(exc)))
                return
            self.pick(str(paths[0]))
        picker.choose(setup.app, picker.FILE, _("Parameters file"),
                      start if start.is_dir() else Path.home(), chosen)


class ColourChoice(ui.Choice):
    """A colour picker that skips colours other seats already use."""

    def __init__(self, index: int, taken: Callable[[ColourChoice], set[int]]) -> None:
        super().__init__("", list(range(len(ui.COLOUR_NAMES))), index,
                         show=lambda i: _(ui.COLOUR_NAMES[i]))
        self.taken = taken  # (this chooser) -> the colours the other seats use

    def adjust(self, step: int) -> None:
        used = self.taken(self)
        for _tried in range(len(self.options)):
            self.index = (self.index + step) % len(self.options)
            if self.index not in used:
                break
        if self.on_change:
            self.on_change(self.value)

    def draw(self, surface: pygame.Surface, s: float) -> None:
        label, self.show = self.show, (lambda _i: "")
        try:
            super().draw(surface, s)  # frame and arrows only
        finally:
            self.show = label
        px = int(self.rect.h * 0.45)
        r = max(3, int(self.rect.h * 0.2))
        gap = int(8 * s)
        arrow = ui.font(px).size("\u25c2")[0] + 8 * s + 3 * s
        room = self.rect.w - 2 * arrow - 2 * r - gap - 6 * s  # between the arrows, beside the dot
        word = _(ui.COLOUR_NAMES[self.value])
        style = "bold" if ui.font(px, "bold").size(word)[0] <= room else "narrow"
        name = ui.render(word, px, ui.TEXT, style)
        total = 2 * r + gap + min(room, name.get_width())
        x = self.rect.centerx - total // 2
        c = (x + r, self.rect.centery)
        pygame.draw.circle(surface, ui.PLAYER_COLOURS[self.value], c, r)
        pygame.draw.circle(surface, ui.INK, c, r, max(1, int(1.5 * s)))
        ui.text(surface, word, px, (x + 2 * r + gap, self.rect.centery),
                ui.TEXT, "midleft", style, max_width=room)


def player_word(i: int) -> str:
    """A seat's stand-in name, 1-based."""
    return _("Player {number}").format(number=i + 1)


class SeatRow:
    def __init__(self, scene: "SetupScene", i: int, name: str, kind: str, colour: int) -> None:
        self.i = i
        self.name = ui.TextField(player_word(i), name, max_len=NAME_LEN)
        kinds = scene.kinds
        self.kind = ui.Choice("", kinds, kinds.index(kind) if kind in kinds else 0,
                              show=lambda k: kind_label(k, load_ratings(scene.game.value)))
        self.colour = ColourChoice(colour, scene.colours_taken)

    @property
    def widgets(self) -> list[ui.Widget]:
        return [self.name, self.kind, self.colour]

    def seat(self) -> Seat:
        name = self.name.value.strip() or player_word(self.i)
        return Seat(name, self.kind.value, self.colour.value)


class SetupScene(Scene):
    name = "setup"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        # (game, players, window size) whose table art is planned
        self.planned: tuple[str, int, tuple[int, int]] | None = None
        from scenes import games  # its tables import this module
        self.game = ui.Choice(N_("Game"), [info.game for info in games.GAMES], 0, caption=True,
                              on_change=self._game_changed, show=lambda g: _(registry.info(g).title))
        # the external program seat kind is for bot writers: tucked away until asked for
        self.advanced = ui.Toggle(ADVANCED_TEXT, False, on_change=self._advanced_changed)
        self.kinds = self._kinds()
        self.players = ui.Choice(N_("Players"), [2, 3, 4], 2, on_change=lambda _v: self.layout(),
                                 caption=True)
        self.rows: list[SeatRow] = []
        for i, name in enumerate(DEFAULT_NAMES):
            self.rows.append(SeatRow(self, i, _(name), "human" if i == 0 else self._bot("easy"), i))
        self.options = self._options()
        self.short_blurbs = False  # the options' words are the shorter ones (stack_options)
        self.no_blurbs = False  # too many options for any words under them (stack_options)
        self.undo = ui.Choice(N_("Undo"), ["fair", "free"], 0, show=lambda v: _(UNDO_NAMES[v]),
                              caption=True)
        self.seed = ui.TextField(N_("random"), "", max_len=SEED_LEN, allowed="0123456789")
        self.command = ui.TextField(N_("its command line, e.g. python3 mybot.py"), "", max_len=160)
        self.back = ui.Button(N_("Back"), self.go_back)
        self.start = PrimaryButton(N_("Start game"), self.start_game)
        self.words = {w: w.label for w in (self.game, self.advanced, self.players, self.undo,
                                           self.seed, self.command, self.back, self.start,
                                           *self.options.values())}  # English; drawn translated
        self.ring: ui.FocusRing[ui.Widget] = ui.FocusRing([])
        self.size, self.s = (1280, 720), 1.0
        self.bg: pygame.Surface | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.t = 0.0
        self.snapped = self.started = False
        self.load(app.settings.get("setup") if isinstance(getattr(app, "settings", None), dict) else None)
        for files in app.options.workbench.values():  # this run's --params FILE: what Start plays
            if files.get("params") is not None and PARAMS in self.options:
                self.option(PARAMS, ParamsChoice).pick(str(files["params"]))
        if app.demo:
            self.demo_setup()
        self.rebuild_ring()

    def _options(self) -> dict[str, ui.Toggle | ui.Choice]:
        """A widget for each option any game has, by its key in the remembered setup: optional
        rules (on or off), the points a match is played to, the deal of the day."""
        options: dict[str, ui.Toggle | ui.Choice] = {}
        for game in registry.GAMES:
            for rule in game.rules:
                options.setdefault(rule.key, ui.Toggle(rule.title))
            if game.targets and TARGET not in options:
                first = game.targets.index(game.default_target) if game.default_target in game.targets else 0
                options[TARGET] = ui.Choice(N_("Match to"), list(game.targets), first,
                                            show=lambda v: _("{points} points").format(points=v))
            if game.daily_seed is not None and DAILY not in options:
                options[DAILY] = ui.Toggle(N_("Today's deal"), True, on_change=lambda _v: self.layout())
            if game.workbench is not None and PARAMS not in options:
                options[PARAMS] = ParamsChoice(self)
        return options

    def option(self, key: str, kind: type[W]) -> W:
        """The widget of the option `key`, which is a `kind` (a target is a Choice...)."""
        widget = self.options[key]
        assert isinstance(widget, kind)
        return widget

    @property
    def info(self) -> GameInfo:
        """The game being set up, as it declares itself."""
        return registry.info(self.game.value)

    @property
    def screens(self) -> SceneInfo:
        """The game being set up, as its screens declare it."""
        from scenes import games
        return games.info(self.game.value)

    def today(self) -> bool:
        """The deal of the day is chosen (the seed is the day's)."""
        return self.info.daily_seed is not None and self.options[DAILY].value

    def _bot(self, level: str) -> str:
        bots = [k for k in self.kinds if k not in ("human", "external")]
        return level if level in bots else (bots[-1] if bots else "human")

    def _kinds(self) -> list[str]:
        try:
            levels = bot_levels(self.game.value)
        except ValueError:  # this build has no bots for the game
            levels = []
        extra = ["external"] if self.advanced.value else []
        hidden = ("human", *self.info.unoffered_levels)
        return ["human"] + [k for k in levels if k not in hidden] + extra

    def _refresh_kinds(self) -> None:
        """The seat kinds for this game and the Advanced toggle; a seat keeps its kind if it can."""
        self.kinds = self._kinds()
        for row in self.rows:
            old = row.kind.value
            row.kind.options = self.kinds
            row.kind.index = self.kinds.index(old if old in self.kinds else
                                              ("human" if row.i == 0 else self._bot("easy")))

    def _advanced_changed(self, _value: object = None) -> None:
        self._refresh_kinds()  # off: an external program's seat goes back to a bot
        self.layout()

    def _game_changed(self, _value: object = None) -> None:
        self._refresh_kinds()
        self._refresh_players()
        self.layout()

    def _refresh_players(self) -> None:
        """Each game offers its own player counts (Alicematic: 3 to 5) and match targets; the
        count and the target stay if they can."""
        game = self.info
        counts = game.player_counts
        if len(counts) > 1:
            old = self.players.value
            self.players.options = list(counts)
            self.players.index = counts.index(old) if old in counts else len(counts) - 1
        if game.targets:
            target = self.option(TARGET, ui.Choice)
            old = target.value
            target.options = list(game.targets)
            target.set(old if old in game.targets else game.default_target or game.targets[0])
        used: set[int] = set()
        for row in self.rows[:max(self.players.options)]:  # a seat coming back: a free colour
            if row.colour.value in used:
                row.colour.index = next(c for c in range(len(ui.COLOUR_NAMES)) if c not in used)
            used.add(row.colour.value)

    @property
    def solo(self) -> bool:
        return self.info.solo

    # --- settings ----------------------------------------------------------------------------

    def load(self, data: object) -> None:
        """Restore the last setup; anything malformed is ignored field by field."""
        if not isinstance(data, dict):
            return
        if isinstance(data.get("game"), str) and data["game"] in self.game.options:
            self.game.set(data["game"])
            self._refresh_players()
        seats = data.get("seats")
        # a setup that already has an external program's seat opens with Advanced on
        self.advanced.value = data.get("advanced") is True or (isinstance(seats, list) and any(
            isinstance(seat, dict) and seat.get("kind") == "external" for seat in seats))
        self._refresh_kinds()
        if data.get("players") in self.players.options and not isinstance(data.get("players"), bool):
            self.players.set(data["players"])
        if isinstance(seats, list):
            used: set[int] = set()
            for row, seat in zip(self.rows, seats):
                if not isinstance(seat, dict):
                    continue
                name = seat.get("name")
                if isinstance(name, str):
                    name = "".join(c for c in name if c.isprintable())[:NAME_LEN]
                    # a stand-in name ("You", a bot's) remembered in another language: in this one
                    stand_ins = {_(default) for default in DEFAULT_NAMES}
                    row.name.value = again(name) if again(name) in stand_ins else name
                if seat.get("kind") in self.kinds:
                    row.kind.set(seat["kind"])
                colour = seat.get("colour")
                if isinstance(colour, int) and not isinstance(colour, bool) \
                        and 0 <= colour < len(ui.COLOUR_NAMES):
                    row.colour.index = colour
            for row in self.rows:  # repair duplicates: later seats move to a free colour
                if row.colour.value in used:
                    row.colour.index = next(c for c in range(len(ui.COLOUR_NAMES)) if c not in used)
                used.add(row.colour.value)
        if data.get("undo") in self.undo.options:
            self.undo.set(data["undo"])
        for key, widget in self.options.items():
            if isinstance(widget, ParamsChoice):
                if isinstance(data.get(key), str) and data[key].isprintable():
                    widget.pick(data[key][:400])
            elif isinstance(widget, ui.Toggle) and isinstance(data.get(key), bool):
                widget.value = data[key]
            elif isinstance(widget, ui.Choice) and data.get(key) in widget.options \
                    and not isinstance(data.get(key), bool):
                widget.set(data[key])
        seed = data.get("seed")
        if isinstance(seed, str) and seed.isdigit() and len(seed) <= SEED_LEN:
            self.seed.value = seed
        command = data.get("command")
        if isinstance(command, str):
            self.command.value = "".join(c for c in command if c.isprintable())[:160]

    def remember(self) -> None:
        self.app.settings["setup"] = {
            "players": self.players.value,
            "seats": [{"name": r.name.value, "kind": r.kind.value, "colour": r.colour.value}
                      for r in self.rows],
            "seed": self.seed.value, "command": self.command.value, "game": self.game.value,
            "advanced": self.advanced.value, "undo": self.undo.value,
            **{key: widget.value for key, widget in self.options.items()},
        }
        self.app.save_settings()

    def demo_setup(self) -> None:
        opts = self.app.options
        self.game.set(opts.game)
        self._game_changed()
        if DAILY in self.options:
            self.option(DAILY, ui.Toggle).value = False
        self.players.set(opts.players if opts.players in self.players.options else self.players.options[-1])
        for i, row in enumerate(self.rows):
            row.name.value = _(DEMO_NAMES[i])
            levels = self.screens.demo_bots
            row.kind.set(self._bot(levels[i % len(levels)]))
        self.seed.value = str(opts.seed) if opts.seed is not None and opts.seed >= 0 else ""

    def daily_label(self) -> str:
        """What the seed field shows while Today's deal is ticked: the day's own seed."""
        daily_seed = self.info.daily_seed
        return str(daily_seed()) if daily_seed is not None else ""

    def colours_taken(self, chooser: ColourChoice) -> set[int]:
        """The colours of the other seats this game can have (a fifth seat only counts in a game
        for five)."""
        return {r.colour.value for r in self.rows[:max(self.players.options)] if r.colour is not chooser}

    # --- result ------------------------------------------------------------------------------

    def uses_external(self) -> bool:
        return not self.solo and any(r.kind.value == "external" for r in self.rows[:self.players.value])

    def config(self) -> GameConfig:
        game = self.info
        seed = int(self.seed.value) if self.seed.value.isdigit() else None
        if self.today() and game.daily_seed is not None:
            seed = game.daily_seed()
        rules = registry.rules_of(game.id, {rule.key: self.options[rule.key].value for rule in game.rules})
        designer = {PARAMS: self.options[PARAMS].value} if game.workbench is not None else {}
        if self.solo:
            you = self.rows[0].seat()
            return GameConfig([Seat(you.name, "human", you.colour)], rules, seed, game.id,
                              designer=designer)
        seats = [r.seat() for r in self.rows[:self.players.value]]
        for seat in seats:
            if seat.kind == "external":
                seat.kind = "cmd:" + self.command.value.strip()
        target = self.options[TARGET].value if game.targets else None
        return GameConfig(seats, rules, seed, game.id, target, self.undo.value, designer=designer)

    def start_game(self) -> None:
        if self.uses_external() and not self.command.value.strip():
            self.app.toast(_("Type the command line that starts the external program."))
            return
        config = self.config()
        if not self.app.demo:
            self.remember()
        try:
            table = self.app.make(config.scene, config=config)
        except ContentError as exc:  # a designer's file (--content, --params) that cannot be used
            self.app.toast(message(N_("The game cannot start: {problem}"), problem=str(exc)))
            return
        self.app.stack.replace(table)

    def go_back(self) -> None:
        self.app.stack.replace(self.app.make("title"))

    # --- layout ------------------------------------------------------------------------------

    def rebuild_ring(self) -> None:
        widgets = [w for w in self.all_widgets() if w.rect.w > 0]
        current = self.ring.current
        self.ring.widgets = widgets
        for w in widgets:
            w.focused = False
        if current in widgets:
            self.ring.index = widgets.index(current)
        elif self.start in widgets:
            self.ring.index = widgets.index(self.start)
        else:  # not laid out yet
            self.ring.index = -1
            return
        widgets[self.ring.index].focused = True

    def all_widgets(self) -> list[ui.Widget]:
        widgets: list[ui.Widget] = [self.game, self.players, self.undo]
        for row in self.rows:
            widgets += row.widgets
        return widgets + list(self.options.values()) + [self.seed, self.advanced, self.command,
                                                         self.back, self.start]

    def resize(self, size: tuple[int, int]) -> None:
        self.size = (max(1, size[0]), max(1, size[1]))
        self.s = ui.scale_for(self.size)
        self.bg = backdrop(self.app, self.size).copy()
        self.bg.blit(vignette(self.size), (0, 0))
        self.layout()

    def layout(self) -> None:
        s = self.s
        P = pygame.Rect(0, 0, int(1200 * s), int(660 * s))
        P.center = (self.size[0] // 2, self.size[1] // 2)
        self.panel = P
        hidden = pygame.Rect(0, 0, 0, 0)
        for w in self.all_widgets():
            w.rect = hidden
            w.enabled = False
        solo = self.solo
        n = 1 if solo else self.players.value
        L = P.x + int(44 * s)  # left column: the game and the seats
        self.game.rect = pygame.Rect(L, P.y + int(134 * s), int(300 * s), int(46 * s))
        if not solo:
            self.players.rect = pygame.Rect(L + int(316 * s), P.y + int(134 * s), int(184 * s), int(46 * s))
        if self.screens.table.undo_modes:  # Cementopia's undo is its own rule
            # Undo's words run longer than Players' in Japanese ("待った: 自分"): it gets the room
            self.undo.rect = pygame.Rect(L + int(516 * s), P.y + int(134 * s), int(184 * s), int(46 * s))
        self.col_name = L + int(54 * s)
        self.col_kind = self.col_name + int(230 * s)
        self.col_colour = self.col_kind + int(232 * s)
        five = max(self.players.options) > 4  # five seats: rows closer together
        step, h = (58, int(46 * s)) if five else (70, int(50 * s))
        self.row_y = [P.y + int((262 + step * i) * s) for i in range(len(self.rows))]
        for i, row in enumerate(self.rows[:n]):
            y = self.row_y[i]
            row.name.rect = pygame.Rect(self.col_name, y, int(216 * s), h)
            if not solo:
                row.kind.rect = pygame.Rect(self.col_kind, y, int(220 * s), h)
                row.colour.rect = pygame.Rect(self.col_colour, y, int(162 * s), h)
        R = P.x + int(790 * s)  # right column: rules, seed, external program
        self.col_right = R
        self.right_w = P.right - int(40 * s) - R
        if solo:
            self.seed.rect = pygame.Rect(R, P.y + int(440 * s), int(200 * s), int(46 * s))
        else:
            self.seed.rect = pygame.Rect(R, P.y + int(410 * s), int(120 * s), int(46 * s))
            self.advanced.rect = pygame.Rect(R + int(140 * s), P.y + int(413 * s),
                                             self.right_w - int(140 * s), int(40 * s))
            if self.advanced.value:
                self.command.rect = pygame.Rect(R, P.y + int(508 * s), self.right_w, int(46 * s))
        self.stack_options(P.y + int(170 * s), self.seed_top() - 2 * s)
        bw, bh = int(200 * s), int(58 * s)
        self.back.rect = pygame.Rect(P.x + int(44 * s), P.bottom - int(88 * s), bw, bh)
        self.start.rect = pygame.Rect(P.right - int(40 * s) - int(260 * s), P.bottom - int(88 * s),
                                      int(260 * s), bh)
        for w in self.all_widgets():
            w.enabled = w.rect.w > 0
        today = self.today()
        self.seed.enabled = self.seed.enabled and not today
        self.seed.standin = self.daily_label() if today else None
        self.rebuild_ring()

    def stack_options(self, top: float, bottom: float) -> None:
        """The game's options down the right-hand column from `top`, each followed by what it
        means: the full words where all of them fit above `bottom`, else the shorter ones, and
        closer together where even those need it."""
        s, R = self.s, self.col_right
        keys = option_keys(self.info)
        tight = len(keys) > 5  # six rows (Alicematic's variants and its numbers): a little lower
        for key in keys:
            widget = self.options[key]
            toggle = isinstance(widget, ui.Toggle)
            wide = toggle or isinstance(widget, ParamsChoice)  # (a file's name needs the room)
            widget.rect = pygame.Rect(R, 0, self.right_w if wide else int(260 * s),
                                      int((30 if tight else 40) * s) if toggle
                                      else int((34 if tight else 44) * s))
        for short, none in ((False, False), (True, False), (True, True)):
            self.short_blurbs, self.no_blurbs = short, none  # none: the rules page says them
            heights = [self.options[key].rect.h + self.blurb_height(key) for key in keys]
            room = bottom - top - sum(heights)
            if room >= 14 * s * (len(keys) - 1):
                break
        gap = max(2 * s, min(14 * s, room / max(1, len(keys) - 1)))
        y = top
        for key, height in zip(keys, heights):
            self.options[key].rect.y = int(y)
            y += height + gap

    def blurb_height(self, key: str) -> float:
        """The room an option's words take under it (none where it has none)."""
        words = self.blurb(key, self.short_blurbs)
        return 4 * self.s + ui.paragraph_height(words, self.small, self.blurb_box(self.options[key], 0, 0).w) \
            if words else 0

    def blurb(self, key: str, short: bool = False) -> str:
        """What an option means, in the player's language ("" where the game says nothing)."""
        words = self.screens.setup.blurb(key)
        if words is None or self.no_blurbs:
            return ""
        return _(words.shorter if short and words.shorter else words.text)

    def blurb_box(self, widget: ui.Widget, y: float, limit: float) -> pygame.Rect:
        """Where an option's words go: beside its tick box, from y down to limit."""
        x = self.col_right + widget.rect.h + 4 * self.s
        return pygame.Rect(int(x), int(y), int(self.col_right + self.right_w - x), int(limit - y))

    def seed_top(self) -> float:
        """The SEED label's top: higher where a large text size makes it taller."""
        return min(self.seed.rect.y - 26 * self.s,
                   self.seed.rect.y - 2 * self.s - ui.font(self.small, "bold").get_height())

    @property
    def small(self) -> int:
        return max(8, int(15 * self.s))

    # --- frame -------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            cur = self.ring.current
            if isinstance(cur, ui.TextField) and cur.composition:
                self.ring.handle(event)  # the input method owns Esc and Enter while composing
                return
            if event.key == pygame.K_ESCAPE:
                self.go_back()
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and isinstance(cur, ui.TextField):
                self.ring.move(1)  # Enter in a text field moves on
                return
        self.ring.handle(event)

    def update(self, dt: float) -> None:
        self.t += dt
        want = (self.game.value, self.players.value, self.app.screen.get_size())
        if want != self.planned and min(want[2]) > 0:
            self.planned = want  # while the seats are chosen, idle frames draw the table's cards
            try:
                self.app.art.plan(planned_art(*want))
            except Exception:  # noqa: BLE001 - a head start only; the table draws them anyway
                pass
        if not self.app.demo or self.started:
            return
        if not self.snapped and self.t >= 0.5:
            self.snapped = True
            self.app.snap("setup")
        elif self.snapped and self.t >= 0.8:
            self.started = True
            self.start_game()

    def draw(self, surface: pygame.Surface) -> None:
        s, P = self.s, self.panel
        for w, word in self.words.items():  # looked up now: Settings may have switched language
            w.label = _(word)
        for row in self.rows:
            row.name.label = player_word(row.i)
        if self.bg is not None:
            surface.blit(self.bg, (0, 0))
        ui.panel(surface, P, (34, 26, 26, 232), ui.PANEL_EDGE, radius=int(16 * s) + 2,
                 width=max(1, int(2 * s)))
        inner = P.inflate(-int(14 * s), -int(14 * s))
        ui.panel(surface, inner, (0, 0, 0, 0), (110, 84, 44), radius=int(12 * s) + 2, width=1)
        title = heading(surface, _("New game"), int(48 * s), (P.centerx, P.y + 52 * s))
        # under the title's descenders, however large the player's text size made it
        ornament(surface, (P.centerx, max(P.y + 92 * s, title.bottom + 4 * s)), 360 * s, s)
        self.draw_seats(surface)
        self.draw_right(surface)
        # a brass divider between the columns
        x = P.x + int(758 * s)
        pygame.draw.line(surface, (110, 84, 44), (x, P.y + 124 * s), (x, P.bottom - 112 * s),
                         max(1, int(s)))
        ui.text(surface, _("Tab / \u2191\u2193 move     \u2190\u2192 change     Enter start     Esc back"),
                max(8, int(14 * s)), (P.centerx, P.bottom - 59 * s), (150, 132, 108), "center",
                max_width=2 * (self.start.rect.x - 12 * s - P.centerx))  # clear of Start (right)
        self.ring.draw(surface, s)

    def draw_seats(self, surface: pygame.Surface) -> None:
        s = self.s
        small = max(8, int(15 * s))
        L = self.game.rect.x
        note_y = self.game.rect.bottom + 20 * s
        width = self.col_colour + 162 * s - L
        words = self.screens.setup
        if self.solo:
            hy = min(self.row_y[0] - 26 * s, self.row_y[0] - 2 * s - ui.font(small, "bold").get_height())
            ui.text(surface, _("NAME"), small, (self.col_name + 4 * s, hy), ui.MUTED, "topleft", "bold")
            ui.text(surface, _(words.note(1)), small, (L, note_y), ui.MUTED, "midleft", max_width=width)
            y = self.rows[0].name.rect.bottom + 24 * s
            for line in ui.wrap(_(words.solo_text), small, width) if words.solo_text else []:
                ui.text(surface, line, small, (L, y), ui.MUTED)
                y += max(small * 1.35, ui.font(small).get_linesize())
            return
        n = self.players.value
        U = self.undo.rect
        right = U.x if U.w else self.col_colour + 162 * s
        ui.text(surface, _(words.note(n)), small, (L, note_y), ui.MUTED, "midleft", max_width=right - 12 * s - L)
        # column headings above the rows; higher when the text size makes them taller
        hy = min(self.row_y[0] - 26 * s, self.row_y[0] - 2 * s - ui.font(small, "bold").get_height())
        y = U.bottom + 4 * s  # what the undo mode means, under it (smaller if the text size needs)
        if U.w:
            ui.paragraph(surface, _(UNDO_TEXT[self.undo.value]), small,
                         (U.x, y, U.w + 4 * s, hy - 2 * s - y), ui.MUTED)
        for label, x in ((N_("NAME"), self.col_name), (N_("PLAYS AS"), self.col_kind),
                         (N_("COLOUR"), self.col_colour)):
            ui.text(surface, _(label), small, (x + 4 * s, hy), ui.MUTED, "topleft", "bold")
        for i, row in enumerate(self.rows[:max(self.players.options)]):
            y = self.row_y[i] + round(row.name.rect.h / 2 if i < n else 25 * s)
            c = (int(L + 20 * s), y)
            r = max(4, int(19 * s))
            if i < n:
                pygame.draw.circle(surface, ui.PLAYER_COLOURS[row.colour.value], c, r)
                pygame.draw.circle(surface, ui.INK, c, r, max(1, int(2 * s)))
                ui.text(surface, str(i + 1), int(20 * s), c, ui.INK, "center", "bold")
            else:
                pygame.draw.circle(surface, (70, 60, 54), c, r, max(1, int(2 * s)))
                ui.text(surface, _("seat free \u2013 pick more players to fill it"), small,
                        (self.col_name + 8 * s, y), (120, 108, 96), "midleft",
                        max_width=self.col_colour + 162 * s - self.col_name)

    def draw_right(self, surface: pygame.Surface) -> None:
        s, R, w = self.s, self.col_right, self.right_w
        small = self.small
        page = self.screens.setup
        ui.text(surface, _(page.heading), small, (R, self.panel.y + 134 * s), ui.MUTED, "topleft", "bold")
        seed_top = self.seed_top()
        keys = option_keys(self.info)
        tops = [self.options[key].rect.y for key in keys]
        for key in keys:  # each in the room down to what follows it (large text: smaller)
            words, widget = self.blurb(key), self.options[key]
            if not words:
                continue
            y = widget.rect.bottom + 4 * s
            room = self.blurb_box(widget, y, min([top for top in tops if top > y] + [seed_top]) - 2 * s)
            if self.short_blurbs or not ui.paragraph_fits(words, small, room):
                words = self.blurb(key, short=True)
            ui.paragraph(surface, words, small, room, ui.MUTED)
        if page.about is not None and not keys:
            y = self.panel.y + 170 * s
            box = (R, y, w, min(self.seed.rect.y - 30 * s, seed_top - 4 * s) - y)
            words = _(page.about.text)
            if not ui.paragraph_fits(words, small, box) and page.about.shorter:
                words = _(page.about.shorter)
            ui.paragraph(surface, words, small, box, ui.MUTED)
        ui.text(surface, _("SEED"), small, (R, seed_top), ui.MUTED, "topleft", "bold")
        lines = 2
        hints: list[str] = []
        if self.solo:
            hint = (_("Today's deal ({date}): the same seed for everyone.").format(
                        date=datetime.date.today().isoformat())
                    if self.today() else _("Digits, or empty for a fresh deal."))
        elif self.advanced.value:
            label_y = min(self.command.rect.y - 22 * s,  # higher for a large text size
                          self.command.rect.y - 2 * s - ui.font(small, "bold").get_height())
            ui.text(surface, _("EXTERNAL PROGRAM"), small,
                    (R, label_y), ui.MUTED, "topleft", "bold", max_width=w)
            hint = _("Seed: digits, or empty for a fresh deal.")
            lines = 1
        else:
            hint = _("Seed: digits, or empty for a fresh deal. Advanced\u2026: a bot program of your own.")
            if load_ratings(self.game.value):
                hints = [_("{first} {second}").format(  # two sentences (Japanese: no space between)
                    first=words, second=_("A bot's number is its rating from games between bots (Normal = 1500)."))
                    for words in (hint, _("Seed: digits, or empty for a fresh deal."))]
        y = self.seed.rect.bottom + 6 * s
        limit = (min(self.command.rect.y - 24 * s,
                     self.command.rect.y - 4 * s - ui.font(small, "bold").get_height())
                 if lines == 1 else self.back.rect.y - max(6, 12 * s))  # clear of Start
        box = (R, y, w, limit - y)
        if hints:  # where all of it does not fit, what Advanced… does goes first
            hint = next((words for words in hints if ui.paragraph_fits(words, small, box)), hints[-1])
        if limit - y + 2 >= ui._font(ui.READABLE, "regular").get_height():  # no room: left off
            ui.paragraph(surface, hint, small, box, ui.MUTED)
