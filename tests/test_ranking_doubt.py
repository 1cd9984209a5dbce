"""A platform's ranking in doubt (``rules.games.UNSETTLED_RANKINGS``): partypoker's short
deck is settled under both rankings it may use, three of a kind over a straight
(``sixplus_holdem``, its launch as reported) and a straight over three of a kind
(``sixplus_holdem_straight_over_trips``, a Ladbrokes page). Where they agree the verdict
is as usual, findings included; where they disagree the hand is ``unverifiable``, with
each ranking and what it pays. The bulk audit, the one-by-one audit and ``explain``
agree. Every hand here is written anew in partypoker's formats.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal

from audit.explanation import explain_hand
from audit.ingest import ingest
from audit.pipeline import audit_lake
from reports.explain import render_text
from rules.games import UnsettledRanking, candidate_games
from rules.vocab import Game, Platform

# partypoker's 2023 print of a short-deck table with its rake: Alder's trip queens meet
# Birch's two pair, kings and jacks; every ranking pays Alder. Rake printed: clean.
AGREED = """\
***** Hand History For Game 1790000000001sdwrittena *****
0.50/1 Short Deck Game Table (NL) - Tue Apr 16 19:00:00 EDT 2024
Table Sixplus 3 (Real Money) -- Seat 2 is the button
Total number of players : 3/6
Seat 2: Alder ($100)
Seat 4: Birch ($100)
Seat 5: Cedar ($100)
Alder posts ante (1)
Birch posts ante (1)
Cedar posts ante (1)
** Dealing down cards **
Dealt to Alder [ Qs, Qd ]
Birch bets (4)
Cedar folds
Alder calls (4)
** Dealing Flop ** :  [ Qh, Jd, 6c ]
Birch checks
Alder bets (10)
Birch calls (10)
** Dealing Turn ** :  [ 7s ]
Birch checks
Alder checks
** Dealing River ** :  [ Kh ]
Birch checks
Alder checks
** Summary **
Main Pot: $30.50 Rake: $0.50
Board: [ Qh, Jd, 6c, 7s, Kh ]
Alder balance $115.50, bet $15, collected $30.50, net +$15.50[ Qs, Qd ] [ three of a kind, queens -- Qs,Qd,Qh,Kh,Jd ]
Birch balance $85, lost $15[ Kc, Jh ] [ two pair, kings and jacks -- Kc,Kh,Jh,Jd,Qh ]
Cedar balance $99, lost $1 (folded)
"""
# The same pot paid to Birch's two pair: wrong under every ranking.
AGREED_WRONG = (
    AGREED.replace("1790000000001sdwrittena", "1790000000003sdwrittena")
    .replace("Alder balance $115.50, bet $15, collected $30.50, net +$15.50", "Alder balance $85, lost $15")
    .replace("Birch balance $85, lost $15", "Birch balance $115.50, bet $15, collected $30.50, net +$15.50")
)
# An ace on the river instead: Birch's Kc Th make a straight, ten to ace, against Alder's
# trip queens. sixplus_holdem pays Alder, sixplus_holdem_straight_over_trips pays Birch.
STRAIGHT_MEETS_TRIPS = (
    AGREED.replace("1790000000001sdwrittena", "1790000000002sdwrittena")
    .replace("** Dealing River ** :  [ Kh ]", "** Dealing River ** :  [ Ac ]")
    .replace("Board: [ Qh, Jd, 6c, 7s, Kh ]", "Board: [ Qh, Jd, 6c, 7s, Ac ]")
    .replace("[ three of a kind, queens -- Qs,Qd,Qh,Kh,Jd ]", "[ three of a kind, queens -- Qs,Qd,Qh,Ac,Jd ]")
    .replace(
        "[ Kc, Jh ] [ two pair, kings and jacks -- Kc,Kh,Jh,Jd,Qh ]",
        "[ Kc, Th ] [ a straight, ten to ace -- Ac,Kc,Qh,Jd,Th ]",
    )
)

# partypoker's SHORTDECK print of 2019 (every seat antes, the button posts a button blind;
# no rake printed): Alder's trip queens, Birch's ace-high straight.
SHORTDECK_2019 = """\
#Game No : 19000000002
***** Hand History for Game 19000000002 *****
$1/$2 USD NL Short Deck - Tuesday, April 16, 19:30:00 CEST 2019
Table Short Deck NLH 101 9 (Real Money)
Seat 2 is the button
Total number of players : 2/6
Seat 2: Alder ( $200 USD )
Seat 5: Birch ( $200 USD )
Alder posts ante [$1 USD]
Birch posts ante [$1 USD]
Alder posts button blind  [$1 USD]
** Dealing down cards **
Dealt to Alder [  Qs Qd ]
Birch raises [$5 USD]
Alder calls [$4 USD]
** Dealing Flop ** [ Qh, Jd, 6c ]
Birch checks
Alder bets [$10 USD]
Birch calls [$10 USD]
** Dealing Turn ** [ 7s ]
Birch checks
Alder checks
** Dealing River ** [ Ac ]
Birch checks
Alder checks
Birch shows [ Kc, Th ]a straight, Ten to Ace.
Alder shows [ Qs, Qd ]three of a kind, Queens.
Birch wins $32 USD from the main pot with a straight, Ten to Ace.
"""

DISAGREE_REASON = (
    "partypoker's ranking of sixplus_holdem is not known for certain (rules.games.UNSETTLED_RANKINGS), and the "
    "rankings it may use pay this hand differently: sixplus_holdem pays seat 2 USD 30.50; "
    "sixplus_holdem_straight_over_trips pays seat 4 USD 30.50; the history pays seat 2 USD 30.50"
)


@pytest.fixture(scope="module")
def lake(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("ranking_doubt")
    for name, text in (
        ("agreed.txt", AGREED),
        ("agreed_wrong.txt", AGREED_WRONG),
        ("straight_meets_trips.txt", STRAIGHT_MEETS_TRIPS),
        ("shortdeck_2019.txt", SHORTDECK_2019),
    ):
        (root / name).write_text(text, encoding="utf-8")
    summary = ingest(sorted(root.glob("*.txt")), root / "lake")
    assert (summary.hands_parsed, summary.hands_quarantined) == (4, 0)
    return root / "lake"


@pytest.fixture(scope="module", params=[True, False], ids=["bulk", "one_by_one"])
def audited(request: pytest.FixtureRequest, lake: Path) -> tuple[pl.DataFrame, pl.DataFrame]:
    outcome = audit_lake(lake, bulk_showdowns=request.param)
    return outcome.verdicts, outcome.findings


def _verdict(audited: tuple[pl.DataFrame, pl.DataFrame], key: str) -> tuple[str, str, str | None]:
    row = audited[0].filter(pl.col("hand_key") == key).row(0, named=True)
    return row["game"], row["verdict"], row["reason"]


def test_partypoker_short_deck_has_two_candidate_rankings() -> None:
    assert candidate_games("partypoker", "sixplus_holdem") == (
        Game.SIXPLUS_HOLDEM,
        Game.SIXPLUS_HOLDEM_STRAIGHT_OVER_TRIPS,
    )
    assert candidate_games("ggpoker", "sixplus_holdem_straight_over_trips") == (
        Game.SIXPLUS_HOLDEM_STRAIGHT_OVER_TRIPS,
    )
    with pytest.raises(ValueError, match="the candidates must hold it and another game"):
        UnsettledRanking(Platform.PARTYPOKER, Game.HOLDEM, (Game.SIXPLUS_HOLDEM, Game.OMAHA), "")


def test_a_straight_meeting_trips_is_unverifiable(audited: tuple[pl.DataFrame, pl.DataFrame]) -> None:
    assert _verdict(audited, "partypoker:1790000000002sdwrittena") == (
        "sixplus_holdem",
        "unverifiable",
        DISAGREE_REASON,
    )
    assert audited[1].filter(pl.col("hand_key") == "partypoker:1790000000002sdwrittena").height == 0


def test_a_straight_meeting_trips_in_the_2019_print_is_unverifiable(audited: tuple[pl.DataFrame, pl.DataFrame]) -> None:
    # no rake printed: what each ranking pays is the pot less what was not paid (0 here)
    assert _verdict(audited, "partypoker:19000000002") == (
        "sixplus_holdem",
        "unverifiable",
        (
            "partypoker's ranking of sixplus_holdem is not known for certain (rules.games.UNSETTLED_RANKINGS), and the "
            "rankings it may use pay this hand differently: sixplus_holdem pays seat 2 USD 32.00; "
            "sixplus_holdem_straight_over_trips pays seat 5 USD 32.00; the history pays seat 5 USD 32.00"
        ),
    )


def test_rankings_that_agree_give_the_usual_verdict(audited: tuple[pl.DataFrame, pl.DataFrame]) -> None:
    assert _verdict(audited, "partypoker:1790000000001sdwrittena") == ("sixplus_holdem", "clean", None)


def test_a_payout_error_under_every_ranking_is_kept(audited: tuple[pl.DataFrame, pl.DataFrame]) -> None:
    key = "partypoker:1790000000003sdwrittena"
    assert _verdict(audited, key) == ("sixplus_holdem", "findings", None)
    rows = (
        audited[1]
        .filter(pl.col("hand_key") == key)
        .sort("seat")
        .select("game", "kind", "seat", "recorded", "expected")
        .rows()
    )
    assert rows == [("sixplus_holdem", "wrong_winner", 2, 0, 3050), ("sixplus_holdem", "wrong_winner", 4, 3050, 0)]


def test_bulk_and_one_by_one_agree(lake: Path) -> None:
    bulk, one_by_one = audit_lake(lake), audit_lake(lake, bulk_showdowns=False)
    assert_frame_equal(bulk.verdicts, one_by_one.verdicts)
    assert_frame_equal(bulk.findings, one_by_one.findings)


def test_explain_says_both_rankings_were_tried_and_why(lake: Path) -> None:
    e = explain_hand(lake, "partypoker:1790000000002sdwrittena")
    assert (e["verdict"], e["reason"], e["findings"], e["pots"]) == ("unverifiable", DISAGREE_REASON, [], [])
    assert e["rankings"] == [
        {"game": "sixplus_holdem", "verdict": "clean", "pays": {"2": 3050}, "findings": 0},
        {"game": "sixplus_holdem_straight_over_trips", "verdict": "findings", "pays": {"4": 3050}, "findings": 2},
    ]
    text = render_text(e)
    assert (
        "rankings tried: 2, as the platform's ranking of the game is not known for certain; they disagree, so "
        "the hand cannot be checked\n"
        "  as sixplus_holdem: clean, 0 finding(s); pays seat 2 Alder 30.50\n"
        "  as sixplus_holdem_straight_over_trips: findings, 2 finding(s); pays seat 4 Birch 30.50\n"
    ) in text


def test_explain_of_rankings_that_agree(lake: Path) -> None:
    e = explain_hand(lake, "partypoker:1790000000001sdwrittena")
    assert (e["verdict"], e["reason"], e["expected"]["2"]) == ("clean", None, 3050)
    assert [(t["game"], t["verdict"], t["pays"]) for t in e["rankings"]] == [
        ("sixplus_holdem", "clean", {"2": 3050}),
        ("sixplus_holdem_straight_over_trips", "clean", {"2": 3050}),
    ]
    assert "they conclude alike" in render_text(e)


def test_a_game_whose_ranking_is_known_tries_one(lake: Path, tmp_path: Path) -> None:
    e = explain_hand(lake, "partypoker:1790000000001sdwrittena")
    assert e["game"] == "sixplus_holdem"
    history = tmp_path / "holdem.txt"
    history.write_text(AGREED.replace("Short Deck Game Table", "Texas Holdem Game Table"), encoding="utf-8")
    ingest([history], tmp_path / "lake")
    held = explain_hand(tmp_path / "lake", "partypoker:1790000000001sdwrittena")
    assert (held["game"], held["verdict"], held["rankings"]) == ("holdem", "clean", [])
