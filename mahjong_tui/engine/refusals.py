"""Why an action is refused, in a player's words: what is actually wrong with it, not a guess.

The rule set's own reasons come first (a claim it rules out, a discard forbidden after a
chi); then what is wrong with the move itself: not this seat's turn, a tile it does not
hold, a chi that is not from the previous player or does not make a sequence, a move
that needs to say which of several it means. Every reason is in English and Chinese.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .actions import KIND_WORDS, Action, ActionKind, malformed, meanings
from .claims import chi_shapes
from .state import SINGLE_SEAT_PHASES, Phase
from .tiles import NUM_KINDS, Tile, format_tiles, is_suited, tile_name, tile_zh
from .words import Words

if TYPE_CHECKING:
    from .hand import Hand

_CLAIM_PHASES = (Phase.CLAIM,)
_KONGS = (ActionKind.KONG, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG)
_CLAIMS = (ActionKind.CHI, ActionKind.PONG, ActionKind.KONG)
_MODE_WORDS = {"kong": Words("kong", "杠"), "buzhang": Words("buzhang", "补张"), "kaigang": Words("kaigang", "开杠")}


def why_illegal(hand: Hand, action: Action) -> Words:
    """A player's words for why ``action`` is refused now."""
    bad = malformed(action)
    if bad is not None:
        return Words(bad, bad)
    seat = action.seat
    if hand.phase is Phase.ENDED:
        return Words("the hand is over", "这一局已经结束了")
    window = hand.window
    if seat in window.answers:
        return Words("you have already answered this", "你已经选过了")
    if seat not in window.legal:
        if hand.phase is Phase.CLAIM and action.kind in _CLAIMS:
            return _claim_problem(hand, action)
        pending = hand.pending_seats()
        if not pending:
            return Words("there is nothing for you to do now", "现在没有你的事")
        if hand.phase in SINGLE_SEAT_PHASES:
            return Words(f"it is not your turn: waiting for seat {pending[0]}", f"还没轮到你：在等座位{pending[0]}")
        return Words(
            f"you have nothing to answer: waiting for seat {pending[0]}", f"没有要你选的：在等座位{pending[0]}"
        )
    legal = window.legal[seat]
    for r in window.refusals.get(seat, ()):
        if r.kind is action.kind and (action.tile is None or r.tile is None or r.tile == action.tile):
            return r.reason
    several = meanings(action, legal)
    if len(several) > 1:
        return Words(
            f"say which: {', '.join(a.describe() for a in several)}",
            f"说清楚是哪一个：{'、'.join(a.words().zh for a in several)}",
        )
    same_kind = [a for a in legal if a.kind is action.kind]
    if same_kind:
        return _wrong_detail(hand, action, same_kind)
    return _not_now(hand, action)


def _names(tiles: Iterable[Tile]) -> Words:
    """Tiles listed: ``3m, 5p`` / ``三万、五筒``."""
    ts = sorted(set(tiles))
    return Words(", ".join(tile_name(t) for t in ts), "、".join(tile_zh(t) for t in ts))


def _wrong_detail(hand: Hand, action: Action, offered: list[Action]) -> Words:
    """The move is on offer, but not as written: which tile, which tiles, which mode."""
    kind = action.kind
    what = KIND_WORDS[kind]
    t = action.tile
    if kind is ActionKind.DISCARD:
        return _no_such_discard(hand, action)
    if kind is ActionKind.CHI:
        return _chi_problem(hand, action)
    on = _names(a.tile for a in offered if a.tile is not None)
    if kind in (ActionKind.PONG, ActionKind.KONG, ActionKind.WIN) and hand.phase is not Phase.TURN:
        if t is not None and on.en:
            return Words(
                f"you can {what.en} only on {on.en}, not {tile_name(t)}",
                f"只能{what.zh}{on.zh}，不能{what.zh}{tile_zh(t)}",
            )
    if action.mode is not None and all(a.mode is not action.mode for a in offered):
        modes = [_MODE_WORDS[m] for m in sorted({a.mode.value for a in offered if a.mode is not None})]
        mode = _MODE_WORDS[action.mode.value]
        return Words(
            f"you can't {what.en} as {mode.en} now (only: {', '.join(m.en for m in modes)})",
            f"现在不能{mode.zh}（只能：{'、'.join(m.zh for m in modes)}）",
        )
    if on.en:
        return Words(f"you can {what.en} only {on.en}", f"只能{what.zh}{on.zh}")
    name = Words(tile_name(t), tile_zh(t)) if t is not None else Words("", "")
    return Words(f"you can't {what.en} {name.en}".rstrip(), f"不能{what.zh}{name.zh}")


def _no_such_discard(hand: Hand, action: Action) -> Words:
    p = hand.players[action.seat]
    t = action.tile
    if t is None:
        return Words("say which tile to discard", "说清楚打哪张")
    if t >= NUM_KINDS or not p.counts[t]:
        return Words(f"you don't hold {tile_name(t)}", f"你手里没有{tile_zh(t)}")
    if p.kaigang_locked:
        return Words("after 开杠 you must discard each tile you draw", "开杠以后摸什么打什么")
    return Words(f"you can't discard {tile_name(t)} now", f"现在不能打{tile_zh(t)}")


def _chi_problem(hand: Hand, action: Action) -> Words:
    """A chi that is offered in some form, but not this one."""
    p = hand.players[action.seat]
    t = action.tile
    last = hand.turn.last_discard
    assert last is not None  # a chi is only ever offered on a discard
    if t is not None and t != last:
        return Words(f"you can only claim the last discard, {tile_name(last)}", f"只能要刚打出的{tile_zh(last)}")
    t = last
    if action.tiles:
        held = Words(format_tiles(action.tiles), "".join(tile_zh(x) for x in action.tiles))
        if len(action.tiles) != 2:
            return Words("a chi takes two tiles from your hand", "吃要用手里的两张牌")
        missing = [x for x in action.tiles if x >= NUM_KINDS or p.counts[x] < action.tiles.count(x)]
        if missing:
            return Words(f"you don't hold {held.en}", f"你手里没有{held.zh}")
        if tuple(sorted(action.tiles)) not in chi_shapes(p.counts, t):
            return Words(f"{held.en} and {tile_name(t)} don't make a sequence", f"{held.zh}和{tile_zh(t)}连不成顺子")
    return Words("say which two tiles make the sequence", "说清楚用哪两张牌组成顺子")


def _claim_problem(hand: Hand, action: Action) -> Words:
    """Why this seat cannot chi, pong or kong the discard at all."""
    t = hand.turn.last_discard
    name = Words(tile_name(t), tile_zh(t)) if t is not None else Words("it", "这张")
    if action.kind is ActionKind.CHI:
        if action.seat != (hand.turn.current + 1) % 4:
            return Words("you can chi only from the player before you", "只能吃上家的牌")
        if t is not None and not is_suited(t):
            return Words(
                f"you can't chi {name.en}: only suited tiles make sequences",
                f"{name.zh}不能吃：只有序数牌能组顺子",
            )
        return Words(
            f"you hold no two tiles that make a sequence with {name.en}", f"你手里没有两张能和{name.zh}组成顺子的牌"
        )
    need = 2 if action.kind is ActionKind.PONG else 3
    what = KIND_WORDS[action.kind]
    return Words(
        f"you need {need} tiles like {name.en} in hand to {what.en}", f"手里要有 {need} 张{name.zh}才能{what.zh}"
    )


def _not_now(hand: Hand, action: Action) -> Words:
    """The seat is asked something, but not this kind of move."""
    kind = action.kind
    what = KIND_WORDS[kind]
    seat = action.seat
    offered = [KIND_WORDS[k] for k in sorted({a.kind for a in hand.window.legal[seat]}, key=lambda k: k.value)]
    en = f"(you can: {', '.join(w.en for w in offered)})"
    zh = f"（可以：{'、'.join(w.zh for w in offered)}）"
    if kind in _CLAIMS:
        if hand.phase not in _CLAIM_PHASES:
            return Words(
                f"you can't {what.en} now: there is no discard to claim {en}",
                f"现在不能{what.zh}：没有打出的牌{zh}",
            )
        return _claim_problem(hand, action)
    if kind is ActionKind.DISCARD:
        return Words(f"you can't discard now {en}", f"现在不能出牌{zh}")
    if kind is ActionKind.WIN:
        return Words("that is not a winning hand", "这手牌不能胡")
    if kind is ActionKind.PASS:
        return Words(f"there is nothing to pass: it is your turn {en}", f"没有可以过的：轮到你了{zh}")
    if kind in _KONGS:
        return Words(f"you can't {what.en} now {en}", f"现在不能{what.zh}{zh}")
    move = action.words()
    return Words(f"{move.en} is not possible now {en}", f"现在不能{move.zh}{zh}")
