"""Every scene, listed by name (explicit imports: PyInstaller sees them, nothing is scanned)."""

from scenes.cementopia.end import CementopiaEndScene
from scenes.cementopia.table import CementopiaScene
from scenes.grayblock.table import GrayblockScene
from scenes.alicematic.table import AlicematicScene
from scenes.menus.bring_in import BringInScene
from scenes.menus.confirm import Confirm
from scenes.menus.export import ExportScene
from scenes.menus.history import HistoryScene
from scenes.menus.pause import PauseMenu
from scenes.menus.rules import RulesOverlay
from scenes.menus.saved import ContinueScene
from scenes.assemble.scoring import ScoringScene
from scenes.menus.settings import SettingsOverlay
from scenes.menus.stats import StatsScene
from scenes.menus.setup import SetupScene
from scenes.assemble.table import TableScene
from scenes.replay.viewer import ReplayScene
from scenes.menus.title import TitleScene
from scenes.tutorial.start import LessonsScene

SCENES = {
    "title": TitleScene,
    "setup": SetupScene,
    "table": TableScene,
    "scoring": ScoringScene,
    "menu": PauseMenu,
    "confirm": Confirm,
    "rules": RulesOverlay,
    "settings": SettingsOverlay,
    "grayblock": GrayblockScene,
    "alicematic": AlicematicScene,
    "cementopia": CementopiaScene,
    "cementopia_end": CementopiaEndScene,
    "lessons": LessonsScene,
    "replay": ReplayScene,
    "history": HistoryScene,
    "continue": ContinueScene,
    "export": ExportScene,
    "bring_in": BringInScene,
    "stats": StatsScene,
}
