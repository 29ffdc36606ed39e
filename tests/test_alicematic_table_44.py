"""Issue 44 item 7 on the Alicematic table (SDL dummy driver, synthesized clicks): the rules' reason
a war, a conquest or a summon is not offered, a conquest's bonus before it is made, the projected
final score, chits on hexes of their own colour, cost badges clear of each other and of other
hexes, the phase prompt off the map, tile numbers, the legend, and the demo's normal bots."""

import random

import pygame
import pytest

from game.alicematic import explain, words
from game.alicematic import state as st
from game.alicematic.record import new_session
from game.alicematic.setup import CONQUER, SUMMON, WAR
from game.core.contract import Refusal
from scenes.alicematic import draw
from scenes.config import GameConfig, Seat
from test_alicematic_scene import confirm_if_asked, hex_point, open_table, point, seats
from ui_helpers import click, frames, resize

SIZES = [(640, 360), (1280, 720), (1920, 1080)]


def played_until(seed: int, players: int, wanted, limit: int = 600):
    """A session played with seeded random moves until `wanted(state)` holds."""
    session = new_session(seed, [{"name": n, "seat": "human"} for n in ["Ada", "Bo", "Cy", "Di", "Eve"][:players]])
    rng = random.Random(seed)
    for _ in range(limit):
        state = session.state
        if wanted(state) or state.is_over():
            break
        session.play(rng.choice(state.legal_actions()))
    assert wanted(session.state), "no such position in this game"
    return session


def table_at(app, session, size=(1280, 720)):
    players = session.state.n
    config = GameConfig(seats(*["human"] * players), None, session.meta["seed"], "alicematic", undo="free")
    scene = open_table(app, config, session)
    resize(app, size)
    frames(app, 2)
    confirm_if_asked(app, scene)
    frames(app, 1)
    return scene


def war_only_hex(state):
    """A hex where the player to move may start a war but not take it (short of something)."""
    if state.phase != st.EXPEDITION:
        return None
    kinds: dict = {}
    for action, _plan in state.expeditions(state.turn):
        kinds.setdefault(action.hex, set()).add(action.kind)
    return next((h for h, k in sorted(kinds.items()) if k == {WAR}), None)


def test_a_war_only_hex_says_in_its_menu_which_rule_stops_the_conquest(app):
    session = played_until(3, 3, lambda s: war_only_hex(s) is not None)
    scene = table_at(app, session)
    h = war_only_hex(scene.state)
    refusal = explain.expedition_refusal(scene.state, CONQUER, h)
    assert refusal.code in (words.SHORT_OF_STRENGTH, words.SHORT_OF_FOOD, words.OUT_OF_REACH)
    click(app, hex_point(scene, h))
    frames(app, 1)
    labels = [(label, action) for label, action in scene.popup.options]
    assert any(a is not None and a.kind == WAR for _l, a in labels)
    greyed = [label for label, a in labels if a is None]
    assert greyed == ["Take it: " + str(words.refusal_words(refusal))]
    assert "needs" in greyed[0] or "reach" in greyed[0]
    # and the button for it cannot be chosen
    button = next(b for b, (_l, a) in zip(scene.popup.buttons, scene.popup.options) if a is None)
    assert not button.enabled


def test_a_click_on_an_unlit_hex_tells_why_it_cannot_be_taken(app):
    def wanted(s):
        return s.phase == st.EXPEDITION and any(
            explain.expedition_refusal(s, CONQUER, h) is not None
            and explain.expedition_refusal(s, CONQUER, h).code == words.HELD_AND_JOINED for h in s.board.hexes)
    session = played_until(5, 3, wanted)
    scene = table_at(app, session)
    state = scene.state
    h = next(h for h in state.board.hexes if (explain.expedition_refusal(state, CONQUER, h) or
                                             st.Refusal("")).code == words.HELD_AND_JOINED)
    click(app, hex_point(scene, h))
    frames(app, 1)
    holder = state.holders[h][0]
    assert scene.popup is None
    assert app.toasts[-1][0] == f"Player {holder + 1} holds it, joined to their bases."


def test_a_summon_greyed_out_says_how_much_dp_is_short(app):
    def wanted(s):
        return s.phase == st.DOMESTIC and any(
            (explain.summon_refusal(s, c) or st.Refusal("")).code == words.SHORT_OF_DP for c in s.hands[s.turn])
    session = played_until(11, 3, wanted)
    scene = table_at(app, session)
    state = scene.state
    card = next(c for c in state.hands[state.turn]
                if (explain.summon_refusal(state, c) or st.Refusal("")).code == words.SHORT_OF_DP)
    click(app, point(draw.hand_rects(scene)[card]))
    frames(app, 1)
    greyed = [label for label, a in scene.popup.options if a is None]
    dp = state.cards[card].dp
    assert len(greyed) == 1 and greyed[0].startswith(f"Summon: Not enough DP to summon that card: it needs {dp};")
    assert not any(a is not None and a.kind == SUMMON for _l, a in scene.popup.options)
    # the card's tooltip says it too, before any click
    tip = draw.tooltip_at(scene, point(draw.hand_rects(scene)[card]))
    assert tip.endswith(": " + str(words.refusal_words(explain.summon_refusal(state, card))))
    assert tip.startswith(draw.w.card_name(state.cards[card]))


def test_every_expedition_refusal_names_a_rule_in_random_games():
    """The generic "cannot take that hex" never shows: every hex not offered has its reason."""
    for seed in range(8):
        state = st.AlicematicState.new(seed, 3 + seed % 3)
        rng = random.Random(seed)
        while not state.is_over():
            if state.phase == st.EXPEDITION:
                legal = set(state.legal_actions())
                options = state.expedition_options(state.turn)  # every hex's, worked out at once
                assert len(options) == 2 * len(state.board.hexes)
                for action, plan in options:
                    refused = isinstance(plan, Refusal)
                    assert refused == (action not in legal)
                    assert not refused or plan.code not in (words.CANNOT_CONQUER, words.CANNOT_WAR)
                for action, plan in rng.sample(options, 6):  # as the table asks, a hex at a time
                    refusal = explain.expedition_refusal(state, action.kind, action.hex)
                    assert refusal == (plan if isinstance(plan, Refusal) else None)
            state.apply_unchecked(rng.choice(state.legal_actions()))


def test_a_conquest_menu_previews_its_bonus_as_the_move_then_gives_it(app):
    def wanted(s):
        return s.phase == st.EXPEDITION and any(
            a.kind == CONQUER and explain.conquest_gains(s, a.hex) for a in s.legal_actions())
    session = played_until(2, 3, wanted)
    scene = table_at(app, session)
    state = scene.state
    action = next(a for a in state.legal_actions() if a.kind == CONQUER and explain.conquest_gains(state, a.hex))
    gains = explain.conquest_gains(state, action.hex)
    click(app, hex_point(scene, action.hex))
    frames(app, 1)
    label = next(label for label, a in scene.popup.options if a == action)
    assert "Brings " in label and "no bonus" not in label
    mover = state.turn
    before = list(state.resources[mover]), state.vp[mover], len(state.hands[mover])
    events = scene.state.clone().apply(action)
    got = [e for e in events if e.kind in explain.GAINS and e.player == mover]
    assert got[:len(gains)] == gains
    assert before  # (the preview changed nothing)
    assert (list(scene.state.resources[mover]), scene.state.vp[mover], len(scene.state.hands[mover])) == before


# --- the map's geometry: badges, tags, dots, the prompt -------------------------------------

def lit_position(players: int):
    """An expedition in round 3 or later with conquests that need strength or food."""
    def wanted(s):
        return s.round >= 3 and s.phase == st.EXPEDITION and sum(
            a.kind == CONQUER and (p.strength or p.food) and p.food is not None
            for a, p in s.expeditions(s.turn)) >= 3
    return played_until(20 + players, players, wanted, limit=2000)


def drawn_numbers(app, monkeypatch):
    """Every number the next frame draws on the map: [(its centre, its rect)]."""
    drawn = []
    real = draw.number

    def noting(surface, value, px, room, centre, ink):
        rect = real(surface, value, px, room, centre, ink)
        drawn.append(((round(centre[0]), round(centre[1])), rect))
        return rect
    monkeypatch.setattr(draw, "number", noting)
    frames(app, 1)
    monkeypatch.setattr(draw, "number", real)
    return drawn


def dot_rects(scene):
    """Where the players' markers are (their edges too)."""
    return [draw.marker_rect(centre, radius + max(1, round(radius / 5)))
            for _h, _p, centre, radius, _war in draw.marker_spots(scene)]


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("size", SIZES)
def test_cost_badges_and_tile_tags_cover_no_hex_number_dot_or_each_other(app, monkeypatch, players, size):
    scene = table_at(app, lit_position(players), size)
    checked = 0
    for zoom in (1.0, 2.0, 3.0):
        scene.camera.zoom, scene.camera.pan = zoom, [0.0, 0.0]
        lit = next(a.hex for a in scene.plans() if a.kind == CONQUER)
        x, y = scene.camera.to_screen(lit)  # (zoomed in: a lit conquest in sight)
        scene.camera.pan = [scene.camera.rect.centerx - x, scene.camera.rect.centery - y]
        scene.camera.clamp()
        drawn = drawn_numbers(app, monkeypatch)
        cam = scene.camera
        badges = draw.badge_rects(scene)
        tags = [rect for _words, rect in draw.tile_tags(scene).values()]
        if cam.size >= 22:  # a window large enough (or zoomed in): every lit conquest has its badge
            assert len(badges) == sum(a.kind == CONQUER and (p.strength or p.food) and p.food is not None
                                      for a, p in scene.plans().items())
        if cam.size >= draw.TAG_HEX:
            assert len(tags) == len(scene.state.board.centres)
        field = cam.rect
        badges = {h: r for h, r in badges.items() if field.contains(r)}  # (zoomed: what is in sight)
        tags = [r for r in tags if field.contains(r)]
        dots = [r for r in dot_rects(scene) if field.contains(r)]
        for h, rect in badges.items():
            cx, cy = cam.to_screen(h)
            inner = cam.size * 0.87  # inside its own hex: clear of every other hex and its base
            assert all((x - cx) ** 2 + (y - cy) ** 2 <= inner ** 2
                       for x, y in (rect.topleft, rect.topright, rect.bottomleft, rect.bottomright)), (h, rect)
            others = [r for c, r in drawn if not rect.collidepoint(c) and field.contains(r)]
            assert rect.collidelist(others) == -1, (h, rect)
            assert rect.collidelist(dots) == -1 and rect.collidelist(tags) == -1, (h, rect)
            assert rect.collidelist([r for g, r in badges.items() if g != h]) == -1
            checked += 1
        numbers = [r for _c, r in drawn if field.contains(r)]
        for i, rect in enumerate(tags):
            assert rect.collidelist(numbers) == -1 and rect.collidelist(dots) == -1, rect
            assert rect.collidelist(tags[i + 1:]) == -1
    assert checked > 0


def test_a_tile_tag_carries_the_number_the_log_names(app):
    scene = table_at(app, lit_position(3), (1280, 720))
    tags = draw.tile_tags(scene)
    board = scene.state.board
    assert scene.camera.size >= draw.TAG_HEX and set(tags) == set(range(len(board.centres)))
    for t, (words, rect) in tags.items():
        assert words == str(t + 1)  # hex_words says "on tile {t + 1}"
        cx, cy = scene.camera.to_screen(board.centres[t])
        assert abs(rect.centerx - cx) < scene.camera.size and 0 < rect.centery - cy < scene.camera.size * 1.1
    assert any("on tile" in line for line in scene.log)


@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize("size", SIZES + [(800, 600), (1024, 768)])
def test_the_phase_prompt_and_the_map_buttons_never_cover_a_hex(app, players, size):
    scene = table_at(app, lit_position(players), size)
    cam = scene.camera
    for zoom in (1.0, 3.0):
        cam.zoom, cam.pan = zoom, [0.0, 0.0]
        cam.clamp()
        frames(app, 1)
        box = scene.prompt_box
        assert box.w > 0 and scene.layout.map.contains(box)
        for rect in (box, scene.legend_b.rect, scene.action_b.rect):
            assert not rect.colliderect(cam.rect), (rect, cam.rect)
        if zoom == 1.0:  # the whole map shows in the hexes' region
            for h in scene.state.board.hexes:
                x, y = cam.to_screen(h)
                assert cam.rect.collidepoint(x, y - cam.size) and cam.rect.collidepoint(x, y + cam.size)
    assert scene.prompt() == "Expedition: click a lit hex, or End turn"


def test_a_held_hex_shows_its_holders_marker_even_on_a_hex_of_their_own_colour(app, monkeypatch):
    """Even where the holder's colour is the hex's own, the marker's dark disc and light edge
    stand out, with the holder's symbol in it."""
    scene = table_at(app, lit_position(3), (1280, 720))
    board, cam = scene.state.board, scene.camera
    h = next(h for h, owners in sorted(scene.state.holders.items())
             if len(owners) == 1 and board.hexes[h].kind.kind == "facility")
    fill = draw.mix(draw.AREA_COLOURS[board.hexes[h].kind.colour], (60, 56, 52), 0.25)
    monkeypatch.setattr(draw, "seat_colour", lambda scene, p: fill)  # the worst case: the same colour
    app.draw()
    surface = app.screen
    (centre, radius), = [(c, r) for g, _p, c, r, _w in draw.marker_spots(scene) if g == h]
    assert radius >= cam.size * 0.3  # a large marker, not a dot
    seen = []
    for step in range(0, int(radius * 1.8)):  # from the symbol's middle up and out of the disc
        c = tuple(surface.get_at((round(centre[0]), round(centre[1] - step)))[:3])
        kind = "dark" if sum(c) < 60 else ("light" if min(c) > 230 else
                                            ("fill" if max(abs(a - b) for a, b in zip(c, fill)) < 12 else "other"))
        if not seen or seen[-1] != kind:
            seen.append(kind)
    # the symbol (the holder's colour), the disc, its light edge, the hex again
    assert seen[0] == "fill" and "dark" in seen and "light" in seen[seen.index("dark"):], seen
    assert "fill" in seen[seen.index("light"):], seen


# --- the projected score, the legend, the demo -----------------------------------------------

def test_each_player_shows_the_final_score_the_engine_gives_if_the_game_ended_now(app):
    from scenes.widgets import ui
    scene = table_at(app, lit_position(4), (1280, 720))
    with ui.noting_texts() as texts:
        frames(app, 1)
    state = scene.state
    shown = [t.shown for t in texts]
    for p in range(state.n):
        assert f"{state.vp[p]} VP \u00b7 projected {state.scores()[p]}" in shown, shown
    assert any(f"(projected {state.scores()[scene.viewer]})" in s for s in shown)
    assert any(state.scores()[p] != state.vp[p] for p in range(state.n))  # (it differs from VP so far)


@pytest.mark.parametrize("size", SIZES)
def test_the_legend_opens_and_closes_and_names_every_mark_whole(app, size):
    from scenes.alicematic import legend
    from scenes.widgets import ui
    scene = table_at(app, lit_position(5), size)
    click(app, scene.legend_b.rect.center)
    assert scene.legend_open
    with ui.noting_texts() as texts:
        frames(app, 1)
    words = {t.wanted: t for t in texts}
    for _kind, row in legend.rows():
        assert row in words and not words[row].cut, row
        assert app.screen.get_rect().contains(words[row].rect)
    for p in range(5):
        assert scene.name_of(p) in words
    assert any("badge" in w for w in words) and any("dot" in w for w in words)
    click(app, scene.camera.rect.center)  # a click anywhere closes it, and does nothing else
    assert not scene.legend_open and scene.popup is None
    from ui_helpers import key
    key(app, pygame.K_l)
    assert scene.legend_open
    key(app, pygame.K_ESCAPE)
    assert not scene.legend_open


def test_the_alicematic_demo_seats_normal_bots_and_the_others_keep_theirs(tmp_path, monkeypatch):
    from game.core import registry
    from scenes.app.window import App, AppOptions
    monkeypatch.setenv("ALICE_DATA_DIR", str(tmp_path))
    from scenes import games
    for game in registry.GAMES:
        players = max(game.player_counts)
        app = App(AppOptions(size=(1280, 720), demo=True, game=game.id, players=players))
        try:
            setup = app.make("setup")
            kinds = [row.kind.value for row in setup.rows[:players]]
            levels = games.info(game.id).demo_bots  # each game's declared demo levels, seat by seat
            assert kinds == [setup._bot(levels[i % len(levels)]) for i in range(players)]
            if game.id == "alicematic":
                assert kinds == ["normal"] * players
        finally:
            app.stack.close_all()
            pygame.display.quit()


# --- the results at the end ----------------------------------------------------------------

def test_the_final_scoring_ends_with_the_places_as_the_other_games_give_them(app):
    from scenes.widgets import ui
    session = played_until(9, 4, lambda s: s.is_over(), limit=5000)
    scene = table_at(app, session, (1280, 720))
    scene.reveal_all()
    with ui.noting_texts() as texts:
        frames(app, 2)
    state = scene.state
    scores = state.scores()
    best = max(range(4), key=lambda p: (scores[p], state.alices(p)))
    line = next(t for t in texts if t.wanted.startswith("1st "))
    assert not line.cut and line.wanted.startswith(f"1st {scene.name_of(best)} {scores[best]}")
    assert line.wanted.count(" \u00b7 ") == 3  # all four players, in order


def test_a_tie_in_vp_says_how_it_was_settled():
    from types import SimpleNamespace
    from game.alicematic import tell as w

    def state(scores, alices, winners):
        return SimpleNamespace(n=len(scores), scores=lambda: scores, alices=lambda p: alices[p],
                               ranks=lambda: list(zip(scores, alices)),
                               result=lambda: SimpleNamespace(winners=winners))
    assert w.tiebreak(state([10, 10, 5], [3, 2, 9], (0,))) == "Tied on 10 VP: the most face-up Alices (3) decides."
    assert w.tiebreak(state([10, 10, 5], [3, 3, 9], (0, 1))) == "Tied on 10 VP and on face-up Alices: a shared win."
    assert w.tiebreak(state([11, 10, 5], [0, 3, 9], (0,))) is None
    names = ["Ada", "Bo", "Cy"]
    assert w.standings(state([10, 10, 5], [3, 2, 9], (0,)), names.__getitem__) == \
        ["1st Ada 10", "2nd Bo 10", "3rd Cy 5"]
    assert w.standings(state([10, 10, 5], [3, 3, 9], (0, 1)), names.__getitem__) == \
        ["1st Ada 10", "1st Bo 10", "3rd Cy 5"]


def test_the_hover_card_says_why_a_hex_cannot_be_taken_and_what_a_conquest_brings(app):
    from scenes.widgets import ui
    session = played_until(4, 3, lambda s: war_only_hex(s) is not None and any(
        a.kind == CONQUER for a in s.legal_actions()))
    scene = table_at(app, session)
    state = scene.state
    h = war_only_hex(state)
    reason = str(words.refusal_words(explain.expedition_refusal(state, CONQUER, h)))
    scene.hover = h
    with ui.noting_texts() as texts:
        frames(app, 1)
    said = " ".join(t.shown for t in texts)
    assert reason.split(":")[0] in said and "A war is possible here" in said
    take = next(a.hex for a in state.legal_actions() if a.kind == CONQUER)
    scene.hover = take
    with ui.noting_texts() as texts:
        frames(app, 1)
    assert any(t.shown.startswith("Brings ") for t in texts)
