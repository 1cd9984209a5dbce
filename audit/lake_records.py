"""The lake's rows of a hand read back into the kernel's records (``rules.records``).

``audit.tables`` writes a ``ParsedHand`` as one row of ``hands`` and rows of ``seats``,
``actions`` and ``payouts``; :func:`read_hands` is its inverse, so that code written for
parsed hands (``reports.phh``) runs on a lake. What the tables derive (``runs``,
``pot_total``, ``reconciled``, the fingerprint) is left out; what the lake adds about
where the hand came from is kept beside the record in :class:`StoredHand`.

The inverse is exact (``tests/test_lake_records.py`` writes parsed corpus hands and
compares every field): vocabulary text becomes the enums again, a null list the empty
list it was written from, ``hand_date`` ``unknown`` None, and the UTC start time the
ISO text every parser writes (``2009-11-21T05:03:22Z``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import polars as pl

from audit.lake import read_table
from audit.tables import UNKNOWN_DATE
from rules.records import ActionRecord, Contradiction, ParsedHand, PayoutRecord, SeatRecord
from rules.vocab import ActionKind, Format, Game, Half, Limit, PayoutSource, Platform, RakeSource, Street


@dataclass(frozen=True)
class StoredHand:
    """One hand of the lake: its record and where the stored copy was read from."""

    hand_key: str
    hand: ParsedHand
    source_file: str
    source_offset: int


def _utc_text(value: datetime | None) -> str | None:
    if value is None:
        return None
    return value.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _street(value: str | None) -> Street | None:
    return None if value is None else Street(value)


def seat_record(row: dict[str, Any]) -> SeatRecord:
    return SeatRecord(
        seat=row["seat"], player=row["player"], stack=row["stack"], cards=list(row["cards"] or []),
        upcards=list(row["upcards"] or []), dealt_in=row["dealt_in"], folded_street=_street(row["folded_street"]),
        showed=row["showed"], mucked=row["mucked"], all_in=row["all_in"], cashed_out=row["cashed_out"],
        contributed=row["contributed"], run_cards=[list(hand) for hand in row.get("run_cards") or []])


def action_record(row: dict[str, Any]) -> ActionRecord:
    return ActionRecord(seq=row["seq"], street=Street(row["street"]), seat=row["seat"], kind=ActionKind(row["kind"]),
                        amount=row["amount"], all_in=row["all_in"], cards_changed=row["cards_changed"])


def payout_record(row: dict[str, Any]) -> PayoutRecord:
    return PayoutRecord(seat=row["seat"], amount=row["amount"], pot=row["pot"], run=row["run"], half=Half(row["half"]),
                        source=PayoutSource(row["source"]), line=row["line"])


def hand_record(row: dict[str, Any], seats: list[SeatRecord], actions: list[ActionRecord],
                payouts: list[PayoutRecord]) -> ParsedHand:
    """The ``ParsedHand`` of one ``hands`` row and its child records."""
    fee_detail = row["fee_detail"] or {}
    return ParsedHand(
        hand_id=row["hand_id"], platform=Platform(row["platform"]), format=Format(row["format"]),
        game=Game(row["game"]), limit=Limit(row["limit"]) if row["limit"] else None,
        is_tournament=row["is_tournament"], amount_scale=row["amount_scale"], currency=row["currency"],
        tournament_id=row["tournament_id"], small_blind=row["small_blind"], big_blind=row["big_blind"],
        ante=row["ante"], bring_in=row["bring_in"], button_seat=row["button_seat"], max_seats=row["max_seats"],
        start_time_utc=_utc_text(row["start_time_utc"]), start_time_raw=row["start_time_raw"],
        hand_date=None if row["hand_date"] == UNKNOWN_DATE else row["hand_date"], table_name=row["table_name"],
        is_play_money=row["is_play_money"], boards=[list(b) for b in row["boards"] or []],
        pots_printed=list(row["pots_printed"]) if row["pots_printed"] is not None else None,
        pots_printed_net=row["pots_printed_net"], total_pot_printed=row["total_pot_printed"], rake=row["rake"],
        fees=row["fees"], fee_detail=dict(fee_detail),
        rake_source=RakeSource(row["rake_source"]), house_retained=row["house_retained"],
        per_seat_only=row["per_seat_only"], seats=seats, actions=actions, payouts=payouts,
        notes=list(row["notes"] or []),
        contradictions=[Contradiction(c["message"], c["seat"], c["recorded"], c["stated"])
                        for c in row["contradictions"] or []],
    )


def _children(lake: Path, table: str, keys: list[str] | None) -> dict[str, list[dict[str, Any]]]:
    """A child table's rows by hand, in the order they were written (a hand's rows are
    written together, in its records' order)."""
    frame = read_table(lake, table)
    if keys is not None:
        frame = frame.filter(pl.col("hand_key").is_in(keys))
    out: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in frame.iter_rows(named=True):
        out[row["hand_key"]].append(row)
    return out


def read_hands(lake: Path, keys: Iterable[str] | None = None) -> Iterator[StoredHand]:
    """Every hand of the lake (or those of ``keys``, in the lake's order) as records."""
    wanted = None if keys is None else list(dict.fromkeys(keys))
    hands = read_table(lake, "hands")
    if wanted is not None:
        hands = hands.filter(pl.col("hand_key").is_in(wanted))
    seats = _children(lake, "seats", wanted)
    actions = _children(lake, "actions", wanted)
    payouts = _children(lake, "payouts", wanted)
    for row in hands.iter_rows(named=True):
        key = row["hand_key"]
        record = hand_record(row, [seat_record(r) for r in seats.get(key, [])],
                             [action_record(r) for r in actions.get(key, [])],
                             [payout_record(r) for r in payouts.get(key, [])])
        yield StoredHand(key, record, row["source_file"], row["source_offset"])
