"""The headless commands on the player's data (issue 38): `saves`, `export`, `import`, and
`selfplay --out` that never replaces a file. Bad input is one line and exit status 2; nothing is
added twice, also when two imports of overlapping files run at once."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.services import cli
from game.core import records
from tests.storage_helpers import finished_records, in_progress, keep_in_progress, store

ROOT = Path(__file__).resolve().parent.parent


def run(capsys, *args):
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def selfplay(capsys, folder, seed=9, games=3):
    code, out, _err = run(capsys, "selfplay", "--players", "2", "--seat", "random", "--seat",
                          "random", "--seed", str(seed), "--games", str(games), "--out", str(folder))
    assert code == 0
    return json.loads(out)


def test_selfplay_out_never_replaces_a_record_already_there(capsys, tmp_path):
    selfplay(capsys, tmp_path)
    first = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    (tmp_path / "assemble-0002-seed10.json").write_text("my notes")  # a file of the player's
    selfplay(capsys, tmp_path)  # the same seeds again: new names, nothing replaced
    after = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert len(after) == 6 and not [p for p in tmp_path.iterdir() if p.suffix == ".tmp"]
    assert after["assemble-0002-seed10.json"] == b"my notes"
    assert all(after[name] == data for name, data in first.items() if name != "assemble-0002-seed10.json")
    for name in after:
        if name != "assemble-0002-seed10.json":
            records.verify(json.loads(after[name]))


def test_saves_lists_the_games_in_progress(capsys, data_dir):
    code, out, err = run(capsys, "saves", "--json")
    assert code == 0 and json.loads(out) == {"in_progress": []}
    from game.assemble.record import new_session
    session = new_session(3, [{"name": "Ada", "seat": "human"}, {"name": "Bot", "seat": "easy"}])
    session.play(session.state.legal_actions()[0])
    game_id = keep_in_progress(records.record_of(session))
    code, out, err = run(capsys, "saves", "--json")
    [saved] = json.loads(out)["in_progress"]
    assert saved["id"] == game_id and saved["game"] == "assemble" and saved["actions"] == 1
    assert saved["players"] == ["Ada", "Bot"] and saved["updated_at"].endswith("Z")
    code, text, _err = run(capsys, "saves")
    assert code == 0 and "Alice Assemble, Ada, Bot, 1 actions" in text


def test_export_then_import_elsewhere_gives_the_same_games_once(capsys, data_dir, tmp_path,
                                                                monkeypatch):
    selfplay(capsys, tmp_path / "made", games=4)
    code, out, err = run(capsys, "import", str(tmp_path / "made"))
    assert code == 0 and json.loads(out) == {"added": 4, "already": 0, "not_imported": 0}
    code, out, _err = run(capsys, "import", str(tmp_path / "made"),
                          *map(str, (tmp_path / "made").iterdir()))
    assert code == 0 and json.loads(out) == {"added": 0, "already": 8, "not_imported": 0}
    code, out, err = run(capsys, "export", str(tmp_path / "out"))
    assert code == 0 and json.loads(out)["exported"] == 4
    code, out, _err = run(capsys, "export", str(tmp_path / "out"))  # again: nothing twice (issue 56)
    assert json.loads(out)["exported"] == 0 and json.loads(out)["already"] == 4
    assert len(list((tmp_path / "out").iterdir())) == 4
    code, out, _err = run(capsys, "export", "--game", "grayblock", str(tmp_path / "none"))
    assert json.loads(out)["exported"] == 0
    monkeypatch.setenv("ALICE_DATA_DIR", str(tmp_path / "other"))  # another computer
    code, out, _err = run(capsys, "import", str(tmp_path / "out"))
    assert json.loads(out) == {"added": 4, "already": 0, "not_imported": 0}
    mine = sorted(records.replay(r).state.scores() for r in finished_records())
    monkeypatch.setenv("ALICE_DATA_DIR", str(data_dir))
    assert mine == sorted(records.replay(r).state.scores() for r in finished_records())


@pytest.mark.parametrize("args, needle", [
    (["export"], "the following arguments are required"),
    (["export", "--game", "chess", "x"], "unknown game"),
    (["import"], "the following arguments are required"),
])
def test_bad_arguments_are_one_line_and_exit_2(capsys, data_dir, args, needle):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "" and err.count("\n") == 1 and needle in err


def test_import_names_each_file_it_cannot_use_and_adds_the_rest(capsys, data_dir, tmp_path):
    selfplay(capsys, tmp_path / "in", games=2)
    (tmp_path / "in" / "broken.json").write_text("{")
    os.mkfifo(tmp_path / "in" / "pipe.json")
    code, out, err = run(capsys, "import", str(tmp_path / "in"), str(tmp_path / "missing.json"))
    assert code == 2 and json.loads(out) == {"added": 2, "already": 0, "not_imported": 3}
    lines = err.splitlines()
    assert len(lines) == 3 and all(line.startswith("alice-assemble: import: ") for line in lines)
    assert any("pipe.json" in line and "regular file" in line for line in lines)
    assert any("missing.json" in line for line in lines)


def test_export_into_a_folder_that_cannot_be_written_is_one_line(capsys, data_dir, tmp_path):
    (tmp_path / "file").write_text("x")
    code, out, err = run(capsys, "export", str(tmp_path / "file" / "sub"))
    assert code == 2 and out == "" and err.count("\n") == 1 and "cannot" in err


def test_two_imports_of_overlapping_files_at_once_add_each_game_once(capsys, data_dir, tmp_path):
    made = selfplay(capsys, tmp_path / "a", seed=20, games=6)
    assert made["games"] == 6
    files = sorted((tmp_path / "a").iterdir())
    (tmp_path / "b").mkdir()
    for path in files[2:]:  # four of them in both folders, under other names
        (tmp_path / "b" / ("copy-" + path.name)).write_bytes(path.read_bytes())
    env = dict(os.environ, ALICE_DATA_DIR=str(data_dir), PYTHONPATH=str(ROOT))
    runs = [subprocess.Popen([sys.executable, "-m", "scenes.main", "import", str(tmp_path / folder)],
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for folder in ("a", "b", "a")]
    answers = [json.loads(p.communicate(timeout=300)[0]) for p in runs]
    assert all(p.returncode == 0 for p in runs)
    assert sum(a["added"] for a in answers) == 6 and sum(a["already"] for a in answers) == 10
    db = store()
    try:
        assert len(db.finished.ids()) == 6 and db.integrity() == "ok"
    finally:
        db.close()
    assert in_progress() == []
