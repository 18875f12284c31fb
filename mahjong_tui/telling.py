"""Events told as lines of text: the one place an event becomes words, for the table's log, the replay and the export.

A :class:`Teller` holds what differs between those readers: the words of one language (a
catalogue), how a player and a tile are named (:class:`Naming`: the table's tile style, or
plain notation and Chinese names in a record read as text), which seats' private events may
be told (the people at the screen, or every seat of a game shown face up), and whether each
tile taken from the wall is told. Actions have their words here too (:func:`action_title`).
No Textual or Rich here: the export command uses it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from mahjong_tui.engine import (
    Action,
    ActionKind,
    BirdDrawn,
    ClaimLost,
    DrawSource,
    Event,
    FlowerRevealed,
    GameEnded,
    HaidiDeclined,
    HaidiOffered,
    HaidiTaken,
    HandEnded,
    HandOutcome,
    HandStarted,
    InitialWinsDeclared,
    KaigangDiscarded,
    KaigangRevealed,
    KongDeclared,
    KongMode,
    MeldClaimed,
    MeldKind,
    OptionRefused,
    PlayerWon,
    Ruleset,
    Tile,
    TileDiscarded,
    TileDrawn,
    TilesDealt,
    Words,
    format_tiles,
    tile_name,
    tile_zh,
)
from mahjong_tui.engine.tiles import hand_zh, tiles_zh
from mahjong_tui.i18n import Catalogue, names_in

DICE = "⚀⚁⚂⚃⚄⚅"

#: every seat: a game shown face up (a replay, an export) tells each seat's draws, deal and refusals
EVERY_SEAT = frozenset(range(4))


class Naming(Protocol):
    """How a line names the players and the tiles (the table's :class:`~mahjong_tui.ui.look.Look` is one)."""

    @property
    def names(self) -> Sequence[str]:
        """The players' names by seat: a player named inside a line (the dealer, the discarder)."""
        ...

    def label(self, seat: int) -> str:
        """The player a line is about: ``南 · Bob`` at the table, ``Bob`` in a record."""
        ...

    def word(self, tile: Tile) -> str:
        """One tile: ``五万`` or ``5m``."""
        ...

    def words(self, tiles: tuple[Tile, ...]) -> str:
        """A meld or a few tiles: ``二三四筒`` or ``234p``."""
        ...

    def hand_words(self, tiles: tuple[Tile, ...]) -> str:
        """A hand, suit by suit: ``三八万 二四四八筒 东东`` or ``38m2448p11z``."""
        ...


@dataclass(frozen=True, slots=True)
class Named:
    """A naming without a table: players by their names, tiles in notation (``5m``) or, for a Chinese line, by their
    Chinese names (``五万``)."""

    names: tuple[str, ...]
    chinese: bool = False

    def label(self, seat: int) -> str:
        """The player's name."""
        return self.names[seat]

    def word(self, tile: Tile) -> str:
        """``五万`` or ``5m``."""
        return tile_zh(tile) if self.chinese else tile_name(tile)

    def words(self, tiles: tuple[Tile, ...]) -> str:
        """``二三四筒`` or ``234p``."""
        return tiles_zh(tiles) if self.chinese else format_tiles(tiles)

    def hand_words(self, tiles: tuple[Tile, ...]) -> str:
        """``三八万 二四四八筒`` or ``38m2448p``."""
        return hand_zh(tiles) if self.chinese else format_tiles(tiles)


def dice_text(dice: tuple[int, ...]) -> str:
    """The dice as faces: ``⚂⚄``."""
    return "".join(DICE[d - 1] for d in dice)


_KIND_WORDS = {
    ActionKind.WIN: "win",
    ActionKind.PONG: "pong",
    ActionKind.CHI: "chi",
    ActionKind.KONG: "kong",
    ActionKind.CONCEALED_KONG: "concealed_kong",
    ActionKind.ADDED_KONG: "added_kong",
    ActionKind.PASS: "pass",
    ActionKind.DECLARE_INITIAL: "declare_initial",
    ActionKind.TAKE_HAIDI: "take_haidi",
    ActionKind.DISCARD: "discard",
}
_KONG_SUFFIX = {ActionKind.KONG: "", ActionKind.CONCEALED_KONG: "_concealed", ActionKind.ADDED_KONG: "_added"}
_NO_TILE = (ActionKind.PASS, ActionKind.DECLARE_INITIAL, ActionKind.TAKE_HAIDI)
_SPECIAL_KONGS = (KongMode.BUZHANG, KongMode.KAIGANG)


def action_title(action: Action, say: Catalogue, named: Callable[[tuple[Tile, ...]], str]) -> str:
    """A player's words for an action, its tiles as ``named`` names them: ``Pong 5m``, ``碰 五万``; a chi names its
    run (``Chi 345m``), a pass, a declaration and the 海底 name no tile."""
    kind = action.kind
    key = _KIND_WORDS.get(kind, "discard")
    tiles: tuple[Tile, ...] = (action.tile,) if action.tile is not None else ()
    if kind is ActionKind.CHI:
        tiles = tuple(sorted((*action.tiles, *tiles)))
    elif kind in _KONG_SUFFIX and action.mode in _SPECIAL_KONGS:
        key = f"{action.mode}{_KONG_SUFFIX[kind]}"
    elif kind in _NO_TILE:
        tiles = ()
    title = say(f"action.{key}")
    return f"{title} {named(tiles)}" if tiles else title


def said_by(action: Action | None, ev: Event) -> bool:
    """The event is what the action's own words say already: a discard's tile going to the river."""
    return action is not None and action.kind is ActionKind.DISCARD and isinstance(ev, TileDiscarded)


_VERBS = {MeldKind.CHI: "chi", MeldKind.PONG: "pong", MeldKind.KONG: "kong"}
_HOW = {"self_draw": "self_draw", "discard": "discard", "robbed_kong": "robbed_kong"}


@dataclass(frozen=True, slots=True)
class Teller:
    """Tells events as lines: in the words of ``say``, naming players and tiles as ``naming`` does, to readers who may
    see the private events of ``seats`` (their draws, their deal, a claim of theirs refused or beaten).

    ``wall``: each tile taken from the wall is told, every draw and each seat's deal (a record read line by line);
    without it only the draws from the tail are, as the table's log tells them beside the hands it shows.
    ``asides``: what the game says to one seat alone (why a claim of its was refused or beaten) is told; a record
    written for reading later leaves it out, since it addresses the player at the table ("you can't chi…").
    """

    say: Catalogue
    rules: Ruleset
    naming: Naming
    seats: frozenset[int]
    wall: bool = False
    asides: bool = True

    def line(self, ev: Event) -> str | None:
        """The line telling ``ev``, or None where it is not told (another seat's secret, or a tile the 开杠 line
        shows)."""
        t, who = self.say, self.naming.label
        if isinstance(ev, HandStarted):
            return self._started(ev)
        if isinstance(ev, TilesDealt):
            if self.wall and ev.seat in self.seats:
                return self._of(ev.seat, "dealt", hand=self.naming.hand_words(ev.tiles))
            return None
        if isinstance(ev, TileDiscarded):
            return self._of(ev.seat, "discards", tile=self.naming.word(ev.tile))
        if isinstance(ev, TileDrawn):
            return self._drawn(ev)
        if isinstance(ev, FlowerRevealed):
            return self._of(ev.seat, "flower", tile=self.naming.word(ev.tile))
        if isinstance(ev, MeldClaimed | KongDeclared):
            return self._melded(ev)
        if isinstance(ev, KaigangRevealed):
            tiles = " ".join(self.naming.word(x) for x in ev.tiles)
            return t("log.kaigang_revealed", who=who(ev.seat), dice=dice_text(ev.dice), tiles=tiles)
        if isinstance(ev, KaigangDiscarded):
            return self._of(ev.seat, "kaigang_discarded", tiles=" ".join(self.naming.word(x) for x in ev.tiles))
        if isinstance(ev, InitialWinsDeclared):
            types = self.types(ev.result.types)
            return self._of(ev.seat, "initial_wins", types=types, hand=self.naming.hand_words(ev.tiles))
        if isinstance(ev, HaidiOffered):
            return t("log.haidi_offered", who=who(ev.seat))
        if isinstance(ev, HaidiDeclined):
            return self._of(ev.seat, "haidi_declined")
        if isinstance(ev, HaidiTaken):
            return self._of(ev.seat, "takes_haidi")
        if isinstance(ev, BirdDrawn):
            return t("log.bird", tile=self.naming.word(ev.tile), who=who(ev.seat))
        if isinstance(ev, PlayerWon):
            how = _HOW.get(ev.context.win_by.value, "discard")
            return self._of(ev.seat, "won", how=t(f"log.how.{how}"))
        if isinstance(ev, HandEnded):
            return t("log.drawn") if ev.outcome is HandOutcome.DRAWN else t("log.hand_over")
        if isinstance(ev, GameEnded):
            return t("log.game_over", reason=self.reason(ev.reason))
        if isinstance(ev, OptionRefused | ClaimLost) and self.asides and ev.seat in self.seats:  # to that seat alone
            key = "log.refused" if isinstance(ev, OptionRefused) else "moment.claim_lost"
            return t(key, name=self.naming.names[ev.seat], reason=self.reason(ev.reason))
        return None

    def _of(self, seat: int, key: str, **values: object) -> str:
        """The line ``log.<key>`` about ``seat``; about a seat named "You" (a lesson's learner), in the second person
        (``log.you.<key>``: "You discard 5m", where the others' lines say "Lan discards 5m")."""
        you = self.naming.names[seat] == self.say("lesson.you")
        return self.say(f"log.you.{key}" if you else f"log.{key}", who=self.naming.label(seat), **values)

    def action(self, action: Action) -> str:
        """A player's words for ``action``, its tiles named as the lines name them."""
        return action_title(action, self.say, self.naming.words)

    def types(self, types: Sequence[str]) -> str:
        """Hand types by their names, one after another (the rule book's names, the Chinese first in English too)."""
        from mahjong_tui.book.rulebook import type_names  # the rule book's names (imported when a hand type is told)

        return self.say("hint.separator").join(self.say.words(type_names(self.rules, (x,))) for x in types)

    def reason(self, words: Words) -> str:
        """The engine's words in this language, each ``seat 2`` by the player's name."""
        return names_in(self.say.words(words), self.naming.names)

    def _started(self, ev: HandStarted) -> str:
        """The hand's first line: its dealer and dice, 荒番 where the rules count it, 开宝 when the dice make it."""
        t = self.say
        extra = t("log.huangfan", n=ev.huangfan) if self.rules.uses_huangfan else ""
        if self.rules.kaibao(ev.dice):
            extra += t("log.kaibao")
        dealer, dice = self.naming.names[ev.dealer], dice_text(ev.dice)
        return t("log.hand_started", hand=ev.hand_number, dealer=dealer, dice=dice, total=sum(ev.dice), extra=extra)

    def _drawn(self, ev: TileDrawn) -> str | None:
        """A draw: from the tail for its own seat, the 海底 for everyone (its tile for its own seat, where the wall
        is told), and a live draw where the wall is told. A 开杠 tile is told by the 开杠's own line."""
        seat, seen, tile = ev.seat, ev.seat in self.seats, self.naming.word(ev.tile)
        if ev.source is DrawSource.HAIDI:
            return (
                self._of(seat, "takes_haidi_tile", tile=tile) if self.wall and seen else self._of(seat, "takes_haidi")
            )
        if ev.source is DrawSource.TAIL and seen:
            return self._of(seat, "draws_tail", tile=tile)
        if ev.source is DrawSource.HEAD and self.wall and seen:
            return self._of(seat, "draws", tile=tile)
        return None

    def _melded(self, ev: MeldClaimed | KongDeclared) -> str:
        """A claimed meld (whose discard it took), or a kong from the seat's own hand (补张 and 开杠 by their names)."""
        t, who = self.say, self.naming.label(ev.seat)
        special = str(ev.mode) if ev.mode in _SPECIAL_KONGS else None
        if isinstance(ev, MeldClaimed):
            verb = t(f"log.verb.{special or _VERBS.get(ev.meld.kind, 'claim')}")
            source = self.naming.names[ev.from_seat]
            return t("log.claims", who=who, verb=verb, tiles=self.naming.words(ev.meld.tiles), source=source)
        what = special or ("concealed_kong" if ev.meld.kind is MeldKind.CONCEALED_KONG else "added_kong")
        return t("log.kong", who=who, what=t(f"log.verb.{what}"), tile=self.naming.word(ev.meld.first))
