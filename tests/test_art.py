"""The procedural card art: sizes, distinctness, gear shapes and the counter-card rotation rule."""

import hashlib
import itertools
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

pygame.init()

from scenes.art import cards as art  # noqa: E402
from scenes.art.shapes import fit_line  # noqa: E402
from scenes.art.metrics import CARD_ASPECT  # noqa: E402


def _digest(surf: pygame.Surface) -> str:
    return hashlib.sha1(pygame.image.tobytes(surf, "RGBA")).hexdigest()


def test_no_display_needed():
    assert pygame.display.get_surface() is None
    art.doll_face(7, 90)  # must not need a display mode (no convert())


@pytest.mark.parametrize("width", [60, 90, 300])
def test_all_faces_render_at_size(width):
    size = (width, round(width / CARD_ASPECT))
    for index in range(32):
        face = art.doll_face(index, width)
        assert face.get_size() == size
        assert face.get_flags() & pygame.SRCALPHA


def test_faces_differ_pairwise():
    digests = [_digest(art.doll_face(i, 90)) for i in range(32)]
    assert len(set(digests)) == 32


def test_figures_differ_not_just_numerals():
    # the portrait area alone (right of the strip, above the name) must differ for every pair
    faces = [art.doll_face(i, 120) for i in range(32)]
    w, h = faces[0].get_size()
    area = pygame.Rect(round(w * 0.3), round(h * 0.05), round(w * 0.55), round(h * 0.75))
    digests = {_digest(f.subsurface(area)) for f in faces}
    assert len(digests) == 32


def test_other_cards_render_at_size():
    for width in (60, 90, 300):
        size = (width, round(width / CARD_ASPECT))
        assert art.card_back(width).get_size() == size
        assert art.counter_back(width).get_size() == size
        for order in (1, 2, 3, 4):
            assert art.counter_face(order, width).get_size() == size


def _gear_mask(row: int, radius: int = 40) -> pygame.mask.Mask:
    surf = pygame.Surface((2 * radius + 8, 2 * radius + 8), pygame.SRCALPHA)
    art.draw_gear(surf, row, (radius + 4, radius + 4), radius)
    return pygame.mask.from_surface(surf, 128)


def test_gear_shapes_and_colours_are_distinct():
    assert len(art.GEAR_COLOURS) == 5
    for a, b in itertools.combinations(art.GEAR_COLOURS, 2):
        assert sum(abs(x - y) for x, y in zip(a, b)) > 90
    masks = [_gear_mask(r) for r in range(5)]
    for a, b in itertools.combinations(range(5), 2):
        ma, mb = masks[a], masks[b]
        overlap = ma.overlap_area(mb, (0, 0))
        differ = ma.count() + mb.count() - 2 * overlap
        assert differ > 0.12 * max(ma.count(), mb.count()), (a, b)


def _corner_counts(surf: pygame.Surface, is_icon) -> dict[str, int]:
    w, h = surf.get_size()
    side = round(0.42 * min(w, h))
    boxes = {"topleft": (0, 0), "topright": (w - side, 0), "bottomleft": (0, h - side),
             "bottomright": (w - side, h - side)}
    counts = {}
    for name, (x0, y0) in boxes.items():
        counts[name] = sum(1 for x in range(x0, x0 + side) for y in range(y0, y0 + side)
                           if is_icon(surf.get_at((x, y))))
    return counts


def _red(c) -> bool:
    return c.a > 200 and c.r > 150 and c.g < 110 and c.b < 120


def _gold(c) -> bool:
    return c.a > 200 and c.r > 205 and c.g > 175 and c.b < 175


@pytest.mark.parametrize("maker,is_icon", [(art.counter_face, _red), (lambda o, w: art.counter_back(w), _gold)])
def test_counter_icons_turn_clockwise_to_the_next_count(maker, is_icon):
    surf = maker(1, 160)
    counts = _corner_counts(surf, is_icon)
    unit = counts["bottomright"]
    assert unit > 30
    expected = {"bottomright": 1, "topright": 2, "topleft": 3, "bottomleft": 4}
    for corner, n in expected.items():
        assert abs(counts[corner] / unit - n) < 0.3 * n, counts
    turned = surf
    for n in (2, 3, 4):  # each clockwise quarter turn brings the next count to the lower right
        turned = pygame.transform.rotate(turned, -90)
        c = _corner_counts(turned, is_icon)
        assert abs(c["bottomright"] / unit - n) < 0.3 * n, (n, c)


def test_card_art_cache_reuses_surfaces():
    cache = art.CardArt()
    a = cache.doll(3, 90)
    assert cache.doll(3, 90) is a
    assert cache.doll(3, 91) is not a
    assert cache.back(90) is cache.back(90)
    assert cache.counter(2, 90) is cache.counter(2, 90)
    assert cache.counter_back(90) is cache.counter_back(90)
    assert cache.gear(4, 12).get_size() == (26, 26)
    small = art.CardArt(limit=2)
    small.doll(0, 60), small.doll(1, 60), small.doll(2, 60)
    assert len(small._cache) == 2


def test_table_background_size():
    # how fast (goal: under 50 ms at 1920x1080) is a figure `python -m scenes.art.sheet` prints
    for size in ((320, 180), (1920, 1080)):
        assert art.table_background(size).get_size() == size


def test_long_labels_are_shrunk_or_truncated_never_clipped():
    surf = fit_line("Alice, the Masterwork of the Grand Exhibition", 40, 12, (0, 0, 0), min_size=7)
    assert surf.get_width() <= 40 and surf.get_height() <= 12


def test_font_cache():
    assert art.font(20) is art.font(20)
    assert art.font(20, bold=True) is not art.font(20)
