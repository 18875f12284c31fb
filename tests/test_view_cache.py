"""The analysis of one seat's view is made once and shared (the panel, the ★, the danger marks, a lesson, a review):
what is served is what a fresh analysis of that very view gives, and never what was made for another seat's view,
another moment's or another game's."""

from __future__ import annotations

import inspect
from functools import cache
from typing import Any, TypeVar

import pytest

from bots import create_bot
from mahjong_tui.engine import (
    Action,
    Game,
    GameOptions,
    Phase,
    RiverTile,
    SeatView,
    TableView,
    play_until_decision,
    seat_view,
)
from mahjong_tui.learn.advice import star
from mahjong_tui.learn.danger import dangers
from mahjong_tui.learn.hints import hint_for_view
from mahjong_tui.learn.view_cache import ViewCache, fresh

R = TypeVar("R", SeatView, TableView)


def changed(record: R, **values: Any) -> R:
    """A copy of a view (another object) with ``values`` in place of the fields of those names."""
    names = inspect.signature(type(record)).parameters
    return type(record)(*(values.get(name, old) for name, old in zip(names, record, strict=True)))


class _EverySeat:
    """Normal bots at every seat; at every third decision, each seat's view of that moment is kept."""

    def __init__(self, game: Game, kept: list[tuple[SeatView, ...]]) -> None:
        self.game = game
        self.kept = kept
        self.bots = [create_bot("normal", s, 7) for s in range(4)]
        self.calls = 0

    def choose(self, view: SeatView) -> Action:
        self.calls += 1
        if self.calls % 3 == 0 and len(self.kept) < 30:
            self.kept.append(tuple(seat_view(self.game.hand, s) for s in range(4)))
        return self.bots[view.seat].choose(view)


@cache
def moments(rules: str) -> tuple[tuple[SeatView, ...], ...]:
    """Every seat's view at moments of seeded self-play (turns and claim windows alike)."""
    kept: list[tuple[SeatView, ...]] = []
    game = Game(rules, 4242, GameOptions(max_hands=2))
    player = _EverySeat(game, kept)
    while not game.over and len(kept) < 30:
        play_until_decision(game, {s: player for s in range(4)})
        if not game.over:
            game.next_hand()
    return tuple(kept)


@pytest.mark.parametrize("rules", ["shanghai-lezi", "changsha"])
def test_a_kept_hint_is_the_fresh_hint_of_the_same_view(rules: str) -> None:
    """Every seat's view at the same moment, asked in turn and again the other way round: each gets the hint, the ★
    and the danger marks a fresh analysis of its own view gives; an equal view made anew is served the same."""
    found = moments(rules)
    assert len(found) >= 20 and any(v.phase is Phase.CLAIM for m in found for v in m)
    for views in found:
        served = {}
        for view in (*views, *reversed(views)):
            hint, choice, marks = hint_for_view(view), star(view), dangers(view)
            with fresh():
                assert hint == hint_for_view(view)
                assert choice == star(view)
                assert marks == dangers(view)
            served.setdefault(view.seat, hint)
            assert served[view.seat] is hint  # asked again, the seat's own hint is served, not made again
        again = changed(views[0])  # an equal view, another object
        assert again is not views[0] and hint_for_view(again) is hint_for_view(views[0])


def test_a_view_that_differs_anywhere_is_never_served_another_views_answer() -> None:
    """Views equal but for the seat, the scores, a river tile or the flowers (what a fingerprint of seat, tiles and
    moment does not tell apart) each get what was made from themselves; the cache keeps a few views only."""
    view = next(v for m in moments("shanghai-lezi") for v in m if v.phase is Phase.TURN and any(v.table.rivers))
    table = view.table
    river = next(s for s in range(4) if table.rivers[s])
    changed_river = list(table.rivers)
    first = table.rivers[river][0]
    changed_river[river] = (RiverTile((first.tile + 1) % 27), *table.rivers[river][1:])
    variants = [
        *(changed(view, seat=s) for s in range(4)),
        changed(view, table=changed(table, scores=tuple(x + 1 for x in table.scores))),
        changed(view, table=changed(table, rivers=tuple(changed_river))),
        changed(view, table=changed(table, flowers=((*table.flowers[0], 34), *table.flowers[1:]))),
    ]
    kept: ViewCache[SeatView] = ViewCache(len(variants))
    for v in variants:
        assert kept.get(v, lambda made: made) is v  # made from itself, not served another's
    for v in variants:
        assert kept.get(changed(v), lambda made: made) is v  # an equal view is served what was made from it
    small: ViewCache[SeatView] = ViewCache(3)
    for v in variants:
        small.get(v, lambda made: made)
    assert len(small) == 3
    assert small.get(changed(variants[0]), lambda made: made) is not variants[0]  # dropped, made anew
