"""Rules: evaluate showdowns and settle pots. Imports only rules.vocab."""
