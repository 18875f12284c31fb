"""Rule terms as links: the finder finds each term a text names in its rule set's glossary only, in English, Chinese
and both; at the table a click on a term opens its entry, and ``g`` lists the terms a prompt or the review shows."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.widget import Widget
from textual.widgets import OptionList, Static
from ui_support import changsha_at, press, settle, showing, table_of

from mahjong_tui.engine import Phase, get_ruleset, ruleset_names
from mahjong_tui.i18n import catalogue
from mahjong_tui.rules.glossary import glossary
from mahjong_tui.rules.term_finder import entries, entry, find_terms, terms_named
from mahjong_tui.testing.fixtures import demo_app, hand_won, mid_hand
from mahjong_tui.ui.config import Learning
from mahjong_tui.ui.screens.choice import ChoiceScreen
from mahjong_tui.ui.screens.glossary import GlossaryScreen, TermChooser
from mahjong_tui.ui.screens.hand_end import HandEndScreen
from mahjong_tui.ui.screens.review import ReviewScreen
from mahjong_tui.ui.screens.rules import RulesScreen
from mahjong_tui.ui.widgets.hint_panel import HintPanel
from mahjong_tui.ui.widgets.page import PageView
from mahjong_tui.ui.widgets.term_links import TERM, terms_on

SHANGHAI = ("shanghai", "shanghai-qq", "shanghai-lezi")
#: the terms the issue names, and the presets each belongs to
NAMED = {
    "sankou": ("shanghai", "shanghai-qq"),
    "chengbao": ("shanghai-lezi",),
    "hua": SHANGHAI,
    "passed_win": (*SHANGHAI, "changsha"),
    "haidi": ("changsha",),
    "haidipao": ("changsha",),
    "kaigang": ("changsha",),
    "buzhang": ("changsha",),
    "initial_wins": ("changsha",),
    "hunyise": SHANGHAI,
    "pengpenghu": (*SHANGHAI, "changsha"),
    "pair_258": ("changsha",),
    "bird": ("changsha",),
    "huangfan": SHANGHAI,
    "lezi": SHANGHAI,
}
FULL = (120, 36)


def said_in(preset: str, text: str) -> list[tuple[str, str]]:
    """(id, the words) of every term found."""
    return [(f.id, text[f.start : f.end]) for f in find_terms(preset, text)]


# ---------------------------------------------------------------------- the finder
@pytest.mark.parametrize("preset", ruleset_names())
def test_each_named_term_is_found_in_english_chinese_and_both_in_its_own_rule_sets_only(preset: str) -> None:
    for id_, presets in NAMED.items():
        if preset not in presets:
            with pytest.raises(KeyError):
                entry(preset, id_)
            continue
        e = entry(preset, id_)
        for text in (f"then {e.en}, it says.", f"这是{e.zh}。", f"{e.zh} · {e.en}: both", f"{e.zh} {e.en}"):
            assert id_ in terms_named(preset, text), (preset, id_, text)
        assert said_in(preset, f"{e.zh} {e.en}") == [(id_, f"{e.zh} {e.en}")]  # written twice, found once
    for other in ruleset_names():
        own = {e.id for e in entries(other)}
        text = " ".join(f"{e.zh} {e.en}" for e in entries(other))
        assert set(terms_named(preset, text)) <= {e.id for e in entries(preset)}
        assert not {i for i in terms_named(preset, text) if i in own} - {e.id for e in entries(preset)}


def test_the_longest_name_first_whole_english_words_plurals_and_aliases() -> None:
    assert said_in("changsha", "海底炮 and the 海底, a big win") == [
        ("haidipao", "海底炮"), ("haidi", "海底"), ("big_win", "big win")
    ]  # fmt: skip
    assert said_in("changsha", "two birds, 1 step, a 2-5-8 eye; Ready") == [
        ("bird", "birds"), ("shanten", "step"), ("pair_258", "2-5-8 eye"), ("ready", "Ready")
    ]  # fmt: skip
    assert said_in("changsha", "小胡要二五八作将，麻将") == [("xiaohu", "小胡"), ("pair_258", "二五八"), ("pair", "将")]
    assert said_in("shanghai", "already a winner in Chinese: 杠开") == [("gangkai", "杠开")]
    assert said_in("shanghai", "a self-drawn win") == [("self_draw", "self-drawn"), ("win", "win")]


@pytest.mark.parametrize("preset", ruleset_names())
def test_every_entry_is_the_rule_set_s_own_with_its_meaning(preset: str) -> None:
    """Each term of its glossary, each of its hand types (what it takes there), nothing of another rule set."""
    found = {e.id: e for e in entries(preset)}
    assert {t.id for t in glossary(preset)} <= set(found)
    assert {x for x in found if not found[x].hand_type} >= {t.id for t in glossary(preset)}
    rules = get_ruleset(preset)
    assert {x for x, e in found.items() if e.hand_type} == set(rules.hand_types)
    for type_id, ht in rules.hand_types.items():
        assert found[type_id].meaning.en == ht.described().en
    assert all(e.meaning.en and e.meaning.zh for e in found.values())


@pytest.mark.parametrize("language", ["en", "zh", "both"])
def test_the_rule_of_the_moment_names_its_terms_in_each_language(language: str) -> None:
    say = catalogue(language)
    assert {"haidi", "haidipao"} <= set(terms_named("changsha", say("moment.haidi_taken")))
    assert {"haidilaoyue", "haidipao"} <= set(terms_named("changsha", say("moment.haidi_taken_win")))
    assert {"buzhang", "kaigang"} <= set(terms_named("changsha", say("choice.kong_modes")))
    assert {"initial_wins", "self_draw"} <= set(terms_named("changsha", say("moment.initial")))
    assert "passed_win" in terms_named("shanghai", say("danger_words.let_go", who="Bob", tile="5m"))
    warning = get_ruleset("shanghai").relation_warning("Bob")
    assert "sankou" in terms_named("shanghai", say.words(warning))
    assert "chengbao" in terms_named("shanghai-lezi", say.words(get_ruleset("shanghai-lezi").relation_warning("Bob")))


# ---------------------------------------------------------------------- at the table
def first_link(widget: Widget) -> tuple[int, int, str]:
    """Where the first term a widget draws stands (x, y in the widget), and its id."""
    for y in range(widget.size.height):
        x = 0
        for segment in widget.render_line(y):
            meta = segment.style.meta if segment.style is not None else {}
            if TERM in meta:
                return x, y, meta[TERM]
            x += cell_len(segment.text)
    raise AssertionError("no term drawn")


async def test_a_click_on_a_term_in_the_hint_panel_opens_its_entry() -> None:
    app = demo_app(mid_hand("changsha", 1), learning=Learning(hints=True))
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: table_of(app).actor == 0)
        body = table_of(app).query_one("#hints-full", HintPanel).query_one(".hint-body", Static)
        x, y, term = first_link(body)
        await pilot.click(body, offset=(x, y))
        await settle(pilot, showing(app, GlossaryScreen))
        assert isinstance(app.screen, GlossaryScreen)
        assert (app.screen.entry.id, app.screen.rules) == (term, "changsha")
        shown = app.screen.query_one("#glossary-entry", Static)
        assert entry("changsha", term).zh in str(shown.content)
        await press(pilot, "escape")
        await settle(pilot, lambda: not isinstance(app.screen, GlossaryScreen))


async def test_g_in_a_prompt_lists_its_terms_and_opens_the_one_chosen() -> None:
    app = demo_app(changsha_at(Phase.HAIDI))
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, ChoiceScreen))
        await pilot.pause()
        prompt = app.screen
        shown = terms_on(prompt)
        assert {("haidi", "changsha"), ("haidipao", "changsha")} <= set(shown)
        await press(pilot, "g")
        await settle(pilot, showing(app, TermChooser))
        listed = app.screen.query_one(OptionList)
        assert listed.option_count == len(shown)
        assert [str(listed.get_option_at_index(i).prompt) for i in range(2)][0].startswith(
            entry("changsha", shown[0][0]).zh
        )
        await press(pilot, "enter")
        await settle(pilot, showing(app, GlossaryScreen))
        assert isinstance(app.screen, GlossaryScreen) and app.screen.entry.id == shown[0][0]
        await press(pilot, "escape")
        await settle(pilot, lambda: app.screen is prompt)  # the prompt still asks


async def test_g_on_the_review_opens_an_entry_and_r_its_place_in_the_rules() -> None:
    app = demo_app(hand_won("shanghai", 1))
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: table_of(app).actor == 0 or isinstance(app.screen, ChoiceScreen))
        await press(pilot, "w")
        await settle(pilot, showing(app, HandEndScreen))
        assert terms_on(app.screen)  # the hand's end names its terms (the hand types won, 花 …)
        await press(pilot, "v")
        await settle(pilot, showing(app, ReviewScreen))
        shown = terms_on(app.screen)
        assert shown and all(rules == "shanghai" for _, rules in shown)
        await press(pilot, "g")
        await settle(pilot, showing(app, GlossaryScreen | TermChooser))
        if isinstance(app.screen, TermChooser):
            await press(pilot, "enter")
            await settle(pilot, showing(app, GlossaryScreen))
        assert isinstance(app.screen, GlossaryScreen) and app.screen.entry.id == shown[0][0]
        await press(pilot, "r")
        await settle(pilot, showing(app, RulesScreen))
        page = app.screen.query_one(PageView)
        await settle(pilot, lambda: page.scroll_y > 0)
        assert page.scroll_y > 0  # at the entry, not the top of the page
        await press(pilot, "escape")
        await settle(pilot, showing(app, GlossaryScreen))


async def test_g_where_no_term_is_shown_says_so() -> None:
    """At the table with no hint panel open, the table itself names no term as a link."""
    app = demo_app(mid_hand("shanghai", 1))
    said: list[str] = []
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: table_of(app).actor == 0)
        app.notify = lambda message, **kw: said.append(str(message))  # type: ignore[method-assign]
        await press(pilot, "g")
        await settle(pilot, lambda: bool(said))
        assert said == [catalogue("en")("glossary_links.none")] and app.screen is table_of(app)
