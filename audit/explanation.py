"""One hand explained for an investigator: ``audit.hand_audit.audit_hand`` as a plain dict.

The explanation (its keys are declared in ``audit.schema.EXPLANATION``; ``reports.explain``
renders it) carries the audit's own verdict and findings, so it says exactly what
``hhaudit run`` says of the hand, and the settlement the audit compared the pay lines
with, every hand evaluated with the cards used: ``hhaudit settle`` gives that same
settlement for the explanation's ``showdown``, under its policy or, changed, any other.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from audit.findings import HandAudit
from audit.forked import in_order
from audit.hand_audit import accepted, audit_hand
from audit.hand_rows import HandRows, read_hand_rows
from audit.policies import PolicyResolver
from rules.odd_chip import Policy
from rules.showdown_json import settlement_to_json, showdown_to_json

#: explanations (each settles a hand with every card evaluated) from which worker
#: processes pay for their start
EXPLAIN_PARALLEL_FROM = 200


class HandNotFound(KeyError):
    """The lake holds no hand of that key."""


def explain_hand(lake: Path, hand: str, *, policy: str | None = None,
                 accept: Mapping[tuple[str, str], str] | None = None) -> dict[str, Any]:
    """Everything about one hand: seats, cards, boards, each contender's best hands with
    the cards used, every pot and half and odd chip with its rule, recorded against
    expected, the findings and the verdict. ``hand`` is ``PLATFORM:HAND_ID`` (the hand key)."""
    return next(explain_hands(lake, [hand], policy=policy, accept=accept))


def explain_hands(lake: Path, hands: Iterable[str], *, policy: str | None = None,
                  accept: Mapping[tuple[str, str], str] | None = None,
                  workers: int | None = None) -> Iterator[dict[str, Any]]:
    """``explain_hand`` of each of ``hands`` in turn, reading the lake once for all
    (with ``workers`` processes, default one per core, for many hands)."""
    wanted = list(hands)
    if not wanted:
        return
    rows = read_hand_rows(lake, wanted)
    missing = next((k for k in wanted if k not in rows), None)
    if missing is not None:
        raise HandNotFound(f"no hand {missing!r} in the lake {lake} "
                           "(give PLATFORM:HAND_ID, e.g. pokerstars:1676150046)")
    resolve = PolicyResolver(policy)
    work = [(rows[k], resolve(rows[k].hand.platform), accept) for k in wanted]
    yield from in_order(_explain, work, workers, EXPLAIN_PARALLEL_FROM)


def _explain(rows: HandRows, policy: Policy, accept: Mapping[tuple[str, str], str] | None) -> dict[str, Any]:
    return explanation(rows, policy, audit_hand(rows, policy), accept)


def explanation(rows: HandRows, policy: Policy, audit: HandAudit,
                accept: Mapping[tuple[str, str], str] | None = None) -> dict[str, Any]:
    """The explanation of ``audit``, the audit of ``rows`` under ``policy``."""
    out = _identity(rows, policy)
    seats = [str(s.seat) for s in rows.seats]
    if audit.settlement is not None and audit.showdown is not None:
        out.update(settlement_to_json(audit.settlement))
        out["showdown"] = showdown_to_json(audit.showdown)
        out["expected"] = {**dict.fromkeys(seats, 0), **{str(s): a for s, a in audit.expected.items()}}
    elif len(rows.live) == 1 and audit.expected:
        out.update(_uncontested_pots(rows, audit))
    else:
        out.update({"expected": {}, "pots": [], "hands": {}})
    out["verdict"], out["reason"] = audit.verdict.value, audit.reason
    out["findings"] = [f.as_dict() for f in accepted(audit, accept)]
    return out


def _identity(rows: HandRows, policy: Policy) -> dict[str, Any]:
    """The hand as the history has it: who sat where with what, and what it paid."""
    hand = rows.hand
    recorded = dict.fromkeys((str(s.seat) for s in rows.seats), 0)
    for p in rows.payouts:
        if p.from_pot:
            recorded[str(p.seat)] = recorded.get(str(p.seat), 0) + p.amount
    return {
        "hand_key": hand.hand_key, "hand_id": hand.hand_id, "platform": hand.platform, "game": hand.game,
        "policy": policy.name, "policy_options": policy.resolve(), "currency": hand.currency,
        "amount_scale": hand.amount_scale, "button": hand.button_seat,
        "boards": [list(b) for b in hand.boards],
        "pot_total": hand.pot_total, "rake": hand.rake, "fees": hand.fees,
        "rake_source": hand.rake_source, "notes": list(hand.notes),
        "seats": [{"seat": s.seat, "player": s.player, "cards": list(s.cards or ()),
                   "contributed": s.contributed, "folded": s.folded_street is not None,
                   "mucked": bool(s.mucked), "cashed_out": bool(s.cashed_out),
                   "showed": bool(s.showed)} for s in rows.seats],
        "payout_lines": [{"seat": p.seat, "amount": p.amount, "pot": p.pot, "run": p.run, "half": p.half,
                          "source": p.source, "line": p.line} for p in rows.payouts],
        "recorded": recorded,
    }


def _uncontested_pots(rows: HandRows, audit: HandAudit) -> dict[str, Any]:
    """The one pot of a hand with one seat left, in the settlement's shape."""
    hand = rows.hand
    (winner, net_paid), = audit.expected.items()
    deduction = (hand.rake or 0) + hand.fees
    net = hand.pot_total - deduction
    seat = str(winner)
    half = {"half": "whole", "amount": net, "winners": [seat], "awards": {seat: net}, "odd_chips": [],
            "note": "uncontested"}
    return {
        "expected": {seat: net_paid},
        "pots": [{"index": 0, "amount": hand.pot_total, "rake": deduction, "net": net, "contenders": [seat],
                  "house": 0, "odd_chips": [], "runs": [{"run": 1, "amount": net, "odd_chips": [],
                                                         "halves": [half]}]}],
        "hands": {},
    }
