"""The ``mahjong-tui`` command line: help, version, bad commands."""

from __future__ import annotations

import subprocess
import sys

import pytest

from mahjong_tui.cli import main


def test_help_lists_the_commands(capsys):
    """``--help`` names every command."""
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for word in ("play", "score", "simulate"):
        assert word in out


def test_unknown_command_is_one_line_and_exit_2(capsys):
    """A command that does not exist: exit 2, one line on standard error."""
    assert main(["deal"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "unknown command 'deal'" in err[0]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--lang", "zh", "rules", "changsha"], "options go after the command: mahjong-tui rules changsha --lang zh"),
        (["--resume", "play"], "options go after the command: mahjong-tui play --resume"),
        (["--lang", "zh", "stats"], "options go after the command: mahjong-tui stats --lang zh"),
        (["--lang", "zh", "simulate"], "simulate has no --lang (see mahjong-tui simulate --help)"),
    ],
)
def test_an_option_before_its_command_is_told_where_it_goes_or_that_there_is_none(capsys, args, said):
    """The line says the command line to type instead, and never sends a player to an option the command lacks."""
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err == f"mahjong-tui: {said}\n"


def test_version():
    """``--version`` prints the installed version."""
    out = subprocess.run([sys.executable, "-m", "mahjong_tui", "--version"], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.startswith("mahjong-tui ")


def test_bad_play_option_is_one_line_without_traceback():
    """``play`` with a bad option: exit 2, one line naming it, no traceback."""
    out = subprocess.run(
        [sys.executable, "-m", "mahjong_tui", "play", "--rules", "riichi"], capture_output=True, text=True
    )
    assert out.returncode == 2 and out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "riichi" in lines[0]


@pytest.mark.parametrize(
    ("args", "word"),
    [
        (["--points", "0"], "--points"),
        (["--hands", "0"], "--hands"),
        (["--seed", "-1"], "--seed"),
        (["--base", "0"], "--base"),
        (["--names", "Alice,Bartholomew-the-Third"], "12 characters"),
        (["--bots", "master"], "master"),
        (["--humans", "5"], "--humans"),
        (["--privacy", "loose"], "loose"),
    ],
)
def test_play_refuses_what_the_new_game_screen_refuses(capsys, args, word):
    """``play`` holds its options to the new game screen's limits: exit 2, one line naming the option."""
    assert main(["play", *args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and word in err[0]
