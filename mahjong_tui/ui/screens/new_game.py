"""The new game screen: rule set, who sits where, scores, seed and the bots' pace."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from bots import LEVELS
from mahjong_tui.engine import get_ruleset, ruleset_names

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
    SeatSetup,
)

_PLAYER_CHOICES = [("human", "human")] + [(f"bot · {lv}", lv) for lv in LEVELS]


def _base_tooltip() -> str:
    """Which rule sets the base score is for: ``Shanghai only``."""
    names = dict.fromkeys(r.en_name for r in map(get_ruleset, ruleset_names()) if r.uses_base_score)
    return f"{', '.join(names)} only" if names else "no rule set uses it"


class NewGameScreen(Screen[GameSetup | None]):
    """A form; Start (or Ctrl+S) answers with the setup, q quits."""

    BINDINGS = [
        Binding("ctrl+s", "start", "Start"),
        Binding("escape", "quit", "Quit"),
    ]

    def __init__(self, setup: GameSetup | None = None) -> None:
        """Start from ``setup`` (the last one used) or the defaults."""
        super().__init__()
        self.setup = setup or GameSetup()

    def compose(self) -> ComposeResult:
        """The form."""
        with VerticalScroll(id="new-game"):
            yield Static("麻将 mahjong-tui — new game", classes="card-title")
            with Horizontal(id="new-game-columns"):
                with Vertical(id="new-game-seats"):
                    yield from self._seat_fields()
                with Vertical(id="new-game-numbers"):
                    yield from self._number_fields()
            yield Static("", id="new-game-error")
            with Horizontal(classes="buttons"):
                yield Button("Start", id="start", variant="primary")
                yield Button("Quit", id="quit")
        yield Footer()

    def _seat_fields(self) -> ComposeResult:
        """Rules and the four seats."""
        s = self.setup
        with Horizontal(classes="field"):
            yield Label("Rules", classes="field-label")
            yield Select(
                [(f"{name} {get_ruleset(name).zh_name}", name) for name in ruleset_names()],
                value=s.rules, allow_blank=False, id="rules",
            )
        for i, seat in enumerate(s.seats):
            with Horizontal(classes="field seat-field"):
                yield Label(f"Seat {i + 1}", classes="field-label")
                yield Select(_PLAYER_CHOICES, value="human" if seat.human else seat.level,
                             allow_blank=False, id=f"player-{i}", classes="player")
                yield Input(seat.name, placeholder="name", id=f"name-{i}", classes="name")

    def _number_fields(self) -> ComposeResult:
        """Scores, hands, seed and the bots' pace."""
        s = self.setup
        with Horizontal(classes="field"):
            yield Label("Base score 底分", classes="field-label")
            yield Input(str(s.base), id="base", type="integer", tooltip=_base_tooltip())
        with Horizontal(classes="field"):
            yield Label("Starting points", classes="field-label")
            yield Input("" if s.starting_points is None else str(s.starting_points),
                        placeholder="rule set default", id="points", type="integer")
        with Horizontal(classes="field"):
            yield Label("Hands", classes="field-label")
            yield Input("" if s.max_hands is None else str(s.max_hands),
                        placeholder="until one is out", id="hands", type="integer")
        with Horizontal(classes="field"):
            yield Label("Seed", classes="field-label")
            yield Input("" if s.seed is None else str(s.seed), placeholder="random", id="seed", type="integer")
        with Horizontal(classes="field"):
            yield Label("Bot speed", classes="field-label")
            yield Select([(k, k) for k in BOT_SPEEDS], value=s.speed, allow_blank=False, id="speed")

    def on_mount(self) -> None:
        """The base score only for rule sets that score with one."""
        self._rules_changed()

    @on(Select.Changed, "#rules")
    def _rules_changed(self) -> None:
        """The base score only for rule sets that score with one."""
        rules = self.query_one("#rules", Select).value
        uses_base = isinstance(rules, str) and get_ruleset(rules).uses_base_score
        self.query_one("#base", Input).disabled = not uses_base

    @on(Select.Changed, ".player")
    def _player_changed(self, event: Select.Changed) -> None:
        """A seat turned bot or human gets a fitting name if it had the default one."""
        i = int((event.select.id or "player-0").removeprefix("player-"))
        name = self.query_one(f"#name-{i}", Input)
        if name.value in (DEFAULT_NAMES[i], BOT_NAMES[i], ""):
            name.value = DEFAULT_NAMES[i] if event.value == "human" else BOT_NAMES[i]

    def read(self) -> GameSetup:
        """The setup in the form; ValueError says which field is wrong."""
        rules = str(self.query_one("#rules", Select).value)
        seats = []
        for i in range(4):
            player = str(self.query_one(f"#player-{i}", Select).value)
            name = self.query_one(f"#name-{i}", Input).value.strip() or f"Seat {i + 1}"
            if len(name) > MAX_NAME:
                raise ValueError(f"seat {i + 1}: a name has at most {MAX_NAME} characters")
            seats.append(SeatSetup(name, player == "human", player if player != "human" else "normal"))

        def number(field: str, label: str, lowest: int) -> int | None:
            """A whole number from a field, or None when it is empty."""
            text = self.query_one(f"#{field}", Input).value.strip()
            if not text:
                return None
            try:
                value = int(text)
            except ValueError:
                raise ValueError(f"{label} must be a whole number") from None
            if value < lowest:
                raise ValueError(f"{label} must be at least {lowest}")
            return value

        base = number("base", "base score", MIN_BASE) or 1
        return GameSetup(
            rules=rules,
            seats=tuple(seats),
            base=base,
            starting_points=number("points", "starting points", MIN_POINTS),
            max_hands=number("hands", "hands", MIN_HANDS),
            seed=number("seed", "seed", MIN_SEED),
            speed=str(self.query_one("#speed", Select).value),
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

    @on(Button.Pressed, "#quit")
    def action_quit(self) -> None:
        """Leave without a game."""
        self.dismiss(None)
