"""Advice at Changsha's special decisions (RULES §3): 开杠 or 补张, the 海底, 起手小胡, winning; and why a claim.

Each comes with a ★ (the hard bot's choice on the seat's view), one sentence, and the numbers
it rests on, which are checked here against what the seat can see.
"""

from __future__ import annotations

import io
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
        assert ("开杠:" in said or "补张:" in said) and re.search(r"\(杠上开花\) (about \d+|under 1)%", said)
        assert "(杠上炮)" in said
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


class _HaidiTaker:
    """Throws every tile it draws and never claims, takes every 海底 offered, and keeps the view once it is taken."""

    def __init__(self, kept: list[SeatView]):
        self.kept = kept

    def choose(self, view: SeatView):  # noqa: ANN201 - a Player
        if view.phase is Phase.HAIDI_TAKEN:
            self.kept.append(view)
            return next((a for a in view.legal if a.kind is ActionKind.WIN), view.legal[-1])
        take = next((a for a in view.legal if a.kind is ActionKind.TAKE_HAIDI), None)
        drawn = next((a for a in view.legal if a.kind is ActionKind.DISCARD and a.tile == view.last_drawn), None)
        return take or drawn or next((a for a in view.legal if a.kind is ActionKind.PASS), view.legal[0])


def _stars(view: SeatView) -> list[str]:
    """The hint panel's ★ lines for this view, as the table shows them."""
    from rich.console import Console

    from mahjong_tui.ui.config import Display
    from mahjong_tui.ui.look import Look
    from mahjong_tui.ui.widgets.hint_panel import advise, hint_body

    look = Look(table=view.table, names=("A", "B", "C", "D"), bottom=view.seat, display=Display())
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(hint_body(look, advise(view), None))
    return [line for line in console.export_text().splitlines() if line.startswith("★")]


def test_after_taking_the_haidi_the_panel_stars_only_what_may_be_done() -> None:
    """RULES §3 海底: the taker wins on it or shows it; no tile is chosen to discard, so the panel suggests no
    discard: its one ★ is the win."""
    from mahjong_tui.engine import RiggedDeal

    hands = (
        "2m2m5m5m8m8m2p2p5p5p8p8p2s2s",
        "1112345678999m",
        "1112345678999p",
        "1112345678999s",
    )  # 九莲: each other seat wins on any tile of its suit
    kept: list[SeatView] = []
    for seed in range(8):
        game = Game("changsha", seed, rigged=RiggedDeal(hands))
        play_until_decision(game, {s: _HaidiTaker(kept) for s in range(4)})
    assert kept  # a 海底 with nothing to choose is shown at once: only one that may win is asked about
    for view in kept:
        assert {a.kind for a in view.legal} == {ActionKind.WIN, ActionKind.PASS}
        hint = hint_for_view(view)
        assert hint.suggest is None and not hint.discards and not hint.why.en
        assert hint.action is not None and hint.action.kind is ActionKind.WIN
        stars = _stars(view)
        assert len(stars) == 1 and stars[0].startswith("★ win: "), stars


def test_a_chance_under_1_percent_is_never_about_under_1_percent() -> None:
    """Every sentence that gives a chance as about so much: ``about 6%`` / ``约 6%``, but ``under 1%`` / ``不到 1%``
    alone (and ``over 99%`` / ``超过 99%``); a chance given plainly stays plain."""
    from mahjong_tui.engine.words import said
    from mahjong_tui.i18n import messages
    from mahjong_tui.learn.advice import percent_words

    assert percent_words(0.06, about=True).en == "about 6%" and percent_words(0.06, about=True).zh == "约 6%"
    assert percent_words(0.06).en == "6%"
    for about in (True, False):
        assert (percent_words(0.003, about=about).en, percent_words(0.003, about=about).zh) == ("under 1%", "不到 1%")
        assert (percent_words(0.998, about=about).en, percent_words(0.998, about=about).zh) == ("over 99%", "超过 99%")
    assert percent_words(0, about=True).en == "0%" and percent_words(1, about=True).en == "100%"
    for lang, about in (("en", "about"), ("zh", "约")):
        wrapped = [k for k, text in messages(lang).items() if re.search(rf"{about} ?\{{", text) and "percent" not in k]
        assert wrapped == [], wrapped  # a chance is said with its own "about"
    tiny = percent_words(0.003, about=True)
    haidi = said("advice.haidi_odds", live=1, pool=90, win=tiny, risk=percent_words(0.16, about=True), threats=1)
    assert "it wins (海底捞月) under 1%; shown, it feeds someone (海底炮) about 16%" in haidi.en
    assert "海底捞月不到 1%；亮出来放海底炮约 16%" in haidi.zh
    kong = said("advice.kong_odds", tiles="3m", live=1, pool=90, win=percent_words(0.02, about=True), feed=tiny)
    assert "win (杠上开花) about 2%, against under 1% that one of them" in kong.en
    assert "杠上开花约 2%，翻出的牌放炮（杠上炮）不到 1%" in kong.zh
