"""RULES §2 三口: whether a discarder counts as ready (听牌) for the payments — only a wait that may win counts.

A hand ready only in a plain shape, which no wait could let win in Shanghai, is not ready:
an unrelated discarder holding one pays as one who is not ready.
"""

from __future__ import annotations

import pytest
from support import play

from mahjong_tui.engine import PlayerWon, get_ruleset, scripted_hand
from mahjong_tui.engine.tiles import counts_of, parse_tiles


@pytest.mark.parametrize(
    ("hand", "ready"),
    [
        ("123m456p789s234m5z", False),  # ready in shape (5z), a plain hand: no wait may win
        ("123m456m789m234m5z", True),  # 5z makes 混一色 in 万
        ("123m456p789s23m55z", False),  # 1m or 4m, both plain
    ],
)
def test_a_hand_ready_only_as_a_plain_hand_is_not_ready_for_sankou(hand: str, ready: bool) -> None:
    """RULES §2 三口: ready means some tile would give a win that is allowed (a wait that qualifies)."""
    rules = get_ruleset("shanghai")
    counts = counts_of(parse_tiles(hand))
    assert rules.is_ready(counts, ())  # every one is ready in shape
    assert rules.is_ready_to_win(counts, ()) is ready


@pytest.mark.parametrize(("dealer_hand", "ready"), [("123m456p789s234m5z7z", False), ("123m456m789m234m5z7z", True)])
def test_the_discarder_s_readiness_at_a_win_counts_only_a_wait_that_may_win(dealer_hand: str, ready: bool) -> None:
    """RULES §2 三口: the dealer throws 7z into seat 1's 混一色 in 条; it is ready only when it was ready to win."""
    hands = [dealer_hand, "123s456s789s1z1z1z7z", "5m6m7m8m9m1p2p3p2z2z3z3z4z", "5m6m7m8m9m1p2p3p2z3z4z6z6z"]
    h = scripted_hand("shanghai", hands)
    events = play(h, "0 discard 7z", "1 win")
    (won,) = [e for e in events if isinstance(e, PlayerWon)]
    assert won.context.discarder == 0 and won.context.discarder_ready is ready
