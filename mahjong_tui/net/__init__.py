"""Play over a network: what a table server and its clients send each other, and how."""
