"""A ready hand whose every winning tile is already in sight cannot win before it changes its wait.

The hint's ★ (the hard bot's choice), ``mahjong-tui hint`` and the hard bot itself count such
a hand as one step away with no tile that helps: below any discard that keeps the hand ready
on a live tile, or one step away with live tiles that help, and they say why, in English and
in Chinese.
"""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_bots import _river, make_view

from bots import create_bot
from mahjong_tui.commands.hint import run as run_hint
from mahjong_tui.engine import get_ruleset, meld_from_text, parse_tile, parse_tiles, tile_name
from mahjong_tui.engine.targets import win_discard_options
from mahjong_tui.engine.tiles import counts_of
from mahjong_tui.learn.hints import DiscardHint, Hint, analyse, dead_wait, study_view

SHANGHAI = get_ruleset("shanghai")
CHANGSHA = get_ruleset("changsha")


def hint_of(rules_name: str, hand: str, seen: str) -> Hint:
    return analyse(get_ruleset(rules_name), counts_of(parse_tiles(hand)), (), (), counts_of(parse_tiles(seen)))


def chosen(hint: Hint) -> DiscardHint:
    return next(d for d in hint.discards if d.tile == hint.suggest)


def live_step(d: DiscardHint) -> bool:
    """Ready on a live tile, or one step from a hand that may win with live tiles that help."""
    return d.win_shanten is not None and d.win_shanten <= 1 and d.win_acceptance > 0


def test_shanghai_a_ready_half_flush_whose_every_8m_is_visible_changes_its_wait(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """RULES §2: 5p leaves 混一色 ready on 8m alone, and all four 8m are out: 9m, one step with 26 tiles, is the ★."""
    hint = hint_of("shanghai", "12345679m11155z5p", "8888m")
    assert tile_name(hint.suggest or 0) == "9m"
    nine = chosen(hint)
    assert (nine.win_shanten, nine.win_acceptance) == (1, 26)
    five = next(d for d in hint.discards if d.tile == parse_tile("5p"))
    assert dead_wait(five) and hint.discards[0] is nine and hint.discards[-1] is five
    assert hint.why.en.endswith("; 5p would leave it ready, but every 8m is visible: change the wait")
    assert hint.why.zh.endswith("；打五筒虽能听牌，但能胡的八万都已见光：该换听了")
    data = {"rules": "shanghai", "hand": "12345679m11155z5p", "seen": "8888m"}
    assert run_hint(["-"], stdin=io.StringIO(json.dumps(data))) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["suggest"] == "9m" and out["discards"][0]["tile"] == "9m"
    assert "every 8m is visible" in out["why"]


def test_changsha_a_ready_hand_whose_every_3m_is_visible_changes_its_wait() -> None:
    """RULES §3: 5m leaves the hand ready on 3m alone (12m, the 88m eye), and all four 3m are out: the ★ is a
    discard one step away with live tiles that help, and says why."""
    hint = hint_of("changsha", "12588456789m456p", "3333m")
    assert dead_wait(next(d for d in hint.discards if d.tile == parse_tile("5m")))
    assert tile_name(hint.suggest or 0) != "5m"
    d = chosen(hint)
    assert d.win_shanten == 1 and d.win_acceptance == max(o.win_acceptance for o in hint.discards) == 18
    assert "5m would leave it ready, but every 3m is visible: change the wait" in hint.why.en
    assert "打五万虽能听牌，但能胡的三万都已见光：该换听了" in hint.why.zh


@pytest.mark.parametrize(
    ("rules_name", "hand", "seen", "dead"),
    [("shanghai", "12345679m11155z5p", "8888m", "5p"), ("changsha", "12588456789m456p", "3333m", "5m")],
)
def test_the_hard_bot_says_why_it_changes_a_dead_wait(rules_name: str, hand: str, seen: str, dead: str) -> None:
    """The hard bot plays what the ★ shows, and its record and its words say why (the ★'s own sentence)."""
    rules = get_ruleset(rules_name)
    counts, seen_counts = counts_of(parse_tiles(hand)), counts_of(parse_tiles(seen))
    view = study_view(rules, counts, (), (), seen_counts)
    bot = create_bot("hard", 0, 1)
    action = bot.choose(view)
    assert action.tile == analyse(rules, counts, (), (), seen_counts).suggest
    words = bot.last_dead_wait  # type: ignore[attr-defined]
    assert words.en.startswith(f"{dead} would leave it ready, but every ") and words.zh.endswith("该换听了")
    assert bot.last_reason.endswith(f"; {words.en}")


def test_shanghai_the_defence_does_not_go_back_to_a_dead_wait() -> None:
    """RULES §2: seat 1 shows three 万 melds and threw 5p; 9m may feed it, 5p is safe. 5p keeps the hand ready,
    but on 8m, all four out: the hard bot still changes the wait (9m), and does not fold into the dead one."""
    flush = (meld_from_text("chi", "234m", 0), meld_from_text("pong", "666m", 2), meld_from_text("chi", "567m", 0))
    melds = ((), flush, (meld_from_text("pong", "888m", 1),), ())
    rivers = ((), _river("5p1s9p2z1p4s9s8p3p8m"), _river("1s9p"), _river("9s2p"))
    view = make_view("shanghai", "12345679m11155z5p", melds=melds, rivers=rivers, wall=30)
    bot = create_bot("hard", 0, 1)
    assert tile_name(bot.choose(view).tile) == "9m"  # type: ignore[arg-type]
    assert "5p would leave it ready, but every 8m is visible" in bot.last_reason


# --------------------------------------------------------------------------- any position


@st.composite
def positions(draw: st.DrawFn) -> tuple[str, list[int], list[int]]:
    """A hand near a win in one suit (and honours where the rule set has them), one tile changed, and tiles seen
    elsewhere: often every winning tile a ready discard would wait on, and every copy left of a few kinds."""
    rules_name = draw(st.sampled_from(("shanghai", "changsha")))
    suit = draw(st.integers(0, 2))
    honours = rules_name == "shanghai"
    counts = [0] * 34
    sets = []
    for _ in range(4):
        if honours and draw(st.integers(0, 4)) == 0:
            sets.append([draw(st.integers(27, 33))] * 3)
        elif draw(st.booleans()):
            start = 9 * suit + draw(st.integers(0, 6))
            sets.append([start, start + 1, start + 2])
        else:
            sets.append([9 * suit + draw(st.integers(0, 8))] * 3)
    pair = draw(st.integers(27, 33)) if honours and draw(st.booleans()) else 9 * suit + draw(st.integers(0, 8))
    kinds = 34 if honours else 27
    for t in [*(t for s in sets for t in s), pair, pair]:
        if counts[t] == 4:  # no fifth copy: another tile instead
            t = draw(st.sampled_from([u for u in range(kinds) if counts[u] < 4]))
        counts[t] += 1
    out = draw(st.sampled_from([t for t in range(34) if counts[t]]))
    counts[out] -= 1
    counts[draw(st.sampled_from([t for t in range(kinds) if counts[t] < 4]))] += 1
    seen = [0] * 34
    rules = get_ruleset(rules_name)
    ready = [o for o in win_discard_options(rules.win_targets, rules.shapes, counts, ()) if o.win_shanten == 0]
    if ready and draw(st.booleans()):  # every winning tile of one ready discard out of sight no more
        for t in draw(st.sampled_from(ready)).win_tiles:
            seen[t] = 4 - counts[t]
    for t in draw(st.lists(st.integers(0, kinds - 1), max_size=3)):
        seen[t] = 4 - counts[t]
    for t in draw(st.lists(st.integers(0, kinds - 1), max_size=8)):
        seen[t] = min(4 - counts[t], seen[t] + 1)
    return rules_name, counts, seen


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_no_suggestion_keeps_a_dead_wait_while_a_live_one_step_discard_exists(
    position: tuple[str, list[int], list[int]],
) -> None:
    """Whatever the hand: the ★ never leaves a ready hand with no live winning tile while another discard keeps the
    hand ready on a live tile, or one step from a hand that may win with live tiles that help; and it is the hard
    bot's discard."""
    rules_name, counts, seen = position
    rules = get_ruleset(rules_name)
    assert sum(counts) == 14 and max(counts) <= 4
    hint = analyse(rules, counts, (), (), seen)
    d = chosen(hint)
    if any(live_step(o) for o in hint.discards):
        assert not dead_wait(d), (rules_name, hint.why.en)
    if dead_wait(d):
        assert "change the wait" in hint.why.en and "换听" in hint.why.zh
    bot = create_bot("hard", 0, 1)
    bot.defends = False  # type: ignore[attr-defined]  # a hand typed in: no table to defend against
    assert bot.choose(study_view(rules, counts, (), (), seen)).tile == hint.suggest
