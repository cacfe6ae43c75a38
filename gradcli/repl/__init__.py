"""The interactive loop: a Session core (testable without a terminal) and the terminal app."""
