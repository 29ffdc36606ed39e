"""The scene stack: lifecycle calls, overlays drawing over what is beneath, events to the top."""

from scenes.app.stack import Scene, SceneStack


class Probe(Scene):
    def __init__(self, name, log, opaque=True):
        super().__init__(app=None)
        self.name, self.log, self.opaque = name, log, opaque

    def enter(self):
        self.log.append(f"enter {self.name}")

    def leave(self):
        self.log.append(f"leave {self.name}")

    def close(self):
        self.log.append(f"close {self.name}")

    def resize(self, size):
        self.log.append(f"resize {self.name} {size[0]}")

    def handle(self, event):
        self.log.append(f"handle {self.name}")

    def update(self, dt):
        self.log.append(f"update {self.name}")

    def draw(self, surface):
        self.log.append(f"draw {self.name}")


def test_push_pop_replace_call_enter_and_leave_in_order():
    log = []
    stack = SceneStack()
    a, b, c = Probe("a", log), Probe("b", log), Probe("c", log)
    stack.push(a)
    stack.push(b)
    assert stack.top is b and len(stack) == 2
    stack.replace(c)
    assert stack.scenes == (a, c)
    assert stack.pop() is c and stack.top is a
    assert [e for e in log if not e.startswith("resize")] == [
        "enter a", "leave a", "enter b", "leave b", "close b", "enter c", "leave c", "close c",
        "enter a"]
    assert stack.pop() is a and stack.pop() is None


def test_only_the_top_scene_gets_events_and_updates():
    log = []
    stack = SceneStack()
    stack.push(Probe("a", log))
    stack.push(Probe("b", log))
    log.clear()
    stack.handle(object())
    stack.update(0.1)
    assert log == ["handle b", "update b"]


def test_overlays_draw_over_the_scene_beneath_and_opaque_scenes_hide_it():
    log = []
    stack = SceneStack()
    stack.push(Probe("table", log))
    stack.push(Probe("menu", log, opaque=False))
    stack.push(Probe("rules", log, opaque=False))
    log.clear()
    stack.draw(None)
    assert log == ["draw table", "draw menu", "draw rules"]
    stack.push(Probe("scoring", log))
    log.clear()
    stack.draw(None)
    assert log == ["draw scoring"]


def test_resize_reaches_every_scene_and_new_scenes_get_the_current_size():
    log = []
    stack = SceneStack()
    stack.push(Probe("a", log))
    stack.resize((1920, 1080))
    stack.push(Probe("b", log))
    assert "resize a 1920" in log and "resize b 1920" in log


def test_clear_to_leaves_every_scene():
    log = []
    stack = SceneStack()
    for name in "abc":
        stack.push(Probe(name, log))
    log.clear()
    stack.clear_to(Probe("title", log))
    assert [e for e in log if e.startswith("leave")] == ["leave c"]  # a and b left when covered
    assert [e for e in log if e.startswith("close")] == ["close c", "close b", "close a"]
    assert len(stack) == 1
