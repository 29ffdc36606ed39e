"""The services the app and the command line share: statistics, a game played
out, the command line's verbs, the ratings. Below them: storage, bots, review,
tutorial, the games, the core (docs/architecture.md)."""
