"""Errors every game shares. Each carries a one-line message meant for a person."""

from __future__ import annotations

from .contract import Refusal


class IllegalAction(ValueError):
    """The action is not allowed now; the state was left exactly as it was. `refusal` is the
    rules' reason when they refused it (None: nothing to undo, fair undo and such)."""

    def __init__(self, message: str, refusal: Refusal | None = None):
        super().__init__(message)
        self.refusal = refusal


class RecordError(ValueError):
    """A game record (or part of one) cannot be read or does not describe a legal game."""


class ContentError(ValueError):
    """A designer's files (a game's content folder, a parameters file) that the game cannot use;
    the message names the file and the field."""
