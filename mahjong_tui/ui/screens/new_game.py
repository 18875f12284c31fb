"""The new game screen: rule set, who sits where, scores, seed, the bots' pace and hot-seat privacy.

It is the first screen, so it is kept light: one-line choices (:class:`Cycle`) instead of
drop-down selects, two grids instead of a row container per field. And it is drawn before
the engine, the rule sets and the bots are imported (a tenth of a second): the choices and
the line saying what the preset is are filled in right after the first frame.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Static

from mahjong_tui.i18n import current, messages, t

from ..config import (
    BOT_NAMES,
    BOT_SPEEDS,
    DEFAULT_NAMES,
    MAX_NAME,
    MIN_BASE,
    MIN_HANDS,
    MIN_POINTS,
    MIN_SEED,
    GameSetup,
    Privacy,
    SeatSetup,
    named,
    rules_summary,
)
from ..keys import word_keys
from ..widgets.cycle import Cycle

if TYPE_CHECKING:
    from mahjong_tui.engine import Ruleset

W = TypeVar("W", bound=Widget)

def privacy_choices() -> list[tuple[str, str]]:
    """The privacy settings, labelled in the language in use."""
    return [(t(f"new_game_screen.privacy_{p.value}"), p.value) for p in Privacy]


def speed_choices() -> list[tuple[str, str]]:
    """The bots' speeds, labelled in the language in use."""
    return [(t(f"new_game_screen.speed_{k}"), k) for k in BOT_SPEEDS]


def player_label(level: str) -> str:
    """``human``, or ``bot · hard``, in the language in use."""
    if level == "human":
        return t("new_game_screen.human")
    known = f"new_game_screen.level_{level}"
    return t("new_game_screen.bot", level=t(known) if known in messages("en") else level)


def form_keys() -> Text:
    """The form's keys in one line."""
    out = Text()
    for i, (key, words) in enumerate((("←→", "choose"), ("Tab", "next"), ("Enter/^s", "start"), ("^r", "rules"),
                                      ("Esc", "quit"), ("^p", "commands"))):
        out.append_text(Text.assemble(" " if i == 0 else "  ", (key, "bold"), " " + t(f"new_game_screen.keys_{words}")))
    return out


class Presets(NamedTuple):
    """What the form needs from the rule sets and the bots."""

    rules: list[tuple[str, str]]  # (label, preset) for every preset
    players: list[tuple[str, str]]  # (label, value): human, then each bot level
    base_tooltip: str  # which rule sets score with a base


def presets() -> Presets:
    """The presets and bot levels, labelled in the language in use (imports the engine and the bots the first time)."""
    return _presets(current().language)


@cache
def _presets(language: str) -> Presets:
    """The presets and bot levels, labelled in ``language`` (the one in use)."""
    from bots import LEVELS
    from mahjong_tui.engine import get_ruleset, ruleset_names

    rule_sets = [get_ruleset(name) for name in ruleset_names()]
    base = dict.fromkeys(named(r.en_name, r.zh_name) for r in rule_sets if r.uses_base_score)
    return Presets(
        [(named(r.name, r.zh_name), r.name) for r in rule_sets],
        [(player_label(level), level) for level in ("human", *LEVELS)],
        t("new_game_screen.base_only", rules=t("hint.separator").join(base)) if base
        else t("new_game_screen.base_none"),
    )


def titled(widget: W, title: str) -> W:
    """A field named in its own border (a label beside each field would double the widgets to draw)."""
    widget.border_title = title
    return widget


def presets_loaded() -> bool:
    """The presets have been loaded (on a later visit the form is drawn complete at once)."""
    return _presets.cache_info().currsize > 0


def rules_line(rules: Ruleset) -> Text:
    """What a preset is, in one line: ``上海麻将 Shanghai (shanghai): 144 tiles with flowers; …``."""
    out = Text(named(rules.en_name, rules.zh_name), style="bold #ffd166")
    out.append(f" ({rules.name})", style="#9aa0a6")
    summary = rules_summary(rules)
    if summary:
        out.append(t("new_game_screen.summary", summary=summary))
    return out


class NewGameScreen(Screen[GameSetup | None]):
    """A form; Start (Enter or Ctrl+S) answers with the setup, Esc quits, Ctrl+R shows the rules."""

    BINDINGS = [
        Binding("ctrl+s", "start", "new_game_screen.start"),
        Binding("enter", "start", "new_game_screen.start", show=False),
        Binding("ctrl+r", "app.rules", "new_game_screen.rules"),
        Binding("escape", "quit", "new_game_screen.quit"),
    ]
    # Straight to the first choice: focusing the scroll first and then moving on restyles the form twice.
    AUTO_FOCUS = "#rules"

    def __init__(self, setup: GameSetup | None = None) -> None:
        """Start from ``setup`` (the last one used) or the defaults."""
        super().__init__()
        word_keys(self)
        self.setup = setup or GameSetup()
        self.filled = False  # every preset and bot level is in the choices

    def compose(self) -> ComposeResult:
        """The form (until the presets are loaded, each choice offers only what the setup holds)."""
        s = self.setup
        loaded = presets() if presets_loaded() else None
        players = loaded.players if loaded else [(player_label("human"), "human")] + [
            (player_label(level), level) for level in dict.fromkeys(seat.level for seat in s.seats)]
        with VerticalScroll(id="new-game"):
            yield Static(t("new_game_screen.title"), classes="card-title")
            yield titled(Cycle(loaded.rules if loaded else [(s.rules, s.rules)], s.rules, id="rules"),
                         t("new_game_screen.field_rules"))
            yield Static(id="rules-summary")
            columns = Horizontal(id="new-game-columns")
            columns.styles.layout = self._columns_layout()  # from the start: changing it lays the form out again
            with columns:
                with Grid(id="new-game-seats"):
                    for i, seat in enumerate(s.seats):
                        yield titled(Cycle(players, "human" if seat.human else seat.level,
                                           id=f"player-{i}", classes="player"), t("new_game_screen.seat", n=i + 1))
                        yield titled(Input(seat.name, placeholder=t("new_game_screen.name"), id=f"name-{i}",
                                           classes="name"), t("new_game_screen.name"))
                with Grid(id="new-game-numbers"):
                    yield titled(Input(str(s.base), id="base", type="integer",
                                       tooltip=loaded.base_tooltip if loaded else None), t("new_game_screen.base"))
                    yield titled(Input("" if s.starting_points is None else str(s.starting_points),
                                       placeholder=t("new_game_screen.points_default"), id="points", type="integer"),
                                 t("new_game_screen.points"))
                    yield titled(Input("" if s.max_hands is None else str(s.max_hands),
                                       placeholder=t("new_game_screen.hands_default"), id="hands", type="integer"),
                                 t("new_game_screen.hands"))
                    yield titled(Input("" if s.seed is None else str(s.seed), placeholder=t("new_game_screen.random"),
                                       id="seed", type="integer"), t("new_game_screen.seed"))
                    yield titled(Cycle(speed_choices(), s.speed, id="speed"), t("new_game_screen.speed"))
                    yield titled(Cycle(privacy_choices(), s.privacy.value, id="privacy",
                                       tooltip=t("new_game_screen.privacy_tooltip")),
                                 t("new_game_screen.privacy"))
            yield Static("", id="new-game-error")
            with Horizontal(classes="buttons"):
                yield Button(t("new_game_screen.start"), id="start", variant="primary")
                yield Button(t("new_game_screen.rules"), id="rules-button")
                yield Button(t("new_game_screen.quit"), id="quit")
        # The keys in one line rather than a Footer, which is rebuilt at every focus change.
        yield Static(form_keys(), id="new-game-keys")

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

    def _columns_layout(self) -> str:
        """Seats and numbers side by side when they fit, else one under the other."""
        return "vertical" if self.app.size.width < 100 else "horizontal"

    def on_resize(self) -> None:
        """Lay the seats and the numbers out for the new width."""
        # A style on the one container, not a class on the screen: a class restyles the whole form.
        layout = self._columns_layout()
        columns = self.query_one("#new-game-columns")
        if columns.styles.layout is None or columns.styles.layout.name != layout:
            columns.styles.layout = layout

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
        if name.value in (DEFAULT_NAMES[i], BOT_NAMES[i], ""):
            name.value = DEFAULT_NAMES[i] if event.value == "human" else BOT_NAMES[i]

    def read(self) -> GameSetup:
        """The setup in the form; ValueError says which field is wrong."""
        seats = []
        for i in range(4):
            player = self.query_one(f"#player-{i}", Cycle).value
            name = self.query_one(f"#name-{i}", Input).value.strip() or t("new_game_screen.seat", n=i + 1)
            if len(name) > MAX_NAME:
                raise ValueError(t("new_game_screen.name_too_long", n=i + 1, most=MAX_NAME))
            seats.append(SeatSetup(name, player == "human", player if player != "human" else "normal"))

        def number(field: str, label: str, lowest: int) -> int | None:
            """A whole number from a field, or None when it is empty."""
            text = self.query_one(f"#{field}", Input).value.strip()
            if not text:
                return None
            try:
                value = int(text)
            except ValueError:
                raise ValueError(t("new_game_screen.not_a_number", field=t(f"new_game_screen.{label}"))) from None
            if value < lowest:
                raise ValueError(t("new_game_screen.too_low", field=t(f"new_game_screen.{label}"), lowest=lowest))
            return value

        speed, privacy = self.pace()
        return GameSetup(
            rules=self.chosen_rules(),
            seats=tuple(seats),
            base=number("base", "base_field", MIN_BASE) or 1,
            starting_points=number("points", "points_field", MIN_POINTS),
            max_hands=number("hands", "hands_field", MIN_HANDS),
            seed=number("seed", "seed_field", MIN_SEED),
            speed=speed,
            privacy=privacy,
        )

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        """Start the game in the form (or say what to fix)."""
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

    @on(Button.Pressed, "#rules-button")
    async def _rules_button(self) -> None:
        """The rules, open at the preset chosen."""
        await self.run_action("app.rules")

    @on(Button.Pressed, "#quit")
    def action_quit(self) -> None:
        """Leave without a game."""
        self.dismiss(None)
