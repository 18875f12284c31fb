"""The ``mahjong-tui`` command: dispatches its subcommands."""

from __future__ import annotations

import sys

USAGE = "usage: mahjong-tui score FILE.json [--text]"


def main(argv: list[str] | None = None) -> int:
    """Run ``mahjong-tui`` with ``argv`` (default: the process arguments); return the exit status."""
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if args else 2
    command, rest = args[0], args[1:]
    if command == "score":
        from .score_cli import run_score

        return run_score(rest)
    print(f"mahjong-tui: unknown command {command!r}; {USAGE}", file=sys.stderr)
    return 2
