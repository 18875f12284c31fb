"""The end of a hand, as a learner reads it: 起手小胡, settled at once, on lines of their own; ``g``, the rule terms it
names."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList
from ui_support import (
    COMPACT,
    FULL,
    app_for,
    changsha_at,
    find_seed,
    plain,
    play_hand_by_keys,
    press,
    settle,
    showing,
    table_of,
)

from mahjong_tui.engine import InitialWinsDeclared, LineKind, Phase
from mahjong_tui.ui.screens.choice import ChoiceScreen
from mahjong_tui.ui.screens.glossary import GlossaryScreen, TermChooser
from mahjong_tui.ui.screens.hand_end import HandEndScreen
from mahjong_tui.ui.widgets.term_links import terms_on


async def test_initial_small_wins_are_paid_on_lines_of_their_own_at_the_hands_end() -> None:
    """Each 起手小胡 declared: beneath its line, each type and each payment with its amount, as the settlement says."""
    game = changsha_at(Phase.INITIAL)
    app = app_for(game.rules.name, game.seed, game=game)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, ChoiceScreen))
        await press(pilot, "d")
        await settle(pilot, lambda: 0 in game.hand.initial_declared)
        look = table_of(app).look()
        declared = [e for e in game.hand.events if isinstance(e, InitialWinsDeclared)]
        await play_hand_by_keys(pilot, app)
        await settle(pilot, showing(app, HandEndScreen))
        lines = [" ".join(line.split()) for line in plain(app.screen.query_one("#hand-end-body")).splitlines()]
        assert declared and declared[0].seat == 0
        for ev in declared:
            paid = [ln for ln in ev.result.lines if ln.kind in (LineKind.TYPE, LineKind.PAYMENT)]
            assert len(paid) >= 2 and sum(ln.amount or 0 for ln in paid if ln.kind is LineKind.PAYMENT) == max(
                ev.result.payments
            )
            for ln in paid:  # each on a line of its own, its amount at the end
                text = " ".join(look.told(ln.en).split())
                assert any(line.startswith(text) and line.endswith(f" {ln.amount}") for line in lines), (text, lines)


async def g_lists_the_terms(pilot, end: HandEndScreen) -> None:  # type: ignore[no-untyped-def]
    """``g`` on ``end``: a list of the terms it names, the first opening its entry; Esc, Esc: back to ``end``."""
    app = pilot.app
    shown = terms_on(end)
    assert len(shown) > 1 and all(rules == "changsha" for _, rules in shown)
    await press(pilot, "g")
    await settle(pilot, showing(app, TermChooser))
    assert app.screen.query_one(OptionList).option_count == len(shown)
    await press(pilot, "enter")
    await settle(pilot, showing(app, GlossaryScreen))
    assert app.screen.entry.id == shown[0][0]  # type: ignore[attr-defined]
    await press(pilot, "escape")
    await settle(pilot, lambda: app.screen is end)


@pytest.mark.parametrize("size", [FULL, COMPACT], ids=["full", "80x24"])
async def test_g_at_a_hands_end_lists_the_rule_terms_it_names(size: tuple[int, int]) -> None:
    """As on the table, a prompt and the review: ``g`` lists the terms the hand's end names (the hand types won, the
    bird …); back at the table (t) and at the summary again (c), once more."""
    seed = find_seed("changsha", lambda g: bool(g.hand.winners))
    app = app_for("changsha", seed)
    async with app.run_test(size=size) as pilot:
        await play_hand_by_keys(pilot, app)
        end = app.screen
        assert isinstance(end, HandEndScreen)
        await g_lists_the_terms(pilot, end)
        await press(pilot, "t")
        await settle(pilot, lambda: app.screen is table_of(app))
        await press(pilot, "c")
        await settle(pilot, showing(app, HandEndScreen))
        assert isinstance(app.screen, HandEndScreen)
        await g_lists_the_terms(pilot, app.screen)
