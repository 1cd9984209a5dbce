"""Files written whole or not at all: under a temporary name beside the target, renamed.

Every output, manifest and lake state file goes through ``atomic_output``: a reader never
sees half a file, and a killed writer leaves only a ``.NAME.XXXXXXXX.tmp`` that the next
run removes (``audit.outputs``) or that no reader ever opens.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def atomic_output(path: Path) -> Iterator[Path]:
    """A temporary path beside ``path`` to write to, renamed onto ``path`` when the block
    ends without error, removed otherwise. The folder must exist (an output folder the
    user named is checked, never made up)."""
    path = Path(path)
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex[:8]}.tmp")
    try:
        yield tmp
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
