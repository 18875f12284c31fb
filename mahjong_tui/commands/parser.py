"""The argument parser every subcommand uses: one-line errors, and number checks with their reasons."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from typing import NoReturn

_WHOLE = re.compile(r"[+-]?[0-9]+")


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
    """An argparse type: a whole number within [low, high] (within a signed 64-bit integer when not given).

    Refused with the reason in a short line: a long or strange input is never repeated whole.
    """
    from mahjong_tui.clean import shorten
    from mahjong_tui.limits import MAX_SEED

    lowest = -MAX_SEED - 1 if low is None else low
    highest = MAX_SEED if high is None else high

    def parse(text: str) -> int:
        if not _WHOLE.fullmatch(text.strip()):
            raise argparse.ArgumentTypeError(f"must be a whole number, not {shorten(text, 24)}")
        digits = len(text.strip().lstrip("+-").lstrip("0"))
        most = len(str(max(abs(lowest), abs(highest))))
        if digits > most:  # refused before it is read: Python reads no more than 4,300 digits
            raise argparse.ArgumentTypeError(f"too long: {digits} digits (at most {most})")
        value = int(text)
        given = f", not {value}" if len(str(value)) <= 12 else ""  # a long number is not repeated
        if value < lowest:
            raise argparse.ArgumentTypeError(f"must be at least {lowest}{given}")
        if value > highest:
            raise argparse.ArgumentTypeError(f"must be at most {highest}{given}")
        return value

    parse.__name__ = "whole number"
    return parse


def one_of(choices: tuple[str, ...], what: str) -> Callable[[str], str]:
    """An argparse type: one of ``choices``, refused with the list."""

    def parse(text: str) -> str:
        if text not in choices:
            from mahjong_tui.clean import shorten

            raise argparse.ArgumentTypeError(
                f"unknown {what} {shorten(text, 24)} (choose one of: {', '.join(choices)})"
            )
        return text

    parse.__name__ = what
    return parse


def add_think_ms(p: argparse.ArgumentParser, whose: str = "the expert's") -> None:
    """``--think-ms N``: how long an expert bot thinks a decision (default: its own, 150 ms)."""
    p.add_argument(
        "--think-ms", type=whole_number(1, 60_000), default=None, help=f"{whose} time a decision (default 150)"
    )


def add_language(p: argparse.ArgumentParser, default: str | None = "en", told: str = "en") -> None:
    """``--lang en|zh|both``: the language of what the command prints or shows (``told``: the default, in words)."""
    from mahjong_tui.i18n import LANGUAGES

    p.add_argument("--lang", default=default, type=one_of(LANGUAGES, "language"),
                   help=f"language: {', '.join(LANGUAGES)} (default: {told})")  # fmt: skip
