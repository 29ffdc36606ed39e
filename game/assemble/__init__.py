"""Alice Assemble: drafting doll cards into overlapping assembly lines."""

from .scoring import LaneScore, Module, explain_line, module_sizes, score_line
from .setup import Action, Rules, Setup
from .state import AssembleState
from .view import AssembleView

__all__ = ["Action", "AssembleState", "AssembleView", "LaneScore", "Module", "Rules", "Setup",
           "explain_line", "module_sizes", "score_line"]
