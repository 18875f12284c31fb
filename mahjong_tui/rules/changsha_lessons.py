"""The Changsha lessons: tiles, sets, the winning hand, what is Changsha's own, defence.

Each lesson is scripted hands on the real table (:mod:`mahjong_tui.engine.lessons`); the
rules are Changsha's (``docs/changsha.md``). You sit at seat 0; seat 3 plays before you
(上家), seat 1 after you (下家), seat 2 across (对家).
"""

from __future__ import annotations

from mahjong_tui.engine.lessons import Expect, Lesson, Scene, expect
from mahjong_tui.engine.ruleset import Ruleset

from .lesson_parts import (
    COMPLETES,
    CONCEALED_KONG,
    DECLARE_INITIAL,
    DISCARD,
    KAIGANG,
    PASS,
    SELF_DRAW_INTRO,
    TAKE_HAIDI,
    WIN,
    WON_ON_DISCARD,
    W,
    deal,
    discard,
    mistake,
    step,
    win_on_discard,
    winning,
)
from .lessons_common import defence_lesson, sets_lesson


def tiles_lesson() -> Lesson:
    """Lesson 1: the three suits, and reading the table."""
    scene = Scene(
        deal("123m456p789s55m79s1p", "1s1s9m1s6m9m2s9p", honours=False),
        W(
            "Your hand is at the bottom. Changsha plays the three suits only: 万 (characters, m), 筒 (dots, p) and "
            "条 (bamboo, s), 1 to 9, four of each: 108 tiles, no winds, dragons or flowers.",
            "下面是你的牌。长沙麻将只有万、筒、条三门，每门 1 到 9，每张四枚，共 108 张，没有风牌、箭牌和花牌。",
        ),
        (
            discard(
                W("Discard the lone 1p: nothing in your hand goes with it.", "打出单张一筒：手里没有牌能和它凑。"),
                "1p",
                W(
                    "Keep your pairs and runs: the 1p is the tile nothing goes with.",
                    "对子和顺子先留着：一筒和什么都凑不上。",
                ),
                done=W(
                    "The 1p is in your river now: everyone sees what you discard.",
                    "一筒进了你的牌河：你打的牌大家都看得见。",
                ),
            ),
            discard(
                W(
                    "Read the rivers: two 1s are out already, so yours will hardly make a pair, and a 1 joins one run "
                    "only (123). Discard the 1s you drew.",
                    "看牌河：一条已经出了两张，你这张很难成对，而且 1 只能做 123 一种顺子。打出刚摸的一条。",
                ),
                "1s",
                W("Two 1s are gone: discard yours.", "一条已出两张：打出去。"),
            ),
            discard(
                W(
                    "The 9p you drew has no neighbours: discard it. The top line tells the hand, the dice and the "
                    "tiles left in the wall.",
                    "刚摸的九筒没有靠张：打出去。最上面一行是局数、骰子和牌墙剩几张。",
                ),
                "9p",
                W("The 9p is the tile with no neighbours: discard it.", "九筒没有靠张：打它。"),
            ),
        ),
    )
    return Lesson(
        "tiles",
        W("The tiles and the table", "牌和牌桌"),
        (scene,),
        W(
            "Three suits of 1 to 9, four of each. Rivers tell you what is gone, and a lone tile with no neighbours is "
            "the first to let go.",
            "三门数牌 1 到 9，每张四枚。牌河告诉你什么牌已经出了；没有靠张的单张先打。",
        ),
    )


def winning_lesson() -> Lesson:
    """Lesson 3: four sets and a pair, won on a discard and on a self-draw."""
    on_discard = Scene(
        deal("123m456p789s34m55s1p", "9p5m", honours=False),
        W(
            "A hand wins with four sets and a pair: 14 tiles. Yours lacks one tile: 123m 456p 789s 34m and the pair "
            "55s. In Changsha the pair of a plain win must be a 2, 5 or 8: yours is.",
            "胡牌是四组牌加一对将，共 14 "
            "张。你只差一张：123万、456筒、789条、34万，将是一对五条。长沙麻将小胡的将必须是 2、5、8：你的是。",
        ),
        (
            discard(
                W(
                    "Discard the 1p: then you are ready (听牌), waiting for 2m or 5m.",
                    "打出一筒，就听牌了：等二万或五万。",
                ),
                "1p",
                W("Only the 1p is outside your sets: discard it, and you are ready.", "只有一筒不成组：打它就听牌。"),
            ),
            win_on_discard("5m", "五万"),
        ),
        learnt=WON_ON_DISCARD,
    )
    self_drawn = Scene(
        deal("234m567p678s22p45s9m", "9p1p9m3s", honours=False),
        SELF_DRAW_INTRO,
        (
            discard(
                W(
                    "Discard the 9m: you wait for 3s or 6s, with the pair 22p.",
                    "打出九万：等三条或六条，将是一对二筒。",
                ),
                "9m",
                W("The 9m is the one tile that does not fit: discard it.", "九万是唯一不搭的牌：打它。"),
            ),
            step(
                W(
                    "You drew 3s: four sets and a pair. Press w to win by self-draw (自摸).",
                    "摸到三条：四组加一对。按 w 自摸胡牌。",
                ),
                expect(WIN),
                COMPLETES,
            ),
        ),
    )
    return winning(
        on_discard, self_drawn, W("For a small win the pair must be a 2, 5 or 8.", "小胡的将必须是 2、5、8。")
    )


def changsha_lesson() -> Lesson:
    """Lesson 5: 起手小胡, the 2-5-8 pair, the bird, 开杠 or 补张, the 海底."""
    initial = Scene(
        deal("123m456m789p99m55p1p", "9s9m5s", honours=False),
        W(
            "Changsha pays some dealt hands at once (起手小胡): four of a kind (四喜), no 2, 5 or 8 (板板胡), a suit "
            "missing (缺一色), two triplets (六六顺).",
            "长沙麻将有些起手牌马上就算钱（起手小胡）：四喜（四张一样）、板板胡（没有 "
            "2、5、8）、缺一色（少一门）、六六顺（两个刻子）。",
        ),
        (
            step(
                W(
                    "Your hand has no 条 at all: 缺一色. Declare it: it is paid at once as a small self-draw.",
                    "你的牌里没有条子：缺一色。报出来：马上按一次小胡自摸算钱。",
                ),
                expect(DECLARE_INITIAL),
                W(
                    "Declare it: an initial small win is paid now and the hand goes on.",
                    "报起手小胡：现在就算钱，牌局继续。",
                ),
            ),
            discard(
                W(
                    "Discard the 1p. You then wait for 9m or 5p, but only 9m "
                    "wins: with 5p your pair would be 99m, and a "
                    "small win needs a pair of 2, 5 or 8. The hint panel says which wait wins.",
                    "打出一筒。这样等九万或五筒，但只有九万能胡：来五筒的话将是一"
                    "对九万，小胡的将必须是 2、5、8。提示栏会告诉你哪张能胡。",
                ),
                "1p",
                W("Discard the 1p, the tile outside your sets.", "打一筒，不成组的那张。"),
            ),
            step(
                W(
                    "Seat 2 threw 9m: win. After the win the next tile of the "
                    "wall is the bird (扎鸟): its number counts "
                    "seats from the dealer, and it can double what is paid.",
                    "对家打出九万：胡。胡牌后牌墙的下一张是鸟（扎鸟）：按点数从庄家数座位，可能让付的钱翻倍。",
                ),
                expect(WIN),
                W("This tile wins: take it.", "这张能胡：胡。"),
            ),
        ),
        learnt=W(
            "The bird was a 5: counting from the dealer (you), 5 lands on "
            "you, the winner, so the discarder paid double.",
            "鸟是 5：从庄家（你）数起，5 落在你这个赢家身上，所以点炮的付双倍。",
        ),
    )
    kong = Scene(
        deal("555s234m678p55m78s9p", "9p1p9m5s", tail="6s1m2m3p", kaigang_dice=((1, 2),), honours=False),
        W(
            "A fourth tile gives you a choice: 补张, a plain replacement from the back of the wall, or 开杠, only when "
            "you are ready: two tiles are turned up, and you win if one completes your hand.",
            "摸到第四张时可以选：补张，从牌尾补一张；或者开杠，只有听牌时才行：翻开两张，有一张能胡就胡。",
        ),
        (
            discard(
                W("Discard the 9p: you wait for 6s or 9s.", "打出九筒：等六条或九条。"),
                "9p",
                W("Discard the 9p: then you are ready.", "打九筒，就听牌了。"),
            ),
            step(
                W(
                    "You drew the fourth 5s, and you are ready with the four set aside: press k and choose 开杠.",
                    "摸到第四张五条，四张拿开后还听牌：按 k，选开杠。",
                ),
                Expect((CONCEALED_KONG,), "5s", KAIGANG),
                W("Choose 开杠: two tiles turned up, a chance to win at once.", "选开杠：翻两张，有机会马上胡。"),
                mistake(
                    CONCEALED_KONG,
                    "5s",
                    W(
                        "补张 would give one plain replacement. Here, try 开杠: "
                        "after it you must discard every tile you "
                        "draw, but you may win on a turned-up tile.",
                        "补张只补一张。这里试试开杠：开杠之后摸什么打什么，但翻开的牌能让你胡。",
                    ),
                ),
            ),
            step(
                W(
                    "One turned-up tile is 6s: it completes your hand. Win: 杠上开花, a big win.",
                    "翻开的一张是六条：胡了。杠上开花，大胡。",
                ),
                expect(WIN),
                W("Take the win on the turned-up 6s.", "胡翻开的六条。"),
            ),
        ),
        learnt=W(
            "开杠 is for a ready hand: win on a turned-up tile (杠上开花); otherwise both go to the others, and you "
            "discard whatever you draw. 补张 is a plain replacement.",
            "开杠只在听牌时：翻开的牌能胡就是杠上开花；否则两张给别人胡，之后摸什么打什么。补张就是普通补牌。",
        ),
    )
    haidi = Scene(
        deal(
            "123m456p789s22m45s",
            "",
            tail="9p6s",
            given={1: "3333s", 2: "666s"},
            dealer=1,
            honours=False,
            fill_seed=3,
        ),
        W(
            "The last tile of the wall is the 海底: it is offered to each player in turn, and whoever takes it wins "
            "with it or shows it.",
            "牌墙最后一张叫海底：按顺序问每个人要不要，要了就用它胡，胡不了就亮出来。",
        ),
        (
            step(
                W(
                    "You are ready for 3s or 6s, with the pair 22m. Your turns are played for you until the last tile "
                    "(f hurries them).",
                    "你听三条或六条，将是一对二万。轮到你时自动摸打，直到最后一张（按 f 加快）。",
                ),
                Expect((DISCARD, PASS)),
                W("The table plays these turns for you.", "这几手自动打。"),
                done=W("One tile is left: the 海底.", "只剩一张：海底。"),
                auto=True,
            ),
            step(
                W("The 海底 is offered to you: take it.", "海底问到你了：要。"),
                expect(TAKE_HAIDI),
                W("Take the 海底: it may be your winning tile.", "要海底：也许正是你要的牌。"),
            ),
            step(
                W("It is 6s: win. 海底捞月 is a big win.", "是六条：胡。海底捞月是大胡。"),
                expect(WIN),
                W("Win on the 海底.", "胡海底。"),
            ),
        ),
        learnt=W(
            "The 海底 is offered in turn: take it to win on it (海底捞月); if "
            "you take it and cannot win, the others may "
            "win on it (海底炮).",
            "海底按顺序问：要了能胡就是海底捞月；要了胡不了就亮出，别人可以胡（海底炮）。",
        ),
    )
    return Lesson(
        "changsha",
        W("Changsha's own: 起手小胡, 2-5-8, birds, 开杠, 海底", "长沙特色：起手小胡、258将、扎鸟、开杠、海底"),
        (initial, kong, haidi),
        W(
            "A small win needs a pair of 2, 5 or 8; big hands do not. "
            "Some dealt hands are paid at once (起手小胡). The "
            "bird can double a payment. A ready player may open a kong (开杠), and the 海底 is the last chance to win.",
            "小胡要 258 将，大胡不用。有些起手牌马上算钱（起手小"
            "胡）。鸟可能让付的钱翻倍。听牌可以开杠，海底是最后的机会。",
        ),
    )


def changsha_lessons(rules: Ruleset) -> tuple[Lesson, ...]:
    """The Changsha lessons, in order."""
    return (
        tiles_lesson(),
        sets_lesson(honours=False),
        winning_lesson(),
        changsha_lesson(),
        defence_lesson(
            rules,
            "123m456p789s55m45m9p",
            W("Discard the 9p: you wait for 3m or 6m, with the pair 55m.", "打出九筒：等三万或六万，将是一对五万。"),
        ),
    )
