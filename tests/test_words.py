"""Words a player reads: Grayblock's log when a hand is blocked, and the rules pages."""

import pygame
import pytest

from game.grayblock.setup import Rules, one_gear_apart
from game.grayblock.state import BLOCK, GrayblockState, winner_could_play
from scenes.config import GameConfig, Seat
from scenes import games
from ui_helpers import frames, open_rules


def first_blocked_hand(seed, players):
    """Play each player's first legal move until hand 1 ends; (actions, that hand's result)."""
    state = GrayblockState.new(seed, players, Rules(), 100)
    actions = []
    while not state.results:
        actions.append(state.legal_actions()[0])
        state.apply(actions[-1])
    assert state.results[0].kind == BLOCK
    return actions, state.results[0]


def fits_an_end(result):
    ends = (result.row[0], result.row[-1])
    return any(one_gear_apart(end, card) for end in ends for card in result.left[result.winner])


# seed, players: the first hand ends by block with the winner able to play on, or not
COULD_PLAY = [(0, 2), (1, 3)]
STUCK_TOO = [(1, 2), (0, 3)]


@pytest.mark.parametrize("seed,players", COULD_PLAY + STUCK_TOO)
def test_winner_could_play_says_whether_a_card_of_theirs_fit(seed, players):
    _actions, result = first_blocked_hand(seed, players)
    assert winner_could_play(result, False) == fits_an_end(result) == ((seed, players) in COULD_PLAY)


def log_after_block(app, seed, players):
    names = ["Ada", "Bo", "Cy"]
    config = GameConfig([Seat(names[i], "human", i) for i in range(players)], Rules(), seed,
                        "grayblock", 100)
    table = app.stack.push(app.make("grayblock", config=config))
    frames(app, 2)
    actions, result = first_blocked_hand(seed, players)
    for action in actions:
        assert table.play(action)
    return table, names[result.winner]


@pytest.mark.parametrize("seed,players", COULD_PLAY)
def test_grayblock_log_says_the_others_passed_when_the_winner_could_play(app, seed, players):
    table, who = log_after_block(app, seed, players)
    line = next(entry for entry in table.log if "wins hand 1" in entry)
    assert "nobody can play" not in line
    assert "Everyone else passed" in line and f"{who} could still play" in line
    assert table.flash[0].startswith("Everyone else passed!")


@pytest.mark.parametrize("seed,players", STUCK_TOO)
def test_grayblock_log_says_nobody_can_play_when_nobody_could(app, seed, players):
    table, who = log_after_block(app, seed, players)
    line = next(entry for entry in table.log if "wins hand 1" in entry)
    assert line.startswith("Blocked: nobody can play.") and f"{who} wins hand 1 by block" in line
    assert table.flash[0].startswith("Blocked!")


# --- the rules pages ---------------------------------------------------------------------------


def page_words(rules) -> str:
    """The page as one line of text, wrapped lines joined again."""
    out = []
    for kind, _y, p in rules.lines:
        if kind == "t":
            out += [f"{label} {value}" for _x, label, _vx, value in p]
        elif isinstance(p, str):
            out.append(p)
        elif p:
            out.append(p[1])
    return " ".join(out)


def test_grayblock_page_says_the_numbers_and_that_the_winners_highest_counts(app):
    words = page_words(open_rules(app, "grayblock", (1280, 720)))
    assert "numbers 0 to 31" in words
    assert "a block winner too: the winner's own highest card counts among the highest cards" in words
    assert "even if you could still play" in words


@pytest.mark.parametrize("size", [(640, 360), (1280, 720), (1920, 1080)])
def test_cementopia_limits_keep_their_columns_at_every_width(app, size):
    """The four limits stay a table: the same column starts on every line, and blank space
    (no text drawn) between one entry and the next, however the page wraps."""
    from scenes.widgets import ui
    rules = open_rules(app, "cementopia", size)
    rows = [(y, p) for kind, y, p in rules.lines if kind == "t"]
    entries = [entry for _y, p in rows for entry in p]
    assert [f"{label} {value}" for _x, label, _vx, value in entries] == [
        "Adjacency 1: at most 2 cards", "Adjacency 2: at most 4 cards",
        "Adjacency 3: at most 6 cards", "Adjacency 4: at most 4 cards"]
    assert len({len(p) for _y, p in rows}) == 1  # every line holds as many entries
    assert len({tuple(e[0] for e in p) for _y, p in rows}) == 1  # the columns line up
    assert len({tuple(e[2] for e in p) for _y, p in rows}) == 1
    if size[0] >= 1280:
        assert len(rows[0][1]) == 2  # room for two to a line
    # draw the page at the table and look between the columns: nothing drawn there
    rules.scroll = max(0, rows[0][0] - rules.view.h // 3)  # the table in the middle, away from the fades
    rules.clamp()
    surface = pygame.Surface(size)
    surface.fill((0, 0, 0))
    rules.draw(surface)
    V, px = rules.view, rules.body_px
    indent = int(26 * rules.s)
    for y, p in rows:
        top = V.y - int(rules.scroll) + y
        label_end = V.x + indent + p[0][2] + ui.font(px).size(p[0][3])[0]  # end of the value
        if len(p) == 2:
            gap = range(label_end + 2, V.x + indent + p[1][0] - 2)
            assert len(gap) >= px * 2  # a wide gap, never a single space
            band = range(top + 2, top + px)
            background = surface.get_at((gap[0], band[0]))
            assert all(surface.get_at((x, yy)) == background for x in gap for yy in band)
        last = p[-1]
        assert V.x + indent + last[2] + ui.font(px).size(last[3])[0] <= V.right  # inside the page
        for x, label, vx, value in p:  # the label and its value do not run together
            assert V.x + indent + x + ui.font(px, "bold").size(label)[0] < V.x + indent + vx


def test_a_narrow_table_goes_one_entry_to_a_line_and_stays_aligned(app):
    rules = open_rules(app, "cementopia", (640, 360))
    entries = next(item[1] for item in games.info("cementopia").rules.items if item[0] == "t")
    rules.lines = []
    end = rules.layout_table(entries, 0, 150, 20)
    assert end == 4 * 20 and [len(p) for _k, _y, p in rules.lines] == [1, 1, 1, 1]
    assert len({(p[0][0], p[0][2]) for _k, _y, p in rules.lines}) == 1
