"""Render a preview PNG of each table layout (no window needed).

    python build/preview_layouts.py [OUT_DIR] [--size WxH ...]

Writes OUT_DIR/table-{n}p.png (default /tmp/layouts) at 1280x720 and, for each --size, a
letterboxed copy table-{n}p-{W}x{H}.png. Panels are filled boxes with their object names; the
lanes get mock cards: a bench card, a sideways counter card and MAX_LINE overlapping cards.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from scenes.layouts.tmx import Rect, TableLayout, load_layout  # noqa: E402
from scenes.art.metrics import MAX_LINE, STRIP  # noqa: E402

BG = (28, 46, 40)
PANEL = {
    "hud": (60, 64, 88),
    "turn_order": (92, 70, 110),
    "deck": (120, 60, 50),
    "field": (46, 84, 120),
    "preview": (120, 104, 48),
    "log": (52, 58, 66),
    "buttons": (70, 96, 70),
}
OWNER = [(70, 110, 160), (170, 90, 80), (90, 150, 100), (160, 140, 70)]
CARD = (236, 230, 214)
CARD_EDGE = (40, 40, 40)


def _r(rect: Rect) -> pygame.Rect:
    return pygame.Rect(*rect.to_int())


def _text(
    surf: pygame.Surface, font: pygame.font.Font, text: str, rect: Rect, colour=(240, 240, 240)
) -> None:
    img = font.render(text, True, colour)
    surf.blit(img, (round(rect.x) + 4, round(rect.y) + 2))


def _card(surf: pygame.Surface, rect: Rect, font: pygame.font.Font, label: str) -> None:
    r = _r(rect)
    pygame.draw.rect(surf, CARD, r, border_radius=max(2, r.w // 14))
    pygame.draw.rect(surf, CARD_EDGE, r, width=1, border_radius=max(2, r.w // 14))
    img = font.render(label, True, CARD_EDGE)
    surf.blit(img, (r.x + 4, r.y + 2))


def render(layout: TableLayout) -> pygame.Surface:
    w, h = (round(v) for v in layout.size)
    surf = pygame.Surface((w, h))
    surf.fill((0, 0, 0))
    surf.fill(BG, _r(layout.area))
    font = pygame.font.Font(None, max(12, round(22 * layout.scale)))
    small = pygame.font.Font(None, max(10, round(18 * layout.scale)))
    cw, ch = layout.card_size

    for name, rect in layout.panels():
        pygame.draw.rect(surf, PANEL[name], _r(rect), border_radius=6)
        _text(surf, font, name, rect)
    # field: 4 mock cards side by side, centred
    gap = (layout.field.w - 4 * cw) / 5
    for k in range(4):
        x = layout.field.x + gap + k * (cw + gap)
        _card(surf, Rect(x, layout.field.centered_box(cw, ch).y, cw, ch), small, f"F{k}")
    _card(surf, layout.deck, small, "deck")

    for lane in layout.lanes:
        colour = OWNER[lane.owner % len(OWNER)]
        pygame.draw.rect(surf, colour, _r(lane.box), border_radius=8)
        dark = tuple(c // 2 for c in colour)
        for part, rect in lane.parts():
            pygame.draw.rect(surf, dark, _r(rect), border_radius=4)
        _text(surf, font, f"lane{lane.index} P{lane.owner + 1}", lane.label)
        wide = lane.label.w > 2 * lane.label.h
        dx, dy = (110, 3) if wide else (0, 20)
        score_at = lane.label.moved(dx * layout.scale, dy * layout.scale)
        _text(surf, small, "score 42  cap 3", score_at, (220, 220, 160))
        _card(surf, lane.bench, small, "bench")
        # the counter card lies sideways, centred in the square indicator box
        _card(surf, lane.indicator.centered_box(ch, cw), small, "indicator")
        for k in range(MAX_LINE):
            _card(surf, Rect(lane.line.x + k * STRIP * cw, lane.line.y, cw, ch), small, str(k))
        pygame.draw.rect(surf, (255, 255, 255), _r(lane.line), width=1)
    return surf


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", nargs="?", default="/tmp/layouts")
    ap.add_argument("--size", action="append", default=[], help="also render letterboxed at WxH")
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    pygame.font.init()
    for players in (2, 3, 4):
        base = load_layout(players)
        path = out / f"table-{players}p.png"
        pygame.image.save(render(base), str(path))
        print(path)
        for size in args.size:
            ww, hh = (int(v) for v in size.lower().split("x"))
            path = out / f"table-{players}p-{ww}x{hh}.png"
            pygame.image.save(render(base.fit(ww, hh)), str(path))
            print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
