"""Every scene, listed by name (explicit imports: PyInstaller sees them, nothing is scanned)."""

from .cementopia import CementopiaEndScene, CementopiaScene
from .grayblock import GrayblockScene
from .menus import PauseMenu, RulesOverlay
from .scoring import ScoringScene
from .settings import SettingsOverlay
from .setup import SetupScene
from .table import TableScene
from .title import TitleScene

SCENES = {
    "title": TitleScene,
    "setup": SetupScene,
    "table": TableScene,
    "scoring": ScoringScene,
    "menu": PauseMenu,
    "rules": RulesOverlay,
    "settings": SettingsOverlay,
    "grayblock": GrayblockScene,
    "cementopia": CementopiaScene,
    "cementopia_end": CementopiaEndScene,
}
