"""The win preview: every win offered comes with what it would score, and that is what the win scores."""

from __future__ import annotations

import pytest

from bots import create_bot
from mahjong_tui.engine import Action, ActionKind, Game, GameOptions, PlayerWon, SeatView, play_until_decision


class Previewing:
    """A bot that notes the preview of every win it is offered, and the win it takes."""

    def __init__(self, seat: int, seed: int, notes: list) -> None:
        self.bot = create_bot("normal", seat, seed)
        self.notes = notes

    def choose(self, view: SeatView) -> Action:
        wins = [a for a in view.legal if a.kind is ActionKind.WIN]
        assert [a for a, _ in view.wins] == wins  # a preview for each win offered, and only those
        choice = self.bot.choose(view)
        for a in wins:
            preview = view.win_preview(a)
            assert preview is not None and preview.valid and preview.types
            if choice == a:
                self.notes.append((view.seat, a.tile, preview))
        return choice


@pytest.mark.parametrize("rules", ["shanghai", "shanghai-lezi", "changsha"])
def test_the_preview_is_what_the_win_scores(rules: str) -> None:
    """Across bot games: the win taken scores exactly its preview (types, value and payments).

    Where a bird (扎鸟) is drawn after the win, the preview is the payment before it: the
    bird can only double what a seat pays.
    """
    taken = 0
    for seed in range(1, 13):
        notes: list = []
        game = Game(rules, seed=seed, options=GameOptions(max_hands=2))
        players = {s: Previewing(s, seed, notes) for s in range(4)}
        events = []
        while not game.over:
            play_until_decision(game, players, observe=lambda m, ev=events: ev.extend(m.events))
            if not game.over:
                game.next_hand()
        won = {(e.seat, e.context.win_tile): e.result for e in events if isinstance(e, PlayerWon)}
        for seat, tile, preview in notes:
            if (seat, tile) in won:  # a claim window's win may be beaten by a seat before it (截胡)
                result = won[(seat, tile)]
                assert (result.types, result.value) == (preview.types, preview.value)
                if game.rules.bird:
                    payers = [k for k in range(4) if k != seat]
                    assert all(result.payments[k] in (preview.payments[k], 2 * preview.payments[k]) for k in payers)
                else:
                    assert result.payments == preview.payments
                taken += 1
    assert taken >= 10
