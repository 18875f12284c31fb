"""The wall (牌墙) as stacks of two, laid in four walls in front of the seats.

Geometry (RULES.md §1): stacks are numbered in drawing order, clockwise around the
table: seat 0's wall from its owner's right end to the left end, then seat 3's wall, then
seat 2's, then seat 1's (clockwise is against the order of play). The dealer's dice total
S picks the wall ``(dealer + S - 1) % 4`` and, on it, the stack S from its right end: live
draws start there and go clockwise (the head); replacement draws take the stacks just
before it, going back (the tail), top tile first.
"""

from __future__ import annotations

from typing import NamedTuple

from .tiles import NUM_TILE_IDS, Tile

#: Walls in clockwise order around the table, starting with seat 0's.
CLOCKWISE_WALLS = (0, 3, 2, 1)


class WallView(NamedTuple):
    """What the table shows of the wall (a named tuple: one is made for every view).

    ``heights[seat]`` lists the stacks of that seat's wall from its owner's right end to
    the left end: 2, 1 or 0 tiles left in each. ``head`` and ``tail`` are
    ``(seat, index)`` of the next live stack and the next replacement stack (None when
    the wall is empty); ``break_at`` is where the wall was broken.
    """

    stack_heights: bytes  # every stack's height, in stack order (see the module docstring)
    layout: tuple[int, int, int, int]
    head_stack: int | None
    tail_stack: int | None
    break_stack: int
    dice: tuple[int, int]
    remaining: int

    @property
    def heights(self) -> tuple[tuple[int, ...], ...]:
        """Per seat, the heights of its wall's stacks from its owner's right end to the left end."""
        out = []
        for seat in range(4):
            off = _offset(self.layout, seat)
            out.append(tuple(self.stack_heights[off : off + self.layout[seat]]))
        return tuple(out)

    @property
    def head(self) -> tuple[int, int] | None:
        """``(seat, index)`` of the next live stack."""
        return None if self.head_stack is None else _seat_index(self.layout, self.head_stack)

    @property
    def tail(self) -> tuple[int, int] | None:
        """``(seat, index)`` of the next replacement stack."""
        return None if self.tail_stack is None else _seat_index(self.layout, self.tail_stack)

    @property
    def break_at(self) -> tuple[int, int]:
        """``(seat, index)`` of the stack where the wall was broken."""
        return _seat_index(self.layout, self.break_stack)


def _seat_index(layout: tuple[int, int, int, int], stack: int) -> tuple[int, int]:
    """The wall (its owner's seat) a stack stands in, and its place from the owner's right end."""
    for seat in CLOCKWISE_WALLS:
        off = _offset(layout, seat)
        if off <= stack < off + layout[seat]:
            return seat, stack - off
    raise IndexError(stack)


def _offset(layout: tuple[int, int, int, int], seat: int) -> int:
    """The first stack of ``seat``'s wall in stack order."""
    off = 0
    for s in CLOCKWISE_WALLS:
        if s == seat:
            return off
        off += layout[s]
    raise ValueError(seat)


class WallEmpty(RuntimeError):
    """A draw from a wall with no tiles left (the engine never lets this happen)."""


class Wall:
    """Stacks of two tiles; draws from the head, replacements from the tail."""

    __slots__ = ("layout", "dice", "top", "bottom", "height", "order", "remaining", "census", "break_stack", "_offsets")

    def __init__(self, tiles: list[Tile], layout: tuple[int, int, int, int], dealer: int, dice: tuple[int, int]):
        n_stacks = sum(layout)
        if len(tiles) != 2 * n_stacks:
            raise ValueError(f"{len(tiles)} tiles do not fill {n_stacks} stacks")
        self.layout = layout
        self.dice = dice
        self.top: list[Tile | None] = list(tiles[0::2])
        self.bottom: list[Tile | None] = list(tiles[1::2])
        #: tiles left in each stack (kept with every take, so a view is a copy)
        self.height = bytearray([2]) * n_stacks
        offsets = {}
        pos = 0
        for seat in CLOCKWISE_WALLS:
            offsets[seat] = pos
            pos += layout[seat]
        self._offsets = offsets
        total = dice[0] + dice[1]
        wall_seat = (dealer + total - 1) % 4
        start = offsets[wall_seat] + min(total, layout[wall_seat] - 1)
        self.break_stack = start
        #: stack indices with a tile left, head first, tail last
        self.order: list[int] = [(start + i) % n_stacks for i in range(n_stacks)]
        self.remaining = len(tiles)
        #: how many of each tile id the wall still holds (kept with every take, like ``remaining``)
        self.census = [0] * max(NUM_TILE_IDS, max(tiles, default=0) + 1)  # tests label stacks with any ints
        for t in tiles:
            self.census[t] += 1

    def _take(self, stack: int) -> Tile:
        t = self.top[stack]
        if t is not None:
            self.top[stack] = None
        else:
            t = self.bottom[stack]
            if t is None:
                raise WallEmpty("stack is empty")
            self.bottom[stack] = None
        self.remaining -= 1
        self.census[t] -= 1
        self.height[stack] -= 1
        if not self.height[stack]:
            self.order.remove(stack)
        return t

    def draw_head(self) -> Tile:
        """A live draw (摸牌)."""
        if not self.order:
            raise WallEmpty("the wall is empty")
        return self._take(self.order[0])

    def draw_tail(self) -> Tile:
        """A replacement draw (补花/杠 补牌): top of the last stack, then its bottom."""
        if not self.order:
            raise WallEmpty("the wall is empty")
        return self._take(self.order[-1])

    def draw_from_tail_stack(self, k: int) -> Tile:
        """Take from the k-th stack counted from the tail (1 = the last stack).

        Changsha 开杠: the top tile of that stack, else its bottom one. A count beyond the
        stacks left takes the last stack, the one 补张 would take (`003`: 最后一墩).
        """
        if not self.order:
            raise WallEmpty("the wall is empty")
        if not 1 <= k <= len(self.order):
            k = 1
        return self._take(self.order[-k])

    def peek_head(self) -> Tile | None:
        """The next live tile without drawing it (扎鸟 bird), or None."""
        if not self.order:
            return None
        s = self.order[0]
        t = self.top[s]
        return t if t is not None else self.bottom[s]

    def view(self) -> WallView:
        """The wall as the table draws it."""
        order = self.order
        return WallView(
            stack_heights=bytes(self.height),
            layout=self.layout,
            head_stack=order[0] if order else None,
            tail_stack=order[-1] if order else None,
            break_stack=self.break_stack,
            dice=self.dice,
            remaining=self.remaining,
        )

    def tiles_left(self) -> list[Tile]:
        """Every tile still in the wall (for invariant checks)."""
        out: list[Tile] = []
        for s in self.order:
            if self.top[s] is not None:
                out.append(self.top[s])  # type: ignore[arg-type]
            if self.bottom[s] is not None:
                out.append(self.bottom[s])  # type: ignore[arg-type]
        return out
