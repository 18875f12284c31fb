"""Helpers for engine tests: act on a hand with short strings in tile notation."""

from __future__ import annotations

from mahjong_tui.engine import Hand, Phase
from mahjong_tui.engine.actions import Action, ActionKind, KongMode
from mahjong_tui.engine.events import Event
from mahjong_tui.engine.tiles import parse_tile, parse_tiles


def action(text: str) -> Action:
    """``"2 chi 4m 35m"``, ``"0 discard 5m"``, ``"1 kong 5m buzhang"``, ``"3 pass"``."""
    parts = text.split()
    seat = int(parts[0])
    kind = ActionKind(parts[1])
    tile = None
    tiles: tuple[int, ...] = ()
    mode = None
    for p in parts[2:]:
        if p in {m.value for m in KongMode}:
            mode = KongMode(p)
        elif tile is None:
            tile = parse_tile(p)
        else:
            tiles = tuple(parse_tiles(p))
    if mode is None and "kong" in kind.value:
        mode = KongMode.KONG
    return Action(seat, kind, tile, tiles, mode)


def find(hand: Hand, text: str) -> Action:
    """The legal action matching the text (fields not given match anything), else the literal action."""
    want = action(text)
    explicit_mode = any(p in {m.value for m in KongMode} for p in text.split()[2:])
    for a in hand.legal_actions(want.seat):
        if a.kind is not want.kind:
            continue
        if want.tile is not None and a.tile != want.tile:
            continue
        if want.tiles and a.tiles != want.tiles:
            continue
        if explicit_mode and a.mode is not want.mode:
            continue
        return a
    return want


_ANSWERS = {"win", "pass", "chi", "pong", "kong"}


def play(hand: Hand, *steps: str) -> list[Event]:
    """Apply each step in order; returns all events.

    Open windows (claims, 开杠 tiles) that a step does not answer are passed first: every
    step but an answer by a seat being asked waits until the window has closed.
    """
    events: list[Event] = []
    for s in steps:
        seat, kind = int(s.split()[0]), s.split()[1]
        while (
            hand.phase in (Phase.CLAIM, Phase.KAIGANG_CLAIM)
            and hand.pending_seats()
            and (kind not in _ANSWERS or seat not in hand.pending_seats())
        ):
            events += hand.apply(find(hand, f"{hand.pending_seats()[0]} pass"))
        events += hand.apply(find(hand, s))
    return events


def pass_all(hand: Hand) -> list[Event]:
    """Every seat still to answer the open window passes."""
    events: list[Event] = []
    while hand.phase in (Phase.CLAIM, Phase.KAIGANG_CLAIM, Phase.ROB, Phase.HAIDI_SHOWN) and hand.pending_seats():
        events += hand.apply(find(hand, f"{hand.pending_seats()[0]} pass"))
    return events


def of(events: list[Event], cls: type) -> list:
    """The events of one type."""
    return [e for e in events if isinstance(e, cls)]


def kinds(hand: Hand, seat: int) -> set[str]:
    """The kinds of action a seat may take now."""
    return {a.kind.value for a in hand.legal_actions(seat)}


def fill_hands(keys: list[str], *, dealer: int = 0, reserve: str = "", honours: bool = True) -> list[str]:
    """Complete each seat's key tiles to 13 (dealer 14) with inert filler.

    Filler kinds are those not named in ``keys`` or ``reserve`` (tiles the test draws
    later), dealt round-robin so no seat's filler forms a sequence by itself.
    """
    from collections import Counter

    from mahjong_tui.engine.tiles import format_tiles, parse_tiles

    named = [parse_tiles(k) for k in keys]
    used = Counter(t for k in named for t in k) + Counter(parse_tiles(reserve))
    kinds_all = [t for t in range(34 if honours else 27) if t not in used]
    # spread kinds so a seat's filler kinds are at least 4 apart
    per_seat: list[list[int]] = [[], [], [], []]
    for i, t in enumerate(kinds_all):
        per_seat[i % 4].append(t)
    out = []
    for s in range(4):
        need = (14 if s == dealer else 13) - len(named[s])
        pool = [t for copy in range(3) for t in per_seat[s]][:need]
        if len(pool) < need:
            raise ValueError("not enough filler tiles")
        out.append(format_tiles(named[s] + pool))
    return out


class Watcher:
    """Plays a seat as a bot of ``level`` and keeps each view ``keep`` accepts (by default, every real choice)."""

    def __init__(self, seat: int, level: str, seed: int, kept: list, keep=None):  # type: ignore[no-untyped-def]
        from bots import create_bot

        self.bot = create_bot(level, seat, seed)
        self.kept = kept
        self.keep = keep or (lambda view: len(view.legal) > 1)

    def choose(self, view):  # type: ignore[no-untyped-def]  # a Player
        """The bot's choice; the view kept first when it is one to keep."""
        if self.keep(view):
            self.kept.append(view)
        return self.bot.choose(view)
