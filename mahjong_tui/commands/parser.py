"""The argument parser every subcommand uses: one-line errors, and number checks with their reasons."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import NoReturn


class OneLineParser(argparse.ArgumentParser):
    """Bad arguments: one line on standard error and exit 2, without the usage block."""

    def error(self, message: str) -> NoReturn:
        """Print one line and exit 2."""
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")

    def parse_or_status(self, argv: list[str]) -> argparse.Namespace | int:
        """The parsed arguments, or the exit status once ``--help`` or a one-line error has been printed."""
        try:
            return self.parse_args(argv)
        except SystemExit as e:
            return e.code if isinstance(e.code, int) else 2


def whole_number(low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number within [low, high], refused with the reason."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}") from None
        if low is not None and value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, not {value}")
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(f"must be at most {high}, not {value}")
        return value

    parse.__name__ = "whole number"
    return parse


def one_of(choices: tuple[str, ...], what: str) -> Callable[[str], str]:
    """An argparse type: one of ``choices``, refused with the list."""

    def parse(text: str) -> str:
        if text not in choices:
            raise argparse.ArgumentTypeError(f"unknown {what} {text!r} (choose one of: {', '.join(choices)})")
        return text

    parse.__name__ = what
    return parse


def add_language(p: argparse.ArgumentParser, default: str | None = "en", told: str = "en") -> None:
    """``--lang en|zh|both``: the language of what the command prints or shows (``told``: the default, in words)."""
    from mahjong_tui.i18n import LANGUAGES

    p.add_argument("--lang", default=default, type=one_of(LANGUAGES, "language"),
                   help=f"language: {', '.join(LANGUAGES)} (default: {told})")  # fmt: skip
