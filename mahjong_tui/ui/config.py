"""What a game at the table is set up with, and how the table looks. No Textual here.

The engine and the bots are imported where they are used: this module is on the path to
the first screen, which must not wait for them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING

from mahjong_tui.clean import clean_name
from mahjong_tui.i18n import current
from mahjong_tui.limits import (  # the limits a setup is held to (the new game screen, play)
    MAX_BASE,
    MAX_HANDS,
    MAX_POINTS,
    MAX_SEED,
    MIN_BASE,
    MIN_HANDS,
    MIN_POINTS,
    MIN_SEED,
)

if TYPE_CHECKING:
    from mahjong_tui.engine import GameOptions, Ruleset

WINDS_EN = ("East", "South", "West", "North")
DEFAULT_NAMES = ("Alice", "Bob", "Carol", "Dave")
#: the same seats' names in Chinese, for the table in Chinese (and in both, whose Chinese leads)
DEFAULT_NAMES_ZH = ("小明", "小红", "小刚", "小丽")
BOT_NAMES = ("Mei", "Jun", "Lan", "Hao")


def default_name(seat: int, human: bool = True) -> str:
    """The name ``seat`` is given when none is typed: a person's in the language in use, a bot's its own."""
    if not human:
        return BOT_NAMES[seat]
    return DEFAULT_NAMES[seat] if current().language == "en" else DEFAULT_NAMES_ZH[seat]


def given_by_default(seat: int, name: str) -> bool:
    """``name`` is none, or one ``seat`` is given when none is typed (in any language): no player chose it."""
    return name in ("", DEFAULT_NAMES[seat], DEFAULT_NAMES_ZH[seat], BOT_NAMES[seat])


def named_now(seat: int, name: str) -> str:
    """``name`` as it is, unless it is a person's default name: then that default in the language in use."""
    return default_name(seat) if name in (DEFAULT_NAMES[seat], DEFAULT_NAMES_ZH[seat]) else name


# The limits a setup is held to, by the new game screen and by ``mahjong-tui play`` alike.
MAX_NAME = 12  # a longer name does not fit a seat's header
MAX_HUMANS = 4


class TileStyle(StrEnum):
    """How a tile is written: Chinese characters, Unicode mahjong glyphs, or notation."""

    CHINESE = "chinese"
    GLYPH = "glyph"
    PLAIN = "plain"


class Palette(StrEnum):
    """Suit colours: the usual ones, or a colour-blind-safe set (Okabe–Ito)."""

    STANDARD = "standard"
    COLOURBLIND = "colourblind"


class Privacy(StrEnum):
    """What the hot-seat curtain may give away when two or more people share the screen.

    ``standard``: the curtain comes up for a person only when they have something to decide,
    so everyone sees that they may claim. ``strict``: after every discard every person is
    called behind the curtain, and those with nothing to claim just confirm.
    """

    STANDARD = "standard"
    STRICT = "strict"


#: Seconds a bot waits before each move, per speed setting.
BOT_SPEEDS: dict[str, float] = {"slow": 1.2, "normal": 0.6, "fast": 0.2, "instant": 0.0}


@dataclass(frozen=True, slots=True)
class SeatSetup:
    """One seat: a human, or a bot of a level; and the name shown at the table."""

    name: str
    human: bool
    level: str = "normal"

    def describe(self) -> str:
        """``human`` or ``bot (hard)``."""
        return "human" if self.human else f"bot ({self.level})"


@dataclass(frozen=True, slots=True)
class Display:
    """Look of the table: tile style, palette."""

    style: TileStyle = TileStyle.CHINESE
    palette: Palette = Palette.STANDARD


@dataclass(frozen=True, slots=True)
class Learning:
    """What the table does to help a player learn: the hint panel at the start of a hand, every hand face up."""

    hints: bool = False  # the hint panel open for every person at the start of a hand
    open_hands: bool = False  # practice: every hand face up, for study


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything the new game screen asks for."""

    rules: str = "shanghai"
    seats: tuple[SeatSetup, ...] = field(
        default_factory=lambda: (
            SeatSetup(default_name(0), True),
            SeatSetup(default_name(1), False),
            SeatSetup(default_name(2), False),
            SeatSetup(default_name(3), False),
        )
    )
    base: int = 1
    starting_points: int | None = None
    max_hands: int | None = None
    seed: int | None = None
    speed: str = "normal"
    privacy: Privacy = Privacy.STANDARD

    @property
    def humans(self) -> list[int]:
        """Seats played by people."""
        return [s for s, seat in enumerate(self.seats) if seat.human]

    @property
    def names(self) -> list[str]:
        """The four names."""
        return [seat.name for seat in self.seats]

    def options(self) -> GameOptions:
        """The engine's options for this setup (the base only where the rule set scores with one)."""
        from mahjong_tui.engine import GameOptions, get_ruleset

        base = self.base if get_ruleset(self.rules).uses_base_score else 1
        return GameOptions(base=base, starting_points=self.starting_points, max_hands=self.max_hands)

    def with_seed(self, seed: int) -> GameSetup:
        """The same setup with a fixed seed."""
        return replace(self, seed=seed)


def named(en: str, zh: str) -> str:
    """A name given in both languages, where room is short: the one in use, or ``上海麻将 shanghai`` for both."""
    if current().language == "both":
        return f"{zh} {en}" if zh and zh != en else en
    return current().pick(en, zh)


def rules_summary(rules: Ruleset) -> str:
    """What a rule set is, in one line, in the language in use."""
    return current().words(rules.summary_words)


class SetupError(ValueError):
    """A setup that cannot start a game; the message says what to change."""


def known_rules(name: str) -> str:
    """``name`` if it is a known preset; SetupError names the choices."""
    from mahjong_tui.engine import UnknownRules, get_ruleset, ruleset_names

    try:
        get_ruleset(name)
    except UnknownRules:
        raise SetupError(f"unknown rules {name!r} (choose one of: {', '.join(ruleset_names())})") from None
    return name


def quick_setup(
    rules: str = "shanghai",
    humans: int = 1,
    bots: str = "normal",
    seed: int | None = None,
    *,
    names: list[str] | None = None,
    base: int = 1,
    starting_points: int | None = None,
    max_hands: int | None = None,
    speed: str = "normal",
    privacy: str = "standard",
) -> GameSetup:
    """A setup from the command line's few options: seats 0..humans-1 are people."""
    from bots import LEVELS

    known_rules(rules)
    if not 0 <= humans <= MAX_HUMANS:
        raise SetupError(f"humans must be 0 to {MAX_HUMANS}, not {humans}")
    if bots not in LEVELS:
        raise SetupError(f"unknown bot level {bots!r} (choose one of: {', '.join(LEVELS)})")
    if speed not in BOT_SPEEDS:
        raise SetupError(f"unknown bot speed {speed!r} (choose one of: {', '.join(BOT_SPEEDS)})")
    if privacy not in tuple(Privacy):
        raise SetupError(f"unknown privacy {privacy!r} (choose one of: {', '.join(Privacy)})")
    for value, lowest, highest, what in ((base, MIN_BASE, MAX_BASE, "the base score"),
                                         (starting_points, MIN_POINTS, MAX_POINTS, "starting points"),
                                         (max_hands, MIN_HANDS, MAX_HANDS, "hands"),
                                         (seed, MIN_SEED, MAX_SEED, "the seed")):  # fmt: skip
        if value is not None and value < lowest:
            raise SetupError(f"{what} must be at least {lowest}")
        if value is not None and value > highest:
            raise SetupError(f"{what} must be at most {highest}")
    given = [clean_name(n) for n in names or []]
    long = next((n for n in given if len(n) > MAX_NAME), None)
    if long is not None:
        raise SetupError(f"a name has at most {MAX_NAME} characters: {long!r}")
    seats = []
    for s in range(4):
        human = s < humans
        name = given[s] if s < len(given) and given[s] else default_name(s, human)
        seats.append(SeatSetup(name, human, bots))
    twice = same_name([seat.name for seat in seats])
    if twice is not None:
        raise SetupError(f"two seats are named {twice!r}: each player needs a name of their own")
    return GameSetup(rules, tuple(seats), base, starting_points, max_hands, seed, speed, Privacy(privacy))


def same_name(names: list[str]) -> str | None:
    """A name two seats share (letter case aside), or None: each player at a table has a name of their own."""
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            return name
        seen.add(name.casefold())
    return None
