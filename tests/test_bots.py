"""Bots: only legal actions, every allowed win taken, deterministic, and each level's habits."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bots import LEVELS, UnknownLevel, create_bot
from bots.hard_defense import Reading
from bots.planning import flush_shanten, jiang_shanten, pongs_shanten
from bots.risk import deal_in_chances, passed_since_turn, win_chance
from mahjong_tui.engine import (
    Action,
    ActionKind,
    Game,
    KongMode,
    Meld,
    MeldKind,
    Move,
    Phase,
    RiverTile,
    SeatView,
    TableView,
    WallView,
    game_record,
    get_ruleset,
    meld_from_text,
    play_until_decision,
)
from mahjong_tui.engine.tiles import counts_of, parse_tile, parse_tiles, tile_name


def make_view(
    rules: str,
    hand: str,
    *,
    phase: Phase = Phase.TURN,
    legal: list[Action] | None = None,
    melds: tuple[tuple[Meld, ...], ...] = ((), (), (), ()),
    rivers: tuple[tuple[RiverTile, ...], ...] = ((), (), (), ()),
    seat: int = 0,
    wall: int = 60,
) -> SeatView:
    """A seat's view built from tile notation; in a turn every distinct tile may be discarded."""
    tiles = parse_tiles(hand)
    counts = counts_of(tiles)
    if legal is None:
        legal = [Action(seat, ActionKind.DISCARD, t) for t in sorted(set(tiles))]
    ruleset = get_ruleset(rules)
    layout = ruleset.wall_layout
    table = TableView(
        ruleset=ruleset,
        hand_number=1,
        dealer=0,
        dice=(3, 4),
        huangfan=0,
        huangfan_from_dice=0,
        phase=phase,
        current=seat,
        pending=(seat,),
        scores=(0, 0, 0, 0),
        melds=melds,
        rivers=rivers,
        flowers=((), (), (), ()),
        hand_sizes=(13, 13, 13, 13),
        kaigang_locked=(False, False, False, False),
        wall=WallView(bytes(sum(layout)), layout, None, None, 0, (3, 4), wall),
        last_discard=None,
        rob_tile=None,
        kaigang_tiles=(),
        haidi_tile=None,
        holds_drawn=(False, False, False, False),
        concealed=tuple(tuple(tiles) if s == seat else None for s in range(4)),
        drawn=(None, None, None, None),
    )
    return SeatView(
        table=table,
        seat=seat,
        counts=tuple(counts),
        last_drawn=None,
        legal=tuple(legal),
        refusals=(),
    )


def discard_of(level: str, rules: str, hand: str, **kw: object) -> str:
    """The tile a fresh bot of ``level`` discards from ``hand``."""
    bot = create_bot(level, 0, seed=1)
    a = bot.choose(make_view(rules, hand, **kw))  # type: ignore[arg-type]
    assert a.kind is ActionKind.DISCARD
    assert bot.last_reason
    return tile_name(a.tile)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- whole games


def play_with_bots(rules: str, levels: tuple[str, ...], seed: int, hands: int) -> tuple[Game, int, int]:
    """Play ``hands`` hands; assert legality and the win rule at every decision. (wins offered, taken)."""
    game = Game(rules, seed)
    bots = [create_bot(level, s, seed) for s, level in enumerate(levels)]
    counts = {"offered": 0, "taken": 0}

    class Watched:
        """The bot of one seat, its choices checked."""

        def __init__(self, seat: int):
            self.seat = seat

        def choose(self, view: SeatView) -> Action:
            """The bot's choice: legal, and a win whenever one is offered."""
            bot = bots[self.seat]
            action = bot.choose(view)
            assert action in view.legal, f"{levels[self.seat]} chose an illegal {action}"
            if any(a.kind is ActionKind.WIN for a in view.legal):
                counts["offered"] += 1
                if action.kind is ActionKind.WIN:
                    counts["taken"] += 1
                else:
                    reason = bot.last_reason  # type: ignore[attr-defined]
                    assert reason and "win" in reason, f"{levels[self.seat]} passed a win without saying why"
            return action

    players = {s: Watched(s) for s in range(4)}
    played = 0
    while True:
        play_until_decision(game, players, observe=lambda move: _no_error(move))
        played += 1
        if game.over or played >= hands:
            return game, counts["offered"], counts["taken"]
        game.next_hand()


def _no_error(move: Move) -> None:
    """The play loop never had to stand in for a bot."""
    assert not move.error, move.error


@pytest.mark.parametrize("rules", ["shanghai", "changsha"])
def test_bots_choose_only_legal_actions_and_take_every_win(rules: str) -> None:
    """Every level, every decision: one of the legal actions; a win offered is a win taken."""
    offered = 0
    for seed, levels in enumerate((("hard", "normal", "easy", "hard"), ("easy", "easy", "normal", "normal"))):
        _, off, taken = play_with_bots(rules, levels, seed, hands=12)
        assert taken == off
        offered += off
    assert offered > 0


@pytest.mark.parametrize("level", [lv for lv in LEVELS if lv != "expert"])
def test_bots_are_deterministic_for_a_seed(level: str) -> None:
    """Same seed, same level: the same game, action for action (the expert's, for a set number of deals a decision:
    tests/test_expert.py)."""
    one, _, _ = play_with_bots("changsha", (level,) * 4, 5, hands=2)
    two, _, _ = play_with_bots("changsha", (level,) * 4, 5, hands=2)
    assert game_record(one) == game_record(two)


def test_unknown_level_is_refused_with_the_choices() -> None:
    """create_bot names the levels it knows."""
    with pytest.raises(UnknownLevel, match="easy, normal, hard, expert"):
        create_bot("master", 0)


# --------------------------------------------------------------------------- goals


def test_goal_distances_in_tile_notation() -> None:
    """碰碰胡, one-suit and 将将胡 distances in shanten units."""
    assert pongs_shanten(counts_of(parse_tiles("111m222p333s44z56z")), ()) == 1
    assert pongs_shanten(counts_of(parse_tiles("111m222p333s4455z")), ()) == 0
    chi = (meld_from_text("chi", "123m"),)
    assert pongs_shanten(counts_of(parse_tiles("222p333s4455z")), chi) > 10
    assert flush_shanten(counts_of(parse_tiles("123456789m1155z")), (), 0, True) == 0
    assert flush_shanten(counts_of(parse_tiles("123456789m1155z")), (), 0, False) == 4
    assert jiang_shanten(counts_of(parse_tiles("222555888m2255p")), ()) == 0
    assert jiang_shanten(counts_of(parse_tiles("222555888m22556p")), ()) == 0
    assert jiang_shanten(counts_of(parse_tiles("222555888m22567p")), ()) == 1


# --------------------------------------------------------------------------- every level


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_takes_a_win_on_a_discard(level: str) -> None:
    """A win offered is taken, and the record says so."""
    legal = [Action(1, ActionKind.WIN, parse_tile("5m")), Action(1, ActionKind.PASS, parse_tile("5m"))]
    view = make_view("changsha", "123456789m2345p", phase=Phase.CLAIM, legal=legal, seat=1)
    bot = create_bot(level, 1, 0)
    assert bot.choose(view).kind is ActionKind.WIN
    assert "win" in bot.last_reason  # type: ignore[attr-defined]


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_declares_initial_small_wins(level: str) -> None:
    """起手小胡 is paid at once: declare it."""
    legal = [Action(0, ActionKind.DECLARE_INITIAL), Action(0, ActionKind.PASS)]
    view = make_view("changsha", "13579m13579p1379s", phase=Phase.INITIAL, legal=legal)
    assert create_bot(level, 0, 0).choose(view).kind is ActionKind.DECLARE_INITIAL


@pytest.mark.parametrize("level", LEVELS)
def test_haidi_taken_only_when_ready(level: str) -> None:
    """海底: a ready hand takes the last tile; a far one passes rather than risk 海底炮."""
    legal = [Action(0, ActionKind.TAKE_HAIDI), Action(0, ActionKind.PASS)]
    ready = make_view("changsha", "123456789m2345p", phase=Phase.HAIDI, legal=legal, wall=1)
    far = make_view("changsha", "13579m13579p137s", phase=Phase.HAIDI, legal=legal, wall=1)
    assert create_bot(level, 0, 0).choose(ready).kind is ActionKind.TAKE_HAIDI
    assert create_bot(level, 0, 0).choose(far).kind is ActionKind.PASS


# --------------------------------------------------------------------------- easy


def test_easy_keeps_pairs_and_partial_sets() -> None:
    """The loose tile goes: an isolated honour before any pair or neighbour."""
    assert discard_of("easy", "shanghai", "113m456p789s1155z7z") == "7z"
    assert discard_of("easy", "changsha", "11m456p789s1155s9m3p") == "9m"


def test_easy_pongs_an_honour_pair() -> None:
    """Claims when it obviously helps: a pair of dragons becomes a pong."""
    red = parse_tile("7z")
    legal = [Action(1, ActionKind.PONG, red), Action(1, ActionKind.PASS, red)]
    view = make_view("shanghai", "123m456p789s1377z", phase=Phase.CLAIM, legal=legal, seat=1)
    assert create_bot("easy", 1, 0).choose(view).kind is ActionKind.PONG


# --------------------------------------------------------------------------- normal


def test_normal_discards_by_shanten_then_acceptance() -> None:
    """Ready hand: keep it ready, on the wider wait (discard 1p, wait 14m … rather than a pair wait)."""
    # 23m + 456p + 789s + 111z + 55z + 9p: discarding 9p keeps a two-sided 1-4m wait
    assert discard_of("normal", "changsha", "23m4569p789s55s888p") == "9p"


def test_normal_claims_only_what_brings_the_hand_closer() -> None:
    """A pong that does not help is passed; one that lowers shanten is taken."""
    t = parse_tile("9m")
    legal = [Action(1, ActionKind.PONG, t), Action(1, ActionKind.PASS, t)]
    useless = make_view("changsha", "123m456p789s2299m", phase=Phase.CLAIM, legal=legal, seat=1)
    assert create_bot("normal", 1, 0).choose(useless).kind is ActionKind.PASS
    helpful = make_view("changsha", "123m456p78s99m135s", phase=Phase.CLAIM, legal=legal, seat=1)
    # 99m + 9m is a set; the 2-5-8 pair is still to find, but the hand is a step closer
    assert create_bot("normal", 1, 0).choose(helpful).kind is ActionKind.PONG


# --------------------------------------------------------------------------- hard


def test_hard_steers_a_shanghai_hand_toward_one_suit() -> None:
    """A plain hand cannot win in Shanghai: hard throws the stray suit to keep 混一色 alive."""
    hand = "1234567m1155z345p"
    assert discard_of("hard", "shanghai", hand).endswith("p")


def test_hard_respects_the_one_suit_rule_before_claiming() -> None:
    """Going for a character flush, hard does not chi bamboo (it would lock its melds to bamboo)."""
    t = parse_tile("3s")
    legal = [Action(1, ActionKind.CHI, t, (parse_tile("1s"), parse_tile("2s"))), Action(1, ActionKind.PASS, t)]
    view = make_view("shanghai", "1234567m1155z12s", phase=Phase.CLAIM, legal=legal, seat=1)
    assert create_bot("hard", 1, 0).choose(view).kind is ActionKind.PASS


def test_hard_stops_feeding_a_flush_when_far_from_winning() -> None:
    """Seat 1 shows two bamboo melds; a far-off hard hand keeps its bamboo."""
    melds = ((), (meld_from_text("pong", "999s"), meld_from_text("chi", "123s")), (), ())
    hand = "159m268p48s123567z"
    assert "s" not in discard_of("hard", "shanghai", hand, melds=melds)
    # normal plays its own hand regardless
    assert discard_of("normal", "shanghai", hand, melds=melds) is not None


def test_hard_keeps_a_258_pair_in_changsha() -> None:
    """Two pairs, one of them 2-5-8: the other pair is the one broken."""
    assert discard_of("hard", "changsha", "123456m78p1155s99s") != "5s"


def test_hard_chooses_kaigang_only_with_live_waits() -> None:
    """开杠 when ready on a wide wait; 补张 when the wait is dead."""
    t = parse_tile("9p")
    legal = [
        Action(0, ActionKind.CONCEALED_KONG, t, mode=KongMode.BUZHANG),
        Action(0, ActionKind.CONCEALED_KONG, t, mode=KongMode.KAIGANG),
    ]
    legal += [Action(0, ActionKind.DISCARD, x) for x in sorted(set(parse_tiles("23m456p678s55s9999p")))]
    wide = make_view("changsha", "23m456p678s55s9999p", legal=legal, wall=40)
    assert create_bot("hard", 0, 0).choose(wide).mode is KongMode.KAIGANG
    dead_rivers = ((RiverTile(parse_tile("1m")),) * 4, (RiverTile(parse_tile("4m")),) * 4, (), ())
    dead = make_view("changsha", "23m456p678s55s9999p", legal=legal, wall=40, rivers=dead_rivers)
    assert create_bot("hard", 0, 0).choose(dead).mode is KongMode.BUZHANG
    assert create_bot("normal", 0, 0).choose(wide).mode is KongMode.BUZHANG


def test_bots_import_no_ui_library() -> None:
    """The bots see the engine only: no textual, no rich."""
    import subprocess
    import sys

    code = "import sys, bots.players; sys.exit(any(m.split('.')[0] in ('textual', 'rich') for m in sys.modules))"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_concealed_kong_meld_kind_is_known() -> None:
    """Meld kinds used when bots weigh a kong exist in the engine."""
    assert MeldKind.CONCEALED_KONG.is_kong


def test_hard_prefers_the_ready_hand_that_pays_more_in_changsha() -> None:
    """Ready either way: hard waits on 4m for 七小对 (a big win, 3 live) rather than on 2p 2s for a small win (4)."""
    hand = "1112222334m22p22s"
    assert discard_of("normal", "changsha", hand) == "3m"
    assert discard_of("hard", "changsha", hand) == "1m"


# ---------------------------------------------------------------------- reading the table (bots.risk)


def _river(text: str) -> tuple[RiverTile, ...]:
    return tuple(RiverTile(t) for t in parse_tiles(text))


_LATE_MELDS = (meld_from_text("chi", "234s", 0), meld_from_text("pong", "666m", 2), meld_from_text("chi", "678p", 0))


def test_hard_takes_the_safer_of_two_equal_discards_in_changsha() -> None:
    """Ready either way (5p or 5s for the 2-5-8 pair, two live each): hard keeps off the late hand's tile.

    Seat 1 has three melds down after ten discards and once threw 5s itself; 5p it has not
    thrown. Normal throws 5p (the looser tile); hard throws 5s and says why, in a player's words.
    """
    melds = ((), _LATE_MELDS, (), ())
    rivers = ((), _river("5s1s9m1m9s1s4m3m1p9p"), _river("1m9m"), _river("5p9m"))
    view = make_view("changsha", "123m789m789s222s5p5s", melds=melds, rivers=rivers, wall=12)
    assert tile_name(create_bot("normal", 0, 1).choose(view).tile) == "5p"  # type: ignore[arg-type]
    hard = create_bot("hard", 0, 1)
    assert tile_name(hard.choose(view).tile) == "5s"  # type: ignore[arg-type]
    reason = hard.last_reason  # type: ignore[attr-defined]
    assert "5s is safe against the next player (南): it threw one itself" in reason
    assert "5p may feed the next player (南): " in reason and "most likely a 2-5p wait" in reason


def test_hard_throws_the_tile_passed_since_the_ready_players_turn() -> None:
    """Ready either way; 5s was thrown after seat 1's last turn and seat 1 did not win on it.

    So 5s cannot win for seat 1 before it draws again: hard throws it, normal the looser 5p
    (which seat 1, late in its hand, has never thrown; seat 2 threw one early on), and hard's record
    says so in a player's words.
    """
    rivers = ((), _river("7p1s9m1m9s1s4m3m1p9p"), _river("5p1m9m"), _river("9m5s"))
    view = make_view("changsha", "123m789m789s222s5p5s", melds=((), _LATE_MELDS, (), ()), rivers=rivers, wall=12)
    assert tile_name(create_bot("normal", 0, 1).choose(view).tile) == "5p"  # type: ignore[arg-type]
    hard = create_bot("hard", 0, 1)
    assert tile_name(hard.choose(view).tile) == "5s"  # type: ignore[arg-type]
    assert "5s is safe against the next player (南): passed since its turn" in hard.last_reason  # type: ignore[attr-defined]


def test_hard_keeps_its_discard_when_the_safer_tile_is_only_a_little_safer_in_changsha() -> None:
    """MIN_FEED_DROP: as above, but seat 1 threw 5p early on, so 5p is nearly safe too.

    Judged discard by discard in Changsha, swaps for so small a difference lose on average:
    hard throws what normal throws.
    """
    rivers = ((), _river("5p1s9m1m9s1s4m3m1p9p"), _river("1m9m"), _river("9m5s"))
    view = make_view("changsha", "123m789m789s222s5p5s", melds=((), _LATE_MELDS, (), ()), rivers=rivers, wall=12)
    reading = Reading(view, view.unseen)
    assert 0 < reading.feed(parse_tile("5p")) - reading.feed(parse_tile("5s")) < reading.min_drop
    assert tile_name(create_bot("hard", 0, 1).choose(view).tile) == "5p"  # type: ignore[arg-type]


def test_hard_plays_its_hand_while_the_table_is_quiet() -> None:
    """Nobody has shown anything yet: hard throws what normal throws (no tile is worth avoiding)."""
    for rules, hand in (("changsha", "123m789m789s222s5p5s"), ("shanghai", "1234567m1155z345p")):
        view = make_view(rules, hand, rivers=((), _river("9m"), _river("1p"), _river("9s")))
        assert create_bot("hard", 0, 1).choose(view).tile == create_bot("normal", 0, 1).choose(view).tile


def test_likely_wait_is_named_from_the_unseen_partners() -> None:
    """5p with 3p 4p unseen and 6p 7p all in sight: a 2-5p two-sided wait; an edge tile names its edge."""
    from bots.defence_words import likely_wait

    unseen = [4] * 34
    unseen[parse_tile("6p")] = 0
    assert likely_wait(parse_tile("5p"), unseen) == ("2-5p wait", "二五筒两面")
    unseen = [4] * 34
    unseen[parse_tile("4s")] = 0
    assert likely_wait(parse_tile("3s"), unseen) == ("3s edge wait", "边三条")
    assert likely_wait(parse_tile("1z"), [1] * 34) == ("", "")  # one copy left: no pair can wait on it


def test_turns_since_a_tile_passed_a_player() -> None:
    """Seat 2 threw 9s after seat 1's first discard: seat 1 has discarded twice since; 1m only after its last turn."""
    from bots.risk import turns_since_passed

    rivers = ((), _river("4m6m3m"), _river("9s2p1m"), ())
    view = make_view("changsha", "123m789m789s222s5p5s", rivers=rivers)
    ago = turns_since_passed(view, 1)
    assert ago[parse_tile("9s")] == 2
    assert ago[parse_tile("1m")] == 0


def test_a_tile_passed_since_a_players_turn_cannot_feed_it() -> None:
    """漏胡: seat 1 did not win on 5p when seat 2 threw it, so 5p cannot win for seat 1 before it draws."""
    rivers = ((), _river("1m9m"), _river("9s5p"), _river("9p"))
    view = make_view("changsha", "123m789m789s222s5p5s", melds=((), _LATE_MELDS, (), ()), rivers=rivers, wall=12)
    assert passed_since_turn(view, 1) == {parse_tile("5p"), parse_tile("9p")}
    chances = deal_in_chances(view, view.unseen)
    assert chances[1][parse_tile("5p")] == 0.0
    assert chances[1][parse_tile("5s")] > 0.05
    assert chances[0] == [0.0] * 34  # never one's own


def test_deal_in_chance_reads_progress_and_the_players_own_river() -> None:
    """A hand with three melds after ten discards is far likelier to be ready than one after two discards;
    a tile the player threw itself is less likely to be its winning tile."""
    hand = "123m789m789s222s5p5s"
    early = make_view("changsha", hand, rivers=((), _river("1m9m"), (), ()), wall=50)
    late_river = _river("1s9m1m9s1s4m3m1p9p7s")
    late = make_view("changsha", hand, melds=((), _LATE_MELDS, (), ()), rivers=((), late_river, (), ()), wall=12)
    five_p = parse_tile("5p")
    assert deal_in_chances(late, late.unseen)[1][five_p] > 3 * deal_in_chances(early, early.unseen)[1][five_p]
    thrown_river = (*late_river, RiverTile(five_p))
    thrown = make_view("changsha", hand, melds=((), _LATE_MELDS, (), ()), rivers=((), thrown_river, (), ()), wall=12)
    assert deal_in_chances(thrown, thrown.unseen)[1][five_p] < deal_in_chances(late, late.unseen)[1][five_p] / 2


_FLUSH_MELDS = (meld_from_text("chi", "234s", 0), meld_from_text("pong", "777s", 2), meld_from_text("chi", "567s", 0))


def test_hard_takes_the_safe_tile_against_a_visibly_ready_player_in_shanghai() -> None:
    """Seat 1 shows three bamboo melds after ten discards: it looks ready for a bamboo flush.

    Going for a dots 混一色, normal throws the loose 8s; hard throws a character instead (the
    hand stays as close) and its record says which tile is safe against whom, and which
    would feed whom.
    """
    melds = ((), _FLUSH_MELDS, (), ())
    rivers = ((), _river("1m9p2m8p1z3m5p4m2p9m"), _river("1p9m"), _river("9p2z"))
    view = make_view("shanghai", "2345678p99p11z8s34m", melds=melds, rivers=rivers, wall=30)
    assert tile_name(create_bot("normal", 0, 1).choose(view).tile) == "8s"  # type: ignore[arg-type]
    hard = create_bot("hard", 0, 1)
    assert tile_name(hard.choose(view).tile)[-1] == "m"  # type: ignore[arg-type]
    reason = hard.last_reason  # type: ignore[attr-defined]
    assert "against the next player (南)" in reason
    assert "8s may feed the next player (南): " in reason


def test_the_risk_model_is_fitted_per_rule_set() -> None:
    """Every preset has its own fitted numbers, and each reads a flush on the table."""
    from bots.risk import FITTED, RiskModel, model_for
    from mahjong_tui.engine import ruleset_names

    assert set(FITTED) == set(ruleset_names())
    models = [model_for(get_ruleset(r)) for r in ruleset_names()]
    assert len({id(m) for m in models}) == len(models)  # one each, read from its own data file
    assert all(m == RiskModel.read(r) for m, r in zip(models, ruleset_names(), strict=True))
    for rules in ruleset_names():
        river = _river("1m9p2m8p3m5p4m2p9m1p")
        view = make_view(rules, "123m456m789m123p5p", melds=((), _FLUSH_MELDS, (), ()), rivers=((), river, (), ()))
        chances = deal_in_chances(view, view.unseen)[1]
        assert chances[parse_tile("5s")] > chances[parse_tile("5m")], rules


def _script(name: str) -> Any:
    """A script of ``scripts/`` loaded as a module."""
    import importlib.util
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "scripts" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"scripts_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[f"scripts_{name}"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_duplicate_reports_gain_wins_and_deal_ins(tmp_path: object) -> None:
    """scripts/duplicate.py: the same seed gives the same figures; the weak play is cached."""
    dup: Any = _script("duplicate")
    first = dup.compare("changsha", 3, 5, "hard", "normal", 1, cache=str(tmp_path))
    again = dup.compare("changsha", 3, 5, "hard", "normal", 1, cache=str(tmp_path))
    assert first == again
    assert {"gain", "two_se", "weak_wins", "strong_wins", "weak_deal_ins", "strong_deal_ins"} <= set(first)
    assert dup.compare("changsha", 3, 5, "normal", "normal", 1)["gain"] == 0.0


def test_oracle_gap_reads_true_waits_and_stops_feeding_them() -> None:
    """scripts/oracle_gap.py: the hard bot reading every wait exactly, never weighing a fold away, feeds no one.

    On seed 5's first twenty Changsha deals normal deals in four times in the oracle's seat.
    """
    oracle: Any = _script("oracle_gap")
    dup = oracle.duplicate
    base = dup.weak_plays("changsha", 20, 5, "normal", 1, "")
    played = [oracle.oracle_plays(("changsha", 5, i, "normal", True, False, None)) for i in range(20)]
    r = dup.summary(*dup.paired(base, [p[0] for p in played], False))
    assert r["weak_deal_ins"] == 4
    assert r["strong_deal_ins"] == 0
    tally = sum((p[1] for p in played), Counter())
    assert oracle.auc(tally) == 1.0


def test_divergence_rows_add_up_to_the_duplicate_gain() -> None:
    """scripts/divergence.py: each deal is in the row of the first decision the two levels differ on.

    The rows' parts add up to duplicate.py's gain on the same deals; a deal the levels play
    alike gains nothing, and normal against itself never differs. On seed 5's first twelve
    Changsha deals hard parts from normal twice, each time for a safer discard.
    """
    div: Any = _script("divergence")
    dup = div.duplicate
    rows = div.report("changsha", 12, 5, "hard", "normal", 1, "")
    assert sum(r["deals"] for r in rows.values()) == 12
    gain = dup.compare("changsha", 12, 5, "hard", "normal", 1)["gain"]
    assert abs(sum(r["gain"] for r in rows.values()) - gain) < 1e-9
    assert rows[div.SAME]["gain"] == 0.0
    assert rows["discard, 1 from ready, for safety"]["deals"] == 2  # seed 5: hard takes a safer tile in two deals
    assert set(div.report("changsha", 4, 5, "normal", "normal", 1, "")) == {div.SAME}


def test_a_sharpened_reading_ranks_winning_tiles_higher_than_the_fitted_one() -> None:
    """scripts/oracle_gap.py --sharpen: the fitted chances moved toward the truth read the waits better.

    On seed 5's first ten Changsha deals the fitted reading (K = 0) ranks a winning tile
    above another most of the time, not always; K = 2 ranks them better still.
    """
    oracle: Any = _script("oracle_gap")

    def reading_auc(k: float) -> float:
        runs = [oracle.oracle_plays(("changsha", 5, i, "normal", False, False, k)) for i in range(10)]
        return oracle.auc(sum((r[1] for r in runs), Counter()))

    fitted = reading_auc(0.0)
    assert 0.6 < fitted < 0.99
    assert reading_auc(2.0) > fitted


def test_reading_ceiling_writes_the_raw_table_for_each_held_tile_but_one_passed() -> None:
    """scripts/reading_ceiling.py: a row per tile kind held and opponent, the same width each.

    5p, the last discard of the seat after 东's opponent 南, was passed by 南 since its turn:
    under 漏胡 it is safe against 南, so it has no row there, but it has one against 西.
    """
    ceiling: Any = _script("reading_ceiling")
    rivers = ((), _river("1m1m9p"), _river("3s5p"), ())
    view = make_view("changsha", "123m456m789m123p5p", rivers=rivers)
    south = ceiling.raw_inputs(view, 1, view.unseen)
    west = ceiling.raw_inputs(view, 2, view.unseen)
    held = {t for t in range(34) if view.counts[t]}
    assert set(west) == held and set(south) == held - {parse_tile("5p")}
    assert {len(row) for row in (*south.values(), *west.values())} == {ceiling.WIDTH}
    same_tile = ceiling.WIDTH - 8 - 5 * 8  # the tile's own block in its neighbourhood: copies in the river first
    assert south[parse_tile("1m")][same_tile] == 2 and west[parse_tile("1m")][same_tile] == 0


def test_reading_ceiling_counts_an_opponents_drawn_tile_discards_from_its_latest() -> None:
    """scripts/reading_ceiling.py --drawn: drawn tiles thrown in a row at the end, recent counts, the last four."""
    ceiling: Any = _script("reading_ceiling")
    drawn = [False, True, False, True, True]
    assert ceiling.drawn_inputs(drawn) == [2, 2, 3, 3, 1.0, 1.0, 0.0, 1.0]
    assert ceiling.drawn_inputs([]) == [0, 0, 0, 0, -1.0, -1.0, -1.0, -1.0]
    assert len(ceiling.drawn_inputs(drawn)) == ceiling.DRAWN_WIDTH


def test_rollouts_reshuffle_only_the_wall_left_and_judge_each_differing_discard() -> None:
    """scripts/rollouts.py: a future shuffles the tiles still in the wall, in the places still filled.

    Both discards of a decision are played on in the same futures, so the same hand judged
    twice gives the same rows.
    """
    import random

    from mahjong_tui.engine import Game, GameOptions

    roll: Any = _script("rollouts")
    game = Game("changsha", 7, GameOptions(max_hands=1))
    wall = game.hand.wall
    before = (list(wall.top), list(wall.bottom))
    roll.reshuffle(game, random.Random(1))
    assert sorted(t for t in wall.top + wall.bottom if t is not None) == sorted(
        t for t in before[0] + before[1] if t is not None
    )
    assert [t is None for t in wall.top] == [t is None for t in before[0]]
    assert (wall.top, wall.bottom) != before
    rows = roll.hand_rows(("changsha", 31, 0, 2))
    assert rows and rows == roll.hand_rows(("changsha", 31, 0, 2))


def test_rollouts_judge_each_win_offered_on_a_discard_by_passing_it() -> None:
    """scripts/rollouts.py --judge wins: a row for the win normal took, worth what the win paid that seat."""
    from mahjong_tui.engine import HandEnded, play_until_decision

    roll: Any = _script("rollouts")
    dup: Any = _script("duplicate")
    game = dup.deal("changsha", 31, 0)
    bots = {s: create_bot("normal", s, dup.deal_seed(31, 0)) for s in range(4)}
    play_until_decision(game, bots)
    paid = next(ev.payments for ev in game.hand.events if isinstance(ev, HandEnded))
    rows = roll.win_rows(("changsha", 31, 0, 2))
    assert len(rows) == len(game.hand.winners) == 1
    row = rows[0]
    assert row["seat"] in game.hand.winners and row["value"] == paid[row["seat"]] > 0
    assert row["live"] > 0 and rows == roll.win_rows(("changsha", 31, 0, 2))


def test_rollouts_judge_each_decision_where_the_expert_parts_from_hard() -> None:
    """scripts/rollouts.py --judge expert: a row for each decision of the deal's seat where the expert acts otherwise
    than hard, named as divergence.py names it, worth the difference of the two played on in the same futures."""
    import math
    import re

    roll: Any = _script("rollouts")
    rows = roll.expert_rows(("changsha", 31, 0, 2, 48))  # a set number of deals: the same decisions on any machine
    assert rows
    for row, worth in rows:
        assert re.fullmatch(r"discard, \d from ready(, for safety)?|[a-z ()]+ → [a-z ()]+", row), row
        assert math.isfinite(worth)


def test_win_chance_grows_with_helpful_tiles_and_falls_with_shanten() -> None:
    """The hand's own prospects, as the hard bot weighs them against a discard's risk."""
    assert win_chance(0, 8, 30) > win_chance(0, 2, 30) > win_chance(1, 2, 30)
    assert win_chance(1, 20, 30) > win_chance(2, 20, 30) > win_chance(3, 20, 30)
    assert win_chance(-1, 0, 0) == 1.0
