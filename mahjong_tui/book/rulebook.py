"""The rules of a preset, built from its rule set: the winning hand, facts, hand types with worked examples, its
own rules, a glossary.

Everything here comes from the rule set object: what wins and what does not, its tiles and
flags, its hand types and what each is worth, its rules worded from its numbers, and for
every hand type a worked example that the calculator scores (so every number shown is
computed). Its sentences are the message catalogue's (``[rule_book]``), said in English and in
Chinese at once. The rules screen and ``mahjong-tui rules PRESET`` show the same book.
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
from mahjong_tui.engine.words import Words, alike, joined, said
from mahjong_tui.rules.glossary import TERMS, glossary


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
        return said("rule_book.term_line", term=self.name, meaning=self.meaning)


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
WINNING = said("rule_book.winning")
NOT_WINNING = said("rule_book.not_winning")
NEEDS = said("rule_book.needs")
#: the heading of the rule set's facts
AT_A_GLANCE = said("rule_book.at_a_glance")
#: what a win is made of, before its example
FOUR_SETS = said("rule_book.four_sets")
#: each kind of set: its name and what it is
_SEQUENCE = (TERMS["sequence"].entry, TERMS["sequence"].meaning)
_TRIPLET = (TERMS["triplet"].entry, TERMS["triplet"].meaning)
_KONG = (TERMS["kong"].entry, said("rule_book.kong"))
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


#: how a tile was won that is not drawn (a self-draw otherwise), and what else an example's win came with
_WIN_BY = ("discard", "robbed_kong")
_EXTRAS = ("first_turn", "replacement", "last_tile", "kaigang_discard")


def _how(example: Mapping[str, object]) -> Words:
    """How an example is won: ``self-draw``, ``on a discard``, ``dealt`` …"""
    if example.get("initial"):
        return said("rule_book.how.dealt")
    win_by = str(example.get("win_by"))
    how = said(f"rule_book.how.{win_by if win_by in _WIN_BY else 'self_draw'}")
    words = [how, *(said(f"rule_book.how.{key}") for key in _EXTRAS if example.get(key))]
    return joined(words, ", ", "，")


def _joined(head: Words, parts: list[Words]) -> Words:
    """``Claims: a; b.`` / ``吃碰杠：a；b。``"""
    return said("rule_book.joined", head=head, parts=joined(parts, "; ", "；"))


def _facts(rules: Ruleset) -> list[Words]:
    """The rule set's shape, from its flags: tiles, claims, the end of the wall, kongs, scoring."""
    tiles = rules.tile_set()
    kinds = [
        said("rule_book.suits"),
        *([said("rule_book.honours")] if rules.honours else []),
        *([said("rule_book.flowers")] if rules.flowers else []),
    ]
    options = GameOptions()
    start, floor = rules.starting_points(options), rules.floor(options)
    out = [
        said(
            "rule_book.tiles",
            count=len(tiles),
            kinds=joined(kinds, ", ", "，"),
            walls=joined(map(alike, rules.wall_layout), ", ", "、"),
        ),
        said("rule_book.points_base" if rules.uses_base_score else "rule_book.points", start=start, floor=floor),
    ]
    flagged = (
        (rules.one_suit_melds, "one_suit_melds"),
        (rules.after_chi_restriction, "after_chi"),
        (rules.passed_pong_rule, "passed_pong"),
    )
    claims = [said("rule_book.claim_from"), *(said(f"rule_book.{key}") for on, key in flagged if on)]
    out.append(_joined(said("rule_book.claims"), claims))
    any_discard = rules.passed_win_scope is PassedWinScope.ANY_DISCARD
    scope = said("rule_book.passed_any_discard" if any_discard else "rule_book.passed_that_tile")
    by_claim = rules.passed_win_lifted_by_claim
    lift = said("rule_book.lifted_by_claim" if by_claim else "rule_book.lifted_by_draw")
    out.append(said("rule_book.passed_win", scope=scope, lift=lift))
    if rules.must_qualify:
        out.append(said("rule_book.must_qualify"))
    out.append(said("rule_book.haidi" if rules.end_of_wall is EndOfWall.HAIDI else "rule_book.every_tile"))
    if KongMode.KAIGANG in rules.kong_modes:
        out.append(said("rule_book.kaigang"))
    extras = (
        (rules.bird, "bird"),
        (rules.initial_small_wins, "initial"),
        (rules.uses_huangfan, "huangfan"),
    )
    out += [said(f"rule_book.{key}") for on, key in extras if on]
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
        return said("rule_book.example_refused", hand=example.text(), how=example.how, reason=why)
    found = Words(", ".join(example.types), type_names(rules, example.types).zh)
    return said("rule_book.example_won", hand=example.text(), how=example.how, types=found, points=example.points)


def set_notation(row: SetRow) -> str:
    """A set in tile notation, a meld in brackets: ``234m``, ``[1111z]``."""
    tiles = format_tiles(row.tiles)
    return f"[{tiles}]" if row.meld else tiles


def heading(title: Words) -> Words:
    """A heading as a line of its own: ``The winning hand:`` / ``胡牌的牌型：``."""
    return said("rule_book.heading", title=title)


class LineMaker(Protocol):
    """What makes a line of plain text in a language: the words, after a lead both languages share."""

    def __call__(self, words: Words, lead: str = "", /) -> str: ...


def _winning_text(book: RuleBook, line: LineMaker) -> list[str]:
    """The winning hand's part of the book as lines of text."""
    part = book.winning
    lines = [line(heading(WINNING)), line(FOUR_SETS, "  ")]
    lines += [line(row.said(), f"    {set_notation(row):<9}") for row in part.sets]
    lines.append(line(example_words(book.ruleset, part.example), "      "))
    lines += [line(shape, "  - ") for shape in part.shapes]
    lines += ["", line(heading(NOT_WINNING))]
    for words, example in part.not_wins:
        lines += [line(words, "  - "), line(example_words(book.ruleset, example), "      ")]
    lines += ["", line(heading(NEEDS))]
    lines += [line(need, "  - ") for need in part.qualifies]
    return lines


def rulebook_text(book: RuleBook, language: str = "en") -> str:
    """The book as plain text for the terminal, in ``language`` (``en``, ``zh``, or ``both``: each Chinese line with
    its English under it)."""
    from mahjong_tui.i18n import catalogue

    line = catalogue(language).line
    rules = book.ruleset
    head = said("rule_book.preset", zh_name=rules.zh_name, en_name=rules.en_name, name=rules.name)
    lines = [line(head), line(rules.summary_words), ""]
    lines += [*_winning_text(book, line), "", line(heading(AT_A_GLANCE))]
    lines += [line(fact, "  - ") for fact in book.facts]
    lines += ["", line(said("rule_book.types"))]
    for row in book.types:
        said_row = said(
            "rule_book.type_line", zh=row.zh, en=row.en, id=row.id, value=row.value, description=row.description
        )
        lines.append(line(said_row, "  "))
        lines.append(line(example_words(rules, row.example), "      "))
    for title, notes in book.notes:
        lines += ["", line(heading(title))]
        lines += [line(n, "  - ") for n in notes]
    lines += ["", line(said("rule_book.glossary"))]
    lines += [line(said("rule_book.term_line", term=t, meaning=m), "  ") for t, m in book.glossary]
    return "\n".join(lines)
