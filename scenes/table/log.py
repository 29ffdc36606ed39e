"""The table's log part: the lines a table shows beside the game, in the player's language.

The table keeps the lines (`table.log`, a list the game's table appends to as it animates a
move); this part tells them: a resumed game's moves again (`replay`), after a language switch the
whole log again (`relog`, when `visible` sees Settings switched), hints in player words, private
to their player on a shared screen, and undo/redo lines. A game's log says its own moves by
extending `TableLog` with `lines` (and `opening` where its first lines have fields), and names
its class as its table's `Log`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from game.core import i18n
from game.core.commands import REDONE, UNDONE, Outcome
from game.core.i18n import N_, _, ngettext
from game.core.words import chained

from scenes.table import look

if TYPE_CHECKING:
    from game.core.contract import Event
    from scenes.table.base import GameTable
    from scenes.table.bots import Hint

RESUMED = N_("Game resumed.")


def sentence(message: str) -> str:
    """An engine message as a toast: capital first letter, a full stop."""
    message = message.strip()
    if not message:
        return message
    message = message[:1].upper() + message[1:]
    return message if message[-1] in ".!?\u3002\uff01\uff1f" else message + "."  # 。！？ too


def again(line: str) -> str:
    """A line said once in some language, in the language of the moment when it is one of the
    catalogue's messages (English msgid or its translation: "New game." <-> 「新しいゲーム。」);
    otherwise as it was."""
    if line in _catalogue_words():
        return _(_catalogue_words()[line])
    return _(line)


def joined(names: list[str]) -> str:
    """"Ada", "Ada and Bo", "Ada and Bo and Cy": names in one phrase, in the player's language."""
    return chained(names, N_("{first} and {second}"))


@lru_cache(maxsize=1)
def _catalogue_words() -> dict[str, str]:
    """{translation: English msgid} of every language's catalogue (singular messages), read once
    (it loads every catalogue, which does not change while the app runs)."""
    words: dict[str, str] = {}
    for lang in i18n.LANGUAGES:
        for msgid, text in i18n._catalogue(lang).items():  # the reader's own table, read-only
            if isinstance(msgid, str) and isinstance(text, str):
                words.setdefault(text, msgid)
    return words


class TableLog:
    def __init__(self, table: GameTable) -> None:
        self.table = table
        self.language = i18n.language()  # the log's words are in it (relog on a switch)
        self.first: list[str] | None = None  # the log's lines before the first move
        self.hint_logged: Hint | None = None

    # the game's words, which a game's log overrides

    def lines(self, before: Any, action: Any, events: list[Event], after: Any) -> list[str]:
        """What the log says about one move, from the states around it and its events. The
        table's on_played and a resumed game's replay both use it, so the words are the same."""
        return []

    def opening(self) -> list[str]:
        """The log's first lines, before any move ("New game."), in the player's language, for
        the log told again after a language switch. By default the lines the log had before the
        first move, each looked up again (an English line marked N_ is translated); a game whose
        opening has fields (names) says its own."""
        first = self.first if self.first is not None else self.opening_now()
        return [again(line) for line in first]

    # shared

    def opening_now(self) -> list[str]:
        """The log's lines so far, less hints (told again only while they stand)."""
        return [line for line in self.table.log if not isinstance(line, (look.HintLine, look.Detail))]

    def keep_opening(self) -> None:
        """A first move is about to be played: what the log says until now is its opening."""
        if self.first is None:
            self.first = self.opening_now()

    def replay(self, closing: str = RESUMED) -> None:
        """A resumed game's log: every move that stands, told again, then `closing` (an English
        message marked N_, said in the player's language)."""
        self.keep_opening()
        self.table.log.extend(self.replayed_lines())
        self.table.log.append(_(closing))

    def replayed_lines(self) -> list[str]:
        """Every move that stands, told as `lines` tells it; where a bot was replaced, the line
        that says so. None in the replay viewer: its own panel tells the moves, over this log (a
        record of thousands of hands is not told twice)."""
        table = self.table
        if table.replay:
            return []
        out: list[str] = []
        replaced = self.replaced_at()
        for n, (before, action, events, after) in enumerate(table.session.history.replay()):
            for player in replaced.get(n, []):
                out.append(self.replaced_line(player))
            out.extend(self.lines(before, action, events, after))
        for player in replaced.get(len(table.session.history), []):
            out.append(self.replaced_line(player))
        return out

    def replaced_at(self) -> dict[int, list[int]]:
        """{number of moves played when it happened: [players whose bot was replaced then]}."""
        out: dict[int, list[int]] = {}
        for i, player in enumerate(self.table.session.meta.get("players") or []):
            at = player.get("replaced_at") if isinstance(player, dict) else None
            if isinstance(at, int) and not isinstance(at, bool):
                out.setdefault(at, []).append(i)
        return out

    def replaced_line(self, player: int) -> str:
        return _("{name} is now played by the easy bot.").format(name=self.table.player_word(player))

    def relog(self) -> None:
        """Tell the log again in the language of the moment (Settings switched it): the opening,
        every move that stands (undone ones are gone, as when a game is resumed), and the hint
        on show for this position, still private to its player on a shared screen. What is news
        to each player starts afresh (the marks index into the log)."""
        table = self.table
        self.language = i18n.language()
        table.log = list(self.opening()) + self.replayed_lines()
        hint = table.hints.turns.hint
        if hint is not None and self.hint_logged is hint and hint[0] is not None:
            self.hint(hint)
        table.seen_by = {p: len(table.log) for p in table.seen_by}

    def visible(self) -> list[str]:
        """The log as the screen shows it now: private lines only to the player they are for,
        while they are to move and at the screen (never behind a pass screen)."""
        if self.language != i18n.language():  # Settings switched language: the next frame's
            self.relog()  # log speaks it (tables draw the log through here)
        table = self.table
        player = table.state.current_player()
        viewer = player if table.seat.shown_to() == player else None
        return [e for e in table.log if not isinstance(e, look.Private) or e.player == viewer]

    def hint_line(self, reason: str) -> str:
        """The hint's line: "Hint: take the 12", "Hint for Ada: ..." on a shared screen."""
        table = self.table
        player = table.state.current_player()
        if not table.seat.shared_screen() or player is None:
            return _("Hint: {reason}").format(reason=reason)
        return _("Hint for {name}: {reason}").format(name=table.config.seats[player].name,
                                                     reason=reason)

    def hint(self, hint: Hint) -> None:
        """The hint's line in player words; the search's figures under it, smaller."""
        table = self.table
        self.hint_logged = hint
        line = look.HintLine(self.hint_line(hint.reason))
        if table.seat.shared_screen():  # the next player must not read it
            player = table.state.current_player()
            table.log.append(look.PrivateHint.of(line, player))
            if hint.detail:
                table.log.append(look.PrivateDetail.of(hint.detail, player))
            return
        table.log.append(line)
        if hint.detail:
            table.log.append(look.Detail(hint.detail))

    @staticmethod
    def history_line(outcome: Outcome) -> str:
        """The log's line for an undo or redo: "Undid 2 actions." """
        event = outcome.events[0] if outcome.events else None
        count = event.value if event is not None and isinstance(event.value, int) else 1
        if event is not None and event.kind == UNDONE:
            return ngettext("Undid {n} action.", "Undid {n} actions.", count).format(n=count)
        if event is not None and event.kind == REDONE:
            return ngettext("Redid {n} action.", "Redid {n} actions.", count).format(n=count)
        return sentence(outcome.message)
