"""The rare moments, each a question with one right answer: the 海底, 开杠 or 补张, 起手小胡, 八花 dealt.

Which moments a rule set has is read from it (``end_of_wall``, ``kong_modes``,
``initial_small_wins``, ``wins_as_dealt``). The 海底 and the kongs are found in seeded
self-play (played to the 海底, every win let go, so that the last tile comes up); 起手小胡
in seeded deals; 八花 in deals rigged from the seed to give one player every flower. The
right answer is the hint panel's ★ at that moment (the hard bot's choice from the seat's
view), told with its numbers; what the moment pays comes from the scoring the calculator
uses.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from mahjong_tui.engine import (
    Action,
    ActionKind,
    EndOfWall,
    Game,
    Hand,
    KongMode,
    Phase,
    RiggedDeal,
    Ruleset,
    SeatView,
    WinBy,
    WinContext,
    Words,
    format_tiles,
    get_ruleset,
    seat_view,
)
from mahjong_tui.engine.tiles import is_flower
from mahjong_tui.engine.words import said
from mahjong_tui.learn.advice import decision_advice, suggested_action
from mahjong_tui.learn.hint_words import NONE, also, tile_words

from .inputs import hint_input, score_input
from .model import MOMENTS, Choice, Drill, Row
from .selfplay import Collector, deals, game_seed, self_play

#: each moment's choices, by id, and the words of each
CHOICES: dict[str, tuple[str, ...]] = {
    "haidi": ("take_haidi", "pass_haidi"),
    "kaigang": ("kaigang", "buzhang", "no_kong"),
    "initial": ("declare", "play_on"),
    "bahua": ("declare", "play_on"),
}
#: games looked through at most for one drill of a moment
SEARCH = 60


def moments(rules: Ruleset) -> tuple[str, ...]:
    """The rare moments a rule set has, read from its attributes."""
    flowers = tuple(t for t in rules.tile_set() if is_flower(t))
    have = {
        "haidi": rules.end_of_wall is EndOfWall.HAIDI,
        "kaigang": KongMode.KAIGANG in rules.kong_modes and KongMode.BUZHANG in rules.kong_modes,
        "initial": rules.initial_small_wins,
        "bahua": bool(flowers) and rules.wins_as_dealt(flowers),
    }
    return tuple(m for m in MOMENTS if have[m])


def choice_of(moment: str, action: Action) -> str:
    """The choice an action makes at a moment."""
    if moment == "kaigang":
        if action.mode is KongMode.KAIGANG:
            return "kaigang"
        return "buzhang" if action.mode is KongMode.BUZHANG else "no_kong"
    if action.kind in (ActionKind.TAKE_HAIDI, ActionKind.WIN, ActionKind.DECLARE_INITIAL):
        return CHOICES[moment][0]
    return CHOICES[moment][-1]


def _actions(moment: str, view: SeatView, star: Action) -> dict[str, Action]:
    """One legal action for each choice (the ★ for its own choice)."""
    out: dict[str, Action] = {}
    for a in (star, *view.legal):
        out.setdefault(choice_of(moment, a), a)
    return out


def rare_drill(
    moment: str, view: SeatView, extra: Callable[[SeatView, str], tuple[Words, dict[str, object] | None]]
) -> Drill | None:
    """A drill on ``view`` at ``moment``: the ★ is the answer, each choice's numbers the analysis; ``extra`` adds
    what the moment showed afterwards (and, where it pays, its score input)."""
    star = suggested_action(view)
    if star is None:
        return None
    answer = choice_of(moment, star)
    acts = _actions(moment, view, star)
    if len(acts) < 2:
        return None
    rules = view.ruleset
    choices = tuple(Choice(c, said(f"drill.choice_{c}")) for c in CHOICES[moment] if c in acts)
    rows = []
    for c in choices:
        words = decision_advice(view, acts[c.id])
        if words.en:
            rows.append(Row(c.id, words, c.id == answer))
    told, pays = extra(view, answer)
    payments: tuple[int, ...] = ()
    if pays is not None:
        from mahjong_tui.book.calculator import situation_from_json

        payments = situation_from_json(pays).score().payments
    question = _question(moment, view)
    return Drill("rare", rules.name, view, question, hint_input(view), (answer,), choices, decision_advice(view, star),
                 tuple(rows), moment, pays=pays, payments=payments, after=told)  # fmt: skip


def _question(moment: str, view: SeatView) -> Words:
    """What the learner is asked at this moment."""
    if moment == "kaigang":
        kong = next(a for a in view.legal if a.mode is KongMode.KAIGANG)
        return said("drill.ask_kaigang", tile=tile_words(kong.tile or 0))
    if moment == "initial":
        from mahjong_tui.book.rulebook import type_names

        return said("drill.ask_initial", types=type_names(view.ruleset, view.ruleset.initial_wins(view.counts)))
    return said(f"drill.ask_{moment}")


# --------------------------------------------------------------------------- what each moment showed after


def _haidi_after(hand: Hand) -> Callable[[SeatView, str], tuple[Words, dict[str, object] | None]]:
    """The 海底 tile (read from the wall now: the seat does not see it) and whether it wins for the seat."""
    tile = hand.wall.peek_head()

    def told(view: SeatView, answer: str) -> tuple[Words, dict[str, object] | None]:
        rules = view.ruleset
        if tile is None:
            return NONE, None
        was = said("drill.haidi_was", tile=tile_words(tile))
        melds = view.melds[view.seat]
        ctx = WinContext(winner=view.seat, concealed=view.hand, win_tile=tile, dealer=view.dealer, melds=melds,
                         win_by=WinBy.SELF_DRAW, last_tile=True, bird=tile, base=view.table.base)  # fmt: skip
        result = rules.score(ctx)
        if not result.valid:
            return also(was, said("drill.haidi_loses")), None
        return also(was, said("drill.haidi_wins", n=result.payments[view.seat])), score_input(rules, ctx)

    return told


def _nothing_after(view: SeatView, answer: str) -> tuple[Words, dict[str, object] | None]:
    """A kong's choice: the numbers say it all."""
    return NONE, None


def _initial_after(view: SeatView, answer: str) -> tuple[Words, dict[str, object] | None]:
    """What declaring the 起手小胡 pays, as the calculator counts it."""
    ctx = WinContext(winner=view.seat, concealed=view.hand, win_tile=None, dealer=view.dealer, initial=True,
                     base=view.table.base)  # fmt: skip
    result = view.ruleset.score(ctx)
    return said("drill.pays", n=result.payments[view.seat]), score_input(view.ruleset, ctx)


def _bahua_after(view: SeatView, answer: str) -> tuple[Words, dict[str, object] | None]:
    """What declaring 八花 pays (a win with no winning tile: the calculator's input has none, so no score input)."""
    win = next((a for a in view.legal if a.kind is ActionKind.WIN), None)
    result = view.win_preview(win) if win is not None else None
    if result is None or not result.valid:
        return NONE, None
    return said("drill.pays", n=result.payments[view.seat]), None


# --------------------------------------------------------------------------- finding each moment


class _Moments(Collector):
    """Keeps the views where a moment's choice is open, one drill per view, until it has ``count``."""

    def __init__(self, moment: str, count: int) -> None:
        self.moment = moment
        self.count = count
        self.found: list[Drill] = []

    def done(self) -> bool:
        """Enough drills."""
        return len(self.found) >= self.count

    def decision(self, view: SeatView, hand: Hand) -> None:
        """The moment's choice open to a seat that has something to weigh: maybe a drill."""
        if self.done():
            return
        kinds = {a.kind for a in view.legal}
        drill = None
        if self.moment == "haidi" and view.phase is Phase.HAIDI and ActionKind.TAKE_HAIDI in kinds:
            if view.ruleset.is_ready(view.counts, view.melds[view.seat]):  # not ready: nothing to weigh
                drill = rare_drill("haidi", view, _haidi_after(hand))
        elif self.moment == "kaigang" and {KongMode.KAIGANG, KongMode.BUZHANG} <= {a.mode for a in view.legal}:
            drill = rare_drill("kaigang", view, _nothing_after)
        if drill is not None:
            self.found.append(drill)


def _dealt(rules: str, seed: int, count: int) -> list[Drill]:
    """起手小胡 drills from seeded deals."""
    found: list[Drill] = []
    for game in deals(rules, seed, "initial", SEARCH * count):
        hand = game.hand
        if hand.phase is not Phase.INITIAL:
            continue
        for seat in hand.pending_seats():
            view = seat_view(hand, seat)
            if any(a.kind is ActionKind.DECLARE_INITIAL for a in view.legal):
                drill = rare_drill("initial", view, _initial_after)
                if drill is not None:
                    found.append(drill)
        if len(found) >= count:
            break
    return found[:count]


def bahua_deal(rules: Ruleset, seed: int, index: int) -> RiggedDeal:
    """A deal rigged from the seed: one non-dealer is dealt every flower, the rest is shuffled."""
    rng = random.Random(f"drill/{seed}/bahua/{index}")
    tiles = rules.tile_set()
    flowers = [t for t in tiles if is_flower(t)]
    rest = [t for t in tiles if not is_flower(t)]
    rng.shuffle(rest)
    dealer = rng.randrange(4)
    lucky = (dealer + rng.randrange(1, 4)) % 4
    hands: list[str] = []
    at = 0
    for s in range(4):
        size = (14 if s == dealer else 13) - (len(flowers) if s == lucky else 0)
        hands.append(format_tiles((flowers if s == lucky else []) + rest[at : at + size]))
        at += size
    dice = (rng.randint(1, 6), rng.randint(1, 6))
    return RiggedDeal(
        (hands[0], hands[1], hands[2], hands[3]), dealer=dealer, dice=dice, fill_seed=rng.randrange(1 << 30)
    )


def _bahua(rules: str, seed: int, count: int) -> list[Drill]:
    """八花 drills from deals rigged from the seed."""
    rs = get_ruleset(rules)
    found: list[Drill] = []
    for index in range(SEARCH * count):
        game = Game(rs, game_seed(seed, "bahua", index), rigged=bahua_deal(rs, seed, index))
        hand = game.hand
        for seat in hand.pending_seats() if hand.phase is Phase.DEALT_WIN else ():
            view = seat_view(hand, seat)
            if seat != hand.dealer and any(a.kind is ActionKind.WIN for a in view.legal):
                drill = rare_drill("bahua", view, _bahua_after)
                if drill is not None:
                    found.append(drill)
        if len(found) >= count:
            break
    return found[:count]


def moment_drills(rules: str, moment: str, count: int, seed: int) -> list[Drill]:
    """``count`` drills of one rare moment (fewer when the seed's games do not bring it up often enough)."""
    if moment == "initial":
        return _dealt(rules, seed, count)
    if moment == "bahua":
        return _bahua(rules, seed, count)
    finder = _Moments(moment, count)
    self_play(rules, seed, moment, finder, games=SEARCH * count, let_wins_go=moment == "haidi")
    return finder.found[:count]


def rare_drills(rules: str, count: int, seed: int, only: str | None = None) -> list[Drill]:
    """``count`` rare-moment drills, the rule set's moments in turn (``only``: that moment alone)."""
    have = (only,) if only is not None else moments(get_ruleset(rules))
    if not have:
        return []
    each = {m: -(-count // len(have)) for m in have}
    found = {m: moment_drills(rules, m, each[m], seed) for m in have}
    out: list[Drill] = []
    for i in range(max(each.values())):
        out.extend(found[m][i] for m in have if i < len(found[m]))
    return out[:count]
