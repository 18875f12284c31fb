"""A game record as a readable log: one line per action, each hand's result with its scoring breakdown.

The record is replayed action by action, so every line is what the engine did with that
action: the tile drawn after a discard, the meld a claim made, the flowers shown, the win
and how it was scored. Each event is told as the table's log tells it
(:mod:`mahjong_tui.telling`), to a reader who sees every seat: every draw and each deal too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from os.path import commonprefix

from mahjong_tui.engine import (
    Action,
    Event,
    Game,
    GameEnded,
    HandEnded,
    HandStarted,
    InitialWinsDeclared,
    PlayerWon,
    ScoreLine,
)
from mahjong_tui.engine.tiles import seat_wind_zh
from mahjong_tui.i18n import catalogue, cells, names_in
from mahjong_tui.keep.saves import SavedGame, Seat
from mahjong_tui.telling import EVERY_SEAT, Named, Teller, said_by

#: where a line about one player starts (under the number of a numbered line), and how many cells its name takes
INDENT, NAME_CELLS = " " * 7, 12

#: events told on lines of their own, not among what an action caused
_OWN_LINES = (PlayerWon, InitialWinsDeclared, HandEnded, GameEnded)


@dataclass(frozen=True, slots=True)
class Column(Named):
    """Players as the export's column names them: the seat's wind in the hand, then its name, padded (``南 Jun``)."""

    dealer: int = 0

    def label(self, seat: int) -> str:
        """``南 Jun`` and spaces, as wide as any name of up to twelve cells."""
        name = self.names[seat]
        return f"{seat_wind_zh(seat, self.dealer)} {name}" + " " * max(0, NAME_CELLS - cells(name))


class _Writer:
    """The export's lines in its language; for ``both`` each line in Chinese, with the English under it (the words
    the two begin with, the turn and the player, written once)."""

    def __init__(self, language: str, game: Game, names: tuple[str, ...]) -> None:
        """Lines of ``game`` in ``language`` (``en``, ``zh`` or ``both``), the players by ``names``."""
        self.language = language
        self.names = names
        spoken = ("zh", "en") if language == "both" else (language,)
        self.tellers = tuple(
            Teller(catalogue(x), game.rules, Named(names, chinese=x == "zh"), EVERY_SEAT, wall=True, asides=False)
            for x in spoken
        )

    def header(self, game: Game, seats: Sequence[Seat]) -> str:
        """The rules, the seed and who played."""
        rules = game.rules
        lines = []
        for teller in self.tellers:
            t = teller.say
            players = [
                t("export.bot", name=s.name, level=t(f"resume.level_{s.bot}"))
                if s.bot
                else t("export.person", name=s.name)
                for s in seats
            ]
            ruleset = t.pick(f"{rules.en_name} {rules.zh_name}", rules.zh_name)
            seed, joined = game.seed, t("hint.separator").join(players)
            lines.append(t("export.header", rules=ruleset, name=rules.name, seed=seed, players=joined))
        return _stacked(lines)

    def opening(self, events: Sequence[Event], dealer: int) -> list[str]:
        """The hand's first lines: its dealer, dice and points, then each seat's deal and flowers in the column."""
        out = []
        columns = [replace(t, naming=Column(self.names, t.say.language == "zh", dealer)) for t in self.tellers]
        for ev in events:
            if isinstance(ev, HandStarted):
                out.append(_stacked([self._started(t, ev) for t in self.tellers]))
            elif isinstance(ev, _OWN_LINES):
                out.extend(self.results([ev]))
            elif told := [INDENT + x for t in columns if (x := t.line(ev))]:
                out.append(_stacked(told))
        return out

    def action(self, number: int, action: Action, events: Sequence[Event], dealer: int) -> str:
        """The action's numbered line: who, what, and what it caused."""
        lead = f"  {number:>3}. {Column(self.names, dealer=dealer).label(action.seat)} "
        return _stacked([lead + self._caused(t, action, events) for t in self.tellers])

    def results(self, events: Sequence[Event]) -> list[str]:
        """A win with its breakdown, initial small wins with theirs, the hand's end and the game's."""
        out = []
        for ev in events:
            if isinstance(ev, PlayerWon):
                out.append(_stacked([INDENT + self._won(t, ev) for t in self.tellers]))
            elif isinstance(ev, InitialWinsDeclared):
                out.append(_stacked([INDENT + (t.line(ev) or "") for t in self.tellers]))
            elif isinstance(ev, HandEnded):
                out.append(_stacked(["  " + self._ended(t, ev) for t in self.tellers]))
            elif isinstance(ev, GameEnded):
                out.append("")
                out.append(_stacked([t.line(ev) or "" for t in self.tellers]))
                out.append(
                    _stacked([t.say("export.final_points", scores=self._scores(t, ev.scores)) for t in self.tellers])
                )
            if isinstance(ev, PlayerWon | InitialWinsDeclared):
                out.extend(f"{INDENT}  {self._breakdown(line)}" for line in ev.result.lines)
        return out

    def _started(self, t: Teller, ev: HandStarted) -> str:
        """The log's line for the hand's start, with everyone's points."""
        return t.say("export.hand", started=t.line(ev), scores=self._scores(t, ev.scores))

    def _caused(self, t: Teller, action: Action, events: Sequence[Event]) -> str:
        """The action in a player's words, then what it caused (its own words not said twice; a win and an end on
        lines of their own)."""
        what = t.action(action)
        told = [t.line(ev) for ev in events if not said_by(action, ev) and not isinstance(ev, _OWN_LINES)]
        caused = [x for x in told if x]
        if not caused:
            return what
        return t.say("export.caused", action=what, events=t.say("export.separator").join(caused))

    def _won(self, t: Teller, ev: PlayerWon) -> str:
        """The log's line for a win, and the hand's types."""
        return t.say("export.win", won=t.line(ev), types=t.types(ev.result.types))

    def _ended(self, t: Teller, ev: HandEnded) -> str:
        """The log's line for the hand's end, what each paid or received, and who deals next."""
        payments = self._scores(t, ev.payments, signed=True)
        return t.say("export.hand_end", ended=t.line(ev), payments=payments, dealer=self.names[ev.next_dealer])

    def _scores(self, t: Teller, points: Sequence[int], *, signed: bool = False) -> str:
        """Each player's points (``Jun 500``) or, ``signed``, what each paid or received (``Jun -20``)."""
        said = [
            t.say("export.score", name=name, points=f"{p:+d}" if signed else p)
            for name, p in zip(self.names, points, strict=True)
        ]
        return t.say("hint.separator").join(said)

    def _breakdown(self, line: ScoreLine) -> str:
        """A line of a win's breakdown: in both languages unless Chinese alone is asked (a learner reading the
        English meets the words used at the table)."""
        return names_in((line.zh or line.en) if self.language == "zh" else line.text(), self.names)


def _stacked(lines: Sequence[str]) -> str:
    """One line per language, each after the first set under the words where it parts from the first (what the
    lines begin with, the turn and the player, is written once); a line said alike in each is written once."""
    first, out = lines[0], [lines[0]]
    for line in lines[1:]:
        if line and line != first:
            shared = commonprefix([first, line])
            lead = shared[: shared.rfind(" ") + 1]
            out.append(" " * cells(lead) + line[len(lead) :])
    return "\n".join(out)


def export_text(saved: SavedGame, language: str = "en") -> str:
    """The whole game as text, in ``language`` (``en``, ``zh`` or ``both``)."""
    game, table = saved.game, saved.table
    writer = _Writer(language, game, tuple(s.name for s in table.seats))
    lines = [writer.header(game, table.seats)]
    replay = Game(game.rules, game.seed, game.options, rigged=game.rigged)
    for number, actions in enumerate(game.actions, start=1):
        if number > 1:
            replay.next_hand()
        dealer = replay.hand.dealer
        lines.append("")
        lines.extend(writer.opening(replay.hand_events, dealer))
        for i, action in enumerate(actions, start=1):
            events = replay.apply(action)
            lines.append(writer.action(i, action, events, dealer))
            lines.extend(writer.results(events))
    return "\n".join(lines)
