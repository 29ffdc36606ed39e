"""Alicematic Eiketsuden (draft 10): 3-5 players summon Alices and send expeditions across a
map of hex tiles. Prototype with SAMPLE content (assets/alicematic)."""

# Imported when first asked for: the game list (game.registry) imports each game's package for its
# declaration, and the headless commands should not pay for every game's rules to start.
_WHERE = {"Action": "setup", "Setup": "setup", "AlicematicState": "state", "AlicematicView": "view"}

__all__ = sorted(_WHERE)


def __getattr__(name: str):
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module
    value = getattr(import_module(f"{__name__}.{_WHERE[name]}"), name)
    globals()[name] = value
    return value
