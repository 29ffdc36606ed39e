"""What a game declares about itself, once, in its own package (game/<id>/descriptor.py), and
everything shared reads: the CLI, records, History, Statistics, settings, ratings, the app.
game.core.registry lists the declarations; nothing else names a game.

Small frozen values, as OpenSpiel's GameType and python-chess's types are: a declaration holds
words (N_ messages, translated where they are shown; the terminal prints the English), numbers and
import paths. Its record and bot modules are imported on first use (game.core.registry), so reading
the declarations costs nothing of the games' rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True, slots=True)
class RuleOption:
    """An optional rule, on or off when the game is set up."""

    key: str  # its key in the record's "rules" object and in the remembered setup (settings.json)
    word: str  # how the command line's --rules spells it ("water-veins")
    title: str  # N_: its name on the setup screen ("Water Veins")
    short: str = ""  # N_: where room is short (a table's badge of the rules in play: "Veins")
    explain: str = ""  # N_: what it does, in a sentence or two (the badge's tooltip)


@dataclass(frozen=True, slots=True)
class Bests:
    """A game's own table in the player's data: its best score per deal (seed), and apart its best
    without help. game.storage makes the table, reads and writes it; the game names it."""

    table: str  # the table's name in the database (an identifier)
    since: int  # the schema version that made it (game.storage.store.SCHEMA_VERSION's steps)
    legacy_file: str | None = None  # the JSON file the versions before the database kept them in


@dataclass(frozen=True, slots=True)
class Figures:
    """What Statistics shows of a game beyond games, wins and scores (a solo game, whose records
    name no player, shows the folder's attempts, outcomes, deals and daily streak instead)."""

    width: int = 5  # a score distribution's bucket, in points
    # its own figures of a player, if it counts some: the module (in its package) whose `Extra`
    # (a game.services.stats.Extra) counts them (Alice Assemble's shared wins, Grayblock's hands,
    # Alicematic's wins by colour)
    extra: str | None = None


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: str  # the name records, settings and the command line use
    title: str  # N_: the game's name ("Alice Assemble")
    short_title: str  # N_: where room is short (History's narrow column)
    player_counts: tuple[int, ...]
    default_players: int  # the command line's, when no seat is given
    record: str  # its record module (game.core.contract.GameModule), imported on first use
    bots: str  # its bots module (game.core.contract.BotModule), imported on first use
    rules: tuple[RuleOption, ...] = ()
    targets: tuple[int, ...] = ()  # a match played to one of these many points (setup's choice)
    default_target: int | None = None
    figures: Figures = Figures()
    # History's own figures of a finished or stopped game: Entry fields from its last state
    # (Grayblock's hands, Cementopia's outcome)
    entry_fields: Callable[[Any], dict[str, Any]] | None = None
    # how a kept entry's own fields are read back: (name, check) each, the check giving the value
    # from its JSON or raising ValueError (the record is then read again)
    entry_checks: tuple[tuple[str, Callable[[Any], Any]], ...] = ()
    outcomes: tuple[tuple[str, str], ...] = ()  # (Entry.outcome, N_ word for it) of each ending
    # where a game in progress stands beyond its scores and whose turn it is (Continue's list):
    # its round, hand or cards left, as a game.core.messages.Message
    stage: Callable[[Any], str] | None = None
    daily_seed: Callable[[], int] | None = None  # a deal of the day: today's seed
    bests: Bests | None = None  # its bests per deal, kept in the player's data
    lesson: str | None = None  # its Learn to play script's module (SCRIPT), if it has one
    review: str | None = None  # its judge of decisions for the post-game review (game.review)
    # its designers' tools module, if it has one: read_params(path), read_content(folder),
    # check_content(folder) and readable_log(record, lang) (game.alicematic.workbench)
    workbench: str | None = None
    # its reading of how each seat plays (an opponent model), if it has one: a module with
    # read_seats(seats, moves) -> {seat: (N_ policy name, share)}, for the table's seat labels
    reading: str | None = None
    # its benchmarks: engine speed (`python -m game.tools.perf --game ID`, the module's main(argv)) and the
    # bot strength ladder's pieces (game.tools.ladder), and the review's (`python -m game.tools.review_perf`)
    perf: str | None = None
    ladder: str | None = None
    review_bench: str | None = None
    # its balance report's module (`alice-assemble balance --game ID`, Statistics' designer page):
    # balance(records) -> (report JSON with game.core.intervals figures, [(name, problem)])
    balance: str | None = None
    # its module of one line's scoring for the command line's score: explain_line(cards,
    # capacity, flaw) -> LaneScore (Alice Assemble's)
    line_score: str | None = None
    # levels its bots module still plays (a saved game, selfplay, the ladder) that setup no longer
    # offers: a ladder found them no stronger than the level below (docs/bot-strength.md)
    unoffered_levels: tuple[str, ...] = ()

    def outcome_word(self, outcome: str | None) -> str | None:
        """The N_ word for how a game ended (Cementopia's "complete"), if the game names it."""
        return dict(self.outcomes).get(outcome) if outcome is not None else None

    @property
    def solo(self) -> bool:
        """Played alone: its records name no player."""
        return self.player_counts == (1,)
