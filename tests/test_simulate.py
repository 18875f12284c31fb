"""``mahjong-tui simulate``: checked bot games, the same results for the same arguments."""

from __future__ import annotations

import json
import random

import pytest

from mahjong_tui.commands.simulate import run as run_simulate
from mahjong_tui.engine import Game
from mahjong_tui.engine.actions import ActionKind
from mahjong_tui.keep.saves import load_record, read_file
from mahjong_tui.simulation import GameJob, play_game


def simulate_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    """Run the command with ``--json`` and read its one JSON object."""
    assert run_simulate([*args, "--json"]) == 0
    out = capsys.readouterr().out
    return json.loads(out)


@pytest.mark.parametrize(
    ("rules", "bots"),
    [("shanghai", "hard,normal,easy,normal"), ("changsha", "hard,normal,easy,easy")],
)
def test_short_run_per_rule_set_is_checked_zero_sum_and_repeatable(
    capsys: pytest.CaptureFixture[str], rules: str, bots: str
) -> None:
    """No invariant broken, points sum to zero, the same digest twice and with two workers."""
    args = ("--rules", rules, "--hands", "16", "--seed", "4", "--bots", bots)
    first = simulate_json(capsys, *args)
    assert first["invariant_violations"] == 0
    assert sum(first["points_by_seat"]) == 0
    assert first["hands"] == 16 and first["wins"] + first["draws"] == 16
    assert first["self_draws"] + first["discard_wins"] == first["wins"]
    assert first["bots"] == bots.split(",")
    for key in (
        "wins_by_seat",
        "deal_ins_by_seat",
        "hand_types",
        "hands_per_second",
        "decision_ms_mean",
        "decision_ms_p99",
        "digest",
        "rules",
        "seed",
    ):
        assert key in first
    again = simulate_json(capsys, *args)
    assert again["digest"] == first["digest"]
    parallel = simulate_json(capsys, *args, "--workers", "2")
    assert parallel["digest"] == first["digest"]
    assert {k: parallel[k] for k in ("points_by_seat", "hand_types", "wins")} == {
        k: first[k] for k in ("points_by_seat", "hand_types", "wins")
    }


def test_a_game_cut_after_k_hands_is_the_game_capped_at_k() -> None:
    """What lets workers run games ahead: cutting a longer game equals stopping it there."""
    long = play_game(GameJob("changsha", 9, 0, ("easy",) * 4, 5))
    short = play_game(GameJob("changsha", 9, 0, ("easy",) * 4, 3))
    assert long.record["hands"][:3] == short.record["hands"]
    assert long.hands[:3] == short.hands[:3]


def test_games_continue_into_new_games_and_merge_the_same_with_workers(
    capsys: pytest.CaptureFixture[str], tmp_path
) -> None:
    """When a game ends the next starts; the last one is cut at the run's last hand, whatever the workers."""
    # a seed whose first game ends by itself within 60 hands, and a run a few hands longer
    seed, first = next(
        (seed, len(res))
        for seed in range(20)
        if len(res := play_game(GameJob("shanghai", seed, 0, ("easy",) * 4, 60)).hands) < 60
    )
    hands = first + 5
    args = ("--rules", "shanghai", "--hands", str(hands), "--seed", str(seed), "--bots", "easy")
    one = simulate_json(capsys, *args, "--records", str(tmp_path / "one"))
    two = simulate_json(capsys, *args, "--workers", "2", "--records", str(tmp_path / "two"))
    assert one["games"] >= 2 and one["hands"] == hands
    assert one["digest"] == two["digest"]
    assert one["points_by_seat"] == two["points_by_seat"] and sum(one["points_by_seat"]) == 0
    files = sorted((tmp_path / "one").iterdir())
    assert [f.name for f in files] == [f.name for f in sorted((tmp_path / "two").iterdir())]
    assert len(files) == one["games"]
    games = [load_record(f) for f in files]
    assert sum(len(g.actions) for g in games) == hands
    assert games[0].over  # every game but the last ended by itself
    for f in files:
        assert f.read_text(encoding="utf-8") == (tmp_path / "two" / f.name).read_text(encoding="utf-8")
    table = read_file(files[0]).table  # who sat where, for the replay and the export: "Seat 1 (easy bot)"
    assert [(s.name, s.bot) for s in table.seats] == [(f"Seat {i}", "easy") for i in (1, 2, 3, 4)]


def test_summary_table_without_json(capsys: pytest.CaptureFixture[str]) -> None:
    """A readable table: one column per seat, the totals, the speed and the digest."""
    assert run_simulate(["--rules", "changsha", "--hands", "2", "--seed", "1", "--bots", "easy"]) == 0
    captured = capsys.readouterr()
    assert "seat 0" in captured.out and "points/hand" in captured.out
    assert "invariant violations: 0" in captured.out and "digest:" in captured.out
    assert "simulate [" in captured.err  # the progress bar


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["--rules", "mars", "--hands", "5", "--seed", "1"],
        ["--rules", "shanghai", "--hands", "zero", "--seed", "1"],
        ["--rules", "shanghai", "--hands", "0", "--seed", "1"],
        ["--rules", "shanghai", "--hands", "5"],
        ["--rules", "shanghai", "--hands", "5", "--seed", "1", "--bots", "easy,hard"],
        ["--rules", "shanghai", "--hands", "5", "--seed", "1", "--bots", "easy,hard,normal,genius"],
        ["--rules", "shanghai", "--hands", "5", "--seed", "1", "--workers", "0"],
        ["--rules", "shanghai", "--hands", "5", "--seed", "1", "--frobnicate"],
        ["--rules", "shanghai", "--hands", "5", "--seed"],
    ],
)
def test_bad_arguments_exit_2_with_one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    """Exit status 2 and exactly one line on standard error; nothing on standard output."""
    assert run_simulate(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1


def test_the_invariant_check_finds_a_lost_tile() -> None:
    """The per-action check holds through random legal play and notices a tile that went missing."""
    rng = random.Random(3)
    for rules in ("shanghai", "changsha"):
        game = Game(rules, 11)
        steps = 0
        while not game.hand.over and steps < 400:
            seat = game.pending_seats()[0]
            legal = game.legal_actions(seat)
            wins = [a for a in legal if a.kind is ActionKind.WIN]
            game.apply(wins[0] if wins else rng.choice(legal))
            assert game.hand.check_invariants() == []
            steps += 1
        p = game.hand.players[0]
        t = next(k for k in range(34) if p.counts[k])
        p.counts[t] -= 1
        assert any("not conserved" in x for x in game.hand.check_invariants())
        p.counts[t] += 1
