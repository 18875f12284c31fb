"""The rules of a preset, built from its rule set: facts, hand types with worked examples, its own rules, a glossary.

Everything here comes from the rule set object: its tiles and flags, its hand types and
what each is worth, its rules worded from its numbers, and for every hand type a worked
example that the calculator scores (so every number shown is computed). The rules screen
and ``mahjong-tui rules PRESET`` show the same book.
"""

from __future__ import annotations

from dataclasses import dataclass

from mahjong_tui.engine import GameOptions, KongMode, Meld, Ruleset, Tile, format_tiles
from mahjong_tui.engine.ruleset import EndOfWall, PassedWinScope
from mahjong_tui.engine.tiles import is_flower

from .calculator import situation_from_json

GLOSSARY: tuple[tuple[str, str], ...] = (
    ("吃 chi", "take the previous player's discard to make a sequence (three in a row of one suit)"),
    ("碰 pong", "take any player's discard to make a triplet with a pair you hold"),
    ("杠 kong", "four of a kind: from a discard (明杠), all in hand (暗杠), or a fourth tile added to a pong (上杠)"),
    ("胡 win", "a complete hand: on your own draw (自摸 self-draw) or on another's discard"),
    ("听牌 ready", "one tile from a win; the tiles that would complete it are your waits"),
    ("向听 steps", "how many tiles still to exchange before the hand is ready"),
    ("补花 flower", "a flower is shown at once and replaced by a tile from the tail of the wall"),
    ("花 hua", "the flower count: flowers, honour triplets and kongs, which make a flower hand's value"),
    ("勒子 lezi", "a fixed unit of a Shanghai win (10 × the base score); big hands are worth several"),
    ("荒番 huangfan", "a counter raised by hands nobody wins; while it is above 0 a win pays double"),
    ("开宝 kaibao", "Shanghai 勒子: the dealer's dice are a pair or 1 and 4, and a win pays double"),
    ("三口 sankou", "Shanghai: three or more claims between two players make them pay for each other"),
    ("承包 chengbao", "Shanghai 勒子: the same relation, paying more shares per relation"),
    ("漏胡 passed win", "a win passed on a discard blocks winning on discards for a while"),
    ("扎鸟 bird", "Changsha: after a win the next tile's number points at a seat whose payment doubles"),
    ("海底 haidi", "Changsha: the last tile, offered in turn instead of drawn"),
    ("开杠 kaigang", "Changsha: a kong whose replacements are two tiles the dice pick from the tail"),
    ("补张 buzhang", "Changsha: a kong with an ordinary replacement draw"),
    ("起手小胡 initial wins", "Changsha: a dealt hand with a special pattern, shown and paid at once"),
    ("庄家 dealer", "the player who starts the hand with 14 tiles; winds are counted from them (东)"),
)


@dataclass(frozen=True, slots=True)
class TypeRow:
    """One hand type: its names, what it takes and is worth, and a worked example scored."""

    id: str
    zh: str
    en: str
    description: str
    value: str
    hand: tuple[Tile, ...]  # the example's concealed tiles
    win_tile: Tile | None
    melds: tuple[Meld, ...]
    flowers: tuple[Tile, ...]
    how: str  # how the example was won, in a few words
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
    facts: tuple[str, ...]
    types: tuple[TypeRow, ...]
    notes: tuple[tuple[str, tuple[str, ...]], ...]


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
                type_id, ht.zh, ht.en, ht.description, rules.type_value(type_id),
                tuple(t for t in ctx.concealed if not is_flower(t)), ctx.win_tile, ctx.melds, ctx.flowers,
                _how(example), result.types, result.payments[ctx.winner],
            )
        )  # fmt: skip
    notes = tuple((title, tuple(lines)) for title, lines in rules.rule_notes())
    return RuleBook(rules, tuple(_facts(rules)), tuple(rows), notes)


def _how(example: dict[str, object] | object) -> str:
    """How an example is won: ``self-draw``, ``on a discard``, ``dealt`` …"""
    assert isinstance(example, dict)
    if example.get("initial"):
        return "dealt"
    how = {"discard": "on a discard", "robbed_kong": "robbing a kong"}.get(str(example.get("win_by")), "self-draw")
    extras = [
        word
        for key, word in (
            ("first_turn", "first turn"),
            ("replacement", "on a replacement"),
            ("last_tile", "on the last tile"),
            ("kaigang_discard", "from an 开杠"),
        )
        if example.get(key)
    ]
    return ", ".join([how, *extras])


def _facts(rules: Ruleset) -> list[str]:
    """The rule set's shape, from its flags: tiles, claims, the end of the wall, kongs, scoring."""
    tiles = rules.tile_set()
    kinds = "the three suits" + (", winds and dragons" if rules.honours else "")
    kinds += ", 8 flowers" if rules.flowers else ""
    options = GameOptions()
    out = [
        f"{len(tiles)} tiles: {kinds}; walls of {', '.join(map(str, rules.wall_layout))} stacks.",
        f"Each player starts with {rules.starting_points(options)} points"
        + (" × the base score" if rules.uses_base_score else "")
        + f"; below {rules.floor(options)}{' × base' if rules.uses_base_score else ''} a player cannot go on.",
    ]
    claims = ["chi from the previous player only, pong and kong from anyone; win > pong/kong > chi"]
    if rules.one_suit_melds:
        claims.append("melds keep to one suit")
    if rules.after_chi_restriction:
        claims.append("some discards are forbidden right after a chi")
    if rules.passed_pong_rule:
        claims.append("a passed pong is not offered again before your next discard")
    out.append("Claims: " + "; ".join(claims) + ".")
    scope = "every discard" if rules.passed_win_scope is PassedWinScope.ANY_DISCARD else "that tile"
    lift = "your next draw or claim" if rules.passed_win_lifted_by_claim else "your next draw"
    out.append(f"A passed win (漏胡) blocks winning on {scope} until {lift}.")
    if rules.must_qualify:
        out.append("A win must qualify: a plain hand with no hand type below cannot win.")
    if rules.end_of_wall is EndOfWall.HAIDI:
        out.append("The last tile (海底) is offered in turn instead of drawn.")
    else:
        out.append("Every tile of the wall may be drawn; then the hand is drawn.")
    if KongMode.KAIGANG in rules.kong_modes:
        out.append("A quad is used as 补张 (a replacement) or, when ready, 开杠 (two tiles by the dice).")
    if rules.bird:
        out.append("After a win a bird (扎鸟) doubles some payments.")
    if rules.initial_small_wins:
        out.append("Initial small wins (起手小胡) may be shown right after the deal.")
    if rules.uses_huangfan:
        out.append("荒番: hands nobody wins raise a counter; while it is above 0 a win pays double.")
    return out


def rulebook_text(book: RuleBook) -> str:
    """The book as plain text for the terminal."""
    rules = book.ruleset
    lines = [f"{rules.zh_name} {rules.en_name} — preset {rules.name}", rules.summary, ""]
    lines += [f"- {fact}" for fact in book.facts]
    lines += ["", "Hand types (each example scored by the calculator):"]
    for row in book.types:
        lines.append(f"  {row.zh} {row.en} ({row.id}) — {row.value}: {row.description}")
        lines.append(f"      e.g. {row.example_text()}, {row.how}: {', '.join(row.types)}, wins {row.points}")
    for title, notes in book.notes:
        lines += ["", f"{title}:"] + [f"  - {n}" for n in notes]
    lines += ["", "Glossary:"] + [f"  {term}: {meaning}" for term, meaning in GLOSSARY]
    return "\n".join(lines)
