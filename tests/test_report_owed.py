"""Who is owed what (issue 16): ``hhaudit report OUT --by ...`` and ``--format players-owed``
reconcile with ``findings.parquet`` to the unit, on the demo's planted errors."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import polars as pl
import pytest

from audit.jobs import run_job
from audit.report_job import ReportFormat, report_job
from bench.sample_data import DEFAULT_FOLDER, DEFAULT_KEY
from reports.owed import GroupBy


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("owed") / "out"
    run_job([DEFAULT_FOLDER], out)
    return out


def _csv(text: str | None) -> list[dict[str, str]]:
    assert text is not None
    return list(csv.DictReader(io.StringIO(text)))


def test_by_player_reconciles_with_findings_to_the_unit(demo: Path) -> None:
    findings = pl.read_parquet(demo / "findings.parquet")
    rows = _csv(report_job(demo, ReportFormat.CSV, by=GroupBy.PLAYER).text)
    assert {r["currency"] for r in rows} == {"USD"} and {r["amount_scale"] for r in rows} == {"100"}
    underpaid = sum(int(r["underpaid"]) for r in rows)
    overpaid = sum(int(r["overpaid"]) for r in rows)
    assert underpaid == -findings.filter(pl.col("delta") < 0)["delta"].sum() == 12704
    assert overpaid == findings.filter(pl.col("delta") > 0)["delta"].sum() == 4447
    assert sum(int(r["net"]) for r in rows) == findings["delta"].sum() == -8257
    for r in rows:
        mine = findings.filter((pl.col("player") == r["player"]) & (pl.col("platform") == r["platform"]))
        assert int(r["net"]) == mine["delta"].sum(), r["player"]
        assert (int(r["findings"]), int(r["hands"])) == (mine.height, mine["hand_key"].n_unique())


def test_players_owed_lists_each_net_underpayment_with_the_hands_behind_it(demo: Path) -> None:
    findings = pl.read_parquet(demo / "findings.parquet")
    rows = _csv(report_job(demo, ReportFormat.PLAYERS_OWED).text)
    nets = findings.group_by("player").agg(pl.col("delta").sum(), pl.col("hand_key").unique().sort())
    owed = {p: (-d, keys) for p, d, keys in nets.rows() if d < 0}
    assert {r["player"]: int(r["owed"]) for r in rows} == {p: v for p, (v, _) in owed.items()}
    lowlow = next(r for r in rows if r["player"] == "LowLow")
    assert (lowlow["owed"], lowlow["owed_text"], lowlow["currency"]) == ("4566", "45.66", "USD")
    for r in rows:
        listed = [h.split(" (")[0] for h in r["hands"].split("; ")]
        assert listed == owed[r["player"]][1], r["player"]
    # the hands behind the lines are planted ones; the only planted hands behind no line
    # are two whose underpaid seats are, over the day, net winners of findings
    with open(DEFAULT_KEY, newline="") as f:
        planted = {f"pokerstars:{row['hand_id']}" for row in csv.DictReader(f, delimiter="\t")}
    behind = {h.split(" (")[0] for r in rows for h in r["hands"].split("; ")}
    assert behind <= planted
    assert planted - behind == {"pokerstars:250020001714", "pokerstars:250050003565"}
    assert {p for p, in findings.filter(pl.col("hand_key").is_in(list(planted - behind))
                                        & (pl.col("delta") < 0)).select("player").rows()} == {"Hero", "fish 22"}
    assert {r["player"] for r in rows}.isdisjoint({"Hero", "fish 22"})


def test_by_day_table_and_platform_sum_to_the_same_totals(demo: Path) -> None:
    totals = []
    for by in (GroupBy.DAY, GroupBy.TABLE, GroupBy.PLATFORM):
        rows = _csv(report_job(demo, ReportFormat.CSV, by=by).text)
        totals.append(tuple(sum(int(r[c]) for r in rows) for c in ("underpaid", "overpaid", "net")))
    assert totals == [(12704, 4447, -8257)] * 3
    day = _csv(report_job(demo, ReportFormat.CSV, by=GroupBy.DAY).text)
    assert [(r["hand_date"], r["hands"]) for r in day] == [("2024-03-01", "41")]
    text = report_job(demo, by=GroupBy.PLATFORM).text
    assert text == ("by platform (USD)\n"
                    "platform    underpaid  overpaid     net  findings  hands\n"
                    "pokerstars     127.04     44.47  -82.57        73     41\n")


def test_html_report_states_what_was_audited_the_period_policies_and_ingest_health(demo: Path) -> None:
    html = (demo / "report.html").read_text(encoding="utf-8")
    assert "<title>hhaudit report: 450 hands of pokerstars, 2024-03-01 to 2024-03-01</title>" not in html
    assert "<h1>hhaudit report: 450 hands of pokerstars, 2024-03-01</h1>" in html
    assert "<b id='period'>2024-03-01 to 2024-03-01</b>" in html
    assert "<ul id='policies'><li>pokerstars: pokerstars (hash " in html
    assert "<b id='quarantined'>0</b> hands quarantined (not audited); <b id='bad-files'>0</b> of 3 files" in html
    assert html.index('id="scope"') < html.index('id="summary"')
    again = report_job(demo, ReportFormat.HTML).text
    assert again is not None and "<b id='period'>2024-03-01 to 2024-03-01</b>" in again


def test_explain_of_a_flagged_demo_hand_recalls_the_game(demo: Path) -> None:
    from typer.testing import CliRunner

    from audit.cli.app import app

    result = CliRunner().invoke(app, ["explain", "pokerstars:250020000205", "--lake", str(demo / "lake")])
    assert result.exit_code == 1, result.output
    text = result.stdout
    for line in ("dealt 2024/03/01 12:10:51 ET (2024-03-01 17:10:51+00:00 UTC) at table Synthetic 2 (6 seats)",
                 "stakes: pot limit, blinds 0.50/1.00",
                 f"source: {DEFAULT_FOLDER}/table-aral-2024-03-01.txt at byte offset 8833",
                 "rake not checked against a schedule: no pokerstars rake schedule in force on 2024-03-01",
                 "  stacks: seat 1 Hero 63.85, seat 2 xX_Ace_Xx 22.50, seat 3 LowLow 131.91, "
                 "seat 4 Tilted Tom 20.00, seat 5 Bob [NL] 20.00",
                 "    seat 4 Tilted Tom post small blind 0.50  [stack 19.50]",
                 "    seat 5 Bob [NL] bet 3.10  [stack 15.90]",
                 "    seat 1 Hero call 3.10  [stack 59.75]",
                 "pay lines as printed", "  Bob [NL] collected $6.08 from pot"):
        assert line + "\n" in text, line
    assert text.index("as played") < text.index("pay lines as printed") < text.index("\npots\n")
    redacted = CliRunner().invoke(app, ["explain", "pokerstars:250020000205", "--lake", str(demo / "lake"),
                                        "--redact"])
    assert "Bob [NL]" not in redacted.stdout and "Tilted Tom" not in redacted.stdout
    assert "a random key was used" in redacted.stderr


def test_explain_of_a_quarantined_hand_shows_its_reason_and_raw_text(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from audit.cli.app import app
    from audit.jobs import ingest_job

    source = Path(__file__).parent / "data" / "pokerstars" / "bad_amount.txt"
    ingest_job([source], tmp_path / "lake")
    result = CliRunner().invoke(app, ["explain", "pokerstars:100000000002", "--lake", str(tmp_path / "lake")])
    assert result.exit_code == 3, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == ("hand pokerstars:100000000002 is quarantined: the lake holds it only as raw text, "
                        "not audited")
    assert lines[2].startswith("reason: bad_amount: ")
    assert lines[3] == f"source: {source} at byte offset 0"
    assert lines[5] == ("  PokerStars Hand #100000000002:  Omaha Hi/Lo Pot Limit ($0.05/$0.10 USD) - "
                        "2014/01/06 4:58:10 ET")
    redacted = CliRunner().invoke(app, ["explain", "pokerstars:100000000002", "--lake", str(tmp_path / "lake"),
                                        "--redact"])
    assert "Alice" in result.stdout and "Alice" not in redacted.stdout
    assert redacted.stdout.splitlines()[4].startswith("raw text withheld (--redact")
    missing = CliRunner().invoke(app, ["explain", "pokerstars:1", "--lake", str(tmp_path / "lake")])
    assert missing.exit_code == 2 and "no hand 'pokerstars:1' in the lake" in missing.stderr


def test_chips_are_summed_per_tournament_never_with_money_or_each_other() -> None:
    from reports.owed import by_group, players_owed
    from reports.summary import conform_findings

    findings = conform_findings(pl.DataFrame({
        "hand_key": ["ps:1", "ps:1", "ps:2", "ps:3", "ps:4"], "platform": "pokerstars", "game": "holdem",
        "seat": [1, 2, 1, 1, None], "player": ["Ann", "Bo", "Ann", "Ann", None],
        "delta": [-300, 300, -50, -7, 5], "amount_scale": [1, 1, 1, 100, 100],
        "currency": [None, None, None, "USD", "USD"], "tournament_id": ["11", "11", "12", None, None],
        "kind": ["wrong_winner", "wrong_winner", "not_conserved", "odd_chip", "rake"]}))
    rows = (by_group(findings, GroupBy.PLAYER)
            .select("player", "currency", "pool", "underpaid", "overpaid", "net").rows())
    assert rows == [("(no seat: rake and fees)", "USD", None, 0, 5, 5), ("Ann", "USD", None, 7, 0, -7),
                    ("Ann", None, "pokerstars tournament 11", 300, 0, -300),
                    ("Bo", None, "pokerstars tournament 11", 0, 300, 300),
                    ("Ann", None, "pokerstars tournament 12", 50, 0, -50)]
    owed = players_owed(findings).select("player", "pool", "owed", "owed_text", "hands").rows()
    assert owed == [("Ann", None, 7, "0.07", "ps:3 (-7)"),
                    ("Ann", "pokerstars tournament 11", 300, "300", "ps:1 (-300)"),
                    ("Ann", "pokerstars tournament 12", 50, "50", "ps:2 (-50)")]
