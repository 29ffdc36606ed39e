"""How the seat colours look to colour-blind players and in grey: `python build/colour_check.py`.

Prints the smallest distance (CIE76, in CIELAB) between any two seat colours under normal vision,
deuteranopia, protanopia, tritanopia and greyscale. With PNG files after it, also writes each as
seen under those simulations next to the original (name.deuteranopia.png ...), to look at:

    python build/colour_check.py shot.png [more.png ...]

Simulation: Machado, Oliveira and Fernandes (2009), severity 1.0, applied in linear RGB; greyscale
is the relative luminance (Rec. 709). The palette math is plain Python (tests import it); only the
PNG part needs pygame and numpy.
"""

from __future__ import annotations

import ast
import sys
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MACHADO = {
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal", "deuteranopia", "protanopia", "tritanopia", "greyscale")
LUMA = (0.2126, 0.7152, 0.0722)


def to_linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def to_srgb(c: float) -> float:
    c = min(1.0, max(0.0, c))
    c = c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055
    return c * 255


def simulate(rgb, vision: str) -> tuple[float, float, float]:
    """An sRGB colour (0-255) as seen with `vision`, in sRGB."""
    if vision == "normal":
        return tuple(float(c) for c in rgb)  # type: ignore[return-value]
    lin = [to_linear(c) for c in rgb]
    if vision == "greyscale":
        y = to_srgb(sum(w * c for w, c in zip(LUMA, lin)))
        return (y, y, y)
    m = MACHADO[vision]
    return tuple(to_srgb(sum(m[i][j] * lin[j] for j in range(3))) for i in range(3))  # type: ignore[return-value]


def lab(rgb) -> tuple[float, float, float]:
    """sRGB (0-255) to CIELAB, D65 white."""
    r, g, b = (to_linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def distance(a, b, vision: str = "normal") -> float:
    """CIE76 distance between two sRGB colours as seen with `vision`."""
    la, lb = lab(simulate(a, vision)), lab(simulate(b, vision))
    return sum((p - q) ** 2 for p, q in zip(la, lb)) ** 0.5


def closest_pair(palette, vision: str) -> tuple[float, int, int]:
    """(smallest distance, i, j) over every pair of the palette."""
    return min((distance(palette[i], palette[j], vision), i, j)
               for i, j in combinations(range(len(palette)), 2))


def assigned(path: Path, name: str):
    """The value assigned to `name` at the top of a source file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return next(node.value for node in tree.body if isinstance(node, ast.Assign)
                and isinstance(node.targets[0], ast.Name) and node.targets[0].id == name)


def seat_palette() -> tuple[list, list]:
    """(colours, names): the colours from scenes/widgets/ui.py, their names from game/services/settings.py
    (N_("Orange"), ...), read without starting pygame."""
    colours = ast.literal_eval(assigned(ROOT / "scenes" / "widgets" / "ui.py", "PLAYER_COLOURS"))
    names = [call.args[0].value for call in assigned(ROOT / "game" / "services" / "settings.py", "COLOUR_NAMES").elts]
    return colours, names


def report(palette, names) -> list[str]:
    lines = []
    for vision in VISIONS:
        d, i, j = closest_pair(palette, vision)
        lines.append(f"{vision:>13}: closest {names[i]} / {names[j]}  \u0394E76 {d:5.1f}")
    return lines


def simulate_png(path: Path) -> list[Path]:
    """Write path's image under each simulation beside it; the paths written."""
    import numpy as np
    import pygame

    image = pygame.image.load(str(path))
    rgb = pygame.surfarray.array3d(image).astype(np.float64) / 255
    lin = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    out = []
    for vision in VISIONS[1:]:
        if vision == "greyscale":
            seen = np.repeat((lin @ np.array(LUMA))[..., None], 3, axis=2)
        else:
            seen = lin @ np.array(MACHADO[vision]).T
        seen = np.clip(seen, 0, 1)
        srgb = np.where(seen <= 0.0031308, seen * 12.92, 1.055 * seen ** (1 / 2.4) - 0.055)
        target = path.with_name(f"{path.stem}.{vision}.png")
        pygame.image.save(pygame.surfarray.make_surface((srgb * 255 + 0.5).astype(np.uint8)),
                          str(target))
        out.append(target)
    return out


def main(argv: list[str]) -> int:
    palette, names = seat_palette()
    print("\n".join(report(palette, names)))
    for arg in argv:
        for written in simulate_png(Path(arg)):
            print(f"wrote {written}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
