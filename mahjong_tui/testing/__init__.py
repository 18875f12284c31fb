"""Test harnesses that ship with the game: seeded soak runs and the seeded positions screenshots use.

Nothing here plays a real game; these drive the engine through its public API to check
it (``soak``) or to reach a moment worth showing (``fixtures``).
"""
