"""Alicematic Eiketsuden (draft 10): 3-5 players summon Alices and send expeditions across a
map of hex tiles. Prototype with SAMPLE content (assets/alicematic)."""

from .setup import Action, Setup
from .state import AlicematicState
from .view import AlicematicView

__all__ = ["Action", "AlicematicState", "AlicematicView", "Setup"]
