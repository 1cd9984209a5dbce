"""hhaudit audit, run and explain, run as a user would: exit codes and exact outputs."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from audit.cli.app import app
from tests.corpus import corpus_file

runner = CliRunner()
QUARTERED = "PokerStars/OmahaHiLo/PLO8-9max-USD-STT-5.00-200505.hero.quartered.txt"
FOUR_WAY = "PokerStars/Holdem/NLHE-9max-USD-0.25-0.50-200801.4.way.split.unequal.rake.txt"


# The factory default's odd unit is the cent, so the 2008 four-way tie that PokerStars paid
# in $0.05 units (its own profile's smallest chip in play explains it) is a finding here.
@pytest.fixture(scope="module")
def corpus_run(tmp_path_factory) -> tuple[Path, object]:
    out = tmp_path_factory.mktemp("run") / "out"
    result = runner.invoke(app, ["run", str(corpus_file(QUARTERED)), str(corpus_file(FOUR_WAY)), "--out", str(out),
                                 "--policy", "default"])
    return out, result


def test_run_writes_every_output_and_ends_with_the_json_counts(corpus_run) -> None:
    out, result = corpus_run
    assert result.exit_code == 1  # the 2008 four-way tie paid in $0.05 units
    assert sorted(p.name for p in out.iterdir()) == [
        "explanations.jsonl", "findings.parquet", "hands.parquet", "lake", "manifest.json", "report.html"]
    last = json.loads(result.stdout.strip().splitlines()[-1])
    assert last == {"files": 2, "hands_found": 2, "parsed": 2, "quarantined": 0, "duplicates": 0,
                    "bad_files": 0, "audited": 2, "clean": 1, "findings": 1,
                    "findings_by_kind": {"odd_chip": 4}, "finding_rows": 4, "findings_accepted": 0,
                    "unverifiable": 0, "relative_only": 0}
    findings = pl.read_parquet(out / "findings.parquet").sort("seat")
    assert findings.select("hand_key", "seat", "recorded", "expected", "delta", "kind").rows() == [
        ("pokerstars:14402833808", 2, 45, 47, -2, "odd_chip"),
        ("pokerstars:14402833808", 7, 45, 47, -2, "odd_chip"),
        ("pokerstars:14402833808", 8, 50, 48, 2, "odd_chip"),
        ("pokerstars:14402833808", 9, 50, 48, 2, "odd_chip"),
    ]
    hands = pl.read_parquet(out / "hands.parquet").sort("hand_key")
    assert hands.select("hand_key", "verdict", "policy").rows() == [
        ("pokerstars:14402833808", "findings", "default"),
        ("pokerstars:1676150046", "clean", "default"),
    ]
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["schema_version"] == "1"
    assert set(manifest["policies"]) == {"*"}  # one profile forced for every platform
    assert [o["file"] for o in manifest["outputs"]] == [
        "findings.parquet", "hands.parquet", "report.html", "explanations.jsonl"]
    assert len(manifest["inputs"]) == 2 and all(len(i["sha256"]) == 64 for i in manifest["inputs"])


def test_run_refuses_a_non_empty_out_without_overwrite(corpus_run) -> None:
    out, _ = corpus_run
    result = runner.invoke(app, ["run", str(corpus_file(QUARTERED)), "--out", str(out)])
    assert result.exit_code == 2
    assert result.stderr == f"hhaudit: {out} is not empty (use --overwrite to replace its contents)\n"


def test_accepted_findings_do_not_fail_the_run(tmp_path: Path) -> None:
    accept = tmp_path / "accept.csv"
    accept.write_text("hand_key,kind,reason\npokerstars:14402833808,odd_chip,2008: $0.05 units\n")
    out = tmp_path / "out"
    result = runner.invoke(app, ["run", str(corpus_file(FOUR_WAY)), "--out", str(out), "--accept", str(accept),
                                 "--policy", "default"])
    assert result.exit_code == 0
    findings = pl.read_parquet(out / "findings.parquet")
    assert findings.select("accepted", "accept_reason").unique().rows() == [(True, "2008: $0.05 units")]


def test_a_bad_accept_file_is_a_usage_error(tmp_path: Path) -> None:
    accept = tmp_path / "accept.csv"
    accept.write_text("hand_key,kind,reason\npokerstars:1,not_a_kind,x\n")
    result = runner.invoke(app, ["run", str(corpus_file(FOUR_WAY)), "--out", str(tmp_path / "o"), "--accept", str(accept)])
    assert result.exit_code == 2
    assert "entry 1 needs hand_key, a finding kind" in result.stderr


def test_audit_of_a_lake_and_a_forced_policy(corpus_run, tmp_path: Path) -> None:
    out, _ = corpus_run
    result = runner.invoke(app, ["audit", "--lake", str(out / "lake"), "--out", str(tmp_path / "a"),
                                 "--policy", "tda"])
    # TDA breaks odd chips into the smallest denomination in play: the 2008 four-way tie
    # paid in $0.05 units, a finding under PokerStars' cent, is what TDA's rule pays
    assert result.exit_code == 0
    hands = pl.read_parquet(tmp_path / "a" / "hands.parquet")
    assert hands["policy"].unique().to_list() == ["tda"]
    assert hands.filter(pl.col("hand_key") == "pokerstars:14402833808").select("verdict", "reason").rows() == [(
        "clean", "odd-chip unit the smallest chip in play: USD 0.05, which every amount of the hand is counted in, "
        "explains the payouts")]
    unknown = runner.invoke(app, ["audit", "--lake", str(out / "lake"), "--out", str(tmp_path / "b"),
                                  "--policy", "no-such-profile"])
    assert unknown.exit_code == 2
    assert unknown.stderr.startswith("hhaudit: unknown policy or profile:")
    not_a_lake = runner.invoke(app, ["audit", "--lake", str(tmp_path), "--out", str(tmp_path / "c")])
    assert not_a_lake.exit_code == 2
    assert not_a_lake.stderr == f"hhaudit: {tmp_path} is not a lake (no hands table); run hhaudit ingest first\n"


def test_explain_names_the_odd_chip_rules_and_draws_a_picture(corpus_run, tmp_path: Path) -> None:
    out, _ = corpus_run
    picture = tmp_path / "hand.html"
    result = runner.invoke(app, ["explain", "pokerstars:1676150046", "--lake", str(out / "lake"),
                                 "--html", str(picture)])
    assert result.exit_code == 0
    text = result.stdout
    assert "  seat 6 Player5 low: 5,4,3,2,A: 5c 4d 3d 2d As (hole 4d 2d, board 5c 3d As)\n" in text
    assert "    high half 2383: seat 3 Player2 2383\n" in text
    assert "    low half 43: tie, seat 6 Player5 22, seat 9 Hero 21\n" in text
    assert "odd unit 1 to seat 6 Player5: tie_order_button=left_of_button" in text
    assert "  seat 9 Hero: recorded 1255, expected 1255  delta 0\n" in text
    page = picture.read_text()
    assert page.startswith("<!DOCTYPE html>") and "<svg" in page


def test_explain_json_and_a_missing_hand(corpus_run) -> None:
    out, _ = corpus_run
    result = runner.invoke(app, ["explain", "pokerstars:14402833808", "--lake", str(out / "lake"), "--json",
                                 "--policy", "default"])
    assert result.exit_code == 1  # the hand has findings
    doc = json.loads(result.stdout)
    assert doc["expected"] == {"1": 0, "2": 47, "3": 0, "4": 0, "5": 0, "6": 0, "7": 47, "8": 48, "9": 48}
    assert doc["recorded"] == {"1": 0, "2": 45, "3": 0, "4": 0, "5": 0, "6": 0, "7": 45, "8": 50, "9": 50}
    assert [f["kind"] for f in doc["findings"]] == ["odd_chip"] * 4
    missing = runner.invoke(app, ["explain", "pokerstars:1", "--lake", str(out / "lake")])
    assert missing.exit_code == 2
    assert missing.stderr.startswith("hhaudit: no hand 'pokerstars:1' in the lake")
    malformed = runner.invoke(app, ["explain", "1676150046", "--lake", str(out / "lake")])
    assert malformed.exit_code == 2
    assert malformed.stderr == "hhaudit: give the hand as PLATFORM:HAND_ID, not '1676150046'\n"


def test_a_toml_profile_with_a_five_cent_unit_explains_the_2008_split(tmp_path: Path) -> None:
    lake = tmp_path / "lake"
    assert runner.invoke(app, ["ingest", str(corpus_file(FOUR_WAY)), "--lake", str(lake)]).exit_code == 0
    profile = tmp_path / "stars-2008.toml"
    profile.write_text('base = "pokerstars"\nunit = "fixed:5"\n')
    result = runner.invoke(app, ["audit", "--lake", str(lake), "--out", str(tmp_path / "a"), "--policy", str(profile)])
    assert result.exit_code == 0
    hands = pl.read_parquet(tmp_path / "a" / "hands.parquet")
    assert hands.select("hand_key", "verdict", "policy").rows() == [("pokerstars:14402833808", "clean", "stars-2008")]
    manifest = json.loads((tmp_path / "a" / "manifest.json").read_text())
    assert manifest["policies"]["*"]["options"]["unit"] == "fixed:5"


def test_pokerstars_profile_reads_the_2008_split_in_the_smallest_chip_in_play(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = runner.invoke(app, ["run", str(corpus_file(FOUR_WAY)), "--out", str(out)])
    assert result.exit_code == 0
    hands = pl.read_parquet(out / "hands.parquet")
    assert hands.select("hand_key", "verdict", "reason", "policy").rows() == [(
        "pokerstars:14402833808", "clean", "odd-chip unit the smallest chip in play: USD 0.05, which every amount "
        "of the hand is counted in, explains the payouts", "pokerstars")]
