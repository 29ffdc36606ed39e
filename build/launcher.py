"""PyInstaller's entry script (see alice.spec): the `alice-assemble` console script, frozen.

scenes/main.py itself cannot be the script: it is a module of the `scenes` package (relative imports).
`main()` calls multiprocessing.freeze_support() first, so the bot worker process starts frozen too.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no pygame banner in a player's terminal

from scenes.main import main  # noqa: E402

if __name__ == "__main__":
    main()
