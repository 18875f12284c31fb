"""One table on the server: its game, who sits where, the prompts, the bots, the windows, the timers, the journal.

:class:`HostedTable` is authoritative. It plays the game's one loop (:meth:`HostedTable.run`):
a bot seat's move is made at once; a person's decision is a numbered prompt, answered by
:meth:`HostedTable.answer` from that person's connection only. After every change each
connected seat is sent its own view (:func:`~mahjong_tui.engine.private_seat_view`) and the
events it may see (:func:`~mahjong_tui.engine.seen_events`), encoded by
:mod:`mahjong_tui.net.wire`; nothing else of the game ever leaves the table.

Fair across machines: whenever a person sits at the table, every window (a discard, a kong
that may be robbed, the 开杠 tiles, the shown 海底, a new hand's 起手小胡) stays open for the
same time, ``claim_seconds``, whether or not anyone may answer it: the game holds the windows
nobody is asked in (:attr:`~mahjong_tui.engine.Game.hold_windows`) until the time is up, the
bots answer while the window is open, and a seat's view names no other seat among those asked.
What a seat is sent, and when, is the same whatever the others hold.

No seat holds the table: a person's turn and each of their decisions wait ``turn_seconds`` at
most; then the seat's bot plays that move and the seat is idle (its bot plays for it) until
its person acts again. Messages go out through each connection's :class:`~.outbox.Outbox`,
which the table never waits for. A person whose connection drops keeps the seat for ``grace``
seconds; then the seat's bot plays it until they come back with the seat's token. Every action
is written to the game's journal (:class:`~mahjong_tui.keep.keeping.Keeper`), so a host killed
and started again resumes the table where it was.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from time import monotonic

from mahjong_tui.engine import (
    Action,
    ActionKind,
    Game,
    IllegalAction,
    Player,
    Words,
    asked_in_private,
    game_from_record,
    game_record,
    match_action,
    seat_view,
)
from mahjong_tui.engine.state import SINGLE_SEAT_PHASES
from mahjong_tui.engine.words import said
from mahjong_tui.keep.keeping import Keeper
from mahjong_tui.keep.locks import GameLock
from mahjong_tui.keep.saves import Seat, Table
from mahjong_tui.learn.review import Review, review_hand

from .bot_pool import BotPool, decision_seed
from .outbox import Outbox
from .protocol import Act, dumps
from .sending import Sending
from .server_messages import Error, Replaced, ReviewTold, Seats

_log = logging.getLogger(__name__)


def _review(record: dict[str, object], hand: int, seat: int) -> Review:
    """``seat``'s review of ``hand`` of the game ``record`` holds (its own copy: the table plays on meanwhile)."""
    return review_hand(game_from_record(record), hand, seat)


@dataclass
class Place:
    """A seat: open for a person (with its token) or a bot's, the name shown, the person's link when connected."""

    name: str
    person: bool
    token: str = field(default_factory=lambda: secrets.token_urlsafe(12))
    level: str = "normal"  # the bot's level: a bot seat's, and the bot standing in for a person gone too long
    taken: bool = False  # a person has sat here
    link: Outbox | None = None
    gone_at: float | None = None  # when the person's connection dropped (None: connected, or never came)
    idle: bool = False  # the person let a decision's time run out: their bot plays until they act again
    sent: int = 0  # how many of the game's events this seat has been sent
    told: int = 0  # how many events the seat has been sent since it sat down (those it may see, as it sees them)

    def to_json(self) -> dict[str, object]:
        """What the host keeps of the seat."""
        return {"name": self.name, "person": self.person, "token": self.token, "level": self.level,
                "taken": self.taken}  # fmt: skip


def _wake(loop: asyncio.AbstractEventLoop, future: asyncio.Future[None]) -> None:
    """Settle ``future`` on its loop's thread (from the keeper's); a loop already closed has nobody to wake."""
    with contextlib.suppress(RuntimeError):
        loop.call_soon_threadsafe(_settle, future)


def _settle(future: asyncio.Future[None]) -> None:
    """``future`` is done (unless it was cancelled meanwhile)."""
    if not future.done():
        future.set_result(None)


def seating(places: Sequence[Place]) -> Table:
    """Who sits where, as a game's save keeps it: a name, and a bot's level."""
    seats = [Seat(p.name, None if p.person else p.level) for p in places]
    return Table((seats[0], seats[1], seats[2], seats[3]))


class HostedTable(Sending):
    """A game played on the server, seat by seat."""

    def __init__(
        self,
        game: Game,
        room: str,
        places: list[Place],
        *,
        table: Table | None = None,
        claim_seconds: float = 2.0,
        turn_seconds: float = 30.0,
        grace: float = 60.0,
        keep: bool = True,
        bot_factory: Callable[[str, int, int], Player] | None = None,
        bots: BotPool | None = None,
        lock: GameLock | None = None,
    ) -> None:
        """The table of ``game`` behind ``room``; ``places``: the four seats; ``lock``: the game's, already held;
        ``bots``: the processes its bots think in (else a bot of ``bot_factory`` thinks on a thread)."""
        self.game = game
        game.hold_windows = True  # every window lasts its time, whether or not anyone may answer it
        self.room = room
        self.places = places
        self.table = table or seating(places)
        self.claim_seconds = claim_seconds
        self.turn_seconds = turn_seconds
        self.window_closes: float | None = None  # when the prompts open now close by themselves (monotonic)
        self.grace = grace
        # Written on a writing thread, queued: a slow disk holds no table (a seat is shown a move once it is written,
        # and the loop never waits for a write meanwhile).
        self.keeper = Keeper(self.table, lock, queued=True) if keep else None
        self._bot_factory = bot_factory
        self._pool = bots if bot_factory is None else None
        self._bots: dict[int, Player] = {}
        self.prompts = [0, 0, 0, 0]  # each seat's latest prompt number (its own count: it tells nothing of others')
        self.asked: dict[int, int] = {}  # seat → the prompt open for it
        self.answers: dict[int, Action | None] = {}  # seat → its answer to the prompt open (None: ready to go on)
        self.changed = asyncio.Event()  # an answer came, or someone sat down, left, or came back from idle
        self._look()  # what everyone sees of the hand at the moment, its form, and its text per pending
        self.closed = False
        if self.keeper is not None:
            self.keeper.keep(game)

    # ------------------------------------------------------------------ seats
    @property
    def id(self) -> str:
        """The table's id (the kept game's)."""
        return self.table.id

    def sit(self, name: str, link: Outbox) -> int | None:
        """A new person sits in the first free seat open for people (None: the table is full)."""
        for seat, place in enumerate(self.places):
            if place.person and not place.taken:
                place.name, place.taken, place.link, place.gone_at, place.idle = name, True, link, None, False
                self._seen_from_the_start(seat)
                self._poke()
                self._seats_changed(seat)
                return seat
        return None

    def seat_of(self, token: str) -> int | None:
        """The seat taken by a person whose token is ``token`` (None: none)."""
        for seat, place in enumerate(self.places):
            if place.person and place.taken and secrets.compare_digest(place.token.encode(), token.encode()):
                return seat
        return None

    def back(self, token: str, link: Outbox) -> int | None:
        """The person of the seat whose token is ``token`` is back (None: no such seat)."""
        seat = self.seat_of(token)
        if seat is None:
            return None
        place = self.places[seat]
        if place.link is not None and place.link is not link:  # another connection held it: told so, and let go
            place.link.put(dumps(Replaced()))
        place.link, place.gone_at, place.idle = link, None, False
        self._seen_from_the_start(seat)
        self._poke()
        self._seats_changed(seat)
        return seat

    @property
    def away(self) -> list[int]:
        """The seats open for people whose person is not playing now (not come yet, gone, or idle)."""
        return [s for s, p in enumerate(self.places) if p.person and (p.link is None or p.idle)]

    def seats(self) -> Seats:
        """Who sits where, the seats whose person is away (and of those, the ones still connected whose time ran
        out: ``idle``), and whether the table waits for people to sit down."""
        idle = [s for s, p in enumerate(self.places) if p.person and p.link is not None and p.idle]
        return Seats([p.name for p in self.places], self.away, idle, not self.full)

    def _seats_changed(self, seat: int | None = None) -> None:
        """Someone sat down, came back, left or went idle at ``seat``: every other connected seat is told who sits
        where (None: every connected seat)."""
        text = dumps(self.seats())
        for other, place in enumerate(self.places):
            if other != seat and place.link is not None:
                self._put(other, text)

    def holds(self, seat: int, link: Outbox) -> bool:
        """The connection ``link`` is the one sitting at ``seat``."""
        return self.places[seat].link is link

    def left(self, seat: int, link: Outbox) -> None:
        """``seat``'s connection ``link`` dropped: the seat waits for its person, for ``grace`` seconds."""
        place = self.places[seat]
        if place.link is link:
            place.link, place.gone_at = None, monotonic()
            self._poke()
            self._seats_changed(seat)

    def active(self, seat: int) -> None:
        """The person at ``seat`` did something: an idle seat is theirs again from its next decision."""
        place = self.places[seat]
        if place.idle:
            place.idle = False
            self._poke()
            self._seats_changed()

    def _seen_from_the_start(self, seat: int) -> None:
        """A seat (new, or back) is sent the game's events from its start: its log and its standings hold every
        hand, as if it had sat there all along."""
        self.places[seat].sent = self.places[seat].told = 0

    def bot_plays(self, seat: int) -> bool:
        """A bot decides for ``seat`` now: a bot seat, an idle person's, or a person gone longer than the grace."""
        place = self.places[seat]
        return not place.person or place.idle or self._gone(seat)

    @property
    def people_present(self) -> bool:
        """Some person sits at the table (connected, or within the grace period)."""
        return any(p.person and p.taken and not self._gone(s) for s, p in enumerate(self.places))

    def _gone(self, seat: int) -> bool:
        """The person of ``seat`` has been gone longer than the grace period."""
        place = self.places[seat]
        return place.link is None and place.gone_at is not None and monotonic() - place.gone_at >= self.grace

    @property
    def full(self) -> bool:
        """Every seat open for people is taken."""
        return all(p.taken for p in self.places if p.person)

    # ------------------------------------------------------------------ answers
    def answer(self, seat: int, act: Act) -> Words | None:
        """``seat``'s answer to a prompt; why it is not taken (None: taken). Nothing changes when it is refused."""
        self.active(seat)
        open_prompt = self.asked.get(seat)
        if open_prompt is None or act.prompt != open_prompt or seat in self.answers:
            return said("table_refusal.prompt_closed", prompt=act.prompt)
        action = act.action.by(seat)
        legal = self.game.legal_actions(seat)
        chosen = match_action(action, legal)  # a pass is a pass whatever tile it names; a chi's tiles in any order
        if chosen is None:
            view = seat_view(self.game.hand, seat)
            refusal = next((r.reason for r in view.refusals if r.kind is action.kind and r.tile == action.tile), None)
            return refusal or said("table_refusal.not_a_move")
        self.answers[seat] = chosen
        self._poke()
        return None

    def ready(self, seat: int, prompt: int) -> Words | None:
        """``seat`` is ready for the next hand (its answer to a hand's-end prompt)."""
        self.active(seat)
        if self.asked.get(seat) != prompt or not self.game.hand.over:
            return said("table_refusal.no_hand_end")
        self.answers[seat] = None
        self._poke()
        return None

    def _poke(self) -> None:
        """Wake the table's loop."""
        self.changed.set()

    async def _wait(self, until: Callable[[], bool], deadline: float | None = None) -> None:
        """Wait until ``until()`` holds (or ``deadline``, by the monotonic clock), waking at every change."""
        while not until() and not self.closed:
            timeout = None if deadline is None else deadline - monotonic()
            if timeout is not None and timeout <= 0:
                return
            self.changed.clear()
            wake = min(timeout, 1.0) if timeout is not None else 1.0  # a person gone too long is noticed too
            try:
                await asyncio.wait_for(self.changed.wait(), wake)
            except TimeoutError:
                pass

    # ------------------------------------------------------------------ the play
    async def run(self) -> None:
        """Play the game to its end: wait for the people, then decision after decision, hand after hand."""
        await self._wait(lambda: self.full)
        self.send_all()
        while not self.closed:
            await self._journaled()
            if self.game.over:
                self.send_all()
                return
            if self.game.hand.over:
                await self.between_hands()
            elif self.game.hand.phase in SINGLE_SEAT_PHASES and not self.game.held:
                await self.decide(self.game.pending_seats()[0])
            else:
                await self.window()

    async def decide(self, seat: int) -> None:
        """One seat's decision: a bot's at once; a person's when they answer, or their bot's once ``turn_seconds``
        have passed (the seat is idle from then on until its person acts again)."""
        # Asked about the 开杠 tiles, the konger decides in a window: every seat is shown the moment as it opens, and
        # the konger has a window's time, exactly. The others, not told whether the konger is asked (when not, the
        # table holds the moment as long), learn nothing from what or when. A konger who lets it run out passes, as
        # in any window, and is not made idle (which everyone would be told).
        private = asked_in_private(self.game.hand.phase)
        window = private and self.people_present
        floor = monotonic() + self.claim_seconds if window else None
        if not self.bot_plays(seat):
            self.open_prompts([seat], self.claim_seconds if window else self.turn_seconds)
            self.send_all(range(4) if private else [seat])
            await self._wait(lambda: seat in self.answers or self.bot_plays(seat), self.window_closes)
            if seat not in self.answers and not self.bot_plays(seat) and not self.closed:
                if window:
                    self.answers[seat] = self.passing(seat)
                else:
                    self._idle(seat)
        answered = self.answers.get(seat)
        self.close_prompts()  # an answer coming while the bot thinks is refused: the prompt is over
        action = answered or await self.bot_choice(seat)
        if floor is not None:
            await self._wait(lambda: False, floor)
        self.apply(action)
        await self._show_unless_window()

    def _idle(self, seat: int) -> None:
        """The person at ``seat`` let a decision's time run out: their bot plays for them until they act again."""
        self.places[seat].idle = True
        self._seats_changed()

    async def window(self) -> None:
        """A window: every seat is shown the moment, those asked answer within the same ``claim_seconds`` (the bots
        while it is open), and then the answers are made in the engine's order (a person who did not answer
        passes). A window nobody is asked in lasts as long, then play goes on."""
        pending = self.game.pending_seats()
        people = [s for s in pending if not self.bot_plays(s)]
        present = self.people_present
        self.open_prompts(people, self.claim_seconds if present else 0.0)
        closes = self.window_closes
        self.send_all()
        bots = {s: await self.bot_choice(s) for s in pending if s not in people}
        if present:
            await self._wait(lambda: False, closes)
        answers = dict(self.answers)
        self.close_prompts()
        if self.game.held:
            self.game.release()  # the hand may have ended as the window closed: the journal will say so
        asked = set(pending)
        while not self.game.hand.over and self.game.hand.phase not in SINGLE_SEAT_PHASES and not self.game.held:
            seat = self.game.pending_seats()[0]
            if seat not in asked:
                break  # a new window opened: the loop opens it for everyone again
            asked.discard(seat)
            if seat in people:
                action = answers.get(seat) or self.passing(seat)
            else:
                action = bots.get(seat) or await self.bot_choice(seat)
            self.apply(action)
        await self._show_unless_window()

    async def between_hands(self) -> None:
        """The hand is over: every person sees its end; the next hand is dealt once they are ready (or once
        ``turn_seconds`` have passed)."""
        people = [s for s, p in enumerate(self.places) if p.person and p.link is not None and not p.idle]
        self.open_prompts(people, self.turn_seconds)
        self.send_all()
        await self._wait(lambda: all(s in self.answers for s in people), self.window_closes)
        self.close_prompts()
        self.game.next_hand()
        await self._show_unless_window()

    async def _show_unless_window(self) -> None:
        """Every seat is sent where the hand stands now (once it is in the journal), unless a window is open (or the
        konger is to decide on the 开杠 tiles): the window sends everyone its moment itself, when it opens (one state
        each, whether or not anyone may answer it). A person asked next on their own gets it with their prompt."""
        if not asked_in_private(self.game.hand.phase):
            await self._journaled()
            prompted = self._prompted_next()
            self.send_all([s for s in range(4) if s != prompted])

    def _prompted_next(self) -> int | None:
        """The seat whose person is asked next, on its own (:meth:`decide` sends it where the hand stands with its
        prompt, in one message), or None."""
        hand = self.game.hand
        if self.closed or self.game.over or hand.over or self.game.held or hand.phase not in SINGLE_SEAT_PHASES:
            return None
        seat = self.game.pending_seats()[0]
        return None if self.bot_plays(seat) else seat

    async def _journaled(self) -> None:
        """Keep every move made since the last time, and wait until they are in the journal (written on a writing
        thread, the moves a step made in one write; the host's other tables go on meanwhile): no seat is shown a move
        a host killed now would not take up again."""
        self._keep()
        if self.keeper is not None and self.keeper.writing:
            loop = asyncio.get_running_loop()
            written = loop.create_future()
            self.keeper.then(lambda: _wake(loop, written))
            await written
            self.keeper.flush()  # at once now: it raises here what the write raised, if it was not the disk's to say

    async def send_review(self, seat: int, hand: int) -> None:
        """``seat`` asked for its review of ``hand`` (a hand that has ended): made from the seat's own views, on a
        thread of its own (a review replays the hand and weighs each of the seat's decisions), and sent."""
        finished = len(self.game.actions) - (0 if self.game.hand.over else 1)
        if not 1 <= hand <= finished:
            self.tell(seat, Error(f"hand {hand} has not ended"))
            return
        record = game_record(self.game)
        try:
            review = await asyncio.to_thread(_review, record, hand, seat)
        except (ValueError, KeyError, IllegalAction):  # a review that cannot be made: the seat goes without it
            return
        self.tell(seat, ReviewTold.of(review))

    def open_prompts(self, seats: list[int], seconds: float) -> None:
        """Number a prompt for each of ``seats``; they close by themselves in ``seconds``."""
        self.answers.clear()
        self.window_closes = monotonic() + seconds
        for seat in seats:
            self.prompts[seat] += 1
            self.asked[seat] = self.prompts[seat]

    def close_prompts(self) -> None:
        """No prompt is open any more."""
        self.window_closes = None
        self.asked.clear()
        self.answers.clear()

    def passing(self, seat: int) -> Action:
        """The pass of ``seat`` (what a person who did not answer in time does)."""
        legal = self.game.legal_actions(seat)
        return next((a for a in legal if a.kind is ActionKind.PASS), legal[0])

    async def bot_choice(self, seat: int) -> Action:
        """The move of ``seat``'s bot (the only legal move at once), thought in the host's bot processes, or on a
        thread: the host's other tables go on meanwhile."""
        legal = self.game.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        try:
            if self._pool is not None:
                moves = sum(len(hand) for hand in self.game.actions)
                seed = decision_seed(self.game.seed, seat, moves)
                action = await self._pool.choose(self.places[seat].level, seat, seed, seat_view(self.game.hand, seat))
            else:
                action = await asyncio.to_thread(self._bot(seat).choose, seat_view(self.game.hand, seat))
        except Exception:  # a bot's fault never stops a table: it is logged, and the seat passes or plays first legal
            _log.exception("table %s: seat %d's bot failed; it passes (or makes its first legal move)", self.room, seat)
            return self.passing(seat)
        return action if action in legal else self.passing(seat)

    def _bot(self, seat: int) -> Player:
        """The bot of ``seat`` that thinks on a thread (made once, with the table)."""
        bot = self._bots.get(seat)
        if bot is None:
            from bots import create_bot

            factory = self._bot_factory or create_bot
            bot = self._bots[seat] = factory(self.places[seat].level, seat, (self.game.seed * 4 + seat) % 2**31)
        return bot

    def apply(self, action: Action) -> None:
        """Make ``action`` (legal: it was checked); it is kept before any seat is shown it (:meth:`_journaled`)."""
        self.game.apply(action)

    def _keep(self) -> None:
        """Write the moves made since the last time to the journal (lines, synced on the keeper's writing thread)."""
        if self.keeper is not None:
            self.keeper.keep(self.game)

    def close(self) -> None:
        """The server stops: the table's game is kept as it stands (and resumed when the host starts again)."""
        self.closed = True
        self._poke()
        self._keep()
        if self.keeper is not None:
            self.keeper.close()
