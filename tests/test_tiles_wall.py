"""Tile notation (RULES.md §0) and the wall as stacks (RULES.md §1)."""

from __future__ import annotations

import pytest

from mahjong_tui.engine.tiles import (
    TileError,
    format_tiles,
    full_tile_set,
    parse_tile,
    parse_tiles,
    tile_en,
    tile_zh,
)
from mahjong_tui.engine.wall import Wall


@pytest.mark.parametrize(
    "text, names",
    [
        pytest.param("123m45p", ["1m", "2m", "3m", "4p", "5p"], id="notation-digits-then-suit"),
        pytest.param("f15", ["f1", "f5"], id="notation-flowers"),
        pytest.param("1z7z", ["1z", "7z"], id="notation-honours"),
        pytest.param("11s 9p", ["1s", "1s", "9p"], id="notation-spaces-between-groups"),
    ],
)
def test_tile_notation_parses(text, names):
    """Digits then a suit letter; flowers f1..f8."""
    assert [format_tiles([t]) for t in parse_tiles(text)] == names


@pytest.mark.parametrize(
    "text, part",
    [
        pytest.param("123", "'123' have no suit letter", id="notation-error-missing-suit"),
        pytest.param("8z", "8z does not exist", id="notation-error-honour-out-of-range"),
        pytest.param("0m", "0m does not exist", id="notation-error-zero"),
        pytest.param("f9", "f9 does not exist", id="notation-error-flower-out-of-range"),
        pytest.param("12x", "'x'", id="notation-error-unknown-letter"),
        pytest.param("m", "no digits before it", id="notation-error-letter-alone"),
    ],
)
def test_tile_notation_errors_name_the_bad_part(text, part):
    """Errors name the bad part of the text."""
    with pytest.raises(TileError, match=part):
        parse_tiles(text)


def test_format_round_trip():
    """format_tiles groups runs of one suit and reads back the same tiles."""
    tiles = parse_tiles("19m19p19s1234567zf12345678")
    assert format_tiles(tiles) == "19m19p19s1234567zf12345678"
    assert parse_tiles(format_tiles(tiles)) == sorted(tiles)


def test_tile_names_in_both_languages():
    """Chinese and English names for the table and the explanations."""
    assert tile_zh(parse_tile("5m")) == "五万" and tile_en(parse_tile("5m")) == "5 Characters"
    assert tile_zh(parse_tile("1z")) == "东" and tile_zh(parse_tile("7z")) == "中"
    assert tile_zh(parse_tile("f1")) == "春" and tile_en(parse_tile("f8")) == "Chrysanthemum"


def test_tile_sets():
    """Shanghai 144 tiles (flowers once each); Changsha 108 (suits only)."""
    assert len(full_tile_set(honours=True, flowers=True)) == 144
    assert len(full_tile_set(honours=False, flowers=False)) == 108


@pytest.mark.parametrize(
    "dealer, dice, wall_seat, index",
    [
        pytest.param(0, (1, 4), 0, 5, id="break-total-5-own-wall"),  # 5 mod 4 = 1: own wall
        pytest.param(0, (3, 3), 1, 6, id="break-total-6-next-wall"),  # 2: next
        pytest.param(0, (3, 4), 2, 7, id="break-total-7-opposite-wall"),  # 3: opposite
        pytest.param(0, (4, 4), 3, 8, id="break-total-8-previous-wall"),  # 0: previous
        pytest.param(2, (1, 1), 3, 2, id="break-dealer-2-total-2-next-wall"),
        pytest.param(1, (6, 6), 0, 12, id="break-dealer-1-total-12-previous-wall"),
    ],
)
def test_break_point(dealer, dice, wall_seat, index):
    """Dice total S: count S walls from the dealer's own, then S stacks from that wall's right end."""
    w = Wall(list(range(144)), (18, 18, 18, 18), dealer, dice)
    v = w.view()
    assert v.break_at == (wall_seat, index)
    assert v.head == (wall_seat, index)


def test_draws_go_clockwise_from_head_and_replacements_from_tail():
    """Live draws take the head stack top then bottom, moving clockwise; replacements the tail stack."""
    tiles = list(range(144))
    w = Wall(tiles, (18, 18, 18, 18), 0, (3, 4))  # breaks seat 2's wall at stack 7
    head_stack = w.order[0]
    assert w.draw_head() == tiles[2 * head_stack]  # top
    assert w.draw_head() == tiles[2 * head_stack + 1]  # bottom
    assert w.view().head == (2, 8)  # on clockwise along the same wall
    tail_stack = w.order[-1]
    assert w.view().tail == (2, 6)  # the stack just before the break
    assert w.draw_tail() == tiles[2 * tail_stack]
    assert w.draw_tail() == tiles[2 * tail_stack + 1]
    assert w.view().tail == (2, 5)
    assert w.remaining == 140
    heights = w.view().heights[2]
    assert heights[7] == 0 and heights[6] == 0 and heights[8] == 2


def test_wall_walks_into_the_previous_seats_wall():
    """Clockwise past the end of a wall continues on the previous seat's wall."""
    w = Wall(list(range(144)), (18, 18, 18, 18), 0, (6, 6))  # seat 3's wall, stack 12
    for _ in range(12):  # stacks 12..17 of seat 3's wall
        w.draw_head()
    assert w.view().head == (2, 0)


def test_changsha_wall_layout():
    """Changsha: 54 stacks in walls of 14, 13, 14, 13."""
    w = Wall(list(range(108)), (14, 13, 14, 13), 0, (2, 3))
    assert [len(h) for h in w.view().heights] == [14, 13, 14, 13]


def test_draw_from_tail_stack_counts_from_the_tail():
    """开杠: the k-th stack counted from the tail, top tile first; beyond the wall, the last stack."""
    tiles = list(range(108))
    w = Wall(tiles, (14, 13, 14, 13), 0, (2, 3))
    third = w.order[-3]
    assert w.draw_from_tail_stack(3) == tiles[2 * third]
    assert w.draw_from_tail_stack(3) == tiles[2 * third + 1]
    assert third not in w.order


def test_a_seats_wind_is_counted_from_the_dealer() -> None:
    """The dealer sits 东; the next seats 南, 西, 北, whichever seat deals."""
    from mahjong_tui.engine.tiles import seat_wind_zh

    assert [seat_wind_zh(s, 2) for s in range(4)] == ["西", "北", "东", "南"]
