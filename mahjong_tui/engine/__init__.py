"""The mahjong engine: tiles, the wall, hands and games, the rule-set contract, views and the play loop.

What tests, scripts and other programs use is exported here. The engine imports no UI
library and no rule set: rule sets implement :class:`Ruleset` and are found by name
through :func:`get_ruleset`.

    from mahjong_tui.engine import Game, get_ruleset, seat_view
    game = Game(get_ruleset("changsha"), seed=7)
    seat = game.pending_seats()[0]
    game.apply(game.legal_actions(seat)[0])
"""

from __future__ import annotations

from .actions import Action, ActionKind, IllegalAction, KongMode, malformed, match_action
from .analysis import PAIR_258_OR_BIG, SETS_AND_PAIR, DiscardOption, ShapeSet
from .claims import claimed_meld
from .events import (
    BirdDrawn,
    ClaimLost,
    DrawSource,
    Event,
    FlowerRevealed,
    GameEnded,
    HaidiDeclined,
    HaidiOffered,
    HaidiTaken,
    HandEnded,
    HandOutcome,
    HandStarted,
    InitialWinsDeclared,
    KaigangDiscarded,
    KaigangRevealed,
    KongDeclared,
    MeldClaimed,
    OptionRefused,
    PlayerWon,
    TileDiscarded,
    TileDrawn,
    TilesDealt,
)
from .game import Game
from .hand import Hand
from .melds import Meld, MeldError, MeldKind, meld_from_text
from .options import GameOptions
from .play import Halt, Move, Player, Stop, StuckHand, next_seat, play_until_decision
from .record import RecordError, game_from_record, game_record, rewound
from .registry import UnknownRules, get_ruleset, register, resolve, ruleset_names
from .rigged import RiggedDeal, rigged_hand, scripted_hand
from .ruleset import EndOfWall, HandNote, PassedWinScope, Ruleset, SeatFacts, WinningHand
from .scoring import HandType, LineKind, ScoreLine, ScoreResult, WinBy, WinContext
from .state import Phase, PlayerState, Refusal, RiverTile
from .tiles import Tile, TileError, format_tiles, parse_tile, parse_tiles, tile_name, tile_zh
from .view import (
    SeatView,
    TableView,
    asked_in_private,
    private_seat_view,
    private_table,
    seat_view,
    seen_by,
    seen_events,
    table_view,
)
from .wall import WallView
from .words import Words, counted

__all__ = [
    "Action",
    "ActionKind",
    "BirdDrawn",
    "ClaimLost",
    "DiscardOption",
    "DrawSource",
    "EndOfWall",
    "Event",
    "FlowerRevealed",
    "Game",
    "GameEnded",
    "GameOptions",
    "HaidiDeclined",
    "HaidiOffered",
    "HaidiTaken",
    "Halt",
    "Hand",
    "HandEnded",
    "HandOutcome",
    "HandStarted",
    "HandNote",
    "HandType",
    "IllegalAction",
    "InitialWinsDeclared",
    "KaigangDiscarded",
    "KaigangRevealed",
    "KongDeclared",
    "KongMode",
    "LineKind",
    "Meld",
    "MeldClaimed",
    "MeldError",
    "MeldKind",
    "Move",
    "OptionRefused",
    "PAIR_258_OR_BIG",
    "PassedWinScope",
    "Phase",
    "Player",
    "PlayerState",
    "PlayerWon",
    "RecordError",
    "Refusal",
    "RiggedDeal",
    "RiverTile",
    "Ruleset",
    "SETS_AND_PAIR",
    "ScoreLine",
    "ScoreResult",
    "SeatFacts",
    "SeatView",
    "ShapeSet",
    "Stop",
    "StuckHand",
    "TableView",
    "Tile",
    "TileDiscarded",
    "TileDrawn",
    "TileError",
    "TilesDealt",
    "UnknownRules",
    "WallView",
    "WinBy",
    "WinContext",
    "WinningHand",
    "Words",
    "counted",
    "claimed_meld",
    "format_tiles",
    "game_from_record",
    "game_record",
    "get_ruleset",
    "malformed",
    "match_action",
    "meld_from_text",
    "next_seat",
    "parse_tile",
    "parse_tiles",
    "play_until_decision",
    "register",
    "resolve",
    "rewound",
    "rigged_hand",
    "ruleset_names",
    "scripted_hand",
    "asked_in_private",
    "private_seat_view",
    "private_table",
    "seat_view",
    "seen_by",
    "seen_events",
    "table_view",
    "tile_name",
    "tile_zh",
]
