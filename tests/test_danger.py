"""Danger marks: the deal-in model's chances on the tiles a seat holds, while an opponent looks close to ready."""

from __future__ import annotations

import pytest

from bots import create_bot
from bots.defence_words import HIGH_FROM, NEAR_READY, SAFE_BELOW
from bots.risk import deal_in_chances, passed_since_turn
from mahjong_tui.engine import Action, Game, GameOptions, Phase, SeatView, play_until_decision, seat_view
from mahjong_tui.learn.danger import dangers


class Watcher:
    """Seat 0's bot, keeping each turn's view and its marks."""

    def __init__(self, seed: int) -> None:
        self.bot = create_bot("normal", 0, seed)
        self.turns: list[tuple[SeatView, tuple]] = []

    def choose(self, view: SeatView) -> Action:
        if view.phase is Phase.TURN:
            self.turns.append((view, dangers(view)))
        return self.bot.choose(view)


def watched(rules: str, seeds: range) -> list[tuple[SeatView, tuple]]:
    out = []
    for seed in seeds:
        game = Game(rules, seed=seed, options=GameOptions(max_hands=1))
        watcher = Watcher(seed)
        play_until_decision(game, {0: watcher, **{s: create_bot("normal", s, seed) for s in (1, 2, 3)}})
        out += watcher.turns
    return out


@pytest.mark.parametrize("rules", ["changsha", "shanghai"])
def test_marks_are_the_models_chances_on_held_tiles(rules: str) -> None:
    """Each held kind once, riskiest first, at the likeliest near opponent's chance, levelled by the thresholds."""
    turns = watched(rules, range(1, 9))
    marked = [(v, d) for v, d in turns if d]
    assert marked and len(marked) < len(turns)  # the first turns of a hand have no marks
    for view, marks in marked:
        chances = deal_in_chances(view, view.unseen)
        near = [o for o in (1, 2, 3) if sum(chances[o]) >= NEAR_READY]
        assert near and sorted(d.tile for d in marks) == [t for t in range(34) if view.counts[t]]
        assert [d.chance for d in marks] == sorted((d.chance for d in marks), reverse=True)
        for d in marks:
            passed_by_all = all(d.tile in passed_since_turn(view, o) for o in near)
            if passed_by_all:
                assert d.level == "safe" and "漏胡" in d.why.en
                continue
            assert d.seat in near and d.chance == max(chances[o][d.tile] for o in near)
            want = "safe" if d.chance < SAFE_BELOW else "high" if d.chance >= HIGH_FROM else "low"
            assert d.level == want and f"seat {d.seat}" in d.why.en and d.why.zh


def test_no_marks_while_nobody_looks_close() -> None:
    """At a hand's first turn nobody has discarded: no opponent looks close to ready, no marks."""
    game = Game("changsha", seed=3)

    view = seat_view(game.hand, game.hand.current)
    assert view.phase is Phase.TURN and dangers(view) == ()
