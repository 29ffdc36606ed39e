"""Cementopia: a solo puzzle building a network of doll cards whose edge cells match."""

from ..core.lazy import exports

__getattr__, __all__ = exports(__name__, {
    "Action": "setup",
    "Setup": "setup",
    "daily_seed": "setup",
    "CementopiaState": "state",
    "CementopiaView": "view",
})
