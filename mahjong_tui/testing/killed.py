"""A player of short games that is killed on purpose: what the kill tests and ``scripts/kill_soak.py`` run.

``python -m mahjong_tui.testing.killed SEED`` plays two-hand games of bots, one after the
other, each kept as the table keeps it (:class:`~mahjong_tui.keep.keeping.Keeper`: saved after
every action, settled at its end), in the data directory of ``MAHJONG_TUI_HOME``. It writes,
one line each, flushed: ``start ID`` once a game is first saved, ``ending ID HAND`` just before
the first action that may end the hand (so a kill can be aimed at a hand's counting or the
game's end), ``kept ID`` once it is settled. :func:`check_kept` is what must hold after any
kill, once the next start has looked for games (:func:`~mahjong_tui.keep.unfinished.find_games`).
"""

from __future__ import annotations

import os
import signal
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from bots import create_bot
from mahjong_tui.engine import Action, ActionKind, Game, GameOptions, Stop, play_until_decision
from mahjong_tui.keep.keeping import Keeper, finished_hands
from mahjong_tui.keep.saves import Seat, Table, read_file, record_info, records, save_path
from mahjong_tui.keep.stats import Statistics
from mahjong_tui.keep.storage import stats_path

SEATS = (Seat("Ann"), Seat("Bo", "normal"), Seat("Cy", "normal"), Seat("Di", "easy"))


def _say(line: str) -> None:
    """One line on standard output, in one write."""
    os.write(1, f"{line}\n".encode())


def play_games(seed: int) -> None:
    """Play two-hand games for ever (until killed), each kept and settled as the table does."""
    n = 0
    while True:
        n += 1
        game = Game("shanghai", seed * 1000 + n, GameOptions(max_hands=2))
        table = Table(SEATS, f"k{seed}-{n}")
        players = {s: create_bot(level or "normal", s, seed) for s, level in enumerate(s.bot for s in SEATS)}
        keeper = Keeper(table)
        keeper.keep(game)
        keeper.flush()
        _say(f"start {table.id}")  # once saved: a game killed before its first save was never begun
        waiting = None
        said = 0  # the last hand whose end was said
        saved = keeper.keep  # after every move

        def kept(_move: object, game: Game = game, saved: Callable[[Game], None] = saved) -> None:
            saved(game)

        while not game.over:
            if game.hand.over:  # the first hand ended (and was counted): the next is dealt
                game.next_hand()
                keeper.keep(game)
            halt = play_until_decision(game, players, resume=waiting, observe=kept, pause=lambda _s, _a: True)
            waiting = halt.action if halt.why is Stop.PAUSED else None
            if waiting is not None and _ends(game, waiting) and said < game.hand_number:
                said = game.hand_number  # once a hand
                _say(f"ending {table.id} {said}")
        keeper.keep(game)
        keeper.close()
        _say(f"kept {table.id}")


def _ends(game: Game, action: Action) -> bool:
    """Whether ``action`` may end the game: a win, or a move with the wall all but gone (a drawn hand's last)."""
    return action.kind is ActionKind.WIN or sum(game.hand.wall_view().stack_heights) <= 2


@dataclass(frozen=True, slots=True)
class Kept:
    """What the data directory holds of the games started: counted per game id."""

    saves: frozenset[str]  # ids with a save (games not finished)
    records: Counter[str]  # records per id
    finished: frozenset[str]  # ids whose record says the game ended
    hands_counted: Counter[str]  # statistics rows per id, divided by four seats
    record_hands: dict[str, int]  # finished hands per record


def what_is_kept() -> Kept:
    """Read the saves, the records and the statistics."""
    saves = frozenset(p.stem for p in (stats_path().parent / "games").glob("*.json"))
    per_id: Counter[str] = Counter()
    finished: set[str] = set()
    hands: dict[str, int] = {}
    for path in records():
        saved = read_file(path)
        per_id[saved.table.id] += 1
        hands[saved.table.id] = finished_hands(saved.game)
        if record_info(path).finished:
            finished.add(saved.table.id)
    counted: Counter[str] = Counter()
    if stats_path().exists():
        db = Statistics(stats_path())
        try:
            for game_id, rows in db.db.execute("SELECT game, COUNT(*) FROM results GROUP BY game"):
                counted[game_id] = rows // 4
        finally:
            db.close()
    return Kept(saves, per_id, frozenset(finished), counted, hands)


def end_state(game_id: str) -> str:
    """How far a game's end had gone, from what is on disk: ``playing`` (its save is from before the last move),
    ``recorded`` (the record kept, not counted), ``counted`` (counted, the save not yet removed) or ``settled``."""
    kept = what_is_kept()
    if game_id not in kept.finished:
        return "playing"
    if game_id in kept.saves:
        return "counted" if kept.hands_counted[game_id] == kept.record_hands[game_id] else "recorded"
    return "settled"


def check_kept(started: list[str]) -> list[str]:
    """What is wrong with the games ``started`` and every game on disk (empty: nothing): each is either saved to
    resume, with every ended hand counted, or kept once as ended and counted once; none is kept twice."""
    kept = what_is_kept()
    wrong = []
    for game_id in dict.fromkeys([*started, *kept.saves, *kept.records]):  # a game saved before it was said too
        if kept.records[game_id] > 1:
            wrong.append(f"{game_id}: kept {kept.records[game_id]} times")
        if game_id in kept.saves:
            hands = finished_hands(read_file(save_path(game_id)).game)
            if kept.hands_counted[game_id] != hands:
                wrong.append(f"{game_id}: saved with {hands} hands ended, {kept.hands_counted[game_id]} counted")
        elif game_id not in kept.finished:
            wrong.append(f"{game_id}: neither saved nor kept as ended (lost)")
        elif kept.hands_counted[game_id] != kept.record_hands[game_id]:
            wrong.append(f"{game_id}: {kept.record_hands[game_id]} hands, {kept.hands_counted[game_id]} counted")
    return wrong


if __name__ == "__main__":
    for hangup in (signal.SIGHUP, signal.SIGTERM):  # as in a terminal, even when started under ``nohup``
        signal.signal(hangup, signal.SIG_DFL)
    play_games(int(sys.argv[1]))
