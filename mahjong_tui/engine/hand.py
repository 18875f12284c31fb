"""One hand (一局/一盘): from the dice to the last payment.

The flow common to every rule set lives here (RULES.md §1): the wall, the deal with
flower replacement, turns, the claim window after a discard with its priority, kongs
and their replacement draws, robbing an added kong, and the end of the hand. Whatever a
rule set decides differently is asked of its :class:`~mahjong_tui.rules.base.Ruleset`.

The one API: ``legal_actions(seat)``, ``apply(action) -> events``. An illegal action
raises :class:`IllegalAction` with a reason a player understands and changes nothing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum

from mahjong_tui.rules.base import EndOfWall, GameOptions, PassedWinScope, Ruleset, SeatFacts
from mahjong_tui.rules.scoring import ScoreResult, WinBy, WinContext

from .actions import Action, ActionKind, IllegalAction, KongMode, is_among
from .events import (
    BirdDrawn,
    DrawSource,
    Event,
    FlowerRevealed,
    HaidiDeclined,
    HaidiOffered,
    HandEnded,
    HandOutcome,
    HandStarted,
    InitialWinsDeclared,
    KaigangDiscarded,
    KaigangRevealed,
    KongDeclared,
    MeldClaimed,
    OptionRefused,
    PlayerWon,
    TileDiscarded,
    TileDrawn,
    TilesDealt,
)
from .melds import Meld, MeldKind
from .tiles import NUM_KINDS, NUM_TILE_IDS, Tile, is_flower, is_suited, tile_name, tiles_of
from .wall import Wall, WallView


class Phase(StrEnum):
    """What the hand is waiting for."""

    INITIAL = "initial"  # Changsha: declare initial small wins or not
    TURN = "turn"  # one seat holds a full hand and acts
    CLAIM = "claim"  # others answer a discard
    ROB = "rob"  # others may rob an added kong
    KAIGANG_SELF = "kaigang_self"  # the konger may win on an 开杠 tile
    KAIGANG_CLAIM = "kaigang_claim"  # others may win on the 开杠 tiles
    HAIDI = "haidi"  # the last tile is offered in turn
    HAIDI_TAKEN = "haidi_taken"  # the taker wins on it or shows it
    HAIDI_SHOWN = "haidi_shown"  # others may win on the shown 海底
    ENDED = "ended"


#: every discard action, made once: a turn lists up to 14 of them
_DISCARDS = [[Action(s, ActionKind.DISCARD, t) for t in range(NUM_KINDS)] for s in range(4)]
_NO_REPLACEMENT = "no kong: the wall has no tile left to replace it"
_SINGLE_SEAT_PHASES = (Phase.TURN, Phase.KAIGANG_SELF, Phase.HAIDI, Phase.HAIDI_TAKEN)


@dataclass(frozen=True, slots=True)
class RiverTile:
    """A discard in a river; ``claimed_by`` marks one taken into a meld, ``won_by`` a winning discard."""

    tile: Tile
    claimed_by: int | None = None
    won_by: tuple[int, ...] = ()
    kaigang: bool = False


@dataclass(frozen=True, slots=True)
class Refusal:
    """An option the player might expect, ruled out, with the reason."""

    kind: ActionKind
    tile: Tile | None
    reason: str


@dataclass(slots=True)
class PlayerState:
    """One seat's tiles and the restrictions that hang on it."""

    seat: int
    counts: list[int] = field(default_factory=lambda: [0] * NUM_KINDS)
    melds: list[Meld] = field(default_factory=list)
    flowers: list[Tile] = field(default_factory=list)
    river: list[RiverTile] = field(default_factory=list)
    last_drawn: Tile | None = None
    has_discarded: bool = False
    has_melded: bool = False
    passed_win: bool = False  # Shanghai 漏胡
    passed_win_tiles: set[Tile] = field(default_factory=set)  # Changsha 漏胡
    passed_pong: set[Tile] = field(default_factory=set)  # Shanghai 过碰
    forbidden_discards: frozenset[Tile] = frozenset()  # Shanghai, after a chi
    kaigang_locked: bool = False  # Changsha, after 开杠
    claims_from: list[int] = field(default_factory=lambda: [0, 0, 0, 0])

    def tiles(self) -> list[Tile]:
        """Concealed tiles, sorted."""
        return tiles_of(self.counts)

    def size(self) -> int:
        """Concealed tiles plus three per meld: 13 between turns, 14 in one's turn."""
        return sum(self.counts) + 3 * len(self.melds)

    def facts(self) -> SeatFacts:
        """What a rule set needs to judge this seat's claims."""
        return SeatFacts(self.seat, self.counts, self.melds)


class Hand:
    """A single hand under one rule set; reproducible from its rng seed and actions."""

    def __init__(
        self,
        rules: Ruleset,
        *,
        seed: str,
        dealer: int,
        hand_number: int = 1,
        huangfan: int = 0,
        scores: tuple[int, int, int, int] = (0, 0, 0, 0),
        options: GameOptions | None = None,
        deck: list[Tile] | None = None,
        dice: tuple[int, int] | None = None,
    ):
        """Shuffle (or take ``deck``: the tiles stack by stack, top then bottom) and deal."""
        self.rules = rules
        self.options = options or GameOptions()
        self.rng = random.Random(seed)
        self.dealer = dealer
        self.hand_number = hand_number
        self.scores_before = scores
        self.players = [PlayerState(s) for s in range(4)]
        self.events: list[Event] = []
        self.phase = Phase.TURN
        self.current = dealer  # the seat whose turn it is (or who discarded, in a window)
        self.payments = [0, 0, 0, 0]
        self.claim_made = False
        self.draw_source = DrawSource.HEAD  # how the current seat's last tile came
        self.turn_after_draw = True  # kongs are declared only right after a draw
        self.last_discard: Tile | None = None
        self.window: dict[int, list[Action]] = {}  # seat -> legal actions in the open window
        self.decisions: dict[int, Action] = {}
        self.refusals: dict[int, list[Refusal]] = {}
        self.rob_tile: Tile | None = None
        self.pending_kong: tuple[int, Meld, KongMode] | None = None
        self.kaigang_tiles: tuple[Tile, ...] = ()
        self.haidi_tile: Tile | None = None
        self.haidi_first: int | None = None
        self._haidi_offers = 0  # how many seats the 海底 has been offered to
        self.haidi_taker: int | None = None
        self.last_tile_drawer: int | None = None  # who drew the wall's last tile
        self.winners: tuple[int, ...] = ()
        self.results: dict[int, ScoreResult] = {}
        self.outcome: HandOutcome | None = None
        self.next_dealer = dealer
        self.initial_declared: dict[int, tuple[str, ...]] = {}
        rolled = (self.rng.randint(1, 6), self.rng.randint(1, 6))
        dice = dice or rolled
        tiles = rules.tile_set()
        self._expected_census = [0] * NUM_TILE_IDS
        for t in tiles:
            self._expected_census[t] += 1
        self.rng.shuffle(tiles)
        if deck is not None:
            if sorted(deck) != sorted(tiles):
                raise ValueError("the deck is not this rule set's full tile set")
            tiles = list(deck)
        self.dice = dice
        self.huangfan_from_dice = rules.huangfan_from_dice(dice)
        self.huangfan = huangfan + self.huangfan_from_dice
        self.wall = Wall(tiles, rules.wall_layout, dealer, dice)
        self._start()

    # ------------------------------------------------------------------ queries
    @property
    def is_huangfan_hand(self) -> bool:
        """荒番 hand: the counter is above 0 after the dice."""
        return self.rules.uses_huangfan and self.huangfan > 0

    @property
    def over(self) -> bool:
        """The hand has ended."""
        return self.phase is Phase.ENDED

    def pending_seats(self) -> list[int]:
        """Seats that must act now, in the order a table would ask them."""
        if self.phase is Phase.ENDED:
            return []
        if self.phase in _SINGLE_SEAT_PHASES:
            return list(self.window)
        order = [(self.current + i) % 4 for i in range(1, 5)]
        return [s for s in order if s in self.window and s not in self.decisions]

    def legal_actions(self, seat: int) -> list[Action]:
        """Everything ``seat`` may do now (empty when it has nothing to decide)."""
        if seat not in self.window or seat in self.decisions:
            return []
        return list(self.window[seat])

    def refusals_for(self, seat: int) -> list[Refusal]:
        """Options this seat might expect now that the rules rule out, with reasons."""
        if seat in self.decisions:
            return []
        return list(self.refusals.get(seat, ()))

    def wall_view(self) -> WallView:
        """The wall as the table shows it."""
        return self.wall.view()

    def ready(self, seat: int) -> bool:
        """听牌 for a seat holding 3n+1 tiles."""
        p = self.players[seat]
        return self.rules.is_ready(p.counts, p.melds)

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action) -> list[Event]:
        """Carry out a legal action; return the events it caused."""
        legal = self.window.get(action.seat, ())
        if action.seat in self.decisions or not is_among(action, legal):
            raise IllegalAction(self._why_illegal(action))
        start = len(self.events)
        phase = self.phase
        if phase is Phase.TURN:
            self._apply_turn(action)
        elif phase is Phase.KAIGANG_SELF:
            self._apply_kaigang_self(action)
        elif phase is Phase.HAIDI:
            self._apply_haidi_offer(action)
        elif phase is Phase.HAIDI_TAKEN:
            self._apply_haidi_taken(action)
        else:
            self.decisions[action.seat] = action
            if all(s in self.decisions for s in self.window):
                self._resolve_window()
        return self.events[start:]

    # ------------------------------------------------------------------ start
    def _start(self) -> None:
        wv = self.wall.view()
        self._emit(
            HandStarted(
                self.hand_number,
                self.dealer,
                self.dice,
                wv.break_at,
                self.huangfan,
                self.huangfan_from_dice,
                self.scores_before,
            )
        )
        dealt: list[list[Tile]] = [[], [], [], []]
        order = [(self.dealer + i) % 4 for i in range(4)]
        for _ in range(3):
            for s in order:
                for _ in range(4):
                    dealt[s].append(self.wall.draw_head())
        for s in order:
            dealt[s].append(self.wall.draw_head())
        dealt[self.dealer].append(self.wall.draw_head())
        for s in order:
            self._emit(TilesDealt(s, tuple(dealt[s])))
            p = self.players[s]
            for t in dealt[s]:
                if not is_flower(t):
                    p.counts[t] += 1
        # 补花: dealer first, then in turn, each repeated while flowers come
        for s in order:
            for f in [t for t in dealt[s] if is_flower(t)]:
                if not self._replace_flower(s, f):
                    self._end_drawn()
                    return
        for s in order:
            self.players[s].last_drawn = None
        last = dealt[self.dealer][-1]
        self.players[self.dealer].last_drawn = last if not is_flower(last) else None
        self.current = self.dealer
        self.draw_source = DrawSource.HEAD
        self.turn_after_draw = True
        if self.rules.initial_small_wins and self._open_initial_window():
            return
        self._open_turn()

    def _replace_flower(self, seat: int, flower: Tile) -> bool:
        """补花: show the flower, draw from the tail, again while flowers come; False if the wall ran out."""
        p = self.players[seat]
        t = flower
        while is_flower(t):
            p.flowers.append(t)
            self._emit(FlowerRevealed(seat, t))
            if self.wall.remaining == 0:
                return False
            t = self._wall_draw(seat, tail=True)
            self._emit(TileDrawn(seat, t, DrawSource.TAIL))
        p.counts[t] += 1
        p.last_drawn = t
        self.draw_source = DrawSource.TAIL
        return True

    def _wall_draw(self, seat: int, *, tail: bool) -> Tile:
        t = self.wall.draw_tail() if tail else self.wall.draw_head()
        if self.wall.remaining == 0:
            self.last_tile_drawer = seat
        return t

    def _take_drawn(self, seat: int, t: Tile, source: DrawSource) -> bool:
        """A drawn tile goes into the hand (flowers replaced); False when the wall ran out."""
        self._emit(TileDrawn(seat, t, source))
        self.turn_after_draw = True
        if is_flower(t):
            return self._replace_flower(seat, t)
        p = self.players[seat]
        p.counts[t] += 1
        p.last_drawn = t
        self.draw_source = source
        return True

    # ------------------------------------------------------------------ turns
    def _draw(self, seat: int) -> None:
        """The seat's ordinary draw (or the 海底 offer, or the end of the wall)."""
        self._clear_window()
        if self.wall.remaining == 0:
            self._end_drawn()
            return
        if self.rules.end_of_wall is EndOfWall.HAIDI and self.wall.remaining == 1:
            self.haidi_first = seat
            self.current = seat
            self.phase = Phase.HAIDI
            self._offer_haidi()
            return
        self.current = seat
        self._after_own_draw(self.players[seat])
        if not self._take_drawn(seat, self._wall_draw(seat, tail=False), DrawSource.HEAD):
            self._end_drawn()
            return
        self._open_turn()

    def _after_own_draw(self, p: PlayerState) -> None:
        """A draw lifts the passed-win restriction (漏胡)."""
        p.passed_win = False
        p.passed_win_tiles.clear()

    def _replacement_draw(self, seat: int) -> None:
        """After a kong or 补张: a tile from the tail, then the seat's turn."""
        self._clear_window()
        if self.wall.remaining == 0:
            self._end_drawn()
            return
        self.current = seat
        if not self._take_drawn(seat, self._wall_draw(seat, tail=True), DrawSource.TAIL):
            self._end_drawn()
            return
        self._open_turn()

    def _open_turn(self) -> None:
        seat = self.current
        p = self.players[seat]
        self.phase = Phase.TURN
        acts: list[Action] = []
        refusals: list[Refusal] = []
        win = self._self_win_check(seat) if self.turn_after_draw else None  # no self-draw win right after a claim
        if win is not None:
            if win.valid:
                acts.append(Action(seat, ActionKind.WIN, p.last_drawn))
            else:
                refusals.append(Refusal(ActionKind.WIN, p.last_drawn, win.reason))
        if p.kaigang_locked:
            if p.last_drawn is not None and p.counts[p.last_drawn]:
                acts.append(_DISCARDS[seat][p.last_drawn])
            else:
                acts.extend(_DISCARDS[seat][t] for t in range(NUM_KINDS) if p.counts[t])
            self._set_window({seat: acts}, {seat: refusals})
            return
        if self.turn_after_draw:
            acts.extend(self._own_kong_options(p, refusals))
        held = [t for t in range(NUM_KINDS) if p.counts[t]]
        allowed = [t for t in held if t not in p.forbidden_discards]
        if not allowed:
            allowed = held  # RULES.md §4: the after-chi restriction lifts when nothing else is left
        for t in held:
            if t not in allowed:
                refusals.append(Refusal(ActionKind.DISCARD, t, self._forbidden_reason(p, t)))
        row = _DISCARDS[seat]
        acts.extend([row[t] for t in allowed])
        self._set_window({seat: acts}, {seat: refusals})

    def _forbidden_reason(self, p: PlayerState, t: Tile) -> str:
        return (
            f"you can't discard {tile_name(t)} right after that chi: Shanghai forbids the chi'd tile "
            "and the other end of the sequence for one discard"
        )

    def _kong_possible(self) -> bool:
        """A replacement tile must be there (RULES.md §4)."""
        return self.wall.remaining > 0

    def _own_kong_options(self, p: PlayerState, refusals: list[Refusal]) -> list[Action]:
        out: list[Action] = []
        if not self._kong_possible():
            for t in range(NUM_KINDS):
                if p.counts[t] == 4:
                    refusals.append(Refusal(ActionKind.CONCEALED_KONG, t, _NO_REPLACEMENT))
            return out
        for t in range(NUM_KINDS):
            if p.counts[t] == 4:
                for mode in self._kong_modes(p, t, 4):
                    out.append(Action(p.seat, ActionKind.CONCEALED_KONG, t, mode=mode))
        for m in p.melds:
            if m.kind is MeldKind.PONG and p.counts[m.first]:
                for mode in self._kong_modes(p, m.first, 1):
                    out.append(Action(p.seat, ActionKind.ADDED_KONG, m.first, mode=mode))
        return out

    def _kong_modes(self, p: PlayerState, t: Tile, from_hand: int) -> list[KongMode]:
        """The quad choices the rule set offers; 开杠 only when ready with the quad set aside."""
        modes = []
        for mode in self.rules.kong_modes:
            if mode is KongMode.KAIGANG:
                p.counts[t] -= from_hand
                # an added kong replaces its pong
                rest = [m for m in p.melds if not (m.kind is MeldKind.PONG and m.first == t)]
                melds = [*rest, Meld(MeldKind.CONCEALED_KONG, (t, t, t, t))]
                ok = self.rules.is_ready(p.counts, melds)
                p.counts[t] += from_hand
                if not ok:
                    continue
            modes.append(mode)
        return modes

    def _self_win_check(self, seat: int) -> ScoreResult | None:
        """Score a self-drawn win if the shape is there (None: not a winning shape)."""
        p = self.players[seat]
        if not self.rules.is_winning_shape(p.counts, p.melds, p.flowers):
            return None
        win_tile = p.last_drawn
        ctx = self._win_context(seat, win_tile, WinBy.SELF_DRAW, None, in_hand=win_tile is not None)
        return self.rules.score(ctx)

    def _apply_turn(self, action: Action) -> None:
        seat = action.seat
        p = self.players[seat]
        kind = action.kind
        if kind is ActionKind.WIN:
            ctx = self._win_context(seat, p.last_drawn, WinBy.SELF_DRAW, None, in_hand=p.last_drawn is not None)
            self._settle_wins([(seat, ctx)], discarder=None)
        elif kind is ActionKind.DISCARD:
            self._discard(seat, action.tile)  # type: ignore[arg-type]
        elif kind is ActionKind.CONCEALED_KONG:
            t = action.tile
            assert t is not None and action.mode is not None
            p.counts[t] -= 4
            meld = Meld(MeldKind.CONCEALED_KONG, (t, t, t, t))
            p.melds.append(meld)
            p.has_melded = True
            p.last_drawn = None
            self._emit(KongDeclared(seat, meld, action.mode))
            self._after_kong(seat, action.mode)
        elif kind is ActionKind.ADDED_KONG:
            t = action.tile
            assert t is not None and action.mode is not None
            p.counts[t] -= 1
            p.last_drawn = None
            pong = next(m for m in p.melds if m.kind is MeldKind.PONG and m.first == t)
            meld = Meld(MeldKind.ADDED_KONG, (t, t, t, t), pong.claimed, pong.source)
            self._emit(KongDeclared(seat, meld, action.mode))
            self.rob_tile = t
            self.pending_kong = (seat, meld, action.mode)
            if not self._open_rob_window(seat, t):
                self._complete_added_kong()

    def _discard(self, seat: int, t: Tile) -> None:
        p = self.players[seat]
        p.counts[t] -= 1
        p.river.append(RiverTile(t))
        p.has_discarded = True
        p.passed_pong.clear()
        p.forbidden_discards = frozenset()
        p.last_drawn = None
        self.last_discard = t
        self.current = seat
        self._emit(TileDiscarded(seat, t))
        if not self._open_claim_window(seat, t):
            self._draw((seat + 1) % 4)

    # ------------------------------------------------------------------ claims
    def _open_claim_window(self, discarder: int, t: Tile) -> bool:
        window: dict[int, list[Action]] = {}
        refusals: dict[int, list[Refusal]] = {}
        for i in (1, 2, 3):
            c = (discarder + i) % 4
            acts, refs = self._claim_options(c, discarder, t)
            if refs:
                refusals[c] = refs
            if acts:
                acts.append(Action(c, ActionKind.PASS, t))
                window[c] = acts
        self.phase = Phase.CLAIM
        self._set_window(window, refusals)
        self._announce_refusals(window, refusals)
        return bool(window)

    def _announce_refusals(self, window: dict[int, list[Action]], refusals: dict[int, list[Refusal]]) -> None:
        """Seats with nothing to decide still learn why an option they might expect is not there."""
        for seat, refs in refusals.items():
            if seat not in window:
                for r in refs:
                    self._emit(OptionRefused(seat, r.kind.value, r.tile, r.reason))

    def _discard_win_blocked(self, p: PlayerState, t: Tile) -> str | None:
        if self.rules.passed_win_scope is PassedWinScope.ANY_DISCARD:
            if p.passed_win:
                return "you passed a win (漏胡): no winning on a discard until your next draw or claim"
        elif t in p.passed_win_tiles:
            return f"you passed a win on {tile_name(t)} (漏胡): not on that tile again until your next draw"
        return None

    def _discard_win(self, c: int, t: Tile, discarder: int, win_by: WinBy, **flags: bool) -> ScoreResult | None:
        """Score a win of seat c on tile t (None when the shape is not complete)."""
        p = self.players[c]
        p.counts[t] += 1
        shape = self.rules.is_winning_shape(p.counts, p.melds, p.flowers)
        p.counts[t] -= 1
        if not shape:
            return None
        return self.rules.score(self._win_context(c, t, win_by, discarder, **flags))

    def _claim_options(self, c: int, discarder: int, t: Tile) -> tuple[list[Action], list[Refusal]]:
        p = self.players[c]
        acts: list[Action] = []
        refs: list[Refusal] = []
        res = self._discard_win(c, t, discarder, WinBy.DISCARD)
        if res is not None:
            blocked = self._discard_win_blocked(p, t)
            if blocked:
                refs.append(Refusal(ActionKind.WIN, t, blocked))
            elif not res.valid:
                refs.append(Refusal(ActionKind.WIN, t, res.reason))
            else:
                acts.append(Action(c, ActionKind.WIN, t))
        if p.kaigang_locked:
            return acts, refs
        n = p.counts[t]
        if n >= 2:
            why = self.rules.pong_refusal(p.facts(), t)
            if why:
                refs.append(Refusal(ActionKind.PONG, t, why))
            else:
                if n >= 3:
                    if self._kong_possible():
                        for mode in self._kong_modes(p, t, 3):
                            acts.append(Action(c, ActionKind.KONG, t, mode=mode))
                    else:
                        refs.append(Refusal(ActionKind.KONG, t, _NO_REPLACEMENT))
                if self.rules.passed_pong_rule and t in p.passed_pong:
                    refs.append(
                        Refusal(
                            ActionKind.PONG,
                            t,
                            f"you passed a pong of {tile_name(t)}: not again until you have discarded",
                        )
                    )
                else:
                    acts.append(Action(c, ActionKind.PONG, t))
        if c == (discarder + 1) % 4 and is_suited(t):
            chis = []
            pos = t % 9
            for a, b in ((t - 2, t - 1), (t - 1, t + 1), (t + 1, t + 2)):
                lo = min(a, t)
                hi = max(b, t)
                if lo // 9 != t // 9 or hi // 9 != t // 9 or lo < 0 or hi > 26:
                    continue
                if pos + (lo - t) < 0 or pos + (hi - t) > 8:
                    continue
                if p.counts[a] and p.counts[b]:
                    chis.append((a, b))
            if chis:
                why = self.rules.chi_refusal(p.facts(), t)
                if why:
                    refs.append(Refusal(ActionKind.CHI, t, why))
                else:
                    acts.extend(Action(c, ActionKind.CHI, t, (a, b)) for a, b in chis)
        return acts, refs

    def _resolve_window(self) -> None:
        phase = self.phase
        if phase is Phase.CLAIM:
            self._resolve_claims()
        elif phase is Phase.ROB:
            self._resolve_rob()
        elif phase is Phase.KAIGANG_CLAIM:
            self._resolve_kaigang_claims()
        elif phase is Phase.HAIDI_SHOWN:
            self._resolve_haidi_shown()
        elif phase is Phase.INITIAL:
            self._resolve_initial()

    def _note_passes(self, t: Tile, pong_rule: bool) -> None:
        """Passed win and passed pong restrictions for seats that let an option go."""
        for c, acts in self.window.items():
            chosen = self.decisions[c]
            p = self.players[c]
            win_tiles = {a.tile for a in acts if a.kind is ActionKind.WIN and a.tile is not None}
            if win_tiles and chosen.kind is not ActionKind.WIN:
                if self.rules.passed_win_scope is PassedWinScope.ANY_DISCARD:
                    p.passed_win = True
                else:
                    p.passed_win_tiles.update(win_tiles)
            if pong_rule and self.rules.passed_pong_rule:
                could_pong = any(a.kind is ActionKind.PONG for a in acts)
                if could_pong and chosen.kind not in (ActionKind.PONG, ActionKind.KONG, ActionKind.WIN):
                    p.passed_pong.add(t)

    def _resolve_claims(self) -> None:
        discarder = self.current
        t = self.last_discard
        assert t is not None
        self._note_passes(t, pong_rule=True)
        wins = self._chosen_wins(discarder, WinBy.DISCARD)
        if wins:
            self._mark_won(discarder, wins, 1)
            self._settle_wins(wins, discarder=discarder)
            return
        best: Action | None = None
        best_key: tuple[int, int] | None = None
        for c in self._order_from(discarder):
            a = self.decisions.get(c)
            if a is None or a.kind is ActionKind.PASS:
                continue
            rank = 1 if a.kind is ActionKind.CHI else 2
            key = (-rank, (c - discarder) % 4)
            if best_key is None or key < best_key:
                best, best_key = a, key
        if best is None:
            self._draw((discarder + 1) % 4)
            return
        self._claim(best, discarder, t)

    def _order_from(self, discarder: int) -> list[int]:
        """Next, opposite, previous of the discarder: the order of equal claims."""
        return [(discarder + 1) % 4, (discarder + 2) % 4, (discarder + 3) % 4]

    def _claim(self, a: Action, discarder: int, t: Tile) -> None:
        c = a.seat
        p = self.players[c]
        self._clear_window()
        river = self.players[discarder].river
        river[-1] = RiverTile(river[-1].tile, claimed_by=c)
        self.claim_made = True
        p.has_melded = True
        p.passed_win = False  # Shanghai: a claim also lifts 漏胡
        p.claims_from[discarder] += 1
        self.current = c
        p.last_drawn = None
        if a.kind is ActionKind.CHI:
            x, y = a.tiles
            p.counts[x] -= 1
            p.counts[y] -= 1
            meld = Meld(MeldKind.CHI, tuple(sorted((x, y, t))), t, discarder)
            p.melds.append(meld)
            if self.rules.after_chi_restriction:
                p.forbidden_discards = frozenset(self._chi_forbidden(t, x, y))
            self._emit(MeldClaimed(c, meld, discarder))
            self.turn_after_draw = False
            self._open_turn()
        elif a.kind is ActionKind.PONG:
            p.counts[t] -= 2
            meld = Meld(MeldKind.PONG, (t, t, t), t, discarder)
            p.melds.append(meld)
            self._emit(MeldClaimed(c, meld, discarder))
            self.turn_after_draw = False
            self._open_turn()
        else:
            assert a.mode is not None
            p.counts[t] -= 3
            meld = Meld(MeldKind.KONG, (t, t, t, t), t, discarder)
            p.melds.append(meld)
            self._emit(MeldClaimed(c, meld, discarder, a.mode))
            self._after_kong(c, a.mode)

    @staticmethod
    def _chi_forbidden(t: Tile, x: Tile, y: Tile) -> set[Tile]:
        """The chi'd tile and the other end of a two-sided chi (RULES.md §2)."""
        out = {t}
        lo, hi = min(x, y), max(x, y)
        if lo == t + 1 and hi == t + 2:
            end = hi + 1
            if end % 9 != 0:
                out.add(end)
        elif lo == t - 2 and hi == t - 1:
            end = lo - 1
            if end >= 0 and end % 9 != 8:
                out.add(end)
        return out

    # ------------------------------------------------------------------ kongs
    def _after_kong(self, seat: int, mode: KongMode) -> None:
        if mode is KongMode.KAIGANG:
            self._kaigang(seat)
        else:
            self._replacement_draw(seat)

    def _open_win_window(
        self, origin: int, tiles: tuple[Tile, ...], win_by: WinBy, phase: Phase, *, kaigang_discard: bool = False
    ) -> bool:
        """Ask the other seats who can win on ``tiles`` (from ``origin``) whether they do."""
        window: dict[int, list[Action]] = {}
        refusals: dict[int, list[Refusal]] = {}
        for c in self._order_from(origin):
            acts: list[Action] = []
            for t in dict.fromkeys(tiles):
                res = self._discard_win(c, t, origin, win_by, kaigang_discard=kaigang_discard)
                if res is None:
                    continue
                # 漏胡 restricts wins on discards only: robbing a kong is never restricted
                blocked = self._discard_win_blocked(self.players[c], t) if win_by is WinBy.DISCARD else None
                if blocked:
                    refusals.setdefault(c, []).append(Refusal(ActionKind.WIN, t, blocked))
                elif res.valid:
                    acts.append(Action(c, ActionKind.WIN, t))
            if acts:
                acts.append(Action(c, ActionKind.PASS, tiles[0] if len(tiles) == 1 else None))
                window[c] = acts
        self.current = origin
        self.phase = phase
        self._set_window(window, refusals)
        self._announce_refusals(window, refusals)
        return bool(window)

    def _chosen_wins(
        self, origin: int, win_by: WinBy, *, kaigang_discard: bool = False
    ) -> list[tuple[int, WinContext]]:
        """The seats that chose to win in the open window, in order from ``origin``, with their contexts."""
        wins = []
        for c in self._order_from(origin):
            a = self.decisions.get(c)
            if a is not None and a.kind is ActionKind.WIN:
                assert a.tile is not None
                wins.append((c, self._win_context(c, a.tile, win_by, origin, kaigang_discard=kaigang_discard)))
        return wins

    def _mark_won(self, discarder: int, wins: list[tuple[int, WinContext]], count: int) -> None:
        """Mark the discarder's last ``count`` river tiles that were won on."""
        river = self.players[discarder].river
        for i in range(len(river) - count, len(river)):
            won = tuple(c for c, ctx in wins if ctx.win_tile == river[i].tile)
            if won:
                river[i] = RiverTile(river[i].tile, won_by=won, kaigang=river[i].kaigang)

    def _open_rob_window(self, konger: int, t: Tile) -> bool:
        return self._open_win_window(konger, (t,), WinBy.ROBBED_KONG, Phase.ROB)

    def _resolve_rob(self) -> None:
        konger = self.current
        wins = self._chosen_wins(konger, WinBy.ROBBED_KONG)
        if wins:
            self._settle_wins(wins, discarder=konger)
            return
        self._complete_added_kong()

    def _complete_added_kong(self) -> None:
        assert self.pending_kong is not None
        seat, meld, mode = self.pending_kong
        p = self.players[seat]
        idx = next(i for i, m in enumerate(p.melds) if m.kind is MeldKind.PONG and m.first == meld.first)
        p.melds[idx] = meld
        p.has_melded = True
        self.rob_tile = None
        self.pending_kong = None
        self._after_kong(seat, mode)

    def _kaigang(self, seat: int) -> None:
        """Changsha 开杠: two dice, a tile from the stack each counts from the tail."""
        self._clear_window()
        p = self.players[seat]
        p.kaigang_locked = True
        dice = (self.rng.randint(1, 6), self.rng.randint(1, 6))
        tiles: list[Tile] = []
        for d in dice:
            if self.wall.remaining == 0:
                break
            tiles.append(self.wall.draw_from_tail_stack(d))
            if self.wall.remaining == 0:
                self.last_tile_drawer = seat
        self.kaigang_tiles = tuple(tiles)
        self.current = seat
        self.draw_source = DrawSource.KAIGANG
        self._emit(KaigangRevealed(seat, dice, self.kaigang_tiles))
        acts: list[Action] = []
        for t in dict.fromkeys(tiles):
            res = self._discard_win(seat, t, seat, WinBy.SELF_DRAW, replacement=True)
            if res is not None and res.valid:
                acts.append(Action(seat, ActionKind.WIN, t))
        if acts:
            acts.append(Action(seat, ActionKind.PASS))
            self.phase = Phase.KAIGANG_SELF
            self._set_window({seat: acts}, {})
            return
        self._kaigang_to_others(seat)

    def _apply_kaigang_self(self, action: Action) -> None:
        seat = action.seat
        if action.kind is ActionKind.WIN:
            t = action.tile
            assert t is not None
            p = self.players[seat]
            p.counts[t] += 1
            p.last_drawn = t
            rest = list(self.kaigang_tiles)
            rest.remove(t)
            for x in rest:
                p.river.append(RiverTile(x, kaigang=True))
            self.kaigang_tiles = ()
            ctx = self._win_context(seat, t, WinBy.SELF_DRAW, None, in_hand=True, replacement=True)
            self._settle_wins([(seat, ctx)], discarder=None)
            return
        self._kaigang_to_others(seat)

    def _kaigang_to_others(self, konger: int) -> None:
        """Both tiles are discarded; others may win on them (杠上炮)."""
        p = self.players[konger]
        for t in self.kaigang_tiles:
            p.river.append(RiverTile(t, kaigang=True))
        self._emit(KaigangDiscarded(konger, self.kaigang_tiles))
        if not self._open_win_window(
            konger, self.kaigang_tiles, WinBy.DISCARD, Phase.KAIGANG_CLAIM, kaigang_discard=True
        ):
            self._draw((konger + 1) % 4)

    def _resolve_kaigang_claims(self) -> None:
        konger = self.current
        self._note_passes(self.kaigang_tiles[0], pong_rule=False)
        wins = self._chosen_wins(konger, WinBy.DISCARD, kaigang_discard=True)
        if wins:
            self._mark_won(konger, wins, len(self.kaigang_tiles))
            self._settle_wins(wins, discarder=konger)
            return
        self._draw((konger + 1) % 4)

    # ------------------------------------------------------------------ 海底
    def _haidi_seat(self) -> int:
        assert self.haidi_first is not None
        return (self.haidi_first + self._haidi_offers) % 4

    def _offer_haidi(self) -> None:
        seat = self._haidi_seat()
        self.current = seat
        self._emit(HaidiOffered(seat))
        self._set_window({seat: [Action(seat, ActionKind.TAKE_HAIDI), Action(seat, ActionKind.PASS)]}, {})

    def _apply_haidi_offer(self, action: Action) -> None:
        seat = action.seat
        if action.kind is ActionKind.PASS:
            self._emit(HaidiDeclined(seat))
            self._haidi_offers += 1
            if self._haidi_offers == 4:
                self._end_drawn()
                return
            self._offer_haidi()
            return
        t = self._wall_draw(seat, tail=False)
        self.haidi_tile = t
        self.haidi_taker = seat
        self._after_own_draw(self.players[seat])
        self.phase = Phase.HAIDI_TAKEN
        self._take_drawn(seat, t, DrawSource.HAIDI)
        acts = []
        win = self._self_win_check(seat)
        if win is not None and win.valid:
            acts.append(Action(seat, ActionKind.WIN, t))
        acts.append(Action(seat, ActionKind.PASS, t))
        self._set_window({seat: acts}, {})

    def _apply_haidi_taken(self, action: Action) -> None:
        seat = action.seat
        t = self.haidi_tile
        assert t is not None
        if action.kind is ActionKind.WIN:
            ctx = self._win_context(seat, t, WinBy.SELF_DRAW, None, in_hand=True)
            self._settle_wins([(seat, ctx)], discarder=None)
            return
        # shown: the tile goes out of the taker's hand; others may win on it (海底炮)
        p = self.players[seat]
        p.counts[t] -= 1
        p.last_drawn = None
        p.river.append(RiverTile(t))
        self._emit(TileDiscarded(seat, t))
        if not self._open_win_window(seat, (t,), WinBy.DISCARD, Phase.HAIDI_SHOWN):
            self._end_drawn()

    def _resolve_haidi_shown(self) -> None:
        taker = self.current
        wins = self._chosen_wins(taker, WinBy.DISCARD)
        if wins:
            self._mark_won(taker, wins, 1)
            self._settle_wins(wins, discarder=taker)
            return
        self._end_drawn()

    # ------------------------------------------------------------------ initial wins
    def _open_initial_window(self) -> bool:
        window = {}
        for i in range(4):
            s = (self.dealer + i) % 4
            if self.rules.initial_wins(self.players[s].counts):
                window[s] = [Action(s, ActionKind.DECLARE_INITIAL), Action(s, ActionKind.PASS)]
        if not window:
            return False
        self.phase = Phase.INITIAL
        self.current = self.dealer
        self._set_window(window, {})
        return True

    def _resolve_initial(self) -> None:
        for i in range(4):
            s = (self.dealer + i) % 4
            a = self.decisions.get(s)
            if a is None or a.kind is not ActionKind.DECLARE_INITIAL:
                continue
            p = self.players[s]
            ctx = WinContext(
                rules=self.rules.name,
                winner=s,
                concealed=tuple(p.tiles()),
                win_tile=None,
                dealer=self.dealer,
                initial=True,
            )
            res = self.rules.score(ctx)
            self.initial_declared[s] = res.types
            for k in range(4):
                self.payments[k] += res.payments[k]
            self._emit(InitialWinsDeclared(s, tuple(p.tiles()), res))
        self.current = self.dealer
        self._open_turn()

    # ------------------------------------------------------------------ end of hand
    def _win_context(
        self,
        seat: int,
        win_tile: Tile | None,
        win_by: WinBy,
        discarder: int | None,
        *,
        in_hand: bool = False,
        replacement: bool | None = None,
        kaigang_discard: bool = False,
    ) -> WinContext:
        """Scoring input for seat winning on ``win_tile`` (``in_hand``: the tile is already in its hand)."""
        p = self.players[seat]
        concealed = p.tiles()
        if in_hand and win_tile is not None:
            concealed.remove(win_tile)
        if replacement is None:
            replacement = win_by is WinBy.SELF_DRAW and self.draw_source in self.rules.replacement_win_sources
        last_tile = (
            self.haidi_tile is not None
            and win_tile == self.haidi_tile
            and (self.phase in (Phase.HAIDI_TAKEN, Phase.HAIDI_SHOWN))
        )
        discarder_ready = False
        if win_by is WinBy.DISCARD and discarder is not None and self.rules.scores_discarder_readiness:
            discarder_ready = self.ready(discarder)
        return WinContext(
            rules=self.rules.name,
            winner=seat,
            concealed=tuple(concealed),
            win_tile=win_tile,
            dealer=self.dealer,
            melds=tuple(p.melds),
            flowers=tuple(p.flowers),
            win_by=win_by,
            discarder=discarder,
            replacement=replacement,
            kaigang_discard=kaigang_discard,
            first_turn=not p.has_discarded and not p.has_melded and not self.claim_made,
            last_tile=last_tile,
            base=self.options.base,
            huangfan=self.is_huangfan_hand,
            claims=tuple(tuple(q.claims_from) for q in self.players),
            discarder_ready=discarder_ready,
        )

    def _settle_wins(self, wins: list[tuple[int, WinContext]], discarder: int | None) -> None:
        self._clear_window()
        bird_tile: Tile | None = None
        if self.rules.bird:
            bird_tile = self.haidi_tile if wins[0][1].last_tile else self.wall.peek_head()
            if bird_tile is not None:
                self._emit(BirdDrawn(bird_tile, self.rules.bird_seat(bird_tile, self.dealer)))
        winners = []
        for seat, ctx in wins:
            if bird_tile is not None:
                ctx = _with_bird(ctx, bird_tile)
            res = self.rules.score(ctx)
            self.results[seat] = res
            winners.append(seat)
            for k in range(4):
                self.payments[k] += res.payments[k]
            self._emit(PlayerWon(seat, ctx, res))
        self.winners = tuple(winners)
        self.outcome = HandOutcome.WIN
        if len(winners) == 1:
            self.next_dealer = winners[0]
        else:
            assert discarder is not None
            self.next_dealer = discarder
        self.huangfan = max(0, self.huangfan - 1)
        self._finish()

    def _end_drawn(self) -> None:
        self._clear_window()
        self.outcome = HandOutcome.DRAWN
        if self.rules.end_of_wall is EndOfWall.HAIDI:
            if self.haidi_taker is not None:
                self.next_dealer = self.haidi_taker
            elif self.haidi_first is not None:
                self.next_dealer = self.haidi_first
            elif self.last_tile_drawer is not None:
                self.next_dealer = self.last_tile_drawer
            else:
                self.next_dealer = self.dealer
        else:
            self.next_dealer = self.dealer
        self.huangfan += 1
        self._finish()

    def _finish(self) -> None:
        self.phase = Phase.ENDED
        if not self.rules.uses_huangfan:
            self.huangfan = 0
        scores = tuple(self.scores_before[k] + self.payments[k] for k in range(4))
        self._emit(
            HandEnded(
                self.outcome or HandOutcome.DRAWN,
                self.winners,
                (self.payments[0], self.payments[1], self.payments[2], self.payments[3]),
                scores,  # type: ignore[arg-type]
                self.next_dealer,
                self.huangfan,
            )
        )

    # ------------------------------------------------------------------ plumbing
    def _emit(self, event: Event) -> None:
        self.events.append(event)

    def _set_window(self, window: dict[int, list[Action]], refusals: dict[int, list[Refusal]]) -> None:
        self.window = window
        self.decisions = {}
        self.refusals = refusals

    def _clear_window(self) -> None:
        self.window = {}
        self.decisions = {}
        self.refusals = {}

    def _why_illegal(self, action: Action) -> str:
        """A player's words for why an action is refused."""
        seat = action.seat
        if self.phase is Phase.ENDED:
            return "the hand is over"
        if seat in self.decisions:
            return "you have already answered this discard"
        if seat not in self.window:
            pending = self.pending_seats()
            if pending:
                return f"it is not your turn: waiting for seat {pending[0]}"
            return "there is nothing for you to do now"
        for r in self.refusals.get(seat, ()):
            if r.kind is action.kind and (action.tile is None or r.tile is None or r.tile == action.tile):
                return r.reason
        p = self.players[seat]
        if action.kind is ActionKind.DISCARD:
            if action.tile is None or action.tile >= NUM_KINDS or not p.counts[action.tile]:
                return f"you don't hold {tile_name(action.tile) if action.tile is not None else 'that tile'}"
            if p.kaigang_locked:
                return "after 开杠 you must discard each tile you draw"
        if action.kind is ActionKind.WIN:
            return "that is not a winning hand"
        if action.kind in (ActionKind.CHI, ActionKind.PONG, ActionKind.KONG) and self.phase is not Phase.CLAIM:
            return f"you can't {action.kind.value} now: there is no discard to claim"
        if action.kind is ActionKind.CHI:
            return "you can chi only from the player before you, with two tiles that make a sequence"
        if action.kind in (ActionKind.PONG, ActionKind.KONG):
            need = 2 if action.kind is ActionKind.PONG else 3
            return f"you need {need} tiles like it in hand to {action.kind.value}"
        kinds = sorted({a.kind.value.replace("_", " ") for a in self.window[seat]})
        return f"{action.describe()} is not possible now (you can: {', '.join(kinds)})"

    # ------------------------------------------------------------------ checks
    def check_invariants(self) -> list[str]:
        """Every tile accounted for and every hand the right size; an empty list when all hold.

        Cheap enough to run after every action (soak runs and ``simulate`` do).
        """
        problems: list[str] = []
        census = self._tile_census()
        expected = self._expected_census
        if census != expected:
            diff = {tile_name(t): census[t] - expected[t] for t in range(len(census)) if census[t] != expected[t]}
            problems.append(f"tiles not conserved (found minus expected): {diff}")
        phase = self.phase
        for p in self.players:
            size = p.size()
            if phase is Phase.ENDED:
                ok = size in (13, 14)
            elif phase is Phase.INITIAL and p.seat == self.dealer:
                ok = size == 14
            else:
                acting = phase in (Phase.TURN, Phase.HAIDI_TAKEN) and p.seat == self.current
                ok = size == (14 if acting else 13)
            if not ok:
                problems.append(f"seat {p.seat} holds {size} tiles in phase {phase.value}")
        if sum(self.payments) != 0:
            problems.append(f"payments do not sum to zero: {self.payments}")
        return problems

    def _tile_census(self) -> list[int]:
        """How many of each tile id are somewhere: wall, hands, melds, flowers, rivers, in flight."""
        a, b, c, d = [p.counts for p in self.players]
        wall = self.wall.census
        # the hands hold the 34 kinds; the wall's census goes on with the flowers
        census = [w + x + y + z + v for w, x, y, z, v in zip(wall, a, b, c, d, strict=False)]
        census += wall[NUM_KINDS:]
        for p in self.players:
            for t in p.flowers:
                census[t] += 1
            for m in p.melds:
                for t in m.tiles:
                    census[t] += 1
            for r in p.river:
                if r.claimed_by is None:
                    census[r.tile] += 1
        if self.rob_tile is not None:
            census[self.rob_tile] += 1
        if self.phase is Phase.KAIGANG_SELF:
            for t in self.kaigang_tiles:
                census[t] += 1
        return census


def _with_bird(ctx: WinContext, bird: Tile) -> WinContext:
    from dataclasses import replace

    return replace(ctx, bird=bird)
