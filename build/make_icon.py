"""Render the app icon from the game's own card art (scenes/art*.py): no image is drawn by hand.

    python build/make_icon.py [OUT_DIR]        # default: build/

writes icon.png (512 px, the Linux .desktop icon and the README's), icon.ico (Windows: 16-256 px,
PNG-compressed entries) and icon.icns (macOS: 16-1024 px, PNG entries). Pillow is not needed:
pygame draws and saves the PNGs, and the .ico and .icns containers are written here (both are a
small header and a table around the PNG files). Runs headless (SDL_VIDEODRIVER=dummy).

Large sizes show the Masterwork doll card tilted on a brass disc with an orange gear in front;
small sizes (<= 48 px), where a card would be mush, show the gear alone.
"""

from __future__ import annotations

import os
import struct
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# .icns element types holding PNG data, by pixel size (ic11-ic14 are the @2x retina variants)
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"ic11", 32), (b"ic07", 128), (b"ic12", 64),
              (b"ic08", 256), (b"ic13", 256), (b"ic09", 512), (b"ic14", 512), (b"ic10", 1024))
CARD = 31        # Alice, the Masterwork
SMALL = 48       # at or below this size the icon is the gear alone
GEAR_ROW = 0     # the orange gear


def render(size: int) -> pygame.Surface:
    """The icon at size x size pixels, transparent around the artwork."""
    from scenes.art.cards import doll_face
    from scenes.art.shapes import BRASS, BRASS_DARK, INK, draw_gear, supersample

    if size <= SMALL:
        icon = pygame.Surface((size, size), pygame.SRCALPHA)
        draw_gear(icon, GEAR_ROW, (size / 2, size / 2), size * 0.49)
        return icon

    def disc(big: pygame.Surface, ss: int) -> None:
        W = big.get_width()
        c = (W / 2, W / 2)
        pygame.draw.circle(big, INK, c, W * 0.47)
        pygame.draw.circle(big, BRASS_DARK, c, W * 0.47 - max(2, W * 0.012))
        pygame.draw.circle(big, BRASS, c, W * 0.47 - max(3, W * 0.03))
        pygame.draw.circle(big, (*BRASS_DARK, 255), c, W * 0.40, max(1, round(W * 0.008)))

    icon = supersample((size, size), disc, 2)
    card = doll_face(CARD, max(40, round(size * 0.50)))
    card = pygame.transform.rotozoom(card, 8, 1.0)
    icon.blit(card, card.get_rect(center=(round(size * 0.44), round(size * 0.47))))
    draw_gear(icon, GEAR_ROW, (size * 0.73, size * 0.73), size * 0.20)
    return icon


def png_bytes(surface: pygame.Surface) -> bytes:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "icon.png"
        pygame.image.save(surface, str(path))
        return path.read_bytes()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICO file whose images are PNG streams (Windows Vista and later read these)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    table, blobs = b"", b""
    for s in sizes:
        data = pngs[s]
        dim = 0 if s >= 256 else s  # 0 means 256 in an ICONDIRENTRY
        table += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + table + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    body = b"".join(kind + struct.pack(">I", 8 + len(pngs[s])) + pngs[s] for kind, s in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def make_icons(out_dir: Path) -> list[Path]:
    pygame.font.init()  # the art needs fonts, not a display or sound
    try:
        sizes = sorted(set(ICO_SIZES) | {s for _, s in ICNS_TYPES})
        pngs = {s: png_bytes(render(s)) for s in sizes}
    finally:
        pygame.quit()
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, data in (("icon.png", pngs[512]),
                       ("icon.ico", ico_bytes({s: pngs[s] for s in ICO_SIZES})),
                       ("icon.icns", icns_bytes(pngs))):
        path = out_dir / name
        path.write_bytes(data)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out_dir = Path(argv[0]) if argv else Path(__file__).resolve().parent
    for path in make_icons(out_dir):
        print(f"wrote {path} ({path.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
