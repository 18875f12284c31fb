"""A game in progress is kept as a save and a journal: one line appended per action, the save written whole only when
a hand ends; a kill at any moment loses at most the action being written (see mahjong_tui/keep/journal.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from mahjong_tui.engine import Game, GameOptions, game_record, rewound
from mahjong_tui.keep.journal import journal_path
from mahjong_tui.keep.keeping import Keeper
from mahjong_tui.keep.saves import read_file, save_path
from mahjong_tui.keep.unfinished import find_games
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


def _broken(save: Path) -> list[Path]:
    """The parts set aside beside the save."""
    return sorted(save.parent.glob(f"{save.stem}.*broken-*"))


def _damaged(after: int, change: Callable[[list[bytes]], list[bytes]]) -> tuple[Game, Path, list[bytes]]:
    """A game kept ``after`` actions into its first hand, its journal's lines then changed by ``change``; the game,
    its save, and the journal's lines as they were."""
    game, keeper = kept_mid_hand(after=after)
    keeper.close()
    save = save_path(keeper.table.id)
    lines = journal_path(save).read_bytes().splitlines(keepends=True)
    journal_path(save).write_bytes(b"".join(change(list(lines))))
    return game, save, lines


def _looked(save: Path) -> tuple[str, ...]:
    """What looking for games says (it keeps the good lines, and sets the rest aside)."""
    return find_games().problems


def test_a_line_that_is_json_but_no_legal_move_keeps_every_move_before_it_and_sets_the_rest_aside() -> None:
    """Line 8 of the journal names a move the game does not allow there: the save and the 7 moves before it are
    offered to resume, the rest (line 8 on) is beside the save, and one line says so."""
    import json

    def illegal(lines: list[bytes]) -> list[bytes]:
        line = json.loads(lines[7])
        line["action"] = {**line["action"], "kind": "win"}
        lines[7] = json.dumps(line).encode() + b"\n"
        return lines

    game, save, lines = _damaged(20, illegal)
    (said,) = _looked(save)
    assert "line 8 of its journal" in said and "not a move the game allows" in said and "the 7 moves before" in said
    (rest,) = _broken(save)
    assert rest.name.startswith(f"{save.stem}.jsonl.broken-") and rest.read_bytes().count(b"\n") == len(lines) - 7
    assert actions_of(read_file(save).game) == 7 and journal_path(save).read_bytes() == b"".join(lines[:7])
    assert read_file(save).cut is None  # read again: nothing more to say


def _bad_byte(lines: list[bytes]) -> list[bytes]:
    """One byte that is not UTF-8 in line 11."""
    lines[10] = lines[10][:20] + b"\xff" + lines[10][21:]
    return lines


def _swapped(lines: list[bytes]) -> list[bytes]:
    """Lines 6 and 7 swapped."""
    lines[5], lines[6] = lines[6], lines[5]
    return lines


@pytest.mark.parametrize(
    ("change", "number", "why"),
    [(_bad_byte, 11, "not UTF-8 text"), (_swapped, 6, "out of order")],
    ids=["byte", "order"],
)
def test_a_line_not_text_or_out_of_order_loses_only_itself_and_what_follows(
    change: Callable[[list[bytes]], list[bytes]], number: int, why: str
) -> None:
    """A byte that is not UTF-8 in line 11, or lines 6 and 7 swapped: every move before that line is kept, the rest
    is set aside, and the line says which and why."""
    game, save, lines = _damaged(20, change)
    (said,) = _looked(save)
    assert f"line {number}" in said and why in said
    assert actions_of(read_file(save).game) == number - 1 and len(_broken(save)) == 1


def test_a_save_moved_aside_takes_its_journal_with_it() -> None:
    """A save that cannot be read is moved aside, and its journal goes with it, under the same time."""
    game, keeper = kept_mid_hand(after=10)
    keeper.close()
    save = save_path(keeper.table.id)
    save.write_text("{not json", "utf-8")
    (said,) = _looked(save)
    assert "its journal with it" in said
    names = [p.name for p in _broken(save)]
    assert len(names) == 2 and not journal_path(save).exists()
    assert {n.split(".broken-")[1] for n in names} == {names[0].split(".broken-")[1]}


def test_a_lock_file_removed_while_a_window_plays_stops_that_window_writing() -> None:
    """The lock file is deleted by hand while a window plays; a second window takes the game and plays on. The first
    window, at its next move, sees the lock file is not the one it locked, stops writing and says so: the save and
    journal hold the second window's game, none of the first's later moves."""
    from mahjong_tui.keep.locks import lock_path

    game, first = kept_mid_hand(after=10)
    save = save_path(first.table.id)
    lock_path(first.table.id).unlink()
    taken = read_file(save)
    second = Keeper(taken.table)
    assert second.owner
    second.keep(taken.game)
    play_until(taken.game, lambda g: second.keep(g) or actions_of(g) >= 16)
    second.flush()
    play_until(game, lambda g: first.keep(g) or actions_of(g) >= 20)
    first.flush()
    assert any("lock file was removed or replaced" in news.text for news in first.news())
    assert game_record(read_file(save).game) == game_record(taken.game)
    second.close()
    first.close()


def test_a_queued_keeper_never_waits_for_a_slow_disk_and_says_when_every_move_is_written(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The table server's keeper (queued): while a write is stuck on the disk, keeping the next moves returns at
    once; once the disk answers, every move is in the journal, in order, and ``then`` is called only then."""
    import threading

    from mahjong_tui.keep import keeping

    game, keeper = Game("shanghai", 3), Keeper(kept_table("shanghai", 3), queued=True)
    keeper.keep(game)
    play_until(game, lambda g: keeper.keep(g) or actions_of(g) >= 5)
    keeper.flush()
    disk = threading.Event()
    appended = keeping.append_lines

    def slow(lines: list[str], path: Path) -> None:
        assert disk.wait(60)
        appended(lines, path)

    monkeypatch.setattr(keeping, "append_lines", slow)
    written = threading.Event()
    play_until(game, lambda g: keeper.keep(g) or actions_of(g) >= 12)  # each keep returns though the disk is stuck
    keeper.then(written.set)
    assert keeper.writing and not written.is_set()
    disk.set()
    assert written.wait(60)
    save = save_path(keeper.table.id)
    assert len(journal_path(save).read_text("utf-8").splitlines()) == 12
    assert game_record(read_file(save).game) == game_record(game)


def test_a_queued_keeper_whose_append_fails_writes_the_save_whole_next(monkeypatch: pytest.MonkeyPatch) -> None:
    """A write the disk refuses, with later moves already handed over: those are not appended after the gap; the
    next keep writes the save whole, which holds them all."""
    from mahjong_tui.keep import keeping

    game, keeper = Game("shanghai", 3), Keeper(kept_table("shanghai", 3), queued=True)
    keeper.keep(game)
    play_until(game, lambda g: keeper.keep(g) or actions_of(g) >= 5)
    keeper.flush()
    appended = keeping.append_lines
    failures = [OSError(28, "No space left on device")]

    def full_once(lines: list[str], path: Path) -> None:
        if failures:
            raise failures.pop()
        appended(lines, path)

    monkeypatch.setattr(keeping, "append_lines", full_once)
    play_until(game, lambda g: keeper.keep(g) or actions_of(g) >= 9)
    keeper.flush()  # the first of these failed: none after it was appended after the gap
    save = save_path(keeper.table.id)
    import json

    places = [(line["mark"], line["hand"], line["at"]) for line in map(json.loads, journal_path(save).open())]
    for (mark, hand, at), (mark2, hand2, at2) in zip(places, places[1:], strict=False):
        assert mark != mark2 or (hand2, at2) == (hand, at + 1), "a gap in the journal"  # each follows the one before
    play_until(game, lambda g: keeper.keep(g) or actions_of(g) >= 10)
    keeper.flush()
    assert game_record(read_file(save).game) == game_record(game)
    assert any("No space left" in news.text for news in keeper.news())
