"""Lessons both games teach alike, in suited tiles only: sets and the pair, and reading the rivers.

The rules these scenes show (chi from the player before you, pong and kong from anyone,
a win before a pong or kong before a chi) are the common ones (``docs/common.md``); every
tile is suited, so the same scene plays under Shanghai and Changsha rules.
"""

from __future__ import annotations

from mahjong_tui.engine.lessons import Lesson, Scene, expect
from mahjong_tui.engine.ruleset import PassedWinScope, Ruleset
from mahjong_tui.engine.tiles import parse_tile, tile_zh
from mahjong_tui.engine.words import Words

from .lesson_parts import CHI, CONCEALED_KONG, DISCARD, PASS, PONG, WIN, W, deal, discard, mistake, scripted, step


def sets_lesson(*, honours: bool) -> Lesson:
    """Lesson 2: chi, pong and kong; who may claim; which claim wins."""
    scene = Scene(
        deal(
            "56m99m777p23m9s1p2p45s",
            "8s9s4m9m8s9s1m1s2s7p",
            tail="9p",
            given={1: "11m1s"},
            honours=honours,
        ),
        W(
            "Sets are made from your own tiles, or by claiming a discard: chi (a run), pong (three of a kind), "
            "kong (four). Seat 3 plays before you (上家), seat 1 after you (下家), seat 2 across (对家).",
            "组牌可以靠自己摸，也可以吃碰别人打的牌：吃成顺子，碰成刻子"
            "，杠成四张。上家是座位 3，下家是座位 1，对家是座位 2。",
        ),
        (
            discard(
                W("Discard the lone 9s.", "打出单张九条。"),
                "9s",
                W("The 9s is the tile nothing goes with: discard it.", "九条和什么都凑不上：打它。"),
            ),
            step(
                W(
                    "Seat 3, the player before you, threw 4m: only you may chi it. Chi it with 5m 6m for a run 456m.",
                    "上家打出四万：只有你能吃。用五万六万吃，成 456 万。",
                ),
                expect(CHI, "4m", held="56m"),
                W("Chi the 4m with 5m and 6m.", "用五万六万吃四万。"),
                mistake(
                    CHI, "4m", W("Keep 2m 3m for later: chi with 5m and 6m.", "二万三万留着以后用：用五万六万吃。")
                ),
                done=W("A claimed set is shown on the table.", "吃碰的牌亮在桌上。"),
            ),
            discard(
                W(
                    "After a claim you discard at once, without drawing. Discard the 1p.",
                    "吃碰之后不摸牌，直接打一张。打出一筒。",
                ),
                "1p",
                W("Discard the 1p.", "打一筒。"),
            ),
            step(
                W(
                    "Seat 1 threw 9m and you hold two: pong it. Anyone's discard may be ponged.",
                    "下家打出九万，你有一对：碰。任何一家打的牌都能碰。",
                ),
                expect(PONG, "9m"),
                W("Pong the 9m.", "碰九万。"),
            ),
            discard(
                W("Discard the 2p.", "打出二筒。"),
                "2p",
                W(
                    "Discard the 2p: the rest of your hand is in sets or close to them.",
                    "打二筒：其余的牌都成组或快成组了。",
                ),
            ),
            step(
                W(
                    "Seat 3 threw 1m: try to chi it with 2m 3m, and see who gets it.",
                    "上家打出一万：用二万三万吃，看看谁拿到。",
                ),
                expect(CHI, "1m"),
                W("Choose the chi, and watch what happens.", "选「吃」，看看会怎样。"),
                done=W(
                    "Seat 1 ponged the same 1m: a pong or kong comes before a chi, and a win before both. "
                    "Play goes on from seat 1.",
                    "下家碰了这张一万：碰、杠先于吃，胡又先于碰杠。从下家接着打。",
                ),
            ),
            step(
                W(
                    "You drew your fourth 7p: press k to declare a kong. It counts as one set, and you draw a "
                    "replacement from the back of the wall.",
                    "摸到第四张七筒：按 k 开杠。杠算一组，从牌墙尾部补一张。",
                ),
                expect(CONCEALED_KONG, "7p"),
                W("Press k: four of a kind is a kong.", "按 k：四张一样的就是杠。"),
            ),
            discard(
                W("The replacement is 9p, no use: discard it.", "补到的九筒没用：打出去。"),
                "9p",
                W("Discard the 9p you drew from the back of the wall.", "打出从牌尾补来的九筒。"),
            ),
        ),
        script=(scripted(1, PONG, "1m"), scripted(1, DISCARD, "1s")),
    )
    return Lesson(
        "sets",
        W("Sets and the pair: chi, pong, kong", "组牌：吃、碰、杠"),
        (scene,),
        W(
            "A run (chi) only from the player before you; three or four of a kind (pong, kong) from anyone. "
            "A win comes before a pong or kong, and those before a chi. A kong draws a replacement. "
            "A winning hand is four such sets and a pair.",
            "吃只能吃上家；碰和杠谁打的都行。胡先于碰杠，碰杠先于吃。开杠要补一张。四组加一对将就能胡。",
        ),
    )


def defence_rivers(*, honours: bool) -> Scene:
    """The defence lesson's first scene: a suit someone collects, and a tile two players have thrown."""
    return Scene(
        deal("123m456m78s1s34p55s9p", "2p1s9m", given={2: "22p1s"}, honours=honours),
        W(
            "Every discard and every claim tells you something. Watch seat 2 (across).",
            "每一张打出的牌、每一次吃碰都在告诉你信息。注意对家（座位 2）。",
        ),
        (
            discard(
                W("Discard the lone 9p.", "打出单张九筒。"),
                "9p",
                W("Discard the lone 9p.", "打单张九筒。"),
            ),
            discard(
                W(
                    "Seat 2 ponged 2p: it is collecting 筒. Your 3p and 4p are what it may want. Seat 2 threw a 1s "
                    "itself and seat 3 threw another; only a player holding the last 1s could still win on yours. "
                    "Discard the 1s.",
                    "对家碰了二筒：在做筒子。你的三筒四筒可能正是它要的。对家自己打过一条，上家也打过一条，"
                    "只有拿着最后一张一条的人才可能胡你这张。打一条。",
                ),
                "1s",
                W(
                    "This step asks for the 1s: two are out, and seat 2 threw one itself.",
                    "这一步要打一条：已经出了两张，对家自己也打过。",
                ),
                mistake(
                    DISCARD,
                    "3p4p",
                    W(
                        "筒 is the suit seat 2 collects: your 3p or 4p may be just what it needs. Discard the 1s.",
                        "对家在做筒子：你的三筒、四筒可能正是它要的。打一条。",
                    ),
                ),
            ),
        ),
        script=(scripted(2, PONG, "2p"), scripted(2, DISCARD, "1s")),
        learnt=W(
            "A suit someone collects is dangerous; a tile they threw "
            "themselves, or one whose copies are out, is safer.",
            "别人在做的那门最危险；他自己打过的牌、已经出得差不多的牌比较安全。",
        ),
    )


def defence_lesson(rules: Ruleset, hand: str, first: Words) -> Lesson:
    """Lesson 6: reading the rivers, and 漏胡; ``hand``: ready for 3m or 6m once its 9p is discarded (``first``)."""
    every_discard = rules.passed_win_scope is PassedWinScope.ANY_DISCARD
    blocked = "6m" if every_discard else "3m"
    scene = Scene(
        deal(hand, f"3m{blocked}1p6m", honours=rules.honours),
        W(
            "Defence is also knowing what you may not do. Here you will pass a win on purpose, to see 漏胡.",
            "防守也包括知道自己不能做什么。这里故意放过一次胡牌，看看什么是漏胡。",
        ),
        (
            discard(first, "9p", first),
            step(
                W(
                    "Seat 1 threw 3m, a winning tile. Pass it this once: a self-draw would make all three pay.",
                    "下家打出三万，能胡。这次放过：自摸三家都付。",
                ),
                expect(PASS),
                W("This time, pass: see what passing a win costs.", "这次选「过」：看看放过胡牌的代价。"),
                done=rules.passed_win_refusal(parse_tile("3m")),
            ),
            step(
                W(
                    f"Seat 2's {blocked} was not offered: 漏胡. A self-draw is never blocked: you drew 6m, press w.",
                    f"对家的{tile_zh(parse_tile(blocked))}没有问你：漏胡。自摸不受限制：你摸到六万，按 w。",
                ),
                expect(WIN),
                W("Win with the 6m you drew: press w.", "用摸到的六万胡牌：按 w。"),
            ),
        ),
    )
    return Lesson(
        "defence",
        W("Defence: rivers, safe tiles, 漏胡", "防守：看牌河、安全牌、漏胡"),
        (defence_rivers(honours=rules.honours), scene),
        W(
            "Read the rivers and the melds: a tile everyone has seen is safer, a suit someone collects is not. "
            "Pass a win and 漏胡 blocks "
            + ("every discard" if every_discard else "that tile")
            + " until your next move; your own draw is never blocked.",
            "看牌河和吃碰：大家都出过的牌比较安全，别人在做的那门最危险。放过胡牌后，"
            + ("别人打的牌都不能胡" if every_discard else "同一张牌不能再胡")
            + "，直到自己下一手（漏胡）；自摸不受影响。",
        ),
    )
