"""Advice at the special decisions: a kong (开杠 or 补张), the 海底, 起手小胡, winning or passing.

Each is the hard bot's choice on the seat's own view (the ★, as for a discard), said in one
sentence with the numbers behind it: the chance of 杠上开花 against the risk of 杠上炮, the
chance the 海底 wins against a 海底炮, what 起手小胡 pays and what showing the hand gives
away, what a win pays. The numbers are read from what the seat can see: its own tiles, the
unseen copies, and the hard bot's reading of each opponent's waits (:mod:`bots.risk`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

from bots.hard import HardBot, haidi_odds
from bots.hard_defense import Reading
from mahjong_tui.engine import (
    Action,
    ActionKind,
    KongMode,
    Meld,
    MeldKind,
    Phase,
    ScoreResult,
    SeatView,
    WinContext,
    claimed_meld,
)
from mahjong_tui.engine.analysis import waits
from mahjong_tui.engine.words import Words, said
from mahjong_tui.learn.hint_words import NONE, steps, tile_words, tiles_words
from mahjong_tui.learn.view_cache import ViewCache

_OWN_KONGS = (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG)


@dataclass(frozen=True, slots=True)
class Choice:
    """The hard bot's choice on a seat's view (the ★), and what it said of it."""

    action: Action | None  # None: nothing to do
    defence: Words | None = None  # why it took a safer discard than its plain choice (None: it did not)
    dead_wait: Words | None = None  # its word on a ready hand with no live winning tile (None: no such hand)


class _Suggester(HardBot):
    """The hard bot of the ★: it reads the table of its seat's own view as the danger marks do, once per view."""

    def read_table(self, view: SeatView, unseen: Sequence[int]) -> Reading:
        """The view's reading (:func:`reading_for`) when ``unseen`` is the view's own, else a reading of its own."""
        return reading_for(view) if list(unseen) == view.unseen else Reading(view, unseen)


def suggester(view: SeatView, *, defends: bool = True) -> HardBot:
    """The hard bot for the seat that makes the game's suggestion (``defends``: weigh what a tile may feed)."""
    bot = _Suggester(view.seat)
    bot.defends = defends
    return bot


def choice_of(bot: HardBot, view: SeatView) -> Choice:
    """``bot``'s choice on ``view`` and its words (no action with nothing to do)."""
    if not view.legal:
        return Choice(None)
    action = bot.choose(view)
    return Choice(action, bot.last_defence, bot.last_dead_wait)


_READINGS: ViewCache[Reading] = ViewCache(4)
_STARS: ViewCache[Choice] = ViewCache(4)


def reading_for(view: SeatView) -> Reading:
    """What the seat reads of each opponent's winning tiles from its view (made once per view)."""
    return _READINGS.get(view, lambda v: Reading(v, v.unseen))


def star(view: SeatView) -> Choice:
    """The hard bot's choice on the seat's view, with its defence at the table (made once per view)."""
    return _STARS.get(view, lambda v: choice_of(suggester(v), v))


def suggested_action(view: SeatView) -> Action | None:
    """The move the game knows best for this seat now (the hard bot's choice on its view); None with nothing to do."""
    return star(view).action


def percent_words(x: float, *, about: bool = False) -> Words:
    """A chance: ``6%`` (``about``: ``about 6%`` / ``约 6%``); one that rounds to nothing but is not none is
    ``under 1%``, one that rounds to all but is not sure ``over 99%``, with ``about`` or without."""
    if 0 < x < 0.005:
        return said("advice.under_one_percent")
    if 0.995 <= x < 1:
        return said("advice.over_99_percent")
    return said("advice.about_percent" if about and 0 < x < 1 else "advice.percent", pct=f"{100 * x:.0f}")


def after_kong(view: SeatView, action: Action) -> tuple[list[int], tuple[Meld, ...]]:
    """The seat's concealed tiles and melds once the quad of ``action`` is set aside."""
    counts = list(view.counts)
    melds = view.melds[view.seat]
    t = action.tile
    assert t is not None
    if action.kind is ActionKind.KONG:
        used, meld = claimed_meld(action, view.current)
        for u in used:
            counts[u] -= 1
        return counts, (*melds, meld)
    if action.kind is ActionKind.CONCEALED_KONG:
        counts[t] -= 4
        return counts, (*melds, Meld(MeldKind.CONCEALED_KONG, (t, t, t, t)))
    counts[t] -= 1
    grown = tuple(
        Meld(MeldKind.ADDED_KONG, (t,) * 4, m.claimed, m.source) if m.kind is MeldKind.PONG and m.first == t else m
        for m in melds
    )
    return counts, grown


def _unseen(view: SeatView, counts: list[int], melds: tuple[Meld, ...]) -> list[int]:
    mine = list(counts)
    for m in melds:
        for t in m.tiles:
            mine[t] += 1
    outside = view.outside
    kinds = 34 if view.ruleset.honours else 27  # a rule set without honours has none unseen
    return [max(0, 4 - mine[t] - outside[t]) if t < kinds else 0 for t in range(34)]


def kong_words(view: SeatView, action: Action) -> Words:
    """Why this kong, or this way of using the quad (补张 or 开杠), with its numbers."""
    rules = view.ruleset
    counts, melds = after_kong(view, action)
    unseen = _unseen(view, counts, melds)
    pool = max(1, sum(unseen))
    ready = waits(counts, rules.shapes, melds)
    live = sum(unseen[t] for t in ready)
    modes = {a.mode for a in view.legal if a.kind is action.kind and a.tile == action.tile}
    if KongMode.KAIGANG not in modes and KongMode.BUZHANG not in modes:
        return said("advice.kong_tail", tile=tile_words(action.tile or 0))
    one = live / pool
    two = 1 - comb(pool - live, 2) / comb(pool, 2) if pool >= 2 else one
    reading = Reading(view, unseen)
    feed = sum(unseen[t] * reading.feed(t) for t in range(34)) / pool
    feed_two = 1 - (1 - feed) ** 2
    if not ready:
        return said("advice.buzhang_not_ready")
    odds = said("advice.kong_odds", tiles=tiles_words(ready), live=live, pool=pool, win=percent_words(two, about=True),
                feed=percent_words(feed_two, about=True))  # fmt: skip
    if action.mode is KongMode.KAIGANG:
        return said("advice.kaigang", odds=odds)
    return said("advice.buzhang", odds=odds, one=percent_words(one))


def _no_kong(view: SeatView, action: Action) -> Words:
    """Why the discard rather than an offered kong: the steps the kong would leave."""
    kong = next(a for a in view.legal if a.kind in _OWN_KONGS)
    rules = view.ruleset
    counts, melds = after_kong(view, kong)
    from mahjong_tui.engine.targets import win_shanten

    now = win_shanten(rules.win_targets, rules.shapes, counts, melds)
    tile = tile_words(kong.tile or 0)
    if now is None:
        return said("advice.no_kong_no_win", tile=tile)
    return said("advice.no_kong", tile=tile, steps=steps(now))


def _haidi(view: SeatView, action: Action) -> Words:
    odds = haidi_odds(view)
    if odds is None:
        return said("advice.haidi_not_ready")
    numbers = said("advice.haidi_odds", live=odds.live, pool=odds.pool, win=percent_words(odds.win, about=True),
                   risk=percent_words(odds.risk, about=True), threats=odds.threats)  # fmt: skip
    return said(f"advice.{'take' if action.kind is ActionKind.TAKE_HAIDI else 'leave'}_haidi", odds=numbers)


def _initial(view: SeatView) -> Words:
    from mahjong_tui.book.rulebook import type_names

    result = initial_preview(view)
    if result is None or not result.valid:
        return NONE
    return said("advice.initial", types=type_names(view.ruleset, result.types), pays=f"{result.payments[view.seat]:+d}")


def _win(view: SeatView, action: Action) -> Words:
    result = view.win_preview(action)
    if result is None or not result.valid:
        return NONE
    from mahjong_tui.book.rulebook import type_names

    return said("advice.win", types=type_names(view.ruleset, result.types), pays=f"{result.payments[view.seat]:+d}")


def decision_advice(view: SeatView, action: Action | None) -> Words:
    """The ★ at a special decision in one sentence with its numbers; nothing at a plain discard or claim."""
    if action is None:
        return NONE
    kinds = {a.kind for a in view.legal}
    if action.kind is ActionKind.WIN:
        return _win(view, action)
    if view.phase is Phase.HAIDI and ActionKind.TAKE_HAIDI in kinds:
        return _haidi(view, action)
    if ActionKind.DECLARE_INITIAL in kinds:
        return _initial(view) if action.kind is ActionKind.DECLARE_INITIAL else NONE
    if action.kind in _OWN_KONGS:
        return kong_words(view, action)
    if view.phase is Phase.TURN and kinds & set(_OWN_KONGS) and action.kind is ActionKind.DISCARD:
        return _no_kong(view, action)
    return NONE


def initial_preview(view: SeatView) -> ScoreResult | None:
    """What declaring the 起手小胡 of ``view``'s dealt hand would score and pay (None: it has none)."""
    rules = view.ruleset
    if not rules.initial_wins(view.counts):
        return None
    ctx = WinContext(
        winner=view.seat, concealed=view.hand, win_tile=None, dealer=view.dealer, initial=True, base=view.table.base
    )
    return rules.score(ctx)
