"""The wire form (mahjong_tui.net.wire): every view and event of seeded games comes back equal; nothing else gets in.

The games are played by easy bots that take every rare choice they are offered (a kong,
开杠, the 海底, 起手小胡) and answer other prompts at random, so a few seeded games pass
through every kind of event and every part of a view; a scripted Shanghai hand adds the
robbed kong. Each seat's view is sent at every moment; what comes back must be equal,
and must hold no other seat's concealed tiles while the hand is played.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec import Raw
from support import play
from test_shanghai_flow import ROB_DRAWS, ROB_HANDS

from bots import Bot, create_bot
from mahjong_tui.engine import (
    Action,
    ActionKind,
    DrawSource,
    Event,
    Game,
    GameOptions,
    Hand,
    InitialWinsDeclared,
    KongMode,
    Phase,
    PlayerWon,
    SeatView,
    TileDrawn,
    Words,
    events,
    scripted_hand,
    seat_view,
    seen_events,
)
from mahjong_tui.net.wire import (
    EVENT_TYPES,
    WireError,
    decode_event,
    decode_result,
    decode_view,
    decode_words,
    encode_event,
    encode_result,
    encode_view,
    encode_words,
)

#: (rules, seed, hands): between them every event of the engine, and every phase a seeded game reaches
GAMES = [("shanghai", 0, 2), ("shanghai-qq", 2, 2), ("shanghai-lezi", 0, 2), ("changsha", 15, 3), ("changsha", 79, 5)]
#: what the players take whenever they may (mostly): kongs of every kind, the 海底, 起手小胡
RARE = (
    ActionKind.KONG,
    ActionKind.ADDED_KONG,
    ActionKind.CONCEALED_KONG,
    ActionKind.TAKE_HAIDI,
    ActionKind.DECLARE_INITIAL,
)


def choose(bot: Bot, view: SeatView, rng: random.Random) -> Action:
    """A discard by the bot; a rare choice when there is one (mostly); else any legal answer."""
    legal = view.legal
    if all(a.kind is ActionKind.DISCARD for a in legal):
        return bot.choose(view)
    rare = [a for a in legal if a.kind in RARE or a.mode is KongMode.KAIGANG]
    return rng.choice(rare) if rare and rng.random() < 0.7 else rng.choice(legal)


def moments(rules: str, seed: int, hands: int) -> Iterator[Game]:
    """The game at every decision of its hands and at the end of each hand."""
    rng = random.Random(seed)
    game = Game(rules, seed=seed, options=GameOptions(max_hands=hands))
    bots = {s: create_bot("easy", s, seed) for s in range(4)}
    while True:
        while not game.hand.over:
            yield game
            seat = game.pending_seats()[0]
            game.apply(choose(bots[seat], seat_view(game.hand, seat), rng))
        yield game
        if game.over:
            return
        game.next_hand()


def rob_moments() -> Iterator[Hand]:
    """A Shanghai hand where seat 2 passes a win (漏胡) and then robs seat 0's added kong."""
    hand = scripted_hand("shanghai", ROB_HANDS, draws=ROB_DRAWS)
    steps = ["0 discard 7z", "1 discard 5m", "2 pass", "0 pong 5m", "0 discard 1s", "1 discard 8p"]
    steps += ["2 discard 2p", "3 discard 7s", "0 added_kong 5m", "2 win"]
    yield hand
    for step in steps:
        play(hand, step)
        yield hand


def sent(text: Raw) -> Any:
    """The JSON text ``text`` as the other end reads it: plain JSON values."""
    return json.loads(bytes(text))


def check_views(hand: Hand) -> int:
    """Every seat's view of ``hand`` comes back equal and shows no other seat's concealed tiles; how many."""
    for seat in range(4):
        view = seat_view(hand, seat)
        data = sent(encode_view(view))
        back = decode_view(data)
        assert back == view
        assert back.table.ruleset is view.table.ruleset
        if not hand.over:
            assert data["table"]["concealed"] == data["table"]["drawn"] == [None] * 4
            others = [s for s in range(4) if s != seat]
            assert all(back.table.concealed[s] is None and back.table.drawn[s] is None for s in others)
    return 4


def check_events(events: list[Event]) -> int:
    """Every event comes back equal, as the engine made it and as each seat is sent it; how many."""
    for event in [*events, *(e for seat in range(4) for e in seen_events(events, seat))]:
        assert decode_event(sent(encode_event(event))) == event
    return len(events)


def kinds_sent(events: list[Event]) -> set[str]:
    """The kinds of event in ``events``, as the engine made them and as each seat is sent them."""
    return {type(e).__name__ for e in events} | {type(e).__name__ for s in range(4) for e in seen_events(events, s)}


@pytest.mark.parametrize(("rules", "seed", "hands"), GAMES, ids=lambda g: str(g))
def test_every_view_and_event_of_a_seeded_game_comes_back_equal(rules: str, seed: int, hands: int) -> None:
    """At every decision and every hand's end, each seat's view round-trips through JSON; then every event."""
    views = 0
    game = None
    for game in moments(rules, seed, hands):
        views += check_views(game.hand)
    assert game is not None and game.over
    assert views > 400 and check_events(game.events) > 200


def test_a_robbed_kong_after_a_passed_win_comes_back_equal() -> None:
    """The rob window, the 漏胡 it follows, and the win on the robbed tile: views and events round-trip."""
    hand = None
    phases = set()
    for hand in rob_moments():
        check_views(hand)
        phases.add(hand.phase)
    assert hand is not None and Phase.ROB in phases and hand.over
    check_events(hand.events)


def parts_of(hand: Hand) -> set[str]:
    """The phase of ``hand`` and the rarer parts of its views, by name."""
    out = {hand.phase.value}
    for seat in range(4):
        view = seat_view(hand, seat)
        parts = {
            "win preview": view.wins,
            "passed wins": view.passed_wins,
            "refusals": view.refusals,
            "rob tile": view.table.rob_tile is not None,
            "kaigang tiles": view.table.kaigang_tiles,
            "haidi tile": view.table.haidi_tile is not None,
            "kaigang locked": any(view.table.kaigang_locked),
        }
        out.update(name for name, there in parts.items() if there)
    return out


def test_the_games_pass_through_every_event_and_every_part_of_a_view() -> None:
    """Else the round trips above would not show what they claim (other seeds may be needed after a rules change)."""
    covered: set[str] = set()
    hand = None
    for hand in rob_moments():
        covered |= parts_of(hand)
    assert hand is not None
    covered |= kinds_sent(hand.events)
    for rules, seed, hands in GAMES:
        game = None
        for game in moments(rules, seed, hands):
            covered |= parts_of(game.hand)
        assert game is not None
        covered |= kinds_sent(game.events)
    wanted = set(EVENT_TYPES) | {p.value for p in Phase if p is not Phase.DEALT_WIN}
    wanted |= {"win preview", "passed wins", "refusals", "rob tile", "kaigang tiles", "haidi tile", "kaigang locked"}
    assert wanted - covered == set()
    engine_events = {
        c for c in vars(events).values() if isinstance(c, type) and issubclass(c, Event) and c is not Event
    }
    assert set(EVENT_TYPES.values()) == engine_events


def test_scores_and_words_come_back_equal_on_their_own() -> None:
    """A hand's end summary sends its scores alone; refusals their words."""
    *_, game = moments("changsha", 15, 3)
    results = [e.result for e in game.events if isinstance(e, PlayerWon | InitialWinsDeclared)]
    assert len(results) >= 2
    for result in results:
        assert decode_result(sent(encode_result(result))) == result
    words = Words("you passed a win on 5s (漏胡)", "你过了五条的胡（漏胡）")
    assert decode_words(sent(encode_words(words))) == words


# ---------------------------------------------------------------- what is not a view or an event


def a_view() -> dict[str, object]:
    """The wire form of a view in the middle of a Changsha hand, with a win preview."""
    for game in moments("changsha", 15, 3):
        view = seat_view(game.hand, game.pending_seats()[0]) if game.pending_seats() else None
        if view is not None and view.wins and view.table.rivers[0]:
            return sent(encode_view(view))
    raise AssertionError("no view with a win preview")


VIEW = a_view()
EVENT = sent(encode_event(TileDrawn(1, 5, DrawSource.HEAD)))


def rejected(call: Callable[[Any], object], data: object) -> str:
    """The one-line reason ``call`` gives for refusing ``data``."""
    with pytest.raises(WireError) as caught:
        call(data)
    reason = str(caught.value)
    assert reason and "\n" not in reason
    return reason


def changed(data: object, path: tuple[str | int, ...], value: object) -> object:
    """A deep copy of ``data`` with the item at ``path`` set to ``value`` (or removed, for ``REMOVE``)."""
    copy = json.loads(json.dumps(data))
    inner = copy
    for key in path[:-1]:
        inner = inner[key]
    if value is REMOVE:
        del inner[path[-1]]
    else:
        inner[path[-1]] = value
    return copy


class Removed:
    """Stands for a value taken out of a message."""

    def __repr__(self) -> str:
        """The same in every process, so the tests' ids are too."""
        return "REMOVE"


REMOVE = Removed()


@pytest.mark.parametrize(
    ("path", "value", "reason"),
    [
        (("table", "rivers", 0, 0, "tile"), 42, "table.rivers[0][0].tile: expected int <= 41"),
        (("table", "rivers", 0, 0, "tile"), -1, "table.rivers[0][0].tile: expected int >= 0"),
        (("table", "rivers", 0, 0, "tile"), True, "expected int, got bool"),
        (("table", "rivers", 0, 0, "tile"), 3.0, "expected int, got float"),
        (("table", "rivers", 0, 0, "tile"), "1m", "expected int, got str"),
        (("legal", 0, "seat"), 4, "legal[0].seat: expected int <= 3"),
        (("legal", 0, "kind"), "steal", "legal[0].kind: invalid enum value 'steal'"),
        (("table", "phase"), "lunch", "table.phase: invalid enum value 'lunch'"),
        (("table", "ruleset"), "poker", "table.ruleset: unknown rules 'poker'"),
        (("table", "ruleset"), None, "table.ruleset: expected the rules' name, a string"),
        (("table", "rivers"), [[], [], []], "table.rivers: expected array of length >= 4"),
        (("counts",), [0] * 33, "counts: expected array of length >= 34"),
        (("table", "dice"), [1, 2, 3], "table.dice: expected array of length 2, got 3"),
        (("table", "wall", "stack_heights", 0), 256, "table.wall.stack_heights[0]: expected int <= 255"),
        (("table", "wall", "stack_heights"), "AgIC", "expected array, got str"),
        (("wins", 0, 1, "lines", 0, "kind"), "poem", "wins[0][1].lines[0].kind: invalid enum value 'poem'"),
        (("wins", 0, 1, "payments"), [1, 2], "expected array of length 4, got 2"),
        (("table", "secret"), 1, "table: object contains unknown field secret"),
        (("table", "wall", "remaining"), REMOVE, "table.wall: object missing required field remaining"),
        (("table",), [], "table: expected object, got array"),
        (("refusals",), None, "refusals: expected array, got null"),
    ],
    ids=lambda x: str(x)[:40],
)
def test_a_malformed_view_is_refused_with_the_place_and_the_reason(path: tuple, value: object, reason: str) -> None:
    """One wrong field anywhere: WireError, naming where and what."""
    assert decode_view(VIEW) == decode_view(json.loads(json.dumps(VIEW)))
    assert reason in rejected(decode_view, changed(VIEW, path, value))


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ({**EVENT, "event": "TileStolen"}, "event: invalid value 'TileStolen'"),
        ({**EVENT, "event": "Event"}, "event: invalid value 'Event'"),
        ({**EVENT, "event": "SeatView"}, "event: invalid value 'SeatView'"),
        ({**EVENT, "event": None}, "event: expected str, got NoneType"),
        ({k: v for k, v in EVENT.items() if k != "event"}, "the top: object missing required field event"),
        ({**EVENT, "tile": 99}, "tile: expected int <= 41"),
        ({**EVENT, "source": "pocket"}, "source: invalid enum value 'pocket'"),
        ({**EVENT, "hand": [1, 2]}, "the top: object contains unknown field hand"),
        ([EVENT], "the top: expected object, got array"),
        ("TileDrawn", "the top: expected object, got str"),
    ],
    ids=lambda x: str(x)[:40],
)
def test_a_malformed_event_is_refused(data: object, reason: str) -> None:
    """An unknown event, a field out of range or unknown: WireError."""
    assert decode_event(EVENT) == TileDrawn(1, 5, DrawSource.HEAD)
    assert reason in rejected(decode_event, data)


def test_nesting_deeper_than_python_recurses_is_refused_at_its_first_level() -> None:
    """The form bounds the depth: a list nested a hundred thousand deep is a wrong type, not a crash."""
    deep: object = 0
    for _ in range(100_000):
        deep = [deep]
    assert "counts[0]: expected int, got array" in rejected(decode_view, changed(VIEW, ("counts",), [deep] * 34))
    assert "the top: expected object, got array" in rejected(decode_words, deep)


def test_what_the_engine_did_not_make_is_not_sent_or_does_not_come_back() -> None:
    """An object that is not an engine event or view is not sent; a view with a stray value does not come back."""
    assert "the wire carries no event Words" in rejected(encode_event, Words("a", "b"))
    assert "only SeatView" in rejected(encode_view, Words("a", "b"))
    view = decode_view(VIEW)
    assert "seat: expected int <= 3" in rejected(decode_view, encode_view(SeatView(view.table, 7, *view[2:])))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=30,
)
DECODERS = [decode_view, decode_event, decode_result, decode_words]


@settings(max_examples=150, deadline=None)
@given(data=JSON)
def test_any_json_is_decoded_or_refused_with_a_wire_error(data: object) -> None:
    """Random JSON: never another exception than WireError."""
    for decode in DECODERS:
        try:
            decode(data)
        except WireError as e:
            assert "\n" not in str(e)


def paths(data: object, at: tuple = ()) -> list[tuple]:
    """Every place in a JSON value, the top excepted."""
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else []
    return [p for key, value in items for p in [(*at, key), *paths(value, (*at, key))]]


VIEW_PATHS = paths(VIEW)


def event_forms() -> list[tuple[dict[str, Any], tuple]]:
    """One wire form of each event of a Changsha game and the rob hand, with each place in it."""
    *_, game = moments("changsha", 15, 3)
    *_, hand = rob_moments()
    forms = {type(e): sent(encode_event(e)) for e in [*game.events, *hand.events]}
    return [(form, path) for form in forms.values() for path in paths(form) if path != ("event",)]


EVENT_PLACES = event_forms()


@settings(max_examples=150, deadline=None)
@given(where=st.sampled_from(VIEW_PATHS), value=JSON | st.just(REMOVE))
def test_a_view_with_any_one_part_changed_is_decoded_or_refused_with_a_wire_error(where: tuple, value: object) -> None:
    """A real view with one value replaced by random JSON (or removed): a view, or WireError, never a crash."""
    try:
        assert isinstance(decode_view(changed(VIEW, where, value)), SeatView)
    except WireError as e:
        assert "\n" not in str(e)


@settings(max_examples=150, deadline=None)
@given(place=st.sampled_from(EVENT_PLACES), value=JSON | st.just(REMOVE))
def test_an_event_with_any_one_part_changed_is_decoded_or_refused_with_a_wire_error(
    place: tuple[dict[str, Any], tuple], value: object
) -> None:
    """A real event of each class with one value replaced by random JSON (or removed): an event, or WireError."""
    form, where = place
    try:
        assert isinstance(decode_event(changed(form, where, value)), Event)
    except WireError as e:
        assert "\n" not in str(e)
