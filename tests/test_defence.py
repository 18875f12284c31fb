"""The hard bot's defence said aloud: in its decision record, in the hint panel, in the review, in both languages.

One rigged Changsha hand (``mahjong_tui.testing.fixtures.defence_position``): everyone
throws what it draws, so the rivers are set tile by tile. After nine rounds the dealer (东,
seat 0, the person) is ready either way, holding 5p and 5s (two live of each). 南 threw 5p at
its first turn; 北 has just thrown 5s, after 南's and 西's last turns, so neither may win on it
before drawing (漏胡). 西 waits on 2p or 5p with 34p in hand. The plain choice throws 5p (the
looser tile); the hard bot throws 5s, and says so.
"""

from __future__ import annotations

import pytest
from support import play
from test_ui_learning import HINTS, panel_text, text_of
from textual.widgets import Static
from ui_support import press, settle, showing, table_of

from bots import create_bot
from bots.hard import HardBot
from mahjong_tui.engine import (
    Action,
    ActionKind,
    Game,
    Phase,
    SeatView,
    Stop,
    Words,
    parse_tile,
    parse_tiles,
    play_until_decision,
    seat_view,
    tile_name,
)
from mahjong_tui.i18n import catalogue
from mahjong_tui.learn.danger import defence_choice, defence_for_view, safer_than
from mahjong_tui.learn.hints import analyse, hint_for_view
from mahjong_tui.learn.review import review_hand
from mahjong_tui.testing.fixtures import DEFENCE_DRAWS, DEFENCE_HANDS, defence_position, demo_app
from mahjong_tui.ui.screens.hand_end import HandEndScreen
from mahjong_tui.ui.screens.review import ReviewScreen
from mahjong_tui.ui.widgets.hand import hand_tiles
from mahjong_tui.ui.widgets.hint_panel import advise

P5, S5 = parse_tile("5p"), parse_tile("5s")

SAFE_EN = "5s is safe against the previous player (北): it threw one itself"
FEED_EN = "5p may feed the player opposite (西): "
SAFE_ZH = "五条对北家（上家）安全（它自己打过这张）"
FEED_ZH = "五筒可能放炮给西家（对家），机会 "


def position(hands: tuple[str, str, str, str] = DEFENCE_HANDS) -> Game:
    """The hand at the dealer's tenth turn, 5s just drawn."""
    game = defence_position(hands)
    draws = parse_tiles(DEFENCE_DRAWS)
    assert (draws[0], draws[31], draws[34], draws[35]) == (P5, P5, S5, S5)
    assert game.hand.current == 0 and game.hand.players[0].counts[P5] == game.hand.players[0].counts[S5] == 1
    return game


def said(words: Words) -> None:
    """The sentence names the safe tile and whom it is safe against, the tile it would feed, whom, and the wait."""
    assert words.en.startswith(f"{SAFE_EN}; {FEED_EN}") and words.en.endswith("%, most likely a 2-5p wait")
    assert words.zh.startswith(f"{SAFE_ZH}；{FEED_ZH}") and words.zh.endswith("%，多半是听二五筒两面")


def test_the_hard_bot_throws_the_passed_tile_and_says_why_in_both_languages() -> None:
    """Normal throws 5p; hard throws 5s, and its record says why in English and Chinese."""
    view = seat_view(position().hand, 0)
    assert create_bot("normal", 0, 1).choose(view).tile == P5
    hard = HardBot(0, 1)
    assert hard.choose(view).tile == S5
    assert hard.last_defence is not None
    said(hard.last_defence)
    assert hard.last_defence.en in hard.last_reason
    quiet = Game("changsha", 3).hand  # nobody has thrown a tile yet: every decision starts without a defence
    hard.choose(seat_view(quiet, quiet.current))
    assert hard.last_defence is None


def test_the_panel_sentence_is_read_from_the_seats_own_view_only() -> None:
    """The same sentence whoever holds which concealed tiles; none outside the seat's turn or at a quiet table."""
    game = position()
    view = seat_view(game.hand, 0)
    words = defence_for_view(view)
    assert words is not None
    said(words)
    east, south, west, north = DEFENCE_HANDS
    swapped = position((east, south, north, west))  # 西 and 北 swap hands, the rivers stay
    assert defence_for_view(seat_view(swapped.hand, 0)) == words
    assert defence_for_view(seat_view(game.hand, 2)) is None  # not 西's turn
    quiet = Game("changsha", 3).hand
    assert defence_for_view(seat_view(quiet, quiet.current)) is None  # nobody has thrown a tile yet


def test_the_review_says_what_the_reading_said_where_the_discard_dealt_in() -> None:
    """The dealer throws 5p and 西 wins on it: the review names 5s, why, then the deal-in, at the same action."""
    game = position()
    found = safer_than(seat_view(game.hand, 0), P5)
    assert found is not None and found.tile == S5 and found.telling
    play(game.hand, "0 discard 5p", "2 win")
    assert game.hand.over
    moments = review_hand(game, 1, 0).moments
    kinds = [m.kind for m in moments]
    at = kinds.index("dealt_in")
    assert kinds[at - 1] == "defence" and moments[at - 1].index == moments[at].index - 1  # the discard, then the win
    defence = moments[at - 1].text
    assert defence.en.startswith(f"you discarded 5p; reading the table, the hard bot would throw 5s: {SAFE_EN}; ")
    assert defence.zh.startswith(f"你打了五筒；困难级电脑读牌会打五条：{SAFE_ZH}；{FEED_ZH}")
    assert kinds.count("defence") == 1


def test_no_defence_moment_where_the_player_threw_the_safe_tile() -> None:
    """Throwing 5s, as the reading would, is no moment; the reading has nothing safer than 5s either."""
    game = position()
    assert safer_than(seat_view(game.hand, 0), S5) is None
    play(game.hand, "0 discard 5s")
    assert "defence" not in [m.kind for m in review_hand(game, 1, 0).moments]


def test_the_suggestion_follows_the_safer_discard_and_the_review_agrees() -> None:
    """While the hard bot would defend, the panel's ★ is its tile (5s), said by what it leaves; following it
    is neither a defence moment nor a discard moment in the review, though the plain choice was 5p."""
    game = position()
    view = seat_view(game.hand, 0)
    advice = advise(view)
    assert advice.hint.suggest == S5 and advice.defence is not None
    assert advice.hint.why.en.startswith("discard 5s: it leaves the hand ready")
    assert advice.hint.why.zh.startswith("打五条：")
    assert hint_for_view(view).suggest == S5  # the table's hint is the hard bot's choice, with its defence
    plain = analyse(view.ruleset, view.counts, view.melds[0], (), view.outside)
    assert plain.suggest == P5  # a hand typed in (the `hint` command) has no table to defend against
    quiet = Game("changsha", 3).hand
    assert advise(seat_view(quiet, quiet.current)).defence is None
    play(game.hand, "0 discard 5s")
    at = len(game.actions[0])
    assert [m for m in review_hand(game, 1, 0).moments if m.index == at] == []


def compact(text: str) -> str:
    """Text without the line breaks and spaces a narrow panel puts in."""
    return "".join(text.split())


@pytest.mark.parametrize("language", ["en", "zh", "both"])
@pytest.mark.parametrize("size", [(120, 36), (80, 24)])
async def test_the_panel_shows_the_defence_and_the_review_its_moment(language: str, size: tuple[int, int]) -> None:
    """The panel's defence line in each language at both sizes; after the deal-in, the review's moment."""
    app = demo_app(position(), learning=HINTS, language=language)
    say = catalogue(language)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, lambda: table_of(app).actor == 0)
        table = table_of(app)
        view: SeatView = app.driver.seat_view(0)  # type: ignore[union-attr]
        words = defence_for_view(view)
        assert words is not None
        shown = compact(panel_text(app))
        assert compact(say("hint.defence") + table.look().told(words)) in shown
        suggestion = advise(view).hint.why
        assert compact("★" + table.look().told(suggestion)) in shown
        if language == "zh":
            assert "北家（上家）" in shown and "西家（对家）" in shown and "is safe" not in shown
        tiles = hand_tiles(table.look(), 0)
        await press(pilot, str(tiles.index(P5) + 1), "enter")
        await settle(pilot, showing(app, HandEndScreen))
        assert list(app.driver.game.hand.winners) == [2]  # type: ignore[union-attr]
        await press(pilot, "v")
        await settle(pilot, showing(app, ReviewScreen))
        body = compact(text_of(app.screen.query_one("#review-body", Static).content))
        review = app.driver.review(0)  # type: ignore[union-attr]
        moment = next(m for m in review.moments if m.kind == "defence")
        label = say("review.moment", kind=say("review.kind.defence"))
        assert compact(label + table.look().told(moment.text)) in body


def test_following_the_safer_discard_is_no_discard_moment_though_it_keeps_fewer_tiles() -> None:
    """Changsha seed 5, four hard bots: at seat 0's decision after 26 actions the reading defends with a
    tile that keeps fewer helpful tiles than the plain suggestion. The review does not hold that against it."""
    game = Game("changsha", 5)
    bots = {s: create_bot("hard", s, 5) for s in range(4)}
    halt = play_until_decision(game, bots, pause=lambda seat, _: seat == 0 and len(game.actions[0]) == 26)
    assert halt.why is Stop.PAUSED
    view = seat_view(game.hand, 0)
    found = defence_choice(view)
    assert found is not None
    hint = hint_for_view(view)
    plain = analyse(view.ruleset, view.counts, view.melds[0], (), view.outside).suggest
    kept = {d.tile: d.acceptance for d in hint.discards}
    assert found[0] == hint.suggest != plain and kept[found[0]] < kept[plain]
    game.apply(Action(0, ActionKind.DISCARD, found[0]))
    assert [m for m in review_hand(game, 1, 0).moments if m.index == 27] == []


def test_the_defence_line_names_the_safer_tile_as_its_mark_does() -> None:
    """One wording for a tile: where the hard bot takes a safer discard, the line calls it safe, a low or a high
    risk exactly as the mark on the hand (✓ △ ▲) does — never "safe" beside ▲."""
    words = {"safe": " is safe against ", "low": " is a low risk against ", "high": " is a high risk too"}
    checked = 0
    for rules_name in ("changsha", "shanghai"):
        for seed in range(3):
            game = Game(rules_name, 60 + seed)
            bots = {s: create_bot("hard", s, seed) for s in range(4)}
            kept: list[SeatView] = []

            def keep(seat: int, _action: object, kept: list[SeatView] = kept, game: Game = game) -> bool:
                view = seat_view(game.hand, seat)
                if view.phase is Phase.TURN:
                    kept.append(view)
                return False

            play_until_decision(game, bots, pause=keep)
            for view in kept:
                advice = advise(view)
                if advice.defence is None or not advice.dangers or advice.hint.suggest is None:
                    continue
                mark = advice.danger(advice.hint.suggest)
                assert mark is not None
                name = tile_name(advice.hint.suggest)
                assert f"{name}{words[mark.level]}" in advice.defence.en, (mark.level, advice.defence.en)
                checked += 1
    assert checked >= 3


def test_the_threatening_player_s_own_last_tile_is_never_held_against_the_player() -> None:
    """The review: a discard of the tile an opponent close to ready has just let go itself (or one marked safe)
    is excused, whatever the suggestion was."""
    from mahjong_tui.learn.danger import dangers, excused, near_ready

    game = position()
    view = seat_view(game.hand, 0)
    near = near_ready(view)
    assert near
    for t in range(34):
        if not view.counts[t]:
            continue
        own_last = any(view.rivers[o] and view.rivers[o][-1].tile == t for o in near)
        marked_safe = any(d.tile == t and d.level == "safe" for d in dangers(view))
        assert excused(view, t) == (own_last or marked_safe)
    assert excused(view, S5) and not excused(view, P5)
