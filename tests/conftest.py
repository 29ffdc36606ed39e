import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["LANGUAGE"] = "en"  # the words the tests read, whatever this machine's locale (game.core.i18n)

import pytest  # noqa: E402

TEST_WORK = 4


@pytest.fixture(autouse=True)
def no_lesson_offer(request, monkeypatch):
    """The first start's Learn to play offer covers the title; tests of other screens start from
    the title as a returning player sees it (tests/test_lessons.py marks the ones about it)."""
    if request.node.get_closest_marker("first_start") is None:
        from scenes.menus.title import TitleScene
        monkeypatch.setattr(TitleScene, "offer_lesson", lambda self: None)


@pytest.fixture(autouse=True)
def bots_at_once(request, monkeypatch):
    """Bots and hints decide when asked, in this process, with a fixed amount of work instead of
    a think time: a test never waits on another process's clock, and a busy machine gets the same
    answers (tests of the worker process itself are marked `worker`)."""
    if request.node.get_closest_marker("worker") is not None:
        return
    from game.bots.worker import BackgroundDecider
    monkeypatch.setattr(BackgroundDecider, "at_once", True)
    # a fixed, small amount of work: the tests check what a bot or hint does, not how well (a
    # third of cementopia's solver's own twelve guessed orders; searches: a dozen iterations)
    monkeypatch.setattr(BackgroundDecider, "iterations", TEST_WORK)


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """A private user-data folder so tests never touch (or see) a real autosave."""
    folder = tmp_path / "userdata"
    monkeypatch.setenv("ALICE_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def app(data_dir):
    from scenes.app.window import App, AppOptions
    application = App(AppOptions(size=(1280, 720)))
    yield application
    application.stack.close_all()  # stops bot worker processes
    # no thread of this test goes on using the data while the next test runs: the save workers
    # of tables a test made without pushing, the settings keeper, the store's connections
    from scenes.table import saving
    saving.close_all()
    saving.wait_for_saves(lambda: None)
    application.keeper.close()
    application.store.close()
    import pygame
    pygame.display.quit()


@pytest.fixture
def ja():
    """Japanese words and font for one test; English again after it, as the other tests expect."""
    from scenes.menus.settings import use_language
    from scenes.widgets import ui
    use_language("ja")
    yield
    use_language("en")
    ui.set_text_size("normal")


@pytest.fixture
def table(monkeypatch):
    """Starting a game opens a DummyTable (tests/ui_helpers.py) instead of a real table: the list
    of the tables made, each with the config it was given. A test module may define its own."""
    from scenes import registry
    from tests.ui_helpers import DummyTable
    DummyTable.made = []
    monkeypatch.setitem(registry.SCENES, "table", DummyTable)
    return DummyTable.made


def pytest_collection_modifyitems(config, items):
    """The long tests first (marked `slow`): two workers then finish together instead of one
    running a long test alone at the end. The rest keep their order."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
