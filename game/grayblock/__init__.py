"""Grayblock: dominoes with the doll cards; each play adds or removes one gear at a row end."""

from ..core.lazy import exports

__getattr__, __all__ = exports(__name__, {
    "Action": "setup",
    "Rules": "setup",
    "fits": "setup",
    "GrayblockState": "state",
    "HandResult": "state",
    "GrayblockView": "view",
})
