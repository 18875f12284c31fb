"""The rules of a preset, built from its rule set: facts, hand types with worked examples, its own rules, a glossary.

Everything here comes from the rule set object: its tiles and flags, its hand types and
what each is worth, its rules worded from its numbers, and for every hand type a worked
example that the calculator scores (so every number shown is computed). The rules screen
and ``mahjong-tui rules PRESET`` show the same book.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mahjong_tui.engine import GameOptions, KongMode, Meld, Ruleset, Tile, format_tiles
from mahjong_tui.engine.ruleset import EndOfWall, PassedWinScope
from mahjong_tui.engine.tiles import is_flower
from mahjong_tui.engine.words import Words

from .calculator import situation_from_json


def _term(zh: str, en: str, meaning: str, meaning_zh: str) -> tuple[Words, Words]:
    """A glossary entry: the term (``吃 chi`` / ``吃``) and what it means, in both languages."""
    return Words(f"{zh} {en}", zh), Words(meaning, meaning_zh)


#: (term, meaning): the words the rules use, each in English (``吃 chi``) and in Chinese (``吃``)
GLOSSARY: tuple[tuple[Words, Words], ...] = (
    _term("吃", "chi", "take the previous player's discard to make a sequence (three in a row of one suit)",
          "吃上家打的牌，凑成顺子（同一门三张连着的牌）"),
    _term("碰", "pong", "take any player's discard to make a triplet with a pair you hold",
          "任何一家打的牌，和手里的一对凑成刻子"),
    _term("杠", "kong",
          "four of a kind: from a discard (明杠), all in hand (暗杠), or a fourth tile added to a pong (上杠)",
          "四张一样的牌：杠别人打的（明杠），手里四张（暗杠），碰了以后加第四张（上杠）"),
    _term("胡", "win", "a complete hand: on your own draw (自摸 self-draw) or on another's discard",
          "牌成了：自己摸到（自摸），或胡别人打的牌（点炮）"),
    _term("听牌", "ready", "one tile from a win; the tiles that would complete it are your waits",
          "差一张就胡；能胡的那几张就是听的牌"),
    _term("向听", "steps", "how many tiles still to exchange before the hand is ready",
          "还要换几张牌才能听牌"),
    _term("补花", "flower", "a flower is shown at once and replaced by a tile from the tail of the wall",
          "摸到花牌马上亮出，从牌尾补一张"),
    _term("花", "hua", "the flower count: flowers, honour triplets and kongs, which make a flower hand's value",
          "花数：花牌、风牌字牌的刻子和杠都算花，算花的牌按花数算钱"),
    _term("勒子", "lezi", "a fixed unit of a Shanghai win (10 × the base score); big hands are worth several",
          "上海麻将胡牌的固定单位（10 × 底分）；大牌值好几个勒子"),
    _term("荒番", "huangfan", "a counter raised by hands nobody wins; while it is above 0 a win pays double",
          "没人胡的一局（荒庄）加一次荒番；荒番大于 0 时胡牌翻倍"),
    _term("开宝", "kaibao", "Shanghai 勒子: the dealer's dice are a pair or 1 and 4, and a win pays double",
          "上海勒子：庄家掷出对子或 1 和 4，这一局胡牌翻倍"),
    _term("三口", "sankou", "Shanghai: three or more claims between two players make them pay for each other",
          "上海：两家之间吃碰杠满三口，就要替对方多付"),
    _term("承包", "chengbao", "Shanghai 勒子: the same relation, paying more shares per relation",
          "上海勒子：同样的关系，每次承包多付几份"),
    _term("漏胡", "passed win", "a win passed on a discard blocks winning on discards for a while",
          "别人打的牌能胡却没胡，一段时间内不能胡别人打的牌"),
    _term("扎鸟", "bird", "Changsha: after a win the next tile's number points at a seat whose payment doubles",
          "长沙：胡牌后翻下一张牌，点数数到的那家付分翻倍"),
    _term("海底", "haidi", "Changsha: the last tile, offered in turn instead of drawn",
          "长沙：最后一张牌，按顺序问各家要不要，不是摸"),
    _term("开杠", "kaigang", "Changsha: a kong whose replacements are two tiles the dice pick from the tail",
          "长沙：杠了以后掷骰子，从牌尾翻两张"),
    _term("补张", "buzhang", "Changsha: a kong with an ordinary replacement draw",
          "长沙：杠了以后照常补一张"),
    _term("起手小胡", "initial wins", "Changsha: a dealt hand with a special pattern, shown and paid at once",
          "长沙：发到的牌有特殊牌型，马上亮出，马上收钱"),
    _term("庄家", "dealer", "the player who starts the hand with 14 tiles; winds are counted from them (东)",
          "起手拿十四张牌的那家；风位从庄家数起（东）"),
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class TypeRow:
    """One hand type: its names, what it takes and is worth, and a worked example scored."""

    id: str
    zh: str
    en: str
    description: Words
    value: Words
    hand: tuple[Tile, ...]  # the example's concealed tiles
    win_tile: Tile | None
    melds: tuple[Meld, ...]
    flowers: tuple[Tile, ...]
    how: Words  # how the example was won, in a few words
    types: tuple[str, ...]  # what the calculator found
    points: int  # what the winner collects in the example

    def example_text(self) -> str:
        """The example in tile notation."""
        out = format_tiles(self.hand)
        if self.win_tile is not None:
            out += f" + {format_tiles([self.win_tile])}"
        for m in self.melds:
            out += f" [{m.notation()}]"
        if self.flowers:
            out += f" {format_tiles(self.flowers)}"
        return out


@dataclass(frozen=True, slots=True)
class RuleBook:
    """A preset's rules as the game plays them."""

    ruleset: Ruleset
    facts: tuple[Words, ...]
    types: tuple[TypeRow, ...]
    notes: tuple[tuple[Words, tuple[Words, ...]], ...]


def rulebook(rules: Ruleset) -> RuleBook:
    """The book of ``rules``; every example is scored by the calculator."""
    rows = []
    for type_id, ht in rules.hand_types.items():
        example = rules.examples.get(type_id)
        if example is None:
            raise ValueError(f"{rules.name}: no worked example for {type_id}")
        situation = situation_from_json({"rules": rules.name, **example})
        ctx = situation.context
        result = situation.score()
        rows.append(
            TypeRow(
                type_id, ht.zh, ht.en, ht.described(), rules.type_value(type_id),
                tuple(t for t in ctx.concealed if not is_flower(t)), ctx.win_tile, ctx.melds, ctx.flowers,
                _how(example), result.types, result.payments[ctx.winner],
            )
        )  # fmt: skip
    notes = tuple((title, tuple(lines)) for title, lines in rules.rule_notes())
    return RuleBook(rules, tuple(_facts(rules)), tuple(rows), notes)


_WIN_BY = {"discard": Words("on a discard", "点炮"), "robbed_kong": Words("robbing a kong", "抢杠")}
_EXTRAS = (
    ("first_turn", Words("first turn", "第一轮")),
    ("replacement", Words("on a replacement", "补牌时")),
    ("last_tile", Words("on the last tile", "最后一张")),
    ("kaigang_discard", Words("from an 开杠", "开杠打出的牌")),
)


def _how(example: dict[str, object] | object) -> Words:
    """How an example is won: ``self-draw``, ``on a discard``, ``dealt`` …"""
    assert isinstance(example, dict)
    if example.get("initial"):
        return Words("dealt", "起手")
    how = _WIN_BY.get(str(example.get("win_by")), Words("self-draw", "自摸"))
    words = [how, *(word for key, word in _EXTRAS if example.get(key))]
    return Words(", ".join(w.en for w in words), "，".join(w.zh for w in words))


def _joined(head: Words, parts: list[Words]) -> Words:
    """``Claims: a; b.`` / ``吃碰杠：a；b。``"""
    en = "; ".join(p.en for p in parts)
    zh = "；".join(p.zh for p in parts)
    return Words(f"{head.en}: {en}.", f"{head.zh}：{zh}。")


def _facts(rules: Ruleset) -> list[Words]:
    """The rule set's shape, from its flags: tiles, claims, the end of the wall, kongs, scoring."""
    tiles = rules.tile_set()
    kinds = "the three suits" + (", winds and dragons" if rules.honours else "")
    kinds += ", 8 flowers" if rules.flowers else ""
    kinds_zh = "万、筒、条三门" + ("，风牌和字牌" if rules.honours else "") + ("，8 张花牌" if rules.flowers else "")
    walls = ", ".join(map(str, rules.wall_layout))
    options = GameOptions()
    start, floor = rules.starting_points(options), rules.floor(options)
    times, times_zh = (" × the base score", " 倍底分") if rules.uses_base_score else ("", " 分")
    out = [
        Words(f"{len(tiles)} tiles: {kinds}; walls of {walls} stacks.",
              f"{len(tiles)} 张牌：{kinds_zh}；牌墙 {'、'.join(map(str, rules.wall_layout))} 墩。"),
        Words(f"Each player starts with {start} points{times}; below {floor}"
              f"{' × base' if rules.uses_base_score else ''} a player cannot go on.",
              f"每家开始有 {start}{times_zh}；低于 {floor}{times_zh}就不能再打。"),
    ]  # fmt: skip
    claims = [Words("chi from the previous player only, pong and kong from anyone; win > pong/kong > chi",
                    "吃只能吃上家，碰和杠谁打的都行；胡 > 碰/杠 > 吃")]
    if rules.one_suit_melds:
        claims.append(Words("melds keep to one suit", "吃碰只能一门"))
    if rules.after_chi_restriction:
        claims.append(Words("some discards are forbidden right after a chi", "吃了以后有些牌不能马上打"))
    if rules.passed_pong_rule:
        claims.append(Words("a passed pong is not offered again before your next discard",
                            "放过的碰，自己打牌之前不再问"))
    out.append(_joined(Words("Claims", "吃碰杠"), claims))
    any_discard = rules.passed_win_scope is PassedWinScope.ANY_DISCARD
    scope, scope_zh = ("every discard", "别人打的牌") if any_discard else ("that tile", "那张牌")
    by_claim = rules.passed_win_lifted_by_claim
    lift, lift_zh = ("your next draw or claim", "下次摸牌或吃碰") if by_claim else ("your next draw", "下次摸牌")
    out.append(Words(f"A passed win (漏胡) blocks winning on {scope} until {lift}.",
                     f"漏胡：放过胡以后，{lift_zh}之前不能再胡{scope_zh}。"))
    if rules.must_qualify:
        out.append(Words("A win must qualify: a plain hand with no hand type below cannot win.",
                         "胡牌要够格：没有下面任何一种牌型的平胡不能胡。"))
    if rules.end_of_wall is EndOfWall.HAIDI:
        out.append(Words("The last tile (海底) is offered in turn instead of drawn.",
                         "最后一张牌（海底）不是摸，而是按顺序问各家要不要。"))
    else:
        out.append(Words("Every tile of the wall may be drawn; then the hand is drawn.",
                         "牌墙每张都可以摸；摸完没人胡就是荒庄。"))
    if KongMode.KAIGANG in rules.kong_modes:
        out.append(Words("A quad is used as 补张 (a replacement) or, when ready, 开杠 (two tiles by the dice).",
                         "四张一样的牌可以补张（补一张），听牌时也可以开杠（掷骰翻两张）。"))
    if rules.bird:
        out.append(Words("After a win a bird (扎鸟) doubles some payments.", "胡牌以后扎鸟，有些付分翻倍。"))
    if rules.initial_small_wins:
        out.append(Words("Initial small wins (起手小胡) may be shown right after the deal.",
                         "发完牌马上可以亮起手小胡。"))
    if rules.uses_huangfan:
        out.append(Words("荒番: hands nobody wins raise a counter; while it is above 0 a win pays double.",
                         "荒番：没人胡的一局加一次荒番；荒番大于 0 时胡牌翻倍。"))
    return out


def type_names(rules: Ruleset, types: Sequence[str]) -> Words:
    """Hand type ids as their names: ``碰碰胡 All pongs, 杠开 …`` / ``碰碰胡、杠开`` (an id the rules do not know as
    itself). The Chinese name comes first in English too: learners meet the names players use."""
    known = [rules.hand_types.get(t) for t in types]
    en = ", ".join(f"{ht.zh} {ht.en}" if ht else t for ht, t in zip(known, types, strict=True))
    zh = "、".join(ht.zh if ht else t for ht, t in zip(known, types, strict=True))
    return Words(en, zh)


def rulebook_text(book: RuleBook, language: str = "en") -> str:
    """The book as plain text for the terminal, in ``language`` (``en``, ``zh``, or ``both``: each Chinese line with
    its English under it)."""
    from .i18n import catalogue

    line = catalogue(language).line
    rules = book.ruleset
    head = Words(f"{rules.zh_name} {rules.en_name} — preset {rules.name}", f"{rules.zh_name} — 预设 {rules.name}")
    lines = [line(head), line(Words(rules.summary, rules.summary_zh)), ""]
    lines += [line(fact, "- ") for fact in book.facts]
    types = Words("Hand types (each example scored by the calculator):", "牌型（每个例子都由计分器算出）：")
    lines += ["", line(types)]
    for row in book.types:
        lines.append(line(Words(
            f"{row.zh} {row.en} ({row.id}) — {row.value.en}: {row.description.en}",
            f"{row.zh} ({row.id}) — {row.value.zh}：{row.description.zh}",
        ), "  "))  # fmt: skip
        found = type_names(rules, row.types).zh
        lines.append(line(Words(
            f"e.g. {row.example_text()}, {row.how.en}: {', '.join(row.types)}, wins {row.points}",
            f"例：{row.example_text()}，{row.how.zh}：{found}，胡家收 {row.points}",
        ), "      "))  # fmt: skip
    for title, notes in book.notes:
        lines += ["", line(Words(f"{title.en}:", f"{title.zh}："))]
        lines += [line(n, "  - ") for n in notes]
    lines += ["", line(Words("Glossary:", "术语："))]
    lines += [line(Words(f"{term.en}: {meaning.en}", f"{term.zh}：{meaning.zh}"), "  ") for term, meaning in GLOSSARY]
    return "\n".join(lines)
