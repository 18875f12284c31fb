"""Wins: whether a seat may win, the scoring input of a win, and the window that asks who wins.

Every win the engine considers goes through here: a self-draw in a turn, a discard, a
robbed kong, an 开杠 tile, the 海底. The shape check is the rule set's fast
``is_winning_shape``; only a winning shape is scored, and the score says whether the win
is allowed (a Shanghai plain hand is not) and why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, ActionKind
from .ruleset import PassedWinScope
from .scoring import ScoreResult, WinBy, WinContext
from .state import Phase, PlayerState, Refusal, RiverTile
from .steps import Ask, Quiet, Step
from .tiles import Tile
from .words import Words

if TYPE_CHECKING:
    from .hand import Hand


def win_context(
    hand: Hand,
    seat: int,
    win_tile: Tile | None,
    win_by: WinBy,
    discarder: int | None,
    *,
    in_hand: bool = False,
    replacement: bool | None = None,
    kaigang_discard: bool = False,
    last_tile: bool = False,
) -> WinContext:
    """Scoring input for ``seat`` winning on ``win_tile`` (``in_hand``: the tile is already in its hand)."""
    p = hand.players[seat]
    rules = hand.rules
    concealed = p.tiles()
    if in_hand and win_tile is not None:
        concealed.remove(win_tile)
    if replacement is None:
        replacement = win_by is WinBy.SELF_DRAW and hand.turn.draw_source in rules.replacement_win_sources
    discarder_ready = False
    if win_by is WinBy.DISCARD and discarder is not None and rules.scores_discarder_readiness:
        discarder_ready = hand.ready(discarder)
    return WinContext(
        winner=seat,
        concealed=tuple(concealed),
        win_tile=win_tile,
        dealer=hand.opening.dealer,
        melds=tuple(p.melds),
        flowers=tuple(p.flowers),
        win_by=win_by,
        discarder=discarder,
        replacement=replacement,
        kaigang_discard=kaigang_discard,
        first_turn=not p.has_discarded and not p.has_melded and not hand.turn.claim_made,
        last_tile=last_tile,
        base=hand.options.base,
        huangfan=hand.is_huangfan_hand,
        kaibao=rules.kaibao(hand.opening.dice),
        claims=tuple(tuple(q.claims_from) for q in hand.players),
        discarder_ready=discarder_ready,
    )


def self_win(hand: Hand, seat: int, *, last_tile: bool = False) -> ScoreResult | None:
    """Score a self-drawn win if the shape is there (None: not a winning shape)."""
    p = hand.players[seat]
    if not hand.rules.is_winning_shape(p.counts, p.melds, p.flowers):
        return None
    win_tile = p.last_drawn
    ctx = win_context(hand, seat, win_tile, WinBy.SELF_DRAW, None, in_hand=win_tile is not None, last_tile=last_tile)
    return hand.rules.score(ctx)


def win_on(hand: Hand, seat: int, tile: Tile, origin: int, win_by: WinBy, **flags: bool) -> ScoreResult | None:
    """Score a win of ``seat`` on ``tile`` from ``origin`` (None when the shape is not complete)."""
    p = hand.players[seat]
    p.counts[tile] += 1
    shape = hand.rules.is_winning_shape(p.counts, p.melds, p.flowers)
    p.counts[tile] -= 1
    if not shape:
        return None
    return hand.rules.score(win_context(hand, seat, tile, win_by, origin, **flags))


def passed_win_block(hand: Hand, p: PlayerState, tile: Tile) -> Words | None:
    """Why 漏胡 blocks ``p`` from winning on a discard of ``tile`` (None: it does not)."""
    if not p.passed_wins:
        return None
    rules = hand.rules
    if rules.passed_win_scope is PassedWinScope.ANY_DISCARD or tile in p.passed_wins:
        return rules.passed_win_refusal(tile)
    return None


def note_passed_wins(hand: Hand) -> None:
    """Seats that let a win in the open window go are held by 漏胡."""
    for c, acts in hand.window.legal.items():
        if hand.window.answers[c].kind is ActionKind.WIN:
            continue
        won = {a.tile for a in acts if a.kind is ActionKind.WIN and a.tile is not None}
        hand.players[c].passed_wins.update(won)


def lift_passed_wins(hand: Hand, p: PlayerState, *, by_claim: bool) -> None:
    """A draw lifts 漏胡; a claim too where the rule set says so."""
    if not by_claim or hand.rules.passed_win_lifted_by_claim:
        p.passed_wins.clear()


def open_win_window(
    hand: Hand,
    origin: int,
    tiles: tuple[Tile, ...],
    win_by: WinBy,
    phase: Phase,
    then: Step,
    *,
    kaigang_discard: bool = False,
    last_tile: bool = False,
) -> Ask | Quiet:
    """Ask the other seats who can win on ``tiles`` (from ``origin``) whether they do; if nobody can, the window
    is quiet and play goes on with ``then``.

    Seats held by 漏胡 learn why at once, whether or not anybody is asked.
    """
    window: dict[int, list[Action]] = {}
    refusals: dict[int, list[Refusal]] = {}
    for c in hand.order_from(origin):
        acts: list[Action] = []
        for t in dict.fromkeys(tiles):
            res = win_on(hand, c, t, origin, win_by, kaigang_discard=kaigang_discard, last_tile=last_tile)
            if res is None:
                continue
            # 漏胡 restricts wins on discards only: robbing a kong is never restricted
            blocked = passed_win_block(hand, hand.players[c], t) if win_by is WinBy.DISCARD else None
            if blocked:
                refusals.setdefault(c, []).append(Refusal(ActionKind.WIN, t, blocked))
            elif res.valid:
                acts.append(hand.window.offer_win(c, t, res))
        if acts:
            acts.append(Action(c, ActionKind.PASS, tiles[0] if len(tiles) == 1 else None))
            window[c] = acts
    hand.turn.current = origin
    hand.announce_refusals(window, refusals)
    return Ask(phase, window, refusals) if window else Quiet(phase, origin, then, refusals)


def chosen_wins(
    hand: Hand, origin: int, win_by: WinBy, *, kaigang_discard: bool = False, last_tile: bool = False
) -> list[tuple[int, WinContext]]:
    """The seats that chose to win in the open window, in order from ``origin``, with their contexts."""
    wins = []
    for c in hand.order_from(origin):
        a = hand.window.answers.get(c)
        if a is not None and a.kind is ActionKind.WIN:
            assert a.tile is not None
            ctx = win_context(hand, c, a.tile, win_by, origin, kaigang_discard=kaigang_discard, last_tile=last_tile)
            wins.append((c, ctx))
    return wins


def mark_won(hand: Hand, discarder: int, wins: list[tuple[int, WinContext]], count: int) -> None:
    """Mark the discarder's last ``count`` river tiles that were won on."""
    river = hand.players[discarder].river
    for i in range(len(river) - count, len(river)):
        won = tuple(c for c, ctx in wins if ctx.win_tile == river[i].tile)
        if won:
            river[i] = RiverTile(river[i].tile, won_by=won, kaigang=river[i].kaigang)
