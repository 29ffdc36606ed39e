"""The window and the title screen as a player handles them: F11 there and back, one highlight, a
window stretched past anything SDL can hold."""

import pygame
import pytest

from game.core import registry
from ui_helpers import frames, key, move, resize, wait_for


def fake_full_screen(monkeypatch, screen=(1920, 1080)):
    """The dummy driver has no full screen: stand in for a system whose window, back from full
    screen, keeps the screen's size (the reported fault)."""
    def toggle():
        if pygame.display.get_surface().get_flags() & pygame.FULLSCREEN:
            pygame.display.set_mode(screen, pygame.RESIZABLE)
        else:
            pygame.display.set_mode(screen, pygame.FULLSCREEN)
        return 1
    monkeypatch.setattr(pygame.display, "toggle_fullscreen", toggle)


def test_f11_back_from_full_screen_restores_the_window_size(app, monkeypatch):
    fake_full_screen(monkeypatch)
    resize(app, (900, 540))  # the player sized the window by hand
    key(app, pygame.K_F11)
    assert app.fullscreen() and app.screen.get_size() == (1920, 1080)
    key(app, pygame.K_F11)
    assert not app.fullscreen()
    assert pygame.display.get_surface().get_size() == (900, 540) == app.screen.get_size()
    key(app, pygame.K_F11)  # and again: still the player's size, not the first one
    key(app, pygame.K_F11)
    assert app.screen.get_size() == (900, 540)


def test_full_screen_from_settings_comes_back_to_the_window_size_too(app, monkeypatch):
    fake_full_screen(monkeypatch)
    app.set_fullscreen(True)
    assert app.fullscreen()
    app.set_fullscreen(False)
    assert app.screen.get_size() == (1280, 720)


def pygame_ce_toggle(monkeypatch, screen=(1920, 1080)):
    """toggle_fullscreen as pygame-ce does it for a window like ours (src_c/display.c): at the
    screen's own size the window goes full screen as the desktop; at another size the screen
    changes mode and, on X11, the window is made again with "Warning: re-creating window in
    toggle_fullscreen" on stderr (issue 41, item 17)."""
    import warnings
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [screen])

    def toggle():
        surface = pygame.display.get_surface()
        if surface.get_flags() & pygame.FULLSCREEN:
            pygame.display.set_mode(surface.get_size(), pygame.RESIZABLE)
            return 0
        if surface.get_size() != screen:
            warnings.warn("re-creating window in toggle_fullscreen", Warning)
        pygame.display.set_mode(screen, pygame.FULLSCREEN)
        return 0
    monkeypatch.setattr(pygame.display, "toggle_fullscreen", toggle)


def test_f11_prints_no_warning_and_comes_back_to_the_window(app, monkeypatch):
    import warnings
    pygame_ce_toggle(monkeypatch)
    resize(app, (900, 540))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning would be printed on the terminal: here it fails
        key(app, pygame.K_F11)
        assert app.fullscreen() and app.screen.get_size() == (1920, 1080)
        key(app, pygame.K_F11)
    assert not app.fullscreen() and app.screen.get_size() == (900, 540)


def test_full_screen_refused_says_so_and_keeps_the_window(app):
    key(app, pygame.K_F11)  # the dummy driver refuses
    assert not app.fullscreen() and app.screen.get_size() == (1280, 720)
    assert any("Fullscreen is not available" in message for message, _ in app.toasts)


def lit(button) -> bool:
    return (button.hover or button.focused) and button.enabled


def test_the_title_lights_one_button_the_last_one_used(app):
    app.stack.push(app.make("title"))
    frames(app, 2)
    title = app.stack.top
    live = [b for b in title.buttons if b.rect.w > 0]
    assert len(live) >= 3
    move(app, live[-1].rect.center)  # point at the last button
    assert [b for b in live if lit(b)] == [live[-1]]
    key(app, pygame.K_DOWN)  # then the keys move on: the pointed-at button goes dark
    assert [b for b in live if lit(b)] == [title.ring.current] and title.ring.current is not live[-1]
    key(app, pygame.K_DOWN)
    assert len([b for b in live if lit(b)]) == 1
    move(app, (live[1].rect.centerx + 3, live[1].rect.centery))  # the pointer again: it wins
    assert [b for b in live if lit(b)] == [live[1]]


class Unmade:
    """What SDL leaves behind when it cannot make a surface for the window's new size."""

    def get_size(self):
        raise pygame.error("Surface is not initialized")

    def get_flags(self):
        raise pygame.error("Surface is not initialized")


@pytest.mark.parametrize("game", registry.ids())
def test_a_window_sized_beyond_the_screen_comes_back_to_it_and_the_game_goes_on(app, monkeypatch,
                                                                              game):
    from test_leaving import against_bots, open_game
    table = open_game(app, against_bots(registry.info(game)), moves=0)
    wait_for(app, lambda: table.state.current_player() == 0 or table.state.is_over())
    before = table.state.snapshot() if hasattr(table.state, "snapshot") else repr(table.state)
    # a window manager stretched the window to 20000 x 20000: SDL has no surface for it
    real_get_surface = pygame.display.get_surface
    monkeypatch.setattr(pygame.display, "get_surface", lambda: Unmade())
    monkeypatch.setattr(pygame.display, "get_window_size", lambda: (20000, 20000))
    app.screen = Unmade()
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=(20000, 20000), w=20000, h=20000))
    monkeypatch.setattr(pygame.display, "get_surface", real_get_surface)
    frames(app, 3)
    assert app.running
    largest = pygame.display.get_desktop_sizes()[0]
    assert app.screen.get_size() == largest == pygame.display.get_surface().get_size()
    after = table.state.snapshot() if hasattr(table.state, "snapshot") else repr(table.state)
    assert after == before and app.stack.top is table



def test_a_window_beyond_the_largest_size_is_brought_back_to_the_screen(app, monkeypatch):
    monkeypatch.setattr(pygame.display, "get_window_size", lambda: (20000, 600))
    monkeypatch.setattr("scenes.app.window.MAX_SIZE", (4000, 4000))
    resize(app, (4100, 600))  # made by SDL, but past what the app allows
    assert app.screen.get_size() == (pygame.display.get_desktop_sizes()[0][0], 600)
    resize(app, (900, 540))  # a size within it is kept as it is
    assert app.screen.get_size() == (900, 540)


BRASS_LIT = (226, 184, 92)  # decor.PrimaryButton's lit fill


def brass(app, buttons) -> list:
    """The title's buttons drawn lit (brass), as the player sees them: a pixel inside each,
    clear of its label."""
    app.draw()
    return [b for b in buttons if b.rect.w
            and tuple(app.screen.get_at((b.rect.x + 8, b.rect.centery)))[:3] == BRASS_LIT]


def test_the_lit_title_button_is_the_one_enter_presses(app, data_dir):
    """Issue 41, item 15: with a game to continue, and back from an overlay opened by a click,
    exactly one button is lit, and Enter presses that one."""
    from ui_helpers import click, players_files
    players_files(data_dir)  # a game in progress among the player's files
    title = app.stack.push(app.make("title"))
    frames(app, 1)
    assert brass(app, title.buttons) == [title.cont] and title.ring.current is title.cont
    key(app, pygame.K_RETURN)
    assert app.stack.top.name == "continue"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is title and brass(app, title.buttons) == [title.cont]
    click(app, title.settings.rect.center)  # the pointer rests on Settings while it is open
    assert app.stack.top.name == "settings"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is title and brass(app, title.buttons) == [title.settings]
    key(app, pygame.K_RETURN)
    assert app.stack.top.name == "settings"
    key(app, pygame.K_ESCAPE)
    move(app, title.history.rect.center)
    assert brass(app, title.buttons) == [title.history]
    move(app, (4, 4))  # off every button: the last one pointed at stays lit
    assert brass(app, title.buttons) == [title.history]
    key(app, pygame.K_RETURN)
    assert app.stack.top.name == "history"


def test_without_a_game_to_continue_new_game_is_lit(app):
    app.stack.push(app.make("title"))
    frames(app, 1)
    title = app.stack.top
    assert brass(app, title.buttons) == [title.new_game] and title.ring.current is title.new_game
