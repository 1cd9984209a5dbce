"""``audit_hand``, the audit of one hand, is the reference: the lake-wide audit's bulk paths
give exactly its findings and verdicts, and ``hhaudit explain`` (text and ``--json``)
reports exactly what ``hhaudit run`` (or ``audit``) reports, hand by hand, on the corpus
and on the corpus with planted errors: each mutation of ``tests/test_mutation.py``, bets
returned as uncalled to the wrong seat, and rake taken before the flop.
"""

from __future__ import annotations

import json
import re
from dataclasses import fields
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from typer.testing import CliRunner

from audit.cli.app import app
from audit.findings import Finding
from audit.hand_audit import audit_hand
from audit.hand_rows import read_hand_rows
from audit.lake import LakeWriter, read_table
from audit.pipeline import audit_lake
from audit.policies import PolicyResolver
from audit.schema import EXPLANATION, FINDINGS, TABLES
from rules.money import format_minor
from tests.corpus import require_corpus
from tests.test_mutation import MUTATIONS, Tables

pytestmark = pytest.mark.corpus
runner = CliRunner()


def _of(hand: str) -> pl.Expr:
    return pl.col("hand_key") == hand


def _live_counts(t: Tables) -> pl.DataFrame:
    live = t["seats"].filter(pl.col("dealt_in") & pl.col("folded_street").is_null())
    return live.group_by("hand_key").agg(pl.len().alias("n_live"))


def return_to_the_wrong_seat(t: Tables, showdown: bool) -> str:
    """The first hand (by key) whose bet returned as uncalled could have gone to another
    seat that put in as much: the history returns it to that seat instead, as the parser
    would read it (the bettor keeps the whole bet in the pot, the other seat's is cut)."""
    returns = t["actions"].filter(pl.col("kind") == "uncalled_return").select("hand_key", "seat", "amount")
    candidates = (returns.join(t["seats"].select("hand_key", pl.col("seat").alias("other"), "contributed"),
                               on="hand_key")
                  .filter((pl.col("other") != pl.col("seat")) & (pl.col("contributed") >= pl.col("amount")))
                  .join(_live_counts(t), on="hand_key")
                  .filter((pl.col("n_live") >= 2) if showdown else (pl.col("n_live") == 1))
                  .sort("hand_key", "other"))
    key, bettor, amount, other = candidates.select("hand_key", "seat", "amount", "other").row(0)
    a, s = t["actions"], t["seats"]
    t["actions"] = a.with_columns(pl.when(_of(key) & (pl.col("kind") == "uncalled_return"))
                                  .then(pl.lit(other, pl.Int32)).otherwise(pl.col("seat")).alias("seat"))
    t["seats"] = s.with_columns(
        pl.when(_of(key) & (pl.col("seat") == bettor)).then(pl.col("contributed") + amount)
        .when(_of(key) & (pl.col("seat") == other)).then(pl.col("contributed") - amount)
        .otherwise(pl.col("contributed")).alias("contributed"))
    return key


def rake_before_the_flop(t: Tables, count: int) -> list[str]:
    """PokerStars cash hands won before the flop without rake: one unit of rake taken
    from the winner's pot (the pay lines and the printed rake agree)."""
    h = t["hands"]
    won = (h.filter((pl.col("platform") == "pokerstars") & ~pl.col("is_tournament") & (pl.col("rake") == 0)
                    & (pl.col("rake_source") == "printed") & pl.col("game").is_in(["holdem", "omaha", "omaha_hilo"])
                    & (pl.col("boards").list.first().list.len().fill_null(0) == 0))
           .join(_live_counts(t).filter(pl.col("n_live") == 1), on="hand_key"))
    paid = t["payouts"].filter((pl.col("source") == "pot") & (pl.col("amount") > 0))
    keys = sorted(set(won["hand_key"].to_list()) & set(paid["hand_key"].to_list()))[:count]
    assert len(keys) == count
    chosen = pl.col("hand_key").is_in(keys)
    t["hands"] = h.with_columns(pl.when(chosen).then(1).otherwise(pl.col("rake")).alias("rake"))
    first = t["payouts"].with_row_index("_i").filter(chosen & (pl.col("source") == "pot") & (pl.col("amount") > 0)
                                                     ).group_by("hand_key").agg(pl.col("_i").first())["_i"]
    t["payouts"] = (t["payouts"].with_row_index("_i").with_columns(
        pl.when(pl.col("_i").is_in(first.implode())).then(pl.col("amount") - 1).otherwise(pl.col("amount"))
        .alias("amount")).drop("_i"))
    return keys


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> dict[str, Any]:
    """``hhaudit run`` over the corpus, and a copy of its lake with errors planted
    (hand -> the kind each must be found as), audited by ``hhaudit audit``."""
    root = tmp_path_factory.mktemp("hand_audit")
    run = runner.invoke(app, ["run", *map(str, sorted(p for p in require_corpus().iterdir() if p.is_dir())),
                              "--out", str(root / "run"), "--max-quarantined", "100"])
    assert run.exit_code == 1, run.output  # the corpus anomalies (tests/corpus_accept.toml)
    lake = root / "run" / "lake"
    tables = {name: read_table(lake, name) for name in TABLES}
    planted = {key: kind for key, (_, kind) in MUTATIONS.items()}
    for mutate, _ in MUTATIONS.values():
        mutate(tables)
    planted[return_to_the_wrong_seat(tables, showdown=True)] = "uncalled_bet"
    planted[return_to_the_wrong_seat(tables, showdown=False)] = "uncalled_bet"
    planted.update(dict.fromkeys(rake_before_the_flop(tables, 2), "rake"))
    writer = LakeWriter(root / "mutated")
    for name, frame in tables.items():
        writer.add(name, frame.to_arrow())
    writer.close()
    audited = runner.invoke(app, ["audit", "--lake", str(root / "mutated"), "--out", str(root / "audit"),
                                      "--max-quarantined", "100"])
    assert audited.exit_code == 1, audited.output
    return {"lake": lake, "out": root / "run", "mutated": root / "mutated", "mutated_out": root / "audit",
            "planted": planted}


def _sort_key(row: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple((v is None, "" if v is None else v) for v in row)


def _rows(frame: pl.DataFrame) -> dict[str, list[tuple[Any, ...]]]:
    """Each hand's findings as sorted rows of every column."""
    out: dict[str, list[tuple[Any, ...]]] = {}
    for row in frame.select([c.name for c in FINDINGS.columns]).iter_rows():
        out.setdefault(row[0], []).append(row)
    return {k: sorted(v, key=_sort_key) for k, v in out.items()}


def _reference(lake: Path, policy: str | None) -> tuple[dict[str, tuple[str, str | None]], dict[str, list[tuple]]]:
    """``audit_hand`` of every hand of the lake: verdicts and findings by hand."""
    keys = read_table(lake, "hands", ["hand_key"])["hand_key"].to_list()
    resolve = PolicyResolver(policy)
    verdicts, findings = {}, {}
    for key, rows in read_hand_rows(lake, keys).items():
        audit = audit_hand(rows, resolve(rows.hand.platform))
        verdicts[key] = (audit.verdict.value, audit.reason)
        if audit.findings:
            findings[key] = sorted((tuple(f.as_dict().values()) for f in audit.findings), key=_sort_key)
    return verdicts, findings


@pytest.mark.parametrize("which", ["lake", "mutated"])
@pytest.mark.parametrize("policy", [None, "tda"])
def test_the_lake_wide_audit_finds_exactly_what_audit_hand_finds(corpus, which: str, policy: str | None) -> None:
    outcome = audit_lake(corpus[which], policy=policy)
    verdicts, findings = _reference(corpus[which], policy)
    assert dict(outcome.verdicts.select("hand_key", pl.struct("verdict", "reason")).iter_rows()) == {
        k: {"verdict": v, "reason": r} for k, (v, r) in verdicts.items()}
    assert _rows(outcome.findings) == findings
    assert len(verdicts) > 400 and sum(map(len, findings.values())) >= 7


def test_every_planted_error_is_found_as_its_kind(corpus) -> None:
    _, findings = _reference(corpus["mutated"], None)
    _, before = _reference(corpus["lake"], None)
    kind = [c.name for c in FINDINGS.columns].index("kind")
    for key, planted in corpus["planted"].items():
        assert key not in before, key
        assert planted in {row[kind] for row in findings.get(key, [])}, key
    assert len(corpus["planted"]) == len(MUTATIONS) + 4
    assert {k: v for k, v in findings.items() if k not in corpus["planted"]} == before


def test_the_planted_lake_differs_from_the_corpus_only_in_the_planted_hands(corpus) -> None:
    planted = pl.Series(list(corpus["planted"]), dtype=pl.Utf8).implode()
    for name in ("hands", "seats", "actions", "payouts"):
        rows = [sorted(read_table(corpus[which], name).filter(~pl.col("hand_key").is_in(planted))
                       .hash_rows().to_list()) for which in ("lake", "mutated")]
        assert rows[0] == rows[1] and len(rows[0]) > 400, name


def test_a_finding_has_exactly_the_declared_columns() -> None:
    assert [f.name for f in fields(Finding)] == [c.name for c in FINDINGS.columns]


# ----------------------------------------------------------------------------- explain


_FINDING_LINE = re.compile(r"^  (\w+): (seat (\d+)[^:(]*|hand)(?: \(([^)]*)\))?: recorded (\S+), expected (\S+), "
                           r"delta (\S+)$")


def _declared_keys(explanation: dict[str, Any]) -> bool:
    """The explanation has exactly the keys ``audit.schema.EXPLANATION`` declares (those
    of a settlement only where a showdown was settled)."""
    every = [k.name for k in EXPLANATION]
    always = [k.name for k in EXPLANATION if not k.settled_only]
    return sorted(explanation) in (sorted(every), sorted(always))


def _text_findings(text: str) -> tuple[str, list[tuple[Any, ...]]]:
    """The verdict line and the findings (kind, seat, recorded, expected, delta, detail)
    of ``hhaudit explain``'s text."""
    lines = text.splitlines()
    verdict = next(line for line in lines if line.startswith("verdict: "))
    start = next(i for i, line in enumerate(lines) if line.startswith("findings: "))
    out = []
    for i in range(start + 1, len(lines)):
        match = _FINDING_LINE.match(lines[i])
        if match:
            kind, _, seat, _, recorded, expected, delta = match.groups()
            detail = lines[i + 1].strip() if i + 1 < len(lines) and lines[i + 1].startswith("    ") else ""
            out.append((kind, int(seat) if seat else None, recorded, expected, delta, detail))
    assert len(out) == int(lines[start].split(": ")[1])
    return verdict, out


def _explained_like_run(lake: Path, out: Path, keys: list[str]) -> int:
    verdicts = {r["hand_key"]: r for r in pl.read_parquet(out / "hands.parquet").iter_rows(named=True)}
    findings: dict[str, list[dict[str, Any]]] = {}
    for f in pl.read_parquet(out / "findings.parquet").iter_rows(named=True):
        findings.setdefault(f["hand_key"], []).append(f)
    for key in keys:
        want, rows = verdicts[key], findings.get(key, [])
        as_json = runner.invoke(app, ["explain", key, "--lake", str(lake), "--json"])
        doc = json.loads(as_json.stdout)
        assert _declared_keys(doc), key
        if "showdown" in doc:  # hhaudit settle gives the settlement the explanation shows
            settled = json.loads(runner.invoke(app, ["settle"], input=json.dumps(doc["showdown"])).stdout)
            assert {k: doc[k] for k in settled if k != "policy"} == {k: v for k, v in settled.items() if k != "policy"}
            assert settled["policy"]["hash"] == doc["policy"]["hash"], key
        assert (doc["verdict"], doc["reason"]) == (want["verdict"], want["reason"]), key
        assert sorted(map(_sort_key, (tuple(f.values()) for f in doc["findings"]))) == sorted(
            map(_sort_key, (tuple(f.values()) for f in rows))), key
        assert as_json.exit_code == (1 if want["verdict"] == "findings" else 0), key
        as_text = runner.invoke(app, ["explain", key, "--lake", str(lake)])
        verdict, listed = _text_findings(as_text.stdout)
        assert verdict == f"verdict: {want['verdict']}" + (f" ({want['reason']})" if want["reason"] else ""), key
        money = [(f["kind"], f["seat"], *(format_minor(f[c], f["amount_scale"]) for c in
                                          ("recorded", "expected", "delta")), f["detail"]) for f in rows]
        assert sorted(listed, key=_sort_key) == sorted(money, key=_sort_key), key
    return len(keys)


@pytest.mark.slow
def test_explain_reports_the_findings_and_verdict_of_run_for_every_corpus_hand(corpus) -> None:
    keys = pl.read_parquet(corpus["out"] / "hands.parquet")["hand_key"].to_list()
    assert _explained_like_run(corpus["lake"], corpus["out"], keys) > 400


def test_explain_reports_the_findings_and_verdict_of_audit_for_every_planted_hand(corpus) -> None:
    # the other hands' rows are the corpus's (the test above), so are their explanations
    assert _explained_like_run(corpus["mutated"], corpus["mutated_out"], sorted(corpus["planted"])) == 11


def test_the_report_s_explanations_say_what_run_says(corpus) -> None:
    out = corpus["out"]
    explained = [json.loads(line) for line in (out / "explanations.jsonl").read_text().splitlines()]
    findings = _rows(pl.read_parquet(out / "findings.parquet"))
    verdicts = dict(pl.read_parquet(out / "hands.parquet").select("hand_key", "verdict").iter_rows())
    assert sorted(e["hand_key"] for e in explained) == sorted(findings)
    for e in explained:
        assert _declared_keys(e)
        assert e["verdict"] == verdicts[e["hand_key"]]
        assert sorted((tuple(f.values()) for f in e["findings"]), key=_sort_key) == findings[e["hand_key"]]


@pytest.mark.parametrize("unit", ["currency_minor", "tournament_chip", "blind_unit", "fixed:5"])
def test_the_bulk_odd_chip_unit_is_the_one_unit_for_gives(unit: str) -> None:
    import polars as pl

    from audit.bulk_showdowns import _units
    from audit.showdown_from_rows import unit_for
    from rules.odd_chip import get_policy

    policy = get_policy("default").with_options({"unit": unit})
    hands = pl.DataFrame({"amount_scale": [1, 100, 100, 1], "is_tournament": [True, True, False, False],
                          "small_blind": [25, 50, 5, 10], "big_blind": [50, 100, 10, 20]})
    expected = [unit_for(policy, amount_scale=r["amount_scale"], small_blind=r["small_blind"],
                         big_blind=r["big_blind"], is_tournament=r["is_tournament"]) for r in hands.iter_rows(named=True)]
    assert _units(hands, policy).tolist() == expected
    if unit == "currency_minor":  # a tournament counted in hundredths of a chip splits whole chips
        assert expected == [1, 100, 1, 1]
