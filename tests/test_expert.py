"""The expert bot and its play-outs: deals that fit what the seat saw, hands played out by the rule set's own judge,
and decisions that are legal and repeatable for a seed.

Positions come from seeded self-play of every preset, not from examples typed here.
"""

from __future__ import annotations

from random import Random

import pytest

from bots import LEVELS, create_bot
from bots.expert import FAR_QUALIFY, ExpertBot
from bots.playout import Sampler, play_out, winning_tiles
from mahjong_tui.engine import (
    ActionKind,
    Game,
    KongMode,
    MeldKind,
    Phase,
    SeatView,
    get_ruleset,
    ruleset_names,
    seat_view,
)
from mahjong_tui.engine.analysis import shanten

PRESETS = ruleset_names()
TURN_CHOICES = (ActionKind.DISCARD, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG)


def positions(rules: str, seed: int, count: int) -> list[SeatView]:
    """Views at decisions of a seeded game the normal bots play (turns and claim windows)."""
    game = Game(rules, seed)
    bots = [create_bot("normal", s, seed) for s in range(4)]
    out: list[SeatView] = []
    for _ in range(4000):
        if len(out) >= count or game.over:
            break
        hand = game.hand
        if hand.phase is Phase.ENDED:
            game.next_hand()
            continue
        seat = game.pending_seats()[0]
        view = seat_view(hand, seat)
        if view.phase in (Phase.TURN, Phase.CLAIM) and len(view.legal) > 1:
            out.append(view)
        game.apply(bots[seat].choose(view))
    return out


@pytest.mark.parametrize("rules", PRESETS)
def test_a_deal_holds_every_tile_once_and_the_other_hands_their_sizes(rules: str) -> None:
    """What is dealt for the unseen tiles, with what the seat sees, is the whole tile set (the wall's unseen rest
    aside); the other hands are as long as the table shows and hold no flower."""
    for view in positions(rules, 21, 12):
        sampler = Sampler(view, Random(3))
        assert sampler.ok
        deal = sampler.deal()
        table = view.table
        for s in range(4):
            if s != view.seat:
                assert sum(deal.counts[s]) == table.hand_sizes[s]
        assert deal.counts[view.seat] == list(view.counts)
        assert len(deal.wall) == table.wall.remaining
        held = [0] * 42
        for s in range(4):
            for t, c in enumerate(deal.counts[s]):
                held[t] += c
        for t in deal.wall:
            held[t] += 1
        for melds in table.melds:
            for m in melds:
                for t in m.tiles:
                    held[t] += 1
        for river in table.rivers:
            for r in river:
                held[r.tile] += r.claimed_by is None
        for flowers in table.flowers:
            for t in flowers:
                held[t] += 1
        full = [0] * 42
        for t in table.ruleset.tile_set():
            full[t] += 1
        assert all(h <= f for h, f in zip(held, full, strict=True))


@pytest.mark.parametrize("rules", PRESETS)
def test_an_other_hand_is_dealt_as_its_seat_kept_it_nearer_ready_than_at_random(rules: str) -> None:
    """Another seat's hand is dealt as one built over the turns its seat has played (more tiles than it holds, the
    loosest let go again): past the first turns it is nearer a winning shape, on average, than the same number of
    unseen tiles taken at random."""
    shapes = Game(rules, 1).rules.shapes
    dealt, random_, hands = 0, 0, 0
    for view in positions(rules, 77, 80):
        if view.wall_remaining > 70:
            continue
        sampler = Sampler(view, Random(9))
        rng = Random(9)
        for _ in range(4):
            deal = sampler.deal()
            for s in range(4):
                size = view.table.hand_sizes[s]
                if s == view.seat or size % 3 != 1:
                    continue
                melds = view.melds[s]
                dealt += shanten(deal.counts[s], shapes, melds)
                picked = [0] * 34
                for t in rng.sample(sampler.unseen_suited, size):
                    picked[t] += 1
                random_ += shanten(picked, shapes, melds)
                hands += 1
    assert hands > 100
    assert dealt < random_ - hands / 2, (dealt / hands, random_ / hands)  # half a step nearer, at least


@pytest.mark.parametrize("rules", [r for r in PRESETS if not Game(r, 1).rules.must_qualify])
def test_where_any_hand_may_win_a_seat_in_a_play_out_lets_go_the_tile_that_keeps_it_nearest(rules: str) -> None:
    """Where a hand need not qualify (Changsha), a seat in a play-out discards as the hard bot plays for speed: the
    tile it lets go leaves its hand as near a shape the rule set lets win (there, a 2-5-8 pair) as any other would."""
    checked = 0
    for view in positions(rules, 88, 60):
        if view.phase is not Phase.TURN:
            continue
        deal = Sampler(view, Random(4)).deal()
        deal.wall.clear()  # the hand ends after this discard: what is left shows the tile let go
        before = list(deal.counts[view.seat])
        melds = view.melds[view.seat]
        play_out(deal, view.ruleset, view, view.seat, True)
        after = deal.counts[view.seat]
        shapes = view.ruleset.shapes
        nearest = min(
            shanten([c - (t == u) for u, c in enumerate(before)], shapes, melds) for t in range(34) if before[t]
        )
        assert sum(before) - sum(after) == 1
        assert shanten(after, shapes, melds) == nearest, (before, after)
        checked += 1
    assert checked > 10


@pytest.mark.parametrize("rules", PRESETS)
def test_the_quick_look_never_misses_a_win_the_rule_set_allows(rules: str) -> None:
    """Every tile that gives a hand of seeded play what the rule set calls a winning shape (four sets and a pair, seven
    pairs) is among the tiles the play-outs look for: the quick look saves the rule set's time, never decides."""
    ruleset = Game(rules, 1).rules
    checked = 0
    for view in positions(rules, 33, 200):
        counts = list(view.counts)
        melds = view.melds[view.seat]
        if (sum(counts) + 3 * len(melds)) % 3 != 1:
            continue
        waits = winning_tiles(counts, melds)
        for t in range(34):
            counts[t] += 1
            if ruleset.is_winning_shape(counts, melds, ()) and max(counts) <= 4:
                checked += 1
                special = sum(counts[27:]) == sum(counts)  # all honours in any arrangement (Shanghai)
                assert t in waits or special, (counts, melds)
            counts[t] -= 1
    assert checked > 0


@pytest.mark.parametrize("rules", PRESETS)
def test_a_hand_played_out_pays_what_it_takes(rules: str) -> None:
    """Play-outs end in a win the rule set scores (what the winner gains the others pay) or a draw (nothing)."""
    outcomes = 0
    for view in positions(rules, 44, 15):
        if view.phase is not Phase.TURN:
            continue
        sampler = Sampler(view, Random(5))
        for _ in range(10):
            result = play_out(sampler.deal(), view.ruleset, view, view.seat, True)
            assert sum(result) == 0
            outcomes += any(result)
    assert outcomes > 0


def test_the_expert_is_a_level_and_its_choices_are_legal_and_repeatable() -> None:
    """With a set number of deals a decision, the same seed gives the same choices; every choice is legal."""
    assert "expert" in LEVELS
    assert isinstance(create_bot("expert", 0, 1), ExpertBot)
    for rules in ("changsha", "shanghai"):
        views = positions(rules, 55, 10)
        first = [ExpertBot(v.seat, 7, playouts=6).choose(v) for v in views]
        again = [ExpertBot(v.seat, 7, playouts=6).choose(v) for v in views]
        assert first == again
        assert all(a in v.legal for a, v in zip(first, views, strict=True))


def test_the_expert_weighs_only_close_choices_and_says_how_sure() -> None:
    """Where it looked ahead, each candidate has its mean points and an error; the hard bot's choice is among them."""
    looked = 0
    for view in positions("changsha", 66, 20):
        bot = ExpertBot(view.seat, 3, playouts=8)
        action = bot.choose(view)
        if bot.last_weighed:
            looked += 1
            assert action in {w.action for w in bot.last_weighed}
            assert all(w.deals == 8 and w.error >= 0 for w in bot.last_weighed)
            if view.phase is Phase.TURN:  # a discard, or a quad laid down
                assert all(w.action.kind in TURN_CHOICES for w in bot.last_weighed)
    assert looked > 0


@pytest.mark.parametrize("rules", PRESETS)
def test_play_outs_pong_as_players_do_and_mostly_end_in_a_win(rules: str) -> None:
    """Play-outs pong on the way (Shanghai: for a hand that may win there, 碰碰胡 or 混一色; Changsha: any pair), so
    that most end in a win the rule set pays, as real hands do; every pong laid down is of three tiles the pongers
    could hold."""
    played = wins = pongs = 0
    for view in positions(rules, 44, 15):
        if view.phase is not Phase.TURN:
            continue
        sampler = Sampler(view, Random(5))
        for _ in range(10):
            deal = sampler.deal()
            before = [len(m) for m in deal.melds]
            result = play_out(deal, view.ruleset, view, view.seat, True)
            played += 1
            wins += any(result)
            for s in range(4):
                for meld in deal.melds[s][before[s] :]:
                    assert meld.kind is MeldKind.PONG and len(set(meld.tiles)) == 1 and meld.source != s
                    pongs += 1
                # 13 tiles, or 14 for the seat that won or drew last, counting three for each meld
                assert min(deal.counts[s]) >= 0
                assert sum(deal.counts[s]) + 3 * len(deal.melds[s]) in (13, 14), (s, deal.counts[s], deal.melds[s])
    assert pongs > 0
    assert wins > played / 2, (wins, played)


def test_a_choice_surely_worse_than_the_hard_bots_is_dropped_early() -> None:
    """The budget goes to the choices in doubt: one the play-outs show surely worse than the hard bot's choice stops
    being played out, and when none is left in doubt the thinking ends before its deals are spent."""
    dropped = ended = 0
    for view in positions("changsha", 66, 30):
        bot = ExpertBot(view.seat, 3, playouts=60)
        bot.choose(view)
        if not bot.last_weighed:
            continue
        hard = next(w for w in bot.last_weighed if w.action == bot.hard_choice(view))
        assert all(w.deals <= hard.deals <= 60 for w in bot.last_weighed)
        for w in bot.last_weighed:
            if w.deals < hard.deals:
                dropped += 1
                assert w.gain + 2 * w.error < 0  # surely worse on the deals it was played on
        ended += hard.deals < 60
        for w in bot.last_weighed:  # ranked on the deals the hard bot's choice was played on: no luck of the first
            assert w.mean == pytest.approx(hard.mean + w.gain)
    assert dropped > 0 and ended > 0


@pytest.mark.parametrize("rules", ["shanghai", "changsha"])
def test_a_quad_that_may_be_laid_down_is_weighed_against_the_discards(rules: str) -> None:
    """Where a kong is legal (concealed, added, or on a discard; Changsha's 补张), the expert plays it out, a tile
    drawn in its place, beside the other choices, and its choice is legal."""
    weighed = 0
    for view in positions(rules, 77, 600):
        kongs = [
            a for a in view.legal if a.kind.name.endswith("KONG") and a.mode in (None, KongMode.KONG, KongMode.BUZHANG)
        ]
        if not kongs:
            continue
        bot = ExpertBot(view.seat, 3, playouts=8)
        action = bot.choose(view)
        assert action in view.legal
        names = {w.action for w in bot.last_weighed}
        if names:
            assert set(kongs) <= names
            weighed += 1
        if names:
            kong = next(w for w in bot.last_weighed if w.action in kongs)
            assert kong.deals > 0 and kong.error >= 0
    assert weighed >= 3


def test_where_a_hand_must_qualify_a_far_hands_discards_are_the_hard_bots() -> None:
    """Shanghai: while a hand is FAR_QUALIFY or more steps from ready by any shape, the expert weighs none of its
    discards and lets go what the hard bot does; nearer, it weighs the close ones."""
    far = near = 0
    for view in positions("shanghai", 88, 120):
        if view.phase is not Phase.TURN:
            continue
        bot = ExpertBot(view.seat, 3, playouts=6)
        hard = bot.hard_choice(view)
        if hard.kind is not ActionKind.DISCARD:
            continue
        steps = shanten(view.counts, view.ruleset.shapes, view.melds[view.seat])
        if steps >= FAR_QUALIFY:
            far += 1
            # no discard but the hard bot's is weighed; a quad that may be laid down is
            assert all(a == hard or a.kind is not ActionKind.DISCARD for a in bot.candidates(view, hard))
            if not any(a.kind in TURN_CHOICES[1:] for a in view.legal):
                assert bot.candidates(view, hard) == [] and bot.choose(view) == hard
        elif len(bot.candidates(view, hard)) > 1:
            near += 1
    assert far > 0 and near > 0, (far, near)


@pytest.mark.parametrize("rules", PRESETS)
def test_where_a_hand_must_qualify_a_meld_the_hard_bot_makes_is_not_weighed_against_passing(rules: str) -> None:
    """Shanghai: at a claim the hard bot takes with a chi or a pong, the expert weighs the other melds of that discard
    but never passing it; elsewhere (Changsha) passing is weighed as any other choice."""
    melds = passes = 0
    for view in positions(rules, 45, 400):
        if view.phase is not Phase.CLAIM:
            continue
        bot = ExpertBot(view.seat, 3, playouts=6)
        hard = bot.hard_choice(view)
        if hard.kind not in (ActionKind.CHI, ActionKind.PONG):
            continue
        melds += 1
        weighed = bot.candidates(view, hard)
        assert not weighed or weighed[0] == hard
        passes += any(a.kind is ActionKind.PASS for a in weighed)
    assert melds > 0
    if get_ruleset(rules).must_qualify:
        assert passes == 0
    else:
        assert passes == melds
