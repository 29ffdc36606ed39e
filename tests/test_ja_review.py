"""Issue 59, item 7: the native Japanese review's table (../shared/reviews/ja-review-2026-12-01.md)
as the player sees it: the delete question's own 「削除しない」, full-width marks in the figures
built in code, the replay's 「…の手番」 in one piece, and the rule items' numerals."""

import pygame

from game import i18n
from storage_helpers import keep_in_progress
from test_files_faults import assemble_record
from ui_helpers import frames, key, top


def test_the_delete_question_says_do_not_delete_not_do_not_undo(app, ja):
    keep_in_progress(assemble_record()[1])
    listed = app.stack.push(app.make("continue"))
    frames(app, 2)
    listed.delete_chosen()
    frames(app)
    question = top(app)
    assert (question.yes_b.label, question.no_b.label) == ("削除", "削除しない")
    assert i18n._("Keep it") != "削除しない"  # the undo request keeps its own answer
    key(app, pygame.K_ESCAPE)
    frames(app)
    assert top(app) is listed and len(listed.games) == 1
