"""A remote seat learns nothing of the others' hands from what the table sends it, nor from when.

Two deals differ only in the concealed tiles of seats 1–3 (the same tiles, dealt among them
otherwise), so that in one a seat may claim a discard where in the other nobody may. Every
seat plays the same public moves in both (it discards what it draws, and passes whatever it
is offered), so everything seat 0 is entitled to see is the same. What seat 0 is sent must be
the same too: the same messages, field for field, and the same times between them.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
import typing
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong_tui.engine import (
    Action,
    ActionKind,
    Game,
    GameOptions,
    Phase,
    RiggedDeal,
    SeatView,
    format_tiles,
    get_ruleset,
    ruleset_names,
    seat_view,
)
from mahjong_tui.engine.tiles import is_flower
from mahjong_tui.net.table import HostedTable, Place

#: how long a window stays open in the timing test: a window that opened in one deal only would show as this much
WINDOW = 0.1
#: how many of seat 0's messages the timing test compares (the deal is chosen with a window that differs among them)
TIMED = 80


def plain(view: SeatView) -> Action:
    """What every seat does: pass whatever it is offered, else discard the tile it drew (else its first discard)."""
    legal = view.legal
    for action in legal:
        if action.kind is ActionKind.PASS:
            return action
    discards = [a for a in legal if a.kind is ActionKind.DISCARD]
    drawn = [a for a in discards if a.tile == view.last_drawn]
    return (drawn or discards or [a for a in legal if a.kind is not ActionKind.WIN] or list(legal))[0]


class PlainBot:
    """A bot seat that plays :func:`plain`."""

    def choose(self, view: SeatView) -> Action:
        """:func:`plain`."""
        return plain(view)


def deals(rules: str, seed: int) -> tuple[RiggedDeal, RiggedDeal]:
    """Two deals, seat 0 the dealer with the same 14 tiles and the same wall, seats 1–3 dealt the same 39 tiles
    otherwise. No flower is dealt (they stay in the wall, the same in both)."""
    rng = random.Random(seed)
    tiles = [t for t in get_ruleset(rules).tile_set() if not is_flower(t)]
    rng.shuffle(tiles)
    own, others = tiles[:14], tiles[14:53]
    mixed = list(others)
    rng.shuffle(mixed)

    def deal(rest: list[int]) -> RiggedDeal:
        hands = (own, rest[:13], rest[13:26], rest[26:39])
        return RiggedDeal(tuple(format_tiles(h) for h in hands), dealer=0, fill_seed=seed)  # type: ignore[arg-type]

    return deal(others), deal(mixed)


class Seen:
    """Seat 0's end of the table: every message it is sent, when, and its answers (the plain moves)."""

    def __init__(self, table: HostedTable, limit: int | None, seat: int = 0) -> None:
        self.table, self.limit, self.seat = table, limit, seat
        self.messages: list[tuple[float, dict[str, Any]]] = []
        self.ended = asyncio.Event()

    def put(self, text: str) -> bool:
        message = json.loads(text)
        self.messages.append((time.monotonic(), message))
        if self.limit is not None and len(self.messages) >= self.limit:
            self.ended.set()
        if message.get("type") == "state":
            if message["view"]["table"]["phase"] == Phase.ENDED.value:
                self.ended.set()
            elif message.get("prompt") is not None:
                asyncio.get_running_loop().call_soon(self.answer, message)
        return True

    def answer(self, message: dict[str, Any]) -> None:
        from mahjong_tui.net.protocol import read_message
        from mahjong_tui.net.wire import decode_view

        view = decode_view(message["view"])
        body = plain(view).to_json()
        body.pop("seat", None)
        act = read_message(json.dumps({"type": "act", "prompt": message["prompt"], "action": body}))
        self.table.answer(self.seat, act)  # a window's answer may come after it closed: the seat passes, as it meant to


async def play(
    rules: str, deal: RiggedDeal, window: float, limit: int | None = None
) -> list[tuple[float, dict[str, Any]]]:
    """Seat 0's messages through one hand of ``deal``, up to its end (the hand shown to all is left out), or its
    first ``limit``."""
    game = Game(rules, 1, GameOptions(max_hands=1), rigged=deal, hold_windows=True)
    # Seat 1 is a person too (answering as plainly): whether it is asked must not show in seat 0's prompts either.
    places = [Place("Ann", True), Place("Bo", True)] + [Place(f"Bot {s}", False, level="plain") for s in (2, 3)]
    table = HostedTable(
        game, "FAIR", places, claim_seconds=window, turn_seconds=600, keep=False, bot_factory=lambda *_: PlainBot()
    )
    seen = Seen(table, limit)
    table.sit("Ann", seen)  # type: ignore[arg-type]
    table.sit("Bo", Seen(table, None, seat=1))  # type: ignore[arg-type]
    task = asyncio.create_task(table.run())
    await asyncio.wait_for(seen.ended.wait(), 120)
    table.close()
    task.cancel()
    shown = [i for i, (_, m) in enumerate(seen.messages) if m.get("view", {}).get("table", {}).get("phase") == "ended"]
    return seen.messages[: shown[0] if shown else limit]


def fields(message: dict[str, Any]) -> dict[str, Any]:
    """A message as compared: every field but the seconds a prompt has left (compared by the timing test)."""
    return {k: v for k, v in message.items() if k != "closes_in"} | {"timed": message.get("closes_in") is not None}


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(ruleset_names()), st.integers(0, 100_000))
def test_what_a_seat_is_sent_is_the_same_whatever_the_others_hold(rules: str, seed: int) -> None:
    """Field for field, seat 0 is sent the same messages in both deals, and none names another seat among those
    asked in a window: ``pending`` holds at most seat 0, in every message."""
    one, other = deals(rules, seed)
    first = asyncio.run(play(rules, one, 0.0))
    second = asyncio.run(play(rules, other, 0.0))
    assert len(first) > 20
    for _, message in first + second:
        if message.get("type") == "state":
            table = message["view"]["table"]
            if table["phase"] not in ("turn", "kaigang_self", "haidi", "haidi_taken"):
                assert table["pending"] in ([], [0]), table
    assert [fields(m) for _, m in first] == [fields(m) for _, m in second]


def test_when_a_seat_is_sent_each_message_is_the_same_whatever_the_others_hold() -> None:
    """Two deals where some window opens for another seat in one only (a seat may claim, and passes): the times
    between seat 0's messages are the same in both, to within half a window. Every window lasts its time whether
    or not anyone may answer it, and the bots answer while it is open. A machine busy with something else may
    delay a message now and then: a gap that differs is measured again, and a difference the table makes comes
    back at the same place."""
    for seed in range(200):
        one, other = deals("shanghai", seed)
        if _windows(one)[:20] != _windows(other)[:20]:
            break
    else:
        raise AssertionError("no seed gives deals whose first windows differ")
    suspect: set[int] | None = None
    for _ in range(2):
        first = asyncio.run(play("shanghai", one, WINDOW, TIMED))
        second = asyncio.run(play("shanghai", other, WINDOW, TIMED))
        assert [fields(m) for _, m in first] == [fields(m) for _, m in second]
        gaps = [[b - a for (a, _), (b, _) in zip(ms, ms[1:], strict=False)] for ms in (first, second)]
        apart = {i for i, (a, b) in enumerate(zip(*gaps, strict=True)) if abs(a - b) >= WINDOW / 2}
        suspect = apart if suspect is None else suspect & apart
        if not suspect:
            break
    assert not suspect, sorted(suspect)


def _windows(deal: RiggedDeal) -> list[tuple[int, ...]]:
    """Who may answer each window of the hand ``deal`` plays (every seat playing plainly)."""
    game = Game("shanghai", 1, GameOptions(max_hands=1), rigged=deal)
    asked = []
    while not game.hand.over:
        pending = game.pending_seats()
        if game.hand.phase not in (Phase.TURN, Phase.HAIDI, Phase.HAIDI_TAKEN, Phase.KAIGANG_SELF):
            asked.append(tuple(pending))
        from mahjong_tui.engine import seat_view

        game.apply(plain(seat_view(game.hand, pending[0])))
    return asked


def test_a_hand_that_ends_as_its_last_window_closes_is_kept_as_ended(tmp_path: Any, monkeypatch: Any) -> None:
    """Every seat passing, the hand is drawn as the last window is released: the journal keeps the game as ended (it
    is settled among the records, and its lock is let go)."""
    from mahjong_tui.keep.storage import HOME_VARIABLE

    monkeypatch.setenv(HOME_VARIABLE, str(tmp_path))

    async def run() -> HostedTable:
        game = Game("shanghai", 5, GameOptions(max_hands=1), hold_windows=True)
        places = [Place("Ann", True)] + [Place(f"Bot {s}", False, level="plain") for s in (1, 2, 3)]
        table = HostedTable(
            game, "KEEP", places, claim_seconds=0.0, turn_seconds=600, bot_factory=lambda *_: PlainBot()
        )
        table.sit("Ann", Ready(table))  # type: ignore[arg-type]
        await asyncio.wait_for(table.run(), 120)
        return table

    table = asyncio.run(run())
    assert table.game.over and table.keeper is not None
    assert table.keeper.finished and not table.keeper.lock.held  # type: ignore[union-attr]


class Ready(Seen):
    """Seat 0 playing plainly, and going on at the hand's end."""

    def __init__(self, table: HostedTable) -> None:
        super().__init__(table, None)

    def put(self, text: str) -> bool:
        message = json.loads(text)
        if message.get("type") == "state" and message.get("prompt") is not None:
            if message["view"]["table"]["phase"] == Phase.ENDED.value:
                self.table.ready(0, message["prompt"])
                return True
        return super().put(text)


def test_every_seat_sees_the_kind_of_a_concealed_kong_and_nothing_more_of_that_hand() -> None:
    """Rule (rules docs, common.md "A turn"): a concealed kong (暗杠) shows its kind to every seat, two ends face
    down; the rest of the declarer's hand stays hidden. Seat 0 holds 5555m and declares it in Shanghai."""
    from rich.console import Console

    from mahjong_tui.engine import MeldKind, private_seat_view, scripted_hand
    from mahjong_tui.engine.tiles import parse_tiles
    from mahjong_tui.net.protocol import dumps
    from mahjong_tui.net.wire import encode_view
    from mahjong_tui.ui.look import Display, Look, meld_text

    hands = ["5m5m5m5m1p2p3p4p5p6p7s8s9s2s", "1z1z2z2z3z3z4z4z6z6z7z7z9m",
             "1s1s2s2s3s3s4s4s6s6s7s7s9s", "1p1p2p2p3p3p7p7p8p8p9p9p8m"]  # fmt: skip
    hand = scripted_hand("shanghai", hands, tail="9p8s")
    kong = next(a for a in hand.legal_actions(0) if a.kind is ActionKind.CONCEALED_KONG)
    hand.apply(kong)
    for seat in (1, 2, 3):
        view = private_seat_view(hand, seat)
        (meld,) = view.table.melds[0]
        assert meld.kind is MeldKind.CONCEALED_KONG and meld.tiles == tuple(parse_tiles("5555m"))
        assert view.table.concealed[0] is None and view.table.drawn[0] is None
        sent = json.loads(dumps(encode_view(view)))  # what a remote seat is sent of it
        assert sent["table"]["melds"][0][0]["tiles"] == list(parse_tiles("5555m"))
    console = Console(width=40, color_system=None)
    with console.capture() as out:
        look = Look(table=private_seat_view(hand, 1).table, names=("A", "B", "C", "D"), bottom=1, display=Display())
        console.print(meld_text(look, meld, 0))
    shown = out.get().split()
    assert len(shown) == 4 and shown[0] == shown[3] and shown[1] == shown[2] != shown[0]


class Konger(Seen):
    """Seat 0 at the 开杠 test: it declares 开杠 on its 5555m, passes whatever it is offered, else plays plainly."""

    def answer(self, message: dict[str, Any]) -> None:
        from mahjong_tui.engine import KongMode
        from mahjong_tui.net.protocol import action_message
        from mahjong_tui.net.wire import decode_view

        view = decode_view(message["view"])
        kaigang = [a for a in view.legal if a.kind is ActionKind.CONCEALED_KONG and a.mode is KongMode.KAIGANG]
        self.table.answer(self.seat, action_message(message["prompt"], (kaigang or [plain(view)])[0]))


async def test_whether_the_konger_may_win_on_the_kaigang_tiles_tells_the_others_nothing() -> None:
    """Changsha: the dealer declares 开杠 on 5555m; the dice reveal 4s and 7s. Dealt 23456s it could win on them and
    passes; dealt 234s12m it could not. Seat 1, a person too, is sent the same messages in both, ``pending`` never
    naming the konger while it is asked, and the moment lasts a window's length either way."""
    others = ("2m4m6m8m1p3p5p6p1s3s5s9s9m", "1m3m6m9m2p4p6p8p2s3s6s8s1s", "7m1m3m7m9m1p9p4m3s6s2s9s3p")
    seen = []
    for konger in ("5m5m5m5m2s3s4s5s6s8p8p7p8p9p", "5m5m5m5m2s3s4s1m2m8p8p7p8p9p"):
        deal = RiggedDeal((konger, *others), tail="4s7s4s7s", dealer=0, kaigang_dice=((1, 1),))  # type: ignore[arg-type]
        game = Game("changsha", 1, GameOptions(max_hands=1), rigged=deal, hold_windows=True)
        places = [Place("Ann", True), Place("Bo", True)] + [Place(f"Bot {s}", False, level="plain") for s in (2, 3)]
        table = HostedTable(
            game, "KONG", places, claim_seconds=WINDOW, turn_seconds=600, keep=False, bot_factory=lambda *_: PlainBot()
        )
        bo = Seen(table, None, seat=1)
        table.sit("Ann", Konger(table, None))  # type: ignore[arg-type]
        table.sit("Bo", bo)  # type: ignore[arg-type]
        task = asyncio.create_task(table.run())
        deadline = time.monotonic() + 60
        while (claim := _first_state(bo.messages, Phase.KAIGANG_CLAIM)) is None:  # the 开杠 tiles offered to all
            assert time.monotonic() < deadline, "no 开杠 in 60 s"
            await asyncio.sleep(0.01)
        table.close()
        task.cancel()
        seen.append(bo.messages[: claim + 1])
    first, second = ([fields(m) for _, m in messages] for messages in seen)
    assert first == second
    for _, message in seen[0]:  # who is asked is said in a turn (the seat in turn) only
        table = message.get("view", {}).get("table", {})
        if table and table["phase"] != Phase.TURN.value:
            assert set(table["pending"]) <= {1}
    for messages in seen:
        at = _first_state(messages, Phase.KAIGANG_SELF)
        assert at is not None
        after = next(t for t, m in messages[at + 1 :] if m.get("type") == "state")
        # The moment lasts a window, asked or not: a moment let pass would be followed at once. The window's clock
        # starts as the moment is sent to every seat, so a machine slow to send it shortens what a seat measures.
        assert after - messages[at][0] >= WINDOW * 0.5


def _first_state(messages: list[tuple[float, dict[str, Any]]], phase: Phase) -> int | None:
    """Where the first state in ``phase`` is among ``messages`` (None: none)."""
    return next(
        (i for i, (_, m) in enumerate(messages) if m.get("type") == "state" and m["view"]["table"]["phase"] == phase),
        None,
    )


@pytest.mark.parametrize("rules", ruleset_names())
def test_a_game_replayed_holding_its_windows_stops_where_it_was_kept(rules: str) -> None:
    """A table taken up again replays its record holding its windows: the same events, and a window nobody was asked
    in when it was kept is open again (a new hand's 起手小胡, a discard nobody may claim), not passed: whether it was
    passed would tell who could answer it."""
    from mahjong_tui.engine import game_from_record, game_record

    held = 0
    for seed in range(6):
        game = Game(rules, seed, GameOptions(max_hands=2), hold_windows=True)
        for _ in range(seed * 7):
            if game.hand.over:
                game.next_hand()
            elif game.held:
                game.release()
            else:
                game.apply(plain(seat_view(game.hand, game.pending_seats()[0])))
        again = game_from_record(game_record(game), hold_windows=True)
        if again.held and not game.held:  # released after the last move: a release is no move, so
            again.release()  # the table opens that window again, and releases it as it did
        assert again.events == game.events
        assert again.hand.phase is game.hand.phase and again.held == game.held
        assert again.pending_seats() == game.pending_seats()
        held += game.held
    assert held  # some were kept holding a window


def test_protocol_md_shows_every_client_message_as_it_is_declared() -> None:
    """Each message a client may send is declared once (a msgspec Struct in ``net/protocol.py``): protocol.md shows an
    example of each, and every example there reads back as that message, field for field."""
    import re
    from pathlib import Path

    import msgspec

    from mahjong_tui.net import protocol

    text = (Path(protocol.__file__).parent / "protocol.md").read_text("utf-8")
    examples = [line for line in text.splitlines() if re.match(r'^\{"type": "(join|act|next|review|back|ping)"', line)]
    read = [protocol.read_message(line.replace('"…"', '"T0KEN"')) for line in examples]
    declared = {cls.__struct_config__.tag: cls for cls in typing.get_args(protocol.Message)}
    assert {type(m).__struct_config__.tag for m in read} == set(declared) == set(protocol.TYPES)
    for line, message in zip(examples, read, strict=True):
        assert json.loads(protocol.dumps(message)).keys() <= json.loads(line).keys() | {"v", "room", "name", "token"}
        for field in msgspec.structs.fields(type(message)):
            assert f'"{field.encode_name}"' in line or field.default is not msgspec.NODEFAULT, (line, field.name)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(
    st.binary(max_size=300)
    | st.text(max_size=300)
    | _JSON.map(json.dumps)
    | st.fixed_dictionaries(
        {"type": st.sampled_from(["join", "act", "next", "review", "back", "ping"])},
        optional={
            "v": _JSON,
            "room": _JSON,
            "name": _JSON,
            "token": _JSON,
            "prompt": _JSON,
            "hand": _JSON,
            "action": _JSON
            | st.fixed_dictionaries(
                {"kind": st.text(max_size=12)}, optional={"tile": _JSON, "tiles": _JSON, "mode": _JSON}
            ),
        },
    ).map(json.dumps)  # fmt: skip
)
def test_any_bytes_a_client_sends_are_a_message_or_one_line_saying_why(data: str | bytes) -> None:
    """Random bytes, random text, random JSON and random messages of every type: the server reads a message or
    refuses it with one line (the field and the reason), never anything else."""
    from mahjong_tui.net.protocol import Message, ProtocolError, read_message

    try:
        message = read_message(data)
    except ProtocolError as e:
        assert str(e) and "\n" not in str(e) and len(str(e)) < 300
    else:
        assert isinstance(message, typing.get_args(Message))


def test_protocol_md_names_every_field_of_every_message_the_server_sends() -> None:
    """Each message the server sends is declared once (``net/server_messages.py``): protocol.md shows each, with every
    field the declaration requires."""
    import re
    from pathlib import Path

    import msgspec

    from mahjong_tui.net import server_messages

    text = (Path(server_messages.__file__).parent / "protocol.md").read_text("utf-8")
    for cls in typing.get_args(server_messages.ServerMessage):
        tag = cls.__struct_config__.tag
        at = text.index(f'{{"type": "{tag}"')
        shown = text[at : at + 400]
        shown = shown[: re.search(r"\}`?(:|\n```)", shown).end()]  # type: ignore[union-attr]
        for field in msgspec.structs.fields(cls):
            assert f'"{field.encode_name}"' in shown, (tag, field.name)
