"""Cementopia: a solo puzzle building a network of doll cards whose edge cells match."""

from .setup import Action, Setup, daily_seed
from .state import CementopiaState
from .view import CementopiaView

__all__ = ["Action", "CementopiaState", "CementopiaView", "Setup", "daily_seed"]
