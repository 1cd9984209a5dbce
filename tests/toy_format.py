"""A tiny hand-history dialect for testing ingest independently of real platforms.

    TOY HAND #<id> <date>
    seat <n> <name> put <amount>
    paid <n> <amount>
    rake <amount>

A hand missing its ``rake`` line is truncated; an amount that is not a number is bad.
"""

from __future__ import annotations

import re

from rules.money import DOT
from rules.vocab import Format, Game, Half, Limit, Platform, QuarantineReason, RakeSource
from parsers.base import split_at
from rules.records import HandParseError, ParsedHand, PayoutRecord, SeatRecord

HAND_START = re.compile(r"^TOY HAND #", re.M)


class ToyParser:
    format = Format.BETFAIR  # any member; the registry is patched in tests
    hand_start = HAND_START
    version = "test"

    def sniff(self, head: str) -> bool:
        return head.startswith("TOY HAND #")

    def split(self, text):
        return split_at(HAND_START, text)

    def parse(self, hand_text: str) -> ParsedHand:
        lines = hand_text.strip().splitlines()
        m = re.match(r"TOY HAND #(\S+) (\d{4}-\d\d-\d\d)", lines[0])
        if not m:
            raise HandParseError(QuarantineReason.PARSE_ERROR, f"bad header {lines[0]!r}")
        hand = ParsedHand(hand_id=m.group(1), platform=Platform.BETFAIR, format=Format.BETFAIR,
                          game=Game.HOLDEM, limit=Limit.NO, is_tournament=False, amount_scale=100,
                          currency="USD", hand_date=m.group(2), boards=[["As", "Kd", "2c", "3h", "4s"]],
                          rake_source=RakeSource.PRINTED)
        rake_seen = False
        for line in lines[1:]:
            parts = line.split()
            try:
                if parts[0] == "seat":
                    hand.seats.append(SeatRecord(int(parts[1]), parts[2],
                                                 contributed=DOT.to_minor(parts[4], 100),
                                                 cards=[None, None]))
                elif parts[0] == "cards":
                    hand.seat(int(parts[1])).cards = parts[2:4]
                elif parts[0] == "paid":
                    hand.payouts.append(PayoutRecord(int(parts[1]), DOT.to_minor(parts[2], 100),
                                                     pot=0, half=Half.WHOLE, line=line))
                elif parts[0] == "rake":
                    hand.rake = DOT.to_minor(parts[1], 100)
                    rake_seen = True
            except ValueError as exc:
                raise HandParseError(QuarantineReason.BAD_AMOUNT, str(exc), hand.hand_id) from exc
        if not rake_seen:
            raise HandParseError(QuarantineReason.TRUNCATED, "hand ends before its rake line", hand.hand_id)
        return hand


PARSER = ToyParser()


def toy_hand(hand_id: str, paid: str = "1.90", date: str = "2024-01-02", cards: str = "") -> str:
    extra = f"cards 1 {cards}\n" if cards else ""
    return (f"TOY HAND #{hand_id} {date}\nseat 1 alice put 1.00\nseat 2 bob put 1.00\n{extra}"
            f"paid 1 {paid}\nrake 0.10\n\n")
