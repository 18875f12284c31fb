"""Changsha (长沙麻将) winning hands and scoring, rule by rule (RULES.md §3)."""

from __future__ import annotations

import random

import pytest

from mahjong_tui.engine import LineKind, ScoreResult, WinBy, WinContext, get_ruleset
from mahjong_tui.engine.analysis import waits as analysis_waits
from mahjong_tui.engine.melds import Meld, MeldKind, meld_from_text
from mahjong_tui.engine.scoring import bird_seat
from mahjong_tui.engine.shapes import is_seven_pairs, regular_splits
from mahjong_tui.engine.tiles import KINDS_258, Tile, counts_of, number_of, parse_tile, parse_tiles
from mahjong_tui.rules.changsha_scoring import (
    BIG_TYPES,
    CHANGSHA_HAND_TYPES,
    INITIAL_TYPES,
    SHAPES,
    changsha_winning_shapes,
    initial_small_wins,
    score_changsha,
)
from mahjong_tui.rules.changsha_shapes import is_changsha_win

SELF, DISCARD, ROBBED = WinBy.SELF_DRAW, WinBy.DISCARD, WinBy.ROBBED_KONG
CHANGSHA = get_ruleset("changsha")

# A small win (2-5-8 pair) used wherever only the situation matters: 123m 456p 789s 234m 55p.
SMALL = "123m456p789s234m5p"
SMALL_WIN = "5p"
# Plain four sets with a 9p pair: not a Changsha winning hand.
NOT_258 = "123m456p789s234m9p"


def melds_of(*specs: str) -> tuple[Meld, ...]:
    """``"pong:111m"`` → a pong of 1m, claimed from seat 1 unless concealed."""
    out = []
    for spec in specs:
        kind, tiles = spec.split(":")
        source = None if kind == "concealed_kong" else (3 if kind == "chi" else 1)
        out.append(meld_from_text(kind, tiles, source))
    return tuple(out)


def ctx(
    hand: str,
    win_tile: str | None = SMALL_WIN,
    *,
    winner: int = 0,
    dealer: int = 0,
    melds: tuple[Meld, ...] = (),
    win_by: WinBy = SELF,
    discarder: int | None = None,
    bird: str | None = None,
    **flags: bool,
) -> WinContext:
    """A Changsha WinContext from tile notation."""
    return WinContext(
        winner=winner,
        concealed=tuple(parse_tiles(hand)),
        win_tile=None if win_tile is None else parse_tile(win_tile),
        dealer=dealer,
        melds=melds,
        win_by=win_by,
        discarder=discarder,
        bird=None if bird is None else parse_tile(bird),
        **flags,
    )


# ---------------------------------------------------------------- winning shapes (a)–(e)

SHAPE_CASES = [
    # (a) 小胡: four sets + a 2, 5 or 8 pair
    pytest.param("123m456p789s234m55p", (), ["xiaohu"], id="a-xiaohu-pair-5"),
    pytest.param("123m456p789s234m22s", (), ["xiaohu"], id="a-xiaohu-pair-2"),
    pytest.param("123m456p789s111m88m", (), ["xiaohu"], id="a-xiaohu-pair-8"),
    pytest.param("789s234m88p", ("chi:123m", "pong:444p"), ["xiaohu"], id="a-xiaohu-with-chi-and-pong"),
    pytest.param(
        "234m55p", ("kong:1111m", "added_kong:9999p", "concealed_kong:6666s"), ["xiaohu"], id="a-xiaohu-kongs"
    ),
    pytest.param("123m456p789s234m99p", (), [], id="a-pair-not-258-no-win"),
    pytest.param("123m456p789s234m11s", (), [], id="a-pair-1-no-win"),
    pytest.param("789s234m99p", ("chi:123m", "chi:456p"), [], id="a-pair-not-258-with-melds-no-win"),
    # (b) 碰碰胡: four triplets/kongs + any pair
    pytest.param("111m333p666s777m99s", (), ["pengpenghu"], id="b-pengpenghu-any-pair"),
    pytest.param("777m99s", ("pong:111m", "pong:333p", "kong:6666s"), ["pengpenghu"], id="b-pengpenghu-melds"),
    pytest.param("111m333p666s777m55s", (), ["xiaohu", "pengpenghu"], id="b-pengpenghu-with-258-pair"),
    pytest.param("444p666s777s99s", ("chi:123m",), [], id="b-chi-is-not-pengpenghu"),
    # (c) 清一色: one suit, four sets + any pair
    pytest.param("123m456m789m123m99m", (), ["qingyise"], id="c-qingyise-any-pair"),
    pytest.param("567p99p888p", ("pong:111p", "chi:234p"), ["qingyise"], id="c-qingyise-with-melds"),
    pytest.param("111s333s555s777s99s", (), ["pengpenghu", "qingyise"], id="c-qingyise-pengpenghu"),
    pytest.param("567p99p888p", ("pong:111m", "chi:234p"), [], id="c-meld-in-other-suit-not-qingyise"),
    pytest.param("123m456m789m135m9m", (), [], id="c-one-suit-needs-a-shape"),
    # (d) 七小对: seven pairs, concealed, a quad is two pairs
    pytest.param("1133m5577p2299s44m", (), ["qixiaodui"], id="d-qixiaodui"),
    pytest.param("1111m3355p7799s22s", (), ["qixiaodui"], id="d-qixiaodui-quad-is-two-pairs"),
    pytest.param("1111m3333p7799s22s", (), ["qixiaodui"], id="d-qixiaodui-two-quads"),
    pytest.param("1133557799m2244m", (), ["qingyise", "qixiaodui"], id="d-qingyise-qixiaodui"),
    pytest.param("11223344556677m", (), ["qingyise", "qixiaodui"], id="d-qixiaodui-that-also-reads-as-sets"),
    pytest.param("3355m77p11s", ("pong:111m", "pong:999m"), [], id="d-pairs-with-melds-no-win"),
    pytest.param("111m3355m7799p225s", (), [], id="d-triplet-is-not-a-pair"),
    # (e) 将将胡: every tile a 2, 5 or 8, any arrangement
    pytest.param("225588m258p2588s5s", (), ["jiangjianghu"], id="e-jiangjianghu-any-arrangement"),
    pytest.param("25m588p", ("pong:222s", "kong:5555s", "pong:888m"), ["jiangjianghu"], id="e-jiangjianghu-pongs"),
    pytest.param("222m555p888s555m22s", (), ["xiaohu", "pengpenghu", "jiangjianghu"], id="e-jiangjianghu-pengpenghu"),
    pytest.param("225588m258p2588s3s", (), [], id="e-one-tile-not-258-no-win"),
    # wrong size
    pytest.param("123m456p789s234m5p", (), [], id="thirteen-tiles-no-win"),
    pytest.param("123m456p789s234m55p", ("pong:111s",), [], id="too-many-tiles-no-win"),
]


@pytest.mark.parametrize(("tiles", "melds", "expected"), SHAPE_CASES)
def test_winning_shape(tiles: str, melds: tuple[str, ...], expected: list[str]) -> None:
    """Each winning shape (a)–(e), and its near misses."""
    counts = counts_of(parse_tiles(tiles))
    assert changsha_winning_shapes(counts, melds_of(*melds)) == expected


@pytest.mark.parametrize(("tiles", "melds", "expected"), SHAPE_CASES)
def test_fast_win_check_agrees(tiles: str, melds: tuple[str, ...], expected: list[str]) -> None:
    """is_changsha_win is exactly 'has a winning shape'."""
    assert is_changsha_win(counts_of(parse_tiles(tiles)), melds_of(*melds)) == bool(expected)


def _reference_shapes(tiles: list[Tile], melds: tuple[Meld, ...]) -> list[str]:
    """A slow, literal reading of (a)–(e) (docs/changsha.md "What a win needs") to check the fast one against: the
    2, 5 and 8 spelled as the page spells them, not read from the engine."""
    if len(tiles) + 3 * len(melds) != 14:
        return []
    counts = counts_of(tiles)
    splits = regular_splits(counts)
    everything = tiles + [t for m in melds for t in m.tiles]
    no_chi = all(m.kind is not MeldKind.CHI for m in melds)
    seven = not melds and is_seven_pairs(counts, quad_is_two_pairs=True)
    found = set()
    if any(number_of(s.pair) in (2, 5, 8) for s in splits):
        found.add("xiaohu")
    if no_chi and any(all(st.triplet for st in s.sets) for s in splits):
        found.add("pengpenghu")
    if no_chi and all(number_of(t) in (2, 5, 8) for t in everything):
        found.add("jiangjianghu")
    if (splits or seven) and len({t // 9 for t in everything}) == 1:
        found.add("qingyise")
    if seven:
        found.add("qixiaodui")
    return [s for s in SHAPES if s in found]


def _random_hand(rng: random.Random) -> tuple[list[Tile], tuple[Meld, ...]]:
    """Hands near a win: random sets and a pair, sometimes melded, sometimes spoiled."""
    left = dict.fromkeys(range(27), 4)
    roll = rng.random()
    if roll < 0.25:
        suit = rng.randrange(3)
        preferred = [suit * 9 + n for n in range(9)]
    elif roll < 0.4:
        preferred = list(KINDS_258)
    else:
        preferred = list(range(27))
    tiles: list[Tile] = []
    melds: list[Meld] = []

    def choose(need: int) -> Tile:
        kinds = [k for k in preferred if left[k] >= need] or [k for k in left if left[k] >= need]
        return rng.choice(kinds)

    def take(kinds: list[Tile]) -> bool:
        if any(left[k] < kinds.count(k) for k in kinds):
            return False
        for k in kinds:
            left[k] -= 1
        return True

    if rng.random() < 0.15:  # pairs, for seven pairs
        while len(tiles) < 14:
            k = choose(2)
            take([k, k])
            tiles += [k, k]
        return tiles, ()
    n_melds = rng.choice([0, 0, 0, 1, 2, 4])
    for _ in range(200):
        if len(tiles) + 3 * len(melds) >= 12:
            break
        k = choose(1)
        chi = rng.random() < 0.5 and k % 9 <= 6
        group = [k, k + 1, k + 2] if chi else [k, k, k]
        if not take(group):
            continue
        if len(melds) < n_melds:
            kind = MeldKind.CHI if chi else rng.choice([MeldKind.PONG, MeldKind.KONG])
            if kind is MeldKind.KONG and take([k]):
                group = [k] * 4
            elif kind is MeldKind.KONG:
                kind = MeldKind.PONG
            melds.append(Meld(kind, tuple(group), group[0], 1))
        else:
            tiles += group
    while len(tiles) + 3 * len(melds) < 14:
        k = choose(2) if len(tiles) + 3 * len(melds) <= 12 else choose(1)
        pair = [k, k] if len(tiles) + 3 * len(melds) <= 12 else [k]
        take(pair)
        tiles += pair
    if rng.random() < 0.4:
        k = choose(1)
        left[k] -= 1
        tiles[rng.randrange(len(tiles))] = k
    return tiles, tuple(melds)


def test_fast_win_check_matches_literal_rules_on_random_hands() -> None:
    """On thousands of hands near a win, the fast check and the literal rules agree."""
    rng = random.Random(20240603)
    wins = 0
    for _ in range(4000):
        tiles, melds = _random_hand(rng)
        expected = _reference_shapes(tiles, melds)
        counts = counts_of(tiles)
        assert changsha_winning_shapes(counts, melds) == expected, (tiles, melds)
        assert is_changsha_win(counts, melds) == bool(expected), (tiles, melds)
        wins += bool(expected)
    assert wins > 800  # the generator must exercise the winning paths


WAIT_CASES = [
    pytest.param("123m456p789s234m5p", ["5p"], id="waits-single-258"),
    pytest.param("123m456p789s234m9p", [], id="waits-single-not-258-none"),
    pytest.param("1112345678999m", [f"{n}m" for n in range(1, 10)], id="waits-qingyise-nine-gates"),
    pytest.param("1133m5577p2299s4m", ["4m"], id="waits-seven-pairs"),
    pytest.param("1111m3355p7799s2s", ["2s"], id="waits-seven-pairs-quad"),
]


@pytest.mark.parametrize(("hand", "waits"), WAIT_CASES)
def test_changsha_waits(hand: str, waits: list[str]) -> None:
    """听牌: the tiles that complete a Changsha winning hand."""
    counts = counts_of(parse_tiles(hand))
    want = [parse_tile(w) for w in waits]
    assert analysis_waits(counts, CHANGSHA.shapes) == want  # the table-based waits the game uses
    brute = []
    for t in range(27):
        if counts[t] < 4:
            counts[t] += 1
            if is_changsha_win(counts):
                brute.append(t)
            counts[t] -= 1
    assert brute == want  # and the scoring's own win check agrees


# ---------------------------------------------------------------- not a win


@pytest.mark.parametrize(
    ("c", "reason_part"),
    [
        pytest.param(ctx(NOT_258, "9p"), "pair must be a 2, 5 or 8", id="reason-pair-258"),
        pytest.param(ctx("123m456p789s135m5p"), "not a winning hand", id="reason-no-shape"),
        pytest.param(ctx("3355m7799p1s", "1s", melds=melds_of("pong:111m")), "14 tiles", id="reason-size"),
        pytest.param(
            ctx("3355m77p1s", "1s", melds=melds_of("pong:111m", "pong:999m")),
            "seven pairs",
            id="reason-7-pairs",
        ),
        pytest.param(ctx("123m456p789s234m5z", "5z"), "three suits only", id="reason-honours"),
        pytest.param(ctx(NOT_258, "9p", win_by=ROBBED, winner=1, discarder=2), "2, 5 or 8", id="reason-rob-needs-hand"),
        pytest.param(ctx(NOT_258, "9p", last_tile=True), "2, 5 or 8", id="reason-haidi-needs-hand"),
    ],
)
def test_not_a_win_says_why(c: WinContext, reason_part: str) -> None:
    """A hand that does not win is invalid with a reason a player reads."""
    result = score_changsha(c)
    assert not result.valid
    assert reason_part in result.reason
    assert result.payments == (0, 0, 0, 0)


@pytest.mark.parametrize(
    "c",
    [
        pytest.param(ctx(SMALL, win_by=DISCARD, winner=1), id="discard-without-discarder"),
        pytest.param(ctx(SMALL, win_by=DISCARD, winner=1, discarder=1), id="discarder-is-winner"),
        pytest.param(ctx(SMALL, winner=4), id="seat-out-of-range"),
    ],
)
def test_impossible_context_raises(c: WinContext) -> None:
    """A context no table can produce is a programming error, not a hand."""
    with pytest.raises(ValueError):
        score_changsha(c)


# ---------------------------------------------------------------- big types


def run(c: WinContext) -> ScoreResult:
    """Score through the rule-set dispatcher, as the game and the calculator do."""
    result = CHANGSHA.score(c)
    assert result.valid, result.reason
    assert sum(result.payments) == 0
    return result


BIG_CASES = [
    pytest.param(ctx(SMALL, first_turn=True), ["tianhu"], [120, -40, -40, -40], id="tianhu-dealer-first-self-draw"),
    pytest.param(ctx(SMALL, first_turn=True, winner=1), ["xiaohu"], [-20, 40, -10, -10], id="tianhu-not-non-dealer"),
    pytest.param(
        ctx(SMALL, first_turn=True, replacement=True),
        ["gangshangkaihua"],
        [120, -40, -40, -40],
        id="tianhu-not-on-kong",
    ),
    pytest.param(
        ctx(SMALL, winner=1, win_by=DISCARD, discarder=0, first_turn=True),
        ["dihu"],
        [-70, 70, 0, 0],
        id="dihu",
    ),
    pytest.param(
        ctx(SMALL, winner=1, win_by=DISCARD, discarder=2, first_turn=True),
        ["xiaohu"],
        [0, 10, -10, 0],
        id="dihu-only-on-dealer-discard",
    ),
    pytest.param(
        ctx("111m333p666s777m9s", "9s", winner=1, win_by=DISCARD, discarder=2),
        ["pengpenghu"],
        [0, 60, -60, 0],
        id="pengpenghu",
    ),
    pytest.param(
        ctx("225588m258p2588s", "5s", winner=1, win_by=DISCARD, discarder=2),
        ["jiangjianghu"],
        [0, 60, -60, 0],
        id="jiangjianghu",
    ),
    pytest.param(
        ctx("123m456m789m123m9m", "9m", winner=1, win_by=DISCARD, discarder=2),
        ["qingyise"],
        [0, 60, -60, 0],
        id="qingyise",
    ),
    pytest.param(
        ctx("1133m5577p2299s4m", "4m", winner=1, win_by=DISCARD, discarder=2),
        ["qixiaodui"],
        [0, 60, -60, 0],
        id="qixiaodui",
    ),
    pytest.param(ctx(SMALL, winner=1, last_tile=True), ["haidilaoyue"], [-40, 100, -30, -30], id="haidilaoyue"),
    pytest.param(
        ctx(SMALL, winner=1, win_by=DISCARD, discarder=2, last_tile=True),
        ["haidipao"],
        [0, 60, -60, 0],
        id="haidipao",
    ),
    pytest.param(
        ctx(SMALL, winner=1, replacement=True),
        ["gangshangkaihua"],
        [-40, 100, -30, -30],
        id="gangshangkaihua",
    ),
    pytest.param(
        ctx(SMALL, winner=1, replacement=True, last_tile=True),
        ["gangshangkaihua"],
        [-40, 100, -30, -30],
        id="gangshangkaihua-on-haidi-has-no-haidilaoyue",
    ),
    pytest.param(ctx(SMALL, winner=1, win_by=ROBBED, discarder=2), ["qiangganghu"], [0, 60, -60, 0], id="qiangganghu"),
    pytest.param(
        ctx(SMALL, winner=1, win_by=DISCARD, discarder=2, kaigang_discard=True),
        ["gangshangpao"],
        [0, 60, -60, 0],
        id="gangshangpao",
    ),
    pytest.param(
        ctx(SMALL, winner=1, win_by=DISCARD, discarder=2, kaigang_discard=True, last_tile=True),
        ["gangshangpao"],
        [0, 60, -60, 0],
        id="gangshangpao-on-haidi-has-no-haidipao",
    ),
    pytest.param(
        ctx(SMALL, winner=1, win_by=DISCARD, discarder=2, replacement=True),
        ["xiaohu"],
        [0, 10, -10, 0],
        id="replacement-flag-only-for-self-draw",
    ),
    pytest.param(
        ctx(SMALL, winner=1, kaigang_discard=True),
        ["xiaohu"],
        [-20, 40, -10, -10],
        id="kaigang-flag-only-for-discard",
    ),
    # adding up: nothing nests
    pytest.param(
        ctx("1133557799m224m", "4m", first_turn=True),
        ["tianhu", "qingyise", "qixiaodui"],
        [360, -120, -120, -120],
        id="add-tianhu-qingyise-qixiaodui",
    ),
    pytest.param(
        ctx("222m555p888s555m2s", "2s", winner=2, win_by=DISCARD, discarder=0),
        ["pengpenghu", "jiangjianghu"],
        [-140, 0, 140, 0],
        id="add-pengpenghu-jiangjianghu",
    ),
    pytest.param(
        ctx("111s333s555s777s9s", "9s", winner=2, last_tile=True),
        ["pengpenghu", "qingyise", "haidilaoyue"],
        [-120, -90, 300, -90],
        id="add-three-self-draw",
    ),
    pytest.param(
        ctx("777m9s", "9s", winner=1, melds=melds_of("pong:111m", "pong:333m", "kong:5555m"), replacement=True),
        ["pengpenghu", "gangshangkaihua"],
        [-80, 200, -60, -60],
        id="add-pengpenghu-gangshangkaihua-with-melds",
    ),
]


@pytest.mark.parametrize(("c", "types", "payments"), BIG_CASES)
def test_big_types(c: WinContext, types: list[str], payments: list[int]) -> None:
    """Every big type (大胡), each counted once, adding up."""
    result = run(c)
    assert list(result.types) == types
    assert list(result.payments) == payments


def test_mixed_pongs_with_nine_pair_are_pengpenghu() -> None:
    """碰碰胡 takes any pair: 9s is fine when all sets are triplets or kongs."""
    c = ctx("777m9s", "9s", winner=1, melds=melds_of("pong:111m", "pong:333m", "kong:5555m"))
    assert list(run(c).types) == ["pengpenghu"]


# ---------------------------------------------------------------- payments


PAYMENT_CASES = [
    pytest.param(ctx(SMALL), [60, -20, -20, -20], id="small-self-draw-dealer-wins"),
    pytest.param(ctx(SMALL, winner=2), [-20, -10, 40, -10], id="small-self-draw-non-dealer"),
    pytest.param(ctx(SMALL, winner=1, win_by=DISCARD, discarder=2), [0, 10, -10, 0], id="small-discard-no-dealer"),
    pytest.param(ctx(SMALL, winner=1, win_by=DISCARD, discarder=0), [-20, 20, 0, 0], id="small-discard-dealer-pays"),
    pytest.param(ctx(SMALL, winner=0, win_by=DISCARD, discarder=3), [20, 0, 0, -20], id="small-discard-dealer-wins"),
    pytest.param(ctx(SMALL, last_tile=True), [120, -40, -40, -40], id="big-self-draw-dealer-wins"),
    pytest.param(ctx(SMALL, winner=3, last_tile=True), [-40, -30, -30, 100], id="big-self-draw-non-dealer"),
    pytest.param(
        ctx(SMALL, winner=3, dealer=2, last_tile=True), [-30, -30, -40, 100], id="big-self-draw-dealer-seat-2"
    ),
    pytest.param(
        ctx(SMALL, winner=1, win_by=DISCARD, discarder=2, last_tile=True),
        [0, 60, -60, 0],
        id="big-discard-no-dealer",
    ),
    pytest.param(
        ctx(SMALL, winner=1, win_by=DISCARD, discarder=0, last_tile=True),
        [-70, 70, 0, 0],
        id="big-discard-dealer-pays",
    ),
    pytest.param(
        ctx(SMALL, winner=0, win_by=DISCARD, discarder=2, last_tile=True),
        [70, 0, -70, 0],
        id="big-discard-dealer-wins",
    ),
    pytest.param(
        ctx("111s333s555s777s9s", "9s", winner=1, replacement=True),
        [-120, 300, -90, -90],
        id="three-types-self-draw-non-dealer",
    ),
    pytest.param(
        ctx("111s333s555s777s9s", "9s", winner=1, win_by=DISCARD, discarder=0, kaigang_discard=True),
        [-210, 210, 0, 0],
        id="three-types-discard-dealer-pays",
    ),
    pytest.param(ctx(SMALL, winner=1, win_by=ROBBED, discarder=3), [0, 60, 0, -60], id="robbed-kong-konger-pays"),
    pytest.param(ctx(SMALL, winner=1, win_by=ROBBED, discarder=0), [-70, 70, 0, 0], id="robbed-kong-dealer-konger"),
    pytest.param(
        ctx("111m333p666s777m9s", "9s", winner=0, win_by=ROBBED, discarder=2),
        [140, 0, -140, 0],
        id="robbed-kong-plus-pengpenghu-dealer-wins",
    ),
]


@pytest.mark.parametrize(("c", "payments"), PAYMENT_CASES)
def test_payments(c: WinContext, payments: list[int]) -> None:
    """Fixed points: small/big, self-draw/discard, with and without the dealer."""
    assert list(run(c).payments) == payments


# ---------------------------------------------------------------- bird 扎鸟


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
@pytest.mark.parametrize(
    ("number", "offset"),
    [
        pytest.param(1, 0, id="1-dealer"),
        pytest.param(2, 1, id="2-next"),
        pytest.param(3, 2, id="3-opposite"),
        pytest.param(4, 3, id="4-previous"),
        pytest.param(5, 0, id="5-dealer"),
        pytest.param(6, 1, id="6-next"),
        pytest.param(7, 2, id="7-opposite"),
        pytest.param(8, 3, id="8-previous"),
        pytest.param(9, 0, id="9-dealer"),
    ],
)
def test_bird_seat_counts_from_the_dealer(number: int, offset: int, dealer: int) -> None:
    """The bird's number counts seats from the dealer in play order, for every suit."""
    for suit in "mps":
        assert bird_seat(parse_tile(f"{number}{suit}"), dealer) == (dealer + offset) % 4


# Discard: winner 2, discarder 3, dealer 0 → 10 from the discarder, doubled when the bird
# lands on the winner (3, 7) or the discarder (4, 8).
@pytest.mark.parametrize(
    ("bird", "payments"),
    [
        pytest.param("1m", [0, 0, 10, -10], id="discard-bird-1-dealer-no-double"),
        pytest.param("2p", [0, 0, 10, -10], id="discard-bird-2-next-no-double"),
        pytest.param("3s", [0, 0, 20, -20], id="discard-bird-3-winner-double"),
        pytest.param("4m", [0, 0, 20, -20], id="discard-bird-4-discarder-double"),
        pytest.param("5p", [0, 0, 10, -10], id="discard-bird-5-dealer-no-double"),
        pytest.param("6s", [0, 0, 10, -10], id="discard-bird-6-next-no-double"),
        pytest.param("7m", [0, 0, 20, -20], id="discard-bird-7-winner-double"),
        pytest.param("8p", [0, 0, 20, -20], id="discard-bird-8-discarder-double"),
        pytest.param("9s", [0, 0, 10, -10], id="discard-bird-9-dealer-no-double"),
        pytest.param(None, [0, 0, 10, -10], id="discard-no-bird"),
    ],
)
def test_bird_on_a_discard_win(bird: str | None, payments: list[int]) -> None:
    """点炮 with a bird: a hit on the winner or the discarder doubles the discarder."""
    c = ctx(SMALL, winner=2, dealer=0, win_by=DISCARD, discarder=3, bird=bird)
    assert list(run(c).payments) == payments


# Self-draw: winner 1, dealer 0 → dealer 20, others 10; a hit on the winner (2, 6)
# doubles everyone, a hit on another player doubles that player only.
@pytest.mark.parametrize(
    ("bird", "payments"),
    [
        pytest.param("1m", [-40, 60, -10, -10], id="self-draw-bird-1-dealer-doubles"),
        pytest.param("2p", [-40, 80, -20, -20], id="self-draw-bird-2-winner-all-double"),
        pytest.param("3s", [-20, 50, -20, -10], id="self-draw-bird-3-seat-2-doubles"),
        pytest.param("4m", [-20, 50, -10, -20], id="self-draw-bird-4-seat-3-doubles"),
        pytest.param("5p", [-40, 60, -10, -10], id="self-draw-bird-5-dealer-doubles"),
        pytest.param("6s", [-40, 80, -20, -20], id="self-draw-bird-6-winner-all-double"),
        pytest.param("7m", [-20, 50, -20, -10], id="self-draw-bird-7-seat-2-doubles"),
        pytest.param("8p", [-20, 50, -10, -20], id="self-draw-bird-8-seat-3-doubles"),
        pytest.param("9s", [-40, 60, -10, -10], id="self-draw-bird-9-dealer-doubles"),
        pytest.param(None, [-20, 40, -10, -10], id="self-draw-no-bird"),
    ],
)
def test_bird_on_a_self_draw(bird: str | None, payments: list[int]) -> None:
    """自摸 with a bird: on the winner everyone doubles, on another only that player."""
    c = ctx(SMALL, winner=1, dealer=0, bird=bird)
    assert list(run(c).payments) == payments


@pytest.mark.parametrize(
    ("c", "payments"),
    [
        pytest.param(
            ctx(SMALL, winner=2, dealer=3, win_by=DISCARD, discarder=0, bird="2m"),
            [-20, 0, 20, 0],
            id="bird-counts-from-dealer-seat-3",
        ),
        pytest.param(
            ctx(SMALL, winner=1, win_by=ROBBED, discarder=3, bird="4s"),
            [0, 120, 0, -120],
            id="bird-hits-konger-doubles-robbed-kong",
        ),
        pytest.param(
            ctx("111s333s555s777s9s", "9s", winner=3, win_by=DISCARD, discarder=0, bird="4p"),
            [-280, 0, 0, 280],
            id="bird-doubles-several-big-types",
        ),
        pytest.param(
            ctx(SMALL, winner=1, last_tile=True, bird="5p"),
            [-80, 140, -30, -30],
            id="bird-on-haidi-self-draw-dealer-doubles",
        ),
    ],
)
def test_bird_other_cases(c: WinContext, payments: list[int]) -> None:
    """The bird with another dealer, a robbed kong and several big types."""
    assert list(run(c).payments) == payments


# ---------------------------------------------------------------- initial small wins 起手小胡


INITIAL_CASES = [
    pytest.param("1111m34p679s1379p", 2, 0, ["sixi", "banbanhu"], [-40, -20, 80, -20], id="spec-sixi-banbanhu"),
    pytest.param("1111m23p567s2369p", 1, 0, ["sixi"], [-20, 40, -10, -10], id="sixi"),
    pytest.param("1111m2222p567s28p", 1, 0, ["sixi", "liuliushun"], [-40, 80, -20, -20], id="two-quads-one-sixi"),
    pytest.param("134679m134679p1s", 1, 0, ["banbanhu"], [-20, 40, -10, -10], id="banbanhu"),
    pytest.param("123456789m1234p", 1, 0, ["queyise"], [-20, 40, -10, -10], id="queyise"),
    pytest.param("12345678923456m", 0, 0, ["queyise"], [60, -20, -20, -20], id="queyise-two-suits-missing-dealer"),
    pytest.param("111m222p56s258m36p", 1, 0, ["liuliushun"], [-20, 40, -10, -10], id="liuliushun"),
    pytest.param("1111m222p56s258m3p", 1, 0, ["sixi", "liuliushun"], [-40, 80, -20, -20], id="liuliushun-quad"),
    pytest.param("111m2p56s258m3699p", 1, 0, [], None, id="one-triplet-no-liuliushun"),
    pytest.param(
        "1111m333444666m",
        3,
        0,
        ["sixi", "banbanhu", "queyise", "liuliushun"],
        [-80, -40, -40, 160],
        id="all-four",
    ),
    pytest.param(
        "1111m3334446667m",
        0,
        0,
        ["sixi", "banbanhu", "queyise", "liuliushun"],
        [240, -80, -80, -80],
        id="all-four-dealer-14-tiles",
    ),
    pytest.param("123m456p789s258m3p", 1, 0, [], None, id="none-no-initial-win"),
]


@pytest.mark.parametrize(("hand", "winner", "dealer", "types", "payments"), INITIAL_CASES)
def test_initial_small_wins(hand: str, winner: int, dealer: int, types: list[str], payments: list[int] | None) -> None:
    """起手小胡: each type once, each paid as a small self-draw, adding up, no bird."""
    assert initial_small_wins(counts_of(parse_tiles(hand))) == types
    result = CHANGSHA.score(ctx(hand, None, winner=winner, dealer=dealer, initial=True))
    assert result.valid == bool(types)
    if payments is not None:
        assert list(result.types) == types
        assert list(result.payments) == payments


def test_initial_small_wins_ignore_the_bird() -> None:
    """No bird for initial small wins, even when one is passed."""
    c = ctx("1111m34p679s1379p", None, winner=2, initial=True, bird="3m")
    assert list(run(c).payments) == [-40, -20, 80, -20]


@pytest.mark.parametrize(
    ("c", "reason_part"),
    [
        pytest.param(ctx("1111m34p679s1379p", None, winner=0, initial=True), "14 tiles", id="dealer-needs-14"),
        pytest.param(ctx("1111m34p679s137p", None, winner=1, initial=True), "13 tiles", id="non-dealer-needs-13"),
        pytest.param(
            ctx("1111m34p679s1p", None, winner=1, initial=True, melds=melds_of("pong:999p")),
            "before any meld",
            id="no-melds",
        ),
    ],
)
def test_initial_small_wins_need_the_dealt_hand(c: WinContext, reason_part: str) -> None:
    """Initial small wins are judged on the dealt hand only."""
    result = CHANGSHA.score(c)
    assert not result.valid
    assert reason_part in result.reason


# ---------------------------------------------------------------- the spec's examples


def test_spec_all_triplets_one_suit_on_dealer_discard() -> None:
    """score-cli.md: 111s333s555s777s9s + 9s from the dealer → 2 × (60 + 10)."""
    c = ctx("111s333s555s777s9s", "9s", winner=3, dealer=0, win_by=DISCARD, discarder=0)
    result = run(c)
    assert set(result.types) == {"pengpenghu", "qingyise"}
    assert list(result.payments) == [-140, 0, 0, 140]


def test_spec_small_win_bird_hits_winner() -> None:
    """score-cli.md: small win on a discard, bird 7m hits the winner → 20."""
    c = ctx("123m456p789s234m5p", "5p", winner=2, dealer=0, win_by=DISCARD, discarder=3, bird="7m")
    result = run(c)
    assert list(result.types) == ["xiaohu"]
    assert list(result.payments) == [0, 0, 20, -20]


def test_spec_initial_small_wins_of_a_non_dealer() -> None:
    """score-cli.md: 1111m34p679s1379p → 四喜 + 板板胡."""
    c = ctx("1111m34p679s1379p", None, winner=2, dealer=0, initial=True)
    result = run(c)
    assert set(result.types) == {"sixi", "banbanhu"}
    assert list(result.payments) == [-40, -20, 80, -20]


# ---------------------------------------------------------------- breakdown lines and names


def test_breakdown_lines_name_each_type_multiplier_and_payment() -> None:
    """The breakdown has a line per type, the per-type count, the bird and each payment."""
    c = ctx("111s333s555s777s9s", "9s", winner=3, dealer=0, win_by=DISCARD, discarder=0, bird="4p")
    result = run(c)
    kinds = [ln.kind for ln in result.lines]
    type_lines = [ln for ln in result.lines if ln.kind is LineKind.TYPE]
    assert [ln.id for ln in type_lines] == ["pengpenghu", "qingyise"]
    assert type_lines[0].text().startswith("碰碰胡")
    assert "60 per type from the discarder" in type_lines[0].en
    assert "+10" in type_lines[0].en
    assert kinds.count(LineKind.MULTIPLIER) == 2  # two types, and the bird
    pay = [ln for ln in result.lines if ln.kind is LineKind.PAYMENT]
    assert [(ln.seat, ln.amount) for ln in pay] == [(0, 280)]
    assert "2 × (60 + 10) × 2" in pay[0].en
    assert all(ln.en and ln.zh for ln in result.lines)


def test_hand_types_have_names() -> None:
    """Every type id has Chinese and English names and a description."""
    assert set(CHANGSHA_HAND_TYPES) == {"xiaohu", *BIG_TYPES, *INITIAL_TYPES}
    for type_id, t in CHANGSHA_HAND_TYPES.items():
        assert t.id == type_id
        assert t.zh and t.en and t.description


def test_breakdown_single_type_with_bird_brackets_the_sum() -> None:
    """One big type with the dealer's +10, doubled by the bird: (60 + 10) × 2."""
    c = ctx(SMALL, winner=1, dealer=0, win_by=ROBBED, discarder=0, bird="1s")
    pay = [ln for ln in run(c).lines if ln.kind is LineKind.PAYMENT]
    assert [(ln.seat, ln.amount) for ln in pay] == [(0, 140)]
    assert "= (60 + 10) × 2" in pay[0].en
    assert pay[0].en.startswith("Seat 0 (dealer) pays 140 to seat 1")
