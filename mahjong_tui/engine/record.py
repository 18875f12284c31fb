"""Game records: a game as JSON (rule set, seed, options, rigged deal, actions) and its replay.

A record holds no state, only what was chosen: replaying it reproduces every event and
the final scores. Reading and writing record files is the keeping layer's
(:mod:`mahjong_tui.keep.saves`); the engine only turns a game into data and back.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from msgspec import Meta

from mahjong_tui.clean import invalid_line
from mahjong_tui.limits import MAX_BASE, MAX_HANDS, MAX_POINTS, MAX_SEED, MIN_BASE, MIN_HANDS, MIN_POINTS

from .actions import Action, IllegalAction
from .game import Game
from .options import GameOptions
from .registry import UnknownRules
from .rigged import RiggedDeal

RECORD_FORMAT = "mahjong-tui-record"
RECORD_VERSION = 1


class RecordError(ValueError):
    """A game record that cannot be read or replayed; the message says what is wrong."""


class OptionsForm(msgspec.Struct, frozen=True):
    """A record's game options (``null`` or left out: the default)."""

    base: Annotated[int, Meta(ge=MIN_BASE, le=MAX_BASE)] | None = None
    starting_points: Annotated[int, Meta(ge=MIN_POINTS, le=MAX_POINTS)] | None = None
    max_hands: Annotated[int, Meta(ge=MIN_HANDS, le=MAX_HANDS)] | None = None


class RecordForm(msgspec.Struct, frozen=True):
    """What a record holds beside its format and version, as :func:`game_record` writes it (a save adds fields of
    its own, which this passes over). Each action is read by :meth:`Action.from_json`, so that its error names its
    hand and place; the rigged deal by :meth:`RiggedDeal.from_json`."""

    seed: Annotated[int, Meta(ge=-MAX_SEED - 1, le=MAX_SEED)]
    hands: list[list[Any]]
    rules: str = ""
    options: OptionsForm = msgspec.field(default_factory=OptionsForm)
    deal: Any = None


def game_record(game: Game) -> dict[str, Any]:
    """The game as JSON-ready data: rules, seed, options, the rigged deal if any, and each hand's actions."""
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "rules": game.rules.name,
        "seed": game.seed,
        "options": game.options.to_json(),
    }
    if game.rigged is not None:
        record["deal"] = game.rigged.to_json()
    record["hands"] = [[a.to_json() for a in hand] for hand in game.actions]
    return record


def _said(e: Exception, most: int = 200) -> str:
    """An error's message as one line of at most about ``most`` characters (it may repeat a huge value)."""
    text = " ".join(str(e)[: most * 2].split())
    return text if len(text) <= most and len(str(e)) <= most * 2 else text[:most] + "…"


def game_from_record(record: Any, *, hold_windows: bool = False) -> Game:
    """Replay a record; RecordError says what is wrong with a bad one. ``hold_windows``: the game holds its windows
    (:attr:`Game.hold_windows`); each held window is released as the next action comes, and one the record ends in
    stays held, as it was when the record was kept."""
    if not isinstance(record, dict):
        raise RecordError("a game record must be a JSON object")
    if record.get("format") != RECORD_FORMAT:
        raise RecordError(f"not a game record (format should be {RECORD_FORMAT!r})")
    version = record.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > RECORD_VERSION:
        raise RecordError(
            f"written by a newer mahjong-tui (record version {version}; this one reads version {RECORD_VERSION})"
        )
    if version != RECORD_VERSION:
        raise RecordError(f"unsupported record version {str(version)[:20]!r}")
    try:
        form = msgspec.convert(record, RecordForm)
    except msgspec.ValidationError as e:
        raise RecordError(f"record {invalid_line(str(e))}") from None
    opts = form.options
    try:
        options = GameOptions(base=opts.base or 1, starting_points=opts.starting_points, max_hands=opts.max_hands)
        rigged = RiggedDeal.from_json(record["deal"]) if "deal" in record else None
        game = Game(form.rules, form.seed, options, rigged=rigged, hold_windows=hold_windows)
    except (UnknownRules, TypeError, ValueError) as e:
        raise RecordError(f"record rules/options: {_said(e)}") from None
    for i, hand_actions in enumerate(form.hands):
        if i > 0:
            try:
                game.release()
                game.next_hand()
            except IllegalAction as e:
                raise RecordError(f"hand {i + 1}: {_said(e)}") from None
        for j, raw in enumerate(hand_actions):
            try:
                game.release()  # a window held (nothing held: nothing happens)
                game.apply(Action.from_json(raw))
            except (ValueError, IllegalAction) as e:
                raise RecordError(f"hand {i + 1}, action {j + 1}: {_said(e)}") from None
    return game


def rewound(game: Game, seat: int) -> Game | None:
    """The game as it stood just before ``seat``'s last action of the current hand (None: it made none).

    Practice against bots: the record without that action (and all after it) is replayed,
    so the game is exactly what it was when the player decided.
    """
    current = game.actions[-1]
    last = next((i for i in range(len(current) - 1, -1, -1) if current[i].seat == seat), None)
    if last is None:
        return None
    record = game_record(game)
    record["hands"][-1] = record["hands"][-1][:last]
    return game_from_record(record)
