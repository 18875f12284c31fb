"""A game: hands in sequence, scores carried, the dealer and 荒番 passed on; records and replay.

A game is its rules, its seed, its options and the actions taken: ``Game.from_record``
replays a record and reproduces every event and the final state exactly.
"""

from __future__ import annotations

import json
import os
import random
import tempfile
from pathlib import Path
from typing import Any

from mahjong_tui.rules import UnknownRules, get_ruleset
from mahjong_tui.rules.base import GameOptions, Ruleset

from .actions import Action, IllegalAction
from .events import Event, GameEnded, HandEnded
from .hand import Hand

RECORD_FORMAT = "mahjong-tui-record"
RECORD_VERSION = 1


class RecordError(ValueError):
    """A game record that cannot be read or replayed; the message says what is wrong."""


class Game:
    """Hands played one after another until a player cannot go on."""

    def __init__(self, rules: str | Ruleset = "shanghai", seed: int = 0, options: GameOptions | None = None):
        self.rules: Ruleset = get_ruleset(rules) if isinstance(rules, str) else rules
        self.seed = seed
        self.options = options or GameOptions()
        start = self.rules.starting_points(self.options)
        self.scores: list[int] = [start] * 4
        self.dealer = random.Random(f"{seed}/first-dealer").randrange(4)
        self.huangfan = 0
        self.hand_number = 0
        self.actions: list[list[Action]] = []
        self.events: list[Event] = []
        self.over = False
        self.end_reason = ""
        self.hand: Hand = self._new_hand()

    # ------------------------------------------------------------------ the one API
    def legal_actions(self, seat: int) -> list[Action]:
        """What ``seat`` may do now."""
        return self.hand.legal_actions(seat)

    def pending_seats(self) -> list[int]:
        """Seats that must act now."""
        return self.hand.pending_seats()

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action to the current hand; returns its events."""
        if self.over:
            raise IllegalAction("the game is over")
        events = self.hand.apply(action)
        self.actions[-1].append(action)
        self.events.extend(events)
        if self.hand.over:
            events = events + self._hand_over()
        return events

    def next_hand(self) -> list[Event]:
        """Start the next hand once the current one has ended."""
        if self.over:
            raise IllegalAction("the game is over")
        if not self.hand.over:
            raise IllegalAction("the hand is still being played")
        start = len(self.events)
        self.hand = self._new_hand()
        return self.events[start:]

    # ------------------------------------------------------------------ internals
    def _new_hand(self) -> Hand:
        self.hand_number += 1
        hand = Hand(
            self.rules,
            seed=f"{self.seed}/hand/{self.hand_number}",
            dealer=self.dealer,
            hand_number=self.hand_number,
            huangfan=self.huangfan,
            scores=(self.scores[0], self.scores[1], self.scores[2], self.scores[3]),
            options=self.options,
        )
        self.actions.append([])
        self.events.extend(hand.events)
        if hand.over:
            self.events.extend(self._hand_over())
        return hand

    def _hand_over(self) -> list[Event]:
        ended = next(e for e in reversed(self.events) if isinstance(e, HandEnded))
        self.scores = list(ended.scores)
        self.dealer = ended.next_dealer
        self.huangfan = ended.huangfan
        out: list[Event] = []
        floor = self.rules.floor(self.options)
        below = [s for s in range(4) if self.scores[s] < floor]
        if below:
            self.over = True
            self.end_reason = self.rules.floor_reason(below, self.options)
        elif self.options.max_hands is not None and self.hand_number >= self.options.max_hands:
            self.over = True
            n = self.options.max_hands
            self.end_reason = f"all {n} hands have been played" if n > 1 else "its one hand has been played"
        if self.over:
            ev = GameEnded((self.scores[0], self.scores[1], self.scores[2], self.scores[3]), self.end_reason)
            self.events.append(ev)
            out.append(ev)
        return out

    # ------------------------------------------------------------------ records
    def to_record(self) -> dict[str, Any]:
        """The game as JSON-ready data: rules, seed, options, and each hand's actions."""
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "rules": self.rules.name,
            "seed": self.seed,
            "options": self.options.to_json(),
            "hands": [[a.to_json() for a in hand] for hand in self.actions],
        }

    @classmethod
    def from_record(cls, record: Any) -> Game:
        """Replay a record; RecordError says what is wrong with a bad one."""
        if not isinstance(record, dict):
            raise RecordError("a game record must be a JSON object")
        if record.get("format") != RECORD_FORMAT:
            raise RecordError(f"not a game record (format should be {RECORD_FORMAT!r})")
        if record.get("version") != RECORD_VERSION:
            raise RecordError(f"unsupported record version {record.get('version')!r}")
        seed = record.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError("record seed must be an integer")
        opts = record.get("options", {})
        if not isinstance(opts, dict):
            raise RecordError("record options must be an object")
        try:
            options = GameOptions(
                base=int(opts.get("base", 1)),
                starting_points=opts.get("starting_points"),
                max_hands=opts.get("max_hands"),
            )
            game = cls(record.get("rules", ""), seed, options)
        except (UnknownRules, TypeError, ValueError) as e:
            raise RecordError(f"record rules/options: {e}") from None
        hands = record.get("hands")
        if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
            raise RecordError("record hands must be a list of action lists")
        for i, hand_actions in enumerate(hands):
            if i > 0:
                try:
                    game.next_hand()
                except IllegalAction as e:
                    raise RecordError(f"hand {i + 1}: {e}") from None
            for j, raw in enumerate(hand_actions):
                try:
                    game.apply(Action.from_json(raw))
                except (ValueError, IllegalAction) as e:
                    raise RecordError(f"hand {i + 1}, action {j + 1}: {e}") from None
        return game


def save_record(game: Game, path: str | os.PathLike[str]) -> None:
    """Write the game's record atomically (a crash leaves the old file or the new, never half)."""
    target = Path(path)
    data = json.dumps(game.to_record(), ensure_ascii=False, separators=(",", ":"))
    fd, tmp = tempfile.mkstemp(prefix=".record-", dir=target.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def load_record(path: str | os.PathLike[str]) -> Game:
    """Read and replay a record file; RecordError with one line on any problem."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"{path} is not valid JSON (line {e.lineno}: {e.msg})") from None
    return Game.from_record(data)
