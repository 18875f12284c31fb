"""Actions in, refusals out: a move is matched to the legal one it means, anything else refused with its reason.

RULES.md §1 (common flow) in tile notation: the deal's 补花 for the dealer's drawn tile,
malformed actions, and refusals worded by what is actually wrong.
"""

from __future__ import annotations

import pytest
from support import fill_hands, find, play

from mahjong_tui.engine import (
    Action,
    ActionKind,
    IllegalAction,
    KongMode,
    Phase,
    game_from_record,
    game_record,
    parse_tile,
    parse_tiles,
    scripted_hand,
)
from mahjong_tui.testing.soak import state_fingerprint

# Seats 1-3 hold nothing that wins or claims early on.
OTHERS = [
    "1z1z2z2z3z3z4z4z6z6z7z7z9m",
    "1s1s2s2s3s3s4s4s6s6s7s7s9s",
    "1p1p2p2p3p3p7p7p8p8p9p9p8m",
]


def test_tianhu_when_the_dealers_fourteenth_tile_is_a_flower():
    """天胡 (RULES.md §2): a win on the initial 14 tiles, the 14th a flower replaced from the tail (补花).

    The dealer is dealt 123m456p789s234m5z and f1 last; the replacement 5z completes the hand:
    the replacement is the drawn tile, the win is offered and scores 天胡 (and 杠开, a win on a
    flower's replacement).
    """
    h = scripted_hand("shanghai", ["123m456p789s234m5zf1", *OTHERS], tail="5z")
    assert h.players[0].flowers == [parse_tile("f1")]
    assert h.players[0].last_drawn == parse_tile("5z")
    wins = [a for a in h.legal_actions(0) if a.kind is ActionKind.WIN]
    assert wins == [Action(0, ActionKind.WIN, parse_tile("5z"))]
    events = h.apply(wins[0])
    won = next(e for e in events if e.__class__.__name__ == "PlayerWon")
    assert "tianhu" in won.result.types and "gangkai" in won.result.types
    assert won.result.lezi == 10


def test_bahua_declared_by_the_dealer_right_after_the_eighth_flowers_replacement():
    """八花 (RULES.md §2): all 8 flowers may be declared right after the 8th flower's replacement draw.

    The dealer is dealt seven flowers and a flower as the 14th tile; the eighth replacement is
    the drawn tile, and 八花 is offered on it.
    """
    dealer = "f1234567 1m5m9m1p5p9p f8"
    h = scripted_hand("shanghai", [dealer, *OTHERS], tail="2m3m6m7m2p3p6p7s")
    assert len(h.players[0].flowers) == 8
    assert h.players[0].last_drawn == parse_tile("7s")
    win = next(a for a in h.legal_actions(0) if a.kind is ActionKind.WIN)
    events = h.apply(win)
    won = next(e for e in events if e.__class__.__name__ == "PlayerWon")
    assert "bahua" in won.result.types


def test_a_dealer_flower_before_the_fourteenth_tile_keeps_the_fourteenth_as_drawn():
    """补花 of an earlier dealt tile does not change which tile the dealer drew: the 14th."""
    h = scripted_hand("shanghai", ["f1 123m456p789s234m5z", *OTHERS], tail="4m")
    assert h.players[0].last_drawn == parse_tile("5z")


@pytest.mark.parametrize(
    "bad",
    [
        Action(0, ActionKind.DISCARD, 99),
        Action(0, ActionKind.ADDED_KONG, 99, mode=KongMode.KONG),
        Action(0, ActionKind.CONCEALED_KONG, -1, mode=KongMode.KONG),
        Action(0, ActionKind.CHI, 3, (99, 4)),
        Action(7, ActionKind.DISCARD, 3),
        Action(0, "discard", 3),  # type: ignore[arg-type]
        Action(0, ActionKind.DISCARD, "5m"),  # type: ignore[arg-type]
        Action(0, ActionKind.CONCEALED_KONG, 3, mode="kong"),  # type: ignore[arg-type]
    ],
    ids=["discard-99", "added-kong-99", "kong-minus-1", "chi-99", "seat-7", "kind-str", "tile-str", "mode-str"],
)
def test_a_malformed_action_is_refused_and_changes_nothing(bad: Action):
    """Any malformed action raises IllegalAction (never another error) and leaves the hand as it was."""
    from mahjong_tui.engine import Game

    game = Game("shanghai", 5)
    before = state_fingerprint(game)
    with pytest.raises(IllegalAction) as info:
        game.apply(bad)
    assert str(info.value) and "\n" not in str(info.value)
    assert state_fingerprint(game) == before


CHI_KEYS = ["5m", "4m6m", "", ""]


def test_a_pass_without_the_tile_is_the_pass_on_offer():
    """A pass means a pass: the tile it names does not matter; the record keeps the pass as offered."""
    h = scripted_hand("shanghai", fill_hands(CHI_KEYS))
    play(h, "0 discard 5m")
    h.apply(Action(1, ActionKind.PASS))
    assert h.phase is Phase.TURN and h.current == 1
    assert h.actions[-1] == Action(1, ActionKind.PASS, parse_tile("5m"))


def test_a_chi_with_its_tiles_in_another_order_is_that_chi():
    """A chi's two tiles may be named in any order."""
    h = scripted_hand("shanghai", fill_hands(CHI_KEYS))
    play(h, "0 discard 5m")
    h.apply(Action(1, ActionKind.CHI, parse_tile("5m"), (parse_tile("6m"), parse_tile("4m"))))
    assert h.players[1].melds[0].tiles == tuple(parse_tiles("456m"))


def test_a_chi_of_tiles_not_held_says_so():
    """Refused by what is wrong: the seat does not hold the tiles it names."""
    h = scripted_hand("shanghai", fill_hands(CHI_KEYS))
    play(h, "0 discard 5m")
    with pytest.raises(IllegalAction, match="you don't hold 67m"):
        h.apply(Action(1, ActionKind.CHI, parse_tile("5m"), (parse_tile("6m"), parse_tile("7m"))))


def test_a_chi_that_makes_no_sequence_says_so():
    """Refused by what is wrong: the tiles and the discard make no sequence."""
    h = scripted_hand("shanghai", fill_hands(["5m", "4m6m9m", "", ""]))
    play(h, "0 discard 5m")
    with pytest.raises(IllegalAction, match="don't make a sequence"):
        h.apply(Action(1, ActionKind.CHI, parse_tile("5m"), (parse_tile("4m"), parse_tile("9m"))))


def test_a_chi_from_a_seat_that_is_not_next_says_so():
    """Chi is for the next player only (RULES.md §1): the opposite seat is told so."""
    h = scripted_hand("shanghai", fill_hands(["5m", "", "4m6m5m5m", ""]))
    play(h, "0 discard 5m")
    with pytest.raises(IllegalAction, match="only from the player before you"):
        h.apply(Action(2, ActionKind.CHI, parse_tile("5m"), (parse_tile("4m"), parse_tile("6m"))))


def test_a_chi_by_a_seat_not_asked_says_why():
    """A seat with nothing to claim learns why its chi is not possible, not only that it must wait."""
    h = scripted_hand("shanghai", fill_hands(["5m", "", "4m6m", "5m5m"]))
    play(h, "0 discard 5m")
    with pytest.raises(IllegalAction, match="only from the player before you"):
        h.apply(Action(2, ActionKind.CHI, parse_tile("5m"), (parse_tile("4m"), parse_tile("6m"))))


def test_a_pass_in_ones_own_turn_says_there_is_nothing_to_pass():
    """In a turn there is no claim to pass."""
    h = scripted_hand("shanghai", fill_hands(CHI_KEYS))
    with pytest.raises(IllegalAction, match="nothing to pass"):
        h.apply(Action(0, ActionKind.PASS))


def test_a_kong_that_must_say_which_mode_asks_for_it():
    """Changsha offers 补张 and 开杠 for one quad: a kong that names neither must say which."""
    hands = [
        "5m5m5m5m1p2p3p4p5p6p7s8s9s2s",
        "2m4m6m8m1p3p5p7p1s3s5s7s9s",
        "1m3m6m9m2p4p6p8p2s4s6s8s1s",
        "7m1m3m7m9m1p9p8p3s6s4s9s7p",
    ]
    h = scripted_hand("changsha", hands, tail="1m3m4m6m7m8m4s6s8s9s7p9p")
    while h.phase is Phase.INITIAL:  # 四喜 is an initial small win: not declared here
        h.apply(Action(h.pending_seats()[0], ActionKind.PASS))
    kongs = [a for a in h.legal_actions(0) if a.kind is ActionKind.CONCEALED_KONG]
    assert {a.mode for a in kongs} == {KongMode.BUZHANG, KongMode.KAIGANG}
    with pytest.raises(IllegalAction, match="say which"):
        h.apply(Action(0, ActionKind.CONCEALED_KONG, parse_tile("5m")))


def test_a_mode_named_on_a_move_that_has_none_says_so():
    """Only a kong is made one way or another (补张, 开杠): a pass named as 开杠 is refused with that, in both
    languages, not with an empty list of the modes on offer."""
    h = scripted_hand("shanghai", fill_hands(CHI_KEYS))
    play(h, "0 discard 5m")
    with pytest.raises(IllegalAction, match="you can't pass as kaigang: only a kong is made") as refused:
        h.apply(Action(1, ActionKind.PASS, mode=KongMode.KAIGANG))
    assert refused.value.words.zh == "不能用开杠的方式过：只有杠才分方式"


def test_a_rigged_game_replays_from_its_record():
    """A game begun from a rigged deal keeps the deal in its record, and the record replays to the same events."""
    from mahjong_tui.engine import Game, RiggedDeal

    deal = RiggedDeal(("123m456p789s234m5zf1", *OTHERS), tail="5z")  # type: ignore[arg-type]
    game = Game("shanghai", 3, rigged=deal)
    game.apply(find(game.hand, "0 discard 5z"))
    again = game_from_record(game_record(game))
    assert again.events == game.events and game_record(again) == game_record(game)


def test_a_claim_beaten_by_another_says_whose_and_why():
    """Priority (RULES.md §1): the chi that loses to a pong is told whose claim won and why."""
    from mahjong_tui.engine import ClaimLost

    h = scripted_hand("shanghai", fill_hands(["5m", "4m6m", "5m5m", ""]))
    events = play(h, "0 discard 5m", "1 chi 5m 46m", "2 pong 5m")
    lost = [e for e in events if isinstance(e, ClaimLost)]
    assert [(e.seat, e.kind, e.by, e.by_kind) for e in lost] == [(1, "chi", 2, "pong")]
    assert "seat 2's pong takes the discard" in lost[0].reason.en and "a pong or kong beats a chi" in lost[0].reason.en


def test_kaigang_not_offered_when_not_ready_says_why():
    """Changsha 开杠 needs a ready hand: 补张 is offered, and the missing 开杠 is explained."""
    hands = [
        "5m5m5m5m1p2p4p7p9p1s3s6s8s9s",
        "2m4m6m8m1p3p5p7p1s3s5s7s9s",
        "1m3m6m9m2p4p6p8p2s4s6s8s7s",
        "7m1m3m7m9m3p9p8p5p6p2s4s2s",
    ]
    h = scripted_hand("changsha", hands)
    while h.phase is Phase.INITIAL:
        h.apply(Action(h.pending_seats()[0], ActionKind.PASS))
    kongs = [a for a in h.legal_actions(0) if a.kind is ActionKind.CONCEALED_KONG]
    assert {a.mode for a in kongs} == {KongMode.BUZHANG}
    assert any("开杠 needs a ready hand" in r.reason.en for r in h.refusals_for(0))
    with pytest.raises(IllegalAction, match="开杠 needs a ready hand"):
        h.apply(Action(0, ActionKind.CONCEALED_KONG, parse_tile("5m"), mode=KongMode.KAIGANG))
