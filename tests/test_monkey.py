"""5,000 random mouse, key and resize events through the real app: nothing may raise."""

import random

import pygame
import pytest

from ui_helpers import frames

pytestmark = pytest.mark.slow  # run first (tests/conftest.py)

KEYS = [pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT,
        pygame.K_UP, pygame.K_DOWN, pygame.K_SPACE, pygame.K_BACKSPACE, pygame.K_z, pygame.K_y,
        pygame.K_m, pygame.K_a, pygame.K_1, pygame.K_PAGEDOWN, pygame.K_PAGEUP, pygame.K_F11,
        pygame.K_h, pygame.K_f, pygame.K_p, pygame.K_l, pygame.K_r, pygame.K_2, pygame.K_s,
        pygame.K_MINUS, pygame.K_PLUS]
SIZES = [(640, 360), (800, 600), (1280, 720), (1920, 1080), (1000, 900), (700, 1000)]


def random_event(rng, size):
    w, h = size
    roll = rng.random()
    pos = (rng.randrange(w), rng.randrange(h))
    if roll < 0.35:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                  buttons=(rng.random() < 0.3, 0, 0))
    if roll < 0.55:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 1, 1, 2, 3]))
    if roll < 0.72:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=rng.choice([1, 1, 1, 2, 3]))
    if roll < 0.76:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False,
                                  precise_x=0.0, precise_y=float(rng.choice([-1, 1])))
    if roll < 0.995:
        mod = rng.choice([0, 0, 0, pygame.KMOD_CTRL, pygame.KMOD_SHIFT])
        k = rng.choice(KEYS)
        char = chr(k) if 32 <= k < 127 and not mod else ""
        return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=char, scancode=0)
    return "resize"


def opening(app, where):
    from scenes.config import GameConfig, Seat
    if where == "title":
        return app.make("title")
    if where == "grayblock":  # hot seat: pass screens, hands, passes, results
        seats = [Seat("Ada", "human", 0), Seat("Bo", "human", 1), Seat("Cy", "easy", 2)]
        from game.grayblock import Rules
        return app.make("grayblock", config=GameConfig(seats, Rules(True), 5, "grayblock", target=40))
    return app.make("cementopia", config=GameConfig([Seat("Ada")], None, 8, "cementopia"))


@pytest.mark.parametrize("where", ["title", "grayblock", "cementopia"])
def test_monkey(app, where):
    rng = random.Random(2026)
    app.stack.push(opening(app, where))
    seen = set()
    size = (1280, 720)
    for i in range(5000):
        event = random_event(rng, size)
        if event == "resize":
            size = rng.choice(SIZES)
            pygame.display.set_mode(size, pygame.RESIZABLE)
            event = pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        app.dispatch(event)
        if i % 4 == 0:
            frames(app, 1, dt=0.25)  # big steps so bots, animations and scenes move along
        if app.stack.top is not None:
            seen.add(app.stack.top.name if hasattr(app.stack.top, "name") else type(app.stack.top).__name__)
        if not app.running:  # the monkey pressed Quit: open the title again and go on
            app.running = True
            app.stack.clear_to(app.make("title"))
    assert len(seen) >= 3  # it got past the title into other scenes
