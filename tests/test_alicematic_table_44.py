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
    if state.turn in state.holders.get(h, ()):
        pytest.skip("the hex is the mover's own")
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


def test_every_expedition_refusal_names_a_rule_in_random_games():
    """The generic "cannot take that hex" never shows: every hex not offered has its reason."""
    for seed in range(8):
        state = st.AlicematicState.new(seed, 3 + seed % 3)
        rng = random.Random(seed)
        while not state.is_over():
            if state.phase == st.EXPEDITION:
                legal = set(state.legal_actions())
                for h in state.board.hexes:
                    for kind in (CONQUER, WAR):
                        refusal = explain.expedition_refusal(state, kind, h)
                        assert (refusal is None) == (st.Action(kind, hex=h) in legal)
                        assert refusal is None or refusal.code not in (words.CANNOT_CONQUER, words.CANNOT_WAR)
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
