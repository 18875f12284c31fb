"""Shanghai 勒子 (RULES.md §2b, preset ``shanghai-lezi``): every row of its table, its 承包, its flow.

Scores go through the rule set object, as the game and the calculator do. One lezi L is
10 × base; base 1 unless said.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from support import fill_hands, find, kinds, play

from mahjong_tui.commands.score import run as run_score
from mahjong_tui.engine import (
    HandEnded,
    OptionRefused,
    PlayerWon,
    ScoreResult,
    WinBy,
    WinContext,
    get_ruleset,
    meld_from_text,
    parse_tile,
    parse_tiles,
    scripted_hand,
)

LEZI = get_ruleset("shanghai-lezi")
MeldSpec = tuple[str, str, int]


def score(hand: str, win: str, *melds: MeldSpec, flowers: str = "", **kw: Any) -> ScoreResult:
    """Score a win of seat 0 (the dealer unless said) in tile notation."""
    ctx = WinContext(
        winner=kw.pop("winner", 0),
        concealed=tuple(parse_tiles(hand)),
        win_tile=parse_tile(win),
        dealer=kw.pop("dealer", 0),
        melds=tuple(meld_from_text(kind, tiles, source) for kind, tiles, source in melds),
        flowers=tuple(parse_tiles(flowers)),
        win_by=WinBy(kw.pop("win_by", "self_draw")),
        claims=None if "claims" not in kw else tuple(tuple(r) for r in kw.pop("claims")),
        **kw,
    )
    return LEZI.score(ctx)


def types(r: ScoreResult) -> set[str]:
    """The result's hand types."""
    assert r.valid, r.reason
    return set(r.types)


# --------------------------------------------------------------------------- the types and their values


@pytest.mark.parametrize(
    ("hand", "win", "melds", "flowers", "expected", "lezi", "value"),
    [
        pytest.param("1m2m3m4p5p6p7s8s9s2z3z4z5z", "6z", (), "f12345678", {"bahua"}, 2, 20, id="bahua-2-lezi"),
        pytest.param("111z222z333z444z5z", "5z", (), "", {"fengpeng"}, 4, 40, id="fengpeng-4-lezi"),
        pytest.param("1122334455667z", "7z", (), "", {"fengyise"}, 2, 20, id="fengyise-scattered-2-lezi"),
        pytest.param("111s333s555s777s9s", "9s", (), "", {"qingpeng"}, 2, 20, id="qingpeng-2-lezi"),
        pytest.param("123s456s789s111s9s", "9s", (), "", {"qingyise"}, 1, 10, id="qingyise-1-lezi"),
        pytest.param("111s333s555s777z9s", "9s", (), "", {"hunpeng"}, 1, 10, id="hunpeng-1-lezi"),
        # 混一色: 花 = concealed 南 triplet 1; (1 + 2) × 1 = 3
        pytest.param("123m456m789m222z5m", "5m", (), "", {"hunyise"}, 0, 3, id="hunyise-by-hua"),
        # 碰碰胡 of two suits: no 花; (0 + 2) × 1 = 2
        pytest.param("111m333m555p777p9s", "9s", (), "", {"pengpenghu"}, 0, 2, id="pengpenghu-by-hua"),
    ],
)
def test_each_qualifying_type_and_its_value(hand, win, melds, flowers, expected, lezi, value):
    """RULES.md §2b: 八花 2, 风碰 4, 风一色 2 (乱风向 shapes too), 清碰 2, 清一色 1, 混碰 1, 混一色 and 碰碰胡 by 花."""
    r = score(hand, win, *melds, flowers=flowers)
    assert types(r) == expected
    assert (r.lezi, r.value) == (lezi, value)


def test_no_menqing_tianhu_dihu_ziyise_or_luanfengxiang_in_this_preset():
    """A concealed dealer's self-draw on the first turn lists only its qualifying type."""
    r = score("123m456m789m111z5z", "5z", first_turn=True)
    assert types(r) == {"hunyise"}
    assert "fengyise" in score("1122334455667z", "7z").types and "luanfengxiang" not in LEZI.hand_types


def test_a_plain_hand_cannot_win_and_modifiers_do_not_qualify_it():
    """The qualifying rule: a plain hand, even with 杠开 and 大吊车, is refused with the reason."""
    r = score(
        "5p", "5p", ("chi", "123m", 3), ("chi", "456p", 3), ("pong", "777s", 1), ("chi", "234s", 3), replacement=True
    )
    assert not r.valid
    assert "plain hand" in r.reason and "gangkai" in r.reason and "dadiaoche" in r.reason


# --------------------------------------------------------------------------- cap, raise, doublings


def test_a_flower_hand_is_capped_at_one_lezi():
    """(花 + 2) × b, at most L: 混一色 with 8 花 and more is 10."""
    r = score("123m456m789m5m", "5m", ("concealed_kong", "7777z", None), flowers="f1234")  # 4 + 4 = 8 花
    assert types(r) == {"hunyise"} and r.flowers == 8 and r.value == 10


def test_gangkai_raises_a_flower_hand_to_one_lezi():
    """杠开 raises a hand worth less than L to L: 混一色 worth 3 pays 10."""
    r = score("123m456m789m222z5m", "5m", replacement=True)
    assert types(r) == {"hunyise", "gangkai"} and r.value == 10


def test_dadiaoche_raises_a_flower_hand_to_one_lezi():
    """大吊车 raises: four exposed melds and a single wait, 碰碰胡 of two suits worth 2, pays 10."""
    r = score("9s", "9s", ("pong", "111m", 1), ("pong", "333m", 1), ("pong", "555p", 2), ("pong", "777p", 2))
    assert types(r) == {"pengpenghu", "dadiaoche"} and r.value == 10


def test_gangkai_leaves_a_lezi_hand_as_it_is():
    """A lezi hand keeps its value: 清碰 + 杠开 is 2 lezi."""
    r = score("111s333s555s777s9s", "9s", replacement=True)
    assert types(r) == {"qingpeng", "gangkai"} and (r.lezi, r.value) == (2, 20)


def test_kaibao_doubles_qingpeng_to_four_lezi():
    """开宝 doubles: 清碰 + 开宝 = 4 lezi."""
    assert score("111s333s555s777s9s", "9s", kaibao=True).value == 40


def test_huangfan_doubles_fengpeng_to_eight_lezi():
    """荒番 doubles: 风碰 + 荒番 = 8 lezi."""
    assert score("111z222z333z444z5z", "5z", huangfan=True).value == 80


def test_a_flower_hand_with_kaibao_is_at_most_two_lezi_and_both_doublings_make_four():
    """Cap first, then double: a capped flower hand with 开宝 is 20; 开宝 and 荒番 together × 4."""
    capped = ("123m456m789m5m", "5m", ("concealed_kong", "7777z", None))
    assert score(*capped, flowers="f1234", kaibao=True).value == 20
    assert score("123m456m789m222z5m", "5m", kaibao=True, huangfan=True).value == 3 * 4


def test_eight_flowers_and_another_win_count_the_way_that_pays_more():
    """Holding 8 flowers and winning as 风碰: 4 lezi beats 八花's 2."""
    r = score("111z222z333z444z5z", "5z", flowers="f12345678")
    assert {"bahua", "fengpeng"} <= types(r) and r.value == 40


def test_eight_flowers_and_fengpeng_on_a_discard_pay_as_bahua_when_that_pays_more():
    """§2b: the other way counts, or 八花 if that pays more. 风碰 on a discard: the discarder pays 40; 八花, paid as a
    self-draw, 20 from each of three: 60. So it is 八花, and 风碰's value is never paid as a self-draw."""
    r = score("111z222z333z444z5z", "5z", flowers="f12345678", winner=1, win_by="discard", discarder=0)
    assert types(r) == {"bahua"} and (r.lezi, r.value) == (2, 20)
    assert r.payments == (-20, 60, -20, -20)


def test_eight_flowers_and_fengpeng_on_a_robbed_kong_pay_as_fengpeng_when_that_pays_more():
    """§2b: robbing a kong, 风碰's 4 lezi × 3 shares from the konger (120) beat 八花's 3 × 20, so 风碰 counts,
    paid as a robbed kong."""
    r = score("111z222z333z444z5z", "5z", flowers="f12345678", winner=1, win_by="robbed_kong", discarder=0)
    assert "fengpeng" in types(r) and r.value == 40
    assert r.payments == (-120, 120, 0, 0)


def test_eight_flowers_and_a_flower_hand_on_a_discard_pay_as_bahua():
    """§2b: 混一色 with 8 花 is worth 1 lezi from the discarder; 八花 pays 2 lezi from each: 八花 counts."""
    r = score("123m456m789m222z5m", "5m", flowers="f12345678", winner=1, win_by="discard", discarder=3)
    assert types(r) == {"bahua"} and r.payments == (-20, 60, -20, -20)


# --------------------------------------------------------------------------- 承包


def claims(winner: int, **pairs: int) -> list[list[int]]:
    """A claims matrix: ``w2=3`` = the winner claimed 3 from seat 2; ``f2=3`` = seat 2 claimed 3 from the winner."""
    rows = [[0] * 4 for _ in range(4)]
    for key, n in pairs.items():
        seat = int(key[1])
        if key[0] == "w":
            rows[winner][seat] = n
        else:
            rows[seat][winner] = n
    return rows


QINGPENG = ("111s333s555s777s9s", "9s")  # 2 lezi: one share 20


def test_chengbao_self_draw_related_once_pays_three_shares():
    """Self-draw: a player the winner claimed 3 from pays 3 shares, the others 1."""
    r = score(*QINGPENG, claims=claims(0, w2=3))
    assert r.payments == (100, -20, -60, -20)


def test_chengbao_self_draw_related_twice_pays_six_shares():
    """Self-draw: related both ways (2 relations) pays 6 shares."""
    r = score(*QINGPENG, claims=claims(0, w2=3, f2=3))
    assert r.payments == (160, -20, -120, -20)


def test_chengbao_discard_by_an_unrelated_player_related_one_pays_one_share_more():
    """Discard by seat 1: it pays 1 share; seat 3, related once, pays 1 share too."""
    r = score(*QINGPENG, win_by="discard", discarder=1, claims=claims(0, w3=3))
    assert r.payments == (40, -20, 0, -20)


def test_chengbao_discard_by_a_related_player_pays_one_more_per_relation():
    """Discard by seat 1, related twice: 1 + 2 shares; nobody else pays."""
    r = score(*QINGPENG, win_by="discard", discarder=1, claims=claims(0, w1=3, f1=4))
    assert r.payments == (60, -60, 0, 0)


def test_robbed_kong_the_konger_pays_three_shares():
    """Robbing a kong: the konger alone pays 3 shares."""
    r = score(*QINGPENG, win_by="robbed_kong", discarder=2)
    assert "qianggang" in types(r) and r.payments == (60, 0, -60, 0)


def test_robbed_kong_with_chengbao_pays_three_more_per_relation():
    """Robbing a kong with relations: the konger related once pays 3 + 3; another related player 3."""
    r = score(*QINGPENG, win_by="robbed_kong", discarder=2, claims=claims(0, w2=3, f3=3))
    assert r.payments == (180, 0, -120, -60)


def test_bahua_is_paid_as_a_self_draw():
    """八花: every other player pays, as on a self-draw (a related one 3 shares)."""
    r = score("1m2m3m4p5p6p7s8s9s2z3z4z5z", "6z", flowers="f12345678", claims=claims(0, w1=3))
    assert r.payments == (100, -60, -20, -20)


def test_chengbao_without_claims_counts_the_winners_own_melds():
    """Given no claims, relations come from the winner's melds: three pongs from seat 3."""
    r = score("777s9s", "9s", ("pong", "111s", 3), ("pong", "333s", 3), ("pong", "555s", 3))
    assert types(r) == {"qingpeng"} and r.payments == (100, -20, -20, -60)


def test_score_command_takes_kaibao_for_lezi_only(tmp_path, capsys):
    """The calculator's ``kaibao`` input doubles a 勒子 hand, and is refused for plain Shanghai."""
    path = tmp_path / "hand.json"
    situation = {"rules": "shanghai-lezi", "winner": 0, "hand": "111s333s555s777s9s", "win_tile": "9s", "kaibao": True}
    path.write_text(json.dumps(situation))
    assert run_score([str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["value"] == 40
    path.write_text(json.dumps({**situation, "rules": "shanghai"}))
    assert run_score([str(path)]) == 2
    assert "kaibao: only used by shanghai-lezi" in capsys.readouterr().err


# --------------------------------------------------------------------------- flow


FREE_CLAIMS = [
    "5m5p1z1z2z2z3z3z4z4z6z6z7z7z",
    "4m6m4p6p9s9s9s1s1s5z5z8m2s",
    "1p1p2p2p3p3p7p7p8p8p9p9p3s",
    "2m2m3m3m7m7m8s8s6s6s4s4s9m",
]


@pytest.mark.parametrize(("rules", "free"), [("shanghai-lezi", True), ("shanghai", False)])
def test_claims_are_free_no_one_suit_rule(rules: str, free: bool):
    """§2b: beside a chi in 万, a chi of 5p is offered (plain Shanghai's one-suit rule refuses it)."""
    h = scripted_hand(rules, FREE_CLAIMS, draws="2s9m3s")
    events = play(h, "0 discard 5m", "1 chi 5m 46m", "1 discard 8m", "2 discard 2s", "3 discard 9m", "0 discard 5p")
    assert ("chi" in kinds(h, 1)) is free
    refused = [e.reason.en for e in events if isinstance(e, OptionRefused) and e.kind == "chi"]
    assert bool(refused) is not free and all("one suit" in r for r in refused)


def test_no_after_chi_restriction_the_chid_tile_may_be_discarded():
    """§2b: after a chi the claimed tile may be discarded at once."""
    h = scripted_hand(LEZI, fill_hands(["4m", "5m6m4m", "", ""]))
    play(h, "0 discard 4m", "1 chi 4m 56m")
    assert parse_tile("4m") in {a.tile for a in h.legal_actions(1)}
    assert h.refusals_for(1) == []


def test_no_passed_pong_rule():
    """§2b: a pong passed may be taken on the same tile from another player."""
    h = scripted_hand(LEZI, fill_hands(["9p", "9p", "9p9p", ""]))
    play(h, "0 discard 9p", "2 pass")
    events = play(h, "1 discard 9p")
    assert [e for e in events if isinstance(e, OptionRefused)] == []
    assert "pong" in kinds(h, 2)


WAIT_5Z_7M = "123m456m7m7m1z1z1z5z5z"  # 混一色 waiting on 5z or 7m


def test_passed_win_blocks_only_that_tile():
    """漏胡 (§2b): after passing a win on 5z, a win on 7m from another player is still offered."""
    h = scripted_hand(LEZI, fill_hands(["5z", "7m", WAIT_5Z_7M, ""], reserve="9s"), draws="9s")
    play(h, "0 discard 5z", "2 pass")
    assert h.players[2].passed_wins == {parse_tile("5z")}
    play(h, "1 discard 7m")
    assert "win" in kinds(h, 2)


def test_passed_win_blocks_the_same_tile_until_the_player_moves():
    """漏胡 (§2b): the same tile from someone else cannot be won on; a claim (动牌) lifts the block."""
    h = scripted_hand(LEZI, fill_hands(["5z", "5z", WAIT_5Z_7M, ""], reserve="9s"), draws="9s")
    play(h, "0 discard 5z", "2 pass")
    play(h, "1 discard 5z")
    assert "win" not in kinds(h, 2) and "pong" in kinds(h, 2)
    assert any("漏胡" in r.reason.en for r in h.refusals_for(2))
    play(h, "2 pong 5z")
    assert h.players[2].passed_wins == set()


def test_kaibao_comes_from_the_dealers_dice_and_the_dice_add_no_huangfan():
    """开宝: dice 1 and 4 (or a pair) double the hand; the dice give no 荒番 in this preset."""
    h = scripted_hand(LEZI, fill_hands(["123m456m789m234m5m5m", "", "", ""]), dice=(1, 4))
    assert h.huangfan_from_dice == 0 and LEZI.kaibao(h.dice)
    events = h.apply(find(h, "0 win"))
    won = next(e for e in events if isinstance(e, PlayerWon))
    assert won.context.kaibao and set(won.result.types) == {"qingyise"}
    assert won.result.value == 20  # 1 lezi × 2


def test_several_winners_the_first_after_the_discarder_deals_next():
    """一炮多响 (§2b): the first winner after the discarder in play order deals next."""
    hands = [
        "5z123p456p789p123s9s",
        "777z666z3z3z4z4z1p2p3p",
        "123m456m789m1z1z1z5z",  # waits on 5z: 混一色
        "123s456s789s2z2z2z5z",  # waits on 5z: 混一色
    ]
    h = scripted_hand(LEZI, hands)
    events = play(h, "0 discard 5z", "2 win", "3 win")
    end = next(e for e in events if isinstance(e, HandEnded))
    assert end.winners == (2, 3) and end.next_dealer == 2


def test_a_lezi_game_plays_through_with_every_level():
    """The preset plays whole hands with the bots, every action legal and points zero-sum."""
    from bots import create_bot
    from mahjong_tui.engine import Game, play_until_decision

    game = Game(LEZI, 5)
    moves = []
    bots = {s: create_bot(level, s) for s, level in enumerate(("hard", "normal", "easy", "normal"))}
    for _ in range(3):
        play_until_decision(game, bots, observe=moves.append)
        assert not any(m.error for m in moves) and game.hand.check_invariants() == []
        if game.over:
            break
        game.next_hand()
    assert sum(game.scores) == 4 * LEZI.starting_points(game.options)
