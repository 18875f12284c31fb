"""What the game teaches: hints (steps, waits, the ★), advice at special decisions, danger marks, a hand's review.

Everything here reads a seat's view and the engine's analysis; nothing here changes a game.
"""
