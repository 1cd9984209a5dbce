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
from tests.test_parser_pkr import HAND as PKR_HAND

SAMPLE = Path(__file__).resolve().parent.parent / "sample_data" / "table-aral-2024-03-01.txt"

# written anew in each format's shape (first lines are what is recognised)
SUMMARIES = {
    "pokerstars.txt": ("PokerStars Tournament #3012345678, No Limit Hold'em\nBuy-In: $4.70/$0.30 USD\n"
                       "18 players\nTotal Prize Pool: $90.00 USD\n", "a PokerStars tournament summary"),
    "winamax.txt": ("Winamax Poker - Tournament summary : Freeroll(123456)\nBuy-In : 0€ + 0€\n"
                    "Registered players : 100\n", "a Winamax tournament summary"),
    "888.txt": ("***** Cassava Tournament Summary *****\nTournament ID: 12345678\nBuy-In: $5 + $0.50\n",
                "an 888poker tournament summary"),
    "fulltilt.txt": ("Full Tilt Poker Tournament Summary $5 Turbo (200123456) Hold'em No Limit\n"
                     "Buy-In: $4.75 + $0.25\nBuy-In Chips: 1500\n6 Entries\n", "a Full Tilt tournament summary"),
    "fulltilt-fr.txt": ("Full Tilt Poker.fr Tournament Summary Soirée Euro (201987654) Hold'em No Limit\n"
                        "Buy-In: €2 + €0.20\nBuy-In Chips: 2000\n45 Entries\n", "a Full Tilt tournament summary"),
    "fulltilt-play.txt": ("Full Tilt Tournament #1500000001, No Limit Hold'em\nBuy-In: 870/130\n"
                          "Total Prize Pool: 5220\n", "a Full Tilt tournament summary"),
    "runitonce.txt": ("Run It Once Poker Tournament #150001, Cubed SNG No Limit Hold 'Em\nBuy-In: €5.00\n"
                      "You finished in 2nd place (eliminated at hand #55000001).\n", "a Run It Once tournament summary"),
    # a copy that kept a control byte before the first line
    "pokerstars-0x10.txt": ("\x10PokerStars Tournament #300000001, No Limit Hold'em\nBuy-In: $2.00/$0.20 USD\n",
                            "a PokerStars tournament summary"),
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


def test_a_full_tilt_summary_saved_as_utf16_is_no_hands(tmp_path):
    text, kind = SUMMARIES["fulltilt.txt"]
    day = tmp_path / "day"
    day.mkdir()
    shutil.copy(SAMPLE, day / "table.txt")
    (day / "summary.txt").write_bytes(text.replace("\n", "\r\n").encode("utf-16"))
    result = CliRunner().invoke(app, ["ingest", str(day), "--lake", str(tmp_path / "lake")])
    assert result.exit_code == 0, result.output
    files = {Path(r["source_file"]).name: r for r in read_table(tmp_path / "lake", "files").to_dicts()}
    row = files["summary.txt"]
    assert (row["encoding"], row["status"], row["message"]) == ("utf-16-le-bom", "no_hands", f"{kind}, not a hand history (it holds no hand)")




def test_a_file_that_starts_inside_a_hand_keeps_the_hands_after_the_cut(tmp_path):
    # a log copied from the middle of a session: the end of a hand, then whole hands;
    # once the whole file was unrecognised and every hand in it lost
    tail = "Alpha checks\nPot sizes: $2\nAlpha wins $2\nSeat 1: Alpha - $269.17\nEnd of Hand #2433310632\n\n"
    (tmp_path / "cut.txt").write_text(tail + PKR_HAND, encoding="utf-8")
    result = CliRunner().invoke(app, ["ingest", str(tmp_path / "cut.txt"), "--lake", str(tmp_path / "lake")])
    [row] = read_table(tmp_path / "lake", "files").to_dicts()
    assert (row["status"], row["format"], row["hands_found"], row["hands_parsed"], row["hands_quarantined"]) == (
        "ok", "pkr", 2, 1, 1)
    [cut] = read_table(tmp_path / "lake", "quarantine").to_dicts()
    assert (cut["reason"], cut["message"], cut["source_offset"], cut["raw_text"]) == (
        "truncated", "the text opens inside a hand, without its header: 'Alpha checks'", 0, tail)
    [hand] = read_table(tmp_path / "lake", "hands").to_dicts()
    assert hand["hand_id"] == "2433310836" and result.exit_code == 3, result.output
