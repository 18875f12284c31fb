"""The everyday drills, found in seeded self-play: what to discard, which tiles win, what a win pays.

A position is kept only where the choice matters: a discard clearly better than the rest
by the steps to a win and the tiles that then help; a ready hand with more than one wait,
or a wait that completes the shape but may not win; a win whose payment a plain count
would get wrong (the bird, 三口, the flowers, who dealt). The answers are the ``hint``
and ``score`` commands' own, computed on the drill's input.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from mahjong_tui.engine import (
    ActionKind,
    Game,
    Hand,
    Phase,
    PlayerWon,
    Ruleset,
    SeatView,
    WinBy,
    WinContext,
    Words,
    get_ruleset,
    tile_name,
)
from mahjong_tui.engine.analysis import regular_waits
from mahjong_tui.engine.tiles import NUM_KINDS
from mahjong_tui.engine.words import alike, said
from mahjong_tui.learn.hint_words import NONE, bare_steps, tile_words, tiles_words

from .inputs import hint_input, score_input, tile_ids
from .model import Choice, Drill, Row, seat_words
from .selfplay import Collector, self_play

#: a discard is clearly the best when the next keeps as few steps and this many fewer tiles help (or a fifth fewer)
ACCEPTANCE_MARGIN = 2
#: the share of decisions looked at closely: positions spread over many hands rather than a few
LOOK = 0.3


def analyse_input(given: dict[str, object]) -> Any:
    """The ``hint`` command's analysis of ``given`` (its own code, so a drill's answer is the command's)."""
    from mahjong_tui.learn.hint_input import hint_from_json

    return hint_from_json(given)[0]


class Finder(Collector):
    """A collector that keeps drills until it has ``count``, looking at a seeded share of the decisions."""

    def __init__(self, rules: Ruleset, seed: int, kind: str, count: int) -> None:
        self.rules = rules
        self.count = count
        self.rng = random.Random(f"drill/{seed}/{kind}/look")
        self.found: list[Drill] = []
        self.kept_hands: set[tuple[int, int]] = set()  # one drill per seat and hand: positions spread out

    def done(self) -> bool:
        """Enough drills."""
        return len(self.found) >= self.count

    def fresh(self, hand: Hand, seat: int) -> bool:
        """No drill kept yet from this seat in this hand, and the seeded draw says look."""
        key = (id(hand), seat)
        return not self.done() and key not in self.kept_hands and self.rng.random() < LOOK

    def keep(self, hand: Hand, seat: int, drill: Drill | None) -> None:
        """Keep ``drill`` (if it is one)."""
        if drill is not None and not self.done():
            self.kept_hands.add((id(hand), seat))
            self.found.append(drill)


# --------------------------------------------------------------------------- what to discard


def discard_drill(view: SeatView) -> Drill | None:
    """A discard drill on ``view`` (14 tiles, the seat's turn), or None where the best discard is not clear."""
    given = hint_input(view)
    hint = analyse_input(given)
    ds = hint.discards
    if len(ds) < 4 or hint.suggest is None or ds[0].tile != hint.suggest or ds[0].win_shanten is None:
        return None
    best, second = ds[0], ds[1]
    margin = max(ACCEPTANCE_MARGIN, best.win_acceptance // 5)
    slower = second.win_shanten is None or second.win_shanten > best.win_shanten
    if best.win_shanten < 0 or not (slower or second.win_acceptance <= best.win_acceptance - margin):
        return None
    rows = tuple(Row(tile_name(d.tile), _discard_numbers(d), d.tile == hint.suggest) for d in ds)
    choices = tuple(Choice(tile_name(d.tile), tile_words(d.tile)) for d in sorted(ds, key=lambda d: d.tile))
    return Drill("discard", view.ruleset.name, view, said("drill.ask_discard"), given, (tile_name(hint.suggest),),
                 choices, hint.why, rows)  # fmt: skip


def _discard_numbers(d: Any) -> Words:
    """``ready, 8 tiles help`` / ``听牌，8张有效``: the steps to a win a discard leaves and the tiles that then help."""
    if d.win_shanten is None:
        return said("drill.no_win_left")
    return said("drill.discard_numbers", steps=bare_steps(d.win_shanten), n=d.win_acceptance)


class Discards(Finder):
    """Discard drills from the seats' turns."""

    def decision(self, view: SeatView, hand: Hand) -> None:
        """A turn with 14 tiles: maybe a drill."""
        if view.phase is not Phase.TURN or not any(a.kind is ActionKind.DISCARD for a in view.legal):
            return
        if len(view.hand) + 3 * len(view.melds[view.seat]) != 14 or not self.fresh(hand, view.seat):
            return
        self.keep(hand, view.seat, discard_drill(view))


# --------------------------------------------------------------------------- which tiles win


def waits_drill(view: SeatView) -> Drill | None:
    """A waits drill on ``view`` (13 tiles), or None: the hand must be ready in shape, with two waits or more, or a
    wait that may not win."""
    if not regular_waits(list(view.counts), view.melds[view.seat]) and not view.ruleset.is_ready(
        view.counts, view.melds[view.seat]
    ):
        return None
    given = hint_input(view)
    hint = analyse_input(given)
    waits = hint.waits
    if not waits or (len(waits) < 2 and all(w.qualifies for w in waits)):
        return None
    rules = view.ruleset
    answer = tile_ids([w.tile for w in waits if w.qualifies])
    rows = tuple(Row(tile_name(w.tile), _wait_numbers(rules, w), w.qualifies) for w in waits)
    kinds = NUM_KINDS if rules.honours else 27
    choices = tuple(Choice(tile_name(t), tile_words(t)) for t in range(kinds))
    return Drill("waits", rules.name, view, said("drill.ask_waits"), given, answer, choices, hint.why, rows)


def _wait_numbers(rules: Ruleset, w: Any) -> Words:
    """``wins: 混一色, 2 left`` or why it may not win."""
    from mahjong_tui.book.rulebook import type_names

    if w.qualifies:
        types = type_names(rules, w.types) if w.types else NONE
        return said("drill.wait_wins", types=types, n=w.left)
    return said("drill.wait_no_win", why=w.why)


class Waits(Finder):
    """Waits drills from the seats that have just discarded."""

    def discarded(self, view: SeatView, hand: Hand) -> None:
        """13 tiles after a discard: maybe a drill (a hand of which no wait may win is a third of a set at most:
        where a win must qualify, most hands ready in shape are such, and would crowd out the rest)."""
        if not self.fresh(hand, view.seat):
            return
        drill = waits_drill(view)
        if drill is not None and not drill.answer:
            if 3 * (sum(1 for d in self.found if not d.answer) + 1) > self.count:
                return
        self.keep(hand, view.seat, drill)


# --------------------------------------------------------------------------- what does it pay


#: ways a count goes wrong, each a change to the win it is counted on: (the mistake's key, the change)
def _slips(rules: Ruleset, ctx: WinContext) -> list[tuple[str, WinContext]]:
    """The same win counted with one thing forgotten or mistaken, where the rule set counts that thing."""
    out: list[tuple[str, WinContext]] = []
    inputs = rules.score_inputs
    if "bird" in inputs and ctx.bird is not None:
        out.append(("slip_bird", replace(ctx, bird=None)))
    if "claims" in inputs and ctx.claims is not None and any(map(any, ctx.claims)):
        out.append(("slip_claims", replace(ctx, claims=((0,) * 4,) * 4, melds=ctx.melds)))
    if "flowers" in inputs and ctx.flowers:
        out.append(("slip_flowers", replace(ctx, flowers=())))
    if "huangfan" in inputs and ctx.huangfan:
        out.append(("slip_huangfan", replace(ctx, huangfan=False)))
    if "kaibao" in inputs and ctx.kaibao:
        out.append(("slip_kaibao", replace(ctx, kaibao=False)))
    if ctx.win_by is WinBy.SELF_DRAW:
        others = [s for s in range(4) if s != ctx.winner]
        out.append(("slip_discard", replace(ctx, win_by=WinBy.DISCARD, discarder=others[0], replacement=False)))
    else:
        out.append(("slip_self_draw", replace(ctx, win_by=WinBy.SELF_DRAW, discarder=None, kaigang_discard=False)))
    other_dealer = next(s for s in range(1, 4) if (ctx.dealer + s) % 4 not in (ctx.winner, ctx.discarder))
    out.append(("slip_dealer", replace(ctx, dealer=(ctx.dealer + other_dealer) % 4)))
    return out


def score_drill(rules: Ruleset, ctx: WinContext, view: SeatView, takings: int) -> Drill | None:
    """A score drill on a win from play (its context as the game scored it), or None: it must score as played and
    at least two ways of getting it wrong must give other numbers."""
    from mahjong_tui.book.calculator import situation_from_json
    from mahjong_tui.book.json_io import InputError

    if ctx.win_tile is None or ctx.initial:
        return None
    given = score_input(rules, ctx)
    try:
        result = situation_from_json(given).score()
    except InputError:
        return None
    winner = ctx.winner
    if not result.valid or result.payments[winner] != takings:
        return None
    wrong: dict[int, str] = {}
    for key, slipped in _slips(rules, ctx):
        other = rules.score(slipped)
        value = other.payments[winner]
        if other.valid and value != takings and value > 0 and value not in wrong:
            wrong[value] = key
    if len(wrong) < 2:
        return None
    values = [takings, *list(wrong)[:3]]
    choices = tuple(Choice(str(v), alike(v)) for v in sorted(values))
    rows = tuple(Row(line.kind.value, Words(line.en, line.zh or line.en)) for line in result.lines)
    slips = tuple(Row(str(v), said(f"drill.{key}", n=v)) for v, key in list(wrong.items())[:3])
    reason = said("drill.score_reason", n=takings, types=_types(rules, result.types))
    shown = (*ctx.concealed, ctx.win_tile)
    question = said("drill.ask_score", seat=seat_words(winner))
    return Drill("score", rules.name, view, question, given, (str(takings),), choices, reason, rows + slips,
                 shown=shown, facts=win_facts(rules, ctx), payments=result.payments)  # fmt: skip


def _types(rules: Ruleset, types: tuple[str, ...]) -> Words:
    """The hand types by name."""
    from mahjong_tui.book.rulebook import type_names

    return type_names(rules, list(types)) if types else NONE


def win_facts(rules: Ruleset, ctx: WinContext) -> tuple[Words, ...]:
    """What a win's count depends on beyond its tiles, one line each: how it was won, who dealt, the bird, 三口 …"""
    facts = [said("drill.fact_dealer", seat=seat_words(ctx.dealer))]
    if ctx.win_by is WinBy.SELF_DRAW:
        facts.append(said("drill.fact_replacement" if ctx.replacement else "drill.fact_self_draw"))
    else:
        key = "drill.fact_robbed" if ctx.win_by is WinBy.ROBBED_KONG else "drill.fact_discard"
        facts.append(said(key, seat=seat_words(ctx.discarder or 0)))
    if ctx.last_tile:
        facts.append(said("drill.fact_last_tile"))
    if ctx.kaigang_discard:
        facts.append(said("drill.fact_kaigang_discard"))
    if ctx.first_turn:
        facts.append(said("drill.fact_first_turn"))
    inputs = rules.score_inputs
    if "bird" in inputs:
        bird = ctx.bird
        facts.append(said("drill.fact_bird", tile=tile_words(bird)) if bird is not None else said("drill.fact_no_bird"))
    if "claims" in inputs and ctx.claims is not None:
        for a in range(4):
            for b in range(4):
                if ctx.claims[a][b]:
                    facts.append(said("drill.fact_claims", seat=seat_words(a), other=seat_words(b), n=ctx.claims[a][b]))
    if "flowers" in inputs and ctx.flowers:
        facts.append(said("drill.fact_flowers", tiles=tiles_words(ctx.flowers)))
    if "base" in inputs and ctx.base != 1:
        facts.append(said("drill.fact_base", n=ctx.base))
    for name in ("huangfan", "kaibao", "discarder_ready"):
        if name in inputs and getattr(ctx, name):
            facts.append(said(f"drill.fact_{name}"))
    return tuple(facts)


class Scores(Finder):
    """Score drills from hands won by one player."""

    def hand_over(self, game: Game, start: int, views: dict[int, SeatView]) -> None:
        """A hand won by one seat: maybe a drill on its win."""
        wins = [ev for ev in game.events[start:] if isinstance(ev, PlayerWon)]
        if len(wins) != 1 or self.done() or wins[0].seat not in views:
            return
        ev = wins[0]
        drill = score_drill(self.rules, ev.context, views[ev.seat], ev.result.payments[ev.seat])
        if drill is not None:
            self.found.append(drill)


FINDERS: dict[str, type[Finder]] = {"discard": Discards, "waits": Waits, "score": Scores}
#: games played at most for a set of ``count`` drills of a kind: a seed that finds too few stops there
GAMES_PER_DRILL = 12


def plain_drills(rules: str, kind: str, count: int, seed: int) -> list[Drill]:
    """``count`` drills of ``kind`` (discard, waits or score) under ``rules``, from self-play seeded with ``seed``."""
    finder = FINDERS[kind](get_ruleset(rules), seed, kind, count)
    self_play(rules, seed, kind, finder, games=GAMES_PER_DRILL * max(1, count))
    return finder.found[:count]
