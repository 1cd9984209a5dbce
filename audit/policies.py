"""Which odd-chip policy audits each platform's hands."""

from __future__ import annotations

from pathlib import Path

from rules.odd_chip import Policy, get_policy, load_profile_file, profile_names


class PolicyResolver:
    """The policy for each platform: its own profile, or one forced for the whole run
    (a profile name, or a ``.toml`` profile file)."""

    def __init__(self, forced: str | None = None) -> None:
        self.forced: Policy | None = None
        if forced:
            self.forced = load_profile_file(Path(forced)) if forced.endswith(".toml") else get_policy(forced)
        self._cache: dict[str, Policy] = {}
        self._known = set(profile_names())

    def __call__(self, platform: str) -> Policy:
        if self.forced is not None:
            return self.forced
        if platform not in self._cache:
            self._cache[platform] = get_policy(platform if platform in self._known else "default")
        return self._cache[platform]

    def used(self) -> dict[str, Policy]:
        """The platforms' own policies looked up so far."""
        return dict(self._cache)
