"""Shanghai scoring (RULES.md §2 and §4), one named test per rule, hands in tile notation."""

from __future__ import annotations

from typing import Any

import pytest

from mahjong_tui.engine import LineKind, ScoreResult, WinBy, WinContext
from mahjong_tui.engine.melds import Meld, meld_from_text
from mahjong_tui.engine.shapes import regular_splits
from mahjong_tui.engine.tiles import parse_tile, parse_tiles
from mahjong_tui.rules import UnknownRules, get_ruleset, shanghai_hands
from mahjong_tui.rules.shanghai_presets import SHANGHAI_HAND_TYPES, SHANGHAI_PRESETS, ShanghaiParams
from mahjong_tui.rules.shanghai_scoring import related_seats

MeldSpec = tuple[str, str, int | None]


def melds_of(*specs: MeldSpec) -> tuple[Meld, ...]:
    """Melds from (type, tiles, from) triples."""
    return tuple(meld_from_text(kind, tiles, source) for kind, tiles, source in specs)


def ctx(
    hand: str,
    win: str,
    *melds: MeldSpec,
    winner: int = 0,
    dealer: int = 0,
    flowers: str = "",
    win_by: str = "self_draw",
    discarder: int | None = None,
    claims: list[list[int]] | None = None,
    **kw: Any,
) -> WinContext:
    """A WinContext in the notation of the ``score`` command."""
    return WinContext(
        winner=winner,
        dealer=dealer,
        concealed=tuple(parse_tiles(hand)),
        win_tile=parse_tile(win),
        melds=melds_of(*melds),
        flowers=tuple(parse_tiles(flowers)),
        win_by=WinBy(win_by),
        discarder=discarder,
        claims=None if claims is None else tuple(tuple(row) for row in claims),
        **kw,
    )


def scored(*args: Any, rules: str = "shanghai", **kw: Any) -> ScoreResult:
    """Score with the preset's rule set object, as the engine does."""
    return get_ruleset(rules).score(ctx(*args, **kw))


# A qualifying hand worth exactly the base (half flush, one chi, no 花): value 2.
HALF_FLUSH_PLAIN = ("456m789m555m2z", "2z", ("chi", "123m", 3))


# --------------------------------------------------------------------------- spec examples


def test_spec_example_concealed_half_flush_dealer_self_draw() -> None:
    r = scored("123m456m789m111z5z", "5z", winner=0, dealer=0)
    assert r.valid
    assert set(r.types) == {"hunyise", "menqing"}
    assert (r.flowers, r.lezi, r.value) == (1, 0, 6)
    assert r.payments == (18, -6, -6, -6)


def test_spec_example_three_chis_sankou_self_draw() -> None:
    r = scored("777z5m", "5m", ("chi", "123m", 3), ("chi", "456m", 3), ("chi", "789m", 3))
    assert r.valid
    assert r.types == ("hunyise",)
    assert (r.flowers, r.value) == (2, 4)
    assert r.payments == (28, -4, -4, -20)


# --------------------------------------------------------------------------- hand types

TYPE_CASES = [
    # (hand, win, melds, kwargs, type id, present?)
    pytest.param(
        "123m456p789s123m5p",
        "5p",
        (),
        {"first_turn": True},
        "tianhu",
        True,
        id="tianhu-dealer-first-turn-self-draw",
    ),
    pytest.param(
        "123m456p789s123m5p",
        "5p",
        (),
        {"first_turn": True, "winner": 1},
        "tianhu",
        False,
        id="tianhu-not-for-non-dealer",
    ),
    pytest.param("123m456p789s123m5p", "5p", (), {}, "tianhu", False, id="tianhu-needs-first-turn"),
    pytest.param(
        "123m456p789s123m5p",
        "5p",
        (),
        {"first_turn": True, "winner": 1},
        "dihu",
        True,
        id="dihu-non-dealer-first-turn-self-draw",
    ),
    pytest.param(
        "123m456p789s123m5p",
        "5p",
        (),
        {"first_turn": True, "winner": 2, "win_by": "discard", "discarder": 0},
        "dihu",
        True,
        id="dihu-non-dealer-first-turn-discard",
    ),
    pytest.param("123m456p789s123m5p", "5p", (), {"first_turn": True}, "dihu", False, id="dihu-not-for-dealer"),
    pytest.param(
        "1357m2468p1357s9s",
        "9p",
        (),
        {"flowers": "f12345678"},
        "bahua",
        True,
        id="bahua-all-eight-flowers-any-hand",
    ),
    pytest.param("111z222z333z444z5z", "5z", (), {}, "ziyise", True, id="ziyise-all-honours-all-triplets"),
    pytest.param("111z222z333z444z5z", "5z", (), {}, "luanfengxiang", False, id="ziyise-is-not-also-luanfengxiang"),
    pytest.param(
        "1234567z123456z", "7z", (), {}, "luanfengxiang", True, id="luanfengxiang-all-honours-any-arrangement"
    ),
    pytest.param("1234567z123456z", "7z", (), {}, "ziyise", False, id="luanfengxiang-is-not-ziyise"),
    pytest.param("111m333m555m777m9m", "9m", (), {}, "qingpeng", True, id="qingpeng-one-suit-all-triplets"),
    pytest.param("123m456m789m123m5m", "5m", (), {}, "qingyise", True, id="qingyise-one-suit"),
    pytest.param("123m456m789m123m5z", "5z", (), {}, "qingyise", False, id="qingyise-not-with-honours"),
    pytest.param("111m333m555m111z5z", "5z", (), {}, "hunpeng", True, id="hunpeng-one-suit-honours-all-triplets"),
    pytest.param(
        "5s",
        "5s",
        (("pong", "111m", 1), ("pong", "999p", 2), ("chi", "234s", 3), ("pong", "777z", 1)),
        {},
        "dadiaoche",
        True,
        id="dadiaoche-four-exposed-melds-single-wait",
    ),
    pytest.param(
        "5s",
        "5s",
        (("pong", "999p", 2), ("chi", "234s", 3), ("pong", "777z", 1), ("concealed_kong", "1111m", None)),
        {},
        "dadiaoche",
        False,
        id="dadiaoche-needs-four-exposed-melds",
    ),
    pytest.param(
        "123m456p789s123m5p",
        "5p",
        (),
        {"replacement": True},
        "gangkai",
        True,
        id="gangkai-self-draw-on-replacement",
    ),
    pytest.param("123m456p789s123m5p", "5p", (), {}, "gangkai", False, id="gangkai-needs-replacement"),
    pytest.param("123m456m789m111z5z", "5z", (), {}, "hunyise", True, id="hunyise-one-suit-plus-honours"),
    pytest.param("123m456p789s111z5z", "5z", (), {}, "hunyise", False, id="hunyise-not-with-two-suits"),
    pytest.param("111m222p333s444z5z", "5z", (), {}, "pengpenghu", True, id="pengpenghu-all-triplets"),
    pytest.param("123m456m789m111z5z", "5z", (), {}, "menqing", True, id="menqing-no-claimed-melds"),
    pytest.param(
        "123m456m789m5z",
        "5z",
        (("concealed_kong", "1111z", None),),
        {},
        "menqing",
        True,
        id="menqing-allows-concealed-kong",
    ),
    pytest.param("123m456m789m5z", "5z", (("pong", "111z", 1),), {}, "menqing", False, id="menqing-not-with-a-pong"),
    pytest.param(
        "123m456m789m5z",
        "5z",
        (("added_kong", "1111z", 1),),
        {},
        "menqing",
        False,
        id="menqing-not-with-an-added-kong",
    ),
    pytest.param(
        "123m456m789m111z5z",
        "5z",
        (),
        {"win_by": "discard", "discarder": 1},
        "menqing",
        True,
        id="menqing-counts-on-a-discard",
    ),
    pytest.param(
        "123m456m789m111z5z",
        "5z",
        (),
        {"win_by": "robbed_kong", "discarder": 2},
        "menqing",
        True,
        id="menqing-counts-on-a-robbed-kong",
    ),
    pytest.param(
        "123m456m789m111z5z",
        "5z",
        (),
        {"win_by": "robbed_kong", "discarder": 2},
        "qianggang",
        True,
        id="qianggang-robbed-kong",
    ),
    pytest.param(
        "123m456m789m111z5z",
        "5z",
        (),
        {"win_by": "discard", "discarder": 2},
        "qianggang",
        False,
        id="qianggang-not-on-a-discard",
    ),
]


@pytest.mark.parametrize(("hand", "win", "melds", "kw", "type_id", "present"), TYPE_CASES)
def test_hand_type(
    hand: str, win: str, melds: tuple[MeldSpec, ...], kw: dict[str, Any], type_id: str, present: bool
) -> None:
    r = scored(hand, win, *melds, **kw)
    assert (type_id in r.types) is present, (r.types, r.reason)
    if present:
        assert r.valid


LEZI_CASES = [
    pytest.param("123m456p789s123m5p", "5p", {"first_turn": True}, "tianhu", 10, id="tianhu-10-lezi"),
    pytest.param("123m456p789s123m5p", "5p", {"first_turn": True, "winner": 3}, "dihu", 8, id="dihu-8-lezi"),
    pytest.param("1357m2468p1357s9s", "9p", {"flowers": "f12345678"}, "bahua", 4, id="bahua-4-lezi"),
    pytest.param("111z222z333z444z5z", "5z", {}, "ziyise", 4, id="ziyise-4-lezi"),
    pytest.param("1234567z123456z", "7z", {}, "luanfengxiang", 2, id="luanfengxiang-2-lezi"),
    pytest.param("111m333m555m777m9m", "9m", {}, "qingpeng", 2, id="qingpeng-2-lezi"),
    pytest.param("123m456m789m123m5m", "5m", {}, "qingyise", 1, id="qingyise-1-lezi"),
    pytest.param("111m333m555m111z5z", "5z", {}, "hunpeng", 1, id="hunpeng-1-lezi"),
    pytest.param("123m456p789s123m5p", "5p", {"replacement": True}, "gangkai", 1, id="gangkai-1-lezi"),
]


@pytest.mark.parametrize(("hand", "win", "kw", "type_id", "lezi"), LEZI_CASES)
def test_lezi_value_of_type(hand: str, win: str, kw: dict[str, Any], type_id: str, lezi: int) -> None:
    r = scored(hand, win, **kw)
    assert r.valid and type_id in r.types
    assert r.lezi == lezi
    assert r.value == lezi * 10


def test_dadiaoche_1_lezi() -> None:
    r = scored("5s", "5s", ("pong", "111m", 1), ("pong", "999p", 2), ("chi", "234s", 3), ("pong", "777z", 1))
    assert r.types == ("dadiaoche",)
    assert (r.lezi, r.value) == (1, 10)


@pytest.mark.parametrize(
    ("hand", "win", "melds"),
    [
        pytest.param("123m456m789m111z5z", "5z", (), id="hunyise-flower-valued"),
        pytest.param("111m222p333s444z5z", "5z", (), id="pengpenghu-flower-valued"),
    ],
)
def test_flower_valued_types_have_no_lezi(hand: str, win: str, melds: tuple[MeldSpec, ...]) -> None:
    r = scored(hand, win, *melds)
    assert r.valid and r.lezi == 0


def test_every_hand_type_has_names_and_description() -> None:
    assert list(SHANGHAI_HAND_TYPES) == [
        "tianhu", "dihu", "bahua", "ziyise", "luanfengxiang", "qingpeng", "qingyise",
        "hunpeng", "dadiaoche", "gangkai", "hunyise", "pengpenghu", "menqing", "qianggang",
    ]  # fmt: skip
    for tid, ht in SHANGHAI_HAND_TYPES.items():
        assert ht.id == tid and ht.zh and ht.en and ht.description


# --------------------------------------------------------------------------- nesting


@pytest.mark.parametrize(
    ("hand", "win", "listed", "left_out"),
    [
        pytest.param(
            "111m333m555m777m9m",
            "9m",
            "qingpeng",
            {"qingyise", "pengpenghu"},
            id="nesting-qingpeng-not-qingyise-pengpenghu",
        ),
        pytest.param(
            "111m333m555m111z5z",
            "5z",
            "hunpeng",
            {"hunyise", "pengpenghu"},
            id="nesting-hunpeng-not-hunyise-pengpenghu",
        ),
        pytest.param(
            "111z222z333z444z5z",
            "5z",
            "ziyise",
            {"luanfengxiang", "pengpenghu"},
            id="nesting-ziyise-not-luanfengxiang-pengpenghu",
        ),
    ],
)
def test_nesting_lists_only_the_most_specific(hand: str, win: str, listed: str, left_out: set[str]) -> None:
    r = scored(hand, win)
    assert listed in r.types
    assert not left_out & set(r.types)


def test_win_lists_every_type_lezi_or_not() -> None:
    # 清碰 + 大吊车 + 杠开: every type is listed, the largest lezi counts.
    r = scored(
        "9m",
        "9m",
        ("pong", "111m", 1),
        ("pong", "333m", 2),
        ("pong", "555m", 3),
        ("kong", "7777m", 1),
        replacement=True,
    )
    assert set(r.types) == {"qingpeng", "dadiaoche", "gangkai"}
    assert r.lezi == 2


# --------------------------------------------------------------------------- qualifying rule


def test_qualifying_plain_hand_cannot_win() -> None:
    r = scored("123m456p789s123m5p", "5p")
    assert not r.valid
    assert r.reason.startswith("a plain hand cannot win in Shanghai: it needs 混一色, 碰碰胡 or better")
    assert r.payments == (0, 0, 0, 0)


def test_qualifying_menqing_alone_does_not_qualify() -> None:
    r = scored("123m456p789s123m5p", "5p")
    assert "menqing" in r.reason


def test_qualifying_qianggang_alone_does_not_qualify() -> None:
    r = scored("123m456p789s5p", "5p", ("chi", "123m", 3), win_by="robbed_kong", discarder=1)
    assert not r.valid
    assert "qianggang" in r.reason


@pytest.mark.parametrize(
    ("hand", "win", "melds", "kw"),
    [
        pytest.param(
            "123m456p789s5p",
            "5p",
            (("chi", "123m", 3),),
            {"replacement": True},
            id="qualifying-gangkai-makes-a-plain-hand-win",
        ),
        pytest.param(
            "123m456p789s123m5p",
            "5p",
            (),
            {"first_turn": True, "winner": 1},
            id="qualifying-dihu-makes-a-plain-hand-win",
        ),
        pytest.param(
            "123m456p789s123m5p",
            "5p",
            (),
            {"flowers": "f12345678"},
            id="qualifying-bahua-makes-a-plain-hand-win",
        ),
        pytest.param("456m789m555m2z", "2z", (("chi", "123m", 3),), {}, id="qualifying-hunyise-with-no-flowers-wins"),
    ],
)
def test_qualifying_types(hand: str, win: str, melds: tuple[MeldSpec, ...], kw: dict[str, Any]) -> None:
    assert scored(hand, win, *melds, **kw).valid


# --------------------------------------------------------------------------- winning shapes


@pytest.mark.parametrize(
    ("hand", "win", "flowers", "reason_part"),
    [
        pytest.param("11m22m33m44p55p66s7z", "7z", "", "seven pairs", id="shape-no-seven-pairs"),
        pytest.param(
            "1357m2468p1357s9s", "9p", "f1234567", "not a winning hand", id="shape-seven-flowers-is-not-bahua"
        ),
        pytest.param(
            "1234567z123456z",
            "7m",
            "",
            "not a winning hand",
            id="shape-luanfengxiang-needs-every-tile-honour",
        ),
        pytest.param("123m456m789m123m5m", "6m", "", "not a winning hand", id="shape-incomplete-hand"),
    ],
)
def test_not_a_winning_shape(hand: str, win: str, flowers: str, reason_part: str) -> None:
    r = scored(hand, win, flowers=flowers)
    assert not r.valid
    assert r.reason.startswith("not a winning hand")
    assert reason_part in r.reason


def test_shape_wrong_tile_count_is_not_a_win() -> None:
    r = scored("123m456m789m111z", "5z")
    assert not r.valid and "tiles" in r.reason


def test_shape_luanfengxiang_with_exposed_honour_melds() -> None:
    r = scored("1234z567z123z", "2z", ("pong", "555z", 1))
    assert r.valid and "luanfengxiang" in r.types


# --------------------------------------------------------------------------- 花 elements

# Each case isolates one element in a hand that scores 0 花 otherwise (pengpenghu of suits).
FLOWER_CASES = [
    pytest.param(
        "222m333p444s5m",
        "5m",
        (("pong", "666s", 1),),
        {"flowers": "f1"},
        "flower",
        1,
        id="flower-each-flower-tile-1",
    ),
    pytest.param("222m333p444s5m", "5m", (("pong", "111z", 1),), {}, "wind_pong", 1, id="flower-exposed-wind-pong-1"),
    pytest.param("111z222m333p444s5m", "5m", (), {}, "wind_triplet", 1, id="flower-concealed-wind-triplet-1"),
    pytest.param(
        "222m333p444s5m",
        "5m",
        (("pong", "777z", 1),),
        {},
        "dragon_pong",
        2,
        id="flower-exposed-dragon-pong-2",
    ),
    pytest.param("777z222m333p444s5m", "5m", (), {}, "dragon_triplet", 2, id="flower-concealed-dragon-triplet-2"),
    pytest.param("222m333p444s5m", "5m", (("kong", "6666s", 1),), {}, "kong", 1, id="flower-suited-exposed-kong-1"),
    pytest.param("222m333p444s5m", "5m", (("added_kong", "6666s", 1),), {}, "kong", 1, id="flower-suited-added-kong-1"),
    pytest.param(
        "222m333p444s5m",
        "5m",
        (("concealed_kong", "6666s", None),),
        {},
        "concealed_kong",
        2,
        id="flower-suited-concealed-kong-2",
    ),
    pytest.param("222m333p444s5m", "5m", (("kong", "1111z", 1),), {}, "wind_kong", 2, id="flower-wind-exposed-kong-2"),
    pytest.param(
        "222m333p444s5m",
        "5m",
        (("added_kong", "2222z", 1),),
        {},
        "wind_kong",
        2,
        id="flower-wind-added-kong-2",
    ),
    pytest.param(
        "222m333p444s5m",
        "5m",
        (("concealed_kong", "3333z", None),),
        {},
        "wind_concealed_kong",
        3,
        id="flower-wind-concealed-kong-3",
    ),
    pytest.param(
        "222m333p444s5m",
        "5m",
        (("kong", "5555z", 1),),
        {},
        "dragon_kong",
        3,
        id="flower-dragon-exposed-kong-3",
    ),
    pytest.param(
        "222m333p444s5m",
        "5m",
        (("added_kong", "6666z", 1),),
        {},
        "dragon_kong",
        3,
        id="flower-dragon-added-kong-3",
    ),
    pytest.param(
        "222m333p444s5m",
        "5m",
        (("concealed_kong", "7777z", None),),
        {},
        "dragon_concealed_kong",
        4,
        id="flower-dragon-concealed-kong-4",
    ),
    pytest.param(
        "11z222m333p444s55m",
        "1z",
        (),
        {"win_by": "discard", "discarder": 1},
        "wind_pong",
        1,
        id="flower-wind-triplet-completed-by-discard-counts-exposed",
    ),
    pytest.param(
        "77z222m333p444s55m",
        "7z",
        (),
        {"win_by": "discard", "discarder": 1},
        "dragon_pong",
        2,
        id="flower-dragon-triplet-completed-by-discard-counts-exposed",
    ),
    pytest.param(
        "77z222m333p444s55m",
        "7z",
        (),
        {"win_by": "robbed_kong", "discarder": 1},
        "dragon_pong",
        2,
        id="flower-triplet-completed-by-robbed-kong-counts-exposed",
    ),
    pytest.param(
        "77z222m333p444s55m",
        "7z",
        (),
        {},
        "dragon_triplet",
        2,
        id="flower-triplet-completed-by-self-draw-stays-concealed",
    ),
    pytest.param(
        "222m333p444s5m",
        "5m",
        (("pong", "666s", 1),),
        {},
        None,
        0,
        id="flower-suited-pong-and-pair-score-nothing",
    ),
]


@pytest.mark.parametrize(("hand", "win", "melds", "kw", "element", "hua"), FLOWER_CASES)
def test_flower_element(
    hand: str, win: str, melds: tuple[MeldSpec, ...], kw: dict[str, Any], element: str | None, hua: int
) -> None:
    r = scored(hand, win, *melds, **kw)
    assert r.valid, r.reason
    assert r.flowers == hua
    flower_lines = [ln for ln in r.lines if ln.kind is LineKind.FLOWER]
    if element is None:
        assert flower_lines == []
    else:
        assert [(ln.id, ln.amount) for ln in flower_lines] == [(element, hua)]


def test_flower_elements_add_up() -> None:
    # f1 f2 (2) + exposed East pong (1) + concealed Red triplet (2) + concealed Green kong (4).
    r = scored("777z222m5m", "5m", ("pong", "111z", 1), ("concealed_kong", "6666z", None), flowers="f12")
    assert r.flowers == 9


def test_flower_honour_held_four_times_without_regular_split_is_one_triplet() -> None:
    # 乱风向 with East held 4 times (1 花 once), South 3 (1), Red 3 by self-draw (2).
    r = scored("1111z222z3z4z5z6z77z", "7z")
    assert r.valid and "luanfengxiang" in r.types
    assert r.flowers == 4
    assert [ln.id for ln in r.lines if ln.kind is LineKind.FLOWER] == [
        "wind_triplet",
        "wind_triplet",
        "dragon_triplet",
    ]


def test_flower_honour_held_three_times_in_bahua_hand_is_a_triplet() -> None:
    r = scored("777z1357m2468p13s", "9s", flowers="f12345678")
    assert r.valid and r.types == ("bahua",)
    assert r.flowers == 8 + 2


# --------------------------------------------------------------------------- value and multipliers


def test_value_base_two_flowers() -> None:
    r = scored(*HALF_FLUSH_PLAIN[:2], HALF_FLUSH_PLAIN[2])
    assert (r.flowers, r.value) == (0, 2)
    assert any(ln.id == "base_flowers" and ln.amount == 2 for ln in r.lines)


def test_value_flowers_plus_two_times_base_score() -> None:
    r = scored(*HALF_FLUSH_PLAIN[:2], HALF_FLUSH_PLAIN[2], base=5, flowers="f12")
    assert r.value == (2 + 2) * 5


def test_value_menqing_doubles_flowers() -> None:
    r = scored("123m456m789m111z5z", "5z", base=3)
    assert r.value == (1 + 2) * 3 * 2


def test_value_menqing_with_concealed_kong_still_doubles() -> None:
    r = scored("123m456m678m5z", "5z", ("concealed_kong", "9999m", None))
    assert r.value == (2 + 2) * 2


@pytest.mark.parametrize(
    ("hand", "flowers", "value"),
    [
        pytest.param("456m789m555m2z", "f1234567", 9, id="cap-7-flowers-pays-9"),
        pytest.param("777z456m789m5z", "f123456", 10, id="cap-8-flowers-is-one-lezi"),
        pytest.param("777z456m789m5z", "f1234567", 10, id="cap-9-flowers-still-one-lezi"),
    ],
)
def test_cap_at_one_lezi(hand: str, flowers: str, value: int) -> None:
    r = scored(hand, hand[-2:], ("chi", "123m", 3), flowers=flowers)
    assert r.valid and r.lezi == 0
    assert r.value == value


def test_cap_applies_after_menqing() -> None:
    # 4 花 + 2 = 6, ×2 menqing = 12, capped at 10.
    r = scored("123m456m789m777z5z", "5z", flowers="f12")
    assert r.value == 10
    assert any(ln.id == "cap" for ln in r.lines)


def test_cap_scales_with_base_score() -> None:
    r = scored("123m456m789m777z5z", "5z", flowers="f12", base=4)
    assert r.value == 40


def test_lezi_hand_takes_largest_lezi_among_types() -> None:
    r = scored("123m456m789m123m5m", "5m", first_turn=True, replacement=True)
    assert {"tianhu", "qingyise", "gangkai"} <= set(r.types)
    assert (r.lezi, r.value) == (10, 100)


def test_lezi_hand_ignores_flowers_and_menqing() -> None:
    r = scored("123m456m789m123m5m", "5m", flowers="f1234")
    assert r.flowers == 4
    assert (r.lezi, r.value) == (1, 10)


def test_lezi_times_base_score() -> None:
    r = scored("111m333m555m777m9m", "9m", base=3)
    assert r.value == 2 * 10 * 3


@pytest.mark.parametrize(
    ("hand", "win", "flowers", "value"),
    [
        pytest.param("123m456m789m111z5z", "5z", "", 12, id="huangfan-doubles-flower-hand"),
        pytest.param("111m333m555m777m9m", "9m", "", 40, id="huangfan-doubles-lezi-hand"),
        pytest.param("123m456m789m777z5z", "5z", "f12", 20, id="huangfan-doubles-after-cap"),
    ],
)
def test_huangfan_doubles(hand: str, win: str, flowers: str, value: int) -> None:
    r = scored(hand, win, huangfan=True, flowers=flowers)
    assert r.value == value
    assert any(ln.id == "huangfan" for ln in r.lines)


# --------------------------------------------------------------------------- payments

CHIS_FROM_3 = (("chi", "123m", 3), ("chi", "456m", 3), ("chi", "789m", 3))
NO_CLAIMS = [[0] * 4 for _ in range(4)]


def claims_with(*entries: tuple[int, int, int]) -> list[list[int]]:
    """A claims matrix with claims[a][b] = n for each (a, b, n)."""
    m = [[0] * 4 for _ in range(4)]
    for a, b, n in entries:
        m[a][b] = n
    return m


PAYMENT_CASES = [
    # (melds, kwargs, payments) for the hand 777z5m + 5m (value 4, no menqing) or its claims.
    pytest.param((("chi", "123m", 3),), {}, (12, -4, -4, -4), id="pay-self-draw-everyone-one-share"),
    pytest.param(
        (("chi", "123m", 3),),
        {"win_by": "discard", "discarder": 2},
        (4, 0, -4, 0),
        id="pay-discard-discarder-alone-one-share",
    ),
    pytest.param(
        (("chi", "123m", 3),),
        {"win_by": "robbed_kong", "discarder": 1},
        (12, -12, 0, 0),
        id="pay-robbed-kong-konger-pays-three-shares",
    ),
    pytest.param(CHIS_FROM_3, {}, (28, -4, -4, -20), id="pay-sankou-self-draw-related-pays-five"),
    pytest.param(
        (("chi", "123m", 3),),
        {"claims": claims_with((0, 3, 1), (0, 1, 3), (2, 0, 3))},
        (44, -20, -20, -4),
        id="pay-sankou-self-draw-two-relations",
    ),
    pytest.param(
        (("chi", "123m", 3),),
        {"claims": claims_with((0, 3, 1), (1, 0, 3))},
        (28, -20, -4, -4),
        id="pay-sankou-relation-either-direction",
    ),
    pytest.param(
        (("chi", "123m", 3),),
        {"claims": claims_with((0, 3, 1), (1, 2, 3))},
        (12, -4, -4, -4),
        id="pay-sankou-only-relations-with-the-winner-count",
    ),
    pytest.param(
        (("chi", "123m", 3),),
        {"claims": claims_with((0, 3, 2))},
        (12, -4, -4, -4),
        id="pay-sankou-needs-three-claims",
    ),
    pytest.param(
        CHIS_FROM_3,
        {"win_by": "discard", "discarder": 3},
        (8, 0, 0, -8),
        id="pay-sankou-discard-by-related-pays-two-alone",
    ),
    pytest.param(
        CHIS_FROM_3,
        {"win_by": "discard", "discarder": 1, "discarder_ready": True},
        (8, -4, 0, -4),
        id="pay-sankou-discard-unrelated-ready-discarder-and-related-pay-one",
    ),
    pytest.param(
        CHIS_FROM_3,
        {"win_by": "discard", "discarder": 1},
        (8, -8, 0, 0),
        id="pay-sankou-discard-unrelated-not-ready-pays-two",
    ),
    pytest.param(
        CHIS_FROM_3,
        {"win_by": "robbed_kong", "discarder": 1},
        (28, -28, 0, 0),
        id="pay-sankou-robbed-kong-konger-pays-all-incl-five",
    ),
    pytest.param(
        CHIS_FROM_3,
        {"win_by": "robbed_kong", "discarder": 3},
        (28, 0, 0, -28),
        id="pay-sankou-robbed-kong-by-related-konger",
    ),
    pytest.param(
        (("chi", "123m", 3),),
        {"win_by": "discard", "discarder": 2, "discarder_ready": True},
        (4, 0, -4, 0),
        id="pay-discard-ready-without-relations-one-share",
    ),
]


@pytest.mark.parametrize(("melds", "kw", "payments"), PAYMENT_CASES)
def test_payments(melds: tuple[MeldSpec, ...], kw: dict[str, Any], payments: tuple[int, int, int, int]) -> None:
    hand = {1: "456m789m777z5m", 3: "777z5m"}[len(melds)]
    r = scored(hand, "5m", *melds, **kw)
    assert r.valid, r.reason
    assert r.value == 4
    assert r.payments == payments
    assert sum(r.payments) == 0


def test_pay_sankou_counts_pongs_kongs_and_added_kongs() -> None:
    r = scored("222m5m", "5m", ("pong", "777z", 1), ("kong", "9999m", 1), ("added_kong", "1111m", 1))
    assert r.valid
    assert r.payments[1] == -5 * r.value


def test_pay_sankou_from_winner_melds_when_claims_absent() -> None:
    c = ctx("777z5m", "5m", *CHIS_FROM_3)
    assert related_seats(c, SHANGHAI_PRESETS["shanghai"]) == frozenset({3})


def test_pay_sankou_claims_matrix_overrides_melds() -> None:
    c = ctx("777z5m", "5m", *CHIS_FROM_3, claims=claims_with((0, 3, 3), (2, 0, 4)))
    assert related_seats(c, SHANGHAI_PRESETS["shanghai"]) == frozenset({2, 3})


def test_pay_non_dealer_self_draw_no_dealer_bonus() -> None:
    r = scored("123m456m789m111z5z", "5z", winner=2, dealer=0)
    assert r.payments == (-6, -6, 18, -6)


def test_pay_huangfan_doubles_every_payment() -> None:
    r = scored("777z5m", "5m", *CHIS_FROM_3, huangfan=True)
    assert r.payments == (56, -8, -8, -40)


def test_pay_discard_lines_name_each_payer() -> None:
    r = scored("777z5m", "5m", *CHIS_FROM_3, win_by="discard", discarder=1, discarder_ready=True)
    payers = [ln.seat for ln in r.lines if ln.kind is LineKind.PAYMENT and ln.seat is not None]
    assert payers == [1, 3]


# --------------------------------------------------------------------------- split choice


@pytest.fixture(params=["found-order", "reversed-order"])
def split_order(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run a split test with the splits in both orders, so ties are broken by rule, not by luck."""
    if request.param == "reversed-order":
        monkeypatch.setattr(shanghai_hands, "regular_splits", lambda counts: regular_splits(counts)[::-1])


@pytest.mark.usefixtures("split_order")
def test_split_takes_the_reading_that_pays_most() -> None:
    # 111222333m reads as three triplets (清碰, 2 lezi) or three sequences (清一色, 1 lezi).
    r = scored("111m222m333m999m5m", "5m")
    assert "qingpeng" in r.types and "qingyise" not in r.types
    assert r.value == 20


@pytest.mark.usefixtures("split_order")
def test_split_tie_prefers_more_lezi() -> None:
    # Triplets: 混碰 1 lezi = 10. Sequences: 混一色 (2 + 3 花) × 2 menqing = 10. Same pay.
    r = scored("111m222m333m777z5z", "5z", flowers="f1")
    assert r.value == 10
    assert "hunpeng" in r.types and "hunyise" not in r.types


@pytest.mark.usefixtures("split_order")
def test_split_tie_then_prefers_more_types() -> None:
    # With 杠开 both readings pay 1 lezi; the triplet reading adds 碰碰胡.
    r = scored("111m222m333m444p7s", "7s", replacement=True)
    assert set(r.types) == {"gangkai", "menqing", "pengpenghu"}


def test_split_sequences_when_only_they_complete() -> None:
    r = scored("123m234m345m111z5z", "5z")
    assert "hunyise" in r.types and "hunpeng" not in r.types


# --------------------------------------------------------------------------- §4 edge cases


@pytest.mark.parametrize(
    ("hand", "win", "kw", "expected"),
    [
        pytest.param(
            "1234567z123456z",
            "7z",
            {"first_turn": True},
            {"tianhu", "luanfengxiang"},
            id="edge-tianhu-on-luanfengxiang",
        ),
        pytest.param(
            "1234567z123456z",
            "7z",
            {"first_turn": True, "winner": 1},
            {"dihu", "luanfengxiang"},
            id="edge-dihu-on-luanfengxiang",
        ),
        pytest.param(
            "1234567z123456z",
            "7z",
            {"replacement": True},
            {"gangkai", "luanfengxiang"},
            id="edge-gangkai-on-luanfengxiang",
        ),
        pytest.param(
            "1234567z123456z",
            "7z",
            {"win_by": "robbed_kong", "discarder": 1},
            {"qianggang", "luanfengxiang"},
            id="edge-qianggang-on-luanfengxiang",
        ),
        pytest.param(
            "1234567z123456z",
            "7z",
            {"flowers": "f12345678"},
            {"bahua", "luanfengxiang"},
            id="edge-bahua-on-luanfengxiang",
        ),
        pytest.param(
            "1357m2468p1357s9s",
            "9p",
            {"flowers": "f12345678", "first_turn": True},
            {"tianhu", "bahua"},
            id="edge-tianhu-on-bahua",
        ),
        pytest.param(
            "1357m2468p1357s9s",
            "9p",
            {"flowers": "f12345678", "replacement": True},
            {"gangkai", "bahua"},
            id="edge-gangkai-on-bahua",
        ),
        pytest.param(
            "123m456m789m111z5z",
            "5z",
            {"flowers": "f12345678"},
            {"bahua", "hunyise", "menqing"},
            id="edge-bahua-with-regular-shape-lists-its-types",
        ),
    ],
)
def test_edge_situational_types_on_special_shapes(hand: str, win: str, kw: dict[str, Any], expected: set[str]) -> None:
    r = scored(hand, win, **kw)
    assert r.valid
    assert set(r.types) == expected


def test_edge_menqing_needs_regular_shape() -> None:
    assert "menqing" not in scored("1234567z123456z", "7z").types


def test_edge_dadiaoche_needs_regular_shape() -> None:
    r = scored("1z", "2z", ("pong", "333z", 1), ("pong", "444z", 2), ("pong", "555z", 3), ("pong", "666z", 1))
    assert r.valid
    assert r.types == ("luanfengxiang",)


def test_edge_concealed_kong_is_not_a_dadiaoche_meld() -> None:
    r = scored(
        "9m",
        "9m",
        ("pong", "111m", 1),
        ("pong", "333m", 2),
        ("pong", "555m", 3),
        ("concealed_kong", "7777m", None),
    )
    assert "dadiaoche" not in r.types
    assert "qingpeng" in r.types


def test_edge_tianhu_is_a_self_draw() -> None:
    r = scored("123m456p789s123m5p", "5p", first_turn=True, win_by="discard", discarder=1)
    assert not r.valid


def test_edge_first_turn_ignored_after_a_claim() -> None:
    r = scored("456p789s123m5p", "5p", ("chi", "123m", 0), winner=1, first_turn=True)
    assert not r.valid  # no dihu: a chi is a claim, so the plain hand does not qualify


def test_edge_first_turn_with_a_claim_is_noted() -> None:
    r = scored("456m789m555m2z", "2z", ("chi", "123m", 0), winner=1, first_turn=True)
    assert r.valid and "dihu" not in r.types
    assert any(ln.id == "first_turn" for ln in r.lines)


def test_edge_first_turn_ends_with_a_concealed_kong() -> None:
    r = scored("456p789s123m5p", "5p", ("concealed_kong", "1111m", None), first_turn=True, replacement=True)
    assert r.valid and "tianhu" not in r.types and "gangkai" in r.types


def test_edge_tianhu_with_gangkai_after_a_flower() -> None:
    r = scored("123m456p789s123m5p", "5p", first_turn=True, replacement=True, flowers="f1")
    assert {"tianhu", "gangkai"} <= set(r.types)
    assert r.lezi == 10


def test_edge_dihu_not_on_robbed_kong() -> None:
    r = scored("123m456p789s123m5p", "5p", winner=1, first_turn=True, win_by="robbed_kong", discarder=2)
    assert "dihu" not in r.types


def test_edge_gangkai_not_on_a_discard() -> None:
    r = scored("123m456m789m111z5z", "5z", replacement=True, win_by="discard", discarder=1)
    assert "gangkai" not in r.types


def test_edge_bahua_on_a_discard() -> None:
    r = scored("1357m2468p1357s9s", "9p", flowers="f12345678", win_by="discard", discarder=1)
    assert r.valid and r.types == ("bahua",)
    assert r.payments == (40, -40, 0, 0)


# --------------------------------------------------------------------------- presets


def test_preset_shanghai_numbers() -> None:
    p = SHANGHAI_PRESETS["shanghai"]
    assert isinstance(p, ShanghaiParams)
    assert (p.base_flowers, p.lezi_in_base, p.cap_lezi) == (2, 10, 1)
    assert p.lezi_of("bahua") == 4 and p.lezi_of("gangkai") == 1


def test_preset_qq_base_three_flowers() -> None:
    r = scored("123m456m789m111z5z", "5z", rules="shanghai-qq")
    assert r.value == (1 + 3) * 2


def test_preset_qq_bahua_six_lezi() -> None:
    r = scored("1357m2468p1357s9s", "9p", rules="shanghai-qq", flowers="f12345678")
    assert (r.lezi, r.value) == (6, 60)


def test_preset_qq_gangkai_is_one_fan() -> None:
    r = scored("456p789s123m5p", "5p", ("chi", "123m", 3), rules="shanghai-qq", replacement=True)
    assert r.valid and r.types == ("gangkai",)
    assert (r.lezi, r.value) == (0, 3 * 2)


def test_preset_qq_gangkai_and_menqing_double_twice_then_cap() -> None:
    r = scored("123m456p789s123m5p", "5p", rules="shanghai-qq", replacement=True, flowers="f1")
    assert r.value == 10  # (1 + 3) × 2 × 2 = 16, capped at one lezi


def test_preset_unknown_name_is_refused() -> None:
    with pytest.raises(UnknownRules):
        get_ruleset("shanghai-nope")


# --------------------------------------------------------------------------- lines


def test_lines_cover_types_elements_multipliers_value_and_payments() -> None:
    r = scored("123m456m789m111z5z", "5z", flowers="f3", huangfan=True)
    kinds = [ln.kind for ln in r.lines]
    assert [ln.id for ln in r.lines if ln.kind is LineKind.TYPE] == list(r.types)
    assert [ln.id for ln in r.lines if ln.kind is LineKind.FLOWER] == ["flower", "wind_triplet"]
    assert {"base_flowers", "base_score", "menqing", "huangfan"} <= {ln.id for ln in r.lines}
    assert kinds.count(LineKind.VALUE) == 1
    assert [ln.seat for ln in r.lines if ln.kind is LineKind.PAYMENT and ln.seat is not None] == [1, 2, 3]
    for ln in r.lines:
        assert ln.en and ln.zh
    assert len(r.explain) == len(r.lines)


def test_lines_element_text_names_the_tile() -> None:
    r = scored("222m333p444s5m", "5m", ("pong", "777z", 1))
    assert any("exposed dragon pong 7z Red: 2 花" in line for line in r.explain)


def test_lines_invalid_hand_explains_why() -> None:
    r = scored("123m456p789s123m5p", "5p")
    assert r.explain and "plain hand" in r.explain[0]


# --------------------------------------------------------------------------- speed


# --------------------------------------------------------------------------- rules doc


def test_rules_doc_ships_with_every_hand_type_and_the_choices() -> None:
    from importlib.resources import files

    doc = (files("mahjong_tui.rules") / "docs" / "shanghai.md").read_text(encoding="utf-8")
    assert "## Choices where the sources are silent" in doc
    for tid, ht in SHANGHAI_HAND_TYPES.items():
        assert f"| {tid} | {ht.zh} |" in doc
