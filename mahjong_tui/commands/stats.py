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
from typing import TYPE_CHECKING

from mahjong_tui.engine.words import said
from mahjong_tui.i18n import Catalogue, catalogue, cells
from mahjong_tui.keep.stats_reading import read_drills, read_players

from .parser import OneLineParser, add_language

if TYPE_CHECKING:
    from mahjong_tui.engine import Ruleset
    from mahjong_tui.keep.stats import DrillAnswer, PlayerStats

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
    from mahjong_tui.clean import clean_name
    from mahjong_tui.engine import UnknownRules, resolve
    from mahjong_tui.keep.stats import rank_title

    args = parser().parse_or_status(argv)
    if isinstance(args, int):
        return args
    if args.rules is not None:
        try:
            resolve(args.rules)
        except UnknownRules as e:
            print(f"mahjong-tui stats: {e}", file=sys.stderr)
            return 2
    rows, problem = read_players()
    drills, drill_problem = read_drills(args.rules)
    problem = problem or drill_problem
    if problem:
        print(f"mahjong-tui stats: {problem}", file=sys.stderr)
        return 2
    shown = []
    for r in rows:
        r.player = clean_name(r.player)  # a database may hold any name: none reaches the terminal with controls
        if args.player in (None, r.player) and args.rules in (None, r.rules):
            try:
                shown.append((r, resolve(r.rules)))
            except UnknownRules:  # a preset this version does not have
                continue
    if args.json:
        players = [{
            "player": r.player, "bot": r.bot, "rules": r.rules, "games": r.games, "hands": r.hands,
            "wins": r.wins, "self_draws": r.self_draws, "deal_ins": r.deal_ins, "points": r.points,
            "points_per_hand": round(r.points_per_hand, 2), "biggest_win": r.biggest_win,
            "types": dict(r.types.most_common()), "title": rank_title(rules, r.points),
        } for r, rules in shown]  # fmt: skip
        out: dict[str, object] = {"players": players}
        out["drills"] = drills_json(drills)
        sys.stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
        return 0
    say = catalogue(args.lang)
    if not shown:
        print(say("stats.none") if not rows else say.words(said("stats_words.no_match")))
    else:
        print("\n\n".join(_block(r, rules, say) for r, rules in shown))
    if drills:
        print("\n" + drill_lines(drills, say))
    return 0


def drills_json(answers: list[DrillAnswer]) -> dict[str, object]:
    """The drills answered, for ``--json``: over all, per day and per kind (a rare moment by its name)."""
    from mahjong_tui.keep.stats import DrillTally, drill_tallies

    total, days, kinds = drill_tallies(answers)

    def one(tally: DrillTally) -> dict[str, object]:
        return {"answers": tally.answers, "right": tally.right, "accuracy": round(tally.accuracy, 3),
                "best_streak": tally.best_streak, "seconds_each": round(tally.seconds_each, 2)}  # fmt: skip

    return {**one(total), "streak": total.streak, "days": [{"day": d.label, **one(d)} for d in days],
            "kinds": {k.label: one(k) for k in kinds}}  # fmt: skip


def drill_lines(answers: list[DrillAnswer], say: Catalogue) -> str:
    """The drills answered as lines: a heading, one line a day (the last 14), one for all, one per kind."""
    from mahjong_tui.keep.stats import DrillTally, drill_tallies
    from mahjong_tui.learn.drills import MOMENTS

    total, days, kinds = drill_tallies(answers)

    def line(label: str, tally: DrillTally) -> str:
        return "  " + say("drill.stats_line", day=label, answered=tally.answers, pct=round(100 * tally.accuracy),
                          best=tally.best_streak, secs=f"{tally.seconds_each:.1f}")  # fmt: skip

    lines = [say("drill.stats_title")]
    lines += [line(d.label, d) + f"  {bar(d.accuracy, BAR // 2)}" for d in days[-14:]]
    lines.append(line(say("drill.stats_total"), total))
    for k in kinds:
        kind = say(f"drill.moment_{k.label}") if k.label in MOMENTS else say(f"drill.kind_{k.label}")
        lines.append("  " + say("drill.stats_kind", kind=kind, right=k.right, answered=k.answers,
                                pct=round(100 * k.accuracy)))  # fmt: skip
    return "\n".join(lines)


#: each share's field and the statistics screen's word for it
_SHARES = (("wins", "stats.won"), ("self_draws", "stats.self_drawn"), ("deal_ins", "stats.dealt_in"))


def _block(r: PlayerStats, rules: Ruleset, say: Catalogue) -> str:
    """One player's record under one preset as a few lines with bars, in ``say``'s language."""
    from mahjong_tui.book.rulebook import type_names
    from mahjong_tui.keep.stats import rank_title

    hands = r.hands or 1
    name = say("stats.bot", name=r.player) if r.bot else r.player
    preset = r.rules if say.language == "en" else f"{rules.zh_name} ({r.rules})"
    title = rank_title(rules, r.points)
    who = f"{name} · {preset}" + (f" · {title}" if title else "")
    # a hand type as every screen names it: the Chinese name first in English too (the name players use)
    names = {t: say.words(type_names(rules, [t])) for t in r.types}
    kinds = say("hint.separator").join(f"{names[t]} ×{n}" for t, n in r.types.most_common(5))
    points, per_hand = f"{r.points:+d}", f"{r.points_per_hand:+.2f}"
    games, hand_count = said("stats_words.games", n=r.games), said("stats_words.hands", n=r.hands)
    counts = said(
        "stats_words.counts", games=games, hands=hand_count, points=points, per_hand=per_hand, biggest=r.biggest_shown
    )  # in both languages on two lines: one would be too long
    labels = [(key, say(word)) for key, word in _SHARES]
    wide = max(cells(label) for _, label in labels) + 1
    shares = [
        f"  {label}{' ' * (wide - cells(label))}{bar(getattr(r, key) / hands)} {getattr(r, key):>4}"
        f" ({100 * getattr(r, key) / hands:.0f}%)"
        for key, label in labels
    ]
    colon = "：" if say.language == "zh" else ": "
    kinds = kinds or say.words(said("stats_words.none_yet"))
    won = f"  {say.words(said('stats_words.types_won'))}{colon}{kinds}"
    return "\n".join([who, say.line(counts, "  "), *shares, won])
