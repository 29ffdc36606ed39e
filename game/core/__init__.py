"""The core floor: commands, records, cards, positions, the contract a game meets,
the descriptors, errors, words and the registry of the games. It imports nothing
of game/ but itself (docs/architecture.md, tests/test_floors.py)."""
