"""``mahjong-tui stats [--player NAME] [--rules PRESET] [--lang en|zh|both] [--json]``: how players have done.

Per player and preset: games, hands, wins, self-draws, deal-ins, points per hand, the
biggest win, the hand types won and, where the preset has them, the rank title earned by
lifetime points. Bots are marked. In English unless ``--lang`` says otherwise (the words of
the statistics screen); ``--json`` is the same in every language. A database that cannot be
read: one line, exit 2.
"""

from __future__ import annotations

import json
import sys

from mahjong_tui.engine import Words, counted
from mahjong_tui.i18n import Catalogue, catalogue, cells

from .parser import OneLineParser, add_language

BAR = 20  # the width of a bar at 100 %


def parser() -> OneLineParser:
    """Options of ``mahjong-tui stats``."""
    p = OneLineParser(prog="mahjong-tui stats", description="How players have done, per player and preset.")
    p.add_argument("--player", default=None, help="only this player")
    p.add_argument("--rules", default=None, help="only this preset")
    add_language(p)
    p.add_argument("--json", action="store_true", help="one JSON object on standard output")
    return p


def bar(share: float, width: int = BAR) -> str:
    """``█████░░░░░``: a share of 0..1 as a bar of ``width`` cells."""
    full = round(max(0.0, min(1.0, share)) * width)
    return "█" * full + "░" * (width - full)


def run(argv: list[str]) -> int:
    """Print the statistics; the exit status."""
    from mahjong_tui.engine import UnknownRules, resolve
    from mahjong_tui.rulebook import type_names
    from mahjong_tui.stats import Statistics, StatsError, rank_title
    from mahjong_tui.storage import stats_path

    args = parser().parse_or_status(argv)
    if isinstance(args, int):
        return args
    if args.rules is not None:
        try:
            resolve(args.rules)
        except UnknownRules as e:
            print(f"mahjong-tui stats: {e}", file=sys.stderr)
            return 2
    path = stats_path()
    rows = []
    if path.exists():
        try:
            db = Statistics(path)
        except StatsError as e:
            print(f"mahjong-tui stats: {' '.join(str(e).split())}", file=sys.stderr)
            return 2
        try:
            rows = db.players()
        finally:
            db.close()
    say = catalogue(args.lang)
    shown = [r for r in rows if args.player in (None, r.player) and args.rules in (None, r.rules)]
    out = []
    for r in shown:
        rules = resolve(r.rules)
        title = rank_title(rules, r.points)
        out.append({
            "player": r.player, "bot": r.bot, "rules": r.rules, "games": r.games, "hands": r.hands,
            "wins": r.wins, "self_draws": r.self_draws, "deal_ins": r.deal_ins, "points": r.points,
            "points_per_hand": round(r.points_per_hand, 2), "biggest_win": r.biggest_win,
            "types": dict(r.types.most_common()), "title": title,
            "type_names": {t: _type_name(say, type_names(rules, [t])) for t in r.types},
            "biggest_shown": r.biggest_shown, "preset_zh": rules.zh_name,
        })  # fmt: skip
    if args.json:
        for o in out:
            del o["type_names"], o["biggest_shown"], o["preset_zh"]
        sys.stdout.write(json.dumps({"players": out}, ensure_ascii=False) + "\n")
    elif not out:
        print(say("stats.none") if not rows else say.words(_NO_MATCH))
    else:
        print("\n\n".join(_block(o, say) for o in out))
    return 0


_NO_MATCH = Words("No player matches.", "没有符合的玩家。")
#: each share's field and the statistics screen's word for it
_SHARES = (("wins", "stats.won"), ("self_draws", "stats.self_drawn"), ("deal_ins", "stats.dealt_in"))


def _type_name(say: Catalogue, names: Words) -> str:
    """A hand type's name in a record: the Chinese one in English too (the name players use), else as the language
    has it."""
    return names.zh if say.language == "en" else say.words(names)


def _block(o: dict, say: Catalogue) -> str:
    """One player's record under one preset as a few lines with bars, in ``say``'s language."""
    hands = o["hands"] or 1
    name = say("stats.bot", name=o["player"]) if o["bot"] else o["player"]
    zh_name = o.pop("preset_zh")
    preset = o["rules"] if say.language == "en" else f"{zh_name} ({o['rules']})"
    who = f"{name} · {preset}" + (f" · {o['title']}" if o["title"] else "")
    names = o.pop("type_names")
    mark = "、" if say.language == "zh" else ", "
    none = say.words(Words("none yet", "还没有"))
    types = mark.join(f"{names[t]} ×{n}" for t, n in list(o["types"].items())[:5]) or none
    points, per_hand, biggest = f"{o['points']:+d}", f"{o['points_per_hand']:+.2f}", o.pop("biggest_shown")
    games, hand_count = counted(o["games"], "game"), counted(o["hands"], "hand")
    counts = Words(
        f"{games}, {hand_count}, {points} points ({per_hand} a hand), biggest win {biggest}",
        f"{o['games']} 盘，{o['hands']} 局，{points} 分（每局 {per_hand}），最大一胡 {biggest}",
    )
    lines = [counts.zh, counts.en] if say.language == "both" else [say.words(counts)]  # one long line would wrap
    labels = [(key, say(word)) for key, word in _SHARES]
    wide = max(cells(label) for _, label in labels) + 1
    shares = [
        f"  {label}{' ' * (wide - cells(label))}{bar(o[key] / hands)} {o[key]:>4} ({100 * o[key] / hands:.0f}%)"
        for key, label in labels
    ]
    colon = "：" if say.language == "zh" else ": "
    kinds = f"  {say.words(Words('hand types won', '胡过的番种'))}{colon}{types}"
    return "\n".join([who, *(f"  {line}" for line in lines), *shares, kinds])
