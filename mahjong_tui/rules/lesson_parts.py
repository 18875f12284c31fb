"""What the rule sets' lessons are written with: a scene's deal with the other seats filled in, and short names.

A lesson names the learner's tiles, every draw until its last step and the tiles at the
tail; :func:`deal` gives the other three seats thirteen suited tiles each from what is
left, always the same ones, so a scene is the same every time it is played. Those tiles
stay in their hands: the other seats discard what they draw, and claim only what the
scene scripts (for those claims the scene names a seat's tiles itself).
"""

from __future__ import annotations

from collections import Counter

from mahjong_tui.engine.actions import ActionKind, KongMode
from mahjong_tui.engine.lessons import Expect, Lesson, Mistake, Scene, Scripted, Step, expect
from mahjong_tui.engine.rigged import RiggedDeal
from mahjong_tui.engine.tiles import format_tiles, full_tile_set, parse_tiles
from mahjong_tui.engine.words import Words

W = Words
DISCARD, WIN, PASS = ActionKind.DISCARD, ActionKind.WIN, ActionKind.PASS
CHI, PONG, KONG = ActionKind.CHI, ActionKind.PONG, ActionKind.KONG
CONCEALED_KONG, DECLARE_INITIAL, TAKE_HAIDI = (
    ActionKind.CONCEALED_KONG,
    ActionKind.DECLARE_INITIAL,
    ActionKind.TAKE_HAIDI,
)
KAIGANG, BUZHANG = KongMode.KAIGANG, KongMode.BUZHANG


def deal(
    learner: str,
    draws: str,
    *,
    tail: str = "",
    given: dict[int, str] | None = None,
    honours: bool = True,
    dealer: int = 0,
    learner_seat: int = 0,
    kaigang_dice: tuple[tuple[int, int], ...] = (),
    dice: tuple[int, int] = (3, 5),
    fill_seed: int = 1,
) -> RiggedDeal:
    """The scene's deal: the learner's tiles, the draws, the tail, and the other seats filled in.

    ``given``: tiles a scripted seat must hold (the rest of its thirteen are filled in).
    """
    given = dict(given or {})
    used = Counter(parse_tiles(" ".join([learner, draws, tail, *given.values()])))
    pool = [t for t in sorted((Counter(full_tile_set(honours=honours, flowers=False)) - used).elements())]
    hands: list[str] = []
    step = 0
    for seat in range(4):
        if seat == learner_seat:
            hands.append(learner)
            continue
        own = parse_tiles(given.get(seat, ""))
        want = (14 if seat == dealer else 13) - len(own)
        # Every third tile of what is left, seat by seat: spread over the suits, so no seat's hand says anything.
        picked = pool[step::3][:want]
        step += 1
        for t in picked:
            pool.remove(t)
        hands.append(format_tiles(sorted(own + picked)))
    return RiggedDeal(
        (hands[0], hands[1], hands[2], hands[3]),
        draws,
        tail,
        dealer,
        dice,
        kaigang_dice,
        fill_seed,
    )


def step(
    goal: Words, move: Expect, wrong: Words, *mistakes: Mistake, done: Words | None = None, auto: bool = False
) -> Step:
    """A step: the goal, the move, why another is wrong, the mistakes worth their own reason, what it did."""
    return Step(goal, move, wrong, mistakes, done or W("", ""), auto)


def discard(goal: Words, tiles: str, wrong: Words, *mistakes: Mistake, done: Words | None = None) -> Step:
    """A step whose move is to discard one of ``tiles``."""
    return step(goal, expect(DISCARD, tiles), wrong, *mistakes, done=done)


def mistake(kind: ActionKind, tiles: str, why: Words) -> Mistake:
    """A wrong move of ``kind`` (with one of ``tiles``; none named: any) and its own reason."""
    return Mistake(expect(kind, tiles), why)


def scripted(seat: int, kind: ActionKind, tiles: str = "") -> Scripted:
    """A scripted move of another seat's."""
    return Scripted(seat, expect(kind, tiles))


#: what a win on a discard taught, alike in every rule set's lessons
WON_ON_DISCARD = W("You won on a discard: the player who threw it pays.", "你胡了别人打的牌：点炮的人付钱。")


def win_on_discard(tile: str, tile_zh: str) -> Step:
    """The step of winning on seat 2's discard of ``tile`` (``tile_zh``: its Chinese name)."""
    return step(
        W(
            f"Seat 2 threw {tile}, your winning tile: anyone's discard may win. Choose Win.",
            f"对家打出{tile_zh}，正是你要的牌：谁打的都能胡。选「胡」。",
        ),
        expect(WIN),
        W("This is the tile you wait for: take the win.", "这就是你等的牌：胡牌。"),
    )


#: a win's own words, alike in every rule set's lessons
COMPLETES = W("This tile completes your hand: press w.", "这张牌让你胡了：按 w。")
SELF_DRAW_INTRO = W(
    "Now win with a tile you draw yourself (自摸): then every other player pays.",
    "这次胡自己摸的牌（自摸）：另外三家都要付。",
)


def winning(on_discard: Scene, self_drawn: Scene, family: Words) -> Lesson:
    """Lesson 3 of a rule set: its two scenes, and what it taught (``family``: what this rule set adds)."""
    return Lesson(
        "winning",
        W("The winning hand", "胡牌"),
        (on_discard, self_drawn),
        W(
            "Four sets and a pair win, on anyone's discard or on your own draw; a self-draw is paid by all three. "
            + family.en,
            "四组加一对就能胡：胡别人打的，或者自摸；自摸三家都付。" + family.zh,
        ),
    )
