"""Audit: the lake, the pipeline and the CLI that join parsers, rules and reports."""
