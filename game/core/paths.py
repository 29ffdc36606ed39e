"""Where the read-only assets live, in a checkout, an installed wheel or a PyInstaller bundle."""

from __future__ import annotations

import sys
from pathlib import Path


def assets_dir() -> Path:
    bundle = getattr(sys, "_MEIPASS", None)  # set by PyInstaller's one-file bootloader
    if bundle:
        return Path(bundle) / "assets"
    return Path(__file__).resolve().parents[2] / "assets"  # game/core/paths.py


def asset(*parts: str) -> Path:
    return assets_dir().joinpath(*parts)
