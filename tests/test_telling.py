"""Events told as lines: every event the engine emits has its line, or is silent on purpose, in every language; the
table's log keeps each seat's secrets; the export tells every draw."""

from __future__ import annotations

import re
from functools import cache

import pytest

from mahjong_tui.engine import (
    BirdDrawn,
    ClaimLost,
    DrawSource,
    Event,
    FlowerRevealed,
    Game,
    GameEnded,
    GameOptions,
    HaidiOffered,
    HaidiTaken,
    HandEnded,
    HandStarted,
    InitialWinsDeclared,
    KaigangDiscarded,
    KaigangRevealed,
    KongDeclared,
    KongMode,
    MeldClaimed,
    OptionRefused,
    PlayerWon,
    TileDiscarded,
    TileDrawn,
    TilesDealt,
    seen_events,
)
from mahjong_tui.i18n import LANGUAGES, catalogue
from mahjong_tui.keep.export import export_text
from mahjong_tui.keep.saves import SavedGame, Seat, Table
from mahjong_tui.telling import EVERY_SEAT, Named, Teller
from mahjong_tui.testing.fixtures import kaigang_prompt, play_until

PRESETS = ("shanghai", "shanghai-qq", "shanghai-lezi", "changsha")
SEEDS = (1, 2, 15)
NAMES = ("Alice", "小明", "Lan", "Hao")
#: the kinds of event every preset's games show, and those of each preset
SHOWN = {HandStarted, TilesDealt, TileDrawn, TileDiscarded, MeldClaimed, PlayerWon, HandEnded, GameEnded}
SHOWN_IN = dict.fromkeys(PRESETS[:3], {FlowerRevealed, KongDeclared, OptionRefused}) | {
    "changsha": {BirdDrawn, InitialWinsDeclared, KaigangRevealed, KaigangDiscarded, HaidiOffered}
}
#: a ``{field}`` of a text left as it was
UNFILLED = re.compile(r"\{\w*\}")


@cache
def played(rules: str, seed: int) -> Game:
    """Demo players through a game of two hands."""
    game = Game(rules, seed, GameOptions(max_hands=2))
    play_until(game, lambda _game: False)
    return game


@cache
def kaigang_played() -> Game:
    """A Changsha hand in which seat 0 opens a kong with 开杠, played to its end."""
    game = kaigang_prompt()
    game.apply(next(a for a in game.legal_actions(0) if a.mode is KongMode.KAIGANG))
    play_until(game, lambda g: g.hand_number > 1)
    return game


def games(rules: str) -> list[Game]:
    """The games played under ``rules`` (Changsha's with a 开杠 too)."""
    return [played(rules, seed) for seed in SEEDS] + ([kaigang_played()] if rules == "changsha" else [])


def face_up(game: Game, language: str) -> Teller:
    """A teller for a reader who sees every seat and every tile taken from the wall, as the export is told."""
    return Teller(catalogue(language), game.rules, Named(NAMES, chinese=language != "en"), EVERY_SEAT, wall=True)


def silent_on_purpose(ev: Event) -> bool:
    """A 开杠 tile: the 开杠's own line shows the tiles its dice turn up."""
    return isinstance(ev, TileDrawn) and ev.source is DrawSource.KAIGANG


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("rules", PRESETS)
def test_every_event_has_its_line_in_every_language(rules: str, language: str) -> None:
    """Face up, every event is told but a 开杠 tile (its own line shows it), every field filled; the log of each seat
    and every action's words too."""
    kinds: set[type[Event]] = set()
    for game in games(rules):
        teller = face_up(game, language)
        logs = [Teller(teller.say, game.rules, teller.naming, frozenset({s})) for s in range(4)]
        for ev in game.events:
            kinds.add(type(ev))
            line = teller.line(ev)
            assert (line is None) == silent_on_purpose(ev), ev
            for told in [line, *(log.line(ev) for log in logs)]:
                assert told is None or (told.strip() and not UNFILLED.search(told)), (ev, told)
        for action in (a for hand in game.actions for a in hand):
            said = teller.action(action)
            assert said.strip() and not UNFILLED.search(said), (action, said)
    assert SHOWN | SHOWN_IN[rules] <= kinds, (SHOWN | SHOWN_IN[rules]) - kinds


@pytest.mark.parametrize("rules", PRESETS)
def test_the_log_never_tells_another_seats_concealed_tile(rules: str) -> None:
    """Read by one seat, the log tells neither another seat's deal, nor the tile it draws, nor what was refused it;
    it tells the seat its own draws from the tail."""
    own_tail_draws = 0
    for game in games(rules):
        for seat in range(4):
            log = Teller(catalogue("en"), game.rules, Named(NAMES), frozenset({seat}))
            for ev in game.events:
                line = log.line(ev)
                mine = getattr(ev, "seat", seat) == seat
                if isinstance(ev, TilesDealt | OptionRefused | ClaimLost) and not mine:
                    assert line is None, ev
                elif isinstance(ev, TileDrawn) and not mine:
                    assert line is None or log.naming.word(ev.tile) not in line, (ev, line)
                elif isinstance(ev, TileDrawn) and ev.source is DrawSource.TAIL:
                    assert line is not None and log.naming.word(ev.tile) in line, ev
                    own_tail_draws += 1
    assert own_tail_draws  # a flower or a kong is replaced from the tail


def draw_pattern(language: str) -> re.Pattern[str]:
    """A draw as the catalogue says it (from the wall, the tail, the 海底), anyone drawing any tile."""
    texts = [catalogue(language).text(f"log.{key}") for key in ("draws", "draws_tail", "takes_haidi_tile")]
    fields = {re.escape("{who}"): ".+", re.escape("{tile}"): r"\S+"}
    escaped = [re.escape(text) for text in texts]
    for field, pattern in fields.items():
        escaped = [text.replace(field, pattern) for text in escaped]
    return re.compile("|".join(escaped))


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("rules", PRESETS)
def test_the_export_tells_every_draw(rules: str, language: str) -> None:
    """Each tile anyone takes from the wall is told once in the export, at the deal or after the action before it."""
    game = played(rules, SEEDS[0])
    seats = Table((Seat(NAMES[0]), Seat(NAMES[1], "easy"), Seat(NAMES[2], "normal"), Seat(NAMES[3], "hard")))
    text = export_text(SavedGame(game, seats), language)
    assert not UNFILLED.search(text)
    separator, pattern = catalogue(language)("export.separator"), draw_pattern(language)
    told = [
        item
        for line in text.splitlines()
        for part in line.strip().split(" → ")
        for item in part.split(separator)
        if pattern.fullmatch(item)
    ]
    drawn = [ev for ev in game.events if isinstance(ev, TileDrawn) and not silent_on_purpose(ev)]
    assert len(told) == len(drawn) > 0


def test_the_export_leaves_out_what_was_said_to_one_seat_alone() -> None:
    """A record is read later, by anyone: the words the table said to one seat ("you can't chi…") are not in it,
    while the log read by that seat tells them."""
    from mahjong_tui.engine import Words

    refused = OptionRefused(seat=1, kind="chi", tile=None, reason=Words("you can't chi: a test", "不能吃：测试"))
    named = Named(["A", "B", "C", "D"], chinese=False)
    rules = Game("shanghai", 1).rules
    assert Teller(catalogue("en"), rules, named, EVERY_SEAT, wall=True, asides=False).line(refused) is None
    told = Teller(catalogue("en"), rules, named, frozenset({1})).line(refused)
    assert told is not None and "you can't chi" in told


@pytest.mark.parametrize("rules", PRESETS)
def test_a_remote_seat_reads_the_log_a_seat_at_the_table_reads(rules: str) -> None:
    """What a remote seat is sent (``seen_events``) is told line for line as the table tells that seat the whole
    record: another seat taking the 海底 included, and no tile of another seat's draw."""
    haidi_by_others = 0
    for game in games(rules):
        for seat in range(4):
            log = Teller(catalogue("en"), game.rules, Named(NAMES), frozenset({seat}))
            at_table = [line for ev in game.events if (line := log.line(ev)) is not None]
            sent = seen_events(game.events, seat)
            assert [line for ev in sent if (line := log.line(ev)) is not None] == at_table
            haidi_by_others += sum(isinstance(ev, HaidiTaken) for ev in sent)
    assert haidi_by_others or rules != "changsha"  # a Changsha game in which another seat took the 海底


#: a line in which the seat named "You" does something with a verb of the third person ("You discards")
YOU_THIRD_PERSON = re.compile(r"\bYou (?:[^\x00-\x7f]+ )*(?:is|[a-z]+s)\b")


@pytest.mark.parametrize("language", ["en", "both"])
@pytest.mark.parametrize("rules", PRESETS)
def test_the_seat_named_you_is_told_in_the_second_person(rules: str, language: str) -> None:
    """A lesson's learner is named "You": the log says "You discard", "You draw", "You win", never "You discards";
    the other seats keep their "-s"."""
    say = catalogue(language)
    you = say("lesson.you")
    for game in games(rules):
        teller = Teller(
            say, game.rules, Named((you, "Mei", "Jun", "Lan"), chinese=language != "en"), EVERY_SEAT, wall=True
        )
        lines = [line for ev in game.events if (line := teller.line(ev)) is not None]
        yours = [line for line in lines if line.startswith(f"{you} ")]
        assert yours and not [line for line in yours if YOU_THIRD_PERSON.search(line)]
        assert any(re.search(r"\bYou (?:[^\x00-\x7f]+ )*discard\b", line) for line in yours)
        assert any(re.search(r"\bMei (?:[^\x00-\x7f]+ )*discards\b", line) for line in lines)
