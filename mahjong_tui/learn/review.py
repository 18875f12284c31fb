"""The review after a hand: how one player's hand ended, and the moments of the hand that mattered.

The hand is replayed from the game's record, action by action. At each of the player's
decisions the hint is worked out from what the player could see then, so the review says
what a learner can act on: a discard where the suggestion kept more tiles that help, a
discard the hard bot's reading of the table would have kept for a safer one (while an
opponent looked close to ready, or when the discard dealt in), a win passed, the tile dealt
in and whose wait it was, the claims taken and declined.
"""

from __future__ import annotations

from dataclasses import dataclass

from mahjong_tui.book.rulebook import type_names
from mahjong_tui.engine import (
    Action,
    ActionKind,
    ClaimLost,
    Game,
    HandEnded,
    Phase,
    PlayerWon,
    SeatView,
    seat_view,
)
from mahjong_tui.engine.actions import KIND_WORDS
from mahjong_tui.engine.tiles import Tile, counts_of
from mahjong_tui.engine.words import Words, said
from mahjong_tui.learn.danger import Defence, excused, safer_than
from mahjong_tui.learn.hint_words import joined, tile_words, tiles_words
from mahjong_tui.learn.hints import DiscardHint, analyse, hint_for_view, steps, suggested_answer


@dataclass(frozen=True, slots=True)
class Moment:
    """One moment that mattered: the action's number in the hand, what kind of moment, one line."""

    index: int
    kind: str  # "discard", "defence", "passed_win", "dealt_in", "claim", "declined", "won"
    text: Words


@dataclass(frozen=True, slots=True)
class EndWait:
    """A tile the player's hand waited on at the end: copies left, and whether a win on it was allowed."""

    tile: Tile
    left: int
    qualifies: bool


@dataclass(frozen=True, slots=True)
class Review:
    """One player's review of one hand."""

    seat: int
    hand_number: int
    end: Words  # how the hand ended for the player: won, or steps to ready and waits
    waits: tuple[EndWait, ...]  # what the hand waited on at the end
    moments: tuple[Moment, ...]


def review_hand(game: Game, hand_number: int, seat: int) -> Review:
    """Review hand ``hand_number`` (1-based) of ``game`` for ``seat``."""
    replay = Game(game.rules, game.seed, game.options, rigged=game.rigged)
    for n, actions in enumerate(game.actions[: hand_number - 1], start=1):
        for a in actions:
            replay.apply(a)
        if n < hand_number and not replay.over:
            replay.next_hand()
    moments: list[Moment] = []
    actions = game.actions[hand_number - 1]
    untold: Moment | None = None  # the reading at the player's last discard, told only if that discard dealt in
    asked: tuple[int, Words, Words] | None = None  # the player's last claim (where, what, from whom) until beaten
    for i, action in enumerate(actions, start=1):
        if action.seat == seat:
            view = seat_view(replay.hand, seat)
            moments.extend(_decision(i, view, action))
            if moments and moments[-1].kind == "claim" and moments[-1].index == i:
                asked = (len(moments) - 1, action.words(), said("hint_words.seat", seat=view.current))
            defence, untold = _defence(view, action), None
            if defence is not None:
                moment = Moment(i, "defence", _defence_words(defence))
                if defence.telling:
                    moments.append(moment)
                else:
                    untold = moment
        events = replay.apply(action)
        for ev in events:
            if isinstance(ev, ClaimLost) and ev.seat == seat and asked is not None:  # the claim asked for was beaten
                at, move, whose = asked
                beaten = said("review_words.claim_beaten", move=move, seat=whose, why=ev.reason)
                moments[at], asked = Moment(moments[at].index, "claim", beaten), None
            elif isinstance(ev, PlayerWon) and ev.context.discarder == seat and ev.seat != seat:
                if untold is not None:
                    moments.append(untold)
                    untold = None
                moments.append(Moment(i, "dealt_in", _dealt_in(ev, replay)))
            elif isinstance(ev, PlayerWon) and ev.seat == seat:
                types = type_names(replay.rules, ev.result.types)
                moments.append(Moment(i, "won", said("review_words.won", types=types, pays=ev.result.payments[seat])))
        if replay.hand.over:
            break
    return Review(seat, hand_number, *_end(replay, seat), tuple(moments))


def _decision(index: int, view: SeatView, action: Action) -> list[Moment]:
    """What a decision of the player's shows: a better discard, a win passed, a claim taken or declined."""
    out = []
    legal = view.legal
    could_win = [a for a in legal if a.kind is ActionKind.WIN]
    if could_win and action.kind is not ActionKind.WIN:
        t = could_win[0].tile  # None: a win on the dealt tiles (八花)
        passed = (
            said("review_words.passed_win_dealt") if t is None else said("review_words.passed_win", tile=tile_words(t))
        )
        out.append(Moment(index, "passed_win", passed))
    if view.phase is Phase.TURN and action.kind is ActionKind.DISCARD and action.tile is not None:
        hint = hint_for_view(view)
        chosen = next((d for d in hint.discards if d.tile == action.tile), None)
        best = next((d for d in hint.discards if d.tile == hint.suggest), None)
        if chosen is not None and best is not None and best.tile != chosen.tile and not excused(view, chosen.tile):
            out.extend(_better_discard(index, chosen, best))
    if action.kind in (ActionKind.CHI, ActionKind.PONG, ActionKind.KONG):
        took = said("review_words.took", move=action.words(), seat=said("hint_words.seat", seat=view.current))
        out.append(Moment(index, "claim", took))
    elif action.kind is ActionKind.PASS and view.phase is Phase.CLAIM and not could_win:
        out.extend(_declined(index, view))
    return out


def _better_discard(index: int, chosen: DiscardHint, best: DiscardHint) -> list[Moment]:
    """The suggestion (★) kept the hand nearer a win, or as near with more unseen tiles that help."""
    mine, theirs = tile_words(chosen.tile), tile_words(best.tile)
    far, near = _steps_or_none(chosen.win_shanten), _steps_or_none(best.win_shanten)
    if far > near:
        left = steps(far) if far < _NO_WIN else said("review_words.no_hand")
        further = said("review_words.discard_further", mine=mine, left=left, theirs=theirs, kept=steps(near))
        return [Moment(index, "discard", further)]
    if far == near and chosen.win_acceptance < best.win_acceptance:
        helps, against = best.win_acceptance, chosen.win_acceptance
        fewer = said("review_words.discard_fewer", mine=mine, theirs=theirs, n=helps - against, helps=helps,
                     against=against)  # fmt: skip
        return [Moment(index, "discard", fewer)]
    return []


_NO_WIN = 99


def _steps_or_none(n: int | None) -> int:
    return _NO_WIN if n is None else n


def _defence(view: SeatView, action: Action) -> Defence | None:
    """At a discard in the player's turn: the safer tile the hard bot's reading would have thrown, and why."""
    if view.phase is not Phase.TURN or action.kind is not ActionKind.DISCARD or action.tile is None:
        return None
    if excused(view, action.tile):
        return None
    return safer_than(view, action.tile)


def _defence_words(defence: Defence) -> Words:
    """The discard, the tile the hard bot would have thrown instead, and what its reading said."""
    return said("review_words.defence", mine=tile_words(defence.against), safer=tile_words(defence.tile),
                why=defence.why)  # fmt: skip


def _declined(index: int, view: SeatView) -> list[Moment]:
    """A claim let go where the suggestion (the hint's play) was to take it; a pass it agrees with is no moment."""
    suggested, t = suggested_answer(view), view.last_discard
    if suggested is None or t is None or suggested.kind not in (ActionKind.CHI, ActionKind.PONG, ActionKind.KONG):
        return []
    declined = said("review_words.declined", tile=tile_words(t), move=KIND_WORDS[suggested.kind])
    return [Moment(index, "declined", declined)]


def _dealt_in(ev: PlayerWon, replay: Game) -> Words:
    """The tile dealt in, to whom, and the winner's waits then."""
    ctx = ev.context
    t = ctx.win_tile
    assert t is not None
    counts = counts_of(ctx.concealed)
    before = analyse(replay.rules, counts, ctx.melds, ctx.flowers)
    waits = [w.tile for w in before.waits if w.qualifies] or [t]
    paid = -ev.result.payments[ctx.discarder] if ctx.discarder is not None else 0
    types = type_names(replay.rules, ev.result.types)
    return said("review_words.dealt_in", tile=tile_words(t), seat=said("hint_words.seat", seat=ev.seat), types=types,
                waits=tiles_words(waits), paid=paid)  # fmt: skip


def _end(replay: Game, seat: int) -> tuple[Words, tuple[EndWait, ...]]:
    """The player's hand at the end, counted from what the seat could see: won, or how far from a win and its waits."""
    hand = replay.hand
    p = hand.players[seat]
    view = seat_view(hand, seat)
    hint = analyse(replay.rules, p.counts, p.melds, p.flowers, view.outside)
    kept = tuple(EndWait(w.tile, w.left, w.qualifies) for w in hint.waits)
    if seat in hand.winners:
        return said("review_words.end_won"), kept
    ended = next((e for e in reversed(replay.events) if isinstance(e, HandEnded)), None)
    waits = [w for w in hint.waits if w.qualifies]
    if hint.win_shanten is None:
        end = said("review_words.end_no_win")
    else:
        end = said("review_words.end_steps", steps=steps(hint.win_shanten))
    if waits:
        left = [said("review_words.wait_left", tile=tile_words(w.tile), left=w.left) for w in waits]
        end = said("review_words.end_waiting", end=end, waits=joined(left))
    elif hint.waits:
        end = said("review_words.end_shape_only", end=end, why=hint.waits[0].why)
    if ended is not None:
        end = said("review_words.end_paid", end=end, paid=f"{ended.payments[seat]:+d}")
    return end, kept
