"""One table on the server: its game, who sits where, the prompts, the bots, the claim windows, the journal.

:class:`HostedTable` is authoritative. It plays the game's one loop (:meth:`HostedTable.run`):
a bot seat's move is made at once; a person's decision is a numbered prompt, answered by
:meth:`HostedTable.answer` from that person's connection only. After every change each
connected seat is sent its own view (:func:`~mahjong_tui.engine.seat_view`) and the
events it may see (:func:`~mahjong_tui.engine.seen_events`), encoded by
:mod:`mahjong_tui.net.wire`; nothing else of the game ever leaves the table.

Fair across machines: whenever a person sits at the table, every claim window (a discard,
a kong that may be robbed, the 开杠 tiles, the shown 海底, the initial wins) stays open for
the same time, ``claim_seconds``, whoever may claim, so how long a window lasts tells nobody
who could claim. A person whose connection drops keeps the seat for ``grace`` seconds; then
the seat's bot plays it until they come back with the seat's token. Every action is written
to the game's journal (:class:`~mahjong_tui.keep.keeping.Keeper`), so a host killed and
started again resumes the table where it was.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from time import monotonic

from mahjong_tui.engine import (
    Action,
    ActionKind,
    Event,
    Game,
    IllegalAction,
    Player,
    Words,
    game_from_record,
    game_record,
    seat_view,
    seen_events,
    table_view,
)
from mahjong_tui.engine.state import SINGLE_SEAT_PHASES
from mahjong_tui.keep.keeping import Keeper
from mahjong_tui.keep.locks import GameLock
from mahjong_tui.keep.saves import Seat, Table
from mahjong_tui.learn.review import Review, review_hand

from .protocol import Act, dumps
from .reviews import review_message
from .wire import Json, encode_event, encode_table, encode_view

Send = Callable[[str], Awaitable[None]]


def _review(record: dict[str, object], hand: int, seat: int) -> Review:
    """``seat``'s review of ``hand`` of the game ``record`` holds (its own copy: the table plays on meanwhile)."""
    return review_hand(game_from_record(record), hand, seat)


#: the most events one state message carries (a seat sitting back in a long game is sent its backlog in parts)
EVENTS_PER_MESSAGE = 500
#: where a state's text takes the table's (a JSON object no string can hold: inside a string its quotes are escaped)
_TABLE_MARK: dict[str, Json] = {"\u0000table": 0}
_TABLE_TEXT = dumps(_TABLE_MARK)


@dataclass
class Place:
    """A seat: open for a person (with its token) or a bot's, the name shown, the person's link when connected."""

    name: str
    person: bool
    token: str = field(default_factory=lambda: secrets.token_urlsafe(12))
    level: str = "normal"  # the bot's level: a bot seat's, and the bot standing in for a person gone too long
    taken: bool = False  # a person has sat here
    link: Send | None = None
    gone_at: float | None = None  # when the person's connection dropped (None: connected, or never came)
    sent: int = 0  # how many of the game's events this seat has been sent
    told: int = 0  # how many events the seat has been sent since it sat down (those it may see, as it sees them)

    def to_json(self) -> dict[str, object]:
        """What the host keeps of the seat."""
        return {"name": self.name, "person": self.person, "token": self.token, "level": self.level,
                "taken": self.taken}  # fmt: skip


def seating(places: Sequence[Place]) -> Table:
    """Who sits where, as a game's save keeps it: a name, and a bot's level."""
    seats = [Seat(p.name, None if p.person else p.level) for p in places]
    return Table((seats[0], seats[1], seats[2], seats[3]))


class HostedTable:
    """A game played on the server, seat by seat."""

    def __init__(
        self,
        game: Game,
        room: str,
        places: list[Place],
        *,
        table: Table | None = None,
        claim_seconds: float = 2.0,
        grace: float = 60.0,
        keep: bool = True,
        bot_factory: Callable[[str, int, int], Player] | None = None,
        lock: GameLock | None = None,
    ) -> None:
        """The table of ``game`` behind ``room``; ``places``: the four seats; ``lock``: the game's, already held."""
        self.game = game
        self.room = room
        self.places = places
        self.table = table or seating(places)
        self.claim_seconds = claim_seconds
        self._telling: set[asyncio.Future[None]] = set()  # messages on their way to connections no longer seated
        self.window_closes: float | None = None  # when the claim window open now closes (monotonic), if one is
        self.grace = grace
        # Written on the event loop's thread: a journal line and its sync cost less than handing each one to a thread.
        self.keeper = Keeper(self.table, lock, background=False) if keep else None
        self._bot_factory = bot_factory
        self._bots: dict[int, Player] = {}
        self.prompts = 0  # the number of the latest prompt
        self.asked: dict[int, int] = {}  # seat → the prompt open for it
        self.answers: dict[int, Action | None] = {}  # seat → its answer to the prompt open (None: ready to go on)
        self.changed = asyncio.Event()  # an answer came, or someone sat down or left
        self._table: tuple[tuple[int, int], str] | None = None  # the moment, and the table's JSON text then
        self.closed = False
        if self.keeper is not None:
            self.keeper.keep(game)

    # ------------------------------------------------------------------ seats
    @property
    def id(self) -> str:
        """The table's id (the kept game's)."""
        return self.table.id

    def sit(self, name: str, link: Send) -> int | None:
        """A new person sits in the first free seat open for people (None: the table is full)."""
        for seat, place in enumerate(self.places):
            if place.person and not place.taken:
                place.name, place.taken, place.link, place.gone_at = name, True, link, None
                self._seen_from_the_start(seat)
                self._poke()
                self._seats_changed(seat)
                return seat
        return None

    def back(self, token: str, link: Send) -> int | None:
        """The person of the seat whose token is ``token`` is back (None: no such seat)."""
        for seat, place in enumerate(self.places):
            if place.person and place.taken and secrets.compare_digest(place.token, token):
                if place.link is not None and place.link is not link:  # another connection held it: told so
                    self._replaced(place.link)
                place.link, place.gone_at = link, None
                self._seen_from_the_start(seat)
                self._poke()
                self._seats_changed(seat)
                return seat
        return None

    @property
    def away(self) -> list[int]:
        """The seats open for people whose person is not connected now (not come yet, or gone)."""
        return [s for s, p in enumerate(self.places) if p.person and p.link is None]

    def seats(self) -> dict[str, object]:
        """Who sits where, the seats whose person is away, and whether the table waits for people to sit down."""
        return {"names": [p.name for p in self.places], "away": self.away, "waiting": not self.full}

    def _seats_changed(self, seat: int) -> None:
        """Someone sat down, came back or left ``seat``: every other connected seat is told who sits where."""
        text = dumps({"type": "seats", **self.seats()})
        for other, place in enumerate(self.places):
            if other != seat and place.link is not None:
                self._tell(place.link, text)

    def _replaced(self, link: Send) -> None:
        """Tell the connection ``link`` that another has sat at its seat with the token (it holds it no more)."""
        self._tell(link, dumps({"type": "replaced"}))

    def _tell(self, link: Send, text: str) -> None:
        """Send ``text`` on ``link`` in the background (a connection gone meanwhile is noticed elsewhere)."""

        async def tell() -> None:
            with contextlib.suppress(Exception):  # it may be gone already
                await link(text)

        task = asyncio.ensure_future(tell())
        self._telling.add(task)
        task.add_done_callback(self._telling.discard)

    def holds(self, seat: int, link: Send) -> bool:
        """The connection ``link`` is the one sitting at ``seat``."""
        return self.places[seat].link is link

    def left(self, seat: int, link: Send) -> None:
        """``seat``'s connection ``link`` dropped: the seat waits for its person, for ``grace`` seconds."""
        place = self.places[seat]
        if place.link is link:
            place.link, place.gone_at = None, monotonic()
            self._poke()
            self._seats_changed(seat)

    def _seen_from_the_start(self, seat: int) -> None:
        """A seat (new, or back) is sent the game's events from its start: its log and its standings hold every
        hand, as if it had sat there all along."""
        self.places[seat].sent = self.places[seat].told = 0

    def bot_plays(self, seat: int) -> bool:
        """A bot decides for ``seat`` now: a bot seat, or a person gone for longer than the grace period."""
        place = self.places[seat]
        if not place.person:
            return True
        return place.link is None and place.gone_at is not None and monotonic() - place.gone_at >= self.grace

    @property
    def people_present(self) -> bool:
        """Some person sits at the table (connected, or within the grace period)."""
        return any(p.person and p.taken and not self.bot_plays(s) for s, p in enumerate(self.places))

    @property
    def full(self) -> bool:
        """Every seat open for people is taken."""
        return all(p.taken for p in self.places if p.person)

    # ------------------------------------------------------------------ what each seat is sent
    async def send_all(self, seats: Sequence[int] = range(4)) -> None:
        """Every connected seat of ``seats`` gets its view, the events it has not seen, and its prompt if one is open
        (a prompt opened changes nothing for the others: they are not sent it again)."""
        for seat in seats:
            if self.places[seat].link is not None:
                await self.send_state(seat)

    async def send_state(self, seat: int) -> None:
        """``seat`` gets its view, the events it has not seen, and the prompt open for it (if any)."""
        place = self.places[seat]
        if place.link is None:
            return
        seen = seen_events(self.game.events[place.sent :], seat)
        place.sent = len(self.game.events)
        parts = [seen[i : i + EVENTS_PER_MESSAGE] for i in range(0, len(seen), EVENTS_PER_MESSAGE)] or [[]]
        for n, part in enumerate(parts):  # a long backlog (a seat sitting back in a long game) in several messages
            message = self._state(seat, part, _TABLE_MARK, first=place.told, prompt=n == len(parts) - 1)
            place.told += len(part)
            await self._send_text(seat, dumps(message).replace(_TABLE_TEXT, self.table_text(), 1))

    def table_text(self) -> str:
        """The JSON text of what every seat sees of the hand now: made once a moment, the same in every seat's view."""
        actions = self.game.actions
        moment = (len(actions), len(actions[-1]) if actions else 0)
        if self._table is None or self._table[0] != moment:
            self._table = (moment, dumps(encode_table(table_view(self.game.hand))))
        return self._table[1]

    def state_message(self, seat: int, events: Sequence[Event]) -> dict[str, object]:
        """The state message of ``seat`` after ``events`` of the game: built from its view and those of the events it
        may see, nothing else."""
        return self._state(seat, seen_events(events, seat))

    def _state(
        self,
        seat: int,
        seen: Sequence[Event],
        table: dict[str, Json] | None = None,
        *,
        first: int = 0,
        prompt: bool = True,
    ) -> dict[str, object]:
        """The state message of ``seat`` with ``seen``, events it may see (``table``: the form of the table every seat
        sees now, when already made; ``first``: where ``seen`` starts among all the seat has been sent since it sat
        down; ``prompt``: the seat's open prompt goes with it, else a later part)."""
        return {
            "type": "state",
            "seat": seat,
            "prompt": self.asked.get(seat) if prompt else None,
            "closes_in": self._closes_in(seat) if prompt else None,
            "first": first,
            **self.seats(),
            "view": encode_view(seat_view(self.game.hand, seat), table),
            "events": [encode_event(ev) for ev in seen],
            "over": self.game.over,
        }

    def _closes_in(self, seat: int) -> float | None:
        """How many seconds are left of the claim window open for ``seat`` (None: no window is open for it)."""
        if self.window_closes is None or seat not in self.asked:
            return None
        return round(max(0.0, self.window_closes - monotonic()), 2)

    async def _send(self, seat: int, message: dict[str, object]) -> None:
        """Send ``message`` to ``seat``."""
        await self._send_text(seat, dumps(message))

    async def _send_text(self, seat: int, text: str) -> None:
        """Send ``text`` to ``seat``; a link that fails is treated as dropped."""
        link = self.places[seat].link
        if link is None:
            return
        try:
            await link(text)
        except Exception:  # the connection went away while sending: the seat waits for its person
            self.left(seat, link)

    async def refuse(self, seat: int, prompt: int, why: Words) -> None:
        """Tell ``seat`` its answer to ``prompt`` was not taken, why, and whether the prompt is still open (then the
        seat answers it again)."""
        still = self.asked.get(seat) == prompt and seat not in self.answers
        message = {"type": "refused", "prompt": prompt, "open": still, "reason": {"en": why.en, "zh": why.zh}}
        await self._send(seat, message)

    # ------------------------------------------------------------------ answers
    def answer(self, seat: int, act: Act) -> Words | None:
        """``seat``'s answer to a prompt; why it is not taken (None: taken). Nothing changes when it is refused."""
        open_prompt = self.asked.get(seat)
        if open_prompt is None or act.prompt != open_prompt or seat in self.answers:
            return Words(
                f"prompt {act.prompt} is not open for you: the table has moved on, or you already answered",
                f"第 {act.prompt} 问已经结束或你已回答：牌局已经往下走了",
            )
        action = act.action(seat)
        legal = self.game.legal_actions(seat)
        if action not in legal:
            view = seat_view(self.game.hand, seat)
            refusal = next((r.reason for r in view.refusals if r.kind is action.kind and r.tile == action.tile), None)
            return refusal or Words("that is not a move you may make now", "现在不能这样走")
        self.answers[seat] = action
        self._poke()
        return None

    def ready(self, seat: int, prompt: int) -> Words | None:
        """``seat`` is ready for the next hand (its answer to a hand's-end prompt)."""
        if self.asked.get(seat) != prompt or not self.game.hand.over:
            return Words("there is no hand's end to go on from now", "现在不是一局结束的时候")
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
        await self.send_all()
        while not self.closed:
            if self.game.over:
                await self.send_all()
                return
            if self.game.hand.over:
                await self.between_hands()
                continue
            phase = self.game.hand.phase
            if phase not in SINGLE_SEAT_PHASES and self.people_present:
                await self.window()
            else:
                await self.decide(self.game.pending_seats()[0])

    async def decide(self, seat: int) -> None:
        """One seat's decision: a bot's at once; a person's when they answer (their bot's once gone too long)."""
        if not self.bot_plays(seat):
            self.open_prompts([seat])
            await self.send_all([seat])
            await self._wait(lambda: seat in self.answers or self.bot_plays(seat))
        action = self.answers.get(seat) or self.bot_choice(seat)
        self.close_prompts()
        await self.apply(action)
        await self.send_all()

    async def window(self) -> None:
        """A claim window: everyone asked answers within the same ``claim_seconds``; then the answers are made in
        the engine's order (a person who did not answer passes)."""
        pending = self.game.pending_seats()
        people = [s for s in pending if not self.bot_plays(s)]
        self.open_prompts(people)
        self.window_closes = monotonic() + self.claim_seconds
        if people:  # the others already have the moment's state: they are sent nothing new until the window closes
            await self.send_all(people)
        await self._wait(lambda: False, self.window_closes)
        answers = dict(self.answers)
        self.close_prompts()
        asked = set(pending)
        while not self.game.hand.over and self.game.hand.phase not in SINGLE_SEAT_PHASES:
            seat = self.game.pending_seats()[0]
            if seat not in asked:
                break  # a new window opened: the loop opens it for everyone again
            asked.discard(seat)
            await self.apply(answers.get(seat) or self.passing(seat) if seat in people else self.bot_choice(seat))
        await self.send_all()

    async def between_hands(self) -> None:
        """The hand is over: every person sees its end; the next hand is dealt once they are ready (or a minute)."""
        people = [s for s, p in enumerate(self.places) if p.person and p.link is not None]
        self.open_prompts(people)
        await self.send_all()
        await self._wait(lambda: all(s in self.answers for s in people), monotonic() + 60.0)
        self.close_prompts()
        self.game.next_hand()
        await self._keep()
        await self.send_all()

    async def send_review(self, seat: int, hand: int) -> None:
        """``seat`` asked for its review of ``hand`` (a hand that has ended): made from the seat's own views, on a
        thread of its own (a review replays the hand and weighs each of the seat's decisions), and sent."""
        finished = len(self.game.actions) - (0 if self.game.hand.over else 1)
        if not 1 <= hand <= finished:
            await self._send(seat, {"type": "error", "reason": f"hand {hand} has not ended"})
            return
        record = game_record(self.game)
        try:
            review = await asyncio.to_thread(_review, record, hand, seat)
        except Exception:  # a review that cannot be made never stops a table: the seat goes without it
            return
        await self._send(seat, review_message(review))

    def open_prompts(self, seats: list[int]) -> None:
        """Number a prompt for each of ``seats``."""
        self.answers.clear()
        for seat in seats:
            self.prompts += 1
            self.asked[seat] = self.prompts

    def close_prompts(self) -> None:
        """No prompt is open any more."""
        self.window_closes = None
        self.asked.clear()
        self.answers.clear()

    def passing(self, seat: int) -> Action:
        """The pass of ``seat`` (what a person who did not answer in time does)."""
        legal = self.game.legal_actions(seat)
        return next((a for a in legal if a.kind is ActionKind.PASS), legal[0])

    def bot_choice(self, seat: int) -> Action:
        """The move of ``seat``'s bot (the only legal move at once)."""
        legal = self.game.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        bot = self._bots.get(seat)
        if bot is None:
            from bots import create_bot

            factory = self._bot_factory or create_bot
            bot = self._bots[seat] = factory(self.places[seat].level, seat, (self.game.seed * 4 + seat) % 2**31)
        try:
            action = bot.choose(seat_view(self.game.hand, seat))
        except Exception:  # a failing bot never stops a table: its seat makes the first legal move
            return legal[0]
        return action if action in legal else legal[0]

    async def apply(self, action: Action) -> None:
        """Make ``action`` (legal: it was checked) and keep it."""
        try:
            self.game.apply(action)
        except IllegalAction:
            self.game.apply(self.game.legal_actions(action.seat)[0])
        await self._keep()

    async def _keep(self) -> None:
        """Write the latest action to the journal (a line, synced) before the table goes on."""
        if self.keeper is not None:
            self.keeper.keep(self.game)

    def close(self) -> None:
        """The server stops: the table's game is kept as it stands (and resumed when the host starts again)."""
        self.closed = True
        self._poke()
        if self.keeper is not None:
            self.keeper.close()
