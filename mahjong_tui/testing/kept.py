"""Kept games for tests and screenshots: seeded games the demo bots play to their end.

The same seeds give the same games, so the replay and statistics screens made from them
look the same every run. The seeds are ones where most hands are won, for statistics that
have something to show.
"""

from __future__ import annotations

from mahjong_tui.engine import Game, GameOptions
from mahjong_tui.keep.keeping import count_hands
from mahjong_tui.keep.saves import SavedGame, Seat, Table

from .fixtures import play_until

#: one person and three bots of each level
SEATS = (Seat("Alice"), Seat("Mei", "hard"), Seat("Jun", "normal"), Seat("Lan", "easy"))

#: (rules, seed, hands) of the games :func:`counted_games` counts
COUNTED = (("changsha", 1, 3), ("changsha", 4, 3), ("changsha", 9, 3), ("shanghai", 2, 4), ("shanghai", 7, 4))


def finished_game(rules: str, seed: int, hands: int) -> Game:
    """A game the demo bots play to its end after ``hands`` hands."""
    game = Game(rules, seed, GameOptions(max_hands=hands))
    play_until(game, lambda g: False)
    if not game.over:
        raise RuntimeError(f"{rules} seed {seed}: the game did not end")
    return game


def kept_table(rules: str, seed: int) -> Table:
    """The players of a kept game, with an id and a start fixed by its rules and seed."""
    return Table(SEATS, f"{rules}-{seed}", "2026-01-02T10:00:00")


def count(game: Game, table: Table) -> None:
    """Add the game's hands to the statistics, as the keeper does."""
    count_hands(game, table)


def counted_games() -> list[tuple[Game, Table]]:
    """The games of :data:`COUNTED`, played and counted in the statistics."""
    out = []
    for rules, seed, hands in COUNTED:
        game, table = finished_game(rules, seed, hands), kept_table(rules, seed)
        count(game, table)
        out.append((game, table))
    return out


def saved_game() -> SavedGame | None:
    """The game not finished saved last (None when there is none): what a test that plays one game resumes."""
    from mahjong_tui.keep.unfinished import find_games

    games = find_games().games
    return games[0].saved if games else None
