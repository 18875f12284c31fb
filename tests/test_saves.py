"""Games kept: the autosave after every action, resume after a kill, broken saves, records, export.

Every test keeps its files in its own directory (``MAHJONG_TUI_HOME``).
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from bots import create_bot
from mahjong_tui.commands.export import run as run_export
from mahjong_tui.engine import Action, Event, Game, GameOptions, RecordError, game_record, play_until_decision
from mahjong_tui.keep.keeping import Keeper
from mahjong_tui.keep.saves import Seat, Table, autosave, finish, read_file, records, save_data, save_path
from mahjong_tui.keep.unfinished import find_games
from mahjong_tui.testing.kept import saved_game

SEATS = (Seat("Alice"), Seat("Jun", "hard"), Seat("Lan", "normal"), Seat("Hao", "easy"))


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves, records and statistics in a directory of the test's own."""
    monkeypatch.setenv("MAHJONG_TUI_HOME", str(tmp_path))
    return tmp_path


def bots_game(rules: str, seed: int, hands: int = 1) -> Game:
    """A game of bots, played for ``hands`` hands."""
    game = Game(rules, seed)
    players = {s: create_bot(level, s, seed) for s, level in enumerate(("normal", "hard", "normal", "easy"))}
    for i in range(hands):
        if i:
            game.next_hand()
        play_until_decision(game, players)
        if game.over:
            break
    return game


def test_an_autosave_resumes_to_the_same_game(home: Path) -> None:
    """The autosave replays to the very state it was written in, players included."""
    game = bots_game("changsha", 3, hands=2)
    table = Table(SEATS)
    autosave(game, table)
    found = find_games()
    assert found.notices == () and len(found.games) == 1 and not found.games[0].in_use
    resumed = found.games[0].saved
    assert game_record(resumed.game) == game_record(game)
    assert resumed.game.events == game.events and resumed.game.scores == game.scores
    assert resumed.table == table


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        pytest.param('{"format": "mahjong-tui-record", "version": 1, "ru', "broken or not JSON", id="truncated"),
        pytest.param("\x00\x01garbage", "broken or not JSON", id="binary"),
        pytest.param('{"name": "a shopping list"}', "not a game record", id="foreign-json"),
        pytest.param(
            '{"format": "mahjong-tui-record", "version": 9, "rules": "shanghai", "seed": 1, "hands": []}',
            "newer mahjong-tui",
            id="newer-version",
        ),
        pytest.param(
            '{"format": "mahjong-tui-record", "version": 1, "rules": "shanghai", "seed": 1, '
            '"hands": [[{"seat": 0, "kind": "discard", "tile": "1m"}, {"seat": 0, "kind": "discard", "tile": "2m"}]]}',
            "hand 1, action",
            id="illegal-actions",
        ),
    ],
)
@pytest.mark.parametrize("name", ["games/0123abcd.json", "autosave.json"], ids=["a-game", "the-old-single-save"])
def test_a_broken_save_is_moved_aside_with_one_line(home: Path, content: str, reason: str, name: str) -> None:
    """Corrupt, truncated, foreign or newer: one line says why, the file is moved aside, never deleted."""
    path = home / name
    path.parent.mkdir(exist_ok=True)
    path.write_text(content, encoding="utf-8", errors="surrogateescape")
    found = find_games()
    assert found.games == () and len(found.problems) == 1
    assert reason in found.problems[0] and "moved aside" in found.problems[0] and "\n" not in found.problems[0]
    assert not path.exists()
    kept = list(path.parent.glob(f"{path.name}.broken-*"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8", errors="surrogateescape") == content


def test_a_save_is_data_only(home: Path) -> None:
    """A record cannot make the game run code: fields are read as data and checked."""
    game = bots_game("shanghai", 2)
    data = save_data(game, Table(SEATS))
    data["players"][1]["bot"] = "__import__('os').system('echo hacked')"
    path = home / "evil.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match="unknown bot level"):
        read_file(path)


def test_a_finished_game_is_kept_among_the_records_and_the_autosave_cleared(home: Path) -> None:
    """When a game ends its record is kept (newest first) and the autosave goes."""
    game = bots_game("changsha", 4)
    table = Table(SEATS)
    autosave(game, table)
    path = finish(game, table)
    assert records() == [path] and not save_path(table.id).exists() and find_games().games == ()
    assert read_file(path).game.events == game.events


def test_export_writes_a_line_per_action_and_each_result(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``export --text``: a header, each hand's deal, one numbered line per action, the win's breakdown."""
    game = bots_game("shanghai", 6, hands=2)
    path = finish(game, Table(SEATS))
    assert run_export([str(path), "--text"]) == 0
    out = capsys.readouterr().out
    numbered = [line for line in out.splitlines() if line.strip()[:1].isdigit() and ". " in line]
    assert len(numbered) == sum(len(h) for h in game.actions)
    assert "Hand 1: dealer" in out and "Hand 2: dealer" in out and "Hand over" in out
    assert ", 荒番 " in out  # Shanghai counts it
    assert "Jun (hard bot)" in out and "Alice (person)" in out
    assert not re.search(r"\b[Ss]eat [0-3]\b|座位", out)  # players by their names


def test_a_changsha_export_names_who_pays(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each payment line of a breakdown names the players, in both of its languages (a Latin name set apart from the
    Chinese beside it: ``Lan 付给 Alice 10``); no 荒番, which Changsha lacks."""
    game = bots_game("changsha", 4)
    path = finish(game, Table(SEATS))
    assert run_export([str(path), "--text"]) == 0
    out = capsys.readouterr().out
    assert "荒番" not in out
    assert re.search(r"wins .*: (小胡 Small win|\S+ [A-Z])", out) and "xiaohu" not in out  # hand types by their names
    assert "pays" in out and not re.search(r"\b[Ss]eat [0-3]\b|座位", out)
    glued = r"[\u4e00-\u9fff](Alice|Jun|Lan|Hao)|(Alice|Jun|Lan|Hao)[\u4e00-\u9fff]"
    assert "付给" in out and not re.search(glued, out)


def test_export_speaks_chinese_or_both_when_asked(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``export --text --lang zh``: every line in Chinese, tiles by their names; ``both``: the Chinese line, then
    the English under it, set under the words that differ (the turn and the player are not repeated)."""
    game = bots_game("changsha", 4, hands=2)
    path = finish(game, Table(SEATS))
    assert run_export([str(path), "--text"]) == 0
    english = capsys.readouterr().out.splitlines()
    assert run_export([str(path), "--text", "--lang", "zh"]) == 0
    chinese = capsys.readouterr().out.splitlines()
    numbered = [line for line in chinese if line.strip()[:1].isdigit() and ". " in line]
    assert len(numbered) == sum(len(h) for h in game.actions) and len(chinese) == len(english)
    assert chinese[0].startswith("长沙麻将 (changsha) · 种子 ") and "Jun（电脑，困难）、" in chinese[0]
    assert any(line.startswith("第 2 局：庄家 ") for line in chinese) and any("本局结束 · " in x for x in chinese)
    assert any(re.search(r"\d\. \S+ \S+ +打 [一二三四五六七八九][万筒条]", line) for line in numbered)
    words = r"\b(discard|draws|passes|dealer|Hand|wins|pays|bird|Small win)\b"
    assert not [line for line in chinese if re.search(words, line)]
    assert run_export([str(path), "--text", "--lang", "both"]) == 0
    both = capsys.readouterr().out.splitlines()
    for zh_line, en_line in zip(chinese, english, strict=True):
        if zh_line == en_line or zh_line.startswith("         "):  # a breakdown's line has both languages already
            continue
        at = both.index(zh_line)
        under = both[at + 1]
        assert under.strip() and en_line.endswith(under.strip()), (zh_line, under, en_line)
    assert run_export([str(path), "--text", "--lang", "fr"]) == 2 and capsys.readouterr().err.count("\n") == 1


def test_an_exported_game_that_ended_says_so_in_each_language() -> None:
    """The last lines of a game that ended by itself: why, and the final points."""
    from mahjong_tui.keep.export import export_text
    from mahjong_tui.keep.saves import read_game
    from mahjong_tui.simulation import GameJob, play_game

    games = (play_game(GameJob("shanghai", seed, 0, ("easy",) * 4, 60)) for seed in range(20))
    ended = next(r for r in games if len(r.hands) < 60)
    saved = read_game(ended.record)
    assert saved.game.over
    en, zh = export_text(saved).splitlines(), export_text(saved, "zh").splitlines()
    assert en[-2].startswith("Game over: ") and en[-1].startswith("Final points: Seat 1 ")
    assert zh[-2].startswith("游戏结束：") and zh[-1].startswith("最终得分：Seat 1 ")
    assert not re.search(r"[A-Za-z]{4,}", zh[-2].replace("Seat", ""))  # the reason in Chinese, with the names


def test_export_of_a_foreign_file_is_one_line_exit_2(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Not a record: one line on standard error, exit 2."""
    path = home / "notes.json"
    path.write_text("[1, 2, 3]", encoding="utf-8")
    assert run_export([str(path), "--text"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and "not a game record" in err


# --------------------------------------------------------------------------- kill and resume

#: A process that plays one game of bots forward, and at each of the moments it is given forks a
#: player that goes on from there keeping it as the table does (:class:`Keeper`: each action appended
#: to the journal off the playing thread, through the play loop's observer), writing ``saved N``
#: (N: the actions kept so far) on standard output once ``keep`` has returned. Per moment
#: (``go K``: at least K actions in): ``pid P`` once the player runs; told ``reap`` (the player
#: killed by then), ``reaped``. The game itself is played once, however many times it is killed.
FORKER = textwrap.dedent(
    """
    import os
    import sys

    from bots import create_bot
    from mahjong_tui.engine import Game, GameOptions, Stop, play_until_decision
    from mahjong_tui.keep.keeping import Keeper
    from mahjong_tui.keep.saves import Seat, Table

    game = Game("shanghai", 8, GameOptions(max_hands=HANDS))
    players = {s: create_bot(lv, s, 8) for s, lv in enumerate(("normal", "normal", "normal", "easy"))}
    table = Table((Seat("A"), Seat("B", "normal"), Seat("C", "normal"), Seat("D", "easy")), "killed")
    waiting = None  # the move chosen, to be made next

    def actions():
        return sum(map(len, game.actions))

    def step(**kw):
        global waiting
        if game.hand.over:
            game.next_hand()
            kw.get("observe", lambda m: None)(None)
        halt = play_until_decision(game, players, resume=waiting, **kw)
        waiting = halt.action if halt.why is Stop.PAUSED else None

    def play_on():
        keeper = Keeper(table)

        def saved(move):
            keeper.keep(game)
            os.write(1, f"saved {actions()}\\n".encode())

        keeper.keep(game)  # as the table does when it opens; on disk before the player is said to be under way
        keeper.flush()
        saved(None)
        while not game.over:
            step(observe=saved)

    for line in sys.stdin:
        while actions() < int(line.split()[1]) and not game.over:
            step(pause=lambda seat, action: True)
        pid = os.fork()
        if pid == 0:
            try:
                play_on()
            finally:
                os._exit(0)
        os.write(1, f"pid {pid}\\n".encode())  # one write: the player's lines never split it
        sys.stdin.readline()  # reap: the player has been killed (or has finished)
        os.waitpid(pid, 0)
        os.write(1, b"reaped\\n")
    """
)
HANDS = 2


def test_killed_at_random_moments_the_save_resumes_to_its_last_action(home: Path) -> None:
    """50 times a game kept as the table keeps it is killed (SIGKILL) mid-hand; at most the action being written
    is lost.

    Each player is killed at a random moment after its first save (up to 80 tries, until 50
    kills have landed in the middle of a hand: a kill may fall after the hand's last action).

    The uninterrupted game is the reference. Every save, with its journal, must be whole and
    replay to the reference's state after some number of actions: the last one the killed
    process said it had kept, less the one whose write was in flight (``keep`` returns once
    the write before has ended), or the next, kept before it could say so. The game resumed
    from it takes the reference's next action with the same events.
    """
    reference = Game("shanghai", 8, GameOptions(max_hands=HANDS))
    players = {s: create_bot(lv, s, 8) for s, lv in enumerate(("normal", "normal", "normal", "easy"))}
    while True:
        play_until_decision(reference, players)
        if reference.over:
            break
        reference.next_hand()
    full = game_record(reference)["hands"]
    flat = [Action.from_json(a) for hand in full for a in hand]
    caused = events_per_action(reference)
    rng = random.Random(13)
    moments = sorted(rng.randrange(len(flat)) for _ in range(80))
    seen_mid_hand = 0
    env = {**os.environ, "MAHJONG_TUI_HOME": str(home)}
    forker = subprocess.Popen(
        [sys.executable, "-c", FORKER.replace("HANDS", str(HANDS))],
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert forker.stdin is not None and forker.stdout is not None
    try:
        for moment in moments:
            if seen_mid_hand == 50:
                break
            save_path("killed").unlink(missing_ok=True)
            save_path("killed").with_suffix(".jsonl").unlink(missing_ok=True)
            forker.stdin.write(f"go {moment}\n")
            forker.stdin.flush()
            pid, told = 0, -1
            while not pid or told < 0:  # its pid, and its first save (the player is under way): either first
                line = forker.stdout.readline().split()
                assert line[:1] in (["pid"], ["saved"]), line
                pid, told = (int(line[1]), told) if line[0] == "pid" else (pid, int(line[1]))
            time.sleep(rng.uniform(0.0, 0.03))  # a random moment to kill at, on purpose: it waits for nothing
            os.kill(pid, signal.SIGKILL)
            forker.stdin.write("reap\n")
            forker.stdin.flush()
            while (line := forker.stdout.readline().split()) != ["reaped"]:
                told = int(line[1])
            assert find_games().problems == ()
            assert not list(home.glob("games/.killed.json-*"))  # a write the kill cut short is cleared
            if not save_path("killed").exists():  # the game ended before the kill: kept and settled
                assert read_file(records()[0]).game.actions == reference.actions
                continue
            game = read_file(save_path("killed")).game  # never a broken save (RecordError)
            done = sum(map(len, game.actions))
            assert told - 1 <= done <= told + 1  # at most the action being written is lost
            saved = game_record(game)["hands"]
            assert [a for hand in saved for a in hand] == [a.to_json() for a in flat[:done]]
            assert saved[:-1] == full[: len(saved) - 1]
            expected = Game("shanghai", 8, GameOptions(max_hands=HANDS))
            for i, hand in enumerate(saved):
                if i:
                    expected.next_hand()
                for raw in hand:
                    expected.apply(Action.from_json(raw))
            assert game.events == expected.events and game.scores == expected.scores
            if not game.hand.over:  # resumed, the game goes on as it would have
                assert game.apply(flat[done]) == caused[done]
                seen_mid_hand += 1
    finally:
        forker.stdin.close()
        forker.wait(timeout=10)
    assert seen_mid_hand == 50  # fifty kills landed in the middle of a hand


def events_per_action(game: Game) -> list[list[Event]]:
    """The events each action of ``game`` caused, in order over the whole game (its record replayed)."""
    again = Game(game.rules.name, game.seed, game.options)
    out = []
    for i, hand in enumerate(game_record(game)["hands"]):
        if i:
            again.next_hand()
        out.extend(again.apply(Action.from_json(raw)) for raw in hand)
    return out


def test_the_keeper_is_the_play_loops_observer(home: Path) -> None:
    """Keeping after every move keeps the latest state on disk, most of it in the journal."""
    game = Game("changsha", 9)
    keeper = Keeper(Table(SEATS))
    players = {s: create_bot("easy", s, 9) for s in range(4)}
    keeper.keep(game)  # as the table opens: the save written whole
    play_until_decision(
        game, players, observe=lambda _move: keeper.keep(game), pause=lambda _s, _a: sum(map(len, game.actions)) >= 30
    )
    keeper.flush()
    assert game_record(saved_game().game) == game_record(game)  # type: ignore[union-attr]
    journal = save_path(keeper.table.id).with_suffix(".jsonl")
    assert len(journal.read_text("utf-8").splitlines()) == sum(map(len, game.actions))


def test_export_lines_stay_aligned_with_chinese_names(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A name in Chinese takes two columns a character: the actions after it line up with the others."""
    game = bots_game("changsha", 4)
    seats = (Seat("小明"), Seat("Jun", "hard"), Seat("Lan", "normal"), Seat("Hao", "easy"))
    assert run_export([str(finish(game, Table(seats))), "--text"]) == 0
    dealt = [line for line in capsys.readouterr().out.splitlines() if " is dealt " in line][:4]
    tiles_at = {sum(2 if "\u4e00" <= c <= "\u9fff" else 1 for c in line[: line.rindex(" ") + 1]) for line in dealt}
    assert len(dealt) == 4 and len(tiles_at) == 1, dealt
