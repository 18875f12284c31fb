"""The review after a hand: the moments that mattered, named for the player who lived them."""

from __future__ import annotations

from support import fill_hands, find

from mahjong_tui.engine import Game, RiggedDeal, tile_name
from mahjong_tui.learn.review import review_hand

WAIT = "123m456m7m7m1z1z1z5z5z"  # 混一色, waiting on 5z or 7m


def rigged_game() -> Game:
    """Seat 2 passes a win on 5z, then wins on seat 3's 7m."""
    hands = fill_hands(["5z", "", WAIT, "7m"], reserve="9s8s9p")
    game = Game("shanghai", 1, rigged=RiggedDeal((hands[0], hands[1], hands[2], hands[3]), draws="9s8s9p"))
    for step in ("0 discard 5z", "2 pass", "1 discard 9s", "2 discard 8s", "3 discard 7m", "2 win"):
        game.apply(find(game.hand, step))
    assert game.hand.over
    return game


def test_the_review_names_a_passed_win_and_the_win() -> None:
    """Seat 2's review: the win passed on 5z, then the win."""
    review = review_hand(rigged_game(), 1, 2)
    kinds = [m.kind for m in review.moments]
    assert "passed_win" in kinds and kinds[-1] == "won"
    passed = next(m for m in review.moments if m.kind == "passed_win")
    assert "passed a win on 5z" in passed.text.en
    assert review.end.en == "you won this hand"


def test_the_review_names_the_tile_dealt_in_and_whose_wait_it_was() -> None:
    """Seat 3's review: it dealt in 7m to seat 2, who waited on 5z and 7m, and what it cost."""
    review = review_hand(rigged_game(), 1, 3)
    dealt = [m for m in review.moments if m.kind == "dealt_in"]
    assert len(dealt) == 1
    assert "dealt in 7m to seat 2" in dealt[0].text.en and "waited on 7m, 5z" in dealt[0].text.en
    assert "cost you" in dealt[0].text.en and "ended" in review.end.en


def test_the_review_names_a_claim_let_go_that_the_suggestion_took() -> None:
    """Seat 2 lets a pong of 5z go where the hint's play pongs it: named; a win passed is named as that alone."""
    hands = fill_hands(["5z", "", "123m456m789m5z5z1z", ""], reserve="9s8s9p")
    game = Game("shanghai", 1, rigged=RiggedDeal((hands[0], hands[1], hands[2], hands[3]), draws="9s8s9p"))
    game.apply(find(game.hand, "0 discard 5z"))
    game.apply(find(game.hand, "2 pass"))
    review = review_hand(game, 1, 2)
    (declined,) = [m for m in review.moments if m.kind == "declined"]
    assert declined.text.en == "you let 5z go: the suggestion was to pong it"
    assert declined.text.zh == "你没要白：提示是碰"
    kinds = [m.kind for m in review_hand(rigged_game(), 1, 2).moments]
    assert "declined" not in kinds and "passed_win" in kinds


def test_a_discard_the_suggestion_beat_is_named_with_what_it_cost() -> None:
    """A discard that left the hand further from ready than the suggestion is named with both."""
    hands = fill_hands(["123m456m789m1p2p5z", "", "", ""])
    game = Game("shanghai", 1, rigged=RiggedDeal((hands[0], hands[1], hands[2], hands[3])))
    game.apply(find(game.hand, "0 discard 5m"))  # breaks a finished sequence
    review = review_hand(game, 1, 0)
    moment = next(m for m in review.moments if m.kind == "discard")
    assert "you discarded 5m" in moment.text.en


def test_the_end_of_the_review_counts_the_waits_the_seat_could_see() -> None:
    """A hand that ends with the player ready: each wait's copies left are those the hint panel counted from the
    seat's own view at the end (the rivers and melds it saw), not the whole set."""
    from bots import create_bot
    from mahjong_tui.engine import GameOptions, play_until_decision, seat_view
    from mahjong_tui.learn.hints import hint_for_view

    checked = 0
    for seed in range(40):
        game = Game("changsha", 300 + seed, GameOptions(max_hands=1))
        play_until_decision(game, {s: create_bot("normal", s, seed) for s in range(4)})
        hand = game.hand
        for seat in range(4):
            if seat in hand.winners:
                continue
            panel = hint_for_view(seat_view(hand, seat))
            waits = [w for w in panel.waits if w.qualifies]
            if not waits:
                continue
            end = review_hand(game, 1, seat).end.en
            shown = ", ".join(f"{tile_name(w.tile)} ({w.left} left)" for w in waits)
            assert f"waiting on {shown}" in end, end
            checked += 1
        if checked >= 3:
            break
    assert checked >= 3


def test_a_claim_beaten_by_another_is_named_as_asked_and_why_it_did_not_stand() -> None:
    """Seat 1 asks to chi seat 0's 3m, seat 2 pongs it: seat 1's review says the chi was asked for and why seat 2's
    pong took the tile instead, never that seat 1 took it; seat 2's says it took the pong."""
    hands = fill_hands(["3m", "1m2m", "3m3m", ""], reserve="9s8s9p")
    game = Game("shanghai", 1, rigged=RiggedDeal((hands[0], hands[1], hands[2], hands[3]), draws="9s8s9p"))
    for step in ("0 discard 3m", "1 chi 3m", "2 pong 3m"):
        game.apply(find(game.hand, step))
    (asked,) = [m for m in review_hand(game, 1, 1).moments if m.kind == "claim"]
    assert asked.text.en == (
        "you asked to take chi 3m with 12m from seat 0, but seat 2's pong takes the discard, not your chi: "
        "a pong or kong beats a chi"
    )
    assert asked.text.zh.startswith("你想从") and "碰、杠优先于吃" in asked.text.zh
    (took,) = [m for m in review_hand(game, 1, 2).moments if m.kind == "claim"]
    assert took.text.en.startswith("you took pong 3m")
