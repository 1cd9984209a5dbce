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
