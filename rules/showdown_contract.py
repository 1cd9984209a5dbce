"""The input of ``hhaudit settle`` (contracts.md), declared once: the keys
:mod:`rules.showdown_json` accepts, and the JSON Schema published from them.

Each key is a :class:`Key`: its name, the JSON shape of its value (one of
:data:`SHAPES`) and whether it is required. ``showdown_json`` refuses any other key and
any missing required one from these declarations; :func:`json_schema` turns the same
declarations into a JSON Schema (draft 2020-12), with the games, profile names and
policy options filled in from :mod:`rules.vocab` and :mod:`rules.odd_chip`.

>>> [k.name for k in SHOWDOWN_KEYS if k.required]
['game', 'seats']
>>> schema = json_schema()
>>> sorted(schema["properties"]["seats"]["additionalProperties"]["properties"])
['cards', 'cashed_out', 'contributed', 'dead', 'folded', 'mucked', 'run_cards']
>>> schema["properties"]["seats"]["additionalProperties"]["required"]
['contributed']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.odd_chip import OPTION_VALUES, UNIT_SYMBOLS, option_names, profile_names
from rules.vocab import Game


@dataclass(frozen=True)
class Key:
    """One key of a JSON object of the contract."""

    name: str
    shape: str
    doc: str
    required: bool = False


SHOWDOWN_KEYS: tuple[Key, ...] = (
    Key("game", "game", "the game, as `hhaudit games` lists it", required=True),
    Key("board", "cards", "the board (one run); stud: at most one shared card; draw games: none"),
    Key("boards", "boards", "one board per run (or the two boards of a two-board game); not with board"),
    Key("seats", "seats", "seat number as text -> seat", required=True),
    Key("button", "integer", "the button's seat number (ignored in stud)"),
    Key("rake", "rake", "rake and fees taken before the split: a total, or one amount per pot, main first"),
    Key("unit", "integer", "the odd chip in minor units (default: the policy's fixed unit, else 1)"),
    Key("policy", "policy", "a profile name, or an object of options with an optional base profile"),
)
SEAT_KEYS: tuple[Key, ...] = (
    Key("cards", "cards", "the seat's cards (empty: unknown)"),
    Key("contributed", "integer", "minor units the seat put in, after uncalled returns", required=True),
    Key("folded", "boolean", "the seat folded"),
    Key("mucked", "boolean", "the seat mucked (conceded) at the showdown"),
    Key("cashed_out", "boolean", "the seat took the house's all-in cash-out"),
    Key("dead", "integer", "the part of contributed that was a dead blind"),
    Key("run_cards", "boards", "a draw game run more than once: the seat's final hand on each run, "
                               "one per board, instead of cards"),
)

_CARDS = {"type": "array", "items": {"type": "string", "pattern": "^[2-9TJQKA][cdhs]$"}}


def _policy_schema() -> dict[str, Any]:
    options: dict[str, Any] = {"base": {"enum": profile_names()}}
    for name in option_names():
        if name in OPTION_VALUES:
            options[name] = {"enum": list(OPTION_VALUES[name])}
        elif name == "unit":
            options[name] = {"anyOf": [{"enum": list(UNIT_SYMBOLS)},
                                       {"type": "string", "pattern": "^fixed:[1-9][0-9]*$"}]}
        elif name == "fees_before_split":
            options[name] = {"type": "array", "items": {"type": "string"}}
        elif name == "no_flop_no_drop":
            options[name] = {"type": "boolean"}
        elif name == "seed":
            options[name] = {"type": ["integer", "null"]}
        else:
            options[name] = {"type": "integer", "minimum": 0}
    return {"anyOf": [{"enum": profile_names()},
                      {"type": "object", "properties": options, "additionalProperties": False}]}


def _value_schema(shape: str) -> dict[str, Any]:
    if shape == "seats":
        return {"type": "object", "minProperties": 1, "propertyNames": {"pattern": "^[0-9]+$"},
                "additionalProperties": _object_schema(SEAT_KEYS)}
    if shape == "policy":
        return _policy_schema()
    schemas: dict[str, dict[str, Any]] = {
        "game": {"enum": [g.value for g in Game]},
        "cards": _CARDS,
        "boards": {"type": "array", "minItems": 1, "items": _CARDS},
        "rake": {"anyOf": [{"type": "integer"}, {"type": "array", "items": {"type": "integer"}}]},
        "integer": {"type": "integer"},
        "boolean": {"type": "boolean"},
    }
    return schemas[shape]


def _object_schema(keys: tuple[Key, ...]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {k.name: {**_value_schema(k.shape), "description": k.doc} for k in keys},
        "required": [k.name for k in keys if k.required],
        "additionalProperties": False,
    }


def json_schema() -> dict[str, Any]:
    """The JSON Schema of one showdown as ``hhaudit settle`` reads it."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "hhaudit settle: one showdown",
        **_object_schema(SHOWDOWN_KEYS),
        "not": {"required": ["board", "boards"]},
    }
