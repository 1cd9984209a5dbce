"""The JSON of ``hhaudit settle`` (contracts.md): a showdown in, a settlement out.

Input keys: ``game``, ``board`` or ``boards``, ``seats`` (seat number as text ->
``cards``, ``contributed``, ``folded``, ``mucked``, ``cashed_out``, ``dead``, and a draw run
more than once its ``run_cards``, each run's hand), ``button``, ``rake``
(total or list per pot), ``unit``, ``policy`` (profile name or options object with
``base``). Unknown keys are refused, so a misspelt option never passes silently.

Output: ``payouts`` (every seat), then ``uncalled``, ``rake``, ``house``, ``unit``,
``pots`` (index, amount, rake, net, contenders, runs -> halves with winners, awards and
odd chips, each with the rule that placed it), ``hands`` (per seat, per run, the best
hand for each half with the exact cards used) and ``policy`` (name, hash, options).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.odd_chip import PolicyError, policy_from_spec, profile_names
from rules.settle import (
    HalfAward,
    OddChip,
    SeatInput,
    Settlement,
    SettlementInputError,
    Showdown,
    settle,  # noqa: F401  (the doctests use it)
)
from rules.showdown_contract import SEAT_KEYS, SHOWDOWN_KEYS

# the keys, declared once in rules.showdown_contract (which publishes them as a JSON Schema)
_TOP_KEYS = frozenset(k.name for k in SHOWDOWN_KEYS)
_SEAT_KEYS = frozenset(k.name for k in SEAT_KEYS)


def _int(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise SettlementInputError(f"{what} must be an integer, not {value!r}")
    return value


def _cards(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise SettlementInputError(f"{what} must be a list of cards such as \"Ac\", not {value!r}")
    return tuple(value)


def _run_cards(value: Any, what: str) -> tuple[tuple[str, ...], ...]:
    if not isinstance(value, list) or not value:
        raise SettlementInputError(f"{what} must be a non-empty list of hands, one per run, not {value!r}")
    return tuple(_cards(hand, f"{what}[{i}]") for i, hand in enumerate(value))


def showdown_from_json(data: Any) -> Showdown:
    """Build a :class:`Showdown` from the decoded JSON object; SettlementInputError if bad.

    >>> showdown_from_json({"game": "holdem", "seats": {}, "colour": 1})
    Traceback (most recent call last):
    ...
    rules.settle.SettlementInputError: unknown key 'colour'
    """
    if not isinstance(data, Mapping):
        raise SettlementInputError("a showdown must be a JSON object")
    for key in data:
        if key not in _TOP_KEYS:
            raise SettlementInputError(f"unknown key {key!r}")
    if "game" not in data or not isinstance(data["game"], str):
        raise SettlementInputError("missing 'game'")
    if "board" in data and "boards" in data:
        raise SettlementInputError("give 'board' or 'boards', not both")
    if "boards" in data:
        if not isinstance(data["boards"], list) or not data["boards"]:
            raise SettlementInputError("'boards' must be a non-empty list of boards")
        boards = tuple(_cards(b, f"boards[{i}]") for i, b in enumerate(data["boards"]))
    else:
        boards = (_cards(data.get("board", []), "board"),)
    seats_in = data.get("seats")
    if not isinstance(seats_in, Mapping) or not seats_in:
        raise SettlementInputError("'seats' must be an object of seat number -> seat")
    seats = []
    for key, seat in seats_in.items():
        if not isinstance(key, str) or not key.isdigit():
            raise SettlementInputError(f"seat key {key!r} is not a seat number")
        if not isinstance(seat, Mapping):
            raise SettlementInputError(f"seat {key} must be an object")
        for name in seat:
            if name not in _SEAT_KEYS:
                raise SettlementInputError(f"seat {key}: unknown key {name!r}")
        if "contributed" not in seat:
            raise SettlementInputError(f"seat {key}: missing 'contributed'")
        flags = {}
        for flag in ("folded", "mucked", "cashed_out"):
            value = seat.get(flag, False)
            if not isinstance(value, bool):
                raise SettlementInputError(f"seat {key}: {flag} must be true or false, not {value!r}")
            flags[flag] = value
        seats.append(SeatInput(
            seat=int(key),
            contributed=_int(seat["contributed"], f"seat {key}: contributed"),
            cards=_cards(seat.get("cards", []), f"seat {key}: cards"),
            dead=_int(seat.get("dead", 0), f"seat {key}: dead"),
            run_cards=_run_cards(seat["run_cards"], f"seat {key}: run_cards") if "run_cards" in seat else (),
            **flags,
        ))
    button = data.get("button")
    if button is not None:
        button = _int(button, "button")
    rake_in = data.get("rake", 0)
    rake: int | tuple[int, ...]
    if isinstance(rake_in, list):
        rake = tuple(_int(r, "rake") for r in rake_in)
    else:
        rake = _int(rake_in, "rake")
    unit = data.get("unit")
    if unit is not None:
        unit = _int(unit, "unit")
    try:
        policy = policy_from_spec(data.get("policy"))
    except PolicyError as exc:
        raise SettlementInputError(str(exc)) from None
    return Showdown(game=data["game"], seats=tuple(seats), boards=boards, button=button,
                    rake=rake, unit=unit, policy=policy)


def _chip(chip: OddChip) -> dict[str, Any]:
    out: dict[str, Any] = {"amount": chip.amount, "rule": chip.rule}
    for name in ("seat", "half", "run"):
        value = getattr(chip, name)
        if value is not None:
            out[name] = str(value) if name == "seat" else value
    return out


def _half(half: HalfAward) -> dict[str, Any]:
    out: dict[str, Any] = {
        "half": half.half,
        "amount": half.amount,
        "winners": [str(s) for s in half.winners],
        "awards": {str(s): a for s, a in half.awards},
        "odd_chips": [_chip(c) for c in half.odd_chips],
    }
    if half.note:
        out["note"] = half.note
    return out


def settlement_to_json(settlement: Settlement) -> dict[str, Any]:
    """The JSON object of a settlement (``payouts`` first: the stable part)."""
    hands: dict[str, list[dict[str, Any]]] = {}
    by_run: dict[tuple[int, int], dict[str, Any]] = {}
    for hand in settlement.hands:
        entry = by_run.get((hand.seat, hand.run))
        if entry is None:
            entry = by_run[(hand.seat, hand.run)] = {"run": hand.run}
            hands.setdefault(str(hand.seat), []).append(entry)
        entry[hand.half] = {
            "cards": list(hand.cards),
            "hole": list(hand.hole),
            "board": list(hand.board),
            "description": hand.description,
        }
    policy = settlement.policy
    return {
        "payouts": {str(s): a for s, a in settlement.payouts.items()},
        "uncalled": {str(s): a for s, a in settlement.uncalled.items()},
        "rake": settlement.rake,
        "house": settlement.house,
        "unit": settlement.unit,
        "pots": [
            {
                "index": pot.index,
                "amount": pot.amount,
                "rake": pot.rake,
                "net": pot.net,
                "contenders": [str(s) for s in pot.contenders],
                "house": pot.house,
                "odd_chips": [_chip(c) for c in pot.odd_chips],
                "runs": [
                    {
                        "run": run.run,
                        "amount": run.amount,
                        "odd_chips": [_chip(c) for c in run.odd_chips],
                        "halves": [_half(h) for h in run.halves],
                    }
                    for run in pot.runs
                ],
            }
            for pot in settlement.pots
        ],
        "hands": hands,
        "policy": {"name": policy.name, "hash": policy.hash, "options": policy.resolve()},
    }


def showdown_to_json(showdown: Showdown) -> dict[str, Any]:
    """The JSON object ``hhaudit settle`` reads for ``showdown`` (its policy as a
    ``base`` and every resolved option): ``showdown_from_json`` gives it back, settled
    alike. Strengths evaluated in bulk are not part of it: settle evaluates every hand.

    >>> from rules.odd_chip import get_policy
    >>> sd = Showdown(game="holdem", seats=(SeatInput(1, 100, ("Ac", "Ad")), SeatInput(2, 100, ("Kc", "Kd"))),
    ...               boards=(("2d", "7s", "9h", "Jc", "3d"),), button=1, rake=5, unit=1, policy=get_policy("tda"))
    >>> doc = showdown_to_json(sd)
    >>> doc["seats"]["2"]["cards"], doc["seats"]["2"]["contributed"], doc["rake"], doc["policy"]["base"]
    (['Kc', 'Kd'], 100, 5, 'tda')
    >>> sorted(doc["seats"]["2"])
    ['cards', 'cashed_out', 'contributed', 'dead', 'folded', 'mucked']
    >>> again, first = (settlement_to_json(settle(x)) for x in (showdown_from_json(doc), sd))
    >>> again.pop("policy")["hash"] == first.pop("policy")["hash"], again == first, again["payouts"]
    (True, True, {'1': 195, '2': 0})
    """
    policy = showdown.policy
    return {
        "game": showdown.game,
        "boards": [list(b) for b in showdown.boards],
        "seats": {str(s.seat): {"cards": list(s.cards), "contributed": s.contributed, "folded": s.folded,
                                "mucked": s.mucked, "cashed_out": s.cashed_out, "dead": s.dead,
                                **({"run_cards": [list(h) for h in s.run_cards]} if s.run_cards else {})}
                  for s in showdown.seats},
        "button": showdown.button,
        "rake": list(showdown.rake) if isinstance(showdown.rake, tuple) else showdown.rake,
        "unit": showdown.unit,
        # every option is given, so the base only names it (a profile file's is not known)
        "policy": {"base": policy.name if policy.name in profile_names() else "default", **policy.resolve()},
    }
