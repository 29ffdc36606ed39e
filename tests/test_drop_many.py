"""Issue 56 item 15: 1,000 files dropped on the window at once gave 999 identical toasts. The
files of one drop are one question, then one message."""

import json

import pygame

from game.tools.history_perf import varied
from tests.storage_helpers import finished_records
from tests.ui_helpers import frames, key


def drop_all(app, paths) -> None:
    for path in paths:  # as the system delivers them: every event before the next frame
        pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    frames(app, 1)


def test_a_thousand_records_dropped_are_one_question_then_one_message(app, data_dir, tmp_path):
    app.stack.push(app.make("title"))
    frames(app, 1)
    paths = []
    for i, (_name, record, _when) in enumerate(varied(1000)):
        paths.append(tmp_path / f"game-{i}.json")
        paths[-1].write_text(json.dumps(record))
    drop_all(app, paths)
    ask = app.stack.top
    assert ask.name == "confirm" and "1,000" in ask.question and app.toasts == []
    key(app, pygame.K_RETURN)  # Import
    frames(app, 1)
    assert len(app.toasts) == 1 and "1,000" in app.toasts[0][0]
    assert len(finished_records()) == 1000


def test_a_thousand_files_that_are_not_records_are_one_message(app, data_dir, tmp_path):
    app.stack.push(app.make("title"))
    frames(app, 1)
    paths = [tmp_path / f"note-{i}.txt" for i in range(1000)]
    for path in paths:
        path.write_text("{not a record")
    drop_all(app, paths)
    key(app, pygame.K_RETURN)
    frames(app, 1)
    assert len(app.toasts) == 1 and "1,000" in app.toasts[0][0] and "note-0.txt" in app.toasts[0][0]
    assert app.stack.top.name == "title" and finished_records() == []


def test_a_drop_on_a_screen_that_cannot_take_it_says_so_once(app, tmp_path):
    app.stack.push(app.make("title"))
    app.stack.push(app.make("export", ids=[]))
    frames(app, 1)
    drop_all(app, [tmp_path / f"x{i}.json" for i in range(1000)])
    assert len(app.toasts) == 1 and app.stack.top.name == "export"
