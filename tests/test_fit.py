"""Text fits, in both languages, at the smallest, usual and full-HD window: the tour of every
scene (tests/scene_tour.py) stops at each scene, which is then drawn at each window size and text
size; each piece of text drawn is noted (ui.noting_texts) with the box it was given, and every one
must lie inside that box and inside the visible part of its surface, whole (not cut short with an
ellipsis, no lines left off). In Japanese, nothing drawn may be an English message the catalogue
translates (a string that skipped _())."""

from __future__ import annotations

import pytest

from game.core import i18n
from scenes.menus.settings import use_language
from scenes.widgets import ui
from tests.scene_tour import tour, views

pytestmark = pytest.mark.slow  # run first (tests/conftest.py)

SIZES = [(640, 360), (1280, 720), (1920, 1080)]


def english_messages() -> set[str]:
    """The catalogue's English messages that have a Japanese translation."""
    from game.core.i18n import locale_dir, read_po
    po = read_po((locale_dir() / "ja" / "LC_MESSAGES" / "alice.po").read_text(encoding="utf-8"))
    return {k for k, v in po.items() if isinstance(k, str) and v != k}


def problems_of(noted, lang: str, english: set[str]) -> list[str]:
    out = []
    for t in noted:
        if not t.wanted.strip():
            continue
        scrolled = (t.area.w, t.area.h) != t.surface_size and t.area.left <= t.rect.left \
            and t.rect.right <= t.area.right  # a scrolling view: lines pass under its edges
        if not t.inside and not (scrolled and (t.box is None or t.box.contains(t.rect))):
            out.append(f"outside its box: {t.wanted!r} at {tuple(t.rect)} "
                       f"(box {tuple(t.box) if t.box else None}, visible {tuple(t.area)})")
        elif t.cut:
            out.append(f"cut short: {t.wanted!r} shown as {t.shown!r}")
        if lang == "ja" and t.wanted in english:
            out.append(f"English in Japanese: {t.wanted!r}")
    return out


# the three window sizes at the normal text size; the smallest also at the largest text size. The
# tour goes at the first: what it places by position (a menu where a hex was clicked) lies inside
# every window.
CASES = [(size, "normal") for size in SIZES] + [((640, 360), "larger")]


def show_at(app, size, text_size) -> None:
    """The window at `size` and the player's text size, every scene laid out again (as Settings
    does for the text size)."""
    import pygame
    ui.set_text_size(text_size)
    if app.screen.get_size() != size:
        pygame.display.set_mode(size, pygame.RESIZABLE)
    app.resized()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_text_fits_its_box(data_dir, lang):
    """The tour once per language; each stop looked at in every case of CASES."""
    from scenes.app.window import App, AppOptions
    import pygame
    english = english_messages()
    app = App(AppOptions(size=CASES[0][0], lang=lang))
    found: dict[tuple, dict[str, list[str]]] = {case: {} for case in CASES}

    def visit(name: str) -> None:
        for case in CASES:
            show_at(app, *case)
            for view in views(app):
                with ui.noting_texts() as noted:
                    app.draw()
                assert noted, f"{name}{view}: nothing drawn?"
                bad = problems_of(noted, lang, english)
                if bad:
                    found[case][name + view] = sorted(set(bad))
        show_at(app, *CASES[0])
    try:
        tour(app, visit)
    finally:
        app.stack.close_all()
        pygame.display.quit()
        use_language("en")
        ui.set_text_size("normal")
    assert i18n.language() == "en"
    report = []
    for (size, text_size), stops in found.items():
        first: dict[str, str] = {}  # each problem once, at the first stop it shows
        for name, lines in stops.items():
            for line in lines:
                first.setdefault(line, name)
        report += [f"{size[0]}x{size[1]} ({text_size} text) {name}: {line}" for line, name in first.items()]
    assert not report, f"{len(report)} problems in {lang}:\n" + "\n".join(report[:80])
