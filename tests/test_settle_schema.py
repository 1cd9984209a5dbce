"""``hhaudit schema --settle``: the JSON Schema of the settle contract, generated from the
declaration (``rules.showdown_contract``) that ``rules.showdown_json`` validates with.

The schema is checked by a real JSON Schema validator (``jsonschema``) to be valid
draft 2020-12, and to agree with ``showdown_from_json`` key by key: every declared key
accepted with a value of its shape, refused with a value of another shape, every
required key missing refused, every other key refused, by both.
"""

from __future__ import annotations

import json

import jsonschema
import pytest
from typer.testing import CliRunner

from audit.cli.app import app
from rules.settle import SettlementInputError
from rules.showdown_contract import SEAT_KEYS, SHOWDOWN_KEYS, json_schema
from rules.showdown_json import showdown_from_json

VALID = {
    "game": "omaha_hilo", "board": ["Ac", "3d", "6h", "Ks", "Kd"],
    "seats": {"1": {"cards": ["2c", "4d", "Qc", "Jd"], "contributed": 600, "folded": False, "mucked": False,
                    "cashed_out": False, "dead": 0},
              "4": {"cards": ["Kh", "Kc", "5c", "7d"], "contributed": 600}},
    "button": 4, "rake": [0], "unit": 1, "policy": {"base": "pokerstars", "multi_remainder": "all_to_first"},
}
#: a value of each shape, and one of another shape
GOOD = {"game": "holdem", "cards": ["Ah", "Kd"], "boards": [["Ac", "3d", "6h", "Ks", "Kd"]], "rake": 3,
        "integer": 2, "boolean": True, "policy": "tda", "seats": {"2": {"contributed": 5}}}
BAD = {"game": 7, "cards": "AhKd", "boards": [], "rake": "3", "integer": "2", "boolean": 1, "policy": 5,
       "seats": []}

validator = jsonschema.Draft202012Validator(json_schema())


def _ours_accepts(data) -> bool:
    try:
        showdown_from_json(data)
    except SettlementInputError:
        return False
    return True


def test_the_schema_is_valid_draft_2020_12_and_accepts_the_worked_example() -> None:
    jsonschema.Draft202012Validator.check_schema(json_schema())
    assert validator.is_valid(VALID) and _ours_accepts(VALID)


def test_the_cli_prints_the_generated_schema() -> None:
    result = CliRunner().invoke(app, ["schema", "--settle"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == json_schema()


@pytest.mark.parametrize("key", SHOWDOWN_KEYS, ids=lambda k: k.name)
def test_each_showdown_key_agrees_with_the_validator(key) -> None:
    base = {k: v for k, v in VALID.items() if k not in ("board", "boards")} | {"board": VALID["board"]}
    if key.name == "boards":
        base.pop("board")
    good = base | {key.name: GOOD[key.shape]}
    bad = base | {key.name: BAD[key.shape]}
    assert (validator.is_valid(good), _ours_accepts(good)) == (True, True)
    assert (validator.is_valid(bad), _ours_accepts(bad)) == (False, False)
    missing = {k: v for k, v in base.items() if k != key.name}
    assert validator.is_valid(missing) == _ours_accepts(missing) == (not key.required)


@pytest.mark.parametrize("key", SEAT_KEYS, ids=lambda k: k.name)
def test_each_seat_key_agrees_with_the_validator(key) -> None:
    seat = dict(VALID["seats"]["1"])
    for value, expected in ((GOOD[key.shape], True), (BAD[key.shape], False)):
        data = VALID | {"seats": VALID["seats"] | {"1": seat | {key.name: value}}}
        assert (validator.is_valid(data), _ours_accepts(data)) == (expected, expected)
    data = VALID | {"seats": VALID["seats"] | {"1": {k: v for k, v in seat.items() if k != key.name}}}
    assert validator.is_valid(data) == _ours_accepts(data) == (not key.required)


@pytest.mark.parametrize("data", [
    VALID | {"colour": 1},
    VALID | {"seats": {"1": {"contributed": 5, "chips": 1}}},
    VALID | {"seats": {"one": {"contributed": 5}}},
    VALID | {"boards": [VALID["board"]]},  # board and boards together
    VALID | {"policy": {"multi_remainder": "all"}},
    VALID | {"policy": "nosuch"},
], ids=["unknown key", "unknown seat key", "seat not a number", "board and boards", "bad option", "bad profile"])
def test_what_the_validator_refuses_the_schema_refuses(data) -> None:
    assert (validator.is_valid(data), _ours_accepts(data)) == (False, False)
