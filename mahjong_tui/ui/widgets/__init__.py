"""Table widgets: seats, rivers, the wall, the player's hand."""
