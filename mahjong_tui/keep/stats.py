"""How players have done: every finished hand kept in SQLite, summed per player and preset.

Each hand's result is one row per seat (points, won, self-drawn, dealt in, the hand types
won), keyed by the game's id and the hand's number, so recording a hand twice (a game
resumed and replayed) counts it once. A player is who sat at the seat, not just a name: a
person and a bot of the same name are two players, and so are two seats of one game under
one name (each is then shown with its seat: ``Al #2``). People and bots both count; bots are marked. The
schema carries its version (``PRAGMA user_version``) and every older database is migrated
step by step when opened.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from mahjong_tui.engine import Game, HandEnded, HandStarted, PlayerWon, Ruleset, WinBy

#: each step takes the database from version i to i + 1
MIGRATIONS: tuple[str, ...] = (
    # 1: games and per-seat hand results
    """
    CREATE TABLE games (id TEXT PRIMARY KEY, rules TEXT NOT NULL, seed INTEGER NOT NULL, started TEXT NOT NULL);
    CREATE TABLE results (
        game TEXT NOT NULL REFERENCES games(id), hand INTEGER NOT NULL, seat INTEGER NOT NULL,
        player TEXT NOT NULL, bot INTEGER NOT NULL, points INTEGER NOT NULL, won INTEGER NOT NULL,
        self_draw INTEGER NOT NULL, dealt_in INTEGER NOT NULL,
        PRIMARY KEY (game, hand, seat)
    );
    """,
    # 2: the hand types of each win, and a quicker look-up by player
    """
    ALTER TABLE results ADD COLUMN types TEXT NOT NULL DEFAULT '';
    CREATE INDEX results_player ON results (player);
    """,
    # 3: who each row is: a person or a bot, its name, and its seat where one name sat at two seats of a game
    """
    ALTER TABLE results ADD COLUMN identity TEXT NOT NULL DEFAULT '';
    UPDATE results SET identity = (CASE WHEN bot THEN 'bot:' ELSE 'person:' END) || player || (
        CASE WHEN (SELECT COUNT(*) FROM results r2 WHERE r2.game = results.game AND r2.hand = results.hand
                   AND r2.player = results.player AND r2.bot = results.bot) > 1
             THEN char(31) || (seat + 1) ELSE '' END);
    CREATE INDEX results_identity ON results (identity);
    """,
    # 4: every drill answered: its kind, preset and rare moment, right or not, the seconds it took, when
    """
    CREATE TABLE drill_answers (
        id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, rules TEXT NOT NULL,
        moment TEXT NOT NULL DEFAULT '', right INTEGER NOT NULL, seconds REAL NOT NULL, answered TEXT NOT NULL
    );
    CREATE INDEX drill_answers_answered ON drill_answers (answered);
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)
#: between a name and its seat in a player's identity: a control character, which no name keeps
SEAT_MARK = "\x1f"


class StatsError(RuntimeError):
    """A statistics database that cannot be used; the message is one line. ``broken``: the file is no statistics
    database at all (not SQLite, or its tables gone), as opposed to one in use or written by a newer version."""

    def __init__(self, message: str, *, broken: bool = False) -> None:
        super().__init__(message)
        self.broken = broken


@dataclass
class PlayerStats:
    """One player's record under one preset."""

    player: str
    rules: str
    bot: bool
    games: int = 0
    hands: int = 0
    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0
    points: int = 0  # lifetime points under these rules
    biggest_win: int = 0
    types: Counter[str] = field(default_factory=Counter)
    identity: str = ""  # who this is (see the module's note); ``player`` is the name shown

    @property
    def points_per_hand(self) -> float:
        """Average points per hand."""
        return self.points / self.hands if self.hands else 0.0

    @property
    def biggest_shown(self) -> str:
        """The biggest win's points as shown, or ``—`` before the first win (0 would read as a win worth nothing)."""
        return str(self.biggest_win) if self.wins else "—"

    @property
    def win_rate(self) -> float:
        """Share of hands won."""
        return self.wins / self.hands if self.hands else 0.0


@dataclass(frozen=True, slots=True)
class DrillAnswer:
    """One drill answered: its kind, preset and rare moment, whether it was right, the seconds it took, and when
    (local time, ``2026-03-01T14:05:09``)."""

    kind: str
    rules: str
    right: bool
    seconds: float
    answered: str
    moment: str = ""


@dataclass
class DrillTally:
    """Drills answered over a span (a day, a kind, or all): how many, how many right, the longest run of right
    answers, the seconds they took in all."""

    label: str
    answers: int = 0
    right: int = 0
    best_streak: int = 0
    seconds: float = 0.0
    streak: int = 0  # the run of right answers at the end of the span

    def add(self, right: bool, seconds: float) -> None:
        """Count one answer, in the order they were given."""
        self.answers += 1
        self.right += right
        self.seconds += seconds
        self.streak = self.streak + 1 if right else 0
        self.best_streak = max(self.best_streak, self.streak)

    @property
    def accuracy(self) -> float:
        """Share of answers right."""
        return self.right / self.answers if self.answers else 0.0

    @property
    def seconds_each(self) -> float:
        """Average seconds an answer."""
        return self.seconds / self.answers if self.answers else 0.0


def rank_title(rules: Ruleset, points: int) -> str:
    """The rule set's title for lifetime ``points``: the highest reached, else the first ('' where it has none)."""
    titles = rules.rank_titles
    title = titles[0][1] if titles else ""
    for needed, name in titles:
        if points >= needed:
            title = name
    return title


class Statistics:
    """The statistics database: record hands, read totals."""

    def __init__(self, path: Path | str, *, timeout: float = 5.0):
        """Open (and create or migrate) the database at ``path``, waiting up to ``timeout`` seconds for another
        window that is writing it; StatsError says what is wrong."""
        try:
            self.db = sqlite3.connect(str(path), timeout=timeout)
            self.migrate()
            tables = {name for (name,) in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            missing = sorted({"games", "results"} - tables)
            if missing:  # its version says they were made: broken, not to be written or read
                self.db.close()
                raise StatsError(f"{path}: broken statistics database (no table {', '.join(missing)})", broken=True)
        except sqlite3.DatabaseError as e:
            if getattr(e, "sqlite_errorcode", None) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
                raise StatsError(f"{path}: statistics database is in use by another mahjong-tui (locked)") from None
            raise StatsError(f"{path}: not a statistics database ({e})", broken=True) from None

    def close(self) -> None:
        """Close the database."""
        self.db.close()

    def version(self) -> int:
        """The schema version of the open database."""
        return int(self.db.execute("PRAGMA user_version").fetchone()[0])

    def migrate(self) -> None:
        """Bring the database to the current schema, one step at a time; a newer one is refused."""
        current = self.version()
        if current > SCHEMA_VERSION:
            raise StatsError(
                f"statistics written by a newer mahjong-tui (schema {current}; this one reads {SCHEMA_VERSION})"
            )
        if current == SCHEMA_VERSION:
            return
        # One write transaction for every step, the version read again inside it: two windows opening an older
        # database at once migrate it once (the second finds it done).
        previous, self.db.isolation_level = self.db.isolation_level, None
        try:
            self.db.execute("BEGIN IMMEDIATE")
            for step in range(self.version(), SCHEMA_VERSION):
                for statement in MIGRATIONS[step].split(";"):
                    if statement.strip():
                        self.db.execute(statement)
                self.db.execute(f"PRAGMA user_version = {step + 1}")
            self.db.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise
        finally:
            self.db.isolation_level = previous

    def record_hands(self, game_id: str, game: Game, players: Sequence[tuple[str, bool]], started: str) -> int:
        """Record every finished hand of ``game`` (players: (name, is_bot) per seat); the rows added."""
        return self.add(tally(game_id, game, players, started))

    def add(self, hands: Tally) -> int:
        """Record a game's finished hands (a hand recorded before is not recorded again); the rows added."""
        with self.db:
            self.db.execute(
                "INSERT OR IGNORE INTO games (id, rules, seed, started) VALUES (?, ?, ?, ?)",
                (hands.game_id, hands.rules, hands.seed, hands.started),
            )
            before = self.db.total_changes
            for row in hands.rows:
                self.db.execute(
                    "INSERT OR IGNORE INTO results (game, hand, seat, player, bot, points, won, self_draw, dealt_in, "
                    "types, identity) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (hands.game_id, *row),
                )
            return self.db.total_changes - before

    def players(self) -> list[PlayerStats]:
        """Every player's record per preset, most hands first."""
        rows = self.db.execute(
            "SELECT r.identity, MIN(r.player), g.rules, MAX(r.bot), COUNT(DISTINCT r.game), COUNT(*), SUM(r.won), "
            "SUM(r.self_draw), SUM(r.dealt_in), SUM(r.points), MAX(CASE WHEN r.won THEN r.points ELSE 0 END) "
            "FROM results r JOIN games g ON g.id = r.game GROUP BY r.identity, g.rules "
            "ORDER BY COUNT(*) DESC, MIN(r.player), r.identity"
        ).fetchall()
        out = []
        for identity, player, rules, bot, games, hands, wins, selfs, deals, points, biggest in rows:
            seat = identity[identity.index(":") + 1 + len(player) :]  # SEAT_MARK + "2" where the name sat at two seats
            shown = f"{player} #{seat[1:]}" if seat else player
            stats = PlayerStats(shown, rules, bool(bot), games, hands, wins, selfs, deals, points, biggest,
                                identity=identity)  # fmt: skip
            for (types,) in self.db.execute(
                "SELECT r.types FROM results r JOIN games g ON g.id = r.game "
                "WHERE r.identity = ? AND g.rules = ? AND r.won AND r.types != ''",
                (identity, rules),
            ):
                stats.types.update(types.split())
            out.append(stats)
        return out

    def add_drill_answer(self, answer: DrillAnswer) -> None:
        """Keep one drill answer."""
        with self.db:
            self.db.execute(
                "INSERT INTO drill_answers (kind, rules, moment, right, seconds, answered) VALUES (?, ?, ?, ?, ?, ?)",
                (answer.kind, answer.rules, answer.moment, int(answer.right), answer.seconds, answer.answered),
            )

    def drill_answers(self, rules: str | None = None) -> list[DrillAnswer]:
        """Every drill answer kept (only under ``rules`` when given), in the order given."""
        rows = self.db.execute(
            "SELECT kind, rules, right, seconds, answered, moment FROM drill_answers "
            "WHERE ? IS NULL OR rules = ? ORDER BY id",
            (rules, rules),
        ).fetchall()
        return [DrillAnswer(k, r, bool(right), float(sec), when, m) for k, r, right, sec, when, m in rows]


def drill_tallies(answers: Sequence[DrillAnswer]) -> tuple[DrillTally, list[DrillTally], list[DrillTally]]:
    """Drill answers summed: over all, per day (oldest first), per kind (a rare moment by its own name)."""
    total = DrillTally("")
    days: dict[str, DrillTally] = {}
    kinds: dict[str, DrillTally] = {}
    for a in answers:
        kind = a.moment or a.kind
        for tally in (total, days.setdefault(a.answered[:10], DrillTally(a.answered[:10])),
                      kinds.setdefault(kind, DrillTally(kind))):  # fmt: skip
            tally.add(a.right, a.seconds)
    return total, list(days.values()), list(kinds.values())


def identities(players: Sequence[tuple[str, bool]]) -> list[str]:
    """Who sits at each seat, for the statistics: ``person:NAME`` or ``bot:NAME``, with :data:`SEAT_MARK` and the
    seat (1-4) where another seat of the game has the same (another person, or another bot, of that name)."""
    out = []
    for seat, (name, bot) in enumerate(players):
        again = sum(1 for other in players if other == (name, bot)) > 1
        out.append(f"{'bot' if bot else 'person'}:{name}" + (f"{SEAT_MARK}{seat + 1}" if again else ""))
    return out


@dataclass(frozen=True, slots=True)
class Tally:
    """A game's finished hands as the statistics take them, read from the game at one moment (so they can be
    written later, from another thread, while the game goes on)."""

    game_id: str
    rules: str  # the preset's name
    seed: int
    started: str
    rows: tuple[tuple[object, ...], ...]  # per finished hand and seat (:func:`_hand_rows`)


def tally(game_id: str, game: Game, players: Sequence[tuple[str, bool]], started: str) -> Tally:
    """The finished hands of ``game`` (players: (name, is_bot) per seat), ready to be recorded."""
    return Tally(game_id, game.rules.name, game.seed, started, tuple(_hand_rows(game, players)))


def _hand_rows(game: Game, players: Sequence[tuple[str, bool]]) -> list[tuple[object, ...]]:
    """Per finished hand and seat: hand, seat, player, bot, points, won, self-drawn, dealt in, types, identity."""
    rows: list[tuple[object, ...]] = []
    who = identities(players)
    number = 0
    won: dict[int, list[str]] = {}
    self_draw: set[int] = set()
    dealt_in: set[int] = set()
    for ev in game.events:
        if isinstance(ev, HandStarted):
            number, won, self_draw, dealt_in = ev.hand_number, {}, set(), set()
        elif isinstance(ev, PlayerWon):
            won[ev.seat] = list(ev.result.types)
            if ev.context.win_by is WinBy.SELF_DRAW:
                self_draw.add(ev.seat)
            elif ev.context.discarder is not None:
                dealt_in.add(ev.context.discarder)
        elif isinstance(ev, HandEnded):
            for seat in range(4):
                name, bot = players[seat]
                rows.append(
                    (
                        number,
                        seat,
                        name,
                        int(bot),
                        ev.payments[seat],
                        int(seat in won),
                        int(seat in self_draw),
                        int(seat in dealt_in),
                        " ".join(won.get(seat, ())),
                        who[seat],
                    )
                )
    return rows


def keep_drill_answer(answer: DrillAnswer) -> str:
    """Add one drill answer to the statistics database (made if there is none); the one line saying why it could
    not be kept, or ``""``."""
    from mahjong_tui.clean import one_line
    from mahjong_tui.keep.storage import stats_path

    try:
        path = stats_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        db = Statistics(path, timeout=1.0)  # a drill waits for nobody: a locked database loses one answer, said so
    except (StatsError, OSError) as e:
        return one_line(str(e))
    try:
        db.add_drill_answer(answer)
        return ""
    except sqlite3.Error as e:
        return one_line(f"{path}: the drill answer was not kept ({e})")
    finally:
        db.close()
