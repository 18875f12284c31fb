"""Advice at Changsha's special decisions (RULES §3): 开杠 or 补张, the 海底, 起手小胡, winning; and why a claim.

Each comes with a ★ (the hard bot's choice on the seat's view), one sentence, and the numbers
it rests on, which are checked here against what the seat can see.
"""

from __future__ import annotations

import re
from functools import cache

from support import Watcher

from bots import create_bot
from bots.hard import haidi_odds
from mahjong_tui.engine import ActionKind, Game, GameOptions, KongMode, Phase, SeatView, play_until_decision, seat_view
from mahjong_tui.learn.hints import hint_for_view
from mahjong_tui.testing.fixtures import kaigang_prompt


@cache
def changsha_decisions() -> tuple[SeatView, ...]:
    kept: list[SeatView] = []
    for n in range(60):
        game = Game("changsha", 5000 + n, GameOptions(max_hands=1))
        play_until_decision(game, {s: Watcher(s, "hard", 0, kept) for s in range(4)})
    return tuple(kept)


def test_kaigang_or_buzhang_is_advised_with_its_odds() -> None:
    """RULES §3 开杠: ready with 五万×3, seat 0 may 补张 or 开杠 a 五万; the advice weighs 杠上开花 and 杠上炮."""
    game = kaigang_prompt()
    view = seat_view(game.hand, 0)
    modes = {a.mode for a in view.legal if a.kind is ActionKind.KONG}
    assert {KongMode.BUZHANG, KongMode.KAIGANG} <= modes
    hint = hint_for_view(view)
    assert hint.action == create_bot("hard", 0, 0).choose(view)
    if hint.action.kind is ActionKind.KONG:
        said = hint.claim.en
        assert ("开杠:" in said or "补张:" in said) and "(杠上开花) about" in said and "(杠上炮)" in said
        assert re.search(r"with \d+ live tiles of \d+ unseen", said)
        assert "开杠" in hint.claim.zh and "%" in hint.claim.zh


class _Drifter:
    """Throws every tile it draws and never claims or wins, so the hand runs to the 海底; keeps the 海底 offers."""

    def __init__(self, kept: list[SeatView]):
        self.kept = kept

    def choose(self, view: SeatView):  # noqa: ANN201 - a Player
        if view.phase is Phase.HAIDI:
            self.kept.append(view)
        legal = view.legal
        drawn = next((a for a in legal if a.kind is ActionKind.DISCARD and a.tile == view.last_drawn), None)
        return drawn or next((a for a in legal if a.kind is ActionKind.PASS), legal[0])


def test_the_haidi_is_advised_with_the_chance_it_wins() -> None:
    """RULES §3 海底: take it or leave it, with the live tiles, the unseen tiles and the 海底炮 risk."""
    from mahjong_tui.engine import RiggedDeal

    hands = (
        "1m1m4m4m7m7m1p1p4p4p7p7p1s1s",
        "2m2m5m5m8m8m2p2p5p5p8p8p2s",
        "1m3m5m7m9m2p4p6p8p1s3s5s7s",
        "123m456p789s999p2s",
    )  # seat 3 waits on 2s alone; the others throw what they draw
    kept: list[SeatView] = []
    for seed in range(4):
        game = Game("changsha", seed, rigged=RiggedDeal(hands))
        play_until_decision(game, {s: _Drifter(kept) for s in range(4)})
    ready = 0
    for view in kept:
        hint = hint_for_view(view)
        odds = haidi_odds(view)
        assert hint.action == create_bot("hard", view.seat, 0).choose(view)
        assert hint.advice.en.startswith(("take the 海底", "leave the 海底")), hint.advice.en
        if odds is not None:
            ready += 1
            assert f"{odds.live} live tiles of {odds.pool} unseen" in hint.advice.en
            assert hint.advice.en.startswith("take") == odds.take
        else:
            assert "not ready" in hint.advice.en
    assert ready and len(kept) > ready


def test_initial_small_wins_are_advised_with_what_they_pay() -> None:
    """RULES §3 起手小胡: declaring pays at once, and shows the hand to the table; the advice says both."""
    from mahjong_tui.learn.hints import initial_preview

    views = [v for v in changsha_decisions() if any(a.kind is ActionKind.DECLARE_INITIAL for a in v.legal)]
    assert views
    for view in views:
        hint = hint_for_view(view)
        preview = initial_preview(view)
        assert preview is not None
        assert f"pays you {preview.payments[view.seat]:+d} now" in hint.advice.en
        assert "whole hand" in hint.advice.en and "亮" in hint.advice.zh


def test_a_win_is_advised_with_what_it_pays() -> None:
    """Winning or passing: the advice names the types and what the win pays now."""
    views = [v for v in changsha_decisions() if any(a.kind is ActionKind.WIN for a in v.legal)]
    assert views
    for view in views[:10]:
        hint = hint_for_view(view)
        win = next(a for a in view.legal if a.kind is ActionKind.WIN)
        result = view.win_preview(win)
        assert result is not None
        assert hint.advice.en.startswith("win: ") and f"{result.payments[view.seat]:+d} now" in hint.advice.en


def test_every_claim_suggestion_says_why() -> None:
    """A claim or a pass always comes with its reason (the steps it saves or would cost, or what the set is worth)."""
    views = [v for v in changsha_decisions() if v.phase is Phase.CLAIM and any(
        a.kind in (ActionKind.CHI, ActionKind.PONG, ActionKind.KONG) for a in v.legal)]  # fmt: skip
    assert len(views) >= 10
    for view in views:
        claim = hint_for_view(view).claim
        if not claim.en:
            continue  # the win prompt speaks for itself
        head, _, why = claim.en.partition("; ")
        assert head.startswith("suggestion: ") and why, claim.en
        assert "；" in claim.zh
