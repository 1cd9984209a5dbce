"""Parsed hand records to Arrow tables (worker side), and the duplicate fingerprint.

Kept apart from ``audit.lake`` so that worker processes build Arrow tables without
touching the file system.
"""

from __future__ import annotations

import hashlib
from datetime import datetime

import pyarrow as pa

from audit.schema import ACTIONS, HANDS, PAYOUTS, SEATS
from parsers.base import ParsedHand

UNKNOWN_DATE = "unknown"


def hand_key(hand: ParsedHand) -> str:
    return f"{hand.platform}:{hand.hand_id}"


def content_fingerprint(hand: ParsedHand) -> str:
    """Digest of what every viewer of the hand saw alike: game, boards, who put in what,
    who was paid what. Hole cards are left out, so copies of one hand written for
    different players (each seeing their own cards) share a fingerprint.
    """
    public = (
        hand.game,
        tuple(tuple(b) for b in hand.boards),
        tuple(sorted((s.seat, s.player, s.contributed) for s in hand.seats)),
        tuple(sorted((p.seat, p.amount, p.pot or 0, p.run or 0, p.half, p.source) for p in hand.payouts)),
        hand.rake,
        hand.fees,
    )
    return hashlib.blake2b(repr(public).encode(), digest_size=12).hexdigest()


def _utc(value: str | None) -> datetime | None:
    if not value:
        return None
    return datetime.fromisoformat(value)


class TableBuilder:
    """Column lists for the four per-hand tables, filled hand by hand."""

    def __init__(self) -> None:
        self.hands: dict[str, list] = {c.name: [] for c in HANDS.columns}
        self.seats: dict[str, list] = {c.name: [] for c in SEATS.columns}
        self.actions: dict[str, list] = {c.name: [] for c in ACTIONS.columns}
        self.payouts: dict[str, list] = {c.name: [] for c in PAYOUTS.columns}
        # which hand (row of ``hands``) each child row belongs to, for dropping duplicates
        self.seat_hand: list[int] = []
        self.action_hand: list[int] = []
        self.payout_hand: list[int] = []

    def add(self, hand: ParsedHand, *, source_file: str, source_offset: int, raw_sha256: str,
            parser_version: str) -> None:
        index = len(self.hands["hand_key"])
        key = hand_key(hand)
        platform = str(hand.platform)
        date = hand.hand_date or UNKNOWN_DATE
        h = self.hands
        h["hand_key"].append(key)
        h["hand_id"].append(hand.hand_id)
        h["platform"].append(platform)
        h["hand_date"].append(date)
        h["format"].append(str(hand.format))
        h["game"].append(str(hand.game))
        h["limit"].append(str(hand.limit) if hand.limit else None)
        h["is_tournament"].append(hand.is_tournament)
        h["tournament_id"].append(hand.tournament_id)
        h["is_play_money"].append(hand.is_play_money)
        h["currency"].append(hand.currency)
        h["amount_scale"].append(hand.amount_scale)
        h["small_blind"].append(hand.small_blind)
        h["big_blind"].append(hand.big_blind)
        h["ante"].append(hand.ante)
        h["bring_in"].append(hand.bring_in)
        h["button_seat"].append(hand.button_seat)
        h["max_seats"].append(hand.max_seats)
        h["table_name"].append(hand.table_name)
        h["start_time_utc"].append(_utc(hand.start_time_utc))
        h["start_time_raw"].append(hand.start_time_raw)
        h["boards"].append([list(b) for b in hand.boards])
        h["runs"].append(hand.runs)
        h["pot_total"].append(hand.pot_total)
        h["total_pot_printed"].append(hand.total_pot_printed)
        h["pots_printed"].append(hand.pots_printed)
        h["pots_printed_net"].append(hand.pots_printed_net)
        h["rake"].append(hand.rake)
        h["fees"].append(hand.fees)
        h["fee_detail"].append(list(hand.fee_detail.items()) if hand.fee_detail else None)
        h["rake_source"].append(str(hand.rake_source))
        h["house_retained"].append(hand.house_retained)
        h["per_seat_only"].append(hand.per_seat_only)
        h["reconciled"].append(hand.reconciles())
        h["notes"].append(hand.notes or None)
        h["source_file"].append(source_file)
        h["source_offset"].append(source_offset)
        h["raw_sha256"].append(raw_sha256)
        h["content_fingerprint"].append(content_fingerprint(hand))
        h["parser_version"].append(parser_version)

        s = self.seats
        for seat in hand.seats:
            s["hand_key"].append(key)
            s["platform"].append(platform)
            s["hand_date"].append(date)
            s["seat"].append(seat.seat)
            s["player"].append(seat.player)
            s["stack"].append(seat.stack)
            s["cards"].append(seat.cards or None)
            s["upcards"].append(seat.upcards or None)
            s["dealt_in"].append(seat.dealt_in)
            s["folded_street"].append(str(seat.folded_street) if seat.folded_street else None)
            s["showed"].append(seat.showed)
            s["mucked"].append(seat.mucked)
            s["all_in"].append(seat.all_in)
            s["cashed_out"].append(seat.cashed_out)
            s["contributed"].append(seat.contributed)
            self.seat_hand.append(index)

        a = self.actions
        for act in hand.actions:
            a["hand_key"].append(key)
            a["platform"].append(platform)
            a["hand_date"].append(date)
            a["seq"].append(act.seq)
            a["street"].append(str(act.street))
            a["seat"].append(act.seat)
            a["kind"].append(str(act.kind))
            a["amount"].append(act.amount)
            a["all_in"].append(act.all_in)
            a["cards_changed"].append(act.cards_changed)
            self.action_hand.append(index)

        p = self.payouts
        for pay in hand.payouts:
            p["hand_key"].append(key)
            p["platform"].append(platform)
            p["hand_date"].append(date)
            p["seat"].append(pay.seat)
            p["amount"].append(pay.amount)
            p["pot"].append(pay.pot)
            p["run"].append(pay.run)
            p["half"].append(str(pay.half))
            p["source"].append(str(pay.source))
            p["line"].append(pay.line)
            self.payout_hand.append(index)

    def tables(self) -> dict[str, pa.Table]:
        return {
            "hands": pa.table(self.hands, schema=HANDS.schema),
            "seats": pa.table(self.seats, schema=SEATS.schema),
            "actions": pa.table(self.actions, schema=ACTIONS.schema),
            "payouts": pa.table(self.payouts, schema=PAYOUTS.schema),
        }
