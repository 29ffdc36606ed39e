"""Scenes and the scene stack.

A scene handles events, updates with dt (seconds) and draws itself. The stack draws from the
topmost opaque scene upward, so an overlay (opaque = False) shows the scene beneath it; only the
top scene receives events and updates, so whatever is under a menu is paused.

A key belongs to the scene it was pressed in: when the top scene changes, the keys held at that
moment (the Enter that opened a game, and the repeats SDL makes of it while it stays down) are
kept from the new top scene until they are let go; and no key reaches a table before its first
frame is drawn (a busy machine may deliver a press meant for the screen before it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from scenes.app.window import App

_KEY_EVENTS = (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT, pygame.TEXTEDITING)


class Scene:
    opaque = True  # False for overlays: the scene below is drawn first
    name = "scene"
    keys_before_drawn = True  # False: no key until the scene has been seen (a move is at stake)

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Became the top scene (pushed, or uncovered by a pop)."""

    def leave(self) -> None:
        """Stopped being the top scene (popped, replaced or covered)."""

    def close(self) -> None:
        """Removed from the stack for good: release processes, files, timers."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size; also called once before the first draw."""

    def handle(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass


class SceneStack:
    def __init__(self) -> None:
        self._scenes: list[Scene] = []
        self.size: tuple[int, int] = (1280, 720)
        self.held: set[int] = set()  # the keys down now (note() sees every key event)
        self._muted: set[int] = set()  # held when the top scene changed: not its keys
        self._fresh = True  # the top scene has not been drawn since it became the top

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    @property
    def scenes(self) -> tuple[Scene, ...]:
        return tuple(self._scenes)

    def __len__(self) -> int:
        return len(self._scenes)

    def push(self, scene: Scene) -> Scene:
        if self._scenes:
            self._scenes[-1].leave()
        return self._add(scene)

    def _changed(self) -> None:
        self._muted = set(self.held)
        self._fresh = True

    def _add(self, scene: Scene) -> Scene:
        self._changed()
        self._scenes.append(scene)
        scene.resize(self.size)
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.leave()
        scene.close()
        self._changed()
        if self._scenes:
            self._scenes[-1].resize(self.size)
            self._scenes[-1].enter()
        return scene

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for another (for a move between screens)."""
        if self._scenes:
            old = self._scenes.pop()
            old.leave()
            old.close()
        return self._add(scene)

    def clear_to(self, scene: Scene) -> Scene:
        """Drop every scene and start afresh from this one (e.g. back to the title)."""
        self.close_all()
        return self._add(scene)

    def close_all(self) -> None:
        """Empty the stack (quitting): the top scene leaves, every scene closes."""
        if self._scenes:
            self._scenes[-1].leave()  # the ones beneath left when they were covered
        for old in reversed(self._scenes):
            old.close()
        self._scenes.clear()

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        for scene in self._scenes:
            scene.resize(size)

    def note(self, event: pygame.event.Event) -> None:
        """Every event the window gets, before anything acts on it: which keys are down."""
        kind = getattr(event, "type", None)
        if kind == pygame.KEYDOWN:
            self.held.add(event.key)
        elif kind == pygame.KEYUP:
            self.held.discard(event.key)

    def _kept_back(self, event: pygame.event.Event) -> bool:
        """A key event that is not the top scene's (see the module's note)."""
        kind = getattr(event, "type", None)
        if kind not in _KEY_EVENTS:
            return False
        if kind == pygame.KEYUP:
            if event.key in self._muted:
                self._muted.discard(event.key)
                return True  # its press went to the scene before
            return False
        if kind == pygame.KEYDOWN and event.key in self._muted:
            return True  # a repeat of a key held since the scene changed
        return self._fresh and not self._scenes[-1].keys_before_drawn

    def handle(self, event: pygame.event.Event) -> None:
        if self._scenes and not self._kept_back(event):
            self._scenes[-1].handle(event)

    def update(self, dt: float) -> None:
        if self._scenes:
            self._scenes[-1].update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        start = len(self._scenes) - 1
        while start > 0 and not self._scenes[start].opaque:
            start -= 1
        for scene in self._scenes[max(start, 0):]:
            scene.draw(surface)
        self._fresh = False
