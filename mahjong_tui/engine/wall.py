"""The wall (牌墙) as stacks of two, laid in four walls in front of the seats.

Geometry (RULES.md §1): stacks are numbered in drawing order, clockwise around the
table: seat 0's wall from its owner's right end to the left end, then seat 3's wall, then
seat 2's, then seat 1's (clockwise is against the order of play). The dealer's dice total
S picks the wall ``(dealer + S - 1) % 4`` and, on it, the stack S from its right end: live
draws start there and go clockwise (the head); replacement draws take the stacks just
before it, going back (the tail), top tile first.
"""

from __future__ import annotations

from dataclasses import dataclass

from .tiles import NUM_TILE_IDS, Tile

#: Walls in clockwise order around the table, starting with seat 0's.
CLOCKWISE_WALLS = (0, 3, 2, 1)


@dataclass(frozen=True, slots=True)
class WallView:
    """What the table shows of the wall.

    ``heights[seat]`` lists the stacks of that seat's wall from its owner's right end to
    the left end: 2, 1 or 0 tiles left in each. ``head`` and ``tail`` are
    ``(seat, index)`` of the next live stack and the next replacement stack (None when
    the wall is empty); ``break_at`` is where the wall was broken.
    """

    heights: tuple[tuple[int, ...], ...]
    head: tuple[int, int] | None
    tail: tuple[int, int] | None
    break_at: tuple[int, int]
    dice: tuple[int, int]
    remaining: int


class WallEmpty(RuntimeError):
    """A draw from a wall with no tiles left (the engine never lets this happen)."""


class Wall:
    """Stacks of two tiles; draws from the head, replacements from the tail."""

    __slots__ = ("layout", "dice", "top", "bottom", "order", "remaining", "census", "break_stack", "_offsets")

    def __init__(self, tiles: list[Tile], layout: tuple[int, int, int, int], dealer: int, dice: tuple[int, int]):
        n_stacks = sum(layout)
        if len(tiles) != 2 * n_stacks:
            raise ValueError(f"{len(tiles)} tiles do not fill {n_stacks} stacks")
        self.layout = layout
        self.dice = dice
        self.top: list[Tile | None] = tiles[0::2]
        self.bottom: list[Tile | None] = tiles[1::2]
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
        if self.top[stack] is None and self.bottom[stack] is None:
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

    def _seat_index(self, stack: int) -> tuple[int, int]:
        for seat in CLOCKWISE_WALLS:
            off = self._offsets[seat]
            if off <= stack < off + self.layout[seat]:
                return seat, stack - off
        raise IndexError(stack)

    def view(self) -> WallView:
        """The wall as the table draws it."""
        heights = []
        for seat in range(4):
            off = self._offsets[seat]
            heights.append(
                tuple(
                    (self.top[i] is not None) + (self.bottom[i] is not None)
                    for i in range(off, off + self.layout[seat])
                )
            )
        head = self._seat_index(self.order[0]) if self.order else None
        tail = self._seat_index(self.order[-1]) if self.order else None
        return WallView(
            heights=tuple(heights),
            head=head,
            tail=tail,
            break_at=self._seat_index(self.break_stack),
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
