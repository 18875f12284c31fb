"""Following the hints (RULES §2, the qualifying rule): the ★ is the best play the game knows, and it leads to a win.

The suggestion at every decision is the hard bot's choice on the seat's own view (with its
defence); a learner who follows every suggestion in Shanghai keeps the fewest steps to a
hand that may win, unless the defence says why not, and never ends a hand ready only in a
plain shape that cannot win without a reason given.
"""

from __future__ import annotations

import pytest
from support import Watcher

from bots import create_bot
from mahjong_tui.engine import Game, GameOptions, Phase, SeatView, play_until_decision, seat_view
from mahjong_tui.learn.hints import HintFollower, analyse, hint_for_view

SHANGHAI_PRESETS = ("shanghai", "shanghai-qq", "shanghai-lezi")


@pytest.mark.parametrize("rules_name", [*SHANGHAI_PRESETS, "changsha"])
def test_the_suggestion_is_the_hard_bots_choice_at_every_decision(rules_name: str) -> None:
    """Discards, claims, kongs, the 海底, 起手小胡: what the hints suggest is what the hard bot plays on that view."""
    kept: list[SeatView] = []
    for n in range(3):
        game = Game(rules_name, 700 + n, GameOptions(max_hands=1))
        play_until_decision(game, {s: Watcher(s, "hard", 0, kept) for s in range(4)})
    phases = set()
    for view in kept[::3]:
        assert hint_for_view(view).action == create_bot("hard", view.seat, 0).choose(view), view.phase
        phases.add(view.phase)
    assert {Phase.TURN, Phase.CLAIM} <= phases


class _Learner:
    """Seat 0 following every suggestion; notes each reason given for a discard slower than the least steps."""

    def __init__(self) -> None:
        self.follower = HintFollower(0)
        self.reasons: list[str] = []

    def choose(self, view: SeatView):  # noqa: ANN201 - a Player
        hint = hint_for_view(view)
        if view.phase is Phase.TURN and hint.suggest is not None and hint.discards:
            chosen = next(d for d in hint.discards if d.tile == hint.suggest)
            if chosen.win_shanten != hint.discards[0].win_shanten:
                assert hint.defence is not None and hint.defence.en  # a slower discard says why
                assert "goes back to" in hint.why.en and "is the safer one" in hint.why.en, hint.why.en
                self.reasons.append(hint.defence.en)
        return self.follower.choose(view)


@pytest.mark.parametrize("rules_name", SHANGHAI_PRESETS)
def test_following_the_hints_keeps_a_hand_that_may_win(rules_name: str) -> None:
    """Seat 0 follows every suggestion against normal bots: each discard keeps the least steps to a win unless
    the defence says why, and a hand that ends ready only in a plain shape says so, with the steps still to go."""
    for n in range(6):
        game = Game(rules_name, 900 + n, GameOptions(max_hands=1))
        learner = _Learner()
        play_until_decision(game, {0: learner, **{s: create_bot("normal", s, n) for s in (1, 2, 3)}})
        hand = game.hand
        if 0 in hand.winners:
            continue
        p = hand.players[0]
        end = analyse(game.rules, p.counts, p.melds, p.flowers, seat_view(hand, 0).outside)
        if end.shanten == 0 and end.waits and not any(w.qualifies for w in end.waits):
            # ready only in a plain shape: the panel says so, and how far the nearest hand that may win still is
            told = ("nearest hand that may win", "no hand that may win is left")
            assert "no wait may win" in end.why.en and any(x in end.why.en for x in told), end.why.en
