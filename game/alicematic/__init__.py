"""Alicematic Eiketsuden (draft 10): 3-5 players summon Alices and send expeditions across a
map of hex tiles. Prototype with SAMPLE content (assets/alicematic)."""

from ..core.lazy import exports

__getattr__, __all__ = exports(__name__, {
    "Action": "setup",
    "Setup": "setup",
    "AlicematicState": "state",
    "AlicematicView": "view",
})
