"""``mahjong-tui stats [--player NAME] [--rules PRESET] [--json]``: how players have done.

Per player and preset: games, hands, wins, self-draws, deal-ins, points per hand, the
biggest win, the hand types won and, where the preset has them, the rank title earned by
lifetime points. Bots are marked. A database that cannot be read: one line, exit 2.
"""

from __future__ import annotations

import json
import sys

from mahjong_tui.engine import counted

from .parser import OneLineParser

BAR = 20  # the width of a bar at 100 %


def parser() -> OneLineParser:
    """Options of ``mahjong-tui stats``."""
    p = OneLineParser(prog="mahjong-tui stats", description="How players have done, per player and preset.")
    p.add_argument("--player", default=None, help="only this player")
    p.add_argument("--rules", default=None, help="only this preset")
    p.add_argument("--json", action="store_true", help="one JSON object on standard output")
    return p


def bar(share: float, width: int = BAR) -> str:
    """``█████░░░░░``: a share of 0..1 as a bar of ``width`` cells."""
    full = round(max(0.0, min(1.0, share)) * width)
    return "█" * full + "░" * (width - full)


def run(argv: list[str]) -> int:
    """Print the statistics; the exit status."""
    from mahjong_tui.engine import UnknownRules, resolve
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
    rows = [r for r in rows if args.player in (None, r.player) and args.rules in (None, r.rules)]
    out = []
    for r in rows:
        rules = resolve(r.rules)
        title = rank_title(rules, r.points)
        out.append({
            "player": r.player, "bot": r.bot, "rules": r.rules, "games": r.games, "hands": r.hands,
            "wins": r.wins, "self_draws": r.self_draws, "deal_ins": r.deal_ins, "points": r.points,
            "points_per_hand": round(r.points_per_hand, 2), "biggest_win": r.biggest_win,
            "types": dict(r.types.most_common()), "title": title,
            "type_names": {t: rules.hand_types[t].zh if t in rules.hand_types else t for t in r.types},
            "biggest_shown": r.biggest_shown,
        })  # fmt: skip
    if args.json:
        for o in out:
            del o["type_names"], o["biggest_shown"]
        sys.stdout.write(json.dumps({"players": out}, ensure_ascii=False) + "\n")
    elif not out:
        print("No games recorded yet: finished games are counted here." if not rows else "No player matches.")
    else:
        print("\n\n".join(_block(o) for o in out))
    return 0


def _block(o: dict) -> str:
    """One player's record under one preset as a few lines with bars."""
    hands = o["hands"] or 1
    who = f"{o['player']}{' (bot)' if o['bot'] else ''} · {o['rules']}" + (f" · {o['title']}" if o["title"] else "")
    names = o.pop("type_names")
    types = ", ".join(f"{names[t]} ×{n}" for t, n in list(o["types"].items())[:5]) or "none yet"
    games, hand_count = counted(o["games"], "game"), counted(o["hands"], "hand")
    return "\n".join([
        who,
        f"  {games}, {hand_count}, {o['points']:+d} points ({o['points_per_hand']:+.2f} a hand),"
        f" biggest win {o.pop('biggest_shown')}",
        f"  won        {bar(o['wins'] / hands)} {o['wins']:>4} ({100 * o['wins'] / hands:.0f}%)",
        f"  self-drawn {bar(o['self_draws'] / hands)} {o['self_draws']:>4} ({100 * o['self_draws'] / hands:.0f}%)",
        f"  dealt in   {bar(o['deal_ins'] / hands)} {o['deal_ins']:>4} ({100 * o['deal_ins'] / hands:.0f}%)",
        f"  hand types won: {types}",
    ])  # fmt: skip
