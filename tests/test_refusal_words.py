"""A move the rules refuse, tried on each game's real table with the mouse: nothing changes, and
the toast says the engine's reason in the game's words, in English and in Japanese (and in the
language of the moment: a toast already up follows a switch)."""

import pytest

from game.alicematic.content import COLOURS
from game.assemble import Rules as AssembleRules
from game.core.commands import History, Session
from game.grayblock.setup import LEFT, Action as GrayblockAction, Rules as GrayblockRules
from game.grayblock.state import GrayblockState
from game.core.messages import shown
from scenes.alicematic import draw as alicematic_draw
from scenes.art.metrics import STRIP
from scenes.config import GameConfig, Seat
from scenes.menus.settings import use_language
from ui_helpers import click, drag, frames, settle

LANGUAGES = ("en", "ja")


@pytest.fixture(params=LANGUAGES)
def lang(request):
    use_language(request.param)
    yield request.param
    use_language("en")


def refused(app, table, gesture) -> str:
    """What the toast says after `gesture`, which the rules refuse: the position stays as it was."""
    before, moves, toasts = table.state.clone(), len(table.session.history), len(app.toasts)
    gesture()
    assert table.state == before and len(table.session.history) == moves
    assert len(app.toasts) == toasts + 1
    return shown(app.toasts[-1][0])


def centre(rect):
    x, y, w, h = (rect.x, rect.y, rect.w, rect.h) if hasattr(rect, "x") else rect
    return int(x + w / 2), int(y + h / 2)


def test_assemble_the_identity(app, lang):
    seats = [Seat("Ada", "human", 0), Seat("Bo", "human", 1)]
    table = app.make("table", config=GameConfig(seats, AssembleRules(identity=True), 8, "assemble"))
    app.stack.push(table)
    state = table.state
    while not (state.phase == "place" and state.lines[state.active] and state.capacity[state.active] == 1):
        table.play(state.legal_actions()[0])
        state = table.state
    settle(app, table)
    lane = state.active
    line, n = table.layout.lanes[lane].line, len(state.lines[lane])
    end = (int(line.x + n * STRIP * table.layout.card_width + 2), int(line.y + line.h / 2))
    assert table.insertion_at(lane, end[0]) == n  # the drop's place: the right end
    words = refused(app, table, lambda: drag(app, centre(table.layout.lanes[lane].bench), end))
    assert words == {"en": "The Identity: no placing at the right end while capacity is 1.",
                     "ja": "自己同一性：処理能力が1の間は右端に配置できません。"}[lang]


def test_grayblock_a_card_that_is_not_one_gear_from_the_end(app, lang):
    seats = [Seat("Ada", "human", 0), Seat("Bo", "easy", 1)]
    config = GameConfig(seats, GrayblockRules(), 7, "grayblock", 100)
    state = GrayblockState.new(7, 2, config.rules, 100, first=0,
                               deals=(((2, 5, 8, 9, 12, 18, 23, 30), (3, 4, 10, 11, 19, 22, 24, 25)),))
    state.apply(GrayblockAction(0, 12, None))
    state.apply(GrayblockAction(1, 4, LEFT))
    session = Session(History(state), {"game": "grayblock", "seed": 7,
                                       "players": [seat.to_json() for seat in seats]})
    table = app.make("grayblock", config=config, session=session)
    app.stack.push(table)
    frames(app, 2)
    assert table.state.row == [4, 12] and table.can_act()
    xs, y, cw, ch = table.layout.row_geometry(2)
    words = refused(app, table, lambda: drag(app, centre(table.hand_rects()[30]),
                                             (int(xs[0] - 0.1 * cw), int(y + ch / 2))))
    assert words == {"en": "Card 30 does not differ by exactly one gear from card 4 at the left end.",
                     "ja": "30は左端の4と歯車がちょうど1つ違いではありません。"}[lang]


def test_cementopia_a_card_dropped_on_another(app, lang):
    table = app.make("cementopia", config=GameConfig([Seat("You", "human", 0)], None, 3, "cementopia"))
    app.stack.push(table)
    frames(app, 2)
    (first, x, y), card = table.state.placed[0], table.state.hand[0]
    over = table.cam.band_rect(table.lay.board, x, y).center  # right over the first card
    words = refused(app, table, lambda: drag(app, centre(table.hand_rect(card)), over))
    assert words == {"en": f"Card {card} would overlap card {first}.",
                     "ja": f"カード{card}はカード{first}と重なってしまいます。"}[lang]


def test_alicematic_a_card_whose_area_is_full(app, lang):
    seats = [Seat("Ada", "human", 0), Seat("Bo", "easy", 1), Seat("Cy", "easy", 2)]
    table = app.make("alicematic", config=GameConfig(seats, None, 7, "alicematic"))
    app.stack.push(table)
    state = table.state
    while state.phase == "bases":
        table.play(state.legal_actions()[0])
    assert state.phase == "domestic" and state.turn == 0
    plain = [c for c in state.deck if state.cards[c].power.effect != "room"]  # (a room power
    for colour in range(len(COLOURS)):  # would make its area hold more) every area full: nowhere
        state.areas[0][colour] = [(plain.pop(), True) for _ in range(4)]  # to place
        assert state.count(0, COLOURS[colour]) == state.area_max(0, COLOURS[colour]) == 4
    state.deck[:] = [c for c in state.deck if c in plain]
    frames(app, 2)
    card = state.hands[0][0]
    words = refused(app, table, lambda: click(app, centre(alicematic_draw.hand_rects(table)[card])))
    assert words == {"en": "That card's colour area is full: 4 cards at most.",
                     "ja": "そのカードの色の置き場は満杯です（4枚まで）。"}[lang]
