"""A game in progress is kept as a save and a journal: one line appended per action, the save written whole only when
a hand ends; a kill at any moment loses at most the action being written (see mahjong_tui/keep/journal.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mahjong_tui.engine import Game, GameOptions, game_record, rewound
from mahjong_tui.keep.journal import journal_path
from mahjong_tui.keep.keeping import Keeper
from mahjong_tui.keep.saves import read_file, save_path
from mahjong_tui.testing.fixtures import play_until
from mahjong_tui.testing.kept import kept_table

pytestmark = pytest.mark.usefixtures("kept_home")


def actions_of(game: Game) -> int:
    """Every action of the game so far."""
    return sum(map(len, game.actions))


def kept_mid_hand(seed: int = 3, after: int = 25) -> tuple[Game, Keeper]:
    """A game kept from its start, ``after`` actions into its first hand, everything written."""
    game, keeper = Game("shanghai", seed), Keeper(kept_table("shanghai", seed))
    keeper.keep(game)
    play_until(game, lambda g: keeper.keep(g) or actions_of(g) >= after)
    keeper.flush()
    return game, keeper


def test_each_action_is_one_line_and_the_save_is_not_rewritten_within_a_hand() -> None:
    """Within a hand the save's bytes stay as they were and the journal grows a line an action; the two read back
    are the game."""
    game, keeper = kept_mid_hand(after=5)
    save = save_path(keeper.table.id)
    whole = save.read_bytes()
    play_until(game, lambda g: keeper.keep(g) or actions_of(g) >= 30)
    keeper.flush()
    assert save.read_bytes() == whole
    assert len(journal_path(save).read_text("utf-8").splitlines()) == 30
    assert game_record(read_file(save).game) == game_record(game)


def test_a_hand_that_ends_writes_the_save_whole_and_the_next_hand_goes_on_in_the_journal() -> None:
    """At a hand's end the save holds the whole game and the journal is gone; the next hand's first action deals it
    when the save is read."""
    game, keeper = Game("changsha", 4, GameOptions(max_hands=3)), Keeper(kept_table("changsha", 4))
    play_until(game, lambda g: keeper.keep(g) or g.hand_number == 2)  # the next hand dealt, no action yet
    keeper.flush()
    save = save_path(keeper.table.id)
    assert not journal_path(save).exists() and game_record(read_file(save).game) == game_record(game)
    play_until(game, lambda g: keeper.keep(g) or len(g.actions[-1]) >= 3)
    keeper.flush()
    assert len(journal_path(save).read_text("utf-8").splitlines()) == 3
    again = read_file(save).game
    assert again.hand_number == 2 and game_record(again) == game_record(game)


def test_a_kill_cutting_the_last_line_short_loses_that_action_only() -> None:
    """The journal's last line cut at every byte: the game read back is the game less that one action, never a
    broken save and never less."""
    game, keeper = kept_mid_hand()
    keeper.close()
    save = save_path(keeper.table.id)
    journal = journal_path(save)
    text = journal.read_bytes()
    last = text.rstrip(b"\n").rfind(b"\n") + 1
    before = game_record(game)
    before["hands"][-1] = before["hands"][-1][:-1]
    for cut in range(last, len(text) - 1):  # up to the line whole but for its newline
        journal.write_bytes(text[:cut])
        assert game_record(read_file(save).game) == before, cut
    journal.write_bytes(text[:-1])  # the line whole, its newline not yet written: the action is kept
    assert game_record(read_file(save).game) == game_record(game)


def test_lines_left_from_before_the_save_was_rewritten_are_never_read_again() -> None:
    """A kill after the save is written whole but before the journal is cleared leaves lines of the old save's mark:
    they add nothing (an undo's lines are not played again)."""
    game, keeper = kept_mid_hand(after=30)
    save = save_path(keeper.table.id)
    old_journal = journal_path(save).read_bytes()
    back = rewound(game, game.actions[-1][-1].seat)
    assert back is not None
    keeper.keep(back)  # an undo: the save written whole with a new mark
    keeper.flush()
    journal_path(save).write_bytes(old_journal)  # as if the kill came before the old journal went
    assert game_record(read_file(save).game) == game_record(back)


def test_a_line_that_does_not_follow_ends_the_reading(tmp_path: Path) -> None:
    """A line out of place (an action missing before it) and everything after it are not read."""
    game, keeper = kept_mid_hand(after=20)
    keeper.close()
    save = save_path(keeper.table.id)
    lines = journal_path(save).read_text("utf-8").splitlines()
    journal_path(save).write_text("\n".join(lines[:5] + lines[6:]) + "\n", "utf-8")
    assert sum(map(len, read_file(save).game.actions)) == 5


def test_a_resumed_game_is_written_whole_first_and_goes_on_in_the_journal() -> None:
    """Taken up again, the game read from save and journal is written whole at once; actions then follow it."""
    game, first = kept_mid_hand(after=12)
    first.close()
    save = save_path(first.table.id)
    saved = read_file(save)
    again = Keeper(saved.table)
    again.keep(saved.game)
    again.flush()
    assert not journal_path(save).exists()
    play_until(saved.game, lambda g: again.keep(g) or actions_of(g) >= 20)
    again.close()
    assert game_record(read_file(save).game) == game_record(saved.game)
