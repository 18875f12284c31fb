"""The rules of a preset, built from its rule set: the winning hand, facts, hand types with worked examples, its
own rules, a glossary.

Everything here comes from the rule set object: what wins and what does not, its tiles and
flags, its hand types and what each is worth, its rules worded from its numbers, and for
every hand type a worked example that the calculator scores (so every number shown is
computed). The rules screen and ``mahjong-tui rules PRESET`` show the same book.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from mahjong_tui.book.calculator import situation_from_json
from mahjong_tui.engine import GameOptions, KongMode, Meld, MeldKind, Ruleset, Tile, format_tiles
from mahjong_tui.engine.ruleset import EndOfWall, PassedWinScope
from mahjong_tui.engine.shapes import regular_splits
from mahjong_tui.engine.tiles import counts_of, is_flower
from mahjong_tui.engine.words import Words
from mahjong_tui.rules.glossary import TERMS, glossary

#: (term, meaning) of every term a glossary lists, whichever rule set it belongs to (a rule set's own are
#: :attr:`RuleBook.glossary`)
GLOSSARY: tuple[tuple[Words, Words], ...] = tuple((t.entry, t.meaning) for t in TERMS.values() if t.listed)


def glossary_of(rules: Ruleset) -> tuple[tuple[Words, Words], ...]:
    """The glossary of ``rules``, its own terms only: (term, meaning), each in English (``吃 chi``) and in Chinese
    (``吃``)."""
    return tuple((t.entry, t.meaning) for t in glossary(rules.name))


@dataclass(frozen=True, slots=True)
class Example:
    """A hand the calculator scored: its tiles, how it was won, and what the calculator made of it."""

    hand: tuple[Tile, ...]  # the concealed tiles, without the winning tile
    win_tile: Tile | None
    melds: tuple[Meld, ...]
    flowers: tuple[Tile, ...]
    how: Words  # how it was won, in a few words
    types: tuple[str, ...]  # what the calculator found
    points: int  # what the winner collects (0 for no win)
    refusal: Words | None  # why it does not win (None: it wins)

    def text(self) -> str:
        """The hand in tile notation: ``123m5p + 5p [777z] f1``."""
        out = format_tiles(self.hand)
        if self.win_tile is not None:
            out += f" + {format_tiles([self.win_tile])}"
        for m in self.melds:
            out += f" [{m.notation()}]"
        if self.flowers:
            out += f" {format_tiles(self.flowers)}"
        return out


def scored(rules: Ruleset, situation: Mapping[str, object]) -> Example:
    """A situation in the calculator's JSON form, scored under ``rules`` as ``mahjong-tui score`` scores it."""
    checked = situation_from_json({"rules": rules.name, **situation})
    ctx = checked.context
    result = checked.score()
    return Example(
        tuple(t for t in ctx.concealed if not is_flower(t)), ctx.win_tile, ctx.melds, ctx.flowers, _how(situation),
        result.types, result.payments[ctx.winner], None if result.valid else result.words,
    )  # fmt: skip


@dataclass(frozen=True, slots=True)
class TypeRow:
    """One hand type: its names, what it takes and is worth, and a worked example scored."""

    id: str
    zh: str
    en: str
    description: Words
    value: Words
    example: Example

    @property
    def types(self) -> tuple[str, ...]:
        """The types the calculator found in the example."""
        return self.example.types

    @property
    def points(self) -> int:
        """What the winner collects in the example."""
        return self.example.points


@dataclass(frozen=True, slots=True)
class SetRow:
    """One set of the winning hand's example: its tiles, what kind of set it is and, the first time, what that is."""

    tiles: tuple[Tile, ...]
    meld: bool  # shown on the table (claimed or declared)
    winning: int | None  # the index of the winning tile among ``tiles``
    name: Words  # ``顺子 sequence`` / ``顺子``
    meaning: Words | None

    def said(self) -> Words:
        """``顺子 sequence: three in a row …`` / ``顺子：同一门…``, or the name alone once its kind is told."""
        if self.meaning is None:
            return self.name
        return Words(f"{self.name.en}: {self.meaning.en}", f"{self.name.zh}：{self.meaning.zh}")


@dataclass(frozen=True, slots=True)
class WinningPart:
    """The start of the book: a win is four sets and a pair, what does not win, what a win needs."""

    sets: tuple[SetRow, ...]
    example: Example
    shapes: tuple[Words, ...]
    not_wins: tuple[tuple[Words, Example], ...]
    qualifies: tuple[Words, ...]


@dataclass(frozen=True, slots=True)
class RuleBook:
    """A preset's rules as the game plays them."""

    ruleset: Ruleset
    winning: WinningPart
    facts: tuple[Words, ...]
    types: tuple[TypeRow, ...]
    notes: tuple[tuple[Words, tuple[Words, ...]], ...]
    glossary: tuple[tuple[Words, Words], ...]


#: the headings of the winning hand's part of the book
WINNING = Words("The winning hand", "胡牌的牌型")
NOT_WINNING = Words("What does not win", "不能胡的牌")
NEEDS = Words("What a win needs", "胡牌的条件")
#: the heading of the rule set's facts
AT_A_GLANCE = Words("The rules at a glance", "规则一览")
#: what a win is made of, before its example
FOUR_SETS = Words(
    "A hand wins with four sets and a pair: 14 tiles, one more for each kong. Sets taken from a discard (chi, pong, "
    "kong) are shown on the table; the rest stay in hand. For example:",
    "胡牌要四副牌加一对将：十四张，每个杠多一张。吃、碰、杠别人打的牌凑成的牌亮在桌上，其余的留在手里。例如：",
)
#: each kind of set: its name and what it is
_SEQUENCE = (TERMS["sequence"].entry, TERMS["sequence"].meaning)
_TRIPLET = (TERMS["triplet"].entry, TERMS["triplet"].meaning)
_KONG = (
    TERMS["kong"].entry,
    Words(
        "four of a kind, declared and set aside, and a tile drawn in its place: one set",
        "四张一样的牌，亮出来放在一边，再补一张牌：算一副",
    ),
)
_PAIR = (TERMS["pair"].entry, TERMS["pair"].meaning)


def _set_rows(example: Example) -> tuple[SetRow, ...]:
    """The winning example as its sets, concealed ones first, then its melds, then the pair; each kind explained
    the first time it comes."""
    held = [*example.hand, *([example.win_tile] if example.win_tile is not None else [])]
    splits = regular_splits(counts_of(held))
    if not splits:
        raise ValueError(f"the winning hand's example {example.text()} is not four sets and a pair")
    split = splits[0]
    rows: list[tuple[tuple[Tile, ...], bool, tuple[Words, Words]]] = [
        (s.tiles, False, _TRIPLET if s.triplet else _SEQUENCE) for s in split.sets
    ]
    for m in example.melds:
        kind = _KONG if m.is_kong else _SEQUENCE if m.kind is MeldKind.CHI else _TRIPLET
        rows.append((m.tiles, True, kind))
    rows.append(((split.pair, split.pair), False, _PAIR))
    out, told, marked = [], set(), False
    for tiles, meld, (name, meaning) in rows:
        winning = None
        if not (meld or marked) and example.win_tile in tiles:
            winning, marked = tiles.index(example.win_tile), True
        out.append(SetRow(tiles, meld, winning, name, None if name in told else meaning))
        told.add(name)
    return tuple(out)


def winning_part(rules: Ruleset) -> WinningPart:
    """What wins under ``rules``, each hand scored by the calculator; the example must win, the others must not."""
    part = rules.winning_hand()
    example = scored(rules, part.example)
    if example.refusal is not None:
        raise ValueError(f"{rules.name}: the winning hand's example does not win: {example.refusal.en}")
    not_wins = []
    for note in part.not_wins:
        shown = scored(rules, note.example)
        if shown.refusal is None:
            raise ValueError(f"{rules.name}: {shown.text()} wins, but is shown as a hand that does not")
        not_wins.append((note.words, shown))
    return WinningPart(_set_rows(example), example, part.shapes, tuple(not_wins), part.qualifies)


def rulebook(rules: Ruleset) -> RuleBook:
    """The book of ``rules``; every example is scored by the calculator."""
    rows = []
    for type_id, ht in rules.hand_types.items():
        example = rules.examples.get(type_id)
        if example is None:
            raise ValueError(f"{rules.name}: no worked example for {type_id}")
        rows.append(TypeRow(type_id, ht.zh, ht.en, ht.described(), rules.type_value(type_id), scored(rules, example)))
    notes = tuple((title, tuple(lines)) for title, lines in rules.rule_notes())
    return RuleBook(rules, winning_part(rules), tuple(_facts(rules)), tuple(rows), notes, glossary_of(rules))


_WIN_BY = {"discard": Words("on a discard", "点炮"), "robbed_kong": Words("robbing a kong", "抢杠")}
_EXTRAS = (
    ("first_turn", Words("first turn", "第一轮")),
    ("replacement", Words("on a replacement", "补牌时")),
    ("last_tile", Words("on the last tile", "最后一张")),
    ("kaigang_discard", Words("from an 开杠", "开杠打出的牌")),
)


def _how(example: Mapping[str, object]) -> Words:
    """How an example is won: ``self-draw``, ``on a discard``, ``dealt`` …"""
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
    claims = [
        Words(
            "chi from the previous player only, pong and kong from anyone; win > pong/kong > chi",
            "吃只能吃上家，碰和杠谁打的都行；胡 > 碰/杠 > 吃",
        )
    ]
    if rules.one_suit_melds:
        claims.append(Words("melds keep to one suit", "吃碰只能一门"))
    if rules.after_chi_restriction:
        claims.append(Words("some discards are forbidden right after a chi", "吃了以后有些牌不能马上打"))
    if rules.passed_pong_rule:
        claims.append(
            Words("a passed pong is not offered again before your next discard", "放过的碰，自己打牌之前不再问")
        )
    out.append(_joined(Words("Claims", "吃碰杠"), claims))
    any_discard = rules.passed_win_scope is PassedWinScope.ANY_DISCARD
    scope, scope_zh = ("every discard", "别人打的牌") if any_discard else ("that tile", "那张牌")
    by_claim = rules.passed_win_lifted_by_claim
    lift, lift_zh = ("your next draw or claim", "下次摸牌或吃碰") if by_claim else ("your next draw", "下次摸牌")
    out.append(
        Words(
            f"A passed win (漏胡) blocks winning on {scope} until {lift}.",
            f"漏胡：放过胡以后，{lift_zh}之前不能再胡{scope_zh}。",
        )
    )
    if rules.must_qualify:
        out.append(
            Words(
                "A win must qualify: a plain hand with no hand type below cannot win.",
                "胡牌要够格：没有下面任何一种牌型的平胡不能胡。",
            )
        )
    if rules.end_of_wall is EndOfWall.HAIDI:
        out.append(
            Words(
                "The last tile (海底) is offered in turn instead of drawn.",
                "最后一张牌（海底）不是摸，而是按顺序问各家要不要。",
            )
        )
    else:
        out.append(
            Words(
                "Every tile of the wall may be drawn; then the hand is drawn.", "牌墙每张都可以摸；摸完没人胡就是荒庄。"
            )
        )
    if KongMode.KAIGANG in rules.kong_modes:
        out.append(
            Words(
                "A quad is used as 补张 (a replacement) or, when ready, 开杠 (two tiles by the dice).",
                "四张一样的牌可以补张（补一张），听牌时也可以开杠（掷骰翻两张）。",
            )
        )
    if rules.bird:
        out.append(Words("After a win a bird (扎鸟) doubles some payments.", "胡牌以后扎鸟，有些付分翻倍。"))
    if rules.initial_small_wins:
        out.append(
            Words("Initial small wins (起手小胡) may be shown right after the deal.", "发完牌马上可以亮起手小胡。")
        )
    if rules.uses_huangfan:
        out.append(
            Words(
                "荒番: hands nobody wins raise a counter; while it is above 0 a win pays double.",
                "荒番：没人胡的一局加一次荒番；荒番大于 0 时胡牌翻倍。",
            )
        )
    return out


def type_names(rules: Ruleset, types: Sequence[str]) -> Words:
    """Hand type ids as their names: ``碰碰胡 All pongs, 杠开 …`` / ``碰碰胡、杠开`` (an id the rules do not know as
    itself). The Chinese name comes first in English too: learners meet the names players use."""
    known = [rules.hand_types.get(t) for t in types]
    en = ", ".join(f"{ht.zh} {ht.en}" if ht else t for ht, t in zip(known, types, strict=True))
    zh = "、".join(ht.zh if ht else t for ht, t in zip(known, types, strict=True))
    return Words(en, zh)


def example_words(rules: Ruleset, example: Example) -> Words:
    """An example in a line of text: ``e.g. 123m5p + 5p, self-draw: hunyise, wins 12`` (``例：…，自摸：混一色，胡家收
    12``), or for a hand that does not win, why."""
    if example.refusal is not None:
        why = example.refusal
        return Words(f"e.g. {example.text()}, {example.how.en}: no win — {why.en}",
                     f"例：{example.text()}，{example.how.zh}：不能胡——{why.zh}")  # fmt: skip
    found = type_names(rules, example.types).zh
    return Words(
        f"e.g. {example.text()}, {example.how.en}: {', '.join(example.types)}, wins {example.points}",
        f"例：{example.text()}，{example.how.zh}：{found}，胡家收 {example.points}",
    )


def set_notation(row: SetRow) -> str:
    """A set in tile notation, a meld in brackets: ``234m``, ``[1111z]``."""
    tiles = format_tiles(row.tiles)
    return f"[{tiles}]" if row.meld else tiles


class LineMaker(Protocol):
    """What makes a line of plain text in a language: the words, after a lead both languages share."""

    def __call__(self, words: Words, lead: str = "", /) -> str: ...


def _winning_text(book: RuleBook, line: LineMaker) -> list[str]:
    """The winning hand's part of the book as lines of text."""
    part = book.winning
    lines = [line(Words(f"{WINNING.en}:", f"{WINNING.zh}：")), line(FOUR_SETS, "  ")]
    lines += [line(row.said(), f"    {set_notation(row):<9}") for row in part.sets]
    lines.append(line(example_words(book.ruleset, part.example), "      "))
    lines += [line(shape, "  - ") for shape in part.shapes]
    lines += ["", line(Words(f"{NOT_WINNING.en}:", f"{NOT_WINNING.zh}："))]
    for words, example in part.not_wins:
        lines += [line(words, "  - "), line(example_words(book.ruleset, example), "      ")]
    lines += ["", line(Words(f"{NEEDS.en}:", f"{NEEDS.zh}："))]
    lines += [line(need, "  - ") for need in part.qualifies]
    return lines


def rulebook_text(book: RuleBook, language: str = "en") -> str:
    """The book as plain text for the terminal, in ``language`` (``en``, ``zh``, or ``both``: each Chinese line with
    its English under it)."""
    from mahjong_tui.i18n import catalogue

    line = catalogue(language).line
    rules = book.ruleset
    head = Words(f"{rules.zh_name} {rules.en_name} — preset {rules.name}", f"{rules.zh_name} — 预设 {rules.name}")
    lines = [line(head), line(Words(rules.summary, rules.summary_zh)), ""]
    lines += [*_winning_text(book, line), "", line(Words(f"{AT_A_GLANCE.en}:", f"{AT_A_GLANCE.zh}："))]
    lines += [line(fact, "  - ") for fact in book.facts]
    types = Words("Hand types (each example scored by the calculator):", "牌型（每个例子都由计分器算出）：")
    lines += ["", line(types)]
    for row in book.types:
        lines.append(line(Words(
            f"{row.zh} {row.en} ({row.id}) — {row.value.en}: {row.description.en}",
            f"{row.zh} ({row.id}) — {row.value.zh}：{row.description.zh}",
        ), "  "))  # fmt: skip
        lines.append(line(example_words(rules, row.example), "      "))
    for title, notes in book.notes:
        lines += ["", line(Words(f"{title.en}:", f"{title.zh}："))]
        lines += [line(n, "  - ") for n in notes]
    lines += ["", line(Words("Glossary:", "术语："))]
    lines += [line(Words(f"{t.en}: {m.en}", f"{t.zh}：{m.zh}"), "  ") for t, m in book.glossary]
    return "\n".join(lines)
