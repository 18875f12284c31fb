"""Hints (the hint panel and ``mahjong-tui hint``): numbers from the engine's analysis, checked against the reference.

For regular Shanghai shapes, the steps to ready after each discard equal the ``mahjong``
package's shanten, and the tiles that help are those the package says lower it, counted
against what is unseen.
"""

from __future__ import annotations

import io
import json
import random

import pytest
from mahjong.shanten import Shanten
from support import fill_hands, find

from mahjong_tui.commands.hint import run as run_hint
from mahjong_tui.engine import Game, RiggedDeal, get_ruleset, meld_from_text, parse_tile, parse_tiles, seat_view
from mahjong_tui.engine.tiles import counts_of
from mahjong_tui.learn.hints import analyse, dead_wait, hint_for_view, steps

REFERENCE = Shanten().calculate_shanten_for_regular_hand
SHANGHAI = get_ruleset("shanghai")
CHANGSHA = get_ruleset("changsha")


def deal(rng: random.Random, n: int, honours: int) -> list[int]:
    """n tiles from a shuffled set, at most ``honours`` of them honours."""
    wall = [k for k in range(34) for _ in range(4)]
    while True:
        counts = [0] * 34
        for t in rng.sample(wall, n):
            counts[t] += 1
        if sum(counts[27:]) <= honours:
            return counts


@pytest.mark.parametrize("seed", range(4))
def test_every_discard_matches_the_mahjong_package(seed: int) -> None:
    """Steps to ready after each discard, the helping kinds and their unseen copies, against the reference."""
    rng = random.Random(seed)
    for _ in range(40):
        hand = deal(rng, 14, 5)
        seen = deal(rng, 10, 5)
        seen = [min(s, 4 - h) for s, h in zip(seen, hand, strict=True)]
        hint = analyse(SHANGHAI, hand, (), (), seen)
        assert {d.tile for d in hint.discards} == {t for t in range(34) if hand[t]}
        for d in hint.discards:
            after = list(hand)
            after[d.tile] -= 1
            now = REFERENCE(after)
            assert d.shanten == now
            helping = []
            for k in range(34):
                if after[k] < 4:
                    after[k] += 1
                    if REFERENCE(after) < now:
                        helping.append(k)
                    after[k] -= 1
            assert sorted(d.tiles) == helping
            assert d.acceptance == sum(max(0, 4 - hand[k] - seen[k]) for k in helping)
        # best first: toward a hand that may win (a ready hand with no live winning tile one step away, none live)
        order = [(1 if dead_wait(d) else d.win_shanten, -d.win_acceptance) for d in hint.discards]
        assert order == sorted(order)
        chosen = next(d for d in hint.discards if d.tile == hint.suggest)
        assert chosen.win_shanten == hint.discards[0].win_shanten  # the suggestion keeps the fewest steps to a win


def test_a_ready_half_flush_lists_each_wait_with_what_it_pays() -> None:
    """Waits of a ready 混一色: each with its copies left, its types and its points."""
    hint = analyse(SHANGHAI, counts_of(parse_tiles("123m456m789m111z5z")), (), (), counts_of(parse_tiles("5z")))
    assert hint.shanten == 0
    (wait,) = hint.waits
    assert wait.tile == parse_tile("5z") and wait.left == 2 and wait.qualifies
    assert {"hunyise", "menqing"} <= set(wait.types) and wait.points > 0


def test_a_ready_plain_hand_says_why_it_cannot_win() -> None:
    """Shanghai's qualifying rule: ready in shape, every wait refused as a plain hand."""
    melds = [meld_from_text("pong", "111z", 1)]
    hint = analyse(SHANGHAI, counts_of(parse_tiles("234m777m88m88p")), melds)
    assert hint.shanten == 0 and [w.tile for w in hint.waits] == parse_tiles("8m8p")
    assert not any(w.qualifies for w in hint.waits)
    assert all("plain hand" in w.why.en for w in hint.waits) and "no wait may win" in hint.why.en
    assert "混一色" in hint.heading.en


def test_changsha_a_pair_not_258_is_shown_and_refused() -> None:
    """Changsha: a regular shape waiting on a pair that is not 2, 5 or 8 is listed, with the rule."""
    hint = analyse(CHANGSHA, counts_of(parse_tiles("123m456p789s234m6p")), ())
    assert [w.tile for w in hint.waits] == parse_tiles("3p6p")
    assert not any(w.qualifies for w in hint.waits) and "2, 5 or 8" in hint.waits[0].why.en
    assert "pair of 2, 5 or 8" in hint.heading.en


def test_changsha_big_hands_within_reach_are_named() -> None:
    """Changsha: 清一色 and 七小对 within reach appear among the aims."""
    hint = analyse(CHANGSHA, counts_of(parse_tiles("11m22m33m55m77m99m4p")), ())
    kinds = {a.type for a in hint.aims}
    assert {"qixiaodui", "qingyise"} <= kinds


def test_a_view_at_the_table_marks_a_wait_blocked_by_passed_win() -> None:
    """漏胡 from the seat's view: a wait that still wins by self-draw is marked as not winnable on a discard."""
    from support import fill_hands, play

    from mahjong_tui.engine import scripted_hand

    h = scripted_hand("shanghai", fill_hands(["5z", "", "123m456m789m1z1z1z5z", ""]))
    play(h, "0 discard 5z", "2 pass")
    view = seat_view(h, 2)
    hint = hint_for_view(view)
    (wait,) = hint.waits
    assert wait.qualifies and not wait.on_discard and "漏胡" in wait.why.en


def test_the_hint_of_a_live_turn_suggests_a_legal_discard() -> None:
    """At the table, the suggestion is one of the seat's legal discards."""
    game = Game("changsha", 4)
    seat = game.pending_seats()[0]
    hint = hint_for_view(seat_view(game.hand, seat))
    legal = {a.tile for a in game.legal_actions(seat)}
    assert hint.suggest in legal and hint.why.en.startswith("discard")


def test_hint_command_outputs_the_spec_fields(capsys: pytest.CaptureFixture[str]) -> None:
    """``mahjong-tui hint``: one JSON object with every field of the spec."""
    data = {"rules": "shanghai", "hand": "123m456m789m1z1z5z6z9p", "seen": "1z"}
    assert run_hint(["-"], stdin=io.StringIO(json.dumps(data))) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) >= {"shanten", "waits", "discards", "suggest", "why", "qualifies"}
    assert out["shanten"] == 1 and out["discards"][0]["shanten"] == 1
    assert {d["tile"] for d in out["discards"]} == {
        "1m",
        "2m",
        "3m",
        "4m",
        "5m",
        "6m",
        "7m",
        "8m",
        "9m",
        "1z",
        "5z",
        "6z",
        "9p",
    }
    assert out["suggest"] in {d["tile"] for d in out["discards"]}
    assert "混一色" in out["qualifies"]


def test_hint_text_speaks_chinese_or_both_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    """``hint --text --lang zh``: the same lines in Chinese, tiles and hand types by their names; ``both`` puts the
    English under each; the JSON is the same whatever the language."""
    data = json.dumps({"rules": "changsha", "hand": "123m456p789s234m9p"})
    assert run_hint(["-", "--text"], stdin=io.StringIO(data)) == 0
    english = capsys.readouterr().out.splitlines()
    assert run_hint(["-", "--text", "--lang", "zh"], stdin=io.StringIO(data)) == 0
    chinese = capsys.readouterr().out.splitlines()
    assert len(chinese) == len(english) and chinese[0] == "一向听" and english[0] == "shanten 1"
    assert chinese[-1].startswith("  听 九筒 还剩 3 张，不能胡：小胡要二五八作将")  # RULES.md §3: a 2-5-8 pair
    assert run_hint(["-", "--text", "--lang", "both"], stdin=io.StringIO(data)) == 0
    both = capsys.readouterr().out.splitlines()
    assert both[0::2] == chinese and all(e.split()[0] in b for b, e in zip(both[1::2], english, strict=True))
    assert run_hint(["-", "--lang", "zh"], stdin=io.StringIO(data)) == 0
    zh_json = capsys.readouterr().out
    assert run_hint(["-"], stdin=io.StringIO(data)) == 0 and capsys.readouterr().out == zh_json


@pytest.mark.parametrize(
    ("data", "start"),
    [
        ({"hand": "123m"}, "rules: required"),
        ({"rules": "mars", "hand": "123m"}, "rules: unknown rules"),
        ({"rules": "shanghai", "hand": "123m"}, "hand: 3 tiles"),
        ({"rules": "changsha", "hand": "123m456p789s234m1z"}, "hand: Changsha has no honour tiles"),
        ({"rules": "shanghai", "hand": "123m456m789m1z1z5z6z9p", "seen": "9p9p9p9p"}, "hand: 9p appears 5 times"),
        ({"rules": "shanghai", "hand": "123m456m789m1z1z5z6z9p", "colour": 1}, "colour: unknown field"),
        ("[1, 2]", "input: a hand must be a JSON object"),
    ],
)
def test_hint_command_malformed_input_is_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], data: object, start: str
) -> None:
    """Malformed input: exit 2, one line on standard error, nothing on standard output."""
    text = data if isinstance(data, str) else json.dumps(data)
    assert run_hint(["-"], stdin=io.StringIO(text)) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and err.startswith(start), err


def test_the_suggestion_throws_a_tile_the_flush_has_no_use_for() -> None:
    """RULES §2 qualifying rule: a 混一色 in 条 under way; 9s is as fast to a plain shape, but the flush keeps it.

    The suggestion is a 万 or 筒 tile the flush cannot use, and nothing is said to be given up:
    the 条 flush stays two steps away after it.
    """
    melds = [meld_from_text("pong", "222z", 2)]
    hint = analyse(SHANGHAI, counts_of(parse_tiles("5m5p2s4s4s5s6s9s44z1s")), melds)
    assert hint.suggest in (parse_tile("5m"), parse_tile("5p"))
    by_tile = {d.tile: d for d in hint.discards}
    assert by_tile[parse_tile("9s")].win_acceptance < by_tile[hint.suggest].win_acceptance
    assert "gives up" not in hint.why.en and "混一色 in 条 stays 2 steps from ready" in hint.why.en


def test_a_claim_window_suggests_the_same_play_as_the_table_policy() -> None:
    """Seat 2 may pong 5z toward a 混一色 in 万: the hint says to pong; with nothing to claim it says nothing."""
    hands = fill_hands(["5z", "", "123m456m789m5z5z1z", ""], reserve="9s8s9p")
    game = Game("shanghai", 1, rigged=RiggedDeal((hands[0], hands[1], hands[2], hands[3]), draws="9s8s9p"))
    game.apply(find(game.hand, "0 discard 5z"))
    hint = hint_for_view(seat_view(game.hand, 2))
    assert hint.claim.en == "suggestion: pong 5z; 混一色 in 万 goes from 1 step to ready"
    assert hint.claim.zh == "提示：碰白；万混一色从一向听到听牌"
    assert hint_for_view(seat_view(game.hand, 1)).claim.en == ""


def test_a_claim_suggestion_in_changsha_says_how_far_the_claim_takes_the_hand() -> None:
    """Seat 2 may pong 3p beside 123s 678m 99m 55p 9p: once it discards 9p it is ready (9m or 5p)."""
    other = "1m2m4m5m1p2p4p6p4s5s7s8s9s"
    hands = ("3p" + other, other, "3p3p2s3s6m7m8m9m9m5p5p1s9p", other)
    game = Game("changsha", 1, rigged=RiggedDeal(hands))
    game.apply(find(game.hand, "0 discard 3p"))
    hint = hint_for_view(seat_view(game.hand, 2))
    assert hint.claim.en == "suggestion: pong 3p; the hand goes from 1 step to ready"
    assert hint.claim.zh == "提示：碰三筒；从一向听到听牌"


def test_steps_are_named_as_players_say_them() -> None:
    """听牌, 一向听 … 八向听 (a 14-tile hand is at most eight steps from ready), in English with the count."""
    assert [steps(n).zh for n in range(-1, 9)] == [
        "和了", "听牌", "一向听", "两向听", "三向听", "四向听", "五向听", "六向听", "七向听", "八向听",
    ]  # fmt: skip
    assert steps(4).en == "4 steps from ready (四向听)" and steps(1).en == "1 step from ready (一向听)"


@pytest.mark.parametrize(
    ("hand", "en", "zh"),
    [
        ("1m2m5m5m6m6m3p4p5p7p9p7s9s9s", "6m helps 2 more tiles now, but it splits your two 6m, which can still pong",
         "打六万眼下多 2 张进张，但会拆掉一对六万，留着还能碰"),
        ("4m6m8m2p2p3p4p4p5p5p7p8p5s7s", "2p helps 1 more tile now, but it splits your two 2p, a 2-5-8 eye",
         "会拆掉一对二筒，小胡要的二五八将"),
        ("3m7m4p8p9p9p1s1s2s5s5s5s9s9s", "5s helps 2 more tiles now, but it breaks up your three 5s", "会拆掉三张五条"),
        ("3m5m6m6m3p4p5p6p1s2s7s8s8s9s", "3p helps 3 more tiles now, but 3p works with 4p, 5p toward a run",
         "三筒和四筒、五筒能连成顺子"),
    ],
)  # fmt: skip
def test_a_suggestion_that_helps_fewer_tiles_says_what_it_keeps_together(hand: str, en: str, zh: str) -> None:
    """Changsha: the suggested discard helps fewer tiles than the table's first; the sentence says why (no goal).

    The count looks one draw ahead; a pair that can pong or be the 2-5-8 eye, three of a kind
    and a tile among its run neighbours hold the hand together beyond it.
    """
    hint = analyse(CHANGSHA, counts_of(parse_tiles(hand)), [])
    best = hint.discards[0]
    chosen = next(d for d in hint.discards if d.tile == hint.suggest)
    assert chosen.shanten == best.shanten and chosen.acceptance < best.acceptance
    assert en in hint.why.en and zh in hint.why.zh


def test_hint_command_gives_the_steps_to_a_hand_that_may_win(capsys: pytest.CaptureFixture[str]) -> None:
    """RULES §2 qualifying rule: ``win_shanten``, every open target of a waiting hand, and each discard's win figures.

    With a 筒 pong out, 万 and 条 flushes are ruled out; 碰碰胡 is nearest. The suggestion keeps the fewest steps.
    """
    waiting = {"rules": "shanghai", "hand": "234678m33p78s", "melds": [{"type": "pong", "tiles": "666p", "from": 1}]}
    assert run_hint(["-"], stdin=io.StringIO(json.dumps(waiting))) == 0
    out = json.loads(capsys.readouterr().out)
    assert {t["target"] for t in out["targets"]} == {"hunyise:p", "qingyise:p", "pengpenghu"}
    assert out["targets"][0]["target"] == "pengpenghu" and out["win_shanten"] == out["targets"][0]["shanten"]
    assert all(set(t) == {"target", "shanten", "acceptance", "tiles"} for t in out["targets"])
    about = {**waiting, "hand": "234678m33p778s"}
    assert run_hint(["-"], stdin=io.StringIO(json.dumps(about))) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["targets"] == [] and out["win_shanten"] == 4 and out["shanten"] == 0
    by_tile = {d["tile"]: d for d in out["discards"]}
    assert by_tile["7s"]["win_shanten"] == 5 and by_tile["8s"]["win_shanten"] == 4
    assert {"win_shanten", "win_acceptance", "win_tiles"} <= set(by_tile["8s"])
    assert by_tile[out["suggest"]]["win_shanten"] == 4
    changsha = {"rules": "changsha", "hand": "123m456p789s22m5p9s1m"}
    assert run_hint(["-"], stdin=io.StringIO(json.dumps(changsha))) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["targets"] == [] and out["win_shanten"] == out["shanten"]
    assert all(d["win_shanten"] == d["shanten"] and d["win_tiles"] == d["tiles"] for d in out["discards"])
