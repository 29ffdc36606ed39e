"""Where the app keeps the game in progress, finished records and settings (user folders, via
platformdirs; never beside the executable). ALICE_DATA_DIR overrides the folder (tests, portable use).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from .errors import RecordError
from .records import read_record, replay, write_record

APP = "alice-assemble"


def data_dir() -> Path:
    override = os.environ.get("ALICE_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs
    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def save_game(record: dict) -> str | None:
    """Write the game in progress; a message instead of an exception if the disk says no."""
    try:
        write_record(autosave_path(), record)
    except OSError as exc:
        return f"Could not save the game: {exc.strerror or exc}"
    return None


def clear_autosave() -> None:
    try:
        autosave_path().unlink()
    except FileNotFoundError:
        pass
    except OSError:
        pass


def has_autosave() -> bool:
    return autosave_path().is_file()


def load_autosave():
    """(session, record, message). A save that cannot be replayed is renamed aside, never lost,
    and reported in one line; then session and record are None."""
    path = autosave_path()
    if not path.is_file():
        return None, None, None
    try:
        record = read_record(path)
        session = replay(record)
        if session.state.is_over():
            raise RecordError("the saved game is already finished")
        return session, record, None
    except RecordError as exc:
        aside = path.with_name(f"autosave-unreadable-{time.strftime('%Y%m%d-%H%M%S')}.json")
        try:
            path.replace(aside)
            where = f"; it was set aside as {aside.name}"
        except OSError:
            where = ""
        return None, None, f"The saved game could not be resumed ({exc}){where}."


def archive_finished(record: dict) -> Path | None:
    """Keep a finished game's record in the records folder."""
    folder = data_dir() / "records"
    path = folder / f"{record.get('game', 'game')}-{time.strftime('%Y%m%d-%H%M%S')}.json"
    try:
        write_record(path, record)
        return path
    except OSError:
        return None


def load_settings() -> dict:
    path = data_dir() / "settings.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def save_settings(settings: dict) -> None:
    path = data_dir() / "settings.json"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(settings, indent=1), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass
