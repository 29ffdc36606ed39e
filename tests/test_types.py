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


def test_a_session_holds_its_game_s_own_state_type(monkeypatch, tmp_path):
    """Session is generic over the state: a game's record module hands out its own state, the
    history's positions and the views typed (issue 58), so a misspelt attribute is an error."""
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("MYPYPATH", str(ROOT))  # this checkout's game/, whatever is installed
    snippet = tmp_path / "uses_a_session.py"
    snippet.write_text("\n".join([
        "from game.assemble.record import new_session",
        "from game.core.positions import Positions",
        "session = new_session(1, [{'name': 'A', 'seat': 'human'}, {'name': 'B', 'seat': 'easy'}])",
        "reveal_type(session.state)",
        "reveal_type(session.history.start.view(0))",
        "reveal_type(Positions(session.history.start, session.history.actions).at(0))",
        "session.state.no_such_thing",
    ]) + "\n")
    out, err, _status = api.run(["--config-file", str(ROOT / "pyproject.toml"), str(snippet)])
    revealed = [line.split("Revealed type is ")[1] for line in out.splitlines()
                if "Revealed type is " in line]
    assert revealed == ['"game.assemble.state.AssembleState"', '"game.assemble.view.AssembleView"',
                        '"game.assemble.state.AssembleState"'], out + err
    assert '"AssembleState" has no attribute "no_such_thing"' in out, out + err
