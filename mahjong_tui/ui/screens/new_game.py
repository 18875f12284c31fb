"""The new game screen: rule set, who sits where, scores, seed, the bots' pace and hot-seat privacy;
the games not finished (one to resume or, when another window plays it, to watch; several to
choose among), the kept games and the statistics.

It is the first screen, so it is kept light: one-line choices (:class:`Cycle`) instead of
drop-down selects, two grids instead of a row container per field. And it is drawn before
the engine, the rule sets and the bots are imported (a tenth of a second): the choices and
the line saying what the preset is are filled in right after the first frame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.widgets import Button, Input, Static

from mahjong_tui.clean import clean_name
from mahjong_tui.i18n import t

from ..config import (
    MAX_BASE,
    MAX_HANDS,
    MAX_NAME,
    MAX_POINTS,
    MAX_SEED,
    MIN_BASE,
    MIN_HANDS,
    MIN_POINTS,
    MIN_SEED,
    GameSetup,
    Privacy,
    SeatSetup,
    default_name,
    given_by_default,
    named_now,
    same_name,
)
from ..keys import word_keys
from ..widgets.cycle import Cycle
from ..widgets.prose import Prose
from .new_game_parts import (
    KeysLine,
    keys_line,
    optional_number,
    player_label,
    presets,
    presets_loaded,
    privacy_choices,
    rules_line,
    speed_choices,
    titled,
)
from .once import Once

if TYPE_CHECKING:
    from mahjong_tui.keep.unfinished import Found

    from .resume import Chosen


@dataclass(frozen=True, slots=True)
class LearnToPlay:
    """The new game screen's answer when the player would rather learn first: the lessons of ``rules``."""

    rules: str


class NewGameScreen(Once["GameSetup | Chosen | LearnToPlay | None"]):
    """A form; Start (Enter or Ctrl+S) answers with the setup, Esc quits, Ctrl+R shows the rules.

    When games are not finished, Resume (Ctrl+O) answers with the one saved (to watch, when
    another window plays it), or asks which of several; Records (Ctrl+G), Statistics (Ctrl+T)
    and Settings (F2) open over the form.
    """

    BINDINGS = [
        Binding("ctrl+s", "start", "new_game_screen.start"),
        Binding("enter", "start", "new_game_screen.start", show=False),
        Binding("ctrl+r", "app.rules", "new_game_screen.rules"),
        Binding("ctrl+l", "learn", "lesson.learn_to_play", show=False),
        Binding("ctrl+o", "resume", show=False),
        Binding("ctrl+g", "app.records", show=False),
        Binding("ctrl+t", "app.statistics", show=False),
        Binding("f2", "app.settings", show=False),
        Binding("escape", "quit", "new_game_screen.quit"),
    ]
    # Straight to the first choice: focusing the scroll first and then moving on restyles the form twice.
    AUTO_FOCUS = "#rules"
    DEFAULT_CSS = """
    NewGameScreen #resume-row { display: none; height: auto; margin-bottom: 1; }
    NewGameScreen.-saved #resume-row { display: block; }
    NewGameScreen #resume-line { width: 1fr; height: auto; padding: 1 0 0 1; color: #cfd8dc; }
    NewGameScreen #new-game-notice { height: auto; color: #ffd166; margin-bottom: 1; }
    NewGameScreen #new-game-buttons { height: auto; grid-gutter: 0 2; grid-rows: 3; }
    NewGameScreen #new-game-buttons Button { width: 100%; margin-right: 0; }
    """

    def __init__(self, setup: GameSetup | None = None, *, notice: str = "") -> None:
        """Start from ``setup`` (the last one used) or the defaults; ``notice``: a line to show (a save not resumed)."""
        super().__init__()
        word_keys(self)
        self.setup = setup or GameSetup()
        self.filled = False  # every preset and bot level is in the choices
        self.notice = notice
        self.found: Found | None = None  # the games not finished, once looked for

    def compose(self) -> ComposeResult:
        """The form (until the presets are loaded, each choice offers only what the setup holds)."""
        s = self.setup
        loaded = presets() if presets_loaded() else None
        players = (
            loaded.players
            if loaded
            else [(player_label("human"), "human")]
            + [(player_label(level), level) for level in dict.fromkeys(seat.level for seat in s.seats)]
        )
        with VerticalScroll(id="new-game"):
            yield Static(t("new_game_screen.title"), classes="card-title", id="new-game-title")
            with Horizontal(id="resume-row"):
                yield Button(t("new_game_kept.resume"), id="resume", variant="success")
                yield Prose(id="resume-line")
            notice = Prose(self.notice, id="new-game-notice")
            notice.display = bool(self.notice)
            yield notice
            yield titled(
                Cycle(loaded.rules if loaded else [(s.rules, s.rules)], s.rules, id="rules"),
                t("new_game_screen.field_rules"),
            )
            yield Prose(id="rules-summary")
            columns = Horizontal(id="new-game-columns")
            columns.styles.layout = self._columns_layout()  # from the start: changing it lays the form out again
            with columns:
                with Grid(id="new-game-seats"):
                    for i, seat in enumerate(s.seats):
                        yield titled(
                            Cycle(players, "human" if seat.human else seat.level, id=f"player-{i}", classes="player"),
                            t("new_game_screen.seat", n=i + 1),
                        )
                        yield titled(
                            Input(
                                named_now(i, seat.name),
                                placeholder=t("new_game_screen.name"),
                                id=f"name-{i}",
                                classes="name",
                            ),
                            t("new_game_screen.name"),
                        )
                with Grid(id="new-game-numbers"):
                    yield titled(
                        Input(str(s.base), id="base", type="integer", tooltip=loaded.base_tooltip if loaded else None),
                        t("new_game_screen.base"),
                    )
                    yield titled(
                        optional_number(s.starting_points, t("new_game_screen.points_default"), "points"),
                        t("new_game_screen.points"),
                    )
                    yield titled(
                        optional_number(s.max_hands, t("new_game_screen.hands_default"), "hands"),
                        t("new_game_screen.hands"),
                    )
                    yield titled(
                        optional_number(s.seed, t("new_game_screen.random"), "seed"),
                        t("new_game_screen.seed"),
                    )
                    yield titled(Cycle(speed_choices(), s.speed, id="speed"), t("new_game_screen.speed"))
                    yield titled(
                        Cycle(
                            privacy_choices(),
                            s.privacy.value,
                            id="privacy",
                            tooltip=t("new_game_screen.privacy_tooltip"),
                        ),
                        t("new_game_screen.privacy"),
                    )
            yield Prose("", id="new-game-error")
            buttons = Grid(classes="buttons", id="new-game-buttons")
            buttons.styles.grid_size_columns = self._button_columns()
            with buttons:
                yield Button(t("new_game_screen.start"), id="start", variant="primary")
                yield Button(t("lesson.learn_button"), id="learn", variant="success")
                yield Button(t("new_game_kept.records"), id="records")
                yield Button(t("new_game_kept.statistics"), id="statistics")
                yield Button(t("new_game_screen.rules"), id="rules-button")
                yield Button(t("new_game_kept.settings"), id="settings-button")
                yield Button(t("new_game_screen.quit"), id="quit")
        yield KeysLine(keys_line(False), id="new-game-keys")

    def on_mount(self) -> None:
        """The summary line and the base score, now or once the form has been drawn."""
        if presets_loaded():
            self.fill()
        else:
            self.call_after_refresh(self.fill)

    def fill(self) -> None:
        """Every preset and bot level in the choices, the base score's note, the preset's line."""
        if not self.is_attached:  # already left (Esc within the first frame)
            return
        loaded = presets()
        self.query_one("#rules", Cycle).set_options(loaded.rules)
        for cycle in self.query(".player").results(Cycle):
            cycle.set_options(loaded.players)
        self.query_one("#base", Input).tooltip = loaded.base_tooltip
        self.filled = True
        self._rules_changed()
        self.look_for_saved()

    @work(thread=True, exclusive=True, group="saved")
    def look_for_saved(self) -> None:
        """Look for the games not finished off the screen's thread (the disk may be slow), then offer them."""
        from mahjong_tui.keep.unfinished import find_games

        found = find_games()
        self.call_later(self.show_found, found)  # dropped if the screen has closed meanwhile

    def find_saved(self) -> None:
        """Look for the games not finished now, and offer them."""
        from mahjong_tui.keep.unfinished import find_games

        self.show_found(find_games())

    def show_found(self, found: Found) -> None:
        """Offer the games not finished (broken saves are moved aside, and the notice says so)."""
        if not self.is_attached:  # left while the disk was read
            return
        if found.notices:
            self.notice = "\n".join(found.notices)
            notice = self.query_one("#new-game-notice", Static)
            notice.update(self.notice)
            notice.display = True
        self.found = found
        self.set_class(bool(found.games), "-saved")
        self.relabel()
        if found.games:
            self.query_one("#resume", Button).focus()

    def relabel(self) -> None:
        """The texts of the language in use (it was changed in the settings)."""
        self.query_one("#new-game-title", Static).update(t("new_game_screen.title"))
        for button, key in (
            ("#start", "new_game_screen.start"),
            ("#learn", "lesson.learn_button"),
            ("#rules-button", "new_game_screen.rules"),
            ("#quit", "new_game_screen.quit"),
        ):
            self.query_one(button, Button).label = t(key)
        self.query_one("#resume", Button).label = self._resume_label()
        self.query_one("#records", Button).label = t("new_game_kept.records")
        self.query_one("#statistics", Button).label = t("new_game_kept.statistics")
        self.query_one("#settings-button", Button).label = t("new_game_kept.settings")
        for i in range(4):  # a default name in the new language
            name = self.query_one(f"#name-{i}", Input)
            name.value = named_now(i, name.value)
        games = self.found.games if self.found else ()
        self.query_one("#new-game-keys", KeysLine).show(keys_line(bool(games)))
        if len(games) == 1:
            from .resume import game_line

            self.query_one("#resume-line", Static).update(game_line(games[0].saved, games[0].in_use))
        elif games:
            self.query_one("#resume-line", Static).update(t("resume.several", n=len(games)))

    def _resume_label(self) -> str:
        """Resume, Watch (the one game is played in another window) or Resume… (several to choose among)."""
        games = self.found.games if self.found else ()
        if len(games) > 1:
            return t("new_game_kept.resume_several")
        return t("new_game_kept.watch") if games and games[0].in_use else t("new_game_kept.resume")

    def _columns_layout(self) -> str:
        """Seats and numbers side by side when they fit, else one under the other."""
        return "vertical" if self.app.size.width < 100 else "horizontal"

    def _button_columns(self) -> int:
        """The buttons in one row when they fit, else in two."""
        return 7 if self.app.size.width >= 120 else 4

    def on_resize(self) -> None:
        """Lay the seats and the numbers out, and the buttons, for the new width."""
        # A style on the one container, not a class on the screen: a class restyles the whole form.
        layout = self._columns_layout()
        columns = self.query_one("#new-game-columns")
        if columns.styles.layout is None or columns.styles.layout.name != layout:
            columns.styles.layout = layout
        buttons, columns_wanted = self.query_one("#new-game-buttons"), self._button_columns()
        if buttons.styles.grid_size_columns != columns_wanted:
            buttons.styles.grid_size_columns = columns_wanted

    def chosen_rules(self) -> str:
        """The preset the form shows now."""
        return self.query_one("#rules", Cycle).value

    def pace(self) -> tuple[str, Privacy]:
        """The bots' speed and the privacy the form shows now."""
        return self.query_one("#speed", Cycle).value, Privacy(self.query_one("#privacy", Cycle).value)

    def set_pace(self, speed: str, privacy: Privacy) -> None:
        """Show the speed and privacy chosen in the settings."""
        self.query_one("#speed", Cycle).value = speed
        self.query_one("#privacy", Cycle).value = privacy.value

    @on(Cycle.Changed, "#rules")
    def _rules_changed(self) -> None:
        """What the preset is, and the base score only for rule sets that score with one."""
        if not self.filled:
            return
        from mahjong_tui.engine import get_ruleset

        rules = get_ruleset(self.chosen_rules())
        self.query_one("#rules-summary", Static).update(rules_line(rules))
        self.query_one("#base", Input).disabled = not rules.uses_base_score

    @on(Cycle.Changed, ".player")
    def _player_changed(self, event: Cycle.Changed) -> None:
        """A seat turned bot or human gets a fitting name if it had the default one."""
        i = int((event.cycle.id or "player-0").removeprefix("player-"))
        name = self.query_one(f"#name-{i}", Input)
        if given_by_default(i, name.value):
            name.value = default_name(i, event.value == "human")

    def read(self) -> GameSetup:
        """The setup in the form; ValueError says which field is wrong."""
        seats = []
        for i in range(4):
            player = self.query_one(f"#player-{i}", Cycle).value
            name = clean_name(self.query_one(f"#name-{i}", Input).value) or t("new_game_screen.seat", n=i + 1)
            if len(name) > MAX_NAME:
                raise ValueError(t("new_game_screen.name_too_long", n=i + 1, most=MAX_NAME))
            seats.append(SeatSetup(name, player == "human", player if player != "human" else "normal"))
        twice = same_name([seat.name for seat in seats])
        if twice is not None:
            raise ValueError(t("new_game_screen.same_name", name=twice))

        def number(field: str, label: str, lowest: int, highest: int) -> int | None:
            """A whole number from a field within [lowest, highest], or None when it is empty."""
            text = self.query_one(f"#{field}", Input).value.strip()
            if not text:
                return None
            named = t(f"new_game_screen.{label}")
            if not text.isascii() or not text.lstrip("+-").isdigit():
                raise ValueError(t("new_game_screen.not_a_number", field=named))
            if len(text.lstrip("+-").lstrip("0")) > len(str(highest)):  # refused before it is read
                raise ValueError(t("new_game_screen.too_high", field=named, highest=highest))
            value = int(text)
            if value < lowest:
                raise ValueError(t("new_game_screen.too_low", field=named, lowest=lowest))
            if value > highest:
                raise ValueError(t("new_game_screen.too_high", field=named, highest=highest))
            return value

        speed, privacy = self.pace()
        return GameSetup(
            rules=self.chosen_rules(),
            seats=tuple(seats),
            base=number("base", "base_field", MIN_BASE, MAX_BASE) or 1,
            starting_points=number("points", "points_field", MIN_POINTS, MAX_POINTS),
            max_hands=number("hands", "hands_field", MIN_HANDS, MAX_HANDS),
            seed=number("seed", "seed_field", MIN_SEED, MAX_SEED),
            speed=speed,
            privacy=privacy,
        )

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        """Start the game in the form (or say what to fix); nothing before it is drawn, or once it has gone."""
        if not self.on_top:
            return
        try:
            setup = self.read()
        except ValueError as e:
            self.query_one("#new-game-error", Static).update(f"✕ {e}")
            return
        self.dismiss(setup)

    @on(Input.Submitted)
    def _submitted(self) -> None:
        """Enter in a field starts the game."""
        self.action_start()

    @on(Button.Pressed, "#resume")
    def action_resume(self) -> None:
        """Continue the saved game (watch it, when another window plays it), or choose among several."""
        from .resume import ResumeScreen, chosen_for

        if not self.on_top:  # already answered, or the list already open
            return
        self.find_saved()  # as they are now: another window may have ended one, or taken it up, since the form opened
        games = self.found.games if self.found else ()
        if len(games) == 1:
            self.dismiss(chosen_for(games[0]))
        elif games:

            def answered(chosen: Chosen | None) -> None:
                """The game chosen, for the app; nothing chosen: the form stays."""
                if chosen is not None:
                    self.dismiss(chosen)

            self.app.push_screen(ResumeScreen(games), answered)

    @on(Button.Pressed, "#records")
    async def _records_button(self) -> None:
        """The kept games."""
        await self.run_action("app.records")

    @on(Button.Pressed, "#statistics")
    async def _statistics_button(self) -> None:
        """How everyone has done."""
        await self.run_action("app.statistics")

    @on(Button.Pressed, "#rules-button")
    async def _rules_button(self) -> None:
        """The rules, open at the preset chosen."""
        await self.run_action("app.rules")

    @on(Button.Pressed, "#settings-button")
    async def _settings_button(self) -> None:
        """Language, tiles, colours, pace, learning aids."""
        await self.run_action("app.settings")

    @on(Button.Pressed, "#learn")
    def action_learn(self) -> None:
        """The lessons, open at the rules chosen on the form."""
        if self.on_top:
            self.dismiss(LearnToPlay(self.chosen_rules()))

    @on(Button.Pressed, "#quit")
    def action_quit(self) -> None:
        """Leave without a game."""
        self.dismiss(None)
