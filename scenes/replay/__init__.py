"""The replay viewer (issue 15): a finished (or any) record's game, move by move."""
