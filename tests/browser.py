"""Debian's headless Chromium for tests: dump a page's DOM after its scripts ran, or
screenshot it.

Only ``/usr/bin/chromium`` is used (``.ci/run`` installs Debian's package); nothing is
downloaded. Every call gets a fresh profile directory and every network feature that
could reach out (background networking, component updates, sync, QUIC) is off, so a
page that tried to fetch something would simply fail to show it.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")

_FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage", "--hide-scrollbars", "--mute-audio",
)


def available() -> bool:
    """Whether Debian's Chromium is installed here."""
    return CHROMIUM.exists()


def _run(page: Path, extra: list[str], timeout: int) -> subprocess.CompletedProcess[str]:
    # headless chromium now and then never exits after writing its output (seen once in
    # 60 s on the 2-core machine under load, the same page taking 6 s alone): one retry
    # with a fresh profile, so the test fails on the page, not on a stuck browser
    for attempt in (1, 2):
        with tempfile.TemporaryDirectory(prefix="hhaudit-chromium-") as profile:
            command = [str(CHROMIUM), *_FLAGS, f"--user-data-dir={profile}", *extra,
                       Path(page).resolve().as_uri()]
            try:
                return subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False)
            except subprocess.TimeoutExpired:
                if attempt == 2:
                    raise
    raise AssertionError("unreachable")


def dump_dom(page: Path, timeout: int = 60) -> str:
    """The page's DOM serialised after load (scripts have run); RuntimeError if none."""
    done = _run(page, ["--virtual-time-budget=3000", "--dump-dom"], timeout)
    if done.returncode != 0 or "<html" not in done.stdout:
        raise RuntimeError(f"chromium --dump-dom failed ({done.returncode}): {done.stderr[-2000:]}")
    return done.stdout


def screenshot(page: Path, png: Path, size: tuple[int, int] = (1280, 1600),
               timeout: int = 60) -> Path:
    """Write a PNG of the page at ``size`` (width, height) to ``png``."""
    done = _run(page, ["--virtual-time-budget=3000", f"--screenshot={Path(png).resolve()}",
                       f"--window-size={size[0]},{size[1]}"], timeout)
    if done.returncode != 0 or not Path(png).exists():
        raise RuntimeError(f"chromium --screenshot failed ({done.returncode}): {done.stderr[-2000:]}")
    return Path(png)
