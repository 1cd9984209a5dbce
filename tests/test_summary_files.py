"""Tournament summaries beside the hand histories hold no hand: `no_hands`, never the
`unrecognised` that made a night's run exit 3."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from audit.cli.app import app
from audit.lake import read_table

SAMPLE = Path(__file__).resolve().parent.parent / "sample_data" / "table-aral-2024-03-01.txt"

# written anew in each format's shape (first lines are what is recognised)
SUMMARIES = {
    "pokerstars.txt": ("PokerStars Tournament #3012345678, No Limit Hold'em\nBuy-In: $4.70/$0.30 USD\n"
                       "18 players\nTotal Prize Pool: $90.00 USD\n", "a PokerStars tournament summary"),
    "winamax.txt": ("Winamax Poker - Tournament summary : Freeroll(123456)\nBuy-In : 0€ + 0€\n"
                    "Registered players : 100\n", "a Winamax tournament summary"),
    "888.txt": ("***** Cassava Tournament Summary *****\nTournament ID: 12345678\nBuy-In: $5 + $0.50\n",
                "an 888poker tournament summary"),
    "pt4.txt": ("PokerTracker 4 Tournament Summary\nSite: Winamax\nGame: Holdem\nTournament #: 1\n",
                "a PokerTracker tournament summary"),
}


@pytest.mark.parametrize("name", sorted(SUMMARIES))
def test_a_tournament_summary_beside_the_hands_is_no_hands_and_the_run_is_not_exit_3(tmp_path, name):
    day = tmp_path / "day"
    day.mkdir()
    shutil.copy(SAMPLE, day / "table.txt")
    text, kind = SUMMARIES[name]
    (day / name).write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["ingest", str(day), "--lake", str(tmp_path / "lake"), "--json"])
    assert result.exit_code == 0, result.output
    files = {Path(r["source_file"]).name: r for r in read_table(tmp_path / "lake", "files").to_dicts()}
    assert (files[name]["status"], files[name]["message"]) == (
        "no_hands", f"{kind}, not a hand history (it holds no hand)")
    assert files["table.txt"]["status"] == "ok"
    assert json.loads(result.stdout.splitlines()[-1])["files_by_status"] == {"no_hands": 1, "ok": 1}
