"""The Shanghai lessons: tiles, sets, the winning hand, what makes a Shanghai win, defence.

Each lesson is scripted hands on the real table (:mod:`mahjong_tui.engine.lessons`); the
rules are this preset's own. You sit at seat 0, the dealer; seat 3 plays before you (上家),
seat 1 after you (下家), seat 2 across (对家). See ``docs/shanghai.md`` for every rule a
lesson names.
"""

from __future__ import annotations

from mahjong_tui.engine.lessons import Lesson, Scene, Step, expect
from mahjong_tui.engine.ruleset import Ruleset

from .lesson_parts import (
    CHI,
    COMPLETES,
    PASS,
    PONG,
    SELF_DRAW_INTRO,
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

NOT_45M = mistake(
    CHI,
    "3m",
    W("Not with 45m: they are already part of 456m. Chi with 12m.", "不要用四五万：它们在 456 万里。用一二万吃。"),
)
KEEP_TYPE = W(
    "This step asks for the 4p: it is the one tile outside 万 and honours, which 混一色 cannot use.",
    "这一步要打四筒：它是万子和字牌以外唯一的牌，混一色用不上。",
)


def tiles_lesson() -> Lesson:
    """Lesson 1: the suits, the honours, the flowers, and reading the table."""
    scene = Scene(
        deal("123m456p789s1155z f1", "3z3z7z f2 2z6z9m1p", tail="4z3z"),
        W(
            "Your hand is at the bottom. 万 (characters, m), 筒 (dots, p) and 条 (bamboo, s) run 1 to 9, four of "
            "each; the winds 东南西北 and the dragons 白发中 are the honours. Your flower 春 was set aside at once "
            "and replaced from the back of the wall (补花).",
            "下面是你的牌。万、筒、条三门，每门 1 到 9，每张四枚；东南西北是风牌，白发中是箭牌，合称字牌。"
            "你的花牌「春」一摸到就亮出，从牌墙尾部补一张（补花）。",
        ),
        (
            discard(
                W(
                    "Discard the lone 北 (North): nothing in your hand goes with it.",
                    "打出单张北风：手里没有牌能和它凑。",
                ),
                "4z",
                W(
                    "Keep your pairs and your runs: the lone 北 is the tile nothing goes with.",
                    "对子和顺子先留着：单张北风和什么都凑不上。",
                ),
                done=W(
                    "The 北 is in your river now: everyone sees what you discard.",
                    "北风进了你的牌河：你打的牌大家都看得见。",
                ),
            ),
            discard(
                W(
                    "You drew the flower 夏: it was shown and replaced too. In Shanghai each flower is 1 花 when you "
                    "win. Now read the rivers: two 西 are out already, so only "
                    "one more can pair yours. Discard the 西.",
                    "你摸到花牌「夏」，同样亮出补牌。上海麻将胡牌时每张花算 1 花。再看牌河：西风已经出了两张，"
                    "只剩一张能和你的凑对。打出西风。",
                ),
                "3z",
                W(
                    "Look at the rivers: two 西 are gone, so yours will hardly make a pair. Discard it.",
                    "看牌河：西风已出两张，你这张很难成对。打出去。",
                ),
            ),
            discard(
                W(
                    "A 1 or a 9 joins a run one way only (123, 789). Your new 1p has no neighbours: discard it. "
                    "The line at the top tells the hand, the dice and the tiles left in the wall.",
                    "1 和 9 只能做一种顺子（123、789）。刚摸的一"
                    "筒没有靠张：打出去。最上面一行是局数、骰子和牌墙剩几张。",
                ),
                "1p",
                W("The 1p is the tile with no neighbours in your hand: discard it.", "一筒在你手里没有靠张：打它。"),
            ),
        ),
    )
    return Lesson(
        "tiles",
        W("The tiles and the table", "牌和牌桌"),
        (scene,),
        W(
            "Three suits of 1 to 9 and the honours, four of each; flowers are shown and replaced (补花) and count 花. "
            "Rivers tell you what is gone, and a lone tile with no neighbours is the first to let go.",
            "三门数牌 1 到 9 加字牌，每张四枚；花牌亮出补牌，算花。牌河告诉你什么牌已经出了；没有靠张的单张先打。",
        ),
    )


def winning_lesson() -> Lesson:
    """Lesson 3: four sets and a pair, won on a discard and on a self-draw."""
    on_discard = Scene(
        deal("123m456m78m999m11z9p", "2z6m"),
        W(
            "A hand wins with four sets and a pair: 14 tiles. Yours lacks one tile: 123m 456m 78m 999m and the "
            "pair of 东. In Shanghai a win also needs a hand type: all 万 with honours is 混一色, which qualifies.",
            "胡牌是四组牌加一对将，共 14 张。你只差一张：123万、456万、78万、999万，东风一对。"
            "上海麻将胡牌还要有牌型：万子加字牌是混一色，可以胡。",
        ),
        (
            discard(
                W(
                    "Discard the 9p: then you are ready (听牌), waiting for 6m or 9m.",
                    "打出九筒，就听牌了：等六万或九万。",
                ),
                "9p",
                W(
                    "Only the 9p is not 万 or an honour: discard it, and you are ready.",
                    "只有九筒不是万子或字牌：打它就听牌。",
                ),
            ),
            win_on_discard("6m", "六万"),
        ),
        learnt=WON_ON_DISCARD,
    )
    self_drawn = Scene(
        deal("234m567m888m11z77z5p", "2z3z4z7z"),
        SELF_DRAW_INTRO,
        (
            discard(
                W(
                    "Discard the 5p: you wait for 东 or 中, either makes a set of three.",
                    "打出五筒：等东风或红中，哪张来都凑成刻子。",
                ),
                "5p",
                W("The 5p is the one tile that does not fit: discard it.", "五筒是唯一不搭的牌：打它。"),
            ),
            step(
                W(
                    "You drew 中: four sets and a pair. Press w to win by self-draw (自摸).",
                    "摸到红中：四组加一对。按 w 自摸胡牌。",
                ),
                expect(WIN),
                COMPLETES,
            ),
        ),
    )
    return winning(
        on_discard,
        self_drawn,
        W("In Shanghai the hand also needs a type, the next lesson's subject.", "上海麻将还要有牌型，下一课讲。"),
    )


def qualifying_lesson(rules: Ruleset) -> Lesson:
    """Lesson 4: a win must qualify; 花 and what a win pays; the claim rules; 三口."""
    related = rules.relation_claims == 3
    name = getattr(rules, "relation_name", "")
    before = (
        discard(
            W(
                "A plain hand cannot win in Shanghai. Your nearest type is 混一色: one suit (万) plus honours. "
                "Discard the 4p, the tile outside it.",
                "上海麻将平胡不能胡。离你最近的牌型是混一色：一门万子加字牌。打出牌型以外的四筒。",
            ),
            "4p",
            KEEP_TYPE,
        ),
        step(
            W(
                "Seat 3 (上家, before you) threw 9m: chi it with 78m. It stays in 万.",
                "上家打出九万：用七八万吃，还是万子。",
            ),
            expect(CHI, "9m"),
            W("Chi the 9m: 789m keeps your hand in one suit.", "吃九万：789万，还是一门。"),
        ),
        discard(
            W("Discard the lone 白 (White dragon): it will not make a set.", "打出单张白板：凑不成组。"),
            "5z",
            W("Keep the 万 and your 东 pair: the lone 白 goes.", "万子和东风对子留着：打单张白板。"),
        ),
    )
    chi_again = W("Seat 3 threw 3m: chi it with 12m.", "上家打出三万：用一二万吃。")
    claims: tuple[Step, ...]
    if rules.one_suit_melds:
        claims = (
            step(
                W(
                    "Seat 1's 9s was not offered to you: you have a 万 chi, and Shanghai lets your melds be one suit "
                    "(honours aside). " + chi_again.en,
                    "下家打的九条没有问你碰：你已经吃了万子，上海麻将吃碰只能一门（字牌除外）。" + chi_again.zh,
                ),
                expect(CHI, "3m", held="12m"),
                W("Chi the 3m with 1m and 2m.", "用一万二万吃三万。"),
                NOT_45M,
            ),
        )
    else:
        claims = (
            step(
                W(
                    "Seat 1 threw 9s: claims are free here, so you may pong it, but 条 would spoil 混一色. Pass.",
                    "下家打出九条：这里吃碰不限，可以碰，但条子会破混一色。选「过」。",
                ),
                expect(PASS),
                W("Pass: a 条 pong spoils 混一色.", "过：碰条子就不是混一色了。"),
            ),
            step(
                chi_again, expect(CHI, "3m", held="12m"), W("Chi the 3m with 1m and 2m.", "用一万二万吃三万。"), NOT_45M
            ),
        )
    after = (
        discard(
            W("Discard a 9s: it is not 万.", "打一张九条：它不是万子。"),
            "9s",
            W("The 9s do not belong in 混一色 of 万: discard one.", "九条不属于万子混一色：打一张。"),
        ),
        step(
            W(
                "Seat 3 threw 东: pong it. An honour pong keeps 混一色 and adds 花. It is also your third claim "
                f"from seat 3: now you two are related ({name}).",
                f"上家打出东风：碰。字牌碰不破混一色，还加花。这也是你第三次吃碰上家：你们成了「{name}」。",
            )
            if related
            else W(
                "Seat 3 threw 东: pong it. An honour pong keeps 混一色 and adds 花.",
                "上家打出东风：碰。字牌碰不破混一色，还加花。",
            ),
            expect(PONG, "1z"),
            W("Pong the 东.", "碰东风。"),
        ),
        discard(
            W("Discard the other 9s: you wait for 5m alone.", "打出另一张九条：单钓五万。"),
            "9s",
            W("Discard the 9s: it has no place in your hand.", "打九条：它在你手里没用。"),
        ),
        step(
            W(
                "You drew 5m: 混一色. Press w. The summary shows what it pays, share by share"
                + (f", and seat 3 pays the most: {name}." if related else "."),
                "摸到五万：混一色。按 w。结算会列出每一份怎么算" + (f"，上家因为{name}付得最多。" if related else "。"),
            ),
            expect(WIN),
            W("This tile wins: press w.", "这张胡了：按 w。"),
        ),
    )
    scene = Scene(
        deal("12m456m78m11z99s5m4p5z", "2z3z9m9s4z3m6z7z1z2z3z4z5m"),
        W(
            "What makes a Shanghai win: a hand type. A plain hand of mixed suits cannot win, however complete.",
            "上海麻将能不能胡，看牌型。花色杂的平胡，牌再齐也不能胡。",
        ),
        before + claims + after,
    )
    learnt = [
        W(
            "A Shanghai win needs a type: at least 混一色 (one suit and honours) or 碰碰胡 (all pongs).",
            "上海麻将胡牌要有牌型：至少混一色（一门加字）或碰碰胡。",
        )
    ]
    if rules.one_suit_melds:
        learnt.append(W("Your melds keep to one suit, honours aside.", "吃碰只能一门，字牌除外。"))
    learnt.append(
        W("Flowers and honour pongs add 花, and 花 make a win pay more.", "花牌和字牌碰加花，花越多赢得越多。")
    )
    if related:
        learnt.append(
            W(
                f"Claim three discards from one player and you are related ({name}): they pay more when you win.",
                f"吃碰同一家三次就是「{name}」：你胡牌时他多付。",
            )
        )
    together = W(" ".join(w.en for w in learnt), "".join(w.zh for w in learnt))
    return Lesson("qualifying", W("What a Shanghai win needs", "上海麻将怎样才能胡"), (scene,), together)


def shanghai_lessons(rules: Ruleset) -> tuple[Lesson, ...]:
    """The Shanghai lessons, in order, worded from the preset's own rules (``rules``)."""
    return (
        tiles_lesson(),
        sets_lesson(honours=True),
        winning_lesson(),
        qualifying_lesson(rules),
        defence_lesson(
            rules,
            "123m456m789m22z45m9p",
            W("Discard the 9p: you wait for 3m or 6m (混一色).", "打出九筒：等三万或六万（混一色）。"),
        ),
    )
