"""Write ``sample_data/``: small generated PokerStars Omaha Hi/Lo histories for the demo,
some with deliberately wrong payouts of different kinds.

Run ``python -m bench.sample_data [FOLDER]``. The files are deterministic (same bytes on
every machine); ``PLANTED.tsv`` lists every planted error with the finding kind the audit
must report for it; it is kept in ``tests/data/`` (not beside the histories, where
ingest would count it as an unrecognised file). ``tests/test_sample_data.py`` checks both.
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

from bench.generate import PLANTED_FINDING, generate

#: (file name, seed, hands, plant an error in every Nth showdown)
FILES = (
    ("table-aral-2024-03-01.txt", 2, 150, 6),
    ("table-bering-2024-03-01.txt", 3, 150, 6),
    ("table-caspian-2024-03-01.txt.gz", 5, 150, 6),
)
REPO = Path(__file__).resolve().parent.parent
DEFAULT_FOLDER = REPO / "sample_data"
DEFAULT_KEY = REPO / "tests" / "data" / "sample_data_planted.tsv"


def build(folder: Path, key: Path | None = None) -> list[tuple[str, str, str, str]]:
    """Write the sample files into ``folder``; returns (file, hand_id, kind, finding) rows."""
    folder.mkdir(parents=True, exist_ok=True)
    planted: list[tuple[str, str, str, str]] = []
    for name, seed, hands, every in FILES:
        texts = []
        for text, plant in generate(hands, seed, plant_every=every):
            texts.append(text)
            if plant:
                planted.append((name, plant.hand_id, plant.kind, PLANTED_FINDING[plant.kind]))
        data = "".join(texts).encode("utf-8")
        if name.endswith(".gz"):
            # mtime 0 and no file name in the header: the same bytes on every machine
            data = gzip.compress(data, mtime=0)
        (folder / name).write_bytes(data)
    lines = ["file\thand_id\tplanted\tfinding"] + ["\t".join(row) for row in planted]
    (key or folder / "PLANTED.tsv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return planted


if __name__ == "__main__":
    if len(sys.argv) > 1:
        build(Path(sys.argv[1]))
    else:
        build(DEFAULT_FOLDER, DEFAULT_KEY)
