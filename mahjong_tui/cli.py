"""The ``mahjong-tui`` command: the game, and its subcommands.

    mahjong-tui                      the new game screen
    mahjong-tui play [options]       straight to the table
    mahjong-tui score FILE.json      the hand calculator
    mahjong-tui simulate [options]   bots play each other, headless
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib import metadata

USAGE = """usage: mahjong-tui [COMMAND] [options]

commands:
  (none)     open the game: the new game screen
  play       start a game directly (mahjong-tui play --help)
  score      score a hand: mahjong-tui score FILE.json [--text]
  simulate   bots play each other headless (mahjong-tui simulate --help)

options:
  -h, --help     this help
  --version      the version"""


def _play(argv: list[str]) -> int:
    from .ui.app import play_command

    return play_command(argv)


def _score(argv: list[str]) -> int:
    from .score_cli import run_score

    return run_score(argv)


def _simulate(argv: list[str]) -> int:
    from .simulate import run_simulate

    return run_simulate(argv)


COMMANDS: dict[str, Callable[[list[str]], int]] = {
    "play": _play,
    "score": _score,
    "simulate": _simulate,
}


def _version() -> str:
    try:
        return metadata.version("mahjong-tui")
    except metadata.PackageNotFoundError:
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    """Run ``mahjong-tui`` with ``argv`` (default: the process arguments); return the exit status."""
    args = sys.argv[1:] if argv is None else argv
    if not args:
        from .ui.app import run

        return run()
    command, rest = args[0], args[1:]
    if command in ("-h", "--help", "help"):
        print(USAGE)
        return 0
    if command == "--version":
        print(f"mahjong-tui {_version()}")
        return 0
    handler = COMMANDS.get(command)
    if handler is None:
        print(f"mahjong-tui: unknown command {command!r} (try: {', '.join(COMMANDS)}; --help)", file=sys.stderr)
        return 2
    try:
        return handler(rest)
    except KeyboardInterrupt:
        return 130
