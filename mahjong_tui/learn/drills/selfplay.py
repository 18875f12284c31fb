"""Seeded self-play for drills: bots play, and every decision and every win is shown to a collector.

Game ``i`` of a set is seeded from (the set's seed, the kind, ``i``) alone, so a seed
gives the same positions every time. The bots are the normal level: quick, and their
hands look like a table's. A collector sees each decision before the bot makes it (the
seat's view and the hand it is in), each discard once made (the discarder's view), and
each hand once over; it says when it has found enough.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass, field

from bots import create_bot
from mahjong_tui.engine import (
    Action,
    ActionKind,
    Game,
    Hand,
    Move,
    Phase,
    SeatView,
    StuckHand,
    play_until_decision,
    seat_view,
)

#: hands played in one game before the next game starts: later hands add little but time
HANDS_PER_GAME = 4
LEVEL = "normal"


def game_seed(seed: int, kind: str, index: int) -> int:
    """The seed of game ``index`` of a drill set: from (seed, kind, index) alone."""
    digest = hashlib.sha256(f"drill/{seed}/{kind}/{index}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


class Collector:
    """What a drill search looks at in self-play; each hook may keep a position."""

    def decision(self, view: SeatView, hand: Hand) -> None:
        """A seat must decide (more than one legal action)."""

    def discarded(self, view: SeatView, hand: Hand) -> None:
        """A seat has just discarded: its view, 13 tiles in hand."""

    def hand_over(self, game: Game, start: int, views: dict[int, SeatView]) -> None:
        """A hand is over: its events from ``start``; ``views`` the last decision each seat was asked."""

    def done(self) -> bool:
        """Enough has been found."""
        return False


@dataclass
class Watcher:
    """A bot that shows every decision it is asked to the collector first (and, told to, lets every win go)."""

    seat: int
    seed: int
    collector: Collector
    hand: Hand
    let_wins_go: bool = False
    views: dict[int, SeatView] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.bot = create_bot(LEVEL, self.seat, self.seed)

    def choose(self, view: SeatView) -> Action:
        """The bot's choice, once the collector has seen the view."""
        self.views[self.seat] = view
        self.collector.decision(view, self.hand)
        action = self.bot.choose(view)
        if self.let_wins_go and action.kind is ActionKind.WIN and view.phase is not Phase.HAIDI_TAKEN:
            return _not_a_win(view)
        return action


def _not_a_win(view: SeatView) -> Action:
    """In place of a win: pass, or throw the tile just drawn (a hand played to the 海底 lets its wins go)."""
    legal = [a for a in view.legal if a.kind is not ActionKind.WIN]
    for want in (ActionKind.PASS, ActionKind.DISCARD):
        for a in legal:
            if a.kind is want and (want is ActionKind.PASS or a.tile == view.last_drawn):
                return a
    discards = [a for a in legal if a.kind is ActionKind.DISCARD]
    return (discards or legal)[0]


def self_play(rules: str, seed: int, kind: str, collector: Collector, *, games: int, let_wins_go: bool = False) -> None:
    """Play up to ``games`` seeded games (a few hands each), showing them to ``collector`` until it is done."""
    for index in range(games):
        if collector.done():
            return
        gseed = game_seed(seed, kind, index)
        game = Game(rules, gseed)
        views: dict[int, SeatView] = {}
        for _ in range(HANDS_PER_GAME):
            start = len(game.events)
            players = {s: Watcher(s, gseed, collector, game.hand, let_wins_go, views) for s in range(4)}

            def observe(move: Move, game: Game = game) -> None:
                if move.action.kind is ActionKind.DISCARD and not game.hand.over:
                    collector.discarded(seat_view(game.hand, move.seat), game.hand)

            try:
                play_until_decision(game, players, observe=observe)
            except StuckHand:  # an engine fault: this game gives nothing more
                break
            collector.hand_over(game, start, views)
            if game.over or collector.done():
                break
            game.next_hand()


def deals(rules: str, seed: int, kind: str, count: int) -> Iterator[Game]:
    """``count`` seeded games just dealt, nothing played: the first decision of each is open."""
    for index in range(count):
        yield Game(rules, game_seed(seed, kind, index))
