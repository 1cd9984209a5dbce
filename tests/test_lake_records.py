"""A parsed hand written to the lake and read back (``audit.lake_records``) is the same
record, field for field: every corpus hand the reference parsers read, and a hand with
every optional field set."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

from audit.lake import LakeWriter
from audit.lake_records import read_hands
from audit.tables import TableBuilder, hand_key
from parsers.registry import detect
from rules.records import ActionRecord, HandParseError, ParsedHand, PayoutRecord, SeatRecord
from rules.vocab import ActionKind, Format, Game, Half, Limit, PayoutSource, Platform, RakeSource, Street
from tests.corpus import read_text, require_corpus


def _write(lake: Path, hands: list[tuple[ParsedHand, str, int]]) -> None:
    builder = TableBuilder()
    for hand, source, offset in hands:
        builder.add(hand, source_file=source, source_offset=offset, raw_sha256="0" * 64, parser_version="test:1")
    writer = LakeWriter(lake)
    for name, table in builder.tables().items():
        writer.add(name, table)
    writer.close()


def _differences(a: ParsedHand, b: ParsedHand) -> list[str]:
    return [f.name for f in fields(ParsedHand) if getattr(a, f.name) != getattr(b, f.name)]


def _full_hand() -> ParsedHand:
    hand = ParsedHand(
        "77", Platform.GGPOKER, Format.GGPOKER, Game.OMAHA_HILO, Limit.POT, is_tournament=False,
        amount_scale=100, currency="USD", tournament_id="T9", small_blind=5, big_blind=10, ante=1,
        bring_in=None, button_seat=3, max_seats=6, start_time_utc="2024-02-29T23:59:58Z",
        start_time_raw="2024/02/29 18:59:58 ET", hand_date="2024-02-29", table_name='Tab "1"',
        is_play_money=False, boards=[["Ac", "2d", "3h", "4s", "5c"], ["Kc", "Kd", "7h", "8s", "9c"]],
        pots_printed=[300, 40], pots_printed_net=True, total_pot_printed=350, rake=7, fees=3,
        fee_detail={"jackpot": 2, "bingo": 1}, rake_source=RakeSource.PRINTED, house_retained=0,
        per_seat_only=False,
        seats=[SeatRecord(1, "ann", 500, ["Ah", None, "Qd", "Jd"], [], True, None, True, False, True, False, 175),
               SeatRecord(3, "bo\u00e9", 800, [], [], True, Street.FLOP, False, False, False, False, 175)],
        actions=[ActionRecord(0, Street.PREDEAL, 1, ActionKind.POST_SMALL_BLIND, 5),
                 ActionRecord(1, Street.PREFLOP, 3, ActionKind.RAISE, 30, all_in=False),
                 ActionRecord(2, Street.DRAW1, 1, ActionKind.DISCARD, None, cards_changed=2)],
        payouts=[PayoutRecord(1, 170, pot=1, run=2, half=Half.LOW, source=PayoutSource.POT, line="x collected"),
                 PayoutRecord(1, 5, source=PayoutSource.UNCALLED, line="returned")],
    )
    hand.contradicts("summary says 1.70", seat=1, recorded=170, stated=171)
    return hand


def test_a_hand_with_every_field_set_reads_back_equal(tmp_path: Path) -> None:
    hand = _full_hand()
    _write(tmp_path / "lake", [(hand, "a/b.txt", 123)])
    (stored,) = read_hands(tmp_path / "lake")
    assert (stored.hand_key, stored.source_file, stored.source_offset) == ("ggpoker:77", "a/b.txt", 123)
    assert _differences(stored.hand, hand) == []
    assert stored.hand == hand


def test_every_corpus_hand_reads_back_equal_field_for_field(tmp_path: Path) -> None:
    root = require_corpus()
    parsed: dict[str, tuple[ParsedHand, str, int]] = {}
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        text = read_text(path)
        parser = detect(text[:8192])
        if parser is None:
            continue
        for offset, hand_text in parser.split(text):
            try:
                hand = parser.parse(hand_text)
            except HandParseError:  # quarantined hands never reach the tables
                continue
            parsed.setdefault(hand_key(hand), (hand, str(path), offset))
    assert len(parsed) > 400
    _write(tmp_path / "lake", list(parsed.values()))
    back = {s.hand_key: s for s in read_hands(tmp_path / "lake")}
    assert set(back) == set(parsed)
    wrong = {k: _differences(back[k].hand, parsed[k][0]) for k in parsed if back[k].hand != parsed[k][0]}
    assert wrong == {}
    assert all((back[k].source_file, back[k].source_offset) == parsed[k][1:] for k in parsed)


def test_reading_some_hands_reads_only_those(tmp_path: Path) -> None:
    a, b = _full_hand(), _full_hand()
    b.hand_id = "78"
    _write(tmp_path / "lake", [(a, "f", 0), (b, "f", 10)])
    assert [s.hand_key for s in read_hands(tmp_path / "lake", ["ggpoker:78"])] == ["ggpoker:78"]
    assert [s.hand.hand_id for s in read_hands(tmp_path / "lake")] == ["77", "78"]
