"""The type check (mypy on game/ and scenes/, as pyproject.toml sets it) is one of the tests, not a
step before them: it then runs beside the other tests on the second core instead of holding up
the whole suite for its quarter of a minute."""

from __future__ import annotations

from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api", reason="mypy is not installed (pip install -e '.[test]')")

pytestmark = pytest.mark.slow  # started first (tests/conftest.py)

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_finds_no_errors_in_game_and_scenes(monkeypatch):
    monkeypatch.chdir(ROOT)  # (pyproject.toml's [tool.mypy] names the files)
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml")])
    assert status == 0, (out + err)[-6000:]
    assert "Success: no issues found" in out
