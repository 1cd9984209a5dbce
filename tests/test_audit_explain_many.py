"""Explanations of many hands read the lake once, and say what one hand's explanation says."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import audit.explanation as explanation
import audit.hand_rows as hand_rows
from audit.ingest import ingest
from audit.explanation import HandNotFound, explain_hand, explain_hands
from audit.pipeline import audit_lake

SAMPLE = Path(__file__).resolve().parent.parent / "sample_data"


@pytest.fixture(scope="module")
def lake(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("explain") / "lake"
    ingest([SAMPLE], root)
    return root


def test_many_explanations_read_each_table_once(lake: Path, monkeypatch) -> None:
    keys = audit_lake(lake).findings["hand_key"].unique(maintain_order=True).to_list()
    assert len(keys) > 20
    singles = [json.dumps(explain_hand(lake, k), default=str) for k in keys]
    reads: list[str] = []

    def counting(real):
        def read(root, table, *args, **kwargs):
            reads.append(table)
            return real(root, table, *args, **kwargs)
        return read

    monkeypatch.setattr(hand_rows, "read_table", counting(hand_rows.read_table))
    monkeypatch.setattr(hand_rows, "scan_table", counting(hand_rows.scan_table))
    many = [json.dumps(e, default=str) for e in explain_hands(lake, keys)]
    assert sorted(reads) == ["actions", "hands", "payouts", "seats"]
    assert many == singles
    assert {json.loads(e)["verdict"] for e in many} == {"findings"}


def test_a_missing_hand_is_named(lake: Path) -> None:
    with pytest.raises(HandNotFound, match=r"no hand 'pokerstars:1' in the lake .*\(give PLATFORM:HAND_ID"):
        list(explain_hands(lake, ["pokerstars:1"]))


def test_worker_processes_explain_exactly_like_one_process(lake: Path, monkeypatch) -> None:
    import multiprocessing

    keys = audit_lake(lake).verdicts["hand_key"].to_list()[:120]  # showdowns and uncontested hands
    one = [json.dumps(e, default=str) for e in explain_hands(lake, keys, workers=1)]
    contexts: list[str] = []
    real = multiprocessing.get_context
    monkeypatch.setattr(multiprocessing, "get_context", lambda method=None: contexts.append(method) or real(method))
    monkeypatch.setattr(explanation, "EXPLAIN_PARALLEL_FROM", 5)
    two = [json.dumps(e, default=str) for e in explain_hands(lake, keys, workers=2)]
    assert contexts == ["fork"]
    assert two == one and len(one) == 120
    uncontested = sum('"note": "uncontested"' in e for e in one)
    assert 0 < uncontested < 120  # both paths: showdowns in the workers, the rest here
