"""Every worked example on every rules page is a hand the game would allow, scored as the page shows it.

The examples are the rule data's (each preset's ``examples`` and its winning hand, which the
rules screen and ``mahjong-tui rules`` draw) and the hands written in the players' pages
(``mahjong_tui/rules/docs/*.md``). Each goes through the calculator (``mahjong-tui score``'s
code path), which must accept it and score it as the page says; its melds must be claims
the rule set allows in the order listed (``chi_refusal``/``pong_refusal``); and it must be a
hand that can happen at a table: a replacement win has its kong (or flower), a first-turn
win has no meld and comes before the winner's first discard, a dealer's first-turn win is a
self-draw.

A hand in the players' pages is written in one form, which reads as a sentence:

    `HAND + WIN [MELD] … FLOWERS`, HOW: TYPES …, **RESULT** …

``HAND`` the tiles held, ``WIN`` the winning tile, each ``[MELD]`` the winner's chi, pong or
kong claimed from the previous player, ``FLOWERS`` as ``f12``; a dealt hand (起手小胡) has
no ``+ WIN``. ``HOW`` is a list of the phrases in ``PHRASES`` (``seat 2 wins on seat 3's
discard``, ``seat 0 deals``, ``bird 7m`` …). ``TYPES`` are the hand types' Chinese names
joined by ``+``; none when the result is ``**no win**``. Each bold result is one of
``**no win**``, ``**N a share**``, ``**seat S pays N**`` or ``**seat S receives N**``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from importlib.resources import files

import pytest

from mahjong_tui.book.calculator import situation_from_json
from mahjong_tui.book.rulebook import rulebook
from mahjong_tui.engine import MeldKind, Ruleset, SeatFacts, WinBy, get_ruleset, ruleset_names
from mahjong_tui.engine.tiles import counts_of

DOCS = files("mahjong_tui.rules") / "docs"
PAGES = sorted(p.name for p in DOCS.iterdir() if p.name.endswith(".md"))


# ---------------------------------------------------------------------- what any example must be
def claim_refusals(rules: Ruleset, situation: Mapping[str, object]) -> list[str]:
    """The melds the rule set would refuse to let the winner claim, in the order listed (each judged with the melds
    before it on the table)."""
    ctx = situation_from_json({"rules": rules.name, **situation}).context
    counts = counts_of(ctx.all_concealed)
    refused = []
    for i, meld in enumerate(ctx.melds):
        if meld.kind is MeldKind.CONCEALED_KONG:
            continue  # declared from the hand, not claimed
        facts = SeatFacts(ctx.winner, counts, ctx.melds[:i])
        ask = rules.chi_refusal if meld.kind is MeldKind.CHI else rules.pong_refusal
        why = ask(facts, meld.tiles[0])
        if why is not None:
            refused.append(f"[{meld.notation()}]: {why.en}")
    return refused


def impossibilities(rules: Ruleset, situation: Mapping[str, object]) -> list[str]:
    """What no table could lead to: a replacement win with nothing replaced, a first-turn win after a meld or after
    the winner's first discard, a dealer's first-turn win on a discard."""
    ctx = situation_from_json({"rules": rules.name, **situation}).context
    out = []
    if ctx.replacement and not any(m.is_kong for m in ctx.melds) and not ctx.flowers:
        out.append("a win on a replacement tile, with no kong or flower to replace")
    if ctx.first_turn:
        if ctx.melds:
            out.append("a first-turn win with a meld: the first turn ends with any claim or kong")
        if ctx.winner == ctx.dealer and ctx.win_by is not WinBy.SELF_DRAW:
            out.append("the dealer's first-turn win is a self-draw on the dealt tiles")
        if ctx.discarder is not None and (ctx.discarder - ctx.dealer) % 4 >= (ctx.winner - ctx.dealer) % 4:
            out.append("a first-turn win on a discard made after the winner's first turn")
    return out


def rule_data_examples() -> Iterator[tuple[str, str, Mapping[str, object]]]:
    """(preset, what it shows, situation): every hand type's worked example and every hand of the winning hand."""
    for name in ruleset_names():
        rules = get_ruleset(name)
        for type_id, example in rules.examples.items():
            yield name, type_id, example
        winning = rules.winning_hand()
        yield name, "the winning hand", winning.example
        for i, note in enumerate(winning.not_wins):
            yield name, f"no win {i}", note.example


RULE_DATA = list(rule_data_examples())
IDS = [f"{name}-{what}" for name, what, _ in RULE_DATA]


@pytest.mark.parametrize(("preset", "what", "situation"), RULE_DATA, ids=IDS)
def test_every_rule_data_example_is_a_hand_the_game_allows(preset: str, what: str, situation: Mapping) -> None:
    """Every worked example of the rules screen, against Shanghai's one-suit rule, the first turn of 天胡 and 地胡
    and the kong (or flower) a replacement win needs: the calculator accepts it, its melds are claims the preset
    allows in that order, and a table could come to it."""
    rules = get_ruleset(preset)
    assert claim_refusals(rules, situation) == []
    assert impossibilities(rules, situation) == []


@pytest.mark.parametrize("preset", ruleset_names())
def test_every_example_on_the_rules_screen_scores_as_the_page_shows(preset: str) -> None:
    """The rules screen's page: each hand type's example wins with that type and pays what the page says; the
    winning hand's example wins; each hand shown as no win is refused, with the calculator's reason."""
    rules = get_ruleset(preset)
    book = rulebook(rules)
    for row in book.types:
        result = situation_from_json({"rules": preset, **rules.examples[row.id]}).score()
        assert result.valid and row.id in result.types, (row.id, result.reason)
        assert (row.types, row.points) == (result.types, result.payments[int(rules.examples[row.id]["winner"])])
    winning = rules.winning_hand()
    shown = situation_from_json({"rules": preset, **winning.example}).score()
    assert shown.valid and book.winning.example.types == shown.types
    for note, (words, example) in zip(winning.not_wins, book.winning.not_wins, strict=True):
        result = situation_from_json({"rules": preset, **note.example}).score()
        assert not result.valid and words == note.words and example.refusal == result.words


# ---------------------------------------------------------------------- the players' pages
#: the phrases a hand's HOW may use: a pattern and what it sets in the situation
PHRASES: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], dict[str, object]]], ...] = tuple(
    (re.compile(pattern + r"$"), make)
    for pattern, make in (
        (r"self-drawn", lambda m: {}),
        (r"self-drawn on a replacement", lambda m: {"replacement": True}),
        (r"seat (\d) self-draws", lambda m: {"winner": int(m[1])}),
        (r"seat (\d) self-draws on the first turn", lambda m: {"winner": int(m[1]), "first_turn": True}),
        (r"on seat (\d)'s discard", lambda m: {"win_by": "discard", "discarder": int(m[1])}),
        (r"seat (\d) wins on seat (\d)'s discard", lambda m: {"winner": int(m[1]), "win_by": "discard",
                                                               "discarder": int(m[2])}),
        (r"robbing seat (\d)'s kong", lambda m: {"win_by": "robbed_kong", "discarder": int(m[1])}),
        (r"dealt to seat (\d)", lambda m: {"winner": int(m[1]), "initial": True}),
        (r"seat (\d) deals", lambda m: {"dealer": int(m[1])}),
        (r"on the first turn", lambda m: {"first_turn": True}),
        (r"on a replacement", lambda m: {"replacement": True}),
        (r"on the 海底", lambda m: {"last_tile": True}),
        (r"bird (\d[mps])", lambda m: {"bird": m[1]}),
        (r"no bird", lambda m: {}),
        (r"a 荒番 hand", lambda m: {"huangfan": True}),
        (r"开宝", lambda m: {"kaibao": True}),
    )
)  # fmt: skip
#: a preset named in a phrase of a hand's HOW (``seat 1 self-draws in Changsha``): its English name
IN_PRESET = re.compile(r"(.*) in ([A-Z]\w+)$")
#: a hand and what follows it, up to its first bold result
EXAMPLE = re.compile(r"`(?P<tiles>[0-9mpszf +\[\]]+)`(?: \([^)]*\))?, (?P<how>[^:`]+): (?P<said>[^`]*?)(?=\*\*)")
RESULT = re.compile(r"\*\*(?:(?P<none>no win)|(?P<share>\d+) a share|seat (?P<seat>\d) (?P<verb>pays|receives) "
                    r"(?P<amount>\d+))\*\*")  # fmt: skip
BOLD = re.compile(r"\*\*([^*]+)\*\*")


def blocks(text: str) -> list[str]:
    """A page's paragraphs and list items, each on one line."""
    out: list[list[str]] = []
    for line in text.splitlines():
        if not line.strip() or line.startswith(("#", "|")):
            out.append([])
        elif re.match(r"\s*(- |\d+\. )", line) or not out or not out[-1]:
            out.append([line.strip()])
        else:
            out[-1].append(line.strip())
    return [" ".join(b) for b in out if b]


def default_preset(page: str) -> str | None:
    """The preset a players' page is about (None for the page of the flow every preset shares)."""
    return next((n for n in ruleset_names() if get_ruleset(n).docs_page == page), None)


def situation_of(tiles: str, how: str) -> tuple[str | None, dict[str, object], list[str]]:
    """A hand as written in a page, and its HOW: the preset named in it (if any), the calculator's situation, and
    the phrases of HOW that are none of ``PHRASES``."""
    preset, unread = None, []
    melds = re.findall(r"\[([^\]]+)\]", tiles)
    flowers = re.findall(r"\bf\d+", tiles)
    held = re.sub(r"\[[^\]]+\]|\bf\d+", "", tiles)
    hand, _, win = held.partition("+")
    situation: dict[str, object] = {"winner": 0, "dealer": 0, "hand": hand.strip()}
    if win.strip():
        situation["win_tile"] = win.strip()
    if flowers:
        situation["flowers"] = "".join(flowers)
    for phrase in how.split(", "):
        named = IN_PRESET.match(phrase)
        if named:
            phrase, preset = named[1], next(n for n in ruleset_names() if get_ruleset(n).en_name == named[2])
        made = next((make(m) for pattern, make in PHRASES if (m := pattern.match(phrase))), None)
        if made is None:
            unread.append(phrase)
        situation.update(made or {})
    previous = (int(situation["winner"]) + 3) % 4  # type: ignore[call-overload]
    situation["melds"] = [{"type": meld_kind(m), "tiles": m, "from": previous} for m in melds]
    return preset, situation, unread


def meld_kind(tiles: str) -> str:
    """A meld as written: three in a row a chi, three of a kind a pong, four a kong."""
    digits = re.sub(r"\D", "", tiles)
    if len(digits) == 4:
        return "kong"
    return "pong" if len(set(digits)) == 1 else "chi"


def page_examples() -> Iterator[tuple[str, str, str, dict[str, object], list[str], str]]:
    """(page, the hand as written, preset, situation, phrases not read, what the page says of it) for every hand in
    the pages."""
    for page in PAGES:
        for block in blocks((DOCS / page).read_text(encoding="utf-8")):
            found = list(EXAMPLE.finditer(block))
            for i, m in enumerate(found):
                end = found[i + 1].start() if i + 1 < len(found) else len(block)
                named, situation, unread = situation_of(m["tiles"], m["how"])
                preset = named or default_preset(page)
                if preset is None:
                    unread.append("a preset (this page is about none)")
                said = m["said"] + block[m.end("said") : end]
                yield page, m["tiles"], preset or ruleset_names()[0], situation, unread, said


PAGE_EXAMPLES = list(page_examples())


def test_every_players_page_writes_its_hands_so_they_can_be_checked() -> None:
    """Each hand with a winning tile in the players' pages is written in the checked form (none is skipped), and
    each page that scores hands has them."""
    checked = {(page, tiles) for page, tiles, *_ in PAGE_EXAMPLES}
    for page in PAGES:
        text = " ".join((DOCS / page).read_text(encoding="utf-8").split())
        hands = {tiles for tiles in re.findall(r"`([0-9mpszf \[\]]+ \+ [^`]+)`", text)}
        assert {(page, h) for h in hands} <= checked, page
    assert {page for page, *_ in PAGE_EXAMPLES} == set(PAGES)


@pytest.mark.parametrize(("page", "tiles", "preset", "situation", "unread", "said"), PAGE_EXAMPLES,
                         ids=[f"{p}:{t}" for p, t, *_ in PAGE_EXAMPLES])  # fmt: skip
def test_every_hand_in_the_players_pages_scores_as_written(
    page: str, tiles: str, preset: str, situation: dict[str, object], unread: list[str], said: str
) -> None:
    """A hand written in a players' page (its worked examples, its examples of adding up): the calculator accepts
    it and finds the hand types and the payments written; its melds obey the claim rules (Shanghai's one-suit rule)
    in the order written, and a table could come to it."""
    assert unread == [], f"not phrases the examples use: {unread}"
    rules = get_ruleset(preset)
    result = situation_from_json({"rules": preset, **situation}).score()
    results = list(RESULT.finditer(said))
    assert results and len(results) == len(BOLD.findall(said)), f"every bold result is one of the forms: {said}"
    names = {ht.zh: t for t, ht in rules.hand_types.items()}
    written = said[: results[0].start()]
    if results[0]["none"]:
        assert not result.valid and written.strip() == "", (result.types, written)
    else:
        assert result.valid, result.reason
        head = re.split(r"[,.;:]| —", written, maxsplit=1)[0].strip()
        assert [names.get(t, t) for t in head.split(" + ")] == list(result.types), (head, result.types)
    for r in results[1:] if results[0]["none"] else results:
        if r["share"]:
            assert result.value == int(r["share"]), (r[0], result.value)
        elif r["seat"]:
            sign = -1 if r["verb"] == "pays" else 1
            assert result.payments[int(r["seat"])] == sign * int(r["amount"]), (r[0], result.payments)
    assert claim_refusals(rules, situation) == []
    assert impossibilities(rules, situation) == []
