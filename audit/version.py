"""hhaudit's own version, from the package metadata: kept apart from ``audit.outputs`` so
that ``hhaudit --version`` imports no data library (polars, pyarrow)."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version


def tool_version() -> str:
    """The installed hhaudit's version, from the package metadata (``pyproject.toml``)."""
    try:
        return version("hhaudit")
    except PackageNotFoundError:  # imported from a source tree that was never installed
        return "0+unknown"
