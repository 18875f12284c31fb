"""The table: a Textual app to play whole games, hot-seat and against bots.

``run(...)`` starts it; :class:`~mahjong_tui.ui.app.MahjongApp` is the app. The UI renders
the engine's state and sends it the actions players choose; no game rule lives here.
"""
