"""`python -m game.assemble.endgame_bench`: the exact endgame's solve times (figures, no test)."""

from .endgame import main

if __name__ == "__main__":
    main()
