"""The lessons' files: each lesson a TOML file under ``lesson_data/<family>/``, built on the real engine.

A rule set names the family of lessons that teaches it (``Ruleset.lesson_family``); the
files of that folder, in the order of their names, are its lessons. A file holds the
lesson's title, what it taught, and its scenes: each a rigged deal (the learner's tiles,
the draws in order, the tail, tiles a scripted seat must hold), the other seats' scripted
moves, and the learner's steps: the move asked for, the goal line, why another move is
wrong, what the move did. ``rules/docs`` has every rule a lesson names.

Nothing a lesson states about the hand is typed: a goal line says ``{waits}``, ``{live}``,
``{pays}``, ``{bird}`` … and the numbers and tiles are read from the engine as the scene is
played through when the lesson is built (:func:`build_lessons`), so a lesson says what
the table shows. A scene marked ``follow_star`` is a whole hand played as the hint
panel's ★ says: each of its steps is the ★'s move at that decision.

The format (every text is ``{en = "…", zh = "…"}``, or a list of them, each with an
optional ``when``, joined):

    id = "tiles"
    title = {en = "…", zh = "…"}
    learnt = {en = "…", zh = "…"}
    [[scene]]
    hand = "123m456p789s1155z f1"     # the learner's tiles (14: the learner deals)
    draws = "3z3z7z f2 2z6z9m1p"      # every live draw in order, whoever draws it
    tail = "4z3z"                     # replacement draws from the tail, in order
    given = {"1" = "11m1s"}           # tiles a scripted seat holds
    script = ["1 pong 1m", "1 discard 1s"]
    intro = {en = "…", zh = "…"}
    [[scene.step]]
    move = "discard 4z"               # chi 4m with 56m · pong 9m · concealed_kong 5s kaigang · win · pass …
    goal = {en = "Discard the lone {tile}…", zh = "…"}
    wrong = {en = "…", zh = "…"}
    departs = {en = "…", zh = "…"}    # why this step asks for another move than the ★ (shown beside the ★)

``when = "one_suit_melds"`` (or ``"!one_suit_melds"``, ``"passed_win_scope=same_tile"``)
on a scene, a step or a text keeps it only where the rule set's attribute says so.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from typing import Any

from mahjong_tui.engine import Action, ActionKind, BirdDrawn, HandEnded, Ruleset, SeatView, Words, seat_view
from mahjong_tui.engine.actions import KongMode
from mahjong_tui.engine.lessons import NO_WORDS, Expect, Lesson, Mistake, Scene, Scripted, Step
from mahjong_tui.engine.registry import resolve
from mahjong_tui.engine.rigged import RiggedDeal
from mahjong_tui.engine.tiles import Tile, parse_tile, parse_tiles
from mahjong_tui.engine.words import alike, said

__all__ = ["LessonFileError", "build_lessons", "lesson_files", "lesson_presets", "lessons_of", "parse_move"]

_KINDS = {k.value: k for k in ActionKind}
_MODES = {m.value: m for m in KongMode}
_FIELD = re.compile(r"\{(\w+)(?::([0-9a-z]+))?\}")
#: the most learner decisions a whole hand played by the ★ may take (a lesson is done in minutes)
MAX_STAR_STEPS = 24


class LessonFileError(ValueError):
    """A lesson file that cannot be read or built (the game's fault, never a player's)."""


# ---------------------------------------------------------------- reading the files


def lesson_files(family: str) -> list[tuple[str, str]]:
    """The lesson files of ``family``: (name, text), in the order of their names."""
    if not family:
        return []
    folder = resources.files("mahjong_tui.learn").joinpath("lesson_data", family)
    if not folder.is_dir():
        return []
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".toml")), key=lambda f: f.name)
    return [(f.name, f.read_text(encoding="utf-8")) for f in files]


def parse_move(text: str) -> Expect:
    """``discard 4z``, ``discard 3p4p`` (either), ``chi 4m with 56m``, ``concealed_kong 5s kaigang``, ``win``,
    ``discard|pass`` (either kind): the move a step asks for."""
    words = text.split()
    if not words:
        raise LessonFileError("a step names no move")
    try:
        kinds = tuple(_KINDS[k] for k in words[0].split("|"))
    except KeyError as e:
        raise LessonFileError(f"{text!r}: no move {e.args[0]!r}") from None
    tiles, held, mode = "", "", None
    rest = words[1:]
    while rest:
        word = rest.pop(0)
        if word == "with" and rest:
            held = rest.pop(0)
        elif word in _MODES:
            mode = _MODES[word]
        else:
            tiles = word
    try:
        parse_tiles(tiles + held)
    except ValueError as e:
        raise LessonFileError(f"{text!r}: {e}") from None
    return Expect(kinds, tiles, mode, held)


def _holds(rules: Ruleset, when: str) -> bool:
    """A ``when`` condition on the rule set: ``attr``, ``!attr``, ``attr=value``."""
    if not when:
        return True
    if when.startswith("!"):
        return not _holds(rules, when[1:])
    name, _, value = when.partition("=")
    if name in ("name", "en_name", "zh_name"):
        raise LessonFileError(f"when = {when!r}: a lesson follows what a rule says, not a rule set's name")
    if not hasattr(rules, name):
        raise LessonFileError(f"when = {when!r}: a rule set has no {name!r}")
    got = getattr(rules, name)
    if value:
        return str(getattr(got, "value", got)) == value
    return bool(got)


def _kept(rules: Ruleset, items: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    return [item for item in items if _holds(rules, str(item.get("when", "")))]


def _text(rules: Ruleset, raw: object) -> Words:
    """A text of the file: one ``{en, zh}`` or a list of them, those whose ``when`` holds joined."""
    if raw is None:
        return NO_WORDS
    parts: list[Mapping[str, Any]] = raw if isinstance(raw, list) else [raw]  # type: ignore[list-item]
    kept = _kept(rules, parts)
    for p in kept:
        if not isinstance(p.get("en"), str) or not isinstance(p.get("zh"), str):
            raise LessonFileError(f"a text needs en and zh: {p!r}")
    en, zh = (" ".join(p["en"] for p in kept), "".join(p["zh"] for p in kept))
    return Words(en, zh)


# ---------------------------------------------------------------- what a text may name


def _tile(t: Tile | None) -> Words:
    from mahjong_tui.learn.hint_words import tile_words

    return tile_words(t) if t is not None else NO_WORDS


def _number(n: int) -> Words:
    return alike(n)


@dataclass
class _Moment:
    """What a step's text may name: the learner's view at the step, the move made, and what followed."""

    rules: Ruleset
    view: SeatView
    action: Action
    after: SeatView
    events: Sequence[object] = ()  # the scene's events, to the last move

    def value(self, name: str, arg: str | None) -> Words:
        from mahjong_tui.learn.hint_words import steps

        rules, view = self.rules, self.view
        if name == "tile":
            return _tile(self.action.tile)
        if name == "drawn":
            return _tile(view.last_drawn)
        if name == "discard":
            return _tile(view.last_discard)
        if name == "move":
            return self.action.words()
        if name in ("waits", "winning", "live", "steps"):
            # the hand once the move is made; where that hand is about to discard, the hand it was waiting with
            waiting = [v for v in (self.after, view) if (sum(v.counts) + 3 * len(v.melds[v.seat])) % 3 == 1]
            hint = _waiting(waiting[0] if waiting else self.after)
            if name == "steps":
                return steps(hint.win_shanten if hint.win_shanten is not None else 99)
            waits = [w for w in hint.waits if name != "winning" or w.qualifies]
            if name == "live":
                return _number(sum(w.left for w in waits))
            return either([_tile(w.tile) for w in waits])
        if name == "seen":
            if arg is None:
                raise LessonFileError("{seen:TILE} names its tile")
            return _number(view.outside[parse_tile(arg)])
        if name == "passed_win":
            if arg is None:
                raise LessonFileError("{passed_win:TILE} names its tile")
            return rules.passed_win_refusal(parse_tile(arg))
        if name == "left":
            return _number(view.wall_remaining)
        if name == "pays":
            ended = next((e for e in self.events if isinstance(e, HandEnded)), None)
            if ended is None:
                raise LessonFileError("{pays}: the scene's hand does not end")
            return _number(ended.payments[view.seat])
        if name == "bird":
            bird = next((e for e in self.events if isinstance(e, BirdDrawn)), None)
            if bird is None:
                raise LessonFileError("{bird}: no bird is drawn")
            return _tile(bird.tile)
        if name == "star":
            from mahjong_tui.learn.advice import suggested_action

            star = suggested_action(view)
            return star.words() if star is not None else NO_WORDS
        if hasattr(rules, name):
            return alike(getattr(rules, name))
        raise LessonFileError(f"a text names {{{name}}}, which a lesson cannot tell")


def _waiting(view: SeatView) -> Any:
    """The hint for the learner's hand after the move (its waits, its steps to a hand that may win)."""
    from mahjong_tui.learn.hints import analyse

    return analyse(view.ruleset, view.counts, view.melds[view.seat], view.flowers[view.seat], view.outside)


def either(parts: Sequence[Words]) -> Words:
    """``3m, 6m or 9m`` / ``三万、六万或九万``."""
    from mahjong_tui.learn.hint_words import joined

    if len(parts) < 2:
        return parts[0] if parts else NO_WORDS
    return joined([joined(parts[:-1]), parts[-1]], "or")


def fill(words: Words, value: Callable[[str, str | None], Words]) -> Words:
    """``words`` with each ``{name}`` / ``{name:arg}`` replaced, in each language, by what ``value`` tells."""
    if "{" not in words.en and "{" not in words.zh:
        return words
    cache_: dict[tuple[str, str | None], Words] = {}

    def one(lang: str) -> Callable[[re.Match[str]], str]:
        def sub(m: re.Match[str]) -> str:
            key = (m.group(1), m.group(2))
            if key not in cache_:
                cache_[key] = value(*key)
            return getattr(cache_[key], lang)

        return sub

    en, zh = _FIELD.sub(one("en"), words.en), _FIELD.sub(one("zh"), words.zh)
    return Words(en, zh)


# ---------------------------------------------------------------- building


def _step(rules: Ruleset, raw: Mapping[str, Any]) -> Step:
    move = parse_move(str(raw.get("move", "")))
    mistakes = tuple(
        Mistake(parse_move(str(m["move"])), _text(rules, m.get("why"))) for m in _kept(rules, raw.get("mistake", []))
    )
    return Step(
        _text(rules, raw.get("goal")),
        move,
        _text(rules, raw.get("wrong")),
        mistakes,
        _text(rules, raw.get("done")),
        bool(raw.get("auto", False)),
        _text(rules, raw.get("departs")),
    )


def _deal(raw: Mapping[str, Any]) -> RiggedDeal:
    from mahjong_tui.learn.lesson_deal import deal

    given = {int(k): str(v) for k, v in dict(raw.get("given", {})).items()}
    dice = tuple(raw.get("dice", (3, 5)))
    return deal(
        str(raw["hand"]),
        str(raw.get("draws", "")),
        tail=str(raw.get("tail", "")),
        given=given,
        honours=bool(raw.get("honours", True)),
        dealer=int(raw.get("dealer", 0)),
        kaigang_dice=tuple(tuple(d) for d in raw.get("kaigang_dice", ())),  # type: ignore[misc]
        dice=(int(dice[0]), int(dice[1])),
        fill_seed=int(raw.get("fill_seed", 1)),
    )


def _script(raw: Sequence[str]) -> tuple[Scripted, ...]:
    out = []
    for line in raw:
        seat, _, move = line.partition(" ")
        out.append(Scripted(int(seat), parse_move(move)))
    return tuple(out)


def _scene(rules: Ruleset, raw: Mapping[str, Any]) -> Scene:
    """A scene as written, its texts still naming what the engine will tell; a whole hand's steps made from the ★."""
    scene = Scene(
        _deal({"honours": rules.honours, **raw}),
        _text(rules, raw.get("intro")),
        tuple(_step(rules, s) for s in _kept(rules, raw.get("step", []))),
        _script(raw.get("script", [])),
        int(raw.get("learner", 0)),
        _text(rules, raw.get("learnt")),
    )
    if raw.get("follow_star"):
        scene = replace(scene, steps=_star_steps(rules, scene, _text(rules, raw.get("star_goal"))))
    return scene


def _star_steps(rules: Ruleset, scene: Scene, goal: Words) -> tuple[Step, ...]:
    """The steps of a whole hand played as the ★ says: at each of the learner's decisions, the ★'s move."""
    from mahjong_tui.engine import Stop, play_until_decision
    from mahjong_tui.learn.advice import suggested_action
    from mahjong_tui.learn.lessons import Coach, LessonPlayers, players_for, scene_game

    game = scene_game(rules, scene)
    players = LessonPlayers(game, scene, Coach(replace(scene, steps=())), players_for(scene))
    out: list[Step] = []
    while len(out) <= MAX_STAR_STEPS:
        halt = play_until_decision(game, players)
        if halt.why is not Stop.DECISION or halt.seat != scene.learner:
            break
        view = seat_view(game.hand, scene.learner)
        star = suggested_action(view)
        assert star is not None
        held = "".join(_tile_name(t) for t in star.tiles) if star.kind is ActionKind.CHI else ""
        move = Expect((star.kind,), _tile_name(star.tile) if star.tile is not None else "", star.mode, held)
        wrong = said("lesson.star_step", star="{star}")  # the ★'s move, told as the lesson is built
        out.append(Step(goal, move, wrong))
        game.apply(star)
    else:
        raise LessonFileError("a whole hand played by the ★ takes too many steps")
    return tuple(out)


def _tile_name(t: Tile) -> str:
    from mahjong_tui.engine.tiles import tile_name

    return tile_name(t)


def _told(rules: Ruleset, scene: Scene) -> Scene:
    """The scene played through with the moves it asks for: every text filled from the engine at its moment."""
    from mahjong_tui.learn.lessons import walk_scene

    walked = walk_scene(rules, scene)
    assert walked.game is not None
    moments: list[_Moment] = []
    for view, action, after in zip(walked.views, walked.moves, walked.after, strict=True):
        moments.append(_Moment(rules, view, action, after, walked.events))
    asked = [i for i, s in enumerate(scene.steps) if not s.auto]
    steps = list(scene.steps)
    for i, step in enumerate(scene.steps):
        # a step asked for is told at its own decision; one the table makes, at the decision after it
        later = [n for n, j in enumerate(asked) if j >= i]
        moment = moments[later[0]] if later else (moments[-1] if moments else None)

        def value(name: str, arg: str | None, moment: _Moment | None = moment) -> Words:
            if moment is None:
                raise LessonFileError(f"a text names {{{name}}} in a scene with no move")
            return moment.value(name, arg)

        steps[i] = replace(
            step,
            goal=fill(step.goal, value),
            wrong=fill(step.wrong, value),
            done=fill(step.done, value),
            departs=fill(step.departs, value),
            mistakes=tuple(replace(m, why=fill(m.why, value)) for m in step.mistakes),
        )
    last = moments[-1] if moments else None

    def end_value(name: str, arg: str | None) -> Words:
        if last is None:
            raise LessonFileError(f"a text names {{{name}}} in a scene with no move")
        return last.value(name, arg)

    return replace(scene, steps=tuple(steps), intro=fill(scene.intro, end_value), learnt=fill(scene.learnt, end_value))


def build_lesson(rules: Ruleset, name: str, text: str) -> Lesson:
    """One lesson file, built for ``rules``."""
    from mahjong_tui.learn.lessons import SceneStuck

    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise LessonFileError(f"{name}: {e}") from None
    try:
        scenes = tuple(_told(rules, _scene(rules, s)) for s in _kept(rules, raw.get("scene", [])))
        if not scenes:
            raise LessonFileError("no scene")

        def of_rules(name: str, arg: str | None) -> Words:
            if not hasattr(rules, name):
                raise LessonFileError(f"a lesson's title or learnt names {{{name}}}, which a lesson cannot tell")
            return alike(getattr(rules, name))

        title, learnt = (fill(_text(rules, raw.get(k)), of_rules) for k in ("title", "learnt"))
        return Lesson(str(raw["id"]), title, scenes, learnt)
    except LessonFileError as e:
        raise LessonFileError(f"{name}: {e}") from None
    except (KeyError, ValueError, TypeError, SceneStuck) as e:
        raise LessonFileError(f"{name}: {type(e).__name__}: {e}") from None


@cache
def build_lessons(rules_name: str) -> tuple[Lesson, ...]:
    """The lessons that teach ``rules_name``, in order, each built on the engine for that preset."""
    rules = resolve(rules_name)
    family = getattr(rules, "lesson_family", "")
    out = []
    for name, text in lesson_files(family):
        raw_when = tomllib.loads(text).get("when", "")
        if _holds(rules, str(raw_when)):
            out.append(build_lesson(rules, name, text))
    return tuple(out)


def lessons_of(rules: str | Ruleset) -> tuple[Lesson, ...]:
    """The lessons that teach a rule set, in order (its family's lesson files, built on its engine)."""
    return build_lessons(resolve(rules).name)


def lesson_presets(presets: Sequence[str]) -> list[str]:
    """Those of ``presets`` that have lessons."""
    return [name for name in presets if lessons_of(name)]
