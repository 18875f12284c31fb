"""Lessons as data: short scripted hands on the real table that teach a rule set (``Ruleset.lessons``).

A :class:`Lesson` is one or more :class:`Scene` s. A scene is a rigged deal
(:class:`~.rigged.RiggedDeal`), the learner's seat, the moves the other seats are scripted
to make, and the learner's moves: one :class:`Step` for each decision the scene puts to the
learner, with its goal line and why another move is wrong. The other seats play as the
lesson table's players do (:mod:`mahjong_tui.learn.lessons`): a scripted move of theirs is
made as soon as it is legal; otherwise they discard the tile they drew and pass every
claim. The rules are the real ones: a lesson only chooses the tiles.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, ActionKind, KongMode
from .rigged import RiggedDeal
from .tiles import parse_tiles
from .words import NO_WORDS, Words


@dataclass(frozen=True, slots=True)
class Expect:
    """A move, as a lesson names it: its kinds, and the tiles it may be made with (none named: any)."""

    kinds: tuple[ActionKind, ...]
    tiles: str = ""
    mode: KongMode | None = None
    #: a chi's two tiles from the hand (none named: either chi of the tile)
    held: str = ""

    def matches(self, action: Action) -> bool:
        """``action`` is this move."""
        if action.kind not in self.kinds:
            return False
        if self.mode is not None and action.mode is not self.mode:
            return False
        if self.held and sorted(action.tiles) != sorted(parse_tiles(self.held)):
            return False
        return not self.tiles or action.tile in parse_tiles(self.tiles)


def expect(kind: ActionKind, tiles: str = "", mode: KongMode | None = None, held: str = "") -> Expect:
    """The move of one kind (with ``tiles``: made with one of them; ``held``: a chi with these two)."""
    return Expect((kind,), tiles, mode, held)


@dataclass(frozen=True, slots=True)
class Mistake:
    """A wrong move worth its own explanation."""

    move: Expect
    why: Words


@dataclass(frozen=True, slots=True)
class Step:
    """One decision of the learner's: the goal line, the move that meets it, and why any other does not."""

    goal: Words
    move: Expect
    wrong: Words
    mistakes: tuple[Mistake, ...] = ()
    #: what the move did, told once it is made (empty: nothing more to say)
    done: Words = NO_WORDS
    #: the table makes the move itself, as often as the learner is asked, until the next step's move is legal
    auto: bool = False
    #: why the lesson asks for another move than the hint panel's ★ here (empty: the move is the ★'s)
    departs: Words = NO_WORDS

    def why_not(self, action: Action) -> Words | None:
        """Why ``action`` does not meet the goal (None: it does)."""
        if self.move.matches(action):
            return None
        for mistake in self.mistakes:
            if mistake.move.matches(action):
                return mistake.why
        return self.wrong


@dataclass(frozen=True, slots=True)
class Scripted:
    """A move one of the other seats makes as soon as it may (their moves are made in the order given)."""

    seat: int
    move: Expect


@dataclass(frozen=True, slots=True)
class Scene:
    """One scripted hand of a lesson."""

    deal: RiggedDeal
    intro: Words
    steps: tuple[Step, ...]
    script: tuple[Scripted, ...] = ()
    learner: int = 0
    #: what the scene taught, told when its last step is made (empty: the lesson's ``learnt`` closes it)
    learnt: Words = NO_WORDS


@dataclass(frozen=True, slots=True)
class Lesson:
    """A lesson: its id, title, scenes, and what it taught."""

    id: str
    title: Words
    scenes: tuple[Scene, ...]
    learnt: Words
