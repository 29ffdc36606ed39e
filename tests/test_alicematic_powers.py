"""The Megalomania powers issue 44 added to the sample set: taking from rivals, guarding against
war, room in an area, supply lines, and conquest powers for one kind of hex."""

from alicematic_boards import FOREST_HEX, board, city, facility, hold, put, table, take
from game.alicematic import state as st
from game.alicematic.setup import Action
from game.alicematic.state import DOMESTIC, EXPEDITION

TWO = [(0, 0), (1, 0)]  # tile A centred on (0, 0), tile B centred on (2, 1)


def card(state, name, colour=None):
    return next(c.id for c in state.cards if c.name == name and colour in (None, c.colour))


def kinds(state, h):
    return sorted(a.kind for a in state.legal_actions() if a.hex == h)


def summon(state, player, name, colour=None):
    c = card(state, name, colour)
    take(state, c)
    state.hands[player].append(c)
    state.turn, state.phase = player, DOMESTIC
    return state.apply(Action("summon", card=c))


def test_a_take_power_takes_chits_from_each_rival_as_far_as_they_have_them():
    state = table(board(TWO))
    state.resources[1][0], state.resources[2][0] = 3, 0  # red chits: 3 and none
    put(state, 0, "yellow", 1)  # Drummer Alice costs 1 DP
    events = summon(state, 0, "Drummer Alice")  # take 1 red from each rival
    assert [r[0] for r in state.resources] == [1, 2, 0]
    taken = [(e.kind, e.player, e.value) for e in events if e.kind in (st.TAKEN, st.GAINED)]
    assert taken == [(st.TAKEN, 1, 1), (st.GAINED, 0, 1)]


def test_guard_makes_seizing_a_war_need_more_strength():
    state = table(board(TWO, {(1, 0): facility("blue", 1)}))
    hold(state, 0, (0, 0))
    hold(state, 1, (1, -1))
    state.war[(1, 0)] = 1
    state.supply[1] -= 1
    put(state, 0, "red", 1)
    assert kinds(state, (1, 0)) == ["conquer"]
    put(state, 1, "red", 1, up=True, card=card(state, "Jabberwock Alice"))  # guard 2
    assert kinds(state, (1, 0)) == []  # strength 1 + 2 against 1
    state.resources[0][0] = 2
    assert kinds(state, (1, 0)) == ["conquer"]
    plan = dict(state.expeditions(0))[Action("conquer", hex=(1, 0))]
    assert plan.red == 2 and plan.strength == 3


def test_room_lets_its_area_hold_more():
    state = table(board(TWO))
    put(state, 0, "blue", 3)
    put(state, 0, "yellow", 2)
    spare = state.deck[0]
    state.hands[0] = [spare]
    state.turn, state.phase = 0, DOMESTIC
    assert Action("hire", card=spare, colour="blue") in state.legal_actions()
    put(state, 0, "blue", 1, up=True, card=card(state, "Cartographer Alice"))  # 4: full
    assert Action("hire", card=spare, colour="blue") not in state.legal_actions()
    state.areas[0][1][-1] = (card(state, "Alchemist Alice"), True)  # room 1 instead
    assert state.area_max(0, "blue") == 5 and state.area_max(0, "red") == 4
    assert Action("hire", card=spare, colour="blue") in state.legal_actions()


def test_supply_counts_food_from_every_hex_held_not_only_bases():
    state = table(board(TWO))
    hold(state, 0, (0, 0))  # the only base, on tile A
    b_tile = state.board.hexes[(2, 1)].tile
    ring = [h for h, info in state.board.hexes.items() if info.tile == b_tile and h != (2, 1)]
    near = max(ring, key=lambda h: h[0])  # tile B's far side
    target = next(h for h in state.board.neighbours[near] if h in ring)
    hold(state, 0, near)
    state.resources[0] = [9, 0, 9]
    state.turn, state.phase = 0, EXPEDITION
    go = Action("conquer", hex=target)
    without = dict(state.expeditions(0))[go].food
    put(state, 0, "green", 1, up=True, card=card(state, "Cook Alice"))  # supply
    assert dict(state.expeditions(0))[go].food == 1 < without


def test_a_conquest_power_for_one_kind_of_hex_works_only_there():
    state = table(board(TWO, {(1, 0): facility("red", 1), (1, -1): FOREST_HEX}))
    hold(state, 0, (0, 0))
    put(state, 0, "red", 2)
    put(state, 0, "green", 1, up=True, card=card(state, "Mock Turtle Alice"))  # forest: +4 VP
    state.apply(Action("conquer", hex=(1, 0)))
    assert state.vp[0] == 0  # a facility: nothing
    assert state.active_cards(0)[0].power.works_on("forest", False)


def test_a_city_conquest_power_scores_on_a_city():
    state = table(board(TWO, {(2, 1): city(size=2, strength=1)}))
    hold(state, 0, (0, 0), (1, 0))
    put(state, 0, "red", 1)
    put(state, 0, "green", 2)
    put(state, 0, "white", 1, up=True, card=card(state, "Chancellor Alice"))  # city: +3 VP
    state.resources[0] = [0, 0, 9]  # food to reach tile B
    state.turn, state.phase = 0, EXPEDITION
    events = state.apply(Action("conquer", hex=(2, 1)))
    scored = [(e.value, e.source.kind) for e in events if e.kind == st.SCORED]
    assert scored == [(3, st.POWER)]
