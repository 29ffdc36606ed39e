"""Alice Assemble: drafting doll cards into overlapping assembly lines."""

from ..core.lazy import exports

__getattr__, __all__ = exports(__name__, {
    "LaneScore": "scoring",
    "Module": "scoring",
    "explain_line": "scoring",
    "module_sizes": "scoring",
    "score_line": "scoring",
    "Action": "setup",
    "Rules": "setup",
    "Setup": "setup",
    "AssembleState": "state",
    "AssembleView": "view",
})
