"""The message catalogue: every key in both languages, with the same fields; the three choices."""

from __future__ import annotations

import tomllib
from importlib import resources

import pytest

from mahjong_tui.engine import Words
from mahjong_tui.i18n import (
    LANGUAGES,
    Catalogue,
    MissingText,
    catalogue,
    current,
    fields_of,
    has_text,
    messages,
    say,
    t,
    use,
)


def test_every_key_is_in_both_languages() -> None:
    """en.toml and zh.toml have the same keys; both.toml only shortens keys that exist."""
    en, zh, both = messages("en"), messages("zh"), messages("both")
    assert en and set(en) == set(zh), sorted(set(en) ^ set(zh))
    assert set(both) <= set(en), sorted(set(both) - set(en))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_catalogue_read_table_by_table_is_the_whole_file(language: str) -> None:
    """Each table of a data file is read when first asked for: together they are the file read whole, and every
    key is found through the table it is in."""
    text = resources.files("mahjong_tui").joinpath("locale", f"{language}.toml").read_text(encoding="utf-8")
    whole: dict[str, str] = {}

    def flat(table: dict[str, object], prefix: str = "") -> None:
        for key, value in table.items():
            if isinstance(value, dict):
                flat(value, f"{prefix}{key}.")
            else:
                whole[f"{prefix}{key}"] = str(value)

    flat(tomllib.loads(text))
    assert messages(language) == whole
    lookup = Catalogue(language if language != "both" else "en")
    for key in messages("en") if language == "both" else whole:
        assert has_text(key) and lookup.text(key)
    assert not has_text("no_such_table.key") and not has_text("app.no_such_key")


def test_every_text_fills_the_same_fields_in_each_language() -> None:
    """A field named in one language is named in the others (nothing is lost in translation)."""
    en, zh, both = messages("en"), messages("zh"), messages("both")
    for key, text in en.items():
        assert fields_of(zh[key]) == fields_of(text), key
        if key in both:
            assert fields_of(both[key]) == fields_of(text), key


def test_the_chinese_is_chinese() -> None:
    """Every Chinese text that has words in it has Chinese characters (an English text left untranslated shows)."""
    for key, text in messages("zh").items():
        letters = "".join(c for c in text.format(**dict.fromkeys(fields_of(text), "")) if c.isalpha())
        if letters and letters != "mahjongtui":
            assert any("\u4e00" <= c <= "\u9fff" for c in letters), key


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_choice_gives_every_text(language: str) -> None:
    """Every key can be asked for in every choice, its fields filled in."""
    t = catalogue(language)
    for key, text in messages("en").items():
        values = dict.fromkeys(fields_of(text), "X")
        assert t(key, **values)


def test_the_three_choices() -> None:
    """English, Chinese, and both side by side (the engine's words too)."""
    words = Words("you can't chi", "不能吃")
    assert [catalogue(lang).words(words) for lang in LANGUAGES] == ["you can't chi", "不能吃", "不能吃 · you can't chi"]
    assert catalogue("zh")("app.subtitle", rules="上海", hand=3) == "上海 · 第 3 局"
    assert catalogue("both")("app.subtitle", rules="上海", hand=3) == "上海 · 第 3 局 hand 3"


def test_both_says_each_thing_once() -> None:
    """Where the English already holds the Chinese, both shows it once; the hint title and steps are not doubled."""
    from mahjong_tui.learn.hints import steps
    from mahjong_tui.ui.widgets.hint_panel import short_steps

    both = catalogue("both")
    assert both.words(Words("2 steps from ready (两向听)", "两向听")) == "2 steps from ready (两向听)"
    assert Words("ready (听牌)", "听牌").both() == "ready (听牌)"
    assert both("hint.title", steps=both.words(steps(2))) == "提示 Hints: 2 steps from ready (两向听)"
    assert both("log.huangfan", n=1) == ", 荒番 1"
    before = current().language
    use("both")
    try:
        assert short_steps(3) == "三向听 · 3 steps" and short_steps(0) == "听牌 · ready"
    finally:
        use(before)


def test_a_missing_key_or_language_is_refused() -> None:
    """No silent fallback: a key not in the catalogue, or a language it does not have, is an error."""
    with pytest.raises(MissingText):
        catalogue("en")("no.such.key")
    with pytest.raises(ValueError, match="not one of"):
        Catalogue("fr")


def test_the_language_in_use() -> None:
    """``use`` picks the language every ``t`` and ``say`` then speaks."""
    try:
        use("zh")
        assert current().language == "zh" and t("app.subtitle", rules="长沙", hand=1) == "长沙 · 第 1 局"
        assert say(Words("hand over", "本局结束")) == "本局结束"
    finally:
        use("en")
    assert say(Words("hand over", "本局结束")) == "hand over"


def test_one_of_a_thing_is_singular() -> None:
    """Where a text counts with ``{n}``, one is said in the singular; Chinese has no plural and says the same."""
    en, zh = catalogue("en"), catalogue("zh")
    assert en("hint.selected", tile="5s", steps="ready", n=1).endswith("1 unseen tile then helps")
    assert en("hint.selected", tile="5s", steps="ready", n=2).endswith("2 unseen tiles then help")
    assert zh("hint.selected", tile="五条", steps="听牌", n=1) == "选中的五条：打掉后听牌，还有 1 张有用的牌没见过"
    for key in messages("en"):
        if key.endswith("_one"):
            base = key.removesuffix("_one")
            assert base in messages("en") and "n" in fields_of(messages("en")[base]), key


@pytest.mark.parametrize(
    ("key", "values"),
    [
        ("hint.mark", {"sign": "▲", "level": ("hint.level.high",)}),
        ("resume.bot", {"name": "Jun", "level": ("resume.level_normal",)}),
        ("new_game_screen.bot", {"level": ("new_game_screen.level_hard",)}),
        ("preview.collect", {"points": 10, "payers": ("preview.payer", {"name": "Jun", "points": 10})}),
        ("new_game_screen.not_a_number", {"field": ("new_game_screen.points_field",)}),
        ("new_game_screen.too_low", {"field": ("new_game_screen.base_field",), "lowest": 1}),
        ("review.moment", {"kind": ("review.kind.discard",)}),
        ("moment.claim_lost", {"name": "Jun", "reason": ("hint.level.high",)}),
        ("log.refused", {"name": "Jun", "reason": ("hint.level.high",)}),
        ("replay.hand_line", {"hand": 3, "dealer": "东 · Jun", "result": ("replay.won_by", {"winners": "Jun +20"})}),
        (
            "resume.line",
            {
                "rules": "长沙麻将",
                "hand": 1,
                "started": "2026-12-03",
                "players": ("resume.bot", {"name": "Jun", "level": "普通 normal"}),
            },
        ),
    ],
)
def test_a_text_filled_with_words_in_both_languages_says_each_once(key: str, values: dict[str, object]) -> None:
    """In both languages, a text whose fields are themselves in both languages is composed once (both.toml): the
    filled words are not repeated inside each half (``▲ 危险 · high:``, not ``▲ 危险 · high： · ▲ 危险 · high:``)."""
    use("both")
    try:
        words = {k: t(v[0], **(v[1] if len(v) > 1 else {})) for k, v in values.items() if isinstance(v, tuple)}
        text = t(key, **{**values, **words})
        for word in words.values():
            assert text.count(word) == 1, text
    finally:
        use("en")


def test_a_list_of_hand_types_names_each_once_in_every_language() -> None:
    """``碰碰胡 All pongs, 清一色 Full flush`` in English and in both (not ``碰碰胡、清一色 · 碰碰胡 All pongs, …``),
    ``碰碰胡、清一色`` in Chinese: the win preview, the hint panel's waits, the hand's end and the log say it so."""
    from mahjong_tui.engine import get_ruleset
    from mahjong_tui.ui.look import hand_type_labels

    rules = get_ruleset("changsha")
    shown = {}
    for language in LANGUAGES:
        use(language)
        shown[language] = hand_type_labels(rules, ("pengpenghu", "qingyise"))
    use("en")
    assert shown["en"] == shown["both"] == "碰碰胡 All pongs, 清一色 Full flush"
    assert shown["zh"] == "碰碰胡、清一色"
