"""What the log and hints say, in a player's words: names, doll A/B, left end / right end /
between, the card's own number; and the log after Continue is the game's story, not one line."""

import re

import pygame
import pytest

from game.assemble.setup import Rules
from game.assemble.words import doll_letter, lane_label, placement_words
from game.grayblock.setup import Rules as GrayblockRules
from scenes.assemble.table import TableScene
from scenes.config import GameConfig, Seat
from scenes.grayblock.table import GrayblockScene
from scenes.table import look
from ui_helpers import answer, frames, key, resume_latest, settle, wait_for

ENGINE_WORDS = re.compile(r"\blane \d|\bposition \d|\(-?\d+, -?\d+\)|playout|Action\(")


def assemble(app, players=2, seed=21):
    seats = [Seat(n, "human", i) for i, n in enumerate(["Ada", "Bo", "Cy", "Di"][:players])]
    table = TableScene(app, GameConfig(seats, Rules(), seed))
    app.stack.push(table)
    frames(app, 2)
    return table


def continue_from_autosave(app, table):
    """Quit to the title and press Continue, as a player would."""
    table.saves.service.flush()
    app.stack.clear_to(app.make("title"))
    frames(app, 2)
    resume_latest(app)
    frames(app, 2)
    return app.stack.top


def test_words_for_dolls_and_places():
    assert lane_label(["Ada", "Bo"], (0, 0, 1, 1), 3) == "Bo (doll B)"
    assert lane_label(["Ada", "Bo", "Cy"], (0, 1, 2), 1) == "Bo"
    assert placement_words([12, 7, 30], 0) == "at the left end"
    assert placement_words([12, 7, 30], 1) == "between 12 and 7"
    assert placement_words([12, 7, 30], 3) == "at the right end"
    assert placement_words([], 0, "A") == "to start doll A's line"
    assert placement_words([12, 7], 2, "B") == "at the right end of doll B's line"


def test_assemble_log_after_continue_is_the_games_story_and_the_field_stays_put(app, data_dir):
    table = assemble(app)
    # through the draft and a round (deals, a capacity gain), stopping mid-take with the first
    # dealt card gone, so squeezing the field to the left would move the others
    while not (table.state.round >= 2 and table.state.phase == "take" and len(table.state.field) == 2):
        settle(app, table)
        table.play(table.state.legal_actions()[0])
    settle(app, table)
    told = list(table.log)
    slots = {card: table.field_rect(card) for card in table.state.field}
    assert told[0] == "New game." and any("gains capacity" in line for line in told)
    assert any(" between " in line or " end" in line for line in told if " places " in line)
    resumed = continue_from_autosave(app, table)
    assert isinstance(resumed, TableScene) and resumed is not table
    assert resumed.log == told + ["Game resumed."]
    assert {card: resumed.field_rect(card) for card in resumed.state.field} == slots
    for line in resumed.log:
        assert not ENGINE_WORDS.search(line), line
        assert "(doll A)" in line or "(doll B)" in line or not line.startswith(("Ada", "Bo"))


def test_grayblock_log_after_continue_is_the_matchs_story(app, data_dir):
    seats = [Seat("Ada", "human", 0), Seat("Bo", "human", 1)]
    config = GameConfig(seats, GrayblockRules(), 5, "grayblock", 100)
    scene = GrayblockScene(app, config)
    app.stack.push(scene)
    frames(app, 2)
    while len(scene.state.results) < 1 or len(scene.state.row) < 2:  # past a hand's end
        if scene.result_index is not None:
            scene.next_hand()  # the result panel's button
        scene.play(scene.state.legal_actions()[0])
    told = list(scene.log)
    assert any("wins hand 1" in line for line in told) and "Hand 2:" in " ".join(told)
    resumed = continue_from_autosave(app, scene)
    assert isinstance(resumed, GrayblockScene) and resumed is not scene
    assert resumed.log == told + ["Match resumed."]


@pytest.mark.parametrize("players", [2, 4])
def test_assemble_hint_in_the_log_names_the_player_the_doll_and_the_card(app, players):
    table = assemble(app, players, seed=9)
    for _ in range(players * 2 + 1):  # past the draft: a placement or a take with cards in lines
        settle(app, table)
        table.play(table.state.legal_actions()[-1])
    settle(app, table)
    key(app, pygame.K_h)
    wait_for(app, lambda: table.hints.turns.hint is not None)
    frames(app, 2)
    action = table.hints.turns.hint.action
    who = table.config.seats[table.state.owners[action.lane]].name
    line, detail = table.log[-2], table.log[-1]
    assert line.startswith(f"Hint for {who}: ")
    assert not ENGINE_WORDS.search(line) and "%" not in line
    if action.kind == "take":
        assert f"Take the {action.value}" in line
    else:
        bench, row = table.state.bench[action.lane], table.state.lines[action.lane]
        letter = doll_letter(table.state.owners, action.lane)
        assert f"Put the {bench} {placement_words(row, action.value, letter)}: " in line
    assert ("doll A" in line or "doll B" in line) == (players == 2)
    assert isinstance(detail, look.Detail) and "%" in detail  # the figures: a smaller line


def test_grayblock_hint_says_card_and_end(app):
    seats = [Seat("You", "human", 0), Seat("Bo", "easy", 1)]
    scene = GrayblockScene(app, GameConfig(seats, GrayblockRules(), 3, "grayblock", 100))
    app.stack.push(scene)
    frames(app, 2)
    for _ in range(4):
        wait_for(app, lambda: scene.can_act())
        scene.play(scene.state.legal_actions()[0])
        settle(app, scene)
    wait_for(app, lambda: scene.can_act())
    key(app, pygame.K_h)
    wait_for(app, lambda: scene.hints.turns.hint is not None)
    frames(app, 2)
    mine = [line for line in scene.log if line.startswith("You ")]
    assert mine and all(re.match(r"You (play|pass|start) ", line) for line in mine)  # not "You plays"
    assert not any(re.search(r"\bYou (plays|passes|starts|goes|wins)\b", line) for line in scene.log)
    action = scene.hints.turns.hint.action
    hint_lines = [line for line in scene.log if line.startswith("Hint")]
    assert hint_lines and not ENGINE_WORDS.search(hint_lines[-1])
    if action.card is None:
        assert hint_lines[-1].startswith("Hint: Pass")
    else:
        assert hint_lines[-1].startswith(f"Hint: Play the {action.card} on the {action.end} end") \
            or hint_lines[-1].startswith(f"Hint: Start the row with the {action.card}")


def test_cementopia_hint_names_the_spot_by_the_cards_beside_it_and_the_counter(app):
    from scenes.cementopia.table import CementopiaScene
    scene = CementopiaScene(app, GameConfig([Seat("Ada")], None, 9, "cementopia"))
    app.stack.push(scene)
    frames(app, 2)
    scene.play(scene.state.legal_actions()[0])  # a network of two: the spot has neighbours to name
    settle(app, scene)
    key(app, pygame.K_h)
    assert answer(app)  # the first hint of an attempt asks: it marks the attempt assisted
    wait_for(app, lambda: scene.hints.turns.hint is not None)
    frames(app, 2)
    hint = scene.hints.turns.hint
    (_, _, _), (main, _, main_px), *more, (detail, _, detail_px) = scene.prompt_lines()  # a sentence a line
    assert " ".join([main] + [m for m, _, _ in more]) == hint.reason and main.startswith(f"Put the {hint.action.card} ")
    assert not ENGINE_WORDS.search(main)
    for card, _, _ in scene.state.neighbours(hint.action.x, hint.action.y):
        assert f"the {card}" in main  # the spot, told by the cards beside it
    assert f"counter {scene.hint_counter()}" in main
    assert scene.hint_counter() == scene.state.connection_count(hint.action)
    assert detail == hint.detail and detail_px < main_px  # the solver's figures: smaller, apart


def test_a_hot_seat_hint_stays_with_the_player_who_asked(app):
    """Two people share the screen: Ada's hint names cards in her hand, so once Bo is to move
    neither the log on screen nor Bo's pass-to news shows it."""
    seats = [Seat("Ada", "human", 0), Seat("Bo", "human", 1)]
    scene = GrayblockScene(app, GameConfig(seats, GrayblockRules(), 3, "grayblock", 100))
    app.stack.push(scene)
    frames(app, 2)
    scene.seat.confirm_viewer()
    ada = scene.state.current_player()
    key(app, pygame.K_h)
    wait_for(app, lambda: scene.hints.turns.hint is not None)
    frames(app, 2)
    mine = [e for e in scene.logbook.visible() if e.startswith("Hint for")]
    assert mine and all(isinstance(e, look.Private) for e in mine)  # Ada sees her hint
    # but not on her own pass-to screen (after an undo, say): it shows before she says who she is
    assert not any("Hint" in e for e in scene.seat.news_for(ada))
    scene.play(scene.hints.turns.hint.action)
    settle(app, scene)
    assert scene.state.current_player() != ada
    assert not any("Hint" in e for e in scene.logbook.visible())
    assert not any("Hint" in e for e in scene.seat.news_for(scene.state.current_player()))
    assert len(scene.log) > len(scene.logbook.visible())  # kept, for Ada's eyes only
