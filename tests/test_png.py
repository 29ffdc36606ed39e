"""Screenshots (scenes/app/png.py) read back as the very pixels that were on screen."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
from hypothesis import given, settings, strategies as st  # noqa: E402

from scenes.app.png import save_png  # noqa: E402


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 40), st.integers(1, 30), st.randoms(use_true_random=False))
def test_a_screenshot_reads_back_pixel_for_pixel(tmp_path_factory, w, h, rng):
    surface = pygame.Surface((w, h))
    for y in range(h):
        for x in range(w):
            surface.set_at((x, y), (rng.randrange(256), rng.randrange(256), rng.randrange(256)))
    path = tmp_path_factory.mktemp("png") / "shot.png"
    save_png(surface, path)
    back = pygame.image.load(str(path))
    assert back.get_size() == (w, h)
    assert pygame.image.tobytes(back, "RGB") == pygame.image.tobytes(surface, "RGB")


def test_a_window_sized_screenshot(tmp_path):
    pygame.display.init()
    try:
        screen = pygame.display.set_mode((1280, 720))
        screen.fill((30, 20, 10))
        pygame.draw.circle(screen, (240, 208, 128), (640, 360), 200)
        save_png(screen, tmp_path / "shot.png")
        back = pygame.image.load(str(tmp_path / "shot.png"))
        assert pygame.image.tobytes(back, "RGB") == pygame.image.tobytes(screen, "RGB")
    finally:
        pygame.display.quit()
