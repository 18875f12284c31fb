"""Every reason the engine gives a player is in English and in Chinese (``Words``).

Refusals at the table, claims beaten, the end of a game, illegal moves, a hand that is not
a win, the hints and the review: each carries both, so the table can speak either language.
"""

from __future__ import annotations

import pickle
import re

import pytest

from bots import create_bot
from mahjong_tui.engine import Action, ActionKind, Game, GameOptions, IllegalAction, SeatView, play_until_decision
from mahjong_tui.engine.events import ClaimLost, GameEnded, OptionRefused
from mahjong_tui.engine.registry import resolve
from mahjong_tui.engine.scoring import LineKind, ScoreLine, ScoreResult
from mahjong_tui.engine.tiles import counts_of, parse_tiles
from mahjong_tui.engine.words import Words, saying
from mahjong_tui.learn.hints import analyse
from mahjong_tui.learn.review import review_hand
from mahjong_tui.net.wire import encode_result

CJK = re.compile(r"[\u4e00-\u9fff]")


def bilingual(words: Words) -> bool:
    """English that is not Chinese, and Chinese that is."""
    return bool(words.en) and bool(CJK.search(words.zh)) and words.zh != words.en


class Recording:
    """A bot that also keeps every refusal its seat was shown."""

    def __init__(self, seat: int, seed: int) -> None:
        self.bot = create_bot("normal", seat, seed)
        self.seen: list[Words] = []

    def choose(self, view: SeatView) -> Action:
        self.seen.extend(r.reason for r in view.refusals)
        return self.bot.choose(view)


@pytest.mark.parametrize("preset", ["shanghai", "shanghai-lezi", "changsha"])
def test_every_reason_at_the_table_is_in_both_languages(preset: str) -> None:
    """Refusals, beaten claims and the game's end, over bot games: each reason has its Chinese."""
    reasons: list[Words] = []
    events: list[object] = []
    for seed in range(1, 5):
        game = Game(preset, seed=seed, options=GameOptions(max_hands=3))
        players = {s: Recording(s, seed) for s in range(4)}
        while not game.over:
            play_until_decision(game, players, observe=lambda m: events.extend(m.events))
            if not game.over:
                game.next_hand()
        reasons += [p for r in players.values() for p in r.seen]
        reasons += [e.reason for e in events if isinstance(e, OptionRefused | ClaimLost | GameEnded)]
        reasons.append(game.end_reason)
    assert len(reasons) > 12
    assert all(isinstance(r, Words) and bilingual(r) for r in reasons), [r for r in reasons if not bilingual(r)]


def test_an_illegal_move_says_why_in_both_languages() -> None:
    """An illegal action's message is English (``str``) with the Chinese beside it."""
    game = Game("shanghai", seed=1)
    seat = game.hand.current
    other = (seat + 1) % 4
    held = game.legal_actions(seat)[0].tile
    attempts = [
        Action(other, ActionKind.DISCARD, held),  # not your turn
        Action(seat, ActionKind.PONG, held),  # nothing to claim
        Action(seat, ActionKind.PASS),  # nothing to pass
        Action(seat, ActionKind.DISCARD, next(t for t in range(34) if not game.hand.players[seat].counts[t])),
    ]
    for action in attempts:
        with pytest.raises(IllegalAction) as info:
            game.apply(action)
        assert str(info.value) == info.value.words.en and bilingual(info.value.words), action


def test_a_hand_that_is_not_a_win_says_why_in_both_languages() -> None:
    """Not a win, in every rule set: the reason in both languages."""
    for preset, tiles in (("shanghai", "123m456p789s234m5p5p"), ("changsha", "123m456p789s234m6p6p")):
        hint = analyse(resolve(preset), counts_of(parse_tiles(tiles[:-2])), ())
        assert hint.waits and all(bilingual(w.why) for w in hint.waits if not w.qualifies)
        assert bilingual(hint.why) and bilingual(hint.heading)


def test_hints_and_the_review_speak_both_languages() -> None:
    """A discard hint and a whole hand's review, in both languages."""
    hint = analyse(resolve("changsha"), counts_of(parse_tiles("123m456p789s22m5p9s1m")), ())
    assert hint.suggest is not None and bilingual(hint.why)
    game = Game("changsha", seed=2, options=GameOptions(max_hands=1))
    bots = {s: create_bot("normal", s, 2) for s in range(4)}
    play_until_decision(game, bots)
    for seat in range(4):
        review = review_hand(game, 1, seat)
        assert bilingual(review.end) and all(bilingual(m.text) for m in review.moments)


def test_a_count_agrees_with_its_words() -> None:
    """``1 game`` and ``3 games``; words whose plural is not an added s are given both ways."""
    from mahjong_tui.engine import counted

    assert [counted(1, "game"), counted(3, "game"), counted(0, "hand")] == ["1 game", "3 games", "0 hands"]
    assert counted(1, "tile helps", "tiles help") == "1 tile helps"
    assert counted(2, "tile helps", "tiles help") == "2 tiles help"


def test_a_score_line_said_when_read_is_the_line_said_at_once() -> None:
    """A line made with a saying (as scoring makes its lines: few are ever read) reads, compares, hashes, pickles
    and goes over the wire as the line made with the same words said at once; a saying in a saying is said first."""
    words = saying("words.listed", items=saying("hand_value.lezi", n=2), last=Words("花", "花"))

    def later() -> ScoreLine:
        return ScoreLine.of(LineKind.NOTE, words, 2, "lezi", 1)

    now = ScoreLine(LineKind.NOTE, "2 lezi and 花", "2 勒子、花", 2, "lezi", 1)
    assert ScoreLine.of(LineKind.NOTE, words.words(), 2, "lezi", 1) == now
    assert later().en == now.en and later().zh == now.zh and later().text() == now.text()
    assert later() == now and hash(later()) == hash(now) and repr(later()) == repr(now)
    assert pickle.loads(pickle.dumps(later())) == now
    assert encode_result(ScoreResult(valid=True, lines=(later(),))) == encode_result(
        ScoreResult(valid=True, lines=(now,))
    )
    with pytest.raises(AttributeError):
        later().no_such_field  # noqa: B018
