"""A game record as a readable log: one line per action, each hand's result with its scoring breakdown.

The record is replayed action by action, so every line is what the engine did with that
action: the tile drawn before a discard, the meld a claim made, the flowers shown, the win
and how it was scored.
"""

from __future__ import annotations

from mahjong_tui.engine import (
    Action,
    ActionKind,
    BirdDrawn,
    DrawSource,
    Event,
    FlowerRevealed,
    Game,
    HandEnded,
    HandOutcome,
    HandStarted,
    InitialWinsDeclared,
    KaigangRevealed,
    KongDeclared,
    MeldClaimed,
    PlayerWon,
    Ruleset,
    TileDrawn,
    TilesDealt,
    format_tiles,
    tile_name,
)
from mahjong_tui.engine.tiles import seat_wind_zh

from .i18n import cells, names_in
from .rulebook import type_names
from .saves import SavedGame

DICE = "⚀⚁⚂⚃⚄⚅"


def export_text(saved: SavedGame) -> str:
    """The whole game as text."""
    game, table = saved.game, saved.table
    names = [s.name for s in table.seats]
    kinds = [f"{s.name} ({s.bot} bot)" if s.bot else f"{s.name} (person)" for s in table.seats]
    rules = game.rules
    lines = [f"{rules.en_name} {rules.zh_name} ({rules.name}) · seed {game.seed} · " + ", ".join(kinds)]
    replay = Game(rules, game.seed, game.options, rigged=game.rigged)
    for number, actions in enumerate(game.actions, start=1):
        if number > 1:
            replay.next_hand()
        dealer = replay.hand.dealer
        lines.append("")
        lines.extend(_opening(replay.hand_events, names, dealer, rules.uses_huangfan))
        for i, action in enumerate(actions, start=1):
            events = replay.apply(action)
            what = _action(action) + _consequences(events, names)
            lines.append(f"  {i:>3}. {_who(action.seat, names, dealer)} {what}")
            lines.extend(_results(events, names, rules))
    if replay.over:
        lines.append("")
        lines.append(f"Game over: {names_in(replay.end_reason.en, names)}")
        lines.append("Final points: " + ", ".join(f"{names[s]} {p}" for s, p in enumerate(replay.scores)))
    return "\n".join(lines)


def _who(seat: int, names: list[str], dealer: int) -> str:
    """``南 Jun`` (the seat's wind in this hand, then its name), padded."""
    name = names[seat]
    return f"{seat_wind_zh(seat, dealer)} {name}" + " " * max(0, 12 - cells(name))


def _opening(events: list[Event], names: list[str], dealer: int, huangfan: bool) -> list[str]:
    """The hand's first lines: dealer, dice, 荒番 (where the rules count it), the deal and its flowers."""
    out = []
    for ev in events:
        if isinstance(ev, HandStarted):
            dice = f"{DICE[ev.dice[0] - 1]}{DICE[ev.dice[1] - 1]} {ev.dice[0]}+{ev.dice[1]}"
            scores = ", ".join(f"{names[s]} {p}" for s, p in enumerate(ev.scores))
            head = f"Hand {ev.hand_number} · dealer {names[ev.dealer]} · dice {dice}"
            out.append(f"{head} · 荒番 {ev.huangfan} · {scores}" if huangfan else f"{head} · {scores}")
        elif isinstance(ev, TilesDealt):
            out.append(f"  dealt {_who(ev.seat, names, dealer)} {format_tiles(ev.tiles)}")
        elif isinstance(ev, FlowerRevealed):
            out.append(f"  补花 {_who(ev.seat, names, dealer)} {tile_name(ev.tile)}")
    return out


def _action(action: Action) -> str:
    """What the action was, in a few words."""
    if action.kind is ActionKind.PASS:
        return "passes"
    return action.describe()


def _consequences(events: list[Event], names: list[str]) -> str:
    """What else the action caused that a reader follows: draws, flowers, melds, 开杠 tiles."""
    parts = []
    for ev in events:
        if isinstance(ev, TileDrawn):
            where = {DrawSource.TAIL: " from the tail", DrawSource.HAIDI: " (海底)"}.get(ev.source, "")
            if ev.source is not DrawSource.KAIGANG:
                parts.append(f"{names[ev.seat]} draws {tile_name(ev.tile)}{where}")
        elif isinstance(ev, FlowerRevealed):
            parts.append(f"{names[ev.seat]} shows flower {tile_name(ev.tile)}")
        elif isinstance(ev, MeldClaimed):
            meld = f"{ev.meld.kind.value} {ev.meld.notation()}"
            parts.append(f"{names[ev.seat]} takes it: {meld} from {names[ev.from_seat]}")
        elif isinstance(ev, KongDeclared):
            parts.append(f"{ev.meld.kind.value.replace('_', ' ')} {ev.meld.notation()}")
        elif isinstance(ev, KaigangRevealed):
            parts.append(f"开杠 dice {ev.dice[0]}+{ev.dice[1]} turn up {format_tiles(ev.tiles)}")
        elif isinstance(ev, BirdDrawn):
            parts.append(f"bird {tile_name(ev.tile)} on {names[ev.seat]}")
    return (" → " + "; ".join(parts)) if parts else ""


def _results(events: list[Event], names: list[str], rules: Ruleset) -> list[str]:
    """A win's breakdown, initial small wins, the hand's end and the game's."""
    out = []
    for ev in events:
        if isinstance(ev, PlayerWon | InitialWinsDeclared):
            ctx_line = "initial small wins (起手小胡)" if isinstance(ev, InitialWinsDeclared) else _how(ev, names)
            out.append(f"       {names[ev.seat]} {ctx_line}: {type_names(rules, ev.result.types).en}")
            out.extend(f"         {names_in(line.text(), names)}" for line in ev.result.lines)
        elif isinstance(ev, HandEnded):
            outcome = "drawn (流局)" if ev.outcome is HandOutcome.DRAWN else "won by " + ", ".join(
                names[s] for s in ev.winners
            )
            paid = ", ".join(f"{names[s]} {p:+d}" for s, p in enumerate(ev.payments))
            out.append(f"  Hand over, {outcome}: {paid}; {names[ev.next_dealer]} deals next")
    return out


def _how(ev: PlayerWon, names: list[str]) -> str:
    """``wins by self-draw on 5m``, ``wins on 5m from Jun``."""
    ctx = ev.context
    tile = tile_name(ctx.win_tile) if ctx.win_tile is not None else "the dealt hand"
    if ctx.discarder is None:
        return f"wins by self-draw on {tile}"
    how = "robbing the kong of" if ctx.win_by.value == "robbed_kong" else "on"
    return f"wins {how} {tile} from {names[ctx.discarder]}"



