"""Playing a lesson: its game, the other seats' players, and the coach that checks the learner's moves.

A lesson's scene (:class:`~mahjong_tui.engine.lessons.Scene`) is played on a real game
begun from its rigged deal (:func:`scene_game`). The other seats are
:class:`ScriptedPlayer` s: a scripted move of theirs is made as soon as it is legal,
otherwise they discard the tile they drew and pass. The :class:`Coach` knows which step
the learner is at: a move that does not meet its goal is refused with the step's reason
(and changes nothing); one that does moves the coach on. :func:`walk_scene` plays a scene
through with the moves it asks for, headless: the tests drive every lesson with it, and
it says where a scene would put the learner a question it has no step for.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from mahjong_tui.engine import (
    Action,
    ActionKind,
    Event,
    Game,
    GameOptions,
    Halt,
    Player,
    SeatView,
    Stop,
    Words,
    play_until_decision,
    seat_view,
)
from mahjong_tui.engine.lessons import Expect, Scene, Step
from mahjong_tui.engine.ruleset import Ruleset
from mahjong_tui.learn.advice import suggested_action


def scene_game(rules: str | Ruleset, scene: Scene) -> Game:
    """A new game begun from the scene's deal (one hand: a lesson is over when its hand is)."""
    return Game(rules, scene.deal.fill_seed, GameOptions(max_hands=1), rigged=scene.deal)


class ScriptedPlayer:
    """One of the other seats in a lesson: its scripted moves as soon as they are legal, else the drawn tile out."""

    def __init__(self, seat: int, script: Sequence[Expect]) -> None:
        """The player of ``seat``, with its scripted moves in order."""
        self.seat = seat
        self.script = list(script)

    def choose(self, view: SeatView) -> Action:
        """The next scripted move when it is legal; else the tile drawn (or the last tile held) out, or a pass."""
        legal = view.legal
        if self.script:
            made = next((a for a in legal if self.script[0].matches(a)), None)
            if made is not None:
                self.script.pop(0)
                return made
        discards = [a for a in legal if a.kind is ActionKind.DISCARD]
        if discards:
            return next((a for a in discards if a.tile == view.last_drawn), discards[-1])
        return next((a for a in legal if a.kind is ActionKind.PASS), legal[0])


def players_for(scene: Scene) -> dict[int, ScriptedPlayer]:
    """The scene's other seats, each with its scripted moves."""
    return {
        seat: ScriptedPlayer(seat, [s.move for s in scene.script if s.seat == seat])
        for seat in range(4)
        if seat != scene.learner
    }


@dataclass
class Coach:
    """Where the learner is in a scene's steps: the goal now, and why a move does not meet it."""

    scene: Scene
    made: int = 0
    #: what the last move done told (its step's ``done``), until the next move
    told: Words | None = None

    @property
    def step(self) -> Step | None:
        """The step the learner is at (None: every step is made)."""
        return self.scene.steps[self.made] if self.made < len(self.scene.steps) else None

    @property
    def finished(self) -> bool:
        """Every step of the scene is made."""
        return self.made >= len(self.scene.steps)

    def refusal(self, action: Action) -> Words | None:
        """Why ``action`` is not the move the lesson asks for now (None: it is, or it is not the learner's)."""
        step = self.step
        if step is None or action.seat != self.scene.learner:
            return None
        return step.why_not(action)

    def moved(self, action: Action) -> None:
        """``action`` was made: the learner's move meets its step, and the next step is the goal."""
        step = self.step
        if step is not None and not step.auto and action.seat == self.scene.learner and step.move.matches(action):
            self.made += 1
            self.told = step.done or None

    def auto_move(self, view: SeatView) -> Action | None:
        """The move the table makes for the learner now, in a step it makes itself (None: the learner decides).

        Such a step lasts until the next step's move is legal: that decision is the learner's.
        """
        while (step := self.step) is not None and step.auto:
            after = self.scene.steps[self.made + 1] if self.made + 1 < len(self.scene.steps) else None
            if after is not None and any(after.move.matches(a) for a in view.legal):
                self.made += 1
                self.told = step.done or None
                continue
            matching = [a for a in view.legal if step.move.matches(a)]
            if not matching:
                return None
            drawn = next((a for a in matching if a.kind is ActionKind.DISCARD and a.tile == view.last_drawn), None)
            return drawn or matching[0]
        return None


class _Made:
    """A player that makes one move already chosen."""

    def __init__(self, action: Action) -> None:
        """The move to make."""
        self.action = action

    def choose(self, view: SeatView) -> Action:
        """The move chosen."""
        return self.action


class LessonPlayers(Mapping[int, Player]):
    """The play loop's players in a lesson: the other seats, and the learner while the table moves for them."""

    def __init__(self, game: Game, scene: Scene, coach: Coach, others: Mapping[int, Player]) -> None:
        """The players of ``scene`` played on ``game``, the learner's moves made as ``coach`` says."""
        self.game = game
        self.learner = scene.learner
        self.coach = coach
        self.others = others

    def __getitem__(self, seat: int) -> Player:
        """The player of ``seat`` now (KeyError: the learner decides)."""
        if seat != self.learner:
            return self.others[seat]
        move = self.coach.auto_move(seat_view(self.game.hand, seat))
        if move is None:
            raise KeyError(seat)
        return _Made(move)

    def __iter__(self) -> Iterator[int]:
        """The other seats (the learner's player comes and goes)."""
        return iter(self.others)

    def __len__(self) -> int:
        """How many other seats there are."""
        return len(self.others)


class SceneStuck(AssertionError):
    """A scene put the learner a question its steps do not answer (a lesson's fault, never a player's)."""


@dataclass
class Walked:
    """A scene played through: the learner's view at each step, the moves made, every event."""

    views: list[SeatView] = field(default_factory=list)
    moves: list[Action] = field(default_factory=list)
    after: list[SeatView] = field(default_factory=list)  # the learner's view right after each move
    events: list[Event] = field(default_factory=list)
    game: Game | None = None


def walk_scene(rules: str | Ruleset, scene: Scene) -> Walked:
    """Play ``scene`` through, the learner making each step's move; SceneStuck says where it cannot."""
    game = scene_game(rules, scene)
    coach = Coach(scene)
    players = LessonPlayers(game, scene, coach, players_for(scene))
    walked = Walked(game=game)
    walked.events.extend(game.hand_events)
    while not coach.finished:
        halt = _play(game, players, walked)
        step = coach.step
        if step is None:
            break
        if halt.why is not Stop.DECISION or halt.seat != scene.learner:
            raise SceneStuck(f"step {coach.made + 1} ({step.goal.en}): the hand stopped at {halt}")
        view = seat_view(game.hand, scene.learner)
        matching = [a for a in view.legal if step.move.matches(a)]
        star = suggested_action(view) if len(matching) > 1 else None
        action = star if star in matching else next(iter(matching), None)  # of several, the ★'s if it is one
        if action is None:
            legal = ", ".join(a.describe() for a in view.legal)
            raise SceneStuck(f"step {coach.made + 1} ({step.goal.en}): no legal move meets it; legal: {legal}")
        walked.views.append(view)
        walked.moves.append(action)
        walked.events.extend(game.apply(action))
        walked.after.append(seat_view(game.hand, scene.learner))
        coach.moved(action)
    return walked


def _play(game: Game, players: Mapping[int, Player], walked: Walked) -> Halt:
    """Let the other seats play until the learner must decide (or the hand ends)."""
    return play_until_decision(game, players, observe=lambda move: walked.events.extend(move.events))
