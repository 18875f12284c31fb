"""What outlives a session: games in progress and their locks, records, replays, exports, statistics, settings.

Every file read here goes through :mod:`mahjong_tui.keep.safe_json`; every file written is written atomically.
"""
