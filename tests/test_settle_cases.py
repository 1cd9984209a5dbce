"""Data-driven settlement cases: one JSON file per case in ``tests/cases/settle/``.

Each file has ``input`` (the JSON of ``hhaudit settle``, contracts.md) and ``expected``:
``payouts`` (exact, every seat), or ``error`` (the exact SettlementInputError message);
optionally ``odd_chips`` (every odd chip of the hand, pots in order, runs, then halves,
with the rule that placed it), ``pots`` (amount, rake, contenders), ``uncalled``,
``house``, ``halves`` (per pot, the half names of run 1), ``awards`` (per pot, run 1's
awards summed by seat) and ``hands`` (run 1 descriptions per seat and half).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.settle import SettlementInputError, settle
from rules.showdown_json import settlement_to_json, showdown_from_json

CASES = sorted((Path(__file__).parent / "cases" / "settle").glob("*.json"))


def _all_odd_chips(result: dict) -> list[dict]:
    chips = []
    for pot in result["pots"]:
        chips += pot["odd_chips"]
        for run in pot["runs"]:
            chips += run["odd_chips"]
            for half in run["halves"]:
                chips += half["odd_chips"]
    return chips


def test_every_file_of_the_cases_folder_is_a_case():
    # a case saved under another extension would never run, and an empty glob passes nothing
    folder = Path(__file__).parent / "cases" / "settle"
    assert CASES and sorted(folder.iterdir()) == CASES


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_settle_case(path: Path) -> None:
    case = json.loads(path.read_text(encoding="utf-8"))
    expected = case["expected"]
    if "error" in expected:
        with pytest.raises(SettlementInputError) as caught:
            settle(showdown_from_json(case["input"]))
        assert str(caught.value) == expected["error"]
        return
    result = settlement_to_json(settle(showdown_from_json(case["input"])))
    assert result["payouts"] == expected["payouts"]
    paid = sum(result["payouts"].values()) + result["rake"] + result["house"]
    assert paid == sum(s["contributed"] for s in case["input"]["seats"].values())
    if "odd_chips" in expected:
        assert _all_odd_chips(result) == expected["odd_chips"]
    if "pots" in expected:
        got = [{"amount": p["amount"], "rake": p["rake"], "contenders": p["contenders"]} for p in result["pots"]]
        assert got == expected["pots"]
    if "uncalled" in expected:
        assert result["uncalled"] == expected["uncalled"]
    assert result["house"] == expected.get("house", 0)
    if "halves" in expected:
        assert [[h["half"] for h in p["runs"][0]["halves"]] for p in result["pots"]] == expected["halves"]
    if "awards" in expected:
        got_awards = []
        for pot in result["pots"]:
            summed: dict[str, int] = {}
            for half in pot["runs"][0]["halves"]:
                for seat, amount in half["awards"].items():
                    summed[seat] = summed.get(seat, 0) + amount
            got_awards.append(summed)
        assert got_awards == expected["awards"]
    for seat, halves in expected.get("hands", {}).items():
        first_run = result["hands"][seat][0]
        for half, description in halves.items():
            assert first_run[half]["description"] == description, (seat, half)
