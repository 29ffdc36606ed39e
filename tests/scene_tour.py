"""Every scene a player meets, reached through the real scenes: menus (setup, rules and Statistics
for every registered game), the tables at their start, middle and end, hints, dialogs, scoring and
results. The fit test (tests/test_fit.py) checks each stop's text in both languages, at every
window and text size; run as a script it saves a screenshot per stop:

    python -m tests.scene_tour OUTDIR 1280x720 [ja|en]

Moves are chosen at random (seeded) and played through the table's own play(); every seat is a
human, and hints are asked of the bots in this process with a fixed amount of work, so the tour is
the same on any machine. Only the stops are drawn: the frames between them (moves, animations)
pass unseen."""

from __future__ import annotations

import random

import pygame

from game.core import registry
from game.assemble.setup import Rules as AssembleRules
from game.bots.worker import suggest_once
from game.core.i18n import _
from game.grayblock.setup import Rules as GrayblockRules
from game.tutorial import SCRIPTS
from scenes.config import GameConfig, Seat
from scenes.table.bots import Hint
from scenes.tutorial.start import offer, open_lesson
from tests.ui_helpers import tick

NAMES = ["Ada", "Bramble", "Cog", "Dot", "Eve"]
HINT_WORK = 4  # the hint's search: iterations, not seconds (the same hint on any machine)


def views(app):
    """Each view of the window as it stands, for the caller to draw: "" for the scene on top
    (after one drawing, for what finds its place from the last one drawn: the coach's panel),
    and for a page that scrolls (the rules) "-<offset>" for each screenful further down to its
    end, back at its top after."""
    app.draw()
    yield ""
    page = app.stack.top
    if not hasattr(page, "max_scroll"):
        return
    while page.scroll < page.max_scroll():
        page.scroll_by(page.view.h * 0.8)
        yield f"-{int(page.scroll)}"
    page.scroll = 0.0


def alicematic_tour(app, stop, play_until, hint) -> None:
    """Alicematic at 3 and 5 players, hot seat: the pass screen, bases lit, a card's menu, lit
    expeditions with their costs, a hint, the final scoring walked through."""
    for players in (3, 5):
        seats = [Seat(n, colour=i) for i, n in enumerate(NAMES[:players])]
        table = app.make("alicematic", config=GameConfig(seats, None, 5, "alicematic"))
        app.stack.replace(table)
        stop(f"alicematic{players}-pass")
        table.seat.confirm_viewer()
        stop(f"alicematic{players}")
        play_until(table, lambda s: s.round >= 2 and s.phase == "domestic")
        stop(f"alicematic{players}-pass-news")
        table.seat.confirm_viewer()
        stop(f"alicematic{players}-mid")
        table.looking = (table.viewer + 1) % players  # another player's areas, their hand hidden
        stop(f"alicematic{players}-other-areas")
        table.looking = None
        hand = table.state.hands[table.state.turn]
        if hand:
            table.click_card(hand[0], table.layout.hand.center)
            stop(f"alicematic{players}-card-menu")
            table.popup = None
        hint(table, "alicematic")
        stop(f"alicematic{players}-hint")
        play_until(table, lambda s: s.phase == "expedition" and s.round >= 3)
        table.seat.confirm_viewer()
        table.hover = next(iter(table.plans()), None) and next(iter(table.plans())).hex
        stop(f"alicematic{players}-expedition")
        plans = [a for a in table.plans() if a.kind in ("conquer", "war")]
        if plans:
            table.click_hex(plans[0].hex, table.layout.map.center)
            stop(f"alicematic{players}-hex-menu")
            table.popup = None
        play_until(table, lambda s: False)
        stop(f"alicematic{players}-scoring", 40)
        table.reveal_all()
        stop(f"alicematic{players}-end", 4)


def tour(app, visit) -> None:
    """Call visit(name) at each stop, after the scene has settled."""
    def stop(name: str, frames: int = 8) -> None:
        for _ in range(frames):
            tick(app, 1 / 30)
        visit(name)

    def play_until(scene, done, limit: int = 3000) -> None:
        rng = random.Random(7)
        for _ in range(limit):
            state = scene.session.state
            if state.is_over() or done(state):
                return
            scene.play(rng.choice(state.legal_actions()))
            for _ in range(2):
                tick(app, 1 / 30)

    def hint(scene, game: str) -> None:
        from game.core.i18n import language
        state = scene.state
        answer = suggest_once(game, 1, None, state.view(state.current_player()),
                              state.legal_actions(), language(), iterations=HINT_WORK)
        scene.hints.turns.hint = Hint(*answer[:3])
        scene.hints.poll()  # logs it, as a hint from the worker is

    def finish(scene, name: str) -> None:
        play_until(scene, lambda s: False)
        stop(f"{name}-end", 90)
        top = app.stack.top
        if hasattr(top, "skip"):  # Alice Assemble's scoring walk-through, then its results
            top.skip()
            stop(f"{name}-results", 30)

    app.stack.replace(app.make("title"))
    stop("title")
    offer(app)
    stop("lesson-offer")
    app.stack.pop()
    app.stack.push(app.make("lessons"))
    stop("lessons")
    app.stack.pop()
    for game in SCRIPTS:
        lesson_tour(app, game, stop)
    setup = app.stack.replace(app.make("setup"))
    stop("setup")
    for game in registry.GAMES:  # each game's seats and options, at its most players
        setup.game.set(game.id)
        setup._game_changed()
        setup.players.set(max(setup.players.options))
        setup.layout()
        stop(f"setup-{game.id}", 2)
    setup.game.set(registry.GAMES[0].id)
    setup._game_changed()
    app.stack.push(app.make("settings"))
    stop("settings")
    app.stack.pop()
    for game in registry.ids():
        app.stack.push(app.make("rules", game=game))
        stop(f"rules-{game}")  # scrolled through to its end: views()
        app.stack.pop()

    for players in (2, 3, 4):
        seats = [Seat(n, colour=i) for i, n in enumerate(NAMES[:players])]
        rules = AssembleRules(flaw=players != 3, identity=players == 4)
        undo = "free" if players == 4 else "fair"  # free: "Undo Cog's move?"; fair: why not
        table = app.make("table", config=GameConfig(seats, rules, 7, "assemble", undo=undo))
        app.stack.replace(table)
        stop(f"assemble{players}")
        play_until(table, lambda s: s.round >= 3)
        stop(f"assemble{players}-mid")
        hint(table, "assemble")
        stop(f"assemble{players}-hint")
        app.stack.push(app.make("menu", table=table))
        stop(f"assemble{players}-pause")
        app.stack.pop()
        table.undoing.undo()  # hot seat: taking back another's move asks first
        stop(f"assemble{players}-undo-asks")
        while app.stack.top is not table:
            app.stack.pop()
        finish(table, f"assemble{players}")

    table = app.make("cementopia", config=GameConfig([Seat("Ada")], None, 8, "cementopia"))
    app.stack.replace(table)
    stop("cementopia")
    play_until(table, lambda s: False, 12)
    stop("cementopia-mid")
    hint(table, "cementopia")
    stop("cementopia-hint")
    play_until(table, lambda s: False)
    stop("cementopia-end", 90)

    for players, target in ((2, 60), (4, 1)):  # a hand's result in a match; a match's end
        seats = [Seat(n, colour=i) for i, n in enumerate(NAMES[:players])]
        config = GameConfig(seats, GrayblockRules(True), 5, "grayblock", target=target)
        table = app.make("grayblock", config=config)
        app.stack.replace(table)
        stop(f"grayblock{players}-pass")  # hot seat: the pass-to screen, then the table
        table.seat.confirm_viewer()
        stop(f"grayblock{players}")
        play_until(table, lambda s: False, 6)
        stop(f"grayblock{players}-pass-news")
        table.seat.confirm_viewer()
        stop(f"grayblock{players}-mid")
        hint(table, "grayblock")
        stop(f"grayblock{players}-hint")
        play_until(table, lambda s: bool(s.results))
        stop(f"grayblock{players}-hand", 60)

    alicematic_tour(app, stop, play_until, hint)

    app.stack.clear_to(app.make("title"))  # the games above are finished or in progress now
    stop("title-continue")
    listed = app.stack.push(app.make("continue"))
    stop("continue")
    listed.delete_chosen()
    stop("continue-delete")
    app.stack.pop()
    app.stack.pop()
    app.stack.push(app.make("history"))
    stop("history")
    app.stack.top.export()
    stop("history-export")
    app.stack.top.pick_folder()  # no desktop dialog here: the app's own browser
    stop("history-export-browse")
    app.stack.pop()
    app.stack.pop()
    app.stack.push(app.make("confirm", question=_("Leave without saving?"), yes=_("Export\u2026"),
                            no=_("Stay"), also=(_("Leave anyway"), None),
                            detail=_("This game is not saved ({reason}). Export it to a file to "
                                     "keep it.").format(reason=_("the disk is full"))))
    stop("leave-unsaved")
    app.stack.pop()
    app.stack.push(app.make("bring_in"))
    app.stack.top.progress = (1234, 4840)
    visit("bring-in")
    app.stack.pop()
    stats = app.stack.push(app.make("stats"))
    for game in registry.ids():
        stats.game_c.set(game)
        stats.refigure()
        stop(f"stats-{game}", 2)


def lesson_tour(app, game: str, stop) -> None:
    """Every step of a lesson, a wrong move's explanation once, and (Alice Assemble) the scoring
    walk-through with the lesson's words; the free part is played with random moves."""
    open_lesson(app, game, fresh=True)
    table = app.stack.top
    rng = random.Random(3)
    shown, wrong_shown = 0, False
    for _ in range(600):
        coach = table.coach
        if coach is None or coach.lesson.done or table.state.is_over():
            break
        lesson = coach.lesson
        if lesson.reading() or lesson.expected() is not None:
            shown += 1
            stop(f"lesson-{game}-{shown:02d}-{lesson.step.key}", 4)
        if lesson.reading():
            coach.next()
            continue
        wanted = lesson.expected()
        if wanted is not None:
            wrong = next((a for a in table.state.legal_actions() if a != wanted), None)
            if wrong is not None and not wrong_shown:
                wrong_shown = True
                table.play(wrong)
                stop(f"lesson-{game}-{shown:02d}-wrong", 2)
            coach.show_me()
        elif lesson.free() and not table.motion.flights:
            table.play(rng.choice(table.state.legal_actions()))
        for _ in range(6):
            tick(app, 1 / 30)
    scoring = app.stack.top
    for _ in range(90):
        if scoring.name == "scoring":
            break
        tick(app, 1 / 30)
        scoring = app.stack.top
    if scoring.name != "scoring" or getattr(scoring, "coach", None) is None:
        return
    for lane in range(len(scoring.lanes)):
        stop(f"lesson-{game}-scoring-{lane + 1}", 4)
        scoring.advance()
        scoring.advance()
    stop(f"lesson-{game}-scoring-results", 4)


def main() -> None:
    import os
    import sys
    from pathlib import Path
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("ALICE_DATA_DIR", "/tmp/scene-tour-data")
    from scenes.app.window import App, AppOptions
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    w, h = map(int, sys.argv[2].split("x"))
    lang = sys.argv[3] if len(sys.argv) > 3 else "en"
    app = App(AppOptions(size=(w, h), lang=lang))

    def shoot(name: str) -> None:
        for view in views(app):
            app.draw()
            pygame.image.save(app.screen, str(out / f"{lang}-{w}x{h}-{name}{view}.png"))
    tour(app, shoot)


if __name__ == "__main__":
    main()
