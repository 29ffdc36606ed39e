"""Drive real scenes with synthesized mouse and key events (SDL dummy driver)."""

import pygame


def frames(app, n=1, dt=1 / 60):
    for _ in range(n):
        app.step(dt)


def wait_for(app, predicate, seconds=20.0):
    """Step frames until predicate() holds; bots think in real time in another process."""
    import time
    deadline = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        app.step(1 / 60)
        time.sleep(0.005)


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
    post(app, pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0))
    post(app, pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0))


def type_text(app, string):
    for ch in string:
        key(app, 0, unicode=ch)


def resize(app, size):
    pygame.display.set_mode(size, pygame.RESIZABLE)
    post(app, pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))


def top(app):
    return app.stack.top
