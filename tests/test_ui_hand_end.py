"""The end of a hand, as a learner reads it: 起手小胡, settled at once, on lines of their own."""

from __future__ import annotations

from ui_support import FULL, app_for, changsha_at, plain, play_hand_by_keys, settle, table_of

from mahjong_tui.engine import InitialWinsDeclared, LineKind, Phase
from mahjong_tui.ui.screens.choice import ChoiceScreen
from mahjong_tui.ui.screens.hand_end import HandEndScreen


async def test_initial_small_wins_are_paid_on_lines_of_their_own_at_the_hands_end() -> None:
    """Each 起手小胡 declared: beneath its line, each type and each payment with its amount, as the settlement says."""
    game = changsha_at(Phase.INITIAL)
    app = app_for(game.rules.name, game.seed, game=game)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("d")
        await settle(pilot, lambda: 0 in game.hand.initial_declared)
        look = table_of(app).look()
        declared = [e for e in game.hand.events if isinstance(e, InitialWinsDeclared)]
        await play_hand_by_keys(pilot, app)
        await settle(pilot, lambda: isinstance(app.screen, HandEndScreen))
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
