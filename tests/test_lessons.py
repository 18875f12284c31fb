"""The lessons: every scene of every rule set plays through its goals; a wrong move is explained and changes nothing;
Pilot plays each rule family's lessons by keys to a finished lesson, kept as progress."""

from __future__ import annotations

import json

import pytest
from ui_support import plain, press, settle

from mahjong_tui.cli import main
from mahjong_tui.engine import (
    ActionKind,
    ClaimLost,
    HandEnded,
    OptionRefused,
    SeatView,
    Words,
    ruleset_names,
    seat_view,
)
from mahjong_tui.engine.lessons import Lesson, Scene, Step
from mahjong_tui.engine.registry import resolve
from mahjong_tui.engine.targets import win_shanten
from mahjong_tui.engine.tiles import tile_name
from mahjong_tui.keep.lessons import finished_lessons
from mahjong_tui.keep.settings import Settings
from mahjong_tui.keep.storage import lessons_path
from mahjong_tui.learn.advice import suggested_action
from mahjong_tui.learn.hints import analyse, hint_for_view
from mahjong_tui.learn.lesson_book import LessonFileError, build_lesson, lessons_of
from mahjong_tui.learn.lessons import Coach, LessonPlayers, players_for, scene_game, walk_scene
from mahjong_tui.ui.app import MahjongApp
from mahjong_tui.ui.screens.choice import ChoiceScreen
from mahjong_tui.ui.screens.hand_end import HandEndScreen
from mahjong_tui.ui.screens.lesson_table import LessonDone, LessonTable
from mahjong_tui.ui.widgets.hand import hand_tiles

PRESETS = ruleset_names()
SCENES = [
    pytest.param(preset, n, i, id=f"{preset}-{lesson.id}-{i}")
    for preset in PRESETS
    for n, lesson in enumerate(lessons_of(preset))
    for i in range(len(lesson.scenes))
]


def test_every_rule_family_has_six_lessons_or_more_from_the_tiles_to_a_whole_hand() -> None:
    """Tiles, sets, the winning hand first; defence, then a whole hand played with the ★, last."""
    for preset in PRESETS:
        ids = [lesson.id for lesson in lessons_of(preset)]
        assert len(ids) >= 6, preset
        assert ids[:3] == ["tiles", "sets", "winning"] and ids[-2:] == ["defence", "whole-hand"], preset
    assert "qualifying" in [lesson.id for lesson in lessons_of("shanghai")]
    assert "changsha" in [lesson.id for lesson in lessons_of("changsha")]


def _asked(preset: str, scene: Scene) -> list[tuple[Step, SeatView, SeatView]]:
    """Each step the learner is asked, with their view at it and right after the move it asks for."""
    walked = walk_scene(preset, scene)
    asked = [s for s in scene.steps if not s.auto]
    assert len(asked) == len(walked.views)
    return list(zip(asked, walked.views, walked.after, strict=True))


@pytest.mark.parametrize(("preset", "number", "scene"), SCENES)
def test_every_move_a_lesson_asks_for_is_the_stars_or_says_why_not(preset: str, number: int, scene: int) -> None:
    """The hint panel's ★ and the lesson never disagree in silence: the move asked for is the ★'s, or the step says
    in both languages why the lesson departs from it here."""
    for step, view, _ in _asked(preset, lessons_of(preset)[number].scenes[scene]):
        star = suggested_action(view)
        assert star is not None
        if not step.move.matches(star):
            assert step.departs.en and step.departs.zh, f"{step.goal.en}: the ★ says {star.describe()}"
        else:
            assert not step.departs.en, f"{step.goal.en}: says it departs from the ★, which it does not"


@pytest.mark.parametrize(("preset", "number", "scene"), SCENES)
def test_no_lesson_leaves_a_hand_that_cannot_win(preset: str, number: int, scene: int) -> None:
    """After every move a lesson asks for, some hand that may win is still within reach (Shanghai's qualifying rule
    and one-suit claims included)."""
    rules = resolve(preset)
    for step, _, after in _asked(preset, lessons_of(preset)[number].scenes[scene]):
        counts, melds = list(after.counts), after.melds[after.seat]
        if after.table.over or (sum(counts) + 3 * len(melds)) % 3 != 1:
            continue
        assert win_shanten(rules.win_targets, rules.shapes, counts, melds) is not None, step.goal.en


def _texts(lesson: Lesson) -> list[Words]:
    out = [lesson.title, lesson.learnt]
    for scene in lesson.scenes:
        out += [scene.intro, scene.learnt]
        for step in scene.steps:
            out += [step.goal, step.wrong, step.done, step.departs, *(m.why for m in step.mistakes)]
    return out


@pytest.mark.parametrize("preset", PRESETS)
def test_every_text_is_told_from_the_engine_in_both_languages(preset: str) -> None:
    """Nothing is left to fill: every ``{waits}``, ``{live}``, ``{pays}`` … is the engine's; each text has both
    languages or neither."""
    for lesson in lessons_of(preset):
        for words in _texts(lesson):
            assert "{" not in words.en + words.zh and "}" not in words.en + words.zh, words
            assert bool(words.en) == bool(words.zh), words


def test_the_waits_a_lesson_names_are_the_waits_the_panel_lists() -> None:
    """Shanghai's winning lesson names every wait the hand has (the hint's, not a typed pair of them)."""
    winning = {lesson.id: lesson for lesson in lessons_of("shanghai")}["winning"]
    step, _, after = _asked("shanghai", winning.scenes[0])[0]
    waits = [w.tile for w in hint_for_view(after).waits] or [
        w.tile for w in analyse(after.ruleset, after.counts, after.melds[0], after.flowers[0], after.outside).waits
    ]
    assert [tile_name(t) for t in waits] == ["3m", "6m", "9m", "1z"]
    assert "3m, 6m, 9m or 1z" in step.goal.en and "三万、六万、九万或东" in step.goal.zh


def test_a_lesson_file_that_is_wrong_is_one_line_naming_the_file() -> None:
    """A broken file, a move no step can make, or a text naming what a lesson cannot tell: one line, the file's name."""
    rules = resolve("changsha")
    bad = {
        "broken.toml": "id = ",
        "nomove.toml": 'id = "x"\n[[scene]]\nhand = "123m456p789s55m79s1p"\n[[scene.step]]\nmove = "fly 1p"\n',
        "stuck.toml": 'id = "x"\n[[scene]]\nhand = "123m456p789s55m79s1p"\n[[scene.step]]\nmove = "pong 1p"\n',
        "unknown.toml": 'id = "x"\n[[scene]]\nhand = "123m456p789s55m79s1p"\n[[scene.step]]\nmove = "discard 1p"\n'
        'goal = {en = "{nonsense}", zh = "{nonsense}"}\n',
    }
    for name, text in bad.items():
        with pytest.raises(LessonFileError) as caught:
            build_lesson(rules, name, text)
        assert str(caught.value).startswith(name) and "\n" not in str(caught.value)


@pytest.mark.parametrize(("preset", "number", "scene"), SCENES)
def test_following_the_goals_plays_the_scene_through(preset: str, number: int, scene: int) -> None:
    """Each step's move is legal when its goal is shown; a scene that ends in a win ends with the learner's."""
    lesson = lessons_of(preset)[number]
    walked = walk_scene(preset, lesson.scenes[scene])
    assert len(walked.moves) == sum(1 for s in lesson.scenes[scene].steps if not s.auto)
    last = lesson.scenes[scene].steps[-1]
    ended = [e for e in walked.events if isinstance(e, HandEnded)]
    if ActionKind.WIN in last.move.kinds:
        assert ended and ended[-1].winners == (lesson.scenes[scene].learner,)
    else:
        assert not ended


@pytest.mark.parametrize(("preset", "number", "scene"), SCENES)
def test_a_wrong_move_is_refused_with_a_reason_and_changes_nothing(preset: str, number: int, scene: int) -> None:
    """At every step, every other legal move is refused by the coach with a reason; the game is as it was."""
    the_scene = lessons_of(preset)[number].scenes[scene]
    game = scene_game(preset, the_scene)
    coach = Coach(the_scene)
    players = LessonPlayers(game, the_scene, coach, players_for(the_scene))
    from mahjong_tui.engine import play_until_decision

    while not coach.finished:
        play_until_decision(game, players)
        step = coach.step
        assert step is not None
        view = seat_view(game.hand, the_scene.learner)
        actions_before = len(game.actions[-1])
        for action in view.legal:
            why = coach.refusal(action)
            if step.move.matches(action):
                assert why is None
            else:
                assert why is not None and why.en and why.zh, action
        assert len(game.actions[-1]) == actions_before and coach.step is step
        right = next(a for a in view.legal if step.move.matches(a))
        game.apply(right)
        coach.moved(right)


def test_the_rules_the_lessons_name_hold_at_the_table() -> None:
    """Shanghai's one-suit claim rule, a pong beating a chi, and 漏胡 happen where the lessons say so."""
    by_id = {lesson.id: lesson for lesson in lessons_of("shanghai")}
    qualifying = walk_scene("shanghai", by_id["qualifying"].scenes[0])
    refused = [e for e in qualifying.events if isinstance(e, OptionRefused) and e.seat == 0]
    assert refused and "one suit" in refused[0].reason.en
    sets = walk_scene("changsha", {lesson.id: lesson for lesson in lessons_of("changsha")}["sets"].scenes[0])
    assert any(isinstance(e, ClaimLost) and e.seat == 0 for e in sets.events)
    defence = walk_scene("shanghai", by_id["defence"].scenes[1])
    assert any(isinstance(e, OptionRefused) and "漏胡" in e.reason.zh for e in defence.events)


# ---------------------------------------------------------------- at the table, by keys


async def _make(pilot, app: MahjongApp, action) -> None:  # type: ignore[no-untyped-def]
    """The learner makes ``action`` by the keys a player would press."""
    screen = app.screen
    if isinstance(screen, ChoiceScreen):
        index = next(i for i, c in enumerate(screen.choices) if c.action == action)
        times = 2 if action.kind is ActionKind.PASS and screen.win_offered else 1
        for _ in range(times):
            await press(pilot, screen.choices[index].key)
        return
    table = app.screen
    assert isinstance(table, LessonTable)
    if action.kind is ActionKind.WIN:
        await press(pilot, "w")
    elif action.kind is ActionKind.CONCEALED_KONG:
        await press(pilot, "k")
        await pilot.pause()
        if isinstance(app.screen, ChoiceScreen):
            await press(pilot, next(c.key for c in app.screen.choices if c.action == action))
    else:
        tiles = hand_tiles(table.look(), action.seat)
        index = tiles.index(action.tile)
        steps = index - (table.selected or 0)
        for _ in range(abs(steps)):
            await press(pilot, "right" if steps > 0 else "left")
        await press(pilot, "enter")


def _table(app: MahjongApp) -> LessonTable:
    """The lesson's table."""
    return next(s for s in app.screen_stack if isinstance(s, LessonTable))


def _at_table(app: MahjongApp) -> bool:
    """A lesson's table is open (a prompt may be over it)."""
    return any(isinstance(s, LessonTable) for s in app.screen_stack) and not isinstance(app.screen, LessonDone)


def _deciding(app: MahjongApp) -> bool:
    """The learner is asked, a summary or the lesson's end is up."""
    screen = app.screen
    if isinstance(screen, ChoiceScreen | HandEndScreen | LessonDone):
        return True
    return isinstance(screen, LessonTable) and screen.actor is not None


async def _play_lesson(pilot, app: MahjongApp, *, wrong_first: bool = False) -> int:  # type: ignore[no-untyped-def]
    """Play the lesson at the table to its end, each goal met by keys; the number of steps made."""
    made = 0
    for _ in range(200):
        await settle(pilot, lambda: _deciding(app))
        screen = app.screen
        if isinstance(screen, LessonDone):
            return made
        if isinstance(screen, HandEndScreen):
            await press(pilot, "enter")
            continue
        table = next(s for s in app.screen_stack if isinstance(s, LessonTable))
        driver = table.lesson_driver
        assert driver.coach is not None and driver.coach.step is not None
        step = driver.coach.step
        view = driver.seat_view(driver.scene.learner)
        right = next(a for a in view.legal if step.move.matches(a))
        if wrong_first:
            wrong = next((a for a in view.legal if not step.move.matches(a) and a.kind is ActionKind.DISCARD), None)
            if wrong is not None and isinstance(app.screen, LessonTable):
                before = len(driver.game.actions[-1])
                await _make(pilot, app, wrong)
                await pilot.pause()
                assert len(driver.game.actions[-1]) == before  # nothing changed
                bar = plain(table.query_one("#lesson-bar"))
                assert "✕" in bar and driver.coach.refusal(wrong) is not None
                told = table.look().told(driver.coach.refusal(wrong).en)  # type: ignore[union-attr]
                assert told in bar.replace("\n", " ")  # tiles as the table names them
                wrong_first = False
        await _make(pilot, app, right)
        made += 1
    raise AssertionError("the lesson did not end")


@pytest.mark.parametrize("preset", ["shanghai", "changsha"])
async def test_the_winning_lesson_by_keys_reaches_a_first_win_and_is_kept(preset: str) -> None:
    """Lesson 3 at the table: both scenes, a wrong discard explained first; finished, it is kept as progress."""
    app = MahjongApp(settings=Settings(speed="instant"), lessons=preset, lesson=2)
    async with app.run_test(size=(120, 40)) as pilot:
        await _play_lesson(pilot, app, wrong_first=True)
        assert isinstance(app.screen, LessonDone)
        await press(pilot, "enter")  # the second scene: a self-draw
        await settle(pilot, lambda: _at_table(app))
        await _play_lesson(pilot, app)
        assert "winning" not in finished_lessons(preset)
        await press(pilot, "enter")  # the next lesson
        await settle(pilot, lambda: _at_table(app))
        assert _table(app).lesson_driver.number == 3
    assert "winning" in finished_lessons(preset)
    assert json.loads(lessons_path().read_text())["finished"][preset] == ["winning"]


@pytest.mark.parametrize(
    ("preset", "number"),
    [(p, n) for p in ("shanghai", "changsha") for n in range(len(lessons_of(p))) if lessons_of(p)[n].id != "winning"],
)
async def test_every_other_lesson_plays_through_by_keys(preset: str, number: int) -> None:
    """Every lesson but the winning one (played above with a mistake), every scene at the table by keys."""
    app = MahjongApp(settings=Settings(speed="instant"), lessons=preset, lesson=number)
    scenes = len(lessons_of(preset)[number].scenes)
    async with app.run_test(size=(100, 32)) as pilot:
        for scene in range(scenes):
            await _play_lesson(pilot, app)
            if scene < scenes - 1:
                await press(pilot, "enter")
                await settle(pilot, lambda: _at_table(app))
        await press(pilot, "l")  # back to the list
        await settle(pilot, lambda: type(app.screen).__name__ == "LessonsScreen")
    assert lessons_of(preset)[number].id in finished_lessons(preset)


async def test_learn_to_play_on_the_new_game_screen_opens_the_lessons() -> None:
    """The new game screen's Learn to play opens the lessons of the rules chosen there; 1 starts the first."""
    app = MahjongApp(settings=Settings(speed="instant"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: type(app.screen).__name__ == "NewGameScreen")
        await press(pilot, "ctrl+l")
        await settle(pilot, lambda: type(app.screen).__name__ == "LessonsScreen")
        await press(pilot, "d")  # the drills of these rules, and back
        await settle(pilot, lambda: type(app.screen).__name__ == "DrillScreen")
        await press(pilot, "escape")
        await settle(pilot, lambda: type(app.screen).__name__ == "LessonsScreen")
        await press(pilot, "1")
        await settle(pilot, lambda: _at_table(app))
        assert _table(app).lesson_driver.lesson.id == "tiles"  # type: ignore[union-attr]


def test_learn_lists_the_lessons_and_refuses_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    """``learn --list`` prints the lessons; a lesson beyond the last, or unknown rules, is one line and exit 2."""
    assert main(["learn", "--rules", "changsha", "--list"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == len(lessons_of("changsha")) and out[0].startswith("1. ")
    assert main(["learn", "--rules", "changsha", "--lesson", "9"]) == 2
    assert main(["learn", "--rules", "nope"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and all(line.startswith("mahjong-tui learn") for line in err)


async def _play_until(pilot, app: MahjongApp, done) -> LessonTable:  # type: ignore[no-untyped-def]
    """Make each step's move by keys until ``done(table)`` holds at a decision; the lesson's table."""
    for _ in range(100):
        await settle(pilot, lambda: _deciding(app))
        table = _table(app)
        if done(table):
            return table
        driver = table.lesson_driver
        assert driver.coach is not None and driver.coach.step is not None
        view = driver.seat_view(driver.scene.learner)
        await _make(pilot, app, next(a for a in view.legal if driver.coach.step.move.matches(a)))
    raise AssertionError("never came")


async def test_where_a_step_departs_from_the_star_the_hint_panel_says_why() -> None:
    """Shanghai's qualifying lesson keeps a pair of 9s a turn longer than the ★ would: the panel under the ★ says
    why, in the table's tile names; the bar names tiles as the table draws them (九条, not 9s)."""
    app = MahjongApp(settings=Settings(speed="instant"), lessons="shanghai", lesson=3)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await _play_until(pilot, app, lambda t: t.lesson_driver.coach.step.departs.en)
        body = table.query_one("#hints-full .hint-body")
        await settle(pilot, lambda: "lesson" in plain(body).lower())
        panel = plain(body).replace("\n", " ")
        assert "Why the lesson asks otherwise here" in panel and "九条" in panel
        assert "★" in panel
        bar = plain(table.query_one("#lesson-bar"))
        assert "白" in bar and "5z" not in bar


async def test_an_outcome_the_lesson_asked_for_is_no_mistake_in_the_bar() -> None:
    """Trying a chi that a pong beats, as the sets lesson asks, is told with ✓, never marked ✕ as a refusal."""
    app = MahjongApp(settings=Settings(speed="instant"), lessons="changsha", lesson=1)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await _play_until(
            pilot, app, lambda t: t.lesson_driver.coach.step.move.kinds == (ActionKind.CONCEALED_KONG,)
        )
        bar = plain(table.query_one("#lesson-bar"))
        assert "✓" in bar and "✕" not in bar


@pytest.mark.parametrize("preset", PRESETS)
def test_every_lesson_is_short_enough_to_finish_in_minutes(preset: str) -> None:
    """At most 16 decisions a lesson, all its scenes together: at a few seconds a move, well under 3 minutes."""
    for lesson in lessons_of(preset):
        asked = sum(1 for scene in lesson.scenes for step in scene.steps if not step.auto)
        assert 2 <= asked <= 16, (lesson.id, asked)
