"""A game record as a readable log: one line per action, each hand's result with its scoring breakdown.

The record is replayed action by action, so every line is what the engine did with that
action: the tile drawn before a discard, the meld a claim made, the flowers shown, the win
and how it was scored.
"""

from __future__ import annotations

from mahjong_tui.book.rulebook import type_names
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
    ScoreLine,
    Tile,
    TileDrawn,
    TilesDealt,
    WinBy,
    Words,
    format_tiles,
    tile_name,
    tile_zh,
)
from mahjong_tui.engine.actions import KIND_WORDS
from mahjong_tui.engine.tiles import hand_zh, seat_wind_zh, tiles_zh
from mahjong_tui.i18n import catalogue, cells, names_in
from mahjong_tui.keep.saves import SavedGame

DICE = "⚀⚁⚂⚃⚄⚅"


class _Say:
    """The export's words: the players' names, and the language the lines are shown in (a line in both languages,
    as :class:`Words`, is shown as the language has it)."""

    def __init__(self, language: str, names: list[str]):
        self.language = language
        self.names = names
        #: one line in the language after a lead (``both``: the Chinese, the English under it)
        self.line = catalogue(language).line

    def breakdown(self, line: ScoreLine) -> str:
        """A line of a win's breakdown: in both languages unless Chinese alone is asked (a learner reading the
        English meets the words used at the table)."""
        return names_in((line.zh or line.en) if self.language == "zh" else line.text(), self.names)


def _tile_words(tile: Tile) -> Words:
    """A tile in a line: ``5m`` / ``五万``."""
    return Words(tile_name(tile), tile_zh(tile))


def export_text(saved: SavedGame, language: str = "en") -> str:
    """The whole game as text, in ``language`` (``en``, ``zh`` or ``both``)."""
    game, table = saved.game, saved.table
    names = [s.name for s in table.seats]
    say = _Say(language, names)
    rules = game.rules
    zh = catalogue("zh")
    kinds = [Words(f"{s.name} ({s.bot} bot)", zh("resume.bot", name=s.name, level=zh(f"resume.level_{s.bot}")))
             if s.bot else Words(f"{s.name} (person)", f"{s.name}（玩家）") for s in table.seats]  # fmt: skip
    lines = [say.line(Words(
        f"{rules.en_name} {rules.zh_name} ({rules.name}) · seed {game.seed} · " + ", ".join(k.en for k in kinds),
        f"{rules.zh_name} ({rules.name}) · 种子 {game.seed} · " + "、".join(k.zh for k in kinds),
    ))]  # fmt: skip
    replay = Game(rules, game.seed, game.options, rigged=game.rigged)
    for number, actions in enumerate(game.actions, start=1):
        if number > 1:
            replay.next_hand()
        dealer = replay.hand.dealer
        lines.append("")
        lines.extend(_opening(replay.hand_events, say, dealer, rules.uses_huangfan))
        for i, action in enumerate(actions, start=1):
            events = replay.apply(action)
            what = _action(action, say, events)
            who = f"  {i:>3}. {_who(action.seat, names, dealer)} "
            lines.append(say.line(what, who))
            lines.extend(_results(events, say, rules))
    if replay.over:
        points = ", ".join(f"{names[s]} {p}" for s, p in enumerate(replay.scores))
        reason = Words(names_in(replay.end_reason.en, names), names_in(replay.end_reason.zh, names))
        lines.append("")
        lines.append(say.line(Words(f"Game over: {reason.en}", f"游戏结束：{reason.zh}")))
        lines.append(say.line(Words(f"Final points: {points}", f"最终得分：{points}")))
    return "\n".join(lines)


def _who(seat: int, names: list[str], dealer: int) -> str:
    """``南 Jun`` (the seat's wind in this hand, then its name), padded."""
    name = names[seat]
    return f"{seat_wind_zh(seat, dealer)} {name}" + " " * max(0, 12 - cells(name))


def _opening(events: list[Event], say: _Say, dealer: int, huangfan: bool) -> list[str]:
    """The hand's first lines: dealer, dice, 荒番 (where the rules count it), the deal and its flowers."""
    names = say.names
    out = []
    for ev in events:
        if isinstance(ev, HandStarted):
            dice = f"{DICE[ev.dice[0] - 1]}{DICE[ev.dice[1] - 1]} {ev.dice[0]}+{ev.dice[1]}"
            tail = (
                (f" · 荒番 {ev.huangfan}" if huangfan else "")
                + " · "
                + ", ".join(f"{names[s]} {p}" for s, p in enumerate(ev.scores))
            )
            out.append(say.line(Words(
                f"Hand {ev.hand_number} · dealer {names[ev.dealer]} · dice {dice}{tail}",
                f"第 {ev.hand_number} 局 · 庄家 {names[ev.dealer]} · 骰子 {dice}{tail}",
            )))  # fmt: skip
        elif isinstance(ev, TilesDealt):
            who = _who(ev.seat, names, dealer)
            out.append(say.line(Words(f"  dealt {who} {format_tiles(ev.tiles)}", f"  起手  {who} {hand_zh(ev.tiles)}")))
        elif isinstance(ev, FlowerRevealed):
            tile = _tile_words(ev.tile)
            who = _who(ev.seat, names, dealer)
            out.append(say.line(tile, f"  补花 {who} "))
    return out


def _action(action: Action, say: _Say, events: list[Event]) -> Words:
    """What the action was, in a few words, and what else it caused that a reader follows: draws, flowers, melds,
    开杠 tiles, the bird."""
    if action.kind is ActionKind.PASS:
        what = Words("passes", KIND_WORDS[ActionKind.PASS].zh)
    elif action.kind is ActionKind.DISCARD and action.tile is not None:
        what = Words(action.describe(), f"打 {tile_zh(action.tile)}")
    else:
        what = action.words()
    parts = [_consequence(ev, say) for ev in events]
    told = [p for p in parts if p is not None]
    if not told:
        return what
    return Words(
        what.en + " → " + "; ".join(p.en for p in told),
        what.zh + " → " + "；".join(p.zh for p in told),
    )


def _consequence(ev: Event, say: _Say) -> Words | None:
    """One thing an action caused, or None for what the lines do not follow."""
    names = say.names
    if isinstance(ev, TileDrawn):
        if ev.source is DrawSource.KAIGANG:
            return None
        tile = _tile_words(ev.tile)
        if ev.source is DrawSource.TAIL:
            return Words(f"{names[ev.seat]} draws {tile.en} from the tail", f"{names[ev.seat]} 从牌尾摸到 {tile.zh}")
        where = Words(" (海底)", "（海底）") if ev.source is DrawSource.HAIDI else Words("", "")
        return Words(f"{names[ev.seat]} draws {tile.en}{where.en}", f"{names[ev.seat]} 摸到 {tile.zh}{where.zh}")
    if isinstance(ev, FlowerRevealed):
        tile = _tile_words(ev.tile)
        return Words(f"{names[ev.seat]} shows flower {tile.en}", f"{names[ev.seat]} 补花 {tile.zh}")
    if isinstance(ev, MeldClaimed):
        kind = ev.meld.kind.value
        return Words(
            f"{names[ev.seat]} takes it: {kind} {ev.meld.notation()} from {names[ev.from_seat]}",
            f"{names[ev.seat]} {KIND_WORDS[ActionKind(kind)].zh} {names[ev.from_seat]} 的牌：{tiles_zh(ev.meld.tiles)}",
        )
    if isinstance(ev, KongDeclared):
        kind = ev.meld.kind.value
        zh = f"{KIND_WORDS[ActionKind(kind)].zh} {tiles_zh(ev.meld.tiles)}"
        return Words(f"{kind.replace('_', ' ')} {ev.meld.notation()}", zh)
    if isinstance(ev, KaigangRevealed):
        tiles = Words(format_tiles(ev.tiles), tiles_zh(ev.tiles))
        dice = f"{ev.dice[0]}+{ev.dice[1]}"
        return Words(f"开杠 dice {dice} turn up {tiles.en}", f"开杠，骰子 {dice}，翻出 {tiles.zh}")
    if isinstance(ev, BirdDrawn):
        tile = _tile_words(ev.tile)
        return Words(f"bird {tile.en} on {names[ev.seat]}", f"扎鸟 {tile.zh} 落在 {names[ev.seat]}")
    return None


def _results(events: list[Event], say: _Say, rules: Ruleset) -> list[str]:
    """A win's breakdown, initial small wins, the hand's end and the game's."""
    names = say.names
    out = []
    for ev in events:
        if isinstance(ev, PlayerWon | InitialWinsDeclared):
            if isinstance(ev, InitialWinsDeclared):
                how = Words("initial small wins (起手小胡)", "起手小胡")
            else:
                how = _how(ev, say)
            types = type_names(rules, ev.result.types)
            who = f"       {names[ev.seat]} "
            out.append(say.line(Words(f"{how.en}: {types.en}", f"{how.zh}：{types.zh}"), who))
            out.extend(f"         {say.breakdown(line)}" for line in ev.result.lines)
        elif isinstance(ev, HandEnded):
            paid = ", ".join(f"{names[s]} {p:+d}" for s, p in enumerate(ev.payments))
            winners = ", ".join(names[s] for s in ev.winners)
            nxt = names[ev.next_dealer]
            if ev.outcome is HandOutcome.DRAWN:
                outcome = Words("drawn (流局)", "流局")
            else:
                outcome = Words(f"won by {winners}", f"{winners} 胡")
            out.append(say.line(Words(
                f"Hand over, {outcome.en}: {paid}; {nxt} deals next",
                f"本局结束，{outcome.zh}：{paid}；下一局 {nxt} 坐庄",
            ), "  "))  # fmt: skip
    return out


def _how(ev: PlayerWon, say: _Say) -> Words:
    """``wins by self-draw on 5m``, ``wins on 5m from Jun``."""
    ctx = ev.context
    names = say.names
    tile = _tile_words(ctx.win_tile) if ctx.win_tile is not None else Words("the dealt hand", "起手的牌")
    if ctx.discarder is None:
        return Words(f"wins by self-draw on {tile.en}", f"自摸 {tile.zh}")
    who = names[ctx.discarder]
    if ctx.win_by is WinBy.ROBBED_KONG:
        return Words(f"wins robbing the kong of {tile.en} from {who}", f"抢 {who} 的杠 {tile.zh}")
    return Words(f"wins on {tile.en} from {who}", f"胡 {who} 打的 {tile.zh}")
