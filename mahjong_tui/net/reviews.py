"""A person's review of a hand, as the table server sends it to that person's seat at the hand's end.

The review is made on the server (:func:`mahjong_tui.learn.review.review_hand`), which has
the whole hand, when the seat asks for it; it is made from that seat's own views at its
decisions, and tells only what that seat could see. :func:`review_message` is what is sent; :func:`read_review`
rebuilds it at the client, strictly (a malformed review is a WireError, as a malformed view is).
"""

from __future__ import annotations

from typing import Any

from mahjong_tui.engine import Words
from mahjong_tui.engine.tiles import NUM_TILE_IDS
from mahjong_tui.learn.review import EndWait, Moment, Review

from .wire import WireError

KINDS = frozenset({"discard", "defence", "passed_win", "dealt_in", "claim", "declined", "won"})


def review_message(review: Review) -> dict[str, object]:
    """The review message of ``review``."""
    return {
        "type": "review",
        "seat": review.seat,
        "hand": review.hand_number,
        "end": [review.end.en, review.end.zh],
        "waits": [[w.tile, w.left, w.qualifies] for w in review.waits],
        "moments": [[m.index, m.kind, m.text.en, m.text.zh] for m in review.moments],
    }


def read_review(message: dict[str, Any]) -> Review:
    """The review a review message carries; WireError says what is wrong with it."""
    try:
        seat, hand = message["seat"], message["hand"]
        end = _words(message["end"])
        waits = tuple(_wait(w) for w in message["waits"])
        moments = tuple(_moment(m) for m in message["moments"])
    except (KeyError, TypeError, ValueError) as e:
        raise WireError(f"review: {e}") from None
    if not (isinstance(seat, int) and 0 <= seat <= 3 and isinstance(hand, int) and hand >= 1):
        raise WireError("review: a seat 0..3 and a hand from 1")
    return Review(seat, hand, end, waits, moments)


def _words(data: object) -> Words:
    """Words from ``[en, zh]``."""
    if not (isinstance(data, list) and len(data) == 2 and all(isinstance(x, str) for x in data)):
        raise ValueError("words are [English, Chinese]")
    return Words(data[0], data[1])


def _wait(data: object) -> EndWait:
    """A wait from ``[tile, left, qualifies]``."""
    if not (isinstance(data, list) and len(data) == 3):
        raise ValueError("a wait is [tile, left, qualifies]")
    tile, left, qualifies = data
    if not (
        isinstance(tile, int) and 0 <= tile < NUM_TILE_IDS and isinstance(left, int) and isinstance(qualifies, bool)
    ):
        raise ValueError("a wait is [tile, left, qualifies]")
    return EndWait(tile, left, qualifies)


def _moment(data: object) -> Moment:
    """A moment from ``[index, kind, en, zh]``."""
    if not (isinstance(data, list) and len(data) == 4 and isinstance(data[0], int) and data[1] in KINDS):
        raise ValueError("a moment is [index, kind, English, Chinese]")
    return Moment(data[0], data[1], _words(data[2:]))
