"""Sound effects (assets/sounds, made by build/make_sounds.py), optional in every way.

No audio device, a missing or broken file, a mixer that will not start: the game goes on silent,
never fails. Sounds can be timed (`delay`) so that a card's tap is heard when its flight lands.
The player's choice (S, or Settings) is kept in the settings as "sound", and how loud (Settings,
0 to 100 %) as "volume".
"""

from __future__ import annotations

import os
import sys
from functools import cache
from typing import Any, Callable

import pygame

from game.services import settings as schema
from game.core.paths import asset

NAMES = ("take", "place", "ratchet", "flip", "pass", "chime", "win")


class Sound:
    def __init__(self, settings: dict[str, Any], keep: Callable[[], None] | None = None) -> None:
        self.settings = settings
        self.keep = keep or (lambda: None)  # the app's save_settings (never in the demo)
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.queue: list[tuple[float, str, float]] = []  # (when, name, volume)
        self.clock = 0.0
        self.played: list[str] = []  # the last few names, for tests
        self.problem: str | None = None
        try:
            pygame.mixer.pre_init(22050, -16, 1, 512)  # a small buffer: the tap lands on time
            _quietly(pygame.mixer.init)
            for name in NAMES:
                self.sounds[name] = _loaded(name, pygame.mixer.get_init())
        except (pygame.error, OSError, FileNotFoundError) as exc:
            self.problem = f"sound is off ({exc})"
            self.sounds = {}

    @property
    def on(self) -> bool:
        return self.settings.get("sound", True) is not False

    def set_on(self, on: bool) -> None:
        """Switch sound on or off and keep the choice in settings.json."""
        self.settings["sound"] = on
        self.keep()
        self.queue.clear()
        if not on and self.sounds:
            pygame.mixer.stop()

    @property
    def volume(self) -> int:
        """How loud, 0 to 100 (%); 100 when unset or odd."""
        return schema.read(self.settings, "volume")

    def set_volume(self, volume: int) -> None:
        """Set how loud (0 to 100 %) and keep it in settings.json; the effects are short, so the
        next one is heard at the new volume."""
        self.settings["volume"] = max(0, min(100, int(volume)))
        self.keep()
        self.play("take")  # a sample of the new loudness

    def toggle(self) -> bool:
        self.set_on(not self.on)
        return self.on

    def play(self, name: str, delay: float = 0.0, volume: float = 1.0) -> None:
        if not self.on:
            return
        if delay > 0:
            self.queue.append((self.clock + delay, name, volume))
            return
        self.played = (self.played + [name])[-20:]
        sound = self.sounds.get(name)
        if sound is not None:
            try:
                sound.set_volume(max(0.0, min(1.0, volume)) * self.volume / 100)
                sound.play()
            except pygame.error:
                pass

    def update(self, dt: float) -> None:
        self.clock += dt
        if not self.queue:
            return
        due = [item for item in self.queue if item[0] <= self.clock]
        self.queue = [item for item in self.queue if item[0] > self.clock]
        for _, name, volume in due:
            self.play(name, 0.0, volume)

    def rewind(self) -> None:
        """An undo or redo: forget the sounds still to come from moves taken back, and flip."""
        self.queue.clear()
        self.play("flip", volume=0.5)


@cache
def _loaded(name: str, mixer: tuple[int, int, int] | None) -> pygame.mixer.Sound:
    """The effect `name` converted for the mixer's format (`mixer`: its get_init()), once a
    process (10 ms for the seven: a window made again, as tests do, need not pay it twice)."""
    return pygame.mixer.Sound(str(asset("sounds", f"{name}.wav")))


def _quietly(start: Callable[[], None]) -> None:
    """Run `start` with the C library's stderr silenced on Linux: without a sound card, ALSA
    prints a screenful of lines before SDL reports the one error we keep."""
    if not sys.platform.startswith("linux"):
        start()
        return
    try:
        saved, null = os.dup(2), os.open(os.devnull, os.O_WRONLY)
    except OSError:
        start()
        return
    try:
        os.dup2(null, 2)
        start()
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)
