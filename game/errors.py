"""Errors every game shares. Each carries a one-line message meant for a person."""


class IllegalAction(ValueError):
    """The action is not allowed now; the state was left exactly as it was."""


class RecordError(ValueError):
    """A game record (or part of one) cannot be read or does not describe a legal game."""
