"""What the app keeps of the player's, and nothing else does: one SQLite database in the data
folder (`store`: its connection owner, `connection`, and a part per thing kept), the first start's import of the old JSON files (`legacy`), and the reading of
untrusted files (`files`). No SQL and no data-file writes anywhere else."""

from ..core.files import data_dir
from .store import ELSEWHERE, FREE, MINE, HeldElsewhere, Imported, Saved, Store, StoreError

__all__ = ["data_dir", "Store", "StoreError", "HeldElsewhere", "Saved", "Imported", "FREE", "MINE",
           "ELSEWHERE"]
