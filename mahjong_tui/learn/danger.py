"""Danger marks: which of a seat's tiles an opponent close to ready is likely waiting on.

The numbers are the bots' deal-in model (:func:`bots.risk.deal_in_chances`): for each
opponent and tile, the chance that the tile is one of that opponent's winning tiles, read
only from what the seat can see. An opponent "looks close to ready" when those chances add
up to about one winning tile or more (in the fitting games such an opponent was ready about
half the time, against 1 in 100 below a fifth of a tile). Marks are given only while some
opponent looks close; each names the opponent it is about and why.

Levels: ``safe`` (under 1 %, or let go under 漏胡 by every opponent close to ready),
``low`` (1 % to 4 %), ``high`` (4 % or more). A tile's chance of being a winning tile
rarely exceeds 10 %: a mark compares tiles, it does not promise.

The hard bot reads the same numbers and, against them, weighs what each discard may still
win (:mod:`bots.hard_defense`): :func:`defence_choice` (and :func:`defence_for_view`, its
words alone) says, while an opponent looks close
to ready, when it would take a safer discard than its plain choice and why (which tile is
safe against whom, which would feed whom); :func:`safer_than` says the same about a tile
the seat did discard, for the review.
"""

from __future__ import annotations

from dataclasses import dataclass

from bots.defence_words import NEAR_READY, SAFE_BELOW, tile_mark, why_safer
from bots.defence_words import near_ready as near_ready_of
from bots.hard_defense import Reading
from bots.risk import passed_since_turn
from mahjong_tui.engine import ActionKind, Phase, SeatView, Tile, Words
from mahjong_tui.engine.targets import win_shanten
from mahjong_tui.engine.tiles import seat_wind_zh
from mahjong_tui.engine.words import said
from mahjong_tui.learn.advice import Choice, reading_for, star
from mahjong_tui.learn.hint_words import joined, tile_words


@dataclass(frozen=True, slots=True)
class Danger:
    """One held tile's danger: its level, the likeliest opponent's chance, and why."""

    tile: Tile
    level: str  # "safe", "low" or "high"
    chance: float
    seat: int  # the opponent the mark is about
    why: Words


def near_ready(view: SeatView) -> list[int]:
    """The opponents that look close to ready to this seat (the danger marks are about them)."""
    return near_ready_of(reading_for(view))


def excused(view: SeatView, tile: Tile) -> bool:
    """A discard no review holds against the player: marked safe while an opponent looks close to ready, or the
    tile that opponent itself discarded last (it just let that very tile go)."""
    near = near_ready(view)
    if not near:
        return False
    if any(view.rivers[o] and view.rivers[o][-1].tile == tile for o in near):
        return True
    return any(d.tile == tile and d.level == "safe" for d in dangers(view))


def dangers(view: SeatView, *, everyone: bool = False) -> tuple[Danger, ...]:
    """A mark for each kind of tile the seat holds, riskiest first; none while no opponent looks close to ready
    (``everyone``: then against every opponent, where the hard bot defends all the same).

    The level is the one the defence line speaks of (:func:`bots.defence_words.tile_mark`): one
    wording for a tile everywhere.
    """
    reading = reading_for(view)
    near = near_ready_of(reading)
    if not near and not everyone:
        return ()
    passed = {o: passed_since_turn(view, o) for o in near}
    out = []
    for t in range(len(view.counts)):
        if not view.counts[t]:
            continue
        if near and all(t in passed[s] for s in near):
            out.append(Danger(t, "safe", 0.0, near[0], _let_go(view, t, near)))
            continue
        level, o, chance = tile_mark(reading, t)
        out.append(Danger(t, level, chance, o, _why(view, t, o, chance, close=bool(near))))
    out.sort(key=lambda d: (-d.chance, d.tile))
    return tuple(out)


def _who(view: SeatView, seat: int) -> Words:
    """``seat 2`` (the table puts the name in its place) / its wind, 南."""
    return said("danger_words.who", seat=seat, wind=seat_wind_zh(seat, view.dealer))


def _let_go(view: SeatView, t: Tile, seats: list[int]) -> Words:
    """Why ``t`` is safe: each opponent close to ready let it go since its last turn (漏胡)."""
    who = joined([_who(view, s) for s in seats], "people")
    return said("danger_words.let_go", who=who, tile=tile_words(t))


def _why(view: SeatView, t: Tile, seat: int, chance: float, *, close: bool = True) -> Words:
    """The opponent it is about, how far along it looks (``close``: close to ready), and the chance."""
    shown = said(
        "danger_words.shown",
        discards=said("danger_words.discards", n=len(view.rivers[seat])),
        melds=said("danger_words.melds", n=len(view.melds[seat])),
    )
    tile = tile_words(t)
    why = said(f"danger_words.{'close' if close else 'far'}", who=_who(view, seat), shown=shown,
               pct=f"{100 * chance:.1f}", tile=tile)  # fmt: skip
    if any(r.tile == t for r in view.rivers[seat]):
        return said("danger_words.own", why=why, tile=tile)
    return why


@dataclass(frozen=True, slots=True)
class Defence:
    """A discard the hard bot's reading of the table takes as safer than another, and why."""

    tile: Tile  # the safer discard
    against: Tile  # the discard it is safer than
    chance: float  # the likeliest opponent's chance to win on ``against``
    close: bool  # an opponent looks close to ready (the danger marks show)
    why: Words

    @property
    def telling(self) -> bool:
        """Worth a learner's attention: an opponent looks close to ready and ``against`` is not a safe tile."""
        return self.close and self.chance >= SAFE_BELOW


def _hard_choice(view: SeatView) -> tuple[Choice, Tile] | None:
    """The hard bot's choice on the seat's view in its turn (the ★), and its discard (None: it discards nothing)."""
    if view.phase is not Phase.TURN or not any(a.kind is ActionKind.DISCARD for a in view.legal):
        return None
    choice = star(view)
    action = choice.action
    if action is None or action.kind is not ActionKind.DISCARD or action.tile is None:
        return None
    return choice, action.tile


def _close(reading: Reading) -> bool:
    """Some opponent looks close to ready (the danger marks' measure)."""
    return any(sum(reading.chances[o]) >= NEAR_READY for o in range(4) if o != reading.seat)


def defence_choice(view: SeatView) -> tuple[Tile, Words] | None:
    """The safer discard the hard bot would take, in this seat's turn, over its plain choice, and why.

    None when it would not, outside the seat's turn, or while no opponent looks close to
    ready. Only the seat's own view is read (a hard bot for the seat chooses on it).
    """
    if not _close(reading_for(view)):
        return None  # a quiet table: the hard bot's choice is not asked for
    found = _hard_choice(view)
    if found is None or found[0].defence is None:
        return None
    return found[1], found[0].defence


def defence_for_view(view: SeatView) -> Words | None:
    """Why the hard bot would take a safer discard than its plain choice (:func:`defence_choice`'s words)."""
    found = defence_choice(view)
    return None if found is None else found[1]


def safer_than(view: SeatView, played: Tile) -> Defence | None:
    """The safer discard the hard bot's reading takes where the seat discarded ``played``, and why.

    None when the hard bot keeps its plain choice (the table gives it no reason to defend),
    when it would discard ``played`` too, or when ``played`` feeds no more than its tile.
    """
    found = _hard_choice(view)
    if found is None or found[0].defence is None or found[1] == played:
        return None
    tile = found[1]
    reading = reading_for(view)
    if reading.cost(played) <= reading.cost(tile):
        return None
    slower = _steps_after(view, tile) > _steps_after(view, played)
    why = why_safer(reading, tile, played, slower=slower)
    return Defence(tile, played, reading.threat(played)[1], _close(reading), why)


def _steps_after(view: SeatView, tile: Tile) -> int:
    """Steps to a hand that may win (the analysis's ``win_shanten``) the seat is left at after discarding ``tile``."""
    counts = list(view.counts)
    counts[tile] -= 1
    rules = view.ruleset
    steps = win_shanten(rules.win_targets, rules.shapes, counts, view.melds[view.seat])
    return 99 if steps is None else steps
