"""Rules: evaluate showdowns and settle pots. Imports only audit.vocab."""
