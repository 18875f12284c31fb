"""Changsha play flow (RULES.md §1, §3, §4), each rule by name, in tile notation.

Dealer 0 unless a test says otherwise. Hands are the key tiles of each test completed
with inert filler (:func:`deal`); draws and the tail of the wall are stacked by
``scripted_hand`` so every tile that matters is named.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable

import pytest
from support import kinds, of, pass_all, play

from mahjong_tui.engine import Hand, Phase, WinBy, scripted_hand
from mahjong_tui.engine.actions import Action, ActionKind, IllegalAction, KongMode
from mahjong_tui.engine.events import (
    BirdDrawn,
    FlowerRevealed,
    HaidiDeclined,
    HaidiOffered,
    HandEnded,
    HandOutcome,
    InitialWinsDeclared,
    KaigangDiscarded,
    KaigangRevealed,
    KongDeclared,
    MeldClaimed,
    OptionRefused,
    PlayerWon,
    TileDrawn,
)
from mahjong_tui.engine.game import Game
from mahjong_tui.engine.melds import MeldKind
from mahjong_tui.engine.tiles import counts_of, format_tiles, parse_tile, parse_tiles
from mahjong_tui.rules import get_ruleset
from mahjong_tui.rules.changsha_scoring import initial_small_wins

RULES = "changsha"

# Knitted filler per seat: three suits, 2-5-8 tiles, no two tiles within two of each
# other, so filler makes no set, no chi and no initial small win.
FILLER = ("147m258p369s", "258m369p147s", "369m147p258s", "159m159p159s")


# ---------------------------------------------------------------- helpers


def deal(keys: list[str], *, dealer: int = 0, also: str = "", avoid: str = "") -> list[str]:
    """Each seat's key tiles completed to 13 (dealer 14) with inert filler.

    Filler tiles are at most two of a kind (no triplet, no quad) and, as far as the tiles
    allow, three or more apart in a suit from each other and from the seat's keys (no
    set, no chi shape), the seat's knitted pattern first. Kinds in any seat's keys come
    last, kinds in ``avoid`` never; enough copies are left for ``also`` (the tiles the
    test draws later).
    """
    named = [parse_tiles(k) for k in keys]
    in_keys = {x for k in named for x in k}
    taken = Counter(x for k in named for x in k) + Counter(parse_tiles(also))
    left = Counter({k: 4 - taken[k] for k in range(27) if k not in set(parse_tiles(avoid))})
    out = []
    for s in range(4):
        need = (14 if s == dealer else 13) - len(named[s])
        pattern = [k for k in parse_tiles(FILLER[s]) if k not in in_keys]
        others = [k for k in range(27) if k not in in_keys and k not in pattern]
        spare = [k for k in in_keys if k not in named[s]]
        filler: list[int] = []
        # spacing loosened step by step: from keys and filler, from filler, none
        for level in range(3):
            for k in pattern + others + pattern + others + spare + spare:
                apart_from = (filler + named[s], filler, [])[level]
                near = any(q // 9 == k // 9 and 0 < abs(q - k) <= 2 for q in apart_from)
                if len(filler) < need and left[k] > 0 and filler.count(k) < 2 and not near:
                    filler.append(k)
                    left[k] -= 1
        if len(filler) < need:
            raise ValueError(f"seat {s}: not enough filler")
        _no_initial_win(named[s], filler, left, in_keys)
        out.append(format_tiles(named[s] + filler))
    return out


def _no_initial_win(keys: list[int], filler: list[int], left: Counter[int], in_keys: set[int]) -> None:
    """Swap filler tiles until the filler alone makes no 板板胡 (no 2-5-8) or 缺一色 (a suit missing)."""
    for _ in range(4 if filler else 0):
        types = initial_small_wins(counts_of(keys + filler))
        if "banbanhu" in types:
            want = [k for k in range(27) if k % 9 in (1, 4, 7)]
        elif "queyise" in types:
            held = {k // 9 for k in keys + filler}
            want = [k for k in range(27) if k // 9 not in held]
        else:
            return
        new = min((k for k in want if left[k] > 0), key=lambda k: (k in in_keys, k in filler))
        old = max(filler, key=lambda k: (filler.count(k), k % 9 not in (1, 4, 7)))
        filler.remove(old)
        left[old] += 1
        filler.append(new)
        left[new] -= 1


def start(keys: list[str], *, draws: str = "", tail: str = "", dealer: int = 0, avoid: str = "") -> Hand:
    """A scripted Changsha hand from key tiles (see :func:`deal`), at the dealer's first turn."""
    hands = deal(keys, dealer=dealer, also=draws + tail, avoid=avoid)
    h = scripted_hand(RULES, hands, draws=draws, tail=tail, dealer=dealer)
    assert h.phase is Phase.TURN and h.current == dealer, "the deal must not offer initial small wins"
    return h


def drive(h: Hand, stop: Callable[[Hand], bool]) -> None:
    """Plain play until ``stop``: every offer passed, every seat discards the tile it drew."""
    while not h.over and not stop(h):
        seat = h.pending_seats()[0]
        acts = h.legal_actions(seat)
        if h.phase is Phase.TURN:
            drawn = h.players[seat].last_drawn
            discards = [a for a in acts if a.kind is ActionKind.DISCARD]
            h.apply(next((a for a in discards if a.tile == drawn), discards[0]))
        else:
            h.apply(next(a for a in acts if a.kind is ActionKind.PASS))


def at_turn(seat: int, remaining: int) -> Callable[[Hand], bool]:
    """Stop when ``seat`` holds its drawn tile and ``remaining`` tiles are left."""
    return lambda h: h.phase is Phase.TURN and h.current == seat and h.wall.remaining == remaining


def at_haidi(h: Hand) -> bool:
    """Stop when the 海底 is offered."""
    return h.phase is Phase.HAIDI


def ended(h: Hand) -> HandEnded:
    """The hand's HandEnded event; every hand's points sum to zero and every tile is there."""
    assert h.over
    end = h.events[-1]
    assert isinstance(end, HandEnded)
    assert sum(end.payments) == 0
    assert h.check_invariants() == []
    return end


def t(name: str) -> int:
    """One tile from notation."""
    return parse_tile(name)


def names(tiles: Iterable[int]) -> str:
    """Tiles in notation, in the order given."""
    return format_tiles(tiles, sort=False)


class Dice(random.Random):
    """The hand's rng with the next dice faces fixed (开杠 rolls from it)."""

    def __init__(self, *faces: int):
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        """The next fixed face, then ordinary rolls."""
        return self.faces.pop(0) if self.faces else super().randint(a, b)


def tail_stack(tail: str, k: int) -> tuple[int, int]:
    """(top, bottom) of the k-th stack counted from the tail, as ``scripted_hand`` stacks ``tail``."""
    tiles = parse_tiles(tail)
    return tiles[2 * (k - 1)], tiles[2 * (k - 1) + 1]


# ---------------------------------------------------------------- tiles, wall, claims


def test_tile_set_is_108_suited_tiles_without_honours_or_flowers():
    """108 tiles: 1-9 of 万 筒 条, four each; no winds, dragons or flowers."""
    rs = get_ruleset(RULES)
    assert len(rs.tile_set()) == 108
    assert Counter(rs.tile_set()) == {k: 4 for k in range(27)}


def test_wall_is_four_walls_of_14_13_14_13_stacks_and_the_deal():
    """Walls of 14, 13, 14, 13 stacks of two; dealer 14 tiles, others 13; nothing is a flower."""
    g = Game(RULES, seed=5)
    h = g.hand
    view = h.wall_view()
    assert [len(w) for w in view.heights] == [14, 13, 14, 13]
    assert view.remaining == 108 - 53
    assert not of(h.events, FlowerRevealed)
    for p in h.players:
        assert p.flowers == []
        assert p.size() == (14 if p.seat == h.dealer else 13)
        assert all(tile < 27 for tile in p.tiles())


def test_chi_only_from_the_previous_player():
    """Chi is for the discarder's next player only: the opposite seat holding 4m6m gets nothing."""
    h = start(["5m", "4m6m", "4m6m", ""])
    play(h, "0 discard 5m")
    assert kinds(h, 1) == {"chi", "pass"}
    assert h.legal_actions(2) == []
    with pytest.raises(IllegalAction):
        h.apply(Action(2, ActionKind.CHI, t("5m"), (t("4m"), t("6m"))))


@pytest.mark.parametrize("claimer", [1, 2, 3], ids=["next", "opposite", "previous"])
def test_pong_and_kong_from_any_player(claimer):
    """Pong and kong (补张) may be claimed from any seat's discard."""
    keys = ["5m", "", "", ""]
    keys[claimer] = "5m5m5m"
    h = start(keys)
    play(h, "0 discard 5m")
    assert kinds(h, claimer) == {"pong", "kong", "pass"}
    assert {a.mode for a in h.legal_actions(claimer) if a.kind is ActionKind.KONG} == {KongMode.BUZHANG}
    events = play(h, f"{claimer} pong 5m")
    claim = of(events, MeldClaimed)[0]
    assert claim.seat == claimer and claim.from_seat == 0 and claim.meld.kind is MeldKind.PONG
    assert h.phase is Phase.TURN and h.current == claimer


def test_pong_beats_chi():
    """Pong over chi: the opposite seat's pong takes the discard the next seat wanted to chi."""
    h = start(["5m", "4m6m", "5m5m", ""])
    play(h, "0 discard 5m", "1 chi 5m 46m", "2 pong 5m")
    assert h.current == 2 and h.players[2].melds[0].kind is MeldKind.PONG
    assert h.players[1].melds == []
    assert h.players[0].river[-1].claimed_by == 2


def test_chi_goes_through_when_the_pong_passes():
    """With the pong passed the chi is made; the claimer discards and play goes on from it."""
    h = start(["5m", "4m6m9s", "5m5m", ""], draws="9p")
    play(h, "0 discard 5m", "2 pass", "1 chi 5m 46m")
    assert h.current == 1 and h.players[1].melds[0].tiles == (t("4m"), t("5m"), t("6m"))
    play(h, "1 discard 9s")
    assert h.current == 2 and h.players[2].last_drawn == t("9p")


def test_no_suit_restriction_on_claims():
    """No one-suit rule: after a 万 chi the same seat may pong 条 and chi 筒."""
    keys = ["5m4s3p", "4m6m4s4s1p2p9s7m", "", ""]
    h = start(keys, draws="9m9p9s1s8s6m")
    play(h, "0 discard 5m", "1 chi 5m 46m", "1 discard 9s", "2 discard 9m", "3 discard 9p")
    events = play(h, "0 discard 4s")
    assert not of(events, OptionRefused) and "pong" in kinds(h, 1)
    play(h, "1 pong 4s", "1 discard 7m", "2 discard 1s", "3 discard 8s")
    events = play(h, "0 discard 3p")
    assert not of(events, OptionRefused) and "chi" in kinds(h, 1)
    play(h, "1 chi 3p 12p")
    assert [m.kind for m in h.players[1].melds] == [MeldKind.CHI, MeldKind.PONG, MeldKind.CHI]
    assert [m.first // 9 for m in h.players[1].melds] == [0, 2, 1]  # 万, 条, 筒


# ---------------------------------------------------------------- 补张


def test_buzhang_concealed_quad_replacement_from_the_tail_top_then_bottom():
    """补张 of a concealed quad: the replacement is the top of the tail stack, the next one its bottom."""
    h = start(["9m", "5m5m5m", "7s7s7s", ""], draws="5m7s", tail="1p3p")
    last = h.wall.order[-1]
    assert last == (h.wall.break_stack - 1) % 54  # the stack just before the break
    play(h, "0 discard 9m")
    assert [(a.tile, a.mode) for a in h.legal_actions(1) if a.kind is ActionKind.CONCEALED_KONG] == [
        (t("5m"), KongMode.BUZHANG)
    ]
    events = play(h, "1 concealed_kong 5m buzhang")
    assert of(events, KongDeclared)[0].mode is KongMode.BUZHANG
    assert h.phase is Phase.TURN and h.current == 1  # a concealed quad is not robbed
    drawn = of(events, TileDrawn)[-1]
    assert (drawn.seat, drawn.tile, drawn.source.value) == (1, t("1p"), "tail")
    assert h.wall.top[last] is None and h.wall.bottom[last] == t("3p")
    assert h.players[1].melds[0].kind is MeldKind.CONCEALED_KONG
    play(h, "1 discard 1p")
    events = play(h, "2 concealed_kong 7s buzhang")
    drawn = of(events, TileDrawn)[-1]
    assert (drawn.seat, drawn.tile, drawn.source.value) == (2, t("3p"), "tail")
    assert last not in h.wall.order  # that stack is used up
    assert h.check_invariants() == []


def test_buzhang_win_on_the_replacement_is_an_ordinary_self_draw():
    """A win on a 补张 replacement is a plain self-draw: no 杠上开花; bird as for any self-draw."""
    # seat 1: 5m5m5m 123p 456p 789s + 2s, waiting on 2s; bird 4p: 4 from the dealer is seat 3
    h = start(["9m", "5m5m5m123p456p789s2s", "", ""], draws="5m4p", tail="2s")
    play(h, "0 discard 9m", "1 concealed_kong 5m buzhang")
    assert "win" in kinds(h, 1)
    events = play(h, "1 win")
    won = of(events, PlayerWon)[0]
    assert won.result.types == ("xiaohu",)
    assert won.context.win_by is WinBy.SELF_DRAW and not won.context.replacement
    assert of(events, BirdDrawn) == [BirdDrawn(t("4p"), 3)]
    # small self-draw by a non-dealer: dealer 20, others 10; the bird doubles seat 3
    assert ended(h).payments == (-20, 50, -10, -20)


def test_buzhang_from_pong_and_drawn_tile():
    """补张 of an added kong: the pong becomes a quad and the replacement comes from the tail."""
    h = start(["5m9m", "5m5m1s", "", ""], draws="1p2p3p5m", tail="6s")
    play(h, "0 discard 5m", "1 pong 5m", "1 discard 1s")
    play(h, "2 discard 1p", "3 discard 2p", "0 discard 3p")
    pass_all(h)
    assert h.current == 1 and h.players[1].last_drawn == t("5m")
    assert [(a.tile, a.mode) for a in h.legal_actions(1) if a.kind is ActionKind.ADDED_KONG] == [
        (t("5m"), KongMode.BUZHANG)
    ]
    events = play(h, "1 added_kong 5m buzhang")
    assert h.players[1].melds[0].kind is MeldKind.ADDED_KONG
    drawn = of(events, TileDrawn)[-1]
    assert (drawn.seat, drawn.tile, drawn.source.value) == (1, t("6s"), "tail")
    assert h.phase is Phase.TURN and h.current == 1
    assert h.check_invariants() == []


def test_buzhang_from_concealed_triplet_and_discard():
    """补张 on a discard (concealed triplet + the discard): an exposed quad, replacement from the tail."""
    h = start(["5m", "", "5m5m5m", ""], tail="6s")
    play(h, "0 discard 5m")
    kong = [a for a in h.legal_actions(2) if a.kind is ActionKind.KONG]
    assert [a.mode for a in kong] == [KongMode.BUZHANG]
    events = play(h, "2 kong 5m buzhang")
    claim = of(events, MeldClaimed)[0]
    assert claim.meld.kind is MeldKind.KONG and claim.from_seat == 0 and claim.mode is KongMode.BUZHANG
    drawn = of(events, TileDrawn)[-1]
    assert (drawn.seat, drawn.tile, drawn.source.value) == (2, t("6s"), "tail")
    assert h.phase is Phase.TURN and h.current == 2
    play(h, "2 discard 6s")
    assert h.current == 3  # play goes on from the konger


# ---------------------------------------------------------------- 开杠

READY = "123p456p789s2s"  # with a quad set aside: waits on 2s
NOT_READY = "1p4p7p2s5s8s9m"


@pytest.mark.parametrize("ready", [True, False], ids=["ready", "not-ready"])
def test_kaigang_offered_only_when_ready_concealed_quad(ready):
    """开杠 is offered for a concealed quad only when the hand is ready with the quad set aside."""
    h = start(["9m", "5m5m5m" + (READY if ready else NOT_READY), "", ""], draws="5m")
    play(h, "0 discard 9m")
    modes = {a.mode for a in h.legal_actions(1) if a.kind is ActionKind.CONCEALED_KONG}
    assert modes == ({KongMode.BUZHANG, KongMode.KAIGANG} if ready else {KongMode.BUZHANG})


@pytest.mark.parametrize("ready", [True, False], ids=["ready", "not-ready"])
def test_kaigang_offered_only_when_ready_triplet_and_discard(ready):
    """开杠 on a discard (concealed triplet + the discard) only when ready with the quad set aside."""
    h = start(["5m", "5m5m5m" + (READY if ready else NOT_READY), "", ""])
    play(h, "0 discard 5m")
    modes = {a.mode for a in h.legal_actions(1) if a.kind is ActionKind.KONG}
    assert modes == ({KongMode.BUZHANG, KongMode.KAIGANG} if ready else {KongMode.BUZHANG})


@pytest.mark.parametrize(
    "ready",
    [
        pytest.param(True, id="ready"),
        pytest.param(False, id="not-ready"),
    ],
)
def test_kaigang_offered_only_when_ready_added_kong(ready):
    """开杠 of an added kong (pong + drawn tile) only when ready with the quad set aside."""
    keys = ["5m9m", "5m5m1s" + (READY if ready else NOT_READY), "", ""]
    h = start(keys, draws="1m3m7m5m")
    play(h, "0 discard 5m", "1 pong 5m", "1 discard 1s")
    play(h, "2 discard 1m", "3 discard 3m", "0 discard 7m")
    pass_all(h)
    assert h.current == 1 and h.players[1].last_drawn == t("5m")
    modes = {a.mode for a in h.legal_actions(1) if a.kind is ActionKind.ADDED_KONG}
    assert modes == ({KongMode.BUZHANG, KongMode.KAIGANG} if ready else {KongMode.BUZHANG})


# Twelve tiles for the last six stacks of the wall: stack k from the tail holds tiles
# 2k-1 (top) and 2k (bottom). None of them is a win for anyone in the 开杠 tests.
TAIL12 = "1m3m4m6m7m8m4s6s8s9s7p9p"


def _kaigang_hand() -> Hand:
    """Seat 1 holds 5m5m5m and is ready on 2s with the quad set aside; it draws the fourth 5m."""
    h = start(["9m", "5m5m5m" + READY, "", ""], draws="5m", tail=TAIL12)
    play(h, "0 discard 9m")
    assert "kaigang" in {a.mode.value for a in h.legal_actions(1) if a.mode is not None}
    return h


def _expected_reveal(tail: str, dice: tuple[int, int]) -> tuple[int, ...]:
    """The top of the stack each die counts from the tail; equal dice: that stack's top, then bottom."""
    a, b = dice
    if a == b:
        return tail_stack(tail, a)
    return tail_stack(tail, a)[0], tail_stack(tail, b)[0]


def test_kaigang_reveals_two_tiles_from_the_tail_by_its_dice():
    """开杠 rolls two dice; each reveals the top tile of the stack it counts from the tail."""
    h = _kaigang_hand()
    order = list(h.wall.order)
    remaining = h.wall.remaining
    events = play(h, "1 concealed_kong 5m kaigang")
    rev = of(events, KaigangRevealed)[0]
    assert rev.seat == 1 and all(1 <= d <= 6 for d in rev.dice)
    assert names(rev.tiles) == names(_expected_reveal(TAIL12, rev.dice))
    assert h.wall.remaining == remaining - 3  # the two revealed, then seat 2's draw
    for d in rev.dice:
        assert h.wall.top[order[-d]] is None  # the tile left that very stack
    # the konger cannot win on them: both are discarded, and play goes on
    assert of(events, KaigangDiscarded) == [KaigangDiscarded(1, rev.tiles)]
    assert [r.tile for r in h.players[1].river[-2:]] == list(rev.tiles)
    assert all(r.kaigang for r in h.players[1].river[-2:])
    assert h.players[1].kaigang_locked
    assert h.phase is Phase.TURN and h.current == 2
    assert h.check_invariants() == []


@pytest.mark.parametrize("dice", [(1, 2), (2, 5), (6, 3), (1, 1), (4, 4), (6, 6)], ids=str)
def test_kaigang_dice_pick_the_stacks(dice):
    """Each die counts stacks from the tail; with both dice equal the stack gives its top, then its bottom."""
    h = _kaigang_hand()
    h.rng = Dice(*dice)
    events = play(h, "1 concealed_kong 5m kaigang")
    rev = of(events, KaigangRevealed)[0]
    assert rev.dice == dice
    assert names(rev.tiles) == names(_expected_reveal(TAIL12, dice))


def test_kaigang_gangshangkaihua():
    """杠上开花: an 开杠 tile completes the konger's hand; the other one goes to its river."""
    # seat 1 waits on 6s/9s; the top of every stack the dice can reach is one of them
    keys = ["9m", "5m5m5m123p456p7s8s2s2s", "", ""]
    tail = "6s1m9s3m6s4m9s7m6s8m9s9p"
    h = start(keys, draws="5m3p", tail=tail)
    play(h, "0 discard 9m")
    events = play(h, "1 concealed_kong 5m kaigang")
    rev = of(events, KaigangRevealed)[0]
    assert h.phase is Phase.KAIGANG_SELF and kinds(h, 1) == {"win", "pass"}
    win = next(a for a in h.legal_actions(1) if a.kind is ActionKind.WIN)
    events = h.apply(win)
    won = of(events, PlayerWon)[0]
    assert won.seat == 1 and won.result.types == ("gangshangkaihua",)
    assert won.context.win_by is WinBy.SELF_DRAW and won.context.win_tile == win.tile
    rest = list(rev.tiles)
    rest.remove(win.tile)
    assert [r.tile for r in h.players[1].river if r.kaigang] == rest
    # big self-draw by a non-dealer: dealer 40, others 30; bird 3p lands on seat 2: double
    assert of(events, BirdDrawn) == [BirdDrawn(t("3p"), 2)]
    end = ended(h)
    assert end.payments == (-40, 130, -60, -30)
    assert end.next_dealer == 1


def test_kaigang_gangshangpao():
    """杠上炮: the 开杠 tiles are discarded and another player wins on one; the konger pays as discarder."""
    # seat 3 waits on 1s/4s; the top of every stack the dice can reach is one of them
    keys = ["9m", "5m5m5m" + READY, "", "2s3s6m7m8m7p8p9p1m1m1m5s5s"]
    tail = "1s2m4s3m1s4m4s2m1s3m4s4m"
    h = start(keys, draws="5m3p", tail=tail)
    play(h, "0 discard 9m")
    events = play(h, "1 concealed_kong 5m kaigang")
    rev = of(events, KaigangRevealed)[0]
    assert of(events, KaigangDiscarded) == [KaigangDiscarded(1, rev.tiles)]
    assert h.phase is Phase.KAIGANG_CLAIM and h.pending_seats() == [3]
    win = next(a for a in h.legal_actions(3) if a.kind is ActionKind.WIN)
    events = h.apply(win)
    won = of(events, PlayerWon)[0]
    assert won.seat == 3 and won.result.types == ("gangshangpao",)
    assert won.context.discarder == 1 and won.context.kaigang_discard
    # big discard: 60 from the konger; bird 3p lands on seat 2, neither winner nor konger
    assert of(events, BirdDrawn) == [BirdDrawn(t("3p"), 2)]
    end = ended(h)
    assert end.payments == (0, -60, 0, 60)
    assert end.next_dealer == 3


def test_after_kaigang_discard_every_draw_no_claims_but_may_win():
    """After 开杠: no chi, pong or kong; each drawn tile must be discarded; a win is still allowed."""
    # seat 1 after the quad: 123p 789p 2m2m 3s3s, waiting on 3s (a 2m would not win)
    keys = ["9m", "5m5m5m1p2p3p7p8p9p2m2m3s3s", "", ""]
    h = start(keys, draws="5m2m1s4p9s3s4s", tail=TAIL12)
    play(h, "0 discard 9m", "1 concealed_kong 5m kaigang")
    assert h.phase is Phase.TURN and h.current == 2
    assert h.players[1].counts[t("2m")] == 2 and h.players[1].counts[t("2p")] == h.players[1].counts[t("3p")] == 1
    play(h, "2 discard 2m")  # a pong for anyone else
    assert h.legal_actions(1) == []
    play(h, "3 discard 1s", "0 discard 4p")  # a chi of 4p with 2p3p for anyone else
    assert h.legal_actions(1) == []
    pass_all(h)
    assert h.phase is Phase.TURN and h.current == 1
    assert h.legal_actions(1) == [Action(1, ActionKind.DISCARD, t("9s"))]
    with pytest.raises(IllegalAction, match="开杠"):
        h.apply(Action(1, ActionKind.DISCARD, t("1p")))
    play(h, "1 discard 9s")
    events = play(h, "2 discard 3s")
    assert not of(events, OptionRefused)
    assert kinds(h, 1) == {"win", "pass"}
    events = play(h, "1 win")
    won = of(events, PlayerWon)[0]
    assert won.seat == 1 and won.result.types == ("xiaohu",)
    # small discard win: 10 from seat 2; bird 4s lands on seat 3: no double
    assert ended(h).payments == (0, 10, -10, 0)


def test_kaigang_die_beyond_the_wall_takes_the_last_stack():
    """A die larger than the stacks left counts to the last stack (the tail stack, as for 补张)."""
    # seat 1 draws the fourth 5m with three stacks left: (1m, 3m) last, (4m, 6m), (7m, 8m)
    tail = "1m3m4m6m7m8m9p5m"
    h = start(["", "5m5m5m" + READY, "", ""], tail=tail)
    drive(h, at_turn(1, 6))
    assert h.players[1].last_drawn == t("5m")
    h.rng = Dice(6, 6)
    events = play(h, "1 concealed_kong 5m kaigang")
    rev = of(events, KaigangRevealed)[0]
    assert names(rev.tiles) == names(parse_tiles("1m3m"))  # the engine gives 7m8m, the head stack


def test_kaigang_with_only_the_haidi_left_takes_it_and_there_is_no_haidi():
    """开杠 with one tile left reveals that tile; the hand then has no 海底 and the konger deals next."""
    h = start(["", "", "5m5m5m" + READY, ""], tail="5m9p")
    drive(h, at_turn(2, 1))
    assert h.players[2].last_drawn == t("5m")
    events = play(h, "2 concealed_kong 5m kaigang")
    assert of(events, KaigangRevealed)[0].tiles == (t("9p"),)
    assert h.wall.remaining == 0
    assert not of(h.events, HaidiOffered)
    end = ended(h)
    assert end.outcome is HandOutcome.DRAWN and end.next_dealer == 2


# ---------------------------------------------------------------- 抢杠胡


def test_robbing_an_added_kong_buzhang():
    """抢杠胡: a player waiting on the tile added to a pong (补张) wins on it; the konger pays."""
    # seat 2 becomes ready on 5m (4m6m) after drawing 8s
    keys = ["5m", "5m5m1s", "4m6m1p2p3p7p8p9p7s9s2s2s9m", ""]
    h = start(keys, draws="8s1m3m5m3s")
    play(h, "0 discard 5m", "1 pong 5m", "1 discard 1s", "2 discard 9m", "3 discard 1m", "0 discard 3m")
    pass_all(h)
    events = play(h, "1 added_kong 5m buzhang")
    assert of(events, KongDeclared)[0].mode is KongMode.BUZHANG
    assert h.phase is Phase.ROB and h.pending_seats() == [2] and kinds(h, 2) == {"win", "pass"}
    events = play(h, "2 win")
    won = of(events, PlayerWon)[0]
    assert won.seat == 2 and won.result.types == ("qiangganghu",)
    assert won.context.win_by is WinBy.ROBBED_KONG and won.context.discarder == 1
    assert h.players[1].melds[0].kind is MeldKind.PONG  # the kong is not made
    # big, paid like a discard by the konger: 60; bird 3s lands on the winner: double
    assert of(events, BirdDrawn) == [BirdDrawn(t("3s"), 2)]
    end = ended(h)
    assert end.payments == (0, -120, 120, 0) and end.next_dealer == 2


def test_robbing_an_added_kong_kaigang():
    """抢杠胡 works the same when the added kong is declared as 开杠: no dice are rolled."""
    keys = ["5m", "5m5m1s" + READY, "4m6m1p2p3p7p8p9p7s9s2s2s9m", ""]
    h = start(keys, draws="8s1m3m5m3s")
    play(h, "0 discard 5m", "1 pong 5m", "1 discard 1s", "2 discard 9m", "3 discard 1m", "0 discard 3m")
    pass_all(h)
    play(h, "1 added_kong 5m kaigang")
    assert h.phase is Phase.ROB and h.pending_seats() == [2]
    events = play(h, "2 win")
    assert of(events, PlayerWon)[0].result.types == ("qiangganghu",)
    assert not of(h.events, KaigangRevealed)


def test_added_kong_not_robbed_completes_with_replacement():
    """When the robber passes, the pong becomes a quad and the konger draws from the tail."""
    keys = ["5m", "5m5m1s", "4m6m1p2p3p7p8p9p7s9s2s2s9m", ""]
    h = start(keys, draws="8s1m3m5m", tail="6s")
    play(h, "0 discard 5m", "1 pong 5m", "1 discard 1s", "2 discard 9m", "3 discard 1m", "0 discard 3m")
    pass_all(h)
    play(h, "1 added_kong 5m buzhang")
    events = play(h, "2 pass")
    assert h.players[1].melds[0].kind is MeldKind.ADDED_KONG
    drawn = of(events, TileDrawn)[-1]
    assert (drawn.seat, drawn.tile, drawn.source.value) == (1, t("6s"), "tail")
    assert h.phase is Phase.TURN and h.current == 1


def test_concealed_quad_is_never_robbed():
    """A concealed quad cannot be robbed: the player waiting on it gets no window."""
    keys = ["9m", "5m5m5m", "4m6m1p2p3p7p8p9p7s8s9s2s2s", ""]
    h = start(keys, draws="5m", tail="6s")
    play(h, "0 discard 9m")
    events = play(h, "1 concealed_kong 5m buzhang")
    assert h.phase is Phase.TURN and h.current == 1
    assert h.legal_actions(2) == []
    assert not of(events, PlayerWon)
    assert of(events, TileDrawn)[-1].tile == t("6s")


# ---------------------------------------------------------------- 起手小胡


@pytest.mark.parametrize(
    "hand, types",
    [
        pytest.param("5m5m5m5m", ("sixi",), id="sixi-four-of-a-kind"),
        pytest.param("1m3m4m6m7m9m1p3p4p6p1s3s4s", ("banbanhu",), id="banbanhu-no-258"),
        pytest.param("1m2m3m4m5m6m7m1p2p3p4p5p6p", ("queyise",), id="queyise-suit-missing"),
        pytest.param("1m1m1m9p9p9p", ("liuliushun",), id="liuliushun-two-triplets"),
        pytest.param("1m1m1m3m3m3m4p4p4p6p7p9p9m", ("banbanhu", "queyise", "liuliushun"), id="three-types-add-up"),
    ],
)
def test_initial_small_win_offered_after_the_deal_and_settled_at_once(hand, types):
    """起手小胡: offered right after the deal, settled at once as small self-draws (per type), no bird."""
    h = scripted_hand(RULES, deal(["", hand, "", ""]))
    assert h.phase is Phase.INITIAL and h.pending_seats() == [1]
    assert kinds(h, 1) == {"declare_initial", "pass"}
    assert h.legal_actions(0) == []  # the dealer waits before the first discard
    events = play(h, "1 declare_initial")
    declared = of(events, InitialWinsDeclared)
    assert [(e.seat, e.result.types) for e in declared] == [(1, types)]
    n = len(types)
    assert h.payments == [-20 * n, 40 * n, -10 * n, -10 * n]
    assert not of(events, BirdDrawn)
    # the hand goes on: the dealer's turn with 14 tiles
    assert h.phase is Phase.TURN and h.current == 0 and h.players[0].size() == 14
    assert h.check_invariants() == []


def test_initial_small_wins_of_several_seats_add_up_and_the_hand_goes_on():
    """Dealer and another seat both declare; each is settled; the payments stay in the hand's result."""
    h = scripted_hand(RULES, deal(["1m1m1m9p9p9p", "", "1m2m3m4m5m6m7m1p2p3p4p5p6p", ""]))
    assert h.phase is Phase.INITIAL and set(h.pending_seats()) == {0, 2}
    play(h, "2 declare_initial", "0 declare_initial")
    # dealer 六六顺: 20 from each; seat 2 缺一色: 20 from the dealer, 10 from the others
    assert h.payments == [60 - 20, -20 - 10, -20 + 40, -20 - 10]
    assert h.phase is Phase.TURN and h.current == 0
    drive(h, lambda h: False)
    end = ended(h)
    assert end.outcome is HandOutcome.DRAWN and end.payments == (40, -30, 20, -30)


def test_initial_small_win_passed_is_not_settled():
    """Passing the initial small win settles nothing and it is not offered again."""
    h = scripted_hand(RULES, deal(["", "5m5m5m5m", "", ""]))
    events = play(h, "1 pass")
    assert not of(events, InitialWinsDeclared) and h.payments == [0, 0, 0, 0]
    assert h.phase is Phase.TURN and h.current == 0
    assert "declare_initial" not in kinds(h, 1)


# ---------------------------------------------------------------- 海底

WAIT_2S = "123m456p789s999p2s"  # waits on 2s alone (the 2s pair)


def _to_haidi(keys: list[str], haidi: str) -> Hand:
    """Plain play to the 海底; seat 2 draws the second-to-last tile (1m), the 海底 is ``haidi``."""
    h = start(keys, tail="1m" + haidi, avoid=haidi)
    drive(h, at_haidi)
    assert h.wall.remaining == 1 and of(h.events, TileDrawn)[-1].seat == 2
    return h


def test_haidi_offered_in_turn_from_the_player_whose_turn_it_is_nobody_takes():
    """海底: offered from the seat whose draw it is, in turn; nobody takes it: drawn, the first offered deals."""
    h = _to_haidi(["9m", "", "", ""], "9p")
    assert h.pending_seats() == [3] and kinds(h, 3) == {"take_haidi", "pass"}
    events = play(h, "3 pass", "0 pass", "1 pass", "2 pass")
    assert [e.seat for e in of(h.events, HaidiOffered)] == [3, 0, 1, 2]
    assert [e.seat for e in of(events, HaidiDeclined)] == [3, 0, 1, 2]
    end = ended(h)
    assert end.outcome is HandOutcome.DRAWN and end.payments == (0, 0, 0, 0)
    assert end.next_dealer == 3


def test_haidi_first_offer_follows_the_turn_after_a_claim():
    """After a pong the turn moves on from the claimer, and so does the 海底 offer."""
    h = start(["9m9m", "", "", ""], tail="9m3s", avoid="3s")
    drive(h, at_turn(2, 1))
    play(h, "2 discard 9m", "0 pong 9m")
    discard = next(a for a in h.legal_actions(0) if a.kind is ActionKind.DISCARD)
    h.apply(discard)
    pass_all(h)
    assert h.phase is Phase.HAIDI and h.pending_seats() == [1]


def test_haidi_taken_and_shown_nobody_wins_the_taker_deals_next():
    """The taker who cannot win shows the 海底; nobody wins on it: drawn, the taker deals next."""
    h = _to_haidi(["9m", "", "", ""], "9p")
    play(h, "3 pass", "0 take_haidi")
    assert h.phase is Phase.HAIDI_TAKEN and kinds(h, 0) == {"pass"}
    play(h, "0 pass")
    end = ended(h)
    assert end.outcome is HandOutcome.DRAWN and end.next_dealer == 0
    assert h.players[0].river[-1].tile == t("9p")


def test_haidilaoyue_and_its_bird_is_the_haidi_tile():
    """海底捞月: the taker wins on the 海底; the bird is the 海底 tile itself."""
    h = _to_haidi(["9m", "", "", WAIT_2S], "2s")
    events = play(h, "3 take_haidi")
    assert of(events, TileDrawn)[-1].source.value == "haidi"
    assert kinds(h, 3) == {"win", "pass"}
    events = play(h, "3 win")
    won = of(events, PlayerWon)[0]
    assert won.seat == 3 and won.result.types == ("haidilaoyue",) and won.context.last_tile
    # bird 2s: 2 from the dealer is seat 1
    assert of(events, BirdDrawn) == [BirdDrawn(t("2s"), 1)]
    # big self-draw by a non-dealer: dealer 40, others 30; seat 1 doubles
    end = ended(h)
    assert end.payments == (-40, -60, -30, 130) and end.next_dealer == 3


def test_haidipao_others_win_on_the_shown_haidi():
    """海底炮: the taker shows the 海底 and another player wins on it, paid by the taker."""
    h = _to_haidi(["9m", WAIT_2S, "", ""], "2s")
    play(h, "3 take_haidi")
    events = play(h, "3 pass")
    assert h.phase is Phase.HAIDI_SHOWN and h.pending_seats() == [1]
    assert h.players[3].river[-1].tile == t("2s") and not of(events, HandEnded)
    events = play(h, "1 win")
    won = of(events, PlayerWon)[0]
    assert won.seat == 1 and won.result.types == ("haidipao",) and won.context.discarder == 3
    # bird 2s lands on seat 1, the winner: the taker pays double
    assert of(events, BirdDrawn) == [BirdDrawn(t("2s"), 1)]
    end = ended(h)
    assert end.payments == (0, 120, 0, -120) and end.next_dealer == 1


def test_last_tile_as_kong_replacement_no_haidi_and_the_drawer_deals_next():
    """补张 takes the last tile: no 海底 is offered; the hand is drawn and the drawer deals next."""
    h = start(["", "", "5m5m5m", ""], tail="5m9p")
    drive(h, at_turn(2, 1))
    assert h.players[2].last_drawn == t("5m") and "concealed_kong" in kinds(h, 2)
    events = play(h, "2 concealed_kong 5m buzhang")
    assert of(events, TileDrawn)[-1].tile == t("9p") and h.wall.remaining == 0
    play(h, "2 discard 9p")
    pass_all(h)
    assert not of(h.events, HaidiOffered)
    end = ended(h)
    assert end.outcome is HandOutcome.DRAWN and end.next_dealer == 2


def test_win_on_the_last_tile_as_replacement_is_no_haidi_and_has_no_bird():
    """A self-draw on the last tile drawn as a 补张 replacement: not 海底捞月, and no tile is left for a bird."""
    h = start(["", "", "5m5m5m" + READY, ""], tail="5m2s")
    drive(h, at_turn(2, 1))
    play(h, "2 concealed_kong 5m buzhang")
    events = play(h, "2 win")
    won = of(events, PlayerWon)[0]
    assert won.result.types == ("xiaohu",) and not won.context.last_tile
    assert not of(events, BirdDrawn)
    end = ended(h)
    assert end.payments == (-20, -10, 40, -10) and end.next_dealer == 2


# ---------------------------------------------------------------- 扎鸟

WAIT_2S_5S = "123m456p789p2m2m3s4s"  # waits on 2s or 5s (2m pair)


@pytest.mark.parametrize(
    "bird, seat, payments",
    [
        pytest.param("3p", 2, (0, -20, 20, 0), id="bird-on-winner-discarder-pays-double"),
        pytest.param("6p", 1, (0, -20, 20, 0), id="bird-on-discarder-pays-double"),
        pytest.param("4s", 3, (0, -10, 10, 0), id="bird-on-other-no-double"),
        pytest.param("9s", 0, (0, -10, 10, 0), id="bird-on-dealer-not-involved-no-double"),
    ],
)
def test_bird_on_a_discard_win(bird, seat, payments):
    """扎鸟 after a discard win: the next wall tile, counted from the dealer; winner or discarder hit: double."""
    h = start(["9m", "", WAIT_2S_5S, ""], draws="5s" + bird, avoid="2s5s")
    play(h, "0 discard 9m", "1 discard 5s")
    assert "win" in kinds(h, 2)
    events = play(h, "2 win")
    events += pass_all(h)
    won = of(events, PlayerWon)[0]
    assert won.result.types == ("xiaohu",) and won.context.discarder == 1
    assert of(events, BirdDrawn) == [BirdDrawn(t(bird), seat)]
    end = ended(h)
    assert end.payments == payments
    assert end.next_dealer == 2  # the winner deals next


@pytest.mark.parametrize(
    "bird, seat, payments",
    [
        pytest.param("3p", 2, (-40, -20, 80, -20), id="bird-on-winner-everyone-doubles"),
        pytest.param("4s", 3, (-20, -10, 50, -20), id="bird-on-seat-3-it-doubles"),
        pytest.param("1s", 0, (-40, -10, 60, -10), id="bird-on-dealer-it-doubles"),
        pytest.param("6p", 1, (-20, -20, 50, -10), id="bird-on-seat-1-it-doubles"),
    ],
)
def test_bird_on_a_self_draw(bird, seat, payments):
    """扎鸟 after a self-draw: the winner hit, everyone pays double; another hit, that one pays double."""
    h = start(["9m", "", WAIT_2S_5S, ""], draws="8m5s" + bird, avoid="2s5s")
    play(h, "0 discard 9m", "1 discard 8m")
    pass_all(h)
    assert h.current == 2 and "win" in kinds(h, 2)
    events = play(h, "2 win")
    assert of(events, BirdDrawn) == [BirdDrawn(t(bird), seat)]
    assert of(events, PlayerWon)[0].result.types == ("xiaohu",)
    end = ended(h)
    assert end.payments == payments and end.next_dealer == 2


# ---------------------------------------------------------------- 漏胡


def _passed_win_on_5s(draws: str) -> Hand:
    """Seat 2 (waiting on 2s/5s) lets seat 3's 5s go."""
    h = start(["9m", "", WAIT_2S_5S, ""], draws="1s8s5s" + draws, avoid="2s5s")
    play(h, "0 discard 9m", "1 discard 1s", "2 discard 8s", "3 discard 5s")
    assert "win" in kinds(h, 2)
    play(h, "2 pass")
    pass_all(h)
    return h


def test_passed_win_blocks_the_same_tile_until_the_next_draw():
    """漏胡: having passed a win on 5s, seat 2 may not win on another 5s before its next draw."""
    h = _passed_win_on_5s("5s")
    events = play(h, "0 discard 5s")
    assert h.legal_actions(2) == []
    refused = of(events, OptionRefused)
    assert [(e.seat, e.kind, e.tile) for e in refused] == [(2, "win", t("5s"))]
    assert "漏胡" in refused[0].reason.en


def test_passed_win_does_not_block_a_different_tile():
    """漏胡 is only for the tile passed: seat 2 may still win on a 2s."""
    h = _passed_win_on_5s("5s2s")
    play(h, "0 discard 5s")
    pass_all(h)
    play(h, "1 discard 2s")
    assert "win" in kinds(h, 2)
    events = play(h, "2 win")
    assert of(events, PlayerWon)[0].context.win_tile == t("2s")


def test_passed_win_lifts_at_the_players_next_draw():
    """漏胡 ends with the player's own next draw: then a 5s can be won on again."""
    h = _passed_win_on_5s("9p6s7m5s")
    assert h.players[2].passed_wins == {t("5s")}
    play(h, "0 discard 9p", "1 discard 6s")
    pass_all(h)
    assert h.current == 2 and h.players[2].last_drawn == t("7m")
    assert not h.players[2].passed_wins
    play(h, "2 discard 7m", "3 discard 5s")
    assert "win" in kinds(h, 2)


# ---------------------------------------------------------------- next dealer


def test_several_winners_on_one_discard_each_settles_and_the_discarder_deals_next():
    """一炮多响: both players waiting on 5s win; each settles with the discarder, who deals next."""
    keys = ["9m", "", WAIT_2S_5S, "123m456p789p8m8m3s4s"]
    h = start(keys, draws="5s1s", avoid="2s5s")
    play(h, "0 discard 9m", "1 discard 5s")
    assert h.pending_seats() == [2, 3]
    events = play(h, "2 win", "3 win")
    assert [e.seat for e in of(events, PlayerWon)] == [2, 3]
    # bird 1s lands on the dealer: no double for either winner
    assert of(events, BirdDrawn) == [BirdDrawn(t("1s"), 0)]
    end = ended(h)
    assert end.winners == (2, 3) and end.payments == (0, -20, 10, 10)
    assert end.next_dealer == 1
    assert h.players[1].river[-1].won_by == (2, 3)


def test_dealer_who_wins_deals_again():
    """The winner deals next, the dealer included: here the dealer wins on seat 3's discard."""
    keys = ["9m" + WAIT_2S_5S, "", "", ""]
    h = start(keys, draws="1s8s5s2m", avoid="2s5s")
    play(h, "0 discard 9m", "1 discard 1s", "2 discard 8s", "3 discard 5s")
    events = play(h, "0 win")
    events += pass_all(h)
    assert of(events, PlayerWon)[0].seat == 0
    # small discard with the dealer involved: 10 + 10; bird 2m lands on seat 1: no double
    end = ended(h)
    assert end.payments == (20, 0, 0, -20) and end.next_dealer == 0


# ---------------------------------------------------------------- points


def test_points_sum_to_zero_after_each_hand():
    """Every hand's payments sum to zero, and the four scores keep their total, over random legal play."""
    rng = random.Random(7)
    for seed in range(3):
        g = Game(RULES, seed=seed)
        total = sum(g.scores)
        for _ in range(6):
            while not g.hand.over:
                seat = g.pending_seats()[0]
                acts = g.legal_actions(seat)
                wins = [a for a in acts if a.kind is ActionKind.WIN]
                g.apply(rng.choice(wins) if wins else rng.choice(acts))
            end = g.hand.events[-1]
            assert isinstance(end, HandEnded) and sum(end.payments) == 0
            assert sum(g.scores) == total
            if g.over:
                break
            g.next_hand()
