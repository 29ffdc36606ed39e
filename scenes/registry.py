"""Every scene, listed by name (explicit imports: PyInstaller sees them, nothing is scanned); each
game's table and end screens come from its declaration (scenes.games), read when one is made."""

from scenes import games
from scenes.app.stack import Scene
from scenes.menus.bring_in import BringInScene
from scenes.menus.browse import BrowseScene, DialogWaitScene
from scenes.menus.confirm import Confirm
from scenes.menus.export import ExportScene
from scenes.menus.history import HistoryScene
from scenes.menus.importing import ImportScene
from scenes.menus.pause import PauseMenu
from scenes.menus.rules import RulesOverlay
from scenes.menus.saved import ContinueScene
from scenes.menus.settings import SettingsOverlay
from scenes.menus.stats import StatsScene
from scenes.menus.setup import SetupScene
from scenes.replay.review import ReviewScene
from scenes.replay.viewer import ReplayScene
from scenes.menus.title import TitleScene
from scenes.tutorial.start import LessonsScene

SCENES = {
    "title": TitleScene,
    "setup": SetupScene,
    "menu": PauseMenu,
    "confirm": Confirm,
    "rules": RulesOverlay,
    "settings": SettingsOverlay,
    "lessons": LessonsScene,
    "replay": ReplayScene,
    "review": ReviewScene,
    "history": HistoryScene,
    "continue": ContinueScene,
    "export": ExportScene,
    "import": ImportScene,
    "bring_in": BringInScene,
    "browse": BrowseScene,
    "file_dialog": DialogWaitScene,
    "stats": StatsScene,
}


def scene(name: str) -> type[Scene]:
    """The scene of that name: a shared one, or a registered game's (KeyError for neither)."""
    found = SCENES.get(name) or next((scene for info in games.GAMES
                                      for scene in (info.table, *info.scenes) if scene.name == name), None)
    if found is None:
        raise KeyError(name)
    return found
