"""Every corpus hand PHH can express, exported, loaded by pokerkit 0.7.7's ``HandHistory``
and played to the end: pokerkit's final stacks against ours (starting stack, less what the
seat put in, plus what our settlement pays it under the hand's policy).

Where they differ the difference must be one that ``tests/pokerkit_replay.py`` declares,
checked exactly; a hand pokerkit will not play must be one listed below, for the reason
given. The test prints how many hands of each variant were replayed and compared, and
each declared difference with its count.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from audit.hand_rows import read_hand_rows
from audit.policies import PolicyResolver
from audit.showdown_from_rows import build_showdown
from audit.lake import read_table
from audit.lake_records import read_hands
from reports.phh import PhhRefusal, dumps, hand_to_phh
from rules.settle import SettlementInputError, settle
from tests.pokerkit_replay import PokerkitRefused, SettledRake, declared_difference, replay

#: hand -> (the action pokerkit refuses, the start of its message): hands whose PHH is
#: what the history says but that pokerkit 0.7.7 will not play
POKERKIT_REFUSES: dict[str, tuple[str, str]] = {
    # fixed limit, a short all-in raise: PokerStars lets a later player raise again (an
    # all-in of half a bet or more reopens the betting, the usual limit rule); pokerkit
    # never lets a short all-in be raised
    "pokerstars:52476877655": ("p6 cbr 180", "Short all-in cannot be raised"),
    "pokerstars:52478520236": ("p5 cbr 300", "Short all-in cannot be raised"),
    # fixed limit, a short all-in bet: the next player completes it to a full bet, as the
    # limit rules allow; pokerkit wants the all-in amount plus a full bet
    "pokerstars:52478783130": ("p4 cbr 300", "The amount 300 is below the minimum allowed 350"),
    "pokerstars:52479754591": ("p1 cbr 600", "The amount 600 is below the minimum allowed 850"),
    # iPoker's <action type="23" sum="$0.08"> is a raise *to* $0.08 (the XML's bet="$0.26"
    # for the seat says so) but the iPoker parser adds $0.08 to the small blind: the PHH
    # raises to $0.09, above the pot limit. A parser question, reported, not fixed here.
    "ipoker:2874271447": ("p1 cbr 9", "The amount 9 is above the maximum allowed 8"),
}


@pytest.fixture(scope="module")
def corpus_lake(corpus_ingest) -> Path:
    return corpus_ingest[1]  # the session's one corpus lake (tests/conftest.py)


@pytest.fixture(scope="module")
def outcome(corpus_lake: Path) -> dict:
    rows = read_hand_rows(corpus_lake, read_table(corpus_lake, "hands", ["hand_key"])["hand_key"].to_list())
    resolve = PolicyResolver()
    result = {"refused": {}, "replayed": Counter(), "compared": Counter(), "differences": Counter(),
              "pokerkit_refused": {}, "unsettled": {}, "per_hand": {}}
    for stored in read_hands(corpus_lake):
        key = stored.hand_key
        try:
            fields = hand_to_phh(stored.hand, source_file=stored.source_file, source_offset=stored.source_offset)
        except PhhRefusal as exc:
            result["refused"][key] = exc.reason
            continue
        text = dumps(fields)
        assert tomllib.loads(text)["actions"] == fields["actions"]
        hand_rows = rows[key]
        showdown = build_showdown(hand_rows.hand, hand_rows.seats, hand_rows.payouts,
                                  resolve(hand_rows.hand.platform))
        live = [s for s in showdown.seats if not s.folded]
        if len(live) == 1:  # no showdown: the cards do not matter (and may be partly known)
            showdown = replace(showdown, boards=((),), seats=tuple(replace(s, cards=(), mucked=False)
                                                                for s in showdown.seats))
        try:
            ours = settle(showdown)
        except SettlementInputError as exc:
            ours, result["unsettled"][key] = None, str(exc)
        variant = fields["variant"]
        try:
            theirs = replay(text, fields["seats"], SettledRake(ours) if ours else None)
        except PokerkitRefused as exc:
            result["pokerkit_refused"][key] = (exc.action, exc.message)
            continue
        result["replayed"][variant] += 1
        if ours is None:
            continue
        assert theirs.raked == ours.rake, f"{key}: pokerkit raked {theirs.raked}, we charged {ours.rake}"
        start = {s.seat: s.stack for s in stored.hand.seats}
        base = {s.seat: start[s.seat] - s.contributed for s in showdown.seats if s.seat in theirs.stacks}
        base.update({seat: start[seat] for seat in theirs.stacks if seat not in base})
        difference = declared_difference(showdown, ours, theirs.stacks, base, list(fields["seats"]))
        result["compared"][variant] += 1
        if difference:
            result["differences"][difference] += 1
            result["per_hand"][key] = difference
    print("\nPHH export of the corpus, replayed in pokerkit 0.7.7")
    print(f"  refused by the export: {dict(Counter(result['refused'].values()))}")
    print(f"  replayed, by variant: {dict(result['replayed'])}")
    print(f"  compared with our settlement, by variant: {dict(result['compared'])}")
    for name, count in sorted(result["differences"].items()):
        print(f"  declared difference {name}: {count}")
    for key, reason in sorted(result["unsettled"].items()):
        print(f"  replayed, not compared (our settlement cannot check it): {key}: {reason}")
    return result


def test_pokerkit_refuses_only_the_listed_hands_for_the_listed_reasons(outcome) -> None:
    refused = {k: (a, m.split(".")[0]) for k, (a, m) in outcome["pokerkit_refused"].items()}
    assert refused == {k: (a, m.split(".")[0]) for k, (a, m) in POKERKIT_REFUSES.items()}


def test_most_corpus_hands_of_the_games_pokerkit_plays_are_compared(outcome) -> None:
    compared = sum(outcome["compared"].values())
    playable = compared + sum(1 for r in outcome["refused"].values() if r != "game") + len(
        outcome["pokerkit_refused"]) + len(outcome["unsettled"])
    assert compared * 4 > playable * 3, (compared, playable)  # three in four at least
    assert set(outcome["compared"]) == {"FB", "NT", "PO", "F7S", "F7S/8", "FO/8", "FR", "F2L3D"}


def test_every_difference_is_declared_and_exactly_that(outcome) -> None:
    # declared_difference raises on any other; these are the hands that show one
    assert outcome["per_hand"] == EXPECTED_DIFFERENCES


EXPECTED_DIFFERENCES: dict[str, str] = {
    # main and side pot both tied between seats 4 and 8 once seat 3's hand lost: split
    # one by one (the rules) seat 8, first left of the button, gets the odd chip of each;
    # pokerkit kills seat 3's hand, merges the two pots and splits 964 evenly
    "ipoker:2874218654": "merged pots",
    # four-way tie, two odd cents: PokerStars (and the policy) one each in order, pokerkit
    # both to the first winner
    "pokerstars:14402833808": "odd chip: multi_remainder=one_each_in_order",
}
