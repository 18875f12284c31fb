"""Thinking longer: what the hint panel says of the expert's look ahead is what the play-outs gave, number for number,
and ``t`` at the table shows it for the seat at its decision. Positions come from seeded self-play."""

from __future__ import annotations

import pytest
from test_expert import positions
from test_ui_learning import panel_text
from ui_support import press, settle, table_of

from bots.expert import FAR_QUALIFY
from mahjong_tui.engine import ActionKind, Phase
from mahjong_tui.engine.analysis import shanten
from mahjong_tui.i18n import say
from mahjong_tui.learn.hint_words import bare_steps
from mahjong_tui.learn.look_ahead import SURE, look_ahead
from mahjong_tui.testing.fixtures import demo_app, mid_hand
from mahjong_tui.ui.config import Learning

FULL = (140, 44)


@pytest.mark.parametrize("rules", ["changsha", "shanghai"])
def test_each_line_of_the_look_ahead_is_its_play_outs_figures(rules: str) -> None:
    """Every choice is played out on every deal (so the figures compare); its line gives its mean points, and calls
    it worse only when it is behind the best by more than two standard errors."""
    looked = 0
    for view in positions(rules, 91, 12):
        ahead = look_ahead(view, playouts=16)
        lines = [say(w) for w in ahead.lines()]
        if not ahead.weighed:
            assert len(lines) == 1
            continue
        looked += 1
        assert all(w.deals == 16 for w in ahead.weighed) and ahead.deals == 16
        assert "16" in lines[0]
        best = ahead.weighed[0]
        assert all(w.mean <= best.mean for w in ahead.weighed)
        for w, line in zip(ahead.weighed, lines[1:], strict=True):
            assert f"{w.mean:+.1f}" in line and say(w.action.words()) in line
            if w is not best:
                worse = w.behind > SURE * w.behind_error
                assert (f"{w.behind:.1f} ± {w.behind_error:.1f}" in line) and (("worse" in line) == worse)
        assert look_ahead(view, playouts=16) == ahead  # the same deals for the same view: the same figures
    assert looked > 0


def test_a_far_hand_that_must_qualify_is_said_to_be_left_to_the_stars_plan() -> None:
    """Shanghai: at a turn whose hand is FAR_QUALIFY or more steps from ready, nothing is played out, and the panel
    says so with how far the hand is (the hint panel's count of steps), in both languages; a nearer hand's turn is
    never said to be far."""
    far = 0
    for view in positions("shanghai", 88, 120):
        if view.phase is not Phase.TURN or any(a.kind is ActionKind.WIN for a in view.legal):
            continue
        steps = shanten(view.counts, view.ruleset.shapes, view.melds[view.seat])
        ahead = look_ahead(view, playouts=4)
        if steps < FAR_QUALIFY:
            assert ahead.far is None
            continue
        if ahead.weighed:  # a quad that may be laid down is still weighed against the hard bot's choice
            assert sum(w.action.kind is ActionKind.DISCARD for w in ahead.weighed) <= 1  # the hard bot's, if any
            continue
        far += 1
        assert ahead.far == steps
        (line,) = ahead.lines()
        assert line.en.startswith("Not played out") and f"your hand is {steps} steps from ready" in line.en
        assert f"最近也是{bare_steps(steps).zh}" in line.zh
    assert far > 0


async def test_t_at_the_table_shows_the_look_ahead_in_the_hint_panel() -> None:
    """At the person's turn ``t`` opens the hint panel, says it is thinking, then puts the look ahead first: the lines
    the look ahead made for this moment."""
    app = demo_app(mid_hand("changsha", 3), learning=Learning(hints=False))
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: table_of(app).actor == 0)
        await press(pilot, "t")
        table = table_of(app)
        await settle(pilot, lambda: table.ahead is not None, seconds=120)
        assert table.ahead is not None
        ahead = table.ahead[1]
        await settle(pilot, lambda: say(ahead.lines()[0]).split(":")[0] in panel_text(app))
        text = " ".join(panel_text(app).split())
        look = table.look()
        for line in ahead.lines():  # as the table names tiles (in its tile style)
            assert " ".join(look.told(line).split())[:40] in text
        assert table.actor == 0  # thinking decides nothing: the turn is still the person's
