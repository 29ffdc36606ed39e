"""Contact sheets of the card art, for review: python -m scenes.art.sheet OUT_DIR [--small 90] [--large 220] [--lang ja]

Writes dolls_<w>.png (all 32 faces), extras_<w>.png (card back, counters and their backs, the
five gears), line.png (an assembly line of 8 overlapping cards) and table.png. --lang ja draws the
cards' names in Japanese (the catalogue's), to check they fit their plaques."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m scenes.art.sheet", description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--small", type=int, default=90)
    ap.add_argument("--large", type=int, default=220)
    ap.add_argument("--lang", choices=("en", "ja"), default="en")
    args = ap.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    pygame.init()
    from game.core.i18n import set_language
    from scenes.art import cards as art

    set_language(args.lang)
    from scenes.art.metrics import STRIP

    args.out.mkdir(parents=True, exist_ok=True)
    bg = (58, 40, 28)
    written = []

    def save(surf: pygame.Surface, name: str) -> None:
        path = args.out / name
        pygame.image.save(surf, str(path))
        written.append(path)

    for width in (args.small, args.large):
        cw, ch = art.card_size(width)
        gap = max(6, width // 12)
        cols = 8
        t0 = time.perf_counter()
        faces = [art.doll_face(i, width) for i in range(32)]
        dt = time.perf_counter() - t0
        sheet = pygame.Surface((cols * (cw + gap) + gap, 4 * (ch + gap) + gap))
        sheet.fill(bg)
        for i, f in enumerate(faces):
            sheet.blit(f, (gap + (i % cols) * (cw + gap), gap + (i // cols) * (ch + gap)))
        save(sheet, f"dolls_{width}.png")
        print(f"32 faces at width {width}: {dt * 1000:.0f} ms")
        extras = [art.card_back(width)] + [art.counter_face(o, width) for o in (1, 2, 3, 4)] + \
            [art.counter_back(width)]
        sheet = pygame.Surface((len(extras) * (cw + gap) + gap, ch + 2 * gap + width // 2))
        sheet.fill(bg)
        for i, f in enumerate(extras):
            sheet.blit(f, (gap + i * (cw + gap), gap))
        r = max(6, width // 10)
        for row in range(5):
            art.draw_gear(sheet, row, (gap + r + row * (2 * r + gap), ch + 2 * gap + r), r)
        save(sheet, f"extras_{width}.png")

    # an assembly line of 8 overlapping cards at the small width, plus the upright/rotated counter
    width = args.small
    cw, ch = art.card_size(width)
    cards = [0, 31, 5, 14, 21, 10, 27, 16]
    step = round(STRIP * cw)
    line = pygame.Surface((step * (len(cards) - 1) + cw + 40 + 2 * ch + 40, ch + 40))
    line.blit(art.table_background(line.get_size()), (0, 0))
    for i, idx in enumerate(cards):
        line.blit(art.doll_face(idx, width), (20 + i * step, 20))
    x = 20 + step * (len(cards) - 1) + cw + 20
    face = art.counter_face(2, width)
    line.blit(face, (x, 20))
    line.blit(pygame.transform.rotate(face, -90), (x + cw + 10, 20 + (ch - cw) // 2))
    save(line, "line.png")

    t0 = time.perf_counter()
    table = art.table_background((1920, 1080))
    print(f"table 1920x1080: {(time.perf_counter() - t0) * 1000:.0f} ms")
    save(pygame.transform.smoothscale(table, (960, 540)), "table.png")
    for p in written:
        print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
