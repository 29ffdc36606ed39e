"""Grayblock: dominoes with the doll cards; each play adds or removes one gear at a row end."""

from .setup import Action, Rules, fits
from .state import GrayblockState, HandResult
from .view import GrayblockView

__all__ = ["Action", "GrayblockState", "GrayblockView", "HandResult", "Rules", "fits"]
