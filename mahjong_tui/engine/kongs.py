"""Kongs and what follows them: the replacement draw, robbing an added kong, Changsha's 补张 and 开杠.

A quad is used in one of the rule set's ``kong_modes`` (which ones a seat may choose is
:mod:`.kong_options`): a plain kong or 补张 draws a replacement from the tail; 开杠
(offered only when the hand is ready with the quad set aside) rolls two dice and turns up
a tile from the tail stack each counts to. The konger may win on one of them; otherwise
both are discarded and the others may win on them. An added kong may be robbed (抢杠)
before it stands; a concealed kong never.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, ActionKind, KongMode
from .events import DrawSource, KaigangDiscarded, KaigangRevealed, KongDeclared
from .melds import Meld, MeldKind
from .scoring import WinBy
from .state import Phase, RiverTile
from .steps import (
    COMPLETE_ADDED_KONG,
    END_DRAWN,
    OPEN_TURN,
    AfterKong,
    Ask,
    Draw,
    KaigangToOthers,
    Quiet,
    Settle,
    Step,
)
from .tiles import Tile
from .wins import chosen_wins, mark_won, note_passed_wins, open_win_window, win_context, win_on

if TYPE_CHECKING:
    from .hand import Hand


def declare(hand: Hand, seat: int, t: Tile, mode: KongMode, *, added: bool) -> Step:
    """暗杠, four of a kind from the hand, which cannot be robbed; or (``added``) 上杠/加杠, the fourth tile
    onto a pong, which the others may rob first."""
    p = hand.players[seat]
    p.last_drawn = None
    if not added:
        p.counts[t] -= 4
        meld = Meld(MeldKind.CONCEALED_KONG, (t, t, t, t))
        p.melds.append(meld)
        p.has_melded = True
        hand.emit(KongDeclared(seat, meld, mode))
        return AfterKong(seat, mode)
    p.counts[t] -= 1
    pong = next(m for m in p.melds if m.kind is MeldKind.PONG and m.first == t)
    meld = Meld(MeldKind.ADDED_KONG, (t, t, t, t), pong.claimed, pong.source)
    hand.emit(KongDeclared(seat, meld, mode))
    hand.kong.rob_tile = t
    hand.kong.pending = (seat, meld, mode)
    return open_win_window(hand, seat, (t,), WinBy.ROBBED_KONG, Phase.ROB, COMPLETE_ADDED_KONG)


def resolve_rob(hand: Hand) -> Step:
    """Everyone asked about the added kong has answered: robbed, or the kong stands."""
    konger = hand.turn.current
    wins = chosen_wins(hand, konger, WinBy.ROBBED_KONG)
    if wins:
        return Settle(tuple(wins), konger)
    return complete_added_kong(hand)


def complete_added_kong(hand: Hand) -> Step:
    """Nobody robbed: the pong becomes a kong and the konger goes on."""
    assert hand.kong.pending is not None
    seat, meld, mode = hand.kong.pending
    p = hand.players[seat]
    idx = next(i for i, m in enumerate(p.melds) if m.kind is MeldKind.PONG and m.first == meld.first)
    p.melds[idx] = meld
    p.has_melded = True
    hand.kong.rob_tile = None
    hand.kong.pending = None
    return AfterKong(seat, mode)


def after_kong(hand: Hand, seat: int, mode: KongMode) -> Step:
    """A replacement draw, or 开杠's dice."""
    if mode is KongMode.KAIGANG:
        return kaigang(hand, seat)
    return replacement_draw(hand, seat)


def replacement_draw(hand: Hand, seat: int) -> Step:
    """After a kong or 补张: a tile from the tail, then the seat's turn."""
    if hand.wall.remaining == 0:
        return END_DRAWN
    hand.turn.current = seat
    if not hand.take_drawn(seat, hand.wall_draw(seat, tail=True), DrawSource.TAIL):
        return END_DRAWN
    return OPEN_TURN


def roll_dice(hand: Hand) -> tuple[int, int]:
    """开杠's two dice: the rigged ones first, then the hand's own random rolls."""
    rigged = next(hand.kong.rigged_dice, None)
    if rigged is not None:
        return rigged
    return (hand.rng.randint(1, 6), hand.rng.randint(1, 6))


def kaigang(hand: Hand, seat: int) -> Step:
    """开杠: two dice, a tile from the tail stack each counts to; the konger may win on one."""
    p = hand.players[seat]
    p.kaigang_locked = True
    dice = roll_dice(hand)
    tiles: list[Tile] = []
    for d in dice:
        if hand.wall.remaining == 0:
            break
        tiles.append(hand.wall.draw_from_tail_stack(d))
        if hand.wall.remaining == 0:
            hand.haidi.last_tile_drawer = seat
    hand.kong.kaigang_tiles = tuple(tiles)
    hand.turn.current = seat
    hand.turn.draw_source = DrawSource.KAIGANG
    hand.emit(KaigangRevealed(seat, dice, hand.kong.kaigang_tiles))
    acts: list[Action] = []
    for t in dict.fromkeys(tiles):
        res = win_on(hand, seat, t, seat, WinBy.SELF_DRAW, replacement=True)
        if res is not None and res.valid:
            acts.append(hand.window.offer_win(seat, t, res))
    if acts:
        acts.append(Action(seat, ActionKind.PASS))
        return Ask(Phase.KAIGANG_SELF, {seat: acts}, {})
    # The konger cannot win on them: at a table that holds its windows, the moment lasts as if it were asked, so
    # nobody learns from it whether the konger could have won.
    return Quiet(Phase.KAIGANG_SELF, seat, KaigangToOthers(seat), {})


def apply_kaigang_self(hand: Hand, action: Action) -> Step:
    """The konger wins on an 开杠 tile (杠上开花), or lets both go to the others."""
    seat = action.seat
    if action.kind is ActionKind.WIN:
        t = action.tile
        assert t is not None
        p = hand.players[seat]
        p.counts[t] += 1
        p.last_drawn = t
        rest = list(hand.kong.kaigang_tiles)
        rest.remove(t)
        for x in rest:
            p.river.append(RiverTile(x, kaigang=True))
        hand.kong.kaigang_tiles = ()
        ctx = win_context(hand, seat, t, WinBy.SELF_DRAW, None, in_hand=True, replacement=True)
        return Settle(((seat, ctx),), None)
    return kaigang_to_others(hand, seat)


def kaigang_to_others(hand: Hand, konger: int) -> Step:
    """Both tiles are discarded; others may win on them (杠上炮), else the next seat draws."""
    p = hand.players[konger]
    tiles = hand.kong.kaigang_tiles
    for t in tiles:
        p.river.append(RiverTile(t, kaigang=True))
    hand.emit(KaigangDiscarded(konger, tiles))
    then = Draw((konger + 1) % 4)
    return open_win_window(hand, konger, tiles, WinBy.DISCARD, Phase.KAIGANG_CLAIM, then, kaigang_discard=True)


def resolve_kaigang_claims(hand: Hand) -> Step:
    """Everyone asked about the 开杠 tiles has answered: wins, or the next seat draws."""
    konger = hand.turn.current
    note_passed_wins(hand)
    wins = chosen_wins(hand, konger, WinBy.DISCARD, kaigang_discard=True)
    if wins:
        mark_won(hand, konger, wins, len(hand.kong.kaigang_tiles))
        return Settle(tuple(wins), konger)
    return Draw((konger + 1) % 4)
