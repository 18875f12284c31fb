"""Every number the hint panel shows for a wait equals the calculator's (``mahjong-tui score``) for that seat's view.

RULES §2 and §2b (values, 三口 / 承包, 荒番, 开宝, 门清) and §3 (Changsha's points): positions
come from seeded self-play; for each wait of a ready seat, the score input is built from what
the seat sees (its own tiles, the melds and their sources, the dealer, the dice, the base)
and scored by the calculator, a self-draw and a discard by each opponent, and compared with
the panel's figures. 花 so far counts flowers, honour pongs and kongs (RULES §2).
"""

from __future__ import annotations

from functools import cache

import pytest
from support import Watcher

from bots import create_bot
from mahjong_tui.book.calculator import situation_from_json
from mahjong_tui.engine import (
    Game,
    GameOptions,
    Phase,
    SeatView,
    TableView,
    format_tiles,
    get_ruleset,
    meld_from_text,
    play_until_decision,
    tile_name,
)
from mahjong_tui.learn.hints import hint_for_view


def _in_claim(view: SeatView) -> bool:
    return view.phase is Phase.CLAIM


@cache
def ready_views(rules_name: str) -> tuple[SeatView, ...]:
    """Views of seats ready to win, from seeded hands (some 荒番, some with claims between players)."""
    kept: list[SeatView] = []
    for n in range(40):
        game = Game(rules_name, 4000 + n, GameOptions(max_hands=1, base=1 + n % 3))
        play_until_decision(game, {s: Watcher(s, "normal", n, kept, _in_claim) for s in range(4)})
    out = []
    for view in kept:
        hint = hint_for_view(view)
        if any(w.qualifies for w in hint.waits):
            out.append(view)
    return tuple(out[::2][:25])


def situation(view: SeatView, tile: int, discarder: int | None, ready: bool = False) -> dict[str, object]:
    """The calculator's input for a win of the seat on ``tile``, from what its view shows."""
    rules, table, seat = view.ruleset, view.table, view.seat
    data: dict[str, object] = {
        "rules": rules.name,
        "winner": seat,
        "dealer": view.dealer,
        "hand": format_tiles(t for t in range(34) for _ in range(view.counts[t])),
        "win_tile": tile_name(tile),
        "melds": [m.to_json() for m in table.melds[seat]],
        "win_by": "self_draw" if discarder is None else "discard",
        "first_turn": not table.rivers[seat] and not table.melds[seat] and not any(map(any, table.claims)),
    }
    if discarder is not None:
        data["discarder"] = discarder
    inputs = rules.score_inputs
    if "flowers" in inputs:
        data["flowers"] = format_tiles(table.flowers[seat])
    if "base" in inputs:
        data["base"] = table.base
    if "huangfan" in inputs:
        data["huangfan"] = table.is_huangfan_hand
    if "kaibao" in inputs:
        data["kaibao"] = rules.kaibao(table.dice)
    if "claims" in inputs:
        data["claims"] = [list(row) for row in table.claims]
    if "discarder_ready" in inputs and discarder is not None:
        data["discarder_ready"] = ready
    return data


def paid(data: dict[str, object], seat: int) -> int:
    result = situation_from_json(data).score()
    assert result.valid, data
    return result.payments[seat]


@pytest.mark.parametrize("rules_name", ["shanghai", "shanghai-qq", "shanghai-lezi", "changsha"])
def test_each_wait_s_worth_is_the_calculator_s(rules_name: str) -> None:
    """RULES §2/§2b/§3: a self-draw and a discard by each opponent, 三口 or 承包, 荒番, 开宝 and 门清 counted."""
    views = ready_views(rules_name)
    assert len(views) >= 5
    discards = 0
    for view in views:
        seat = view.seat
        for wait in hint_for_view(view).waits:
            if not wait.qualifies:
                continue
            assert wait.points == paid(situation(view, wait.tile, None), seat)
            assert [w.seat for w in wait.by_discard] == [o for o in range(4) if o != seat]
            for w in wait.by_discard:
                assert w.points == paid(situation(view, wait.tile, w.seat, False), seat)
                ready = paid(situation(view, wait.tile, w.seat, True), seat)
                assert (w.if_ready if w.if_ready is not None else w.points) == ready
                discards += 1
    assert discards >= 15


def test_the_claims_on_the_table_are_the_hands_claims() -> None:
    """RULES §2 三口: who has claimed how many discards from whom, read from the melds, is the engine's own count."""
    game = Game("shanghai", 31, GameOptions(max_hands=1))
    bots = {s: create_bot("easy", s, 31) for s in range(4)}
    seen_claims = 0

    def check(_move: object) -> None:
        nonlocal seen_claims
        from mahjong_tui.engine import table_view

        claims = table_view(game.hand).claims
        assert claims == tuple(tuple(p.claims_from) for p in game.hand.players)
        seen_claims = max(seen_claims, sum(map(sum, claims)))

    play_until_decision(game, bots, observe=check)
    assert seen_claims >= 2


@pytest.mark.parametrize(
    ("melds", "flowers", "hua"),
    [
        ([("pong", "333z")], "", 1),  # an exposed wind pong (西) counts 1
        ([("pong", "777z")], "f1f2", 4),  # a dragon pong 2, each flower 1
        ([("kong", "5555m"), ("concealed_kong", "1111z")], "", 4),  # suited exposed kong 1, concealed wind kong 3
        ([("chi", "123m"), ("pong", "555m")], "f8", 1),  # chis and suited pongs count nothing
    ],
)
def test_hua_so_far_counts_flowers_honour_pongs_and_kongs(melds: list[tuple[str, str]], flowers: str, hua: int) -> None:
    """RULES §2 花: what a seat has shown counts as the table's 花 count has it."""
    from mahjong_tui.engine import parse_tiles

    rules = get_ruleset("shanghai")
    shown = [meld_from_text(kind, tiles, 1 if kind != "concealed_kong" else None) for kind, tiles in melds]
    assert rules.hua(shown, parse_tiles(flowers)) == hua
    assert get_ruleset("changsha").hua(shown, ()) is None


def _view_with(rules_name: str, hand: str, melds: list[list[tuple[str, str, int | None]]], river: str = "9p"):
    """A seat-0 view of ``hand`` with every seat's melds (kind, tiles, source) and a discard of its own made."""
    from mahjong_tui.engine import RiverTile, parse_tiles
    from mahjong_tui.engine.tiles import counts_of
    from mahjong_tui.learn.hints import study_view

    rules = get_ruleset(rules_name)
    counts = counts_of(parse_tiles(hand))[:34]
    shown = tuple(tuple(meld_from_text(k, t, src) for k, t, src in seat) for seat in melds)
    view = study_view(rules, counts, shown[0], (), [0] * 34)
    rivers = (tuple(RiverTile(t) for t in parse_tiles(river)), *view.table.rivers[1:])
    fields = dict(zip(TableView.__annotations__, view.table, strict=True))
    table = TableView(**{**fields, "melds": shown, "rivers": rivers})
    return SeatView(table, *list(view)[1:])


@pytest.mark.parametrize(
    ("rules_name", "hand", "melds"),
    [
        # 三口 both ways: seat 0 pongs three from seat 1, seat 2 claims three from seat 0 (RULES §2)
        ("shanghai", "234s5s", [[("pong", "111z", 1), ("pong", "555s", 1), ("pong", "777s", 1)], [],
                                [("pong", "222m", 0), ("pong", "333m", 0), ("pong", "444m", 0)], []]),
        # 承包 with two relations (RULES §2b)
        ("shanghai-lezi", "234s5s", [[("pong", "111z", 1), ("pong", "555s", 1), ("pong", "777s", 1)],
                                     [("pong", "222m", 0), ("pong", "333m", 0), ("pong", "444m", 0)], [], []]),
        # 门清: a concealed 混一色 doubles on 花 (RULES §2)
        ("shanghai", "123m456m789m111z5z", [[], [], [], []]),
    ],
)  # fmt: skip
def test_each_wait_s_worth_counts_relations_and_menqing(rules_name: str, hand: str, melds: list) -> None:
    """RULES §2 三口 / §2b 承包 / 门清: the panel's figures where the bots seldom go, against the calculator."""
    from mahjong_tui.learn.hints import analyse

    view = _view_with(rules_name, hand, melds)
    hint = analyse(view.ruleset, view.counts, view.table.melds[0], (), [0] * 34, view=view)
    waits = [w for w in hint.waits if w.qualifies]
    assert waits
    differs = 0
    for wait in waits:
        assert wait.points == paid(situation(view, wait.tile, None), 0)
        for w in wait.by_discard:
            assert w.points == paid(situation(view, wait.tile, w.seat, False), 0)
            ready = paid(situation(view, wait.tile, w.seat, True), 0)
            assert (w.if_ready if w.if_ready is not None else w.points) == ready
            differs += w.if_ready is not None
    if rules_name == "shanghai" and melds[0]:
        assert differs  # an unrelated discarder (seat 3) pays differently when ready
