"""A seat at a remote table: sitting down (back at our seat when a token is kept), staying connected, and what the
table says that is not a view (a refused answer, an error, a claim window that ran out).

The app's navigator (:mod:`.navigator`) holds a :class:`RemoteSeat`; :func:`~mahjong_tui.ui.app.run_join` runs the
app at a remote table (``mahjong-tui join``).
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from mahjong_tui.i18n import say, t

if TYPE_CHECKING:
    from mahjong_tui.net.client import SeatClient
    from mahjong_tui.net.server_messages import ServerMessage

    from .app import MahjongApp


@dataclass(frozen=True, slots=True)
class Remote:
    """A remote table to sit at: its address, our name, our seat's token (if we have one)."""

    url: str
    name: str = ""
    token: str = ""
    ask_name: bool = False  # ask the name first (the web door's players have no command line)
    fresh: bool = False  # sit anew: no seat kept on this machine is taken, and none is kept (a shared machine)


class RemoteSeat:
    """Our seat at a remote table, in the app: sitting down, staying connected, and what the table says."""

    def __init__(self, app: MahjongApp) -> None:
        """The seat ``app`` may take at a remote table."""
        self.app = app
        self._away_told: set[int] | None = None  # the seats said to be away (None: nothing said yet)
        self._waited = False  # the table was said to wait for people to sit down
        self._idle_told = False  # we were told our seat is idle (its bot plays for us)

    async def join(self, remote: Remote) -> None:
        """Sit at the remote table (back at our seat when a token is kept for it) and open its table here."""
        from mahjong_tui.keep.joined import keep_token, token_for
        from mahjong_tui.net.client import SeatClient, connect_errors

        from .remote_driver import RemoteDriver
        from .screens.table import TableScreen

        if remote.ask_name:
            from .screens.name import NameScreen

            name = await self.app.push_screen_wait(NameScreen())
            if name is None:
                self.app.exit(0)
                return
            remote = replace(remote, name=name)
        client = SeatClient(remote.url)
        token = remote.token or ("" if remote.fresh else token_for(remote.url))
        try:
            await client.connect(name=remote.name, token=token)
        except connect_errors() as e:  # refused, unreachable, not a table: one line, and the app ends
            if token and not remote.token and remote.name:  # a seat kept from an earlier game: sit anew instead
                client = SeatClient(remote.url)
                try:
                    await client.connect(name=remote.name)
                except connect_errors() as again:
                    self.leave_join(again)
                    return
            else:
                self.leave_join(e)
                return
        if not remote.fresh:
            with contextlib.suppress(OSError):
                keep_token(remote.url, client.token)
        client.listeners.append(self.told_by_table)
        client.listeners.append(lambda message: self.seats_told(client, message))
        self.app.run_worker(self.stay_connected(client), group="listen")
        while client.view is None:
            await client.changed(1.0)
        driver = self.app.remote_driver = RemoteDriver(client, client.options)

        def left(answer: str | None) -> None:
            """The table was left: the seat waits for us (the same command sits back at it)."""
            client.leaving = True
            self.app.run_worker(client.close(), group="close")
            self.app.exit(0)

        self.app.push_screen(TableScreen(driver, self.app.appearance), left)

    def leave_join(self, error: BaseException) -> None:
        """Joining failed: why, for :func:`~mahjong_tui.ui.app.run_join` to say, and the app ends."""
        reason = str(error) or type(error).__name__
        if isinstance(error, OSError):  # refused, no such host, timed out: nothing answered at that address
            where = urlsplit(self.app.remote.url).netloc if self.app.remote is not None else ""
            reason = t("remote.unreachable", where=where, reason=error.strerror or reason)
        self.app.join_problem = reason
        self.app.exit(2)

    async def stay_connected(self, client: SeatClient) -> None:
        """Read what the table sends; a dropped connection is taken up again with our token, as long as it takes."""
        from mahjong_tui.net.client import connect_errors

        while True:
            await client.listen()
            if client.replaced:  # the seat was taken up elsewhere (another window, another machine)
                self.app.join_problem = t("remote.replaced")
                self.app.exit(2)
                return
            if client.leaving:
                return
            self.app.notify(t("remote.reconnecting"), severity="warning", timeout=6)
            while not client.leaving:
                try:
                    await client.connect(token=client.token)
                    self.app.notify(t("remote.back"), timeout=4)
                    break
                except connect_errors():  # the host is not back yet
                    await asyncio.sleep(2.0)

    def seats_told(self, client: SeatClient, message: ServerMessage) -> None:
        """Who the table waits for, who has left and who is back: said as it changes."""
        from mahjong_tui.net.server_messages import Seats, State

        if not isinstance(message, State | Seats):
            return
        away, names = {s for s in client.away if s != client.seat}, client.names or [""] * 4
        before = self._away_told
        if client.waiting:
            if before is None or away != before:
                who = ", ".join(names[s] for s in sorted(away))
                self.app.notify(t("remote.waiting_for", n=len(away), who=who), timeout=30)
        elif before is not None:
            if self._waited:
                self.app.notify(t("remote.all_here"), timeout=5)
            for s in sorted(away - before):
                said = "remote.away_idle" if s in client.idle_seats else "remote.away"
                self.app.notify(t(said, name=names[s]), severity="warning", timeout=8)
            for s in sorted(before - away):
                if not self._waited:
                    self.app.notify(t("remote.back_here", name=names[s]), timeout=5)
        self._waited = client.waiting
        self._away_told = away
        if client.idle and not self._idle_told:
            self.app.notify(t("remote.idle"), severity="warning", timeout=60)
        self._idle_told = client.idle

    def key_pressed(self) -> None:
        """A key while our seat is idle (its time ran out) takes the seat back; the key then does what it does."""
        remote = self.app.remote_driver
        if remote is not None and remote.client.idle and self._idle_told:
            self._idle_told = False
            self.app.notify(t("remote.playing_again"), timeout=4)
            self.app.run_worker(remote.client.come_back(), group="come-back", exit_on_error=False)

    def told_by_table(self, message: ServerMessage) -> None:
        """A refused answer, or an error from the table: said over the table."""
        from mahjong_tui.engine.words import Words
        from mahjong_tui.net.server_messages import Error, Refused, State

        from .screens.choice import ChoiceScreen
        from .screens.table import TableScreen, TableTold

        driver = self.app.remote_driver
        table = next((s for s in self.app.screen_stack if isinstance(s, TableScreen)), None)
        if table is not None:
            table.post_message(TableTold())  # the screen goes on with what the table told
        if isinstance(message, State) and driver is not None and driver.question_closed:
            driver.asked = None
            if isinstance(self.app.screen, ChoiceScreen):  # the window ran out before the answer: it is over
                self.app.screen.dismiss(None)
                self.app.notify(t("remote.window_over"), timeout=4)
            elif isinstance(self.app.screen, TableScreen):  # the turn's time ran out: the seat's bot made the move
                self.app.screen.controller.decision_closed()
        if isinstance(message, Refused):
            self.app.notify(say(Words(message.reason.en, message.reason.zh)), severity="warning", timeout=8)
        elif isinstance(message, Error):
            self.app.notify(message.reason, severity="error", timeout=8)
