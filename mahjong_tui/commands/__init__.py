"""The subcommands of ``mahjong-tui``, one module each, every one on ``argparse``.

Each module has ``parser()`` (its options) and ``run(argv) -> int`` (the exit status).
Bad arguments are one line on standard error and exit 2 (:class:`OneLineParser`).
"""

from __future__ import annotations

#: command → (module under this package, one line for the help)
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("play", "start a game at the table directly (mahjong-tui play --help)"),
    "score": ("score", "score a hand: mahjong-tui score FILE.json [--text]"),
    "hint": ("hint", "what to discard, what you wait on: mahjong-tui hint FILE.json [--text] [--lang zh]"),
    "host": ("host", "a table server; friends join from their terminals (mahjong-tui host --help)"),
    "join": ("join", "sit at a table a host serves: mahjong-tui join ws://HOST:PORT/ROOM [--name NAME]"),
    "web": ("web", "the table in a browser tab: mahjong-tui web ws://HOST:PORT/ROOM [--port 8000]"),
    "learn": ("learn", "lessons on the real table: mahjong-tui learn [--rules PRESET] [--lesson N] [--list]"),
    "rules": ("rules", "a preset's rules with worked examples: mahjong-tui rules [PRESET] [--lang zh]"),
    "replay": ("replay", "a kept game on the table, step by step: mahjong-tui replay FILE"),
    "export": ("export", "a game record as a readable log: mahjong-tui export FILE --text [--lang zh]"),
    "stats": ("stats", "how players have done, per player and preset: mahjong-tui stats [--lang zh] [--json]"),
    "simulate": ("simulate", "bots play each other headless (mahjong-tui simulate --help)"),
    "drill": ("drill", "practise discards, waits, scores, rare moments: mahjong-tui drill [--rules R] [--json]"),
}
