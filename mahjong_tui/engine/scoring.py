"""What scoring takes and gives: part of the contract between the engine and a rule set.

The engine builds a :class:`WinContext` for every win it considers; ``mahjong-tui score``
builds the same from JSON. A rule set's ``score`` turns it into a :class:`ScoreResult`:
valid or not (with a reason a player understands), the hand types, and a line-by-line
breakdown (:class:`ScoreLine`) the table and the calculator both show.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from .melds import Meld
from .tiles import Tile, number_of
from .words import Saying, Words


class WinBy(StrEnum):
    """How the winning tile came."""

    SELF_DRAW = "self_draw"  # 自摸
    DISCARD = "discard"  # 点炮 / 冲牌
    ROBBED_KONG = "robbed_kong"  # 抢杠


@dataclass(frozen=True, slots=True)
class HandType:
    """A hand type of a rule set: id, names, and a short description in English and in Chinese."""

    id: str
    zh: str
    en: str
    description: str
    description_zh: str

    def named(self) -> Words:
        """The hand type's name in each language."""
        return Words(self.en, self.zh)

    def described(self) -> Words:
        """What the hand type takes, in both languages."""
        return Words(self.description, self.description_zh)


@dataclass(frozen=True, slots=True)
class WinContext:
    """Everything scoring needs about one win (or, with ``initial``, one deal).

    ``concealed`` excludes ``win_tile``. ``claims[a][b]`` counts discards seat ``a``
    claimed from seat ``b`` this hand (Shanghai 三口). Fields a rule set does not use are
    ignored by it.
    """

    winner: int
    concealed: tuple[Tile, ...]
    win_tile: Tile | None
    dealer: int = 0
    melds: tuple[Meld, ...] = ()
    flowers: tuple[Tile, ...] = ()
    win_by: WinBy = WinBy.SELF_DRAW
    discarder: int | None = None
    replacement: bool = False
    kaigang_discard: bool = False
    first_turn: bool = False
    last_tile: bool = False
    base: int = 1
    huangfan: bool = False
    kaibao: bool = False
    claims: tuple[tuple[int, ...], ...] | None = None
    discarder_ready: bool = False
    bird: Tile | None = None
    initial: bool = False

    @property
    def all_concealed(self) -> tuple[Tile, ...]:
        """Concealed tiles with the winning tile."""
        if self.win_tile is None:
            return self.concealed
        return (*self.concealed, self.win_tile)


class LineKind(StrEnum):
    """What a breakdown line is about."""

    TYPE = "type"  # a hand type
    FLOWER = "flower"  # one element of the 花 count
    MULTIPLIER = "multiplier"  # base, menqing, cap, 荒番, per-type counts, birds
    VALUE = "value"  # the value of one share
    PAYMENT = "payment"  # who pays whom
    NOTE = "note"  # anything else worth a line


class _Unsaid:
    """Where a line made with a :class:`~.words.Saying` keeps it until its text is first read."""

    __slots__ = ("_saying",)


@dataclass(frozen=True, slots=True)
class ScoreLine(_Unsaid):
    """One line of a scoring breakdown, in both languages.

    ``amount`` is the number the line contributes, when it has one (花 for a flower
    element, lezi for a type, points for a payment); ``seat`` is the payer of a payment.
    A line made by :meth:`of` with a saying says it when ``en`` or ``zh`` is first read:
    scoring makes many lines (a bot's play-outs score every win they meet) that nobody reads.
    """

    kind: LineKind
    en: str
    zh: str
    amount: int | None = None
    id: str | None = None
    seat: int | None = None

    @classmethod
    def of(
        cls,
        kind: LineKind,
        words: Words | Saying,
        amount: int | None = None,
        id: str | None = None,
        seat: int | None = None,
    ) -> ScoreLine:
        """A line that says ``words``: the catalogue's text, said now (:func:`~.words.said`) or when it is read
        (:func:`~.words.saying`)."""
        if isinstance(words, Words):
            return cls(kind, words.en, words.zh, amount, id, seat)
        line = object.__new__(cls)
        setting = object.__setattr__  # the fields but en and zh, which are said when first read
        setting(line, "kind", kind)
        setting(line, "amount", amount)
        setting(line, "id", id)
        setting(line, "seat", seat)
        setting(line, "_saying", words)
        return line

    if not TYPE_CHECKING:  # type checkers see the fields, not a fallback for any name

        def __getattr__(self, name: str) -> str:
            """``en`` and ``zh`` of a line not said yet: said now, and kept."""
            if name not in ("en", "zh"):
                raise AttributeError(name)
            words = self._saying.words()
            object.__setattr__(self, "en", words.en)
            object.__setattr__(self, "zh", words.zh)
            return words.en if name == "en" else words.zh

    def text(self) -> str:
        """One short line for ``explain``: Chinese then English."""
        return f"{self.zh} · {self.en}" if self.zh else self.en


@dataclass(frozen=True, slots=True)
class ScoreResult:
    """The outcome of scoring a win (or the initial small wins)."""

    valid: bool
    reason: str = ""
    reason_zh: str = ""  # the reason in Chinese
    types: tuple[str, ...] = ()
    flowers: int = 0
    lezi: int = 0
    value: int = 0
    payments: tuple[int, int, int, int] = (0, 0, 0, 0)
    lines: tuple[ScoreLine, ...] = field(default_factory=tuple)

    @property
    def explain(self) -> list[str]:
        """The breakdown as short lines."""
        return [ln.text() for ln in self.lines]

    @property
    def words(self) -> Words:
        """Why this is not a win, in both languages (the English where no Chinese was given)."""
        return Words(self.reason, self.reason_zh or self.reason)


def invalid(reason: str, zh: str = "") -> ScoreResult:
    """A result that is not a win, with the reason a player reads (in English and Chinese)."""
    return ScoreResult(valid=False, reason=reason, reason_zh=zh)


def bird_seat(bird: Tile, dealer: int) -> int:
    """The seat a bird tile (扎鸟) lands on: its number counted from the dealer in play order."""
    return (dealer + number_of(bird) - 1) % 4
