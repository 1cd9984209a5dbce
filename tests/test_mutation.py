"""Mutation test: real corpus hands with their payouts changed in known ways.

The audit must flag exactly the mutated hands, each with the kind of its mutation, and
leave every other hand as it was.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import polars as pl
import pytest

from audit.ingest import ingest
from audit.lake import LakeWriter, read_table
from audit.pipeline import audit_lake
from audit.schema import TABLES
from tests.corpus import corpus_file

FILES = [
    "PokerStars/OmahaHiLo/PLO8-9max-USD-STT-5.00-200505.hero.quartered.txt",
    "PokerStars/OmahaHiLo/PLO8-6max-USD-0.01-0.02-200911.txt",
    "PokerStars/Omaha/PLO-FR-USD-0.01-0.02-201006.sidepots.txt",
    "PokerStars/Razz/Razz-USD-0.04-0.08-200911.txt",
    "PokerStars/Stud/7-Stud-USD-0.04-0.08-200911.txt",
    "PokerStars/Badugi/LBad-USD-MTT8-201011.txt",
]

Tables = dict[str, pl.DataFrame]


def _of(hand: str) -> pl.Expr:
    """The rows of one hand, in any per-hand table."""
    return pl.col("hand_key") == hand


def odd_chip_to_the_wrong_seat(t: Tables) -> None:
    # side pot 86: low half 43 tied, 22 to seat 6 (first left of the button) and 21 to seat 9
    hand = "pokerstars:1676150046"
    p = t["payouts"]
    side_low = _of(hand) & (pl.col("pot") == 1) & pl.col("amount").is_in([21, 22]) & pl.col("seat").is_in([6, 9])
    t["payouts"] = p.with_columns(pl.when(side_low).then(43 - pl.col("amount")).otherwise(pl.col("amount")).alias("amount"))


def low_half_paid_to_the_high_winner(t: Tables) -> None:
    # $0.39: high $0.20 seat 3; low tied, $0.10 seat 2 and $0.09 seat 3 -> seat 2's low to seat 3
    p = t["payouts"]
    moved = _of("pokerstars:35875034981") & (pl.col("seat") == 2)
    t["payouts"] = p.with_columns(pl.when(moved).then(3).otherwise(pl.col("seat")).alias("seat"))


def side_pot_paid_to_a_seat_not_in_it(t: Tables) -> None:
    # side pot-2 ($0.69) is contested by seats 3 and 5; seat 9 (all in for $0.29) is not in it
    p = t["payouts"]
    moved = _of("pokerstars:60920749213") & (pl.col("pot") == 2)
    t["payouts"] = p.with_columns(pl.when(moved).then(9).otherwise(pl.col("seat")).alias("seat"))


def unit_moved_between_two_players_who_showed(t: Tables) -> None:
    # razz: one cent from the winner to the other player who showed
    hand = "pokerstars:35874817957"
    seats, p = t["seats"], t["payouts"]
    winner = p.filter(_of(hand) & (pl.col("source") == "pot"))["seat"][0]
    loser = seats.filter(_of(hand) & pl.col("showed") & (pl.col("seat") != winner))["seat"][0]
    first = p.filter(_of(hand) & (pl.col("source") == "pot")).head(1)
    t["payouts"] = pl.concat([
        p.with_columns(pl.when(_of(hand) & (pl.col("seat") == winner) & (pl.col("source") == "pot"))
                       .then(pl.col("amount") - 1).otherwise(pl.col("amount")).alias("amount")),
        first.with_columns(pl.lit(loser, pl.Int32).alias("seat"), pl.lit(1, pl.Int64).alias("amount")),
    ])


def rake_in_a_tournament_hand(t: Tables) -> None:
    hand = "pokerstars:52475904134"
    h, p = t["hands"], t["payouts"]
    t["hands"] = h.with_columns(pl.when(_of(hand)).then(10).otherwise(pl.col("rake")).alias("rake"))
    winner = p.filter(_of(hand) & (pl.col("source") == "pot"))["seat"][0]
    t["payouts"] = p.with_columns(pl.when(_of(hand) & (pl.col("seat") == winner) & (pl.col("source") == "pot"))
                                  .then(pl.col("amount") - 10).otherwise(pl.col("amount")).alias("amount"))


def payout_dropped(t: Tables) -> None:
    p = t["payouts"].with_row_index("_i")
    first = p.filter(_of("pokerstars:35874039554") & (pl.col("source") == "pot"))["_i"][0]
    t["payouts"] = p.filter(pl.col("_i") != first).drop("_i")


def cashed_out_winner_paid_all_the_same(t: Tables) -> None:
    # stud: the winner took the house's all-in cash out; under PokerStars' model its share
    # of the pot goes to the house, but the history still pays it
    hand = "pokerstars:35874153086"
    p, seats = t["payouts"], t["seats"]
    winner = p.filter(_of(hand) & (pl.col("source") == "pot"))["seat"][0]
    t["seats"] = seats.with_columns(pl.when(_of(hand) & (pl.col("seat") == winner))
                                    .then(True).otherwise(pl.col("cashed_out")).alias("cashed_out"))


MUTATIONS: dict[str, tuple[Callable[[Tables], None], str]] = {
    "pokerstars:1676150046": (odd_chip_to_the_wrong_seat, "odd_chip"),
    "pokerstars:35875034981": (low_half_paid_to_the_high_winner, "missed_low"),
    "pokerstars:60920749213": (side_pot_paid_to_a_seat_not_in_it, "side_pot"),
    "pokerstars:35874817957": (unit_moved_between_two_players_who_showed, "wrong_winner"),
    "pokerstars:52475904134": (rake_in_a_tournament_hand, "rake"),
    "pokerstars:35874039554": (payout_dropped, "not_conserved"),
    "pokerstars:35874153086": (cashed_out_winner_paid_all_the_same, "cash_out"),
}


@pytest.fixture(scope="module")
def lakes(tmp_path_factory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("mutation")
    original = root / "original"
    ingest([corpus_file(f) for f in FILES], original)
    tables = {name: read_table(original, name) for name in TABLES}
    for mutate, _ in MUTATIONS.values():
        mutate(tables)
    mutated = root / "mutated"
    writer = LakeWriter(mutated)
    for name, frame in tables.items():
        writer.add(name, frame.to_arrow())
    writer.close()
    return original, mutated


def _kinds(lake: Path) -> dict[str, list[str]]:
    findings = audit_lake(lake).findings
    return {k: sorted(set(v)) for k, v in findings.group_by("hand_key").agg(pl.col("kind")).rows()}


def test_the_audit_flags_exactly_the_mutated_hands_each_with_its_kind(lakes) -> None:
    original, mutated = lakes
    before = _kinds(original)
    assert not set(before) & set(MUTATIONS), "a mutated hand must start clean"
    after = _kinds(mutated)
    new = {k: v for k, v in after.items() if k not in before}
    assert new == {hand: [kind] for hand, (_, kind) in MUTATIONS.items()}
    assert {k: after[k] for k in before} == before


def test_a_summary_contradicting_the_collected_lines_is_history_inconsistent(tmp_path: Path) -> None:
    text = corpus_file(FILES[0]).read_text(encoding="utf-8")
    edited = text.replace("and won (1255) with", "and won (1300) with")
    assert edited != text
    (tmp_path / "edited.txt").write_text(edited, encoding="utf-8")
    ingest([tmp_path / "edited.txt"], tmp_path / "lake")
    outcome = audit_lake(tmp_path / "lake")
    assert outcome.findings.select("hand_key", "seat", "recorded", "expected", "kind").rows() == [
        ("pokerstars:1676150046", 9, 1255, 1300, "history_inconsistent")]
    assert outcome.verdicts["verdict"].to_list() == ["findings"]


def test_a_bet_returned_to_the_wrong_seat_is_an_uncalled_bet_finding(tmp_path: Path) -> None:
    # the big blind folded to a raise: its 0.02 is dead money, not an uncalled bet
    text = corpus_file(FILES[1]).read_text(encoding="utf-8")
    start = text.index("PokerStars Game #35875026976")
    hand = text[start:text.index("\n\n", start) + 2]
    edited = (hand.replace("tiger48475: folds \n", "tiger48475: folds \nUncalled bet ($0.02) returned to tiger48475\n")
              .replace("UnderMeSensi collected $0.05 from pot", "UnderMeSensi collected $0.03 from pot")
              .replace("Total pot $0.05 |", "Total pot $0.03 |")
              .replace("Seat 2: UnderMeSensi collected ($0.05)", "Seat 2: UnderMeSensi collected ($0.03)"))
    assert edited.count("Uncalled bet") == 2
    (tmp_path / "edited.txt").write_text(edited, encoding="utf-8")
    ingest([tmp_path / "edited.txt"], tmp_path / "lake")
    outcome = audit_lake(tmp_path / "lake")
    assert outcome.findings.select("hand_key", "seat", "recorded", "expected", "kind").rows() == [
        ("pokerstars:35875026976", 6, 2, 0, "uncalled_bet")]
    assert outcome.verdicts["verdict"].to_list() == ["findings"]


def test_a_pot_paid_to_nobody_is_flagged_even_without_printed_rake(tmp_path: Path) -> None:
    text = corpus_file(FILES[1]).read_text(encoding="utf-8")
    start = text.index("PokerStars Game #35875034981")
    hand = text[start:text.index("\n\n", start) + 2]
    edited = "\n".join(line for line in hand.split("\n") if " collected " not in line).replace(" | Rake $0", "")
    (tmp_path / "edited.txt").write_text(edited, encoding="utf-8")
    ingest([tmp_path / "edited.txt"], tmp_path / "lake")
    outcome = audit_lake(tmp_path / "lake")
    findings = outcome.findings
    assert findings.filter(pl.col("kind") == "not_conserved").select("seat", "recorded", "expected").rows() == [
        (None, 0, 39)]
    # and the summary, which still says who won, now contradicts the (missing) pay lines
    assert findings.filter(pl.col("kind") == "history_inconsistent").select("seat", "recorded", "expected").rows() == [
        (2, 0, 10), (3, 0, 29)]


def test_rake_from_a_hand_that_ended_before_the_flop_is_a_rake_finding(tmp_path: Path) -> None:
    text = corpus_file(FILES[1]).read_text(encoding="utf-8")
    start = text.index("PokerStars Game #35875026976")
    hand = text[start:text.index("\n\n", start) + 2]
    edited = (hand.replace("UnderMeSensi collected $0.05 from pot", "UnderMeSensi collected $0.04 from pot")
              .replace("Total pot $0.05 | Rake $0 ", "Total pot $0.05 | Rake $0.01 ")
              .replace("Seat 2: UnderMeSensi collected ($0.05)", "Seat 2: UnderMeSensi collected ($0.04)"))
    assert edited.count("$0.04") == 2 and "Rake $0.01" in edited
    (tmp_path / "edited.txt").write_text(edited, encoding="utf-8")
    ingest([tmp_path / "edited.txt"], tmp_path / "lake")
    outcome = audit_lake(tmp_path / "lake")
    assert outcome.findings.select("hand_key", "seat", "recorded", "expected", "kind", "detail").rows() == [
        ("pokerstars:35875026976", None, 1, 0, "rake",
         "rake taken from a hand that ended before the flop (no flop, no drop)")]
