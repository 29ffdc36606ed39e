"""Continue: the games in progress, the most recently played first. Resume any of them, or delete
one (it asks first, naming the game; a deleted game can be brought back until the app quits). A
game open in another window is listed greyed, and cannot be played here until that window lets it
go (closed, or gone: then its lease runs out). A click chooses a row, a second click resumes it.
Each row says where its game stands (scores, whose turn, its round or hand), and the list follows
what another window does while it is open.

Resuming replays the game's record; one that cannot be resumed says why in one line and stays in
the list (it can be exported from History's files or deleted here), never a crash. A game with an
external program's seat (`cmd:`) asks before starting that program again."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

import pygame

from game.core import records, registry
from game.core.i18n import N_, _, language, ngettext, pgettext
from game.core.messages import shown
from game.storage import ELSEWHERE, HeldElsewhere, StoreError
from game.core.files import describe
from game.storage.store import Saved

from scenes.app.stack import Scene
from scenes.config import GameConfig
from scenes.menus.history import Shorter, fitting, frame, player_words, when
from scenes.menus.pause import overlay_panel
from scenes.widgets import ui
from scenes.widgets.decor import PrimaryButton, dim, heading
from scenes.widgets.rows import RowList

if TYPE_CHECKING:
    from game.core.commands import Session
    from scenes.app.window import App

# where a game in progress stands: (its scores, the player to move or None, the stage's words)
Standing = tuple[Sequence[int], int | None, str]

FOOTER = N_("\u2191\u2193 choose     Enter resume     Delete delete     Esc back")
LOOK_S = 2.0  # how often an open list looks again for what another window did


def title_of(game: str) -> str:
    found = registry.find(game)
    return _(found.title) if found is not None else "?"


class ContinueScene(Scene):
    name = "continue"
    opaque = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.resume_b = PrimaryButton(N_("Resume"), self.resume_chosen)
        self.delete_b = ui.Button(N_("Delete"), self.delete_chosen)
        self.undo_b = ui.Button(N_("Undo delete"), self.undelete)
        self.import_b = ui.Button(N_("Import"), self.import_games)
        self.back_b = ui.Button(N_("Back"), self.back)
        self.ring = ui.FocusRing([self.resume_b, self.delete_b, self.undo_b, self.import_b,
                                  self.back_b])
        self.rows = RowList(click_opens=False)
        self.games: list[Saved] = []
        self.s = 1.0
        self.size = (1280, 720)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.lang = language()
        # (id, moves, last played) -> (scores, whose turn, the game's stage), or None: the record
        # could not be replayed (Resume says why)
        self._standings: dict[tuple[int, int, str], Standing | None] = {}
        self._since = 0.0
        self.refresh()

    # --- the list ----------------------------------------------------------------------------

    def refresh(self) -> None:
        chosen = self.chosen()
        try:
            self.games = self.app.store.games.in_progress()
        except StoreError as exc:
            self.games = []
            self.app.toast(exc.words)
        self.rows.reset(len(self.games))
        ids = [g.id for g in self.games]
        if chosen is not None and chosen.id in ids:
            self.rows.index = ids.index(chosen.id)
        self.rows.show_index()
        self.buttons_for_row()

    def chosen(self) -> Saved | None:
        games = getattr(self, "games", [])
        return games[self.rows.index] if 0 <= self.rows.index < len(games) else None

    def buttons_for_row(self) -> None:
        game = self.chosen()
        free = game is not None and game.held != ELSEWHERE
        self.resume_b.enabled = self.delete_b.enabled = free
        self.undo_b.enabled = bool(self.app.deleted_games)

    def enter(self) -> None:
        self.refresh()  # another window may have started, finished or let go of a game

    def update(self, dt: float) -> None:
        """Look again now and then: a game another window moves, takes or lets go of shows so
        here (the list is read without waiting for any window's write)."""
        self._since += dt
        if self._since < LOOK_S:
            return
        self._since = 0.0
        try:
            games = self.app.store.games.in_progress()
        except StoreError:
            return  # said when the list was opened; it stays as it was
        if games != self.games:
            self.refresh()

    def standing(self, game: Saved) -> Standing | None:
        """(scores, the player to move or None, the stage's words) of a game in progress, from its
        record (remembered while the game does not change)."""
        key = (game.id, game.actions, game.updated_at)
        if key not in self._standings:
            try:
                state = records.replay(self.app.store.games.record(game.id), snapshots=False).state
                info = registry.info(game.game)
                self._standings[key] = (state.scores(), state.current_player(),
                                        info.stage(state) if info.stage is not None else "")
            except Exception:  # noqa: BLE001 - any record that does not replay: Resume says why
                self._standings[key] = None
        return self._standings[key]

    # --- resuming ----------------------------------------------------------------------------

    def resume_chosen(self) -> None:
        game = self.chosen()
        if game is not None:
            self.resume(game.id)

    def resume(self, game_id: int) -> None:
        store = self.app.store
        try:
            with store.at_once():  # a held lock is said, not waited for: Continue again later
                record = store.games.take(game_id)
        except HeldElsewhere:
            self.app.toast(_("This game is open in another window."))
            self.refresh()
            return
        except StoreError as exc:
            self.app.toast(_("This game cannot be resumed: {reason}").format(reason=exc.words))
            self.refresh()
            return
        try:
            records.check_resumable(record)
            session = records.replay(record)
            if session.state.is_over():  # its end was not kept (a full disk): keep it now
                store.games.finish(game_id, record)
                self.app.toast(_("This game had already finished; it is now in History."), fine=True)
                self.refresh()
                return
            config = GameConfig.from_record(record, session)
            config.game_id = game_id
        except Exception as exc:  # noqa: BLE001 - any game that cannot be resumed: one line
            self.cannot(game_id, exc)
            return
        programs = [seat.kind[4:].strip() for seat in config.seats if seat.kind.startswith("cmd:")]
        if programs:  # an external bot is a program on this computer: ask before running it again
            from scenes.menus.title import StartProgram
            self.app.stack.push(StartProgram(self.app, programs,
                                             lambda: self.open_table(config, session),
                                             lambda: self.let_go(game_id)))
            return
        self.open_table(config, session)

    def open_table(self, config: GameConfig, session: Session[Any]) -> None:
        game_id = config.game_id
        assert game_id is not None  # (resume's: the game taken)
        try:
            table = self.app.make(config.scene, config=config, session=session)
        except Exception as exc:  # noqa: BLE001 - a table that cannot be set up from this game
            self.cannot(game_id, exc)
            return
        self.app.stack.clear_to(table)

    def cannot(self, game_id: int, exc: BaseException) -> None:
        self.let_go(game_id)
        self.app.toast(_("This game cannot be resumed ({reason}); it stays in the list.")
                       .format(reason=describe(exc)))
        self.refresh()

    def let_go(self, game_id: int) -> None:
        try:
            self.app.store.games.release(game_id)
        except StoreError:
            pass

    # --- deleting ----------------------------------------------------------------------------

    def delete_chosen(self) -> None:
        game = self.chosen()
        if game is None or game.held == ELSEWHERE:
            return
        title, names, _where, last = self.cells(game)  # names with their scores
        moves = ngettext("{n} move", "{n} moves", game.actions).format(n=game.actions)
        self.app.stack.push(self.app.make(
            "confirm", question=_("Delete this game?"), yes=_("Delete"),
            no=pgettext("delete a game", "Keep it"),  # not the undo request's words (Japanese)
            on_yes=lambda: self.delete(game.id), default_no=True,
            detail=_("{game} with {names}, {moves}, last played {when}.").format(
                game=title, names=names, moves=moves, when=last) if game.players
            else _("{game}, {moves}, last played {when}.").format(game=title, moves=moves,
                                                                   when=last)))

    def delete(self, game_id: int) -> None:
        try:
            record = self.app.store.games.record(game_id)
        except StoreError:
            record = None  # a game that cannot be read cannot be brought back either
        try:
            with self.app.store.at_once():
                self.app.store.games.drop(game_id)
        except StoreError as exc:
            self.app.toast(_("Could not delete the game: {reason}").format(reason=exc.words))
        else:
            if record is not None:
                self.app.deleted_games.append(record)
                self.app.toast(_("Deleted. Undo delete brings it back until you quit."), fine=True)
        self.refresh()

    def undelete(self) -> None:
        """The game deleted last, back among the games in progress (and chosen)."""
        kept = self.app.deleted_games
        if not kept:
            return
        try:
            game_id = self.app.store.games.new(kept[-1])
            self.app.store.games.release(game_id)
        except StoreError as exc:
            self.app.toast(_("Could not bring the game back: {reason}").format(reason=exc.words))
            return
        kept.pop()
        self.refresh()
        ids = [g.id for g in self.games]
        if game_id in ids:
            self.rows.index = ids.index(game_id)
            self.rows.show_index()
            self.buttons_for_row()

    def import_games(self) -> None:
        """Record files the player chooses (a game in progress joins this list, a finished one
        History)."""
        from scenes.menus.importing import ask_import
        ask_import(self.app, self.refresh)

    def back(self) -> None:
        self.app.stack.pop()

    # --- events ------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_DELETE:
            self.delete_chosen()
            return
        if self.rows.handle(event, self.ring, lambda i: self.resume_chosen()):
            self.buttons_for_row()
            return
        self.ring.handle(event)
        self.buttons_for_row()

    # --- drawing -----------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        s, P, top = frame(size, [(self.resume_b, 1.0), (self.delete_b, 0.8), (self.undo_b, 0.9),
                                 (self.import_b, 0.8), (self.back_b, 0.8)])
        self.s, self.panel = s, P
        row_h = max(ui.font(max(10, int(17 * s))).get_linesize() + int(10 * s), int(38 * s))
        foot = ui.font(max(8, int(13 * s))).get_linesize()
        self.rows.place(pygame.Rect(P.x + int(30 * s), top, P.w - int(60 * s),
                                    P.bottom - int(14 * s) - foot - top), row_h)

    def columns(self) -> list[tuple[int, int]]:
        """(x, width) of the game, players, progress and last-played columns."""
        w, pad = self.rows.view.w, int(12 * self.s)
        out, x = [], pad
        for share in (0.18, 0.34, 0.3, 0.18):
            width = int((w - 2 * pad) * share)
            out.append((x, width - pad))
            x += width
        return out

    def cells(self, game: Saved) -> list[str]:
        """The game, its players (with their scores), where it stands, when it was played."""
        title = title_of(game.game)
        moves = ngettext("{n} move", "{n} moves", game.actions).format(n=game.actions)
        standing = self.standing(game)
        scores = standing[0] if standing is not None else []
        if len(scores) != max(1, len(game.players)):
            scores = []  # a record whose seats do not match the list's: names only

        def scored(words: str, i: int) -> str:
            return _("{name}: {points}").format(name=words, points=scores[i]) if scores else words
        names: str
        if game.players:
            names = Shorter(_(", ").join(scored(player_words(p), i) for i, p in enumerate(game.players)),
                            _(", ").join(scored(p[0], i) for i, p in enumerate(game.players)))
        else:
            names = scored(_("solo puzzle"), 0)
        if standing is None:
            where = moves
        else:
            stage = shown(standing[2]) or moves
            mover = standing[1]
            if game.players and mover is not None and 0 <= mover < len(game.players):
                turn = _("{name} to move").format(name=game.players[mover][0])
                where = Shorter(_(" · ").join((stage, turn)), stage)
            else:
                where = stage
        last = when(game.updated_at)
        last = Shorter(last, last.split(" ")[0])
        if game.problem:  # listed all the same: it can be deleted
            last = shown(game.problem)
        if game.held == ELSEWHERE:
            last = _("open in another window")
        return [title, names, where, last]

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.size or language() != self.lang:
            self.lang = language()
            self.resize(surface.get_size())
        for b, word in ((self.resume_b, N_("Resume")), (self.delete_b, N_("Delete")),
                        (self.undo_b, N_("Undo delete")), (self.import_b, N_("Import")),
                        (self.back_b, N_("Back"))):
            b.label = _(word)
        s, P, V = self.s, self.panel, self.rows.view
        dim(surface, 190)
        overlay_panel(surface, P, s)
        heading(surface, _("Continue"), int(40 * s), (P.x + int(30 * s), P.y + int(48 * s)),
                "midleft", max_width=P.w // 2)
        count = len(self.games)
        ui.text(surface, ngettext("{n} game in progress", "{n} games in progress", count).format(n=count),
                max(10, int(16 * s)), (P.right - int(30 * s), P.y + int(48 * s)), ui.MUTED,
                "midright", max_width=P.w // 3)
        self.ring.draw(surface, s)
        if not self.games:
            ui.text(surface, _("No game in progress."), max(10, int(18 * s)), V.center, ui.MUTED,
                    "center", max_width=V.w)
        px = max(10, int(16 * s))
        columns = self.columns()
        for i in self.rows.in_sight():
            game = self.games[i]
            row = self.rows.draw_row(surface, i, s)
            colour = ui.MUTED if game.held == ELSEWHERE else ui.TEXT
            for (x, w), words in zip(columns, self.cells(game)):
                ui.text(surface, fitting(words, px, w), px, (row.x + x, row.centery), colour,
                        "midleft", max_width=w)
        ui.text(surface, _(FOOTER), max(8, int(13 * s)), (P.centerx, P.bottom - int(10 * s)),
                ui.MUTED, "midbottom", max_width=P.w - int(40 * s))
