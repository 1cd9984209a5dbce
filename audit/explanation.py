"""One hand explained for an investigator: ``audit.hand_audit.audit_hand`` as a plain dict.

The explanation (its keys are declared in ``audit.schema.EXPLANATION``; ``reports.explain``
renders it) carries the audit's own verdict and findings, so it says exactly what
``hhaudit run`` says of the hand, and the settlement the audit compared the pay lines
with, every hand evaluated with the cards used: ``hhaudit settle`` gives that same
settlement for the explanation's ``showdown``, under its policy or, changed, any other.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from audit.findings import HandAudit
from audit.forked import in_order
from audit.hand_audit import accepted, audit_hand
from audit.hand_rows import HandRows, read_hand_rows
from audit.policies import PolicyResolver
from audit.rake_check import rake_check
from rules.odd_chip import Policy
from rules.rake import RakeSchedule
from rules.rake_toml import shipped_schedules
from rules.showdown_json import settlement_to_json, showdown_to_json

#: explanations (each settles a hand with every card evaluated) from which worker
#: processes pay for their start
EXPLAIN_PARALLEL_FROM = 200


class HandNotFound(KeyError):
    """The lake holds no hand of that key."""


def explain_hand(lake: Path, hand: str, *, policy: str | None = None,
                 accept: Mapping[tuple[str, str], str] | None = None,
                 rake_schedules: Sequence[RakeSchedule] | None = None) -> dict[str, Any]:
    """Everything about one hand: seats, cards, boards, each contender's best hands with
    the cards used, every pot and half and odd chip with its rule, recorded against
    expected, the findings and the verdict. ``hand`` is ``PLATFORM:HAND_ID`` (the hand key)."""
    return next(explain_hands(lake, [hand], policy=policy, accept=accept, rake_schedules=rake_schedules))


def explain_hands(lake: Path, hands: Iterable[str], *, policy: str | None = None,
                  accept: Mapping[tuple[str, str], str] | None = None,
                  workers: int | None = None,
                  rake_schedules: Sequence[RakeSchedule] | None = None) -> Iterator[dict[str, Any]]:
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
    schedules = shipped_schedules() if rake_schedules is None else tuple(rake_schedules)
    work = [(rows[k], resolve(rows[k].hand.platform), accept, schedules) for k in wanted]
    yield from in_order(_explain, work, workers, EXPLAIN_PARALLEL_FROM)


def _explain(rows: HandRows, policy: Policy, accept: Mapping[tuple[str, str], str] | None,
             schedules: Sequence[RakeSchedule]) -> dict[str, Any]:
    return explanation(rows, policy, audit_hand(rows, policy, schedules=schedules), accept, schedules)


def explanation(rows: HandRows, policy: Policy, audit: HandAudit,
                accept: Mapping[tuple[str, str], str] | None = None,
                schedules: Sequence[RakeSchedule] | None = None) -> dict[str, Any]:
    """The explanation of ``audit``, the audit of ``rows`` under ``policy`` (and the rake
    schedules ``schedules``, default the shipped ones)."""
    out = _identity(rows, policy)
    out.update(game_recall(rows, shipped_schedules() if schedules is None else schedules))
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
    out["rankings"] = [trial.as_dict() for trial in audit.rankings]
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
                   "showed": bool(s.showed),
                   **({"run_cards": [list(h) for h in s.run_cards]} if s.run_cards else {})} for s in rows.seats],
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


def game_recall(rows: HandRows, schedules: Sequence[RakeSchedule]) -> dict[str, Any]:
    """The hand as it was played, for the explanation's first part: when and where it was
    dealt, the stakes, where its text is (file and byte offset), each seat's starting
    stack, every action in order with the stack it left, and the rake against the
    schedule (checked, or why not)."""
    hand = rows.hand
    stacks = {s.seat: s.stack for s in rows.seats}
    actions = []
    for a in rows.actions:
        if a.seat is not None and a.amount and stacks.get(a.seat) is not None:
            change = a.amount if a.kind == "uncalled_return" else -a.amount
            stacks[a.seat] = (stacks[a.seat] or 0) + change
        actions.append({"street": a.street, "seat": a.seat, "kind": a.kind, "amount": a.amount,
                        "all_in": bool(a.all_in), "stack_after": stacks.get(a.seat) if a.seat is not None else None})
    check = rake_check(rows, schedules)
    return {
        "date": hand.start_time_raw, "date_utc": None if hand.start_time_utc is None else str(hand.start_time_utc),
        "hand_date": hand.hand_date, "table": hand.table_name, "limit": hand.limit, "max_seats": hand.max_seats,
        "tournament_id": hand.tournament_id,
        "stakes": {"small_blind": hand.small_blind, "big_blind": hand.big_blind, "ante": hand.ante},
        "source": {"file": hand.source_file, "offset": hand.source_offset},
        "stacks": {str(s.seat): s.stack for s in rows.seats},
        "actions": actions,
        "rake_check": {"checked": check.checked, "max_rake": check.max_rake, "rule": check.rule,
                       "explanation": check.explanation,
                       "source": None if check.source is None else check.source.url},
    }


def quarantined_hand(lake: Path, hand: str) -> list[dict[str, Any]]:
    """The quarantine rows of the hand ``PLATFORM:HAND_ID`` (its reason, message, file,
    offset and raw text), for an explanation of a hand the lake could not store."""
    import polars as pl

    from audit.lake import read_table

    platform, _, hand_id = hand.partition(":")
    rows = read_table(lake, "quarantine")
    chosen = rows.filter(pl.col("hand_id") == hand_id)
    if "platform" in rows.columns:  # a file's platform is known only once a hand of it was read
        chosen = chosen.filter(pl.col("platform").is_null() | (pl.col("platform") == platform)
                               | (pl.col("platform") == "unknown"))
    return chosen.sort("source_file", "source_offset").to_dicts()


def render_quarantined(hand: str, rows: Sequence[Mapping[str, Any]], *, raw: bool = True) -> str:
    """A quarantined hand as text: why it was not stored, where it is, and its raw text
    (``raw=False``, under ``--redact``: withheld, since the names in a text that could not
    be read cannot all be found)."""
    lines = [f"hand {hand} is quarantined: the lake holds it only as raw text, not audited"]
    for r in rows:
        lines += ["", f"reason: {r['reason']}: {r['message']}",
                  f"source: {r['source_file']} at byte offset {r['source_offset']}"]
        if not raw:
            lines.append("raw text withheld (--redact: the names in a hand that could not be read cannot all be found)")
            continue
        lines.append("raw text:")
        lines += [f"  {line}" for line in str(r["raw_text"] or "").splitlines()]
    return "\n".join(lines) + "\n"
