"""The rule book: each preset's rules as a learner reads them, and the calculator that scores a hand given in JSON."""
