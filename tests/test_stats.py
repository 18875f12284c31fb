"""Statistics in SQLite: hands recorded per player and preset, totals, migrations, rank titles."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bots import create_bot
from mahjong_tui.book.rulebook import type_names
from mahjong_tui.engine import Game, HandEnded, PlayerWon, WinBy, get_ruleset, play_until_decision
from mahjong_tui.keep.stats import MIGRATIONS, SCHEMA_VERSION, Statistics, StatsError, rank_title

PLAYERS = [("Alice", False), ("Jun", True), ("Lan", True), ("Hao", True)]


def played(rules: str, seed: int, hands: int) -> Game:
    """A bot game of ``hands`` hands."""
    game = Game(rules, seed)
    bots = {s: create_bot("normal", s, seed) for s in range(4)}
    for i in range(hands):
        if i:
            game.next_hand()
        play_until_decision(game, bots)
        if game.over:
            break
    return game


def test_hands_are_summed_per_player_and_preset(tmp_path: Path) -> None:
    """Games, hands, wins, self-draws, deal-ins, points and hand types, as the game's events say."""
    game = played("changsha", 5, 4)
    db = Statistics(tmp_path / "s.sqlite3")
    assert db.record_hands("g1", game, PLAYERS, "2026-12-01T10:00:00") == 4 * game.hand_number
    ended = [e for e in game.events if isinstance(e, HandEnded)]
    wins = [e for e in game.events if isinstance(e, PlayerWon)]
    dealt_in: dict[int, set[int]] = {s: set() for s in range(4)}
    hand = 0
    for e in game.events:
        hand += isinstance(e, HandEnded)
        if isinstance(e, PlayerWon) and e.context.discarder is not None:
            dealt_in[e.context.discarder].add(hand)
    by_name = {s.player: s for s in db.players()}
    for seat, (name, bot) in enumerate(PLAYERS):
        s = by_name[name]
        assert (s.rules, s.bot, s.games, s.hands) == ("changsha", bot, 1, len(ended))
        assert s.points == sum(e.payments[seat] for e in ended)
        assert s.wins == sum(1 for e in wins if e.seat == seat)  # a seat wins at most once a hand
        assert s.self_draws == sum(1 for e in wins if e.seat == seat and e.context.win_by is WinBy.SELF_DRAW)
        assert s.deal_ins == len(dealt_in[seat])
    assert sum(s.points for s in by_name.values()) == 0
    all_types = sorted(t for e in wins for t in e.result.types)
    assert sorted(t for s in by_name.values() for t in s.types.elements()) == all_types


def test_recording_a_game_again_counts_each_hand_once(tmp_path: Path) -> None:
    """A resumed game records its hands again: each (game, hand, seat) is kept once."""
    game = played("shanghai", 3, 2)
    db = Statistics(tmp_path / "s.sqlite3")
    first = db.record_hands("g", game, PLAYERS, "t")
    assert first > 0 and db.record_hands("g", game, PLAYERS, "t") == 0
    assert db.players()[0].games == 1


def test_an_older_database_is_migrated_with_its_data(tmp_path: Path) -> None:
    """A version 1 database (before hand types were kept) opens, migrates to the current schema, keeps its rows."""
    path = tmp_path / "old.sqlite3"
    old = sqlite3.connect(path)
    old.executescript(MIGRATIONS[0] + "PRAGMA user_version = 1;")
    old.execute("INSERT INTO games VALUES ('old', 'changsha', 1, '2025-01-01')")
    old.execute("INSERT INTO results VALUES ('old', 1, 0, 'Alice', 0, 30, 1, 1, 0)")
    old.execute("INSERT INTO results VALUES ('old', 1, 1, 'Jun', 1, -30, 0, 0, 0)")
    old.commit()
    old.close()
    db = Statistics(path)
    assert db.version() == SCHEMA_VERSION == 4
    alice = next(s for s in db.players() if s.player == "Alice")
    assert (alice.hands, alice.wins, alice.points, alice.biggest_win, sum(alice.types.values())) == (1, 1, 30, 30, 0)
    db.record_hands("new", played("changsha", 2, 1), PLAYERS, "t")
    assert next(s for s in db.players() if s.player == "Alice").games == 2


def test_a_newer_or_foreign_database_is_refused_in_one_line(tmp_path: Path) -> None:
    """A schema from a newer version, or a file that is not a database, is refused with one line."""
    newer = tmp_path / "newer.sqlite3"
    con = sqlite3.connect(newer)
    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    con.close()
    with pytest.raises(StatsError, match="newer mahjong-tui"):
        Statistics(newer)
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is not a database at all, just some bytes" * 40)
    with pytest.raises(StatsError, match="not a statistics database"):
        Statistics(junk)


@pytest.mark.parametrize(
    ("points", "title"),
    [
        (-50, "初品豆子"),
        (0, "初品豆子"),
        (99, "初品豆子"),
        (100, "良品豆子"),
        (4999, "上品豆浆"),
        (2_000_000, "长沙臭豆腐"),
    ],
)
def test_changsha_rank_titles_by_lifetime_points(points: int, title: str) -> None:
    """RULES.md §3 (optional, `003` 等级): the titles by lifetime points; below zero, the first."""
    assert rank_title(get_ruleset("changsha"), points) == title


def test_presets_without_titles_have_none() -> None:
    """Shanghai has no rank titles."""
    assert rank_title(get_ruleset("shanghai"), 500) == ""


def test_the_stats_command_prints_what_the_database_holds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``mahjong-tui stats``: each player's numbers as the database sums them, with bars; --json the same."""
    import json

    from mahjong_tui.commands.stats import run
    from mahjong_tui.keep.storage import stats_path

    monkeypatch.setenv("MAHJONG_TUI_HOME", str(tmp_path))
    assert run([]) == 0 and "No games counted yet" in capsys.readouterr().out
    db = Statistics(stats_path())
    db.record_hands("g1", played("changsha", 3, 3), PLAYERS, "2026-12-01")
    want = {(p.player, p.rules): p for p in db.players()}
    db.close()
    assert run(["--json"]) == 0
    got = json.loads(capsys.readouterr().out)["players"]
    assert {(o["player"], o["rules"]) for o in got} == set(want)
    for o in got:
        p = want[(o["player"], o["rules"])]
        assert (o["hands"], o["wins"], o["deal_ins"], o["points"]) == (p.hands, p.wins, p.deal_ins, p.points)
        assert o["title"] == rank_title(get_ruleset("changsha"), p.points) and o["bot"] == p.bot
    assert run(["--player", "Alice"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Alice · changsha") and "won        " in text and "░" in text
    alice = want[("Alice", "changsha")]
    assert f"biggest win {alice.biggest_win if alice.wins else '—'}" in text  # no win yet: no biggest one
    winner = next(p for p in want.values() if p.types)
    assert run(["--player", winner.player]) == 0
    text = capsys.readouterr().out  # hand types named as the table names them: the Chinese name, then the English
    for type_id, n in winner.types.most_common(5):
        assert f"{type_names(get_ruleset('changsha'), [type_id]).en} ×{n}" in text
    assert run(["--player", "Nobody"]) == 0 and capsys.readouterr().out == "No player matches.\n"
    assert run(["--rules", "nowhere"]) == 2 and "nowhere" in capsys.readouterr().err
    assert run(["--player", "Jun", "--lang", "zh"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Jun（电脑） · 长沙麻将 (changsha)") and "\n  胡牌 " in text and "胡过的番种：" in text
    assert run(["--player", "Jun", "--lang", "both"]) == 0
    text = capsys.readouterr().out
    assert "盘，" in text and " hands, " in text and "胡牌 · won" in text  # the counts in Chinese, then English
    assert run(["--lang", "zh", "--json"]) == 0 and json.loads(capsys.readouterr().out)["players"] == got
    stats_path().write_bytes(b"not a database at all, just some bytes" * 40)
    assert run([]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a statistics database" in err
