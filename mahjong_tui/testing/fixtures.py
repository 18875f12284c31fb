"""Seeded positions for screenshots and tests: games played on by a simple fixed policy.

Nothing here decides anything in a real game; it only moves seeded games forward, through
the engine's play loop, to a moment worth showing (a table in mid-hand, a claim prompt, a
hand's end, the 开杠 choice, an opponent close to ready).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from mahjong_tui.engine import (
    Action,
    ActionKind,
    Game,
    Phase,
    RiggedDeal,
    SeatView,
    Stop,
    TableView,
    parse_tile,
    parse_tiles,
    play_until_decision,
    table_view,
)

if TYPE_CHECKING:
    from mahjong_tui.ui.app import MahjongApp
    from mahjong_tui.ui.config import Display, Learning

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
    """Play the demo policy for every seat until ``stop(game)`` holds before a move (False if it never does).

    ``limit`` bounds the moves made, hand after hand.
    """
    players = {seat: DemoBot(seat) for seat in range(4)}
    moves = 0

    def counted(_move: object) -> None:
        """Count a move."""
        nonlocal moves
        moves += 1

    while True:
        halt = play_until_decision(
            game, players, observe=counted, pause=lambda seat, action: moves >= limit or stop(game)
        )
        if halt.why is Stop.PAUSED:
            return stop(game)
        if game.over:
            return False
        game.next_hand()


def table(game: Game) -> TableView:
    """What everyone sees of the game's current hand."""
    return table_view(game.hand)


def discards(game: Game) -> int:
    """Tiles discarded so far in the current hand."""
    return sum(len(river) for river in table(game).rivers)


def mid_hand(rules: str, seed: int, seat: int = 0, *, at_least: int = 24) -> Game:
    """A game where ``seat`` is to discard after at least ``at_least`` discards this hand."""

    def ready(g: Game) -> bool:
        """The seat's turn, well into a hand with a meld on the table."""
        view = table(g)
        return (
            not view.over
            and view.phase is Phase.TURN
            and view.current == seat
            and sum(map(len, view.rivers)) >= at_least
            and any(view.melds)
        )

    for s in range(seed, seed + 50):
        game = Game(rules, s)
        if play_until(game, ready):
            return game
    raise RuntimeError(f"no mid-hand position found for {rules} from seed {seed}")


def claim_prompt(rules: str, seed: int, seat: int = 0) -> Game:
    """A game where ``seat`` may claim the last discard with a pong or a chi."""

    def ready(g: Game) -> bool:
        """The seat is first to answer a pong or chi."""
        view = table(g)
        if view.over or view.phase is not Phase.CLAIM or seat not in view.pending:
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

    def ready(g: Game) -> bool:
        """The seat is first to decide, and may win."""
        pending = g.pending_seats()
        return bool(pending) and pending[0] == seat and any(a.kind is ActionKind.WIN for a in g.legal_actions(seat))

    for s in range(seed, seed + 200):
        game = Game(rules, s)
        if play_until(game, ready):
            return game
    raise RuntimeError(f"no winning position found for {rules} from seed {seed}")


def kaigang_prompt() -> Game:
    """A Changsha game where seat 0, ready with 五万×3, may 补张 or 开杠 the dealer's fourth 五万."""
    deal = RiggedDeal(
        hands=(
            "5m5m5m1p2p3p4p5p6p7s8s9s2s",
            "2m4m6m8m1p3p5p7p1s3s5s7s9s",
            "1m3m6m9m2p4p6p8p2s4s6s8s1s",
            "5m1m3m7m9m1p9p8p2s3s6s4s9s7p",
        ),
        tail="1m3m4m6m7m8m4s6s8s9s7p9p",
        dealer=3,
        dice=(3, 4),
    )
    game = Game("changsha", 1, rigged=deal)
    game.apply(Action(3, ActionKind.DISCARD, parse_tile("5m")))
    return game


#: the dealer ready but for a 2-5-8 pair; 南 and 北 hold what they never throw; 西 ready on 2p or 5p
DEFENCE_HANDS = (
    "123m789m789s222s9p1p",
    "1s3s4s6s2p2p1m4m6m9m1p6p9p",
    "34p567m678p345m88s",
    "1s3s4s6s2p2p1m4m6m9m1p6p9p",
)
#: the draws from 南's first: 南 draws 5p first; the dealer draws 5p at its eighth draw (and throws 9p),
#: 北 draws 5s at its ninth, then the dealer draws the other 5s
DEFENCE_DRAWS = "5p717s3m7p8m8p8m3s3p7s83m4p2m8s5m4p2m7p7m87p79m16s9p6s1m5p4m6p55s"


def defence_position(hands: tuple[str, str, str, str] = DEFENCE_HANDS) -> Game:
    """A rigged Changsha hand at the dealer's tenth turn, 5s just drawn, with an opponent ready on 5p.

    Everyone throws what it draws, so the rivers are set tile by tile. The dealer (东, seat
    0) is ready either way, holding 5p and 5s. 南 threw 5p at its first turn; 北 has just
    thrown 5s, after 南's and 西's last turns, so neither may win on it before drawing
    (漏胡). 西 waits on 2p or 5p with 34p in hand: 5s is the safe throw, 5p feeds 西.
    """
    game = Game("changsha", 1, rigged=RiggedDeal(hands, draws=DEFENCE_DRAWS))
    _throw(game, 0, parse_tile("1p"))
    for k, tile in enumerate(parse_tiles(DEFENCE_DRAWS)[:-1]):
        _throw(game, (k + 1) % 4, parse_tile("9p") if k == 31 else tile)
    return game


#: seat 1 holds a pair of 白 and of 中, the dealer one of each; the draws (1s 9s 1p 9p 1m 9m) feed no one
SANKOU_HANDS = ("2266m3377p448s457z", "3377m48p5s155677z", "44488m55p2266s22z", "555m2266p3377s33z")
SANKOU_DRAWS = "1s9s1p9p1m9m"


def one_claim_from_sankou() -> Game:
    """A Shanghai hand where seat 1 has ponged the dealer's 白 and then its 中: back in its turn, the dealer is one
    claim from 三口 with seat 1 (each other seat throws what it draws; seat 1 throws 4p, then 8p, after its pongs)."""
    game = Game("shanghai", 1, rigged=RiggedDeal(SANKOU_HANDS, draws=SANKOU_DRAWS))
    draws = parse_tiles(SANKOU_DRAWS)
    for k, honour in enumerate(("5z", "7z")):
        _throw(game, 0, parse_tile(honour))
        game.apply(Action(1, ActionKind.PONG, parse_tile(honour)))
        _throw(game, 1, parse_tile("4p" if k == 0 else "8p"))
        _throw(game, 2, draws[3 * k])
        _throw(game, 3, draws[3 * k + 1])
    while (view := table_view(game.hand)).phase is Phase.CLAIM and view.pending:
        game.apply(Action(view.pending[0], ActionKind.PASS))
    return game


def _throw(game: Game, seat: int, tile: int) -> None:
    """``seat`` discards ``tile``, after every claim window still open has been passed."""
    while (view := table_view(game.hand)).phase is Phase.CLAIM and view.pending:
        game.apply(Action(view.pending[0], ActionKind.PASS))
    game.apply(Action(seat, ActionKind.DISCARD, tile))


def demo_app(
    game: Game,
    *,
    humans: int = 1,
    display: Display | None = None,
    learning: Learning | None = None,
    language: str | None = None,
) -> MahjongApp:
    """The table app on ``game`` with people in the first ``humans`` seats and demo bots elsewhere (``language``:
    the one the app speaks; without, the one in use; ``learning``: hints and open hands, both off unless given, so a
    picture of the table does not hang on the settings of the machine it is taken on)."""
    from mahjong_tui.ui.app import MahjongApp
    from mahjong_tui.ui.config import Display, Learning, quick_setup

    setup = quick_setup(game.rules.name, humans, "normal", game.seed, speed="instant")
    return MahjongApp(
        setup,
        game=game,
        display=display or Display(),
        bot_factory=demo_bot_factory,
        learning=learning or Learning(),
        language=language,
    )
