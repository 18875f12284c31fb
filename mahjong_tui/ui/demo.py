"""Seeded positions for screenshots and tests: games played on by a simple fixed policy.

Nothing here decides anything in a real game; it only moves seeded games forward to a
moment worth showing (a table in mid-hand, a claim prompt, a hand's end).
"""

from __future__ import annotations

from collections.abc import Callable

from mahjong_tui.engine.actions import Action, ActionKind
from mahjong_tui.engine.game import Game
from mahjong_tui.engine.view import SeatView

_PREFERENCE = (
    ActionKind.WIN,
    ActionKind.DECLARE_INITIAL,
    ActionKind.TAKE_HAIDI,
    ActionKind.KONG,
    ActionKind.PONG,
    ActionKind.CHI,
    ActionKind.CONCEALED_KONG,
    ActionKind.ADDED_KONG,
)


def keep_value(tile: int, counts: tuple[int, ...] | list[int]) -> int:
    """How much a tile is worth keeping: copies held, and neighbours in its suit."""
    value = 3 * counts[tile]
    if tile < 27:
        for d in (-2, -1, 1, 2):
            n = tile + d
            if 0 <= n < 27 and n // 9 == tile // 9:
                value += counts[n] * (2 if abs(d) == 1 else 1)
    return value


def demo_choice(legal: list[Action], counts: tuple[int, ...] | list[int]) -> Action:
    """Claim and win whenever possible; otherwise discard the least connected tile."""
    for kind in _PREFERENCE:
        for a in legal:
            if a.kind is kind:
                return a
    discards = [a for a in legal if a.kind is ActionKind.DISCARD]
    if discards:
        return min(discards, key=lambda a: (keep_value(a.tile or 0, counts), -(a.tile or 0)))
    return next((a for a in legal if a.kind is ActionKind.PASS), legal[0])


class DemoBot:
    """The policy above as a bot, for tables in screenshots and tests."""

    level = "demo"

    def __init__(self, seat: int = 0) -> None:
        """A demo player for ``seat``."""
        self.seat = seat

    def choose(self, view: SeatView) -> Action:
        """One of ``view.legal``."""
        return demo_choice(list(view.legal), view.counts)


def demo_bot_factory(level: str, seat: int, seed: int) -> DemoBot:
    """A bot factory that always gives the demo player."""
    return DemoBot(seat)


def play_until(game: Game, stop: Callable[[Game], bool], *, limit: int = 5000) -> bool:
    """Apply demo moves for every seat until ``stop(game)`` holds (False if it never does)."""
    for _ in range(limit):
        if stop(game):
            return True
        if game.hand.over:
            if game.over:
                return False
            game.next_hand()
            continue
        seat = game.pending_seats()[0]
        game.apply(demo_choice(game.legal_actions(seat), game.hand.players[seat].counts))
    return stop(game)


def discards(game: Game) -> int:
    """Tiles discarded so far in the current hand."""
    return sum(len(p.river) for p in game.hand.players)


def mid_hand(rules: str, seed: int, seat: int = 0, *, at_least: int = 24) -> Game:
    """A game where ``seat`` is to discard after at least ``at_least`` discards this hand."""
    from mahjong_tui.engine.hand import Phase

    for s in range(seed, seed + 50):
        game = Game(rules, s)
        ok = play_until(
            game,
            lambda g: not g.hand.over
            and g.hand.phase is Phase.TURN
            and g.hand.current == seat
            and discards(g) >= at_least
            and any(p.melds for p in g.hand.players),
        )
        if ok:
            return game
    raise RuntimeError(f"no mid-hand position found for {rules} from seed {seed}")


def claim_prompt(rules: str, seed: int, seat: int = 0) -> Game:
    """A game where ``seat`` may claim the last discard with a pong or a chi."""
    from mahjong_tui.engine.hand import Phase

    def ready(g: Game) -> bool:
        """The seat is first to answer a pong or chi."""
        if g.hand.over or g.hand.phase is not Phase.CLAIM or seat not in g.pending_seats():
            return False
        kinds = {a.kind for a in g.legal_actions(seat)}
        return discards(g) >= 8 and bool(kinds & {ActionKind.PONG, ActionKind.CHI})

    for s in range(seed, seed + 50):
        game = Game(rules, s)
        if play_until(game, ready):
            while game.pending_seats()[0] != seat:
                other = game.pending_seats()[0]
                game.apply(next(a for a in game.legal_actions(other) if a.kind is ActionKind.PASS))
            return game
    raise RuntimeError(f"no claim position found for {rules} from seed {seed}")


def hand_won(rules: str, seed: int, seat: int = 0) -> Game:
    """A game where ``seat`` may win now (a self-draw on its turn, or on a discard)."""
    for s in range(seed, seed + 200):
        game = Game(rules, s)
        if play_until(
            game,
            lambda g: not g.hand.over
            and seat in g.pending_seats()
            and g.pending_seats()[0] == seat
            and any(a.kind is ActionKind.WIN for a in g.legal_actions(seat)),
        ):
            return game
    raise RuntimeError(f"no winning position found for {rules} from seed {seed}")


def demo_app(game: Game, *, humans: int = 1, display: object | None = None):  # -> MahjongApp
    """The table app on ``game`` with people in the first ``humans`` seats and demo bots elsewhere."""
    from .app import MahjongApp
    from .config import Display, quick_setup

    setup = quick_setup(game.rules.name, humans, "normal", game.seed, speed="instant")
    look = display if isinstance(display, Display) else Display()
    return MahjongApp(setup, game=game, display=look, bot_factory=demo_bot_factory)


def kaigang_prompt() -> Game:
    """A Changsha game where seat 0, ready with 五万×3, may 补张 or 开杠 the dealer's fourth 五万."""
    from mahjong_tui.engine.scenario import scripted_hand
    from mahjong_tui.engine.tiles import parse_tile

    game = Game("changsha", 1)
    hands = [
        "5m5m5m1p2p3p4p5p6p7s8s9s2s",
        "2m4m6m8m1p3p5p7p1s3s5s7s9s",
        "1m3m6m9m2p4p6p8p2s4s6s8s1s",
        "5m1m3m7m9m1p9p8p2s3s6s4s9s7p",
    ]
    game.hand = scripted_hand("changsha", hands, dealer=3, options=game.options, tail="1m3m4m6m7m8m4s6s8s9s7p9p")
    game.hand.scores_before = tuple(game.scores)
    game.apply(Action(3, ActionKind.DISCARD, parse_tile("5m")))
    return game
