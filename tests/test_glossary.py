"""One glossary: each term one English name, wherever it is written, and each rule set's glossary its own terms.

The English name of a Chinese term is read from every place that names one: the hand type
records and each preset's hand types, the glossary, the message catalogue
(``mahjong_tui/locale/en.toml`` and ``both.toml``, where a term is written ``海底 (the last
tile)``) and the players' pages (``mahjong_tui/rules/docs/*.md``: the hand type tables, the
table of winning shapes, and a term defined in bold or in a heading, ``**Passed win (漏胡).**``).
Names are compared in lower case, without articles: ``Robbing a kong`` is ``Robbing the kong``.
"""

from __future__ import annotations

import re
from collections import defaultdict
from importlib.resources import files

import pytest

from mahjong_tui.book.rulebook import rulebook, rulebook_text
from mahjong_tui.engine import get_ruleset, ruleset_names
from mahjong_tui.rules.glossary import TERMS, glossary, term
from mahjong_tui.rules.hand_types import RECORDS

CJK = r"[\u4e00-\u9fff]+"
#: a term with its name after it in brackets: ``海底 (the last tile)``
_NAME_AFTER = re.compile(rf"({CJK}) \(([a-z][a-z0-9 -]{{1,30}})\)")
#: a name in bold with its term after it: ``**sequence** (顺子)``, ``**Passed win (漏胡).**``, or a heading
_BOLD = re.compile(rf"\*\*([A-Za-z][A-Za-z0-9 -]*?)\*\* \(({CJK})\)|\*\*([A-Za-z][A-Za-z0-9 -]*?) \(({CJK})\)[.:]?\*\*")
_HEADING = re.compile(rf"^#+ ([A-Za-z][A-Za-z0-9 -]*?) \(({CJK})\)$", re.MULTILINE)
#: a winning shape of the Changsha page: ``清一色 qingyise, full flush``
_SHAPE_CELL = re.compile(rf"^({CJK}) [a-z]+, ([a-z0-9 -]+)$")
_ARTICLES = re.compile(r"\b(a|an|the)\b")

Names = dict[str, dict[str, set[str]]]


def normal(name: str) -> str:
    """A name as names are compared: lower case, no articles, single spaces."""
    return " ".join(_ARTICLES.sub(" ", name.lower()).split())


def doc_pages() -> dict[str, str]:
    """The players' pages, by file name."""
    folder = files("mahjong_tui.rules") / "docs"
    return {p.name: p.read_text(encoding="utf-8") for p in folder.iterdir() if p.name.endswith(".md")}


def table_names(text: str) -> list[tuple[str, str, str]]:
    """(id, 中文, English) of every row of a table whose header has ``id``, ``中文`` and a name column."""
    rows: list[tuple[str, str, str]] = []
    columns: list[str] = []
    for line in text.splitlines():
        if not line.startswith("|"):
            columns = []
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if not columns:
            columns = cells
        elif not set(cells[0]) <= set("-") and {"id", "中文"} <= set(columns):
            name = next((c for c in ("name", "English") if c in columns), None)
            if name is not None:
                rows.append((cells[columns.index("id")], cells[columns.index("中文")], cells[columns.index(name)]))
    return rows


def doc_names(text: str) -> list[tuple[str, str]]:
    """(中文, English) of every term a page names: its tables, its bold definitions and headings."""
    found = [(zh, en) for _, zh, en in table_names(text)]
    for m in _BOLD.finditer(text):
        en, zh = (m[1], m[2]) if m[1] else (m[3], m[4])
        found.append((zh, en))
    found += [(m[2], m[1]) for m in _HEADING.finditer(text)]
    for line in text.splitlines():
        for cell in line.strip("|").split("|"):
            if shape := _SHAPE_CELL.match(cell.strip()):
                found.append((shape[1], shape[2]))
    return found


#: the tables whose brackets explain a term rather than name it: a rule set's own rules (``开杠 (only when ready)``)
#: and its reasons a hand is not a win (``乱风向 (all honours)``)
_EXPLAINING = re.compile(r"^\[(rules_notes|rules_refusal)\.")


def catalogue_names() -> list[tuple[str, str, str]]:
    """(file, 中文, English) of every term the English and the both-languages catalogue name in brackets (not in
    the tables that explain terms in brackets)."""
    folder = files("mahjong_tui") / "locale"
    out = []
    for name in ("en.toml", "both.toml"):
        explaining = False
        for line in (folder / name).read_text(encoding="utf-8").splitlines():
            if line.startswith("["):
                explaining = bool(_EXPLAINING.match(line))
            if not explaining:
                out += [(name, m[1], m[2]) for m in _NAME_AFTER.finditer(line)]
    return out


def every_name() -> Names:
    """Every English name given to each Chinese term, with where it was given."""
    names: Names = defaultdict(lambda: defaultdict(set))
    for record in RECORDS.values():
        names[record.zh][normal(record.en)].add(f"hand type {record.id}")
    for preset in ruleset_names():
        for ht in get_ruleset(preset).hand_types.values():
            names[ht.zh][normal(ht.en)].add(f"{preset} hand types")
    for t in TERMS.values():
        names[t.zh][normal(t.en)].add(f"glossary {t.id}")
    for page, text in doc_pages().items():
        for zh, en in doc_names(text):
            names[zh][normal(en)].add(f"docs/{page}")
    for file, zh, en in catalogue_names():
        names[zh][normal(en)].add(f"locale/{file}")
    return names


def test_no_chinese_term_has_two_english_names() -> None:
    """清一色 is Full flush in every rule set, page and screen; no term is named two ways anywhere."""
    names = every_name()
    twice = {zh: {en: sorted(where) for en, where in found.items()} for zh, found in names.items() if len(found) > 1}
    assert twice == {}


def test_the_names_are_read_from_every_place_that_gives_them() -> None:
    """The parse finds names in each kind of place: the hand type tables and the bold terms of the pages, the
    winning shapes of the Changsha page, the catalogue's terms."""
    names = every_name()
    assert names["清一色"] == {
        "full flush": {
            "hand type qingyise", "shanghai hand types", "shanghai-qq hand types", "shanghai-lezi hand types",
            "changsha hand types", "docs/shanghai.md", "docs/shanghai-lezi.md", "docs/changsha.md",
        }
    }  # fmt: skip
    assert (
        "docs/changsha.md" in names["漏胡"]["passed win"] and "docs/shanghai.md" in names["补花"]["flower replacement"]
    )
    assert "locale/en.toml" in names["海底"]["last tile"] and "docs/changsha.md" in names["海底"]["last tile"]
    assert "locale/both.toml" in names["起手小胡"]["initial small wins"]
    assert "docs/changsha.md" in names["将将胡"]["all 2-5-8"]


def test_the_pages_tables_name_each_hand_type_as_its_record() -> None:
    """Every row of a hand type table in the players' pages: an id of a hand type, with its record's names."""
    rows = [row for text in doc_pages().values() for row in table_names(text)]
    assert len(rows) >= 30
    for type_id, zh, en in rows:
        record = RECORDS[type_id]
        assert (zh, en) == (record.zh, record.en), type_id


def test_a_term_or_a_hand_type_is_named_by_its_id() -> None:
    """``term(id)``: the names of a glossary term or of a hand type, for the screens and the export; ids of the
    two never clash, and an unknown id is refused."""
    assert term("qingyise") == ("Full flush", "清一色")
    assert term("passed_win") == ("passed win", "漏胡")
    assert term("pair_258") == ("2-5-8 pair", "二五八将")
    assert not set(TERMS) & set(RECORDS)
    with pytest.raises(KeyError):
        term("mars")


@pytest.mark.parametrize("preset", ruleset_names())
def test_each_rule_set_s_glossary_lists_its_own_terms(preset: str) -> None:
    """The rules of a preset list the terms of that preset only: no 扎鸟 in Shanghai, no 勒子 in Changsha, 承包
    and 开宝 in the 勒子 preset and not 三口."""
    book = rulebook(get_ruleset(preset))
    listed = [words.zh for words, _ in book.glossary]
    assert listed == [t.zh for t in glossary(preset)]
    assert all(preset in TERMS[t.id].rule_sets for t in glossary(preset))
    assert set(listed) <= {t.entry.zh for t in TERMS.values() if t.listed}
    own = {"吃", "碰", "杠", "胡", "听牌", "漏胡", "庄家"}
    changsha = {"扎鸟", "海底", "开杠", "补张", "起手小胡"}
    shanghai = {"补花", "花", "勒子", "荒番"}
    assert own <= set(listed)
    if preset == "changsha":
        assert changsha <= set(listed) and not shanghai & set(listed)
    else:
        assert shanghai <= set(listed) and not changsha & set(listed)
        assert ({"承包", "开宝"} <= set(listed)) == (preset == "shanghai-lezi") != ("三口" in listed)
    text = rulebook_text(book)
    assert all(f"  {words.en}: " in text for words, _ in book.glossary)
