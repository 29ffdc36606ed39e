"""Drive real scenes with synthesized mouse and key events (SDL dummy driver)."""

import pygame

from scenes.app.stack import Scene
from tests.waiting import HANG_S


class DummyTable(Scene):
    """Stands in for a table scene: records what it was opened with."""

    made: list = []

    def __init__(self, app, **kwargs):
        super().__init__(app)
        self.kwargs = kwargs
        DummyTable.made.append(kwargs)

    def draw(self, surface):
        surface.fill((20, 60, 40))


def frames(app, n=1, dt=1 / 60):
    for _ in range(n):
        app.step(dt)


def tick(app, dt=1 / 60):
    """A frame nobody looks at: App.step without the drawing (events, updates, sound, idle art)."""
    app.step(dt, draw=False)


def wait(app, seconds):
    """`seconds` of game time in frames of 0.1 s, the longest the app makes (window.py caps a
    frame there): what only waits for a delay (a hover) gets fewer pictures for the same time."""
    frames(app, max(1, round(seconds / 0.1)), dt=0.1)


def settle(app, scene, limit=200, busy=lambda scene: scene.motion.flights):
    """Step frames until the scene's animations are over (`busy` says what still moves); only
    the settled one is drawn, the ones between only wait."""
    for n in range(limit):
        if not busy(scene):
            if n:
                app.draw()
            return
        tick(app)
    raise AssertionError("animations never settled")


def players_files(data):
    """A player's data folder as the demo finds it: a game in progress, settings, a finished
    game."""
    from game.assemble.record import new_session
    from game.core.records import record_of
    from game.storage import Store
    session = new_session(5, [{"name": "Ada", "seat": "human", "colour": 2},
                              {"name": "Bo", "seat": "easy", "colour": 0}])
    for _ in range(3):
        session.play(session.state.legal_actions()[0])
    store = Store.open(data)
    try:
        store.games.release(store.games.new(record_of(session)))
        store.settings.put({"sound": False, "auto_take_last": True})
        while not session.state.is_over():
            session.play(session.state.legal_actions()[0])
        store.games.finish(None, record_of(session))
    finally:
        store.close()


def resume_latest(app):
    """Continue on the title screen, then Enter: the game in progress played last resumes.
    The scene on top afterwards (its table, or the list if it could not be resumed)."""
    title = app.stack.top
    assert title.name == "title" and title.cont.enabled, "no game to continue"
    click(app, title.cont.rect.center)
    frames(app, 1)
    assert app.stack.top.name == "continue"
    key(app, pygame.K_RETURN)
    frames(app, 1)
    return app.stack.top


def resumed_table(app, game, seed=2):
    """`game`'s table with a game in progress of its fewest players (the first a human, the others
    easy bots), kept as a window that then closed leaves it and resumed from the title's Continue:
    the way a player reaches it, for a test over every registered game."""
    from game.core import records, registry
    from storage_helpers import keep_in_progress
    n = min(registry.info(game).player_counts)
    session = registry.game_module(game).new_session(
        seed, [{"name": f"P{i}", "seat": "human" if i == 0 else "easy"} for i in range(n)])
    keep_in_progress(records.record_of(session))
    title = app.stack.push(app.make("title"))
    frames(app, 2)
    click(app, title.cont.rect.center)
    key(app, pygame.K_RETURN)
    frames(app, 2)
    return app.stack.top


def snapshot(folder) -> dict:
    """Every file under folder, by relative path, with its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def run_demo(tmp_path, *args):
    """Run the app's --demo in a real headless process with screenshots; check it exits 0 with
    one real picture per scene, and leaves the player's files exactly as they were (autosave,
    settings, records: byte for byte, nothing added)."""
    import os
    import subprocess
    import sys
    data = tmp_path / "data"
    players_files(data)
    before = snapshot(data)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", ALICE_DATA_DIR=str(data))
    shots = tmp_path / "shots"
    proc = subprocess.run([sys.executable, "-m", "scenes.main", "--demo", *args,
                           "--screenshots", str(shots), "--exit-after", "0.5"],
                          env=env, capture_output=True, text=True, timeout=HANG_S)
    assert proc.returncode == 0, proc.stderr[-2000:]
    names = sorted(p.name for p in shots.glob("*.png"))
    assert [n.split("-", 1)[1] for n in names] == ["title.png", "setup.png", "table.png", "scoring.png"], \
        (names, proc.stderr[-2000:])  # (seen once in CI, not again in 24 runs under load)
    assert all((shots / n).stat().st_size > 10_000 for n in names)  # real pictures, not blanks
    assert snapshot(data) == before
    return data


def wait_for(app, predicate, limit=600):
    """Step frames (1/60 s of game time each) until predicate() holds, at most `limit` of them.
    Bots and hints decide at once in this process (conftest.bots_at_once): what a test waits for
    comes after so many frames, however busy the machine."""
    for _ in range(limit):
        if predicate():
            return
        app.step(1 / 60)
    assert predicate(), f"not so after {limit} frames"


def post(app, event):
    app.dispatch(event)
    app.step(1 / 60)


def move(app, pos, buttons=(0, 0, 0)):
    post(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons))


def click(app, pos, button=1):
    move(app, pos)
    post(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    post(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def drag(app, start, end, steps=6):
    move(app, start)
    post(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i / steps
        y = start[1] + (end[1] - start[1]) * i / steps
        move(app, (int(x), int(y)), buttons=(1, 0, 0))
    post(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))


def key(app, k, mod=0, unicode=""):
    """A key pressed and let go, then a frame (no scene acts on a key's release: a frame of its
    own would only draw the same picture again)."""
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0))
    post(app, pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0))


def type_text(app, string):
    """Type as SDL delivers it: each key's KEYDOWN, then its character as TEXTINPUT."""
    for ch in string:
        post(app, pygame.event.Event(pygame.KEYDOWN, key=0, mod=0, unicode=ch, scancode=0))
        post(app, pygame.event.Event(pygame.TEXTINPUT, text=ch))
        post(app, pygame.event.Event(pygame.KEYUP, key=0, mod=0, unicode=ch, scancode=0))


def compose(app, steps, commit):
    """An input method at work: TEXTEDITING for each step of the composition, then the
    converted text as TEXTINPUT (what SDL posts for Japanese kana-kanji conversion)."""
    for step in steps:
        post(app, pygame.event.Event(pygame.TEXTEDITING, text=step, start=len(step), length=0))
    post(app, pygame.event.Event(pygame.TEXTEDITING, text="", start=0, length=0))
    post(app, pygame.event.Event(pygame.TEXTINPUT, text=commit))


def resize(app, size):
    pygame.display.set_mode(size, pygame.RESIZABLE)
    post(app, pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))


def top(app):
    return app.stack.top


def answer(app, yes=True):
    """Answer the confirm overlay if one is asked (Y or N); True when one was."""
    from scenes.menus.confirm import Confirm
    if not isinstance(app.stack.top, Confirm):
        return False
    key(app, pygame.K_y if yes else pygame.K_n)
    return True


def spy_texts(monkeypatch) -> list:
    """Every string drawn from now on: (string, rect) where ui.text drew it (buttons' labels
    included), (string, None) where it was only rendered; a string ui.text had to cut short is
    rendered with its ellipsis."""
    from scenes.widgets import ui
    calls: list = []
    text, render = ui.text, ui._render

    def spy(surface, string, *args, **kwargs):
        rect = text(surface, string, *args, **kwargs)
        calls.append((string, rect))
        return rect

    def rendered(string, *args):
        calls.append((string, None))
        return render(string, *args)
    monkeypatch.setattr(ui, "text", spy)
    monkeypatch.setattr(ui, "_render", rendered)
    return calls


def open_rules(app, game, size):
    """The rules overlay on `game`'s page over the title, in a window of `size`."""
    app.stack.push(app.make("title"))
    rules = app.stack.push(app.make("rules", game=game))
    resize(app, size)
    frames(app, 1)
    return rules


def setup_for(app, game: str):
    """The setup screen pushed and its game picker stepped round to `game`."""
    setup = app.stack.push(app.make("setup"))
    frames(app, 1)
    for _ in range(8):
        if setup.game.value == game:
            break
        click(app, (setup.game.rect.right - 10, setup.game.rect.centery))
    return setup
