"""A hand type as one record: its names, what it takes and the test of it, and what each preset pays for it.

A record's condition is a function of the facts its rule set's scoring reads: for the
Shanghai presets a :class:`ShanghaiWin` (how the hand was won and one reading of its tiles),
for Changsha a :class:`ChangshaWin` (how it was won and what its tiles make). What each
preset pays is a :class:`Value` per preset name; a preset with no value does not have the
type. The players' version of every rule is ``mahjong_tui/rules/docs/``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

from mahjong_tui.engine.scoring import HandType, WinContext
from mahjong_tui.engine.words import Words, said
from mahjong_tui.rules.changsha_shapes import ChangshaHand
from mahjong_tui.rules.shanghai_hands import HandShape

#: the presets, by name
SHANGHAI, QQ, LEZI, CHANGSHA = "shanghai", "shanghai-qq", "shanghai-lezi", "changsha"
#: the presets that read a hand as Shanghai does (its tiles, 花 and winning shapes)
SHANGHAI_FAMILY = (SHANGHAI, QQ, LEZI)


class Reads(StrEnum):
    """What a hand type's condition looks at."""

    TILES = "tiles"  # a reading of the winning tiles and melds
    WIN = "win"  # how and when the hand was won
    DEALT = "dealt"  # the dealt hand, before any play (Changsha's initial small wins)


class Pays(StrEnum):
    """How a preset values a hand type."""

    LEZI = "lezi"  # a fixed number of lezi, whatever the 花
    HUA = "hua"  # valued by the hand's 花, up to the preset's cap
    FAN = "fan"  # doublings of a hand valued by 花
    RAISE = "raise"  # raises a hand worth less than one lezi to one lezi
    KONGER = "konger"  # the konger pays for the others (robbing a kong)
    SMALL = "small"  # Changsha's small win, paid once
    BIG = "big"  # a Changsha big type, each paid on its own
    INITIAL = "initial"  # a Changsha initial small win, paid as a small self-draw


@dataclass(frozen=True, slots=True)
class Value:
    """What one preset pays for a hand type (``n``: lezi, or doublings), and whether the type alone lets a hand win
    where a win must qualify."""

    pays: Pays
    n: int = 0
    qualifies: bool = True


def lezi(n: int) -> Value:
    """``n`` lezi, whatever the hand's 花."""
    return Value(Pays.LEZI, n)


def fan(n: int, *, qualifies: bool = True) -> Value:
    """``n`` doublings of a hand valued by 花."""
    return Value(Pays.FAN, n, qualifies)


HUA = Value(Pays.HUA)
RAISE = Value(Pays.RAISE, qualifies=False)
KONGER = Value(Pays.KONGER, qualifies=False)
SMALL = Value(Pays.SMALL)
BIG = Value(Pays.BIG)
INITIAL = Value(Pays.INITIAL)


@dataclass(frozen=True, slots=True)
class ShanghaiWin:
    """A Shanghai-family win as a hand type's condition sees it: how it was won, and one reading of its tiles."""

    ctx: WinContext
    shape: HandShape


@dataclass(frozen=True, slots=True)
class ChangshaWin:
    """A Changsha win (or deal) as a hand type's condition sees it: how it was won, and what its tiles make."""

    ctx: WinContext
    hand: ChangshaHand


F = TypeVar("F", ShanghaiWin, ChangshaWin)


@dataclass(frozen=True, slots=True)
class Rule(Generic[F]):
    """A hand type in one family of rule sets: the test of it (what it takes in words is the catalogue's
    ``[hand_type_rule.FAMILY]``, by the hand type's id)."""

    holds: Callable[[F], bool]


@dataclass(frozen=True, slots=True)
class HandTypeRecord:
    """One hand type: its id and names, what it takes in each family of rule sets, and what each preset pays.

    ``shanghai`` is its rule in the Shanghai presets (``lezi_words``: the 勒子 preset words what it takes otherwise,
    ``[hand_type_rule.lezi]``); ``changsha`` its rule in Changsha; ``values`` what each preset that has it pays.
    """

    id: str
    zh: str
    en: str
    reads: Reads
    values: Mapping[str, Value]
    shanghai: Rule[ShanghaiWin] | None = None
    changsha: Rule[ChangshaWin] | None = None
    lezi_words: bool = False

    @property
    def name(self) -> Words:
        """The hand type's name in each language."""
        return Words(self.en, self.zh)

    def words(self, preset: str) -> Words:
        """What the hand type takes under ``preset``, in both languages."""
        rule = self.changsha if preset == CHANGSHA else self.shanghai
        if rule is None:
            raise KeyError(f"{self.id} has no rule in {preset}")
        family = CHANGSHA if preset == CHANGSHA else "lezi" if preset == LEZI and self.lezi_words else SHANGHAI
        return said(f"hand_type_rule.{family}.{self.id}")

    def hand_type(self, preset: str) -> HandType:
        """The hand type as ``preset``'s rule set names it (:attr:`~mahjong_tui.engine.Ruleset.hand_types`)."""
        words = self.words(preset)
        return HandType(self.id, self.zh, self.en, words.en, words.zh)

    def in_shanghai(self, win: ShanghaiWin) -> bool:
        """Whether a Shanghai-family win has this type (False for a type Shanghai does not have)."""
        return self.shanghai is not None and self.shanghai.holds(win)

    def in_changsha(self, win: ChangshaWin) -> bool:
        """Whether a Changsha win (or deal) has this type (False for a type Changsha does not have)."""
        return self.changsha is not None and self.changsha.holds(win)
