"""The ``mahjong-tui`` command: the game, and its subcommands (:mod:`mahjong_tui.commands`).

mahjong-tui [--resume] [--lang L] the new game screen (--resume: the saved game)
mahjong-tui play [options]       straight to the table
mahjong-tui replay FILE          a kept game, step by step
mahjong-tui score FILE.json      the hand calculator
mahjong-tui simulate [options]   bots play each other, headless
"""

from __future__ import annotations

import argparse
import os
import sys
from importlib import import_module

from .commands import COMMANDS
from .commands.parser import OneLineParser, add_language


def _version() -> str:
    from importlib import metadata  # only for --version: the game's first frame does not wait for it

    try:
        return metadata.version("mahjong-tui")
    except metadata.PackageNotFoundError:
        return "unknown"


def parser() -> OneLineParser:
    """The top level: a command and its arguments, or nothing for the game."""
    listing = "\n".join(f"  {name:<10} {line}" for name, (_, line) in COMMANDS.items())
    p = OneLineParser(
        prog="mahjong-tui",
        description="Shanghai and Changsha mahjong in the terminal. Without a command: the new game screen.",
        epilog=f"commands:\n{listing}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        add_help=False,
    )
    p.add_argument("-h", "--help", action="store_true", help="this help")
    p.add_argument("--version", action="store_true", help="the version")
    p.add_argument("--resume", action="store_true", help="continue the saved game where it stopped")
    add_language(p, None, "the settings', whose default is the locale's")
    p.add_argument("command", nargs="?", help="one of the commands below")
    p.add_argument("args", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    return p


def main(argv: list[str] | None = None) -> int:
    """Run ``mahjong-tui`` with ``argv`` (default: the process arguments); return the exit status."""
    args = sys.argv[1:] if argv is None else argv
    try:
        return _main(args)
    except SystemExit as e:  # argparse: --help (0) or a bad argument (2), already printed
        return e.code if isinstance(e.code, int) else 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (``mahjong-tui export … | head``): nothing more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as e:  # a crash: one line naming the log that keeps its traceback, and a failure status
        from .crash import CRASHED, report

        print(report(e), file=sys.stderr)
        return CRASHED


def _misplaced(ns: argparse.Namespace) -> str:
    """What to say of options given before a command: where they go, or that the command has none such."""
    module = import_module(f".commands.{COMMANDS[ns.command][0]}", __package__)
    known = module.parser().format_help()
    given = [
        (o, f"{o} {ns.lang}" if o == "--lang" else o)
        for o, on in (("--lang", ns.lang is not None), ("--resume", ns.resume))
        if on
    ]
    missing = [o for o, _ in given if o not in known]
    if missing:
        return f"{ns.command} has no {' or '.join(missing)} (see mahjong-tui {ns.command} --help)"
    again = " ".join(["mahjong-tui", ns.command, *ns.args, *(words for _, words in given)])
    return f"options go after the command: {again}"


def _main(args: list[str]) -> int:
    if args and args[0] in COMMANDS:
        command, rest = args[0], args[1:]
    else:
        top = parser()
        ns = top.parse_args(args)
        if ns.help or ns.command == "help":
            top.print_help()
            return 0
        if ns.version:
            print(f"mahjong-tui {_version()}")
            return 0
        if ns.command is None:
            from .ui.app import run

            return run(lang=ns.lang, resume=ns.resume)
        if ns.command in COMMANDS:  # ``mahjong-tui --lang zh play``
            print(f"mahjong-tui: {_misplaced(ns)}", file=sys.stderr)
            return 2
        choices = ", ".join(COMMANDS)
        print(f"mahjong-tui: unknown command {ns.command!r} (try: {choices}; --help)", file=sys.stderr)
        return 2
    module = import_module(f".commands.{COMMANDS[command][0]}", __package__)
    return int(module.run(rest))
