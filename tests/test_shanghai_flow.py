"""Shanghai play flow (RULES.md §1, §2, §4), each rule by name, in tile notation."""

from __future__ import annotations

import pytest
from support import fill_hands, find, kinds, play

from mahjong_tui.engine import Phase, scripted_hand
from mahjong_tui.engine.actions import ActionKind, IllegalAction
from mahjong_tui.engine.events import (
    FlowerRevealed,
    HandEnded,
    HandOutcome,
    KongDeclared,
    MeldClaimed,
    OptionRefused,
    PlayerWon,
    TileDrawn,
)
from mahjong_tui.engine.melds import MeldKind
from mahjong_tui.engine.tiles import format_tiles, parse_tile
from mahjong_tui.rules.shanghai import huangfan_dice_bonus
from mahjong_tui.testing.soak import state_fingerprint

# Key tiles per seat; the rest is inert filler (support.fill_hands).
BASE = fill_hands(["5m", "4m6m", "5m5m", ""])


def test_claim_priority_pong_beats_chi():
    """Priority win > kong = pong > chi: the opposite's pong takes the discard from the next's chi."""
    h = scripted_hand("shanghai", BASE)
    play(h, "0 discard 5m")
    assert kinds(h, 1) == {"chi", "pass"}
    assert kinds(h, 2) == {"pong", "pass"}
    assert h.legal_actions(3) == []
    play(h, "1 chi 5m", "2 pong 5m")
    assert h.phase is Phase.TURN and h.current == 2
    assert h.players[2].melds[0].kind is MeldKind.PONG
    assert h.players[1].melds == []
    assert h.players[0].river[-1].claimed_by == 2


def test_claim_chi_when_pong_passes():
    """Chi goes through when the higher claim passes; the claimer discards, play goes on from it."""
    h = scripted_hand("shanghai", fill_hands(["5m", "4m6m9p", "5m5m", ""], reserve="9m"), draws="9m")
    play(h, "0 discard 5m", "2 pass", "1 chi 5m 46m")
    assert h.current == 1 and h.players[1].melds[0].tiles == (3, 4, 5)
    play(h, "1 discard 9p")
    assert h.current == 2 and h.players[2].last_drawn == parse_tile("9m")


def test_chi_only_from_previous_player():
    """Chi is for the next player only: the opposite seat holding 4m6m is not offered a chi."""
    h = scripted_hand("shanghai", fill_hands(["5m", "", "4m6m", ""]))
    play(h, "0 discard 5m")
    assert h.legal_actions(2) == []
    with pytest.raises(IllegalAction):
        h.apply(find(h, "2 chi 5m 46m"))


def test_several_winners_on_one_discard_all_win():
    """一炮多响: every player who claims a win on a discard wins; the discarder deals next."""
    hands = [
        "5z123p456p789p123s9s",
        "123m456m789m1z1z1z5z",  # waits on 5z: 混一色
        "123s456s789s2z2z2z5z",  # waits on 5z: 混一色
        "777z666z3z3z4z4z1p2p3p",
    ]
    h = scripted_hand("shanghai", hands)
    events = play(h, "0 discard 5z", "1 win", "2 win")
    won = [e.seat for e in events if isinstance(e, PlayerWon)]
    assert won == [1, 2]
    end = events[-1]
    assert isinstance(end, HandEnded) and end.winners == (1, 2) and end.next_dealer == 0
    assert sum(end.payments) == 0 and end.payments[0] < 0 and end.payments[3] == 0


def test_win_beats_pong():
    """A win takes the discard over a pong."""
    h = scripted_hand("shanghai", fill_hands(["5z", WAIT_5Z, "5z5z", ""]))
    play(h, "0 discard 5z")
    assert "pong" in kinds(h, 2)
    events = play(h, "2 pong 5z", "1 win")
    assert [e.seat for e in events if isinstance(e, PlayerWon)] == [1]
    assert h.players[2].melds == []


def test_one_suit_rule_refuses_chi_of_another_suit():
    """One-suit rule: a chi in 条 is refused when a 万 meld is already down; the reason says so."""
    keys = ["5m5s", "4m6m4s6s", "", ""]
    h = scripted_hand("shanghai", fill_hands(keys, reserve="1z2z3z4z"), draws="1z2z3z4z")
    play(h, "0 discard 5m", "1 chi 5m 46m")
    play(h, "1 discard " + _first_filler(h, 1))
    play(h, "2 discard 1z", "3 discard 2z")
    events = play(h, "0 discard 5s")
    refused = [e for e in events if isinstance(e, OptionRefused)]
    assert [(e.seat, e.kind) for e in refused] == [(1, "chi")]
    assert "Shanghai allows one suit in your melds" in refused[0].reason.en
    assert h.current == 1 and h.phase is Phase.TURN  # no window: seat 1 simply draws


def test_one_suit_rule_refuses_pong_beside_chi_of_another_suit():
    """One-suit rule: a pong of a suited tile is refused beside a chi of another suit; honour pongs are fine."""
    from mahjong_tui.engine import Meld, SeatFacts, get_ruleset

    rs = get_ruleset("shanghai")
    chi_m = Meld(MeldKind.CHI, (0, 1, 2), 0, 3)
    facts = SeatFacts(1, [0] * 34, [chi_m])
    assert "one suit" in str(rs.pong_refusal(facts, parse_tile("5p")))
    assert rs.pong_refusal(facts, parse_tile("5m")) is None
    assert rs.pong_refusal(facts, parse_tile("5z")) is None
    pong_m = Meld(MeldKind.PONG, (9, 9, 9), 9, 3)
    assert rs.pong_refusal(SeatFacts(1, [0] * 34, [pong_m]), parse_tile("5s")) is None
    assert rs.chi_refusal(SeatFacts(1, [0] * 34, [pong_m]), parse_tile("5s")) is not None
    honour = Meld(MeldKind.PONG, (27, 27, 27), 27, 3)
    assert rs.chi_refusal(SeatFacts(1, [0] * 34, [honour]), parse_tile("5s")) is None


def test_one_suit_rule_pong_refused_in_play():
    """One-suit rule in play: after a 万 chi, seat 1 is not offered a pong of 9p, and is told why."""
    keys = ["5m", "4m6m9p9p", "9p", ""]
    h = scripted_hand("shanghai", fill_hands(keys, reserve="1z"), draws="1z")
    play(h, "0 discard 5m", "1 chi 5m 46m", "1 discard 4m" if False else "1 discard " + _first_filler(h, 1))
    events = play(h, "2 discard 9p")
    refused = [e for e in events if isinstance(e, OptionRefused)]
    assert [(e.seat, e.kind) for e in refused] == [(1, "pong")]
    assert "one suit" in refused[0].reason.en


def _first_filler(h, seat: int) -> str:
    """A tile the seat holds that is not a key tile of these tests."""
    keep = {parse_tile(x) for x in ("4m", "5m", "6m", "9p", "4s", "6s")}
    t = next(t for t in range(34) if h.players[seat].counts[t] and t not in keep)
    return format_tiles([t])


@pytest.mark.parametrize(
    "holding, chi_tile, forbidden",
    [
        pytest.param("56m", "4m", {"4m", "7m"}, id="after-chi-56-chi-4-not-4-not-7"),
        pytest.param("23m", "4m", {"4m", "1m"}, id="after-chi-23-chi-4-not-4-not-1"),
        pytest.param("12m", "3m", {"3m"}, id="after-chi-12-chi-3-no-other-end"),
        pytest.param("89m", "7m", {"7m"}, id="after-chi-89-chi-7-no-other-end"),
        pytest.param("35m", "4m", {"4m"}, id="after-chi-middle-tile-only-itself"),
    ],
)
def test_after_chi_discard_restriction(holding, chi_tile, forbidden):
    """After a chi: not the claimed tile, nor the other end of a two-sided chi, for that discard only."""
    also = "".join(f.replace("m", "") for f in sorted(forbidden)) + "m"  # hold the forbidden tiles too
    keys = [chi_tile, holding + also, "", ""]
    h = scripted_hand("shanghai", fill_hands(keys))
    play(h, f"0 discard {chi_tile}", f"1 chi {chi_tile} {holding}")
    held = {format_tiles([t]) for t in range(34) if h.players[1].counts[t]}
    discardable = {format_tiles([a.tile]) for a in h.legal_actions(1) if a.kind is ActionKind.DISCARD}
    assert forbidden <= held
    assert discardable == held - forbidden
    for f in forbidden:
        with pytest.raises(IllegalAction, match="right after that chi"):
            h.apply(find(h, f"1 discard {f}"))


def test_after_chi_restriction_lifts_when_nothing_else_left():
    """RULES.md §4: if every tile in hand is forbidden by the after-chi restriction, it lifts.

    Seat 1 pongs three honours, then chis 4m with 5m6m holding only 4m and 7m besides:
    both are forbidden (the chi'd tile and the other end), so both may be discarded.
    """
    hands = [
        "1z4m1p1p1p9p9p9p5s5s5s7z7z7z",
        "1z1z2z2z3z3z4m5m6m7m9s8s2p",
        "2z3z1m1m1m9m9m9m4s4s4s6p6p",
        "2m2m2m8m8m8m3s3s3s7p7p7p4z",
    ]
    h = scripted_hand("shanghai", hands, draws="8p2s5z6z3p")
    play(h, "0 discard 1z", "1 pong 1z", "1 discard 9s", "2 discard 2z", "1 pong 2z", "1 discard 8s")
    play(h, "2 discard 3z", "1 pong 3z", "1 discard 2p", "2 discard 5z", "3 discard 6z", "0 discard 4m")
    h.apply(find(h, "1 chi 4m 56m"))
    assert h.players[1].tiles() == [parse_tile("4m"), parse_tile("7m")]
    assert {a.tile for a in h.legal_actions(1)} == {parse_tile("4m"), parse_tile("7m")}


def test_passed_pong_blocks_same_tile_until_discard():
    """Passed pong: having passed a pong of 9p, seat 2 may not pong 9p from another player before discarding."""
    keys = ["9p", "9p", "9p9p", ""]
    h = scripted_hand("shanghai", fill_hands(keys))
    play(h, "0 discard 9p", "2 pass")
    assert parse_tile("9p") in h.players[2].passed_pong
    events = play(h, "1 discard 9p")
    refused = [e for e in events if isinstance(e, OptionRefused)]
    assert [(e.seat, e.kind) for e in refused] == [(2, "pong")]
    assert "passed a pong" in refused[0].reason.en


def test_passed_pong_lifts_after_own_discard():
    """Passed pong lasts until the player has discarded."""
    keys = ["9p", "", "9p9p", ""]
    h = scripted_hand("shanghai", fill_hands(keys, reserve="1z2z"), draws="1z2z")
    play(h, "0 discard 9p", "2 pass", "1 discard 1z", "2 discard 2z")
    assert h.players[2].passed_pong == set()


WAIT_5Z = "123m456m789m1z1z1z5z"  # 混一色, waits on 5z


def test_passed_win_blocks_discard_wins_until_next_draw():
    """漏胡 (Shanghai): after passing a win, no win on any discard until the player's next draw."""
    keys = ["5z", "5z", WAIT_5Z, ""]
    h = scripted_hand("shanghai", fill_hands(keys, reserve="9s8s"), draws="9s8s")
    play(h, "0 discard 5z", "2 pass")
    assert h.players[2].passed_wins
    events = play(h, "1 discard 5z")
    refused = [e for e in events if isinstance(e, OptionRefused)]
    assert [(e.seat, e.kind) for e in refused] == [(2, "win")] and "漏胡" in refused[0].reason.en
    assert h.current == 2 and not h.players[2].passed_wins  # seat 2 drew: lifted


def test_passed_win_lifted_by_a_claim():
    """漏胡 (Shanghai) also ends with the player's next claim: seat 2 passes a win on 5z, then pongs 7m."""
    keys = ["5z", "7m", "123m456m7m7m1z1z1z5z5z", ""]
    h = scripted_hand("shanghai", fill_hands(keys, reserve="9s"), draws="9s")
    play(h, "0 discard 5z", "2 pass")
    assert h.players[2].passed_wins
    events = play(h, "1 discard 7m")
    assert [e.kind for e in events if isinstance(e, OptionRefused)] == []  # seat 2 may pong, so it is asked
    assert any("漏胡" in r.reason.en for r in h.refusals_for(2))
    play(h, "2 pong 7m")
    assert not h.players[2].passed_wins


ROB_HANDS = [
    "5m5m1p2p3p4p5p6p7p8p9p1s2s7z",  # dealer: will pong 5m, then draw the 4th 5m
    "5m4s5s6s7s8s9s3z3z4z4z5z6s",  # discards 5m
    "3m4m111z222z666z9m9m",  # waits on 2m / 5m (混一色)
    "1m1m2m6m7m8m9p9p3s3s8s5z6z",
]
ROB_DRAWS = "1z8p2p7s5m"


def _to_added_kong() -> object:
    h = scripted_hand("shanghai", ROB_HANDS, draws=ROB_DRAWS)
    play(h, "0 discard 7z", "1 discard 5m")
    assert "win" in kinds(h, 2) and "pong" in kinds(h, 0)
    play(h, "2 pass", "0 pong 5m", "0 discard 1s", "1 discard 8p", "2 discard 2p", "3 discard 7s")
    assert h.current == 0 and "added_kong" in kinds(h, 0)
    return h


def test_robbing_an_added_kong():
    """抢杠: a player waiting on the added tile wins on it, even after passing a win; the kong is not made."""
    h = _to_added_kong()
    play(h, "0 added_kong 5m")
    assert h.phase is Phase.ROB and kinds(h, 2) == {"win", "pass"}
    events = play(h, "2 win")
    won = next(e for e in events if isinstance(e, PlayerWon))
    assert won.seat == 2 and won.context.win_by.value == "robbed_kong" and won.context.discarder == 0
    assert "qianggang" in won.result.types
    end = events[-1]
    assert isinstance(end, HandEnded) and end.payments[0] < 0 and end.payments[2] > 0
    assert end.payments[1] == end.payments[3] == 0
    assert h.players[0].melds[0].kind is MeldKind.PONG


def test_added_kong_passed_rob_completes_with_tail_draw():
    """上杠: when nobody robs, the pong becomes a kong and the konger draws from the tail."""
    h = _to_added_kong()
    play(h, "0 added_kong 5m")
    events = play(h, "2 pass")
    assert h.players[0].melds[0].kind is MeldKind.ADDED_KONG
    drawn = [e for e in events if isinstance(e, TileDrawn)]
    assert drawn[0].source.value == "tail" and h.current == 0 and h.phase is Phase.TURN


def test_concealed_kong_is_not_robbed_and_draws_from_tail():
    """暗杠: no one may rob it; the replacement comes from the tail of the wall."""
    hands = [
        "5m5m5m5m1p2p3p4p5p6p7p8p9p4z",
        "3m4m1z1z1z2z2z2z6z6z6z9m9m",  # would win on 5m (but a concealed kong cannot be robbed)
        "1s1s2s2s3s3s4s4s6s6s7s7s8s",
        "5z5z5z3z3z3z1122m6p7p8s",
    ]
    h = scripted_hand("shanghai", hands, tail="9p")
    tail_before = h.wall.view().tail
    events = play(h, "0 concealed_kong 5m")
    assert any(isinstance(e, KongDeclared) for e in events)
    drawn = [e for e in events if isinstance(e, TileDrawn)]
    assert drawn and drawn[0].source.value == "tail" and drawn[0].tile == parse_tile("9p")
    assert h.phase is Phase.TURN and h.current == 0
    assert tail_before is not None


def test_added_kong_can_be_robbed():
    """抢杠: seat 1 waiting on 5m wins on seat 0's added kong of 5m."""
    hands = [
        "4z1p2p3p4p5p6p7p8p9p1s2s3s6s",  # dealer
        "3m4m1z1z1z2z2z2z6z6z6z9m9m",  # waits 2m 5m
        "5m5m2s2s3s3s4s4s6s7s7s8s8s",  # holds 5m5m: pongs 5m
        "5m5z5z5z3z3z3z1122m6p7p",  # discards 5m
    ]
    h = scripted_hand("shanghai", hands, draws="9s8p5m")
    # 0 discards 6s; 1 draws 9s, discards it; 2 draws 8p, discards it; 3 draws 5m? we want 3 to discard 5m
    play(h, "0 discard 6s")
    if h.phase is Phase.CLAIM:
        for s in h.pending_seats():
            play(h, f"{s} pass")
    play(h, "1 discard 9s")
    if h.phase is Phase.CLAIM:
        for s in h.pending_seats():
            play(h, f"{s} pass")
    play(h, "2 discard 8p")
    if h.phase is Phase.CLAIM:
        for s in h.pending_seats():
            play(h, f"{s} pass")
    # seat 3 drew 5m; it discards 5m: seat 1 could win (passes), seat 2 pongs
    play(h, "3 discard 5m")
    assert "win" in kinds(h, 1)
    play(h, "1 pass", "2 pong 5m", "2 discard 6s")
    assert h.players[2].melds[0].kind is MeldKind.PONG


def test_kong_refused_when_no_replacement_tile():
    """RULES.md §4: no kong when the wall has no tile left to replace it."""
    hands = [
        "5m5m5m5m1p2p3p4p5p6p7p8p9p4z",
        "3m4m1z1z1z2z2z2z6z6z6z9m9m",
        "1s1s2s2s3s3s4s4s6s6s7s7s8s",
        "5z5z5z3z3z3z1122m6p7p8s",
    ]
    h = scripted_hand("shanghai", hands)
    while h.wall.remaining:
        h.wall.draw_head()
    h.open_turn()
    assert "concealed_kong" not in kinds(h, 0)
    assert any("no tile left" in r.reason.en for r in h.refusals_for(0))


def test_wall_exhausted_is_a_drawn_hand_and_dealer_stays():
    """No dead wall: every tile is drawn; then the hand is drawn, 荒番 +1, the dealer deals again."""
    hands = [
        "5m5m5m5m1p2p3p4p5p6p7p8p9p4z",
        "3m4m1z1z1z2z2z2z6z6z6z9m9m",
        "1s1s2s2s3s3s4s4s6s6s7s7s8s",
        "5z5z5z3z3z3z1122m6p7p8s",
    ]
    h = scripted_hand("shanghai", hands, dealer=0, dice=(2, 3))
    steps = 0
    while not h.over:
        seat = h.pending_seats()[0]
        acts = h.legal_actions(seat)
        passes = [a for a in acts if a.kind is ActionKind.PASS]
        act = (
            passes[0]
            if passes
            else next(
                (a for a in acts if a.kind is ActionKind.DISCARD and a.tile == h.players[seat].last_drawn),
                next(a for a in acts if a.kind is ActionKind.DISCARD),
            )
        )
        h.apply(act)
        steps += 1
    end = h.events[-1]
    assert isinstance(end, HandEnded)
    if end.outcome is HandOutcome.DRAWN:
        assert h.wall.remaining == 0
        assert end.next_dealer == 0
        assert end.huangfan == 1


def test_flower_replacement_in_deal_dealer_first_then_in_turn():
    """补花: flowers shown at once and replaced from the tail, dealer first, then in turn, repeated."""
    hands = [
        "123m456m789m1z1z1z5zf1",
        "123p456p789p2z2zf2f3",
        "123s456s789s3z3z3z6z",
        "234m567p789s4z4z4zf4",
    ]
    # tail: f1 -> f5 (another flower, replaced again) -> 9p; f2 -> 1p; f3 -> 2p; f4 -> 3p
    h = scripted_hand("shanghai", hands, tail="f5 9p1p2p3p")
    shown = [(e.seat, format_tiles([e.tile])) for e in h.events if isinstance(e, FlowerRevealed)]
    assert shown == [(0, "f1"), (0, "f5"), (1, "f2"), (1, "f3"), (3, "f4")]
    assert sorted(h.players[0].flowers) == [parse_tile("f1"), parse_tile("f5")]
    assert h.players[0].counts[parse_tile("9p")] == 1
    assert h.players[3].counts[parse_tile("3p")] == 1
    for p in h.players:
        assert p.size() == (14 if p.seat == 0 else 13)


def test_flower_drawn_in_play_is_replaced_from_tail():
    """补花 during play: a drawn flower is shown and replaced from the tail."""
    hands = [
        "1p123m456m789m1z1z1z5z",
        "123p456p789p2z2z2z3m",
        "123s456s789s3z3z3z6z",
        "234m567p789s4z4z4z7z",
    ]
    h = scripted_hand("shanghai", hands, draws="f6", tail="9s")
    events = play(h, "0 discard 1p")
    for s in h.pending_seats():
        events += play(h, f"{s} pass")
    assert any(isinstance(e, FlowerRevealed) and e.seat == 1 for e in events)
    assert h.players[1].last_drawn == parse_tile("9s")


def test_illegal_action_changes_nothing():
    """An illegal action raises with a reason and leaves the hand exactly as it was."""
    from mahjong_tui.engine.game import Game

    g = Game("shanghai", seed=3)
    before = state_fingerprint(g)
    seat = g.pending_seats()[0]
    other = (seat + 1) % 4
    with pytest.raises(IllegalAction, match="not your turn"):
        g.apply(find(g.hand, f"{other} discard 1m"))
    missing = next(t for t in range(34) if g.hand.players[seat].counts[t] == 0)
    with pytest.raises(IllegalAction, match="don't hold"):
        g.apply(find(g.hand, f"{seat} discard {format_tiles([missing])}"))
    with pytest.raises(IllegalAction, match="no discard to claim"):
        g.apply(find(g.hand, f"{seat} pong 1m"))
    assert state_fingerprint(g) == before


@pytest.mark.parametrize(
    "dice, bonus",
    [
        pytest.param((1, 1), 2, id="huangfan-dice-1-1-adds-2"),
        pytest.param((4, 4), 2, id="huangfan-dice-4-4-adds-2"),
        pytest.param((1, 2), 1, id="huangfan-dice-1-n-adds-1"),
        pytest.param((6, 1), 1, id="huangfan-dice-n-1-adds-1"),
        pytest.param((4, 3), 1, id="huangfan-dice-4-n-adds-1"),
        pytest.param((2, 2), 1, id="huangfan-dice-2-2-adds-1"),
        pytest.param((3, 3), 1, id="huangfan-dice-3-3-adds-1"),
        pytest.param((5, 5), 1, id="huangfan-dice-5-5-adds-1"),
        pytest.param((6, 6), 1, id="huangfan-dice-6-6-adds-1"),
        pytest.param((2, 3), 0, id="huangfan-dice-2-3-adds-0"),
        pytest.param((5, 6), 0, id="huangfan-dice-5-6-adds-0"),
    ],
)
def test_huangfan_from_dice(dice, bonus):
    """骰子荒番 table of RULES.md §2."""
    assert huangfan_dice_bonus(dice) == bonus


def test_huangfan_hand_when_counter_above_zero_after_dice():
    """A hand is a 荒番 hand when the counter is above 0 after its dice; dice add at the start."""
    h = scripted_hand("shanghai", BASE, dice=(1, 1))
    assert h.huangfan == 2 and h.is_huangfan_hand
    h = scripted_hand("shanghai", BASE, dice=(2, 3))
    assert h.huangfan == 0 and not h.is_huangfan_hand
    h = scripted_hand("shanghai", BASE, dice=(2, 3), huangfan=1)
    assert h.is_huangfan_hand


def test_claim_events_show_source_seat():
    """A claimed meld records who it came from (the table shows it)."""
    h = scripted_hand("shanghai", BASE)
    events = play(h, "0 discard 5m", "1 pass", "2 pong 5m")
    claim = next(e for e in events if isinstance(e, MeldClaimed))
    assert claim.from_seat == 0 and claim.meld.source == 0


def test_no_self_draw_win_right_after_a_claim():
    """A self-drawn win needs a draw: after a pong that completes the hand there is only a discard."""
    h = scripted_hand("shanghai", fill_hands(["5z", "123m456m789m1z1z5z5z", "", ""]))
    play(h, "0 discard 5z")
    assert {"win", "pong"} <= kinds(h, 1)
    play(h, "1 pong 5z")
    assert kinds(h, 1) == {"discard"}
