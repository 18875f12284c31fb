"""Games: hands in sequence, dealer rotation, 荒番, game end, records and replay."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from mahjong_tui.engine import (
    Action,
    ActionKind,
    Game,
    GameEnded,
    GameOptions,
    HandEnded,
    HandOutcome,
    IllegalAction,
    RecordError,
    RiggedDeal,
    game_from_record,
    game_record,
    play_until_decision,
)
from mahjong_tui.keep.saves import load_record, save_record


def _auto(game: Game, prefer_win: bool = True) -> None:
    """Play the current hand to its end with a simple legal policy (wins when offered)."""
    while not game.hand.over:
        seat = game.pending_seats()[0]
        acts = game.legal_actions(seat)
        win = [a for a in acts if a.kind is ActionKind.WIN]
        if win and prefer_win:
            game.apply(win[0])
            continue
        passes = [a for a in acts if a.kind is ActionKind.PASS]
        if passes:
            game.apply(passes[0])
            continue
        drawn = game.hand.players[seat].last_drawn
        discard = next((a for a in acts if a.kind is ActionKind.DISCARD and a.tile == drawn), None)
        game.apply(discard or next(a for a in acts if a.kind is ActionKind.DISCARD))


def test_first_dealer_is_random_from_the_seed():
    """First dealer: random, from the game's seed; the same seed gives the same dealer."""
    dealers = {Game("shanghai", seed=s).hand.dealer for s in range(30)}
    assert dealers == {0, 1, 2, 3}
    assert Game("shanghai", seed=9).hand.dealer == Game("shanghai", seed=9).hand.dealer


def test_same_seed_same_actions_same_game():
    """Same seed and same actions → same game."""
    a, b = Game("shanghai", seed=5), Game("shanghai", seed=5)
    _auto(a)
    _auto(b)
    assert a.events == b.events


@pytest.mark.parametrize("rules", ["shanghai", "changsha"])
def test_record_replay_reproduces_every_event(rules, tmp_path: Path):
    """A game is its rules, seed and actions: a saved record replays to identical events and scores."""
    g = Game(rules, seed=11)
    for _ in range(3):
        _auto(g)
        if g.over:
            break
        g.next_hand()
    path = tmp_path / "game.json"
    save_record(g, path)
    again = load_record(path)
    assert again.events == g.events
    assert again.scores == g.scores
    assert not list(tmp_path.glob(".record-*"))  # the atomic write leaves no temporary file


@pytest.mark.parametrize(
    "text, message",
    [
        pytest.param("not json", "not valid JSON", id="record-not-json"),
        pytest.param('{"format": "x"}', "not a game record", id="record-wrong-format"),
        pytest.param(
            '{"format": "mahjong-tui-record", "version": 1, "rules": "mahjong", "seed": 1, "hands": []}',
            "unknown rules",
            id="record-unknown-rules",
        ),
        pytest.param(
            '{"format": "mahjong-tui-record", "version": 1, "rules": "shanghai", "seed": 1,'
            ' "hands": [[{"seat": 9, "kind": "discard"}]]}',
            "hand 1, action 1: action seat: expected int <= 3",
            id="record-bad-action",
        ),
    ],
)
def test_bad_record_is_one_clear_error(tmp_path: Path, text, message):
    """A malformed record gives one clear line, never a traceback."""
    path = tmp_path / "r.json"
    path.write_text(text)
    with pytest.raises(RecordError, match=message):
        load_record(path)


def test_record_with_illegal_action_is_refused():
    """Replaying a record whose action is illegal names the hand, the action and the reason."""
    g = Game("shanghai", seed=2)
    rec = game_record(g)
    seat = g.pending_seats()[0]
    rec["hands"][0].append({"seat": (seat + 1) % 4, "kind": "discard", "tile": "1m"})
    with pytest.raises(RecordError, match="hand 1, action 1: it is not your turn"):
        game_from_record(rec)


def test_dealer_rotation_winner_deals_next_and_drawn_hand_keeps_dealer():
    """The winner deals next; after a drawn hand the dealer stays (Shanghai)."""
    seen_win = seen_draw = False
    for seed in range(40):
        g = Game("shanghai", seed=seed)
        dealer = g.hand.dealer
        _auto(g)
        end = next(e for e in reversed(g.events) if isinstance(e, HandEnded))
        if end.outcome is HandOutcome.DRAWN:
            assert end.next_dealer == dealer
            seen_draw = True
        elif len(end.winners) == 1:
            assert end.next_dealer == end.winners[0]
            seen_win = True
        if seen_win and seen_draw:
            break
    assert seen_draw


def test_huangfan_counter_carries_between_hands():
    """荒番: a drawn hand adds 1, a won hand subtracts 1 (not below 0); the next hand starts from it."""
    g = Game("shanghai", seed=1)
    for _ in range(6):
        before = g.hand.huangfan
        _auto(g, prefer_win=False)
        end = next(e for e in reversed(g.events) if isinstance(e, HandEnded))
        expected = before + 1 if end.outcome is HandOutcome.DRAWN else max(0, before - 1)
        assert end.huangfan == expected
        if g.over:
            break
        g.next_hand()
        assert g.hand.huangfan == expected + g.hand.huangfan_from_dice


def test_game_ends_when_a_player_falls_below_fifty_base():
    """A player below 50 × base at the end of a hand cannot go on: the game ends there."""
    from support import fill_hands

    hands = fill_hands(["5z", "123m456m789m1z1z1z5z", "", ""])
    deal = RiggedDeal((hands[0], hands[1], hands[2], hands[3]))
    g = Game("shanghai", seed=4, options=GameOptions(base=1, starting_points=50), rigged=deal)
    g.apply(Action(0, ActionKind.DISCARD, 31))
    g.apply(Action(1, ActionKind.WIN, 31))
    assert g.over
    ended = g.events[-1]
    assert isinstance(ended, GameEnded) and ended.scores[0] < 50 and "50 × base" in ended.reason.en
    with pytest.raises(IllegalAction, match="game is over"):
        g.next_hand()


def test_points_sum_to_zero_across_hands():
    """Every hand's payments sum to zero, so the total never changes."""
    g = Game("shanghai", seed=8)
    total = sum(g.scores)
    for _ in range(5):
        _auto(g)
        assert sum(g.scores) == total
        if g.over:
            break
        g.next_hand()


def test_game_end_names_every_seat_below_the_floor():
    """Changsha: when a self-drawn win takes three players below zero, the reason names all three."""
    from bots import create_bot

    for seed in range(40):
        g = Game("changsha", seed=seed, options=GameOptions(starting_points=12))
        play_until_decision(g, {s: create_bot("normal", s, seed) for s in range(4)})
        below = [s for s in range(4) if g.scores[s] < 0]
        if len(below) == 3:
            break
    else:
        pytest.fail("no seed in 0-39 ends with three players below zero")
    expected = f"seat {below[0]}, seat {below[1]} and seat {below[2]} have run out of points"
    assert g.over and g.end_reason.en == expected


def test_max_hands_ends_the_game():
    """A game with a hand limit ends after that many hands."""
    g = Game("changsha", seed=3, options=GameOptions(max_hands=2))
    _auto(g)
    g.next_hand()
    _auto(g)
    assert g.over and "2 hands" in g.end_reason.en


def test_engine_imports_no_ui_library():
    """The engine, the rules and the bots import no textual or rich."""
    code = (
        "import sys, importlib, pkgutil, mahjong_tui.engine, mahjong_tui.rules, bots\n"
        "for pkg in (mahjong_tui.engine, mahjong_tui.rules, bots):\n"
        "    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "        importlib.import_module(m.name)\n"
        "bad = sorted(n for n in sys.modules if n.split('.')[0] in ('textual', 'rich'))\n"
        "print(json.dumps(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", "import json\n" + code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []


def test_undo_rewinds_to_just_before_the_players_last_action():
    """Practice: the game as it stood when the player last decided, every later move undone."""
    from bots import create_bot
    from mahjong_tui.engine import rewound, seat_view

    game = Game("changsha", 6)
    bots = {s: create_bot("normal", s, 6) for s in (1, 2, 3)}
    halt = play_until_decision(game, bots)
    assert halt.seat == 0
    before = game_record(game)
    legal_before = game.legal_actions(0)
    game.apply(legal_before[-1])
    play_until_decision(game, bots)
    back = rewound(game, 0)
    assert back is not None and game_record(back) == before
    assert seat_view(back.hand, 0).legal == tuple(legal_before)
    assert rewound(Game("changsha", 6), 2) is None
