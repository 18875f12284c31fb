"""Kongs and what follows them: the replacement draw, robbing an added kong, Changsha's 补张 and 开杠.

A quad is used in one of the rule set's ``kong_modes``: a plain kong or 补张 draws a
replacement from the tail; 开杠 (offered only when the hand is ready with the quad set
aside) rolls two dice and turns up a tile from the tail stack each counts to. The konger
may win on one of them; otherwise both are discarded and the others may win on them.
An added kong may be robbed (抢杠) before it stands; a concealed kong never.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, ActionKind, KongMode
from .events import DrawSource, KaigangDiscarded, KaigangRevealed, KongDeclared
from .melds import Meld, MeldKind
from .scoring import WinBy
from .state import Phase, PlayerState, Refusal, RiverTile
from .tiles import NUM_KINDS, Tile
from .wins import chosen_wins, mark_won, note_passed_wins, open_win_window, win_context, win_on
from .words import Words

if TYPE_CHECKING:
    from .hand import Hand

NO_REPLACEMENT = Words("no kong: the wall has no tile left to replace it", "不能杠：牌墙没有牌可以补了")


def kong_modes(hand: Hand, p: PlayerState, t: Tile, from_hand: int) -> list[KongMode]:
    """The quad choices the rule set offers for ``t``; 开杠 only when ready with the quad set aside."""
    modes = []
    for mode in hand.rules.kong_modes:
        if mode is KongMode.KAIGANG:
            p.counts[t] -= from_hand
            # an added kong replaces its pong
            rest = [m for m in p.melds if not (m.kind is MeldKind.PONG and m.first == t)]
            melds = [*rest, Meld(MeldKind.CONCEALED_KONG, (t, t, t, t))]
            ok = hand.rules.is_ready(p.counts, melds)
            p.counts[t] += from_hand
            if not ok:
                continue
        modes.append(mode)
    return modes


KAIGANG_NEEDS_READY = Words(
    "开杠 needs a ready hand: with the four set aside you must be one tile from a win (补张 is still open to you)",
    "开杠要听牌：四张放开以后要只差一张就胡（补张还可以）",
)


def kaigang_refusals(hand: Hand, kind: ActionKind, t: Tile, modes: list[KongMode]) -> list[Refusal]:
    """Why 开杠 is not offered for this quad when the rule set has it: the hand is not ready."""
    if KongMode.KAIGANG in hand.rules.kong_modes and KongMode.KAIGANG not in modes:
        return [Refusal(kind, t, KAIGANG_NEEDS_READY)]
    return []


def own_kong_options(hand: Hand, p: PlayerState, refusals: list[Refusal]) -> list[Action]:
    """Concealed and added kongs the seat may declare in its turn (a replacement tile must be there)."""
    out: list[Action] = []
    if hand.wall.remaining == 0:
        for t in range(NUM_KINDS):
            if p.counts[t] == 4:
                refusals.append(Refusal(ActionKind.CONCEALED_KONG, t, NO_REPLACEMENT))
        return out
    for t in range(NUM_KINDS):
        if p.counts[t] == 4:
            modes = kong_modes(hand, p, t, 4)
            out.extend(Action(p.seat, ActionKind.CONCEALED_KONG, t, mode=mode) for mode in modes)
            refusals.extend(kaigang_refusals(hand, ActionKind.CONCEALED_KONG, t, modes))
    for m in p.melds:
        if m.kind is MeldKind.PONG and p.counts[m.first]:
            modes = kong_modes(hand, p, m.first, 1)
            out.extend(Action(p.seat, ActionKind.ADDED_KONG, m.first, mode=mode) for mode in modes)
            refusals.extend(kaigang_refusals(hand, ActionKind.ADDED_KONG, m.first, modes))
    return out


def declare_concealed_kong(hand: Hand, seat: int, t: Tile, mode: KongMode) -> None:
    """暗杠: four of a kind from the hand; cannot be robbed."""
    p = hand.players[seat]
    p.counts[t] -= 4
    meld = Meld(MeldKind.CONCEALED_KONG, (t, t, t, t))
    p.melds.append(meld)
    p.has_melded = True
    p.last_drawn = None
    hand.emit(KongDeclared(seat, meld, mode))
    after_kong(hand, seat, mode)


def declare_added_kong(hand: Hand, seat: int, t: Tile, mode: KongMode) -> None:
    """上杠/加杠: the fourth tile onto a pong; the others may rob it first."""
    p = hand.players[seat]
    p.counts[t] -= 1
    p.last_drawn = None
    pong = next(m for m in p.melds if m.kind is MeldKind.PONG and m.first == t)
    meld = Meld(MeldKind.ADDED_KONG, (t, t, t, t), pong.claimed, pong.source)
    hand.emit(KongDeclared(seat, meld, mode))
    hand.kong.rob_tile = t
    hand.kong.pending = (seat, meld, mode)
    if not open_win_window(hand, seat, (t,), WinBy.ROBBED_KONG, Phase.ROB):
        complete_added_kong(hand)


def resolve_rob(hand: Hand) -> None:
    """Everyone asked about the added kong has answered: robbed, or the kong stands."""
    konger = hand.turn.current
    wins = chosen_wins(hand, konger, WinBy.ROBBED_KONG)
    if wins:
        hand.settle(wins, konger)
        return
    complete_added_kong(hand)


def complete_added_kong(hand: Hand) -> None:
    """Nobody robbed: the pong becomes a kong and the konger goes on."""
    assert hand.kong.pending is not None
    seat, meld, mode = hand.kong.pending
    p = hand.players[seat]
    idx = next(i for i, m in enumerate(p.melds) if m.kind is MeldKind.PONG and m.first == meld.first)
    p.melds[idx] = meld
    p.has_melded = True
    hand.kong.rob_tile = None
    hand.kong.pending = None
    after_kong(hand, seat, mode)


def after_kong(hand: Hand, seat: int, mode: KongMode) -> None:
    """A replacement draw, or 开杠's dice."""
    if mode is KongMode.KAIGANG:
        kaigang(hand, seat)
    else:
        replacement_draw(hand, seat)


def replacement_draw(hand: Hand, seat: int) -> None:
    """After a kong or 补张: a tile from the tail, then the seat's turn."""
    hand.clear_window()
    if hand.wall.remaining == 0:
        hand.end_drawn()
        return
    hand.turn.current = seat
    if not hand.take_drawn(seat, hand.wall_draw(seat, tail=True), DrawSource.TAIL):
        hand.end_drawn()
        return
    hand.open_turn()


def kaigang(hand: Hand, seat: int) -> None:
    """开杠: two dice, a tile from the tail stack each counts to; the konger may win on one."""
    hand.clear_window()
    p = hand.players[seat]
    p.kaigang_locked = True
    dice = hand.roll_kaigang_dice()
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
        hand.phase = Phase.KAIGANG_SELF
        hand.set_window({seat: acts}, {})
        return
    kaigang_to_others(hand, seat)


def apply_kaigang_self(hand: Hand, action: Action) -> None:
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
        hand.settle([(seat, ctx)], None)
        return
    kaigang_to_others(hand, seat)


def kaigang_to_others(hand: Hand, konger: int) -> None:
    """Both tiles are discarded; others may win on them (杠上炮)."""
    p = hand.players[konger]
    for t in hand.kong.kaigang_tiles:
        p.river.append(RiverTile(t, kaigang=True))
    hand.emit(KaigangDiscarded(konger, hand.kong.kaigang_tiles))
    if not open_win_window(
        hand, konger, hand.kong.kaigang_tiles, WinBy.DISCARD, Phase.KAIGANG_CLAIM, kaigang_discard=True
    ):
        hand.draw((konger + 1) % 4)


def resolve_kaigang_claims(hand: Hand) -> None:
    """Everyone asked about the 开杠 tiles has answered: wins, or the next seat draws."""
    konger = hand.turn.current
    note_passed_wins(hand)
    wins = chosen_wins(hand, konger, WinBy.DISCARD, kaigang_discard=True)
    if wins:
        mark_won(hand, konger, wins, len(hand.kong.kaigang_tiles))
        hand.settle(wins, konger)
        return
    hand.draw((konger + 1) % 4)
