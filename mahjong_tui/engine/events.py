"""Events: what happened, in order. The table, the log and the replay read these."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .actions import KongMode
from .melds import Meld
from .scoring import ScoreResult, WinContext
from .tiles import Tile
from .words import Words


class DrawSource(StrEnum):
    """Where a drawn tile came from."""

    HEAD = "head"  # a live draw
    TAIL = "tail"  # a replacement after a flower, a kong or 补张
    KAIGANG = "kaigang"  # revealed by 开杠's dice
    HAIDI = "haidi"  # the last tile, taken


class HandOutcome(StrEnum):
    """How a hand ended."""

    WIN = "win"
    DRAWN = "drawn"  # 流局: wall exhausted / nobody took or won the 海底


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event."""


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """A new hand: dealer, dice, where the wall was broken, the 荒番 counter."""

    hand_number: int
    dealer: int
    dice: tuple[int, int]
    break_at: tuple[int, int]
    huangfan: int
    huangfan_from_dice: int
    scores: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class TilesDealt(Event):
    """A seat's starting tiles (13, the dealer 14), flowers included."""

    seat: int
    tiles: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class FlowerRevealed(Event):
    """补花: a flower is set aside face up (a replacement draw follows)."""

    seat: int
    tile: Tile


@dataclass(frozen=True, slots=True)
class TileDrawn(Event):
    """A seat drew a tile."""

    seat: int
    tile: Tile
    source: DrawSource


@dataclass(frozen=True, slots=True)
class TileDiscarded(Event):
    """A seat discarded a tile into its river."""

    seat: int
    tile: Tile


@dataclass(frozen=True, slots=True)
class MeldClaimed(Event):
    """吃 / 碰 / 明杠 of a discard."""

    seat: int
    meld: Meld
    from_seat: int
    mode: KongMode | None = None


@dataclass(frozen=True, slots=True)
class OptionRefused(Event):
    """A claim the seat might expect was ruled out, and nothing else was offered to it.

    Private to that seat: the table shows it only to that player.
    """

    seat: int
    kind: str
    tile: Tile | None
    reason: Words


@dataclass(frozen=True, slots=True)
class ClaimLost(Event):
    """A seat's claim on a discard was beaten by another seat's (private to that seat, like OptionRefused).

    ``reason`` says whose claim won and why (win > kong = pong > chi; between equal claims,
    the seat nearer after the discarder).
    """

    seat: int
    kind: str
    by: int
    by_kind: str
    reason: Words


@dataclass(frozen=True, slots=True)
class KongDeclared(Event):
    """暗杠 or 上杠 from the seat's own hand."""

    seat: int
    meld: Meld
    mode: KongMode


@dataclass(frozen=True, slots=True)
class KaigangRevealed(Event):
    """Changsha 开杠: the dice and the tiles they reveal from the tail."""

    seat: int
    dice: tuple[int, int]
    tiles: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class KaigangDiscarded(Event):
    """The 开杠 tiles nobody won on go to the konger's river."""

    seat: int
    tiles: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class InitialWinsDeclared(Event):
    """Changsha 起手小胡: shown and settled at once."""

    seat: int
    tiles: tuple[Tile, ...]
    result: ScoreResult


@dataclass(frozen=True, slots=True)
class HaidiOffered(Event):
    """Changsha: the last tile is offered to a seat."""

    seat: int


@dataclass(frozen=True, slots=True)
class HaidiTaken(Event):
    """Changsha: another seat took the 海底, as a seat that does not see the tile is told (the engine's own record
    is the :class:`TileDrawn`; the tile is seen once it is shown). Made by :func:`~mahjong_tui.engine.seen_by`."""

    seat: int


@dataclass(frozen=True, slots=True)
class HaidiDeclined(Event):
    """Changsha: a seat did not take the 海底."""

    seat: int


@dataclass(frozen=True, slots=True)
class BirdDrawn(Event):
    """Changsha 扎鸟: the bird tile and the seat it counts to."""

    tile: Tile
    seat: int


@dataclass(frozen=True, slots=True)
class PlayerWon(Event):
    """One winner's hand and its scoring."""

    seat: int
    context: WinContext
    result: ScoreResult


@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    """The hand is over: outcome, this hand's payments, who deals next."""

    outcome: HandOutcome
    winners: tuple[int, ...]
    payments: tuple[int, int, int, int]
    scores: tuple[int, int, int, int]
    next_dealer: int
    huangfan: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game is over: final scores and why."""

    scores: tuple[int, int, int, int]
    reason: Words
