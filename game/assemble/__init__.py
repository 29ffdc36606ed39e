"""Alice Assemble: drafting doll cards into overlapping assembly lines."""

# Imported when first asked for: the game list (game.registry) imports each game's package for its
# declaration, and the headless commands should not pay for every game's rules to start.
_WHERE = {"LaneScore": "scoring", "Module": "scoring", "explain_line": "scoring", "module_sizes": "scoring", "score_line": "scoring", "Action": "setup", "Rules": "setup", "Setup": "setup", "AssembleState": "state", "AssembleView": "view"}

__all__ = sorted(_WHERE)


def __getattr__(name: str):
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module
    value = getattr(import_module(f"{__name__}.{_WHERE[name]}"), name)
    globals()[name] = value
    return value
